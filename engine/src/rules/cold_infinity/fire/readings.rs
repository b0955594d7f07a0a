//! Named house rules for fire and damage (§7.2–§8, §11, §13): every place the seed is silent
//! or reads two ways (digest D19 and its second and third readings) that a battle would hit.
//! `Default` is the proposed reading; each field has at least one implemented alternative.
//! Documented for users in `docs/house-rules/cold-infinity.md` under "Fire and damage".

use serde::Deserialize;

use super::hit_location::ChartName;

/// §7.5.1 at range 0 (D19 item 12): "the minimum range penalty … will always be −1".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RangeZero {
    /// Default (literal): −1 even at range 0 (same hex, §7.7).
    #[default]
    MinusOne,
    /// Alternative: no penalty at range 0 (ceil(0/b) = 0).
    None,
}

/// §8.1.2 pulse damage (D19 item 16, third reading): rolled once or per pulse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PulseDamage {
    /// Default: one damage roll per pulse, each halved on 11–12.
    #[default]
    PerPulse,
    /// Alternative: one roll, every pulse does that much.
    RolledOnce,
}

/// §8.1.2 bonus die of a pulse Rating (third reading): "add that number of pulses to the pulse
/// accuracy roll result".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PulseBonus {
    /// Default (digest): the die adds pulses to the count, capped at the maximum.
    #[default]
    AddsPulses,
    /// Alternative: the die is added to the pulse roll before the intervals are counted.
    AddsToRoll,
}

/// §7.4.2.1 vs §8.1.6 (third reading): flare is "a single volley" in one place, its spill a
/// "separate volley" in the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlareSpill {
    /// Default (§8.1.6, the configuration's own rule): each spill is a new volley and meets
    /// shields and armor again.
    #[default]
    SeparateVolley,
    /// Alternative (§7.4.2.1): the hit is mitigated once; the spill is already net damage.
    SingleVolley,
}

/// §7.4.2.1 / §8.1.5 piercing mitigation (D19 item 15, second reading item 33).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PiercingArmor {
    /// Default (the text): only the line-of-sight (entry) section's share is reduced.
    #[default]
    EntryOnly,
    /// Alternative (not the book's rule): each share meets its own section's shields and armor.
    EverySection,
}

/// §8.1.3 slicing split (D19 item 36): "every system in the section", shares on destroyed ones
/// lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlicingSplit {
    /// Default: divide by all systems, destroyed ones included (their shares are lost).
    #[default]
    AllSystems,
    /// Alternative: divide by the intact systems only.
    IntactOnly,
}

/// §8.2.6 "double damage to hull structure" (D19 item 17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlasmaDouble {
    /// Default: hull structure only, doubled after armor.
    #[default]
    HullOnly,
    /// Alternative (§7.4 "structure"): systems too.
    HullAndSystems,
}

/// Rounding where the seed says "half" and gives none (third reading: partial-power
/// absorption, same-technology shields, armor specialised against matter).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Halving {
    /// Default: round down (as the one stated case, partial-power deflection, §11.2.1).
    #[default]
    Down,
    /// Alternative: round up (as plasma's half armor, §8.2.6).
    Up,
}

impl Halving {
    /// Half of `x` under this rounding.
    pub const fn half(self, x: u16) -> u16 {
        match self {
            Halving::Down => x / 2,
            Halving::Up => x.div_ceil(2),
        }
    }
}

/// §13.1.10 rack destruction roll (D19 item 43, third reading).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RackRoll {
    /// Default: one 1d6 per damaging volley.
    #[default]
    PerVolley,
    /// Alternative (the sentence order): one 1d6 per point of damage.
    PerPoint,
}

/// §13.1.9 damaged weapon reduction (D19 item 27): when the defender lowers a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponReduction {
    /// Default: once, when damage first reaches ceil(structure/2).
    #[default]
    Once,
    /// Alternative: once more for every further ceil(structure/2) lost.
    EveryHalf,
}

/// §11.2.2.1 buffering shields "recharge over time, returning eventually to their maximum
/// strength" — the rate lives in a lost table (D19 item 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BufferRecharge {
    /// Default (D19 item 7's assumption): its absorption Rating back per turn, up to full.
    #[default]
    RatingPerTurn,
    /// Alternative: half its absorption Rating (rounded up) per turn.
    HalfRatingPerTurn,
    /// Alternative: no recharge within a battle.
    None,
}

/// §11.2 "Some shields can offer partial protection while under partial power" — the text
/// never says how much power partial power is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShieldPartialDraw {
    /// Default: partial power is half the shield's requirement, rounded up.
    #[default]
    HalfRoundedUp,
    /// Alternative: any power from 1 up to one short of the requirement is partial power.
    AnyShort,
}

/// §7.3 simultaneity (D19 item 31, second reading 35): "damage … is applied at the end of this
/// phase".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Simultaneity {
    /// Default (the literal reading): every hit of a fire phase is located against the
    /// start-of-phase state and the summed damage is applied at the end of the phase.
    #[default]
    StartOfPhase,
    /// The digest's implementation default: damage is marked at once, so later shots of the
    /// phase walk past systems destroyed earlier in it (functional loss still counts only from
    /// the next phase); shots resolve alternating sides, the first side by the battle's dice.
    MarkedAtOnce,
}

/// §13.1.4 reactor detonation timing: "On each turn that the reactor provides power, roll 2d10
/// and add 1 for each turn that the reactor has been half-destroyed" — the text does not say
/// whether the turn it becomes unstable is the first such turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReactorDetonation {
    /// Default (D19 item 44): the first roll in the Damage Effects step of the turn after it
    /// became unstable, the counter 1 on that roll.
    #[default]
    NextTurn,
    /// Alternative: the first roll in the Damage Effects step of the turn it became unstable.
    SameTurn,
}

/// §11.1 / §7.1.3: whether a weapon that fired defensively starts arming over. §11.1 lets a
/// weapon that "has not and will not fire offensively" defend once a turn; §7.1.3's "begin
/// arming immediately after being fired" does not say whether defensive fire is firing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DfArming {
    /// Default: defensive fire is not firing for §7.1.3 — the weapon stays armed.
    #[default]
    KeepsArmed,
    /// Alternative: a weapon that fired defensively starts arming over (and a `C-n` weapon
    /// sits out its cooldown), like an offensive shot.
    Rearms,
}

/// §11.1.3: "If an unarmed weapon uses EDF, on the next turn it is forced into a cooldown period
/// equal to the length of its arming cycle (whether or not the weapon normally requires
/// cooldown)" — the text does not say whether it must then arm again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EdfCooldown {
    /// Default: as a `C-n` weapon after firing (§7.1.2.1) — the cooldown switched off and
    /// unpowered, then the arming cycle from scratch once switched on.
    #[default]
    ThenArms,
    /// Alternative: the cooldown stands for the arming cycle — the weapon is armed when it is
    /// switched on after it.
    ArmedAfter,
}

/// §11.1.5: "all engaged ablative DF weapons reduce the resulting damage by ten percent of the
/// total damage rolled per –1 of DF" — ablative DF is "available only to SDF and AHDF", and the
/// text does not say whether §11.1.2's cap ("the total modifier from AHDF against a single
/// incoming attack cannot exceed four times the lowest AHDF Rating") holds for the ablative AHDF
/// on one attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AblativeCap {
    /// Default: the ablative AHDF on one attack is a group of its own, its −DF at most 4 × its
    /// lowest Rating (§11.1.2's cap on "the total modifier from AHDF"); ablative SDF adds up
    /// uncapped (§11.1.1), as does to-hit SDF.
    #[default]
    OwnGroup,
    /// Alternative: every engaged ablative Rating adds up uncapped ("all engaged ablative DF
    /// weapons", §11.1.5, read as overriding the cap of a to-hit modifier).
    Uncapped,
}

/// §8.1.8 Wave: "capable of striking any and all ships within its range and firing arc" — the
/// text does not say whether a ship in the arc that other ships hide is in the wave's path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaveSight {
    /// Default (the text's "any and all ships within its range and firing arc"): every ship in
    /// the arc within the wave range is in the path; no ship blocks the wave.
    #[default]
    ArcOnly,
    /// Alternative (as any direct fire, §7.1.5): a ship is in the path only if the firer has
    /// line of sight to it past the other ships (`los_blockers`).
    LineOfSight,
}

/// §8.1.8 "friend or foe": who is credited with the damage a wave does to its own side (the
/// text scores no battle; this moves only the damage-dealt columns, never the dice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaveCredit {
    /// Default: nobody — the friend takes it (damage taken), no ship, weapon or side is
    /// credited with dealing it.
    #[default]
    Nobody,
    /// Alternative: the firer and its weapon, like any damage they do (its side's damage dealt
    /// then counts its own ships' losses).
    Firer,
}

/// §11.2.5 with §11.2.7: a volley at a system that a point-defense shield reaches, on a shot a
/// section (arc or encapsulating) shield also acts on — "only one shield will … absorb any
/// given incoming shot" and the defender chooses shot by shot, but the point-defense shield's
/// part is known only once the location is rolled (and, roaming, its 3d6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointDefenseChoice {
    /// Default: the defender uses whichever absorbs more on that volley (the point-defense
    /// shield's Rating, or the section shield's with a buffering shield's strength).
    #[default]
    Larger,
    /// Alternative: the section shield chosen before the roll is the shot's one shield; a
    /// point-defense shield acts only where no section shield does.
    SectionShield,
}

/// Fire-and-damage house rules (keys: the field names; values: kebab-case).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Readings {
    /// Which hit-location chart (D19 item 1: the chart is lost).
    pub hit_chart: ChartName,
    /// Range penalty at range 0.
    pub range_zero: RangeZero,
    /// Pulse damage rolled per pulse or once.
    pub pulse_damage: PulseDamage,
    /// Pulse bonus die.
    pub pulse_bonus: PulseBonus,
    /// Flare spill mitigation.
    pub flare_spill: FlareSpill,
    /// Piercing mitigation.
    pub piercing_armor: PiercingArmor,
    /// Slicing split.
    pub slicing_split: SlicingSplit,
    /// Plasma double structure damage.
    pub plasma_double: PlasmaDouble,
    /// Rounding of unstated halvings.
    pub halving: Halving,
    /// Rack destruction roll.
    pub rack_roll: RackRoll,
    /// Damaged-weapon reduction.
    pub weapon_reduction: WeaponReduction,
    /// Buffering shield recharge.
    pub buffer_recharge: BufferRecharge,
    /// §7.3 simultaneity within a fire phase.
    pub simultaneity: Simultaneity,
    /// §13.1.4 the first detonation roll.
    pub reactor_detonation: ReactorDetonation,
    /// §11.1 / §7.1.3 arming after defensive fire.
    pub df_arming: DfArming,
    /// §11.1.3 whether a weapon arms again after EDF's forced cooldown.
    pub edf_cooldown: EdfCooldown,
    /// §11.1.5 whether §11.1.2's cap holds for ablative AHDF.
    pub ablative_cap: AblativeCap,
    /// §11.2 what partial power for a shield is.
    pub shield_partial_draw: ShieldPartialDraw,
    /// §8.1.8 whether ships hide others from a wave.
    pub wave_sight: WaveSight,
    /// §8.1.8 who is credited with a wave's damage to its own side.
    pub wave_credit: WaveCredit,
    /// §11.2.5 / §11.2.7 a point-defense shield against a section shield on one volley.
    pub point_defense_choice: PointDefenseChoice,
}

/// The keys every battle rests on whatever their value: the hit-location chart is lost, so
/// every system hit comes from a reconstruction (D19 item 1).
pub const ALWAYS: [&str; 1] = ["hit_chart"];

/// The fire-and-damage house-rule keys in effect under `r` (for `fleetlab audit`, once the
/// system is registered): [`ALWAYS`] plus every key set away from its default. Not called per
/// battle.
pub fn in_effect(r: &Readings) -> Vec<&'static str> {
    let d = Readings::default();
    let mut keys = ALWAYS.to_vec();
    macro_rules! changed {
        ($($field:ident),* $(,)?) => {
            $(
                if r.$field != d.$field && !keys.contains(&stringify!($field)) {
                    keys.push(stringify!($field));
                }
            )*
        };
    }
    changed!(
        hit_chart,
        range_zero,
        pulse_damage,
        pulse_bonus,
        flare_spill,
        piercing_armor,
        slicing_split,
        plasma_double,
        halving,
        rack_roll,
        weapon_reduction,
        buffer_recharge,
        simultaneity,
        reactor_detonation,
        df_arming,
        edf_cooldown,
        ablative_cap,
        shield_partial_draw,
        wave_sight,
        wave_credit,
        point_defense_choice,
    );
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field is listed in `in_effect` (changing it from the default shows it), and the
    /// docs page names every key.
    #[test]
    fn every_key_is_listed_and_documented() {
        let alt = Readings {
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
            edf_cooldown: EdfCooldown::ArmedAfter,
            ablative_cap: AblativeCap::Uncapped,
            shield_partial_draw: ShieldPartialDraw::AnyShort,
            wave_sight: WaveSight::LineOfSight,
            wave_credit: WaveCredit::Firer,
            point_defense_choice: PointDefenseChoice::SectionShield,
        };
        let keys = in_effect(&alt);
        assert_eq!(keys.len(), 21);
        assert_eq!(in_effect(&Readings::default()), vec!["hit_chart"]);
        let doc = include_str!("../../../../../docs/house-rules/cold-infinity.md");
        for k in keys {
            assert!(doc.contains(&format!("`{k}`")), "{k} missing from the docs");
        }
    }
}
