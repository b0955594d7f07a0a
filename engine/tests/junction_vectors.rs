//! Digest §3 test vectors that need a whole battle turn (the others are unit tests next to
//! the rule they test, named `vector_*`).

use fleetlab_engine::RuleSystem;
use fleetlab_engine::rules::junction::design::{
    Catalogue, DirectWeapon, PowerPlant, ShipDesign, WeaponKind,
};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::{Event, Junction};

mod common;

fn design(
    name: &str,
    armor: f64,
    protection: f64,
    integrity: f64,
    weapons: Vec<usize>,
) -> ShipDesign {
    ShipDesign {
        armor,
        protection,
        integrity,
        // Some power, so neither ship has the "No Power !" morale event.
        plants: vec![PowerPlant {
            volume: 1.0,
            output: 1.0,
            fuel: 0.0,
        }],
        weapons,
        ..ShipDesign::bare(name)
    }
}

/// Digest §3 vector 5 (sync fire): three lasers of AP 10 at Precision Targeting range,
/// unjammed, against the ship of vector 1 (PR 10, AV 100, Integrity 200) make one 30-AP hit:
/// AV 90, Integrity 180; crit 100% × 3 = 300% → exactly 3 crits on the table the attacker
/// picks (no d3, no extra-crit roll: only the three d20 entry rolls use dice).
#[test]
fn vector_5_sync_fire() {
    let laser = DirectWeapon {
        name: "laser".into(),
        kind: WeaponKind::Laser {
            redundant_emitters: 0,
        },
        ap: 10.0,
        ranges: [4, 8, 14],
        volume: 1.0,
        energy: 0.0,
    };
    let catalogue = Catalogue {
        weapons: vec![laser],
        guided: vec![],
    };
    let rules = HouseRules {
        turn_cap: 1,
        ..HouseRules::default()
    };
    let m = common::duel(
        catalogue,
        design("shooter", 0.0, 0.0, 100.0, vec![0, 0, 0]),
        design("target", 100.0, 10.0, 200.0, vec![]),
        3,
        rules,
    );
    let mut state = Junction::new_state(&m);
    // Three d20 entries from two d6 digits each: (1,1) → face 0 → first Systems entry
    // (Sensors Damaged), which changes no morale.
    let (out, ships, used) = common::play_scripted(&m, &mut state, &[1, 1, 1, 1, 1, 1]);
    assert_eq!(used, 6);
    let target = &state.ships[1];
    assert_eq!(target.armor, 90.0);
    assert_eq!(target.integrity, 180.0);
    assert_eq!(target.sensors_damaged, 3);
    assert_eq!(out.sides[0].events[Event::Crits as usize], 3);
    assert_eq!(out.sides[0].events[Event::DirectHits as usize], 3);
    assert_eq!(ships[0].damage_dealt, 20);
}

/// Digest §3 vector 12 in a battle turn: a Macron (AP 12, Area Denial 4, PH 10) out of range
/// of a ship coasting from (22,0) to (16,0) marks the last four hexes of its path (all within
/// 2 × PH); the ship crosses all four (none closer to its start than half its speed of 6) and
/// takes four guaranteed 3-AP hits. Its laser (Redundant Emitters 2, as large as the ship) is
/// where the first hit lands: it loses both emitters to rerolled locations (G7).
#[test]
fn vector_12_area_denial_in_battle() {
    let macron = DirectWeapon {
        name: "macron".into(),
        kind: WeaponKind::Macron { area_denial: 4 },
        ap: 12.0,
        ranges: [3, 6, 10],
        volume: 1.0,
        energy: 0.0,
    };
    let laser = DirectWeapon {
        name: "laser".into(),
        kind: WeaponKind::Laser {
            redundant_emitters: 2,
        },
        ap: 10.0,
        ranges: [4, 8, 14],
        volume: 100.0,
        energy: 0.0,
    };
    let catalogue = Catalogue {
        weapons: vec![macron, laser],
        guided: vec![],
    };
    let mut m = common::duel(
        catalogue,
        design("shooter", 0.0, 0.0, 100.0, vec![0]),
        design("target", 0.0, 0.0, 100_000.0, vec![1]),
        22,
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    );
    m.start[1].vel = Hex::new(-6, 0);
    assert_eq!(m.start[1].re_left[0], 2);
    let (state, a, _) = common::play(&m, 2);
    let target = &state.ships[1];
    assert_eq!(target.pos, Hex::new(16, 0));
    assert_eq!(target.integrity, 100_000.0 - 12.0);
    assert_eq!(a[Event::AreaDenialHits as usize], 4);
    assert_eq!(target.re_left[0], 0);
    assert!(state.marks.is_empty());
}

/// Digest §3 vector 20: a Standard jump engine jumps in the maneuver phase of turn t and the
/// ship reappears in the jump step of turn t + 2, at its destination, with its old vector.
/// The `jumper` policy, 100 hexes from a passive target, jumps on turn 1 to its Precision
/// Targeting distance (3) from where the target will be.
#[test]
fn vector_20_jump_timing() {
    use fleetlab_engine::rules::junction::design::{JumpEngine, JumpKind};
    use fleetlab_engine::rules::junction::ship::Status;
    let macron = DirectWeapon {
        name: "macron".into(),
        kind: WeaponKind::Macron { area_denial: 4 },
        ap: 12.0,
        ranges: [3, 6, 10],
        volume: 1.0,
        energy: 0.0,
    };
    let catalogue = Catalogue {
        weapons: vec![macron],
        guided: vec![],
    };
    let mut jumper = design("jumper", 0.0, 0.0, 100.0, vec![0]);
    jumper.plants[0].output = 10.0;
    jumper.jump = Some(JumpEngine {
        kind: JumpKind::Standard,
        rating: 1,
        volume: 1.0,
        energy: 5.0,
        interdiction: 0.0,
    });
    let mut m = common::duel_with(
        catalogue,
        [jumper, design("target", 0.0, 0.0, 100.0, vec![])],
        100,
        ["jumper", "passive"],
        HouseRules::default(),
    );
    m.start[0].vel = Hex::new(1, 0);
    let mut state = Junction::new_state(&m);
    for (turns, status, pos) in [
        (1, Status::Jumping, None),
        (2, Status::Jumping, None),
        (3, Status::Active, Some(Hex::new(97, 0))),
    ] {
        m.rules.turn_cap = turns;
        let (out, _, _) = common::play_scripted(&m, &mut state, &[]);
        let s = &state.ships[0];
        assert_eq!(s.status, status, "after turn {turns}");
        assert_eq!(s.jump_return, 3);
        if let Some(p) = pos {
            assert_eq!(s.pos, p);
            assert_eq!(s.vel, Hex::new(1, 0));
        }
        assert_eq!(out.sides[0].events[Event::Jumps as usize], 1);
        // A ship out of play on a jump still counts for its side (Stage 3).
        assert_eq!(out.sides[0].survivors, 1);
    }
}

/// Interdiction in a battle: a `jumper` 12 hexes out slow-charges its jump (10 energy of 50)
/// on turn 1; on turn 2 the enemy spends 5 energy on interdiction (its engine's maximum),
/// felt at 5 − ⌊√12⌋ = 2 there, and the charge is lost ("Interdiction of any strength resets
/// all progress on performing a non-combat jump").
#[test]
fn interdiction_resets_a_slow_charge() {
    use fleetlab_engine::rules::junction::design::{JumpEngine, JumpKind};
    use fleetlab_engine::rules::junction::ship::Status;
    let engine = |energy, interdiction| JumpEngine {
        kind: JumpKind::Standard,
        rating: 1,
        volume: 1.0,
        energy,
        interdiction,
    };
    let mut jumper = design("jumper", 0.0, 0.0, 100.0, vec![]);
    jumper.plants[0].output = 10.0;
    jumper.jump = Some(engine(50.0, 0.0));
    let mut warden = design("warden", 0.0, 0.0, 100.0, vec![]);
    warden.plants[0].output = 10.0;
    warden.jump = Some(engine(50.0, 5.0));
    let mut m = common::duel_with(
        Catalogue::default(),
        [jumper, warden],
        12,
        ["jumper", "turret"],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    );
    let mut state = Junction::new_state(&m);
    common::play_scripted(&m, &mut state, &[]);
    assert_eq!(state.ships[0].jump_charge, 10.0);
    assert_eq!(state.ships[1].interdiction, 0);
    m.rules.turn_cap = 2;
    let (out, _, _) = common::play_scripted(&m, &mut state, &[]);
    assert_eq!(state.ships[1].interdiction, 5);
    assert_eq!(state.ships[0].jump_charge, 0.0);
    assert_eq!(state.ships[0].status, Status::Active);
    assert_eq!(out.sides[0].events[Event::Interdicted as usize], 1);
}
