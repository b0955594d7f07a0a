//! §2.1 Preliminary Actions: power allocation (§3), initiative (§2.1.2), electronic warfare
//! (§4).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::damage_effects::{bridge_effects, reactor_rating, sensor_ew};
use super::super::design::{ShipDesign, SystemKind};
use super::super::ew::shroud_radius;
use super::super::geometry::range;
use super::super::initiative::{InitiativeEntry, first_turn_base, movement_order, roll_initiative};
use super::super::matchup::Matchup;
use super::super::policy::{ew_boost, ew_split, pick_tie, power_order, tracking_power};
use super::BattleState;

/// Reactor output of a ship now (§3.1.1, §13.1.4: the undamaged structure of every reactor).
pub fn reactor_output(d: &ShipDesign, dmg: &super::super::damage_state::ShipDamage) -> i32 {
    reactor_output_from(d, |s| dmg.system_left(d, s))
}

/// [`reactor_output`] given each system's undamaged structure (`left`, by system index).
pub fn reactor_output_from(d: &ShipDesign, left: impl Fn(u16) -> u16) -> i32 {
    (0..d.systems.len() as u16)
        .filter(|&s| matches!(d.systems[usize::from(s)].kind, SystemKind::Reactor))
        .map(|s| i32::from(reactor_rating(left(s))))
        .sum()
}

/// Sensor power need and EW points of a ship now (§4, §13.1.1, §13.1.8.1: a bridge that lost
/// half its structure costs 1 point).
pub fn sensors(d: &ShipDesign, dmg: &super::super::damage_state::ShipDamage) -> (i32, i32) {
    sensors_from(d, |s| dmg.system_left(d, s))
}

/// [`sensors`] given each system's undamaged structure (`left`, by system index).
pub fn sensors_from(d: &ShipDesign, left: impl Fn(u16) -> u16) -> (i32, i32) {
    let system_left = left;
    let mut need = 0;
    let mut ew = 0i32;
    let mut bridge = 0i32;
    for (i, s) in d.systems.iter().enumerate() {
        let left = system_left(i as u16);
        match s.kind {
            SystemKind::Sensors { power, .. } if left > 0 => {
                need += i32::from(power);
                ew += i32::from(sensor_ew(left));
            }
            SystemKind::Bridge { .. } if left > 0 => {
                bridge = bridge.min(i32::from(
                    bridge_effects(s.structure, s.structure - left).sensors,
                ));
            }
            _ => {}
        }
    }
    (need, (ew + bridge).max(0))
}

/// The power one extra EW point costs ship design `d` (§4.4, the second number of a sensor's
/// Rating): the least of its working sensors' (`destroyed` by system index), 0 with none.
pub fn boost_cost(d: &ShipDesign, destroyed: &[bool]) -> i32 {
    d.systems
        .iter()
        .enumerate()
        .filter_map(|(s, sys)| match sys.kind {
            SystemKind::Sensors { boost_cost, .. }
                if !destroyed.get(s).copied().unwrap_or(true) =>
            {
                Some(i32::from(boost_cost))
            }
            _ => None,
        })
        .min()
        .unwrap_or(0)
}

/// §3.4: every system of ship `i` destroyed since last turn starts its drain (an active one
/// keeps drawing its standard power for as many turns as that power); returns what the
/// destroyed systems draw this turn.
pub fn destroyed_drain(m: &Matchup, st: &mut BattleState, i: usize) -> i32 {
    st.condition[i].refresh(&m.design_of(i).design, &st.damage[i], &m.rules.movement);
    // Losses only grow in a battle, so with no system destroyed now none was before: nothing
    // starts or keeps a drain (the walk below would find none).
    if !st.condition[i].any_destroyed {
        return 0;
    }
    let destroyed = &st.condition[i].destroyed;
    let mut drain = 0;
    for (s, p) in st.power[i].iter_mut().enumerate() {
        if !p.destroyed && destroyed[s] {
            p.destroy();
        }
        if p.destroyed {
            drain += p.drawn();
        }
    }
    drain
}

/// What ship `i`'s destroyed systems draw this turn (§3.4).
pub fn drawn_by_destroyed(st: &BattleState, i: usize) -> i32 {
    st.power[i]
        .iter()
        .filter(|p| p.destroyed)
        .map(|p| p.drawn())
        .sum()
}

/// §3.4 at the end of a turn: one turn of every destroyed system's drain is served.
pub fn end_turn_drain(st: &mut BattleState, i: usize) {
    for p in st.power[i].iter_mut() {
        p.end_turn();
    }
}

/// §2.1.1 / §3.2: each ship pays what its destroyed systems still draw (§3.4), powers its
/// sensors, then its weapons in the policy's order while the reactor lasts (none, not even a
/// zero-power one, when no plant gives power: §3.3; the plants' budget from
/// [`super::plants::open`], booked by [`super::plants::settle`]) — a weapon that can track at
/// double power when the policy's [`tracking_power`] says so (§8.1.9); an unpowered weapon is
/// switched off (its arming starts over, §3.2.2), then its shields
/// ([`super::shields::power_shields`]: full, partial, over-load; ties on the dice). The rest
/// is kept for engine enrichment (§5.3.2).
pub fn power_allocation<R: Roller>(m: &Matchup, st: &mut BattleState, dice: &mut R) {
    for i in 0..st.ships.len() {
        if !st.ships[i].alive {
            continue;
        }
        // Refreshes `st.condition[i]` (what the damage leaves: `reactor_output`, `sensors`,
        // destroyed systems), read below.
        let drain = destroyed_drain(m, st, i);
        if !m.design_of(i).batteries.is_empty() {
            super::system_batteries::check_losses(m, st, i);
        }
        // §3.1: the reactor's output, or the capacitor's share and the batteries' charge.
        let budget = super::plants::open(m, st, i, dice);
        let bd = m.design_of(i);
        let cond = &st.condition[i];
        let plants = budget.total();
        // §3.3: with no power from any plant, zero-power systems are deactivated too.
        let has_plant = budget.held > 0;
        let mut left = plants - drain;
        let (sensor_need, points) = cond.sensors;
        // What the EW step reads (§4): the sensors' points if the reactor, less the drain,
        // covers their need (the same damage: nothing is hit between the two).
        st.ships[i].ew_points = if sensor_need <= left { points } else { 0 };
        let sensors_on = has_plant && sensor_need <= left;
        if sensors_on {
            left -= sensor_need;
        }
        let power = &mut st.power[i];
        for &s in &cond.sensor_systems {
            let p = &mut power[usize::from(s)];
            if !p.destroyed {
                p.active = sensors_on;
            }
        }
        // §3.1.4: what the weapons after each ask of the plants, for its system battery.
        let batteries = !bd.batteries.is_empty();
        let mut later = if batteries {
            super::system_batteries::weapons_need(bd, &cond.destroyed)
        } else {
            0
        };
        let ship = &mut st.ships[i];
        let tracks = &mut st.tracks[i];
        for (k, w) in bd.mounts.iter().enumerate() {
            let intact = !cond.destroyed[usize::from(w.sys)];
            let track = super::tracking::can_track(&w.weapon);
            // §3.1.4: its system battery, when the policy draws on it, powers it instead.
            let battery = if batteries && intact {
                later -= i32::from(w.weapon.power);
                let now = &st.batteries[i];
                super::system_batteries::choice(bd, now, k, &w.weapon, track, (left, later))
            } else {
                None
            };
            // §8.1.9: double power for a weapon that may track.
            let doubled = match battery {
                Some((_, doubled)) => doubled,
                None => track && tracking_power(&w.weapon, left),
            };
            let on = intact
                && (battery.is_some() || has_plant && (doubled || power_order(&w.weapon, left)))
                && ship.arming[k].set_active(true).is_ok();
            tracks[k].doubled = on && doubled;
            if on {
                let drawn = i32::from(w.weapon.power) * if doubled { 2 } else { 1 };
                match battery {
                    Some((b, _)) => super::system_batteries::spend(&mut st.batteries[i][b], drawn),
                    None => left -= drawn,
                }
            } else {
                ship.arming[k].lose_power();
            }
            let p = &mut power[usize::from(w.sys)];
            if !p.destroyed {
                p.active = on;
            }
        }
        // §17.2.2: torpedo systems draw power as weapons do, after the guns.
        let left = if bd.racks.iter().any(|r| r.torpedo.is_some()) {
            super::torpedoes::power_torpedoes(m, st, i, left, has_plant)
        } else {
            left
        };
        let left = if st.shields[i].is_empty() {
            left
        } else {
            super::shields::power_shields(m, st, i, left, has_plant, dice)
        };
        let left = super::plants::settle(st, i, budget, left);
        let left = if bd.batteries.is_empty() {
            left
        } else {
            super::system_batteries::charge(st, i, left)
        };
        // §4.4: a boosting policy buys EW points with what is left (`ew_boost`), before
        // engine enrichment.
        let policy = &m.policies[st.ships[i].side.index()];
        let (bought, spent) = if policy.boost_ew && sensors_on {
            ew_boost(
                policy,
                left,
                boost_cost(&bd.design, &st.condition[i].destroyed),
            )
        } else {
            (0, 0)
        };
        let ship = &mut st.ships[i];
        ship.ew_points += bought;
        let left = left - spent;
        ship.spare_power = left.max(0);
        if !sensors_on {
            ship.ew = Default::default();
            ship.shroud = 0;
        }
    }
}

/// §2.1.2: initiative = base − min(10, ⌈speed/2⌉) + 1d6, clamped about the Mass; the base is the
/// rounded Mass on turn 1 and last turn's initiative after. The movement order (highest first;
/// ties by Mass, previous initiative, then roll-offs) goes to `st.order`.
pub fn initiative<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    st.order.clear();
    for i in 0..st.ships.len() {
        let s = &st.ships[i];
        if !s.alive {
            continue;
        }
        let mass = i32::from(m.design_of(i).design.mass_tenths);
        let previous = (st.turn > 1).then_some(s.initiative.initiative);
        let base = previous.unwrap_or(first_turn_base(mass));
        let speed = s.motion.speed();
        let value = roll_initiative(base, speed, 0, mass, &m.rules.movement, dice);
        let e = InitiativeEntry {
            initiative: value,
            mass,
            previous,
            roll_off: 0,
        };
        st.entries[i] = e;
        st.ships[i].initiative = e;
        st.order.push(i);
    }
    movement_order(&mut st.entries, &mut st.order, dice);
    if crate::observer::enabled(obs) {
        for &i in &st.order {
            trace!(
                obs,
                "  {} initiative {}", m.names[i], st.entries[i].initiative
            );
        }
    }
}

/// The nearest enemy still in the battle and its range; ties (two enemies at the same range)
/// by the battle's dice, never by ship index (steering and the EW range prediction follow
/// the pick).
pub fn nearest_enemy<R: Roller>(st: &BattleState, i: usize, dice: &mut R) -> Option<(usize, i32)> {
    let me = &st.ships[i];
    let enemies = || {
        st.ships
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.alive && s.side != me.side)
            .map(|(k, s)| (k, range(me.motion.pos, s.motion.pos)))
    };
    // One pass for the least range, its first enemy and how many tie on it; a second only
    // on a tie (one nearest enemy rolls nothing: `pick_tie` of 1).
    let mut first: Option<(usize, i32)> = None;
    let mut ties = 0u32;
    for (k, r) in enemies() {
        match first {
            Some((_, least)) if r > least => {}
            Some((_, least)) if r == least => ties += 1,
            _ => {
                first = Some((k, r));
                ties = 1;
            }
        }
    }
    let (_, nearest) = first?;
    if ties == 1 {
        return first;
    }
    let pick = pick_tie(dice, ties) as usize;
    enemies().filter(|&(_, r)| r == nearest).nth(pick)
}

/// §2.1.3 / §4: each ship splits its EW points (policy [`ew_split`]) for the range to its
/// nearest enemy after both drift one turn.
pub fn electronic_warfare<R: Roller>(m: &Matchup, st: &mut BattleState, dice: &mut R) {
    for i in 0..st.ships.len() {
        if !st.ships[i].alive {
            continue;
        }
        let points = st.ships[i].ew_points;
        let predicted = nearest_enemy(st, i, dice).map_or(0, |(k, _)| {
            let me = st.ships[i].motion;
            let them = st.ships[k].motion;
            range(me.pos.add(me.velocity), them.pos.add(them.velocity))
        });
        let policy = &m.policies[st.ships[i].side.index()];
        let ew = ew_split(policy, points, predicted);
        let s = &mut st.ships[i];
        s.ew = ew;
        s.shroud = shroud_radius(ew.shroud, false, m.rules.movement.flag_shroud);
    }
}
