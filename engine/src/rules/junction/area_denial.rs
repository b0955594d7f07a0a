//! Macron Area Denial ("Direct Fire Attacks", Macron Guns): a secondary attack mode that marks
//! as many connected hexes as the gun's Area Denial stat, all within twice its Probable Hit
//! range; in the following maneuver phase any ship or guided weapon passing through a marked
//! hex takes a guaranteed hit of the gun's Attack Power divided by the hexes marked, ignoring
//! ECM. Movers are immune on their starting hex, may skip marks closer to their start than
//! half their speed, and always take the hit when they end their move on a mark.

use super::hex::{DIRECTIONS, Hex, crosses, round_axial};

/// One marked hex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The hex.
    pub hex: Hex,
    /// Attack Power of the hit it deals (the gun's AP over the hexes marked).
    pub ap: f64,
    /// The ship whose gun marked it.
    pub owner: u8,
    /// That gun: its mount on the ship's design (damage by weapon).
    pub mount: u8,
}

/// Attack Power per marked hex: the gun's AP divided by the number of hexes marked.
pub fn ap_per_hex(ap: f64, hexes: u32) -> f64 {
    ap / f64::from(hexes.max(1))
}

/// Whether a mover going `from → to` in one maneuver phase takes the hit of a mark on `hex`.
#[inline]
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
    // Off both ends, each within `speed + 1` of the hex (`near` and its distance to `to` sum
    // to at most that) and `speed` ≥ 1 (a mover at rest is on the hex or skipped above):
    // `hex::passes_through`'s own early outs cannot apply, only its sampling is left.
    crosses(from, to, hex, speed)
}

/// The policy's marks against a target about to move `pos → pos + vel`: `n` connected hexes
/// along that path, ending on its future-position marker (continuing past it when the path is
/// shorter than `n`; around its hex when it coasts at rest, starting with the neighbour
/// facing the shooter and going round counter-clockwise). `None` when any of them is farther
/// than `reach` (twice the Probable Hit range) from the shooter at `gun`. The marks of the
/// mirror-image shot are the mirror images (fair seats: a point mirror is a half turn, which
/// keeps "facing the shooter" and "counter-clockwise"); when two or more neighbours face the
/// shooter equally, `take(t)` (the battle's dice, odds 1/`t`) decides whether the `t`-th of
/// them replaces the choice, as in the burn search.
pub fn aim(
    gun: Hex,
    pos: Hex,
    vel: Hex,
    n: u8,
    reach: i32,
    out: &mut [Hex; 16],
    take: impl FnMut(u32) -> bool,
) -> Option<usize> {
    // The future-position marker is always one of the marks (test
    // `aim_always_marks_the_future_position`): out of reach, so is the aim.
    if gun.distance(pos.add(vel)) > reach {
        return None;
    }
    let n = usize::from(n).clamp(1, out.len());
    let len = vel.length();
    if len == 0 {
        out[0] = pos;
        if n > 1 {
            let first = facing(gun.sub(pos), take);
            for k in 1..n {
                out[k] = pos.add(DIRECTIONS[(first + k - 1) % 6].scale(1 + (k as i32 - 1) / 6));
            }
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

/// The index of the unit direction most nearly along `u` (the greatest Euclidean dot
/// product); equal candidates (`u` on the border of two directions' sectors, or zero) go to
/// `take`, one call per candidate after the first.
fn facing(u: Hex, mut take: impl FnMut(u32) -> bool) -> usize {
    // Twice the Euclidean dot product in axial coordinates (integers, exact).
    let dot = |d: Hex| 2 * u.q * d.q + u.q * d.r + u.r * d.q + 2 * u.r * d.r;
    let (mut best, mut at, mut ties) = (i32::MIN, 0, 0);
    for (k, &d) in DIRECTIONS.iter().enumerate() {
        let v = dot(d);
        if v > best {
            (best, at, ties) = (v, k, 1);
        } else if v == best {
            ties += 1;
            if take(ties) {
                at = k;
            }
        }
    }
    at
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
            |_| false,
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
                &mut out,
                |_| false
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
            |_| false,
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
                    let k = aim(Hex::new(-9, 4), pos, vel, n, 1000, &mut out, |_| false).unwrap();
                    assert!(out[..k].contains(&pos.add(vel)), "{vel:?} {n}");
                }
            }
        }
    }

    /// The marks around a target at rest start with the neighbour facing the shooter, so
    /// the mirror-image shot (a half turn about any centre) marks the mirror-image hexes.
    #[test]
    fn marks_at_rest_face_the_shooter_and_mirror() {
        let mirror = |h: Hex| Hex::new(17 - h.q, -3 - h.r);
        let (mut out, mut back) = ([Hex::default(); 16], [Hex::default(); 16]);
        let pos = Hex::new(4, -2);
        for (q, r) in [(9, 0), (3, -7), (-5, 1), (2, 6), (-1, -8), (7, -3)] {
            let gun = pos.add(Hex::new(q, r));
            for n in 1..=13u8 {
                let k = aim(gun, pos, Hex::default(), n, 100, &mut out, |_| false).unwrap();
                let k2 = aim(
                    mirror(gun),
                    mirror(pos),
                    Hex::default(),
                    n,
                    100,
                    &mut back,
                    |_| false,
                )
                .unwrap();
                assert_eq!(k, k2);
                for j in 0..k {
                    assert_eq!(back[j], mirror(out[j]), "{gun:?} {n} {j}");
                }
                if n > 1 {
                    // The first neighbour is one of those nearest to the shooter.
                    let near = DIRECTIONS
                        .iter()
                        .map(|d| pos.add(*d).distance(gun))
                        .min()
                        .unwrap();
                    assert_eq!(out[1].distance(gun), near);
                }
            }
        }
        // The shooter due +q of the target: the first neighbour is the +q one.
        aim(
            pos.add(Hex::new(5, 0)),
            pos,
            Hex::default(),
            2,
            100,
            &mut out,
            |_| false,
        );
        assert_eq!(out[1], pos.add(Hex::new(1, 0)));
    }

    /// A shooter on the border of two neighbours' sectors (here along (1, 1), between +q
    /// and +r) faces both equally: the dice pick either, one die for the one real tie; a
    /// shooter in the target's hex faces all six.
    #[test]
    fn facing_ties_go_to_the_dice() {
        let mut dice = 0;
        assert_eq!(facing(Hex::new(1, 0), |_| unreachable!()), 0);
        assert_eq!(
            facing(Hex::new(3, 3), |t| {
                dice += 1;
                assert_eq!(t, 2);
                false
            }),
            0
        );
        assert_eq!(dice, 1);
        assert_eq!(facing(Hex::new(3, 3), |_| true), 5);
        let mut seen = [false; 6];
        for pick in 1..=6 {
            seen[facing(Hex::default(), |t| t == pick)] = true;
        }
        assert_eq!(seen, [true; 6]);
        // And through `aim`: the first neighbour is either tied one.
        let mut out = [Hex::default(); 16];
        let pos = Hex::new(0, 0);
        aim(
            Hex::new(4, 4),
            pos,
            Hex::default(),
            2,
            100,
            &mut out,
            |_| false,
        );
        assert_eq!(out[1], Hex::new(1, 0));
        aim(
            Hex::new(4, 4),
            pos,
            Hex::default(),
            2,
            100,
            &mut out,
            |_| true,
        );
        assert_eq!(out[1], Hex::new(0, 1));
    }
}
