//! Two-player zero-sum matrix games: the value, each side's optimal mix and what a best reply
//! gains against any mix (its exploitability).
//!
//! The row player (side A) picks a policy `i`, the column player (side B) a policy `j`, and
//! A scores `payoff[i][j]` (a win 1, a draw ½) which B gives up. By von Neumann's minimax
//! theorem there is a value `v` and mixes `x`, `y` with `xᵀ A e_j ≥ v` for every `j` and
//! `e_iᵀ A y ≤ v` for every `i`. Both are found by linear programs (microlp):
//!
//! * A: maximise `v` subject to `Σ_i x_i A_ij ≥ v` for every `j`, `Σ x = 1`, `x ≥ 0`;
//! * B: minimise `w` subject to `Σ_j A_ij y_j ≤ w` for every `i`, `Σ y = 1`, `y ≥ 0`;
//!
//! and `v = w` (checked). Where several optimal mixes exist, the solver's vertex is reported.

use microlp::{ComparisonOp, OptimizationDirection, Problem};

/// A payoff matrix: `rows × cols` scores of the row player, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Payoff {
    /// Number of row (side A) policies.
    pub rows: usize,
    /// Number of column (side B) policies.
    pub cols: usize,
    /// `cells[i * cols + j]`: A's score when A plays `i` and B plays `j`.
    pub cells: Vec<f64>,
}

impl Payoff {
    /// A matrix from its rows (all of the same, non-zero length).
    ///
    /// # Panics
    /// If there are no rows, no columns, or rows of different lengths.
    pub fn from_rows(rows: &[Vec<f64>]) -> Self {
        let cols = rows.first().map_or(0, Vec::len);
        assert!(cols > 0, "a game needs at least one policy per side");
        assert!(rows.iter().all(|r| r.len() == cols), "ragged payoff rows");
        Payoff {
            rows: rows.len(),
            cols,
            cells: rows.concat(),
        }
    }

    /// A's score at `(i, j)`.
    pub fn at(&self, i: usize, j: usize) -> f64 {
        self.cells[i * self.cols + j]
    }

    /// A's score with mix `x` against each of B's policies.
    pub fn row_mix_scores(&self, x: &[f64]) -> Vec<f64> {
        (0..self.cols)
            .map(|j| (0..self.rows).map(|i| x[i] * self.at(i, j)).sum())
            .collect()
    }

    /// A's score with each of its policies against B's mix `y`.
    pub fn col_mix_scores(&self, y: &[f64]) -> Vec<f64> {
        (0..self.rows)
            .map(|i| (0..self.cols).map(|j| self.at(i, j) * y[j]).sum())
            .collect()
    }
}

/// The solution of a zero-sum game.
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    /// A's score when both sides play their optimal mixes.
    pub value: f64,
    /// A's optimal mix over its policies (sums to 1).
    pub row_mix: Vec<f64>,
    /// B's optimal mix over its policies (sums to 1).
    pub col_mix: Vec<f64>,
}

impl Equilibrium {
    /// How much A's mix `x` scores below the value against B's best reply (≥ 0; 0 for an
    /// optimal mix).
    pub fn row_exploitability(&self, game: &Payoff, x: &[f64]) -> f64 {
        let worst = game
            .row_mix_scores(x)
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        (self.value - worst).max(0.0)
    }

    /// How much B's mix `y` gives up above the value against A's best reply (≥ 0).
    pub fn col_exploitability(&self, game: &Payoff, y: &[f64]) -> f64 {
        let best = game
            .col_mix_scores(y)
            .into_iter()
            .fold(f64::NEG_INFINITY, f64::max);
        (best - self.value).max(0.0)
    }

    /// The exploitability of each of A's pure policies.
    pub fn row_policy_exploitability(&self, game: &Payoff) -> Vec<f64> {
        (0..game.rows)
            .map(|i| self.row_exploitability(game, &unit(game.rows, i)))
            .collect()
    }

    /// The exploitability of each of B's pure policies.
    pub fn col_policy_exploitability(&self, game: &Payoff) -> Vec<f64> {
        (0..game.cols)
            .map(|j| self.col_exploitability(game, &unit(game.cols, j)))
            .collect()
    }
}

fn unit(n: usize, k: usize) -> Vec<f64> {
    (0..n).map(|i| if i == k { 1.0 } else { 0.0 }).collect()
}

/// Mixes are rounded to this: solver noise below it is not a policy choice.
const MIX_EPSILON: f64 = 1e-9;

/// Solve the game. Every payoff must be finite.
///
/// # Panics
/// If a payoff is not finite (a game of win rates never has one) or the solver fails on a
/// bounded, feasible program (it cannot: both programs always have a solution).
pub fn solve(game: &Payoff) -> Equilibrium {
    assert!(
        game.cells.iter().all(|c| c.is_finite()),
        "payoffs must be finite"
    );
    let (value, row_mix) = side_lp(game, true);
    let (w, col_mix) = side_lp(game, false);
    debug_assert!(
        (value - w).abs() <= 1e-6 * (1.0 + value.abs()),
        "minimax: {value} vs {w}"
    );
    Equilibrium {
        value: (value + w) / 2.0,
        row_mix,
        col_mix,
    }
}

/// One side's program: the row player's (`rows == true`) maximin or the column player's
/// minimax. Returns the guaranteed score and the mix.
fn side_lp(game: &Payoff, rows: bool) -> (f64, Vec<f64>) {
    let (n, m) = if rows {
        (game.rows, game.cols)
    } else {
        (game.cols, game.rows)
    };
    let direction = if rows {
        OptimizationDirection::Maximize
    } else {
        OptimizationDirection::Minimize
    };
    let mut lp = Problem::new(direction);
    let v = lp.add_var(1.0, (f64::NEG_INFINITY, f64::INFINITY));
    let mix: Vec<_> = (0..n).map(|_| lp.add_var(0.0, (0.0, 1.0))).collect();
    for k in 0..m {
        // rows: Σ_i x_i A_ik − v ≥ 0; cols: Σ_j A_kj y_j − w ≤ 0.
        let mut terms: Vec<_> = mix
            .iter()
            .enumerate()
            .map(|(i, &x)| (x, if rows { game.at(i, k) } else { game.at(k, i) }))
            .collect();
        terms.push((v, -1.0));
        let op = if rows {
            ComparisonOp::Ge
        } else {
            ComparisonOp::Le
        };
        lp.add_constraint(terms.as_slice(), op, 0.0);
    }
    let ones: Vec<_> = mix.iter().map(|&x| (x, 1.0)).collect();
    lp.add_constraint(ones.as_slice(), ComparisonOp::Eq, 1.0);
    let solution = lp
        .solve()
        .expect("a matrix game's program is feasible and bounded")
        .into_solution()
        .expect("no time limit is set, so the solve is not interrupted");
    let mut x: Vec<f64> = mix
        .iter()
        .map(|&x| {
            let p = solution.var_value(x);
            if p < MIX_EPSILON { 0.0 } else { p }
        })
        .collect();
    let total: f64 = x.iter().sum();
    x.iter_mut().for_each(|p| *p /= total);
    (solution.objective(), x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    fn all_close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(*x, *y))
    }

    /// Rock–paper–scissors scored as win 1, draw ½, loss 0: value ½, both mixes ⅓ each, and
    /// every pure policy loses ½ to its best reply.
    #[test]
    fn rock_paper_scissors() {
        let g = Payoff::from_rows(&[
            vec![0.5, 0.0, 1.0],
            vec![1.0, 0.5, 0.0],
            vec![0.0, 1.0, 0.5],
        ]);
        let e = solve(&g);
        assert!(close(e.value, 0.5), "{e:?}");
        let third = [1.0 / 3.0; 3];
        assert!(all_close(&e.row_mix, &third), "{e:?}");
        assert!(all_close(&e.col_mix, &third), "{e:?}");
        assert!(all_close(&e.row_policy_exploitability(&g), &[0.5; 3]));
        assert!(all_close(&e.col_policy_exploitability(&g), &[0.5; 3]));
        assert!(close(e.row_exploitability(&g, &third), 0.0));
    }

    /// A dominated policy gets no weight: row 1 is worse than row 0 against everything, then
    /// column 1 is worse for B than column 0, leaving the saddle point (0, 0).
    #[test]
    fn dominated_policy_is_dropped() {
        let g = Payoff::from_rows(&[vec![0.6, 0.7], vec![0.4, 0.5]]);
        let e = solve(&g);
        assert!(close(e.value, 0.6), "{e:?}");
        assert!(all_close(&e.row_mix, &[1.0, 0.0]), "{e:?}");
        assert!(all_close(&e.col_mix, &[1.0, 0.0]), "{e:?}");
        assert!(all_close(&e.row_policy_exploitability(&g), &[0.0, 0.2]));
        assert!(all_close(&e.col_policy_exploitability(&g), &[0.0, 0.1]));
    }

    /// A 2 × 2 game without a saddle point has the closed form
    /// `v = (ad − bc) / (a + d − b − c)`, `x₁ = (d − c) / (a + d − b − c)`,
    /// `y₁ = (d − b) / (a + d − b − c)`: here 18/35, 2/7 and 3/7.
    #[test]
    fn two_by_two_closed_form() {
        let g = Payoff::from_rows(&[vec![0.8, 0.3], vec![0.4, 0.6]]);
        let e = solve(&g);
        assert!(close(e.value, 18.0 / 35.0), "{e:?}");
        assert!(all_close(&e.row_mix, &[2.0 / 7.0, 5.0 / 7.0]), "{e:?}");
        assert!(all_close(&e.col_mix, &[3.0 / 7.0, 4.0 / 7.0]), "{e:?}");
    }

    /// A constructed 3 × 4 game with a known value: B's column 3 is dominated, A's row 2 is
    /// dominated, and the rest is the 2 × 2 game above embedded among them (value 18/35).
    #[test]
    fn constructed_game_with_known_value() {
        let g = Payoff::from_rows(&[
            vec![0.8, 0.3, 0.9, 0.95],
            vec![0.4, 0.6, 0.9, 0.95],
            vec![0.2, 0.1, 0.3, 0.5],
        ]);
        let e = solve(&g);
        assert!(close(e.value, 18.0 / 35.0), "{e:?}");
        assert!(all_close(&e.row_mix, &[2.0 / 7.0, 5.0 / 7.0, 0.0]), "{e:?}");
        assert!(close(e.col_mix[2] + e.col_mix[3], 0.0), "{e:?}");
        // Row 2 is exploited by column 1: 18/35 − 0.1.
        assert!(close(e.row_policy_exploitability(&g)[2], 18.0 / 35.0 - 0.1));
    }

    /// One policy each: the value is the one cell.
    #[test]
    fn one_by_one() {
        let e = solve(&Payoff::from_rows(&[vec![0.37]]));
        assert!(close(e.value, 0.37));
        assert_eq!((e.row_mix, e.col_mix), (vec![1.0], vec![1.0]));
    }
}
