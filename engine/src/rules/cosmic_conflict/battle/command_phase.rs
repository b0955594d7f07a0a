//! The Command phase and every hook through which Orders and Commands act on the battle
//! (ch. 5 "Command Phase", ch. 8 "List of Commands/Orders"; digest §1.1, §2.10):
//!
//! * Command phase: each ship (not one leaving by Jump to Hyperspace) takes an Order or a
//!   Command Token by its side's [`OrderStyle`], plus its extra [Navigate]/[Scanning] slots.
//! * Attacks: Offensive Focus and the reroll Command (attacker), Evasive Actions and Dodge
//!   (defender), [Marked] tokens placed and spent in the attack step.
//! * Movement: Change Velocity (Order and Command) give another ±1.
//! * After the activation: Contingent Attack fires after moving and after every activation;
//!   unspent Tokens fire one unused weapon (the "fire now" Command).
//! * Resolution: Reinforce Shields; Jump to Hyperspace revealed; the turn's usage counted.
//!
//! Hidden Orders (G16): the sim plays with full information; an Order is revealed at the first
//! moment it matters, and until then it may be discarded for a Command (if the policy allows).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::attack::{AttackRoll, AttackSetup};
use super::super::command::{self, Die};
use super::super::design::WeaponType;
use super::super::orders::{
    self, Command, EV_DISCARD, EV_FLED, EV_MARK_SPENT, EV_TOKEN, EXTRA_NAVIGATE, EXTRA_SCANNING,
    Holding, Jump, MAIN, Order,
};
use super::super::player::Player;
use super::super::policy::OrderStyle;
use super::super::ship::{MAX_SHIPS, Status};
use super::super::terrain::{self, LineOfSight};
use super::Battle;
use super::reaching::Reaching;
use super::targeting::Sighting;

/// Mark Target effect 3: "add 4 Distance to the largest Range/Extended range values".
pub const MARK_RANGE_BONUS: f64 = 4.0;
/// Mark Target effect 1: "+2 Accuracy modifier to Attacks against the Marked Ship".
pub const MARK_ACCURACY_BONUS: i32 = 2;
/// Mark Target: the enemy must be within (its Size × this).
pub const MARK_DISTANCE_PER_SIZE: f64 = 4.0;
/// One ship's Command-phase choice, made from the phase's snapshot before any is given.
#[derive(Clone, Copy, Debug, Default)]
struct Choice {
    /// Whether the ship takes part (in play, not leaving, not a fighter or a follower, and its
    /// side plays Orders).
    gives: bool,
    /// Main slot: an Order, or `None` for a Command Token.
    main: Option<Order>,
    /// Extra [Navigate] slot.
    nav: Option<Order>,
    /// Extra [Scanning] slot.
    scan: Option<Order>,
}

/// No ship is in its attack step.
pub const NO_SHIP: u8 = u8::MAX;
/// Movement score a Change Velocity Command must save to be spent (AI preference).
pub const VELOCITY_COMMAND_COST: f64 = 1.0;

/// The Orders and Commands in effect for the ship in its attack step: [Marked] effects bought
/// with tokens, per enemy (bit per ship index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkEffects {
    /// The ship whose attack step it is ([`NO_SHIP`] outside attack steps).
    pub ship: u8,
    /// +2 Accuracy against these ships.
    pub accuracy: u64,
    /// +4 to the outermost range value against these ships.
    pub range: u64,
    /// Terrain effects ignored against these ships (Blocking still blocks direct fire; G33).
    pub terrain: u64,
}

impl Default for MarkEffects {
    fn default() -> Self {
        MarkEffects {
            ship: NO_SHIP,
            accuracy: 0,
            range: 0,
            terrain: 0,
        }
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    // ---- Command phase ---------------------------------------------------------------------

    /// Command phase: every ship in play chooses an Order or a Command Token (ch. 5: "each
    /// Player makes the following choice", written down face down — both players at once).
    /// So every ship decides from the same snapshot: all choices are made first (reading
    /// nothing the phase changes), then given; setup order cannot matter.
    pub(super) fn command_phase(&mut self) {
        if self.s.grouped != 0 {
            self.prune_groups();
        }
        for ship in self.s.ships.iter_mut() {
            ship.command.new_turn();
        }
        let markers = self.markers();
        // Only the styles that estimate incoming fire read the table.
        let reads_table = self
            .players
            .iter()
            .any(|p| matches!(p.order_style(), OrderStyle::Weighed | OrderStyle::Tactician));
        let table = if reads_table {
            self.reaching()
        } else {
            Reaching::EMPTY
        };
        let mut chosen = [Choice::default(); MAX_SHIPS];
        for (i, choice) in chosen.iter_mut().enumerate().take(self.s.ships.len()) {
            *choice = self.choice(i, markers, &table);
        }
        if crate::observer::enabled(self.obs) {
            for (i, c) in chosen.iter().enumerate().take(self.s.ships.len()) {
                if c.gives {
                    self.trace_weighing(i, &table);
                }
            }
        }
        for (i, c) in chosen.iter().enumerate().take(self.s.ships.len()) {
            if !c.gives {
                continue;
            }
            self.give(i, MAIN, c.main);
            let eq = self.s.ships[i].equipment;
            if eq.nav_suite > 0 {
                self.give(i, EXTRA_NAVIGATE, c.nav);
            }
            if eq.advanced_sensors > 0 {
                self.give(i, EXTRA_SCANNING, c.scan);
            }
        }
        if self.s.grouped != 0 {
            self.share_command();
        }
    }

    /// What ship `i` is given this Command phase (nothing when it takes no part).
    fn choice(&self, i: usize, markers: [Option<usize>; 2], table: &Reaching) -> Choice {
        let ship = &self.s.ships[i];
        // "Fighters cannot be issued Commands or Orders" (ch. 6c).
        if !ship.active() || ship.command.jump == Jump::Leaving || ship.size == 0 {
            return Choice::default();
        }
        // A Formation's followers take the Lead's command (`share_command`).
        if self.s.grouped & (1 << i) != 0 && self.formation_follower(i) {
            return Choice::default();
        }
        let style = self.players[ship.side.index()].order_style();
        if style == OrderStyle::None {
            return Choice::default();
        }
        let marker = markers[ship.side.index()] == Some(i);
        let (mut main, nav, mut scan) = self.choose_orders(i, style, marker, table);
        // Scanning raid: the policies give Enhance Scanners where it can place a token,
        // in the extra [Scanning] slot if there is one (AI preference).
        if !matches!(style, OrderStyle::Tokens | OrderStyle::Always(_)) && self.raid_scan_wanted(i)
        {
            if ship.equipment.advanced_sensors > 0 {
                scan = Some(Order::EnhanceScanners);
            } else {
                main = Some(Order::EnhanceScanners);
            }
        }
        Choice {
            gives: true,
            main,
            nav,
            scan,
        }
    }

    /// Per side, the ship the `tactician` expects to activate first — its smallest Size; among
    /// several of that Size (the activation pick is the player's, G15) one chosen on the
    /// battle's dice, never by setup order. Only tactician sides need one; a die is rolled
    /// only on a real tie.
    fn markers(&mut self) -> [Option<usize>; 2] {
        let mut out = [None; 2];
        for side in [Side::A, Side::B] {
            if self.players[side.index()].order_style() != OrderStyle::Tactician {
                continue;
            }
            let mut smallest = u8::MAX;
            let mut ties = 0u64;
            for (j, t) in self.s.ships.iter().enumerate() {
                if t.side != side || !t.active() || t.size == 0 {
                    continue;
                }
                if t.size < smallest {
                    smallest = t.size;
                    ties = 0;
                }
                if t.size == smallest {
                    ties |= 1 << j;
                }
            }
            out[side.index()] = (ties != 0).then(|| self.by_dice(ties));
        }
        out
    }

    /// Give `order` in `slot` (or a Token in the main slot when it is `None` or not allowed).
    fn give(&mut self, i: usize, slot: usize, order: Option<Order>) {
        let name = &self.m.names[i];
        let ship = &mut self.s.ships[i];
        let r = ship.restrictions;
        if let Some(o) = order
            && ship.command.give(slot, o, &r)
        {
            trace!(self.obs, "  {name} orders (hidden): {}", o.name());
            return;
        }
        if slot == MAIN && ship.command.take_token(&r) {
            trace!(self.obs, "  {name} takes a Command Token");
            let side = ship.side;
            self.count(side, EV_TOKEN);
        }
    }

    fn count(&mut self, side: Side, event: usize) {
        self.s.events[side.index()][event] += 1;
    }

    /// Distance from ship `i` to its nearest enemy in play, and that enemy.
    fn nearest_enemy(&self, i: usize) -> Option<(usize, f64)> {
        let me = &self.s.ships[i];
        let mut best: Option<(usize, f64)> = None;
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side != me.side && t.active() {
                let d = t.pos.distance(me.pos);
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some((j, d));
                }
            }
        }
        best
    }

    /// How far ship `i` can reach this turn: its longest weapon reach plus a full move.
    pub(super) fn reach(&self, i: usize) -> (f64, f64) {
        let s = &self.s.ships[i];
        let reach = self.m.reach_squared[usize::from(s.design)].sqrt();
        let row = self
            .m
            .rules
            .movement_row(s.size, s.equipment.maneuver_enhance);
        let vmax = self.m.rules.movement_row(s.size, 0).vmax;
        (reach, reach + f64::from(vmax) + f64::from(row.maneuver))
    }

    /// Expected damage coming at ship `i` this turn: the firepower of every enemy that can
    /// reach it after a full move (the AI's estimate; `reaching.rs`).
    fn incoming(&self, i: usize, table: &Reaching) -> f32 {
        self.enemies_reaching(table, i)
            .map(|(j, _)| self.threat(j))
            .sum()
    }

    /// Expected enemy fire on ship `i` in one turn (the AI's estimate for Jump to
    /// Hyperspace): each enemy ship that can reach it after a full move spreads its firepower
    /// evenly over the ships of `i`'s side it can reach (`reaching.rs`). Enemy fighters are
    /// not counted here (as the `tactician` always has: its presets keep their bits).
    fn expected_fire(&self, i: usize, table: &Reaching) -> f32 {
        let mut fire = 0.0;
        for (j, targets) in self.enemies_reaching(table, i) {
            if self.s.ships[j].size == 0 {
                continue;
            }
            fire += self.threat(j) / f32::from(targets);
        }
        fire
    }

    fn side_threat(&self, side: Side) -> f32 {
        (0..self.s.ships.len())
            .filter(|&j| self.s.ships[j].side == side && self.s.ships[j].active())
            .map(|j| self.threat(j))
            .sum()
    }

    /// The enemies ship `i` may mark now (bit per ship): within (enemy Size × 4), no Solid
    /// terrain between.
    fn markable(&self, i: usize) -> u64 {
        let me = &self.s.ships[i];
        let mut mask = 0;
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side != me.side
                && t.active()
                && t.pos.distance(me.pos) <= f64::from(t.size) * MARK_DISTANCE_PER_SIZE
                && !self.solid_between(i, j)
            {
                mask |= 1 << j;
            }
        }
        mask
    }

    /// The enemy ship `i` marks: the policy's focus enemy if it qualifies, else the nearest
    /// that does; equally good enemies are chosen among on the battle's dice (a die only on a
    /// real tie), never by setup order.
    fn mark_target(&mut self, i: usize) -> Option<usize> {
        let ok = self.markable(i);
        if ok == 0 {
            return None;
        }
        if let Some((f, ties)) = self.focus_ties(i) {
            let focus = (ties | (1 << f)) & ok;
            if focus != 0 {
                return Some(self.by_dice(focus));
            }
        }
        let me = self.s.ships[i].pos;
        let (mut best, mut nearest) = (f64::INFINITY, 0u64);
        let mut rest = ok;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let d = self.s.ships[j].pos.distance(me);
            if d < best {
                (best, nearest) = (d, 1 << j);
            } else if d == best {
                nearest |= 1 << j;
            }
        }
        Some(self.by_dice(nearest))
    }

    /// One ship of `mask` (not empty): the only one, or one rolled on the battle's dice.
    fn by_dice(&mut self, mask: u64) -> usize {
        match mask.count_ones() {
            1 => mask.trailing_zeros() as usize,
            n => super::nth_bit(mask, self.dice.below(n)),
        }
    }

    /// Solid terrain directly between two ships (Mark Target: "that does not have Solid
    /// terrain directly between them"; a ship inside the Solid piece does not ignore it).
    fn solid_between(&self, i: usize, j: usize) -> bool {
        !self.s.terrain.is_empty()
            && terrain::solid_between(&self.s.terrain, self.s.ships[i].pos, self.s.ships[j].pos)
    }

    /// Whether a [Marked] token spent to ignore terrain changes an attack from `i` on `j`:
    /// Obscuring or Blocking terrain on the line, or Solid/Concealing terrain that only an
    /// indirect weapon may then fire through (the sighting kept `j` for that; G33).
    fn terrain_matters(&self, i: usize, j: usize) -> bool {
        if self.s.terrain.is_empty() {
            return false;
        }
        let los = terrain::line_of_sight(&self.s.terrain, self.s.ships[i].pos, self.s.ships[j].pos);
        los != LineOfSight::CLEAR
    }

    /// The policy's choice for ship `i`: (main Order or `None` for a Token, extra [Navigate]
    /// Order, extra [Scanning] Order).
    fn choose_orders(
        &self,
        i: usize,
        style: OrderStyle,
        marker: bool,
        table: &Reaching,
    ) -> (Option<Order>, Option<Order>, Option<Order>) {
        let ship = &self.s.ships[i];
        let armed = self.m.reach_squared[usize::from(ship.design)] > 0.0;
        let (reach, reach_after_move) = self.reach(i);
        let closest = self.nearest_enemy(i);
        let nearest = closest.map_or(f64::INFINITY, |(_, d)| d);
        match style {
            OrderStyle::None => (None, None, None),
            OrderStyle::Tokens => (None, None, None),
            OrderStyle::Always(o) => (
                Some(o),
                Some(Order::EvasiveActions),
                Some(Order::MarkTarget),
            ),
            OrderStyle::Aggressive => {
                let main = if armed && nearest <= reach {
                    Some(Order::OffensiveFocus)
                } else if armed && nearest <= reach_after_move {
                    Some(Order::ContingentAttack)
                } else {
                    None
                };
                (main, Some(Order::EvasiveActions), None)
            }
            OrderStyle::Weighed => {
                let (aggressive, focus) = if armed && nearest <= reach {
                    let j = closest.map_or(i, |(j, _)| j);
                    let moves = reach_after_move - reach;
                    (Some(Order::OffensiveFocus), self.focus_worth(i, j, moves))
                } else if armed && nearest <= reach_after_move {
                    (Some(Order::ContingentAttack), 0.0)
                } else {
                    (None, 0.0)
                };
                let main = super::order_value::weighed_main(
                    aggressive,
                    self.evasive_worth(i, table),
                    focus,
                );
                let nav = if main == Some(Order::EvasiveActions) {
                    Order::ChangeVelocity
                } else {
                    Order::EvasiveActions
                };
                (main, Some(nav), None)
            }
            OrderStyle::Cautious => {
                let under_fire = (0..self.s.ships.len()).any(|j| {
                    let t = &self.s.ships[j];
                    t.side != ship.side && t.active() && t.pos.distance(ship.pos) <= self.reach(j).1
                });
                let main = under_fire.then_some(Order::EvasiveActions);
                (main, Some(Order::ChangeVelocity), None)
            }
            OrderStyle::Tactician => {
                self.tactician(i, nearest, reach, reach_after_move, marker, table)
            }
        }
    }

    /// Trace what the `weighed` Orders weighed for ship `i` (trace only).
    fn trace_weighing(&mut self, i: usize, table: &Reaching) {
        if self.players[self.s.ships[i].side.index()].order_style() != OrderStyle::Weighed {
            return;
        }
        let (reach, after_move) = self.reach(i);
        let focus = match self.nearest_enemy(i) {
            Some((j, d)) if d <= reach => self.focus_worth(i, j, after_move - reach),
            _ => 0.0,
        };
        let hazard = self.unavoidable_hazard(i);
        let evasive = self.evasive_worth(i, table);
        trace!(
            self.obs,
            "  {} weighs Evasive Actions {:.2} (Hazardous {:.0} of it) against Offensive Focus {:.2}",
            self.m.names[i],
            evasive,
            hazard,
            focus
        );
    }

    /// The `tactician` policy's Orders for ship `i`, first match wins:
    /// 1. Jump to Hyperspace — it is expected to live through this turn's fire but not the
    ///    next turn's, and it is not its side's last ship ([`command::jump_pays`]; a fled
    ///    ship's points are not lost, and count half in "Ships Destroyed / Fled");
    /// 2. Mark Target — it is its side's earliest-activating ship (smallest Size) with an enemy
    ///    in marking distance, and a friendly ship will fire after it;
    /// 3. Brace for Impact — the incoming fire is likely to finish a Health row with rows
    ///    to spare;
    /// 4. Reinforce Shields — its Shields miss at least (Size + Shields) boxes;
    /// 5. Evasive Actions — its side is outgunned or the incoming fire is half its boxes;
    /// 6. Offensive Focus — an enemy is in reach and it has two or more weapons;
    /// 7. Contingent Attack — an enemy will be in reach after moving;
    /// 8. otherwise a Command Token.
    ///
    /// Extra slots: [Navigate] Evasive Actions (Change Velocity if the main Order is Evasive);
    /// [Scanning] Mark Target when an enemy is in marking distance.
    fn tactician(
        &self,
        i: usize,
        nearest: f64,
        reach: f64,
        reach_after_move: f64,
        earliest: bool,
        table: &Reaching,
    ) -> (Option<Order>, Option<Order>, Option<Order>) {
        let ship = &self.s.ships[i];
        let side = ship.side;
        let incoming = self.incoming(i, table);
        let remaining = ship.remaining() as f32;
        let outgunned = self.side_threat(side.other()) > self.side_threat(side) * 1.2;
        let markable = self.markable(i) != 0;
        let friends = (0..self.s.ships.len())
            .filter(|&j| j != i && self.s.ships[j].side == side && self.s.ships[j].active())
            .count();
        let row = f32::from(ship.row_length);
        let row_left = row - f32::from(ship.health_dmg % u16::from(ship.row_length));
        let rows_left = ship.health_cap / u16::from(ship.row_length) - ship.rows_filled();
        let shield_damage: u32 = ship.tracks[..usize::from(ship.n_tracks)]
            .iter()
            .filter(|t| t.shield && !ship.component_off(usize::from(t.component)))
            .map(|t| u32::from(t.dmg))
            .sum();
        let shields = ship.tracks[..usize::from(ship.n_tracks)]
            .iter()
            .filter(|t| t.shield && !ship.component_off(usize::from(t.component)))
            .count() as u32;
        let tracks_left = remaining - f32::from(ship.health_cap - ship.health_dmg);
        let weapons = self.m.designs[usize::from(ship.design)].weapons.len();
        // Fighters "do not count as a Ship" (ch. 6c): a side with only fighters left has lost.
        let last_ship = !(0..self.s.ships.len()).any(|j| {
            let t = &self.s.ships[j];
            j != i && t.side == side && t.active() && t.size > 0
        });
        let main = if command::jump_pays(remaining, self.expected_fire(i, table), last_ship) {
            Some(Order::JumpToHyperspace)
        } else if earliest && markable && friends > 0 && ship.equipment.advanced_sensors == 0 {
            Some(Order::MarkTarget)
        } else if rows_left >= 2 && incoming >= tracks_left + row_left {
            Some(Order::BraceForImpact)
        } else if shields > 0 && shield_damage >= u32::from(ship.size) + shields {
            Some(Order::ReinforceShields)
        } else if outgunned || incoming * 2.0 >= remaining {
            Some(Order::EvasiveActions)
        } else if weapons >= 2 && nearest <= reach {
            Some(Order::OffensiveFocus)
        } else if weapons > 0 && nearest <= reach_after_move {
            Some(Order::ContingentAttack)
        } else {
            None
        };
        let nav = if main == Some(Order::EvasiveActions) {
            Order::ChangeVelocity
        } else {
            Order::EvasiveActions
        };
        let scan = (markable && main != Some(Order::MarkTarget)).then_some(Order::MarkTarget);
        (main, Some(nav), scan)
    }

    // ---- Commands --------------------------------------------------------------------------

    /// Whether ship `i` could pay for `command` now (by its policy's discard rule).
    #[inline]
    fn command_source(&self, i: usize, command: Command) -> Option<usize> {
        let ship = &self.s.ships[i];
        let discard = self.players[ship.side.index()].discards_orders();
        // Fast path (every attack asks): nothing can pay without a Token or a discard.
        if !discard && !ship.command.has_token() {
            return None;
        }
        ship.command.source(command, &ship.restrictions, discard)
    }

    /// Pay for `command` from `slot` (found by [`Battle::command_source`]) and trace it.
    fn pay(&mut self, i: usize, slot: usize, command: Command) {
        let ship = &mut self.s.ships[i];
        let held = ship.command.slots[slot];
        ship.command.spend(slot, command);
        if self.s.grouped & (1 << i) != 0 {
            self.shared_spend(i, slot, held, command);
        }
        if let Holding::Hidden(o) = held {
            trace!(
                self.obs,
                "    {} discards its hidden order {} for the {} command",
                self.m.names[i],
                o.name(),
                command.name()
            );
        } else {
            trace!(
                self.obs,
                "    {} spends its Command Token: {}",
                self.m.names[i],
                command.name()
            );
        }
    }

    /// Reveal `order` on ship `i` (tracing it the first time).
    fn reveal(&mut self, i: usize, order: Order) {
        if self.s.ships[i].command.reveal(order) {
            trace!(self.obs, "    {} reveals {}", self.m.names[i], order.name());
        }
    }

    /// Attacker's rerolls (ch. 4 step 4; seed 003 l. 463, l. 469: "discard either an Accuracy
    /// or Damage d6 roll and immediately reroll the d6"): Offensive Focus (each attack this
    /// turn), then the Offensive reroll Command on another die (G18), each rerolling the d6
    /// the attacker's player picks (`Player::reroll_die`; the scripts: the one whose reroll
    /// gains the most expected damage, when any does), the Command only when the player
    /// spends it (`Player::rerolls`). Out of line: only games with Orders call it.
    #[inline(never)]
    pub(super) fn attacker_rerolls(
        &mut self,
        i: usize,
        setup: &AttackSetup,
        mut roll: AttackRoll,
    ) -> AttackRoll {
        let c = &self.s.ships[i].command;
        if c.slots == [Holding::Empty; 3] {
            return roll;
        }
        let mut used = None;
        let player = &self.players[self.s.ships[i].side.index()];
        if c.holds(Order::OffensiveFocus)
            && let Some((die, _)) = player.reroll_die(setup, &roll, None)
        {
            self.reveal(i, Order::OffensiveFocus);
            roll = self.reroll(i, setup, &roll, die, "Offensive Focus");
            used = Some(die);
        }
        if let Some(slot) = self.command_source(i, Command::Reroll)
            && let Some((die, g)) = player.reroll_die(setup, &roll, used)
            && player.rerolls(g, || self.later_dodge_worth(i, usize::MAX))
        {
            self.pay(i, slot, Command::Reroll);
            roll = self.reroll(i, setup, &roll, die, "command");
        }
        roll
    }

    fn reroll(
        &mut self,
        i: usize,
        setup: &AttackSetup,
        roll: &AttackRoll,
        die: Die,
        why: &str,
    ) -> AttackRoll {
        let new = command::reroll(setup, roll, die, self.dice);
        trace!(
            self.obs,
            "    {} rerolls the {} die ({why}): {} -> {}: {:?}, {} damage",
            self.m.names[i],
            die.name(setup.band.die),
            die.face(roll),
            die.face(&new),
            new.result,
            new.dealt
        );
        new
    }

    /// Evasive Actions on the target: −1 Accuracy against it (revealed at the first attack).
    #[inline]
    pub(super) fn evasive(&mut self, j: usize) -> i32 {
        if self.s.ships[j].command.holds(Order::EvasiveActions) {
            self.reveal(j, Order::EvasiveActions);
            1
        } else {
            0
        }
    }

    /// [Marked] accuracy bonus for ship `i` attacking `j` in its attack step.
    #[inline]
    pub(super) fn mark_accuracy(&self, i: usize, j: usize) -> i32 {
        let m = &self.s.marks;
        if usize::from(m.ship) == i && m.accuracy & (1 << j) != 0 {
            MARK_ACCURACY_BONUS
        } else {
            0
        }
    }

    /// Whether ship `i` ignores terrain attacking `j` (a [Marked] token spent; G33). For the
    /// terrain rules.
    pub fn ignores_terrain(&self, i: usize, j: usize) -> bool {
        let m = &self.s.marks;
        usize::from(m.ship) == i && m.terrain & (1 << j) != 0
    }

    /// Dodge (defender `j`, after the result of `i`'s attack is known): spent when the player
    /// says it pays (the policy's share, or more than keeping the Token: `token_value.rs`).
    /// Out of line: only games with Orders call it.
    #[inline(never)]
    pub(super) fn defender_dodges(
        &mut self,
        i: usize,
        j: usize,
        setup: &mut AttackSetup,
        roll: AttackRoll,
    ) -> AttackRoll {
        let player = &self.players[self.s.ships[j].side.index()];
        // Not even a Dodge that saved every box would be worth it: no Command is looked for.
        if !player.dodges(roll.dealt, || 0.0) {
            return roll;
        }
        let Some(slot) = self.command_source(j, Command::Dodge) else {
            return roll;
        };
        let (s2, r2) = command::dodged(setup, &roll);
        if !player.dodges(roll.dealt - r2.dealt, || {
            self.later_dodge_worth(j, i).max(self.later_reroll_worth(j))
        }) {
            return roll;
        }
        self.pay(j, slot, Command::Dodge);
        trace!(
            self.obs,
            "    {} dodges: accuracy {} -> {}: {:?}, {} damage",
            self.m.names[j],
            roll.accuracy,
            r2.accuracy,
            r2.result,
            r2.dealt
        );
        *setup = s2;
        r2
    }

    // ---- Mark Target -------------------------------------------------------------------------

    /// Ship `i`'s attack step begins: place its [Marked] token (Mark Target order), then spend
    /// tokens on enemies it will attack — +4 range when a weapon needs it, else +2 Accuracy
    /// (terrain only matters once terrain exists). Returns whether any range bonus was bought.
    #[inline(never)]
    pub(super) fn mark_step(&mut self, i: usize, sighted: &[Sighting]) -> bool {
        self.s.marks = MarkEffects {
            ship: i as u8,
            ..MarkEffects::default()
        };
        // A revealed Mark Target has placed its token already this turn.
        if self.s.ships[i]
            .command
            .slots
            .contains(&Holding::Hidden(Order::MarkTarget))
            && let Some(j) = self.mark_target(i)
        {
            self.reveal(i, Order::MarkTarget);
            self.s.ships[j].command.marked += 1;
            trace!(
                self.obs,
                "    {} marks {} ([Marked] tokens: {})",
                self.m.names[i],
                self.m.names[j],
                self.s.ships[j].command.marked
            );
        }
        let design = usize::from(self.s.ships[i].design);
        let n = self.m.designs[design].weapons.len();
        let mut range_bought = false;
        for s in sighted {
            let j = s.ship;
            if self.s.ships[j].command.marked == 0 {
                continue;
            }
            let mut in_band = false;
            let mut needs_range = false;
            for w in 0..n {
                let ship = &self.s.ships[i];
                if ship.fired & (1 << w) != 0 || ship.weapon_off(w) {
                    continue;
                }
                let mount = &self.m.designs[design].weapons[w];
                if !mount.arcs.covers_local(s.ahead, s.port)
                    || (s.blocked && mount.kind != WeaponType::Missiles)
                {
                    continue;
                }
                let p = self.profile(i, w);
                if p.band_at_squared(s.distance_squared).is_some() {
                    in_band = true;
                } else if p
                    .band_at_squared_reach(s.distance_squared, MARK_RANGE_BONUS)
                    .is_some()
                {
                    needs_range = true;
                }
            }
            // Behind Solid/Concealing terrain: only Missiles, and only with terrain ignored.
            if s.blocked {
                if !(in_band || needs_range) || !self.spend_mark(i, j, "ignore terrain") {
                    continue;
                }
                self.s.marks.terrain |= 1 << j;
            }
            if needs_range && self.spend_mark(i, j, "+4 range") {
                self.s.marks.range |= 1 << j;
                range_bought = true;
                in_band = true;
            }
            if in_band
                && !s.blocked
                && self.terrain_matters(i, j)
                && self.spend_mark(i, j, "ignore terrain")
            {
                self.s.marks.terrain |= 1 << j;
            }
            if in_band && self.spend_mark(i, j, "+2 accuracy") {
                self.s.marks.accuracy |= 1 << j;
            }
        }
        range_bought
    }

    fn spend_mark(&mut self, i: usize, j: usize, effect: &str) -> bool {
        if self.s.ships[j].command.marked == 0 {
            return false;
        }
        self.s.ships[j].command.marked -= 1;
        let side = self.s.ships[i].side;
        self.count(side, EV_MARK_SPENT);
        trace!(
            self.obs,
            "    {} spends a [Marked] token on {}: {effect}", self.m.names[i], self.m.names[j]
        );
        true
    }

    /// The attack step is over: [Marked] effects end with it.
    pub(super) fn end_attack_step(&mut self) {
        self.s.marks = MarkEffects::default();
    }

    // ---- Change Velocity ---------------------------------------------------------------------

    /// Extra Velocity change ship `i` may make this move: (from its Change Velocity Order, from
    /// a Change Velocity Command it could pay for).
    #[inline(never)]
    pub(super) fn velocity_options(&self, i: usize) -> (bool, bool) {
        let ship = &self.s.ships[i];
        if ship.restrictions.velocity_locked {
            return (false, false);
        }
        let c = &ship.command;
        if c.slots == [Holding::Empty; 3] {
            return (false, false);
        }
        (
            c.holds(Order::ChangeVelocity),
            self.command_source(i, Command::ChangeVelocity).is_some(),
        )
    }

    /// Movement chose a Velocity change of `dv`: anything beyond ±1 reveals the Change Velocity
    /// Order, then spends the Command.
    #[inline(never)]
    pub(super) fn velocity_changed(&mut self, i: usize, dv: i8, order: bool) {
        let beyond = dv.unsigned_abs().saturating_sub(1);
        if beyond == 0 {
            return;
        }
        if order {
            self.reveal(i, Order::ChangeVelocity);
        }
        if beyond > u8::from(order)
            && let Some(slot) = self.command_source(i, Command::ChangeVelocity)
        {
            self.pay(i, slot, Command::ChangeVelocity);
        }
    }

    // ---- After moving, after the activations -------------------------------------------------

    /// Whether any sighted enemy is within the farthest reach of ship `i`'s weapons (else no
    /// weapon needs a target search).
    fn in_reach(&self, i: usize, sighted: &[Sighting]) -> bool {
        let reach = self.m.reach_squared[usize::from(self.s.ships[i].design)];
        sighted.iter().any(|s| s.distance_squared <= reach)
    }

    /// Contingent Attack: after moving, ship `i` fires the weapons it has not used yet.
    #[inline(never)]
    pub(super) fn contingent_fire(&mut self, i: usize) {
        let ship = &self.s.ships[i];
        if !ship.active() || !ship.command.holds(Order::ContingentAttack) {
            return;
        }
        self.fire_unused(i, Some(Order::ContingentAttack), usize::MAX);
    }

    /// Fire up to `limit` unused weapons of ship `i` at the policy's targets; `order` is
    /// revealed before the first shot. Returns shots fired.
    fn fire_unused(&mut self, i: usize, order: Option<Order>, limit: usize) -> usize {
        let mut sighted = std::mem::take(&mut self.s.sightings);
        self.sight::<false>(i, &mut sighted);
        let n = if self.in_reach(i, &sighted) {
            self.m.designs[usize::from(self.s.ships[i].design)]
                .weapons
                .len()
        } else {
            0
        };
        let mut shots = 0;
        for w in 0..n {
            if shots >= limit || !self.s.ships[i].active() {
                break;
            }
            let ship = &self.s.ships[i];
            if ship.fired & (1 << w) != 0 || ship.weapon_off(w) {
                continue;
            }
            if let Some((j, band)) = self.choose_target(i, w, &sighted) {
                if let Some(o) = order {
                    self.reveal(i, o);
                }
                self.fire(i, w, j, band);
                shots += 1;
            }
        }
        self.s.sightings = sighted;
        shots
    }

    /// After the last activation: Contingent Attack ships fire what they still can ("at any
    /// point during or after its activation"); then ships with a Command Token left (Tokens
    /// are removed in Resolution, G17) spend it to fire one unused weapon ("Immediately make
    /// an Attack with one Weapon that has not yet been used this turn"). Orders that can do
    /// nothing more this turn (Change Velocity, Mark Target, Enhance Scanners) are discarded
    /// for it when the policy allows.
    pub(super) fn after_activations(&mut self) {
        // Both sides fire here: alternately, the first player's ship first (not side A's).
        let first = self.s.first.unwrap_or(Side::A);
        for i in super::Alternating::new(self.s.ships.iter().map(|s| s.side), first) {
            let ship = &self.s.ships[i];
            if !ship.active() || ship.command.slots == [Holding::Empty; 3] {
                continue;
            }
            if !self.players[ship.side.index()].fires() {
                continue;
            }
            if ship.command.holds(Order::ContingentAttack) {
                self.fire_unused(i, Some(Order::ContingentAttack), usize::MAX);
            }
            let ship = &self.s.ships[i];
            // Enhance Scanners still places a scanning-raid token in Resolution.
            let spent_order = match ship.command.slots[MAIN] {
                Holding::Hidden(Order::ChangeVelocity | Order::MarkTarget) => true,
                Holding::Hidden(Order::EnhanceScanners) => !self.raid_objective(),
                _ => false,
            };
            if !ship.command.has_token() && !spent_order {
                continue;
            }
            let Some(slot) = self.command_source(i, Command::FireNow) else {
                continue;
            };
            let mut sighted = std::mem::take(&mut self.s.sightings);
            self.sight::<false>(i, &mut sighted);
            let n = if self.in_reach(i, &sighted) {
                self.m.designs[usize::from(self.s.ships[i].design)]
                    .weapons
                    .len()
            } else {
                0
            };
            let shot = (0..n).find_map(|w| {
                let ship = &self.s.ships[i];
                if ship.fired & (1 << w) != 0 || ship.weapon_off(w) {
                    return None;
                }
                self.choose_target(i, w, &sighted).map(|(j, b)| (w, j, b))
            });
            self.s.sightings = sighted;
            if let Some((w, j, band)) = shot {
                self.pay(i, slot, Command::FireNow);
                self.fire(i, w, j, band);
            }
        }
    }

    // ---- Resolution --------------------------------------------------------------------------

    /// Resolution step 3.4 (G21): Reinforce Shields.
    pub(super) fn reinforce_shields(&mut self) {
        for i in 0..self.s.ships.len() {
            let ship = &self.s.ships[i];
            if !ship.active() || !ship.command.holds(Order::ReinforceShields) {
                continue;
            }
            self.reveal(i, Order::ReinforceShields);
            let fixed = orders::reinforce_shields(&mut self.s.ships[i]);
            trace!(
                self.obs,
                "  {} reinforces shields: {fixed} shield damage removed", self.m.names[i]
            );
        }
    }

    /// End of Resolution (3.7–3.8): Jump to Hyperspace Orders are revealed; the turn's Orders
    /// and Commands are counted; [Marked] tokens and unspent Tokens go (G17).
    pub(super) fn end_of_turn_orders(&mut self) {
        for i in 0..self.s.ships.len() {
            let ship = &mut self.s.ships[i];
            if ship.active() && ship.command.holds(Order::JumpToHyperspace) {
                ship.command.reveal(Order::JumpToHyperspace);
                ship.command.jump = Jump::Leaving;
                trace!(
                    self.obs,
                    "  {} reveals jump-to-hyperspace: it leaves when next activated",
                    self.m.names[i]
                );
            }
            if self.s.grouped & (1 << i) != 0 {
                self.uncount_follower(i);
            }
            let ship = &mut self.s.ships[i];
            let mut used = ship.command.used;
            let side = ship.side.index();
            self.s.events[side][EV_DISCARD] += u32::from(ship.command.discarded);
            ship.command.new_turn();
            while used != 0 {
                let e = used.trailing_zeros() as usize;
                used &= used - 1;
                self.s.events[side][e] += 1;
            }
        }
    }

    /// A ship leaving by Jump to Hyperspace is removed from play when activated (it has fled).
    /// Returns whether it left.
    #[inline(never)]
    pub(super) fn jump_out(&mut self, i: usize) -> bool {
        let ship = &mut self.s.ships[i];
        if ship.command.jump != Jump::Leaving {
            return false;
        }
        ship.status = Status::Fled;
        let side = ship.side;
        self.s.alive[side.index()] -= 1;
        self.count(side, EV_FLED);
        trace!(
            self.obs,
            "  {} jumps to hyperspace and has fled", self.m.names[i]
        );
        true
    }
}
