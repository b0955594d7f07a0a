//! `fleetlab`: the command line. Parses arguments, hands validated values to `fleetlab-sim`
//! and prints. Exit codes: 0 success, 1 runtime failure (e.g. a report cannot be written) or a
//! balance shift found by `check`,
//! 2 usage or config error, 130 a run stopped by Ctrl-C (partial results written).

mod commands;
mod error;
mod interrupt;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Monte Carlo balance simulator for tabletop space-combat games.
#[derive(Debug, Parser)]
#[command(name = "fleetlab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play every matchup of an experiment and write a report.
    Run(commands::run::RunArgs),
    /// Put the partial results of `run --shard I/N` together into one report.
    Merge(commands::merge::MergeArgs),
    /// Write the self-contained HTML report (report.html) of a report directory.
    Report(commands::report::ReportArgs),
    /// Print a turn-by-turn log of one battle.
    Trace(commands::trace::TraceArgs),
    /// Check an experiment config and say what it contains.
    Validate {
        /// Experiment file (TOML).
        config: PathBuf,
    },
    /// Print the points value of every fleet (and ship) in an experiment.
    Points {
        /// Experiment file (TOML).
        config: PathBuf,
    },
    /// Record every battle's result of an experiment as a baseline for `check`.
    Baseline(commands::gate::BaselineArgs),
    /// CI balance gate: replay the experiment on the baseline's dice and fail (exit 1) on a
    /// win-rate shift beyond the tolerance (sequential test, Holm across matchups).
    Check(commands::gate::CheckArgs),
    /// Seat fairness: play every fleet with every policy preset against itself (the same
    /// side on both seats) and fail (exit 1) when a seat gap is beyond 4 standard errors.
    Mirror(commands::mirror::MirrorArgs),
    /// Can an experiment's answer be trusted? Per matchup: the seat gap of the mirrors it
    /// implies, how its battles were decided, draws and the house rules in effect; exit 1 when
    /// a seat gap is beyond 4 standard errors.
    Audit(commands::audit::AuditArgs),
    /// Quick battle calculator: two fleets named on the command line (shipped fleets or
    /// designs such as `cruiser,2*frigate`), played and reported like a `run`.
    Duel(commands::duel::DuelArgs),
    /// Measure battles per second on the reference scenarios (1 thread and all threads).
    Bench(commands::bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => commands::run::run(&args),
        Command::Merge(args) => commands::merge::merge(&args),
        Command::Report(args) => commands::report::report(&args),
        Command::Trace(args) => commands::trace::trace(&args),
        Command::Validate { config } => commands::inspect::validate(&config),
        Command::Points { config } => commands::inspect::points(&config),
        Command::Mirror(args) => commands::mirror::mirror(&args),
        Command::Audit(args) => commands::audit::audit(&args),
        Command::Bench(args) => commands::bench::bench(&args),
        Command::Duel(args) => commands::duel::duel(&args),
        Command::Baseline(args) => commands::gate::baseline(&args),
        Command::Check(args) => commands::gate::check(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            e.exit_code()
        }
    }
}
