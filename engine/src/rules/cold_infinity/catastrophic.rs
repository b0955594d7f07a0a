//! §13.2 catastrophic damage (digest D14): fires in the core, explosive decompression
//! elsewhere.

use crate::dice::Roller;

use super::damage_state::ShipDamage;
use super::design::ShipDesign;
use super::fire::hit_roll::roll_die;

/// Whether a hit causes catastrophic damage on a hull block (§13.2, §13.2.3; D19 item 38): the
/// natural to-hit roll was 15 or more and the hull took damage directly (after armor, not through
/// overkill), or a called shot on hull hit.
pub const fn triggers(natural: u8, hull_hit_directly: bool, called_shot_on_hull: bool) -> bool {
    called_shot_on_hull || (natural >= 15 && hull_hit_directly)
}

/// What catastrophic damage does to a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Catastrophe {
    /// §13.2.1 core hull: on fire for 1d10 turns, 1 hull point a turn.
    Fire {
        /// Turns of fire.
        turns: u8,
    },
    /// §13.2.2 outer hull: 1d3 off the armor permanently (excess ignored), or off the hull if
    /// there is no armor left.
    Decompression {
        /// Points.
        amount: u8,
    },
}

/// Rolls catastrophic damage for section `sec` (core or the single section of a 4th-rate ship →
/// fire, fixed reading; other sections → decompression).
pub fn roll(dice: &mut impl Roller, design: &ShipDesign, sec: usize) -> Catastrophe {
    if design.sections[sec].pos.is_core() {
        Catastrophe::Fire {
            turns: roll_die(dice, 10),
        }
    } else {
        Catastrophe::Decompression {
            amount: roll_die(dice, 3),
        }
    }
}

/// Applies a catastrophe to section `sec`. A new fire on a burning section keeps the longer
/// fire (fixed reading: one fire per hull block).
pub fn apply(design: &ShipDesign, damage: &mut ShipDamage, sec: usize, c: Catastrophe) {
    match c {
        Catastrophe::Fire { turns } => {
            damage.fire_turns[sec] = damage.fire_turns[sec].max(turns);
        }
        Catastrophe::Decompression { amount } => {
            let armor = damage.armor_now(design, sec);
            if armor > 0 {
                damage.armor_lost[sec] += amount.min(armor);
            } else {
                damage.damage_hull(design, sec, u16::from(amount));
            }
        }
    }
}

/// §13.2.1: every burning hull block loses 1 point and burns one turn less (Damage Effects
/// step). Returns whether anything burned.
#[inline]
pub fn burn(design: &ShipDesign, damage: &mut ShipDamage) -> bool {
    let mut any = false;
    for sec in 0..design.sections.len() {
        if damage.fire_turns[sec] > 0 {
            damage.fire_turns[sec] -= 1;
            if !damage.section_destroyed(design, sec) {
                damage.damage_hull(design, sec, 1);
            }
            any = true;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::super::design::fixtures::reaper;
    use super::*;
    use crate::dice::ScriptedDice;

    /// §13.2: natural ≥ 15 and hull damage after armor; never by overkill (the caller's
    /// `hull_hit_directly` excludes it); a called shot on hull always (§13.2.3).
    #[test]
    fn trigger() {
        assert!(triggers(15, true, false));
        assert!(!triggers(14, true, false));
        assert!(!triggers(18, false, false));
        assert!(triggers(5, false, true));
    }

    /// §13.2.2: armor takes the 1d3, excess ignored; with no armor the hull takes it.
    #[test]
    fn decompression_takes_armor_then_hull() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        s.armor_lost[0] = 3; // 1 armor left
        apply(&d, &mut s, 0, Catastrophe::Decompression { amount: 3 });
        assert_eq!(s.armor_now(&d, 0), 0);
        assert_eq!(s.hull_damage[0], 0, "excess ignored");
        apply(&d, &mut s, 0, Catastrophe::Decompression { amount: 2 });
        assert_eq!(s.hull_damage[0], 2);
    }

    /// §13.2.1: core fire, 1 point a turn for 1d10 turns; it can destroy the ship.
    #[test]
    fn core_fire_burns() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        // d10 from two d6 digits: (2−1)·6 + (4−1) = 9 → 10.
        let mut dice = ScriptedDice::new(&[2, 4]);
        assert_eq!(roll(&mut dice, &d, 2), Catastrophe::Fire { turns: 10 });
        apply(&d, &mut s, 2, Catastrophe::Fire { turns: 3 });
        s.hull_damage[2] = 18;
        assert!(burn(&d, &mut s));
        assert!(!s.destroyed);
        assert!(burn(&d, &mut s));
        assert!(s.destroyed);
        assert!(burn(&d, &mut s));
        assert!(!burn(&d, &mut s));
        let mut dice = ScriptedDice::new(&[3]);
        assert_eq!(
            roll(&mut dice, &d, 0),
            Catastrophe::Decompression { amount: 3 }
        );
    }
}
