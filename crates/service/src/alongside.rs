//! An action's view made on a second thread while its commit waits for the disk.
//!
//! A commit spends most of its time in `fsync` (about 0.1 ms here), idle; the view the client
//! receives takes a tenth of that to make and needs nothing from the commit. Made side by side,
//! an action costs its commit and little more (docs/benchmarks.md). The view is still shown
//! only after the commit succeeded: the caller gets both and drops the view on a failed commit.
//! The CPU time spent is the same; on a machine with one core the two simply take turns.

use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::OnceLock;

/// The one thread views are made on, started at the first action (none when the system
/// refuses a thread: then views are made before their commit, on the caller's thread).
fn view_thread() -> Option<&'static ThreadPool> {
    static POOL: OnceLock<Option<ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        ThreadPoolBuilder::new()
            .num_threads(1)
            .thread_name(|_| "steward-views".into())
            .build()
            .ok()
    })
    .as_ref()
}

/// `commit()` on this thread and `show()` on the view thread at the same time; both results.
/// A panic in either reaches the caller once both have ended: a commit made while its view
/// panicked stays made (the caller's table then holds a version the file has moved past, so
/// the next request reloads it), as it would if the view had been made after the commit.
pub(super) fn alongside<C, V: Send>(
    commit: impl FnOnce() -> C,
    show: impl Fn() -> V + Sync,
) -> (C, V) {
    let Some(pool) = view_thread() else {
        let shown = show();
        return (commit(), shown);
    };
    let mut shown = None;
    let committed = pool.in_place_scope(|scope| {
        scope.spawn(|_| shown = Some(show()));
        commit()
    });
    // A scope returns only once the jobs it spawned have finished, so `shown` is always there;
    // made again here rather than trusted blindly.
    let shown = shown.unwrap_or_else(&show);
    (committed, shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn the_view_is_made_while_the_commit_is_under_way() {
        // The "commit" waits until the "view" has started on the other thread: if they ran
        // one after the other (commit first) this would time out instead.
        let (started, seen) = mpsc::channel();
        let (committed, shown) = alongside(
            || seen.recv_timeout(Duration::from_secs(10)).is_ok(),
            || {
                let _ = started.send(());
                std::thread::current().name().map(str::to_owned)
            },
        );
        assert!(committed, "the view was not made during the commit");
        assert_eq!(shown.as_deref(), Some("steward-views"));
    }
}
