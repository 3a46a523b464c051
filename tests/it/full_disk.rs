//! A real full disk: a 2 MiB tmpfs, filled to the last block, under the real `steward` binary.
//! Every write is refused saying the disk is full, nothing acknowledged is lost, reads go on
//! (also with no room for SQLite's shared `-shm` index, which once made every read "disk I/O
//! error"), nothing is left beside the file, and writing works again once there is room.
//!
//! The tmpfs is mounted in a private mount namespace (util-linux's `unshare --mount`, inside a
//! user namespace of its own, `--user --map-root-user`, when not run as root), so the test
//! touches no mount of the machine; it fails, saying so, where such namespaces are not allowed.

use std::path::Path;
use std::process::Command;

/// Root makes a mount namespace by itself; anyone else inside a user namespace of their own.
fn namespaces() -> &'static [&'static str] {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if root {
        &[]
    } else {
        &["--user", "--map-root-user"]
    }
}

/// One run of the script below inside its own namespace: (what it printed, the lines that
/// begin with `== `).
fn run_on_full_disk(mount_point: &Path) -> (String, Vec<String>) {
    let out = Command::new("unshare")
        .args(namespaces())
        .args(["--mount", "bash", "-c", SCRIPT, "full-disk"])
        .arg(env!("CARGO_BIN_EXE_steward"))
        .arg(mount_point)
        .output()
        .expect("util-linux's unshare runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the script failed (user namespaces and tmpfs are needed): {text}"
    );
    let steps = text
        .lines()
        .filter_map(|l| l.strip_prefix("== "))
        .map(str::to_string)
        .collect();
    (text, steps)
}

/// The steps, each reported as `== <step> <exit code> <first line of what it said>`.
const SCRIPT: &str = r#"
set -u
S="$1"; D="$2"; db="$D/history.db"
mount -t tmpfs -o size=2m tmpfs "$D" || exit 90
say() { echo "== $*"; }
run() { local name="$1"; shift; local out; out="$("$S" --db "$db" "$@" 2>&1)"; say "$name $? ${out%%$'\n'*}"; }
fill() { dd if=/dev/zero of="$D/filler" bs=4k 2>/dev/null; say "free $(df --output=avail -k "$D" | tail -n 1 | tr -d ' ')"; }
files() { say "files $(cd "$D" && ls -A | grep -v '^filler$' | tr '\n' ' ')"; }

run start start the-estates --player Ana --player Bo --player Cy

# A: the app is open when the disk fills.
coproc ST { "$S" --db "$db" stream 1 2>&1; }
echo "pick 0" >&"${ST[1]}"; read -r line <&"${ST[0]}"; say "A-stream-before $line"
fill
echo "pick 0" >&"${ST[1]}"; read -r line <&"${ST[0]}"; say "A-stream-full $line"
run A-history-beside history
eval "exec ${ST[1]}>&-"; wait "$ST_PID"
rm "$D/filler"; run A-history-after history

# B: the disk is full when the program opens the file, no other client on it.
files; fill
run B-history history
run B-show show 1
run B-score score 1
run B-people people list
run B-stats stats
run B-add people add Dee
run B-act act 1 --pick 0
files

# C: a client opened on the full disk is alone with the file.
coproc ST { "$S" --db "$db" stream 1 2>&1; }
echo "pick 0" >&"${ST[1]}"; read -r line <&"${ST[0]}"; say "C-stream-full $line"
run C-history-beside history
eval "exec ${ST[1]}>&-"; wait "$ST_PID"

# D: room again.
rm "$D/filler"
run D-act act 1 --pick 0
run D-history history
files
"#;

fn step<'a>(steps: &'a [String], name: &str) -> &'a str {
    steps
        .iter()
        .find_map(|s| s.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no step {name} in {steps:#?}"))
}

const FULL: &str = "the disk is full, so this was not saved; everything saved before is kept";

#[test]
fn a_full_disk_refuses_writes_plainly_keeps_reads_and_loses_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (text, steps) = run_on_full_disk(dir.path());
    let at = |name: &str| step(&steps, name);
    assert_eq!(at("start"), "0 started game #1", "{text}");

    // A: the open app's action is refused for the disk, its earlier one kept; others read.
    assert!(at("A-stream-before").starts_with("ack 1 "), "{text}");
    assert!(at("free").starts_with('0'), "the disk is not full: {text}");
    let refused = at("A-stream-full");
    assert!(refused.starts_with("err 2 "), "{text}");
    assert!(refused.contains(FULL), "{text}");
    assert!(
        at("A-history-beside").starts_with("0 #1 the-estates"),
        "{text}"
    );
    assert!(
        at("A-history-beside").ends_with("[active] 1 actions"),
        "{text}"
    );
    assert!(
        at("A-history-after").ends_with("[active] 1 actions"),
        "{text}"
    );

    // B: every read answers; every write says the disk is full; no file is left behind.
    for read in ["B-history", "B-show", "B-score", "B-people", "B-stats"] {
        let said = at(read);
        assert!(said.starts_with("0 "), "{read} did not read: {text}");
        assert!(!said.contains("I/O"), "{read}: {text}");
    }
    assert!(at("B-history").ends_with("[active] 1 actions"), "{text}");
    assert!(at("B-show").contains("The Estates"), "{text}");
    for write in ["B-add", "B-act"] {
        let said = at(write);
        assert!(said.starts_with("4 "), "{write} was not refused: {text}");
        assert!(said.contains(FULL), "{write}: {text}");
    }
    let files: Vec<&str> = steps
        .iter()
        .filter_map(|s| s.strip_prefix("files "))
        .collect();
    assert_eq!(files.len(), 3, "{text}");
    // The note that the file was checked (`-checked`) may go: it could not be written anew.
    for left in files[1].split_whitespace() {
        assert!(
            files[0].split_whitespace().any(|f| f == left),
            "{left} left behind: {text}"
        );
    }
    assert!(files[1].contains("history.db"), "{text}");

    // C: a client that opened the file on the full disk holds it alone; another is told why.
    let refused = at("C-stream-full");
    assert!(
        refused.starts_with("err 1 ") && refused.contains(FULL),
        "{text}"
    );
    let beside = at("C-history-beside");
    assert!(beside.starts_with("4 "), "{text}");
    assert!(
        beside.contains("the disk is full, so the database cannot be opened here while another program has it open"),
        "{text}"
    );

    // D: with room again, the next action is saved after the one kept all along.
    assert!(at("D-act").starts_with("0 "), "{text}");
    assert!(at("D-history").ends_with("[active] 2 actions"), "{text}");
    assert!(
        !files[2].contains("-shm") && !files[2].contains("-wal"),
        "{text}"
    );
}
