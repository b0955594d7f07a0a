//! The players' guided-weapon decisions (D17, §9, §11.1.6), each a small named function the
//! battle (`battle/guided.rs`) asks; ties always go to the battle's dice, never to an index.
//!
//! * **Launch** ([`launch_value`], [`reaches`], [`worth_launching`]): every rack that may
//!   launch fires at the enemy where a missile's expected damage is largest — not at one the
//!   missile cannot reach before its maximum range runs out (the target's position after one
//!   more turn on its vector, measured from the launch hex, must be within the maximum range),
//!   and not at a wreck (expected guided damage already aimed at it this turn ≥ its hull left).
//!   A rack fires all the missiles its RoF allows in one turn (a salvo: the defender's
//!   intercepts are spread over more weapons than a dribble's).
//! * **Intercepts** ([`intercept_gain`], [`intercept_more`]): the weapons that hold fire and
//!   are not on defensive fire are spread over the guided weapons arriving at their side this
//!   phase, one at a time, each where its attempts save the most expected damage (the
//!   weapon's expected damage × its chance to survive the attempts already assigned × the
//!   chance these attempts stop it), ties by the battle's dice; a guided weapon whose chance to
//!   survive is at or below [`INTERCEPT_ENOUGH`] takes no more (the rest stay free and
//!   powered).
//! * **Torpedo power** ([`power_torpedo`]): a torpedo system is powered after the guns whenever
//!   the reactor has its requirement left.
//! * **Reload** ([`reload_into`]): each reload-rack operation fills the rack with most room.
//! * **Range** ([`carrier_keep`]): the `missile-carrier` preset keeps at its racks' launch range
//!   (the shortest rack's, less one hex for the target's move) instead of its guns' band.

use super::fire::hit_roll::hit_ways;
use super::guided::mount::RackMount;
use super::guided::types::Munition;
use super::policy::{Policy, shot_value};

/// Intercepts stop being assigned to a guided weapon once its chance to survive them is at or
/// below this (a quarter).
pub const INTERCEPT_ENOUGH: f64 = 0.25;

/// Expected damage of one missile at to-hit DRM `drm` against a section with `armor` (Matter
/// ignores armor: the caller passes the armor the technology meets).
pub fn launch_value(m: &Munition, drm: i16, armor: u16) -> f64 {
    shot_value(&m.as_weapon(), drm, armor)
}

/// Whether to power a torpedo system needing `power` with `left` after the guns (§3.2,
/// §17.2.2): whenever the reactor has it.
pub const fn power_torpedo(power: u8, left: i32) -> bool {
    power as i32 <= left
}

/// Which missile rack a reload rack's next missile goes into (§9.2.4), of `rooms` (rack,
/// type index, room left): the one with most room — a missile in a reload rack cannot be
/// launched, one in a rack can, so every operation that has a rack to fill pays; ties by
/// `tie` (the battle's dice, given how many tie). `None` when no rack has room.
pub fn reload_into(rooms: &[(usize, u8, u16)], tie: impl FnOnce(u32) -> u32) -> Option<usize> {
    let most = rooms.iter().map(|r| r.2).max()?;
    let ties = rooms.iter().filter(|r| r.2 == most).count() as u32;
    let pick = if ties == 1 { 0 } else { tie(ties) as usize };
    rooms
        .iter()
        .enumerate()
        .filter(|(_, r)| r.2 == most)
        .nth(pick)
        .map(|(k, _)| k)
}

/// Whether a missile of maximum range `max_range` launched now reaches a target that will be
/// `predicted` hexes from the launch hex after its next move (§9.0, §9.1).
pub const fn reaches(max_range: u16, predicted: u16) -> bool {
    predicted <= max_range
}

/// Whether a launch is worth it: it can hit, and the target is no wreck already covered by
/// this turn's launches.
pub fn worth_launching(value: f64, aimed: f64, hull_left: f64) -> bool {
    value > 0.0 && aimed < hull_left
}

/// Whether one more weapon should intercept a guided weapon whose chance to survive the
/// attempts already assigned is `survival`.
pub fn intercept_more(survival: f64) -> bool {
    survival > INTERCEPT_ENOUGH
}

/// The expected damage saved by assigning attempts that a guided weapon survives with chance
/// `offer` to one of expected damage `value` that survives those already assigned with chance
/// `survival`; nothing once it is unlikely enough to survive ([`intercept_more`]).
pub fn intercept_gain(value: f64, survival: f64, offer: f64) -> f64 {
    if intercept_more(survival) {
        value * survival * (1.0 - offer)
    } else {
        0.0
    }
}

/// The chance that a guided weapon survives one intercept attempt at `drm` (§11.1.6: it is
/// destroyed on 3d6 + DRM ≥ 11).
pub fn survives(drm: i16) -> f64 {
    f64::from(216 - hit_ways(drm)) / 216.0
}

/// The range a missile carrier keeps: its racks' shortest launch range less one hex; `None`
/// for any other preset, or a design without racks.
pub fn carrier_keep(p: &Policy, racks: &[RackMount]) -> Option<i32> {
    if !p.carrier {
        return None;
    }
    let shortest = racks.iter().map(|r| r.longest_launch_range()).min()?;
    Some(i32::from(shortest).saturating_sub(1).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::design::DamageDice;

    /// A missile that cannot reach is not launched; a wreck is not shot at; intercepts stop at
    /// a quarter's survival.
    #[test]
    fn launch_and_intercept_decisions() {
        assert!(reaches(20, 20));
        assert!(!reaches(20, 21));
        let m = Munition::missile(DamageDice::new(2, 6, 0), 10, 2);
        // +6: 3d6 + 6 ≥ 11 → 5+ on 3d6: 212 of 216; mean 7 (Matter: armor 0).
        let v = launch_value(&m, 6, 0);
        assert!((v - 212.0 / 216.0 * 7.0).abs() < 1e-12, "{v}");
        assert!(worth_launching(v, 0.0, 10.0));
        assert!(!worth_launching(v, 10.0, 10.0));
        assert!(!worth_launching(0.0, 0.0, 10.0));
        assert!(intercept_more(0.3));
        assert!(!intercept_more(0.25));
        assert!((survives(-3) - 181.0 / 216.0).abs() < 1e-12);
    }

    /// Two missiles of 7 expected points, two interceptors that each stop one half the time:
    /// the first saves 3.5 on either; the second then saves 3.5 on the other missile but only
    /// 1.75 on the first — one each (all on the first missile would save 5.25, not 7).
    #[test]
    fn intercepts_spread_by_value() {
        assert_eq!(intercept_gain(7.0, 1.0, 0.5), 3.5);
        assert_eq!(intercept_gain(7.0, 0.5, 0.5), 1.75);
        assert!(intercept_gain(7.0, 1.0, 0.5) > intercept_gain(7.0, 0.5, 0.5));
        // A missile already likely stopped takes nothing more; one that cannot hit, nothing.
        assert_eq!(intercept_gain(7.0, 0.25, 0.5), 0.0);
        assert_eq!(intercept_gain(0.0, 1.0, 0.5), 0.0);
    }
}
