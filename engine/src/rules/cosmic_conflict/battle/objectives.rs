//! Scenario actions in the Resolution phase (digest §1.1 step 3.6) and the scenario's verdict
//! at the end of the game (seed ch. 9).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Verdict;
use crate::trace;

use super::super::orders::Order;
use super::super::player::Player;
use super::super::scenario_events::EVENT_OBJECTIVE_TOKEN;
use super::super::victory::{self, Objective};
use super::Battle;

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// Whether ship `i` holds an Enhance Scanners Order this turn: the [Scanning] Order whose
    /// option 2 is "Fulfill an Orders requirement for the current Scenario" (ch. 8). The
    /// Enhance Sensors Command fulfils a *Command* requirement, and the raid asks for an
    /// Order, so it does not count; nor does Mark Target, which has no such option.
    pub(super) fn gives_scanning_order(&self, i: usize) -> bool {
        self.s.ships[i].command.holds(Order::EnhanceScanners)
    }

    /// Whether the scenario's objective is the scanning raid.
    #[inline]
    pub(super) fn raid_objective(&self) -> bool {
        self.m
            .scenario
            .victory
            .as_ref()
            .is_some_and(|v| v.objective == Some(Objective::ScanningRaid))
    }

    /// AI preference in a scanning raid: ship `i` has no objective token yet and is in the
    /// enemy half, or will be after moving straight on at its Velocity + 1.
    pub(super) fn raid_scan_wanted(&self, i: usize) -> bool {
        if !self.raid_objective() || self.s.raid_tokens & (1 << i) != 0 {
            return false;
        }
        let board = self.m.scenario.board;
        let mut ship = self.s.ships[i];
        if victory::in_enemy_half(&ship, board) {
            return true;
        }
        ship.pos = ship.pos + ship.facing * (f64::from(ship.velocity) + 1.0);
        victory::in_enemy_half(&ship, board)
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
                self.s.events[s.side.index()][EVENT_OBJECTIVE_TOKEN] += 1;
                self.s.ships[i].command.reveal(Order::EnhanceScanners);
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
