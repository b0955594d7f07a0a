//! `fleetlab bench`: battles per second on the reference scenarios, single-threaded and on
//! all threads. A measurement, not a test.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::load;
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::runner;

use crate::error::CliError;

/// Arguments of `fleetlab bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Experiment files (default: every `configs/*/reference-*.toml`).
    pub configs: Vec<PathBuf>,
    /// Battles per measurement.
    #[arg(long, default_value_t = 200_000)]
    pub battles: u64,
    /// Instead: time each CONFIG, a policy game, against the same matchups played as a plain
    /// experiment (battles, solve and report tables; alternating, `--runs` each; the game's
    /// own `battles`); prints min, median and their ratio.
    #[arg(long)]
    pub game: bool,
    /// Runs of each with `--game`.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Worker threads with `--game`.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Run the command.
pub fn bench(args: &BenchArgs) -> Result<(), CliError> {
    if args.game {
        if args.configs.is_empty() || args.runs == 0 || args.threads == 0 {
            return Err(CliError::Usage(
                "--game needs policy-game configs (e.g. configs/cosmic-conflict/policy-game.toml), \
                 --runs ≥ 1 and --threads ≥ 1"
                    .into(),
            ));
        }
        for config in &args.configs {
            super::dispatch(
                config,
                super::bench_game::GameBench {
                    config,
                    runs: args.runs,
                    threads: args.threads,
                },
            )?;
        }
        return Ok(());
    }
    let configs = if args.configs.is_empty() {
        reference_configs()?
    } else {
        args.configs.clone()
    };
    if configs.is_empty() {
        return Err(CliError::Usage(
            "no reference configs found under configs/*/reference-*.toml".into(),
        ));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{:<48} {:>8} {:>14}",
        "scenario (first matchup)", "threads", "battles/s"
    );
    for config in configs {
        for threads in [1, cores] {
            super::dispatch(
                &config,
                Bench {
                    config: &config,
                    threads,
                    battles: args.battles,
                },
            )?;
        }
    }
    Ok(())
}

fn reference_configs() -> Result<Vec<PathBuf>, CliError> {
    let mut out = Vec::new();
    let root = super::configs_dir();
    let dirs = std::fs::read_dir(&root).map_err(|e| {
        CliError::Usage(format!(
            "cannot read {} ({e}): run from the fleetlab source tree or name the configs",
            root.display()
        ))
    })?;
    for dir in dirs.flatten() {
        if let Ok(files) = std::fs::read_dir(dir.path()) {
            for f in files.flatten() {
                let name = f.file_name().to_string_lossy().into_owned();
                if name.starts_with("reference-") && name.ends_with(".toml") {
                    out.push(f.path());
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

struct Bench<'a> {
    config: &'a PathBuf,
    threads: usize,
    battles: u64,
}

impl SystemTask for Bench<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let exp = load::load::<R>(self.config)?;
        let Some(m) = exp.matchups.first() else {
            return Ok(());
        };
        let seed = exp.spec.seed.unwrap_or(1);
        // Warm up caches and the thread pool, then time.
        let (secs, played) = runner::with_threads(Some(self.threads), || {
            runner::run_matchup::<R>(
                m,
                runner::matchup_key(m),
                seed,
                0..self.battles.min(10_000),
                &|_| {},
                None,
            );
            let t = Instant::now();
            let tally = runner::run_matchup::<R>(
                m,
                runner::matchup_key(m),
                seed,
                0..self.battles,
                &|_| {},
                None,
            );
            (t.elapsed().as_secs_f64(), tally.battles)
        })
        .map_err(CliError::Runtime)?;
        println!(
            "{:<48} {:>8} {:>14.0}",
            self.config.display().to_string(),
            self.threads,
            played as f64 / secs.max(1e-9)
        );
        Ok(())
    }
}
