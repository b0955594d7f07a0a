//! Choices between equal candidates within a side (nearest enemy, a guided weapon's new
//! target, the nearest surrendered ship): "ties are broken by the battle's dice, never by
//! array index" (fair play). Setup order decides nothing.

use crate::dice::Roller;

/// Of `candidates`, the one with the least `key` (`None` when there are none). Equal least
/// keys are a real tie: the `t`-th equal candidate found replaces the choice with odds 1/`t`,
/// so each is chosen equally often; one die per further equal candidate, none without a tie.
pub(crate) fn least<R: Roller + ?Sized, K: PartialOrd>(
    dice: &mut R,
    candidates: impl Iterator<Item = usize>,
    key: impl Fn(usize) -> K,
) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    let mut ties = 1;
    for j in candidates {
        let k = key(j);
        match &best {
            Some((_, b)) if k > *b => {}
            Some((_, b)) if k == *b => {
                ties += 1;
                if dice.below(ties) == 0 {
                    best = Some((j, k));
                }
            }
            _ => {
                best = Some((j, k));
                ties = 1;
            }
        }
    }
    best.map(|(j, _)| j)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    /// A unique least key takes no die; a real tie is decided by the dice, and every tied
    /// candidate gets chosen under some dice.
    #[test]
    fn ties_go_to_the_dice() {
        let keys = [5, 3, 7, 3, 3];
        let mut seen = [0u32; 5];
        for battle in 0..300 {
            let mut dice = Dice::for_battle(11, 0, battle);
            let j = least(&mut dice, 0..5, |j| keys[j]).unwrap();
            seen[j] += 1;
        }
        assert_eq!(seen[0] + seen[2], 0);
        assert!(seen[1] > 60 && seen[3] > 60 && seen[4] > 60, "{seen:?}");
        let mut dice = Dice::for_battle(11, 0, 0);
        let mut untouched = dice.clone();
        assert_eq!(least(&mut dice, 0..3, |j| keys[j]), Some(1));
        let next: Vec<u32> = (0..8).map(|_| dice.below(1 << 30)).collect();
        let want: Vec<u32> = (0..8).map(|_| untouched.below(1 << 30)).collect();
        assert_eq!(next, want, "no tie, no die");
        assert_eq!(least(&mut dice, 0..0, |j| keys[j]), None);
    }
}
