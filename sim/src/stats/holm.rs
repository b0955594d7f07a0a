//! Holm–Bonferroni step-down across several hypotheses (S. Holm, "A simple sequentially
//! rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65–70).
//!
//! With `m` p-values sorted ascending `p(1) ≤ … ≤ p(m)`, reject `H(1) … H(k−1)` where `k` is the
//! first rank with `p(k) > α / (m − k + 1)`. This controls the family-wise error rate (the
//! chance of rejecting any true null) at α under any dependence between the tests, and rejects
//! everything Bonferroni (`p ≤ α/m`) rejects and possibly more.
//!
//! **Sequential tests** (one SPRT per matchup in `fleetlab check`). Holm's proof only needs,
//! for each true null, `P(p_i ≤ α/m₀) ≤ α/m₀`; an *anytime-valid* p-value gives that at
//! whatever time the gate stops. The SPRT's is [`crate::stats::sprt::anytime_p_value`]
//! `= e^(−max LLR)` (Ville's inequality), so α is split like this: while `r` of the `m`
//! matchups have been rejected (declared unbalanced), an active matchup is rejected as soon
//! as its LLR reaches [`sequential_bound`]`(m, r, α) = ln((m − r)/α)`, the first at
//! `ln(m/α)` (Bonferroni), each later one at a lower bound — the sequential Holm procedure
//! of Bartroff & Song ("Sequential tests of multiple hypotheses controlling type I and II
//! familywise error rates", J. Statist. Plann. Inference 153 (2014)) for type I error.
//! Acceptances of H0 keep Wald's per-test lower bound (they do not release α); running
//! [`holm`] on all the anytime p-values at the end gives exactly the same rejections.

/// Which hypotheses Holm's step-down rejects at family-wise level `alpha`, in input order.
///
/// # Panics
///
/// If a p-value is not in `[0, 1]` (NaN included) or `alpha` is not in `(0, 1)`.
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    assert!(
        alpha > 0.0 && alpha < 1.0,
        "alpha must be in (0, 1), got {alpha}"
    );
    holm_adjusted(p_values)
        .into_iter()
        .map(|p| p <= alpha)
        .collect()
}

/// Holm-adjusted p-values, in input order: `p̃(k) = max_{j ≤ k} min(1, (m − j + 1) p(j))` for
/// the sorted p-values. `H_i` is rejected at level α exactly when `p̃_i ≤ α` (as R's
/// `p.adjust(p, "holm")`).
///
/// # Panics
///
/// If a p-value is not in `[0, 1]` (NaN included).
pub fn holm_adjusted(p_values: &[f64]) -> Vec<f64> {
    assert!(
        p_values.iter().all(|p| (0.0..=1.0).contains(p)),
        "p-values must be in [0, 1]: {p_values:?}"
    );
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The level Holm's step-down compares the next smallest p-value with after `rejected` of
/// `m` hypotheses have been rejected: `α / (m − rejected)`.
///
/// # Panics
///
/// If `rejected >= m`.
pub fn level(m: usize, rejected: usize, alpha: f64) -> f64 {
    assert!(
        rejected < m,
        "{rejected} of {m} hypotheses already rejected"
    );
    alpha / (m - rejected) as f64
}

/// The LLR at which an active SPRT rejects H0 in the sequential Holm procedure after
/// `rejected` of `m` matchups have been rejected: `ln((m − rejected)/α)`, the LLR whose
/// anytime p-value is [`level`]`(m, rejected, α)`. (For `m = 1` this is `ln(1/α)`, slightly
/// above Wald's `ln((1 − β)/α)`: Ville's bound does not use β.)
pub fn sequential_bound(m: usize, rejected: usize, alpha: f64) -> f64 {
    -level(m, rejected, alpha).ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::sprt::anytime_p_value;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-15
    }

    /// The worked example of Wikipedia's "Holm–Bonferroni method" article: four hypotheses
    /// with p = 0.01, 0.04, 0.03, 0.005 at α = 0.05. Sorted: 0.005 ≤ 0.05/4 and
    /// 0.01 ≤ 0.05/3 are rejected, 0.03 > 0.05/2 stops. Adjusted values as R's
    /// `p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")` = 0.03 0.06 0.06 0.02.
    #[test]
    fn textbook_example() {
        let p = [0.01, 0.04, 0.03, 0.005];
        assert_eq!(holm(&p, 0.05), [true, false, false, true]);
        let adj = holm_adjusted(&p);
        for (a, b) in adj.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!((a - b).abs() < 1e-15, "{adj:?}");
        }
        // Bonferroni (0.05/4 = 0.0125) would reject only 0.005. At α = 0.1 every step passes
        // (0.005 ≤ 0.1/4, 0.01 ≤ 0.1/3, 0.03 ≤ 0.1/2, 0.04 ≤ 0.1); at α = 0.01 none does.
        assert_eq!(holm(&p, 0.1), [true, true, true, true]);
        assert_eq!(holm(&p, 0.01), [false, false, false, false]);
    }

    #[test]
    fn edges() {
        assert!(holm(&[], 0.05).is_empty());
        assert_eq!(holm(&[0.05], 0.05), [true]);
        // Adjusted values are capped at 1 and monotone in the sorted order, ties kept.
        assert_eq!(holm_adjusted(&[0.9, 0.6, 0.6]), [1.0, 1.0, 1.0]);
        assert_eq!(holm_adjusted(&[0.01, 0.01]), [0.02, 0.02]);
    }

    #[test]
    fn sequential_levels_and_bounds() {
        assert!(close(level(4, 0, 0.05), 0.0125));
        assert!(close(level(4, 3, 0.05), 0.05));
        assert!(close(sequential_bound(1, 0, 0.05), 20f64.ln()));
        assert!(close(sequential_bound(10, 0, 0.05), 200f64.ln()));
        // The bound is where the anytime p-value meets Holm's level.
        for (m, r) in [(3, 0), (3, 1), (3, 2), (7, 4)] {
            let p = anytime_p_value(sequential_bound(m, r, 0.05));
            assert!((p - level(m, r, 0.05)).abs() < 1e-15);
        }
    }

    #[test]
    #[should_panic(expected = "p-values")]
    fn rejects_nan() {
        holm_adjusted(&[0.1, f64::NAN]);
    }
}
