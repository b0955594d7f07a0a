//! Burn models (house rule J24, policy): `lookahead` adds a relative-velocity term to the
//! `coast` score only while the ship closes in from beyond its kept distance.

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::design::{Catalogue, Drive, ShipDesign, Tank};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::{Burn, Policy};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{BattleState, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

/// The vector after one turn of a brawler without guns (keeps 3 hexes) with acceleration 3,
/// starting at `pos` with vector `vel`, against a hulk holding at the origin.
fn vector_after_one_turn(pos: Hex, vel: Hex, burn: Burn) -> Hex {
    vector_with_dice(pos, vel, burn, &[])
}

/// The same, with scripted dice for the ties between equally good burns (a roll of 1 takes
/// the burn found later, any other keeps the earlier one; `below(2)` on one d6).
fn vector_with_dice(pos: Hex, vel: Hex, burn: Burn, rolls: &[u8]) -> Hex {
    let mover = ShipDesign {
        drives: vec![Drive {
            volume: 1.0,
            thrust: 3,
            energy_per_hex: 0.0,
        }],
        tanks: vec![Tank {
            volume: 1.0,
            delta_v: 50.0,
            ..Tank::default()
        }],
        ..ShipDesign::bare("mover")
    };
    let designs = vec![mover, ShipDesign::bare("hulk")];
    let mut a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    a.pos = pos;
    a.prev_pos = pos;
    a.vel = vel;
    let b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    let mut policy = Policy::preset("brawler").unwrap();
    policy.burn = burn;
    let m = Matchup::new(
        Catalogue::default(),
        designs,
        vec![a, b],
        vec!["A1".into(), "B1".into()],
        [policy, Policy::preset("passive").unwrap()],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    );
    assert_eq!(m.keep[0], Some(3));
    let mut state = BattleState::for_matchup(&m);
    let mut ships = [ShipTally::default(); 2];
    Junction::play(
        &m,
        &mut state,
        &mut ScriptedDice::new(rolls),
        &mut NoTrace,
        &mut ships,
    );
    state.ships[0].vel
}

/// Closing in from 12 hexes at vector (4,1): `coast` burns 3 straight at the hulk (vector
/// (7,1): 5 hexes off after the move, then past it), `lookahead` sees the overshoot one turn
/// further and burns (1,−1) instead (vector (5,0)).
#[test]
fn lookahead_brakes_a_ship_closing_too_fast() {
    let (pos, vel) = (Hex::new(-12, 0), Hex::new(4, 1));
    assert_eq!(vector_after_one_turn(pos, vel, Burn::Coast), Hex::new(7, 1));
    assert_eq!(
        vector_after_one_turn(pos, vel, Burn::Lookahead),
        Hex::new(5, 0)
    );
}

/// Inside the kept distance (3 hexes off, vector (4,0) into the hulk) `lookahead` scores as
/// `coast`: both sidestep with a (0,−3) burn or its mirror image across the line of approach,
/// (−3,3), equally good, so the battle's dice choose (the unrestricted relative-velocity term
/// would brake straight back, (−3,0)).
#[test]
fn lookahead_scores_as_coast_inside_the_kept_distance() {
    let (pos, vel) = (Hex::new(-3, 0), Hex::new(4, 0));
    for burn in [Burn::Coast, Burn::Lookahead] {
        assert_eq!(vector_with_dice(pos, vel, burn, &[2]), Hex::new(4, -3));
        assert_eq!(vector_with_dice(pos, vel, burn, &[1]), Hex::new(1, 3));
    }
}
