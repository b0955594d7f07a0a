//! Command Tokens spent by value (issue 17, `brawler-v4`; policy setting
//! [`TokenUse::ByValue`](super::super::policy::TokenUse)).
//!
//! The text (ch. 5 "Command Phase" choice 2; ch. 8 "List of Commands/Orders"): a ship may take
//! one Command Token instead of an Order; it "may be spent at any appropriate time" for one
//! Command — [Offensive] reroll an Accuracy or Damage d6 of this attack, or attack now with an
//! unused weapon; [Defensive] replace a Condition; [Navigate] Dodge (−1 Accuracy after an
//! attack's result is known) or Change Velocity; [Scanning] Enhance Sensors — and it is gone
//! at the end of the turn (G17). (The text's other tokens are not spent by choice in the
//! sim's scripts' sense: [Marked] tokens are spent in the marking ship's side's attack steps by
//! the Mark Target rules, missile tokens resolve by themselves, objective tokens are placed by
//! [Scanning] Orders.)
//!
//! One Token buys one Command, so spending it now gives up what it could buy later this turn.
//! The old scripts spend it on the first reroll that gains `reroll_gain` boxes or the first
//! Dodge that saves `dodge_saves` — and a Token that met neither is wasted, or fires one
//! unused weapon after the last activation. By value, with the worth of keeping it estimated
//! from what the player sees:
//! * **reroll** ([`spends_on_reroll`]) when its expected gain exceeds the Dodge the Token
//!   could still buy ([`Battle::later_dodge_worth`]: the most one enemy weapon's fire loses
//!   at −1 Accuracy, over the enemies yet to activate that can reach the ship this turn);
//! * **Dodge** ([`spends_on_dodge`]) when the boxes it saves exceed both that later Dodge and
//!   the reroll the ship could still buy in its own attack step if it has not activated yet
//!   ([`Battle::later_reroll_worth`]: the best reroll gain of its working weapons against the
//!   nearest enemy).
//!
//! Change Velocity and the "fire now" Command keep their old rules (the movement's score;
//! a Token left after the last activation fires one unused weapon).

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::player::Player;
use super::Battle;

/// Whether to spend the Token on a reroll that gains `gain` expected boxes, when keeping it
/// is worth `keep` (a later Dodge): only a positive gain that beats keeping it.
pub fn spends_on_reroll(gain: f64, keep: f64) -> bool {
    gain > 0.0 && gain > keep
}

/// Whether to spend the Token on a Dodge that saves `saved` boxes, when keeping it is worth
/// `keep` (a later Dodge or own reroll): at least one box, and more than keeping it.
pub fn spends_on_dodge(saved: u32, keep: f64) -> bool {
    saved >= 1 && f64::from(saved) > keep
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// What a Dodge kept for later is worth to ship `i` (expected boxes): the most one
    /// working weapon's fire loses at −1 Accuracy ([`Matchup::evaded`]
    /// (super::super::matchup::Matchup::evaded), normal Range) over the enemy ships yet to
    /// activate this turn that can reach `i` (within their longest reach plus a full move),
    /// `except` the attacker whose attack is being resolved.
    pub(super) fn later_dodge_worth(&self, i: usize, except: usize) -> f64 {
        let me = &self.s.ships[i];
        let t = usize::from(me.design);
        let mut best = 0.0f32;
        for (j, e) in self.s.ships.iter().enumerate() {
            if j == except
                || e.side == me.side
                || !e.active()
                || self.s.activated & (1 << j) != 0
                || e.pos.distance(me.pos) > self.reach(j).1
            {
                continue;
            }
            let a = usize::from(e.design);
            for w in 0..self.m.designs[a].weapons.len() {
                if !e.weapon_off(w) {
                    best = best.max(self.m.evaded(a, w, t, 0));
                }
            }
        }
        f64::from(best)
    }

    /// What a reroll kept for ship `i`'s own attack step is worth (expected boxes): 0 once it
    /// has activated; else the best reroll gain ([`Matchup::focus_gain`]
    /// (super::super::matchup::Matchup::focus_gain)) of its working weapons against its
    /// nearest enemy, in the band of their distance, for the weapons that reach it after a
    /// full move.
    pub(super) fn later_reroll_worth(&self, i: usize) -> f64 {
        if self.s.activated & (1 << i) != 0 {
            return 0.0;
        }
        let me = &self.s.ships[i];
        let mut nearest: Option<(usize, f64)> = None;
        for (j, e) in self.s.ships.iter().enumerate() {
            if e.side != me.side && e.active() {
                let d = e.pos.distance(me.pos);
                if nearest.is_none_or(|(_, b)| d < b) {
                    nearest = Some((j, d));
                }
            }
        }
        let Some((j, d)) = nearest else {
            return 0.0;
        };
        let (reach, after_move) = self.reach(i);
        let moves = after_move - reach;
        let best = self.focus_gains(i, j, d, moves).fold(0.0f32, f32::max);
        f64::from(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reroll gaining 0.6 boxes: the old script (`reroll_gain` 1) keeps the Token and,
    /// with nobody left to fire at the ship, wastes it; by value it rerolls. With an enemy
    /// still to fire whose shot a Dodge would cut by 0.9, it keeps the Token.
    #[test]
    fn rerolls_when_nothing_later_is_worth_more() {
        assert!(spends_on_reroll(0.6, 0.0));
        assert!(!spends_on_reroll(0.6, 0.9));
        assert!(spends_on_reroll(1.5, 0.9));
        assert!(!spends_on_reroll(0.0, 0.0));
    }

    /// A Dodge saving 1 box: the old script (`dodge_saves` 2) lets it land; by value it
    /// dodges unless a later use is worth as much. It saves 3 boxes against a later Dodge
    /// worth 0.8 and a reroll worth 1.1: it dodges.
    #[test]
    fn dodges_when_the_boxes_saved_beat_keeping_the_token() {
        assert!(spends_on_dodge(1, 0.0));
        assert!(!spends_on_dodge(1, 1.1));
        assert!(spends_on_dodge(3, 1.1));
        assert!(!spends_on_dodge(0, 0.0));
    }
}
