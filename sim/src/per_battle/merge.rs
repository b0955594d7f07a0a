//! `fleetlab merge` of per-battle tables: the shards' `per_battle.csv` files joined into the
//! table one run would have written, byte for byte (and its Parquet twin).
//!
//! Each shard's file is in the table's order (unit by unit, battle by battle) over its own
//! battle indices, and the shards cover consecutive ranges in shard order, so the whole table
//! is, for each unit of the plan, every shard's rows of that unit in shard order: one reader
//! per shard, each read once, front to back (memory does not grow with the battles).

use std::collections::HashMap;
use std::fs::File;
use std::ops::Range;
use std::path::{Path, PathBuf};

use csv::StringRecord;

use super::{COLUMNS, PER_BATTLE_FILE, PerBattleWriter, Row};
use crate::kinds::Plan;

/// One shard's table being read.
struct Part {
    path: PathBuf,
    battles: Range<u64>,
    reader: csv::Reader<File>,
    /// The next record, read ahead.
    next: Option<StringRecord>,
}

impl Part {
    fn open(dir: &Path, battles: Range<u64>) -> Result<Part, String> {
        let path = dir.join(PER_BATTLE_FILE);
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_path(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let header = reader
            .headers()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if header.iter().ne(COLUMNS) {
            return Err(format!(
                "{}:1: the header is not the per-battle table's ({}): written by another \
                 fleetlab version? Run the shard again",
                path.display(),
                COLUMNS.join(",")
            ));
        }
        let mut part = Part {
            path,
            battles,
            reader,
            next: None,
        };
        part.advance()?;
        Ok(part)
    }

    fn advance(&mut self) -> Result<(), String> {
        let mut record = StringRecord::new();
        let more = self
            .reader
            .read_record(&mut record)
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        self.next = more.then_some(record);
        Ok(())
    }

    /// `path:line` of the record read ahead.
    fn at(&self) -> String {
        let line = self
            .next
            .as_ref()
            .and_then(|r| r.position())
            .map_or(0, |p| p.line());
        format!("{}:{line}", self.path.display())
    }
}

/// A record's row, or what is wrong with it.
fn parse(record: &StringRecord) -> Result<Row<'_>, String> {
    let field = |k: usize| record.get(k).unwrap_or("");
    fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
        text.parse()
            .map_err(|_| format!("column `{name}`: {text:?} is not a count"))
    }
    let count = |k: usize| number::<u32>(COLUMNS[k], field(k));
    let points = |k: usize| match field(k) {
        "" => Ok(None),
        text => number::<u32>(COLUMNS[k], text).map(Some),
    };
    if record.len() != COLUMNS.len() {
        return Err(format!(
            "{} fields, the table has {}",
            record.len(),
            COLUMNS.len()
        ));
    }
    Ok(Row {
        seed: number(COLUMNS[0], field(0))?,
        matchup: field(1),
        fleet_a: field(2),
        policy_a: field(3),
        fleet_b: field(4),
        policy_b: field(5),
        battle: number(COLUMNS[6], field(6))?,
        winner: field(7),
        decided_by: field(8),
        decider_kind: field(9),
        turns: count(10)?,
        points: [points(11)?, points(12)?],
        points_lost: [count(13)?, count(14)?],
        damage_dealt: [count(15)?, count(16)?],
        survivors: [count(17)?, count(18)?],
        ending: field(19),
    })
}

/// Join the per-battle tables of `shards` (each shard's directory and battle indices, in
/// shard order) of a run with `plan` and matchup `labels` into `writer`. Every row must
/// belong to a matchup of the run, lie in its shard's battles and come in the table's order;
/// else the error names the file and line.
pub fn merge_tables(
    plan: &Plan,
    labels: &[String],
    seed: u64,
    shards: &[(PathBuf, Range<u64>)],
    writer: &mut PerBattleWriter,
) -> Result<(), String> {
    let units = plan.units(labels.len());
    let mut unit_of: HashMap<&str, usize> = HashMap::new();
    for (u, unit) in units.iter().enumerate() {
        for &k in unit {
            unit_of.insert(labels[k].as_str(), u);
        }
    }
    let mut parts = shards
        .iter()
        .map(|(dir, battles)| Part::open(dir, battles.clone()))
        .collect::<Result<Vec<_>, _>>()?;
    for u in 0..units.len() {
        for part in &mut parts {
            while let Some(record) = &part.next {
                let row = parse(record).map_err(|e| format!("{}: {e}", part.at()))?;
                let Some(&ru) = unit_of.get(row.matchup) else {
                    return Err(format!(
                        "{}: matchup {:?} is not one of this run's",
                        part.at(),
                        row.matchup
                    ));
                };
                if ru != u {
                    if ru < u {
                        return Err(format!(
                            "{}: matchup {:?} comes after a later matchup's rows: the table \
                             is not in the order fleetlab writes it",
                            part.at(),
                            row.matchup
                        ));
                    }
                    break;
                }
                if row.seed != seed || !part.battles.contains(&row.battle) {
                    return Err(format!(
                        "{}: battle {} of seed {} is not this shard's (seed {seed}, battles \
                         {}..{})",
                        part.at(),
                        row.battle,
                        row.seed,
                        part.battles.start,
                        part.battles.end
                    ));
                }
                writer
                    .write(&row)
                    .map_err(|e| format!("writing the merged table: {e}"))?;
                part.advance()?;
            }
        }
    }
    Ok(())
}
