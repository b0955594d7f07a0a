//! Tests of §8.1 configurations, with the seed's worked examples.

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
        &mut |st, v, _: &mut ScriptedDice| armor(4)(st, v),
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
