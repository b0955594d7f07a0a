//! The CI balance gate: `fleetlab baseline` records every battle's verdict of an experiment;
//! `fleetlab check` replays the (possibly changed) rules on the same dice and decides, per
//! matchup, whether side A's win rate moved by more than a tolerance.
//!
//! **Pairs.** Battle `i` of a matchup in the check uses the same dice as battle `i` of the
//! baseline (same seed and dice key), so (baseline score, new score) is a pair, and the pair's
//! delta `d = new − base ∈ {−1, −½, 0, ½, 1}` is counted as a pentanomial
//! ([`crate::stats::paired::DeltaCounts`]). Unchanged rules replay every battle exactly: every
//! pair is a tie and the gate passes at the first look. With a different seed the pairs are
//! independent, which is still a valid (less efficient) test.
//!
//! **The test.** Per matchup two one-sided sequential probability ratio tests on the mean
//! delta (GSPRT, exact model, [`crate::stats::sprt`]): H0 `δ = 0` against H1 `δ = +t` and H0
//! against H1 `δ = −t`, `t` the tolerance. Battles are played in looks of [`LOOK`] battles of
//! every undecided matchup. A direction is rejected (a shift) when its LLR reaches the
//! sequential Holm bound over all `2m` directions ([`crate::stats::holm::sequential_bound`]),
//! so the chance of any false alarm in the whole check is at most α; a matchup passes when
//! both LLRs are at or below Wald's lower bound `ln(β / (1 − α/2m))`. A matchup still
//! undecided when the baseline's battles run out (the cap) is reported as inconclusive and
//! does not fail the check.

use std::path::{Path, PathBuf};

use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::{RuleSystem, Side, Verdict};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::load::Experiment;
use crate::results::hex_key;
use crate::runner::{BATCH, Worker, batches};
use crate::stats::paired::{DeltaCounts, Score};
use crate::stats::sprt::{self, Bounds, Hypotheses, Model};
use crate::stats::{holm, z_for_confidence};

/// Format tag of baseline files.
pub const FORMAT: &str = "fleetlab-baseline/1";
/// Battles per matchup per look of the sequential test.
pub const LOOK: u64 = 8 * BATCH;

/// A recorded baseline (`reports/baselines/NAME.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// Always [`FORMAT`].
    pub format: String,
    /// fleetlab version that recorded it.
    pub fleetlab_version: String,
    /// Rule system.
    pub rule_system: String,
    /// Experiment name.
    pub experiment: String,
    /// Hash of the experiment's files when recorded.
    pub config_hash: String,
    /// Master seed.
    pub seed: u64,
    /// Battles per matchup (the check's cap).
    pub battles: u64,
    /// Per matchup, in experiment order.
    pub matchups: Vec<BaselineMatchup>,
    /// With `[experiment.under_game]`: the policy game of every distinct matchup
    /// ([`crate::gate_game`]); absent in baselines of other experiments and in those recorded
    /// before fleetlab kept them (their check is of the fixed scripts only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<crate::gate_game::BaselineGame>,
}

/// One matchup's recorded battles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaselineMatchup {
    /// Matchup label.
    pub label: String,
    /// Dice key (16 hex digits).
    pub dice_key: String,
    /// Side A's wins.
    pub a_wins: u64,
    /// Side B's wins.
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Battle `i`'s verdict as character `i`: `A`, `B` or `D` (draw).
    pub verdicts: String,
    /// Fleet points of side A and B when recorded, where the rules define points (absent in
    /// baselines recorded before fleetlab kept them). A check warns when they changed: a
    /// changed cost is a changed experiment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<[Option<u32>; 2]>,
}

fn verdict_char(v: Verdict) -> char {
    match v {
        Verdict::Win(Side::A) => 'A',
        Verdict::Win(Side::B) => 'B',
        Verdict::Draw => 'D',
    }
}

fn char_verdict(c: u8) -> Option<Verdict> {
    match c {
        b'A' => Some(Verdict::Win(Side::A)),
        b'B' => Some(Verdict::Win(Side::B)),
        b'D' => Some(Verdict::Draw),
        _ => None,
    }
}

/// The verdicts of battles `range` of a matchup, in battle order (parallel, deterministic).
pub fn verdicts<R: RuleSystem>(
    m: &NamedMatchup<R::Matchup>,
    key: u64,
    seed: u64,
    range: std::ops::Range<u64>,
) -> Vec<Verdict> {
    batches(range)
        .map_init(
            || Worker::<R>::new(&m.matchup),
            |w, slice| {
                slice
                    .map(|i| w.play_one(&m.matchup, seed, key, i))
                    .collect::<Vec<_>>()
            },
        )
        .collect::<Vec<_>>()
        .concat()
}

/// Like [`verdicts`], but the batches not yet started when `stop` is raised are skipped (the
/// result is then incomplete: callers check `stop`).
fn verdicts_until<R: RuleSystem>(
    m: &NamedMatchup<R::Matchup>,
    key: u64,
    seed: u64,
    range: std::ops::Range<u64>,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Vec<Verdict> {
    let stopped = || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
    batches(range)
        .map_init(
            || Worker::<R>::new(&m.matchup),
            |w, slice| {
                if stopped() {
                    return Vec::new();
                }
                slice
                    .map(|i| w.play_one(&m.matchup, seed, key, i))
                    .collect::<Vec<_>>()
            },
        )
        .collect::<Vec<_>>()
        .concat()
}

/// Record a baseline: `battles` battles of every matchup of `exp` at `seed`. `None` when
/// `stop` was raised (Ctrl-C, SIGTERM) before every battle was played: a baseline needs every
/// battle, so none is made, and the matchups still to play are skipped at once.
pub fn record<R: RuleSystem>(
    exp: &Experiment<R>,
    seed: u64,
    battles: u64,
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Option<Baseline> {
    let stopped = || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
    let mut matchups = Vec::with_capacity(exp.matchups.len());
    for (m, &key) in exp.matchups.iter().zip(&exp.keys) {
        if stopped() {
            return None;
        }
        matchups.push({
            let v = verdicts_until::<R>(m, key, seed, 0..battles, stop);
            if stopped() {
                return None;
            }
            let count = |x: Verdict| v.iter().filter(|&&y| y == x).count() as u64;
            BaselineMatchup {
                label: m.label.clone(),
                dice_key: hex_key(key),
                a_wins: count(Verdict::Win(Side::A)),
                b_wins: count(Verdict::Win(Side::B)),
                draws: count(Verdict::Draw),
                verdicts: v.into_iter().map(verdict_char).collect(),
                points: Some(m.points),
            }
        });
    }
    // A signal during the last matchup's battles: they all finished, but the user asked to
    // stop; honour it rather than write a file they did not expect.
    if stopped() {
        return None;
    }
    Some(Baseline {
        format: FORMAT.into(),
        fleetlab_version: crate::VERSION.into(),
        rule_system: R::NAME.into(),
        experiment: exp.name.clone(),
        config_hash: exp.config_hash.clone(),
        seed,
        battles,
        matchups,
        games: Vec::new(),
    })
}

/// Why a baseline cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// Unreadable file.
    #[error("{path}: cannot read baseline: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not a valid baseline file.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl Baseline {
    /// Read and check a baseline file.
    pub fn read(path: &Path) -> Result<Baseline, BaselineError> {
        let text = std::fs::read_to_string(path).map_err(|source| BaselineError::Io {
            path: path.into(),
            source,
        })?;
        let invalid = |message: String| BaselineError::Invalid {
            path: path.into(),
            message,
        };
        let b: Baseline = serde_json::from_str(&text).map_err(|e| {
            invalid(format!(
                "not a fleetlab baseline ({FORMAT}): {e} (line {}, column {})",
                e.line(),
                e.column()
            ))
        })?;
        if b.format != FORMAT {
            return Err(invalid(format!(
                "baseline format is {:?}, this fleetlab reads {FORMAT:?}: record it again with \
                 `fleetlab baseline`",
                b.format
            )));
        }
        for (k, m) in b.matchups.iter().enumerate() {
            let bad = m.verdicts.bytes().position(|c| char_verdict(c).is_none());
            if m.verdicts.len() as u64 != b.battles || bad.is_some() {
                return Err(invalid(format!(
                    "matchups[{k}] ({:?}): verdicts must be {} characters A, B or D",
                    m.label, b.battles
                )));
            }
            let count = |c: u8| m.verdicts.bytes().filter(|&x| x == c).count() as u64;
            if [count(b'A'), count(b'B'), count(b'D')] != [m.a_wins, m.b_wins, m.draws] {
                return Err(invalid(format!(
                    "matchups[{k}] ({:?}): counts do not match the verdicts",
                    m.label
                )));
            }
        }
        for (k, g) in b.games.iter().enumerate() {
            if let Some(why) = g.invalid() {
                return Err(invalid(format!("games[{k}] ({:?}): {why}", g.label)));
            }
        }
        Ok(b)
    }

    /// Write the baseline as JSON, atomically.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let mut json = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        json.push('\n');
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        crate::report::write_atomic(path, json.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Settings of a check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CheckOptions {
    /// The shift to detect, in percentage points of win rate (score).
    pub tolerance_pp: f64,
    /// Family-wise false-alarm rate of the whole check.
    pub alpha: f64,
    /// Chance of missing a shift of the stated size, per matchup.
    pub beta: f64,
    /// Confidence of the reported delta intervals.
    pub confidence: f64,
}

impl Default for CheckOptions {
    /// 2 pp, α = β = 0.05, 95% intervals.
    fn default() -> Self {
        CheckOptions {
            tolerance_pp: 2.0,
            alpha: 0.05,
            beta: 0.05,
            confidence: 0.95,
        }
    }
}

/// A matchup's verdict in a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// Both directions accepted "no shift".
    NoShift,
    /// Side A's score rose by about the tolerance or more.
    ShiftUp,
    /// Side A's score fell by about the tolerance or more.
    ShiftDown,
    /// The baseline's battles ran out first.
    Inconclusive,
}

impl Finding {
    /// Words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Finding::NoShift => "no shift",
            Finding::ShiftUp => "SHIFT UP",
            Finding::ShiftDown => "SHIFT DOWN",
            Finding::Inconclusive => "inconclusive (battle cap)",
        }
    }
}

/// One matchup's check.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupCheck {
    /// Matchup label.
    pub label: String,
    /// The finding.
    pub finding: Finding,
    /// Pairs played.
    pub battles: u64,
    /// Side A's score in the baseline's first `battles` battles.
    pub base_score: f64,
    /// Side A's score in the check's battles.
    pub new_score: f64,
    /// Paired delta (new − base) and its interval.
    pub delta: f64,
    /// Interval, low end.
    pub delta_low: f64,
    /// Interval, high end.
    pub delta_high: f64,
    /// Final LLRs of "shift up" and "shift down" against "no shift".
    pub llr: [f64; 2],
    /// The bound that decided: the sequential Holm bound an LLR reached (a shift), Wald's
    /// lower bound both fell to (no shift), or the Holm bound still to reach (inconclusive).
    pub bound: f64,
    /// Side A's and B's points when the baseline was recorded and now, when they differ.
    pub points_changed: Option<[[Option<u32>; 2]; 2]>,
}

/// The whole check.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    /// Per matchup.
    pub matchups: Vec<MatchupCheck>,
    /// The settings.
    pub options: CheckOptions,
    /// The baseline's seed and battles (the cap).
    pub seed: u64,
    /// The cap.
    pub cap: u64,
}

impl CheckReport {
    /// Whether any matchup shifted.
    pub fn failed(&self) -> bool {
        self.matchups
            .iter()
            .any(|m| matches!(m.finding, Finding::ShiftUp | Finding::ShiftDown))
    }
}

/// Why a check cannot run.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CheckError(pub String);

/// Run the check of `exp` against `baseline`: sequential, paired battle by battle on the
/// baseline's seed, Holm across matchups. `on_look` is told the battles played so far.
pub fn check<R: RuleSystem>(
    exp: &Experiment<R>,
    baseline: &Baseline,
    options: &CheckOptions,
    on_look: &dyn Fn(u64),
) -> Result<CheckReport, CheckError> {
    if baseline.rule_system != R::NAME {
        return Err(CheckError(format!(
            "the baseline is for rule system `{}`, the experiment is `{}`",
            baseline.rule_system,
            R::NAME
        )));
    }
    let labels: Vec<&str> = exp.matchups.iter().map(|m| m.label.as_str()).collect();
    let base_labels: Vec<&str> = baseline.matchups.iter().map(|m| m.label.as_str()).collect();
    if labels != base_labels {
        return Err(CheckError(format!(
            "the experiment's matchups {labels:?} are not the baseline's {base_labels:?}: record \
             a new baseline when matchups change"
        )));
    }
    let m = exp.matchups.len();
    let tol = options.tolerance_pp;
    let up = Hypotheses::paired_delta(tol);
    let down = Hypotheses::paired_delta(-tol);
    let lower = Bounds::new(options.alpha / (2 * m) as f64, options.beta).lower;
    let z = z_for_confidence(options.confidence);
    let mut deltas = vec![DeltaCounts::default(); m];
    let mut findings: Vec<Option<Finding>> = vec![None; m];
    let mut llrs = vec![[0.0; 2]; m];
    let mut bounds = vec![0.0; m];
    let mut played = vec![0u64; m];
    let mut rejected = 0usize;
    let cap = baseline.battles;
    let mut start = 0;
    while start < cap && findings.iter().any(Option::is_none) {
        let end = (start + LOOK).min(cap);
        for k in 0..m {
            if findings[k].is_some() {
                continue;
            }
            let new = verdicts::<R>(&exp.matchups[k], exp.keys[k], baseline.seed, start..end);
            let base = &baseline.matchups[k].verdicts.as_bytes()[start as usize..end as usize];
            for (&b, &n) in base.iter().zip(&new) {
                let b = char_verdict(b).expect("checked when read");
                deltas[k].record(Score::of(b, Side::A), Score::of(n, Side::A));
            }
            played[k] = end;
        }
        on_look(end);
        // Decide after the look, in a fixed order so the result does not depend on timing.
        for k in 0..m {
            if findings[k].is_some() {
                continue;
            }
            let counts = deltas[k].pentanomial();
            let l_up = sprt::llr_pentanomial(counts, up, Model::Exact);
            let l_down = sprt::llr_pentanomial(counts, down, Model::Exact);
            llrs[k] = [l_up, l_down];
            let bound = holm::sequential_bound(2 * m, rejected, options.alpha);
            bounds[k] = bound;
            if l_up >= bound || l_down >= bound {
                rejected += 1;
                findings[k] = Some(if l_up >= l_down {
                    Finding::ShiftUp
                } else {
                    Finding::ShiftDown
                });
            } else if l_up <= lower && l_down <= lower {
                bounds[k] = lower;
                findings[k] = Some(Finding::NoShift);
            }
        }
        start = end;
    }
    let matchups = (0..m)
        .map(|k| {
            let d = deltas[k].summary(z);
            let n = played[k];
            let bm = &baseline.matchups[k];
            let base_prefix = &bm.verdicts.as_bytes()[..n as usize];
            let score = |bytes: &[u8]| {
                let half: u64 = bytes
                    .iter()
                    .map(|&c| match c {
                        b'A' => 2,
                        b'D' => 1,
                        _ => 0,
                    })
                    .sum();
                if n == 0 {
                    0.0
                } else {
                    half as f64 / (2 * n) as f64
                }
            };
            let base_score = score(base_prefix);
            MatchupCheck {
                label: bm.label.clone(),
                finding: findings[k].unwrap_or(Finding::Inconclusive),
                battles: n,
                base_score,
                new_score: base_score + d.mean,
                delta: d.mean,
                delta_low: if d.low.is_finite() { d.low } else { d.mean },
                delta_high: if d.high.is_finite() { d.high } else { d.mean },
                llr: llrs[k],
                bound: bounds[k],
                points_changed: bm
                    .points
                    .filter(|&then| then != exp.matchups[k].points)
                    .map(|then| [then, exp.matchups[k].points]),
            }
        })
        .collect();
    Ok(CheckReport {
        matchups,
        options: *options,
        seed: baseline.seed,
        cap,
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn pp(x: f64) -> String {
    format!("{:+.2}", x * 100.0)
}

fn points_pair(p: [Option<u32>; 2]) -> String {
    let one = |x: Option<u32>| x.map_or("–".to_owned(), |x| x.to_string());
    format!("{} vs {} pts", one(p[0]), one(p[1]))
}

/// Why a matchup got its finding, in numbers: both LLRs against the bound that decided.
pub fn why(m: &MatchupCheck) -> String {
    let [up, down] = m.llr;
    let rule = match m.finding {
        Finding::ShiftUp => format!("{up:.2} ≥ {:.2}", m.bound),
        Finding::ShiftDown => format!("{down:.2} ≥ {:.2}", m.bound),
        Finding::NoShift => format!("both ≤ {:.2}", m.bound),
        Finding::Inconclusive => format!("neither reached {:.2}", m.bound),
    };
    format!("{up:+.2} / {down:+.2}: {rule}")
}

/// The check as a markdown summary for a pull-request comment.
pub fn markdown(report: &CheckReport, experiment: &str) -> String {
    use std::fmt::Write;
    let o = &report.options;
    let mut s = String::new();
    let verdict = if report.failed() {
        "❌ **balance shift detected**"
    } else {
        "✅ no significant balance shift"
    };
    let _ = writeln!(s, "### fleetlab check: `{experiment}` — {verdict}\n");
    let _ = writeln!(
        s,
        "**Tested**, per matchup: did side A's score (win 1, draw ½) stay put (δ = 0) or move \
         by ±{tol} pp? Two sequential probability ratio tests on the battles paired with the \
         baseline's (same dice, seed {}, at most {} per matchup); a matchup is flagged when its \
         pairs favour a ±{tol} pp shift over none by the likelihood-ratio bound (Holm across \
         {} matchups). The test decides between 0 and ±{tol} pp, it does not measure whether a \
         shift exceeds {tol} pp: estimated shifts from about ±{half} pp up can be flagged. \
         **Guaranteed**: a false alarm when nothing changed in at most {} of checks (the whole \
         check); a shift of ±{tol} pp or more missed in at most {} per matchup; shifts in \
         between are flagged with a chance between the two.\n",
        report.seed,
        report.cap,
        report.matchups.len(),
        o.alpha,
        o.beta,
        tol = o.tolerance_pp,
        half = o.tolerance_pp / 2.0,
    );
    for m in &report.matchups {
        if let Some([then, now]) = m.points_changed {
            let _ = writeln!(
                s,
                "⚠️ **Points changed since the baseline** in {}: {} → {} (a changed cost is a \
                 changed experiment: re-record the baseline if that is intended).\n",
                m.label.replace('|', "\\|"),
                points_pair(then),
                points_pair(now)
            );
        }
    }
    let conf = format!("{}%", o.confidence * 100.0);
    let _ = writeln!(
        s,
        "| matchup | result | battles | baseline | now | delta (pp) [{conf} CI] | why: LLR up / \
         down vs bound |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---:|---|---|");
    for m in &report.matchups {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} [{}, {}] | {} |",
            m.label.replace('|', "\\|"),
            m.finding.describe(),
            m.battles,
            pct(m.base_score),
            pct(m.new_score),
            pp(m.delta),
            pp(m.delta_low),
            pp(m.delta_high),
            why(m)
        );
    }
    s
}
