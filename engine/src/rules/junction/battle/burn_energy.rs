//! J70: electric and thermo-electric rockets "need Energy to provide acceleration!" (seed 004,
//! "Stuff To Do: Ship Maneuver", line 198). The firing phase comes first and energy does not
//! carry over ("Power Generation"), so a ship with such rockets decides at the start of each
//! firing phase whether its burn or its Sensors, ECM and weapons get the energy first
//! ([`policy::burn_first`]); the burn search (`maneuver.rs`) then caps the burn by the energy
//! left ([`ShipState::burn_energy`](super::super::ship::ShipState::burn_energy)).

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::policy;
use super::super::ship::Status;
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// The ships (bit `i`) that set their burn's energy aside before Sensors, ECM and weapons
    /// this firing phase, every one decided from the phase's opening snapshot (positions do
    /// not change in a firing phase, and no ship's decision changes another's): a ship with
    /// electric hexes of acceleration that will burn this turn, steering for a goal or more
    /// than a hex off the distance its policy keeps ([`policy::burn_first`]). Nothing to do
    /// (no dice) unless some design has such rockets.
    pub(crate) fn burn_first(&mut self) -> u32 {
        let m = self.m;
        if !m.electric {
            return 0;
        }
        let mut out = 0u32;
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            let d = m.design(s);
            let (free, per_hex) = s.burn_energy(d);
            if s.status != Status::Active
                || per_hex <= 0.0
                || s.acceleration(d) <= free
                || !s.commanded(d)
                || s.move_paralysed(self.st.turn)
                || m.objective.is_some_and(|o| o.holds(i))
            {
                continue;
            }
            let goal = m
                .objective
                .and_then(|o| o.goal(i).or_else(|| self.area_goal(i)));
            let first = match (goal, self.kept(i)) {
                (Some(_), _) => true,
                (None, Some(keep)) => self.move_reference(i).is_some_and(|t| {
                    let st = &self.st.ships;
                    policy::burn_first(st[i].pos.distance(st[t].pos), keep)
                }),
                (None, None) => false,
            };
            out |= u32::from(first) << i;
        }
        out
    }

    /// The maneuver phase's start: the energy set aside comes back (a ship may still spend
    /// it on a jump instead).
    pub(crate) fn release_burn_reserves(&mut self) {
        if !self.m.electric {
            return;
        }
        for s in self.st.ships.iter_mut() {
            s.energy += s.burn_reserve;
            s.burn_reserve = 0.0;
        }
    }
}
