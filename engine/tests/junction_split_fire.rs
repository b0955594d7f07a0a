//! Laser split fire (seed "Direct Fire Weapons": "a laser can attack multiple targets up to
//! its Redundant Emitters stat, dividing its attack power between them"); the policy's
//! `laser_split` decides (house rule J41).

use fleetlab_engine::dice::{Dice, ScriptedDice};
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::{LaserSplit, Policy};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{BattleState, Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, Roller, RuleSystem};

/// A1 with one laser (`ap`, Redundant Emitters `re`, ranges 4/8/14) at the origin; B's passive
/// hulks at 2, 3 and 5 hexes with the given Protection Ratings (armor 100, Integrity 10,000).
fn matchup(ap: f64, re: u8, pr: [f64; 3], split: LaserSplit) -> Matchup {
    let cat = Catalogue {
        weapons: vec![DirectWeapon {
            name: "laser".into(),
            kind: WeaponKind::Laser {
                redundant_emitters: re,
            },
            ap,
            ranges: [4, 8, 14],
            volume: 1.0,
            energy: 0.0,
        }],
        guided: vec![],
    };
    let gunboat = ShipDesign {
        weapons: vec![0],
        ..ShipDesign::bare("gunboat")
    };
    let hulk = |pr: f64| ShipDesign {
        armor: 100.0,
        protection: pr,
        integrity: 10_000.0,
        ..ShipDesign::bare("hulk")
    };
    let designs = vec![gunboat, hulk(pr[0]), hulk(pr[1]), hulk(pr[2])];
    let ship = |k: u16, side, q| {
        let mut s = ShipState::new(k, &designs[usize::from(k)], side, 100, 0);
        s.pos = Hex::new(q, 0);
        s.prev_pos = s.pos;
        s
    };
    let start = vec![
        ship(0, Side::A, 0),
        ship(1, Side::B, 2),
        ship(2, Side::B, 3),
        ship(3, Side::B, 5),
    ];
    let mut a = Policy::preset("turret").unwrap();
    a.laser_split = split;
    Matchup::new(
        cat,
        designs,
        start,
        vec!["A1".into(), "B1".into(), "B2".into(), "B3".into()],
        [a, Policy::preset("passive").unwrap()],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    )
}

fn play(m: &Matchup, dice: &mut impl Roller) -> ([f64; 3], [f64; 3], u32) {
    let mut state = BattleState::for_matchup(m);
    let mut ships = [ShipTally::default(); 4];
    let out = Junction::play(m, &mut state, dice, &mut NoTrace, &mut ships);
    let armor = [1, 2, 3].map(|j| state.ships[j].armor);
    let integrity = [1, 2, 3].map(|j| state.ships[j].integrity);
    (
        armor,
        integrity,
        out.sides[0].events[Event::DirectHits as usize],
    )
}

/// A 20-AP laser with 2 Redundant Emitters splits 10 + 10 over the two nearest hulks (both
/// in Precision Targeting range, no miss chance); PR 10 takes each share off the Armor Value
/// only, so no die is rolled. The third hulk is beyond its emitters. Without the policy it
/// puts all 20 AP on the nearest (Integrity −10; its crit roll needs dice).
#[test]
fn a_laser_splits_its_attack_power_over_its_redundant_emitters() {
    let m = matchup(20.0, 2, [10.0; 3], LaserSplit::Always);
    let mut dice = ScriptedDice::new(&[]);
    let (armor, integrity, hits) = play(&m, &mut dice);
    assert_eq!(armor, [90.0, 90.0, 100.0]);
    assert_eq!(integrity, [10_000.0; 3]);
    assert_eq!(hits, 2);
    assert_eq!(dice.used(), 0);

    let m = matchup(20.0, 2, [10.0; 3], LaserSplit::Never);
    let (armor, integrity, hits) = play(&m, &mut Dice::for_battle(3, 0, 0));
    assert_eq!(armor, [90.0, 100.0, 100.0]);
    assert_eq!(integrity, [9_990.0, 10_000.0, 10_000.0]);
    assert_eq!(hits, 1);
}

/// `pierce` splits only as far as every share still beats the chosen targets' PR: a 30-AP
/// laser with 3 emitters against PR 9, 9, 12 splits in two (15 > 9), not three (10 ≤ 12);
/// `always` splits in three (10 AP each: 1 Integrity off each PR-9 hulk, and the PR-12 one
/// loses 10 Armor Value only).
#[test]
fn pierce_splits_only_while_each_share_beats_the_armor() {
    let m = matchup(30.0, 3, [9.0, 9.0, 12.0], LaserSplit::Pierce);
    let (armor, integrity, hits) = play(&m, &mut Dice::for_battle(3, 0, 0));
    assert_eq!(armor, [91.0, 91.0, 100.0]);
    assert_eq!(integrity, [9_994.0, 9_994.0, 10_000.0]);
    assert_eq!(hits, 2);

    let m = matchup(30.0, 3, [9.0, 9.0, 12.0], LaserSplit::Always);
    let (armor, integrity, hits) = play(&m, &mut Dice::for_battle(3, 0, 0));
    assert_eq!(armor, [91.0, 91.0, 90.0]);
    assert_eq!(integrity, [9_999.0, 9_999.0, 10_000.0]);
    assert_eq!(hits, 3);
}
