//! §11.2 shields in the battle: power, the defender's shield, deflection on the hit roll,
//! absorption and buffering on each volley, destruction. Each test cites the seed.

use super::super::defensive_fire::DfTally;
use super::super::design::{
    Config, DamageDice, ShieldCoverage, ShieldDesign, SystemKind, Tech, WeaponDesign,
};
use super::super::fire::attack::{Attack, Defences, resolve_attack};
use super::super::fire::hit_location::DefenderPick;
use super::super::fire::hit_roll::{HitRoll, hit_ways};
use super::super::fire::readings::{BufferRecharge, ShieldPartialDraw};
use super::super::matchup::Matchup;
use super::super::shields::ShieldPower;
use super::shields::{self, Guard, partial_draw};
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::rules::cold_infinity::Event;

/// The Reaper's fore missile racks (systems 5 and 6, fore section) and aft ones (12, 13).
pub(super) const FORE_SLOT: usize = 5;
const FORE_SLOT_2: usize = 6;
const AFT_SLOT: usize = 12;
/// The Reaper's reactor.
pub(super) const REACTOR: usize = 16;

/// An EM shield of `coverage` with Ratings `deflection`/`absorption`, power 2.
pub(super) fn shield(coverage: ShieldCoverage, deflection: u8, absorption: u8) -> ShieldDesign {
    ShieldDesign {
        coverage,
        tech: Tech::Electromagnetic,
        deflection,
        absorption,
        buffering: false,
        partial_power: true,
        layering: false,
        overload: false,
        power: 2,
    }
}

/// The Reaper duel with ship 0's design given `shields` in place of its racks (by system
/// index) and a reactor of `reactor` (its 8 runs the sensors and railguns with nothing spare).
pub(super) fn shielded(shields: &[(usize, ShieldDesign)], reactor: u16) -> Matchup {
    let mut m = reaper_duel();
    let mut other = m.designs[0].clone();
    for &(sys, s) in shields {
        m.designs[0].design.systems[sys].kind = SystemKind::Shield(s);
    }
    m.designs[0].design.systems[REACTOR].structure = reactor;
    // Ship 1 keeps the plain Reaper.
    other.design.name = "Reaper".into();
    m.designs.push(other);
    m.start[1].design = 1;
    m
}

/// A particle shot at ship 0's fore section (section 0).
pub(super) fn shot_at_fore(drm: i16) -> Shot {
    Shot {
        attacker: 1,
        mount: 0,
        target: 0,
        drm,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: 0,
        config: Config::Burst,
        range: 2,
        value: 1.0,
        follow: false,
    }
}

/// A particle weapon (meets armor and shields) with `damage`.
pub(super) fn particle(damage: DamageDice) -> WeaponDesign {
    let mut w = reaper_duel().designs[0].mounts[0].weapon;
    w.tech = Tech::Particle;
    w.damage = damage;
    w
}

/// Powered as the battle powers it on turn 1.
pub(super) fn powered(m: &Matchup) -> BattleState {
    let mut st = started(m);
    preliminary::power_allocation(m, &mut st, &mut Dice::for_battle(1, 2, 3));
    st
}

/// The guard against `shot` (start-of-phase: against the snapshot).
pub(super) fn guard_of(m: &Matchup, st: &mut BattleState, shot: &Shot, w: &WeaponDesign) -> Guard {
    for i in 0..st.ships.len() {
        let (snap, live) = (&mut st.snapshot[i], &st.damage[i]);
        snap.copy_from(live);
    }
    shields::guard(m, st, shot, w, true, &mut Dice::for_battle(1, 2, 3))
}

/// §11.2 ("Shields require considerable amounts of power") and §3.2: with its reactor at 8 a
/// Reaper runs its sensors (4) and railguns (4) and has nothing for a shield — it is off and
/// does nothing (§11.2.1: "When the shield is powered, it applies its deflection Rating"); at 10
/// the shield has its 2 and works.
#[test]
fn unpowered_shield_does_nothing_11_2() {
    let s = shield(ShieldCoverage::Arc, 2, 3);
    let w = particle(DamageDice::new(2, 6, 0));
    let m = shielded(&[(FORE_SLOT, s)], 8);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Off);
    assert!(!st.power[0][FORE_SLOT].active);
    assert_eq!(
        guard_of(&m, &mut st, &shot_at_fore(4), &w),
        Guard::default()
    );
    let m = shielded(&[(FORE_SLOT, s)], 10);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Full);
    assert_eq!(st.ships[0].spare_power, 0);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!(g.deflection, 2);
    assert_eq!(g.defences.absorb[0], 3);
    // §11.2.4: an arc shield protects only the section it sits in; never the core.
    assert_eq!(g.defences.absorb[1..], [0; 10]);
}

/// §11.2 partial power (half the Rating: deflection rounded down, §11.2.1; absorption "only
/// half of its Rating", house rule `halving`) and §11.2.8 over-load ("applying 1 point of
/// additional power … will increase its Ratings by 50% (rounded down)"); partial power is half
/// the requirement rounded up (house rule `shield_partial_draw`).
#[test]
fn partial_power_and_overload_11_2_8() {
    let s = ShieldDesign {
        power: 4,
        overload: true,
        ..shield(ShieldCoverage::Arc, 3, 5)
    };
    let w = particle(DamageDice::new(2, 6, 0));
    // 8 + 2: sensors and railguns take 8, 2 left: partial (half of 4).
    let m = shielded(&[(FORE_SLOT, s)], 10);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Partial);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.deflection, g.defences.absorb[0]), (1, 2));
    // 8 + 5: full (4) and one over-load point.
    let m = shielded(&[(FORE_SLOT, s)], 13);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Overloaded);
    assert_eq!(st.ships[0].spare_power, 0);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.deflection, g.defences.absorb[0]), (4, 7));
    // A shield that cannot work under partial power stays off with 2 of its 4.
    let m = shielded(
        &[(
            FORE_SLOT,
            ShieldDesign {
                partial_power: false,
                ..s
            },
        )],
        10,
    );
    assert_eq!(powered(&m).shields[0][0].power, ShieldPower::Off);
    assert_eq!(
        partial_draw(4, 2, ShieldPartialDraw::HalfRoundedUp),
        Some(2)
    );
    assert_eq!(partial_draw(5, 2, ShieldPartialDraw::HalfRoundedUp), None);
    assert_eq!(partial_draw(5, 2, ShieldPartialDraw::AnyShort), Some(2));
    assert_eq!(partial_draw(5, 9, ShieldPartialDraw::AnyShort), Some(4));
    assert_eq!(partial_draw(5, 0, ShieldPartialDraw::AnyShort), None);
}

/// §11.2.1 ("it applies its deflection Rating against the to-hit chance of incoming fire (as
/// a negative DRM)"): every one of the 216 ways three dice can fall, one shot at DRM 0 each,
/// through the battle's fire phase — the hits are exactly the 3d6 table's at DRM −2 with a
/// deflection-2 shield up, and at DRM 0 without.
#[test]
fn deflection_moves_the_hit_roll_exactly_11_2_1() {
    let hits = |reactor: u16| {
        let m = shielded(
            &[(FORE_SLOT, shield(ShieldCoverage::Encapsulating, 2, 0))],
            reactor,
        );
        let mut total = 0;
        for n in 0..216u32 {
            let mut st = powered(&m);
            st.shots.clear();
            st.shots.push(shot_at_fore(0));
            let mut script = vec![1u8; 600];
            script[..3].copy_from_slice(&[
                (n / 36) as u8 + 1,
                (n / 6 % 6) as u8 + 1,
                (n % 6) as u8 + 1,
            ]);
            let mut dice = ScriptedDice::new(&script);
            fire::resolve(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
            total += st.sides[1].events[Event::Hits as usize];
        }
        total
    };
    // The shield's power (2) is set directly here (the config adds §16.4.2.2's ⌈3/2⌉).
    assert_eq!(
        hits(8),
        hit_ways(0),
        "no power for the shield: no deflection"
    );
    assert_eq!(hits(10), hit_ways(-2));
    assert_ne!(hit_ways(0), hit_ways(-2));
}

/// §11.2.2 ("reduce the total damage of each volley by an amount equal to the shield's
/// absorption Rating"), §7.4.1 (shields before armor) and §8.2.1 (matter ignores armor, not
/// shields): a railgun hull hit of 5 on the fore section takes 5 hull unshielded and 5 − 3 = 2
/// behind an absorption-3 shield; the shielded ship takes less.
#[test]
fn shielded_ship_takes_less_11_2_2() {
    let m = shielded(&[(FORE_SLOT, shield(ShieldCoverage::Arc, 0, 3))], 10);
    let mut st = powered(&m);
    let w = m.designs[1].mounts[0].weapon; // the 1d6 railgun, matter
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    let hull_after = |defences: &Defences| {
        let d = &m.designs[0].design;
        let mut dmg = st.damage[0].clone();
        let attack = Attack {
            weapon: w,
            config: Config::Burst,
            range: 2,
            facing: 0,
            ablative_df: 0,
            called: None,
            tracked: None,
        };
        // Natural 15 − 1 → 14: hull; 1d6 = 5; decompression 1d3 = 2 (§13.2.2).
        let mut dice = ScriptedDice::new(&[5, 2]);
        let hit = HitRoll::new(15, -1);
        let r = &m.rules.fire;
        resolve_attack(
            d,
            &mut dmg,
            &mut dice,
            r,
            DefenderPick::MostLeft,
            &attack,
            hit,
            defences,
        );
        dmg.hull_damage[0]
    };
    assert_eq!(hull_after(&Defences::default()), 5);
    assert_eq!(hull_after(&g.defences), 2);
}

/// §11.2.2.1's example: "A weapon with the Anti-Shield enhancement does 50 points of damage
/// against a buffering shield that currently holds 80 absorption points. 40 points of damage
/// are absorbed by the shield (reducing it to 40 points) and 10 points of damage pass through
/// the shield and strike the unit." Through the battle's guard, one attack and the end of the
/// phase; then the recharge (house rule `buffer_recharge`, default its Rating per turn).
#[test]
fn buffering_shield_example_11_2_2_1() {
    let s = ShieldDesign {
        buffering: true,
        ..shield(ShieldCoverage::Arc, 0, 80)
    };
    let m = shielded(&[(FORE_SLOT, s)], 10);
    let mut st = powered(&m);
    let mut w = m.designs[1].mounts[0].weapon; // matter: no armor in the way
    w.damage = DamageDice::new(0, 6, 50);
    w.anti_shield = true;
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.defences.buffer, g.defences.buffer_sections), (40, 1));
    let attack = Attack {
        weapon: w,
        config: Config::Burst,
        range: 2,
        facing: 0,
        ablative_df: 0,
        called: None,
        tracked: None,
    };
    let d = &m.designs[0].design;
    let mut dice = ScriptedDice::new(&[2]); // decompression 1d3
    let out = resolve_attack(
        d,
        &mut st.damage[0],
        &mut dice,
        &m.rules.fire,
        DefenderPick::MostLeft,
        &attack,
        HitRoll::new(15, -1),
        &g.defences,
    );
    assert_eq!(out.buffer_used, 40);
    assert_eq!(st.damage[0].hull_damage[0], 10);
    shields::spend(&mut st, 0, &g, out.buffer_used, true);
    assert_eq!(
        st.shields[0][0].buffer, 80,
        "start-of-phase: lost at the end"
    );
    shields::end_phase(&mut st);
    assert_eq!(st.shields[0][0].buffer, 40);
    // Next turn's power allocation recharges it by its Rating, up to full.
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(st.shields[0][0].buffer, 80);
    let mut m2 = m.clone();
    m2.rules.fire.buffer_recharge = BufferRecharge::None;
    st.shields[0][0].buffer = 40;
    preliminary::power_allocation(&m2, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(st.shields[0][0].buffer, 40);
}

/// §11.2.9 ("When a weapon of the same type strikes a shield, treat the shield as if it were at
/// half strength"): an EM weapon meets an EM shield's 3/5 as 1/2 (halving down), a particle
/// weapon as 3/5.
#[test]
fn same_technology_halves_the_shield_11_2_9() {
    let m = shielded(&[(FORE_SLOT, shield(ShieldCoverage::Arc, 3, 5))], 10);
    let mut st = powered(&m);
    let mut w = particle(DamageDice::new(2, 6, 0));
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.deflection, g.defences.absorb[0]), (3, 5));
    w.tech = Tech::Electromagnetic;
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.deflection, g.defences.absorb[0]), (1, 2));
}

/// §11.2.7 ("Only one shield will deflect or absorb any given incoming shot … the defending
/// player must choose which shield does so"; "If all shields capable of defense against a shot
/// are enhanced in this way, then all of these shields act"): a fore arc shield 0/6 and an
/// encapsulating 3/0 both cover the fore section. Unlayered the defender takes the one leaving
/// the less expected damage; layered both act; a shot at the aft section meets only the
/// encapsulating one.
#[test]
fn layering_and_the_defenders_pick_11_2_7() {
    let arc = shield(ShieldCoverage::Arc, 0, 6);
    let enc = shield(ShieldCoverage::Encapsulating, 3, 0);
    let w = particle(DamageDice::new(2, 6, 0));
    let m = shielded(&[(FORE_SLOT, arc), (FORE_SLOT_2, enc)], 20);
    let mut st = powered(&m);
    assert!(st.shields[0].iter().all(|s| s.power != ShieldPower::Off));
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    // 2d6 (mean 7) against armor 4: absorption 6 leaves nothing expected; deflection 3 leaves
    // some.
    assert_eq!((g.deflection, g.defences.absorb[0]), (0, 6));
    let mut aft = shot_at_fore(4);
    aft.section = 1;
    let g = guard_of(&m, &mut st, &aft, &w);
    assert_eq!((g.deflection, g.defences.absorb[1]), (3, 0));
    let layered = |s: ShieldDesign| ShieldDesign {
        layering: true,
        ..s
    };
    let m = shielded(
        &[(FORE_SLOT, layered(arc)), (FORE_SLOT_2, layered(enc))],
        20,
    );
    let mut st = powered(&m);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!((g.deflection, g.defences.absorb[0]), (3, 6));
}

/// §13 / §7.4: a shield destroyed by hit location stops working — under `start-of-phase`
/// (§7.3) from the next phase (the shots of this one are located against its start), under
/// `marked-at-once` at once; and the next power allocation leaves it off.
#[test]
fn destroyed_shield_stops_working_13() {
    let m = shielded(
        &[(AFT_SLOT, shield(ShieldCoverage::Encapsulating, 2, 2))],
        14,
    );
    let mut st = powered(&m);
    let w = particle(DamageDice::new(2, 6, 0));
    let shot = shot_at_fore(4);
    for i in 0..st.ships.len() {
        let (snap, live) = (&mut st.snapshot[i], &st.damage[i]);
        snap.copy_from(live);
    }
    st.damage[0].system_damage[AFT_SLOT] = 10; // the rack slot's 10 structure: destroyed
    let mut dice = Dice::for_battle(1, 2, 3);
    let literal = shields::guard(&m, &st, &shot, &w, true, &mut dice);
    assert_eq!(
        literal.deflection, 2,
        "located against the start of the phase"
    );
    let marked = shields::guard(&m, &st, &shot, &w, false, &mut dice);
    assert_eq!(marked, Guard::default());
    preliminary::power_allocation(&m, &mut st, &mut dice);
    assert_eq!(st.shields[0][0].power, ShieldPower::Off);
}

/// A whole battle with a shielded ship is deterministic and the shield costs the enemy
/// damage: over 40 battles the shielded Reaper (an encapsulating 1/3 shield) takes less than
/// the same Reaper with the shield switched off by a short reactor (both with no power
/// spare).
#[test]
fn shielded_reaper_takes_less_in_battle() {
    let taken = |reactor: u16| {
        let m = shielded(
            &[(FORE_SLOT, shield(ShieldCoverage::Encapsulating, 1, 3))],
            reactor,
        );
        let mut total = 0u64;
        for b in 0..40 {
            let mut st = BattleState::for_matchup(&m);
            begin(&m, &mut st);
            let mut dice = Dice::for_battle(19, b, 0);
            while !turn(&m, &mut st, &mut dice, &mut crate::observer::NoTrace) {}
            total += u64::from(st.ships[0].taken);
        }
        total
    };
    let (on, off) = (taken(10), taken(8));
    assert!(on < off, "shielded {on} vs unpowered {off}");
    assert_eq!(on, taken(10), "same seed, same bits");
}
