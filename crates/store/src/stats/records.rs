//! The figures of a tally that are not sums but depend on the order the games were played: a
//! person's winning runs with their high and low score ([`Run`], a monoid folded month after
//! month) and the records with where they were first reached ([`Top`]): the highest score and
//! the biggest margin.

use super::facts::GameFacts;
use super::tally::{Vals, MARGIN, TOP};

/// A [`SEQ`](super::tally::SEQ) cell's figures, combined in the order the games were played: a monoid, so the
/// months of a range fold into the whole range.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Run {
    pub results: i64,
    /// Results without a score: `high` and `low` are of the others.
    pub unscored: i64,
    pub high: i64,
    pub low: i64,
    pub contested: i64,
    pub lead: i64,
    pub trail: i64,
    pub best: i64,
}

impl Run {
    pub fn from_vals(v: &Vals) -> Run {
        Run {
            results: v.a,
            // A count kept in the cell's real column (the others are taken); exact far past
            // any number of games.
            unscored: v.x as i64,
            high: v.b,
            low: v.c,
            contested: v.d,
            lead: v.e,
            trail: v.f,
            best: v.g,
        }
    }

    pub fn vals(&self) -> Vals {
        Vals {
            a: self.results,
            b: self.high,
            c: self.low,
            d: self.contested,
            e: self.lead,
            f: self.trail,
            g: self.best,
            x: self.unscored as f64,
        }
    }

    /// How many of the results have a score.
    pub fn scored(&self) -> i64 {
        self.results - self.unscored
    }

    /// One more result (`None`: without a score), after the others.
    pub fn push(&mut self, score: Option<i64>, contested: bool, won: bool) {
        match score {
            Some(score) if self.scored() == 0 => (self.high, self.low) = (score, score),
            Some(score) => (self.high, self.low) = (self.high.max(score), self.low.min(score)),
            None => self.unscored += 1,
        }
        self.results += 1;
        if !contested {
            return;
        }
        if won {
            if self.lead == self.contested {
                self.lead += 1;
            }
            self.trail += 1;
            self.best = self.best.max(self.trail);
        } else {
            self.trail = 0;
        }
        self.contested += 1;
    }

    /// `self` followed by `later`.
    pub fn then(&self, later: &Run) -> Run {
        if self.results == 0 {
            return *later;
        }
        if later.results == 0 {
            return *self;
        }
        let all_won = |r: &Run| r.lead == r.contested;
        let (high, low) = match (self.scored(), later.scored()) {
            (0, _) => (later.high, later.low),
            (_, 0) => (self.high, self.low),
            _ => (self.high.max(later.high), self.low.min(later.low)),
        };
        Run {
            results: self.results + later.results,
            unscored: self.unscored + later.unscored,
            high,
            low,
            contested: self.contested + later.contested,
            lead: if all_won(self) {
                self.contested + later.lead
            } else {
                self.lead
            },
            trail: if all_won(later) {
                later.contested + self.trail
            } else {
                later.trail
            },
            best: self.best.max(later.best).max(self.trail + later.lead),
        }
    }
}

/// A [`TOP`] or [`MARGIN`] cell: `a` the score (or the margin), `e` the day played as YYYYMMDD (0 without one, first as in
/// SQL's order), `b` the game, `c` the seat, `d` the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Top {
    pub score: i64,
    pub day: i64,
    pub game: i64,
    pub seat: i64,
    pub person: i64,
}

/// Every record `game` holds: (its kind, whose (0: the per-game figures'), the record). Its
/// results' scores ([`TOP`]) for everyone and for each player; its margin ([`MARGIN`]), when it
/// has one, for everyone and for each winner.
pub fn records_of(game: &GameFacts) -> Vec<(&'static str, i64, Top)> {
    let mut out = Vec::with_capacity(2 * game.results.len() + 2);
    // The day read once for the game, not for each result.
    let day = day_number(game.played_on.as_deref());
    for r in &game.results {
        // A result without a score holds no record.
        let Some(score) = r.score else {
            continue;
        };
        let top = Top {
            score,
            day,
            game: game.id,
            seat: r.seat,
            person: r.person,
        };
        out.push((TOP, 0, top));
        out.push((TOP, r.person, top));
    }
    if let Some(margin) = game.margin() {
        let record = Top {
            score: margin,
            day,
            game: game.id,
            seat: 0,
            person: 0,
        };
        out.push((MARGIN, 0, record));
        for r in game.results.iter().filter(|r| r.winner) {
            out.push((MARGIN, r.person, record));
        }
    }
    out
}

/// A day as a number (YYYYMMDD), 0 without one: first, as in SQL's order.
fn day_number(day: Option<&str>) -> i64 {
    day.and_then(|d| d.replace('-', "").parse().ok())
        .unwrap_or(0)
}

impl Top {
    /// Whether `self` comes before `other` as the record: a higher score, or the same
    /// reached earlier.
    pub fn beats(&self, other: &Top) -> bool {
        (-self.score, self.day, self.game, self.seat)
            < (-other.score, other.day, other.game, other.seat)
    }

    pub fn from_vals(v: &Vals) -> Top {
        Top {
            score: v.a,
            day: v.e,
            game: v.b,
            seat: v.c,
            person: v.d,
        }
    }

    pub fn vals(&self) -> Vals {
        Vals {
            a: self.score,
            b: self.game,
            c: self.seat,
            d: self.person,
            e: self.day,
            ..Vals::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(results: &[(i64, bool, bool)]) -> Run {
        let scored: Vec<_> = results.iter().map(|&(s, c, w)| (Some(s), c, w)).collect();
        run_of(&scored)
    }

    fn run_of(results: &[(Option<i64>, bool, bool)]) -> Run {
        let mut r = Run::default();
        for &(score, contested, won) in results {
            r.push(score, contested, won);
        }
        r
    }

    #[test]
    fn runs_fold_in_order_to_the_same_figures_as_one_pass() {
        let seq = [
            (5, true, true),
            (9, true, true),
            (1, false, false),
            (3, true, false),
            (7, true, true),
            (8, true, true),
            (2, true, true),
            (4, true, false),
            (6, true, true),
        ];
        let whole = run(&seq);
        assert_eq!((whole.best, whole.lead, whole.trail), (3, 2, 1));
        assert_eq!(
            (whole.high, whole.low, whole.results, whole.contested),
            (9, 1, 9, 8)
        );
        for cut in 0..=seq.len() {
            for cut2 in cut..=seq.len() {
                let folded = run(&seq[..cut])
                    .then(&run(&seq[cut..cut2]))
                    .then(&run(&seq[cut2..]));
                assert_eq!(folded, whole, "cut at {cut} and {cut2}");
            }
        }
        assert_eq!(Run::from_vals(&whole.vals()), whole);
    }

    #[test]
    fn a_result_without_a_score_counts_for_runs_but_not_for_high_and_low() {
        let seq = [
            (None, true, true),
            (Some(4), true, true),
            (None, false, false),
            (Some(-2), true, false),
            (None, true, true),
            (Some(6), true, true),
            (None, true, false),
        ];
        let whole = run_of(&seq);
        assert_eq!((whole.results, whole.unscored, whole.scored()), (7, 4, 3));
        assert_eq!((whole.high, whole.low), (6, -2), "the unscored are no 0");
        assert_eq!((whole.best, whole.lead, whole.trail), (2, 2, 0));
        for cut in 0..=seq.len() {
            for cut2 in cut..=seq.len() {
                let folded = run_of(&seq[..cut])
                    .then(&run_of(&seq[cut..cut2]))
                    .then(&run_of(&seq[cut2..]));
                assert_eq!(folded, whole, "cut at {cut} and {cut2}");
            }
        }
        assert_eq!(Run::from_vals(&whole.vals()), whole);
        let none = run_of(&[(None, true, true), (None, true, false)]);
        assert_eq!((none.scored(), none.results), (0, 2));
        assert_eq!(none.then(&run_of(&[(Some(3), false, false)])).high, 3);
    }
}
