//! Defensive fire against gun shots in the Fire Determination Phase (§7.2.3, §7.2.6, §7.2.7,
//! §11.1.1–3, §11.1.7; D17 7): once every ship has chosen its shots from the same snapshot,
//! 1. §7.2.6 mode switching: under the policy's `hold_for_df` an SDF weapon declared offensive
//!    switches to SDF (§11.1.1: "freely") when its DF saves more than its shots deal
//!    (`policy::holds_for_df`); a weapon declared offensive (or still arming, §11.1.3) with an EDF
//!    Rating switches to Emergency DF when what it saves beats the shots it spoils and its price
//!    (`policy::worth_emergency`); it takes its point of damage (ignoring armor) and, unarmed,
//!    its forced cooldown;
//! 2. §7.2.3/§7.2.7: every weapon that holds fire, can fire and may defend gives its SDF, else
//!    its AHDF ("secretly set unused weapons to SDF or AHDF", `defensive_fire::declared`), to
//!    the incoming shot where it takes off the most expected damage (`policy::worth_allocating`:
//!    the AHDF and EDF groups' caps counted), ties by the battle's dice. Under the policy's
//!    `screening` an SDF weapon may also defend a friend (§11.1.7, `defensive_fire::may_screen`).
//!
//! Each weapon defends once a turn (§11.1) and is then on DF for the Guided Weapons Phase too
//! (`st.guided.df_mask`: it neither intercepts nor defends again).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::defensive_fire::{DfKind, declared, edf_cost, may_screen};
use super::super::design::Config;
use super::super::fire::hit_roll::range_penalty;
use super::super::fire::readings::{DfArming, EdfCooldown};
use super::super::geometry::range;
use super::super::matchup::Matchup;
use super::super::policy::{
    FIRING_HIT_SHARE, edf_price, holds_for_df, mean_damage, pick_tie, worth_allocating,
    worth_emergency,
};
use super::super::weapons::technologies::{can_be_defended, may_defend};
use super::fire::in_arc;
use super::{BattleState, Shot};
use crate::rules::cold_infinity::Event;

/// §7.2.6 then §7.2.7 for every ship (see the module).
pub(super) fn defensive_fire<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    standard_switches(m, st, dice, obs);
    emergency_switches(m, st, dice, obs);
    for d in 0..st.ships.len() {
        if !st.ships[d].alive {
            continue;
        }
        let bd = m.design_of(d);
        for (k, w) in bd.mounts.iter().enumerate() {
            let Some((kind, rating)) = declared(w.weapon.df.sdf, w.weapon.df.ahdf) else {
                continue;
            };
            if w.weapon.df.ablative
                || !may_defend(w.weapon.tech, false)
                || !st.ships[d].arming[k].can_fire(w.weapon.rof)
                || st.guided.df_mask[d] & (1 << k) != 0
                || fires(st, d, k)
            {
                continue;
            }
            let screen = kind == DfKind::Standard && m.policies[st.ships[d].side.index()].screening;
            let Some((idx, _)) = best_shot(m, st, d, k, kind, rating, screen, |_| true, dice)
            else {
                continue;
            };
            st.shots[idx].df = st.shots[idx].df.with(kind, rating);
            st.guided.df_mask[d] |= 1 << k;
            after_defensive_fire(m, st, d, k);
            let s = st.shots[idx];
            if kind == DfKind::AdHoc || usize::from(s.target) != d {
                let t = usize::from(s.target);
                trace!(
                    obs,
                    "  {}'s {} {} {} −{} against {}'s {} at {} (DF now −{})",
                    m.names[d],
                    bd.mount_names[k],
                    if t == d { "gives" } else { "screens with" },
                    if kind == DfKind::AdHoc { "AHDF" } else { "SDF" },
                    rating,
                    m.names[usize::from(s.attacker)],
                    m.design_of(usize::from(s.attacker)).mount_names[usize::from(s.mount)],
                    m.names[t],
                    s.df.total()
                );
            }
        }
    }
}

/// Whether mount `k` of ship `d` has a shot declared this phase.
#[inline]
pub(super) fn fires(st: &BattleState, d: usize, k: usize) -> bool {
    st.shots
        .iter()
        .any(|s| usize::from(s.attacker) == d && usize::from(s.mount) == k)
}

/// The shot mount `k` of ship `d` defends best with DF of `kind` and `rating`: the largest
/// expected damage taken off ([`worth_allocating`], DF already on each shot counted), ties by
/// the battle's dice, rolled only when `worth_it` takes that largest saving (a switch the
/// policy turns down rolls nothing, so the battle's dice stay in step with the policy off);
/// `None` when no shot it may defend loses anything. It may defend a shot
/// (§11.1) at its own ship — not a later tracking turn (no hit roll), of a technology and
/// configuration that can be defended against, no faster than the weapon (§11.1.4), the
/// attacker in its arc — or, with `screen`, at a friend it may screen (§11.1.7).
#[allow(clippy::too_many_arguments)]
fn best_shot<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
    kind: DfKind,
    rating: u8,
    screen: bool,
    worth_it: impl Fn(f64) -> bool,
    dice: &mut R,
) -> Option<(usize, f64)> {
    let w = m.design_of(d).mounts[k];
    let me = st.ships[d].motion;
    let bears = |at| in_arc(m, st, d, w.arc, at);
    let allowed = |s: &Shot| {
        let (a, t) = (usize::from(s.attacker), usize::from(s.target));
        if s.follow {
            return false;
        }
        let aw = m.design_of(a).mounts[usize::from(s.mount)].weapon;
        if !can_be_defended(aw.tech, s.config) || w.weapon.speed < aw.speed {
            return false;
        }
        let attacker = st.ships[a].motion.pos;
        if t == d {
            return bears(attacker);
        }
        // §11.1.7: a friend's attacker, when this weapon may screen for the friend.
        if !screen || st.ships[t].side != st.ships[d].side || !st.ships[t].alive {
            return false;
        }
        let target = st.ships[t].motion.pos;
        let to_target = range(me.pos, target).clamp(0, i32::from(u16::MAX)) as u16;
        let penalty = range_penalty(w.weapon.range, to_target, true, m.rules.fire.range_zero);
        may_screen(
            true,
            penalty.max(0) as u16,
            w.weapon.speed,
            false,
            bears(target) || bears(attacker),
            range(me.pos, attacker).clamp(0, i32::from(u16::MAX)) as u16,
            range(target, attacker).clamp(0, i32::from(u16::MAX)) as u16,
        )
    };
    let worth = |s: &Shot| worth_allocating(s.value, s.drm, s.df, kind, rating);
    let mut best = 0.0;
    let mut ties = 0u32;
    for s in st.shots.iter().filter(|s| allowed(s)) {
        let v = worth(s);
        if v <= 0.0 {
            continue;
        }
        if v > best {
            best = v;
            ties = 1;
        } else if v == best {
            ties += 1;
        }
    }
    if ties == 0 || !worth_it(best) {
        return None;
    }
    let pick = pick_tie(dice, ties);
    let mut seen = 0;
    for (idx, s) in st.shots.iter().enumerate() {
        if allowed(s) && worth(s) == best {
            if seen == pick {
                return Some((idx, best));
            }
            seen += 1;
        }
    }
    None
}

/// §7.2.6 / §11.1.1 under the policy's `hold_for_df`: every weapon with an SDF Rating (not
/// ablative) declared offensive this phase with plain shots (not a tracking or wave attack)
/// switches to SDF when [`holds_for_df`]: the expected damage it takes off the incoming shot it
/// defends best (ties by the battle's dice) beats its own shots' expected damage. Its shots are
/// withdrawn and its SDF is on that shot. AHDF cannot be switched to after the declaration
/// (§11.1.2), and the policy does not predict the enemy's attacks before the reveal, so only
/// SDF weapons hold back.
fn standard_switches<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for d in 0..st.ships.len() {
        if !st.ships[d].alive || !m.policies[st.ships[d].side.index()].hold_for_df {
            continue;
        }
        let bd = m.design_of(d);
        let screen = m.policies[st.ships[d].side.index()].screening;
        for (k, w) in bd.mounts.iter().enumerate() {
            let sdf = w.weapon.df.sdf;
            if sdf == 0 || w.weapon.df.ablative || !may_defend(w.weapon.tech, false) {
                continue;
            }
            let (dealt, plain) = declared_shots(st, d, k);
            if !plain || !fires(st, d, k) {
                continue;
            }
            let worth_it = |saved| holds_for_df(saved, dealt);
            let Some((idx, saved)) =
                best_shot(m, st, d, k, DfKind::Standard, sdf, screen, worth_it, dice)
            else {
                continue;
            };
            let s = switch_to_df(st, d, k, idx, DfKind::Standard, sdf);
            after_defensive_fire(m, st, d, k);
            trace!(
                obs,
                "  {}'s {} holds back for SDF −{} against {}'s {} at {} (DF now −{}; saves {:.2}, its shot {:.2})",
                m.names[d],
                bd.mount_names[k],
                sdf,
                m.names[usize::from(s.attacker)],
                m.design_of(usize::from(s.attacker)).mount_names[usize::from(s.mount)],
                m.names[usize::from(s.target)],
                s.df.total(),
                saved,
                dealt
            );
        }
    }
}

/// The expected damage of mount `k` of ship `d`'s declared shots this phase, and whether they
/// are all plain shots (not a later tracking turn, a tracking or a wave attack: those are not
/// withdrawn for DF).
fn declared_shots(st: &BattleState, d: usize, k: usize) -> (f64, bool) {
    let mut dealt = 0.0;
    let mut plain = true;
    for s in st.shots.iter() {
        if usize::from(s.attacker) == d && usize::from(s.mount) == k {
            dealt += s.value;
            plain &= !s.follow && !matches!(s.config, Config::Tracking | Config::Wave);
        }
    }
    (dealt, plain)
}

/// §7.2.6: mount `k` of ship `d` switches from its declared shots to DF of `kind` and
/// `rating` on shot `idx`: the DF goes on that shot, its own shots are withdrawn and it is on
/// DF for the phase. Returns the defended shot (taken before the withdrawal moves indices).
fn switch_to_df(
    st: &mut BattleState,
    d: usize,
    k: usize,
    idx: usize,
    kind: DfKind,
    rating: u8,
) -> Shot {
    st.shots[idx].df = st.shots[idx].df.with(kind, rating);
    let s = st.shots[idx];
    withdraw(st, d, k);
    st.guided.df_mask[d] |= 1 << k;
    s
}

/// Withdraws mount `k` of ship `d`'s declared shots (it switched to DF, §7.2.6).
fn withdraw(st: &mut BattleState, d: usize, k: usize) {
    st.shots
        .retain(|s| !(usize::from(s.attacker) == d && usize::from(s.mount) == k));
}

/// §7.2.6 / §11.1.3: every weapon with an EDF Rating that is activated and not in cooldown, not
/// already on DF, and either declared offensive this phase (a plain shot: not a tracking or wave
/// attack) or still arming, switches to EDF when [`worth_emergency`]: the expected damage it
/// takes off the incoming shot it defends best beats its own shots' expected damage plus
/// `edf_price` (its point of damage; unarmed, the firings its forced cooldown costs). A
/// switched weapon's shots are withdrawn, it is on DF against that shot (ties by the battle's
/// dice), takes 1 damage ignoring armor now, and, unarmed, sits out a cooldown as long as its
/// arming cycle from next turn (switched off, as a `C-n` weapon after firing).
fn emergency_switches<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for d in 0..st.ships.len() {
        if !st.ships[d].alive {
            continue;
        }
        let bd = m.design_of(d);
        for (k, w) in bd.mounts.iter().enumerate() {
            let edf = w.weapon.df.edf;
            if edf == 0 || !may_defend(w.weapon.tech, false) {
                continue;
            }
            let arming = st.ships[d].arming[k];
            let rof = w.weapon.rof;
            if !arming.active
                || arming.cooldown_left > 0
                || arming.fired
                || st.guided.df_mask[d] & (1 << k) != 0
                || st.condition[d].destroyed[usize::from(w.sys)]
            {
                continue;
            }
            let (spoiled, plain) = declared_shots(st, d, k);
            let offensive = fires(st, d, k);
            let unarmed = !arming.can_fire(rof);
            if !plain || !(offensive || unarmed) {
                continue;
            }
            let cost = edf_cost(rof.arming, rof.arming.saturating_sub(arming.armed));
            let firing =
                f64::from(rof.shots.max(1)) * mean_damage(w.weapon.damage) * FIRING_HIT_SHARE;
            let price = edf_price(cost, rof.arming, firing);
            let worth_it = |saved| worth_emergency(saved, spoiled, price);
            let Some((idx, saved)) =
                best_shot(m, st, d, k, DfKind::Emergency, edf, false, worth_it, dice)
            else {
                continue;
            };
            let s = switch_to_df(st, d, k, idx, DfKind::Emergency, edf);
            st.damage[d].damage_system(&bd.design, w.sys, cost.damage, false);
            if cost.cooldown > 0 {
                let a = &mut st.ships[d].arming[k];
                // As a `C-n` weapon after firing: the cooldown counts from next turn.
                a.fired = true;
                a.cooldown_left = cost.cooldown;
                a.lose_power();
                a.primed = m.rules.fire.edf_cooldown == EdfCooldown::ArmedAfter;
            }
            after_defensive_fire(m, st, d, k);
            trace!(
                obs,
                "  {}'s {} switches to EDF −{} against {}'s {} (DF now −{}; saves {:.2}, spoils {:.2}, costs 1 damage{})",
                m.names[d],
                bd.mount_names[k],
                edf,
                m.names[usize::from(s.attacker)],
                m.design_of(usize::from(s.attacker)).mount_names[usize::from(s.mount)],
                s.df.total(),
                saved,
                spoiled,
                if cost.cooldown > 0 {
                    format!(" and a {}-turn cooldown", cost.cooldown)
                } else {
                    String::new()
                }
            );
        }
    }
}

/// Mount `k` of ship `d` has fired defensively (§11.1): under `df_arming = rearms` it starts
/// arming over (a `C-n` weapon sits out its cooldown); the event is counted.
pub(super) fn after_defensive_fire(m: &Matchup, st: &mut BattleState, d: usize, k: usize) {
    if m.rules.fire.df_arming == DfArming::Rearms {
        let rof = m.design_of(d).mounts[k].weapon.rof;
        let arming = &mut st.ships[d].arming[k];
        arming.fire(rof);
        if rof.cooldown > 0 {
            arming.lose_power();
        }
    }
    let side = st.ships[d].side;
    st.event(side, Event::DefensiveFire);
}
