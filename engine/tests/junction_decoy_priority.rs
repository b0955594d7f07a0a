//! J32 review: "Decoys can also be fired as part of a guided weapon salvo; in this role, enemy
//! point defense will always prioritize the Decoys. For this purpose, Light Decoys have DUR 4
//! and Heavy Decoys have DUR 32" (Appendix 1 "Decoy", seed line 321). A fires two light
//! kinetics (DUR 3) with two heavy decoys (DUR 32) at B, 2 hexes away; B's Macron (12 AP over
//! up to 4 targets) fires point defense at the launch.

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::{DecoyPriority, HouseRules};
use fleetlab_engine::rules::junction::parts::{GwSize, Payload};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

mod common;

fn play(priority: DecoyPriority) -> (BattleState, [u32; 32], [u32; 32]) {
    let macron = DirectWeapon {
        name: "macron".into(),
        kind: WeaponKind::Macron { area_denial: 4 },
        ap: 12.0,
        ranges: [2, 5, 8],
        volume: 1.0,
        energy: 0.0,
    };
    let catalogue = Catalogue {
        weapons: vec![macron],
        guided: vec![
            common::gw(GwSize::Light, Payload::Kinetic),
            common::gw(GwSize::Heavy, Payload::Decoy),
        ],
    };
    let designs = vec![
        ShipDesign {
            vls_volume: 1.0,
            magazine: vec![(0, 2), (1, 2)],
            ..common::hulk("launcher")
        },
        ShipDesign {
            weapons: vec![0],
            ..common::hulk("defender")
        },
    ];
    let a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    b.pos = Hex::new(2, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        catalogue,
        designs,
        vec![a, b],
        vec!["A1 launcher".into(), "B1 defender".into()],
        [
            Policy {
                salvo: 2,
                salvo_decoys: 2,
                ..Policy::preset("turret").unwrap()
            },
            Policy {
                salvo: 0,
                ..Policy::preset("pd-screen").unwrap()
            },
        ],
        HouseRules {
            turn_cap: 1,
            decoy_priority: priority,
            ..HouseRules::default()
        },
    );
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = Dice::for_battle(5, 32, 1);
    let out = Junction::play(&m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (state, out.sides[0].events, out.sides[1].events)
}

/// J32 `strict` (default): the Macron must engage the decoys, cannot destroy one (12 < 32) and
/// holds its fire: the salvo flies on untouched.
#[test]
fn strict_decoy_priority_makes_heavy_decoys_shield_the_salvo() {
    let (st, a, b) = play(DecoyPriority::Strict);
    assert_eq!(a[Event::Launches as usize], 4); // two kinetics, two decoys
    assert_eq!(b[Event::PdKills as usize], 0);
    assert_eq!(st.gws.len(), 1);
    assert_eq!((st.gws[0].count, st.gws[0].decoys), (2, 2));
}

/// J32 `killable`: a weapon that cannot destroy any decoy engages the warheads instead: 12 AP
/// over the two kinetics (6 ≥ DUR 3) destroys both; the decoys fly on alone.
#[test]
fn killable_decoy_priority_lets_weak_point_defense_engage_the_warheads() {
    let (st, _, b) = play(DecoyPriority::Killable);
    assert_eq!(b[Event::PdKills as usize], 2);
    assert!(st.gws.is_empty());
}
