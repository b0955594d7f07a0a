//! §11.2 shields in the battle: power (§3.2, §11.2, §11.2.8), the defender's shield for each
//! shot (§11.2.7), its deflection on the hit roll (§11.2.1) and its absorption on each volley
//! (§11.2.2), buffering strength and recharge (§11.2.2.1), destruction (§13).
//!
//! * **Power** (§2.1.1, §3.2): after the sensors and weapons, shields take what the reactor has
//!   left — full power for each shield the policy values most first ([`shield_worth`], ties on
//!   the dice), then partial power (§11.2: only shields able to work so; how much partial power
//!   is, is the house rule `shield_partial_draw`), then one over-load point each (§11.2.8) from
//!   what is still spare (engine enrichment, §5.3.2, gets the rest). A destroyed shield draws on
//!   as §3.4 says (`power.rs`).
//! * **Which shield** (§11.2.7): the shields "capable of defending against the shot" are the
//!   powered, intact ones covering the section the shot strikes (§11.2.4 arc: its own section;
//!   §11.2.6 encapsulating: every outer section; never the core). If every one of them has the
//!   layering enhancement they all act (Ratings add); otherwise the defender picks one, shot by
//!   shot, once the shot is declared and before it is rolled — the policy's
//!   [`guard_value`]: the least expected damage, ties on the dice. The chosen shield deflects
//!   and absorbs for every section it covers, so one shield acts on the whole shot.
//! * **Simultaneity** (§7.3, house rule `simultaneity`): under `start-of-phase` a shot meets the
//!   shields as they stood at the start of the phase (a shield destroyed in it still works, a
//!   buffering shield meets every hit at its start-of-phase strength and loses the sum at the
//!   end of the phase, never below 0); under `marked-at-once` both change as hits are marked.
//! * §13.1 gives a shield no partial-damage effect: it works at its full Ratings until its
//!   structure is gone.

use crate::dice::Roller;

use super::super::armor::section_armor;
use super::super::design::{ShieldCoverage, ShieldDesign, ShipDesign, SystemKind, WeaponDesign};
use super::super::fire::attack::{
    Defences, MAX_POINT, MAX_SECTIONS, PointEvent, PointReach, PointShield,
};
use super::super::fire::readings::ShieldPartialDraw;
use super::super::matchup::Matchup;
use super::super::policy::{guard_value, pick_tie, shield_worth};
use super::super::shields::{ShieldPower, absorption, covers, deflection, rating, recharge_buffer};
use super::{BattleState, Shot};

/// One shield generator of a ship in battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShieldNow {
    /// Its system index.
    pub sys: u16,
    /// The section it sits in.
    pub section: u8,
    /// Its design.
    pub design: ShieldDesign,
    /// Its power this turn.
    pub power: ShieldPower,
    /// It may take power this turn (intact, a working plant).
    pub usable: bool,
    /// A buffering shield's strength now (§11.2.2.1; its absorption Rating when full).
    pub buffer: u16,
    /// Strength a buffering shield lost this fire phase, taken off at its end
    /// (`start-of-phase`).
    pub lost: u16,
}

/// Ship `i`'s shields, undamaged, unpowered, buffers full.
pub fn fresh_shields(m: &Matchup, i: usize) -> impl Iterator<Item = ShieldNow> + '_ {
    let d = &m.design_of(i).design;
    d.systems
        .iter()
        .enumerate()
        .filter_map(move |(s, sys)| match sys.kind {
            SystemKind::Shield(design) => Some(ShieldNow {
                sys: s as u16,
                section: d.section_of(s as u16) as u8,
                design,
                power: ShieldPower::Off,
                usable: false,
                buffer: u16::from(design.absorption),
                lost: 0,
            }),
            _ => None,
        })
}

/// The power partial power takes for a shield needing `need`, with `left` to give (§11.2,
/// house rule `shield_partial_draw`); `None` if it cannot be given.
pub const fn partial_draw(need: i32, left: i32, rule: ShieldPartialDraw) -> Option<i32> {
    let draw = match rule {
        ShieldPartialDraw::HalfRoundedUp => (need + 1) / 2,
        ShieldPartialDraw::AnyShort => {
            if left < need {
                left
            } else {
                need - 1
            }
        }
    };
    if draw >= 1 && draw <= left && draw < need {
        Some(draw)
    } else {
        None
    }
}

/// The step of [`power_shields`]: each shield with `eligible` true may take its `cost`; the
/// ones the policy values most go first ([`shield_worth`]), ties on the dice. Returns the
/// power left.
fn power_in_order<R: Roller>(
    st: &mut BattleState,
    i: usize,
    mut left: i32,
    dice: &mut R,
    sections: usize,
    mut cost: impl FnMut(&ShieldNow, i32) -> Option<(i32, ShieldPower)>,
) -> i32 {
    loop {
        let mut best = f64::MIN;
        let mut ties = 0u32;
        for s in &st.shields[i] {
            if cost(s, left).is_some() {
                let v = shield_worth(&s.design, sections);
                if v > best {
                    best = v;
                    ties = 1;
                } else if v == best {
                    ties += 1;
                }
            }
        }
        if ties == 0 {
            return left;
        }
        let pick = pick_tie(dice, ties);
        let mut seen = 0;
        for s in st.shields[i].iter_mut() {
            if let Some((draw, power)) = cost(s, left)
                && shield_worth(&s.design, sections) == best
            {
                if seen == pick {
                    s.power = power;
                    left -= draw;
                    break;
                }
                seen += 1;
            }
        }
    }
}

/// §3.2, §11.2, §11.2.8: ship `i`'s shields take power from the `left` the sensors and weapons
/// left (none without a working plant, §3.3; none when destroyed, §13); a powered buffering
/// shield recharges (§11.2.2.1, house rule `buffer_recharge`). Returns the power still spare.
pub fn power_shields<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    left: i32,
    has_plant: bool,
    dice: &mut R,
) -> i32 {
    if st.shields[i].is_empty() {
        return left;
    }
    let rule = m.rules.fire.shield_partial_draw;
    let sections = m.design_of(i).design.sections.len();
    for k in 0..st.shields[i].len() {
        let destroyed = st.condition[i].destroyed[usize::from(st.shields[i][k].sys)];
        let s = &mut st.shields[i][k];
        s.usable = has_plant && !destroyed;
        s.power = ShieldPower::Off;
    }
    // Full power, the most valued first; then partial power for those able to work so; then
    // one over-load point each.
    let left = power_in_order(st, i, left, dice, sections, |s, left| {
        let need = i32::from(s.design.power);
        (s.usable && s.power == ShieldPower::Off && need <= left)
            .then_some((need, ShieldPower::Full))
    });
    let left = power_in_order(st, i, left, dice, sections, |s, left| {
        if !s.usable || s.power != ShieldPower::Off || !s.design.partial_power {
            return None;
        }
        partial_draw(i32::from(s.design.power), left, rule).map(|d| (d, ShieldPower::Partial))
    });
    let left = power_in_order(st, i, left, dice, sections, |s, left| {
        (s.usable && s.power == ShieldPower::Full && s.design.overload && left >= 1)
            .then_some((1, ShieldPower::Overloaded))
    });
    let recharge = m.rules.fire.buffer_recharge;
    for s in st.shields[i].iter_mut() {
        let p = &mut st.power[i][usize::from(s.sys)];
        if !p.destroyed {
            p.active = s.power != ShieldPower::Off;
            p.extra = i32::from(s.power == ShieldPower::Overloaded);
        }
        if s.design.buffering && s.power != ShieldPower::Off {
            s.buffer = recharge_buffer(s.buffer, s.design.absorption, recharge);
        }
    }
    left
}

/// The defender's shield against one shot (§11.2.7), what it does to the hit roll and to each
/// volley.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Guard {
    /// Deflection: subtracted from the hit roll (§11.2.1).
    pub deflection: u16,
    /// Absorption per section and the buffering shield's strength (§11.2.2, §11.2.2.1).
    pub defences: Defences,
    /// The buffering shield acting (its index in the ship's shields), if one does.
    pub buffering: Option<u8>,
}

impl Guard {
    /// No shield (what a ship without shields meets every shot with).
    pub const NONE: Guard = Guard {
        deflection: 0,
        defences: Defences::NONE,
        buffering: None,
    };
}

/// One shield's effect on a shot by a `weapon` (§11.2.1–2, §11.2.2.1, §11.2.8–9): its
/// deflection and its absorption (for a buffering shield: the strength this shot may use).
fn effect(s: &ShieldNow, weapon: &WeaponDesign, m: &Matchup) -> (u16, u16) {
    let h = m.rules.fire.halving;
    let d = deflection(&s.design, s.power, weapon.tech, h);
    let a = if s.design.buffering {
        let current = s.buffer.min(u16::from(u8::MAX)) as u8;
        let cap = rating(current, &s.design, s.power, weapon.tech, true, h);
        // §11.2.2.1: against Anti-Shield at half its current strength; it loses at most that.
        if weapon.anti_shield { cap / 2 } else { cap }
    } else {
        absorption(&s.design, s.power, weapon.tech, weapon.anti_shield, h)
    };
    (d, a)
}

/// §11.2.7: the shield(s) acting against `shot` by `weapon` on ship `t`, read against the start
/// of the phase (`literal`) or the live damage: the section shield ([`section_guard`]) and the
/// point-defense shields ([`point_guards`]) whose part `resolve_attack` settles volley by volley.
/// No shield: the default (and no die rolled).
pub fn guard<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    shot: &Shot,
    weapon: &WeaponDesign,
    literal: bool,
    dice: &mut R,
) -> Guard {
    let t = usize::from(shot.target);
    if st.shields[t].is_empty() {
        return Guard::default();
    }
    let mut g = section_guard(m, st, shot, weapon, literal, dice);
    point_guards(m, st, t, weapon, literal, &mut g.defences);
    g
}

/// §11.2.5: ship `t`'s powered, intact point-defense shields against `weapon` (always
/// absorption, at their power and against the weapon's technology as any shield, §11.2.2,
/// §11.2.8–9), for `resolve_attack` to meet volley by volley.
fn point_guards(
    m: &Matchup,
    st: &BattleState,
    t: usize,
    weapon: &WeaponDesign,
    literal: bool,
    defences: &mut Defences,
) {
    let td = &m.design_of(t).design;
    let dmg = if literal {
        &st.snapshot[t]
    } else {
        &st.damage[t]
    };
    for s in &st.shields[t] {
        let reach = match s.design.coverage {
            ShieldCoverage::PointStationary(sys) => PointReach::System(sys),
            ShieldCoverage::PointRoaming(speed) => PointReach::Roaming {
                section: s.section,
                speed,
            },
            _ => continue,
        };
        let n = usize::from(defences.point_count);
        if s.power == ShieldPower::Off || dmg.system_left(td, s.sys) == 0 || n == MAX_POINT {
            continue;
        }
        defences.points[n] = PointShield {
            reach,
            absorb: effect(s, weapon, m).1,
            layering: s.design.layering,
        };
        defences.point_count += 1;
    }
}

/// §11.2.7: the shield(s) acting against `shot` by `weapon` on ship `t`, read against the start
/// of the phase (`literal`) or the live damage; the defender's pick when more than one could
/// and not all are layered (the policy's [`guard_value`], ties on the dice). No shield: the
/// default (and no die rolled).
fn section_guard<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    shot: &Shot,
    weapon: &WeaponDesign,
    literal: bool,
    dice: &mut R,
) -> Guard {
    let t = usize::from(shot.target);
    let shields = &st.shields[t];
    let td = &m.design_of(t).design;
    let dmg = if literal {
        &st.snapshot[t]
    } else {
        &st.damage[t]
    };
    let facing = usize::from(shot.section);
    let pos = td.sections[facing].pos;
    let applies = |s: &ShieldNow| {
        s.power != ShieldPower::Off
            && dmg.system_left(td, s.sys) > 0
            && covers(&s.design, usize::from(s.section), facing, pos, None)
    };
    let mut count = 0u32;
    let mut layered = true;
    for s in shields.iter().filter(|s| applies(s)) {
        count += 1;
        layered &= s.design.layering;
    }
    if count == 0 {
        return Guard::default();
    }
    let mut g = Guard::default();
    let add = |g: &mut Guard, k: usize, s: &ShieldNow| {
        let (d, a) = effect(s, weapon, m);
        g.deflection += d;
        for (sec, section) in td.sections.iter().enumerate().take(MAX_SECTIONS) {
            if covers(&s.design, usize::from(s.section), sec, section.pos, None) {
                if s.design.buffering {
                    g.defences.buffer_sections |= 1 << sec;
                } else {
                    g.defences.absorb[sec] += a;
                }
            }
        }
        if s.design.buffering {
            g.defences.buffer = a;
            g.buffering = Some(k as u8);
        }
    };
    if layered {
        // §11.2.7: every applicable shield is layered — all act (buffering shields are never
        // layered: the config refuses it).
        for (k, s) in shields.iter().enumerate() {
            if applies(s) {
                add(&mut g, k, s);
            }
        }
        g.defences.section_layering = true;
        return g;
    }
    // The defender picks one: the least expected damage of the shot (its DRM after defensive
    // fire less the deflection; the struck section's armor plus the absorption).
    let armor = section_armor(td, dmg, facing, weapon.tech, m.rules.fire.halving);
    let drm = shot.drm - shot.df.total() as i16;
    let value = |s: &ShieldNow| {
        let (d, a) = effect(s, weapon, m);
        guard_value(weapon, drm - d as i16, armor.saturating_add(a))
    };
    let mut best = f64::MAX;
    let mut ties = 0u32;
    if count > 1 {
        for s in shields.iter().filter(|s| applies(s)) {
            let v = value(s);
            if v < best {
                best = v;
                ties = 1;
            } else if v == best {
                ties += 1;
            }
        }
    }
    let pick = pick_tie(dice, ties);
    let mut seen = 0;
    for (k, s) in shields.iter().enumerate() {
        if applies(s) && (count == 1 || value(s) == best) {
            if seen == pick {
                add(&mut g, k, s);
                g.defences.section_layering = s.design.layering;
                break;
            }
            seen += 1;
        }
    }
    g
}

/// §11.2.2.1: the buffering shield of `guard` on ship `t` lost `used` points — at once
/// (`marked-at-once`) or at the end of the phase (`start-of-phase`, [`end_phase`]).
pub fn spend(st: &mut BattleState, t: usize, guard: &Guard, used: u16, literal: bool) {
    if let (Some(k), true) = (guard.buffering, used > 0) {
        let s = &mut st.shields[t][usize::from(k)];
        if literal {
            s.lost = s.lost.saturating_add(used);
        } else {
            s.buffer = s.buffer.saturating_sub(used);
        }
    }
}

/// The end of a fire phase: each buffering shield loses what it absorbed in it (never below 0).
pub fn end_phase(st: &mut BattleState) {
    for ship in st.shields.iter_mut() {
        for s in ship.iter_mut() {
            s.buffer = s.buffer.saturating_sub(s.lost);
            s.lost = 0;
        }
    }
}

/// The trace's words for a system (§16's names).
pub(super) const fn system_words(kind: SystemKind) -> &'static str {
    match kind {
        SystemKind::Weapon(_) => "weapon",
        SystemKind::MissileRack { .. } => "missile rack",
        SystemKind::Torpedo { .. } => "torpedo system",
        SystemKind::Thruster(_) => "thruster",
        SystemKind::Engine { .. } => "engine",
        SystemKind::Reactor => "reactor",
        SystemKind::Capacitor { .. } => "capacitor",
        SystemKind::Battery { .. } => "battery",
        SystemKind::Collector => "collector panel",
        SystemKind::Sensors { .. } => "sensors",
        SystemKind::Ess => "ESS",
        SystemKind::Bridge { .. } => "bridge",
        SystemKind::Shield(_) => "shield generator",
        SystemKind::CargoHangar => "cargo hold",
        SystemKind::TransLight => "trans-light drive",
        SystemKind::Other => "system",
    }
}

/// The trace line of one point-defense event (§11.2.5): "the roaming shield reaches the engine
/// (3d6 = 7 ≤ 9): absorbs 2", "… misses the engine (3d6 = 12 > 9)", "the stationary shield on
/// the bridge absorbs 3".
pub(super) struct PointWords<'a>(pub &'a ShipDesign, pub PointEvent);

impl std::fmt::Display for PointWords<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = self.1;
        let what = system_words(self.0.systems[usize::from(e.sys)].kind);
        match (e.speed, e.reached) {
            (0, _) => write!(
                f,
                "the stationary shield on the {what} absorbs {}",
                e.absorb
            ),
            (v, true) => write!(
                f,
                "the roaming shield reaches the {what} (3d6 = {} ≤ {v}): absorbs {}",
                e.roll, e.absorb
            ),
            (v, false) => write!(
                f,
                "the roaming shield misses the {what} (3d6 = {} > {v})",
                e.roll
            ),
        }
    }
}
