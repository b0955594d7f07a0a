//! The Swarmer/Rocket Pack Hits Table (seed; digest §2.6, §3.9, §3.10, G9): columns are pack
//! sizes, rows the (modified) roll, cells the hits.

use crate::dice::Roller;

/// The pack sizes that head the table's columns.
pub const PACKS: [u8; 10] = [3, 4, 5, 6, 10, 12, 15, 20, 25, 40];

/// Rows 1..=12 (row "0-" is all zeros, "12+" the last row), one column per [`PACKS`] entry,
/// as printed in the seed.
pub const HITS: [[u8; 10]; 12] = [
    [1, 1, 1, 1, 1, 1, 1, 2, 2, 2],
    [1, 1, 1, 1, 1, 2, 2, 2, 3, 4],
    [1, 2, 2, 2, 2, 2, 3, 3, 5, 7],
    [1, 2, 2, 2, 3, 3, 4, 5, 8, 11],
    [2, 2, 3, 3, 4, 5, 6, 8, 11, 17],
    [2, 3, 3, 4, 5, 6, 8, 10, 14, 20],
    [2, 3, 3, 4, 7, 8, 10, 13, 16, 26],
    [2, 3, 4, 5, 7, 9, 11, 15, 18, 29],
    [3, 4, 4, 5, 8, 10, 12, 17, 21, 34],
    [3, 4, 4, 5, 8, 11, 14, 18, 23, 37],
    [3, 4, 5, 6, 9, 11, 14, 19, 24, 39],
    [3, 4, 5, 6, 10, 12, 15, 20, 25, 40],
];

/// The column of a pack size, if the table has one.
pub fn column(pack: u8) -> Option<usize> {
    PACKS.iter().position(|&p| p == pack)
}

/// Hits for a modified `roll` on column `col`: "0-" → 0, "12+" → the last row.
pub const fn hits(col: usize, roll: i32) -> u8 {
    if roll <= 0 {
        0
    } else if roll >= 12 {
        HITS[11][col]
    } else {
        HITS[(roll - 1) as usize][col]
    }
}

/// The row die (house rule G9 `swarmer_die`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SwarmerDie {
    /// 2d6 plus the attack's to-hit modifiers (default).
    #[serde(rename = "2d6")]
    TwoD6,
    /// 1d10 plus the modifiers.
    D10,
}

impl SwarmerDie {
    /// Roll the row die.
    pub fn roll<R: Roller>(self, dice: &mut R) -> i32 {
        match self {
            SwarmerDie::TwoD6 => i32::from(dice.two_d6()),
            SwarmerDie::D10 => dice.below(10) as i32 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact E[hits] × 36 for 2d6 + `m` on column `col`.
    fn ways_2d6(col: usize, m: i32) -> u32 {
        let mut s = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                s += u32::from(hits(col, a + b + m));
            }
        }
        s
    }

    /// Digest §3.9: pack 10 roll 7 → 7; pack 40 roll 13 → 40; roll −1 → 0; pack 25 roll 4 → 8.
    #[test]
    fn vector_3_9_lookups() {
        assert_eq!(hits(column(10).unwrap(), 7), 7);
        assert_eq!(hits(column(40).unwrap(), 13), 40);
        assert_eq!(hits(column(3).unwrap(), -1), 0);
        assert_eq!(hits(column(25).unwrap(), 4), 8);
        assert_eq!(column(7), None);
    }

    /// Second reading: every column non-decreasing, row 12+ equals the pack.
    #[test]
    fn columns_rise_to_the_whole_pack() {
        for (c, &p) in PACKS.iter().enumerate() {
            for r in 1..12 {
                assert!(HITS[r][c] >= HITS[r - 1][c]);
            }
            assert_eq!(HITS[11][c], p);
        }
    }

    /// Digest §3.10: E[hits] for unmodified 2d6 (exact, ×36), for 1d10 (×10) and 2d6 ± 2.
    #[test]
    fn vector_3_10_expected_hits() {
        let want_2d6_x36 = [76, 107, 119, 145, 216, 265, 332, 438, 563, 885];
        for c in 0..10 {
            assert_eq!(ways_2d6(c, 0), want_2d6_x36[c], "pack {}", PACKS[c]);
        }
        let want_d10_x10 = [18, 25, 27, 32, 46, 57, 71, 93, 121, 187];
        for c in 0..10 {
            let s: u32 = (1..=10).map(|r| u32::from(hits(c, r))).sum();
            assert_eq!(s, want_d10_x10[c], "pack {}", PACKS[c]);
        }
        // 10-pack 25/6 and 91/12; 40-pack 199/12 and 1139/36.
        assert_eq!(ways_2d6(4, -2), 150);
        assert_eq!(ways_2d6(9, -2), 597);
        assert_eq!(ways_2d6(4, 2), 273);
        assert_eq!(ways_2d6(9, 2), 1139);
    }
}
