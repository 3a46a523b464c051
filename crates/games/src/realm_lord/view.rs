//! What the table screen shows: the six Realms with every figure visiting them and their Quest,
//! each player's Lord, hand count and Hope Stones, the actions left, the numbers forms need, and
//! the cards the table can pick by name.

use super::actions::LordAction;
use super::data::data;
use super::decide::handle;
use super::model::{ActiveQuest, Attributes, CardBonus, LordState, Phase, Piece, Treasure};
use super::quest::check_bonuses;
use engine::why_not;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordFigureView")]
pub struct FigureView {
    pub piece: Piece,
    pub seat: u8,
    pub name: String,
    pub lord: bool,
    pub exhausted: bool,
    pub treasure: Option<Treasure>,
    pub attributes: Attributes,
    pub at_homeland: bool,
    /// What tapping the figure offers, each with the core's refusal (`None`: it may).
    pub why_not: FigureWhyNot,
    /// What tagged cards would add to its check of its Realm's Quest (reading B7).
    pub check_bonuses: Vec<CardBonus>,
}

/// Why a figure may not go on its Realm's Quest, use its Treasure, or travel to each Realm now:
/// the refusals `handle` gives those actions (`None`: allowed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordFigureWhyNot")]
pub struct FigureWhyNot {
    pub quest: Option<String>,
    pub treasure: Option<String>,
    /// By Realm index (its own Realm included: the refusal says it is already there).
    pub travel: Vec<Option<String>>,
}

/// Each of the figure's actions asked of `handle` (a Quest with the app's roll, a Treasure used
/// with no change entered).
fn figure_why_not(s: &LordState, hero: Piece) -> FigureWhyNot {
    let ask = |a: LordAction| why_not(|rng| handle(s, &a, rng)).map(|e| e.message);
    FigureWhyNot {
        quest: ask(LordAction::Quest {
            hero,
            die: None,
            modifier: 0,
        }),
        treasure: ask(LordAction::UseTreasure {
            hero,
            effects: Vec::new(),
        }),
        travel: (0..s.realms.len() as u8)
            .map(|to| ask(LordAction::Travel { hero, to }))
            .collect(),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordRealmView")]
pub struct RealmView {
    pub index: u8,
    pub name: String,
    pub quest: Option<ActiveQuest>,
    /// Seat by seat, the Lord first.
    pub figures: Vec<FigureView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPlayerView")]
pub struct PlayerView {
    pub seat: u8,
    pub lord: Option<String>,
    pub homeland: Option<String>,
    pub hand: u8,
    pub hope: u32,
    /// Hope Stones still to gain to reach the target.
    pub to_target: Option<u32>,
    /// Heroes counted against the limit.
    pub heroes: u8,
    pub skip_next: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCardKind")]
pub enum CardKind {
    Lord,
    Hero,
    Quest,
    Treasure,
    Event,
}

/// A card the table can pick by name: described (its numbers known) or a rulebook example whose
/// numbers are still to be asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCardEntry")]
pub struct CardEntry {
    pub kind: CardKind,
    pub name: String,
    pub text: String,
    pub described: bool,
    pub homeland: Option<String>,
    pub location: Option<String>,
}

/// The rule numbers and entry bounds forms need (from data/realm_lord.json).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordRules")]
pub struct RulesView {
    pub hand_limit: u8,
    pub hero_limit: u8,
    pub draw_per_turn: u8,
    pub starting_hand: u8,
    pub actions_per_turn: u8,
    pub die_sides: u8,
    pub attribute: [u8; 2],
    pub difficulty: [u8; 2],
    pub quest_hope: [u8; 2],
    pub modifier: [i32; 2],
    pub target: [u32; 2],
    pub hope_change: [i32; 2],
    pub hand_change: [i32; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordView")]
pub struct LordView {
    pub state: LordState,
    pub realms: Vec<RealmView>,
    pub players: Vec<PlayerView>,
    pub actions_left: u8,
    pub rules: RulesView,
    pub cards: Vec<CardEntry>,
}

fn rules() -> RulesView {
    let d = data();
    let b = d.bounds.value;
    RulesView {
        hand_limit: d.hand_limit.value,
        hero_limit: d.hero_limit.value,
        draw_per_turn: d.draw_per_turn.value,
        starting_hand: d.starting_hand.value,
        actions_per_turn: d.actions_per_turn.value,
        die_sides: d.die.value.sides,
        attribute: b.attribute,
        difficulty: b.difficulty,
        quest_hope: b.quest_hope,
        modifier: b.modifier,
        target: b.target,
        hope_change: b.hope_change,
        hand_change: b.hand_change,
    }
}

fn entry(kind: CardKind, name: &str, text: &str, described: bool) -> CardEntry {
    CardEntry {
        kind,
        name: name.to_string(),
        text: text.to_string(),
        described,
        homeland: None,
        location: None,
    }
}

/// The catalogue's cards, then the rulebook's examples not described yet.
fn cards(s: &LordState) -> Vec<CardEntry> {
    let c = &s.catalogue;
    let mut out: Vec<CardEntry> = Vec::new();
    for (n, f) in &c.lords {
        out.push(CardEntry {
            homeland: Some(f.homeland.clone()),
            ..entry(CardKind::Lord, n, &f.text, true)
        });
    }
    out.extend(
        c.heroes
            .iter()
            .map(|(n, f)| entry(CardKind::Hero, n, &f.text, true)),
    );
    for (n, f) in &c.quests {
        out.push(CardEntry {
            location: Some(f.location.clone()),
            ..entry(CardKind::Quest, n, &f.text, true)
        });
    }
    out.extend(
        c.treasures
            .iter()
            .map(|(n, f)| entry(CardKind::Treasure, n, &f.text, true)),
    );
    out.extend(
        c.events
            .iter()
            .map(|(n, f)| entry(CardKind::Event, n, &f.text, true)),
    );
    let ex = &data().example_cards.value;
    for (kind, list) in [
        (CardKind::Lord, &ex.lords),
        (CardKind::Hero, &ex.heroes),
        (CardKind::Quest, &ex.quests),
    ] {
        for card in list {
            if !out.iter().any(|e| e.kind == kind && e.name == card.name) {
                out.push(CardEntry {
                    homeland: card.homeland.clone(),
                    location: card.location.clone(),
                    ..entry(kind, &card.name, &card.text, false)
                });
            }
        }
    }
    out
}

pub fn view(s: &LordState) -> LordView {
    let realms = s
        .realms
        .iter()
        .enumerate()
        .map(|(i, r)| RealmView {
            index: i as u8,
            name: r.name.clone(),
            quest: r.quest.clone(),
            figures: s
                .figures()
                .filter(|(_, f)| usize::from(f.realm) == i)
                .map(|(seat, f)| FigureView {
                    piece: f.piece,
                    seat,
                    name: f.name.clone(),
                    lord: matches!(f.piece, Piece::Lord { .. }),
                    exhausted: f.exhausted,
                    treasure: f.treasure.clone(),
                    attributes: f.attributes,
                    at_homeland: s.seats[usize::from(seat)].homeland == f.realm,
                    why_not: figure_why_not(s, f.piece),
                    check_bonuses: r
                        .quest
                        .as_ref()
                        .map(|q| check_bonuses(s, f.piece, q.kind))
                        .unwrap_or_default(),
                })
                .collect(),
        })
        .collect();
    let players = s
        .seats
        .iter()
        .enumerate()
        .map(|(i, st)| PlayerView {
            seat: i as u8,
            lord: st.lord.as_ref().map(|l| l.name.clone()),
            homeland: st.lord.as_ref().map(|_| s.realm_name(st.homeland)),
            hand: st.hand,
            hope: st.hope,
            to_target: s.target.map(|t| t.saturating_sub(st.hope)),
            heroes: s.heroes_counted(i as u8) as u8,
            skip_next: st.skip_next,
        })
        .collect();
    LordView {
        state: s.clone(),
        realms,
        players,
        actions_left: if s.phase == Phase::Actions {
            s.actions_allowed.saturating_sub(s.actions_used)
        } else {
            0
        },
        rules: rules(),
        cards: cards(s),
    }
}
