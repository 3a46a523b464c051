//! The numbers of Middle Ages, read once from `data/middle_ages.json` (each value beside its
//! citation) through the shared loader; both the live game and the scorepad read them here.

use super::actions::{RunOut, TileType};
use crate::cited::{load, parses, Cited};
use engine::{err, RuleError};
use serde::Deserialize;
use std::sync::OnceLock;

/// What an Estate's Effect does (003 lines 25–39); the amounts are data.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind")]
pub enum Effect {
    /// Gain `coins` per symbol on the tiles in the Estates (Field: Farmers, Market: Chests).
    PerSymbol { symbol: Symbol, coins: i32 },
    /// Each other player with fewer of this Estate pays `coins` (Mill).
    Levy { coins: i32 },
    /// Move a Cemetery tile back to its Estate (Village).
    Restore,
    /// Place the Scout (Rampart).
    Scout,
    /// Players with fewer Ramparts than your Barracks lose a tile and pay `coins` (Barracks).
    Raid { coins: i32 },
    /// Place an Extra Coin token (Church).
    ExtraCoin,
    /// Place a Plot token (Palace).
    PlotToken,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Symbol {
    Farmer,
    Chest,
}

/// An Estate's Income: `rate` coins per tile of each type counted.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Income {
    pub rate: i32,
    pub counts: Vec<TileType>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct EstateDef {
    pub id: TileType,
    pub tiles: u8,
    pub effect: Effect,
    pub income: Income,
    #[serde(default)]
    pub cite: String,
}

#[derive(Debug, Deserialize)]
struct Players {
    min: u8,
    max: u8,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct TokenSupply {
    pub extra_coin: u8,
    pub plot: u8,
}

/// The file as written: each number beside its citation.
#[derive(Debug, Deserialize)]
struct Raw {
    players: Players,
    rounds: Cited<u8>,
    rows: Cited<u8>,
    extra_tiles_per_row: Cited<u8>,
    event_rounds: Cited<Vec<u8>>,
    refill_through_round: Cited<u8>,
    starting_coins: Cited<u32>,
    max_starting_coins: Cited<u32>,
    empty_estate_penalty: Cited<i32>,
    extra_coin_bonus: Cited<i32>,
    token_supply: Cited<TokenSupply>,
    max_symbols_per_tile: Cited<u8>,
    max_event_coins: Cited<i32>,
    max_event_name: Cited<usize>,
    tiles_per_player: Cited<u8>,
    tiles_run_out: Cited<RunOut>,
    estates: Cited<Vec<EstateDef>>,
    tie_break_order: Cited<Vec<TileType>>,
}

/// The rule data, typed: the rules read plain numbers.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "Raw")]
pub struct MiddleData {
    pub min_players: u8,
    pub max_players: u8,
    pub rounds: u8,
    pub rows: u8,
    pub extra_tiles_per_row: u8,
    pub event_rounds: Vec<u8>,
    pub refill_through_round: u8,
    pub starting_coins: u32,
    pub max_starting_coins: u32,
    pub empty_estate_penalty: i32,
    pub extra_coin_bonus: i32,
    pub token_supply: TokenSupply,
    pub max_symbols_per_tile: u8,
    pub max_event_coins: i32,
    pub max_event_name: usize,
    pub tiles_per_player: u8,
    /// What a table does when the draw tiles run out unless it says otherwise (line 19).
    pub tiles_run_out: Cited<RunOut>,
    /// In board order, one per `TileType`.
    pub estates: Vec<EstateDef>,
    pub tie_break_order: Vec<TileType>,
}

impl From<Raw> for MiddleData {
    fn from(r: Raw) -> Self {
        MiddleData {
            min_players: r.players.min,
            max_players: r.players.max,
            rounds: r.rounds.value,
            rows: r.rows.value,
            extra_tiles_per_row: r.extra_tiles_per_row.value,
            event_rounds: r.event_rounds.value,
            refill_through_round: r.refill_through_round.value,
            starting_coins: r.starting_coins.value,
            max_starting_coins: r.max_starting_coins.value,
            empty_estate_penalty: r.empty_estate_penalty.value,
            extra_coin_bonus: r.extra_coin_bonus.value,
            token_supply: r.token_supply.value,
            max_symbols_per_tile: r.max_symbols_per_tile.value,
            max_event_coins: r.max_event_coins.value,
            max_event_name: r.max_event_name.value,
            tiles_per_player: r.tiles_per_player.value,
            tiles_run_out: r.tiles_run_out,
            estates: r.estates.value,
            tie_break_order: r.tie_break_order.value,
        }
    }
}

impl MiddleData {
    /// The Estate of this type. The file lists all eight in board order (checked by a test); the
    /// fallback's list stands in should a shipped file ever lack one.
    pub fn estate(&self, t: TileType) -> &EstateDef {
        self.estates
            .iter()
            .find(|e| e.id == t)
            .unwrap_or_else(|| &FALLBACK_ESTATES.get_or_init(fallback_estates)[t.index()])
    }

    /// How many tiles of this type exist (003 lines 25–39).
    pub fn tiles_of(&self, t: TileType) -> u32 {
        u32::from(self.estate(t).tiles)
    }

    pub fn is_event_round(&self, round: u8) -> bool {
        self.event_rounds.contains(&round)
    }
}

static FALLBACK_ESTATES: OnceLock<Vec<EstateDef>> = OnceLock::new();

const JSON: &str = include_str!("../../../../data/middle_ages.json");
/// Every rule id this game refuses with, with its plain sentence and citation (the `rules`
/// section of the same file).
pub fn rule_book() -> &'static engine::RuleBook {
    static BOOK: OnceLock<engine::RuleBook> = OnceLock::new();
    crate::cited::rule_book(&BOOK, JSON)
}

/// The rulebook's own numbers, should the compiled-in file ever fail to parse.
fn fallback_estates() -> Vec<EstateDef> {
    use TileType::*;
    let def = |id, tiles, effect, rate, counts: &[TileType]| EstateDef {
        id,
        tiles,
        effect,
        income: Income {
            rate,
            counts: counts.to_vec(),
        },
        cite: String::new(),
    };
    vec![
        def(
            Field,
            14,
            Effect::PerSymbol {
                symbol: Symbol::Farmer,
                coins: 1,
            },
            2,
            &[Field],
        ),
        def(Mill, 13, Effect::Levy { coins: 2 }, 2, &[Mill]),
        def(Village, 12, Effect::Restore, 2, &[Village, Rampart]),
        def(Rampart, 11, Effect::Scout, 2, &[Field, Rampart]),
        def(
            Market,
            10,
            Effect::PerSymbol {
                symbol: Symbol::Chest,
                coins: 1,
            },
            2,
            &[Mill, Market],
        ),
        def(
            Barracks,
            9,
            Effect::Raid { coins: 2 },
            2,
            &[Village, Barracks],
        ),
        def(Church, 8, Effect::ExtraCoin, 3, &[Church]),
        def(Palace, 7, Effect::PlotToken, 3, &[Palace]),
    ]
}

fn fallback() -> MiddleData {
    use TileType::*;
    MiddleData {
        min_players: 2,
        max_players: 5,
        rounds: 16,
        rows: 4,
        extra_tiles_per_row: 1,
        event_rounds: vec![4, 8, 12, 16],
        refill_through_round: 12,
        starting_coins: 0,
        max_starting_coins: 100,
        empty_estate_penalty: 10,
        extra_coin_bonus: 1,
        token_supply: TokenSupply {
            extra_coin: 8,
            plot: 8,
        },
        max_symbols_per_tile: 5,
        max_event_coins: 100,
        max_event_name: 60,
        tiles_per_player: 16,
        tiles_run_out: Cited {
            value: RunOut::Reshuffle,
            cite: String::new(),
        },
        estates: fallback_estates(),
        tie_break_order: vec![
            Palace, Church, Barracks, Market, Rampart, Village, Mill, Field,
        ],
    }
}

/// The rule data, parsed once.
pub fn data() -> &'static MiddleData {
    static DATA: OnceLock<MiddleData> = OnceLock::new();
    load(&DATA, JSON, fallback)
}

/// A table of `n` players against the rulebook's range, for the game and its scorepad alike.
pub fn check_players(n: usize) -> Result<(), RuleError> {
    let d = data();
    if n < usize::from(d.min_players) || n > usize::from(d.max_players) {
        return Err(err(
            "middle.players",
            format!(
                "Middle Ages takes {} to {} players, not {n}",
                d.min_players, d.max_players
            ),
        ));
    }
    Ok(())
}

/// Whether the shipped file parses (for the test that guards it).
pub fn shipped_file_parses() -> Result<(), String> {
    parses::<MiddleData>(JSON)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_parses_and_lists_the_84_tiles_in_board_order() {
        assert_eq!(shipped_file_parses(), Ok(()));
        let d: MiddleData = serde_json::from_str(JSON).expect("parses");
        let ids: Vec<TileType> = d.estates.iter().map(|e| e.id).collect();
        assert_eq!(ids, TileType::ALL.to_vec());
        let tiles: Vec<u8> = d.estates.iter().map(|e| e.tiles).collect();
        assert_eq!(tiles, vec![14, 13, 12, 11, 10, 9, 8, 7]);
        assert_eq!(tiles.iter().map(|&t| u32::from(t)).sum::<u32>(), 84);
        let rules = |v: &[EstateDef]| -> Vec<(TileType, u8, Effect, Income)> {
            v.iter()
                .map(|e| (e.id, e.tiles, e.effect.clone(), e.income.clone()))
                .collect()
        };
        assert_eq!(
            rules(&d.estates),
            rules(&fallback_estates()),
            "the fallback is the file"
        );
        assert_eq!(d.tie_break_order, fallback().tie_break_order);
        assert_eq!(d.event_rounds, vec![4, 8, 12, 16]);
    }
}
