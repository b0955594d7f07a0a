//! Line of sight between ships (seed 001, "Line of Sight (Ships)"; digest §2.2): "Draw a line
//! from the center of the hex your ship is in to the center of your target's hex ... If the
//! line passes through (not just along, but through) a hex that contains an asteroid or larger
//! object, line of sight is blocked. Starbases, ships, fighters, missiles, spacewalkers do not
//! block line of sight."

use super::hex::{Hex, passes_through};

/// Whether the line from `from` to `to` is clear of every blocking hex (asteroids, moons,
/// planets, stars) in `blockers`. Ships never block, so they are never in the list.
pub fn clear(from: Hex, to: Hex, blockers: &[Hex]) -> bool {
    !blockers.iter().any(|&h| passes_through(from, to, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_asteroid_on_the_line_blocks() {
        assert!(!clear(Hex::new(0, 0), Hex::new(4, 0), &[Hex::new(2, 0)]));
        assert!(clear(Hex::new(0, 0), Hex::new(4, 0), &[Hex::new(2, -1)]));
        assert!(clear(Hex::new(0, 0), Hex::new(4, 0), &[]));
    }

    #[test]
    fn an_asteroid_along_the_line_does_not_block() {
        // "not just along, but through": the line (0,0)→(2,-1) runs along the edge between
        // (1,0) and (1,-1); asteroids in both do not block it.
        assert!(clear(
            Hex::new(0, 0),
            Hex::new(2, -1),
            &[Hex::new(1, 0), Hex::new(1, -1)]
        ));
    }

    #[test]
    fn asteroids_in_the_end_hexes_do_not_block() {
        assert!(clear(
            Hex::new(0, 0),
            Hex::new(3, 0),
            &[Hex::new(0, 0), Hex::new(3, 0)]
        ));
    }
}
