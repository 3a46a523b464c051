//! A hosted game's guests: the phones that joined it by a link (`store::invites`). A seat's
//! link sees the public view, that seat's private view and only the actions that are its own
//! decisions now; the board's link sees the public view and takes no action. Undo and redo stay
//! with the host's window, the referee. Nothing here reveals another seat's secrets: the
//! table's state is never sent while it has any, and the offers are filtered to the seat's own.

use super::cache::{table_view, ViewShape, APP_LOG_PAGE};
use super::types::offers;
use super::{ApiError, Steward, TableView};
use engine::AnyTable;
use serde::Serialize;
use serde_json::Value;
use store::Invited;

/// The rule id of an action refused because it is not the sender's decision (HTTP 403).
pub const NOT_YOURS: &str = "table.not-your-decision";

/// What a guest's views carry: the app's paged log, never the raw state.
const GUEST_VIEWS: ViewShape = ViewShape {
    log: APP_LOG_PAGE,
    state: false,
};

/// One link to a hosted game, as `steward invite` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct SeatLink {
    /// The seat, counted from 1 (as `peek` counts).
    pub seat: u8,
    pub name: String,
    /// `/join/<token>`: the host's address goes before it.
    pub path: String,
}

/// The board's link (the public view only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct BoardLink {
    pub path: String,
}

/// New links to a game: the board's and one per seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct Invitation {
    pub board: BoardLink,
    pub seats: Vec<SeatLink>,
}

/// What a guest receives: the table as its seat may see it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    /// The seat, counted from 1; absent for the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game's version this view shows: sent back as `If-Match` with an action, so that an
    /// action tapped on a view the game has since left is refused as stale.
    pub version: String,
    /// The public table: its offers are this seat's own decisions only, its undo and redo
    /// empty (the host's window keeps them).
    pub table: TableView,
    /// What this seat alone may see (its money in The Estates), with the field names `peek`
    /// prints; absent for the board and in games with nothing private.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<Value>,
}

/// A game's version as guests see it and send it back (`If-Match`).
pub fn version_tag(v: store::GameVersion) -> String {
    format!("{}.{}", v.game, v.log)
}

fn path_of(token: &str) -> String {
    format!("/join/{token}")
}

/// Refuse `action` unless it is `seat`'s decision on `table` now.
pub(super) fn may_decide(table: &dyn AnyTable, action: &Value, seat: u8) -> Result<(), ApiError> {
    let name = |s: u8| {
        table
            .seats()
            .get(usize::from(s))
            .map_or_else(|| format!("seat {}", s + 1), |p| p.name.clone())
    };
    match table.decider(action)? {
        Some(s) if s == seat => Ok(()),
        Some(other) => Err(not_yours(format!(
            "it is {}'s decision, not {}'s",
            name(other),
            name(seat)
        ))),
        None => Err(not_yours(format!(
            "this is for the table to do from the host's screen, not {}'s phone",
            name(seat)
        ))),
    }
}

fn not_yours(message: String) -> ApiError {
    ApiError::Rule {
        rule: NOT_YOURS.into(),
        message,
        why: None,
    }
}

/// A guest's view of `table` (game `id`): the public view, the seat's offers and secrets.
fn seat_view(id: i64, table: &dyn AnyTable, version: String, seat: Option<u8>) -> SeatView {
    let mut view = table_view(id, table, GUEST_VIEWS, None);
    view.allowed = seat.map_or_else(Vec::new, |s| offers(table.allowed_for(s)));
    view.undo = None;
    view.redo = None;
    SeatView {
        seat: seat.map(|s| s + 1),
        name: seat.and_then(|s| table.seats().get(usize::from(s)).map(|p| p.name.clone())),
        version,
        private: seat.and_then(|s| table.private_view(s)),
        table: view,
    }
}

impl Steward {
    /// New links to game `id` for the board and every seat, added to the links they have (a
    /// phone that joined before keeps working).
    pub fn invite(&mut self, id: i64) -> Result<Invitation, ApiError> {
        let seats = self.cached(id, |n| n)?.table.seats().to_vec();
        let wanted: Vec<Option<u8>> = std::iter::once(None)
            .chain((0..seats.len()).map(|s| u8::try_from(s).ok()))
            .collect();
        let tokens = self.store.add_invites(id, &wanted)?;
        let mut paths = tokens.iter().map(|t| path_of(t));
        let board = BoardLink {
            path: paths.next().unwrap_or_default(),
        };
        let seats = seats
            .iter()
            .zip(paths)
            .enumerate()
            .map(|(i, (p, path))| SeatLink {
                seat: u8::try_from(i + 1).unwrap_or(u8::MAX),
                name: p.name.clone(),
                path,
            })
            .collect();
        Ok(Invitation { board, seats })
    }

    /// Revoke every link of seat `seat` (counted from 1) of game `id` and give it a new one.
    pub fn renew_invite(&mut self, id: i64, seat: u8) -> Result<SeatLink, ApiError> {
        let seats = self.cached(id, |n| n)?.table.seats().to_vec();
        let Some(person) = seat.checked_sub(1).and_then(|s| seats.get(usize::from(s))) else {
            return Err(ApiError::bad(
                "seat",
                format!("seats count from 1; the game has {}", seats.len()),
            ));
        };
        let token = self.store.renew_invite(id, Some(seat - 1))?;
        Ok(SeatLink {
            seat,
            name: person.name.clone(),
            path: path_of(&token),
        })
    }

    /// Revoke every link of game `id`'s board and give it a new one (a board link that went
    /// astray: a screen that showed it must scan the new code).
    pub fn renew_board_link(&mut self, id: i64) -> Result<BoardLink, ApiError> {
        // Only to refuse a game that does not exist, by the same words as the seats' links.
        self.cached(id, |n| n)?;
        let token = self.store.renew_invite(id, None)?;
        Ok(BoardLink {
            path: path_of(&token),
        })
    }

    /// The game's version as the file holds it now (one indexed lookup), for a host watching
    /// for other clients' writes.
    pub fn game_version(&self, id: i64) -> Result<store::GameVersion, ApiError> {
        Ok(self.store.version(id)?)
    }

    /// What game `id`'s links are now, in a word that changes when one is added or revoked.
    pub fn invites_digest(&self, id: i64) -> Result<String, ApiError> {
        Ok(self.store.invites_digest(id)?)
    }

    /// Whom a link's token lets in (`None`: unknown or revoked).
    pub fn invited(&self, token: &str) -> Result<Option<Invited>, ApiError> {
        Ok(self.store.invited(token)?)
    }

    /// The table as the guest `who` may see it.
    pub fn guest_view(&mut self, who: Invited) -> Result<SeatView, ApiError> {
        let cached = self.cached(who.game_id, |n| GUEST_VIEWS.log.skipped(n))?;
        let version = version_tag(cached.version);
        Ok(seat_view(
            who.game_id,
            cached.table.as_ref(),
            version,
            who.seat,
        ))
    }

    /// Act for the guest `who`: only a seat's link acts, only on its own decisions, and (when
    /// `seen` names the version its view showed) only on the game as it saw it.
    pub fn guest_act(
        &mut self,
        who: Invited,
        action: &Value,
        seen: Option<&str>,
    ) -> Result<SeatView, ApiError> {
        let Some(seat) = who.seat else {
            return Err(not_yours(
                "the board shows the game; it takes no actions".into(),
            ));
        };
        if let Some(seen) = seen {
            if self.guest_view(who)?.version != seen {
                return Err(store::StoreError::Conflict {
                    game_id: who.game_id,
                }
                .into());
            }
        }
        let id = who.game_id;
        let shown = |t: &dyn AnyTable, _: String| seat_view(id, t, String::new(), Some(seat));
        let (mut view, version) = self.act_for_seat(id, action, seat, &shown)?;
        view.version = version_tag(version);
        Ok(view)
    }
}
