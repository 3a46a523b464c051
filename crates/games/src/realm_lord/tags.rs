//! The tags a table puts on a remembered card's ability (reading B19): when it acts (`When`),
//! what it does (`Does`), and which cards may carry which moment (`check`). What happens when
//! a moment comes is `abilities`.

use super::data::data;
use super::pieces::nonzero_within;
use engine::{err, RuleError};
use serde::{Deserialize, Serialize};

/// When a tagged ability acts. "That player" below is the one the moment names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordWhen")]
pub enum When {
    /// Another player's hero fails a quest; that player is the one whose hero failed (Thraken
    /// The Deceiver, 004 line 52). A Lord's or Hero's.
    OtherPlayersHeroFails,
    /// This card is banished; that player is its owner, "this Realm" where it was (Dirk, line
    /// 65). A Lord's or Hero's.
    ThisCardBanished,
    /// A hero goes on this Quest; that player is the hero's owner (Riddle Of Song, line 77).
    HeroGoesOnThisQuest,
    /// A player's turn starts while they have a hero in the Realm named; that player is whose
    /// turn it is (Pitfalls Of Blackboil, line 86). Any card in play.
    TurnStartsWithHeroIn { realm: String },
    /// "Use:" — its Treasure is used; that player is the bearer's owner (Tome Of Knowledge, line
    /// 95).
    OnUse,
}

/// What a tagged ability does: an effect the app tracks, or the table's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordDoes")]
pub enum Does {
    /// That player gains (+) or loses (−) Hope Stones.
    Hope { delta: i32 },
    /// That player draws (+) or discards (−) cards.
    Hand { delta: i32 },
    /// That player loses their next turn.
    SkipNextTurn,
    /// Every other player's heroes (Lords included) in the card's Realm are banished.
    BanishOthersHere,
    /// Something the app does not track: it shows the text, the table does it.
    Table,
}

/// A card's ability as the table tagged it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordAbility")]
pub struct Ability {
    pub when: When,
    pub does: Does,
}

/// The kinds of card an ability may be tagged on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagOn {
    Lord,
    Hero,
    Quest,
    Treasure,
    Event,
}

fn bad_tag(m: impl Into<String>) -> RuleError {
    err("realm-lord.ability-tag", m)
}

/// Whether `a` may be tagged on a card of kind `on`, with amounts in the bounds of a change.
pub fn check(a: &Option<Ability>, on: TagOn) -> Result<(), RuleError> {
    let Some(a) = a else { return Ok(()) };
    let fits = match a.when {
        When::OtherPlayersHeroFails | When::ThisCardBanished => {
            matches!(on, TagOn::Lord | TagOn::Hero)
        }
        When::HeroGoesOnThisQuest => on == TagOn::Quest,
        When::OnUse => on == TagOn::Treasure,
        When::TurnStartsWithHeroIn { .. } => on != TagOn::Event,
    };
    if !fits {
        return Err(bad_tag(match on {
            TagOn::Event => "an Event acts once, when it is played: enter what it did".to_string(),
            _ => format!("{} cannot act then", kind_name(on)),
        }));
    }
    if let When::TurnStartsWithHeroIn { realm } = &a.when {
        let n = realm.trim().chars().count();
        if n == 0 || n > 40 {
            return Err(bad_tag("name the Realm the hero must be in"));
        }
    }
    let b = data().bounds.value;
    match a.does {
        Does::Hope { delta } => nonzero_within(
            "realm-lord.ability-tag",
            delta,
            b.hope_change,
            "Hope Stones",
        ),
        Does::Hand { delta } => {
            nonzero_within("realm-lord.ability-tag", delta, b.hand_change, "hands")
        }
        _ => Ok(()),
    }
}

fn kind_name(on: TagOn) -> &'static str {
    match on {
        TagOn::Lord => "a Lord",
        TagOn::Hero => "a Hero",
        TagOn::Quest => "a Quest",
        TagOn::Treasure => "a Treasure",
        TagOn::Event => "an Event",
    }
}
