//! A finished game as the statistics read it: its players' results, each with the categories
//! of its scoresheet, from `games` and `results` (or from what they were before a change). What
//! a game adds to the tallies is `tally`'s; this is only the reading.

/// One finished game as the statistics see it, read from `games` and `results` (or from what
/// they were before a change, to take its cells back).
#[derive(Debug, Clone, PartialEq)]
pub struct GameFacts {
    pub id: i64,
    /// The game's id (not its statistics key).
    pub game: String,
    pub n: i64,
    pub played_on: Option<String>,
    pub results: Vec<ResultFacts>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResultFacts {
    pub person: i64,
    pub seat: i64,
    /// None: a record that holds no score for this seat (counted for plays and wins, left out
    /// of every score figure).
    pub score: Option<i64>,
    pub rank: i64,
    pub winner: bool,
    pub title: Option<String>,
    pub role: Option<String>,
    /// The scoresheet as stored (`[[category, points], …]`): read by [`ResultFacts::categories`]
    /// only where a figure needs it (a query for one person reads only their own).
    pub breakdown: String,
}

impl ResultFacts {
    /// (position in the scoresheet, category, points).
    pub fn categories(&self) -> Vec<(i64, String, f64)> {
        categories_of(&self.breakdown)
    }
}

impl GameFacts {
    /// The half-month it was played in, as the tallies key it ([`period_of`]).
    pub fn period(&self) -> String {
        period_of(self.played_on.as_deref())
    }

    /// The winner's lead over the best other player, in a game of two or more players that has
    /// both with a score.
    pub fn margin(&self) -> Option<i64> {
        if self.n <= 1 {
            return None;
        }
        let best = |won: bool| {
            self.results
                .iter()
                .filter(|r| r.winner == won)
                .filter_map(|r| r.score)
                .max()
        };
        Some(best(true)? - best(false)?)
    }
}

/// The tallies' period of a day: the half of its month, "YYYY-MM-1" (days 1 to 15) or
/// "YYYY-MM-2" (from the 16th), so that a range of days counts at most 15 days at each end from
/// the games themselves. "" without a day; a day not written YYYY-MM-DD keeps its first seven
/// characters.
pub fn period_of(day: Option<&str>) -> String {
    let Some(day) = day else {
        return String::new();
    };
    let b = day.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    let dated = b.len() == 10 && b[4] == b'-' && b[7] == b'-';
    if !(dated && digits(0..4) && digits(5..7) && digits(8..10)) {
        return day.chars().take(7).collect();
    }
    let half = if &day[8..] <= "15" { 1 } else { 2 };
    format!("{}-{half}", &day[..7])
}

/// The categories of a stored breakdown (`[[category, points], …]`), as the statistics count
/// them: entries whose first element is text and second a number, at their position.
pub fn categories_of(breakdown: &str) -> Vec<(i64, String, f64)> {
    let Ok(serde_json::Value::Array(entries)) = serde_json::from_str(breakdown) else {
        return Vec::new();
    };
    entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let name = e.get(0)?.as_str()?;
            let points = e.get(1)?.as_f64()?;
            Some((i as i64, name.to_string(), points))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_breakdown_counts_text_and_number_pairs_at_their_place() {
        let got = categories_of(r#"[["Gold", 4], ["bad"], [3, 1], ["Half", 2.5]]"#);
        assert_eq!(got, vec![(0, "Gold".into(), 4.0), (3, "Half".into(), 2.5)]);
        assert!(categories_of("not json").is_empty());
        assert!(categories_of(r#"{"Gold": 4}"#).is_empty());
    }
}
