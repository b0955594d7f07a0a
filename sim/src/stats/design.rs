//! Pooling by design weights.
//!
//! A pooled figure of an experiment (an A/B's `overall` row, a matrix pairing over both
//! orientations, the Bradley–Terry ranking, a policy game's cell over both halves) answers a
//! question the experiment's *design* fixes: every part — an opponent and orientation, an
//! orientation of a pairing, a half — counts equally, because with a fixed battle count every
//! part plays the same number of battles. Under `--target-error` (or in a partial run) parts
//! stop at different counts, and summing their battles would let the parts that needed more
//! battles (the close ones) outweigh the others: a different question, and a different answer
//! (issue 18: the matrix's Elo gap moved from +111 to +85 and an A/B's overall win rate from
//! 67.7% to 60.8%). So fleetlab pools parts with their design weights, not their battles:
//!
//! ```text
//! pooled = Σ_m x̂_m / M          (the M parts that played at least one battle)
//! Var    = Σ_m Var(x̂_m) / M²    (parts are played on independent dice)
//! ```
//!
//! A part that played no battle has no estimate and is left out (the weights of the others
//! are renormalised); a report shows such parts as NA. When every part played the same number
//! of battles both weightings are the same number, and [`balanced`] tells callers to use the
//! exact integer sums of plain pooling, so a fixed-count report keeps its bytes.
//!
//! A pooled *proportion*'s interval is Wilson's at the Kish effective sample size
//! `n_eff = p̂(1 − p̂) / Var(p̂)` (Kish 1965, *Survey Sampling*; the design-effect-adjusted
//! Wilson interval of Kott & Carr 1997), which is the ordinary Wilson interval when the parts
//! are balanced.

use super::{Proportion, wilson_rate};

/// Whether every part played the same number of battles (true for no parts): pooling by
/// battles and by design weights then agree.
pub fn balanced(battles: &[u64]) -> bool {
    battles.iter().all(|&n| n == battles[0])
}

/// An estimate pooled with equal weights over the parts that played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pooled {
    /// `Σ x̂_m / M`.
    pub mean: f64,
    /// `√(Σ se_m²) / M`; `None` when some part has no standard error.
    pub std_error: Option<f64>,
    /// `M`: the parts that played at least one battle.
    pub parts: usize,
}

/// Pool independent estimates `(estimate, standard error, battles)` with equal weights,
/// leaving out parts with no battles. `None` when no part played.
pub fn pool(parts: &[(f64, Option<f64>, u64)]) -> Option<Pooled> {
    let played: Vec<_> = parts.iter().filter(|p| p.2 > 0).collect();
    if played.is_empty() {
        return None;
    }
    let m = played.len() as f64;
    let mean = played.iter().map(|p| p.0).sum::<f64>() / m;
    let var: Option<f64> = played.iter().map(|p| p.1.map(|se| se * se)).sum();
    Some(Pooled {
        mean,
        std_error: var.map(|v| v.sqrt() / m),
        parts: played.len(),
    })
}

/// The equal-weight mean of the parts' rates `(successes, battles)` with its Wilson interval
/// at the Kish effective sample size (see the module documentation). `None` when no part
/// played.
pub fn proportion(parts: &[(u64, u64)], z: f64) -> Option<Proportion> {
    let played: Vec<(f64, f64)> = parts
        .iter()
        .filter(|p| p.1 > 0)
        .map(|&(k, n)| (k as f64 / n as f64, n as f64))
        .collect();
    if played.is_empty() {
        return None;
    }
    let m = played.len() as f64;
    let rate = played.iter().map(|p| p.0).sum::<f64>() / m;
    let var = played.iter().map(|(p, n)| p * (1.0 - p) / n).sum::<f64>() / (m * m);
    let total: f64 = played.iter().map(|p| p.1).sum();
    // Every part at 0% or 100%: no variance to measure; the plain count is the best size.
    let n_eff = if var > 0.0 {
        rate * (1.0 - rate) / var
    } else {
        total
    };
    let (low, high) = wilson_rate(rate, n_eff.max(f64::MIN_POSITIVE), z);
    Some(Proportion { rate, low, high })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{proportion as plain, wilson};

    #[test]
    fn balanced_parts() {
        assert!(balanced(&[]));
        assert!(balanced(&[5, 5]));
        assert!(!balanced(&[5, 6]));
    }

    /// Equal weights, not battles: 90% of 100 and 50% of 10,000 pool to 70%.
    #[test]
    fn equal_weights_not_battles() {
        let p = proportion(&[(90, 100), (5000, 10_000)], 1.96).unwrap();
        assert!((p.rate - 0.7).abs() < 1e-12);
        // Var = (0.09/100 + 0.25/10000) / 4; n_eff = 0.21 / Var.
        let var = (0.09 / 100.0 + 0.25 / 10_000.0) / 4.0;
        let (lo, hi) = wilson_rate(0.7, 0.21 / var, 1.96);
        // Same formula, summed in another order: equal to rounding.
        assert!((p.low - lo).abs() < 1e-12 && (p.high - hi).abs() < 1e-12);
        let pooled = pool(&[
            (0.9, Some(0.03), 100),
            (0.5, Some(0.005), 10_000),
            (0.0, None, 0),
        ])
        .unwrap();
        assert!((pooled.mean - 0.7).abs() < 1e-12);
        assert_eq!(pooled.parts, 2);
        let se = pooled.std_error.unwrap();
        assert!((se - (0.03f64.powi(2) + 0.005f64.powi(2)).sqrt() / 2.0).abs() < 1e-15);
    }

    /// Balanced parts give the plain Wilson interval (up to rounding).
    #[test]
    fn balanced_parts_give_plain_wilson() {
        let d = proportion(&[(30, 100), (50, 100)], 1.96).unwrap();
        let p = plain(80, 200, 1.96);
        // Same rate; the effective size differs from 200 only through the two rates' spread
        // (the within-part variance is smaller than the pooled binomial's).
        assert!((d.rate - p.rate).abs() < 1e-15);
        let e = proportion(&[(40, 100), (40, 100)], 1.96).unwrap();
        let (lo, hi) = wilson(80, 200, 1.96);
        assert!((e.low - lo).abs() < 1e-12 && (e.high - hi).abs() < 1e-12);
    }

    #[test]
    fn nothing_played_is_none_and_certain_parts_use_the_count() {
        assert_eq!(proportion(&[(0, 0)], 1.96), None);
        assert_eq!(pool(&[(0.3, Some(0.1), 0)]), None);
        let p = proportion(&[(0, 10), (0, 1000)], 1.96).unwrap();
        assert_eq!(p.rate, 0.0);
        assert_eq!(p.low, 0.0);
        assert_eq!(p.high, wilson(0, 1010, 1.96).1);
    }
}
