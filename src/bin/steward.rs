//! `steward`: the command-line client of the Estate Steward core. Everything the app does can be
//! scripted here: start a game, apply actions, undo, redo, score, list history, show a record.
//!
//! Exit codes: 0 done; 1 refused by the rules (the message names the rule); 2 usage error;
//! 3 not found; 4 the database was refused or failed; 5 a malformed request field. `stream`
//! answers every line and exits at the end with the code of its first failed line.

use clap::{Parser, Subcommand};
use estate_steward::engine::table::parse_text;
use estate_steward::engine::Scoresheet;
use estate_steward::service::{
    ApiError, GameInfo, GameRecord, LogPage, PlayerRef, Steward, TableView,
};
use estate_steward::store::{location, GameRow};
use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

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
enum Command {
    /// List the games Estate Steward hosts.
    Games,
    /// Saved people.
    People {
        #[command(subcommand)]
        command: PeopleCommand,
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
}

#[derive(Subcommand)]
enum PeopleCommand {
    List,
    Add {
        name: String,
        #[arg(long, default_value = "#1f77b4")]
        colour: String,
    },
}

fn exit_code(e: &ApiError) -> u8 {
    match e {
        ApiError::Rule { .. } => 1,
        ApiError::NotFound { .. } => 3,
        ApiError::Store { .. } => 4,
        ApiError::BadRequest { .. } => 5,
    }
}

/// JSON from the command line, strictly: a key given twice is refused, not silently dropped.
fn parse_json(field: &str, text: &str) -> Result<Value, ApiError> {
    Ok(parse_text(field, text)?)
}

fn print<T: Serialize>(json: bool, value: &T, text: impl FnOnce() -> String) {
    let out = if json {
        serde_json::to_string_pretty(value).unwrap_or_default()
    } else {
        text()
    };
    // A closed pipe (`steward show 1 | head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout().lock(), "{out}");
}

fn table_text(v: &TableView) -> String {
    let mut out = format!(
        "#{} {} — {}\n",
        v.game_id,
        v.game_name,
        if v.over { "finished" } else { "in play" }
    );
    if let Some(m) = &v.message {
        out += &format!("{m}\n");
    }
    for row in &v.score.rows {
        out += &format!("score: {} {}", row.name, row.total);
        if let Some(t) = &row.title {
            out += &format!(" — {t}");
        }
        out.push('\n');
    }
    if let Some(last) = v.log.last() {
        out += &format!("last: {last} ({} actions)\n", v.log_len());
    }
    if !v.allowed.is_empty() {
        out += "allowed now (use --pick N):\n";
        for (i, a) in v.allowed.iter().enumerate() {
            out += &format!("  {i}: {}\n", a.label);
        }
    }
    out.trim_end().to_string()
}

fn pick(steward: &mut Steward, id: i64, n: usize) -> Result<Value, ApiError> {
    let view = steward.view(id, None)?;
    view.allowed
        .get(n)
        .map(|a| a.action.clone())
        .ok_or_else(|| {
            let choices = match view.allowed.len() {
                0 => "no action is allowed now".to_string(),
                k => format!("pick 0 to {} (the actions allowed now)", k - 1),
            };
            ApiError::bad("pick", format!("there is no action {n}: {choices}"))
        })
}

/// `--player` values: `#id` is a saved person, anything else a name.
fn player_refs(players: &[String]) -> Result<Vec<PlayerRef>, ApiError> {
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

/// One line of a stream: an action as JSON, `pick N`, `undo` or `redo`.
fn stream_line(steward: &mut Steward, id: i64, line: &str) -> Result<TableView, ApiError> {
    match line {
        "undo" => steward.undo(id),
        "redo" => steward.redo(id),
        _ => {
            let action = match line.strip_prefix("pick ") {
                Some(n) => {
                    let n = n.trim().parse().map_err(|_| {
                        ApiError::bad(
                            "pick",
                            format!(
                                "'{}' is not a number",
                                estate_steward::engine::table::excerpt(n.trim(), 20)
                            ),
                        )
                    })?;
                    pick(steward, id, n)?
                }
                None => parse_json("action", line)?,
            };
            steward.act(id, &action)
        }
    }
}

/// `stream`: every line gets one answer, and a bad line does not end the stream. Returns the
/// exit code of the first line that failed (0 when none did).
fn stream(steward: &mut Steward, id: i64) -> Result<u8, ApiError> {
    // The acknowledgement needs the log's length, not its lines: resume and answer from its end.
    steward.set_log_page(LogPage::Latest { min: 1, step: 256 });
    steward.view(id, None)?; // a missing game or a refused file ends it before any line
    let mut input = std::io::stdin().lock();
    let mut stdout = std::io::stdout();
    let mut first_failure = 0u8;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let result = match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => match std::str::from_utf8(&bytes) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => stream_line(steward, id, line.trim()),
                Err(_) => Err(ApiError::bad("line", "not UTF-8 text")),
            },
            Err(e) => Err(ApiError::bad("line", format!("cannot be read: {e}"))),
        };
        let reply = match result {
            // Printed only after the store committed: this line is the acknowledgement.
            Ok(v) => format!("ack {} {}", v.log_len(), v.message.unwrap_or_default()),
            Err(e) => {
                if first_failure == 0 {
                    first_failure = exit_code(&e);
                }
                format!("err {number} {}", e.to_string().replace(['\n', '\r'], " "))
            }
        };
        let _ = writeln!(stdout, "{reply}");
        let _ = stdout.flush();
    }
    Ok(first_failure)
}

fn games_text(games: &[GameInfo]) -> String {
    games
        .iter()
        .map(|g| {
            format!(
                "{:<14} {} ({}–{} players{})",
                g.id,
                g.name,
                g.min_players,
                g.max_players,
                if g.solo { ", solo" } else { "" }
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn score_text(sheet: &Scoresheet) -> String {
    let mut out = String::new();
    for row in &sheet.rows {
        out += &format!("{}: {}\n", row.name, row.total);
        for (c, n) in sheet.categories.iter().zip(&row.breakdown) {
            out += &format!("  {c}: {n}\n");
        }
        if let Some(t) = &row.title {
            out += &format!("  title: {t}\n");
        }
    }
    out.trim_end().to_string()
}

fn history_text(rows: &[GameRow]) -> String {
    rows.iter()
        .map(|g| {
            format!(
                "#{} {} {} [{}] {} actions{}{}",
                g.id,
                g.game,
                g.players.join(", "),
                g.status,
                g.actions,
                g.score.map(|s| format!(", score {s}")).unwrap_or_default(),
                g.title
                    .as_ref()
                    .map(|t| format!(" — {t}"))
                    .unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn record_text(r: &GameRecord) -> String {
    let mut out = format!(
        "#{} {} [{}] seed {}\n",
        r.summary.id, r.summary.game, r.summary.status, r.seed
    );
    for row in &r.score.rows {
        out += &format!(
            "{}: {}{}\n",
            row.name,
            row.total,
            row.title
                .as_ref()
                .map(|t| format!(" — {t}"))
                .unwrap_or_default()
        );
    }
    for (i, line) in r.log.iter().enumerate() {
        out += &format!("{:>4}. {line}\n", i + 1);
    }
    out.trim_end().to_string()
}

/// `act`: an action given as JSON, or the Nth allowed one.
fn act(
    steward: &mut Steward,
    id: i64,
    action: Option<String>,
    n: Option<usize>,
) -> Result<TableView, ApiError> {
    let action = match (action, n) {
        (Some(a), _) => parse_json("action", &a)?,
        (None, Some(n)) => pick(steward, id, n)?,
        (None, None) => {
            return Err(ApiError::BadRequest {
                field: "action".into(),
                message: "give an action as JSON or --pick N".into(),
            })
        }
    };
    steward.act(id, &action)
}

/// `peek`: seats count from 1 on the command line.
fn peek(steward: &mut Steward, id: i64, seat: u8) -> Result<Value, ApiError> {
    let Some(index) = seat.checked_sub(1) else {
        return Err(ApiError::BadRequest {
            field: "seat".into(),
            message: "seats count from 1".into(),
        });
    };
    steward.peek(id, index)
}

fn run(cli: Cli) -> Result<u8, ApiError> {
    let path = location::db_path(cli.db.clone());
    let mut steward = Steward::open(&path)?;
    let json = cli.json;
    match cli.command {
        Command::Games => {
            let games = steward.games_available();
            print(json, &games, || games_text(&games));
        }
        Command::People {
            command: PeopleCommand::List,
        } => {
            let people = steward.people()?;
            print(json, &people, || {
                people
                    .iter()
                    .map(|p| format!("#{} {} {}", p.id, p.name, p.colour))
                    .collect::<Vec<_>>()
                    .join("\n")
            });
        }
        Command::People {
            command: PeopleCommand::Add { name, colour },
        } => {
            let p = steward.add_person(&name, &colour)?;
            print(json, &p, || format!("saved #{} {}", p.id, p.name));
        }
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
                        .map(|r| format!("{} {}", r.name, r.total))
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
