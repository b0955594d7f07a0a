//! Golden tests of capacitors and batteries in the Power Allocation Phase (§3.1.2–3), on the
//! Reaper duel with its power plant swapped.

use super::super::design::SystemKind;
use super::super::movement::readings::{BatteryStart, CapacitorStart};
use super::super::policy::keep_range;
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::Dice;

/// The Reaper's reactor (system 16), sensors (17), first railgun (3, mount 0), a missile rack
/// (6).
const REACTOR: usize = 16;
const SENSORS: usize = 17;
const RAILGUN: usize = 3;
const RACK: usize = 6;

/// The Reaper rebuilt as §3.1.2's example: a 30/10 capacitor (structure 15, §13.1.4: capacity
/// twice the structure) in place of the reactor, basic systems (sensors) of 10 power, one
/// 4-power weapon (the first railgun; the other three are cargo). `keep` sets how far it
/// keeps ([`super::super::policy::capacitor_engaged`]: engaged within six times that).
fn capacitor_reaper(keep: i32) -> Matchup {
    let mut m = reaper_duel();
    let bd = &mut m.designs[0];
    bd.design.systems[REACTOR].kind = SystemKind::Capacitor { recharge: 10 };
    bd.design.systems[REACTOR].structure = 15;
    bd.design.systems[SENSORS].kind = SystemKind::Sensors {
        boost_cost: 4,
        power: 10,
    };
    let mut weapon = bd.mounts[0].weapon;
    weapon.power = 4;
    bd.mounts.truncate(1);
    bd.mounts[0].weapon = weapon;
    bd.mount_names.truncate(1);
    bd.design.systems[RAILGUN].kind = SystemKind::Weapon(weapon);
    for s in [4, 10, 11] {
        bd.design.systems[s].kind = SystemKind::CargoHangar;
    }
    bd.keep = keep;
    assert_eq!(keep_range(&bd.mounts), 2);
    m
}

/// One Power Allocation Phase; ship 0's charge after it, and whether its sensors and its
/// weapon are on.
fn allocate(m: &Matchup, st: &mut BattleState, dice: &mut Dice) -> (i32, bool, bool) {
    preliminary::power_allocation(m, st, dice);
    let on = |s: usize| st.power[0][s].active;
    (st.ships[0].capacitor_charge, on(SENSORS), on(RAILGUN))
}

/// §3.1.2 example (seed: "a capacitor rated at 30/10 that has basic systems requiring a total
/// of 10 power … fires a weapon that requires 4 power … at the end of the turn the unit will
/// have 16 power, which recharges to 26 … If the unit fires this weapon once every turn for
/// four more turns, the capacitor will drain to zero … it will have to deactivate 4 points'
/// worth of basic systems (such as sensors) for a full turn"): engaged, the ship spends 14 a
/// turn — 16, 12, 8, 4, 0 at the turns' ends — then with 10 (not the 14 a shot needs) it
/// switches its sensors off for a turn (whole: a system is on or off, so all 10 points) and
/// fires again on the 20 it has next turn (6 left, 16 after the recharge: once more).
#[test]
fn example_3_1_2_capacitor_drains_then_recharges() {
    let m = capacitor_reaper(100);
    let mut st = started(&m);
    assert_eq!(
        st.ships[0].capacitor_charge, 30,
        "starts full (capacitor_start)"
    );
    let mut dice = Dice::for_battle(1, 2, 3);
    let turns: Vec<_> = (0..8).map(|_| allocate(&m, &mut st, &mut dice)).collect();
    assert_eq!(
        turns,
        [
            (16, true, true),
            (12, true, true),
            (8, true, true),
            (4, true, true),
            (0, true, true),
            (10, false, false),
            (6, true, true),
            (2, true, true),
        ]
    );
    assert_eq!(st.ships[0].spare_power, 0, "a capacitor buys no enrichment");
}

/// §3.1.2 policy: out of the fight (nearest enemy, 24 hexes off, beyond six bands of 1) a capacitor ship
/// spends no more than it recharges, powering its basic systems and holding a full capacitor;
/// `capacitor_start = empty` begins on the recharge alone.
#[test]
fn capacitor_holds_its_charge_out_of_the_fight() {
    let m = capacitor_reaper(1);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    for _ in 0..3 {
        assert_eq!(allocate(&m, &mut st, &mut dice), (20, true, false));
    }
    let mut m = capacitor_reaper(1);
    m.rules.movement.capacitor_start = CapacitorStart::Empty;
    let mut st = started(&m);
    assert_eq!(st.ships[0].capacitor_charge, 0);
    assert_eq!(allocate(&m, &mut st, &mut dice), (0, true, false));
    assert_eq!(allocate(&m, &mut st, &mut dice), (0, true, false));
}

/// §3.1.2 (seed: "Damaged capacitors lose power output at a rate of 2 points for every point of
/// damage"): 3 points on the 30/10 leave 24 to hold; a full charge is cut to it.
#[test]
fn damaged_capacitor_holds_less_3_1_2() {
    let m = capacitor_reaper(100);
    let mut st = started(&m);
    st.damage[0].system_damage[REACTOR] = 3;
    let mut dice = Dice::for_battle(1, 2, 3);
    assert_eq!(allocate(&m, &mut st, &mut dice), (24 - 14, true, true));
    assert_eq!(st.condition[0].capacitor, (24, 10));
}

/// The Reaper with a 20/2 battery (structure 20) in place of a missile rack and sensors of 2
/// power, so its reactor (8) has 2 spare each turn.
fn battery_reaper(start: BatteryStart) -> Matchup {
    let mut m = reaper_duel();
    let bd = &mut m.designs[0];
    bd.design.systems[RACK].kind = SystemKind::Battery { convert: 2 };
    bd.design.systems[RACK].structure = 20;
    bd.design.systems[SENSORS].kind = SystemKind::Sensors {
        boost_cost: 4,
        power: 2,
    };
    m.rules.movement.battery_start = start;
    m
}

/// §3.1.3 example (seed: "A battery with a capacity Rating of 20 and a convert Rating of 2 …
/// in order to fill the battery, a reactor would need to send 40 points of power to it"): an
/// empty 20/2 battery takes the reactor's 2 spare points a turn as 1 stored point, full after
/// 20 turns and 40 points; then the reactor's spare goes to the engine again.
#[test]
fn example_3_1_3_battery_20_2_takes_40() {
    let m = battery_reaper(BatteryStart::Empty);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    let mut diverted = 0;
    for turn in 1..=22 {
        preliminary::power_allocation(&m, &mut st, &mut dice);
        diverted += 2 - st.ships[0].spare_power;
        assert_eq!(st.ships[0].battery_charge, turn.min(20));
    }
    assert_eq!(diverted, 40);
    assert_eq!(st.ships[0].spare_power, 2);
}

/// §3.1.3 (seed: "a battery's power may be used to activate or boost a system, in place of
/// another power plant's energy"; "Damaged batteries lose maximum capacity at a rate of 1
/// battery point for every point of damage"): with its reactor down to 4 of 8 the Reaper's
/// sensors and railguns (6) draw 2 a turn from the full battery, every system still on;
/// 5 points on the battery cut what it holds to its 15.
#[test]
fn battery_powers_what_the_damaged_reactor_cannot_3_1_3() {
    let m = battery_reaper(BatteryStart::Full);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.damage[0].system_damage[REACTOR] = 4;
    let mut charges = Vec::new();
    for _ in 0..3 {
        preliminary::power_allocation(&m, &mut st, &mut dice);
        charges.push(st.ships[0].battery_charge);
        assert!(st.ships[0].arming[..4].iter().all(|a| a.active));
        assert!(st.power[0][SENSORS].active);
    }
    assert_eq!(charges, [18, 16, 14]);
    st.damage[0].system_damage[RACK] = 5;
    preliminary::power_allocation(&m, &mut st, &mut dice);
    assert_eq!(st.ships[0].battery_charge, 14 - 2);
    st.damage[0].system_damage[RACK] = 10;
    preliminary::power_allocation(&m, &mut st, &mut dice);
    assert_eq!(
        st.ships[0].battery_charge,
        10 - 2,
        "clipped to 10, then 2 drawn"
    );
}
