//! The deterministic parallel runner: fixed-size batches of battle indices on rayon, one
//! reusable battle state per worker, per-worker tallies merged at the end.
//!
//! Battle `i` of a matchup always gets `Dice::for_battle(seed, key, i)` and all tallies are
//! exact integers, so the result is bit-identical for any thread count or batch schedule.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use fleetlab_engine::dice::{Dice, name_key};
use fleetlab_engine::outcome::WeaponTally;
use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::search::{SearchSettings, Searcher};
use fleetlab_engine::{NoTrace, Outcome, RuleSystem, ShipTally, Side, Verdict};
use rayon::prelude::*;

use crate::results::MatchupTally;
use crate::stats::fair_cost::ScoreMoments;
use crate::stats::paired::{PairedTally, Score};

/// Battles per batch: the unit of parallel work and of progress reporting.
pub const BATCH: u64 = 1024;

/// A worker's reusable state: battle state, per-ship scratch and its running tally.
pub struct Worker<R: RuleSystem> {
    state: R::State,
    ships: Vec<ShipTally>,
    /// Each ship's side (setup order).
    sides: Vec<Side>,
    /// One battle's weapon-line totals (empty when the rule system tallies none).
    weapons: Vec<WeaponTally>,
    /// What this worker has accumulated.
    pub tally: MatchupTally,
}

impl<R: RuleSystem> Worker<R> {
    /// A worker for a matchup (allocates once).
    pub fn new(m: &R::Matchup) -> Self {
        let n = R::ship_count(m);
        Worker {
            state: R::new_state(m),
            ships: vec![ShipTally::default(); n],
            sides: ship_sides::<R>(m),
            weapons: vec![WeaponTally::default(); R::weapons(m).len()],
            tally: MatchupTally::new(n),
        }
    }

    /// Play battles `indices` of the matchup. Allocation-free once warmed up.
    pub fn play(&mut self, m: &R::Matchup, seed: u64, key: u64, indices: Range<u64>) {
        for i in indices {
            self.play_one(m, seed, key, i);
        }
    }

    /// Play battle `i` of the matchup, record it and return its verdict.
    #[inline]
    pub fn play_one(&mut self, m: &R::Matchup, seed: u64, key: u64, i: u64) -> Verdict {
        self.play_outcome(m, seed, key, i).verdict
    }

    /// Play battle `i` of the matchup, record it and return its outcome.
    #[inline]
    pub fn play_outcome(&mut self, m: &R::Matchup, seed: u64, key: u64, i: u64) -> Outcome {
        let mut dice = Dice::for_battle(seed, key, i);
        let outcome = R::play(m, &mut self.state, &mut dice, &mut NoTrace, &mut self.ships);
        self.tally.record(&outcome, &self.ships, &self.sides);
        if !self.weapons.is_empty() {
            R::tally_weapons(m, &self.state, &mut self.weapons);
            self.tally.record_weapons(&self.weapons);
        }
        outcome
    }
}

/// Each ship's side, in setup order.
fn ship_sides<R: RuleSystem>(m: &R::Matchup) -> Vec<Side> {
    (0..R::ship_count(m)).map(|i| R::ship_side(m, i)).collect()
}

/// The tallies of one A/B group (base, variant, ladder rungs) played on the same dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupTallies {
    /// Per arm, in the group's order (base, variant, rungs): its matchup's tally.
    pub arms: Vec<MatchupTally>,
    /// Per battle index: (base's score, variant's score) for the subject side.
    pub paired: PairedTally,
    /// Every arm's per-battle score moments for the subject side (with ladder rungs only:
    /// the fair-cost search needs the arms' joint covariance).
    pub moments: Option<ScoreMoments>,
}

/// One worker of an A/B group: a reusable battle state per arm (each keeps its own tally),
/// the joint results and a score scratch row.
struct GroupWorker<R: RuleSystem> {
    workers: Vec<Worker<R>>,
    paired: PairedTally,
    moments: Option<ScoreMoments>,
    scores: Vec<Score>,
}

impl<R: RuleSystem> GroupWorker<R> {
    fn new(arms: &[&NamedMatchup<R::Matchup>]) -> Self {
        GroupWorker {
            workers: arms.iter().map(|m| Worker::<R>::new(&m.matchup)).collect(),
            paired: PairedTally::default(),
            moments: (arms.len() > 2).then(|| ScoreMoments::new(arms.len())),
            scores: vec![Score::Loss; arms.len()],
        }
    }

    /// Battle `i` of every arm on the same dice, recorded; `each` sees every arm's outcome,
    /// in arm order.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        arms: &[&NamedMatchup<R::Matchup>],
        seed: u64,
        key: u64,
        subject: Side,
        i: u64,
        each: &mut impl FnMut(Outcome),
    ) {
        for ((w, m), score) in self.workers.iter_mut().zip(arms).zip(&mut self.scores) {
            let outcome = w.play_outcome(&m.matchup, seed, key, i);
            *score = Score::of(outcome.verdict, subject);
            each(outcome);
        }
        self.paired.record(self.scores[0], self.scores[1]);
        if let Some(moments) = &mut self.moments {
            moments.record(&self.scores);
        }
    }

    fn tallies(self) -> GroupTallies {
        GroupTallies {
            arms: self.workers.into_iter().map(|w| w.tally).collect(),
            paired: self.paired,
            moments: self.moments,
        }
    }
}

impl GroupTallies {
    /// No battles yet, for the arms of a group.
    fn empty<R: RuleSystem>(arms: &[&NamedMatchup<R::Matchup>]) -> Self {
        GroupTallies {
            arms: arms
                .iter()
                .map(|m| MatchupTally::new(R::ship_count(&m.matchup)))
                .collect(),
            paired: PairedTally::default(),
            moments: (arms.len() > 2).then(|| ScoreMoments::new(arms.len())),
        }
    }

    /// Add another part's battles (integer sums: the order does not matter).
    fn merge(&mut self, other: &GroupTallies) {
        for (x, y) in self.arms.iter_mut().zip(&other.arms) {
            x.merge(y);
        }
        self.paired.merge(&other.paired);
        if let (Some(x), Some(y)) = (&mut self.moments, &other.moments) {
            x.merge(y);
        }
    }
}

/// Run battles `indices` of an A/B group: battle `i` of every arm's matchup (base, variant,
/// then ladder rungs) on the same dice (`key` is shared), the subject fleet on side
/// `subject` in all. Deterministic for any thread count, like [`run_matchup`]; `stop` as
/// there.
#[allow(clippy::too_many_arguments)]
pub fn run_group<R: RuleSystem>(
    arms: &[&NamedMatchup<R::Matchup>],
    key: u64,
    seed: u64,
    subject: Side,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> GroupTallies {
    assert!(arms.len() >= 2, "an A/B group has a base and a variant");
    batches(indices)
        .fold(
            || GroupWorker::<R>::new(arms),
            |mut g, slice| {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return g;
                }
                let len = slice.end - slice.start;
                for i in slice {
                    g.play(arms, seed, key, subject, i, &mut |_| {});
                }
                // Every arm's battles count for progress.
                on_batch(arms.len() as u64 * len);
                g
            },
        )
        .map(GroupWorker::tallies)
        .reduce(
            || GroupTallies::empty::<R>(arms),
            |mut a, b| {
                a.merge(&b);
                a
            },
        )
}

/// [`run_group`], also handing every battle's outcomes to `record`: per battle index, in
/// order, every arm's outcome in arm order (`arms.len()` entries per battle, each with its
/// battle index). Played in waves as [`run_matchup_recorded`]; the tallies are the same as
/// [`run_group`]'s.
#[allow(clippy::too_many_arguments)]
pub fn run_group_recorded<R: RuleSystem>(
    arms: &[&NamedMatchup<R::Matchup>],
    key: u64,
    seed: u64,
    subject: Side,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    record: &mut RecordBattles<'_>,
) -> std::io::Result<GroupTallies> {
    assert!(arms.len() >= 2, "an A/B group has a base and a variant");
    let mut tallies = GroupTallies::empty::<R>(arms);
    play_in_waves(
        indices,
        arms.len(),
        || GroupWorker::<R>::new(arms),
        |g, i, out| g.play(arms, seed, key, subject, i, &mut |o| out.push((i, o))),
        |g| tallies.merge(&g.tallies()),
        on_batch,
        stop,
        record,
    )?;
    Ok(tallies)
}

/// The dice key of a matchup (from its label, so reordering matchups keeps their dice).
pub fn matchup_key<M>(m: &NamedMatchup<M>) -> u64 {
    name_key(&m.label)
}

/// Run battles `indices` of a matchup on the current rayon pool, battle `i` on
/// `Dice::for_battle(seed, key, i)` (`key`: the experiment's dice key of the matchup,
/// [`crate::load::Experiment::keys`]). `on_batch` is called with
/// the size of each finished batch (for progress bars). If `stop` becomes true, batches not
/// yet started are skipped and the returned tally covers fewer battles (the caller checks
/// `tally.battles`).
pub fn run_matchup<R: RuleSystem>(
    m: &NamedMatchup<R::Matchup>,
    key: u64,
    seed: u64,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> MatchupTally {
    tally_batches(
        indices,
        R::ship_count(&m.matchup),
        || Worker::<R>::new(&m.matchup),
        |w: &mut Worker<R>, slice| w.play(&m.matchup, seed, key, slice),
        |w| w.tally,
        on_batch,
        stop,
    )
}

/// Where [`run_matchup_recorded`] hands each batch's (battle index, outcome) pairs.
pub type RecordBattles<'a> = dyn FnMut(&[(u64, Outcome)]) -> std::io::Result<()> + 'a;

/// Batches per wave of [`run_matchup_recorded`], per rayon thread: a wave's outcomes are
/// held in memory until it is written, so memory is bounded by this, not by the battles.
pub const WAVE_BATCHES_PER_THREAD: u64 = 4;

/// [`run_matchup`], also handing every battle's outcome to `record`, in battle-index order
/// (for the per-battle table, [`crate::per_battle`]). Battles are played in waves of
/// [`WAVE_BATCHES_PER_THREAD`] batches per thread; each batch gets a fresh worker and a
/// buffer of its outcomes (allocations per batch, only on this path), and a wave's buffers
/// go to `record` in order before the next wave starts. The tally is the same as
/// [`run_matchup`]'s (integer sums), whatever the thread count. Stops at `record`'s first
/// error.
pub fn run_matchup_recorded<R: RuleSystem>(
    m: &NamedMatchup<R::Matchup>,
    key: u64,
    seed: u64,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    record: &mut RecordBattles<'_>,
) -> std::io::Result<MatchupTally> {
    let mut tally = MatchupTally::new(R::ship_count(&m.matchup));
    play_in_waves(
        indices,
        1,
        || Worker::<R>::new(&m.matchup),
        |w, i, out| out.push((i, w.play_outcome(&m.matchup, seed, key, i))),
        |w| tally.merge(&w.tally),
        on_batch,
        stop,
        record,
    )?;
    Ok(tally)
}

/// The recorded runners' loop: battles `indices` in waves of [`WAVE_BATCHES_PER_THREAD`]
/// batches per thread; each batch gets a fresh `worker` and a buffer of its outcomes
/// (`per_battle` per battle index, pushed by `play`), and a wave's batches are merged
/// (`merge`) and recorded in battle order before the next wave starts. A batch skipped after
/// `stop` records nothing.
#[allow(clippy::too_many_arguments)]
fn play_in_waves<W: Send>(
    indices: Range<u64>,
    per_battle: usize,
    worker: impl Fn() -> W + Sync + Send,
    play: impl Fn(&mut W, u64, &mut Vec<(u64, Outcome)>) + Sync + Send,
    mut merge: impl FnMut(W),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    record: &mut RecordBattles<'_>,
) -> std::io::Result<()> {
    let wave = WAVE_BATCHES_PER_THREAD * rayon::current_num_threads() as u64 * BATCH;
    let mut start = indices.start;
    while start < indices.end {
        let end = indices.end.min((start / BATCH) * BATCH + wave);
        let played: Vec<(W, Vec<(u64, Outcome)>)> = batches(start..end)
            .map(|slice| {
                let mut w = worker();
                let mut outcomes = Vec::new();
                if !stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    let len = slice.end - slice.start;
                    outcomes.reserve_exact(len as usize * per_battle);
                    for i in slice {
                        play(&mut w, i, &mut outcomes);
                    }
                    on_batch(len * per_battle as u64);
                }
                (w, outcomes)
            })
            .collect();
        for (w, outcomes) in played {
            merge(w);
            record(&outcomes)?;
        }
        start = end;
    }
    Ok(())
}

/// The parallel fold both runners share: one `worker` per rayon job plays whole batches of
/// `indices` (`play`), skipping batches once `stop` is set, and its tally (`tally`) is merged
/// by integer addition, so the result does not depend on the schedule.
#[allow(clippy::too_many_arguments)]
fn tally_batches<W: Send>(
    indices: Range<u64>,
    ships: usize,
    worker: impl Fn() -> W + Sync + Send,
    play: impl Fn(&mut W, Range<u64>) + Sync + Send,
    tally: impl Fn(W) -> MatchupTally + Sync + Send,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> MatchupTally {
    batches(indices)
        .fold(&worker, |mut w, slice| {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return w;
            }
            let len = slice.end - slice.start;
            play(&mut w, slice);
            on_batch(len);
            w
        })
        .map(tally)
        .reduce(
            || MatchupTally::new(ships),
            |mut a, b| {
                a.merge(&b);
                a
            },
        )
}

/// A worker of a search matchup: the battle state, the search player's buffers, scratch.
struct SearchWorker<R: RuleSystem> {
    state: R::State,
    searcher: Searcher<R::State>,
    ships: Vec<ShipTally>,
    sides: Vec<Side>,
    choices: Vec<u64>,
    weapons: Vec<WeaponTally>,
    tally: MatchupTally,
}

/// A search matchup: `side` is the search player, choosing before every turn among
/// `candidates` (its side's policy `i` against the opponent's fixed policy; `home` sets up),
/// the rest as [`run_matchup`] — battle `i` on `Dice::for_battle(seed, key, i)`, so the
/// result is the same for any thread count or shard split.
#[allow(clippy::too_many_arguments)]
pub fn run_search<R: RuleSystem>(
    candidates: &[&R::Matchup],
    home: usize,
    side: Side,
    settings: &SearchSettings,
    key: u64,
    seed: u64,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> MatchupTally {
    let n = R::ship_count(candidates[home]);
    tally_batches(
        indices,
        n,
        || {
            let state = R::new_state(candidates[home]);
            SearchWorker::<R> {
                searcher: Searcher::new::<R>(candidates[home], candidates.len()),
                state,
                ships: vec![ShipTally::default(); n],
                sides: ship_sides::<R>(candidates[home]),
                choices: vec![0; candidates.len()],
                weapons: vec![WeaponTally::default(); R::weapons(candidates[home]).len()],
                tally: MatchupTally::new(n),
            }
        },
        |w: &mut SearchWorker<R>, slice| {
            for i in slice {
                let mut dice = Dice::for_battle(seed, key, i);
                let outcome = w.searcher.play::<R>(
                    candidates,
                    home,
                    side,
                    settings,
                    &mut w.state,
                    &mut dice,
                    &mut w.ships,
                    &mut w.choices,
                );
                w.tally.record(&outcome, &w.ships, &w.sides);
                // The battle's own state (the rollouts play on copies): its lines' totals.
                if !w.weapons.is_empty() {
                    R::tally_weapons(candidates[home], &w.state, &mut w.weapons);
                    w.tally.record_weapons(&w.weapons);
                }
            }
        },
        |w| MatchupTally {
            search_choices: w.choices,
            ..w.tally
        },
        on_batch,
        stop,
    )
}

/// The batches covering `indices`, in order, each as the part of `indices` it plays: the
/// unit of parallel work (batch `b` covers battles `b·BATCH..(b+1)·BATCH`, so a battle's batch
/// never depends on where a range starts).
pub fn batches(indices: Range<u64>) -> impl ParallelIterator<Item = Range<u64>> {
    let (start, end) = (indices.start, indices.end);
    (start / BATCH..end.div_ceil(BATCH))
        .into_par_iter()
        .map(move |b| (b * BATCH).max(start)..((b + 1) * BATCH).min(end))
}

/// Run `f` on a rayon pool with `threads` threads (all cores when `None`).
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        b = b.num_threads(t);
    }
    let pool = b
        .build()
        .map_err(|e| format!("cannot start {threads:?} threads: {e}"))?;
    Ok(pool.install(f))
}
