//! The table host as phones meet it: the real `steward serve` on 127.0.0.1 (never another
//! address), spoken to over raw HTTP/1.1 and WebSocket as a browser would, on a real SQLite file
//! that the real CLI also writes (the host's window stand-in). Every byte each seat receives is
//! kept and searched for the other seats' secrets.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_steward");

fn steward(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the steward binary runs")
}

fn ok(db: &Path, args: &[&str]) -> String {
    let o = steward(db, args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A running `steward serve` on loopback, with a page folder of its own.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(db: &Path, ui: &Path) -> Server {
        let mut child = Command::new(BIN)
            .arg("--db")
            .arg(db)
            .args(["serve", "--bind", "127.0.0.1", "--port", "0", "--ui"])
            .arg(ui)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .trim_end()
            .strip_prefix("serving http://127.0.0.1:")
            .unwrap_or_else(|| panic!("first line: {first:?}"))
            .parse()
            .unwrap();
        Server { child, port }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Stop it as a service manager would (SIGTERM) and return its exit code.
    fn stop(mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let code = self.child.wait().unwrap().code();
        std::mem::forget(self);
        code
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: status, headers (lower-case names), body.
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
}

/// One raw HTTP/1.1 request to 127.0.0.1:`port` (`Host` as given, so a test can lie in it).
fn request(port: u16, head: &str, body: &[u8]) -> Answer {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let text = format!(
        "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(text.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no head: {}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

fn get(server: &Server, path: &str, token: Option<&str>) -> Answer {
    let auth = token.map_or(String::new(), |t| format!("\r\nAuthorization: Bearer {t}"));
    request(
        server.port,
        &format!("GET {path} HTTP/1.1\r\nHost: {}{auth}", server.host()),
        b"",
    )
}

fn post(server: &Server, token: Option<&str>, body: &[u8], extra: &str) -> Answer {
    let auth = token.map_or(String::new(), |t| format!("\r\nAuthorization: Bearer {t}"));
    request(
        server.port,
        &format!(
            "POST /api/act HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json{auth}{extra}",
            server.host()
        ),
        body,
    )
}

/// A folder standing in for the UI's built pages.
fn pages(dir: &Path) -> PathBuf {
    let ui = dir.join("ui");
    std::fs::create_dir_all(&ui).unwrap();
    std::fs::write(
        ui.join("index.html"),
        "<!doctype html><title>Estate Steward</title>",
    )
    .unwrap();
    ui
}

/// A three-seat game of The Estates (Ana, Bo, Cy), set up from the CLI, and its links.
fn estates(db: &Path) -> (Vec<String>, String) {
    ok(
        db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--player",
            "Cy",
            "--seed",
            "11",
        ],
    );
    let links: Value = serde_json::from_str(&ok(db, &["--json", "invite", "1"])).unwrap();
    let token = |path: &Value| {
        path.as_str()
            .unwrap()
            .trim_start_matches("/join/")
            .to_string()
    };
    let seats: Vec<String> = links["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| token(&s["path"]))
        .collect();
    assert_eq!(links["seats"][1]["seat"], 2);
    assert_eq!(links["seats"][1]["name"], "Bo");
    (seats, token(&links["board"]["path"]))
}

fn log_len(db: &Path) -> usize {
    let v: Value = serde_json::from_str(&ok(db, &["--json", "show", "1"])).unwrap();
    v["log"].as_array().map_or(0, Vec::len)
}

/// What each seat's private view holds now, as the CLI's peek prints it (seats from 1).
fn secrets(db: &Path) -> Vec<Value> {
    (1..=3)
        .map(|s| serde_json::from_str(&ok(db, &["--json", "peek", "1", &s.to_string()])).unwrap())
        .collect()
}

/// No byte that `seat` (0-based) received shows another seat's private view: its own is in
/// `private` and equals what peek says, and outside `private` no money field appears at all
/// (until the game is over and every purse is counted in the open).
fn holds_no_other_secret(seat: usize, received: &[u8], now: &[Value]) {
    let parsed = serde_json::from_slice::<Value>(received).ok();
    if parsed.as_ref().is_some_and(|v| v["table"]["over"] == true) {
        // The game is over: every purse is counted in the open (the view's final purses).
        return;
    }
    let text = String::from_utf8_lossy(received);
    for (other, secret) in now.iter().enumerate() {
        if other != seat && now[seat] != *secret {
            let shown = serde_json::to_string(secret).unwrap();
            assert!(
                !text.contains(&shown),
                "seat {seat} received seat {other}'s {shown}"
            );
        }
    }
    if let Some(mut v) = parsed {
        if let Some(private) = v.get("private") {
            assert_eq!(*private, now[seat], "seat {seat}'s own private view");
        }
        v.as_object_mut().map(|o| o.remove("private"));
        let rest = v.to_string();
        for key in ["\"cash\"", "\"cash_box\"", "\"purses\""] {
            assert!(
                !rest.contains(key),
                "seat {seat} received {key} outside its own view"
            );
        }
    }
}

#[test]
fn a_seat_sees_its_own_money_and_acts_only_for_itself() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, board) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    // The draw is the table's: no phone may make it.
    let draw = json!({"type": "Setup", "setup": {"kind": "Draw"}}).to_string();
    let refused = post(&server, Some(&seats[0]), draw.as_bytes(), "");
    assert_eq!(
        refused.status,
        403,
        "{}",
        String::from_utf8_lossy(&refused.body)
    );
    assert_eq!(refused.json()["kind"], "Rule");
    assert_eq!(log_len(&db), 0);
    ok(&db, &["act", "1", &draw]);
    let views: Vec<Value> = seats
        .iter()
        .map(|t| get(&server, "/api/view", Some(t)).json())
        .collect();
    let auctioneer = views
        .iter()
        .position(|v| !v["table"]["allowed"].as_array().unwrap().is_empty())
        .expect("the auctioneer has offers");
    for (i, v) in views.iter().enumerate() {
        assert_eq!(v["seat"], i + 1);
        assert_eq!(v["private"]["cash"], 12, "{v}");
        assert!(v["table"]["state"].is_null());
        let offers = v["table"]["allowed"].as_array().unwrap().len();
        assert_eq!(
            offers > 0,
            i == auctioneer,
            "only the auctioneer is offered a choice"
        );
    }
    // Another seat cannot choose for the auctioneer; the auctioneer can.
    let choice = views[auctioneer]["table"]["allowed"][1]["action"].to_string();
    let other = (auctioneer + 1) % 3;
    let refused = post(&server, Some(&seats[other]), choice.as_bytes(), "");
    assert_eq!(refused.status, 403);
    assert!(refused.json()["message"]
        .as_str()
        .unwrap()
        .contains("decision"));
    let refused = post(&server, Some(&board), choice.as_bytes(), "");
    assert_eq!(refused.status, 403, "the board takes no action");
    assert_eq!(log_len(&db), 1, "refusals wrote nothing");
    let done = post(&server, Some(&seats[auctioneer]), choice.as_bytes(), "");
    assert_eq!(done.status, 200, "{}", String::from_utf8_lossy(&done.body));
    assert_eq!(log_len(&db), 2);
    // A view seen before the choice is stale now: 409, nothing written.
    let stale = format!(
        "\r\nIf-Match: \"{}\"",
        views[other]["version"].as_str().unwrap()
    );
    let bid = json!({"type": "Pass"}).to_string();
    let answer = post(
        &server,
        Some(&seats[(auctioneer + 1) % 3]),
        bid.as_bytes(),
        &stale,
    );
    assert_eq!(answer.status, 409);
    assert_eq!(log_len(&db), 2);
    // The board sees the table and no one's money.
    let seen = get(&server, "/api/view", Some(&board));
    assert_eq!(seen.status, 200);
    assert!(seen.json().get("private").is_none());
    let text = String::from_utf8_lossy(&seen.body);
    assert!(
        !text.contains("\"cash\"") && !text.contains("\"cash_box\""),
        "{text}"
    );
}

#[test]
fn a_revoked_or_missing_link_and_a_deleted_game_let_no_one_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, board) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    assert_eq!(get(&server, "/api/view", None).status, 401);
    assert_eq!(get(&server, "/api/view", Some("0123")).status, 401);
    assert_eq!(get(&server, "/api/view", Some(&seats[1])).status, 200);
    let renewed: Value =
        serde_json::from_str(&ok(&db, &["--json", "invite", "1", "--revoke", "2"])).unwrap();
    assert_eq!(renewed["seat"], 2);
    let new = renewed["path"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/")
        .to_string();
    assert_eq!(
        get(&server, "/api/view", Some(&seats[1])).status,
        401,
        "revoked at once"
    );
    assert_eq!(get(&server, "/api/view", Some(&new)).status, 200);
    assert_eq!(
        get(&server, "/api/view", Some(&seats[0])).status,
        200,
        "other seats keep theirs"
    );
    // The board's link too, when it went astray (a screen left in a café).
    let board = board.as_str();
    assert_eq!(get(&server, "/api/view", Some(board)).status, 200);
    let renewed: Value =
        serde_json::from_str(&ok(&db, &["--json", "invite", "1", "--revoke", "board"])).unwrap();
    let new_board = renewed["path"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/")
        .to_string();
    assert_eq!(
        get(&server, "/api/view", Some(board)).status,
        401,
        "revoked at once"
    );
    let shown = get(&server, "/api/view", Some(&new_board));
    assert_eq!(shown.status, 200);
    assert!(
        shown.json()["seat"].is_null(),
        "still the board: {}",
        shown.json()["seat"]
    );
    assert_eq!(
        get(&server, "/api/view", Some(&new)).status,
        200,
        "seats keep theirs"
    );
    let wrong = steward(&db, &["invite", "1", "--revoke", "table"]);
    assert!(!wrong.status.success());
    assert!(
        String::from_utf8_lossy(&wrong.stderr).contains("neither `board` nor a seat number"),
        "{}",
        String::from_utf8_lossy(&wrong.stderr)
    );
    ok(&db, &["delete-game", "1", "--yes"]);
    ok(
        &db,
        &["start", "the-estates", "--player", "Ana", "--player", "Bo"],
    );
    assert_eq!(
        get(&server, "/api/view", Some(&new)).status,
        401,
        "never the new game"
    );
    assert_eq!(get(&server, "/api/view", Some(&new_board)).status, 401);
}

#[test]
fn a_stranger_is_refused_and_bad_input_gets_a_clear_answer() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    let t = &seats[0];
    // DNS rebinding: a name that is not this host's address.
    let rebound = request(
        server.port,
        &format!(
            "GET /api/view HTTP/1.1\r\nHost: evil.example:{}\r\nAuthorization: Bearer {t}",
            server.port
        ),
        b"",
    );
    assert_eq!(rebound.status, 403);
    assert!(!String::from_utf8_lossy(&rebound.body).contains("cash"));
    let foreign = post(
        &server,
        Some(t),
        b"{\"type\":\"Pass\"}",
        "\r\nOrigin: http://evil.example",
    );
    assert_eq!(foreign.status, 403);
    assert_eq!(foreign.json()["field"], "Origin");
    let own = format!("\r\nOrigin: http://{}", server.host());
    let malformed = post(&server, Some(t), b"{\"type\":", &own);
    assert_eq!(malformed.status, 400);
    let unknown = post(&server, Some(t), b"{\"type\":\"Stash\",\"seat\":1}", &own);
    assert_eq!(
        unknown.status,
        400,
        "{}",
        String::from_utf8_lossy(&unknown.body)
    );
    let huge = vec![b' '; 70 * 1024];
    assert_eq!(post(&server, Some(t), &huge, "").status, 413);
    // Pages: the landing page holds no game data, and every answer has the policy and no CORS.
    let page = get(&server, &format!("/join/{t}"), None);
    assert_eq!(page.status, 200);
    let text = String::from_utf8_lossy(&page.body);
    assert!(
        text.contains("Estate Steward") && !text.contains("Ana"),
        "{text}"
    );
    for answer in [&page, &get(&server, "/api/view", Some(t))] {
        assert!(answer.headers["content-security-policy"].contains("default-src 'self'"));
        assert!(!answer.headers.contains_key("access-control-allow-origin"));
    }
    assert_eq!(log_len(&db), 0, "nothing was written");
}

/// A client that sends its request head a byte at a time (slowloris) is cut off once the head
/// has taken the host's head wait (10 s), while a phone on another connection is served as
/// usual: without the wait the host holds such a connection as long as the client likes.
#[test]
fn a_head_sent_a_byte_at_a_time_is_cut_off_and_others_are_served_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    let mut slow = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let head = format!(
        "GET /api/view HTTP/1.1\r\nHost: {}\r\nX-Pad: ",
        server.host()
    );
    let started = Instant::now();
    let mut bytes = head.bytes().chain(std::iter::repeat(b'a'));
    let cut_off = loop {
        // Far past the wait: were the connection still open here, nothing bounds it.
        if started.elapsed() > Duration::from_secs(40) {
            break false;
        }
        let byte = bytes.next().unwrap_or(b'a');
        if slow.write_all(&[byte]).is_err() {
            break true;
        }
        let mut answer = [0u8; 64];
        match slow.read(&mut answer) {
            Ok(0) => break true,
            Ok(_) => panic!(
                "an answer to half a head: {:?}",
                String::from_utf8_lossy(&answer)
            ),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break true,
        }
        if started.elapsed() > Duration::from_secs(2) && started.elapsed() < Duration::from_secs(3)
        {
            // Meanwhile a phone is served at once.
            assert_eq!(get(&server, "/api/view", Some(&seats[0])).status, 200);
        }
        std::thread::sleep(Duration::from_millis(800));
    };
    let took = started.elapsed();
    assert!(cut_off, "a dribbled head held its connection for {took:?}");
    assert!(
        took >= Duration::from_secs(9),
        "cut off after {took:?}, before the head wait had passed"
    );
    assert_eq!(log_len(&db), 0, "nothing was written");
}

/// A WebSocket to the live feed, as a browser opens it (with an `Origin`).
fn live(server: &Server, origin: &str) -> tungstenite::WebSocket<TcpStream> {
    use tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/live", server.host())
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    tungstenite::client(req, stream).expect("upgrade").0
}

fn next_view(ws: &mut tungstenite::WebSocket<TcpStream>) -> Vec<u8> {
    loop {
        match ws.read().expect("a message") {
            tungstenite::Message::Text(t) => return t.as_bytes().to_vec(),
            tungstenite::Message::Close(c) => panic!("closed: {c:?}"),
            _ => {}
        }
    }
}

/// A whole game of The Estates played from three phones through the real server, each seat
/// also following the live feed; every byte each seat receives is searched for the others'
/// secrets, and every push follows an action.
#[test]
fn a_whole_game_through_the_host_never_shows_a_seat_another_seats_secret() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    let origin = format!("http://{}", server.host());
    // A foreign page cannot open the feed.
    use tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/live", server.host())
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    assert!(
        tungstenite::client(req, stream).is_err(),
        "a foreign Origin is refused"
    );
    let mut feeds: Vec<_> = seats
        .iter()
        .map(|t| {
            let mut ws = live(&server, &origin);
            ws.send(tungstenite::Message::Text(t.clone().into()))
                .unwrap();
            ws
        })
        .collect();
    let mut received: Vec<Vec<Vec<u8>>> = vec![Vec::new(); 3];
    for (i, ws) in feeds.iter_mut().enumerate() {
        received[i].push(next_view(ws));
    }
    ok(
        &db,
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#],
    );
    let mut rng = 7u64;
    let mut steps = 0;
    let finished = loop {
        // The CLI's draw, then each phone's actions: every feed pushes the new table.
        for (i, ws) in feeds.iter_mut().enumerate() {
            let pushed = next_view(ws);
            let v: Value = serde_json::from_slice(&pushed).unwrap();
            assert_eq!(
                v["table"]["log"].as_array().map(Vec::len).unwrap_or(0)
                    + v["table"]["log_from"].as_u64().unwrap_or(0) as usize,
                log_len(&db)
            );
            received[i].push(pushed);
        }
        let now = secrets(&db);
        let views: Vec<Answer> = seats
            .iter()
            .map(|t| get(&server, "/api/view", Some(t)))
            .collect();
        for (i, a) in views.iter().enumerate() {
            holds_no_other_secret(i, &a.body, &now);
            for pushed in &received[i] {
                holds_no_other_secret(i, pushed, &now);
            }
        }
        received.iter_mut().for_each(Vec::clear);
        let v: Vec<Value> = views.iter().map(Answer::json).collect();
        if v[0]["table"]["over"] == true {
            break true;
        }
        assert!(steps < 600, "the game did not end");
        let Some(actor) = v
            .iter()
            .position(|s| !s["table"]["allowed"].as_array().unwrap().is_empty())
        else {
            panic!(
                "no seat may act and the game is not over: {}",
                v[0]["table"]["view"]
            );
        };
        let offers = v[actor]["table"]["allowed"].as_array().unwrap();
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = &offers[(rng >> 33) as usize % offers.len()]["action"];
        let done = post(
            &server,
            Some(&seats[actor]),
            pick.to_string().as_bytes(),
            "",
        );
        // An offer the seat's money does not cover is refused by the rules, with its reason.
        assert!(
            done.status == 200 || done.status == 422,
            "{pick}: {} {}",
            done.status,
            String::from_utf8_lossy(&done.body)
        );
        holds_no_other_secret(actor, &done.body, &secrets(&db));
        if done.status == 422 {
            let pass = post(&server, Some(&seats[actor]), b"{\"type\":\"Pass\"}", "");
            if pass.status != 200 {
                // Not a bid: take the first offer, which is always covered.
                let first = offers[0]["action"].to_string();
                assert_eq!(
                    post(&server, Some(&seats[actor]), first.as_bytes(), "").status,
                    200
                );
            }
        }
        steps += 1;
    };
    assert!(
        finished && steps > 20,
        "a whole game was played: {steps} steps"
    );
    drop(feeds);
    assert_eq!(server.stop(), Some(0), "SIGTERM: exit 0");
}

#[test]
fn links_outlive_a_restart_of_the_host_and_a_cli_write_reaches_the_feed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    assert_eq!(get(&server, "/api/view", Some(&seats[2])).status, 200);
    assert_eq!(server.stop(), Some(0));
    let server = Server::start(&db, &pages(dir.path()));
    assert_eq!(
        get(&server, "/api/view", Some(&seats[2])).status,
        200,
        "the link survived"
    );
    let mut ws = live(&server, &format!("http://{}", server.host()));
    ws.send(tungstenite::Message::Text(seats[2].clone().into()))
        .unwrap();
    let first: Value = serde_json::from_slice(&next_view(&mut ws)).unwrap();
    assert_eq!(first["name"], "Cy");
    let started = Instant::now();
    ok(
        &db,
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#],
    );
    let pushed: Value = serde_json::from_slice(&next_view(&mut ws)).unwrap();
    assert_eq!(pushed["table"]["log"].as_array().unwrap().len(), 1);
    assert!(started.elapsed() < Duration::from_secs(10));
    drop(ws);
    assert_eq!(server.stop(), Some(0));
}

#[test]
fn a_revoked_link_stops_its_live_feed_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    let server = Server::start(&db, &pages(dir.path()));
    let origin = format!("http://{}", server.host());
    let (mut kept, mut revoked) = (live(&server, &origin), live(&server, &origin));
    kept.send(tungstenite::Message::Text(seats[0].clone().into()))
        .unwrap();
    revoked
        .send(tungstenite::Message::Text(seats[1].clone().into()))
        .unwrap();
    next_view(&mut kept);
    next_view(&mut revoked);
    let started = Instant::now();
    ok(&db, &["invite", "1", "--revoke", "2"]);
    let closed = loop {
        match revoked.read() {
            Ok(tungstenite::Message::Close(frame)) => break frame.map(|f| u16::from(f.code)),
            Ok(tungstenite::Message::Text(t)) => panic!("a revoked link was sent {t}"),
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    };
    assert_eq!(closed, Some(4401));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // The other seat's phone stays connected and is told of the next change.
    ok(
        &db,
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#],
    );
    let mut pushed: Value = serde_json::from_slice(&next_view(&mut kept)).unwrap();
    while pushed["table"]["log"].as_array().map_or(0, Vec::len) == 0 {
        pushed = serde_json::from_slice(&next_view(&mut kept)).unwrap();
    }
    assert_eq!(pushed["name"], "Ana");
}

#[test]
fn two_phones_on_one_seat_both_follow_and_either_acts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.sqlite3");
    let (seats, _) = estates(&db);
    ok(
        &db,
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#],
    );
    let server = Server::start(&db, &pages(dir.path()));
    // The auctioneer's seat is shared by a couple: one scanned the code, the other was given a
    // second link to the same seat.
    let offers = |t: &str| get(&server, "/api/view", Some(t)).json()["table"]["allowed"].clone();
    let seat = (0..3)
        .find(|&i| !offers(&seats[i]).as_array().unwrap().is_empty())
        .expect("the auctioneer");
    let again: Value = serde_json::from_str(&ok(&db, &["--json", "invite", "1"])).unwrap();
    let second = again["seats"][seat]["path"].as_str().unwrap()[6..].to_string();
    let origin = format!("http://{}", server.host());
    let mut feeds: Vec<_> = [&seats[seat], &seats[seat], &second]
        .into_iter()
        .map(|t| {
            let mut ws = live(&server, &origin);
            ws.send(tungstenite::Message::Text(t.clone().into()))
                .unwrap();
            let first: Value = serde_json::from_slice(&next_view(&mut ws)).unwrap();
            assert_eq!(first["seat"], seat + 1);
            ws
        })
        .collect();
    // Either phone of the seat acts for it, and every phone of the seat follows.
    let offer = offers(&second)[0]["action"].to_string();
    let done = post(&server, Some(&second), offer.as_bytes(), "");
    assert_eq!(done.status, 200, "{}", String::from_utf8_lossy(&done.body));
    for ws in &mut feeds {
        let v: Value = serde_json::from_slice(&next_view(ws)).unwrap();
        assert_eq!(v["table"]["log"].as_array().map(Vec::len), Some(2));
    }
    assert_eq!(log_len(&db), 2);
}
