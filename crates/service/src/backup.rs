//! Backup and restore of the whole database, through the store (SQLite's own copies, checked).

use super::{ApiError, Steward};
use std::path::Path;
use store::{check_backup, put_back, set_aside, RestoreReport};

impl Steward {
    /// A checked, consistent copy of the database at `out`: a new file, or over an existing
    /// one when `replace` (the CLI's `--force`; the window's save dialog has asked). Never over
    /// the database, its companions, another SQLite file or the automatic backups.
    pub fn backup(&self, out: &Path, replace: bool) -> Result<(), ApiError> {
        Ok(self.store.backup_to(out, replace)?)
    }

    /// Replace the database's content with a backup's, keeping a safety copy of what it
    /// replaces; a file the open checks refuse is refused.
    pub fn restore(&mut self, file: &Path) -> Result<RestoreReport, ApiError> {
        let report = self.store.restore_from(file);
        // Whatever happened, held tables may no longer match the file.
        self.tables.clear();
        Ok(report?)
    }

    /// Restore a backup where the database at `db` was refused when opened (another program's,
    /// a newer schema's, a damaged copy): the backup is checked first, then the refused file is
    /// moved aside unchanged (its new name is the report's safety copy), a new database is made
    /// at `db` and the backup restored into it. Returns the service on the restored database.
    pub fn restore_over_refused(
        db: &Path,
        file: &Path,
    ) -> Result<(Steward, RestoreReport), ApiError> {
        check_backup(file, db)?;
        let aside = set_aside(db)?;
        let restored = Steward::open(db).and_then(|mut steward| {
            let report = steward.restore(file)?;
            Ok((steward, report))
        });
        match restored {
            Ok((steward, mut report)) => {
                report.safety_copy = Some(aside.display().to_string());
                Ok((steward, report))
            }
            Err(e) => {
                // Put the refused file back as it was, so that a failure changes nothing.
                put_back(db, &aside);
                Err(e)
            }
        }
    }
}
