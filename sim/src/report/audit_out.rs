//! The audit's files: `audit.json` (everything), `audit.csv` / `audit.parquet` (one row per
//! matchup), written atomically like the rest of a report.

use std::path::{Path, PathBuf};

use super::tables::{CellType, Column, Table, table_row};
use super::{ReportError, atomic, render};
use crate::audit::{Audit, MatchupAudit};
use crate::audit_game::GameCheck;

/// Name of the audit's JSON file.
pub const AUDIT_JSON: &str = "audit.json";

table_row! {
    /// One matchup's audit (`audit.csv` / `audit.parquet`).
    pub struct AuditRow in "audit" {
        /// Matchup label.
        pub matchup: String,
        /// Side A's side table (inline TOML), played against itself.
        pub mirror_a: String,
        /// Its seat gap, A's win share − B's (NaN when it could not be played).
        pub mirror_a_gap: f64,
        /// The gap's standard error.
        pub mirror_a_se: f64,
        /// Side B's side table, played against itself.
        pub mirror_b: String,
        /// Its seat gap.
        pub mirror_b_gap: f64,
        /// The gap's standard error.
        pub mirror_b_se: f64,
        /// Both gaps within the limit.
        pub seats_fair: bool,
        /// Battles of the matchup the shares come from.
        pub battles: i64,
        /// Share that reached the game's end.
        pub game_end_share: f64,
        /// Share a house rule decided.
        pub house_rule_share: f64,
        /// Share drawn.
        pub draw_share: f64,
        /// House rules decided more than the flag share.
        pub tie_break_flag: bool,
        /// House rules in effect, `;`-separated.
        pub house_rules: String,
        /// Policy game: side A's score with both policies as written (NaN without the game).
        pub fixed_score: f64,
        /// Its interval, low end.
        pub fixed_ci_low: f64,
        /// Its interval, high end.
        pub fixed_ci_high: f64,
        /// Policy game: its value for side A (NaN without the game).
        pub game_value: f64,
        /// The value's selection-honest interval, low end.
        pub game_value_ci_low: f64,
        /// The value's selection-honest interval, high end.
        pub game_value_ci_high: f64,
        /// What a best reply gains against side A's policy as written (score).
        pub a_exploitability: f64,
        /// What a best reply gains against side B's policy as written (score).
        pub b_exploitability: f64,
        /// Side A's search gain over the best preset mix (NaN without `--search`).
        pub a_search_gain: f64,
        /// Side B's search gain over the best preset mix.
        pub b_search_gain: f64,
        /// The fixed-script verdict: `A`, `B` or `even` ("" without the game).
        pub fixed_verdict: String,
        /// The game's verdict.
        pub game_verdict: String,
        /// The policy game's flags, `;`-separated (`flips`, `exploitable`, `weak-scripts`).
        pub game_flags: String,
        /// Fair seats, house rules below the flag share and no policy-game flag.
        pub trusted: bool,
    }
}

fn game(m: &MatchupAudit, f: impl Fn(&GameCheck) -> f64) -> f64 {
    m.game.as_ref().map_or(f64::NAN, f)
}

fn text(m: &MatchupAudit, f: impl Fn(&GameCheck) -> String) -> String {
    m.game.as_ref().map_or_else(String::new, f)
}

/// The audit's rows.
pub fn audit_rows(a: &Audit) -> Vec<AuditRow> {
    a.matchups
        .iter()
        .map(|m| AuditRow {
            matchup: m.matchup.clone(),
            mirror_a: m.mirrors[0].side.clone(),
            mirror_a_gap: m.mirrors[0].gap,
            mirror_a_se: m.mirrors[0].std_error,
            mirror_b: m.mirrors[1].side.clone(),
            mirror_b_gap: m.mirrors[1].gap,
            mirror_b_se: m.mirrors[1].std_error,
            seats_fair: m.seats_fair,
            battles: i64::try_from(m.battles).unwrap_or(i64::MAX),
            game_end_share: m.game_end_share,
            house_rule_share: m.house_rule_share,
            draw_share: m.draw_share,
            tie_break_flag: m.tie_break_flag,
            house_rules: m.house_rules.join(";"),
            fixed_score: game(m, |g| g.fixed.0),
            fixed_ci_low: game(m, |g| g.fixed.1),
            fixed_ci_high: game(m, |g| g.fixed.2),
            game_value: game(m, |g| g.value.0),
            game_value_ci_low: game(m, |g| g.value.1),
            game_value_ci_high: game(m, |g| g.value.2),
            a_exploitability: game(m, |g| g.sides[0].exploitability),
            b_exploitability: game(m, |g| g.sides[1].exploitability),
            a_search_gain: game(m, |g| g.sides[0].search_gain.map_or(f64::NAN, |x| x.0)),
            b_search_gain: game(m, |g| g.sides[1].search_gain.map_or(f64::NAN, |x| x.0)),
            fixed_verdict: text(m, |g| g.fixed_verdict.name().into()),
            game_verdict: text(m, |g| g.game_verdict.name().into()),
            game_flags: text(m, |g| g.flags().join(";")),
            trusted: m.trusted(),
        })
        .collect()
}

/// Write `audit.csv`, `audit.parquet` and `audit.json` into `dir` (created if missing), each
/// staged and renamed into place, and return their paths. Other files of `dir` (a report of
/// the same experiment) are left as they are.
pub fn write_audit(dir: &Path, a: &Audit) -> Result<Vec<PathBuf>, ReportError> {
    let mut files = Vec::with_capacity(3);
    render(dir, &audit_rows(a), &mut files)?;
    let path = dir.join(AUDIT_JSON);
    let mut json = serde_json::to_string_pretty(a).map_err(|source| ReportError::Json {
        path: path.clone(),
        source,
    })?;
    json.push('\n');
    files.push((path, json.into_bytes()));
    std::fs::create_dir_all(dir).map_err(|source| ReportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    atomic::write_all_atomic(dir, &files, || Ok(()))?;
    Ok(files.into_iter().map(|(p, _)| p).collect())
}
