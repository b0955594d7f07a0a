//! Point-defense launches in whole battle turns (Appendix 1 Excalibur: "can be used for Point
//! Defense, even if not launched before the firing phase on which it is needed"; J35). A
//! launches a salvo of four kinetics at B, 5 hexes away, on turn 1; B has no guns, only two
//! light Excaliburs (20 AP "divided between any number of targets within 10 hexes").

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::Catalogue;
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{GwSize, Payload};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

mod common;

/// A's salvo of four `size` kinetics against B's two light Excaliburs, one turn.
fn play(size: GwSize) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![
            common::gw(size, Payload::Kinetic),
            common::gw(GwSize::Light, Payload::Excalibur),
        ],
    };
    let designs = vec![
        common::launcher("a", vec![(0, 4)]),
        common::launcher("b", vec![(1, 2)]),
    ];
    let a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        catalogue,
        designs,
        vec![a, b],
        vec!["A1 launcher".into(), "B1 defender".into()],
        [
            Policy {
                salvo: 4,
                ..Policy::preset("turret").unwrap()
            },
            Policy {
                salvo: 0,
                ..Policy::preset("brawler").unwrap()
            },
        ],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    );
    assert!(m.pd_launches);
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = Dice::for_battle(5, 35, 1);
    let out = Junction::play(&m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (state, out.sides[0].events, out.sides[1].events)
}

/// Four light kinetics (DUR 3) at 5 hexes: one Excalibur's 20 AP over four targets is 5 each,
/// enough for all four; B launches one and keeps the other.
#[test]
fn excalibur_launched_as_point_defense_destroys_a_light_salvo() {
    let (st, a, b) = play(GwSize::Light);
    assert_eq!(a[Event::Launches as usize], 4);
    assert_eq!(b[Event::Launches as usize], 1);
    assert_eq!(b[Event::PdKills as usize], 4);
    assert_eq!(st.ships[1].magazine[0], 1);
    assert!(st.gws.is_empty());
}

/// Heavy kinetics have DUR 24: 20 AP cannot destroy one, so B keeps its Excaliburs.
#[test]
fn excalibur_is_not_wasted_on_a_salvo_it_cannot_hurt() {
    let (st, _, b) = play(GwSize::Heavy);
    assert_eq!(b[Event::Launches as usize], 0);
    assert_eq!(st.ships[1].magazine[0], 2);
    assert_eq!(st.gws.len(), 1);
}
