//! `fleetlab mirror`: play every shipped fleet with every policy preset against itself and
//! check that the seats are fair (docs/audit.md).

use std::path::PathBuf;

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::load::{self, DEFAULT_SEED};
use fleetlab_sim::mirror::{self, MIRROR_BATTLES, SEAT_GAP_LIMIT_SE, SeatGap};
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::report::thousands;
use fleetlab_sim::runner;

use crate::error::CliError;

/// The experiments whose fleets `fleetlab mirror` plays when given none: one per rule system,
/// each including its system's shipped `fleets.toml`.
pub const DEFAULT_CONFIGS: &[&str] = &[
    "configs/cosmic-conflict/reference-3v3.toml",
    "configs/junction/reference-2v2.toml",
    "configs/ship-to-ship/reference-duel.toml",
    "configs/target-lock/reference-2v2.toml",
];

/// Arguments of `fleetlab mirror`.
#[derive(Debug, Args)]
pub struct MirrorArgs {
    /// Experiment files whose documents define the fleets (default: the reference experiment
    /// of every rule system, which include the shipped fleets). Their scenario and house
    /// rules apply; their matchups are not played.
    pub configs: Vec<PathBuf>,
    /// Battles per mirror (default 18,432: resolves a 3-point seat gap at 4 SE).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Master seed (default: the experiment's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Only these fleets (repeatable; default every fleet the documents define).
    #[arg(long = "fleet")]
    pub fleets: Vec<String>,
    /// Only these policy presets (repeatable; default every preset of the rule system).
    #[arg(long = "policy")]
    pub policies: Vec<String>,
}

/// Run the command: exit 0 when every mirror's seat gap is within 4 SE, 1 when one is not.
pub fn mirror(args: &MirrorArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
    let configs: Vec<PathBuf> = if args.configs.is_empty() {
        DEFAULT_CONFIGS.iter().map(PathBuf::from).collect()
    } else {
        args.configs.clone()
    };
    let mut failed = 0;
    for config in &configs {
        let mut task = Mirrors {
            args,
            config: config.clone(),
            failed: 0,
        };
        let src = load::read_source(config)?;
        let name = load::rule_system_of(&src)?;
        let result = fleetlab_sim::registry::with_system(&name, &mut task);
        result.unwrap_or(Ok(()))?;
        failed += task.failed;
    }
    if failed > 0 {
        return Err(CliError::CheckFailed(format!(
            "{failed} mirror(s) with a seat gap beyond {SEAT_GAP_LIMIT_SE} standard errors"
        )));
    }
    Ok(())
}

struct Mirrors<'a> {
    args: &'a MirrorArgs,
    config: PathBuf,
    failed: usize,
}

impl SystemTask for &mut Mirrors<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.args;
        let src = load::read_source(&self.config)?;
        let exp = load::load::<R>(&self.config)?;
        let seed = args.seed.or(exp.spec.seed).unwrap_or(DEFAULT_SEED);
        let battles = args.battles.unwrap_or(MIRROR_BATTLES);
        let sides = mirror::select(
            mirror::preset_sides::<R>(&self.config)?,
            &args.fleets,
            &args.policies,
        );
        if sides.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: no fleet × policy preset left to play (fleets: {}; presets: {})",
                self.config.display(),
                R::fleets(&load::documents::<R>(&self.config)?).join(", "),
                R::POLICY_PRESETS.join(", ")
            )));
        }
        let mirrors = runner::with_threads(args.threads, || {
            mirror::play_mirrors::<R>(&src, &sides, seed, battles, &|_| {})
        })
        .map_err(CliError::Runtime)??;
        println!(
            "{} ({}): {} mirror(s), {} battles each, seed {seed}; a seat gap beyond {} SE fails",
            self.config.display(),
            R::NAME,
            mirrors.len(),
            thousands(battles),
            SEAT_GAP_LIMIT_SE
        );
        print!("{}", mirror::mirror_table(&mirrors));
        let gaps: Vec<SeatGap> = mirrors
            .iter()
            .filter_map(|m| m.result.as_ref().ok().map(SeatGap::of))
            .collect();
        self.failed += gaps.iter().filter(|g| !g.passes(SEAT_GAP_LIMIT_SE)).count();
        let largest = gaps.iter().map(|g| g.gap().abs()).fold(0.0, f64::max);
        println!(
            "largest gap {:.1} pp; {} of {} played mirror(s) fail\n",
            100.0 * largest,
            gaps.iter().filter(|g| !g.passes(SEAT_GAP_LIMIT_SE)).count(),
            gaps.len()
        );
        Ok(())
    }
}
