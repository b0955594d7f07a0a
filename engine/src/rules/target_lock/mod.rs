//! **The d10 quick-reference game** (seed `002_a55310e8ab9fe49d.txt`, digest
//! `seed-002-quickref.md`): an unnamed game's player aid — the Sequence of Play, the action
//! menu, d10 direct fire and projectile/seeker counters at the destination hex, Target Lock
//! with its modifiers, coded structure boxes with their sub-tables, repairs and the
//! Swarmer/Rocket Pack hits table. Called `target-lock` after its central procedure.
//!
//! The sheet has no weapon table, ship sheets, movement or victory: a config supplies the
//! weapon table and ship sheets (G1), and every other gap is a named house rule
//! ([`house_rules`], `docs/house-rules/target-lock.md`). Where a rule lives:
//! * [`direct_fire`] — the d10 roll and the to-hit modifiers ("Attack Procedures");
//! * [`lock`] — "Target Lock" and its modifiers;
//! * [`structure`] — the box codes ("Structure Damage"); [`tables`] — the Hangar, Internal
//!   Damage, Surface Features and Core Hit tables; [`swarmer`] — the Swarmer/Rocket Pack
//!   table; [`repairs`] — "Repairs";
//! * [`hex`] — the hex map; [`design`] — weapon table lines and ship sheets;
//! * [`battle`] — the Sequence of Play: activations, damage, counters and point defense;
//! * [`policy`] — AI presets; [`readings`] — the house rules a result rests on;
//! * [`config`] — TOML documents validated into a [`Matchup`].

pub mod battle;
pub mod config;
pub mod design;
pub mod direct_fire;
pub mod hex;
pub mod house_rules;
pub mod lock;
pub mod matchup;
pub mod policy;
pub mod readings;
pub mod repairs;
pub mod structure;
pub mod swarmer;
pub mod tables;
pub mod weapon_lines;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Decider, Outcome, ShipTally};
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, RuleSystem};

pub use battle::BattleState;
pub use matchup::Matchup;

/// Per-side event counters (indices into [`TargetLock::EVENTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Target locks gained.
    Locks,
    /// Target lock rolls failed.
    LockFailures,
    /// Aim actions taken.
    Aims,
    /// Direct-fire d10s that hit.
    DirectHits,
    /// Direct-fire d10s that missed.
    DirectMisses,
    /// Projectile/seeker counters placed.
    Salvos,
    /// Own counters discarded: the target was not in their hex.
    CountersDiscarded,
    /// Enemy warheads destroyed by own point defense.
    PdKills,
    /// Own counter warheads that hit.
    CounterHits,
    /// Own swarmer packs that hit (rolled on the pack table).
    SwarmerHits,
    /// Core Hits suffered (two (A) boxes in one attack).
    CoreHits,
    /// Own weapon banks jammed by Magazine boxes.
    Jams,
    /// Own systems destroyed by the sub-tables.
    SystemsLost,
    /// Own repairs that succeeded.
    Repairs,
    /// Own repairs that failed.
    RepairFailures,
    /// Burns spent on Move.
    Burns,
    /// Own ships destroyed.
    Destroyed,
}

/// The d10 quick-reference game.
#[derive(Clone, Copy, Debug, Default)]
pub struct TargetLock;

/// How a battle was decided. The sheet has no victory rules (G18), so even the last side
/// standing is a house rule (an ending play reaches, `house_ending`); the turn cap's measure is
/// a tie-break (`house_rule`).
pub const DECIDERS: [Decider; 4] = [
    Decider::house_ending("last_side_standing"),
    Decider::draw("mutual_destruction"),
    Decider::house_rule("boxes_destroyed_at_turn_cap"),
    Decider::draw("draw_at_turn_cap"),
];

/// [`DECIDERS`] index: one side has no ships left (G18).
pub const DECIDED_ANNIHILATION: u8 = 0;
/// [`DECIDERS`] index: both sides lost their last ships in the same turn.
pub const DECIDED_MUTUAL_DESTRUCTION: u8 = 1;
/// [`DECIDERS`] index: the larger share of enemy boxes destroyed at the turn cap (G18).
pub const DECIDED_TURN_CAP_MEASURE: u8 = 2;
/// [`DECIDERS`] index: equal shares at the turn cap.
pub const DECIDED_DRAW_AT_TURN_CAP: u8 = 3;

impl RuleSystem for TargetLock {
    const NAME: &'static str = "target-lock";
    const EVENTS: &'static [&'static str] = &[
        "locks",
        "lock_failures",
        "aims",
        "direct_hits",
        "direct_misses",
        "salvos",
        "counters_discarded",
        "pd_kills",
        "counter_hits",
        "swarmer_hits",
        "core_hits",
        "jams",
        "systems_lost",
        "repairs",
        "repair_failures",
        "burns",
        "destroyed",
    ];
    const POLICY_PRESETS: &'static [&'static str] = policy::Policy::PRESETS;
    const DECIDERS: &'static [Decider] = &DECIDERS;
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

    fn house_rules(matchup: &Self::Matchup) -> Vec<&'static str> {
        readings::in_effect(&matchup.rules, matchup.placeholder)
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
        !state.ships[ship].alive
    }

    /// Every ship's weapon banks, in sheet order (`weapon_lines.rs`).
    fn weapons(matchup: &Matchup) -> Vec<(usize, String)> {
        weapon_lines::names(matchup)
    }

    #[inline]
    fn tally_weapons(
        matchup: &Matchup,
        state: &BattleState,
        weapons: &mut [crate::outcome::WeaponTally],
    ) {
        weapon_lines::copy(matchup, &state.banks, weapons);
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
        observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome {
        battle::finish(matchup, state, observer, ships)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_names_match_the_enum() {
        assert_eq!(TargetLock::EVENTS.len(), Event::Destroyed as usize + 1);
        assert_eq!(TargetLock::EVENTS[Event::PdKills as usize], "pd_kills");
        assert_eq!(TargetLock::EVENTS[Event::Burns as usize], "burns");
    }
}
