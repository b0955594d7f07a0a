//! Maneuvers (§5.1.2, §5.4.2, D6.3): pivots, rolls, tumbles, slides and acceleration, their
//! thrust, which thrusters they need, the basic-rules restrictions, and one ship's move.

use super::super::geometry::Facing;
use super::readings::{Readings, ThrustOrder};
use super::thrust::ThrustCosts;
use super::vector;
use crate::hex::Hex;

/// An orientation about the roll (Y) or tumble (X) axis in 90° steps, 0–3 (0 = face up,
/// 2 = flipped 180°; for rolls 1 = rolled to starboard, 3 = to port; for tumbles 1 = tumbled
/// forward, 3 = aft).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quarter(pub u8);

impl Quarter {
    /// Face up or exactly flipped (the states the basic rules allow pivots in, §5.4.2.2).
    #[inline]
    pub const fn is_level(self) -> bool {
        self.0.is_multiple_of(2)
    }

    /// Flipped 180°: port and starboard are mirrored (§5.4.2.2).
    #[inline]
    pub const fn is_flipped(self) -> bool {
        self.0 == 2
    }

    /// Turned by `steps` quarters.
    #[inline]
    pub const fn turned(self, steps: i32) -> Quarter {
        Quarter((self.0 as i32 + steps).rem_euclid(4) as u8)
    }
}

/// A ship's motion state (D6.1): all `Copy`, one per unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Motion {
    /// Position.
    pub pos: Hex,
    /// Vector: hexes moved per turn.
    pub velocity: Hex,
    /// The nose.
    pub facing: Facing,
    /// Continuing pivot, facings per turn on the map, positive clockwise (§5.4.2.1).
    pub pivot_rate: i32,
    /// Roll orientation (§5.4.2.2).
    pub roll: Quarter,
    /// Continuing roll, quarters per turn (positive toward starboard).
    pub roll_rate: i32,
    /// Tumble orientation (§5.4.2.4).
    pub tumble: Quarter,
    /// Continuing tumble, quarters per turn (positive forward).
    pub tumble_rate: i32,
}

impl Motion {
    /// Speed (§5.4.1).
    #[inline]
    pub const fn speed(&self) -> i32 {
        self.velocity.length()
    }

    /// Whether any rotation continues (§5.7: a derelict check is made only if not).
    pub const fn is_rotating(&self) -> bool {
        self.pivot_rate != 0 || self.roll_rate != 0 || self.tumble_rate != 0
    }
}

/// What a ship does with thrust in its slot (§5.4): changes to its rotation rates and its
/// acceleration. All counts are signed; zero = nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ManeuverPlan {
    /// Change of pivot rate, facings per turn, positive clockwise (on the map).
    pub pivot: i32,
    /// Change of roll rate, quarters per turn.
    pub roll: i32,
    /// Change of tumble rate, quarters per turn.
    pub tumble: i32,
    /// Hexes of acceleration along the nose (negative: deceleration / reverse) through the
    /// acceleration thrusters.
    pub accel: i32,
    /// Hexes of fore/aft acceleration through the maneuvering thrusters, at the slide cost
    /// (§5.1.2.6).
    pub maneuvered_accel: i32,
    /// Hexes of slide (§5.4.2.3), positive to the ship's starboard.
    pub slide: i32,
    /// Slide through the rear side facing (starboard: facing 3 rather than 2; port: 5 rather
    /// than 6), the player's choice (§5.4.2.3).
    pub slide_aft: bool,
    /// A non-inertial turn (§5.8.1; the ship needs non-inertial engines and thrusters): the
    /// vector turns with the facing this turn, for ⌈accel cost / 2⌉ extra thrust through the
    /// acceleration thrusters. Announced (and paid) each turn it is wanted — our reading.
    pub non_inertial: bool,
}

/// Thrust this plan costs (§5.1, D6.2).
pub const fn plan_cost(plan: &ManeuverPlan, costs: &ThrustCosts) -> i32 {
    let turn = if plan.non_inertial {
        vector::non_inertial_turn_cost(costs.accel)
    } else {
        0
    };
    turn + plan.pivot.abs() * costs.pivot
        + (plan.roll.abs() + plan.tumble.abs()) * costs.roll
        + plan.accel.abs() * costs.accel
        + (plan.maneuvered_accel.abs() + plan.slide.abs()) * costs.slide
}

/// Thrust each side of the ship must channel for a plan (basic placement, §5.1, §5.1.2.5):
/// accelerating uses the aft thrusters, decelerating the fore; a clockwise pivot the port
/// maneuvering thrusters and counter-clockwise the starboard ones; a slide the thrusters
/// opposite the way it moves. Rolls and maneuvered acceleration may use either side
/// (`either`); tumbles need thrusters fore or aft (`tumble`). Pivots are counted on the map,
/// so a ship flipped 180° pivots clockwise with its starboard thrusters (§5.4.2.2); slides are
/// counted ship-relative. `super::thrusters::load` puts a plan on actual thrusters, the
/// four-thruster placement included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideDemand {
    /// Fore acceleration thrusters.
    pub fore: i32,
    /// Aft acceleration thrusters.
    pub aft: i32,
    /// Port maneuvering thrusters.
    pub port: i32,
    /// Starboard maneuvering thrusters.
    pub starboard: i32,
    /// Either maneuvering side (rolls, maneuvered acceleration): the player splits it.
    pub either: i32,
    /// Tumbles: the fore pair or the aft pair of a four-thruster placement, or fore/aft
    /// maneuvering thrusters (§5.1.2.5: single port and starboard thrusters cannot tumble).
    pub tumble: i32,
}

/// The side demand of a plan for a ship in roll state `roll` (§5.1, §5.4.2.2–3).
pub fn side_demand(plan: &ManeuverPlan, costs: &ThrustCosts, roll: Quarter) -> SideDemand {
    let mut d = SideDemand::default();
    if plan.accel > 0 {
        d.aft += plan.accel * costs.accel;
    } else {
        d.fore += -plan.accel * costs.accel;
    }
    let flipped = roll.is_flipped();
    let pivot = plan.pivot.abs() * costs.pivot;
    let slide = plan.slide.abs() * costs.slide;
    // A clockwise pivot (on the map) uses the port thrusters, mirrored when flipped; a slide
    // is ship-relative, so a slide to starboard always uses the port thrusters.
    if (plan.pivot > 0) != flipped {
        d.port += pivot;
    } else {
        d.starboard += pivot;
    }
    if plan.slide > 0 {
        d.port += slide;
    } else {
        d.starboard += slide;
    }
    d.either += plan.roll.abs() * costs.roll + plan.maneuvered_accel.abs() * costs.slide;
    d.tumble += plan.tumble.abs() * costs.roll;
    if plan.non_inertial {
        // Any acceleration thruster may take it (§5.8.1); counted on the aft ones here.
        d.aft += vector::non_inertial_turn_cost(costs.accel);
    }
    d
}

/// Why a plan is not allowed under the basic rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManeuverError {
    /// §5.4.2.2: no starting, stopping or changing a pivot unless face up or flipped 180°,
    /// and not while rolling.
    PivotWhileRolled,
    /// §5.4.2.4: no pivot or roll while tumbled or tumbling (unless level and stopped).
    RotateWhileTumbled,
    /// §5.4.2.4: a rolling ship may not tumble unless face up or flipped 180°.
    TumbleWhileRolling,
    /// §5.4.2.4: in 2-D no acceleration while tumbled, unless face up or flipped 180°.
    AccelerateWhileTumbled,
    /// More thrust than the budget.
    OverBudget,
    /// More speed change + facings + quarter turns than the cinematic cap (§5.6, optional).
    OverCinematicCap,
}

/// Check a plan against the basic restrictions (§5.4.2.2, §5.4.2.4), the thrust budget and,
/// if set, the cinematic cap (§5.6).
#[inline]
pub fn check_plan(
    m: &Motion,
    plan: &ManeuverPlan,
    costs: &ThrustCosts,
    budget: i32,
    cinematic_cap: Option<u8>,
) -> Result<(), ManeuverError> {
    let level_and_still_tumble = m.tumble.is_level() && m.tumble_rate == 0;
    if plan.pivot != 0 {
        if !level_and_still_tumble {
            return Err(ManeuverError::RotateWhileTumbled);
        }
        if !m.roll.is_level() || m.roll_rate != 0 || plan.roll != 0 {
            return Err(ManeuverError::PivotWhileRolled);
        }
    }
    if plan.roll != 0 && !level_and_still_tumble {
        return Err(ManeuverError::RotateWhileTumbled);
    }
    if plan.tumble != 0 && m.roll_rate != 0 && !m.roll.is_level() {
        return Err(ManeuverError::TumbleWhileRolling);
    }
    let accelerates = plan.accel != 0 || plan.maneuvered_accel != 0 || plan.slide != 0;
    if accelerates && !m.tumble.is_level() {
        return Err(ManeuverError::AccelerateWhileTumbled);
    }
    if plan_cost(plan, costs) > budget {
        return Err(ManeuverError::OverBudget);
    }
    if let Some(cap) = cinematic_cap {
        let used = plan.pivot.abs()
            + plan.roll.abs()
            + plan.tumble.abs()
            + plan.accel.abs()
            + plan.maneuvered_accel.abs()
            + plan.slide.abs();
        if used > i32::from(cap) {
            return Err(ManeuverError::OverCinematicCap);
        }
    }
    Ok(())
}

/// The map facing a slide moves the ship through (§5.4.2.3): to starboard through facing 2
/// or 3 relative to the nose, to port through 6 or 5; mirrored when flipped 180°.
pub const fn slide_facing(nose: Facing, to_starboard: bool, aft: bool, roll: Quarter) -> Facing {
    let starboard = to_starboard != roll.is_flipped();
    let steps = if aft { 2 } else { 1 };
    nose.turned(if starboard { steps } else { -steps })
}

/// One ship's move (§5.4): apply new and continuing rotation and the acceleration in the order
/// the house rule `thrust_order` says (D19 11), then move the whole vector. The plan is
/// assumed checked ([`check_plan`]).
pub fn execute(m: &Motion, plan: &ManeuverPlan, readings: &Readings) -> Motion {
    let mut n = *m;
    let accelerate = |n: &mut Motion| {
        let v = vector::thrust(n.velocity, n.facing, plan.accel + plan.maneuvered_accel);
        let side = slide_facing(n.facing, plan.slide > 0, plan.slide_aft, n.roll);
        n.velocity = vector::thrust(v, side, plan.slide.abs());
    };
    if readings.thrust_order == ThrustOrder::AccelerateThenRotate {
        accelerate(&mut n);
    }
    n.pivot_rate += plan.pivot;
    n.roll_rate += plan.roll;
    n.tumble_rate += plan.tumble;
    n.facing = n.facing.turned(n.pivot_rate);
    if plan.non_inertial {
        n.velocity = vector::non_inertial_turn(n.velocity, n.pivot_rate);
    }
    n.roll = n.roll.turned(n.roll_rate);
    n.tumble = n.tumble.turned(n.tumble_rate);
    if readings.thrust_order == ThrustOrder::RotateThenAccelerate {
        accelerate(&mut n);
    }
    n.pos = vector::destination(n.pos, n.velocity);
    n
}

/// [`execute`] of a plan that only pivots (by `pivot`, −1, 0 or +1): the rates and
/// orientations turn, the vector is kept and moved whole (§5.4). The thrust plan moves each of
/// its pivots with it before adding an acceleration ([`accelerated`]); the same motion as
/// [`execute`] of that plan, without its general case.
#[inline]
pub fn coasted(m: &Motion, pivot: i32) -> Motion {
    let pivot_rate = m.pivot_rate + pivot;
    Motion {
        pos: vector::destination(m.pos, m.velocity),
        velocity: m.velocity,
        facing: m.facing.turned(pivot_rate),
        pivot_rate,
        roll: m.roll.turned(m.roll_rate),
        roll_rate: m.roll_rate,
        tumble: m.tumble.turned(m.tumble_rate),
        tumble_rate: m.tumble_rate,
    }
}

/// [`execute`] of a plan that only pivots and accelerates (no roll, tumble, slide, maneuvered
/// acceleration or non-inertial turn), from `coasting`, [`execute`] of the same plan with no
/// acceleration: the acceleration adds `accel` hexes along the facing it is thrust on (the
/// nose before the rotation or after it, house rule `thrust_order`) to the vector, and so to
/// the destination; the rotation does not depend on it. Integer arithmetic: the same motion as
/// [`execute`] (the thrust plan moves its candidates once per pivot with it).
#[inline]
pub fn accelerated(m: &Motion, coasting: &Motion, accel: i32, readings: &Readings) -> Motion {
    let along = match readings.thrust_order {
        ThrustOrder::RotateThenAccelerate => coasting.facing,
        ThrustOrder::AccelerateThenRotate => m.facing,
    };
    let step = along.unit().scale(accel);
    Motion {
        velocity: coasting.velocity.add(step),
        pos: coasting.pos.add(step),
        ..*coasting
    }
}

/// The involuntary maneuver of a ship with no thrust (§5.7): if it is not already rotating,
/// roll 1d10 each turn; on 1, roll 1d6 (1–2 pivot, 3–4 roll, 5–6 tumble) and a third die for
/// the direction (odd: one way, even: the other — our reading of "roll a third time"). The
/// check is not made again afterwards (the caller keeps that flag). Returns the plan to apply
/// at no thrust cost.
pub const fn derelict_maneuver(d10: u8, kind_d6: u8, direction_d6: u8) -> Option<ManeuverPlan> {
    if d10 != 1 {
        return None;
    }
    let dir = if direction_d6 % 2 == 1 { 1 } else { -1 };
    let mut p = ManeuverPlan {
        pivot: 0,
        roll: 0,
        tumble: 0,
        accel: 0,
        maneuvered_accel: 0,
        slide: 0,
        slide_aft: false,
        non_inertial: false,
    };
    match kind_d6 {
        1 | 2 => p.pivot = dir,
        3 | 4 => p.roll = dir,
        _ => p.tumble = dir,
    }
    Some(p)
}

/// Optional partial thrusting (§5.2.2.7) for one rotation axis: thrust paid toward a rate of
/// one step per turn accumulates, and the ship turns a step whenever the accumulated thrust
/// reaches the full cost. Paying ½ (⅓, ¼) of the cost gives a step every 2 (3, 4) turns;
/// paying the rest later raises the rate; opposite thrust lowers it. This accumulator (our
/// model) reproduces all three statements of the §5.2.2.7 examples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartialRate {
    /// Thrust paid toward the rate (signed: positive one way).
    pub paid: i32,
    /// Thrust accumulated toward the next step.
    pub accumulated: i32,
}

impl PartialRate {
    /// One turn: add `thrust` (signed) to the rate, then turn as many steps as the accumulated
    /// thrust pays for at `cost` per step. Returns the signed steps turned this turn.
    pub fn turn(&mut self, thrust: i32, cost: i32) -> i32 {
        self.paid += thrust;
        self.accumulated += self.paid;
        if cost <= 0 {
            return 0;
        }
        let steps = self.accumulated / cost;
        self.accumulated -= steps * cost;
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::thrust::HullClass;
    use super::*;

    fn cruiser() -> ThrustCosts {
        HullClass::Cruiser.default_costs()
    }

    /// §5.1.2.1 example: a cruiser (pivot 2) applies 2 to port on turn 1 and pivots clockwise
    /// one facing on turns 1–3; 2 to starboard on turn 4 stops it (no rotation that turn).
    #[test]
    fn example_5_1_2_1_cruiser_pivots_three_facings_over_three_turns() {
        let r = Readings::default();
        let start = Motion {
            facing: Facing::new(1),
            ..Motion::default()
        };
        let begin = ManeuverPlan {
            pivot: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&begin, &cruiser()), 2);
        assert_eq!(side_demand(&begin, &cruiser(), Quarter(0)).port, 2);
        let t1 = execute(&start, &begin, &r);
        let t2 = execute(&t1, &ManeuverPlan::default(), &r);
        let t3 = execute(&t2, &ManeuverPlan::default(), &r);
        assert_eq!(
            [t1.facing, t2.facing, t3.facing],
            [2, 3, 4].map(Facing::new)
        );
        let stop = ManeuverPlan {
            pivot: -1,
            ..ManeuverPlan::default()
        };
        assert_eq!(side_demand(&stop, &cruiser(), Quarter(0)).starboard, 2);
        let t4 = execute(&t3, &stop, &r);
        assert_eq!((t4.facing, t4.pivot_rate), (Facing::new(4), 0));
        // Unstopped it keeps turning one facing a turn.
        assert_eq!(
            execute(&t3, &ManeuverPlan::default(), &r).facing,
            Facing::new(5)
        );
    }

    /// §5.1.2.1 example, second half: 3 facings in one turn costs 6 to port, then 6 to
    /// starboard the next turn.
    #[test]
    fn example_5_1_2_1_three_facings_in_one_turn() {
        let r = Readings::default();
        let go = ManeuverPlan {
            pivot: 3,
            ..ManeuverPlan::default()
        };
        assert_eq!(side_demand(&go, &cruiser(), Quarter(0)).port, 6);
        let t1 = execute(&Motion::default(), &go, &r);
        assert_eq!(t1.facing, Facing::new(4));
        let stop = ManeuverPlan {
            pivot: -3,
            ..ManeuverPlan::default()
        };
        assert_eq!(side_demand(&stop, &cruiser(), Quarter(0)).starboard, 6);
        let t2 = execute(&t1, &stop, &r);
        assert_eq!((t2.facing, t2.pivot_rate), (Facing::new(4), 0));
    }

    /// §5.4.1 example as a move: facing 2 on vector 2+4, pivot 2 counter-clockwise and
    /// accelerate 3 in the same slot → facing 6, vector 1+3,2+1 (rotation first, D19 11).
    #[test]
    fn example_5_4_1_pivot_then_accelerate() {
        let r = Readings::default();
        let m = Motion {
            facing: Facing::new(2),
            velocity: vector::along(Facing::new(2), 4),
            ..Motion::default()
        };
        let plan = ManeuverPlan {
            pivot: -2,
            accel: 3,
            ..ManeuverPlan::default()
        };
        let frigate = HullClass::Frigate.default_costs();
        assert_eq!(plan_cost(&plan, &frigate), 2 + 6);
        let mut n = execute(&m, &plan, &r);
        assert_eq!(n.facing, Facing::new(6));
        let want = vector::along(Facing::new(1), 3).add(vector::along(Facing::new(2), 1));
        assert_eq!((n.velocity, n.pos), (want, want));
        // The alternative order accelerates along the old nose (facing 2): 2+7.
        let alt = Readings {
            thrust_order: ThrustOrder::AccelerateThenRotate,
            ..r
        };
        n = execute(&m, &plan, &alt);
        assert_eq!(n.velocity, vector::along(Facing::new(2), 7));
    }

    /// §5.4.2.2: no pivot while rolled 90° or while rolling; a pivoting ship may roll; a
    /// rolling ship may accelerate.
    #[test]
    fn roll_restrictions() {
        let c = cruiser();
        let rolled = Motion {
            roll: Quarter(1),
            ..Motion::default()
        };
        let pivot = ManeuverPlan {
            pivot: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(
            check_plan(&rolled, &pivot, &c, 99, None),
            Err(ManeuverError::PivotWhileRolled)
        );
        let flipped = Motion {
            roll: Quarter(2),
            ..Motion::default()
        };
        assert_eq!(check_plan(&flipped, &pivot, &c, 99, None), Ok(()));
        let pivoting = Motion {
            pivot_rate: 1,
            ..Motion::default()
        };
        let roll = ManeuverPlan {
            roll: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(check_plan(&pivoting, &roll, &c, 99, None), Ok(()));
        let rolling = Motion {
            roll_rate: 1,
            roll: Quarter(1),
            ..Motion::default()
        };
        let accel = ManeuverPlan {
            accel: 2,
            ..ManeuverPlan::default()
        };
        assert_eq!(check_plan(&rolling, &accel, &c, 99, None), Ok(()));
        assert_eq!(
            check_plan(&rolling, &pivot, &c, 99, None),
            Err(ManeuverError::PivotWhileRolled)
        );
    }

    /// §5.4.2.4: no pivot/roll while tumbled; no tumble while rolling unless level; no
    /// acceleration while tumbled in 2-D unless level.
    #[test]
    fn tumble_restrictions() {
        let c = cruiser();
        let tumbled = Motion {
            tumble: Quarter(1),
            ..Motion::default()
        };
        let pivot = ManeuverPlan {
            pivot: 1,
            ..ManeuverPlan::default()
        };
        let roll = ManeuverPlan {
            roll: 1,
            ..ManeuverPlan::default()
        };
        let accel = ManeuverPlan {
            accel: 1,
            ..ManeuverPlan::default()
        };
        let tumble = ManeuverPlan {
            tumble: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(
            check_plan(&tumbled, &pivot, &c, 99, None),
            Err(ManeuverError::RotateWhileTumbled)
        );
        assert_eq!(
            check_plan(&tumbled, &roll, &c, 99, None),
            Err(ManeuverError::RotateWhileTumbled)
        );
        assert_eq!(
            check_plan(&tumbled, &accel, &c, 99, None),
            Err(ManeuverError::AccelerateWhileTumbled)
        );
        let flipped = Motion {
            tumble: Quarter(2),
            ..Motion::default()
        };
        assert_eq!(check_plan(&flipped, &accel, &c, 99, None), Ok(()));
        let rolling = Motion {
            roll: Quarter(1),
            roll_rate: 1,
            ..Motion::default()
        };
        assert_eq!(
            check_plan(&rolling, &tumble, &c, 99, None),
            Err(ManeuverError::TumbleWhileRolling)
        );
        let pivoting = Motion {
            pivot_rate: -1,
            ..Motion::default()
        };
        assert_eq!(check_plan(&pivoting, &tumble, &c, 99, None), Ok(()));
    }

    /// §5.4.2.2: a ship that lost its starboard thrusters stops a clockwise pivot by rolling
    /// 180°, stopping with the port thrusters (now on the other side), and rolling back.
    #[test]
    fn stopping_a_pivot_with_a_180_roll() {
        let c = cruiser();
        let stop = ManeuverPlan {
            pivot: -1,
            ..ManeuverPlan::default()
        };
        let upright = side_demand(&stop, &c, Quarter(0));
        let flipped = side_demand(&stop, &c, Quarter(2));
        assert_eq!((upright.starboard, upright.port), (2, 0));
        assert_eq!((flipped.starboard, flipped.port), (0, 2));
        let r = Readings::default();
        let m = Motion {
            pivot_rate: 1,
            ..Motion::default()
        };
        let t1 = execute(
            &m,
            &ManeuverPlan {
                roll: 2,
                ..ManeuverPlan::default()
            },
            &r,
        );
        assert_eq!((t1.roll, t1.roll_rate), (Quarter(2), 2));
        let t2 = execute(
            &t1,
            &ManeuverPlan {
                roll: -2,
                ..ManeuverPlan::default()
            },
            &r,
        );
        assert_eq!((t2.roll, t2.roll_rate, t2.pivot_rate), (Quarter(2), 0, 1));
        assert_eq!(check_plan(&t2, &stop, &c, 99, None), Ok(()));
        let t3 = execute(&t2, &stop, &r);
        assert_eq!(t3.pivot_rate, 0);
    }

    /// §5.4.2.3: a slide to starboard goes through facing 2 or 3, to port through 6 or 5,
    /// through the opposite thrusters, at the slide cost.
    #[test]
    fn slides() {
        let f1 = Facing::new(1);
        assert_eq!(slide_facing(f1, true, false, Quarter(0)), Facing::new(2));
        assert_eq!(slide_facing(f1, true, true, Quarter(0)), Facing::new(3));
        assert_eq!(slide_facing(f1, false, false, Quarter(0)), Facing::new(6));
        assert_eq!(slide_facing(f1, false, true, Quarter(0)), Facing::new(5));
        assert_eq!(slide_facing(f1, true, false, Quarter(2)), Facing::new(6));
        let frigate = HullClass::Frigate.default_costs();
        let plan = ManeuverPlan {
            slide: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&plan, &frigate), 3);
        assert_eq!(side_demand(&plan, &frigate, Quarter(0)).port, 3);
        let m = execute(&Motion::default(), &plan, &Readings::default());
        assert_eq!(m.velocity, Facing::new(2).unit());
        let man = ManeuverPlan {
            maneuvered_accel: 2,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&man, &frigate), 6);
        assert_eq!(side_demand(&man, &frigate, Quarter(0)).either, 6);
        let tumble = ManeuverPlan {
            tumble: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(side_demand(&tumble, &frigate, Quarter(0)).tumble, 1);
    }

    /// §5.6 example (optional): a frigate may accelerate up to 3, or pivot 3, or accelerate 2
    /// and pivot 1 — the example's 3; the list says 4 (house rule `cinematic_frigate_cap`).
    #[test]
    fn example_5_6_cinematic_frigate() {
        let c = HullClass::Frigate.default_costs();
        let cap = Some(HullClass::Frigate.cinematic_cap(3));
        let m = Motion::default();
        let a3 = ManeuverPlan {
            accel: 3,
            ..ManeuverPlan::default()
        };
        let a2p1 = ManeuverPlan {
            accel: 2,
            pivot: 1,
            ..ManeuverPlan::default()
        };
        let a4 = ManeuverPlan {
            accel: 4,
            ..ManeuverPlan::default()
        };
        assert_eq!(check_plan(&m, &a3, &c, 99, cap), Ok(()));
        assert_eq!(check_plan(&m, &a2p1, &c, 99, cap), Ok(()));
        assert_eq!(
            check_plan(&m, &a4, &c, 99, cap),
            Err(ManeuverError::OverCinematicCap)
        );
        let list = Some(HullClass::Frigate.cinematic_cap(4));
        assert_eq!(check_plan(&m, &a4, &c, 99, list), Ok(()));
        assert_eq!(
            check_plan(&m, &a4, &c, 7, None),
            Err(ManeuverError::OverBudget)
        );
    }

    /// §5.2.2.7 examples (optional partial thrusting), pivot cost 4: 2 thrust on turn 1 pivots
    /// on turns 2, 4, 6; 2 more on turn 2 pivots every turn from turn 2; then 2 opposite on
    /// turn 5 leaves no pivot on turn 6 and pivots on turns 7, 9, 11.
    #[test]
    fn example_5_2_2_7_partial_thrusting() {
        let mut half = PartialRate::default();
        let turns: Vec<i32> = (1..=6)
            .map(|t| half.turn(if t == 1 { 2 } else { 0 }, 4))
            .collect();
        assert_eq!(turns, [0, 1, 0, 1, 0, 1]);
        let mut full = PartialRate::default();
        let thrust = |t: i32| match t {
            1 | 2 => 2,
            5 => -2,
            _ => 0,
        };
        let turns: Vec<i32> = (1..=11).map(|t| full.turn(thrust(t), 4)).collect();
        assert_eq!(turns, [0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1]);
    }

    /// Fair play: turning the map by k facings commutes with a move (side B deploys as side A's
    /// point reflection). Exhaustive over small plans, facings and rotations.
    #[test]
    fn moves_commute_with_map_rotation() {
        let r = Readings::default();
        let turn = |m: &Motion, k: i32| Motion {
            pos: m.pos.rotate_ccw(-k),
            velocity: m.velocity.rotate_ccw(-k),
            facing: m.facing.turned(k),
            ..*m
        };
        for f in 1..=6 {
            for accel in -2..=2 {
                for pivot in -2..=2 {
                    for slide in -1..=1 {
                        for aft in [false, true] {
                            let m = Motion {
                                pos: Hex::new(2, -1),
                                velocity: Hex::new(1, 2),
                                facing: Facing::new(f),
                                pivot_rate: 1,
                                ..Motion::default()
                            };
                            let plan = ManeuverPlan {
                                accel,
                                pivot,
                                slide,
                                slide_aft: aft,
                                ..ManeuverPlan::default()
                            };
                            let after = execute(&m, &plan, &r);
                            for k in 1..6 {
                                assert_eq!(execute(&turn(&m, k), &plan, &r), turn(&after, k));
                            }
                        }
                    }
                }
            }
        }
    }

    /// §5.8.1 example: a non-inertial ship on vector 1+4 turning one facing to starboard
    /// travels along 2+4, for the pivot plus ⌈accel/2⌉ thrust.
    #[test]
    fn example_5_8_1_non_inertial_move() {
        let r = Readings::default();
        let m = Motion {
            velocity: vector::along(Facing::new(1), 4),
            ..Motion::default()
        };
        let plan = ManeuverPlan {
            pivot: 1,
            non_inertial: true,
            ..ManeuverPlan::default()
        };
        let c = HullClass::Cruiser.default_costs();
        assert_eq!(plan_cost(&plan, &c), 2 + 2);
        let n = execute(&m, &plan, &r);
        assert_eq!(
            (n.facing, n.velocity),
            (Facing::new(2), vector::along(Facing::new(2), 4))
        );
        assert_eq!(n.pos, vector::along(Facing::new(2), 4));
        // Without the announcement the pivot goes on but the vector stays.
        let later = execute(&n, &ManeuverPlan::default(), &r);
        assert_eq!((later.facing, later.velocity), (Facing::new(3), n.velocity));
    }

    /// §5.7: 1d10 = 1 starts a random maneuver (1d6: 1–2 pivot, 3–4 roll, 5–6 tumble).
    #[test]
    fn derelict_drift() {
        assert_eq!(derelict_maneuver(2, 1, 1), None);
        assert_eq!(derelict_maneuver(1, 2, 1).map(|p| p.pivot), Some(1));
        assert_eq!(derelict_maneuver(1, 4, 2).map(|p| p.roll), Some(-1));
        assert_eq!(derelict_maneuver(1, 6, 3).map(|p| p.tumble), Some(1));
        // A derelict keeps its vector.
        let m = Motion {
            velocity: Hex::new(2, -1),
            ..Motion::default()
        };
        let n = execute(&m, &ManeuverPlan::default(), &Readings::default());
        assert_eq!((n.pos, n.velocity), (Hex::new(2, -1), Hex::new(2, -1)));
    }

    /// [`coasted`] and [`accelerated`] (the thrust plan's fast path) move exactly as
    /// [`execute`] for every pivot and acceleration from many motions (positions, vectors,
    /// facings, pivot rates, rolls and tumbles), under both thrust orders.
    #[test]
    fn accelerated_moves_as_execute() {
        let mut dice = crate::dice::Dice::for_battle(19, 2, 0);
        let mut next = |n: i32| crate::dice::Roller::below(&mut dice, n as u32) as i32;
        for order in [
            ThrustOrder::RotateThenAccelerate,
            ThrustOrder::AccelerateThenRotate,
        ] {
            let r = Readings {
                thrust_order: order,
                ..Readings::default()
            };
            for _ in 0..2000 {
                let m = Motion {
                    pos: Hex::new(next(41) - 20, next(41) - 20),
                    velocity: Hex::new(next(13) - 6, next(13) - 6),
                    facing: Facing::new(1 + next(6)),
                    pivot_rate: next(3) - 1,
                    roll: Quarter(next(4) as u8),
                    roll_rate: next(3) - 1,
                    tumble: Quarter(next(4) as u8),
                    tumble_rate: next(3) - 1,
                };
                for pivot in -1..=1 {
                    let plan = |accel| ManeuverPlan {
                        pivot,
                        accel,
                        ..ManeuverPlan::default()
                    };
                    let coasting = execute(&m, &plan(0), &r);
                    assert_eq!(coasted(&m, pivot), coasting);
                    for accel in -6..=6 {
                        assert_eq!(
                            accelerated(&m, &coasting, accel, &r),
                            execute(&m, &plan(accel), &r)
                        );
                    }
                }
            }
        }
    }
}
