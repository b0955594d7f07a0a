//! The `fair_cost` table of an A/B experiment with a ladder: what the variant's change is
//! worth in points, against each opponent and against the whole field (see
//! [`crate::stats::fair_cost`] for the method).

use std::ops::Range;

use super::ReportOptions;
use super::kinds::{opponent_label, side_key};
use super::tables::{CellType, Column, Table, table_row};
use crate::kinds::AbPlan;
use crate::results::MatchupResult;
use crate::stats::fair_cost::{self, FairCost, Fit, ScoreMoments};
use crate::stats::z_for_confidence;

table_row! {
    /// The fair cost of the A/B change, per opponent (both orientations pooled) and
    /// `overall` (every opponent weighted equally) (`fair_cost.csv` / `fair_cost.parquet`).
    pub struct FairCostRow in "fair_cost" {
        /// The variant fleet (the base with the change).
        pub variant_fleet: String,
        /// The opponent's fleet; null (empty in CSV) on the `overall` row.
        pub opponent_fleet: Option<String>,
        /// The opponent's policy (by name); null on the `overall` row.
        pub opponent_policy: Option<String>,
        /// Points the change is worth: its paired score delta divided by the base family's
        /// fitted score per point.
        pub estimate: f64,
        /// Fieller interval, low end (−inf when the ladder cannot bound it).
        pub ci_low: f64,
        /// Fieller interval, high end (+inf when unbounded).
        pub ci_high: f64,
        /// Delta-method standard error of the estimate.
        pub std_error: f64,
        /// What the rules charge for the change now (variant points − base points).
        pub price: f64,
        /// `underpriced` (worth more than it costs: the whole interval is above the price),
        /// `overpriced`, `fair` (the price is inside the interval) or `undetermined`
        /// (unbounded interval: the ladder's slope is not clearly positive).
        pub verdict: String,
        /// The base fleet's points.
        pub base_points: u32,
        /// The variant fleet's points.
        pub variant_points: u32,
        /// Fitted score per point of the base family.
        pub slope: f64,
        /// Standard error of the slope.
        pub slope_se: f64,
        /// Battle indices played (by every arm: base, variant and each rung).
        pub battles: u64,
        /// How it was found.
        pub method: String,
        /// Whether more points buy more score along the ladder: no step between rungs next
        /// to each other in points drops by more than the interval's `z` standard errors.
        pub ladder_monotone: bool,
        /// p-value of the straight line's lack of fit to the ladder (NaN when not testable:
        /// fewer than three ladder points, or two at the same points); below 1 − confidence
        /// the fit is poor and the slope depends on which rungs were chosen.
        pub lack_of_fit_p: f64,
        /// Whether the base's points plus the estimate lie within the ladder's points (else
        /// the answer extrapolates the line).
        pub inside_ladder: bool,
    }
}

table_row! {
    /// One arm of an A/B experiment with a ladder, against one opponent (both orientations
    /// pooled) or `overall` (`ladder.csv` / `ladder.parquet`): the points-vs-score ladder the
    /// fair cost is read from.
    pub struct LadderRow in "ladder" {
        /// The opponent's fleet; null (empty in CSV) on the `overall` row.
        pub opponent_fleet: Option<String>,
        /// The opponent's policy (by name); null on the `overall` row.
        pub opponent_policy: Option<String>,
        /// `base`, `variant` or `rung`.
        pub role: String,
        /// The arm's fleet.
        pub fleet: String,
        /// Its points.
        pub points: u32,
        /// Its mean score (win 1, draw ½), opponents and orientations weighted equally.
        pub score: f64,
        /// Normal interval of the score, low end.
        pub ci_low: f64,
        /// High end.
        pub ci_high: f64,
        /// The fitted line (over the base and the rungs) at the arm's points.
        pub fitted: f64,
    }
}

impl FairCostRow {
    /// `fleet (policy)` of the opponent, or `overall`.
    pub fn opponent(&self) -> String {
        opponent_label(
            self.opponent_fleet.as_deref(),
            self.opponent_policy.as_deref(),
        )
    }
}

/// An opponent's (fleet, policy); `None` for `overall`.
pub(crate) type OpponentKey = Option<(String, String)>;

/// The groups (base, variant, rungs) of each opponent (both orientations), then every group
/// as `overall`: what the fair cost pools, with fixed scripts or under the game.
pub(crate) fn opponent_groups(
    plan: &AbPlan,
    results: &[MatchupResult],
) -> Vec<(OpponentKey, Vec<Range<usize>>)> {
    let groups: Vec<Range<usize>> = plan.groups().collect();
    let mut out = Vec::new();
    for o in 0..plan.opponents {
        let members: Vec<Range<usize>> = groups
            .iter()
            .filter(|g| plan.arms[g.start].opponent == o)
            .cloned()
            .collect();
        let Some(g) = members.first() else { continue };
        let key = side_key(&results[g.start], plan.arms[g.start].subject.other());
        out.push((Some(key), members));
    }
    out.push((None, groups));
    out
}

/// Pooled arm means and covariance of each opponent (orientations pooled), then `overall`.
#[allow(clippy::type_complexity)]
fn pooled_by_opponent(
    plan: &AbPlan,
    results: &[MatchupResult],
) -> Vec<(OpponentKey, u64, Vec<f64>, Vec<Vec<f64>>)> {
    let pooled = |opponent: OpponentKey, members: &[Range<usize>]| {
        // Groups that played no battle (a partial run) are left out: the others keep their
        // equal weights.
        let moments: Vec<&ScoreMoments> = members
            .iter()
            .map(|g| results[g.start].moments.as_ref())
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .filter(|m| m.battles > 0)
            .collect();
        let (means, cov) = fair_cost::pool(&moments)?;
        Some((
            opponent,
            moments.iter().map(|m| m.battles).sum(),
            means,
            cov,
        ))
    };
    opponent_groups(plan, results)
        .into_iter()
        .filter_map(|(key, members)| pooled(key, &members))
        .collect()
}

/// The ladder table: every arm against every opponent and overall. Empty without a ladder.
pub fn ladder_rows(
    plan: &AbPlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<LadderRow> {
    let Some(first) = plan.groups().next().filter(|_| plan.rungs > 0) else {
        return Vec::new();
    };
    let z = z_for_confidence(opts.confidence);
    let subject = plan.arms[first.start].subject.index();
    let arms: Vec<(String, Option<u32>)> = first
        .clone()
        .map(|k| {
            (
                results[k].fleets[subject].clone(),
                results[k].points[subject],
            )
        })
        .collect();
    let Some(points) = arms
        .iter()
        .map(|a| a.1.map(f64::from))
        .collect::<Option<Vec<f64>>>()
    else {
        return Vec::new();
    };
    let ladder: Vec<usize> = std::iter::once(0).chain(2..points.len()).collect();
    let mut rows = Vec::new();
    for (opponent, battles, means, cov) in pooled_by_opponent(plan, results) {
        // The line is fitted on the fit's scale and drawn back on the score's.
        let (y, _) = plan.fit.scale(&means, &[], battles);
        let x_bar = ladder.iter().map(|&i| points[i]).sum::<f64>() / ladder.len() as f64;
        let y_bar = ladder.iter().map(|&i| y[i]).sum::<f64>() / ladder.len() as f64;
        let sxx: f64 = ladder.iter().map(|&i| (points[i] - x_bar).powi(2)).sum();
        let sxy: f64 = ladder
            .iter()
            .map(|&i| (points[i] - x_bar) * (y[i] - y_bar))
            .sum();
        let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
        for (i, (fleet, p)) in arms.iter().enumerate() {
            let se = cov[i][i].max(0.0).sqrt();
            rows.push(LadderRow {
                opponent_fleet: opponent.as_ref().map(|o| o.0.clone()),
                opponent_policy: opponent.as_ref().map(|o| o.1.clone()),
                role: match i {
                    0 => "base",
                    1 => "variant",
                    _ => "rung",
                }
                .into(),
                fleet: fleet.clone(),
                points: p.unwrap_or(0),
                score: means[i],
                ci_low: means[i] - z * se,
                ci_high: means[i] + z * se,
                fitted: plan.fit.score(y_bar + slope * (points[i] - x_bar), battles),
            });
        }
    }
    rows
}

/// The fair-cost table: one row per opponent, then `overall`. Empty without a ladder (or
/// when a fleet has no points, which loading rejects).
pub fn fair_cost_rows(
    plan: &AbPlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<FairCostRow> {
    let Some(first) = plan.groups().next().filter(|_| plan.rungs > 0) else {
        return Vec::new();
    };
    let z = z_for_confidence(opts.confidence);
    let subject = plan.arms[first.start].subject.index();
    let Some(points) = first
        .clone()
        .map(|k| results[k].points[subject].map(f64::from))
        .collect::<Option<Vec<f64>>>()
    else {
        return Vec::new();
    };
    let method = method(&points, opts.confidence, plan.fit);
    let row = |opponent: OpponentKey, battles: u64, means: &[f64], cov: &[Vec<f64>]| {
        let (means, cov) = plan.fit.scale(means, cov, battles);
        let f = fair_cost::fair_cost(&means, &cov, &points, z)?;
        let check = fair_cost::check_ladder(&means, &cov, &points, f.estimate, z);
        Some(FairCostRow {
            variant_fleet: results[first.start + 1].fleets[subject].clone(),
            opponent_fleet: opponent.as_ref().map(|o| o.0.clone()),
            opponent_policy: opponent.map(|o| o.1),
            estimate: f.estimate,
            ci_low: f.low,
            ci_high: f.high,
            std_error: f.std_error,
            price: f.price,
            verdict: price_verdict(&f).into(),
            base_points: points[0] as u32,
            variant_points: points[1] as u32,
            slope: f.slope,
            slope_se: f.slope_se,
            battles,
            method: method.clone(),
            ladder_monotone: check.monotone(),
            lack_of_fit_p: check.lack_of_fit_p.unwrap_or(f64::NAN),
            inside_ladder: check.inside,
        })
    };
    let mut pooled = pooled_by_opponent(plan, results).into_iter().peekable();
    let mut rows = Vec::new();
    // In the opponents' order; an opponent that played no battle (a partial run) is an NA
    // row, not a missing one.
    for (key, _) in opponent_groups(plan, results) {
        if pooled.peek().is_some_and(|p| p.0 == key) {
            let (o, n, m, c) = pooled.next().expect("peeked");
            rows.extend(row(o, n, &m, &c));
        } else {
            rows.push(FairCostRow {
                variant_fleet: results[first.start + 1].fleets[subject].clone(),
                opponent_fleet: key.as_ref().map(|o| o.0.clone()),
                opponent_policy: key.map(|o| o.1),
                estimate: f64::NAN,
                ci_low: f64::NAN,
                ci_high: f64::NAN,
                std_error: f64::NAN,
                price: points[1] - points[0],
                verdict: NOT_PLAYED.into(),
                base_points: points[0] as u32,
                variant_points: points[1] as u32,
                slope: f64::NAN,
                slope_se: f64::NAN,
                battles: 0,
                method: method.clone(),
                ladder_monotone: true,
                lack_of_fit_p: f64::NAN,
                inside_ladder: false,
            });
        }
    }
    rows
}

/// The fair-cost `verdict` of an opponent that played no battle (a partial run).
pub const NOT_PLAYED: &str = "NA";

/// Terminal warnings about the ladder of each fair-cost row: not monotone, a poor straight
/// fit, an answer outside the ladder.
pub fn ladder_warnings(rows: &[FairCostRow], confidence: f64) -> Vec<String> {
    let mut out = Vec::new();
    for r in rows {
        let against = if r.opponent_fleet.is_none() {
            r.opponent()
        } else {
            format!("against {}", r.opponent())
        };
        if !r.ladder_monotone {
            out.push(format!(
                "WARNING: fair cost {against}: the ladder is not monotone (more points score \
                 clearly less somewhere; see ladder.csv): its points do not measure strength here"
            ));
        }
        if r.lack_of_fit_p < 1.0 - confidence {
            out.push(format!(
                "WARNING: fair cost {against}: a straight line fits the ladder poorly (lack of \
                 fit p {}): the slope depends on the rungs chosen; keep them closer to the base{}",
                if r.lack_of_fit_p < 1e-4 {
                    "< 0.0001".to_owned()
                } else {
                    format!("= {:.4}", r.lack_of_fit_p)
                },
                if r.method.contains("logit(score)") {
                    " (the line is already on the logit scale)"
                } else {
                    ", or fit it on the logit scale (`fit = \"logit\"` in [experiment.ab])"
                }
            ));
        }
        if !r.inside_ladder && r.estimate.is_finite() {
            out.push(format!(
                "WARNING: fair cost {against}: {:+.1} pts puts the base at {:.0} pts, outside \
                 the ladder's points: an extrapolation; add a rung there",
                r.estimate,
                f64::from(r.base_points) + r.estimate
            ));
        }
    }
    out
}

/// `underpriced`, `overpriced`, `fair` or `undetermined`: where the price lies against the
/// fair cost's interval.
pub(crate) fn price_verdict(f: &FairCost) -> &'static str {
    // Rounding slack: a zero-width interval at the price (a variant that *is* a rung) is fair.
    let eps = 1e-9 * f.price.abs().max(1.0);
    if !f.bounded() {
        "undetermined"
    } else if f.low > f.price + eps {
        "underpriced"
    } else if f.high < f.price - eps {
        "overpriced"
    } else {
        "fair"
    }
}

/// The `method` column: what was fitted over which points, and the interval.
fn method(points: &[f64], confidence: f64, fit: Fit) -> String {
    let ladder: Vec<String> = std::iter::once(points[0])
        .chain(points[2..].iter().copied())
        .map(|p| format!("{p}"))
        .collect();
    let scale = match fit {
        Fit::Line => "score",
        Fit::Logit => "logit(score)",
    };
    format!(
        "paired {scale} delta (variant − base) ÷ slope of a least-squares line of {scale} on \
         points over the base and {} rung(s) ({} pts); all arms on common dice; Fieller {}% \
         interval",
        points.len() - 2,
        ladder.join(", "),
        confidence * 100.0
    )
}
