//! Drones in the battle: guided weapons that never attack but fly by a ship — EM Deflectors
//! (`deflectors.rs`), decoy screens (`decoys.rs`) and laser relays (`relays.rs`). They are
//! launched alike (Appendix 1: VLS or catapult, with the ship's vector), and a launch provokes
//! enemy point defense like any other ("Point Defense").

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::weapon_lines::magazine_line;
use super::{Battle, GwGroup};

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Ship `i` puts `count` drones of catalogue entry `gi` in flight from its hex with its
    /// vector, aimed at (or screening) ship `target`; enemy point defense engages them once
    /// every ship has launched (`launch_defense`), and a group shot down entirely leaves play.
    pub(crate) fn launch_drone(&mut self, i: usize, gi: usize, count: u32, target: usize) {
        let s = &self.st.ships[i];
        let side = s.side;
        self.st.gws.push(GwGroup {
            owner: i as u8,
            side,
            guided: gi as u16,
            count,
            pos: s.pos,
            vel: s.vel,
            prev_pos: s.pos,
            delta_v: self.m.catalogue.guided[gi].propulsion.delta_v(),
            burned: false,
            launched: self.st.turn,
            target: target as u8,
            contact: false,
            doomed: false,
            mass_driver: 0,
            committed: false,
            standoff: false,
            drone: true,
            decoys: 0,
            decoy_guided: 0,
            guns_fired: 0,
            pd_shots: 0,
            lines: magazine_line(&self.m.design(s).magazine, gi),
        });
        // Enemy point defense engages it once every ship has launched (`launch_defense`).
    }
}
