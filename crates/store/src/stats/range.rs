//! Which periods a range of days covers: its whole years, quarters and half-months, read from
//! the tallies, and the days of a half-month only partly inside it (at most 15 at each end),
//! counted from the games.

use super::facts::period_of;
use super::tally::{quarter_of, year_of};
use crate::StoreError;
use chrono::{Datelike, Days, NaiveDate};

/// A filter's day (`field` names it in the refusal of one not written YYYY-MM-DD).
pub(super) fn day(field: &str, text: &str) -> Result<NaiveDate, StoreError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| StoreError::Invalid {
        field: field.into(),
        message: format!("{text} is not a day (YYYY-MM-DD)"),
    })
}

/// The first day of the half-month holding `d` (the 1st or the 16th).
fn period_start(d: NaiveDate) -> NaiveDate {
    d.with_day(if d.day() <= 15 { 1 } else { 16 }).unwrap_or(d)
}

/// The last day of the half-month holding `d` (the 15th or the month's last).
fn period_end(d: NaiveDate) -> NaiveDate {
    if d.day() <= 15 {
        return d.with_day(15).unwrap_or(d);
    }
    let next = d
        .with_day(1)
        .and_then(|first| first.checked_add_months(chrono::Months::new(1)));
    next.and_then(|n| n.checked_sub_days(Days::new(1)))
        .unwrap_or(d)
}

/// The tallies' key of the half-month holding `d`.
fn period(d: NaiveDate) -> String {
    period_of(Some(&d.format("%Y-%m-%d").to_string()))
}

/// The whole half-months of `from..=to` (inclusive bounds, either open) and the partial ones'
/// day ranges (at most 15 days at each end).
pub(super) fn plan(
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> (Option<String>, Option<String>, Vec<(NaiveDate, NaiveDate)>) {
    let mut edges = Vec::new();
    let lo = from.map(|f| {
        if f == period_start(f) {
            period(f)
        } else {
            let end = to.map_or(period_end(f), |t| t.min(period_end(f)));
            if f <= end {
                edges.push((f, end));
            }
            period(period_end(f) + Days::new(1))
        }
    });
    let hi = to.map(|t| {
        if t == period_end(t) {
            period(t)
        } else {
            let start = from.map_or(period_start(t), |f| f.max(period_start(t)));
            if start <= t && !edges.contains(&(start, t)) {
                edges.push((start, t));
            }
            period(period_start(t) - Days::new(1))
        }
    });
    (lo, hi, edges)
}

/// The whole periods a dated view covers, as JSON lists of their keys in order, worked out
/// once per view: a view's figures read the table about forty times, and listing the periods
/// each time was about a twelfth of a long range's query. `None` without days, or when a range open
/// at one end covers periods it cannot list.
#[derive(Default)]
pub(super) struct Periods {
    /// A whole year inside the range as its year's key (see [`year_of`]), and a whole quarter
    /// outside whole years as its quarter's (see [`quarter_of`]).
    wide: Option<String>,
    /// Every half-month, for the figures read month by month.
    by_half: Option<String>,
}

impl Periods {
    pub(super) fn between(lo: &str, hi: &str, dated: bool) -> Periods {
        if !dated {
            return Periods::default();
        }
        Periods {
            wide: listed(lo, hi, true),
            by_half: listed(lo, hi, false),
        }
    }
}

/// The half-months `lo..=hi` (their keys), with each whole year and quarter as its own key if
/// `wide`.
fn listed(lo: &str, hi: &str, wide: bool) -> Option<String> {
    // A key's first day: "YYYY-MM-1" the 1st, "YYYY-MM-2" the 16th.
    let first = |key: &str| {
        let day = if key.ends_with("-2") { 16 } else { 1 };
        NaiveDate::parse_from_str(&format!("{}-{day:02}", key.get(..7)?), "%Y-%m-%d").ok()
    };
    let (mut at, last) = (first(lo)?, first(hi)?);
    let mut periods = Vec::new();
    while at <= last {
        // The last half-month of the year and of the quarter starting at `at`, if it starts one.
        let starts = wide && at.day() == 1;
        let year_end = (starts && at.month() == 1)
            .then(|| at.with_month(12).and_then(|d| d.with_day(16)))
            .flatten();
        let quarter_end = (starts && at.month() % 3 == 1)
            .then(|| at.with_month(at.month() + 2).and_then(|d| d.with_day(16)))
            .flatten();
        let half = period(at);
        match (year_end, quarter_end) {
            (Some(end), _) if end <= last => {
                periods.push(year_of(&half).unwrap_or(half));
                at = end;
            }
            (_, Some(end)) if end <= last => {
                periods.push(quarter_of(&half).unwrap_or(half));
                at = end;
            }
            _ => periods.push(half),
        }
        at = period_end(at).checked_add_days(Days::new(1))?;
    }
    Some(serde_json::Value::from(periods).to_string())
}

impl Periods {
    /// The whole periods (see [`Periods`]): whole years and quarters as such if `wide`, else
    /// every half-month.
    pub(super) fn listed(&self, wide: bool) -> Option<&str> {
        if wide { &self.wide } else { &self.by_half }.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        day("day", s).unwrap()
    }

    #[test]
    fn a_range_is_whole_half_months_and_the_days_of_partial_ones() {
        let (lo, hi, edges) = plan(Some(d("2025-01-10")), Some(d("2025-04-20")));
        assert_eq!(
            (lo.as_deref(), hi.as_deref()),
            (Some("2025-01-2"), Some("2025-04-1"))
        );
        assert_eq!(
            edges,
            vec![
                (d("2025-01-10"), d("2025-01-15")),
                (d("2025-04-16"), d("2025-04-20"))
            ]
        );
        let (lo, hi, edges) = plan(Some(d("2024-02-01")), Some(d("2024-02-29")));
        assert_eq!(
            (lo.as_deref(), hi.as_deref()),
            (Some("2024-02-1"), Some("2024-02-2"))
        );
        assert!(edges.is_empty());
        let (lo, hi, edges) = plan(Some(d("2024-02-16")), Some(d("2024-03-15")));
        assert_eq!(
            (lo.as_deref(), hi.as_deref()),
            (Some("2024-02-2"), Some("2024-03-1"))
        );
        assert!(edges.is_empty());
        // Inside one half-month: one partial range, no whole one.
        let (lo, hi, edges) = plan(Some(d("2025-01-03")), Some(d("2025-01-12")));
        assert!(lo > hi, "{lo:?} {hi:?}");
        assert_eq!(edges, vec![(d("2025-01-03"), d("2025-01-12"))]);
        let (lo, hi, edges) = plan(None, Some(d("2025-12-30")));
        assert_eq!((lo, hi.as_deref()), (None, Some("2025-12-1")));
        assert_eq!(edges, vec![(d("2025-12-16"), d("2025-12-30"))]);
    }

    #[test]
    fn whole_years_and_quarters_are_read_as_such_unless_asked_month_by_month() {
        let view = |from: &str, to: &str| {
            let (lo, hi, _) = plan(Some(d(from)), Some(d(to)));
            Periods::between(&lo.unwrap(), &hi.unwrap(), true)
        };
        let v = view("2023-12-16", "2025-01-15");
        assert_eq!(
            v.listed(true).unwrap(),
            r#"["2023-12-2","2024-*","2025-01-1"]"#
        );
        let monthly = v.listed(false).unwrap();
        assert!(monthly.starts_with(r#"["2023-12-2","2024-01-1","2024-01-2","2024-02-1""#));
        assert_eq!(monthly.matches(',').count() + 1, 1 + 24 + 1);
        // A year not wholly inside: its whole quarters and the other half-months.
        let v = view("2024-01-16", "2024-12-31");
        assert_eq!(
            v.listed(true).unwrap(),
            r#"["2024-01-2","2024-02-1","2024-02-2","2024-03-1","2024-03-2","2024-04*","2024-07*","2024-10*"]"#
        );
        let v = view("2024-02-01", "2024-09-15");
        assert_eq!(
            v.listed(true).unwrap(),
            r#"["2024-02-1","2024-02-2","2024-03-1","2024-03-2","2024-04*","2024-07-1","2024-07-2","2024-08-1","2024-08-2","2024-09-1"]"#
        );
    }
}
