//! The hex map the chapter plays on ("Line of Sight (Ships)", seed 001; digest §2.2–2.4):
//! axial coordinates, distance, and which hexside (or corner) a line from a hex centre leaves
//! through. Pointy-top hexes; the six directions are numbered clockwise from east (0 = E,
//! 1 = SE, 2 = SW, 3 = W, 4 = NW, 5 = NE).

/// A hex in axial coordinates (`q`, `r`); the third cube coordinate is `-q - r`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex {
    /// Column axis.
    pub q: i32,
    /// Row axis.
    pub r: i32,
}

/// The six neighbour offsets, clockwise from east.
pub const DIRECTIONS: [Hex; 6] = [
    Hex { q: 1, r: 0 },
    Hex { q: 0, r: 1 },
    Hex { q: -1, r: 1 },
    Hex { q: -1, r: 0 },
    Hex { q: 0, r: -1 },
    Hex { q: 1, r: -1 },
];

impl Hex {
    /// A hex.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbour (or `n` steps away) in direction `dir` (0..6).
    pub const fn step(self, dir: u8, n: i32) -> Hex {
        let d = DIRECTIONS[(dir % 6) as usize];
        Hex {
            q: self.q + d.q * n,
            r: self.r + d.r * n,
        }
    }

    /// Hex distance.
    pub const fn distance(self, o: Hex) -> u32 {
        let dq = self.q - o.q;
        let dr = self.r - o.r;
        let ds = -dq - dr;
        ((dq.abs() + dr.abs() + ds.abs()) / 2) as u32
    }

    /// Cube coordinates `[x, y, z]` = `[q, -q - r, r]`.
    pub const fn cube(self) -> [i32; 3] {
        [self.q, -self.q - self.r, self.r]
    }

    /// Twice-scaled pixel centre `(2q + r, 3r)` (x scaled by 2/√3, y by 2): integer, and the
    /// sign of every cross product is the same as in true pixel space.
    pub const fn scaled_centre(self) -> (i64, i64) {
        ((2 * self.q + self.r) as i64, (3 * self.r) as i64)
    }
}

/// Where a line from a hex's centre leaves the hex: through one hexside, or exactly through
/// the corner between two adjacent hexsides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Through hexside `k` (a direction 0..6).
    Side(u8),
    /// Through the corner between hexsides `k` and `(k + 1) % 6` (the first is `k`).
    Corner(u8),
    /// The two hexes are the same (no line).
    Same,
}

impl Exit {
    /// The exit of the reverse line: a line from `a` toward `b` leaves `a` through hexside
    /// (or corner) `k` exactly when the line from `b` toward `a` leaves `b` through `k + 3`.
    pub const fn reversed(self) -> Exit {
        match self {
            Exit::Side(k) => Exit::Side((k + 3) % 6),
            Exit::Corner(k) => Exit::Corner((k + 3) % 6),
            Exit::Same => Exit::Same,
        }
    }
}

/// Where the line from `from`'s centre toward `to`'s centre leaves `from` (seed: "the edge of
/// the hex where the line of sight passes through your ship counter and your target's
/// counter"). A line whose direction lies between two hex directions on a cube-coordinate tie
/// passes exactly through a corner.
pub fn exit(from: Hex, to: Hex) -> Exit {
    let [x, y, z] = Hex::new(to.q - from.q, to.r - from.r).cube();
    if x == 0 && z == 0 {
        return Exit::Same;
    }
    // Sextant k (the directions of hexside k) holds the vectors whose cube coordinates are
    // ordered as direction k's are (largest, middle, smallest); a tie lies in two: a corner.
    let within = |hi: i32, mid: i32, lo: i32| u32::from(hi >= mid && mid >= lo);
    let bits = within(x, z, y)
        | within(z, x, y) << 1
        | within(z, y, x) << 2
        | within(y, z, x) << 3
        | within(y, x, z) << 4
        | within(x, y, z) << 5;
    let first = bits.trailing_zeros() as u8;
    match bits.count_ones() {
        1 => Exit::Side(first),
        // Two sextants match on a tie: the corner between them (5 and 0 wrap around).
        _ if bits == 0b10_0001 => Exit::Corner(5),
        _ => Exit::Corner(first),
    }
}

/// Whether the segment between the centres of `a` and `b` passes *through* the interior of
/// hex `h` (seed: "passes through (not just along, but through) a hex"): some corner of `h`
/// lies strictly on each side of the line, and `h` lies between `a` and `b`. A line that runs
/// along an edge or touches a corner does not pass through.
pub fn passes_through(a: Hex, b: Hex, h: Hex) -> bool {
    if h == a || h == b {
        return false;
    }
    let d = a.distance(b);
    if h.distance(a) >= d || h.distance(b) >= d {
        return false;
    }
    let (ax, ay) = a.scaled_centre();
    let (bx, by) = b.scaled_centre();
    let (hx, hy) = h.scaled_centre();
    let (dx, dy) = (bx - ax, by - ay);
    const CORNERS: [(i64, i64); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
    let (mut pos, mut neg) = (false, false);
    for (cx, cy) in CORNERS {
        let c = dx * (hy + cy - ay) - dy * (hx + cx - ax);
        pos |= c > 0;
        neg |= c < 0;
    }
    pos && neg
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Direction k's (largest, smallest) cube coordinate.
    const SEXTANT: [(usize, usize); 6] = [(0, 1), (2, 1), (2, 0), (1, 0), (1, 2), (0, 2)];

    #[test]
    fn exit_matches_the_sextant_definition_everywhere() {
        for q in -7..=7 {
            for r in -7..=7 {
                let v = Hex::new(q, r).cube();
                let matched: Vec<usize> = (0..6)
                    .filter(|&k| {
                        let (hi, lo) = SEXTANT[k];
                        let mid = 3 - hi - lo;
                        v[hi] >= v[mid] && v[mid] >= v[lo]
                    })
                    .collect();
                let want = match matched.as_slice() {
                    [] => Exit::Same,
                    [k] => Exit::Side(*k as u8),
                    [0, 5] => Exit::Corner(5),
                    [k, _] => Exit::Corner(*k as u8),
                    _ => Exit::Same,
                };
                assert_eq!(exit(Hex::default(), Hex::new(q, r)), want, "({q}, {r})");
                // Every direction k really is the hexside the sextant's centre line crosses.
                for (k, d) in DIRECTIONS.iter().enumerate() {
                    assert_eq!(exit(Hex::default(), *d), Exit::Side(k as u8));
                }
            }
        }
    }

    #[test]
    fn the_reverse_line_leaves_through_the_opposite_exit() {
        for q in -9..=9 {
            for r in -9..=9 {
                let (a, b) = (Hex::new(1, -2), Hex::new(1 + q, -2 + r));
                assert_eq!(exit(b, a), exit(a, b).reversed(), "({q}, {r})");
            }
        }
    }

    #[test]
    fn passing_through_is_the_same_both_ways() {
        let a = Hex::new(0, 0);
        for q in -6..=6 {
            for r in -6..=6 {
                let b = Hex::new(q, r);
                for hq in -6..=6 {
                    for hr in -6..=6 {
                        let h = Hex::new(hq, hr);
                        assert_eq!(passes_through(a, b, h), passes_through(b, a, h));
                    }
                }
            }
        }
    }

    #[test]
    fn distance_is_the_hex_metric() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, 0)), 3);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
        assert_eq!(Hex::new(-2, 1).distance(Hex::new(1, 1)), 3);
    }

    #[test]
    fn exits_along_the_six_directions_are_sides() {
        for k in 0..6u8 {
            assert_eq!(
                exit(Hex::default(), Hex::default().step(k, 3)),
                Exit::Side(k)
            );
        }
    }

    #[test]
    fn diagonal_lines_leave_through_corners() {
        // (2,-1) lies exactly between E (0) and NE (5).
        assert_eq!(exit(Hex::default(), Hex::new(2, -1)), Exit::Corner(5));
        // (1,1) lies between E (0) and SE (1).
        assert_eq!(exit(Hex::default(), Hex::new(1, 1)), Exit::Corner(0));
        // (3,-1): inside the E sextant.
        assert_eq!(exit(Hex::default(), Hex::new(3, -1)), Exit::Side(0));
        assert_eq!(exit(Hex::default(), Hex::default()), Exit::Same);
    }

    #[test]
    fn every_corner_is_between_two_adjacent_sides() {
        // Corner k is between sides k and k+1: the diagonals are the sums of adjacent directions.
        for k in 0..6u8 {
            let a = DIRECTIONS[k as usize];
            let b = DIRECTIONS[((k + 1) % 6) as usize];
            assert_eq!(
                exit(Hex::default(), Hex::new(a.q + b.q, a.r + b.r)),
                Exit::Corner(k)
            );
        }
    }

    #[test]
    fn a_line_along_an_edge_passes_through_neither_hex() {
        // From (0,0) to (2,-1) the line runs along the edge between (1,0) and (1,-1).
        let (a, b) = (Hex::new(0, 0), Hex::new(2, -1));
        assert!(!passes_through(a, b, Hex::new(1, 0)));
        assert!(!passes_through(a, b, Hex::new(1, -1)));
    }

    #[test]
    fn a_straight_line_passes_through_the_hexes_between() {
        let (a, b) = (Hex::new(0, 0), Hex::new(3, 0));
        assert!(passes_through(a, b, Hex::new(1, 0)));
        assert!(passes_through(a, b, Hex::new(2, 0)));
        assert!(!passes_through(a, b, Hex::new(1, -1)));
        assert!(!passes_through(a, b, Hex::new(4, 0)));
        assert!(!passes_through(a, b, a));
    }
}
