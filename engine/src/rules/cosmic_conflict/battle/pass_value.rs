//! Passing by value (issue 17, `brawler-v4`): whether a side passes in a Size step of the
//! Ship Activation Phase because moving later pays.
//!
//! The text (ch. 5 "Ship Activation Phase", Steps 1–4; digest §1.2): below the largest Size a
//! player "may elect to pass, but if they do so, they may not activate any other" ship of that
//! Size until the descending sweep — so a ship passed over activates after every ship of a
//! larger Size and after the enemy's ships of its own Size that are still waiting. An
//! activation is "attack, then move" (ch. 5 "Ship Activation"), so the order decides who
//! shoots at which positions:
//! * activating **now**, own ship fires at the enemy where it stands, then moves; the enemy
//!   then fires at own ship where it ended its move;
//! * **passing**, the enemy fires first, at own ship where it stands, and moves; own ship then
//!   fires at the enemy where it ended its move.
//!
//! The player sees positions, headings and Velocities. It predicts each ship's move as its
//! straight run at its Velocity (heading × Velocity: momentum, the part of a move every player
//! can read) and weighs, for every pair of an own waiting ship and an enemy that would act
//! before it if it passed (the enemy's unactivated ships of this Size or larger), the change
//! in the fire each side delivers ([`pass_worth`]): passing pays when own ships fire more
//! after the enemy's move than now, and take less fire before their own move than after it —
//! e.g. two fleets closing from beyond reach: whoever moves first moves into the other's guns
//! and is shot first. The side passes when the sum exceeds [`PASS_MARGIN`] boxes
//! ([`passes_by_value`]). Arcs, terrain and the enemy's own choice to pass are left out (the
//! AI's estimate).

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;
use crate::outcome::Side;

use super::super::player::Player;
use super::Battle;

/// Expected boxes passing must gain before a side gives up its turn in a Size step (AI
/// preference: a small margin keeps a side from passing on estimates that are nearly even).
pub const PASS_MARGIN: f32 = 0.5;

/// One pair of an own waiting ship and an enemy that would activate before it if its side
/// passed: their distance now, after own ship's predicted move, after the enemy's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassPair {
    /// Distance now.
    pub now: f64,
    /// Distance after own ship's predicted move (the enemy still where it is).
    pub after_mine: f64,
    /// Distance after the enemy's predicted move (own ship still where it is).
    pub after_theirs: f64,
}

impl PassPair {
    /// The pair's distances from the two ships' positions and predicted end points.
    pub fn new(mine: Vec2, mine_to: Vec2, theirs: Vec2, theirs_to: Vec2) -> Self {
        PassPair {
            now: mine.distance(theirs),
            after_mine: mine_to.distance(theirs),
            after_theirs: mine.distance(theirs_to),
        }
    }
}

/// What passing gains in one pair, in expected damage boxes: own fire after the enemy's move
/// less own fire now, plus the enemy's fire after own move less its fire now (the damage own
/// ship no longer takes). `mine(d)` / `theirs(d)` are each side's expected fire at distance
/// `d`.
pub fn pass_worth(p: PassPair, mine: impl Fn(f64) -> f32, theirs: impl Fn(f64) -> f32) -> f32 {
    (mine(p.after_theirs) - mine(p.now)) + (theirs(p.after_mine) - theirs(p.now))
}

/// Whether a side passes, given what passing gains over all its pairs ([`pass_worth`]).
pub fn passes_by_value(gain: f32) -> bool {
    gain > PASS_MARGIN
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// Where ship `i` ends a straight run at its Velocity (the move a player reads from its
    /// heading and Velocity).
    fn straight_run(&self, i: usize) -> Vec2 {
        let s = &self.s.ships[i];
        s.pos + s.facing * f64::from(s.velocity)
    }

    /// Expected damage ship `i`'s working weapons deal ship `j` at distance `d` (each in its
    /// band at `d`; arcs and terrain left out: the AI's estimate). Read from the matchup's
    /// [`FireSteps`](super::super::fire_steps::FireSteps): with every weapon working, the
    /// step's sum; else the step's bands, summed over the working weapons in design order.
    #[inline]
    fn fire_at(&self, i: usize, j: usize, d: f64) -> f32 {
        let me = &self.s.ships[i];
        let a = usize::from(me.design);
        let t = usize::from(self.s.ships[j].design);
        self.m
            .fire_steps()
            .fire(a, t, d, me.weapons_off, |w, band| {
                self.m.expected(a, w, t, band)
            })
    }

    /// What passing at `size` gains `side` now (module docs): the sum of [`pass_worth`] over
    /// its waiting ships of `size` and the enemy's unactivated ships of `size` or larger.
    pub(super) fn pass_gain(&self, side: Side, size: u8) -> f32 {
        let mut gain = 0.0;
        for (i, me) in self.s.ships.iter().enumerate() {
            if me.side != side
                || !me.active()
                || me.size != size
                || self.s.activated & (1 << i) != 0
            {
                continue;
            }
            let mine_to = self.straight_run(i);
            for (j, them) in self.s.ships.iter().enumerate() {
                if them.side == side
                    || !them.active()
                    || them.size < size
                    || self.s.activated & (1 << j) != 0
                {
                    continue;
                }
                let pair = PassPair::new(me.pos, mine_to, them.pos, self.straight_run(j));
                // Out of both ships' reach at all three distances: every term is 0.
                let closest = pair.now.min(pair.after_mine).min(pair.after_theirs);
                let reach = self.m.reach_squared[usize::from(me.design)]
                    .max(self.m.reach_squared[usize::from(them.design)]);
                if closest * closest > reach {
                    continue;
                }
                gain += pass_worth(pair, |d| self.fire_at(i, j, d), |d| self.fire_at(j, i, d));
            }
        }
        gain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A gun dealing 3 expected boxes within 12, nothing beyond.
    fn gun(d: f64) -> f32 {
        if d <= 12.0 { 3.0 } else { 0.0 }
    }

    /// Two ships 20 apart, each running 10 straight at the other: both out of reach now.
    /// Moving first carries own ship to 10 — into the enemy's guns, which fire before it can
    /// (the old `brawler` activates anyway); passing lets the enemy come to 10 and be shot
    /// first. Worth 3 boxes dealt plus 3 not taken: the player passes.
    #[test]
    fn passes_when_closing_from_beyond_reach() {
        let pair = PassPair::new(
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(20.0, 0.0),
            Vec2::new(10.0, 0.0),
        );
        assert_eq!(pair.after_mine, 10.0);
        assert_eq!(pair.after_theirs, 10.0);
        let gain = pass_worth(pair, gun, gun);
        assert_eq!(gain, 6.0);
        assert!(passes_by_value(gain));
    }

    /// Already within reach of an enemy running away: activating now fires while it is in
    /// reach; after its move it is out of reach. Passing loses the shot: no pass.
    #[test]
    fn activates_when_the_enemy_would_move_out_of_reach() {
        let pair = PassPair::new(
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(20.0, 0.0),
        );
        let gain = pass_worth(pair, gun, gun);
        assert_eq!(gain, -3.0);
        assert!(!passes_by_value(gain));
    }

    /// Nothing changes within the margin: two ships in reach holding still gain nothing by
    /// passing.
    #[test]
    fn no_pass_on_an_even_exchange() {
        let p = Vec2::new(0.0, 0.0);
        let q = Vec2::new(5.0, 0.0);
        let gain = pass_worth(PassPair::new(p, p, q, q), gun, gun);
        assert_eq!(gain, 0.0);
        assert!(!passes_by_value(gain));
        assert!(!passes_by_value(PASS_MARGIN));
    }
}
