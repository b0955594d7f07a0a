//! The fair cost of an A/B under the policy game (issue 16 §2): with `[experiment.under_game]`
//! on an A/B with a ladder, every arm — base, variant and each rung — plays the policy game
//! of its matchup ([`crate::under_game`]), and the fair cost is read from the games' values
//! exactly as the fixed-script fair cost is read from the arms' scores
//! ([`crate::stats::fair_cost`]): the variant's gain over the base divided by the slope of a
//! least-squares line of value on points over the base and the rungs, with a Fieller interval.
//!
//! Per opponent the arms' values (from the subject's view) are pooled over the orientations
//! played, each with equal weight; `overall` pools every group with equal weight, as the fixed
//! fair cost does. Each value's variance is taken from its selection-honest interval,
//! `((high − low) / 2z)²`, and the arms' values are treated as independent: the games run on
//! common dice, which correlates the arms positively, so the independent covariance
//! overstates the variance of both the gain and the slope — the interval is conservative.
//!
//! A verdict (`underpriced`, `overpriced`, `fair`, `undetermined`) that differs between the
//! two plays is a **flip**; `underpriced` against `overpriced` is a **reversal**.

use std::ops::Range;

use serde::Serialize;

use crate::audit_ab::value_for;
use crate::audit_game::GameCheck;
use crate::kinds::AbPlan;
use crate::report::ReportOptions;
use crate::report::fair_cost::{
    FairCostRow, OpponentKey, fair_cost_rows, opponent_groups, price_verdict,
};
use crate::results::MatchupResult;
use crate::stats::fair_cost;

/// The fair cost against one opponent (or `overall`) under both kinds of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FairCostCheck {
    /// The opponent's fleet; `None` on the `overall` row.
    pub opponent_fleet: Option<String>,
    /// The opponent's policy (by name); `None` on the `overall` row.
    pub opponent_policy: Option<String>,
    /// What the rules charge for the change (variant points − base points).
    pub price: f64,
    /// Fixed scripts: the fair cost in points with its Fieller interval.
    pub fixed: (f64, f64, f64),
    /// Under the policy game: the fair cost with its (conservative) Fieller interval.
    pub game: (f64, f64, f64),
    /// The fixed-script verdict (`underpriced`, `overpriced`, `fair`, `undetermined`).
    pub fixed_verdict: String,
    /// The verdict under the game.
    pub game_verdict: String,
    /// The verdicts differ.
    pub flips: bool,
    /// One says underpriced, the other overpriced.
    pub reversed: bool,
}

/// Arms' values pooled over `members` (groups of base, variant, rungs) with equal weight, and
/// their diagonal covariance; `None` when a member's game was not played.
fn pooled(
    plan: &AbPlan,
    members: &[Range<usize>],
    games: &[Option<&GameCheck>],
    z: f64,
) -> Option<(Vec<f64>, Vec<Vec<f64>>)> {
    let arms = 2 + plan.rungs;
    let g = members.len() as f64;
    let mut means = vec![0.0; arms];
    let mut cov = vec![vec![0.0; arms]; arms];
    for group in members {
        let subject = plan.arms[group.start].subject;
        for (i, k) in group.clone().enumerate() {
            let (v, low, high) = value_for(games.get(k).copied().flatten()?, subject);
            let se = (high - low) / (2.0 * z);
            means[i] += v / g;
            cov[i][i] += se * se / (g * g);
        }
    }
    Some((means, cov))
}

/// The fair-cost checks of `plan`: one per opponent, then `overall`, from the experiment's
/// own `results` (the fixed-script fair cost) and every arm's policy game (`games[k]`). Empty
/// without a ladder; an opponent whose games or fixed fair cost are missing is left out.
pub fn fair_cost_checks(
    plan: &AbPlan,
    results: &[MatchupResult],
    games: &[Option<&GameCheck>],
    opts: &ReportOptions,
) -> Vec<FairCostCheck> {
    let Some(first) = plan.groups().next().filter(|_| plan.rungs > 0) else {
        return Vec::new();
    };
    let z = crate::stats::z_for_confidence(opts.confidence);
    let subject = plan.arms[first.start].subject.index();
    let Some(points) = first
        .clone()
        .map(|k| results[k].points[subject].map(f64::from))
        .collect::<Option<Vec<f64>>>()
    else {
        return Vec::new();
    };
    let fixed = fair_cost_rows(plan, results, opts);
    let check = |key: OpponentKey, members: &[Range<usize>]| {
        let row: &FairCostRow = fixed.iter().find(|r| match &key {
            Some((f, p)) => {
                r.opponent_fleet.as_deref() == Some(f) && r.opponent_policy.as_deref() == Some(p)
            }
            None => r.opponent_fleet.is_none(),
        })?;
        let (means, cov) = pooled(plan, members, games, z)?;
        // On the experiment's fit, as the fixed-script row was.
        let (means, cov) = plan.fit.scale(&means, &cov, row.battles);
        let f = fair_cost::fair_cost(&means, &cov, &points, z)?;
        let game_verdict = price_verdict(&f);
        let reversed = matches!(
            (row.verdict.as_str(), game_verdict),
            ("underpriced", "overpriced") | ("overpriced", "underpriced")
        );
        Some(FairCostCheck {
            opponent_fleet: key.as_ref().map(|k| k.0.clone()),
            opponent_policy: key.map(|k| k.1),
            price: row.price,
            fixed: (row.estimate, row.ci_low, row.ci_high),
            game: (f.estimate, f.low, f.high),
            fixed_verdict: row.verdict.clone(),
            game_verdict: game_verdict.to_owned(),
            flips: row.verdict != game_verdict,
            reversed,
        })
    };
    opponent_groups(plan, results)
        .into_iter()
        .filter_map(|(key, members)| check(key, &members))
        .collect()
}
