//! §17.1 direct-fire weapon design: a weapon's CP, power, structure, Mass and technology level
//! from its design choices.
//!
//! Stated here and modelled: the 10 CP base weapon, minimum technology levels, +50% per extra
//! configuration, damage schedule costs (average roll rounded down; Fixed = its value), the
//! Fixed schedule's +5 rows, the d8/d10 technology levels, structure ±1 per CP, power ±1 per
//! 3 CP after the multipliers, multipliers multiplying, enhancements and limitations summed and
//! floored at −80%, +1 power/+2 structure per +100% of enhancements, the enhancement limit
//! (§17.1.1) and Mass = max(power, structure)/10 (§17.1.3).
//!
//! **Design data** (the schedules are on lost sheets SSB12–30): the CP of the range, RoF,
//! accuracy, DF, pulse, slashing, tracking and wave schedules (`schedules_cp`), the power and
//! structure rows of the dice schedules (`dice_power`, `dice_structure`), the power
//! multipliers, and each enhancement's or limitation's percentage.

use super::super::design::{
    Accuracy, Config, ConfigSet, DamageDice, DfRating, PulseRating, RangeRating, RateOfFire, Tech,
    WeaponDesign,
};
use super::super::weapons::technologies::default_speed;
use super::cost::{BuildError, Built, Cp};
use super::readings::{Adjustments, EnhancementPower, FixedRows, Readings};

/// The base weapon's cost (§17.1: "Cost: 10 CP").
pub const BASE_WEAPON_CP: i64 = 10;

/// The §17.1 base weapon of `tech` firing in `config`, before any schedule: damage 0, range
/// −1/hex, RoF 1+3, accuracy +0, DF 0/0/0; if Pulse 1/10, if Plasma −3/hex falloff, Slashing 4,
/// Tracking 2 turns, Wave 0 hexes. Speed is the technology's (§11.1.4, `technologies`).
pub const fn base_weapon(tech: Tech, config: Config) -> WeaponDesign {
    WeaponDesign {
        tech,
        speed: default_speed(tech),
        configs: ConfigSet::only(config),
        damage: DamageDice::new(0, 0, 0),
        range: RangeRating { per: 1, hexes: 1 },
        rof: RateOfFire {
            shots: 1,
            arming: 3,
            cooldown: 0,
        },
        accuracy: Accuracy { value: 0, signs: 0 },
        df: DfRating {
            sdf: 0,
            ahdf: 0,
            edf: 0,
            ablative: false,
        },
        power: 0,
        pulse: PulseRating {
            max: 1,
            interval: 10,
            bonus_die: 0,
        },
        slashing: 4,
        tracking: 2,
        wave_range: 0,
        plasma_falloff: if matches!(tech, Tech::Plasma) { 3 } else { 0 },
        anti_shield: false,
    }
}

/// The lowest technology level a weapon of `tech` can have (§17.1): Matter and Radiation 1,
/// Particle and Plasma 2, EM and Laser 3, Gravitic 4.
pub const fn min_tl(tech: Tech) -> u8 {
    match tech {
        Tech::Matter | Tech::Radiation => 1,
        Tech::Particle | Tech::Plasma => 2,
        Tech::Electromagnetic | Tech::Laser => 3,
        Tech::Gravitic => 4,
    }
}

/// The technology level a damage die needs (§17.1): d4, d6 at TL 1, d8 at TL 2, d10 at TL 3.
pub const fn die_tl(sides: u8) -> Result<u8, BuildError> {
    match sides {
        4 | 6 => Ok(1),
        8 => Ok(2),
        10 => Ok(3),
        _ => Err(BuildError::Die(sides)),
    }
}

/// The CP of a damage Rating (§17.1): each dice schedule costs its average roll rounded down
/// ("the CP cost of 3d6 is 10, since the average result of 3d6 is 10.5"); the Fixed schedule
/// costs its value.
pub fn damage_cp(damage: DamageDice) -> u32 {
    damage
        .groups
        .iter()
        .filter(|g| g.count > 0)
        .map(|g| u32::from(g.count) * (u32::from(g.sides) + 1) / 2)
        .sum::<u32>()
        + u32::from(damage.fixed)
}

/// Power and structure of the Fixed schedule at `fixed` (§17.1): values count in +5 rows, a
/// value above a row counting as the next ("Fixed damage +10 requires 1 power and 2 structure
/// points. Fixed damage +12 requires 2 power and 4 structure points"). The rows themselves are
/// lost (SSB13): reading `fixed_rows` reconstructs them.
pub const fn fixed_row(fixed: u16, rows: FixedRows) -> (u16, u16) {
    if fixed == 0 {
        return (0, 0);
    }
    let k = fixed.div_ceil(5);
    let p = match rows {
        FixedRows::Linear => k - 1,
        FixedRows::FloorOne => {
            if k < 2 {
                1
            } else {
                k - 1
            }
        }
    };
    (p, 2 * p)
}

/// A direct-fire weapon's design choices (§17.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectFireBuild {
    /// Technology.
    pub tech: Tech,
    /// How many configurations it may fire in (1 = the base one; each more +50%).
    pub configurations: u8,
    /// The damage Rating (dice schedules and the Fixed schedule).
    pub damage: DamageDice,
    /// Power the dice schedules' rows ask for (SSB13; design data).
    pub dice_power: u16,
    /// Structure the dice schedules' rows ask for (SSB13; design data).
    pub dice_structure: u16,
    /// CP of every other schedule: range, RoF, accuracy, DF, pulse, slashing, tracking, wave
    /// (SSB12–24; design data).
    pub schedules_cp: u32,
    /// Power multipliers (RoF above 1+0, pulse max ≥ 4, wave ≥ 5, long enveloping; SSB12–13;
    /// design data, 1 = none). They multiply (§17.1.2.1).
    pub power_multipliers: [u8; 3],
    /// Sum of the enhancements' percentages (positive).
    pub enhancements_pct: u16,
    /// Sum of the limitations' percentages (positive magnitude: 20 for −20%).
    pub limitations_pct: u16,
    /// Number of enhancements (§17.1.1; default enhancements excluded).
    pub enhancements: u8,
    /// Number of limitations.
    pub limitations: u8,
    /// Structure bought (+) or sold (−), 1 CP a point (§17.1.2).
    pub structure_adjust: i16,
    /// Power requirement raised (+, refunds 3 CP a point) or lowered (−, costs 3 CP a point),
    /// applied after the multipliers (§17.1.2, §17.1.2.1).
    pub power_adjust: i16,
    /// The designer's technology level (at least the technology's minimum).
    pub tl: u8,
}

impl DirectFireBuild {
    /// The §17.1 base weapon of `tech`: damage 0, one configuration, no schedules, 10 CP.
    pub const fn base(tech: Tech) -> DirectFireBuild {
        DirectFireBuild {
            tech,
            configurations: 1,
            damage: DamageDice::new(0, 0, 0),
            dice_power: 0,
            dice_structure: 0,
            schedules_cp: 0,
            power_multipliers: [1, 1, 1],
            enhancements_pct: 0,
            limitations_pct: 0,
            enhancements: 0,
            limitations: 0,
            structure_adjust: 0,
            power_adjust: 0,
            tl: 0,
        }
    }
}

/// The net enhancement modifier in percent (§17.1): all enhancements and limitations summed,
/// never below −80% ("any excess limitation value is ignored").
pub const fn net_percent(enhancements: u16, limitations: u16) -> i32 {
    let net = enhancements as i32 - limitations as i32;
    if net < -80 { -80 } else { net }
}

/// The technology level under the enhancement limit (§17.1.1): enhancements minus limitations,
/// if greater than the base level.
pub const fn enhancement_tl(base_tl: u8, enhancements: u8, limitations: u8) -> u8 {
    let n = enhancements as i16 - limitations as i16;
    if n > base_tl as i16 { n as u8 } else { base_tl }
}

/// The product of power multipliers (§17.1.2.1: "a multiplier of x2 and a multiplier of x3
/// becomes x6, not x5").
pub fn multiplier(ms: [u8; 3]) -> u16 {
    ms.iter().map(|&m| u16::from(m.max(1))).product()
}

/// Builds a direct-fire weapon (§17.1–17.1.3). The CP is unrounded (the arc surcharge of
/// §16.4.1 still applies when it is fitted; the ship total rounds once per system).
pub fn direct_fire(b: &DirectFireBuild, r: &Readings) -> Result<Built, BuildError> {
    // Technology level: the technology's minimum, the dice, the designer's, the enhancement
    // limit (§17.1, §17.1.1).
    let mut tl = min_tl(b.tech).max(b.tl);
    for g in b.damage.groups.iter().filter(|g| g.count > 0) {
        tl = tl.max(die_tl(g.sides)?);
    }
    let tl = enhancement_tl(tl, b.enhancements, b.limitations);

    let base =
        Cp::whole(BASE_WEAPON_CP + i64::from(damage_cp(b.damage)) + i64::from(b.schedules_cp));
    let adjust = Cp::whole(i64::from(b.structure_adjust) - 3 * i64::from(b.power_adjust));
    let net = net_percent(b.enhancements_pct, b.limitations_pct);
    let configs = 50 * (i32::from(b.configurations.max(1)) - 1);
    let cp = match r.weapon_adjustments {
        Adjustments::AfterPercentages => base.with_percent(configs).with_percent(net).plus(adjust),
        Adjustments::BeforePercentages => base.plus(adjust).with_percent(configs).with_percent(net),
    };

    // Power and structure (§17.1.2): the schedules' rows, × the multipliers, + the enhancement
    // increases (§17.1.2.2), + the bought adjustments (after the multipliers).
    let (fixed_power, fixed_structure) = fixed_row(b.damage.fixed, r.fixed_rows);
    let counted = match r.enhancement_power {
        EnhancementPower::Gross => i32::from(b.enhancements_pct),
        EnhancementPower::Net => net,
    };
    let hundreds = if counted > 0 { counted / 100 } else { 0 };
    let power = i32::from((b.dice_power + fixed_power) * multiplier(b.power_multipliers))
        + hundreds
        + i32::from(b.power_adjust);
    let structure = i32::from(b.dice_structure + fixed_structure)
        + 2 * hundreds
        + i32::from(b.structure_adjust);
    let power = power.max(0) as u16;
    let structure = structure.max(1) as u16;
    Ok(Built {
        cp,
        mass: weapon_mass(power, structure),
        structure,
        power,
        tl,
    })
}

/// A weapon system's Mass in hundredths (§17.1.3): a tenth of its power requirement or of its
/// structure, whichever is greater.
pub const fn weapon_mass(power: u16, structure: u16) -> u32 {
    let m = if power > structure { power } else { structure };
    m as u32 * 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::design::DiceGroup;

    /// §17.1: the base weapon's statistics ("Damage: 0, Range: −1/hex, Rate of Fire: 1+3,
    /// Accuracy: +0, Defensive Fire: 0/0/0 … If: Pulse: 1/10, Plasma: −3/hex, Slashing: 4,
    /// Tracking: 2 turns, Wave: 0 hexes").
    #[test]
    fn base_weapon_statistics() {
        let w = base_weapon(Tech::Plasma, Config::Pulse);
        assert_eq!(w.damage.max(), 0);
        assert_eq!((w.range.per, w.range.hexes), (1, 1));
        assert_eq!((w.rof.shots, w.rof.arming), (1, 3));
        assert_eq!(w.accuracy.value, 0);
        assert_eq!((w.pulse.max, w.pulse.interval), (1, 10));
        assert_eq!(
            (w.plasma_falloff, w.slashing, w.tracking, w.wave_range),
            (3, 4, 2, 0)
        );
        assert_eq!(base_weapon(Tech::Laser, Config::Burst).plasma_falloff, 0);
        assert_eq!(base_weapon(Tech::Matter, Config::Burst).speed, 1);
    }

    /// §17.1: the base weapon costs 10 CP; minimum technology levels by technology.
    #[test]
    fn base_weapon_cost() {
        let w = direct_fire(&DirectFireBuild::base(Tech::Matter), &Readings::default()).unwrap();
        assert_eq!((w.system_cp(), w.tl, w.power), (10, 1, 0));
        let tls: Vec<u8> = Tech::ALL.iter().map(|&t| min_tl(t)).collect();
        assert_eq!(tls, vec![1, 3, 2, 1, 3, 2, 4]);
    }

    /// §17.1: "the CP cost of 3d6 is 10, since the average result of 3d6 is 10.5"; Fixed costs
    /// its value; schedules combine (1d10+5 → 5 + 5).
    #[test]
    fn example_17_1_damage_cost() {
        assert_eq!(damage_cp(DamageDice::new(3, 6, 0)), 10);
        assert_eq!(damage_cp(DamageDice::new(1, 6, 0)), 3);
        assert_eq!(damage_cp(DamageDice::new(2, 10, 0)), 11);
        assert_eq!(damage_cp(DamageDice::new(1, 10, 5)), 10);
        assert_eq!(damage_cp(DamageDice::new(0, 0, 12)), 12);
        let two = DamageDice {
            groups: [
                DiceGroup { count: 1, sides: 8 },
                DiceGroup { count: 2, sides: 4 },
            ],
            fixed: 0,
        };
        assert_eq!(damage_cp(two), 4 + 5);
    }

    /// §17.1: "Fixed damage +10 requires 1 power and 2 structure points. Fixed damage +12
    /// requires 2 power and 4 structure points."
    #[test]
    fn example_17_1_fixed_rows() {
        for rows in [FixedRows::Linear, FixedRows::FloorOne] {
            assert_eq!(fixed_row(10, rows), (1, 2));
            assert_eq!(fixed_row(12, rows), (2, 4));
            assert_eq!(fixed_row(15, rows), (2, 4));
        }
        assert_eq!(fixed_row(5, FixedRows::Linear), (0, 0));
        assert_eq!(fixed_row(5, FixedRows::FloorOne), (1, 2));
    }

    /// §17.1: d8 needs TL 2, d10 TL 3; the TL rises to fit the dice.
    #[test]
    fn dice_tech_levels() {
        let mut b = DirectFireBuild::base(Tech::Matter);
        b.damage = DamageDice::new(1, 10, 0);
        let w = direct_fire(&b, &Readings::default()).unwrap();
        assert_eq!(w.tl, 3);
        b.damage = DamageDice::new(1, 12, 0);
        assert_eq!(
            direct_fire(&b, &Readings::default()),
            Err(BuildError::Die(12))
        );
    }

    /// §17.1.1 example: "A particle weapon system with a base technology level of 2 has four
    /// enhancements and one limitation. This results in a minimum technology level of 3."
    #[test]
    fn example_17_1_1_enhancement_limit() {
        assert_eq!(enhancement_tl(2, 4, 1), 3);
        assert_eq!(enhancement_tl(2, 2, 1), 2);
        let mut b = DirectFireBuild::base(Tech::Particle);
        b.enhancements = 4;
        b.limitations = 1;
        assert_eq!(direct_fire(&b, &Readings::default()).unwrap().tl, 3);
    }

    /// §17.1.2.1: "a multiplier of x2 and a multiplier of x3 becomes x6, not x5"; the power
    /// adjustment comes after the multipliers.
    #[test]
    fn example_17_1_2_1_multipliers_multiply() {
        assert_eq!(multiplier([2, 3, 1]), 6);
        let mut b = DirectFireBuild::base(Tech::Particle);
        b.dice_power = 2;
        b.dice_structure = 3;
        b.power_multipliers = [2, 3, 1];
        b.power_adjust = -2;
        let w = direct_fire(&b, &Readings::default()).unwrap();
        // 2 × 6 − 2 = 10 (not (2 − 2) × 6 = 0); lowering power by 2 costs 6 CP.
        assert_eq!(w.power, 10);
        assert_eq!(w.system_cp(), 16);
    }

    /// §17.1.3: "a weapon with 8 structure and requiring 12 power would have a Mass of 1.2".
    #[test]
    fn example_17_1_3_weapon_mass() {
        assert_eq!(weapon_mass(12, 8), 120);
        assert_eq!(weapon_mass(1, 2), 20);
    }

    /// §17.1: each extra configuration +50%; enhancements and limitations summed and applied to
    /// the total, never below −80%; §17.1.2.2 every +100% of enhancements +1 power, +2 structure.
    #[test]
    fn percentages() {
        let d = Readings::default();
        let mut b = DirectFireBuild::base(Tech::Radiation);
        b.damage = DamageDice::new(2, 6, 0);
        b.schedules_cp = 8;
        // 10 + 7 + 8 = 25.
        assert_eq!(direct_fire(&b, &d).unwrap().system_cp(), 25);
        b.configurations = 3;
        assert_eq!(direct_fire(&b, &d).unwrap().system_cp(), 50);
        b.configurations = 1;
        b.limitations_pct = 120;
        b.enhancements_pct = 20;
        assert_eq!(net_percent(20, 120), -80);
        assert_eq!(direct_fire(&b, &d).unwrap().system_cp(), 5);
        b.limitations_pct = 0;
        b.enhancements_pct = 230;
        b.dice_power = 1;
        b.dice_structure = 2;
        let w = direct_fire(&b, &d).unwrap();
        assert_eq!((w.power, w.structure), (3, 6));
        assert_eq!(w.cp, Cp::ratio(25 * 330, 100));
    }

    /// Readings: structure/power bought after (default) or before the percentages; enhancement
    /// power on gross or net percentages.
    #[test]
    fn adjustment_readings() {
        let mut b = DirectFireBuild::base(Tech::Radiation);
        b.configurations = 2;
        b.structure_adjust = 4;
        let d = Readings::default();
        // (10 × 1.5) + 4 = 19 ; (10 + 4) × 1.5 = 21.
        assert_eq!(direct_fire(&b, &d).unwrap().system_cp(), 19);
        let before = Readings {
            weapon_adjustments: Adjustments::BeforePercentages,
            ..d
        };
        assert_eq!(direct_fire(&b, &before).unwrap().system_cp(), 21);
        let mut b = DirectFireBuild::base(Tech::Radiation);
        b.enhancements_pct = 150;
        b.limitations_pct = 60;
        assert_eq!(direct_fire(&b, &d).unwrap().power, 1);
        let net = Readings {
            enhancement_power: EnhancementPower::Net,
            ..d
        };
        assert_eq!(direct_fire(&b, &net).unwrap().power, 0);
    }
}
