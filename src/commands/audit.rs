//! `fleetlab audit CONFIG`: can an experiment's answer be trusted? (docs/audit.md)

use std::path::{Path, PathBuf};

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::audit;
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
}

/// Run the command: exit 1 when a seat gap is beyond 4 SE, 2 on bad input.
pub fn audit(args: &AuditArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
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
        let a = runner::with_threads(args.threads, || {
            audit::audit::<R>(&args.config, args.seed, battles, &|_| {})
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
