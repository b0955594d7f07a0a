//! Macron Area Denial in the battle: marks placed in the firing phase, hits dealt to every
//! ship and guided weapon that crosses or ends on them in the following maneuver phase.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::area_denial::{self, Mark};
use super::super::armor::HitKind;
use super::super::design::WeaponKind;
use super::super::hex::Hex;
use super::super::house_rules::OwnFlak;
use super::super::parts::Payload;
use super::super::weapon_lines::mount_line;
use super::Battle;
use super::damage::Hit;

/// Most Area Denial marks at once (capacity reserved: battles never allocate).
pub const MAX_MARKS: usize = 128;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Mark the path of ship `t` with weapon `k` of ship `i` (a Macron out of range of `t`):
    /// returns whether it marked (and so used the gun this turn).
    pub(crate) fn area_denial_attack(&mut self, i: usize, k: usize, t: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        let WeaponKind::Macron { area_denial: n } = wd.kind else {
            return false;
        };
        if n == 0 || wd.energy > s.energy || !self.mark_room(s.side, usize::from(n)) {
            return false;
        }
        let target = &self.st.ships[t];
        let mut hexes = [Hex::default(); 16];
        let Some(n) = area_denial::aim(
            s.pos,
            target.pos,
            target.vel,
            n,
            2 * wd.ranges[2],
            &mut hexes,
            |t| self.dice.below(t) == 0,
        ) else {
            return false;
        };
        let ap = area_denial::ap_per_hex(wd.ap, n as u32);
        for &hex in &hexes[..n] {
            self.st.marks.push(Mark {
                hex,
                ap,
                owner: i as u8,
                mount: k as u8,
            });
        }
        self.st.ships[i].fire_weapon(k, wd.energy);
        trace!(
            self.obs,
            "  {} {} lays area denial on {n} hexes ahead of {} ({ap} AP each)",
            self.m.names[i],
            wd.name,
            self.m.names[t]
        );
        true
    }

    /// End of the maneuver phase: every mover takes the hits of the marks it crossed or ended
    /// on (ships: a guaranteed hit ignoring ECM; guided weapons: destroyed when the hit reaches
    /// their durability, a kinetic salvo only at the end of the next firing phase). Guided
    /// weapons of the marking side are spared unless `own_flak = "indiscriminate"` (J64).
    pub(crate) fn area_denial_hits(&mut self) {
        if self.st.marks.is_empty() {
            return;
        }
        for k in 0..self.st.marks.len() {
            let mark = self.st.marks[k];
            let owner = usize::from(mark.owner);
            let side = self.st.ships[owner].side;
            for i in 0..self.st.ships.len() {
                let s = &self.st.ships[i];
                if s.status.in_play() && area_denial::hurts(s.prev_pos, s.pos, mark.hex) {
                    self.count(side, Event::AreaDenialHits);
                    trace!(
                        self.obs,
                        "  {} runs into area denial at ({},{})",
                        self.m.names[i],
                        mark.hex.q,
                        mark.hex.r
                    );
                    self.apply_hit(Hit {
                        attacker: owner,
                        target: i,
                        ap: mark.ap,
                        kind: HitKind::PLAIN,
                        table: None,
                        multiplier: 1,
                        ecm_damaged: false,
                        no_crits: false,
                        particle: false,
                        lines: mount_line(usize::from(mark.mount)),
                    });
                }
            }
            // J64: by default a side's marks spare its own guided weapons and salvo decoys.
            let spares = self.m.rules.own_flak == OwnFlak::SparesOwnGuided;
            let mut g = 0;
            while g < self.st.gws.len() {
                let w = self.st.gws[g];
                if spares && w.side == side {
                    g += 1;
                    continue;
                }
                let gd = &self.m.catalogue.guided[usize::from(w.guided)];
                // Indiscriminate: a salvo's decoys have their ordinary durability (J32).
                if w.decoys > 0
                    && area_denial::hurts(w.prev_pos, w.pos, mark.hex)
                    && mark.ap >= self.m.catalogue.guided[usize::from(w.decoy_guided)].durability()
                {
                    self.st.gws[g].decoys = 0;
                }
                if w.doomed
                    || !area_denial::hurts(w.prev_pos, w.pos, mark.hex)
                    || mark.ap < gd.durability()
                {
                    g += 1;
                    continue;
                }
                self.st.events[side.index()][Event::AreaDenialHits as usize] += w.count;
                trace!(
                    self.obs,
                    "  area denial at ({},{}) wrecks {} {}",
                    mark.hex.q,
                    mark.hex.r,
                    w.count,
                    gd.name
                );
                if gd.payload == Payload::Kinetic {
                    // "Cannot delay destruction from area denial" is the Inertial Mine's
                    // lack: a kinetic payload dies at the end of the next firing phase.
                    self.st.gws[g].doomed = true;
                    g += 1;
                } else {
                    self.st.gws.remove(g);
                }
            }
        }
        self.st.marks.clear();
        self.settle_destroyed();
    }
}
