//! Hazardous propellants over whole turns ("Important Rule: Hazardous Propellants", "Stuff To
//! Do: Damage Control"): an untouched Dissolved Fissiles leak goes critical after two turns;
//! Damage Control fixes the leak, then cleans up before the countdown runs out.

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::crits::Crit;
use fleetlab_engine::rules::junction::design::{Catalogue, ShipDesign, Tank};
use fleetlab_engine::rules::junction::hazards::{Hazard, Propellant};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::{ShipState, Status};
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

fn design(crew: u32) -> ShipDesign {
    ShipDesign {
        tanks: vec![Tank {
            volume: 5.0,
            delta_v: 20.0,
            propellant: Propellant::DissolvedFissiles,
        }],
        crew,
        crew_mix: [crew, 0, 0],
        ..ShipDesign::bare("fission-tug")
    }
}

/// A fissile leak into `area` with the G17 countdown of 4 and a clean-up of 3 RP (5 volume).
fn leak(area: Crit) -> Hazard {
    Hazard {
        area: Some(area),
        propellant: Propellant::DissolvedFissiles,
        leaking: true,
        countdown: 4,
        mess: 3,
    }
}

fn matchup(mut a: ShipState, crew: u32, turns: u32) -> Matchup {
    let d = design(crew);
    let mut b = ShipState::new(0, &d, Side::B, 100, 0);
    a.pos = Hex::new(0, 0);
    b.pos = Hex::new(100, 0);
    Matchup::new(
        Catalogue::default(),
        vec![d],
        vec![a, b],
        vec!["A1 fission-tug".into(), "B1 fission-tug".into()],
        [
            Policy::preset("passive").unwrap(),
            Policy::preset("passive").unwrap(),
        ],
        HouseRules {
            turn_cap: turns,
            ..HouseRules::default()
        },
    )
}

fn play(m: &Matchup) -> (ShipState, [u32; 32]) {
    let mut state = Junction::new_state(m);
    let mut ships = [ShipTally::default(); 2];
    let out = Junction::play(
        m,
        &mut state,
        &mut ScriptedDice::new(&[]),
        &mut NoTrace,
        &mut ships,
    );
    (state.ships[0], out.sides[0].events)
}

/// "This gives you two turns to clean up all the leaked nuclear material before it goes
/// critical": with no crew for Damage Control, a leak into the magazine is at 2 after the
/// first crew phase (clean-up 3 → 6 RP) and goes critical in the second; "A Magazine or VLS
/// subjected to Criticality loses all its munitions".
#[test]
fn an_untouched_fissile_leak_goes_critical_in_the_second_crew_phase() {
    let d = design(20);
    let mut a = ShipState::new(0, &d, Side::A, 100, 0);
    a.leaks = 1;
    a.hazards[0] = leak(Crit::MagazineHit);
    a.magazine[0] = 8;
    let (s, ev) = play(&matchup(a, 20, 1));
    assert_eq!((s.hazards[0].countdown, s.hazards[0].mess), (2, 6));
    assert_eq!(s.magazine[0], 8);
    assert_eq!(ev[Event::Criticalities as usize], 0);
    let (s, ev) = play(&matchup(a, 20, 2));
    assert_eq!(s.magazine[0], 0);
    assert!(!s.hazards[0].counting());
    assert!(s.permanent(Crit::MagazineHit));
    assert_eq!(ev[Event::Criticalities as usize], 1);
}

/// A leak into the propellant itself going critical: "the entire ship is immediately
/// destroyed in a nuclear explosion" — side B wins by annihilation after turn 2.
#[test]
fn a_fissile_leak_into_the_propellant_destroys_the_ship_after_two_turns() {
    let d = design(20);
    let mut a = ShipState::new(0, &d, Side::A, 100, 0);
    a.leaks = 1;
    a.hazards[0] = leak(Crit::PropellantLeak);
    let m = matchup(a, 20, 10);
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let out = Junction::play(
        &m,
        &mut state,
        &mut ScriptedDice::new(&[]),
        &mut NoTrace,
        &mut ships,
    );
    assert_eq!(state.ships[0].status, Status::Destroyed);
    assert_eq!(out.turns, 2);
    assert_eq!(out.verdict, fleetlab_engine::outcome::Verdict::Win(Side::B));
}

/// Damage Control (100 crew: 48 at Damage Control Lv. 1 → 4 RP a turn) fixes the leak in
/// the first crew phase (5 tank volume → 2 RP) and banks 2 RP; the countdown still falls to
/// 2 and, the leak being fixed, the clean-up stays at 3 RP, which the second crew phase pays:
/// "Cleaning up all of the leaked propellant" ends the hazard (J22) — no criticality.
#[test]
fn damage_control_fixes_the_leak_then_cleans_up_in_time() {
    let d = design(100);
    let mut a = ShipState::new(0, &d, Side::A, 100, 0);
    a.leaks = 1;
    a.hazards[0] = leak(Crit::BreachMedbay);
    let (s, ev) = play(&matchup(a, 100, 1));
    assert_eq!(s.leaks, 0);
    assert_eq!(ev[Event::Repairs as usize], 1);
    assert_eq!(s.repair_points, 2);
    assert_eq!(
        (
            s.hazards[0].leaking,
            s.hazards[0].countdown,
            s.hazards[0].mess
        ),
        (false, 2, 3)
    );
    let (s, ev) = play(&matchup(a, 100, 3));
    assert_eq!(s.hazards[0], Hazard::default());
    assert_eq!(ev[Event::Criticalities as usize], 0);
}
