//! Tactical jumps and interdiction in the battle: interdiction strength set at the end of the
//! firing phase (A7), jumps started and finished in the maneuver phase's jump step (B2), and
//! the check a retreat jump must pass.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::hex::Hex;
use super::super::jumps;
use super::super::ship::Status;
use super::Battle;

/// Farthest an arriving ship is pushed from its destination by interdiction.
const MAX_ARRIVAL_SHIFT: i32 = 30;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Effective jump rating of ship `i` if it were at `at` (every other ship's interdiction,
    /// friend or foe: "makes all ships treat their Jump Rating as one rank lower").
    pub(crate) fn jump_rating_at(&self, i: usize, at: Hex) -> i32 {
        let rating = self
            .m
            .design(&self.st.ships[i])
            .jump
            .map_or(0, |j| j.rating);
        let others = self
            .st
            .ships
            .iter()
            .enumerate()
            .filter(|(j, s)| *j != i && s.interdiction > 0 && s.status.in_play())
            .map(|(_, s)| (s.pos, s.interdiction));
        jumps::effective_rating(rating, at, others)
    }

    /// Whether any interdiction reaches ship `i` where it is ("Interdiction of any strength
    /// resets all progress on performing a non-combat jump").
    pub(crate) fn interdicted(&self, i: usize) -> bool {
        let s = &self.st.ships[i];
        self.st.ships.iter().enumerate().any(|(j, o)| {
            j != i
                && o.interdiction > 0
                && o.status.in_play()
                && jumps::felt(o.interdiction, o.pos.distance(s.pos)) > 0
        })
    }

    /// A7 "Interdiction": ships whose policy interdicts spend their energy left, up to their
    /// jump engine's maximum, while an enemy is charging a jump.
    pub(crate) fn interdiction(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            let d = m.design(s);
            let Some(jump) = d.jump else { continue };
            if jump.interdiction <= 0.0
                || s.jump_off
                || s.status != Status::Active
                || !s.commanded(d)
                || !m.policies[s.side.index()].interdict
            {
                continue;
            }
            let enemy_charging = self
                .st
                .ships
                .iter()
                .any(|o| o.side != s.side && o.status.in_play() && o.jump_charge > 0.0);
            if !enemy_charging {
                continue;
            }
            let strength = s.energy.min(jump.interdiction).floor().max(0.0);
            if strength < 1.0 {
                continue;
            }
            let sh = &mut self.st.ships[i];
            sh.energy -= strength;
            sh.interdiction = strength as i32;
            trace!(
                self.obs,
                "  {} interdicts jump space (strength {strength})", self.m.names[i]
            );
        }
    }

    /// B2 for ship `i` before it burns: a `jump_in` policy far from the enemy charges its
    /// jump drive or jumps. Returns true when the ship must not accelerate this turn.
    pub(crate) fn jump_decision(&mut self, i: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let d = m.design(s);
        let (Some(jump), Some(keep)) = (d.jump, m.keep[i]) else {
            return false;
        };
        if s.status != Status::Active
            || !m.policies[s.side.index()].jump_in
            || s.jump_off
            || !s.commanded(d)
        {
            return false;
        }
        // Copied only on this (rare) path: the checks below read the ship as it was here.
        let s = *s;
        let Some(t) = self.nearest_enemy(i) else {
            return false;
        };
        let o = self.st.ships[t];
        if s.jump_charge == 0.0 && s.pos.distance(o.pos) <= 3 * keep.max(3) {
            return false;
        }
        if self.interdicted(i) && s.jump_charge > 0.0 {
            self.st.ships[i].jump_charge = 0.0;
            self.count(s.side, Event::Interdicted);
            trace!(
                self.obs,
                "  {}'s jump charge is lost to interdiction", self.m.names[i]
            );
            return false;
        }
        let combat = if s.shipmind(d) {
            0.9 * jump.energy
        } else {
            jump.energy
        };
        let ready = (s.jump_charge == 0.0 && s.energy >= combat)
            || (s.jump_charge > 0.0 && s.jump_charge + s.energy >= jump.energy);
        if !ready {
            if s.jump_charge > 0.0 || s.energy >= 0.1 * jump.energy {
                let sh = &mut self.st.ships[i];
                sh.jump_charge += sh.energy;
                sh.energy = 0.0;
                trace!(
                    self.obs,
                    "  {} charges its jump drive ({:.0}/{:.0})",
                    self.m.names[i],
                    sh.jump_charge,
                    jump.energy
                );
                return true;
            }
            return false;
        }
        if !jumps::can_jump(self.jump_rating_at(i, s.pos)) {
            self.count(s.side, Event::Interdicted);
            trace!(
                self.obs,
                "  {} is interdicted and cannot jump", self.m.names[i]
            );
            return false;
        }
        let n = jump.kind.turns();
        let ahead = o.pos.add(o.vel.scale(n as i32));
        let dest = ahead.add(s.pos.sub(ahead).clamp_len(keep));
        let sh = &mut self.st.ships[i];
        sh.status = Status::Jumping;
        sh.jump_return = self.st.turn + n;
        sh.jump_dest = dest;
        sh.jump_charge = 0.0;
        sh.energy = 0.0;
        self.count(s.side, Event::Jumps);
        trace!(
            self.obs,
            "  {} jumps out (back in {n} turns, destination hidden)", self.m.names[i]
        );
        true
    }

    /// B2 arrivals: ships whose jump ends this turn appear at their destination, or the nearest
    /// hex where interdiction lets them, with their old vector.
    pub(crate) fn jump_arrivals(&mut self) {
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            if s.status != Status::Jumping || s.jump_return > self.st.turn {
                continue;
            }
            let s = *s;
            let Some(at) = jumps::arrival(s.jump_dest, MAX_ARRIVAL_SHIFT, |h| {
                jumps::can_jump(self.jump_rating_at(i, h))
            }) else {
                continue;
            };
            if at != s.jump_dest {
                self.count(s.side, Event::Interdicted);
            }
            let sh = &mut self.st.ships[i];
            sh.status = Status::Active;
            sh.pos = at;
            sh.prev_pos = at;
            trace!(
                self.obs,
                "  {} arrives from its jump at ({},{}) with vector ({},{})",
                self.m.names[i],
                at.q,
                at.r,
                s.vel.q,
                s.vel.r
            );
        }
    }
}
