//! Playing a raced policy game (`[experiment.game]` with `race`): the select half in stages of
//! a fixed number of battles, every pair of policies still in play on the same dice battle by
//! battle (so the differences between two policies are paired), dropping after each stage the
//! policies another of their side beats beyond doubt ([`crate::stats::race`]); then the
//! evaluate half of the pairs still in play, exactly as an unraced game plays it.
//!
//! **Why the select half only.** The mixes are chosen on the select half and what they
//! guarantee is bounded on the evaluate half ([`crate::stats::game_value`]). Racing decides on
//! select-half battles only, so the evaluate half stays independent of every choice. A
//! policy that is truly dominated (iteratively) is in no optimal mix and, on the rows a mix
//! can use, never the opponent's best reply, so leaving it out of the evaluate half changes
//! neither the value nor the honest bounds; the interval then covers with probability at
//! least `1 − α_interval − α_race`.
//!
//! **Determinism.** Stage boundaries are fixed battle counts (`stage`, `2·stage`, … of the
//! experiment's `battles`); battle `i` of a pair rolls `Dice::for_battle(seed, key, i)` as in
//! an unraced game, and the race's tallies are integers merged by addition. Which policies
//! drop depends only on the results, never on the thread count or timing: the same seed gives
//! the same bits — and every pair still in play has exactly the battles (and results) it has in
//! the unraced game. A shard would see only part of each stage, so racing is refused with
//! `--shard` (and with `--target-error`, which decides battles its own way).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::{RuleSystem, Side};
use rayon::prelude::*;

use crate::kinds::{DroppedPolicy, GameHalf, GamePlan, Plan, RacePlan, SearchSide};
use crate::load::Experiment;
use crate::results::{MatchupResult, MatchupTally};
use crate::runner::{self, Worker, batches};
use crate::stats::paired::Score;
use crate::stats::race::{RaceRule, RaceSide, RaceTally, eliminate};

/// A worker's reusable state for one half of a game: one battle state per pair of policies,
/// A's scores (half-points) of a batch of battle indices per pair, and one index's row.
pub struct GameWorker<R: RuleSystem> {
    workers: Vec<Worker<R>>,
    /// `scores[k · BATCH + t]`: pair `k`'s score in the batch's battle `t`.
    scores: Vec<u8>,
    row: Vec<u8>,
}

impl<R: RuleSystem> GameWorker<R> {
    /// A worker for the `rows × cols` cells of a half, row-major (allocates once).
    pub fn new(cells: &[&NamedMatchup<R::Matchup>]) -> Self {
        GameWorker {
            workers: cells.iter().map(|m| Worker::<R>::new(&m.matchup)).collect(),
            scores: vec![0; cells.len() * runner::BATCH as usize],
            row: vec![0; cells.len()],
        }
    }

    /// Play battles `slice` (at most one batch) of every pair still in play
    /// (`alive_a[row] && alive_b[col]`), each pair's battles in a run (its battle state stays
    /// warm), then record the paired differences of every battle index in `race`.
    /// Allocation-free once warmed up.
    #[allow(clippy::too_many_arguments)]
    pub fn play_slice(
        &mut self,
        cells: &[&NamedMatchup<R::Matchup>],
        keys: &[u64],
        alive_a: &[bool],
        alive_b: &[bool],
        seed: u64,
        slice: Range<u64>,
        race: &mut RaceTally,
    ) {
        let len = (slice.end - slice.start) as usize;
        let batch = runner::BATCH as usize;
        assert!(len <= batch, "one batch at a time");
        let cols = alive_b.len();
        for (k, (w, m)) in self.workers.iter_mut().zip(cells).enumerate() {
            if !(alive_a[k / cols] && alive_b[k % cols]) {
                continue;
            }
            for (t, i) in slice.clone().enumerate() {
                let verdict = w.play_one(&m.matchup, seed, keys[k], i);
                self.scores[k * batch + t] = match Score::of(verdict, Side::A) {
                    Score::Loss => 0,
                    Score::Draw => 1,
                    Score::Win => 2,
                };
            }
        }
        for t in 0..len {
            for (k, x) in self.row.iter_mut().enumerate() {
                *x = self.scores[k * batch + t];
            }
            race.record(&self.row, alive_a, alive_b);
        }
    }

    /// Each pair's tally, row-major.
    pub fn tallies(&self) -> impl Iterator<Item = &MatchupTally> {
        self.workers.iter().map(|w| &w.tally)
    }
}

/// One stage of the select half: battles `range` of every pair in play.
#[allow(clippy::too_many_arguments)]
fn play_stage<R: RuleSystem>(
    cells: &[&NamedMatchup<R::Matchup>],
    keys: &[u64],
    alive_a: &[bool],
    alive_b: &[bool],
    seed: u64,
    range: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> (Vec<MatchupTally>, RaceTally) {
    let (rows, cols) = (alive_a.len(), alive_b.len());
    let in_play = cells
        .iter()
        .enumerate()
        .filter(|(k, _)| alive_a[k / cols] && alive_b[k % cols])
        .count() as u64;
    let empty = || {
        (
            cells
                .iter()
                .map(|m| MatchupTally::new(R::ship_count(&m.matchup)))
                .collect::<Vec<_>>(),
            RaceTally::new(rows, cols),
        )
    };
    batches(range)
        .fold(
            || (GameWorker::<R>::new(cells), RaceTally::new(rows, cols)),
            |(mut w, mut race), slice| {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return (w, race);
                }
                let len = slice.end - slice.start;
                w.play_slice(cells, keys, alive_a, alive_b, seed, slice, &mut race);
                on_batch(in_play * len);
                (w, race)
            },
        )
        .map(|(w, race)| (w.tallies().cloned().collect::<Vec<_>>(), race))
        .reduce(empty, |(mut ta, mut ra), (tb, rb)| {
            for (x, y) in ta.iter_mut().zip(&tb) {
                x.merge(y);
            }
            ra.merge(&rb);
            (ta, ra)
        })
}

/// Play battles `0..battles` of a raced game (`exp.plan` a game with `race`): the select half
/// in stages with elimination after each, then the evaluate half of the pairs in play. Returns
/// one result per matchup (a dropped pair's select result holds the battles it played before
/// the drop, its evaluate result none) and the drops in order. `on_matchup`, `on_batch` and
/// `stop` as in [`crate::play::play`].
///
/// # Panics
/// If the experiment is not a raced policy game.
pub fn play_race<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    battles: u64,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> (Vec<MatchupResult>, Vec<DroppedPolicy>) {
    let Plan::Game(plan) = &exp.plan else {
        panic!("play_race needs a policy game");
    };
    let race = plan.race.as_ref().expect("play_race needs `race`");
    let (rows, cols) = (plan.a_policies.len(), plan.b_policies.len());
    let mut tallies: Vec<MatchupTally> = exp
        .matchups
        .iter()
        .map(|m| MatchupTally::new(R::ship_count(&m.matchup)))
        .collect();
    let (mut alive_a, mut alive_b) = (vec![true; rows], vec![true; cols]);
    let select = plan.half(GameHalf::Select);
    let cells: Vec<_> = select.iter().map(|&k| &exp.matchups[k]).collect();
    let keys: Vec<u64> = select.iter().map(|&k| exp.keys[k]).collect();
    let stages = stages(race, battles);
    let z = RaceRule {
        alpha: race.alpha,
        looks: stages.len() as u64,
    }
    .z(rows, cols);
    let mut paired = RaceTally::new(rows, cols);
    let mut dropped = Vec::new();
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    for (s, range) in stages.into_iter().enumerate() {
        on_matchup(&format!("select half, stage {}", s + 1));
        let end = range.end;
        let (stage, race_tally) = play_stage::<R>(
            &cells, &keys, &alive_a, &alive_b, seed, range, on_batch, stop,
        );
        for (&k, t) in select.iter().zip(&stage) {
            tallies[k].merge(t);
        }
        paired.merge(&race_tally);
        if stopped() {
            break;
        }
        for e in eliminate(&paired, &mut alive_a, &mut alive_b, z) {
            dropped.push(DroppedPolicy {
                side: match e.side {
                    RaceSide::A => Side::A,
                    RaceSide::B => Side::B,
                },
                policy: e.policy,
                beaten_by: e.beaten_by,
                stage: s as u64 + 1,
                after_battles: end,
            });
        }
    }
    if !stopped() {
        for k in plan.half(GameHalf::Evaluate) {
            let c = plan.cells[k];
            if !(alive_a[c.row] && alive_b[c.col]) {
                continue;
            }
            on_matchup(&exp.matchups[k].label);
            tallies[k] = runner::run_matchup::<R>(
                &exp.matchups[k],
                exp.keys[k],
                seed,
                0..battles,
                on_batch,
                stop,
            );
        }
        // The search player against each opponent policy still in play, exactly as an
        // unraced game plays it (its candidates are all its side's policies: a script
        // dominated over a whole battle may still be the best choice for some turns).
        for (k, side, opp) in plan.search_cells() {
            let alive = match side {
                SearchSide::A => alive_b[opp],
                SearchSide::B => alive_a[opp],
            };
            if !alive {
                continue;
            }
            on_matchup(&exp.matchups[k].label);
            tallies[k] =
                crate::play::play_search::<R>(exp, plan, k, seed, 0..battles, on_batch, stop);
        }
    }
    (exp.results(tallies), dropped)
}

/// The select half's stages: `0..stage`, `stage..2·stage`, … up to `battles`.
pub fn stages(race: &RacePlan, battles: u64) -> Vec<Range<u64>> {
    let stage = race.stage.max(1);
    (0..battles.div_ceil(stage))
        .map(|s| s * stage..((s + 1) * stage).min(battles))
        .collect()
}

/// Record a race's drops in a plan (its manifest's copy), so the report names them.
pub fn record_drops(plan: &mut Plan, dropped: Vec<DroppedPolicy>) {
    if let Plan::Game(GamePlan {
        race: Some(race), ..
    }) = plan
    {
        race.dropped = dropped;
    }
}

/// Whether an experiment is a raced policy game.
pub fn is_raced(plan: &Plan) -> bool {
    matches!(plan, Plan::Game(GamePlan { race: Some(_), .. }))
}
