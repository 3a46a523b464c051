//! `steward stats`: the filter from the command line and the statistics as text.

use estate_steward::service::{ApiError, Stats, Steward};
use estate_steward::store::{GameStats, PersonStats, StatsFilter};

/// The filter: `--person` is a saved person's name (ignoring case) or `#id`.
pub(crate) fn filter(
    steward: &Steward,
    game: Option<String>,
    person: Option<String>,
    players: Option<u8>,
    from: Option<String>,
    to: Option<String>,
) -> Result<StatsFilter, ApiError> {
    let person = person
        .map(|p| crate::people::person_id(steward, &p))
        .transpose()?;
    Ok(StatsFilter {
        game,
        person,
        players,
        from,
        to,
    })
}

fn percent(rate: Option<f64>) -> String {
    rate.map(|r| format!("{:.0}%", r * 100.0))
        .unwrap_or_else(|| "–".into())
}

/// A score figure with one decimal, or a dash where no play had a score.
fn figure(value: Option<f64>) -> String {
    value
        .map(|v| format!("{v:.1}"))
        .unwrap_or_else(|| "–".into())
}

/// A score, or a dash where no play had one.
fn score(value: Option<i32>) -> String {
    value.map_or_else(|| "–".into(), |v| v.to_string())
}

fn person_text(p: &PersonStats) -> String {
    let mut out = format!(
        "  {}: {} plays ({} solo), {} wins, win rate {} (by chance {}), score average {}, high {}, low {}, longest winning streak {}\n",
        p.name,
        p.plays,
        p.solo_plays,
        p.wins,
        percent(p.win_rate),
        percent(p.expected_win_rate),
        figure(p.average_score),
        score(p.high_score),
        score(p.low_score),
        p.longest_streak
    );
    for h in &p.head_to_head {
        out += &format!(
            "    vs {}: {} games, ahead {}, behind {}, tied {}\n",
            h.opponent, h.games, h.ahead, h.behind, h.tied
        );
    }
    out
}

fn game_text(g: &GameStats) -> String {
    let mut out = format!("  {}: {} plays\n", g.game, g.plays);
    let list = |items: Vec<String>| items.join(", ");
    if !g.scores.is_empty() {
        out += &format!(
            "    scores: {}\n",
            list(
                g.scores
                    .iter()
                    .map(|b| match b.from == b.to {
                        true => format!("{}: {}", b.from, b.count),
                        false => format!("{}–{}: {}", b.from, b.to, b.count),
                    })
                    .collect()
            )
        );
    }
    if !g.categories.is_empty() {
        out += &format!(
            "    category averages: {}\n",
            list(
                g.categories
                    .iter()
                    .map(|c| format!("{} {:.1}", c.category, c.average))
                    .collect()
            )
        );
    }
    if !g.by_seat.is_empty() {
        out += &format!(
            "    win rate by seat: {}\n",
            list(
                g.by_seat
                    .iter()
                    .map(|s| format!(
                        "seat {} {}/{} ({})",
                        s.seat,
                        s.wins,
                        s.plays,
                        percent(Some(s.win_rate))
                    ))
                    .collect()
            )
        );
    }
    if !g.by_role.is_empty() {
        out += &format!(
            "    by role: {}\n",
            list(
                g.by_role
                    .iter()
                    .map(|r| format!(
                        "{} {} wins in {} ({}), average {}",
                        r.role,
                        r.wins,
                        r.plays,
                        percent(r.win_rate),
                        figure(r.average_score)
                    ))
                    .collect()
            )
        );
    }
    if !g.titles.is_empty() {
        out += &format!(
            "    titles: {}\n",
            list(
                g.titles
                    .iter()
                    .map(|t| format!("{} ×{}", t.title, t.count))
                    .collect()
            )
        );
    }
    if let Some(h) = &g.highest_score {
        out += &format!(
            "    highest score: {} by {} (#{})\n",
            h.score, h.name, h.game_id
        );
    }
    if let Some(m) = &g.biggest_margin {
        out += &format!(
            "    biggest margin: {} by {} (#{})\n",
            m.margin,
            m.winners.join(" and "),
            m.game_id
        );
    }
    out
}

/// Count the games for the statistics first, saying how far a long count has gone on a
/// terminal ("Counting games for the statistics: 40%"), on one line that it then clears.
pub(crate) fn count_in_terminal(steward: &Steward) -> Result<(), ApiError> {
    use std::io::IsTerminal;
    let terminal = std::io::stderr().is_terminal();
    let mut shown: Option<String> = None;
    steward.count_stats(&mut |done, total| {
        let words = estate_steward::service::counting_words(done, total);
        if terminal && shown.as_ref() != Some(&words) {
            eprint!("\r{words}   ");
            shown = Some(words);
        }
    })?;
    if shown.is_some() {
        eprint!("\r{:60}\r", "");
    }
    Ok(())
}

pub(crate) fn stats_text(s: &Stats) -> String {
    let mut out = format!("{} games\n", s.plays);
    if !s.people.is_empty() {
        out += "People:\n";
        out += &s.people.iter().map(person_text).collect::<String>();
    }
    if !s.games.is_empty() {
        out += "Games:\n";
        out += &s.games.iter().map(game_text).collect::<String>();
    }
    out.trim_end().to_string()
}
