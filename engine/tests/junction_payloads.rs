//! Appendix 1 payloads and the EM catapult in whole battle turns: a light salvo launched on
//! turn 1 reaches a stationary target 3–8 hexes away in turn 1's maneuver phase and attacks in
//! turn 2's firing phase.

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, Catapult, ShipDesign};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

mod common;

fn design(name: &str, armor: f64, protection: f64) -> ShipDesign {
    ShipDesign {
        armor,
        protection,
        ..common::hulk(name)
    }
}

/// A launcher (VLS unless `catapult`) with one guided weapon of `payload` against a passive
/// target `distance` hexes away, played for `turns` turns.
fn play(
    size: GwSize,
    payload: Payload,
    propulsion: Propulsion,
    catapult: Option<Catapult>,
    target: ShipDesign,
    distance: i32,
    turns: u32,
) -> (BattleState, [u32; 32], [u32; 32]) {
    let mut launcher = design("launcher", 0.0, 0.0);
    launcher.magazine = vec![(0, 1)];
    match catapult {
        Some(c) => launcher.catapult = Some(c),
        None => launcher.vls_volume = 1.0,
    }
    play_launcher(
        launcher,
        GuidedDesign {
            name: "gw".into(),
            size,
            guidance: Guidance::CenterOfMass,
            payload,
            propulsion,
            load: None,
        },
        target,
        distance,
        turns,
    )
}

/// `launcher` (its magazine holds `gw`) against a passive target `distance` hexes away,
/// played for `turns` turns.
fn play_launcher(
    launcher: ShipDesign,
    gw: GuidedDesign,
    target: ShipDesign,
    distance: i32,
    turns: u32,
) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![gw],
    };
    let m = common::duel(
        catalogue,
        launcher,
        target,
        distance,
        HouseRules {
            turn_cap: turns,
            ..HouseRules::default()
        },
    );
    common::play(&m, 27)
}

/// Appendix 1, Casaba Howitzer: a light one is a one-shot direct-fire attack of 850 Attack
/// Power (range 5/8/10). Its path ends on the target, so it fires at Precision Targeting range
/// (no miss roll) and is spent.
#[test]
fn casaba_howitzer_hits_once_for_850() {
    let (st, a, _) = play(
        GwSize::Light,
        Payload::CasabaHowitzer,
        Propulsion::NuclearThermal,
        None,
        design("target", 0.0, 0.0),
        6,
        3,
    );
    assert_eq!(a[Event::Launches as usize], 1);
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(st.ships[1].integrity, 100_000.0 - 850.0);
    assert!(st.gws.is_empty());
}

/// Appendix 1, Chemical Laser: a reusable direct-fire attack of 1 Attack Power; the drone
/// stays on its target and fires on turns 2 and 3.
#[test]
fn chemical_laser_drone_fires_every_turn() {
    let (st, a, _) = play(
        GwSize::Light,
        Payload::ChemicalLaser,
        Propulsion::NuclearThermoElectricHybrid,
        None,
        design("target", 0.0, 0.0),
        3,
        3,
    );
    assert_eq!(a[Event::GwHits as usize], 2);
    assert_eq!(st.ships[1].integrity, 100_000.0 - 2.0);
    assert_eq!(st.gws.len(), 1);
}

/// Appendix 1, Excalibur: a light one has 20 Attack Power within 10 hexes, used once.
#[test]
fn excalibur_burst_hits_for_20() {
    let (st, a, _) = play(
        GwSize::Light,
        Payload::Excalibur,
        Propulsion::LiquidFueledRocket,
        None,
        design("target", 0.0, 0.0),
        8,
        3,
    );
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(st.ships[1].integrity, 100_000.0 - 20.0);
}

/// Appendix 1, Inertial Mine: "a variant of kinetic payload" — Attack Power is the relative
/// velocity squared (3 hexes a turn → 9).
#[test]
fn inertial_mine_hits_with_kinetic_damage() {
    let (st, a, _) = play(
        GwSize::Light,
        Payload::InertialMine,
        Propulsion::NuclearThermal,
        None,
        design("target", 0.0, 0.0),
        3,
        2,
    );
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(st.ships[1].integrity, 100_000.0 - 9.0);
}

/// Appendix 1, Neutron Bomb: against a completely unarmored ship "all crew are killed, and all
/// command modules are destroyed".
#[test]
fn neutron_bomb_kills_an_unarmored_crew() {
    let (st, _, b) = play(
        GwSize::Light,
        Payload::NeutronBomb,
        Propulsion::LiquidFueledRocket,
        None,
        design("target", 0.0, 0.0),
        6,
        2,
    );
    let t = &st.ships[1];
    assert_eq!(t.crew, 0);
    assert_eq!(t.kia, 20);
    assert_eq!(b[Event::Killed as usize], 20);
    assert!(!t.command[0]);
    assert_eq!(t.integrity, 100_000.0);
}

/// Appendix 1, Neutron Bomb: 200 Protection Rating against a light bomb converts all kills
/// (100 PR) and negates all Casualties (another 100 PR): nobody is hurt.
#[test]
fn neutron_bomb_is_negated_by_200_protection() {
    let (st, _, b) = play(
        GwSize::Light,
        Payload::NeutronBomb,
        Propulsion::LiquidFueledRocket,
        None,
        design("target", 100.0, 200.0),
        6,
        2,
    );
    let t = &st.ships[1];
    assert_eq!(t.crew, 20);
    assert_eq!(b[Event::Killed as usize], 0);
    assert!(t.command[0]);
}

/// "Launch Guided Weapons": a catapult of rating 8 puts a light kinetic on a collision course
/// with a target 3 hexes away using 3 of its velocity cap; the Mass Driver attack adds the
/// unused 5 to the kinetic velocity (G19): (3 + 5)² = 64 Attack Power.
#[test]
fn mass_driver_adds_the_unused_catapult_velocity() {
    let (st, a, _) = play(
        GwSize::Light,
        Payload::Kinetic,
        Propulsion::NuclearThermal,
        Some(Catapult {
            rating: 8,
            rate_of_fire: 1,
            volume: 1.0,
        }),
        design("target", 0.0, 0.0),
        3,
        2,
    );
    assert_eq!(a[Event::Launches as usize], 1);
    assert_eq!(a[Event::MassDriverLaunches as usize], 1);
    assert_eq!(a[Event::GwHits as usize], 1);
    assert_eq!(st.ships[1].integrity, 100_000.0 - 64.0);
}

/// Appendix 1, EM Deflector: a heavy drone 5 hexes from the ship it defends, on the straight
/// line to a particle beam of TAE 1, deflects with (50% + 5 × 10%) × 1 = 100%. The target
/// coasts into the beam's Probable Hit range on turn 1 while its drone, launched that turn,
/// flies to its station (J29); on turn 2 the beam is bent away and the target is untouched.
#[test]
fn heavy_deflector_at_five_hexes_deflects_every_beam() {
    use fleetlab_engine::rules::junction::design::{DirectWeapon, WeaponKind};
    let beam = DirectWeapon {
        name: "beam".into(),
        kind: WeaponKind::ParticleBeam { tae: 1.0 },
        ap: 20.0,
        ranges: [3, 6, 13],
        volume: 1.0,
        energy: 0.0,
    };
    let drone = GuidedDesign {
        name: "deflector".into(),
        size: GwSize::Heavy,
        guidance: Guidance::CenterOfMass,
        payload: Payload::EmDeflector,
        propulsion: Propulsion::NuclearThermoElectricHybrid,
        load: None,
    };
    let catalogue = Catalogue {
        weapons: vec![beam],
        guided: vec![drone],
    };
    let mut shooter = design("shooter", 0.0, 0.0);
    shooter.weapons = vec![0];
    let mut target = design("target", 0.0, 0.0);
    target.vls_volume = 1.0;
    target.magazine = vec![(0, 1)];
    let designs = vec![shooter, target];
    let mut a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    a.pos = Hex::new(0, 0);
    a.prev_pos = a.pos;
    b.pos = Hex::new(14, 0);
    b.prev_pos = b.pos;
    b.vel = Hex::new(-1, 0);
    let m = Matchup::new(
        catalogue,
        designs,
        vec![a, b],
        vec!["A1 shooter".into(), "B1 target".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy::preset("pd-screen").unwrap(),
        ],
        HouseRules {
            turn_cap: 2,
            ..HouseRules::default()
        },
    );
    assert!(m.deflectors);
    let mut state = Junction::new_state(&m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = Dice::for_battle(5, 27, 2);
    let out = Junction::play(&m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    assert_eq!(state.ships[1].pos, Hex::new(12, 0));
    assert_eq!(state.gws.len(), 1);
    assert_eq!(out.sides[1].events[Event::Launches as usize], 1);
    assert_eq!(out.sides[1].events[Event::BeamsDeflected as usize], 1);
    assert_eq!(out.sides[0].events[Event::DirectHits as usize], 0);
    assert_eq!(state.ships[1].integrity, 100_000.0);
}

/// "Launch Guided Weapons": a ship with both an EM catapult and a VLS fires both from one
/// magazine. The catapult launches first (its rate of fire, 2), which empties the entry; the
/// VLS then has nothing left to launch (it once read the magazine from before the catapult's
/// launch and would have taken 2 more from an empty entry).
#[test]
fn catapult_and_vls_share_one_magazine() {
    let mut launcher = design("launcher", 0.0, 0.0);
    launcher.magazine = vec![(0, 2)];
    launcher.vls_volume = 1.0;
    launcher.catapult = Some(Catapult {
        rating: 4,
        rate_of_fire: 2,
        volume: 10.0,
    });
    let (st, a, _) = play_launcher(
        launcher,
        GuidedDesign {
            name: "gw".into(),
            size: GwSize::Light,
            guidance: Guidance::CenterOfMass,
            payload: Payload::Kinetic,
            propulsion: Propulsion::NuclearThermal,
            load: None,
        },
        design("target", 0.0, 0.0),
        20,
        1,
    );
    assert_eq!(a[Event::Launches as usize], 2);
    assert_eq!(st.ships[0].magazine[0], 0);
}
