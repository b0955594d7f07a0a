//! §8.1.9 Tracking in the battle: "Tracking weapons fire over multiple turns. In order for a
//! tracking weapon to fire in its tracking configuration, it must be armed at double power for
//! the duration of its attack. This extra power must have been assigned during the Power
//! Allocation Phase." After a hit, 3d6 + the to-hit DRM gives the turns it keeps hitting
//! (`weapons::configurations::tracking_turns`, capped at the tracking Rating); "Damage is
//! rolled on each turn that the tracking weapon hits its target, using the hit location result
//! from the initial to-hit roll. If the result was a system hit, move one column to the right
//! on each turn." It "will stop firing if line of sight is broken or the target ship moves out
//! of the weapon's firing arc … if it is unpowered or takes any damage during its firing
//! period."
//!
//! The battle's reading: power is doubled by the policy's [`tracking_power`] (else the weapon
//! fires as a plain Burst, "tracking weapons may be fired as standard weapons"); a mount keeps
//! at most one attack in progress (the first of its tracking shots to hit starts it), and
//! fires no new shot while it lasts; each later turn is a shot with no hit roll (so no
//! defensive fire and no shield deflection: both act on the to-hit roll, §11.1, §11.2.1),
//! struck where the initial hit struck, through shields and armor as a Burst volley, with the
//! initial roll's band and natural roll (§13.2 reads it as on the first turn).
//!
//! [`tracking_power`]: super::super::policy::tracking_power

use crate::dice::Roller;

use super::super::defensive_fire::DfTally;
use super::super::design::Config;
use super::super::fire::damage::ShotRules;
use super::super::fire::hit_location::{DefenderPick, Struck, locate};
use super::super::fire::hit_roll::HitRoll;
use super::super::matchup::Matchup;
use super::super::policy::mean_damage;
use super::super::preconditions::{Firer, weapon_bears};
use super::super::weapons::configurations::{
    HitContext, Tracking, start_tracking, tracking_continues, tracking_location,
};
use super::fire::{firer, sight};
use super::{BattleState, Shot};

/// One mount's tracking state (§8.1.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MountTrack {
    /// Armed at double power this turn (assigned in the Power Allocation Phase).
    pub doubled: bool,
    /// The weapon system's undamaged structure when its tracking shot was chosen: any loss
    /// since stops the attack.
    pub left_at_fire: u16,
    /// The attack in progress: its target and its course.
    pub track: Option<(u8, Tracking)>,
}

/// Whether a weapon can track: it lists the Tracking configuration (with its subtype, §17.1).
pub const fn can_track(w: &super::super::design::WeaponDesign) -> bool {
    w.configs.contains(Config::Tracking)
}

/// Ship `i`'s mounts with no attack in progress.
pub(super) fn fresh_tracks(m: &Matchup, i: usize) -> impl Iterator<Item = MountTrack> + '_ {
    m.design_of(i).mounts.iter().map(|_| MountTrack::default())
}

/// Fire determination for a mount of ship `i` whose shot is a Burst (`shot`): it becomes a
/// tracking shot when the mount is armed at double power and has no attack in progress; the
/// weapon's structure is noted (damage stops the attack).
#[inline]
pub(super) fn choose(m: &Matchup, st: &mut BattleState, i: usize, k: usize, shot: &mut Shot) {
    if shot.config == Config::Burst && can_track(&m.design_of(i).mounts[k].weapon) {
        choose_tracking(m, st, i, k, shot);
    }
}

/// [`choose`] for a weapon that can track (out of line: most weapons cannot).
#[cold]
#[inline(never)]
fn choose_tracking(m: &Matchup, st: &mut BattleState, i: usize, k: usize, shot: &mut Shot) {
    let w = m.design_of(i).mounts[k];
    let mt = &mut st.tracks[i][k];
    if mt.doubled && mt.track.is_none() {
        shot.config = Config::Tracking;
        mt.left_at_fire = st.damage[i].system_left(&m.design_of(i).design, w.sys);
    }
}

/// A later turn of mount `k`'s attack in progress, if it goes on (§8.1.9): turns left, the
/// target in the battle, in arc and in sight, the weapon at double power and undamaged.
/// Otherwise the attack ends here (the mount may fire anew as usual).
#[cold]
#[inline(never)]
pub(super) fn follow_shot(m: &Matchup, st: &mut BattleState, i: usize, k: usize) -> Option<Shot> {
    let mt = st.tracks[i][k];
    let (t, course) = mt.track?;
    let t = usize::from(t);
    let bd = m.design_of(i);
    let w = bd.mounts[k];
    let undamaged = st.damage[i].system_left(&bd.design, w.sys) >= mt.left_at_fire;
    let facts = if st.ships[t].alive {
        let firer = Firer {
            // Readiness is not asked again: the weapon is firing already.
            arming: super::super::arming::Arming::battle_start(w.weapon.rof, true),
            ..firer(m, st, i, k)
        };
        match weapon_bears(&m.rules.movement, &firer, st.ships[t].motion.pos) {
            Ok(()) => sight(m, st, i, &firer, t),
            Err(_) => None,
        }
    } else {
        None
    };
    if !tracking_continues(&course, facts.is_some(), mt.doubled, undamaged) {
        st.tracks[i][k].track = None;
        return None;
    }
    let facts = facts?;
    // The weapon's damage Rating now (§13.1.9, as `weapon_now` reads it).
    let damage = st.weapons[i][k].damage;
    let td = &m.design_of(t).design;
    let armor = super::super::armor::section_armor(
        td,
        &st.damage[t],
        course.facing,
        w.weapon.tech,
        m.rules.fire.halving,
    );
    Some(Shot {
        attacker: i as u8,
        mount: k as u8,
        target: t as u8,
        drm: course.hit.modified - i16::from(course.hit.natural),
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: course.facing as u8,
        config: Config::Tracking,
        range: facts.range.clamp(0, i32::from(u16::MAX)) as u16,
        value: (mean_damage(damage) - f64::from(armor)).max(0.25),
        follow: true,
    })
}

/// The initial hit of a later turn's shot (its band and natural roll hold every turn).
#[cold]
#[inline(never)]
pub(super) fn course_hit(st: &BattleState, shot: &Shot) -> HitRoll {
    let (a, k) = (usize::from(shot.attacker), usize::from(shot.mount));
    st.tracks[a][k]
        .track
        .map_or(HitRoll::new(3, -30), |(_, c)| c.hit)
}

/// Where a later turn strikes (§8.1.9: the initial location; a system result one column right
/// a turn), against `damage` (the target's damage this shot is located against).
#[cold]
#[inline(never)]
pub(super) fn location(
    m: &Matchup,
    st: &BattleState,
    shot: &Shot,
    pick: DefenderPick,
    damage: &super::super::damage_state::ShipDamage,
) -> Option<Struck> {
    let (a, k) = (usize::from(shot.attacker), usize::from(shot.mount));
    let (_, c) = st.tracks[a][k].track?;
    let first = c.first?;
    let td = &m.design_of(usize::from(shot.target)).design;
    let weapon = m.design_of(a).mounts[k].weapon;
    let ctx = HitContext {
        design: td,
        chart: m.rules.fire.hit_chart.chart(),
        pick,
        rules: ShotRules::for_tech(weapon.tech, &m.rules.fire),
        readings: &m.rules.fire,
    };
    Some(tracking_location(
        &ctx, damage, c.hit, c.facing, first, c.done,
    ))
}

/// A tracking shot hit (§8.1.9): the tracking roll (3d6 + the to-hit DRM) sets its turns; an
/// attack of more than one turn is kept, its first location found as the Burst finds it
/// (against `damage`, before the hit is marked). A mount with an attack in progress already
/// (two tracking shots of one mount hitting in one phase) keeps that one.
#[cold]
#[inline(never)]
pub(super) fn start<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    shot: &Shot,
    hit: HitRoll,
    pick: DefenderPick,
    literal: bool,
    dice: &mut R,
) {
    let (a, k, t) = (
        usize::from(shot.attacker),
        usize::from(shot.mount),
        usize::from(shot.target),
    );
    if st.tracks[a][k].track.is_some() {
        return;
    }
    let rating = m.design_of(a).mounts[k].weapon.tracking;
    let facing = usize::from(shot.section);
    let mut course = start_tracking(dice, hit, facing, rating);
    let td = &m.design_of(t).design;
    let damage = if literal {
        &st.snapshot[t]
    } else {
        &st.damage[t]
    };
    course.first = locate(
        m.rules.fire.hit_chart.chart(),
        hit,
        td,
        damage,
        facing,
        pick,
    );
    course.done = 1;
    if course.done < course.turns {
        st.tracks[a][k].track = Some((shot.target, course));
    }
}

/// After a later turn's shot: one more turn done; the attack ends after its last.
#[cold]
#[inline(never)]
pub(super) fn advance(st: &mut BattleState, shot: &Shot) {
    let (a, k) = (usize::from(shot.attacker), usize::from(shot.mount));
    if let Some((_, c)) = &mut st.tracks[a][k].track {
        c.done += 1;
        if c.done >= c.turns {
            st.tracks[a][k].track = None;
        }
    }
}
