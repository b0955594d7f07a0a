//! One Cosmic Conflict battle: the turn loop (Command → Ship Activation → Resolution), each
//! activation's attack and movement steps, missile tokens, PWS exchanges and the game end.
//! Cosmic Conflict ch. 5 "Player Order / Turn Order", ch. 3 "Movement", ch. 4 "Attacks",
//! ch. 7 "Game Length".

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;
use crate::outcome::{
    Ending, MAX_EVENTS, Outcome, ShipTally, Side, SideTally, Verdict, WeaponTally,
};
use crate::trace;

mod arc_score;
mod command_phase;
mod fighter_ai;
mod fighter_phase;
pub mod fighter_screen;
mod fire_plan;
mod formation_play;
pub mod game_clock;
mod move_lookahead;
mod movement;
mod objectives;
mod order_value;
pub mod pass_value;
mod reaching;
mod targeting;
mod terrain_effects;
pub mod token_value;

pub use command_phase::MarkEffects;

use targeting::Sighting;

use super::activation::{self, ActivationDriver};
use super::attack::{AttackSetup, Band};
use super::condition;
use super::damage::{self, DamagePacket};
use super::design::{MAX_WEAPONS, WeaponType};
use super::fighters::FighterState;
use super::formation::Group;
use super::house_rules::{BraceForImpact, BypassAccuracy, FirstPlayer};
use super::matchup::{GameLength, Matchup};
use super::orders::{Holding, Order};
use super::player::Player;
use super::policy::{Approach, OrderStyle, Policy};
use super::ship::{ShipState, Status};
use super::terrain::TerrainPiece;

/// Missiles beyond this distance leave a token instead of attacking at once (ch. 6 Missiles).
pub const MISSILE_DIRECT_RANGE: f64 = 10.0;

/// A missile token: resolved at the start of the Resolution phase against its target "as
/// though from the position of the missile token" (range and arc are not rechecked, G20).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MissileToken {
    /// Firing ship.
    pub attacker: u8,
    /// Weapon index on the firing ship.
    pub weapon: u8,
    /// Target ship.
    pub target: u8,
    /// Token position: on the line to the target, 10 from the attacker (G20).
    pub pos: Vec2,
}

/// Reusable per-worker battle state. Reset from the matchup's templates for every battle;
/// its vectors keep their capacity, so steady-state battles allocate nothing.
#[derive(Debug, Default)]
pub struct BattleState {
    /// Ships, setup order.
    pub ships: Vec<ShipState>,
    /// Missile tokens in flight this turn.
    pub tokens: Vec<MissileToken>,
    /// Side that starts every alternation this game.
    pub first: Option<Side>,
    /// Current turn (1-based).
    pub turn: u32,
    /// Ships activated this turn (bit per ship).
    pub activated: u64,
    /// Ships in play per side: counted at the start, decremented when a ship is destroyed
    /// (in `Battle::damage`) or flees (in `Battle::movement`).
    pub alive: [usize; 2],
    /// Scratch: the enemies the activating ship can see (kept to reuse its capacity).
    sightings: Vec<Sighting>,
    /// Terrain as it lies now (Mobile pieces move); copied from the scenario every battle.
    pub terrain: Vec<TerrainPiece>,
    /// Scanning-raid objective tokens (bit per ship).
    pub raid_tokens: u64,
    /// While a missile token resolves: the token's position, which the attack is made from.
    token_origin: Option<Vec2>,
    /// Per side: how often each of [`super::orders::EVENTS`] happened this battle.
    pub events: [[u32; MAX_EVENTS]; 2],
    /// [Marked] effects bought for the ship in its attack step.
    pub marks: MarkEffects,
    /// Whether a side's policy gives Orders or takes Tokens this game. When neither does, no
    /// ship ever holds one, so every Command-layer hook is skipped (set in `reset`).
    pub orders: bool,
    /// No Orders, Formations, terrain or fighters this game (set in `reset`): activations,
    /// attacks and damage then run a copy compiled without any of their hooks.
    pub plain: bool,
    /// Formations and Escort relationships as they stand (ch. 9g); copied from the matchup.
    pub groups: Vec<Group>,
    /// Ships in an intact group (bit per ship): zero in a battle without groups, which then
    /// runs no formation code.
    pub grouped: u64,
    /// Escort redirection window: (attacking ship, Escorted ships already redirected for it).
    pub escort_window: (u8, u64),
    /// Fighters' shots, landings and hangar use (fixed arrays; reset only with fighters).
    pub fighters: FighterState,
    /// How the game ended, once [`turn`] has said it did.
    pub ending: Ending,
    /// Per ship, per weapon line: damage its attacks dealt and ships they destroyed (the
    /// report's damage by weapon; point-weapon exchanges and fighters are not a line).
    pub weapons: Vec<[WeaponTally; MAX_WEAPONS]>,
}

/// The forward model copies positions: `clone_from` copies field by field into the kept
/// copy's vectors (which keep their capacity), so a search player's rollouts allocate
/// nothing in steady state. Destructured in full, so a new field cannot be forgotten.
impl Clone for BattleState {
    fn clone(&self) -> Self {
        BattleState {
            ships: self.ships.clone(),
            tokens: self.tokens.clone(),
            first: self.first,
            turn: self.turn,
            activated: self.activated,
            alive: self.alive,
            sightings: self.sightings.clone(),
            terrain: self.terrain.clone(),
            raid_tokens: self.raid_tokens,
            token_origin: self.token_origin,
            events: self.events,
            marks: self.marks,
            orders: self.orders,
            plain: self.plain,
            groups: self.groups.clone(),
            grouped: self.grouped,
            escort_window: self.escort_window,
            fighters: self.fighters,
            ending: self.ending,
            weapons: self.weapons.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let BattleState {
            ships,
            tokens,
            first,
            turn,
            activated,
            alive,
            sightings,
            terrain,
            raid_tokens,
            token_origin,
            events,
            marks,
            orders,
            plain,
            groups,
            grouped,
            escort_window,
            fighters,
            ending,
            weapons,
        } = source;
        self.ships.clone_from(ships);
        self.tokens.clone_from(tokens);
        self.first = *first;
        self.turn = *turn;
        self.activated = *activated;
        self.alive = *alive;
        self.sightings.clone_from(sightings);
        self.terrain.clone_from(terrain);
        self.raid_tokens = *raid_tokens;
        self.token_origin = *token_origin;
        self.events = *events;
        self.marks = *marks;
        self.orders = *orders;
        self.plain = *plain;
        self.groups.clone_from(groups);
        self.grouped = *grouped;
        self.escort_window = *escort_window;
        self.fighters = *fighters;
        self.ending = *ending;
        self.weapons.clone_from(weapons);
    }
}

impl BattleState {
    /// State with room for the matchup's ships and a turn's worth of missile tokens.
    pub fn for_matchup(m: &Matchup) -> Self {
        let missiles: usize = m
            .start
            .iter()
            .map(|s| m.designs[usize::from(s.design)].weapons.len())
            .sum();
        BattleState {
            ships: Vec::with_capacity(m.start.len()),
            tokens: Vec::with_capacity(missiles.max(1)),
            first: None,
            turn: 0,
            activated: 0,
            alive: [0; 2],
            sightings: Vec::with_capacity(m.start.len()),
            terrain: Vec::with_capacity(m.scenario.terrain.len()),
            raid_tokens: 0,
            token_origin: None,
            events: [[0; MAX_EVENTS]; 2],
            marks: MarkEffects::default(),
            orders: false,
            plain: false,
            groups: Vec::with_capacity(m.groups.len()),
            grouped: 0,
            escort_window: (u8::MAX, 0),
            fighters: FighterState::default(),
            ending: Ending::TurnLimit,
            weapons: Vec::with_capacity(m.start.len()),
        }
    }
}

/// The index of the `n`-th (0-based) set bit of `mask` (which has more than `n` set bits).
#[inline]
pub(super) fn nth_bit(mut mask: u64, n: u32) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// Ships in turn order for a step both sides take in the same phase (e.g. the attacks left
/// after all activations): the first player's first ship, the other side's first, and so on
/// alternately (ch. 5's "Alternating players"), each side's in setup order — never all of
/// side A before side B. Allocation-free: a bit mask per side.
pub(super) struct Alternating {
    left: [u64; 2],
    next: usize,
}

impl Alternating {
    /// Every ship, given each one's side in setup order, the `first` side's first.
    pub(super) fn new(sides: impl Iterator<Item = Side>, first: Side) -> Self {
        let mut left = [0u64; 2];
        for (i, side) in sides.enumerate() {
            left[side.index()] |= 1 << i;
        }
        Alternating {
            left,
            next: first.index(),
        }
    }
}

impl Iterator for Alternating {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let side = if self.left[self.next] != 0 {
            self.next
        } else {
            1 - self.next
        };
        let mask = self.left[side];
        if mask == 0 {
            return None;
        }
        self.left[side] &= mask - 1;
        self.next = 1 - side;
        Some(mask.trailing_zeros() as usize)
    }
}

/// A battle in progress: the matchup, the sides' players, the state, the dice and the
/// observer.
pub struct Battle<'a, R: Roller, O: Observer, P: Player = Policy> {
    m: &'a Matchup,
    /// Each side's player ([`Player`]), by [`Side::index`]: the rules ask it wherever the
    /// text gives that side a choice.
    players: &'a [P; 2],
    s: &'a mut BattleState,
    dice: &'a mut R,
    obs: &'a mut O,
}

/// The forward model's first step ([`crate::RuleSystem::begin`]): the battle's state from
/// the matchup's templates, the first player (G15).
pub fn begin<R: Roller, O: Observer>(
    m: &Matchup,
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    begin_with(m, &m.policies, state, dice, obs);
}

/// [`begin`] with the sides' `players` (whether a side gives Orders is theirs to say).
pub fn begin_with<R: Roller, O: Observer, P: Player>(
    m: &Matchup,
    players: &[P; 2],
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    Battle {
        m,
        players,
        s: state,
        dice,
        obs,
    }
    .reset();
}

/// One game turn (Command → Ship Activation → Resolution, ch. 4), every choice made by `m`'s
/// policies ([`crate::RuleSystem::turn`]). Returns whether the game has ended; how is kept in
/// `state` for [`finish`].
pub fn turn<R: Roller, O: Observer>(
    m: &Matchup,
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    turn_with(m, &m.policies, state, dice, obs)
}

/// [`turn`] with every choice made by the sides' `players`.
pub fn turn_with<R: Roller, O: Observer, P: Player>(
    m: &Matchup,
    players: &[P; 2],
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let mut b = Battle {
        m,
        players,
        s: state,
        dice,
        obs,
    };
    match b.turn() {
        Some(ending) => {
            b.s.ending = ending;
            true
        }
        None => false,
    }
}

/// The forward model's last step ([`crate::RuleSystem::finish`]): score the ended game.
pub fn finish<R: Roller, O: Observer>(
    m: &Matchup,
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
    ships: &mut [ShipTally],
) -> Outcome {
    let ending = state.ending;
    Battle {
        m,
        players: &m.policies,
        s: state,
        dice,
        obs,
    }
    .outcome(ending, ships)
}

/// Play one battle of `m` into `state`, filling `ships` with per-ship tallies (the three
/// steps above in a row; tests call it directly).
pub fn play<R: Roller, O: Observer>(
    m: &Matchup,
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
    ships: &mut [ShipTally],
) -> Outcome {
    play_with(m, &m.policies, state, dice, obs, ships)
}

/// [`play`] with the sides' `players` making every choice ([`Player`]): the matchup's
/// policies give the same bits as [`play`].
pub fn play_with<R: Roller, O: Observer, P: Player>(
    m: &Matchup,
    players: &[P; 2],
    state: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
    ships: &mut [ShipTally],
) -> Outcome {
    begin_with(m, players, state, dice, obs);
    while !turn_with(m, players, state, dice, obs) {}
    finish(m, state, dice, obs, ships)
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    fn reset(&mut self) {
        self.s.ships.clear();
        self.s.ships.extend_from_slice(&self.m.start);
        self.s.weapons.clear();
        self.s
            .weapons
            .resize(self.m.start.len(), [WeaponTally::default(); MAX_WEAPONS]);
        self.s.tokens.clear();
        self.s.terrain.clear();
        self.s.terrain.extend_from_slice(&self.m.scenario.terrain);
        self.s.raid_tokens = 0;
        self.s.token_origin = None;
        self.s.turn = 0;
        self.s.activated = 0;
        self.s.events = [[0; MAX_EVENTS]; 2];
        self.s.marks = MarkEffects::default();
        self.reset_groups();
        if self.m.fighters.any {
            self.s.fighters.reset(&self.m.fighters);
        }
        self.set_layers();
        self.s.ending = Ending::TurnLimit;
        // G15: the first player is decided once per game and starts every Size step.
        let first = match self.m.rules.first_player {
            FirstPlayer::A => Side::A,
            FirstPlayer::B => Side::B,
            FirstPlayer::Random => {
                if self.dice.d6() <= 3 {
                    Side::A
                } else {
                    Side::B
                }
            }
        };
        self.s.first = Some(first);
        self.count_alive();
        trace!(self.obs, "first player: side {first}");
    }

    fn alive(&self, side: Side) -> usize {
        self.s
            .ships
            .iter()
            // Fighters "do not count as a Ship" (ch. 6c): they never keep a side in the game.
            .filter(|s| s.side == side && s.active() && s.size > 0)
            .count()
    }

    fn count_alive(&mut self) {
        self.s.alive = [self.alive(Side::A), self.alive(Side::B)];
    }

    /// Whether a side's policy gives Orders or takes Tokens (then the Command layer runs),
    /// and whether nothing at all beyond plain ships is in play. From the players' answers
    /// each turn, so a player who changes policy between turns changes them too.
    fn set_layers(&mut self) {
        self.s.orders = self
            .players
            .iter()
            .any(|p| p.order_style() != OrderStyle::None);
        self.s.plain = !self.s.orders
            && self.s.groups.is_empty()
            && self.s.terrain.is_empty()
            && !self.m.fighters.any;
    }

    /// One game turn. Returns how the game ended, if it did.
    fn turn(&mut self) -> Option<Ending> {
        let sc = &self.m.scenario;
        self.set_layers();
        self.s.turn += 1;
        let turn = self.s.turn;
        trace!(self.obs, "== turn {turn} ==");
        trace!(self.obs, "-- command --");
        if self.s.orders {
            self.command_phase();
        }
        self.s.activated = 0;
        activation::run_phase(self);
        if self.s.orders {
            self.after_activations();
        }
        self.resolution();
        let [a, b] = self.s.alive;
        if a == 0 && b == 0 {
            return Some(Ending::MutualDestruction);
        }
        // "If a game turn begins with only one player side controlling all remaining
        // ships, the game ends."
        if a == 0 || b == 0 {
            return Some(Ending::Annihilation);
        }
        if turn >= sc.turn_cap {
            return Some(Ending::TurnLimit);
        }
        match sc.game_length {
            GameLength::Fixed(n) => {
                if turn >= n {
                    return Some(Ending::TurnLimit);
                }
            }
            GameLength::Recommended { min_turns, ends_on } => {
                if turn >= min_turns {
                    let roll = self.dice.d6();
                    trace!(self.obs, "game-length roll: {roll} (ends on {ends_on}+)");
                    if roll >= ends_on {
                        return Some(Ending::TurnLimit);
                    }
                }
            }
        }
        None
    }

    fn outcome(&mut self, ending: Ending, ships: &mut [ShipTally]) -> Outcome {
        if self.m.fighters.any {
            self.fighters_at_game_end();
        }
        let mut sides = [SideTally::default(); 2];
        for (side, events) in sides.iter_mut().zip(self.s.events) {
            side.events = events;
        }
        for (ship, tally) in self.s.ships.iter().zip(ships.iter_mut()) {
            let t = &mut sides[ship.side.index()];
            t.damage_dealt += ship.damage_dealt;
            t.damage_taken += ship.damage_taken;
            let destroyed = ship.status == Status::Destroyed;
            if ship.active() && ship.size > 0 {
                t.survivors += 1;
            }
            if destroyed {
                t.points_lost += ship.points;
            }
            *tally = ShipTally {
                damage_dealt: ship.damage_dealt,
                damage_taken: ship.damage_taken,
                destroyed,
                ..*tally
            };
        }
        if self.m.fighters.any {
            self.claim_fighter_points(&mut sides);
        }
        let standing = match ending {
            Ending::MutualDestruction => Verdict::Draw,
            Ending::Annihilation => {
                if sides[0].survivors > 0 {
                    Verdict::Win(Side::A)
                } else {
                    Verdict::Win(Side::B)
                }
            }
            // "Ships Destroyed" measure (points mode): the side that destroyed more enemy
            // points wins; a difference within the draw margin is a draw.
            Ending::TurnLimit => {
                let a_score = i64::from(sides[1].points_lost);
                let b_score = i64::from(sides[0].points_lost);
                let diff = a_score - b_score;
                if diff.unsigned_abs() <= u64::from(self.m.scenario.draw_margin) {
                    Verdict::Draw
                } else if diff > 0 {
                    Verdict::Win(Side::A)
                } else {
                    Verdict::Win(Side::B)
                }
            }
        };
        // Say which measure `standing` is: at the game-length end it is the Ships Destroyed
        // measure, which the scenario's victory conditions (when set) overrule below.
        trace!(
            self.obs,
            "game over after turn {} ({}): {}",
            self.s.turn,
            ending.name(),
            match ending {
                Ending::TurnLimit if self.m.scenario.victory.is_some() => format!(
                    "on points destroyed {}; the victory conditions decide",
                    standing.words()
                ),
                Ending::TurnLimit => format!("on points destroyed {}", standing.words()),
                _ => standing.words().to_string(),
            }
        );
        // A side with no ships left cannot claim victory: an annihilation is won by the side
        // left (both gone: a draw) — house rule D5; the scenario's victory conditions decide
        // a game that the game-length rule ended with both sides standing (ch. 9).
        let (verdict, decided_by) = match ending {
            Ending::Annihilation => (standing, super::DECIDED_ANNIHILATION),
            Ending::MutualDestruction => (standing, super::DECIDED_MUTUAL_DESTRUCTION),
            Ending::TurnLimit => match self.scenario_verdict(standing) {
                Verdict::Draw if self.m.scenario.victory.is_some() => {
                    (Verdict::Draw, super::DECIDED_VICTORY_TIE)
                }
                v if self.m.scenario.victory.is_some() => (v, super::DECIDED_VICTORY_CONDITIONS),
                Verdict::Draw => (Verdict::Draw, super::DECIDED_DRAW_AT_GAME_END),
                v => (v, super::DECIDED_POINTS_DESTROYED),
            },
        };
        Outcome {
            verdict,
            standing,
            ending,
            decided_by,
            turns: self.s.turn,
            sides,
        }
    }

    // ---- Resolution phase ------------------------------------------------------------------

    /// Resolution phase (G21 order): note who is in Dangerous terrain; missile tokens attack;
    /// Dangerous terrain deals its damage; Reinforce Shields; Mobile terrain moves; scenario
    /// actions; Jump to Hyperspace revealed; then end-of-turn clean-up.
    fn resolution(&mut self) {
        trace!(self.obs, "-- resolution --");
        let in_danger = self.dangerous_snapshot();
        for k in 0..self.s.tokens.len() {
            let t = self.s.tokens[k];
            let target = usize::from(t.target);
            if !self.s.ships[target].active() {
                trace!(
                    self.obs,
                    "  missile token of {} fizzles: target gone",
                    self.m.names[usize::from(t.attacker)]
                );
                continue;
            }
            let band = self
                .profile(usize::from(t.attacker), usize::from(t.weapon))
                .bands()[0];
            trace!(
                self.obs,
                "  missile token of {} strikes",
                self.m.names[usize::from(t.attacker)]
            );
            self.s.token_origin = Some(t.pos);
            self.attack(usize::from(t.attacker), usize::from(t.weapon), target, band);
            self.s.token_origin = None;
        }
        self.s.tokens.clear();
        if !self.s.terrain.is_empty() {
            self.dangerous_damage(in_danger);
        }
        if self.s.orders {
            self.reinforce_shields();
        }
        if !self.s.terrain.is_empty() {
            self.move_terrain();
        }
        self.scenario_actions();
        if self.s.orders {
            self.end_of_turn_orders();
        }
        if self.m.fighters.any {
            self.fighter_resolution();
        }
        for ship in &mut self.s.ships {
            ship.fired = 0;
            ship.pws_partners = 0;
        }
    }

    // ---- Attacks ---------------------------------------------------------------------------

    fn profile(&self, ship: usize, weapon: usize) -> &super::attack::WeaponProfile {
        &self.m.profiles[usize::from(self.s.ships[ship].design)][weapon]
    }

    /// Extra PWS a target counts against missiles (and, by house rule, rockets) from AWS ships
    /// of its own side within (AWS ship Size × 2) — one per AWS ship (G32).
    fn aws_cover(&self, j: usize) -> i32 {
        let t = &self.s.ships[j];
        self.s
            .ships
            .iter()
            .filter(|s| {
                s.side == t.side
                    && s.active()
                    && s.equipment.aws > 0
                    && s.pos.distance(t.pos) <= f64::from(s.size) * 2.0
            })
            .count() as i32
    }

    /// Fire weapon `w` of ship `i` at ship `j` in `band` (ch. 4 steps 3–6), or leave a missile
    /// token when Missiles fire beyond 10.
    #[inline(always)]
    fn fire(&mut self, i: usize, w: usize, j: usize, band: Band) {
        if self.s.plain {
            self.fire_with::<true>(i, w, j, band);
        } else {
            self.fire_with::<false>(i, w, j, band);
        }
    }

    /// [`Battle::fire`] when the caller knows [`BattleState::plain`].
    #[inline(always)]
    fn fire_with<const PLAIN: bool>(&mut self, i: usize, w: usize, j: usize, band: Band) {
        self.s.ships[i].fired |= 1 << w;
        let kind = self.m.designs[usize::from(self.s.ships[i].design)].weapons[w].kind;
        let (from, to) = (self.s.ships[i].pos, self.s.ships[j].pos);
        if kind == WeaponType::Missiles && from.distance(to) > MISSILE_DIRECT_RANGE {
            let pos = from.toward(to, MISSILE_DIRECT_RANGE);
            self.s.tokens.push(MissileToken {
                attacker: i as u8,
                weapon: w as u8,
                target: j as u8,
                pos,
            });
            trace!(
                self.obs,
                "    {} launches missiles at {}: token placed", self.m.names[i], self.m.names[j]
            );
            return;
        }
        self.attack_with::<PLAIN>(i, w, j, band);
    }

    /// Roll and apply one attack.
    fn attack(&mut self, i: usize, w: usize, j: usize, band: Band) {
        if self.s.plain {
            self.attack_with::<true>(i, w, j, band);
        } else {
            self.attack_with::<false>(i, w, j, band);
        }
    }

    /// [`Battle::attack`]; `PLAIN` is [`BattleState::plain`]: no Command-layer, Formation,
    /// terrain or fighter hook is compiled in.
    fn attack_with<const PLAIN: bool>(&mut self, i: usize, w: usize, j: usize, band: Band) {
        let m = self.m;
        let orders = !PLAIN && self.s.orders;
        // Offensive Formation: other members' weapons add their Size to the Damage (ch. 9g).
        let assist = if !PLAIN && self.s.grouped & (1 << i) != 0 {
            self.contribution(i, w)
        } else {
            0
        };
        let attacker = &self.s.ships[i];
        let target = &self.s.ships[j];
        let adesign = &m.designs[usize::from(attacker.design)];
        let tdesign = &m.designs[usize::from(target.design)];
        let mount = adesign.weapons[w];
        let (mut accuracy_mod, mut damage_mod) = AttackSetup::variant_mods(mount.variant);
        accuracy_mod -= i32::from(target.equipment.defense_primary);
        if orders {
            accuracy_mod += self.mark_accuracy(i, j) - self.evasive(j);
        }
        let target = &self.s.ships[j];
        if mount.kind.affected_by_pws() {
            let mut pws = i32::from(target.equipment.pws);
            // AWS cover counts "for the purposes of defending against missile attacks and
            // Fighters" (ch. 6): every PWS-affected weapon a fighter fires.
            if mount.kind == WeaponType::Missiles
                || m.rules.aws_vs_rockets
                || (!PLAIN && adesign.size == 0)
            {
                pws += self.aws_cover(j);
            }
            damage_mod -= pws;
        }
        damage_mod += assist;
        let setup = AttackSetup {
            weapon_size: adesign.weapon_size(&mount),
            target_size: target.size,
            band,
            accuracy_mod,
            damage_mod,
            chart: tdesign.chart,
            glance_extension: target.equipment.defense_secondary,
        };
        // Terrain (ch. 8) may forbid the attack, lower its Accuracy or let the defender reroll.
        let (mut setup, blocking) = if PLAIN || self.s.terrain.is_empty() {
            (setup, false)
        } else {
            match self.setup_through_terrain(i, j, mount.kind, setup) {
                Some(s) => s,
                None => return,
            }
        };
        let roll = setup.roll(self.dice);
        trace!(
            self.obs,
            "    {} fires {} ({:?} slot, {}) at {} [band {}]: accuracy {} -> {}, damage {} -> {}: {:?}, {} damage",
            m.names[i],
            mount.kind.name(),
            mount.slot,
            mount.variant.name(),
            m.names[j],
            band.index,
            roll.accuracy_die,
            roll.accuracy,
            roll.damage_die,
            roll.damage,
            roll.result,
            roll.dealt
        );
        // The attacker's rerolls, then the defender's Blocking reroll and Dodge (ch. 8).
        let roll = if orders {
            self.attacker_rerolls(i, &setup, roll)
        } else {
            roll
        };
        let roll = if blocking {
            self.blocking_reroll(j, &setup, roll)
        } else {
            roll
        };
        let roll = if orders {
            self.defender_dodges(i, j, &mut setup, roll)
        } else {
            roll
        };
        // Defensive Formation / Escort: the hit may land on another ship (ch. 9g).
        let (j, roll) = if !PLAIN && self.s.grouped & (1 << j) != 0 {
            self.redirect(i, j, roll)
        } else {
            (j, roll)
        };
        if roll.dealt == 0 {
            return;
        }
        let order = if mount.kind == WeaponType::Beam {
            m.rules.beam_damage_order
        } else {
            m.rules.damage_order
        };
        let bypass = match m.rules.bypass_accuracy {
            BypassAccuracy::Modified => roll.accuracy,
            BypassAccuracy::Raw => i32::from(roll.accuracy_die),
        };
        // A Beam hits Shields first; whether it may also bypass them is `beam_bypasses_shields`
        // (Beams bypass no Armor, so no bypass at all is the same as no Shield bypass).
        let beam_holds = mount.kind == WeaponType::Beam && !m.rules.beam_bypasses_shields;
        let packet = DamagePacket {
            amount: roll.dealt,
            order,
            bypass_accuracy: (!beam_holds).then_some(bypass),
            kinetic: mount.kind == WeaponType::Kinetic,
            health_only: false,
        };
        let in_play = self.s.ships[j].status == Status::Active;
        let filled = self.damage_with::<PLAIN>(j, packet);
        self.s.ships[i].damage_dealt += filled;
        let line = &mut self.s.weapons[i][w];
        line.damage_dealt += filled;
        if in_play && self.s.ships[j].status == Status::Destroyed {
            line.kills += 1;
        }
    }

    /// Apply damage to ship `j` and generate the Conditions it earns. Returns boxes filled.
    fn damage(&mut self, j: usize, packet: DamagePacket) -> u32 {
        if self.s.plain {
            self.damage_with::<true>(j, packet)
        } else {
            self.damage_with::<false>(j, packet)
        }
    }

    /// [`Battle::damage`] when the caller knows [`BattleState::plain`].
    fn damage_with<const PLAIN: bool>(&mut self, j: usize, packet: DamagePacket) -> u32 {
        let m = self.m;
        let ship = &mut self.s.ships[j];
        let design = &m.designs[usize::from(ship.design)];
        let was_active = ship.active();
        let brace = Holding::Hidden(Order::BraceForImpact);
        let bracing = crate::observer::enabled(&*self.obs) && ship.command.slots.contains(&brace);
        let applied = damage::apply(ship, packet);
        if bracing && !ship.command.slots.contains(&brace) {
            trace!(
                self.obs,
                "      {} reveals brace-for-impact: damage past the finished row is discarded",
                m.names[j]
            );
        }
        if applied.destroyed {
            ship.status = Status::Destroyed;
        } else if applied.rows_completed > 0 {
            condition::generate_with(
                ship,
                design,
                &m.rules,
                applied.rows_completed,
                &self.players[ship.side.index()],
                self.dice,
                self.obs,
            );
            // `brace_for_impact = "first-row"`: the first hit that finishes a row (capped, its
            // Conditions rolled twice) uses the Order up.
            if !PLAIN
                && m.rules.brace_for_impact == BraceForImpact::FirstRow
                && ship.command.holds(Order::BraceForImpact)
            {
                ship.command.use_up(Order::BraceForImpact);
                trace!(
                    self.obs,
                    "      {} has used its brace-for-impact", m.names[j]
                );
            }
        }
        if was_active && !ship.active() {
            // Leaves play: the only place (with fleeing) where a side's count drops.
            if PLAIN || ship.size > 0 {
                self.s.alive[ship.side.index()] -= 1;
            } else {
                self.fighter_lost(j);
            }
        }
        let ship = &self.s.ships[j];
        trace!(
            self.obs,
            "      {} takes {} damage: {}{}",
            m.names[j],
            applied.filled,
            super::ship::Left(ship),
            if ship.status == Status::Destroyed {
                " — DESTROYED"
            } else {
                ""
            }
        );
        if !PLAIN && self.s.grouped & (1 << j) != 0 {
            self.group_check(j);
        }
        applied.filled
    }

    // ---- Activation ------------------------------------------------------------------------

    /// One Ship Activation: attacks and components, then movement, then post-move triggers.
    /// `ORDERS` is [`BattleState::orders`]: without it the Command-layer hooks compile away.
    /// `PLAIN` is [`BattleState::plain`]: no fighter, Formation or terrain hook either.
    #[inline(always)]
    fn activate_ship<const ORDERS: bool, const PLAIN: bool>(&mut self, i: usize) {
        if !PLAIN && self.s.ships[i].size == 0 {
            return self.activate_fighter(i);
        }
        // A Formation or Escort activates as one (ch. 9g).
        if !PLAIN && self.s.grouped & (1 << i) != 0 {
            self.activate_group(i);
            return;
        }
        if ORDERS && self.jump_out(i) {
            return;
        }
        let m = self.m;
        let player = &self.players[self.s.ships[i].side.index()];
        trace!(
            self.obs,
            "  {} activates at ({:.1}, {:.1}) heading {:.0} velocity {}",
            m.names[i],
            self.s.ships[i].pos.x,
            self.s.ships[i].pos.y,
            self.s.ships[i].facing.bearing(),
            self.s.ships[i].velocity
        );
        self.attack_step::<ORDERS, PLAIN>(i);
        if player.approach() != Approach::Hold {
            self.movement::<ORDERS, false>(i);
            self.after_movement_fire::<ORDERS, PLAIN>(i);
        }
        if !PLAIN {
            self.after_move(i);
        }
    }

    /// The attack/component step of ship `i`'s activation (ch. 4, ch. 5).
    #[inline(always)]
    fn attack_step<const ORDERS: bool, const PLAIN: bool>(&mut self, i: usize) {
        let m = self.m;
        if self.players[self.s.ships[i].side.index()].fires() {
            self.aws_active::<PLAIN>(i);
            // Borrow the scratch buffer out of the state while the state is read.
            let mut sighted = std::mem::take(&mut self.s.sightings);
            self.sight::<PLAIN>(i, &mut sighted);
            if !PLAIN {
                self.trace_hidden_enemies(i);
            }
            let design = usize::from(self.s.ships[i].design);
            let reach = m.reach_squared[design];
            let range_bought = ORDERS && self.mark_step(i, &sighted);
            // Nobody within reach of any weapon (the approach turns): nothing to choose.
            let n = if range_bought || sighted.iter().any(|s| s.distance_squared <= reach) {
                m.designs[design].weapons.len()
            } else {
                0
            };
            for w in 0..n {
                let ship = &self.s.ships[i];
                if ship.fired & (1 << w) != 0 || ship.weapon_off(w) {
                    continue;
                }
                if let Some((j, band)) = self.target_for::<ORDERS>(i, w, &sighted) {
                    self.fire_with::<PLAIN>(i, w, j, band);
                }
            }
            self.s.sightings = sighted;
            if ORDERS {
                self.end_attack_step();
            }
        }
    }

    /// After ship `i` moved: Contingent Attack fire and PWS exchanges.
    #[inline(always)]
    fn after_movement_fire<const ORDERS: bool, const PLAIN: bool>(&mut self, i: usize) {
        let m = self.m;
        let player = &self.players[self.s.ships[i].side.index()];
        if ORDERS && player.fires() {
            self.contingent_fire(i);
        }
        if self.s.ships[i].active() && player.calls_pws_exchange() && m.rules.pws_exchange {
            if !PLAIN && m.fighters.any {
                self.pws_exchanges_with_fighters(i);
            } else {
                self.pws_exchanges::<PLAIN>(i);
            }
        }
    }

    /// Active AWS: per AWS, remove one enemy missile token within (Size × 2) (ch. 6 AWS).
    #[inline(always)]
    fn aws_active<const PLAIN: bool>(&mut self, i: usize) {
        let ship = &self.s.ships[i];
        let (side, pos, mut aws) = (ship.side, ship.pos, ship.equipment.aws);
        let reach = f64::from(ship.size) * 2.0;
        let mut k = 0;
        while aws > 0 && k < self.s.tokens.len() {
            let t = self.s.tokens[k];
            if self.s.ships[usize::from(t.attacker)].side != side && t.pos.distance(pos) <= reach {
                trace!(
                    self.obs,
                    "    {} AWS shoots down a missile token", self.m.names[i]
                );
                self.s.tokens.swap_remove(k);
                aws -= 1;
            } else {
                k += 1;
            }
        }
        if !PLAIN && aws > 0 && self.m.fighters.any {
            self.aws_vs_fighters(i, aws);
        }
    }

    /// PWS exchange (ch. 6 PWS; G19): after moving within 2 of an enemy ship, the mover may call
    /// an exchange — both ships deal 1d6 per PWS carried, no accuracy roll, normal track order.
    /// Once per pair per turn. The policy calls it when it carries at least as many PWS.
    #[inline(always)]
    fn pws_exchanges<const PLAIN: bool>(&mut self, i: usize) {
        let m = self.m;
        let reach = m.rules.pws_exchange_distance;
        let mine = self.s.ships[i].equipment.pws;
        if mine == 0 {
            return;
        }
        for j in 0..self.s.ships.len() {
            let (me, them) = (&self.s.ships[i], &self.s.ships[j]);
            if !me.active()
                || them.side == me.side
                || !them.active()
                || me.pws_partners & (1 << j) != 0
            {
                continue;
            }
            let d = them.pos - me.pos;
            let theirs = them.equipment.pws;
            if d.dot(d) > reach * reach || mine < theirs {
                continue;
            }
            self.s.ships[i].pws_partners |= 1 << j;
            self.s.ships[j].pws_partners |= 1 << i;
            let to_them: u32 = (0..mine).map(|_| u32::from(self.dice.d6())).sum();
            let to_me: u32 = (0..theirs).map(|_| u32::from(self.dice.d6())).sum();
            trace!(
                self.obs,
                "    PWS exchange {} <-> {}: {} / {}", m.names[i], m.names[j], to_them, to_me
            );
            let packet = |amount| DamagePacket {
                amount,
                order: m.rules.damage_order,
                bypass_accuracy: None,
                kinetic: false,
                health_only: false,
            };
            let dealt = self.damage_with::<PLAIN>(j, packet(to_them));
            self.s.ships[i].damage_dealt += dealt;
            let taken = self.damage_with::<PLAIN>(i, packet(to_me));
            self.s.ships[j].damage_dealt += taken;
        }
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The activation copies with hooks, out of line: however large they grow, the plain
    /// copy's inlining (and so `reference-3v3`'s speed) stays the same.
    #[inline(never)]
    fn activate_with_hooks(&mut self, i: usize) {
        if self.s.orders {
            self.activate_ship::<true, false>(i);
        } else {
            self.activate_ship::<false, false>(i);
        }
    }
}

impl<R: Roller, O: Observer, P: Player> ActivationDriver for Battle<'_, R, O, P> {
    fn first_player(&self) -> Side {
        self.s.first.unwrap_or(Side::A)
    }

    fn unit_count(&self) -> usize {
        self.s.ships.len()
    }

    fn unit(&self, i: usize) -> Option<(Side, u8)> {
        let s = &self.s.ships[i];
        // The plain test is the same for every unit: the activation scan hoists it.
        if self.s.plain {
            return s.active().then_some((s.side, s.size));
        }
        if self.s.grouped & (1 << i) != 0 {
            return self.group_unit(i);
        }
        let s = &self.s.ships[i];
        // A fighter aboard its carrier activates too: to launch (ch. 6c).
        (s.active() || s.status == Status::Aboard).then_some((s.side, s.size))
    }

    fn wants_to_pass(&mut self, side: Side, size: u8) -> bool {
        let passes = self.players[side.index()].passes(
            || {
                self.s.ships.iter().enumerate().any(|(j, s)| {
                    s.side != side
                        && s.active()
                        && s.size == size
                        && self.s.activated & (1 << j) == 0
                })
            },
            || self.pass_gain(side, size),
        );
        if passes {
            trace!(self.obs, "  side {side} passes at Size {size}");
        }
        passes
    }

    /// Which of a side's ships of one Size activates next is that player's choice; the
    /// policies have no preference, so it is rolled on the battle's dice (never the fleet's
    /// array order). One candidate: no roll.
    fn pick(&mut self, _side: Side, _size: u8, candidates: u64) -> usize {
        let n = candidates.count_ones();
        if n == 1 {
            return candidates.trailing_zeros() as usize;
        }
        nth_bit(candidates, self.dice.below(n))
    }

    fn activate(&mut self, i: usize) {
        self.s.activated |= 1 << i;
        if self.s.plain {
            self.activate_ship::<false, true>(i);
        } else {
            self.activate_with_hooks(i);
        }
    }

    fn decided(&self) -> bool {
        self.s.alive[0] == 0 || self.s.alive[1] == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step both sides take at once goes alternately, the first player's ship first — never
    /// all of side A before side B; a side with more ships finishes with its remaining ones.
    #[test]
    fn alternating_order_starts_with_the_first_player() {
        let sides = [Side::A, Side::A, Side::A, Side::B, Side::B];
        let order: Vec<usize> = Alternating::new(sides.into_iter(), Side::B).collect();
        assert_eq!(order, vec![3, 0, 4, 1, 2]);
        let order: Vec<usize> = Alternating::new(sides.into_iter(), Side::A).collect();
        assert_eq!(order, vec![0, 3, 1, 4, 2]);
    }

    #[test]
    fn nth_bit_counts_set_bits_from_the_lowest() {
        assert_eq!(nth_bit(0b1011_0100, 0), 2);
        assert_eq!(nth_bit(0b1011_0100, 2), 5);
        assert_eq!(nth_bit(0b1011_0100, 3), 7);
    }
}
