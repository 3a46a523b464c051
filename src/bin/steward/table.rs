//! The CLI's table requests: an action as JSON or picked from the allowed list, a peek, and
//! `stream` (one acknowledgement per committed line).

use crate::{exit_code, parse_json};
use estate_steward::service::{ApiError, LogPage, Steward, TableView, ViewShape};
use serde_json::Value;
use std::io::{BufRead, Write};

pub(crate) fn pick(steward: &mut Steward, id: i64, n: usize) -> Result<Value, ApiError> {
    let view = steward.view(id, None)?;
    view.allowed
        .get(n)
        .map(|a| a.action.clone())
        .ok_or_else(|| {
            let choices = match view.allowed.len() {
                0 => "no action is allowed now".to_string(),
                k => format!("pick 0 to {} (the actions allowed now)", k - 1),
            };
            ApiError::bad("pick", format!("there is no action {n}: {choices}"))
        })
}

/// One line of a stream: an action as JSON, `pick N`, `undo` or `redo`.
pub(crate) fn stream_line(
    steward: &mut Steward,
    id: i64,
    line: &str,
) -> Result<TableView, ApiError> {
    match line {
        "undo" => steward.undo(id),
        "redo" => steward.redo(id),
        _ => {
            let action = match line.strip_prefix("pick ") {
                Some(n) => {
                    let n = n.trim().parse().map_err(|_| {
                        ApiError::bad(
                            "pick",
                            format!(
                                "'{}' is not a number",
                                estate_steward::engine::table::excerpt(n.trim(), 20)
                            ),
                        )
                    })?;
                    pick(steward, id, n)?
                }
                None => parse_json("action", line)?,
            };
            steward.act(id, &action)
        }
    }
}

/// `stream`: every line gets one answer, and a bad line does not end the stream. Returns the
/// exit code of the first line that failed (0 when none did).
pub(crate) fn stream(steward: &mut Steward, id: i64) -> Result<u8, ApiError> {
    // The acknowledgement needs the log's length, not its lines nor the state: resume and
    // answer from the log's end.
    steward.set_views(ViewShape {
        log: LogPage::Latest { min: 1, step: 256 },
        state: false,
    });
    steward.view(id, None)?; // a missing game or a refused file ends it before any line
    let mut input = std::io::stdin().lock();
    let mut stdout = std::io::stdout();
    let mut first_failure = 0u8;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let result = match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => match std::str::from_utf8(&bytes) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => stream_line(steward, id, line.trim()),
                Err(_) => Err(ApiError::bad("line", "not UTF-8 text")),
            },
            Err(e) => Err(ApiError::bad("line", format!("cannot be read: {e}"))),
        };
        let reply = match result {
            // Printed only after the store committed: this line is the acknowledgement.
            Ok(v) => format!("ack {} {}", v.log_len(), v.message.unwrap_or_default()),
            Err(e) => {
                if first_failure == 0 {
                    first_failure = exit_code(&e);
                }
                format!("err {number} {}", e.to_string().replace(['\n', '\r'], " "))
            }
        };
        let _ = writeln!(stdout, "{reply}");
        let _ = stdout.flush();
    }
    Ok(first_failure)
}

/// `act`: an action given as JSON, or the Nth allowed one.
pub(crate) fn act(
    steward: &mut Steward,
    id: i64,
    action: Option<String>,
    n: Option<usize>,
) -> Result<TableView, ApiError> {
    let action = match (action, n) {
        (Some(a), _) => parse_json("action", &a)?,
        (None, Some(n)) => pick(steward, id, n)?,
        (None, None) => {
            return Err(ApiError::BadRequest {
                field: "action".into(),
                message: "give an action as JSON or --pick N".into(),
            })
        }
    };
    steward.act(id, &action)
}

/// `peek`: seats count from 1 on the command line.
pub(crate) fn peek(steward: &mut Steward, id: i64, seat: u8) -> Result<Value, ApiError> {
    let Some(index) = seat.checked_sub(1) else {
        return Err(ApiError::BadRequest {
            field: "seat".into(),
            message: "seats count from 1".into(),
        });
    };
    steward.peek(id, index)
}
