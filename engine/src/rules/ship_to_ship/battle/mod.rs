//! The battle: the invented round (G1: phases of movement then fire, Used markers cleared at
//! the end, G5), the chapter's shot and damage sequence ([`strike`]), explosions and their
//! blasts ([`strike::explode`]), and the end (annihilation, or the round cap's measure).
//!
//! * [`movement`] — G6 movement and turning, chosen by the policy from one snapshot;
//! * [`fire`] — choosing and firing shots (facing, line of sight, to-hit G2, Cannon modes);
//! * [`aim`] — the side at a corner and the "7" a Cannon declares;
//! * [`strike`] — one strike: allocation, shield dice, per-die effects, Shields, hull check,
//!   explosion and blast;
//! * [`end`] — who won.

pub mod aim;
pub mod end;
pub mod fire;
pub mod movement;
pub mod strike;

use super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::house_rules::{BrokenModules, UsedClear};
use super::matchup::Matchup;
use super::ship::ShipState;
use super::weapon_lines::CellTallies;
use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{MAX_EVENTS, Side, WeaponTally};
use crate::trace;

/// The named events a side counts (`RuleSystem::EVENTS`, indexed by [`Event`]).
pub const EVENTS: [&str; 17] = [
    "shots",
    "hits",
    "misses",
    "strikes",
    "broken_markers",
    "slagged",
    "dice_missed",
    "collateral_dice",
    "hull_checks",
    "hull_checks_failed",
    "stabilizer_rerolls",
    "luck_spent",
    "explosions",
    "blast_strikes",
    "repairs",
    "scans_spent",
    "allocation_luck_spent",
];

/// Index into [`EVENTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A Cannon fired.
    Shots,
    /// A shot hit (G2).
    Hits,
    /// A shot missed (G2).
    Misses,
    /// Strikes taken (shots that hit and blasts).
    Strikes,
    /// Broken markers placed on this side's modules.
    BrokenMarkers,
    /// This side's modules slagged.
    Slagged,
    /// Damage dice against this side that missed the silhouette.
    DiceMissed,
    /// Collateral damage dice to this side's crews (G8: counted only).
    CollateralDice,
    /// Hull checks this side made.
    HullChecks,
    /// Hull checks this side failed.
    HullChecksFailed,
    /// Hull Stabilizer rerolls used.
    StabilizerRerolls,
    /// Luck points spent on hull checks.
    LuckSpent,
    /// This side's ships that exploded.
    Explosions,
    /// Blast strikes this side's ships took.
    BlastStrikes,
    /// Broken markers this side repaired (G18).
    Repairs,
    /// Scans spent on rerolling hit allocation dice (seed, "Hit Allocation").
    ScansSpent,
    /// Luck points spent on rerolling hit allocation dice (G14 `reroll-die`).
    AllocationLuckSpent,
}

/// One worker's battle: the ships and the round counter; reset by copying the matchup's
/// template into vectors that keep their capacity.
#[derive(Debug)]
pub struct BattleState {
    /// Every ship, side A's first.
    pub ships: Vec<ShipState>,
    /// Rounds played.
    pub round: u32,
    /// Per-side event counters.
    pub events: [[u32; MAX_EVENTS]; 2],
    /// Whether the battle ended.
    pub ended: bool,
    /// Per ship, its weapon modules' totals by grid cell (damage by weapon, `weapon_lines.rs`).
    pub lines: Vec<CellTallies>,
}

impl Clone for BattleState {
    fn clone(&self) -> Self {
        BattleState {
            ships: self.ships.clone(),
            round: self.round,
            events: self.events,
            ended: self.ended,
            lines: self.lines.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.ships.clone_from(&source.ships);
        self.round = source.round;
        self.events = source.events;
        self.ended = source.ended;
        self.lines.clone_from(&source.lines);
    }
}

impl BattleState {
    /// Fresh state sized for `m`.
    pub fn for_matchup(m: &Matchup) -> BattleState {
        BattleState {
            ships: m.start.clone(),
            round: 0,
            events: [[0; MAX_EVENTS]; 2],
            ended: false,
            lines: vec![[WeaponTally::default(); MAX_ROWS * MAX_COLS]; m.start.len()],
        }
    }

    /// Count an event for `side`.
    pub fn count(&mut self, side: Side, e: Event, n: u32) {
        self.events[side.index()][e as usize] += n;
    }

    /// Ships of `side` still in play.
    pub fn alive(&self, side: Side) -> usize {
        self.ships
            .iter()
            .filter(|s| s.side == side && s.alive())
            .count()
    }
}

/// Set up a battle: the deployed fleets (already mirror images in the matchup).
pub fn begin(m: &Matchup, st: &mut BattleState) {
    st.ships.clear();
    st.ships.extend_from_slice(&m.start);
    st.round = 0;
    st.events = [[0; MAX_EVENTS]; 2];
    st.ended = false;
    st.lines.clear();
    st.lines
        .resize(m.start.len(), [WeaponTally::default(); MAX_ROWS * MAX_COLS]);
}

/// Whether every Engine of the ship is Broken (G9 default: it loses power and way).
pub fn engines_out(m: &Matchup, s: &ShipState) -> bool {
    if m.rules.g9_broken_modules != BrokenModules::Digest {
        return false;
    }
    let mut any = false;
    for &(r, c, kind) in &m.modules[usize::from(s.design)] {
        if kind == ModuleKind::Engine {
            any = true;
            if !s.is_broken(usize::from(r), usize::from(c)) {
                return false;
            }
        }
    }
    any
}

/// Whether a module of `kind` is Broken (any of them) and G9's default gives it an effect.
pub fn any_broken(m: &Matchup, s: &ShipState, kind: ModuleKind) -> bool {
    if m.rules.g9_broken_modules != BrokenModules::Digest {
        return false;
    }
    m.modules[usize::from(s.design)]
        .iter()
        .any(|&(r, c, k)| k == kind && s.is_broken(usize::from(r), usize::from(c)))
}

/// One round (G1): the power step, then each phase's movement and fire, then the end of the
/// round. Returns whether the battle has ended.
pub fn turn<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    st.round += 1;
    trace!(obs, "== Round {} ==", st.round);
    power_step(m, st);
    let phases = u32::from(m.rules.g1_phases_per_round);
    for phase in 0..phases {
        movement::move_ships(m, st, phase, dice, obs);
        fire::fire_phase(m, st, dice, obs);
        if m.rules.g5_used_markers_clear == UsedClear::EndOfPhase {
            st.ships.iter_mut().for_each(|s| s.used = 0);
        }
        if m.rules.g7_ooc_decay {
            st.ships
                .iter_mut()
                .for_each(|s| s.ooc = s.ooc.saturating_sub(1));
        }
        if st.alive(Side::A) == 0 || st.alive(Side::B) == 0 {
            st.ended = true;
            return true;
        }
    }
    fire::repairs(m, st, dice, obs);
    st.ships.iter_mut().for_each(|s| s.used = 0);
    st.ended = st.round >= m.rules.round_cap;
    st.ended
}

/// The power step (digest §1b step 1, G4): Guns and Shields stay as they are (set from the
/// design at deployment); Shields regain `g4_shield_regen_per_round` up to the design's value
/// unless a Science module is Broken (G9 default); a ship whose Engines are all Broken has
/// Guns and Shields 0 (G9 default).
fn power_step(m: &Matchup, st: &mut BattleState) {
    let regen = m.rules.g4_shield_regen_per_round;
    for k in 0..st.ships.len() {
        let s = st.ships[k];
        if !s.alive() {
            continue;
        }
        let d = &m.designs[usize::from(s.design)];
        if engines_out(m, &s) {
            st.ships[k].guns = 0;
            st.ships[k].shields = 0;
            continue;
        }
        if st.round > 1 && regen > 0 && !any_broken(m, &s, ModuleKind::Science) {
            st.ships[k].shields = s.shields.saturating_add(regen).min(d.shields);
        }
    }
}
