//! Golden tests of system batteries in the Power Allocation Phase (§3.1.4), on the Reaper duel
//! with a system battery on its last railgun.

use super::super::design::SystemKind;
use super::super::movement::readings::BatteryStart;
use super::super::power::SystemBatteryDesign;
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::Dice;
use crate::observer::Trace;

/// The Reaper's reactor (system 16, structure 8) and sensors (17, 4 power).
const REACTOR: usize = 16;
const SENSORS: usize = 17;
/// The railgun with the battery: the last of the four mounts.
const MOUNT: usize = 3;

/// The Reaper duel with a `capacity`/`convert` system battery on ship 0's last railgun, its
/// sensors drawing `sensors` power and its reactor `reactor` structure.
fn battery_reaper(
    (capacity, convert): (i32, i32),
    sensors: u8,
    reactor: u16,
    start: BatteryStart,
) -> Matchup {
    let mut m = reaper_duel();
    m.rules.movement.battery_start = start;
    let bd = &mut m.designs[0];
    let sys = bd.mounts[MOUNT].sys;
    bd.batteries.push(SystemBatteryDesign {
        sys,
        mount: MOUNT as u16,
        capacity,
        convert,
    });
    bd.design.systems[SENSORS].kind = SystemKind::Sensors {
        boost_cost: 4,
        power: sensors,
    };
    bd.design.systems[REACTOR].structure = reactor;
    m
}

/// One Power Allocation Phase: ship 0's system battery charge, whether it powers its railgun,
/// and whether every railgun is on.
fn allocate(m: &Matchup, st: &mut BattleState, dice: &mut Dice) -> (i32, bool, bool) {
    preliminary::power_allocation(m, st, dice);
    let b = st.batteries[0][0];
    let all_on = st.ships[0].arming[..4].iter().all(|a| a.active);
    (b.now.battery.charge, b.powering, all_on)
}

/// §3.1.4's efficient 5/1 (seed: "extremely efficient but have low capacity (e.g., a Rating
/// of 5/1)"; "that system may be powered by the system battery or another power plant, at the
/// player's discretion"): with its reactor down to 7 of the 8 its sensors and railguns need,
/// the full battery powers the last railgun, 1 a turn, for five turns; then the railgun is
/// off. With the reactor whole again and 2 power to spare (sensors of 2), the plants power the
/// railgun and the spare refills the battery 1:1, 2 a turn, then goes to the engine.
#[test]
fn example_3_1_4_efficient_5_1_powers_its_railgun_when_the_reactor_falls_short() {
    let m = battery_reaper((5, 1), 4, 8, BatteryStart::Full);
    let mut st = started(&m);
    assert_eq!(st.batteries[0][0].now.battery.charge, 5, "battery_start");
    st.damage[0].system_damage[REACTOR] = 1;
    let mut dice = Dice::for_battle(1, 2, 3);
    let turns: Vec<_> = (0..6).map(|_| allocate(&m, &mut st, &mut dice)).collect();
    assert_eq!(
        turns,
        [
            (4, true, true),
            (3, true, true),
            (2, true, true),
            (1, true, true),
            (0, true, true),
            (0, false, false),
        ]
    );
    assert!(!st.ships[0].arming[MOUNT].active && st.ships[0].arming[2].active);
    let m = battery_reaper((5, 1), 2, 8, BatteryStart::Empty);
    let mut st = started(&m);
    let turns: Vec<_> = (0..4).map(|_| allocate(&m, &mut st, &mut dice)).collect();
    assert_eq!(
        turns,
        [
            (2, false, true),
            (4, false, true),
            (5, false, true),
            (5, false, true)
        ]
    );
    assert_eq!(st.ships[0].spare_power, 2, "full: the spare enriches again");
}

/// §3.1.4's inefficient 50/5 (seed: "highly inefficient with great capacity (e.g., a Rating of
/// 50/5)"): from empty, a reactor of 10 with 5 to spare stores 1 point a turn — full after 50
/// turns and 250 power (§3.1.3: k power a point); 4 to spare stores nothing.
#[test]
fn example_3_1_4_inefficient_50_5_takes_250() {
    let m = battery_reaper((50, 5), 1, 10, BatteryStart::Empty);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    let mut diverted = 0;
    for turn in 1..=52 {
        preliminary::power_allocation(&m, &mut st, &mut dice);
        diverted += 5 - st.ships[0].spare_power;
        assert_eq!(st.batteries[0][0].now.battery.charge, turn.min(50));
    }
    assert_eq!(diverted, 250);
    let m = battery_reaper((50, 5), 1, 9, BatteryStart::Empty);
    let mut st = started(&m);
    preliminary::power_allocation(&m, &mut st, &mut dice);
    assert_eq!(st.batteries[0][0].now.battery.charge, 0);
    assert_eq!(st.ships[0].spare_power, 4);
}

/// §3.1.4 (seed: "instantly destroyed on the first hit to the attached system, taking one point
/// of damage"): a point of damage on another system leaves the battery; the first point on its
/// railgun takes it and its charge (traced), and the railgun falls back on the plants — with
/// the reactor short, it is off.
#[test]
fn system_battery_lost_with_its_weapons_first_damage_3_1_4() {
    let m = battery_reaper((5, 1), 4, 8, BatteryStart::Full);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.damage[0].system_damage[REACTOR] = 1;
    assert_eq!(allocate(&m, &mut st, &mut dice), (4, true, true));
    let sys = usize::from(m.designs[0].mounts[MOUNT].sys);
    st.damage[0].system_damage[sys] = 1;
    st.turn = 2;
    assert_eq!(allocate(&m, &mut st, &mut dice), (0, false, false));
    let b = st.batteries[0][0];
    assert!(b.now.destroyed);
    assert_eq!(b.lost_turn, 2);
    let mut obs = Trace::default();
    system_batteries::trace_turn(&m, &st, &mut obs);
    assert!(
        obs.log
            .contains("system battery lost with the weapon's first damage (§3.1.4)"),
        "{}",
        obs.log
    );
    st.damage[0].system_damage[REACTOR] = 0;
    st.turn = 3;
    assert_eq!(allocate(&m, &mut st, &mut dice), (0, false, true));
    assert_eq!(
        st.ships[0].spare_power, 0,
        "nothing is stored in a lost battery"
    );
}

/// A whole battle with a system battery is the same from a fresh state and from a reused one
/// (`begin` refills the battery), and its trace names the draws.
#[test]
fn system_battery_battle_is_repeatable() {
    let m = battery_reaper((5, 1), 4, 7, BatteryStart::Full);
    let run = |st: &mut BattleState| {
        let mut dice = Dice::for_battle(7, 0, 0);
        let mut obs = Trace::default();
        begin(&m, st);
        while !turn(&m, st, &mut dice, &mut obs) {}
        obs.log
    };
    let mut st = BattleState::for_matchup(&m);
    let first = run(&mut st);
    let again = run(&mut st);
    assert_eq!(first, again);
    assert!(
        first.contains("powered by its system battery (4/5 left, §3.1.4)"),
        "{first}"
    );
}
