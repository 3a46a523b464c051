//! What a tally cell is: its key (the statistics game or [`ALL`], the player count or 0 for
//! any, the period played, a kind, a person (0: every result, for the per-game figures) and an
//! item within the kind: a score, a seat, a category, an opponent), the kinds, and its values.
//! The period is the column `month`: a half-month "YYYY-MM-1" or "YYYY-MM-2", its quarter
//! "YYYY-MM*", its year "YYYY-*", "" for a game without a day, or [`ALL`].

use rustc_hash::FxHashMap as HashMap;

/// The "any" level of the game and the month.
pub const ALL: &str = "*";

/// The year of a period (a half-month, "YYYY-MM-1" or "-2": see [`period_of`]) as the tallies
/// key it, "YYYY-*": a level between the periods and the whole time, so that a range of days
/// spanning whole years reads one cell for each instead of 24. Sorted before its first period
/// ('*' before '0'); none for "" (no day), [`ALL`] or a day that was not written YYYY-MM-DD.
///
/// [`period_of`]: super::facts::period_of
pub fn year_of(period: &str) -> Option<String> {
    dated_month(period).map(|_| format!("{}-*", &period[..4]))
}

/// The quarter of a period as the tallies key it, "YYYY-MM*" with MM its first month (01, 04,
/// 07 or 10): a level between the half-months and the year, so that a range's partial years
/// read at most three quarters and five half-months at each end rather than 23 half-months.
/// Sorted before its first half-month and after the year; none where [`year_of`] has none, or
/// for a month that is not 01 to 12.
pub fn quarter_of(period: &str) -> Option<String> {
    let month = dated_month(period).filter(|m| (1..=12).contains(m))?;
    Some(format!("{}-{:02}*", &period[..4], (month - 1) / 3 * 3 + 1))
}

/// The wider periods a period is kept in besides itself: its quarter and its year.
pub fn wider_periods(period: &str) -> impl Iterator<Item = String> {
    [quarter_of(period), year_of(period)].into_iter().flatten()
}

/// The month of a half-month's key, if it is one ("YYYY-MM-1" or "-2").
fn dated_month(period: &str) -> Option<u32> {
    let b = period.as_bytes();
    let dated =
        b.len() == 9 && b[4] == b'-' && b[7] == b'-' && b[..4].iter().all(u8::is_ascii_digit);
    dated.then(|| period[5..7].parse().ok()).flatten()
}

/// How wide a month key is: 0 a half-month (or "", no day, or the first characters of a day
/// not written YYYY-MM-DD), 1 a quarter, 2 a year, 3 [`ALL`]. A wider period's record is found
/// again from the narrower ones, so narrower ones first. Only keys of exactly the shapes
/// [`quarter_of`] and [`year_of`] write are wider: a key read back from the file is sliced by
/// them (see [`narrower_bounds`]).
pub fn width_of(key: &str) -> u8 {
    let b = key.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    match b.len() {
        _ if key == ALL => 3,
        6 if digits(0..4) && key.ends_with("-*") => 2,
        8 if digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'*' => 1,
        _ => 0,
    }
}

/// The keys a wider period's cells are the sum of lie in `key..end` (its own included): for a
/// year "YYYY-*" to "YYYY-~", for a quarter "YYYY-MM*" to its last month's "YYYY-MM~". None for
/// a half-month or [`ALL`].
pub fn narrower_bounds(key: &str) -> Option<(String, String)> {
    // `width_of` has checked the shape: the slices below are of ASCII digits.
    let (year, month) = (key.get(..4)?, key.get(5..7));
    match width_of(key) {
        2 => Some((key.to_string(), format!("{year}-~"))),
        1 => {
            let first: u32 = month?.parse().ok()?;
            Some((key.to_string(), format!("{year}-{:02}~", first + 2)))
        }
        _ => None,
    }
}

/// Games counted (person 0 only): `a` games.
pub const GAMES: &str = "games";
/// A person's results: `a` plays, `b` solo plays, `c` wins and `d` plays of games of two or
/// more players, `e` the sum of their scores, `f` the plays without a score (a record kept with
/// its winners only: its score figures leave it out), `x` the sum of 1/n over those games.
pub const PERSON: &str = "person";
/// Scores five by five (see [`ScoreCounts`]): `a` results with a score from `5 * sub` to
/// `5 * sub + 4`, and `b` to `f` of them with each of those five scores in turn. Exact, and a
/// fifth of the cells of one per score: a person's distribution over months is most of the
/// cells a statistics query reads.
pub const SCORE: &str = "score";

/// How many scores one [`SCORE`] cell holds.
pub const SCORES_PER_CELL: i64 = 5;

/// The shape of the cells, written beside the tallies: counted by an earlier shape, they are
/// counted again from the games at the next query. 2: scores five by five; 3: a person's own
/// per-game cells month by month at every player count too; 4: the biggest margin; 5: years;
/// 6: half-months in place of months; 7: quarters.
pub const SHAPE: i64 = 7;
/// `a` results whose scoresheet had the category `item` at position `sub`, `x` its points.
pub const CATEGORY: &str = "category";
/// Games of two or more players: `a` results at seat `sub` (0 first), `b` of them won.
pub const SEAT: &str = "seat";
/// `a` results with the role `item`, `b` of them in games of two or more players, `c` won
/// there, `e` the sum of their scores, `f` those without a score.
pub const ROLE: &str = "role";
/// `a` results with the solo title `item`.
pub const TITLE: &str = "title";
/// `person` against the opponent `sub`: `a` games together, `b` ranked above, `c` below.
pub const PAIR: &str = "pair";
/// The highest score and where it was first reached ([`Top`](super::records::Top)): not a sum but the best result
/// by score, then day, game and seat; taking a game back that holds one counts it again.
pub const TOP: &str = "top";

/// The biggest margin (the winner's lead over the best other player) and where it was first
/// reached, as a [`Top`](super::records::Top) with the margin as its score: of every game of two or more players
/// with a winner and a loser (person 0), or of the games the person won.
pub const MARGIN: &str = "margin";

/// The kinds that are records, not sums (see [`TOP`]).
pub const RECORDS: [&str; 2] = [TOP, MARGIN];

/// In the order the games were played, one person's half-month (not kept by year): `a` results, `b` the highest score,
/// `c` the lowest, `d` results in games of two or more players, `e` wins before the first
/// loss, `f` wins after the last loss, `g` the longest run of wins, `x` the results without a
/// score (not in `b` or `c`) ([`Run`]).
pub const SEQ: &str = "seq";

/// A cell's key in memory: its texts (the game, the month, the item) as numbers given out by
/// the tally's [`Names`], so that counting a game allocates nothing (a count from nothing
/// makes tens of millions of these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellKey {
    pub game: u32,
    pub n: i64,
    pub kind: &'static str,
    pub month: u32,
    pub person: i64,
    pub item: u32,
    pub sub: i64,
}

/// The texts of a tally's cell keys, each given a number once.
#[derive(Debug, Default)]
pub struct Names {
    ids: HashMap<String, u32>,
    names: Vec<String>,
}

impl Names {
    pub fn id(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.ids.insert(name.to_string(), id);
        self.names.push(name.to_string());
        id
    }

    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", String::as_str)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Vals {
    pub a: i64,
    pub b: i64,
    pub c: i64,
    pub d: i64,
    pub e: i64,
    pub f: i64,
    pub g: i64,
    pub x: f64,
}

impl Vals {
    /// Add `o` to these values (`sign` 1), or take it back (-1).
    pub fn add(&mut self, o: &Vals, sign: i64) {
        self.a += sign * o.a;
        self.b += sign * o.b;
        self.c += sign * o.c;
        self.d += sign * o.d;
        self.e += sign * o.e;
        self.f += sign * o.f;
        self.g += sign * o.g;
        self.x += sign as f64 * o.x;
    }

    /// The sum of two cells of an additive kind.
    pub fn plus(&self, o: &Vals) -> Vals {
        let mut v = *self;
        v.add(o, 1);
        v
    }
}

/// The scores of a [`SCORE`] cell, one count per score.
pub struct ScoreCounts;

impl ScoreCounts {
    /// The cell (`sub`) a score is counted in.
    pub fn cell_of(score: i64) -> i64 {
        score.div_euclid(SCORES_PER_CELL)
    }

    /// One result with `score`, as its cell counts it.
    pub fn one(score: i64) -> Vals {
        let mut v = Vals {
            a: 1,
            ..Vals::default()
        };
        match score.rem_euclid(SCORES_PER_CELL) {
            0 => v.b = 1,
            1 => v.c = 1,
            2 => v.d = 1,
            3 => v.e = 1,
            _ => v.f = 1,
        }
        v
    }

    /// Each score of cell `sub` with how many results had it (none left out, zeros included).
    pub fn scores(sub: i64, v: &Vals) -> [(i64, i64); SCORES_PER_CELL as usize] {
        // In 128 bits: the cells at either end of i64 hold scores beyond it (always counted 0).
        let first = i128::from(sub) * i128::from(SCORES_PER_CELL);
        let at = |i: i128| (first + i).clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
        [
            (at(0), v.b),
            (at(1), v.c),
            (at(2), v.d),
            (at(3), v.e),
            (at(4), v.f),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_cell_holds_five_scores_exactly_below_zero_too() {
        let mut cells: std::collections::BTreeMap<i64, Vals> = Default::default();
        for score in [-6, -5, -1, 0, 4, 5, 9, 9, 12] {
            let v = cells.entry(ScoreCounts::cell_of(score)).or_default();
            *v = v.plus(&ScoreCounts::one(score));
        }
        assert_eq!(
            cells.keys().copied().collect::<Vec<_>>(),
            vec![-2, -1, 0, 1, 2]
        );
        let back: Vec<(i64, i64)> = cells
            .iter()
            .flat_map(|(sub, v)| ScoreCounts::scores(*sub, v))
            .filter(|&(_, n)| n > 0)
            .collect();
        assert_eq!(
            back,
            vec![
                (-6, 1),
                (-5, 1),
                (-1, 1),
                (0, 1),
                (4, 1),
                (5, 1),
                (9, 2),
                (12, 1)
            ]
        );
        assert!(cells.values().all(|v| v.a == v.b + v.c + v.d + v.e + v.f));
        // The extremes neither overflow nor land in the wrong cell.
        for score in [i64::MIN, i64::MAX] {
            let sub = ScoreCounts::cell_of(score);
            let one = ScoreCounts::one(score);
            assert!(
                ScoreCounts::scores(sub, &one).contains(&(score, 1)),
                "{score}"
            );
        }
    }

    #[test]
    fn a_half_month_is_kept_in_its_quarter_and_year_which_sort_apart_from_it() {
        let wider = |p: &str| wider_periods(p).collect::<Vec<_>>();
        assert_eq!(wider("2024-01-1"), ["2024-01*", "2024-*"]);
        assert_eq!(wider("2024-03-2"), ["2024-01*", "2024-*"]);
        assert_eq!(wider("2024-04-1"), ["2024-04*", "2024-*"]);
        assert_eq!(wider("2024-12-2"), ["2024-10*", "2024-*"]);
        // No day, the whole time, a month that is not one: no wider period but the year's.
        assert!(wider("").is_empty() && wider(ALL).is_empty());
        assert_eq!(wider("2024-13-1"), ["2024-*"]);
        assert_eq!(
            ["2024-10-2", "2024-*", "2024-04*", "2024-04-1", ALL, ""].map(width_of),
            [0, 2, 1, 0, 3, 0]
        );
        // A range of half-months' keys never takes in a quarter or a year: they end in '*'.
        assert!("2024-04*" < "2024-04-1" && "2024-*" < "2024-01*");
        // A quarter's narrower periods are its six half-months, not the next quarter's.
        let (lo, end) = narrower_bounds("2024-04*").unwrap();
        let inside = |k: &str| lo.as_str() <= k && k < end.as_str();
        assert!(inside("2024-04-1") && inside("2024-06-2") && inside("2024-04*"));
        assert!(!inside("2024-07*") && !inside("2024-03-2") && !inside("2024-07-1"));
        let (lo, end) = narrower_bounds("2024-*").unwrap();
        assert!(lo.as_str() <= "2024-01*" && "2024-12-2" < end.as_str() && "2025-*" > end.as_str());
        assert_eq!(narrower_bounds("2024-04-1"), None);
        assert_eq!(narrower_bounds(ALL), None);
        // Keys written from days another program stored as anything: never a wider period,
        // never sliced inside a character.
        for odd in [
            "abcd€*",
            "ab€de-*",
            "2024-€*",
            "€€-*",
            "2024-0a*",
            "abcdefg*",
        ] {
            assert_eq!((width_of(odd), narrower_bounds(odd)), (0, None), "{odd}");
        }
    }
}
