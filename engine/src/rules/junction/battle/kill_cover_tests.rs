//! `cover-kills` (J42 weighed by Durability; issue 17, session 31) against `cover` in the
//! monitor's position of the traces: four heavy kinetics (Durability 24) in flight at a ship
//! with two heavy macrons (30 AP, Area Denial 2) and three lasers (10 AP, Redundant Emitters
//! 2). Only a heavy macron can destroy a heavy kinetic (30 ≥ 24; a laser's 10 cannot).

use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::{PdStance, Policy};
use crate::rules::junction::ship::ShipState;

/// A salvo of `count` heavy kinetics from A's ship, flying at B's ship (`pd_plan_tests`'
/// salvo, placed and aimed here).
fn heavies(count: u32) -> GwGroup {
    GwGroup {
        pos: Hex::new(12, 0),
        vel: Hex::new(-4, 0),
        prev_pos: Hex::new(16, 0),
        delta_v: 40,
        ..super::pd_plan_tests::salvo(0, count)
    }
}

/// The guns B's monitor holds back for point defense under `stance` (bit k for weapon k:
/// 0–1 the heavy macrons, 2–4 the lasers), the salvo in flight.
fn held(stance: PdStance) -> u16 {
    let heavy_macron = DirectWeapon {
        name: "heavy-macron".into(),
        kind: WeaponKind::Macron { area_denial: 2 },
        ap: 30.0,
        ranges: [4, 8, 12],
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
        volume: 1.0,
        energy: 0.0,
    };
    let kinetic = GuidedDesign {
        name: "heavy-kinetic".into(),
        size: GwSize::Heavy,
        guidance: Guidance::ImagingRadar,
        payload: Payload::Kinetic,
        propulsion: Propulsion::NuclearThermal,
        load: None,
    };
    let a_design = ShipDesign::bare("launcher");
    let b_design = ShipDesign {
        weapons: vec![0, 0, 1, 1, 1],
        ..ShipDesign::bare("monitor")
    };
    let a = ShipState::new(0, &a_design, Side::A, 100, 0);
    let b = ShipState::new(1, &b_design, Side::B, 100, 0);
    let m = Matchup::new(
        Catalogue {
            weapons: vec![heavy_macron, laser],
            guided: vec![kinetic],
        },
        vec![a_design, b_design],
        vec![a, b],
        vec!["A1 launcher".into(), "B1 monitor".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy {
                pd: stance,
                ..Policy::preset("brawler-v10").unwrap()
            },
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    st.gws.push(heavies(4));
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    b.pd_holds(1)
}

/// `cover` counts the lasers' two targets each against the four heavies and holds the two
/// weakest guns per target — lasers —, so the heavy macrons fire at the enemy and cannot
/// defend next turn (the monitor's loss in the `brawler-v10` trace).
#[test]
fn cover_holds_lasers_that_cannot_kill_a_heavy_kinetic() {
    let h = held(PdStance::Cover);
    assert_eq!(h & 0b11, 0, "no heavy macron held: {h:05b}");
    assert_eq!((h >> 2).count_ones(), 2, "two lasers held: {h:05b}");
}

/// `cover-kills` holds the two guns that can destroy a heavy kinetic and no laser (none
/// can destroy one; the other two heavies cannot be stopped whatever is held).
#[test]
fn cover_kills_holds_the_heavy_macrons() {
    assert_eq!(held(PdStance::CoverKills), 0b00011);
}
