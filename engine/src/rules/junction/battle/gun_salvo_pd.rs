//! Gun-armed guided weapons as point defense (issue 15 §4; seed 004 line 99, "Stuff to Do:
//! Point Defense": "Ships and gun-armed guided weapons can attempt to shoot down enemy guided
//! weapons before they manage to hit"). The gun-armed ones are those whose payload is a
//! reusable direct-fire gun: Light Gas Gun (2 / 16 AP) and Chemical Laser (1 / 8 AP). Each
//! weapon of such a salvo engages one target (a Chemical Laser has no Redundant Emitters,
//! "minimum 1"; a Light Gas Gun's Area Denial targets "a single hex") within the gun's
//! Guaranteed Hit range (1/2/3 → 2, heavy 1/2/4 → 2; 3/5/7 → 5, heavy 4/7/10 → 7) and the
//! 15 / 20-hex cap, by the kill rule, "provided they were not fired in any role aside from
//! point defense last turn" (`GwGroup::guns_fired`). Policy (J67): a salvo that attacks its
//! target in this firing phase does not defend (its guns are spent on the attack); each
//! weapon defends at most once a turn (`GwGroup::pd_shots`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::house_rules::DecoyPriority;
use super::super::parts::{DECOY_SALVO_DURABILITY, GwSize, Payload};
use super::super::payloads;
use super::super::point_defense;
use super::Battle;

/// Attack Power and Guaranteed Hit range of a gun-armed guided weapon's gun; `None` for
/// every other payload.
pub(crate) fn pd_gun(payload: Payload, size: GwSize) -> Option<(f64, i32)> {
    if !matches!(payload, Payload::LightGasGun | Payload::ChemicalLaser) {
        return None;
    }
    let gh = payloads::ranges(payload, size, 0.0)[1];
    Some((payloads::attack_power(payload, size), gh as i32))
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Weapons of salvo `d` that can still fire point defense for `side` this turn, with their
    /// gun's Attack Power and Guaranteed Hit range (0 weapons: it cannot).
    pub(crate) fn gun_salvo_shots(&self, d: usize, side: Side) -> (u32, f64, i32) {
        let w = &self.st.gws[d];
        let gd = &self.m.catalogue.guided[usize::from(w.guided)];
        let Some((ap, gh)) = pd_gun(gd.payload, gd.size) else {
            return (0, 0.0, 0);
        };
        let turn = self.st.turn;
        if w.side != side
            || w.count <= w.pd_shots
            || w.guns_fired + 1 == turn
            || w.guns_fired == turn
            || self.standoff_ready(d).is_some()
        {
            return (0, 0.0, 0);
        }
        (w.count - w.pd_shots, ap, gh)
    }

    /// `side`'s gun-armed salvos fire point defense at salvo `g` (after the ships' guns),
    /// one weapon at a time, each destroying one of its decoys or weapons if its gun's
    /// Attack Power reaches the durability (decoys first, J32).
    #[cold]
    #[inline(never)]
    pub(crate) fn gun_salvo_defence(&mut self, g: usize, side: Side) {
        let m = self.m;
        for d in 0..self.st.gws.len() {
            if d == g {
                continue;
            }
            let (shots, ap, gh) = self.gun_salvo_shots(d, side);
            if shots == 0 {
                continue;
            }
            let target = self.st.gws[g];
            let gd = &m.catalogue.guided[usize::from(target.guided)];
            let dist = self.st.gws[d].pos.distance(target.pos);
            if !point_defense::in_pd_range(dist, gh, gd.size) {
                continue;
            }
            for _ in 0..shots {
                let t = self.st.gws[g];
                let dd = &m.catalogue.guided[usize::from(t.decoy_guided)];
                // J32: decoys first; a gun too weak for them holds its fire, or under
                // `decoy_priority = "killable"` engages the warheads.
                let on_decoy = t.decoys > 0 && ap >= dd.size.pick(DECOY_SALVO_DURABILITY);
                let held =
                    t.decoys > 0 && !on_decoy && m.rules.decoy_priority == DecoyPriority::Strict;
                if t.count == 0 || held || (!on_decoy && ap < gd.durability()) {
                    break;
                }
                self.st.gws[d].pd_shots += 1;
                if on_decoy {
                    self.st.gws[g].decoys -= 1;
                } else {
                    self.st.gws[g].count -= 1;
                }
                self.count(side, Event::PdKills);
                trace!(
                    self.obs,
                    "  {} from {} shoots down one {}",
                    m.catalogue.guided[usize::from(self.st.gws[d].guided)].name,
                    self.m.names[usize::from(self.st.gws[d].owner)],
                    if on_decoy { &dd.name } else { &gd.name }
                );
            }
        }
    }
}
