//! Movement (ch. 3): change Velocity by up to 1, move straight ahead, shift up to Maneuver,
//! turn up to 30° × Heading — with the policy's choice of where to go.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;
use crate::trace;

use super::super::player::Player;
use super::super::policy::{Approach, Movement, Targeting};
use super::super::ship::{ShipState, Status};
use super::super::victory::{self, Objective};
use super::Battle;
use crate::outcome::Side;

/// Velocity changes a move considers: ±1 always (ch. 3 step 1), ±2 and ±3 with a Change
/// Velocity Order and/or Command.
const VELOCITY_CHANGES: [i8; 7] = [0, -1, 1, -2, 2, -3, 3];

/// (cos, sin) of 0°, 30°, ... 180°: the most a ship may turn with Heading 0..=6 (ch. 3:
/// "30 degrees per 1 HEADING value"; Heading 6 or more turns freely).
const TURN: [(f64, f64); 7] = [
    (1.0, 0.0),
    (0.866_025_403_784_438_6, 0.5),
    (0.5, 0.866_025_403_784_438_6),
    (0.0, 1.0),
    (-0.5, 0.866_025_403_784_438_6),
    (-0.866_025_403_784_438_6, 0.5),
    (-1.0, 0.0),
];

/// The facing after turning from `facing` toward `want` by at most `steps` × 30° (ch. 3:
/// "30 degrees per 1 HEADING value"; 6 or more turns freely).
pub(super) fn turn_toward(facing: Vec2, want: Vec2, steps: usize) -> Vec2 {
    let (max_cos, max_sin) = TURN[steps.min(6)];
    if want == Vec2::default() || facing.dot(want) >= max_cos {
        if want == Vec2::default() {
            facing
        } else {
            want
        }
    } else if facing.cross(want) >= 0.0 {
        facing.rotated(max_cos, max_sin)
    } else {
        facing.rotated(max_cos, -max_sin)
    }
}

/// What a move reads of its ship: a few fields copied instead of the whole [`ShipState`]
/// (the ship is written back at the end of the move).
#[derive(Clone, Copy)]
struct Mover {
    design: u16,
    side: Side,
    size: u8,
    pos: Vec2,
    facing: Vec2,
    velocity: u8,
    maneuver_enhance: u8,
    heading_enhance: u8,
    velocity_locked: bool,
}

impl Mover {
    #[inline(always)]
    fn of(s: &ShipState) -> Self {
        Mover {
            design: s.design,
            side: s.side,
            size: s.size,
            pos: s.pos,
            facing: s.facing,
            velocity: s.velocity,
            maneuver_enhance: s.equipment.maneuver_enhance,
            heading_enhance: s.equipment.heading_enhance,
            velocity_locked: s.restrictions.velocity_locked,
        }
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The enemy ship `i`'s policy is about (its movement, the Mark Target it places), and
    /// the other enemies exactly as good (bit per ship): callers choose among them on the
    /// battle's dice ([`Battle::focus_fair`]), never by setup order.
    #[inline(always)]
    pub(super) fn focus_ties(&self, i: usize) -> Option<(usize, u64)> {
        let me = &self.s.ships[i];
        let targeting = self.players[me.side.index()].targeting();
        let mut best: Option<(usize, f64)> = None;
        let mut ties = 0u64;
        for (j, t) in self.s.ships.iter().enumerate() {
            // A ship manoeuvres against ships; fighters (Size 0) are shot at, not chased.
            if t.side == me.side || !t.active() || t.size == 0 {
                continue;
            }
            let key = match targeting {
                Targeting::Weakest => -f64::from(t.remaining()),
                Targeting::MostDangerous => f64::from(self.threat(j)),
                // `kill-value` fire chooses per weapon; the ship closes on the nearest enemy.
                Targeting::BestOdds | Targeting::Nearest | Targeting::KillValue => {
                    let d = t.pos - me.pos;
                    -d.dot(d)
                }
            };
            match best {
                Some((_, k)) if key == k => ties |= 1 << j,
                Some((_, k)) if key < k => {}
                _ => {
                    best = Some((j, key));
                    ties = 0;
                }
            }
        }
        best.map(|(j, _)| (j, ties))
    }

    /// The focus enemy of ship `i`'s move: equally good enemies are chosen among on the
    /// battle's dice, never by setup order.
    #[inline(always)]
    fn focus_fair(&mut self, i: usize) -> Option<usize> {
        let (j, ties) = self.focus_ties(i)?;
        if ties == 0 {
            return Some(j);
        }
        let all = ties | (1 << j);
        Some(super::nth_bit(all, self.dice.below(all.count_ones())))
    }

    /// Where ship `i` heads in an objective-line scenario (house rule `objective-play`, D3):
    /// the nearest objective (ties on the battle's dice), to be within (Size × 2) of it at
    /// the game's end; `None` in other scenarios.
    #[inline(always)]
    fn objective_goal(&mut self, i: usize) -> Option<Vec2> {
        let v = self.m.scenario.victory.as_ref()?;
        if v.objective != Some(Objective::ObjectiveLine) || v.objectives == 0 {
            return None;
        }
        let board = self.m.scenario.board;
        let pos = self.s.ships[i].pos;
        let mut best: Option<(Vec2, f64)> = None;
        let mut ties = 1u32;
        for k in 0..v.objectives {
            let o = victory::objective_position(board, k, v.objectives);
            let d = (o - pos).dot(o - pos);
            match best {
                Some((_, b)) if d > b => {}
                Some((_, b)) if d == b => {
                    ties += 1;
                    if self.dice.below(ties) == 0 {
                        best = Some((o, d));
                    }
                }
                _ => {
                    best = Some((o, d));
                    ties = 1;
                }
            }
        }
        best.map(|(o, _)| o)
    }

    /// Movement (ch. 3): change Velocity by up to 1, move straight ahead by Velocity, shift up
    /// to Maneuver, rotate up to 30° × Heading. The policy scores the three velocity choices by
    /// how close they end to its preferred distance from its focus enemy. `ORDERS`: whether
    /// Change Velocity may add choices ([`super::BattleState::orders`]); `GROUP`: whether `i`
    /// may lead a Formation (false on the single-ship path, which groups never take).
    #[inline(always)]
    pub(super) fn movement<const ORDERS: bool, const GROUP: bool>(&mut self, i: usize) {
        let m = self.m;
        let Some(f) = self.focus_fair(i) else { return };
        let goal = self.objective_goal(i);
        // The few fields the move needs, not a copy of the whole ship.
        let ship = Mover::of(&self.s.ships[i]);
        let maneuver_row = m.rules.movement_row(ship.size, ship.maneuver_enhance);
        let heading_row = m.rules.movement_row(ship.size, ship.heading_enhance);
        // Enhancements borrow a smaller ship's Maneuver or Heading only; Velocity keeps the
        // ship's own row.
        let vmax = m.rules.movement_row(ship.size, 0).vmax;
        let mut maneuver = f64::from(maneuver_row.maneuver);
        // A Formation moves with its members' lowest Maneuver, Heading (and Velocity limit).
        let grouped = GROUP && self.s.grouped & (1 << i) != 0;
        let vmax = if grouped {
            let (v, mv) = self.formation_speed(i, vmax, maneuver);
            maneuver = mv;
            v
        } else {
            vmax
        };
        let enemy = self.s.ships[f].pos;
        let (brawl, standoff) = m.ranges[usize::from(ship.design)];
        let desired = match self.players[ship.side.index()].approach() {
            Approach::Hold => return,
            Approach::Close { range } => range.unwrap_or(brawl),
            Approach::Standoff { range } => range.unwrap_or(standoff),
        };
        // The point the move closes on (and the distance it wants from it): the focus enemy,
        // or the objective to hold, inside half its (Size × 2) counting radius.
        let (focus, desired) = match goal {
            Some(o) => (o, f64::from(ship.size) * 0.5),
            None => (enemy, desired),
        };
        let board = m.scenario.board;
        let dir = ship.facing;
        let terrain = !self.s.terrain.is_empty();
        // Change Velocity Order and Command: another ±1 each (ch. 8); the Command is spent
        // only when it saves VELOCITY_COMMAND_COST of the score.
        let (cv_order, cv_command) = if ORDERS {
            self.velocity_options(i)
        } else {
            (false, false)
        };
        let free = 3 + 2 * usize::from(cv_order);
        let choices = if ORDERS {
            free + 2 * usize::from(cv_command)
        } else {
            3
        };
        let mut best: Option<(f64, i8, Vec2)> = None;
        // The facing offset an arc-scored lookahead chose (else the design's best arc).
        let mut aim = None;
        if self.players[ship.side.index()].movement() == Movement::Lookahead {
            let player = &self.players[ship.side.index()];
            let arc_weight = player.arc_weight();
            let exposure = if arc_weight > 0.0 {
                let stance = if player.reads_clock() {
                    self.clock_stance(ship.side)
                } else {
                    super::game_clock::Stance::Even
                };
                super::game_clock::exposure(stance, player.exposure_share())
            } else {
                0.0
            };
            let plan = super::move_lookahead::MovePlan {
                pos: ship.pos,
                facing: dir,
                focus,
                desired,
                maneuver,
                velocity: ship.velocity,
                vmax,
                enemy,
                facing_offset: m.facing_offset[usize::from(ship.design)],
                heading: heading_row,
                arc_weight,
                exposure,
                broadsides: self.players[ship.side.index()].aims_broadsides(),
            };
            // Free Velocity changes only: the lookahead spends no Command on a move.
            let end = self.lookahead_end(i, &plan, &VELOCITY_CHANGES[..free], ship.velocity_locked);
            best = end.map(|(dv, p2, a)| {
                aim = a;
                (0.0, dv, p2)
            });
        }
        let classic = best.is_none();
        for (k, &dv) in VELOCITY_CHANGES[..if classic { choices } else { 0 }]
            .iter()
            .enumerate()
        {
            // A Command option scores at least its cost: only worth a look when the free
            // options all score worse (same choice, fewer evaluations).
            if ORDERS
                && k == free
                && best.is_some_and(|(s, _, _)| s <= super::command_phase::VELOCITY_COMMAND_COST)
            {
                break;
            }
            if dv != 0 && ship.velocity_locked {
                continue;
            }
            let v = i16::from(ship.velocity) + i16::from(dv);
            if v < 0 || v > i16::from(vmax) {
                continue;
            }
            let v = v as u8;
            let p1 = ship.pos + dir * f64::from(v);
            // The maneuver shift moves along the ray from the focus through p1, toward the
            // point at the desired distance: all of it is one-dimensional along that ray.
            let away = p1 - focus;
            let len = away.length();
            let gap = len - desired;
            let shift = gap.abs().min(maneuver);
            let (p2, unit) = if len > 1e-9 {
                let unit = away * (1.0 / len);
                (p1 - unit * (shift * gap.signum()), unit)
            } else {
                (p1, dir * -1.0)
            };
            let mut score = gap.abs() - shift;
            if ORDERS && dv.unsigned_abs() > 1 + u8::from(cv_order) {
                score += super::command_phase::VELOCITY_COMMAND_COST;
            }
            if !board.contains(p2) {
                score += 1000.0;
            }
            // Terrain (ch. 8): never into Solid; around Dangerous/Hazardous ground unless the
            // policy ignores it. Only with terrain on the table.
            let (p2, mut score) = if terrain {
                self.terrain_detour(i, p1, p2, score, maneuver)
            } else {
                (p2, score)
            };
            // Keep a turn's run of room toward the focus, or the next move may leave the table.
            let ahead = p2 - unit * f64::from(v);
            if !board.contains(ahead) {
                score += 5.0;
            }
            if best.is_none_or(|(s, _, _)| score < s - 1e-9) {
                best = Some((score, dv, p2));
            }
        }
        let Some((_, dv, p2)) = best else { return };
        let v = (i16::from(ship.velocity) + i16::from(dv)) as u8;
        if ORDERS {
            self.velocity_changed(i, dv, cv_order);
        }
        // Rotate up to 30° × Heading toward the facing that brings the weapons to bear.
        let (oc, os) = aim.unwrap_or(m.facing_offset[usize::from(ship.design)]);
        let want = (enemy - p2).normalized().rotated(oc, os);
        let mut steps = usize::from(heading_row.heading_at(v)).min(6);
        if grouped {
            steps = self.formation_heading(i, v, steps);
        }
        let facing = turn_toward(ship.facing, want, steps);
        let ship = &mut self.s.ships[i];
        ship.velocity = v;
        ship.facing = facing;
        ship.pos = p2;
        if !board.contains(p2) {
            if m.rules.leaving_board_flees {
                ship.status = Status::Fled;
                self.s.alive[ship.side.index()] -= 1;
                trace!(self.obs, "    {} leaves the table and has fled", m.names[i]);
                return;
            }
            ship.pos = Vec2::new(p2.x.clamp(0.0, board.length), p2.y.clamp(0.0, board.width));
        }
        trace!(
            self.obs,
            "    {} moves to ({:.1}, {:.1}) heading {:.0} velocity {}",
            m.names[i],
            ship.pos.x,
            ship.pos.y,
            ship.facing.bearing(),
            ship.velocity
        );
    }
}
