//! Terrain (seed ch. 8 "Terrain"): pieces made of circular zones, their attributes, and the
//! geometry the battle asks about — what lies between two centre points, and what a point is
//! inside. "Terrain features may overlap each other and the effects of multiple terrain
//! features stack": every zone a line crosses (or a point lies in) adds its own effect.
//!
//! Shapes are not given by the text (G26): a zone is a disc, or a ring around the piece's
//! centre for the "inner band / outer band" pieces. "Between" (G24) means the segment between
//! the two centre points meets the zone.

use crate::geometry::Vec2;

/// Zones per piece (a core and one band around it covers every example of the text).
pub const MAX_ZONES: usize = 2;

/// The attributes of one zone (ch. 8 "Terrain Attributes"). Mobile belongs to the whole
/// piece ([`TerrainPiece::mobile`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attributes {
    /// Solid: "prevent attacks between two Ships located on opposite sides, and ending your
    /// movement inside Solid terrain results in the immediate destruction of the Ship".
    pub solid: bool,
    /// Concealing: "treated as Solid terrain for purposes of determining if a Ship may perform
    /// an attack. A Ship inside this terrain feature does not ignore this attribute."
    pub concealing: bool,
    /// Obscuring (X): −X Accuracy to attacks with this zone between the ships.
    pub obscuring: u8,
    /// Dangerous (X): X damage per Size to a ship inside it when the Resolution phase begins.
    pub dangerous: u8,
    /// Hazardous (X): X damage per Size to a ship ending its move inside without having used a
    /// [Navigate] order or command this turn.
    pub hazardous: u8,
    /// Blocking: the defender may have one d6 of an attack through it rerolled.
    pub blocking: bool,
    /// Push (X > 0) or Pull (X < 0): at the end of a ship's movement, move it X away from
    /// (toward) the centre of the terrain.
    pub push: i8,
    /// The push or pull goes in a random direction ("Push 1 (Random)"): a d6 picks one of six
    /// directions 60° apart (fixed reading).
    pub push_random: bool,
}

impl Attributes {
    /// Whether the zone changes anything.
    pub fn any(&self) -> bool {
        *self != Attributes::default()
    }
}

/// One zone of a piece: the disc `distance ≤ outer` when `inner` is 0, else the ring
/// `inner < distance ≤ outer` around the piece's centre.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Zone {
    /// Inner radius (0 for a disc).
    pub inner: f64,
    /// Outer radius.
    pub outer: f64,
    /// What it does.
    pub attrs: Attributes,
}

impl Zone {
    /// Whether point `p` (relative to the piece's centre: `d2` = squared distance) is inside.
    #[inline]
    fn holds(&self, d2: f64) -> bool {
        d2 <= self.outer * self.outer && (self.inner <= 0.0 || d2 > self.inner * self.inner)
    }
}

/// A terrain piece on the table. `Copy`, so a battle resets its (possibly moving) terrain by
/// copying templates.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TerrainPiece {
    /// Centre point (zones are centred on it; Push/Pull measure from it).
    pub centre: Vec2,
    /// Mobile (X): distance moved along `track` at the start of every Resolution phase.
    pub mobile: f64,
    /// Unit vector of a Mobile piece's preset track ("Determine and mark the direction the
    /// terrain will move").
    pub track: Vec2,
    /// Zones, innermost first.
    pub zones: [Zone; MAX_ZONES],
    /// Zones in use.
    pub n_zones: u8,
}

impl TerrainPiece {
    /// The zones in use.
    #[inline]
    pub fn zones(&self) -> &[Zone] {
        &self.zones[..usize::from(self.n_zones)]
    }

    /// The zone holding `p`, if any (zones of one piece do not overlap).
    pub fn zone_at(&self, p: Vec2) -> Option<&Zone> {
        let d = p - self.centre;
        let d2 = d.dot(d);
        self.zones().iter().find(|z| z.holds(d2))
    }

    /// The square of the largest outer radius of its zones: nothing of the piece lies farther
    /// from its centre.
    #[inline]
    pub fn reach_squared(&self) -> f64 {
        self.zones()
            .iter()
            .map(|z| z.outer * z.outer)
            .fold(0.0, f64::max)
    }

    /// Whether `p` is inside the piece (any zone).
    pub fn contains(&self, p: Vec2) -> bool {
        self.zone_at(p).is_some()
    }
}

/// What lies on the line between an attacker and its target (ch. 4 step 2, ch. 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineOfSight {
    /// Solid terrain between: no attack.
    pub solid: bool,
    /// Concealing terrain between, or around either ship: no attack.
    pub concealing: bool,
    /// Summed Obscuring X of every zone between (they stack).
    pub obscuring: u8,
    /// Blocking terrain between: the defender may force a reroll.
    pub blocking: bool,
}

impl LineOfSight {
    /// Nothing in the way.
    pub const CLEAR: LineOfSight = LineOfSight {
        solid: false,
        concealing: false,
        obscuring: 0,
        blocking: false,
    };

    /// Whether terrain forbids the attack ("Solid or Concealing terrain between them").
    #[inline]
    pub fn blocked(&self) -> bool {
        self.solid || self.concealing
    }
}

/// Squared distance from `c` to the segment `a`–`b`.
#[inline]
fn segment_distance_squared(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let ab = b - a;
    let ac = c - a;
    let len2 = ab.dot(ab);
    let t = if len2 > 0.0 {
        (ac.dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = ac - ab * t;
    q.dot(q)
}

/// Whether the segment `a`–`b` meets `zone` of a piece centred on `c` (G24). A ring is missed
/// only by segments that stay inside its hole or pass outside it (a disc is convex, so a
/// segment with both ends in the hole stays there).
fn crosses(zone: &Zone, c: Vec2, a: Vec2, b: Vec2) -> bool {
    crosses_at(zone, segment_distance_squared(a, b, c), c, a, b)
}

/// [`crosses`] given the segment's squared distance `sd2` from the centre (one per piece).
#[inline]
fn crosses_at(zone: &Zone, sd2: f64, c: Vec2, a: Vec2, b: Vec2) -> bool {
    if sd2 > zone.outer * zone.outer {
        return false;
    }
    if zone.inner > 0.0 {
        let r2 = zone.inner * zone.inner;
        let (da, db) = (a - c, b - c);
        if da.dot(da) < r2 && db.dot(db) < r2 {
            return false;
        }
    }
    true
}

/// The terrain between an attacker at `from` and a target at `to`. "Unless predetermined by
/// the players, a Ship within a terrain feature ignores that terrain for its own Attacks" —
/// except Concealing, which the ship inside does not ignore.
pub fn line_of_sight(pieces: &[TerrainPiece], from: Vec2, to: Vec2) -> LineOfSight {
    line_of_sight_with(pieces, from, to, true)
}

/// The terrain between a point that is not a ship (a missile token, G20) and a target: as
/// [`line_of_sight`], but nothing is ignored for being "within a terrain feature" (that is a
/// Ship's privilege).
pub fn line_of_sight_from_point(pieces: &[TerrainPiece], from: Vec2, to: Vec2) -> LineOfSight {
    line_of_sight_with(pieces, from, to, false)
}

fn line_of_sight_with(
    pieces: &[TerrainPiece],
    from: Vec2,
    to: Vec2,
    ship_ignores_its_own: bool,
) -> LineOfSight {
    let mut los = LineOfSight::CLEAR;
    for p in pieces {
        // A line that passes outside the piece's outermost zone meets none of it (and its
        // attacker is not inside it): one distance per piece, not one per zone.
        let sd2 = segment_distance_squared(from, to, p.centre);
        if sd2 > p.reach_squared() {
            continue;
        }
        // "Within a terrain feature": any zone of the piece.
        let attacker_inside = ship_ignores_its_own && p.contains(from);
        for z in p.zones() {
            if !crosses_at(z, sd2, p.centre, from, to) {
                continue;
            }
            los.concealing |= z.attrs.concealing;
            if attacker_inside {
                continue;
            }
            los.solid |= z.attrs.solid;
            los.obscuring = los.obscuring.saturating_add(z.attrs.obscuring);
            los.blocking |= z.attrs.blocking;
        }
    }
    los
}

/// Whether Solid or Concealing terrain stops an attack from `from` to `to`: the same answer as
/// `line_of_sight(..).blocked()`, asking only the pieces that have such a zone (a field of
/// Hazardous asteroids or an Obscuring cloud never hides a ship).
pub fn sight_blocked(pieces: &[TerrainPiece], from: Vec2, to: Vec2) -> bool {
    pieces.iter().any(|p| {
        p.zones()
            .iter()
            .any(|z| z.attrs.solid || z.attrs.concealing)
            && line_of_sight(std::slice::from_ref(p), from, to).blocked()
    })
}

/// Whether Solid terrain lies directly between two points, the attacker's own zone included
/// (Mark Target's "does not have Solid terrain directly between them"; missile tokens, G20).
pub fn solid_between(pieces: &[TerrainPiece], from: Vec2, to: Vec2) -> bool {
    pieces.iter().any(|p| {
        p.zones()
            .iter()
            .any(|z| z.attrs.solid && crosses(z, p.centre, from, to))
    })
}

/// What a point is inside, summed over every zone holding it (effects stack).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Surroundings {
    /// Inside Solid terrain.
    pub solid: bool,
    /// Summed Dangerous X.
    pub dangerous: u32,
    /// Summed Hazardous X.
    pub hazardous: u32,
    /// Any Push/Pull zone.
    pub push: bool,
}

/// The terrain around point `p`.
pub fn surroundings(pieces: &[TerrainPiece], p: Vec2) -> Surroundings {
    let mut s = Surroundings::default();
    for piece in pieces {
        if let Some(z) = piece.zone_at(p) {
            s.solid |= z.attrs.solid;
            s.dangerous += u32::from(z.attrs.dangerous);
            s.hazardous += u32::from(z.attrs.hazardous);
            s.push |= z.attrs.push != 0;
        }
    }
    s
}

/// Where a Push (X > 0) or Pull (X < 0) zone centred on `centre` moves a ship at `p`:
/// X along the line from the centre (away) or to it (toward, never past the centre). A ship
/// exactly at the centre is pushed along `fallback` (its facing).
pub fn displaced(p: Vec2, centre: Vec2, x: i8, fallback: Vec2) -> Vec2 {
    let d = p - centre;
    let len = d.length();
    let x = f64::from(x);
    if x < 0.0 {
        return p.toward(centre, -x);
    }
    let dir = if len > 1e-9 {
        d * (1.0 / len)
    } else {
        fallback
    };
    p + dir * x
}

/// The six directions of a random Push/Pull, picked by a d6 (fixed reading of "(Random)").
pub fn random_direction(d6: u8) -> Vec2 {
    const DIRS: [(f64, f64); 6] = [
        (1.0, 0.0),
        (0.5, 0.866_025_403_784_438_6),
        (-0.5, 0.866_025_403_784_438_6),
        (-1.0, 0.0),
        (-0.5, -0.866_025_403_784_438_6),
        (0.5, -0.866_025_403_784_438_6),
    ];
    let (x, y) = DIRS[usize::from(d6.clamp(1, 6) - 1)];
    Vec2::new(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disc(x: f64, y: f64, r: f64, attrs: Attributes) -> TerrainPiece {
        let mut p = TerrainPiece {
            centre: Vec2::new(x, y),
            n_zones: 1,
            ..TerrainPiece::default()
        };
        p.zones[0] = Zone {
            inner: 0.0,
            outer: r,
            attrs,
        };
        p
    }

    #[test]
    fn segment_meets_disc_only_when_close_enough() {
        let z = Zone {
            inner: 0.0,
            outer: 2.0,
            attrs: Attributes::default(),
        };
        let c = Vec2::new(5.0, 1.9);
        assert!(crosses(&z, c, Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)));
        let c = Vec2::new(5.0, 2.1);
        assert!(!crosses(&z, c, Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)));
        // Beyond the segment's end: not between.
        let c = Vec2::new(13.0, 0.0);
        assert!(!crosses(&z, c, Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)));
    }

    #[test]
    fn ring_hole_is_not_the_ring() {
        let z = Zone {
            inner: 3.0,
            outer: 6.0,
            attrs: Attributes::default(),
        };
        let c = Vec2::new(0.0, 0.0);
        assert!(!crosses(&z, c, Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)));
        assert!(crosses(&z, c, Vec2::new(-1.0, 0.0), Vec2::new(4.0, 0.0)));
        assert!(crosses(&z, c, Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0)));
    }

    #[test]
    fn pull_stops_at_the_centre_push_goes_straight_out() {
        let c = Vec2::new(0.0, 0.0);
        let f = Vec2::new(1.0, 0.0);
        assert_eq!(displaced(Vec2::new(0.5, 0.0), c, -1, f), c);
        assert_eq!(
            displaced(Vec2::new(3.0, 0.0), c, -1, f),
            Vec2::new(2.0, 0.0)
        );
        assert_eq!(displaced(Vec2::new(0.0, 3.0), c, 2, f), Vec2::new(0.0, 5.0));
        assert_eq!(displaced(c, c, 1, f), Vec2::new(1.0, 0.0));
    }

    #[test]
    fn obscuring_zones_stack_and_the_attacker_inside_ignores_them() {
        let o1 = Attributes {
            obscuring: 1,
            ..Attributes::default()
        };
        let o2 = Attributes {
            obscuring: 2,
            ..Attributes::default()
        };
        let pieces = [disc(5.0, 0.0, 1.0, o1), disc(6.0, 0.5, 1.0, o2)];
        let los = line_of_sight(&pieces, Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0));
        assert_eq!(los.obscuring, 3);
        // From inside the first cloud: only the second counts.
        let los = line_of_sight(&pieces, Vec2::new(5.0, 0.0), Vec2::new(10.0, 0.0));
        assert_eq!(los.obscuring, 2);
        // The target inside a cloud is still obscured.
        let los = line_of_sight(&pieces, Vec2::new(10.0, 0.0), Vec2::new(5.0, 0.0));
        assert_eq!(los.obscuring, 3);
    }
}
