//! The Junction crew phase in a whole battle turn: combat stations at deployment, casualties
//! split by the Medevac route, Medbay healing and Damage Control repairs ("Stuff To Do:
//! Combat Stations", "Stuff To Do: Damage Control").

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::design::{Catalogue, PowerPlant, ShipDesign};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::repairs::{self, Repair};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::stations::Station;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

fn design(crew: u32) -> ShipDesign {
    ShipDesign {
        // Two plants, so one offline still leaves power (no "No Power !" morale event).
        plants: vec![
            PowerPlant {
                volume: 1.5,
                output: 10.0,
                fuel: 0.0,
            },
            PowerPlant {
                volume: 1.0,
                output: 10.0,
                fuel: 0.0,
            },
        ],
        crew,
        crew_mix: [crew, 0, 0],
        ..ShipDesign::bare("tender")
    }
}

fn matchup(mut a: ShipState, designs: Vec<ShipDesign>) -> Matchup {
    let mut b = ShipState::new(0, &designs[0], Side::B, 100, 0);
    a.pos = Hex::new(0, 0);
    b.pos = Hex::new(100, 0);
    Matchup::new(
        Catalogue::default(),
        designs,
        vec![a, b],
        vec!["A1 tender".into(), "B1 tender".into()],
        [
            Policy::preset("passive").unwrap(),
            Policy::preset("passive").unwrap(),
        ],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    )
}

/// 90 fit crew: 20 man the CIC; the stations get Nerve Center 10, Engineering 10, Medevac 2
/// (2% of 100), Medbay 10 and Damage Control 38 (Lv. 1: 3 RP). In the crew phase 10
/// casualties split 60:40 (Medevac Lv. 1) into 6 WIA and 4 KIA, the Medbay (Lv. 1, 10 crew)
/// heals 5 of them, and 3 RP repair the 1.5-volume reactor (2 RP per volume, rounded up).
#[test]
fn crew_phase_splits_casualties_heals_and_repairs() {
    let designs = vec![design(100)];
    let mut a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    a.fit = [90, 0, 0];
    a.crew = 90;
    a.hurt = [10, 0, 0];
    a.plant_off[0] = true;
    let m = matchup(a, designs);
    let s = &m.start[0];
    assert_eq!(s.at(Station::NerveCenter), [10, 0, 0]);
    assert_eq!(s.at(Station::Medevac), [2, 0, 0]);
    assert_eq!(s.at(Station::DamageControl), [38, 0, 0]);
    assert_eq!(s.level(Station::DamageControl), 1);
    // Engineering Lv. 1 gives +1 acceleration, but only to a ship with drives of its own.
    assert!(s.boost[0]);
    assert_eq!(s.acceleration(&m.designs[0]), 0);
    assert_eq!(s.nerve, [1, 0]);
    assert_eq!(
        repairs::cost(Repair::Reactor(0), &m.designs[0], &m.catalogue),
        3
    );
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = ScriptedDice::new(&[]);
    let out = Junction::play(&m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    let s = &state.ships[0];
    assert_eq!(s.kia, 4);
    assert_eq!(s.wia, [1, 0, 0]);
    assert_eq!(s.fit, [95, 0, 0]);
    assert_eq!(s.crew, 95);
    assert!(!s.plant_off[0]);
    assert_eq!(s.repair_points, 0);
    let ev = &out.sides[0].events;
    assert_eq!(ev[Event::Wounded as usize], 6);
    assert_eq!(ev[Event::Killed as usize], 4);
    assert_eq!(ev[Event::Healed as usize], 5);
    assert_eq!(ev[Event::Repairs as usize], 1);
}

/// Repair Points short of the next repair's cost are banked (J12): a 2.5-volume reactor costs
/// 5 RP, so 3 RP a turn fix it in the second crew phase.
#[test]
fn repair_points_bank_toward_an_expensive_repair() {
    let mut d = design(100);
    d.plants[0].volume = 2.5;
    let designs = vec![d];
    let mut a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    a.fit = [90, 0, 0];
    a.crew = 90;
    a.plant_off[0] = true;
    let mut m = matchup(a, designs);
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let out = Junction::play(
        &m,
        &mut state,
        &mut ScriptedDice::new(&[]),
        &mut NoTrace,
        &mut ships,
    );
    assert!(state.ships[0].plant_off[0]);
    assert_eq!(state.ships[0].repair_points, 3);
    assert_eq!(out.sides[0].events[Event::Repairs as usize], 0);
    m.rules.turn_cap = 2;
    let out = Junction::play(
        &m,
        &mut state,
        &mut ScriptedDice::new(&[]),
        &mut NoTrace,
        &mut ships,
    );
    assert!(!state.ships[0].plant_off[0]);
    assert_eq!(state.ships[0].repair_points, 0);
    assert_eq!(out.sides[0].events[Event::Repairs as usize], 1);
}
