//! `fleetlab run` on an experiment with `[experiment.sweep]`: every value of the setting is
//! loaded and checked before the first battle, then played as its own experiment (same seed,
//! same dice) into `<out>/<k>-<value>/`; `sweep.csv` and `sweep.json` (last) sum it up and the
//! terminal answers first: side A's score at each end of the range and where it is even.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use fleetlab_engine::RuleSystem;
use fleetlab_sim::load::{DEFAULT_BATTLES, DEFAULT_SEED, Source};
use fleetlab_sim::report::{self, ReportOptions, thousands};
use fleetlab_sim::results::{Manifest, RunStatus, Timing};
use fleetlab_sim::sweep::{
    PointMatchup, Segment, SweepPoint, SweepReport, SweepSpec, load_point, point_dir, value_number,
    value_text,
};
use fleetlab_sim::{play, racing, runner};

use super::run::{RunArgs, progress_bar};
use crate::error::CliError;

/// Play the sweep and write its reports.
pub fn run_sweep<R: RuleSystem>(
    args: &RunArgs,
    opts: &ReportOptions,
    src: Source,
    spec: SweepSpec,
    path: Vec<Segment>,
) -> Result<(), CliError> {
    let config = args.config.display().to_string();
    if args.shard.is_some() || args.target_error.is_some() || args.per_battle {
        return Err(CliError::Usage(format!(
            "{config}: a sweep plays one experiment per value; --shard, --target-error and \
             --per-battle are for one experiment (run a value's experiment on its own for those)"
        )));
    }
    // Every value is loaded and checked before the first battle.
    let mut points = Vec::with_capacity(spec.values.len());
    for value in &spec.values {
        let exp = load_point::<R>(&src, &spec, &path, value)?;
        if racing::is_raced(&exp.plan) {
            return Err(CliError::Usage(format!(
                "{config}: a sweep of a racing policy game is not supported; set `race = false`"
            )));
        }
        points.push(exp);
    }
    let first = &points[0];
    let battles = args
        .battles
        .or(first.spec.battles)
        .unwrap_or(DEFAULT_BATTLES);
    let seed = args.seed.or(first.spec.seed).unwrap_or(DEFAULT_SEED);
    let name = first.name.clone();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&name));
    report::prepare_dir(&out).map_err(|e| CliError::Runtime(e.to_string()))?;

    let threads = args.threads.unwrap_or_else(super::limits::cores);
    let stop = crate::interrupt::stop_on_signal()?;
    let per_point = battles * first.matchups.len() as u64;
    let total = per_point * points.len() as u64;
    let bar = progress_bar(total, args.quiet);
    let announcement = format!(
        "fleetlab: running {name}: {} value(s) of {} × {} matchup(s) × {} battles, seed {seed}, \
         {threads} thread(s); Ctrl-C (or SIGTERM) stops after the batches in flight and keeps \
         the values played so far",
        points.len(),
        spec.set,
        first.matchups.len(),
        thousands(battles)
    );
    if bar.is_hidden() {
        eprintln!("{announcement}");
    } else {
        bar.println(&announcement);
    }
    let z = fleetlab_sim::stats::z_for_confidence(opts.confidence);
    let started = Instant::now();
    let mut report = SweepReport {
        experiment: name.clone(),
        rule_system: R::NAME.to_owned(),
        config_path: config.clone(),
        set: spec.set.clone(),
        seed,
        battles,
        confidence: opts.confidence,
        status: RunStatus::Complete,
        points: Vec::new(),
        warnings: Vec::new(),
    };
    for (k, (exp, value)) in points.iter().zip(&spec.values).enumerate() {
        if stop.flag.load(Ordering::Relaxed) {
            report.status = RunStatus::Partial;
            break;
        }
        let dir_name = point_dir(k, value);
        let dir = out.join(&dir_name);
        let t0 = Instant::now();
        let results = runner::with_threads(args.threads, || {
            play::play::<R>(
                exp,
                seed,
                0..battles,
                &|label: &str| {
                    bar.set_message(format!("{} = {}: {label}", spec.set, value_text(value)))
                },
                &|n| bar.inc(n),
                Some(&stop.flag),
            )
        })
        .map_err(CliError::Runtime)?;
        let mut info = exp.run_info(&args.config, seed, battles);
        info.experiment = format!("{name} [{} = {}]", spec.set, value_text(value));
        let manifest = Manifest::new(
            &info,
            &results,
            battles,
            Timing::now(t0.elapsed().as_secs_f64(), threads),
        );
        report::write_report(&dir, &manifest, &results, opts)
            .map_err(|e| CliError::Runtime(e.to_string()))?;
        if args.html {
            report::write_html(&dir).map_err(|e| CliError::Runtime(e.to_string()))?;
        }
        let verdict = report::verdict::verdict(
            &exp.plan,
            &results,
            opts,
            manifest.status == RunStatus::Complete,
            None,
        );
        for f in verdict.flags {
            if f.level == report::verdict::Level::Warn {
                report
                    .warnings
                    .push(format!("at {}: {}", value_text(value), f.text));
            }
        }
        report.points.push(SweepPoint {
            value: value_text(value),
            number: value_number(value),
            dir: dir_name,
            matchups: results.iter().map(|r| PointMatchup::of(r, z)).collect(),
        });
        if manifest.status == RunStatus::Partial {
            report.status = RunStatus::Partial;
            break;
        }
    }
    bar.finish_and_clear();
    report::sweep_out::write_sweep(&out, &report).map_err(|e| CliError::Runtime(e.to_string()))?;
    let page = if args.html {
        Some(report::write_html(&out).map_err(|e| CliError::Runtime(e.to_string()))?)
    } else {
        None
    };
    let elapsed = started.elapsed().as_secs_f64();
    let played: u64 = report
        .points
        .iter()
        .flat_map(|p| p.matchups.iter().map(|m| m.battles))
        .sum();
    let mut text = sweep_text(&report, elapsed, played, &out);
    if let Some(page) = page {
        text.push_str(&format!("html report: {}\n", page.display()));
    }
    super::emit(&text)?;
    match report.status {
        RunStatus::Complete => Ok(()),
        RunStatus::Partial => Err(CliError::Interrupted {
            message: format!(
                "{} of {} value(s) played; the values played are written, marked \"status\": \
                 \"partial\" in {}",
                report.points.len(),
                spec.values.len(),
                out.join(report::sweep_out::SWEEP_JSON).display()
            ),
            code: stop.exit_code(),
        }),
    }
}

/// The sweep for the terminal, the answer first.
fn sweep_text(r: &SweepReport, elapsed: f64, played: u64, out: &Path) -> String {
    let mut t = String::new();
    let values: Vec<&str> = r.points.iter().map(|p| p.value.as_str()).collect();
    let _ = writeln!(
        t,
        "{} ({}), sweep of {} over {}; seed {}, {} battles per matchup per value, {elapsed:.1} s \
         ({:.0} battles/s)",
        r.experiment,
        r.rule_system,
        r.set,
        values.join(", "),
        r.seed,
        r.battles,
        played as f64 / elapsed.max(1e-9)
    );
    if r.status == RunStatus::Partial {
        let _ = writeln!(
            t,
            "INTERRUPTED: the values after {} were not played",
            values.last().unwrap_or(&"-")
        );
    }
    t.push_str(&r.verdict().text());
    let ci = format!("{:.0}% CI", r.confidence * 100.0);
    t.push('\n');
    let _ = writeln!(
        t,
        "{:>10}  {:>22}  {:>7}  {:>7}  {:>7}  matchup",
        "value",
        format!("A score [{ci}]"),
        "A win%",
        "B win%",
        "draw%"
    );
    for p in &r.points {
        for m in &p.matchups {
            let n = m.battles.max(1) as f64;
            let _ = writeln!(
                t,
                "{:>10}  {:>22}  {:>7.1}  {:>7.1}  {:>7.1}  {}",
                p.value,
                format!(
                    "{:.1} [{:.1}, {:.1}]",
                    m.score * 100.0,
                    m.score_low * 100.0,
                    m.score_high * 100.0
                ),
                m.a_wins as f64 / n * 100.0,
                m.b_wins as f64 / n * 100.0,
                m.draws as f64 / n * 100.0,
                m.matchup
            );
        }
    }
    let _ = writeln!(
        t,
        "each value's full report: {}/<k>-<value>/",
        out.display()
    );
    let _ = writeln!(t, "report: {}", out.display());
    t
}
