//! §7.3 the hit roll and §7.5 range and accuracy (digest D7.3).
//!
//! `3d6 + DRM`: ≤ 10 miss; 11–12 hull at half damage; 13–14 hull; 15+ system via the chart;
//! 25+ straight to the core (§7.3.1, §7.4, §7.4.1.3). The DRM's geometric and electronic parts
//! (silhouette, EW, range in hexes, lock) come from the movement/EW half as plain numbers.

use crate::dice::Roller;

use super::super::design::{Accuracy, RangeRating, WeaponDesign};
use super::super::preconditions::AttackFacts;
use super::readings::RangeZero;

/// Ways to roll each total on 3d6 (index = total, 0..=18), out of 216.
pub const THREE_D6_WAYS: [u32; 19] = [
    0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1,
];

/// One 3d6 roll.
#[inline]
pub fn roll_3d6(dice: &mut impl Roller) -> u8 {
    dice.d6() + dice.d6() + dice.d6()
}

/// One die with `sides` faces (d3, d4, d6, d8, d10), 1..=sides.
pub fn roll_die(dice: &mut impl Roller, sides: u8) -> u8 {
    if sides == 6 {
        dice.d6()
    } else {
        dice.below(u32::from(sides)) as u8 + 1
    }
}

/// The parts of a to-hit DRM (§7.3.1), each with its sign as in the book. The attacker's side
/// adds, the defender's side subtracts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitModifiers {
    /// Target silhouette (§7.3.1.1; which Rating applies comes from the geometry).
    pub silhouette: i16,
    /// Net EW: own amplification − target ECM (§4.1–4.2; computed by the EW half).
    pub ew: i16,
    /// Weapon accuracy after signs (§7.5.3, [`accuracy_drm`]).
    pub accuracy: i16,
    /// Range penalty as a positive number (§7.5.1, [`range_penalty`]).
    pub range_penalty: i16,
    /// Evasive maneuver levels against this shot (§5.5.2).
    pub evasive: i16,
    /// Total DF against this shot as a positive number (§11.1, `defensive_fire.rs`).
    pub defensive_fire: i16,
    /// Deflection shield as a positive number (§11.2.1, `shields.rs`).
    pub deflection: i16,
    /// Anything else, signed: called shot −6 (§7.6), flag bridge +1, damaged bridge −1 (§13.1.8.1).
    pub other: i16,
}

impl HitModifiers {
    /// The parts §7.1 decides (`preconditions::attack_facts`) for `weapon` firing at a target
    /// of `target_sections` sections: silhouette (§7.3.1.1), EW (§4.1–4.3), accuracy (§7.5.3)
    /// and range penalty, doubled without a lock (§7.5.1–2). The defender's parts (evasion,
    /// DF, deflection) and `other` start at 0 for the battle loop to add.
    pub fn from_facts(
        facts: &AttackFacts,
        weapon: &WeaponDesign,
        target_sections: u8,
        zero: RangeZero,
    ) -> HitModifiers {
        let range = facts.range.clamp(0, i32::from(u16::MAX)) as u16;
        HitModifiers {
            silhouette: facts.silhouette as i16,
            ew: facts.ew_drm as i16,
            accuracy: accuracy_drm(weapon.accuracy, target_sections),
            range_penalty: range_penalty(weapon.range, range, facts.locked, zero),
            ..HitModifiers::default()
        }
    }

    /// The DRM (§7.3.1).
    pub const fn drm(self) -> i16 {
        self.silhouette + self.ew + self.accuracy
            - self.range_penalty
            - self.evasive
            - self.defensive_fire
            - self.deflection
            + self.other
    }
}

/// Where a modified roll lands (§7.3.1, §7.4, §7.4.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HitBand {
    /// ≤ 10.
    Miss,
    /// 11–12: hull structure, damage halved (rounded up).
    HullHalf,
    /// 13–14: hull structure.
    Hull,
    /// 15–24: the hit-location chart.
    System,
    /// 25+: straight to the nearest core, then the chart.
    Core,
}

impl HitBand {
    /// All five bands, worst first.
    pub const ALL: [HitBand; 5] = [
        HitBand::Miss,
        HitBand::HullHalf,
        HitBand::Hull,
        HitBand::System,
        HitBand::Core,
    ];

    /// The band of a modified roll.
    pub const fn of(modified: i16) -> HitBand {
        match modified {
            i16::MIN..=10 => HitBand::Miss,
            11..=12 => HitBand::HullHalf,
            13..=14 => HitBand::Hull,
            15..=24 => HitBand::System,
            _ => HitBand::Core,
        }
    }

    /// Whether it hits.
    pub const fn is_hit(self) -> bool {
        !matches!(self, HitBand::Miss)
    }
}

/// A resolved to-hit roll: the natural roll matters for catastrophic damage (§13.2) and systems
/// failure (§13.3); the modified one for band, location and halving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitRoll {
    /// The dice alone, 3..=18.
    pub natural: u8,
    /// Dice + DRM.
    pub modified: i16,
    /// Its band.
    pub band: HitBand,
}

impl HitRoll {
    /// The result of natural roll `natural` with `drm`.
    #[inline]
    pub const fn new(natural: u8, drm: i16) -> HitRoll {
        let modified = natural as i16 + drm;
        HitRoll {
            natural,
            modified,
            band: HitBand::of(modified),
        }
    }
}

/// Rolls to hit with `drm` (§7.3.1).
#[inline]
pub fn roll_to_hit(dice: &mut impl Roller, drm: i16) -> HitRoll {
    HitRoll::new(roll_3d6(dice), drm)
}

/// §7.9 setting to eleven (optional rule): a weapon set to eleven with a DRM of 0 or more hits
/// as if the dice showed 11; with a negative DRM it rolls as normal. (Pulse and tracking
/// follow-up rolls are still rolled.)
pub fn roll_set_to_eleven(dice: &mut impl Roller, drm: i16) -> HitRoll {
    if drm >= 0 {
        HitRoll::new(11, drm)
    } else {
        roll_to_hit(dice, drm)
    }
}

/// Ways out of 216 that a roll with `drm` lands in `band` (exact).
pub fn band_ways(drm: i16, band: HitBand) -> u32 {
    (3..=18u8)
        .filter(|&n| HitBand::of(n as i16 + drm) == band)
        .map(|n| THREE_D6_WAYS[usize::from(n)])
        .sum()
}

/// Ways out of 216 that a roll with `drm` hits at all (for players' estimates): a hit is a
/// modified roll of 11 or more ([`HitBand::of`]), so the ways of every natural roll from
/// `11 − drm` up, read from [`HIT_FROM`]. The same count as `216 − band_ways(drm, Miss)`
/// (`hit_ways_answers_as_band_ways`), without the 16-roll walk the policies paid per shot.
pub fn hit_ways(drm: i16) -> u32 {
    let lowest = 11 - i32::from(drm);
    if lowest <= 3 {
        216
    } else if lowest > 18 {
        0
    } else {
        HIT_FROM[lowest as usize]
    }
}

/// `HIT_FROM[n]`: ways out of 216 that a natural 3d6 roll is `n` or more (`n` in 3..=18).
const HIT_FROM: [u32; 19] = {
    let mut t = [0u32; 19];
    let mut n = 18;
    let mut sum = 0;
    while n >= 3 {
        sum += THREE_D6_WAYS[n];
        t[n] = sum;
        n -= 1;
    }
    t
};

/// The range penalty (positive) of `rating` at `range` hexes (§7.5.1): `per × ceil(range /
/// hexes)`, at least `per` ("the minimum range penalty … will always be −1"), doubled without a
/// lock-on (§7.5.2). At range 0 the reading decides (D19 item 12).
pub fn range_penalty(rating: RangeRating, range: u16, locked: bool, zero: RangeZero) -> i16 {
    let steps = range.div_ceil(u16::from(rating.hexes.max(1)));
    let steps = match (steps, zero) {
        (0, RangeZero::None) => 0,
        _ => steps.max(1),
    };
    let penalty = steps as i16 * i16::from(rating.per);
    if locked { penalty } else { 2 * penalty }
}

/// The accuracy modifier of `acc` against a target with `sections` sections (§7.5.3): the number
/// plus the section count once per `+` (minus once per `−`). Fighters and shuttles count as 0.
pub const fn accuracy_drm(acc: Accuracy, sections: u8) -> i16 {
    acc.value as i16 + acc.signs as i16 * sections as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    /// [`hit_ways`] (a table of tails) answers as the walk over the bands it replaced, for
    /// every DRM from far below a sure miss to far above a sure hit.
    #[test]
    fn hit_ways_answers_as_band_ways() {
        for drm in -60i16..=60 {
            assert_eq!(
                hit_ways(drm),
                216 - band_ways(drm, HitBand::Miss),
                "drm {drm}"
            );
        }
        assert_eq!(
            (hit_ways(-8), hit_ways(-7), hit_ways(0), hit_ways(8)),
            (0, 1, 108, 216)
        );
    }

    /// The 3d6 table matches an enumeration of all 216 outcomes.
    #[test]
    fn three_d6_table_is_exact() {
        let mut ways = [0u32; 19];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    ways[a + b + c] += 1;
                }
            }
        }
        assert_eq!(ways, THREE_D6_WAYS);
        assert_eq!(THREE_D6_WAYS.iter().sum::<u32>(), 216);
    }

    /// §7.3.1 bands for every DRM −12..=+12, checked against enumerated 3d6 outcomes.
    #[test]
    fn bands_match_enumeration() {
        for drm in -12i16..=12 {
            let mut want = [0u32; 5];
            for a in 1..=6i16 {
                for b in 1..=6 {
                    for c in 1..=6 {
                        let m = a + b + c + drm;
                        let i = if m <= 10 {
                            0
                        } else if m <= 12 {
                            1
                        } else if m <= 14 {
                            2
                        } else if m <= 24 {
                            3
                        } else {
                            4
                        };
                        want[i] += 1;
                    }
                }
            }
            let got = HitBand::ALL.map(|b| band_ways(drm, b));
            assert_eq!(got, want, "drm {drm}");
        }
        // Spot values: DRM +7 reaches the core on 18+7 = 25.
        assert_eq!(band_ways(7, HitBand::Core), 1);
        assert_eq!(band_ways(-7, HitBand::Miss), 216 - 1);
        assert_eq!(band_ways(-8, HitBand::Miss), 216);
    }

    /// §7.3.1 (third reading): "a DRM of zero … produces a greater than 50% chance" — on 3d6 it
    /// is exactly one half (108/216). The arithmetic is followed; the text's claim is not.
    #[test]
    fn drm_zero_hits_exactly_half() {
        let hits: u32 = HitBand::ALL[1..].iter().map(|&b| band_ways(0, b)).sum();
        assert_eq!(hits, 108);
        assert_eq!(hit_ways(0), 108);
        assert_eq!(hit_ways(-8), 0);
        assert_eq!(hit_ways(8), 216);
    }

    /// §7.4.1.3 examples: "A burst weapon rolls 8 to hit … misses"; "rolls 12 to hit … hull
    /// structure but only does half damage"; 16 and 20 consult the chart; 23 (slicing) too.
    #[test]
    fn example_7_4_1_3_bands() {
        assert_eq!(HitBand::of(8), HitBand::Miss);
        assert_eq!(HitBand::of(12), HitBand::HullHalf);
        assert_eq!(HitBand::of(16), HitBand::System);
        assert_eq!(HitBand::of(20), HitBand::System);
        assert_eq!(HitBand::of(23), HitBand::System);
        assert_eq!(HitBand::of(25), HitBand::Core);
    }

    /// §7.5.1 example: range 13 at −1/2 → −7; minimum −1; §7.5.2 doubles without a lock.
    #[test]
    fn example_7_5_1_range_13_at_minus_1_per_2() {
        let r = RangeRating { per: 1, hexes: 2 };
        assert_eq!(range_penalty(r, 13, true, RangeZero::MinusOne), 7);
        assert_eq!(range_penalty(r, 12, true, RangeZero::MinusOne), 6);
        assert_eq!(range_penalty(r, 1, true, RangeZero::MinusOne), 1);
        assert_eq!(range_penalty(r, 13, false, RangeZero::MinusOne), 14);
        // Range 0 (same hex, §7.7): the reading.
        assert_eq!(range_penalty(r, 0, true, RangeZero::MinusOne), 1);
        assert_eq!(range_penalty(r, 0, true, RangeZero::None), 0);
        let heavy = RangeRating { per: 3, hexes: 1 };
        assert_eq!(range_penalty(heavy, 4, true, RangeZero::MinusOne), 12);
    }

    /// §7.5.3 example: −4++ against a 5-section battleship is +6; +3− against it is −2.
    #[test]
    fn example_7_5_3_signed_accuracy() {
        let a = Accuracy {
            value: -4,
            signs: 2,
        };
        assert_eq!(accuracy_drm(a, 5), 6);
        let b = Accuracy {
            value: 3,
            signs: -1,
        };
        assert_eq!(accuracy_drm(b, 5), -2);
        assert_eq!(accuracy_drm(b, 0), 3, "fighters count as 0 sections");
    }

    /// §7.9: DRM ≥ 0 hits as an 11 + DRM without rolling; a negative DRM rolls.
    #[test]
    fn setting_to_eleven() {
        let mut d = ScriptedDice::new(&[1, 1, 1]);
        assert_eq!(roll_set_to_eleven(&mut d, 0).band, HitBand::HullHalf);
        assert_eq!(roll_set_to_eleven(&mut d, 4).modified, 15);
        assert_eq!(d.used(), 0);
        assert_eq!(roll_set_to_eleven(&mut d, -1).band, HitBand::Miss);
        assert_eq!(d.used(), 3);
    }

    /// §7.1's facts feed the hit roll: the Reaper broadside of `preconditions`' test (range 6,
    /// locked, EW +1, P/S 3) with its railgun (Acc +3, −1/2) → +3 +1 +3 −3 = DRM +4; unlocked the
    /// range penalty doubles (§7.5.2).
    #[test]
    fn facts_feed_the_modifiers() {
        use super::super::super::aspect::{Aspect, SectionHit};
        use super::super::super::design::{SectionPos, fixtures::railgun};
        let mut facts = AttackFacts {
            range: 6,
            locked: true,
            ew_drm: 1,
            aspect: Aspect::PortStarboard,
            silhouette: 3,
            section: SectionHit::One(SectionPos::Fore),
            alternative: None,
        };
        let m = HitModifiers::from_facts(&facts, &railgun(), 3, RangeZero::MinusOne);
        assert_eq!(
            (m.silhouette, m.ew, m.accuracy, m.range_penalty),
            (3, 1, 3, 3)
        );
        assert_eq!(m.drm(), 4);
        facts.locked = false;
        let m = HitModifiers::from_facts(&facts, &railgun(), 3, RangeZero::MinusOne);
        assert_eq!(m.range_penalty, 6);
    }

    #[test]
    fn drm_sums_signed_parts_and_roll_uses_dice() {
        let m = HitModifiers {
            silhouette: 3,
            ew: 2,
            accuracy: 3,
            range_penalty: 4,
            evasive: 0,
            defensive_fire: 2,
            deflection: 1,
            other: -6,
        };
        assert_eq!(m.drm(), 3 + 2 + 3 - 4 - 2 - 1 - 6);
        let mut d = ScriptedDice::new(&[6, 5, 4]);
        let r = roll_to_hit(&mut d, -5);
        assert_eq!((r.natural, r.modified, r.band), (15, 10, HitBand::Miss));
    }
}
