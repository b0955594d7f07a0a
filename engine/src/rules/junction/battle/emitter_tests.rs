//! J68: which hits take a laser's Redundant Emitters (issue 15 §4; seed 004 line 133, "If a
//! laser with Redundant Emitters is hit, the laser loses one Redundant Emitter and the hit
//! location is re-rolled ... A particle beam capable of piercing the armor over the laser
//! ignores this particular defense"). B's ship is all laser (laser volume = ship volume, so
//! every location roll finds it while it has emitters), Protection Rating 10, armor intact.

use super::damage::Hit;
use super::{Battle, BattleState};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::crits::CritTable;
use crate::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::{EmitterLoss, HouseRules};
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::ShipState;

/// Emitters B's laser has left (of 3) after one hit of `ap`.
fn emitters_after_hit(emitter_loss: EmitterLoss, ap: f64) -> u8 {
    let laser = DirectWeapon {
        name: "laser".into(),
        kind: WeaponKind::Laser {
            redundant_emitters: 3,
        },
        ap: 10.0,
        ranges: [4, 8, 14],
        volume: 100.0,
        energy: 0.0,
    };
    let d = ShipDesign {
        weapons: vec![0],
        armor: 1000.0,
        protection: 10.0,
        integrity: 1e6,
        ..ShipDesign::bare("laser boat")
    };
    let a = ShipState::new(0, &d, Side::A, 100, 0);
    let mut b = ShipState::new(0, &d, Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![laser],
            guided: vec![],
        },
        vec![d],
        vec![a, b],
        vec!["A1".into(), "B1".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("turret").unwrap(),
        ],
        HouseRules {
            emitter_loss,
            ..HouseRules::default()
        },
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 1;
    let mut dice = Dice::for_battle(7, 1, 1);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.apply_hit(Hit::plain(0, 1, ap, false, CritTable::Power, 1));
    b.st.ships[1].re_left[0]
}

/// J68 default: a 5-AP hit the armor (PR 10) fully absorbs never reaches the laser under it
/// (before J68 it rolled a location and stripped the emitters).
#[test]
fn a_hit_the_armor_absorbs_takes_no_emitter() {
    assert_eq!(emitters_after_hit(EmitterLoss::PiercingHits, 5.0), 3);
    assert_eq!(emitters_after_hit(EmitterLoss::EveryHit, 5.0), 0);
}

/// Seed line 133: a hit that pierces lands on the laser (its whole volume), which loses an
/// emitter; the rerolled location finds it again until none is left.
#[test]
fn a_piercing_hit_takes_emitters() {
    assert_eq!(emitters_after_hit(EmitterLoss::PiercingHits, 50.0), 0);
    assert_eq!(emitters_after_hit(EmitterLoss::EveryHit, 50.0), 0);
}
