//! The tables of a policy game (`[experiment.game]`): `game` (the payoff matrix, one row per
//! pair of policies), `equilibrium` (each policy's weight in its side's optimal mix and its
//! exploitability) and `game_value` (the value with its selection-honest interval), and the
//! terminal summary. The statistics are in [`crate::stats::game_value`].

use std::fmt::Write;

use super::ReportOptions;
use super::tables::{CellType, Column, Table, table_row};
use crate::kinds::{GameHalf, GamePlan};
use crate::results::MatchupResult;
use crate::stats::game_value::{CellCounts, GameEstimate, estimate, pooled_cell};
use crate::stats::z_for_confidence;

table_row! {
    /// One pair of policies (`game.csv` / `game.parquet`), both halves pooled; scores are
    /// side A's (win 1, draw ½).
    pub struct GameRow in "game" {
        /// Side A's fleet.
        pub a_fleet: String,
        /// Side A's policy.
        pub a_policy: String,
        /// Side B's fleet.
        pub b_fleet: String,
        /// Side B's policy.
        pub b_policy: String,
        /// Battles (both halves).
        pub battles: i64,
        /// Side A's wins.
        pub a_wins: i64,
        /// Draws.
        pub draws: i64,
        /// Side B's wins.
        pub b_wins: i64,
        /// Side A's mean score (each half counting equally when the halves played different
        /// numbers of battles, `stats/design.rs`).
        pub a_score: f64,
        /// Its standard error.
        pub a_score_se: f64,
        /// Side A's mean score on the select half.
        pub select_score: f64,
        /// Side A's mean score on the evaluate half.
        pub evaluate_score: f64,
    }
}

table_row! {
    /// One policy of one side (`equilibrium.csv` / `equilibrium.parquet`).
    pub struct EquilibriumRow in "equilibrium" {
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The policy.
        pub policy: String,
        /// Its weight in the side's optimal mix (pooled battles).
        pub mix: f64,
        /// Its weight in the mix chosen on the select half (the mix the honest interval
        /// evaluates).
        pub select_mix: f64,
        /// What a best reply gains against this policy played alone, in score below the
        /// value (pooled battles); 0 only for a policy that is optimal on its own. A policy
        /// in a mixed optimum is exploitable alone: the mix is what holds.
        pub exploitability: f64,
        /// The other side's policy that gains most against it.
        pub best_reply: String,
    }
}

table_row! {
    /// The game's value for side A (`game_value.csv` / `game_value.parquet`); no row when a
    /// cell has no battles (an interrupted run).
    pub struct GameValueRow in "game_value" {
        /// Side A's fleet.
        pub a_fleet: String,
        /// Side B's fleet.
        pub b_fleet: String,
        /// Side A's score when both sides play their optimal mixes (pooled battles).
        pub value: f64,
        /// Selection-honest interval, low end (mixes chosen on the select half, what they
        /// guarantee bounded on the evaluate half).
        pub ci_low: f64,
        /// Selection-honest interval, high end.
        pub ci_high: f64,
        /// The naive interval `value ± z·se`, low end: under-covers when many policies are
        /// compared; for reference only.
        pub naive_ci_low: f64,
        /// The naive interval, high end.
        pub naive_ci_high: f64,
        /// Confidence level of both intervals.
        pub confidence: f64,
    }
}

fn counts(r: &MatchupResult) -> CellCounts {
    CellCounts {
        battles: r.tally.battles,
        wins: r.tally.wins[0],
        draws: r.tally.draws,
    }
}

fn half_counts(plan: &GamePlan, results: &[MatchupResult], half: GameHalf) -> Vec<CellCounts> {
    plan.half(half)
        .iter()
        .map(|&k| counts(&results[k]))
        .collect()
}

fn fleets(plan: &GamePlan, results: &[MatchupResult]) -> [String; 2] {
    plan.half(GameHalf::Select)
        .first()
        .map_or_else(Default::default, |&k| results[k].fleets.clone())
}

/// The game measured from its results (`None` when a cell has no battles).
pub fn game_estimate(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Option<GameEstimate> {
    estimate(
        plan.a_policies.len(),
        plan.b_policies.len(),
        &half_counts(plan, results, GameHalf::Select),
        &half_counts(plan, results, GameHalf::Evaluate),
        z_for_confidence(opts.confidence),
    )
}

/// The rows of `game`.
pub fn game_rows(plan: &GamePlan, results: &[MatchupResult]) -> Vec<GameRow> {
    let [a_fleet, b_fleet] = fleets(plan, results);
    let select = half_counts(plan, results, GameHalf::Select);
    let evaluate = half_counts(plan, results, GameHalf::Evaluate);
    let m = plan.b_policies.len();
    let nan = f64::NAN;
    select
        .iter()
        .zip(&evaluate)
        .enumerate()
        .map(|(p, (s, e))| {
            let c = s.plus(*e);
            let (a_score, a_score_se) = pooled_cell(*s, *e).unwrap_or((nan, nan));
            GameRow {
                a_fleet: a_fleet.clone(),
                a_policy: plan.a_policies[p / m].clone(),
                b_fleet: b_fleet.clone(),
                b_policy: plan.b_policies[p % m].clone(),
                battles: c.battles as i64,
                a_wins: c.wins as i64,
                draws: c.draws as i64,
                b_wins: (c.battles - c.wins - c.draws) as i64,
                a_score,
                a_score_se,
                select_score: s.score().unwrap_or(nan),
                evaluate_score: e.score().unwrap_or(nan),
            }
        })
        .collect()
}

/// The rows of `equilibrium` (none when the game is not measured).
pub fn equilibrium_rows(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<EquilibriumRow> {
    let Some(g) = game_estimate(plan, results, opts) else {
        return Vec::new();
    };
    let fleets = fleets(plan, results);
    let (n, m) = (plan.a_policies.len(), plan.b_policies.len());
    let mut rows = Vec::new();
    let exploit_a = g.pooled.row_policy_exploitability(&g.payoff);
    for (i, &exploitability) in exploit_a.iter().enumerate() {
        let reply = (0..m)
            .min_by(|&x, &y| g.payoff.at(i, x).total_cmp(&g.payoff.at(i, y)))
            .unwrap_or(0);
        rows.push(EquilibriumRow {
            side: "A".into(),
            fleet: fleets[0].clone(),
            policy: plan.a_policies[i].clone(),
            mix: g.pooled.row_mix[i],
            select_mix: g.selected.row_mix[i],
            exploitability,
            best_reply: plan.b_policies[reply].clone(),
        });
    }
    let exploit_b = g.pooled.col_policy_exploitability(&g.payoff);
    for (j, &exploitability) in exploit_b.iter().enumerate() {
        let reply = (0..n)
            .max_by(|&x, &y| g.payoff.at(x, j).total_cmp(&g.payoff.at(y, j)))
            .unwrap_or(0);
        rows.push(EquilibriumRow {
            side: "B".into(),
            fleet: fleets[1].clone(),
            policy: plan.b_policies[j].clone(),
            mix: g.pooled.col_mix[j],
            select_mix: g.selected.col_mix[j],
            exploitability,
            best_reply: plan.a_policies[reply].clone(),
        });
    }
    rows
}

/// The row of `game_value` (none when the game is not measured).
pub fn game_value_rows(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<GameValueRow> {
    let [a_fleet, b_fleet] = fleets(plan, results);
    game_estimate(plan, results, opts)
        .map(|g| GameValueRow {
            a_fleet,
            b_fleet,
            value: g.pooled.value,
            ci_low: g.honest.0,
            ci_high: g.honest.1,
            naive_ci_low: g.naive.0,
            naive_ci_high: g.naive.1,
            confidence: opts.confidence,
        })
        .into_iter()
        .collect()
}

fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// The policy game's answer for the terminal: the value with its interval first, then each
/// side's mix and the policies a best reply exploits, then the payoff matrix.
pub fn game_summary(plan: &GamePlan, results: &[MatchupResult], opts: &ReportOptions) -> String {
    let mut out = String::new();
    let conf = format!("{}%", opts.confidence * 100.0);
    let [a_fleet, b_fleet] = fleets(plan, results);
    let Some(g) = game_estimate(plan, results, opts) else {
        let _ = writeln!(
            out,
            "Policy game {a_fleet} (A) vs {b_fleet} (B): not measured (a pair of policies has \
             no battles: the run was interrupted before every pair played)"
        );
        return out;
    };
    let _ = writeln!(
        out,
        "Policy game {a_fleet} (A) vs {b_fleet} (B): value for A {}% [{}, {}] ({conf}, \
         selection-honest; naive [{}, {}])",
        pct(g.pooled.value),
        pct(g.honest.0),
        pct(g.honest.1),
        pct(g.naive.0),
        pct(g.naive.1)
    );
    let rows = equilibrium_rows(plan, results, opts);
    for side in ["A", "B"] {
        let mix: Vec<String> = rows
            .iter()
            .filter(|r| r.side == side && r.mix > 0.0)
            .map(|r| format!("{} {}%", r.policy, pct(r.mix)))
            .collect();
        let exploit: Vec<String> = rows
            .iter()
            .filter(|r| r.side == side)
            .map(|r| format!("{} {:.1}", r.policy, r.exploitability * 100.0))
            .collect();
        let _ = writeln!(out, "  {side}'s optimal mix: {}", mix.join(", "));
        let _ = writeln!(
            out,
            "    exploitability (points of score a best reply gains against it alone): {}",
            exploit.join(", ")
        );
    }
    let width = plan
        .a_policies
        .iter()
        .chain(&plan.b_policies)
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(6, 24);
    let _ = writeln!(out, "  A's score (%), rows A's policy, columns B's:");
    let _ = write!(out, "    {:<width$}", "");
    for p in &plan.b_policies {
        let _ = write!(out, " {p:>width$}");
    }
    let _ = writeln!(out);
    for (i, p) in plan.a_policies.iter().enumerate() {
        let _ = write!(out, "    {p:<width$}");
        for j in 0..plan.b_policies.len() {
            let _ = write!(out, " {:>width$}", pct(g.payoff.at(i, j)));
        }
        let _ = writeln!(out);
    }
    out
}
