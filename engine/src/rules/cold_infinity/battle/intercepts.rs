//! Intercepts (§11.1.6) and defensive fire against guided weapons (§11.1, §11.1.5): the
//! defenders' weapons that hold fire, are not on defensive fire and have the launch hex in arc
//! are spread over the phase's arrived guided weapons, each where it saves the most expected
//! damage — its intercept attempts (`guided_plan::intercept_gain`) or, for a weapon of the
//! target with an SDF Rating, its defensive fire (`policy::guided_df_worth`) — ties by the
//! battle's dice; a weapon of RoF 2+0 and up makes several attempts (at ranges 4, 2, 1, 1);
//! Wave weapons may not intercept. An intercepting weapon has fired (§7.1.3); a defending one
//! is treated as defensive fire against a gun shot is (house rule `df_arming`).
//!
//! Defensive fire against a guided weapon (house rule `guided_df`, default `launch-hex`) meets
//! §11.1's criteria: the weapon holds fire and has not defended or intercepted this turn
//! (§11.1.6.1: "If a weapon is being used for normal Defensive Fire, it cannot attempt an
//! intercept"), is activated and able to fire, has an SDF Rating and a technology that may
//! defend (lasers cannot, §11.1; matter only with the enhancement), the guided weapon's
//! technology and configuration can be defended against, and the launch hex — the marker the
//! strike comes from — is in its arc. Speed (§11.1.4): "Guided weapons are the slowest", so
//! every weapon qualifies. Ablative DF "against guided weapons functions as normal defensive
//! fire (to-hit DRM penalty)" (§11.1.5): its Rating counts as SDF. SDF adds up uncapped
//! (§11.1.1); a weapon without SDF offers its AHDF (declared at fire determination, §7.2.3),
//! the group capped at 4 × its lowest Rating (§11.1.2). EDF against a guided weapon (§11.1.6:
//! "normal defensive fire (SDF, AHDF or EDF) against guided weapons"; house rule `guided_edf`,
//! default `guided-phase`): a weapon of the target that may switch to EDF
//! (`defensive_fire::emergency_terms`: declared offensive or still arming, at §11.1.3's price)
//! with the launch hex in its arc is offered at what its EDF saves (`policy::guided_df_worth`)
//! less its spoiled shots and price, when `policy::worth_emergency` takes it; chosen, its
//! declared gun shots are withdrawn (§11.1: it "will not fire offensively"), it pays the price
//! and its EDF is on the guided weapon's to-hit roll. Screening (§11.1.7) of a guided weapon is
//! not played: a ship defends itself.

use super::super::defensive_fire::{DfKind, declared};
use super::super::guided::readings::{GuidedDf, GuidedEdf};
use super::super::guided_plan::{intercept_gain, survives};
use super::super::intercepts::{intercept_attempts, intercept_drm};
use super::super::matchup::Matchup;
use super::super::policy::{guided_df_worth, pick_tie, worth_emergency};
use super::super::weapons::technologies::{can_be_defended, may_defend};
use super::BattleState;
use super::defensive_fire::{Emergency, emergency_terms, fires, mark_firing};
use super::fire::in_arc;
use super::guided::{Arrived, MAX_ATTEMPTS, MOST_TRIES};
use super::weapon_damage::weapon_now;
use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

/// §11.1.6: the defenders' free weapons spread over this phase's arrivals. Repeatedly, of every
/// (weapon, arrival) pair — a weapon of the target's side that holds fire, is not on defensive
/// fire or already intercepting, can fire and has the launch hex in arc — the one whose
/// attempts save the most expected damage ([`intercept_gain`]) is assigned, ties by the
/// battle's dice, until none saves anything. An intercepting weapon has fired (§7.1.3). A
/// weapon of the target declared offensive may instead switch to EDF against it ([`edf_offer`],
/// net of what it gives up).
pub(super) fn spread_intercepts<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    mark_firing(st);
    st.guided.assigned.clear();
    st.guided.intercepting.fill(0);
    while let Some([n, d, k]) = best_choice(st, dice, |st, offer_to| {
        let mut drms = [0i16; MOST_TRIES];
        for (n, a) in st.guided.arrived.iter().enumerate() {
            let Some(a) = a else {
                continue;
            };
            if usize::from(a.attempts) + MOST_TRIES > MAX_ATTEMPTS {
                continue;
            }
            let side = st.ships[usize::from(a.target)].side;
            for d in 0..st.ships.len() {
                if !st.ships[d].alive || st.ships[d].side != side {
                    continue;
                }
                for k in 0..m.design_of(d).mounts.len() {
                    if let Some((kind, rating)) = df_offer(m, st, d, k, a) {
                        let gain = guided_df_worth(a.value, a.survival, a.drm, a.df, kind, rating);
                        offer_to(gain, [n, d, k | DF]);
                    }
                    if let Some(e) = edf_offer(m, st, d, k, a) {
                        let saved = edf_saves(a, &e);
                        if worth_emergency(saved, e.spoiled, e.price) {
                            offer_to(saved - e.spoiled - e.price, [n, d, k | EDF]);
                        }
                    }
                    let Some(c) = offer(m, st, d, k, a, &mut drms) else {
                        continue;
                    };
                    let s: f64 = drms[..c].iter().map(|&x| survives(x)).product();
                    offer_to(
                        intercept_gain(a.value_less(df_penalty(a)), a.survival, s),
                        [n, d, k],
                    );
                }
            }
        }
    }) {
        if k & DF != 0 {
            defend(m, st, n, d, k & !DF);
            continue;
        }
        if k & EDF != 0 {
            emergency(m, st, n, d, k & !EDF, obs);
            continue;
        }
        let mut drms = [0i16; MOST_TRIES];
        let Some(a) = st.guided.arrived[n] else {
            return;
        };
        let Some(c) = offer(m, st, d, k, &a, &mut drms) else {
            return;
        };
        let g = &mut st.guided;
        let mut s = 1.0;
        for &drm in &drms[..c] {
            g.assigned.push((n as u8, drm));
            s *= survives(drm);
        }
        if let Some(a) = g.arrived[n].as_mut() {
            a.survival *= s;
            a.attempts += c as u8;
        }
        g.intercepting[d] |= 1 << k;
        let rof = m.design_of(d).mounts[k].weapon.rof;
        let arming = &mut st.ships[d].arming[k];
        arming.fire(rof);
        if rof.cooldown > 0 {
            arming.lose_power();
        }
    }
}

/// Marks a choice of [`spread_intercepts`] as defensive fire (the mount index is below it).
const DF: usize = 1 << 8;

/// Marks a choice of [`spread_intercepts`] as emergency defensive fire (the mount index is
/// below it).
const EDF: usize = 1 << 9;

/// Mount `k` of ship `d` as emergency defensive fire against arrival `a` (§11.1.3, §11.1.6,
/// house rule `guided_edf`): its terms ([`emergency_terms`]) when DF against guided weapons is
/// played, the weapon's ship is the target, its technology may defend and the guided weapon's
/// can be defended against, it is not intercepting, and the launch hex is in its arc.
fn edf_offer(m: &Matchup, st: &BattleState, d: usize, k: usize, a: &Arrived) -> Option<Emergency> {
    if m.rules.guided.guided_edf == GuidedEdf::Off
        || m.rules.guided.guided_df == GuidedDf::Off
        || usize::from(a.target) != d
    {
        return None;
    }
    let w = &m.design_of(d).mounts[k];
    if w.weapon.df.edf == 0
        || !can_be_defended(a.munition.tech, a.munition.config)
        || st.guided.intercepting[d] & (1 << k) != 0
    {
        return None;
    }
    let e = emergency_terms(m, st, d, k)?;
    in_arc(m, st, d, w.arc, a.launch_hex).then_some(e)
}

/// What EDF `e` saves on arrival `a` ([`guided_df_worth`]).
fn edf_saves(a: &Arrived, e: &Emergency) -> f64 {
    guided_df_worth(
        a.value,
        a.survival,
        a.drm,
        a.df,
        DfKind::Emergency,
        e.rating,
    )
}

/// Mount `k` of ship `d` switches to EDF against arrival `n` (§7.2.6, §11.1.3, §11.1.6): its
/// declared gun shots are withdrawn, its EDF is on the guided weapon's to-hit roll, it pays
/// §11.1.3's price and is on defensive fire for the turn.
fn emergency<O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    n: usize,
    d: usize,
    k: usize,
    obs: &mut O,
) {
    let Some(a) = st.guided.arrived[n] else {
        return;
    };
    let Some(e) = edf_offer(m, st, d, k, &a) else {
        return;
    };
    let saved = edf_saves(&a, &e);
    super::defensive_fire::withdraw(st, d, k);
    let df = a.df.with(DfKind::Emergency, e.rating);
    if let Some(a) = st.guided.arrived[n].as_mut() {
        a.df = df;
    }
    st.guided.df_mask[d] |= 1 << k;
    super::defensive_fire::pay_emergency(m, st, d, k, e.cost);
    super::defensive_fire::after_defensive_fire(m, st, d, k);
    trace!(
        obs,
        "  {}'s {} switches to EDF −{} against the {:?} {:?} at it (§11.1.6; DF now −{}; saves {:.2}, spoils {:.2}, {})",
        m.names[d],
        m.design_of(d).mount_names[k],
        e.rating,
        a.munition.tech,
        a.munition.kind,
        df.total(),
        saved,
        e.spoiled,
        super::defensive_fire::price_note(e.cost)
    );
}

/// The to-hit penalty the defensive fire on arrival `a` puts on it (for the intercept gain's
/// measure: an intercept saves only what the DF leaves).
fn df_penalty(a: &Arrived) -> i16 {
    a.df.total().min(i16::MAX as u16) as i16
}

/// Mount `k` of ship `d` as defensive fire against arrival `a` (§11.1, house rule
/// `guided_df`): its SDF Rating (an ablative weapon's counts as SDF, §11.1.5), else its AHDF
/// (§7.2.3, `defensive_fire::declared`: the group capped, §11.1.2), or `None` when it may not
/// (see the module's criteria).
fn df_offer(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
    a: &Arrived,
) -> Option<(DfKind, u8)> {
    if m.rules.guided.guided_df == GuidedDf::Off || usize::from(a.target) != d {
        return None;
    }
    let w = &m.design_of(d).mounts[k];
    let offer = declared(w.weapon.df.sdf, w.weapon.df.ahdf)?;
    if !may_defend(w.weapon.tech, false) || !can_be_defended(a.munition.tech, a.munition.config) {
        return None;
    }
    free_to_meet(m, st, d, k, a).then_some(offer)
}

/// Whether mount `k` of ship `d` is free to meet arrival `a` (§11.1's criteria, §11.1.6): not
/// already on defensive fire or an intercept, not firing this phase, able to fire, and the
/// guided weapon's launch hex in its arc.
fn free_to_meet(m: &Matchup, st: &BattleState, d: usize, k: usize, a: &Arrived) -> bool {
    let w = &m.design_of(d).mounts[k];
    let me = &st.ships[d];
    let busy =
        (st.guided.df_mask[d] | st.guided.intercepting[d]) & (1 << k) != 0 || fires(st, d, k);
    !busy && me.arming[k].can_fire(w.weapon.rof) && in_arc(m, st, d, w.arc, a.launch_hex)
}

/// Mount `k` of ship `d` defends against arrival `n` (§11.1): its SDF on the guided weapon's
/// to-hit roll, the weapon on defensive fire this turn (it may not intercept, §11.1.6.1) and
/// treated as after DF against a gun shot (house rule `df_arming`).
fn defend(m: &Matchup, st: &mut BattleState, n: usize, d: usize, k: usize) {
    let Some(a) = st.guided.arrived[n].as_ref() else {
        return;
    };
    let Some((kind, rating)) = df_offer(m, st, d, k, a) else {
        return;
    };
    if let Some(a) = st.guided.arrived[n].as_mut() {
        a.df = a.df.with(kind, rating);
    }
    st.guided.df_mask[d] |= 1 << k;
    super::defensive_fire::after_defensive_fire(m, st, d, k);
}

/// Of the choices `each` offers (each with the expected damage it saves), the one that saves
/// the most, ties by the battle's dice; `None` when none saves anything. `each` is called
/// twice (the largest, then the pick) and must offer the same choices both times.
pub(super) fn best_choice<R: Roller>(
    st: &BattleState,
    dice: &mut R,
    each: impl Fn(&BattleState, &mut dyn FnMut(f64, [usize; 3])),
) -> Option<[usize; 3]> {
    let mut best = 0.0f64;
    let mut ties = 0u32;
    each(st, &mut |gain, _| {
        if gain > best {
            best = gain;
            ties = 1;
        } else if gain > 0.0 && gain == best {
            ties += 1;
        }
    });
    if ties == 0 {
        return None;
    }
    let pick = pick_tie(dice, ties);
    let mut seen = 0u32;
    let mut found = None;
    each(st, &mut |gain, choice| {
        if gain > 0.0 && gain == best {
            if seen == pick {
                found = Some(choice);
            }
            seen += 1;
        }
    });
    found
}

/// Mount `k` of ship `d` as an interceptor of arrival `a` (§11.1.6): the DRMs of its attempts
/// (RoF 2+0 and up: several, at ranges 4, 2, 1, 1) into `drms`, and how many; `None` when it
/// may not (busy, unable to fire, the launch hex out of arc).
fn offer(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
    a: &Arrived,
    drms: &mut [i16; MOST_TRIES],
) -> Option<usize> {
    let w = &m.design_of(d).mounts[k];
    let me = &st.ships[d];
    // §11.1.6: "Wave-configured weapons may not attempt intercepts."
    if super::wave::is_wave(&w.weapon) || !free_to_meet(m, st, d, k, a) {
        return None;
    }
    let weapon = weapon_now(m, st, d, k);
    let to_launch = me.motion.pos.distance(a.launch_hex).max(0) as u16;
    let shroud = i32::from(to_launch) <= me.shroud;
    let tries = usize::from(intercept_attempts(&weapon)).min(MOST_TRIES);
    for (attempt, drm) in (1..).zip(drms.iter_mut().take(tries)) {
        *drm = intercept_drm(
            weapon.accuracy.value,
            weapon.range,
            i16::from(me.ew.amplification),
            shroud,
            attempt,
            to_launch,
            a.amp,
            a.acc,
        );
    }
    Some(tries)
}
