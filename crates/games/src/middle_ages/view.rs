//! What the table screen shows: the board with Lords and Scouts and, for every plot, whether the
//! player to act may go there (and why not); each player's Fief; whose turn it is with the
//! choices the Effect needs and what the take would pay; the round and event track.

use super::actions::{Choice, Pos, Printing, RunOut, Symbols, Tile, TileType};
use super::data::data;
use super::decide::{allowed, coin_changes, waiting_for};
use super::scoring::{counts, penalty, penalty_in_total, ranks, standing_key};
use super::state::{EventRecord, MiddleState, Phase, Tokens};
use super::{choices, setup, turn};
use engine::{err, RuleError};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePlotView")]
pub struct PlotView {
    pub tile: Option<TileType>,
    pub lord: Option<u8>,
    pub scout: Option<u8>,
    /// Why the player to act may not put their Lord here now; `None`: they may.
    pub why_not: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleEstateView")]
pub struct EstateView {
    pub kind: TileType,
    pub tiles: u32,
    pub extra_coin: bool,
    /// The type the Plot token adds, if one lies here.
    pub plot: Option<TileType>,
    /// The types its Income counts (printed and Plot token).
    pub rewards: Vec<TileType>,
    /// Coins per counted tile.
    pub rate: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePlayerView")]
pub struct PlayerView {
    pub seat: u8,
    pub coins: i32,
    pub estates: Vec<EstateView>,
    pub cemetery: Vec<Tile>,
    pub lord: Option<Pos>,
    pub scout: Option<Pos>,
    pub farmers: u32,
    pub chests: u32,
    pub empty_estates: u32,
    /// Coins lost at the end for empty Estates, as things stand (positive).
    pub penalty: i32,
    /// The total as it stands: coins minus the penalty from the last round on, the coins
    /// before (see `MiddleView::penalty_in_total`).
    pub total: i32,
    /// The place as things stand, with the tie-breakers.
    pub rank: u8,
}

/// The player whose turn it is, what they take and what its Effect asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleTurnView")]
pub struct TurnView {
    pub seat: u8,
    pub from: Pos,
    pub kind: TileType,
    /// False in round 16: the Lords stay and the plot under them is taken.
    pub moves: bool,
    /// Every choice the Effect allows (the same for every open plot).
    pub choices: Vec<Choice>,
    /// How each choice reads, in the order of `choices`.
    pub choice_labels: Vec<String>,
    /// What the Effect and Income do, in words.
    pub effect: String,
    /// What every tile of this type prints, when the table taught it (reading A21): the take
    /// carries it unless the table says otherwise.
    pub printed: Option<Symbols>,
    /// Each player's coin change with the first choice and the printed symbols (none when untaught).
    pub preview: Vec<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleView")]
pub struct MiddleView {
    pub phase: Phase,
    pub round: u8,
    pub rounds: u8,
    pub event_rounds: Vec<u8>,
    pub refill_through_round: u8,
    /// The row the Lords stand in, and the row they move to (none in round 16 or setup).
    pub current_row: Option<u8>,
    pub next_row: Option<u8>,
    /// Who acts now (placing a Lord or taking a turn).
    pub actor: Option<u8>,
    pub order: Vec<u8>,
    pub turns_done: u8,
    pub rows: Vec<Vec<PlotView>>,
    pub players: Vec<PlayerView>,
    pub turn: Option<TurnView>,
    /// The empty-Estate penalty is in the totals and places: from the last round on. Before,
    /// the Fiefs show it apart from the coins (the places go by coins).
    pub penalty_in_total: bool,
    /// What this table does when the draw tiles run out (003 line 19).
    pub run_out: RunOut,
    /// What every tile of a type prints, where the table taught it (reading A21).
    pub printings: Vec<Printing>,
    /// Tiles added from the Orange Deck so far.
    pub orange: u32,
    pub events: Vec<EventRecord>,
    pub known_events: Vec<String>,
    pub bag: u32,
    pub discard: u32,
    pub tokens_left: Tokens,
    pub max_symbols: u8,
}

/// Why the player to act may not put their Lord on `at` (the same check the action runs).
fn plot_refusal(s: &MiddleState, at: Pos) -> Option<RuleError> {
    match (&s.phase, s.actor()) {
        (Phase::Placing { .. }, Some(_)) => setup::check_placement(s, at).err(),
        (Phase::Turns, Some(seat)) if turn::moves_this_round(s) => {
            turn::check_destination(s, seat, at).err()
        }
        (Phase::Turns, Some(_)) => Some(err(
            "middle.no-next-row",
            "in round 16 the Lords stay: take the plot your Lord stands on",
        )),
        _ => Some(err("middle.phase", waiting_for(s))),
    }
}

fn player_view(s: &MiddleState, seat: u8, rank: u8) -> PlayerView {
    let f = &s.fiefs[usize::from(seat)];
    let c = counts(s, seat);
    let estates = TileType::ALL
        .iter()
        .map(|&kind| EstateView {
            kind,
            tiles: f.count(kind),
            extra_coin: f.has_extra_coin(kind),
            plot: f.plot.get(kind.index()).copied().flatten(),
            rewards: f.rewards(kind),
            rate: data().estate(kind).income.rate,
        })
        .collect();
    PlayerView {
        seat,
        coins: f.coins,
        estates,
        cemetery: f.cemetery.clone(),
        lord: f.lord,
        scout: f.scout,
        farmers: f.tiles().map(|t| u32::from(t.farmers)).sum(),
        chests: f.tiles().map(|t| u32::from(t.chests)).sum(),
        empty_estates: f.empty_estates(),
        penalty: penalty(&c),
        total: if penalty_in_total(s) {
            f.coins - penalty(&c)
        } else {
            f.coins
        },
        rank,
    }
}

/// The Effect and Income of an Estate in words.
pub fn effect_text(kind: TileType) -> String {
    let d = data().estate(kind);
    let counted: Vec<&str> = d.income.counts.iter().map(|t| t.name()).collect();
    let effect = match kind {
        TileType::Field => "1 coin for each Farmer",
        TileType::Mill => "each player with fewer Mills pays you 2 coins",
        TileType::Village => "bring back a tile from your Cemetery (it does not trigger)",
        TileType::Rampart => "place your Scout to reserve a plot in another row",
        TileType::Market => "1 coin for each Chest",
        TileType::Barracks => {
            "each player with fewer Ramparts than your Barracks loses their leftmost, topmost tile and pays you 2 coins"
        }
        TileType::Church => "an Extra Coin token on an Estate: +1 each time it triggers later",
        TileType::Palace => "a Plot token: an Estate's income also counts one more plot type",
    };
    format!(
        "{effect}; then {} coins for each {}",
        d.income.rate,
        counted.join(" and each ")
    )
}

fn turn_view(s: &MiddleState) -> Option<TurnView> {
    if s.phase != Phase::Turns {
        return None;
    }
    let seat = s.actor()?;
    let from = s.fief(seat)?.lord?;
    let kind = s.tile_at(from)?;
    let offered = allowed(s);
    let to = offered.iter().find_map(|a| match a.action {
        super::actions::MiddleAction::Take { to, .. } => Some(to),
        _ => None,
    })?;
    let after = turn::after_move(s, seat, to)?;
    let legal = choices::legal(&after.state, seat, kind);
    let preview = offered
        .first()
        .and_then(|a| coin_changes(s, &a.action))
        .unwrap_or_else(|| vec![0; usize::from(s.seats)]);
    Some(TurnView {
        seat,
        from,
        kind,
        moves: turn::moves_this_round(s),
        choice_labels: legal.iter().map(|&c| choices::describe(c)).collect(),
        choices: legal,
        effect: effect_text(kind),
        printed: s.printing(kind),
        preview,
    })
}

pub fn view(s: &MiddleState) -> MiddleView {
    let d = data();
    let keys: Vec<_> = (0..s.seats).map(|seat| standing_key(s, seat)).collect();
    let places = ranks(&keys);
    let rows = (0..s.row_count())
        .map(|row| {
            (0..s.width())
                .map(|slot| {
                    let at = Pos { row, slot };
                    PlotView {
                        tile: s.tile_at(at),
                        lord: s.lord_at(at),
                        scout: s.scout_at(at),
                        why_not: plot_refusal(s, at).map(|e| e.message),
                    }
                })
                .collect()
        })
        .collect();
    let playing = s.round > 0;
    MiddleView {
        phase: s.phase.clone(),
        round: s.round,
        rounds: d.rounds,
        event_rounds: d.event_rounds.clone(),
        refill_through_round: d.refill_through_round,
        current_row: playing.then(|| s.current_row()),
        next_row: (playing && turn::moves_this_round(s)).then(|| s.next_row()),
        actor: s.actor(),
        order: s.order.clone(),
        turns_done: s.turn,
        rows,
        players: (0..s.seats)
            .map(|seat| player_view(s, seat, places[usize::from(seat)]))
            .collect(),
        turn: turn_view(s),
        penalty_in_total: penalty_in_total(s),
        run_out: s.run_out,
        printings: s.printings.clone(),
        orange: s.orange.len() as u32,
        events: s.events.clone(),
        known_events: s.known_events.clone(),
        bag: s.bag_counts().iter().sum(),
        discard: s.discard.len() as u32,
        tokens_left: s.tokens_left,
        max_symbols: d.max_symbols_per_tile,
    }
}
