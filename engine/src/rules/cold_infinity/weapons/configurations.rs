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
/// `called` is the target of a called shot, if any.
#[allow(clippy::too_many_arguments)]
pub fn resolve_pulse(
    ctx: &HitContext,
    damage: &mut ShipDamage,
    dice: &mut impl Roller,
    hit: HitRoll,
    facing: usize,
    weapon_damage: DamageDice,
    rating: PulseRating,
    per_roll: impl Fn(u16) -> u16,
    called: Option<Struck>,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
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
    let n = systems.clone().filter(|&s| counted(s, damage)).count() as u16;
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
    let dmg = after_band(rolled, t.hit.band, ctx.rules.double_hull);
    let net = mitigate(struck, dmg);
    mark(
        ctx.design,
        damage,
        struck,
        net,
        t.hit.band,
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
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::super::super::design::{
        ArmorKind, SectionDesign, SystemDesign, SystemKind, Tech, TechSet, ThrusterRole,
    };
    use super::super::super::fire::hit_location::RECONSTRUCTION;
    use super::super::super::fire::hit_roll::THREE_D6_WAYS;
    use super::*;
    use crate::dice::ScriptedDice;

    fn ctx<'a>(design: &'a ShipDesign, readings: &'a Readings, tech: Tech) -> HitContext<'a> {
        HitContext {
            design,
            chart: &RECONSTRUCTION,
            pick: DefenderPick::FirstListed,
            rules: ShotRules::for_tech(tech, readings),
            readings,
        }
    }

    fn armor(a: u16) -> impl FnMut(Struck, u16) -> u16 {
        move |_, v| v.saturating_sub(a)
    }

    /// §8.1.2 example: pulse Rating 5/4 — ≤14 → 1, 15–18 → 2, 19–22 → 3, 23–26 → 4, 27+ → 5.
    #[test]
    fn example_8_1_2_pulse_5_over_4() {
        let r = PulseRating {
            max: 5,
            interval: 4,
            bonus_die: 0,
        };
        let count = |roll| pulse_count(r, roll, 0, PulseBonus::AddsPulses);
        for roll in 3..=14 {
            assert_eq!(count(roll), 1, "{roll}");
        }
        for (lo, hi, n) in [(15, 18, 2), (19, 22, 3), (23, 26, 4), (27, 40, 5)] {
            for roll in lo..=hi {
                assert_eq!(count(roll), n, "{roll}");
            }
        }
        // Bonus die: adds pulses (capped) or adds to the roll.
        assert_eq!(pulse_count(r, 15, 2, PulseBonus::AddsPulses), 4);
        assert_eq!(pulse_count(r, 15, 4, PulseBonus::AddsPulses), 5);
        assert_eq!(pulse_count(r, 15, 2, PulseBonus::AddsToRoll), 2);
        assert_eq!(pulse_count(r, 15, 4, PulseBonus::AddsToRoll), 3);
    }

    /// §8.1.2: the pulse-count distribution for a 5/4 weapon at DRM +2, by enumeration of the
    /// 3d6 pulse roll, against hand counts from the example's bands.
    #[test]
    fn pulse_count_distribution_is_exact() {
        let r = PulseRating {
            max: 5,
            interval: 4,
            bonus_die: 0,
        };
        let mut ways = [0u32; 6];
        for n in 3..=18i16 {
            ways[usize::from(pulse_count(r, n + 2, 0, PulseBonus::AddsPulses))] +=
                THREE_D6_WAYS[n as usize];
        }
        // Roll+2 ≤ 14 ← n ≤ 12: 1+3+6+10+15+21+25+27+27+25 = 160; 15–18 ← 13–16: 21+15+10+6 =
        // 52; 19–20 ← 17–18: 3+1 = 4.
        assert_eq!(ways, [0, 160, 52, 4, 0, 0]);
    }

    /// §8.1.2 pulse resolution: pulses on one system, each meeting armor; damage per pulse.
    #[test]
    fn pulse_resolves_on_one_location() {
        let d = reaper();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        // Natural 12 with DRM +4 → 16 (row 15–16 → Weapon, railgun #1, structure 2).
        let hit = HitRoll::new(12, 4);
        // Pulse roll 6+6+6 = 18 + 4 = 22 → 3 pulses of a 4/4; damage 5, 5, 5 against armor 4.
        let mut dice = ScriptedDice::new(&[6, 6, 6, 5, 5, 5]);
        let rating = PulseRating {
            max: 4,
            interval: 4,
            bonus_die: 0,
        };
        let res = resolve_pulse(
            &c,
            &mut s,
            &mut dice,
            hit,
            0,
            DamageDice::new(1, 6, 0),
            rating,
            |r| r,
            None,
            &mut armor(4),
        );
        assert_eq!(res.applied.taken, 2);
        assert_eq!(res.applied.overkill_to_hull, 1);
        assert_eq!(dice.used(), 6);
    }

    /// §8.1.5: a piercing hit of 20 on the Reaper's forward section: 6 + remainder 2 = 8 to the
    /// entry (mitigated), 6 to the core and 6 to the aft section (not mitigated, default);
    /// each further section one column right. No overkill.
    #[test]
    fn piercing_splits_over_three_sections() {
        let d = reaper();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        // Modified 16, row 15–16: Tl, Ca, We, Th, Sh, Se, En, Re, Br, Ot.
        let hit = HitRoll::new(12, 4);
        let res = resolve_piercing(&c, &mut s, hit, 0, 20, &mut armor(4));
        // Entry: weapon (column 2), 8 − 4 = 4 on a railgun of 2 → 2 lost (no overkill).
        assert_eq!(s.system_damage[3], 2);
        // Core from column 3: Th, Sh absent, Sensors (col 5) takes 6.
        assert_eq!(s.system_damage[17], 6);
        // Aft from column 6: En, Re, Br absent, Other absent → hull (fixed reading) takes 6.
        assert_eq!(s.hull_damage[1], 6);
        assert_eq!(res.applied.lost, 2);
        assert_eq!(s.hull_damage[0], 0, "no overkill");
        // Alternative: every share meets its own armor (core 6, aft 4).
        let alt = Readings {
            piercing_armor: PiercingArmor::EverySection,
            ..Readings::default()
        };
        let c2 = ctx(&d, &alt, Tech::Particle);
        let mut s2 = ShipDamage::new(&d);
        let mut by_section = |st: Struck, v: u16| {
            let a = [4u16, 4, 6][super::super::super::fire::damage::section_of(&d, st)];
            v.saturating_sub(a)
        };
        resolve_piercing(&c2, &mut s2, hit, 0, 20, &mut by_section);
        assert_eq!(s2.system_damage[17], 0);
        assert_eq!(s2.hull_damage[1], 2);
    }

    /// §8.1.5: shares for missing sections are lost (1-section ship: ⅓ + remainder lands);
    /// a destroyed section's share is lost.
    #[test]
    fn piercing_loses_missing_and_destroyed_shares() {
        let mut d = reaper();
        d.sections = vec![SectionDesign {
            pos: SectionPos::Single,
            armor: 0,
            armor_kind: ArmorKind::Standard,
            hull: 20,
            systems: 0..18,
        }];
        d.mass_tenths = 90;
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        let res = resolve_piercing(&c, &mut s, HitRoll::new(10, 3), 0, 20, &mut armor(0));
        assert_eq!(res.applied.taken, 8);
        assert_eq!(res.applied.lost, 12);
        let d = reaper();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        s.hull_damage[1] = 20;
        let res = resolve_piercing(&c, &mut s, HitRoll::new(10, 3), 0, 20, &mut armor(0));
        assert_eq!(s.hull_damage[0], 8);
        assert_eq!(s.hull_damage[2], 6);
        assert_eq!(res.applied.lost, 6);
    }

    /// §7.4.1.3 slicing example: a slicing weapon rolls 23 — the chart is ignored, damage is
    /// applied evenly to the section's systems, and damage to destroyed systems is lost.
    #[test]
    fn example_7_4_1_3_slicing_rolls_23() {
        let d = reaper();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        s.system_damage[3] = 2; // railgun #1 destroyed
        // 7 systems forward; 30 → 4 each, 2 lost as remainder, 4 lost on the railgun.
        let res = resolve_slicing(&c, &mut s, HitRoll::new(13, 10), 0, 30, &mut armor(0));
        assert_eq!(s.system_damage, {
            let mut v = vec![4, 4, 4, 2, 2, 4, 4];
            v.extend([0; 11]);
            v
        });
        assert_eq!(
            res.applied.lost,
            2 + 4 + 2,
            "remainder, destroyed share, overkill"
        );
        assert_eq!(s.hull_damage[0], 0, "no overkill, no pass-through");
        // Hull result: half (rounded down) to hull, the rest over the systems.
        let mut s = ShipDamage::new(&d);
        resolve_slicing(&c, &mut s, HitRoll::new(13, 0), 0, 15, &mut armor(0));
        assert_eq!(s.hull_damage[0], 7);
        assert_eq!(s.system_damage[0], 1);
        // Alternative split: intact systems only.
        let alt = Readings {
            slicing_split: SlicingSplit::IntactOnly,
            ..Readings::default()
        };
        let c = ctx(&d, &alt, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        s.system_damage[3] = 2;
        resolve_slicing(&c, &mut s, HitRoll::new(13, 10), 0, 30, &mut armor(0));
        assert_eq!(s.system_damage[0], 5);
    }

    /// §8.1.7 enveloping: the Reaper's two outer sections take half each, sliced; the core none.
    #[test]
    fn enveloping_splits_over_outer_sections() {
        let d = reaper();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Radiation);
        let mut s = ShipDamage::new(&d);
        let res = resolve_enveloping(&c, &mut s, HitRoll::new(13, 5), 29, &mut armor(0));
        // 29 → 14 per section (1 lost); 14 over 7 systems = 2 each.
        assert_eq!(s.system_damage[..14], [2; 14]);
        assert_eq!(s.system_damage[14..], [0; 4]);
        assert_eq!(res.applied.lost, 1);
    }

    /// A section holding a thruster, a bridge, sensors and a weapon, for example (A).
    fn example_a_ship() -> ShipDesign {
        let mut d = reaper();
        d.systems = vec![
            SystemDesign {
                kind: SystemKind::Thruster(ThrusterRole::Fore),
                structure: 12,
            },
            SystemDesign {
                kind: SystemKind::Bridge { tl: 1, flag: false },
                structure: 12,
            },
            SystemDesign {
                kind: SystemKind::Sensors {
                    boost_cost: 4,
                    power: 4,
                },
                structure: 12,
            },
            SystemDesign {
                kind: SystemKind::Weapon(super::super::super::design::fixtures::railgun()),
                structure: 12,
            },
        ];
        d.sections[0].systems = 0..4;
        d.sections[1].systems = 4..4;
        d.sections[2].systems = 4..4;
        d.armor_specializations = TechSet::NONE;
        d
    }

    /// §7.4.1.3 example (A): a slashing weapon, slashing Rating 10, rolls 20 and does 32: the
    /// volleys of 10, 10, 10 and 2 hit the thruster, the bridge, the sensors and a weapon.
    #[test]
    fn example_7_4_1_3_a_slashing_32_in_volleys_of_10() {
        let d = example_a_ship();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        resolve_slashing(&c, &mut s, HitRoll::new(14, 6), 0, 32, 10, &mut armor(0));
        assert_eq!(s.system_damage, vec![10, 10, 10, 2]);
    }

    /// §8.1.4: a volley on a destroyed system hits hull; a hull result puts every volley on
    /// hull, each reduced by armor.
    #[test]
    fn slashing_destroyed_system_and_hull_result() {
        let d = example_a_ship();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        s.system_damage[1] = 12; // bridge destroyed
        resolve_slashing(&c, &mut s, HitRoll::new(14, 6), 0, 20, 10, &mut armor(0));
        assert_eq!(s.system_damage[0], 10);
        assert_eq!(s.hull_damage[0], 10);
        let mut s = ShipDamage::new(&d);
        resolve_slashing(&c, &mut s, HitRoll::new(14, 0), 0, 22, 10, &mut armor(3));
        assert_eq!(s.hull_damage[0], 7 + 7, "volleys 10, 10, 2 each less 3");
    }

    /// §8.1.6 flare: excess spills right as a new volley (armor again by default); hull result
    /// acts as Burst.
    #[test]
    fn flare_spills_right() {
        let d = example_a_ship();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Radiation);
        let mut s = ShipDamage::new(&d);
        // Row 19–20: thruster (12) takes 20 − 2 = 18 → 12, spill 6 − 2 = 4 to the bridge.
        let res = resolve_flare(&c, &mut s, HitRoll::new(14, 6), 0, 20, &mut armor(2));
        assert_eq!(s.system_damage, vec![12, 4, 0, 0]);
        assert_eq!(res.applied.lost, 0);
        assert_eq!(s.hull_damage[0], 0);
        let alt = Readings {
            flare_spill: FlareSpill::SingleVolley,
            ..Readings::default()
        };
        let c = ctx(&d, &alt, Tech::Radiation);
        let mut s = ShipDamage::new(&d);
        resolve_flare(&c, &mut s, HitRoll::new(14, 6), 0, 20, &mut armor(2));
        assert_eq!(s.system_damage, vec![12, 6, 0, 0]);
        // Destroyed first system: shift right to an intact one rather than pass to the core.
        let c = ctx(&d, &r, Tech::Radiation);
        let mut s = ShipDamage::new(&d);
        s.system_damage[0] = 12;
        resolve_flare(&c, &mut s, HitRoll::new(14, 6), 0, 5, &mut armor(0));
        assert_eq!(s.system_damage[1], 5);
    }

    /// §8.1.9 tracking chart, exact over every roll and Rating.
    #[test]
    fn tracking_turns_chart() {
        for roll in -5..=30i16 {
            let want: u8 = match roll {
                ..=13 => 1,
                14..=16 => 2,
                17..=19 => 3,
                _ => 4,
            };
            for rating in 1..=6u8 {
                assert_eq!(tracking_turns(roll, rating), want.min(rating));
            }
        }
    }

    /// §8.1.9: a tracking hit lasts the rolled turns, hits the same system type moving one
    /// column right each turn, and stops when a condition fails.
    #[test]
    fn tracking_over_turns() {
        let d = example_a_ship();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        // To-hit natural 14 + 6 = 20 (row 19–20: Th, Br, Se, We); tracking roll 5+5+5+6 = 21
        // → 4 turns, capped at Rating 3.
        let mut dice = ScriptedDice::new(&[5, 5, 5]);
        let mut t = start_tracking(&mut dice, HitRoll::new(14, 6), 0, 3);
        assert_eq!(t.turns, 3);
        for _ in 0..3 {
            assert!(tracking_continues(&t, true, true, true));
            tracking_turn(&c, &mut s, &mut t, 4, &mut armor(0));
        }
        assert!(!tracking_continues(&t, true, true, true));
        assert_eq!(s.system_damage, vec![4, 4, 4, 0]);
        assert!(!tracking_continues(
            &Tracking { done: 0, ..t },
            false,
            true,
            true
        ));
    }

    /// §8.1.8: after a miss, units at the same distance are still rolled, farther ones not.
    #[test]
    fn wave_sequence_stops_after_a_miss() {
        let hits = [true, false, true, true];
        let n = wave_sequence(&[1, 2, 2, 3], 5, |i| hits[i]);
        assert_eq!(n, 3);
        assert_eq!(wave_sequence(&[1, 2, 6], 5, |_| true), 2);
    }

    /// §8.1.8: the wave rolls nearest first, stops after a miss except at the same distance,
    /// and never past its range.
    #[test]
    fn wave_reach() {
        assert!(wave_reaches(0, None, 0));
        assert!(!wave_reaches(1, None, 0));
        assert!(wave_reaches(3, Some(3), 5));
        assert!(!wave_reaches(4, Some(3), 5));
    }

    /// §8.1.1 burst on a hull 11–12: halved, rounded up, armor after.
    #[test]
    fn burst_half_hull() {
        let d = reaper();
        let r = Readings::default();
        let c = ctx(&d, &r, Tech::Particle);
        let mut s = ShipDamage::new(&d);
        let res = resolve_burst(&c, &mut s, HitRoll::new(11, 0), 0, 9, &mut armor(4));
        assert_eq!(res.applied.taken, 1);
        assert_eq!(res.hull_hit_directly, 1);
    }
}
