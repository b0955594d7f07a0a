//! Missile Racks (Appendix 1 "Missile Rack": "acts like a VLS mounted to a Guided Weapon"): a
//! rack salvo flies at its target like any guided weapon and, once the target is within its
//! load's delta-v, launches its load there (J33).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::parts::{Payload, RACK_CAPACITY};
use super::super::payloads::{self, Attack};
use super::{Battle, GwGroup};

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Every rack salvo launched on an earlier turn whose target is in play and within its
    /// load's delta-v launches its load — six mini-missiles (light) or four light guided
    /// weapons (heavy) per rack — from its hex with its vector, at its target; the empty racks
    /// are not retrieved (J33). The launch provokes the target side's point defense.
    #[cold]
    #[inline(never)]
    pub(crate) fn rack_launches(&mut self) {
        let m = self.m;
        for g in 0..self.st.gws.len() {
            let w = self.st.gws[g];
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            let (Payload::MissileRack, Some(load)) = (gd.payload, gd.load) else {
                continue;
            };
            let t = usize::from(w.target);
            let target = &self.st.ships[t];
            let ld = &m.catalogue.guided[load];
            if w.launched >= self.st.turn
                || w.count == 0
                || !target.targetable()
                || w.pos.distance(target.pos) > ld.propulsion.delta_v()
            {
                continue;
            }
            let n = w.count * gd.size.pick(RACK_CAPACITY);
            let side = w.side.index();
            self.st.events[side][Event::Launches as usize] += n;
            self.st.events[side][Event::RackLaunches as usize] += n;
            trace!(
                self.obs,
                "  {} {} launch {n} {} at {}", w.count, gd.name, ld.name, self.m.names[t]
            );
            self.st.gws[g] = GwGroup {
                guided: load as u16,
                count: n,
                delta_v: ld.propulsion.delta_v(),
                burned: false,
                launched: self.st.turn,
                contact: false,
                doomed: false,
                mass_driver: 0,
                committed: false,
                standoff: payloads::attack(ld.payload) != Some(Attack::Contact),
                drone: false,
                decoys: 0,
                ..w
            };
            // Enemy point defense engages the load once every ship has launched
            // (`launch_defense`).
        }
    }
}
