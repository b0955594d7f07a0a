//! The per-battle table (`run --per-battle`, issue 18 §4): one CSV row per battle — seed,
//! matchup, fleets and policies, battle index, winner, what decided it, turns, points and
//! damage per side — so a designer can slice any question the report did not ask.
//!
//! **Streamed.** Each matchup is played in waves of batches ([`runner::run_matchup_recorded`]);
//! a wave's outcomes are written, in battle-index order, before the next wave starts, so
//! memory does not grow with the number of battles and the file is the same for any thread
//! count. **Atomic.** Rows go to a temp file (`.per_battle.csv.tmp-<pid>`) that
//! [`crate::report::write_report_with`] renames into place with the rest of the report,
//! before the manifest: an interrupted run leaves no `per_battle.csv`. The default path
//! (without `--per-battle`) does not come here.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use fleetlab_engine::{Outcome, RuleSystem, Side, Verdict};

use crate::kinds::Plan;
use crate::load::Experiment;
use crate::report::tables::policy_name;
use crate::results::{MatchupResult, MatchupTally};
use crate::runner;

/// File name of the table.
pub const PER_BATTLE_FILE: &str = "per_battle.csv";

/// The table's columns, in order (documented in `docs/schema.md`).
pub const COLUMNS: [&str; 20] = [
    "seed",
    "matchup",
    "fleet_a",
    "policy_a",
    "fleet_b",
    "policy_b",
    "battle",
    "winner",
    "decided_by",
    "decider_kind",
    "turns",
    "points_a",
    "points_b",
    "points_lost_a",
    "points_lost_b",
    "damage_dealt_a",
    "damage_dealt_b",
    "survivors_a",
    "survivors_b",
    "ending",
];

/// Which experiment kinds `--per-battle` supports: those whose matchups are played one by
/// one ([`runner::run_matchup`]): plain runs and fleet matrices. A/B groups, policy games and
/// search cells play through other runners.
pub fn supported(plan: &Plan) -> bool {
    matches!(plan, Plan::Run | Plan::Matrix(_))
}

/// The table being written: a temp file in the report directory, renamed by the report.
pub struct PerBattleWriter {
    out: BufWriter<File>,
    tmp: PathBuf,
    target: PathBuf,
    seed: u64,
}

impl PerBattleWriter {
    /// Start `dir/per_battle.csv` (as a temp file next to it) with its header row.
    pub fn create(dir: &Path, seed: u64) -> io::Result<PerBattleWriter> {
        let target = dir.join(PER_BATTLE_FILE);
        let tmp = dir.join(format!(".{PER_BATTLE_FILE}.tmp-{}", std::process::id()));
        let mut out = BufWriter::with_capacity(1 << 16, File::create(&tmp)?);
        writeln!(out, "{}", COLUMNS.join(","))?;
        Ok(PerBattleWriter {
            out,
            tmp,
            target,
            seed,
        })
    }

    /// Write one batch of battles of matchup `r` (`r.tally` is not read).
    fn write(&mut self, r: &MatchupResult, battles: &[(u64, Outcome)]) -> io::Result<()> {
        let quoted = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_owned()
            }
        };
        // The same text for every row of the matchup: built once per batch, not per battle.
        let head = format!(
            "{},{},{},{},{},{}",
            self.seed,
            quoted(&r.label),
            quoted(&r.fleets[0]),
            quoted(&policy_name(&r.policies[0])),
            quoted(&r.fleets[1]),
            quoted(&policy_name(&r.policies[1])),
        );
        let points = |p: Option<u32>| p.map_or(String::new(), |p| p.to_string());
        let (pa, pb) = (points(r.points[0]), points(r.points[1]));
        for (i, o) in battles {
            let winner = match o.verdict {
                Verdict::Win(Side::A) => "A",
                Verdict::Win(Side::B) => "B",
                Verdict::Draw => "draw",
            };
            let decider = r.deciders.get(usize::from(o.decided_by));
            let [a, b] = &o.sides;
            writeln!(
                self.out,
                "{head},{i},{winner},{},{},{},{pa},{pb},{},{},{},{},{},{},{}",
                decider.map_or("", |d| d.name.as_str()),
                decider.map_or("", |d| d.kind.as_str()),
                o.turns,
                a.points_lost,
                b.points_lost,
                a.damage_dealt,
                b.damage_dealt,
                a.survivors,
                b.survivors,
                o.ending.name(),
            )?;
        }
        Ok(())
    }

    /// Flush and fsync the temp file; returns (temp file, final path) for the report to
    /// rename with its other files.
    pub fn finish(self) -> io::Result<(PathBuf, PathBuf)> {
        let file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok((self.tmp.clone(), self.target.clone()))
    }

    /// Remove the temp file (a run that fails before its report is written).
    pub fn abandon(self) {
        let _ = std::fs::remove_file(&self.tmp);
    }
}

/// Play battles `range` of every matchup of `exp` (a kind [`supported`] says yes to), like
/// [`crate::play::play`], writing every battle to `writer` in matchup, then battle-index,
/// order. The results are the same as `play::play`'s.
pub fn play<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    range: Range<u64>,
    on_matchup: &dyn Fn(&str),
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
    writer: &mut PerBattleWriter,
) -> io::Result<Vec<MatchupResult>> {
    // The matchups' names, points and deciders as the report has them (empty tallies).
    let empty: Vec<MatchupTally> = exp
        .matchups
        .iter()
        .map(|m| MatchupTally::new(R::ship_count(&m.matchup)))
        .collect();
    let named = exp.results(empty);
    let mut tallies = Vec::with_capacity(exp.matchups.len());
    for (k, m) in exp.matchups.iter().enumerate() {
        on_matchup(&m.label);
        let tally = runner::run_matchup_recorded::<R>(
            m,
            exp.keys[k],
            seed,
            range.clone(),
            on_batch,
            stop,
            &mut |battles| writer.write(&named[k], battles),
        )?;
        tallies.push(tally);
    }
    Ok(exp.results(tallies))
}
