//! The infinite hex grid and momentum movement ("The basics"; "Maneuver Phase": Acceleration
//! & Delta V). Axial coordinates; a velocity is a hex vector; a burn changes it by up to the
//! acceleration rating at 1 delta-v per hex of change (G15: Triplanetary-style markers).

/// A hex (or a hex vector) in axial coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
}

/// The six unit directions, counter-clockwise from +q.
pub const DIRECTIONS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

impl Hex {
    /// A hex from axial coordinates.
    #[inline]
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
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

    /// Length in hexes (the delta-v a burn of this vector costs; a speed).
    #[inline]
    pub const fn length(self) -> i32 {
        (self.q.abs() + self.r.abs() + (self.q + self.r).abs()) / 2
    }

    /// Whether this is the zero vector.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.q == 0 && self.r == 0
    }

    /// Distance to another hex.
    #[inline]
    pub const fn distance(self, o: Hex) -> i32 {
        self.sub(o).length()
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
}

/// Nearest hex to fractional axial coordinates.
pub fn round_axial(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// Closest approach of two objects moving in straight lines during one maneuver phase
/// (`a0 → a1` and `b0 → b1`, both at constant speed): the least hex distance over the phase
/// ("Threat Zones": the most accurate range bracket the object travelled through; G14). The
/// relative position is linear in time and hex distance is convex and piecewise linear, so
/// the minimum is at an end or where one cube coordinate of the separation crosses zero.
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
    let n = p0.distance(p1).max(1) * 2;
    (0..=n).any(|k| {
        let t = f64::from(k) / f64::from(n);
        round_axial(
            f64::from(p0.q) + f64::from(p1.q - p0.q) * t,
            f64::from(p0.r) + f64::from(p1.r - p0.r) * t,
        ) == h
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
