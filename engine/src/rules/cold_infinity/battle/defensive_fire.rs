//! Defensive fire against gun shots in the Fire Determination Phase (§7.2.3, §7.2.6, §7.2.7,
//! §11.1.1–3, §11.1.5, §11.1.7; D17 7): once every ship has chosen its shots from the same
//! snapshot,
//! 1. §7.2.6 mode switching, every ship deciding from the declared shots (PLAY.md: sides that
//!    act at once decide from the same snapshot): under the policy's `hold_for_df` an SDF weapon
//!    declared offensive switches to SDF (§11.1.1: "freely") when its DF saves more than its
//!    shots deal (`policy::holds_for_df`); a weapon declared offensive (or still arming,
//!    §11.1.3) with an EDF Rating switches to Emergency DF when what it saves beats the shots it
//!    spoils and its price (`policy::worth_emergency`); it takes its point of damage (ignoring
//!    armor) and, unarmed, its forced cooldown. A switched weapon's shots are withdrawn only
//!    once every ship has decided, so no ship's decision sees another's withdrawal (a side's
//!    DF goes only on shots at its own ships, so neither sees the other's DF);
//! 2. §7.2.3/§7.2.7: every weapon that holds fire, can fire and may defend gives its SDF, else
//!    its AHDF ("secretly set unused weapons to SDF or AHDF", `defensive_fire::declared`), to
//!    the incoming shot where it takes off the most expected damage (`policy::worth_allocating`:
//!    the AHDF and EDF groups' caps counted), ties by the battle's dice. Under the policy's
//!    `screening` an SDF weapon may also defend a friend (§11.1.7, `defensive_fire::may_screen`).
//!    An ablative weapon (§11.1.5) does not touch the hit roll: its SDF or AHDF goes on the
//!    shot's `ablative` tally (house rule `ablative_cap`), which cuts a hit's damage rolled by
//!    ceil(10 %) per −1 (`fire::damage::ablative_reduction`, after plasma falloff and before
//!    the configuration's spread, shields and armor: "the resulting damage"), where that saves
//!    most (`policy::worth_ablative`).
//!
//! Each weapon defends once a turn (§11.1) and is then on DF for the Guided Weapons Phase too
//! (`st.guided.df_mask`: it neither intercepts nor defends again).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::defensive_fire::{DfKind, EdfCost, declared, edf_cost, may_screen};
use super::super::design::Config;
use super::super::fire::hit_roll::range_penalty;
use super::super::fire::readings::{AblativeCap, DfArming, EdfCooldown};
use super::super::geometry::range;
use super::super::matchup::Matchup;
use super::super::policy::{
    FIRING_HIT_SHARE, edf_price, holds_for_df, mean_damage, pick_tie, worth_ablative,
    worth_allocating, worth_emergency,
};
use super::super::weapons::technologies::{can_be_defended, may_defend};
use super::fire::in_arc;
use super::{BattleState, Shot};
use crate::rules::cold_infinity::Event;

/// How one weapon's defensive fire acts on a gun shot: on the hit roll (§11.1.1–3), or, an
/// ablative weapon's, on a hit's damage (§11.1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DfUse {
    /// A to-hit penalty of this kind.
    ToHit(DfKind),
    /// Ablative DF of this kind (SDF or AHDF, §11.1.5).
    Ablative(DfKind),
}

impl DfUse {
    /// Shot `s` with one more weapon of this use and `rating` on it (house rule `ablative_cap`:
    /// uncapped, ablative AHDF adds up as SDF does).
    fn on(self, m: &Matchup, mut s: Shot, rating: u8) -> Shot {
        match self {
            DfUse::ToHit(kind) => s.df = s.df.with(kind, rating),
            DfUse::Ablative(kind) => s.ablative = s.ablative.with(ablative_kind(m, kind), rating),
        }
        s
    }
}

/// The tally kind ablative DF of `kind` adds as (house rule `ablative_cap`).
fn ablative_kind(m: &Matchup, kind: DfKind) -> DfKind {
    match m.rules.fire.ablative_cap {
        AblativeCap::OwnGroup => kind,
        AblativeCap::Uncapped => DfKind::Standard,
    }
}

/// §7.2.6 then §7.2.7 for every ship (see the module).
pub(super) fn defensive_fire<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    mark_firing(st);
    standard_switches(m, st, dice, obs);
    emergency_switches(m, st, dice, obs);
    withdraw_switched(st);
    for d in 0..st.ships.len() {
        if !st.ships[d].alive {
            continue;
        }
        let bd = m.design_of(d);
        for (k, w) in bd.mounts.iter().enumerate() {
            let Some((kind, rating)) = declared(w.weapon.df.sdf, w.weapon.df.ahdf) else {
                continue;
            };
            if !may_defend(w.weapon.tech, false)
                || !st.ships[d].arming[k].can_fire(w.weapon.rof)
                || st.guided.df_mask[d] & (1 << k) != 0
                || fires(st, d, k)
            {
                continue;
            }
            let ablative = w.weapon.df.ablative;
            let use_ = if ablative {
                DfUse::Ablative(kind)
            } else {
                DfUse::ToHit(kind)
            };
            let screen = !ablative
                && kind == DfKind::Standard
                && m.policies[st.ships[d].side.index()].screening;
            let Some((idx, saved)) = best_shot(m, st, d, k, use_, rating, screen, |_| true, dice)
            else {
                continue;
            };
            st.shots[idx] = use_.on(m, st.shots[idx], rating);
            st.guided.df_mask[d] |= 1 << k;
            after_defensive_fire(m, st, d, k);
            let s = st.shots[idx];
            let t = usize::from(s.target);
            if ablative {
                trace!(
                    obs,
                    "  {}'s {} gives ablative {} −{} against {}'s {} at {} (ablative DF now −{}: a hit's damage cut by ceil(10%) per point, §11.1.5; saves {:.2})",
                    m.names[d],
                    bd.mount_names[k],
                    if kind == DfKind::AdHoc { "AHDF" } else { "SDF" },
                    rating,
                    m.names[usize::from(s.attacker)],
                    m.design_of(usize::from(s.attacker)).mount_names[usize::from(s.mount)],
                    m.names[t],
                    s.ablative.total(),
                    saved
                );
            } else if kind == DfKind::AdHoc || t != d {
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

/// Marks every mount with a shot declared this phase (`st.guided.firing`, read by [`fires`]).
pub(super) fn mark_firing(st: &mut BattleState) {
    let firing = &mut st.guided.firing;
    firing.fill(0);
    for s in &st.shots {
        firing[usize::from(s.attacker)] |= 1 << s.mount;
    }
}

/// Whether mount `k` of ship `d` has a shot declared this phase (the mask [`mark_firing`]
/// set, less the weapons whose shots were withdrawn).
#[inline]
pub(super) fn fires(st: &BattleState, d: usize, k: usize) -> bool {
    st.guided.firing[d] & (1 << k) != 0
}

/// Most tied shots [`best_shot`] keeps from its one pass (more ties: a second pass finds the
/// pick).
const MOST_TIED: usize = 16;

/// The shot mount `k` of ship `d` defends best with DF of `use_` and `rating`: the largest
/// expected damage taken off ([`worth_allocating`]; ablative, [`worth_ablative`]; DF already on
/// each shot counted), ties by the battle's dice, rolled only when `worth_it` takes that
/// largest saving (a switch the policy turns down rolls nothing, so the battle's dice stay in
/// step with the policy off); `None` when no shot it may defend loses anything. It may defend
/// a shot (§11.1) at its own ship — not a later tracking turn (no hit roll), of a technology
/// and configuration that can be defended against, no faster than the weapon (§11.1.4), the
/// attacker in its arc — or, with `screen`, at a friend it may screen (§11.1.7). One pass over
/// the shots (the ties' indices kept; the pick is the same as a second pass's).
#[allow(clippy::too_many_arguments)]
fn best_shot<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
    use_: DfUse,
    rating: u8,
    screen: bool,
    worth_it: impl Fn(f64) -> bool,
    dice: &mut R,
) -> Option<(usize, f64)> {
    let w = m.design_of(d).mounts[k];
    let me = st.ships[d].motion;
    let bears = |at| in_arc(m, st, d, w.arc, at);
    // What DF on `s` takes off it; 0 when the weapon may not defend it.
    let gain = |s: &Shot| -> f64 {
        let (a, t) = (usize::from(s.attacker), usize::from(s.target));
        if s.follow {
            return 0.0;
        }
        let aw = m.design_of(a).mounts[usize::from(s.mount)].weapon;
        if !can_be_defended(aw.tech, s.config) || w.weapon.speed < aw.speed {
            return 0.0;
        }
        let attacker = st.ships[a].motion.pos;
        let may = if t == d {
            bears(attacker)
        } else if !screen || st.ships[t].side != st.ships[d].side || !st.ships[t].alive {
            false
        } else {
            // §11.1.7: a friend's attacker, when this weapon may screen for the friend.
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
        if !may {
            return 0.0;
        }
        match use_ {
            DfUse::ToHit(kind) => worth_allocating(s.value, s.drm, s.df, kind, rating),
            DfUse::Ablative(kind) => {
                let before = s.ablative.total();
                let after = s.ablative.with(ablative_kind(m, kind), rating).total();
                worth_ablative(aw.damage, s.drm, s.df.total(), before, after)
            }
        }
    };
    let mut best = 0.0;
    let mut ties = 0u32;
    let mut tied = [0u16; MOST_TIED];
    for (idx, s) in st.shots.iter().enumerate() {
        let v = gain(s);
        if v <= 0.0 {
            continue;
        }
        if v > best {
            best = v;
            ties = 0;
        } else if v < best {
            continue;
        }
        if let Some(slot) = tied.get_mut(ties as usize) {
            *slot = idx as u16;
        }
        ties += 1;
    }
    if ties == 0 || !worth_it(best) {
        return None;
    }
    let pick = pick_tie(dice, ties);
    if let Some(&idx) = tied.get(pick as usize) {
        return Some((usize::from(idx), best));
    }
    st.shots
        .iter()
        .enumerate()
        .filter(|(_, s)| gain(s) == best)
        .nth(pick as usize)
        .map(|(idx, _)| (idx, best))
}

/// §7.2.6 / §11.1.1 under the policy's `hold_for_df`: every weapon with an SDF Rating (not
/// ablative) declared offensive this phase with plain shots (not a tracking or wave attack)
/// switches to SDF when [`holds_for_df`]: the expected damage it takes off the incoming shot it
/// defends best (ties by the battle's dice) beats its own shots' expected damage. Its SDF is on
/// that shot; its shots are withdrawn once every ship has decided ([`withdraw_switched`]).
/// AHDF cannot be switched to after the declaration (§11.1.2), and the policy does not predict
/// the enemy's attacks before the reveal, so only SDF weapons hold back.
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
            if !fires(st, d, k) {
                continue;
            }
            let (dealt, plain) = declared_shots(st, d, k);
            if !plain {
                continue;
            }
            let worth_it = |saved| holds_for_df(saved, dealt);
            let standard = DfUse::ToHit(DfKind::Standard);
            let Some((idx, saved)) = best_shot(m, st, d, k, standard, sdf, screen, worth_it, dice)
            else {
                continue;
            };
            let s = switch(m, st, d, k, idx, DfKind::Standard, sdf, None);
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
/// `rating` on shot `idx`: the DF goes on that shot, it is on DF for the phase, pays EDF's
/// price (`cost`, [`pay_emergency`]) and has fired defensively ([`after_defensive_fire`]). Its
/// shots stay until [`withdraw_switched`] (every ship decides from the declared shots).
/// Returns the defended shot.
#[allow(clippy::too_many_arguments)]
fn switch(
    m: &Matchup,
    st: &mut BattleState,
    d: usize,
    k: usize,
    idx: usize,
    kind: DfKind,
    rating: u8,
    cost: Option<EdfCost>,
) -> Shot {
    st.shots[idx].df = st.shots[idx].df.with(kind, rating);
    st.guided.df_mask[d] |= 1 << k;
    if let Some(cost) = cost {
        pay_emergency(m, st, d, k, cost);
    }
    after_defensive_fire(m, st, d, k);
    st.shots[idx]
}

/// §7.2.6: withdraws the declared shots of every weapon on DF (each switched, §11.1: it "will
/// not fire offensively"), once every ship has decided.
fn withdraw_switched(st: &mut BattleState) {
    let g = &mut st.guided;
    if g.df_mask.iter().zip(&g.firing).all(|(&df, &f)| df & f == 0) {
        return;
    }
    let df_mask = &g.df_mask;
    st.shots
        .retain(|s| df_mask[usize::from(s.attacker)] & (1 << s.mount) == 0);
    for (f, &df) in g.firing.iter_mut().zip(&g.df_mask) {
        *f &= !df;
    }
}

/// Withdraws mount `k` of ship `d`'s declared shots (it switched to EDF against a guided
/// weapon, §7.2.6, §11.1.6).
pub(super) fn withdraw(st: &mut BattleState, d: usize, k: usize) {
    if !fires(st, d, k) {
        return;
    }
    st.shots
        .retain(|s| !(usize::from(s.attacker) == d && usize::from(s.mount) == k));
    st.guided.firing[d] &= !(1 << k);
}

/// What mount `k` of ship `d` would give and give up with Emergency DF now (§11.1.3).
#[derive(Clone, Copy, Debug)]
pub(super) struct Emergency {
    /// Its EDF Rating.
    pub rating: u8,
    /// The expected damage of its declared shots, which EDF spoils.
    pub spoiled: f64,
    /// Its price in expected damage (`policy::edf_price`).
    pub price: f64,
    /// Its price in the rules (`edf_cost`).
    pub cost: EdfCost,
}

/// Whether mount `k` of ship `d` may switch to EDF (§11.1.3, §7.2.6), and on what terms: an EDF
/// Rating and a technology that may defend, activated and not in cooldown, not yet fired or on
/// DF this turn, its system intact, and either declared offensive this phase (plain shots: not
/// a tracking or wave attack) or still arming. Its price: 1 damage ignoring armor and, unarmed,
/// a cooldown as long as its arming cycle (`edf_cost`), valued by `edf_price` (the firings the
/// cooldown costs, each its shots × mean damage × `FIRING_HIT_SHARE`).
pub(super) fn emergency_terms(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
) -> Option<Emergency> {
    let w = &m.design_of(d).mounts[k];
    let edf = w.weapon.df.edf;
    if edf == 0 || !may_defend(w.weapon.tech, false) {
        return None;
    }
    let arming = st.ships[d].arming[k];
    let rof = w.weapon.rof;
    if !arming.active
        || arming.cooldown_left > 0
        || arming.fired
        || st.guided.df_mask[d] & (1 << k) != 0
        || st.condition[d].destroyed[usize::from(w.sys)]
    {
        return None;
    }
    let offensive = fires(st, d, k);
    let unarmed = !arming.can_fire(rof);
    if !(offensive || unarmed) {
        return None;
    }
    let (spoiled, plain) = declared_shots(st, d, k);
    if !plain {
        return None;
    }
    let cost = edf_cost(rof.arming, rof.arming.saturating_sub(arming.armed));
    let firing = f64::from(rof.shots.max(1)) * mean_damage(w.weapon.damage) * FIRING_HIT_SHARE;
    Some(Emergency {
        rating: edf,
        spoiled,
        price: edf_price(cost, rof.arming, firing),
        cost,
    })
}

/// §11.1.3's price of mount `k` of ship `d`'s EDF: 1 damage ignoring armor now and, unarmed, a
/// cooldown as long as its arming cycle from next turn (switched off, as a `C-n` weapon after
/// firing; house rule `edf_cooldown`).
pub(super) fn pay_emergency(m: &Matchup, st: &mut BattleState, d: usize, k: usize, cost: EdfCost) {
    let bd = m.design_of(d);
    st.damage[d].damage_system(&bd.design, bd.mounts[k].sys, cost.damage, false);
    if cost.cooldown > 0 {
        let a = &mut st.ships[d].arming[k];
        // As a `C-n` weapon after firing: the cooldown counts from next turn.
        a.fired = true;
        a.cooldown_left = cost.cooldown;
        a.lose_power();
        a.primed = m.rules.fire.edf_cooldown == EdfCooldown::ArmedAfter;
    }
}

/// §11.1.3's price in a trace line: "costs 1 damage", and the unarmed weapon's cooldown.
pub(super) fn price_note(cost: EdfCost) -> String {
    if cost.cooldown > 0 {
        format!("costs 1 damage and a {}-turn cooldown", cost.cooldown)
    } else {
        "costs 1 damage".to_owned()
    }
}

/// §7.2.6 / §11.1.3: every weapon that may switch to EDF ([`emergency_terms`]) does when
/// [`worth_emergency`]: the expected damage it takes off the incoming shot it defends best
/// beats its own shots' expected damage plus its price. It is on DF against that shot (ties by
/// the battle's dice) and pays ([`pay_emergency`]); its shots are withdrawn once every ship has
/// decided ([`withdraw_switched`]).
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
            // Most weapons have no EDF Rating: skip them before the full terms.
            if w.weapon.df.edf == 0 {
                continue;
            }
            let Some(e) = emergency_terms(m, st, d, k) else {
                continue;
            };
            let worth_it = |saved| worth_emergency(saved, e.spoiled, e.price);
            let emergency = DfUse::ToHit(DfKind::Emergency);
            let Some((idx, saved)) =
                best_shot(m, st, d, k, emergency, e.rating, false, worth_it, dice)
            else {
                continue;
            };
            let s = switch(m, st, d, k, idx, DfKind::Emergency, e.rating, Some(e.cost));
            trace!(
                obs,
                "  {}'s {} switches to EDF −{} against {}'s {} (DF now −{}; saves {:.2}, spoils {:.2}, {})",
                m.names[d],
                bd.mount_names[k],
                e.rating,
                m.names[usize::from(s.attacker)],
                m.design_of(usize::from(s.attacker)).mount_names[usize::from(s.mount)],
                s.df.total(),
                saved,
                e.spoiled,
                price_note(e.cost)
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
