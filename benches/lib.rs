//! The paired-round measure both benches report with: a baseline and a measure timed in turn,
//! again and again, their medians compared, so that a shared machine's load, which changes
//! within a run, weighs on both sides alike.

use std::time::{Duration, Instant};

/// How long `f` took.
pub fn timed(f: impl FnOnce()) -> Duration {
    let started = Instant::now();
    f();
    started.elapsed()
}

/// The median of `v`, in milliseconds (0 for no rounds).
pub fn median(mut v: Vec<Duration>) -> f64 {
    v.sort_unstable();
    v.get(v.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1e3)
}

/// `rounds` of the baseline then the measure; the medians in milliseconds.
pub fn paired(
    rounds: usize,
    mut base: impl FnMut() -> Duration,
    mut ours: impl FnMut() -> Duration,
) -> (f64, f64) {
    let (mut b, mut o) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        b.push(base());
        o.push(ours());
    }
    (median(b), median(o))
}

/// One report line: `name: what ms / baseline ms = ratio (target)`.
pub fn line(
    name: &str,
    what: &str,
    (base, ours): (f64, f64),
    base_what: &str,
    target: &str,
) -> String {
    format!(
        "{name}: {what} {ours:.3} ms / {base_what} {base:.3} ms = {:.2}x ({target})\n",
        ours / base
    )
}

/// The workspace's target folder, where `bench-ratios.txt` is written.
pub fn target_dir() -> String {
    std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../target").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_gives_the_ratio_of_the_medians() {
        let ms = Duration::from_millis;
        let (base, ours) = paired(3, || ms(2), || ms(3));
        assert_eq!((base, ours), (2.0, 3.0));
        assert_eq!(
            line("act", "a", (base, ours), "b", "t"),
            "act: a 3.000 ms / b 2.000 ms = 1.50x (t)\n"
        );
        assert_eq!(median(vec![ms(5), ms(1), ms(9)]), 5.0);
    }
}
