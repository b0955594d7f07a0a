//! Battle-level reload-rack tests (§9.2.4, §13.1.10, §2.5) on the hand-built Reaper duel: side
//! A's Reaper with one Harbinger rack (system 12) and a reload rack in its second aft rack's
//! place (system 13, magazine 40, structure 10).

use super::super::arcs::{ArcShape, FiringArc};
use super::super::design::DamageDice;
use super::super::geometry::ArcCentre;
use super::super::guided::magazine::Magazine;
use super::super::guided::mount::{MAX_TYPES, RackMount, ReloadMount};
use super::super::guided::types::{Munition, RackDesign};
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::observer::{NoTrace, Trace};

fn harbinger() -> Munition {
    Munition::missile(DamageDice::new(2, 6, 0), 10, 2)
}

fn mk_iia() -> Munition {
    Munition::missile(DamageDice::new(1, 6, 2), 8, 2)
}

/// The duel with A's rack holding `in_rack` Harbingers (of 40) and a reload rack of
/// `operations` operations loaded with `load` (0 = Harbinger, 1 = Mk IIA) in order.
fn reload_duel(in_rack: u16, operations: u8, load: &[(u8, u16)]) -> (Matchup, BattleState) {
    let mut m = reaper_duel();
    let mut armed = m.designs[0].clone();
    let mut rack_load = Magazine::default();
    if in_rack > 0 {
        rack_load.load(0, in_rack, 40).unwrap();
    }
    armed.racks = vec![RackMount {
        sys: 12,
        rack: RackDesign {
            magazine: 40,
            shots: 2,
            arming: 0,
            accuracy: 3,
            range_boost: 0,
        },
        arc: FiringArc {
            centre: ArcCentre::facing(4),
            shape: ArcShape::Turret,
            keel: false,
        },
        types: [harbinger(); MAX_TYPES],
        type_count: 1,
        load: rack_load,
        torpedo: None,
    }];
    armed.rack_missiles = vec![vec!["Harbinger Mk III".into()]];
    let mut reload = Magazine::default();
    for &(ty, n) in load {
        reload.load(ty, n, 40).unwrap();
    }
    let mut types = [harbinger(); MAX_TYPES];
    types[1] = mk_iia();
    armed.reloads = vec![ReloadMount {
        sys: 13,
        magazine: 40,
        operations,
        types,
        type_count: 2,
        load: reload,
    }];
    m.designs.push(armed);
    m.start[0].design = 1;
    let mut st = started(&m);
    st.turn = 1;
    (m, st)
}

/// §9.2.4: "A reload rack can supply any missile rack on the ship … limited by the number of
/// operations it may perform each turn": 3 operations move 3 Harbingers (36 → 39 in the rack,
/// 20 → 17 in the reload rack); next turn only 1 fits (the rack holds 40).
#[test]
fn reload_rack_loads_up_to_its_operations_9_2_4() {
    let (m, mut st) = reload_duel(36, 3, &[(0, 20)]);
    let mut trace = Trace::default();
    reload::final_actions(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut trace);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 39);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 17);
    assert!(
        trace.log.contains(
            "A1 Reaper's reload rack 1 loads 3 missile(s) into rack 1 (§9.2.4): 39 in the rack, \
             17 left"
        ),
        "{}",
        trace.log
    );
    reload::final_actions(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut NoTrace);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 40);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 16);
}

/// §9.2.4: "A reload rack will always load missiles from the top of its magazine": with a Mk
/// IIA on top — a type the ship's one rack does not hold — nothing moves, though Harbingers lie
/// beneath. With the Harbingers on top they move, the Mk IIAs stay.
#[test]
fn reload_rack_loads_from_its_top_9_2_4() {
    let (m, mut st) = reload_duel(10, 4, &[(1, 2), (0, 5)]);
    reload::final_actions(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut NoTrace);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 10);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 7);
    let (m, mut st) = reload_duel(10, 4, &[(0, 3), (1, 2)]);
    reload::final_actions(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut NoTrace);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 13);
    assert_eq!(st.guided.reloads[0][0].magazine.runs(), &[(1, 2)]);
}

/// An empty rack that a reload rack refills keeps its ship armed (`disarmed`); a destroyed
/// rack takes nothing.
#[test]
fn reload_rack_keeps_an_empty_rack_armed() {
    let (_, st) = reload_duel(0, 2, &[(0, 4)]);
    assert!(st.guided.loaded(0));
    let (m, mut st) = reload_duel(0, 2, &[(0, 4)]);
    st.guided.racks[0][0].destroyed = true;
    reload::final_actions(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut NoTrace);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 4);
    assert!(!st.guided.loaded(0));
}

/// §13.1.10 for a reload rack: 2 points of damage lower its capacity from 40 to 32 (the 36
/// missiles lose the last loaded 4, `lost_missiles = bottom`); its 1d6 roll (a 2) keeps it; a 1
/// destroys it and its missiles.
#[test]
fn damaged_reload_rack_13_1_10() {
    let (m, mut st) = reload_duel(40, 2, &[(0, 36)]);
    st.damage[0].system_damage[13] = 2;
    let rolls = [2u8];
    let mut scripted = ScriptedDice::new(&rolls);
    reload::final_actions(&m, &mut st, &mut scripted, &mut NoTrace);
    assert_eq!(scripted.used(), 1);
    assert!(!st.guided.reloads[0][0].destroyed);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 32);
    let (m, mut st) = reload_duel(40, 2, &[(0, 36)]);
    st.damage[0].system_damage[13] = 1;
    let rolls = [1u8];
    reload::final_actions(&m, &mut st, &mut ScriptedDice::new(&rolls), &mut NoTrace);
    assert!(st.guided.reloads[0][0].destroyed);
    assert_eq!(st.guided.reloads[0][0].magazine.total(), 0);
}
