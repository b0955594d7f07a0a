//! The tables of a policy game (`[experiment.game]`): `game` (the payoff matrix, one row per
//! pair of policies), `equilibrium` (each policy's weight in its side's optimal mix and its
//! exploitability), `game_value` (the value with its selection-honest interval) and, with a
//! search player, `search` (its gain over the best preset, [`crate::stats::search_gain`]), and
//! the terminal summary. The statistics are in [`crate::stats::game_value`].

use std::fmt::Write;

use super::ReportOptions;
use super::tables::{CellType, Column, Table, table_row};
use fleetlab_engine::Side;

use crate::kinds::{GameHalf, GamePlan, SearchSide};
use crate::results::MatchupResult;
use crate::stats::game_value::{CellCounts, GameEstimate, estimate, pooled_cell};
use crate::stats::search_gain::{SearchGain, search_gain};
use crate::stats::z_for_confidence;

table_row! {
    /// One pair of policies (`game.csv` / `game.parquet`), both halves pooled; scores are
    /// side A's (win 1, draw ½).
    pub struct GameRow in "game" {
        /// Side A's fleet.
        pub fleet_a: String,
        /// Side A's policy.
        pub policy_a: String,
        /// Side B's fleet.
        pub fleet_b: String,
        /// Side B's policy.
        pub policy_b: String,
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
        /// With `race`: after which stage of the select half the race dropped this policy
        /// (empty when it stayed in play). A dropped policy's mix is 0 and its
        /// exploitability is measured against the opponent policies in play, on the battles
        /// it played.
        pub dropped_stage: Option<u32>,
        /// The policy of the same side that beat it beyond doubt against every opponent
        /// policy in play ("" when it stayed in play).
        pub dropped_by: String,
    }
}

table_row! {
    /// The game's value for side A (`game_value.csv` / `game_value.parquet`); no row when a
    /// cell has no battles (an interrupted run).
    pub struct GameValueRow in "game_value" {
        /// Side A's fleet.
        pub fleet_a: String,
        /// Side B's fleet.
        pub fleet_b: String,
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

table_row! {
    /// The search player of one side against one policy of the other, or against its
    /// optimal mix (`search.csv` / `search.parquet`; only in a game with `search`). Scores
    /// are the searching side's (win 1, draw ½), on the evaluate half's dice.
    pub struct SearchRow in "search" {
        /// `A` or `B`: the side the search player plays.
        pub side: String,
        /// Its fleet.
        pub fleet: String,
        /// The opponent's policy, or `optimal mix` (the opponent's mix from the select half,
        /// scores weighted by it).
        pub opponent_policy: String,
        /// Search battles against that policy (the sum over the mix's policies for the mix).
        pub battles: i64,
        /// The search player's mean score.
        pub search_score: f64,
        /// The preset that scores best against the opponent.
        pub best_preset: String,
        /// Its mean score.
        pub best_preset_score: f64,
        /// `search_score − best_preset_score`: what searching adds to the best script.
        pub gain: f64,
        /// Interval of the gain, low end.
        pub gain_ci_low: f64,
        /// Interval of the gain, high end.
        pub gain_ci_high: f64,
        /// Rollouts per decision.
        pub rollouts: i64,
        /// Which of its side's policies the search player chose, as shares of the turns it
        /// played (`brawler 0.62; standoff 0.38`, heaviest first; policies never chosen left
        /// out): what the search exploits.
        pub choices: String,
    }
}

/// `policy share; ...` of the turns in `counts` (heaviest first, ties in list order).
fn choice_shares(policies: &[String], counts: &[u64]) -> String {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return String::new();
    }
    let mut order: Vec<usize> = (0..counts.len().min(policies.len()))
        .filter(|&i| counts[i] > 0)
        .collect();
    order.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
    order
        .iter()
        .map(|&i| format!("{} {:.2}", policies[i], counts[i] as f64 / total as f64))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Side A's results in a matchup of a game, as a cell's counts.
pub(crate) fn counts(r: &MatchupResult) -> CellCounts {
    CellCounts {
        battles: r.tally.battles,
        wins: r.tally.wins[0],
        draws: r.tally.draws,
    }
}

/// The cells of one half of a game, row-major (every pair, in play or not).
pub(crate) fn half_counts(
    plan: &GamePlan,
    results: &[MatchupResult],
    half: GameHalf,
) -> Vec<CellCounts> {
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

/// The game of the policies in play (all of them unless a race dropped some): the estimate
/// of that sub-game, and which of the full game's rows and columns it has.
struct InPlay {
    game: GameEstimate,
    rows: Vec<usize>,
    cols: Vec<usize>,
}

fn in_play(plan: &GamePlan, results: &[MatchupResult], opts: &ReportOptions) -> Option<InPlay> {
    let (alive_a, alive_b) = plan.in_play();
    let rows: Vec<usize> = (0..alive_a.len()).filter(|&i| alive_a[i]).collect();
    let cols: Vec<usize> = (0..alive_b.len()).filter(|&j| alive_b[j]).collect();
    let m = plan.b_policies.len();
    let sub = |half| {
        let all = half_counts(plan, results, half);
        rows.iter()
            .flat_map(|&i| cols.iter().map(move |&j| i * m + j))
            .map(|p| all[p])
            .collect::<Vec<_>>()
    };
    let game = estimate(
        rows.len(),
        cols.len(),
        &sub(GameHalf::Select),
        &sub(GameHalf::Evaluate),
        z_for_confidence(opts.confidence),
    )?;
    Some(InPlay { game, rows, cols })
}

/// The game of the policies in play measured from its results (`None` when a pair in play
/// has no battles). Without a race that is the whole game; a raced game's dropped policies
/// are left out (they are dominated, so the value and the optimal mixes are those of the whole
/// game).
pub fn game_estimate(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Option<GameEstimate> {
    in_play(plan, results, opts).map(|p| p.game)
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
                fleet_a: a_fleet.clone(),
                policy_a: plan.a_policies[p / m].clone(),
                fleet_b: b_fleet.clone(),
                policy_b: plan.b_policies[p % m].clone(),
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

/// A's pooled score in every pair (both halves; NaN without battles), row-major.
fn pooled_scores(plan: &GamePlan, results: &[MatchupResult]) -> Vec<f64> {
    half_counts(plan, results, GameHalf::Select)
        .iter()
        .zip(&half_counts(plan, results, GameHalf::Evaluate))
        .map(|(s, e)| s.plus(*e).score().unwrap_or(f64::NAN))
        .collect()
}

/// The rows of `equilibrium` (none when the game is not measured).
pub fn equilibrium_rows(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<EquilibriumRow> {
    let Some(InPlay {
        game: g,
        rows: in_rows,
        cols: in_cols,
    }) = in_play(plan, results, opts)
    else {
        return Vec::new();
    };
    let fleets = fleets(plan, results);
    let (n, m) = (plan.a_policies.len(), plan.b_policies.len());
    let scores = pooled_scores(plan, results);
    let at = |i: usize, j: usize| scores[i * m + j];
    let race = |side: Side, policy: usize, names: &[String]| {
        plan.dropped(side, policy)
            .map_or((None, String::new()), |d| {
                (Some(d.stage as u32), names[d.beaten_by].clone())
            })
    };
    let mut rows = Vec::new();
    let exploit_a = g.pooled.row_policy_exploitability(&g.payoff);
    for i in 0..n {
        // A policy in play: from the solved game; a dropped one: against the B policies in
        // play, on the battles it played before the drop.
        let (mix, select_mix, exploitability) = match in_rows.iter().position(|&r| r == i) {
            Some(x) => (g.pooled.row_mix[x], g.selected.row_mix[x], exploit_a[x]),
            None => {
                let worst = in_cols
                    .iter()
                    .map(|&j| at(i, j))
                    .fold(f64::INFINITY, f64::min);
                (0.0, 0.0, g.pooled.value - worst)
            }
        };
        let reply = in_cols
            .iter()
            .copied()
            .min_by(|&x, &y| at(i, x).total_cmp(&at(i, y)))
            .unwrap_or(0);
        let (dropped_stage, dropped_by) = race(Side::A, i, &plan.a_policies);
        rows.push(EquilibriumRow {
            side: "A".into(),
            fleet: fleets[0].clone(),
            policy: plan.a_policies[i].clone(),
            mix,
            select_mix,
            exploitability,
            best_reply: plan.b_policies[reply].clone(),
            dropped_stage,
            dropped_by,
        });
    }
    let exploit_b = g.pooled.col_policy_exploitability(&g.payoff);
    for j in 0..m {
        let (mix, select_mix, exploitability) = match in_cols.iter().position(|&c| c == j) {
            Some(y) => (g.pooled.col_mix[y], g.selected.col_mix[y], exploit_b[y]),
            None => {
                let best = in_rows
                    .iter()
                    .map(|&i| at(i, j))
                    .fold(f64::NEG_INFINITY, f64::max);
                (0.0, 0.0, best - g.pooled.value)
            }
        };
        let reply = in_rows
            .iter()
            .copied()
            .max_by(|&x, &y| at(x, j).total_cmp(&at(y, j)))
            .unwrap_or(0);
        let (dropped_stage, dropped_by) = race(Side::B, j, &plan.b_policies);
        rows.push(EquilibriumRow {
            side: "B".into(),
            fleet: fleets[1].clone(),
            policy: plan.b_policies[j].clone(),
            mix,
            select_mix,
            exploitability,
            best_reply: plan.a_policies[reply].clone(),
            dropped_stage,
            dropped_by,
        });
    }
    rows
}

/// One side's search gain, measured on the policies in play ([`GamePlan::in_play`]): the
/// gain's vectors run over `opp` (the opponent's policies in play), its preset indices over
/// `own` (the side's policies in play). Without a race both are every policy.
pub struct SideSearchGain {
    /// The searching side.
    pub side: SearchSide,
    /// The gain, over the policies in play.
    pub gain: SearchGain,
    /// The side's policies in play (indices into its policy list).
    pub own: Vec<usize>,
    /// The opponent's policies in play.
    pub opp: Vec<usize>,
}

/// Each side's search gain (none without a search player or a measured game). In a raced
/// game the dropped policies are left out on both sides: a dropped opponent policy has no
/// search cell (it is in no optimal mix), and a dropped own policy is beaten by one in play
/// against every opponent policy in play, so it is never the best preset there.
pub fn search_gains(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<SideSearchGain> {
    if plan.search.is_none() {
        return Vec::new();
    }
    let Some(InPlay {
        game: g,
        rows: in_rows,
        cols: in_cols,
    }) = in_play(plan, results, opts)
    else {
        return Vec::new();
    };
    let m = plan.b_policies.len();
    let evaluate = half_counts(plan, results, GameHalf::Evaluate);
    let cells = plan.search_cells();
    let mut out = Vec::new();
    for side in [SearchSide::A, SearchSide::B] {
        // The searching side's results: A's as counted, B's with wins and losses swapped.
        let own_view = |c: CellCounts| match side {
            SearchSide::A => c,
            SearchSide::B => CellCounts {
                wins: c.battles - c.wins - c.draws,
                ..c
            },
        };
        let (own, opp) = match side {
            SearchSide::A => (in_rows.clone(), in_cols.clone()),
            SearchSide::B => (in_cols.clone(), in_rows.clone()),
        };
        let presets: Vec<CellCounts> = own
            .iter()
            .flat_map(|&i| opp.iter().map(move |&j| (i, j)))
            .map(|(i, j)| {
                own_view(match side {
                    SearchSide::A => evaluate[i * m + j],
                    SearchSide::B => evaluate[j * m + i],
                })
            })
            .collect();
        let search: Vec<CellCounts> = opp
            .iter()
            .map(|&j| {
                cells
                    .iter()
                    .find(|&&(_, s, o)| s == side && o == j)
                    .map_or_else(CellCounts::default, |&(k, _, _)| {
                        own_view(counts(&results[k]))
                    })
            })
            .collect();
        let mix = match side {
            SearchSide::A => &g.selected.col_mix,
            SearchSide::B => &g.selected.row_mix,
        };
        if let Some(gain) = search_gain(own.len(), opp.len(), &presets, &search, mix) {
            out.push(SideSearchGain {
                side,
                gain,
                own,
                opp,
            });
        }
    }
    out
}

/// The rows of `search`.
pub fn search_rows(
    plan: &GamePlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<SearchRow> {
    let Some(settings) = plan.search else {
        return Vec::new();
    };
    let z = z_for_confidence(opts.confidence);
    let fleets = fleets(plan, results);
    let mut rows = Vec::new();
    for SideSearchGain {
        side,
        gain: g,
        own: own_in_play,
        opp: opp_in_play,
    } in search_gains(plan, results, opts)
    {
        let (name, fleet, own, opp) = match side {
            SearchSide::A => ("A", &fleets[0], &plan.a_policies, &plan.b_policies),
            SearchSide::B => ("B", &fleets[1], &plan.b_policies, &plan.a_policies),
        };
        let battles_against = |j: usize| {
            plan.search_cells()
                .iter()
                .find(|&&(_, s, o)| s == side && o == j)
                .map_or(0, |&(k, _, _)| results[k].tally.battles as i64)
        };
        let choices_against = |j: usize| {
            plan.search_cells()
                .iter()
                .find(|&&(_, s, o)| s == side && o == j)
                .map_or_else(Vec::new, |&(k, _, _)| {
                    results[k].tally.search_choices.clone()
                })
        };
        let mut all_choices = vec![0u64; own.len()];
        for j in 0..opp.len() {
            for (a, b) in all_choices.iter_mut().zip(choices_against(j)) {
                *a += b;
            }
        }
        let row = |opponent_policy: String,
                   battles,
                   score,
                   best: usize,
                   best_score,
                   gain,
                   se,
                   choices: &[u64]| {
            SearchRow {
                choices: choice_shares(own, choices),
                side: name.into(),
                fleet: fleet.clone(),
                opponent_policy,
                battles,
                search_score: score,
                best_preset: own[best].clone(),
                best_preset_score: best_score,
                gain,
                gain_ci_low: gain - z * se,
                gain_ci_high: gain + z * se,
                rollouts: i64::from(settings.rollouts),
            }
        };
        // A raced game's dropped opponent policies have no row (no search cell played).
        for (jj, &j) in opp_in_play.iter().enumerate() {
            let (best, best_score) = g.best[jj];
            let (gain, se) = g.gain[jj];
            rows.push(row(
                opp[j].clone(),
                battles_against(j),
                g.score[jj].0,
                own_in_play[best],
                best_score,
                gain,
                se,
                &choices_against(j),
            ));
        }
        let mx = g.against_mix;
        rows.push(row(
            "optimal mix".into(),
            (0..opp.len()).map(battles_against).sum(),
            mx.score,
            own_in_play[mx.best],
            mx.best_score,
            mx.gain,
            mx.std_error,
            &all_choices,
        ));
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
            fleet_a: a_fleet,
            fleet_b: b_fleet,
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
        let dropped: Vec<String> = rows
            .iter()
            .filter(|r| r.side == side)
            .filter_map(|r| {
                let stage = r.dropped_stage?;
                Some(format!(
                    "{} (stage {stage}, beaten by {})",
                    r.policy, r.dropped_by
                ))
            })
            .collect();
        if !dropped.is_empty() {
            let _ = writeln!(
                out,
                "    dropped by the race (beaten beyond doubt against every {} policy in play): {}",
                if side == "A" { "B" } else { "A" },
                dropped.join(", ")
            );
        }
    }
    if let Some(race) = &plan.race {
        let _ = writeln!(
            out,
            "  raced: stages of {} battles per pair on the select half, α = {} (chance of ever \
             dropping an undominated policy); the evaluate half played the pairs in play",
            race.stage, race.alpha
        );
    }
    for r in search_rows(plan, results, opts)
        .iter()
        .filter(|r| r.opponent_policy == "optimal mix")
    {
        let _ = writeln!(
            out,
            "  search player as {} ({} rollouts per turn) against the other side's optimal mix: \
             {}% vs {}% for its best preset ({}): gain {:+.1} points [{:+.1}, {:+.1}]",
            r.side,
            r.rollouts,
            pct(r.search_score),
            pct(r.best_preset_score),
            r.best_preset,
            r.gain * 100.0,
            r.gain_ci_low * 100.0,
            r.gain_ci_high * 100.0
        );
        if !r.choices.is_empty() {
            let _ = writeln!(out, "    its turns by policy: {}", r.choices);
        }
    }
    let width = plan
        .a_policies
        .iter()
        .chain(&plan.b_policies)
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(6, 24);
    let scores = pooled_scores(plan, results);
    let _ = writeln!(out, "  A's score (%), rows A's policy, columns B's:");
    let _ = write!(out, "    {:<width$}", "");
    for p in &plan.b_policies {
        let _ = write!(out, " {p:>width$}");
    }
    let _ = writeln!(out);
    for (i, p) in plan.a_policies.iter().enumerate() {
        let _ = write!(out, "    {p:<width$}");
        for j in 0..plan.b_policies.len() {
            let _ = write!(
                out,
                " {:>width$}",
                pct(scores[i * plan.b_policies.len() + j])
            );
        }
        let _ = writeln!(out);
    }
    out
}
