//! Point-defense launches (Appendix 1 "Bomb-Pumped X-Ray Multiple Laser (Excalibur)": "A
//! missile fitted with an Excalibur warhead can be used for Point Defense, even if not launched
//! before the firing phase on which it is needed"; J35).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::house_rules::DecoyPriority;
use super::super::parts::{DECOY_SALVO_DURABILITY, Payload};
use super::super::payloads;
use super::super::point_defense;
use super::super::policy::{PdLaunches, PdStance};
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// After the guns of `side` have fired point defense at salvo `g`, each of its ships
    /// carrying an Excalibur launches one and fires it at once when the salvo is within the
    /// warhead's range (10 / 16 hexes) and the burst (20 / 180 AP "divided between any number
    /// of targets") can destroy at least one of the salvo's weapons — its decoys first (J32).
    #[cold]
    #[inline(never)]
    pub(crate) fn excalibur_defence(&mut self, g: usize, side: crate::outcome::Side) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let w = self.st.gws[g];
            if w.count == 0 {
                return;
            }
            let s = &self.st.ships[i];
            let d = m.design(s);
            let launcher = s.has_launcher(d);
            if s.side != side
                || !s.status.in_play()
                || !launcher
                || m.policies[side.index()].pd == PdStance::Never
                || m.policies[side.index()].pd_launches == PdLaunches::None
                || !s.can_use_weapons(d)
                || s.fire_paralysed(self.st.turn)
            {
                continue;
            }
            let Some(slot) = (0..d.magazine.len()).find(|&k| {
                s.magazine[k] > 0
                    && m.catalogue.guided[d.magazine[k].0].payload == Payload::Excalibur
            }) else {
                continue;
            };
            let xd = &m.catalogue.guided[d.magazine[slot].0];
            let reach = payloads::ranges(Payload::Excalibur, xd.size, 0.0)[2];
            if f64::from(s.pos.distance(w.pos)) > reach {
                continue;
            }
            let ap = payloads::attack_power(Payload::Excalibur, xd.size);
            let on_decoys = if w.decoys > 0 {
                let dd = &m.catalogue.guided[usize::from(w.decoy_guided)];
                let dur = dd.size.pick(DECOY_SALVO_DURABILITY);
                point_defense::kills(ap, w.decoys, dur, w.decoys)
            } else {
                0
            };
            // J32: the decoys first; the warheads when there are none, or under `killable`
            // when the burst can destroy no decoy.
            let (killed, decoys) = if on_decoys > 0
                || (w.decoys > 0 && m.rules.decoy_priority == DecoyPriority::Strict)
            {
                (on_decoys, true)
            } else {
                let dur = m.catalogue.guided[usize::from(w.guided)].durability();
                (point_defense::kills(ap, w.count, dur, w.count), false)
            };
            if killed == 0 {
                continue;
            }
            self.st.ships[i].magazine[slot] -= 1;
            if decoys {
                self.st.gws[g].decoys -= killed;
            } else {
                self.st.gws[g].count -= killed;
            }
            let k = side.index();
            self.st.events[k][Event::Launches as usize] += 1;
            self.st.events[k][Event::PdKills as usize] += killed;
            trace!(
                self.obs,
                "  {} launches {} as point defense: {killed} {} destroyed",
                self.m.names[i],
                xd.name,
                if decoys {
                    "decoys"
                } else {
                    m.catalogue.guided[usize::from(w.guided)].name.as_str()
                }
            );
        }
    }
}
