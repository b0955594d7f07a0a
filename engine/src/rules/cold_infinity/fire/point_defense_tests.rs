//! §11.2.5 point-defense shields inside one attack (`resolve_attack`, `point_absorb`): the
//! roaming shield's 3d6 against its speed Rating, the stationary shield on a core system, the
//! defender's one shield per volley (§11.2.7, house rule `point_defense_choice`). Each test
//! cites the seed.

use super::super::design::fixtures::{railgun, reaper};
use super::super::design::{Config, DamageDice, Tech};
use super::attack::{
    Attack, Defences, MAX_POINT, MAX_POINT_LOG, PointEvent, PointReach, PointShield, point_absorb,
    resolve_attack,
};
use super::hit_location::{DefenderPick, Struck};
use super::hit_roll::{HitRoll, THREE_D6_WAYS};
use super::readings::{PointDefenseChoice, Readings};
use crate::dice::ScriptedDice;
use crate::rules::cold_infinity::damage_state::ShipDamage;

/// The Reaper's fore thruster (fore section 0, structure 8, armor 4), fore-port thruster, and
/// bridge (core, structure 10, armor 6).
const FORE_THRUSTER: u16 = 0;
const FORE_PORT: u16 = 1;
const BRIDGE: u16 = 14;

/// A 2d6 particle shot called on `sys` (§7.6: it strikes there whatever the location roll).
fn called_on(sys: u16) -> Attack {
    let mut w = railgun();
    w.tech = Tech::Particle;
    w.damage = DamageDice::new(2, 6, 0);
    Attack {
        weapon: w,
        config: Config::Burst,
        range: 3,
        facing: 0,
        ablative_df: 0,
        called: Some(Struck::System { sys, column: 0 }),
        tracked: None,
    }
}

/// Defences with the point-defense shields `points`.
fn with_points(points: &[PointShield]) -> Defences {
    let mut d = Defences::NONE;
    d.points[..points.len()].copy_from_slice(points);
    d.point_count = points.len() as u8;
    d
}

/// Damage one attack marks (system points and overkill to hull) and the dice it drew.
fn marked(
    attack: &Attack,
    defences: &Defences,
    readings: &Readings,
    script: &[u8],
) -> (u16, usize) {
    let d = reaper();
    let mut s = ShipDamage::new(&d);
    let mut dice = ScriptedDice::new(script);
    // Natural 10 + 3 = 13: a hull-band hit, not halved; no catastrophe (natural below 15).
    let o = resolve_attack(
        &d,
        &mut s,
        &mut dice,
        readings,
        DefenderPick::MostLeft,
        attack,
        HitRoll::new(10, 3),
        defences,
    );
    (
        o.resolution.applied.taken + o.resolution.applied.overkill_to_hull,
        dice.used(),
    )
}

/// §11.2.5, exactly: a roaming shield of speed 9 and absorption 2 in the fore section against a
/// 2d6 volley on the fore thruster behind armor 4. Enumerating the damage dice and the
/// defender's 3d6 through `resolve_attack` gives what the closed form says — it reaches on 81
/// of 216 (3d6 ≤ 9) and takes 2 off the volley before armor: 81 × 56 + 135 × 112 = 19,656
/// 7,776ths, 2.53 points a shot against 3.11 (24,192) without the shield. The roll is drawn after the damage dice,
/// and only for a defender with a point-defense shield.
#[test]
fn roaming_shield_enumeration_11_2_5() {
    let roam = PointShield {
        reach: PointReach::Roaming {
            section: 0,
            speed: 9,
        },
        absorb: 2,
        layering: false,
    };
    let defences = with_points(&[roam]);
    let r = Readings::default();
    let attack = called_on(FORE_THRUSTER);
    let (mut with, mut without, mut formula) = (0u64, 0u64, 0u64);
    let reach: u64 = THREE_D6_WAYS[..=9].iter().map(|&w| u64::from(w)).sum();
    assert_eq!(reach, 81);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let dmg = u64::from(a + b);
            formula += reach * dmg.saturating_sub(2 + 4) + (216 - reach) * dmg.saturating_sub(4);
            let (n, used) = marked(&attack, &Defences::NONE, &r, &[a, b]);
            assert_eq!(used, 2, "no point-defense shield, no extra die");
            without += 216 * u64::from(n);
            for x in 1..=6u8 {
                for y in 1..=6u8 {
                    for z in 1..=6u8 {
                        let (n, used) = marked(&attack, &defences, &r, &[a, b, x, y, z]);
                        assert_eq!(used, 5);
                        with += u64::from(n);
                    }
                }
            }
        }
    }
    assert_eq!(with, formula);
    assert_eq!((with, without), (19_656, 24_192));
}

/// §11.2.5: "Stationary point defense shields are able to protect core systems under all
/// circumstances": a stationary shield of absorption 3 assigned to the bridge takes 3 off a
/// 6 + 6 volley before the core's armor 6 (12 → 9 → 3; 6 without it), rolling no die; a
/// volley at another system of the core meets no shield.
#[test]
fn stationary_shield_guards_a_core_system_11_2_5() {
    let guard = PointShield {
        reach: PointReach::System(BRIDGE),
        absorb: 3,
        layering: false,
    };
    let defences = with_points(&[guard]);
    let r = Readings::default();
    assert_eq!(marked(&called_on(BRIDGE), &defences, &r, &[6, 6]), (3, 2));
    assert_eq!(
        marked(&called_on(BRIDGE), &Defences::NONE, &r, &[6, 6]),
        (6, 2)
    );
    assert_eq!(marked(&called_on(15), &defences, &r, &[6, 6]), (6, 2));
}

/// §11.2.7 ("Only one shield will … absorb any given incoming shot … the defending player must
/// choose") with a section shield of 2 on the fore section and a stationary shield of 3 on the
/// fore thruster, a 6 + 6 volley at the thruster behind armor 4: `larger` (default) uses the
/// point-defense shield's 3 (12 → 5); `section-shield` keeps the arc shield's 2 (→ 6); with both
/// layered they add (→ 3); the fore-port thruster meets the arc shield only (→ 6).
#[test]
fn one_shield_per_volley_11_2_7() {
    let mut defences = with_points(&[PointShield {
        reach: PointReach::System(FORE_THRUSTER),
        absorb: 3,
        layering: true,
    }]);
    defences.absorb[0] = 2;
    let larger = Readings::default();
    let section = Readings {
        point_defense_choice: PointDefenseChoice::SectionShield,
        ..Readings::default()
    };
    let at = called_on(FORE_THRUSTER);
    assert_eq!(marked(&at, &defences, &larger, &[6, 6]).0, 5);
    assert_eq!(marked(&at, &defences, &section, &[6, 6]).0, 6);
    assert_eq!(
        marked(&called_on(FORE_PORT), &defences, &larger, &[6, 6]).0,
        6
    );
    defences.section_layering = true;
    assert_eq!(marked(&at, &defences, &larger, &[6, 6]).0, 3);
    assert_eq!(marked(&at, &defences, &section, &[6, 6]).0, 3);
}

/// §11.2.5 "Once an incoming shot has rolled for hit location, the defender rolls 3d6": one
/// roll per shield and location — a second volley at the same system (pulses, §8.1.2) reuses
/// it, a new system rolls again; a system outside the shield's section rolls nothing. Each
/// location is logged once for the trace.
#[test]
fn one_roll_per_location_11_2_5() {
    let defences = with_points(&[PointShield {
        reach: PointReach::Roaming {
            section: 0,
            speed: 9,
        },
        absorb: 2,
        layering: false,
    }]);
    let mut memo = [(u16::MAX, false); MAX_POINT];
    let mut log = ([PointEvent::default(); MAX_POINT_LOG], 0u8);
    // 3 + 3 + 3 = 9 ≤ 9: reaches; then 6 + 6 + 6 = 18 > 9 at the next system.
    let mut dice = ScriptedDice::new(&[3, 3, 3, 6, 6, 6]);
    let mut at = |sys, section, dice: &mut ScriptedDice| {
        point_absorb(&defences, sys, section, dice, &mut memo, &mut log)
    };
    assert_eq!(at(FORE_THRUSTER, 0, &mut dice), Some((2, false)));
    assert_eq!(at(FORE_THRUSTER, 0, &mut dice), Some((2, false)));
    assert_eq!(dice.used(), 3);
    assert_eq!(at(FORE_PORT, 0, &mut dice), None);
    assert_eq!(dice.used(), 6);
    assert_eq!(at(BRIDGE, 2, &mut dice), None);
    assert_eq!(dice.used(), 6);
    assert_eq!(log.1, 2);
    assert_eq!(
        log.0[0],
        PointEvent {
            shield: 0,
            sys: FORE_THRUSTER,
            roll: 9,
            speed: 9,
            reached: true,
            absorb: 2
        }
    );
    assert_eq!((log.0[1].roll, log.0[1].reached), (18, false));
}
