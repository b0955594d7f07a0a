//! The named house rules a Cosmic Conflict matchup's results rest on, for `fleetlab audit`
//! (`RuleSystem::house_rules`): the end-of-game measure when the scenario has no victory
//! conditions of its own (`docs/house-rules/cosmic-conflict.md`, "Who won": points destroyed
//! decide a game that ends with both fleets standing; the text's own scoring is seed 003's
//! victory conditions), and every `[house_rules]` key set to something other than its default.

use super::house_rules::HouseRules;
use super::matchup::Matchup;

/// The name `audit` gives the points-destroyed measure at the game's end.
pub const GAME_END_MEASURE: &str = "game_end_points_destroyed";

/// The house-rule keys in effect for `m`.
pub fn in_effect(m: &Matchup) -> Vec<&'static str> {
    let (rules, d) = (&m.rules, HouseRules::default());
    let mut keys = Vec::new();
    if m.scenario.victory.is_none() {
        keys.push(GAME_END_MEASURE);
    }
    macro_rules! changed {
        ($($field:ident),* $(,)?) => {
            $( if rules.$field != d.$field { keys.push(stringify!($field)); } )*
        };
    }
    changed!(
        chart,
        movement_table,
        beam_damage_order,
        damage_order,
        bypass_accuracy,
        arc_cost_first,
        arc_cost_additional,
        excess_equipment,
        linked_cost_per_x,
        linked_max,
        structural_applies_to_serious,
        first_player,
        pws_exchange,
        pws_exchange_distance,
        aws_vs_rockets,
        leaving_board_flees,
        condition_table,
        weapon_ranges,
        terrain_damage_to_health,
        mobile_solid_crushes,
        formations,
        fighter_weapon_size_max,
        fighters_deploy,
        fighters_lost_with_carrier,
        beam_bypasses_shields,
        missile_token_terrain,
        brace_for_impact,
    );
    keys
}
