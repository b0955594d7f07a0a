//! Arrival of guided weapons (§9.1; §7.1.5 line of sight from the marker; §7.5.3.1 the
//! launcher's accuracy): in the Guided Weapons Phase each weapon in flight finds its target
//! gone, fails to reach it (beyond its maximum range from the launch hex, or no line of sight),
//! or arrives — an enemy unit blocking the line becoming its target ("lock onto the blocking
//! unit instead"), nearest to the marker first, ties by the battle's dice. A torpedo strikes
//! with its launcher's amplification (§9.0, `battle/torpedoes.rs`).

use super::super::armor::section_armor;
use super::super::aspect::{Pose, struck_sections};
use super::super::defensive_fire::DfTally;
use super::super::ew::EwAttacker;
use super::super::guided::flight::{Arrival, Sight, arrival};
use super::super::guided::hit::{GuidedAim, amplification, guided_modifiers, launcher_accuracy};
use super::super::guided::launch::Flight;
use super::super::guided_plan::launch_value;
use super::super::matchup::Matchup;
use super::super::policy::pick_tie;
use super::super::preconditions::{AttackFacts, CannotFire, Firer, Target, sight_facts};
use super::BattleState;
use super::fire::{in_arc, pose};
use super::guided::Arrived;
use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

/// The target as §7.1 and §7.3.1.1 see it.
fn target_of(m: &Matchup, st: &BattleState, t: usize) -> Target {
    let td = &m.design_of(t).design;
    Target {
        pose: pose(st, t),
        mass: i32::from(td.mass_tenths),
        fa: i32::from(td.sil_fa),
        ps: i32::from(td.sil_ps),
        layout: td.layout(),
        ecm: i32::from(st.ships[t].ew.ecm),
    }
}

/// Sight from `from` (a ship's hex or a marker) to ship `t`, past every other ship in the
/// battle but `t` and those in `from`'s hex (§7.1.5): the facts, or why not.
pub(super) fn sight_from(
    m: &Matchup,
    st: &mut BattleState,
    from: Pose,
    t: usize,
    except: Option<usize>,
) -> Result<AttackFacts, CannotFire> {
    st.others.clear();
    for (j, s) in st.ships.iter().enumerate() {
        if s.alive && j != t && Some(j) != except && s.motion.pos != from.pos {
            st.others
                .push((s.motion.pos, i32::from(m.design_of(j).design.mass_tenths)));
        }
    }
    let firer = Firer {
        pose: from,
        // Arc and arming are not read by `sight_facts` (the launch checks the rack's arc).
        arc: super::super::arcs::FiringArc {
            centre: super::super::geometry::ArcCentre::facing(1),
            shape: super::super::arcs::ArcShape::Turret,
            keel: false,
        },
        arming: Default::default(),
        rof: Default::default(),
        ew: EwAttacker {
            pos: from.pos,
            shroud_radius: 0,
            amplification: 0,
            small_vessel: false,
        },
        ignores_ecm: false,
        ess: Default::default(),
    };
    let target = target_of(m, st, t);
    sight_facts(&m.rules.movement, &firer, &target, &st.others)
}

/// §9.1 for one guided weapon: it finds its target gone, fails to reach it (maximum range and
/// line of sight from the marker), or arrives (an enemy blocker becoming its target); an
/// arrival's to-hit DRM and expected damage (the intercept plan's measure).
pub(super) fn arrive<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    f: Flight,
    rack: u8,
    ty: u8,
    dice: &mut R,
    obs: &mut O,
) -> Option<Arrived> {
    let o = usize::from(f.owner);
    let name = &m.design_of(o).rack_missiles[usize::from(rack)][usize::from(ty)];
    let marker = Pose {
        pos: f.launch_hex,
        ..pose(st, o)
    };
    let mut t = usize::from(f.target);
    if !st.ships[t].alive {
        trace!(obs, "  {}'s {} finds {} gone", m.names[o], name, m.names[t]);
        return None;
    }
    // §9.1: arrival — maximum range and line of sight from the marker; an enemy blocker
    // becomes the target.
    let range = f.launch_hex.distance(st.ships[t].motion.pos).max(0) as u16;
    let seen = sight_from(m, st, marker, t, None);
    let sight = match seen {
        Ok(_) => Sight::Clear,
        Err(_) => match blocker(m, st, marker, o, t, dice) {
            Some(u) => Sight::BlockedByEnemy(u as u8),
            None => Sight::Blocked,
        },
    };
    let facts = match arrival(&f, range, sight) {
        Arrival::Strikes => seen.ok(),
        Arrival::Retargets(u) => {
            t = usize::from(u);
            sight_from(m, st, marker, t, None).ok()
        }
        Arrival::OutOfRange | Arrival::NoSight => None,
    };
    let Some(facts) = facts else {
        trace!(
            obs,
            "  {}'s {} fails to reach {} (range {} from its launch hex, max {}; §9.1)",
            m.names[o],
            name,
            m.names[t],
            range,
            f.max_range
        );
        return None;
    };
    let td = &m.design_of(t).design;
    // §7.5.3.1: the rack's accuracy while the target is in its arc and line of sight now.
    let launcher_sees = launcher_sees(m, st, o, usize::from(rack), t);
    let acc = launcher_accuracy(&f, launcher_sees, td.section_count(), &m.rules.guided);
    // §9.0: a torpedo strikes with its launcher's amplification (0 for a missile).
    let launcher_amp = super::torpedoes::strike_amplification(st, &f, t);
    let aim = GuidedAim {
        silhouette: facts.silhouette as i16,
        target_ecm: i16::from(st.ships[t].ew.ecm),
        launcher_amplification: launcher_amp,
        launcher_sees,
        target_sections: td.section_count(),
        ..GuidedAim::default()
    };
    let drm = guided_modifiers(&f, &aim, &m.rules.guided).drm();
    let (a, _) = struck_sections(td, facts.section);
    let armor = section_armor(td, &st.damage[t], a, f.munition.tech, m.rules.fire.halving);
    Some(Arrived {
        target: t as u8,
        launch_hex: f.launch_hex,
        munition: f.munition,
        facts,
        amp: amplification(&f, launcher_amp),
        acc,
        drm,
        armor,
        value: launch_value(&f.munition, drm, armor),
        survival: 1.0,
        attempts: 0,
        salvos: 0,
        flare: 0,
        df: DfTally::NONE,
    })
}

/// The enemy of the launcher (`o`) that blocks the marker's sight of `t` (§9.1: the weapon
/// "locks onto" it): of the enemy units without which the line is clear, the nearest to the
/// marker, ties by the battle's dice.
fn blocker<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    marker: Pose,
    o: usize,
    t: usize,
    dice: &mut R,
) -> Option<usize> {
    let side = st.ships[o].side;
    let mut best = i32::MAX;
    let mut ties = 0u32;
    for pass in 0..2 {
        let pick = if pass == 1 { pick_tie(dice, ties) } else { 0 };
        let mut seen = 0u32;
        for u in 0..st.ships.len() {
            if u == t || !st.ships[u].alive || st.ships[u].side == side {
                continue;
            }
            let d = marker.pos.distance(st.ships[u].motion.pos);
            if d > best || (pass == 1 && d != best) {
                continue;
            }
            if sight_from(m, st, marker, t, Some(u)).is_err() {
                continue;
            }
            if pass == 0 {
                if d < best {
                    best = d;
                    ties = 1;
                } else {
                    ties += 1;
                }
            } else {
                if seen == pick {
                    return Some(u);
                }
                seen += 1;
            }
        }
        if ties == 0 {
            return None;
        }
    }
    None
}

/// Whether rack `r` of ship `o` has ship `t` in its arc and line of sight now (§7.5.3.1).
fn launcher_sees(m: &Matchup, st: &mut BattleState, o: usize, r: usize, t: usize) -> bool {
    if !st.ships[o].alive || st.guided.racks[o][r].destroyed {
        return false;
    }
    let me = pose(st, o);
    let mount = m.design_of(o).racks[r];
    in_arc(m, st, o, mount.arc, st.ships[t].motion.pos) && sight_from(m, st, me, t, Some(o)).is_ok()
}
