//! The `fair_cost` table of an A/B experiment with a ladder: what the variant's change is
//! worth in points, against each opponent and against the whole field (see
//! [`crate::stats::fair_cost`] for the method).

use std::ops::Range;

use super::ReportOptions;
use super::kinds::side_label;
use super::tables::{CellType, Column, Table, table_row};
use crate::kinds::AbPlan;
use crate::results::MatchupResult;
use crate::stats::fair_cost::{self, FairCost, ScoreMoments};
use crate::stats::z_for_confidence;

table_row! {
    /// The fair cost of the A/B change, per opponent (both orientations pooled) and
    /// `overall` (every opponent weighted equally) (`fair_cost.csv` / `fair_cost.parquet`).
    pub struct FairCostRow in "fair_cost" {
        /// The variant fleet (the base with the change).
        pub subject: String,
        /// The opponent (`fleet (policy)`), or `overall`.
        pub opponent: String,
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
    }
}

/// The fair-cost table: one row per opponent, then `overall`. Empty without a ladder (or
/// when a fleet has no points, which loading rejects).
pub fn fair_cost_rows(
    plan: &AbPlan,
    results: &[MatchupResult],
    opts: &ReportOptions,
) -> Vec<FairCostRow> {
    let groups: Vec<Range<usize>> = plan.groups().collect();
    let Some(first) = groups.first().filter(|_| plan.rungs > 0) else {
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
    let method = method(&points, opts.confidence);
    let row = |opponent: String, members: &[&Range<usize>]| -> Option<FairCostRow> {
        let moments: Vec<&ScoreMoments> = members
            .iter()
            .map(|g| results[g.start].moments.as_ref())
            .collect::<Option<_>>()?;
        let (means, cov) = fair_cost::pool(&moments)?;
        let f = fair_cost::fair_cost(&means, &cov, &points, z)?;
        Some(FairCostRow {
            subject: results[first.start + 1].fleets[subject].clone(),
            opponent,
            estimate: f.estimate,
            ci_low: f.low,
            ci_high: f.high,
            std_error: f.std_error,
            price: f.price,
            verdict: verdict(&f).into(),
            base_points: points[0] as u32,
            variant_points: points[1] as u32,
            slope: f.slope,
            slope_se: f.slope_se,
            battles: moments.iter().map(|m| m.battles).sum(),
            method: method.clone(),
        })
    };
    let mut rows = Vec::new();
    for o in 0..plan.opponents {
        let members: Vec<&Range<usize>> = groups
            .iter()
            .filter(|g| plan.arms[g.start].opponent == o)
            .collect();
        let Some(g) = members.first() else { continue };
        let label = side_label(&results[g.start], plan.arms[g.start].subject.other());
        rows.extend(row(label, &members));
    }
    let all: Vec<&Range<usize>> = groups.iter().collect();
    rows.extend(row("overall".into(), &all));
    rows
}

fn verdict(f: &FairCost) -> &'static str {
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
fn method(points: &[f64], confidence: f64) -> String {
    let ladder: Vec<String> = std::iter::once(points[0])
        .chain(points[2..].iter().copied())
        .map(|p| format!("{p}"))
        .collect();
    format!(
        "paired score delta (variant − base) ÷ slope of a least-squares line of score on \
         points over the base and {} rung(s) ({} pts); all arms on common dice; Fieller {}% \
         interval",
        points.len() - 2,
        ladder.join(", "),
        confidence * 100.0
    )
}
