//! A sweep's own files (`[experiment.sweep]`): `sweep.csv` / `sweep.parquet` (one row per value
//! and matchup) and `sweep.json` (everything, written last: a sweep directory with a
//! `sweep.json` is complete or says it is partial). Each value's full report is in its own
//! subdirectory.

use std::path::{Path, PathBuf};

use super::tables::{CellType, Column, Table, table_row};
use super::{ReportError, atomic, render};
use crate::sweep::SweepReport;

/// Name of the sweep's JSON file.
pub const SWEEP_JSON: &str = "sweep.json";

table_row! {
    /// One matchup at one value (`sweep.csv` / `sweep.parquet`).
    pub struct SweepRow in "sweep" {
        /// The setting varied (its path).
        pub set: String,
        /// The value, as written.
        pub value: String,
        /// The value as a number (NaN when it is not one).
        pub value_number: f64,
        /// Matchup label.
        pub matchup: String,
        /// Battles played.
        pub battles: i64,
        /// Side A's wins.
        pub a_wins: i64,
        /// Side B's wins.
        pub b_wins: i64,
        /// Draws.
        pub draws: i64,
        /// Side A's mean score (win 1, draw ½).
        pub a_score: f64,
        /// Its interval, low end.
        pub a_score_ci_low: f64,
        /// Its interval, high end.
        pub a_score_ci_high: f64,
        /// The value's report directory, relative to the sweep's.
        pub report: String,
    }
}

fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The sweep's rows, value by value, matchups in experiment order.
pub fn sweep_rows(s: &SweepReport) -> Vec<SweepRow> {
    s.points
        .iter()
        .flat_map(|p| {
            p.matchups.iter().map(|m| SweepRow {
                set: s.set.clone(),
                value: p.value.clone(),
                value_number: p.number.unwrap_or(f64::NAN),
                matchup: m.matchup.clone(),
                battles: count(m.battles),
                a_wins: count(m.a_wins),
                b_wins: count(m.b_wins),
                draws: count(m.draws),
                a_score: m.score,
                a_score_ci_low: m.score_low,
                a_score_ci_high: m.score_high,
                report: p.dir.clone(),
            })
        })
        .collect()
}

/// Write `sweep.csv`, `sweep.parquet` and `sweep.json` (last) into `dir`, staged and renamed
/// into place; return their paths. The old `sweep.json` goes first, so a half-replaced sweep
/// never looks complete.
pub fn write_sweep(dir: &Path, s: &SweepReport) -> Result<Vec<PathBuf>, ReportError> {
    let keep: Vec<String> = s.points.iter().map(|p| p.dir.clone()).collect();
    remove_stale_points(dir, &keep)?;
    // An older sweep's page (`--html` writes this one's after).
    let page = dir.join(super::html::HTML_FILE);
    match std::fs::remove_file(&page) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(ReportError::Io {
                path: page,
                source: e,
            });
        }
        _ => {}
    }
    let mut files = Vec::with_capacity(3);
    render(dir, &sweep_rows(s), &mut files)?;
    let path = dir.join(SWEEP_JSON);
    let mut json = serde_json::to_string_pretty(s).map_err(|source| ReportError::Json {
        path: path.clone(),
        source,
    })?;
    json.push('\n');
    files.push((path.clone(), json.into_bytes()));
    std::fs::create_dir_all(dir).map_err(|source| ReportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    atomic::write_all_atomic(dir, &files, || match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(ReportError::Io {
            path: path.clone(),
            source: e,
        }),
        _ => Ok(()),
    })?;
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

/// Remove the value directories of an older sweep from `dir`: every `<k>-<value>/` (a name
/// starting with digits and `-`) that holds a fleetlab report (`manifest.json`) and is not in
/// `keep` (this sweep's). Only fleetlab's own files are removed, then the directory if that
/// empties it; a directory that still holds other files (the user's) stays. Returns the
/// directories removed.
pub fn remove_stale_points(dir: &Path, keep: &[String]) -> Result<Vec<String>, ReportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ReportError::Io { path, source }
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut removed = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let value_dir = name
            .split_once('-')
            .is_some_and(|(k, _)| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
        if !value_dir
            || keep.contains(&name)
            || !path.is_dir()
            || !path.join(super::MANIFEST_FILE).is_file()
        {
            continue;
        }
        for file in super::stale_files(&path, &[]) {
            let f = path.join(file);
            std::fs::remove_file(&f).map_err(io(&f))?;
        }
        let manifest = path.join(super::MANIFEST_FILE);
        std::fs::remove_file(&manifest).map_err(io(&manifest))?;
        if std::fs::remove_dir(&path).is_ok() {
            removed.push(name);
        }
    }
    removed.sort();
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::TestDir;

    #[test]
    fn an_older_sweeps_value_directories_go_and_the_users_files_stay() {
        let tmp = TestDir::new("sweep-stale");
        let mk = |name: &str, files: &[&str]| {
            let d = tmp.path().join(name);
            std::fs::create_dir_all(&d).unwrap();
            for f in files {
                std::fs::write(d.join(f), b"x").unwrap();
            }
        };
        let report = [
            "manifest.json",
            "summary.csv",
            "ships.parquet",
            "report.html",
        ];
        mk("0-4", &report); // this sweep's
        mk("2-12", &report); // an older, longer sweep's
        mk("3-16", &["manifest.json", "summary.csv", "notes.txt"]); // with a user's file
        mk("4-20", &["summary.csv"]); // not a complete report: not ours to judge
        mk("results", &report); // not a value directory
        let removed = remove_stale_points(tmp.path(), &["0-4".into()]).unwrap();
        assert_eq!(removed, ["2-12"]);
        let left = |d: &str| {
            let mut v: Vec<String> = std::fs::read_dir(tmp.path().join(d))
                .map(|e| {
                    e.filter_map(Result::ok)
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            v
        };
        assert_eq!(left("0-4").len(), 4);
        assert!(left("2-12").is_empty() && !tmp.path().join("2-12").exists());
        assert_eq!(left("3-16"), ["notes.txt"]);
        assert_eq!(left("4-20"), ["summary.csv"]);
        assert_eq!(left("results").len(), 4);
    }
}
