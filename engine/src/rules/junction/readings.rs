//! The named house rules a Junction matchup's results rest on, for `fleetlab audit`
//! (`RuleSystem::house_rules`): the turn cap and its draw margin (J5, J6: the text has no
//! turn cap, so every battle that reaches it is decided by them), and every `[house_rules]`
//! key set to something other than its default (`docs/house-rules/junction.md`).

use super::house_rules::HouseRules;

/// The house-rule keys in effect for a matchup played under `rules`.
pub fn in_effect(rules: &HouseRules) -> Vec<&'static str> {
    let d = HouseRules::default();
    let mut keys = vec!["turn_cap", "draw_margin_percent"];
    macro_rules! changed {
        ($($field:ident),* $(,)?) => {
            $(
                if rules.$field != d.$field && !keys.contains(&stringify!($field)) {
                    keys.push(stringify!($field));
                }
            )*
        };
    }
    changed!(
        ewar_energy_per_point,
        jump_energy_per_volume,
        electric_energy_per_volume,
        fuel_cell_delta_v_per_energy,
        guaranteed_hit_miss_percent,
        probable_hit_miss_percent,
        crit_rounding,
        precision_crit_multiplier,
        nuclear_armor_multiplier,
        base_wia_percent,
        winning_ratio,
        losing_ratio,
        resolve_threshold,
        morale_min,
        morale_max,
        shipmind_miss_percent,
        shipmind_miss_per_morale,
        threat_zones,
        criticality_countdown,
        offline_fraction,
        sync_fire,
        pd_uses_the_shot,
        magazine_loss_rounds_up,
        home_on_jam_crits,
        decoy_priority,
        own_flak,
        pd_allocation,
        emitter_loss,
        fleet_events_reach,
    );
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_turn_cap_and_every_changed_key() {
        assert_eq!(
            in_effect(&HouseRules::default()),
            ["turn_cap", "draw_margin_percent"]
        );
        let rules = HouseRules {
            sync_fire: false,
            turn_cap: 10,
            ..HouseRules::default()
        };
        assert_eq!(
            in_effect(&rules),
            ["turn_cap", "draw_margin_percent", "sync_fire"]
        );
    }
}
