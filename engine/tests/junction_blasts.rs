//! Inertial Mine area mode and point-defense blasts in whole battle turns (Appendix 1
//! "Inertial Mine", seed line 314; "Nuclear Bomb", line 316; "Neutron Bomb", line 317; J50–J52).
//! Side A (one launcher ship, or two in one hex) at the origin launches on turn 1 at side B, 5
//! hexes away at rest; the salvo (liquid-fueled rocket, 18 acceleration) ends turn 1's maneuver
//! phase in B's hex at relative velocity 5 and attacks in turn 2's firing phase.

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, ShipDesign};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{GuidedDesign, GwSize, Payload};
use fleetlab_engine::rules::junction::policy::{MineMode, PdLaunches, PdStance, Policy};
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

mod common;

/// Side A's ships at the origin, side B's 5 hexes away; `a` launches `salvo` per ship with
/// `mine_mode`, `b` defends with `pd_launches` (point defense on, no guns, no salvos).
fn matchup(
    catalogue: Catalogue,
    a: Vec<ShipDesign>,
    b: Vec<ShipDesign>,
    salvo: u32,
    mine_mode: MineMode,
    pd_launches: PdLaunches,
) -> Matchup {
    let na = a.len();
    let designs: Vec<ShipDesign> = a.into_iter().chain(b).collect();
    let mut ships = Vec::new();
    let mut names = Vec::new();
    for (k, d) in designs.iter().enumerate() {
        let side = if k < na { Side::A } else { Side::B };
        let mut s = ShipState::new(k as u16, d, side, 100, 0);
        if side == Side::B {
            s.pos = Hex::new(5, 0);
            s.prev_pos = s.pos;
        }
        ships.push(s);
        names.push(format!("{side}{} {}", k + 1, d.name));
    }
    Matchup::new(
        catalogue,
        designs,
        ships,
        names,
        [
            Policy {
                salvo,
                mine_mode,
                ..Policy::preset("turret").unwrap()
            },
            Policy {
                salvo: 0,
                pd: PdStance::WhenThreatened,
                pd_launches,
                ..Policy::preset("passive").unwrap()
            },
        ],
        HouseRules {
            turn_cap: 2,
            ..HouseRules::default()
        },
    )
}

fn play(m: &Matchup) -> (BattleState, [u32; 32], [u32; 32]) {
    let mut state = Junction::new_state(m);
    let mut ships = vec![ShipTally::default(); m.start.len()];
    let mut dice = Dice::for_battle(5, 50, 1);
    let out = Junction::play(m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (state, out.sides[0].events, out.sides[1].events)
}

/// Two light Inertial Mines against two hulks sharing a hex.
fn mines_at_two_hulks(mode: MineMode) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![common::gw(GwSize::Light, Payload::InertialMine)],
    };
    let m = matchup(
        catalogue,
        vec![common::launcher("minelayer", vec![(0, 2)])],
        vec![common::hulk("hulk"), common::hulk("hulk")],
        2,
        mode,
        PdLaunches::Excalibur,
    );
    play(&m)
}

/// Line 314, contact mode (J50 default): each light mine hits its target with the kinetic
/// formula, 5² = 25 AP; the other hulk in the hex is untouched.
#[test]
fn inertial_mines_in_contact_mode_hit_only_their_target() {
    let (st, a, _) = mines_at_two_hulks(MineMode::Contact);
    assert_eq!(a[Event::GwHits as usize], 2);
    assert_eq!(st.ships[1].taken, 50.0);
    assert_eq!(st.ships[2].taken, 0.0);
    assert_eq!(a[Event::MineBlastHits as usize], 0);
}

/// Line 314, area mode: "hits every ship or Guided Weapon in the same hex as it with Attack
/// Power a tenth of its normal value at current velocities", two mines stacking: 2 × 25 / 10
/// = 5 AP on each hulk, guaranteed (no guidance roll), the salvo spent.
#[test]
fn inertial_mines_in_area_mode_hit_every_ship_in_the_hex_with_a_tenth() {
    for mode in [MineMode::Area, MineMode::Crowded] {
        let (st, a, _) = mines_at_two_hulks(mode);
        assert_eq!(st.ships[1].taken, 5.0, "{mode:?}");
        assert_eq!(st.ships[2].taken, 5.0, "{mode:?}");
        assert_eq!(a[Event::MineBlastHits as usize], 2);
        assert_eq!(a[Event::GwHits as usize], 0);
        assert!(st.gws.is_empty());
    }
}

/// J50 `crowded`: a lone target is not a crowd, so the mines hit by contact (25 AP each).
#[test]
fn crowded_mine_mode_keeps_contact_against_a_lone_ship() {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![common::gw(GwSize::Light, Payload::InertialMine)],
    };
    let m = matchup(
        catalogue,
        vec![common::launcher("minelayer", vec![(0, 2)])],
        vec![common::hulk("hulk")],
        2,
        MineMode::Crowded,
        PdLaunches::Excalibur,
    );
    let (st, a, _) = play(&m);
    assert_eq!(st.ships[1].taken, 50.0);
    assert_eq!(a[Event::MineBlastHits as usize], 0);
}

/// "Multiple Inertial Mines used in the same hex during the same phase stack their Attack
/// Power": two minelayers in one hex launch one mine each at the same hulk; both salvos blast
/// together, 2 × 2.5 = 5 AP.
#[test]
fn inertial_mine_salvos_in_one_hex_stack_their_attack_power() {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![common::gw(GwSize::Light, Payload::InertialMine)],
    };
    let m = matchup(
        catalogue,
        vec![
            common::launcher("minelayer", vec![(0, 1)]),
            common::launcher("minelayer", vec![(0, 1)]),
        ],
        vec![common::hulk("hulk")],
        1,
        MineMode::Area,
        PdLaunches::Excalibur,
    );
    let (st, a, _) = play(&m);
    assert_eq!(st.ships[2].taken, 5.0);
    assert_eq!(a[Event::MineBlastHits as usize], 1);
}

/// A salvo of four `attack` weapons against a hulk carrying `defence` (two of them).
fn pd_blast(
    attack: GuidedDesign,
    defence: GuidedDesign,
    pd_launches: PdLaunches,
) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![attack, defence],
    };
    let m = matchup(
        catalogue,
        vec![common::launcher("launcher", vec![(0, 4)])],
        vec![common::launcher("defender", vec![(1, 2)])],
        4,
        MineMode::Contact,
        pd_launches,
    );
    play(&m)
}

/// Line 314: "Missiles fitted with Inertial Mines can be fired as point defense, even if not
/// launched before": four light nuclear bombs (DUR 1) in the defender's hex at relative
/// velocity 5; one light mine's blast (25 / 10 = 2.5 AP) destroys all four.
#[test]
fn inertial_mine_launched_as_point_defense_destroys_a_salvo_in_its_hex() {
    let (st, a, b) = pd_blast(
        common::gw(GwSize::Light, Payload::NuclearBomb),
        common::gw(GwSize::Light, Payload::InertialMine),
        PdLaunches::All,
    );
    assert_eq!(b[Event::Launches as usize], 1);
    assert_eq!(b[Event::PdBlasts as usize], 1);
    assert_eq!(b[Event::PdKills as usize], 4);
    assert_eq!(b[Event::MineBlastHits as usize], 4);
    assert_eq!(a[Event::GwHits as usize], 0);
    assert_eq!(st.ships[1].taken, 0.0);
    assert_eq!(st.ships[1].magazine[0], 1);
}

/// The same salvo without J51 (`pd_launches = "excalibur"`): the four bombs strike.
#[test]
fn without_blast_launches_the_salvo_strikes() {
    let (st, a, b) = pd_blast(
        common::gw(GwSize::Light, Payload::NuclearBomb),
        common::gw(GwSize::Light, Payload::InertialMine),
        PdLaunches::Excalibur,
    );
    assert_eq!(b[Event::Launches as usize], 0);
    assert_eq!(a[Event::GwHits as usize], 4);
    assert!(st.ships[1].taken > 0.0);
}

/// Line 314: point-defense mines "*still* count as Area Denial, as far as Kinetic Missiles
/// are concerned": light kinetics (DUR 3) need two mines (2.5 AP each, stacked 5); wrecked,
/// they still attack this firing phase, each hitting 80% of the time, then are gone.
#[test]
fn point_defense_mines_wreck_kinetics_as_area_denial() {
    let (st, a, b) = pd_blast(
        common::gw(GwSize::Light, Payload::Kinetic),
        common::gw(GwSize::Light, Payload::InertialMine),
        PdLaunches::All,
    );
    assert_eq!(b[Event::Launches as usize], 2);
    assert_eq!(b[Event::PdKills as usize], 4);
    let (hits, misses) = (a[Event::GwHits as usize], a[Event::GwMisses as usize]);
    assert_eq!(hits + misses, 4);
    assert_eq!(st.ships[1].taken, 25.0 * f64::from(hits));
    assert!(st.gws.is_empty());
}

/// Lines 316–317: a heavy Nuclear Bomb fired as point defense destroys the whole salvo of
/// heavy kinetics outright (a nuke is not Area Denial: nothing attacks); likewise a heavy
/// Neutron Bomb ("destroy all other Guided Weapons in the same hex").
#[test]
fn heavy_bombs_launched_as_point_defense_destroy_the_salvo() {
    for bomb in [Payload::NuclearBomb, Payload::NeutronBomb] {
        let (st, a, b) = pd_blast(
            common::gw(GwSize::Heavy, Payload::Kinetic),
            common::gw(GwSize::Heavy, bomb),
            PdLaunches::All,
        );
        assert_eq!(b[Event::Launches as usize], 1, "{bomb:?}");
        assert_eq!(b[Event::PdBlasts as usize], 1);
        assert_eq!(b[Event::PdKills as usize], 4);
        assert_eq!(a[Event::GwHits as usize] + a[Event::GwMisses as usize], 0);
        assert_eq!(st.ships[1].taken, 0.0);
    }
}

/// Light bombs cannot be fired as point defense: the heavy kinetics strike.
#[test]
fn light_bombs_are_not_point_defense() {
    let (_, a, b) = pd_blast(
        common::gw(GwSize::Heavy, Payload::Kinetic),
        common::gw(GwSize::Light, Payload::NuclearBomb),
        PdLaunches::All,
    );
    assert_eq!(b[Event::Launches as usize], 0);
    assert_eq!(a[Event::GwHits as usize], 4);
}

/// J51 policy: a side that fires blasts as point defense keeps its mines out of its attack
/// salvos (B, salvo 2, launches only the one mine of its blast); otherwise it launches them at
/// A on turn 1.
#[test]
fn a_side_with_blast_launches_keeps_its_mines_for_point_defense() {
    let launches = |pd_launches| {
        let catalogue = Catalogue {
            weapons: vec![],
            guided: vec![
                common::gw(GwSize::Light, Payload::NuclearBomb),
                common::gw(GwSize::Light, Payload::InertialMine),
            ],
        };
        let mut m = matchup(
            catalogue,
            vec![common::launcher("launcher", vec![(0, 4)])],
            vec![common::launcher("defender", vec![(1, 6)])],
            4,
            MineMode::Contact,
            pd_launches,
        );
        m.policies[1].salvo = 2;
        let (_, _, b) = play(&m);
        b[Event::Launches as usize]
    };
    assert_eq!(launches(PdLaunches::All), 1);
    assert!(launches(PdLaunches::Excalibur) >= 2);
}

/// Line 316: "If the targeted salvo contains Guided Weapons with Chemical Lasers or Light Gas
/// Guns, those units can attempt to shoot down the defensive nukes." Two heavy Chemical Laser
/// missiles (8 AP ≥ the nuke's DUR 8) reach B's hex; B fires three heavy nukes (J51: one more
/// than they can stop), two are shot down, the third destroys both.
#[test]
fn chemical_lasers_shoot_down_defensive_nukes_but_not_one_too_many() {
    let (_, a, b) = pd_blast2(
        common::gw(GwSize::Heavy, Payload::ChemicalLaser),
        common::gw(GwSize::Heavy, Payload::NuclearBomb),
        3,
    );
    assert_eq!(b[Event::Launches as usize], 3);
    assert_eq!(a[Event::PdKills as usize], 2);
    assert_eq!(b[Event::PdBlasts as usize], 1);
    assert_eq!(b[Event::PdKills as usize], 2);
    // With only two nukes aboard, B cannot get one through and keeps them.
    let (st, _, b) = pd_blast2(
        common::gw(GwSize::Heavy, Payload::ChemicalLaser),
        common::gw(GwSize::Heavy, Payload::NuclearBomb),
        2,
    );
    assert_eq!(b[Event::Launches as usize], 0);
    assert_eq!(st.ships[1].magazine[0], 2);
}

/// A salvo of two `attack` weapons against a hulk carrying `n` of `defence`.
fn pd_blast2(
    attack: GuidedDesign,
    defence: GuidedDesign,
    n: u32,
) -> (BattleState, [u32; 32], [u32; 32]) {
    let catalogue = Catalogue {
        weapons: vec![],
        guided: vec![attack, defence],
    };
    let m = matchup(
        catalogue,
        vec![common::launcher("launcher", vec![(0, 2)])],
        vec![common::launcher("defender", vec![(1, n)])],
        2,
        MineMode::Contact,
        PdLaunches::All,
    );
    play(&m)
}
