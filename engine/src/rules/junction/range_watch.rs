//! Reading an enemy's style from across the table (issue 17, `brawler-v7`): does this enemy
//! ship hold its range (a missile boat keeping its stand-off distance), or is it coming?
//!
//! `brawler-v6`'s kinetic guard (`battle/maneuver.rs`, `guarded_burn`) took away what the
//! search player read against a missile boat, but made the battle line wait at the edge of the
//! kinetic band against enemies that close in anyway, so it fought at their missile range
//! instead of its own gun range (docs/configs.md, "`brawler-v6`"). A player tells the two
//! styles apart by watching the enemy's ships move — not by knowing their orders — and guards
//! only against the one that keeps its distance. A pure function of what the player sees; the
//! battle code gathers its inputs (the enemy's hex before its last move, its hex, its marker).
//!
//! Text: seed 004 "Ship Maneuver" (every ship's vector and future position indicator are on
//! the table: a player sees where each enemy came from and where it will coast to). The text
//! leaves reading the enemy to the player; `kinetic_guard_closing` is a policy setting, not a
//! house rule.

/// How a player reads the enemy's moves (`brawler-v7`'s settings: `kinetic_guard_closing`,
/// `kinetic_guard_from`, `kinetic_guard_beyond`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The most hexes a turn an enemy's own moves may close on the ship for it to count as
    /// holding its range.
    pub max_closing: u32,
    /// The first turn on which an enemy can be read at all (2: it has made one move; on the
    /// first turn every ship is at rest and nothing has been seen).
    pub from_turn: u32,
    /// An enemy this near (hexes) or nearer is in the fight, not holding a range: it is not
    /// read as holding (0: at any distance).
    pub beyond: u32,
}

/// Whether an enemy ship holds its range against the watching ship on turn `turn`: measured
/// from the watching ship's own hex (so only the enemy's motion counts, not the watcher's),
/// the enemy's last move brought it at most `max_closing` hexes nearer (`was` − `now`, `was`
/// the distance to its hex before that move, `now` to its hex) and its marker — where it will
/// be if it coasts — is at most `max_closing` hexes nearer still (`now` − `next`); from turn
/// `from_turn` on (before it, nothing has been seen) and only while it is more than `beyond`
/// hexes away. A ship that burns towards the watcher faster than `max_closing` hexes a turn
/// is coming. `brawler-v7`'s reading is `policy::V7_READING`: a missile boat settling on its
/// stand-off distance drifts in by a hex or two a turn, a brawler coming to its gun range
/// closes at its acceleration (3–5).
pub fn holds_its_range(was: i32, now: i32, next: i32, turn: u32, r: Reading) -> bool {
    let c = r.max_closing as i32;
    turn >= r.from_turn && now > r.beyond as i32 && was - now <= c && now - next <= c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reading that closes by up to `c` a turn, from the first turn, at any distance.
    const fn at(c: u32) -> Reading {
        Reading {
            max_closing: c,
            from_turn: 1,
            beyond: 0,
        }
    }

    /// The strike group's missile boat at its stand-off distance (16 hexes) backing off a
    /// hex a turn while the battle line comes in: it holds its range.
    #[test]
    fn a_missile_boat_backing_off_holds_its_range() {
        assert!(holds_its_range(16, 17, 18, 3, at(1)));
        // At rest (nothing seen to close): holding.
        assert!(holds_its_range(18, 18, 18, 3, at(1)));
        // Settling on its distance, drifting in 2 hexes a turn: holding at 2, not at 1.
        assert!(holds_its_range(18, 16, 14, 3, at(2)));
        assert!(!holds_its_range(18, 16, 14, 3, at(1)));
    }

    /// A brawler that burned 3 hexes a turn towards the watcher is coming, whatever the
    /// watcher itself does (the distances are to the watcher's hex).
    #[test]
    fn a_closing_brawler_does_not_hold_its_range() {
        assert!(!holds_its_range(18, 15, 12, 3, at(2)));
        // It braked to a stop after coming in: its last move still closed by 3.
        assert!(!holds_its_range(15, 12, 12, 3, at(2)));
        // Just starting to burn in: its marker closes by 3.
        assert!(!holds_its_range(18, 18, 15, 3, at(2)));
        // With a looser reading (3 hexes a turn) the same brawler counts as holding.
        assert!(holds_its_range(18, 15, 12, 3, at(3)));
    }

    /// Nothing is read before `from_turn` (on the first turn every ship is at rest), nor
    /// within `beyond` hexes (a brawler sitting at its gun range is fighting, not holding).
    #[test]
    fn no_reading_before_a_move_or_inside_the_fight() {
        let r = Reading {
            from_turn: 2,
            beyond: 6,
            ..at(2)
        };
        assert!(!holds_its_range(18, 18, 18, 1, r));
        assert!(holds_its_range(18, 18, 18, 2, r));
        assert!(!holds_its_range(3, 3, 3, 5, r));
        assert!(holds_its_range(7, 7, 7, 5, r));
    }
}
