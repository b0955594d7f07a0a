//! §8.1.8 Wave in the battle: "Wave-based weapons are capable of striking any and all ships
//! within its range and firing arc … the attacker rolls to hit once for each ship (friend or
//! foe) in the weapon's path", outward from the firer's hex, "the Range DRM will worsen as the
//! distance from the firing unit increases", until a miss (units at that distance may still be
//! rolled, none farther) or the wave range; each hit is Slicing; no defensive fire.
//!
//! The battle's reading: the path is every ship in the firer's hex and every other ship in the
//! weapon's arc within its wave range (house rule `wave_sight`: whether ships hide others), in
//! the attacker's order (`fire::wave::order_path`); each roll is a shot of its own through the
//! fire phase's resolution (shields, the hit roll, `resolve_attack` as Slicing, damage credit
//! by weapon; house rule `wave_credit` for hits on friends). The wave has no target to aim at
//! (it sweeps the whole arc), so the firer's choice is only whether to fire: the policy's
//! [`fire_wave`], expected damage to enemies against friends. A wave weapon fires only as
//! Wave (the config refuses it with other configurations).
//!
//! [`fire_wave`]: super::super::policy::fire_wave

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::arcs::can_bear;
use super::super::armor::section_armor;
use super::super::aspect::struck_sections;
use super::super::defensive_fire::DfTally;
use super::super::design::{Config, WeaponDesign};
use super::super::fire::hit_roll::{HitModifiers, hit_ways};
use super::super::fire::readings::WaveSight;
use super::super::fire::wave::{WaveUnit, expected, order_path, roll_path};
use super::super::geometry::range;
use super::super::matchup::Matchup;
use super::super::policy::{choose_seam, config_damage, fire_wave, pick_tie};
use super::super::preconditions::{Target, sight_facts};
use super::super::weapons::configurations::sliced_systems;
use super::fire::{firer, pose, resolve_shot};
use super::weapon_damage::weapon_now;
use super::{BattleState, Shot};

/// Whether a weapon fires as a wave (§8.1.8).
pub const fn is_wave(w: &WeaponDesign) -> bool {
    w.configs.contains(Config::Wave)
}

/// The path of mount `k` of ship `i` now (§8.1.8), in the attacker's order, into `st.wave`:
/// each ship in the firer's hex or in the weapon's arc within its wave range (and, under
/// `wave_sight = line-of-sight`, in sight past the others), with its hit DRM (§7.3.1: range,
/// silhouette, EW, accuracy, the firer's bridge), the section struck (on a seam the attacker's
/// pick: an enemy's weaker section, a friend's stronger, ties by dice) and the policy's
/// measures. A ship out of the battle is no unit (no wreck stays on the map).
pub(super) fn path<R: Roller>(m: &Matchup, st: &mut BattleState, i: usize, k: usize, dice: &mut R) {
    st.wave.clear();
    let weapon = weapon_now(m, st, i, k);
    let reach = i32::from(weapon.wave_range);
    let firer = firer(m, st, i, k);
    let other = st.condition[i].bridge_accuracy;
    let side = st.ships[i].side;
    for u in 0..st.ships.len() {
        let them = st.ships[u];
        if u == i || !them.alive {
            continue;
        }
        let d = range(firer.pose.pos, them.motion.pos);
        // "Beginning with the attacker's hex": a ship there is in the path whatever the arc.
        // The arc only: at resolution the weapon has already started arming over (§7.1.3).
        let p = &firer.pose;
        let in_arc = d == 0
            || can_bear(
                &m.rules.movement.arcs,
                m.rules.movement.rotated_arcs,
                firer.arc,
                p.pos,
                p.facing,
                p.roll,
                p.tumble,
                them.motion.pos,
            );
        if d > reach || !in_arc {
            continue;
        }
        st.others.clear();
        if m.rules.fire.wave_sight == WaveSight::LineOfSight {
            for (j, s) in st.ships.iter().enumerate() {
                if s.alive && j != i && j != u {
                    st.others
                        .push((s.motion.pos, i32::from(m.design_of(j).design.mass_tenths)));
                }
            }
        }
        let td = &m.design_of(u).design;
        let target = Target {
            pose: pose(st, u),
            mass: i32::from(td.mass_tenths),
            fa: i32::from(td.sil_fa),
            ps: i32::from(td.sil_ps),
            layout: td.layout(),
            ecm: i32::from(them.ew.ecm),
        };
        let Ok(facts) = sight_facts(&m.rules.movement, &firer, &target, &st.others) else {
            continue;
        };
        let mut mods =
            HitModifiers::from_facts(&facts, &weapon, td.section_count(), m.rules.fire.range_zero);
        mods.other = other;
        let drm = mods.drm();
        let friend = them.side == side;
        let (a, b) = struck_sections(td, facts.section);
        let section = match b {
            None => a,
            Some(b) => {
                let dmg = &st.damage[u];
                let left =
                    |s: usize| u32::from(dmg.hull_left(td, s)) + u32::from(dmg.armor_now(td, s));
                match choose_seam((a, left(a)), (b, left(b))) {
                    Some(weaker) if friend => a + b - weaker,
                    Some(weaker) => weaker,
                    None => [a, b][pick_tie(dice, 2) as usize],
                }
            }
        };
        let armor = section_armor(
            td,
            &st.damage[u],
            section,
            weapon.tech,
            m.rules.fire.halving,
        );
        let p = f64::from(hit_ways(drm)) / 216.0;
        // Each unit is struck as Slicing (§8.1.8): the roll shared over the section's systems,
        // each share meeting armor (`config_damage`).
        let damage = config_damage(
            weapon.damage,
            Config::Wave,
            armor,
            sliced_systems(td, &st.damage[u], section, m.rules.fire.slicing_split),
            drm,
        );
        st.wave.push(WaveUnit {
            ship: u as u8,
            distance: d as u16,
            friend,
            drm,
            section: section as u8,
            p,
            damage,
        });
    }
    order_path(&mut st.wave, dice);
}

/// §7.2 for a wave mount `k` of ship `i`: its path now, and the policy's [`fire_wave`] on its
/// expected damage to enemies and to friends (`fire::wave::expected`). If it fires, its shots
/// (one per rate of fire) are named for the nearest enemy in the path, with the wave's net
/// value; defensive fire cannot meet them (§8.1.8, `technologies::can_be_defended`).
pub(super) fn choose<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    k: usize,
    dice: &mut R,
) {
    path(m, st, i, k, dice);
    let w = m.design_of(i).mounts[k].weapon;
    let (enemy, friend) = expected(&st.wave, u16::from(w.wave_range));
    if !fire_wave(enemy, friend) {
        return;
    }
    let Some(aim) = st.wave.iter().find(|u| !u.friend).copied() else {
        return;
    };
    let shot = Shot {
        attacker: i as u8,
        mount: k as u8,
        target: aim.ship,
        drm: aim.drm,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: aim.section,
        config: Config::Wave,
        range: aim.distance,
        value: enemy - friend,
        follow: false,
    };
    for _ in 0..w.rof.shots.max(1) {
        st.shots.push(shot);
    }
}

/// The trace's words for ship `i`'s ready wave weapons that held fire (read by `holds_fire`
/// after [`choose`] decided): what [`fire_wave`] weighed — the expected damage to enemies and
/// to friends in each path (`fire::wave::expected`), the mount with the most to enemies. The
/// path is found again from the same positions; its dice ties (the seam, the order at one
/// distance) are broken by a die of the trace's own, never the battle's, so a traced battle
/// stays the battle `run` plays. `None` without a ready wave weapon.
pub(super) fn held_words(m: &Matchup, st: &mut BattleState, i: usize) -> Option<String> {
    let mut own = crate::dice::Dice::for_battle(0, 0, 0);
    let (mut n, mut best) = (0u32, (f64::MIN, 0.0));
    for (k, w) in m.design_of(i).mounts.iter().enumerate() {
        if !is_wave(&w.weapon) || !st.ships[i].arming[k].can_fire(w.weapon.rof) {
            continue;
        }
        n += 1;
        path(m, st, i, k, &mut own);
        let (enemy, friend) = expected(&st.wave, u16::from(w.weapon.wave_range));
        if enemy > best.0 {
            best = (enemy, friend);
        }
    }
    if n == 0 {
        return None;
    }
    let (enemy, friend) = best;
    Some(if enemy <= 0.0 {
        format!("its {n} ready wave weapon(s) can hit no enemy in their path")
    } else {
        format!(
            "its {n} ready wave weapon(s) hold: expected {enemy:.2} damage to enemies is not \
             more than {friend:.2} to friends in the path"
        )
    })
}

/// §8.1.8 in the Starship Weapons Phase: the wave shot `shot` rolls along its path (found again
/// from the same positions) under `fire::wave::roll_path`'s stop rule, one shot resolved per
/// unit rolled ([`resolve_shot`]: the hit roll, shields, Slicing damage, the trace line).
pub(super) fn fire<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    shot: Shot,
    dice: &mut R,
    obs: &mut O,
    literal: bool,
) {
    let (i, k) = (usize::from(shot.attacker), usize::from(shot.mount));
    path(m, st, i, k, dice);
    let reach = u16::from(m.design_of(i).mounts[k].weapon.wave_range);
    trace!(
        obs,
        "  {} fires {} (Wave, wave range {}): {} ship(s) in its path",
        m.names[i],
        m.design_of(i).mount_names[k],
        reach,
        st.wave.len()
    );
    // The path is read while shots are resolved; taken out and put back (no allocation).
    let path = std::mem::take(&mut st.wave);
    roll_path(&path, reach, |u| {
        let unit = path[u];
        let one = Shot {
            target: unit.ship,
            drm: unit.drm,
            section: unit.section,
            range: unit.distance,
            value: unit.p * unit.damage,
            ..shot
        };
        resolve_shot(m, st, one, dice, obs, literal)
    });
    st.wave = path;
}
