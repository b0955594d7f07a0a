//! `fleetlab audit CONFIG`: can an experiment's answer be trusted? (docs/audit.md)

use std::path::{Path, PathBuf};

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::audit;
use fleetlab_sim::audit_game::{self, GameAuditSettings};
use fleetlab_sim::kinds::{self, GameSearch};
use fleetlab_sim::mirror::MIRROR_BATTLES;
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::report::{self, audit_out};
use fleetlab_sim::{load, runner};

use crate::error::CliError;

/// Arguments of `fleetlab audit`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Experiment file (TOML).
    pub config: PathBuf,
    /// Battles per mirror and per matchup (default 18,432: resolves a 3-point seat gap at
    /// 4 SE).
    #[arg(long)]
    pub battles: Option<u64>,
    /// Master seed (default: the experiment's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output directory for audit.json, audit.csv and audit.parquet (default:
    /// reports/<experiment name>, beside the experiment's report: `fleetlab report` then shows
    /// the audit).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Skip the policy game (each side may also answer with any preset): mirrors and the
    /// matchups' own battles only.
    #[arg(long)]
    pub no_game: bool,
    /// Battles per pair of policies and half in the policy game (default 512).
    #[arg(long)]
    pub game_battles: Option<u64>,
    /// Presets the policy game offers each side besides its own policy, comma-separated
    /// (default: every preset of the rule system).
    #[arg(long, value_delimiter = ',')]
    pub game_policies: Option<Vec<String>>,
    /// Add a search player to the policy game with this many rollouts per decision: each
    /// side's search gain over the best preset mix (slow: about 25 × a preset battle per
    /// rollout budget of 24).
    #[arg(long)]
    pub search: Option<u32>,
}

/// Run the command: exit 1 when a seat gap is beyond 4 SE, 2 on bad input.
pub fn audit(args: &AuditArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
    if args.game_battles == Some(0) || args.game_battles.is_some_and(|b| b > 1 << 30) {
        return Err(CliError::Usage(
            "--game-battles must be 1..=1073741824 (battles per pair of policies and half)".into(),
        ));
    }
    if let Some(r) = args.search
        && !(1..=kinds::MAX_ROLLOUTS).contains(&i64::from(r))
    {
        return Err(CliError::Usage(format!(
            "--search {r} is out of range: rollouts per decision must be 1..={}",
            kinds::MAX_ROLLOUTS
        )));
    }
    if args.no_game
        && (args.game_battles.is_some() || args.game_policies.is_some() || args.search.is_some())
    {
        return Err(CliError::Usage(
            "--no-game skips the policy game: drop --game-battles, --game-policies and --search, or --no-game".into(),
        ));
    }
    super::dispatch(&args.config, Audit { args })
}

struct Audit<'a> {
    args: &'a AuditArgs,
}

impl SystemTask for Audit<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.args;
        let battles = args.battles.unwrap_or(MIRROR_BATTLES);
        let name = load::load::<R>(&args.config)?.name;
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| Path::new("reports").join(&name));
        report::prepare_dir(&out).map_err(|e| CliError::Runtime(e.to_string()))?;
        let game = (!args.no_game).then(|| GameAuditSettings {
            battles: args.game_battles.unwrap_or(audit_game::GAME_BATTLES),
            presets: args.game_policies.clone(),
            search: args.search.map(|rollouts| GameSearch {
                rollouts,
                exploration: fleetlab_engine::search::SearchSettings::default().exploration,
            }),
            confidence: 0.95,
        });
        let a = runner::with_threads(args.threads, || {
            audit::audit::<R>(&args.config, args.seed, battles, game.as_ref(), &|_| {})
        })
        .map_err(CliError::Runtime)??;
        println!(
            "audit of {} ({}), seed {}: each matchup's two mirrors and the matchup itself, {} \
             battles each",
            a.experiment,
            R::NAME,
            a.seed,
            report::thousands(a.battles)
        );
        print!("{}", audit::audit_table(&a));
        audit_out::write_audit(&out, &a).map_err(|e| CliError::Runtime(e.to_string()))?;
        println!("audit: {}", out.join(audit_out::AUDIT_JSON).display());
        if a.passes {
            Ok(())
        } else {
            let n = a.matchups.iter().filter(|m| !m.seats_fair).count();
            Err(CliError::CheckFailed(format!(
                "{n} matchup(s) imply a mirror whose seat gap is beyond {} standard errors: \
                 their win rates measure the seats as well as the fleets",
                a.seat_gap_limit_se
            )))
        }
    }
}
