//! Where a fighter ends its free move (ch. 6c "Fighters may move up to 7 Distance in any
//! direction"; the choice is the AI's, house rule FT6/FT8). With `fighter_tactics =
//! "cautious"` (the default) the fighter weighs, for each point it could reach, the damage it
//! expects to deal next activation against the damage the enemy could deal to it there before
//! then; `direct` is the first version's straight flight (`fighter_phase::fighter_goal`).
//!
//! Why this is the seed's game and not a cheat: a fighter activates in the Size 0 step, before
//! every ship, and attacks before it moves (ch. 5b). Ships attack from where they stand,
//! before they move. So a fighter that ends its move outside the Range and arcs of the enemy's
//! weapons ("Fighters ... may not be attacked at Extended Range") is safe until it activates
//! again — and an enemy that closes during its own move is then in the fighter's reach.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;

use super::super::fighters::LAUNCH_DISTANCE;
use super::super::terrain;
use super::Battle;

/// Directions tried around the fighter (every 22.5°).
const DIRECTIONS: usize = 16;
/// Fractions of the full move tried in each direction.
const STEPS: [f64; 3] = [1.0, 2.0 / 3.0, 1.0 / 3.0];
/// A loaded fighter with nothing to strike from any point closes on the nearest enemy's
/// predicted position: this many expected boxes per unit of distance still to go.
const APPROACH_WEIGHT: f32 = 0.1;
/// An empty fighter flies home: boxes per unit of distance from its carrier.
const HOMING_WEIGHT: f32 = 1.0;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Expected damage the enemy could deal to fighter `i` standing at `p` before the fighter
    /// activates again: every enemy unit's working weapons with `p` inside their (normal)
    /// Range and one of their arcs — fighters that are out of shots do not count — plus 3.5
    /// per PWS of an enemy ship within PWS-exchange distance. Ships attack before they move,
    /// so positions are taken as they stand.
    fn exposure(&self, i: usize, p: Vec2) -> f32 {
        let m = self.m;
        let me = &self.s.ships[i];
        let fd = usize::from(me.design);
        let pws_reach = m.rules.pws_exchange_distance;
        let mut total = 0.0;
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side == me.side || !t.active() || !m.policies[t.side.index()].fires {
                continue;
            }
            let td = usize::from(t.design);
            let d = p - t.pos;
            let dist2 = d.dot(d);
            if t.size > 0 && dist2 <= pws_reach * pws_reach {
                total += 3.5 * f32::from(t.equipment.pws);
            }
            if t.size == 0 && self.s.fighters.shots[j] == 0 {
                continue;
            }
            let (ahead, port) = (t.facing.dot(d), t.facing.cross(d));
            for (w, mount) in m.designs[td].weapons.iter().enumerate() {
                if t.weapon_off(w) {
                    continue;
                }
                let reach = m.profiles[td][w].normal_range();
                if dist2 > reach * reach || !mount.arcs.covers_local(ahead, port) {
                    continue;
                }
                total += m.expected(td, w, fd, 0).max(0.0);
            }
        }
        total
    }

    /// What standing at `p` is worth to fighter `i` for its next activation: loaded, the best
    /// expected damage of its weapon against an enemy whose predicted position (ahead along its
    /// heading by its Velocity) lies within the weapon's Range, less `APPROACH_WEIGHT` per unit
    /// still to go to the nearest one; empty, minus `HOMING_WEIGHT` per unit from its carrier.
    fn prospects(&self, i: usize, p: Vec2, loaded: bool, home: Option<Vec2>) -> f32 {
        let m = self.m;
        let me = &self.s.ships[i];
        let fd = usize::from(me.design);
        if !loaded {
            return home.map_or(0.0, |h| -HOMING_WEIGHT * p.distance(h) as f32);
        }
        let reach = m.profiles[fd][0].normal_range();
        let mut best = 0.0f32;
        let mut gap = f64::INFINITY;
        for t in &self.s.ships {
            if t.side == me.side || !t.active() {
                continue;
            }
            let e = m.expected(fd, 0, usize::from(t.design), 0);
            if e <= 0.0 {
                continue;
            }
            let q = t.pos + t.facing * f64::from(t.velocity);
            let d = p.distance(q);
            if d <= reach {
                best = best.max(e);
            }
            gap = gap.min((d - reach).max(0.0));
        }
        if gap.is_finite() {
            best - APPROACH_WEIGHT * gap as f32
        } else {
            best
        }
    }

    /// The cautious fighter's destination: the reachable point (on the table, not in Solid
    /// terrain) with the best prospects less expected damage taken. A point within landing
    /// distance of the carrier counts no exposure for an empty fighter (it lands there).
    #[cold]
    #[inline(never)]
    pub(super) fn cautious_destination(&self, i: usize, loaded: bool, home: Option<Vec2>) -> Vec2 {
        let m = self.m;
        let me = &self.s.ships[i];
        let reach = m.designs[usize::from(me.design)]
            .fighter
            .unwrap_or_default()
            .move_distance();
        let board = m.scenario.board;
        let caution = m.policies[me.side.index()].fighter_caution;
        // Damage past the fighter's last box is not lost twice.
        let boxes = me.remaining() as f32;
        let score = |p: Vec2| {
            let lands = !loaded && home.is_some_and(|h| p.distance(h) <= LAUNCH_DISTANCE);
            let risk = if lands {
                0.0
            } else {
                self.exposure(i, p).min(boxes)
            };
            self.prospects(i, p, loaded, home) - caution * risk
        };
        let mut best = (me.pos, score(me.pos));
        for k in 0..DIRECTIONS {
            let dir = Vec2::from_bearing(k as f64 * 360.0 / DIRECTIONS as f64);
            for f in STEPS {
                let p = me.pos + dir * (reach * f);
                let p = Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width));
                if !self.s.terrain.is_empty() && terrain::surroundings(&self.s.terrain, p).solid {
                    continue;
                }
                let s = score(p);
                if s > best.1 {
                    best = (p, s);
                }
            }
        }
        // Home within reach: fly straight onto the carrier's point.
        if let Some(h) = home
            && !loaded
            && h.distance(me.pos) <= reach
        {
            return h;
        }
        best.0
    }
}
