//! `fleetlab duel`: the quick battle calculator — two fleets named on the command line,
//! played on a shipped experiment's designs, scenario and house rules, and reported like a
//! `run` (sim/src/duel.rs builds the experiment).

use std::path::{Path, PathBuf};

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::duel::{DuelSide, FleetArg, duel_text};
use fleetlab_sim::load;
use fleetlab_sim::registry::{self, SystemTask};

use super::run::RunArgs;
use crate::error::CliError;

/// Battles of a duel unless `--battles` says otherwise: a win rate to about ±1 point in a
/// second or two.
pub const DUEL_BATTLES: u64 = 10_000;

/// Arguments of `fleetlab duel`.
#[derive(Debug, Args)]
pub struct DuelArgs {
    /// Side A: a shipped fleet's name, or designs such as `cruiser,2*frigate` (quote `*` in
    /// the shell).
    pub a: String,
    /// Side B, written the same way.
    pub b: String,
    /// Rule system whose shipped reference experiment provides the designs, fleets,
    /// scenario and house rules (`configs/<system>/reference-*.toml`).
    #[arg(long, default_value = "cosmic-conflict", conflicts_with = "config")]
    pub system: String,
    /// Instead of `--system`: the experiment file whose documents (designs, fleets, scenario,
    /// house rules) the duel uses; its matchups are not played.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Policy preset of both sides (default: the rule system's default policy).
    #[arg(long)]
    pub policy: Option<String>,
    /// Policy preset of side A (overrides --policy).
    #[arg(long)]
    pub policy_a: Option<String>,
    /// Policy preset of side B (overrides --policy).
    #[arg(long)]
    pub policy_b: Option<String>,
    /// Battles (default 10,000).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Master seed (default: the experiment's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output directory of the report (default: reports/duel); the duel's experiment file
    /// is saved beside it as `<out>.toml`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Also write report.html.
    #[arg(long)]
    pub html: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Also write per_battle.csv (one row per battle; see `run --per-battle`).
    #[arg(long)]
    pub per_battle: bool,
    /// Print the duel's experiment file and play nothing (it is otherwise saved as
    /// `<out>.toml`, e.g. reports/duel.toml, to run, audit or keep).
    #[arg(long)]
    pub print_config: bool,
}

/// Run the command: build the duel's experiment on the base config, save it beside the
/// report (`<out>.toml`, default `reports/duel.toml`: run it, audit it, keep it) and `run` it.
pub fn duel(args: &DuelArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
    super::run::report_options(args.confidence)?;
    let base = match &args.config {
        Some(c) => c.clone(),
        None => reference_config(&args.system)?,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join("duel"));
    let experiment = out.with_extension("toml");
    let text = super::dispatch_with(&base, Build { args, base: &base })?;
    if args.print_config {
        return super::emit(&text);
    }
    if let Some(dir) = experiment.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Runtime(format!("cannot create {}: {e}", dir.display())))?;
    }
    fleetlab_sim::report::write_atomic(&experiment, text.as_bytes())
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    super::run::run(&RunArgs {
        config: experiment,
        battles: None,
        seed: None,
        threads: args.threads,
        shard: None,
        out: Some(out),
        confidence: args.confidence,
        html: args.html,
        quiet: args.quiet,
        target_error: None,
        per_battle: args.per_battle,
    })
}

/// The first `reference-*.toml` of `configs/<system>/`.
fn reference_config(system: &str) -> Result<PathBuf, CliError> {
    if !registry::NAMES.contains(&system) {
        return Err(CliError::Usage(format!(
            "--system {system}: unknown rule system; known: {}",
            registry::NAMES.join(", ")
        )));
    }
    let dir = super::configs_dir().join(system);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| {
            CliError::Usage(format!(
                "cannot read {} ({e}): run from the fleetlab source tree or give --config",
                dir.display()
            ))
        })?
        .flatten()
        .map(|f| f.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("reference-") && n.ends_with(".toml"))
        })
        .collect();
    found.sort();
    found.into_iter().next().ok_or_else(|| {
        CliError::Usage(format!(
            "{} has no reference-*.toml: give --config",
            dir.display()
        ))
    })
}

/// Builds the duel's experiment text for the base config's rule system.
struct Build<'a> {
    args: &'a DuelArgs,
    base: &'a Path,
}

impl SystemTask for Build<'_> {
    type Output = Result<String, CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let Build { args, base } = self;
        let known = R::fleets(&load::documents::<R>(base)?);
        let side = |arg: &str, policy: &Option<String>, name: &str| {
            FleetArg::parse(arg, &known)
                .map(|fleet| DuelSide {
                    fleet,
                    policy: policy.clone().or_else(|| args.policy.clone()),
                })
                .map_err(|e| CliError::Usage(format!("side {name}: {e}")))
        };
        let a = side(&args.a, &args.policy_a, "A")?;
        let b = side(&args.b, &args.policy_b, "B")?;
        let dir = base
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let dir = std::fs::canonicalize(dir)
            .map_err(|e| CliError::Runtime(format!("cannot resolve {}: {e}", dir.display())))?;
        let battles = args.battles.unwrap_or(DUEL_BATTLES);
        Ok(duel_text(
            &load::read_source(base)?,
            &dir,
            &a,
            &b,
            battles,
            args.seed,
        )?)
    }
}
