//! Interval statistics: two-sided normal quantiles, Wilson score intervals for proportions and
//! normal-approximation intervals for means (this file), and the building blocks of A/B
//! experiments, fleet matrices and the CI balance gate:
//!
//! * [`paired`] — paired outcomes of two arms on the same dice: win-rate delta with its paired
//!   standard error;
//! * [`sprt`] — sequential probability ratio test (GSPRT log-likelihood ratios for trinomial and
//!   pentanomial results, Wald bounds, win-rate hypotheses);
//! * [`fair_cost`] — what an enhancement is worth in points: a ladder of the base fleet at other
//!   points on common dice, a fitted score-per-points line and a Fieller interval;
//! * [`holm`] — Holm–Bonferroni step-down across matchups;
//! * [`bradley_terry`] — Bradley–Terry strengths of a round robin (MM algorithm) with standard
//!   errors and an Elo scale;
//! * [`zero_sum`] — two-player zero-sum policy games: value, optimal mixes, exploitability;
//! * [`game_value`] — a policy game measured from battles, with a selection-honest interval;
//! * [`race`] — racing a policy game: dropping policies dominated beyond doubt between stages;
//! * [`search_gain`] — a search player's score over the best preset it chooses among;
//! * [`design`] — pooling parts of an experiment that played different numbers of battles
//!   (`--target-error`, a partial run) by the experiment's design weights.
//!
//! Reference values for the tests that are not published elsewhere come from `goldens.py` in
//! this directory (pure Python, written from the formulas alone).

pub mod bradley_terry;
pub mod design;
pub mod fair_cost;
pub mod game_value;
pub mod holm;
pub mod paired;
pub mod race;
pub mod search_gain;
pub mod sprt;
pub mod zero_sum;

use statrs::distribution::{ContinuousCDF, Normal};

/// The two-sided standard normal quantile for `confidence`: `Φ⁻¹((1 + confidence) / 2)`,
/// e.g. 0.95 → 1.959963984540054.
///
/// # Panics
///
/// If `confidence` is not strictly between 0 and 1.
pub fn z_for_confidence(confidence: f64) -> f64 {
    assert!(
        confidence > 0.0 && confidence < 1.0,
        "confidence must be strictly between 0 and 1, got {confidence}"
    );
    Normal::standard().inverse_cdf(0.5 + confidence / 2.0)
}

/// The Wilson score interval `(low, high)` for `successes` out of `n` trials at normal
/// quantile `z` (see [`z_for_confidence`]). Always within `[0, 1]`; exactly 0 at the low end
/// when there are no successes and exactly 1 at the high end when every trial succeeded.
/// With no trials at all the interval is the uninformative `(0, 1)`.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    debug_assert!(successes <= n, "{successes} successes out of {n} trials");
    let nf = n as f64;
    wilson_rate(successes as f64 / nf, nf, z)
}

/// The Wilson score interval of an observed rate `p` from `n` trials, where `n` may be an
/// *effective* sample size (not a whole number, see [`design::proportion`]). Exactly 0 at the
/// low end when `p` is 0 and exactly 1 at the high end when `p` is 1.
pub fn wilson_rate(p: f64, nf: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = z / denom * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    let low = if p <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if p >= 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// An observed rate with its Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proportion {
    /// `successes / n` (0 when `n` is 0).
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// The rate `successes / n` with its Wilson interval at normal quantile `z`. With `n == 0`
/// there is no rate: all three are NaN (a report's NA — a matchup of a partial run that never
/// started), not 0% in `[0, 1]`.
pub fn proportion(successes: u64, n: u64, z: f64) -> Proportion {
    if n == 0 {
        return Proportion {
            rate: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    let rate = successes as f64 / n as f64;
    let (low, high) = wilson(successes, n, z);
    Proportion { rate, low, high }
}

/// Normal-approximation interval `mean ± z·sd/√n` for a sample mean of `n` values with sample
/// standard deviation `sd`. With `n == 0` the interval is unbounded: `(-∞, +∞)`.
pub fn mean_ci(mean: f64, sd: f64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let half = z * sd / (n as f64).sqrt();
    (mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn z_values() {
        assert!(close(z_for_confidence(0.95), 1.959963984540054, 1e-12));
        assert!(close(z_for_confidence(0.99), 2.5758293035489004, 1e-12));
        assert!(close(z_for_confidence(0.90), 1.6448536269514722, 1e-12));
    }

    #[test]
    #[should_panic(expected = "confidence")]
    fn z_rejects_out_of_range() {
        z_for_confidence(1.0);
    }

    #[test]
    fn wilson_known_values() {
        // Exact 95% quantile (as e.g. statsmodels' proportion_confint(method="wilson")).
        let (lo, hi) = wilson(50, 100, z_for_confidence(0.95));
        assert!(close(lo, 0.4038315, 1e-6), "{lo}");
        assert!(close(hi, 0.5961685, 1e-6), "{hi}");
        // The rounded quantile 1.96 gives a slightly wider interval.
        let (lo, hi) = wilson(50, 100, 1.96);
        assert!(close(lo, 0.4038298, 1e-6), "{lo}");
        assert!(close(hi, 0.5961702, 1e-6), "{hi}");
        let (lo, hi) = wilson(3, 10, z_for_confidence(0.95));
        assert!(close(lo, 0.1077913, 1e-6), "{lo}");
        assert!(close(hi, 0.6032219, 1e-6), "{hi}");
    }

    #[test]
    fn wilson_edges() {
        let (lo, hi) = wilson(0, 10, 1.96);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.2775402, 1e-6), "{hi}");
        let (lo, hi) = wilson(10, 10, 1.96);
        assert!(close(lo, 0.7224598, 1e-6), "{lo}");
        assert_eq!(hi, 1.0);
        assert_eq!(wilson(0, 0, 1.96), (0.0, 1.0));
    }

    #[test]
    fn proportion_rate_and_interval() {
        let p = proportion(25, 100, 1.96);
        assert_eq!(p.rate, 0.25);
        assert!(p.low < 0.25 && 0.25 < p.high);
        assert_eq!((p.low, p.high), wilson(25, 100, 1.96));
        let empty = proportion(0, 0, 1.96);
        assert!(empty.rate.is_nan() && empty.low.is_nan() && empty.high.is_nan());
        assert_eq!(wilson(0, 0, 1.96), (0.0, 1.0), "the interval alone");
    }

    #[test]
    fn mean_interval() {
        let (lo, hi) = mean_ci(10.0, 2.0, 100, 1.96);
        assert!(close(lo, 10.0 - 0.392, 1e-12));
        assert!(close(hi, 10.0 + 0.392, 1e-12));
        let (lo, hi) = mean_ci(1.0, 1.0, 0, 1.96);
        assert!(lo.is_infinite() && hi.is_infinite());
    }
}
