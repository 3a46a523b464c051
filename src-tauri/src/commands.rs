//! Tauri commands: thin wrappers that parse, call one core function and return a typed result.
//!
//! Commands live here rather than at the crate root: a `pub` `#[tauri::command]` at the root of
//! the library collides with its generated `__cmd__*` macro (E0255).
//!
//! To add a command: write it here with `#[tauri::command]` + `#[specta::specta]`, list it in
//! `collect_commands!` in [`crate::specta_builder`], allow it in `capabilities/default.json`
//! (`allow-<name-in-kebab-case>`), then regenerate the bindings with
//! `BLESS=1 cargo test -p estate-steward-app --test bindings`.

use serde::Serialize;
use specta::Type;

/// What the shell tells the UI about itself.
#[derive(Debug, Clone, Serialize, Type)]
pub struct AppInfo {
    /// The application's version (from Cargo.toml).
    pub version: String,
}

/// Returns the application's version.
#[tauri::command]
#[specta::specta]
pub fn app_info() -> AppInfo {
    AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
    }
}
