//! `fleetlab run`: play every matchup of an experiment (or one shard of its battles), write
//! the report (or the shard's partial result), print a summary.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::atomic::Ordering;
use std::time::Instant;

use clap::Args;
use fleetlab_engine::RuleSystem;
use fleetlab_sim::load::{self, DEFAULT_BATTLES, DEFAULT_SEED};
use fleetlab_sim::partial::{Partial, Shard};
use fleetlab_sim::registry::SystemTask;
use fleetlab_sim::report::{self, ReportOptions, thousands};
use fleetlab_sim::results::{Manifest, MatchupResult, RunStatus, Timing};
use fleetlab_sim::under_game::{self, UnderGame};
use fleetlab_sim::{per_battle, play, racing, runner};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

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
    /// Play only shard I of N (counting from 0, N ≤ 10,000): battles ⌊I·B/N⌋..⌊(I+1)·B/N⌋ of
    /// every matchup. Writes a mergeable partial.json instead of a report; put the shards
    /// together with `fleetlab merge` (docs/scaling.md).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Output directory (default: reports/<experiment name>, or
    /// reports/<experiment name>/shard-I-of-N with --shard).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Also write report.html (plots and tables, readable offline) into the output directory;
    /// the same page as `fleetlab report DIR`. Not with --shard (a shard writes no report:
    /// run `fleetlab report` on the merged one).
    #[arg(long)]
    pub html: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Keep playing until every reported interval (both sides' win rates of every matchup,
    /// the paired delta of every A/B opponent) has half-width ≤ E (a fraction: 0.01 = ±1
    /// percentage point), in looks of 8,192 battles then doubling. `--battles` is then the
    /// cap per matchup (default 1,000,000). Deterministic for a seed.
    #[arg(long, value_name = "E")]
    pub target_error: Option<f64>,
    /// Also write per_battle.csv and per_battle.parquet: one row per battle (seed, matchup,
    /// policies, battle index, winner, what decided it, turns, points and damage per side),
    /// streamed to disk in battle order. Plain runs, fleet matrices, A/B experiments (every
    /// arm) and policy games, and their shards (`merge` joins the tables); not with
    /// --target-error, a raced game or a search player.
    #[arg(long)]
    pub per_battle: bool,
}

/// Run the command.
pub fn run(args: &RunArgs) -> Result<(), CliError> {
    super::limits::battles(args.battles)?;
    super::limits::threads(args.threads)?;
    if let Some(e) = args.target_error {
        if !(e > 0.0 && e < 0.5) {
            return Err(CliError::Usage(
                "--target-error must be strictly between 0 and 0.5 (0.01 = ±1 percentage point)"
                    .into(),
            ));
        }
        if args.shard.is_some() {
            return Err(CliError::Usage(
                "--target-error decides the battles from the results, --shard splits a fixed \
                 number: use one or the other"
                    .into(),
            ));
        }
    }
    if args.per_battle && args.target_error.is_some() {
        return Err(CliError::Usage(
            "--per-battle writes each battle once, in order: not with --target-error (its \
             looks play more battles of a matchup after others)"
                .into(),
        ));
    }
    if args.html && args.shard.is_some() {
        return Err(CliError::Usage(
            "--html needs a report, and a shard writes none: merge the shards, then run \
             `fleetlab report DIR`"
                .into(),
        ));
    }
    let opts = report_options(args.confidence)?;
    super::dispatch(&args.config, Run { args, opts })
}

/// Report options from `--confidence`, which must be strictly between 0 and 1.
pub fn report_options(confidence: f64) -> Result<ReportOptions, CliError> {
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(CliError::Usage(
            "--confidence must be strictly between 0 and 1".into(),
        ));
    }
    Ok(ReportOptions { confidence })
}

struct Run<'a> {
    args: &'a RunArgs,
    opts: ReportOptions,
}

impl SystemTask for Run<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let Run { args, opts } = self;
        let src = load::read_source(&args.config)?;
        if let Some((spec, path)) = fleetlab_sim::sweep::spec_of(&src)? {
            return super::sweep::run_sweep::<R>(args, &opts, src, spec, path);
        }
        let under = under_game::spec_of(&src, R::POLICY_PRESETS, args.confidence)?;
        let game_src = under.is_some().then(|| src.clone());
        let exp = load::load_from::<R>(src, load::read_source)?;
        if under.is_some() {
            if let Some(why) = under_game::unsupported(&exp.plan) {
                return Err(CliError::Usage(format!("{}: {why}", args.config.display())));
            }
            if args.shard.is_some() {
                return Err(CliError::Usage(format!(
                    "{}: `[experiment.under_game]` plays each matchup's policy game after the \
                     battles, on the whole run: not with --shard (merge does not play it)",
                    args.config.display()
                )));
            }
        }
        let raced = racing::is_raced(&exp.plan);
        if raced && (args.shard.is_some() || args.target_error.is_some()) {
            return Err(CliError::Usage(format!(
                "{}: this policy game races (`race` in [experiment.game]): which policies it \
                 keeps depends on every battle of each stage, so it cannot be split with \
                 --shard or played with --target-error; set `race = false` for those",
                args.config.display()
            )));
        }
        if args.per_battle && (raced || !per_battle::supported(&exp.plan)) {
            return Err(CliError::Usage(format!(
                "{}: --per-battle records plain runs, fleet matrices, A/B experiments and \
                 policy games, not a raced game (`race`) or a search player (`search`), whose \
                 battles play through their own runners",
                args.config.display()
            )));
        }
        let battles = match args.target_error {
            Some(_) => args.battles.unwrap_or(TARGET_ERROR_CAP),
            None => args.battles.or(exp.spec.battles).unwrap_or(DEFAULT_BATTLES),
        };
        let seed = args.seed.or(exp.spec.seed).unwrap_or(DEFAULT_SEED);
        if args.per_battle && i64::try_from(seed).is_err() {
            return Err(CliError::Usage(format!(
                "{}: --per-battle writes the seed as a 64-bit signed integer (Parquet int64): \
                 seed {seed} is 2^63 or more; choose a smaller --seed",
                args.config.display()
            )));
        }
        let mut info = exp.run_info(&args.config, seed, battles);
        let range = args.shard.map_or(0..battles, |s| s.range(battles));
        let slice = range.end - range.start;
        let out = args.out.clone().unwrap_or_else(|| {
            let dir = Path::new("reports").join(&exp.name);
            match args.shard {
                Some(shard) => dir.join(shard.dir_name()),
                None => dir,
            }
        });
        // Find out now, not after hours of battles, that the results could not be written.
        report::prepare_dir(&out).map_err(|e| CliError::Runtime(e.to_string()))?;
        let mut per_battle_writer = if args.per_battle {
            let w = per_battle::PerBattleWriter::create(&out).map_err(|e| {
                CliError::Runtime(format!(
                    "cannot write {}: {e}",
                    out.join(per_battle::PER_BATTLE_FILE).display()
                ))
            })?;
            Some(w)
        } else {
            None
        };
        let mut per_battle_error = None;

        let threads = args.threads.unwrap_or_else(super::limits::cores);
        let stop = crate::interrupt::stop_on_signal()?;
        let bar = progress_bar(slice * exp.matchups.len() as u64, args.quiet);
        // Announced once the first batch is done, so whoever reads it (a person, a script, a
        // test) knows that from now on Ctrl-C leaves results to keep.
        let announcement = format!(
            "fleetlab: running {}{} ({} matchup(s) × {}, seed {seed}, {threads} \
             thread(s)); Ctrl-C (or SIGTERM) stops after the batches in flight and keeps the results so far",
            exp.name,
            args.shard.map_or(String::new(), |s| format!(
                " shard {s}, battles {}..{} of {battles}",
                range.start, range.end
            )),
            exp.matchups.len(),
            match args.target_error {
                Some(e) => format!(
                    "battles until every interval is within ±{e} (at most {})",
                    thousands(slice)
                ),
                None => format!("{} battles", thousands(slice)),
            },
        );
        let announced = Once::new();
        let started = Instant::now();
        let total = slice * exp.matchups.len() as u64;
        let on_batch = |n| {
            bar.inc(n);
            announced.call_once(|| {
                // The first batch times the run: warn up front when it will take hours.
                let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-9);
                let eta = super::limits::run_time_warning(total, rate);
                for line in std::iter::once(announcement.clone()).chain(eta) {
                    if bar.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        bar.println(&line);
                    }
                }
            });
        };
        let on_matchup = |label: &str| bar.set_message(label.to_owned());
        let mut target_met = None;
        let mut dropped = Vec::new();
        let results = runner::with_threads(args.threads, || match args.target_error {
            None if per_battle_writer.is_some() => {
                let writer = per_battle_writer.as_mut().expect("checked");
                match per_battle::play::<R>(
                    &exp,
                    seed,
                    range.clone(),
                    &on_matchup,
                    &on_batch,
                    Some(&stop.flag),
                    writer,
                ) {
                    Ok(results) => results,
                    Err(e) => {
                        per_battle_error = Some(e);
                        Vec::new()
                    }
                }
            }
            None if raced => {
                let (results, drops) = racing::play_race::<R>(
                    &exp,
                    seed,
                    battles,
                    &on_matchup,
                    &on_batch,
                    Some(&stop.flag),
                );
                dropped = drops;
                results
            }
            None => play::play::<R>(
                &exp,
                seed,
                range.clone(),
                &on_matchup,
                &on_batch,
                Some(&stop.flag),
            ),
            Some(half_width) => {
                let target = play::Target {
                    half_width,
                    z: fleetlab_sim::stats::z_for_confidence(args.confidence),
                    cap: battles,
                };
                let (results, met) = play::play_to_target::<R>(
                    &exp,
                    seed,
                    &target,
                    &on_matchup,
                    &on_batch,
                    Some(&stop.flag),
                );
                target_met = Some(met);
                results
            }
        })
        .map_err(CliError::Runtime)?;
        bar.finish_and_clear();
        let per_battle_file = |e: std::io::Error| {
            CliError::Runtime(format!(
                "cannot write {}: {e}",
                out.join(per_battle::PER_BATTLE_FILE).display()
            ))
        };
        if let Some(e) = per_battle_error {
            if let Some(w) = per_battle_writer {
                w.abandon();
            }
            return Err(per_battle_file(e));
        }
        let streamed: Vec<_> = match per_battle_writer {
            Some(w) => w.finish().map_err(per_battle_file)?,
            None => Vec::new(),
        };
        // The answers under the policy game, after the experiment's own battles (not when a
        // signal stopped them: the run is partial either way).
        let mut under_result = None;
        if let (Some(settings), Some(game_src)) = (&under, &game_src)
            && !stop.flag.load(Ordering::Relaxed)
        {
            let total = under_game::battles::<R>(game_src, settings)?;
            let bar = progress_bar(total, args.quiet);
            bar.set_message("policy games (each side may answer with a preset)");
            let u = runner::with_threads(args.threads, || {
                under_game::play::<R>(
                    game_src,
                    &exp,
                    &results,
                    settings,
                    seed,
                    &|n| bar.inc(n),
                    Some(&stop.flag),
                )
            })
            .map_err(CliError::Runtime)??;
            bar.finish_and_clear();
            if !stop.flag.load(Ordering::Relaxed) {
                under_result = Some(u);
            }
        }
        racing::record_drops(&mut info.plan, dropped);
        let elapsed = started.elapsed().as_secs_f64();
        let timing = Timing::now(elapsed, threads);
        let played: u64 = results.iter().map(|r| r.tally.battles).sum();
        let speed = format!(
            "{elapsed:.1} s ({:.0} battles/s)",
            played as f64 / elapsed.max(1e-9)
        );
        // Judged by the battles played, not by the flag: a Ctrl-C after the last batch
        // leaves a complete result.
        let short = format!(
            "{} of {} battles per matchup",
            battles_played(&results),
            thousands(slice)
        );

        let (status, record) = if let Some(shard) = args.shard {
            let mut partial = Partial::new(&info, shard, results, timing);
            // The shard's streamed tables go into place before its partial.json, which
            // lists them for `merge`: a shard without partial.json is not one.
            for (tmp, target) in &streamed {
                std::fs::rename(tmp, target).map_err(|e| {
                    CliError::Runtime(format!("cannot write {}: {e}", target.display()))
                })?;
                if let Some(name) = target.file_name() {
                    partial.tables.push(name.to_string_lossy().into_owned());
                }
            }
            let path = partial
                .write(&out)
                .map_err(|e| CliError::Runtime(e.to_string()))?;
            // The summary's layout: the headline, then what the run answers (a shard
            // answers nothing on its own), what was written.
            let mut text = format!(
                "{} ({}), seed {seed}, shard {shard}: battles {}..{} of {} per matchup, {} \
                 matchup(s), {speed}\n",
                exp.name,
                R::NAME,
                range.start,
                range.end,
                thousands(battles),
                exp.matchups.len()
            );
            if partial.status() == RunStatus::Partial {
                text.push_str(&format!(
                    "INTERRUPTED: {short} of shard {shard} — `fleetlab merge` refuses this \
                     partial result: run the shard again\n"
                ));
            }
            text.push_str(&format!(
                "answer:   none from one shard — merge all {} shards for the report and its \
                 verdict: fleetlab merge PARTS... --out DIR\n\
                 written:  {}\n",
                shard.count,
                path.display()
            ));
            super::emit(&text)?;
            (partial.status(), path)
        } else {
            let mut manifest = Manifest::new(&info, &results, battles, timing);
            if raced {
                // Dropped pairs play fewer battles by design; only a signal makes it partial.
                manifest.status = if stop.flag.load(Ordering::Relaxed) {
                    RunStatus::Partial
                } else {
                    RunStatus::Complete
                };
            }
            if let Some(met) = target_met {
                // Matchups stop at different counts by design; only a signal makes it partial.
                manifest.status = if stop.flag.load(Ordering::Relaxed) {
                    RunStatus::Partial
                } else {
                    RunStatus::Complete
                };
                manifest.run.target_error = args.target_error;
                if !met && manifest.status == RunStatus::Complete {
                    eprintln!(
                        "warning: the cap of {} battles per matchup was reached before every \
                         interval was within ±{}",
                        thousands(battles),
                        args.target_error.unwrap_or_default()
                    );
                }
            }
            if under.is_some() && under_result.is_none() {
                // A signal stopped the policy games: the answers under the game are missing.
                manifest.status = RunStatus::Partial;
            }
            let extra = match &under_result {
                Some(u) => report::under_game_out::under_game_files(&out, u)
                    .map_err(|e| CliError::Runtime(e.to_string()))?,
                None => Vec::new(),
            };
            report::write_report_extra(&out, &manifest, &results, &opts, &streamed, extra)
                .map_err(|e| CliError::Runtime(e.to_string()))?;
            let per_matchup = match args.target_error {
                Some(e) => format!(
                    "{} battles per matchup (to ±{e}, cap {battles})",
                    battles_played(&results)
                ),
                None => format!("{battles} battles per matchup"),
            };
            let mut headline = format!(
                "{} ({}), seed {seed}, {per_matchup}, {speed}",
                exp.name,
                R::NAME
            );
            if manifest.status == RunStatus::Partial {
                headline.push_str(&format!("\nINTERRUPTED: {short} — partial results"));
            }
            // Every file first, then the text: a reader that stops early (`| head`) loses
            // nothing.
            let page = if args.html {
                Some(report::write_html(&out).map_err(|e| CliError::Runtime(e.to_string()))?)
            } else {
                None
            };
            let mut text = report_text(
                &headline,
                &manifest,
                &results,
                &opts,
                &out,
                under_result.as_ref(),
            );
            if let Some(page) = page {
                text.push_str(&format!("html report: {}\n", page.display()));
            }
            super::emit(&text)?;
            (manifest.status, out.join(report::MANIFEST_FILE))
        };
        match status {
            RunStatus::Complete => Ok(()),
            RunStatus::Partial => {
                debug_assert!(
                    stop.flag.load(Ordering::Relaxed),
                    "only a signal cuts a run short"
                );
                Err(CliError::Interrupted {
                    message: format!(
                        "{short}; the results so far are written, marked \"status\": \"partial\" in {}",
                        record.display()
                    ),
                    code: stop.exit_code(),
                })
            }
        }
    }
}

/// `12,288`, or `1,024–12,288` when the matchups played different numbers of battles.
fn battles_played(results: &[MatchupResult]) -> String {
    let min = results.iter().map(|r| r.tally.battles).min().unwrap_or(0);
    let max = results.iter().map(|r| r.tally.battles).max().unwrap_or(0);
    if min == max {
        thousands(min)
    } else {
        format!("{}–{}", thousands(min), thousands(max))
    }
}

/// A report's summary for the terminal, the answer first: the headline, the verdict (question, answer
/// with its interval, trust flags), then the evidence — the table of matchups (a policy game:
/// the solved game; its many matchups are in the files), the kind's figures, how battles were
/// decided — and where the report is. Policies are named by preset; their settings are in
/// `manifest.json` and the HTML page.
pub fn report_text(
    headline: &str,
    manifest: &Manifest,
    results: &[MatchupResult],
    opts: &ReportOptions,
    out: &Path,
    under: Option<&UnderGame>,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    use fleetlab_sim::kinds::Plan;
    let plan = &manifest.run.plan;
    let mut verdict = report::verdict::verdict(
        plan,
        results,
        opts,
        manifest.status == RunStatus::Complete,
        Some(&manifest.run.config_path),
    );
    if let Some(u) = under {
        verdict.add_flags(u.trust_flags());
    }
    let _ = writeln!(text, "{headline}");
    text.push_str(&verdict.text());
    if let Some(u) = under {
        text.push_str(&u.text());
    }
    text.push('\n');
    let kind = report::kinds::kind_summary(plan, results, opts);
    if matches!(plan, Plan::Game(_)) {
        text.push_str(&kind);
        let _ = writeln!(
            text,
            "  every pair's results ({} matchups: each pair of policies in a select and an \
             evaluate half): summary.csv, game.csv, decided_by.csv; `--html` draws the payoff \
             heatmap",
            results.len()
        );
    } else {
        text.push_str(&report::summary_table(results, opts));
        if !kind.is_empty() {
            text.push('\n');
            text.push_str(&kind);
        }
        text.push('\n');
        text.push_str(&report::decided::decided_by_text(results));
    }
    let _ = writeln!(
        text,
        "policies are named by preset; their settings: {} (and the HTML report)",
        out.join(report::MANIFEST_FILE).display()
    );
    let _ = writeln!(text, "report: {}", out.display());
    text
}

/// `--battles` default with `--target-error`: the cap per matchup.
const TARGET_ERROR_CAP: u64 = 1_000_000;

/// A progress bar with ETA on stderr, hidden when stderr is not a terminal or with --quiet.
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {human_pos}/{human_len} battles  {rate} battles/s  ETA {eta}  {wide_msg}",
        )
        .map(|style| {
            style.with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                },
            )
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
