//! Stage 0 objectives decide `Outcome.verdict`; `Outcome.standing` stays the last side
//! standing (here: the turn-cap measure, J6).

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::outcome::{Ending, ShipTally, Side, Verdict};
use fleetlab_engine::rules::junction::design::{Catalogue, Drive, ShipDesign, Tank};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::objectives::Objective;
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

fn design() -> ShipDesign {
    ShipDesign {
        drives: vec![Drive {
            volume: 1.0,
            thrust: 2,
            energy_per_hex: 0.0,
        }],
        tanks: vec![Tank {
            volume: 1.0,
            delta_v: 50.0,
            ..Tank::default()
        }],
        ..ShipDesign::bare("courier")
    }
}

fn matchup(objective: Objective, policies: [&str; 2], turns: u32) -> Matchup {
    let designs = vec![design()];
    let a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(0, &designs[0], Side::B, 100, 0);
    b.pos = Hex::new(60, 0);
    b.prev_pos = b.pos;
    Matchup {
        objective: Some(objective),
        ..Matchup::new(
            Catalogue::default(),
            designs,
            vec![a, b],
            vec!["A1 courier".into(), "B1 courier".into()],
            [
                Policy::preset(policies[0]).unwrap(),
                Policy::preset(policies[1]).unwrap(),
            ],
            HouseRules {
                turn_cap: turns,
                ..HouseRules::default()
            },
        )
    }
}

fn play(m: &Matchup) -> (fleetlab_engine::outcome::Outcome, ShipState) {
    let mut state = Junction::new_state(m);
    let mut ships = [ShipTally::default(); 2];
    let out = Junction::play(
        m,
        &mut state,
        &mut ScriptedDice::new(&[]),
        &mut NoTrace,
        &mut ships,
    );
    (out, state.ships[0])
}

/// Nobody fires: at the turn cap both fleets are whole, so the last-side-standing measure is
/// a draw, but only side A's ship is in the area: A holds it.
#[test]
fn hold_the_area_verdict_differs_from_standing() {
    let o = Objective::HoldTheArea {
        hex: Hex::new(0, 0),
        radius: 5,
    };
    let (out, _) = play(&matchup(o, ["passive", "passive"], 3));
    assert_eq!(out.ending, Ending::TurnLimit);
    assert_eq!(out.standing, Verdict::Draw);
    assert_eq!(out.verdict, Verdict::Win(Side::A));
}

/// The delivery ship (a brawler otherwise) steers for its delivery point 10 hexes away and
/// stays: after the hold time the runner's side wins; with too few turns the blockader does.
#[test]
fn blockade_runner_steers_for_the_delivery_point() {
    let o = Objective::BlockadeRun {
        ship: 0,
        hex: Hex::new(10, 0),
        radius: 1,
        hold_turns: 3,
    };
    let (out, a) = play(&matchup(o, ["brawler", "passive"], 20));
    assert!(a.pos.distance(Hex::new(10, 0)) <= 1, "{:?}", a.pos);
    assert_eq!(out.standing, Verdict::Draw);
    assert_eq!(out.verdict, Verdict::Win(Side::A));
    let (out, _) = play(&matchup(o, ["brawler", "passive"], 3));
    assert_eq!(out.verdict, Verdict::Win(Side::B));
}

/// J17: the completed delivery ends the battle: with a 20-turn cap the runner arrives, holds
/// three crew phases and the battle stops there (reported as `turn_limit`, verdict A).
#[test]
fn a_completed_delivery_ends_the_battle() {
    let o = Objective::BlockadeRun {
        ship: 0,
        hex: Hex::new(10, 0),
        radius: 1,
        hold_turns: 3,
    };
    let (out, _) = play(&matchup(o, ["brawler", "passive"], 20));
    assert!(out.turns < 20, "{}", out.turns);
    assert_eq!(out.ending, Ending::TurnLimit);
    assert_eq!(out.verdict, Verdict::Win(Side::A));
    // One turn earlier (hold time 4 with the same cap ending at the same turn) it has not.
    let (longer, _) = play(&matchup(
        Objective::BlockadeRun {
            ship: 0,
            hex: Hex::new(10, 0),
            radius: 1,
            hold_turns: 4,
        },
        ["brawler", "passive"],
        20,
    ));
    assert_eq!(longer.turns, out.turns + 1);
}
