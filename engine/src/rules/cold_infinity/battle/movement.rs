//! §2.2 Movement Step: ships move one at a time in initiative order, highest first (§5); each
//! pays its thrust plan from its engines (§5.2, §13.1.3) through its thrusters (§5.1) and then
//! moves its whole vector (§5.4). A ship that moves later sees where the earlier ones went —
//! the text's edge for low initiative.

use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::trace;

use super::super::damage_state::ShipDamage;
use super::super::design::{ShipDesign, SystemKind, ThrusterRole};
use super::super::matchup::Matchup;
use super::super::movement::maneuvers::{check_plan, execute};
use super::super::movement::thrust::{channel_rating, engine_thrust, enrichment_thrust};
use super::super::movement::{Readings, ThrustCosts};
use super::super::policy::{
    Steer, Steering, ThrustLimits, WITHDRAW_RANGE, main_weapon_now, thrust_plan_steered,
};
use super::BattleState;
use super::preliminary::{nearest_enemy, reactor_output};
use super::weapon_damage::weapon_now;

/// A design's thrust costs (§5.1, from the SDS).
pub fn costs(d: &ShipDesign) -> ThrustCosts {
    ThrustCosts {
        accel: i32::from(d.cost_accel),
        pivot: i32::from(d.cost_pivot),
        roll: i32::from(d.cost_roll),
        slide: i32::from(d.cost_slide),
    }
}

/// What the ship can spend this turn (§5.1–5.3.2): pooled engine thrust after damage (house
/// rule `engine_damage`), enrichment from spare power through the first working engine, and
/// the channel Ratings of its thrusters by direction (omni thrusters count everywhere, §5.8.2).
/// A ship with no working plant (reactor, capacitor or battery) has nothing: engines are zero-power systems "requiring a
/// functional power plant" (§16.4.11), and with no power from any plant zero-power systems are
/// deactivated (§3.3).
///
/// The battle reads these from [`super::condition::Condition::limits`] (once per damage
/// state); this straight reading of the rules is the specification it is tested against
/// (`condition_answers_as_the_reference_functions`), kept on purpose as
/// `line_of_sight.rs`'s walk is.
pub fn limits(d: &ShipDesign, dmg: &ShipDamage, spare_power: i32, r: &Readings) -> ThrustLimits {
    let mut l = ThrustLimits::default();
    let stores = (0..d.systems.len() as u16).any(|i| {
        matches!(
            d.systems[usize::from(i)].kind,
            SystemKind::Capacitor { .. } | SystemKind::Battery { .. }
        ) && dmg.system_left(d, i) > 0
    });
    if reactor_output(d, dmg) == 0 && !stores {
        return l;
    }
    let mut enrich = 0;
    for (i, s) in d.systems.iter().enumerate() {
        let left = i32::from(dmg.system_left(d, i as u16));
        let lost = i32::from(s.structure) - left;
        match s.kind {
            SystemKind::Engine { enrich_cost } if left > 0 => {
                l.budget += engine_thrust(i32::from(s.structure), lost, r.engine_damage);
                if enrich == 0 {
                    enrich = enrichment_thrust(spare_power, i32::from(enrich_cost), false);
                }
            }
            SystemKind::Thruster(role) => {
                let c = channel_rating(i32::from(s.structure), lost);
                match role {
                    ThrusterRole::Aft => l.forward += c,
                    ThrusterRole::Fore => l.backward += c,
                    ThrusterRole::Omni => {
                        l.forward += c;
                        l.backward += c;
                        l.rotation += c;
                    }
                    _ => l.rotation += c,
                }
            }
            _ => {}
        }
    }
    l.budget += enrich;
    l
}

/// §2.2: every ship in the movement order plans and moves.
pub fn movement_step<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for s in st.ships.iter_mut() {
        s.moved = false;
    }
    for k in 0..st.order.len() {
        let i = st.order[k];
        if !st.ships[i].alive {
            continue;
        }
        let bd = m.design_of(i);
        let own = st.ships[i].motion;
        let (target, target_velocity) = match nearest_enemy(st, i, dice) {
            Some((e, _)) => {
                let t = &st.ships[e];
                let at = if t.moved {
                    t.motion.pos
                } else {
                    t.motion.pos.add(t.motion.velocity)
                };
                (at, t.motion.velocity)
            }
            None => (own.pos, Hex::default()),
        };
        let c = costs(&bd.design);
        // `limits`, from what the damage leaves the ship (read once per damage state).
        st.condition[i].refresh(&bd.design, &st.damage[i], &m.rules.movement);
        let lim = st.condition[i].limits(st.ships[i].spare_power);
        let r = &m.rules.movement;
        // The main weapon as the ship stands (destroyed mounts out, §13.1.9 Ratings now); the
        // range kept is its first band's, or a withdrawal once every weapon is gone.
        let condition = &st.condition[i];
        let main = main_weapon_now(&bd.mounts, |k| {
            (!condition.destroyed[usize::from(bd.mounts[k].sys)]).then(|| weapon_now(m, st, i, k))
        });
        // A missile carrier keeps at its racks' launch range (`Policy::keep_for`); a ship with
        // no gun left but missiles in a working rack keeps its design's range.
        let policy = &m.policies[st.ships[i].side.index()];
        let loaded = st.guided.loaded(i);
        let keep = match main {
            _ if policy.carrier && !bd.racks.is_empty() => policy.keep_for(bd),
            Some((_, w)) => policy.kept_range(i32::from(w.range.hexes).max(1)),
            None if loaded => policy.keep_for(bd),
            None => WITHDRAW_RANGE,
        };
        // A brawler steers by every intact mount (`Steer::MostMounts`), the others by the main
        // weapon.
        let steering = match (policy.steer, main) {
            (Steer::MostMounts, Some(_)) => {
                let intact = bd
                    .mounts
                    .iter()
                    .enumerate()
                    .take(64)
                    .filter(|(_, w)| !condition.destroyed[usize::from(w.sys)])
                    .fold(0u64, |mask, (k, _)| mask | (1 << k));
                Steering::Mounts(&bd.mounts, intact)
            }
            _ => Steering::Main(main.map(|(k, _)| &bd.mounts[k])),
        };
        let plan = thrust_plan_steered(
            &own,
            &c,
            lim,
            keep,
            (target, target_velocity),
            steering,
            (&r.arcs, r.rotated_arcs),
            r,
            dice,
        );
        let checked = check_plan(&own, &plan, &c, lim.budget, r.cinematic_frigate_cap);
        if checked.is_err() {
            trace!(
                obs,
                "  {}'s thrust plan is refused: {checked:?}", m.names[i]
            );
        }
        let plan = if checked.is_ok() {
            plan
        } else {
            Default::default()
        };
        let next = execute(&own, &plan, r);
        trace!(
            obs,
            "  {} pivots {:+}, thrusts {:+} (thrust {} this turn): now at ({}, {}) moving ({:+}, {:+}) a turn, facing {}",
            m.names[i],
            plan.pivot,
            plan.accel,
            lim.budget,
            next.pos.q,
            next.pos.r,
            next.velocity.q,
            next.velocity.r,
            next.facing.number()
        );
        st.ships[i].motion = next;
        st.ships[i].moved = true;
    }
}
