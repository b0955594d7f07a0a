//! §11.2.5 point-defense shields in the battle: power like any shield, the target's powered,
//! intact point-defense shields going with each shot, destruction, the trace's words. Each
//! test cites the seed.

use super::super::design::{DamageDice, ShieldCoverage};
use super::super::fire::attack::{PointEvent, PointReach, PointShield};
use super::super::shields::ShieldPower;
use super::shield_tests::{FORE_SLOT, guard_of, particle, powered, shield, shielded, shot_at_fore};
use super::shields::PointWords;

/// The Reaper's bridge (core).
const BRIDGE: u16 = 14;

/// §11.2.5 with §3.2: a roaming point-defense shield (speed 9, absorption 3, power 2) in the
/// Reaper's fore section takes power as any shield — none with the reactor at 8, full at 10 —
/// and, powered, goes with a shot at the ship (no deflection: "always absorption shields"; no
/// section absorption: it acts only on a system it reaches, inside the attack).
#[test]
fn roaming_shield_powered_and_carried_11_2_5() {
    let s = shield(ShieldCoverage::PointRoaming(9), 0, 3);
    let w = particle(DamageDice::new(2, 6, 0));
    let m = shielded(&[(FORE_SLOT, s)], 8);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Off);
    assert_eq!(
        guard_of(&m, &mut st, &shot_at_fore(4), &w)
            .defences
            .point_count,
        0
    );
    let m = shielded(&[(FORE_SLOT, s)], 10);
    let mut st = powered(&m);
    assert_eq!(st.shields[0][0].power, ShieldPower::Full);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!(g.deflection, 0);
    assert_eq!(g.defences.absorb, [0; 11]);
    assert_eq!(g.defences.point_count, 1);
    assert_eq!(
        g.defences.points[0],
        PointShield {
            reach: PointReach::Roaming {
                section: 0,
                speed: 9
            },
            absorb: 3,
            layering: false,
        }
    );
}

/// §11.2.5 and §13: a stationary shield mounted fore and assigned to the bridge (a core system)
/// goes with a shot at any section; once its structure is gone it stops (from the next phase
/// under `start-of-phase`: the guard reads the snapshot).
#[test]
fn stationary_shield_destroyed_stops_11_2_5() {
    let s = shield(ShieldCoverage::PointStationary(BRIDGE), 0, 4);
    let w = particle(DamageDice::new(2, 6, 0));
    let m = shielded(&[(FORE_SLOT, s)], 10);
    let mut st = powered(&m);
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!(g.defences.point_count, 1);
    assert_eq!(g.defences.points[0].reach, PointReach::System(BRIDGE));
    assert_eq!(g.defences.points[0].absorb, 4);
    let structure = m.designs[0].design.systems[FORE_SLOT].structure;
    st.damage[0].system_damage[FORE_SLOT] = structure;
    let g = guard_of(&m, &mut st, &shot_at_fore(4), &w);
    assert_eq!(g.defences.point_count, 0);
}

/// The trace's words for §11.2.5's events.
#[test]
fn point_defense_trace_words() {
    let m = shielded(&[], 10);
    let d = &m.designs[0].design;
    let roam = PointEvent {
        shield: 0,
        sys: 15,
        roll: 7,
        speed: 9,
        reached: true,
        absorb: 2,
    };
    assert_eq!(
        PointWords(d, roam).to_string(),
        "the roaming shield reaches the engine (3d6 = 7 ≤ 9): absorbs 2"
    );
    let miss = PointEvent {
        roll: 12,
        reached: false,
        ..roam
    };
    assert_eq!(
        PointWords(d, miss).to_string(),
        "the roaming shield misses the engine (3d6 = 12 > 9)"
    );
    let fixed = PointEvent {
        sys: BRIDGE,
        roll: 0,
        speed: 0,
        absorb: 3,
        ..roam
    };
    assert_eq!(
        PointWords(d, fixed).to_string(),
        "the stationary shield on the bridge absorbs 3"
    );
}
