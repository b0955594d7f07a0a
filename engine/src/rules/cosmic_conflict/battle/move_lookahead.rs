//! The `lookahead` movement of the new-generation presets (issue 17): where the classic move
//! scores three end points (one per Velocity choice, each shifted straight toward the
//! preferred distance), this one scores several end points per Velocity choice — the planned
//! shift, no shift, and a full or half Maneuver shift to either side (ch. 3 step 3: "shift up
//! to Maneuver") — by the distance from the preferred range, terrain damage the end point
//! would cost, the terrain the next move could not avoid from there, and the table edge;
//! end points equally good to within [`SCORE_STEP`] are chosen among on the battle's dice, so
//! battles do not all move alike.
//!
//! Terrain (ch. 8): Hazardous X deals X × Size damage to a ship that ends its move inside
//! "without having used a [Navigate] Order or Command this turn", Dangerous deals it at the
//! Resolution Phase, Solid may not be entered. [`Battle::terrain_cost`] prices them (and a
//! Navigate Order or Command makes Hazardous safe); the lookahead weighs that price
//! [`TERRAIN_WEIGHT`] times as heavily as the classic move does, so a box of terrain damage
//! is worth 12 units of distance from the preferred range.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;

use super::super::house_rules::MovementRow;
use super::super::player::Player;
use super::Battle;
use super::arc_score::{Foe, MAX_ENEMIES, aimed_fire, exposure_at, fire_both_ways, fire_from};
use super::movement::turn_toward;

/// How much heavier than the classic move the lookahead weighs terrain damage (× the
/// classic 3 per box: 12 units of distance from the preferred range per box).
pub const TERRAIN_WEIGHT: f64 = 4.0;

/// Scores are compared in steps of half a unit of distance: end points that close to equal
/// are equally good, and the battle's dice choose among them.
pub const SCORE_STEP: f64 = 0.5;

/// A score in whole [`SCORE_STEP`]s (scores are never negative; truncation is the floor).
#[inline]
pub fn quantized(score: f64) -> u64 {
    let steps = score / SCORE_STEP;
    // The signed conversion is the cheaper one; below 0 (and NaN) gives 0 as `as u64` does.
    if steps > 0.0 { steps as i64 as u64 } else { 0 }
}

/// Sideways shifts tried at each Velocity, as shares of the Maneuver (left of the facing is
/// positive); the planned shift toward the preferred distance is tried as well. In open
/// space only the first (no shift) is: without terrain a sideways shift only moves the ship
/// off its preferred distance.
const SIDE_SHIFTS: [f64; 5] = [0.0, 1.0, -1.0, 0.5, -0.5];

/// What the lookahead knows of the move it plans.
#[derive(Clone, Copy, Debug)]
pub(super) struct MovePlan {
    /// Where the ship is and where it faces.
    pub pos: Vec2,
    /// Facing (unit vector).
    pub facing: Vec2,
    /// The point the move closes on and the distance it wants from it.
    pub focus: Vec2,
    /// Preferred distance from `focus`.
    pub desired: f64,
    /// The Maneuver allowance.
    pub maneuver: f64,
    /// Current Velocity and the highest allowed.
    pub velocity: u8,
    /// Highest Velocity.
    pub vmax: u8,
    /// The focus enemy the ship turns toward after moving.
    pub enemy: Vec2,
    /// (cos, sin) of the turn from "facing the enemy" to the facing its weapons bear best.
    pub facing_offset: (f64, f64),
    /// The ship's Heading row (turn allowance by Velocity).
    pub heading: MovementRow,
    /// Units of distance per box of expected fire in the arc score (0: arcs not scored).
    pub arc_weight: f64,
    /// The share of the enemy's expected fire counted against an end point (the policy's
    /// `exposure_share` as the game clock sets it).
    pub exposure: f64,
    /// Whether the facing may put the focus enemy on a broadside ([`AIMS`]).
    pub broadsides: bool,
}

/// A lookahead's answer: the Velocity change, the end point and, when arcs are scored, the
/// facing offset to turn to (else the design's best arc).
pub(super) type EndChoice = (i8, Vec2, Option<(f64, f64)>);

/// Arc scores are offset by this many boxes (times the weight) so that a score stays
/// positive: more than one ship's expected fire in a step.
pub const ARC_BIAS: f64 = 50.0;

/// An end point's whole arc-scored score in [`SCORE_STEP`]s: its range and terrain score `base`
/// plus `arc_weight` × (the enemy's expected fire at it × `exposure` − own expected fire from
/// it), offset by [`ARC_BIAS`] boxes. With a non-negative exposure it only grows with `taken`
/// and falls with `dealt` (each step of the sum rounds monotonically).
#[inline]
fn arc_scored(plan: &MovePlan, base: f64, dealt: f32, taken: f32) -> u64 {
    quantized(
        base + plan.arc_weight * (ARC_BIAS - f64::from(dealt) + plan.exposure * f64::from(taken)),
    )
}

/// The facings an arc-scored move may turn to after moving, as (cos, sin) of the turn from
/// "facing the focus enemy": bow on, the enemy to port, the enemy to starboard (the design's
/// own best arc, [`Matchup::facing_offset`](super::super::matchup::Matchup::facing_offset),
/// is tried first and not twice).
pub const AIMS: [(f64, f64); 3] = [(1.0, 0.0), (0.0, -1.0), (0.0, 1.0)];

/// The score of an end point `p2` reached at Velocity `v` (lower is better): its distance
/// from the preferred range, 1,000 off the table, 5 when a turn's run at this Velocity
/// toward the focus would leave the table (as the classic move). Terrain is added by the
/// caller.
#[inline]
pub fn range_score(plan: &MovePlan, p2: Vec2, v: u8, board: crate::geometry::Board) -> f64 {
    let away = p2 - plan.focus;
    let len = away.length();
    let mut score = (len - plan.desired).abs();
    if !board.contains(p2) {
        score += 1000.0;
    }
    let unit = if len > 1e-9 {
        away * (1.0 / len)
    } else {
        plan.facing * -1.0
    };
    if !board.contains(p2 - unit * f64::from(v)) {
        score += 5.0;
    }
    score
}

/// The planned shift at Velocity `v`: straight along the ray from the focus through the
/// point the Velocity reaches, toward the preferred distance, at most the Maneuver.
pub fn planned_end(plan: &MovePlan, v: u8) -> Vec2 {
    let p1 = plan.pos + plan.facing * f64::from(v);
    let away = p1 - plan.focus;
    let len = away.length();
    if len <= 1e-9 {
        return p1;
    }
    let gap = len - plan.desired;
    let shift = gap.abs().min(plan.maneuver);
    p1 - away * (1.0 / len) * (shift * gap.signum())
}

/// The candidate end points of a move, in the order they are scored: for each Velocity change
/// in `changes` the ship may make (none but 0 when `locked`; within 0..=`vmax`), the planned
/// end point, then (with terrain on the map) the straight run shifted by each of
/// [`SIDE_SHIFTS`] × the Maneuver — else by the first shift only. Yields (change, Velocity,
/// end point).
fn end_points<'a>(
    plan: &'a MovePlan,
    changes: &'a [i8],
    locked: bool,
    terrain: bool,
) -> EndPoints<'a> {
    let shifts = if terrain { SIDE_SHIFTS.len() } else { 1 };
    EndPoints {
        plan,
        changes: changes.iter(),
        locked,
        side: plan.facing.rotated(0.0, 1.0) * plan.maneuver,
        shifts,
        dv: 0,
        v: 0,
        p1: Vec2::default(),
        next: shifts + 1,
    }
}

/// The iterator of [`end_points`] (a hand-written one: the candidate loop runs every move).
struct EndPoints<'a> {
    plan: &'a MovePlan,
    changes: std::slice::Iter<'a, i8>,
    locked: bool,
    /// The full Maneuver to port of the facing.
    side: Vec2,
    /// How many of [`SIDE_SHIFTS`] are tried.
    shifts: usize,
    /// The Velocity change being read, its Velocity and straight run.
    dv: i8,
    v: u8,
    p1: Vec2,
    /// The next end point of this Velocity: 0 the planned one, `k` the straight run shifted by
    /// `SIDE_SHIFTS[k − 1]`; past `shifts`, the next Velocity change.
    next: usize,
}

impl Iterator for EndPoints<'_> {
    type Item = (i8, u8, Vec2);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.next <= self.shifts {
                let k = self.next;
                self.next += 1;
                let p2 = if k == 0 {
                    planned_end(self.plan, self.v)
                } else {
                    self.p1 + self.side * SIDE_SHIFTS[k - 1]
                };
                return Some((self.dv, self.v, p2));
            }
            let dv = *self.changes.next()?;
            if dv != 0 && self.locked {
                continue;
            }
            let v = i16::from(self.plan.velocity) + i16::from(dv);
            if !(0..=i16::from(self.plan.vmax)).contains(&v) {
                continue;
            }
            self.dv = dv;
            self.v = v as u8;
            self.p1 = self.plan.pos + self.plan.facing * f64::from(self.v);
            self.next = 0;
        }
    }
}

/// The lowest-scoring candidate so far; equal scores are chosen among on the dice (a
/// reservoir: each of n ties kept with chance 1/n), so no candidate wins by its place in the
/// order.
struct Lowest<T> {
    pick: Option<T>,
    score: u64,
    ties: u32,
}

impl<T> Default for Lowest<T> {
    fn default() -> Self {
        Lowest {
            pick: None,
            score: 0,
            ties: 0,
        }
    }
}

impl<T> Lowest<T> {
    /// Whether the pick so far is strictly better than `score` (an offer at `score` would
    /// change nothing and roll no dice).
    #[inline]
    fn beats(&self, score: u64) -> bool {
        self.pick.is_some() && score > self.score
    }

    /// Offer `item` at `score` (lower is better).
    fn offer<R: Roller>(&mut self, score: u64, item: T, dice: &mut R) {
        match self.pick {
            Some(_) if score > self.score => {}
            Some(_) if score == self.score => {
                self.ties += 1;
                if dice.below(self.ties) == 0 {
                    self.pick = Some(item);
                }
            }
            _ => {
                self.pick = Some(item);
                self.score = score;
                self.ties = 1;
            }
        }
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The best (velocity change, end point) of ship `i`'s move among `changes` (Velocity
    /// changes the ship may make for free); equally good end points are chosen among on the
    /// battle's dice.
    pub(super) fn lookahead_end(
        &mut self,
        i: usize,
        plan: &MovePlan,
        changes: &[i8],
        locked: bool,
    ) -> Option<EndChoice> {
        if plan.arc_weight > 0.0 {
            return self.lookahead_arcs(i, plan, changes, locked);
        }
        let terrain = !self.s.terrain.is_empty();
        let mut best = Lowest::default();
        for (dv, v, p2) in end_points(plan, changes, locked, terrain) {
            let score = quantized(self.end_score(i, plan, p2, v, terrain));
            best.offer(score, (dv, p2), &mut *self.dice);
        }
        best.pick.map(|(dv, p2)| (dv, p2, None))
    }

    /// An end point's range score, plus (with terrain on the map) the terrain it enters and the
    /// next move's unavoidable hazard, each × [`TERRAIN_WEIGHT`].
    fn end_score(&self, i: usize, plan: &MovePlan, p2: Vec2, v: u8, terrain: bool) -> f64 {
        let mut score = range_score(plan, p2, v, self.m.scenario.board);
        if terrain {
            let next_share = self.players[self.s.ships[i].side.index()].next_move_share();
            score += TERRAIN_WEIGHT * self.terrain_cost(i, p2);
            score += TERRAIN_WEIGHT * next_share * self.next_move_hazard(i, plan, p2, v);
        }
        score
    }

    /// [`Battle::lookahead_end`] with arcs scored (`arc_weight` > 0, `brawler-v5`): every end
    /// point, with every facing of [`AIMS`] (and the design's best arc) the ship can turn to
    /// there, scored by its range and terrain score plus `arc_weight` × (the enemy's expected
    /// fire at the end point × `exposure` − own expected fire from it). Own fire: the most the
    /// weapons whose arcs and ranges hold one enemy ship deal it (weapons in band, every
    /// weapon counted working; `FireSteps::arc_fire`); the enemy's: each enemy ship's weapons
    /// whose arcs and ranges, from where it stands and faces now, hold the end point, summed.
    /// Enemies are read where they are (one step ahead: they move after). Ties among
    /// (end point, facing) pairs are chosen on the battle's dice.
    fn lookahead_arcs(
        &mut self,
        i: usize,
        plan: &MovePlan,
        changes: &[i8],
        locked: bool,
    ) -> Option<EndChoice> {
        let m = self.m;
        let terrain = !self.s.terrain.is_empty();
        let me = &self.s.ships[i];
        let mine = usize::from(me.design);
        let my_side = me.side;
        let own_aim = m.facing_offset[mine];
        let steps_fire = m.fire_steps();
        // Every end point lies within `span` of where the ship stands: a straight run of at
        // most `vmax` and a shift of at most the Maneuver (unit vectors to rounding).
        let span = (f64::from(plan.vmax) + plan.maneuver.abs()) * (1.0 + 1e-9) + 1e-6;
        let mut foes = [Foe::default(); MAX_ENEMIES];
        let mut n = 0;
        let mut seen = 0;
        // The most own fire any end point and facing can bring on one enemy.
        let mut most = 0.0f32;
        for t in &self.s.ships {
            if t.side != my_side && t.active() && t.size > 0 && seen < MAX_ENEMIES {
                seen += 1;
                let foe = Foe::new(steps_fire, mine, usize::from(t.design), t.pos, t.facing);
                // An enemy out of both reaches from every end point adds nothing: not read.
                if !foe.out_of_reach(plan.pos, span) {
                    most = most.max(foe.most_own_fire(plan.pos, span));
                    foes[n] = foe;
                    n += 1;
                }
            }
        }
        let foes = &foes[..n];
        // The least the arc term can add to an end point's score (own fire at its most, the
        // enemy's at none): with a non-negative exposure, an end point whose score is beaten
        // even so is not read further — it could neither win nor tie (no dice rolled).
        let least_arc =
            (plan.exposure >= 0.0).then(|| plan.arc_weight * (ARC_BIAS - f64::from(most)));
        let aims = if plan.broadsides { AIMS.len() } else { 0 };
        let mut best = Lowest::default();
        for (dv, v, p2) in end_points(plan, changes, locked, terrain) {
            let base = self.end_score(i, plan, p2, v, terrain);
            if least_arc.is_some_and(|least| best.beats(quantized(base + least))) {
                continue;
            }
            if foes.is_empty() {
                // No enemy in reach of any end point: no fire either way, whatever the facing.
                for a in 0..=aims {
                    let aim = if a == 0 { own_aim } else { AIMS[a - 1] };
                    if a > 0 && aim == own_aim {
                        continue;
                    }
                    best.offer(
                        arc_scored(plan, base, 0.0, 0.0),
                        (dv, p2, aim),
                        &mut *self.dice,
                    );
                }
                continue;
            }
            let turn = usize::from(plan.heading.heading_at(v));
            let toward = (plan.enemy - p2).normalized();
            // The design's own aim.
            let facing = turn_toward(plan.facing, toward.rotated(own_aim.0, own_aim.1), turn);
            if aims == 0 {
                // Own fire first: an end point beaten with no exposure at all is not read
                // further (exposure only adds, when not negative).
                let dealt = fire_from(foes, p2, facing);
                if plan.exposure >= 0.0 && best.beats(arc_scored(plan, base, dealt, 0.0)) {
                    continue;
                }
                let taken = exposure_at(foes, p2);
                let score = arc_scored(plan, base, dealt, taken);
                best.offer(score, (dv, p2, own_aim), &mut *self.dice);
                continue;
            }
            // The exposure and own fire in one pass over the enemies.
            let (taken, own_dealt) = fire_both_ways(foes, p2, facing);
            for a in 0..=aims {
                let aim = if a == 0 { own_aim } else { AIMS[a - 1] };
                if a > 0 && aim == own_aim {
                    continue;
                }
                let dealt = if a == 0 {
                    own_dealt
                } else {
                    aimed_fire(foes, p2, plan.facing, toward, turn, aim)
                };
                best.offer(
                    arc_scored(plan, base, dealt, taken),
                    (dv, p2, aim),
                    &mut *self.dice,
                );
            }
        }
        best.pick.map(|(dv, p2, aim)| (dv, p2, Some(aim)))
    }

    /// The terrain price ([`Battle::terrain_cost`]) the next move from `p2` at Velocity `v`
    /// could not avoid: its shortest straight run (Velocity `v` − 1 along the facing the ship
    /// turns to at `p2`, as the move's turn does) shifted by none or the full Maneuver either
    /// side, the cheapest of the three.
    fn next_move_hazard(&self, i: usize, plan: &MovePlan, p2: Vec2, v: u8) -> f64 {
        let (oc, os) = plan.facing_offset;
        let want = (plan.enemy - p2).normalized().rotated(oc, os);
        let facing = turn_toward(plan.facing, want, usize::from(plan.heading.heading_at(v)));
        let run = p2 + facing * f64::from(v.saturating_sub(1));
        let side = facing.rotated(0.0, 1.0) * plan.maneuver;
        // This turn's [Navigate] Order or Command does not cover the next move.
        let mut least = self.terrain_cost_navigating(i, run, false);
        for q in [run + side, run - side] {
            if least <= 0.0 {
                break;
            }
            least = least.min(self.terrain_cost_navigating(i, q, false));
        }
        least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Board;

    fn plan() -> MovePlan {
        MovePlan {
            pos: Vec2::new(10.0, 15.0),
            facing: Vec2::new(1.0, 0.0),
            focus: Vec2::new(30.0, 15.0),
            desired: 6.0,
            maneuver: 2.0,
            velocity: 4,
            vmax: 6,
            enemy: Vec2::new(30.0, 15.0),
            facing_offset: (1.0, 0.0),
            heading: MovementRow {
                vmax: 6,
                maneuver: 2,
                heading_slow: 2,
                heading_fast: 1,
            },
            arc_weight: 0.0,
            exposure: 1.0,
            broadsides: true,
        }
    }

    /// Ch. 3: the planned end point shifts along the ray from the focus toward the preferred
    /// distance, at most the Maneuver.
    #[test]
    fn planned_end_shifts_toward_the_preferred_distance() {
        let p = plan();
        // Velocity 5: straight to x = 15, 15 from the focus, 9 too far; shift 2 closer.
        let e = planned_end(&p, 5);
        assert!(
            (e.x - 17.0).abs() < 1e-9 && (e.y - 15.0).abs() < 1e-9,
            "{e:?}"
        );
        let board = Board {
            length: 54.0,
            width: 30.0,
        };
        assert!((range_score(&p, e, 5, board) - 7.0).abs() < 1e-9);
    }

    /// Scores close to equal compare equal (the dice choose among them).
    #[test]
    fn near_equal_scores_tie() {
        assert_eq!(quantized(3.1), quantized(3.4));
        assert!(quantized(3.4) < quantized(3.6));
        assert_eq!(quantized(0.0), 0);
        assert_eq!(quantized(-1.0), 0);
        assert_eq!(quantized(f64::NAN), 0);
        assert_eq!(quantized(1000.4), 2000);
    }

    /// Off the table costs 1,000; on it, the distance from the preferred range.
    #[test]
    fn edges_are_expensive() {
        let p = MovePlan {
            pos: Vec2::new(50.0, 15.0),
            focus: Vec2::new(45.0, 15.0),
            desired: 0.0,
            ..plan()
        };
        let board = Board {
            length: 54.0,
            width: 30.0,
        };
        assert!(range_score(&p, Vec2::new(56.0, 15.0), 2, board) >= 1000.0);
        let near = range_score(&p, Vec2::new(53.0, 15.0), 2, board);
        assert!((near - 8.0).abs() < 1e-9, "{near}");
    }
}
