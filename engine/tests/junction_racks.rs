//! Appendix 1 "Missile Rack" in whole battle turns. A's VLS launches one rack at a passive
//! target 30 hexes away on turn 1; the rack (nuclear thermal, acceleration 14) ends turn 1 at
//! 16 hexes moving 14 hexes a turn; on turn 2 the target is within its load's delta-v, so it
//! launches its load with its vector (J33); the load burns 2 more hexes onto the target and
//! hits on turn 3 at a relative velocity of 16.

use fleetlab_engine::rules::junction::Event;
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::Catalogue;
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    self, Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};

mod common;

const INTEGRITY: f64 = common::HULK_INTEGRITY;

/// Play `turns` turns with `rack` (guided 0) and any further catalogue entries.
fn play(guided: Vec<GuidedDesign>, turns: u32) -> (BattleState, [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided,
    };
    let mut launcher = common::hulk("launcher");
    launcher.vls_volume = 1.0;
    launcher.magazine = vec![(0, 1)];
    let m = common::duel(
        catalogue,
        launcher,
        common::hulk("target"),
        30,
        HouseRules {
            turn_cap: turns,
            ..HouseRules::default()
        },
    );
    assert!(m.racks);
    let (state, a, _) = common::play(&m, 33);
    (state, a)
}

fn rack(size: GwSize, load: Option<usize>) -> GuidedDesign {
    GuidedDesign {
        name: "rack".into(),
        size,
        guidance: Guidance::CenterOfMass,
        payload: Payload::MissileRack,
        propulsion: Propulsion::NuclearThermal,
        load,
    }
}

/// "Light: Can hold six mini-missiles. These mini-missiles maneuver like they have a Solid
/// Rocket Motor, and use the Kinetic Missile damage formula with a multiplier of x0.1 ...
/// Center-of-Mass Guidance": six hits of 0.1 × 16² = 25.6 Attack Power.
#[test]
fn light_rack_fires_six_mini_missiles() {
    let (st, a) = play(
        vec![rack(GwSize::Light, Some(1)), parts::mini_missile("rack")],
        3,
    );
    assert_eq!(a[Event::Launches as usize], 1 + 6);
    assert_eq!(a[Event::RackLaunches as usize], 6);
    assert_eq!(a[Event::GwHits as usize], 6);
    let lost = INTEGRITY - st.ships[1].integrity;
    assert!((lost - 6.0 * 25.6).abs() < 1e-9, "{lost}");
    assert!(st.gws.is_empty());
}

/// After turn 2 the rack has become a salvo of six mini-missiles (solid motor: burned).
#[test]
fn a_rack_launches_when_its_target_is_within_its_loads_delta_v() {
    let (st, a) = play(
        vec![rack(GwSize::Light, Some(1)), parts::mini_missile("rack")],
        2,
    );
    assert_eq!(a[Event::RackLaunches as usize], 6);
    assert_eq!(st.gws.len(), 1);
    let w = st.gws[0];
    assert_eq!((w.guided, w.count, w.burned), (1, 6, true));
    assert_eq!((w.pos, w.vel), (Hex::new(30, 0), Hex::new(16, 0)));
}

/// "Heavy: Can hold four Light Guided Weapons. These are full-fledged Guided Weapons": four
/// light kinetics hitting at relative velocity 16, 256 Attack Power each.
#[test]
fn heavy_rack_fires_four_light_guided_weapons() {
    let kinetic = GuidedDesign {
        name: "light-kinetic".into(),
        size: GwSize::Light,
        guidance: Guidance::CenterOfMass,
        payload: Payload::Kinetic,
        propulsion: Propulsion::NuclearThermal,
        load: None,
    };
    let (st, a) = play(vec![rack(GwSize::Heavy, Some(1)), kinetic], 3);
    assert_eq!(a[Event::RackLaunches as usize], 4);
    assert_eq!(a[Event::GwHits as usize], 4);
    assert_eq!(st.ships[1].integrity, INTEGRITY - 4.0 * 256.0);
}
