//! `fleetlab trace`: one battle, turn by turn.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;
use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::Verdict;
use fleetlab_engine::{RuleSystem, ShipTally, Trace};
use fleetlab_sim::load::{self, DEFAULT_SEED};
use fleetlab_sim::registry::SystemTask;

use crate::error::CliError;

/// Arguments of `fleetlab trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Experiment file (TOML).
    pub config: PathBuf,
    /// Battle index (the same battle `run` plays with this index and seed).
    #[arg(long, default_value_t = 0)]
    pub battle: u64,
    /// Matchup number (0-based, in the experiment's order).
    #[arg(long, default_value_t = 0)]
    pub matchup: usize,
    /// Master seed (default: the experiment's, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// Run the command.
pub fn trace(args: &TraceArgs) -> Result<(), CliError> {
    super::dispatch(&args.config, TraceTask(args))
}

struct TraceTask<'a>(&'a TraceArgs);

impl SystemTask for TraceTask<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let args = self.0;
        let exp = load::load::<R>(&args.config)?;
        let Some(m) = exp.matchups.get(args.matchup) else {
            return Err(CliError::Usage(format!(
                "--matchup {} does not exist: the experiment has {} matchup(s), numbered from 0",
                args.matchup,
                exp.matchups.len()
            )));
        };
        let seed = args.seed.or(exp.spec.seed).unwrap_or(DEFAULT_SEED);
        let mut state = R::new_state(&m.matchup);
        let mut ships = vec![ShipTally::default(); R::ship_count(&m.matchup)];
        let mut dice = Dice::for_battle(seed, exp.keys[args.matchup], args.battle);
        let mut log = Trace::default();
        let outcome = R::play(&m.matchup, &mut state, &mut dice, &mut log, &mut ships);
        let mut out = String::new();
        let _ = writeln!(out, "{} — battle {} (seed {seed})", m.label, args.battle);
        let _ = writeln!(out, "side A: {} — {}", m.fleets[0], m.policies[0]);
        let _ = writeln!(out, "side B: {} — {}", m.fleets[1], m.policies[1]);
        out.push_str(&log.log);
        let result = match outcome.verdict {
            Verdict::Win(side) => format!("{} (side {side}) wins", m.fleets[side.index()]),
            Verdict::Draw => "a draw".to_owned(),
        };
        let _ = writeln!(
            out,
            "result: {result}; the game ended by {} ({}) after {} turn(s)",
            outcome.ending.name().replace('_', " "),
            R::DECIDERS
                .get(usize::from(outcome.decided_by))
                .map_or("?", |d| d.name),
            outcome.turns
        );
        for (name, t) in m.ship_names.iter().zip(&ships) {
            let _ = writeln!(
                out,
                "  {name}: dealt {} damage, took {}{}",
                t.damage_dealt,
                t.damage_taken,
                if t.destroyed {
                    ", destroyed"
                } else {
                    ", still in the fight"
                }
            );
        }
        super::emit(&out)
    }
}
