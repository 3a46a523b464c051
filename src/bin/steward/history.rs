//! The CLI's History commands: results-only records and the import report.

use estate_steward::engine::table::excerpt;
use estate_steward::service::{ApiError, PlayerResult, ResultsEntry};
use estate_steward::store::ImportReport;

/// `--player NAME:SCORE` (split at the last colon: a name may hold one).
fn player(i: usize, spec: &str) -> Result<PlayerResult, ApiError> {
    let field = format!("player {}", i + 1);
    let Some((name, score)) = spec.rsplit_once(':') else {
        return Err(ApiError::bad(
            &field,
            format!("'{}' is not NAME:SCORE", excerpt(spec, 50)),
        ));
    };
    let score = score.trim().parse::<i32>().map_err(|_| {
        ApiError::bad(
            &field,
            format!(
                "the score of '{}' is '{}', not a whole number",
                excerpt(name, 40),
                excerpt(score, 20)
            ),
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
