//! A turn's actions (000 lines 128-135, 149-210): the four worker actions with their limits,
//! the free conversions and Leader abilities, and card effects entered as what they did. Each
//! room judges its own actions; this one holds what they all start from.

mod effects;
mod expand;
mod gather;
mod produce;
mod start;

pub use effects::{convert, effect, effect_each, remove_card, solo_ask, solo_reveal, use_ability};
pub use expand::{expand, play_free};
pub use gather::{draw, gather};
pub use produce::{activate, finish_produce, needs, produce};
