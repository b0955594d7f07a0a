//! Reports (CSV, Parquet, manifest, printed summary).
//!
//! The tables are built once as plain row structs ([`tables`]) and the same columns are then
//! encoded as CSV and as Parquet. Every file of a report directory is written atomically, and
//! `manifest.json` last: a report directory with a manifest is complete.

mod atomic;
pub mod audit_out;
mod csv_out;
pub mod decided;
pub mod fair_cost;
pub mod game;
pub mod html;
mod invented;
pub mod kinds;
pub(crate) mod parquet_out;
mod summary;
pub mod sweep_out;
pub mod tables;
pub mod under_game_out;
pub mod verdict;
pub mod why;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

pub use atomic::write_atomic;
pub use html::{HTML_FILE, HtmlError, write_html, write_html_to};
pub use parquet_out::parquet_columns;
pub use summary::{summary_table, thousands};

use crate::kinds::Plan;
use crate::results::{Manifest, MatchupResult};
use tables::{Table, distribution_rows, event_rows, ship_rows, summary_rows};

/// Name of the manifest file, written last.
pub const MANIFEST_FILE: &str = "manifest.json";

/// How to compute the report's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReportOptions {
    /// Confidence level of the Wilson intervals, strictly between 0 and 1 (default 0.95).
    pub confidence: f64,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions { confidence: 0.95 }
    }
}

/// Why a report could not be written. Every file-related variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// Creating, writing, syncing, renaming or removing a file or directory failed.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// Encoding a CSV table failed.
    #[error("cannot encode {} as CSV: {source}", path.display())]
    Csv {
        /// The file being produced.
        path: PathBuf,
        /// The underlying error.
        source: csv::Error,
    },
    /// Encoding a Parquet table failed.
    #[error("cannot encode {} as Parquet: {message}", path.display())]
    Parquet {
        /// The file being produced.
        path: PathBuf,
        /// The Parquet writer's message.
        message: String,
    },
    /// Serializing the manifest failed.
    #[error("cannot encode {} as JSON: {source}", path.display())]
    Json {
        /// The file being produced.
        path: PathBuf,
        /// The underlying error.
        source: serde_json::Error,
    },
    /// The confidence level is not strictly between 0 and 1.
    #[error("confidence must be strictly between 0 and 1, got {0}")]
    InvalidConfidence(f64),
}

/// Make sure `dir` exists (creating it and its parents) and that files can be created in it,
/// so that a long run learns before it starts, not after, that its results could not be
/// written. Leaves nothing behind but the directory. The error names `dir`.
pub fn prepare_dir(dir: &Path) -> Result<(), ReportError> {
    let named = |source| ReportError::Io {
        path: dir.to_path_buf(),
        source,
    };
    fs::create_dir_all(dir).map_err(named)?;
    // Staged writes a temp file next to the probe and removes it when dropped.
    match atomic::Staged::new(&dir.join(".fleetlab-write-check"), b"") {
        Ok(staged) => {
            drop(staged);
            Ok(())
        }
        Err(ReportError::Io { source, .. }) => Err(named(source)),
        Err(e) => Err(e),
    }
}

/// Encode `rows` as `<dir>/<NAME>.csv` and `<dir>/<NAME>.parquet` and queue both.
fn render<T: Table>(
    dir: &Path,
    rows: &[T],
    files: &mut Vec<(PathBuf, Vec<u8>)>,
) -> Result<(), ReportError> {
    let columns = T::columns(rows);
    let csv_path = dir.join(format!("{}.csv", T::NAME));
    let csv = csv_out::to_csv(&columns).map_err(|source| ReportError::Csv {
        path: csv_path.clone(),
        source,
    })?;
    files.push((csv_path, csv));
    let parquet_path = dir.join(format!("{}.parquet", T::NAME));
    let parquet =
        parquet_out::to_parquet(&columns, rows.len()).map_err(|message| ReportError::Parquet {
            path: parquet_path.clone(),
            message,
        })?;
    files.push((parquet_path, parquet));
    Ok(())
}

/// Write `summary.csv`, `summary.parquet`, `distributions.csv`, `distributions.parquet`,
/// `ships.csv`, `ships.parquet`, `events.csv`, `events.parquet`, `decided_by.csv`,
/// `decided_by.parquet`, the kind's tables (`ab` for
/// an A/B experiment and `fair_cost` when it has a ladder, `matrix` and `ranking` for a round robin,
/// `game`, `equilibrium` and `game_value` for a policy game; CSV and Parquet) and
/// `manifest.json` (last) into `dir`, creating it if
/// missing, and return their paths in that order.
///
/// Everything is encoded in memory first. Then every file is written to a temp file in `dir`
/// (`.<name>.tmp-<pid>`) and fsynced; if that fails (a full disk, say), the temp files are
/// removed and any previous report in `dir` is untouched. Then any existing `manifest.json` is
/// removed (so a half-overwritten old report never looks complete) and the temp files are
/// renamed into place in the order above, `manifest.json` last. If a rename fails, the
/// remaining temp files are removed and no manifest is present. Errors name the path
/// concerned.
pub fn write_report(
    dir: &Path,
    manifest: &Manifest,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Result<Vec<PathBuf>, ReportError> {
    write_report_with(dir, manifest, results, opts, &[])
}

/// [`write_report_with`], plus `extra` files rendered by the caller (e.g. the answers under
/// the policy game, [`under_game_out::under_game_files`]), staged and listed with the rest.
pub fn write_report_extra(
    dir: &Path,
    manifest: &Manifest,
    results: &[MatchupResult],
    opts: &ReportOptions,
    streamed: &[(PathBuf, PathBuf)],
    extra: Vec<(PathBuf, Vec<u8>)>,
) -> Result<Vec<PathBuf>, ReportError> {
    let written = write_report_inner(dir, manifest, results, opts, streamed, extra);
    if written.is_err() {
        for (tmp, _) in streamed {
            let _ = fs::remove_file(tmp);
        }
    }
    written
}

/// [`write_report`], with files already written to temp files in `dir` (`streamed`: (temp
/// file, final path), e.g. the per-battle table): they are renamed into place after the old
/// manifest is removed and before the new files (so before the manifest), and listed in
/// the manifest. On an error before their rename, their temp files are removed.
pub fn write_report_with(
    dir: &Path,
    manifest: &Manifest,
    results: &[MatchupResult],
    opts: &ReportOptions,
    streamed: &[(PathBuf, PathBuf)],
) -> Result<Vec<PathBuf>, ReportError> {
    write_report_extra(dir, manifest, results, opts, streamed, Vec::new())
}

fn write_report_inner(
    dir: &Path,
    manifest: &Manifest,
    results: &[MatchupResult],
    opts: &ReportOptions,
    streamed: &[(PathBuf, PathBuf)],
    extra: Vec<(PathBuf, Vec<u8>)>,
) -> Result<Vec<PathBuf>, ReportError> {
    if !(opts.confidence > 0.0 && opts.confidence < 1.0) {
        return Err(ReportError::InvalidConfidence(opts.confidence));
    }
    let mut files = Vec::with_capacity(11);
    render(dir, &summary_rows(results, opts), &mut files)?;
    render(dir, &distribution_rows(results), &mut files)?;
    render(dir, &ship_rows(results, opts), &mut files)?;
    render(dir, &event_rows(results), &mut files)?;
    render(dir, &why::survival_rows(results), &mut files)?;
    render(dir, &why::efficiency_rows(results), &mut files)?;
    let weapons = why::weapon_rows(results);
    if !weapons.is_empty() {
        render(dir, &weapons, &mut files)?;
    }
    render(dir, &decided::decided_by_rows(results), &mut files)?;
    match &manifest.run.plan {
        Plan::Run => {}
        Plan::Ab(ab) => {
            render(dir, &kinds::ab_rows(ab, results, opts), &mut files)?;
            if ab.rungs > 0 {
                render(
                    dir,
                    &fair_cost::fair_cost_rows(ab, results, opts),
                    &mut files,
                )?;
                render(dir, &fair_cost::ladder_rows(ab, results, opts), &mut files)?;
            }
        }
        Plan::Matrix(m) => {
            render(dir, &kinds::matrix_rows(m, results, opts), &mut files)?;
            render(dir, &kinds::ranking_rows(m, results, opts), &mut files)?;
        }
        Plan::Game(g) => {
            render(dir, &game::game_rows(g, results), &mut files)?;
            render(dir, &game::equilibrium_rows(g, results, opts), &mut files)?;
            render(dir, &game::game_value_rows(g, results, opts), &mut files)?;
            if g.search.is_some() {
                render(dir, &game::search_rows(g, results, opts), &mut files)?;
            }
        }
    }
    files.extend(extra);
    let manifest_path = dir.join(MANIFEST_FILE);
    // The manifest lists every file of the run (itself last).
    let mut manifest = manifest.clone();
    manifest.files = files
        .iter()
        .map(|(path, _)| file_name(path))
        .chain(streamed.iter().map(|(_, target)| file_name(target)))
        .chain([MANIFEST_FILE.to_owned()])
        .collect();
    let owned: Vec<String> = manifest.files.clone();
    let mut json = serde_json::to_string_pretty(&manifest).map_err(|source| ReportError::Json {
        path: manifest_path.clone(),
        source,
    })?;
    json.push('\n');
    files.push((manifest_path.clone(), json.into_bytes()));

    fs::create_dir_all(dir).map_err(|source| ReportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    // Once every new file is staged (so a full disk leaves the old report untouched), the old
    // manifest goes first: a half-replaced report must never look complete.
    // Then the files of an older run that this one does not write (a reused `--out`: an
    // A/B's `ab.csv` under a plain run's report, an old `audit.csv` or `report.html`), so the
    // directory holds exactly this run's files.
    let remove_old_manifest = || {
        for name in std::iter::once(MANIFEST_FILE.to_owned()).chain(stale_files(dir, &owned)) {
            let path = dir.join(&name);
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(source) => return Err(ReportError::Io { path, source }),
            }
        }
        for (tmp, target) in streamed {
            fs::rename(tmp, target).map_err(|source| ReportError::Io {
                path: target.clone(),
                source,
            })?;
        }
        Ok(())
    };
    atomic::write_all_atomic(dir, &files, remove_old_manifest)?;
    let mut paths: Vec<PathBuf> = files.into_iter().map(|(path, _)| path).collect();
    let manifest_path = paths.pop();
    paths.extend(streamed.iter().map(|(_, target)| target.clone()));
    paths.extend(manifest_path);
    Ok(paths)
}

/// A path's file name as text.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Tables fleetlab writes into a report directory (as `.csv` and `.parquet`), by any command.
const REPORT_TABLES: [&str; 23] = [
    "summary",
    "weapons",
    "distributions",
    "ships",
    "events",
    "survival",
    "efficiency",
    "decided_by",
    "ab",
    "fair_cost",
    "ladder",
    "matrix",
    "ranking",
    "game",
    "equilibrium",
    "game_value",
    "search",
    "audit",
    "per_battle",
    "under_game",
    "ab_under_game",
    "fair_cost_under_game",
    "ranking_under_game",
];

/// Files in `dir` that fleetlab writes into report directories (its table names, `audit.json`,
/// `report.html`) and that are not in `owned`: left over from an older run. Other files (the
/// user's own) are never touched.
pub(crate) fn stale_files(dir: &Path, owned: &[String]) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let ours = |name: &str| {
        name == "audit.json"
            || name == under_game_out::UNDER_GAME_JSON
            || name == html::HTML_FILE
            || REPORT_TABLES.iter().any(|t| {
                name.strip_prefix(t)
                    .is_some_and(|ext| ext == ".csv" || ext == ".parquet")
            })
    };
    let mut stale: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| ours(n) && !owned.contains(n))
        .collect();
    stale.sort();
    stale
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Fixtures shared by the report tests.

    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicUsize, Ordering};

    use fleetlab_engine::{Ending, Outcome, ShipTally, Side, SideTally, Verdict};

    use crate::results::{Manifest, ManifestMatchup, MatchupResult, MatchupTally, RunStatus};

    /// A fresh directory under the system temp dir, removed on drop.
    pub(crate) struct TestDir(PathBuf);

    impl TestDir {
        pub(crate) fn new(tag: &str) -> TestDir {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!(
                "fleetlab-sim-test-{tag}-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).unwrap();
            TestDir(path)
        }

        pub(crate) fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TestDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn side(damage_dealt: u32, damage_taken: u32, survivors: u32, points_lost: u32) -> SideTally {
        SideTally {
            damage_dealt,
            damage_taken,
            survivors,
            points_lost,
            // One `launch` per damage dealt and one `retreat` per survivor, so the events
            // table has known totals.
            events: {
                let mut e = [0; fleetlab_engine::MAX_EVENTS];
                e[0] = damage_dealt;
                e[1] = survivors;
                e
            },
        }
    }

    fn ship(damage_dealt: u32, damage_taken: u32, destroyed: bool) -> ShipTally {
        ShipTally {
            damage_dealt,
            damage_taken,
            destroyed,
            lost_on_turn: 0,
        }
    }

    /// One matchup, a cruiser (A, ship 0) against a frigate (B, ship 1), four battles:
    /// A annihilates B in 3 turns; A wins on the turn limit in 6; B annihilates A in 4; both
    /// die in turn 70 (beyond the turn histogram, so it lands in the overflow bin).
    pub(crate) fn sample_results() -> Vec<MatchupResult> {
        let mut tally = MatchupTally::new(2);
        let battles = [
            (
                Verdict::Win(Side::A),
                Ending::Annihilation,
                3,
                [side(5, 2, 1, 0), side(2, 5, 0, 30)],
                [ship(5, 2, false), ship(2, 5, true)],
            ),
            (
                Verdict::Win(Side::A),
                Ending::TurnLimit,
                6,
                [side(4, 1, 1, 0), side(1, 4, 1, 0)],
                [ship(4, 1, false), ship(1, 4, false)],
            ),
            (
                Verdict::Win(Side::B),
                Ending::Annihilation,
                4,
                [side(3, 6, 0, 40), side(6, 3, 1, 0)],
                [ship(3, 6, true), ship(6, 3, false)],
            ),
            (
                Verdict::Draw,
                Ending::MutualDestruction,
                70,
                [side(5, 6, 0, 40), side(6, 5, 0, 30)],
                [ship(5, 6, true), ship(6, 5, true)],
            ),
        ];
        for (verdict, ending, turns, sides, ships) in battles {
            let outcome = Outcome {
                verdict,
                standing: verdict,
                ending,
                decided_by: ending.default_decider(),
                turns,
                sides,
            };
            // Every destroyed ship is lost in the battle's last turn.
            let ships = ships.map(|s| ShipTally {
                lost_on_turn: if s.destroyed { turns } else { 0 },
                ..s
            });
            tally.record(&outcome, &ships, &[Side::A, Side::B]);
        }
        vec![MatchupResult {
            label: "alpha (brawler) vs beta (standoff)".into(),
            fleets: ["alpha".into(), "beta".into()],
            policies: ["brawler".into(), "standoff".into()],
            points: [Some(40), None],
            ship_names: vec!["cruiser".into(), "frigate".into()],
            ship_sides: vec![Side::A, Side::B],
            dice_key: "k".into(),
            events: vec!["launch".into(), "retreat".into()],
            deciders: fleetlab_engine::outcome::DEFAULT_DECIDERS
                .iter()
                .map(crate::results::DeciderName::of)
                .collect(),
            tally,
            paired: None,
            moments: None,
            house_rules: vec!["turn_cap".into()],
            weapons: Vec::new(),
        }]
    }

    pub(crate) fn sample_manifest() -> Manifest {
        Manifest {
            run: crate::results::RunInfo {
                fleetlab_version: "0.1.0".into(),
                rule_system: "test".into(),
                experiment: "sample".into(),
                config_path: "sample.toml".into(),
                config_hash: "00ff".into(),
                config_files: vec!["sample.toml".into()],
                seed: 7,
                battles_per_matchup: 4,
                plan: crate::kinds::Plan::Run,
                target_error: None,
            },
            matchups: vec![ManifestMatchup {
                label: "alpha (brawler) vs beta (standoff)".into(),
                dice_key: "k".into(),
                fleets: ["alpha".into(), "beta".into()],
                policies: ["brawler".into(), "standoff".into()],
                battles: 4,
                house_rules: vec!["turn_cap".into()],
            }],
            status: RunStatus::Complete,
            timing: crate::results::Timing {
                finished_at: "2025-01-01T00:00:00Z".into(),
                elapsed_seconds: 0.5,
                threads: 1,
            },
            files: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{TestDir, sample_manifest, sample_results};
    use super::*;
    use crate::stats::wilson;

    const ALL_FILES: [&str; 15] = [
        "summary.csv",
        "summary.parquet",
        "distributions.csv",
        "distributions.parquet",
        "ships.csv",
        "ships.parquet",
        "events.csv",
        "events.parquet",
        "survival.csv",
        "survival.parquet",
        "efficiency.csv",
        "efficiency.parquet",
        "decided_by.csv",
        "decided_by.parquet",
        "manifest.json",
    ];

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    fn read_csv(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
        let mut r = csv::Reader::from_path(path).unwrap();
        let header = r.headers().unwrap().iter().map(str::to_owned).collect();
        let rows = r
            .records()
            .map(|rec| rec.unwrap().iter().map(str::to_owned).collect())
            .collect();
        (header, rows)
    }

    fn cell<'a>(header: &[String], row: &'a [String], name: &str) -> &'a str {
        let i = header.iter().position(|h| h == name).unwrap();
        &row[i]
    }

    /// The fixture's events: `launch` = damage dealt, `retreat` = survivors, per side.
    #[test]
    fn events_table_sums_each_sides_events() {
        let tmp = TestDir::new("events");
        write_report(
            tmp.path(),
            &sample_manifest(),
            &sample_results(),
            &ReportOptions::default(),
        )
        .unwrap();
        let (header, rows) = read_csv(&tmp.path().join("events.csv"));
        assert_eq!(
            header,
            [
                "matchup",
                "side",
                "fleet",
                "policy",
                "event",
                "total",
                "per_battle"
            ]
        );
        let got: Vec<(String, String, String, String)> = rows
            .iter()
            .map(|r| (r[1].clone(), r[4].clone(), r[5].clone(), r[6].clone()))
            .collect();
        let row = |s: &str, e: &str, t: &str, p: &str| (s.into(), e.into(), t.into(), p.into());
        assert_eq!(
            got,
            [
                row("A", "launch", "17", "4.25"),
                row("A", "retreat", "2", "0.5"),
                row("B", "launch", "15", "3.75"),
                row("B", "retreat", "2", "0.5"),
            ]
        );
        let (header, rows) = read_csv(&tmp.path().join("summary.csv"));
        assert_eq!(cell(&header, &rows[0], "standing_a_wins"), "2");
        assert_eq!(cell(&header, &rows[0], "standing_b_wins"), "1");
        assert_eq!(cell(&header, &rows[0], "standing_draws"), "1");
    }

    #[test]
    fn writes_complete_report() {
        let tmp = TestDir::new("report");
        let dir = tmp.path().join("out"); // does not exist yet
        let written = write_report(
            &dir,
            &sample_manifest(),
            &sample_results(),
            &ReportOptions::default(),
        )
        .unwrap();
        let expected: Vec<PathBuf> = ALL_FILES.iter().map(|f| dir.join(f)).collect();
        assert_eq!(written, expected);
        let mut sorted: Vec<String> = ALL_FILES.iter().map(|s| s.to_string()).collect();
        sorted.sort();
        assert_eq!(names(&dir), sorted, "no temp files may remain");

        let (header, rows) = read_csv(&dir.join("summary.csv"));
        let expected_header = [
            "matchup",
            "fleet_a",
            "fleet_b",
            "policy_a",
            "policy_b",
            "policy_a_detail",
            "policy_b_detail",
            "points_a",
            "points_b",
            "battles",
            "a_wins",
            "b_wins",
            "draws",
            "a_win_rate",
            "a_win_ci_low",
            "a_win_ci_high",
            "b_win_rate",
            "b_win_ci_low",
            "b_win_ci_high",
            "draw_rate",
            "a_annihilation_wins",
            "b_annihilation_wins",
            "mutual_destructions",
            "turn_limit_endings",
            "mean_turns",
            "mean_damage_dealt_a",
            "mean_damage_dealt_b",
            "mean_points_lost_a",
            "mean_points_lost_b",
            "mean_survivors_a",
            "mean_survivors_b",
            "standing_a_wins",
            "standing_b_wins",
            "standing_draws",
        ];
        assert_eq!(header, expected_header);
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        let get = |name| cell(&header, row, name);
        assert_eq!(get("matchup"), "alpha (brawler) vs beta (standoff)");
        assert_eq!(get("points_a"), "40");
        assert_eq!(get("points_b"), "");
        assert_eq!(get("battles"), "4");
        assert_eq!(get("a_wins"), "2");
        assert_eq!(get("b_wins"), "1");
        assert_eq!(get("draws"), "1");
        assert_eq!(get("a_win_rate"), "0.5");
        assert_eq!(get("b_win_rate"), "0.25");
        assert_eq!(get("draw_rate"), "0.25");
        let (lo, hi) = wilson(2, 4, 1.959963984540054);
        assert!((get("a_win_ci_low").parse::<f64>().unwrap() - lo).abs() < 1e-12);
        assert!((get("a_win_ci_high").parse::<f64>().unwrap() - hi).abs() < 1e-12);
        assert_eq!(get("a_annihilation_wins"), "1");
        assert_eq!(get("b_annihilation_wins"), "1");
        assert_eq!(get("mutual_destructions"), "1");
        assert_eq!(get("turn_limit_endings"), "1");
        assert_eq!(get("mean_turns"), "20.75"); // (3 + 6 + 4 + 70) / 4, overflow included
        assert_eq!(get("mean_damage_dealt_a"), "4.25");
        assert_eq!(get("mean_points_lost_a"), "20");
        assert_eq!(get("mean_survivors_b"), "0.5");

        let (header, rows) = read_csv(&dir.join("ships.csv"));
        assert_eq!(
            header[..6],
            ["matchup", "side", "fleet", "policy", "ship", "ship_index"]
        );
        assert_eq!(rows.len(), 2);
        assert_eq!(cell(&header, &rows[0], "side"), "A");
        assert_eq!(cell(&header, &rows[1], "ship"), "frigate");
        assert_eq!(cell(&header, &rows[1], "ship_index"), "1");
        assert_eq!(cell(&header, &rows[0], "destroyed"), "2");
        assert_eq!(cell(&header, &rows[0], "destroyed_rate"), "0.5");
        assert_eq!(cell(&header, &rows[0], "mean_damage_taken"), "3.75");
        assert_eq!(cell(&header, &rows[0], "p50_damage_taken"), "2");
        assert_eq!(cell(&header, &rows[0], "p90_damage_taken"), "6");
        assert_eq!(cell(&header, &rows[1], "mean_damage_dealt"), "3.75");

        let (header, rows) = read_csv(&dir.join("distributions.csv"));
        assert_eq!(
            header,
            [
                "matchup",
                "metric",
                "side",
                "fleet",
                "policy",
                "ship",
                "ship_index",
                "value",
                "overflow",
                "count",
                "probability"
            ]
        );
        let col = |r: &[String], name: &str| cell(&header, r, name).to_owned();
        let turns: Vec<_> = rows
            .iter()
            .filter(|r| col(r, "metric") == "turns")
            .collect();
        let turn_cells: Vec<[String; 4]> = turns
            .iter()
            .map(|r| ["value", "overflow", "count", "probability"].map(|c| col(r, c)))
            .collect();
        assert_eq!(
            turn_cells,
            [
                ["3", "false", "1", "0.25"],
                ["4", "false", "1", "0.25"],
                ["6", "false", "1", "0.25"],
                ["64", "true", "1", "0.25"],
            ]
        );
        // A matchup-wide metric has no side, fleet, policy or ship (empty cells).
        for r in &turns {
            for c in ["side", "fleet", "policy", "ship", "ship_index"] {
                assert_eq!(col(r, c), "", "{c}");
            }
        }
        let ships: Vec<[String; 5]> = rows
            .iter()
            .filter(|r| col(r, "metric") == "ship_damage_taken")
            .map(|r| ["side", "fleet", "policy", "ship", "ship_index"].map(|c| col(r, c)))
            .collect();
        assert!(ships.contains(&["A", "alpha", "brawler", "cruiser", "0"].map(String::from)));
        assert!(ships.contains(&["B", "beta", "standoff", "frigate", "1"].map(String::from)));
        let dealt_a: u64 = rows
            .iter()
            .filter(|r| col(r, "metric") == "damage_dealt" && col(r, "side") == "A")
            .map(|r| col(r, "count").parse::<u64>().unwrap())
            .sum();
        assert_eq!(dealt_a, 4);
        assert!(rows.iter().all(|r| col(r, "metric") != "damage_dealt"
            || (!col(r, "fleet").is_empty() && col(r, "ship").is_empty())));

        let manifest: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join(MANIFEST_FILE)).unwrap()).unwrap();
        assert_eq!(manifest["seed"], 7);
        assert_eq!(manifest["matchups"][0]["battles"], 4);
    }

    #[test]
    fn rewriting_a_report_replaces_it() {
        let tmp = TestDir::new("rewrite");
        let opts = ReportOptions::default();
        write_report(tmp.path(), &sample_manifest(), &sample_results(), &opts).unwrap();
        write_report(tmp.path(), &sample_manifest(), &[], &opts).unwrap();
        let (_, rows) = read_csv(&tmp.path().join("summary.csv"));
        assert!(rows.is_empty());
        assert_eq!(names(tmp.path()).len(), ALL_FILES.len());
    }

    #[test]
    fn parent_is_a_file() {
        let tmp = TestDir::new("parent-file");
        let blocker = tmp.path().join("blocker");
        fs::write(&blocker, b"not a directory").unwrap();
        let dir = blocker.join("report");
        let err = write_report(
            &dir,
            &sample_manifest(),
            &sample_results(),
            &ReportOptions::default(),
        )
        .unwrap_err();
        assert!(
            matches!(&err, ReportError::Io { path, .. } if *path == dir),
            "{err:?}"
        );
        assert!(
            err.to_string().contains(&dir.display().to_string()),
            "{err}"
        );
        assert_eq!(names(tmp.path()), ["blocker"]);
        assert_eq!(fs::read(&blocker).unwrap(), b"not a directory");
    }

    #[test]
    fn failure_midway_leaves_no_temps_and_no_manifest() {
        let tmp = TestDir::new("midway");
        let opts = ReportOptions::default();
        // A previous complete report...
        write_report(tmp.path(), &sample_manifest(), &sample_results(), &opts).unwrap();
        // ...then a directory squatting on one of the file names makes its rename fail.
        let squatter = tmp.path().join("distributions.parquet");
        fs::remove_file(&squatter).unwrap();
        fs::create_dir(&squatter).unwrap();
        fs::write(squatter.join("x"), b"x").unwrap();
        let err =
            write_report(tmp.path(), &sample_manifest(), &sample_results(), &opts).unwrap_err();
        assert!(
            matches!(&err, ReportError::Io { path, .. } if *path == squatter),
            "{err:?}"
        );
        let left = names(tmp.path());
        assert!(left.iter().all(|n| !n.contains(".tmp")), "{left:?}");
        assert!(!left.iter().any(|n| n == MANIFEST_FILE), "{left:?}");
    }

    #[test]
    fn prepare_dir_creates_and_probes() {
        let tmp = TestDir::new("prepare");
        let dir = tmp.path().join("a").join("b");
        prepare_dir(&dir).unwrap();
        assert!(dir.is_dir());
        assert!(names(&dir).is_empty(), "the probe must not remain");
        prepare_dir(&dir).unwrap();

        let blocker = tmp.path().join("blocker");
        fs::write(&blocker, b"file").unwrap();
        let under_file = blocker.join("out");
        let err = prepare_dir(&under_file).unwrap_err();
        assert!(
            matches!(&err, ReportError::Io { path, .. } if *path == under_file),
            "{err:?}"
        );
        assert!(err.to_string().contains(&under_file.display().to_string()));
    }

    #[test]
    fn failure_while_staging_keeps_the_old_report() {
        let tmp = TestDir::new("staging");
        let opts = ReportOptions::default();
        write_report(tmp.path(), &sample_manifest(), &sample_results(), &opts).unwrap();
        let before: Vec<Vec<u8>> = ALL_FILES
            .iter()
            .map(|f| fs::read(tmp.path().join(f)).unwrap())
            .collect();
        // A directory squatting on a temp file name makes staging fail, as a full disk would.
        let squatter = tmp
            .path()
            .join(format!(".ships.parquet.tmp-{}", std::process::id()));
        fs::create_dir(&squatter).unwrap();
        let err = write_report(tmp.path(), &sample_manifest(), &[], &opts).unwrap_err();
        assert!(
            err.to_string().contains("ships.parquet"),
            "the error names the file: {err}"
        );
        fs::remove_dir(&squatter).unwrap();
        let after: Vec<Vec<u8>> = ALL_FILES
            .iter()
            .map(|f| fs::read(tmp.path().join(f)).unwrap())
            .collect();
        assert!(
            before == after,
            "the old report, manifest included, is untouched"
        );
        assert_eq!(
            names(tmp.path()).len(),
            ALL_FILES.len(),
            "no temp files remain"
        );
    }

    #[test]
    fn invalid_confidence_touches_nothing() {
        let tmp = TestDir::new("confidence");
        let dir = tmp.path().join("out");
        let err = write_report(
            &dir,
            &sample_manifest(),
            &sample_results(),
            &ReportOptions { confidence: 1.5 },
        )
        .unwrap_err();
        assert!(matches!(err, ReportError::InvalidConfidence(_)));
        assert!(!dir.exists());
    }
}
