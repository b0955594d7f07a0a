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
use super::super::player::Player;
use super::super::terrain;
use super::Battle;
use super::fighter_screen::screen_risk;

/// Directions tried around the fighter (every 22.5°).
const DIRECTIONS: usize = 16;
/// The directions, computed once (`Vec2::from_bearing`, so the same bits as per call).
static COMPASS: std::sync::LazyLock<[Vec2; DIRECTIONS]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|k| Vec2::from_bearing(k as f64 * 360.0 / DIRECTIONS as f64))
});
/// Fractions of the full move tried in each direction.
const STEPS: [f64; 3] = [1.0, 2.0 / 3.0, 1.0 / 3.0];
/// A loaded fighter with nothing to strike from any point closes on the nearest enemy's
/// predicted position: this many expected boxes per unit of distance still to go.
const APPROACH_WEIGHT: f32 = 0.1;
/// An empty fighter flies home: boxes per unit of distance from its carrier.
const HOMING_WEIGHT: f32 = 1.0;

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The enemy units and weapons that could reach any point fighter `i` may fly to this
    /// activation (within `reach` of it): the rest add nothing to [`Battle::exposure`] at any
    /// candidate point, so one pass here spares a pass per point. Ships in ascending order and
    /// weapons in design order, as the sum runs. With the side setting `fighter_screens`,
    /// enemy fighters whose PWS screen could reach a candidate point (`battle/fighter_screen.rs`)
    /// are marked too.
    fn threats(&self, i: usize, reach: f64) -> Threats {
        let m = self.m;
        let me = &self.s.ships[i];
        let pws_reach = m.rules.pws_exchange_distance;
        let screens = m.rules.pws_exchange && self.players[me.side.index()].weighs_screens();
        // A margin for rounding: pruning only ever drops terms that are exactly zero.
        let near = |t: Vec2, r: f64| t.distance(me.pos) <= r + reach + 1e-6;
        let mut out = Threats::NONE;
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side == me.side || !t.active() || !self.players[t.side.index()].fires() {
                continue;
            }
            if t.size > 0 && t.equipment.pws > 0 && near(t.pos, pws_reach) {
                out.pws |= 1 << j;
            }
            if screens
                && t.size == 0
                && self.players[t.side.index()].calls_pws_exchange()
                && self.pws_against(j, i) > 0
                && near(t.pos, self.screen_reach(j))
            {
                out.screens |= 1 << j;
                out.prey[j] = self.screen_prey(i, j);
            }
            if t.size == 0 && self.s.fighters.shots[j] == 0 {
                continue;
            }
            let td = usize::from(t.design);
            for w in 0..m.designs[td].weapons.len() {
                if !t.weapon_off(w) && near(t.pos, m.profiles[td][w].normal_range()) {
                    out.weapons[j] |= 1 << w;
                    out.ships |= 1 << j;
                }
            }
        }
        if out.screens != 0 {
            out.helpers = self.screen_helpers(i);
        }
        out
    }

    /// The other loaded fighters of fighter `i`'s side in flight (bit per unit): the ones that
    /// could answer a screen ([`Battle::screen_answer`]).
    fn screen_helpers(&self, i: usize) -> u64 {
        let m = self.m;
        let side = self.s.ships[i].side;
        let mut out = 0u64;
        for (k, f) in self.s.ships.iter().enumerate() {
            if k == i || f.size != 0 || f.side != side || !f.active() {
                continue;
            }
            let kd = usize::from(f.design);
            if !m.designs[kd].weapons.is_empty() && self.s.fighters.shots[k] > 0 && !f.weapon_off(0)
            {
                out |= 1 << k;
            }
        }
        out
    }

    /// Expected damage the enemy could deal to fighter `i` standing at `p` before the fighter
    /// activates again: every enemy unit's working weapons with `p` inside their (normal)
    /// Range and one of their arcs — fighters that are out of shots do not count — plus 3.5
    /// per PWS of an enemy ship within PWS-exchange distance, plus (`fighter_screens`) the
    /// exchange an enemy screening fighter could fly in to call ([`screen_risk`]). Ships
    /// attack before they move, so positions are taken as they stand. Only `threats` can
    /// contribute.
    fn exposure(&self, i: usize, p: Vec2, threats: &Threats) -> f32 {
        let m = self.m;
        let fd = usize::from(self.s.ships[i].design);
        let pws_reach = m.rules.pws_exchange_distance;
        let mut total = 0.0;
        let mut screens = threats.screens;
        while screens != 0 {
            let j = screens.trailing_zeros() as usize;
            screens &= screens - 1;
            let (distance, reach) = (p.distance(self.s.ships[j].pos), self.screen_reach(j));
            if distance > reach {
                continue;
            }
            let (theirs, mine) = (self.pws_against(j, i), self.pws_against(i, j));
            let answer = self.screen_answer(threats.helpers, j, p);
            let prey = threats.prey[j];
            total += screen_risk(theirs, mine, distance, reach, prey, answer);
        }
        let mut ships = threats.ships | threats.pws;
        while ships != 0 {
            let j = ships.trailing_zeros() as usize;
            ships &= ships - 1;
            let t = &self.s.ships[j];
            let td = usize::from(t.design);
            let d = p - t.pos;
            let dist2 = d.dot(d);
            if threats.pws & (1 << j) != 0 && dist2 <= pws_reach * pws_reach {
                total += 3.5 * f32::from(t.equipment.pws);
            }
            let (ahead, port) = (t.facing.dot(d), t.facing.cross(d));
            let mut weapons = threats.weapons[j];
            while weapons != 0 {
                let w = weapons.trailing_zeros() as usize;
                weapons &= weapons - 1;
                let reach = m.profiles[td][w].normal_range();
                if dist2 > reach * reach || !m.designs[td].weapons[w].arcs.covers_local(ahead, port)
                {
                    continue;
                }
                total += m.expected(td, w, fd, 0).max(0.0);
            }
        }
        total
    }

    /// How far enemy fighter `j`'s screen reaches: its move ("up to 7 Distance", 10 with
    /// Interceptor Boosters) plus the PWS-exchange distance.
    fn screen_reach(&self, j: usize) -> f64 {
        let d = usize::from(self.s.ships[j].design);
        let spec = self.m.designs[d].fighter.unwrap_or_default();
        spec.move_distance() + self.m.rules.pws_exchange_distance
    }

    /// The fighters enemy screen `j` could choose from when fighter `i` moves into its reach:
    /// `i` and the other fighters of `i`'s side in flight within its reach now.
    fn screen_prey(&self, i: usize, j: usize) -> u8 {
        let (me, screen) = (&self.s.ships[i], &self.s.ships[j]);
        let reach = self.screen_reach(j);
        let others = self.s.ships.iter().enumerate().filter(|&(k, f)| {
            k != i
                && f.size == 0
                && f.side == me.side
                && f.active()
                && f.pos.distance(screen.pos) <= reach
        });
        1 + others.count() as u8
    }

    /// What our side would answer a screen `j` ending its move beside point `p` with: the
    /// expected damage of the loaded fighters in `helpers` ([`Battle::screen_helpers`]) whose
    /// weapon's Range holds `p` (fighters fire all round), up to the screen's boxes left.
    fn screen_answer(&self, helpers: u64, j: usize, p: Vec2) -> f32 {
        let m = self.m;
        let screen = &self.s.ships[j];
        let jd = usize::from(screen.design);
        let mut answer = 0.0f32;
        let mut bits = helpers;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let f = &self.s.ships[k];
            let kd = usize::from(f.design);
            if f.pos.distance(p) <= m.profiles[kd][0].normal_range() {
                answer += m.expected(kd, 0, jd, 0).max(0.0);
            }
        }
        answer.min(screen.remaining() as f32)
    }

    /// The enemies a loaded fighter `i` could strike next activation: each one's predicted
    /// position (ahead along its heading by its Velocity) and the fighter's expected damage
    /// against it, in ship order.
    fn targets(&self, i: usize) -> Targets {
        let m = self.m;
        let me = &self.s.ships[i];
        let fd = usize::from(me.design);
        let mut out = Targets::NONE;
        for t in &self.s.ships {
            if t.side == me.side || !t.active() {
                continue;
            }
            let e = m.expected(fd, 0, usize::from(t.design), 0);
            if e <= 0.0 {
                continue;
            }
            out.at[out.n] = (t.pos + t.facing * f64::from(t.velocity), e);
            out.n += 1;
        }
        out
    }

    /// What standing at `p` is worth to fighter `i` for its next activation: loaded, the best
    /// expected damage of its weapon against an enemy whose predicted position lies within the
    /// weapon's Range, less `APPROACH_WEIGHT` per unit still to go to the nearest one; empty,
    /// minus `HOMING_WEIGHT` per unit from its carrier.
    fn prospects(&self, i: usize, p: Vec2, targets: Option<&Targets>, home: Option<Vec2>) -> f32 {
        let m = self.m;
        let fd = usize::from(self.s.ships[i].design);
        let Some(targets) = targets.map(Targets::all) else {
            return home.map_or(0.0, |h| -HOMING_WEIGHT * p.distance(h) as f32);
        };
        let reach = m.profiles[fd][0].normal_range();
        let mut best = 0.0f32;
        let mut gap = f64::INFINITY;
        for &(q, e) in targets {
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
        let caution = self.players[me.side.index()].fighter_caution();
        // Damage past the fighter's last box is not lost twice.
        let boxes = me.remaining() as f32;
        // Per activation, not per candidate point: who can reach the fighter, whom it can reach.
        let threats = self.threats(i, reach);
        let targets = loaded.then(|| self.targets(i));
        let score = |p: Vec2| {
            let lands = !loaded && home.is_some_and(|h| p.distance(h) <= LAUNCH_DISTANCE);
            let risk = if lands {
                0.0
            } else {
                self.exposure(i, p, &threats).min(boxes)
            };
            self.prospects(i, p, targets.as_ref(), home) - caution * risk
        };
        // Solid terrain can hold a candidate point only if a Solid piece lies within reach.
        let solid_near = self.s.terrain.iter().any(|t| {
            t.zones().iter().any(|z| z.attrs.solid)
                && t.centre.distance(me.pos) <= reach + t.reach_squared().sqrt() + 1e-6
        });
        let mut best = (me.pos, score(me.pos));
        for dir in *COMPASS {
            for f in STEPS {
                let p = me.pos + dir * (reach * f);
                let p = Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width));
                if solid_near && terrain::surroundings(&self.s.terrain, p).solid {
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

/// The enemy weapons (bit per weapon, per ship), PWS ships and screening fighters (bit per
/// unit) that can reach a fighter's candidate points this activation; fixed size, so it lives
/// on the stack.
#[derive(Clone, Copy)]
struct Threats {
    ships: u64,
    pws: u64,
    screens: u64,
    /// Our other loaded fighters in flight, which could answer a screen.
    helpers: u64,
    /// Per screening fighter: how many of our fighters it could choose from.
    prey: [u8; 64],
    weapons: [u16; 64],
}

impl Threats {
    const NONE: Threats = Threats {
        ships: 0,
        pws: 0,
        screens: 0,
        helpers: 0,
        prey: [0; 64],
        weapons: [0; 64],
    };
}

/// A loaded fighter's possible targets: predicted position and expected damage (`n` in use).
#[derive(Clone, Copy)]
struct Targets {
    at: [(Vec2, f32); 64],
    n: usize,
}

impl Targets {
    const NONE: Targets = Targets {
        at: [(Vec2 { x: 0.0, y: 0.0 }, 0.0); 64],
        n: 0,
    };

    /// The targets in use.
    #[inline]
    fn all(&self) -> &[(Vec2, f32)] {
        &self.at[..self.n]
    }
}
