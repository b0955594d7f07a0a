//! AI presets (digest D17): what a side's ships decide each turn, one small named function per
//! decision — power ([`power_order`]), EW split ([`ew_split`]), thrust plan ([`thrust_plan`]),
//! fire ([`shot_value`], [`choose_config`], [`choose_sighting`], [`choose_seam`]) and defensive fire
//! ([`worth_defending`]). The battle loop calls them; nothing here changes a rule. Ties between
//! equally good choices go to the battle's dice (the caller's [`pick_tie`]).

use std::fmt;

use crate::dice::Roller;
use crate::hex::Hex;

use super::arcs::{ArcGeometry, Bearing, effective_arc};
use super::damage_effects::{ReductionChoice, reduce_damage_row, reduce_range_row};
use super::design::{
    Config, ConfigSet, DamageDice, PulseRating, RangeRating, ShieldCoverage, ShieldDesign,
    WeaponDesign,
};
use super::ew::EwAllocation;
use super::fire::hit_location::DefenderPick;
use super::fire::hit_roll::{THREE_D6_WAYS, accuracy_drm, hit_ways, range_penalty};
use super::fire::readings::PulseBonus;
use super::fire::readings::RangeZero;
use super::geometry::range;
use super::matchup::Mount;
use super::movement::readings::RotatedArcs;
use super::movement::{ManeuverPlan, Motion, ThrustCosts};
#[cfg(test)]
use super::weapons::configurations::pulse_count;

/// A side's policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Preset name.
    pub name: &'static str,
    /// Extra hexes the shroud reaches beyond the predicted range to the target (EW split).
    pub shroud_margin: i32,
    /// Range bands of the main weapon to keep at (1: the first band's far edge; 2: the
    /// second's — a stand-off that trades hit chance for distance).
    pub bands: i32,
    /// A missile carrier (D17): a design with missile racks keeps at its racks' launch range
    /// (`guided_plan::carrier_keep`) instead of its main weapon's band.
    pub carrier: bool,
}

impl Policy {
    /// The presets; the first is the default.
    pub const PRESETS: &'static [&'static str] =
        &["closing-gunline", "standoff-gunline", "missile-carrier"];

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            name: "closing-gunline",
            shroud_margin: 2,
            bands: 1,
            carrier: false,
        };
        match name {
            "closing-gunline" => Some(base),
            "standoff-gunline" => Some(Policy {
                name: "standoff-gunline",
                bands: 2,
                ..base
            }),
            "missile-carrier" => Some(Policy {
                name: "missile-carrier",
                bands: 2,
                carrier: true,
                ..base
            }),
            _ => None,
        }
    }

    /// The range this policy keeps for a design whose first band ends at `keep` hexes.
    pub const fn kept_range(&self, keep: i32) -> i32 {
        keep * self.bands
    }

    /// The range this policy keeps for design `bd`: a missile carrier with racks keeps at
    /// their launch range (`guided_plan::carrier_keep`); otherwise [`Policy::kept_range`].
    pub fn keep_for(&self, bd: &super::matchup::BattleDesign) -> i32 {
        match super::guided_plan::carrier_keep(self, &bd.racks) {
            Some(k) => k,
            None => self.kept_range(bd.keep),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Index of a random one of `n` tied best choices (the battle's dice; no roll when `n` ≤ 1).
pub fn pick_tie(dice: &mut impl Roller, n: u32) -> u32 {
    if n <= 1 { 0 } else { dice.below(n) }
}

/// Mean of a damage Rating (§17.1 dice schedules).
pub fn mean_damage(d: DamageDice) -> f64 {
    let dice: f64 = d
        .groups
        .iter()
        .map(|g| f64::from(g.count) * (f64::from(g.sides) + 1.0) / 2.0)
        .sum();
    dice + f64::from(d.fixed)
}

/// The main weapon (D17 5): the mount with the largest mean damage × shots; the first listed
/// on ties. The tie cannot favour a seat: the pick is made once per design, when the config is
/// read, from the design's own SDS order, so both seats of a mirror (the same designs) keep
/// the same main weapon; it is part of how a designer lists the ship (list the weapon to steer
/// by first), not a choice made in battle.
pub fn main_weapon(mounts: &[Mount]) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (k, m) in mounts.iter().enumerate() {
        let v = mean_damage(m.weapon.damage) * f64::from(m.weapon.rof.shots.max(1));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, k));
        }
    }
    best.map(|(_, k)| k)
}

/// The main weapon as the ship now stands (D17 5; a player steers by the guns it still has):
/// [`main_weapon`]'s rule — the largest mean damage × shots, the first listed on ties — over
/// the mounts whose system survives, each at its Ratings after §13.1.9's reductions (`now(k)`,
/// `None` for a destroyed mount). Undamaged, it is [`main_weapon`]'s pick. Before, the thrust
/// plan kept the design's main weapon on the target after it was destroyed, so a Reaper
/// whose fore railguns were gone flew nose-on beside its enemy for the rest of the battle
/// with its aft railguns never bearing. `None` once every weapon is destroyed.
pub fn main_weapon_now(
    mounts: &[Mount],
    now: impl Fn(usize) -> Option<WeaponDesign>,
) -> Option<(usize, WeaponDesign)> {
    let mut best: Option<(f64, usize, WeaponDesign)> = None;
    for (k, m) in mounts.iter().enumerate() {
        let Some(w) = now(k) else { continue };
        let v = mean_damage(w.damage) * f64::from(m.weapon.rof.shots.max(1));
        if best.is_none_or(|(b, _, _)| v > b) {
            best = Some((v, k, w));
        }
    }
    best.map(|(_, k, w)| (k, w))
}

/// The range a ship with every weapon destroyed keeps from the nearest enemy (D17 5, our
/// reading of "competent"): it can only be shot at, and the structure it keeps counts at the
/// turn cap, so it withdraws rather than hold its old station beside the enemy.
pub const WITHDRAW_RANGE: i32 = 60;

/// The range a design keeps to its target (D17 5, "targets in arc and at short range"): the
/// far edge of the first range band (§7.5.1: the least penalty) of its main weapon. At least 1.
pub fn keep_range(mounts: &[Mount]) -> i32 {
    main_weapon(mounts).map_or(1, |k| i32::from(mounts[k].weapon.range.hexes).max(1))
}

/// Power (D17 1, §3.2): sensors first (a lock needs them), then the weapons in SDS order while
/// the reactor lasts; what is left enriches the engine. Returns whether weapon `k` of the
/// mounts is powered given `left` power, and the power it takes.
pub fn power_order(weapon: &WeaponDesign, left: i32) -> bool {
    i32::from(weapon.power) <= left
}

/// Power for a weapon that can track (D17 1, §8.1.9: "it must be armed at double power for the
/// duration of its attack … assigned during the Power Allocation Phase"): double power when
/// the reactor has it after the systems before it, so it may track; otherwise its standard
/// power ([`power_order`]), and it fires as a plain Burst that turn.
pub fn tracking_power(weapon: &WeaponDesign, left: i32) -> bool {
    2 * i32::from(weapon.power) <= left
}

/// How many range bands of its main weapon out a capacitor ship starts spending freely
/// ([`capacitor_engaged`]).
pub const CAPACITOR_BANDS: i32 = 6;

/// Whether a capacitor ship spends its charge freely this turn (D17 1, §3.1.2; our reading of
/// a competent player): when its nearest enemy is within [`CAPACITOR_BANDS`] range bands of its
/// main weapon ([`keep_range`] hexes a band) — where a 3d6 shot with the usual accuracy still
/// hits now and then (§7.5.1: −1 a band), so holding the charge there gives up shots (a
/// 24-hex start puts a particle cannon's −1/4 in reach from turn 1). Beyond, nothing can be hit
/// and it holds its charge for the fight.
pub const fn capacitor_engaged(nearest_range: i32, keep: i32) -> bool {
    nearest_range <= CAPACITOR_BANDS * keep
}

/// What a capacitor ship may spend this turn (D17 1, §3.1.2: "firing them repeatedly over many
/// turns will quickly drain a capacitor's charge"), given its `charge` after the recharge, its
/// `capacity` and `recharge` now, its basic systems' (sensors') need and its cheapest intact
/// weapon's power (`least_weapon`, 0 without one). Systems are then powered in the usual order
/// ([`power_order`]: sensors, the weapons in SDS order, the shields); what is not spent stays
/// in the capacitor, and a capacitor ship buys no engine enrichment with it.
/// * Not engaged ([`capacitor_engaged`]): no more than it recharges (or its basic need, if
///   larger), so it comes to the fight full.
/// * Engaged: all of its charge — unless the charge cannot power the basic systems and one
///   weapon while a full capacitor could: then nothing this turn (the example's "deactivate …
///   basic systems … for a full turn" to recharge, sensors whole: a system is on or off).
pub fn capacitor_budget(
    charge: i32,
    (capacity, recharge): (i32, i32),
    basic: i32,
    least_weapon: i32,
    engaged: bool,
) -> i32 {
    let charge = charge.max(0);
    if !engaged {
        return charge.min(recharge.max(basic));
    }
    let one_shot = basic + least_weapon;
    if least_weapon > 0 && charge < one_shot && capacity >= one_shot {
        0
    } else {
        charge
    }
}

/// Power a ship with a battery diverts into it this turn (D17 1, §3.1.3: "the unit may divert
/// some of its power from a self-charging power plant … into a battery"): all the plant's
/// `spare` power, in whole conversions of `convert`, up to the battery's `room` — before any
/// engine enrichment, so the store is full for the turns the plant falls short (after reactor
/// damage, or a design whose weapons need more than its reactor). A battery is spent only for
/// what the plant cannot power (the allocation draws the plant first).
pub fn battery_diversion(spare: i32, room: i32, convert: i32) -> i32 {
    if convert <= 0 || spare <= 0 || room <= 0 {
        return 0;
    }
    (spare / convert).min(room) * convert
}

/// The EW split (D17 3, §4.1–4.2): shroud points enough to lock the target at its predicted
/// range plus the policy's margin (10 hexes a point); the rest half to amplification (the odd
/// point) and half to ECM. When every point in the shroud would still not reach the predicted
/// range ([`shroud_reaches`]), none goes to it — nor to amplification, which acts only inside
/// the shroud (§4.2) — and all go to ECM (§4.3), the one use left.
pub fn ew_split(policy: &Policy, points: i32, predicted_range: i32) -> EwAllocation {
    let points = points.clamp(0, 255);
    if !shroud_reaches(points, predicted_range) {
        return EwAllocation {
            ecm: points as u8,
            ..EwAllocation::default()
        };
    }
    let need = (predicted_range + policy.shroud_margin + 9)
        .div_euclid(10)
        .max(1);
    let shroud = need.min(points);
    let rest = points - shroud;
    EwAllocation {
        shroud: shroud as u8,
        amplification: (rest - rest / 2) as u8,
        ecm: (rest / 2) as u8,
        reserved: 0,
    }
}

/// Whether a shroud of all `points` (10 hexes each, §4.1) reaches a target at
/// `predicted_range`: a player spends nothing on a shroud that cannot lock the target (before
/// session 23 the split put every point into one, for no lock and no amplification).
pub const fn shroud_reaches(points: i32, predicted_range: i32) -> bool {
    10 * points >= predicted_range
}

/// What a ship may spend on its move (§5.1–5.2): the engine budget and what its thrusters can
/// channel forward (aft thrusters), backward (fore thrusters) and in rotation (maneuvering
/// thrusters). The policy never overthrusts (§5.3.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThrustLimits {
    /// Thrust points this turn (engines plus enrichment).
    pub budget: i32,
    /// Channel Rating of the aft (and omni) thrusters: forward acceleration.
    pub forward: i32,
    /// Channel Rating of the fore (and omni) thrusters: deceleration.
    pub backward: i32,
    /// Channel Rating of the maneuvering (and omni) thrusters: pivots.
    pub rotation: i32,
}

/// The thrust plan (D17 5, §5.4): the pivot-rate change (−1, 0, +1, keeping the rate within
/// one facing a turn) and acceleration that bring the ship nearest `keep` hexes from the
/// target's predicted position with the main weapon bearing on it and the least relative
/// speed; ties by the battle's dice. `own` is the ship's motion, `target` the predicted
/// position, `target_velocity` its vector.
#[allow(clippy::too_many_arguments)]
pub fn thrust_plan(
    own: &Motion,
    costs: &ThrustCosts,
    limits: ThrustLimits,
    keep: i32,
    target: Hex,
    target_velocity: Hex,
    main_arc: Option<&Mount>,
    arcs: (&ArcGeometry, RotatedArcs),
    readings: &super::movement::Readings,
    dice: &mut impl Roller,
) -> ManeuverPlan {
    let max_accel = if costs.accel > 0 {
        (limits.budget / costs.accel).min(6)
    } else {
        0
    };
    // Every candidate (at most 3 pivots × 13 accelerations) moved once and scored without its
    // arc ([`plan_base`]); the arc only adds ([`plan_arc_penalty`]), so it is checked first for
    // the candidates with the least base and then only where the base does not already exceed
    // the best score found: the best score and its ties are exactly the full scoring's. Then
    // the k-th of the best in candidate order (k by dice). The candidates of one pivot share
    // their facing, roll and tumble, so the main weapon's arc is looked up once per pivot.
    let mut cands = [Candidate::default(); 39];
    let mut arcs_by_pivot = [MainArc::None; 3];
    let mut count = 0usize;
    let mut least = i32::MAX;
    for pivot in -1..=1 {
        let rate = own.pivot_rate + pivot;
        if !(-1..=1).contains(&rate) {
            continue;
        }
        let pivot_cost = pivot.abs() * costs.pivot;
        if pivot_cost > limits.rotation || pivot_cost > limits.budget {
            continue;
        }
        // The candidates of one pivot differ only in acceleration: moved once without it
        // (`accelerated` then adds it exactly as `execute` would).
        let coasting = super::movement::maneuvers::execute(
            own,
            &ManeuverPlan {
                pivot,
                ..ManeuverPlan::default()
            },
            readings,
        );
        arcs_by_pivot[(pivot + 1) as usize] = MainArc::of(&coasting, main_arc, arcs);
        // Turning so that a working thrust axis points where the velocity must change (a ship
        // that cannot brake on its fore thrusters turns to brake on its aft ones).
        let turn =
            TURN_WEIGHT * thrust_misalignment(&coasting, keep, target, target_velocity, limits);
        // Only the accelerations the channels and the budget left after the pivot can pay
        // (the check below would skip the rest), still walked from the least up.
        let (back, fore) = accel_reach(costs.accel, limits, pivot_cost, max_accel);
        for accel in -back..=fore {
            let accel_cost = accel.abs() * costs.accel;
            let channel = if accel >= 0 {
                limits.forward
            } else {
                limits.backward
            };
            if accel_cost > channel || accel_cost + pivot_cost > limits.budget {
                continue;
            }
            let next = super::movement::maneuvers::accelerated(own, &coasting, accel, readings);
            let base = plan_base(&next, keep, target, target_velocity) + turn;
            least = least.min(base);
            cands[count] = Candidate {
                pivot: pivot as i8,
                accel: accel as i8,
                pos: next.pos,
                base,
                score: i32::MAX,
            };
            count += 1;
        }
    }
    let cands = &mut cands[..count];
    let penalty = |c: &Candidate| arcs_by_pivot[(c.pivot + 1) as usize].penalty(c.pos, target);
    // The best score and how many reach it, counted as they are scored: a candidate scored
    // above the best of its moment stays above it (the best only falls), and every candidate
    // of the final best is scored, so the count is the count of ties.
    let mut best = i32::MAX;
    let mut ties = 0u32;
    let mut score = |c: &mut Candidate, best: &mut i32| {
        c.score = c.base + penalty(c);
        if c.score < *best {
            *best = c.score;
            ties = 1;
        } else if c.score == *best {
            ties += 1;
        }
    };
    for c in cands.iter_mut() {
        if c.base == least {
            score(c, &mut best);
        }
    }
    if best > least {
        for c in cands.iter_mut() {
            if c.base != least && c.base <= best {
                score(c, &mut best);
            }
        }
    }
    let pick = pick_tie(dice, ties) as usize;
    cands
        .iter()
        .filter(|c| c.score == best)
        .nth(pick)
        .map_or_else(ManeuverPlan::default, |c| ManeuverPlan {
            pivot: i32::from(c.pivot),
            accel: i32::from(c.accel),
            ..ManeuverPlan::default()
        })
}

/// What [`thrust_plan`] adds per facing of [`thrust_misalignment`]: more than the 1 a
/// continuing pivot costs, less than the 6 of a main weapon that does not bear.
const TURN_WEIGHT: i32 = 2;

/// How many facings (0–3) the nearest working thrust axis of a ship moving as `next` points
/// away from the velocity change it needs (D17 5, our reading of "competent"; §5.4: thrust
/// acts only along the facing, forward on the aft thrusters' channel and backward on the
/// fore's). The change it needs: a velocity relative to the target that closes the gap to the
/// kept range (at most 6 hexes a turn) along the line to `target`, less the relative velocity
/// it has; under 1.5 hexes a turn it needs nothing (0). Without this term the one-turn plan
/// never turns a ship whose only working channel points the wrong way: a pivot changes
/// nothing this turn, so a ship that had lost its fore thrusters drifted away from the battle
/// at full speed until the turn cap.
pub fn thrust_misalignment(
    next: &Motion,
    keep: i32,
    target: Hex,
    target_velocity: Hex,
    limits: ThrustLimits,
) -> i32 {
    if limits.forward <= 0 && limits.backward <= 0 {
        return 0;
    }
    let to_target = target.sub(next.pos);
    let (tx, ty) = to_target.to_point();
    let dist = (tx * tx + ty * ty).sqrt();
    let (vx, vy) = next.velocity.sub(target_velocity).to_point();
    let closing = f64::from((range(next.pos, target) - keep).clamp(-6, 6));
    let (dx, dy) = if dist > 0.0 {
        (tx / dist * closing - vx, ty / dist * closing - vy)
    } else {
        (-vx, -vy)
    };
    let need = (dx * dx + dy * dy).sqrt();
    if need < 1.5 {
        return 0;
    }
    // The facing's unit vector is one hex long: its dot product with the need, over the
    // need's length, is the cosine of the angle between them.
    let (fx, fy) = next.facing.unit().to_point();
    let cos = (dx * fx + dy * fy) / need;
    let facings = |cos: f64| {
        if cos > 0.866 {
            0
        } else if cos > 0.0 {
            1
        } else if cos > -0.866 {
            2
        } else {
            3
        }
    };
    let mut best = 3;
    if limits.forward > 0 {
        best = best.min(facings(cos));
    }
    if limits.backward > 0 {
        best = best.min(facings(-cos));
    }
    best
}

/// How far [`thrust_plan`] may decelerate and accelerate after a pivot costing `pivot_cost`:
/// at most `max_accel` either way, no more than the aft (`forward`) or fore (`backward`)
/// channel carries, and no more than the budget the pivot leaves — the accelerations its
/// per-candidate check passes, as a range (never less than 0 either way, so coasting is always
/// checked). With no acceleration cost, `max_accel` (0) both ways.
fn accel_reach(accel: i32, limits: ThrustLimits, pivot_cost: i32, max_accel: i32) -> (i32, i32) {
    if accel <= 0 {
        return (max_accel.max(0), max_accel.max(0));
    }
    let left = limits.budget - pivot_cost;
    let back = limits.backward.min(left).div_euclid(accel);
    let fore = limits.forward.min(left).div_euclid(accel);
    (max_accel.min(back).max(0), max_accel.min(fore).max(0))
}

/// One candidate of [`thrust_plan`]: its pivot and acceleration, where it ends, its score
/// without the arc and with it (`i32::MAX` until checked).
#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    pivot: i8,
    accel: i8,
    pos: Hex,
    base: i32,
    score: i32,
}

/// The main weapon's arc after a pivot (facing, roll and tumble as the move leaves them), for
/// [`plan_arc_penalty`]'s test of every acceleration of that pivot.
#[derive(Clone, Copy, Debug)]
enum MainArc {
    /// No main weapon: it always "bears".
    None,
    /// The arc cannot bear (house rule `rotated_arcs` = `off-plane-blind`).
    Blind,
    /// The map-absolute arc.
    Arc(Bearing),
}

impl MainArc {
    fn of(
        next: &Motion,
        main: Option<&Mount>,
        (geometry, rotated): (&ArcGeometry, RotatedArcs),
    ) -> MainArc {
        let Some(m) = main else {
            return MainArc::None;
        };
        match effective_arc(m.arc, next.facing, next.roll, next.tumble, rotated) {
            Some((centre, shape)) => MainArc::Arc(Bearing::new(geometry, centre, shape)),
            None => MainArc::Blind,
        }
    }

    /// [`plan_arc_penalty`] of a candidate of this pivot ending at `pos`.
    fn penalty(&self, pos: Hex, target: Hex) -> i32 {
        let bears = match self {
            MainArc::None => true,
            MainArc::Blind => false,
            MainArc::Arc(b) => b.covers(target.sub(pos)),
        };
        if bears { 0 } else { 6 }
    }
}

/// How bad a motion after the move is (lower is better) is [`plan_base`] (4 per hex off the
/// kept range, the relative speed, a continuing pivot) plus [`plan_arc_penalty`] (6 if the main
/// weapon does not bear).
/// The part of a plan's score that needs no arc.
fn plan_base(next: &Motion, keep: i32, target: Hex, target_velocity: Hex) -> i32 {
    let off = (range(next.pos, target) - keep).abs();
    let relative = next.velocity.sub(target_velocity).length();
    4 * off + relative + next.pivot_rate.abs()
}

/// 6 if the main weapon does not bear on `target` after the move, else 0: the straight
/// reading, the specification [`MainArc::penalty`] (what [`thrust_plan`] uses: the arc looked
/// up once per pivot) is tested against (`main_arc_answers_as_the_arc_penalty`).
#[cfg(test)]
fn plan_arc_penalty(
    next: &Motion,
    target: Hex,
    main: Option<&Mount>,
    (geometry, rotated): (&ArcGeometry, RotatedArcs),
) -> i32 {
    let bears = main.is_none_or(|m| {
        super::arcs::can_bear(
            geometry,
            rotated,
            m.arc,
            next.pos,
            next.facing,
            next.roll,
            next.tumble,
            target,
        )
    });
    if bears { 0 } else { 6 }
}

/// [`thrust_plan`] read straight (the specification it is tested against,
/// `thrust_plan_answers_as_the_straight_reading`): every pivot and acceleration the limits
/// allow, in order, moved by [`execute`](super::movement::maneuvers::execute), scored
/// [`plan_base`] + [`TURN_WEIGHT`] × the pivot's [`thrust_misalignment`] + [`plan_arc_penalty`];
/// the k-th of the best (k by dice).
#[cfg(test)]
#[allow(clippy::too_many_arguments)]
fn thrust_plan_straight(
    own: &Motion,
    costs: &ThrustCosts,
    limits: ThrustLimits,
    keep: i32,
    target: Hex,
    target_velocity: Hex,
    main_arc: Option<&Mount>,
    arcs: (&ArcGeometry, RotatedArcs),
    readings: &super::movement::Readings,
    dice: &mut impl Roller,
) -> ManeuverPlan {
    let max_accel = if costs.accel > 0 {
        (limits.budget / costs.accel).min(6)
    } else {
        0
    };
    let mut scored = Vec::new();
    for pivot in -1..=1 {
        let rate = own.pivot_rate + pivot;
        let pivot_cost = pivot.abs() * costs.pivot;
        if !(-1..=1).contains(&rate) || pivot_cost > limits.rotation || pivot_cost > limits.budget {
            continue;
        }
        let coasting = super::movement::maneuvers::execute(
            own,
            &ManeuverPlan {
                pivot,
                ..ManeuverPlan::default()
            },
            readings,
        );
        let turn =
            TURN_WEIGHT * thrust_misalignment(&coasting, keep, target, target_velocity, limits);
        for accel in -max_accel..=max_accel {
            let accel_cost = accel.abs() * costs.accel;
            let channel = if accel >= 0 {
                limits.forward
            } else {
                limits.backward
            };
            if accel_cost > channel || accel_cost + pivot_cost > limits.budget {
                continue;
            }
            let plan = ManeuverPlan {
                pivot,
                accel,
                ..ManeuverPlan::default()
            };
            let next = super::movement::maneuvers::execute(own, &plan, readings);
            let score = plan_base(&next, keep, target, target_velocity)
                + turn
                + plan_arc_penalty(&next, target, main_arc, arcs);
            scored.push((plan, score));
        }
    }
    let best = scored.iter().map(|p| p.1).min().unwrap_or(i32::MAX);
    let ties = scored.iter().filter(|p| p.1 == best).count() as u32;
    let pick = pick_tie(dice, ties) as usize;
    scored
        .iter()
        .filter(|p| p.1 == best)
        .nth(pick)
        .map_or_else(ManeuverPlan::default, |p| p.0)
}

/// The configuration a weapon fires in (D17 6): the first it allows of Burst, Pulse,
/// Piercing, Slashing, Slicing, Flare, Enveloping (a Tracking weapon fires its subtype and
/// tracks by `battle/tracking.rs`; a Wave weapon fires only as Wave, `battle/wave.rs`).
pub fn choose_config(configs: ConfigSet) -> Config {
    const ORDER: [Config; 7] = [
        Config::Burst,
        Config::Pulse,
        Config::Piercing,
        Config::Slashing,
        Config::Slicing,
        Config::Flare,
        Config::Enveloping,
    ];
    ORDER
        .into_iter()
        .find(|&c| configs.contains(c))
        .unwrap_or(Config::Burst)
}

/// Mean number of pulses of a Pulse hit at hit DRM `drm` (§8.1.2): the pulse roll is a fresh
/// 3d6 + `drm`, and the bonus die (if any) is averaged over its faces — exact, by counting,
/// with the battle's own
/// [`pulse_count`](super::weapons::configurations::pulse_count) (house rule `pulse_bonus`): the ways to roll at least
/// `j` pulses summed over `j` ([`pulse_ways`]), the same integer total as enumerating every
/// sum ([`mean_pulses_enumerated`], the specification it is tested against).
pub fn mean_pulses(rating: PulseRating, drm: i16, how: PulseBonus) -> f64 {
    let faces = u32::from(rating.bonus_die.max(1));
    let mut total = 0u32;
    for b in 1..=faces {
        let bonus = if rating.bonus_die > 0 { b as u8 } else { 0 };
        total += pulse_ways(rating, drm, bonus, how);
    }
    f64::from(total) / (216.0 * f64::from(faces))
}

/// Ways of 3d6 (of 216) to roll a sum of at least `n`, for `n` from 0 to 19: Σ
/// [`THREE_D6_WAYS`]`[n..]`.
const THREE_D6_AT_LEAST: [u32; 20] = {
    let mut tail = [0u32; 20];
    let mut n = 19;
    while n > 0 {
        n -= 1;
        tail[n] = tail[n + 1] + THREE_D6_WAYS[n];
    }
    tail
};

/// Σ over the 216 ways of 3d6 of
/// [`pulse_count`](super::weapons::configurations::pulse_count)`(rating, sum + drm, bonus, how)`, counted as
/// Σ over `j` ≥ 1 of the ways to get at least `j` pulses: every roll gets one (216); for `j` ≥ 2
/// up to the maximum, the count reaches `j` when the intervals counted reach `j` less the die's
/// added pulses — always if that is 1 or less, else when the roll is at least
/// 11 + (`j` − added − 1) × interval.
fn pulse_ways(rating: PulseRating, drm: i16, bonus: u8, how: PulseBonus) -> u32 {
    let (to_roll, added) = match how {
        PulseBonus::AddsPulses => (0, i32::from(bonus)),
        PulseBonus::AddsToRoll => (i32::from(bonus), 0),
    };
    let interval = i32::from(rating.interval.max(1));
    let shift = i32::from(drm) + to_roll;
    let mut total = 216;
    for j in 2..=i32::from(rating.max) {
        let k = j - added;
        total += if k <= 1 {
            216
        } else {
            let least_sum = 11 + (k - 1) * interval - shift;
            THREE_D6_AT_LEAST[least_sum.clamp(0, 19) as usize]
        };
    }
    total
}

/// [`mean_pulses`] read straight: every sum of 3d6 and face of the bonus die through
/// [`pulse_count`].
#[cfg(test)]
fn mean_pulses_enumerated(rating: PulseRating, drm: i16, how: PulseBonus) -> f64 {
    let faces = u32::from(rating.bonus_die.max(1));
    let mut total = 0u32;
    for (sum, &ways) in THREE_D6_WAYS.iter().enumerate().skip(3) {
        for b in 1..=faces {
            let bonus = if rating.bonus_die > 0 { b as u8 } else { 0 };
            total += ways * u32::from(pulse_count(rating, sum as i16 + drm, bonus, how));
        }
    }
    f64::from(total) / (216.0 * f64::from(faces))
}

/// Burst or Pulse (D17 6, §8.1.1–8.1.2), for a weapon that may fire either: the one with the
/// larger expected damage at hit DRM `drm` against `armor` ([`shot_value`] for Burst, times
/// [`mean_pulses`] for Pulse: every pulse is its own volley, armor taken off each); Burst on a
/// tie. Any other weapon fires as [`choose_config`] says. Returns the configuration and the
/// shot's value. Before session 23 Burst was always taken first, so a weapon built for Pulse
/// never pulsed.
pub fn choose_burst_or_pulse(
    weapon: &WeaponDesign,
    drm: i16,
    armor: u16,
    how: PulseBonus,
) -> (Config, f64) {
    let config = choose_config(weapon.configs);
    let burst = shot_value(weapon, drm, armor);
    if config != Config::Burst || !weapon.configs.contains(Config::Pulse) {
        return (config, burst);
    }
    let pulse = burst * mean_pulses(weapon.pulse, drm, how);
    if pulse > burst {
        (Config::Pulse, pulse)
    } else {
        (Config::Burst, burst)
    }
}

/// Expected damage of one shot (D17 6, fire at the best expected damage): the chance to hit at
/// `drm` (exact, 3d6) times the mean damage less the struck section's `armor` (a quarter point
/// at least, so a hit is always worth something).
pub fn shot_value(weapon: &WeaponDesign, drm: i16, armor: u16) -> f64 {
    let p = f64::from(hit_ways(drm)) / 216.0;
    p * (mean_damage(weapon.damage) - f64::from(armor)).max(0.25)
}

/// How much the power allocation values a shield (D17 1, §11.2): its Ratings times the outer
/// sections it covers (§11.2.4 arc: one; §11.2.6 encapsulating: all of a `sections`-section
/// ship's outer ones), per point of power. The most valued are powered first; ties go to the
/// caller's dice.
pub fn shield_worth(shield: &ShieldDesign, sections: usize) -> f64 {
    if let Some(v) = super::shield_plan::point_defense_worth(shield) {
        return v;
    }
    let covered = match shield.coverage {
        ShieldCoverage::Encapsulating => sections.saturating_sub(1).max(1),
        _ => 1,
    };
    let ratings = f64::from(shield.deflection) + f64::from(shield.absorption);
    ratings * covered as f64 / f64::from(shield.power.max(1))
}

/// The defender's measure of a shield against one shot (§11.2.7, D17 7): the shot's expected
/// damage ([`shot_value`]) at `drm` (after defensive fire and the shield's deflection) against
/// the struck section's armor plus the shield's absorption (`mitigation`). The defender picks
/// the shield with the least; ties go to the caller's dice.
pub fn guard_value(weapon: &WeaponDesign, drm: i16, mitigation: u16) -> f64 {
    let p = f64::from(hit_ways(drm)) / 216.0;
    p * (mean_damage(weapon.damage) - f64::from(mitigation)).max(0.0)
}

/// The defender's §13.1.9 pick for a damaged weapon (D17: lose what hurts least): the row
/// whose loss keeps the larger expected damage per hit chance at `keep` hexes, the range the
/// policy keeps (locked, against a three-section target); `None` on a tie (the caller rolls).
/// A row that cannot drop is not a choice; if neither can, `None` too (the weapon is
/// destroyed whichever is named).
pub fn reduction_choice(weapon: &WeaponDesign, keep: i32) -> Option<ReductionChoice> {
    let at = keep.clamp(0, i32::from(u16::MAX)) as u16;
    let value = |d: DamageDice, r: RangeRating| {
        let drm =
            accuracy_drm(weapon.accuracy, 3) - range_penalty(r, at, true, RangeZero::default());
        f64::from(hit_ways(drm)) * mean_damage(d)
    };
    let by_damage = reduce_damage_row(weapon.damage).map(|d| value(d, weapon.range));
    let by_range = reduce_range_row(weapon.range).map(|r| value(weapon.damage, r));
    match (by_damage, by_range) {
        (Some(a), Some(b)) if a > b => Some(ReductionChoice::Damage),
        (Some(a), Some(b)) if b > a => Some(ReductionChoice::Range),
        (Some(_), None) => Some(ReductionChoice::Damage),
        (None, Some(_)) => Some(ReductionChoice::Range),
        _ => None,
    }
}

/// The defender's pick among intact systems of the struck type (§7.4.1.3: "the defender
/// chooses"; D17): lose the one with the most structure left — the hit then destroys nothing
/// it need not, and every system keeps working longest — ties by `roll`, the battle's dice.
/// Both presets play it.
pub fn system_pick(_policy: &Policy, roll: u16) -> DefenderPick {
    DefenderPick::MostLeftRolled(roll)
}

/// The attacker's pick of Rating and section on a five-section ship's mixed hex (§7.3.1.1
/// "the attacker may select which Rating to use"; §7.4.1.2B "the attacker may choose which
/// section to hit"), given the expected damage of the F/A choice (`fore_aft`) and the P/S
/// choice (`port_starboard`): the larger — a better hit chance is traded against a softer
/// section; `Some(0)` F/A, `Some(1)` P/S, `None` on a tie (the caller rolls). Both presets play
/// it.
pub fn choose_sighting(fore_aft: f64, port_starboard: f64) -> Option<usize> {
    if fore_aft > port_starboard {
        Some(0)
    } else if port_starboard > fore_aft {
        Some(1)
    } else {
        None
    }
}

/// The attacker's pick on a seam (D17 8, §7.4.1.2): the section with less hull and armor
/// left; `None` on a tie (the caller rolls).
pub fn choose_seam(a: (usize, u32), b: (usize, u32)) -> Option<usize> {
    match a.1.cmp(&b.1) {
        std::cmp::Ordering::Less => Some(a.0),
        std::cmp::Ordering::Greater => Some(b.0),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether a shot is worth firing (D17 6, §7.2): a shot that cannot hit (value 0: no 3d6 roll
/// hits at its DRM) is not taken — the weapon holds fire, keeps its arming and may defend.
/// Before session 23 the choice started from `f64::MIN`, so such a shot was fired.
pub fn worth_firing(shot_value: f64) -> bool {
    shot_value > 0.0
}

/// Whether a wave weapon fires (D17 6, §8.1.8 "friend or foe"): only when its expected damage
/// to enemies (`enemy`) outweighs what it would do to friends in its path (`friend`), both as
/// `fire::wave::expected` counts them; a competent player does not shoot through his own
/// ships for nothing. A wave that can hit no enemy is not fired.
pub fn fire_wave(enemy: f64, friend: f64) -> bool {
    worth_firing(enemy) && enemy > friend
}

/// Defensive fire (D17 7): a weapon that holds fire defends its own ship against the incoming
/// shot whose expected damage its `sdf` lowers most (the caller checks §11.1's criteria): a
/// shot of expected damage `value` at hit DRM `drm` (value = hit chance at `drm` × damage)
/// that already has `df` points of defensive fire against it (§11.1.1: DF adds up) is worth
/// `value × (ways(drm − df) − ways(drm − df − sdf)) / ways(drm)`. Before session 23 the measure
/// was the shot's value alone, so a second weapon piled onto a shot already defended, or onto
/// one its DF could barely touch.
pub fn worth_defending(value: f64, drm: i16, df: u16, sdf: u8) -> f64 {
    let ways = hit_ways(drm);
    if ways == 0 {
        return 0.0;
    }
    let now = drm.saturating_sub(df.min(i16::MAX as u16) as i16);
    let after = now.saturating_sub(i16::from(sdf));
    value * f64::from(hit_ways(now) - hit_ways(after)) / f64::from(ways)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_resolves() {
        for p in Policy::PRESETS {
            assert_eq!(Policy::preset(p).unwrap().name, *p);
        }
        assert!(Policy::preset("nope").is_none());
    }

    /// EW: a target 13 hexes out with margin 2 needs 2 shroud points; 7 points leave 5: 3
    /// amplification, 2 ECM. Too few points for the margin but enough for the range (2 points,
    /// 20 hexes, against 19 + 2): all to the shroud; too few for the range itself: all to ECM
    /// (`no_ew_on_a_shroud_that_cannot_reach`).
    #[test]
    fn ew_split_locks_first() {
        let p = Policy::preset("closing-gunline").unwrap();
        let e = ew_split(&p, 7, 13);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 3, 2));
        let e = ew_split(&p, 2, 19);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 0, 0));
        let e = ew_split(&p, 1, 13);
        assert_eq!((e.shroud, e.amplification, e.ecm), (0, 0, 1));
    }

    /// No EW on a shroud that cannot reach: 2 points (20 hexes) against a target predicted at
    /// 25 go all to ECM; at 20 the shroud reaches and the split is the usual one.
    #[test]
    fn no_ew_on_a_shroud_that_cannot_reach() {
        let p = Policy::preset("closing-gunline").unwrap();
        assert!(!shroud_reaches(2, 25));
        assert!(shroud_reaches(2, 20));
        let e = ew_split(&p, 2, 25);
        assert_eq!((e.shroud, e.amplification, e.ecm), (0, 0, 2));
        let e = ew_split(&p, 2, 20);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 0, 0));
        let e = ew_split(&p, 0, 5);
        assert_eq!(e.total(), 0);
    }

    /// A shot that cannot hit is not fired; any chance is.
    #[test]
    fn no_shot_of_value_zero() {
        let w = super::super::design::fixtures::railgun();
        assert_eq!(hit_ways(-8), 0);
        assert!(!worth_firing(shot_value(&w, -8, 0)));
        assert_eq!(hit_ways(-7), 1);
        assert!(worth_firing(shot_value(&w, -7, 0)));
        assert!(worth_firing(shot_value(&w, 0, 99)));
    }

    /// DF is worth what it takes off a shot's expected damage, counting the DF already on it:
    /// at DRM 0 (108 ways of 216 hit, exact in `hit_roll`) two points are worth
    /// value × (ways(0) − ways(−2)) / ways(0); a second weapon's two more points only
    /// value × (ways(−2) − ways(−4)) / ways(0). A shot that cannot hit is worth nothing to defend.
    #[test]
    fn defensive_fire_counts_the_df_already_assigned() {
        let (w0, w2, w4) = (hit_ways(0), hit_ways(-2), hit_ways(-4));
        assert!(w0 > w2 && w2 > w4);
        let first = worth_defending(8.0, 0, 0, 2);
        let second = worth_defending(8.0, 0, 2, 2);
        assert_eq!(first, 8.0 * f64::from(w0 - w2) / f64::from(w0));
        assert_eq!(second, 8.0 * f64::from(w2 - w4) / f64::from(w0));
        // A weaker shot, undefended, can be worth more than the strong one already defended.
        assert!(worth_defending(7.0, 0, 0, 2) > second);
        assert_eq!(worth_defending(8.0, -20, 0, 2), 0.0);
    }

    /// Burst or Pulse by expected damage: the shipped particle cannon (2d10, Pulse 3/2) pulses
    /// — a hit's pulse roll of 3d6 + DRM gives one pulse per 2 over 10, at least 1, at most 3 —
    /// and its value is the Burst value times the exact mean count (at DRM 0: sums 3–10 one
    /// pulse, 11–12 one, 13–14 two, 15–18 three). A Burst-only weapon keeps Burst.
    #[test]
    fn burst_or_pulse_by_expected_damage() {
        let rating = PulseRating {
            max: 3,
            interval: 2,
            bonus_die: 0,
        };
        let ways = |lo: usize, hi: usize| -> u32 { THREE_D6_WAYS[lo..=hi].iter().sum() };
        let expected = f64::from(ways(3, 12) + 2 * ways(13, 14) + 3 * ways(15, 18)) / 216.0;
        assert_eq!(mean_pulses(rating, 0, PulseBonus::AddsPulses), expected);
        assert!(expected > 1.0);
        let mut cannon = super::super::design::fixtures::railgun();
        cannon.configs = ConfigSet::only(Config::Burst).with(Config::Pulse);
        cannon.pulse = rating;
        let (config, value) = choose_burst_or_pulse(&cannon, 0, 0, PulseBonus::AddsPulses);
        assert_eq!(config, Config::Pulse);
        assert_eq!(value, shot_value(&cannon, 0, 0) * expected);
        let rail = super::super::design::fixtures::railgun();
        let (config, value) = choose_burst_or_pulse(&rail, 0, 0, PulseBonus::AddsPulses);
        assert_eq!((config, value), (Config::Burst, shot_value(&rail, 0, 0)));
    }

    /// [`mean_pulses`] by counting answers bit for bit as [`mean_pulses_enumerated`] over
    /// every Pulse Rating up to 8 pulses, interval 0–6 and bonus die 0–10, DRMs −25…+25 and
    /// both `pulse_bonus` readings.
    #[test]
    fn mean_pulses_answers_as_the_enumeration() {
        let mut cases = 0;
        for max in 0..=8u8 {
            for interval in 0..=6u8 {
                for bonus_die in 0..=10u8 {
                    let rating = PulseRating {
                        max,
                        interval,
                        bonus_die,
                    };
                    for drm in -25..=25i16 {
                        for how in [PulseBonus::AddsPulses, PulseBonus::AddsToRoll] {
                            assert_eq!(
                                mean_pulses(rating, drm, how).to_bits(),
                                mean_pulses_enumerated(rating, drm, how).to_bits(),
                                "{rating:?} drm {drm} {how:?}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 9 * 7 * 11 * 51 * 2);
    }

    /// §7.3.1.1 / §7.4.1.2B: the choice with the larger expected damage; a tie is the dice's.
    #[test]
    fn sighting_by_expected_damage() {
        assert_eq!(choose_sighting(1.5, 1.0), Some(0));
        assert_eq!(choose_sighting(0.5, 1.0), Some(1));
        assert_eq!(choose_sighting(1.0, 1.0), None);
    }

    /// The thrust plan's arc test, looked up once per pivot ([`MainArc`]), answers as
    /// [`plan_arc_penalty`] (`can_bear` per candidate) over random motions, arcs, targets near
    /// and beyond the in-arc table, both geometries and both `rotated_arcs` readings.
    #[test]
    fn main_arc_answers_as_the_arc_penalty() {
        use super::super::arcs::{ArcShape, FiringArc};
        use super::super::design::fixtures::railgun;
        use super::super::geometry::{ArcCentre, Facing};
        use super::super::movement::Quarter;
        let mut dice = crate::dice::Dice::for_battle(19, 5, 0);
        let mut next = |n: i32| Roller::below(&mut dice, n as u32) as i32;
        let shapes = [
            ArcShape::Fixed,
            ArcShape::Narrow,
            ArcShape::Standard,
            ArcShape::Wide,
            ArcShape::Turret,
        ];
        let mut checked = [0u32; 2];
        for _ in 0..20_000 {
            let mount = Mount {
                sys: 0,
                weapon: railgun(),
                arc: FiringArc {
                    centre: ArcCentre::from_steps(next(12)),
                    shape: shapes[next(5) as usize],
                    keel: next(2) == 1,
                },
            };
            let m = Motion {
                pos: Hex::new(next(81) - 40, next(81) - 40),
                facing: Facing::new(1 + next(6)),
                roll: Quarter(next(4) as u8),
                tumble: Quarter(next(4) as u8),
                ..Motion::default()
            };
            let reach = [3, 20, 60][next(3) as usize];
            let target = m.pos.add(Hex::new(
                next(2 * reach + 1) - reach,
                next(2 * reach + 1) - reach,
            ));
            let geometry = [ArcGeometry::DIGEST, ArcGeometry::WIDER][next(2) as usize];
            let rotated = [RotatedArcs::AsIfLevel, RotatedArcs::OffPlaneBlind][next(2) as usize];
            for main in [None, Some(&mount)] {
                let expected = plan_arc_penalty(&m, target, main, (&geometry, rotated));
                let fast = MainArc::of(&m, main, (&geometry, rotated)).penalty(m.pos, target);
                assert_eq!(
                    fast, expected,
                    "{m:?} {target:?} {main:?} {geometry:?} {rotated:?}"
                );
                checked[usize::from(expected == 0)] += 1;
            }
        }
        // Both answers occur often.
        assert!(checked.iter().all(|&n| n > 2_000), "{checked:?}");
    }

    /// A ship whose fore thrusters are gone (no backward channel), flying away from its
    /// target at 5 hexes a turn with its nose away too, turns around to brake on its aft
    /// thrusters; the one-turn plan without [`thrust_misalignment`] coasted (a pivot changes
    /// nothing this turn), so such ships drifted off until the turn cap. A ship that can
    /// brake, brakes and does not turn.
    #[test]
    fn a_ship_that_cannot_brake_turns_around() {
        use super::super::geometry::Facing;
        use super::super::movement::readings::Readings;
        let own = Motion {
            pos: Hex::new(0, 0),
            velocity: Hex::new(-5, 0),
            facing: Facing::new(4),
            ..Motion::default()
        };
        let costs = ThrustCosts {
            accel: 1,
            pivot: 1,
            roll: 1,
            slide: 1,
        };
        let no_fore = ThrustLimits {
            budget: 7,
            forward: 4,
            backward: 0,
            rotation: 2,
        };
        let (target, target_velocity) = (Hex::new(20, 0), Hex::new(2, 0));
        let readings = Readings::default();
        let arcs = (&ArcGeometry::DIGEST, RotatedArcs::AsIfLevel);
        let mut dice = crate::dice::Dice::for_battle(19, 6, 0);
        // Forward thrust points away from the target: the need is 3 facings off.
        assert_eq!(
            thrust_misalignment(&own, 8, target, target_velocity, no_fore),
            3
        );
        let plan = thrust_plan(
            &own,
            &costs,
            no_fore,
            8,
            target,
            target_velocity,
            None,
            arcs,
            &readings,
            &mut dice,
        );
        assert_ne!(plan.pivot, 0, "{plan:?}");
        // With its fore thrusters the same ship brakes (negative acceleration) and keeps its nose.
        let whole = ThrustLimits {
            backward: 4,
            ..no_fore
        };
        assert_eq!(
            thrust_misalignment(&own, 8, target, target_velocity, whole),
            0
        );
        let plan = thrust_plan(
            &own,
            &costs,
            whole,
            8,
            target,
            target_velocity,
            None,
            arcs,
            &readings,
            &mut dice,
        );
        assert_eq!((plan.pivot, plan.accel.signum()), (0, -1), "{plan:?}");
    }

    /// [`thrust_plan`] (candidates moved once per pivot, accelerations bounded up front, the
    /// arc checked only where it can matter, ties counted as scored) chooses as
    /// [`thrust_plan_straight`] and rolls the same dice, over random motions, thrust costs and
    /// limits (channels, budgets, rates), targets near and far, arcs, both geometries and both
    /// `rotated_arcs` readings.
    #[test]
    fn thrust_plan_answers_as_the_straight_reading() {
        use super::super::arcs::{ArcShape, FiringArc};
        use super::super::design::fixtures::railgun;
        use super::super::geometry::{ArcCentre, Facing};
        use super::super::movement::Quarter;
        let mut dice = crate::dice::Dice::for_battle(19, 6, 0);
        let mut next = |n: i32| Roller::below(&mut dice, n as u32) as i32;
        let shapes = [
            ArcShape::Fixed,
            ArcShape::Narrow,
            ArcShape::Standard,
            ArcShape::Wide,
            ArcShape::Turret,
        ];
        let readings = super::super::movement::Readings::default();
        let mut moved = 0u32;
        for case in 0..20_000u64 {
            let mount = Mount {
                sys: 0,
                weapon: railgun(),
                arc: FiringArc {
                    centre: ArcCentre::from_steps(next(12)),
                    shape: shapes[next(5) as usize],
                    keel: next(2) == 1,
                },
            };
            let own = Motion {
                pos: Hex::new(next(81) - 40, next(81) - 40),
                velocity: Hex::new(next(13) - 6, next(13) - 6),
                facing: Facing::new(1 + next(6)),
                pivot_rate: next(3) - 1,
                roll: Quarter(next(4) as u8),
                tumble: Quarter(next(4) as u8),
                ..Motion::default()
            };
            let costs = ThrustCosts {
                accel: next(4),
                pivot: next(3),
                roll: 1,
                slide: 3,
            };
            let limits = ThrustLimits {
                budget: next(16) - 1,
                forward: next(14) - 1,
                backward: next(14) - 1,
                rotation: next(5) - 1,
            };
            let reach = [3, 20, 80][next(3) as usize];
            let target = own.pos.add(Hex::new(
                next(2 * reach + 1) - reach,
                next(2 * reach + 1) - reach,
            ));
            let target_velocity = Hex::new(next(9) - 4, next(9) - 4);
            let keep = next(20);
            let geometry = [ArcGeometry::DIGEST, ArcGeometry::WIDER][next(2) as usize];
            let rotated = [RotatedArcs::AsIfLevel, RotatedArcs::OffPlaneBlind][next(2) as usize];
            let main = [None, Some(&mount)][next(2) as usize];
            let arcs = (&geometry, rotated);
            let mut fast_dice = crate::dice::Dice::for_battle(7, case, 0);
            let mut straight_dice = crate::dice::Dice::for_battle(7, case, 0);
            let fast = thrust_plan(
                &own,
                &costs,
                limits,
                keep,
                target,
                target_velocity,
                main,
                arcs,
                &readings,
                &mut fast_dice,
            );
            let straight = thrust_plan_straight(
                &own,
                &costs,
                limits,
                keep,
                target,
                target_velocity,
                main,
                arcs,
                &readings,
                &mut straight_dice,
            );
            assert_eq!(
                fast, straight,
                "case {case}: {own:?} {costs:?} {limits:?} {target:?}"
            );
            assert_eq!(
                Roller::below(&mut fast_dice, 1000),
                Roller::below(&mut straight_dice, 1000),
                "case {case}: the same dice rolled"
            );
            moved += u32::from(fast.accel != 0);
        }
        // Accelerations are chosen often (the bounds matter).
        assert!(moved > 2_000, "{moved}");
    }

    #[test]
    fn means_and_seams() {
        assert_eq!(mean_damage(DamageDice::new(2, 6, 1)), 8.0);
        assert_eq!(choose_seam((0, 5), (1, 9)), Some(0));
        assert_eq!(choose_seam((0, 5), (1, 5)), None);
    }
}
