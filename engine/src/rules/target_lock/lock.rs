//! Target Lock (seed, "Target Lock" and its "Modifiers"; digest §2.3, §3.4, G8, G19).
//!
//! "Automatic within 2 + FCS rating hexes, otherwise roll 7 or less on 1d6, plus the modifiers
//! below." The two minus signs lost in the sheet's bullets are restored (−1 per 2 full hexes,
//! −Stealth); the die is house rule G8 `lock_dice`.

use crate::dice::Roller;

/// The die of the lock roll (house rule G8 `lock_dice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LockDice {
    /// "7 or less on 1d6", as printed (default; at +0 it never fails).
    D6,
    /// 2d6 (the printed "1d6" read as a typo).
    #[serde(rename = "2d6")]
    TwoD6,
    /// 1d10, like every other pass/fail roll on the sheet.
    D10,
}

impl LockDice {
    /// Roll the die.
    pub fn roll<R: Roller>(self, dice: &mut R) -> i32 {
        match self {
            LockDice::D6 => i32::from(dice.d6()),
            LockDice::TwoD6 => i32::from(dice.two_d6()),
            LockDice::D10 => dice.below(10) as i32 + 1,
        }
    }

    /// The faces and their weights (for exact enumerations): `(face, ways)`, total ways.
    pub fn faces(self) -> (&'static [(i32, u32)], u32) {
        const D6: [(i32, u32); 6] = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)];
        const TWO_D6: [(i32, u32); 11] = [
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
        const D10: [(i32, u32); 10] = [
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
            (8, 1),
            (9, 1),
            (10, 1),
        ];
        match self {
            LockDice::D6 => (&D6, 6),
            LockDice::TwoD6 => (&TWO_D6, 36),
            LockDice::D10 => (&D10, 10),
        }
    }
}

/// Everything the lock roll depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LockCheck {
    /// Hexes between the two ship counters.
    pub range: i32,
    /// "+ Onboard FCS sensor rating, if there is one".
    pub fcs: i32,
    /// "+ Enemy Target Size Modifier".
    pub target_size: i32,
    /// "- Enemy Stealth Rating".
    pub stealth: i32,
    /// "+2 if the enemy is using reaction drives" (read: thrust this turn on a reaction drive).
    pub target_on_reaction_drive: bool,
    /// "+1 for multiple enemies in the same hex" (G19: the target's hex).
    pub multiple_enemies_in_hex: bool,
    /// Other ships using a reactionless drive in the target's hex (−1 each is not stated: the
    /// modifier applies once, G19).
    pub reactionless_in_hex: bool,
    /// Another ship using a reaction drive in the target's hex (−2).
    pub reaction_in_hex: bool,
    /// Another ship using a reaction drive adjacent to the target's hex (−1).
    pub reaction_adjacent: bool,
    /// House-rule extras (lost Sensors or scanners, G11, G20).
    pub other: i32,
}

/// `Some(tn)` for a roll needed (roll ≤ tn locks), `None` for an automatic lock.
pub const fn lock_number(c: LockCheck) -> Option<i32> {
    if c.range <= 2 + c.fcs {
        return None;
    }
    let mut tn = 7 - c.range / 2 + c.fcs + c.target_size - c.stealth + c.other;
    if c.target_on_reaction_drive {
        tn += 2;
    }
    if c.multiple_enemies_in_hex {
        tn += 1;
    }
    if c.reactionless_in_hex {
        tn -= 1;
    }
    if c.reaction_in_hex {
        tn -= 2;
    } else if c.reaction_adjacent {
        tn -= 1;
    }
    Some(tn)
}

/// Roll for a lock (no die is rolled for an automatic lock).
pub fn try_lock<R: Roller>(c: LockCheck, dice_kind: LockDice, dice: &mut R) -> bool {
    match lock_number(c) {
        None => true,
        Some(tn) => dice_kind.roll(dice) <= tn,
    }
}

/// Whether the lock can succeed at all: automatic, or a target number the die can roll (the
/// same as `lock_chance(c, dice_kind).0 > 0`, without the enumeration).
pub fn can_lock(c: LockCheck, dice_kind: LockDice) -> bool {
    match lock_number(c) {
        None => true,
        Some(tn) => tn >= dice_kind.faces().0[0].0,
    }
}

/// The exact lock chance as (ways, total ways).
pub fn lock_chance(c: LockCheck, dice_kind: LockDice) -> (u32, u32) {
    let (faces, total) = dice_kind.faces();
    match lock_number(c) {
        None => (total, total),
        Some(tn) => (
            faces.iter().filter(|(f, _)| *f <= tn).map(|(_, w)| w).sum(),
            total,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chance(fcs: i32, range: i32) -> (u32, u32) {
        lock_chance(
            LockCheck {
                range,
                fcs,
                ..LockCheck::default()
            },
            LockDice::D6,
        )
    }

    #[test]
    fn can_lock_is_a_nonzero_chance() {
        for dice in [LockDice::D6, LockDice::TwoD6, LockDice::D10] {
            for range in 0..40 {
                for other in -6..6 {
                    let c = LockCheck {
                        range,
                        fcs: 1,
                        other,
                        ..LockCheck::default()
                    };
                    assert_eq!(can_lock(c, dice), lock_chance(c, dice).0 > 0);
                }
            }
        }
    }

    /// Digest §3.4, FCS 0: automatic ≤ 2; 3 → 1; 4–5 → 5/6; 6–7 → 4/6; 8–9 → 3/6;
    /// 10–11 → 2/6; 12–13 → 1/6; ≥ 14 → 0 (exact enumeration of the d6).
    #[test]
    fn vector_3_4_fcs_0() {
        assert_eq!(lock_number(LockCheck::default()), None);
        let want = [
            (2, 6),
            (3, 6),
            (4, 5),
            (5, 5),
            (6, 4),
            (7, 4),
            (8, 3),
            (9, 3),
            (10, 2),
            (11, 2),
            (12, 1),
            (13, 1),
            (14, 0),
            (20, 0),
        ];
        for (range, ways) in want {
            assert_eq!(chance(0, range), (ways, 6), "range {range}");
        }
    }

    /// Digest §3.4, FCS 1 and FCS 2.
    #[test]
    fn vector_3_4_fcs_1_and_2() {
        assert_eq!(
            lock_number(LockCheck {
                range: 3,
                fcs: 1,
                ..LockCheck::default()
            }),
            None
        );
        for (range, ways) in [(4, 6), (5, 6), (6, 5), (7, 5), (8, 4), (9, 4), (10, 3)] {
            assert_eq!(chance(1, range), (ways, 6), "fcs 1 range {range}");
        }
        for (range, ways) in [(11, 3), (12, 2), (13, 2), (14, 1), (15, 1)] {
            assert_eq!(chance(1, range), (ways, 6), "fcs 1 range {range}");
        }
        assert!(
            lock_number(LockCheck {
                range: 4,
                fcs: 2,
                ..LockCheck::default()
            })
            .is_none()
        );
        for (range, ways) in [(5, 6), (7, 6), (8, 5), (9, 5), (10, 4), (11, 4)] {
            assert_eq!(chance(2, range), (ways, 6), "fcs 2 range {range}");
        }
        for (range, ways) in [(12, 3), (13, 3), (14, 2), (15, 2)] {
            assert_eq!(chance(2, range), (ways, 6), "fcs 2 range {range}");
        }
    }

    /// Digest §3.4 example: FCS 1, range 8, Stealth 2, reaction drive → TN 4 → 4/6.
    #[test]
    fn vector_3_4_worked_example() {
        let c = LockCheck {
            range: 8,
            fcs: 1,
            stealth: 2,
            target_on_reaction_drive: true,
            ..LockCheck::default()
        };
        assert_eq!(lock_number(c), Some(4));
        assert_eq!(lock_chance(c, LockDice::D6), (4, 6));
    }

    /// Third reading: at FCS 0, range 7 the chance is 2/3 (1d6), 1/6 (2d6) or 2/5 (1d10).
    #[test]
    fn lock_dice_readings_at_range_7() {
        let c = LockCheck {
            range: 7,
            ..LockCheck::default()
        };
        assert_eq!(lock_chance(c, LockDice::D6), (4, 6));
        assert_eq!(lock_chance(c, LockDice::TwoD6), (6, 36));
        assert_eq!(lock_chance(c, LockDice::D10), (4, 10));
    }

    /// Every interference modifier, against the sheet's list.
    #[test]
    fn interference_modifiers() {
        let base = LockCheck {
            range: 10,
            ..LockCheck::default()
        };
        let tn = |c: LockCheck| lock_number(c).unwrap();
        assert_eq!(tn(base), 2);
        assert_eq!(
            tn(LockCheck {
                multiple_enemies_in_hex: true,
                ..base
            }),
            3
        );
        assert_eq!(
            tn(LockCheck {
                reactionless_in_hex: true,
                ..base
            }),
            1
        );
        assert_eq!(
            tn(LockCheck {
                reaction_in_hex: true,
                reaction_adjacent: true,
                ..base
            }),
            0
        );
        assert_eq!(
            tn(LockCheck {
                reaction_adjacent: true,
                ..base
            }),
            1
        );
        assert_eq!(
            tn(LockCheck {
                target_size: 2,
                ..base
            }),
            4
        );
    }
}
