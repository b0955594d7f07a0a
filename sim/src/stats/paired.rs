//! Paired outcomes of an A/B experiment on common random numbers.
//!
//! Arm A (e.g. the baseline fleet) and arm B (the same fleet with an enhancement) play battle
//! `i` on the same dice (`Dice::for_battle(seed, key, i)` with the same `key`), so the two
//! results of one battle index form a *pair*. Scoring a battle 1 (win), ½ (draw) or 0 (loss)
//! for the side of interest, the per-pair delta `d = score_B − score_A` takes five values
//! −1, −½, 0, ½, 1. The mean delta estimates the win-rate shift caused by the change; its
//! standard error comes from the sample variance of the deltas (the paired-difference method,
//! e.g. Montgomery, *Design and Analysis of Experiments*, §2.5.1), which is smaller than the
//! two-independent-samples standard error whenever the arms are positively correlated — the
//! point of common random numbers (Law, *Simulation Modeling and Analysis*, §11.2).
//!
//! [`PairedTally`] keeps the full 3 × 3 table of (A result, B result) so each arm's own win
//! rate stays available; [`DeltaCounts`] is its 5-bin delta histogram. Both are integer counts
//! merged by addition, like every tally in fleetlab. For a sequential test on the deltas, the
//! same five bins are the *pentanomial* of [`crate::stats::sprt`] (pair score `(1 + d) / 2`).

use fleetlab_engine::{Side, Verdict};
use serde::{Deserialize, Serialize};

use super::{Proportion, mean_ci, proportion};

/// A battle's result for the side of interest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Score {
    /// Scored 0.
    Loss,
    /// Scored ½.
    Draw,
    /// Scored 1.
    Win,
}

impl Score {
    /// The result of `verdict` for `side`.
    pub fn of(verdict: Verdict, side: Side) -> Score {
        match verdict {
            Verdict::Draw => Score::Draw,
            Verdict::Win(s) if s == side => Score::Win,
            Verdict::Win(_) => Score::Loss,
        }
    }

    /// 0, ½ or 1.
    pub fn points(self) -> f64 {
        self.half_points() as f64 / 2.0
    }

    /// 0, 1 or 2: the index into per-result arrays (loss, draw, win).
    pub const fn half_points(self) -> usize {
        self as usize
    }
}

/// One arm of an A/B experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arm {
    /// The baseline.
    A,
    /// The variant.
    B,
}

/// Joint results of paired battles: `joint[a][b]` counts the pairs in which arm A scored `a`
/// and arm B scored `b` half-points (0 loss, 1 draw, 2 win).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedTally {
    /// Pairs by (arm A result, arm B result), each indexed loss, draw, win.
    pub joint: [[u64; 3]; 3],
}

impl PairedTally {
    /// Add one pair: arm A's and arm B's result on the same battle index.
    #[inline]
    pub fn record(&mut self, a: Score, b: Score) {
        self.joint[a.half_points()][b.half_points()] += 1;
    }

    /// Add another tally (of disjoint battle indices).
    pub fn merge(&mut self, other: &PairedTally) {
        for (row, orow) in self.joint.iter_mut().zip(&other.joint) {
            for (c, oc) in row.iter_mut().zip(orow) {
                *c += oc;
            }
        }
    }

    /// Pairs recorded.
    pub fn pairs(&self) -> u64 {
        self.joint.iter().flatten().sum()
    }

    /// One arm's results as `[losses, draws, wins]` (a trinomial for
    /// [`crate::stats::sprt::llr_trinomial`]).
    pub fn arm_counts(&self, arm: Arm) -> [u64; 3] {
        let mut out = [0; 3];
        for (a, row) in self.joint.iter().enumerate() {
            for (b, &c) in row.iter().enumerate() {
                out[if arm == Arm::A { a } else { b }] += c;
            }
        }
        out
    }

    /// One arm's win rate with its Wilson interval at normal quantile `z`.
    pub fn win_rate(&self, arm: Arm, z: f64) -> Proportion {
        proportion(self.arm_counts(arm)[2], self.pairs(), z)
    }

    /// One arm's mean score (wins + ½ draws per battle; 0 with no pairs).
    pub fn score(&self, arm: Arm) -> f64 {
        let [_, d, w] = self.arm_counts(arm);
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        (w as f64 + d as f64 / 2.0) / n as f64
    }

    /// The 5-bin histogram of `d = score_B − score_A`.
    pub fn deltas(&self) -> DeltaCounts {
        let mut out = DeltaCounts::default();
        for (a, row) in self.joint.iter().enumerate() {
            for (b, &c) in row.iter().enumerate() {
                out.counts[2 + b - a] += c;
            }
        }
        out
    }

    /// The standard error the delta of means would have if the arms had been played on
    /// independent dice: `√(s_A²/n + s_B²/n)` from each arm's sample variance of scores. The
    /// paired [`DeltaCounts::std_error`] is smaller exactly when the arms' scores are positively
    /// correlated. `None` with fewer than two pairs.
    pub fn unpaired_std_error(&self) -> Option<f64> {
        let n = self.pairs();
        let va = sample_variance(&self.arm_counts(Arm::A), &[0, 1, 2])?;
        let vb = sample_variance(&self.arm_counts(Arm::B), &[0, 1, 2])?;
        Some(((va + vb) / n as f64).sqrt())
    }
}

/// Pairs by `d = score_B − score_A`: `counts[k]` for `d = (k − 2) / 2`, i.e. bins
/// −1, −½, 0, ½, 1 (see [`DeltaCounts::VALUES`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeltaCounts {
    /// Pairs with delta −1, −½, 0, ½, 1.
    pub counts: [u64; 5],
}

/// The paired win-rate delta of an A/B experiment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedDelta {
    /// Pairs.
    pub pairs: u64,
    /// Mean of `score_B − score_A` (0 with no pairs).
    pub mean: f64,
    /// Standard error of the mean from the paired sample variance; `None` with fewer than
    /// two pairs.
    pub std_error: Option<f64>,
    /// Lower end of the normal-approximation interval `mean ± z·se` (−∞ without a standard
    /// error).
    pub low: f64,
    /// Upper end of the interval (+∞ without a standard error).
    pub high: f64,
}

impl DeltaCounts {
    /// The delta of each bin.
    pub const VALUES: [f64; 5] = [-1.0, -0.5, 0.0, 0.5, 1.0];

    /// Add one pair.
    #[inline]
    pub fn record(&mut self, a: Score, b: Score) {
        self.counts[2 + b.half_points() - a.half_points()] += 1;
    }

    /// Add another histogram.
    pub fn merge(&mut self, other: &DeltaCounts) {
        for (c, oc) in self.counts.iter_mut().zip(&other.counts) {
            *c += oc;
        }
    }

    /// Pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean delta (0 with no pairs).
    pub fn mean(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let half_points: i128 = self
            .counts
            .iter()
            .zip(-2i128..)
            .map(|(&c, h)| i128::from(c) * h)
            .sum();
        half_points as f64 / (2.0 * n as f64)
    }

    /// Sample variance of the deltas (divisor `n − 1`), computed from exact integer sums;
    /// `None` with fewer than two pairs.
    pub fn variance(&self) -> Option<f64> {
        sample_variance(&self.counts, &[-2, -1, 0, 1, 2])
    }

    /// Standard error of the mean delta, `√(s²/n)`; `None` with fewer than two pairs.
    pub fn std_error(&self) -> Option<f64> {
        Some((self.variance()? / self.pairs() as f64).sqrt())
    }

    /// Mean delta with its standard error and normal-approximation interval at quantile `z`
    /// (see [`crate::stats::z_for_confidence`]).
    pub fn summary(&self, z: f64) -> PairedDelta {
        let pairs = self.pairs();
        let mean = self.mean();
        let std_error = self.std_error();
        let (low, high) = match self.variance() {
            Some(v) => mean_ci(mean, v.sqrt(), pairs, z),
            None => (f64::NEG_INFINITY, f64::INFINITY),
        };
        PairedDelta {
            pairs,
            mean,
            std_error,
            low,
            high,
        }
    }

    /// The same counts read as a pentanomial (pair scores 0, ¼, ½, ¾, 1 = `(1 + d) / 2`), the
    /// input of [`crate::stats::sprt::llr_pentanomial`]; pair with
    /// [`crate::stats::sprt::Hypotheses::paired_delta`].
    pub fn pentanomial(&self) -> [u64; 5] {
        self.counts
    }
}

/// Sample variance (divisor `n − 1`) of values `half_points[k] / 2` seen `counts[k]` times,
/// from exact integer sums: `(n·Σh² − (Σh)²) / (n(n − 1)) / 4`. `None` if `n < 2`.
fn sample_variance(counts: &[u64], half_points: &[i128]) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    if n < 2 {
        return None;
    }
    let (mut s1, mut s2) = (0i128, 0i128);
    for (&c, &h) in counts.iter().zip(half_points) {
        s1 += i128::from(c) * h;
        s2 += i128::from(c) * h * h;
    }
    let n = i128::from(n);
    let numerator = n * s2 - s1 * s1;
    Some(numerator as f64 / (n * (n - 1)) as f64 / 4.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::z_for_confidence;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Counts [3, 10, 50, 25, 12] at d = −1, −½, 0, ½, 1, by hand:
    /// n = 100; Σd = −3 − 5 + 0 + 12.5 + 12 = 16.5, mean 0.165;
    /// Σd² = 3 + 2.5 + 0 + 6.25 + 12 = 23.75; s² = (23.75 − 100·0.165²)/99 = 21.0275/99;
    /// se = √(s²/100).
    #[test]
    fn hand_computed_sample() {
        let d = DeltaCounts {
            counts: [3, 10, 50, 25, 12],
        };
        assert_eq!(d.pairs(), 100);
        assert!(close(d.mean(), 0.165, 1e-15));
        let var = 21.0275 / 99.0;
        assert!(close(d.variance().unwrap(), var, 1e-15));
        let se = (var / 100.0_f64).sqrt();
        assert!(close(d.std_error().unwrap(), se, 1e-15));
        assert!(close(se, 0.046_086_765, 1e-9));
        let z = z_for_confidence(0.95);
        let s = d.summary(z);
        assert_eq!(s.pairs, 100);
        assert!(close(s.low, 0.165 - z * se, 1e-14));
        assert!(close(s.high, 0.165 + z * se, 1e-14));
        assert_eq!(d.pentanomial(), [3, 10, 50, 25, 12]);
    }

    #[test]
    fn empty_and_single() {
        let mut d = DeltaCounts::default();
        assert_eq!(d.mean(), 0.0);
        assert_eq!(d.variance(), None);
        d.record(Score::Loss, Score::Win);
        assert_eq!(d.mean(), 1.0);
        assert_eq!(d.std_error(), None);
        let s = d.summary(1.96);
        assert!(s.low.is_infinite() && s.high.is_infinite());
    }

    /// A tally that mostly agrees on the diagonal (both arms win or both lose on the same dice)
    /// is positively correlated, so pairing shrinks the standard error; an anti-correlated
    /// one (when A wins, B loses) makes it larger.
    #[test]
    fn pairing_helps_when_arms_are_positively_correlated() {
        let positive = PairedTally {
            joint: [[300, 20, 40], [10, 30, 10], [20, 20, 550]],
        };
        let paired = positive.deltas().std_error().unwrap();
        let unpaired = positive.unpaired_std_error().unwrap();
        assert!(paired < 0.5 * unpaired, "{paired} vs {unpaired}");

        let negative = PairedTally {
            joint: [[10, 20, 300], [10, 30, 10], [400, 20, 10]],
        };
        assert!(negative.deltas().std_error().unwrap() > negative.unpaired_std_error().unwrap());
    }

    /// By hand: pairs 1000; A = [loss 360, draw 50, win 590], B = [330, 70, 600].
    #[test]
    fn arms_and_deltas_from_the_joint_table() {
        let t = PairedTally {
            joint: [[300, 20, 40], [10, 30, 10], [20, 20, 550]],
        };
        assert_eq!(t.pairs(), 1000);
        assert_eq!(t.arm_counts(Arm::A), [360, 50, 590]);
        assert_eq!(t.arm_counts(Arm::B), [330, 70, 600]);
        assert_eq!(t.win_rate(Arm::A, 1.96).rate, 0.59);
        assert_eq!(t.win_rate(Arm::B, 1.96), proportion(600, 1000, 1.96));
        assert!(close(t.score(Arm::A), 0.615, 1e-15));
        assert!(close(t.score(Arm::B), 0.635, 1e-15));
        // d = −1: (win, loss) 20; −½: (draw, loss) 10 + (win, draw) 20; 0: diagonal 880;
        // ½: (loss, draw) 20 + (draw, win) 10; 1: (loss, win) 40.
        let d = t.deltas();
        assert_eq!(d.counts, [20, 30, 880, 30, 40]);
        assert!(close(d.mean(), t.score(Arm::B) - t.score(Arm::A), 1e-15));
    }

    #[test]
    fn record_merge_and_serde() {
        let results = [
            (Score::Win, Score::Win),
            (Score::Loss, Score::Draw),
            (Score::Draw, Score::Loss),
            (Score::Loss, Score::Win),
            (Score::Win, Score::Loss),
        ];
        let mut whole = PairedTally::default();
        let mut left = PairedTally::default();
        let mut right = PairedTally::default();
        let mut deltas = DeltaCounts::default();
        for (i, &(a, b)) in results.iter().enumerate() {
            whole.record(a, b);
            deltas.record(a, b);
            if i < 2 { &mut left } else { &mut right }.record(a, b);
        }
        left.merge(&right);
        assert_eq!(left, whole);
        assert_eq!(whole.deltas(), deltas);
        assert_eq!(deltas.counts, [1, 1, 1, 1, 1]);
        let mut twice = deltas;
        twice.merge(&deltas);
        assert_eq!(twice.counts, [2; 5]);

        let json = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<PairedTally>(&json).unwrap(), whole);
        let json = serde_json::to_string(&deltas).unwrap();
        assert_eq!(json, r#"{"counts":[1,1,1,1,1]}"#);
        assert_eq!(serde_json::from_str::<DeltaCounts>(&json).unwrap(), deltas);
    }

    #[test]
    fn score_of_verdict() {
        assert_eq!(Score::of(Verdict::Win(Side::A), Side::A), Score::Win);
        assert_eq!(Score::of(Verdict::Win(Side::A), Side::B), Score::Loss);
        assert_eq!(Score::of(Verdict::Draw, Side::B), Score::Draw);
        assert_eq!(Score::Draw.points(), 0.5);
    }
}
