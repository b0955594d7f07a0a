//! Junction's grid: the shared axial hexes ([`crate::hex`]) with momentum movement ("The
//! basics"; "Maneuver Phase": Acceleration & Delta V) — a velocity is a hex vector, a burn
//! changes it by up to the acceleration rating at 1 delta-v per hex of change (G15:
//! Triplanetary-style markers; [`Hex::clamp_len`] cuts a wanted burn) — and the two questions
//! of a straight move: how close it passes another, and which hexes it passes through.

pub use crate::hex::{DIRECTIONS, Hex, round_axial};

/// Closest approach of two objects moving in straight lines during one maneuver phase
/// (`a0 → a1` and `b0 → b1`, both at constant speed): the least hex distance over the phase
/// ("Threat Zones": the most accurate range bracket the object travelled through; G14). The
/// relative position is linear in time and hex distance is convex and piecewise linear, so
/// the minimum is at an end or where one cube coordinate of the separation crosses zero.
#[inline]
pub fn closest_approach(a0: Hex, a1: Hex, b0: Hex, b1: Hex) -> f64 {
    let start = b0.sub(a0);
    let end = b1.sub(a1);
    let mut best = f64::from(start.length().min(end.length()));
    // Cube coordinates (q, r, s = −q − r) of the separation at t = 0 and t = 1.
    let c0 = [start.q, start.r, -start.q - start.r];
    let c1 = [end.q, end.r, -end.q - end.r];
    for k in 0..3 {
        if (c0[k] < 0) != (c1[k] < 0) && c0[k] != c1[k] {
            let t = f64::from(c0[k]) / f64::from(c0[k] - c1[k]);
            let at = |x0: i32, x1: i32| f64::from(x0) + (f64::from(x1) - f64::from(x0)) * t;
            let (q, r) = (at(start.q, end.q), at(start.r, end.r));
            let d = (q.abs() + r.abs() + (q + r).abs()) / 2.0;
            if d < best {
                best = d;
            }
        }
    }
    best
}

/// Whether the straight move `p0 → p1` passes through hex `h` (hexes along the line): a guided weapon
/// whose straight-line trajectory passed through a ship's hex may attack it ("Threat Zones").
pub fn passes_through(p0: Hex, p1: Hex, h: Hex) -> bool {
    if p1 == h || p0 == h {
        return true;
    }
    // Every point of the move is within its length of both ends, and the hex it rounds to
    // within 1 of it (cube rounding): a hex farther than that is never on the line.
    let len = p0.distance(p1);
    if p0.distance(h) > len + 1 || p1.distance(h) > len + 1 {
        return false;
    }
    // Sampled relative to `h` (rounding is odd: round(−x) = −round(x)), so a point on the
    // border of two hexes counts the same way whatever the line's place on the grid: the
    // mirror image of a move passes through the mirror image of every hex it passes through
    // (fair seats). The samples are a + (b − a)·k/n, k = 0..=n, n = 2·len; scaled by n they
    // are integers, so the cube rounding (half away from zero, fixing the coordinate that
    // moved most) is done exactly (test `passes_through_matches_the_f64_sampling`).
    if len == 0 {
        return false;
    }
    crosses(p0, p1, h, len)
}

/// [`passes_through`]'s sampling, for a move `p0 → p1` of `len` ≥ 1 hexes that starts and
/// ends off `h` and whose ends are both within `len + 1` of it (the callers' early outs
/// already made): whether a sample of the line rounds to `h`.
#[inline]
pub(crate) fn crosses(p0: Hex, p1: Hex, h: Hex, len: i32) -> bool {
    let (a, b) = (p0.sub(h), p1.sub(h));
    let n = i64::from(len) * 2;
    let (aq, ar) = (i64::from(a.q), i64::from(a.r));
    let (dq, dr) = (i64::from(b.q - a.q), i64::from(b.r - a.r));
    // A sample rounding to `h` is within hex distance 1 of it, so within Euclidean distance
    // 1 (in hex widths); the line's Euclidean length is at least √3/2·len, so such samples
    // are within 4/√3 < 2.31 steps of the point nearest `h`, at k* = −n·⟨a,d⟩/⟨d,d⟩
    // (⟨u,v⟩ = 2·uq·vq + uq·vr + ur·vq + 2·ur·vr, twice the Euclidean product).
    let dot = |uq: i64, ur: i64, vq: i64, vr: i64| 2 * uq * vq + uq * vr + ur * vq + 2 * ur * vr;
    let k_near = (-n * dot(aq, ar, dq, dr)).div_euclid(dot(dq, dr, dq, dr));
    let (from, to) = ((k_near - 2).max(0), (k_near + 3).min(n));
    (from..=to).any(|k| rounds_to_zero(aq * n + dq * k, ar * n + dr * k, n))
}

/// Whether the point (q/n, r/n) cube-rounds to the zero hex, exactly as `round_axial` would
/// with exact arithmetic: each cube coordinate rounded half away from zero, then the one
/// farthest from its rounding (q before r before s on exact ties, strict comparisons) set
/// from the other two. The result is zero only when two of the rounded coordinates are zero
/// and the third is zero or the one replaced.
#[inline]
fn rounds_to_zero(q: i64, r: i64, n: i64) -> bool {
    let s = -q - r;
    let (zq, zr, zs) = (2 * q.abs() < n, 2 * r.abs() < n, 2 * s.abs() < n);
    // With two coordinates rounding to zero the third is below n in size (it is minus
    // their sum), so it rounds to zero or ±1 and is n − |x| from its rounding.
    let off = |x: i64, zero: bool| if zero { x.abs() } else { n - x.abs() };
    let (eq, er, es) = (off(q, zq), off(r, zr), off(s, zs));
    let fix_q = eq > er && eq > es;
    let fix_r = !fix_q && er > es;
    match (zq, zr, zs) {
        (true, true, true) => true,
        (false, true, true) => fix_q,
        (true, false, true) => fix_r,
        (true, true, false) => !fix_q && !fix_r,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move and its mirror image through any centre pass through mirror-image hexes, also
    /// along hex borders (moves along (1,1) run on them).
    #[test]
    fn passes_through_is_mirror_symmetric() {
        let mirror = |h: Hex| Hex::new(17 - h.q, -h.r);
        let mut hits = 0;
        for (q, r) in [(1, 1), (2, 2), (3, -6), (5, 1), (-4, 2), (6, 0)] {
            let (p0, p1) = (Hex::new(2, -1), Hex::new(2 + q, -1 + r));
            for hq in -10..=10 {
                for hr in -10..=10 {
                    let h = Hex::new(hq, hr);
                    let here = passes_through(p0, p1, h);
                    assert_eq!(here, passes_through(mirror(p0), mirror(p1), mirror(h)));
                    hits += u32::from(here);
                }
            }
        }
        assert!(hits > 20, "{hits}");
    }

    /// The early out of `passes_through` changes no answer: compared with sampling the whole
    /// line for every hex around short and long moves.
    #[test]
    fn passes_through_early_out_is_exact() {
        let sampled = |p0: Hex, p1: Hex, h: Hex| {
            if p1 == h || p0 == h {
                return true;
            }
            let n = p0.distance(p1).max(1) * 2;
            let (a, b) = (p0.sub(h), p1.sub(h));
            (0..=n).any(|k| {
                let t = f64::from(k) / f64::from(n);
                let (q, r) = (
                    f64::from(a.q) + f64::from(b.q - a.q) * t,
                    f64::from(a.r) + f64::from(b.r - a.r) * t,
                );
                let s = -q - r;
                let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
                let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
                if dq > dr && dq > ds {
                    rq = -rr - rs;
                } else if dr > ds {
                    rr = -rq - rs;
                }
                Hex::new(rq as i32, rr as i32).is_zero()
            })
        };
        let mut hits = 0;
        for (q, r) in [(0, 0), (1, 0), (3, -1), (7, 2), (-5, 9), (12, -12), (4, 4)] {
            let (p0, p1) = (Hex::new(-1, 2), Hex::new(-1 + q, 2 + r));
            for hq in -20..=20 {
                for hr in -20..=20 {
                    let h = Hex::new(hq, hr);
                    let want = sampled(p0, p1, h);
                    assert_eq!(passes_through(p0, p1, h), want, "{p0:?} {p1:?} {h:?}");
                    hits += u32::from(want);
                }
            }
        }
        assert!(hits > 40, "{hits}");
    }

    /// The f64 sampling `passes_through` used before the exact integer version: the samples
    /// a + (b − a)·k/n in floating point, cube-rounded by `round_axial`.
    fn passes_through_f64(p0: Hex, p1: Hex, h: Hex) -> bool {
        if p1 == h || p0 == h {
            return true;
        }
        let len = p0.distance(p1);
        let (a, b) = (p0.sub(h), p1.sub(h));
        let n = len.max(1) * 2;
        (0..=n).any(|k| {
            let t = f64::from(k) / f64::from(n);
            round_axial(
                f64::from(a.q) + f64::from(b.q - a.q) * t,
                f64::from(a.r) + f64::from(b.r - a.r) * t,
            )
            .is_zero()
        })
    }

    /// Every move of length ≤ 12 (from a fixed hex; the answer depends only on the ends
    /// relative to `h`) against every hex within 14 of its start: the exact version agrees
    /// with the f64 sampling everywhere except at exact ties the floats mis-round, which are
    /// listed here (move, hex relative to the start, exact answer); no move of length ≤ 12
    /// has one.
    #[test]
    fn passes_through_matches_the_f64_sampling() {
        let disk = |radius: i32| {
            (-radius..=radius).flat_map(move |q| {
                (-radius..=radius)
                    .map(move |r| Hex::new(q, r))
                    .filter(move |h| h.length() <= radius)
            })
        };
        let p0 = Hex::new(3, -5);
        let mut disagree = Vec::new();
        let (mut hits, mut pairs) = (0u32, 0u32);
        for d in disk(12) {
            for h in disk(14) {
                let (p1, h) = (p0.add(d), p0.add(h));
                let exact = passes_through(p0, p1, h);
                if exact != passes_through_f64(p0, p1, h) {
                    disagree.push((d, h.sub(p0), exact));
                }
                hits += u32::from(exact);
                pairs += 1;
            }
        }
        assert_eq!(pairs, 469 * 631);
        // Long moves (the window of samples tested is a few steps around the nearest point).
        for (q, r) in [
            (40, -13),
            (25, 25),
            (-31, 7),
            (0, -38),
            (17, -34),
            (-20, -9),
        ] {
            for h in disk(45) {
                let (p1, h) = (p0.add(Hex::new(q, r)), p0.add(h));
                let exact = passes_through(p0, p1, h);
                if exact != passes_through_f64(p0, p1, h) {
                    disagree.push((Hex::new(q, r), h.sub(p0), exact));
                }
                hits += u32::from(exact);
            }
        }
        // Move (25, 25), n = 100: at k = 13 the sample (−0.75, 0.25, 0.5) from (4, 3) is an
        // exact tie (|q − round q| = |r − round r| = 0.25 < |s − round s| = 0.5: no fix, it
        // rounds to (−1, 0)), which t = 0.13 in floats breaks towards the zero hex; (14, 15)
        // is the same tie at k = 57.
        let known = [
            (Hex::new(25, 25), Hex::new(4, 3), false),
            (Hex::new(25, 25), Hex::new(14, 15), false),
        ];
        assert_eq!(disagree, known);
        assert!(hits > 4_000, "{hits}");
    }

    #[test]
    fn closest_approach_is_exact() {
        // Parallel moves keep their distance.
        let d = closest_approach(
            Hex::new(0, 0),
            Hex::new(5, 0),
            Hex::new(0, 3),
            Hex::new(5, 3),
        );
        assert_eq!(d, 3.0);
        // Brute force over fine sub-steps agrees on an oblique pass.
        let (a0, a1, b0, b1) = (
            Hex::new(0, 0),
            Hex::new(9, -4),
            Hex::new(7, 5),
            Hex::new(2, -6),
        );
        let mut brute = f64::INFINITY;
        for k in 0..=10_000 {
            let t = f64::from(k) / 10_000.0;
            let q = f64::from(b0.q - a0.q) + t * f64::from((b1.q - a1.q) - (b0.q - a0.q));
            let r = f64::from(b0.r - a0.r) + t * f64::from((b1.r - a1.r) - (b0.r - a0.r));
            brute = brute.min((q.abs() + r.abs() + (q + r).abs()) / 2.0);
        }
        assert!((closest_approach(a0, a1, b0, b1) - brute).abs() < 1e-3);
    }

    #[test]
    fn closest_approach_sees_a_flyby() {
        // Two objects pass each other head-on: they end 4 apart but crossed at 0.
        let d = closest_approach(
            Hex::new(0, 0),
            Hex::new(8, 0),
            Hex::new(6, 0),
            Hex::new(4, 0),
        );
        assert!(d < 0.5, "{d}");
        assert!(passes_through(
            Hex::new(0, 0),
            Hex::new(6, 0),
            Hex::new(3, 0)
        ));
        assert!(!passes_through(
            Hex::new(0, 0),
            Hex::new(6, 0),
            Hex::new(3, 2)
        ));
    }
}
