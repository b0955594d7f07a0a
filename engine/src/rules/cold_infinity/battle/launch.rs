//! The Weapon Launch Phase (§2.1.4, §9.0, §9.2.1; §13.1.10 rack damage; digest D10): each rack
//! first checks last turn's damage (§13.1.10: capacity −4 a point, then the 1d6 destruction
//! roll — house rule `rack_roll`; missiles lost by `lost_missiles`); then every intact rack that
//! may launch (§7.1: armed, the target in arc and line of sight, within the launch range, §9.0)
//! launches up to its RoF at the target `guided_plan` picks; a marker stays on the launch hex
//! (`guided::flights::Flights`, fixed capacity). A torpedo system (§9.2.2) launches the same
//! way with no magazine, when powered and locked on (`battle/torpedoes.rs`); its damage is
//! house rule `torpedo_damage`.

use super::super::armor::section_armor;
use super::super::aspect::struck_sections;
use super::super::damage_effects::{rack_capacity, rack_destroyed, rack_rolls};
use super::super::guided::hit::{GuidedAim, guided_modifiers};
use super::super::guided::launch::{Flight, LaunchFacts, launch_missile, launch_torpedo};
use super::super::guided::readings::TorpedoDamage;
use super::super::guided::types::TorpedoDesign;
use super::super::guided_plan::{launch_value, reaches, worth_launching};
use super::super::matchup::Matchup;
use super::super::policy::pick_tie;
use super::BattleState;
use super::arrival::sight_from;
use super::fire::{in_arc, pose};
use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::trace;

/// Hull left on ship `t` (the wreck guard's measure).
fn hull_left(m: &Matchup, st: &BattleState, t: usize) -> f64 {
    let d = &m.design_of(t).design;
    (0..d.sections.len())
        .map(|s| f64::from(st.damage[t].hull_left(d, s)))
        .sum()
}

/// §2.1.4 Weapon Launch Phase (before movement).
pub fn weapon_launch_phase<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    if !st.guided.any_racks() {
        return;
    }
    for i in 0..st.ships.len() {
        let bd = m.design_of(i);
        for (r, mount) in bd.racks.iter().enumerate() {
            let now = &mut st.guided.racks[i][r];
            if st.turn > 1 {
                now.launcher.end_turn(mount.rack.rof(), &m.rules.movement);
            }
        }
        if st.ships[i].alive {
            rack_damage(m, st, i, dice, obs);
        }
    }
    st.guided.aimed.fill(0.0);
    for i in 0..st.ships.len() {
        if !st.ships[i].alive {
            continue;
        }
        for r in 0..m.design_of(i).racks.len() {
            while launch_one(m, st, i, r, dice, obs) {}
        }
    }
}

/// §13.1.10 for ship `i`'s racks: new damage lowers the capacity by 4 a point (missiles beyond
/// it lost, `lost_missiles`), then the 1d6 destruction roll(s) (`rack_roll`; rolled at the next
/// Weapon Launch Phase, once per turn in which the rack was damaged); a rack with no structure
/// left is destroyed.
fn rack_damage<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let bd = m.design_of(i);
    for (r, mount) in bd.racks.iter().enumerate() {
        let sys = bd.design.systems[usize::from(mount.sys)];
        let left = st.damage[i].system_left(&bd.design, mount.sys);
        let lost = sys.structure - left;
        let now = &mut st.guided.racks[i][r];
        if now.destroyed || lost <= now.lost_seen {
            continue;
        }
        let points = lost - now.lost_seen;
        now.lost_seen = lost;
        // A torpedo system rolls only under `torpedo_damage = rack-roll` (§13.1.10 names racks).
        let rolls = match mount.torpedo {
            Some(_) if m.rules.guided.torpedo_damage == TorpedoDamage::Structure => 0,
            _ => rack_rolls(points, m.rules.fire.rack_roll),
        };
        if rack_destroyed(left, rolls, dice) {
            now.destroyed = true;
            now.magazine.clear();
            let (what, why) = match (mount.torpedo, left) {
                (None, _) => ("missile rack", "§13.1.10"),
                (Some(_), 0) => ("torpedo system", "no structure left"),
                (Some(_), _) => ("torpedo system", "§13.1.10, `torpedo_damage`"),
            };
            trace!(
                obs,
                "  {}'s {} {} is destroyed ({})",
                m.names[i],
                what,
                r + 1,
                why
            );
        } else if mount.torpedo.is_none() {
            let capacity = rack_capacity(mount.rack.magazine, lost);
            now.magazine
                .shrink_to(capacity, m.rules.guided.lost_missiles);
        }
    }
}

/// Launches one missile from rack `r` of ship `i` (or one torpedo from its torpedo system:
/// powered, locked on, §9.0, §9.2.2) if it may and a target is worth it; `false` when it
/// launches no more this turn.
fn launch_one<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    r: usize,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let bd = m.design_of(i);
    let mount = bd.racks[r];
    let now = st.guided.racks[i][r];
    if now.destroyed || !now.powered || !now.launcher.can_launch(mount.rack.rof()) {
        return false;
    }
    // The next missile (loaded order; under `missile_order = any` the top one too: the
    // policy does not pick types), or the torpedo the system makes (§9.2.2).
    let ty = match mount.torpedo {
        Some(_) => 0,
        None => match now.magazine.top() {
            Some(ty) => ty,
            None => return false,
        },
    };
    let munition = mount.types[usize::from(ty)];
    let launch_range = munition.launch_range_with(mount.rack.range_boost);
    let max_range = munition.max_range_with(mount.rack.range_boost);
    let me = pose(st, i);
    let mut best = f64::MIN;
    let mut ties = 0u32;
    let mut found: Option<(usize, u16)> = None;
    for pass in 0..2 {
        let pick = if pass == 1 { pick_tie(dice, ties) } else { 0 };
        let mut seen = 0u32;
        for t in 0..st.ships.len() {
            if !st.ships[t].alive || st.ships[t].side == st.ships[i].side {
                continue;
            }
            let them = st.ships[t].motion;
            let bears = in_arc(m, st, i, mount.arc, them.pos);
            if !bears {
                continue;
            }
            let range = me.pos.distance(them.pos).max(0) as u16;
            let predicted = me.pos.distance(them.pos.add(them.velocity)).max(0) as u16;
            if range > launch_range || !reaches(max_range, predicted) {
                continue;
            }
            // §9.0: a torpedo needs a lock-on and strikes with its launcher's amplification.
            let amplification = match mount.torpedo {
                None => 0,
                Some(_) => match super::torpedoes::launcher_amplification(st, i, t) {
                    Some(a) => a,
                    None => continue,
                },
            };
            let Ok(facts) = sight_from(m, st, me, t, Some(i)) else {
                continue;
            };
            let td = &m.design_of(t).design;
            let (a, _) = struck_sections(td, facts.section);
            let armor = section_armor(td, &st.damage[t], a, munition.tech, m.rules.fire.halving);
            let flight = probe(&mount, munition, max_range, i, t, me.pos);
            let aim = GuidedAim {
                silhouette: facts.silhouette as i16,
                target_ecm: i16::from(st.ships[t].ew.ecm),
                launcher_amplification: amplification,
                launcher_sees: true,
                target_sections: td.section_count(),
                ..GuidedAim::default()
            };
            let drm = guided_modifiers(&flight, &aim, &m.rules.guided).drm();
            let value = launch_value(&munition, drm, armor);
            if !worth_launching(value, st.guided.aimed[t], hull_left(m, st, t)) {
                continue;
            }
            if pass == 0 {
                if value > best {
                    best = value;
                    ties = 1;
                } else if value == best {
                    ties += 1;
                }
            } else if value == best {
                if seen == pick {
                    found = Some((t, range));
                }
                seen += 1;
            }
        }
        if ties == 0 {
            return false;
        }
    }
    let Some((t, range)) = found else {
        return false;
    };
    let facts = LaunchFacts {
        ready: true,
        range,
        locked: false,
        hex: me.pos,
        owner: i as u8,
        target: t as u8,
    };
    let g = &mut st.guided;
    let now = &mut g.racks[i][r];
    let launched = match mount.torpedo {
        None => launch_missile(
            &mount.rack,
            &mut now.launcher,
            &mut now.magazine,
            mount.types(),
            None,
            facts,
            &m.rules.guided,
        ),
        Some(torpedo) => launch_torpedo(
            &TorpedoDesign {
                munition,
                shots: mount.rack.shots,
                arming: mount.rack.arming,
                accuracy: torpedo.accuracy,
            },
            &mut now.launcher,
            LaunchFacts {
                locked: true,
                ..facts
            },
        ),
    };
    let Ok(flight) = launched else {
        return false;
    };
    let left = now.magazine.total();
    if !g.flights.push(flight) {
        return false;
    }
    g.origin.push((r as u8, ty));
    g.aimed[t] += best;
    if mount.torpedo.is_some() {
        trace!(
            obs,
            "  {} launches a {} from torpedo system {} at {}, range {} (launch and max {}; §9.2.2)",
            m.names[i],
            bd.rack_missiles[r][0],
            r + 1,
            m.names[t],
            range,
            launch_range
        );
        return true;
    }
    trace!(
        obs,
        "  {} launches {} from rack {} at {}, range {} (launch {}, max {}): {} left",
        m.names[i],
        bd.rack_missiles[r][usize::from(ty)],
        r + 1,
        m.names[t],
        range,
        launch_range,
        max_range,
        left
    );
    true
}

/// A flight as it would leave rack `mount` (for valuing a launch).
fn probe(
    mount: &super::super::guided::mount::RackMount,
    munition: super::super::guided::types::Munition,
    max_range: u16,
    i: usize,
    t: usize,
    hex: Hex,
) -> Flight {
    Flight {
        munition,
        owner: i as u8,
        target: t as u8,
        launch_hex: hex,
        pos: hex,
        heading_to: hex,
        travelled: 0,
        max_range,
        accuracy: mount.accuracy(),
    }
}
