//! **Cosmic Conflict** ("Rules WIP", 2022; seed `003_f757a6b0afb79dc0.txt`): d6 fleet combat
//! with Sizes 1–6, Size-ordered activation with passing, free-form movement, Accuracy/Damage
//! rolls against a Miss/Glance/Hit chart, Armor/Shield/Health tracks and a 2d6 Condition table.
//!
//! Where a rule lives:
//! * [`design`] — the SIC vocabulary (ch. 2, ch. 6);
//! * [`attack`] — range bands, Accuracy and Damage, Miss/Glance/Hit (ch. 4, ch. 6 weapons and
//!   variants);
//! * [`damage`] — assigning damage to tracks, bypass rules (ch. 4, ch. 6 Kinetic/Shield; G3);
//! * [`condition`] — the Condition table and its effects (ch. 5);
//! * [`activation`] — the Size-ordered activation algorithm with passing (ch. 5);
//! * [`battle`] — the turn loop, attacks, movement, missiles, PWS/AWS, game end (ch. 3–7);
//! * [`points`] — the SIC Points Calculation Matrix (ch. 10);
//! * [`house_rules`] — every gap filled by a named, overridable default;
//! * [`orders`] — Orders, Command Tokens and their per-turn record (ch. 5, ch. 8);
//!   [`command`] — the AI's decisions about them (rerolls, Dodge, Condition choice);
//! * [`formation`] — Formations and Escorts (ch. 9g);
//! * [`player`] — the side's player: the seam where the rules ask a side for its choices;
//!   [`policy`] — the scripted AI policies, which are players;
//! * [`terrain`], [`terrain_library`] — terrain attributes, line of sight, the text's example
//!   pieces (ch. 8); [`victory`] — the scenario's victory conditions and objectives (ch. 9);
//!   [`faction`] — the optional faction rules (ch. 9b);
//! * [`fighters`] — fighters and carriers (ch. 6c); their turn is `battle/fighter_phase.rs`;
//! * [`config`] — the layer at the edge: config documents, validated into a [`Matchup`] (no
//!   rule module imports it).
//!

pub mod activation;
pub mod attack;
pub mod battle;
pub mod command;
pub mod condition;
pub mod config;
pub mod damage;
pub mod deployment;
pub mod design;
pub mod faction;
pub mod fighters;
pub mod fire_steps;
pub mod formation;
pub mod house_rules;
pub mod matchup;
pub mod orders;
pub mod player;
pub mod points;
pub mod policy;
pub mod readings;
pub mod scenario_events;
pub mod ship;
pub mod terrain;
pub mod terrain_library;
pub mod victory;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Decider, Outcome, ShipTally};
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, RuleSystem};

pub use battle::BattleState;
pub use matchup::Matchup;

/// How a Cosmic Conflict battle was decided ([`Outcome::decided_by`] indexes this list; the
/// `DECIDED_*` constants name the entries).
pub const DECIDERS: &[Decider] = &[
    // "If a game turn begins with only one player side controlling all remaining ships, the
    // game ends" (ch. 9): the side left won (house rule D5: a side with no ships left cannot
    // claim victory, so the victory conditions are not counted).
    Decider::text("annihilation"),
    // Both sides gone in the same turn.
    Decider::draw("mutual_destruction"),
    // The "standard" game (ch. 9): the scenario objective plus the victory conditions drawn
    // after the game; "The player that wins one more victory condition than the opponent can
    // claim victory".
    Decider::text("victory_conditions"),
    // "It is possible to achieve a tie in both determining a victory condition and for the
    // game."
    Decider::draw("victory_tie"),
    // `scoring = "points-destroyed"`: the house measure at the game's end.
    Decider::house_rule("points_destroyed"),
    // `scoring = "points-destroyed"` with equal points (within `draw_margin`).
    Decider::draw("draw_at_game_end"),
];

/// [`DECIDERS`] index: annihilation.
pub const DECIDED_ANNIHILATION: u8 = 0;
/// [`DECIDERS`] index: mutual destruction.
pub const DECIDED_MUTUAL_DESTRUCTION: u8 = 1;
/// [`DECIDERS`] index: the objective and the drawn victory conditions.
pub const DECIDED_VICTORY_CONDITIONS: u8 = 2;
/// [`DECIDERS`] index: a tie on victory conditions.
pub const DECIDED_VICTORY_TIE: u8 = 3;
/// [`DECIDERS`] index: points destroyed (house measure).
pub const DECIDED_POINTS_DESTROYED: u8 = 4;
/// [`DECIDERS`] index: points destroyed, equal.
pub const DECIDED_DRAW_AT_GAME_END: u8 = 5;

/// The Cosmic Conflict rule system.
#[derive(Clone, Copy, Debug, Default)]
pub struct CosmicConflict;

impl RuleSystem for CosmicConflict {
    const NAME: &'static str = "cosmic-conflict";
    const EVENTS: &'static [&'static str] = orders::EVENTS;
    const DECIDERS: &'static [Decider] = DECIDERS;
    const POLICY_PRESETS: &'static [&'static str] = &policy::Policy::PRESETS;
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
        readings::in_effect(matchup)
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
        state.ships[ship].status == ship::Status::Destroyed
    }

    /// Every weapon line of every ship (design order), named as the trace names a weapon:
    /// `1 kinetic (Primary slot, none)` — its place on the SIC, type, slot and variant.
    fn weapons(matchup: &Matchup) -> Vec<(usize, String)> {
        matchup
            .start
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                matchup.designs[usize::from(s.design)]
                    .weapons
                    .iter()
                    .enumerate()
                    .map(move |(w, mount)| {
                        let name = format!(
                            "{} {} ({:?} slot, {})",
                            w + 1,
                            mount.kind.name(),
                            mount.slot,
                            mount.variant.name()
                        );
                        (i, name)
                    })
            })
            .collect()
    }

    #[inline]
    fn tally_weapons(
        matchup: &Matchup,
        state: &BattleState,
        weapons: &mut [crate::outcome::WeaponTally],
    ) {
        let mut out = weapons.iter_mut();
        for (s, lines) in matchup.start.iter().zip(&state.weapons) {
            let n = matchup.designs[usize::from(s.design)].weapons.len();
            // The ship's lines first: `zip` stops on them without taking a slot too many.
            for (line, slot) in lines[..n].iter().zip(out.by_ref()) {
                *slot = *line;
            }
        }
    }

    fn begin<R: Roller, O: Observer>(
        matchup: &Matchup,
        state: &mut BattleState,
        dice: &mut R,
        observer: &mut O,
    ) {
        battle::begin(matchup, state, dice, observer);
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
        dice: &mut R,
        observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome {
        battle::finish(matchup, state, dice, observer, ships)
    }
}
