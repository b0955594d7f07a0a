//! Shards and merging: one run split over many machines (or jobs) and put back together
//! exactly.
//!
//! **Slices.** Shard `I` of `N` (`0 ≤ I < N ≤ 10,000`) plays battle indices
//! `[⌊I·B/N⌋, ⌊(I+1)·B/N⌋)` of *every* matchup, where `B` is the battles per matchup. The
//! slices of `0..N` are disjoint, contiguous and cover `0..B` exactly; their sizes differ by at
//! most one.
//!
//! **Why the pieces add up.** Battle `i` of a matchup always rolls
//! `Dice::for_battle(seed, matchup_key, i)`, whichever process plays it, and a
//! [`MatchupTally`] is a set of integer counters and exact integer sums that merge by
//! addition. So the merged tallies of the `N` slices are the tallies of `0..B`, bit for bit,
//! and the report built from them is byte-identical to a single-machine run's.
//!
//! **The file.** A shard writes `partial.json` (format [`FORMAT`]):
//!
//! ```text
//! { "format": "fleetlab-partial/3",
//!   "shard": { "index": I, "count": N },
//!   "battle_range": { "start": ⌊I·B/N⌋, "end": ⌊(I+1)·B/N⌋ },
//!   "manifest": { ...the shard's manifest: version, rule system, experiment, config hash,
//!                 seed, battles_per_matchup (= B), matchups (label, dice key, battles
//!                 played), status complete/partial, timing... },
//!   "results": [ { label, fleets, policies, points, ship_names, ship_sides, deciders,
//!                  tally: { battles, wins, ..., histograms with exact sums } } ] }
//! ```
//!
//! **The checks.** [`merge`] refuses, naming the file and what is wrong: a file that is not a
//! partial of this format or is internally inconsistent; parts that disagree on fleetlab
//! version, rule system, experiment, config hash, seed, battles per matchup, shard count or
//! matchups; parts written by another fleetlab version than this one; a shard that was
//! interrupted (status `partial`); a shard given twice; a shard missing.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::report::{ReportError, thousands, write_atomic};
use crate::results::{Manifest, MatchupResult, RunInfo, RunStatus, Timing};

/// The file a shard writes into its directory.
pub const PARTIAL_FILE: &str = "partial.json";
/// The format tag of [`PARTIAL_FILE`]; bumped whenever its layout changes.
pub const FORMAT: &str = "fleetlab-partial/3";
/// The largest shard count accepted.
pub const MAX_SHARDS: u32 = 10_000;

/// Shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// Which shard, `0..count`.
    pub index: u32,
    /// How many shards the run is split into, `1..=MAX_SHARDS`.
    pub count: u32,
}

impl Shard {
    /// Shard `index` of `count`, if `1 ≤ count ≤ MAX_SHARDS` and `index < count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if !(1..=MAX_SHARDS).contains(&count) {
            return Err(format!(
                "the shard count N must be between 1 and {}, got {count}",
                thousands(MAX_SHARDS.into())
            ));
        }
        if index >= count {
            return Err(format!(
                "shard index {index} is out of range for {count} shards: shards are numbered \
                 from 0 to {} (I/N counts from 0)",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }

    /// The battle indices this shard plays when a matchup has `battles` battles:
    /// `⌊index·battles/count⌋ .. ⌊(index+1)·battles/count⌋`.
    pub fn range(self, battles: u64) -> Range<u64> {
        let at = |i: u32| (u128::from(i) * u128::from(battles) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The default directory name of this shard's partial result: `shard-I-of-N`.
    pub fn dir_name(self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parse `I/N`, e.g. `0/8`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let usage =
            || format!("expected I/N (shard I of N, counting from 0, e.g. 0/8 … 7/8), got {s:?}");
        let (i, n) = s.split_once('/').ok_or_else(usage)?;
        let num = |t: &str| -> Result<u64, String> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(usage());
            }
            // Saturate absurdly long numbers: they are out of range either way.
            Ok(t.parse::<u64>().unwrap_or(u64::MAX))
        };
        let (i, n) = (num(i)?, num(n)?);
        let clamp = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
        Shard::new(clamp(i), clamp(n))
    }
}

/// A half-open range of battle indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRange {
    /// First index played.
    pub start: u64,
    /// One past the last index played.
    pub end: u64,
}

impl From<Range<u64>> for BattleRange {
    fn from(r: Range<u64>) -> Self {
        BattleRange {
            start: r.start,
            end: r.end,
        }
    }
}

/// A shard's mergeable result: everything the report needs, plus what identifies the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// Always [`FORMAT`].
    pub format: String,
    /// Which shard this is.
    pub shard: Shard,
    /// The battle indices of every matchup this shard was to play.
    pub battle_range: BattleRange,
    /// The shard's manifest: the run's identity, the battles each matchup actually played,
    /// `complete` or `partial` (interrupted), timing.
    pub manifest: Manifest,
    /// Per matchup, in the experiment's order: labels and tally.
    pub results: Vec<MatchupResult>,
    /// Tables the shard streamed into its directory beside `partial.json` for `merge` to
    /// join (`per_battle.csv` with `run --shard --per-battle`); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<String>,
}

impl Partial {
    /// The partial result of `shard` of the run `info`. Its status is `complete` when every
    /// matchup played its whole slice.
    pub fn new(info: &RunInfo, shard: Shard, results: Vec<MatchupResult>, timing: Timing) -> Self {
        let range = shard.range(info.battles_per_matchup);
        let manifest = Manifest::new(info, &results, range.end - range.start, timing);
        Partial {
            format: FORMAT.into(),
            shard,
            battle_range: range.into(),
            manifest,
            results,
            tables: Vec::new(),
        }
    }

    /// `complete`, or `partial` when the shard was interrupted.
    pub fn status(&self) -> RunStatus {
        self.manifest.status
    }

    /// Write `<dir>/partial.json` atomically (creating `dir` if missing) and return its path.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, ReportError> {
        let path = dir.join(PARTIAL_FILE);
        let mut json = serde_json::to_vec_pretty(self).map_err(|source| ReportError::Json {
            path: path.clone(),
            source,
        })?;
        json.push(b'\n');
        fs::create_dir_all(dir).map_err(|source| ReportError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        write_atomic(&path, &json)?;
        Ok(path)
    }

    /// Read a partial result from `path`: a `partial.json` file, or a directory holding one.
    /// Returns the file's path with it. The file must be of this [`FORMAT`] and internally
    /// consistent.
    pub fn read(path: &Path) -> Result<(PathBuf, Partial), MergeError> {
        let file = if path.is_dir() {
            path.join(PARTIAL_FILE)
        } else {
            path.to_path_buf()
        };
        let bytes = fs::read(&file).map_err(|source| MergeError::Read {
            path: file.clone(),
            source,
        })?;
        let part = Partial::from_json(&bytes).map_err(|message| MergeError::Invalid {
            path: file.clone(),
            message,
        })?;
        part.check().map_err(|message| MergeError::Invalid {
            path: file.clone(),
            message,
        })?;
        Ok((file, part))
    }

    /// Parse the JSON of a partial, checking its format tag first.
    fn from_json(bytes: &[u8]) -> Result<Partial, String> {
        #[derive(Deserialize)]
        struct Probe {
            format: Option<serde_json::Value>,
        }
        let not_partial = |e: serde_json::Error| {
            format!("not a fleetlab partial result ({PARTIAL_FILE} of `fleetlab run --shard`): {e}")
        };
        let probe: Probe = serde_json::from_slice(bytes).map_err(not_partial)?;
        match probe.format {
            Some(serde_json::Value::String(f)) if f == FORMAT => {}
            Some(other) => {
                return Err(format!(
                    "partial format is {other}, this fleetlab reads {FORMAT:?}: merge with the \
                     fleetlab version that wrote it"
                ));
            }
            None => {
                return Err(format!(
                    "not a fleetlab partial result (no \"format\": {FORMAT:?} field)"
                ));
            }
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let at = e.path().to_string();
            format!("malformed partial result at {at}: {}", e.inner())
        })
    }

    /// Check that the partial is consistent in itself: a valid shard whose battle range is its
    /// slice of `battles_per_matchup`, one result per manifest matchup with the same label,
    /// dice key and battles, well-formed tallies, and a status that matches the battles played.
    fn check(&self) -> Result<(), String> {
        let m = &self.manifest;
        Shard::new(self.shard.index, self.shard.count)?;
        let range = self.shard.range(m.run.battles_per_matchup);
        if self.battle_range != range.clone().into() {
            return Err(format!(
                "battle_range {}..{} is not shard {}'s slice {}..{} of {} battles",
                self.battle_range.start,
                self.battle_range.end,
                self.shard,
                range.start,
                range.end,
                m.run.battles_per_matchup
            ));
        }
        m.run.plan.check(self.results.len())?;
        if m.matchups.len() != self.results.len() {
            return Err(format!(
                "manifest lists {} matchups but there are {} results",
                m.matchups.len(),
                self.results.len()
            ));
        }
        let slice = range.end - range.start;
        for (i, (mm, r)) in m.matchups.iter().zip(&self.results).enumerate() {
            let what = format!("matchup {} ({:?})", i + 1, r.label);
            if mm.label != r.label || mm.fleets != r.fleets || mm.policies != r.policies {
                return Err(format!(
                    "{what}: manifest entry {:?} does not describe this result",
                    mm.label
                ));
            }
            if mm.dice_key != r.dice_key {
                return Err(format!(
                    "{what}: manifest's dice key {} is not the result's {}",
                    mm.dice_key, r.dice_key
                ));
            }
            if mm.battles != r.tally.battles {
                return Err(format!(
                    "{what}: manifest says {} battles, tally holds {}",
                    mm.battles, r.tally.battles
                ));
            }
            if r.tally.battles > slice {
                return Err(format!(
                    "{what}: {} battles in a slice of {slice}",
                    r.tally.battles
                ));
            }
            if r.ship_sides.len() != r.ship_names.len() {
                return Err(format!(
                    "{what}: {} ship sides for {} ships",
                    r.ship_sides.len(),
                    r.ship_names.len()
                ));
            }
            r.tally
                .check(r.ship_names.len())
                .map_err(|e| format!("{what}: tally: {e}"))?;
            if r.tally.decided_by[r.deciders.len().min(r.tally.decided_by.len())..]
                .iter()
                .any(|&n| n > 0)
            {
                return Err(format!(
                    "{what}: battles decided by a decider beyond the {} named",
                    r.deciders.len()
                ));
            }
            let variant_arm = matches!(&m.run.plan, crate::kinds::Plan::Ab(ab)
                if ab.arms.get(i).is_some_and(|a| a.variant));
            if r.paired.is_some() != variant_arm {
                return Err(format!(
                    "{what}: paired results must be present exactly on the variant matchups of \
                     an A/B experiment"
                ));
            }
            let ladder_base = matches!(&m.run.plan, crate::kinds::Plan::Ab(ab)
                if ab.rungs > 0 && ab.arms.get(i).is_some_and(|a| a.is_base()));
            if r.moments.is_some() != ladder_base {
                return Err(format!(
                    "{what}: score moments must be present exactly on the base matchups of an \
                     A/B experiment with a ladder"
                ));
            }
            if let (Some(mo), crate::kinds::Plan::Ab(ab)) = (&r.moments, &m.run.plan)
                && (!mo.is_consistent()
                    || mo.arms() != 2 + ab.rungs
                    || mo.battles != r.tally.battles)
            {
                return Err(format!(
                    "{what}: score moments of {} arms over {} battles do not fit a group of {} \
                     arms over {} battles",
                    mo.arms(),
                    mo.battles,
                    2 + ab.rungs,
                    r.tally.battles
                ));
            }
            if let Some(p) = &r.paired
                && p.pairs() != r.tally.battles
            {
                return Err(format!(
                    "{what}: {} paired results for {} battles",
                    p.pairs(),
                    r.tally.battles
                ));
            }
        }
        let status = RunStatus::of(&self.results, slice);
        if m.status != status {
            return Err(format!(
                "status is {:?} but the battles played say {:?}",
                m.status, status
            ));
        }
        Ok(())
    }
}

/// Why partial results could not be merged. Every variant names the file concerned (or, for
/// a missing shard, which shards are missing).
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No parts were given.
    #[error("no partial results given: pass the partial.json files (or their directories)")]
    NoParts,
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A file is not a partial result of this format, or is inconsistent in itself.
    #[error("{}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Two parts belong to different runs.
    #[error(
        "{}: {field} is {found}, but {} has {expected}: parts of different runs cannot be merged",
        path.display(),
        reference.display()
    )]
    Differs {
        /// The part that differs.
        path: PathBuf,
        /// What differs.
        field: String,
        /// Its value in `path`.
        found: String,
        /// The value in `reference`.
        expected: String,
        /// The first part given, which the others are compared with.
        reference: PathBuf,
    },
    /// The parts were written by another fleetlab version.
    #[error(
        "{}: written by fleetlab {found}, but this is fleetlab {ours}: merge with the version \
         that ran the shards",
        path.display()
    )]
    Version {
        /// The part.
        path: PathBuf,
        /// Its version.
        found: String,
        /// This version.
        ours: String,
    },
    /// A shard was interrupted.
    #[error(
        "{}: shard {shard} is partial (interrupted): matchup {label:?} played {played} of its \
         {slice} battles; run `fleetlab run CONFIG --shard {shard}` again",
        path.display()
    )]
    Incomplete {
        /// The part.
        path: PathBuf,
        /// Its shard.
        shard: Shard,
        /// The first matchup short of battles.
        label: String,
        /// Battles it played.
        played: String,
        /// Battles in the shard's slice.
        slice: String,
    },
    /// The same shard was given twice.
    #[error(
        "shard {shard} is given twice: {} and {}; give each shard exactly once",
        first.display(),
        second.display()
    )]
    Duplicate {
        /// The shard.
        shard: Shard,
        /// Its first file.
        first: PathBuf,
        /// Its second file.
        second: PathBuf,
    },
    /// Shards are missing.
    #[error(
        "missing shard{} {missing} of {count} (given: {given}); every shard 0..{} must be \
         merged exactly once: run the missing ones with `--shard I/{count}`",
        if *missing_count == 1 { "" } else { "s" },
        count - 1
    )]
    Missing {
        /// Missing shard indices, as ranges (`2, 5-9`).
        missing: String,
        /// How many are missing.
        missing_count: u32,
        /// Shard indices given, as ranges.
        given: String,
        /// The shard count.
        count: u32,
    },
}

/// The merged result of all shards of a run: exactly what a single-machine run produces.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The run's manifest (status complete; timing: merge time, total elapsed seconds and
    /// total threads over the shards).
    pub manifest: Manifest,
    /// Per matchup: labels and the merged tally.
    pub results: Vec<MatchupResult>,
    /// How many shards were merged.
    pub shards: u32,
    /// Every shard, in shard order: where its `partial.json` is, its battle indices and the
    /// tables it streamed ([`Partial::tables`]).
    pub parts: Vec<MergedPart>,
}

/// One shard of a [`Merged`] run.
#[derive(Clone, Debug)]
pub struct MergedPart {
    /// Its `partial.json`.
    pub file: PathBuf,
    /// The battle indices it played.
    pub battles: Range<u64>,
    /// The tables it streamed beside `partial.json`.
    pub tables: Vec<String>,
}

/// Read and merge the parts at `paths` (`partial.json` files or directories holding one), in
/// two passes so that memory holds one part at a time whatever `N` is: the first reads and
/// checks every part (see [`merge`]), the second reads them again in shard order and adds
/// them up (re-checking each, in case a file changed in between).
pub fn read_and_merge(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut census = Census::default();
    for p in paths {
        let (file, part) = Partial::read(p)?;
        census.add(file, &part)?;
    }
    let (reference, order) = census.finish()?;
    sum(&reference, order.iter().map(|file| Partial::read(file)))
}

/// `[0, 1, 2, 5, 7, 8]` → `0-2, 5, 7-8` (at most 20 ranges, then `…`).
fn ranges(indices: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let start = indices[i];
        let mut end = start;
        while i + 1 < indices.len() && indices[i + 1] == end + 1 {
            i += 1;
            end += 1;
        }
        if out.len() == 20 {
            out.push("…".into());
            break;
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    if out.is_empty() {
        "none".into()
    } else {
        out.join(", ")
    }
}

/// Compare one field of a part with the reference part.
fn same<T: PartialEq + fmt::Debug>(
    field: &str,
    found: &T,
    expected: &T,
    path: &Path,
    reference: &Path,
) -> Result<(), MergeError> {
    if found == expected {
        return Ok(());
    }
    Err(MergeError::Differs {
        path: path.to_path_buf(),
        field: field.into(),
        found: format!("{found:?}"),
        expected: format!("{expected:?}"),
        reference: reference.to_path_buf(),
    })
}

/// Check that `part` belongs to the same run as `reference`.
fn same_run(
    path: &Path,
    part: &Partial,
    ref_path: &Path,
    reference: &Partial,
) -> Result<(), MergeError> {
    let (a, b) = (&part.manifest, &reference.manifest);
    let (p, r) = (path, ref_path);
    same(
        "fleetlab version",
        &a.run.fleetlab_version,
        &b.run.fleetlab_version,
        p,
        r,
    )?;
    same("rule system", &a.run.rule_system, &b.run.rule_system, p, r)?;
    same("experiment", &a.run.experiment, &b.run.experiment, p, r)?;
    same("config hash", &a.run.config_hash, &b.run.config_hash, p, r)?;
    same("seed", &a.run.seed, &b.run.seed, p, r)?;
    same(
        "battles per matchup",
        &a.run.battles_per_matchup,
        &b.run.battles_per_matchup,
        p,
        r,
    )?;
    same(
        "shard count N",
        &part.shard.count,
        &reference.shard.count,
        p,
        r,
    )?;
    let labels = |p: &Partial| {
        p.results
            .iter()
            .map(|r| r.label.clone())
            .collect::<Vec<_>>()
    };
    same(
        "the matchup list",
        &labels(part),
        &labels(reference),
        path,
        ref_path,
    )?;
    for (i, (x, y)) in part.results.iter().zip(&reference.results).enumerate() {
        let field = |what: &str| format!("matchup {} ({:?}) {what}", i + 1, x.label);
        same(&field("fleets"), &x.fleets, &y.fleets, path, ref_path)?;
        same(&field("policies"), &x.policies, &y.policies, path, ref_path)?;
        same(&field("points"), &x.points, &y.points, path, ref_path)?;
        same(
            &field("ships"),
            &x.ship_names,
            &y.ship_names,
            path,
            ref_path,
        )?;
        same(
            &field("ship sides"),
            &x.ship_sides,
            &y.ship_sides,
            path,
            ref_path,
        )?;
        same(&field("deciders"), &x.deciders, &y.deciders, path, ref_path)?;
    }
    Ok(())
}

/// Merge the partial results of every shard of one run (each paired with the file it came
/// from, for messages) into the run's complete result.
///
/// Refuses unless every part belongs to the same run as the first (fleetlab version, rule
/// system, experiment, config hash, seed, battles per matchup, shard count, matchups), was
/// written by this fleetlab version, is complete, and every shard `0..N` is present exactly
/// once. The tallies are then added in shard order.
pub fn merge(mut parts: Vec<(PathBuf, Partial)>) -> Result<Merged, MergeError> {
    let mut census = Census::default();
    for (file, part) in &parts {
        census.add(file.clone(), part)?;
    }
    let (reference, _) = census.finish()?;
    parts.sort_by_key(|(_, part)| part.shard.index);
    sum(&reference, parts.into_iter().map(Ok))
}

/// The first pass of a merge: every part checked against the first, and which shard is where.
#[derive(Default)]
struct Census {
    /// The first part given, which the others must match.
    reference: Option<(PathBuf, Partial)>,
    /// The file of each shard index seen.
    seen: BTreeMap<u32, PathBuf>,
}

impl Census {
    /// Check one part (already consistent in itself, see [`Partial::read`]).
    fn add(&mut self, path: PathBuf, part: &Partial) -> Result<(), MergeError> {
        match &self.reference {
            Some((ref_path, reference)) => same_run(&path, part, ref_path, reference)?,
            None => {
                if part.manifest.run.fleetlab_version != crate::VERSION {
                    return Err(MergeError::Version {
                        path,
                        found: part.manifest.run.fleetlab_version.clone(),
                        ours: crate::VERSION.into(),
                    });
                }
                self.reference = Some((path.clone(), part.clone()));
            }
        }
        if part.status() != RunStatus::Complete {
            let range = part.shard.range(part.manifest.run.battles_per_matchup);
            let slice = range.end - range.start;
            let short = part
                .results
                .iter()
                .find(|r| r.tally.battles != slice)
                .expect("a partial status means a matchup is short");
            return Err(MergeError::Incomplete {
                path,
                shard: part.shard,
                label: short.label.clone(),
                played: thousands(short.tally.battles),
                slice: thousands(slice),
            });
        }
        if let Some(first) = self.seen.get(&part.shard.index) {
            return Err(MergeError::Duplicate {
                shard: part.shard,
                first: first.clone(),
                second: path,
            });
        }
        self.seen.insert(part.shard.index, path);
        Ok(())
    }

    /// The reference part and the files of shards `0..N` in order, if none is missing.
    fn finish(self) -> Result<((PathBuf, Partial), Vec<PathBuf>), MergeError> {
        let Some(reference) = self.reference else {
            return Err(MergeError::NoParts);
        };
        let count = reference.1.shard.count;
        if self.seen.len() != count as usize {
            let missing: Vec<u32> = (0..count).filter(|i| !self.seen.contains_key(i)).collect();
            let given: Vec<u32> = self.seen.keys().copied().collect();
            return Err(MergeError::Missing {
                missing: ranges(&missing),
                missing_count: missing.len() as u32,
                given: ranges(&given),
                count,
            });
        }
        Ok((reference, self.seen.into_values().collect()))
    }
}

/// The second pass of a merge: add up the shards, given in shard order, re-checking each
/// against the reference (a file may have been replaced since the first pass).
fn sum(
    (ref_path, reference): &(PathBuf, Partial),
    shards: impl Iterator<Item = Result<(PathBuf, Partial), MergeError>>,
) -> Result<Merged, MergeError> {
    let count = reference.shard.count;
    let mut results: Option<Vec<MatchupResult>> = None;
    let (mut elapsed, mut threads) = (0.0, 0);
    let mut next = 0;
    let mut parts = Vec::new();
    for shard in shards {
        let (path, part) = shard?;
        same_run(&path, &part, ref_path, reference)?;
        if part.shard.index != next || part.status() != RunStatus::Complete {
            return Err(MergeError::Invalid {
                path,
                message: format!(
                    "changed while being merged (now shard {}, {:?}): merge again",
                    part.shard,
                    part.status()
                ),
            });
        }
        next += 1;
        parts.push(MergedPart {
            file: path.clone(),
            battles: part.battle_range.start..part.battle_range.end,
            tables: part.tables.clone(),
        });
        elapsed += part.manifest.timing.elapsed_seconds;
        threads += part.manifest.timing.threads;
        match &mut results {
            None => results = Some(part.results),
            Some(sums) => {
                for (r, p) in sums.iter_mut().zip(&part.results) {
                    r.tally.merge(&p.tally);
                    match (&mut r.paired, &p.paired) {
                        (Some(a), Some(b)) => a.merge(b),
                        (None, None) => {}
                        // `check` ties `paired` to the plan, which every part shares.
                        _ => unreachable!("parts of one run pair the same matchups"),
                    }
                    match (&mut r.moments, &p.moments) {
                        (Some(a), Some(b)) if a.arms() == b.arms() => a.merge(b),
                        (None, None) => {}
                        // `check` ties `moments` (and its arms) to the plan.
                        _ => unreachable!("parts of one run share the ladder"),
                    }
                }
            }
        }
    }
    let info = reference.manifest.info();
    let battles = info.battles_per_matchup;
    let results = results.unwrap_or_default();
    let manifest = Manifest::new(&info, &results, battles, Timing::now(elapsed, threads));
    if next != count || manifest.status != RunStatus::Complete {
        // Unreachable when the checks above hold; never write a short report as complete.
        return Err(MergeError::Invalid {
            path: ref_path.clone(),
            message: format!("the merged shards do not add up to {battles} battles per matchup"),
        });
    }
    Ok(Merged {
        manifest,
        results,
        shards: count,
        parts,
    })
}

#[cfg(test)]
mod tests {
    use fleetlab_engine::{Ending, Outcome, ShipTally, Side, SideTally, Verdict};

    use super::*;
    use crate::report::test_support::{TestDir, sample_manifest, sample_results};
    use crate::results::MatchupTally;

    #[test]
    fn parses_shards() {
        assert_eq!("0/1".parse(), Ok(Shard { index: 0, count: 1 }));
        assert_eq!(
            "9999/10000".parse(),
            Ok(Shard {
                index: 9999,
                count: 10_000
            })
        );
        for (bad, why) in [
            ("3", "expected I/N"),
            ("a/3", "expected I/N"),
            ("-1/3", "expected I/N"),
            ("1/", "expected I/N"),
            ("1/3/4", "expected I/N"),
            ("0/0", "between 1 and 10,000"),
            ("0/10001", "between 1 and 10,000"),
            ("0/99999999999999999999999", "between 1 and 10,000"),
            ("3/3", "shard index 3 is out of range for 3 shards"),
            ("7/3", "from 0 to 2"),
        ] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert_eq!(Shard::new(2, 7).unwrap().to_string(), "2/7");
        assert_eq!(Shard::new(2, 7).unwrap().dir_name(), "shard-2-of-7");
    }

    #[test]
    fn slices_cover_every_battle_once() {
        for battles in [0, 1, 2, 3, 1023, 1024, 3001, 100_000, u64::MAX] {
            for count in [1, 2, 3, 7, 10, 64, 1000, 10_000] {
                let mut next = 0;
                let (mut small, mut large) = (u64::MAX, 0);
                for index in 0..count {
                    let r = Shard { index, count }.range(battles);
                    assert_eq!(r.start, next, "{battles} battles, shard {index}/{count}");
                    next = r.end;
                    small = small.min(r.end - r.start);
                    large = large.max(r.end - r.start);
                }
                assert_eq!(next, battles);
                assert!(large - small <= 1, "{battles}/{count}: {small}..{large}");
            }
        }
        // The documented formula, on the uneven case the integration test uses.
        let ranges: Vec<_> = (0..7)
            .map(|i| Shard::new(i, 7).unwrap().range(3001))
            .collect();
        assert_eq!(ranges[0], 0..428);
        assert_eq!(ranges[1], 428..857);
        assert_eq!(ranges[6], 2572..3001);
    }

    /// A tally of `n` battles of a 2-ship matchup, every one won by A in `turns` turns.
    fn tally(n: u64, turns: u32) -> MatchupTally {
        let mut t = MatchupTally::new(2);
        let side = |dealt, taken, survivors| SideTally {
            damage_dealt: dealt,
            damage_taken: taken,
            survivors,
            points_lost: taken * 10,
            ..SideTally::default()
        };
        for _ in 0..n {
            let outcome = Outcome {
                verdict: Verdict::Win(Side::A),
                standing: Verdict::Win(Side::A),
                ending: Ending::Annihilation,
                decided_by: 0,
                turns,
                sides: [side(5, 1, 1), side(1, 5, 0)],
            };
            let ships = [
                ShipTally {
                    damage_dealt: 5,
                    damage_taken: 1,
                    destroyed: false,
                    lost_on_turn: 0,
                },
                ShipTally {
                    damage_dealt: 1,
                    damage_taken: 5,
                    destroyed: true,
                    lost_on_turn: turns,
                },
            ];
            t.record(&outcome, &ships, &[Side::A, Side::B]);
        }
        t
    }

    fn info(seed: u64, battles: u64) -> RunInfo {
        let mut info = sample_manifest().info();
        info.fleetlab_version = crate::VERSION.into();
        info.seed = seed;
        info.battles_per_matchup = battles;
        info
    }

    fn timing() -> Timing {
        Timing {
            finished_at: "2025-01-01T00:00:00Z".into(),
            elapsed_seconds: 1.5,
            threads: 2,
        }
    }

    /// Shard `index`/`count` of a run with `battles` battles and `seed`, playing `played`
    /// battles (its whole slice when `None`); battle turns depend on the shard so merging in
    /// the wrong place would show.
    fn part(index: u32, count: u32, battles: u64, seed: u64, played: Option<u64>) -> Partial {
        let shard = Shard::new(index, count).unwrap();
        let r = shard.range(battles);
        let mut result = sample_results().remove(0);
        result.tally = tally(played.unwrap_or(r.end - r.start), index + 1);
        Partial::new(&info(seed, battles), shard, vec![result], timing())
    }

    fn named(parts: Vec<Partial>) -> Vec<(PathBuf, Partial)> {
        parts
            .into_iter()
            .map(|p| (PathBuf::from(format!("s{}/partial.json", p.shard.index)), p))
            .collect()
    }

    #[test]
    fn merge_adds_up_in_any_order() {
        let parts = vec![
            part(2, 3, 10, 5, None),
            part(0, 3, 10, 5, None),
            part(1, 3, 10, 5, None),
        ];
        let merged = merge(named(parts)).unwrap();
        assert_eq!(merged.shards, 3);
        let mut want = tally(3, 1);
        want.merge(&tally(3, 2));
        want.merge(&tally(4, 3));
        assert_eq!(merged.results[0].tally, want);
        let m = &merged.manifest;
        assert_eq!(m.status, RunStatus::Complete);
        assert_eq!(m.run.battles_per_matchup, 10);
        assert_eq!(m.matchups[0].battles, 10);
        assert_eq!(m.timing.elapsed_seconds, 4.5);
        assert_eq!(m.timing.threads, 6);
        assert_eq!(m.info(), info(5, 10));
    }

    #[test]
    fn round_trips_through_a_file() {
        let tmp = TestDir::new("partial-file");
        let p = part(1, 3, 3001, 5, None);
        let dir = tmp.path().join("shard-1-of-3");
        let written = p.write(&dir).unwrap();
        assert_eq!(written, dir.join(PARTIAL_FILE));
        // Either the file or its directory.
        assert_eq!(
            Partial::read(&written).unwrap(),
            (written.clone(), p.clone())
        );
        assert_eq!(Partial::read(&dir).unwrap(), (written.clone(), p.clone()));
        let text = fs::read_to_string(&written).unwrap();
        assert!(
            text.starts_with("{\n  \"format\": \"fleetlab-partial/3\""),
            "{text}"
        );
        assert!(text.contains("\"status\": \"complete\""));
        assert!(text.contains("\"start\": 1000"));
    }

    fn err(parts: Vec<Partial>) -> String {
        merge(named(parts)).unwrap_err().to_string()
    }

    #[test]
    fn refuses_missing_duplicate_and_foreign_parts() {
        let e = err(vec![part(0, 3, 10, 5, None), part(2, 3, 10, 5, None)]);
        assert!(e.contains("missing shard 1 of 3 (given: 0, 2)"), "{e}");
        let e = err(vec![part(0, 7, 10, 5, None)]);
        assert!(e.contains("missing shards 1-6 of 7 (given: 0)"), "{e}");
        let e = err(vec![
            part(0, 2, 10, 5, None),
            part(1, 2, 10, 5, None),
            part(1, 2, 10, 5, None),
        ]);
        assert!(
            e.contains("shard 1/2 is given twice: s1/partial.json and s1/partial.json"),
            "{e}"
        );
        let e = err(vec![part(0, 2, 10, 5, None), part(1, 2, 10, 6, None)]);
        assert!(
            e.contains("s1/partial.json: seed is 6, but s0/partial.json has 5"),
            "{e}"
        );
        let e = err(vec![part(0, 2, 10, 5, None), part(1, 2, 11, 5, None)]);
        assert!(e.contains("battles per matchup is 11"), "{e}");
        let e = err(vec![part(0, 2, 10, 5, None), part(1, 3, 10, 5, None)]);
        assert!(
            e.contains("shard count N is 3, but s0/partial.json has 2"),
            "{e}"
        );
        let mut other = part(1, 2, 10, 5, None);
        other.manifest.run.config_hash = "beef".into();
        let e = err(vec![part(0, 2, 10, 5, None), other]);
        assert!(e.contains("config hash is \"beef\""), "{e}");
        let mut other = part(1, 2, 10, 5, None);
        other.results[0].ship_names[1] = "corvette".into();
        let e = err(vec![part(0, 2, 10, 5, None), other]);
        assert!(
            e.contains("matchup 1 (\"alpha (brawler) vs beta (standoff)\") ships"),
            "{e}"
        );
        let mut old = vec![part(0, 1, 10, 5, None)];
        old[0].manifest.run.fleetlab_version = "0.0.1".into();
        let e = err(old);
        assert!(
            e.contains("written by fleetlab 0.0.1, but this is fleetlab"),
            "{e}"
        );
        assert_eq!(
            merge(Vec::new()).unwrap_err().to_string(),
            MergeError::NoParts.to_string()
        );
    }

    #[test]
    fn refuses_interrupted_shards() {
        let short = part(1, 2, 10, 5, Some(3));
        assert_eq!(short.status(), RunStatus::Partial);
        let e = err(vec![part(0, 2, 10, 5, None), short]);
        assert!(
            e.contains("s1/partial.json: shard 1/2 is partial (interrupted): matchup"),
            "{e}"
        );
        assert!(e.contains("played 3 of its 5 battles"), "{e}");
    }

    #[test]
    fn second_pass_refuses_parts_that_changed() {
        let parts = named(vec![part(0, 2, 10, 5, None), part(1, 2, 10, 5, None)]);
        let mut census = Census::default();
        for (file, p) in &parts {
            census.add(file.clone(), p).unwrap();
        }
        let (reference, order) = census.finish().unwrap();
        assert_eq!(
            order,
            [
                PathBuf::from("s0/partial.json"),
                PathBuf::from("s1/partial.json")
            ]
        );
        // Shard 1's file now holds shard 0, or a different seed.
        let swapped = vec![parts[0].clone(), (order[1].clone(), parts[0].1.clone())];
        let e = sum(&reference, swapped.into_iter().map(Ok))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("s1/partial.json: changed while being merged"),
            "{e}"
        );
        let foreign = vec![
            parts[0].clone(),
            named(vec![part(1, 2, 10, 6, None)]).remove(0),
        ];
        let e = sum(&reference, foreign.into_iter().map(Ok))
            .unwrap_err()
            .to_string();
        assert!(e.contains("seed is 6"), "{e}");
        // Fewer shards than the census saw.
        let short = vec![parts[0].clone()];
        let e = sum(&reference, short.into_iter().map(Ok))
            .unwrap_err()
            .to_string();
        assert!(e.contains("do not add up to 10 battles"), "{e}");
    }

    #[test]
    fn refuses_damaged_files() {
        let tmp = TestDir::new("partial-damaged");
        let good = serde_json::to_string(&part(0, 2, 10, 5, None)).unwrap();
        let cases = [
            ("not json".to_string(), "not a fleetlab partial result"),
            ("{}".to_string(), "no \"format\""),
            (
                good.replace(FORMAT, "fleetlab-partial/9"),
                "partial format is \"fleetlab-partial/9\"",
            ),
            (
                good.replacen("\"battles\":5", "\"battles\":4", 1),
                "manifest says 4 battles, tally holds 5",
            ),
            (
                good.replacen("\"wins\":[5,0]", "\"wins\":[4,0]", 1),
                "do not add up to 5 battles",
            ),
            (
                good.replacen("\"sum\":\"5\"", "\"sum\":\"6\"", 1),
                "malformed partial result at results[0].tally.turns",
            ),
            (
                good.replacen("\"start\":0", "\"start\":1", 1),
                "battle_range 1..5 is not shard 0/2's slice 0..5",
            ),
            (
                good.replacen("\"status\":\"complete\"", "\"status\":\"partial\"", 1),
                "status is Partial",
            ),
        ];
        for (i, (text, why)) in cases.iter().enumerate() {
            assert_ne!(text, &good, "case {i} must change the file");
            let path = tmp.path().join(format!("{i}.json"));
            fs::write(&path, text).unwrap();
            let e = Partial::read(&path).unwrap_err().to_string();
            assert!(e.starts_with(&path.display().to_string()), "{e}");
            assert!(e.contains(why), "case {i}: {e}");
        }
        let missing = tmp.path().join("nope");
        let e = Partial::read(&missing).unwrap_err().to_string();
        assert!(e.contains("cannot read") && e.contains("nope"), "{e}");
    }
}
