//! The Maneuver Phase: ship burns and moves ("Ship Maneuver"), guided-weapon maneuver after
//! the ships ("Guided Weapon Maneuver") and the threat-zone bookkeeping ("Threat Zones").
//! Tactical jumps are in `jumps.rs`; retreat jumps are in the crew phase.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::dodge_plan::{self, Incoming};
use super::super::engage_plan::{self, Threat};
use super::super::hex::{self, DIRECTIONS, Hex};
use super::super::house_rules::ThreatZones;
use super::super::launch_plan::{self, KineticLauncher};
use super::super::mark_dodge::MarkPrice;
use super::super::outpaced;
use super::super::parts::{GwSize, Payload, Propulsion};
use super::super::payloads;
use super::super::policy::{self, Burn, Dodge};
use super::super::range_watch;
use super::super::ship::MAX_SHIPS;
use super::super::ship::Status;
use super::Battle;
use super::ties;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    pub(crate) fn maneuver_phase(&mut self) {
        self.ship_maneuver();
        self.jump_arrivals();
        self.threat_zones();
        self.guided_maneuver();
        self.area_denial_hits();
    }

    /// "Stuff To Do: Ship Maneuver" (seed 004 §Maneuver Phase): every ship decides its burn
    /// (or its tactical jump, B2) from the same snapshot of the battle — the phase's opening
    /// positions and vectors — and then all ships move together ("Move all ships to the
    /// current location of their future position indicator"; orders within a phase are
    /// simultaneous, Stage 2). A ship that jumps out leaves play with everyone's move, so no
    /// ship plans against another's new position or absence.
    ///
    /// The burn keeps the policy's distance to the nearest enemy: no burn or every straight
    /// burn of 1..=acceleration hexes (1 delta-v per hex), scored on the distance after this
    /// move and the next coast ([`best_burn`]).
    fn ship_maneuver(&mut self) {
        self.release_burn_reserves();
        let n = self.st.ships.len();
        let mut burns = [Hex::default(); MAX_SHIPS];
        // Ships that jumped out this phase (bit i), and ships that move (bit i).
        let (mut jumped, mut moves) = (0u32, 0u32);
        for (i, planned) in burns.iter_mut().enumerate().take(n) {
            let status = self.st.ships[i].status;
            if !matches!(
                status,
                Status::Active | Status::Retreating | Status::Surrendered
            ) {
                continue;
            }
            if let Some(b) = self.plan_burn(i) {
                *planned = b;
                moves |= 1 << i;
            } else {
                // It jumped out: it stays in play for the rest of the planning.
                self.st.ships[i].status = status;
                jumped |= 1 << i;
            }
        }
        for (i, &burn) in burns.iter().enumerate().take(n) {
            let s = &mut self.st.ships[i];
            s.prev_pos = s.pos;
            if jumped & 1 << i != 0 {
                s.status = Status::Jumping;
                continue;
            }
            if moves & 1 << i == 0 {
                continue;
            }
            s.vel = s.vel.add(burn);
            s.delta_v = (s.delta_v - f64::from(burn.length()) * s.delta_v_per_hex()).max(0.0);
            if self.m.electric && !burn.is_zero() {
                // J70: the hexes beyond the free thrust are paid in energy.
                let (free, per_hex) = s.burn_energy(self.m.design(s));
                s.energy -= f64::from((burn.length() - free).max(0)) * per_hex;
            }
            s.pos = s.pos.add(s.vel);
            if !burn.is_zero() {
                trace!(
                    self.obs,
                    "  {} burns ({},{}) → vector ({},{}), now at ({},{}), delta-v {:.0}",
                    self.m.names[i],
                    burn.q,
                    burn.r,
                    s.vel.q,
                    s.vel.r,
                    s.pos.q,
                    s.pos.r,
                    s.delta_v
                );
            }
        }
    }

    /// Ship `i`'s maneuver order from the current (unmoved) battle: its burn, or `None` when
    /// it jumps out (its status is then `Jumping`; the caller restores it until everyone has
    /// planned). Ties between equally good burns go to the battle's dice.
    fn plan_burn(&mut self, i: usize) -> Option<Hex> {
        let m = self.m;
        let s = &self.st.ships[i];
        let d = m.design(s);
        let can_burn =
            s.status == Status::Active && s.commanded(d) && !s.move_paralysed(self.st.turn);
        let charging = can_burn && self.jump_decision(i);
        if self.st.ships[i].status == Status::Jumping {
            return None;
        }
        // Objectives: the delivery ship steers for its delivery point; the VIP holds.
        let goal = m
            .objective
            .and_then(|o| o.goal(i).or_else(|| self.area_goal(i)));
        let holds = m.objective.is_some_and(|o| o.holds(i));
        let aim = match goal {
            Some(g) => Some((0, g, Hex::default())),
            None => self.kept(i).zip(self.move_reference(i)).map(|(keep, t)| {
                let o = &self.st.ships[t];
                (self.outpaced_keep(i, t, keep), o.pos, o.vel)
            }),
        };
        let (false, true, false, Some((keep, o_pos, o_vel))) = (charging, can_burn, holds, aim)
        else {
            return Some(Hex::default());
        };
        // The jump decision above changes only the jump charge and energy.
        let s = &self.st.ships[i];
        let mut max = s
            .acceleration(d)
            .min((s.delta_v / s.delta_v_per_hex() + 1e-9).floor() as i32);
        if m.electric {
            // J70: electric hexes only as far as the energy left pays for them.
            let (free, per_hex) = s.burn_energy(d);
            if per_hex > 0.0 {
                max = max.min(free + (s.energy.max(0.0) / per_hex + 1e-9).floor() as i32);
            }
        }
        // J24: the relative-velocity term only while closing in from beyond the kept
        // distance (an overshoot to correct); a ship inside it (a `pd-screen` backing off
        // from faster brawlers) scores as `coast`.
        let lookahead =
            m.policies[s.side.index()].burn == Burn::Lookahead && s.pos.distance(o_pos) > keep;
        let (pos, vel) = (s.pos, s.vel);
        let side = s.side;
        let guard = m.policies[side.index()].kinetic_guard_ap;
        // Issue 17: the Area Denial marks on the map, priced by the side's `mark_weight`.
        let weight = m.policies[side.index()].mark_weight;
        let price = if weight == 0 {
            MarkPrice::NONE
        } else {
            MarkPrice {
                marks: &self.st.marks,
                per_ap: f64::from(weight) / 100.0,
            }
        };
        let dice = &mut *self.dice;
        let (burn, _) = best_burn(pos, vel, o_pos, o_vel, keep, max, lookahead, price, |t| {
            dice.below(t) == 0
        });
        if guard == 0 {
            return Some(burn);
        }
        let mut launchers = [NO_LAUNCHER; MAX_SHIPS];
        let n = self.kinetic_launchers(i, &mut launchers);
        if n == 0 {
            return Some(burn);
        }
        let aim = Aim {
            pos,
            vel,
            o_pos,
            o_vel,
            keep,
            max,
            look: lookahead,
            retreat: m.policies[side.index()].kinetic_guard_retreat,
            price,
        };
        let dice = &mut *self.dice;
        Some(guarded_burn(aim, &launchers[..n], guard, burn, |t| {
            dice.below(t) == 0
        }))
    }

    /// The distance ship `i` keeps from enemy ship `t` it steers by: `keep`, or with its
    /// policy's `hold_when_outpaced` the distance it has when it is beyond `keep` and `t`
    /// out-accelerates it ([`outpaced::kept_when_outpaced`]; read only when set).
    fn outpaced_keep(&self, i: usize, t: usize, keep: i32) -> i32 {
        let s = &self.st.ships[i];
        if !self.m.policies[s.side.index()].hold_when_outpaced {
            return keep;
        }
        let o = &self.st.ships[t];
        outpaced::kept_when_outpaced(
            keep,
            s.pos.distance(o.pos),
            s.acceleration(self.m.design(s)),
            o.acceleration(self.m.design(o)),
        )
    }

    /// The enemy ships in play whose next launch (their first loaded attacking magazine
    /// entry, as `launch_slot` picks it) is a kinetic-formula salvo, as ship `i`'s player
    /// sees them: each at its marker (coasting), written into `out`; returns how many. With
    /// the policy's `kinetic_guard_closing`, only those that hold their range against ship
    /// `i` ([`range_watch::holds_its_range`]: the enemy's hex before its last move, its hex
    /// and its marker, measured from ship `i`'s hex).
    fn kinetic_launchers(&self, i: usize, out: &mut [KineticLauncher; MAX_SHIPS]) -> usize {
        let m = self.m;
        let me = &self.st.ships[i];
        let side = me.side;
        let p = &m.policies[side.index()];
        let watch = p
            .kinetic_guard_closing
            .map(|max_closing| range_watch::Reading {
                max_closing,
                from_turn: p.kinetic_guard_from,
                beyond: p.kinetic_guard_beyond,
            });
        let turn = self.st.turn;
        let mut n = 0;
        for (j, e) in self.st.ships.iter().enumerate() {
            if e.side == side || !e.status.in_play() {
                continue;
            }
            if let Some(r) = watch {
                let (was, now) = (me.pos.distance(e.prev_pos), me.pos.distance(e.pos));
                let next = me.pos.distance(e.pos.add(e.vel));
                if !range_watch::holds_its_range(was, now, next, turn, r) {
                    continue;
                }
            }
            let Some(slot) = self.launch_slot(j) else {
                continue;
            };
            let gd = &m.catalogue.guided[m.design(e).magazine[slot].0];
            if payloads::kinetic(gd.payload) {
                out[n] = KineticLauncher {
                    pos: e.pos.add(e.vel),
                    vel: e.vel,
                    propulsion: gd.propulsion,
                    payload: gd.payload,
                    size: gd.size,
                };
                n += 1;
            }
        }
        n
    }

    /// The distance ship `i` keeps to the nearest enemy this turn (`None`: it never burns):
    /// its policy's, or its stand-off distance while enemy salvos its policy dodges are in
    /// flight at it or the enemy still carries the missiles its policy keeps out of reach of
    /// ([`engage_plan::keep_distance`]). Read from the phase's opening snapshot.
    pub(super) fn kept(&self, i: usize) -> Option<i32> {
        let m = self.m;
        let keep = m.keep[i]?;
        let Some(run_to) = m.run_to[i] else {
            return Some(keep);
        };
        let side = self.st.ships[i].side;
        let p = &m.policies[side.index()];
        let mut threat = Threat::default();
        // Each reading is taken only where `engage_plan::keep_distance` reads it (lazy, same
        // choice): the moves (`coming`) only when the speed limit would otherwise brake, the
        // late-game measures only while the own side's launchers are spent.
        let turn = self.st.turn;
        if p.stand_off_magazine > 0 && turn <= p.stand_off_turns {
            threat.enemy_loaded = self.enemy_loaded(side);
            threat.closing = self.closing(i);
            if p.stand_off_reads
                && threat.enemy_loaded >= p.stand_off_magazine
                && threat.closing > p.stand_off_closing as i32
            {
                threat.coming = self.enemy_coming(i);
            }
        }
        let holds = p.hold_from > 0 && turn >= p.hold_from && turn <= p.stand_off_turns;
        let late = p.late_stand_off_from > 0 && turn >= p.late_stand_off_from;
        if holds && p.stand_off_magazine == 0 {
            threat.enemy_loaded = self.enemy_loaded(side);
            threat.closing = self.closing(i);
        }
        if holds || late {
            threat.distance = self.enemy_distance(i);
            threat.behind = self.ahead(side.other());
        }
        threat.turn = turn;
        if p.hold_lead {
            threat.ahead = self.ahead(side);
        }
        if late {
            self.read_late(i, &mut threat);
        }
        if !engage_plan::stands_off(run_to, p, threat) {
            // Only then does `keep_distance` read the salvos in flight.
            threat.incoming = self.incoming(i);
        }
        Some(engage_plan::keep_distance(keep, Some(run_to), p, threat))
    }

    /// The enemy salvos in flight at ship `i` that its policy's `dodge` runs from
    /// ([`dodge_plan::runs_from`]: with `dodge = "read"`, a salvo of blasts only when the ship
    /// that launched it holds its range), counted only as far as
    /// [`dodge_plan::kept_distance`] reads them — whether any flies (a kinetic one, for
    /// `dodge = "kinetic"`): the first one found decides. Ships that never dodge read none.
    fn incoming(&self, i: usize) -> Incoming {
        let m = self.m;
        let side = self.st.ships[i].side;
        let dodge = m.policies[side.index()].dodge;
        let mut incoming = Incoming::default();
        if dodge == Dodge::None {
            return incoming;
        }
        for w in self.st.gws.iter() {
            if w.drone || w.side == side || usize::from(w.target) != i {
                continue;
            }
            if payloads::kinetic(m.catalogue.guided[usize::from(w.guided)].payload) {
                incoming.kinetic += 1;
                return incoming;
            }
            if dodge == Dodge::Kinetic {
                continue;
            }
            if dodge != Dodge::Read
                || dodge_plan::runs_from(dodge, false, self.holds_its_range(i, w.owner))
            {
                incoming.other += 1;
                return incoming;
            }
        }
        incoming
    }

    /// What the late stand-off ([`engage_plan::late_stand_off`]) reads for ship `i` besides
    /// the nearest enemy's distance and the game-end measure (J6), which [`Self::kept`] reads:
    /// its own side's loaded launchers and — only while they are spent, the one case the late
    /// stand-off reads them — the ships in play a side and how whole each side's ships in
    /// play are (integrity left as a share of theirs at the start).
    fn read_late(&self, i: usize, threat: &mut Threat) {
        let side = self.st.ships[i].side;
        threat.own_loaded = self.enemy_loaded(side.other());
        if threat.own_loaded != 0 {
            return;
        }
        let (mut ships, mut left, mut full) = ([0u32; 2], [0f64; 2], [0f64; 2]);
        for s in self.st.ships.iter() {
            let k = usize::from(s.side != side);
            if s.status.in_play() {
                ships[k] += 1;
                full[k] += self.m.design(s).integrity;
                left[k] += s.integrity.max(0.0);
            }
        }
        threat.ships = ships;
        let frac = |k: usize| left[k] / full[k].max(1e-9) * 100.0;
        threat.integrity_lead = (frac(0) - frac(1)).floor() as i32;
    }

    /// Whether some enemy ship in play comes at ship `i`: does not hold its range as ship
    /// `i`'s player reads its moves ([`Self::holds_its_range`]; `stand_off_reads`).
    fn enemy_coming(&self, i: usize) -> bool {
        let side = self.st.ships[i].side;
        (0..self.st.ships.len()).any(|j| {
            let e = &self.st.ships[j];
            e.side != side && e.status.in_play() && !self.holds_its_range(i, j as u8)
        })
    }

    /// Whether enemy ship `j` holds its range against ship `i`, as ship `i`'s player reads
    /// its moves ([`range_watch::holds_its_range`]: its hex before its last move, its hex and
    /// its marker, measured from ship `i`'s hex) with its policy's reading
    /// (`kinetic_guard_closing`, `kinetic_guard_from`, `kinetic_guard_beyond`; without one,
    /// `brawler-v7`'s, [`policy::V7_READING`]).
    fn holds_its_range(&self, i: usize, j: u8) -> bool {
        let me = &self.st.ships[i];
        let e = &self.st.ships[usize::from(j)];
        let p = &self.m.policies[me.side.index()];
        let r = match p.kinetic_guard_closing {
            Some(max_closing) => range_watch::Reading {
                max_closing,
                from_turn: p.kinetic_guard_from,
                beyond: p.kinetic_guard_beyond,
            },
            None => policy::V7_READING,
        };
        let (was, now) = (me.pos.distance(e.prev_pos), me.pos.distance(e.pos));
        let next = me.pos.distance(e.pos.add(e.vel));
        range_watch::holds_its_range(was, now, next, self.st.turn, r)
    }

    /// Whether `side` would win if the battle ended now: J6's measure, each fleet's fraction
    /// of value still in play, ahead by more than the draw margin (`battle::finish`).
    fn ahead(&self, side: crate::outcome::Side) -> bool {
        let (mut value, mut total) = ([0u64; 2], [0u64; 2]);
        for s in self.st.ships.iter() {
            let k = usize::from(s.side != side);
            total[k] += u64::from(s.points);
            if s.status.in_battle() {
                value[k] += u64::from(s.points);
            }
        }
        let frac = |k: usize| value[k] as f64 / total[k].max(1) as f64 * 100.0;
        frac(0) - frac(1) > f64::from(self.m.rules.draw_margin_percent)
    }

    /// The fastest ship `i` closes on any enemy ship in play if both coast one turn: the
    /// distance now less the distance after the coast (the largest over the enemies, so no
    /// tie between equally near enemies needs breaking).
    fn closing(&self, i: usize) -> i32 {
        let s = &self.st.ships[i];
        let mut fastest = i32::MIN;
        for o in self.st.ships.iter() {
            if o.side == s.side || !o.status.in_play() {
                continue;
            }
            let now = s.pos.distance(o.pos);
            let next = s.pos.add(s.vel).distance(o.pos.add(o.vel));
            fastest = fastest.max(now - next);
        }
        fastest
    }

    /// Hexes from ship `i` to the nearest enemy ship in play (`i32::MAX`: none).
    fn enemy_distance(&self, i: usize) -> i32 {
        let s = &self.st.ships[i];
        self.st
            .ships
            .iter()
            .filter(|o| o.side != s.side && o.status.in_play())
            .map(|o| s.pos.distance(o.pos))
            .min()
            .unwrap_or(i32::MAX)
    }

    /// Attacking guided weapons (contact and stand-off payloads) still loaded in the
    /// magazines of the ships in play that are not on `side`.
    fn enemy_loaded(&self, side: crate::outcome::Side) -> u32 {
        let m = self.m;
        let mut loaded = 0;
        for s in self.st.ships.iter() {
            if s.side == side || !s.status.in_play() {
                continue;
            }
            for (k, &(g, _)) in m.design(s).magazine.iter().enumerate() {
                let attacks = matches!(
                    payloads::attack(m.catalogue.guided[g].payload),
                    Some(payloads::Attack::Contact | payloads::Attack::DirectFire { .. })
                );
                if attacks {
                    loaded += s.magazine[k];
                }
            }
        }
        loaded
    }

    /// Closest approach of every pair of enemy ships during this phase (G14); surrendered
    /// ships too, since a policy may fire on them (J40).
    fn threat_zones(&mut self) {
        let n = self.st.ships.len();
        let exact = self.m.rules.threat_zones == ThreatZones::ClosestApproach;
        let tracked = |s: Status| s.in_play() || s == Status::Surrendered;
        for a in 0..n {
            for b in a + 1..n {
                let (x, y) = (&self.st.ships[a], &self.st.ships[b]);
                if x.side == y.side || !tracked(x.status) || !tracked(y.status) {
                    continue;
                }
                let d = if exact {
                    hex::closest_approach(x.prev_pos, x.pos, y.prev_pos, y.pos)
                } else {
                    f64::from(x.pos.distance(y.pos))
                };
                self.st.approach[a * n + b] = d;
                self.st.approach[b * n + a] = d;
            }
        }
    }

    /// Guided weapons steer for their target's hex (where it will be in the next firing
    /// phase), limited by acceleration and delta-v; a solid motor burns in one turn only.
    pub(super) fn guided_maneuver(&mut self) {
        let m = self.m;
        let mut g = 0;
        while g < self.st.gws.len() {
            let mut w = self.st.gws[g];
            if w.drone {
                if self.drone_maneuver(g) {
                    g += 1;
                } else {
                    self.st.gws.remove(g);
                }
                continue;
            }
            if !self.st.ships[usize::from(w.target)].status.in_play() {
                // A Mass Driver launch is committed to its target.
                if w.committed {
                    self.st.gws.remove(g);
                    continue;
                }
                // Retarget the nearest enemy in play, if any (equally near: the dice).
                let ships = &self.st.ships;
                let enemies = (0..ships.len())
                    .filter(|&j| ships[j].side != w.side && ships[j].status.in_play());
                let best = ties::least(&mut *self.dice, enemies, |j| ships[j].pos.distance(w.pos));
                match best {
                    Some(j) => w.target = j as u8,
                    None => {
                        self.st.gws.remove(g);
                        continue;
                    }
                }
            }
            let target = self.st.ships[usize::from(w.target)].pos;
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            w.steer_toward(target, gd.propulsion);
            w.contact = hex::passes_through(w.prev_pos, w.pos, target);
            // A salvo out of delta-v and not on its target is lost in space (J9); a stand-off
            // payload only once its target is beyond its longest range.
            if !w.contact
                && w.pos != target
                && (w.burned || w.delta_v == 0)
                && !self.in_standoff_reach(&w)
            {
                self.st.gws.remove(g);
                continue;
            }
            self.st.gws[g] = w;
            g += 1;
        }
    }

    /// Whether a stand-off salvo's target is still within its longest range (by the closest
    /// approach of this phase's moves); always false for contact payloads.
    #[cold]
    fn in_standoff_reach(&self, w: &super::GwGroup) -> bool {
        if !w.standoff {
            return false;
        }
        let gd = &self.m.catalogue.guided[usize::from(w.guided)];
        let t = &self.st.ships[usize::from(w.target)];
        // A Missile Rack reaches as far as its load can fly (J33).
        let reach = match gd.load {
            Some(l) => f64::from(self.m.catalogue.guided[l].propulsion.delta_v()),
            None => payloads::ranges(gd.payload, gd.size, self.m.design(t).volume)[2],
        };
        hex::closest_approach(w.prev_pos, w.pos, t.prev_pos, t.pos) <= reach
    }
}

/// The keep-distance burn: no burn or a straight burn of 1..=`max` hexes along one of the six
/// directions, whichever scores lowest. Score: distance error to the enemy's marker after
/// this move plus half of it after the next coast, plus 0.01 per hex of burn (and the
/// lookahead term, and `price` on the Area Denial marks the move runs into —
/// [`MarkPrice`], 0 for the old scripts); with the number of equally good burns. Equally good burns are a real tie: the `t`-th one found (`t` ≥ 2) replaces
/// the choice when `take(t)` says so — the battle's dice with odds 1/`t`, so every tied burn
/// is equally likely and no direction is favoured by its place in [`DIRECTIONS`] (a mirrored
/// fleet sees the mirrored directions: fair seats).
///
/// Exact pruning, so the candidates found are the ones of scoring every candidate: hex
/// distance is a norm, so along one direction the distance after `k` hexes of burn is convex
/// in `k` with steps of −1, 0 or +1 (−2..=2 for the coast after it). Once both distances are
/// at or beyond `keep` and no longer shrinking, every longer burn in that direction scores at
/// least this one's errors (+ 1 if the first distance grew) + 0.01 × (k + 1) (the lookahead
/// term and the marks' price only add; rounding is monotone), so the direction stops when that floor is above
/// the best score; it also stops once 0.01 × k alone is.
#[allow(clippy::too_many_arguments)]
fn best_burn(
    pos: Hex,
    vel: Hex,
    o_pos: Hex,
    o_vel: Hex,
    keep: i32,
    max: i32,
    look: bool,
    price: MarkPrice,
    mut take: impl FnMut(u32) -> bool,
) -> (Hex, u32) {
    // Separations from the enemy's marker after this move (`a`) and after the next coast
    // (`b`), for no burn; a burn of `k` along `dir` adds k·dir and 2k·dir.
    let a0 = pos.add(vel).sub(o_pos.add(o_vel));
    let b0 = pos.add(vel.scale(2)).sub(o_pos.add(o_vel.scale(2)));
    let score = |a: Hex, b: Hex, v: Hex, k: i32| {
        let e1 = f64::from((a.length() - keep).abs());
        let e2 = f64::from((b.length() - keep).abs());
        let base = e1 + 0.5 * e2 + 0.01 * f64::from(k);
        let base = if price.active() {
            base + price.of(pos, pos.add(v))
        } else {
            base
        };
        if look {
            base + velocity_penalty(a, v.sub(o_vel), keep)
        } else {
            base
        }
    };
    let mut burn = Hex::default();
    let mut best = score(a0, b0, vel, 0);
    let mut ties = 1;
    let (d1_0, d2_0) = (a0.length(), b0.length());
    for dir in DIRECTIONS {
        let (mut a, mut b, mut v) = (a0, b0, vel);
        let (mut d1, mut d2) = (d1_0, d2_0);
        for k in 1..=max {
            if 0.01 * f64::from(k) > best {
                break;
            }
            (a, b, v) = (a.add(dir), b.add(dir.scale(2)), v.add(dir));
            let sc = score(a, b, v, k);
            if sc < best {
                (best, burn, ties) = (sc, dir.scale(k), 1);
            } else if sc == best {
                ties += 1;
                if take(ties) {
                    burn = dir.scale(k);
                }
            }
            // Beyond `keep` and not closing: both errors can only grow from here (by at
            // least 1 hex each burn once the first distance grows), and the burn term grows.
            let (n1, n2) = (a.length(), b.length());
            if n1 >= d1 && n1 >= keep && n2 >= d2 && n2 >= keep {
                let e1 = n1 - keep + i32::from(n1 > d1);
                let floor = f64::from(e1) + 0.5 * f64::from(n2 - keep) + 0.01 * f64::from(k + 1);
                if floor > best {
                    break;
                }
            }
            (d1, d2) = (n1, n2);
        }
    }
    (burn, ties)
}

/// A placeholder for unused slots of the launcher buffer.
const NO_LAUNCHER: KineticLauncher = KineticLauncher {
    pos: Hex { q: 0, r: 0 },
    vel: Hex { q: 0, r: 0 },
    propulsion: Propulsion::NuclearThermal,
    payload: Payload::Kinetic,
    size: GwSize::Light,
};

/// What a keep-distance burn aims at: the ship's hex and vector, the enemy's, the distance
/// kept, the longest burn and the burn model (as [`best_burn`] takes them); and whether the
/// kinetic guard may back off (`kinetic_guard_retreat`).
#[derive(Clone, Copy, Debug)]
struct Aim<'a> {
    pos: Hex,
    vel: Hex,
    o_pos: Hex,
    o_vel: Hex,
    keep: i32,
    max: i32,
    look: bool,
    retreat: bool,
    /// The Area Denial marks' price ([`best_burn`]).
    price: MarkPrice<'a>,
}

/// `brawler-v6`'s burn (issue 17, fifth pass): the keep-distance burn `planned` unless the
/// ship would end its move where an enemy's next kinetic launch is worth making
/// ([`launch_plan::invites_kinetic_launch`] at `guard_ap`); then the best-scoring burn (the
/// keep-distance score of [`best_burn`]) among those that do not invite it — and, unless
/// `aim.retreat`, that do not end farther from the enemy's marker than the ship is from the
/// enemy now (it holds or edges in; it does not run) — equally good ones chosen by the dice
/// (`take`, as in [`best_burn`]); `planned` when every such burn invites it (the launch
/// cannot be denied: the ship closes, and dodges the salvo once it flies).
///
/// Text: seed 004 Appendix 1 "Kinetic" (Attack Power = relative velocity squared, heavy ×8).
/// A missile boat that holds its kinetics for a fast hit (`kinetic_min_ap`) fires when the
/// battle line flies into the band where the salvo would strike hard (4–14 hexes for a heavy
/// kinetic at rest); a player who has seen it hold stays out of that band — at 15–17 hexes a
/// nuclear-thermal salvo arrives on its second turn with only the last gap, point-blank with
/// the little gap left — and crosses it where the predicted hit stays small.
fn guarded_burn(
    aim: Aim,
    launchers: &[KineticLauncher],
    guard_ap: u32,
    planned: Hex,
    mut take: impl FnMut(u32) -> bool,
) -> Hex {
    let invites = |b: Hex| {
        let v = aim.vel.add(b);
        launch_plan::invites_kinetic_launch(launchers, aim.pos.add(v), v, guard_ap)
    };
    if !invites(planned) {
        return planned;
    }
    let (o1, o2) = (aim.o_pos.add(aim.o_vel), aim.o_pos.add(aim.o_vel.scale(2)));
    let score = |b: Hex, k: i32| {
        let v = aim.vel.add(b);
        let p1 = aim.pos.add(v);
        let e1 = f64::from((p1.distance(o1) - aim.keep).abs());
        let e2 = f64::from((p1.add(v).distance(o2) - aim.keep).abs());
        let base = e1 + 0.5 * e2 + 0.01 * f64::from(k);
        let base = if aim.price.active() {
            base + aim.price.of(aim.pos, p1)
        } else {
            base
        };
        if aim.look {
            base + velocity_penalty(p1.sub(o1), v.sub(aim.o_vel), aim.keep)
        } else {
            base
        }
    };
    let now = aim.pos.distance(aim.o_pos);
    let runs = |b: Hex| aim.pos.add(aim.vel).add(b).distance(o1) > now;
    let (mut best, mut chosen, mut ties) = (f64::INFINITY, planned, 0);
    let mut consider = |b: Hex, k: i32| {
        let sc = score(b, k);
        // `planned` is known to invite the launch (checked above): not read again.
        if sc > best || (!aim.retreat && runs(b)) || b == planned || invites(b) {
            return;
        }
        if sc < best {
            (best, chosen, ties) = (sc, b, 1);
        } else {
            ties += 1;
            if take(ties) {
                chosen = b;
            }
        }
    };
    consider(Hex::default(), 0);
    for dir in DIRECTIONS {
        for k in 1..=aim.max {
            consider(dir.scale(k), k);
        }
    }
    chosen
}

/// The `lookahead` burn's relative-velocity term (J24): the distance error one more coasting
/// turn of the relative motion later (`rel` = own − enemy position after this move, `w` =
/// own − enemy vector), weighted 0.25, so a ship arriving at its kept distance too fast (it
/// would overshoot) pays for it now. Used only from beyond the kept distance: applied to a
/// `pd-screen` backing off inside it, it cost 71.5% → 54.8% wins in `showcase.toml`'s second
/// matchup. (A further penalty for closing faster than the acceleration can cancel was tried:
/// the `pd-screen` preset then lost every battle of that matchup.)
fn velocity_penalty(rel: Hex, w: Hex, keep: i32) -> f64 {
    0.25 * f64::from((rel.add(w.scale(2)).length() - keep).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The burn search as first written: every candidate scored, no pruning; the first and
    /// the last of the equally good burns, and how many there are.
    fn every_burn(
        pos: Hex,
        vel: Hex,
        o_pos: Hex,
        o_vel: Hex,
        keep: i32,
        max: i32,
        look: bool,
    ) -> (Hex, Hex, u32) {
        let (o1, o2) = (o_pos.add(o_vel), o_pos.add(o_vel.scale(2)));
        let score = |b: Hex| {
            let v = vel.add(b);
            let p1 = pos.add(v);
            let p2 = p1.add(v);
            let e1 = f64::from((p1.distance(o1) - keep).abs());
            let e2 = f64::from((p2.distance(o2) - keep).abs());
            let base = e1 + 0.5 * e2 + 0.01 * f64::from(b.length());
            if look {
                base + velocity_penalty(p1.sub(o1), v.sub(o_vel), keep)
            } else {
                base
            }
        };
        let (mut first, mut last) = (Hex::default(), Hex::default());
        let mut best = score(first);
        let mut ties = 1;
        for dir in DIRECTIONS {
            for k in 1..=max {
                let b = dir.scale(k);
                let sc = score(b);
                if sc < best {
                    (best, first, last, ties) = (sc, b, b, 1);
                } else if sc == best {
                    (last, ties) = (b, ties + 1);
                }
            }
        }
        (first, last, ties)
    }

    /// The pruned search's first and last tied burns and its tie count.
    fn pruned(
        p: Hex,
        v: Hex,
        o: Hex,
        o_vel: Hex,
        keep: i32,
        max: i32,
        look: bool,
    ) -> (Hex, Hex, u32) {
        let (first, ties) = best_burn(p, v, o, o_vel, keep, max, look, MarkPrice::NONE, |_| false);
        let (last, _) = best_burn(p, v, o, o_vel, keep, max, look, MarkPrice::NONE, |_| true);
        (first, last, ties)
    }

    /// The strike group's destroyer, 8 light kinetics loaded (its next launch), at rest at
    /// the origin: a `-v2` preset holds them until the hit is worth 100 AP (10 hexes/turn).
    const LIGHT_AT_ORIGIN: KineticLauncher = KineticLauncher {
        pos: Hex { q: 0, r: 0 },
        vel: Hex { q: 0, r: 0 },
        propulsion: Propulsion::NuclearThermal,
        payload: Payload::Kinetic,
        size: GwSize::Light,
    };

    /// `brawler-v5`'s burn and the guarded burn at `guard` AP for a ship at `pos` on `vel`
    /// closing to 3 hexes on the launcher's ship (burns of up to `max` hexes), and whether
    /// each invites the launch at that guard.
    fn v5_and_v6(
        pos: Hex,
        vel: Hex,
        l: KineticLauncher,
        max: i32,
        guard: u32,
    ) -> (Hex, Hex, bool, bool) {
        guarded(pos, vel, l, max, guard, false)
    }

    /// [`v5_and_v6`] with the guard's `retreat` setting.
    fn guarded(
        pos: Hex,
        vel: Hex,
        l: KineticLauncher,
        max: i32,
        guard: u32,
        retreat: bool,
    ) -> (Hex, Hex, bool, bool) {
        let aim = Aim {
            pos,
            vel,
            o_pos: l.pos,
            o_vel: l.vel,
            keep: 3,
            max,
            look: false,
            retreat,
            price: MarkPrice::NONE,
        };
        let (v5, _) = best_burn(
            pos,
            vel,
            l.pos,
            l.vel,
            3,
            max,
            false,
            MarkPrice::NONE,
            |_| false,
        );
        let v6 = guarded_burn(aim, &[l], guard, v5, |_| false);
        let invites = |b: Hex| {
            let v = vel.add(b);
            launch_plan::invites_kinetic_launch(&[l], pos.add(v), v, guard)
        };
        (v5, v6, invites(v5), invites(v6))
    }

    /// `brawler-v6`'s guard.
    const V6: u32 = crate::rules::junction::policy::V6_KINETIC_GUARD_AP;

    /// 16 hexes out, at rest: `brawler-v5` burns 3 straight in and ends at 13 hexes closing
    /// at 3 — the destroyer's held kinetic would strike at 13 hexes/turn (169 AP), so it
    /// launches. `brawler-v6` does not fly into that: coasting it stays at 16, where a
    /// nuclear-thermal salvo arrives on its second turn at 2 hexes/turn (4 AP; held), and
    /// every burn inwards ends in the band (at 15 closing at 1 it is struck at 15).
    #[test]
    fn brawler_v6_stays_out_of_the_kinetic_band() {
        for guard in [V6, 100] {
            let (v5, v6, v5_invites, v6_invites) =
                v5_and_v6(Hex::new(16, 0), Hex::default(), LIGHT_AT_ORIGIN, 3, guard);
            assert_eq!(v5, Hex::new(-3, 0));
            assert!(v5_invites && !v6_invites);
            assert_eq!(v6, Hex::default());
        }
    }

    /// With the `-v2` presets' own threshold as the guard (100 AP), 12 hexes out at rest:
    /// `brawler-v5`'s burn of 3 ends at 9 hexes closing at 3, struck at 6 + 3 = 9 hexes/turn
    /// (81 AP): under the guard, so the guarded burn is the same — the guard only changes
    /// burns that invite the launch.
    #[test]
    fn a_guarded_burn_closes_where_the_hit_stays_small() {
        let (v5, v6, v5_invites, _) =
            v5_and_v6(Hex::new(12, 0), Hex::default(), LIGHT_AT_ORIGIN, 3, 100);
        assert_eq!(v5, Hex::new(-3, 0));
        assert!(!v5_invites);
        assert_eq!(v6, v5);
    }

    /// 14 hexes out closing at 1, guard 100: `brawler-v5` burns 3 more and ends at 10
    /// closing at 4 (struck at 6 + 4 = 10: 100 AP, launched); coasting it would end at 13
    /// closing at 1 (struck at 13). Allowed to back off (`kinetic_guard_retreat`), the
    /// guarded burn brakes past 14 to a hex the launch does not pay from; not allowed (the
    /// preset), no hex within 14 denies the launch, so it keeps the planned burn.
    #[test]
    fn a_guarded_burn_backs_off_only_when_told_to() {
        let (v5, v6, v5_invites, v6_invites) = guarded(
            Hex::new(14, 0),
            Hex::new(-1, 0),
            LIGHT_AT_ORIGIN,
            3,
            100,
            true,
        );
        assert_eq!(v5, Hex::new(-3, 0));
        assert!(v5_invites);
        assert!(!v6_invites, "{v6:?}");
        assert_ne!(v6, v5);
        let (_, v6, _, _) = guarded(
            Hex::new(14, 0),
            Hex::new(-1, 0),
            LIGHT_AT_ORIGIN,
            3,
            100,
            false,
        );
        assert_eq!(v6, v5);
    }

    /// A heavy kinetic at 3 hexes/turn strikes with 8 × 3² = 72 AP. 5 hexes from the cruiser
    /// at rest, `brawler-v5` burns 1 and ends at 4 closing at 1 — struck at 3 + 1 = 4 (128
    /// AP). Guarding at 100, the burn of 2 ends at 3 closing at 2, struck at 1 + 2 = 3 (72
    /// AP); `brawler-v6` (70) rushes all 3 hexes and ends at 2 closing at 3, struck at 2 (32
    /// AP): point-blank, the held heavies stay held.
    #[test]
    fn brawler_v6_rushes_the_last_hexes_against_heavy_kinetics() {
        let heavy = KineticLauncher {
            size: GwSize::Heavy,
            ..LIGHT_AT_ORIGIN
        };
        let (v5, v6, v5_invites, v6_invites) =
            v5_and_v6(Hex::new(5, 0), Hex::default(), heavy, 3, 100);
        assert_eq!(v5, Hex::new(-1, 0));
        assert!(v5_invites && !v6_invites);
        assert_eq!(v6, Hex::new(-2, 0));
        let (_, v6, _, v6_invites) = v5_and_v6(Hex::new(5, 0), Hex::default(), heavy, 3, V6);
        assert!(!v6_invites);
        assert_eq!(v6, Hex::new(-3, 0));
    }

    /// 17 hexes from the heavies at rest, `brawler-v5` burns 3 in and ends at 14 closing at 3
    /// (struck at 14: 1,568 AP). Coasting, a heavy would arrive on its second turn at 3
    /// hexes/turn (72 AP: over `brawler-v6`'s guard); `brawler-v6` burns 1 and ends at 16
    /// closing at 1, where the salvo's second turn brakes it to the ship's own 1 hex/turn
    /// (8 AP).
    #[test]
    fn brawler_v6_edges_in_where_a_heavy_would_arrive_slow() {
        let heavy = KineticLauncher {
            size: GwSize::Heavy,
            ..LIGHT_AT_ORIGIN
        };
        let (v5, v6, v5_invites, v6_invites) =
            v5_and_v6(Hex::new(17, 0), Hex::default(), heavy, 3, V6);
        assert_eq!(v5, Hex::new(-3, 0));
        assert!(v5_invites && !v6_invites);
        assert_eq!(v6, Hex::new(-1, 0));
    }

    /// When every burn invites the launch (9 hexes from the heavies, a drive that gives 1
    /// hex a turn: 8–10 hexes whatever it does), `brawler-v6` keeps the planned burn — the
    /// launch cannot be denied, so it closes, and dodges the salvo once it flies.
    #[test]
    fn brawler_v6_closes_when_the_launch_cannot_be_denied() {
        let heavy = KineticLauncher {
            size: GwSize::Heavy,
            ..LIGHT_AT_ORIGIN
        };
        let (v5, v6, v5_invites, v6_invites) =
            v5_and_v6(Hex::new(9, 0), Hex::default(), heavy, 1, V6);
        assert_eq!(v5, Hex::new(-1, 0));
        assert!(v5_invites && v6_invites);
        assert_eq!(v6, v5);
    }

    /// The three presets' burns for a ship at `pos` on `vel` (keep 3, burns of up to 3) facing
    /// one enemy ship with a loaded light-kinetic launcher that stood at `e_prev` before its
    /// last move, stands at `e_pos` and moves on `e_vel` — as `plan_burn` makes them:
    /// `brawler-v5` the keep-distance burn, `brawler-v6` the guarded one against every
    /// launcher, `brawler-v7` the guarded one only if the enemy holds its range
    /// ([`range_watch::holds_its_range`] with `V7_READING`, on turn 3). Returns the three
    /// burns and `brawler-v7`'s reading.
    fn v5_v6_v7(pos: Hex, vel: Hex, e_prev: Hex, e_pos: Hex, e_vel: Hex) -> (Hex, Hex, Hex, bool) {
        let l = KineticLauncher {
            pos: e_pos.add(e_vel),
            vel: e_vel,
            ..LIGHT_AT_ORIGIN
        };
        let aim = Aim {
            pos,
            vel,
            o_pos: e_pos,
            o_vel: e_vel,
            keep: 3,
            max: 3,
            look: false,
            retreat: false,
            price: MarkPrice::NONE,
        };
        let (v5, _) = best_burn(pos, vel, e_pos, e_vel, 3, 3, false, MarkPrice::NONE, |_| {
            false
        });
        let v6 = guarded_burn(aim, &[l], V6, v5, |_| false);
        let holds = range_watch::holds_its_range(
            pos.distance(e_prev),
            pos.distance(e_pos),
            pos.distance(e_pos.add(e_vel)),
            3,
            crate::rules::junction::policy::V7_READING,
        );
        let v7 = if holds {
            guarded_burn(aim, &[l], V6, v5, |_| false)
        } else {
            v5
        };
        (v5, v6, v7, holds)
    }

    /// The missile boat's position: its destroyer at rest 16 hexes out with its light
    /// kinetics held (it has not come at the battle line). `brawler-v7` reads it as holding
    /// its range and guards as `brawler-v6` does — it coasts at 16, where the held launch stays
    /// held — while `brawler-v5` burns 3 straight in and ends at 13 closing at 3 (a 169-AP
    /// strike: launched).
    #[test]
    fn brawler_v7_guards_against_a_missile_boat_holding_its_range() {
        let o = Hex::default();
        let (v5, v6, v7, holds) = v5_v6_v7(Hex::new(16, 0), Hex::default(), o, o, o);
        assert!(holds);
        assert_eq!(v5, Hex::new(-3, 0));
        assert_eq!(v6, Hex::default());
        assert_eq!(v7, v6);
        // Backing off a hex a turn as the battle line comes (its stand-off distance): the
        // same reading, the same burn.
        let back = Hex::new(-1, 0);
        let (v5, v6, v7, holds) = v5_v6_v7(Hex::new(16, 0), Hex::default(), o, back, back);
        assert!(holds);
        assert_ne!(v6, v5);
        assert_eq!(v7, v6);
    }

    /// A closing brawler's position: the enemy destroyer burned 3 hexes towards the ship last
    /// turn and comes on at 3 a turn, 16 hexes out. `brawler-v6` still guards against its
    /// kinetics and waits at the edge of the band (the fight then happens at the enemy's
    /// missile range); `brawler-v7` reads it as coming and closes as `brawler-v5` does.
    #[test]
    fn brawler_v7_meets_a_closing_brawler_as_brawler_v5() {
        let (v5, v6, v7, holds) = v5_v6_v7(
            Hex::new(16, 0),
            Hex::default(),
            Hex::new(-3, 0),
            Hex::default(),
            Hex::new(3, 0),
        );
        assert!(!holds);
        assert_eq!(v5, Hex::new(-3, 0));
        assert_ne!(v6, v5, "{v6:?}");
        assert_eq!(v7, v5);
    }

    /// The pruned search finds exactly the tied best burns of scoring every candidate, over a grid of
    /// positions, vectors, kept distances and accelerations, both burn models.
    /// Issue 17, Area Denial dodged: a brawler 10 hexes out coasting 3 hexes a turn along
    /// +q at an enemy at rest, keeping 6. The enemy's Macron marked the hex its best burn
    /// (no price: the old scripts) ends on, and the two before it on the line (3 AP each;
    /// ending on a mark always takes the hit). Priced at 1 hex per AP, the burn search takes
    /// a burn that runs into none of them, at a small cost in distance.
    #[test]
    fn a_priced_burn_steers_round_area_denial_marks() {
        use super::super::super::area_denial::Mark;
        use super::super::super::mark_dodge::marked_ap;
        let (pos, vel) = (Hex { q: -10, r: 0 }, Hex { q: 3, r: 0 });
        let (o_pos, o_vel) = (Hex::default(), Hex::default());
        let old = best_burn(pos, vel, o_pos, o_vel, 6, 3, false, MarkPrice::NONE, |_| {
            false
        })
        .0;
        let end = pos.add(vel).add(old);
        let step = vel.add(old);
        let mark = |h: Hex| Mark {
            hex: h,
            ap: 3.0,
            owner: 0,
            mount: 0,
        };
        let marks = [mark(end), mark(end.sub(step.scale(1))), mark(end.add(step))];
        let taken = |b: Hex| marked_ap(pos, pos.add(vel).add(b), &marks);
        assert!(taken(old) >= 3.0, "the old burn {old:?} ends on a mark");
        let price = MarkPrice {
            marks: &marks,
            per_ap: 1.0,
        };
        let new = best_burn(pos, vel, o_pos, o_vel, 6, 3, false, price, |_| false).0;
        assert_ne!(new, old);
        assert_eq!(taken(new), 0.0, "the priced burn {new:?} misses them");
        // Pruning stays exact with the price: every candidate scored agrees.
        let mut best = f64::INFINITY;
        for b in std::iter::once(Hex::default()).chain(
            DIRECTIONS
                .iter()
                .flat_map(|d| (1..=3).map(move |k| d.scale(k))),
        ) {
            let v = vel.add(b);
            let (a, c) = (pos.add(v).sub(o_pos), pos.add(v.scale(2)).sub(o_pos));
            let sc = f64::from((a.length() - 6).abs())
                + 0.5 * f64::from((c.length() - 6).abs())
                + 0.01 * f64::from(b.length())
                + price.of(pos, pos.add(v));
            best = best.min(sc);
        }
        let v = vel.add(new);
        let (a, c) = (pos.add(v).sub(o_pos), pos.add(v.scale(2)).sub(o_pos));
        let got = f64::from((a.length() - 6).abs())
            + 0.5 * f64::from((c.length() - 6).abs())
            + 0.01 * f64::from(new.length());
        assert_eq!(got, best);
    }

    #[test]
    fn pruned_burn_search_equals_scoring_every_burn() {
        let mut cases = 0;
        let mut choices = [0u32; 2];
        let mut ties = 0;
        for q in -9..=9 {
            for r in (-9..=9).step_by(2) {
                for (vq, vr) in [(0, 0), (2, -1), (-3, 0), (1, 2), (0, -4)] {
                    for (oq, or) in [(0, 0), (-2, 1), (3, 3)] {
                        for keep in [0, 2, 5, 9] {
                            for max in [0, 1, 3, 6] {
                                for look in [false, true] {
                                    let (p, v) = (Hex::new(q, r), Hex::new(vq, vr));
                                    let o_vel = Hex::new(oq, or);
                                    let o = Hex::new(1, -2);
                                    let want = every_burn(p, v, o, o_vel, keep, max, look);
                                    let got = pruned(p, v, o, o_vel, keep, max, look);
                                    assert_eq!(
                                        got, want,
                                        "{p:?} {v:?} {o_vel:?} {keep} {max} {look}"
                                    );
                                    cases += 1;
                                    choices[usize::from(!want.0.is_zero())] += 1;
                                    ties += usize::from(want.2 > 1);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 19 * 10 * 5 * 3 * 4 * 4 * 2);
        // Both outcomes occur, so the grid exercises burning and coasting.
        assert!(choices[0] > 1000 && choices[1] > 1000, "{choices:?}");
        // Real ties occur (the dice break them), so the grid exercises them too.
        assert!(ties > 1000, "{ties}");
    }

    /// The same over 200,000 pseudo-random cases with wider positions, vectors and burns of
    /// up to 30 hexes (candidates 25 hexes apart can tie to the hundredth there).
    #[test]
    fn pruned_burn_search_equals_scoring_every_burn_at_random() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: i32| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((x >> 33) % n as u64) as i32
        };
        let mut burned = 0;
        for _ in 0..200_000 {
            let p = Hex::new(next(41) - 20, next(41) - 20);
            let v = Hex::new(next(13) - 6, next(13) - 6);
            let o = Hex::new(next(9) - 4, next(9) - 4);
            let o_vel = Hex::new(next(9) - 4, next(9) - 4);
            let (keep, max, look) = (next(15), next(31), next(2) == 1);
            let want = every_burn(p, v, o, o_vel, keep, max, look);
            let got = pruned(p, v, o, o_vel, keep, max, look);
            assert_eq!(got, want, "{p:?} {v:?} {o:?} {o_vel:?} {keep} {max} {look}");
            burned += usize::from(!want.0.is_zero());
        }
        assert!(burned > 50_000, "{burned}");
    }
}
