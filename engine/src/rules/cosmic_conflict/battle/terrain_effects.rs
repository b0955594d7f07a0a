//! Terrain in the battle (seed ch. 8): what an attack line crosses, the end-of-move effects
//! (Push/Pull, Solid, Hazardous), the Resolution-phase effects (Dangerous, Mobile) and the
//! defender's Blocking reroll. With no terrain on the table every entry point returns at its
//! first test, so open-space battles pay nothing.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;
use crate::trace;

use super::super::attack::{AttackRoll, AttackSetup};
use super::super::command;
use super::super::damage::DamagePacket;
use super::super::design::WeaponType;
use super::super::house_rules::MissileTokenTerrain;
use super::super::orders::{Command, Holding, Order};
use super::super::player::Player;
use super::super::scenario_events::{EVENT_LOST_TO_TERRAIN, EVENT_TERRAIN_DAMAGE};
use super::super::ship::Status;
use super::super::terrain::{self, LineOfSight};
use super::{Battle, MISSILE_DIRECT_RANGE};

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    // Terrain work lives in functions kept out of line (`#[cold]`), called only with terrain
    // on the table, so open-space battles keep the hot loops they had before terrain existed.

    /// An attack of ship `i` on ship `j` through terrain: `None` when Solid or Concealing
    /// terrain between forbids it (ch. 4 step 2); else the setup with Obscuring (X) lowering
    /// Accuracy by X (stacking), and whether the line passes through Blocking terrain (the
    /// defender's reroll, [`Battle::blocking_reroll`], comes after the attacker's).
    #[cold]
    #[inline(never)]
    pub(super) fn setup_through_terrain(
        &mut self,
        i: usize,
        j: usize,
        kind: WeaponType,
        mut setup: AttackSetup,
    ) -> Option<(AttackSetup, bool)> {
        let m = self.m;
        let los = self.attack_terrain(i, j, kind);
        if los.blocked() {
            trace!(
                self.obs,
                "    {} cannot strike {}: Solid terrain between", m.names[i], m.names[j]
            );
            return None;
        }
        if los.obscuring > 0 {
            setup.accuracy_mod -= i32::from(los.obscuring);
            trace!(
                self.obs,
                "    Obscuring {} terrain between {} and {}: accuracy -{}",
                los.obscuring,
                m.names[i],
                m.names[j],
                los.obscuring
            );
        }
        Some((setup, los.blocking))
    }

    /// Terrain between ship `i` and ship `j` for an attack by weapon kind `kind`, fired from
    /// the ship or (while a missile token resolves) from the token, as the house rule
    /// `missile_token_terrain` says (G20): everything between, as for an attack from there
    /// (default), or Solid terrain only. Missiles within 10 ignore Blocking terrain (ch. 6
    /// Missiles).
    fn attack_terrain(&self, i: usize, j: usize, kind: WeaponType) -> LineOfSight {
        let from = self.s.token_origin.unwrap_or(self.s.ships[i].pos);
        let to = self.s.ships[j].pos;
        let mut los = terrain::line_of_sight(&self.s.terrain, from, to);
        if self.s.token_origin.is_some() {
            // A token is not a ship "within a terrain feature": nothing is ignored from it.
            los = match self.m.rules.missile_token_terrain {
                MissileTokenTerrain::FromToken => {
                    terrain::line_of_sight_from_point(&self.s.terrain, from, to)
                }
                MissileTokenTerrain::SolidOnly => LineOfSight {
                    solid: terrain::solid_between(&self.s.terrain, from, to),
                    ..LineOfSight::CLEAR
                },
            };
        }
        if kind == WeaponType::Missiles && from.distance(to) <= MISSILE_DIRECT_RANGE {
            los.blocking = false;
        }
        // A [Marked] token spent to ignore terrain (ch. 8 Mark Target effect 2, G33): no
        // Obscuring or Blocking; Solid and Concealing still stop direct fire, not Missiles.
        if self.s.token_origin.is_none() && self.ignores_terrain(i, j) {
            los.obscuring = 0;
            los.blocking = false;
            if kind == WeaponType::Missiles {
                los.solid = false;
                los.concealing = false;
            }
        }
        los
    }

    /// Whether terrain forbids ship `i` attacking ship `j` at all (Solid or Concealing
    /// between; ch. 4 step 2).
    /// Whether terrain forbids ship `i` attacking ship `j` (callers test for terrain first).
    #[cold]
    #[inline(never)]
    pub(super) fn line_blocked(&self, i: usize, j: usize) -> bool {
        terrain::sight_blocked(&self.s.terrain, self.s.ships[i].pos, self.s.ships[j].pos)
    }

    /// Trace the enemies ship `i` cannot attack because of terrain.
    pub(super) fn trace_hidden_enemies(&mut self, i: usize) {
        if !crate::observer::enabled(self.obs) || self.s.terrain.is_empty() {
            return;
        }
        for j in 0..self.s.ships.len() {
            let (me, t) = (&self.s.ships[i], &self.s.ships[j]);
            if t.side == me.side || !t.active() {
                continue;
            }
            let los = terrain::line_of_sight(&self.s.terrain, me.pos, t.pos);
            if los.blocked() {
                trace!(
                    self.obs,
                    "    {} has no line to {}: {} terrain between",
                    self.m.names[i],
                    self.m.names[j],
                    if los.solid { "Solid" } else { "Concealing" }
                );
            }
        }
    }

    /// Whether ship `i` used a [Navigate] Order or Command this turn, which spares it
    /// Hazardous damage ("without having used a [Navigate] Order or Command this turn", ch. 8).
    /// An Order counts from the Command phase that gave it (Evasive Actions, Change Velocity),
    /// even while still hidden; an Order discarded for a Command counts only through that
    /// Command (Dodge, Change Velocity).
    #[inline]
    pub(super) fn used_navigate(&self, i: usize) -> bool {
        let c = &self.s.ships[i].command;
        c.holds(Order::EvasiveActions)
            || c.holds(Order::ChangeVelocity)
            || c.used & (Command::Dodge.bit() | Command::ChangeVelocity.bit()) != 0
    }

    /// Whether ship `i` keeps an enemy `j` behind Solid or Concealing terrain in sight: it
    /// carries an indirect weapon (Missiles) and `j` carries a [Marked] token it may spend to
    /// ignore terrain, or `i` holds a Mark Target it may place now (ch. 8 Mark Target effect
    /// 2: "any indirect weapons (eg, missiles) may be fired at the enemy Ship"; G33).
    pub(super) fn may_mark_through(&self, i: usize, j: usize) -> bool {
        let me = &self.s.ships[i].command;
        (self.s.ships[j].command.marked > 0
            || me.slots.contains(&Holding::Hidden(Order::MarkTarget)))
            && self.m.designs[usize::from(self.s.ships[i].design)]
                .weapons
                .iter()
                .any(|w| w.kind == WeaponType::Missiles)
    }

    /// End-of-move terrain effects, in the digest's order (§1.1 step 2.3, after the PWS
    /// exchange): Push/Pull, then Solid ("ending your movement inside Solid terrain results in
    /// the immediate destruction of the Ship"), then Hazardous (X × Size damage without a
    /// [Navigate] order or command used this turn).
    #[inline]
    pub(super) fn after_move(&mut self, i: usize) {
        if !self.s.terrain.is_empty() {
            self.after_move_cold(i);
        }
    }

    #[cold]
    #[inline(never)]
    fn after_move_cold(&mut self, i: usize) {
        if !self.s.ships[i].active() {
            return;
        }
        let m = self.m;
        // Push/Pull: every zone holding the ship moves it in turn (effects stack).
        for k in 0..self.s.terrain.len() {
            let piece = self.s.terrain[k];
            let pos = self.s.ships[i].pos;
            let Some(zone) = piece.zone_at(pos) else {
                continue;
            };
            let x = zone.attrs.push;
            if x == 0 {
                continue;
            }
            let to = if zone.attrs.push_random {
                let dir = terrain::random_direction(self.dice.d6());
                pos + dir * f64::from(x)
            } else {
                terrain::displaced(pos, piece.centre, x, self.s.ships[i].facing)
            };
            trace!(
                self.obs,
                "    {} is {} {} by {} to ({:.1}, {:.1})",
                m.names[i],
                if x > 0 { "pushed" } else { "pulled" },
                x.unsigned_abs(),
                m.scenario.terrain_names[k],
                to.x,
                to.y
            );
            self.s.ships[i].pos = to;
            if !self.keep_on_table(i) {
                return;
            }
        }
        let here = terrain::surroundings(&self.s.terrain, self.s.ships[i].pos);
        if here.solid {
            self.destroy_by_terrain(i, "ends its move inside Solid terrain");
            return;
        }
        if here.hazardous > 0 && !self.used_navigate(i) {
            let size = u32::from(self.s.ships[i].size);
            trace!(
                self.obs,
                "    {} ends its move in Hazardous {} terrain: {} damage",
                m.names[i],
                here.hazardous,
                here.hazardous * size
            );
            self.terrain_damage(i, here.hazardous * size);
        }
    }

    /// A ship pushed off the table flees or stops at the edge (house rule
    /// `leaving_board_flees`, as for movement). Returns whether it is still in play.
    fn keep_on_table(&mut self, i: usize) -> bool {
        let board = self.m.scenario.board;
        let p = self.s.ships[i].pos;
        if board.contains(p) {
            return true;
        }
        if self.m.rules.leaving_board_flees {
            let ship = &mut self.s.ships[i];
            ship.status = Status::Fled;
            self.s.alive[ship.side.index()] -= 1;
            trace!(
                self.obs,
                "    {} is pushed off the table and has fled", self.m.names[i]
            );
            return false;
        }
        self.s.ships[i].pos = Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width));
        true
    }

    fn destroy_by_terrain(&mut self, i: usize, why: &str) {
        let ship = &mut self.s.ships[i];
        if !ship.active() {
            return;
        }
        ship.status = Status::Destroyed;
        let side = ship.side.index();
        if ship.size > 0 {
            self.s.alive[side] -= 1;
            self.s.events[side][EVENT_LOST_TO_TERRAIN] += 1;
        } else {
            self.fighter_lost(i);
        }
        trace!(self.obs, "    {} {why} — DESTROYED", self.m.names[i]);
    }

    /// Damage from Dangerous or Hazardous terrain: through the tracks in the normal order, or
    /// straight to Health (house rule `terrain_damage_to_health`); no Accuracy, so no bypass.
    fn terrain_damage(&mut self, i: usize, amount: u32) {
        let packet = DamagePacket {
            amount,
            order: self.m.rules.damage_order,
            bypass_accuracy: None,
            kinetic: false,
            health_only: self.m.rules.terrain_damage_to_health,
        };
        let filled = self.damage(i, packet);
        let ship = &self.s.ships[i];
        let side = ship.side.index();
        self.s.events[side][EVENT_TERRAIN_DAMAGE] += filled;
        if ship.status == Status::Destroyed && ship.size > 0 {
            self.s.events[side][EVENT_LOST_TO_TERRAIN] += 1;
        }
    }

    /// Resolution step 3.1: the ships inside Dangerous terrain as the phase begins (bit per
    /// ship).
    #[inline]
    pub(super) fn dangerous_snapshot(&self) -> u64 {
        if self.s.terrain.is_empty() {
            0
        } else {
            self.dangerous_snapshot_cold()
        }
    }

    #[cold]
    #[inline(never)]
    fn dangerous_snapshot_cold(&self) -> u64 {
        let mut mask = 0;
        for (i, s) in self.s.ships.iter().enumerate() {
            if s.active() && terrain::surroundings(&self.s.terrain, s.pos).dangerous > 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Resolution step 3.3: "A Ship [that] begins its resolution phase inside Dangerous
    /// Terrain takes X damage per Size of the Ship" (X summed over overlapping zones).
    #[cold]
    #[inline(never)]
    pub(super) fn dangerous_damage(&mut self, mask: u64) {
        let mut left = mask;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            if !self.s.ships[i].active() {
                continue;
            }
            let x = terrain::surroundings(&self.s.terrain, self.s.ships[i].pos).dangerous;
            let amount = x * u32::from(self.s.ships[i].size);
            trace!(
                self.obs,
                "  {} is in Dangerous {} terrain: {} damage", self.m.names[i], x, amount
            );
            self.terrain_damage(i, amount);
        }
    }

    /// Resolution step 3.5: Mobile (X) pieces move X along their preset tracks. A Solid piece
    /// that comes to rest on a ship destroys it (house rule `mobile_solid_crushes`, from the
    /// text's "a massive asteroid's movement can catch an unwary Ship and turn it into
    /// debris").
    #[cold]
    #[inline(never)]
    pub(super) fn move_terrain(&mut self) {
        for k in 0..self.s.terrain.len() {
            let p = &mut self.s.terrain[k];
            if p.mobile <= 0.0 {
                continue;
            }
            p.centre = p.centre + p.track * p.mobile;
            let (c, piece) = (p.centre, *p);
            trace!(
                self.obs,
                "  {} moves {} to ({:.1}, {:.1})",
                self.m.scenario.terrain_names[k],
                piece.mobile,
                c.x,
                c.y
            );
            if !self.m.rules.mobile_solid_crushes {
                continue;
            }
            for i in 0..self.s.ships.len() {
                let s = &self.s.ships[i];
                if s.active() && piece.zone_at(s.pos).is_some_and(|z| z.attrs.solid) {
                    self.destroy_by_terrain(i, "is struck by moving Solid terrain");
                }
            }
        }
    }

    /// Blocking (ch. 8, seed 003 l. 553): "After determining the Accuracy and Damage results of
    /// an Attack that passes through Blocking terrain, the Defending ship may request that one
    /// d6 roll be discarded and a new d6 be rolled for that Attack." So it comes after the
    /// results are determined — after the attacker's own rerolls (Offensive Focus, the reroll
    /// Command: "When determining the results") — and replaces one d6: the Accuracy die or
    /// one of a two-dice damage roll. The defender asks for the die whose reroll lowers the
    /// expected damage most, if any does (G22; the defender's `Player::blocking_die`). Before the
    /// defender's Dodge (both are the defender's; it dodges knowing the final dice).
    #[cold]
    #[inline(never)]
    pub(super) fn blocking_reroll(
        &mut self,
        j: usize,
        setup: &AttackSetup,
        roll: AttackRoll,
    ) -> AttackRoll {
        let defender = &self.players[self.s.ships[j].side.index()];
        let Some(die) = defender.blocking_die(setup, &roll) else {
            trace!(
                self.obs,
                "    Blocking terrain: the defender keeps the dice"
            );
            return roll;
        };
        let new = command::reroll(setup, &roll, die, self.dice);
        trace!(
            self.obs,
            "    Blocking terrain: the defender has the {} die rerolled: {} -> {}: {:?}, {} damage ({} before)",
            die.name(setup.band.die),
            die.face(&roll),
            die.face(&new),
            new.result,
            new.dealt,
            roll.dealt
        );
        new
    }

    /// AI movement: how bad ending a move at `p` is for ship `i` (Solid: never; Dangerous and
    /// Hazardous: their damage, unless the policy ignores terrain).
    pub(super) fn terrain_cost(&self, i: usize, p: Vec2) -> f64 {
        self.terrain_cost_navigating(i, p, self.used_navigate(i))
    }

    /// [`Battle::terrain_cost`] with a [Navigate] Order or Command used (`navigate`: Hazardous
    /// costs nothing) or not — the lookahead prices the next turn's move, when this turn's
    /// Navigate no longer counts.
    pub(super) fn terrain_cost_navigating(&self, i: usize, p: Vec2, navigate: bool) -> f64 {
        let here = terrain::surroundings(&self.s.terrain, p);
        if here.solid {
            return 1000.0;
        }
        let ship = &self.s.ships[i];
        if !self.players[ship.side.index()].avoids_terrain() {
            return 0.0;
        }
        let hazardous = if navigate { 0 } else { here.hazardous };
        // A box of damage weighs more than a unit of distance from the preferred range.
        3.0 * f64::from((here.dangerous + hazardous) * u32::from(ship.size))
    }

    /// AI movement with terrain on the table: if the planned end point `p2` of a move (straight
    /// to `p1`, then shifted) costs terrain damage, also consider no shift and a sideways shift
    /// of the full Maneuver either way; each alternative pays its distance from the plan.
    /// Returns the end point and its score.
    #[cold]
    #[inline(never)]
    pub(super) fn terrain_detour(
        &self,
        i: usize,
        p1: Vec2,
        p2: Vec2,
        score: f64,
        maneuver: f64,
    ) -> (Vec2, f64) {
        let cost = self.terrain_cost(i, p2);
        if cost == 0.0 {
            return (p2, score);
        }
        let board = self.m.scenario.board;
        let side = self.s.ships[i].facing.rotated(0.0, 1.0) * maneuver;
        let mut best = (p2, score + cost);
        for c in [p1, p1 + side, p1 - side] {
            let mut sc = score + c.distance(p2) + self.terrain_cost(i, c);
            if !board.contains(c) {
                sc += 1000.0;
            }
            if sc < best.1 - 1e-9 {
                best = (c, sc);
            }
        }
        best
    }
}
