//! The three jobs under the policy game, in the run itself (issue 16 §2): an experiment with
//! `[experiment.under_game]` is played as written (fixed scripts) and then, for each distinct
//! matchup, as the policy game of its two fleets in which each side may also answer with any
//! of the rule system's presets ([`crate::audit_game`], the same game `fleetlab audit` plays).
//! The report shows both answers side by side and flags every verdict that flips:
//!
//! * every experiment: per matchup the fixed-script score beside the game's value (honest
//!   interval), the verdict of each (`A` / `B` / `even`) and the flip;
//! * an A/B (`[experiment.ab]`): per opponent the variant's gain with fixed scripts beside the
//!   difference of the two games' values ([`crate::audit_ab`]), and the flip; with a ladder,
//!   the fair cost read from every arm's game beside the fixed-script fair cost
//!   ([`crate::fair_cost_game`]), and the flip of its verdict;
//! * a fleet matrix (`[experiment.matrix]`): each fleet's mean score against the field under
//!   both kinds of play and the ranking each gives ([`RankingUnderGame`]); a pair of fleets
//!   whose order differs between the two flips.
//!
//! ```toml
//! [experiment.under_game]
//! battles = 512                       # per pair of policies and half (default 512)
//! presets = ["brawler", "standoff"]   # the presets offered besides each side's own policy
//!                                     # (default: every preset of the rule system)
//! ```
//!
//! `check` against a baseline compares the games too ([`crate::gate_game`]).

use std::sync::atomic::AtomicBool;

use fleetlab_engine::RuleSystem;
use serde::{Deserialize, Serialize};

use crate::audit_ab::{AbCheck, AbVerdict, ab_checks};
use crate::audit_game::{self, GameAuditSettings, GameCheck, Verdict};
use crate::fair_cost_game::{FairCostCheck, fair_cost_checks};
use crate::kinds::Plan;
use crate::load::{ConfigError, Experiment, Source};
use crate::report::verdict::{Flag, Level};
use crate::results::MatchupResult;
use crate::stats::z_for_confidence;

/// Most battles per pair of policies and half.
pub const MAX_BATTLES: u64 = 1 << 30;

/// `[experiment.under_game]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    battles: Option<u64>,
    presets: Option<Vec<String>>,
}

/// The `[experiment.under_game]` table of `src` (the experiment file itself, not its
/// includes), checked against the rule system's `presets`; `None` when there is none.
pub fn spec_of(
    src: &Source,
    presets: &[&str],
    confidence: f64,
) -> Result<Option<GameAuditSettings>, ConfigError> {
    #[derive(Deserialize)]
    struct Probe {
        experiment: Option<ProbeExperiment>,
    }
    #[derive(Deserialize)]
    struct ProbeExperiment {
        under_game: Option<toml::Spanned<toml::Value>>,
    }
    let err = |span: Option<std::ops::Range<usize>>, field: &str, msg: String| {
        let at = span.map(|s| crate::load::line_col(&src.text, s.start));
        ConfigError::one(&src.path, at, Some(field.into()), msg)
    };
    let probe: Probe = toml::from_str(&src.text)
        .map_err(|e| err(e.span(), "experiment.under_game", e.message().to_owned()))?;
    let Some(raw) = probe.experiment.and_then(|e| e.under_game) else {
        return Ok(None);
    };
    let span = raw.span();
    let spec: Spec = raw.into_inner().try_into().map_err(|e: toml::de::Error| {
        err(
            Some(span.clone()),
            "experiment.under_game",
            format!(
                "{}; allowed: `battles` (per pair of policies and half) and `presets` (a list \
                 of preset names)",
                e.message()
            ),
        )
    })?;
    let battles = spec.battles.unwrap_or(audit_game::GAME_BATTLES);
    if !(1..=MAX_BATTLES).contains(&battles) {
        return Err(err(
            Some(span),
            "experiment.under_game.battles",
            format!("{battles} is out of range: allowed 1..={MAX_BATTLES} per pair and half"),
        ));
    }
    if let Some(list) = &spec.presets {
        if list.is_empty() {
            return Err(err(
                Some(span),
                "experiment.under_game.presets",
                format!(
                    "an empty list offers no reply; give presets or leave it out for all: {}",
                    presets.join(", ")
                ),
            ));
        }
        if let Some(bad) = list.iter().find(|p| !presets.contains(&p.as_str())) {
            return Err(err(
                Some(span),
                "experiment.under_game.presets",
                format!(
                    "no preset named `{bad}`{}; allowed: {}",
                    fleetlab_engine::rule_system::did_you_mean(bad, presets),
                    presets.join(", ")
                ),
            ));
        }
    }
    Ok(Some(GameAuditSettings {
        battles,
        presets: spec.presets,
        search: None,
        confidence,
    }))
}

/// Why an experiment kind cannot be answered under the game, if it cannot.
pub fn unsupported(plan: &Plan) -> Option<&'static str> {
    match plan {
        Plan::Game(_) => Some(
            "this experiment is a policy game already; `[experiment.under_game]` is for plain \
             runs, A/B comparisons and fleet matrices",
        ),
        _ => None,
    }
}

/// The order of two fleets whose intervals overlap.
const NOT_SEPARATED: &str = "not separated";

/// One distinct matchup under both kinds of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchupUnderGame {
    /// Label of the (first) matchup with these two sides.
    pub matchup: String,
    /// Side A's and side B's fleets.
    pub fleets: [String; 2],
    /// The policy game's check: the fixed-script score, the value, verdicts, flags.
    pub check: GameCheck,
}

/// One fleet of a matrix under both kinds of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FleetUnderGame {
    /// Fleet name.
    pub fleet: String,
    /// Mean fixed-script score against the field, with the mean of the cells' interval ends.
    pub fixed: (f64, f64, f64),
    /// Mean game value against the field, with the mean of the cells' honest interval ends.
    pub game: (f64, f64, f64),
    /// Rank by fixed scripts (1 = best).
    pub fixed_rank: usize,
    /// Rank under the game.
    pub game_rank: usize,
}

/// A pair of fleets whose order differs between fixed scripts and the game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrderFlip {
    /// The two fleets.
    pub fleets: [String; 2],
    /// Order of the first against the second with fixed scripts: `above`, `below` or
    /// `not separated`.
    pub fixed: &'static str,
    /// Its order under the game.
    pub game: &'static str,
}

/// A fleet matrix's ranking under both kinds of play. A fleet's figure is the mean over the
/// cells it plays of its score (its side's, from the game's own battles); its interval is the
/// mean of the cells' interval ends, which covers the mean of the true scores whenever every
/// cell's interval covers its own (a union bound: conservative). Two fleets are *separated*
/// when their intervals do not overlap; an order that differs between the two kinds of play
/// (one above the other in one, below or not separated in the other) is a flip.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankingUnderGame {
    /// Fleets, best under the game first.
    pub fleets: Vec<FleetUnderGame>,
    /// The pairs whose order flips.
    pub flips: Vec<OrderFlip>,
}

/// An experiment's answers under the policy game (`under_game.json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnderGame {
    /// Battles per pair of policies and half.
    pub battles_per_pair: u64,
    /// The presets offered besides each side's own policy.
    pub presets: Vec<String>,
    /// Confidence of the intervals.
    pub confidence: f64,
    /// Per distinct matchup.
    pub matchups: Vec<MatchupUnderGame>,
    /// An A/B's opponents (empty for other kinds).
    pub ab: Vec<AbCheck>,
    /// An A/B ladder's fair cost per opponent and `overall` under both plays (empty without a
    /// ladder).
    pub fair_cost: Vec<FairCostCheck>,
    /// A fleet matrix's ranking (`None` for other kinds).
    pub ranking: Option<RankingUnderGame>,
    /// The trust flags as the terminal gives them ([`UnderGame::trust_flags`]): (`ok` /
    /// `note` / `WARN`, sentence), for the HTML card.
    pub flags: Vec<[String; 2]>,
}

/// The side tables of every matchup of `src` and the indices of the distinct pairs whose game
/// is needed (the first matchup with each; an A/B's ladder rungs too, for the fair cost).
pub(crate) fn distinct_sides<R: RuleSystem>(
    src: &Source,
) -> Result<(Vec<[toml::Value; 2]>, Vec<usize>), ConfigError> {
    let sides = crate::mirror::matchup_sides(src, R::POLICY_PRESETS)?;
    let mut distinct: Vec<usize> = Vec::new();
    for (k, pair) in sides.iter().enumerate() {
        if distinct.iter().all(|&d| sides[d] != *pair) {
            distinct.push(k);
        }
    }
    Ok((sides, distinct))
}

/// Battles [`play`] plays (for a progress bar).
pub fn battles<R: RuleSystem>(
    src: &Source,
    settings: &GameAuditSettings,
) -> Result<u64, ConfigError> {
    let (sides, distinct) = distinct_sides::<R>(src)?;
    let presets = offered::<R>(settings);
    let default_policy = R::POLICY_PRESETS.first().copied().unwrap_or_default();
    Ok(distinct
        .iter()
        .map(|&k| audit_game::game_battles(&sides[k], &presets, default_policy, settings.battles))
        .sum())
}

/// The presets offered besides each side's own policy.
fn offered<R: RuleSystem>(settings: &GameAuditSettings) -> Vec<String> {
    settings
        .presets
        .clone()
        .unwrap_or_else(|| R::POLICY_PRESETS.iter().map(|p| (*p).to_owned()).collect())
}

/// Play the policy game of every distinct matchup of `exp` (from `src`), battles
/// `0..settings.battles` per pair and half with `seed`, and set its answers beside the
/// experiment's own `results`. `stop` ends the games early (the caller then has a partial
/// run). Runs on the current rayon pool.
pub fn play<R: RuleSystem>(
    src: &Source,
    exp: &Experiment<R>,
    results: &[MatchupResult],
    settings: &GameAuditSettings,
    seed: u64,
    on_batch: &(dyn Fn(u64) + Sync),
    stop: Option<&AtomicBool>,
) -> Result<UnderGame, ConfigError> {
    let (sides, distinct) = distinct_sides::<R>(src)?;
    let mut matchups = Vec::with_capacity(distinct.len());
    for &k in &distinct {
        let check = audit_game::check_game::<R>(src, &sides[k], settings, seed, on_batch, stop)?;
        matchups.push(MatchupUnderGame {
            matchup: exp.matchups[k].label.clone(),
            fleets: exp.matchups[k].fleets.clone(),
            check,
        });
    }
    // Each matchup's game: the distinct one with the same sides.
    let game_of = |k: usize| {
        distinct
            .iter()
            .position(|&d| sides[d] == sides[k])
            .map(|i| &matchups[i].check)
    };
    let per_matchup: Vec<Option<&GameCheck>> = (0..sides.len()).map(game_of).collect();
    let z = z_for_confidence(settings.confidence);
    let (ab, fair_cost) = match &exp.plan {
        Plan::Ab(plan) => {
            let opts = crate::report::ReportOptions {
                confidence: settings.confidence,
            };
            (
                ab_checks(plan, results, &per_matchup, z),
                fair_cost_checks(plan, results, &per_matchup, &opts),
            )
        }
        _ => (Vec::new(), Vec::new()),
    };
    let ranking = match &exp.plan {
        Plan::Matrix(m) => {
            let names: Vec<String> = (0..m.fleets)
                .map(|f| {
                    m.cells
                        .iter()
                        .zip(&exp.matchups)
                        .find_map(|(&(a, b), nm)| {
                            (a == f)
                                .then(|| nm.fleets[0].clone())
                                .or_else(|| (b == f).then(|| nm.fleets[1].clone()))
                        })
                        .unwrap_or_default()
                })
                .collect();
            Some(ranking(&names, &m.cells, &per_matchup))
        }
        _ => None,
    };
    let mut u = UnderGame {
        battles_per_pair: settings.battles,
        presets: offered::<R>(settings),
        confidence: settings.confidence,
        matchups,
        ab,
        fair_cost,
        ranking,
        flags: Vec::new(),
    };
    u.flags = u
        .trust_flags()
        .into_iter()
        .map(|f| [f.level.tag().to_owned(), f.text])
        .collect();
    Ok(u)
}

/// One of two A/B verdicts is `no difference`: the flip is a question of settling, not a
/// reversal.
fn undecided(a: AbVerdict, b: AbVerdict) -> bool {
    a == AbVerdict::NoDifference || b == AbVerdict::NoDifference
}

/// Side `b`'s view of side A's `(score, low, high)`.
fn flip(x: (f64, f64, f64)) -> (f64, f64, f64) {
    (1.0 - x.0, 1.0 - x.2, 1.0 - x.1)
}

/// The ranking of `names` from the matrix `cells` (fleet on A, fleet on B) and each cell's
/// game (`None`: not played; left out).
pub fn ranking(
    names: &[String],
    cells: &[(usize, usize)],
    games: &[Option<&GameCheck>],
) -> RankingUnderGame {
    let n = names.len();
    let mut sums = vec![([0.0; 3], [0.0; 3], 0u32); n];
    let mut add = |f: usize, fixed: (f64, f64, f64), game: (f64, f64, f64)| {
        let s = &mut sums[f];
        for (acc, x) in s.0.iter_mut().zip([fixed.0, fixed.1, fixed.2]) {
            *acc += x;
        }
        for (acc, x) in s.1.iter_mut().zip([game.0, game.1, game.2]) {
            *acc += x;
        }
        s.2 += 1;
    };
    for (&(a, b), g) in cells.iter().zip(games) {
        let Some(g) = g else { continue };
        add(a, g.fixed, g.value);
        add(b, flip(g.fixed), flip(g.value));
    }
    let mean = |s: [f64; 3], k: u32| {
        let k = f64::from(k.max(1));
        (s[0] / k, s[1] / k, s[2] / k)
    };
    let mut fleets: Vec<FleetUnderGame> = names
        .iter()
        .zip(&sums)
        .map(|(name, s)| FleetUnderGame {
            fleet: name.clone(),
            fixed: mean(s.0, s.2),
            game: mean(s.1, s.2),
            fixed_rank: 0,
            game_rank: 0,
        })
        .collect();
    let rank = |key: &dyn Fn(&FleetUnderGame) -> f64| {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&i, &j| key(&fleets[j]).total_cmp(&key(&fleets[i])));
        let mut ranks = vec![0; n];
        for (r, &i) in order.iter().enumerate() {
            ranks[i] = r + 1;
        }
        ranks
    };
    let fixed_ranks = rank(&|f| f.fixed.0);
    let game_ranks = rank(&|f| f.game.0);
    for (f, (fr, gr)) in fleets
        .iter_mut()
        .zip(fixed_ranks.into_iter().zip(game_ranks))
    {
        f.fixed_rank = fr;
        f.game_rank = gr;
    }
    let order = |x: (f64, f64, f64), y: (f64, f64, f64)| {
        if x.1 > y.2 {
            "above"
        } else if x.2 < y.1 {
            "below"
        } else {
            NOT_SEPARATED
        }
    };
    let mut flips = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let fixed = order(fleets[i].fixed, fleets[j].fixed);
            let game = order(fleets[i].game, fleets[j].game);
            if fixed != game {
                flips.push(OrderFlip {
                    fleets: [fleets[i].fleet.clone(), fleets[j].fleet.clone()],
                    fixed,
                    game,
                });
            }
        }
    }
    fleets.sort_by_key(|f| f.game_rank);
    RankingUnderGame { fleets, flips }
}

impl UnderGame {
    /// The trust flags of the answers under the game, for the verdict block: whether any
    /// verdict flips (a warning naming them), or that every verdict holds.
    pub fn trust_flags(&self) -> Vec<Flag> {
        let mut flags = Vec::new();
        let offered = format!(
            "each side may also answer with {}",
            if self.presets.len() == 1 {
                format!("the preset {}", self.presets[0])
            } else {
                format!("any of {} presets", self.presets.len())
            }
        );
        if !self.ab.is_empty() {
            let reversed: Vec<&str> = self
                .ab
                .iter()
                .filter(|c| c.flips && !undecided(c.fixed_verdict, c.game_verdict))
                .map(|c| c.matchup.as_str())
                .collect();
            let unsettled = self.ab.iter().filter(|c| c.flips).count() - reversed.len();
            if !reversed.is_empty() {
                flags.push(Flag::new(
                    Level::Warn,
                    format!(
                        "the A/B verdict reverses under the policy game ({offered}) against {} \
                         of {} opponent(s): {}",
                        reversed.len(),
                        self.ab.len(),
                        reversed.join("; ")
                    ),
                ));
            }
            if unsettled > 0 {
                flags.push(Flag::new(
                    Level::Note,
                    format!(
                        "the A/B verdict is not settled under the policy game ({offered}) \
                         against {unsettled} of {} opponent(s): one answer's interval contains \
                         0 (more `battles` in [experiment.under_game] may settle it)",
                        self.ab.len()
                    ),
                ));
            }
            if reversed.is_empty() && unsettled == 0 {
                flags.push(Flag::new(
                    Level::Ok,
                    format!(
                        "the A/B verdict holds under the policy game ({offered}) against all {} \
                         opponent(s)",
                        self.ab.len()
                    ),
                ));
            }
            flags.extend(self.fair_cost_flags(&offered));
        } else if let Some(r) = &self.ranking {
            let reversed: Vec<&OrderFlip> = r
                .flips
                .iter()
                .filter(|x| x.fixed != NOT_SEPARATED && x.game != NOT_SEPARATED)
                .collect();
            let unsettled = r.flips.len() - reversed.len();
            if let Some(x) = reversed.first() {
                flags.push(Flag::new(
                    Level::Warn,
                    format!(
                        "the ranking reverses under the policy game ({offered}): {} pair(s) of \
                         fleets swap order, e.g. {} is {} {} with fixed scripts, {} under the \
                         game",
                        reversed.len(),
                        x.fleets[0],
                        x.fixed,
                        x.fleets[1],
                        x.game
                    ),
                ));
            }
            if unsettled > 0 {
                flags.push(Flag::new(
                    Level::Note,
                    format!(
                        "{unsettled} pair(s) of fleets are separated under one play and not the \
                         other ({offered}): see the ranking under the game"
                    ),
                ));
            }
            if r.flips.is_empty() {
                flags.push(Flag::new(
                    Level::Ok,
                    format!("the ranking's separated pairs hold under the policy game ({offered})"),
                ));
            }
            let pairings = self.matchups.iter().filter(|m| m.check.flips).count();
            if pairings > 0 {
                flags.push(Flag::new(
                    Level::Note,
                    format!(
                        "{pairings} of {} pairing(s) change verdict under the policy game \
                         ({offered}): see under_game.csv",
                        self.matchups.len()
                    ),
                ));
            }
        } else {
            let reversed: Vec<&str> = self
                .matchups
                .iter()
                .filter(|m| {
                    m.check.flips
                        && m.check.fixed_verdict != Verdict::Even
                        && m.check.game_verdict != Verdict::Even
                })
                .map(|m| m.matchup.as_str())
                .collect();
            let unsettled = self.matchups.iter().filter(|m| m.check.flips).count() - reversed.len();
            if !reversed.is_empty() {
                flags.push(Flag::new(
                    Level::Warn,
                    format!(
                        "the verdict reverses under the policy game ({offered}) in {} of {} \
                         matchup(s): {}",
                        reversed.len(),
                        self.matchups.len(),
                        reversed.join("; ")
                    ),
                ));
            }
            if unsettled > 0 {
                flags.push(Flag::new(
                    Level::Warn,
                    format!(
                        "the verdict changes under the policy game ({offered}) in {unsettled} of \
                         {} matchup(s): even under one play, decided under the other",
                        self.matchups.len()
                    ),
                ));
            }
            if reversed.is_empty() && unsettled == 0 {
                flags.push(Flag::new(
                    Level::Ok,
                    format!(
                        "the verdict holds under the policy game ({offered}) in all {} \
                         matchup(s)",
                        self.matchups.len()
                    ),
                ));
            }
        }
        let exploitable = self.matchups.iter().filter(|m| m.check.exploitable).count();
        if exploitable > 0 {
            flags.push(Flag::new(
                Level::Note,
                format!(
                    "in {exploitable} of {} matchup(s) a policy as written loses more than {:.0} \
                     pts to a best reply among the presets",
                    self.matchups.len(),
                    100.0 * audit_game::EXPLOITABILITY_FLAG
                ),
            ));
        }
        flags
    }

    /// The fair cost's flags: a verdict reversed (underpriced against overpriced) is a warning,
    /// another change a note; none without a ladder.
    fn fair_cost_flags(&self, offered: &str) -> Vec<Flag> {
        let Some(overall) = self.fair_cost.iter().find(|c| c.opponent_fleet.is_none()) else {
            return Vec::new();
        };
        let against = |c: &FairCostCheck| {
            c.opponent_fleet
                .as_deref()
                .map_or("overall".to_owned(), |f| {
                    format!(
                        "against {f} ({})",
                        c.opponent_policy.as_deref().unwrap_or("")
                    )
                })
        };
        let answer = format!(
            "the fair cost under the policy game ({offered}) is {} (fixed scripts {}; price \
             {:+.0})",
            pts_ci(overall.game),
            pts_ci(overall.fixed),
            overall.price
        );
        let reversed: Vec<String> = self
            .fair_cost
            .iter()
            .filter(|c| c.reversed)
            .map(|c| format!("{} {} → {}", against(c), c.fixed_verdict, c.game_verdict))
            .collect();
        let changed: Vec<String> = self
            .fair_cost
            .iter()
            .filter(|c| c.flips && !c.reversed)
            .map(|c| format!("{} {} → {}", against(c), c.fixed_verdict, c.game_verdict))
            .collect();
        let mut flags = Vec::new();
        if !reversed.is_empty() {
            flags.push(Flag::new(
                Level::Warn,
                format!(
                    "{answer}: the price verdict reverses: {}",
                    reversed.join("; ")
                ),
            ));
        }
        if !changed.is_empty() {
            flags.push(Flag::new(
                Level::Note,
                format!(
                    "{answer}: the price verdict changes: {}",
                    changed.join("; ")
                ),
            ));
        }
        if reversed.is_empty() && changed.is_empty() {
            flags.push(Flag::new(
                Level::Ok,
                format!(
                    "{answer}: the price verdict ({}) holds",
                    overall.game_verdict
                ),
            ));
        }
        flags
    }

    /// The terminal block: per matchup the two answers (the audit's policy-game block), an
    /// A/B's opponents, a matrix's ranking under both plays. Ends with a newline.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if !self.ab.is_empty() {
            out.push_str(&crate::audit::ab_block(
                &self.ab,
                "more `battles` in [experiment.under_game]",
            ));
            if !self.fair_cost.is_empty() {
                out.push_str(
                    "\nfair cost under the policy game (points; fixed scripts beside it)\n",
                );
                for c in &self.fair_cost {
                    let against = c
                        .opponent_fleet
                        .as_deref()
                        .map_or("overall".to_owned(), |f| {
                            format!("{f} ({})", c.opponent_policy.as_deref().unwrap_or(""))
                        });
                    out.push_str(&format!(
                        "  {:<34} game {} {:<12} fixed {} {}{}\n",
                        against,
                        pts_ci(c.game),
                        c.game_verdict,
                        pts_ci(c.fixed),
                        c.fixed_verdict,
                        if c.flips {
                            "  FLAG: verdict changes"
                        } else {
                            ""
                        }
                    ));
                }
            }
        } else if let Some(r) = &self.ranking {
            out.push_str(&format!(
                "\nranking under the policy game (mean score against the field, {} battles per \
                 pair of policies and half; fixed scripts beside it)\n",
                crate::report::thousands(self.battles_per_pair)
            ));
            for f in &r.fleets {
                out.push_str(&format!(
                    "  {:>2}. {:<28} game {}   fixed #{} {}\n",
                    f.game_rank,
                    f.fleet,
                    pct_ci(f.game),
                    f.fixed_rank,
                    pct_ci(f.fixed)
                ));
            }
            for x in &r.flips {
                out.push_str(&format!(
                    "  FLAG: {} vs {}: {} with fixed scripts, {} under the game\n",
                    x.fleets[0], x.fleets[1], x.fixed, x.game
                ));
            }
        } else {
            let checks: Vec<(&str, &GameCheck)> = self
                .matchups
                .iter()
                .map(|m| (m.matchup.as_str(), &m.check))
                .collect();
            out.push_str(&crate::audit::game_block(
                &checks,
                audit_game::EXPLOITABILITY_FLAG,
                audit_game::SEARCH_GAIN_FLAG,
            ));
        }
        out.push_str(&format!(
            "each matchup's policy game (values, mixes, exploitability): {}\n",
            crate::report::under_game_out::UNDER_GAME_JSON
        ));
        out
    }
}

fn pts_ci(x: (f64, f64, f64)) -> String {
    format!("{:+.1} [{:+.1}, {:+.1}] pts", x.0, x.1, x.2)
}

fn pct_ci(x: (f64, f64, f64)) -> String {
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * x.0,
        100.0 * x.1,
        100.0 * x.2
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit_game::SideCheck;

    fn check(fixed: f64, value: f64, half: f64) -> GameCheck {
        let side = |p: &str| SideCheck {
            policy: p.into(),
            mix: vec![(p.into(), 1.0)],
            exploitability: 0.0,
            best_reply: p.into(),
            search_gain: None,
        };
        let fixed = (fixed, fixed - half, fixed + half);
        let value = (value, value - half, value + half);
        let (fv, gv) = (
            Verdict::of((fixed.1, fixed.2)),
            Verdict::of((value.1, value.2)),
        );
        GameCheck {
            battles_per_pair: 100,
            a_policies: vec!["x".into()],
            b_policies: vec!["x".into()],
            fixed,
            value,
            sides: [side("x"), side("x")],
            fixed_verdict: fv,
            game_verdict: gv,
            flips: fv != gv,
            exploitable: false,
            weak_scripts: false,
        }
    }

    #[test]
    fn a_ranking_flips_only_between_separated_orders() {
        let names: Vec<String> = ["p", "q", "r"].iter().map(|s| (*s).to_owned()).collect();
        // p beats q with fixed scripts (70%), loses under the game (30%); r is even with both.
        let cells = [(0, 1), (0, 2), (1, 2)];
        let games = [
            check(0.7, 0.3, 0.05),
            check(0.5, 0.5, 0.05),
            check(0.5, 0.5, 0.05),
        ];
        let refs: Vec<Option<&GameCheck>> = games.iter().map(Some).collect();
        let r = ranking(&names, &cells, &refs);
        let by = |n: &str| r.fleets.iter().find(|f| f.fleet == n).unwrap();
        assert!((by("p").fixed.0 - 0.6).abs() < 1e-12);
        assert!((by("p").game.0 - 0.4).abs() < 1e-12);
        assert_eq!((by("p").fixed_rank, by("p").game_rank), (1, 3));
        assert_eq!((by("q").fixed_rank, by("q").game_rank), (3, 1));
        assert_eq!(r.fleets[0].fleet, "q", "best under the game first");
        assert_eq!(r.flips.len(), 1, "{:?}", r.flips);
        assert_eq!(r.flips[0].fleets, ["p".to_owned(), "q".to_owned()]);
        assert_eq!((r.flips[0].fixed, r.flips[0].game), ("above", "below"));
    }

    #[test]
    fn an_unplayed_cell_is_left_out() {
        let names = vec!["p".to_owned(), "q".to_owned()];
        let g = check(0.8, 0.8, 0.05);
        let r = ranking(&names, &[(0, 1), (1, 0)], &[Some(&g), None]);
        assert!((r.fleets[0].game.0 - 0.8).abs() < 1e-12);
        assert!(r.flips.is_empty());
    }
}
