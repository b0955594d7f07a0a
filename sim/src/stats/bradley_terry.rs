//! Bradley–Terry strengths of a round robin of fleets.
//!
//! Model (Bradley & Terry 1952): fleet `i` beats fleet `j` with probability
//! `γ_i / (γ_i + γ_j)`; with log-strengths `θ_i = ln γ_i` that is the logistic
//! `1 / (1 + e^(θ_j − θ_i))`, i.e. the Elo model with `elo_i = θ_i · 400 / ln 10`. Draws count as
//! half a win for each side (the usual convention of Elo-style ratings), so the likelihood
//! equations are `W_i = Σ_j n_ij γ_i / (γ_i + γ_j)` with `W_i` fleet `i`'s wins plus half its
//! draws and `n_ij` the battles between `i` and `j`.
//!
//! **Fit** by the MM algorithm of D. R. Hunter, "MM algorithms for generalized Bradley–Terry
//! models", Ann. Statist. 32 (2004) 384–406, eq. (3), updating one fleet at a time:
//! `γ_i ← W_i / Σ_{j≠i} n_ij / (γ_i + γ_j)`, then rescaling to geometric mean 1 (log-strengths
//! summing to 0), until every likelihood equation holds to `tolerance × battles of i`.
//!
//! **Existence.** A finite maximum exists exactly when the "scored against" graph (an edge
//! `i → j` when `i` won or drew at least once against `j`) is strongly connected (Hunter 2004,
//! Assumption 1; Zermelo 1929, Ford 1957): otherwise some group of fleets never scored against
//! another and its strength goes to 0 as the fit runs. [`fit`] checks this first and returns
//! [`FitError::NoFiniteMle`] naming the groups and the fleets that never scored at all,
//! instead of diverging. [`Options::prior_draws`] (virtual draws between every pair, a simple
//! Bayesian-style regularisation) makes every matrix fit.
//!
//! **Uncertainty** from the observed information of the log-likelihood in `θ`:
//! `I_ii = Σ_j n_ij p_ij p_ji`, `I_ij = −n_ij p_ij p_ji`. `I` is singular (adding a constant to
//! every `θ` changes nothing); the covariance of the sum-zero log-strengths is its
//! Moore–Penrose inverse, computed as `(I + J/k)⁻¹ − J/k` with `J` the all-ones matrix. With
//! draws counted as half-wins this is the binomial variance, slightly larger than that of
//! results with draws, so the errors err on the wide side.

use thiserror::Error;

/// Elo points per unit of log-strength: `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Results of a round robin between `teams` fleets, battle counts per ordered pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    teams: usize,
    /// `wins[i * teams + j]`: battles `i` won against `j`.
    wins: Vec<u64>,
    /// `draws[i * teams + j] == draws[j * teams + i]`.
    draws: Vec<u64>,
}

impl RoundRobin {
    /// No results between `teams` fleets.
    pub fn new(teams: usize) -> RoundRobin {
        RoundRobin {
            teams,
            wins: vec![0; teams * teams],
            draws: vec![0; teams * teams],
        }
    }

    /// Add the results of battles between fleets `i` and `j` (`i ≠ j`): `i` won `i_wins`, `j`
    /// won `j_wins`, `draws` were drawn.
    ///
    /// # Panics
    ///
    /// If `i == j` or either is out of range.
    pub fn record(&mut self, i: usize, j: usize, i_wins: u64, j_wins: u64, draws: u64) {
        assert!(
            i != j && i < self.teams && j < self.teams,
            "bad pair {i}, {j}"
        );
        let k = self.teams;
        self.wins[i * k + j] += i_wins;
        self.wins[j * k + i] += j_wins;
        self.draws[i * k + j] += draws;
        self.draws[j * k + i] += draws;
    }

    /// Number of fleets.
    pub fn teams(&self) -> usize {
        self.teams
    }

    /// Battles `i` won against `j`.
    pub fn wins(&self, i: usize, j: usize) -> u64 {
        self.wins[i * self.teams + j]
    }

    /// Battles between `i` and `j` that were drawn.
    pub fn draws(&self, i: usize, j: usize) -> u64 {
        self.draws[i * self.teams + j]
    }

    /// Battles between `i` and `j`.
    pub fn battles(&self, i: usize, j: usize) -> u64 {
        self.wins(i, j) + self.wins(j, i) + self.draws(i, j)
    }
}

/// Settings of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Virtual draws added between every pair of fleets before fitting (0 = plain maximum
    /// likelihood). Any positive value guarantees a finite fit, pulling strengths together.
    pub prior_draws: f64,
    /// Stop when every `|W_i − Σ_j n_ij p_ij| ≤ tolerance × battles of i`.
    pub tolerance: f64,
    /// Give up after this many sweeps over all fleets.
    pub max_iterations: usize,
}

impl Default for Options {
    /// No prior, tolerance 1e-12, 100,000 sweeps.
    fn default() -> Options {
        Options {
            prior_draws: 0.0,
            tolerance: 1e-12,
            max_iterations: 100_000,
        }
    }
}

/// Why there is no fit.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FitError {
    /// Fewer than two fleets.
    #[error("a Bradley-Terry fit needs at least two fleets")]
    TooFewTeams,
    /// The strengths have no finite maximum-likelihood value.
    #[error(
        "no finite Bradley-Terry fit: the fleets split into groups {groups:?} (strongest \
         first) that never scored against an earlier group; fleets that never won or drew \
         at all: {never_scored:?} (add prior draws to fit anyway)"
    )]
    NoFiniteMle {
        /// Strongly connected groups of fleets (by the "won or drew against" relation),
        /// strongest first.
        groups: Vec<Vec<usize>>,
        /// Fleets with no win and no draw.
        never_scored: Vec<usize>,
    },
    /// The MM iterations did not reach the tolerance.
    #[error("the Bradley-Terry fit did not converge in {iterations} sweeps")]
    NoConvergence {
        /// Sweeps made.
        iterations: usize,
    },
}

/// Fitted strengths with their uncertainty.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Log-strengths `θ_i`, summing to 0.
    pub log_strength: Vec<f64>,
    /// Covariance of the log-strengths, `covariance[i * k + j]`.
    pub covariance: Vec<f64>,
    /// MM sweeps made.
    pub iterations: usize,
}

impl Fit {
    /// Number of fleets.
    pub fn teams(&self) -> usize {
        self.log_strength.len()
    }

    /// Strength `γ_i = e^θ_i` (geometric mean 1).
    pub fn strength(&self, i: usize) -> f64 {
        self.log_strength[i].exp()
    }

    /// Covariance of `θ_i` and `θ_j`.
    pub fn covariance(&self, i: usize, j: usize) -> f64 {
        self.covariance[i * self.teams() + j]
    }

    /// Standard error of `θ_i`.
    pub fn std_error(&self, i: usize) -> f64 {
        self.covariance(i, i).sqrt()
    }

    /// Standard error of `θ_i − θ_j` (of the log-odds of `i` beating `j`).
    pub fn diff_std_error(&self, i: usize, j: usize) -> f64 {
        (self.covariance(i, i) + self.covariance(j, j) - 2.0 * self.covariance(i, j)).sqrt()
    }

    /// Rating on the Elo scale, `θ_i · 400 / ln 10` (the mean rating is 0: add any offset).
    pub fn elo(&self, i: usize) -> f64 {
        self.log_strength[i] * ELO_PER_NAT
    }

    /// Standard error of [`Fit::elo`].
    pub fn elo_std_error(&self, i: usize) -> f64 {
        self.std_error(i) * ELO_PER_NAT
    }

    /// Fitted probability that `i` beats `j` (draws counted as half).
    pub fn win_probability(&self, i: usize, j: usize) -> f64 {
        1.0 / (1.0 + (self.log_strength[j] - self.log_strength[i]).exp())
    }
}

/// Fit Bradley–Terry strengths to a round robin (see the module documentation).
pub fn fit(results: &RoundRobin, options: &Options) -> Result<Fit, FitError> {
    let k = results.teams();
    if k < 2 {
        return Err(FitError::TooFewTeams);
    }
    // n_ij and W_i with the prior's virtual draws.
    let prior = options.prior_draws;
    let mut n = vec![0.0; k * k];
    let mut w = vec![0.0; k];
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            n[i * k + j] = results.battles(i, j) as f64 + prior;
            w[i] += results.wins(i, j) as f64 + (results.draws(i, j) as f64 + prior) / 2.0;
        }
    }
    // "i scored against j".
    let scored = |i: usize, j: usize| {
        i != j && (results.wins(i, j) > 0 || results.draws(i, j) > 0 || prior > 0.0)
    };
    check_connected(k, &scored, &w)?;
    let (log_strength, iterations) = mm(k, &n, &w, options)?;

    let covariance = information_inverse(k, n.as_slice(), &log_strength);
    Ok(Fit {
        log_strength,
        covariance,
        iterations,
    })
}

/// A round robin whose pairings played different numbers of battles (`--target-error`, a
/// partial run), summarised per pairing by the **design-weighted** score of `i` against `j`
/// (the equal-weight mean over the pairing's orientations that played,
/// [`crate::stats::design`]) and the factor `c_ij` of its variance, `Var(ŝ_ij) = p_ij(1 −
/// p_ij)·c_ij` (`c_ij = Σ_o 1/(M² n_o)` over its `M` played orientations).
#[derive(Clone, Debug, PartialEq)]
pub struct DesignRoundRobin {
    teams: usize,
    /// `score[i * teams + j]`: design-weighted score of `i` against `j`.
    score: Vec<f64>,
    /// `variance_factor[i * teams + j]` (symmetric); 0 for a pairing that never played.
    variance_factor: Vec<f64>,
}

impl DesignRoundRobin {
    /// No results between `teams` fleets.
    pub fn new(teams: usize) -> DesignRoundRobin {
        DesignRoundRobin {
            teams,
            score: vec![0.0; teams * teams],
            variance_factor: vec![0.0; teams * teams],
        }
    }

    /// Record the pairing `i`–`j`: `i`'s design-weighted score against `j` and the variance
    /// factor `c_ij > 0`.
    ///
    /// # Panics
    ///
    /// If `i == j` or either is out of range.
    pub fn record(&mut self, i: usize, j: usize, score_i: f64, variance_factor: f64) {
        assert!(
            i != j && i < self.teams && j < self.teams,
            "bad pair {i}, {j}"
        );
        let k = self.teams;
        self.score[i * k + j] = score_i;
        self.score[j * k + i] = 1.0 - score_i;
        self.variance_factor[i * k + j] = variance_factor;
        self.variance_factor[j * k + i] = variance_factor;
    }

    fn played(&self, i: usize, j: usize) -> bool {
        self.variance_factor[i * self.teams + j] > 0.0
    }
}

/// Fit Bradley–Terry strengths with every played pairing weighted equally, as the
/// experiment's design weights them (not by the battles each played): the likelihood
/// equations of [`fit`] with `n_ij = weight` and `W_i = Σ_j weight·ŝ_ij`. The weight cancels
/// from the estimate; it sets how much [`Options::prior_draws`] pulls. The covariance is the
/// sandwich `L⁺ M L⁺` (`L = Σ n_ij p_ij p_ji (e_i − e_j)(e_i − e_j)ᵀ` the information of the
/// weighted equations, `M = Σ weight² p_ij p_ji c_ij (e_i − e_j)(e_i − e_j)ᵀ` the variance of
/// their scores), which is the observed-information covariance of [`fit`] when every pairing
/// played the same number of battles.
pub fn fit_design(
    results: &DesignRoundRobin,
    weight: f64,
    options: &Options,
) -> Result<Fit, FitError> {
    let k = results.teams;
    if k < 2 {
        return Err(FitError::TooFewTeams);
    }
    let prior = options.prior_draws;
    let mut n = vec![0.0; k * k];
    let mut w = vec![0.0; k];
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            let nw = if results.played(i, j) { weight } else { 0.0 };
            n[i * k + j] = nw + prior;
            w[i] += nw * results.score[i * k + j] + prior / 2.0;
        }
    }
    let scored = |i: usize, j: usize| {
        i != j && ((results.played(i, j) && results.score[i * k + j] > 0.0) || prior > 0.0)
    };
    check_connected(k, &scored, &w)?;
    let (log_strength, iterations) = mm(k, &n, &w, options)?;
    let bread = information_inverse(k, &n, &log_strength);
    let mut meat = vec![0.0; k * k];
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            let p = 1.0 / (1.0 + (log_strength[j] - log_strength[i]).exp());
            let m = weight * weight * p * (1.0 - p) * results.variance_factor[i * k + j];
            meat[i * k + j] -= m;
            meat[i * k + i] += m;
        }
    }
    let product = |a: &[f64], b: &[f64]| -> Vec<f64> {
        (0..k * k)
            .map(|ij| (0..k).map(|m| a[ij / k * k + m] * b[m * k + ij % k]).sum())
            .collect()
    };
    let covariance = product(&product(&bread, &meat), &bread);
    Ok(Fit {
        log_strength,
        covariance,
        iterations,
    })
}

/// The pseudo-inverse of the information `L = Σ n_ij p_ij p_ji (e_i − e_j)(e_i − e_j)ᵀ` at
/// `log_strength`: `(L + J/k)⁻¹ − J/k` (the covariance of [`fit`], the bread of
/// [`fit_design`]'s sandwich).
fn information_inverse(k: usize, n: &[f64], log_strength: &[f64]) -> Vec<f64> {
    let mut info = vec![1.0 / k as f64; k * k];
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            let p = 1.0 / (1.0 + (log_strength[j] - log_strength[i]).exp());
            let v = n[i * k + j] * p * (1.0 - p);
            info[i * k + j] -= v;
            info[i * k + i] += v;
        }
    }
    let mut inverse = invert_spd(&info, k);
    inverse.iter_mut().for_each(|c| *c -= 1.0 / k as f64);
    inverse
}

/// The MM iterations (Hunter 2004, eq. 3) on battle weights `n` and scores `w`: sum-zero
/// log-strengths and the sweeps made.
fn mm(k: usize, n: &[f64], w: &[f64], options: &Options) -> Result<(Vec<f64>, usize), FitError> {
    let games: Vec<f64> = (0..k).map(|i| n[i * k..(i + 1) * k].iter().sum()).collect();
    let mut gamma = vec![1.0; k];
    let converged = |gamma: &[f64]| {
        (0..k).all(|i| {
            let expected: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n[i * k + j] * gamma[i] / (gamma[i] + gamma[j]))
                .sum();
            (w[i] - expected).abs() <= options.tolerance * games[i]
        })
    };
    let mut iterations = 0;
    while !converged(&gamma) {
        if iterations == options.max_iterations {
            return Err(FitError::NoConvergence { iterations });
        }
        iterations += 1;
        for i in 0..k {
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n[i * k + j] / (gamma[i] + gamma[j]))
                .sum();
            gamma[i] = w[i] / denom;
        }
        let mean_log = gamma.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let scale = (-mean_log).exp();
        gamma.iter_mut().for_each(|g| *g *= scale);
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    let mean = theta.iter().sum::<f64>() / k as f64;
    let log_strength: Vec<f64> = theta.iter().map(|t| t - mean).collect();
    Ok((log_strength, iterations))
}

/// `Ok` if the "scored against" graph is strongly connected, else the error naming the groups.
fn check_connected(
    k: usize,
    scored: &dyn Fn(usize, usize) -> bool,
    w: &[f64],
) -> Result<(), FitError> {
    // reach[i][j]: j reachable from i.
    let reach: Vec<Vec<bool>> = (0..k)
        .map(|start| {
            let mut seen = vec![false; k];
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                for (j, seen_j) in seen.iter_mut().enumerate() {
                    if !*seen_j && scored(i, j) {
                        *seen_j = true;
                        stack.push(j);
                    }
                }
            }
            seen
        })
        .collect();
    if reach.iter().all(|row| row.iter().all(|&r| r)) {
        return Ok(());
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, from_i) in reach.iter().enumerate() {
        if !groups.iter().any(|g| g.contains(&i)) {
            groups.push((0..k).filter(|&j| from_i[j] && reach[j][i]).collect());
        }
    }
    // A group that scored against another reaches it (and more): strongest first.
    let reached = |g: &Vec<usize>| reach[g[0]].iter().filter(|&&r| r).count();
    groups.sort_by_key(|g| std::cmp::Reverse(reached(g)));
    let never_scored = (0..k).filter(|&i| w[i] == 0.0).collect();
    Err(FitError::NoFiniteMle {
        groups,
        never_scored,
    })
}

/// Inverse of a symmetric positive definite `k × k` matrix by Cholesky factorisation.
fn invert_spd(a: &[f64], k: usize) -> Vec<f64> {
    // a = L Lᵀ, L lower triangular.
    let mut l = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..=i {
            let s: f64 = (0..j).map(|m| l[i * k + m] * l[j * k + m]).sum();
            l[i * k + j] = if i == j {
                (a[i * k + i] - s).sqrt()
            } else {
                (a[i * k + j] - s) / l[j * k + j]
            };
        }
    }
    // Solve L Lᵀ x = e_c for each column c.
    let mut inv = vec![0.0; k * k];
    for c in 0..k {
        let mut y = vec![0.0; k];
        for i in 0..k {
            let s: f64 = (0..i).map(|m| l[i * k + m] * y[m]).sum();
            y[i] = (f64::from(u8::from(i == c)) - s) / l[i * k + i];
        }
        for i in (0..k).rev() {
            let s: f64 = (i + 1..k).map(|m| l[m * k + i] * inv[m * k + c]).sum();
            inv[i * k + c] = (y[i] - s) / l[i * k + i];
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Strengths 1 : 2 : 4 and battle counts chosen so the results are exactly their
    /// expectation (`n_ij γ_i / (γ_i + γ_j)` integer): 0–1 30 battles, 10 : 20; 0–2 50 battles,
    /// 10 : 40; 1–2 30 battles, 10 : 20. The likelihood equations then hold at 1 : 2 : 4 and the
    /// maximum is unique, so the fit must be (½, 1, 2) at geometric mean 1. Standard errors and
    /// the covariance from `goldens.py` (Newton's method with `θ_2 = 0`, covariance of the
    /// anchored parameters mapped to sum zero: a different route to the same quantity).
    #[test]
    fn exact_strengths_three_fleets() {
        let mut rr = RoundRobin::new(3);
        rr.record(0, 1, 10, 20, 0);
        rr.record(0, 2, 10, 40, 0);
        rr.record(1, 2, 10, 20, 0);
        let f = fit(&rr, &Options::default()).unwrap();
        for (i, want) in [0.5, 1.0, 2.0].into_iter().enumerate() {
            assert!(close(f.strength(i), want, 1e-10), "{:?}", f.log_strength);
        }
        assert!(close(f.elo(2), 400.0 * 2f64.log10(), 1e-8));
        assert!(close(f.elo(0), -f.elo(2), 1e-8));
        assert!(close(f.win_probability(2, 0), 0.8, 1e-10));
        for (i, se) in [
            0.17433346455211948,
            0.18257418583505539,
            0.17433346455211948,
        ]
        .into_iter()
        .enumerate()
        {
            assert!(close(f.std_error(i), se, 1e-9), "{i}: {}", f.std_error(i));
        }
        assert!(close(f.covariance(0, 1), -0.01666666666666666, 1e-9));
        assert!(close(
            f.elo_std_error(1),
            0.18257418583505539 * ELO_PER_NAT,
            1e-7
        ));
        // Sum-zero log-strengths: each row of the covariance sums to 0.
        for i in 0..3 {
            let row: f64 = (0..3).map(|j| f.covariance(i, j)).sum();
            assert!(row.abs() < 1e-12);
        }
    }

    /// Two fleets: `θ_0 − θ_1 = ln(W_0 / W_1)` and `Var(θ_0 − θ_1) = 1 / (n p q)`, so each
    /// sum-zero log-strength has standard error `1 / (2√(n p q))`. Draws count half.
    /// Balanced pairings: the design fit is the plain fit (estimate and covariance).
    #[test]
    fn design_fit_of_balanced_pairings_is_the_plain_fit() {
        let mut rr = RoundRobin::new(3);
        rr.record(0, 1, 25, 13, 2);
        rr.record(0, 2, 30, 8, 2);
        rr.record(1, 2, 22, 18, 0);
        let plain = fit(&rr, &Options::default()).unwrap();
        let mut d = DesignRoundRobin::new(3);
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let n = rr.battles(i, j) as f64;
            let s = (rr.wins(i, j) as f64 + rr.draws(i, j) as f64 / 2.0) / n;
            d.record(i, j, s, 1.0 / n);
        }
        let f = fit_design(&d, rr.battles(0, 1) as f64, &Options::default()).unwrap();
        for i in 0..3 {
            assert!(close(f.elo(i), plain.elo(i), 1e-8), "{i}");
            for j in 0..3 {
                assert!(close(f.covariance(i, j), plain.covariance(i, j), 1e-10));
            }
        }
    }

    /// Unbalanced pairings: the design fit weights each pairing equally, so playing one
    /// pairing ten times as often changes the plain fit but not the design fit.
    #[test]
    fn design_fit_ignores_how_many_battles_a_pairing_played() {
        // Non-transitive results: 0 beats 1, 1 beats 2, 2 beats 0 unevenly.
        let scores = [(0, 1, 0.8), (1, 2, 0.7), (0, 2, 0.4)];
        let mut plain = [RoundRobin::new(3), RoundRobin::new(3)];
        let mut design = [DesignRoundRobin::new(3), DesignRoundRobin::new(3)];
        for (run, many) in [(0, 100), (1, 1000)] {
            for &(i, j, s) in &scores {
                let n = if (i, j) == (0, 1) { many } else { 100 };
                let wins = (s * n as f64).round() as u64;
                plain[run].record(i, j, wins, n - wins, 0);
                design[run].record(i, j, s, 1.0 / n as f64);
            }
        }
        let p: Vec<Fit> = plain
            .iter()
            .map(|r| fit(r, &Options::default()).unwrap())
            .collect();
        let d: Vec<Fit> = design
            .iter()
            .map(|r| fit_design(r, 100.0, &Options::default()).unwrap())
            .collect();
        assert!((p[0].elo(0) - p[1].elo(0)).abs() > 20.0, "plain fits move");
        for i in 0..3 {
            assert!(close(d[0].elo(i), d[1].elo(i), 1e-8), "{i}");
            assert!(close(d[0].elo(i), p[0].elo(i), 1e-8), "{i}");
        }
        // More battles in one pairing: a smaller error on the fleets it involves.
        assert!(d[1].std_error(0) < d[0].std_error(0));
    }

    #[test]
    fn two_fleets_closed_form() {
        let mut rr = RoundRobin::new(2);
        rr.record(0, 1, 55, 35, 10); // W_0 = 60, W_1 = 40 of 100
        let f = fit(&rr, &Options::default()).unwrap();
        assert!(close(
            f.log_strength[0] - f.log_strength[1],
            1.5f64.ln(),
            1e-11
        ));
        assert!(close(f.win_probability(0, 1), 0.6, 1e-12));
        let se = 1.0 / (2.0 * (100.0f64 * 0.6 * 0.4).sqrt());
        assert!(close(f.std_error(0), se, 1e-12));
        assert!(close(f.diff_std_error(0, 1), 2.0 * se, 1e-12));
    }

    fn four_fleets() -> RoundRobin {
        let wins = [[0, 12, 15, 20], [8, 0, 11, 14], [5, 9, 0, 13], [2, 6, 9, 0]];
        let draws = [
            (0, 1, 2),
            (0, 2, 1),
            (0, 3, 0),
            (1, 2, 3),
            (1, 3, 1),
            (2, 3, 2),
        ];
        let mut rr = RoundRobin::new(4);
        for (i, j, d) in draws {
            rr.record(i, j, wins[i][j], wins[j][i], d);
        }
        rr
    }

    /// The likelihood equations hold at the fit to 1e-9, and the fit matches `goldens.py`
    /// (Newton's method, an independent algorithm).
    #[test]
    fn likelihood_equations_four_fleets() {
        let rr = four_fleets();
        let f = fit(&rr, &Options::default()).unwrap();
        for i in 0..4 {
            let mut observed = 0.0;
            let mut expected = 0.0;
            for j in (0..4).filter(|&j| j != i) {
                observed += rr.wins(i, j) as f64 + rr.draws(i, j) as f64 / 2.0;
                expected += rr.battles(i, j) as f64 * f.win_probability(i, j);
            }
            assert!(
                close(observed, expected, 1e-9),
                "{i}: {observed} {expected}"
            );
        }
        let theta = [
            0.8346405953584045,
            0.15146428628806008,
            -0.22052561992341724,
            -0.7655792617230474,
        ];
        let se = [
            0.217329292659053,
            0.19559078790650852,
            0.19328554825190472,
            0.20999223414842305,
        ];
        for i in 0..4 {
            assert!(
                close(f.log_strength[i], theta[i], 1e-10),
                "{:?}",
                f.log_strength
            );
            assert!(close(f.std_error(i), se[i], 1e-9));
        }
        assert!(close(f.diff_std_error(0, 3), 0.359642894375845, 1e-9));
        assert!(f.iterations < 1000, "{}", f.iterations);
    }

    /// A fleet that never wins or draws: no finite fit, reported at once (not an endless or
    /// diverging iteration). With prior draws it fits and ranks last.
    #[test]
    fn fleet_that_never_scores() {
        let mut rr = RoundRobin::new(3);
        rr.record(0, 1, 6, 4, 0);
        rr.record(0, 2, 10, 0, 0);
        rr.record(1, 2, 10, 0, 0);
        let err = fit(&rr, &Options::default()).unwrap_err();
        assert_eq!(
            err,
            FitError::NoFiniteMle {
                groups: vec![vec![0, 1], vec![2]],
                never_scored: vec![2],
            }
        );
        assert!(err.to_string().contains("never won or drew at all: [2]"));

        let options = Options {
            prior_draws: 1.0,
            ..Options::default()
        };
        let f = fit(&rr, &options).unwrap();
        assert!(f.log_strength.iter().all(|t| t.is_finite()));
        assert!(f.strength(2) < f.strength(1) && f.strength(1) < f.strength(0));
    }

    /// An unbeaten fleet is the mirror case: its group comes first.
    #[test]
    fn unbeaten_fleet_and_too_few() {
        let mut rr = RoundRobin::new(3);
        rr.record(0, 1, 5, 0, 0);
        rr.record(0, 2, 5, 0, 0);
        rr.record(1, 2, 3, 2, 1);
        match fit(&rr, &Options::default()).unwrap_err() {
            FitError::NoFiniteMle {
                groups,
                never_scored,
            } => {
                assert_eq!(groups, vec![vec![0], vec![1, 2]]);
                assert!(never_scored.is_empty());
            }
            e => panic!("{e}"),
        }
        assert_eq!(
            fit(&RoundRobin::new(1), &Options::default()),
            Err(FitError::TooFewTeams)
        );
    }
}
