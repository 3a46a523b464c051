//! Backup and restore of the whole database, through the store (SQLite's own copies, checked).

use super::{ApiError, Steward};
use crate::store::RestoreReport;
use std::path::Path;

impl Steward {
    /// A checked, consistent copy of the database at `out`, a new file.
    pub fn backup(&self, out: &Path) -> Result<(), ApiError> {
        Ok(self.store.backup_to(out)?)
    }

    /// Replace the database's content with a backup's, keeping a safety copy of what it
    /// replaces; a file the open checks refuse is refused.
    pub fn restore(&mut self, file: &Path) -> Result<RestoreReport, ApiError> {
        let report = self.store.restore_from(file);
        // Whatever happened, held tables may no longer match the file.
        self.tables.clear();
        Ok(report?)
    }
}
