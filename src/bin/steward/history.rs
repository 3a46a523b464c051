//! The CLI's History commands: results-only records, statistics, export and import, backup
//! and restore, abandoning and deleting games.

use crate::text::history_text;
use crate::{print, stats, Command};
use estate_steward::engine::table::excerpt;
use estate_steward::service::{ApiError, PlayerResult, ResultsEntry, Steward};
use estate_steward::store::{ImportReport, RestoreReport};
use serde_json::Value;

/// `--player NAME:SCORE` (split at the last colon: a name may hold one).
fn player(i: usize, spec: &str) -> Result<PlayerResult, ApiError> {
    let field = format!("player {}", i + 1);
    let Some((name, score)) = spec.rsplit_once(':') else {
        return Err(ApiError::bad(
            &field,
            format!("'{}' is not NAME:SCORE", excerpt(spec, 50)),
        ));
    };
    // Named by the person once the spec has a name (the seat number means little to people).
    let field = if name.trim().is_empty() {
        field
    } else {
        excerpt(name.trim(), 40)
    };
    let score = score.trim().parse::<i32>().map_err(|_| {
        ApiError::bad(
            &field,
            format!("the score is '{}', not a whole number", excerpt(score, 20)),
        )
    })?;
    Ok(PlayerResult {
        name: name.to_string(),
        score,
        role: None,
    })
}

/// The entry from the command line: `--player NAME:SCORE` in seat order, `--role NAME:ROLE`
/// for players who had one.
pub(crate) fn results_entry(
    game: String,
    players: &[String],
    roles: &[String],
    winners: Vec<String>,
    title: Option<String>,
    date: Option<String>,
) -> Result<ResultsEntry, ApiError> {
    let mut players: Vec<PlayerResult> = players
        .iter()
        .enumerate()
        .map(|(i, spec)| player(i, spec))
        .collect::<Result<_, _>>()?;
    for spec in roles {
        let at = players.iter().position(|p| {
            spec.len() > p.name.len()
                && spec.is_char_boundary(p.name.len())
                && spec[..p.name.len()].to_lowercase() == p.name.to_lowercase()
                && spec[p.name.len()..].starts_with(':')
        });
        let Some(at) = at else {
            return Err(ApiError::bad(
                "role",
                format!(
                    "'{}' is not NAME:ROLE for one of the players",
                    excerpt(spec, 50)
                ),
            ));
        };
        let name_len = players[at].name.len();
        players[at].role = Some(spec[name_len + 1..].to_string());
    }
    Ok(ResultsEntry {
        game,
        players,
        winners,
        title,
        date,
    })
}

/// The import report: what was matched, created and skipped.
pub(crate) fn import_text(r: &ImportReport) -> String {
    let list = |names: &[String]| match names.len() {
        0 => "none".to_string(),
        _ => names.join(", "),
    };
    let mut out = format!(
        "imported {} file: {} games added, {} already here\npeople created: {}\npeople matched: {}\n",
        r.format,
        r.games_added,
        r.games_already_here,
        list(&r.people_created),
        list(&r.people_matched)
    );
    if r.cards_added + r.cards_updated > 0 {
        out += &format!(
            "remembered cards: {} added, {} updated\n",
            r.cards_added, r.cards_updated
        );
    }
    for s in &r.skipped {
        out += &format!("skipped: {s}\n");
    }
    if let Some(b) = &r.backup {
        out += &format!("backup taken first: {b}\n");
    }
    out.trim_end().to_string()
}

/// Answer a History command; any other command is handed back.
pub(crate) fn run(
    steward: &mut Steward,
    json: bool,
    command: Command,
) -> Result<Option<Command>, ApiError> {
    match command {
        Command::RecordResult {
            game,
            players,
            winners,
            roles,
            title,
            date,
        } => {
            let entry = results_entry(game, &players, &roles, winners, title, date)?;
            let row = steward.record_result(&entry)?;
            print(json, &row, || {
                format!(
                    "recorded game #{}\n{}",
                    row.id,
                    history_text(std::slice::from_ref(&row))
                )
            });
        }
        Command::Stats {
            game,
            person,
            players,
            from,
            to,
        } => {
            let filter = stats::filter(steward, game, person, players, from, to)?;
            stats::count_in_terminal(steward)?;
            let s = steward.stats(&filter)?;
            print(json, &s, || stats::stats_text(&s));
        }
        Command::Export { format, out, force } => {
            let r = steward.export_with(&format, &out, force, &mut |_, _, _| {})?;
            print(json, &r, || {
                format!(
                    "exported {} games and {} people to {}",
                    r.games, r.people, r.path
                )
            });
        }
        Command::Import { file } => {
            let r = steward.import(&file)?;
            print(json, &r, || import_text(&r));
        }
        Command::Backup { file, force } => {
            steward.backup(&file, force)?;
            let shown = file.display().to_string();
            print(json, &shown, || {
                format!("backed up to {shown} (integrity checked)")
            });
        }
        Command::Abandon { id } => {
            let row = steward.abandon_game(id)?;
            print(json, &row, || history_text(std::slice::from_ref(&row)));
        }
        Command::DeleteGame { id, yes } => {
            if !yes {
                return Err(ApiError::bad(
                    "yes",
                    format!("deleting game #{id} with its log cannot be undone: add --yes"),
                ));
            }
            steward.delete_game(id)?;
            print(json, &Value::Bool(true), || format!("deleted game #{id}"));
        }
        Command::Restore { file } => print_restored(json, &steward.restore(&file)?),
        other => return Ok(Some(other)),
    }
    Ok(None)
}

/// What a restore did, in words or as JSON.
pub fn print_restored(json: bool, r: &RestoreReport) {
    print(json, r, || {
        format!(
            "restored from {}{}",
            r.restored_from,
            r.safety_copy
                .as_ref()
                .map(|s| format!("\nthe database as it was is kept in {s}"))
                .unwrap_or_default()
        )
    });
}
