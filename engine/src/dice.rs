//! Dice: one `Xoshiro256PlusPlus` generator per battle, seeded from
//! (master seed, matchup key, battle index) through SplitMix64.
//!
//! Never per thread: the same battle index always gets the same dice, whatever the thread
//! count or shard split.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Anything that can roll a six-sided die. The engine plays battles through this trait so
/// tests can script exact rolls (`ScriptedDice`) while batch runs use [`Dice`].
pub trait Roller {
    /// One fair d6, 1..=6.
    fn d6(&mut self) -> u8;

    /// Sum of two d6 (the Cosmic Conflict Condition table, Structurally Mounted damage).
    fn two_d6(&mut self) -> u8 {
        self.d6() + self.d6()
    }

    /// The higher of two d6 (Oversized damage, Rockets at Extended Range 1).
    fn best_of_two_d6(&mut self) -> u8 {
        self.d6().max(self.d6())
    }

    /// A uniformly random integer in `0..n` (`1 <= n <= 6^12`), for games with other dice
    /// (d3, d20, d100, percentile chances). The default builds it from d6 rolls by rejection
    /// (base-6 digits), so scripted d6 dice still work; [`Dice`] overrides it with one draw.
    fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = u64::from(n);
        // Smallest power of 6 that is at least n, and how many d6 make it.
        let (mut span, mut digits) = (6u64, 1u32);
        while span < n {
            span *= 6;
            digits += 1;
        }
        let limit = span - span % n;
        loop {
            let mut x = 0u64;
            for _ in 0..digits {
                x = x * 6 + u64::from(self.d6() - 1);
            }
            if x < limit {
                return (x % n) as u32;
            }
        }
    }
}

/// The battle's dice: a seeded xoshiro256++ stream.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: Xoshiro256PlusPlus,
    /// Unused random bits left over from the last 64-bit draw (see [`Dice::d6`]).
    pool: u64,
    /// How many d6 can still be taken from `pool`.
    pool_left: u8,
}

/// SplitMix64 step: a good 64-bit mixer (Steele, Lea & Flood 2014), used to turn
/// structured seeds into independent generator states.
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stable 64-bit key for a name (FNV-1a), used for matchup keys so that reordering the
/// matchups of an experiment does not change their dice.
pub const fn name_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

impl Dice {
    /// The dice of battle `index` of the matchup `matchup_key` in a run with `master_seed`.
    pub fn for_battle(master_seed: u64, matchup_key: u64, index: u64) -> Self {
        let mut sm = master_seed;
        let a = splitmix64(&mut sm);
        let mut sm = a ^ matchup_key;
        let b = splitmix64(&mut sm);
        let mut sm = b ^ index;
        let mut seed = [0u8; 32];
        for chunk in seed.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut sm).to_le_bytes());
        }
        Dice {
            rng: Xoshiro256PlusPlus::from_seed(seed),
            pool: 0,
            pool_left: 0,
        }
    }

    /// A fresh 64-bit seed drawn from this battle's stream: a search player seeds its
    /// rollouts from it (`Dice::for_battle(seed, 0, k)` for rollout `k`), so they depend on
    /// the battle's dice alone, never on a thread.
    pub fn draw_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniformly random integer in `0..n` (n ≥ 1), unbiased (Lemire's method).
    pub fn uniform_below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        loop {
            let m = u64::from(self.rng.next_u32()) * u64::from(n);
            if (m as u32) >= (n.wrapping_neg() % n) {
                return (m >> 32) as u32;
            }
        }
    }
}

impl Roller for Dice {
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        self.uniform_below(n)
    }

    /// One d6. A 64-bit draw holds 24 unbiased d6 (6^24 < 2^64): the draw is accepted only
    /// below the largest multiple of 6^24, then peeled off in base 6, so the stream of dice
    /// is exactly uniform and the generator runs once per 24 dice.
    #[inline]
    fn d6(&mut self) -> u8 {
        const SIX_POW_24: u64 = 4_738_381_338_321_616_896;
        const LIMIT: u64 = SIX_POW_24 * (u64::MAX / SIX_POW_24);
        if self.pool_left == 0 {
            let mut x = self.rng.next_u64();
            while x >= LIMIT {
                x = self.rng.next_u64();
            }
            self.pool = x % SIX_POW_24;
            self.pool_left = 24;
        }
        let die = (self.pool % 6) as u8 + 1;
        self.pool /= 6;
        self.pool_left -= 1;
        die
    }
}

/// Dice that return a fixed script of rolls, for worked-example tests.
///
/// Panics when the script runs out: a test that rolls more dice than it scripted is wrong.
#[derive(Clone, Debug)]
pub struct ScriptedDice<'a> {
    rolls: &'a [u8],
    next: usize,
}

impl<'a> ScriptedDice<'a> {
    /// Dice that will roll `rolls` in order.
    pub fn new(rolls: &'a [u8]) -> Self {
        ScriptedDice { rolls, next: 0 }
    }

    /// How many scripted rolls were used.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl Roller for ScriptedDice<'_> {
    fn d6(&mut self) -> u8 {
        let r = *self
            .rolls
            .get(self.next)
            .unwrap_or_else(|| panic!("scripted dice ran out after {} rolls", self.next));
        assert!((1..=6).contains(&r), "scripted roll {r} is not a d6 face");
        self.next += 1;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_battle_same_dice() {
        let mut a = Dice::for_battle(7, 3, 1000);
        let mut b = Dice::for_battle(7, 3, 1000);
        for _ in 0..100 {
            assert_eq!(a.d6(), b.d6());
        }
    }

    #[test]
    fn neighbouring_battles_differ() {
        let roll = |i| {
            let mut d = Dice::for_battle(7, 3, i);
            (0..32).map(|_| d.d6()).collect::<Vec<_>>()
        };
        assert_ne!(roll(0), roll(1));
        let mut other_matchup = Dice::for_battle(7, 4, 0);
        assert_ne!(
            roll(0),
            (0..32).map(|_| other_matchup.d6()).collect::<Vec<_>>()
        );
    }

    /// 600,000 d6: each face count is Binomial(n, 1/6); sd = sqrt(n·5/36) ≈ 288.7.
    /// A 6-sd bound has false-failure probability ≈ 2e-9 per face.
    #[test]
    fn d6_faces_are_uniform() {
        let n = 600_000u32;
        let mut dice = Dice::for_battle(1, 2, 3);
        let mut counts = [0u32; 6];
        for _ in 0..n {
            counts[usize::from(dice.d6() - 1)] += 1;
        }
        let expected = f64::from(n) / 6.0;
        let sd = (f64::from(n) * 5.0 / 36.0).sqrt();
        for c in counts {
            assert!((f64::from(c) - expected).abs() < 6.0 * sd, "{counts:?}");
        }
    }

    #[test]
    fn default_below_uses_d6_digits() {
        // d100 from d6: two digits give 36 < 100, three give 216; 3,1,1 → 2·36 = 72.
        let mut d = ScriptedDice::new(&[3, 1, 1]);
        assert_eq!(d.below(100), 72);
        // 6,6,6 → 215 ≥ 200 is rejected, then 1,1,2 → 1.
        let mut d = ScriptedDice::new(&[6, 6, 6, 1, 1, 2]);
        assert_eq!(d.below(100), 1);
        assert_eq!(d.used(), 6);
    }

    #[test]
    fn dice_below_is_in_range() {
        let mut d = Dice::for_battle(1, 2, 3);
        let mut seen = [false; 20];
        for _ in 0..2000 {
            seen[d.below(20) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn scripted_dice_follow_script() {
        let mut d = ScriptedDice::new(&[3, 5, 6]);
        assert_eq!(d.d6(), 3);
        assert_eq!(d.best_of_two_d6(), 6);
        assert_eq!(d.used(), 3);
    }

    #[test]
    fn name_key_is_stable() {
        assert_eq!(name_key(""), 0xcbf2_9ce4_8422_2325);
        assert_ne!(name_key("a vs b"), name_key("b vs a"));
    }
}
