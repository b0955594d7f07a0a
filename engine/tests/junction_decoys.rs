//! Appendix 1 "Decoy" in whole battle turns: decoy screens in the hex of the ship that launched
//! them draw jammed attacks (not Home On Jam, not indiscriminate payloads, only for ships whose
//! signature the decoy covers), and decoys fired inside a salvo are point defense's first
//! targets. A: a turret shooter (laser or VLS); B: a target 2 hexes away running ECM 5, with
//! light decoys in its VLS.

use fleetlab_engine::RuleSystem;
use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{
    Catalogue, DirectWeapon, PowerPlant, ShipDesign, WeaponKind,
};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};

const INTEGRITY: f64 = 100_000.0;

fn gw(name: &str, size: GwSize, guidance: Guidance, payload: Payload) -> GuidedDesign {
    GuidedDesign {
        name: name.into(),
        size,
        guidance,
        payload,
        propulsion: Propulsion::NuclearThermal,
        load: None,
    }
}

fn hull(name: &str) -> ShipDesign {
    ShipDesign {
        armor: 0.0,
        protection: 0.0,
        integrity: INTEGRITY,
        plants: vec![PowerPlant {
            volume: 1.0,
            output: 100.0,
            fuel: 0.0,
        }],
        vls_volume: 1.0,
        ..ShipDesign::bare(name)
    }
}

/// A battle setup: the catalogue holds a laser (weapon 0), a Macron (weapon 1), the light decoy
/// (guided 0) and `attack` (guided 1).
struct Setup {
    attack: GuidedDesign,
    shooter: ShipDesign,
    target: ShipDesign,
    policies: [Policy; 2],
    turns: u32,
}

impl Setup {
    fn new(attack: GuidedDesign) -> Self {
        let mut shooter = hull("shooter");
        shooter.magazine = vec![(1, 10)];
        let mut target = hull("target");
        target.volume = 200.0;
        target.ecm = 5.0;
        target.magazine = vec![(0, 6)];
        Setup {
            attack,
            shooter,
            target,
            policies: [
                Policy::preset("turret").unwrap(),
                Policy::preset("turret").unwrap(),
            ],
            turns: 10,
        }
    }

    fn play(self) -> (BattleState, [u32; 32], [u32; 32]) {
        let laser = DirectWeapon {
            name: "laser".into(),
            kind: WeaponKind::Laser {
                redundant_emitters: 1,
            },
            ap: 10.0,
            ranges: [3, 6, 13],
            volume: 1.0,
            energy: 0.0,
        };
        let macron = DirectWeapon {
            name: "macron".into(),
            kind: WeaponKind::Macron { area_denial: 4 },
            ap: 12.0,
            ranges: [2, 5, 8],
            volume: 1.0,
            energy: 0.0,
        };
        let decoy = gw(
            "decoy",
            GwSize::Light,
            Guidance::CenterOfMass,
            Payload::Decoy,
        );
        let catalogue = Catalogue {
            weapons: vec![laser, macron],
            guided: vec![decoy, self.attack],
        };
        let designs = vec![self.shooter, self.target];
        let mut a = ShipState::new(0, &designs[0], Side::A, 100, 0);
        let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
        b.pos = Hex::new(2, 0);
        b.prev_pos = b.pos;
        a.prev_pos = a.pos;
        let m = Matchup::new(
            catalogue,
            designs,
            vec![a, b],
            vec!["A1 shooter".into(), "B1 target".into()],
            self.policies,
            HouseRules {
                turn_cap: self.turns,
                ..HouseRules::default()
            },
        );
        let mut state = Junction::new_state(&m);
        let mut ships = [ShipTally::default(); 2];
        let mut dice = Dice::for_battle(30, 31, 1);
        let mut tr = fleetlab_engine::observer::Trace::default();
        let out = Junction::play(&m, &mut state, &mut dice, &mut tr, &mut ships);
        if std::env::var("JTRACE").is_ok() {
            eprintln!("{}", tr.log);
        }
        (state, out.sides[0].events, out.sides[1].events)
    }
}

/// The laser-only setup: A fires a 10-AP laser every turn, B's missiles are not used.
fn laser_duel(target: ShipDesign) -> (BattleState, [u32; 32], [u32; 32]) {
    let mut s = Setup::new(gw(
        "kinetic",
        GwSize::Light,
        Guidance::CenterOfMass,
        Payload::Kinetic,
    ));
    s.shooter.weapons = vec![0];
    s.shooter.magazine = vec![];
    s.target = target;
    s.play()
}

fn decoy_target() -> ShipDesign {
    let mut s = Setup::new(gw(
        "kinetic",
        GwSize::Light,
        Guidance::CenterOfMass,
        Payload::Kinetic,
    ));
    s.target.name = "target".into();
    s.target
}

/// Appendix 1 "Decoy": "If this drone is in the same hex as a friendly ship currently being
/// attacked and the attacker is jammed, the attack's target is chosen randomly between the
/// ship and all applicable decoys." B's screens of two decoys draw some of the jammed laser's
/// hits (each destroys its decoy, J31); the others land: 10 Integrity each.
#[test]
fn decoys_draw_jammed_direct_fire() {
    let (st, a, b) = laser_duel(decoy_target());
    let hits = a[Event::DirectHits as usize];
    let drawn = b[Event::DecoysDrawn as usize];
    assert_eq!((hits, drawn), (5, 2));
    // The first screen of two lost one decoy on turn 3; the second on turn 10.
    assert_eq!(b[Event::Launches as usize], 2);
    assert_eq!(
        st.ships[1].integrity,
        INTEGRITY - 10.0 * f64::from(hits - drawn)
    );
}

/// Unjammed (B runs no ECM), the attacker is not fooled: no attack is drawn.
#[test]
fn decoys_do_not_draw_unjammed_attacks() {
    let mut t = decoy_target();
    t.ecm = 0.0;
    let (st, a, b) = laser_duel(t);
    assert_eq!(b[Event::DecoysDrawn as usize], 0);
    assert!(b[Event::Launches as usize] > 0);
    let hits = a[Event::DirectHits as usize];
    assert_eq!(st.ships[1].integrity, INTEGRITY - 10.0 * f64::from(hits));
}

/// "Light Decoys only work for ships of 300 signature or less": a 400-volume ship (signature =
/// volume, J30) launches no light decoys and none draws an attack; given `signature = 250` it
/// does.
#[test]
fn light_decoys_cover_signature_300_or_less() {
    let mut big = decoy_target();
    big.volume = 400.0;
    let (_, _, b) = laser_duel(big.clone());
    assert_eq!(b[Event::Launches as usize], 0);
    assert_eq!(b[Event::DecoysDrawn as usize], 0);
    big.signature = Some(250.0);
    let (_, _, b) = laser_duel(big);
    assert!(b[Event::DecoysDrawn as usize] > 0);
}

/// A salvo of light kinetics (Sensors 4) against ECM 5 is jammed; Center of Mass guidance
/// hits 75% of the time, and the decoys draw some of the hits.
#[test]
fn decoys_draw_jammed_guided_weapons() {
    let (st, a, b) = Setup::new(gw(
        "kinetic",
        GwSize::Light,
        Guidance::CenterOfMass,
        Payload::Kinetic,
    ))
    .play();
    assert!(b[Event::DecoysDrawn as usize] > 0);
    assert!(a[Event::GwHits as usize] >= b[Event::DecoysDrawn as usize]);
    assert_eq!(b[Event::DecoysDrawn as usize], 2);
    assert_eq!(
        st.ships[1].status,
        fleetlab_engine::rules::junction::ship::Status::Active
    );
}

/// "This does not work against Home On Jam missiles": Home On Jam kinetics hit B itself while
/// its ECM is on (their ECM Damaged crits later switch it off, and then they miss).
#[test]
fn home_on_jam_ignores_decoys() {
    let (_, a, b) = Setup::new(gw(
        "hoj",
        GwSize::Light,
        Guidance::HomeOnJam,
        Payload::Kinetic,
    ))
    .play();
    assert!(a[Event::GwHits as usize] > 0);
    assert_eq!(b[Event::DecoysDrawn as usize], 0);
}

/// "Indiscriminate attacks (such as Nuclear Bombs, Area Denial, or Inertial Mines) are not
/// distracted by Decoys."
#[test]
fn nuclear_bombs_and_inertial_mines_are_not_distracted() {
    for payload in [Payload::NuclearBomb, Payload::InertialMine] {
        let (_, a, b) =
            Setup::new(gw("bomb", GwSize::Light, Guidance::CenterOfMass, payload)).play();
        assert!(a[Event::GwHits as usize] > 0, "{payload:?}");
        assert_eq!(b[Event::DecoysDrawn as usize], 0, "{payload:?}");
    }
}

/// "Decoys can also be fired as part of a guided weapon salvo; in this role, enemy point
/// defense will always prioritize the Decoys. For this purpose, Light Decoys have DUR 4": A
/// fires 2 light kinetics with 2 light decoys (J32); B's Macron (12 AP over up to 4 targets)
/// engages the decoys first and destroys both (6 AP each ≥ 4); the kinetics fly on. Without
/// decoys the same Macron destroys both kinetics (6 ≥ DUR 3).
#[test]
fn point_defense_engages_salvo_decoys_first() {
    let salvo = |decoys: u32| {
        let mut s = Setup::new(gw(
            "kinetic",
            GwSize::Light,
            Guidance::CenterOfMass,
            Payload::Kinetic,
        ));
        s.shooter.magazine = if decoys > 0 {
            vec![(1, 10), (0, 10)]
        } else {
            vec![(1, 10)]
        };
        s.target.weapons = vec![1];
        s.target.magazine = vec![];
        s.policies[0].salvo_decoys = decoys;
        s.policies[1] = Policy::preset("pd-screen").unwrap();
        s.turns = 1;
        s.play()
    };
    let (st, a, b) = salvo(2);
    assert_eq!(a[Event::Launches as usize], 4);
    assert_eq!(b[Event::PdKills as usize], 2);
    assert_eq!(st.gws.len(), 1);
    assert_eq!((st.gws[0].count, st.gws[0].decoys), (2, 0));
    let (st, a, b) = salvo(0);
    assert_eq!(a[Event::Launches as usize], 2);
    assert_eq!(b[Event::PdKills as usize], 2);
    assert!(st.gws.is_empty());
}
