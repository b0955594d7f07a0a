//! J69: whether a fleet-wide morale event reaches the ship it is about (issue 15 §4; G24;
//! seed 004 "Crew Phase" table, lines 235–246: "Friendly Ship Loses Power −1" fleet-wide,
//! "No Power −3!" ship-specific). A's ship 0 has just lost all power; A's ship 1 is fine.

use super::{Battle, BattleState};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::{FleetEventsReach, HouseRules};
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::ShipState;

/// Morale of A's ships after one morale step.
fn morale_after_power_loss(fleet_events_reach: FleetEventsReach) -> [i32; 2] {
    let dark = ShipDesign {
        plants: vec![],
        ..ShipDesign::bare("dark")
    };
    let lit = ShipDesign::bare("lit");
    let mut a0 = ShipState::new(0, &dark, Side::A, 100, 0);
    a0.had = [true, false, true];
    let mut a1 = ShipState::new(1, &lit, Side::A, 100, 0);
    a1.pos = Hex::new(0, 2);
    a1.had = [true, false, true];
    let mut b = ShipState::new(1, &lit, Side::B, 100, 0);
    b.pos = Hex::new(20, 0);
    b.had = [true, false, true];
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![],
        },
        vec![dark, lit],
        vec![a0, a1, b],
        vec!["A1".into(), "A2".into(), "B1".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("turret").unwrap(),
        ],
        HouseRules {
            fleet_events_reach,
            ..HouseRules::default()
        },
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 1;
    let mut dice = Dice::for_battle(7, 1, 1);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.morale_changes();
    [b.st.ships[0].morale, b.st.ships[1].morale]
}

/// J69 default (`whole-side`): the dark ship takes its own "Friendly Ship Loses Power" −1 and
/// drifts 1 toward its "No Power" target of −3: 0 − 1 − 1 = −2; its sister takes −1 and
/// drifts back toward 0.
#[test]
fn a_fleet_wide_event_reaches_the_ship_it_is_about() {
    assert_eq!(
        morale_after_power_loss(FleetEventsReach::WholeSide),
        [-2, 0]
    );
}

/// `other-ships`: "Friendly Ship" is another ship; the dark ship only drifts (−1).
#[test]
fn other_ships_spares_the_ship_it_is_about() {
    assert_eq!(
        morale_after_power_loss(FleetEventsReach::OtherShips),
        [-1, 0]
    );
}
