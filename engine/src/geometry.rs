//! Plane geometry for free-form (ruler) measurement: points, distances, bearings.
//!
//! Angles are degrees, measured counter-clockwise from the +x axis, normalised to
//! `(-180, 180]`. The board's x axis runs from side A's edge to side B's edge.

use serde::Deserialize;

/// A point or displacement on the table, in the rule system's distance units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
pub struct Vec2 {
    /// Along the long axis, from side A's edge toward side B's.
    pub x: f64,
    /// Across the table.
    pub y: f64,
}

impl Vec2 {
    /// A point.
    pub const fn new(x: f64, y: f64) -> Self {
        Vec2 { x, y }
    }

    /// The unit vector pointing along `deg`.
    pub fn from_bearing(deg: f64) -> Self {
        let r = deg.to_radians();
        Vec2::new(r.cos(), r.sin())
    }

    /// Euclidean length. (Plain `sqrt(x² + y²)`: table distances never overflow, and libm's
    /// careful `hypot` was a third of a battle's run time.)
    #[inline]
    pub fn length(self) -> f64 {
        self.dot(self).sqrt()
    }

    /// The unit vector in this direction (zero stays zero).
    #[inline]
    pub fn normalized(self) -> Vec2 {
        let len = self.length();
        if len > 0.0 { self * (1.0 / len) } else { self }
    }

    /// This direction's bearing in degrees.
    pub fn bearing(self) -> f64 {
        self.y.atan2(self.x).to_degrees()
    }

    /// Rotated counter-clockwise by the angle whose cosine and sine are given.
    #[inline]
    pub fn rotated(self, cos: f64, sin: f64) -> Vec2 {
        Vec2::new(self.x * cos - self.y * sin, self.x * sin + self.y * cos)
    }

    /// Dot product.
    #[inline]
    pub fn dot(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// z-component of the cross product: positive when `o` lies counter-clockwise (to port)
    /// of `self`.
    #[inline]
    pub fn cross(self, o: Vec2) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Distance between two points.
    pub fn distance(self, other: Vec2) -> f64 {
        (other - self).length()
    }

    /// Bearing of `other` seen from `self`, in degrees.
    pub fn bearing_to(self, other: Vec2) -> f64 {
        let d = other - self;
        d.y.atan2(d.x).to_degrees()
    }

    /// `self` moved `dist` toward `other`, never past it.
    pub fn toward(self, other: Vec2, dist: f64) -> Vec2 {
        let d = other - self;
        let len = d.length();
        if len <= dist || len == 0.0 {
            other
        } else {
            self + d * (dist / len)
        }
    }
}

impl std::ops::Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

/// Normalise an angle to `(-180, 180]` degrees.
pub fn normalize_deg(mut deg: f64) -> f64 {
    deg %= 360.0;
    if deg > 180.0 {
        deg -= 360.0;
    } else if deg <= -180.0 {
        deg += 360.0;
    }
    deg
}

/// A rectangular playing area with its corner at the origin.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Board {
    /// Length along x (side A's edge is x = 0, side B's is x = length).
    pub length: f64,
    /// Width along y.
    pub width: f64,
}

impl Board {
    /// Whether a point is on the table (edges included).
    #[inline]
    pub fn contains(&self, p: Vec2) -> bool {
        (0.0..=self.length).contains(&p.x) && (0.0..=self.width).contains(&p.y)
    }

    /// The centre of the table.
    pub fn centre(&self) -> Vec2 {
        Vec2::new(self.length / 2.0, self.width / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_and_normalisation() {
        let o = Vec2::new(0.0, 0.0);
        assert_eq!(o.bearing_to(Vec2::new(1.0, 0.0)), 0.0);
        assert_eq!(o.bearing_to(Vec2::new(0.0, 1.0)), 90.0);
        assert_eq!(normalize_deg(190.0), -170.0);
        assert_eq!(normalize_deg(-180.0), 180.0);
        assert_eq!(normalize_deg(540.0), 180.0);
    }

    #[test]
    fn toward_stops_at_target() {
        let a = Vec2::new(0.0, 0.0);
        let b = Vec2::new(3.0, 4.0);
        assert_eq!(a.toward(b, 10.0), b);
        let half = a.toward(b, 2.5);
        assert!((half.distance(a) - 2.5).abs() < 1e-12);
    }
}
