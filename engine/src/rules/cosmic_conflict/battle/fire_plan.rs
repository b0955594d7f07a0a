//! Fire allocation without overkill: the `kill-value` targeting of the new-generation presets
//! (issue 17). Ch. 4 step 2: "Select a target within Range and Fire Arc of the attacking
//! Weapon" — the text leaves the choice to the player. A player chooses the enemy whose
//! destruction the shot brings nearest, weighed by what the ship is worth, and does not pour
//! fire into a ship that fire already on its way will finish.
//!
//! Each attack applies its damage (ch. 4 step 5) before the next weapon chooses, so damage
//! dealt this activation is already on the target's tracks; what is still on its way is the
//! side's Missile tokens in flight (ch. 5 Missiles: "resolve the attack to the same target"
//! at the Resolution Phase), counted here as pending damage.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::player::Player;
use super::Battle;

/// What a shot at one enemy is worth, in points: the share of the enemy's points its
/// expected damage takes off (per box of its starting boxes), plus `kill_weight` × its points
/// × the chance that this shot finishes it.
///
/// * `expected` — this weapon's expected damage (boxes) against the enemy in its band;
/// * `left` — the enemy's boxes left less the damage already on its way (pending);
/// * `boxes` — its boxes at the start of the battle; `points` — its points value.
///
/// An enemy that pending fire is expected to destroy (`left ≤ 0`) is worth only a sliver
/// (a thousandth of the expected damage), so it is shot at only when no other target is in
/// reach. Damage beyond what is left is worth nothing (overkill).
pub fn shot_value(expected: f32, left: f32, boxes: f32, points: f32, kill_weight: f32) -> f32 {
    if expected <= 0.0 {
        return 0.0;
    }
    if left <= 0.0 {
        return expected * 1e-3;
    }
    let dealt = expected.min(left);
    let per_box = points / boxes.max(1.0);
    dealt * per_box + kill_weight * points * kill_chance(expected, left)
}

/// A rough chance that a shot of `expected` damage destroys an enemy with `left` boxes:
/// 1 when the expected damage covers what is left, else the square of the share it covers
/// (a shot that takes half of what is left rarely kills: ¼). Rising steeply as the enemy is
/// worn down, it makes the side's weapons finish one ship before starting on the next —
/// no split fire that kills nothing.
pub fn kill_chance(expected: f32, left: f32) -> f32 {
    if left <= 0.0 || expected >= left {
        return 1.0;
    }
    let share = expected / left;
    share * share
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The `kill-value` key of enemy `j` for a weapon of ship `i` with expected damage
    /// `expected` ([`shot_value`]); the enemy's boxes left less the expected damage of ship
    /// `i`'s side's missile tokens flying at it.
    pub(super) fn kill_value(&self, i: usize, j: usize, expected: f32) -> f32 {
        let m = self.m;
        let side = self.s.ships[i].side;
        let target = &self.s.ships[j];
        let row = usize::from(target.design) * 3;
        let mut pending = 0.0f32;
        for t in &self.s.tokens {
            let a = usize::from(t.attacker);
            if usize::from(t.target) == j && self.s.ships[a].side == side {
                let d = usize::from(self.s.ships[a].design);
                pending += m.expected_row(d, usize::from(t.weapon))[row];
            }
        }
        let left = target.remaining() as f32 - pending;
        let boxes = m.start_boxes(j);
        let weight = self.players[side.index()].kill_weight();
        shot_value(expected, left, boxes, target.points as f32, weight)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ch. 4 step 2, the fire plan a player would choose: a fresh cruiser (24 boxes, 120
    /// points) the weapon hits for 4 expected, and a destroyer worn down to 3 boxes (60
    /// points) it hits for 3. The old `best-odds` key (expected damage) shoots the cruiser;
    /// finishing the destroyer is worth more.
    #[test]
    fn finishes_a_worn_down_ship_before_scratching_a_fresh_one() {
        let (e_cruiser, e_destroyer) = (4.0, 3.0);
        // The `best-odds` key is the expected damage: it shoots the cruiser.
        assert!(e_cruiser > e_destroyer);
        let cruiser = shot_value(e_cruiser, 24.0, 24.0, 120.0, 1.0);
        let destroyer = shot_value(e_destroyer, 3.0, 16.0, 60.0, 1.0);
        assert!(destroyer > cruiser, "{destroyer} vs {cruiser}");
        assert_eq!(destroyer, 3.0 * 60.0 / 16.0 + 60.0);
        assert_eq!(cruiser, 4.0 * 5.0 + 120.0 * (1.0 / 36.0));
    }

    /// No overkill: a ship the side's missiles in flight are expected to destroy is worth a
    /// sliver, less than any real shot elsewhere (the old key ignores missiles in flight).
    #[test]
    fn does_not_fire_at_a_ship_already_expected_dead() {
        let doomed = shot_value(6.0, 2.0 - 2.5, 16.0, 60.0, 1.0);
        let other = shot_value(1.0, 24.0, 24.0, 120.0, 1.0);
        assert!(doomed < other, "{doomed} vs {other}");
        assert_eq!(doomed, 6.0e-3);
    }

    /// Damage beyond the boxes left is worth nothing: two weapons that each kill count the
    /// same, and the kill chance is capped at 1.
    #[test]
    fn overkill_is_worth_nothing() {
        assert_eq!(
            shot_value(10.0, 3.0, 16.0, 60.0, 1.0),
            shot_value(3.0, 3.0, 16.0, 60.0, 1.0)
        );
        assert_eq!(kill_chance(10.0, 3.0), 1.0);
        assert_eq!(kill_chance(1.5, 3.0), 0.25);
        assert_eq!(shot_value(0.0, 3.0, 16.0, 60.0, 1.0), 0.0);
    }

    /// Concentration: the same weapon prefers the ship its side has already worn down
    /// (equal ships, equal points), so a side's fire is not split over both.
    #[test]
    fn concentrates_on_the_ship_already_hit() {
        let hit = shot_value(3.0, 10.0, 20.0, 80.0, 1.0);
        let fresh = shot_value(3.0, 20.0, 20.0, 80.0, 1.0);
        assert!(hit > fresh, "{hit} vs {fresh}");
        // With no kill weight the plan only counts boxes taken: the two are equal.
        assert_eq!(
            shot_value(3.0, 10.0, 20.0, 80.0, 0.0),
            shot_value(3.0, 20.0, 20.0, 80.0, 0.0)
        );
    }
}
