//! One guided turn end to end, as a battle loop would call it: launch two missiles before
//! movement, move the target, check arrival, intercept with the target's railgun (RoF 3+0:
//! three attempts at ranges 4, 2, 1, §11.1.6), then the survivor's to-hit roll and damage.

use super::flight::{Arrival, Sight, arrival};
use super::flights::Flights;
use super::hit::{Fate, GuidedAim, guided_modifiers, guided_phase};
use super::launch::tests::{facts, harbinger};
use super::launch::{LauncherState, launch_missile};
use super::magazine::Magazine;
use super::readings::Readings;
use super::strike::resolve_strike;
use crate::dice::ScriptedDice;
use crate::hex::Hex;
use crate::rules::cold_infinity::damage_state::ShipDamage;
use crate::rules::cold_infinity::design::RangeRating;
use crate::rules::cold_infinity::design::fixtures::reaper;
use crate::rules::cold_infinity::fire::Readings as FireReadings;
use crate::rules::cold_infinity::fire::attack::Defences;
use crate::rules::cold_infinity::fire::hit_roll::HitBand;
use crate::rules::cold_infinity::intercepts::{intercept_attempts, intercept_drm};
use crate::rules::cold_infinity::policy::{Policy, system_pick};

#[test]
fn harbinger_salvo_against_a_reaper() {
    let r = Readings::default();
    let (rack, types) = harbinger();
    let mut state = LauncherState::battle_start(rack.rof(), true);
    let mut mag = Magazine::default();
    mag.load(0, 40, rack.magazine).unwrap();
    let mut flights = Flights::default();

    // Weapon Launch Phase: the Reaper is 8 hexes away (launch range 10).
    for _ in 0..2 {
        let f = launch_missile(&rack, &mut state, &mut mag, &types, None, facts(8), &r).unwrap();
        assert!(flights.push(f));
    }
    assert_eq!(mag.total(), 38);

    // Movement: the Reaper runs to (12, 0); the markers stay at the launch hex.
    let target_hex = Hex::new(12, 0);
    let range = flights
        .iter()
        .next()
        .unwrap()
        .launch_hex
        .distance(target_hex) as u16;
    for f in flights.iter() {
        assert_eq!(arrival(f, range, Sight::Clear), Arrival::Strikes);
    }

    // Guided Weapons Phase. The Reaper's railgun (+3, −1/2, 1 amplification, shroud on the
    // launch hex) intercepts: attempts at ranges 4, 2, 1 → −3, −2, −2 (−1 per 2 hexes or part; missile +2, rack +3).
    let railgun = crate::rules::cold_infinity::design::fixtures::railgun();
    assert_eq!(intercept_attempts(&railgun), 3);
    let drm = |k| intercept_drm(3, RangeRating { per: 1, hexes: 2 }, 1, true, k, range, 2, 3);
    assert_eq!((drm(1), drm(2), drm(3)), (-3, -2, -2));
    let aim = GuidedAim {
        silhouette: 1,
        launcher_sees: true,
        target_sections: 3,
        ..GuidedAim::default()
    };
    let design = reaper();
    let mut damage = ShipDamage::new(&design);
    let mut dice = ScriptedDice::new(&[3, 3, 3, 6, 5, 2, 1, 1, 1, 2, 3, 3, 5, 6]);
    let fates: Vec<Fate> = flights
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let hit_drm = guided_modifiers(f, &aim, &r).drm();
            assert_eq!(hit_drm, 6);
            let attempts: &[i16] = if i == 0 { &[-3, -2] } else { &[-2] };
            guided_phase(&mut dice, attempts, &[], hit_drm)
        })
        .collect();
    assert_eq!(fates[0], Fate::Intercepted(1));
    let Fate::Hit(hit) = fates[1] else {
        panic!("{:?}", fates[1])
    };
    assert_eq!((hit.modified, hit.band), (14, HitBand::Hull));
    let second = *flights.iter().nth(1).unwrap();
    let out = resolve_strike(
        &design,
        &mut damage,
        &mut dice,
        &FireReadings::default(),
        system_pick(&Policy::preset("closing-gunline").unwrap(), 0),
        &second,
        range,
        0,
        hit,
        &Defences::default(),
    );
    // 2d6 = 11, Matter: straight through the 4 armor to the forward hull.
    assert_eq!(out.rolled, 11);
    assert_eq!(damage.hull_damage[0], 11);
    assert_eq!(dice.used(), 14);

    // End of the phase: missiles are spent.
    flights.retain(|f| f.munition.is_drone());
    assert!(flights.is_empty());
}
