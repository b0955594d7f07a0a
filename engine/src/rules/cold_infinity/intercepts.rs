//! §11.1.6 guided-weapon intercepts and §11.5 specialized defences (anti-missile rockets, chaff,
//! flares): the to-hit modifiers, as pure functions. Guided weapons themselves (§9) are a later
//! step; these are the numbers an intercept roll and a guided hit roll need.

use super::design::{RangeRating, WeaponDesign};
use super::fire::hit_roll::range_penalty;
use super::fire::readings::RangeZero;

/// The range an intercept attempt counts (§11.1.6): the first at min(4, range to the launch
/// hex), the second at min(2, …), the third and fourth at 1. `attempt` counts from 1.
pub const fn intercept_range(attempt: u8, range_to_launch: u16) -> u16 {
    let cap = match attempt {
        0 | 1 => 4,
        2 => 2,
        _ => 1,
    };
    if range_to_launch < cap {
        range_to_launch
    } else {
        cap
    }
}

/// How many intercept attempts a weapon may make (§11.1.6): more than one only with RoF 2+0 or
/// better, at most four (the ranges the rule gives).
pub const fn intercept_attempts(w: &WeaponDesign) -> u8 {
    if w.rof.arming == 0 && w.rof.shots >= 2 {
        if w.rof.shots < 4 { w.rof.shots } else { 4 }
    } else {
        1
    }
}

/// The DRM of an intercept attempt (§11.1.6): silhouette 0 and 0 sections (so signed accuracy
/// adds nothing), minus the guided weapon's own amplification (+2 for missiles) and its
/// launcher's accuracy bonus, plus the interceptor's amplification and accuracy number, less
/// its range penalty (doubled if its shroud does not reach the launch hex). The attacker's ECM
/// does not apply.
#[allow(clippy::too_many_arguments)]
pub fn intercept_drm(
    interceptor_accuracy: i8,
    interceptor_range: RangeRating,
    interceptor_amplification: i16,
    shroud_reaches_launch: bool,
    attempt: u8,
    range_to_launch: u16,
    missile_amplification: i16,
    launcher_accuracy: i16,
) -> i16 {
    let range = intercept_range(attempt, range_to_launch);
    let penalty = range_penalty(
        interceptor_range,
        range,
        shroud_reaches_launch,
        RangeZero::MinusOne,
    );
    i16::from(interceptor_accuracy) + interceptor_amplification
        - penalty
        - missile_amplification
        - launcher_accuracy
}

/// The DRM of an anti-missile rocket salvo (§11.5.1): rolled like an intercept with no range
/// penalty, no amplification and accuracy 0.
pub const fn amrs_drm(missile_amplification: i16, launcher_accuracy: i16) -> i16 {
    -missile_amplification - launcher_accuracy
}

/// Chaff's penalty on every guided weapon aimed into the deploying unit's hex (§11.5.2): its
/// Rating, at most 4.
pub const fn chaff_penalty(rating: u8) -> i16 {
    if rating > 4 { 4 } else { rating as i16 }
}

/// A flare's penalty on one guided weapon (§11.5.3): its Rating in steps of 2, at most 6.
pub const fn flare_penalty(rating: u8) -> i16 {
    let r = rating - rating % 2;
    if r > 6 { 6 } else { r as i16 }
}

#[cfg(test)]
mod tests {
    use super::super::design::fixtures::railgun;
    use super::*;

    /// §11.1.6: first attempt at min(4, launch range), second at 2, third and fourth at 1.
    #[test]
    fn intercept_ranges() {
        assert_eq!(intercept_range(1, 9), 4);
        assert_eq!(intercept_range(1, 3), 3);
        assert_eq!(intercept_range(2, 9), 2);
        assert_eq!(intercept_range(2, 1), 1);
        assert_eq!(intercept_range(3, 9), 1);
        assert_eq!(intercept_range(4, 9), 1);
        // The Reaper railgun (RoF 3+0) may try three times.
        assert_eq!(intercept_attempts(&railgun()), 3);
    }

    /// §11.1.6: a railgun (+3, −1/2) with 1 amplification intercepting a missile (+2, launcher
    /// +3) launched 9 hexes away: +3 + 1 − 2 − 2 − 3 = −3; without a shroud on the launch hex
    /// the range penalty doubles (−5). Second attempt at range 2: −2.
    #[test]
    fn intercept_modifiers() {
        let r = RangeRating { per: 1, hexes: 2 };
        assert_eq!(intercept_drm(3, r, 1, true, 1, 9, 2, 3), -3);
        assert_eq!(intercept_drm(3, r, 1, false, 1, 9, 2, 3), -5);
        assert_eq!(intercept_drm(3, r, 1, true, 2, 9, 2, 3), -2);
        assert_eq!(amrs_drm(2, 3), -5);
    }

    /// §11.5.2–3: chaff −1..−4, flares −2..−6 in steps of 2.
    #[test]
    fn chaff_and_flares() {
        assert_eq!(chaff_penalty(3), 3);
        assert_eq!(chaff_penalty(9), 4);
        assert_eq!(flare_penalty(2), 2);
        assert_eq!(flare_penalty(5), 4);
        assert_eq!(flare_penalty(8), 6);
    }
}
