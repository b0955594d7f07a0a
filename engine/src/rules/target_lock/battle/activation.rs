//! A ship's activation in the Actions phase: its policy spends its actions from the sheet's
//! menu — Move, Target Lock, Aim, Attack, Repair, Activate Point Defense (seed, "Actions";
//! digest §1 step 3, G5, G6, G7, G14). The other menu entries are not offered (G15).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::design::{Mount, ShipDesign};
use super::super::direct_fire::{Delivery, ToHit, hits, modifier};
use super::super::hex::Hex;
use super::super::house_rules::{InterferenceFrom, LockLasts, LockRequired, RepairDifficulty};
use super::super::lock::{LockCheck, can_lock, lock_chance, try_lock};
use super::super::matchup::Matchup;
use super::super::repairs::Difficulty;
use super::super::structure::Code;
use super::super::tables::System;
use super::missiles::{Counter, fire_control, in_aft_arc, shield};
use super::{BattleState, Scanner, ShipState, closing, damage, directions};

/// Actions this turn (G5): the intact (A) boxes (min 1), or `actions_per_ship` less the (A)
/// boxes lost (min 1); a destroyed Power Plant costs one (G11).
pub fn actions(m: &Matchup, s: &ShipState, d: &ShipDesign) -> i32 {
    let lost_a = i32::from(s.lost_codes[Code::Action as usize]);
    let base = if m.rules.actions_per_ship == 0 {
        d.boxes(Code::Action) as i32 - lost_a
    } else {
        m.rules.actions_per_ship as i32 - lost_a
    };
    let plant = i32::from(d.has(System::PowerPlant) && !s.has(d, System::PowerPlant));
    (base - plant).max(1)
}

/// Whether bank `b` needs a lock to fire under G7.
fn needs_lock(m: &Matchup, delivery: Delivery) -> bool {
    match m.rules.lock_required {
        LockRequired::All => true,
        LockRequired::None => false,
        LockRequired::DirectAndSeekers => delivery != Delivery::Projectile,
    }
}

/// The range an attack by `delivery` counts: ship counters for direct fire, destination
/// counters for projectiles and seekers.
fn attack_range(s: &ShipState, t: &ShipState, delivery: Delivery) -> i32 {
    match delivery {
        Delivery::Direct => s.ship.distance(t.ship),
        Delivery::Projectile | Delivery::Seeker => s.dest.distance(t.dest),
    }
}

/// One ship's activation.
pub fn activate<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let d = &m.designs[st.ships[i].design as usize];
    let side = st.ships[i].side;
    let policy = m.policies[side.index()];
    let mut left = actions(m, &st.ships[i], d);
    trace!(obs, " {} activates ({left} actions)", m.names[i]);
    // Repair what matters first.
    if policy.repair && left > 1 && repair(m, st, i, d, dice, obs) {
        left -= 1;
    }
    // `massed-seekers-v2` picks the seeker target first and locks onto it when a salvo there
    // could outnumber the point defense; the other presets lock onto `t`.
    let (t, early_seeker_target) = pick_targets(m, st, i, policy.salvo_over_pd, dice);
    let Some(t) = t else {
        return;
    };
    // The warheads already aimed at the seeker target and its side's point defense in reach
    // stay as they are until this ship attacks (its Move, lock and Aim change neither): found
    // once, the point defense only when a salvo is possible at all.
    let aimed = early_seeker_target.map_or(0, |u| aimed_at(st, side, u));
    let mut pd = None;
    let lock_target = match early_seeker_target {
        Some(u) if outnumbers(m, st, i, u, left - 1, aimed, &mut pd) => u,
        _ => t,
    };
    // Whether a lock on the target can succeed at all: a Move changes only this ship's
    // destination counter, which the lock check does not read, so it is found once.
    let check = lock_check(m, st, i, lock_target);
    let can_lock = can_lock(check, m.rules.lock_dice);
    // `lock_odds`: a lock neither held nor at least an even chance is a long shot; a closing
    // burn that improves the track comes first.
    let long_shot = policy.lock_odds
        && st.ships[i].locks & (1 << lock_target) == 0
        && !even_chance(check, m.rules.lock_dice);
    // Close in when no weapon reaches. Movement that closes (`closing`) also burns first when
    // the track needs it badly (a shot is worth less than arriving at the wanted range).
    // A plan not carried out now stands for the spare action: nothing this activation does
    // before then moves a counter.
    let mut planned = None;
    if policy.closing {
        if left > 0 {
            let burn = plan_burn(m, st, i, lock_target, dice);
            let reaches = any_in_reach(m, st, i, lock_target, can_lock);
            let urgent = if left > 2 {
                URGENT_BURN
            } else {
                URGENT_BURN_LAST_SHOT
            };
            if burn.gain > 0 && (!reaches || long_shot || burn.gain >= urgent) {
                apply_burn(m, st, i, burn.shift, dice, obs);
                left -= 1;
            } else {
                planned = Some(burn);
            }
        }
    } else if left > 0
        && !any_in_reach(m, st, i, lock_target, can_lock)
        && move_ship(m, st, i, lock_target, dice, obs)
    {
        left -= 1;
    }
    // Target lock before firing (one retry), only for a weapon that reaches.
    let wants_lock = can_lock
        && d.weapons.iter().enumerate().any(|(b, w)| {
            let p = &m.weapons[w.weapon as usize];
            st.ships[i].bank_ready(b)
                && !p.point_defense
                && needs_lock(m, p.delivery)
                && attack_range(&st.ships[i], &st.ships[lock_target], p.delivery) <= p.max_range()
        });
    // A lock that lasts the turn only (G7 `lock_lasts = "turn"`, the default) is worth an
    // action only with one left to attack; a lasting lock (`battle`) is worth a ship's last
    // action too: it fires on the next turns (a ship down to one action can fight).
    let lasting = m.rules.lock_lasts != LockLasts::Turn;
    let mut tries = 0;
    while wants_lock
        && (left > 1 || (lasting && left == 1 && tries == 0))
        && tries < 2
        && st.ships[i].locks & (1 << lock_target) == 0
    {
        tries += 1;
        left -= 1;
        lock(m, st, i, lock_target, check, dice, obs);
    }
    if policy.aim && left > 1 && st.ships[i].aim == 0 && st.ships[i].locks & (1 << lock_target) != 0
    {
        st.ships[i].aim = m.rules.aim_bonus;
        left -= 1;
        st.event(side, Event::Aims);
    }
    // Attack: one action per bank, in sheet order.
    let seeker_target = if policy.salvo_over_pd {
        early_seeker_target.unwrap_or(t)
    } else if policy.mass_seekers {
        pick_target(m, st, i, true, dice).unwrap_or(t)
    } else {
        t
    };
    let hold_seekers =
        policy.salvo_over_pd && !outnumbers(m, st, i, seeker_target, left, aimed, &mut pd);
    for b in 0..d.weapons.len() {
        if left == 0 {
            break;
        }
        let w = &m.weapons[d.weapons[b].weapon as usize];
        if w.point_defense || (hold_seekers && w.delivery != Delivery::Direct) {
            continue;
        }
        let target = if w.delivery == Delivery::Direct {
            t
        } else {
            seeker_target
        };
        if !st.ships[target].alive {
            continue;
        }
        if attack(m, st, i, b, target, dice, obs) {
            left -= 1;
        }
    }
    // Spare actions: point defense against an enemy that carries missiles, then Move toward
    // the kept range.
    let roles = m.roles[st.ships[i].design as usize];
    if left > 0 && !st.ships[i].pd_active && roles.pd_banks != 0 && enemy_missiles(m, st, side) {
        st.ships[i].pd_active = true;
        left -= 1;
        trace!(obs, "  activates point defense");
    }
    if left > 0 && policy.closing {
        // Rationed fuel: one Move a turn, as the burn's prediction assumes.
        if !(policy.ration_fuel && st.ships[i].displacement > 0) {
            let burn = match planned {
                Some(b) => b,
                None => plan_burn(m, st, i, lock_target, dice),
            };
            if burn.gain > 0 {
                apply_burn(m, st, i, burn.shift, dice, obs);
            }
        }
    } else if left > 0 && st.ships[t].alive {
        move_ship(m, st, i, t, dice, obs);
    }
}

/// The gain (in [`closing::cost`] units: twice the hex-turns of range error saved) at which a
/// `closing` ship spends its first action on a Move while a weapon already reaches, when two
/// actions are left after it (a lock and an attack).
pub const URGENT_BURN: i32 = 8;

/// The same for a ship whose Move would cost its only attack (two actions or fewer): only a
/// track far off the wanted range is worth the shot.
pub const URGENT_BURN_LAST_SHOT: i32 = 24;

/// The `closing` burn of ship `i` engaging `t` ([`closing::best_burn`]): its thrust this
/// Move (less lost Maneuvering Jets and Thrusters, G11, and no more than its burns), its kept
/// range and its longest ready reach.
fn plan_burn<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    i: usize,
    t: usize,
    dice: &mut R,
) -> closing::Burn {
    let s = &st.ships[i];
    let d = &m.designs[s.design as usize];
    let thrust = thrust(s, d);
    if thrust.min(s.burns) <= 0 {
        // No burn possible ([`closing::best_burn`] rolls no die then).
        return closing::Burn {
            shift: Hex::default(),
            gain: 0,
        };
    }
    let roles = &m.roles[s.design as usize];
    let reach = if (s.banks_lost | s.banks_jammed) & roles.attack_banks == 0 {
        roles.reach
    } else {
        d.weapons
            .iter()
            .enumerate()
            .filter(|(b, w)| s.bank_ready(*b) && !m.weapons[w.weapon as usize].point_defense)
            .map(|(_, w)| m.weapons[w.weapon as usize].max_range())
            .max()
            .unwrap_or(0)
    };
    let plan = closing::Plan {
        ship: s.ship,
        dest: s.dest,
        target_ship: st.ships[t].ship,
        target_dest: st.ships[t].dest,
        thrust: thrust.min(s.burns),
        brake: thrust,
        keep: m.keep[s.design as usize],
        reach,
        fuel: if m.policies[s.side.index()].ration_fuel {
            closing::fuel_price(d.burns, s.burns)
        } else {
            1
        },
    };
    closing::best_burn(&plan, dice)
}

/// A ship's thrust a Move (G6), less one per lost Maneuvering Jets and Thruster (G11).
fn thrust(s: &ShipState, d: &ShipDesign) -> i32 {
    let jets = i32::from(s.destroyed[System::ManeuveringJets as usize])
        + i32::from(s.destroyed[System::Thruster as usize]);
    (d.thrust - jets).max(0)
}

/// Move: shift ship `i`'s destination counter by `shift`, one burn per hex (G6).
fn apply_burn<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    shift: Hex,
    dice: &mut R,
    obs: &mut O,
) {
    let n = shift.length();
    let s = &mut st.ships[i];
    s.dest = s.dest.add(shift);
    s.burns -= n;
    s.displacement += n;
    if let Some(dir) = unit_toward(shift, directions(s.side)) {
        s.facing = dir;
    }
    let side = s.side;
    trace!(
        obs,
        "  moves its destination {n} hexes to {}", st.ships[i].dest
    );
    for _ in 0..n {
        st.event(side, Event::Burns);
    }
    if n > 0 {
        damage::maneuver(m, st, i, dice, obs);
    }
}

/// The unit direction (of the side's list) closest to `v`'s heading, if `v` is not zero:
/// the facing a burn leaves (G6: "its last thrust").
fn unit_toward(v: Hex, dirs: [Hex; 6]) -> Option<Hex> {
    if v == Hex::default() {
        return None;
    }
    dirs.into_iter().max_by_key(|d| d.dot(v))
}

/// A target key: point-defense weapons (0 unless the seeker target is sought), intact
/// boxes, range.
type TargetKey = (u32, u32, i32);

/// The lowest key offered so far, the first ship offering it and how many share it.
#[derive(Clone, Copy)]
struct Lowest {
    key: TargetKey,
    first: Option<usize>,
    ties: u32,
}

impl Lowest {
    const NONE: Lowest = Lowest {
        key: (u32::MAX, u32::MAX, i32::MAX),
        first: None,
        ties: 0,
    };

    fn offer(&mut self, j: usize, k: TargetKey) {
        if self.first.is_none() || k < self.key {
            *self = Lowest {
                key: k,
                first: Some(j),
                ties: 1,
            };
        } else if k == self.key {
            self.ties += 1;
        }
    }

    /// The ship: the only one with the lowest key, or the one the dice pick among those
    /// sharing it, in ship order (`key` of an enemy gives its key again).
    fn pick<R: Roller>(
        self,
        st: &BattleState,
        i: usize,
        key: impl Fn(&ShipState) -> TargetKey,
        dice: &mut R,
    ) -> Option<usize> {
        if self.ties <= 1 {
            return self.first;
        }
        let pick = dice.below(self.ties) as usize;
        let side = st.ships[i].side;
        st.ships
            .iter()
            .enumerate()
            .filter(|(_, t)| t.alive && t.side != side && key(t) == self.key)
            .nth(pick)
            .map(|(j, _)| j)
    }
}

/// The enemy to engage: the one with fewest intact boxes (or, for massed seekers, fewest
/// point-defense weapons), then the nearest; ties go to the battle's dice.
///
/// Two passes over the ships, no key table: the first finds the best key and how many enemies
/// share it, the second (only on a tie) takes the one the dice pick, in ship order.
fn pick_target<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    i: usize,
    by_pd: bool,
    dice: &mut R,
) -> Option<usize> {
    let s = &st.ships[i];
    let key = |t: &ShipState| {
        let pd = if by_pd { pd_weapons(m, t) } else { 0 };
        (pd, t.boxes_left, s.ship.distance(t.ship))
    };
    let mut lowest = Lowest::NONE;
    for (j, t) in st.ships.iter().enumerate() {
        if t.alive && t.side != s.side {
            lowest.offer(j, key(t));
        }
    }
    lowest.pick(st, i, key, dice)
}

/// [`pick_target`] for the target (`by_pd` false) and, when `seekers`, then for the seeker
/// target (`by_pd` true), with one pass over the ships for both; a tie's die is drawn for the
/// target first, as two calls would draw them.
fn pick_targets<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    i: usize,
    seekers: bool,
    dice: &mut R,
) -> (Option<usize>, Option<usize>) {
    let s = &st.ships[i];
    let mut target = Lowest::NONE;
    let mut seeker = Lowest::NONE;
    for (j, t) in st.ships.iter().enumerate() {
        if t.alive && t.side != s.side {
            let (boxes, range) = (t.boxes_left, s.ship.distance(t.ship));
            target.offer(j, (0, boxes, range));
            if seekers {
                seeker.offer(j, (pd_weapons(m, t), boxes, range));
            }
        }
    }
    let near = |t: &ShipState| (0, t.boxes_left, s.ship.distance(t.ship));
    let t = target.pick(st, i, near, dice);
    if t.is_none() || !seekers {
        return (t, None);
    }
    let by_pd = |t: &ShipState| (pd_weapons(m, t), t.boxes_left, s.ship.distance(t.ship));
    (t, seeker.pick(st, i, by_pd, dice))
}

/// The warheads ship `i` could launch at `t` with `actions` attack actions: its ready seeker
/// and projectile banks that reach `t`, in sheet order, one bank per action, as far as its
/// magazine goes (the lock is the caller's).
fn salvo(m: &Matchup, st: &BattleState, i: usize, t: usize, actions: i32) -> u32 {
    let (s, tt) = (&st.ships[i], &st.ships[t]);
    if !m.roles[s.design as usize].launcher || s.warheads <= 0 || actions <= 0 {
        return 0;
    }
    let d = &m.designs[s.design as usize];
    let mut left = actions;
    let mut warheads = s.warheads.max(0) as u32;
    let mut n = 0;
    for (b, w) in d.weapons.iter().enumerate() {
        let p = &m.weapons[w.weapon as usize];
        if left <= 0 || warheads == 0 {
            break;
        }
        if p.point_defense
            || p.delivery == Delivery::Direct
            || !s.bank_ready(b)
            || attack_range(s, tt, p.delivery) > p.max_range()
        {
            continue;
        }
        let k = u32::from(w.count).min(warheads);
        n += k;
        warheads -= k;
        left -= 1;
    }
    n
}

/// Whether ship `i`'s salvo at `t` with `actions` attack actions and the `aimed` warheads of
/// its side already there outnumber `t`'s side's point defense in reach ([`enemy_pd`], kept
/// in `pd` once found; not needed when there is nothing to launch).
fn outnumbers(
    m: &Matchup,
    st: &BattleState,
    i: usize,
    t: usize,
    actions: i32,
    aimed: u32,
    pd: &mut Option<u32>,
) -> bool {
    let n = salvo(m, st, i, t, actions) + aimed;
    n > 0 && n > *pd.get_or_insert_with(|| enemy_pd(m, st, t))
}

/// Warheads of `side`'s counters already aimed at `t` this turn.
fn aimed_at(st: &BattleState, side: Side, t: usize) -> u32 {
    st.counters
        .iter()
        .filter(|c| c.target as usize == t && st.ships[c.owner as usize].side == side)
        .map(|c| u32::from(c.warheads))
        .sum()
}

/// Ready point-defense weapons of `t`'s side whose ships are within their reach of `t`'s
/// destination hex (where a salvo at `t` waits for the Point Defense phase).
fn enemy_pd(m: &Matchup, st: &BattleState, t: usize) -> u32 {
    let at = st.ships[t].dest;
    let side = st.ships[t].side;
    let mut n = 0;
    for o in st.ships.iter().filter(|o| o.alive && o.side == side) {
        let roles = &m.roles[o.design as usize];
        let mut banks = roles.pd_banks;
        if banks == 0 {
            continue;
        }
        let dist = o.ship.distance(at);
        if (o.banks_lost | o.banks_jammed) & banks == 0 && dist <= roles.pd_reach {
            // All ready, all in reach.
            n += roles.pd_weapons;
            continue;
        }
        let d = &m.designs[o.design as usize];
        while banks != 0 {
            let b = banks.trailing_zeros() as usize;
            banks &= banks - 1;
            let w = &d.weapons[b];
            if o.bank_ready(b) && dist <= m.weapons[w.weapon as usize].max_range() {
                n += u32::from(w.count);
            }
        }
    }
    n
}

/// Ready point-defense weapons of `t` (all of its design's when none of those banks is lost or
/// jammed).
fn pd_weapons(m: &Matchup, t: &ShipState) -> u32 {
    let roles = m.roles[t.design as usize];
    let down = (t.banks_lost | t.banks_jammed) & roles.pd_banks;
    if down == 0 {
        return roles.pd_weapons;
    }
    let d = &m.designs[t.design as usize];
    let mut banks = roles.pd_banks & !down;
    let mut n = 0;
    while banks != 0 {
        let b = banks.trailing_zeros() as usize;
        banks &= banks - 1;
        n += u32::from(d.weapons[b].count);
    }
    n
}

/// Whether an enemy of `side` still in the battle carries projectiles or seekers.
fn enemy_missiles(m: &Matchup, st: &BattleState, side: Side) -> bool {
    st.ships
        .iter()
        .any(|s| s.alive && s.side != side && m.roles[s.design as usize].launcher)
}

/// Whether some ready bank reaches `t` and, if it needs a lock, a lock is held or possible
/// (`lockable`: [`lockable`] of `i` on `t`).
fn any_in_reach(m: &Matchup, st: &BattleState, i: usize, t: usize, lockable: bool) -> bool {
    let (s, tt) = (&st.ships[i], &st.ships[t]);
    let d = &m.designs[s.design as usize];
    let can_lock = s.locks & (1 << t) != 0 || lockable;
    d.weapons.iter().enumerate().any(|(b, w)| {
        let p = &m.weapons[w.weapon as usize];
        s.bank_ready(b)
            && !p.point_defense
            && attack_range(s, tt, p.delivery) <= p.max_range()
            && (can_lock || !needs_lock(m, p.delivery))
    })
}

/// Move: the destination counter moves up to the ship's thrust in hexes, one burn each,
/// toward the kept range from the target (G6). Returns whether it moved.
fn move_ship<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    t: usize,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let d = &m.designs[st.ships[i].design as usize];
    let jets = i32::from(st.ships[i].destroyed[System::ManeuveringJets as usize])
        + i32::from(st.ships[i].destroyed[System::Thruster as usize]);
    let thrust = (d.thrust - jets).min(st.ships[i].burns);
    let keep = m.keep[st.ships[i].design as usize];
    let (tship, tdest) = (st.ships[t].ship, st.ships[t].dest);
    let t_next = tdest.add(tdest.sub(tship));
    let dirs = directions(st.ships[i].side);
    let mut moved = 0;
    // The cost of a destination depends on it alone (the ship counter does not move), so the
    // chosen hex's cost is the next step's cost of staying.
    let ship = st.ships[i].ship;
    let cost = |dest: Hex| {
        let v = dest.sub(ship);
        let next = dest.add(v);
        2 * ((dest.distance(tdest) - keep).abs() + (next.distance(t_next) - keep).abs())
            + v.length()
    };
    let mut here = cost(st.ships[i].dest);
    for _ in 0..thrust {
        let s = &st.ships[i];
        let mut best = (here, None);
        for dir in dirs {
            let c = cost(s.dest.add(dir));
            if c < best.0 {
                best = (c, Some(dir));
            }
        }
        let Some(dir) = best.1 else { break };
        here = best.0;
        let s = &mut st.ships[i];
        s.dest = s.dest.add(dir);
        s.facing = dir;
        s.burns -= 1;
        s.displacement += 1;
        moved += 1;
    }
    if moved > 0 {
        let s = &st.ships[i];
        let side = s.side;
        trace!(obs, "  moves its destination {moved} hexes to {}", s.dest);
        for _ in 0..moved {
            st.event(side, Event::Burns);
        }
        damage::maneuver(m, st, i, dice, obs);
    }
    moved > 0
}

/// Target Lock on `t` (seed, "Target Lock") with the roll's inputs `c` ([`lock_check`] of
/// `i` on `t`, found once an activation).
fn lock<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    t: usize,
    c: LockCheck,
    dice: &mut R,
    obs: &mut O,
) {
    let side = st.ships[i].side;
    let ok = try_lock(c, m.rules.lock_dice, dice);
    trace!(
        obs,
        "  target lock on {} at range {}: {}",
        m.names[t],
        c.range,
        if ok { "locked" } else { "failed" }
    );
    if ok {
        st.ships[i].locks |= 1 << t;
        st.event(side, Event::Locks);
    } else {
        st.event(side, Event::LockFailures);
    }
}

/// Whether a lock with inputs `c` is automatic or succeeds at least half the time.
fn even_chance(c: LockCheck, dice: super::super::lock::LockDice) -> bool {
    let (ways, total) = lock_chance(c, dice);
    2 * ways >= total
}

/// The lock roll's inputs for ship `i` locking onto `t` (seed, "Target Lock" modifiers).
fn lock_check(m: &Matchup, st: &BattleState, i: usize, t: usize) -> LockCheck {
    let s = &st.ships[i];
    let tt = &st.ships[t];
    let d = &m.designs[s.design as usize];
    let td = &m.designs[tt.design as usize];
    let range = s.ship.distance(tt.ship);
    if range <= 2 + d.fcs {
        // "Automatic within 2 + FCS rating hexes": no modifier counts, none is gathered.
        return LockCheck {
            range,
            fcs: d.fcs,
            ..LockCheck::default()
        };
    }
    let hex = match m.rules.interference_from {
        InterferenceFrom::TargetHex => tt.ship,
        InterferenceFrom::LockerHex => s.ship,
    };
    let mut c = LockCheck {
        range,
        fcs: d.fcs,
        target_size: td.size,
        stealth: td.stealth,
        target_on_reaction_drive: tt.on_reaction_drive(td),
        ..LockCheck::default()
    };
    for (j, o) in st.ships.iter().enumerate() {
        if j == i || j == t || !o.alive {
            continue;
        }
        let od = &m.designs[o.design as usize];
        let dist = o.ship.distance(hex);
        if o.side == tt.side && o.ship == tt.ship {
            c.multiple_enemies_in_hex = true;
        }
        if o.thrusting() {
            match od.drive {
                super::super::design::Drive::Reactionless => c.reactionless_in_hex |= dist == 0,
                super::super::design::Drive::Reaction => {
                    c.reaction_in_hex |= dist == 0;
                    c.reaction_adjacent |= dist == 1;
                }
            }
        }
    }
    let sensors = if d.has(System::Sensors) && !s.has(d, System::Sensors) {
        m.rules.sensors_loss
    } else {
        0
    };
    let scanners = s
        .scanners
        .iter()
        .filter(|x| matches!(x, Scanner::Disabled | Scanner::Destroyed))
        .count() as i32;
    c.other = -sensors - scanners * m.rules.scanner_lock_penalty;
    c
}

/// Attack with bank `b` at `t` (seed, "Attack Procedures"). Returns whether an action was
/// spent.
fn attack<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    b: usize,
    t: usize,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let s = st.ships[i];
    let tt = st.ships[t];
    let d = &m.designs[s.design as usize];
    let mounted = d.weapons[b];
    let w = &m.weapons[mounted.weapon as usize];
    if !s.bank_ready(b) || (needs_lock(m, w.delivery) && s.locks & (1 << t) == 0) {
        return false;
    }
    let range = attack_range(&s, &tt, w.delivery);
    let Some(base) = w.to_hit_at(range) else {
        return false;
    };
    let bonus = s.aim - fire_control(m, d, &s);
    if w.delivery != Delivery::Direct {
        // Projectile/seeker: one counter per salvo in the target's destination hex.
        let n = i32::from(mounted.count).min(s.warheads);
        if n <= 0 {
            return false;
        }
        st.ships[i].warheads -= n;
        st.ships[i].aim = 0;
        st.counters.push(Counter {
            owner: i as u8,
            target: t as u8,
            bank: b as u8,
            warheads: n as u8,
            hex: tt.dest,
            from: s.ship,
            range,
            bonus,
        });
        st.event(s.side, Event::Salvos);
        trace!(
            obs,
            "  launches {n} x {} at {} (range {range})", w.name, m.names[t]
        );
        return true;
    }
    let td = &m.designs[tt.design as usize];
    let tohit = ToHit {
        target_displacement: tt.displacement,
        target_size: td.size,
        other: bonus - shield(m, &tt),
        ..ToHit::default()
    };
    let tn = base + modifier(Delivery::Direct, tohit, m.rules.size_sign());
    st.ships[i].aim = 0;
    let mut hit_count = 0u32;
    for _ in 0..mounted.count {
        let roll = dice.below(10) as u8 + 1;
        if hits(roll, tn) {
            hit_count += 1;
            st.event(s.side, Event::DirectHits);
        } else {
            st.event(s.side, Event::DirectMisses);
        }
    }
    trace!(
        obs,
        "  fires {} x {} at {} (range {range}, TN {tn}): {hit_count} hits",
        mounted.count,
        w.name,
        m.names[t]
    );
    if hit_count > 0 {
        let aft = m.rules.aft_arc && in_aft_arc(tt.ship, tt.facing, s.ship);
        damage::apply(m, st, i, b, t, hit_count * w.damage, aft, dice, obs);
    }
    true
}

/// Repair what matters: a jammed bank (Easy), a lost weapon bank (Hard), Fire Control (Very
/// Hard), a disabled scanner (Average) — G14. Returns whether an action was spent.
fn repair<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let s = st.ships[i];
    let by_kind = m.rules.repair_difficulty == RepairDifficulty::ByKind;
    let diff = |k: Difficulty| if by_kind { k } else { Difficulty::Average };
    enum Job {
        Jam(usize),
        Bank(usize),
        FireControl,
        Scanner(usize),
    }
    let job = if let Some(b) = (0..d.weapons.len()).find(|&b| s.banks_jammed & (1 << b) != 0) {
        (Job::Jam(b), diff(Difficulty::Easy))
    } else if let Some(b) = (0..d.weapons.len()).find(|&b| s.banks_lost & (1 << b) != 0) {
        (Job::Bank(b), diff(Difficulty::Hard))
    } else if d.has(System::FireControl) && !s.has(d, System::FireControl) {
        (Job::FireControl, diff(Difficulty::VeryHard))
    } else if let Some(k) = (0..2).find(|&k| s.scanners[k] == Scanner::Disabled) {
        (Job::Scanner(k), diff(Difficulty::Average))
    } else {
        return false;
    };
    let roll = dice.below(10) as u8 + 1;
    let ok = job.1.succeeds(roll);
    if ok {
        let sm = &mut st.ships[i];
        match job.0 {
            Job::Jam(b) => sm.banks_jammed &= !(1 << b),
            Job::Bank(b) => {
                sm.banks_lost &= !(1 << b);
                let sys = match d.weapons[b].mount {
                    Mount::Turret => System::TurretWeapon,
                    Mount::Fixed => System::FixedWeapon,
                    Mount::Spinal => System::SpinalMount,
                };
                sm.destroyed[sys as usize] = sm.destroyed[sys as usize].saturating_sub(1);
            }
            Job::FireControl => {
                sm.destroyed[System::FireControl as usize] -= 1;
            }
            Job::Scanner(k) => sm.scanners[k] = Scanner::Working,
        }
        st.event(s.side, Event::Repairs);
    } else {
        st.event(s.side, Event::RepairFailures);
    }
    trace!(
        obs,
        "  repair ({:?}, roll {roll}): {}",
        job.1,
        if ok { "done" } else { "failed" }
    );
    true
}
