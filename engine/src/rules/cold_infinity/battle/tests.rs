//! Golden tests of the battle's rules on a hand-built Reaper duel (the seed's own SDS).

use super::super::arcs::{ArcShape, FiringArc};
use super::super::config::matchups::mirrored;
use super::super::design::fixtures::reaper;
use super::super::design::{RangeRating, SystemKind};
use super::super::geometry::{ArcCentre, Facing};
use super::super::matchup::{BattleDesign, HouseRules, Matchup, Mount, Scenario, ShipStart};
use super::super::movement::Motion;
use super::super::policy::{Policy, keep_range, main_weapon};
use super::*;
use crate::dice::Dice;

/// Two Reapers (railguns fore and aft, wide arcs) 24 hexes apart, mirror images.
pub(super) fn reaper_duel() -> Matchup {
    let design = reaper();
    let mounts: Vec<Mount> = design
        .systems
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s.kind {
            SystemKind::Weapon(weapon) => Some(Mount {
                sys: i as u16,
                weapon,
                arc: FiringArc {
                    centre: ArcCentre::facing(if i < 7 { 1 } else { 4 }),
                    shape: ArcShape::Wide,
                    keel: false,
                },
            }),
            _ => None,
        })
        .collect();
    let keep = keep_range(&mounts);
    let main = main_weapon(&mounts);
    let a = Motion {
        facing: Facing::new(1),
        ..Motion::default()
    };
    let policy = Policy::preset("closing-gunline").unwrap();
    Matchup {
        designs: vec![BattleDesign {
            design,
            mounts,
            keep,
            main,
        }],
        start: vec![
            ShipStart {
                design: 0,
                side: Side::A,
                motion: a,
            },
            ShipStart {
                design: 0,
                side: Side::B,
                motion: mirrored(a, 24),
            },
        ],
        names: vec!["A1 Reaper".into(), "B1 Reaper".into()],
        policies: [policy; 2],
        scenario: Scenario::default(),
        rules: HouseRules::default(),
    }
}

/// A fresh battle of `m`.
pub(super) fn started(m: &Matchup) -> BattleState {
    let mut st = BattleState::for_matchup(m);
    begin(m, &mut st);
    st
}

/// The Reaper's first railgun (system 3, structure 2) and its mount index.
const RAILGUN_SYS: usize = 3;
const RAILGUN_MOUNT: usize = 0;

/// §13.1.9 (seed: "Once a direct fire weapon has lost half its structure (rounded up), either
/// the damage Rating is reduced by 1 row … or the range is reduced by 1 row. The defender
/// chooses"): a railgun (1d6, −1/2) that lost 1 of 2 is lowered once; losing its only die
/// leaves nothing, so the defender gives up range: −1/1. The old battle never lowered it.
#[test]
fn damaged_weapon_is_reduced_13_1_9() {
    let m = reaper_duel();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.damage[0].system_damage[RAILGUN_SYS] = 1;
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    let w = weapon_damage::weapon_now(&m, &st, 0, RAILGUN_MOUNT);
    assert_eq!(w.range, RangeRating { per: 1, hexes: 1 });
    assert_eq!(w.damage, m.designs[0].mounts[RAILGUN_MOUNT].weapon.damage);
    // Once (default `weapon_reduction`): the same loss owes nothing more.
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    assert_eq!(
        weapon_damage::weapon_now(&m, &st, 0, RAILGUN_MOUNT).range,
        RangeRating { per: 1, hexes: 1 }
    );
    // The other ship's weapons are untouched.
    assert_eq!(
        weapon_damage::weapon_now(&m, &st, 1, RAILGUN_MOUNT),
        m.designs[0].mounts[RAILGUN_MOUNT].weapon
    );
}

/// §13.1.9: "If no reduction is possible (i.e., damage is already zero and range is already
/// –3/hex), the weapon system is destroyed."
#[test]
fn weapon_that_cannot_drop_is_destroyed_13_1_9() {
    let m = reaper_duel();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.weapons[0][RAILGUN_MOUNT].damage = Default::default();
    st.weapons[0][RAILGUN_MOUNT].range = RangeRating { per: 3, hexes: 1 };
    st.damage[0].system_damage[RAILGUN_SYS] = 1;
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    assert!(st.damage[0].system_destroyed(&m.designs[0].design, RAILGUN_SYS as u16));
}

/// §3.4 (seed: "If an activated system is destroyed, it will continue to draw its standard
/// operating power for a number of turns equal to its standard operating power requirement"):
/// the Reaper's reactor (8) powers sensors (4) and four 1-power railguns. With one railgun
/// destroyed the next turn still pays its 1 point (spare 0, not 1); the turn after, it is free.
#[test]
fn destroyed_weapon_keeps_drawing_3_4() {
    let m = reaper_duel();
    let mut st = started(&m);
    preliminary::power_allocation(&m, &mut st);
    assert_eq!(st.ships[0].spare_power, 0);
    st.damage[0].system_damage[RAILGUN_SYS] = 2;
    preliminary::end_turn_drain(&mut st, 0);
    preliminary::power_allocation(&m, &mut st);
    assert_eq!(
        st.ships[0].spare_power, 0,
        "the destroyed railgun still draws"
    );
    preliminary::end_turn_drain(&mut st, 0);
    preliminary::power_allocation(&m, &mut st);
    assert_eq!(
        st.ships[0].spare_power, 1,
        "one turn of drain for a 1-power weapon"
    );
}

/// §16.4.11 (seed: "Engines are zero-power systems (requiring a functional power plant)") and
/// §3.3 ("If there is no power available from any power plants …, zero-power systems are also
/// deactivated"): a Reaper whose reactor is destroyed has no thrust; before, its engine still
/// gave 4.
#[test]
fn no_reactor_no_thrust_16_4_11() {
    let m = reaper_duel();
    let st = started(&m);
    let d = &m.designs[0].design;
    let r = &m.rules.movement;
    let intact = movement::limits(d, &st.damage[0], 0, r);
    assert!(intact.budget > 0);
    let mut dmg = st.damage[0].clone();
    dmg.system_damage[16] = 8; // the reactor
    assert_eq!(movement::limits(d, &dmg, 0, r).budget, 0);
}
