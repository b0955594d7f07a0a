//! The AI side of Orders and Commands: cheap, deterministic decisions given the dice — which
//! die to reroll, whether a Dodge pays, which Condition a braced ship keeps. The rules they
//! serve are in [`super::orders`]; the battle hooks in `battle/command_phase.rs`.

use crate::dice::Roller;

use super::attack::{AttackRoll, AttackSetup, DamageDie, HitBand};
use super::condition::ConditionKind;

/// Which die of an attack to discard and reroll (Offensive Focus, the Offensive reroll
/// Command: "discard either an Accuracy or Damage d6 roll and immediately reroll").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Die {
    /// The Accuracy d6.
    Accuracy,
    /// The damage die (or dice: a best-of-two or sum-of-two counts as the Damage roll).
    Damage,
}

/// One d6: each face 6/36.
const D6_FACES: [(u8, u8); 6] = [(1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)];
/// The higher of two d6: face v has weight 2v − 1 (of 36).
const BEST_OF_TWO_FACES: [(u8, u8); 6] = [(1, 1), (2, 3), (3, 5), (4, 7), (5, 9), (6, 11)];
/// The sum of two d6: 2..=12 with weights 1..6..1 (of 36).
const SUM_OF_TWO_FACES: [(u8, u8); 11] = [
    (2, 1),
    (3, 2),
    (4, 3),
    (5, 4),
    (6, 5),
    (7, 6),
    (8, 5),
    (9, 4),
    (10, 3),
    (11, 2),
    (12, 1),
];

/// A damage die's faces as `(value, weight in 36ths)`.
#[inline]
fn faces(die: DamageDie) -> &'static [(u8, u8)] {
    match die {
        DamageDie::D6 => &D6_FACES,
        DamageDie::BestOfTwo => &BEST_OF_TWO_FACES,
        DamageDie::SumOfTwo => &SUM_OF_TWO_FACES,
    }
}

/// Expected damage dealt if `die` is rerolled and the other kept. Closed form (counts of
/// Accuracy faces per chart band; damage faces for the kept band), since it runs on every
/// attack of a ship with Offensive Focus; equal to enumerating [`AttackSetup::resolve`].
pub fn expected_after_reroll(setup: &AttackSetup, roll: &AttackRoll, die: Die) -> f64 {
    match die {
        Die::Accuracy => {
            let base = setup.accuracy(0);
            let misses = (i32::from(setup.chart.miss_max) - base).clamp(0, 6);
            let glance_top = i32::from(setup.chart.glance_max) + i32::from(setup.glance_extension);
            let up_to_glance = (glance_top - base).clamp(misses, 6);
            let full = setup.damage(roll.damage_die).max(0) as u32;
            let glances = (up_to_glance - misses) as u32;
            let hits = (6 - up_to_glance) as u32;
            f64::from(glances * full.div_ceil(2) + hits * full) / 6.0
        }
        Die::Damage => {
            let off = setup.damage(0);
            let total: u32 = faces(setup.band.die)
                .iter()
                .map(|&(v, w)| roll.result.damage(i32::from(v) + off) * u32::from(w))
                .sum();
            f64::from(total) / 36.0
        }
    }
}

/// The reroll that raises expected damage most over what `roll` already deals, with its gain;
/// `None` when neither die is worth rerolling. `except` excludes a die already rerolled (G18:
/// two rerolls on one attack reroll different dice).
pub fn best_reroll(
    setup: &AttackSetup,
    roll: &AttackRoll,
    except: Option<Die>,
) -> Option<(Die, f64)> {
    let now = f64::from(roll.dealt);
    let mut best: Option<(Die, f64)> = None;
    for die in [Die::Accuracy, Die::Damage] {
        if except == Some(die) {
            continue;
        }
        // A Hit cannot improve on the Accuracy die, nor a Miss on the Damage die: skip.
        let hopeless = match die {
            Die::Accuracy => roll.result == HitBand::Hit,
            Die::Damage => roll.result == HitBand::Miss,
        };
        if hopeless {
            continue;
        }
        let gain = expected_after_reroll(setup, roll, die) - now;
        if gain > 1e-9 && best.is_none_or(|(_, g)| gain > g) {
            best = Some((die, gain));
        }
    }
    best
}

/// Reroll `die` of `roll` and resolve again.
pub fn reroll<R: Roller>(
    setup: &AttackSetup,
    roll: &AttackRoll,
    die: Die,
    dice: &mut R,
) -> AttackRoll {
    match die {
        Die::Accuracy => setup.resolve(dice.d6(), roll.damage_die),
        Die::Damage => setup.resolve(roll.accuracy_die, setup.band.die.roll(dice)),
    }
}

/// Dodge (ch. 8 [Navigate] Commands): "After an Attack's result has been calculated against
/// this Ship, immediately add a -1 Accuracy modifier and recalculate the result."
pub fn dodged(setup: &AttackSetup, roll: &AttackRoll) -> (AttackSetup, AttackRoll) {
    let s = AttackSetup {
        accuracy_mod: setup.accuracy_mod - 1,
        ..*setup
    };
    let r = s.resolve(roll.accuracy_die, roll.damage_die);
    (s, r)
}

/// How much the AI dislikes a Condition (AI preference, not a rule): the braced ship keeps the
/// lower of its two rolls, and a Defensive Command replaces a Condition worse than the table's
/// average.
pub const fn badness(kind: ConditionKind) -> u8 {
    match kind {
        ConditionKind::Catastrophic => 100,
        ConditionKind::Critical => 20,
        ConditionKind::Weapons => 8,
        ConditionKind::Component => 6,
        ConditionKind::Serious => 5,
        ConditionKind::Communications => 5,
        ConditionKind::Structural => 4,
        ConditionKind::Propulsion => 3,
        ConditionKind::NoCondition => 0,
    }
}

/// Mean badness of one roll on `table` (2d6 − 2 indexed), in 36ths.
pub fn mean_badness_36(table: &[ConditionKind; 11]) -> u32 {
    table
        .iter()
        .enumerate()
        .map(|(i, k)| u32::from(badness(*k)) * (6 - (i as i32 - 5).unsigned_abs()))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::attack::WeaponProfile;
    use super::super::design::{Variant, WeaponType};
    use super::super::house_rules::MghChart;
    use super::*;

    fn beam(ws: u8, ts: u8) -> AttackSetup {
        AttackSetup {
            weapon_size: ws,
            target_size: ts,
            band: WeaponProfile::new(WeaponType::Beam, Variant::None).bands()[0],
            accuracy_mod: 0,
            damage_mod: 0,
            chart: MghChart::default(),
            glance_extension: 0,
        }
    }

    /// The closed form equals enumerating every face through `resolve`.
    #[test]
    fn closed_form_matches_enumeration() {
        for (ws, ts, acc) in [(3, 3, 0), (3, 1, 2), (1, 5, -3), (4, 2, -1), (2, 2, 5)] {
            let s = AttackSetup {
                accuracy_mod: acc,
                ..beam(ws, ts)
            };
            for a in 1..=6u8 {
                for d in 1..=6u8 {
                    let r = s.resolve(a, d);
                    let by_a: u32 = (1..=6u8).map(|x| s.resolve(x, d).dealt).sum();
                    let by_d: u32 = (1..=6u8).map(|x| s.resolve(a, x).dealt * 6).sum();
                    let ea = expected_after_reroll(&s, &r, Die::Accuracy);
                    let ed = expected_after_reroll(&s, &r, Die::Damage);
                    assert_eq!(ea, f64::from(by_a) / 6.0);
                    assert_eq!(ed, f64::from(by_d) / 36.0);
                }
            }
        }
    }

    #[test]
    fn faces_sum_to_36() {
        for die in [DamageDie::D6, DamageDie::BestOfTwo, DamageDie::SumOfTwo] {
            assert_eq!(faces(die).iter().map(|x| u32::from(x.1)).sum::<u32>(), 36);
            let exact = die.distribution();
            for (v, w) in faces(die) {
                assert!(exact.contains(&(*v, *w)), "{die:?} {v} {w}");
            }
        }
    }

    /// A miss (accuracy 0 → impossible at delta 0; use delta −1: A = d6 − 1, die 1 → 0 = Miss)
    /// with a 6 on the damage die: rerolling Accuracy is worth 5/6 × ... > rerolling Damage (0).
    #[test]
    fn a_miss_rerolls_accuracy() {
        let s = beam(3, 2);
        let r = s.resolve(1, 6);
        assert_eq!(r.result, HitBand::Miss);
        let (die, gain) = best_reroll(&s, &r, None).expect("worth it");
        assert_eq!(die, Die::Accuracy);
        // A = a − 1: a = 1 miss, 2..3 glance (D = 7 → 4), 4..6 hit (7): (2·4 + 3·7)/6 = 29/6.
        assert!((gain - 29.0 / 6.0).abs() < 1e-12);
        assert_eq!(best_reroll(&s, &r, Some(Die::Accuracy)), None);
    }

    /// A Hit with a 1 on the damage die rerolls Damage; a Hit with a 6 rerolls nothing.
    #[test]
    fn a_weak_hit_rerolls_damage() {
        let s = beam(3, 3);
        let r = s.resolve(5, 1);
        assert_eq!(best_reroll(&s, &r, None).map(|b| b.0), Some(Die::Damage));
        let r = s.resolve(6, 6);
        assert_eq!(best_reroll(&s, &r, None), None);
    }

    /// Dodge turns a Hit on A = 3 into a Glance on A = 2 (default chart).
    #[test]
    fn dodge_recomputes_with_minus_one() {
        let s = beam(3, 3);
        let r = s.resolve(3, 6);
        assert_eq!((r.result, r.dealt), (HitBand::Hit, 6));
        let (_, d) = dodged(&s, &r);
        assert_eq!((d.accuracy, d.result, d.dealt), (2, HitBand::Glance, 3));
    }

    #[test]
    fn catastrophic_is_worse_than_the_average_roll() {
        let mean = mean_badness_36(&super::super::condition::CONDITION_TABLE);
        assert!(u32::from(badness(ConditionKind::Catastrophic)) * 36 > mean);
        assert!(u32::from(badness(ConditionKind::NoCondition)) * 36 < mean);
    }
}
