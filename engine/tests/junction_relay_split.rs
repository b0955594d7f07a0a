//! Appendix 1 "Laser Relay" beyond J34's subset, in whole battle turns (seed lines 327-329:
//! "Laser Relays may combine laser power from up to four sources, and divide it between up to
//! four targets", "Laser Relays may target other Laser Relays in a chain", "cannot form closed
//! loops, and cannot store laser power between turns"). Side A's ships are `turret`s with
//! lasers of 10 AP (ranges 4/8/14) and one light relay each; side B's are `passive` hulks far
//! beyond the lasers' reach. A relay is launched on turn 1 and holds station 8 hexes (its
//! ship's Guaranteed Hit range) toward the nearest enemy from turn 2 on.

use fleetlab_engine::outcome::Side;
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::{Policy, RelaySplit};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Matchup};

mod common;

const INTEGRITY: f64 = common::HULK_INTEGRITY;

/// A laser ship with `lasers` lasers and one light relay.
fn laser_ship(name: &str, lasers: usize) -> ShipDesign {
    let mut d = common::hulk(name);
    d.vls_volume = 1.0;
    d.magazine = vec![(0, 1)];
    d.weapons = vec![0; lasers];
    d
}

/// Side A's ships (design, position) against passive hulks at `targets` (all but the first with
/// Protection Rating `pr`, Armor Value 100), `turns` turns.
fn play(
    a: Vec<(ShipDesign, Hex)>,
    targets: &[Hex],
    pr: f64,
    split: RelaySplit,
    turns: u32,
) -> (BattleState, [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![DirectWeapon {
            name: "laser".into(),
            kind: WeaponKind::Laser {
                redundant_emitters: 1,
            },
            ap: 10.0,
            ranges: [4, 8, 14],
            volume: 1.0,
            energy: 0.0,
        }],
        guided: vec![GuidedDesign {
            name: "relay".into(),
            size: GwSize::Light,
            guidance: Guidance::RemoteGuidance,
            payload: Payload::LaserRelay,
            propulsion: Propulsion::NuclearThermal,
            load: None,
        }],
    };
    let mut designs = Vec::new();
    let mut at = Vec::new();
    let mut names = Vec::new();
    for (k, (d, p)) in a.into_iter().enumerate() {
        designs.push(d);
        at.push((Side::A, p));
        names.push(format!("A{}", k + 1));
    }
    for (k, &p) in targets.iter().enumerate() {
        designs.push(if k == 0 {
            common::hulk("target")
        } else {
            ShipDesign {
                armor: 100.0,
                protection: pr,
                ..common::hulk("target")
            }
        });
        at.push((Side::B, p));
        names.push(format!("B{}", k + 1));
    }
    let ships = at
        .iter()
        .enumerate()
        .map(|(k, &(side, p))| {
            let mut s = ShipState::new(k as u16, &designs[k], side, 100, 0);
            s.pos = p;
            s.prev_pos = p;
            s
        })
        .collect();
    let attacker = Policy {
        relay_split: split,
        ..Policy::preset("turret").unwrap()
    };
    let m = Matchup::new(
        catalogue,
        designs,
        ships,
        names,
        [attacker, Policy::preset("passive").unwrap()],
        HouseRules {
            turn_cap: turns,
            sync_fire: false,
            ..HouseRules::default()
        },
    );
    assert!(m.relays);
    let (state, a, _) = common::play(&m, 62);
    (state, a)
}

/// Integrity lost by the ships from index `first` on.
fn lost(st: &BattleState, first: usize) -> Vec<f64> {
    st.ships[first..]
        .iter()
        .map(|s| INTEGRITY - s.integrity)
        .collect()
}

/// "Divide it between up to four targets" (J61 `pierce`): two lasers aimed at B1 put 20 AP
/// into the relay, which also reaches B2 one hex further; unarmored, both take 10-AP shares.
/// From turn 2 the relay is 15 hexes from B1 (Guaranteed Hit, no miss) and 16 from B2
/// (Probable Hit, 50% miss). Under `single` everything goes to B1, as it does when a share
/// could not pierce B2.
#[test]
fn relay_divides_its_power_between_two_targets() {
    let targets = [Hex::new(23, 0), Hex::new(23, 1)];
    let (st, a) = play(
        vec![(laser_ship("a", 2), Hex::new(0, 0))],
        &targets,
        0.0,
        RelaySplit::Pierce,
        3,
    );
    assert_eq!(a[Event::RelayAttacks as usize], 6);
    let hits = a[Event::DirectHits as usize];
    assert_eq!((hits, a[Event::DirectMisses as usize]), (6, 0));
    assert_eq!(lost(&st, 1), vec![30.0, 30.0]);
    let (st, a) = play(
        vec![(laser_ship("a", 2), Hex::new(0, 0))],
        &targets,
        0.0,
        RelaySplit::Single,
        3,
    );
    assert_eq!(a[Event::RelayAttacks as usize], 3);
    assert_eq!(lost(&st, 1)[1], 0.0);
    assert_eq!(
        lost(&st, 1)[0],
        20.0 * f64::from(a[Event::DirectHits as usize])
    );
    // B2 with Protection 10: a 10-AP share would not pierce it, so B1 takes all 20.
    let (st, a) = play(
        vec![(laser_ship("a", 2), Hex::new(0, 0))],
        &targets,
        10.0,
        RelaySplit::Pierce,
        3,
    );
    assert_eq!(a[Event::RelayAttacks as usize], 3);
    let hits = f64::from(a[Event::DirectHits as usize]);
    assert_eq!(lost(&st, 1), vec![20.0 * hits, 0.0]);
}

/// Four targets at most: five unarmored targets in the relay's reach on turn 1 (it is still at
/// its ship, all of them in its Probable Hit range), four shares of 5 AP.
#[test]
fn relay_divides_between_at_most_four_targets() {
    let targets = [
        Hex::new(23, 0),
        Hex::new(23, 1),
        Hex::new(24, -1),
        Hex::new(24, 0),
        Hex::new(22, 1),
    ];
    let (st, a) = play(
        vec![(laser_ship("a", 2), Hex::new(0, 0))],
        &targets,
        0.0,
        RelaySplit::Pierce,
        1,
    );
    // Four attacks of 5 AP: B1 (the lasers' target, 23 hexes), B5 (23), and two of B2, B3
    // and B4 (24 hexes each: a tie, so the battle's dice choose; before, setup order chose
    // B2 and B3). Each attack may miss (Probable Hit range); every hit takes 5.
    assert_eq!(a[Event::RelayAttacks as usize], 4);
    let lost = lost(&st, 1);
    let hits = lost.iter().filter(|&&l| l == 5.0).count();
    assert_eq!(hits, a[Event::DirectHits as usize] as usize, "{lost:?}");
    assert!(lost.iter().all(|&l| l == 0.0 || l == 5.0), "{lost:?}");
}

/// "Laser Relays may target other Laser Relays in a chain" (J62): B1 is 40 hexes out. A1's
/// relay (8 hexes out) cannot reach it, A2's (12 hexes ahead of A1, its relay 20 out) can but
/// is beyond A1's lasers; so from turn 2 A1's two lasers fire into their relay, which passes
/// the 20 AP to A2's, 12 hexes on (its Guaranteed Hit range 15 and the 15-hex cap), which adds
/// A2's own 10 and fires 30 AP from 20 hexes (Probable Hit, 50% miss). Turn 1 (relays still
/// at their ships) nothing reaches.
#[test]
fn relays_chain_when_one_relay_cannot_reach() {
    let (st, a) = play(
        vec![
            (laser_ship("a1", 2), Hex::new(0, 0)),
            (laser_ship("a2", 1), Hex::new(12, 0)),
        ],
        &[Hex::new(40, 0)],
        0.0,
        RelaySplit::Single,
        3,
    );
    assert_eq!(st.gws[0].pos, Hex::new(8, 0));
    assert_eq!(st.gws[1].pos, Hex::new(20, 0));
    assert_eq!(a[Event::RelayChains as usize], 2);
    assert_eq!(a[Event::RelayAttacks as usize], 2);
    let hits = a[Event::DirectHits as usize];
    assert_eq!((hits, a[Event::DirectMisses as usize]), (2, 0));
    assert_eq!(lost(&st, 2), vec![60.0]);
}
