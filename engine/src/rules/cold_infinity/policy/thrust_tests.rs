//! Tests of the thrust plan: the straight readings it is checked against and the cases.

use super::*;

/// 6 if the main weapon does not bear on `target` after the move, else 0: the straight
/// reading, the specification [`MainArc::penalty`] (what [`thrust_plan`] uses: the arc looked
/// up once per pivot) is tested against (`main_arc_answers_as_the_arc_penalty`).
fn plan_arc_penalty(
    next: &Motion,
    target: Hex,
    main: Option<&Mount>,
    (geometry, rotated): (&ArcGeometry, RotatedArcs),
) -> i32 {
    let bears = main.is_none_or(|m| {
        super::super::super::arcs::can_bear(
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
/// allow, in order, moved by [`execute`](super::super::super::movement::maneuvers::execute), scored
/// [`plan_base`] + [`TURN_WEIGHT`] × the pivot's [`thrust_misalignment`] + [`plan_arc_penalty`];
/// the k-th of the best (k by dice).
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
    readings: &super::super::super::movement::Readings,
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
        let coasting = super::super::super::movement::maneuvers::execute(
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
            let next = super::super::super::movement::maneuvers::execute(own, &plan, readings);
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

/// The thrust plan's arc test, looked up once per pivot ([`MainArc`]), answers as
/// [`plan_arc_penalty`] (`can_bear` per candidate) over random motions, arcs, targets near
/// and beyond the in-arc table, both geometries and both `rotated_arcs` readings.
#[test]
fn main_arc_answers_as_the_arc_penalty() {
    use super::super::super::arcs::{ArcShape, FiringArc};
    use super::super::super::design::fixtures::railgun;
    use super::super::super::geometry::{ArcCentre, Facing};
    use super::super::super::movement::Quarter;
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
    use super::super::super::geometry::Facing;
    use super::super::super::movement::readings::Readings;
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
/// limits (channels, budgets, rates), targets near and far, arcs, both geometries, both
/// `rotated_arcs` readings and both thrust orders.
#[test]
fn thrust_plan_answers_as_the_straight_reading() {
    use super::super::super::arcs::{ArcShape, FiringArc};
    use super::super::super::design::fixtures::railgun;
    use super::super::super::geometry::{ArcCentre, Facing};
    use super::super::super::movement::Quarter;
    let mut dice = crate::dice::Dice::for_battle(19, 6, 0);
    let mut next = |n: i32| Roller::below(&mut dice, n as u32) as i32;
    let shapes = [
        ArcShape::Fixed,
        ArcShape::Narrow,
        ArcShape::Standard,
        ArcShape::Wide,
        ArcShape::Turret,
    ];
    use super::super::super::movement::readings::ThrustOrder;
    let mut moved = 0u32;
    for case in 0..20_000u64 {
        // Both thrust orders (the step an acceleration adds follows the new facing or the old).
        let readings = super::super::super::movement::Readings {
            thrust_order: [
                ThrustOrder::RotateThenAccelerate,
                ThrustOrder::AccelerateThenRotate,
            ][next(2) as usize],
            ..Default::default()
        };
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

/// The brawler's arc term shares the main weapon's 6 over its mounts, rounded up: all bearing
/// 0, none 6, and each mount brought to bear counts.
#[test]
fn mounts_penalty_shares_the_six() {
    assert_eq!(mounts_penalty(0, 4), 0);
    assert_eq!(mounts_penalty(1, 4), 2);
    assert_eq!(mounts_penalty(2, 4), 3);
    assert_eq!(mounts_penalty(3, 4), 5);
    assert_eq!(mounts_penalty(4, 4), 6);
    assert_eq!(mounts_penalty(1, 1), 6);
    assert_eq!(mounts_penalty(0, 0), 0);
}

/// Steering by the most mounts with one mount (or with a mask that leaves only one) chooses
/// as steering by that mount as the main weapon, and rolls the same dice, over random
/// motions, costs, limits, targets and arcs; with no mount at all, as [`thrust_plan`] without
/// a main weapon.
#[test]
fn most_mounts_of_one_answers_as_the_main_weapon() {
    use super::super::super::arcs::{ArcShape, FiringArc};
    use super::super::super::design::fixtures::railgun;
    use super::super::super::geometry::{ArcCentre, Facing};
    let mut dice = crate::dice::Dice::for_battle(23, 6, 0);
    let mut next = |n: i32| Roller::below(&mut dice, n as u32) as i32;
    let readings = super::super::super::movement::Readings::default();
    for case in 0..3_000u64 {
        let arc = |c: i32, s: i32| FiringArc {
            centre: ArcCentre::from_steps(c),
            shape: [ArcShape::Narrow, ArcShape::Standard, ArcShape::Wide][s as usize],
            keel: false,
        };
        let mounts = [
            Mount {
                sys: 0,
                weapon: railgun(),
                arc: arc(next(12), next(3)),
            },
            Mount {
                sys: 1,
                weapon: railgun(),
                arc: arc(next(12), next(3)),
            },
        ];
        let own = Motion {
            pos: Hex::new(next(41) - 20, next(41) - 20),
            velocity: Hex::new(next(9) - 4, next(9) - 4),
            facing: Facing::new(1 + next(6)),
            pivot_rate: next(3) - 1,
            ..Motion::default()
        };
        let costs = ThrustCosts {
            accel: 1 + next(3),
            pivot: next(3),
            roll: 1,
            slide: 3,
        };
        let limits = ThrustLimits {
            budget: next(12),
            forward: next(10),
            backward: next(10),
            rotation: next(4),
        };
        let target = own.pos.add(Hex::new(next(31) - 15, next(31) - 15));
        let aim = (target, Hex::new(next(5) - 2, next(5) - 2));
        let keep = next(12);
        let arcs = (&ArcGeometry::DIGEST, RotatedArcs::AsIfLevel);
        let k = next(2) as usize;
        let plan = |steering: Steering<'_>, seed: u64| {
            let mut d = crate::dice::Dice::for_battle(7, seed, 0);
            let p = thrust_plan_steered(
                &own, &costs, limits, keep, aim, steering, arcs, &readings, &mut d,
            );
            (p, Roller::below(&mut d, 1000))
        };
        assert_eq!(
            plan(Steering::Mounts(&mounts, 1 << k), case),
            plan(Steering::Main(Some(&mounts[k])), case),
            "case {case}"
        );
        assert_eq!(
            plan(Steering::Mounts(&mounts, 0), case),
            plan(Steering::Main(None), case),
            "case {case}: no mount"
        );
    }
}

/// The plan's candidates carry no padding, so their array starts as one `memset` (a store per
/// field of each of the 39 was about 1 KB of hot code on every plan).
#[test]
fn candidate_has_no_padding() {
    assert_eq!(std::mem::size_of::<Candidate>(), 2 + 2 + 8 + 4 + 4);
}
