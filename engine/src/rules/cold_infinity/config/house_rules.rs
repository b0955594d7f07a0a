//! `[house_rules]`: every field of the three readings — `movement::Readings` (§2–§5, §7.1),
//! `fire::Readings` (§7.2–§13) and `construction::Readings` (§16–17) — by its field name,
//! values in kebab-case (the variant names), given at most once across the documents; the defaults when absent. The lost
//! diagrams are data: `arcs` (half-widths of Fixed, Narrow, Standard, Wide in degrees) and
//! `silhouettes` (the F/A cone half-angles when F/A ≥ P/S and when P/S is larger).

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::arcs::ArcGeometry;
use super::super::aspect::SilhouetteRegions;
use super::super::construction::readings::*;
use super::super::fire::hit_location::ChartName;
use super::super::fire::readings::*;
use super::super::guided::readings::{
    AmrsSalvos, ChaffStacking, FiringOrder, FlareShots, GuidedDf, GuidedEdf, LostMissiles,
    TorpedoAccuracy, TorpedoDamage,
};
use super::super::matchup::HouseRules;
use super::super::movement::readings::*;
use super::Doc;
use super::issues::{Issues, one_of};

/// `[house_rules]`: each key optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseRulesSpec {
    /// `initiative_clamp`: rounded-mass, exact-mass.
    #[serde(default)]
    pub initiative_clamp: Option<Spanned<String>>,
    /// `initiative_speed`: start-of-turn, after-this-turns-thrust.
    #[serde(default)]
    pub initiative_speed: Option<Spanned<String>>,
    /// `engine_damage`: half-undamaged-structure, one-per-two-lost.
    #[serde(default)]
    pub engine_damage: Option<Spanned<String>>,
    /// `thrust_order`: rotate-then-accelerate, accelerate-then-rotate.
    #[serde(default)]
    pub thrust_order: Option<Spanned<String>>,
    /// `arming_count`: y-turns-after-firing, firing-turn-counts.
    #[serde(default)]
    pub arming_count: Option<Spanned<String>>,
    /// `activation_turn`: counts-as-arming, does-not-arm.
    #[serde(default)]
    pub activation_turn: Option<Spanned<String>>,
    /// `capacitor_damage`: capacity, capacity-and-recharge.
    #[serde(default)]
    pub capacitor_damage: Option<Spanned<String>>,
    /// `capacitor_start`: full, empty.
    #[serde(default)]
    pub capacitor_start: Option<Spanned<String>>,
    /// `battery_start`: full, empty.
    #[serde(default)]
    pub battery_start: Option<Spanned<String>>,
    /// `collector_damage`: two-per-point, one-per-point.
    #[serde(default)]
    pub collector_damage: Option<Spanned<String>>,
    /// `flag_shroud`: additive, larger.
    #[serde(default)]
    pub flag_shroud: Option<Spanned<String>>,
    /// `los_blockers`: between-half-mass, firer-half-only.
    #[serde(default)]
    pub los_blockers: Option<Spanned<String>>,
    /// `edge_line`: firer-chooses, either-side-blocks.
    #[serde(default)]
    pub edge_line: Option<Spanned<String>>,
    /// `rotated_silhouette`: tumbled-ps-rolled-fa, as-if-upright.
    #[serde(default)]
    pub rotated_silhouette: Option<Spanned<String>>,
    /// `rotated_arcs`: as-if-level, off-plane-blind.
    #[serde(default)]
    pub rotated_arcs: Option<Spanned<String>>,
    /// `hit_chart`: reconstruction, example-c.
    #[serde(default)]
    pub hit_chart: Option<Spanned<String>>,
    /// `range_zero`: minus-one, none.
    #[serde(default)]
    pub range_zero: Option<Spanned<String>>,
    /// `pulse_damage`: per-pulse, rolled-once.
    #[serde(default)]
    pub pulse_damage: Option<Spanned<String>>,
    /// `pulse_bonus`: adds-pulses, adds-to-roll.
    #[serde(default)]
    pub pulse_bonus: Option<Spanned<String>>,
    /// `flare_spill`: separate-volley, single-volley.
    #[serde(default)]
    pub flare_spill: Option<Spanned<String>>,
    /// `piercing_armor`: entry-only, every-section.
    #[serde(default)]
    pub piercing_armor: Option<Spanned<String>>,
    /// `slicing_split`: all-systems, intact-only.
    #[serde(default)]
    pub slicing_split: Option<Spanned<String>>,
    /// `plasma_double`: hull-only, hull-and-systems.
    #[serde(default)]
    pub plasma_double: Option<Spanned<String>>,
    /// `halving`: down, up.
    #[serde(default)]
    pub halving: Option<Spanned<String>>,
    /// `rack_roll`: per-volley, per-point.
    #[serde(default)]
    pub rack_roll: Option<Spanned<String>>,
    /// `weapon_reduction`: once, every-half.
    #[serde(default)]
    pub weapon_reduction: Option<Spanned<String>>,
    /// `buffer_recharge`: rating-per-turn, half-rating-per-turn, none.
    #[serde(default)]
    pub buffer_recharge: Option<Spanned<String>>,
    /// `simultaneity`: start-of-phase, marked-at-once.
    #[serde(default)]
    pub simultaneity: Option<Spanned<String>>,
    /// `reactor_detonation`: next-turn, same-turn.
    #[serde(default)]
    pub reactor_detonation: Option<Spanned<String>>,
    /// `df_arming`: keeps-armed, rearms.
    #[serde(default)]
    pub df_arming: Option<Spanned<String>>,
    /// `edf_cooldown`: then-arms, armed-after.
    #[serde(default)]
    pub edf_cooldown: Option<Spanned<String>>,
    /// `ablative_cap` (§11.1.5): own-group, uncapped.
    #[serde(default)]
    pub ablative_cap: Option<Spanned<String>>,
    /// `shield_partial_draw`: half-rounded-up, any-short.
    #[serde(default)]
    pub shield_partial_draw: Option<Spanned<String>>,
    /// `wave_sight`: arc-only, line-of-sight.
    #[serde(default)]
    pub wave_sight: Option<Spanned<String>>,
    /// `wave_credit`: nobody, firer.
    #[serde(default)]
    pub wave_credit: Option<Spanned<String>>,
    /// `point_defense_choice`: larger, section-shield.
    #[serde(default)]
    pub point_defense_choice: Option<Spanned<String>>,
    /// `arcs`: `[fixed, narrow, standard, wide]` half-widths in degrees (D19 4).
    #[serde(default)]
    pub arcs: Option<Spanned<Vec<f64>>>,
    /// `silhouettes`: `[F/A cone when F/A ≥ P/S, F/A cone when P/S larger]` in degrees (D19 5).
    #[serde(default)]
    pub silhouettes: Option<Spanned<Vec<f64>>>,
    /// `cinematic_frigate_cap`: the §5.6 optional rule on, with the frigate row's cap (3 or 4).
    #[serde(default)]
    pub cinematic_frigate_cap: Option<Spanned<i64>>,
    /// `wide_arc` (§16.4.1): table, example.
    #[serde(default)]
    pub wide_arc: Option<Spanned<String>>,
    /// `mobile_base` (§16.7.6): additive, compounding.
    #[serde(default)]
    pub mobile_base: Option<Spanned<String>>,
    /// `mass_increase` (§16.4.13.1): costs, refunds.
    #[serde(default)]
    pub mass_increase: Option<Spanned<String>>,
    /// `ramming` (§16.4.15): round-up, round-down.
    #[serde(default)]
    pub ramming: Option<Spanned<String>>,
    /// `launch_tubes` (§16.4.5.5): rising, one-each.
    #[serde(default)]
    pub launch_tubes: Option<Spanned<String>>,
    /// `weapon_adjustments` (§17.1.2): after-percentages, before-percentages.
    #[serde(default)]
    pub weapon_adjustments: Option<Spanned<String>>,
    /// `enhancement_power` (§17.1.2.2): gross, net.
    #[serde(default)]
    pub enhancement_power: Option<Spanned<String>>,
    /// `fixed_rows` (§17.1, SSB13 lost): linear, floor-one.
    #[serde(default)]
    pub fixed_rows: Option<Spanned<String>>,
    /// `missile_order` (§9.2.1 vs §17.2.1, D19 40): loaded, any.
    #[serde(default)]
    pub missile_order: Option<Spanned<String>>,
    /// `lost_missiles` (§13.1.10): bottom, top.
    #[serde(default)]
    pub lost_missiles: Option<Spanned<String>>,
    /// `torpedo_accuracy` (§7.5.3.1): like-racks, always.
    #[serde(default)]
    pub torpedo_accuracy: Option<Spanned<String>>,
    /// `torpedo_damage` (§13.1.9–10): structure, rack-roll.
    #[serde(default)]
    pub torpedo_damage: Option<Spanned<String>>,
    /// `amrs_salvos` (§11.5.1): independent, one-per-weapon.
    #[serde(default)]
    pub amrs_salvos: Option<Spanned<String>>,
    /// `chaff_stacking` (§11.5.2): largest, add.
    #[serde(default)]
    pub chaff_stacking: Option<Spanned<String>>,
    /// `flare_shots` (§11.5.3): one-a-turn, each-weapon.
    #[serde(default)]
    pub flare_shots: Option<Spanned<String>>,
    /// `guided_df` (§11.1, §11.1.6): launch-hex, off.
    #[serde(default)]
    pub guided_df: Option<Spanned<String>>,
    /// `guided_edf` (§11.1.3, §11.1.6): guided-phase, off.
    #[serde(default)]
    pub guided_edf: Option<Spanned<String>>,
}

/// The experiment's house rules; every problem is reported at its key.
pub(super) fn house_rules(docs: &[Doc], is: &mut Issues) -> HouseRules {
    let mut r = HouseRules::default();
    let Some((d, spec)) = one_of(docs, |d| d.house_rules.as_ref(), "house_rules", is) else {
        return r;
    };
    let s = spec.get_ref();
    macro_rules! pick {
        ($half:ident . $field:ident, $ty:ident, [$($v:ident = $name:literal),+ $(,)?]) => {
            if let Some(x) = is.choice(
                d,
                &s.$field,
                concat!("house_rules.", stringify!($field)),
                &[$(($name, $ty::$v)),+],
            ) {
                r.$half.$field = x;
            }
        };
    }
    pick!(
        movement.initiative_clamp,
        InitiativeClamp,
        [RoundedMass = "rounded-mass", ExactMass = "exact-mass"]
    );
    pick!(
        movement.initiative_speed,
        InitiativeSpeed,
        [
            StartOfTurn = "start-of-turn",
            AfterThisTurnsThrust = "after-this-turns-thrust"
        ]
    );
    pick!(
        movement.engine_damage,
        EngineDamage,
        [
            HalfUndamagedStructure = "half-undamaged-structure",
            OnePerTwoLost = "one-per-two-lost"
        ]
    );
    pick!(
        movement.thrust_order,
        ThrustOrder,
        [
            RotateThenAccelerate = "rotate-then-accelerate",
            AccelerateThenRotate = "accelerate-then-rotate"
        ]
    );
    pick!(
        movement.arming_count,
        ArmingCount,
        [
            YTurnsAfterFiring = "y-turns-after-firing",
            FiringTurnCounts = "firing-turn-counts"
        ]
    );
    pick!(
        movement.activation_turn,
        ActivationTurn,
        [
            CountsAsArming = "counts-as-arming",
            DoesNotArm = "does-not-arm"
        ]
    );
    pick!(
        movement.capacitor_damage,
        CapacitorDamage,
        [
            Capacity = "capacity",
            CapacityAndRecharge = "capacity-and-recharge"
        ]
    );
    pick!(
        movement.capacitor_start,
        CapacitorStart,
        [Full = "full", Empty = "empty"]
    );
    pick!(
        movement.battery_start,
        BatteryStart,
        [Full = "full", Empty = "empty"]
    );
    pick!(
        movement.collector_damage,
        CollectorDamage,
        [TwoPerPoint = "two-per-point", OnePerPoint = "one-per-point"]
    );
    pick!(
        movement.flag_shroud,
        FlagShroud,
        [Additive = "additive", Larger = "larger"]
    );
    pick!(
        movement.los_blockers,
        LosBlockers,
        [
            BetweenHalfMass = "between-half-mass",
            FirerHalfOnly = "firer-half-only"
        ]
    );
    pick!(
        movement.edge_line,
        EdgeLine,
        [
            FirerChooses = "firer-chooses",
            EitherSideBlocks = "either-side-blocks"
        ]
    );
    pick!(
        movement.rotated_silhouette,
        RotatedSilhouette,
        [
            TumbledPsRolledFa = "tumbled-ps-rolled-fa",
            AsIfUpright = "as-if-upright"
        ]
    );
    pick!(
        movement.rotated_arcs,
        RotatedArcs,
        [AsIfLevel = "as-if-level", OffPlaneBlind = "off-plane-blind"]
    );
    pick!(
        fire.hit_chart,
        ChartName,
        [Reconstruction = "reconstruction", ExampleC = "example-c"]
    );
    pick!(
        fire.range_zero,
        RangeZero,
        [MinusOne = "minus-one", None = "none"]
    );
    pick!(
        fire.pulse_damage,
        PulseDamage,
        [PerPulse = "per-pulse", RolledOnce = "rolled-once"]
    );
    pick!(
        fire.pulse_bonus,
        PulseBonus,
        [AddsPulses = "adds-pulses", AddsToRoll = "adds-to-roll"]
    );
    pick!(
        fire.flare_spill,
        FlareSpill,
        [
            SeparateVolley = "separate-volley",
            SingleVolley = "single-volley"
        ]
    );
    pick!(
        fire.piercing_armor,
        PiercingArmor,
        [EntryOnly = "entry-only", EverySection = "every-section"]
    );
    pick!(
        fire.slicing_split,
        SlicingSplit,
        [AllSystems = "all-systems", IntactOnly = "intact-only"]
    );
    pick!(
        fire.plasma_double,
        PlasmaDouble,
        [HullOnly = "hull-only", HullAndSystems = "hull-and-systems"]
    );
    pick!(fire.halving, Halving, [Down = "down", Up = "up"]);
    pick!(
        fire.rack_roll,
        RackRoll,
        [PerVolley = "per-volley", PerPoint = "per-point"]
    );
    pick!(
        fire.weapon_reduction,
        WeaponReduction,
        [Once = "once", EveryHalf = "every-half"]
    );
    pick!(
        fire.buffer_recharge,
        BufferRecharge,
        [
            RatingPerTurn = "rating-per-turn",
            HalfRatingPerTurn = "half-rating-per-turn",
            None = "none"
        ]
    );
    pick!(
        fire.simultaneity,
        Simultaneity,
        [
            StartOfPhase = "start-of-phase",
            MarkedAtOnce = "marked-at-once"
        ]
    );
    pick!(
        construction.wide_arc,
        WideArc,
        [Table = "table", Example = "example"]
    );
    pick!(
        construction.mobile_base,
        MobileBase,
        [Additive = "additive", Compounding = "compounding"]
    );
    pick!(
        construction.mass_increase,
        MassIncrease,
        [Costs = "costs", Refunds = "refunds"]
    );
    pick!(
        construction.ramming,
        Ramming,
        [RoundUp = "round-up", RoundDown = "round-down"]
    );
    pick!(
        construction.launch_tubes,
        LaunchTubes,
        [Rising = "rising", OneEach = "one-each"]
    );
    pick!(
        construction.weapon_adjustments,
        Adjustments,
        [
            AfterPercentages = "after-percentages",
            BeforePercentages = "before-percentages"
        ]
    );
    pick!(
        construction.enhancement_power,
        EnhancementPower,
        [Gross = "gross", Net = "net"]
    );
    pick!(
        construction.fixed_rows,
        FixedRows,
        [Linear = "linear", FloorOne = "floor-one"]
    );
    pick!(
        fire.reactor_detonation,
        ReactorDetonation,
        [NextTurn = "next-turn", SameTurn = "same-turn"]
    );
    pick!(
        fire.df_arming,
        DfArming,
        [KeepsArmed = "keeps-armed", Rearms = "rearms"]
    );
    pick!(
        fire.edf_cooldown,
        EdfCooldown,
        [ThenArms = "then-arms", ArmedAfter = "armed-after"]
    );
    pick!(
        fire.ablative_cap,
        AblativeCap,
        [OwnGroup = "own-group", Uncapped = "uncapped"]
    );
    pick!(
        fire.shield_partial_draw,
        ShieldPartialDraw,
        [HalfRoundedUp = "half-rounded-up", AnyShort = "any-short"]
    );
    pick!(
        fire.wave_sight,
        WaveSight,
        [ArcOnly = "arc-only", LineOfSight = "line-of-sight"]
    );
    pick!(
        fire.wave_credit,
        WaveCredit,
        [Nobody = "nobody", Firer = "firer"]
    );
    pick!(
        fire.point_defense_choice,
        PointDefenseChoice,
        [Larger = "larger", SectionShield = "section-shield"]
    );
    pick!(
        guided.missile_order,
        FiringOrder,
        [Loaded = "loaded", Any = "any"]
    );
    pick!(
        guided.lost_missiles,
        LostMissiles,
        [Bottom = "bottom", Top = "top"]
    );
    pick!(
        guided.torpedo_accuracy,
        TorpedoAccuracy,
        [LikeRacks = "like-racks", Always = "always"]
    );
    pick!(
        guided.torpedo_damage,
        TorpedoDamage,
        [Structure = "structure", RackRoll = "rack-roll"]
    );
    pick!(
        guided.amrs_salvos,
        AmrsSalvos,
        [Independent = "independent", OnePerWeapon = "one-per-weapon"]
    );
    pick!(
        guided.chaff_stacking,
        ChaffStacking,
        [Largest = "largest", Add = "add"]
    );
    pick!(
        guided.flare_shots,
        FlareShots,
        [OneATurn = "one-a-turn", EachWeapon = "each-weapon"]
    );
    pick!(
        guided.guided_df,
        GuidedDf,
        [LaunchHex = "launch-hex", Off = "off"]
    );
    pick!(
        guided.guided_edf,
        GuidedEdf,
        [GuidedPhase = "guided-phase", Off = "off"]
    );
    if let Some(a) = &s.arcs {
        match a.get_ref().as_slice() {
            [f, n, st, w]
                if [*f, *n, *st, *w].iter().all(|x| x.is_finite() && (0.0..=180.0).contains(x)) =>
            {
                r.movement.arcs = ArcGeometry {
                    half_width_deg: [*f, *n, *st, *w],
                };
            }
            _ => is.push(
                d,
                a.span(),
                "house_rules.arcs",
                "four half-widths in degrees, 0..=180: [fixed, narrow, standard, wide] (default [10, 30, 60, 90])",
            ),
        }
    }
    if let Some(v) = &s.silhouettes {
        match v.get_ref().as_slice() {
            [a, b] if [*a, *b].iter().all(|x| x.is_finite() && (0.0..=90.0).contains(x)) => {
                r.movement.silhouettes = SilhouetteRegions {
                    fa_cone_when_fa_larger: *a,
                    fa_cone_when_ps_larger: *b,
                };
            }
            _ => is.push(
                d,
                v.span(),
                "house_rules.silhouettes",
                "two cone half-angles in degrees, 0..=90: [when F/A >= P/S, when P/S is larger] (default [60, 30])",
            ),
        }
    }
    if let Some(c) = &s.cinematic_frigate_cap {
        r.movement.cinematic_frigate_cap =
            Some(is.int_or_lo(d, c, "house_rules.cinematic_frigate_cap", 3, 4) as u8);
    }
    r
}
