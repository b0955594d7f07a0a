//! Sensor Uplink for guided weapons (issue 15 §4; seed line 87, "ECM and Jamming": "Per unit
//! volume of Sensor Uplink, a ship can assist five allied ships or guided weapons per turn in
//! this manner"; J65). Side A's salvo of twenty light Heat Seeking kinetics (Sensors 4) is in
//! the hex of B, whose ECM is 10: jammed, each misses half the time; A's ship (Sensors 20)
//! assists with 20 − 10 = 10, and an assisted weapon (14 > 10) is not jammed and always hits.

use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::Event;
use crate::rules::junction::design::{Catalogue, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::ShipState;

/// The salvo strikes once with A's ship carrying `uplink_volume`: (A's hits, assists given).
fn strike(uplink_volume: f64) -> (u32, u32) {
    let a_design = ShipDesign {
        uplink_volume,
        integrity: 1e6,
        ..ShipDesign::bare("uplink")
    };
    let b_design = ShipDesign {
        integrity: 1e6,
        armor: 0.0,
        protection: 0.0,
        ..ShipDesign::bare("target")
    };
    let mut a = ShipState::new(0, &a_design, Side::A, 100, 0);
    let mut b = ShipState::new(1, &b_design, Side::B, 100, 0);
    a.sensors = 20.0;
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    b.ecm = 10.0;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![GuidedDesign {
                name: "light heat-seeking kinetic".into(),
                size: GwSize::Light,
                guidance: Guidance::HeatSeeking,
                payload: Payload::Kinetic,
                propulsion: Propulsion::LiquidFueledRocket,
                load: None,
            }],
        },
        vec![a_design, b_design],
        vec![a, b],
        vec!["A1 uplink".into(), "B1 target".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("passive").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    st.gws.push(GwGroup {
        owner: 0,
        side: Side::A,
        guided: 0,
        count: 20,
        pos: Hex::new(5, 0),
        vel: Hex::new(3, 0),
        prev_pos: Hex::new(2, 0),
        delta_v: 10,
        burned: false,
        launched: 1,
        target: 1,
        contact: false,
        doomed: false,
        mass_driver: 0,
        committed: false,
        standoff: false,
        drone: false,
        decoys: 0,
        decoy_guided: 0,
        guns_fired: 0,
        pd_shots: 0,
        lines: 0,
    });
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut battle = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    battle.guided_attacks::<false>();
    (st.events[0][Event::GwHits as usize], st.ships[0].assists)
}

/// Four volumes of uplink assist all twenty weapons: every one hits. Before J65 guided
/// weapons took no assist and about half of them missed (10 of 20 hit on these dice).
#[test]
fn sensor_uplink_assists_allied_guided_weapons() {
    assert_eq!(strike(4.0), (20, 20));
}

/// One volume assists five weapons a turn; the other fifteen are jammed.
#[test]
fn sensor_uplink_assists_five_guided_weapons_per_volume() {
    let (hits, assists) = strike(1.0);
    assert_eq!(assists, 5);
    assert_eq!(hits, 5 + 8);
}

/// Without an uplink every weapon is jammed.
#[test]
fn without_an_uplink_guided_weapons_are_jammed() {
    assert_eq!(strike(0.0), (10, 0));
}
