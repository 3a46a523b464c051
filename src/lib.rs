//! Estate Steward's layers under one name, for the `steward` CLI, the integration tests, the
//! benches and the fuzz targets: each is a crate of its own (ARCHITECTURE.md), whose dependency
//! arrows `cargo` holds. `engine` knows no game, no SQL and no IPC; `games` know only the
//! engine; `store` knows SQL and JSON but no game; `service` ties them together behind plain
//! functions; `host` serves the service to the phones at the table.

pub use engine;
pub use games;
pub use host;
pub use service;
pub use store;
