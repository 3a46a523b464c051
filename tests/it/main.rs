//! The layers' integration tests (through the CLI package, which re-exports the layers), in one
//! binary: each module was once a binary of its own, and each linked the whole core (one link
//! instead of 29 is most of a cold `cargo test`'s time and disk). They drive the real `steward`
//! binary, real SQLite files and the service, as a user would; `common` holds the catalogues and
//! helpers several of them share. The conformance suite stays a binary of its own
//! (`tests/conformance.rs`): it lists one trial per registered game, found at run time, which needs
//! its own harness.
//!
//! Run one module: `cargo test --test it store_processes::` (a filter on the module path).

mod cli;
mod cli_middle_ages;
mod cli_realm_lord;
mod common;
mod consequential;
mod estates_golden;
mod estates_rules;
mod every_tap;
mod files_left_behind;
mod fixture_games;
mod full_disk;
mod fuzz_json;
mod history_backup;
mod history_bgstats;
mod history_manage;
mod history_stats;
mod history_transfer;
mod host;
mod kills;
mod middle_ages_golden;
mod middle_ages_rules;
mod names;
mod nine_estates_rules;
mod realm_lord_abilities;
mod realm_lord_golden;
mod realm_lord_rules;
mod realm_scorepad;
mod realm_tracker_golden;
mod realm_tracker_rules;
mod results_only;
mod rule_books;
mod seat_colours;
mod stats_counting;
mod store;
mod store_processes;
mod tidy;
mod tidy_circles;
mod tidy_layout;
