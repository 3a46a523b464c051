//! Starting a game: every check first (game, players, options, the rules' setup), then the
//! game, its seats and any new people in one transaction — a refused start writes nothing.

use super::cache::{table_view, Cached};
use super::{kind_of, ApiError, Steward, TableView};
use crate::engine::table::excerpt;
use crate::engine::Seat;
use crate::store::{checked_name, NewGame, SeatPerson};
use rand::Rng;
use serde_json::Value;

/// The colour a person saved by `start` gets (changeable in the app).
pub const DEFAULT_COLOUR: &str = "#1f77b4";

/// Who takes a seat: a saved person, or a name (a saved person of that name, ignoring case, or
/// a new one saved with the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRef {
    Id(i64),
    Name(String),
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
        let (seats, people) = self.seats_for(players)?;
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
        })?;
        let table = kind.new_table(&options, seats, seed)?;
        let view = table_view(id, table.as_ref(), self.page, None);
        self.tables.insert(id, Cached { table, version: 0 });
        Ok(view)
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
