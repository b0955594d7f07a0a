//! Which guns a side keeps back for point defense (house rule J42, the `point_defense`
//! setting), in one whole battle turn. "Direct fire weapons can also be used for point
//! defense, provided they were not fired in any role aside from point defense last turn":
//! a gun fired at a ship now cannot defend next turn. A (guns: a heavy macron with Area
//! Denial 2, two lasers with Redundant Emitters 2, ranges 4/8/14) is 10 hexes from B, which
//! launches a salvo of light kinetics at it on turn 1: beyond Guaranteed Hit range, so no
//! point defense engages it yet, and it is still in flight when A's guns fire (Probable Hit).

use fleetlab_engine::rules::junction::Event;
use fleetlab_engine::rules::junction::design::ShipDesign;
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, WeaponKind};
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{GwSize, Payload};
use fleetlab_engine::rules::junction::policy::{PdStance, Policy};

mod common;

fn gun(name: &str, kind: WeaponKind, ap: f64) -> DirectWeapon {
    DirectWeapon {
        name: name.into(),
        kind,
        ap,
        ranges: [4, 8, 14],
        volume: 1.0,
        energy: 0.0,
    }
}

/// A's guns, in order: heavy macron (30 AP over 2 targets), laser, laser (10 AP over 2);
/// which of them fired on turn 1 when B launches `salvo` kinetics and A plays `stance`.
fn fired(stance: PdStance, salvo: u32) -> [bool; 3] {
    let catalogue = Catalogue {
        weapons: vec![
            gun("heavy-macron", WeaponKind::Macron { area_denial: 2 }, 30.0),
            gun(
                "laser",
                WeaponKind::Laser {
                    redundant_emitters: 2,
                },
                10.0,
            ),
        ],
        guided: vec![common::gw(GwSize::Light, Payload::Kinetic)],
    };
    let gunboat = ShipDesign {
        weapons: vec![0, 1, 1],
        ..common::hulk("gunboat")
    };
    let launcher = common::launcher("launcher", vec![(0, 12)]);
    let rules = HouseRules {
        turn_cap: 1,
        ..HouseRules::default()
    };
    let mut m = common::duel(catalogue, gunboat, launcher, 10, rules);
    m.policies[0].pd = stance;
    m.policies[1] = Policy {
        salvo,
        ..Policy::preset("turret").unwrap()
    };
    let (st, _, b) = common::play(&m, 42);
    assert_eq!(b[Event::Launches as usize], salvo, "B's salvo");
    let f = st.ships[0].fired_now;
    [f[0], f[1], f[2]]
}

/// With nothing in flight, `cover` holds nothing back.
#[test]
fn cover_fires_every_gun_when_nothing_is_incoming() {
    assert_eq!(fired(PdStance::Cover, 0), [true, true, true]);
}

/// Two kinetics need one gun with two point-defense targets: a laser (5 AP per target)
/// holds before the heavy macron (15 AP per target). The two lasers are equally weak: which
/// one holds is the battle's dice (fair play; before, the first laser always held).
#[test]
fn cover_holds_the_weakest_gun_per_target_for_two_kinetics() {
    let f = fired(PdStance::Cover, 2);
    assert!(f[0] && f[1] != f[2], "{f:?}");
}

/// Three or four kinetics need both lasers; the heavy macron still fires.
#[test]
fn cover_holds_both_lasers_for_four_kinetics() {
    assert_eq!(fired(PdStance::Cover, 3), [true, false, false]);
    assert_eq!(fired(PdStance::Cover, 4), [true, false, false]);
}

/// More kinetics than the guns can cover: every multi-target gun holds.
#[test]
fn cover_holds_every_gun_for_a_salvo_beyond_its_reach() {
    assert_eq!(fired(PdStance::Cover, 7), [false, false, false]);
}

/// The other stances, for comparison: `when-threatened` and `always` hold every
/// multi-target gun against a single kinetic, `never` holds none.
#[test]
fn the_other_stances_hold_all_or_nothing() {
    assert_eq!(fired(PdStance::WhenThreatened, 1), [false, false, false]);
    assert_eq!(fired(PdStance::WhenThreatened, 0), [true, true, true]);
    assert_eq!(fired(PdStance::Always, 0), [false, false, false]);
    assert_eq!(fired(PdStance::Never, 4), [true, true, true]);
}
