//! **Ship to Ship Combat** (seed `001_4562b86ca12635cd.txt`, one chapter of a modular-ship
//! RPG; digest `seed-001-modular-ships.md`): ships laid out as grids of square modules on a hex
//! map; Cannons in Standard, Long or Multi mode; line of sight through hexsides and corners;
//! facing from the module grid; 2d6 hit allocation onto the grid; shield dice; Broken and
//! Slagged modules; hull checks on the triangular table with Stabilizers and Luck; explosions.
//!
//! The chapter has no to-hit roll, round structure, movement or power economy: those are
//! named house rules (digest G1–G20, `docs/house-rules/ship-to-ship.md`). Where a rule lives
//! (one file per section of the chapter):
//! * [`hex`] — the hex map, hexsides and corners ("Line of Sight (Ships)");
//! * [`line_of_sight`] — blocking objects ("Line of Sight (Ships)");
//! * [`facing`] — four ship sides on six hexsides, module facing, side struck;
//! * [`grid`] — the module grid and its text picture;
//! * [`hit_allocation`] — the 2d6 allocation line ("Hit Allocation");
//! * [`cannon`] — Cannon modes; [`cannon_hits`] — shield dice, per-die effects, Broken and
//!   Slagged modules ("Cannon Hits", "Broken Modules", "Slagged Modules");
//! * [`hull_check`] — hull damage and the hull check ("Hull Damage and Ship Explosion");
//! * [`explosion`] — the blast ("Ship Explosion");
//! * [`battle`] — the invented round (G1), movement (G6), firing and strikes, the end;
//! * [`design`], [`ship`], [`matchup`] — vocabulary and battle state;
//! * [`policy`] — AI presets; [`house_rules`] — every gap as a named default; [`readings`] —
//!   the house rules a matchup rests on;
//! * [`config`] — config at the edge (no rule module imports it).

pub mod battle;
pub mod cannon;
pub mod cannon_hits;
pub mod config;
pub mod design;
pub mod explosion;
pub mod facing;
pub mod grid;
pub mod hex;
pub mod hit_allocation;
pub mod house_rules;
pub mod hull_check;
pub mod line_of_sight;
pub mod matchup;
pub mod policy;
pub mod readings;
pub mod ship;
pub mod weapon_lines;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Decider, Outcome, ShipTally};
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, RuleSystem};
use battle::BattleState;
use matchup::Matchup;

/// The rule system: **Ship to Ship Combat** (seed 001).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShipToShip;

impl RuleSystem for ShipToShip {
    const NAME: &'static str = "ship-to-ship";
    const EVENTS: &'static [&'static str] = &battle::EVENTS;
    const DECIDERS: &'static [Decider] = &battle::end::DECIDERS;
    const POLICY_PRESETS: &'static [&'static str] = policy::Policy::PRESETS;
    type Doc = config::Doc;
    type Matchup = Matchup;
    type State = BattleState;

    fn includes(doc: &Self::Doc) -> Vec<(String, std::ops::Range<usize>)> {
        crate::rule_system::spanned_includes(&doc.include)
    }

    fn experiment(doc: &Self::Doc) -> Option<&ExperimentSpec> {
        doc.experiment.as_ref()
    }

    fn build(docs: &[Self::Doc]) -> Result<Vec<NamedMatchup<Matchup>>, Vec<ConfigIssue>> {
        config::build(docs)
    }

    fn fleets(docs: &[Self::Doc]) -> Vec<String> {
        let fleets = docs.iter().flat_map(|d| &d.fleet);
        fleets.map(|f| f.get_ref().name.get_ref().clone()).collect()
    }

    fn house_rules(matchup: &Matchup) -> Vec<&'static str> {
        readings::in_effect(&matchup.rules)
    }

    fn new_state(matchup: &Matchup) -> BattleState {
        BattleState::for_matchup(matchup)
    }

    fn ship_count(matchup: &Matchup) -> usize {
        matchup.start.len()
    }

    fn ship_side(matchup: &Matchup, ship: usize) -> crate::outcome::Side {
        matchup.start[ship].side
    }

    fn ship_destroyed(state: &BattleState, ship: usize) -> bool {
        !state.ships[ship].alive()
    }

    /// Every ship's Cannons and Missile Bays, in grid order (`weapon_lines.rs`).
    fn weapons(matchup: &Matchup) -> Vec<(usize, String)> {
        weapon_lines::names(matchup)
    }

    #[inline]
    fn tally_weapons(
        matchup: &Matchup,
        state: &BattleState,
        weapons: &mut [crate::outcome::WeaponTally],
    ) {
        weapon_lines::copy(matchup, &state.lines, weapons);
    }

    fn begin<R: Roller, O: Observer>(
        matchup: &Matchup,
        state: &mut BattleState,
        _dice: &mut R,
        _observer: &mut O,
    ) {
        battle::begin(matchup, state);
    }

    fn turn<R: Roller, O: Observer>(
        matchup: &Matchup,
        state: &mut BattleState,
        dice: &mut R,
        observer: &mut O,
    ) -> bool {
        battle::turn(matchup, state, dice, observer)
    }

    fn finish<R: Roller, O: Observer>(
        matchup: &Matchup,
        state: &mut BattleState,
        _dice: &mut R,
        _observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome {
        battle::end::finish(matchup, state, ships)
    }
}
