//! Fair cost: the points value at which an enhancement (or design) is neither better nor worse
//! than its price.
//!
//! An A/B experiment with a *ladder* plays, on common random numbers, the base fleet, the
//! variant (base + the enhancement) and the rungs: the base fleet bought up or down to other
//! points values (a ship more or less, an upgrade elsewhere), all against the same opponents
//! on the same battle dice. The base and the rungs trace the score the base family gets for
//! its points; a straight line fitted to them by least squares (smoothing over the whole-ship
//! steps of real fleets) gives the score per point, and the enhancement's paired delta is
//! divided by it:
//! ```text
//! ŝ(p) = a + b·p             fitted over the base and every rung
//! N = s_variant − s_base     score the enhancement adds (the paired A/B delta)
//! D = b                      score per point of the base family, near the base
//! fair cost c = N / D        points the enhancement is worth
//! ```
//!
//! The line gives the *slope* only; the numerator is the base's own paired delta, so a ladder
//! that is not quite straight moves the answer through the slope, not through a misfit at the
//! base. The line is anchored at the base: with one rung equal to the variant the answer is
//! exactly that rung's points difference.
//!
//! `N` and `D` are linear in the arms' mean scores, whose full covariance (the arms are
//! correlated through the shared dice — that is what makes the answer sharp) comes from
//! per-battle score moments ([`ScoreMoments`], exact integer sums). The interval is
//! Fieller's (Fieller 1954, *J. R. Stat. Soc. B* 16:175; Franz 2007, "Ratios: A short guide
//! to confidence limits and proper use", arXiv:0710.2024): all `c` with
//! `(N − cD)² ≤ z²·Var(N − cD)`, which is unbounded when the ladder's slope is not
//! distinguishable from zero — then the honest answer is "add rungs further apart, or more
//! battles", not a number. A slope that is not positive (more points score *less* on this
//! ladder: its points do not measure strength against this opponent) gives no interval
//! either: there is no price to read off. Unlike a bisection on cost (BookOfWar), every candidate price is
//! judged on the same battles, and the answer comes with its interval.

use serde::{Deserialize, Serialize};

use statrs::distribution::{ChiSquared, ContinuousCDF};

use super::paired::Score;

/// Per-battle score moments of several arms played on the same battle indices: each arm's
/// sum of scores and every pair's sum of products, in half-points (0 loss, 1 draw, 2 win),
/// so they are exact integers merged by addition.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreMoments {
    /// Battle indices recorded (each played by every arm).
    pub battles: u64,
    /// Per arm: Σ half-points.
    pub sums: Vec<u64>,
    /// Σ (half-points of arm i × half-points of arm j) for `i ≤ j`, row by row
    /// (`(0,0), (0,1), …, (0,k−1), (1,1), …`).
    pub products: Vec<u64>,
}

impl ScoreMoments {
    /// Empty moments of `arms` arms.
    pub fn new(arms: usize) -> Self {
        ScoreMoments {
            battles: 0,
            sums: vec![0; arms],
            products: vec![0; arms * (arms + 1) / 2],
        }
    }

    /// Number of arms.
    pub fn arms(&self) -> usize {
        self.sums.len()
    }

    /// Add one battle index: every arm's score, in arm order. Allocation-free.
    #[inline]
    pub fn record(&mut self, scores: &[Score]) {
        debug_assert_eq!(scores.len(), self.arms());
        self.battles += 1;
        let mut k = 0;
        for (i, si) in scores.iter().enumerate() {
            let hi = si.half_points() as u64;
            self.sums[i] += hi;
            for sj in &scores[i..] {
                self.products[k] += hi * sj.half_points() as u64;
                k += 1;
            }
        }
    }

    /// Add moments of other battle indices (same arms).
    ///
    /// # Panics
    ///
    /// If the arm counts differ (a programming error: callers merge like with like).
    pub fn merge(&mut self, other: &ScoreMoments) {
        assert_eq!(
            self.arms(),
            other.arms(),
            "merging moments of different arms"
        );
        self.battles += other.battles;
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        for (a, b) in self.products.iter_mut().zip(&other.products) {
            *a += b;
        }
    }

    /// Whether the vectors have the lengths `arms` needs (for files read back).
    pub fn is_consistent(&self) -> bool {
        let k = self.arms();
        self.products.len() == k * (k + 1) / 2
    }

    fn product(&self, i: usize, j: usize) -> u64 {
        let (i, j) = if i <= j { (i, j) } else { (j, i) };
        let k = self.arms();
        // Rows 0..i hold k + (k−1) + … + (k−i+1) = i·k − i(i−1)/2 entries.
        self.products[i * k - i * i.saturating_sub(1) / 2 + j - i]
    }

    /// Each arm's mean score (0 with no battles).
    pub fn means(&self) -> Vec<f64> {
        let n = self.battles.max(1) as f64;
        self.sums.iter().map(|&s| s as f64 / (2.0 * n)).collect()
    }

    /// Covariance matrix of the arms' mean scores: sample covariance of the per-battle scores
    /// (divisor `n − 1`, from exact integer sums) divided by `n`. `None` with fewer than two
    /// battles.
    pub fn mean_covariance(&self) -> Option<Vec<Vec<f64>>> {
        let n = self.battles;
        if n < 2 {
            return None;
        }
        let k = self.arms();
        let n128 = i128::from(n);
        let entry = |i: usize, j: usize| {
            let c = n128 * i128::from(self.product(i, j))
                - i128::from(self.sums[i]) * i128::from(self.sums[j]);
            c as f64 / (n128 * (n128 - 1)) as f64 / 4.0 / n as f64
        };
        Some(
            (0..k)
                .map(|i| (0..k).map(|j| entry(i, j)).collect())
                .collect(),
        )
    }
}

/// Mean scores of several independent groups of battles (e.g. each opponent and side) pooled
/// with equal weight, and the covariance of that pooled mean: `m = Σ m_g / G`,
/// `Cov = Σ Cov_g / G²` (groups are played on different dice, so independent). `None` if any
/// group has fewer than two battles or the groups differ in arms.
pub fn pool(groups: &[&ScoreMoments]) -> Option<(Vec<f64>, Vec<Vec<f64>>)> {
    let first = groups.first()?;
    let k = first.arms();
    let g = groups.len() as f64;
    let mut means = vec![0.0; k];
    let mut cov = vec![vec![0.0; k]; k];
    for m in groups {
        if m.arms() != k {
            return None;
        }
        let c = m.mean_covariance()?;
        for (acc, x) in means.iter_mut().zip(m.means()) {
            *acc += x / g;
        }
        for (row, crow) in cov.iter_mut().zip(&c) {
            for (acc, x) in row.iter_mut().zip(crow) {
                *acc += x / (g * g);
            }
        }
    }
    Some((means, cov))
}

/// The scale the ladder's line is fitted on (`[experiment.ab] fit`).
///
/// A ladder's score against points is an S-curve: flat where one side already wins or loses
/// every battle, steep between. A straight line over rungs far apart then misreads the slope
/// at the base (the lack-of-fit test says so). On the **logit** scale, `log(s / (1 − s))`,
/// a logistic curve is a straight line, so the same least-squares fit, delta and Fieller
/// interval are taken there: the fair cost is the points at which the base family's fitted
/// logit rises by the variant's logit delta. Scores are taken as empirical logits
/// (`(s·n + ½) / (n + 1)`, `n` battles: Cox 1970, *The Analysis of Binary Data*, §3.2), so an
/// arm that wins or loses every battle stays finite; the covariance is carried through by
/// the delta method (each mean's derivative `n / ((n + 1)·s'(1 − s'))`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fit {
    /// Score on points (the default: answers of older runs reproduce).
    #[default]
    Line,
    /// Logit of the score on points.
    Logit,
}

impl Fit {
    /// The names a config may give.
    pub const NAMES: [&'static str; 2] = ["line", "logit"];

    /// The fit named `name`, if any.
    pub fn from_name(name: &str) -> Option<Fit> {
        match name {
            "line" => Some(Fit::Line),
            "logit" => Some(Fit::Logit),
            _ => None,
        }
    }

    /// Whether this is the default straight line (for `skip_serializing_if`).
    pub fn is_line(&self) -> bool {
        *self == Fit::Line
    }

    /// The arms' means and covariance on this fit's scale, from `battles` battle indices.
    pub fn scale(self, means: &[f64], cov: &[Vec<f64>], battles: u64) -> (Vec<f64>, Vec<Vec<f64>>) {
        match self {
            Fit::Line => (means.to_vec(), cov.to_vec()),
            Fit::Logit => {
                let n = battles as f64;
                let (y, d): (Vec<f64>, Vec<f64>) = means
                    .iter()
                    .map(|&m| {
                        let s = (m * n + 0.5) / (n + 1.0);
                        ((s / (1.0 - s)).ln(), n / ((n + 1.0) * s * (1.0 - s)))
                    })
                    .unzip();
                let c = cov
                    .iter()
                    .enumerate()
                    .map(|(i, row)| {
                        row.iter()
                            .enumerate()
                            .map(|(j, v)| v * d[i] * d[j])
                            .collect()
                    })
                    .collect();
                (y, c)
            }
        }
    }

    /// A value on this fit's scale back as a score (for the fitted curve), from `battles`.
    pub fn score(self, y: f64, battles: u64) -> f64 {
        match self {
            Fit::Line => y,
            Fit::Logit => {
                let n = battles as f64;
                let s = 1.0 / (1.0 + (-y).exp());
                (s * (n + 1.0) - 0.5) / n.max(1.0)
            }
        }
    }
}

/// A fair-cost answer (all in the rules' points).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FairCost {
    /// Points the enhancement is worth: the paired score delta (variant − base) divided by
    /// the base family's fitted score per point. Not finite when the fitted slope is 0.
    pub estimate: f64,
    /// Fieller interval, low end (−∞ when unbounded or the slope is not positive).
    pub low: f64,
    /// Fieller interval, high end (+∞ when unbounded).
    pub high: f64,
    /// Delta-method standard error of the estimate (`√Var(N − cD) / |D|`).
    pub std_error: f64,
    /// What the rules charge now: variant points − base points.
    pub price: f64,
    /// Fitted score per point of the base family (`D`).
    pub slope: f64,
    /// Standard error of the slope.
    pub slope_se: f64,
}

impl FairCost {
    /// Whether the interval is bounded (the ladder's slope is distinguishable from 0).
    pub fn bounded(&self) -> bool {
        self.low.is_finite() && self.high.is_finite()
    }
}

/// The fair cost from pooled arm means and their covariance. Arms: `0` = base, `1` =
/// variant, `2..` = ladder rungs; `points[i]` is arm `i`'s points. The slope is fitted over
/// arm 0 and arms `2..`. `z`: normal quantile of the interval. `None` when fewer than two
/// distinct points values are on the ladder (no line to fit) or the inputs disagree in size.
pub fn fair_cost(means: &[f64], cov: &[Vec<f64>], points: &[f64], z: f64) -> Option<FairCost> {
    let k = means.len();
    if k < 3 || points.len() != k || cov.len() != k {
        return None;
    }
    let ladder: Vec<usize> = std::iter::once(0).chain(2..k).collect();
    let x_bar = ladder.iter().map(|&i| points[i]).sum::<f64>() / ladder.len() as f64;
    let sxx: f64 = ladder.iter().map(|&i| (points[i] - x_bar).powi(2)).sum();
    if sxx <= 0.0 {
        return None;
    }
    // Coefficients of D (the slope) and N (variant − base) on the arm means.
    let mut g_d = vec![0.0; k];
    let mut g_n = vec![0.0; k];
    for &i in &ladder {
        g_d[i] = (points[i] - x_bar) / sxx;
    }
    g_n[0] = -1.0;
    g_n[1] = 1.0;
    let dot = |g: &[f64]| g.iter().zip(means).map(|(a, b)| a * b).sum::<f64>();
    let quad = |a: &[f64], b: &[f64]| {
        let mut s = 0.0;
        for i in 0..k {
            for j in 0..k {
                s += a[i] * cov[i][j] * b[j];
            }
        }
        s
    };
    let (n, d) = (dot(&g_n), dot(&g_d));
    let (v_nn, v_nd, v_dd) = (quad(&g_n, &g_n), quad(&g_n, &g_d), quad(&g_d, &g_d));
    let estimate = n / d;
    let var_at = |c: f64| (v_nn - 2.0 * c * v_nd + c * c * v_dd).max(0.0);
    let std_error = var_at(estimate).sqrt() / d.abs();
    // Fieller: (N − cD)² − z²·Var(N − cD) ≤ 0, a quadratic a2·c² − 2·a1·c + a0 ≤ 0.
    let z2 = z * z;
    let a2 = d * d - z2 * v_dd;
    let a1 = n * d - z2 * v_nd;
    let a0 = n * n - z2 * v_nn;
    let (low, high) = if a2 > 0.0 && d > 0.0 {
        let root = (a1 * a1 - a2 * a0).max(0.0).sqrt();
        ((a1 - root) / a2, (a1 + root) / a2)
    } else {
        (f64::NEG_INFINITY, f64::INFINITY)
    };
    Some(FairCost {
        estimate,
        low,
        high,
        std_error,
        price: points[1] - points[0],
        slope: d,
        slope_se: v_dd.sqrt(),
    })
}

/// How far the fair cost can be trusted from its ladder: is more points more score, does
/// a straight line describe the ladder, and is the answer inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderCheck {
    /// Steps between ladder arms next to each other in points (`(lower, higher)` arm indices)
    /// where the score *drops* by more than `z` standard errors of the difference: more
    /// points clearly buy less score there.
    pub drops: Vec<(usize, usize)>,
    /// Lack-of-fit test of the straight line: the `L − 2` second divided differences of the
    /// `L` ladder scores (zero for any straight line) against their covariance, a Wald
    /// chi-square with `L − 2` degrees of freedom; its p-value. `None` with fewer than three
    /// ladder arms or two at the same points (not tested).
    pub lack_of_fit_p: Option<f64>,
    /// Whether the base's points plus the estimate lie within the ladder's points (else the
    /// answer is an extrapolation of the line).
    pub inside: bool,
}

impl LadderCheck {
    /// Whether no step clearly drops.
    pub fn monotone(&self) -> bool {
        self.drops.is_empty()
    }
}

/// Check a ladder (arms as in [`fair_cost`]) and an `estimate` read off it, at normal
/// quantile `z`.
pub fn check_ladder(
    means: &[f64],
    cov: &[Vec<f64>],
    points: &[f64],
    estimate: f64,
    z: f64,
) -> LadderCheck {
    let k = means.len();
    let mut ladder: Vec<usize> = std::iter::once(0).chain(2..k).collect();
    ladder.sort_by(|&a, &b| points[a].total_cmp(&points[b]).then(a.cmp(&b)));
    let mut drops = Vec::new();
    for w in ladder.windows(2) {
        let (i, j) = (w[0], w[1]);
        if points[j] <= points[i] {
            continue;
        }
        let se = (cov[i][i] + cov[j][j] - 2.0 * cov[i][j]).max(0.0).sqrt();
        if means[j] - means[i] < -z * se {
            drops.push((i, j));
        }
    }
    let distinct = ladder.windows(2).all(|w| points[w[1]] > points[w[0]]);
    let lack_of_fit_p = (ladder.len() >= 3 && distinct).then(|| {
        // Second divided differences: rows of C, each annihilating a + b·p.
        let c: Vec<Vec<f64>> = ladder
            .windows(3)
            .map(|w| {
                let (p0, p1, p2) = (points[w[0]], points[w[1]], points[w[2]]);
                let mut row = vec![0.0; k];
                row[w[0]] = 1.0 / ((p1 - p0) * (p2 - p0));
                row[w[1]] = -1.0 / ((p2 - p1) * (p1 - p0));
                row[w[2]] = 1.0 / ((p2 - p1) * (p2 - p0));
                row
            })
            .collect();
        let m = c.len();
        let contrast: Vec<f64> = c
            .iter()
            .map(|r| r.iter().zip(means).map(|(a, b)| a * b).sum())
            .collect();
        let v: Vec<Vec<f64>> = (0..m)
            .map(|a| {
                (0..m)
                    .map(|b| {
                        (0..k)
                            .flat_map(|i| (0..k).map(move |j| (i, j)))
                            .map(|(i, j)| c[a][i] * cov[i][j] * c[b][j])
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let chi2 = solve(v, contrast.clone()).map_or(f64::INFINITY, |x| {
            x.iter().zip(&contrast).map(|(a, b)| a * b).sum()
        });
        let dist = ChiSquared::new(m as f64).expect("positive degrees of freedom");
        if chi2.is_finite() {
            1.0 - dist.cdf(chi2.max(0.0))
        } else {
            0.0
        }
    });
    let target = points[0] + estimate;
    let lo = ladder
        .iter()
        .map(|&i| points[i])
        .fold(f64::INFINITY, f64::min);
    let hi = ladder
        .iter()
        .map(|&i| points[i])
        .fold(f64::NEG_INFINITY, f64::max);
    LadderCheck {
        drops,
        lack_of_fit_p,
        // Rounding slack: a variant that *is* a rung lands exactly on its points.
        inside: estimate.is_finite() && {
            let eps = 1e-9 * hi.abs().max(1.0);
            lo - eps <= target && target <= hi + eps
        },
    }
}

/// Solve `a·x = b` by Gaussian elimination with partial pivoting (`None` when singular).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| a[i][j] * x[j]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::z_for_confidence;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol * b.abs().max(1.0)
    }

    const SCORES: [Score; 3] = [Score::Loss, Score::Draw, Score::Win];

    /// Moments against a direct computation over the listed battles.
    #[test]
    fn moments_match_the_sample_covariance() {
        // Three arms, six battles, scores in half-points.
        let battles = [
            [2, 2, 0],
            [0, 1, 0],
            [2, 2, 2],
            [1, 0, 1],
            [0, 0, 0],
            [2, 1, 2],
        ];
        let mut m = ScoreMoments::new(3);
        for b in battles {
            m.record(&b.map(|h| SCORES[h]));
        }
        assert!(m.is_consistent());
        assert_eq!(m.battles, 6);
        let x: Vec<[f64; 3]> = battles.iter().map(|b| b.map(|h| h as f64 / 2.0)).collect();
        let mean = |i: usize| x.iter().map(|r| r[i]).sum::<f64>() / 6.0;
        let cov = m.mean_covariance().unwrap();
        for i in 0..3 {
            assert!(close(m.means()[i], mean(i), 1e-15));
            for j in 0..3 {
                let s: f64 = x.iter().map(|r| (r[i] - mean(i)) * (r[j] - mean(j))).sum();
                assert!(close(cov[i][j], s / 5.0 / 6.0, 1e-14), "{i},{j}");
            }
        }
    }

    #[test]
    fn moments_merge_like_one_tally() {
        let mut whole = ScoreMoments::new(4);
        let mut left = ScoreMoments::new(4);
        let mut right = ScoreMoments::new(4);
        for i in 0..50u64 {
            let s = [0, 1, 2, 3].map(|a| SCORES[((i * 7 + a * 3 + i / 5) % 3) as usize]);
            whole.record(&s);
            if i < 20 { &mut left } else { &mut right }.record(&s);
        }
        left.merge(&right);
        assert_eq!(left, whole);
        let json = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<ScoreMoments>(&json).unwrap(), whole);
    }

    /// Pooling equal-weight groups: means average, covariances add divided by G².
    #[test]
    fn pooling_two_groups() {
        let mut g1 = ScoreMoments::new(3);
        let mut g2 = ScoreMoments::new(3);
        for i in 0..10usize {
            g1.record(&[SCORES[i % 3], SCORES[(i + 1) % 3], SCORES[i % 2]]);
            g2.record(&[SCORES[2 - i % 3], SCORES[i % 3], SCORES[(i / 2) % 3]]);
        }
        let (m, c) = pool(&[&g1, &g2]).unwrap();
        let (c1, c2) = (g1.mean_covariance().unwrap(), g2.mean_covariance().unwrap());
        for i in 0..3 {
            assert!(close(m[i], (g1.means()[i] + g2.means()[i]) / 2.0, 1e-15));
            for j in 0..3 {
                assert!(close(c[i][j], (c1[i][j] + c2[i][j]) / 4.0, 1e-15));
            }
        }
        assert_eq!(pool(&[&g1, &ScoreMoments::new(2)]), None);
    }

    /// Scores exactly on a line: base 500 pts 0.50, rungs 440 → 0.44 and 560 → 0.56 (0.001
    /// per point), variant scores 0.53 → worth 30 points; its price is 520 − 500 = 20. A
    /// falling line (more points score less) has no price to read off.
    #[test]
    fn exact_line_gives_the_points_difference() {
        let means = [0.50, 0.53, 0.44, 0.56];
        let points = [500.0, 520.0, 440.0, 560.0];
        let cov = vec![vec![0.0; 4]; 4];
        let f = fair_cost(&means, &cov, &points, 1.96).unwrap();
        assert!(close(f.estimate, 30.0, 1e-12), "{f:?}");
        assert!(close(f.slope, 0.001, 1e-12));
        assert_eq!(f.price, 20.0);
        // No noise: the interval is the point.
        assert!(
            close(f.low, 30.0, 1e-9) && close(f.high, 30.0, 1e-9),
            "{f:?}"
        );
        let falling = fair_cost(&[0.50, 0.53, 0.56, 0.44], &cov, &points, 1.96).unwrap();
        assert!(falling.slope < 0.0 && !falling.bounded(), "{falling:?}");
        // One distinct points value cannot be fitted.
        assert_eq!(
            fair_cost(&means, &cov, &[500.0, 520.0, 500.0, 500.0], 1.96),
            None
        );
    }

    /// Golden values from `goldens.py` (`fair_cost_case`): a noisy, correlated case solved
    /// there by bisection on the test-inversion condition instead of the quadratic formula.
    #[test]
    fn fieller_interval_matches_goldens() {
        let means = [0.50, 0.53, 0.42, 0.585];
        let points = [500.0, 520.0, 440.0, 560.0];
        let sd = [0.004, 0.0042, 0.0041, 0.0039];
        let rho = [
            [1.0, 0.8, 0.6, 0.6],
            [0.8, 1.0, 0.55, 0.55],
            [0.6, 0.55, 1.0, 0.5],
            [0.6, 0.55, 0.5, 1.0],
        ];
        let cov: Vec<Vec<f64>> = (0..4)
            .map(|i| (0..4).map(|j| rho[i][j] * sd[i] * sd[j]).collect())
            .collect();
        let f = fair_cost(&means, &cov, &points, z_for_confidence(0.95)).unwrap();
        assert!(close(f.estimate, 21.818_181_818_181_84, 1e-12), "{f:?}");
        assert!(close(f.low, 18.015_759_283_078, 1e-9), "{f:?}");
        assert!(close(f.high, 25.718_915_621_951, 1e-9), "{f:?}");
        assert!(f.bounded());
    }

    /// Scores exactly on a logistic curve, logit(s) = 0.02·(p − 500): base 500 pts at 0.5,
    /// rungs at 400 and 560, variant at the curve's value for 530 pts. The logit fit reads
    /// 30 points off the curve; the straight line through the bent rungs does not.
    #[test]
    fn logit_fit_reads_a_logistic_ladder() {
        let n = 1_000_000_000;
        let logistic = |p: f64| {
            let s = 1.0 / (1.0 + (-(0.02 * (p - 500.0))).exp());
            // The mean whose empirical logit is exactly s.
            (s * (n as f64 + 1.0) - 0.5) / n as f64
        };
        let points = [500.0, 520.0, 400.0, 560.0];
        let means = [
            logistic(500.0),
            logistic(530.0),
            logistic(400.0),
            logistic(560.0),
        ];
        let cov = vec![vec![0.0; 4]; 4];
        let (y, c) = Fit::Logit.scale(&means, &cov, n);
        let f = fair_cost(&y, &c, &points, 1.96).unwrap();
        assert!(close(f.estimate, 30.0, 1e-6), "{f:?}");
        assert!(close(f.slope, 0.02, 1e-9), "{f:?}");
        assert!(close(Fit::Logit.score(y[3], n), means[3], 1e-12));
        let straight = fair_cost(&means, &cov, &points, 1.96).unwrap();
        assert!((straight.estimate - 30.0).abs() > 5.0, "{straight:?}");
        // The lack-of-fit test passes on the logit scale and fails on the straight line.
        let noise: Vec<Vec<f64>> = (0..4)
            .map(|i| (0..4).map(|j| if i == j { 1e-6 } else { 0.0 }).collect())
            .collect();
        let (yn, cn) = Fit::Logit.scale(&means, &noise, n);
        assert!(
            check_ladder(&yn, &cn, &points, f.estimate, 1.96)
                .lack_of_fit_p
                .unwrap()
                > 0.99
        );
        assert!(
            check_ladder(&means, &noise, &points, f.estimate, 1.96)
                .lack_of_fit_p
                .unwrap()
                < 1e-4
        );
        // An arm that wins every battle stays finite on the empirical logit.
        let (y1, c1) = Fit::Logit.scale(&[1.0, 0.0], &[vec![0.0; 2], vec![0.0; 2]], 100);
        assert!(y1.iter().all(|v| v.is_finite()) && c1[0][0] == 0.0);
        assert_eq!(Fit::from_name("logit"), Some(Fit::Logit));
        assert_eq!(Fit::from_name("curve"), None);
    }

    /// A ladder that does not separate prices (slope within noise) gives no bounded answer.
    #[test]
    fn flat_ladder_is_unbounded() {
        let means = [0.50, 0.53, 0.499, 0.501];
        let points = [500.0, 520.0, 490.0, 510.0];
        let cov: Vec<Vec<f64>> = (0..4)
            .map(|i| (0..4).map(|j| if i == j { 1e-4 } else { 0.0 }).collect())
            .collect();
        let f = fair_cost(&means, &cov, &points, 1.96).unwrap();
        assert!(!f.bounded(), "{f:?}");
        assert!(f.low.is_infinite() && f.high.is_infinite());
    }

    /// Independent arms, base 0 at 100 pts and rungs at 80, 120, 140 (variant at 110).
    fn ladder_fixture(scores: [f64; 4]) -> (Vec<f64>, Vec<Vec<f64>>, Vec<f64>) {
        // Arms: base, variant, rungs.
        let means = vec![scores[1], 0.55, scores[0], scores[2], scores[3]];
        let points = vec![100.0, 110.0, 80.0, 120.0, 140.0];
        let var = 0.0001; // se 0.01 per arm
        let cov = (0..5)
            .map(|i| (0..5).map(|j| if i == j { var } else { 0.0 }).collect())
            .collect();
        (means, cov, points)
    }

    #[test]
    fn a_straight_monotone_ladder_passes() {
        let (m, c, p) = ladder_fixture([0.4, 0.5, 0.6, 0.7]);
        let chk = check_ladder(&m, &c, &p, 10.0, 1.96);
        assert!(chk.monotone() && chk.inside, "{chk:?}");
        // Exactly straight: every second difference is 0, chi-square 0, p = 1.
        assert!((chk.lack_of_fit_p.unwrap() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_dropping_bent_ladder_and_an_answer_outside_are_flagged() {
        // 80: 0.4, 100: 0.6, 120: 0.45 (a clear drop), 140: 0.7.
        let (m, c, p) = ladder_fixture([0.4, 0.6, 0.45, 0.7]);
        let chk = check_ladder(&m, &c, &p, 60.0, 1.96);
        assert_eq!(chk.drops, vec![(0, 3)]);
        assert!(chk.lack_of_fit_p.unwrap() < 1e-6, "{chk:?}");
        assert!(!chk.inside, "100 + 60 is beyond 140");
        // A drop within the noise is not one.
        let (m, c, p) = ladder_fixture([0.4, 0.5, 0.49, 0.7]);
        assert!(check_ladder(&m, &c, &p, 0.0, 1.96).monotone());
        // Two rungs at the same points: not tested.
        let (m, c, mut p) = ladder_fixture([0.4, 0.5, 0.6, 0.7]);
        p[4] = 120.0;
        assert_eq!(check_ladder(&m, &c, &p, 0.0, 1.96).lack_of_fit_p, None);
    }
}
