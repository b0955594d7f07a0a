//! §16.5 fighters and shuttles, §16.7 mission-specific vessels and §17.3 small-vessel weapons:
//! the stated costs and limits. (Small-vessel combat is a later step of issue 19; these price
//! the designs.) The SSB28–29 schedules (small-vessel weapon schedules, small-vessel
//! enhancements) are lost: their CP is design data.

use super::cost::{BuildError, Built, Cp, within};

/// A fighter's size (§16.5): light (Mass 1) or heavy (Mass 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FighterSize {
    /// Mass 1.
    Light,
    /// Mass 2.
    Heavy,
}

impl FighterSize {
    /// Its Mass.
    pub const fn mass(self) -> u8 {
        match self {
            FighterSize::Light => 1,
            FighterSize::Heavy => 2,
        }
    }
}

/// Evasive maneuver levels a fighter can use (§16.5.1.1): 4, plus one per 3 CP (light) or 5 CP
/// (heavy) spent.
pub const fn evasive_levels(size: FighterSize, cp_spent: u16) -> u16 {
    let per = match size {
        FighterSize::Light => 3,
        FighterSize::Heavy => 5,
    };
    4 + cp_spent / per
}

/// A fighter's design choices (§16.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FighterBuild {
    /// Light or heavy.
    pub size: FighterSize,
    /// Thrust points (channelled any direction).
    pub thrust: u8,
    /// Non-inertial engines and thrusters (+50 CP, 6 CP a thrust point).
    pub non_inertial: bool,
    /// CP spent on evasive maneuver levels beyond 4.
    pub evasive_cp: u16,
    /// Armor on the forward, aft, port and starboard "sections" (standard armor only).
    pub armor: [u8; 4],
    /// Hull structure.
    pub hull: u16,
    /// Small-vessel enhancements (SSB29), each's CP as design data; at most one per Mass.
    pub enhancements: u8,
    /// Their CP.
    pub enhancements_cp: u32,
}

/// Prices a fighter's hull (weapons separately, [`small_vessel_weapon`]) (§16.5.1–3, §16.5.5):
/// thrust 3 CP a point (≤ 24 light, ≤ 12 heavy; non-inertial +50 CP, 6 CP a point, ≤ 18/9),
/// evasive CP as spent, armor 5 CP a point (≤ 5 a side light, ≤ 10 heavy), hull 1 CP a point
/// (≤ 15 × Mass), one enhancement per point of Mass.
pub fn fighter(f: &FighterBuild) -> Result<Built, BuildError> {
    let mass = f.size.mass() as u16;
    let (max_thrust, per) = match (f.size, f.non_inertial) {
        (FighterSize::Light, false) => (24, 3),
        (FighterSize::Heavy, false) => (12, 3),
        (FighterSize::Light, true) => (18, 6),
        (FighterSize::Heavy, true) => (9, 6),
    };
    within("fighter thrust", f.thrust as u16, max_thrust)?;
    let max_armor = match f.size {
        FighterSize::Light => 5,
        FighterSize::Heavy => 10,
    };
    let mut armor = 0u16;
    for a in f.armor {
        within("fighter armor", u16::from(a), max_armor)?;
        armor += u16::from(a);
    }
    within("fighter hull", f.hull, 15 * mass)?;
    within("small-vessel enhancements", f.enhancements as u16, mass)?;
    let cp = per * f.thrust as i64
        + if f.non_inertial { 50 } else { 0 }
        + f.evasive_cp as i64
        + 5 * armor as i64
        + f.hull as i64
        + f.enhancements_cp as i64;
    Ok(Built {
        cp: Cp::whole(cp),
        mass: mass as u32 * 100,
        structure: f.hull,
        power: 0,
        tl: 0,
    })
}

/// A fighter's ramming value (§16.5.2): twice its forward armor plus twice its Mass.
pub const fn fighter_ramming(size: FighterSize, forward_armor: u8) -> u16 {
    2 * forward_armor as u16 + 2 * size.mass() as u16
}

/// A shuttle's design choices (§16.5.3–4, §16.7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShuttleBuild {
    /// Mass (1..=5: thrust ≤ 6 − Mass).
    pub mass: u8,
    /// Thrust points.
    pub thrust: u8,
    /// Non-inertial (+50 CP, 6 CP a thrust point).
    pub non_inertial: bool,
    /// Armor forward, aft, port, starboard.
    pub armor: [u8; 4],
    /// Hull structure (≤ 15 × Mass, 1 CP a point).
    pub hull: u16,
    /// A suicide shuttle: up to 20 armor in any distribution (§16.7.1).
    pub suicide: bool,
    /// A suicide detonation pack (25 CP; triples the ramming value on impact).
    pub detonation_pack: bool,
}

/// Prices a shuttle's hull (§16.5.3–4, §16.7.1): armor 5 CP a point (≤ 5 a side, or ≤ 20 in all
/// for a suicide shuttle), thrust 3 CP a point up to 6 − Mass (non-inertial +50 CP, 6 CP a
/// point), hull 1 CP a point up to 15 × Mass, a detonation pack 25 CP.
pub fn shuttle(s: &ShuttleBuild) -> Result<Built, BuildError> {
    let max_thrust = 6u16.saturating_sub(s.mass as u16);
    within("shuttle thrust", s.thrust as u16, max_thrust)?;
    let mut armor = 0u16;
    for a in s.armor {
        if !s.suicide {
            within("shuttle armor", u16::from(a), 5)?;
        }
        armor += u16::from(a);
    }
    if s.suicide {
        within("suicide shuttle armor", armor, 20)?;
    }
    within("shuttle hull", s.hull, 15 * s.mass as u16)?;
    let per = if s.non_inertial { 6 } else { 3 };
    let cp = per * s.thrust as i64
        + if s.non_inertial { 50 } else { 0 }
        + 5 * armor as i64
        + s.hull as i64
        + if s.detonation_pack { 25 } else { 0 };
    Ok(Built {
        cp: Cp::whole(cp),
        mass: s.mass as u32 * 100,
        structure: s.hull,
        power: 0,
        tl: 0,
    })
}

/// A shuttle's ramming value (§16.5.4): twice its forward armor; tripled by a detonation pack
/// on impact (§16.7.1).
pub const fn shuttle_ramming(forward_armor: u8, detonation_pack: bool) -> u16 {
    let v = 2 * forward_armor as u16;
    if detonation_pack { 3 * v } else { v }
}

/// A breach cutter (§16.7.4): 20 CP per technology level.
pub const fn breach_cutter(tl: u8) -> u32 {
    20 * tl as u32
}

/// A small-vessel weapon (§17.3): 2 CP base + its schedules' CP (SSB28, design data) ×
/// (1 + 100% if linked + its one other enhancement's percentage).
pub const fn small_vessel_weapon(schedules_cp: u32, linked: bool, enhancement_pct: u16) -> Built {
    let pct = if linked { 100 } else { 0 } + enhancement_pct as i32;
    Built {
        cp: Cp::whole(2 + schedules_cp as i64).with_percent(pct),
        mass: 0,
        structure: 0,
        power: 0,
        tl: 0,
    }
}

/// How many weapon systems a fighter may mount (§17.3): Mass 1 one or two, Mass 2 up to four.
pub const fn fighter_weapon_limit(size: FighterSize) -> u8 {
    match size {
        FighterSize::Light => 2,
        FighterSize::Heavy => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §16.5.1.1 example: "A heavy fighter with 15 CP spent on evasive maneuver capability will
    /// be able to use up to 7 points of thrust for evasive maneuvers (4+3). A light fighter
    /// with 15 CP spent will be able to use up to 9 points of thrust (4+5)."
    #[test]
    fn example_16_5_1_1_evasive() {
        assert_eq!(evasive_levels(FighterSize::Heavy, 15), 7);
        assert_eq!(evasive_levels(FighterSize::Light, 15), 9);
        assert_eq!(evasive_levels(FighterSize::Light, 0), 4);
    }

    /// §16.5.1–3: thrust 3 CP (≤ 24/12), non-inertial +50 and 6 CP (≤ 18/9), armor 5 CP a point
    /// (≤ 5/10 a side), hull 1 CP (≤ 15 × Mass); ramming 2 × forward armor + 2 × Mass.
    #[test]
    fn fighters() {
        let f = FighterBuild {
            size: FighterSize::Light,
            thrust: 12,
            non_inertial: false,
            evasive_cp: 6,
            armor: [3, 1, 1, 1],
            hull: 10,
            enhancements: 1,
            enhancements_cp: 7,
        };
        assert_eq!(fighter(&f).unwrap().system_cp(), 36 + 6 + 30 + 10 + 7);
        let ni = FighterBuild {
            non_inertial: true,
            ..f
        };
        assert_eq!(fighter(&ni).unwrap().system_cp(), 72 + 50 + 6 + 30 + 10 + 7);
        let too_fast = FighterBuild { thrust: 19, ..ni };
        assert_eq!(
            fighter(&too_fast),
            Err(BuildError::Limit {
                what: "fighter thrust",
                asked: 19,
                limit: 18
            })
        );
        assert!(
            fighter(&FighterBuild {
                armor: [6, 0, 0, 0],
                ..f
            })
            .is_err()
        );
        assert!(fighter(&FighterBuild { hull: 16, ..f }).is_err());
        assert!(
            fighter(&FighterBuild {
                enhancements: 2,
                ..f
            })
            .is_err()
        );
        let heavy = FighterBuild {
            size: FighterSize::Heavy,
            armor: [10, 0, 0, 0],
            hull: 30,
            enhancements: 2,
            ..f
        };
        assert!(fighter(&heavy).is_ok());
        assert_eq!(fighter_ramming(FighterSize::Heavy, 10), 24);
        assert_eq!(fighter_weapon_limit(FighterSize::Light), 2);
    }

    /// §16.5.4: thrust up to 6 − Mass ("a shuttle with Mass 3 could mount 3 points of thrust");
    /// hull up to 15 × Mass ("a medium shuttle could have 30 points", Mass 2); armor ≤ 5 a side;
    /// §16.7.1 suicide shuttles up to 20 armor anywhere, detonation pack 25 CP, ×3 ramming.
    #[test]
    fn shuttles() {
        let s = ShuttleBuild {
            mass: 3,
            thrust: 3,
            non_inertial: false,
            armor: [5, 2, 2, 2],
            hull: 45,
            suicide: false,
            detonation_pack: false,
        };
        assert_eq!(shuttle(&s).unwrap().system_cp(), 9 + 55 + 45);
        assert!(shuttle(&ShuttleBuild { thrust: 4, ..s }).is_err());
        assert!(shuttle(&ShuttleBuild { hull: 46, ..s }).is_err());
        let medium = ShuttleBuild {
            mass: 2,
            hull: 30,
            ..s
        };
        assert!(shuttle(&medium).is_ok());
        let suicide = ShuttleBuild {
            armor: [20, 0, 0, 0],
            suicide: true,
            detonation_pack: true,
            ..s
        };
        assert_eq!(shuttle(&suicide).unwrap().system_cp(), 9 + 100 + 45 + 25);
        assert!(
            shuttle(&ShuttleBuild {
                armor: [20, 1, 0, 0],
                ..suicide
            })
            .is_err()
        );
        assert_eq!(shuttle_ramming(20, true), 120);
        assert_eq!(breach_cutter(3), 60);
    }

    /// §17.3: 2 CP base; linked +100%.
    #[test]
    fn small_vessel_weapons() {
        assert_eq!(small_vessel_weapon(0, false, 0).system_cp(), 2);
        assert_eq!(small_vessel_weapon(4, true, 0).system_cp(), 12);
        assert_eq!(small_vessel_weapon(4, true, 25).system_cp(), 14);
    }
}
