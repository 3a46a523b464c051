//! Estate Steward's core: a game-agnostic rules engine, the games it hosts, the durable SQLite
//! store, and the service API that both the `steward` CLI and the Tauri app call.
//!
//! Layers (see ARCHITECTURE.md): `engine` knows no SQL or IPC; `games` know only the engine;
//! `store` knows SQL and JSON but no rules; `service` ties them together behind plain functions.

pub mod engine;
pub mod games;
pub mod host;
pub mod service;
pub mod store;
