//! [`ColdInfinity`] as a [`RuleSystem`]: events, deciders and the forward model over
//! [`battle`](super::battle).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Decider, Outcome, ShipTally};
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, RuleSystem};

use super::battle::{self, BattleState};
use super::matchup::Matchup;
use super::{config, policy, readings};

/// Per-side event counters (indices into [`ColdInfinity::EVENTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Shots rolled.
    Shots,
    /// Shots that hit (11+).
    Hits,
    /// Hits on the location chart (15–24).
    SystemHits,
    /// Hits straight to the core (25+).
    CoreHits,
    /// Catastrophic damage rolled on enemy sections (§13.2).
    Catastrophes,
    /// Own weapons that defended (§11.1).
    DefensiveFire,
    /// Own reactors that detonated (§13.1.4).
    ReactorDetonations,
    /// Own ships removed with every bridge destroyed (§13.1.8).
    BridgeLost,
    /// Own ships out of the battle.
    Destroyed,
}

/// Cold Infinity.
#[derive(Clone, Copy, Debug, Default)]
pub struct ColdInfinity;

/// How a battle was decided. The book has no victory conditions, so even the last side standing
/// is a house rule: an ending play reaches (`house_ending`) for the last side standing and the
/// disarmed side (house rule `disarmed`), a tie-break measure (`house_rule`) at the turn cap and
/// when both sides are disarmed.
pub const DECIDERS: [Decider; 7] = [
    Decider::house_ending("last_side_standing"),
    Decider::draw("mutual_destruction"),
    Decider::house_rule("structure_destroyed_at_turn_cap"),
    Decider::draw("draw_at_turn_cap"),
    Decider::house_ending("disarmed_side_out"),
    Decider::house_rule("structure_destroyed_when_disarmed"),
    Decider::draw("draw_when_disarmed"),
];

/// [`DECIDERS`] index: one side has no ships left.
pub const DECIDED_ANNIHILATION: u8 = 0;
/// [`DECIDERS`] index: both sides lost their last ships in the same turn.
pub const DECIDED_MUTUAL_DESTRUCTION: u8 = 1;
/// [`DECIDERS`] index: the larger share of enemy structure destroyed at the turn cap.
pub const DECIDED_TURN_CAP_MEASURE: u8 = 2;
/// [`DECIDERS`] index: equal shares at the turn cap.
pub const DECIDED_DRAW_AT_TURN_CAP: u8 = 3;
/// [`DECIDERS`] index: the loser had no ship left that could attack (house rule `disarmed`).
pub const DECIDED_DISARMED_SIDE_OUT: u8 = 4;
/// [`DECIDERS`] index: neither side could attack; the larger share of enemy structure destroyed.
pub const DECIDED_DISARMED_MEASURE: u8 = 5;
/// [`DECIDERS`] index: neither side could attack; equal shares.
pub const DECIDED_DRAW_WHEN_DISARMED: u8 = 6;

impl RuleSystem for ColdInfinity {
    const NAME: &'static str = "cold-infinity";
    const EVENTS: &'static [&'static str] = &[
        "shots",
        "hits",
        "system_hits",
        "core_hits",
        "catastrophes",
        "defensive_fire",
        "reactor_detonations",
        "bridge_lost",
        "destroyed",
    ];
    const POLICY_PRESETS: &'static [&'static str] = policy::Policy::PRESETS;
    const DECIDERS: &'static [Decider] = &DECIDERS;
    const POINTS_UNIT: &'static str = "CP";
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
        let mut keys = readings::in_effect(&matchup.rules, &matchup.scenario);
        if matchup.designs.iter().any(|d| d.cost.design_data_cp > 0) {
            keys.push(readings::DESIGN_DATA);
        }
        keys
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

    /// Every ship's direct-fire mounts, in SDS order (`weapon_lines.rs`).
    fn weapons(matchup: &Matchup) -> Vec<(usize, String)> {
        super::weapon_lines::names(matchup)
    }

    #[inline]
    fn tally_weapons(
        matchup: &Matchup,
        state: &BattleState,
        weapons: &mut [crate::outcome::WeaponTally],
    ) {
        super::weapon_lines::copy(matchup, &state.lines, weapons);
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
        assert_eq!(ColdInfinity::EVENTS.len(), Event::Destroyed as usize + 1);
        assert_eq!(
            ColdInfinity::EVENTS[Event::DefensiveFire as usize],
            "defensive_fire"
        );
        assert_eq!(
            ColdInfinity::EVENTS[Event::BridgeLost as usize],
            "bridge_lost"
        );
    }
}
