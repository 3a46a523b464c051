//! No import circle inside a game folder: a game's files are floors, each importing only from
//! those below it (`actions` and the state below the rooms that decide, the rooms below `decide`,
//! `decide` below the view), so that a file can be read knowing only what it stands on. A circle
//! (`decide` importing `turn`, `turn` importing `decide`) is what made a game folder hard to split.
//! Read from the source text: every `super::` and `crate::` path in a file's production part, and
//! a folder's `mod.rs` calling into its own files; a name a `mod.rs` only re-exports ties no file
//! to it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module as a path from the games crate's root: `realm_lord/draft.rs` is
/// `["realm_lord", "draft"]`, `realm_lord/mod.rs` is `["realm_lord"]`.
type Module = Vec<String>;

fn games_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/games/src")
}

fn module_of(rel: &Path) -> Module {
    let mut parts: Module = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers of a `::`-separated path starting at `text` (stopping at `{` or any other
/// character), and what follows it.
fn path_at(text: &str) -> (Vec<&str>, &str) {
    let mut segments = Vec::new();
    let mut rest = text;
    loop {
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        segments.push(&rest[..end]);
        rest = &rest[end..];
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => break,
        }
    }
    (segments, rest)
}

/// The item paths of a `{a, b::c, self}` group (nested groups keep only their prefix).
fn group_items(text: &str) -> Vec<Vec<&str>> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut start = 1;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' | ',' if depth == 1 => {
                let (segments, _) = path_at(text[start..i].trim());
                if !segments.is_empty() {
                    items.push(segments);
                }
                start = i + 1;
                if c == '}' {
                    return items;
                }
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    items
}

/// Whether `text` (a `mod.rs`) defines `name` itself, rather than handing it on from a file of
/// its own (`pub use state::Phase`): only a definition ties a file that uses it to the `mod.rs`.
fn defines(text: &str, name: &str) -> bool {
    ["struct", "enum", "fn", "type", "const", "static", "trait"]
        .iter()
        .any(|kw| {
            let word = format!("{kw} {name}");
            text.match_indices(&word).any(|(i, m)| {
                !text[i + m.len()..].starts_with(is_ident) && !text[..i].ends_with(is_ident)
            })
        })
}

/// Whether `parent` is the `mod.rs` of a folder that holds `m`.
fn is_parent(parent: &Module, m: &Module) -> bool {
    m.len() > parent.len() && m.starts_with(parent)
}

/// Whether module `m` is a folder's `mod.rs`: another file lies under it.
fn is_mod_file(files: &BTreeMap<Module, String>, m: &Module) -> bool {
    files.keys().any(|other| is_parent(m, other))
}

/// The files among `files` that the file `me` names in `text`: by `super::…` or `crate::…`
/// paths, and from a `mod.rs` its own files as `child::…` or `self::child::…`. A name that a
/// `mod.rs` only hands on (`pub use state::Phase`) ties to no file; visibility (`pub(super)`,
/// `pub(in crate::x)`) is no path.
fn named_modules(me: &Module, text: &str, files: &BTreeMap<Module, String>) -> BTreeSet<Module> {
    let is_mod = is_mod_file(files, me);
    let mut found = BTreeSet::new();
    let mut at = 0;
    while let Some(i) = text[at..].find(is_ident).map(|i| at + i) {
        let (segments, rest) = path_at(&text[i..]);
        at = i + segments.first().map_or(1, |s| s.len().max(1));
        let visibility = text[..i].ends_with("pub(") || text[..i].ends_with("pub(in ");
        if text[..i].ends_with(|c: char| is_ident(c) || c == ':')
            || visibility
            || (segments.len() < 2 && !rest.starts_with('{'))
        {
            continue;
        }
        let mut base: Module = match segments.first() {
            Some(&"super") => me[..me.len().saturating_sub(1)].to_vec(),
            Some(&"crate") => Vec::new(),
            Some(&"self") if is_mod => me.clone(),
            Some(child) if is_mod => {
                let under: Module = me.iter().cloned().chain([child.to_string()]).collect();
                if files.contains_key(&under) {
                    found.insert(under);
                }
                continue;
            }
            _ => continue,
        };
        let mut tail = &segments[1..];
        while tail.first() == Some(&"super") {
            base.pop();
            tail = &tail[1..];
        }
        let paths: Vec<Vec<&str>> = if tail.is_empty() && rest.starts_with('{') {
            group_items(rest)
        } else {
            vec![tail.to_vec()]
        };
        for p in paths {
            let full: Module = base
                .iter()
                .cloned()
                .chain(p.iter().map(|s| s.to_string()))
                .collect();
            // The longest prefix that is a file: `super::model::Piece` names `model`.
            let Some(k) = (1..=full.len())
                .rev()
                .find(|&k| files.contains_key(&full[..k]))
            else {
                continue;
            };
            let m = full[..k].to_vec();
            // A name taken from a `mod.rs` above ties to it only where the `mod.rs` defines it.
            let handed_on = is_parent(&m, me)
                && full
                    .get(k)
                    .is_some_and(|name| name == "*" || !defines(&files[&m], name));
            if m != *me && !handed_on {
                found.insert(m);
            }
        }
    }
    found
}

/// The circles among `files` (module and production text): each a sorted list of modules
/// that reach one another (Tarjan's strongly connected components of more than one module).
fn circles(files: &BTreeMap<Module, String>) -> Vec<Vec<String>> {
    let edges: BTreeMap<&Module, BTreeSet<Module>> = files
        .iter()
        .map(|(m, text)| (m, named_modules(m, text, files)))
        .collect();
    struct Walk<'a> {
        edges: &'a BTreeMap<&'a Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        out: Vec<Vec<String>>,
    }
    fn visit(w: &mut Walk, v: &Module) {
        let n = w.index.len();
        w.index.insert(v.clone(), n);
        w.low.insert(v.clone(), n);
        w.stack.push(v.clone());
        for u in w.edges.get(v).into_iter().flatten() {
            if !w.index.contains_key(u) {
                visit(w, u);
                let l = w.low[u].min(w.low[v]);
                w.low.insert(v.clone(), l);
            } else if w.stack.contains(u) {
                let l = w.index[u].min(w.low[v]);
                w.low.insert(v.clone(), l);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(u) = w.stack.pop() {
                let done = &u == v;
                component.push(u.join("::"));
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.out.push(component);
            }
        }
    }
    let mut w = Walk {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for m in files.keys() {
        if !w.index.contains_key(m) {
            visit(&mut w, m);
        }
    }
    w.out.sort();
    w.out
}

fn production_part(text: &str) -> &str {
    text.find("\n#[cfg(test)]\n").map_or(text, |at| &text[..at])
}

fn read_folder(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
    for entry in std::fs::read_dir(dir).expect("game folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            read_folder(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source");
            let rel = path.strip_prefix(root).expect("inside the crate");
            out.insert(module_of(rel), production_part(&text).to_string());
        }
    }
}

#[test]
fn no_game_folder_holds_an_import_circle() {
    let root = games_root();
    let mut all = Vec::new();
    let mut folders = 0;
    for entry in std::fs::read_dir(&root)
        .expect("crates/games/src")
        .flatten()
    {
        if !entry.path().is_dir() {
            continue;
        }
        folders += 1;
        let mut files = BTreeMap::new();
        read_folder(&entry.path(), &root, &mut files);
        assert!(
            files.len() > 3,
            "{:?}: found {} files",
            entry.path(),
            files.len()
        );
        all.extend(circles(&files));
    }
    assert!(folders >= 5, "found {folders} game folders");
    assert!(
        all.is_empty(),
        "files of a game folder import one another in a circle (move what both need below \
         both): {all:#?}"
    );
}

#[test]
fn a_circle_is_seen_through_groups_super_paths_inline_paths_and_a_mod_rs() {
    let files: BTreeMap<Module, String> = [
        (
            "g/mod.rs",
            "mod decide;\nmod view;\npub use state::S;\npub struct Table;\nfn f() { view::show(); }\n",
        ),
        ("g/decide.rs", "use super::{state::S, turn};\nfn f() { turn::take(); }\n"),
        (
            "g/turn.rs",
            "fn g() { let _ = super::decide::outcome(); }\npub(super) fn take() {}\n",
        ),
        (
            "g/view.rs",
            "use crate::g::decide::handle;\nuse super::super::g::state;\nuse super::Table;\n",
        ),
        (
            "g/state.rs",
            "// decide::nothing, a word in a comment\nuse super::S;\npub struct S;\n",
        ),
    ]
    .into_iter()
    .map(|(p, t)| (module_of(Path::new(p)), t.to_string()))
    .collect();
    // view uses the Table the mod.rs defines while the mod.rs calls into view; decide and turn
    // call each other. state takes S through the mod.rs, which only hands it on: no tie.
    assert_eq!(
        circles(&files),
        [["g", "g::view"], ["g::decide", "g::turn"]]
    );
    let view = module_of(Path::new("g/view.rs"));
    let named: Vec<String> = named_modules(&view, &files[&view], &files)
        .into_iter()
        .map(|m| m.join("::"))
        .collect();
    assert_eq!(named, ["g", "g::decide", "g::state"]);
    let state = module_of(Path::new("g/state.rs"));
    assert!(named_modules(&state, &files[&state], &files).is_empty());
}
