//! The infinite hex grid in axial coordinates, shared by the hex-map rule systems.
//!
//! A [`Hex`] is both a position and a displacement (a vector of hexes). Directions are numbered
//! `0..6` **counter-clockwise** from `+q`; a rule system maps its own facing numbers onto them
//! (Cold Infinity numbers its facings 1–6 clockwise: `rules::cold_infinity::geometry`).
//!
//! For angles the grid is drawn with direction 0 along the `+x` axis and direction `i` at
//! `60°·i`, neighbouring centres one unit apart ([`Hex::to_point`]). Cold Infinity and
//! Junction use this module; Ship-to-Ship and Target Lock still carry their own copies
//! (`*/hex.rs`), which could move onto this type.

/// A hex (or a hex vector) in axial coordinates; the third cube coordinate is `s = −q − r`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
}

/// The six unit directions, counter-clockwise from `+q` (direction `i` points at `60°·i`).
pub const DIRECTIONS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

/// `√3 / 2`, the height of a unit equilateral triangle.
const HALF_ROOT3: f64 = 0.866_025_403_784_438_6;

impl Hex {
    /// The hex at axial `(q, r)`.
    #[inline]
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The third cube coordinate, `−q − r`.
    #[inline]
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The unit vector of direction `i` (taken modulo 6, so negative steps work).
    #[inline]
    pub const fn direction(i: i32) -> Hex {
        DIRECTIONS[i.rem_euclid(6) as usize]
    }

    /// Vector sum.
    #[inline]
    pub const fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }

    /// Vector difference.
    #[inline]
    pub const fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }

    /// Scaled by an integer.
    #[inline]
    pub const fn scale(self, k: i32) -> Hex {
        Hex::new(self.q * k, self.r * k)
    }

    /// The opposite vector.
    #[inline]
    pub const fn neg(self) -> Hex {
        Hex::new(-self.q, -self.r)
    }

    /// Length in hexes (a speed, a range).
    #[inline]
    pub const fn length(self) -> i32 {
        (self.q.abs() + self.r.abs() + self.s().abs()) / 2
    }

    /// Whether this is the zero vector.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.q == 0 && self.r == 0
    }

    /// Distance to another hex, in hexes.
    #[inline]
    pub const fn distance(self, o: Hex) -> i32 {
        self.sub(o).length()
    }

    /// This vector rotated by `steps` facings of 60° counter-clockwise (negative: clockwise).
    /// Exact: one step maps cube `(q, r, s)` to `(−s, −q, −r)`.
    #[inline]
    pub const fn rotate_ccw(self, steps: i32) -> Hex {
        let mut h = self;
        let mut k = steps.rem_euclid(6);
        while k > 0 {
            h = Hex::new(-h.s(), -h.q);
            k -= 1;
        }
        h
    }

    /// The centre of this hex on the plane (neighbouring centres 1 apart, direction 0 along `+x`,
    /// counter-clockwise positive).
    #[inline]
    pub fn to_point(self) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (q + r * 0.5, -r * HALF_ROOT3)
    }

    /// Bearing of this vector in degrees, counter-clockwise from direction 0, in `(−180, 180]`
    /// (0 for the zero vector).
    #[inline]
    pub fn bearing_deg(self) -> f64 {
        let (x, y) = self.to_point();
        y.atan2(x).to_degrees()
    }

    /// This vector as at most two components along neighbouring directions, `(dir_a, n_a,
    /// dir_b, n_b)` with `n_a ≥ n_b ≥ 0` and `n_a + n_b = length()`: the book-keeping form of a
    /// vector (Cold Infinity §5.4.1 "never more complicated than two directions and two
    /// speeds"). The zero vector gives `(0, 0, 1, 0)`.
    pub fn components(self) -> (i32, i32, i32, i32) {
        if self.is_zero() {
            return (0, 0, 1, 0);
        }
        // In the 60° sector between directions i and i+1 the vector is a·d_i + b·d_{i+1}
        // with a, b ≥ 0; try each sector and keep the one with non-negative weights.
        for i in 0..6 {
            let d0 = Hex::direction(i);
            let d1 = Hex::direction(i + 1);
            // Solve self = a·d0 + b·d1 (2×2 integer system, determinant ±1 for neighbours).
            let det = d0.q * d1.r - d0.r * d1.q;
            let a = (self.q * d1.r - self.r * d1.q) / det;
            let b = (d0.q * self.r - d0.r * self.q) / det;
            if a >= 0 && b >= 0 {
                return if a >= b {
                    (i, a, i + 1, b)
                } else {
                    ((i + 1) % 6, b, i, a)
                };
            }
        }
        unreachable!("every hex vector lies in one of the six sectors")
    }

    /// The hex vector nearest to `v` scaled so its length is at most `max` (cube rounding).
    /// Used to cut a wanted burn down to what acceleration and delta-v allow.
    pub fn clamp_len(self, max: i32) -> Hex {
        let len = self.length();
        if len <= max {
            return self;
        }
        if max <= 0 {
            return Hex::default();
        }
        let f = f64::from(max) / f64::from(len);
        let h = round_axial(f64::from(self.q) * f, f64::from(self.r) * f);
        if h.length() > max {
            // Rounding can add one hex; step back along the largest component.
            let mut best = Hex::default();
            for d in DIRECTIONS {
                let c = h.sub(d);
                if c.length() <= max && c.sub(self).length() < best.sub(self).length() {
                    best = c;
                }
            }
            best
        } else {
            h
        }
    }

    /// The hexes a straight line from `self` to `to` passes through, in order, both ends
    /// included, without allocating: the standard cube-lerp line with the two nudges
    /// `+ε` and `−ε`. Where the line runs along a hex edge the two nudged lines differ;
    /// [`HexLine`] yields both candidates at each step (`(a, b)`, equal off the edge).
    pub fn line_to(self, to: Hex) -> HexLine {
        HexLine {
            from: self,
            to,
            n: self.distance(to),
            i: 0,
        }
    }

    /// Step `i` of the `n`-hex line from `self` to `to` (`n` = the distance): the pair
    /// [`HexLine`] yields there, computed on its own (the line's hexes at step `i` are `i`
    /// from `self` and `n − i` from `to`).
    #[inline]
    pub fn line_step(self, to: Hex, n: i32, i: i32) -> (Hex, Hex) {
        if n == 0 {
            return (self, self);
        }
        let t = f64::from(i) / f64::from(n);
        let lerp = |a: i32, b: i32| f64::from(a) + (f64::from(b) - f64::from(a)) * t;
        let (q, r) = (lerp(self.q, to.q), lerp(self.r, to.r));
        const EPS: f64 = 1e-6;
        (
            round_axial(q + EPS, r + EPS * 1.5),
            round_axial(q - EPS, r - EPS * 1.5),
        )
    }
}

/// An allocation-free iterator over a hex line ([`Hex::line_to`]): at step `i` of `n` it yields
/// the hex nearest the point `i/n` of the way along the line, nudged each way, as a pair.
#[derive(Clone, Copy, Debug)]
pub struct HexLine {
    from: Hex,
    to: Hex,
    n: i32,
    i: i32,
}

impl Iterator for HexLine {
    type Item = (Hex, Hex);

    fn next(&mut self) -> Option<(Hex, Hex)> {
        if self.i > self.n {
            return None;
        }
        let pair = self.from.line_step(self.to, self.n, self.i);
        self.i += 1;
        Some(pair)
    }
}

/// The nearest hex to fractional axial coordinates (cube rounding).
pub fn round_axial(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (round(q), round(r), round(s));
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// `x.round()` (half away from zero) for the small coordinates of the grid, without the
/// library call `f64::round` is on baseline x86-64: truncation is one instruction and
/// `x − trunc(x)` is exact. Equal to `f64::round` for |x| < 2^62 (test
/// `round_matches_f64_round`) except that −0.5 < x < 0 gives +0.0, not −0.0, which no caller
/// can tell apart.
#[inline]
fn round(x: f64) -> f64 {
    let t = x as i64 as f64;
    let f = x - t;
    if f >= 0.5 {
        t + 1.0
    } else if f <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid's rounding equals `f64::round` (up to the sign of zero).
    #[test]
    fn round_matches_f64_round() {
        for k in -40_000..=40_000 {
            for x in [
                f64::from(k) / 1000.0,
                f64::from(k) / 7.0,
                f64::from(k) * 0.1 + 0.05,
            ] {
                assert_eq!(round(x), x.round(), "{x}");
            }
        }
        for x in [
            0.49999999999999994,
            -0.49999999999999994,
            2.5,
            -2.5,
            1e15 + 0.5,
        ] {
            assert_eq!(round(x), x.round(), "{x}");
        }
    }

    #[test]
    fn distances() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
        assert_eq!(Hex::new(2, 2).length(), 4);
        for d in DIRECTIONS {
            assert_eq!(d.length(), 1);
        }
    }

    #[test]
    fn clamp_keeps_short_vectors_and_cuts_long_ones() {
        assert_eq!(Hex::new(2, 0).clamp_len(3), Hex::new(2, 0));
        let c = Hex::new(10, 0).clamp_len(3);
        assert_eq!(c, Hex::new(3, 0));
        let c = Hex::new(7, 5).clamp_len(4);
        assert!(c.length() <= 4 && c.length() >= 3, "{c:?}");
    }

    #[test]
    fn directions_are_unit_and_counter_clockwise() {
        for (i, d) in DIRECTIONS.iter().enumerate() {
            assert_eq!(d.length(), 1);
            let off = (d.bearing_deg() - 60.0 * i as f64).rem_euclid(360.0);
            assert!(off < 1e-9 || 360.0 - off < 1e-9, "direction {i}");
            assert_eq!(d.rotate_ccw(1), Hex::direction(i as i32 + 1));
            assert_eq!(d.rotate_ccw(-1), Hex::direction(i as i32 - 1));
        }
    }

    #[test]
    fn arithmetic_and_distance() {
        let a = Hex::new(2, -1);
        let b = Hex::new(-1, 3);
        assert_eq!(a.add(b), Hex::new(1, 2));
        assert_eq!(a.sub(b), Hex::new(3, -4));
        assert_eq!(a.scale(3), Hex::new(6, -3));
        assert_eq!(a.neg(), Hex::new(-2, 1));
        assert_eq!(a.distance(b), 4);
        assert_eq!(Hex::default().distance(Hex::new(3, -3)), 3);
        assert_eq!(a.rotate_ccw(6), a);
        assert_eq!(a.rotate_ccw(3), a.neg());
        assert_eq!(a.rotate_ccw(2).length(), a.length());
    }

    /// Both nudged lines advance one hex a step: the pair at step `i` of `n` is `i` from the
    /// start and `n − i` from the end (what lets line of sight test a unit at one step only),
    /// and [`Hex::line_step`] is the iterator's pair.
    #[test]
    fn line_steps_are_at_their_distances() {
        let from = Hex::new(2, -1);
        for q in -12..=12 {
            for r in -12..=12 {
                let to = Hex::new(q, r);
                let n = from.distance(to);
                for (i, (a, b)) in from.line_to(to).enumerate() {
                    let i = i as i32;
                    assert_eq!((from.distance(a), a.distance(to)), (i, n - i));
                    assert_eq!((from.distance(b), b.distance(to)), (i, n - i));
                    assert_eq!(from.line_step(to, n, i), (a, b));
                }
            }
        }
    }

    #[test]
    fn rings_have_six_n_hexes() {
        for n in 1..6 {
            let mut count = 0;
            for q in -n..=n {
                for r in -n..=n {
                    if Hex::new(q, r).length() == n {
                        count += 1;
                    }
                }
            }
            assert_eq!(count, 6 * n);
        }
    }

    #[test]
    fn components_are_two_neighbouring_directions_summing_to_the_length() {
        for q in -6..=6 {
            for r in -6..=6 {
                let v = Hex::new(q, r);
                let (da, na, db, nb) = v.components();
                assert_eq!(na + nb, v.length(), "{v:?}");
                assert!(na >= nb);
                assert_eq!(
                    Hex::direction(da)
                        .scale(na)
                        .add(Hex::direction(db).scale(nb)),
                    v
                );
                assert!(matches!((da - db).rem_euclid(6), 1 | 5));
            }
        }
    }

    #[test]
    fn line_has_distance_plus_one_steps_and_touches_each_neighbour() {
        let a = Hex::new(0, 0);
        let b = Hex::new(4, -1);
        let steps: Vec<(Hex, Hex)> = a.line_to(b).collect();
        assert_eq!(steps.len(), 5);
        assert_eq!(steps[0], (a, a));
        assert_eq!(steps[4], (b, b));
        for w in steps.windows(2) {
            assert_eq!(w[0].0.distance(w[1].0), 1);
            assert_eq!(w[0].1.distance(w[1].1), 1);
        }
        // Along an edge (the 30° ray to (2, −1)) the two nudges split at the middle step.
        let mid: Vec<(Hex, Hex)> = a.line_to(Hex::new(2, -1)).collect();
        assert_ne!(mid[1].0, mid[1].1);
        let mut pair = [mid[1].0, mid[1].1];
        pair.sort_by_key(|h| (h.q, h.r));
        assert_eq!(pair, [Hex::new(1, -1), Hex::new(1, 0)]);
    }
}
