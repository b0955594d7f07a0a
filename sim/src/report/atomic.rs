//! Crash-safe file writes: write a hidden temp file in the target's directory, fsync it, then
//! rename it over the target, so readers only ever see the old file or the complete new one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::ReportError;

fn io_err(path: &Path, source: io::Error) -> ReportError {
    ReportError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The directory holding `path` (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A written and fsynced temp file waiting to be renamed over its target. Dropping it before
/// [`Staged::commit`] removes the temp file.
pub(crate) struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl Staged {
    /// Write `bytes` to `.<name>.tmp-<pid>` next to `target` and fsync it. On failure the
    /// temp file is removed and the error names `target`.
    pub(crate) fn new(target: &Path, bytes: &[u8]) -> Result<Staged, ReportError> {
        let name = target.file_name().ok_or_else(|| {
            io_err(
                target,
                io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"),
            )
        })?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".tmp-{}", std::process::id()));
        let staged = Staged {
            tmp: parent_dir(target).join(tmp_name),
            target: target.to_path_buf(),
            committed: false,
        };
        let mut file = File::create(&staged.tmp).map_err(|e| io_err(target, e))?;
        // From here on, an early return drops `staged`, which removes the temp file.
        file.write_all(bytes).map_err(|e| io_err(target, e))?;
        file.sync_all().map_err(|e| io_err(target, e))?;
        Ok(staged)
    }

    /// Rename the temp file over the target.
    pub(crate) fn commit(mut self) -> Result<(), ReportError> {
        fs::rename(&self.tmp, &self.target).map_err(|e| io_err(&self.target, e))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// Make renames in `dir` durable (a no-op where directories cannot be fsynced).
pub(crate) fn sync_dir(dir: &Path) -> Result<(), ReportError> {
    #[cfg(unix)]
    {
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| io_err(dir, e))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Write `bytes` to `path` atomically: to a temp file `.<name>.tmp-<pid>` in the same
/// directory, fsynced, then renamed over `path` (and the directory fsynced where supported).
/// Readers see either the previous file or the complete new one. On failure no temp file is
/// left behind and the error names `path`. The directory must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    Staged::new(path, bytes)?.commit()?;
    sync_dir(parent_dir(path))
}

/// Write several files atomically as a group: every file is staged (written and fsynced)
/// before any is renamed; then `before_rename` runs, and the files are renamed in order. If
/// staging fails (e.g. the disk is full), nothing in `dir` has changed. On any failure every
/// temp file not yet renamed is removed; files already renamed stay (so put the completion
/// marker last, and remove the old one in `before_rename`).
pub(crate) fn write_all_atomic(
    dir: &Path,
    files: &[(PathBuf, Vec<u8>)],
    before_rename: impl FnOnce() -> Result<(), ReportError>,
) -> Result<(), ReportError> {
    let staged = files
        .iter()
        .map(|(path, bytes)| Staged::new(path, bytes))
        .collect::<Result<Vec<_>, _>>()?;
    // On error, the staged files are dropped and removed.
    before_rename()?;
    for s in staged {
        // On error, the remaining `Staged` values are dropped with the iterator and removed.
        s.commit()?;
    }
    sync_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::TestDir;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_and_replaces() {
        let dir = TestDir::new("atomic-replace");
        let p = dir.path().join("a.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[test]
    fn failed_rename_names_path_and_cleans_up() {
        let dir = TestDir::new("atomic-fail");
        let target = dir.path().join("taken");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("inside"), b"x").unwrap();
        let err = write_atomic(&target, b"data").unwrap_err();
        assert!(err.to_string().contains("taken"), "{err}");
        assert!(matches!(&err, ReportError::Io { path, .. } if *path == target));
        assert_eq!(names(dir.path()), ["taken"]);
    }

    #[test]
    fn missing_directory_is_an_error() {
        let dir = TestDir::new("atomic-missing");
        let target = dir.path().join("nope").join("a.txt");
        let err = write_atomic(&target, b"data").unwrap_err();
        assert!(matches!(&err, ReportError::Io { path, .. } if *path == target));
        assert!(names(dir.path()).is_empty());
    }
}
