//! §17.2 guided weapon construction: missile racks, missile types (and drones), torpedoes and
//! reload racks.
//!
//! Stated and modelled: rack Mass = magazine/20, structure = ⌈magazine/4⌉, power 0, base RoF
//! 1+4; a missile type's 5 CP base per 20 missiles, its one enhancement plus the +30%
//! technology shift, the drone reduction after everything else; torpedoes' single damage
//! schedule, one enhancement and one limitation plus the shift, power/structure changes after
//! the percentages; technology level = ⌊CP/30⌋, at least 1 (and the technology's minimum);
//! reload racks (18 + 2 × operations) × magazine/20.
//!
//! **Design data** (SSB24–26 are lost): the rack's schedule CP (magazine, range boost, accuracy,
//! RoF), the missile schedules' CP (damage, launch range, max range), the torpedo's RoF, launch
//! range and accuracy schedule CP, the dice schedule's power and structure rows, and each
//! enhancement's, limitation's and drone modification's percentage.

use super::super::design::{DamageDice, Tech};
use super::cost::{BuildError, Built, Cp};
use super::readings::Readings;
use super::weapons::{damage_cp, fixed_row, min_tl};

/// The technology shift enhancement of a missile type or torpedo (§17.2.1–2): +30%, not counted
/// against the one-enhancement allowance.
pub const TECH_SHIFT_PCT: i32 = 30;

/// A missile's or torpedo's technology level (§17.2.1–2): ⌊CP/30⌋, at least 1, and at least
/// the minimum of its damage technology when that is not the default.
pub const fn guided_tl(cp: Cp, tech: Tech, default: Tech) -> u8 {
    let t = cp.0 / (30 * super::cost::SCALE);
    let t = if t < 1 { 1 } else { t as u8 };
    let floor = if tech as u8 == default as u8 {
        1
    } else {
        min_tl(tech)
    };
    if t > floor { t } else { floor }
}

/// A missile rack (§17.2.1): `schedules_cp` from the SSB24 rack schedules (design data); Mass
/// magazine/20, structure ⌈magazine/4⌉, power 0, TL ⌊CP/30⌋ ≥ 1.
pub const fn missile_rack(schedules_cp: u32, magazine: u16) -> Built {
    let cp = Cp::whole(schedules_cp as i64);
    Built {
        cp,
        mass: magazine as u32 * 5,
        structure: magazine.div_ceil(4),
        power: 0,
        tl: guided_tl(cp, Tech::Matter, Tech::Matter),
    }
}

/// A reload rack (§17.2.3): (18 + 2 × operations per turn) × magazine/20 CP; structure
/// ⌈magazine/4⌉, Mass magazine/20, power 0.
pub const fn reload_rack(operations: u8, magazine: u16) -> Built {
    Built {
        cp: Cp::ratio((18 + 2 * operations as i64) * magazine as i64, 20),
        mass: magazine as u32 * 5,
        structure: magazine.div_ceil(4),
        power: 0,
        tl: 0,
    }
}

/// A missile type's design (§17.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissileTypeBuild {
    /// Damage technology (Matter unless shifted to EM, Radiation or Plasma).
    pub tech: Tech,
    /// CP of the damage, launch-range and max-range schedules (SSB24; design data).
    pub schedules_cp: u32,
    /// The one enhancement's percentage (0 = none).
    pub enhancement_pct: u16,
    /// Drone modification: the reduction in percent (SSB24 drone chart; design data; 0 = not a
    /// drone).
    pub drone_reduction_pct: u8,
}

/// The CP of 20 missiles of a type (§17.2.1: "the construction point cost of a missile type
/// reflects the CP cost for 20 missiles"): (5 + schedules) × (1 + enhancement + shift), then
/// the drone reduction ("calculated after all differentials and enhancements").
pub const fn missile_type_per_20(m: &MissileTypeBuild) -> Cp {
    let shift = if matches!(m.tech, Tech::Matter) {
        0
    } else {
        TECH_SHIFT_PCT
    };
    Cp::whole(5 + m.schedules_cp as i64)
        .with_percent(m.enhancement_pct as i32 + shift)
        .with_percent(-(m.drone_reduction_pct as i32))
}

/// The munitions loaded: `count` missiles of a type costing `per_20` (§16.4.1: guided weapon
/// munitions "must be paid for separately").
pub const fn missiles(per_20: Cp, count: u16) -> Built {
    Built {
        cp: per_20.scaled(count as i64, 20),
        mass: 0,
        structure: 0,
        power: 0,
        tl: 0,
    }
}

/// A torpedo system's design (§17.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorpedoBuild {
    /// Damage technology (Radiation unless shifted to EM, Plasma or Gravitic).
    pub tech: Tech,
    /// One damage schedule (dice or Fixed).
    pub damage: DamageDice,
    /// Power and structure of that schedule's row (SSB13; design data for dice).
    pub dice_power: u16,
    /// Structure of that row.
    pub dice_structure: u16,
    /// CP of the RoF, launch-range and accuracy schedules (SSB24, SSB13; design data).
    pub schedules_cp: u32,
    /// The one enhancement's percentage (0 = none).
    pub enhancement_pct: u16,
    /// The one limitation's percentage, as a magnitude (0 = none).
    pub limitation_pct: u16,
    /// Structure bought or sold (1 CP a point), after the percentages.
    pub structure_adjust: i16,
    /// Power raised (+, refunds 3 CP) or lowered (−, costs 3 CP), after the percentages.
    pub power_adjust: i16,
}

/// Builds a torpedo system (§17.2.2): base 0 CP; one damage schedule; percentages (the one
/// enhancement, the one limitation, the +30% shift off Radiation) on the schedules; then power
/// and structure changes; TL = ⌊total/30⌋ ≥ 1 "after power and structure modification".
pub fn torpedo(t: &TorpedoBuild, r: &Readings) -> Result<Built, BuildError> {
    let dice = t.damage.groups.iter().filter(|g| g.count > 0).count();
    if dice + usize::from(t.damage.fixed > 0) > 1 {
        return Err(BuildError::TorpedoSchedules);
    }
    let shift = if t.tech == Tech::Radiation {
        0
    } else {
        TECH_SHIFT_PCT
    };
    let pct = i32::from(t.enhancement_pct) - i32::from(t.limitation_pct) + shift;
    let cp = Cp::whole(i64::from(damage_cp(t.damage)) + i64::from(t.schedules_cp))
        .with_percent(pct.max(-80))
        .plus(Cp::whole(
            i64::from(t.structure_adjust) - 3 * i64::from(t.power_adjust),
        ));
    let (fp, fs) = fixed_row(t.damage.fixed, r.fixed_rows);
    let power = (i32::from(t.dice_power + fp) + i32::from(t.power_adjust)).max(0) as u16;
    let structure =
        (i32::from(t.dice_structure + fs) + i32::from(t.structure_adjust)).max(1) as u16;
    Ok(Built {
        cp,
        mass: super::weapons::weapon_mass(power, structure),
        structure,
        power,
        tl: guided_tl(cp, t.tech, Tech::Radiation),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §17.2.1: rack Mass = magazine/20, structure = ⌈magazine/4⌉, power 0 (the Reaper SDS:
    /// Harbinger 40 → 10 structure, Reaper 20 → 5); TL = ⌊CP/30⌋ ≥ 1.
    #[test]
    fn missile_racks() {
        let h = missile_rack(70, 40);
        assert_eq!((h.mass, h.structure, h.power, h.tl), (200, 10, 0, 2));
        let r = missile_rack(20, 20);
        assert_eq!((r.mass, r.structure, r.tl), (100, 5, 1));
        assert_eq!(missile_rack(0, 30).structure, 8);
    }

    /// §17.2.3: reload racks (18 + 2 × ops) × magazine/20.
    #[test]
    fn reload_racks() {
        let r = reload_rack(2, 40);
        assert_eq!((r.system_cp(), r.structure, r.mass), (44, 10, 200));
        assert_eq!(reload_rack(0, 10).system_cp(), 9);
    }

    /// §17.2.1: 5 CP base per 20 missiles, + schedules, one enhancement, +30% to shift the
    /// technology; the drone reduction after all of it; loaded missiles cost pro rata.
    #[test]
    fn missile_types() {
        let base = MissileTypeBuild {
            tech: Tech::Matter,
            schedules_cp: 15,
            enhancement_pct: 0,
            drone_reduction_pct: 0,
        };
        assert_eq!(missile_type_per_20(&base), Cp::whole(20));
        let plasma = MissileTypeBuild {
            tech: Tech::Plasma,
            enhancement_pct: 20,
            ..base
        };
        assert_eq!(missile_type_per_20(&plasma), Cp::whole(30));
        let drone = MissileTypeBuild {
            drone_reduction_pct: 50,
            ..plasma
        };
        assert_eq!(missile_type_per_20(&drone), Cp::whole(15));
        assert_eq!(missiles(Cp::whole(20), 40).system_cp(), 40);
        assert_eq!(missiles(Cp::whole(30), 10).system_cp(), 15);
        // Technology level: ⌊CP/30⌋ ≥ 1, plasma at least its minimum 2.
        assert_eq!(guided_tl(Cp::whole(95), Tech::Matter, Tech::Matter), 3);
        assert_eq!(guided_tl(Cp::whole(20), Tech::Plasma, Tech::Matter), 2);
    }

    /// §17.2.2: torpedoes start at 0 CP with one damage schedule; the shift off Radiation +30%;
    /// power/structure changes after; TL from the final CP.
    #[test]
    fn torpedoes() {
        let t = TorpedoBuild {
            tech: Tech::Radiation,
            damage: DamageDice::new(3, 6, 0),
            dice_power: 2,
            dice_structure: 4,
            schedules_cp: 20,
            enhancement_pct: 0,
            limitation_pct: 0,
            structure_adjust: 0,
            power_adjust: 0,
        };
        let d = Readings::default();
        let b = torpedo(&t, &d).unwrap();
        assert_eq!((b.system_cp(), b.power, b.structure, b.tl), (30, 2, 4, 1));
        let g = TorpedoBuild {
            tech: Tech::Gravitic,
            power_adjust: -1,
            ..t
        };
        let b = torpedo(&g, &d).unwrap();
        // 30 × 1.3 + 3 = 42; gravitic needs TL 4.
        assert_eq!((b.system_cp(), b.power, b.tl), (42, 1, 4));
        // One schedule only: 3d6 + 2 is two.
        let two = TorpedoBuild {
            damage: DamageDice::new(3, 6, 2),
            ..t
        };
        assert_eq!(torpedo(&two, &d), Err(BuildError::TorpedoSchedules));
    }
}
