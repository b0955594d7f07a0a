//! Disabled parts and their repair: Weapon Disabled on an EM catapult (Appendix 2
//! "Weapon Disabled", J53) and a disabled Shipmind's 2-RP reactivation (Appendix 1 "Neutron
//! Bomb", J54).

use super::{Battle, BattleState};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::crits::Crit;
use crate::rules::junction::design::{Catalogue, Catapult, CommandKind, PowerPlant, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::Policy;
use crate::rules::junction::repairs::{self, Repair};
use crate::rules::junction::ship::ShipState;

const CATAPULT: Catapult = Catapult {
    rating: 4,
    rate_of_fire: 2,
    volume: 30.0,
};

fn design(vls_volume: f64, protection: f64) -> ShipDesign {
    ShipDesign {
        armor: 100.0,
        protection,
        integrity: 1000.0,
        plants: vec![PowerPlant {
            volume: 2.0,
            output: 10.0,
            fuel: 0.0,
        }],
        command: vec![CommandKind::Shipmind, CommandKind::WarshipCic],
        crew: 100,
        crew_mix: [100, 0, 0],
        vls_volume,
        catapult: Some(CATAPULT),
        magazine: vec![(0, 4)],
        ..ShipDesign::bare("carrier")
    }
}

/// Ship 0 (side A, `turret`) and ship 1 (side B, passive) 5 hexes apart, both of `d`.
fn with_battle(d: ShipDesign, f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>)) {
    let a = ShipState::new(0, &d, Side::A, 100, 0);
    let mut b = ShipState::new(0, &d, Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![GuidedDesign {
                name: "light kinetic".into(),
                size: GwSize::Light,
                guidance: Guidance::CenterOfMass,
                payload: Payload::Kinetic,
                propulsion: Propulsion::LiquidFueledRocket,
                load: None,
            }],
        },
        vec![d],
        vec![a, b],
        vec!["A1 carrier".into(), "B1 carrier".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("passive").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    f(&mut b);
}

/// "One of your largest weapons can't be fired until repaired": the catapult (volume 30) is
/// the largest, so it is disabled — no Magazine Hit, it is not a VLS — and launches nothing
/// until Damage Control pays 2 RP per volume (60) for it.
#[test]
fn weapon_disabled_on_a_catapult_stops_its_launches_until_repaired() {
    with_battle(design(0.0, 0.0), |b| {
        b.crit_effect(0, Crit::WeaponDisabled, 0, false);
        let s = b.st.ships[0];
        assert!(s.catapult_off);
        assert_eq!(s.magazine[0], 4);
        assert!(!s.has_launcher(b.m.design(&s)));
        b.catapult_launch(0, CATAPULT);
        assert!(b.st.gws.is_empty());
        let d = b.m.design(&s);
        assert_eq!(repairs::next(&s, d, &b.m.catalogue), Some(Repair::Catapult));
        assert_eq!(repairs::cost(Repair::Catapult, d, &b.m.catalogue), 60);
        repairs::apply(Repair::Catapult, &mut b.st.ships[0]);
        assert!(!b.st.ships[0].catapult_off);
        b.catapult_launch(0, CATAPULT);
        assert_eq!(b.st.gws.len(), 1);
        assert_eq!(b.st.gws[0].count, 2);
    });
}

/// J53: on a tie the VLS is the weapon disabled (and its Magazine Hit follows), as before.
#[test]
fn weapon_disabled_prefers_the_vls_on_a_tie_with_the_catapult() {
    with_battle(design(30.0, 0.0), |b| {
        b.crit_effect(0, Crit::WeaponDisabled, 0, false);
        let s = b.st.ships[0];
        assert!(s.vls_off);
        assert!(!s.catapult_off);
        assert_eq!(s.magazine[0], 3);
        b.crit_effect(0, Crit::WeaponDisabled, 0, false);
        assert!(b.st.ships[0].catapult_off);
    });
}

/// Appendix 1 "Neutron Bomb": "At 50% regular Casualties, Shipminds are only disabled
/// instead of destroyed, needing 2 Repair Points to reactivate." A light bomb on Protection
/// 60 converts 60% of the kills to Casualties: the Shipmind is disabled; Damage Control's
/// first repair reactivates it for 2 RP.
#[test]
fn a_disabled_shipmind_is_reactivated_for_two_repair_points() {
    with_battle(design(0.0, 60.0), |b| {
        b.neutron_hit(1, 0, GwSize::Light, usize::MAX, false);
        let s = b.st.ships[0];
        let d = b.m.design(&s);
        assert!(!s.command[0]);
        assert_eq!(s.shipmind_off, 1);
        assert!(!s.shipmind(d));
        assert_eq!(
            repairs::next(&s, d, &b.m.catalogue),
            Some(Repair::Shipmind(0))
        );
        assert_eq!(repairs::cost(Repair::Shipmind(0), d, &b.m.catalogue), 2);
        b.st.ships[0].repair_points = 2;
        b.damage_control();
        let s = b.st.ships[0];
        assert!(s.command[0]);
        assert_eq!(s.shipmind_off, 0);
        assert!(s.shipmind(b.m.design(&s)));
    });
}

/// Below 50% Casualties (Protection 20) the Shipmind is destroyed: nothing to repair; at 50%
/// Casualty Negation (Protection 150) it is unharmed.
#[test]
fn a_destroyed_shipmind_is_not_repairable_and_a_shielded_one_is_unharmed() {
    with_battle(design(0.0, 20.0), |b| {
        b.neutron_hit(1, 0, GwSize::Light, usize::MAX, false);
        let s = b.st.ships[0];
        assert!(!s.command[0]);
        assert_eq!(s.shipmind_off, 0);
        assert_eq!(repairs::next(&s, b.m.design(&s), &b.m.catalogue), None);
    });
    with_battle(design(0.0, 150.0), |b| {
        b.neutron_hit(1, 0, GwSize::Light, usize::MAX, false);
        assert!(b.st.ships[0].command[0]);
        assert_eq!(b.st.ships[0].shipmind_off, 0);
    });
}
