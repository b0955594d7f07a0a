//! Cold Infinity's map conventions on the shared [`Hex`] grid (§5.4, §7.1.4, D6.1): facings
//! 1–6 numbered **clockwise**, the twelve arc centres (six facings and six vertices, 30°
//! apart) and range in hexes (§7.5.1, §7.7: same hex = range 0).
//!
//! Facing 1 is hex direction 0; facing `f` is direction `−(f − 1)` (clockwise).

use crate::hex::Hex;
use std::sync::LazyLock;

/// A facing, 1–6 clockwise (§5.4, D6.1), stored 0-based.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Facing(u8);

impl Facing {
    /// Facing `n` as printed (1–6; other numbers wrap).
    #[inline]
    pub const fn new(n: i32) -> Facing {
        Facing((n - 1).rem_euclid(6) as u8)
    }

    /// The facing number as printed, 1–6.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// This facing turned `steps` facings clockwise (negative: counter-clockwise).
    #[inline]
    pub const fn turned(self, steps: i32) -> Facing {
        Facing((self.0 as i32 + steps).rem_euclid(6) as u8)
    }

    /// The opposite facing.
    #[inline]
    pub const fn reversed(self) -> Facing {
        self.turned(3)
    }

    /// The unit hex vector through this facing's hex side.
    #[inline]
    pub const fn unit(self) -> Hex {
        Hex::direction(-(self.0 as i32))
    }

    /// Bearing of this facing in degrees, counter-clockwise from facing 1.
    #[inline]
    pub fn bearing_deg(self) -> f64 {
        -60.0 * f64::from(self.0)
    }
}

/// One of the twelve arc centres of §7.1.4: a facing or the vertex between two facings
/// ("2/3" points straight to starboard). Stored as clock steps of 30° clockwise from facing 1
/// (0 = facing 1, 1 = vertex 1/2, 2 = facing 2, …, 11 = vertex 6/1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArcCentre(u8);

impl ArcCentre {
    /// The centre at facing `n` (1–6).
    pub const fn facing(n: i32) -> ArcCentre {
        ArcCentre((2 * (n - 1)).rem_euclid(12) as u8)
    }

    /// The vertex centre between facing `n` and facing `n + 1` (e.g. `vertex(2)` = "2/3").
    pub const fn vertex(n: i32) -> ArcCentre {
        ArcCentre((2 * (n - 1) + 1).rem_euclid(12) as u8)
    }

    /// From 30° clock steps clockwise from facing 1.
    pub const fn from_steps(steps: i32) -> ArcCentre {
        ArcCentre(steps.rem_euclid(12) as u8)
    }

    /// Clock steps of 30° clockwise from facing 1, 0–11.
    pub const fn steps(self) -> u8 {
        self.0
    }

    /// This centre on a ship with the given facing (a ship-relative centre made map-absolute).
    pub const fn on_ship(self, facing: Facing) -> ArcCentre {
        ArcCentre::from_steps(self.0 as i32 + 2 * facing.0 as i32)
    }

    /// The mirror image port ↔ starboard (a 180° roll, or dorsal ↔ keel, §7.1.4.1).
    pub const fn mirrored(self) -> ArcCentre {
        ArcCentre::from_steps(12 - self.0 as i32)
    }

    /// Bearing in degrees, counter-clockwise from facing 1.
    pub fn bearing_deg(self) -> f64 {
        -30.0 * f64::from(self.0)
    }
}

/// Range in hexes between two units (§7.5.1; same hex = 0, §7.7).
#[inline]
pub const fn range(from: Hex, to: Hex) -> i32 {
    from.distance(to)
}

/// Range in three dimensions (§6.5, optional 3-D rules; here for the later 3-D step and the
/// shroud): √(hexes² + layers²) rounded to the nearest whole number, in integers.
pub const fn range_3d(hexes: i32, layers: i32) -> i32 {
    let s = hexes * hexes + layers * layers;
    let mut n = 0;
    while (n + 1) * (n + 1) <= s {
        n += 1;
    }
    // Round half up: s ≥ n² + n + 1 ⇔ √s > n + ½ (s and n integers).
    if s - n * n > n { n + 1 } else { n }
}

/// How far the bearing table reaches, in `q` and in `r`.
pub(super) const BEARING_REACH: i32 = 64;
/// Rows (and columns) of the bearing table.
const BEARING_SIDE: i32 = 2 * BEARING_REACH + 1;

/// [`Hex::bearing_deg`] of every vector within ±[`BEARING_REACH`] in `q` and `r`, computed once
/// by that call (so the same bits): arcs, aspects and sections need a bearing per candidate
/// position and target, and `atan2` was most of their cost.
static BEARINGS: LazyLock<[f64; (BEARING_SIDE * BEARING_SIDE) as usize]> = LazyLock::new(|| {
    std::array::from_fn(|k| {
        let k = k as i32;
        Hex::new(
            k / BEARING_SIDE - BEARING_REACH,
            k % BEARING_SIDE - BEARING_REACH,
        )
        .bearing_deg()
    })
});

/// The bearing of vector `d` in degrees, exactly [`Hex::bearing_deg`] (from a table within
/// reach).
#[inline]
pub fn bearing_deg(d: Hex) -> f64 {
    let (q, r) = (d.q + BEARING_REACH, d.r + BEARING_REACH);
    if (0..BEARING_SIDE).contains(&q) && (0..BEARING_SIDE).contains(&r) {
        BEARINGS[(q * BEARING_SIDE + r) as usize]
    } else {
        d.bearing_deg()
    }
}

/// The difference of two bearings, normalised to `[−180, 180]`.
#[inline]
pub fn angle_between(a: f64, b: f64) -> f64 {
    // Whole turns off by subtraction, not `fmod` (bearings are within a turn or two, so one or
    // two steps): each step is exact (both are multiples of the difference's ulp), so the
    // result is `fmod`'s then normalised, except that an exact −360 gives +0 instead of −0.
    let mut d = a - b;
    while d > 180.0 {
        d -= 360.0;
    }
    while d < -180.0 {
        d += 360.0;
    }
    d
}

/// Bearing of `to` seen from `from`, relative to `facing` (0 = dead ahead; positive =
/// counter-clockwise = to port). `None` in the same hex (§7.7 uses the positions before
/// arrival; the caller passes those).
pub fn relative_bearing(from: Hex, facing: Facing, to: Hex) -> Option<f64> {
    let d = to.sub(from);
    if d.is_zero() {
        return None;
    }
    Some(angle_between(bearing_deg(d), facing.bearing_deg()))
}

/// Same hex (§7.7): arcs and sections use the positions just before arrival — the later
/// arriving unit is stepped back one hex along the path it moved this turn (`start` → `end`).
/// Where the path runs along a hex edge the first of the two candidate hexes is taken (our
/// reading; the text has no rule for it). A unit that did not move stays where it is.
pub fn before_arrival(start: Hex, end: Hex) -> Hex {
    let n = start.distance(end);
    if n == 0 {
        return end;
    }
    start
        .line_to(end)
        .nth((n - 1) as usize)
        .map_or(start, |(a, _)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tabled bearings are [`Hex::bearing_deg`]'s, bit for bit, in reach and beyond it.
    #[test]
    fn tabled_bearings_are_exact() {
        for q in -60..=60 {
            for r in -60..=60 {
                let d = Hex::new(q, r);
                assert_eq!(bearing_deg(d).to_bits(), d.bearing_deg().to_bits(), "{d:?}");
            }
        }
    }

    /// `angle_between` by subtraction gives `fmod`'s answer bit for bit (the old code) for every
    /// bearing of the table against every facing and arc-centre axis.
    #[test]
    fn angle_between_matches_fmod() {
        let old = |a: f64, b: f64| {
            let mut d = (a - b) % 360.0;
            if d > 180.0 {
                d -= 360.0;
            } else if d < -180.0 {
                d += 360.0;
            }
            d
        };
        for q in -BEARING_REACH..=BEARING_REACH {
            for r in -BEARING_REACH..=BEARING_REACH {
                let a = bearing_deg(Hex::new(q, r));
                for steps in 0..12 {
                    let b = ArcCentre::from_steps(steps).bearing_deg();
                    let (x, y) = (angle_between(a, b), old(a, b));
                    assert!(
                        x == y && (x.to_bits() == y.to_bits() || x == 0.0),
                        "{a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn facings_run_clockwise() {
        // Facing 2 is 60° clockwise of facing 1.
        assert!((angle_between(Facing::new(2).unit().bearing_deg(), 0.0) + 60.0).abs() < 1e-9);
        for n in 1..=6 {
            let f = Facing::new(n);
            assert_eq!(f.number() as i32, n);
            assert_eq!(f.turned(1).unit(), f.unit().rotate_ccw(-1));
            assert_eq!(f.reversed().unit(), f.unit().neg());
        }
        assert_eq!(Facing::new(2).turned(-2), Facing::new(6));
    }

    #[test]
    fn arc_centres() {
        assert_eq!(ArcCentre::vertex(2).steps(), 3);
        assert!(
            (ArcCentre::vertex(2).bearing_deg() + 90.0).abs() < 1e-9,
            "2/3 = starboard"
        );
        assert_eq!(ArcCentre::vertex(2).mirrored(), ArcCentre::vertex(5));
        assert_eq!(
            ArcCentre::facing(1).on_ship(Facing::new(3)),
            ArcCentre::facing(3)
        );
        assert_eq!(ArcCentre::facing(4).mirrored(), ArcCentre::facing(4));
    }

    /// §7.7: the later arrival is stepped back one hex along its path.
    #[test]
    fn same_hex_positions_before_arrival() {
        let start = Hex::default();
        let end = Facing::new(2).unit().scale(4);
        assert_eq!(before_arrival(start, end), Facing::new(2).unit().scale(3));
        assert_eq!(before_arrival(end, end), end);
        assert_eq!(before_arrival(start, Facing::new(1).unit()), start);
    }

    /// §6.5 example: 14 hexes apart on the map, layers +4 and −6 (10 apart): range 17; the
    /// "friendly game" sum would give 24.
    #[test]
    fn example_6_5_range_in_three_dimensions() {
        assert_eq!(range_3d(14, 10), 17);
        assert_eq!(14 + 10, 24);
        assert_eq!(range_3d(5, 0), 5);
        assert_eq!(range_3d(1, 1), 1);
        assert_eq!(range_3d(3, 4), 5);
        for h in 0..30 {
            for z in 0..30 {
                let exact = f64::from(h * h + z * z).sqrt().round() as i32;
                assert_eq!(range_3d(h, z), exact, "{h} {z}");
            }
        }
    }

    #[test]
    fn relative_bearings() {
        let o = Hex::default();
        let f1 = Facing::new(1);
        assert_eq!(relative_bearing(o, f1, o), None);
        let b = relative_bearing(o, f1, Facing::new(2).unit()).unwrap();
        assert!((b + 60.0).abs() < 1e-9);
        let b = relative_bearing(o, Facing::new(4), Facing::new(1).unit()).unwrap();
        assert!((b.abs() - 180.0).abs() < 1e-9);
    }
}
