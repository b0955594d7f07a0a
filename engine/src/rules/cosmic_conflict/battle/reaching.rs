//! "The enemies that can reach ship `i` this turn, each with its share": the AI's estimate of
//! incoming fire, shared by the Command phase's decisions (the `tactician`'s Jump to
//! Hyperspace, [`Battle::expected_fire`]; the `weighed` Orders' Evasive Actions,
//! [`Battle::evasive_worth`]).
//!
//! An enemy reaches a ship when the ship is within the enemy's longest weapon reach plus a full
//! move ([`Battle::reach`]); it spreads its fire evenly over the ships of the other side it
//! reaches (fighters included: they can be shot at). Every ship decides from the Command
//! phase's snapshot (nothing the phase does moves a ship), so the reach and target count of
//! every ship are counted once per Command phase ([`Reaching`]) instead of once per enemy
//! per deciding ship.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::player::Player;
use super::super::ship::MAX_SHIPS;
use super::Battle;

/// One Command phase's table: for every ship in play, how far it can reach this turn and how
/// many ships of the other side are within that reach.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reaching {
    /// Longest weapon reach plus a full move ([`Battle::reach`]'s second value).
    reach: [f64; MAX_SHIPS],
    /// Ships of the other side in play within `reach` (0 for a ship not in play).
    targets: [u8; MAX_SHIPS],
}

impl Reaching {
    /// A table with nothing counted (for phases in which no side's Orders read it).
    pub(super) const EMPTY: Reaching = Reaching {
        reach: [0.0; MAX_SHIPS],
        targets: [0; MAX_SHIPS],
    };
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// Count this Command phase's [`Reaching`] table from the ships' positions now.
    pub(super) fn reaching(&self) -> Reaching {
        let mut table = Reaching::EMPTY;
        for (j, t) in self.s.ships.iter().enumerate() {
            if !t.active() {
                continue;
            }
            let reach = self.reach(j).1;
            table.reach[j] = reach;
            table.targets[j] = self
                .s
                .ships
                .iter()
                .filter(|s| s.side != t.side && s.active() && s.pos.distance(t.pos) <= reach)
                .count() as u8;
        }
        table
    }

    /// The enemies in play that can reach ship `i` (in play) this turn, each with the number
    /// of ships of `i`'s side it can reach (`i` among them, so at least 1): its fire's share
    /// on `i` is 1 / that.
    pub(super) fn enemies_reaching<'b>(
        &'b self,
        table: &'b Reaching,
        i: usize,
    ) -> impl Iterator<Item = (usize, u8)> + 'b {
        let me = &self.s.ships[i];
        self.s
            .ships
            .iter()
            .enumerate()
            .filter(move |(j, t)| {
                t.side != me.side && t.active() && t.pos.distance(me.pos) <= table.reach[*j]
            })
            .map(|(j, _)| (j, table.targets[j]))
    }
}
