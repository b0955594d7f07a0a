//! The tables of the experiment kinds: `ab` (paired A/B deltas per opponent and overall),
//! `matrix` (every ordered fleet pairing from the row fleet's view) and `ranking`
//! (Bradley–Terry strengths on the Elo scale).

use fleetlab_engine::Side;

use super::ReportOptions;
use super::tables::{CellType, Column, Table, mean_of, policy_name, table_row};
use crate::kinds::{AbPlan, MatrixPlan};
use crate::results::MatchupResult;
use crate::stats::bradley_terry::{self, DesignRoundRobin, RoundRobin};
use crate::stats::paired::{Arm, PairedTally};
use crate::stats::{design, mean_ci, proportion, z_for_confidence};

table_row! {
    /// One opponent of an A/B experiment (both orientations pooled), or `overall`
    /// (`ab.csv` / `ab.parquet`). Rates are the subject fleet's; `delta` is the paired mean
    /// of (variant score − base score) per battle index, a score counting a win 1 and a
    /// draw ½.
    pub struct AbRow in "ab" {
        /// The opponent's fleet; null (empty in CSV) on the `overall` row.
        pub opponent_fleet: Option<String>,
        /// The opponent's policy (by name); null on the `overall` row.
        pub opponent_policy: Option<String>,
        /// Battle pairs (each played by base and variant on the same dice).
        pub battles: u64,
        /// The base fleet.
        pub base_fleet: String,
        /// The variant fleet.
        pub variant_fleet: String,
        /// Base win rate.
        pub base_win_rate: f64,
        /// Wilson interval of the base win rate, low end.
        pub base_ci_low: f64,
        /// Wilson interval of the base win rate, high end.
        pub base_ci_high: f64,
        /// Variant win rate.
        pub variant_win_rate: f64,
        /// Wilson interval of the variant win rate, low end.
        pub variant_ci_low: f64,
        /// Wilson interval of the variant win rate, high end.
        pub variant_ci_high: f64,
        /// Base mean score.
        pub base_score: f64,
        /// Variant mean score.
        pub variant_score: f64,
        /// Paired score delta (variant − base).
        pub delta: f64,
        /// Its interval, low end (normal approximation with the paired standard error).
        pub delta_ci_low: f64,
        /// Its interval, high end.
        pub delta_ci_high: f64,
        /// Paired standard error of `delta`.
        pub delta_se: f64,
        /// The standard error `delta` would have on independent dice (what pairing saved).
        pub unpaired_se: f64,
        /// Mean damage the subject side dealt, base.
        pub mean_damage_dealt_base: f64,
        /// Mean damage the subject side dealt, variant.
        pub mean_damage_dealt_variant: f64,
        /// Mean damage the subject side took, base.
        pub mean_damage_taken_base: f64,
        /// Mean damage the subject side took, variant.
        pub mean_damage_taken_variant: f64,
    }
}

table_row! {
    /// One ordered pairing of a round robin, from the row fleet's view, both orientations
    /// pooled (`matrix.csv` / `matrix.parquet`).
    pub struct MatrixRow in "matrix" {
        /// The row fleet.
        pub row_fleet: String,
        /// The row fleet's policy (by name).
        pub row_policy: String,
        /// The column fleet.
        pub col_fleet: String,
        /// The column fleet's policy (by name).
        pub col_policy: String,
        /// The row fleet's points, where the rules define points.
        pub row_points: Option<u32>,
        /// The column fleet's points.
        pub col_points: Option<u32>,
        /// Battles between them (both orientations).
        pub battles: u64,
        /// Row fleet's wins.
        pub wins: u64,
        /// Draws.
        pub draws: u64,
        /// Row fleet's losses.
        pub losses: u64,
        /// Row fleet's win rate.
        pub win_rate: f64,
        /// Wilson interval of the win rate, low end.
        pub win_ci_low: f64,
        /// Wilson interval of the win rate, high end.
        pub win_ci_high: f64,
        /// Row fleet's mean score (win 1, draw ½).
        pub score: f64,
        /// Interval of the score, low end (normal approximation).
        pub score_ci_low: f64,
        /// Interval of the score, high end.
        pub score_ci_high: f64,
        /// Whether the two fleets' points differ by more than the matrix's tolerance.
        pub points_mismatch: bool,
    }
}

table_row! {
    /// The round robin's ranking (`ranking.csv` / `ranking.parquet`): Bradley–Terry
    /// strengths on the Elo scale (mean 0), draws counted as half a win each way.
    pub struct RankingRow in "ranking" {
        /// 1 = strongest.
        pub rank: u32,
        /// The fleet.
        pub fleet: String,
        /// Its policy (by name).
        pub policy: String,
        /// Its points, where the rules define points.
        pub points: Option<u32>,
        /// Bradley–Terry rating on the Elo scale.
        pub elo: f64,
        /// Interval of the rating, low end.
        pub elo_ci_low: f64,
        /// Interval of the rating, high end.
        pub elo_ci_high: f64,
        /// Mean score against all other fleets.
        pub score: f64,
        /// `maximum likelihood`, or `1 prior draw per pairing` when some fleet never
        /// scored against another group (no finite maximum-likelihood fit exists).
        pub fit: String,
    }
}

/// The fleet and the policy (by name: its parameters are in the summary table and the
/// manifest) of one side of a matchup: the key columns of a row about that side.
pub(super) fn side_key(r: &MatchupResult, side: Side) -> (String, String) {
    (
        r.fleets[side.index()].clone(),
        policy_name(&r.policies[side.index()]),
    )
}

/// `fleet (policy)`: how the terminal and the HTML page name a side.
pub fn key_label(fleet: &str, policy: &str) -> String {
    format!("{fleet} ({policy})")
}

/// `overall` (both keys null: the row pools every opponent) or `fleet (policy)`.
pub fn opponent_label(fleet: Option<&str>, policy: Option<&str>) -> String {
    match (fleet, policy) {
        (Some(f), Some(p)) => key_label(f, p),
        (Some(f), None) => f.to_owned(),
        _ => OVERALL.to_owned(),
    }
}

/// The label of the rows that pool every opponent (their opponent keys are null).
pub const OVERALL: &str = "overall";

impl AbRow {
    /// `fleet (policy)` of the opponent, or `overall`.
    pub fn opponent(&self) -> String {
        opponent_label(
            self.opponent_fleet.as_deref(),
            self.opponent_policy.as_deref(),
        )
    }
}

impl MatrixRow {
    /// `fleet (policy)` of the row fleet.
    pub fn row_label(&self) -> String {
        key_label(&self.row_fleet, &self.row_policy)
    }

    /// `fleet (policy)` of the column fleet.
    pub fn col_label(&self) -> String {
        key_label(&self.col_fleet, &self.col_policy)
    }
}

impl RankingRow {
    /// `fleet (policy)`.
    pub fn label(&self) -> String {
        key_label(&self.fleet, &self.policy)
    }
}

/// Pooled mean of one side's histogram mean over several results.
fn pooled_mean(parts: &[(&MatchupResult, Side)], of: impl Fn(&MatchupResult, Side) -> f64) -> f64 {
    let n: u64 = parts.iter().map(|(r, _)| r.tally.battles).sum();
    let total: f64 = parts
        .iter()
        .map(|(r, s)| of(r, *s) * r.tally.battles as f64)
        .sum();
    if n == 0 { f64::NAN } else { total / n as f64 }
}

/// An A/B row whose members (orientations, opponents) played different numbers of pairs
/// (`--target-error`, a partial run): every member that played counts equally, as the
/// design weights it (`stats/design.rs`), not by its pairs.
fn ab_design_row(
    opponent: Option<(String, String)>,
    parts: &[PairedTally],
    (base, variant): (&[SideOf<'_>], &[SideOf<'_>]),
    z: f64,
    (dealt, taken): (SideMean, SideMean),
    (base_fleet, variant_fleet): (String, String),
) -> AbRow {
    let rate = |arm: Arm| {
        let counts: Vec<(u64, u64)> = parts
            .iter()
            .map(|p| (p.arm_counts(arm)[2], p.pairs()))
            .collect();
        design::proportion(&counts, z).unwrap_or(proportion(0, 0, z))
    };
    let pooled = |f: &dyn Fn(&PairedTally) -> (f64, Option<f64>)| {
        let est: Vec<(f64, Option<f64>, u64)> = parts
            .iter()
            .map(|p| {
                let (x, se) = f(p);
                (x, se, p.pairs())
            })
            .collect();
        design::pool(&est)
    };
    let score = |arm: Arm| pooled(&|p| (p.score(arm), Some(0.0))).map_or(f64::NAN, |x| x.mean);
    let d = pooled(&|p| (p.deltas().mean(), p.deltas().std_error()));
    let unpaired = pooled(&|p| (0.0, p.unpaired_std_error()));
    let (delta, delta_se) = d.map_or((0.0, None), |d| (d.mean, d.std_error));
    let (lo, hi) = delta_se.map_or((f64::NEG_INFINITY, f64::INFINITY), |se| {
        (delta - z * se, delta + z * se)
    });
    let wb = rate(Arm::A);
    let wv = rate(Arm::B);
    let (opponent_fleet, opponent_policy) = opponent.unzip();
    AbRow {
        opponent_fleet,
        opponent_policy,
        battles: parts.iter().map(PairedTally::pairs).sum(),
        base_fleet,
        variant_fleet,
        base_win_rate: wb.rate,
        base_ci_low: wb.low,
        base_ci_high: wb.high,
        variant_win_rate: wv.rate,
        variant_ci_low: wv.low,
        variant_ci_high: wv.high,
        base_score: score(Arm::A),
        variant_score: score(Arm::B),
        delta,
        delta_ci_low: lo,
        delta_ci_high: hi,
        delta_se: delta_se.unwrap_or(f64::INFINITY),
        unpaired_se: unpaired.and_then(|u| u.std_error).unwrap_or(f64::INFINITY),
        mean_damage_dealt_base: design_mean(base, dealt),
        mean_damage_dealt_variant: design_mean(variant, dealt),
        mean_damage_taken_base: design_mean(base, taken),
        mean_damage_taken_variant: design_mean(variant, taken),
    }
}

/// One side of a matchup result.
type SideOf<'a> = (&'a MatchupResult, Side);

/// One side's per-battle mean of a matchup result.
type SideMean = fn(&MatchupResult, Side) -> f64;

/// Equal-weight mean of one side's histogram mean over the results that played.
fn design_mean(parts: &[(&MatchupResult, Side)], of: SideMean) -> f64 {
    let est: Vec<(f64, Option<f64>, u64)> = parts
        .iter()
        .map(|(r, s)| (of(r, *s), None, r.tally.battles))
        .collect();
    design::pool(&est).map_or(f64::NAN, |p| p.mean)
}

/// The A/B table: one row per opponent, then `overall`.
pub fn ab_rows(plan: &AbPlan, results: &[MatchupResult], opts: &ReportOptions) -> Vec<AbRow> {
    let z = z_for_confidence(opts.confidence);
    let pairs: Vec<(usize, usize)> = plan.pairs().collect();
    let row = |opponent: Option<(String, String)>, members: &[(usize, usize)]| {
        let mut paired = PairedTally::default();
        let mut base = Vec::new();
        let mut variant = Vec::new();
        for &(b, v) in members {
            if let Some(p) = &results[v].paired {
                paired.merge(p);
            }
            let subject = plan.arms[b].subject;
            base.push((&results[b], subject));
            variant.push((&results[v], subject));
        }
        let (b0, v0) = members[0];
        let s0 = plan.arms[b0].subject.index();
        let dealt = |r: &MatchupResult, s: Side| r.tally.damage_dealt[s.index()].mean();
        let taken = |r: &MatchupResult, s: Side| r.tally.damage_taken[s.index()].mean();
        let parts: Vec<PairedTally> = members
            .iter()
            .map(|&(_, v)| results[v].paired.clone().unwrap_or_default())
            .collect();
        let sizes: Vec<u64> = parts.iter().map(PairedTally::pairs).collect();
        if !design::balanced(&sizes) {
            return ab_design_row(opponent, &parts, (&base, &variant), z, (dealt, taken), {
                let fleet = |k: usize| results[k].fleets[s0].clone();
                (fleet(b0), fleet(v0))
            });
        }
        let wb = paired.win_rate(Arm::A, z);
        let wv = paired.win_rate(Arm::B, z);
        let mut d = paired.deltas().summary(z);
        let played = paired.pairs() > 0;
        if !played {
            // No pair played (a partial run): NA, not a delta of 0 in (−∞, +∞).
            (d.mean, d.low, d.high) = (f64::NAN, f64::NAN, f64::NAN);
        }
        let na = |x: f64| if played { x } else { f64::NAN };
        let (opponent_fleet, opponent_policy) = opponent.unzip();
        AbRow {
            opponent_fleet,
            opponent_policy,
            battles: paired.pairs(),
            base_fleet: results[b0].fleets[s0].clone(),
            variant_fleet: results[v0].fleets[s0].clone(),
            base_win_rate: wb.rate,
            base_ci_low: wb.low,
            base_ci_high: wb.high,
            variant_win_rate: wv.rate,
            variant_ci_low: wv.low,
            variant_ci_high: wv.high,
            base_score: na(paired.score(Arm::A)),
            variant_score: na(paired.score(Arm::B)),
            delta: d.mean,
            delta_ci_low: d.low,
            delta_ci_high: d.high,
            delta_se: na(d.std_error.unwrap_or(f64::INFINITY)),
            unpaired_se: na(paired.unpaired_std_error().unwrap_or(f64::INFINITY)),
            mean_damage_dealt_base: pooled_mean(&base, dealt),
            mean_damage_dealt_variant: pooled_mean(&variant, dealt),
            mean_damage_taken_base: pooled_mean(&base, taken),
            mean_damage_taken_variant: pooled_mean(&variant, taken),
        }
    };
    let mut rows = Vec::new();
    for o in 0..plan.opponents {
        let members: Vec<(usize, usize)> = pairs
            .iter()
            .copied()
            .filter(|&(b, _)| plan.arms[b].opponent == o)
            .collect();
        let Some(&(b, _)) = members.first() else {
            continue;
        };
        let key = side_key(&results[b], plan.arms[b].subject.other());
        rows.push(row(Some(key), &members));
    }
    if !pairs.is_empty() {
        rows.push(row(None, &pairs));
    }
    rows
}

/// A round robin's fleets: (fleet, policy) and points of each, from the first matchup it
/// plays in.
#[allow(clippy::type_complexity)]
fn matrix_fleets(
    plan: &MatrixPlan,
    results: &[MatchupResult],
) -> Vec<((String, String), Option<u32>)> {
    let mut out = vec![((String::new(), String::new()), None); plan.fleets];
    for (k, &(a, b)) in plan.cells.iter().enumerate().rev() {
        let r = &results[k];
        out[a] = (side_key(r, Side::A), r.points[0]);
        out[b] = (side_key(r, Side::B), r.points[1]);
    }
    out
}

/// (wins, draws, losses) of fleet `i` against fleet `j`, both orientations.
fn head_to_head(plan: &MatrixPlan, results: &[MatchupResult], i: usize, j: usize) -> [u64; 3] {
    let mut wdl = [0; 3];
    for o in orientations(plan, results, i, j) {
        for (t, x) in wdl.iter_mut().zip(o) {
            *t += x;
        }
    }
    wdl
}

/// (wins, draws, losses) of fleet `i` against fleet `j` in each orientation played.
fn orientations(plan: &MatrixPlan, results: &[MatchupResult], i: usize, j: usize) -> Vec<[u64; 3]> {
    let mut out = Vec::new();
    for (k, &(a, b)) in plan.cells.iter().enumerate() {
        let t = &results[k].tally;
        let me = if (a, b) == (i, j) {
            Side::A
        } else if (a, b) == (j, i) {
            Side::B
        } else {
            continue;
        };
        out.push([t.wins[me.index()], t.draws, t.wins[me.other().index()]]);
    }
    out
}

/// Whether every matchup of the matrix played the same number of battles: the pooled counts
/// then weight every orientation as the design does (otherwise `stats/design.rs` pools).
fn matrix_balanced(plan: &MatrixPlan, results: &[MatchupResult]) -> bool {
    let n: Vec<u64> = (0..plan.cells.len())
        .map(|k| results[k].tally.battles)
        .collect();
    design::balanced(&n) && n.first().is_none_or(|&n| n > 0)
}

/// Mean score (win 1, draw ½) of (wins, draws, losses) with its standard error (`None`
/// with fewer than two battles).
fn score_se(wdl: [u64; 3]) -> (f64, Option<f64>) {
    let n = wdl.iter().sum::<u64>();
    let mean = mean_of(2 * wdl[0] + wdl[1], 2 * n);
    if n < 2 {
        return (mean, None);
    }
    let second = (wdl[0] as f64 + wdl[1] as f64 / 4.0) / n as f64;
    let var = (second - mean * mean).max(0.0) * n as f64 / (n - 1) as f64;
    (mean, Some((var / n as f64).sqrt()))
}

/// Design-weighted score of several orientations (each counts equally) with its interval.
fn design_score_ci(parts: &[[u64; 3]], z: f64) -> (f64, f64, f64) {
    let est: Vec<(f64, Option<f64>, u64)> = parts
        .iter()
        .map(|&wdl| {
            let (m, se) = score_se(wdl);
            (m, se, wdl.iter().sum())
        })
        .collect();
    match design::pool(&est) {
        Some(design::Pooled {
            mean,
            std_error: Some(se),
            ..
        }) => (mean, (mean - z * se).max(0.0), (mean + z * se).min(1.0)),
        Some(p) => (p.mean, 0.0, 1.0),
        None => (f64::NAN, f64::NAN, f64::NAN),
    }
}

/// Whether two fleets' points differ by more than `tolerance` of the larger.
pub fn points_mismatch(a: Option<u32>, b: Option<u32>, tolerance: f64) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            let hi = f64::from(a.max(b));
            hi > 0.0 && f64::from(a.abs_diff(b)) > tolerance * hi
        }
        _ => false,
    }
}

/// Mean score and its normal-approximation interval from (wins, draws, losses).
fn score_ci(wdl: [u64; 3], z: f64) -> (f64, f64, f64) {
    let n = wdl.iter().sum::<u64>();
    let mean = mean_of(2 * wdl[0] + wdl[1], 2 * n);
    if n == 0 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    if n < 2 {
        return (mean, 0.0, 1.0);
    }
    let second = (wdl[0] as f64 + wdl[1] as f64 / 4.0) / n as f64;
    let var = (second - mean * mean).max(0.0) * n as f64 / (n - 1) as f64;
    let (lo, hi) = mean_ci(mean, var.sqrt(), n, z);
    (mean, lo.max(0.0), hi.min(1.0))
}

/// The matrix table: every ordered pair of distinct fleets.
pub fn matrix_rows(
    plan: &MatrixPlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<MatrixRow> {
    let z = z_for_confidence(opts.confidence);
    let fleets = matrix_fleets(plan, results);
    let balanced = matrix_balanced(plan, results);
    let mut rows = Vec::new();
    for i in 0..plan.fleets {
        for j in 0..plan.fleets {
            if i == j {
                continue;
            }
            let wdl = head_to_head(plan, results, i, j);
            let n = wdl.iter().sum();
            let (w, (score, score_ci_low, score_ci_high)) = if balanced {
                (proportion(wdl[0], n, z), score_ci(wdl, z))
            } else {
                let parts = orientations(plan, results, i, j);
                let wins: Vec<(u64, u64)> = parts.iter().map(|o| (o[0], o.iter().sum())).collect();
                (
                    design::proportion(&wins, z).unwrap_or(proportion(0, 0, z)),
                    design_score_ci(&parts, z),
                )
            };
            rows.push(MatrixRow {
                row_fleet: fleets[i].0.0.clone(),
                row_policy: fleets[i].0.1.clone(),
                col_fleet: fleets[j].0.0.clone(),
                col_policy: fleets[j].0.1.clone(),
                row_points: fleets[i].1,
                col_points: fleets[j].1,
                battles: n,
                wins: wdl[0],
                draws: wdl[1],
                losses: wdl[2],
                win_rate: w.rate,
                win_ci_low: w.low,
                win_ci_high: w.high,
                score,
                score_ci_low,
                score_ci_high,
                points_mismatch: points_mismatch(fleets[i].1, fleets[j].1, plan.points_tolerance),
            });
        }
    }
    rows
}

/// The ranking: Bradley–Terry fit of the matrix (maximum likelihood, or with one prior draw
/// per pairing when no finite maximum exists), strongest first.
pub fn ranking_rows(
    plan: &MatrixPlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<RankingRow> {
    let z = z_for_confidence(opts.confidence);
    let fleets = matrix_fleets(plan, results);
    if !matrix_balanced(plan, results) {
        return ranked(ranking_by_design(plan, results, &fleets, z));
    }
    let mut rr = RoundRobin::new(plan.fleets);
    let mut totals = vec![[0u64; 3]; plan.fleets];
    for i in 0..plan.fleets {
        for j in i + 1..plan.fleets {
            let [w, d, l] = head_to_head(plan, results, i, j);
            rr.record(i, j, w, l, d);
            for (t, x) in totals[i].iter_mut().zip([w, d, l]) {
                *t += x;
            }
            for (t, x) in totals[j].iter_mut().zip([l, d, w]) {
                *t += x;
            }
        }
    }
    let mle = bradley_terry::fit(&rr, &bradley_terry::Options::default());
    let (fit, how) = match mle {
        Ok(f) => (Some(f), "maximum likelihood"),
        Err(_) => {
            let prior = bradley_terry::Options {
                prior_draws: 1.0,
                ..Default::default()
            };
            (
                bradley_terry::fit(&rr, &prior).ok(),
                "1 prior draw per pairing",
            )
        }
    };
    let rows: Vec<RankingRow> = (0..plan.fleets)
        .map(|i| {
            let (elo, se) = fit
                .as_ref()
                .map_or((0.0, f64::INFINITY), |f| (f.elo(i), f.elo_std_error(i)));
            RankingRow {
                rank: 0,
                fleet: fleets[i].0.0.clone(),
                policy: fleets[i].0.1.clone(),
                points: fleets[i].1,
                elo,
                elo_ci_low: elo - z * se,
                elo_ci_high: elo + z * se,
                score: score_ci(totals[i], z).0,
                fit: if fit.is_some() { how } else { "none" }.into(),
            }
        })
        .collect();
    ranked(rows)
}

/// Strongest first, numbered; fleets that played no battle last, with rank 0.
fn ranked(rows: Vec<RankingRow>) -> Vec<RankingRow> {
    let (mut rows, unranked): (Vec<_>, Vec<_>) =
        rows.into_iter().partition(|r| r.fit != NOT_RANKED);
    rows.sort_by(|a, b| b.elo.total_cmp(&a.elo).then(b.score.total_cmp(&a.score)));
    for (k, r) in rows.iter_mut().enumerate() {
        r.rank = k as u32 + 1;
    }
    rows.extend(unranked);
    rows
}

/// The ranking of a matrix whose matchups played different numbers of battles
/// (`--target-error`, a partial run): every orientation of every pairing counts equally, as
/// the design weights it, whatever battles it played ([`bradley_terry::fit_design`]); a
/// fleet's score is the equal-weight mean over the orientations it played. Fleets that played
/// no battle are not ranked.
fn ranking_by_design(
    plan: &MatrixPlan,
    results: &[MatchupResult],
    fleets: &[((String, String), Option<u32>)],
    z: f64,
) -> Vec<RankingRow> {
    let played: Vec<usize> = (0..plan.fleets)
        .filter(|&i| (0..plan.fleets).any(|j| head_to_head(plan, results, i, j) != [0; 3]))
        .collect();
    let k = played.len();
    let mut rr = DesignRoundRobin::new(k);
    let mut scores: Vec<Vec<(f64, Option<f64>, u64)>> = vec![Vec::new(); k];
    let (mut pairings, mut battles) = (0u64, 0u64);
    for (x, &i) in played.iter().enumerate() {
        for (y, &j) in played.iter().enumerate().skip(x + 1) {
            let parts: Vec<[u64; 3]> = orientations(plan, results, i, j)
                .into_iter()
                .filter(|o| o.iter().sum::<u64>() > 0)
                .collect();
            if parts.is_empty() {
                continue;
            }
            let m = parts.len() as f64;
            let mut mean = 0.0;
            let mut factor = 0.0;
            for wdl in &parts {
                let n: u64 = wdl.iter().sum();
                let (s, _) = score_se(*wdl);
                mean += s / m;
                factor += 1.0 / (m * m * n as f64);
                scores[x].push((s, None, n));
                scores[y].push((1.0 - s, None, n));
                battles += n;
            }
            pairings += 1;
            rr.record(x, y, mean, factor);
        }
    }
    let weight = battles as f64 / pairings.max(1) as f64;
    let (fit, how) = match bradley_terry::fit_design(&rr, weight, &Default::default()) {
        Ok(f) => (Some(f), "maximum likelihood, design-weighted"),
        Err(_) => {
            let prior = bradley_terry::Options {
                prior_draws: 1.0,
                ..Default::default()
            };
            (
                bradley_terry::fit_design(&rr, weight, &prior).ok(),
                "1 prior draw per pairing, design-weighted",
            )
        }
    };
    let unranked = (0..plan.fleets)
        .filter(|i| !played.contains(i))
        .map(|i| RankingRow {
            rank: 0,
            fleet: fleets[i].0.0.clone(),
            policy: fleets[i].0.1.clone(),
            points: fleets[i].1,
            elo: f64::NAN,
            elo_ci_low: f64::NAN,
            elo_ci_high: f64::NAN,
            score: f64::NAN,
            fit: NOT_RANKED.into(),
        });
    played
        .iter()
        .enumerate()
        .map(|(x, &i)| {
            let (elo, se) = fit
                .as_ref()
                .map_or((0.0, f64::INFINITY), |f| (f.elo(x), f.elo_std_error(x)));
            RankingRow {
                rank: 0,
                fleet: fleets[i].0.0.clone(),
                policy: fleets[i].0.1.clone(),
                points: fleets[i].1,
                elo,
                elo_ci_low: elo - z * se,
                elo_ci_high: elo + z * se,
                score: design::pool(&scores[x]).map_or(f64::NAN, |p| p.mean),
                fit: if fit.is_some() { how } else { "none" }.into(),
            }
        })
        .chain(unranked)
        .collect()
}

/// The `fit` of a fleet that played no battle (rank 0, listed after the ranked fleets).
pub const NOT_RANKED: &str = "not ranked: played no battle";

fn pp(x: f64) -> String {
    format!("{:+.1}", x * 100.0)
}

/// The names of an A/B's two arms for the terminal and the verdict: the fleets', and where
/// both arms field the same fleet (they differ in policy or its settings) each side as its
/// matchup label names it, policy included — never "does reapers do better than reapers".
pub fn ab_arm_names(plan: &AbPlan, results: &[MatchupResult]) -> Option<(String, String)> {
    let (b, v) = plan.pairs().next()?;
    let s = plan.arms.get(b)?.subject.index();
    let (base, variant) = (results.get(b)?, results.get(v)?);
    let (bf, vf) = (&base.fleets[s], &variant.fleets[s]);
    if bf != vf {
        return Some((bf.clone(), vf.clone()));
    }
    let side = |r: &MatchupResult| super::verdict::side_labels(&r.label)[s].clone();
    let (bl, vl) = (side(base), side(variant));
    Some(if bl == vl {
        (bf.clone(), vf.clone())
    } else {
        (bl, vl)
    })
}

/// The kind's headline for the terminal: the A/B deltas, or the ranking ("" for a plain run).
pub fn kind_summary(
    plan: &crate::kinds::Plan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let conf = format!("{}%", opts.confidence * 100.0);
    match plan {
        crate::kinds::Plan::Run => {}
        crate::kinds::Plan::Ab(ab) => {
            let rows = ab_rows(ab, results, opts);
            if let Some((base, variant)) = ab_arm_names(ab, results) {
                let _ = writeln!(
                    out,
                    "A/B: {base} → {variant} (paired on the same dice; score delta in points of \
                     win rate, {conf} CI)"
                );
            }
            for r in &rows {
                let name = if r.opponent_fleet.is_none() {
                    OVERALL.to_owned()
                } else {
                    format!("vs {}", r.opponent())
                };
                if r.battles == 0 {
                    let _ = writeln!(out, "  {name:<32} NA (no battle played)");
                    continue;
                }
                let _ = writeln!(
                    out,
                    "  {:<32} win {:5.1}% → {:5.1}%   delta {} pp [{}, {}]",
                    name,
                    r.base_win_rate * 100.0,
                    r.variant_win_rate * 100.0,
                    pp(r.delta),
                    pp(r.delta_ci_low),
                    pp(r.delta_ci_high)
                );
            }
            let costs = super::fair_cost::fair_cost_rows(ab, results, opts);
            for w in super::fair_cost::ladder_warnings(&costs, opts.confidence) {
                let _ = writeln!(out, "{w}");
            }
            for f in costs {
                if f.opponent_fleet.is_some() {
                    continue;
                }
                if f.battles == 0 {
                    let _ = writeln!(
                        out,
                        "Fair cost of {} over the base: NA (no battle played)",
                        f.variant_fleet
                    );
                    continue;
                }
                let _ = writeln!(
                    out,
                    "Fair cost of {} over the base ({conf} CI): {:+.1} pts [{:+.1}, {:+.1}]; the \
                     rules charge {:+.0} → {}",
                    f.variant_fleet, f.estimate, f.ci_low, f.ci_high, f.price, f.verdict
                );
            }
        }
        crate::kinds::Plan::Game(g) => out.push_str(&super::game::game_summary(g, results, opts)),
        crate::kinds::Plan::Matrix(m) => {
            let _ = writeln!(out, "Ranking (Bradley-Terry, Elo scale, {conf} CI):");
            let rows = ranking_rows(m, results, opts);
            let unranked: Vec<String> = rows
                .iter()
                .filter(|r| r.fit == NOT_RANKED)
                .map(|r| r.label())
                .collect();
            for r in rows.iter().filter(|r| r.fit != NOT_RANKED) {
                let points = r.points.map_or(String::new(), |p| format!("{p} pts"));
                let _ = writeln!(
                    out,
                    "  {:>2}. {:<28} {:>8}  Elo {:+6.0} [{:+.0}, {:+.0}]  score {:.3}",
                    r.rank,
                    r.label(),
                    points,
                    r.elo,
                    r.elo_ci_low,
                    r.elo_ci_high,
                    r.score
                );
            }
            if !unranked.is_empty() {
                let _ = writeln!(
                    out,
                    "  not ranked (played no battle): {}",
                    unranked.join(", ")
                );
            }
            let flagged = matrix_rows(m, results, opts)
                .into_iter()
                .filter(|r| r.points_mismatch && r.row_label() < r.col_label())
                .map(|r| format!("{} vs {}", r.row_label(), r.col_label()))
                .collect::<Vec<_>>();
            if !flagged.is_empty() {
                let _ = writeln!(
                    out,
                    "WARNING: {} pairing(s) differ in points by more than {:.0}%: {}",
                    flagged.len(),
                    m.points_tolerance * 100.0,
                    flagged.join("; ")
                );
            }
        }
    }
    out
}
