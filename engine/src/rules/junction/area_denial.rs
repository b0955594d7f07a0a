//! Macron Area Denial ("Direct Fire Attacks", Macron Guns): a secondary attack mode that marks
//! as many connected hexes as the gun's Area Denial stat, all within twice its Probable Hit
//! range; in the following maneuver phase any ship or guided weapon passing through a marked
//! hex takes a guaranteed hit of the gun's Attack Power divided by the hexes marked, ignoring
//! ECM. Movers are immune on their starting hex, may skip marks closer to their start than
//! half their speed, and always take the hit when they end their move on a mark.

use super::hex::{DIRECTIONS, Hex, passes_through, round_axial};

/// One marked hex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The hex.
    pub hex: Hex,
    /// Attack Power of the hit it deals (the gun's AP over the hexes marked).
    pub ap: f64,
    /// The ship whose gun marked it.
    pub owner: u8,
}

/// Attack Power per marked hex: the gun's AP divided by the number of hexes marked.
pub fn ap_per_hex(ap: f64, hexes: u32) -> f64 {
    ap / f64::from(hexes.max(1))
}

/// Whether a mover going `from → to` in one maneuver phase takes the hit of a mark on `hex`.
pub fn hurts(from: Hex, to: Hex, hex: Hex) -> bool {
    if hex == to {
        return true;
    }
    if hex == from {
        return false;
    }
    let speed = from.distance(to);
    let near = from.distance(hex);
    // "Placed closer to their current position than half their total speed": skipped. A hex
    // off the line by more than the rounding allows is never crossed (cheap early out).
    if 2 * near < speed || near + hex.distance(to) > speed + 1 {
        return false;
    }
    passes_through(from, to, hex)
}

/// The policy's marks against a target about to move `pos → pos + vel`: `n` connected hexes
/// along that path, ending on its future-position marker (continuing past it when the path is
/// shorter than `n`; around its hex when it coasts at rest). `None` when any of them is farther
/// than `reach` (twice the Probable Hit range) from the shooter at `gun`.
pub fn aim(gun: Hex, pos: Hex, vel: Hex, n: u8, reach: i32, out: &mut [Hex; 16]) -> Option<usize> {
    // The future-position marker is always one of the marks (test
    // `aim_always_marks_the_future_position`): out of reach, so is the aim.
    if gun.distance(pos.add(vel)) > reach {
        return None;
    }
    let n = usize::from(n).clamp(1, out.len());
    let len = vel.length();
    if len == 0 {
        out[0] = pos;
        for k in 1..n {
            out[k] = pos.add(DIRECTIONS[(k - 1) % 6].scale(1 + (k as i32 - 1) / 6));
        }
    } else {
        // Steps k along the line; the last n of 1..=len, or 1..=n when the path is shorter.
        let first = if len as usize >= n {
            len as usize - n + 1
        } else {
            1
        };
        for (slot, k) in (first..first + n).enumerate() {
            let t = k as f64 / f64::from(len);
            // Rounded relative to the target's hex with no nudge (rounding is odd), so the
            // mirror image of a path gets the mirror image of its marks (fair seats).
            out[slot] = pos.add(round_axial(f64::from(vel.q) * t, f64::from(vel.r) * t));
        }
    }
    out[..n]
        .iter()
        .all(|h| gun.distance(*h) <= reach)
        .then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 12: AP 12 over 4 hexes → a guaranteed 3-AP hit per marked hex entered.
    #[test]
    fn vector_12_area_denial() {
        assert_eq!(ap_per_hex(12.0, 4), 3.0);
        // A mover crossing two of four marks on its path takes two 3-AP hits.
        let marks = [
            Hex::new(3, 0),
            Hex::new(4, 0),
            Hex::new(5, 0),
            Hex::new(6, 0),
        ];
        let hits = marks
            .iter()
            .filter(|&&h| hurts(Hex::new(0, 0), Hex::new(4, 0), h))
            .count();
        assert_eq!(hits, 2);
    }

    #[test]
    fn start_hex_is_immune_near_marks_can_be_skipped_and_the_end_hex_always_hurts() {
        let o = Hex::new(0, 0);
        // Moving 6 hexes: marks 1 and 2 hexes out are closer than half the speed (3).
        assert!(!hurts(o, Hex::new(6, 0), o));
        assert!(!hurts(o, Hex::new(6, 0), Hex::new(2, 0)));
        assert!(hurts(o, Hex::new(6, 0), Hex::new(3, 0)));
        assert!(!hurts(o, Hex::new(6, 0), Hex::new(3, 1)));
        // A ship at rest on a mark ends its move there.
        assert!(hurts(o, o, o));
        // Ending on a mark hurts even if it was near the start.
        assert!(hurts(o, Hex::new(1, 0), Hex::new(1, 0)));
    }

    #[test]
    fn marks_are_connected_along_the_path_and_within_reach() {
        let mut out = [Hex::default(); 16];
        let n = aim(
            Hex::new(0, 0),
            Hex::new(10, 0),
            Hex::new(-6, 0),
            4,
            20,
            &mut out,
        );
        assert_eq!(n, Some(4));
        assert_eq!(
            &out[..4],
            &[
                Hex::new(7, 0),
                Hex::new(6, 0),
                Hex::new(5, 0),
                Hex::new(4, 0)
            ]
        );
        for w in out[..4].windows(2) {
            assert_eq!(w[0].distance(w[1]), 1);
        }
        // Too far: nothing is marked.
        assert_eq!(
            aim(
                Hex::new(0, 0),
                Hex::new(30, 0),
                Hex::new(-1, 0),
                4,
                20,
                &mut out
            ),
            None
        );
        // At rest: its hex and neighbours.
        let n = aim(
            Hex::new(0, 0),
            Hex::new(5, 5),
            Hex::default(),
            3,
            20,
            &mut out,
        )
        .unwrap();
        assert_eq!(out[0], Hex::new(5, 5));
        assert!(out[1..n].iter().all(|h| h.distance(Hex::new(5, 5)) == 1));
    }

    /// The marks always include the target's future-position marker `pos + vel` (which lets
    /// `aim` give up early when that hex is out of reach), for every speed, direction and
    /// number of marks.
    #[test]
    fn aim_always_marks_the_future_position() {
        let mut out = [Hex::default(); 16];
        for q in -7..=7 {
            for r in -7..=7 {
                for n in 1..=16u8 {
                    let (pos, vel) = (Hex::new(3, -2), Hex::new(q, r));
                    let k = aim(Hex::default(), pos, vel, n, 1000, &mut out).unwrap();
                    assert!(out[..k].contains(&pos.add(vel)), "{vel:?} {n}");
                }
            }
        }
    }
}
