//! Electromagnetic catapult launches ("Launch Guided Weapons"): up to the catapult's rate of
//! fire each turn, with a velocity change of up to its rating; a Mass Driver attack when the
//! change puts the weapon's future marker on the target's and the weapon out-accelerates it.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::design::Catapult;
use super::super::payloads;
use super::super::ship::Status;
use super::super::weapon_lines::magazine_line;
use super::{Battle, GwGroup};

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Ship `i` launches from its catapult at the nearest enemy: a Mass Driver attack whenever
    /// it can make one, else a boost toward the intercept (policy); it launches when the
    /// target is within the weapon's delta-v plus the catapult's rating.
    #[cold]
    #[inline(never)]
    pub(crate) fn catapult_launch(&mut self, i: usize, c: Catapult) {
        let m = self.m;
        let s = self.st.ships[i];
        let d = m.design(&s);
        if s.status != Status::Active
            || s.catapult_off
            || m.policies[s.side.index()].salvo == 0
            || !s.can_use_weapons(d)
            || !self.gw_room(s.side)
        {
            return;
        }
        let Some(t) = self.nearest_enemy(i) else {
            return;
        };
        let Some(slot) = self.launch_slot(i) else {
            return;
        };
        let gi = d.magazine[slot].0;
        let gd = &m.catalogue.guided[gi];
        let target = self.st.ships[t];
        if s.pos.distance(target.pos) > gd.propulsion.delta_v() + c.rating {
            return;
        }
        let shot = payloads::catapult(
            s.pos,
            s.vel,
            c.rating,
            gd.propulsion.acceleration(),
            target.pos,
            target.vel,
            target.acceleration(m.design(&target)),
        );
        let n = c.rate_of_fire.min(s.magazine[slot]);
        self.st.ships[i].magazine[slot] -= n;
        let side = s.side.index();
        self.st.events[side][Event::Launches as usize] += n;
        if shot.mass_driver.is_some() {
            self.st.events[side][Event::MassDriverLaunches as usize] += n;
        }
        trace!(
            self.obs,
            "  {} catapults {n} {} at {} (boost ({},{}){})",
            self.m.names[i],
            gd.name,
            self.m.names[t],
            shot.boost.q,
            shot.boost.r,
            match shot.mass_driver {
                Some(u) => format!(", mass driver attack, {u} unused velocity"),
                None => String::new(),
            }
        );
        self.st.gws.push(GwGroup {
            owner: i as u8,
            side: s.side,
            guided: gi as u16,
            count: n,
            pos: s.pos,
            vel: s.vel.add(shot.boost),
            prev_pos: s.pos,
            delta_v: gd.propulsion.delta_v(),
            burned: false,
            launched: self.st.turn,
            target: t as u8,
            contact: false,
            doomed: false,
            mass_driver: shot.mass_driver.unwrap_or(0),
            committed: shot.mass_driver.is_some(),
            standoff: payloads::attack(gd.payload) != Some(payloads::Attack::Contact),
            drone: false,
            decoys: 0,
            decoy_guided: 0,
            guns_fired: 0,
            pd_shots: 0,
            lines: magazine_line(&d.magazine, gi),
        });
        // Enemy point defense engages it once every ship has launched (`launch_defense`).
    }
}
