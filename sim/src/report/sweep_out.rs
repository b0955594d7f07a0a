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
