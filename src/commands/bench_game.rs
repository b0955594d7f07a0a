//! `fleetlab bench --game CONFIG`: what a policy game costs over the battles it plays. Times,
//! in one process and alternating, (1) the game as configured — its battles, the solve, every
//! report table — and (2) the same matchups as a plain experiment (the same battles and
//! dice, the ordinary tables only), several runs each; prints min and median and the ratio.
//! The bound: a 5 × 5 game costs at most 1.3× its battles as plain matchups. A
//! measurement, not a test.

use std::path::{Path, PathBuf};
use std::time::Instant;

use fleetlab_engine::RuleSystem;
use fleetlab_sim::kinds::Plan;
use fleetlab_sim::load::{self, DEFAULT_BATTLES, DEFAULT_SEED, Experiment};
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::report::{self, ReportOptions};
use fleetlab_sim::results::{Manifest, Timing};
use fleetlab_sim::{play, racing, runner};

use crate::error::CliError;

/// One `--game` measurement.
pub struct GameBench<'a> {
    /// The policy game's experiment file.
    pub config: &'a PathBuf,
    /// Runs of each (alternating).
    pub runs: usize,
    /// Worker threads.
    pub threads: usize,
}

/// Play and report `exp` once into `dir`; returns (seconds, battles played).
fn once<R: RuleSystem>(
    exp: &Experiment<R>,
    config: &Path,
    dir: &Path,
    threads: usize,
) -> Result<(f64, u64), CliError> {
    let seed = exp.spec.seed.unwrap_or(DEFAULT_SEED);
    let battles = exp.spec.battles.unwrap_or(DEFAULT_BATTLES);
    let opts = ReportOptions { confidence: 0.95 };
    let started = Instant::now();
    let mut info = exp.run_info(config, seed, battles);
    let results = runner::with_threads(Some(threads), || {
        if racing::is_raced(&exp.plan) {
            let (results, dropped) =
                racing::play_race::<R>(exp, seed, battles, &|_| {}, &|_| {}, None);
            racing::record_drops(&mut info.plan, dropped);
            results
        } else {
            play::play::<R>(exp, seed, 0..battles, &|_| {}, &|_| {}, None)
        }
    })
    .map_err(CliError::Runtime)?;
    let manifest = Manifest::new(&info, &results, battles, Timing::now(0.0, threads));
    report::write_report(dir, &manifest, &results, &opts)
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    // What `run` prints: the solved game for a game, nothing more for a plain run.
    let _ = report::kinds::kind_summary(&manifest.run.plan, &results, &opts);
    let played = results.iter().map(|r| r.tally.battles).sum();
    Ok((started.elapsed().as_secs_f64(), played))
}

fn min_median(mut xs: Vec<f64>) -> (f64, f64) {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let median = if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    };
    (xs[0], median)
}

impl SystemTask for GameBench<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let game = load::load::<R>(self.config)?;
        let Plan::Game(plan) = &game.plan else {
            return Err(CliError::Usage(format!(
                "{}: --game needs a policy game (`[experiment.game]`)",
                self.config.display()
            )));
        };
        let shape = format!("{} × {}", plan.a_policies.len(), plan.b_policies.len());
        // The same matchups (and dice keys) as a plain experiment.
        let mut plain = load::load::<R>(self.config)?;
        plain.plan = Plan::Run;
        let dir = std::env::temp_dir().join(format!("fleetlab-bench-game-{}", std::process::id()));
        let (mut game_secs, mut plain_secs) = (Vec::new(), Vec::new());
        let (mut game_battles, mut plain_battles) = (0, 0);
        // Warm-up: one of each, not counted.
        once(&plain, self.config, &dir.join("plain"), self.threads)?;
        for run in 0..self.runs {
            let order: [bool; 2] = if run % 2 == 0 {
                [true, false]
            } else {
                [false, true]
            };
            for is_game in order {
                if is_game {
                    let (s, b) = once(&game, self.config, &dir.join("game"), self.threads)?;
                    game_secs.push(s);
                    game_battles = b;
                } else {
                    let (s, b) = once(&plain, self.config, &dir.join("plain"), self.threads)?;
                    plain_secs.push(s);
                    plain_battles = b;
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        let (gmin, gmed) = min_median(game_secs);
        let (pmin, pmed) = min_median(plain_secs);
        println!(
            "{} ({shape} policy game{}), {} run(s) each, {} thread(s):",
            self.config.display(),
            if plan.race.is_some() { ", raced" } else { "" },
            self.runs,
            self.threads
        );
        println!(
            "  game : {game_battles:>9} battles  min {gmin:.3} s  median {gmed:.3} s  ({:.0} \
             battles/s)",
            game_battles as f64 / gmed.max(1e-9)
        );
        println!(
            "  plain: {plain_battles:>9} battles  min {pmin:.3} s  median {pmed:.3} s  ({:.0} \
             battles/s)",
            plain_battles as f64 / pmed.max(1e-9)
        );
        let per_battle = |secs: f64, battles: u64| secs / (battles.max(1) as f64);
        println!(
            "  game ÷ plain: time {:.3} (min) {:.3} (median); per battle played {:.3} (median); \
             bound 1.3",
            gmin / pmin.max(1e-9),
            gmed / pmed.max(1e-9),
            per_battle(gmed, game_battles) / per_battle(pmed, plain_battles).max(1e-18)
        );
        Ok(())
    }
}
