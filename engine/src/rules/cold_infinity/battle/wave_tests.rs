//! Wave (§8.1.8) in the battle, on the hand-built Reapers of `tests.rs`: A1 at the origin
//! facing 1 with its first railgun made a wave weapon, its friend A2 two hexes ahead, enemies
//! B1 and B2 two hexes out on either side of it and B3 four hexes ahead.

use super::super::defensive_fire::DfTally;
use super::super::design::{Config, ConfigSet};
use super::super::fire::readings::{WaveCredit, WaveSight};
use super::super::geometry::{Facing, range};
use super::super::matchup::{Matchup, ShipStart};
use super::super::movement::Motion;
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::Dice;
use crate::observer::{NoTrace, Trace};

/// The wave mount (the first railgun).
const MOUNT: usize = 0;

fn line_up() -> Matchup {
    let mut m = reaper_duel();
    let ahead = Facing::new(1);
    let (u, l, r) = (
        ahead.unit(),
        ahead.turned(1).unit(),
        ahead.turned(-1).unit(),
    );
    let at = |pos: crate::hex::Hex, side: Side| ShipStart {
        design: 0,
        side,
        motion: Motion {
            pos,
            facing: if side == Side::A {
                ahead
            } else {
                ahead.reversed()
            },
            ..Motion::default()
        },
    };
    let o = m.start[0].motion.pos;
    m.start = vec![
        at(o, Side::A),
        at(o.add(u.scale(2)), Side::A),
        at(o.add(u).add(l), Side::B),
        at(o.add(u).add(r), Side::B),
        at(o.add(u.scale(4)), Side::B),
    ];
    m.names = ["A1", "A2", "B1", "B2", "B3"].map(String::from).to_vec();
    let w = &mut m.designs[0].mounts[MOUNT].weapon;
    w.configs = ConfigSet::only(Config::Wave);
    w.wave_range = 6;
    m
}

/// The wave shot of A1's mount, named for B1.
fn wave_shot() -> Shot {
    Shot {
        attacker: 0,
        mount: MOUNT as u8,
        target: 2,
        drm: 0,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: 0,
        config: Config::Wave,
        range: 2,
        value: 1.0,
        follow: false,
    }
}

/// The units a traced wave rolled against, in order: (ship name, range, hit).
fn rolls(log: &str) -> Vec<(String, u16, bool)> {
    log.lines()
        .filter(|l| l.contains("(Wave) at "))
        .map(|l| {
            let after = l.split("(Wave) at ").nth(1).unwrap();
            let name = after.split(',').next().unwrap().to_string();
            let range: u16 = after
                .split("range ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            (name, range, !l.contains("a miss"))
        })
        .collect()
}

/// §8.1.8 "Beginning with the attacker's hex and moving outward along the firing arc … once
/// for each ship (friend or foe) in the weapon's path": the path is the four others, outward,
/// the enemies at range 2 before the friend there (the attacker's order), then B3 at 4.
#[test]
fn the_path_runs_outward_friend_or_foe_8_1_8() {
    let m = line_up();
    for (s, ship) in m.start.iter().enumerate().skip(1) {
        let d = range(m.start[0].motion.pos, ship.motion.pos);
        assert_eq!(d, if s == 4 { 4 } else { 2 }, "ship {s}");
    }
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    wave::path(&m, &mut st, 0, MOUNT, &mut dice);
    let path: Vec<(u8, u16, bool)> = st
        .wave
        .iter()
        .map(|u| (u.ship, u.distance, u.friend))
        .collect();
    assert_eq!(path.len(), 4);
    assert!(
        path[..2]
            .iter()
            .all(|&(s, d, f)| (s == 2 || s == 3) && d == 2 && !f)
    );
    assert_eq!(&path[2..], &[(1, 2, true), (4, 4, false)]);
    // The range DRM worsens with distance.
    assert!(st.wave[3].drm < st.wave[0].drm);
    // A wave range of 3 leaves B3 out of the path.
    let mut m3 = line_up();
    m3.designs[0].mounts[MOUNT].weapon.wave_range = 3;
    wave::path(&m3, &mut st, 0, MOUNT, &mut dice);
    assert!(st.wave.iter().all(|u| u.ship != 4));
}

/// House rule `wave_sight`: by default nothing hides a ship from the wave; under
/// `line-of-sight` the path keeps only ships in sight past the others (never more).
#[test]
fn wave_sight_house_rule() {
    let mut m = line_up();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    wave::path(&m, &mut st, 0, MOUNT, &mut dice);
    let all = st.wave.len();
    m.rules.fire.wave_sight = WaveSight::LineOfSight;
    wave::path(&m, &mut st, 0, MOUNT, &mut dice);
    assert!(st.wave.len() <= all);
}

/// §8.1.8 over 300 battles' dice: rolls never go back inward; after the first miss only the
/// enemies left at that range are rolled (the attacker "may"), never the friend there and
/// nothing farther; and the case "other units at the same range that have not yet been
/// checked" happens (B1 or B2 missed, the other rolled).
#[test]
fn the_wave_stops_at_a_miss_same_range_enemies_still_rolled_8_1_8() {
    let m = line_up();
    let mut same_range_after_miss = 0;
    let mut reached_b3 = 0;
    for seed in 0..300 {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(seed, 0, 0);
        let mut obs = Trace::default();
        st.shots.push(wave_shot());
        fire::resolve(&m, &mut st, &mut dice, &mut obs);
        let r = rolls(&obs.log);
        assert!(!r.is_empty());
        assert!(r.windows(2).all(|w| w[0].1 <= w[1].1), "{r:?}");
        if let Some(first) = r.iter().position(|x| !x.2) {
            for later in &r[first + 1..] {
                assert_eq!(later.1, r[first].1, "seed {seed}: {r:?}");
                assert!(later.0.starts_with('B'), "seed {seed}: {r:?}");
                same_range_after_miss += 1;
            }
        }
        if r.iter().any(|x| x.0 == "B3") {
            reached_b3 += 1;
            // B3 is reached only when all three at range 2 were hit.
            assert_eq!(r.len(), 4, "seed {seed}: {r:?}");
            assert!(r[..3].iter().all(|x| x.2), "seed {seed}: {r:?}");
            assert_eq!(r[3].0, "B3");
        }
    }
    assert!(same_range_after_miss > 0);
    assert!(reached_b3 > 0);
}

/// §8.1.8 "friend or foe": a hit on the friend in the path is real damage (A2 takes it); under
/// the default `wave_credit = nobody` A1 is credited only with the enemies' damage, under
/// `firer` with all of it.
#[test]
fn a_friend_in_the_path_takes_real_damage_8_1_8() {
    for credit in [WaveCredit::Nobody, WaveCredit::Firer] {
        let mut m = line_up();
        m.rules.fire.wave_credit = credit;
        let mut friend_hit = 0;
        for seed in 0..300 {
            let mut st = started(&m);
            let mut dice = Dice::for_battle(seed, 0, 0);
            st.shots.push(wave_shot());
            fire::resolve(&m, &mut st, &mut dice, &mut NoTrace);
            let taken = |s: usize| st.ships[s].taken;
            let enemies = taken(2) + taken(3) + taken(4);
            if taken(1) > 0 {
                friend_hit += 1;
                assert!(st.damage[1].points_marked() > 0);
            }
            let want = match credit {
                WaveCredit::Nobody => enemies,
                WaveCredit::Firer => enemies + taken(1),
            };
            assert_eq!(st.ships[0].dealt, want, "seed {seed} {credit:?}");
        }
        assert!(friend_hit > 0);
    }
}

/// §8.1.8 "Defensive Fire cannot be used against wave weapons": B1's railgun with SDF 2, which
/// defends against a Burst shot, does not defend against the wave.
#[test]
fn no_defensive_fire_against_a_wave_8_1_8() {
    let mut m = line_up();
    // B's ships mount the same design: give its railgun SDF and a technology that may defend.
    let w = &mut m.designs[0].mounts[MOUNT].weapon;
    w.df.sdf = 2;
    w.tech = super::super::design::Tech::Particle;
    // A second design for A1 alone, whose mount 0 stays a wave weapon.
    let mut wave_design = m.designs[0].clone();
    let mut plain = m.designs[0].clone();
    plain.mounts[MOUNT].weapon.configs = ConfigSet::only(Config::Burst);
    plain.mounts[MOUNT].weapon.wave_range = 0;
    wave_design.mounts[MOUNT].weapon.configs = ConfigSet::only(Config::Wave);
    m.designs = vec![plain, wave_design];
    m.start[0].design = 1;
    for (config, df) in [(Config::Burst, 2), (Config::Wave, 0)] {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(1, 2, 3);
        st.shots.push(Shot {
            config,
            ..wave_shot()
        });
        defensive_fire::defensive_fire(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
        assert_eq!(st.shots[0].df.total(), df, "{config:?}");
    }
}

/// Fire determination (policy `fire_wave`): with enemies in the path A1 fires its wave; with
/// only its friend in the path (the enemies moved out of the arc, behind it) it holds. The
/// wave is the railgun with 40 more damage: each unit is valued as Slicing
/// (`policy::config_damage`), and the railgun's own roll, shared over a Reaper section's
/// systems, puts nothing through their armor — a wave a player would not fire.
#[test]
fn a_wave_is_fired_only_for_the_enemies_in_its_path() {
    let mut m = line_up();
    let railgun = m.designs[0].mounts[MOUNT].weapon.damage;
    assert_eq!(
        crate::rules::cold_infinity::policy::config_damage(railgun, Config::Wave, 3, 3, 0),
        0.0
    );
    m.designs[0].mounts[MOUNT].weapon.damage.fixed += 40;
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    fire::open_fire_determination(&m, &mut st);
    fire::determine(&m, &mut st, 0, &mut dice);
    let waves: Vec<&Shot> = st
        .shots
        .iter()
        .filter(|s| usize::from(s.mount) == MOUNT)
        .collect();
    assert_eq!(
        waves.len(),
        usize::from(m.designs[0].mounts[MOUNT].weapon.rof.shots.max(1))
    );
    assert!(
        waves
            .iter()
            .all(|s| s.config == Config::Wave && s.value > 0.0)
    );
    // Only the friend ahead: enemies far behind A1, out of the wave's range.
    let mut lone = line_up();
    let back = Facing::new(1).reversed().unit().scale(20);
    for ship in &mut lone.start[2..] {
        ship.motion.pos = ship.motion.pos.add(back);
    }
    let mut st = started(&lone);
    fire::open_fire_determination(&lone, &mut st);
    fire::determine(&lone, &mut st, 0, &mut dice);
    assert!(st.shots.iter().all(|s| usize::from(s.mount) != MOUNT));
}
