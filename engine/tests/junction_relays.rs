//! Appendix 1 "Laser Relay" in whole battle turns. A (a turret with lasers of 10 AP, ranges
//! 4/8/14, and a light relay in its VLS) faces a passive target 23 hexes away, beyond its
//! lasers' reach. Turn 1: the relay is launched from A's hex, and the lasers fire into it at
//! once (23 hexes is in its Probable Hit range, 50% miss). Its station is A's Guaranteed Hit
//! range, 8 hexes toward the target (J34), so from turn 2 on it fires from 15 hexes: its
//! Guaranteed Hit range, no miss chance.

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{
    Catalogue, DirectWeapon, PowerPlant, ShipDesign, WeaponKind,
};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

const INTEGRITY: f64 = 100_000.0;

fn design(name: &str) -> ShipDesign {
    ShipDesign {
        armor: 0.0,
        protection: 0.0,
        integrity: INTEGRITY,
        plants: vec![PowerPlant {
            volume: 1.0,
            output: 1.0,
        }],
        ..ShipDesign::bare(name)
    }
}

/// Play `turns` turns with `lasers` lasers of `ap` on A.
fn play(lasers: usize, ap: f64, turns: u32) -> (BattleState, [u32; 32]) {
    let laser = DirectWeapon {
        name: "laser".into(),
        kind: WeaponKind::Laser {
            redundant_emitters: 1,
        },
        ap,
        ranges: [4, 8, 14],
        volume: 1.0,
        energy: 0.0,
    };
    let relay = GuidedDesign {
        name: "relay".into(),
        size: GwSize::Light,
        guidance: Guidance::RemoteGuidance,
        payload: Payload::LaserRelay,
        propulsion: Propulsion::NuclearThermal,
        load: None,
    };
    let catalogue = Catalogue {
        weapons: vec![laser],
        guided: vec![relay],
    };
    let mut a = design("a");
    a.vls_volume = 1.0;
    a.magazine = vec![(0, 1)];
    a.weapons = vec![0; lasers];
    let designs = vec![a, design("target")];
    let a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    b.pos = Hex::new(23, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        catalogue,
        designs,
        vec![a, b],
        vec!["A1 laser ship".into(), "B1 target".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("passive").unwrap(),
        ],
        HouseRules {
            turn_cap: turns,
            sync_fire: false,
            ..HouseRules::default()
        },
    );
    assert!(m.relays);
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = Dice::for_battle(5, 34, 1);
    let out = Junction::play(&m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (state, out.sides[0].events)
}

/// "Laser Relays can be targeted by friendly laser beams. Instead of being destroyed, they may
/// then use the attack power from those lasers to perform their own laser attacks": two lasers
/// out of range of the target put 20 AP through the relay every turn; turns 2 and 3 hit for
/// sure (turn 1's Probable Hit shot misses with this seed).
#[test]
fn relay_fires_the_combined_power_of_lasers_out_of_range() {
    let (st, a) = play(2, 10.0, 3);
    assert_eq!(a[Event::Launches as usize], 1);
    assert_eq!(a[Event::RelayAttacks as usize], 3);
    let hits = a[Event::DirectHits as usize];
    assert_eq!((hits, a[Event::DirectMisses as usize]), (2, 1));
    assert_eq!(st.ships[1].integrity, INTEGRITY - 20.0 * f64::from(hits));
    assert_eq!(st.gws[0].pos, Hex::new(8, 0));
}

/// "Laser Relays may combine laser power from up to four sources ... Light Laser Relays ...
/// can handle a total of 100 Laser Attack Power": six 30-AP lasers feed four of them (120 AP),
/// capped at 100; the other two have nothing in range and hold.
#[test]
fn relay_takes_four_sources_and_caps_at_100_ap() {
    let (st, a) = play(6, 30.0, 2);
    assert_eq!(a[Event::RelayAttacks as usize], 2);
    let hits = a[Event::DirectHits as usize];
    assert_eq!(hits, 1);
    assert_eq!(st.ships[1].integrity, INTEGRITY - 100.0 * f64::from(hits));
}
