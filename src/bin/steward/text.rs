//! The CLI's text answers (without `--json`): tables, scores, History and records.

use estate_steward::engine::{ScoreRow, Scoresheet};
use estate_steward::service::{GameInfo, GameRecord, TableView};
use estate_steward::store::GameRow;

pub(crate) fn table_text(v: &TableView) -> String {
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
        out += &format!("score: {} {}", row.name, total(row));
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

pub(crate) fn games_text(games: &[GameInfo]) -> String {
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

/// A seat's total as text: "no score" for a record kept with its winners only.
pub(crate) fn total(row: &ScoreRow) -> String {
    if row.unscored {
        "no score".into()
    } else {
        row.total.to_string()
    }
}

pub(crate) fn score_text(sheet: &Scoresheet) -> String {
    let mut out = String::new();
    for row in &sheet.rows {
        out += &format!("{}: {}\n", row.name, total(row));
        for (c, n) in sheet.categories.iter().zip(&row.breakdown) {
            out += &format!("  {c}: {n}\n");
        }
        if let Some(t) = &row.title {
            out += &format!("  title: {t}\n");
        }
    }
    out.trim_end().to_string()
}

pub(crate) fn history_text(rows: &[GameRow]) -> String {
    rows.iter()
        .map(|g| {
            let what = if g.results_only {
                format!(
                    "results only, played {}",
                    g.played_on.as_deref().unwrap_or("?")
                )
            } else {
                format!("{} actions", g.actions)
            };
            format!(
                "#{} {} {} [{}] {what}{}{}",
                g.id,
                g.game,
                g.players.join(", "),
                g.status,
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

pub(crate) fn record_text(r: &GameRecord) -> String {
    let mut out = if r.summary.results_only {
        format!(
            "#{} {} [{}] results only, played {}\n",
            r.summary.id,
            r.summary.game,
            r.summary.status,
            r.summary.played_on.as_deref().unwrap_or("?")
        )
    } else {
        format!(
            "#{} {} [{}] seed {}\n",
            r.summary.id, r.summary.game, r.summary.status, r.seed
        )
    };
    for row in &r.score.rows {
        out += &format!(
            "{}: {}{}{}\n",
            row.name,
            total(row),
            if row.winner { " (winner)" } else { "" },
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
