//! J63's payload choice in a whole turn: A (`turret`) has one magazine entry each of light
//! kinetics (solid rocket motor), light neutron bombs and light nuclear bombs, two of each, and
//! launches its salvo of two at B on turn 1; which entry it emptied shows the payload chosen.

use fleetlab_engine::rules::junction::design::{Catalogue, ShipDesign};
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::{PayloadChoice, Policy};

mod common;

fn gw(payload: Payload, propulsion: Propulsion) -> GuidedDesign {
    GuidedDesign {
        name: format!("{payload:?}"),
        size: GwSize::Light,
        guidance: Guidance::CenterOfMass,
        payload,
        propulsion,
        load: None,
    }
}

/// The magazine left after turn 1 against a target of `armor` / `protection` (crew 20).
fn magazine_after(choice: PayloadChoice, armor: f64, protection: f64) -> Vec<u32> {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![
            gw(Payload::Kinetic, Propulsion::SolidRocketMotor),
            gw(Payload::NeutronBomb, Propulsion::NuclearThermal),
            gw(Payload::NuclearBomb, Propulsion::NuclearThermal),
        ],
    };
    let mut a = common::hulk("launcher");
    a.vls_volume = 1.0;
    a.magazine = vec![(0, 2), (1, 2), (2, 2)];
    let target = ShipDesign {
        armor,
        protection,
        ..common::hulk("target")
    };
    let mut m = common::duel(
        catalogue,
        a,
        target,
        8,
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    );
    m.policies[0] = Policy {
        payload_choice: choice,
        ..m.policies[0]
    };
    let (st, _, _) = common::play(&m, 63);
    st.ships[0].magazine[..3].to_vec()
}

/// `first` (the default) launches the kinetics, whatever the target.
#[test]
fn first_payload_choice_launches_the_first_entry() {
    assert_eq!(magazine_after(PayloadChoice::First, 100.0, 10.0), [0, 2, 2]);
    assert_eq!(
        magazine_after(PayloadChoice::First, 1000.0, 60.0),
        [0, 2, 2]
    );
}

/// `by-target`: neutron bombs at a lightly armored crewed ship (Protection 10: 90% automatic
/// kills), nuclear bombs at heavy armor (Protection 60, Armor Value 1,000: worth 1,140 against
/// the kinetic's 400 at rest), kinetics at a ship in between (Protection 60, Armor Value 100:
/// 400 against the nuke's 240).
#[test]
fn by_target_payload_choice_follows_the_target() {
    assert_eq!(
        magazine_after(PayloadChoice::ByTarget, 100.0, 10.0),
        [2, 0, 2]
    );
    assert_eq!(
        magazine_after(PayloadChoice::ByTarget, 1000.0, 60.0),
        [2, 2, 0]
    );
    assert_eq!(
        magazine_after(PayloadChoice::ByTarget, 100.0, 60.0),
        [0, 2, 2]
    );
}
