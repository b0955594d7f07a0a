//! The deterministic parallel runner: fixed-size batches of battle indices on rayon, one
//! reusable battle state per worker, per-worker tallies merged at the end.
//!
//! Battle `i` of a matchup always gets `Dice::for_battle(seed, key, i)` and all tallies are
//! exact integers, so the result is bit-identical for any thread count or batch schedule.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use fleetlab_engine::dice::{Dice, name_key};
use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::{NoTrace, RuleSystem, ShipTally, Side, Verdict};
use rayon::prelude::*;

use crate::results::MatchupTally;
use crate::stats::paired::{PairedTally, Score};

/// Battles per batch: the unit of parallel work and of progress reporting.
pub const BATCH: u64 = 1024;

/// A worker's reusable state: battle state, per-ship scratch and its running tally.
pub struct Worker<R: RuleSystem> {
    state: R::State,
    ships: Vec<ShipTally>,
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
        let mut dice = Dice::for_battle(seed, key, i);
        let outcome = R::play(m, &mut self.state, &mut dice, &mut NoTrace, &mut self.ships);
        self.tally.record(&outcome, &self.ships);
        outcome.verdict
    }
}

/// The base's and the variant's tallies of an A/B pair and their joint results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairTallies {
    /// The base arm's matchup.
    pub base: MatchupTally,
    /// The variant arm's matchup.
    pub variant: MatchupTally,
    /// Per battle index: (base's score, variant's score) for the subject side.
    pub paired: PairedTally,
}

/// Run battles `indices` of an A/B pair: battle `i` of the base's and of the variant's
/// matchup on the same dice (`key` is shared), the subject fleet on side `subject` in both.
/// Deterministic for any thread count, like [`run_matchup`]; `stop` as there.
#[allow(clippy::too_many_arguments)]
pub fn run_pair<R: RuleSystem>(
    base: &NamedMatchup<R::Matchup>,
    variant: &NamedMatchup<R::Matchup>,
    key: u64,
    seed: u64,
    subject: Side,
    indices: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> PairTallies {
    let empty = || PairTallies {
        base: MatchupTally::new(R::ship_count(&base.matchup)),
        variant: MatchupTally::new(R::ship_count(&variant.matchup)),
        paired: PairedTally::default(),
    };
    batches(indices)
        .fold(
            || {
                (
                    Worker::<R>::new(&base.matchup),
                    Worker::<R>::new(&variant.matchup),
                    PairedTally::default(),
                )
            },
            |(mut wb, mut wv, mut paired), slice| {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return (wb, wv, paired);
                }
                let len = slice.end - slice.start;
                for i in slice {
                    let vb = wb.play_one(&base.matchup, seed, key, i);
                    let vv = wv.play_one(&variant.matchup, seed, key, i);
                    paired.record(Score::of(vb, subject), Score::of(vv, subject));
                }
                // Both arms' battles count for progress.
                on_batch(2 * len);
                (wb, wv, paired)
            },
        )
        .map(|(wb, wv, paired)| PairTallies {
            base: wb.tally,
            variant: wv.tally,
            paired,
        })
        .reduce(empty, |mut a, b| {
            a.base.merge(&b.base);
            a.variant.merge(&b.variant);
            a.paired.merge(&b.paired);
            a
        })
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
    let n = R::ship_count(&m.matchup);
    batches(indices)
        .fold(
            || Worker::<R>::new(&m.matchup),
            |mut w, slice| {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return w;
                }
                let len = slice.end - slice.start;
                w.play(&m.matchup, seed, key, slice);
                on_batch(len);
                w
            },
        )
        .map(|w| w.tally)
        .reduce(
            || MatchupTally::new(n),
            |mut a, b| {
                a.merge(&b);
                a
            },
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
