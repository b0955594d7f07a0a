//! Target choice (ch. 4 step 2 and the policies): which enemies a ship sees, and which one
//! each weapon fires at.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::attack::Band;
use super::super::policy::Targeting;
use super::Battle;

/// An enemy as seen from the attacking ship: distance and position in its own frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sighting {
    ship: usize,
    /// Distance squared (band tests need no square root).
    pub(super) distance_squared: f64,
    /// Along the attacker's facing.
    ahead: f64,
    /// To the attacker's port (left).
    port: f64,
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Where every enemy in play lies from ship `i`: computed once per activation, since
    /// nothing moves during the attack step.
    pub(super) fn sight(&self, i: usize, out: &mut Vec<Sighting>) {
        let me = &self.s.ships[i];
        out.clear();
        let terrain = !self.s.terrain.is_empty();
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side == me.side || !t.active() || (terrain && self.line_blocked(i, j)) {
                continue;
            }
            let d = t.pos - me.pos;
            out.push(Sighting {
                ship: j,
                distance_squared: d.dot(d),
                ahead: me.facing.dot(d),
                port: me.facing.cross(d),
            });
        }
    }

    /// Policy: the target for weapon `w` of ship `i` among the sighted enemies. Only targets
    /// inside the weapon's Range/Extended Range and one of its firing arcs (line between centre
    /// points) qualify — ch. 4 step 2.
    pub(super) fn choose_target(
        &self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
    ) -> Option<(usize, Band)> {
        let me = &self.s.ships[i];
        let policy = &self.m.policies[me.side.index()];
        let profile = self.profile(i, w);
        let arcs = self.m.designs[usize::from(me.design)].weapons[w].arcs;
        let expected = self.m.expected_row(usize::from(me.design), w);
        let mut best: Option<(usize, Band, f32, f32)> = None;
        for s in sighted {
            let t = &self.s.ships[s.ship];
            if !t.active() || !arcs.covers_local(s.ahead, s.port) {
                continue;
            }
            let Some(band) = profile.band_at_squared(s.distance_squared) else {
                continue;
            };
            let e = expected[usize::from(t.design) * 3 + usize::from(band.index)];
            if e <= 0.0 {
                continue;
            }
            let key = match policy.targeting {
                Targeting::BestOdds => e,
                Targeting::Weakest => -(t.remaining() as f32),
                Targeting::MostDangerous => self.threat(s.ship),
                Targeting::Nearest => -(s.distance_squared as f32),
            };
            if best.is_none_or(|(_, _, k, be)| key > k || (key == k && e > be)) {
                best = Some((s.ship, band, key, e));
            }
        }
        best.map(|(j, band, _, _)| (j, band))
    }

    /// A ship's firepower: the summed value of its working weapons.
    pub(super) fn threat(&self, j: usize) -> f32 {
        let s = &self.s.ships[j];
        self.m.firepower[usize::from(s.design)]
            .iter()
            .enumerate()
            .filter(|(w, _)| !s.weapon_off(*w))
            .map(|(_, v)| *v)
            .sum()
    }
}
