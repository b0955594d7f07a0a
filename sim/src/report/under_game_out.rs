//! The files of an experiment answered under the policy game ([`crate::under_game`]):
//! `under_game.csv` / `.parquet` (one row per distinct matchup), for an A/B
//! `ab_under_game.csv` / `.parquet` (one row per opponent), for a fleet matrix
//! `ranking_under_game.csv` / `.parquet` (one row per fleet), and `under_game.json`
//! (everything). Staged with the run's report and listed in its manifest.

use std::path::{Path, PathBuf};

use super::tables::{CellType, Column, Table, table_row};
use super::{ReportError, render};
use crate::under_game::UnderGame;

/// Name of the JSON file.
pub const UNDER_GAME_JSON: &str = "under_game.json";

table_row! {
    /// One distinct matchup under both kinds of play (`under_game.csv` / `.parquet`).
    pub struct UnderGameRow in "under_game" {
        /// Matchup label (the first matchup with these two sides).
        pub matchup: String,
        /// Fleet of side A.
        pub fleet_a: String,
        /// Side A's policy as written (its label in the game).
        pub policy_a: String,
        /// Fleet of side B.
        pub fleet_b: String,
        /// Side B's policy as written.
        pub policy_b: String,
        /// Battles per pair of policies and half.
        pub battles_per_pair: i64,
        /// Side A's score with both policies as written (win 1, draw ½), from the game's
        /// battles.
        pub fixed_score: f64,
        /// Its interval, low end.
        pub fixed_ci_low: f64,
        /// Its interval, high end.
        pub fixed_ci_high: f64,
        /// The game's value for side A.
        pub game_value: f64,
        /// The value's selection-honest interval, low end.
        pub game_value_ci_low: f64,
        /// The value's selection-honest interval, high end.
        pub game_value_ci_high: f64,
        /// The fixed-script verdict: `A`, `B` or `even`.
        pub fixed_verdict: String,
        /// The game's verdict.
        pub game_verdict: String,
        /// The verdicts differ.
        pub flips: bool,
        /// What a best reply gains against side A's policy as written (score).
        pub a_exploitability: f64,
        /// That best reply.
        pub a_best_reply: String,
        /// What a best reply gains against side B's policy as written (score).
        pub b_exploitability: f64,
        /// That best reply.
        pub b_best_reply: String,
        /// Side A's optimal mix, `policy weight` pairs `;`-separated, heaviest first.
        pub a_mix: String,
        /// Side B's optimal mix.
        pub b_mix: String,
    }
}

table_row! {
    /// One opponent of an A/B under both kinds of play (`ab_under_game.csv` / `.parquet`).
    pub struct AbUnderGameRow in "ab_under_game" {
        /// The variant's matchup label.
        pub matchup: String,
        /// The side the base and variant fleets play on (`A` or `B`).
        pub subject: String,
        /// Fixed scripts: the paired delta of the subject's score, variant − base.
        pub fixed_delta: f64,
        /// Its interval, low end.
        pub fixed_ci_low: f64,
        /// Its interval, high end.
        pub fixed_ci_high: f64,
        /// Under the game: the difference of the two games' values, subject's view.
        pub game_delta: f64,
        /// Its interval (the values' honest intervals combined), low end.
        pub game_ci_low: f64,
        /// Its interval, high end.
        pub game_ci_high: f64,
        /// `better`, `worse` or `no difference` with fixed scripts.
        pub fixed_verdict: String,
        /// The same under the game.
        pub game_verdict: String,
        /// The verdicts differ.
        pub flips: bool,
    }
}

table_row! {
    /// The fair cost of an A/B ladder against one opponent (or `overall`) under both kinds of
    /// play (`fair_cost_under_game.csv` / `.parquet`).
    pub struct FairCostUnderGameRow in "fair_cost_under_game" {
        /// The opponent's fleet; null (empty in CSV) on the `overall` row.
        pub opponent_fleet: Option<String>,
        /// The opponent's policy (by name); null on the `overall` row.
        pub opponent_policy: Option<String>,
        /// What the rules charge for the change (variant points − base points).
        pub price: f64,
        /// Fixed scripts: the fair cost in points (the `fair_cost` table's estimate).
        pub fixed_estimate: f64,
        /// Its Fieller interval, low end.
        pub fixed_ci_low: f64,
        /// Its Fieller interval, high end.
        pub fixed_ci_high: f64,
        /// Under the game: the fair cost read from every arm's game value.
        pub game_estimate: f64,
        /// Its Fieller interval (the values' honest intervals as independent: conservative),
        /// low end.
        pub game_ci_low: f64,
        /// Its interval, high end.
        pub game_ci_high: f64,
        /// `underpriced`, `overpriced`, `fair` or `undetermined` with fixed scripts.
        pub fixed_verdict: String,
        /// The same under the game.
        pub game_verdict: String,
        /// The verdicts differ.
        pub flips: bool,
        /// One says underpriced, the other overpriced.
        pub reversed: bool,
    }
}

table_row! {
    /// One fleet of a matrix under both kinds of play (`ranking_under_game.csv` / `.parquet`).
    pub struct RankingUnderGameRow in "ranking_under_game" {
        /// Fleet name.
        pub fleet: String,
        /// Mean fixed-script score against the field.
        pub fixed_score: f64,
        /// Mean of its cells' interval low ends.
        pub fixed_ci_low: f64,
        /// Mean of its cells' interval high ends.
        pub fixed_ci_high: f64,
        /// Rank by fixed scripts (1 = best).
        pub fixed_rank: i64,
        /// Mean game value against the field.
        pub game_value: f64,
        /// Mean of its cells' honest interval low ends.
        pub game_ci_low: f64,
        /// Mean of its cells' honest interval high ends.
        pub game_ci_high: f64,
        /// Rank under the game.
        pub game_rank: i64,
        /// Other fleets whose order against this one flips.
        pub order_flips: i64,
    }
}

fn mix(m: &[(String, f64)]) -> String {
    m.iter()
        .map(|(p, w)| format!("{p} {w:.4}"))
        .collect::<Vec<_>>()
        .join(";")
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The per-matchup rows.
pub fn under_game_rows(u: &UnderGame) -> Vec<UnderGameRow> {
    u.matchups
        .iter()
        .map(|m| {
            let g = &m.check;
            UnderGameRow {
                matchup: m.matchup.clone(),
                fleet_a: m.fleets[0].clone(),
                policy_a: g.sides[0].policy.clone(),
                fleet_b: m.fleets[1].clone(),
                policy_b: g.sides[1].policy.clone(),
                battles_per_pair: i64::try_from(g.battles_per_pair).unwrap_or(i64::MAX),
                fixed_score: g.fixed.0,
                fixed_ci_low: g.fixed.1,
                fixed_ci_high: g.fixed.2,
                game_value: g.value.0,
                game_value_ci_low: g.value.1,
                game_value_ci_high: g.value.2,
                fixed_verdict: g.fixed_verdict.name().into(),
                game_verdict: g.game_verdict.name().into(),
                flips: g.flips,
                a_exploitability: g.sides[0].exploitability,
                a_best_reply: g.sides[0].best_reply.clone(),
                b_exploitability: g.sides[1].exploitability,
                b_best_reply: g.sides[1].best_reply.clone(),
                a_mix: mix(&g.sides[0].mix),
                b_mix: mix(&g.sides[1].mix),
            }
        })
        .collect()
}

/// The A/B rows (empty for other kinds).
pub fn ab_under_game_rows(u: &UnderGame) -> Vec<AbUnderGameRow> {
    u.ab.iter()
        .map(|c| AbUnderGameRow {
            matchup: c.matchup.clone(),
            subject: c.subject.clone(),
            fixed_delta: c.fixed.0,
            fixed_ci_low: c.fixed.1,
            fixed_ci_high: c.fixed.2,
            game_delta: c.game.0,
            game_ci_low: c.game.1,
            game_ci_high: c.game.2,
            fixed_verdict: c.fixed_verdict.name().into(),
            game_verdict: c.game_verdict.name().into(),
            flips: c.flips,
        })
        .collect()
}

/// The fair-cost rows (empty without a ladder).
pub fn fair_cost_under_game_rows(u: &UnderGame) -> Vec<FairCostUnderGameRow> {
    u.fair_cost
        .iter()
        .map(|c| FairCostUnderGameRow {
            opponent_fleet: c.opponent_fleet.clone(),
            opponent_policy: c.opponent_policy.clone(),
            price: c.price,
            fixed_estimate: c.fixed.0,
            fixed_ci_low: c.fixed.1,
            fixed_ci_high: c.fixed.2,
            game_estimate: c.game.0,
            game_ci_low: c.game.1,
            game_ci_high: c.game.2,
            fixed_verdict: c.fixed_verdict.clone(),
            game_verdict: c.game_verdict.clone(),
            flips: c.flips,
            reversed: c.reversed,
        })
        .collect()
}

/// The ranking rows (empty without a matrix).
pub fn ranking_under_game_rows(u: &UnderGame) -> Vec<RankingUnderGameRow> {
    let Some(r) = &u.ranking else {
        return Vec::new();
    };
    r.fleets
        .iter()
        .map(|f| RankingUnderGameRow {
            fleet: f.fleet.clone(),
            fixed_score: f.fixed.0,
            fixed_ci_low: f.fixed.1,
            fixed_ci_high: f.fixed.2,
            fixed_rank: count(f.fixed_rank),
            game_value: f.game.0,
            game_ci_low: f.game.1,
            game_ci_high: f.game.2,
            game_rank: count(f.game_rank),
            order_flips: count(
                r.flips
                    .iter()
                    .filter(|x| x.fleets.contains(&f.fleet))
                    .count(),
            ),
        })
        .collect()
}

/// The files of `u` for report directory `dir`, rendered (not yet written): the tables its
/// kind has and the JSON.
pub fn under_game_files(dir: &Path, u: &UnderGame) -> Result<Vec<(PathBuf, Vec<u8>)>, ReportError> {
    let mut files = Vec::with_capacity(7);
    render(dir, &under_game_rows(u), &mut files)?;
    if !u.ab.is_empty() {
        render(dir, &ab_under_game_rows(u), &mut files)?;
    }
    if !u.fair_cost.is_empty() {
        render(dir, &fair_cost_under_game_rows(u), &mut files)?;
    }
    if u.ranking.is_some() {
        render(dir, &ranking_under_game_rows(u), &mut files)?;
    }
    let path = dir.join(UNDER_GAME_JSON);
    let mut json = serde_json::to_string_pretty(u).map_err(|source| ReportError::Json {
        path: path.clone(),
        source,
    })?;
    json.push('\n');
    files.push((path, json.into_bytes()));
    Ok(files)
}
