//! The per-battle table (`run --per-battle`, issue 18 §4): one row per battle — seed,
//! matchup, fleets and policies, battle index, winner, what decided it, turns, points and
//! damage per side — so a designer can slice any question the report did not ask. Written
//! twice, as `per_battle.csv` and `per_battle.parquet` (same rows, the schema's types).
//!
//! **Which runs.** Plain runs, fleet matrices, A/B experiments (every arm of a group: base,
//! variant and ladder rungs, each battle index's arms side by side, so the pairs can be
//! joined on `battle`), policy games without a search player, and shards of these
//! (`fleetlab merge` joins the shards' tables into the one a single run writes, byte for
//! byte). Not: `--target-error` (its looks re-open matchups), raced games, search cells.
//!
//! **Order.** Unit by unit in the experiment's order (a matchup, or an A/B group), battle
//! index by battle index, and within a battle index the group's arms in order. The order
//! does not depend on the thread count or on how a run was sharded.
//!
//! **Streamed.** Each unit is played in waves of batches ([`runner::run_matchup_recorded`],
//! [`runner::run_group_recorded`]); a wave's rows are written before the next wave starts
//! (the Parquet file in row groups of [`ROW_GROUP`] rows), so memory does not grow with the
//! number of battles. **Atomic.** Rows go to temp files (`.per_battle.csv.tmp-<pid>`) that
//! [`crate::report::write_report_with`] renames into place with the rest of the report, before
//! the manifest (a shard: before its `partial.json`): an interrupted run leaves no half
//! table. The default path (without `--per-battle`) does not come here.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use fleetlab_engine::{Outcome, RuleSystem, Side, Verdict};

use crate::kinds::Plan;
use crate::load::Experiment;
use crate::play;
use crate::report::parquet_out::ParquetStream;
use crate::report::tables::{Column, Values, policy_name};
use crate::results::{MatchupResult, MatchupTally};

pub mod merge;

/// File name of the table.
pub const PER_BATTLE_FILE: &str = "per_battle.csv";
/// File name of the table's Parquet twin.
pub const PER_BATTLE_PARQUET: &str = "per_battle.parquet";

/// Rows per Parquet row group.
pub const ROW_GROUP: usize = 1 << 16;

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

/// Whether `--per-battle` can record an experiment of this plan: every kind whose battles
/// play through the recorded runners — not a policy game with a search player (its search
/// cells play through their own runner).
pub fn supported(plan: &Plan) -> bool {
    match plan {
        Plan::Run | Plan::Matrix(_) | Plan::Ab(_) => true,
        Plan::Game(g) => g.cells.iter().all(|c| c.search.is_none()),
    }
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<'a> {
    /// The run's master seed.
    pub seed: u64,
    /// The matchup's label.
    pub matchup: &'a str,
    /// Side A's fleet.
    pub fleet_a: &'a str,
    /// Side A's policy (its preset's name).
    pub policy_a: &'a str,
    /// Side B's fleet.
    pub fleet_b: &'a str,
    /// Side B's policy.
    pub policy_b: &'a str,
    /// The battle index (its dice: `Dice::for_battle(seed, matchup key, battle)`).
    pub battle: u64,
    /// `A`, `B` or `draw`.
    pub winner: &'a str,
    /// The decider's name (empty if the rule system named none).
    pub decided_by: &'a str,
    /// The decider's kind.
    pub decider_kind: &'a str,
    /// Turns played.
    pub turns: u32,
    /// Each side's fleet points (none when the rule system prices no fleet).
    pub points: [Option<u32>; 2],
    /// Points lost per side.
    pub points_lost: [u32; 2],
    /// Damage dealt per side.
    pub damage_dealt: [u32; 2],
    /// Surviving units per side.
    pub survivors: [u32; 2],
    /// How the battle ended.
    pub ending: &'a str,
}

/// What every row of a matchup shares (its names), built once per run.
struct Head {
    matchup: String,
    fleets: [String; 2],
    policies: [String; 2],
    points: [Option<u32>; 2],
    deciders: Vec<(String, String)>,
}

impl Head {
    fn of(r: &MatchupResult) -> Head {
        Head {
            matchup: r.label.clone(),
            fleets: r.fleets.clone(),
            policies: [policy_name(&r.policies[0]), policy_name(&r.policies[1])],
            points: r.points,
            deciders: r
                .deciders
                .iter()
                .map(|d| (d.name.clone(), d.kind.clone()))
                .collect(),
        }
    }

    fn row(&self, seed: u64, battle: u64, o: &Outcome) -> Row<'_> {
        let decider = self.deciders.get(usize::from(o.decided_by));
        let [a, b] = &o.sides;
        Row {
            seed,
            matchup: &self.matchup,
            fleet_a: &self.fleets[0],
            policy_a: &self.policies[0],
            fleet_b: &self.fleets[1],
            policy_b: &self.policies[1],
            battle,
            winner: match o.verdict {
                Verdict::Win(Side::A) => "A",
                Verdict::Win(Side::B) => "B",
                Verdict::Draw => "draw",
            },
            decided_by: decider.map_or("", |d| d.0.as_str()),
            decider_kind: decider.map_or("", |d| d.1.as_str()),
            turns: o.turns,
            points: self.points,
            points_lost: [a.points_lost, b.points_lost],
            damage_dealt: [a.damage_dealt, b.damage_dealt],
            survivors: [a.survivors, b.survivors],
            ending: o.ending.name(),
        }
    }
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
fn quoted(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

/// Rows waiting for the next Parquet row group, column by column.
#[derive(Default)]
struct Pending {
    rows: usize,
    seed: Vec<u64>,
    text: [Vec<String>; 6],
    battle: Vec<u64>,
    decider: [Vec<Option<String>>; 2],
    turns: Vec<u32>,
    points: [Vec<Option<u32>>; 2],
    counts: [Vec<u32>; 6],
    ending: Vec<String>,
}

impl Pending {
    fn push(&mut self, r: &Row) {
        self.rows += 1;
        self.seed.push(r.seed);
        for (col, v) in self.text.iter_mut().zip([
            r.matchup, r.fleet_a, r.policy_a, r.fleet_b, r.policy_b, r.winner,
        ]) {
            col.push(v.to_owned());
        }
        self.battle.push(r.battle);
        for (col, v) in self.decider.iter_mut().zip([r.decided_by, r.decider_kind]) {
            col.push((!v.is_empty()).then(|| v.to_owned()));
        }
        self.turns.push(r.turns);
        for (col, v) in self.points.iter_mut().zip(r.points) {
            col.push(v);
        }
        let counts = [
            r.points_lost[0],
            r.points_lost[1],
            r.damage_dealt[0],
            r.damage_dealt[1],
            r.survivors[0],
            r.survivors[1],
        ];
        for (col, v) in self.counts.iter_mut().zip(counts) {
            col.push(v);
        }
        self.ending.push(r.ending.to_owned());
    }

    /// The pending rows as the table's columns (in [`COLUMNS`] order), leaving none pending.
    fn take(&mut self) -> (Vec<Column>, usize) {
        let mut p = std::mem::take(self);
        let [matchup, fleet_a, policy_a, fleet_b, policy_b, winner] = p.text.map(Values::Str);
        let [decided_by, decider_kind] = p.decider.map(Values::OptStr);
        let [points_a, points_b] = p.points.map(Values::OptU32);
        let [lost_a, lost_b, dealt_a, dealt_b, surv_a, surv_b] = p.counts.map(Values::U32);
        let values = [
            Values::U64(std::mem::take(&mut p.seed)),
            matchup,
            fleet_a,
            policy_a,
            fleet_b,
            policy_b,
            Values::U64(std::mem::take(&mut p.battle)),
            winner,
            decided_by,
            decider_kind,
            Values::U32(std::mem::take(&mut p.turns)),
            points_a,
            points_b,
            lost_a,
            lost_b,
            dealt_a,
            dealt_b,
            surv_a,
            surv_b,
            Values::Str(std::mem::take(&mut p.ending)),
        ];
        let columns = COLUMNS
            .iter()
            .zip(values)
            .map(|(&name, values)| Column { name, values })
            .collect();
        (columns, p.rows)
    }
}

/// The table being written: temp files in the report directory, renamed by the report.
pub struct PerBattleWriter {
    csv: BufWriter<File>,
    parquet: ParquetStream,
    pending: Pending,
    /// (temp file, final path) of the CSV and the Parquet file.
    files: [(PathBuf, PathBuf); 2],
}

fn parquet_error(e: String) -> io::Error {
    io::Error::other(format!("parquet: {e}"))
}

impl PerBattleWriter {
    /// Start `dir/per_battle.csv` and `dir/per_battle.parquet` (as temp files next to them),
    /// the CSV with its header row.
    pub fn create(dir: &Path) -> io::Result<PerBattleWriter> {
        let files = [PER_BATTLE_FILE, PER_BATTLE_PARQUET].map(|name| {
            (
                dir.join(format!(".{name}.tmp-{}", std::process::id())),
                dir.join(name),
            )
        });
        let mut csv = BufWriter::with_capacity(1 << 16, File::create(&files[0].0)?);
        writeln!(csv, "{}", COLUMNS.join(","))?;
        let (empty, _) = Pending::default().take();
        let parquet =
            ParquetStream::create(File::create(&files[1].0)?, &empty).map_err(parquet_error)?;
        Ok(PerBattleWriter {
            csv,
            parquet,
            pending: Pending::default(),
            files,
        })
    }

    /// Append one row.
    pub fn write(&mut self, r: &Row) -> io::Result<()> {
        let points = |p: Option<u32>| p.map_or(String::new(), |p| p.to_string());
        writeln!(
            self.csv,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.seed,
            quoted(r.matchup),
            quoted(r.fleet_a),
            quoted(r.policy_a),
            quoted(r.fleet_b),
            quoted(r.policy_b),
            r.battle,
            r.winner,
            quoted(r.decided_by),
            quoted(r.decider_kind),
            r.turns,
            points(r.points[0]),
            points(r.points[1]),
            r.points_lost[0],
            r.points_lost[1],
            r.damage_dealt[0],
            r.damage_dealt[1],
            r.survivors[0],
            r.survivors[1],
            quoted(r.ending),
        )?;
        self.pending.push(r);
        if self.pending.rows >= ROW_GROUP {
            self.flush_row_group()?;
        }
        Ok(())
    }

    fn flush_row_group(&mut self) -> io::Result<()> {
        if self.pending.rows == 0 {
            return Ok(());
        }
        let (columns, rows) = self.pending.take();
        self.parquet.write(&columns, rows).map_err(parquet_error)
    }

    /// Flush and fsync the temp files; returns (temp file, final path) of each for the report
    /// to rename with its other files.
    pub fn finish(mut self) -> io::Result<Vec<(PathBuf, PathBuf)>> {
        self.flush_row_group()?;
        self.parquet.finish().map_err(parquet_error)?;
        let file = self.csv.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(self.files.to_vec())
    }

    /// Remove the temp files (a run that fails before its report is written).
    pub fn abandon(self) {
        for (tmp, _) in &self.files {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Play battles `range` of every matchup of `exp` (a kind [`supported`] says yes to), like
/// [`crate::play::play`], writing every battle to `writer` in the table's order. The results
/// are the same as `play::play`'s.
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
    let heads: Vec<Head> = exp.results(empty).iter().map(Head::of).collect();
    play::play_recorded::<R>(
        exp,
        seed,
        range,
        on_matchup,
        on_batch,
        stop,
        &mut |unit, battles| {
            for (j, (i, o)) in battles.iter().enumerate() {
                writer.write(&heads[unit[j % unit.len()]].row(seed, *i, o))?;
            }
            Ok(())
        },
    )
}
