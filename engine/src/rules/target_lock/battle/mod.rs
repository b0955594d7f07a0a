//! The battle: the Sequence of Play turn by turn (seed, "Sequence of Play"; digest §1).
//!
//! 1 Command Points (G3), 2 Initiative (G4), 3 Actions — sides alternate activating one ship
//! at a time, initiative winner first ([`activation`]), 4 Drift, 5 Gravity (off, G6), 6 Point
//! Defense Fire and 7 Missile Resolution ([`missiles`]), 8 Record Keeping (here).

pub mod activation;
pub mod closing;
pub mod damage;
#[cfg(test)]
pub mod fixture;
pub mod missiles;
#[cfg(test)]
mod one_action;
#[cfg(test)]
mod scripted;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{
    Outcome, ShareDeciders, ShipTally, Side, SideTally, WeaponTally, end_by_share,
};
use crate::trace;

use super::Event;
use super::design::{Drive, MAX_BANKS, ShipDesign};
use super::hex::{DIRECTIONS, Hex};
use super::house_rules::{CommandPoints, InitiativeTies, Jam, LockLasts};
use super::matchup::Matchup;
use super::structure::{CODES, Code};
use super::tables::{SYSTEMS, System};
use super::weapon_lines::BankTallies;
use super::{
    DECIDED_ANNIHILATION, DECIDED_DRAW_AT_TURN_CAP, DECIDED_MUTUAL_DESTRUCTION,
    DECIDED_TURN_CAP_MEASURE,
};
pub use missiles::Counter;

/// Most ships in a matchup (locks are a bit set).
pub const MAX_SHIPS: usize = 32;

/// Most boxes on a structure track (lost boxes are a bit set).
pub const MAX_BOXES: usize = 64;

/// A scanner's state (seed, System box: "Disable ... If already disabled, destroy it").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scanner {
    /// Working.
    #[default]
    Working,
    /// Disabled (repairable, Average).
    Disabled,
    /// Destroyed.
    Destroyed,
    /// The ship has none.
    Absent,
}

/// One ship in battle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipState {
    /// Design index in the matchup.
    pub design: u16,
    /// Side.
    pub side: Side,
    /// Ship counter.
    pub ship: Hex,
    /// Destination counter.
    pub dest: Hex,
    /// Facing (a unit direction; the last thrust's, else toward the enemy).
    pub facing: Hex,
    /// Lost boxes of the track (bit i = box i).
    pub lost: u64,
    /// Boxes lost per code.
    pub lost_codes: [u8; CODES],
    /// Intact boxes left.
    pub boxes_left: u32,
    /// Burns left.
    pub burns: i32,
    /// Warheads left.
    pub warheads: i32,
    /// Cargo left.
    pub cargo: i32,
    /// Long- and short-range scanners.
    pub scanners: [Scanner; 2],
    /// Destroyed systems per kind.
    pub destroyed: [u8; SYSTEMS],
    /// Lost weapon banks (bit per bank).
    pub banks_lost: u8,
    /// Jammed weapon banks (bit per bank).
    pub banks_jammed: u8,
    /// Ships this ship holds a Target Lock on (bit per ship).
    pub locks: u32,
    /// To-hit bonus of an Aim action for the next attack.
    pub aim: i32,
    /// Took Activate Point Defense this turn.
    pub pd_active: bool,
    /// Hexes its destination counter moved this turn ("hex of displacement").
    pub displacement: i32,
    /// Still in the battle.
    pub alive: bool,
    /// Damage dealt (boxes).
    pub dealt: u32,
    /// Damage taken (boxes).
    pub taken: u32,
}

impl ShipState {
    /// A ship of `design` on `side` at `at`, facing `facing`.
    pub fn new(index: u16, d: &ShipDesign, side: Side, at: Hex, facing: Hex) -> Self {
        let scanner = |has: bool| {
            if has {
                Scanner::Working
            } else {
                Scanner::Absent
            }
        };
        ShipState {
            design: index,
            side,
            ship: at,
            dest: at,
            facing,
            lost: 0,
            lost_codes: [0; CODES],
            boxes_left: d.track.len() as u32,
            burns: d.burns,
            warheads: d.warheads,
            cargo: d.cargo,
            scanners: [scanner(d.scanners[0]), scanner(d.scanners[1])],
            destroyed: [0; SYSTEMS],
            banks_lost: 0,
            banks_jammed: 0,
            locks: 0,
            aim: 0,
            pd_active: false,
            displacement: 0,
            alive: true,
            dealt: 0,
            taken: 0,
        }
    }

    /// Whether a system is present and not destroyed.
    pub fn has(&self, d: &ShipDesign, s: System) -> bool {
        self.destroyed[s as usize] < d.systems[s as usize]
    }

    /// Whether every box of `code` the design has is lost (and it has some).
    pub fn all_lost(&self, d: &ShipDesign, code: Code) -> bool {
        let n = d.boxes(code);
        n > 0 && u32::from(self.lost_codes[code as usize]) >= n
    }

    /// Whether the ship has a hangar it can use (seed, Hangar (H): "When the last (H) is lost,
    /// the ship's hangar is unusable"): it has hangar systems (Hangar Door, Small Craft Bay,
    /// Catapult) and not every (H) box is lost. Nothing in battle uses a hangar yet (small
    /// craft, G15); the sub-tables and repairs leave an unusable hangar alone.
    pub fn hangar_usable(&self, d: &ShipDesign) -> bool {
        let has = |s: System| d.systems[s as usize] > 0;
        (has(System::HangarDoor) || has(System::SmallCraftBay) || has(System::Catapult))
            && !self.all_lost(d, Code::Hangar)
    }

    /// Whether weapon bank `b` can fire.
    pub fn bank_ready(&self, b: usize) -> bool {
        (self.banks_lost | self.banks_jammed) & (1 << b) == 0
    }

    /// Whether the ship is "using" its drive this turn (thrust this turn).
    pub fn thrusting(&self) -> bool {
        self.displacement > 0
    }

    /// Whether the ship thrusts on a reaction drive this turn.
    pub fn on_reaction_drive(&self, d: &ShipDesign) -> bool {
        self.thrusting() && d.drive == Drive::Reaction
    }
}

/// A worker's battle state, reused battle after battle.
#[derive(Debug, Default)]
pub struct BattleState {
    /// Ships, side A's first.
    pub ships: Vec<ShipState>,
    /// Projectile and seeker counters in flight.
    pub counters: Vec<Counter>,
    /// Turn number (1-based once begun).
    pub turn: u32,
    /// The side that lost initiative last turn.
    pub last_loser: Option<Side>,
    /// Per-side tallies.
    pub sides: [SideTally; 2],
    /// Activation order of this turn (ship indices).
    pub order: Vec<u8>,
    /// Per ship, its weapon banks' totals (damage by weapon, `weapon_lines.rs`).
    pub banks: Vec<BankTallies>,
}

impl Clone for BattleState {
    fn clone(&self) -> Self {
        BattleState {
            ships: self.ships.clone(),
            counters: self.counters.clone(),
            turn: self.turn,
            last_loser: self.last_loser,
            sides: self.sides,
            order: self.order.clone(),
            banks: self.banks.clone(),
        }
    }

    /// Field by field, reusing the buffers: a search player copies the position before every
    /// rollout without allocating.
    fn clone_from(&mut self, source: &Self) {
        self.ships.clone_from(&source.ships);
        self.counters.clone_from(&source.counters);
        self.turn = source.turn;
        self.last_loser = source.last_loser;
        self.sides = source.sides;
        self.order.clone_from(&source.order);
        self.banks.clone_from(&source.banks);
    }
}

impl BattleState {
    /// State sized for `m`.
    pub fn for_matchup(m: &Matchup) -> Self {
        BattleState {
            ships: Vec::with_capacity(m.start.len()),
            counters: Vec::with_capacity(m.start.len() * super::design::MAX_BANKS),
            order: Vec::with_capacity(m.start.len()),
            banks: Vec::with_capacity(m.start.len()),
            ..BattleState::default()
        }
    }

    /// Count one event for `side`.
    pub fn event(&mut self, side: Side, e: Event) {
        self.sides[side.index()].events[e as usize] += 1;
    }

    fn alive(&self, side: Side) -> usize {
        self.ships
            .iter()
            .filter(|s| s.alive && s.side == side)
            .count()
    }
}

/// The direction list in `side`'s own frame: side B's is side A's reflected, so mirror
/// deployments play as mirror images.
pub fn directions(side: Side) -> [Hex; 6] {
    match side {
        Side::A => DIRECTIONS,
        Side::B => DIRECTIONS.map(Hex::neg),
    }
}

/// Set up a battle: every ship at its start.
pub fn begin(m: &Matchup, st: &mut BattleState) {
    st.ships.clear();
    st.ships.extend_from_slice(&m.start);
    st.counters.clear();
    st.turn = 0;
    st.last_loser = None;
    st.sides = [SideTally::default(); 2];
    st.banks.clear();
    st.banks
        .resize(m.start.len(), [WeaponTally::default(); MAX_BANKS]);
}

/// One turn; `true` when the battle is over.
pub fn turn<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    st.turn += 1;
    trace!(obs, "turn {}", st.turn);
    // 1 Command Points (G3) and 2 Initiative (G4).
    let first = initiative(m, st, dice, obs);
    // 3 Actions: alternate ships, initiative winner first.
    activation_order(st, first);
    for k in 0..st.order.len() {
        let i = st.order[k] as usize;
        if st.ships[i].alive {
            activation::activate(m, st, i, dice, obs);
        }
    }
    // 4 Drift: every ship counter moves to its destination counter; the vector carries on.
    for s in st.ships.iter_mut().filter(|s| s.alive) {
        let v = s.dest.sub(s.ship);
        s.ship = s.dest;
        s.dest = s.dest.add(v);
    }
    // 5 Gravity: no gravity wells (G6).
    // 6 Point Defense Fire, 7 Missile Resolution.
    missiles::point_defense(m, st, dice, obs);
    missiles::resolve(m, st, dice, obs);
    // 8 Record Keeping.
    record_keeping(m, st, dice, obs)
}

/// Steps 1–2: each side rolls 1d10 (+ its command points); the higher acts first.
fn initiative<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> Side {
    let cp = |side: Side| -> i32 {
        if m.rules.command_points == CommandPoints::Off {
            return 0;
        }
        st.ships
            .iter()
            .filter(|s| {
                s.alive
                    && s.side == side
                    && s.has(&m.designs[s.design as usize], System::FlagBridge)
            })
            .count() as i32
    };
    let (cpa, cpb) = (cp(Side::A), cp(Side::B));
    let mut tries = 0;
    let first = loop {
        let a = dice.below(10) as i32 + 1 + cpa;
        let b = dice.below(10) as i32 + 1 + cpb;
        tries += 1;
        if a != b {
            break if a > b { Side::A } else { Side::B };
        }
        if let (InitiativeTies::LastLoser, Some(l)) = (m.rules.initiative_ties, st.last_loser) {
            break l;
        }
        if tries > 50 {
            // Both sides roll the same forever only with broken dice; the battle's dice decide.
            break if dice.d6() <= 3 { Side::A } else { Side::B };
        }
    };
    st.last_loser = Some(first.other());
    trace!(obs, "  initiative: side {first} (CP {cpa}/{cpb})");
    first
}

/// Activation order: one ship at a time, alternating sides, `first`'s first.
fn activation_order(st: &mut BattleState, first: Side) {
    st.order.clear();
    let n = st.ships.len();
    let (mut ia, mut ib) = (0usize, 0usize);
    let next = |from: &mut usize, side: Side, ships: &[ShipState]| -> Option<u8> {
        while *from < n {
            let k = *from;
            *from += 1;
            if ships[k].alive && ships[k].side == side {
                return Some(k as u8);
            }
        }
        None
    };
    loop {
        let before = st.order.len();
        for side in [first, first.other()] {
            let from = if side == Side::A { &mut ia } else { &mut ib };
            if let Some(k) = next(from, side, &st.ships) {
                st.order.push(k);
            }
        }
        if st.order.len() == before {
            break;
        }
    }
}

/// Step 8: destruction, the turn's markers, the end of the battle (G18).
fn record_keeping<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    for i in 0..st.ships.len() {
        let d = &m.designs[st.ships[i].design as usize];
        let s = &mut st.ships[i];
        if !s.alive {
            continue;
        }
        // "When all (R) are lost, lose 1d6 burns/turn until tanks are empty."
        if s.all_lost(d, Code::Remass) && s.burns > 0 {
            s.burns = (s.burns - i32::from(dice.d6())).max(0);
        }
        if m.rules.lock_lasts == LockLasts::Turn {
            s.locks = 0;
        }
        s.aim = 0;
        s.pd_active = false;
        s.displacement = 0;
        if m.rules.jam == Jam::OneTurn {
            s.banks_jammed = 0;
        }
        if m.rules.scuttle_at > 0 && s.boxes_left <= m.rules.scuttle_at && s.boxes_left > 0 {
            s.boxes_left = 0;
            trace!(obs, "  {} scuttles", m.names[i]);
        }
        if s.boxes_left == 0 {
            s.alive = false;
            let side = s.side;
            st.event(side, Event::Destroyed);
            trace!(obs, "  {} destroyed", m.names[i]);
        }
    }
    // A destroyed ship's locks on others and others' locks on it go.
    let mut dead = 0u32;
    for (i, s) in st.ships.iter().enumerate() {
        if !s.alive {
            dead |= 1 << i;
        }
    }
    for s in st.ships.iter_mut() {
        s.locks &= !dead;
    }
    st.counters
        .retain(|c| st.ships.get(c.target as usize).is_some_and(|t| t.alive));
    st.alive(Side::A) == 0 || st.alive(Side::B) == 0 || st.turn >= m.rules.turn_cap
}

/// Score the ended battle.
pub fn finish<O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    obs: &mut O,
    ships: &mut [ShipTally],
) -> Outcome {
    let (a, b) = (st.alive(Side::A), st.alive(Side::B));
    let mut sides = st.sides;
    let mut lost = [0u64; 2];
    let mut total = [0u64; 2];
    for (i, s) in st.ships.iter().enumerate() {
        let k = s.side.index();
        let d = &m.designs[s.design as usize];
        sides[k].damage_dealt += s.dealt;
        sides[k].damage_taken += s.taken;
        total[k] += d.track.len() as u64;
        lost[k] += d.track.len() as u64 - u64::from(s.boxes_left);
        if s.alive {
            sides[k].survivors += 1;
        } else {
            sides[k].points_lost += d.points;
        }
        ships[i] = ShipTally {
            damage_dealt: s.dealt,
            damage_taken: s.taken,
            destroyed: !s.alive,
            ..ships[i]
        };
    }
    // G18: the larger share of the enemy's boxes destroyed wins at the turn cap.
    let (verdict, ending, decided_by) = end_by_share(
        [a, b],
        lost,
        total,
        ShareDeciders {
            annihilation: DECIDED_ANNIHILATION,
            mutual_destruction: DECIDED_MUTUAL_DESTRUCTION,
            measure: DECIDED_TURN_CAP_MEASURE,
            draw_at_cap: DECIDED_DRAW_AT_TURN_CAP,
        },
    );
    trace!(
        obs,
        "end after turn {}: {} (decided by {})",
        st.turn,
        verdict.words(),
        super::DECIDERS[usize::from(decided_by)].name
    );
    Outcome {
        verdict,
        standing: verdict,
        ending,
        decided_by,
        turns: st.turn,
        sides,
    }
}
