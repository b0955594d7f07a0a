//! The policy-game part of `fleetlab audit` (issue 16 §4): does a matchup's answer hold when
//! each side may answer the other's script with the best of the rule system's presets?
//!
//! For a matchup with sides `a` and `b` (each a fleet and the policy the experiment gives it),
//! the audit plays the policy game ([`crate::kinds`], `[experiment.game]`) of the two fleets in
//! which each side chooses among *its own policy as written* and the rule system's presets
//! (`RuleSystem::POLICY_PRESETS`), on common dice in two halves, and reads from it:
//!
//! * the **fixed-script answer**: side A's score (win 1, draw ½) in the cell where both sides
//!   play their policy as written, with its interval;
//! * the **game's value** for side A with its selection-honest interval
//!   ([`crate::stats::game_value`]) and each side's optimal mix;
//! * the **exploitability** of each side's policy as written: what the other side's best reply
//!   among the presets gains against it, below the value (0 for a policy that is optimal on
//!   its own);
//! * the **verdict flip**: the verdict (`A` when the interval lies above ½, `B` when below,
//!   `even` otherwise) of the fixed-script answer differs from the game's;
//! * with a search player (`--search ROLLOUTS`), each side's **search gain** against the other
//!   side's optimal mix ([`crate::stats::search_gain`]).
//!
//! Thresholds (documented in `docs/audit.md`): a policy as written whose exploitability
//! exceeds [`EXPLOITABILITY_FLAG`], a search gain above [`SEARCH_GAIN_FLAG`] and a verdict flip
//! each mark the matchup's fixed-script answer as not to be trusted on its own.

use serde::Serialize;

use fleetlab_engine::RuleSystem;

use crate::kinds::{GamePlan, GameSearch, Plan, SearchSide};
use crate::load::{self, ConfigError, Source};
use crate::report::ReportOptions;
use crate::report::game::{counts, equilibrium_rows, game_estimate, search_gains};
use crate::results::MatchupResult;
use crate::stats::game_value::pooled_cell;
use crate::stats::z_for_confidence;

/// A policy as written that a best reply beats by more than this (score, i.e. 0.05 = 5 points
/// of win rate) below the game's value is flagged: the matchup's answer is mostly about that
/// script's weakness.
pub const EXPLOITABILITY_FLAG: f64 = 0.05;

/// A search gain above this (score) against the other side's optimal mix is flagged: the
/// presets leave that much on the table, so an answer resting on them is suspect.
pub const SEARCH_GAIN_FLAG: f64 = 0.10;

/// Default battles per pair of policies and half of the audit's policy game.
pub const GAME_BATTLES: u64 = 512;

/// What the audit's policy game plays.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAuditSettings {
    /// Battles per pair of policies and half.
    pub battles: u64,
    /// The presets each side may choose besides its own policy (default: every preset of the
    /// rule system).
    pub presets: Option<Vec<String>>,
    /// A search player on each side, with these settings.
    pub search: Option<GameSearch>,
    /// Confidence of the intervals.
    pub confidence: f64,
}

/// A verdict on who a matchup favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// Side A: the interval of its score lies above ½.
    A,
    /// Side B: the interval lies below ½.
    B,
    /// Neither: the interval contains ½.
    Even,
}

impl Verdict {
    /// The verdict of an interval of side A's score.
    pub fn of(ci: (f64, f64)) -> Verdict {
        if ci.0 > 0.5 {
            Verdict::A
        } else if ci.1 < 0.5 {
            Verdict::B
        } else {
            Verdict::Even
        }
    }

    /// `A`, `B` or `even`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::A => "A",
            Verdict::B => "B",
            Verdict::Even => "even",
        }
    }
}

/// One side of the game check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideCheck {
    /// The policy as written (its label in the game).
    pub policy: String,
    /// The side's optimal mix: (policy, weight) with weight > 0, heaviest first.
    pub mix: Vec<(String, f64)>,
    /// What the other side's best reply gains against the policy as written (score below the
    /// value, from this side's view).
    pub exploitability: f64,
    /// That best reply.
    pub best_reply: String,
    /// Search gain against the other side's optimal mix, with its interval (with `--search`).
    pub search_gain: Option<(f64, f64, f64)>,
}

/// The policy-game check of one matchup.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameCheck {
    /// Battles per pair of policies and half.
    pub battles_per_pair: u64,
    /// Side A's policies in the game (its own first).
    pub a_policies: Vec<String>,
    /// Side B's policies in the game (its own first).
    pub b_policies: Vec<String>,
    /// Side A's score when both play their policies as written, with its interval.
    pub fixed: (f64, f64, f64),
    /// The game's value for side A with its selection-honest interval.
    pub value: (f64, f64, f64),
    /// Sides A and B.
    pub sides: [SideCheck; 2],
    /// The fixed-script verdict.
    pub fixed_verdict: Verdict,
    /// The game's verdict.
    pub game_verdict: Verdict,
    /// The verdicts differ.
    pub flips: bool,
    /// A policy as written is exploitable beyond [`EXPLOITABILITY_FLAG`].
    pub exploitable: bool,
    /// A search gain beyond [`SEARCH_GAIN_FLAG`].
    pub weak_scripts: bool,
}

impl GameCheck {
    /// Whether the fixed-script answer stands on its own: no flip, no exploitable policy, no
    /// large search gain.
    pub fn holds(&self) -> bool {
        !(self.flips || self.exploitable || self.weak_scripts)
    }

    /// The flags raised, by name (`flips`, `exploitable`, `weak-scripts`).
    pub fn flags(&self) -> Vec<&'static str> {
        let mut f = Vec::new();
        if self.flips {
            f.push("flips");
        }
        if self.exploitable {
            f.push("exploitable");
        }
        if self.weak_scripts {
            f.push("weak-scripts");
        }
        f
    }
}

/// The policy game of one matchup as an experiment text: `src` without its matchups and kind
/// tables, and `[experiment.game]` with each side's fleet and its policies — its own (the side
/// table without `fleet`; `default_policy` when it names none) first, then each of `presets`
/// that is not the same policy.
pub fn game_source(
    src: &Source,
    sides: &[toml::Value; 2],
    presets: &[String],
    default_policy: &str,
    battles: u64,
    search: Option<GameSearch>,
) -> Result<Source, ConfigError> {
    let bad = |m: String| ConfigError::one(&src.path, None, None, m);
    let mut doc: toml::Table = toml::from_str(&src.text).map_err(|e| bad(e.message().into()))?;
    doc.remove("matchup");
    let mut game = toml::Table::new();
    for (name, side) in ["a", "b"].into_iter().zip(sides) {
        let mut own = side.as_table().cloned().unwrap_or_default();
        let fleet = own
            .remove("fleet")
            .unwrap_or(toml::Value::String(String::new()));
        own.entry("policy")
            .or_insert_with(|| toml::Value::String(default_policy.to_owned()));
        let written = own
            .get("policy")
            .and_then(toml::Value::as_str)
            .map(str::to_owned);
        let mut policies = vec![toml::Value::Table(own.clone())];
        for p in presets {
            if !repeats(&own, written.as_deref(), p) {
                policies.push(toml::Value::String(p.clone()));
            }
        }
        let mut t = toml::Table::new();
        t.insert("fleet".into(), fleet);
        t.insert("policies".into(), toml::Value::Array(policies));
        game.insert(name.into(), toml::Value::Table(t));
    }
    if let Some(s) = search {
        let mut t = toml::Table::new();
        t.insert(
            "rollouts".into(),
            toml::Value::Integer(i64::from(s.rollouts)),
        );
        t.insert("exploration".into(), toml::Value::Float(s.exploration));
        game.insert("search".into(), toml::Value::Table(t));
    }
    let exp = doc
        .entry("experiment")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    if let toml::Value::Table(exp) = exp {
        for kind in ["ab", "matrix", "sweep", "under_game"] {
            exp.remove(kind);
        }
        exp.insert("game".into(), toml::Value::Table(game));
        exp.insert(
            "battles".into(),
            toml::Value::Integer(i64::try_from(battles).unwrap_or(i64::MAX)),
        );
    }
    let text = toml::to_string(&doc).map_err(|e| bad(e.to_string()))?;
    Ok(Source {
        path: src.path.clone(),
        text,
    })
}

/// Whether preset `p` is the policy as written (`own`, the side table without its fleet,
/// naming `written`) already: a bare preset is not listed twice.
fn repeats(own: &toml::Table, written: Option<&str>, p: &str) -> bool {
    own.len() == 1 && written == Some(p)
}

/// Battles the policy game of the matchup with side tables `sides` plays: both halves of
/// every pair of policies, `battles` each (no search player, no racing).
pub fn game_battles(
    sides: &[toml::Value; 2],
    presets: &[String],
    default_policy: &str,
    battles: u64,
) -> u64 {
    let count = |side: &toml::Value| {
        let mut own = side.as_table().cloned().unwrap_or_default();
        own.remove("fleet");
        let written = own
            .get("policy")
            .and_then(toml::Value::as_str)
            .unwrap_or(default_policy)
            .to_owned();
        own.entry("policy")
            .or_insert_with(|| toml::Value::String(default_policy.to_owned()));
        1 + presets
            .iter()
            .filter(|p| !repeats(&own, Some(&written), p))
            .count() as u64
    };
    count(&sides[0]) * count(&sides[1]) * 2 * battles
}

/// Play the policy game of the matchup with side tables `sides` (from `src`): battles
/// `0..settings.battles` per pair and half with `seed` (stopping early when `stop` is set).
/// Its plan and every generated matchup's result. A side whose policy as written is not a
/// policy table the game takes is an error naming it.
pub fn play_game<R: RuleSystem>(
    src: &Source,
    sides: &[toml::Value; 2],
    settings: &GameAuditSettings,
    seed: u64,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Result<(GamePlan, Vec<MatchupResult>), ConfigError> {
    let presets: Vec<String> = settings
        .presets
        .clone()
        .unwrap_or_else(|| R::POLICY_PRESETS.iter().map(|p| (*p).to_owned()).collect());
    let default_policy = R::POLICY_PRESETS.first().copied().unwrap_or_default();
    let game = game_source(
        src,
        sides,
        &presets,
        default_policy,
        settings.battles,
        settings.search,
    )?;
    let exp = load::load_from::<R>(game, load::read_source)?;
    let Plan::Game(plan) = exp.plan.clone() else {
        unreachable!("a game source expands to a policy game")
    };
    let results = crate::play::play::<R>(&exp, seed, 0..settings.battles, &|_| {}, on_batch, stop);
    Ok((plan, results))
}

/// Play the policy game of the matchup with side tables `sides` (from `src`), battles
/// `0..settings.battles` per pair and half with `seed` (stopping early when `stop` is set:
/// the check is then from the battles played), and read the check from it. A side
/// whose policy as written is not a policy table the game takes (an unusual side) is an error
/// naming it.
pub fn check_game<R: RuleSystem>(
    src: &Source,
    sides: &[toml::Value; 2],
    settings: &GameAuditSettings,
    seed: u64,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Result<GameCheck, ConfigError> {
    let (plan, results) = play_game::<R>(src, sides, settings, seed, on_batch, stop)?;
    let plan = &plan;
    let opts = ReportOptions {
        confidence: settings.confidence,
    };
    let z = z_for_confidence(settings.confidence);
    let g = game_estimate(plan, &results, &opts).ok_or_else(|| {
        ConfigError::one(
            &src.path,
            None,
            None,
            "the audit's policy game played no battles",
        )
    })?;
    // The cell where both sides play their policy as written: row 0, column 0 of each half.
    let select = plan.half(crate::kinds::GameHalf::Select)[0];
    let evaluate = plan.half(crate::kinds::GameHalf::Evaluate)[0];
    let (score, se) = pooled_cell(counts(&results[select]), counts(&results[evaluate]))
        .unwrap_or((f64::NAN, 0.0));
    let fixed = (score, score - z * se, score + z * se);
    let value = (g.pooled.value, g.honest.0, g.honest.1);
    let eq = equilibrium_rows(plan, &results, &opts);
    let gains = search_gains(plan, &results, &opts);
    let side = |name: &str, policies: &[String], search: SearchSide| {
        let rows: Vec<_> = eq.iter().filter(|r| r.side == name).collect();
        let mut mix: Vec<(String, f64)> = rows
            .iter()
            .filter(|r| r.mix > 1e-9)
            .map(|r| (r.policy.clone(), r.mix))
            .collect();
        mix.sort_by(|x, y| y.1.total_cmp(&x.1));
        let own = rows.iter().find(|r| r.policy == policies[0]);
        SideCheck {
            policy: policies[0].clone(),
            mix,
            exploitability: own.map_or(f64::NAN, |r| r.exploitability),
            best_reply: own.map_or_else(String::new, |r| r.best_reply.clone()),
            search_gain: gains.iter().find(|g| g.side == search).map(|g| {
                let m = g.gain.against_mix;
                (m.gain, m.gain - z * m.std_error, m.gain + z * m.std_error)
            }),
        }
    };
    let sides = [
        side("A", &plan.a_policies, SearchSide::A),
        side("B", &plan.b_policies, SearchSide::B),
    ];
    let fixed_verdict = Verdict::of((fixed.1, fixed.2));
    let game_verdict = Verdict::of((value.1, value.2));
    Ok(GameCheck {
        battles_per_pair: settings.battles,
        a_policies: plan.a_policies.clone(),
        b_policies: plan.b_policies.clone(),
        fixed,
        value,
        fixed_verdict,
        game_verdict,
        flips: fixed_verdict != game_verdict,
        exploitable: sides.iter().any(|s| s.exploitability > EXPLOITABILITY_FLAG),
        weak_scripts: sides
            .iter()
            .any(|s| s.search_gain.is_some_and(|g| g.0 > SEARCH_GAIN_FLAG)),
        sides,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_need_the_whole_interval_on_one_side_of_a_half() {
        assert_eq!(Verdict::of((0.51, 0.60)), Verdict::A);
        assert_eq!(Verdict::of((0.40, 0.49)), Verdict::B);
        assert_eq!(Verdict::of((0.45, 0.55)), Verdict::Even);
        assert_eq!(Verdict::of((0.5, 0.7)), Verdict::Even);
    }

    #[test]
    fn the_game_lists_the_policy_as_written_first_and_each_preset_once() {
        let src = Source {
            path: "x.toml".into(),
            text: "rule_system = \"junction\"\n[experiment]\nname = \"x\"\n\
                   [[matchup]]\na = { fleet = \"f\", policy = \"standoff\", range = 18 }\n\
                   b = { fleet = \"g\" }\n"
                .into(),
        };
        let doc: toml::Table = toml::from_str(&src.text).unwrap();
        let m = &doc["matchup"].as_array().unwrap()[0];
        let sides = [m["a"].clone(), m["b"].clone()];
        let presets = ["brawler".to_owned(), "standoff".to_owned()];
        let out = game_source(&src, &sides, &presets, "brawler", 100, None).unwrap();
        let g: toml::Table = toml::from_str(&out.text).unwrap();
        assert!(g.get("matchup").is_none());
        let game = &g["experiment"]["game"];
        let a = game["a"]["policies"].as_array().unwrap();
        assert_eq!(a.len(), 3, "standoff at 18 is not the preset: both stay");
        assert_eq!(a[0]["range"].as_integer(), Some(18));
        let b = game["b"]["policies"].as_array().unwrap();
        assert_eq!(b.len(), 2, "no policy is the default preset: listed once");
        assert_eq!(b[0]["policy"].as_str(), Some("brawler"));
        assert_eq!(game["b"]["fleet"].as_str(), Some("g"));
        assert_eq!(g["experiment"]["battles"].as_integer(), Some(100));
    }
}
