//! Within-side ties go to the battle's dice, not the ships' order (fair play): the nearest
//! enemy, a guided weapon's new target, the nearest surrendered ship. Two enemies equally
//! near (5 hexes, along +q and +r): under different dice each gets chosen.

use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::HouseRules;
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::Policy;
use crate::rules::junction::ship::{ShipState, Status};

/// A1 at the origin, B1 at (5,0), B2 at (0,5), B3 (wrecked) at (9,9); `f` runs under the
/// dice of battle `k`, after `setup`, and returns the ship it chose.
fn chosen(
    k: u64,
    setup: impl Fn(&mut BattleState),
    f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>) -> Option<usize>,
) -> Option<usize> {
    let d = ShipDesign::bare("hull");
    let ship = |side, q, r| {
        let mut s = ShipState::new(0, &d, side, 100, 0);
        s.pos = Hex::new(q, r);
        s.prev_pos = s.pos;
        s
    };
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
        vec![d.clone()],
        vec![
            ship(Side::A, 0, 0),
            ship(Side::B, 5, 0),
            ship(Side::B, 0, 5),
            ship(Side::B, 9, 9),
        ],
        vec!["A1".into(), "B1".into(), "B2".into(), "B3".into()],
        [
            Policy {
                fire_on_surrendered: true,
                ..Policy::preset("brawler").unwrap()
            },
            Policy::preset("brawler").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    st.ships[3].status = Status::Destroyed;
    setup(&mut st);
    let mut dice = Dice::for_battle(5, 0, k);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    f(&mut b)
}

/// Over 40 battles' dice: how often each ship was chosen.
fn tally(
    setup: impl Fn(&mut BattleState) + Copy,
    f: impl Fn(&mut Battle<'_, Dice, NoTrace>) -> Option<usize> + Copy,
) -> [u32; 4] {
    let mut seen = [0; 4];
    for k in 0..40 {
        seen[chosen(k, setup, f).unwrap()] += 1;
    }
    seen
}

#[test]
fn the_nearest_enemy_tie_goes_to_the_dice() {
    let seen = tally(|_| {}, |b| b.nearest_enemy(0));
    assert!(
        seen[1] > 5 && seen[2] > 5 && seen[1] + seen[2] == 40,
        "{seen:?}"
    );
}

/// "Guided Weapon Maneuver": a salvo whose target left play takes the nearest enemy.
#[test]
fn a_guided_weapons_new_target_tie_goes_to_the_dice() {
    let setup = |st: &mut BattleState| {
        st.gws.push(GwGroup {
            owner: 0,
            side: Side::A,
            guided: 0,
            count: 2,
            pos: Hex::new(0, 0),
            vel: Hex::default(),
            prev_pos: Hex::new(0, 0),
            delta_v: 10,
            burned: false,
            launched: 1,
            target: 3,
            contact: false,
            doomed: false,
            mass_driver: 0,
            committed: false,
            standoff: false,
            drone: false,
            decoys: 0,
            decoy_guided: 0,
            guns_fired: 0,
            pd_shots: 0,
            lines: 0,
        });
    };
    let seen = tally(setup, |b| {
        b.guided_maneuver();
        Some(usize::from(b.st.gws[0].target))
    });
    assert!(
        seen[1] > 5 && seen[2] > 5 && seen[1] + seen[2] == 40,
        "{seen:?}"
    );
}

/// J40 policy `fire_on_surrendered`: the nearest surrendered enemy.
#[test]
fn the_nearest_surrendered_ship_tie_goes_to_the_dice() {
    let setup = |st: &mut BattleState| {
        st.ships[1].status = Status::Surrendered;
        st.ships[2].status = Status::Surrendered;
    };
    let seen = tally(setup, |b| b.direct_fire_target(0));
    assert!(
        seen[1] > 5 && seen[2] > 5 && seen[1] + seen[2] == 40,
        "{seen:?}"
    );
}

/// A drone's beam threat (EM Deflector screens, `deflectors.rs`): two enemy particle-beam
/// ships equally near go to the dice (before: the lower index, B1 always).
#[test]
fn the_beam_threat_tie_goes_to_the_dice() {
    use crate::rules::junction::design::{DirectWeapon, WeaponKind};
    let hull = ShipDesign::bare("hull");
    let beam_ship = ShipDesign {
        weapons: vec![0],
        ..ShipDesign::bare("beam ship")
    };
    let ship = |design, d: &ShipDesign, side, q, r| {
        let mut s = ShipState::new(design, d, side, 100, 0);
        s.pos = Hex::new(q, r);
        s.prev_pos = s.pos;
        s
    };
    let m = Matchup::new(
        Catalogue {
            weapons: vec![DirectWeapon {
                name: "particle beam".into(),
                kind: WeaponKind::ParticleBeam { tae: 0.5 },
                ap: 20.0,
                ranges: [3, 6, 9],
                volume: 12.0,
                energy: 0.0,
            }],
            guided: vec![],
        },
        vec![hull.clone(), beam_ship.clone()],
        vec![
            ship(0, &hull, Side::A, 0, 0),
            ship(1, &beam_ship, Side::B, 5, 0),
            ship(1, &beam_ship, Side::B, 0, 5),
        ],
        vec!["A1".into(), "B1".into(), "B2".into()],
        [
            Policy::preset("brawler").unwrap(),
            Policy::preset("brawler").unwrap(),
        ],
        HouseRules::default(),
    );
    let mut seen = [0u32; 3];
    for k in 0..40 {
        let mut st = BattleState::for_matchup(&m);
        st.reset(&m);
        let mut dice = Dice::for_battle(5, 0, k);
        let mut b = Battle {
            m: &m,
            st: &mut st,
            dice: &mut dice,
            obs: &mut NoTrace,
        };
        seen[b.beam_threat(0).unwrap()] += 1;
    }
    assert!(seen[1] > 5 && seen[2] > 5 && seen[0] == 0, "{seen:?}");
}
