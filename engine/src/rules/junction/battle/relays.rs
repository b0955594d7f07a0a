//! Laser Relays (Appendix 1 "Laser Relay"): a relay drone holds station between the ship that
//! launched it and the enemy; friendly lasers whose target is beyond their reach fire into it
//! instead, and in the same firing phase it fires the combined power at that target (J34), or
//! divides it between up to four targets (J61), or passes it on to a second relay in a chain
//! (J62; `relay_chains.rs`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::design::WeaponKind;
use super::super::ewar;
use super::super::parts::{GwSize, Payload};
use super::super::payloads;
use super::super::policy::RelaySplit;
use super::super::ship::Status;
use super::damage::Hit;
use super::firing::shipmind_miss;
use super::{Battle, GwGroup};

/// Power a relay took in this firing phase (no storage between turns).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RelayCharge {
    /// The relay group's index in `BattleState::gws`.
    pub group: u8,
    /// Laser Attack Power combined (at most the relay's cap).
    pub ap: f64,
    /// Laser sources combined (at most [`RELAY_SOURCES`]; a relay feeding this one counts).
    pub sources: u8,
    /// The targets its sources were aiming at, in feed order (the first `targets` of them).
    pub target: [u8; RELAY_TARGETS],
    /// How many of `target` are set.
    pub targets: u8,
    /// The relay group this one passes all its power to (a chain, J62); [`NO_CHAIN`]: none.
    pub into: u8,
}

/// "Laser Relays may combine laser power from up to four sources".
pub const RELAY_SOURCES: u8 = 4;

/// "... and divide it between up to four targets".
pub const RELAY_TARGETS: usize = 4;

/// [`RelayCharge::into`] of a relay that fires at ships itself.
pub const NO_CHAIN: u8 = u8::MAX;

impl RelayCharge {
    /// A relay that has taken nothing yet.
    pub(crate) fn empty(group: usize) -> Self {
        RelayCharge {
            group: group as u8,
            ap: 0.0,
            sources: 0,
            target: [0; RELAY_TARGETS],
            targets: 0,
            into: NO_CHAIN,
        }
    }

    /// Whether ship `t` is among its targets.
    pub(crate) fn aims_at(&self, t: usize) -> bool {
        self.target[..usize::from(self.targets)].contains(&(t as u8))
    }

    /// Whether it can take one more source aimed at ship `t`: a free source, not a link of a
    /// chain, and `t` already its target or room for another (one under `single`, J34; four
    /// under `pierce`, J61).
    pub(crate) fn takes(&self, t: usize, split: RelaySplit) -> bool {
        let room = match split {
            RelaySplit::Single => 1,
            RelaySplit::Pierce => RELAY_TARGETS as u8,
        };
        self.into == NO_CHAIN
            && self.sources < RELAY_SOURCES
            && (self.aims_at(t) || self.targets < room)
    }

    /// Add ship `t` to its targets unless it is one already (callers checked [`Self::takes`]).
    pub(crate) fn aim(&mut self, t: usize) {
        if !self.aims_at(t) {
            self.target[usize::from(self.targets)] = t as u8;
            self.targets += 1;
        }
    }
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Whether group `g` is a laser relay drone.
    pub(crate) fn is_relay(&self, g: &GwGroup) -> bool {
        g.drone && self.m.catalogue.guided[usize::from(g.guided)].payload == Payload::LaserRelay
    }

    /// How far out ship `i` keeps its relay: the shortest Guaranteed Hit range of its lasers,
    /// at most the guided-weapon targeting cap of the relay's size (J34).
    fn relay_hold(&self, i: usize, size: GwSize) -> Option<i32> {
        let d = self.m.design(&self.st.ships[i]);
        d.weapons
            .iter()
            .filter(|&&w| matches!(self.m.catalogue.weapons[w].kind, WeaponKind::Laser { .. }))
            .map(|&w| self.m.catalogue.weapons[w].ranges[1])
            .min()
            .map(|gh| gh.min(size.pd_max_range()))
    }

    /// Ship `i` launches one Laser Relay (VLS or catapult, no velocity change) when it has a
    /// laser, an enemy is in play and none of its relays is flying (J34).
    #[cold]
    #[inline(never)]
    pub(crate) fn relay_launch(&mut self, i: usize) {
        let m = self.m;
        let s = self.st.ships[i];
        let d = m.design(&s);
        let launcher = s.has_launcher(d);
        if s.status != Status::Active
            || !launcher
            || !s.can_use_weapons(d)
            || s.fire_paralysed(self.st.turn)
            || !self.gw_room(s.side)
            || self
                .st
                .gws
                .iter()
                .any(|g| usize::from(g.owner) == i && self.is_relay(g))
        {
            return;
        }
        let Some(slot) = (0..d.magazine.len()).find(|&k| {
            s.magazine[k] > 0 && m.catalogue.guided[d.magazine[k].0].payload == Payload::LaserRelay
        }) else {
            return;
        };
        let gi = d.magazine[slot].0;
        let gd = &m.catalogue.guided[gi];
        let (Some(_), Some(t)) = (self.relay_hold(i, gd.size), self.nearest_enemy(i)) else {
            return;
        };
        self.st.ships[i].magazine[slot] -= 1;
        self.count(s.side, Event::Launches);
        trace!(
            self.obs,
            "  {} launches a laser relay ({}) toward {}", self.m.names[i], gd.name, self.m.names[t]
        );
        self.launch_drone(i, gi, 1, t);
    }

    /// Relay `g` steers for its station: its ship's relay distance toward the nearest enemy
    /// (halfway when that enemy is closer than twice it; J34). Removed when its ship or every
    /// enemy is out of play. Returns whether it stays.
    #[cold]
    #[inline(never)]
    pub(crate) fn relay_maneuver(&mut self, g: usize) -> bool {
        let mut w = self.st.gws[g];
        let owner = usize::from(w.owner);
        let gd = &self.m.catalogue.guided[usize::from(w.guided)];
        let (Some(hold), Some(t)) = (self.relay_hold(owner, gd.size), self.nearest_enemy(owner))
        else {
            return false;
        };
        w.target = t as u8;
        let Some(station) = self.drone_station(&w, hold) else {
            return false;
        };
        w.steer_toward(station, gd.propulsion);
        self.st.gws[g] = w;
        true
    }

    /// Laser `k` of ship `i`, whose target `t` is beyond its range brackets, fires into a
    /// friendly relay instead when one is within its Guaranteed Hit range and the relay's
    /// targeting cap (15 / 20 hexes), can take the source (J34, J61), and has `t` within its
    /// Probable Hit range; failing that, into the first relay of a chain of two (J62). Returns
    /// whether it did (the laser is then used and fired offensively).
    #[cold]
    #[inline(never)]
    pub(crate) fn feed_relay(&mut self, i: usize, k: usize, t: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        if !matches!(wd.kind, WeaponKind::Laser { .. }) || wd.energy > s.energy {
            return false;
        }
        let split = m.policies[s.side.index()].relay_split;
        let g = (0..self.st.gws.len()).find(|&g| {
            self.laser_reaches_relay(i, k, g)
                && self.relay_reaches(g, t)
                && self.charge_of(g).is_none_or(|c| c.takes(t, split))
        });
        let (g, ap) = match g {
            Some(g) => {
                let c = self.charge_index(g);
                let charge = &mut self.st.relays[c];
                charge.aim(t);
                (g, wd.ap)
            }
            None => match self.chain_for(i, k, t, split) {
                Some(g) => (g, wd.ap),
                None => return false,
            },
        };
        let cap = payloads::relay_cap(m.catalogue.guided[usize::from(self.st.gws[g].guided)].size);
        let c = self.charge_index(g);
        let charge = &mut self.st.relays[c];
        charge.ap = (charge.ap + ap).min(cap);
        charge.sources += 1;
        self.st.ships[i].fire_weapon(k, wd.energy);
        trace!(
            self.obs,
            "  {} fires {} into its laser relay ({:.0} AP held)",
            self.m.names[i],
            wd.name,
            self.st.relays[c].ap
        );
        true
    }

    /// Whether laser `k` of ship `i` can fire into relay group `g`: a friendly relay in play
    /// within the laser's Guaranteed Hit range and the relay's targeting cap (J34).
    pub(crate) fn laser_reaches_relay(&self, i: usize, k: usize, g: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        let w = &self.st.gws[g];
        let dist = s.pos.distance(w.pos);
        w.side == s.side
            && w.count > 0
            && self.is_relay(w)
            && dist <= wd.ranges[1]
            && dist
                <= m.catalogue.guided[usize::from(w.guided)]
                    .size
                    .pd_max_range()
    }

    /// Whether ship `t` is within relay group `g`'s Probable Hit range.
    pub(crate) fn relay_reaches(&self, g: usize, t: usize) -> bool {
        let w = &self.st.gws[g];
        let size = self.m.catalogue.guided[usize::from(w.guided)].size;
        f64::from(w.pos.distance(self.st.ships[t].pos)) <= payloads::relay_ranges(size)[2]
    }

    /// Relay group `g`'s charge this firing phase, if it has one.
    pub(crate) fn charge_of(&self, g: usize) -> Option<&RelayCharge> {
        self.st.relays.iter().find(|c| usize::from(c.group) == g)
    }

    /// Index in `BattleState::relays` of relay group `g`'s charge, made empty if it has none.
    pub(crate) fn charge_index(&mut self, g: usize) -> usize {
        match self
            .st
            .relays
            .iter()
            .position(|c| usize::from(c.group) == g)
        {
            Some(c) => c,
            None => {
                self.st.relays.push(RelayCharge::empty(g));
                self.st.relays.len() - 1
            }
        }
    }

    /// Every relay that took power this firing phase fires it (J34): the first links of chains
    /// pass theirs on first (J62), then each other relay fires at its targets — one under
    /// `single`, up to four under `pierce` (J61: equal shares) — each share one direct-fire
    /// laser attack: its range brackets from its own hex, jamming of its own Sensors (4 light,
    /// 20 heavy) against the target's ECM, the Shipmind miss bonus, Precision Targeting's ×3
    /// crits and table choice. Unused power is lost.
    #[cold]
    #[inline(never)]
    pub(crate) fn relay_fire(&mut self) {
        self.pass_along_chains();
        for c in 0..self.st.relays.len() {
            let charge = self.st.relays[c];
            if charge.into != NO_CHAIN {
                continue;
            }
            let w = self.st.gws[usize::from(charge.group)];
            if w.count == 0 {
                continue;
            }
            let (targets, n) = self.relay_targets(&charge);
            for &t in &targets[..n] {
                self.relay_shot(&charge, t, charge.ap / n as f64);
            }
        }
        self.st.relays.clear();
    }

    /// One attack of `ap` by the relay of `charge` at ship `t` (J34).
    fn relay_shot(&mut self, charge: &RelayCharge, t: usize, ap: f64) {
        let m = self.m;
        let w = self.st.gws[usize::from(charge.group)];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let owner = usize::from(w.owner);
        let target = self.st.ships[t];
        if !target.targetable() {
            return;
        }
        let dist = f64::from(w.pos.distance(target.pos));
        // J65: a relay is a guided weapon and may take a Sensor Uplink assist.
        let sensors = self.uplinked(w.side, usize::MAX, gd.size.sensors(), target.ecm);
        let jam = ewar::jamming(sensors, target.ecm);
        let shot = payloads::bracket(dist, payloads::relay_ranges(gd.size))
            .and_then(|b| m.rules.direct_shot(b, jam));
        let Some(shot) = shot else {
            return;
        };
        let miss = shipmind_miss(m, &target, shot.miss_percent);
        self.count(w.side, Event::RelayAttacks);
        let hit = miss == 0 || self.dice.below(100) >= miss;
        trace!(
            self.obs,
            "  {} relays {:.0} AP from {} source(s) at {} ({:.0} hexes, miss {miss}%): {}",
            gd.name,
            ap,
            charge.sources,
            self.m.names[t],
            dist,
            if hit { "hit" } else { "miss" }
        );
        if !hit {
            self.count(w.side, Event::DirectMisses);
            return;
        }
        self.count(w.side, Event::DirectHits);
        if m.decoys && jam != ewar::Jamming::Clear && self.decoy_draw(t, ap) {
            return;
        }
        let table = m.policies[w.side.index()].crit_table;
        self.apply_hit(
            Hit::plain(
                owner,
                t,
                ap,
                shot.precision,
                table,
                m.rules.precision_crit_multiplier,
            )
            .on_lines(w.lines),
        );
    }
}
