//! Estate: Raise the Realm (rulebook `shared/seeds/000_f36707b509d5142f.txt`) in two modes that
//! share one rule file: the `scorepad` (`raise-the-realm`), where a table that tracked nothing
//! enters each player's eight categories at the end, and the live `tracker`
//! (`raise-the-realm-live`), which follows the whole game.

pub mod data;
pub mod pieces;
pub mod scorepad;
pub mod tracker;
