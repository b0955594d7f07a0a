//! The crew phase's morale changes from one snapshot (seed 004 Stage 2: "During each phase,
//! orders are resolved simultaneously"; "Important Rule: Morale Changes", "Enemy Ship Loses
//! Power +1"): a fleet-wide event reaches the other side's ships in the same crew phase
//! whichever seat's ship caused it.

use super::{Battle, BattleState};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, PowerPlant, ShipDesign};
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::ShipState;

/// Ship 0 (side A) and ship 1 (side B), one power plant each, both at morale 0 with a
/// target of 5; the plant of ship `dark` goes offline before the crew phase's morale
/// changes. Returns the morale of the other ship afterwards.
fn enemy_morale_after_power_loss(dark: usize) -> i32 {
    let d = ShipDesign {
        plants: vec![PowerPlant {
            volume: 10.0,
            output: 10.0,
            fuel: 0.0,
        }],
        ..ShipDesign::bare("ship")
    };
    let mut a = ShipState::new(0, &d, Side::A, 100, 5);
    let mut b = ShipState::new(0, &d, Side::B, 100, 5);
    a.morale = 0;
    b.morale = 0;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![],
        },
        vec![d],
        vec![a, b],
        vec!["A1 ship".into(), "B1 ship".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("turret").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    for s in &mut st.ships {
        s.morale = 0;
        s.had[0] = true;
    }
    st.ships[dark].plant_off[0] = true;
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.morale_changes();
    // −1 for its own loss, then 1 toward its target (5 − 3 without power).
    assert_eq!(b.st.ships[dark].morale, 0);
    b.st.ships[1 - dark].morale
}

/// "Enemy Ship Loses Power +1" in the same crew phase for both seats: 0 + 1, drifting 1
/// toward 5. Before, side A's ship had already drifted when side B's ship lost power, so A
/// got its +1 a turn later (morale 1, not 2).
#[test]
fn an_enemy_power_loss_reaches_both_seats_in_the_same_crew_phase() {
    assert_eq!(enemy_morale_after_power_loss(0), 2);
    assert_eq!(enemy_morale_after_power_loss(1), 2);
}
