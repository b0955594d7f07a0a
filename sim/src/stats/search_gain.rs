//! Search gain: how much a search player (`fleetlab_engine::search`) scores beyond the best
//! of the scripts it chooses among — the auditor of a policy game (issue 16 §3). A large
//! gain says the scripts are weak, so a verdict that rests on them is suspect.
//!
//! Against an opponent policy `j`, the gain is `S_j − max_i M_ij`: the search player's score
//! minus the best preset's, both on the evaluate half's battles (the search cells play on
//! its dice). Against the opponent's optimal mix `σ` (chosen on the select half, so it is
//! independent of these battles) it is `Σ_j σ_j S_j − max_i Σ_j σ_j M_ij`: "the search
//! player's score against the best preset mix, minus the best preset's". Taking the best
//! preset by its measured score favours the presets, so the gain is if anything
//! understated. The interval `gain ± z·se` adds the variances of the two terms as if they
//! were independent; the search cells share their first dice with the preset cells, which
//! correlates them positively, so the interval is if anything too wide.

use super::game_value::CellCounts;

/// One side's search gain.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchGain {
    /// Per opponent policy: the search player's mean score and its standard error.
    pub score: Vec<(f64, f64)>,
    /// Per opponent policy: the best preset (index) and its mean score.
    pub best: Vec<(usize, f64)>,
    /// Per opponent policy: gain and its standard error.
    pub gain: Vec<(f64, f64)>,
    /// Against the opponent's mix: the search player's score, the best preset (index) and its
    /// score, the gain and its standard error.
    pub against_mix: MixGain,
}

/// The search gain against the opponent's optimal mix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MixGain {
    /// `Σ_j σ_j S_j`.
    pub score: f64,
    /// The preset with the best score against the mix.
    pub best: usize,
    /// Its score `Σ_j σ_j M_ij`.
    pub best_score: f64,
    /// `score − best_score`.
    pub gain: f64,
    /// Standard error of the gain.
    pub std_error: f64,
}

/// The search gain of a side from its own perspective: `presets` its score with each of its
/// policies (rows) against each opponent policy (columns), row-major, on the evaluate half;
/// `search[j]` the search player's results against opponent policy `j`; `mix` the opponent's
/// optimal mix. `None` when a cell has no battles.
pub fn search_gain(
    rows: usize,
    cols: usize,
    presets: &[CellCounts],
    search: &[CellCounts],
    mix: &[f64],
) -> Option<SearchGain> {
    assert_eq!(presets.len(), rows * cols, "one preset cell per pair");
    assert_eq!(search.len(), cols, "one search cell per opponent policy");
    assert_eq!(mix.len(), cols, "one weight per opponent policy");
    if rows == 0 || presets.iter().chain(search).any(|c| c.battles == 0) {
        return None;
    }
    let at = |i: usize, j: usize| presets[i * cols + j];
    let mean = |c: CellCounts| c.score().unwrap_or(0.0);
    let se = |c: CellCounts| c.std_error().unwrap_or(0.0);
    let score: Vec<(f64, f64)> = search.iter().map(|&c| (mean(c), se(c))).collect();
    let best_of = |value: &dyn Fn(usize) -> f64| {
        (1..rows).fold(0, |b, i| if value(i) > value(b) { i } else { b })
    };
    let best: Vec<(usize, f64)> = (0..cols)
        .map(|j| {
            let i = best_of(&|i| mean(at(i, j)));
            (i, mean(at(i, j)))
        })
        .collect();
    let gain = (0..cols)
        .map(|j| {
            let (s, s_se) = score[j];
            let b = at(best[j].0, j);
            (s - mean(b), s_se.hypot(se(b)))
        })
        .collect();
    let against = |i: usize| (0..cols).map(|j| mix[j] * mean(at(i, j))).sum::<f64>();
    let i = best_of(&against);
    let s: f64 = (0..cols).map(|j| mix[j] * score[j].0).sum();
    let var: f64 = (0..cols)
        .map(|j| mix[j].powi(2) * (score[j].1.powi(2) + se(at(i, j)).powi(2)))
        .sum();
    Some(SearchGain {
        score,
        best,
        gain,
        against_mix: MixGain {
            score: s,
            best: i,
            best_score: against(i),
            gain: s - against(i),
            std_error: var.sqrt(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(battles: u64, wins: u64, draws: u64) -> CellCounts {
        CellCounts {
            battles,
            wins,
            draws,
        }
    }

    #[test]
    fn gain_is_the_search_score_over_the_best_preset() {
        // Two presets, two opponent policies: preset 0 scores 0.5 / 0.2, preset 1 0.3 / 0.6.
        let presets = [
            cell(10, 5, 0),
            cell(10, 2, 0),
            cell(10, 3, 0),
            cell(10, 6, 0),
        ];
        let search = [cell(10, 7, 0), cell(10, 6, 2)];
        let g = search_gain(2, 2, &presets, &search, &[0.5, 0.5]).unwrap();
        assert_eq!(g.best, vec![(0, 0.5), (1, 0.6)]);
        assert!((g.gain[0].0 - 0.2).abs() < 1e-12);
        assert!((g.gain[1].0 - 0.1).abs() < 1e-12);
        // Against the even mix: presets score 0.35 and 0.45, the search player 0.7.
        let m = g.against_mix;
        assert_eq!(m.best, 1);
        assert!((m.best_score - 0.45).abs() < 1e-12);
        assert!((m.score - 0.7).abs() < 1e-12);
        assert!((m.gain - 0.25).abs() < 1e-12);
        // se² = Σ σ_j² (se(S_j)² + se(M_1j)²).
        let v = |c: CellCounts| c.std_error().unwrap().powi(2);
        let want = 0.25 * (v(search[0]) + v(presets[2])) + 0.25 * (v(search[1]) + v(presets[3]));
        assert!((m.std_error - want.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn an_unplayed_search_cell_leaves_the_gain_unmeasured() {
        let presets = [cell(10, 5, 0)];
        assert!(search_gain(1, 1, &presets, &[cell(0, 0, 0)], &[1.0]).is_none());
        assert!(search_gain(1, 1, &presets, &[cell(4, 2, 0)], &[1.0]).is_some());
    }
}
