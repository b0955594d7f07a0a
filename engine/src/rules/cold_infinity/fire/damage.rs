//! §7.4 damage resolution: the damage roll, 11–12 halving, volleys through the order of impact,
//! and marking them on a system or hull (§7.4.1 *(sic)* mitigation, §7.4.2–§7.4.5).
//!
//! Mitigation (shields, collector panels, armor) is the caller's: every function here takes a
//! `mitigate(struck, volley) -> net` closure built from `shields.rs` and `armor.rs`, so the
//! configurations stay independent of which defences a ship has. Nothing here allocates.

use crate::dice::Roller;

use super::super::damage_state::{Applied, ShipDamage};
use super::super::design::{DamageDice, ShipDesign, Tech};
use super::hit_location::Struck;
use super::hit_roll::{HitBand, roll_die};
use super::readings::{PlasmaDouble, Readings};

/// How a weapon's damage treats structure, from its technology (§8.2) and the readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotRules {
    /// Damage beyond a destroyed system goes to the section's hull (§7.4.5); not for matter
    /// (§8.2.1). The configurations that never overkill (slicing, piercing) ignore it.
    pub overkill: bool,
    /// Double damage to hull structure (plasma, §8.2.6), after armor.
    pub double_hull: bool,
    /// Double damage to systems too (D19 item 17 alternative).
    pub double_systems: bool,
}

impl ShotRules {
    /// The rules of a weapon of technology `tech`.
    pub const fn for_tech(tech: Tech, readings: &Readings) -> ShotRules {
        let plasma = matches!(tech, Tech::Plasma);
        ShotRules {
            overkill: !matches!(tech, Tech::Matter),
            double_hull: plasma,
            double_systems: plasma
                && matches!(readings.plasma_double, PlasmaDouble::HullAndSystems),
        }
    }

    /// Whether the weapon does double damage to this kind of target.
    const fn doubles(self, struck: Struck) -> bool {
        match struck {
            Struck::Hull { .. } => self.double_hull,
            Struck::System { .. } => self.double_systems,
        }
    }
}

/// Rolls a damage Rating.
#[inline]
pub fn roll_damage(dice: &mut impl Roller, damage: DamageDice) -> u16 {
    let mut total = damage.fixed;
    for g in damage.groups {
        for _ in 0..g.count {
            total += u16::from(roll_die(dice, g.sides));
        }
    }
    total
}

/// Ways to roll each total of a damage Rating (index = total), exact; for tests and
/// expected-value tables. Panics beyond 64 (not a per-attack function).
pub fn damage_ways(damage: DamageDice) -> [u64; 64] {
    let mut ways = [0u64; 64];
    ways[usize::from(damage.fixed)] = 1;
    for g in damage.groups {
        for _ in 0..g.count {
            let mut next = [0u64; 64];
            for (t, &w) in ways.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for f in 1..=usize::from(g.sides) {
                    next[t + f] += w;
                }
            }
            ways = next;
        }
    }
    ways
}

/// Halving on an 11–12 (§7.4): rounded up. A weapon that doubles damage to the struck
/// structure does normal damage instead, i.e. is not halved here and not doubled later.
pub const fn after_band(dmg: u16, band: HitBand, doubles: bool) -> u16 {
    match band {
        HitBand::HullHalf if !doubles => dmg.div_ceil(2),
        _ => dmg,
    }
}

/// Ablative DF (§11.1.5): the hit's damage falls by `df × ceil(10% of the damage rolled)`.
pub const fn ablative_reduction(df: u16, rolled: u16) -> u16 {
    df * rolled.div_ceil(10)
}

/// Where a set of volleys went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// Totals on the struck system/hull (summed over every location of the hit).
    pub applied: Applied,
    /// Sections whose hull took damage directly (after armor, not through overkill), as a bit
    /// set: the catastrophic-damage trigger (§13.2) reads it.
    pub hull_hit_directly: u16,
    /// Net damage that got through mitigation (before doubling), for adaptive armor (§11.4.2).
    pub penetrated: u16,
}

impl Resolution {
    /// Adds another location's result.
    pub fn add(&mut self, other: Resolution) {
        let (a, b) = (&mut self.applied, other.applied);
        a.taken += b.taken;
        a.overkill_to_hull += b.overkill_to_hull;
        a.lost += b.lost;
        a.system_destroyed |= b.system_destroyed;
        a.section_destroyed |= b.section_destroyed;
        self.hull_hit_directly |= other.hull_hit_directly;
        self.penetrated += other.penetrated;
    }
}

/// The section a [`Struck`] lies in.
#[inline]
pub fn section_of(design: &ShipDesign, struck: Struck) -> usize {
    match struck {
        Struck::Hull { section } => section,
        Struck::System { sys, .. } => design.section_of(sys),
    }
}

/// Marks already-mitigated damage `net` on `struck` (§7.4.3: the volleys' net values are
/// combined into one), doubling for plasma where it applies (not on 11–12).
pub fn mark(
    design: &ShipDesign,
    damage: &mut ShipDamage,
    struck: Struck,
    net: u16,
    band: HitBand,
    rules: ShotRules,
    overkill: bool,
) -> Resolution {
    let doubled = if rules.doubles(struck) && band != HitBand::HullHalf {
        2 * net
    } else {
        net
    };
    let applied = match struck {
        Struck::Hull { section } => damage.damage_hull(design, section, doubled),
        Struck::System { sys, .. } => damage.damage_system(design, sys, doubled, overkill),
    };
    let hull_hit_directly = match struck {
        Struck::Hull { section } if applied.taken > 0 => 1 << section,
        _ => 0,
    };
    Resolution {
        applied,
        hull_hit_directly,
        penetrated: net,
    }
}

/// Mitigates each volley on `struck` separately (§7.4.2.1), sums what got through and marks it
/// (§7.4.3) with overkill per `rules` (Burst: one volley; Pulse: one per pulse).
pub fn apply_volleys(
    design: &ShipDesign,
    damage: &mut ShipDamage,
    struck: Struck,
    volleys: impl IntoIterator<Item = u16>,
    band: HitBand,
    rules: ShotRules,
    mitigate: &mut impl FnMut(Struck, u16) -> u16,
) -> Resolution {
    let net: u16 = volleys.into_iter().map(|v| mitigate(struck, v)).sum();
    mark(design, damage, struck, net, band, rules, rules.overkill)
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::*;

    /// §7.4: an 11–12 halves the damage rounded up; a weapon doing double damage to the struck
    /// structure does normal damage instead (and is not doubled).
    #[test]
    fn eleven_twelve_halves_rounding_up() {
        assert_eq!(after_band(7, HitBand::HullHalf, false), 4);
        assert_eq!(after_band(8, HitBand::HullHalf, false), 4);
        assert_eq!(after_band(7, HitBand::Hull, false), 7);
        assert_eq!(after_band(7, HitBand::HullHalf, true), 7);
        // Exact: the halved 1d6 distribution is {1:2, 2:2, 3:2} out of 6.
        let ways = damage_ways(DamageDice::new(1, 6, 0));
        let mut halved = [0u64; 4];
        for (d, &w) in ways.iter().enumerate().take(7) {
            halved[usize::from(after_band(d as u16, HitBand::HullHalf, false))] += w;
        }
        assert_eq!(halved, [0, 2, 2, 2]);
    }

    /// §11.1.5 example: −2 SDF against 12 damage reduces it by 2 × ceil(1.2) = 4, to 8.
    #[test]
    fn example_11_1_5_ablative_df() {
        assert_eq!(ablative_reduction(2, 12), 4);
        assert_eq!(12 - ablative_reduction(2, 12), 8);
        assert_eq!(ablative_reduction(1, 10), 1);
        assert_eq!(ablative_reduction(1, 11), 2);
    }

    /// Damage-roll distributions by enumeration: 3d6 matches the hit-roll table; 2d10+16.
    #[test]
    fn damage_ways_are_exact() {
        let w = damage_ways(DamageDice::new(3, 6, 0));
        assert_eq!(
            &w[..19],
            &super::super::hit_roll::THREE_D6_WAYS.map(u64::from)[..]
        );
        let w = damage_ways(DamageDice::new(2, 10, 16));
        assert_eq!(w[18], 1);
        assert_eq!(w[27], 10);
        assert_eq!(w[36], 1);
        assert_eq!(w.iter().sum::<u64>(), 100);
    }

    #[test]
    fn roll_damage_uses_every_die() {
        let mut d = crate::dice::ScriptedDice::new(&[6, 6, 1]);
        assert_eq!(roll_damage(&mut d, DamageDice::new(3, 6, 3)), 16);
    }

    /// §7.4.2.1 Pulse: each pulse meets armor separately; the nets are summed (§7.4.3) and the
    /// leftover overkills to hull (§7.4.5). §8.2.1: matter does not overkill.
    #[test]
    fn pulses_mitigated_separately_then_summed() {
        let d = reaper();
        let r = Readings::default();
        let mut armor4 = |_: Struck, v: u16| v.saturating_sub(4);
        let mut s = ShipDamage::new(&d);
        let struck = Struck::System { sys: 5, column: 2 };
        let particle = ShotRules::for_tech(Tech::Particle, &r);
        // Three pulses of 6: 2 + 2 + 2 = 6 net on a rack of 5 → 1 overkill.
        let res = apply_volleys(
            &d,
            &mut s,
            struck,
            [6, 6, 6],
            HitBand::System,
            particle,
            &mut armor4,
        );
        assert_eq!(res.applied.taken, 5);
        assert_eq!(res.applied.overkill_to_hull, 1);
        assert_eq!(
            res.hull_hit_directly, 0,
            "overkill never triggers catastrophic damage"
        );
        let mut s = ShipDamage::new(&d);
        let matter = ShotRules::for_tech(Tech::Matter, &r);
        let mut none = |_: Struck, v: u16| v;
        let res = apply_volleys(&d, &mut s, struck, [6], HitBand::System, matter, &mut none);
        assert_eq!((res.applied.taken, res.applied.lost), (5, 1));
    }

    /// §8.2.6 plasma doubles hull damage after armor, except on 11–12 (D19 item 17).
    #[test]
    fn plasma_doubles_hull_after_armor() {
        let d = reaper();
        let r = Readings::default();
        let plasma = ShotRules::for_tech(Tech::Plasma, &r);
        let mut s = ShipDamage::new(&d);
        let hull = Struck::Hull { section: 0 };
        let res = mark(&d, &mut s, hull, 3, HitBand::Hull, plasma, true);
        assert_eq!(res.applied.taken, 6);
        assert_eq!(res.hull_hit_directly, 1);
        let res = mark(&d, &mut s, hull, 3, HitBand::HullHalf, plasma, true);
        assert_eq!(res.applied.taken, 3);
        let sys = Struck::System { sys: 12, column: 0 };
        assert_eq!(
            mark(&d, &mut s, sys, 3, HitBand::System, plasma, true)
                .applied
                .taken,
            3
        );
        let alt = Readings {
            plasma_double: PlasmaDouble::HullAndSystems,
            ..Readings::default()
        };
        let plasma2 = ShotRules::for_tech(Tech::Plasma, &alt);
        assert_eq!(
            mark(&d, &mut s, sys, 3, HitBand::System, plasma2, true)
                .applied
                .taken,
            6
        );
    }
}
