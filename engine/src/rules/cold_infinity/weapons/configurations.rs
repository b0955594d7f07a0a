//! §8.1 weapon configurations (digest D8): how one hit spreads over the target.
//!
//! Every resolver takes the damage already rolled (after plasma falloff and ablative DF), the
//! to-hit result, and a `mitigate(struck, volley) -> net` closure (shields, panels, armor of the
//! struck place), marks the damage on the [`ShipDamage`] and returns a [`Resolution`]. No
//! resolver allocates.

use crate::dice::Roller;

use super::super::damage_state::ShipDamage;
use super::super::design::{DamageDice, PulseRating, SectionPos, ShipDesign};
use super::super::fire::damage::{Resolution, ShotRules, after_band, mark, roll_damage};
use super::super::fire::hit_location::{
    DefenderPick, HitChart, Struck, Walk, locate, locate_from, next_intact, struck_section,
    walk_section,
};
use super::super::fire::hit_roll::{HitBand, HitRoll, roll_3d6, roll_die};
use super::super::fire::readings::{
    FlareSpill, PiercingArmor, PulseBonus, PulseDamage, Readings, SlicingSplit,
};

/// What every resolver needs about the target and the rules in force.
#[derive(Clone, Copy, Debug)]
pub struct HitContext<'a> {
    /// The target's design.
    pub design: &'a ShipDesign,
    /// The hit-location chart in force.
    pub chart: &'a HitChart,
    /// How the defender picks among same-type systems.
    pub pick: DefenderPick,
    /// The weapon's technology rules.
    pub rules: ShotRules,
    /// The fire-and-damage house rules.
    pub readings: &'a Readings,
}

/// §8.1.1 Burst: one damage roll, one volley, one location (with overkill per technology).
pub fn resolve_burst(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    facing: usize,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let Some(struck) = locate(ctx.chart, hit, ctx.design, damage, facing, ctx.pick) else {
        return Resolution::default();
    };
    let dmg = after_band(rolled, hit.band, ctx.rules.double_hull);
    let net = mitigate(struck, dmg);
    mark(
        ctx.design,
        damage,
        struck,
        net,
        hit.band,
        ctx.rules,
        ctx.rules.overkill,
    )
}

/// §8.1.2 the number of pulses that hit: one per accuracy interval (full or partial) of the
/// pulse roll (3d6 + the to-hit DRM) above 10, at least 1, at most the maximum. A bonus die
/// (`bonus`, 0 if none) adds pulses or adds to the roll, per the reading.
pub fn pulse_count(rating: PulseRating, pulse_roll: i16, bonus: u8, how: PulseBonus) -> u8 {
    let roll = match how {
        PulseBonus::AddsPulses => pulse_roll,
        PulseBonus::AddsToRoll => pulse_roll + i16::from(bonus),
    };
    let interval = i16::from(rating.interval.max(1));
    let base = (roll - 10 + interval - 1).div_euclid(interval).max(1);
    let extra = match how {
        PulseBonus::AddsPulses => i16::from(bonus),
        PulseBonus::AddsToRoll => 0,
    };
    (base + extra).min(i16::from(rating.max)).max(1) as u8
}

/// §8.1.2 Pulse: after a hit, the pulse roll sets the count; every pulse strikes the one
/// location, each its own volley (§7.4.2.1), and leftover pulses overkill. Damage is rolled per
/// pulse or once per the reading (each halved on 11–12). `per_roll` adjusts each damage roll
/// before halving (plasma falloff and ablative DF, applied per pulse roll: fixed reading);
/// `called` is the target of a called shot, if any. `mitigate` is handed the dice (a roaming
/// point-defense shield rolls, §11.2.5).
#[allow(clippy::too_many_arguments)]
pub fn resolve_pulse<R: Roller>(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    dice: &mut R,
    hit: HitRoll,
    facing: usize,
    weapon_damage: DamageDice,
    rating: PulseRating,
    per_roll: impl Fn(u16) -> u16,
    called: Option<Struck>,
    mitigate: &mut impl FnMut(Struck, u16, &mut R) -> u16,
) -> Resolution {
    if !hit.band.is_hit() {
        return Resolution::default();
    }
    // A called shot (§7.6) strikes the called place whatever the location roll.
    let Some(struck) =
        called.or_else(|| locate(ctx.chart, hit, ctx.design, damage, facing, ctx.pick))
    else {
        return Resolution::default();
    };
    let drm = hit.modified - i16::from(hit.natural);
    let pulse_roll = i16::from(roll_3d6(dice)) + drm;
    let bonus = if rating.bonus_die > 0 {
        roll_die(dice, rating.bonus_die)
    } else {
        0
    };
    let n = pulse_count(rating, pulse_roll, bonus, ctx.readings.pulse_bonus);
    let once = roll_damage(dice, weapon_damage);
    let mut net = 0u16;
    for i in 0..n {
        let rolled = match ctx.readings.pulse_damage {
            PulseDamage::RolledOnce => once,
            PulseDamage::PerPulse if i == 0 => once,
            PulseDamage::PerPulse => roll_damage(dice, weapon_damage),
        };
        net += mitigate(
            struck,
            after_band(per_roll(rolled), hit.band, ctx.rules.double_hull),
            dice,
        );
    }
    mark(
        ctx.design,
        damage,
        struck,
        net,
        hit.band,
        ctx.rules,
        ctx.rules.overkill,
    )
}

/// The three sections a piercing shot crosses (§8.1.5): the entry (line-of-sight) section,
/// the core, and the section opposite the entry. Absent places are `None` (a 1-section ship
/// has only its own; its other shares are lost).
pub fn piercing_path(design: &ShipDesign, entry: usize) -> [Option<usize>; 3] {
    let pos = design.sections[entry].pos;
    if !pos.is_outer() {
        return [Some(entry), None, None];
    }
    let opposite = match pos {
        SectionPos::Fore => SectionPos::Aft,
        SectionPos::Aft => SectionPos::Fore,
        SectionPos::Port => SectionPos::Starboard,
        SectionPos::Starboard => SectionPos::Port,
        SectionPos::Outer(k) => SectionPos::Outer((k + 2) % 6 + 1),
        other => other,
    };
    [
        Some(entry),
        Some(design.core()),
        design.section_at(opposite),
    ]
}

/// §8.1.5 Piercing: one damage roll split in three (floor), the remainder to the entry
/// section; each section takes its share at one location, the first from the chart and each
/// further one a column to the right. Shares for missing or destroyed sections are lost, damage
/// on a destroyed system is lost, no overkill. Only the entry share is mitigated by default
/// (§7.4.2.1). `entry` is the line-of-sight section from the geometry, destroyed or not.
///
/// Fixed readings (the text is silent; see the house-rules page): an 11–14 result puts each
/// share on its section's hull; a section with no system type right of the column takes its
/// share on hull; 25+ uses the 25+ row along the same path.
pub fn resolve_piercing(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    entry: usize,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let mut out = Resolution::default();
    if !hit.band.is_hit() {
        return out;
    }
    let total = after_band(rolled, hit.band, ctx.rules.double_hull);
    let share = total / 3;
    let path = piercing_path(ctx.design, entry);
    let row = HitChart::row_of(hit.modified);
    let mut column = 0u8;
    for (i, place) in path.into_iter().enumerate() {
        let dmg = if i == 0 { share + total % 3 } else { share };
        let Some(sec) = place else {
            out.applied.lost += dmg;
            continue;
        };
        if damage.section_destroyed(ctx.design, sec) {
            out.applied.lost += dmg;
            continue;
        }
        let struck = if matches!(hit.band, HitBand::HullHalf | HitBand::Hull) {
            Some(Struck::Hull { section: sec })
        } else {
            match walk_section(ctx.chart, row, column, ctx.design, damage, sec, ctx.pick) {
                Walk::Intact { sys, column: c } => {
                    column = c + 1;
                    Some(Struck::System { sys, column: c })
                }
                Walk::AllDestroyed { column: c } => {
                    column = c + 1;
                    None
                }
                Walk::NothingRight => {
                    column += 1;
                    Some(Struck::Hull { section: sec })
                }
            }
        };
        let Some(struck) = struck else {
            out.applied.lost += dmg;
            continue;
        };
        let mitigated = i == 0 || ctx.readings.piercing_armor == PiercingArmor::EverySection;
        let net = if mitigated {
            mitigate(struck, dmg)
        } else {
            dmg
        };
        out.add(mark(
            ctx.design, damage, struck, net, hit.band, ctx.rules, false,
        ));
    }
    out
}

/// §8.1.3 Slicing on one section: split evenly over the section's systems (destroyed ones
/// included by default, their shares lost), remainder lost, no overkill, no pass-through. On a
/// hull result half goes to hull and half to the systems. Each share is its own volley.
///
/// Fixed readings: on a hull result the hull takes the half rounded down; a section with no
/// systems (or none counted) takes everything on hull.
pub fn slice_section(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    sec: usize,
    dmg: u16,
    band: HitBand,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let mut out = Resolution::default();
    if damage.section_destroyed(ctx.design, sec) {
        out.applied.lost = dmg;
        return out;
    }
    let systems = ctx.design.sections[sec].systems.clone();
    let counted = |s: u16, d: &ShipDamage| match ctx.readings.slicing_split {
        SlicingSplit::AllSystems => true,
        SlicingSplit::IntactOnly => !d.system_destroyed(ctx.design, s),
    };
    let n = sliced_systems(ctx.design, damage, sec, ctx.readings.slicing_split);
    let hull_band = matches!(band, HitBand::HullHalf | HitBand::Hull);
    let (to_hull, to_systems) = match (n, hull_band) {
        (0, _) => (dmg, 0),
        (_, true) => (dmg / 2, dmg - dmg / 2),
        (_, false) => (0, dmg),
    };
    if to_hull > 0 {
        let hull = Struck::Hull { section: sec };
        let net = mitigate(hull, to_hull);
        out.add(mark(ctx.design, damage, hull, net, band, ctx.rules, false));
    }
    if let Some(share) = to_systems.checked_div(n) {
        out.applied.lost += to_systems % n;
        for s in systems {
            if !counted(s, damage) {
                continue;
            }
            if damage.system_destroyed(ctx.design, s) {
                out.applied.lost += share;
                continue;
            }
            let struck = Struck::System { sys: s, column: 0 };
            let net = mitigate(struck, share);
            out.add(mark(
                ctx.design, damage, struck, net, band, ctx.rules, false,
            ));
        }
    }
    out
}

/// How many systems of section `sec` share a Slicing hit (§8.1.3, [`slice_section`]): all of
/// them, or the intact ones under `slicing_split` = `intact-only`.
pub fn sliced_systems(
    design: &ShipDesign,
    damage: &ShipDamage,
    sec: usize,
    split: SlicingSplit,
) -> u16 {
    design.sections[sec]
        .systems
        .clone()
        .filter(|&s| match split {
            SlicingSplit::AllSystems => true,
            SlicingSplit::IntactOnly => !damage.system_destroyed(design, s),
        })
        .count() as u16
}

/// §8.1.3 Slicing: the chart is not used; the struck section's systems share the damage.
pub fn resolve_slicing(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    facing: usize,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    if !hit.band.is_hit() {
        return Resolution::default();
    }
    let sec = struck_section(ctx.design, damage, facing);
    let dmg = after_band(rolled, hit.band, ctx.rules.double_hull);
    slice_section(ctx, damage, sec, dmg, hit.band, mitigate)
}

/// §8.1.7 Enveloping: split evenly over every outer section (remainder lost), each then sliced
/// (a 1-section ship: its one section). Destroyed sections count per the slicing reading
/// (their shares lost by default).
pub fn resolve_enveloping(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let mut out = Resolution::default();
    if !hit.band.is_hit() {
        return out;
    }
    let dmg = after_band(rolled, hit.band, ctx.rules.double_hull);
    let design = ctx.design;
    let outer = |s: usize, d: &ShipDamage| {
        let pos = design.sections[s].pos;
        (pos.is_outer() || pos == SectionPos::Single)
            && match ctx.readings.slicing_split {
                SlicingSplit::AllSystems => true,
                SlicingSplit::IntactOnly => !d.section_destroyed(design, s),
            }
    };
    let n = (0..design.sections.len())
        .filter(|&s| outer(s, damage))
        .count() as u16;
    if n == 0 {
        out.applied.lost = dmg;
        return out;
    }
    let share = dmg / n;
    out.applied.lost += dmg % n;
    for s in 0..design.sections.len() {
        if outer(s, damage) {
            out.add(slice_section(ctx, damage, s, share, hit.band, mitigate));
        }
    }
    out
}

/// §8.1.4 Slashing: the damage cut into volleys of the slashing Rating (the last smaller).
/// Volley 1 takes the chart result, each later one the next existing system type to the right;
/// a volley on a destroyed system (or past the row's end) hits the section's hull; each volley
/// may overkill. A hull result puts every volley on hull. The walk stays in the struck section
/// even when the chart would reach the core (25+ included), unless that section is destroyed.
pub fn resolve_slashing(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    facing: usize,
    rolled: u16,
    rating: u8,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let mut out = Resolution::default();
    if !hit.band.is_hit() {
        return out;
    }
    let sec = struck_section(ctx.design, damage, facing);
    let mut left = after_band(rolled, hit.band, ctx.rules.double_hull);
    let size = u16::from(rating.max(1));
    let row = HitChart::row_of(hit.modified);
    let mut column = 0u8;
    let hull = Struck::Hull { section: sec };
    while left > 0 {
        let volley = left.min(size);
        left -= volley;
        let struck = if matches!(hit.band, HitBand::HullHalf | HitBand::Hull) {
            hull
        } else {
            match walk_section(ctx.chart, row, column, ctx.design, damage, sec, ctx.pick) {
                Walk::Intact { sys, column: c } => {
                    column = c + 1;
                    Struck::System { sys, column: c }
                }
                Walk::AllDestroyed { column: c } => {
                    column = c + 1;
                    hull
                }
                Walk::NothingRight => hull,
            }
        };
        let net = mitigate(struck, volley);
        out.add(mark(
            ctx.design,
            damage,
            struck,
            net,
            hit.band,
            ctx.rules,
            ctx.rules.overkill,
        ));
    }
    out
}

/// §8.1.6 Flare: a hull result acts as Burst. Otherwise the first intact system (shifting right
/// past destroyed ones while the section has any) takes the volley without overkill; the excess
/// spills to the next intact system to the right, as a new volley (re-mitigated by default,
/// third reading), until used up. With no intact system left to the right, the section's hull
/// takes the rest (fixed reading) and any beyond it is lost.
pub fn resolve_flare(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    facing: usize,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    match hit.band {
        HitBand::Miss => return Resolution::default(),
        HitBand::HullHalf | HitBand::Hull => {
            return resolve_burst(ctx, damage, hit, facing, rolled, mitigate);
        }
        HitBand::System | HitBand::Core => {}
    }
    let mut out = Resolution::default();
    let facing_sec = struck_section(ctx.design, damage, facing);
    let sec = if hit.band == HitBand::Core {
        ctx.design.core()
    } else {
        facing_sec
    };
    let row = HitChart::row_of(hit.modified);
    let mut pending = rolled;
    let mut column = 0u8;
    let mut first = true;
    loop {
        let found = next_intact(ctx.chart, row, column, ctx.design, damage, sec, ctx.pick);
        let struck = match found {
            Some((sys, c)) => {
                column = c + 1;
                Struck::System { sys, column: c }
            }
            None => Struck::Hull { section: sec },
        };
        let net = if first || ctx.readings.flare_spill == FlareSpill::SeparateVolley {
            mitigate(struck, pending)
        } else {
            pending
        };
        first = false;
        let r = mark(ctx.design, damage, struck, net, hit.band, ctx.rules, false);
        let excess = r.applied.lost;
        out.add(r);
        if excess == 0 || found.is_none() {
            break;
        }
        out.applied.lost -= excess;
        pending = excess;
    }
    out
}

/// §8.1.9 Tracking: the turns a hit keeps hitting, from the tracking roll (3d6 + the to-hit
/// DRM): 11–13 → 1, 14–16 → 2, 17–19 → 3, 20+ → 4, capped at the tracking Rating. A roll of 10
/// or less after a hit gives 1 turn (D19 item 30).
pub const fn tracking_turns(tracking_roll: i16, rating: u8) -> u8 {
    let turns = match tracking_roll {
        i16::MIN..=13 => 1,
        14..=16 => 2,
        17..=19 => 3,
        _ => 4,
    };
    if turns < rating { turns } else { rating }
}

/// §8.1.9: where tracking turn `turn` (0 = the firing turn) strikes: the initial location, a
/// system result moving one column right each turn (standard pass-through rules apply).
pub fn tracking_location(
    ctx: &HitContext,
    damage: &ShipDamage,
    hit: HitRoll,
    facing: usize,
    first: Struck,
    turn: u8,
) -> Struck {
    match first {
        Struck::Hull { .. } => first,
        Struck::System { column, .. } => {
            let sec = struck_section(ctx.design, damage, facing);
            locate_from(
                ctx.chart,
                hit,
                column + turn,
                ctx.design,
                damage,
                sec,
                ctx.pick,
            )
        }
    }
}

/// A tracking attack in progress (§8.1.9): the hit it started from, where it struck first and
/// how many turns it lasts. Kept by the battle loop with the firing weapon (`Copy`, no heap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tracking {
    /// The initial to-hit result (its location and halving hold every turn).
    pub hit: HitRoll,
    /// The section facing the attacker at the first hit.
    pub facing: usize,
    /// The first turn's location (set on the first turn).
    pub first: Option<Struck>,
    /// Turns it hits (1..=Rating).
    pub turns: u8,
    /// Turns resolved so far.
    pub done: u8,
}

/// Starts a tracking attack after a hit (§8.1.9): the tracking roll is 3d6 + the to-hit DRM.
pub fn start_tracking(dice: &mut impl Roller, hit: HitRoll, facing: usize, rating: u8) -> Tracking {
    let drm = hit.modified - i16::from(hit.natural);
    Tracking {
        hit,
        facing,
        first: None,
        turns: tracking_turns(i16::from(roll_3d6(dice)) + drm, rating),
        done: 0,
    }
}

/// Whether a tracking attack hits again this turn (§8.1.9): turns remain, and line of sight,
/// arc, power (double, assigned in Power Allocation) and an undamaged weapon all hold.
pub const fn tracking_continues(
    t: &Tracking,
    sight_and_arc: bool,
    powered: bool,
    undamaged: bool,
) -> bool {
    t.done < t.turns && sight_and_arc && powered && undamaged
}

/// One turn of a tracking attack (§8.1.9): Burst damage at the initial location; a system
/// result moves one column right each later turn.
pub fn tracking_turn(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    t: &mut Tracking,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let struck = match t.first {
        Some(first) => tracking_location(ctx, damage, t.hit, t.facing, first, t.done),
        None => match locate(ctx.chart, t.hit, ctx.design, damage, t.facing, ctx.pick) {
            Some(s) => s,
            None => return Resolution::default(),
        },
    };
    t.first = t.first.or(Some(struck));
    t.done += 1;
    resolve_tracked(ctx, damage, t.hit, struck, rolled, mitigate)
}

/// §8.1.9: one tracking turn's damage at `struck` — a Burst volley ("for all other purposes a
/// tracking weapon is considered a burst weapon") with the initial hit's band.
pub fn resolve_tracked(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    hit: HitRoll,
    struck: Struck,
    rolled: u16,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let dmg = after_band(rolled, hit.band, ctx.rules.double_hull);
    let net = mitigate(struck, dmg);
    mark(
        ctx.design,
        damage,
        struck,
        net,
        hit.band,
        ctx.rules,
        ctx.rules.overkill,
    )
}

/// §8.1.8 Wave: rolls against the units along the arc, `distances` sorted nearest first
/// (friend or foe), calling `roll(i)` (true = hit; the caller then resolves Slicing on unit `i`)
/// while [`wave_reaches`] allows. Returns how many units were rolled against.
pub fn wave_sequence(
    distances: &[u16],
    wave_range: u16,
    mut roll: impl FnMut(usize) -> bool,
) -> usize {
    let mut first_miss = None;
    let mut rolled = 0;
    for (i, &d) in distances.iter().enumerate() {
        if !wave_reaches(d, first_miss, wave_range) {
            break;
        }
        rolled += 1;
        if !roll(i) && first_miss.is_none() {
            first_miss = Some(d);
        }
    }
    rolled
}

/// §8.1.8 Wave: whether the wave still rolls against a unit at `distance` hexes, given the
/// distance of its first miss so far (units at the same distance as a miss may still be
/// rolled, none farther) and its wave range.
pub const fn wave_reaches(distance: u16, first_miss: Option<u16>, wave_range: u16) -> bool {
    if distance > wave_range {
        return false;
    }
    match first_miss {
        Some(m) => distance <= m,
        None => true,
    }
}

#[cfg(test)]
mod tests;
