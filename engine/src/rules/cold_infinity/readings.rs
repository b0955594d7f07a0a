//! The named house rules a matchup's results rest on, for `fleetlab audit`
//! (`RuleSystem::house_rules`): the gaps every battle depends on whatever their value (the lost
//! hit-location chart, arc and silhouette diagrams, the scenario and its turn cap, the
//! end-of-battle measure) and every field of the three readings — `movement::Readings`
//! (§2–§5, §7.1), `fire::Readings` (§7.2–§13) and `construction::Readings` (§16–17: how the
//! points are computed) — set away from its default, except the ones no battle can use yet
//! ([`NOT_PLAYED`]) (`docs/house-rules/cold-infinity.md`). Whether a matchup's points rest on
//! design data is [`DESIGN_DATA`], added by the rule system from its designs.

use super::matchup::{HouseRules, Scenario};
use super::{construction, fire, guided};

/// Keys always in effect (the text decides none of them): the lost hit-location chart, the
/// scenario, its turn cap and what a disarmed side means (the book has no victory
/// conditions), and the lost arc and silhouette diagrams (every shot's arc, silhouette and
/// struck section come from the reconstructions `arcs` and `silhouettes`).
pub const ALWAYS: [&str; 6] = [
    "hit_chart",
    "scenario",
    "turn_cap",
    "disarmed",
    "arcs",
    "silhouettes",
];

/// Readings no battle can rest on yet, set or not: the config refuses what they govern —
/// collector panels (`collector_damage`). Missile racks (§9: `rack_roll`, `missile_order`,
/// `lost_missiles`), torpedo systems (§9.2.2: `torpedo_accuracy`, `torpedo_damage`), anti-missile rockets
/// (`amrs_salvos`), chaff (`chaff_stacking`), flares (`flare_shots`), capacitors (§3.1.2:
/// `capacitor_damage`, `capacitor_start`) and batteries (§3.1.3: `battery_start`) are played.
pub const NOT_PLAYED: [&str; 1] = ["collector_damage"];

/// The key listed when a matchup's construction points rest on design data (costs the seed's
/// lost sheets held, given in the config: `docs/house-rules/cold-infinity.md`, "Construction
/// points").
pub const DESIGN_DATA: &str = "cp_design_data";

/// The house-rule keys in effect for a matchup played under `rules` and `scenario`.
pub fn in_effect(rules: &HouseRules, _scenario: &Scenario) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = ALWAYS.to_vec();
    for k in fire::readings::in_effect(&rules.fire)
        .into_iter()
        .chain(rules.movement.changed_keys())
        .chain(construction::readings::in_effect(&rules.construction))
        .chain(guided::readings::in_effect(&rules.guided))
    {
        if !keys.contains(&k) && !NOT_PLAYED.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::super::arcs::ArcGeometry;
    use super::super::aspect::SilhouetteRegions;
    use super::super::construction::readings::*;
    use super::super::fire::hit_location::ChartName;
    use super::super::fire::readings::*;
    use super::super::movement::readings::*;
    use super::*;

    /// Every field of both `Readings` structs, changed at once, is listed (a new field must be
    /// added to its struct's list), and the docs page names every key.
    #[test]
    fn every_key_of_both_halves_is_listed_when_changed() {
        let rules = HouseRules {
            movement: super::super::movement::Readings {
                initiative_clamp: InitiativeClamp::ExactMass,
                initiative_speed: InitiativeSpeed::AfterThisTurnsThrust,
                engine_damage: EngineDamage::OnePerTwoLost,
                thrust_order: ThrustOrder::AccelerateThenRotate,
                arming_count: ArmingCount::FiringTurnCounts,
                activation_turn: ActivationTurn::DoesNotArm,
                capacitor_damage: CapacitorDamage::CapacityAndRecharge,
                capacitor_start: CapacitorStart::Empty,
                battery_start: BatteryStart::Empty,
                collector_damage: CollectorDamage::OnePerPoint,
                flag_shroud: FlagShroud::Larger,
                los_blockers: LosBlockers::FirerHalfOnly,
                edge_line: EdgeLine::EitherSideBlocks,
                rotated_silhouette: RotatedSilhouette::AsIfUpright,
                rotated_arcs: RotatedArcs::OffPlaneBlind,
                arcs: ArcGeometry::WIDER,
                silhouettes: SilhouetteRegions::EVEN,
                cinematic_frigate_cap: Some(4),
            },
            fire: super::super::fire::Readings {
                hit_chart: ChartName::ExampleC,
                range_zero: RangeZero::None,
                pulse_damage: PulseDamage::RolledOnce,
                pulse_bonus: PulseBonus::AddsToRoll,
                flare_spill: FlareSpill::SingleVolley,
                piercing_armor: PiercingArmor::EverySection,
                slicing_split: SlicingSplit::IntactOnly,
                plasma_double: PlasmaDouble::HullAndSystems,
                halving: Halving::Up,
                rack_roll: RackRoll::PerPoint,
                weapon_reduction: WeaponReduction::EveryHalf,
                buffer_recharge: BufferRecharge::None,
                simultaneity: Simultaneity::MarkedAtOnce,
                reactor_detonation: ReactorDetonation::SameTurn,
                df_arming: DfArming::Rearms,
                edf_cooldown: super::super::fire::readings::EdfCooldown::ArmedAfter,
                ablative_cap: super::super::fire::readings::AblativeCap::Uncapped,
                shield_partial_draw: ShieldPartialDraw::AnyShort,
                wave_sight: WaveSight::LineOfSight,
                wave_credit: WaveCredit::Firer,
                point_defense_choice: PointDefenseChoice::SectionShield,
            },
            construction: super::super::construction::Readings {
                wide_arc: WideArc::Example,
                mobile_base: MobileBase::Compounding,
                mass_increase: MassIncrease::Refunds,
                ramming: Ramming::RoundDown,
                launch_tubes: LaunchTubes::OneEach,
                weapon_adjustments: Adjustments::BeforePercentages,
                enhancement_power: EnhancementPower::Net,
                fixed_rows: FixedRows::FloorOne,
            },
            guided: super::super::guided::Readings {
                missile_order: super::super::guided::readings::FiringOrder::Any,
                lost_missiles: super::super::guided::readings::LostMissiles::Top,
                torpedo_accuracy: super::super::guided::readings::TorpedoAccuracy::Always,
                torpedo_damage: super::super::guided::readings::TorpedoDamage::RackRoll,
                amrs_salvos: super::super::guided::readings::AmrsSalvos::OnePerWeapon,
                chaff_stacking: super::super::guided::readings::ChaffStacking::Add,
                flare_shots: super::super::guided::readings::FlareShots::EachWeapon,
                guided_df: super::super::guided::readings::GuidedDf::Off,
                guided_edf: super::super::guided::readings::GuidedEdf::Off,
            },
        };
        let keys = super::in_effect(&rules, &Scenario::default());
        // 6 always + 20 more fire keys + 16 more movement keys (hit_chart, arcs and
        // silhouettes are in two lists), + 8 construction keys + 9 guided keys, less the one the
        // battle cannot play yet.
        assert_eq!(keys.len(), 6 + 20 + 16 + 8 + 9 - 1, "{keys:?}");
        for k in NOT_PLAYED {
            assert!(!keys.contains(&k), "{k} listed though no battle uses it");
        }
        let mut keys = keys;
        keys.push(DESIGN_DATA);
        assert_eq!(
            super::in_effect(&HouseRules::default(), &Scenario::default()),
            super::ALWAYS
        );
        let doc = include_str!("../../../../docs/house-rules/cold-infinity.md");
        for k in keys {
            assert!(doc.contains(&format!("`{k}`")), "{k} missing from the docs");
        }
    }
}
