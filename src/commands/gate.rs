//! `fleetlab baseline` and `fleetlab check`: the CI balance gate (see `fleetlab_sim::gate`).

use std::path::PathBuf;

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::gate::{self, Baseline, CheckOptions};
use fleetlab_sim::gate_game;
use fleetlab_sim::load::{self, DEFAULT_BATTLES, DEFAULT_SEED};
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::{runner, under_game};

/// Confidence of the honest intervals a baseline records for reading (the check recomputes
/// them at its own level from the stored cells).
const GAME_CONFIDENCE: f64 = 0.95;

use crate::error::CliError;

/// Arguments of `fleetlab baseline`.
#[derive(Debug, Args)]
pub struct BaselineArgs {
    /// Experiment file (TOML).
    pub config: PathBuf,
    /// Where to write the baseline (JSON), e.g. reports/baselines/NAME.json.
    #[arg(long)]
    pub out: PathBuf,
    /// Battles per matchup (default: the experiment's `battles`, else 10,000); the most a
    /// check can play.
    #[arg(long)]
    pub battles: Option<u64>,
    /// Master seed (default: the experiment's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Arguments of `fleetlab check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Experiment file (TOML).
    pub config: PathBuf,
    /// Baseline recorded by `fleetlab baseline`.
    #[arg(long)]
    pub baseline: PathBuf,
    /// The win-rate shift to detect, in percentage points.
    #[arg(long, default_value_t = 2.0)]
    pub tolerance: f64,
    /// False-alarm rate of the whole check.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Chance of missing a shift of the tolerance's size (per matchup).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Also write the markdown summary (for a pull-request comment) to this file.
    #[arg(long)]
    pub markdown: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Run `fleetlab baseline`.
pub fn baseline(args: &BaselineArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
    super::dispatch(&args.config, Record(args))
}

/// Run `fleetlab check`.
pub fn check(args: &CheckArgs) -> Result<(), CliError> {
    if !(args.tolerance > 0.0 && args.tolerance < 50.0) {
        return Err(CliError::Usage(
            "--tolerance must be between 0 and 50 percentage points".into(),
        ));
    }
    for (name, v) in [("--alpha", args.alpha), ("--beta", args.beta)] {
        if !(v > 0.0 && v < 0.5) {
            return Err(CliError::Usage(format!(
                "{name} must be strictly between 0 and 0.5"
            )));
        }
    }
    super::limits::threads(args.threads)?;
    super::dispatch(&args.config, Check(args))
}

/// Whether a baseline can be written at `path`: not a directory, and its directory exists
/// (or can be made) and takes a file.
fn check_out_file(path: &std::path::Path) -> Result<(), CliError> {
    if path.is_dir() {
        return Err(CliError::Usage(format!(
            "--out {} is a directory: name the baseline file, e.g. {}/NAME.json",
            path.display(),
            path.display()
        )));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    fleetlab_sim::report::prepare_dir(dir).map_err(|e| {
        CliError::Runtime(format!("cannot write the baseline {}: {e}", path.display()))
    })
}

struct Record<'a>(&'a BaselineArgs);

impl SystemTask for Record<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.0;
        let src = load::read_source(&args.config)?;
        let under = under_game::spec_of(&src, R::POLICY_PRESETS, GAME_CONFIDENCE)?;
        let exp = load::load_from::<R>(src.clone(), load::read_source)?;
        let battles = args.battles.or(exp.spec.battles).unwrap_or(DEFAULT_BATTLES);
        let seed = args.seed.or(exp.spec.seed).unwrap_or(DEFAULT_SEED);
        // Find out now, not after the battles, that the baseline could not be written.
        check_out_file(&args.out)?;
        let stop = crate::interrupt::stop_on_signal()?;
        eprintln!(
            "fleetlab: recording the baseline of {} ({} matchup(s) × {battles} battles, seed \
             {seed}); Ctrl-C (or SIGTERM) stops and writes no baseline",
            exp.name,
            exp.matchups.len()
        );
        let recorded = runner::with_threads(args.threads, || {
            let Some(mut b) = gate::record::<R>(&exp, seed, battles, Some(&stop.flag)) else {
                return Ok(None);
            };
            if let Some(settings) = &under {
                let Some(games) =
                    gate_game::record::<R>(&src, &exp, settings, seed, Some(&stop.flag))?
                else {
                    return Ok(None);
                };
                b.games = games;
            }
            Ok::<_, fleetlab_sim::load::ConfigError>(Some(b))
        })
        .map_err(CliError::Runtime)??;
        let Some(b) = recorded else {
            return Err(CliError::Interrupted {
                message: format!(
                    "no baseline written ({} is unchanged): a baseline needs every battle, run `fleetlab baseline` again",
                    args.out.display()
                ),
                code: stop.exit_code(),
            });
        };
        b.write(&args.out).map_err(CliError::Runtime)?;
        println!(
            "baseline of {} ({}): {} matchup(s) × {battles} battles, seed {seed} → {}",
            exp.name,
            R::NAME,
            b.matchups.len(),
            args.out.display()
        );
        for m in &b.matchups {
            println!(
                "  {}: A {} / B {} / draws {}",
                m.label, m.a_wins, m.b_wins, m.draws
            );
        }
        for g in &b.games {
            println!(
                "  policy game of {}: value {:.1}% [{:.1}, {:.1}] ({} × {} policies, {} battles \
                 per pair and half)",
                g.label,
                100.0 * g.value,
                100.0 * g.honest.0,
                100.0 * g.honest.1,
                g.a_policies.len(),
                g.b_policies.len(),
                g.battles_per_pair
            );
        }
        Ok(())
    }
}

struct Check<'a>(&'a CheckArgs);

impl SystemTask for Check<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.0;
        let src = load::read_source(&args.config)?;
        let under = under_game::spec_of(&src, R::POLICY_PRESETS, GAME_CONFIDENCE)?;
        let exp = load::load_from::<R>(src.clone(), load::read_source)?;
        let baseline = Baseline::read(&args.baseline)
            .map_err(|e| CliError::Usage(format!("invalid baseline: {e}")))?;
        let options = CheckOptions {
            tolerance_pp: args.tolerance,
            alpha: args.alpha,
            beta: args.beta,
            ..CheckOptions::default()
        };
        let (report, games) = runner::with_threads(args.threads, || {
            let report = gate::check::<R>(&exp, &baseline, &options, &|_| {})?;
            let games = gate_game::check::<R>(&src, &exp, under.as_ref(), &baseline, &options)?;
            Ok::<_, gate::CheckError>((report, games))
        })
        .map_err(CliError::Runtime)?
        .map_err(|e| CliError::Usage(e.to_string()))?;
        let mut md = gate::markdown(&report, &exp.name);
        md.push_str(&gate_game::markdown(&games, &options));
        print!("{md}");
        if let Some(path) = &args.markdown {
            fleetlab_sim::report::write_atomic(path, md.as_bytes())
                .map_err(|e| CliError::Runtime(format!("{}: {e}", path.display())))?;
        }
        for m in &report.matchups {
            if let Some([then, now]) = m.points_changed {
                eprintln!(
                    "warning: {}: points changed since the baseline ({:?} → {:?} for sides A, \
                     B): a changed cost is a changed experiment; re-record the baseline if \
                     that is intended",
                    m.label, then, now
                );
            }
        }
        if let Some(note) = games.note.as_deref().filter(|n| !n.is_empty()) {
            eprintln!("note: {note}");
        }
        let game_failure = gate_game::failure(&games, &options);
        if report.failed() {
            let which: Vec<String> = report
                .matchups
                .iter()
                .filter(|m| matches!(m.finding, gate::Finding::ShiftUp | gate::Finding::ShiftDown))
                .map(|m| {
                    format!(
                        "{}: estimated {:+.2} pp [{:+.2}, {:+.2}] (LLR {})",
                        m.label,
                        m.delta * 100.0,
                        m.delta_low * 100.0,
                        m.delta_high * 100.0,
                        gate::why(m)
                    )
                })
                .collect();
            return Err(CliError::CheckFailed(
                format!(
                    "side A's win rate moved in {} matchup(s): the paired battles favour a shift of \
                 ±{} pp over none (sequential test, false-alarm rate ≤ {} for the whole check; \
                 it decides between 0 and ±{} pp, so smaller estimated shifts can fail): {}",
                    which.len(),
                    args.tolerance,
                    args.alpha,
                    args.tolerance,
                    which.join("; ")
                ) + &game_failure.map_or(String::new(), |g| format!("; and {g}")),
            ));
        }
        if let Some(g) = game_failure {
            return Err(CliError::CheckFailed(g));
        }
        Ok(())
    }
}
