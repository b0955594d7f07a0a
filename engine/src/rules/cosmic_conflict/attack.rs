//! Attacks: range bands, the Accuracy and Damage formulas and the Miss/Glance/Hit result.
//! Cosmic Conflict ch. 4 "Attacks" and ch. 6 "Weapon Types" / "Weapon Variants".

use crate::dice::Roller;

use super::design::{Variant, WeaponType};
use super::house_rules::{MghChart, WeaponRanges};

/// How a weapon rolls damage in a band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DamageDie {
    /// One d6.
    D6,
    /// The higher of two d6 (Oversized; Rockets at Extended Range 1).
    BestOfTwo,
    /// The sum of two d6 (Structurally Mounted; Rockets at Range).
    SumOfTwo,
}

impl DamageDie {
    /// Roll it.
    #[inline]
    pub fn roll<R: Roller>(self, dice: &mut R) -> u8 {
        match self {
            DamageDie::D6 => dice.d6(),
            DamageDie::BestOfTwo => dice.best_of_two_d6(),
            DamageDie::SumOfTwo => dice.two_d6(),
        }
    }

    /// How many d6 the damage roll is made of (1 or 2). Offensive Focus, the Offensive
    /// reroll Command and Blocking terrain each discard and reroll **one** of them (ch. 8:
    /// "discard either an Accuracy or Damage d6 roll and immediately reroll the d6").
    #[inline]
    pub const fn dice(self) -> usize {
        match self {
            DamageDie::D6 => 1,
            DamageDie::BestOfTwo | DamageDie::SumOfTwo => 2,
        }
    }

    /// The damage value of the individual d6 (`[d, 0]` for a single d6).
    #[inline]
    pub const fn combine(self, dice: [u8; 2]) -> u8 {
        match self {
            DamageDie::D6 => dice[0],
            DamageDie::BestOfTwo => {
                if dice[0] > dice[1] {
                    dice[0]
                } else {
                    dice[1]
                }
            }
            DamageDie::SumOfTwo => dice[0] + dice[1],
        }
    }

    /// Roll the individual d6 (in the order [`DamageDie::roll`] rolls them).
    #[inline]
    pub fn roll_dice<R: Roller>(self, dice: &mut R) -> [u8; 2] {
        let first = dice.d6();
        let second = if self.dice() == 2 { dice.d6() } else { 0 };
        [first, second]
    }

    /// One way of rolling `value` as individual d6, for rolls given by their value only
    /// ([`AttackSetup::resolve`]): `[v, 0]`, `[v, 1]` (best of two) or the higher die first.
    pub fn split(self, value: u8) -> [u8; 2] {
        match self {
            DamageDie::D6 => [value, 0],
            DamageDie::BestOfTwo => [value, 1],
            DamageDie::SumOfTwo => {
                let high = value.saturating_sub(1).clamp(1, 6);
                [high, value.saturating_sub(high)]
            }
        }
    }

    /// Exact distribution: `(value, probability in 36ths)`, for expected-value tables.
    pub fn distribution(self) -> [(u8, u8); 11] {
        let mut out = [(0u8, 0u8); 11];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let v = match self {
                    DamageDie::D6 => a,
                    DamageDie::BestOfTwo => a.max(b),
                    DamageDie::SumOfTwo => a + b,
                };
                let slot = usize::from(v) - if self == DamageDie::SumOfTwo { 2 } else { 1 };
                out[slot] = (v, out[slot].1 + 1);
            }
        }
        out
    }
}

/// One range band of a weapon: attacks at distance ≤ `max_range` (and beyond the previous
/// band) use this band's accuracy penalty and damage die.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// Outer edge of the band.
    pub max_range: f64,
    /// Extended Range (Y) accuracy modifier, −Y (0 at normal Range).
    pub accuracy: i8,
    /// Damage die in this band.
    pub die: DamageDie,
    /// 0 for Range, 1 for Extended Range 1, 2 for Extended Range 2.
    pub index: u8,
}

/// A weapon's range bands after its variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeaponProfile {
    bands: [Band; 3],
    len: u8,
}

impl WeaponProfile {
    /// The profile of a weapon type with a variant (ch. 6). Oversized adds 2 and
    /// Structurally Mounted 4 to the highest range value only; the inner bands stay put.
    pub fn new(kind: WeaponType, variant: Variant) -> Self {
        Self::with_ranges(kind, variant, &WeaponRanges::default())
    }

    /// The profile with a house-ruled range table.
    pub fn with_ranges(kind: WeaponType, variant: Variant, r: &WeaponRanges) -> Self {
        let die = match variant {
            Variant::Oversized => DamageDie::BestOfTwo,
            Variant::StructurallyMounted => DamageDie::SumOfTwo,
            Variant::None | Variant::Linked(_) => DamageDie::D6,
        };
        let extra = match variant {
            Variant::Oversized => 2.0,
            Variant::StructurallyMounted => 4.0,
            Variant::None | Variant::Linked(_) => 0.0,
        };
        let band = |max_range: f64, accuracy: i8, die, index| Band {
            max_range,
            accuracy,
            die,
            index,
        };
        let unused = band(0.0, 0, DamageDie::D6, 0);
        let (bands, len) = match kind {
            WeaponType::Kinetic => (
                [
                    band(r.kinetic[0], 0, die, 0),
                    band(r.kinetic[1] + extra, -1, die, 1),
                    unused,
                ],
                2,
            ),
            WeaponType::Beam => (
                [
                    band(r.beam[0], 0, die, 0),
                    band(r.beam[1] + extra, -1, die, 1),
                    unused,
                ],
                2,
            ),
            WeaponType::Rockets => (
                [
                    band(r.rockets[0], 0, DamageDie::SumOfTwo, 0),
                    band(r.rockets[1], -1, DamageDie::BestOfTwo, 1),
                    band(r.rockets[2], -2, DamageDie::D6, 2),
                ],
                3,
            ),
            WeaponType::Missiles => (
                [band(r.missiles[0], 0, DamageDie::D6, 0), unused, unused],
                1,
            ),
        };
        WeaponProfile { bands, len }
    }

    /// This profile with its normal Range `extra` longer, Extended Range unchanged (the beam
    /// faction's "adds 2 to the Range (but not Extended Range)", ch. 9b). The Range never
    /// grows past the next band's edge.
    pub fn with_range_bonus(mut self, extra: f64) -> Self {
        let cap = if self.len > 1 {
            self.bands[1].max_range
        } else {
            f64::INFINITY
        };
        self.bands[0].max_range = (self.bands[0].max_range + extra).min(cap);
        self
    }

    /// The bands, innermost first.
    #[inline]
    pub fn bands(&self) -> &[Band] {
        &self.bands[..usize::from(self.len)]
    }

    /// The band an attack at `distance` falls in, if any.
    pub fn band_at(&self, distance: f64) -> Option<Band> {
        self.bands()
            .iter()
            .copied()
            .find(|b| distance <= b.max_range)
    }

    /// The band an attack at `distance` falls in, or the outermost band when a move of `moves`
    /// brings the target within reach (what a Command-phase estimate counts: Offensive Focus,
    /// a Token kept for the reroll), else none.
    pub fn band_within_a_move(&self, distance: f64, moves: f64) -> Option<Band> {
        match self.band_at(distance) {
            Some(b) => Some(b),
            None if distance - moves <= self.max_range() => self.bands().last().copied(),
            None => None,
        }
    }

    /// The band at a squared distance (no square root: the hot path of target choice).
    #[inline]
    pub fn band_at_squared(&self, distance_squared: f64) -> Option<Band> {
        self.bands()
            .iter()
            .copied()
            .find(|b| distance_squared <= b.max_range * b.max_range)
    }

    /// The band at a squared distance when the outermost range value is `extra` longer
    /// (Mark Target: "add 4 Distance to the largest Range/Extended range values").
    pub fn band_at_squared_reach(&self, distance_squared: f64, extra: f64) -> Option<Band> {
        let last = usize::from(self.len) - 1;
        self.bands().iter().enumerate().find_map(|(k, b)| {
            let r = if k == last {
                b.max_range + extra
            } else {
                b.max_range
            };
            (distance_squared <= r * r).then_some(*b)
        })
    }

    /// The farthest reach.
    pub fn max_range(&self) -> f64 {
        self.bands()[usize::from(self.len) - 1].max_range
    }

    /// The outer edge of the normal (unpenalised) Range band.
    pub fn normal_range(&self) -> f64 {
        self.bands[0].max_range
    }
}

/// Outcome of the Accuracy roll against a Miss/Glance/Hit chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitBand {
    /// No damage.
    Miss,
    /// Half the damage, rounded up.
    Glance,
    /// Full damage.
    Hit,
}

impl HitBand {
    /// Read the chart: ≤ miss_max misses; ≤ glance_max + `glance_extension` glances; else hits.
    /// The defensive suite in a Secondary slot extends the glance band by 1 per copy (ch. 6).
    pub fn from_accuracy(accuracy: i32, chart: MghChart, glance_extension: u8) -> HitBand {
        if accuracy <= i32::from(chart.miss_max) {
            HitBand::Miss
        } else if accuracy <= i32::from(chart.glance_max) + i32::from(glance_extension) {
            HitBand::Glance
        } else {
            HitBand::Hit
        }
    }

    /// Damage applied for a Damage result `d` (ch. 4: "Apply any positive DAMAGE result";
    /// a Glance applies half, rounding up).
    pub fn damage(self, d: i32) -> u32 {
        let d = d.max(0) as u32;
        match self {
            HitBand::Miss => 0,
            HitBand::Glance => d.div_ceil(2),
            HitBand::Hit => d,
        }
    }
}

/// Everything that fixes an attack's odds before the dice are rolled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackSetup {
    /// Weapon Size (ship Size for Primary, one less for Secondary).
    pub weapon_size: u8,
    /// Target's Size (G4: "Ship size" in both formulas is the target's).
    pub target_size: u8,
    /// The band the target is in.
    pub band: Band,
    /// Sum of accuracy modifiers other than Size and band (variant, defences, ...).
    pub accuracy_mod: i32,
    /// Sum of damage modifiers other than Size (Linked, PWS, ...).
    pub damage_mod: i32,
    /// The target's chart.
    pub chart: MghChart,
    /// Glance-band extension from the target's Secondary defensive suites.
    pub glance_extension: u8,
}

impl AttackSetup {
    /// Accuracy and damage modifiers of a variant (ch. 6): Linked (X) +(X+1)/−X;
    /// Oversized and Structurally Mounted −1 accuracy.
    pub fn variant_mods(variant: Variant) -> (i32, i32) {
        match variant {
            Variant::None => (0, 0),
            Variant::Linked(x) => (i32::from(x) + 1, -i32::from(x)),
            Variant::Oversized | Variant::StructurallyMounted => (-1, 0),
        }
    }

    /// A = d6 + (TargetSize − WeaponSize) + band + modifiers (ch. 4 "Accuracy").
    pub fn accuracy(&self, die: u8) -> i32 {
        i32::from(die) + i32::from(self.target_size) - i32::from(self.weapon_size)
            + i32::from(self.band.accuracy)
            + self.accuracy_mod
    }

    /// D = damage die + (WeaponSize − TargetSize) + modifiers (ch. 4 "Damage").
    pub fn damage(&self, die: u8) -> i32 {
        i32::from(die) + i32::from(self.weapon_size) - i32::from(self.target_size) + self.damage_mod
    }

    /// Roll the Accuracy die, then the damage d6 (one or two), and read the chart.
    pub fn roll<R: Roller>(&self, dice: &mut R) -> AttackRoll {
        let accuracy_die = dice.d6();
        let damage_dice = self.band.die.roll_dice(dice);
        self.resolve_dice(accuracy_die, damage_dice)
    }

    /// The attack for given dice: the Accuracy d6 and the individual damage d6 (`[d, 0]`
    /// when the band rolls one d6). Rerolls replace one of these dice.
    pub fn resolve_dice(&self, accuracy_die: u8, damage_dice: [u8; 2]) -> AttackRoll {
        let mut roll = self.resolve(accuracy_die, self.band.die.combine(damage_dice));
        roll.damage_dice = damage_dice;
        roll
    }

    /// The attack for an Accuracy d6 and a damage value (worked examples and expected-value
    /// tables use this directly; the individual dice are one way of rolling the value,
    /// [`DamageDie::split`]).
    pub fn resolve(&self, accuracy_die: u8, damage_die: u8) -> AttackRoll {
        let accuracy = self.accuracy(accuracy_die);
        let damage = self.damage(damage_die);
        let result = HitBand::from_accuracy(accuracy, self.chart, self.glance_extension);
        AttackRoll {
            accuracy_die,
            accuracy,
            damage_die,
            damage_dice: self.band.die.split(damage_die),
            damage,
            result,
            dealt: result.damage(damage),
        }
    }

    /// Exact expected damage (before tracks), by enumerating the dice. Used by AI policies.
    pub fn expected_damage(&self) -> f64 {
        let mut total = 0u32;
        let distribution = self.band.die.distribution();
        for a in 1..=6u8 {
            for &(v, w) in &distribution {
                if w > 0 {
                    total += self.resolve(a, v).dealt * u32::from(w);
                }
            }
        }
        f64::from(total) / (6.0 * 36.0)
    }
}

/// The dice and result of one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackRoll {
    /// The Accuracy d6 as rolled.
    pub accuracy_die: u8,
    /// Modified Accuracy A.
    pub accuracy: i32,
    /// The damage roll's value (one d6, or the best or sum of two).
    pub damage_die: u8,
    /// The individual damage d6 (`[d, 0]` for a single d6): what a reroll replaces one of.
    pub damage_dice: [u8; 2],
    /// Modified Damage D.
    pub damage: i32,
    /// Miss, Glance or Hit.
    pub result: HitBand,
    /// Damage to apply to the target's tracks.
    pub dealt: u32,
}
