//! The table host with six phones on loopback (127.0.0.1 only), reported as ratios against a
//! baseline measured in the same run:
//! (a) `host push`: from a phone's action sent over HTTP to every one of six WebSocket clients
//!     holding the new table, p50 and p99 over 1,000 actions, against the same action through
//!     the service alone (decide, commit, view) in the same process. Goals: p99 within one 60 Hz
//!     frame (16 ms) and p50 within 1.5x of the action alone.
//!     Beside it, the floor of an answer over HTTP on this machine: a request the host
//!     answers without the service (no link: 401), on the same connection, in the same rounds.
//! (b) `host memory`: the process's resident memory with the host serving six clients after
//!     the 1,000 actions, against the same process with the host started and idle.
//!
//! Rounds are paired (the baseline once, then the host once, again and again) so that the
//! machine's load weighs on both alike. Run: `bash scripts/bench.sh host`; the lines are
//! printed and appended to `target/bench-ratios.txt`.

use estate_steward::host::{HostConfig, Hosting, Pages};
use estate_steward::service::{Steward, APP_VIEWS};
use estate_steward_benches::{target_dir, timed};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PHONES: usize = 6;
const ACTIONS: usize = 1000;

/// A Nine Estates game dealt, in `steward`: passes and end-of-round choices keep it going.
fn dealt_game(steward: &mut Steward, name: &str) -> i64 {
    let p = steward.add_person(name, "#1f77b4").expect("person");
    let id = steward
        .start_game("nine-estates", &[p.id], None, Some(7))
        .expect("start")
        .game_id;
    steward
        .act(id, &json!({"type": "Deal", "deal": {"kind": "Shuffle"}}))
        .expect("deal");
    id
}

/// The next pass or round choice among `allowed`.
fn next_move(allowed: &Value) -> Value {
    allowed
        .as_array()
        .and_then(|a| {
            a.iter()
                .find(|o| o["group"] == "pass" || o["group"] == "round")
        })
        .map(|o| o["action"].clone())
        .expect("a pass or a round choice")
}

/// A table's whole log length, as a guest's view gives it.
fn log_len(table: &Value) -> u64 {
    table["log_from"].as_u64().unwrap_or(0) + table["log"].as_array().map_or(0, |l| l.len() as u64)
}

/// A phone's connection to the host, kept open from action to action (as a browser keeps it).
struct Http {
    stream: std::io::BufReader<TcpStream>,
    port: u16,
}

impl Http {
    fn open(port: u16) -> Http {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        Http {
            stream: std::io::BufReader::new(stream),
            port,
        }
    }

    /// POST `body` to `/api/act`; the answer's status (its body read and dropped).
    fn post(&mut self, token: &str, body: &str) -> u16 {
        let head = format!(
            "POST /api/act HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAuthorization: Bearer {token}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        self.exchange(&head)
    }

    /// `GET /api/view` without a link: the host answers 401 at once, without the service. The
    /// floor of any answer over HTTP on this machine (the same connection, parser and guard).
    fn unknown(&mut self) -> u16 {
        let head = format!(
            "GET /api/view HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            self.port
        );
        self.exchange(&head)
    }

    /// Send `head` and read the answer: its status (its body read and dropped).
    fn exchange(&mut self, head: &str) -> u16 {
        use std::io::BufRead;
        self.stream
            .get_mut()
            .write_all(head.as_bytes())
            .expect("send");
        let (mut status, mut length, mut line) = (0, 0, String::new());
        loop {
            line.clear();
            self.stream.read_line(&mut line).expect("answer");
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some(code) = l.strip_prefix("HTTP/1.1 ") {
                status = code[..3].parse().unwrap_or(0);
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut rest = vec![0; length];
        self.stream.read_exact(&mut rest).expect("body");
        status
    }
}

/// A phone: a WebSocket client on its own thread, telling (phone, when, the text) for each table
/// pushed; its first push (the table at once) comes before it counts as connected. It notes the
/// moment and hands the text on unread: a real phone reads the table on its own processor, and
/// six phones parsing on the host's two cores would be measured as the host's time. The main
/// thread reads the texts once all six have come.
fn phone(i: usize, port: u16, token: String, told: mpsc::Sender<(usize, Instant, String)>) {
    std::thread::spawn(move || {
        let url = format!("ws://127.0.0.1:{port}/api/live");
        let (mut ws, _) = tungstenite::connect(url).expect("the feed opens");
        ws.send(tungstenite::Message::Text(token.into()))
            .expect("hello");
        while let Ok(message) = ws.read() {
            if let tungstenite::Message::Text(text) = message {
                if told.send((i, Instant::now(), text.to_string())).is_err() {
                    return;
                }
            }
        }
    });
}

/// A pushed text's log length and offers.
fn read_push(text: &str) -> (u64, Value) {
    let mut view: Value = serde_json::from_str(text).expect("a view");
    let table = &mut view["table"];
    (log_len(table), table["allowed"].take())
}

/// The resident memory of this process, in KiB.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("host-bench.sqlite3");
    let (alone_id, hosted_id) = setup(&db);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let hosting = runtime
        .block_on(Hosting::start(HostConfig {
            db: db.clone(),
            bind: "127.0.0.1:0".parse().expect("loopback"),
            pages: Pages::None,
            on_change: None,
        }))
        .expect("host starts");
    let port = hosting.addr().port();
    // The baseline's own service opened and warmed first, so that the memory compared is the
    // host's: idle, then serving six phones.
    let mut alone = Steward::open(&db).expect("open");
    alone.set_views(APP_VIEWS);
    for _ in 0..50 {
        let view = alone.view(alone_id, None).expect("view");
        let mine = next_move(&serde_json::to_value(&view.allowed).expect("json"));
        alone.act(alone_id, &mine).expect("warm-up");
    }
    // The seat's action through the service as the host makes it, without HTTP: where the
    // difference from the action alone lies.
    let mut as_seat = Steward::open(&db).expect("open");
    as_seat.set_views(APP_VIEWS);
    let seat_id = dealt_game(&mut as_seat, "Cy");
    let seat_token = as_seat.invite(seat_id).expect("invite").seats[0].path[6..].to_string();
    let who = as_seat.invited(&seat_token).expect("link").expect("a seat");
    let (mut seat_ms, mut floor_ms) = (Vec::new(), Vec::new());
    std::thread::sleep(Duration::from_millis(300));
    let idle = rss_kib();
    let tokens: Vec<String> = (0..PHONES)
        .map(|_| {
            let links = alone.invite(hosted_id).expect("invite");
            links.seats[0].path.trim_start_matches("/join/").to_string()
        })
        .collect();
    let (tx, rx) = mpsc::channel();
    for (i, t) in tokens.iter().enumerate() {
        phone(i, port, t.clone(), tx.clone());
    }
    let mut next = Value::Null;
    let mut at_len = 0;
    for _ in 0..PHONES {
        let (_, _, text) = rx.recv().expect("every phone is shown the table");
        (at_len, next) = read_push(&text);
    }
    let (mut host_ms, mut alone_ms, mut answered_ms) = (Vec::new(), Vec::new(), Vec::new());
    let mut written_ms = Vec::new();
    let mut http = Http::open(port);
    for _ in 0..ACTIONS {
        let view = alone.view(alone_id, None).expect("view");
        let mine = next_move(&serde_json::to_value(&view.allowed).expect("json"));
        let mut acted = None;
        let act_ms =
            timed(|| acted = Some(alone.act(alone_id, &mine).expect("act"))).as_secs_f64() * 1e3;
        alone_ms.push(act_ms);
        // The same action with its view written as JSON, as the window's command hands it on:
        // what any answer that leaves the process costs beyond the service.
        let written = timed(|| drop(serde_json::to_string(&acted).expect("json")));
        written_ms.push(act_ms + written.as_secs_f64() * 1e3);
        let theirs = next_move(
            &serde_json::to_value(&as_seat.guest_view(who).expect("view").table.allowed)
                .expect("json"),
        );
        seat_ms.push(
            timed(|| {
                let who = as_seat.invited(&seat_token).expect("link").expect("a seat");
                drop(as_seat.guest_act(who, &theirs, None).expect("act"))
            })
            .as_secs_f64()
                * 1e3,
        );
        floor_ms.push(
            timed(|| assert_eq!(http.unknown(), 401, "a request without a link")).as_secs_f64()
                * 1e3,
        );
        let action = next_move(&next).to_string();
        let started = Instant::now();
        assert_eq!(http.post(&tokens[0], &action), 200, "{action}");
        answered_ms.push(started.elapsed().as_secs_f64() * 1e3);
        // Every push is kept until six of the new table are in; they are read only then, so
        // that reading them is not timed (a push of the table already told would not count).
        let (mut pushes, mut reached, mut last) = (Vec::new(), 0, started);
        while reached < PHONES {
            pushes.push(rx.recv().expect("a push"));
            if pushes.len() < PHONES {
                continue;
            }
            (reached, last) = (0, started);
            for (_, at, text) in &pushes {
                let (n, allowed) = read_push(text);
                if n == at_len + 1 {
                    reached += 1;
                    last = last.max(*at);
                    next = allowed;
                }
            }
        }
        at_len += 1;
        host_ms.push((last - started).as_secs_f64() * 1e3);
    }
    let busy = rss_kib();
    let report = report(
        [
            &mut host_ms,
            &mut alone_ms,
            &mut answered_ms,
            &mut seat_ms,
            &mut floor_ms,
            &mut written_ms,
        ],
        busy,
        idle,
    );
    print!("{report}");
    append_ratios(&report);
    runtime.block_on(hosting.stop());
}

/// The report's two lines, from the samples in milliseconds (the push, the action alone, the
/// acting phone's answer, the seat's action without HTTP, the 401 floor, the action alone with
/// its view written) and the memory busy and idle.
fn report(samples: [&mut Vec<f64>; 6], busy: u64, idle: u64) -> String {
    let [host_ms, alone_ms, answered_ms, seat_ms, floor_ms, written_ms] = samples;
    let (p50, p99) = (percentile(host_ms, 0.5), percentile(host_ms, 0.99));
    let base = percentile(alone_ms, 0.5);
    let answered = percentile(answered_ms, 0.5);
    let seat = percentile(seat_ms, 0.5);
    let floor = percentile(floor_ms, 0.5);
    let written = percentile(written_ms, 0.5);
    format!(
        "host push: p50 {p50:.3} ms / the action alone {base:.3} ms = {:.2}x (goal: ≤ 1.5x); \
         p99 {p99:.3} ms (goal: ≤ 16 ms), {PHONES} phones, {ACTIONS} actions; \
         the acting phone's own answer p50 {answered:.3} ms, the same action through the \
         service as the host makes it (no HTTP) p50 {seat:.3} ms; a request the host answers \
         without the service (401, no link) p50 {floor:.3} ms; the action alone with its \
         view written as JSON p50 {written:.3} ms (the push {:.2}x that)\n\
         host memory: {busy} KiB with {PHONES} phones / {idle} KiB idle = {:.2}x\n",
        p50 / base,
        p50 / written,
        busy as f64 / idle.max(1) as f64
    )
}

/// Append the report's lines to `target/bench-ratios.txt`.
fn append_ratios(report: &str) {
    let out = Path::new(&target_dir()).join("bench-ratios.txt");
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
    {
        let _ = f.write_all(report.as_bytes());
    }
}

/// Two dealt games in a new file: one acted on by the service alone, one through the host.
fn setup(db: &Path) -> (i64, i64) {
    let mut steward = Steward::open(db).expect("open");
    let alone = dealt_game(&mut steward, "Ana");
    let hosted = dealt_game(&mut steward, "Bo");
    (alone, hosted)
}
