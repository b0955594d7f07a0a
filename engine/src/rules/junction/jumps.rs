//! "Stuff To Do: Tactical Jumps" and "Stuff To Do: Interdiction": how long a jump keeps a ship
//! out of play (engine type, [`super::design::JumpKind::turns`]), interdiction strength falling
//! off with distance, the effective jump rating and where an arriving ship appears.

use super::hex::{DIRECTIONS, Hex};

/// Interdiction strength `s` felt at distance `d`: one less for every squaring of distance
/// (1, 4, 9, 16, …), i.e. S − ⌊√d⌋, never below 0.
pub fn felt(s: i32, d: i32) -> i32 {
    (s - d.max(0).isqrt()).max(0)
}

/// Effective jump rating of a ship of `rating` at `at`, given every interdicting ship's
/// (position, strength): each point felt lowers the rating by one.
pub fn effective_rating(
    rating: i32,
    at: Hex,
    interdictors: impl Iterator<Item = (Hex, i32)>,
) -> i32 {
    rating
        - interdictors
            .map(|(p, s)| felt(s, p.distance(at)))
            .sum::<i32>()
}

/// A tactical jump needs an effective rating of at least 1.
pub fn can_jump(effective: i32) -> bool {
    effective >= 1
}

/// Where a ship jumping to `dest` appears: the nearest hex to it (rings outward, ring order
/// fixed) where `ok` holds ("the nearest hex to their destination where their effective Jump
/// rating would be one or higher"); `None` beyond `max_radius`.
pub fn arrival(dest: Hex, max_radius: i32, ok: impl Fn(Hex) -> bool) -> Option<Hex> {
    if ok(dest) {
        return Some(dest);
    }
    for r in 1..=max_radius {
        // Walk ring r: start r steps along direction 4, then r steps along each direction.
        let mut h = dest.add(DIRECTIONS[4].scale(r));
        for dir in DIRECTIONS {
            for _ in 0..r {
                if ok(h) {
                    return Some(h);
                }
                h = h.add(dir);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 14: interdiction S − ⌊√d⌋. S = 3: d 0 → 3; d 1–3 → 2; d 4–8 → 1;
    /// d ≥ 9 → 0. A ship with jump rating 2 at d = 4 from an S = 3 interdictor: effective
    /// rating 1 → can jump; at d = 1 → 0 → cannot.
    #[test]
    fn vector_14_interdiction() {
        assert_eq!(felt(3, 0), 3);
        for d in 1..=3 {
            assert_eq!(felt(3, d), 2);
        }
        for d in 4..=8 {
            assert_eq!(felt(3, d), 1);
        }
        for d in [9, 15, 16, 100] {
            assert_eq!(felt(3, d), 0);
        }
        let interdictor = Hex::new(0, 0);
        let at4 = effective_rating(2, Hex::new(4, 0), [(interdictor, 3)].into_iter());
        assert_eq!(at4, 1);
        assert!(can_jump(at4));
        let at1 = effective_rating(2, Hex::new(1, 0), [(interdictor, 3)].into_iter());
        assert_eq!(at1, 0);
        assert!(!can_jump(at1));
    }

    #[test]
    fn arrival_moves_out_of_the_interdicted_zone() {
        let i = Hex::new(0, 0);
        let ok = |h: Hex| can_jump(effective_rating(2, h, [(i, 3)].into_iter()));
        // Rating 2 needs felt ≤ 1: distance ≥ 4.
        let a = arrival(Hex::new(1, 0), 10, ok).unwrap();
        assert_eq!(a.distance(i), 4);
        assert_eq!(a.distance(Hex::new(1, 0)), 3);
        assert_eq!(arrival(Hex::new(9, 0), 10, ok), Some(Hex::new(9, 0)));
        assert_eq!(arrival(Hex::new(0, 0), 1, ok), None);
    }
}
