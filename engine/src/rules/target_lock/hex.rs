//! The hex map behind "Count the range between attacker and target's ship counters" (seed,
//! "Attack Procedures"): axial hex coordinates and hex distance. The seed has no movement rules
//! (digest G6); the vector model built on this lives in [`super::movement`].

/// A hex in axial coordinates, or a displacement between hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex {
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
}

/// A hex as the trace writes it: `(q, r)`.
impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// The six unit displacements, counter-clockwise from +q (side A's "forward").
pub const DIRECTIONS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

impl Hex {
    /// A hex.
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// Sum.
    #[inline]
    pub const fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }

    /// Difference.
    #[inline]
    pub const fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }

    /// The point reflection through the origin (side B's mirror image of side A's hex).
    pub const fn neg(self) -> Hex {
        Hex::new(-self.q, -self.r)
    }

    /// Length of a displacement in hexes.
    #[inline]
    pub const fn length(self) -> i32 {
        (self.q.abs() + self.r.abs() + (self.q + self.r).abs()) / 2
    }

    /// Hexes between two hexes.
    #[inline]
    pub const fn distance(self, o: Hex) -> i32 {
        self.sub(o).length()
    }

    /// Dot product in cube coordinates (positive: the two displacements point the same way).
    pub const fn dot(self, o: Hex) -> i32 {
        let (x1, z1, y1) = (self.q, self.r, -self.q - self.r);
        let (x2, z2, y2) = (o.q, o.r, -o.q - o.r);
        x1 * x2 + y1 * y2 + z1 * z2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_mirror() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
        assert_eq!(Hex::new(2, 2).distance(Hex::new(-1, 0)), 5);
        for d in DIRECTIONS {
            assert_eq!(d.length(), 1);
            assert_eq!(d.neg().length(), 1);
        }
        assert!(DIRECTIONS[0].dot(DIRECTIONS[3]) < 0);
        assert!(DIRECTIONS[0].dot(DIRECTIONS[0]) > 0);
    }
}
