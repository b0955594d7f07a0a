//! **Space Combat Rules** by the Junction Crew (seed `004_45271b6c454bf6d1.txt`): an infinite
//! hex grid with momentum vectors, per-turn energy, ECM against Sensors before every attack,
//! three direct-fire range brackets, Armor Value / Protection Rating / Integrity with
//! compromised armor, percentage crits on three tables, guided weapons with point defense,
//! and morale that breaks into retreat or surrender.
//!
//! The text has no weapon statistics and no ship construction: a config supplies a catalogue
//! (weapons, guided weapons, designs). Where a rule lives:
//! * [`hex`] — grid, vectors, threat-zone geometry ("The basics", Maneuver Phase);
//! * [`jumps`] — tactical-jump arrival and interdiction;
//! * [`ewar`] — range brackets, jamming, Sensor Uplink, Shipmind miss bonus, EM deflection;
//! * [`area_denial`] — Macron Area Denial marks;
//! * [`armor`] — the armor pipeline and compromised armor;
//! * [`crits`] — crit chance, count, tables as data (Appendix 2);
//! * [`parts`] — guided-weapon parts as data (Appendix 1); [`guided`] — guidance outcomes;
//!   [`payloads`] — how each payload attacks, the Neutron Bomb, the catapult's Mass Driver;
//!   [`burst`] — how an Excalibur burst divides its Attack Power; [`payload_choice`] — which
//!   payload a policy launches at a target;
//! * [`point_defense`] — point-defense eligibility and the kill rule; [`blasts`] — the
//!   Inertial Mine's area mode and point-defense blasts;
//! * [`morale`] — Stage 1 circumstances, drift, resolve checks;
//! * [`stations`] — combat stations, casualties; [`repairs`] — Damage Control costs;
//! * [`hazards`] — hazardous propellant leaks and criticality countdowns;
//! * [`battle`] — the turn loop: firing, maneuver and crew phases, battle end;
//! * [`design`], [`ship`] — catalogue vocabulary and battle state;
//! * [`objectives`] — Stage 0 scenario objectives and their verdicts;
//! * [`policy`] — AI presets; [`house_rules`] — every gap as a named default;
//! * [`config`] — config at the edge: TOML documents validated into a matchup, one file per
//!   part of the vocabulary (no rule module imports it); [`matchup`] — a validated matchup.

pub mod area_denial;
pub mod armor;
pub mod battle;
pub mod blasts;
pub mod burst;
pub mod config;
pub mod crits;
pub mod design;
pub mod dodge_plan;
pub mod engage_plan;
pub mod ewar;
pub mod guided;
pub mod hazards;
pub mod hex;
pub mod house_rules;
pub mod jumps;
pub mod launch_plan;
pub mod mark_dodge;
pub mod matchup;
pub mod morale;
pub mod objectives;
pub mod outpaced;
pub mod parts;
pub mod payload_choice;
pub mod payloads;
pub mod point_defense;
pub mod policy;
pub mod range_watch;
pub mod readings;
pub mod repairs;
pub mod ship;
pub mod stations;
pub mod weapon_lines;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Decider, Outcome, ShipTally};
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, RuleSystem};

pub use battle::BattleState;
pub use matchup::Matchup;

/// Per-side event counters (indices into [`Junction::EVENTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Guided weapons launched.
    Launches,
    /// Enemy guided weapons shot down by point defense.
    PdKills,
    /// Guided weapons that hit.
    GwHits,
    /// Guided weapons that missed (jammed, or Home On Jam without ECM to follow).
    GwMisses,
    /// Direct-fire shots that hit.
    DirectHits,
    /// Direct-fire shots that missed.
    DirectMisses,
    /// Hits that found compromised armor.
    CompromisedHits,
    /// Critical hits inflicted.
    Crits,
    /// Own ships destroyed.
    Destroyed,
    /// Own ships that retreated by jump.
    Retreats,
    /// Own ships that surrendered.
    Surrenders,
    /// Own failed resolve checks.
    FailedResolve,
    /// Own repairs completed by Damage Control.
    Repairs,
    /// Own crew wounded (WIA).
    Wounded,
    /// Own crew killed (KIA).
    Killed,
    /// Own wounded returned to duty by the Medbay.
    Healed,
    /// Area Denial hits dealt (ships hit, guided weapons wrecked).
    AreaDenialHits,
    /// Own tactical jumps started (not retreats).
    Jumps,
    /// Own jumps (or arrivals) blocked by interdiction.
    Interdicted,
    /// Guided weapons launched by EM catapult as Mass Driver attacks.
    MassDriverLaunches,
    /// Enemy particle-beam shots deflected by own EM Deflector drones.
    BeamsDeflected,
    /// Own Propellant Leaks of hazardous propellant.
    HazardousLeaks,
    /// Own leak areas gone critical.
    Criticalities,
    /// Own ships paralysed for a turn (Command Hit in a leak area or critical).
    Paralysed,
    /// Own direct-fire attacks on surrendered enemies (each brings the ship back, J40).
    SurrenderedShot,
    /// Own ships that would have surrendered but fought on: the enemy shoots surrendered
    /// ships (J40).
    SurrenderRefused,
    /// Enemy attacks drawn away from own ships by own decoys (Appendix 1 "Decoy").
    DecoysDrawn,
    /// Guided weapons launched from own Missile Racks (also counted in `launches`).
    RackLaunches,
    /// Attacks by own Laser Relays (their hits and misses also count as direct fire).
    RelayAttacks,
    /// Units hit by own Inertial Mine blasts (area mode or point defense): ships hit, guided
    /// weapons and decoys destroyed or wrecked (J50, J51).
    MineBlastHits,
    /// Own point-defense blasts: Inertial Mines, heavy Nuclear or Neutron Bombs launched and
    /// detonated among an enemy salvo (J51; the missiles also count as `launches`).
    PdBlasts,
    /// Own Laser Relays passing their power to the next relay of a chain (J62).
    RelayChains,
}

/// The Junction Crew's Space Combat Rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Junction;

/// How a Junction battle was decided ([`Outcome::decided_by`] indexes this list; the
/// `DECIDED_*` constants name the indices).
///
/// * `annihilation` — Stage 3: "Battles also end if all ships belonging to all but one side
///   have either retreated, surrendered, or been destroyed", and the losing side's ships were
///   all destroyed.
/// * `mutual_destruction` — both sides left play in the same turn (a draw).
/// * `retreat_or_surrender` — the same Stage 3 end, with at least one of the losing side's
///   ships retreated or surrendered rather than destroyed.
/// * `objective` — a Stage 0 objective's verdict (VIP, blockade run, hold the area; J17,
///   `objectives.rs`).
/// * `game_end_measure` — house rule J6 at the turn cap (J5): the larger fraction of fleet
///   value still in play wins.
/// * `draw_at_game_end` — J6 at the turn cap within `draw_margin_percent` (a draw).
pub const DECIDERS: [Decider; 6] = [
    Decider::text("annihilation"),
    Decider::draw("mutual_destruction"),
    Decider::text("retreat_or_surrender"),
    Decider::text("objective"),
    Decider::house_rule("game_end_measure"),
    Decider::draw("draw_at_game_end"),
];

/// [`DECIDERS`] index: the loser's ships were all destroyed.
pub const DECIDED_ANNIHILATION: u8 = 0;
/// [`DECIDERS`] index: both sides left play in the same turn.
pub const DECIDED_MUTUAL_DESTRUCTION: u8 = 1;
/// [`DECIDERS`] index: the loser left play, some of its ships by retreat or surrender.
pub const DECIDED_RETREAT_OR_SURRENDER: u8 = 2;
/// [`DECIDERS`] index: the scenario objective's verdict.
pub const DECIDED_OBJECTIVE: u8 = 3;
/// [`DECIDERS`] index: J6's fraction of value at the turn cap.
pub const DECIDED_GAME_END_MEASURE: u8 = 4;
/// [`DECIDERS`] index: J6 within its draw margin at the turn cap.
pub const DECIDED_DRAW_AT_GAME_END: u8 = 5;

impl RuleSystem for Junction {
    const NAME: &'static str = "junction";
    const EVENTS: &'static [&'static str] = &[
        "launches",
        "pd_kills",
        "gw_hits",
        "gw_misses",
        "direct_hits",
        "direct_misses",
        "compromised_hits",
        "crits",
        "destroyed",
        "retreats",
        "surrenders",
        "failed_resolve",
        "repairs",
        "wounded",
        "killed",
        "healed",
        "area_denial_hits",
        "jumps",
        "interdicted",
        "mass_driver_launches",
        "beams_deflected",
        "hazardous_leaks",
        "criticalities",
        "paralysed",
        "surrendered_shot",
        "surrender_refused",
        "decoys_drawn",
        "rack_launches",
        "relay_attacks",
        "mine_blast_hits",
        "pd_blasts",
        "relay_chains",
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
        state.ships[ship].status == ship::Status::Destroyed
    }

    /// Every ship's direct-fire mounts, then its magazine entries (`weapon_lines.rs`).
    fn weapons(matchup: &Matchup) -> Vec<(usize, String)> {
        weapon_lines::names(matchup)
    }

    #[inline]
    fn tally_weapons(
        matchup: &Matchup,
        state: &BattleState,
        weapons: &mut [crate::outcome::WeaponTally],
    ) {
        weapon_lines::whole(matchup, &state.lines, &state.ships, weapons);
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
        dice: &mut R,
        observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome {
        battle::finish_battle(matchup, state, dice, observer, ships)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_names_match_the_enum() {
        assert_eq!(Junction::EVENTS.len(), Event::RelayChains as usize + 1);
        assert_eq!(Junction::EVENTS[Event::Crits as usize], "crits");
        assert_eq!(Junction::EVENTS[Event::PdKills as usize], "pd_kills");
    }
}
