//! Gun-armed guided weapons fire point defense (issue 15 §4; seed 004 line 99, "Ships and
//! gun-armed guided weapons can attempt to shoot down enemy guided weapons before they manage
//! to hit"; line 101, "The guided weapon must be within the Guaranteed Hit range of the weapon
//! in question"). B's ship has no guns; B's salvo of three light Chemical Lasers (1 AP,
//! 3/5/7: Guaranteed Hit 5) flies 4 hexes from B, aimed at A's ship far away; A's salvo of
//! two light nuclear bombs (DUR 1) attacks B in its hex.

use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::ShipState;

fn guided(payload: Payload) -> GuidedDesign {
    GuidedDesign {
        name: format!("light {payload:?}"),
        size: GwSize::Light,
        guidance: Guidance::CenterOfMass,
        payload,
        propulsion: Propulsion::LiquidFueledRocket,
        load: None,
    }
}

fn salvo(side: Side, owner: u8, guided: u16, count: u32, pos: Hex, target: u8) -> GwGroup {
    GwGroup {
        owner,
        side,
        guided,
        count,
        pos,
        vel: Hex::new(0, 0),
        prev_pos: pos,
        delta_v: 10,
        burned: false,
        launched: 1,
        target,
        contact: false,
        doomed: false,
        mass_driver: 0,
        committed: false,
        standoff: guided == 1,
        drone: false,
        decoys: 0,
        decoy_guided: 0,
        guns_fired: 0,
        pd_shots: 0,
        lines: 0,
    }
}

/// The nuclear bombs left after B's point defense, in turn 3, when B's lasers last fired at
/// a ship in turn `guns_fired` (0: never).
fn nukes_left(guns_fired: u32) -> u32 {
    // A carries the lasers in its magazine so the matchup knows gun-armed salvos fly.
    let a_design = ShipDesign {
        vls_volume: 1.0,
        magazine: vec![(1, 1)],
        ..ShipDesign::bare("launcher")
    };
    let mut a = ShipState::new(0, &a_design, Side::A, 100, 0);
    a.pos = Hex::new(-30, 0);
    a.prev_pos = a.pos;
    let mut b = ShipState::new(0, &a_design, Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![guided(Payload::NuclearBomb), guided(Payload::ChemicalLaser)],
        },
        vec![a_design],
        vec![a, b],
        vec!["A1 launcher".into(), "B1 launcher".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("turret").unwrap(),
        ],
        HouseRules::default(),
    );
    assert!(m.gun_salvos);
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 3;
    st.gws.push(salvo(Side::A, 0, 0, 2, Hex::new(5, 0), 1));
    st.gws.push(GwGroup {
        guns_fired,
        ..salvo(Side::B, 1, 1, 3, Hex::new(9, 0), 0)
    });
    let mut dice = Dice::for_battle(7, 1, 3);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.point_defense(0, Side::B);
    b.st.gws[0].count
}

/// Seed line 99: the lasers shoot both bombs down (before, only ships defended: 2 left).
#[test]
fn gun_armed_guided_weapons_fire_point_defense() {
    assert_eq!(nukes_left(0), 0);
    assert_eq!(nukes_left(1), 0, "fired two turns ago: free again");
}

/// Seed line 99: "provided they were not fired in any role aside from point defense last
/// turn" — lasers that fired at a ship last turn do not defend.
#[test]
fn gun_armed_guided_weapons_that_attacked_last_turn_do_not_defend() {
    assert_eq!(nukes_left(2), 2);
}
