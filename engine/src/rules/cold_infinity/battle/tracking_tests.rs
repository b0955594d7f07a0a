//! Tracking (§8.1.9) in the battle, on the hand-built Reaper duel of `tests.rs` with its first
//! railgun given the Tracking configuration (Burst subtype, §17.1).

use super::super::config::matchups::mirrored;
use super::super::defensive_fire::DfTally;
use super::super::design::Config;
use super::super::fire::hit_location::Struck;
use super::super::fire::hit_roll::HitRoll;
use super::super::matchup::Matchup;
use super::super::weapons::configurations::Tracking;
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::observer::NoTrace;

/// The Reaper's first railgun: mount 0, system 3 (structure 2).
const MOUNT: usize = 0;
const SYS: usize = 3;

/// The duel, 6 hexes apart, with both Reapers' first railgun able to track (Rating `rating`).
fn tracking_duel(rating: u8) -> Matchup {
    let mut m = reaper_duel();
    m.start[1].motion = mirrored(m.start[0].motion, 6);
    let w = &mut m.designs[0].mounts[MOUNT].weapon;
    w.configs = w.configs.with(Config::Tracking);
    w.tracking = rating;
    m
}

/// Ship 0's shots chosen this phase.
fn determined(m: &Matchup, st: &mut BattleState, dice: &mut Dice) {
    fire::open_fire_determination(m, st);
    fire::determine(m, st, 0, dice);
}

/// §8.1.9 "it must be armed at double power … assigned during the Power Allocation Phase": the
/// tracking railgun draws twice its power; the same ship without Tracking keeps the difference
/// (its other weapons draw nothing here, so the reactor has room).
#[test]
fn tracking_weapon_is_armed_at_double_power_8_1_9() {
    let quiet = |mut m: Matchup| {
        for (k, w) in m.designs[0].mounts.iter_mut().enumerate() {
            if k != MOUNT {
                w.weapon.power = 0;
            }
        }
        m
    };
    let plain = quiet(reaper_duel());
    let m = quiet(tracking_duel(2));
    let power = i32::from(m.designs[0].mounts[MOUNT].weapon.power);
    assert!(power > 0);
    let mut dice = Dice::for_battle(1, 2, 3);
    let mut a = started(&plain);
    preliminary::power_allocation(&plain, &mut a, &mut dice);
    let mut b = started(&m);
    preliminary::power_allocation(&m, &mut b, &mut dice);
    assert!(b.tracks[0][MOUNT].doubled);
    assert!(!a.tracks[0][MOUNT].doubled);
    assert_eq!(b.ships[0].spare_power, a.ships[0].spare_power - power);
}

/// §8.1.9: with double power the railgun's Burst shot is chosen as a tracking shot; without it
/// "tracking weapons may be fired as standard weapons (using a burst configuration)".
#[test]
fn tracking_shot_needs_double_power_8_1_9() {
    let m = tracking_duel(2);
    for (doubled, config) in [(true, Config::Tracking), (false, Config::Burst)] {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(1, 2, 3);
        st.tracks[0][MOUNT].doubled = doubled;
        determined(&m, &mut st, &mut dice);
        let shot = st.shots.iter().find(|s| usize::from(s.mount) == MOUNT);
        assert_eq!(shot.map(|s| s.config), Some(config));
    }
}

/// §8.1.9: "roll 3d6 again and add the to-hit DRM" — natural 10 at DRM +4 (14, a hull hit),
/// tracking roll 5+5+4 = 14 + 4 = 18 → 3 turns, within Rating 4; at Rating 2 the Rating caps
/// it. The attack is kept with its first location (the hull of the section facing).
#[test]
fn tracking_roll_sets_the_turns_8_1_9() {
    for (rating, turns) in [(4u8, 3u8), (2, 2)] {
        let m = tracking_duel(rating);
        let mut st = started(&m);
        let shot = Shot {
            attacker: 0,
            mount: MOUNT as u8,
            target: 1,
            drm: 4,
            df: DfTally::NONE,
            ablative: DfTally::NONE,
            section: 0,
            config: Config::Tracking,
            range: 24,
            value: 1.0,
            follow: false,
        };
        let hit = HitRoll::new(10, 4);
        let mut dice = ScriptedDice::new(&[5, 5, 4]);
        tracking::start(&m, &mut st, &shot, hit, Default::default(), true, &mut dice);
        let (t, c) = st.tracks[0][MOUNT]
            .track
            .expect("an attack of 2+ turns is kept");
        assert_eq!(t, 1);
        assert_eq!((c.turns, c.done), (turns, 1));
        assert_eq!(c.first, Some(Struck::Hull { section: 0 }));
    }
    // A tracking roll under 14 is one turn (D19 30): nothing is kept.
    let m = tracking_duel(4);
    let mut st = started(&m);
    let shot = Shot {
        attacker: 0,
        mount: MOUNT as u8,
        target: 1,
        drm: 0,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: 0,
        config: Config::Tracking,
        range: 24,
        value: 1.0,
        follow: false,
    };
    let mut dice = ScriptedDice::new(&[1, 2, 3]);
    tracking::start(
        &m,
        &mut st,
        &shot,
        HitRoll::new(14, 0),
        Default::default(),
        true,
        &mut dice,
    );
    assert_eq!(st.tracks[0][MOUNT].track, None);
}

/// An attack in progress on ship 1's section `facing` hull: turn 2 of 3.
fn in_progress(st: &mut BattleState, facing: usize) {
    st.tracks[0][MOUNT] = tracking::MountTrack {
        doubled: true,
        left_at_fire: 2,
        track: Some((
            1,
            Tracking {
                hit: HitRoll::new(10, 4),
                facing,
                first: Some(Struck::Hull { section: facing }),
                turns: 3,
                done: 1,
            },
        )),
    };
}

/// §8.1.9: a later turn is a shot with no hit roll at the first location; its damage is marked
/// on that hull, and the turn is counted; the mount fires nothing new meanwhile.
#[test]
fn attack_in_progress_hits_again_8_1_9() {
    let m = tracking_duel(4);
    let mut st = started(&m);
    let mut dice = Dice::for_battle(5, 0, 0);
    in_progress(&mut st, 0);
    determined(&m, &mut st, &mut dice);
    let mine: Vec<&Shot> = st
        .shots
        .iter()
        .filter(|s| usize::from(s.mount) == MOUNT)
        .collect();
    assert_eq!(mine.len(), 1);
    assert!(mine[0].follow);
    assert_eq!(mine[0].config, Config::Tracking);
    assert_eq!(mine[0].df.total(), 0);
    // Only this shot: the fire phase marks the railgun's 1d6 on hull section 0 (no armor
    // there on a Reaper's fore? whatever it is, the hull takes what gets past it).
    st.shots.retain(|s| s.follow);
    let hull_before = st.damage[1].hull_left(&m.designs[0].design, 0);
    fire::resolve(&m, &mut st, &mut dice, &mut NoTrace);
    let hull_after = st.damage[1].hull_left(&m.designs[0].design, 0);
    let armor = super::super::armor::section_armor(
        &m.designs[0].design,
        &st.damage[1],
        0,
        m.designs[0].mounts[MOUNT].weapon.tech,
        m.rules.fire.halving,
    );
    assert!(hull_before - hull_after <= 6u16.saturating_sub(armor));
    let (_, c) = st.tracks[0][MOUNT].track.unwrap();
    assert_eq!(c.done, 2);
    // The last turn ends it.
    fire::open_fire_determination(&m, &mut st);
    fire::determine(&m, &mut st, 0, &mut dice);
    st.shots.retain(|s| s.follow);
    assert_eq!(st.shots.len(), 1);
    fire::resolve(&m, &mut st, &mut dice, &mut NoTrace);
    assert_eq!(st.tracks[0][MOUNT].track, None);
}

/// §8.1.9: "The weapon will also stop firing if it is unpowered or takes any damage during its
/// firing period" (and when its target is gone): the attack ends and the mount, still armed,
/// chooses a new shot as usual.
#[test]
fn attack_stops_unpowered_damaged_or_without_target_8_1_9() {
    let m = tracking_duel(4);
    for case in 0..3 {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(5, 0, 0);
        in_progress(&mut st, 0);
        match case {
            0 => st.tracks[0][MOUNT].doubled = false,
            1 => st.damage[0].system_damage[SYS] = 1,
            _ => st.ships[1].alive = false,
        }
        determined(&m, &mut st, &mut dice);
        assert_eq!(st.tracks[0][MOUNT].track, None, "case {case}");
        assert!(st.shots.iter().all(|s| !s.follow), "case {case}");
    }
}

/// Whole battles: tracking attacks go on over turns, never beside a new shot of their mount,
/// and the same seed gives the same battle.
#[test]
fn tracking_duel_battles_8_1_9() {
    let m = tracking_duel(4);
    let mut follows = 0;
    let mut outcomes = Vec::new();
    for seed in 0..40 {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(seed, 0, 0);
        while !turn(&m, &mut st, &mut dice, &mut NoTrace) {
            for s in st.shots.iter().filter(|s| s.follow) {
                follows += 1;
                let same_mount = st
                    .shots
                    .iter()
                    .filter(|o| o.attacker == s.attacker && o.mount == s.mount)
                    .count();
                assert_eq!(same_mount, 1);
            }
        }
        outcomes.push((
            st.turn,
            st.damage[0].points_marked(),
            st.damage[1].points_marked(),
        ));
    }
    assert!(follows > 0);
    let mut again = Vec::new();
    for seed in 0..3 {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(seed, 0, 0);
        while !turn(&m, &mut st, &mut dice, &mut NoTrace) {}
        again.push((
            st.turn,
            st.damage[0].points_marked(),
            st.damage[1].points_marked(),
        ));
    }
    assert_eq!(again[..], outcomes[..3]);
}
