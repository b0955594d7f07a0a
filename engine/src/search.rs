//! A search player, for every rule system: before each turn it chooses which of its policies
//! to play that turn by Monte Carlo rollouts from the current position, then plays it.
//!
//! The candidates are macro actions: "play policy `i` from here on". Each is scored by
//! rollouts — copy the position ([`RuleSystem::State`]'s `clone_from`, no allocation), play
//! the candidate's policy to the end of the battle through the forward model
//! ([`RuleSystem::turn`]), score a win 1, a draw ½ — and the rollouts are shared out by UCB1
//! (Auer, Cesa-Bianchi & Fischer 2002) over a fixed budget per decision: flat Monte Carlo
//! with UCB. The `k`-th rollout of every candidate plays on the same dice (common random
//! numbers), seeded from one draw of the battle's own dice, so a battle with a search player
//! is as deterministic as any other: the same bits for any thread count and shard split.
//!
//! The opponent plays one fixed policy, and the search player's rollouts know it (it is the
//! opponent the policy game's best reply is computed against, so the two compare: "search
//! gain" in `fleetlab_sim::stats::search_gain`). A player switching policy changes the matchup
//! passed to [`RuleSystem::turn`]; the candidates' matchups differ only in that side's policy.

use crate::dice::{Dice, Roller};
use crate::observer::NoTrace;
use crate::outcome::{Outcome, ShipTally, Side, Verdict};
use crate::rule_system::RuleSystem;

/// How hard the search player thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    /// Rollouts per decision, shared out over the candidates by UCB1 (at least one per
    /// candidate).
    pub rollouts: u32,
    /// UCB1's exploration constant `c` in `mean + c·√(ln t / n)` (scores in 0..=1).
    pub exploration: f64,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            rollouts: 32,
            exploration: std::f64::consts::SQRT_2,
        }
    }
}

/// A worker's reusable search buffers: the rollout position, per-ship scratch and per
/// candidate statistics. Allocated once per worker; searching allocates nothing after.
pub struct Searcher<S> {
    rollout: S,
    ships: Vec<ShipTally>,
    /// Per candidate: rollouts played and half-points scored (win 2, draw 1) this decision.
    visits: Vec<u32>,
    half_points: Vec<u32>,
}

impl<S: Clone> Searcher<S> {
    /// Buffers for searching among `candidates` policies in battles of `m` (the rollout
    /// position is a fresh state of the matchup, with every capacity it reserves).
    pub fn new<R: RuleSystem<State = S>>(m: &R::Matchup, candidates: usize) -> Self {
        Searcher {
            rollout: R::new_state(m),
            ships: vec![ShipTally::default(); R::ship_count(m)],
            visits: vec![0; candidates],
            half_points: vec![0; candidates],
        }
    }

    /// Play one battle in which side `me` is the search player. `candidates[i]` is the
    /// matchup in which `me` plays its policy `i` (the opponent the same policy in all);
    /// `home` is the policy it sets up with ([`RuleSystem::begin`]). `choices[i]` counts the
    /// turns it played policy `i`. Fills `ships` like [`RuleSystem::play`].
    #[allow(clippy::too_many_arguments)]
    pub fn play<R: RuleSystem<State = S>>(
        &mut self,
        candidates: &[&R::Matchup],
        home: usize,
        me: Side,
        settings: &SearchSettings,
        state: &mut S,
        dice: &mut Dice,
        ships: &mut [ShipTally],
        choices: &mut [u64],
    ) -> Outcome {
        R::begin(candidates[home], state, dice, &mut NoTrace);
        ships.iter_mut().for_each(|t| t.lost_on_turn = 0);
        let mut turn = 0;
        loop {
            let pick = self.choose::<R>(candidates, me, settings, state, dice);
            choices[pick] += 1;
            let over = R::turn(candidates[pick], state, dice, &mut NoTrace);
            turn += 1;
            R::note_losses(state, turn, ships);
            if over {
                return R::finish(candidates[pick], state, dice, &mut NoTrace, ships);
            }
        }
    }

    /// The candidate to play this turn from position `state`: the best mean score over its
    /// rollouts (ties to the battle's dice, never to the list order).
    fn choose<R: RuleSystem<State = S>>(
        &mut self,
        candidates: &[&R::Matchup],
        me: Side,
        settings: &SearchSettings,
        state: &S,
        dice: &mut Dice,
    ) -> usize {
        let n = candidates.len();
        if n == 1 {
            return 0;
        }
        let seed = dice.draw_seed();
        self.visits.iter_mut().for_each(|v| *v = 0);
        self.half_points.iter_mut().for_each(|p| *p = 0);
        let budget = settings.rollouts.max(n as u32);
        for t in 0..budget {
            let i = if (t as usize) < n {
                t as usize
            } else {
                self.most_promising(t, settings.exploration)
            };
            let k = u64::from(self.visits[i]);
            let score = self.rollout::<R>(candidates[i], me, state, seed, k);
            self.visits[i] += 1;
            self.half_points[i] += score;
        }
        self.best(dice)
    }

    /// UCB1's pick after `t` rollouts: the highest `mean + c·√(ln t / n)`. Which candidate
    /// gets the next rollout is the search's own bookkeeping (not a choice in the game), so
    /// equal bounds go to the first.
    fn most_promising(&self, t: u32, c: f64) -> usize {
        let ln_t = f64::from(t).ln();
        let bound = |i: usize| {
            let v = f64::from(self.visits[i]);
            f64::from(self.half_points[i]) / (2.0 * v) + c * (ln_t / v).sqrt()
        };
        (1..self.visits.len()).fold(0, |best, i| if bound(i) > bound(best) { i } else { best })
    }

    /// The candidate with the best mean score; candidates that tie on the best mean are
    /// decided by the battle's dice.
    fn best(&self, dice: &mut Dice) -> usize {
        // Compare means a/b and c/d exactly: a·d vs c·b (integers).
        let better = |i: usize, j: usize| {
            let (a, b) = (u64::from(self.half_points[i]), u64::from(self.visits[i]));
            let (c, d) = (u64::from(self.half_points[j]), u64::from(self.visits[j]));
            (a * d).cmp(&(c * b))
        };
        let n = self.visits.len();
        let top = (1..n).fold(0, |best, i| if better(i, best).is_gt() { i } else { best });
        let ties = (0..n).filter(|&i| better(i, top).is_eq()).count() as u32;
        if ties == 1 {
            return top;
        }
        let nth = dice.below(ties) as usize;
        (0..n)
            .filter(|&i| better(i, top).is_eq())
            .nth(nth)
            .expect("nth of the tied candidates")
    }

    /// One rollout: from `state`, `me` plays `m`'s policy to the end on the `k`-th rollout
    /// dice of this decision. Returns `me`'s score in half-points (win 2, draw 1, loss 0).
    fn rollout<R: RuleSystem<State = S>>(
        &mut self,
        m: &R::Matchup,
        me: Side,
        state: &S,
        seed: u64,
        k: u64,
    ) -> u32 {
        let mut dice = Dice::for_battle(seed, 0, k);
        self.rollout.clone_from(state);
        while !R::turn(m, &mut self.rollout, &mut dice, &mut NoTrace) {}
        let out = R::finish(
            m,
            &mut self.rollout,
            &mut dice,
            &mut NoTrace,
            &mut self.ships,
        );
        match out.verdict {
            Verdict::Win(w) if w == me => 2,
            Verdict::Draw => 1,
            Verdict::Win(_) => 0,
        }
    }
}
