//! Middle Ages' pieces, actions and outcome events: the JSON shapes stored in the log, so their
//! serde attributes must not change once games are stored (the table's options are `options`).

use serde::{Deserialize, Serialize};

/// The eight plot types, declared in the Fief board's left-to-right order (003 lines 25–39), so
/// `Ord` is the board order: "leftmost" (Barracks) and the tie-break order follow from it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, specta::Type,
)]
#[serde(rename = "MiddleTileType")]
pub enum TileType {
    Field,
    Mill,
    Village,
    Rampart,
    Market,
    Barracks,
    Church,
    Palace,
}

impl TileType {
    /// All eight, left to right on the Fief board.
    pub const ALL: [TileType; 8] = [
        TileType::Field,
        TileType::Mill,
        TileType::Village,
        TileType::Rampart,
        TileType::Market,
        TileType::Barracks,
        TileType::Church,
        TileType::Palace,
    ];

    /// Its column on the Fief board (0 = Field … 7 = Palace).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            TileType::Field => "Field",
            TileType::Mill => "Mill",
            TileType::Village => "Village",
            TileType::Rampart => "Rampart",
            TileType::Market => "Market",
            TileType::Barracks => "Barracks",
            TileType::Church => "Church",
            TileType::Palace => "Palace",
        }
    }
}

/// A taken plot tile: its type and the symbols printed on it, entered when it is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleTile")]
pub struct Tile {
    pub kind: TileType,
    pub farmers: u8,
    pub chests: u8,
}

/// Farmers and Chests printed on the tile being taken (0 when the tile shows none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleSymbols")]
pub struct Symbols {
    #[serde(default)]
    pub farmers: u8,
    #[serde(default)]
    pub chests: u8,
}

/// What every tile of a type prints, as the table taught it once (reading A21): a take of that
/// type carries it without asking; remembered across games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePrinting")]
pub struct Printing {
    pub kind: TileType,
    pub symbols: Symbols,
}

/// A plot on the board: its row (0 = the top row) and its slot (0 = leftmost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePos")]
pub struct Pos {
    pub row: u8,
    pub slot: u8,
}

/// What the Effect of the Estate being taken into needs the player to choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "MiddleChoice")]
pub enum Choice {
    /// Village: the `index`th tile of the Cemetery (oldest first) goes back to its Estate.
    Restore { index: u8 },
    /// Rampart: the Scout reserves this plot.
    Scout { at: Pos },
    /// Church: an Extra Coin token on this Estate.
    ExtraCoin { estate: TileType },
    /// Palace: a Plot token on `estate`, which then also rewards `rewards`.
    Plot { estate: TileType, rewards: TileType },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "MiddleAction")]
pub enum MiddleAction {
    /// Lay the four rows: `None` has the app draw them with the game's seed; otherwise the
    /// table's own layout, each row left to right.
    LayRows { rows: Option<Vec<Vec<TileType>>> },
    /// Who places a Lord first (then clockwise): `None` draws with the seed.
    ChooseFirst { seat: Option<u8> },
    /// The next placer's Lord onto an empty plot of the top row.
    PlaceLord { at: Pos },
    /// The player whose turn it is moves their Lord to `to` in the next row (`None` in round 16)
    /// and takes the plot left behind, with its printed symbols and the Effect's choice.
    Take {
        to: Option<Pos>,
        #[serde(default)]
        symbols: Symbols,
        #[serde(default)]
        choice: Option<Choice>,
        /// Every tile of this type prints these symbols: remember them (reading A21).
        #[serde(default)]
        teach: bool,
    },
    /// The round's event as the table resolved it: its name and each player's coin change.
    ResolveEvent { name: String, coins: Vec<i32> },
    /// Refill the emptied row: `None` draws with the seed; otherwise the tiles laid, left to right.
    Refill { tiles: Option<Vec<TileType>> },
}

/// A tile left in a row when the round began, discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discarded {
    pub slot: u8,
    pub kind: TileType,
}

/// Outcomes, as the log stores them: `apply` replays these and never decides again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MiddleEvent {
    RowsLaid {
        rows: Vec<Vec<TileType>>,
        drawn: bool,
    },
    PlacementOrder {
        order: Vec<u8>,
        drawn: bool,
    },
    LordPlaced {
        seat: u8,
        at: Pos,
    },
    RoundStarted {
        round: u8,
        row: u8,
        order: Vec<u8>,
    },
    TilesDiscarded {
        row: u8,
        tiles: Vec<Discarded>,
    },
    ScoutReturned {
        seat: u8,
        at: Pos,
    },
    LordMoved {
        seat: u8,
        from: Pos,
        to: Option<Pos>,
    },
    TileTaken {
        seat: u8,
        from: Pos,
        tile: Tile,
    },
    CoinsPaid {
        from: u8,
        to: u8,
        amount: i32,
    },
    TileLost {
        seat: u8,
        tile: Tile,
    },
    TileRestored {
        seat: u8,
        index: u8,
        tile: Tile,
    },
    ScoutPlaced {
        seat: u8,
        at: Pos,
    },
    ExtraCoinPlaced {
        seat: u8,
        estate: TileType,
    },
    PlotPlaced {
        seat: u8,
        estate: TileType,
        rewards: TileType,
    },
    EffectCoins {
        seat: u8,
        amount: i32,
    },
    Income {
        seat: u8,
        amount: i32,
    },
    TurnEnded {
        seat: u8,
    },
    RoundEnded {
        round: u8,
    },
    EventResolved {
        round: u8,
        name: String,
        coins: Vec<i32>,
    },
    DiscardsReshuffled {
        tiles: Vec<TileType>,
    },
    /// The table taught what every tile of a type prints (reading A21).
    PrintingTaught {
        printing: Printing,
    },
    /// New tiles from the Orange Deck joined the draw (003 line 19), at a table that adds them
    /// when the draw tiles run out.
    OrangeTilesAdded {
        tiles: Vec<TileType>,
    },
    RowRefilled {
        row: u8,
        tiles: Vec<TileType>,
        drawn: bool,
    },
    GameEnded,
}

/// What the table does when the draw tiles run out (003 line 19: "depending on player count,
/// either simply reshuffle the discards OR add new tiles in from the Orange Deck"; the counts
/// are not given, so the table says which it uses).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleRunOut")]
pub enum RunOut {
    /// The discards go back into the bag.
    #[default]
    Reshuffle,
    /// New tiles from the Orange Deck are added; the discards stay out. The app does not know
    /// the Orange Deck's tiles, so the table lays such a row and enters it.
    OrangeDeck,
}

/// "row 2, plot 3": people count rows and plots from 1.
pub(super) fn plot_name(at: Pos) -> String {
    format!(
        "row {}, plot {}",
        u32::from(at.row) + 1,
        u32::from(at.slot) + 1
    )
}
