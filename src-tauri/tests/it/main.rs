//! The shell's integration tests, one binary (each once linked the whole shell on its own):
//! `bindings` keeps ui/src/lib/bindings.ts and the capabilities true to the commands,
//! `commands_async` keeps every command off the window's main thread.

mod bindings;
mod commands_async;
