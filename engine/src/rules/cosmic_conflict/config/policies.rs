//! A matchup side (`a = { fleet = ..., policy = ..., ... }`): the policy preset and the
//! overrides of its settings, including the Command-layer ones (`orders`, `discard_orders`,
//! `reroll_gain`, `dodge_saves`).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::orders::Order;
use super::super::policy::{
    Approach, Contribute, FighterTactics, Movement, OrderStyle, Passing, Policy, Targeting,
};
use super::issues::Issues;

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset name (default `brawler`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: preferred distance for the policy's approach.
    #[serde(default)]
    pub range: Option<Spanned<f64>>,
    /// Override: `best-odds`, `weakest`, `most-dangerous`, `nearest`, `kill-value`.
    #[serde(default)]
    pub targeting: Option<Spanned<String>>,
    /// Override: pass in the Size steps while the enemy has ships of that Size waiting.
    #[serde(default)]
    pub pass_when_enemy_waiting: Option<bool>,
    /// Override: steer around Dangerous and Hazardous terrain (default true).
    #[serde(default)]
    pub avoid_terrain: Option<bool>,
    /// Override: Order style (`none`, `aggressive`, `cautious`, `tokens`, `tactician`,
    /// `weighed`) or one
    /// Order's name to give whenever allowed.
    #[serde(default)]
    pub orders: Option<Spanned<String>>,
    /// Override: whether unrevealed Orders may be discarded for Commands.
    #[serde(default)]
    pub discard_orders: Option<bool>,
    /// Override: least expected gain (boxes) to spend a Command on a reroll.
    #[serde(default)]
    pub reroll_gain: Option<Spanned<f64>>,
    /// Override: least boxes a Dodge must save.
    #[serde(default)]
    pub dodge_saves: Option<Spanned<i64>>,
    /// Override: move Hits inside a Defensive Formation / onto Escorts (default true).
    #[serde(default)]
    pub redirect_hits: Option<bool>,
    /// Override: Offensive Formation contributions, `spare` (default), `all` or `none`.
    #[serde(default)]
    pub contribute: Option<Spanned<String>>,
    /// Override: where fighters fly, `cautious` (default) or `direct`.
    #[serde(default)]
    pub fighter_tactics: Option<Spanned<String>>,
    /// Override: cautious fighters' weight on damage taken (default 1).
    #[serde(default)]
    pub fighter_caution: Option<Spanned<f64>>,
    /// Override: cautious fighters count enemy fighters' PWS screens (default false).
    #[serde(default)]
    pub fighter_screens: Option<bool>,
    /// Override: where a move ends, `classic` or `lookahead`.
    #[serde(default)]
    pub movement: Option<Spanned<String>>,
    /// Override: `kill-value` targeting's weight on a kill, in the target's points (default 1).
    #[serde(default)]
    pub kill_weight: Option<Spanned<f64>>,
    /// Override: `lookahead` movement's weight on the Hazardous damage the next move could not
    /// avoid, as a share of the same damage now (0..=1; default 1, `brawler-v3` 0.5).
    #[serde(default)]
    pub next_move_share: Option<Spanned<f64>>,
    /// Override: `lookahead` movement's units of distance per box of expected fire when end
    /// points are scored by arcs (0..=20; 0 = off, `brawler-v5` 2).
    #[serde(default)]
    pub arc_weight: Option<Spanned<f64>>,
    /// Override: arc scoring's share of the enemy's fire counted against an end point
    /// (0..=5; default 1).
    #[serde(default)]
    pub exposure_share: Option<Spanned<f64>>,
    /// Override: arc scoring may turn a broadside to the focus enemy (`brawler-v5` true).
    #[serde(default)]
    pub broadsides: Option<bool>,
    /// Override: read the game clock (close when behind, hold when ahead; `brawler-v5` true).
    #[serde(default)]
    pub clock: Option<bool>,
}

/// The policy of one side: its preset with the side's overrides.
pub(super) fn policy(doc: usize, at: &str, side: &SideSpec, issues: &mut Issues) -> Option<Policy> {
    let name = side
        .policy
        .as_ref()
        .map_or("brawler", |p| p.get_ref().as_str());
    let Some(mut p) = Policy::preset(name) else {
        let span = side.policy.as_ref().map(|p| p.span()).unwrap_or(0..0);
        issues.push(
            doc,
            span,
            format!("{at}.policy"),
            format!(
                "unknown policy `{name}`; allowed: {}",
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(r) = &side.range {
        let v = *r.get_ref();
        if !(0.0..=1000.0).contains(&v) {
            issues.push(
                doc,
                r.span(),
                format!("{at}.range"),
                format!("{v} is out of range: allowed 0..=1000"),
            );
        }
        p.approach = match p.approach {
            Approach::Hold => Approach::Hold,
            Approach::Close { .. } => Approach::Close { range: Some(v) },
            Approach::Standoff { .. } => Approach::Standoff { range: Some(v) },
        };
    }
    if let Some(t) = &side.targeting {
        let Some(targeting) = Targeting::from_name(t.get_ref()) else {
            issues.push(
                doc,
                t.span(),
                format!("{at}.targeting"),
                format!(
                    "unknown targeting `{}`{}; allowed: {}",
                    t.get_ref(),
                    did_you_mean(t.get_ref(), &Targeting::NAMES),
                    Targeting::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.targeting = targeting;
    }
    if let Some(mv) = &side.movement {
        let Some(movement) = Movement::from_name(mv.get_ref()) else {
            issues.push(
                doc,
                mv.span(),
                format!("{at}.movement"),
                format!(
                    "unknown movement `{}`{}; allowed: {}",
                    mv.get_ref(),
                    did_you_mean(mv.get_ref(), &Movement::NAMES),
                    Movement::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.movement = movement;
    }
    if let Some(k) = &side.kill_weight {
        let v = *k.get_ref();
        if !(0.0..=100.0).contains(&v) {
            issues.push(
                doc,
                k.span(),
                format!("{at}.kill_weight"),
                format!("{v} is out of range: allowed 0..=100"),
            );
        }
        p.kill_weight = v.clamp(0.0, 100.0) as f32;
    }
    if let Some(k) = &side.next_move_share {
        let v = *k.get_ref();
        if !(0.0..=1.0).contains(&v) {
            issues.push(
                doc,
                k.span(),
                format!("{at}.next_move_share"),
                format!("{v} is out of range: allowed 0..=1"),
            );
        }
        p.next_move_share = v.clamp(0.0, 1.0);
    }
    for (value, name, max) in [
        (&side.arc_weight, "arc_weight", 20.0),
        (&side.exposure_share, "exposure_share", 5.0),
    ] {
        if let Some(k) = value {
            let v = *k.get_ref();
            if !(0.0..=max).contains(&v) {
                issues.push(
                    doc,
                    k.span(),
                    format!("{at}.{name}"),
                    format!("{v} is out of range: allowed 0..={max}"),
                );
            }
            let v = v.clamp(0.0, max);
            if name == "arc_weight" {
                p.arc_weight = v;
            } else {
                p.exposure_share = v;
            }
        }
    }
    if let Some(b) = side.broadsides {
        p.broadsides = b;
    }
    if let Some(b) = side.fighter_screens {
        p.fighter_screens = b;
    }
    if let Some(c) = side.clock {
        p.clock = c;
    }
    if let Some(avoid) = side.avoid_terrain {
        p.avoid_terrain = avoid;
    }
    if let Some(r) = side.redirect_hits {
        p.formation.redirect_hits = r;
    }
    if let Some(c) = &side.contribute {
        let Some(c) = Contribute::from_name(c.get_ref()) else {
            issues.push(
                doc,
                c.span(),
                format!("{at}.contribute"),
                format!(
                    "unknown contribute `{}`{}; allowed: {}",
                    c.get_ref(),
                    did_you_mean(c.get_ref(), &Contribute::NAMES),
                    Contribute::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.formation.contribute = c;
    }
    if let Some(t) = &side.fighter_tactics {
        let Some(t) = FighterTactics::from_name(t.get_ref()) else {
            issues.push(
                doc,
                t.span(),
                format!("{at}.fighter_tactics"),
                format!(
                    "unknown fighter_tactics `{}`{}; allowed: {}",
                    t.get_ref(),
                    did_you_mean(t.get_ref(), &FighterTactics::NAMES),
                    FighterTactics::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.fighter_tactics = t;
    }
    if let Some(c) = &side.fighter_caution {
        let v = *c.get_ref();
        if !(0.0..=10.0).contains(&v) {
            issues.push(
                doc,
                c.span(),
                format!("{at}.fighter_caution"),
                format!("{v} is out of range: allowed 0..=10"),
            );
        }
        p.fighter_caution = v.clamp(0.0, 10.0) as f32;
    }
    if let Some(pass) = side.pass_when_enemy_waiting {
        p.passing = if pass {
            Passing::WhenEnemyWaiting
        } else {
            Passing::Never
        };
    }
    command_overrides(doc, at, side, &mut p, issues)?;
    Some(p)
}

/// The Command-layer overrides of a side's policy (`orders`, `discard_orders`, `reroll_gain`,
/// `dodge_saves`).
fn command_overrides(
    doc: usize,
    at: &str,
    side: &SideSpec,
    p: &mut Policy,
    issues: &mut Issues,
) -> Option<()> {
    let c = &mut p.command;
    if let Some(o) = &side.orders {
        let Some(style) = OrderStyle::from_name(o.get_ref()) else {
            let mut known: Vec<&str> = OrderStyle::NAMES.to_vec();
            known.extend(Order::ALL.iter().map(|o| o.name()));
            issues.push(
                doc,
                o.span(),
                format!("{at}.orders"),
                format!(
                    "unknown orders `{}`{}; allowed: {}",
                    o.get_ref(),
                    did_you_mean(o.get_ref(), &known),
                    known.join(", ")
                ),
            );
            return None;
        };
        c.orders = style;
    }
    if let Some(d) = side.discard_orders {
        c.discard_orders = d;
    }
    if let Some(g) = &side.reroll_gain {
        let v = *g.get_ref();
        if !(0.0..=100.0).contains(&v) {
            issues.push(
                doc,
                g.span(),
                format!("{at}.reroll_gain"),
                format!("{v} is out of range: allowed 0..=100"),
            );
        }
        c.reroll_gain = v as f32;
    }
    if let Some(d) = &side.dodge_saves {
        let v = *d.get_ref();
        if !(0..=100).contains(&v) {
            issues.push(
                doc,
                d.span(),
                format!("{at}.dodge_saves"),
                format!("{v} is out of range: allowed 0..=100"),
            );
        }
        c.dodge_saves = v.clamp(0, 100) as u32;
    }
    Some(())
}
