//! Scenario actions in the Resolution phase (digest §1.1 step 3.6) and the scenario's verdict
//! at the end of the game (seed ch. 9).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Verdict;
use crate::trace;

use super::super::victory::{self, Objective};
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Hook for the Command phase: whether ship `i` gives a [Scanning] order this turn. Until
    /// orders exist, every ship in the enemy half is taken to give one when the scenario is a
    /// scanning raid (the only use of the order here).
    pub(super) fn gives_scanning_order(&self, _i: usize) -> bool {
        true
    }

    /// Scanning raid: "During the Resolution phase, a player who controls a Ship in the half
    /// opposite of their starting edge may use a [Scanning] Order to place one objective token
    /// onto the SIC of that Ship. A Ship may only have one such token."
    #[inline]
    pub(super) fn scenario_actions(&mut self) {
        if let Some(v) = &self.m.scenario.victory
            && v.objective == Some(Objective::ScanningRaid)
        {
            self.scanning_raid_step();
        }
    }

    #[cold]
    #[inline(never)]
    fn scanning_raid_step(&mut self) {
        let board = self.m.scenario.board;
        for i in 0..self.s.ships.len() {
            let s = &self.s.ships[i];
            if s.active()
                && self.s.raid_tokens & (1 << i) == 0
                && victory::in_enemy_half(s, board)
                && self.gives_scanning_order(i)
            {
                self.s.raid_tokens |= 1 << i;
                trace!(self.obs, "  {} places an objective token", self.m.names[i]);
            }
        }
    }

    /// The scenario's verdict, or `standing` when it has no victory conditions.
    #[inline(never)]
    pub(super) fn scenario_verdict(&mut self, standing: Verdict) -> Verdict {
        match &self.m.scenario.victory {
            None => standing,
            Some(v) => victory::verdict(
                v,
                &self.s.ships,
                self.m.scenario.board,
                self.s.raid_tokens,
                self.dice,
                self.obs,
            ),
        }
    }
}
