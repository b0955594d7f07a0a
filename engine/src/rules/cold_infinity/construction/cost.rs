//! Exact construction-point and Mass arithmetic (§16.1, §16.4).
//!
//! CP are kept in units of 10⁻⁸ CP ([`Cp`]) so that a product of up to four percentage factors
//! (configurations, enhancements, firing arc, drone modification) is exact, and the one
//! rounding the book asks for — "always rounded to the nearest whole number" (§16.1) — sees the
//! true value (halves round up: 61.5 → 62). Mass is kept in hundredths ([`Mass`]): hull
//! structure weighs 0.05 a point (§16.4.9).

/// Units of [`Cp`] per construction point.
pub const SCALE: i64 = 100_000_000;

/// A construction-point amount before rounding (10⁻⁸ CP units).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cp(pub i64);

impl Cp {
    /// Zero.
    pub const ZERO: Cp = Cp(0);

    /// `cp` whole construction points.
    pub const fn whole(cp: i64) -> Cp {
        Cp(cp * SCALE)
    }

    /// `num/den` construction points (exact when `den` divides 10⁸ × `num`).
    pub const fn ratio(num: i64, den: i64) -> Cp {
        Cp(num * SCALE / den)
    }

    /// The sum.
    pub const fn plus(self, other: Cp) -> Cp {
        Cp(self.0 + other.0)
    }

    /// `self × n`.
    pub const fn times(self, n: i64) -> Cp {
        Cp(self.0 * n)
    }

    /// `self × num/den`.
    pub const fn scaled(self, num: i64, den: i64) -> Cp {
        Cp(self.0 * num / den)
    }

    /// `self × (100 + pct)%`: a percentage increase (or, negative, a decrease).
    pub const fn with_percent(self, pct: i32) -> Cp {
        self.scaled(100 + pct as i64, 100)
    }

    /// Rounded to the nearest whole number, halves up (§16.1).
    pub const fn rounded(self) -> i64 {
        (self.0 + SCALE / 2).div_euclid(SCALE)
    }

    /// A system's CP (§16.1, §16.4): rounded to the nearest whole number, never below 1.
    pub const fn system(self) -> u32 {
        let r = self.rounded();
        if r < 1 { 1 } else { r as u32 }
    }
}

/// A Mass in hundredths (Mass 12.7 → 1270).
pub type MassCenti = u32;

/// A Mass in hundredths rounded to the tenths the SDS prints and §16.3 bands use, halves up.
pub const fn mass_tenths(centi: MassCenti) -> u16 {
    ((centi + 5) / 10) as u16
}

/// What one built system comes to: its unrounded CP, Mass, structure and power requirement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Built {
    /// Construction points before the per-system rounding.
    pub cp: Cp,
    /// Mass in hundredths.
    pub mass: MassCenti,
    /// Structure points.
    pub structure: u16,
    /// Power requirement.
    pub power: u16,
    /// Technology level (0 where the book gives none).
    pub tl: u8,
}

impl Built {
    /// The system's CP as it is counted in the ship's total (§16.1, §16.4).
    pub const fn system_cp(&self) -> u32 {
        self.cp.system()
    }
}

/// A design that breaks a stated construction limit (checked when a design is costed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// AMRS Rate of Fire other than 1, 2 or 4 (§16.4.7.2).
    AmrsRof(u8),
    /// Chaff Rating outside 1..=4 (§16.4.7.3).
    ChaffRating(u8),
    /// Flare Rating not 2, 4 or 6 (§16.4.7.4).
    FlareRating(u8),
    /// More fire brigades than the bridge's technology level, or no bridge (§16.4.7.1).
    FireBrigades {
        /// Brigades asked for.
        count: u8,
        /// Bridge technology level (0 = no bridge).
        bridge_tl: u8,
    },
    /// Hangar bays above 2 × sections, or cargo containers above 3 × sections (§16.4.5).
    Capacity {
        /// Bays or containers asked for.
        asked: u16,
        /// The limit.
        limit: u16,
    },
    /// An engine above 30 structure (§16.4.11).
    EngineSize(u16),
    /// A convert rate outside 1..=10 (§16.4.10).
    ConvertRate(u8),
    /// A damage die other than d4, d6, d8, d10 (§17.1).
    Die(u8),
    /// A Mass adjustment beyond ±2.5 (§16.4.13.1).
    MassAdjustment(i16),
    /// More armor specializations than the ship's technology level (§16.4.13.2).
    Specializations {
        /// Specializations asked for.
        count: u8,
        /// The ship's technology level.
        tl: u8,
    },
    /// A torpedo with more than one damage schedule (§17.2.2: "only one is permitted").
    TorpedoSchedules,
    /// A ship Mass outside the §16.3 bands.
    Mass(u16),
    /// A stated small-vessel or stationary limit exceeded (§16.5–16.6, §17.3–17.4).
    Limit {
        /// What (e.g. "fighter thrust").
        what: &'static str,
        /// Asked for.
        asked: u16,
        /// The limit.
        limit: u16,
    },
}

/// `Ok(())` if `asked` ≤ `limit`, else [`BuildError::Limit`].
pub const fn within(what: &'static str, asked: u16, limit: u16) -> Result<(), BuildError> {
    if asked > limit {
        Err(BuildError::Limit { what, asked, limit })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §16.1: "always rounded to the nearest whole number"; halves up; §16.4: never below 1.
    #[test]
    fn rounding() {
        assert_eq!(Cp::ratio(616, 10).rounded(), 62);
        assert_eq!(Cp::ratio(615, 10).rounded(), 62);
        assert_eq!(Cp::ratio(614, 10).rounded(), 61);
        assert_eq!(Cp::ratio(105, 10).rounded(), 11);
        assert_eq!(Cp::ratio(2, 10).system(), 1);
        assert_eq!(Cp::ZERO.system(), 1);
        // Four percentage factors stay exact: 10 × 150% × 125% × 75% × 110% = 15.46875.
        let c = Cp::whole(10)
            .with_percent(50)
            .with_percent(25)
            .with_percent(-25)
            .with_percent(10);
        assert_eq!(c, Cp::ratio(1_546_875, 100_000));
    }

    #[test]
    fn mass_rounding() {
        assert_eq!(mass_tenths(1270), 127);
        assert_eq!(mass_tenths(1274), 127);
        assert_eq!(mass_tenths(1275), 128);
        assert_eq!(mass_tenths(1279), 128);
        assert_eq!(mass_tenths(0), 0);
    }
}
