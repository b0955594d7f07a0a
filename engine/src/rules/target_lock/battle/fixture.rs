//! Test fixtures: small hand-built matchups (no config files) for the battle's unit tests.

use super::super::design::{Drive, Mount, Mounted, ShipDesign, WeaponProfile};
use super::super::direct_fire::Delivery;
use super::super::hex::Hex;
use super::super::house_rules::HouseRules;
use super::super::matchup::{Matchup, Roles};
use super::super::policy::Policy;
use super::super::structure::parse_track;
use super::super::tables::{SYSTEMS, System};
use super::ShipState;
use crate::outcome::Side;

/// A heavy gun: direct fire, to-hit 7 out to range 5, two boxes a hit.
pub fn heavy_gun() -> WeaponProfile {
    WeaponProfile {
        name: "heavy-gun".into(),
        delivery: Delivery::Direct,
        bands: vec![5],
        to_hit: vec![7],
        damage: 2,
        pack: None,
        point_defense: false,
        dedicated_antimissile: false,
        placeholder: true,
    }
}

/// A ship sheet with `track` (as the sheet writes it), `systems` and one heavy gun (weapon 0),
/// FCS 0, size 0, stealth 0, a reaction drive of thrust 2, 10 burns, no warheads, `cargo`.
pub fn design(name: &str, track: &str, systems: &[(System, u8)], cargo: i32) -> ShipDesign {
    let track = parse_track(track).unwrap();
    let mut sys = [0u8; SYSTEMS];
    for &(s, n) in systems {
        sys[s as usize] = n;
    }
    ShipDesign {
        name: name.into(),
        box_counts: ShipDesign::count_boxes(&track),
        track,
        fcs: 0,
        size: 0,
        stealth: 0,
        drive: Drive::Reaction,
        thrust: 2,
        burns: 10,
        warheads: 0,
        cargo,
        scanners: [false; 2],
        systems: sys,
        weapons: vec![Mounted {
            weapon: 0,
            count: 1,
            mount: Mount::Turret,
        }],
        points: 100,
    }
}

/// Two ships of `d` facing each other `range` hexes apart on the q axis (A1 at the origin,
/// B1 at `(range, 0)`), both playing `policy`, default house rules, kept range `keep`.
pub fn duel(d: ShipDesign, range: i32, policy: &str, keep: i32) -> Matchup {
    let policy = Policy::preset(policy).unwrap();
    let a = ShipState::new(0, &d, Side::A, Hex::new(0, 0), Hex::new(1, 0));
    let b = ShipState::new(0, &d, Side::B, Hex::new(range, 0), Hex::new(-1, 0));
    Matchup {
        roles: Roles::all(std::slice::from_ref(&d), &[heavy_gun()]),
        weapons: vec![heavy_gun()],
        designs: vec![d],
        start: vec![a, b],
        names: vec!["A1".into(), "B1".into()],
        policies: [policy, policy],
        rules: HouseRules::default(),
        keep: vec![keep],
        placeholder: true,
    }
}

/// The two d6 that make [`crate::dice::Roller::below`]`(10)` roll the d10 face `f` (1..=10):
/// the default `below` reads two d6 as base-6 digits `x = 6·(a−1) + (b−1)` and returns
/// `x mod 10` (`x < 30`).
pub fn d10(f: u8) -> [u8; 2] {
    assert!((1..=10).contains(&f));
    let x = f - 1;
    [x / 6 + 1, x % 6 + 1]
}
