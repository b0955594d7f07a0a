//! Small-vessel movement (§5.5, D6.2; fighters and shuttles are the digest's "Later" list —
//! these are the movement rules only): thrusters are abstract, every hex of speed change and
//! every maneuver costs 1, a maneuver is paid once when it starts and stopped for free; no
//! overthrust and no power-to-thrust conversion. Fighters may also make one snap maneuver after
//! all movement (§5.5.1) and fly evasively (§5.5.2).

use super::maneuvers::{ManeuverPlan, Motion};
use super::thrust::ThrustCosts;

/// Small-vessel thrust costs (§5.5): 1 for everything.
pub const SMALL_VESSEL_COSTS: ThrustCosts = ThrustCosts {
    accel: 1,
    pivot: 1,
    roll: 1,
    slide: 1,
};

/// Thrust to change a continuing rate from `old` to `old + change` (§5.5): only the part that
/// starts or speeds up a rotation is paid; slowing or stopping is free (reversing = stop free,
/// then pay the new rate).
const fn rate_cost(old: i32, change: i32) -> i32 {
    let new = old + change;
    if old == 0 || (old > 0) != (new > 0) || new == 0 {
        new.abs()
    } else if new.abs() > old.abs() {
        new.abs() - old.abs()
    } else {
        0
    }
}

/// Thrust a small vessel's plan costs (§5.5).
pub const fn plan_cost(m: &Motion, plan: &ManeuverPlan) -> i32 {
    rate_cost(m.pivot_rate, plan.pivot)
        + rate_cost(m.roll_rate, plan.roll)
        + rate_cost(m.tumble_rate, plan.tumble)
        + plan.accel.abs()
        + plan.maneuvered_accel.abs()
        + plan.slide.abs()
}

/// Whether a fighter can afford its snap maneuver (§5.5.1: one pivot, roll or tumble after all
/// movement, from the thrust left; shuttles cannot).
pub const fn can_snap(is_fighter: bool, thrust_left: i32) -> bool {
    is_fighter && thrust_left >= 1
}

/// Evasive maneuvers (§5.5.2): each level costs every fighter of the group 1 thrust; the most a
/// fighter may fly is `cap` (4 unless bought higher). Returns the levels it can fly.
pub const fn evasive_levels(wanted: i32, thrust: i32, cap: i32) -> i32 {
    let mut l = wanted;
    if l > cap {
        l = cap;
    }
    if l > thrust {
        l = thrust;
    }
    if l < 0 { 0 } else { l }
}

/// The to-hit DRM evasion gives against fire at the fighters (§5.5.2): −1 per level, except
/// that units more than 10 hexes away may ignore it.
pub const fn evasive_drm_against(levels: i32, range: i32) -> i32 {
    if range > 10 { 0 } else { -levels }
}

/// The fighters' own to-hit DRM for flying evasively (§5.5.2): −1 per level.
pub const fn evasive_drm_own(levels: i32) -> i32 {
    -levels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §5.5: a maneuver is paid once when it starts and stopped for free.
    #[test]
    fn maneuvers_paid_once_stopped_free() {
        let still = Motion::default();
        let start = ManeuverPlan {
            pivot: 2,
            accel: 3,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&still, &start), 5);
        let spinning = Motion {
            pivot_rate: 2,
            ..Motion::default()
        };
        let stop = ManeuverPlan {
            pivot: -2,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&spinning, &stop), 0);
        let faster = ManeuverPlan {
            pivot: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&spinning, &faster), 1);
        let reverse = ManeuverPlan {
            pivot: -3,
            ..ManeuverPlan::default()
        };
        assert_eq!(plan_cost(&spinning, &reverse), 1);
        assert_eq!(SMALL_VESSEL_COSTS.slide, 1);
    }

    /// §5.5.1–5.5.2: snaps need a thrust point left; evasion up to 4 levels, paid in thrust,
    /// −1 per level against fire from within 10 hexes and on the fighters' own shots.
    #[test]
    fn snap_and_evasion() {
        assert!(can_snap(true, 1));
        assert!(!can_snap(true, 0));
        assert!(!can_snap(false, 5));
        assert_eq!(evasive_levels(6, 10, 4), 4);
        assert_eq!(evasive_levels(3, 2, 4), 2);
        assert_eq!(evasive_drm_against(3, 10), -3);
        assert_eq!(evasive_drm_against(3, 11), 0);
        assert_eq!(evasive_drm_own(2), -2);
    }
}
