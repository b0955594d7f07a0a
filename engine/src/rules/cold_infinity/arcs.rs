//! Firing arcs (§7.1.4, D7.1, D19 4): a weapon's arc is a centre (one of twelve, relative to the
//! ship's nose) and a shape. The diagrams are lost, so the shapes are **data**
//! ([`ArcGeometry`], default [`ArcGeometry::DIGEST`]): a target is in arc when the bearing from
//! the firer's hex centre to the target's hex centre is within the shape's half-width of the
//! centre (boundary inside: "shaded in whole or in part"), or, for every shape, when the centre
//! ray itself crosses or touches the target hex. The firer's own hex is inside every arc (§7.7
//! uses positions before arrival; the caller passes those).

use super::geometry::{ArcCentre, Facing, angle_between, bearing_deg};
use super::movement::Quarter;
use super::movement::readings::RotatedArcs;
use crate::hex::Hex;
use std::sync::LazyLock;

/// An arc shape (§7.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArcShape {
    /// Fixed: along the centre ray.
    Fixed,
    /// Narrow.
    Narrow,
    /// Standard.
    Standard,
    /// Wide.
    Wide,
    /// Turret: all around (DT/KT on the SDS).
    Turret,
}

/// A weapon's firing arc (D16 `FiringArc`): its centre relative to the nose, shape and, for
/// turrets, whether it is a keel turret (§7.1.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FiringArc {
    /// Centre, relative to the ship (facing 1 = the nose).
    pub centre: ArcCentre,
    /// Shape.
    pub shape: ArcShape,
    /// A keel turret (the mirror of a dorsal one when rolled or tumbled).
    pub keel: bool,
}

/// The reconstructed arc shapes (D19 4): half-widths in degrees for Fixed, Narrow, Standard
/// and Wide (Turret is all around).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArcGeometry {
    /// Half-width of Fixed, Narrow, Standard, Wide.
    pub half_width_deg: [f64; 4],
}

impl ArcGeometry {
    /// The digest's default (D19 4): ±10°, ±30°, ±60°, ±90°. Checked against the only seed
    /// datum, §7.1.4.3: a Narrow 2/3 arc covers 2, 3 and 4 hexes at ranges 1, 2, 3.
    pub const DIGEST: ArcGeometry = ArcGeometry {
        half_width_deg: [10.0, 30.0, 60.0, 90.0],
    };
    /// An alternative, one step wider: ±10°, ±60°, ±90°, ±120° (Narrow = a facing's two
    /// neighbours, Wide = more than a half-plane). It breaks the §7.1.4.3 count (Narrow 2/3
    /// would cover 2/5/6), so it is a sensitivity check, not a rival reading.
    pub const WIDER: ArcGeometry = ArcGeometry {
        half_width_deg: [10.0, 60.0, 90.0, 120.0],
    };

    /// The half-width of a shape (`None` for a turret: everything).
    pub const fn half_width(&self, shape: ArcShape) -> Option<f64> {
        match shape {
            ArcShape::Fixed => Some(self.half_width_deg[0]),
            ArcShape::Narrow => Some(self.half_width_deg[1]),
            ArcShape::Standard => Some(self.half_width_deg[2]),
            ArcShape::Wide => Some(self.half_width_deg[3]),
            ArcShape::Turret => None,
        }
    }
}

const EPS: f64 = 1e-9;
/// Circumradius of a hex whose neighbours' centres are 1 apart.
const HEX_RADIUS: f64 = 0.577_350_269_189_625_8;

/// The trigonometry of one arc centre's ray, computed once: the sine and cosine of its bearing
/// and the hex's half-extent across it, `R·cos δ` (δ the angle from the ray's normal to the
/// nearest vertex direction; hex vertices sit at 30° + 60°k).
#[derive(Clone, Copy, Debug)]
struct Ray {
    sin: f64,
    cos: f64,
    half_extent: f64,
}

impl Ray {
    fn along(bearing_deg: f64) -> Ray {
        let (sin, cos) = bearing_deg.to_radians().sin_cos();
        let normal = bearing_deg + 90.0;
        let x = (normal - 30.0).rem_euclid(60.0);
        let delta = x.min(60.0 - x);
        Ray {
            sin,
            cos,
            half_extent: HEX_RADIUS * delta.to_radians().cos(),
        }
    }
}

/// The twelve centre rays (one per [`ArcCentre`]), with the arithmetic [`Ray::along`] does.
static RAYS: LazyLock<[Ray; 12]> = LazyLock::new(|| {
    std::array::from_fn(|k| Ray::along(ArcCentre::from_steps(k as i32).bearing_deg()))
});

/// Whether the centre ray of `centre` from the origin crosses or touches hex `h` (ahead of the
/// origin).
fn ray_touches(centre: ArcCentre, h: Hex) -> bool {
    let ray = RAYS[usize::from(centre.steps())];
    let (x, y) = h.to_point();
    let along = x * ray.cos + y * ray.sin;
    let across = (-x * ray.sin + y * ray.cos).abs();
    along > 0.0 && across <= ray.half_extent + EPS
}

/// The map-absolute arc of `arc` on a ship with nose `facing` and roll/tumble state (§7.1.4.1):
/// turrets become Wide arcs when rolled or tumbled 90° (dorsal: rolled to port → 5/6, to
/// starboard → 2/3, tumbled forward → 1, aft → 4; keel turrets the opposite), a 180° roll
/// mirrors port and starboard, a 180° tumble mirrors fore and aft. `None`: the arc cannot bear
/// (house rule `rotated_arcs` = `OffPlaneBlind`).
pub fn effective_arc(
    arc: FiringArc,
    facing: Facing,
    roll: Quarter,
    tumble: Quarter,
    rule: RotatedArcs,
) -> Option<(ArcCentre, ArcShape)> {
    let mut centre = arc.centre;
    let mut shape = arc.shape;
    if shape == ArcShape::Turret {
        // Which way the dorsal side points, if off the vertical.
        let dorsal = match (roll.0, tumble.0) {
            (1, _) => Some(ArcCentre::vertex(2)), // rolled to starboard: 2/3
            (3, _) => Some(ArcCentre::vertex(5)), // rolled to port: 5/6
            (_, 1) => Some(ArcCentre::facing(1)), // tumbled forward: 1
            (_, 3) => Some(ArcCentre::facing(4)), // tumbled aft: 4
            _ => None,
        };
        if let Some(d) = dorsal {
            centre = if arc.keel {
                ArcCentre::from_steps(i32::from(d.steps()) + 6)
            } else {
                d
            };
            shape = ArcShape::Wide;
        }
        return Some((centre.on_ship(facing), shape));
    }
    if roll.is_flipped() {
        centre = centre.mirrored();
    }
    if tumble.is_flipped() {
        centre = ArcCentre::from_steps(6 - i32::from(centre.steps()));
    }
    if rule == RotatedArcs::OffPlaneBlind {
        let s = centre.steps();
        if (!roll.is_level() && !s.is_multiple_of(6)) || (!tumble.is_level() && s % 6 != 3) {
            return None;
        }
    }
    Some((centre.on_ship(facing), shape))
}

/// Whether `target` is inside a map-absolute arc (`centre`, `shape`) fired from `firer`
/// (§7.1.4, D19 4).
#[inline]
pub fn in_arc(
    geometry: &ArcGeometry,
    centre: ArcCentre,
    shape: ArcShape,
    firer: Hex,
    target: Hex,
) -> bool {
    Bearing::new(geometry, centre, shape).covers(target.sub(firer))
}

/// One map-absolute arc (`centre`, `shape`) of a geometry, looked up once: [`in_arc`] for any
/// displacement from the firer with no per-call choice of table block (the thrust plan asks
/// the same arc for every acceleration of a pivot).
#[derive(Clone, Copy, Debug)]
pub struct Bearing {
    /// The arc's block of [`DIGEST_TABLE`] (default geometry), else `None`.
    block: Option<&'static [u64; TABLE_WORDS]>,
    /// The shape's half-width (`None`: a turret, everything).
    half: Option<f64>,
    /// The centre.
    centre: ArcCentre,
}

impl Bearing {
    /// The arc (`centre`, `shape`) of `geometry`.
    pub fn new(geometry: &ArcGeometry, centre: ArcCentre, shape: ArcShape) -> Bearing {
        let half = geometry.half_width(shape);
        let block = (half.is_some() && *geometry == ArcGeometry::DIGEST)
            .then(|| &DIGEST_TABLE[half_width_index(shape) * 12 + usize::from(centre.steps())]);
        Bearing {
            block,
            half,
            centre,
        }
    }

    /// Whether displacement `d` from the firer is in the arc (the firer's own hex always is).
    #[inline]
    pub fn covers(&self, d: Hex) -> bool {
        if d.is_zero() {
            return true;
        }
        let Some(half) = self.half else {
            return true;
        };
        match self.block {
            Some(block) if d.q.abs() <= TABLE_REACH && d.r.abs() <= TABLE_REACH => {
                let k = ((d.q + TABLE_REACH) * TABLE_SIDE + d.r + TABLE_REACH) as usize;
                (block[k / 64] >> (k % 64)) & 1 == 1
            }
            _ => within(half, self.centre, d),
        }
    }
}

/// Whether displacement `d` (not zero) lies within `half` degrees of `centre` or on its ray:
/// the arc test itself, per call.
fn within(half: f64, centre: ArcCentre, d: Hex) -> bool {
    let axis = centre.bearing_deg();
    angle_between(bearing_deg(d), axis).abs() <= half + EPS || ray_touches(centre, d)
}

/// How far the in-arc table reaches from the firer, in `q` and in `r` (farther: per call) —
/// the bearing table's reach, so building it takes no `atan2`.
const TABLE_REACH: i32 = super::geometry::BEARING_REACH;
/// Rows (and columns) of one block of the in-arc table.
const TABLE_SIDE: i32 = 2 * TABLE_REACH + 1;
/// 64-bit words of one block.
const TABLE_WORDS: usize = ((TABLE_SIDE * TABLE_SIDE) as usize).div_ceil(64);

/// The in-arc answers of the default geometry ([`ArcGeometry::DIGEST`], the one every shipped
/// config plays), one bit per displacement within [`TABLE_REACH`], a block per (shape, centre),
/// all built together on first use from [`within`] — the same answers, read instead of
/// computed (the thrust plan asks for each of its candidates). Built whole, not block by block
/// as battles first need them, so no battle pays for a block.
static DIGEST_TABLE: LazyLock<[[u64; TABLE_WORDS]; 48]> = LazyLock::new(|| {
    let mut table = [[0u64; TABLE_WORDS]; 48];
    let halves = ArcGeometry::DIGEST.half_width_deg;
    for q in -TABLE_REACH..=TABLE_REACH {
        for r in -TABLE_REACH..=TABLE_REACH {
            let d = Hex::new(q, r);
            let k = ((q + TABLE_REACH) * TABLE_SIDE + r + TABLE_REACH) as usize;
            for (row, &half) in halves.iter().enumerate() {
                for c in 0..12 {
                    if d.is_zero() || within(half, ArcCentre::from_steps(c as i32), d) {
                        table[row * 12 + c][k / 64] |= 1 << (k % 64);
                    }
                }
            }
        }
    }
    table
});

/// Index of a non-turret shape in [`ArcGeometry::half_width_deg`].
const fn half_width_index(shape: ArcShape) -> usize {
    match shape {
        ArcShape::Fixed => 0,
        ArcShape::Narrow => 1,
        ArcShape::Standard => 2,
        ArcShape::Wide | ArcShape::Turret => 3,
    }
}

/// Whether a weapon on a ship can bear on `target` (§7.1.4, §7.1.4.1).
#[allow(clippy::too_many_arguments)]
pub fn can_bear(
    geometry: &ArcGeometry,
    rule: RotatedArcs,
    arc: FiringArc,
    firer: Hex,
    facing: Facing,
    roll: Quarter,
    tumble: Quarter,
    target: Hex,
) -> bool {
    match effective_arc(arc, facing, roll, tumble, rule) {
        Some((centre, shape)) => in_arc(geometry, centre, shape, firer, target),
        None => false,
    }
}

/// Optional abstracted arcs, System 1 (§7.1.4.2): every arc is treated as Wide; the to-hit DRM
/// is Standard −1, Narrow −2, Fixed −3 (Wide and Turret 0).
pub const fn abstracted_system1_drm(shape: ArcShape) -> i32 {
    match shape {
        ArcShape::Fixed => -3,
        ArcShape::Narrow => -2,
        ArcShape::Standard => -1,
        ArcShape::Wide | ArcShape::Turret => 0,
    }
}

/// Optional abstracted arcs, System 2 (§7.1.4.2): no arcs; the DRM by the ship-relative
/// direction (of twelve) the target lies in: 1 → 0; 1/2, 2, 6, 6/1 → −1; 2/3, 5/6 → −2;
/// 3, 3/4, 4/5, 5 → −3; 4 → −4. `relative` is the target's direction from the nose.
pub const fn abstracted_system2_drm(relative: ArcCentre) -> i32 {
    match relative.steps() {
        0 => 0,
        1 | 2 | 10 | 11 => -1,
        3 | 9 => -2,
        4 | 5 | 7 | 8 => -3,
        _ => -4,
    }
}

/// The nearest of the twelve directions to a target, relative to the nose (for System 2,
/// §7.1.4.2).
pub fn relative_direction(firer: Hex, facing: Facing, target: Hex) -> ArcCentre {
    let d = target.sub(firer);
    let rel = angle_between(bearing_deg(d), facing.bearing_deg());
    // Bearings are counter-clockwise; arc centres count clockwise.
    ArcCentre::from_steps((-rel / 30.0).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first form of the ray test, trigonometry per call: the specification of the
    /// tabled [`ray_touches`].
    fn ray_touches_per_call(bearing_deg: f64, h: Hex) -> bool {
        let (x, y) = h.to_point();
        let (s, c) = bearing_deg.to_radians().sin_cos();
        let along = x * c + y * s;
        let across = (-x * s + y * c).abs();
        let normal = bearing_deg + 90.0;
        let x = (normal - 30.0).rem_euclid(60.0);
        let delta = x.min(60.0 - x);
        along > 0.0 && across <= HEX_RADIUS * delta.to_radians().cos() + EPS
    }

    /// The tabled rays answer as the per-call trigonometry for every centre and every hex
    /// within 20.
    #[test]
    fn tabled_rays_match_the_per_call_trigonometry() {
        for k in 0..12 {
            let centre = ArcCentre::from_steps(k);
            for q in -20..=20 {
                for r in -20..=20 {
                    let h = Hex::new(q, r);
                    assert_eq!(
                        ray_touches(centre, h),
                        ray_touches_per_call(centre.bearing_deg(), h)
                    );
                }
            }
        }
    }

    fn count_in_ring(g: &ArcGeometry, centre: ArcCentre, shape: ArcShape, n: i32) -> usize {
        let o = Hex::default();
        let mut count = 0;
        for q in -n..=n {
            for r in -n..=n {
                let h = Hex::new(q, r);
                if h.length() == n && in_arc(g, centre, shape, o, h) {
                    count += 1;
                }
            }
        }
        count
    }

    /// §7.1.4.3 (its own-layer part): a Narrow 2/3 arc covers 2 hexes at range 1, 3 at range 2
    /// and 4 at range 3.
    #[test]
    fn example_7_1_4_3_narrow_2_3_counts() {
        let g = ArcGeometry::DIGEST;
        let c = ArcCentre::vertex(2);
        let counts: Vec<usize> = (1..=3)
            .map(|n| count_in_ring(&g, c, ArcShape::Narrow, n))
            .collect();
        assert_eq!(counts, [2, 3, 4]);
        let wider: Vec<usize> = (1..=3)
            .map(|n| count_in_ring(&ArcGeometry::WIDER, c, ArcShape::Narrow, n))
            .collect();
        assert_eq!(wider, [2, 5, 6]);
    }

    /// Exact counts of the default shapes per ring (facing-1 centre): the data a reader checks
    /// against any recovered diagram.
    #[test]
    fn default_shape_ring_counts() {
        let g = ArcGeometry::DIGEST;
        let f1 = ArcCentre::facing(1);
        let ring = |s, n| count_in_ring(&g, f1, s, n);
        // Fixed along a facing: the ray's hexes, plus ±10° hexes further out.
        assert_eq!(
            (1..=6)
                .map(|n| ring(ArcShape::Fixed, n))
                .collect::<Vec<_>>(),
            [1, 1, 1, 1, 1, 3]
        );
        assert_eq!(
            (1..=3)
                .map(|n| ring(ArcShape::Narrow, n))
                .collect::<Vec<_>>(),
            [1, 3, 3]
        );
        assert_eq!(
            (1..=3)
                .map(|n| ring(ArcShape::Standard, n))
                .collect::<Vec<_>>(),
            [3, 5, 7]
        );
        assert_eq!(
            (1..=3).map(|n| ring(ArcShape::Wide, n)).collect::<Vec<_>>(),
            [3, 7, 9]
        );
        assert_eq!(ring(ArcShape::Turret, 3), 18);
        // Fixed along a vertex (2/3): the ray runs along hex edges, so both hexes count.
        let v = ArcCentre::vertex(2);
        assert_eq!(
            (1..=2)
                .map(|n| count_in_ring(&g, v, ArcShape::Fixed, n))
                .collect::<Vec<_>>(),
            [2, 1]
        );
    }

    #[test]
    fn own_hex_is_in_every_arc() {
        let g = ArcGeometry::DIGEST;
        assert!(in_arc(
            &g,
            ArcCentre::facing(4),
            ArcShape::Fixed,
            Hex::new(3, 3),
            Hex::new(3, 3)
        ));
    }

    /// §7.1.4.1: turrets of a rolled/tumbled ship become Wide arcs; keel turrets the opposite.
    #[test]
    fn rolled_and_tumbled_turrets() {
        let dorsal = FiringArc {
            centre: ArcCentre::facing(1),
            shape: ArcShape::Turret,
            keel: false,
        };
        let keel = FiringArc {
            keel: true,
            ..dorsal
        };
        let f1 = Facing::new(1);
        let r = RotatedArcs::AsIfLevel;
        let e = |a, roll, tumble| effective_arc(a, f1, Quarter(roll), Quarter(tumble), r).unwrap();
        assert_eq!(e(dorsal, 3, 0), (ArcCentre::vertex(5), ArcShape::Wide));
        assert_eq!(e(dorsal, 1, 0), (ArcCentre::vertex(2), ArcShape::Wide));
        assert_eq!(e(dorsal, 0, 1), (ArcCentre::facing(1), ArcShape::Wide));
        assert_eq!(e(dorsal, 0, 3), (ArcCentre::facing(4), ArcShape::Wide));
        assert_eq!(e(keel, 3, 0), (ArcCentre::vertex(2), ArcShape::Wide));
        assert_eq!(e(keel, 0, 1), (ArcCentre::facing(4), ArcShape::Wide));
        assert_eq!(e(dorsal, 0, 0), (ArcCentre::facing(1), ArcShape::Turret));
        assert_eq!(e(dorsal, 2, 0).1, ArcShape::Turret);
        // A rolled turret on a ship facing 3 turns with the ship.
        let on3 = effective_arc(dorsal, Facing::new(3), Quarter(1), Quarter(0), r).unwrap();
        assert_eq!(on3.0, ArcCentre::vertex(4));
    }

    /// A 180° roll mirrors port and starboard; the blind-arc alternative drops side arcs when
    /// rolled 90°.
    #[test]
    fn flipped_and_blind_arcs() {
        let stbd = FiringArc {
            centre: ArcCentre::vertex(2),
            shape: ArcShape::Standard,
            keel: false,
        };
        let f1 = Facing::new(1);
        let e = effective_arc(stbd, f1, Quarter(2), Quarter(0), RotatedArcs::AsIfLevel).unwrap();
        assert_eq!(e.0, ArcCentre::vertex(5));
        assert!(
            effective_arc(stbd, f1, Quarter(1), Quarter(0), RotatedArcs::OffPlaneBlind).is_none()
        );
        let fore = FiringArc {
            centre: ArcCentre::facing(1),
            ..stbd
        };
        assert!(
            effective_arc(fore, f1, Quarter(1), Quarter(0), RotatedArcs::OffPlaneBlind).is_some()
        );
        assert!(
            effective_arc(fore, f1, Quarter(0), Quarter(1), RotatedArcs::OffPlaneBlind).is_none()
        );
        let o = Hex::default();
        let g = ArcGeometry::DIGEST;
        let r = RotatedArcs::AsIfLevel;
        let port_hex = Facing::new(5).unit();
        assert!(!can_bear(
            &g,
            r,
            stbd,
            o,
            f1,
            Quarter(0),
            Quarter(0),
            port_hex
        ));
        assert!(can_bear(
            &g,
            r,
            stbd,
            o,
            f1,
            Quarter(2),
            Quarter(0),
            port_hex
        ));
    }

    /// §7.1.4.2 abstracted arcs (optional): both DRM tables as printed.
    #[test]
    fn abstracted_arc_drms() {
        assert_eq!(abstracted_system1_drm(ArcShape::Fixed), -3);
        assert_eq!(abstracted_system1_drm(ArcShape::Standard), -1);
        let drm = |c| abstracted_system2_drm(c);
        assert_eq!(drm(ArcCentre::facing(1)), 0);
        assert_eq!(
            [
                drm(ArcCentre::vertex(1)),
                drm(ArcCentre::facing(2)),
                drm(ArcCentre::facing(6)),
                drm(ArcCentre::vertex(6))
            ],
            [-1; 4]
        );
        assert_eq!(
            [drm(ArcCentre::vertex(2)), drm(ArcCentre::vertex(5))],
            [-2; 2]
        );
        assert_eq!(
            [
                drm(ArcCentre::facing(3)),
                drm(ArcCentre::vertex(3)),
                drm(ArcCentre::vertex(4)),
                drm(ArcCentre::facing(5))
            ],
            [-3; 4]
        );
        assert_eq!(drm(ArcCentre::facing(4)), -4);
        let o = Hex::default();
        assert_eq!(
            relative_direction(o, Facing::new(1), Facing::new(2).unit()),
            ArcCentre::facing(2)
        );
        assert_eq!(
            relative_direction(o, Facing::new(2), Facing::new(1).unit()),
            ArcCentre::facing(6)
        );
    }

    /// The tabled default geometry answers as the per-call test ([`within`]) for every shape,
    /// centre and displacement within the table's reach and past it (and the wider geometry,
    /// never tabled, as well).
    #[test]
    fn tabled_arcs_match_the_per_call_test() {
        let shapes = [
            ArcShape::Fixed,
            ArcShape::Narrow,
            ArcShape::Standard,
            ArcShape::Wide,
        ];
        for geometry in [ArcGeometry::DIGEST, ArcGeometry::WIDER] {
            for shape in shapes {
                let half = geometry.half_width(shape).unwrap();
                for k in 0..12 {
                    let centre = ArcCentre::from_steps(k);
                    for q in -TABLE_REACH - 3..=TABLE_REACH + 3 {
                        for r in -TABLE_REACH - 3..=TABLE_REACH + 3 {
                            let (firer, target) = (Hex::new(5, -3), Hex::new(5 + q, r - 3));
                            let d = Hex::new(q, r);
                            let expected = d.is_zero() || within(half, centre, d);
                            assert_eq!(in_arc(&geometry, centre, shape, firer, target), expected);
                        }
                    }
                }
            }
        }
    }
}
