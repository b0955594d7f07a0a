//! The energy readings of issue 15 §4 (seed 004): electric and thermo-electric rockets "need
//! Energy to provide acceleration!" (line 198; J70), Fuel Cells spend Rocket Fuel for their
//! energy (line 75: "Remember to subtract the Rocket Fuel needed for energy generation if
//! you're using Fuel Cells"; J71), and a ship whose only drives are such rockets and that has
//! no power is "Immobilized" (lines 237, 243; G24). Two ships 30 hexes apart, side A's under
//! test, both `brawler` (they close in).

use super::{Battle, BattleState};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, Drive, PowerPlant, ShipDesign, Tank};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::policy::{self, Policy};
use crate::rules::junction::ship::ShipState;

/// A 500-volume hull with one drive of thrust 4 (`energy_per_hex` 0: an ordinary drive),
/// 50 delta-v and one plant of `output` (`fuel`: delta-v per energy, 0: not a Fuel Cell).
fn hull(energy_per_hex: f64, output: f64, fuel: f64) -> ShipDesign {
    ShipDesign {
        volume: 500.0,
        plants: vec![PowerPlant {
            volume: 10.0,
            output,
            fuel,
        }],
        drives: vec![Drive {
            volume: 50.0,
            thrust: 4,
            energy_per_hex,
        }],
        tanks: vec![Tank {
            volume: 70.0,
            delta_v: 50.0,
            ..Tank::default()
        }],
        ..ShipDesign::bare("gunship")
    }
}

/// Plays `f` on a battle of design `a` (side A, at the origin) against an ordinary hull
/// (side B, 30 hexes away) at turn 1.
fn with_battle<T>(a: ShipDesign, f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>) -> T) -> T {
    let b = hull(0.0, 10.0, 0.0);
    let sa = ShipState::new(0, &a, Side::A, 100, 0);
    let mut sb = ShipState::new(1, &b, Side::B, 100, 0);
    sb.pos = Hex::new(30, 0);
    sb.prev_pos = sb.pos;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![],
        },
        vec![a, b],
        vec![sa, sb],
        vec!["A1".into(), "B1".into()],
        [
            Policy::preset("brawler").unwrap(),
            Policy::preset("brawler").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 1;
    let mut dice = Dice::for_battle(7, 1, 1);
    let mut battle = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    f(&mut battle)
}

/// Line 198: an electric rocket's hexes need energy. With 10 energy left after the firing
/// phase at 5 per hex (J70), the ship closing in burns 2 of its 4 hexes and has 0 energy
/// left; before J70 it burned all 4.
#[test]
fn an_electric_rocket_burns_only_what_the_energy_pays_for() {
    let (burn, energy, delta_v) = with_battle(hull(5.0, 10.0, 0.0), |b| {
        b.st.ships[0].energy = 10.0;
        b.maneuver_phase();
        let s = &b.st.ships[0];
        (s.vel.length(), s.energy, s.delta_v)
    });
    assert_eq!((burn, energy, delta_v), (2, 0.0, 48.0));
    // The same hull with an ordinary drive burns all 4 hexes and keeps its energy.
    let (burn, energy) = with_battle(hull(0.0, 10.0, 0.0), |b| {
        b.st.ships[0].energy = 10.0;
        b.maneuver_phase();
        (b.st.ships[0].vel.length(), b.st.ships[0].energy)
    });
    assert_eq!((burn, energy), (4, 10.0));
}

/// J70's decision: 30 hexes from an enemy it means to close with (`policy::burn_first`), the
/// electric ship sets its 4 hexes × 5 energy aside at the start of the firing phase, before
/// Sensors (the `brawler` switches Sensors on first), and burns all 4 hexes in the maneuver.
#[test]
fn far_from_the_enemy_the_burn_gets_its_energy_first() {
    assert!(policy::burn_first(30, 3) && !policy::burn_first(4, 3));
    let d = ShipDesign {
        sensors: 30.0,
        ..hull(5.0, 30.0, 0.0)
    };
    let (reserve, sensors, burn) = with_battle(d, |b| {
        b.firing_phase::<false>();
        let (reserve, sensors) = (b.st.ships[0].burn_reserve, b.st.ships[0].sensors);
        b.maneuver_phase();
        (reserve, sensors, b.st.ships[0].vel.length())
    });
    assert_eq!((reserve, sensors, burn), (20.0, 10.0, 4));
}

/// Line 75: a Fuel Cell's energy costs delta-v, 0.1 per energy by default (J71): 10 energy
/// for 1 delta-v; with 0.5 delta-v left it makes 5. Before J71 it made its full output for
/// nothing.
#[test]
fn a_fuel_cell_spends_delta_v_for_its_energy() {
    let (energy, delta_v) = with_battle(hull(0.0, 10.0, 0.1), |b| {
        b.firing_phase::<false>();
        (b.st.ships[0].energy, b.st.ships[0].delta_v)
    });
    assert_eq!(energy, 10.0);
    assert!((delta_v - 49.0).abs() < 1e-12, "{delta_v}");
    let (energy, delta_v) = with_battle(hull(0.0, 10.0, 0.1), |b| {
        b.st.ships[0].delta_v = 0.5;
        b.firing_phase::<false>();
        (b.st.ships[0].energy, b.st.ships[0].delta_v)
    });
    assert!(
        (energy - 5.0).abs() < 1e-12 && delta_v == 0.0,
        "{energy} {delta_v}"
    );
}

/// G24 "Immobilized" (lines 237, 243) with J70: a ship whose only drive is an electric rocket
/// cannot change its vector once its plants are off, so it is immobilized; an ordinary drive
/// still moves it.
#[test]
fn an_electric_ship_without_power_is_immobilized() {
    let mobile = |energy_per_hex| {
        with_battle(hull(energy_per_hex, 10.0, 0.0), |b| {
            b.st.ships[0].plant_off[0] = true;
            let s = &b.st.ships[0];
            s.mobile(b.m.design(s))
        })
    };
    assert!(!mobile(5.0));
    assert!(mobile(0.0));
}
