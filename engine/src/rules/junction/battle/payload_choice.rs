//! The payload a launch carries against its target under `payload_choice = "by-target"` (J63;
//! the rule of thumb is `payload_choice::worth`).

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::blasts;
use super::super::parts::Payload;
use super::super::payload_choice::{self, TargetView};
use super::super::policy::PdLaunches;
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// The loaded magazine entry of ship `i` worth most against ship `t` among those whose
    /// delta-v reaches it (ties: magazine order), leaving out the missiles its side keeps for
    /// point-defense blasts (J51, as `attack_slot` does); `None` when no entry has a worth (the
    /// first loaded entry is launched as usual).
    #[cold]
    #[inline(never)]
    pub(crate) fn payload_for(&self, i: usize, t: usize) -> Option<usize> {
        let m = self.m;
        let s = &self.st.ships[i];
        let d = m.design(s);
        let target = &self.st.ships[t];
        let td = m.design(target);
        let view = TargetView {
            protection: td.protection,
            armor: target.armor,
            armor_max: td.armor,
            crew: target.crew,
            closing: target.vel.sub(s.vel).length(),
        };
        let dist = s.pos.distance(target.pos);
        let reserve = m.policies[s.side.index()].pd_launches == PdLaunches::All;
        let mut best: Option<(usize, f64)> = None;
        for (k, &(gi, _)) in d.magazine.iter().enumerate() {
            let gd = &m.catalogue.guided[gi];
            let kept = reserve
                && gd.payload != Payload::Excalibur
                && blasts::pd_launchable(gd.payload, gd.size);
            if s.magazine[k] == 0 || kept || gd.propulsion.delta_v() < dist {
                continue;
            }
            let worth = payload_choice::worth(gd, &view, m.rules.nuclear_armor_multiplier);
            if let Some(w) = worth
                && best.is_none_or(|(_, b)| w > b)
            {
                best = Some((k, w));
            }
        }
        best.map(|(k, _)| k)
    }
}
