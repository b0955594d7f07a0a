//! The CI balance gate under the policy game (issue 16 §2): with `[experiment.under_game]`,
//! `fleetlab baseline` also records the policy game of every distinct matchup (the game
//! `[experiment.under_game]` plays, [`crate::audit_game`]) and `fleetlab check` replays it on
//! the same dice and decides, per matchup, whether the game's value for side A moved.
//!
//! **What is stored.** Per game: the policies of each side, the battles per pair and half,
//! every cell's counts (battles, side A's wins, draws) of both halves, and for reading the
//! value with its selection-honest interval at the confidence recorded
//! ([`crate::stats::game_value`]). The cells are what the check needs: the honest interval can
//! then be recomputed at the gate's own level.
//!
//! **The test.** With `m` games and a family-wise false-alarm rate `α`, both the baseline's and
//! the new value get their selection-honest interval at confidence `1 − α/(2m)`; if both cover
//! their true value, the difference of the true values lies in
//! `[L_new − U_base, U_new − L_base]`. Per game:
//!
//! * **shift** (up or down) when that interval lies wholly above or below 0 *and* the estimated
//!   difference is at least half the tolerance (the fixed gate flags from about half the
//!   tolerance too);
//! * **no shift** when every cell replayed identically (the rules did not change this
//!   matchup's play on these dice), or the interval lies within `[−t, +t]`;
//! * **inconclusive** otherwise (the game's battles were too few to tell; not a failure).
//!
//! **Guarantee.** When a game's value did not change, a shift needs one of the two honest
//! intervals to miss its value: probability at most `2 · α/(2m) = α/m`, so at most `α` for
//! all `m` games together (a union bound, whatever the correlation between the baseline and
//! the check, up to the normal approximation of each cell's mean). The game part and the
//! fixed part each keep their `α`: a check with both has a false-alarm rate of at most `2α`.
//! The intervals are not paired battle by battle (only counts are stored), so they are wide:
//! a shift is certain to be flagged only when it exceeds the sum of the two intervals'
//! half-widths; smaller ones come out inconclusive, not missed silently.

use std::sync::atomic::AtomicBool;

use fleetlab_engine::RuleSystem;
use serde::{Deserialize, Serialize};

use crate::audit_game::{self, GameAuditSettings};
use crate::gate::{Baseline, CheckOptions, Finding};
use crate::kinds::GameHalf;
use crate::load::{ConfigError, Experiment, Source};
use crate::report::game::half_counts;
use crate::stats::game_value::{CellCounts, estimate};
use crate::stats::z_for_confidence;

/// One matchup's policy game as recorded in a baseline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaselineGame {
    /// Label of the (first) matchup with these two sides.
    pub label: String,
    /// Side A's policies in the game (its own first).
    pub a_policies: Vec<String>,
    /// Side B's policies.
    pub b_policies: Vec<String>,
    /// Battles per pair of policies and half.
    pub battles_per_pair: u64,
    /// The game's value for side A when recorded.
    pub value: f64,
    /// Its selection-honest interval at [`BaselineGame::confidence`].
    pub honest: (f64, f64),
    /// Confidence of `honest`.
    pub confidence: f64,
    /// The select half's cells, row-major: `[battles, A's wins, draws]`.
    pub select: Vec<[u64; 3]>,
    /// The evaluate half's cells.
    pub evaluate: Vec<[u64; 3]>,
}

fn cells(c: &[[u64; 3]]) -> Vec<CellCounts> {
    c.iter()
        .map(|&[battles, wins, draws]| CellCounts {
            battles,
            wins,
            draws,
        })
        .collect()
}

fn raw(c: &[CellCounts]) -> Vec<[u64; 3]> {
    c.iter().map(|c| [c.battles, c.wins, c.draws]).collect()
}

/// A game's pooled value and honest interval at normal quantile `z` (`None` when a cell has no
/// battles).
fn pooled_estimate(
    rows: usize,
    cols: usize,
    select: &[CellCounts],
    evaluate: &[CellCounts],
    z: f64,
) -> Option<(f64, f64, f64)> {
    let g = estimate(rows, cols, select, evaluate, z)?;
    Some((g.pooled.value, g.honest.0, g.honest.1))
}

impl BaselineGame {
    /// What is wrong with it, if anything: a cell per pair in each half, counts that add up.
    pub fn invalid(&self) -> Option<String> {
        let n = self.a_policies.len() * self.b_policies.len();
        if n == 0 || self.select.len() != n || self.evaluate.len() != n {
            return Some(format!(
                "{} × {} policies need {n} cells per half",
                self.a_policies.len(),
                self.b_policies.len()
            ));
        }
        let bad = self
            .select
            .iter()
            .chain(&self.evaluate)
            .any(|&[b, w, d]| w.checked_add(d).is_none_or(|x| x > b));
        bad.then(|| "a cell's wins and draws exceed its battles".to_owned())
    }

    /// The value and honest interval at normal quantile `z`, from the stored cells.
    fn at(&self, z: f64) -> Option<(f64, f64, f64)> {
        pooled_estimate(
            self.a_policies.len(),
            self.b_policies.len(),
            &cells(&self.select),
            &cells(&self.evaluate),
            z,
        )
    }
}

/// Play the policy game of every distinct matchup of `exp` (from `src`) as
/// `[experiment.under_game]` does, with `seed`, and record it. `None` when `stop` was raised
/// before every battle was played.
pub fn record<R: RuleSystem>(
    src: &Source,
    exp: &Experiment<R>,
    settings: &GameAuditSettings,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> Result<Option<Vec<BaselineGame>>, ConfigError> {
    let stopped = || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
    let (sides, distinct) = crate::under_game::distinct_sides::<R>(src)?;
    let z = z_for_confidence(settings.confidence);
    let mut games = Vec::with_capacity(distinct.len());
    for &k in &distinct {
        let (plan, results) =
            audit_game::play_game::<R>(src, &sides[k], settings, seed, &|_| {}, stop)?;
        if stopped() {
            return Ok(None);
        }
        let select = half_counts(&plan, &results, GameHalf::Select);
        let evaluate = half_counts(&plan, &results, GameHalf::Evaluate);
        let (value, low, high) = pooled_estimate(
            plan.a_policies.len(),
            plan.b_policies.len(),
            &select,
            &evaluate,
            z,
        )
        .unwrap_or((f64::NAN, f64::NAN, f64::NAN));
        games.push(BaselineGame {
            label: exp.matchups[k].label.clone(),
            a_policies: plan.a_policies,
            b_policies: plan.b_policies,
            battles_per_pair: settings.battles,
            value,
            honest: (low, high),
            confidence: settings.confidence,
            select: raw(&select),
            evaluate: raw(&evaluate),
        });
    }
    Ok(Some(games))
}

/// One game's check.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMatchupCheck {
    /// Matchup label.
    pub label: String,
    /// The finding ([`Finding::Inconclusive`]: the game's battles could not tell).
    pub finding: Finding,
    /// Every cell replayed with the baseline's counts.
    pub identical: bool,
    /// The baseline's value and honest interval at the gate's level.
    pub base: (f64, f64, f64),
    /// The new value and honest interval at the gate's level.
    pub new: (f64, f64, f64),
    /// `new − base` and the interval `[L_new − U_base, U_new − L_base]`.
    pub delta: (f64, f64, f64),
}

/// The game part of a check.
#[derive(Clone, Debug, PartialEq)]
pub struct GameGate {
    /// Per game, in the baseline's order (empty when the game part was not checked).
    pub games: Vec<GameMatchupCheck>,
    /// Why the game part was not checked, or what to know about it.
    pub note: Option<String>,
    /// Confidence of each honest interval: `1 − α/(2m)`.
    pub confidence: f64,
    /// Battles per pair of policies and half.
    pub battles_per_pair: u64,
}

impl GameGate {
    /// Whether a game's value shifted.
    pub fn failed(&self) -> bool {
        self.games
            .iter()
            .any(|g| matches!(g.finding, Finding::ShiftUp | Finding::ShiftDown))
    }

    fn skipped(note: String) -> GameGate {
        GameGate {
            games: Vec::new(),
            note: Some(note),
            confidence: f64::NAN,
            battles_per_pair: 0,
        }
    }
}

/// The decision for one game (module docs): `base` and `new` are value and honest interval
/// at the gate's level, `tolerance` in score (0.02 = 2 pp).
pub fn decide(
    base: (f64, f64, f64),
    new: (f64, f64, f64),
    identical: bool,
    tolerance: f64,
) -> Finding {
    let (d, low, high) = (new.0 - base.0, new.1 - base.2, new.2 - base.1);
    if identical {
        Finding::NoShift
    } else if low > 0.0 && d >= tolerance / 2.0 {
        Finding::ShiftUp
    } else if high < 0.0 && d <= -tolerance / 2.0 {
        Finding::ShiftDown
    } else if low >= -tolerance && high <= tolerance {
        Finding::NoShift
    } else {
        Finding::Inconclusive
    }
}

/// Check the policy games of `exp` (from `src`; `settings` from its `[experiment.under_game]`,
/// `None` without one) against `baseline`'s: each replayed with the baseline's seed and
/// battles per pair. A baseline without games, or an experiment without
/// `[experiment.under_game]`, gives a note and no games (the fixed part is checked alone).
pub fn check<R: RuleSystem>(
    src: &Source,
    exp: &Experiment<R>,
    settings: Option<&GameAuditSettings>,
    baseline: &Baseline,
    options: &CheckOptions,
) -> Result<GameGate, crate::gate::CheckError> {
    let err = |m: String| crate::gate::CheckError(m);
    let Some(settings) = settings else {
        return Ok(if baseline.games.is_empty() {
            GameGate::skipped(String::new())
        } else {
            GameGate::skipped(
                "the baseline holds policy-game values but the experiment has no \
                 [experiment.under_game]: fixed scripts checked only"
                    .into(),
            )
        });
    };
    if baseline.games.is_empty() {
        return Ok(GameGate::skipped(
            "the baseline was recorded without policy-game values (before \
             [experiment.under_game], or by an older fleetlab): fixed scripts checked only; \
             record the baseline again to gate the game too"
                .into(),
        ));
    }
    let (sides, distinct) =
        crate::under_game::distinct_sides::<R>(src).map_err(|e| err(e.to_string()))?;
    let labels: Vec<&str> = distinct
        .iter()
        .map(|&k| exp.matchups[k].label.as_str())
        .collect();
    let base_labels: Vec<&str> = baseline.games.iter().map(|g| g.label.as_str()).collect();
    if labels != base_labels {
        return Err(err(format!(
            "the experiment's policy games {labels:?} are not the baseline's {base_labels:?}: \
             record a new baseline when matchups change"
        )));
    }
    let m = baseline.games.len();
    let confidence = 1.0 - options.alpha / (2 * m) as f64;
    let z = z_for_confidence(confidence);
    let battles = baseline.games[0].battles_per_pair;
    let replay = GameAuditSettings {
        battles,
        ..settings.clone()
    };
    let mut games = Vec::with_capacity(m);
    for (&k, b) in distinct.iter().zip(&baseline.games) {
        let (plan, results) =
            audit_game::play_game::<R>(src, &sides[k], &replay, baseline.seed, &|_| {}, None)
                .map_err(|e| err(e.to_string()))?;
        if plan.a_policies != b.a_policies || plan.b_policies != b.b_policies {
            return Err(err(format!(
                "{}: the policy game offers {:?} against {:?}, the baseline's {:?} against \
                 {:?}: record a new baseline when the offered presets change",
                b.label, plan.a_policies, plan.b_policies, b.a_policies, b.b_policies
            )));
        }
        let select = half_counts(&plan, &results, GameHalf::Select);
        let evaluate = half_counts(&plan, &results, GameHalf::Evaluate);
        let identical = raw(&select) == b.select && raw(&evaluate) == b.evaluate;
        let (rows, cols) = (plan.a_policies.len(), plan.b_policies.len());
        let unmeasured = || {
            err(format!(
                "{}: the policy game has a cell without battles",
                b.label
            ))
        };
        let new = pooled_estimate(rows, cols, &select, &evaluate, z).ok_or_else(unmeasured)?;
        let base = b.at(z).ok_or_else(unmeasured)?;
        games.push(GameMatchupCheck {
            label: b.label.clone(),
            finding: decide(base, new, identical, options.tolerance_pp / 100.0),
            identical,
            base,
            new,
            delta: (new.0 - base.0, new.1 - base.2, new.2 - base.1),
        });
    }
    let note = (settings.battles != battles).then(|| {
        format!(
            "the games replayed the baseline's {battles} battles per pair and half (the \
             experiment now asks for {})",
            settings.battles
        )
    });
    Ok(GameGate {
        games,
        note,
        confidence,
        battles_per_pair: battles,
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn pp(x: f64) -> String {
    format!("{:+.2}", x * 100.0)
}

/// Why a game got its finding, in words and numbers.
pub fn why(g: &GameMatchupCheck, tolerance_pp: f64) -> String {
    let (d, low, high) = g.delta;
    match g.finding {
        _ if g.identical => "every cell replayed identically".to_owned(),
        Finding::ShiftUp => format!(
            "interval above 0, estimate {} ≥ {:.2}",
            pp(d),
            tolerance_pp / 2.0
        ),
        Finding::ShiftDown => {
            format!(
                "interval below 0, estimate {} ≤ −{:.2}",
                pp(d),
                tolerance_pp / 2.0
            )
        }
        Finding::NoShift => format!("interval within ±{tolerance_pp} pp"),
        Finding::Inconclusive => format!(
            "interval [{}, {}] neither excludes 0 with a shift ≥ {:.2} pp nor lies within ±{} pp",
            pp(low),
            pp(high),
            tolerance_pp / 2.0,
            tolerance_pp
        ),
    }
}

/// The game part of the markdown summary (empty when nothing was checked and nothing is to
/// be said).
pub fn markdown(gate: &GameGate, options: &CheckOptions) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if gate.games.is_empty() {
        if let Some(note) = gate.note.as_deref().filter(|n| !n.is_empty()) {
            let _ = writeln!(s, "\n**Under the policy game**: {note}.");
        }
        return s;
    }
    let tol = options.tolerance_pp;
    let verdict = if gate.failed() {
        "❌ **the game value moved**"
    } else {
        "✅ no significant shift of the game value"
    };
    let _ = writeln!(s, "\n#### Under the policy game — {verdict}\n");
    let _ = writeln!(
        s,
        "**Tested**, per matchup: did the value of its policy game for side A (each side \
         choosing its best mix of its policy as written and the presets; {} battles per pair \
         and half, the baseline's dice) move? Both values with their selection-honest \
         intervals at {:.3}% (1 − α/2m, m = {} games); flagged when the interval of the \
         difference excludes 0 and the estimate is at least ±{} pp, no shift when it lies \
         within ±{tol} pp or every cell replayed identically, else inconclusive. \
         **Guaranteed**: a false alarm when no game value changed in at most {} of checks (all \
         games together; the fixed part above keeps its own {}). Not paired battle by battle: \
         smaller shifts come out inconclusive.\n",
        gate.battles_per_pair,
        gate.confidence * 100.0,
        gate.games.len(),
        tol / 2.0,
        options.alpha,
        options.alpha,
    );
    if let Some(note) = &gate.note {
        let _ = writeln!(s, "Note: {note}.\n");
    }
    let _ = writeln!(
        s,
        "| matchup | result | baseline value [CI] | now [CI] | delta (pp) [interval] | why |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for g in &gate.games {
        let _ = writeln!(
            s,
            "| {} | {} | {} [{}, {}] | {} [{}, {}] | {} [{}, {}] | {} |",
            g.label.replace('|', "\\|"),
            g.finding.describe(),
            pct(g.base.0),
            pct(g.base.1),
            pct(g.base.2),
            pct(g.new.0),
            pct(g.new.1),
            pct(g.new.2),
            pp(g.delta.0),
            pp(g.delta.1),
            pp(g.delta.2),
            why(g, tol)
        );
    }
    s
}

/// The failure message of the game part (`None` when it passed).
pub fn failure(gate: &GameGate, options: &CheckOptions) -> Option<String> {
    let which: Vec<String> = gate
        .games
        .iter()
        .filter(|g| matches!(g.finding, Finding::ShiftUp | Finding::ShiftDown))
        .map(|g| {
            format!(
                "{}: estimated {} pp [{}, {}] ({})",
                g.label,
                pp(g.delta.0),
                pp(g.delta.1),
                pp(g.delta.2),
                why(g, options.tolerance_pp)
            )
        })
        .collect();
    (!which.is_empty()).then(|| {
        format!(
            "the policy game's value for side A moved in {} matchup(s): the interval of the \
             difference excludes 0 (false-alarm rate ≤ {} for all games together; flagged from \
             an estimate of ±{} pp): {}",
            which.len(),
            options.alpha,
            options.tolerance_pp / 2.0,
            which.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: f64 = 0.02;

    #[test]
    fn a_shift_needs_the_interval_off_zero_and_half_the_tolerance() {
        let base = (0.50, 0.45, 0.55);
        assert_eq!(decide(base, (0.70, 0.66, 0.74), false, T), Finding::ShiftUp);
        assert_eq!(
            decide(base, (0.30, 0.26, 0.34), false, T),
            Finding::ShiftDown
        );
        // Straddles 0: inconclusive at this width.
        assert_eq!(
            decide(base, (0.52, 0.47, 0.57), false, T),
            Finding::Inconclusive
        );
        // Tight intervals inside ±2 pp: no shift.
        let tight = (0.500, 0.495, 0.505);
        assert_eq!(
            decide(tight, (0.501, 0.496, 0.506), false, T),
            Finding::NoShift
        );
        // Off zero but below half the tolerance: not flagged (no shift here: inside ±2 pp).
        let very = (0.5000, 0.4995, 0.5005);
        assert_eq!(
            decide(very, (0.5050, 0.5045, 0.5055), false, T),
            Finding::NoShift
        );
        // Identical replays pass whatever the width.
        assert_eq!(decide(base, base, true, T), Finding::NoShift);
    }

    /// The stated rate, by simulation: two independent 2 × 2 games with the same true
    /// payoffs (a change that moves nothing but the dice), 400 pairs, the gate at α = 0.05 with
    /// one game. Every cell Bernoulli; a false alarm needs an honest interval to miss, so the
    /// count stays far below α·400 = 20 (binomial, 5 SE above 20 is 41; the intervals are
    /// conservative, so far fewer).
    #[test]
    fn false_alarms_stay_below_alpha() {
        use fleetlab_engine::Dice;
        let p = [0.55, 0.40, 0.35, 0.60];
        let n = 200u64;
        let mut dice = Dice::for_battle(7, 7, 0);
        let game = |dice: &mut Dice| -> Vec<CellCounts> {
            p.iter()
                .map(|&q| {
                    let wins = (0..n)
                        .filter(|_| {
                            f64::from(dice.uniform_below(1 << 30)) < q * f64::from(1u32 << 30)
                        })
                        .count() as u64;
                    CellCounts {
                        battles: n,
                        wins,
                        draws: 0,
                    }
                })
                .collect()
        };
        let z = z_for_confidence(1.0 - 0.05 / 2.0);
        let mut alarms = 0;
        for _ in 0..400 {
            let (bs, be) = (game(&mut dice), game(&mut dice));
            let (ns, ne) = (game(&mut dice), game(&mut dice));
            let base = pooled_estimate(2, 2, &bs, &be, z).unwrap();
            let new = pooled_estimate(2, 2, &ns, &ne, z).unwrap();
            if matches!(
                decide(base, new, false, T),
                Finding::ShiftUp | Finding::ShiftDown
            ) {
                alarms += 1;
            }
        }
        assert!(alarms <= 20, "{alarms} false alarms in 400");
    }
}
