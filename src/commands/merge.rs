//! `fleetlab merge`: put the partial results of `fleetlab run --shard I/N` back together into
//! the report a single `fleetlab run` would have written. The checks and the arithmetic are in
//! `fleetlab_sim::partial`; this parses arguments and prints.

use std::path::{Path, PathBuf};

use clap::Args;
use fleetlab_sim::report;
use fleetlab_sim::{partial, per_battle};

use super::run::{report_options, report_text};
use crate::error::CliError;

/// Arguments of `fleetlab merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Every shard's partial result: the partial.json files written by `fleetlab run --shard`,
    /// or the directories holding them. Each shard 0..N-1 exactly once, in any order.
    #[arg(required = true, value_name = "PARTS")]
    pub parts: Vec<PathBuf>,
    /// Report directory (default: reports/<experiment name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Also write report.html into the report directory (the same page as `fleetlab report
    /// DIR`).
    #[arg(long)]
    pub html: bool,
}

/// Run the command.
pub fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let opts = report_options(args.confidence)?;
    let merged =
        partial::read_and_merge(&args.parts).map_err(|e| CliError::Usage(e.to_string()))?;
    let m = &merged.manifest;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&m.run.experiment));
    let (streamed, note) = per_battle_tables(&merged, &out)?;
    report::write_report_extra(&out, m, &merged.results, &opts, &streamed, Vec::new())
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    let headline = format!(
        "{} ({}), seed {}, {} battles per matchup, merged from {} shard(s)",
        m.run.experiment, m.run.rule_system, m.run.seed, m.run.battles_per_matchup, merged.shards
    );
    let mut text = report_text(&headline, m, &merged.results, &opts, &out, None);
    text.push_str(&note);
    if args.html {
        let page = report::write_html(&out).map_err(|e| CliError::Runtime(e.to_string()))?;
        text.push_str(&format!("html report: {}\n", page.display()));
    }
    super::emit(&text)
}

/// The shards' per-battle tables joined into `out` (temp files, for the report to rename with
/// the rest) when every shard wrote one; a note when only some did.
fn per_battle_tables(
    merged: &partial::Merged,
    out: &Path,
) -> Result<(Vec<(PathBuf, PathBuf)>, String), CliError> {
    let has = |p: &partial::MergedPart| p.tables.iter().any(|t| t == per_battle::PER_BATTLE_FILE);
    let with: Vec<u32> = (0..)
        .zip(&merged.parts)
        .filter(|(_, p)| has(p))
        .map(|(i, _)| i)
        .collect();
    if with.is_empty() {
        return Ok((Vec::new(), String::new()));
    }
    if with.len() != merged.parts.len() {
        let without: Vec<String> = (0..)
            .zip(&merged.parts)
            .filter(|(_, p)| !has(p))
            .map(|(i, _): (u32, _)| i.to_string())
            .collect();
        return Ok((
            Vec::new(),
            format!(
                "note: per_battle.csv not merged: shard(s) {} ran without --per-battle (run \
                 them again with it to get the whole table)\n",
                without.join(", ")
            ),
        ));
    }
    report::prepare_dir(out).map_err(|e| CliError::Runtime(e.to_string()))?;
    let mut writer = per_battle::PerBattleWriter::create(out).map_err(|e| {
        CliError::Runtime(format!(
            "cannot write {}: {e}",
            out.join(per_battle::PER_BATTLE_FILE).display()
        ))
    })?;
    let m = &merged.manifest;
    let labels: Vec<String> = merged.results.iter().map(|r| r.label.clone()).collect();
    let shards: Vec<(PathBuf, std::ops::Range<u64>)> = merged
        .parts
        .iter()
        .map(|p| {
            let dir = p.file.parent().map_or_else(PathBuf::new, Path::to_path_buf);
            (dir, p.battles.clone())
        })
        .collect();
    let joined =
        per_battle::merge::merge_tables(&m.run.plan, &labels, m.run.seed, &shards, &mut writer);
    if let Err(e) = joined {
        writer.abandon();
        return Err(CliError::Usage(e));
    }
    let files = writer.finish().map_err(|e| {
        CliError::Runtime(format!(
            "cannot write {}: {e}",
            out.join(per_battle::PER_BATTLE_FILE).display()
        ))
    })?;
    Ok((files, String::new()))
}
