//! The named house rules a matchup's results rest on, for `fleetlab audit`
//! (`RuleSystem::house_rules`): those every battle uses because the text has no rule at all
//! (G1 round structure, G2 to-hit, G6 movement, the round cap and its measure) and every
//! `[house_rules]` key set to something other than its default
//! (`docs/house-rules/ship-to-ship.md`).

use super::house_rules::HouseRules;

/// The keys always in effect: the chapter has no round, no to-hit roll, no movement and no
/// end, so every battle rests on them.
pub const ALWAYS: [&str; 5] = [
    "g1_phases_per_round",
    "g2_to_hit",
    "g6_turning",
    "round_cap",
    "round_cap_measure",
];

/// The house-rule keys in effect for a matchup played under `rules`.
pub fn in_effect(rules: &HouseRules) -> Vec<&'static str> {
    let d = HouseRules::default();
    let mut keys = ALWAYS.to_vec();
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
        g1_phases_per_round,
        g1_actions_per_phase,
        g1_initiative,
        g2_to_hit,
        g2_gunnery_skill,
        g3_max_range,
        g4_shield_regen_per_round,
        g5_used_markers_clear,
        g6_turning,
        g7_ooc_to_hit,
        g7_ooc_decay,
        g9_broken_modules,
        g11_hull_compare,
        g12_gaps,
        g13_zero_power,
        g14_luck_on_allocation,
        g15_blast_hull_checks,
        g16_missed_dice_shields,
        g18_repairs_per_round,
        g19_orientation,
        g20_firer_corner,
        g21_cannon_mode_choice,
        round_cap,
    );
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_always_keys_and_every_changed_key() {
        assert_eq!(in_effect(&HouseRules::default()), ALWAYS);
        let rules = HouseRules {
            g12_gaps: super::super::hit_allocation::GapRule::TakesDie,
            g2_to_hit: super::super::house_rules::ToHit::Always,
            ..HouseRules::default()
        };
        let keys = in_effect(&rules);
        assert_eq!(keys.len(), ALWAYS.len() + 1);
        assert_eq!(keys.last(), Some(&"g12_gaps"));
    }

    #[test]
    fn every_house_rule_field_is_listed() {
        // A new field must be added to `changed!` above: the debug form names every field.
        let all = format!("{:?}", HouseRules::default());
        let src = include_str!("readings.rs");
        for field in all
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with('g') && w.contains('_') || *w == "round_cap")
        {
            assert!(
                src.contains(&format!("        {field},")),
                "{field} is not listed"
            );
        }
    }
}
