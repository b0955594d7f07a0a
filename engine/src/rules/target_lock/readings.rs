//! The named house rules a matchup's results rest on, for `fleetlab audit`
//! (`RuleSystem::house_rules`): the placeholder weapon table (G1) when any weapon line used is
//! a placeholder, the gaps every battle depends on whatever their value (G2 damage order, G5
//! actions, G6 start range, G7 lock requirement, G8 lock die, G18 turn cap), and every
//! `[house_rules]` key set to something other than its default
//! (`docs/house-rules/target-lock.md`).

use super::house_rules::HouseRules;

/// Keys always in effect (the sheet decides none of them).
pub const ALWAYS: [&str; 6] = [
    "turn_cap",
    "damage_order",
    "actions_per_ship",
    "start_range",
    "lock_required",
    "lock_dice",
];

/// The trust flag of a placeholder weapon table (G1).
pub const PLACEHOLDER_WEAPON_TABLE: &str = "weapon_table_placeholder";

/// The house-rule keys in effect for a matchup played under `rules`.
pub fn in_effect(rules: &HouseRules, placeholder_weapons: bool) -> Vec<&'static str> {
    let d = HouseRules::default();
    let mut keys = Vec::new();
    if placeholder_weapons {
        keys.push(PLACEHOLDER_WEAPON_TABLE);
    }
    keys.extend(ALWAYS);
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
        damage_order,
        command_points,
        initiative_ties,
        actions_per_ship,
        start_range,
        aft_arc,
        lock_required,
        lock_lasts,
        aim_bonus,
        lock_dice,
        swarmer_die,
        surface_die,
        fire_control_loss,
        sensors_loss,
        shield_to_hit,
        pd_shots,
        repair_difficulty,
        scuttle_at,
        jam,
        sub_table_rerolls,
        turn_cap,
        interference_from,
        scanner_pick,
        scanner_lock_penalty,
        target_size_sign,
        remass_floor,
        counter_roll,
    );
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `[house_rules]` key, changed at once, is listed (a new field must be added to
    /// `changed!` above).
    #[test]
    fn every_key_is_listed_when_changed() {
        use super::super::house_rules::*;
        let all = HouseRules {
            damage_order: DamageOrder::RandomBox,
            command_points: CommandPoints::Off,
            initiative_ties: InitiativeTies::LastLoser,
            actions_per_ship: 3,
            start_range: 10,
            aft_arc: false,
            lock_required: LockRequired::All,
            lock_lasts: LockLasts::Battle,
            aim_bonus: 2,
            lock_dice: LockDice::TwoD6,
            swarmer_die: SwarmerDie::D10,
            surface_die: SurfaceDie::D8,
            fire_control_loss: 1,
            sensors_loss: 1,
            shield_to_hit: 1,
            pd_shots: PdShots::PerCounter,
            repair_difficulty: RepairDifficulty::AllAverage,
            scuttle_at: 2,
            jam: Jam::OneTurn,
            sub_table_rerolls: SubTableRerolls::None,
            turn_cap: 20,
            interference_from: InterferenceFrom::LockerHex,
            scanner_pick: ScannerPick::LongRangeFirst,
            scanner_lock_penalty: 2,
            target_size_sign: TargetSizeSign::Minus,
            remass_floor: false,
            counter_roll: CounterRoll::Hits,
        };
        let keys = in_effect(&all, true);
        assert_eq!(keys.len(), 1 + 27, "{keys:?}");
        assert_eq!(in_effect(&HouseRules::default(), false), ALWAYS);
    }
}
