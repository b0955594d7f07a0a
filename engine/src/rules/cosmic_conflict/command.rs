//! The AI side of Orders and Commands: cheap, deterministic decisions given the dice — which
//! die to reroll, whether a Dodge pays, which Condition a braced ship keeps. The rules they
//! serve are in [`super::orders`]; the battle hooks in `battle/command_phase.rs`.

use crate::dice::Roller;

use super::attack::{AttackRoll, AttackSetup, DamageDie, HitBand};
use super::condition::ConditionKind;

/// Which d6 of an attack to discard and reroll (Offensive Focus, the Offensive reroll
/// Command: "discard either an Accuracy or Damage d6 roll and immediately reroll the d6";
/// Blocking terrain: "one d6 roll be discarded and a new d6 be rolled"). A damage roll made
/// of two d6 (best of two, sum of two) offers each of its dice: one of them is rerolled, the
/// other kept — never the whole roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Die {
    /// The Accuracy d6.
    Accuracy,
    /// Damage d6 number 0 or 1 (1 only when the band rolls two d6).
    Damage(u8),
}

impl Die {
    /// The dice an attack in a band with damage die `damage` offers to a reroll.
    #[inline]
    pub fn choices(damage: DamageDie) -> &'static [Die] {
        const ONE: [Die; 2] = [Die::Accuracy, Die::Damage(0)];
        const TWO: [Die; 3] = [Die::Accuracy, Die::Damage(0), Die::Damage(1)];
        if damage.dice() == 2 { &TWO } else { &ONE }
    }

    /// The die's face in `roll`.
    #[inline]
    pub fn face(self, roll: &AttackRoll) -> u8 {
        match self {
            Die::Accuracy => roll.accuracy_die,
            Die::Damage(k) => roll.damage_dice[usize::from(k)],
        }
    }

    /// A name for traces: "Accuracy", "Damage" (one d6) or "Damage #1"/"Damage #2".
    pub fn name(self, damage: DamageDie) -> &'static str {
        match (self, damage.dice()) {
            (Die::Accuracy, _) => "Accuracy",
            (Die::Damage(_), 1) => "Damage",
            (Die::Damage(0), _) => "Damage #1",
            (Die::Damage(_), _) => "Damage #2",
        }
    }
}

/// Expected damage dealt if `die` is rerolled and the other dice kept. The Accuracy die in
/// closed form (counts of Accuracy faces per chart band), since it runs on every attack of a
/// ship with Offensive Focus; a damage d6 by its six faces. Equal to enumerating
/// [`AttackSetup::resolve_dice`].
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
        Die::Damage(k) => {
            let off = setup.damage(0);
            let mut dice = roll.damage_dice;
            let mut total = 0u32;
            for face in 1..=6u8 {
                dice[usize::from(k)] = face;
                total += roll
                    .result
                    .damage(i32::from(setup.band.die.combine(dice)) + off);
            }
            f64::from(total) / 6.0
        }
    }
}

/// Offensive Focus / the reroll Command (AI choice): the d6 whose reroll gains the most
/// expected damage over what `roll` already deals, with its gain; `None` when no reroll
/// gains. `except` excludes a die already rerolled (G18: two rerolls on one attack reroll
/// different dice). Ties go to the first in [`Die::choices`] order (a choice of one side's
/// own dice, not a tie between sides).
pub fn best_reroll(
    setup: &AttackSetup,
    roll: &AttackRoll,
    except: Option<Die>,
) -> Option<(Die, f64)> {
    let now = f64::from(roll.dealt);
    let mut best: Option<(Die, f64)> = None;
    for &die in Die::choices(setup.band.die) {
        if except == Some(die) {
            continue;
        }
        // A Hit cannot improve on the Accuracy die, nor a Miss on a damage die: skip.
        let hopeless = match die {
            Die::Accuracy => roll.result == HitBand::Hit,
            Die::Damage(_) => roll.result == HitBand::Miss,
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

/// Blocking terrain (AI choice of the defender): the d6 whose reroll lowers the expected
/// damage most, with the expected loss avoided; `None` when no reroll would lower it.
pub fn blocking_reroll(setup: &AttackSetup, roll: &AttackRoll) -> Option<(Die, f64)> {
    let now = f64::from(roll.dealt);
    let mut best: Option<(Die, f64)> = None;
    for &die in Die::choices(setup.band.die) {
        let saved = now - expected_after_reroll(setup, roll, die);
        if saved > 1e-9 && best.is_none_or(|(_, g)| saved > g) {
            best = Some((die, saved));
        }
    }
    best
}

/// Discard `die` of `roll`, roll one new d6 in its place and resolve again.
pub fn reroll<R: Roller>(
    setup: &AttackSetup,
    roll: &AttackRoll,
    die: Die,
    dice: &mut R,
) -> AttackRoll {
    let fresh = dice.d6();
    match die {
        Die::Accuracy => setup.resolve_dice(fresh, roll.damage_dice),
        Die::Damage(k) => {
            let mut d = roll.damage_dice;
            d[usize::from(k)] = fresh;
            setup.resolve_dice(roll.accuracy_die, d)
        }
    }
}

/// Jump to Hyperspace (AI choice of the `tactician`; ch. 8 [Hyperspace] Orders, seed 003
/// l. 531: "Reveal this at the end of the resolution phase. During the next turn, this Ship
/// may not be given any Orders or Command tokens, and when this Ship is activated, remove it
/// from play."). The Order given now takes the ship out only at its activation **next** turn,
/// so it saves a ship that survives this turn's fire but would be lost to the next:
/// `fire_per_turn < remaining ≤ 2 × fire_per_turn`, where `fire_per_turn` is the enemy fire
/// expected on this ship in one turn and `remaining` its boxes left. A ship that this turn's
/// fire is expected to finish is lost before the jump happens (the Order would only cost it
/// Evasive Actions or Brace for Impact); a ship that can take two turns of fire is not about
/// to be lost. The side's last ship in play never jumps: a side with no ship in play loses
/// (annihilation), which costs more than the ship's points.
pub fn jump_pays(remaining: f32, fire_per_turn: f32, last_ship: bool) -> bool {
    !last_ship
        && fire_per_turn > 0.0
        && remaining > fire_per_turn
        && remaining <= 2.0 * fire_per_turn
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
    super::condition::mean_36(table, badness)
}

#[cfg(test)]
mod tests {
    use super::super::attack::WeaponProfile;
    use super::super::design::{Variant, WeaponType};
    use super::super::house_rules::MghChart;
    use super::*;
    use crate::dice::ScriptedDice;

    fn setup(kind: WeaponType, variant: Variant, band: usize, ws: u8, ts: u8) -> AttackSetup {
        AttackSetup {
            weapon_size: ws,
            target_size: ts,
            band: WeaponProfile::new(kind, variant).bands()[band],
            accuracy_mod: 0,
            damage_mod: 0,
            chart: MghChart::default(),
            glance_extension: 0,
        }
    }

    fn beam(ws: u8, ts: u8) -> AttackSetup {
        setup(WeaponType::Beam, Variant::None, 0, ws, ts)
    }

    /// The expectations equal enumerating every face of the rerolled die through
    /// `resolve_dice`, for one-d6, best-of-two and sum-of-two bands.
    #[test]
    fn expectations_match_enumeration() {
        let bands = [
            setup(WeaponType::Beam, Variant::None, 0, 3, 3),
            setup(WeaponType::Kinetic, Variant::Oversized, 0, 3, 1),
            setup(WeaponType::Rockets, Variant::None, 0, 2, 4),
            setup(WeaponType::Rockets, Variant::None, 1, 4, 2),
        ];
        for base in bands {
            for acc in [-3, 0, 2, 5] {
                let s = AttackSetup {
                    accuracy_mod: acc,
                    ..base
                };
                let two = s.band.die.dice() == 2;
                for a in 1..=6u8 {
                    for d0 in 1..=6u8 {
                        for d1 in if two { 1..=6u8 } else { 0..=0 } {
                            let r = s.resolve_dice(a, [d0, d1]);
                            let by_a: u32 =
                                (1..=6u8).map(|x| s.resolve_dice(x, [d0, d1]).dealt).sum();
                            let by_0: u32 =
                                (1..=6u8).map(|x| s.resolve_dice(a, [x, d1]).dealt).sum();
                            let ea = expected_after_reroll(&s, &r, Die::Accuracy);
                            let e0 = expected_after_reroll(&s, &r, Die::Damage(0));
                            assert_eq!(ea, f64::from(by_a) / 6.0);
                            assert_eq!(e0, f64::from(by_0) / 6.0);
                            if two {
                                let by_1: u32 =
                                    (1..=6u8).map(|x| s.resolve_dice(a, [d0, x]).dealt).sum();
                                let e1 = expected_after_reroll(&s, &r, Die::Damage(1));
                                assert_eq!(e1, f64::from(by_1) / 6.0);
                            }
                        }
                    }
                }
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
        assert_eq!(best_reroll(&s, &r, None).map(|b| b.0), Some(Die::Damage(0)));
        let r = s.resolve(6, 6);
        assert_eq!(best_reroll(&s, &r, None), None);
    }

    /// Golden (seed 003 l. 463 Offensive Focus, l. 469 the [Offensive] reroll Command:
    /// "discard either an Accuracy or Damage d6 roll and immediately reroll the d6"): Rockets at
    /// Range roll two d6 and add them; a Hit with 1 + 6 discards the 1 and rolls **one** new
    /// d6 — the 6 stays. The old reading rerolled the whole two-dice roll (two new d6: the
    /// scripted dice below run out, and 4 + 6 would have read as 4 + 3).
    #[test]
    fn golden_reroll_replaces_one_of_two_damage_dice() {
        let s = setup(WeaponType::Rockets, Variant::None, 0, 3, 3);
        let r = s.resolve_dice(6, [1, 6]);
        assert_eq!((r.result, r.dealt), (HitBand::Hit, 7));
        let (die, gain) = best_reroll(&s, &r, None).expect("worth it");
        assert_eq!(die, Die::Damage(0));
        // (2 + 3 + ... + 7 + ... ) : faces 1..6 with the 6 kept: 7..12, mean 9.5; gain 2.5.
        assert!((gain - 2.5).abs() < 1e-12);
        let mut dice = ScriptedDice::new(&[4]);
        let new = reroll(&s, &r, die, &mut dice);
        assert_eq!(dice.used(), 1);
        assert_eq!(
            (new.damage_dice, new.damage_die, new.dealt),
            ([4, 6], 10, 10)
        );
    }

    /// Golden (l. 286 Oversized "Roll two d6 and use the higher", l. 463): with 2 and 5 the
    /// attacker discards the 2 (a new d6 can only raise the best), never the 5.
    #[test]
    fn golden_oversized_rerolls_the_lower_die() {
        let s = setup(WeaponType::Kinetic, Variant::Oversized, 0, 3, 3);
        let r = s.resolve_dice(6, [2, 5]);
        assert_eq!(r.damage_die, 5);
        let (die, gain) = best_reroll(&s, &r, None).expect("worth it");
        assert_eq!(die, Die::Damage(0));
        assert!((gain - 1.0 / 6.0).abs() < 1e-12);
        let mut dice = ScriptedDice::new(&[6]);
        let new = reroll(&s, &r, die, &mut dice);
        assert_eq!((new.damage_dice, new.damage_die), ([6, 5], 6));
    }

    /// The reroll Command after Offensive Focus takes a different die (G18), here the other
    /// damage d6 of a sum of two.
    #[test]
    fn a_second_reroll_takes_another_die() {
        let s = setup(WeaponType::Rockets, Variant::None, 0, 3, 3);
        let r = s.resolve_dice(6, [1, 2]);
        assert_eq!(best_reroll(&s, &r, None).map(|b| b.0), Some(Die::Damage(0)));
        assert_eq!(
            best_reroll(&s, &r, Some(Die::Damage(0))).map(|b| b.0),
            Some(Die::Damage(1))
        );
    }

    /// Blocking (l. 553): the defender asks for the die whose reroll lowers the expected
    /// damage most: a Hit of 6 + 6 with Rockets loses a 6 (one d6, not both); a Hit on a 6 for
    /// Accuracy with a single damage 1 asks for nothing when no reroll lowers it.
    #[test]
    fn blocking_rerolls_the_die_that_lowers_damage_most() {
        let s = setup(WeaponType::Rockets, Variant::None, 0, 3, 3);
        let r = s.resolve_dice(3, [6, 6]);
        assert_eq!((r.result, r.dealt), (HitBand::Hit, 12));
        let (die, saved) = blocking_reroll(&s, &r).expect("worth it");
        assert_eq!(die, Die::Damage(0));
        assert!((saved - 2.5).abs() < 1e-12);
        let s = beam(3, 3);
        let r = s.resolve(3, 1);
        assert_eq!((r.result, r.dealt), (HitBand::Hit, 1));
        // A reroll of the Accuracy die can only glance (1 → 1) or miss (never at delta 0).
        assert_eq!(blocking_reroll(&s, &r), None);
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

    /// The Jump saves a ship that lives through this turn and would not live through the
    /// next: with 6 expected per turn, 7..=12 boxes left jump; 6 or fewer (lost before it
    /// leaves) and 13 or more (not about to be lost) do not; nor the side's last ship.
    #[test]
    fn jump_pays_for_a_ship_lost_next_turn_only() {
        assert!(!jump_pays(6.0, 6.0, false));
        assert!(jump_pays(7.0, 6.0, false));
        assert!(jump_pays(12.0, 6.0, false));
        assert!(!jump_pays(13.0, 6.0, false));
        assert!(!jump_pays(9.0, 6.0, true));
        assert!(!jump_pays(9.0, 0.0, false));
    }

    #[test]
    fn catastrophic_is_worse_than_the_average_roll() {
        let mean = mean_badness_36(&super::super::condition::CONDITION_TABLE);
        assert!(u32::from(badness(ConditionKind::Catastrophic)) * 36 > mean);
        assert!(u32::from(badness(ConditionKind::NoCondition)) * 36 < mean);
    }
}
