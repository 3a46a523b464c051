//! `steward`: the command-line client of the Estate Steward core. Everything the app does can be
//! scripted here: start a game, apply actions, undo, redo, score, list history, show a record.
//!
//! Exit codes: 0 done; 1 refused by the rules (the message names the rule); 2 usage error;
//! 3 not found; 4 the database was refused or failed; 5 a malformed request field. `stream`
//! answers every line and exits at the end with the code of its first failed line.

mod history;
mod people;
mod serve;
mod stats;
mod table;
mod text;

use clap::{Parser, Subcommand};
use estate_steward::engine::table::parse_text;
use estate_steward::service::{ApiError, PlayerRef, Steward};
use estate_steward::store::location;
use serde::Serialize;
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use table::{act, peek, stream};
use text::{games_text, history_text, record_text, score_text, table_text};

// mimalloc, not the system allocator: a table view is hundreds of small strings made and
// dropped per action, and with mimalloc a view takes a fifth less time (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "steward",
    version,
    about = "Estate Steward: the table assistant's command line"
)]
#[command(
    after_help = "Exit codes: 0 done, 1 refused by the rules, 2 usage error, 3 not found, \
4 database refused or failed, 5 malformed request field.\nThe database defaults to the user data \
folder; override with --db or ESTATE_STEWARD_DB."
)]
struct Cli {
    /// The SQLite database file.
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// List the games Estate Steward hosts.
    Games,
    /// Saved people.
    People {
        #[command(subcommand)]
        command: people::PeopleCommand,
    },
    /// Start a game: `steward start nine-estates --player Ana`.
    Start {
        game: String,
        /// A saved person's name (saved with the game if new) or #id, once per seat in seat
        /// order. A refused start saves nothing.
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        #[arg(long)]
        seed: Option<u64>,
        /// Game options as JSON.
        #[arg(long)]
        options: Option<String>,
    },
    /// Start a new game like game ID ("Play again"): the same game, options, people, seats and
    /// colours, freshly shuffled.
    PlayAgain { id: i64 },
    /// Show a game's table: state summary, score, and the actions allowed now.
    Show { id: i64 },
    /// Apply an action given as JSON, or the Nth action listed by `show` with --pick.
    Act {
        id: i64,
        action: Option<String>,
        #[arg(long, conflicts_with = "action")]
        pick: Option<usize>,
    },
    /// Read actions from standard input, one per line (JSON, `pick N`, `undo`, `redo`); print
    /// `ack <log length> <summary>` after each is committed, or `err <line> <reason>` and go
    /// on. Exits at the end with the code of the first line that failed.
    Stream { id: i64 },
    /// Show what only one seat may see (their money in The Estates); seats count from 1.
    Peek { id: i64, seat: u8 },
    /// Take back the last action.
    Undo { id: i64 },
    /// Put back the last undone action.
    Redo { id: i64 },
    /// The scoresheet.
    Score { id: i64 },
    /// Past and running games, newest first.
    History {
        /// Only games that are active, finished or abandoned.
        #[arg(long)]
        status: Option<String>,
    },
    /// A game's record: players, score breakdown and the whole log.
    Record { id: i64 },
    /// The table after STEP actions of the log.
    Replay { id: i64, step: u32 },
    /// Remembered card data of a game.
    Catalogue { game: String },
    /// Correct a remembered card: KEY and its JSON value.
    CatalogueSet {
        game: String,
        key: String,
        value: String,
    },
    /// Enter a game played without the app as its results: `steward record-result middle-ages
    /// --player Ana:61 --player Bo:58`. It counts in History and statistics like any game.
    #[command(
        after_help = "The players are in seat order (it counts for the seat-order \
statistics). Without --winner the highest score wins, ties sharing the victory; name the winner \
when the game's tie-breakers decided. A solo game has no winner but may have a --title."
    )]
    RecordResult {
        /// A game id from `steward games`.
        game: String,
        /// A player and their score, once per player in seat order: a saved person's name
        /// (ignoring case), or a new person saved with the record.
        #[arg(long = "player", value_name = "NAME:SCORE", required = true)]
        players: Vec<String>,
        /// Who won (once per winner of a shared victory); by default the highest score.
        #[arg(long = "winner", value_name = "NAME")]
        winners: Vec<String>,
        /// The Leader, faction or character a player had.
        #[arg(long = "role", value_name = "NAME:ROLE")]
        roles: Vec<String>,
        /// A solo game's title.
        #[arg(long)]
        title: Option<String>,
        /// The day it was played (today by default).
        #[arg(long, value_name = "YYYY-MM-DD")]
        date: Option<String>,
    },
    /// Statistics over finished games: per person (plays, wins, win rate beside chance, scores,
    /// longest winning streak, head-to-head) and per game (score distribution, category
    /// averages, win rate by seat and by role, solo titles, records).
    Stats {
        /// A game id (a live assistant and its scorepad count as one game).
        #[arg(long)]
        game: Option<String>,
        /// Only games this person played, and their own results: a name or #id.
        #[arg(long)]
        person: Option<String>,
        /// Only games of this many players.
        #[arg(long)]
        players: Option<u8>,
        /// Only games played on or after this day.
        #[arg(long, value_name = "YYYY-MM-DD")]
        from: Option<String>,
        /// Only games played on or before this day.
        #[arg(long, value_name = "YYYY-MM-DD")]
        to: Option<String>,
    },
    /// Write every game to a file: `json` is the app's own (people, games, seats, the whole
    /// action log, results, remembered cards; lossless, for `steward import`), `csv` one row
    /// per player per finished game (date, game, player, seat, score, rank, winner, title),
    /// `bgstats` the finished games as BG Stats imports them.
    Export {
        #[arg(long, value_parser = ["json", "csv", "bgstats"])]
        format: String,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Replace FILE if it exists (never the database, another SQLite file or a kept backup).
        #[arg(long)]
        force: bool,
    },
    /// Bring in a file: one written by `steward export --format json`, merged by the people's
    /// and games' UUIDs (importing the same file twice adds nothing), or a BG Stats export,
    /// whose plays of the games hosted here become results-only records (people matched by
    /// name; other games skipped, listed in the report). A malformed, truncated or foreign file
    /// is refused whole, naming the line or field, and changes nothing.
    Import { file: PathBuf },
    /// Write a consistent, checked copy of the database to FILE (a new file), made by SQLite
    /// while the app may be open.
    Backup {
        file: PathBuf,
        /// Replace FILE if it exists (never the database, another SQLite file or a kept backup).
        #[arg(long)]
        force: bool,
    },
    /// Replace the database's content with a backup's. A file the app would refuse to open is
    /// refused; a safety copy of the current content is kept in backups/ beside the database
    /// (as before every import and schema upgrade; the last 5 are kept).
    Restore { file: PathBuf },
    /// Host games on the local network for phones, without the window: each phone joins a
    /// seat by its link (`steward invite`). The first line printed is `serving http://ADDR:PORT`;
    /// runs until interrupted (SIGINT or SIGTERM), then exits 0.
    Serve {
        /// The address to listen on (0.0.0.0: every network of this computer).
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// The port; 0 picks a free one.
        #[arg(long, default_value_t = serve::DEFAULT_PORT)]
        port: u16,
        /// The app's built pages for the phones (default: ESTATE_STEWARD_UI, else the installed
        /// or built UI).
        #[arg(long, value_name = "DIR")]
        ui: Option<PathBuf>,
    },
    /// New links for phones to join game ID: the board's (the public view) and one per seat.
    /// Links given before keep working; --revoke SEAT replaces that seat's links with one new.
    Invite {
        id: i64,
        /// Revoke every link of this seat (counted from 1, or `board`) and print its new one.
        #[arg(long, value_name = "SEAT", value_parser = serve::link_holder)]
        revoke: Option<serve::LinkHolder>,
    },
    /// Leave a game in play unfinished for good: it takes no more actions and counts nowhere,
    /// and stays in History as abandoned with its log.
    Abandon { id: i64 },
    /// Delete a game with its log and results. It cannot be undone: say --yes.
    DeleteGame {
        id: i64,
        #[arg(long)]
        yes: bool,
    },
}

pub(crate) fn exit_code(e: &ApiError) -> u8 {
    match e {
        ApiError::Rule { .. } => 1,
        ApiError::NotFound { .. } => 3,
        ApiError::Store { .. } => 4,
        ApiError::BadRequest { .. } => 5,
    }
}

/// JSON from the command line, strictly: a key given twice is refused, not silently dropped.
pub(crate) fn parse_json(field: &str, text: &str) -> Result<Value, ApiError> {
    Ok(parse_text(field, text)?)
}

pub(crate) fn print<T: Serialize>(json: bool, value: &T, text: impl FnOnce() -> String) {
    let out = if json {
        // Through a value, so that text the service passes on ready-serialized (a table's view
        // and state) is indented like the rest, its keys sorted as always.
        serde_json::to_value(value)
            .and_then(|v| serde_json::to_string_pretty(&v))
            .unwrap_or_default()
    } else {
        text()
    };
    // A closed pipe (`steward show 1 | head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout().lock(), "{out}");
}

/// `--player` values: `#id` is a saved person, anything else a name.
pub(crate) fn player_refs(players: &[String]) -> Result<Vec<PlayerRef>, ApiError> {
    players
        .iter()
        .map(|p| match p.strip_prefix('#') {
            Some(id) => id.trim().parse().map(PlayerRef::Id).map_err(|_| {
                ApiError::bad(
                    "player",
                    format!(
                        "'{}' is not #id",
                        estate_steward::engine::table::excerpt(p, 40)
                    ),
                )
            }),
            None => Ok(PlayerRef::Name(p.clone())),
        })
        .collect()
}

fn run(cli: Cli) -> Result<u8, ApiError> {
    let path = location::db_path(cli.db.clone());
    let mut steward = match (Steward::open(&path), &cli.command) {
        (Ok(steward), _) => steward,
        // A database refused at open (another program's, a newer schema's, a damaged copy) can
        // still be replaced by a backup: the refused file is moved aside unchanged.
        (Err(e), Command::Restore { file }) if e.is_refused_file() => {
            let (_, report) = Steward::restore_over_refused(&path, file)?;
            history::print_restored(cli.json, &report);
            return Ok(0);
        }
        (Err(e), _) => return Err(e),
    };
    let json = cli.json;
    let Some(command) = history::run(&mut steward, json, cli.command)? else {
        return Ok(0);
    };
    match command {
        Command::Games => {
            let games = steward.games_available();
            print(json, &games, || games_text(&games));
        }
        Command::People { command } => people::run(&mut steward, json, command)?,
        Command::Start {
            game,
            players,
            seed,
            options,
        } => {
            let players = player_refs(&players)?;
            let options = options.map(|o| parse_json("options", &o)).transpose()?;
            let v = steward.start(&game, &players, options, seed)?;
            print(json, &v, || {
                format!("started game #{}\n{}", v.game_id, table_text(&v))
            });
        }
        Command::PlayAgain { id } => {
            let v = steward.play_again(id)?;
            print(json, &v, || {
                format!("started game #{}\n{}", v.game_id, table_text(&v))
            });
        }
        Command::Show { id } => {
            let v = steward.view(id, None)?;
            print(json, &v, || table_text(&v));
        }
        Command::Act {
            id,
            action,
            pick: n,
        } => {
            let v = act(&mut steward, id, action, n)?;
            print(json, &v, || table_text(&v));
        }
        Command::Stream { id } => return stream(&mut steward, id),
        Command::Serve { bind, port, ui } => {
            drop(steward);
            return serve::serve(path, std::net::SocketAddr::new(bind, port), ui);
        }
        Command::Invite { id, revoke } => serve::invite(&mut steward, json, id, revoke)?,
        Command::Peek { id, seat } => {
            let v = peek(&mut steward, id, seat)?;
            print(json, &v, || v.to_string());
        }
        Command::Undo { id } => {
            let v = steward.undo(id)?;
            print(json, &v, || table_text(&v));
        }
        Command::Redo { id } => {
            let v = steward.redo(id)?;
            print(json, &v, || table_text(&v));
        }
        Command::Score { id } => {
            let v = steward.view(id, None)?;
            print(json, &v.score, || score_text(&v.score));
        }
        Command::History { status } => {
            let rows = steward.history(status.as_deref())?;
            print(json, &rows, || history_text(&rows));
        }
        Command::Record { id } => {
            let r = steward.record(id)?;
            print(json, &r, || record_text(&r));
        }
        Command::Replay { id, step } => {
            let s = steward.replay(id, step)?;
            print(json, &s, || {
                format!(
                    "step {}/{}: {}\nscore: {}",
                    s.step,
                    s.steps,
                    s.summary.clone().unwrap_or_else(|| "(start)".into()),
                    s.score
                        .rows
                        .iter()
                        .map(|r| format!("{} {}", r.name, text::total(r)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
        }
        Command::Catalogue { game } => {
            let entries = steward.catalogue(&game)?;
            print(json, &entries, || {
                entries
                    .iter()
                    .map(|e| format!("{} = {}", e.key, e.value))
                    .collect::<Vec<_>>()
                    .join("\n")
            });
        }
        Command::CatalogueSet { game, key, value } => {
            let value = parse_json("value", &value)?;
            steward.set_catalogue_entry(&game, &key, value)?;
            print(json, &Value::Bool(true), || format!("remembered {key}"));
        }
        // History commands are answered by `history::run` above.
        _ => {}
    }
    Ok(0)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = cli.json;
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            if json {
                eprintln!("{}", serde_json::to_string(&e).unwrap_or_default());
            } else {
                eprintln!("steward: {e}");
            }
            ExitCode::from(exit_code(&e))
        }
    }
}
