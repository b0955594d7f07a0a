//! The thrust plan (D17 5, §5.4): pivot and acceleration toward the kept range with the main
//! weapon bearing.

use crate::dice::Roller;
use crate::hex::Hex;

use super::super::arcs::{ArcGeometry, Bearing, effective_arc};
use super::super::geometry::{Facing, range};
use super::super::matchup::Mount;
use super::super::movement::readings::RotatedArcs;
use super::super::movement::{ManeuverPlan, Motion, ThrustCosts};
use super::pick_tie;

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
    readings: &super::super::movement::Readings,
    dice: &mut impl Roller,
) -> ManeuverPlan {
    let aim = (target, target_velocity);
    let of = |next: &Motion| MainArc::of(next, main_arc, arcs);
    plan_with(own, costs, limits, keep, aim, of, readings, dice)
}

/// What the thrust plan keeps bearing on its target (D17 5; the policy's [`Steer`] setting
/// picks which).
#[derive(Clone, Copy, Debug)]
pub enum Steering<'a> {
    /// The main weapon ([`thrust_plan`]; `None`: no weapon left, anything "bears").
    Main(Option<&'a Mount>),
    /// Every mount of the list whose bit is set in the mask (at most [`MOST_MOUNTS`] of them):
    /// the plan scores a pivot by the share of them that bear ([`MountArcs::penalty`]).
    Mounts(&'a [Mount], u64),
}

/// How many mounts [`Steering::Mounts`] counts (the first in SDS order; the rest are left out).
pub const MOST_MOUNTS: usize = 8;

/// [`thrust_plan`] steering as `steering` says: the main weapon (exactly [`thrust_plan`]) or
/// the most mounts (a brawler, D17 5 "targets in arc": a broadside ship turns its side to the
/// enemy when more of its guns bear that way).
#[allow(clippy::too_many_arguments)]
pub fn thrust_plan_steered(
    own: &Motion,
    costs: &ThrustCosts,
    limits: ThrustLimits,
    keep: i32,
    (target, target_velocity): (Hex, Hex),
    steering: Steering<'_>,
    arcs: (&ArcGeometry, RotatedArcs),
    readings: &super::super::movement::Readings,
    dice: &mut impl Roller,
) -> ManeuverPlan {
    let aim = (target, target_velocity);
    match steering {
        Steering::Main(main) => thrust_plan(
            own,
            costs,
            limits,
            keep,
            target,
            target_velocity,
            main,
            arcs,
            readings,
            dice,
        ),
        Steering::Mounts(mounts, mask) => {
            let of = |next: &Motion| MountArcs::of(next, mounts, mask, arcs);
            plan_with(own, costs, limits, keep, aim, of, readings, dice)
        }
    }
}

/// The arc term of a candidate after one pivot: `Copy` so the plan keeps one a pivot.
trait ArcPenalty: Copy + Default {
    /// What a candidate of this pivot adds when the target, `to_target` from where the
    /// candidate ends, is not in arc.
    fn penalty_at(&self, to_target: Hex) -> i32;
}

impl ArcPenalty for MainArc {
    #[inline]
    fn penalty_at(&self, to_target: Hex) -> i32 {
        MainArc::penalty_at(self, to_target)
    }
}

/// The arcs of the mounts a brawler steers by after a pivot ([`Steering::Mounts`]).
#[derive(Clone, Copy, Debug, Default)]
struct MountArcs {
    arcs: [MainArc; MOST_MOUNTS],
    n: usize,
}

impl MountArcs {
    fn of(
        next: &Motion,
        mounts: &[Mount],
        mask: u64,
        arcs: (&ArcGeometry, RotatedArcs),
    ) -> MountArcs {
        let mut out = MountArcs {
            arcs: [MainArc::None; MOST_MOUNTS],
            n: 0,
        };
        for (k, m) in mounts.iter().enumerate().take(64) {
            if mask & (1 << k) != 0 && out.n < MOST_MOUNTS {
                out.arcs[out.n] = MainArc::of(next, Some(m), arcs);
                out.n += 1;
            }
        }
        out
    }

    /// [`mounts_penalty`] of the mounts that do not bear on the target, `to_target` away.
    fn penalty_at(&self, to_target: Hex) -> i32 {
        let blind = self.arcs[..self.n]
            .iter()
            .filter(|a| a.penalty_at(to_target) > 0)
            .count();
        mounts_penalty(blind, self.n)
    }
}

impl ArcPenalty for MountArcs {
    #[inline]
    fn penalty_at(&self, to_target: Hex) -> i32 {
        MountArcs::penalty_at(self, to_target)
    }
}

/// The arc term for a brawler with `blind` of its `n` mounts not bearing: the main weapon's 6
/// shared out, rounded up — 6 when none bears (as the main weapon's term), 0 when all do, and
/// every mount brought to bear counts. No mounts: 0.
pub fn mounts_penalty(blind: usize, n: usize) -> i32 {
    if n == 0 {
        return 0;
    }
    ((6 * blind).div_ceil(n)) as i32
}

/// [`thrust_plan`]'s search, with the arc term per pivot from `arcs_of` (the motion after the
/// pivot in, the pivot's arcs out).
#[allow(clippy::too_many_arguments)]
fn plan_with<A: ArcPenalty>(
    own: &Motion,
    costs: &ThrustCosts,
    limits: ThrustLimits,
    keep: i32,
    (target, target_velocity): (Hex, Hex),
    arcs_of: impl Fn(&Motion) -> A,
    readings: &super::super::movement::Readings,
    dice: &mut impl Roller,
) -> ManeuverPlan {
    let max_accel = if costs.accel > 0 {
        (limits.budget / costs.accel).min(6)
    } else {
        0
    };
    // Every candidate (at most 3 pivots × 13 accelerations) moved once and scored without its
    // arc (`plan_base`); the arc only adds ([`plan_arc_penalty`]), so it is checked first for
    // the candidates with the least base and then only where the base does not already exceed
    // the best score found: the best score and its ties are exactly the full scoring's. Then
    // the k-th of the best in candidate order (k by dice). The candidates of one pivot share
    // their facing, roll and tumble, so the main weapon's arc is looked up once per pivot.
    let mut cands = [Candidate::default(); 39];
    let mut arcs_by_pivot = [A::default(); 3];
    let mut count = 0usize;
    let mut least = i32::MAX;
    let mut need = None;
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
        let coasting = super::super::movement::maneuvers::coasted(own, pivot);
        arcs_by_pivot[(pivot + 1) as usize] = arcs_of(&coasting);
        // Turning so that a working thrust axis points where the velocity must change (a ship
        // that cannot brake on its fore thrusters turns to brake on its aft ones): the change
        // is the same after every pivot, the facing is not.
        let turn = if limits.forward <= 0 && limits.backward <= 0 {
            0
        } else {
            let need =
                need.get_or_insert_with(|| velocity_need(&coasting, keep, target, target_velocity));
            TURN_WEIGHT * misaligned(need, coasting.facing, limits)
        };
        // Only the accelerations the channels and the budget left after the pivot can pay,
        // still walked from the least up: every one but coasting passes the per-candidate
        // check (its cost within its channel and the budget the pivot left), and coasting
        // costs nothing, so it fails only on a negative aft channel (the pivot's cost is
        // within the budget, checked above).
        let (back, fore) = accel_reach(costs.accel, limits, pivot_cost, max_accel);
        // [`accelerated`](super::super::movement::maneuvers::accelerated) adds `accel` steps
        // along one facing to the coasting position and vector, and keeps the pivot rate:
        // `plan_base` of each candidate from the coasting motion's terms and the step, in
        // the same integers ([`Coast::base`]).
        let coast = Coast::of(own, &coasting, target, target_velocity, readings);
        let fixed = coasting.pivot_rate.abs() + turn;
        for accel in -back..=fore {
            if accel == 0 && limits.forward < 0 {
                continue;
            }
            let (base, to_target) = coast.base(accel, keep);
            let base = base + fixed;
            least = least.min(base);
            cands[count] = Candidate {
                pivot: pivot as i16,
                accel: accel as i16,
                to_target,
                base,
                score: i32::MAX,
            };
            count += 1;
        }
    }
    let cands = &mut cands[..count];
    // The best score and how many reach it, counted as they are scored: a candidate scored
    // above the best of its moment stays above it (the best only falls), and every candidate
    // of the final best is scored, so the count is the count of ties. First the candidates of
    // the least base, then (if none of them had its arc) the rest that can still tie.
    let mut best = i32::MAX;
    let mut ties = 0u32;
    for second in [false, true] {
        if second && best <= least {
            break;
        }
        for c in cands.iter_mut() {
            let scored = if second {
                c.base != least && c.base <= best
            } else {
                c.base == least
            };
            if !scored {
                continue;
            }
            c.score = c.base + arcs_by_pivot[(c.pivot + 1) as usize].penalty_at(c.to_target);
            if c.score < best {
                best = c.score;
                ties = 1;
            } else if c.score == best {
                ties += 1;
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
    misaligned(
        &velocity_need(next, keep, target, target_velocity),
        next.facing,
        limits,
    )
}

/// The velocity change [`thrust_misalignment`] weighs, `(dx, dy, length)`, or `None` under 1.5
/// hexes a turn. It reads only the position and vector a move leaves, which a pivot does not
/// change: [`thrust_plan`] works it out once for all its pivots.
fn velocity_need(next: &Motion, keep: i32, target: Hex, target_velocity: Hex) -> Option<[f64; 3]> {
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
    (need >= 1.5).then_some([dx, dy, need])
}

/// [`thrust_misalignment`] of a ship facing `facing` that needs `need` ([`velocity_need`]).
#[inline]
fn misaligned(need: &Option<[f64; 3]>, facing: Facing, limits: ThrustLimits) -> i32 {
    let Some([dx, dy, need]) = *need else {
        return 0;
    };
    // The facing's unit vector is one hex long: its dot product with the need, over the
    // need's length, is the cosine of the angle between them.
    let (fx, fy) = facing.unit().to_point();
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
/// channel carries, and no more than the budget the pivot leaves — the accelerations a
/// candidate can pay, as a range (never less than 0 either way, so coasting is always
/// reached; it is refused only on a negative aft channel). With no acceleration cost,
/// `max_accel` (0) both ways.
#[inline]
fn accel_reach(accel: i32, limits: ThrustLimits, pivot_cost: i32, max_accel: i32) -> (i32, i32) {
    if accel <= 0 {
        return (max_accel.max(0), max_accel.max(0));
    }
    let left = limits.budget - pivot_cost;
    let back = limits.backward.min(left).div_euclid(accel);
    let fore = limits.forward.min(left).div_euclid(accel);
    (max_accel.min(back).max(0), max_accel.min(fore).max(0))
}

/// One candidate of [`thrust_plan`]: its pivot and acceleration, the target's predicted
/// position less where it ends, its score without the arc and with it (`i32::MAX` until
/// checked). No padding (`i16` pivot and acceleration): the plan's array of them starts as
/// all-zero bytes, one `memset`, not a store per field of each of the 39 (about 1 KB of code
/// run on every plan, evicting the rest of the turn from the instruction cache).
#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    pivot: i16,
    accel: i16,
    to_target: Hex,
    base: i32,
    score: i32,
}

/// One pivot's coasting motion as `plan_base` reads it: the target's predicted position
/// less the coasting position, the coasting vector less the target's, and the one-hex step an
/// acceleration adds along the facing it is thrust on
/// ([`accelerated`](super::super::movement::maneuvers::accelerated)).
#[derive(Clone, Copy, Debug)]
struct Coast {
    to_target: Hex,
    relative: Hex,
    step: Hex,
}

impl Coast {
    /// The terms of `coasting` (the motion after the pivot from `own`) toward `target`, whose
    /// vector is `target_velocity`.
    #[inline]
    fn of(
        own: &Motion,
        coasting: &Motion,
        target: Hex,
        target_velocity: Hex,
        readings: &super::super::movement::Readings,
    ) -> Coast {
        let along = super::super::movement::maneuvers::accelerated(own, coasting, 1, readings)
            .velocity
            .sub(coasting.velocity);
        Coast {
            to_target: target.sub(coasting.pos),
            relative: coasting.velocity.sub(target_velocity),
            step: along,
        }
    }

    /// `plan_base` of the candidate accelerating `accel` hexes, less its continuing pivot
    /// (the same for every acceleration of a pivot), and the target's position less where it
    /// ends: [`range`] is the length of that difference, and the relative speed the length of
    /// the relative vector plus the step.
    #[inline]
    fn base(&self, accel: i32, keep: i32) -> (i32, Hex) {
        let step = self.step.scale(accel);
        let to_target = self.to_target.sub(step);
        let off = (to_target.length() - keep).abs();
        let relative = self.relative.add(step).length();
        (4 * off + relative, to_target)
    }
}

/// The main weapon's arc after a pivot (facing, roll and tumble as the move leaves them), for
/// `tests::plan_arc_penalty`'s test of every acceleration of that pivot.
#[derive(Clone, Copy, Debug, Default)]
enum MainArc {
    /// No main weapon: it always "bears".
    #[default]
    None,
    /// The arc cannot bear (house rule `rotated_arcs` = `off-plane-blind`).
    Blind,
    /// The map-absolute arc.
    Arc(Bearing),
}

impl MainArc {
    #[inline]
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

    /// `tests::plan_arc_penalty` of a candidate of this pivot ending at `pos`.
    #[cfg(test)]
    fn penalty(&self, pos: Hex, target: Hex) -> i32 {
        self.penalty_at(target.sub(pos))
    }

    /// [`MainArc::penalty`] of a candidate ending `to_target` from the target.
    #[inline]
    fn penalty_at(&self, to_target: Hex) -> i32 {
        let bears = match self {
            MainArc::None => true,
            MainArc::Blind => false,
            MainArc::Arc(b) => b.covers(to_target),
        };
        if bears { 0 } else { 6 }
    }
}

/// How bad a motion after the move is (lower is better) is `plan_base` (4 per hex off the
/// kept range, the relative speed, a continuing pivot) plus `tests::plan_arc_penalty` (6 if the main
/// weapon does not bear).
/// The part of a plan's score that needs no arc: the specification [`Coast::base`] (what
/// [`thrust_plan`] uses, from each pivot's coasting motion) is tested against.
#[cfg(test)]
fn plan_base(next: &Motion, keep: i32, target: Hex, target_velocity: Hex) -> i32 {
    let off = (range(next.pos, target) - keep).abs();
    let relative = next.velocity.sub(target_velocity).length();
    4 * off + relative + next.pivot_rate.abs()
}

#[cfg(test)]
#[path = "thrust_tests.rs"]
mod tests;
