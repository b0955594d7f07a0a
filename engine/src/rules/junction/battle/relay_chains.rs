//! Laser Relays beyond one target and one hop (Appendix 1 "Laser Relay": "divide it between up
//! to four targets", "Laser Relays may target other Laser Relays in a chain. Targeting Laser
//! Relays is subject to the normal range restrictions on targeting guided weapons. Laser
//! relays cannot form closed loops, and cannot store laser power between turns"): a relay's
//! targets under `relay_split = "pierce"` (J61) and chains of two relays (J62). The single
//! relay is `relays.rs`.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::payloads;
use super::super::policy::RelaySplit;
use super::relays::{NO_CHAIN, RELAY_SOURCES, RELAY_TARGETS, RelayCharge};
use super::{Battle, ties};

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Whether relay group `a` can fire into relay group `b` (J62): both friendly relays in
    /// play, `b` within `a`'s Guaranteed Hit range (as a laser feeding a relay) and `b`'s
    /// targeting cap (15 light / 20 heavy hexes: "the normal range restrictions on targeting
    /// guided weapons").
    fn relay_links(&self, a: usize, b: usize) -> bool {
        let (wa, wb) = (&self.st.gws[a], &self.st.gws[b]);
        let size = |w: &super::GwGroup| self.m.catalogue.guided[usize::from(w.guided)].size;
        let dist = wa.pos.distance(wb.pos);
        a != b
            && wa.side == wb.side
            && wb.count > 0
            && self.is_relay(wb)
            && f64::from(dist) <= payloads::relay_ranges(size(wa))[1]
            && dist <= size(wb).pd_max_range()
    }

    /// J62 (policy): when no relay laser `k` of ship `i` can fire into reaches its target `t`,
    /// the laser fires into a relay it can reach that passes all its power to a second relay
    /// that reaches `t` — never longer chains, so never a closed loop. The first relay then
    /// takes only sources for that second relay, and counts as one of the second's four
    /// sources. Returns the first relay (its chain link set up), or `None`.
    pub(crate) fn chain_for(
        &mut self,
        i: usize,
        k: usize,
        t: usize,
        split: RelaySplit,
    ) -> Option<usize> {
        let room = match split {
            RelaySplit::Single => 1,
            RelaySplit::Pierce => RELAY_TARGETS as u8,
        };
        let n = self.st.gws.len();
        for g1 in 0..n {
            if !self.laser_reaches_relay(i, k, g1) {
                continue;
            }
            let link = self.charge_of(g1).map(|c| (c.into, c.sources));
            // A relay firing at ships itself is not a link; a link keeps its next relay.
            if link.is_some_and(|(into, sources)| into == NO_CHAIN || sources >= RELAY_SOURCES) {
                continue;
            }
            for g2 in 0..n {
                if link.is_some_and(|(into, _)| usize::from(into) != g2)
                    || !self.relay_links(g1, g2)
                    || !self.relay_reaches(g2, t)
                {
                    continue;
                }
                let free = self.charge_of(g2).is_none_or(|c| {
                    c.into == NO_CHAIN
                        && (link.is_some() || c.sources < RELAY_SOURCES)
                        && (c.aims_at(t) || c.targets < room)
                });
                if !free {
                    continue;
                }
                let c2 = self.charge_index(g2);
                self.st.relays[c2].aim(t);
                if link.is_none() {
                    self.st.relays[c2].sources += 1;
                }
                let c1 = self.charge_index(g1);
                self.st.relays[c1].into = g2 as u8;
                return Some(g1);
            }
        }
        None
    }

    /// The first links of chains pass all their power to the next relay (capped there; J62).
    pub(crate) fn pass_along_chains(&mut self) {
        let m = self.m;
        for c in 0..self.st.relays.len() {
            let link = self.st.relays[c];
            if link.into == NO_CHAIN || self.st.gws[usize::from(link.group)].count == 0 {
                continue;
            }
            let g2 = usize::from(link.into);
            let cap =
                payloads::relay_cap(m.catalogue.guided[usize::from(self.st.gws[g2].guided)].size);
            let c2 = self.charge_index(g2);
            let next = &mut self.st.relays[c2];
            next.ap = (next.ap + link.ap).min(cap);
            let side = self.st.gws[g2].side;
            self.count(side, Event::RelayChains);
            trace!(
                self.obs,
                "  a laser relay passes {:.0} AP to the next relay of its chain ({:.0} AP held)",
                link.ap,
                self.st.relays[c2].ap
            );
        }
    }

    /// The ships a relay fires at: its sources' targets; under `pierce` (J61) those still in
    /// play, then the nearest other enemies in play within its Probable Hit range, up to four,
    /// as many as leave every equal share above every chosen ship's Protection Rating.
    /// Equally near enemies: the battle's dice (before: the lower index).
    pub(crate) fn relay_targets(
        &mut self,
        charge: &RelayCharge,
    ) -> ([usize; RELAY_TARGETS], usize) {
        let m = self.m;
        let mut out = [0usize; RELAY_TARGETS];
        let w = &self.st.gws[usize::from(charge.group)];
        if m.policies[w.side.index()].relay_split == RelaySplit::Single {
            out[0] = usize::from(charge.target[0]);
            return (out, usize::from(charge.targets).min(1));
        }
        let g = usize::from(charge.group);
        let mut n = 0;
        for &t in &charge.target[..usize::from(charge.targets)] {
            if self.st.ships[usize::from(t)].targetable() {
                out[n] = usize::from(t);
                n += 1;
            }
        }
        let (side, pos) = (w.side, w.pos);
        while n < RELAY_TARGETS {
            // The candidates first (the dice are borrowed apart from the battle below).
            let mut reach = 0u64;
            for j in 0..self.st.ships.len() {
                let s = &self.st.ships[j];
                if s.side != side
                    && s.targetable()
                    && !out[..n].contains(&j)
                    && self.relay_reaches(g, j)
                {
                    reach |= 1 << j;
                }
            }
            let ships = &self.st.ships;
            let next = ties::least(
                &mut *self.dice,
                (0..ships.len()).filter(|&j| reach & 1 << j != 0),
                |j| pos.distance(ships[j].pos),
            );
            let Some(j) = next else { break };
            out[n] = j;
            n += 1;
        }
        let pr = |j: usize| m.design(&self.st.ships[j]).protection;
        while n >= 2 && out[..n].iter().any(|&j| charge.ap / n as f64 <= pr(j)) {
            n -= 1;
        }
        (out, n)
    }
}
