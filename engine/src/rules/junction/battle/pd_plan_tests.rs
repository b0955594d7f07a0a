//! J66: point defense planned over every salvo attacking in a phase (issue 15 §4; seed 004
//! line 93, "Guided weapon launches and attacks both provoke point defense", and line 101,
//! "Macron Guns can shoot targets equal to their Area Denial stat ... Both these weapons
//! divide their attack power by the number of targets engaged"). B's one Macron (12 AP, Area
//! Denial 4) faces two of A's salvos in its hex in the same firing phase: first (in launch
//! order) four light kinetics that barely move (DUR 3, 1 AP each against B), then two light
//! nuclear bombs (DUR 1, 200 AP).

use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::{HouseRules, PdAllocation};
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::{PdStance, Policy};
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

/// A salvo of `count` of catalogue entry `guided` from A's ship, in B's hex, moving at 1.
pub(super) fn salvo(guided: u16, count: u32) -> GwGroup {
    GwGroup {
        owner: 0,
        side: Side::A,
        guided,
        count,
        pos: Hex::new(5, 0),
        vel: Hex::new(1, 0),
        prev_pos: Hex::new(4, 0),
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
    }
}

/// Point defense of the phase as the attack step runs it (the plan, then salvo by salvo, no
/// attacks): the weapons left in each salvo.
fn left_after_point_defense(pd_allocation: PdAllocation) -> [u32; 2] {
    left_after(
        pd_allocation,
        [Payload::Kinetic, Payload::NuclearBomb],
        [4, 2],
    )
}

/// [`left_after_point_defense`] with other payloads and counts for the two salvos.
fn left_after(pd_allocation: PdAllocation, payloads: [Payload; 2], counts: [u32; 2]) -> [u32; 2] {
    let macron = DirectWeapon {
        name: "macron".into(),
        kind: WeaponKind::Macron { area_denial: 4 },
        ap: 12.0,
        ranges: [3, 6, 10],
        volume: 1.0,
        energy: 0.0,
    };
    let a_design = ShipDesign::bare("launcher");
    let b_design = ShipDesign {
        weapons: vec![0],
        ..ShipDesign::bare("gunboat")
    };
    let a = ShipState::new(0, &a_design, Side::A, 100, 0);
    let mut b = ShipState::new(1, &b_design, Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![macron],
            guided: vec![guided(payloads[0]), guided(payloads[1])],
        },
        vec![a_design, b_design],
        vec![a, b],
        vec!["A1 launcher".into(), "B1 gunboat".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy {
                pd: PdStance::WhenThreatened,
                ..Policy::preset("passive").unwrap()
            },
        ],
        HouseRules {
            pd_allocation,
            ..HouseRules::default()
        },
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    st.gws.push(salvo(0, counts[0]));
    st.gws.push(salvo(1, counts[1]));
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.plan_point_defense::<false>();
    b.point_defense(0, Side::B);
    b.point_defense(1, Side::B);
    [b.st.gws[0].count, b.st.gws[1].count]
}

/// J66 default: the Macron spreads its four shares of 3 AP over the phase, both nuclear bombs
/// first (each would take 200 AP), then two kinetics.
#[test]
fn point_defense_is_planned_over_the_phase() {
    assert_eq!(left_after_point_defense(PdAllocation::Phase), [2, 0]);
}

/// `pd_allocation = "salvo"` (fleetlab before J66): the kinetics attack first and take all four
/// shares; both nuclear bombs get through.
#[test]
fn salvo_by_salvo_point_defense_spends_everything_on_the_first_salvo() {
    assert_eq!(left_after_point_defense(PdAllocation::Salvo), [0, 2]);
}

/// A Neutron Bomb that would kill most of B's crew is worth all B has left, not "infinitely"
/// much: the Macron still spreads its four shares (two bombs and two mines), rather than
/// spending its whole Attack Power on one bomb because one and two infinite worths tie.
#[test]
fn deadly_neutron_bombs_do_not_stop_the_plan_counting() {
    assert_eq!(
        left_after(
            PdAllocation::Phase,
            [Payload::InertialMine, Payload::NeutronBomb],
            [2, 2]
        ),
        [0, 0]
    );
}
