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

use super::super::design::Arcs;
use super::super::fire_steps::FireSteps;
use super::super::house_rules::MovementRow;
use super::super::player::Player;
use super::Battle;
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

/// The facings an arc-scored move may turn to after moving, as (cos, sin) of the turn from
/// "facing the focus enemy": bow on, the enemy to port, the enemy to starboard (the design's
/// own best arc, [`Matchup::facing_offset`](super::super::matchup::Matchup::facing_offset),
/// is tried first and not twice).
pub const AIMS: [(f64, f64); 3] = [(1.0, 0.0), (0.0, -1.0), (0.0, 1.0)];

/// The most enemy ships the arc score reads (ships beyond are left out).
const MAX_ENEMIES: usize = 16;

/// An enemy ship as the arc score reads it.
#[derive(Clone, Copy, Default)]
struct Foe {
    pos: Vec2,
    facing: Vec2,
    design: usize,
}

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
) -> impl Iterator<Item = (i8, u8, Vec2)> + 'a {
    let side = plan.facing.rotated(0.0, 1.0) * plan.maneuver;
    let shifts = if terrain { SIDE_SHIFTS.len() } else { 1 };
    changes
        .iter()
        .filter(move |&&dv| dv == 0 || !locked)
        .filter_map(move |&dv| {
            let v = i16::from(plan.velocity) + i16::from(dv);
            (0..=i16::from(plan.vmax))
                .contains(&v)
                .then_some((dv, v as u8))
        })
        .flat_map(move |(dv, v)| {
            let p1 = plan.pos + plan.facing * f64::from(v);
            let planned = planned_end(plan, v);
            (0..=shifts).map(move |k| match k {
                0 => (dv, v, planned),
                k => (dv, v, p1 + side * SIDE_SHIFTS[k - 1]),
            })
        })
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
        let mut foes = [Foe::default(); MAX_ENEMIES];
        let mut n = 0;
        for t in &self.s.ships {
            if t.side != my_side && t.active() && t.size > 0 && n < MAX_ENEMIES {
                foes[n] = Foe {
                    pos: t.pos,
                    facing: t.facing,
                    design: usize::from(t.design),
                };
                n += 1;
            }
        }
        let foes = &foes[..n];
        let steps_fire = m.fire_steps();
        let aims = if plan.broadsides { AIMS.len() } else { 0 };
        let mut best = Lowest::default();
        for (dv, v, p2) in end_points(plan, changes, locked, terrain) {
            let turn = usize::from(plan.heading.heading_at(v));
            let base = self.end_score(i, plan, p2, v, terrain);
            let taken = exposure_at(steps_fire, foes, mine, p2);
            let toward = (plan.enemy - p2).normalized();
            for a in 0..=aims {
                let aim = if a == 0 { own_aim } else { AIMS[a - 1] };
                if a > 0 && aim == own_aim {
                    continue;
                }
                let dealt = aimed_fire(steps_fire, foes, mine, p2, plan.facing, toward, turn, aim);
                let score = base
                    + plan.arc_weight
                        * (ARC_BIAS - f64::from(dealt) + plan.exposure * f64::from(taken));
                best.offer(quantized(score), (dv, p2, aim), &mut *self.dice);
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

/// The enemy's expected fire at a ship of design `mine` standing at `p`: every enemy ship's
/// weapons whose arcs (from its facing now) and ranges hold `p`, summed over the ships.
#[inline]
fn exposure_at(fs: &FireSteps, foes: &[Foe], mine: usize, p: Vec2) -> f32 {
    let mut fire = 0.0f32;
    for f in foes {
        let d = p - f.pos;
        let q = Arcs::at_local(f.facing.dot(d), f.facing.cross(d)).0;
        fire += fs.arc_fire(f.design, mine, d.length(), q);
    }
    fire
}

/// Own expected fire from `p` after turning from `facing` toward `toward` (the direction to
/// the focus enemy) turned by `aim`, by at most `turn` × 30° (as the move's turn does).
#[allow(clippy::too_many_arguments)]
#[inline]
fn aimed_fire(
    fs: &FireSteps,
    foes: &[Foe],
    mine: usize,
    p: Vec2,
    facing: Vec2,
    toward: Vec2,
    turn: usize,
    aim: (f64, f64),
) -> f32 {
    let facing = turn_toward(facing, toward.rotated(aim.0, aim.1), turn);
    fire_from(fs, foes, mine, p, facing)
}

/// Own expected fire from `p` facing `facing`: the most the weapons whose arcs and ranges
/// hold one enemy ship deal it.
#[inline]
fn fire_from(fs: &FireSteps, foes: &[Foe], mine: usize, p: Vec2, facing: Vec2) -> f32 {
    let mut most = 0.0f32;
    for f in foes {
        let d = f.pos - p;
        let q = Arcs::at_local(facing.dot(d), facing.cross(d)).0;
        most = most.max(fs.arc_fire(mine, f.design, d.length(), q));
    }
    most
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

    /// Issue 17, `brawler-v5`: a design with fore rockets (its best arc by firepower, the
    /// facing `brawler-v4` always turns to) and a beam on either broadside, its enemy 19 away
    /// 40° off the bow. Turned toward its best arc (30° of Heading), the enemy sits in the
    /// fore quadrant beyond the rockets' reach: nothing bears. Turned to put the enemy on the
    /// port broadside, the beam bears at Extended Range: that facing is the one chosen, and the
    /// end point it is scored at outscores the same point with the bow on.
    #[test]
    fn turns_the_broadside_where_the_bow_does_not_reach() {
        use super::super::super::attack::WeaponProfile;
        use super::super::super::design::{Arcs, Variant, WeaponType};
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
                WeaponProfile::new(WeaponType::Beam, Variant::None),
            ],
            vec![],
        ];
        let arcs = vec![vec![Arcs::FORE.0, Arcs::PORT.0 | Arcs::STARBOARD.0], vec![]];
        let expected = |_a: usize, w: usize, _t: usize, _band: u8| if w == 0 { 3.0 } else { 1.0 };
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let (c, s) = (40f64.to_radians().cos(), 40f64.to_radians().sin());
        let enemy = Vec2::new(19.0 * c, 19.0 * s);
        let foes = [Foe {
            pos: enemy,
            facing: Vec2::new(-1.0, 0.0),
            design: 1,
        }];
        let p = Vec2::new(0.0, 0.0);
        let facing = Vec2::new(1.0, 0.0);
        let toward = enemy.normalized();
        let bow = aimed_fire(&fs, &foes, 0, p, facing, toward, 1, AIMS[0]);
        let port = aimed_fire(&fs, &foes, 0, p, facing, toward, 1, AIMS[1]);
        let starboard = aimed_fire(&fs, &foes, 0, p, facing, toward, 1, AIMS[2]);
        assert_eq!(bow, 0.0);
        assert_eq!(port, 1.0);
        // Turning the other way (30° toward the enemy) leaves it in the fore quadrant.
        assert_eq!(starboard, 0.0);
        // The whole score: the broadside facing wins by the arc weight × one box.
        let weight = 2.0;
        let score = |dealt: f32| quantized(7.0 + weight * (ARC_BIAS - f64::from(dealt)));
        assert!(score(port) < score(bow));
        // Closer in, inside the rockets' Range, the bow is worth more again.
        let near = Vec2::new(5.0 * c, 5.0 * s);
        let foes = [Foe {
            pos: near,
            ..foes[0]
        }];
        let bow = aimed_fire(&fs, &foes, 0, p, facing, near.normalized(), 1, AIMS[0]);
        let port = aimed_fire(&fs, &foes, 0, p, facing, near.normalized(), 1, AIMS[1]);
        assert!(bow > port, "{bow} {port}");
    }

    /// The enemy's fire counts where its arcs hold the end point: astern of a ship with only
    /// fore guns nothing is exposed.
    #[test]
    fn exposure_reads_the_enemy_arcs() {
        use super::super::super::attack::WeaponProfile;
        use super::super::super::design::{Arcs, Variant, WeaponType};
        let profiles = vec![
            vec![],
            vec![WeaponProfile::new(WeaponType::Kinetic, Variant::None)],
        ];
        let arcs = vec![vec![], vec![Arcs::FORE.0]];
        let expected = |_a: usize, _w: usize, _t: usize, band: u8| 2.0 - f32::from(band);
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let foe = Foe {
            pos: Vec2::new(10.0, 10.0),
            facing: Vec2::new(1.0, 0.0),
            design: 1,
        };
        assert_eq!(exposure_at(&fs, &[foe], 0, Vec2::new(15.0, 10.0)), 2.0);
        assert_eq!(exposure_at(&fs, &[foe], 0, Vec2::new(22.0, 10.0)), 1.0);
        assert_eq!(exposure_at(&fs, &[foe], 0, Vec2::new(5.0, 10.0)), 0.0);
        assert_eq!(exposure_at(&fs, &[foe], 0, Vec2::new(40.0, 10.0)), 0.0);
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
