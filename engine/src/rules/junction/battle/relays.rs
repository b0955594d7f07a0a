//! Laser Relays (Appendix 1 "Laser Relay"): a relay drone holds station between the ship that
//! launched it and the enemy; friendly lasers whose target is beyond their reach fire into it
//! instead, and in the same firing phase it fires the combined power at that target (J34).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::design::WeaponKind;
use super::super::ewar;
use super::super::parts::{GwSize, Payload};
use super::super::payloads;
use super::super::ship::Status;
use super::damage::Hit;
use super::firing::shipmind_miss;
use super::{Battle, GwGroup, MAX_GW_GROUPS};

/// Power a relay took in this firing phase (no storage between turns).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RelayCharge {
    /// The relay group's index in `BattleState::gws`.
    pub group: u8,
    /// Laser Attack Power combined (at most the relay's cap).
    pub ap: f64,
    /// Laser sources combined (at most [`RELAY_SOURCES`]).
    pub sources: u8,
    /// The target its first source was aiming at.
    pub target: u8,
}

/// "Laser Relays may combine laser power from up to four sources".
pub const RELAY_SOURCES: u8 = 4;

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
            || self.st.gws.len() >= MAX_GW_GROUPS
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
    /// targeting cap (15 / 20 hexes), has a free source, and has `t` within its Probable Hit
    /// range (J34). Returns whether it did (the laser is then used and fired offensively).
    #[cold]
    #[inline(never)]
    pub(crate) fn feed_relay(&mut self, i: usize, k: usize, t: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        if !matches!(wd.kind, WeaponKind::Laser { .. }) || wd.energy > s.energy {
            return false;
        }
        let (side, at, target) = (s.side, s.pos, self.st.ships[t].pos);
        let Some(g) = (0..self.st.gws.len()).find(|&g| {
            let w = &self.st.gws[g];
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            let dist = at.distance(w.pos);
            let charge = self.st.relays.iter().find(|c| usize::from(c.group) == g);
            w.side == side
                && w.count > 0
                && self.is_relay(w)
                && dist <= wd.ranges[1]
                && dist <= gd.size.pd_max_range()
                && f64::from(w.pos.distance(target)) <= payloads::relay_ranges(gd.size)[2]
                && charge.is_none_or(|c| c.sources < RELAY_SOURCES && usize::from(c.target) == t)
        }) else {
            return false;
        };
        let cap = payloads::relay_cap(m.catalogue.guided[usize::from(self.st.gws[g].guided)].size);
        let c = match self
            .st
            .relays
            .iter()
            .position(|c| usize::from(c.group) == g)
        {
            Some(c) => c,
            None => {
                self.st.relays.push(RelayCharge {
                    group: g as u8,
                    ap: 0.0,
                    sources: 0,
                    target: t as u8,
                });
                self.st.relays.len() - 1
            }
        };
        let charge = &mut self.st.relays[c];
        charge.ap = (charge.ap + wd.ap).min(cap);
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

    /// Every relay that took power this firing phase fires it at its target as one direct-fire
    /// laser attack (J34): its range brackets from its own hex, jamming of its own Sensors (4
    /// light, 20 heavy) against the target's ECM, the Shipmind miss bonus, Precision
    /// Targeting's ×3 crits and table choice. Unused power is lost.
    #[cold]
    #[inline(never)]
    pub(crate) fn relay_fire(&mut self) {
        let m = self.m;
        for c in 0..self.st.relays.len() {
            let charge = self.st.relays[c];
            let w = self.st.gws[usize::from(charge.group)];
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            let owner = usize::from(w.owner);
            let t = usize::from(charge.target);
            let target = self.st.ships[t];
            if !target.status.in_play() || w.count == 0 {
                continue;
            }
            let dist = f64::from(w.pos.distance(target.pos));
            let jam = ewar::jamming(gd.size.sensors(), target.ecm);
            let shot = payloads::bracket(dist, payloads::relay_ranges(gd.size)).and_then(|b| {
                ewar::direct_shot(
                    b,
                    jam,
                    m.rules.guaranteed_hit_miss_percent,
                    m.rules.probable_hit_miss_percent,
                )
            });
            let Some(shot) = shot else {
                continue;
            };
            let miss = shipmind_miss(m, &target, shot.miss_percent);
            self.count(w.side, Event::RelayAttacks);
            let hit = miss == 0 || self.dice.below(100) >= miss;
            trace!(
                self.obs,
                "  {} relays {:.0} AP from {} source(s) at {} ({:.0} hexes, miss {miss}%): {}",
                gd.name,
                charge.ap,
                charge.sources,
                self.m.names[t],
                dist,
                if hit { "hit" } else { "miss" }
            );
            if !hit {
                self.count(w.side, Event::DirectMisses);
                continue;
            }
            self.count(w.side, Event::DirectHits);
            if m.decoys && jam != ewar::Jamming::Clear && self.decoy_draw(t, charge.ap) {
                continue;
            }
            let table = m.policies[w.side.index()].crit_table;
            self.apply_hit(Hit::plain(
                owner,
                t,
                charge.ap,
                shot.precision,
                table,
                m.rules.precision_crit_multiplier,
            ));
        }
        self.st.relays.clear();
    }
}
