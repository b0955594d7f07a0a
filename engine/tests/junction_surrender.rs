//! Shooting a surrendered ship (seed "Important Rule: Morale", digest §2.10): it rejoins the
//! battle against the shooter's side at morale +6, and nobody surrenders to that side for the
//! rest of the battle. Only a policy with `fire_on_surrendered` (house rule J40) does it.

use fleetlab_engine::dice::Dice;
use fleetlab_engine::outcome::{Ending, Outcome, ShipTally, Side, Verdict};
use fleetlab_engine::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::{ShipState, Status};
use fleetlab_engine::rules::junction::{BattleState, Event, Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

/// A1 (a laser gunboat, no drives) at the origin; B1 surrendered 1 hex away; B2 in play 20
/// hexes away (beyond the laser's 10-hex Probable Hit range) at morale −12, without a jump
/// drive. B's ships are brawlers too; nothing can move. Heavy armor (PR 10) takes the laser's
/// 8 AP off the Armor Value only, so no crit is rolled.
fn matchup(fire_on_surrendered: bool) -> Matchup {
    let cat = Catalogue {
        weapons: vec![DirectWeapon {
            name: "laser".into(),
            kind: WeaponKind::Laser {
                redundant_emitters: 1,
            },
            ap: 8.0,
            ranges: [2, 4, 10],
            volume: 1.0,
            energy: 0.0,
        }],
        guided: vec![],
    };
    let d = ShipDesign {
        weapons: vec![0],
        armor: 100.0,
        protection: 10.0,
        ..ShipDesign::bare("gunboat")
    };
    let ship = |side, q, morale, status| {
        let mut s = ShipState::new(0, &d, side, 100, 0);
        s.pos = Hex::new(q, 0);
        s.prev_pos = s.pos;
        s.morale = morale;
        s.status = status;
        s
    };
    let start = vec![
        ship(Side::A, 0, 0, Status::Active),
        ship(Side::B, 1, -10, Status::Surrendered),
        ship(Side::B, 20, -12, Status::Active),
    ];
    let mut a = Policy::preset("brawler").unwrap();
    a.fire_on_surrendered = fire_on_surrendered;
    Matchup::new(
        cat,
        vec![d],
        start,
        vec!["A1".into(), "B1".into(), "B2".into()],
        [a, Policy::preset("brawler").unwrap()],
        HouseRules {
            turn_cap: 1,
            ..HouseRules::default()
        },
    )
}

fn play(m: &Matchup) -> (Outcome, BattleState) {
    let mut state = Junction::new_state(m);
    let mut ships = [ShipTally::default(); 3];
    let mut dice = Dice::for_battle(7, 0, 0);
    let out = Junction::play(m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (out, state)
}

/// A1 fires on the surrendered B1: B1 is back in play at morale +6 (drifting to +5 toward
/// its target of 0 in the crew phase), takes the hit (armor 100 → 92), does not fire back in
/// the phase it rejoined, and side A is marked: nobody surrenders to it any more.
#[test]
fn shooting_a_surrendered_ship_brings_it_back_at_morale_6() {
    let (out, st) = play(&matchup(true));
    let b1 = &st.ships[1];
    assert_eq!(b1.status, Status::Active);
    assert_eq!(b1.morale, 5);
    assert_eq!(b1.armor, 92.0);
    assert_eq!(b1.side, Side::B);
    // B1 is A1's nearest enemy again but fired nothing this turn.
    assert_eq!(st.ships[0].armor, 100.0);
    assert_eq!(st.no_quarter, [true, false]);
    let a = &out.sides[0].events;
    assert_eq!(a[Event::SurrenderedShot as usize], 1);
    assert_eq!(a[Event::DirectHits as usize], 1);
    assert_eq!(out.sides[1].events[Event::DirectHits as usize], 0);
}

/// B2 fails its resolve check at −11 (d20 − 11 < DC 10, sides even) and cannot jump, so it
/// would surrender at −9 or lower; after A shot a surrendered ship it fights on instead
/// (event `surrender_refused`) and the battle goes to the turn cap with B1 and B2 in play.
/// Without the policy setting B1 stays surrendered, B2 surrenders and A wins at once.
#[test]
fn nobody_surrenders_to_a_side_that_shot_a_surrendered_ship() {
    let (out, st) = play(&matchup(true));
    assert_eq!(st.ships[2].status, Status::Active);
    assert_eq!(st.ships[2].morale, -12);
    let b = &out.sides[1].events;
    assert_eq!(b[Event::FailedResolve as usize], 1);
    assert_eq!(b[Event::SurrenderRefused as usize], 1);
    assert_eq!(b[Event::Surrenders as usize], 0);
    assert_eq!(out.ending, Ending::TurnLimit);
    assert_eq!(out.sides[1].survivors, 2);

    let (out, st) = play(&matchup(false));
    assert_eq!(st.ships[1].status, Status::Surrendered);
    assert_eq!(st.ships[2].status, Status::Surrendered);
    assert_eq!(st.no_quarter, [false, false]);
    let b = &out.sides[1].events;
    assert_eq!(b[Event::Surrenders as usize], 1);
    assert_eq!(b[Event::SurrenderRefused as usize], 0);
    assert_eq!(out.sides[0].events[Event::SurrenderedShot as usize], 0);
    assert_eq!(out.ending, Ending::Annihilation);
    assert_eq!(out.verdict, Verdict::Win(Side::A));
}
