//! Hull damage and the hull check (seed 001, "Hull Damage and Ship Explosion"; digest §2.8,
//! §3.10–3.12): the check number is the row of the triangular table (Damage 1, 3, 6, 10, ...
//! → 1, 2, 3, 4, ...), "reduced by ship size"; two dice; a Hull Stabilizer rerolls one die;
//! Luck rerolls a die "as long as your Luck holds out"; failure explodes the ship.

use crate::dice::Roller;

/// The check number for `damage` hull damage: the largest `n` with `n(n+1)/2 <= damage`
/// (the seed's table is the triangular numbers up to 210 → 20; beyond it the formula continues,
/// G11).
pub fn check_number(damage: u32) -> u32 {
    let d = u64::from(damage);
    // A floating-point estimate of (sqrt(8D + 1) - 1) / 2, corrected to the exact integer.
    let mut n = (((8 * d + 1) as f64).sqrt() as u64).saturating_sub(1) / 2;
    while (n + 1) * (n + 2) / 2 <= d {
        n += 1;
    }
    while n > 0 && n * (n + 1) / 2 > d {
        n -= 1;
    }
    n as u32
}

/// The hull check's difficulty: the table's number "reduced by ship size".
pub fn difficulty(damage: u32, size: u8) -> i32 {
    check_number(damage) as i32 - size as i32
}

/// G11, how a hull-check roll is compared with the difficulty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HullCompare {
    /// Default: the check passes on 2d6 ≥ difficulty.
    #[default]
    AtLeast,
    /// Alternative: 2d6 must beat the difficulty (> ): one difficulty step harder.
    Beat,
}

impl HullCompare {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["at-least", "beat"];

    /// Whether `roll` passes `difficulty`.
    pub const fn passes(self, roll: u8, difficulty: i32) -> bool {
        match self {
            HullCompare::AtLeast => roll as i32 >= difficulty,
            HullCompare::Beat => roll as i32 > difficulty,
        }
    }
}

/// Whether a hit at `damage` total hull damage calls for a hull check (G11 default: once the
/// difficulty is at least 1 — "When hull damage reaches the minimum threshold to require a
/// hull check, and each time it is hit thereafter").
pub fn needs_check(damage: u32, size: u8) -> bool {
    difficulty(damage, size) >= 1
}

/// One hull check's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HullCheck {
    /// Whether the ship survives.
    pub passed: bool,
    /// Luck points spent on rerolls.
    pub luck_spent: u16,
    /// Whether the Stabilizer's reroll was used.
    pub stabilized: bool,
}

/// Make a hull check at `difficulty`: roll 2d6; on a failure a Hull Stabilizer rerolls the
/// lower die once, then each Luck point rerolls the lower die again ("You can keep rerolling as
/// long as your Luck holds out"). A difficulty no 2d6 can reach fails at once without spending
/// Luck ("or if it can't roll high enough"); one no 2d6 can fail passes without a roll.
pub fn hull_check<R: Roller>(
    dice: &mut R,
    difficulty: i32,
    cmp: HullCompare,
    stabilizer: bool,
    luck: &mut u16,
) -> HullCheck {
    let mut out = HullCheck::default();
    if cmp.passes(2, difficulty) {
        out.passed = true;
        return out;
    }
    if !cmp.passes(12, difficulty) {
        return out;
    }
    let (mut a, mut b) = (dice.d6(), dice.d6());
    if cmp.passes(a + b, difficulty) {
        out.passed = true;
        return out;
    }
    let reroll_lower = |a: &mut u8, b: &mut u8, dice: &mut R| {
        if *a <= *b {
            *a = dice.d6();
        } else {
            *b = dice.d6();
        }
    };
    if stabilizer {
        out.stabilized = true;
        reroll_lower(&mut a, &mut b, dice);
        if cmp.passes(a + b, difficulty) {
            out.passed = true;
            return out;
        }
    }
    while *luck > 0 {
        *luck -= 1;
        out.luck_spent += 1;
        reroll_lower(&mut a, &mut b, dice);
        if cmp.passes(a + b, difficulty) {
            out.passed = true;
            return out;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn the_seed_table_is_reproduced_exactly() {
        // Seed: "Damage 1 3 6 10 15 21 28 36 45 55 66 78 91 105 120 136 153 171 190 210 /
        // Hull Check 1 2 ... 20".
        let thresholds = [
            1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171, 190, 210,
        ];
        // Exact enumeration of every damage 0..=210 against a table lookup.
        for d in 0..=210u32 {
            let by_table = thresholds.iter().filter(|&&t| d >= t).count() as u32;
            assert_eq!(check_number(d), by_table, "damage {d}");
        }
    }

    #[test]
    fn tv10_check_rows() {
        let got: Vec<u32> = [0, 2, 9, 10, 44, 45, 209, 210].map(check_number).to_vec();
        assert_eq!(got, [0, 1, 3, 4, 8, 9, 19, 20]);
        // G11 default: the formula continues past the table.
        assert_eq!(check_number(231), 21);
        assert_eq!(check_number(u32::MAX / 8), 32767);
    }

    /// P(pass) over every outcome of the dice the check can roll (2d6, a Stabilizer reroll,
    /// `luck` Luck rerolls), as an exact fraction over 6^(2 + rerolls).
    fn exact(difficulty: i32, stabilizer: bool, luck: u16, cmp: HullCompare) -> (u64, u64) {
        let n = 2 + u32::from(stabilizer) + u32::from(luck);
        let total = 6u64.pow(n);
        let mut passed = 0;
        for code in 0..total {
            let mut faces = [0u8; 8];
            let mut c = code;
            for f in faces.iter_mut().take(n as usize) {
                *f = (c % 6) as u8 + 1;
                c /= 6;
            }
            let mut dice = ScriptedDice::new(&faces[..n as usize]);
            let mut l = luck;
            passed += u64::from(hull_check(&mut dice, difficulty, cmp, stabilizer, &mut l).passed);
        }
        (passed, total)
    }

    fn assert_frac(got: (u64, u64), num: u64, den: u64) {
        assert_eq!(
            got.0 * den,
            num * got.1,
            "{}/{} vs {num}/{den}",
            got.0,
            got.1
        );
    }

    #[test]
    fn tv11_size_3_at_45_damage() {
        // Difficulty 9 - 3 = 6; P = 13/18; with a Stabilizer 193/216.
        assert_eq!(difficulty(45, 3), 6);
        assert_frac(exact(6, false, 0, HullCompare::AtLeast), 13, 18);
        assert_frac(exact(6, true, 0, HullCompare::AtLeast), 193, 216);
    }

    #[test]
    fn tv12_stabilizer_table_by_enumeration() {
        type Frac = (u64, u64);
        let rows: [(i32, Frac, Frac); 10] = [
            (3, (35, 36), (215, 216)),
            (4, (11, 12), (53, 54)),
            (5, (5, 6), (205, 216)),
            (6, (13, 18), (193, 216)),
            (7, (7, 12), (29, 36)),
            (8, (5, 12), (49, 72)),
            (9, (5, 18), (113, 216)),
            (10, (1, 6), (77, 216)),
            (11, (1, 12), (43, 216)),
            (12, (1, 36), (2, 27)),
        ];
        for (d, without, with) in rows {
            assert_frac(
                exact(d, false, 0, HullCompare::AtLeast),
                without.0,
                without.1,
            );
            assert_frac(exact(d, true, 0, HullCompare::AtLeast), with.0, with.1);
        }
        assert_frac(exact(13, true, 2, HullCompare::AtLeast), 0, 1);
    }

    #[test]
    fn luck_keeps_rerolling_and_g11_beat_is_one_step_harder() {
        // One Luck point is one more reroll of the lower die: same as a Stabilizer.
        assert_eq!(
            exact(8, false, 1, HullCompare::AtLeast),
            exact(8, true, 0, HullCompare::AtLeast)
        );
        let (a, t) = exact(8, true, 1, HullCompare::AtLeast);
        let (b, u) = exact(8, true, 0, HullCompare::AtLeast);
        assert!(a * u > b * t, "more Luck, more passes");
        // "beat" at d equals "at least" at d + 1.
        for d in 2..12 {
            assert_eq!(
                exact(d, true, 0, HullCompare::Beat),
                exact(d + 1, true, 0, HullCompare::AtLeast)
            );
        }
    }

    #[test]
    fn impossible_checks_spend_no_luck_and_trivial_ones_roll_nothing() {
        let mut luck = 3;
        let mut dice = ScriptedDice::new(&[]);
        let r = hull_check(&mut dice, 13, HullCompare::AtLeast, true, &mut luck);
        assert!(!r.passed);
        assert_eq!((luck, dice.used()), (3, 0));
        let r = hull_check(&mut dice, 2, HullCompare::AtLeast, false, &mut luck);
        assert!(r.passed);
        assert_eq!(dice.used(), 0);
        assert!(!needs_check(5, 3) && needs_check(10, 3));
    }
}
