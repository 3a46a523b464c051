//! Starting a game: every check first (game, players, options, the rules' setup), then the
//! game, its seats and any new people in one transaction — a refused start writes nothing.

use super::cache::{table_view, Cached};
use super::{kind_of, ApiError, Steward, TableView};
use engine::colours::{seat_colours, PALETTE};
use engine::table::excerpt;
use engine::Seat;
use rand::Rng;
use serde::Serialize;
use serde_json::Value;
use store::{check_colour, checked_name, NewGame, SeatPerson, StoreError};

/// The colour a person saved by `start` gets (changeable in the app).
pub const DEFAULT_COLOUR: &str = "#1f77b4";

/// Who takes a seat: a saved person, or a name (a saved person of that name, ignoring case, or
/// a new one saved with the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRef {
    Id(i64),
    Name(String),
}

/// The colours of a table's seats before it starts, and the colours the app offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct SeatColours {
    /// Each seat's colour, in seat order: no two alike.
    pub colours: Vec<String>,
    /// The colours offered for a seat or a new person, in the order they are given out.
    pub palette: Vec<String>,
}

impl Steward {
    /// Start a game for these people in seat order. `seed` fixes the shuffles (random if none).
    pub fn start_game(
        &mut self,
        game: &str,
        person_ids: &[i64],
        options: Option<Value>,
        seed: Option<u64>,
    ) -> Result<TableView, ApiError> {
        let players: Vec<PlayerRef> = person_ids.iter().map(|&id| PlayerRef::Id(id)).collect();
        self.start(game, &players, options, seed)
    }

    /// Start a game for these players in seat order, saving the new names among them with it.
    pub fn start(
        &mut self,
        game: &str,
        players: &[PlayerRef],
        options: Option<Value>,
        seed: Option<u64>,
    ) -> Result<TableView, ApiError> {
        self.start_seated(game, players, &[], options, seed)
    }

    /// [`Steward::start`] with a colour picked for some seats (`colours[i]` for seat `i`): the
    /// others keep their person's colour, or take a free one where it is already at the table.
    pub fn start_seated(
        &mut self,
        game: &str,
        players: &[PlayerRef],
        colours: &[Option<String>],
        options: Option<Value>,
        seed: Option<u64>,
    ) -> Result<TableView, ApiError> {
        let kind = kind_of(game)?;
        let d = kind.descriptor();
        if players.len() < d.min_players as usize || players.len() > d.max_players as usize {
            let takes = match (d.min_players, d.max_players) {
                (1, 1) => "1 player".to_string(),
                (n, m) if n == m => format!("{n} players"),
                (n, m) => format!("{n} to {m} players"),
            };
            return Err(ApiError::bad(
                "players",
                format!("{} takes {takes}, not {}", d.name, players.len()),
            ));
        }
        let (mut seats, people) = self.seats_for(players)?;
        let colours = colour_seats(&mut seats, colours)?;
        // A new person is saved with the colour their seat takes.
        let people: Vec<SeatPerson> = people
            .into_iter()
            .zip(&colours)
            .map(|(p, colour)| match p {
                SeatPerson::New { name, .. } => SeatPerson::New { name, colour },
                saved => saved,
            })
            .collect();
        let catalogue = self.store.catalogue(d.id)?;
        let options = kind.prepare_options(options, &catalogue)?;
        // Keep seeds within SQLite's signed 64-bit integers.
        let seed = seed.unwrap_or_else(|| rand::rng().random::<u64>() >> 1);
        // The rules' own setup checks, before anything is written.
        kind.new_table(&options, seats, seed)?;
        let options_text = options.to_string();
        let (id, seats) = self.store.create_game(NewGame {
            game: d.id,
            options: &options_text,
            seed,
            seats: &people,
            colours: &colours,
        })?;
        let table = kind.new_table(&options, seats, seed)?;
        let view = table_view(id, table.as_ref(), self.shape, None);
        let version = self.store.version(id)?;
        self.tables.insert(id, Cached { table, version });
        Ok(view)
    }

    /// The colours seats would take at a new table of these players, in seat order, with
    /// `picked` colours for some seats (what New game shows before the game starts).
    pub fn table_colours(
        &self,
        players: &[PlayerRef],
        picked: &[Option<String>],
    ) -> Result<SeatColours, ApiError> {
        let (mut seats, _) = self.seats_for(players)?;
        Ok(SeatColours {
            colours: colour_seats(&mut seats, picked)?,
            palette: PALETTE.iter().map(|c| c.to_string()).collect(),
        })
    }

    /// "Play again": a new game of game `id`'s game, with its options, its people in the same
    /// seats and the same colours, and a fresh shuffle.
    pub fn play_again(&mut self, id: i64) -> Result<TableView, ApiError> {
        let old = self.store.load_game(id, 0)?;
        if old.results_only {
            return Err(ApiError::bad(
                "game",
                format!("#{id} was entered as its scores only, so it has no table to set up again"),
            ));
        }
        let options: Value = serde_json::from_str(&old.options).map_err(|e| ApiError::Store {
            error: StoreError::Sql {
                message: format!("game #{id}'s stored options do not read: {e}"),
            },
        })?;
        let players: Vec<PlayerRef> = old
            .seats
            .iter()
            .map(|s| PlayerRef::Id(s.person_id))
            .collect();
        let colours: Vec<Option<String>> = old.seats.into_iter().map(|s| Some(s.colour)).collect();
        self.start_seated(&old.game, &players, &colours, Some(options), None)
    }

    /// The seats as they will be (new people numbered 0 until saved), and who to save.
    fn seats_for<'a>(
        &self,
        players: &'a [PlayerRef],
    ) -> Result<(Vec<Seat>, Vec<SeatPerson<'a>>), ApiError> {
        let mut seats: Vec<Seat> = Vec::with_capacity(players.len());
        let mut people = Vec::with_capacity(players.len());
        for player in players {
            let (seat, person) = match player {
                PlayerRef::Id(id) => {
                    let p = self.store.person(*id)?;
                    (
                        Seat {
                            person_id: p.id,
                            name: p.name,
                            colour: p.colour,
                        },
                        SeatPerson::Saved(*id),
                    )
                }
                PlayerRef::Name(name) => match self.store.person_named(name)? {
                    Some(p) => {
                        let id = p.id;
                        (
                            Seat {
                                person_id: id,
                                name: p.name,
                                colour: p.colour,
                            },
                            SeatPerson::Saved(id),
                        )
                    }
                    None => {
                        let name = checked_name(name)?;
                        let seat = Seat {
                            person_id: 0,
                            name: name.to_string(),
                            colour: DEFAULT_COLOUR.into(),
                        };
                        (
                            seat,
                            SeatPerson::New {
                                name,
                                colour: DEFAULT_COLOUR,
                            },
                        )
                    }
                },
            };
            let taken = seats.iter().any(|s| {
                (s.person_id != 0 && s.person_id == seat.person_id)
                    || s.name.to_lowercase() == seat.name.to_lowercase()
            });
            if taken {
                return Err(ApiError::bad(
                    "players",
                    format!("{} can take only one seat", excerpt(&seat.name, 40)),
                ));
            }
            seats.push(seat);
            people.push(person);
        }
        Ok((seats, people))
    }
}

/// The colours of these seats in seat order, written into them: picked ones checked, and
/// no two alike.
fn colour_seats(seats: &mut [Seat], picked: &[Option<String>]) -> Result<Vec<String>, ApiError> {
    for (i, c) in picked.iter().enumerate() {
        if let Some(c) = c {
            check_colour(c).map_err(|e| ApiError::bad(&format!("colours[{i}]"), e.to_string()))?;
        }
        if i >= seats.len() {
            return Err(ApiError::bad(
                &format!("colours[{i}]"),
                format!("there are only {} seats", seats.len()),
            ));
        }
    }
    let usual: Vec<&str> = seats.iter().map(|s| s.colour.as_str()).collect();
    let wanted: Vec<Option<&str>> = picked.iter().map(|c| c.as_deref()).collect();
    let colours = seat_colours(&usual, &wanted).map_err(|clash| {
        ApiError::bad(
            &format!("colours[{}]", clash.second),
            format!(
                "{} and {} cannot both play {}: players at one table never share a colour",
                excerpt(&seats[clash.first].name, 40),
                excerpt(&seats[clash.second].name, 40),
                clash.colour
            ),
        )
    })?;
    for (seat, colour) in seats.iter_mut().zip(&colours) {
        seat.colour = colour.clone();
    }
    Ok(colours)
}
