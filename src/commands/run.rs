//! `fleetlab run`: play every matchup of an experiment, write the report, print a summary.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::load::{self, DEFAULT_BATTLES, DEFAULT_SEED};
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::report::{self, ReportOptions};
use fleetlab_sim::results::{Manifest, ManifestMatchup, MatchupResult};
use fleetlab_sim::runner;
use indicatif::{ProgressBar, ProgressStyle};

use crate::error::CliError;

/// Arguments of `fleetlab run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Experiment file (TOML).
    pub config: PathBuf,
    /// Battles per matchup (default: the experiment's `battles`, else 10,000).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Master seed (default: the experiment's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Report directory (default: reports/<experiment name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Run the command.
pub fn run(args: &RunArgs) -> Result<(), CliError> {
    if args.battles == Some(0) {
        return Err(CliError::Usage("--battles must be at least 1".into()));
    }
    if args.threads == Some(0) {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    if !(args.confidence > 0.0 && args.confidence < 1.0) {
        return Err(CliError::Usage(
            "--confidence must be strictly between 0 and 1".into(),
        ));
    }
    super::dispatch(&args.config, Run(args))
}

struct Run<'a>(&'a RunArgs);

impl SystemTask for Run<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.0;
        let exp = load::load::<R>(&args.config)?;
        let battles = args.battles.or(exp.spec.battles).unwrap_or(DEFAULT_BATTLES);
        let seed = args.seed.or(exp.spec.seed).unwrap_or(DEFAULT_SEED);
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| Path::new("reports").join(&exp.name));
        let total = battles * exp.matchups.len() as u64;
        let bar = progress_bar(total, args.quiet);
        let started = Instant::now();
        let tallies = runner::with_threads(args.threads, || {
            exp.matchups
                .iter()
                .map(|m| {
                    bar.set_message(m.label.clone());
                    runner::run_matchup::<R>(m, seed, 0..battles, &|n| bar.inc(n), None)
                })
                .collect::<Vec<_>>()
        })
        .map_err(CliError::Runtime)?;
        bar.finish_and_clear();
        let elapsed = started.elapsed().as_secs_f64();
        let threads = args.threads.unwrap_or_else(rayon_threads);
        let results: Vec<MatchupResult> = exp
            .matchups
            .iter()
            .zip(tallies)
            .map(|(m, tally)| MatchupResult {
                label: m.label.clone(),
                fleets: m.fleets.clone(),
                policies: m.policies.clone(),
                points: m.points,
                ship_names: m.ship_names.clone(),
                ship_sides: m.ship_sides.clone(),
                tally,
            })
            .collect();
        let manifest = Manifest {
            fleetlab_version: env!("CARGO_PKG_VERSION").into(),
            rule_system: R::NAME.into(),
            experiment: exp.name.clone(),
            kind: "run".into(),
            config_path: args.config.display().to_string(),
            config_hash: exp.config_hash.clone(),
            config_files: exp.files.iter().map(|f| f.display().to_string()).collect(),
            seed,
            battles_per_matchup: battles,
            matchups: exp
                .matchups
                .iter()
                .map(|m| ManifestMatchup {
                    label: m.label.clone(),
                    dice_key: format!("{:016x}", runner::matchup_key(m)),
                    fleets: m.fleets.clone(),
                    policies: m.policies.clone(),
                    battles,
                })
                .collect(),
            status: "complete".into(),
            finished_at: humantime::format_rfc3339_seconds(std::time::SystemTime::now())
                .to_string(),
            elapsed_seconds: elapsed,
            threads,
        };
        let opts = ReportOptions {
            confidence: args.confidence,
        };
        report::write_report(&out, &manifest, &results, &opts)
            .map_err(|e| CliError::Runtime(e.to_string()))?;
        println!(
            "{} ({}), seed {seed}, {battles} battles per matchup, {:.1} s ({:.0} battles/s)",
            exp.name,
            R::NAME,
            elapsed,
            total as f64 / elapsed.max(1e-9)
        );
        for (m, r) in exp.matchups.iter().zip(&results) {
            println!(
                "  {}: A = {}; B = {}",
                r.label, m.policies[0], m.policies[1]
            );
        }
        println!("{}", report::summary_table(&results, &opts));
        println!("report: {}", out.display());
        Ok(())
    }
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A progress bar with ETA on stderr, hidden when stderr is not a terminal or with --quiet.
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} battles  {per_sec}  ETA {eta}  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
