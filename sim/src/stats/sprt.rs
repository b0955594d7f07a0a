//! Sequential probability ratio test (SPRT) on battle results, as chess-engine testing runs it
//! (fishtest, fastchess, OpenBench).
//!
//! Results are counted on an equally spaced score scale from 0 to 1: a *trinomial*
//! `[losses, draws, wins]` (scores 0, ½, 1) for single battles, or a *pentanomial*
//! `[LL, LD, DD + WL, WD, WW]` (pair scores 0, ¼, ½, ¾, 1) for paired battles — side-swapped
//! pairs, or A/B pairs on common dice via [`crate::stats::paired::DeltaCounts::pentanomial`].
//! The test is of the expected score `s`: H0 `s = s0` against H1 `s = s1` ([`Hypotheses`]),
//! with the rest of the outcome distribution (e.g. the draw rate) a nuisance parameter. It is
//! the *generalized* SPRT: the likelihood under each hypothesis is the maximum over all
//! distributions with that expectation (M. Van den Bergh, "Comments on Normalized Elo" and
//! "Support of MLE multinomial", used by fishtest `server/fishtest/stats/LLRcalc.py`
//! `LLR_logistic`, fastchess `app/src/matchmaking/sprt/sprt.cpp` `getLLR_logistic`). Two ways
//! to compute it ([`Model`]):
//!
//! * [`Model::Exact`] — the GSPRT itself: for each `s`, the MLE distribution is
//!   `p_i = p̂_i / (1 + θ(a_i − s))` with `θ` the root of `Σ p̂_i (a_i − s) / (1 + θ(a_i − s)) = 0`
//!   (found by bisection), and `LLR = N Σ p̂_i ln(p1_i / p0_i)`.
//! * [`Model::Normal`] — its Brownian (normal) approximation, fishtest `LLR_alt2` (Van den Bergh,
//!   "GSPRT approximation"): `LLR ≈ N (s1 − s0)(2μ̂ − s0 − s1) / (2σ̂²)` with `μ̂`, `σ̂²` the mean
//!   and (divisor `N`) variance of the empirical distribution. Closed form; close to the exact
//!   value when `s0`, `s1`, `μ̂` are close together, far off when the variance is degenerate.
//!
//! As in fishtest, empty bins are counted as 0.001 (`LLRcalc.regularize`) so the MLE exists
//! and the variance is positive.
//!
//! Wald's bounds ([`Bounds`]): continue while `ln(β/(1−α)) < LLR < ln((1−β)/α)`; α = β = 0.05
//! gives ±2.944. fleetlab states hypotheses in percentage points of score (win rate with draws
//! counted ½), not in Elo: see [`Hypotheses::shift`], [`Hypotheses::two_sided`] and
//! [`Hypotheses::paired_delta`].

/// Scores of a trinomial's bins: loss, draw, win.
pub const TRINOMIAL: [f64; 3] = [0.0, 0.5, 1.0];
/// Pair scores of a pentanomial's bins: LL, LD, DD + WL, WD, WW.
pub const PENTANOMIAL: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// What an empty bin counts as (fishtest `LLRcalc.regularize`, fastchess `regularize`).
const EMPTY_BIN: f64 = 1e-3;

/// Simple hypotheses about the expected score per battle (trinomial) or per pair
/// (pentanomial): H0 `s = s0` against H1 `s = s1`, both strictly between 0 and 1, `s0 ≠ s1`
/// (`s1 < s0` tests for a drop).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hypotheses {
    /// Expected score under H0.
    pub s0: f64,
    /// Expected score under H1.
    pub s1: f64,
}

impl Hypotheses {
    /// H0 `s = s0` against H1 `s = s1`.
    ///
    /// # Panics
    ///
    /// If either is not strictly between 0 and 1, or they are equal.
    pub fn new(s0: f64, s1: f64) -> Hypotheses {
        assert!(
            s0 > 0.0 && s0 < 1.0 && s1 > 0.0 && s1 < 1.0 && s0 != s1,
            "SPRT hypotheses need 0 < s0, s1 < 1 and s0 ≠ s1, got {s0}, {s1}"
        );
        Hypotheses { s0, s1 }
    }

    /// "The score moved by `shift_pp` percentage points": H0 `s = baseline` against
    /// H1 `s = baseline + shift_pp / 100`. E.g. a CI gate whose committed baseline rate is
    /// 0.528 and which should fail on a 2 pp rise uses `shift(0.528, 2.0)`.
    pub fn shift(baseline: f64, shift_pp: f64) -> Hypotheses {
        Hypotheses::new(baseline, baseline + shift_pp / 100.0)
    }

    /// A two-sided drift check around `baseline` with tolerance `tolerance_pp`: the pair of
    /// one-sided tests `[shift(baseline, −tolerance_pp), shift(baseline, +tolerance_pp)]`.
    /// Run both on the same data, each with `α/2` for an overall type I error α (Bonferroni
    /// over the two directions); the matchup drifted if either accepts H1, and is within
    /// tolerance once both accept H0.
    pub fn two_sided(baseline: f64, tolerance_pp: f64) -> [Hypotheses; 2] {
        [
            Hypotheses::shift(baseline, -tolerance_pp),
            Hypotheses::shift(baseline, tolerance_pp),
        ]
    }

    /// For A/B pairs on common dice counted as [`crate::stats::paired::DeltaCounts`]: H0 "the
    /// change does nothing" (mean delta 0) against H1 "it shifts the score by `delta_pp`
    /// percentage points". The pentanomial pair score is `(1 + d) / 2`, so mean delta `δ` is
    /// pair score `½ + δ/2`: this returns `s0 = 0.5`, `s1 = 0.5 + delta_pp / 200`.
    pub fn paired_delta(delta_pp: f64) -> Hypotheses {
        Hypotheses::new(0.5, 0.5 + delta_pp / 200.0)
    }

    /// Hypotheses in logistic Elo, as fishtest's and fastchess's "logistic" model:
    /// `s = 1 / (1 + 10^(−elo/400))`.
    pub fn from_logistic_elo(elo0: f64, elo1: f64) -> Hypotheses {
        Hypotheses::new(logistic_elo_to_score(elo0), logistic_elo_to_score(elo1))
    }
}

/// Expected score of a logistic Elo difference: `1 / (1 + 10^(−elo/400))`.
pub fn logistic_elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Logistic Elo difference of an expected score: `−400 log10(1/s − 1)` (±∞ at 0 and 1).
pub fn score_to_logistic_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// How the log-likelihood ratio is computed (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// The generalized SPRT with exact constrained maximum-likelihood distributions.
    Exact,
    /// Its normal approximation `N (s1 − s0)(2μ̂ − s0 − s1) / (2σ̂²)`.
    Normal,
}

/// The log-likelihood ratio of H1 against H0 for outcomes with scores `values` (strictly
/// increasing, with `values[0] < s0, s1 < values[last]`) seen `counts` times.
///
/// # Panics
///
/// If `values` and `counts` differ in length or have fewer than two bins.
pub fn llr(values: &[f64], counts: &[u64], h: Hypotheses, model: Model) -> f64 {
    assert!(
        values.len() == counts.len() && values.len() >= 2,
        "need matching values and counts, at least two bins"
    );
    let weights: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_BIN } else { c as f64 })
        .collect();
    let n: f64 = weights.iter().sum();
    let p_hat: Vec<f64> = weights.iter().map(|w| w / n).collect();
    match model {
        Model::Normal => {
            let mu: f64 = p_hat.iter().zip(values).map(|(p, a)| p * a).sum();
            let var: f64 = p_hat
                .iter()
                .zip(values)
                .map(|(p, a)| p * (a - mu) * (a - mu))
                .sum();
            n * (h.s1 - h.s0) * (2.0 * mu - h.s0 - h.s1) / (2.0 * var)
        }
        Model::Exact => {
            let theta0 = secular_root(values, &p_hat, h.s0);
            let theta1 = secular_root(values, &p_hat, h.s1);
            // ln(p1_i / p0_i) = ln(1 + θ0(a_i − s0)) − ln(1 + θ1(a_i − s1)).
            n * p_hat
                .iter()
                .zip(values)
                .map(|(p, a)| p * ((theta0 * (a - h.s0)).ln_1p() - (theta1 * (a - h.s1)).ln_1p()))
                .sum::<f64>()
        }
    }
}

/// [`llr`] for single battles: `ldw = [losses, draws, wins]` of the side under test.
pub fn llr_trinomial(ldw: [u64; 3], h: Hypotheses, model: Model) -> f64 {
    llr(&TRINOMIAL, &ldw, h, model)
}

/// [`llr`] for pairs of battles: `counts` of pair scores 0, ¼, ½, ¾, 1, i.e.
/// `[LL, LD, DD + WL, WD, WW]` (or [`crate::stats::paired::DeltaCounts::pentanomial`]).
pub fn llr_pentanomial(counts: [u64; 5], h: Hypotheses, model: Model) -> f64 {
    llr(&PENTANOMIAL, &counts, h, model)
}

/// The root `θ` of `f(θ) = Σ p̂_i (a_i − s) / (1 + θ(a_i − s))` on the interval where every
/// `1 + θ(a_i − s) > 0`, i.e. `(−1/(a_max − s), −1/(a_min − s))`. `f` falls strictly from +∞ to
/// −∞ there (all `p̂_i > 0`), so bisection to the last representable midpoint finds it.
fn secular_root(values: &[f64], p_hat: &[f64], s: f64) -> f64 {
    let (min, max) = (values[0], values[values.len() - 1]);
    assert!(
        min < s && s < max,
        "hypothesis score {s} outside the outcomes' range ({min}, {max})"
    );
    let f = |theta: f64| -> f64 {
        p_hat
            .iter()
            .zip(values)
            .map(|(p, a)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (max - s), -1.0 / (min - s));
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return mid;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// What an SPRT says after the data so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// LLR at or below the lower bound: accept H0.
    AcceptH0,
    /// LLR at or above the upper bound: accept H1.
    AcceptH1,
    /// Keep playing.
    Continue,
}

/// Wald's stopping bounds on the LLR for type I error `alpha` and type II error `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// `ln(β / (1 − α))`.
    pub lower: f64,
    /// `ln((1 − β) / α)`.
    pub upper: f64,
}

impl Bounds {
    /// The bounds for `alpha`, `beta` (each strictly between 0 and 1, `alpha + beta < 1`).
    ///
    /// # Panics
    ///
    /// On other values.
    pub fn new(alpha: f64, beta: f64) -> Bounds {
        assert!(
            alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0,
            "SPRT needs 0 < alpha, beta and alpha + beta < 1, got {alpha}, {beta}"
        );
        Bounds {
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        }
    }

    /// The decision for a log-likelihood ratio.
    pub fn decide(&self, llr: f64) -> Decision {
        if llr >= self.upper {
            Decision::AcceptH1
        } else if llr <= self.lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

/// An anytime-valid p-value for H0 from the largest LLR seen so far: `min(1, e^(−max LLR))`.
/// For simple hypotheses the likelihood ratio is a martingale under H0, so by Ville's
/// inequality `P(sup LR ≥ 1/p) ≤ p` whenever the test is stopped; for the generalized LLR
/// (nuisance parameters maximised out) this holds asymptotically, like the GSPRT's own error
/// rates. These are the p-values to feed to [`crate::stats::holm`] across matchups.
pub fn anytime_p_value(max_llr: f64) -> f64 {
    (-max_llr).exp().min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn wald_bounds() {
        let b = Bounds::new(0.05, 0.05);
        assert!(close(b.lower, -2.9444389791664403, 1e-15));
        assert!(close(b.upper, 2.9444389791664403, 1e-15));
        assert_eq!(b.decide(2.95), Decision::AcceptH1);
        assert_eq!(b.decide(-2.95), Decision::AcceptH0);
        assert_eq!(b.decide(0.0), Decision::Continue);
        let b = Bounds::new(0.05, 0.1);
        assert!(close(b.lower, (0.1f64 / 0.95).ln(), 1e-15));
        assert!(close(b.upper, 18f64.ln(), 1e-15));
    }

    /// Golden vectors of fastchess `app/tests/sprt_test.cpp` ("logistic trinomial 1, 2",
    /// "logistic pentanomial 1, 2"; α = β = 0.05, checked there to 1% relative), where
    /// `Stats(wins, losses, draws)` and `Stats(ll, ld, wl, dd, wd, ww)`; and the same cases to
    /// full precision from `goldens.py` (an independent bisection of the same formula).
    #[test]
    fn fastchess_logistic_goldens() {
        let cases: [(&[u64], f64, f64, f64, f64); 4] = [
            (&[21184, 40708, 21404], 0.5, 2.5, -1.57, -1.5718887926990341),
            (
                &[57030, 106593, 57433],
                0.0,
                2.0,
                -2.59,
                -2.5930241635285656,
            ),
            (
                &[223, 9863, 20279 + 1000, 10037, 246],
                0.5,
                2.5,
                -3.07,
                -3.074126439586767,
            ),
            (
                &[871, 26175, 55003 + 980, 26678, 821],
                0.0,
                2.0,
                -4.98,
                -4.9786728634511785,
            ),
        ];
        for (counts, elo0, elo1, published, reference) in cases {
            let h = Hypotheses::from_logistic_elo(elo0, elo1);
            let values: &[f64] = if counts.len() == 3 {
                &TRINOMIAL
            } else {
                &PENTANOMIAL
            };
            let exact = llr(values, counts, h, Model::Exact);
            assert!(close(exact, published, 0.01 * published.abs()), "{exact}");
            assert!(close(exact, reference, 1e-9), "{exact} vs {reference}");
        }
    }

    /// Normal approximation against `goldens.py` (fishtest `LLR_alt2` × N), on the same
    /// fastchess data and on OpenBench `OpenBench/stats.py`'s `__main__` example
    /// (R3 = [22569, 44137, 22976], R5 = [39, 8843, 26675, 9240, 44], elo 0.5..2.5, which it
    /// prints without expected values, so the reference is `goldens.py` for both models).
    #[test]
    fn normal_approximation_goldens() {
        let h = Hypotheses::from_logistic_elo(0.5, 2.5);
        let tri = llr_trinomial([21184, 40708, 21404], h, Model::Normal);
        assert!(close(tri, -1.571859107563292, 1e-9), "{tri}");
        let penta = llr_pentanomial([223, 9863, 21279, 10037, 246], h, Model::Normal);
        assert!(close(penta, -3.0742558313777066, 1e-9), "{penta}");

        let r3 = [22569, 44137, 22976];
        let r5 = [39, 8843, 26675, 9240, 44];
        assert!(close(
            llr_trinomial(r3, h, Model::Exact),
            0.22460649284264095,
            1e-9
        ));
        assert!(close(
            llr_trinomial(r3, h, Model::Normal),
            0.22463269602928004,
            1e-9
        ));
        assert!(close(
            llr_pentanomial(r5, h, Model::Exact),
            0.5555170687215643,
            1e-9
        ));
        assert!(close(
            llr_pentanomial(r5, h, Model::Normal),
            0.5556629881007429,
            1e-9
        ));
    }

    /// fleetlab-style hypotheses (`goldens.py`): a paired A/B sample and a win-rate shift.
    #[test]
    fn win_rate_hypotheses_goldens() {
        let h = Hypotheses::paired_delta(5.0);
        assert_eq!(h, Hypotheses { s0: 0.5, s1: 0.525 });
        let counts = [3, 10, 50, 25, 12];
        let exact = llr_pentanomial(counts, h, Model::Exact);
        assert!(close(exact, 2.9488776582270786, 1e-9), "{exact}");
        let normal = llr_pentanomial(counts, h, Model::Normal);
        assert!(close(normal, 3.328973962667938, 1e-9), "{normal}");
        let b = Bounds::new(0.05, 0.05);
        assert_eq!(b.decide(exact), Decision::AcceptH1);

        let h = Hypotheses::shift(0.45, 2.0);
        assert!(close(h.s1, 0.47, 1e-15));
        let ldw = [5400, 300, 4300];
        assert!(close(
            llr_trinomial(ldw, h, Model::Exact),
            -12.446876150345766,
            1e-9
        ));
        assert!(close(
            llr_trinomial(ldw, h, Model::Normal),
            -12.527403695584056,
            1e-9
        ));
    }

    /// Empty bins count 0.001 (fishtest's regularisation): every LLR is finite.
    #[test]
    fn degenerate_results_are_finite() {
        let h = Hypotheses::from_logistic_elo(0.0, 5.0);
        let exact = llr_trinomial([0, 0, 16700], h, Model::Exact);
        assert!(close(exact, 238.60304851536603, 1e-6), "{exact}");
        let normal = llr_trinomial([0, 0, 16700], h, Model::Normal);
        assert!(normal.is_finite() && normal > 1e8, "{normal}");
        let none = llr_trinomial([0, 0, 0], h, Model::Exact);
        assert!(none.is_finite());
    }

    /// Swapping the hypotheses negates the LLR; a sample whose mean sits halfway between them
    /// gives 0 in the normal model.
    #[test]
    fn symmetry() {
        let counts = [120, 40, 200, 40, 100];
        let h = Hypotheses::new(0.48, 0.53);
        let r = Hypotheses::new(0.53, 0.48);
        for model in [Model::Exact, Model::Normal] {
            let a = llr_pentanomial(counts, h, model);
            let b = llr_pentanomial(counts, r, model);
            assert!(close(a, -b, 1e-12), "{a} {b}");
        }
        // Mean of [100, 0, 100] is ½: halfway between 0.45 and 0.55.
        let mid = llr_trinomial([100, 0, 100], Hypotheses::new(0.45, 0.55), Model::Normal);
        assert!(mid.abs() < 1e-12);
    }

    #[test]
    fn hypotheses_helpers() {
        let [down, up] = Hypotheses::two_sided(0.528, 2.0);
        assert!(close(down.s0, 0.528, 1e-15) && close(down.s1, 0.508, 1e-15));
        assert!(close(up.s0, 0.528, 1e-15) && close(up.s1, 0.548, 1e-15));
        assert!(close(logistic_elo_to_score(0.0), 0.5, 1e-15));
        assert!(close(
            score_to_logistic_elo(logistic_elo_to_score(35.0)),
            35.0,
            1e-9
        ));
        assert!(close(anytime_p_value(3f64.ln()), 1.0 / 3.0, 1e-15));
        assert_eq!(anytime_p_value(-1.0), 1.0);
    }

    #[test]
    #[should_panic(expected = "s0 ≠ s1")]
    fn hypotheses_must_differ() {
        Hypotheses::shift(0.5, 0.0);
    }
}
