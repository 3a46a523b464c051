//! Deciding: which phase an action belongs to (the refusal when it does not), and the legal
//! actions offered now.

use super::actions::{plot_name, MiddleAction, MiddleEvent, Pos, Printing, Symbols, TileType};
use super::apply::apply;
use super::state::{MiddleState, Phase};
use super::{choices, round, setup, turn};
use engine::{err, who as player, Allowed, GameRng, RuleError};

/// What the table must do before anything else, as the reason an action out of turn is refused.
pub(super) fn waiting_for(s: &MiddleState) -> String {
    match &s.phase {
        Phase::LayRows => "lay the four rows of plots first".into(),
        Phase::ChooseFirst => "choose who places a Lord first".into(),
        Phase::Placing { .. } => format!(
            "{} places a Lord on the top row first",
            s.actor().map_or("the next player".into(), player)
        ),
        Phase::Turns => format!(
            "it is {}'s turn to move their Lord",
            s.actor().map_or("the next player".into(), player)
        ),
        Phase::EventDue => format!("round {} has ended: enter its event first", s.round),
        Phase::RefillDue => format!(
            "round {} has ended: refill row {} first",
            s.round,
            u32::from(s.current_row()) + 1
        ),
        Phase::Over => "the game is over".into(),
    }
}

/// Each player's coin change if this action were taken now (the turn's preview); `None` when it
/// is not a legal take.
pub(super) fn coin_changes(s: &MiddleState, action: &MiddleAction) -> Option<Vec<i32>> {
    let MiddleAction::Take {
        to,
        symbols,
        choice,
        ..
    } = action
    else {
        return None;
    };
    let events = turn::take(s, *to, *symbols, *choice, false).ok()?;
    let mut after = s.clone();
    for e in &events {
        apply(&mut after, e);
    }
    Some(
        s.fiefs
            .iter()
            .zip(&after.fiefs)
            .map(|(a, b)| b.coins - a.coins)
            .collect(),
    )
}

pub fn handle(
    s: &MiddleState,
    action: &MiddleAction,
    rng: &mut GameRng,
) -> Result<Vec<MiddleEvent>, RuleError> {
    if s.phase == Phase::Over {
        return Err(err(
            "middle.game-over",
            "the game is over: undo to correct it",
        ));
    }
    match (action, &s.phase) {
        (MiddleAction::LayRows { rows }, Phase::LayRows) => {
            setup::lay_rows(s, rows.as_deref(), rng)
        }
        (MiddleAction::ChooseFirst { seat }, Phase::ChooseFirst) => {
            setup::choose_first(s, *seat, rng)
        }
        (MiddleAction::PlaceLord { at }, Phase::Placing { .. }) => setup::place_lord(s, *at),
        (
            MiddleAction::Take {
                to,
                symbols,
                choice,
                teach,
            },
            Phase::Turns,
        ) => turn::take(s, *to, *symbols, *choice, *teach),
        (MiddleAction::ResolveEvent { name, coins }, Phase::EventDue) => {
            round::resolve_event(s, name, coins)
        }
        (MiddleAction::Refill { tiles }, Phase::RefillDue) => {
            round::refill(s, tiles.as_deref(), rng)
        }
        _ => Err(err("middle.phase", waiting_for(s))),
    }
}

/// Whose decision `action` is now: placing a Lord is the next placer's and a take (with its
/// Effect's choice and the Scout) is the mover's; laying the rows, choosing the first placer,
/// the round's event and the refills drawn from the bag are the table's, as is any action out
/// of its phase (it is refused whoever sends it).
pub(super) fn decider(s: &MiddleState, action: &MiddleAction) -> Option<u8> {
    match (action, &s.phase) {
        (MiddleAction::PlaceLord { .. }, Phase::Placing { .. })
        | (MiddleAction::Take { .. }, Phase::Turns) => s.actor(),
        _ => None,
    }
}

/// The legal actions now, concrete enough to send back: every open destination with every
/// choice its Effect allows (with what every tile of the type prints when the table taught it,
/// else no symbols: the table enters printed symbols itself).
pub fn allowed(s: &MiddleState) -> Vec<Allowed<MiddleAction>> {
    let one = |label: String, group: &str, action| Allowed {
        label,
        group: group.into(),
        action,
    };
    match &s.phase {
        Phase::LayRows => vec![one(
            "Draw the four rows".into(),
            "setup",
            MiddleAction::LayRows { rows: None },
        )],
        Phase::ChooseFirst => std::iter::once(one(
            "Draw who places a Lord first".into(),
            "setup",
            MiddleAction::ChooseFirst { seat: None },
        ))
        .chain((0..s.seats).map(|seat| {
            one(
                format!("{} places a Lord first", player(seat)),
                "setup",
                MiddleAction::ChooseFirst { seat: Some(seat) },
            )
        }))
        .collect(),
        Phase::Placing { .. } => (0..s.width())
            .map(|slot| Pos { row: 0, slot })
            .filter(|&at| setup::check_placement(s, at).is_ok())
            .map(|at| {
                one(
                    format!("Place the Lord on {}", plot_name(at)),
                    "lord",
                    MiddleAction::PlaceLord { at },
                )
            })
            .collect(),
        Phase::Turns => turn_actions(s),
        Phase::EventDue => vec![one(
            format!("Event of round {}: no coins change", s.round),
            "event",
            MiddleAction::ResolveEvent {
                name: "Unnamed event".into(),
                coins: vec![0; usize::from(s.seats)],
            },
        )],
        // Once the bag is short at an Orange Deck table only a laid row can follow.
        Phase::RefillDue if !round::can_draw(s) => Vec::new(),
        Phase::RefillDue => vec![one(
            format!("Draw the tiles of row {}", u32::from(s.current_row()) + 1),
            "refill",
            MiddleAction::Refill { tiles: None },
        )],
        Phase::Over => Vec::new(),
    }
}

fn turn_actions(s: &MiddleState) -> Vec<Allowed<MiddleAction>> {
    let Some(seat) = s.actor() else {
        return Vec::new();
    };
    let destinations: Vec<Option<Pos>> = if turn::moves_this_round(s) {
        (0..s.width())
            .map(|slot| Pos {
                row: s.next_row(),
                slot,
            })
            .filter(|&at| turn::check_destination(s, seat, at).is_ok())
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    let mut out = Vec::new();
    for to in destinations {
        let Some(after) = turn::after_move(s, seat, to) else {
            continue;
        };
        let legal = choices::legal(&after.state, seat, after.kind);
        let options: Vec<_> = if legal.is_empty() {
            vec![None]
        } else {
            legal.into_iter().map(Some).collect()
        };
        for choice in options {
            out.push(Allowed {
                label: turn::label(after.kind, to, choice),
                group: "take".into(),
                action: MiddleAction::Take {
                    to,
                    symbols: s.printing(after.kind).unwrap_or_default(),
                    choice,
                    teach: false,
                },
            });
        }
    }
    out
}

/// A remembered event: key `event:<name>`, value `{"name": <name>}` (what `learned` keeps).
pub(super) fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
    let max = super::data::data().max_event_name;
    if let Some(kind) = key.strip_prefix("tile:") {
        return printing_entry(kind, value).map(|_| ());
    }
    let Some(name) = key.strip_prefix("event:") else {
        return Err(err(
            "middle.catalogue",
            "Middle Ages remembers event names (keys event:<name>) and what every tile of a type prints (tile:<type>)",
        ));
    };
    let named = value.get("name").and_then(|v| v.as_str());
    if name.trim().is_empty() || name.chars().count() > max || named != Some(name) {
        return Err(err(
            "middle.event-name",
            format!("an event is remembered as its name (1 to {max} characters)"),
        ));
    }
    Ok(())
}

/// A remembered printing: key `tile:<type>`, value the symbols every tile of it prints.
fn printing_entry(kind: &str, value: &serde_json::Value) -> Result<Printing, RuleError> {
    let kind = TileType::ALL
        .into_iter()
        .find(|t| t.name() == kind)
        .ok_or_else(|| err("middle.catalogue", format!("{kind} is no plot type")))?;
    let symbols: Symbols = serde_json::from_value(value.clone())
        .map_err(|e| err("middle.catalogue", format!("not a tile's symbols: {e}")))?;
    let max = super::data::data().max_symbols_per_tile;
    if symbols.farmers > max || symbols.chests > max {
        return Err(err(
            "middle.symbols-range",
            format!("a tile shows 0 to {max} Farmers and 0 to {max} Chests"),
        ));
    }
    Ok(Printing { kind, symbols })
}

/// Remembered event names join the new game's options, to be offered again; remembered
/// printings join them too, unless the options already say what that type prints.
pub(super) fn with_catalogue(
    options: &mut super::options::MiddleOptions,
    entries: &[(String, serde_json::Value)],
) {
    for (key, value) in entries {
        if let Some(name) = key.strip_prefix("event:") {
            if !options.known_events.iter().any(|k| k == name) {
                options.known_events.push(name.to_string());
            }
        }
        if let Some(Ok(p)) = key.strip_prefix("tile:").map(|k| printing_entry(k, value)) {
            if !options.known_printings.iter().any(|k| k.kind == p.kind) {
                options.known_printings.push(p);
            }
        }
    }
    options.known_events.sort();
    options.known_printings.sort_by_key(|p| p.kind);
}
