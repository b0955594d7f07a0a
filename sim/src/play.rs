//! Play an experiment's battles, whatever its kind: plain matchups one after another, A/B
//! pairs together on the same dice (so the paired statistics exist) — either a fixed range
//! of battle indices ([`play`]) or until every reported interval is narrow enough
//! ([`play_to_target`]).

use std::io;
use std::ops::Range;
use std::sync::atomic::AtomicBool;

use fleetlab_engine::{Outcome, RuleSystem};

use crate::kinds::{GamePlan, Plan, SearchSide};
use crate::load::Experiment;
use crate::results::{MatchupResult, MatchupTally};
use crate::runner;
use crate::stats::fair_cost::ScoreMoments;
use fleetlab_engine::Side;

/// Play battles `range` of every matchup of `exp` on the current rayon pool and return one
/// result per matchup, in order. A/B pairs are played together and the variant's result
/// carries the paired tally. `on_matchup` is told the label of the matchup (or pair) about to
/// start; `on_batch` and `stop` as in [`runner::run_matchup`].
pub fn play<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    range: Range<u64>,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> Vec<MatchupResult> {
    let units = exp.plan.units(exp.matchups.len());
    let active = vec![true; units.len()];
    match play_units::<R>(
        exp, &units, &active, seed, range, on_matchup, on_batch, stop, None,
    ) {
        Ok(results) => results,
        Err(_) => unreachable!("without a recorder nothing is written"),
    }
}

/// Where [`play_recorded`] hands each unit's battles as they are played: the unit's matchup
/// indices (one, or an A/B group's arms) and, per battle index in order, one outcome per
/// matchup of the unit, in the unit's order.
pub type RecordUnit<'a> = dyn FnMut(&[usize], &[(u64, Outcome)]) -> io::Result<()> + 'a;

/// [`play`], also handing every battle's outcome to `record` (the per-battle table,
/// [`crate::per_battle`]): unit by unit, battle index by battle index. The results are
/// [`play`]'s. Policy games with search cells are not recorded (a search cell plays
/// through its own runner): the caller refuses them ([`crate::per_battle::supported`]).
#[allow(clippy::too_many_arguments)]
pub fn play_recorded<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    range: Range<u64>,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    record: &mut RecordUnit<'_>,
) -> io::Result<Vec<MatchupResult>> {
    let units = exp.plan.units(exp.matchups.len());
    let active = vec![true; units.len()];
    play_units::<R>(
        exp,
        &units,
        &active,
        seed,
        range,
        on_matchup,
        on_batch,
        stop,
        Some(record),
    )
}

/// When [`play_to_target`] stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Largest acceptable half-width of every reported interval (a fraction: 0.01 = ±1
    /// percentage point): both sides' win rates of every matchup, and the paired delta of
    /// every A/B opponent.
    pub half_width: f64,
    /// Normal quantile of the intervals.
    pub z: f64,
    /// Most battles per matchup.
    pub cap: u64,
}

/// The first look plays this many battles per matchup; each later look doubles the total.
pub const FIRST_LOOK: u64 = 8 * runner::BATCH;

/// Whether a result's intervals are all within `t.half_width`.
fn narrow_enough(r: &MatchupResult, t: &Target) -> bool {
    let n = r.tally.battles;
    let half = |k: u64| {
        let (lo, hi) = crate::stats::wilson(k, n, t.z);
        (hi - lo) / 2.0
    };
    let paired_ok = r.paired.as_ref().is_none_or(|p| {
        p.deltas()
            .summary(t.z)
            .std_error
            .is_some_and(|se| t.z * se <= t.half_width)
    });
    half(r.tally.wins[0]) <= t.half_width && half(r.tally.wins[1]) <= t.half_width && paired_ok
}

/// Play until every matchup's intervals are within `target` (or it reached the cap): looks of
/// battles `0..8192`, then doubling the battles of every matchup not yet narrow enough (an A/B
/// pair continues while either arm or their delta is too wide). Which matchups continue
/// depends only on the results so far, so the outcome is deterministic for a seed, whatever
/// the thread count. Returns the results (matchups may have played different numbers of
/// battles) and whether every matchup met the target.
pub fn play_to_target<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    target: &Target,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> (Vec<MatchupResult>, bool) {
    let units = exp.plan.units(exp.matchups.len());
    let mut results: Option<Vec<MatchupResult>> = None;
    let mut active: Vec<bool> = vec![true; units.len()];
    let mut done_to = 0u64;
    while active.iter().any(|&a| a) && done_to < target.cap {
        let next = if done_to == 0 {
            FIRST_LOOK
        } else {
            done_to * 2
        }
        .min(target.cap);
        // Play this look's slice of every active unit through the ordinary runner: an
        // experiment restricted to the active units.
        let look = match play_units::<R>(
            exp,
            &units,
            &active,
            seed,
            done_to..next,
            on_matchup,
            on_batch,
            stop,
            None,
        ) {
            Ok(look) => look,
            Err(_) => unreachable!("without a recorder nothing is written"),
        };
        match &mut results {
            None => results = Some(look),
            Some(sums) => {
                for (unit, &a) in units.iter().zip(&active) {
                    if !a {
                        continue;
                    }
                    for &k in unit {
                        sums[k].tally.merge(&look[k].tally);
                        if let (Some(s), Some(l)) = (&mut sums[k].paired, &look[k].paired) {
                            s.merge(l);
                        }
                        if let (Some(s), Some(l)) = (&mut sums[k].moments, &look[k].moments) {
                            s.merge(l);
                        }
                    }
                }
            }
        }
        if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            break;
        }
        let sums = results.as_ref().expect("one look played");
        for (unit, a) in units.iter().zip(active.iter_mut()) {
            if *a && unit.iter().all(|&k| narrow_enough(&sums[k], target)) {
                *a = false;
            }
        }
        done_to = next;
    }
    let results = results.unwrap_or_else(|| play::<R>(exp, seed, 0..0, on_matchup, on_batch, stop));
    let met = results.iter().all(|r| narrow_enough(r, target));
    (results, met)
}

/// Battles `range` of the active units (results for inactive ones are empty), each unit's
/// battles handed to `record` when there is one (its first error stops the run).
#[allow(clippy::too_many_arguments)]
fn play_units<R: RuleSystem>(
    exp: &Experiment<R>,
    units: &[Vec<usize>],
    active: &[bool],
    seed: u64,
    range: Range<u64>,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    mut record: Option<&mut RecordUnit<'_>>,
) -> io::Result<Vec<MatchupResult>> {
    let n = exp.matchups.len();
    let mut tallies: Vec<MatchupTally> = exp
        .matchups
        .iter()
        .map(|m| MatchupTally::new(R::ship_count(&m.matchup)))
        .collect();
    let mut paired = vec![None; n];
    let mut moments = vec![None; n];
    for (unit, &a) in units.iter().zip(active) {
        if !a {
            continue;
        }
        match (&exp.plan, unit.as_slice()) {
            (Plan::Ab(ab), &[b, v, ..]) => {
                let arms: Vec<_> = unit.iter().map(|&k| &exp.matchups[k]).collect();
                let labels: Vec<&str> = arms.iter().map(|m| m.label.as_str()).collect();
                on_matchup(&labels.join(" | "));
                let (key, subject) = (exp.keys[b], ab.arms[b].subject);
                let t = match record.as_deref_mut() {
                    Some(record) => runner::run_group_recorded::<R>(
                        &arms,
                        key,
                        seed,
                        subject,
                        range.clone(),
                        on_batch,
                        stop,
                        &mut |battles| record(unit, battles),
                    )?,
                    None => runner::run_group::<R>(
                        &arms,
                        key,
                        seed,
                        subject,
                        range.clone(),
                        on_batch,
                        stop,
                    ),
                };
                for (&k, tally) in unit.iter().zip(t.arms) {
                    tallies[k] = tally;
                }
                paired[v] = Some(t.paired);
                moments[b] = t.moments;
            }
            (Plan::Game(g), &[k]) if g.cells[k].search.is_some() => {
                on_matchup(&exp.matchups[k].label);
                tallies[k] = play_search::<R>(exp, g, k, seed, range.clone(), on_batch, stop);
            }
            (_, &[k]) => {
                on_matchup(&exp.matchups[k].label);
                tallies[k] = match record.as_deref_mut() {
                    Some(record) => runner::run_matchup_recorded::<R>(
                        &exp.matchups[k],
                        exp.keys[k],
                        seed,
                        range.clone(),
                        on_batch,
                        stop,
                        &mut |battles| record(unit, battles),
                    )?,
                    None => runner::run_matchup::<R>(
                        &exp.matchups[k],
                        exp.keys[k],
                        seed,
                        range.clone(),
                        on_batch,
                        stop,
                    ),
                };
            }
            _ => unreachable!("units are single matchups or A/B groups"),
        }
    }
    if let Plan::Ab(ab) = &exp.plan {
        // Inactive groups still need their (empty) paired tally and moments, like every
        // active one.
        for g in ab.groups() {
            paired[g.start + 1].get_or_insert_with(Default::default);
            if ab.rungs > 0 {
                moments[g.start].get_or_insert_with(|| ScoreMoments::new(g.len()));
            }
        }
    }
    let mut results = exp.results(tallies);
    for ((r, p), m) in results.iter_mut().zip(paired).zip(moments) {
        r.paired = p;
        r.moments = m;
    }
    Ok(results)
}

/// A policy game's search cell `k`: its search player chooses among its side's policies
/// against the cell's opponent policy (the evaluate half's matchups).
pub(crate) fn play_search<R: RuleSystem>(
    exp: &Experiment<R>,
    g: &GamePlan,
    k: usize,
    seed: u64,
    range: Range<u64>,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> MatchupTally {
    let (candidates, home) = g.candidates(k).expect("a search cell");
    let search = g.search.expect("a game with search cells has settings");
    let candidates: Vec<&R::Matchup> = candidates
        .iter()
        .map(|&c| &exp.matchups[c].matchup)
        .collect();
    let side = match g.cells[k].search {
        Some(SearchSide::B) => Side::B,
        _ => Side::A,
    };
    runner::run_search::<R>(
        &candidates,
        home,
        side,
        &search.settings(),
        exp.keys[k],
        seed,
        range,
        on_batch,
        stop,
    )
}
