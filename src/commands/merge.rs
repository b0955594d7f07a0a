//! `fleetlab merge`: put the partial results of `fleetlab run --shard I/N` back together into
//! the report a single `fleetlab run` would have written. The checks and the arithmetic are in
//! `fleetlab_sim::partial`; this parses arguments and prints.

use std::path::{Path, PathBuf};

use clap::Args;
use fleetlab_sim::partial;
use fleetlab_sim::report;

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
    report::write_report(&out, m, &merged.results, &opts)
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    let headline = format!(
        "{} ({}), seed {}, {} battles per matchup, merged from {} shard(s)",
        m.run.experiment, m.run.rule_system, m.run.seed, m.run.battles_per_matchup, merged.shards
    );
    let mut text = report_text(&headline, m, &merged.results, &opts, &out, None);
    if args.html {
        let page = report::write_html(&out).map_err(|e| CliError::Runtime(e.to_string()))?;
        text.push_str(&format!("html report: {}\n", page.display()));
    }
    super::emit(&text)
}
