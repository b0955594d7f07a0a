//! Cannon hits (seed 001, "Cannon Hits", "Broken Modules", "Slagged Modules"; digest §2.6–2.7,
//! §3.1–3.4, §3.7–3.9, §3.14): roll Guns + Shields dice, remove the Shields highest, apply the
//! rest one at a time from the module of impact directly away; 4–6 breaks a module and raises
//! OOC; dice that miss the silhouette deal 1 hull each and OOC on 4–6.

use super::grid::{MAX_COLS, MAX_ROWS, ModuleGrid};
use super::hit_allocation::{GapRule, MAX_LINE, StruckLine, landing_slots};
use crate::dice::Roller;

/// The kept damage dice of one strike, as counts per face (no heap; any number of dice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DamageRoll {
    /// `counts[f]` dice showing face `f` (index 0 unused).
    pub counts: [u16; 7],
}

impl DamageRoll {
    /// Keep what is left of `rolled` after removing its `shields` highest dice (seed: "take
    /// away a number of the highest dice equal to the Shields level of the target ship").
    pub fn after_shields(mut rolled: [u16; 7], shields: u32) -> DamageRoll {
        let mut drop = shields;
        for f in (1..=6).rev() {
            let d = u32::from(rolled[f]).min(drop);
            rolled[f] -= d as u16;
            drop -= d;
        }
        DamageRoll { counts: rolled }
    }

    /// Number of kept dice.
    pub fn len(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether no die is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sum of the kept dice.
    pub fn sum(&self) -> u32 {
        (1..=6).map(|f| f as u32 * u32::from(self.counts[f])).sum()
    }

    /// Kept dice with a 4, 5 or 6 (each breaks a module it lands on).
    pub fn breaking(&self) -> u32 {
        (4..=6).map(|f| u32::from(self.counts[f])).sum()
    }

    /// The kept dice highest first — the order they are applied along the line (the text's
    /// example puts the 4 of (4,3,2,2,1) "in the module of impact and the 3 in the next
    /// module"; digest §2.6, third reading).
    pub fn high_first(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=6u8)
            .rev()
            .flat_map(move |f| std::iter::repeat_n(f, usize::from(self.counts[f as usize])))
    }
}

/// Roll the damage of a strike of Guns `power` against `shields`: "rolling an amount of dice
/// equal to the Guns power for the firing ship plus the Shields power of the target ship",
/// then drop the `shields` highest.
pub fn roll_damage<R: Roller>(dice: &mut R, power: u8, shields: u8) -> DamageRoll {
    let mut rolled = [0u16; 7];
    for _ in 0..u32::from(power) + u32::from(shields) {
        rolled[usize::from(dice.d6())] += 1;
    }
    DamageRoll::after_shields(rolled, u32::from(shields))
}

/// The expected sum of the kept dice of a strike of Guns `power` against `shields` (digest
/// §3.9's table; a policy's measure of "expected damage"): the kept dice are the lowest
/// `power` of `power + shields` d6, so the number of kept dice showing at least `v` is
/// `max(0, N_v − shields)` with `N_v ~ Bin(power + shields, (7 − v) / 6)`, and the sum is
/// the total of those counts over v = 1..=6.
pub fn expected_kept_sum(power: u8, shields: u8) -> f64 {
    let n = u32::from(power) + u32::from(shields);
    let s = u32::from(shields);
    let mut total = 0.0;
    for v in 1..=6u32 {
        let p = f64::from(7 - v) / 6.0;
        // P(N_v = k) by the binomial recurrence, k = 0..=n.
        let mut pk = (1.0 - p).powi(n as i32);
        for k in 0..=n {
            if k > s {
                total += f64::from(k - s) * pk;
            }
            if k < n {
                pk = if p >= 1.0 {
                    if k + 1 == n { 1.0 } else { 0.0 }
                } else {
                    pk * f64::from(n - k) / f64::from(k + 1) * p / (1.0 - p)
                };
            }
        }
    }
    total
}

/// What one strike did to a ship (all counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrikeEffect {
    /// Hull damage points added.
    pub hull: u32,
    /// OOC levels added.
    pub ooc: u32,
    /// Broken markers placed (a module holds at most two).
    pub broken_markers: u32,
    /// Modules that became slagged (second marker).
    pub slagged: u32,
    /// Dice of collateral damage to occupants (crew is out of scope, G8: a statistic).
    pub collateral_dice: u32,
    /// Dice that missed the silhouette.
    pub missed: u32,
}

/// A die of value `v` landing on a module with `markers` Broken markers: "The amount on the die
/// indicates the number of points of hull damage ... Any die result that is 4, 5 or 6 breaks
/// the module, causes two dice of collateral damage ... and raises the ship's OOC level by one.
/// Any die result that is 1, 2 or 3 causes only one die of collateral damage". "A module can
/// have at most two Broken markers on it."
pub fn die_on_module(v: u8, markers: &mut u8, e: &mut StrikeEffect) {
    e.hull += u32::from(v);
    if v >= 4 {
        e.ooc += 1;
        e.collateral_dice += 2;
        if *markers < 2 {
            *markers += 1;
            e.broken_markers += 1;
            if *markers == 2 {
                e.slagged += 1;
            }
        }
    } else {
        e.collateral_dice += 1;
    }
}

/// A die of value `v` that misses the silhouette: "deal only 1 point each of hull damage but
/// generate OOC if they are 4, 5 or 6".
pub fn die_missing(v: u8, e: &mut StrikeEffect) {
    e.hull += 1;
    e.missed += 1;
    if v >= 4 {
        e.ooc += 1;
    }
}

/// Apply the kept dice of a strike along `line` of `grid`, updating the ship's Broken markers
/// (`markers[row][col]`). Shields and hull checks are the caller's (they follow the strike).
pub fn apply_strike(
    grid: &ModuleGrid,
    markers: &mut [[u8; MAX_COLS]; MAX_ROWS],
    line: StruckLine,
    gaps: GapRule,
    roll: &DamageRoll,
) -> StrikeEffect {
    let mut slots = [None; MAX_LINE];
    let n = landing_slots(grid, line, gaps, &mut slots);
    let mut e = StrikeEffect::default();
    for (k, v) in roll.high_first().enumerate() {
        match slots.get(k).filter(|_| k < n).copied().flatten() {
            Some((r, c)) => die_on_module(v, &mut markers[r][c], &mut e),
            None => die_missing(v, &mut e),
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::ship_to_ship::facing::ShipSide;

    fn tv_ship() -> ModuleGrid {
        ModuleGrid::picture(&[". C^ .", "S< H^* G>", "L< X^ M>", ". E^ ."])
    }

    const TEXT_ROLL: [u8; 9] = [6, 6, 6, 4, 4, 3, 2, 2, 1];

    #[test]
    fn tv1_text_example_guns_5_shields_4() {
        // Seed, "Cannon Hits": "A roll of (6,6,6,4,4,3,2,2,1) becomes (4,3,2,2,1)".
        let mut dice = ScriptedDice::new(&TEXT_ROLL);
        let kept = roll_damage(&mut dice, 5, 4);
        assert_eq!(dice.used(), 9);
        assert_eq!(kept.high_first().collect::<Vec<_>>(), [4, 3, 2, 2, 1]);
    }

    fn text_kept() -> DamageRoll {
        roll_damage(&mut ScriptedDice::new(&TEXT_ROLL), 5, 4)
    }

    #[test]
    fn tv2_fore_hit_allocation_7() {
        // Digest §3.2: Hull +12, OOC +1, 1 Broken marker (Cannon).
        let g = tv_ship();
        let mut m = [[0u8; MAX_COLS]; MAX_ROWS];
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 7);
        let e = apply_strike(&g, &mut m, line, GapRule::Skip, &text_kept());
        assert_eq!((e.hull, e.ooc, e.broken_markers, e.missed), (12, 1, 1, 1));
        assert_eq!(m[0][1], 1);
        assert_eq!(e.collateral_dice, 2 + 1 + 1 + 1);
    }

    #[test]
    fn tv3_fore_hit_allocation_8() {
        // Digest §3.3 (G12 default, and the third reading: the first die lands on a module).
        let g = tv_ship();
        let mut m = [[0u8; MAX_COLS]; MAX_ROWS];
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 8);
        let e = apply_strike(&g, &mut m, line, GapRule::Skip, &text_kept());
        assert_eq!((e.hull, e.ooc, e.broken_markers), (10, 1, 1));
        assert_eq!(m[1][2], 1, "the Cargo Bay took the 4");
        // The first die lands in the module of impact under either gap rule.
        let mut m = [[0u8; MAX_COLS]; MAX_ROWS];
        let e = apply_strike(&g, &mut m, line, GapRule::TakesDie, &text_kept());
        assert_eq!((e.hull, e.ooc, e.broken_markers), (10, 1, 1));
    }

    #[test]
    fn tv4_allocation_10_misses_the_ship() {
        let g = tv_ship();
        let mut m = [[0u8; MAX_COLS]; MAX_ROWS];
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 10);
        let e = apply_strike(&g, &mut m, line, GapRule::Skip, &text_kept());
        assert_eq!((e.hull, e.ooc, e.broken_markers, e.missed), (5, 1, 0, 5));
        assert_eq!(e.collateral_dice, 0);
    }

    #[test]
    fn tv14_slagged_module_holds_two_markers() {
        let mut markers = 1u8;
        let mut e = StrikeEffect::default();
        die_on_module(5, &mut markers, &mut e);
        assert_eq!((markers, e.slagged), (2, 1));
        let mut e = StrikeEffect::default();
        die_on_module(6, &mut markers, &mut e);
        assert_eq!(markers, 2);
        assert_eq!(
            (e.hull, e.ooc, e.collateral_dice, e.broken_markers),
            (6, 1, 2, 0)
        );
    }

    /// Exact distribution of the kept dice over all multisets of `n` d6 faces: calls `f` with
    /// each multiset's counts and its number of orderings (the multinomial coefficient).
    fn each_multiset(n: u32, f: &mut impl FnMut([u16; 7], u128)) {
        fn go(
            face: usize,
            left: u32,
            counts: &mut [u16; 7],
            f: &mut impl FnMut([u16; 7], u128),
            n: u32,
        ) {
            if face == 6 {
                counts[6] = left as u16;
                let mut ways: u128 = (1..=u128::from(n)).product();
                for c in &counts[1..] {
                    ways /= (1..=u128::from(*c)).product::<u128>();
                }
                f(*counts, ways);
                return;
            }
            for c in 0..=left {
                counts[face] = c as u16;
                go(face + 1, left - c, counts, f, n);
            }
        }
        go(1, n, &mut [0; 7], f, n);
    }

    #[test]
    fn tv7_multi_vs_shields_4_by_enumeration() {
        // Digest §3.7: 5 dice, keep the lowest; P(kept = 1..6) = 4651, 2101, 781, 211, 31, 1
        // over 7776; P(break) = 1/32; E[hull] = 4067/2592.
        let mut by_face = [0u128; 7];
        let (mut breaks, mut sum) = (0u128, 0u128);
        each_multiset(5, &mut |counts, ways| {
            let kept = DamageRoll::after_shields(counts, 4);
            assert_eq!(kept.len(), 1);
            let v = kept.high_first().next().unwrap();
            by_face[usize::from(v)] += ways;
            breaks += ways * u128::from(kept.breaking());
            sum += ways * u128::from(kept.sum());
        });
        assert_eq!(&by_face[1..], &[4651, 2101, 781, 211, 31, 1]);
        assert_eq!(breaks * 32, 7776);
        assert_eq!(sum * 2592, 4067 * 7776);
    }

    #[test]
    fn tv8_guns_5_vs_shields_4_by_brute_force() {
        // Digest §3.8: E[sum] = 4338985/373248; P(at least one break) = 1/2; E[breaks] =
        // 443/512; kept sum 5..30, mode 11. Every one of the 6^9 ordered rolls through the
        // same code path the battle uses (ScriptedDice → roll_damage).
        let total: u128 = 6u128.pow(9);
        let (mut sum, mut any, mut breaks) = (0u128, 0u128, 0u128);
        let mut by_sum = [0u128; 31];
        let mut faces = [1u8; 9];
        loop {
            let kept = roll_damage(&mut ScriptedDice::new(&faces), 5, 4);
            let s = kept.sum();
            sum += u128::from(s);
            by_sum[s as usize] += 1;
            any += u128::from(kept.breaking() > 0);
            breaks += u128::from(kept.breaking());
            // Odometer.
            let mut i = 0;
            while i < 9 && faces[i] == 6 {
                faces[i] = 1;
                i += 1;
            }
            if i == 9 {
                break;
            }
            faces[i] += 1;
        }
        assert_eq!(sum * 373_248, 4_338_985 * total);
        assert_eq!(any * 2, total);
        assert_eq!(breaks * 512, 443 * total);
        let lo = by_sum.iter().position(|&c| c > 0).unwrap();
        let hi = by_sum.iter().rposition(|&c| c > 0).unwrap();
        assert_eq!((lo, hi), (5, 30));
        let mode = (0..31).max_by_key(|&s| by_sum[s]).unwrap();
        assert_eq!(mode, 11);
    }

    #[test]
    fn tv9_expected_kept_sum_table_by_enumeration() {
        // Digest §3.9, every cell to 4 decimals; P(at least one break) g=3,s=3 → 11/32,
        // g=4,s=3 → 1/2, g=6,s=6 → 0.3872.
        let table: [[f64; 7]; 6] = [
            [3.5000, 2.5278, 2.0417, 1.7554, 1.5691, 1.4397, 1.3459],
            [7.0000, 5.5417, 4.6559, 4.0698, 3.6555, 3.3485, 3.1132],
            [10.5000, 8.7554, 7.5698, 6.7262, 6.0972, 5.6112, 5.2252],
            [14.0000, 12.0691, 10.6555, 9.5972, 8.7777, 8.1249, 7.5933],
            [
                17.5000, 15.4397, 13.8485, 12.6112, 11.6249, 10.8207, 10.1528,
            ],
            [
                21.0000, 18.8459, 17.1132, 15.7252, 14.5933, 13.6528, 12.8590,
            ],
        ];
        let p_break = |g: u32, s: u32| {
            let (mut any, mut total) = (0u128, 0u128);
            each_multiset(g + s, &mut |c, w| {
                total += w;
                any += w * u128::from(DamageRoll::after_shields(c, s).breaking() > 0);
            });
            (any, total)
        };
        for g in 1..=6u32 {
            for s in 0..=6u32 {
                let (mut sum, mut total) = (0u128, 0u128);
                each_multiset(g + s, &mut |c, w| {
                    total += w;
                    sum += w * u128::from(DamageRoll::after_shields(c, s).sum());
                });
                let mean = sum as f64 / total as f64;
                let want = table[g as usize - 1][s as usize];
                assert!((mean - want).abs() < 5e-5, "g={g} s={s}: {mean} vs {want}");
            }
        }
        for g in 1..=6u8 {
            for sh in 0..=6u8 {
                let want = table[usize::from(g) - 1][usize::from(sh)];
                let got = expected_kept_sum(g, sh);
                assert!((got - want).abs() < 5e-5, "g={g} s={sh}: {got} vs {want}");
            }
        }
        assert_eq!(expected_kept_sum(0, 3), 0.0);
        let (a, t) = p_break(3, 3);
        assert_eq!(a * 32, 11 * t);
        let (a, t) = p_break(4, 3);
        assert_eq!(a * 2, t);
        let (a, t) = p_break(6, 6);
        assert!((a as f64 / t as f64 - 0.3872).abs() < 5e-5);
        // "1/2 whenever g = s + 1".
        for s in 0..6 {
            let (a, t) = p_break(s + 1, s);
            assert_eq!(a * 2, t, "s={s}");
        }
    }
}
