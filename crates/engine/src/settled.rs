//! Parts of a game's view that seldom change between two actions (a grid of cards, the cards
//! waiting for a description): serialized once per table, and their JSON text used again while
//! they stay equal.
//!
//! Serializing a view is most of what an action costs besides its commit (docs/benchmarks.md):
//! a Nine Estates grid is half of its view's text, and a pass leaves it as it was. A view marks
//! such a part by wrapping it in [`Settled`]; the table keeps a [`Memo`] and lends it to the
//! serialization of its view ([`Memo::lend`]). Equality is checked every time, so a part that
//! did change is always written afresh: the memo saves work, it never decides what is shown.
//!
//! The memo reaches `Settled`'s `Serialize` through a thread-local, set only while a table
//! serializes its own view as JSON text: any other serialization of a view (to a `Value`, by
//! another serializer) writes the part as it is.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;
use std::any::Any;
use std::cell::RefCell;
use std::ops::Deref;

/// A part of a view that seldom changes; it serializes exactly as the value it wraps.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(transparent)]
pub struct Settled<T>(pub T);

impl<T> Deref for Settled<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: specta::Type> specta::Type for Settled<T> {
    fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
        T::definition(types)
    }
}

/// One settled part as last written: the value and its JSON text.
struct Written {
    value: Box<dyn Any + Send>,
    json: Box<RawValue>,
}

/// The settled parts of a table's last view.
#[derive(Default)]
pub struct Memo {
    /// The parts the last serialization wrote, then (while one is under way) those it has not
    /// met again yet.
    last: Vec<Written>,
    /// The parts the serialization under way has written.
    now: Vec<Written>,
}

impl Memo {
    /// Runs `serialize` (a view's serialization to JSON text) with this memo in reach of the
    /// [`Settled`] parts it writes; afterwards the memo holds those parts only.
    pub fn lend<R>(&mut self, serialize: impl FnOnce() -> R) -> R {
        /// Puts the memo back where it came from, and a memo lent before it (a view serialized
        /// while another one is) back in reach, even if `serialize` unwinds.
        struct Lent<'a> {
            home: &'a mut Memo,
            outer: Option<Memo>,
        }
        impl Drop for Lent<'_> {
            fn drop(&mut self) {
                let outer = self.outer.take();
                if let Some(memo) = LENT.replace(outer) {
                    self.home.last = memo.now;
                }
            }
        }
        let memo = Memo {
            last: std::mem::take(&mut self.last),
            now: Vec::new(),
        };
        let outer = LENT.replace(Some(memo));
        let _back = Lent { home: self, outer };
        serialize()
    }
}

thread_local! {
    /// The memo of the table whose view this thread is serializing, if any.
    static LENT: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// What the lent memo says of a settled part about to be written.
enum Found {
    /// No memo is lent: an ordinary serialization.
    NoMemo,
    /// The part is as the last view wrote it (taken out of `last`).
    Same(Written),
    /// The part is new or changed: to be written.
    Changed,
}

fn look_up<T: PartialEq + 'static>(value: &T) -> Found {
    LENT.with_borrow_mut(|lent| {
        let Some(memo) = lent.as_mut() else {
            return Found::NoMemo;
        };
        // Looked for by value, not by place: a list whose head changed (the active cards) finds
        // its unchanged tail (the Estates) all the same.
        match memo
            .last
            .iter()
            .position(|w| w.value.downcast_ref::<T>() == Some(value))
        {
            Some(at) => Found::Same(memo.last.swap_remove(at)),
            None => Found::Changed,
        }
    })
}

/// Keeps a part the serialization under way wrote, for the next view.
fn keep(written: Written) {
    LENT.with_borrow_mut(|lent| {
        if let Some(memo) = lent.as_mut() {
            memo.now.push(written);
        }
    });
}

impl<T> Serialize for Settled<T>
where
    T: Serialize + PartialEq + Clone + Send + 'static,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match look_up(&self.0) {
            Found::NoMemo => self.0.serialize(serializer),
            Found::Same(written) => {
                let done = written.json.serialize(serializer);
                keep(written);
                done
            }
            Found::Changed => match serde_json::value::to_raw_value(&self.0) {
                Ok(json) => {
                    let done = json.serialize(serializer);
                    keep(Written {
                        value: Box::new(self.0.clone()),
                        json,
                    });
                    done
                }
                Err(_) => self.0.serialize(serializer),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct View {
        turn: u32,
        grid: Settled<Vec<String>>,
        names: Settled<Vec<String>>,
    }

    fn view(turn: u32, grid: &[&str]) -> View {
        View {
            turn,
            grid: Settled(grid.iter().map(|s| s.to_string()).collect()),
            names: Settled(vec!["Ana".into()]),
        }
    }

    fn text(memo: &mut Memo, view: &View) -> String {
        memo.lend(|| serde_json::to_string(view).expect("serializes"))
    }

    #[test]
    fn a_settled_part_reads_as_the_value_it_wraps() {
        let plain = serde_json::to_string(&view(3, &["a"])).expect("serializes");
        assert_eq!(plain, r#"{"turn":3,"grid":["a"],"names":["Ana"]}"#);
        let mut memo = Memo::default();
        assert_eq!(text(&mut memo, &view(3, &["a"])), plain);
        assert_eq!(text(&mut memo, &view(3, &["a"])), plain);
    }

    #[test]
    fn a_changed_part_is_written_afresh_and_an_unchanged_one_is_reused() {
        let mut memo = Memo::default();
        text(&mut memo, &view(1, &["a", "b"]));
        assert_eq!(memo.last.len(), 2);
        assert_eq!(
            text(&mut memo, &view(2, &["a", "c"])),
            r#"{"turn":2,"grid":["a","c"],"names":["Ana"]}"#
        );
        // The memo holds what was written last: changing it proves the next view reads it.
        for w in &mut memo.last {
            if w.value.downcast_ref::<Vec<String>>() == Some(&vec!["Ana".to_string()]) {
                w.json = RawValue::from_string(r#"["Bo"]"#.into()).expect("json");
            }
        }
        assert_eq!(
            text(&mut memo, &view(3, &["a", "c"])),
            r#"{"turn":3,"grid":["a","c"],"names":["Bo"]}"#
        );
        assert_eq!(
            text(&mut memo, &view(3, &["a", "d"])),
            r#"{"turn":3,"grid":["a","d"],"names":["Bo"]}"#
        );
    }

    #[test]
    fn a_memo_lent_inside_another_leaves_the_outer_one_its_parts() {
        let (mut outer, mut inner) = (Memo::default(), Memo::default());
        let text = outer.lend(|| {
            let nested = text(&mut inner, &view(1, &["x"]));
            assert_eq!(nested, r#"{"turn":1,"grid":["x"],"names":["Ana"]}"#);
            serde_json::to_string(&view(1, &["a"])).expect("serializes")
        });
        assert_eq!(text, r#"{"turn":1,"grid":["a"],"names":["Ana"]}"#);
        assert_eq!(inner.last.len(), 2);
        assert_eq!(outer.last.len(), 2, "the outer view's parts were kept");
    }

    #[test]
    fn the_memo_is_lent_only_for_the_serialization_it_was_lent_to() {
        let mut memo = Memo::default();
        text(&mut memo, &view(1, &["a"]));
        for w in &mut memo.last {
            w.json = RawValue::from_string(r#"["stale"]"#.into()).expect("json");
        }
        // Outside `lend`, a settled part is written as it is.
        let plain = serde_json::to_string(&view(1, &["a"])).expect("serializes");
        assert_eq!(plain, r#"{"turn":1,"grid":["a"],"names":["Ana"]}"#);
        let value = serde_json::to_value(view(1, &["a"])).expect("value");
        assert_eq!(value["grid"], serde_json::json!(["a"]));
    }
}
