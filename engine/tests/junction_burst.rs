//! Appendix 1 "Bomb-Pumped X-Ray Multiple Laser (Excalibur)" (seed line 321: "20 total Attack
//! power, divided between any number of targets within 10 hexes") in whole battle turns, under
//! J60's `excalibur_split = "pierce"`. A (`turret`) launches one light Excalibur (Center of
//! Mass, unjammed: it always hits) on turn 1 at B1, 8 hexes away on the q axis; B2 is one hex
//! beyond B1. The burst goes off in turn 2's firing phase; turn 2 is the last.

use fleetlab_engine::outcome::Side;
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, ShipDesign};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::{ExcaliburSplit, Policy};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Matchup};

mod common;

const INTEGRITY: f64 = common::HULK_INTEGRITY;

fn gw(name: &str, payload: Payload) -> GuidedDesign {
    GuidedDesign {
        name: name.into(),
        size: GwSize::Light,
        guidance: Guidance::CenterOfMass,
        payload,
        propulsion: Propulsion::LiquidFueledRocket,
        load: None,
    }
}

/// An armored hulk: Armor Value 100 (so the first hit never finds compromised armor) and
/// Protection `pr`.
fn target(name: &str, pr: f64) -> ShipDesign {
    ShipDesign {
        armor: 100.0,
        protection: pr,
        ..common::hulk(name)
    }
}

/// A1 with one light Excalibur against B1 (`pr1`) at (8, 0) and B2 (`pr2`) at (8, 1); with
/// `missiles`, B1 launches two light kinetics at A1 on turn 1 (side B `turret`, else
/// `passive`). Two turns.
fn play(
    split: ExcaliburSplit,
    pr1: f64,
    pr2: f64,
    missiles: bool,
) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![
            gw("excalibur", Payload::Excalibur),
            gw("kinetic", Payload::Kinetic),
        ],
    };
    let mut a = common::hulk("a");
    a.vls_volume = 1.0;
    a.magazine = vec![(0, 1)];
    let mut b1 = target("b1", pr1);
    if missiles {
        b1.vls_volume = 1.0;
        b1.magazine = vec![(1, 2)];
    }
    let designs = vec![a, b1, target("b2", pr2)];
    let mut ships = vec![
        ShipState::new(0, &designs[0], Side::A, 100, 0),
        ShipState::new(1, &designs[1], Side::B, 100, 0),
        ShipState::new(2, &designs[2], Side::B, 100, 0),
    ];
    for (s, at) in ships[1..].iter_mut().zip([Hex::new(8, 0), Hex::new(8, 1)]) {
        s.pos = at;
        s.prev_pos = at;
    }
    let attacker = Policy {
        excalibur_split: split,
        ..Policy::preset("turret").unwrap()
    };
    let defender = Policy::preset(if missiles { "turret" } else { "passive" }).unwrap();
    let m = Matchup::new(
        catalogue,
        designs,
        ships,
        vec!["A1".into(), "B1".into(), "B2".into()],
        [attacker, defender],
        HouseRules {
            turn_cap: 2,
            ..HouseRules::default()
        },
    );
    common::play(&m, 60)
}

/// Lost Integrity of ships A1, B1, B2.
fn lost(st: &BattleState) -> [f64; 3] {
    [0, 1, 2].map(|i| INTEGRITY - st.ships[i].integrity)
}

/// `single` (the default) puts all 20 AP on B1: 20 − Protection 4 = 16 lost.
#[test]
fn single_burst_puts_all_20_ap_on_its_target() {
    let (st, a, _) = play(ExcaliburSplit::Single, 4.0, 5.0, false);
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(lost(&st), [0.0, 16.0, 0.0]);
}

/// "Divided between any number of targets": 10 AP each pierce Protection 4 and 5 (6 and 5
/// lost); against Protection 10 a 10-AP share would not pierce, so B1 takes all 20.
#[test]
fn pierce_burst_divides_20_ap_over_two_ships() {
    let (st, a, _) = play(ExcaliburSplit::Pierce, 4.0, 5.0, false);
    assert_eq!(a[Event::GwHits as usize], 2);
    assert_eq!(lost(&st), [0.0, 6.0, 5.0]);
    let (st, a, _) = play(ExcaliburSplit::Pierce, 4.0, 10.0, false);
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(lost(&st), [0.0, 16.0, 0.0]);
}

/// Guided weapons are targets too: B1's two light kinetics (DUR 3), 8 hexes from the burst,
/// cost 6 AP and never reach A1; the other 14 AP are 7 for B1 and 7 for B2 (3 and 2 lost).
/// Under `single` they hit A1.
#[test]
fn pierce_burst_shoots_down_incoming_missiles_first() {
    let (st, a, b) = play(ExcaliburSplit::Pierce, 4.0, 5.0, true);
    assert_eq!(b[Event::Launches as usize], 2);
    assert_eq!(a[Event::PdKills as usize], 2);
    assert_eq!(b[Event::GwHits as usize], 0);
    assert_eq!(lost(&st), [0.0, 3.0, 2.0]);
    let (st, a, b) = play(ExcaliburSplit::Single, 4.0, 5.0, true);
    assert_eq!(a[Event::PdKills as usize], 0);
    assert_eq!(b[Event::GwHits as usize], 2);
    assert!(lost(&st)[0] > 0.0);
    assert_eq!(lost(&st)[1..], [16.0, 0.0]);
}
