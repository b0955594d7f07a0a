//! An A/B answer under the policy game (issue 16 §2), as `fleetlab audit` gives it: for each
//! opponent (and orientation) of an `[experiment.ab]`, the variant's gain over the base fleet
//! with fixed scripts — the experiment's paired delta — beside the gain when every side plays
//! its optimal mix over its policy as written and the presets: the difference of the two
//! policy games' values ([`crate::audit_game`]), from the subject's view.
//!
//! Interval of the game delta: the two values' selection-honest intervals (each at the audit's
//! confidence, e.g. 95%) combined as `[L_variant − U_base, U_variant − L_base]`, which covers
//! the difference of the true values with probability at least `1 − 2α` (Bonferroni: at least
//! 90% at 95% each). A verdict (`better`, `worse`, `no difference`: the interval above, below
//! or around 0) that differs between the two answers is a **flip**.

use fleetlab_engine::Side;
use serde::Serialize;

use crate::audit_game::GameCheck;
use crate::kinds::AbPlan;
use crate::results::MatchupResult;

/// Whether the variant is better than the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AbVerdict {
    /// The interval of the delta lies above 0.
    Better,
    /// It lies below 0.
    Worse,
    /// It contains 0.
    NoDifference,
}

impl AbVerdict {
    /// The verdict of an interval of the delta.
    pub fn of(low: f64, high: f64) -> AbVerdict {
        if low > 0.0 {
            AbVerdict::Better
        } else if high < 0.0 {
            AbVerdict::Worse
        } else {
            AbVerdict::NoDifference
        }
    }

    /// `better`, `worse` or `no difference`.
    pub fn name(self) -> &'static str {
        match self {
            AbVerdict::Better => "better",
            AbVerdict::Worse => "worse",
            AbVerdict::NoDifference => "no difference",
        }
    }
}

/// One opponent (and orientation) of an A/B under both kinds of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AbCheck {
    /// The variant's matchup label.
    pub matchup: String,
    /// The side the base and variant fleets play on (`A` or `B`).
    pub subject: String,
    /// Fixed scripts: the paired delta of the subject's score (variant − base), with its
    /// interval.
    pub fixed: (f64, f64, f64),
    /// Under the policy game: the difference of the values (variant − base), subject's view,
    /// with the Bonferroni interval of the module docs.
    pub game: (f64, f64, f64),
    /// The fixed-script verdict.
    pub fixed_verdict: AbVerdict,
    /// The verdict under the game.
    pub game_verdict: AbVerdict,
    /// The verdicts differ.
    pub flips: bool,
}

/// The game value `(v, low, high)` of `g` from `subject`'s view.
pub(crate) fn value_for(g: &GameCheck, subject: Side) -> (f64, f64, f64) {
    match subject {
        Side::A => g.value,
        Side::B => (1.0 - g.value.0, 1.0 - g.value.2, 1.0 - g.value.1),
    }
}

/// The A/B checks of `plan`, from the experiment's own `results` (the variant's carries the
/// paired tally) and each matchup's policy game (`games[k]`, `None` when not played) at
/// normal quantile `z`. An opponent whose games or pairs are missing is left out.
pub fn ab_checks(
    plan: &AbPlan,
    results: &[MatchupResult],
    games: &[Option<&GameCheck>],
    z: f64,
) -> Vec<AbCheck> {
    plan.pairs()
        .filter_map(|(base, variant)| {
            let subject = plan.arms[variant].subject;
            let d = results[variant].paired.as_ref()?.deltas().summary(z);
            d.std_error?;
            let (gb, gv) = (games[base]?, games[variant]?);
            let (vb, vv) = (value_for(gb, subject), value_for(gv, subject));
            let game = (vv.0 - vb.0, vv.1 - vb.2, vv.2 - vb.1);
            let fixed = (d.mean, d.low, d.high);
            let fixed_verdict = AbVerdict::of(fixed.1, fixed.2);
            let game_verdict = AbVerdict::of(game.1, game.2);
            Some(AbCheck {
                matchup: results[variant].label.clone(),
                subject: if subject == Side::A { "A" } else { "B" }.into(),
                fixed,
                game,
                fixed_verdict,
                game_verdict,
                flips: fixed_verdict != game_verdict,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_of_a_delta_need_its_interval_off_zero() {
        assert_eq!(AbVerdict::of(0.01, 0.05), AbVerdict::Better);
        assert_eq!(AbVerdict::of(-0.05, -0.01), AbVerdict::Worse);
        assert_eq!(AbVerdict::of(-0.01, 0.05), AbVerdict::NoDifference);
    }
}
