//! The Crew Phase: morale events and drift, resolve checks, retreat (by jump) and surrender,
//! then combat stations, casualties and damage control (`stations.rs`), criticality
//! (`hazards.rs`), propellant leaks.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::crits;
use super::super::design::CrewKind;
use super::super::house_rules::{FleetEventsReach, ResolveThreshold};
use super::super::morale::{self, Standing};
use super::super::objectives::Objective;
use super::super::ship::MAX_SHIPS;
use super::super::ship::Status;
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Add `friendly` to the pending morale of `side`'s ships in play and `enemy` to the other
    /// side's (fleet-wide events, G24: per event, applied in the crew phase).
    pub(crate) fn fleet_event(&mut self, side: Side, friendly: i32, enemy: i32) {
        for s in self.st.ships.iter_mut().filter(|s| s.status.in_play()) {
            s.morale_pending += if s.side == side { friendly } else { enemy };
        }
    }

    /// A fleet-wide event about ship `i` (`friendly` to its side, `enemy` to the other): under
    /// J69 `fleet_events_reach = "other-ships"` it does not reach ship `i` itself.
    fn fleet_event_about(&mut self, i: usize, friendly: i32, enemy: i32) {
        self.fleet_event(self.st.ships[i].side, friendly, enemy);
        if self.m.rules.fleet_events_reach == FleetEventsReach::OtherShips {
            self.st.ships[i].morale_pending -= friendly;
        }
    }

    /// "Friendly/Enemy Ship Destroyed": ∓2, ∓3 above 700 volume; Automata crews cost 2 less.
    pub(crate) fn fleet_event_destroyed(&mut self, i: usize) {
        let s = &self.st.ships[i];
        let d = self.m.design(s);
        let automata = d.crew_kind == CrewKind::Automaton;
        let friendly = morale::destroyed_event(d.volume, true, automata);
        let enemy = morale::destroyed_event(d.volume, false, automata);
        let side = s.side;
        self.fleet_event(side, friendly, enemy);
    }

    pub(crate) fn crew_phase(&mut self) {
        self.morale_changes();
        self.resolve_checks();
        self.retreat_jumps();
        self.combat_stations();
        self.casualties();
        self.damage_control();
        self.criticality();
        self.leaks();
        self.blockade_delivery();
    }

    /// "Important Rule: Morale Changes": loss events, "!" targets, drift by 1. Every ship's
    /// events are found first (one snapshot: a fleet-wide event reaches every ship in play
    /// this crew phase, whichever seat caused it), then every morale drifts; before, an event
    /// of a side-B ship reached the side-A ships, already drifted, only a turn later.
    pub(crate) fn morale_changes(&mut self) {
        let m = self.m;
        let mut targets = [0i32; MAX_SHIPS];
        let n = self.st.ships.len();
        for (i, slot) in targets.iter_mut().enumerate().take(n) {
            // Borrowed, not copied: `ShipState` is large and this runs every turn.
            if !self.st.ships[i].status.in_play() {
                continue;
            }
            let s = &self.st.ships[i];
            let d = m.design(s);
            let power = s.generation(d) > 0.0;
            let mobile = s.mobile(d);
            let gun_volume: f64 = d
                .weapons
                .iter()
                .map(|&w| m.catalogue.weapons[w].volume)
                .sum();
            let off_volume: f64 = d
                .weapons
                .iter()
                .enumerate()
                .filter(|(k, _)| s.weapon_off[*k])
                .map(|(_, &w)| m.catalogue.weapons[w].volume)
                .sum();
            let weapons = gun_volume <= 0.0 || off_volume / gun_volume < m.rules.offline_fraction;
            let thrust = d.acceleration();
            let thrust_off: i32 = d
                .drives
                .iter()
                .zip(s.drive_off)
                .filter(|(_, off)| *off)
                .map(|(x, _)| x.thrust)
                .sum();
            let propulsion =
                thrust <= 0 || f64::from(thrust_off) / f64::from(thrust) < m.rules.offline_fraction;
            let had = s.had;
            if had[0] && !power {
                self.fleet_event_about(i, -1, 1);
                trace!(self.obs, "  {} loses power", self.m.names[i]);
            }
            if had[1] && !mobile {
                self.fleet_event_about(i, -1, 1);
                trace!(self.obs, "  {} is immobilized", self.m.names[i]);
            }
            // Restorations (Damage Control): "Power Restored" / "Mobility Restored" +3 to the
            // ship and "Friendly Ship Restores Power/Mobility" +2 fleet-wide; "Main Weapons
            // Repaired" +3.
            let restored = [!had[0] && power, !had[1] && mobile, !had[2] && weapons];
            if restored[0] || restored[1] {
                let n = i32::from(restored[0]) + i32::from(restored[1]);
                self.fleet_event_about(i, 2 * n, 0);
                self.st.ships[i].morale_pending += 3 * n;
            }
            if restored[2] {
                self.st.ships[i].morale_pending += 3;
            }
            if O::ENABLED {
                for (k, what) in ["power", "mobility", "main weapons"].iter().enumerate() {
                    if restored[k] {
                        trace!(self.obs, "  {} has its {what} back", self.m.names[i]);
                    }
                }
            }
            let s = &mut self.st.ships[i];
            s.had = [power, mobile, weapons];
            let mut target = s.morale_base;
            if !weapons {
                target -= 2;
            }
            if !propulsion {
                target -= 2;
            }
            if !power {
                target -= 3;
            }
            *slot = target;
        }
        for (i, &target) in targets.iter().enumerate().take(n) {
            if !self.st.ships[i].status.in_play() {
                continue;
            }
            let s = &mut self.st.ships[i];
            let d = m.design(s);
            let before = s.morale;
            s.morale = match d.crew_kind {
                CrewKind::Automaton => 2,
                CrewKind::Brainwashed => 0,
                CrewKind::Normal | CrewKind::Mixed => {
                    let now = s.morale + s.morale_pending;
                    morale::drift(now, target).clamp(m.rules.morale_min, m.rules.morale_max)
                }
            };
            s.morale_pending = 0;
            if s.morale != before {
                let now = s.morale;
                trace!(
                    self.obs,
                    "  {} morale {before} → {now} (target {target})", self.m.names[i]
                );
            }
        }
    }

    /// Remaining Integrity fraction of a side's ships in play.
    fn integrity_fraction(&self, side: Side) -> f64 {
        let (mut now, mut max) = (0.0, 0.0);
        for s in self.st.ships.iter().filter(|s| s.side == side) {
            max += self.m.design(s).integrity;
            if s.status.in_play() {
                now += s.integrity.max(0.0);
            }
        }
        if max > 0.0 { now / max } else { 0.0 }
    }

    /// "Resolve Check": ships with negative morale roll d20 + morale against the DC; failing
    /// costs 3 morale, and at −6 or lower the ship retreats by jump if it can, else at −9 or
    /// lower it surrenders.
    fn resolve_checks(&mut self) {
        let m = self.m;
        let frac = [
            self.integrity_fraction(Side::A),
            self.integrity_fraction(Side::B),
        ];
        for i in 0..self.st.ships.len() {
            if self.st.ships[i].status != Status::Active || self.st.ships[i].morale >= 0 {
                continue;
            }
            let s = self.st.ships[i];
            let d = m.design(&s);
            if s.status != Status::Active
                || s.morale >= 0
                || matches!(d.crew_kind, CrewKind::Automaton | CrewKind::Brainwashed)
            {
                continue;
            }
            let k = s.side.index();
            let standing: Standing = morale::standing(
                frac[k],
                frac[1 - k],
                m.rules.winning_ratio,
                m.rules.losing_ratio,
            );
            let dc = morale::resolve_dc(standing);
            let roll = self.dice.below(20) as i32 + 1;
            if morale::resolve_passes(roll, s.morale, s.shipmind(d), dc) {
                continue;
            }
            self.count(s.side, Event::FailedResolve);
            let after = (s.morale - 3).max(m.rules.morale_min);
            let check = match m.rules.resolve_threshold {
                ResolveThreshold::Before => s.morale,
                ResolveThreshold::After => after,
            };
            self.st.ships[i].morale = after;
            trace!(
                self.obs,
                "  {} fails a resolve check (d20 {roll}, morale {}, DC {dc}) → morale {after}",
                self.m.names[i],
                s.morale
            );
            let can_jump = jump_capable(&s, d);
            if check <= -6 && can_jump {
                self.st.ships[i].status = Status::Retreating;
                trace!(
                    self.obs,
                    "  {} breaks and charges its jump drive to retreat", self.m.names[i]
                );
            } else if check <= -9 && !self.may_surrender(s.side) {
                // J40: the enemy shot a surrendered ship; this one fights on.
                self.count(s.side, Event::SurrenderRefused);
                trace!(
                    self.obs,
                    "  {} will not surrender to an enemy that shoots surrendered ships",
                    self.m.names[i]
                );
            } else if check <= -9 {
                self.st.ships[i].status = Status::Surrendered;
                self.count(s.side, Event::Surrenders);
                self.fleet_event(s.side, -1, 2);
                trace!(self.obs, "  {} surrenders", self.m.names[i]);
            }
        }
    }

    /// Retreating ships bank their unspent energy into the jump; at full charge they leave
    /// ("Tactical Jumps": slow charge from a tenth of the energy; a Shipmind cuts a combat
    /// jump's energy by 10%).
    fn retreat_jumps(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            if self.st.ships[i].status != Status::Retreating {
                continue;
            }
            let s = self.st.ships[i];
            let d = m.design(&s);
            let Some(jump) = d.jump else { continue };
            if !jump_capable(&s, d) && s.jump_charge == 0.0 {
                // It can no longer start the jump: back in the fight (and may surrender).
                self.st.ships[i].status = Status::Active;
                continue;
            }
            let e = s.energy.max(0.0);
            let combat = if s.shipmind(d) {
                0.9 * jump.energy
            } else {
                jump.energy
            };
            let mut s = s;
            if s.jump_charge > 0.0 && self.interdicted(i) {
                // "Interdiction of any strength resets all progress on a non-combat jump."
                self.st.ships[i].jump_charge = 0.0;
                s.jump_charge = 0.0;
                self.count(s.side, Event::Interdicted);
                trace!(
                    self.obs,
                    "  {}'s jump charge is lost to interdiction", self.m.names[i]
                );
            }
            let done = if s.jump_charge == 0.0 && e >= combat {
                true
            } else {
                if s.jump_charge > 0.0 || e >= 0.1 * jump.energy {
                    self.st.ships[i].jump_charge += e;
                }
                self.st.ships[i].jump_charge >= jump.energy
            };
            if done && !super::super::jumps::can_jump(self.jump_rating_at(i, s.pos)) {
                self.count(s.side, Event::Interdicted);
                trace!(
                    self.obs,
                    "  {} is interdicted and cannot jump out", self.m.names[i]
                );
            } else if done {
                self.st.ships[i].status = Status::Retreated;
                self.count(s.side, Event::Retreats);
                self.fleet_event(s.side, -3, 1);
                trace!(self.obs, "  {} jumps out and retreats", self.m.names[i]);
            }
        }
    }

    /// Blockade run: the delivery ship ending the crew phase in play within the radius of the
    /// delivery point counts toward the hold time; leaving it restarts the count.
    fn blockade_delivery(&mut self) {
        let Some(Objective::BlockadeRun {
            ship,
            hex,
            radius,
            hold_turns,
        }) = self.m.objective
        else {
            return;
        };
        let s = &self.st.ships[ship];
        if self.st.delivered {
            return;
        }
        if s.status.in_play() && s.pos.distance(hex) <= radius {
            self.st.held += 1;
            if self.st.held >= hold_turns {
                self.st.delivered = true;
                trace!(self.obs, "  {} completes its delivery", self.m.names[ship]);
            }
        } else {
            self.st.held = 0;
        }
    }

    /// Propellant Leak: 5% of maximum delta-v per turn per leak (Table 1).
    fn leaks(&mut self) {
        let m = self.m;
        for s in self.st.ships.iter_mut() {
            if s.leaks > 0 && s.status.in_play() {
                let max = m.design(s).delta_v();
                s.delta_v = (s.delta_v - crits::leak_loss(max, s.leaks)).max(0.0);
            }
        }
    }
}

/// "If a ship has a functioning Jump Engine and the energy to spend on it": a working jump
/// drive and at least a tenth of the jump's energy per turn (slow charge).
fn jump_capable(s: &super::super::ship::ShipState, d: &super::super::design::ShipDesign) -> bool {
    d.jump
        .is_some_and(|j| !s.jump_off && s.generation(d) >= 0.1 * j.energy)
}
