//! The game clock (issue 17, `brawler-v5`'s `clock` setting): how a player reads the score
//! near the end of the game and what it does about it.
//!
//! Ch. 7 "Game Length": the recommended game plays 5 turns, then ends after each turn on a d6
//! of 4+; ch. 9: the side that wins more of the scenario's objective and drawn victory
//! conditions wins. From the first turn after which the game may end, a player who is behind
//! on that count must change it before the dice stop the game, and a player who is ahead
//! need only keep what it has. The decision is small and named ([`stance`]): **close** when
//! behind (the arc-scored lookahead no longer counts the enemy's fire against an end point),
//! **hold** when ahead (it counts that fire [`HOLD_EXPOSURE`] times: keep out of the enemy's
//! arcs and ranges), **even** otherwise and before the clock runs.
//!
//! The score read is the part of the text's scoring that is known before the game ends:
//! the objective line (if the scenario has it) and, of the victory conditions in the pool,
//! ships remaining, ships destroyed/fled (by points unless the scenario fixes Size) and
//! conditions inflicted. Area control (its strips and axis are rolled after the game) is left
//! out. Without victory rules, the points destroyed decide, as the game's end does: a
//! difference within the scenario's `draw_margin` is level ([`points_lead`]).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;

use super::super::matchup::GameLength;
use super::super::player::Player;
use super::super::ship::{ShipState, Status};
use super::super::victory::{self, Award, Measure, Objective, VictoryCondition, VictoryRules};
use super::Battle;

/// How many times the enemy's expected fire counts against an end point when holding a lead.
pub const HOLD_EXPOSURE: f64 = 3.0;

/// What the clock tells a side's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stance {
    /// Before the game may end, or level on the score: play as usual.
    Even,
    /// Behind near the end: close in, the enemy's fire not counted.
    Close,
    /// Ahead near the end: keep what it has, out of the enemy's arcs and ranges.
    Hold,
}

/// The stance on `turn` of a game that may end after turn `ends_from`, with `lead` victory
/// conditions more than the enemy's (negative: fewer).
pub fn stance(turn: u32, ends_from: u32, lead: i32) -> Stance {
    if turn < ends_from || lead == 0 {
        Stance::Even
    } else if lead > 0 {
        Stance::Hold
    } else {
        Stance::Close
    }
}

/// The share of the enemy's fire the arc score counts in `stance` (`share` when even).
pub fn exposure(stance: Stance, share: f64) -> f64 {
    match stance {
        Stance::Even => share,
        Stance::Close => 0.0,
        Stance::Hold => share * HOLD_EXPOSURE,
    }
}

/// The first turn after which a game of this length may end.
pub fn ends_from(length: GameLength, turn_cap: u32) -> u32 {
    let n = match length {
        GameLength::Recommended { min_turns, .. } => min_turns,
        GameLength::Fixed(n) => n,
    };
    n.min(turn_cap)
}

/// Victory conditions `side` leads by as the ships stand under the scenario's victory `rules`
/// (see the module docs).
pub fn lead(
    ships: &[ShipState],
    side: Side,
    rules: &VictoryRules,
    board: crate::geometry::Board,
) -> i32 {
    let mut lead = 0i32;
    let mut count = |award: Award| match award {
        Some(s) if s == side => lead += 1,
        Some(_) => lead -= 1,
        None => {}
    };
    if rules.objective == Some(Objective::ObjectiveLine) {
        count(victory::objective_line(ships, board, rules.objectives).0);
    }
    let measure = rules.measure.unwrap_or(Measure::Points);
    for vc in &rules.pool {
        match vc {
            VictoryCondition::ShipsRemaining => count(victory::ships_remaining(ships, measure).0),
            VictoryCondition::DestroyedFled => count(victory::destroyed_fled(ships, measure).0),
            VictoryCondition::ConditionsInflicted => count(victory::conditions_inflicted(ships).0),
            VictoryCondition::AreaControl => {}
        }
    }
    lead
}

/// Without victory rules: `side`'s lead on the points destroyed, `lost` being each side's
/// points lost so far (index A, B). As at the game's end (ch. 9, "Ships Destroyed"), a
/// difference no larger than `draw_margin` is level: +1 ahead, −1 behind, 0 level.
pub fn points_lead(lost: [u64; 2], side: Side, draw_margin: u32) -> i32 {
    let (own, enemy) = (lost[side.index()], lost[1 - side.index()]);
    if own.abs_diff(enemy) <= u64::from(draw_margin) {
        0
    } else if own < enemy {
        1
    } else {
        -1
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The clock's stance for `side` now ([`Stance::Even`] before the game may end).
    pub(super) fn clock_stance(&self, side: Side) -> Stance {
        let sc = &self.m.scenario;
        let from = ends_from(sc.game_length, sc.turn_cap);
        if self.s.turn < from {
            return Stance::Even;
        }
        let lead = match sc.victory.as_ref() {
            Some(rules) => lead(&self.s.ships, side, rules, sc.board),
            None => points_lead(self.points_lost_now(), side, sc.draw_margin),
        };
        stance(self.s.turn, from, lead)
    }

    /// Each side's points lost as the game's end would tally them now: destroyed units, and
    /// fighters whose carrier is destroyed (`claim_fighter_points`). What happens to fighters
    /// still out when the game ends is not known before it does.
    fn points_lost_now(&self) -> [u64; 2] {
        let mut lost = [0u64; 2];
        for (i, s) in self.s.ships.iter().enumerate() {
            let carrier_lost = s.size == 0
                && self.m.fighters.any
                && self
                    .carrier_of(i)
                    .is_some_and(|c| self.s.ships[c].status == Status::Destroyed);
            if s.status == Status::Destroyed || carrier_lost {
                lost[s.side.index()] += u64::from(s.points);
            }
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Before the game may end the clock says nothing; after, behind closes and ahead holds.
    #[test]
    fn behind_closes_ahead_holds_near_the_end() {
        assert_eq!(stance(4, 5, 2), Stance::Even);
        assert_eq!(stance(4, 5, -2), Stance::Even);
        assert_eq!(stance(5, 5, 0), Stance::Even);
        assert_eq!(stance(5, 5, 1), Stance::Hold);
        assert_eq!(stance(6, 5, -1), Stance::Close);
        assert_eq!(exposure(Stance::Close, 1.0), 0.0);
        assert_eq!(exposure(Stance::Hold, 1.0), HOLD_EXPOSURE);
        assert_eq!(exposure(Stance::Even, 0.5), 0.5);
        assert_eq!(
            ends_from(
                GameLength::Recommended {
                    min_turns: 5,
                    ends_on: 4
                },
                30
            ),
            5
        );
        assert_eq!(ends_from(GameLength::Fixed(8), 6), 6);
    }

    /// Without victory rules the points destroyed decide, and a difference within the draw
    /// margin is level, as at the game's end — so a side 10 points behind with a margin of 10
    /// plays as usual, and one 11 behind closes.
    #[test]
    fn points_lead_reads_the_draw_margin() {
        assert_eq!(points_lead([0, 0], Side::A, 0), 0);
        assert_eq!(points_lead([10, 0], Side::A, 10), 0);
        assert_eq!(points_lead([11, 0], Side::A, 10), -1);
        assert_eq!(points_lead([11, 0], Side::B, 10), 1);
        assert_eq!(points_lead([0, 1], Side::A, 0), 1);
        assert_eq!(
            stance(6, 5, points_lead([11, 0], Side::A, 10)),
            Stance::Close
        );
        assert_eq!(
            stance(6, 5, points_lead([10, 0], Side::A, 10)),
            Stance::Even
        );
    }
}
