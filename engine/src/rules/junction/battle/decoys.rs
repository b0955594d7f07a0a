//! Decoys (Appendix 1 "Decoy"): screens that fly with the ship that launched them and draw
//! jammed attacks on it (J31), and decoys fired inside an attack salvo, which the enemy's point
//! defense engages first (J32). Signature is G23's gap: J30 (`ShipDesign::signature`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::parts::{DECOY_SALVO_DURABILITY, DECOY_SIGNATURE, Payload};
use super::super::point_defense;
use super::super::ship::Status;
use super::{Battle, GwGroup};

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Ship `i` launches a decoy screen (VLS or catapult, no velocity change): `salvo` decoys
    /// of its first loaded decoy entry that can cover its signature, when its policy keeps
    /// decoys out of its salvos, an enemy is in play and none of its screens is flying (J31).
    #[cold]
    #[inline(never)]
    pub(crate) fn decoy_launch(&mut self, i: usize) {
        let m = self.m;
        let s = self.st.ships[i];
        let d = m.design(&s);
        let p = &m.policies[s.side.index()];
        let launcher = s.has_launcher(d);
        if s.status != Status::Active
            || p.salvo_decoys > 0
            || p.salvo == 0
            || !launcher
            || !s.can_use_weapons(d)
            || s.fire_paralysed(self.st.turn)
            || !self.gw_room(s.side)
            || self.nearest_enemy(i).is_none()
            || self
                .st
                .gws
                .iter()
                .any(|g| g.drone && usize::from(g.owner) == i && self.is_decoy(g))
        {
            return;
        }
        let signature = d.signature();
        let Some(slot) = (0..d.magazine.len()).find(|&k| {
            let gd = &m.catalogue.guided[d.magazine[k].0];
            s.magazine[k] > 0
                && gd.payload == Payload::Decoy
                && signature <= gd.size.pick(DECOY_SIGNATURE)
        }) else {
            return;
        };
        let gi = d.magazine[slot].0;
        let gd = &m.catalogue.guided[gi];
        let n = p.salvo.min(s.magazine[slot]);
        self.st.ships[i].magazine[slot] -= n;
        self.st.events[s.side.index()][Event::Launches as usize] += n;
        trace!(
            self.obs,
            "  {} launches a screen of {n} {}", self.m.names[i], gd.name
        );
        self.launch_drone(i, gi, n, i);
    }

    /// Whether group `g` is a decoy screen.
    pub(crate) fn is_decoy(&self, g: &GwGroup) -> bool {
        g.drone && self.m.catalogue.guided[usize::from(g.guided)].payload == Payload::Decoy
    }

    /// Decoy screen `g` burns to stay in the hex of the ship that launched it (ships have
    /// already moved); it is removed when that ship is out of play. Returns whether it stays.
    #[cold]
    #[inline(never)]
    pub(crate) fn decoy_maneuver(&mut self, g: usize) -> bool {
        let mut w = self.st.gws[g];
        let own = &self.st.ships[usize::from(w.owner)];
        if !own.status.in_play() {
            return false;
        }
        let gd = &self.m.catalogue.guided[usize::from(w.guided)];
        w.steer_toward(own.pos, gd.propulsion);
        self.st.gws[g] = w;
        true
    }

    /// A jammed attack of `ap` Attack Power on ship `t` (not Home On Jam, not indiscriminate):
    /// "the attack's target is chosen randomly between the ship and all applicable decoys" —
    /// the friendly decoys in its hex whose size covers its signature. Returns whether a decoy
    /// drew the attack; the decoy is destroyed when `ap` reaches its durability (J31).
    #[cold]
    #[inline(never)]
    pub(crate) fn decoy_draw(&mut self, t: usize, ap: f64) -> bool {
        let m = self.m;
        let ship = &self.st.ships[t];
        let (side, at, signature) = (ship.side, ship.pos, m.design(ship).signature());
        let covers = |g: &GwGroup| {
            let gd = &m.catalogue.guided[usize::from(g.guided)];
            g.drone
                && g.count > 0
                && g.side == side
                && g.pos == at
                && gd.payload == Payload::Decoy
                && signature <= gd.size.pick(DECOY_SIGNATURE)
        };
        let n: u32 = self
            .st
            .gws
            .iter()
            .filter(|g| covers(g))
            .map(|g| g.count)
            .sum();
        if n == 0 {
            return false;
        }
        let mut pick = self.dice.below(n + 1);
        if pick == 0 {
            return false;
        }
        let Some(g) = self.st.gws.iter().position(|g| {
            if !covers(g) {
                return false;
            }
            if pick <= g.count {
                return true;
            }
            pick -= g.count;
            false
        }) else {
            return false;
        };
        let gd = &m.catalogue.guided[usize::from(self.st.gws[g].guided)];
        let destroyed = ap >= gd.durability();
        if destroyed {
            self.st.gws[g].count -= 1;
        }
        self.count(side, Event::DecoysDrawn);
        trace!(
            self.obs,
            "    a {} draws the attack on {}{}",
            gd.name,
            self.m.names[t],
            if destroyed { " and is destroyed" } else { "" }
        );
        true
    }

    /// The VLS salvo `g` ship `i` just launched takes up to the policy's `salvo_decoys` decoys
    /// from its first loaded decoy entry (J32).
    #[cold]
    #[inline(never)]
    pub(crate) fn arm_salvo_decoys(&mut self, i: usize, g: usize) {
        let m = self.m;
        let s = &self.st.ships[i];
        let d = m.design(s);
        let want = m.policies[s.side.index()].salvo_decoys;
        let Some(slot) = (0..d.magazine.len()).find(|&k| {
            s.magazine[k] > 0 && m.catalogue.guided[d.magazine[k].0].payload == Payload::Decoy
        }) else {
            return;
        };
        let n = want.min(s.magazine[slot]);
        if n == 0 {
            return;
        }
        let side = s.side;
        self.st.ships[i].magazine[slot] -= n;
        self.st.events[side.index()][Event::Launches as usize] += n;
        let gi = d.magazine[slot].0;
        self.st.gws[g].decoys = n;
        self.st.gws[g].decoy_guided = gi as u16;
        trace!(
            self.obs,
            "    with {n} {} in the salvo", m.catalogue.guided[gi].name
        );
    }

    /// Weapon `k` of ship `i` fires point defense at the decoys of salvo `g` (J32: "enemy
    /// point defense will always prioritize the Decoys", at their salvo durability 4 / 32):
    /// it destroys those the kill rule lets it; returns false (the weapon unused) when it can
    /// destroy none. The caller has checked range, energy and that the weapon is free.
    #[cold]
    #[inline(never)]
    pub(crate) fn pd_on_decoys(&mut self, i: usize, k: usize, g: usize) -> bool {
        let m = self.m;
        let w = self.st.gws[g];
        let s = &self.st.ships[i];
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        let dd = &m.catalogue.guided[usize::from(w.decoy_guided)];
        let dur = dd.size.pick(DECOY_SALVO_DURABILITY);
        let killed = point_defense::kills(wd.ap, self.pd_targets(i, k), dur, w.decoys);
        if killed == 0 {
            return false;
        }
        let side = s.side;
        let s = &mut self.st.ships[i];
        s.used[k] = m.rules.pd_uses_the_shot;
        s.energy -= wd.energy;
        self.st.gws[g].decoys -= killed;
        self.st.events[side.index()][Event::PdKills as usize] += killed;
        trace!(
            self.obs,
            "  {} {} shoots down {killed} {} ({} in the salvo)",
            self.m.names[i],
            wd.name,
            dd.name,
            w.decoys
        );
        true
    }
}
