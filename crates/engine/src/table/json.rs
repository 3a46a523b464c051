//! Strict JSON input for every game at once: text parsed with duplicate keys refused, typed
//! values read with unknown fields refused (read, write back, and name any input key the typed
//! value did not keep), and serde's messages put in plain words that echo little of the input.

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// A request field that could not be read: which field, and why in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput {
    pub field: String,
    pub message: String,
}

impl BadInput {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        BadInput {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// At most `max` characters of `text`, control characters escaped (`\n`, `\u{1b}`), with "…"
/// when cut: what a message may echo of someone's input.
pub fn excerpt(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// serde's words for types, in the table's words.
fn plain_type(t: &str) -> String {
    let t = t.trim();
    let number = |what: &str| format!("{what} number");
    match t {
        "u8" | "u16" | "u32" | "u64" | "usize" => number("a whole, non-negative"),
        "i8" | "i16" | "i32" | "i64" | "isize" => number("a whole"),
        "f32" | "f64" => "a number".into(),
        "a sequence" | "a tuple" => "a list".into(),
        "a map" => "an object".into(),
        "a string" | "string" => "text".into(),
        "a boolean" | "boolean" => "true or false".into(),
        "unit" | "null" => "null".into(),
        _ if t.starts_with("struct ") || t.starts_with("internally tagged enum") => {
            "an object".into()
        }
        _ if t.starts_with("a string ") || t.starts_with("string ") => {
            format!(
                "text {}",
                excerpt(t.split_once(' ').map_or("", |p| p.1), 60)
            )
        }
        _ if t.starts_with("integer ") || t.starts_with("floating point ") => {
            let value = t.rsplit(' ').next().unwrap_or("").trim_matches('`');
            format!("the number {}", excerpt(value, 30))
        }
        _ => excerpt(&t.replace('`', "'"), 60),
    }
}

/// serde_json's message without jargon or positions, echoing at most a few words of input.
pub fn plain(message: &str) -> String {
    let message = match message.find(" at line ") {
        Some(i) => &message[..i],
        None => message,
    };
    let quoted = |s: &str| excerpt(s.trim_matches('`'), 40);
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (name, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let choices = expected.trim_start_matches("one of ").replace('`', "");
        return format!(
            "'{}' is not one of: {}",
            quoted(name),
            excerpt(&choices, 200)
        );
    }
    if let Some(name) = message.strip_prefix("missing field ") {
        return format!("'{}' is missing", quoted(name));
    }
    if let Some(name) = message.strip_prefix("unknown field ") {
        let name = name.split(',').next().unwrap_or(name);
        return format!("there is no field '{}'", quoted(name));
    }
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
    {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "?"));
        return format!(
            "{} where {} is expected",
            plain_type(found),
            plain_type(expected)
        );
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "?"));
        return format!("{found} items where {} are expected", plain_type(expected));
    }
    excerpt(&message.replace('`', "'"), 120)
}

/// Read JSON text into a value, refusing a key given twice in one object (serde_json would keep
/// the last silently) and trailing text.
pub fn parse_text(field: &str, text: &str) -> Result<Value, BadInput> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            let what = e.to_string();
            let column =
                (e.line() > 0).then(|| format!(" (line {}, column {})", e.line(), e.column()));
            let message = match e.classify() {
                serde_json::error::Category::Data => plain(&what),
                _ => format!("not valid JSON: {}", plain(&what)),
            };
            BadInput::new(field, message + &column.unwrap_or_default())
        })?;
    Ok(value)
}

struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Strict)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "the key '{}' appears twice in one object",
                    excerpt(&key, 40)
                )));
            }
            let value = map.next_value_seed(Strict)?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

/// The first key of `input` (as a dotted path) that `kept` does not have at the same place.
pub fn unkept_key(input: &Value, kept: &Value) -> Option<String> {
    match (input, kept) {
        (Value::Object(given), Value::Object(read)) => {
            given.iter().find_map(|(k, v)| match read.get(k) {
                None => Some(excerpt(k, 40)),
                Some(r) => unkept_key(v, r).map(|inner| format!("{}.{inner}", excerpt(k, 40))),
            })
        }
        (Value::Array(given), Value::Array(read)) => given
            .iter()
            .zip(read)
            .enumerate()
            .find_map(|(i, (g, r))| unkept_key(g, r).map(|inner| format!("{i}.{inner}"))),
        _ => None,
    }
}

/// The first place (as a dotted path, empty for the whole) where `input` gives a value of
/// another kind than the one `kept` read back: a list for a record (`--options '[]'`), a number
/// for a name (`{"kind": 0}`, which serde reads as the first variant of an enum tagged by
/// `kind`). A `null` given is left to the type (a default where it has one).
pub fn reshaped(input: &Value, kept: &Value) -> Option<String> {
    let kind = |v: &Value| match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    };
    match (input, kept) {
        (Value::Null, _) => None,
        (Value::Object(given), Value::Object(read)) => given.iter().find_map(|(k, v)| {
            let inner = reshaped(v, read.get(k)?)?;
            Some(join(&excerpt(k, 40), &inner))
        }),
        (Value::Array(given), Value::Array(read)) => given
            .iter()
            .zip(read)
            .enumerate()
            .find_map(|(i, (g, r))| Some(join(&i.to_string(), &reshaped(g, r)?))),
        (g, r) if kind(g) != kind(r) => Some(String::new()),
        _ => None,
    }
}

fn join(head: &str, tail: &str) -> String {
    if tail.is_empty() {
        head.to_string()
    } else {
        format!("{head}.{tail}")
    }
}

/// What a value of this JSON kind is called in a refusal.
fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "yes or no",
        Value::Number(_) => "a number",
        Value::String(_) => "a name or text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a record of named fields",
    }
}

/// The value at a dotted `path` of `v`.
fn at_path<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    if path.is_empty() {
        return Some(v);
    }
    path.split('.').try_fold(v, |v, key| match v {
        Value::Object(m) => m.get(key),
        Value::Array(a) => a.get(key.parse::<usize>().ok()?),
        _ => None,
    })
}

/// The part of `after` that `before` lacks: the first key added (depth first), if any.
pub fn added_part<'a>(before: &Value, after: &'a Value) -> Option<&'a Value> {
    let (Value::Object(b), Value::Object(a)) = (before, after) else {
        return None;
    };
    a.iter().find_map(|(k, v)| match b.get(k) {
        None => Some(v),
        Some(old) if old != v => added_part(old, v),
        Some(_) => None,
    })
}

/// Read a typed value from JSON strictly: the typed value must keep every key given.
pub fn read_strict<T: DeserializeOwned + Serialize>(
    value: &Value,
    field: &str,
) -> Result<T, BadInput> {
    let typed: T = read_lenient(value, field)?;
    let kept = serde_json::to_value(&typed).unwrap_or(Value::Null);
    if let Some(path) = unkept_key(value, &kept) {
        return Err(BadInput::new(
            format!("{field}.{path}"),
            format!("unknown field '{path}' (the game does not read it)"),
        ));
    }
    match reshaped(value, &kept) {
        Some(path) => {
            let (given, wanted) = (at_path(value, &path), at_path(&kept, &path));
            let name = |v: Option<&Value>| v.map_or("something else", kind_name);
            Err(BadInput::new(
                join(field, &path),
                format!("{} is expected here, not {}", name(wanted), name(given)),
            ))
        }
        None => Ok(typed),
    }
}

/// Read a typed value from JSON as serde does (unknown keys ignored): for what is stored.
pub fn read_lenient<T: DeserializeOwned>(value: &Value, field: &str) -> Result<T, BadInput> {
    T::deserialize(value).map_err(|e| BadInput::new(field, plain(&e.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_list_for_a_record_or_a_number_for_a_name_is_refused_by_place() {
        #[derive(serde::Deserialize, serde::Serialize, Default, Debug)]
        #[serde(default)]
        struct Options {
            all: bool,
            setup: Option<Setup>,
        }
        #[derive(serde::Deserialize, serde::Serialize, Debug)]
        #[serde(tag = "kind")]
        enum Setup {
            Draw,
            Deal,
        }
        let e = read_strict::<Options>(&json!([]), "options").unwrap_err();
        assert!(
            e.message
                .contains("a record of named fields is expected here, not a list"),
            "{e}"
        );
        assert_eq!(e.field, "options");
        // serde itself refuses a variant's number where its name is tagged.
        assert!(read_strict::<Options>(&json!({"setup": {"kind": 0}}), "options").is_err());
        let e = read_strict::<Options>(&json!({"setup": []}), "options").unwrap_err();
        assert!(e.field.starts_with("options"), "{e}");
        assert!(read_strict::<Options>(&json!({"setup": {"kind": "Deal"}}), "options").is_ok());
        assert!(read_strict::<Options>(&json!({"setup": null}), "options").is_ok());
    }

    #[test]
    fn a_key_given_twice_is_refused_by_name() {
        let e = parse_text("action", r#"{"type":"Pass","type":"Bid"}"#).unwrap_err();
        assert!(e.message.contains("'type' appears twice"), "{e}");
        assert!(parse_text("action", r#"{"a":{"b":1},"c":{"b":2}}"#).is_ok());
        let e = parse_text("action", "{not json").unwrap_err();
        assert!(e.message.starts_with("not valid JSON"), "{e}");
        assert!(parse_text("action", "{} x").is_err(), "trailing text");
    }

    #[test]
    fn keys_the_typed_value_did_not_keep_are_named_with_their_path() {
        let kept = json!({"type": "Bid", "amount": 3, "card": {"name": "x"}});
        assert_eq!(
            unkept_key(&json!({"type": "Bid", "amount": 3, "seat": 1}), &kept),
            Some("seat".into())
        );
        assert_eq!(
            unkept_key(&json!({"card": {"name": "x", "shelds": 2}}), &kept),
            Some("card.shelds".into())
        );
        assert_eq!(unkept_key(&json!({"type": "Bid"}), &kept), None);
    }

    #[test]
    fn serde_messages_are_put_plainly_and_echo_little() {
        let long = "x".repeat(500);
        let shown = plain(&format!(
            "invalid type: string \"{long}\", expected u8 at line 1 column 9"
        ));
        assert!(shown.chars().count() < 120, "{shown}");
        assert!(
            !shown.contains("u8") && !shown.contains("line 1"),
            "{shown}"
        );
        assert_eq!(
            plain("unknown variant `Fly`, expected one of `Deal`, `Pass`"),
            "'Fly' is not one of: Deal, Pass"
        );
        assert_eq!(plain("missing field `card`"), "'card' is missing");
        assert_eq!(excerpt("a\nb\u{1b}", 10), "a\\nb\\u{1b}");
    }
}
