//! The distance a stand-off ship keeps from an enemy that out-accelerates it (issue 17,
//! session 31: "the missile boat cannot keep its range"). The keep-distance burn
//! (`battle/maneuver.rs`, `best_burn`) scores burns against the enemy's marker as if the
//! enemy coasts, so a missile boat deployed beyond its kept distance burns *toward* a battle
//! line at rest on turn 1 — and the battle line, faster (gunship thrust 4 and Engineering
//! +1 against the missile cruiser's 2), then closes on it at up to 5 hexes a turn more. A
//! player who is outpaced does not give away the distance he has: beyond his kept distance
//! he holds it (the burn then only answers the enemy's closing), inside it he backs off as
//! before. A pure function; the battle code gathers its inputs.
//!
//! Text: seed 004 "Maneuver Phase" (a ship changes its vector by up to its acceleration
//! rating each turn; the burn is the player's choice) — a policy setting
//! (`hold_when_outpaced`), not a house rule.

/// The distance a ship keeps this turn: its policy's `keep`, or — when it is farther than
/// that from the enemy it steers by (`distance`) and that enemy's acceleration rating
/// (`enemy_acceleration`, what it can change its vector by this turn) is greater than its
/// own (`own_acceleration`) — the distance it has.
pub fn kept_when_outpaced(
    keep: i32,
    distance: i32,
    own_acceleration: i32,
    enemy_acceleration: i32,
) -> i32 {
    if distance > keep && enemy_acceleration > own_acceleration {
        distance
    } else {
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference opening: the missile cruiser (thrust 2) 18 hexes from the gunship
    /// (thrust 4, +1 Engineering) keeps 16. The old burn closed to 16; outpaced, it holds 18.
    #[test]
    fn an_outpaced_missile_boat_does_not_close_in_from_beyond_its_distance() {
        assert_eq!(kept_when_outpaced(16, 18, 2, 5), 18);
    }

    /// Inside its distance it backs off to it as before; against a slower or equally fast
    /// enemy it closes to its distance as before.
    #[test]
    fn inside_its_distance_or_not_outpaced_it_keeps_its_own() {
        assert_eq!(kept_when_outpaced(16, 12, 2, 5), 16);
        assert_eq!(kept_when_outpaced(16, 16, 2, 5), 16);
        assert_eq!(kept_when_outpaced(16, 18, 3, 3), 16);
        assert_eq!(kept_when_outpaced(16, 18, 4, 2), 16);
    }
}
