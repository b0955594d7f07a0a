//! `fleetlab audit`: whether an experiment's answer can be trusted before it is read. Per
//! matchup: the seat gap of the two mirrors it implies (side A's fleet and policy against
//! itself, side B's against itself; [`crate::mirror`]), the share of its battles that reached
//! the game's end and the share a house-rule tie-break decided, its draws, and the named house
//! rules in effect ([`fleetlab_engine::RuleSystem::house_rules`]); unless switched off, the
//! policy game of its two fleets over the rule system's presets ([`crate::audit_game`]: the
//! game's value beside the fixed-script answer, the exploitability of each side's policy, the
//! verdict flip, with `--search` the search gain). Thresholds:
//! [`crate::mirror::SEAT_GAP_LIMIT_SE`] (fails the audit),
//! [`crate::report::decided::HOUSE_RULE_FLAG`] and those of [`crate::audit_game`] (flag a
//! matchup). User guide: `docs/audit.md`.

use std::path::Path;

use fleetlab_engine::RuleSystem;
use serde::Serialize;

use crate::audit_ab::{AbCheck, AbVerdict, ab_checks};
use crate::audit_game::{self, GameAuditSettings, GameCheck};
use crate::kinds::Plan;
use crate::load::{self, ConfigError};
use crate::mirror::{self, Mirror, SEAT_GAP_LIMIT_SE, SeatGap};
use crate::report::decided::{DecidedShares, HOUSE_RULE_FLAG};

/// One mirror a matchup implies, checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MirrorCheck {
    /// The side table played on both seats (inline TOML).
    pub side: String,
    /// Battles, wins of each seat and draws; `None` when the side could not be played alone.
    pub seats: Option<SeatGap>,
    /// `pA − pB` (fraction).
    pub gap: f64,
    /// Its multinomial standard error.
    pub std_error: f64,
    /// `gap / std_error`.
    pub z: f64,
    /// `|z| ≤ limit`.
    pub passes: bool,
}

impl MirrorCheck {
    fn of(m: &Mirror) -> MirrorCheck {
        match &m.result {
            Ok(r) => {
                let g = SeatGap::of(r);
                MirrorCheck {
                    side: m.side.clone(),
                    seats: Some(g),
                    gap: g.gap(),
                    std_error: g.std_error(),
                    z: g.z(),
                    passes: g.passes(SEAT_GAP_LIMIT_SE),
                }
            }
            Err(_) => MirrorCheck {
                side: m.side.clone(),
                seats: None,
                gap: f64::NAN,
                std_error: f64::NAN,
                z: f64::NAN,
                passes: true,
            },
        }
    }
}

/// One matchup's audit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchupAudit {
    /// Matchup label.
    pub matchup: String,
    /// The mirrors of side A's and side B's side tables.
    pub mirrors: [MirrorCheck; 2],
    /// Battles of the matchup itself that the shares below come from.
    pub battles: u64,
    /// Share of its battles that reached the game's end with both sides standing.
    pub game_end_share: f64,
    /// Share a house-rule decider decided.
    pub house_rule_share: f64,
    /// Share drawn.
    pub draw_share: f64,
    /// Per decider with battles: (name, kind, share).
    pub deciders: Vec<(String, String, f64)>,
    /// Named house rules in effect (the rule system's list).
    pub house_rules: Vec<String>,
    /// Both mirrors within the seat-gap limit.
    pub seats_fair: bool,
    /// House rules decided more than the flag share.
    pub tie_break_flag: bool,
    /// The policy game of its fleets (`None` with `--no-game`).
    pub game: Option<GameCheck>,
}

impl MatchupAudit {
    /// Whether the matchup's answer can be read as it is: fair seats, house rules below the
    /// flag share, and (when the policy game was played) no flag from it.
    pub fn trusted(&self) -> bool {
        self.seats_fair && !self.tie_break_flag && self.game.as_ref().is_none_or(GameCheck::holds)
    }
}

/// The audit of an experiment (`audit.json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Audit {
    /// Experiment name.
    pub experiment: String,
    /// Rule system.
    pub rule_system: String,
    /// The experiment file.
    pub config_path: String,
    /// Master seed.
    pub seed: u64,
    /// Battles per mirror and per matchup.
    pub battles: u64,
    /// A seat gap beyond this many SE fails the audit.
    pub seat_gap_limit_se: f64,
    /// A matchup whose house rules decided more than this share is flagged.
    pub house_rule_flag: f64,
    /// A policy as written more exploitable than this is flagged.
    pub exploitability_flag: f64,
    /// A search gain above this is flagged.
    pub search_gain_flag: f64,
    /// Per matchup.
    pub matchups: Vec<MatchupAudit>,
    /// For an `[experiment.ab]` with the policy game: per opponent, the A/B answer with fixed
    /// scripts beside the answer under the game ([`crate::audit_ab`]).
    pub ab: Vec<AbCheck>,
    /// Every seat gap is within the limit.
    pub passes: bool,
}

/// Audit the experiment at `path`: play each distinct side of its matchups against itself and
/// the matchups themselves, battles `0..battles` with `seed` (default: the experiment's), and
/// with `game` each distinct matchup's policy game, on the current rayon pool.
pub fn audit<R: RuleSystem>(
    path: &Path,
    seed: Option<u64>,
    battles: u64,
    game: Option<&GameAuditSettings>,
    on_batch: &(dyn Fn(u64) + Sync),
) -> Result<Audit, ConfigError> {
    let exp = load::load::<R>(path)?;
    let src = load::read_source(path)?;
    let seed = seed.or(exp.spec.seed).unwrap_or(load::DEFAULT_SEED);
    let sides = mirror::matchup_sides(&src, R::POLICY_PRESETS)?;
    let mut unique: Vec<toml::Value> = Vec::new();
    let mut index = |v: &toml::Value| match unique.iter().position(|u| u == v) {
        Some(i) => i,
        None => {
            unique.push(v.clone());
            unique.len() - 1
        }
    };
    let which: Vec<[usize; 2]> = sides.iter().map(|[a, b]| [index(a), index(b)]).collect();
    let mirrors = mirror::play_mirrors::<R>(&src, &unique, seed, battles, on_batch)?;
    let checks: Vec<MirrorCheck> = mirrors.iter().map(MirrorCheck::of).collect();
    let results = crate::play::play::<R>(&exp, seed, 0..battles, &|_| {}, on_batch, None);
    // One policy game per distinct pair of sides (an A/B's rungs share their opponents').
    let mut games: Vec<(&[toml::Value; 2], GameCheck)> = Vec::new();
    if let Some(settings) = game {
        for pair in &sides {
            if games.iter().all(|(p, _)| *p != pair) {
                let check =
                    audit_game::check_game::<R>(&src, pair, settings, seed, on_batch, None)?;
                games.push((pair, check));
            }
        }
    }
    let matchups: Vec<MatchupAudit> = results
        .iter()
        .zip(&exp.matchups)
        .zip(&which)
        .zip(&sides)
        .map(|(((r, m), w), pair)| {
            let s = DecidedShares::of(r);
            let mirrors = [checks[w[0]].clone(), checks[w[1]].clone()];
            MatchupAudit {
                matchup: r.label.clone(),
                seats_fair: mirrors.iter().all(|c| c.passes),
                mirrors,
                battles: r.tally.battles,
                game_end_share: s.game_end,
                house_rule_share: s.house_rule,
                draw_share: s.draws,
                tie_break_flag: s.flagged(),
                game: games
                    .iter()
                    .find(|(p, _)| *p == pair)
                    .map(|(_, g)| g.clone()),
                deciders: s.deciders,
                house_rules: R::house_rules(&m.matchup)
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
            }
        })
        .collect();
    let ab = match (&exp.plan, game) {
        (Plan::Ab(plan), Some(settings)) => {
            let per_matchup: Vec<Option<&GameCheck>> =
                matchups.iter().map(|m| m.game.as_ref()).collect();
            ab_checks(
                plan,
                &results,
                &per_matchup,
                crate::stats::z_for_confidence(settings.confidence),
            )
        }
        _ => Vec::new(),
    };
    Ok(Audit {
        ab,
        experiment: exp.name.clone(),
        rule_system: R::NAME.into(),
        config_path: path.display().to_string(),
        seed,
        battles,
        seat_gap_limit_se: SEAT_GAP_LIMIT_SE,
        house_rule_flag: HOUSE_RULE_FLAG,
        exploitability_flag: audit_game::EXPLOITABILITY_FLAG,
        search_gain_flag: audit_game::SEARCH_GAIN_FLAG,
        passes: matchups.iter().all(|m| m.seats_fair),
        matchups,
    })
}

fn pp(x: f64) -> String {
    if x.is_finite() {
        format!("{:+.1}", 100.0 * x)
    } else {
        "—".into()
    }
}

/// The terminal table of an audit: per matchup both mirrors' gaps (pp, ± SE), whether the
/// seats are fair, the shares that reached the game's end, that a house rule decided and that
/// were drawn, and the house rules in effect. Ends with a newline.
pub fn audit_table(a: &Audit) -> String {
    let mut out = format!(
        "{:<40} {:>14} {:>14} {:>5} {:>8} {:>10} {:>6}  house rules in effect\n",
        "matchup", "A mirror gap", "B mirror gap", "seats", "game end", "house rule", "draws"
    );
    for m in &a.matchups {
        let g = |c: &MirrorCheck| format!("{}±{:.1}", pp(c.gap), 100.0 * c.std_error);
        out.push_str(&format!(
            "{:<40} {:>14} {:>14} {:>5} {:>7.1}% {:>9.1}%{} {:>5.1}%  {}\n",
            mirror::cut(&m.matchup, 40),
            g(&m.mirrors[0]),
            g(&m.mirrors[1]),
            if m.seats_fair { "ok" } else { "FAIL" },
            100.0 * m.game_end_share,
            100.0 * m.house_rule_share,
            if m.tie_break_flag { "!" } else { " " },
            100.0 * m.draw_share,
            m.house_rules.join(", ")
        ));
    }
    out.push_str(&format!(
        "gaps in percentage points (A's win share − B's, ± one SE) over {} battles per mirror; \
         FAIL: beyond {} SE; ! : a house rule decided more than {:.0}% of the battles\n",
        crate::report::thousands(a.battles),
        a.seat_gap_limit_se,
        100.0 * a.house_rule_flag
    ));
    let checks: Vec<(&str, &GameCheck)> = a
        .matchups
        .iter()
        .filter_map(|m| m.game.as_ref().map(|g| (m.matchup.as_str(), g)))
        .collect();
    out.push_str(&game_block(
        &checks,
        a.exploitability_flag,
        a.search_gain_flag,
    ));
    out.push_str(&ab_block(&a.ab, "more --game-battles"));
    out
}

fn delta(x: (f64, f64, f64)) -> String {
    format!(
        "{:+.1} [{:+.1}, {:+.1}] pts",
        100.0 * x.0,
        100.0 * x.1,
        100.0 * x.2
    )
}

/// The A/B block: per opponent the variant's gain with fixed scripts and under the policy
/// game, and whether the verdict flips (empty without A/B checks).
pub(crate) fn ab_block(ab: &[AbCheck], more_battles: &str) -> String {
    if ab.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\nA/B under the policy game: the variant's gain over the base (subject's score, \
         variant − base)\n",
    );
    for c in ab {
        out.push_str(&format!(
            "  {} (subject on side {})\n    fixed scripts {} {}  vs  game {} {}{}\n",
            c.matchup,
            c.subject,
            delta(c.fixed),
            c.fixed_verdict.name(),
            delta(c.game),
            c.game_verdict.name(),
            match (c.flips, c.fixed_verdict, c.game_verdict) {
                (false, ..) => String::new(),
                (true, AbVerdict::NoDifference, _) | (true, _, AbVerdict::NoDifference) => {
                    format!("  FLAG: flips (one answer undecided: {more_battles} may settle it)")
                }
                (true, ..) => "  FLAG: flips (the sign reverses)".to_owned(),
            }
        ));
    }
    let flips = ab.iter().filter(|c| c.flips).count();
    out.push_str(&format!(
        "{flips} of {} A/B verdict(s) flip between fixed scripts and the policy game (game \
         interval: the two values' honest intervals combined, at least 90% at 95% each)\n",
        ab.len()
    ));
    out
}

fn pct_ci(x: (f64, f64, f64)) -> String {
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * x.0,
        100.0 * x.1,
        100.0 * x.2
    )
}

fn mix(m: &[(String, f64)]) -> String {
    m.iter()
        .map(|(p, w)| format!("{p} {w:.2}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The policy-game block of the audit table (empty when no game was played): per matchup the
/// fixed-script answer and the game's value, the exploitability of each side's policy as
/// written with the best reply, the verdicts and the flags; then the mixes and search gains.
/// `exploitability_flag` and `search_gain_flag` are the thresholds the flags used.
pub(crate) fn game_block(
    checks: &[(&str, &GameCheck)],
    exploitability_flag: f64,
    search_gain_flag: f64,
) -> String {
    let Some((_, first)) = checks.first() else {
        return String::new();
    };
    let mut out = format!(
        "\npolicy game: each side may also answer with any preset ({} battles per pair and \
         half); scores are side A's\n",
        crate::report::thousands(first.battles_per_pair)
    );
    for (matchup, g) in checks {
        let exploit = |s: &crate::audit_game::SideCheck| {
            format!(
                "{:+.1} pts (best reply {})",
                100.0 * s.exploitability,
                s.best_reply
            )
        };
        let flags = g.flags();
        out.push_str(&format!(
            "  {matchup}\n    fixed scripts {}  vs  game value {} (selection-honest)\n    \
             verdict {} → {}{}\n    A's {} exploitable by {}; B's {} by {}\n    \
             optimal mixes: A {}; B {}\n",
            pct_ci(g.fixed),
            pct_ci(g.value),
            g.fixed_verdict.name(),
            g.game_verdict.name(),
            if flags.is_empty() {
                "  ok".to_owned()
            } else {
                format!("  FLAG: {}", flags.join(", "))
            },
            g.sides[0].policy,
            exploit(&g.sides[0]),
            g.sides[1].policy,
            exploit(&g.sides[1]),
            mix(&g.sides[0].mix),
            mix(&g.sides[1].mix),
        ));
        let gains: Vec<String> = ["A", "B"]
            .iter()
            .zip(&g.sides)
            .filter_map(|(n, s)| {
                s.search_gain.map(|x| {
                    format!(
                        "{n} {:+.1} [{:+.1}, {:+.1}] pts",
                        100.0 * x.0,
                        100.0 * x.1,
                        100.0 * x.2
                    )
                })
            })
            .collect();
        if !gains.is_empty() {
            out.push_str(&format!(
                "    search gain over the best preset mix: {}\n",
                gains.join("; ")
            ));
        }
    }
    out.push_str(&format!(
        "verdict: A / B when the interval of A's score lies above / below 50%, else even; \
         flips: the fixed-script verdict is not the game's; exploitable: a best reply gains \
         more than {:.0} pts against a policy as written; weak-scripts: a search gain above \
         {:.0} pts\n",
        100.0 * exploitability_flag,
        100.0 * search_gain_flag
    ));
    out
}
