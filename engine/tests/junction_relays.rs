//! Appendix 1 "Laser Relay" in whole battle turns. A (a turret with lasers of 10 AP, ranges
//! 4/8/14, and a light relay in its VLS) faces a passive target 23 hexes away, beyond its
//! lasers' reach. Turn 1: the relay is launched from A's hex, and the lasers fire into it at
//! once (23 hexes is in its Probable Hit range, 50% miss). Its station is A's Guaranteed Hit
//! range, 8 hexes toward the target (J34), so from turn 2 on it fires from 15 hexes: its
//! Guaranteed Hit range, no miss chance.

use fleetlab_engine::rules::junction::Event;
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, WeaponKind};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};

mod common;

const INTEGRITY: f64 = common::HULK_INTEGRITY;

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
    let mut a = common::hulk("a");
    a.vls_volume = 1.0;
    a.magazine = vec![(0, 1)];
    a.weapons = vec![0; lasers];
    let m = common::duel(
        catalogue,
        a,
        common::hulk("target"),
        23,
        HouseRules {
            turn_cap: turns,
            sync_fire: false,
            ..HouseRules::default()
        },
    );
    assert!(m.relays);
    let (state, a, _) = common::play(&m, 34);
    (state, a)
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
