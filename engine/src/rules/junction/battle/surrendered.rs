//! Shooting a surrendered ship ("Important Rule: Morale", digest §2.10): "If a surrendered
//! ship is attacked, the ship rejoins the battle *against* whatever side shot them, with their
//! Morale immediately being set to +6. As an additional consequence, shooting a surrendered
//! ship means no other ships will surrender to your faction for the remainder of the battle."
//! Only a policy with `fire_on_surrendered` (J40) ever does it, and only with direct fire.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::ship::Status;
use super::Battle;

/// Morale a surrendered ship rejoins the battle with.
pub(crate) const REJOIN_MORALE: i32 = 6;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Direct-fire target of ship `i`: the policy's usual target, or (J40, with
    /// `fire_on_surrendered`) the nearest surrendered enemy when it is nearer still.
    pub(crate) fn direct_fire_target(&mut self, i: usize) -> Option<usize> {
        let usual = self.fire_target(i, None);
        let side = self.st.ships[i].side;
        if !self.m.policies[side.index()].fire_on_surrendered {
            return usual;
        }
        let st = &*self.st;
        let dist = |j: usize| st.engagement_distance(i, j);
        let candidates = (0..st.ships.len())
            .filter(|&j| st.ships[j].side != side && st.ships[j].status == Status::Surrendered);
        // Equally near surrendered ships: the battle's dice.
        let surrendered = super::ties::least(&mut *self.dice, candidates, dist);
        match (usual, surrendered) {
            (Some(u), Some(s)) if dist(s) < dist(u) => Some(s),
            (None, s) => s,
            (u, _) => u,
        }
    }

    /// Ship `shooter` attacks the surrendered ship `t`: `t` rejoins the battle against the
    /// shooter's side at morale +6, and no ship surrenders to that side any more (J40). Only
    /// enemies are shot at and a battle has two sides, so "against the shooter" is the side
    /// it surrendered from.
    pub(crate) fn shoot_surrendered(&mut self, shooter: usize, t: usize) {
        let side = self.st.ships[shooter].side;
        let morale = REJOIN_MORALE.clamp(self.m.rules.morale_min, self.m.rules.morale_max);
        let turn = self.st.turn;
        let s = &mut self.st.ships[t];
        s.status = Status::Active;
        // It is back in play at once (the shot resolves against it) but acts from the next
        // maneuver phase: it does not fire back in this firing phase, whatever its place in
        // the firing order.
        s.paralysed[0] = s.paralysed[0].max(turn);
        s.morale = morale;
        self.st.no_quarter[side.index()] = true;
        self.count(side, Event::SurrenderedShot);
        trace!(
            self.obs,
            "  {} fires on the surrendered {}: it rejoins the battle at morale {morale}, and \
             nobody will surrender to side {side} any more",
            self.m.names[shooter],
            self.m.names[t]
        );
    }

    /// Whether a ship of `side` may surrender: not once its enemy has shot a surrendered ship.
    pub(crate) fn may_surrender(&self, side: Side) -> bool {
        !self.st.no_quarter[side.other().index()]
    }
}
