//! Repairs (seed, "Repairs"; digest §2.5, §3.11, G14): 1d10 at or under the difficulty's
//! number. Which difficulty a repair has is house rule G14.

/// A repair's difficulty (seed, "Repairs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// "Easy: 7 or less on 1d10".
    Easy,
    /// "Average: 5 or less on 1d10".
    Average,
    /// "Hard: 4 or less on 1d10".
    Hard,
    /// "Very Hard: 2 or less on 1d10".
    VeryHard,
}

impl Difficulty {
    /// The target number.
    pub const fn number(self) -> u8 {
        match self {
            Difficulty::Easy => 7,
            Difficulty::Average => 5,
            Difficulty::Hard => 4,
            Difficulty::VeryHard => 2,
        }
    }

    /// Whether a d10 `roll` repairs.
    pub const fn succeeds(self, roll: u8) -> bool {
        roll <= self.number()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §2.5 and §3.11: 0.7, 0.5 (Average succeeds on 1..5), 0.4, 0.2.
    #[test]
    fn vector_3_11_repair_chances() {
        let p = |d: Difficulty| (1..=10u8).filter(|&r| d.succeeds(r)).count();
        assert_eq!(p(Difficulty::Easy), 7);
        assert_eq!(p(Difficulty::Average), 5);
        assert_eq!(p(Difficulty::Hard), 4);
        assert_eq!(p(Difficulty::VeryHard), 2);
        assert!(Difficulty::Average.succeeds(5) && !Difficulty::Average.succeeds(6));
    }
}
