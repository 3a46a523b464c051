//! Files in and out of the app — export, import, backup, restore — each through the native file
//! dialog, opened here in Rust: the web view never hands a path to a command, so it needs no
//! file-system permission and cannot name a file the person did not choose.
//!
//! What crosses to the UI is a [`FileOutcome`] (a closed dialog is a plain "nothing happened",
//! not an error) and, while the work runs, [`FileProgress`] steps on a channel.
//!
//! The dialog cannot be driven by WebDriver. Builds with the `e2e-hooks` feature (the test
//! build, never the release package) read the dialog's answer from the file named by
//! [`DIALOG_ANSWER_ENV`] when that variable is set: see [`hook`].

use estate_steward::service::{ApiError, ExportReport, Stage};
use estate_steward::store::{ImportReport, RestoreReport};
use serde::Serialize;
use specta::Type;
use std::path::PathBuf;
use tauri::ipc::Channel;

/// The variable naming the file that answers the next dialog (test builds only).
pub const DIALOG_ANSWER_ENV: &str = "ESTATE_STEWARD_E2E_DIALOG";

/// What a file command did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind")]
pub enum FileOutcome {
    /// The dialog was closed without choosing a file: nothing was read or written.
    Cancelled {
        message: String,
    },
    Exported {
        report: ExportReport,
    },
    Imported {
        report: ImportReport,
    },
    BackedUp {
        path: String,
    },
    Restored {
        report: RestoreReport,
    },
}

/// One step of a file command, for the busy state ("Writing the export…"), with the count of
/// games so far when the step goes through them ("Saving games: 1,200 of 10,000").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct FileProgress {
    pub step: String,
    /// Games done so far in this step, when it counts them.
    pub done: Option<u32>,
    /// Of how many games.
    pub total: Option<u32>,
}

impl FileProgress {
    pub fn new(step: impl Into<String>) -> Self {
        FileProgress {
            step: step.into(),
            done: None,
            total: None,
        }
    }

    /// A step through the games: "Checking games: 1,200 of 10,000".
    pub fn counted(stage: Stage, done: usize, total: usize) -> Self {
        let verb = match stage {
            Stage::Reading => "Reading",
            Stage::Checking => "Checking",
            Stage::Saving => "Saving",
            Stage::Counting => return FileProgress::counting_stats(done, total),
        };
        FileProgress {
            step: format!("{verb} games: {} of {}", thousands(done), thousands(total)),
            done: u32::try_from(done).ok(),
            total: u32::try_from(total).ok(),
        }
    }

    /// The statistics' first count, in whole percent ((0, 0): another window or the CLI is
    /// counting, and this one waits for it).
    pub fn counting_stats(done: usize, total: usize) -> Self {
        FileProgress::new(estate_steward::service::counting_words(done, total))
    }

    /// Whether a count is worth sending: the first and last game, and about every 1% between
    /// (a channel message per game would cost more than the game).
    pub fn worth_telling(done: usize, total: usize) -> bool {
        done <= 1 || done >= total || done.is_multiple_of((total / 100).max(1))
    }
}

/// A count as people write it: 10,000.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the file dialog asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    /// A new file to write (a save dialog), or an existing one to read.
    pub save: bool,
    pub title: &'static str,
    /// The name offered in a save dialog.
    pub file_name: Option<String>,
    /// The filter shown first: its label and extensions.
    pub filter: (&'static str, &'static [&'static str]),
}

/// The export formats the app writes, with what the dialog offers for each.
pub fn export_ask(format: &str, today: &str) -> Result<Ask, ApiError> {
    let (stem, ext, label): (&str, &[&str], &str) = match format {
        "json" => ("estate-steward-history", &["json"], "Estate Steward export"),
        "csv" => (
            "estate-steward-history",
            &["csv"],
            "CSV (one row per player)",
        ),
        "bgstats" => ("estate-steward-bgstats", &["json"], "BG Stats export"),
        other => {
            return Err(ApiError::bad(
                "format",
                format!(
                    "'{}' is not one of json, csv or bgstats",
                    other.chars().take(20).collect::<String>()
                ),
            ))
        }
    };
    Ok(Ask {
        save: true,
        title: "Export the history",
        file_name: Some(format!("{stem}-{today}.{}", ext[0])),
        filter: (label, ext),
    })
}

pub fn import_ask() -> Ask {
    Ask {
        save: false,
        title: "Import a history (Estate Steward or BG Stats export)",
        file_name: None,
        filter: ("Estate Steward or BG Stats export", &["json"]),
    }
}

pub fn backup_ask(today: &str) -> Ask {
    Ask {
        save: true,
        title: "Back up the database",
        file_name: Some(format!("estate-steward-backup-{today}.sqlite3")),
        filter: ("Estate Steward database", &["sqlite3", "sqlite", "db"]),
    }
}

pub fn restore_ask() -> Ask {
    Ask {
        save: false,
        title: "Restore the database from a backup",
        file_name: None,
        filter: ("Estate Steward database", &["sqlite3", "sqlite", "db"]),
    }
}

/// The plain answer to a closed dialog: "Nothing was exported.", and so on.
pub fn cancelled(what: &str) -> FileOutcome {
    FileOutcome::Cancelled {
        message: format!("Nothing was {what}: no file was chosen."),
    }
}

/// The path the dialog answered, or `None` when it was closed without one.
pub fn choose<R: tauri::Runtime>(
    app: &tauri::AppHandle<R>,
    ask: Ask,
) -> Result<Option<PathBuf>, ApiError> {
    #[cfg(feature = "e2e-hooks")]
    if let Some(answer) = hook::answer()? {
        return Ok(answer);
    }
    native(app, ask)
}

fn native<R: tauri::Runtime>(
    app: &tauri::AppHandle<R>,
    ask: Ask,
) -> Result<Option<PathBuf>, ApiError> {
    use tauri::Manager;
    use tauri_plugin_dialog::DialogExt;
    let mut dialog = app
        .dialog()
        .file()
        .set_title(ask.title)
        .add_filter(ask.filter.0, ask.filter.1)
        // Any file may be chosen: a backup or an export can carry another name.
        .add_filter("All files", &["*"]);
    if let Some(window) = app.get_webview_window("main") {
        dialog = dialog.set_parent(&window);
    }
    let chosen = if ask.save {
        if let Some(name) = ask.file_name {
            dialog = dialog.set_file_name(name);
        }
        dialog.blocking_save_file()
    } else {
        dialog.blocking_pick_file()
    };
    chosen
        .map(|p| {
            p.into_path()
                .map_err(|e| ApiError::bad("file", format!("the chosen file has no path: {e}")))
        })
        .transpose()
}

/// The test builds' stand-in for the dialog: when [`DIALOG_ANSWER_ENV`] names a file, the next
/// dialog is answered by its content — a path, or nothing for a closed dialog — and the file is
/// removed, so each answer is used once. No file there is a closed dialog too.
#[cfg(feature = "e2e-hooks")]
pub mod hook {
    use super::{ApiError, DIALOG_ANSWER_ENV};
    use std::path::{Path, PathBuf};

    /// `None` when the hook is off (no variable): show the real dialog.
    #[allow(clippy::option_option)]
    pub fn answer() -> Result<Option<Option<PathBuf>>, ApiError> {
        match std::env::var_os(DIALOG_ANSWER_ENV) {
            Some(file) if !file.is_empty() => answer_from(Path::new(&file)).map(Some),
            _ => Ok(None),
        }
    }

    pub fn answer_from(file: &Path) -> Result<Option<PathBuf>, ApiError> {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(ApiError::bad("file", format!("the test answer: {e}"))),
        };
        let _ = std::fs::remove_file(file);
        let path = text.trim();
        Ok((!path.is_empty()).then(|| PathBuf::from(path)))
    }
}

/// Today, as the default name of an export or a backup says it.
pub(crate) fn today() -> String {
    chrono::Local::now().format("%Y-%m-%d").to_string()
}

/// Tell the UI what is under way; a window that closed meanwhile needs no answer.
pub(crate) fn tell(progress: &Channel<FileProgress>, step: &str) {
    let _ = progress.send(FileProgress::new(step));
}

/// Sends a long export's or import's count of games on the channel (about every 1%).
pub(crate) fn count_to(progress: &Channel<FileProgress>) -> impl FnMut(Stage, usize, usize) + '_ {
    move |stage, done, total| {
        if FileProgress::worth_telling(done, total) {
            let _ = progress.send(FileProgress::counted(stage, done, total));
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_statistics_count_says_its_percent_or_that_it_waits() {
        assert_eq!(
            FileProgress::counting_stats(3_000, 40_000).step,
            "Counting games for the statistics: 7%"
        );
        assert_eq!(
            FileProgress::counting_stats(0, 0).step,
            "Waiting for another window to count the games…"
        );
    }

    #[test]
    fn a_step_through_the_games_says_how_many_of_how_many() {
        let p = FileProgress::counted(Stage::Saving, 1_200, 10_000);
        assert_eq!(p.step, "Saving games: 1,200 of 10,000");
        assert_eq!((p.done, p.total), (Some(1_200), Some(10_000)));
        assert_eq!(
            FileProgress::counted(Stage::Reading, 7, 999).step,
            "Reading games: 7 of 999"
        );
        assert_eq!(thousands(1_234_567), "1,234,567");
        // For 10,000 games: the first, then every 100th (the last among them), 101 messages.
        let sent: Vec<usize> = (1..=10_000)
            .filter(|&d| FileProgress::worth_telling(d, 10_000))
            .collect();
        assert_eq!(sent.len(), 101);
        assert_eq!((sent[0], sent[1], sent[100]), (1, 100, 10_000));
        assert!((1..=3).all(|d| FileProgress::worth_telling(d, 3)));
    }

    use super::*;

    #[test]
    fn each_export_format_offers_its_own_file_name_and_filter() {
        let json = export_ask("json", "2026-12-01").expect("json");
        assert!(json.save);
        assert_eq!(
            json.file_name.as_deref(),
            Some("estate-steward-history-2026-12-01.json")
        );
        let csv = export_ask("csv", "2026-12-01").expect("csv");
        assert_eq!(
            csv.file_name.as_deref(),
            Some("estate-steward-history-2026-12-01.csv")
        );
        assert_eq!(csv.filter.1, &["csv"]);
        let bg = export_ask("bgstats", "2026-12-01").expect("bgstats");
        assert_eq!(
            bg.file_name.as_deref(),
            Some("estate-steward-bgstats-2026-12-01.json")
        );
        assert_eq!(
            backup_ask("2026-12-01").file_name.as_deref(),
            Some("estate-steward-backup-2026-12-01.sqlite3")
        );
        assert!(!import_ask().save && !restore_ask().save);
    }

    /// An unknown format is refused before any dialog opens, naming the field.
    #[test]
    fn an_unknown_format_is_refused_naming_the_field() {
        match export_ask("xml", "2026-12-01") {
            Err(ApiError::BadRequest { field, message }) => {
                assert_eq!(field, "format");
                assert!(message.contains("'xml'"), "{message}");
            }
            other => panic!("not refused: {other:?}"),
        }
    }

    /// A closed dialog is a plain answer that crosses as `kind: "Cancelled"`, not an error.
    #[test]
    fn a_closed_dialog_is_a_plain_answer() {
        let outcome = cancelled("exported");
        assert_eq!(
            serde_json::to_value(&outcome).expect("serialises"),
            serde_json::json!({
                "kind": "Cancelled",
                "message": "Nothing was exported: no file was chosen."
            })
        );
    }

    #[cfg(feature = "e2e-hooks")]
    #[test]
    fn the_test_hook_answers_once_then_reads_as_closed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("answer");
        std::fs::write(&file, "/tmp/out.json\n").expect("write");
        assert_eq!(
            hook::answer_from(&file).expect("read"),
            Some(PathBuf::from("/tmp/out.json"))
        );
        assert!(!file.exists(), "an answer is used once");
        assert_eq!(hook::answer_from(&file).expect("read"), None);
        std::fs::write(&file, "  \n").expect("write");
        assert_eq!(hook::answer_from(&file).expect("read"), None);
    }
}
