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

/// Weights (in 36ths) of a damage die's faces, as `(value, weight)` with unused slots 0.
#[inline]
fn faces(die: DamageDie) -> ([(u8, u8); 11], usize) {
    let mut out = [(0u8, 0u8); 11];
    match die {
        DamageDie::D6 => {
            for v in 1..=6u8 {
                out[usize::from(v) - 1] = (v, 6);
            }
            (out, 6)
        }
        DamageDie::BestOfTwo => {
            for v in 1..=6u8 {
                out[usize::from(v) - 1] = (v, 2 * v - 1);
            }
            (out, 6)
        }
        DamageDie::SumOfTwo => {
            for s in 2..=12u8 {
                out[usize::from(s) - 2] = (s, 6 - (i32::from(s) - 7).unsigned_abs() as u8);
            }
            (out, 11)
        }
    }
}

/// Expected damage dealt if `die` is rerolled and the other kept.
pub fn expected_after_reroll(setup: &AttackSetup, roll: &AttackRoll, die: Die) -> f64 {
    match die {
        Die::Accuracy => {
            let total: u32 = (1..=6u8)
                .map(|a| setup.resolve(a, roll.damage_die).dealt)
                .sum();
            f64::from(total) / 6.0
        }
        Die::Damage => {
            let (faces, n) = faces(setup.band.die);
            let total: u32 = faces[..n]
                .iter()
                .map(|&(v, w)| setup.resolve(roll.accuracy_die, v).dealt * u32::from(w))
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

    #[test]
    fn faces_sum_to_36() {
        for die in [DamageDie::D6, DamageDie::BestOfTwo, DamageDie::SumOfTwo] {
            let (f, n) = faces(die);
            assert_eq!(f[..n].iter().map(|x| u32::from(x.1)).sum::<u32>(), 36);
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
