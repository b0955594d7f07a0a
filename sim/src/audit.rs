//! `fleetlab audit`: whether an experiment's answer can be trusted before it is read. Per
//! matchup: the seat gap of the two mirrors it implies (side A's fleet and policy against
//! itself, side B's against itself; [`crate::mirror`]), the share of its battles that reached
//! the game's end and the share a house-rule tie-break decided, its draws, and the named house
//! rules in effect ([`fleetlab_engine::RuleSystem::house_rules`]). Thresholds:
//! [`crate::mirror::SEAT_GAP_LIMIT_SE`] (fails the audit) and
//! [`crate::report::decided::HOUSE_RULE_FLAG`] (flags a matchup). User guide: `docs/audit.md`.

use std::path::Path;

use fleetlab_engine::RuleSystem;
use serde::Serialize;

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
    /// Per matchup.
    pub matchups: Vec<MatchupAudit>,
    /// Every seat gap is within the limit.
    pub passes: bool,
}

/// Audit the experiment at `path`: play each distinct side of its matchups against itself and
/// the matchups themselves, battles `0..battles` with `seed` (default: the experiment's), on
/// the current rayon pool.
pub fn audit<R: RuleSystem>(
    path: &Path,
    seed: Option<u64>,
    battles: u64,
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
    let matchups: Vec<MatchupAudit> = results
        .iter()
        .zip(&exp.matchups)
        .zip(&which)
        .map(|((r, m), w)| {
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
                deciders: s.deciders,
                house_rules: R::house_rules(&m.matchup)
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
            }
        })
        .collect();
    Ok(Audit {
        experiment: exp.name.clone(),
        rule_system: R::NAME.into(),
        config_path: path.display().to_string(),
        seed,
        battles,
        seat_gap_limit_se: SEAT_GAP_LIMIT_SE,
        house_rule_flag: HOUSE_RULE_FLAG,
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
    out
}
