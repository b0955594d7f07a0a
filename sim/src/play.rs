//! Play an experiment's battles, whatever its kind: plain matchups one after another, A/B
//! pairs together on the same dice (so the paired statistics exist).

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use fleetlab_engine::RuleSystem;

use crate::kinds::Plan;
use crate::load::Experiment;
use crate::results::{MatchupResult, MatchupTally};
use crate::runner;

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
    let n = exp.matchups.len();
    let mut tallies: Vec<Option<MatchupTally>> = vec![None; n];
    let mut paired = vec![None; n];
    if let Plan::Ab(ab) = &exp.plan {
        for (b, v) in ab.pairs() {
            let (mb, mv) = (&exp.matchups[b], &exp.matchups[v]);
            on_matchup(&format!("{} | {}", mb.label, mv.label));
            debug_assert_eq!(exp.keys[b], exp.keys[v], "A/B arms share their dice");
            let t = runner::run_pair::<R>(
                mb,
                mv,
                exp.keys[b],
                seed,
                ab.arms[b].subject,
                range.clone(),
                on_batch,
                stop,
            );
            tallies[b] = Some(t.base);
            tallies[v] = Some(t.variant);
            paired[v] = Some(t.paired);
        }
    }
    for (k, m) in exp.matchups.iter().enumerate() {
        if tallies[k].is_none() {
            on_matchup(&m.label);
            tallies[k] = Some(runner::run_matchup::<R>(
                m,
                exp.keys[k],
                seed,
                range.clone(),
                on_batch,
                stop,
            ));
        }
    }
    let mut results = exp.results(tallies.into_iter().flatten().collect());
    for (r, p) in results.iter_mut().zip(paired) {
        r.paired = p;
    }
    results
}
