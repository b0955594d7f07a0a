//! The guided-weapon house rules (§9, §11.5, D10, D19 40): where the text is silent or says
//! two things, a named reading with the digest's proposal as `Default` and one alternative.
//! Documented in `docs/house-rules/cold-infinity.md` under "Guided weapons".

use serde::Deserialize;

/// The order missiles leave a rack (D19 40): §9.2.1 says "any missile in the rack may be fired
/// in any sequence"; §17.2.1 says the loaded order is recorded and "missiles cannot be fired
/// out of order".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FiringOrder {
    /// In the order loaded (§17.2.1; reload racks also load from the top, §9.2.4).
    #[default]
    Loaded,
    /// Any missile in the rack (§9.2.1).
    Any,
}

/// Which missiles a damaged rack loses when its capacity drops by 4 a point (§13.1.10: the text
/// does not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostMissiles {
    /// The last loaded (the bottom of the magazine).
    #[default]
    Bottom,
    /// The next to fire (the top).
    Top,
}

/// Whether a torpedo launcher's accuracy needs the target in its arc and line of sight in the
/// Guided Weapons Phase (§7.5.3.1 says so for missile racks; torpedoes are not named).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TorpedoAccuracy {
    /// As for missile racks (D10 applies §7.5.3.1 to every launcher).
    #[default]
    LikeRacks,
    /// Always added (the rule names only missile racks).
    Always,
}

/// What damage does to a torpedo system (§13.1.9 names direct fire weapons, §13.1.10 missile
/// and reload racks; a torpedo system is neither).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TorpedoDamage {
    /// It fires until its structure is gone.
    #[default]
    Structure,
    /// As a rack (§13.1.10): 1d6 for new damage, a 1 destroys it.
    RackRoll,
}

/// Whether the salvos of one anti-missile rocket system (RoF 2+0, 4+0) may all go at the same
/// guided weapon (§11.5.1 is silent; D19 26 reads multi-shot weapons' shots as independent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmrsSalvos {
    /// Each salvo is its own attempt at any eligible guided weapon, the same one included.
    #[default]
    Independent,
    /// At most one salvo per guided weapon per system.
    OnePerWeapon,
}

/// How chaff from several units in one hex combines (§11.5.2 is silent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChaffStacking {
    /// Only the largest penalty counts (one cloud of chaff in the hex).
    #[default]
    Largest,
    /// The penalties add.
    Add,
}

/// How many flares one flare system fires a turn (§11.5.3: each is "directed only against a
/// single incoming weapon"; how many a system may direct in one turn is not said).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlareShots {
    /// One a turn (a deployment, like chaff's).
    #[default]
    OneATurn,
    /// One at each incoming weapon it may protect, a load each.
    EachWeapon,
}

/// Defensive fire against guided weapons at their strike (§11.1, §11.1.5, §11.1.6: "in addition
/// to normal defensive fire (SDF, AHDF or EDF) against guided weapons"): §11.1's first criterion
/// asks for "the attacking unit … within the defending weapon's firing arc", and a guided
/// weapon strikes from its launch hex (the marker, §9.1), which §11.1.6 also uses for
/// intercepts; the text does not say which of the two the arc is checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuidedDf {
    /// Default: played, the launch hex (the marker the strike comes from) in the defending
    /// weapon's arc.
    #[default]
    LaunchHex,
    /// Alternative: not played — guided weapons are met only by intercepts and the specialized
    /// defences (the battle before session 28).
    Off,
}

/// Emergency defensive fire against a guided weapon (§11.1.6: "in addition to normal defensive
/// fire (SDF, AHDF or EDF) against guided weapons"): EDF is a switch of a weapon declared
/// offensive (§7.2.6, §11.1.3), made once the attacks are revealed; the guided weapons arrive in
/// the Guided Weapons Phase, after it — when a weapon may switch to EDF against one is not said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuidedEdf {
    /// Default: in the Guided Weapons Phase, once the guided weapon has arrived and the
    /// intercepts are spread — a weapon of the target declared offensive (or still arming) with
    /// an EDF Rating and the launch hex in its arc switches to EDF against it, its declared gun
    /// shots withdrawn (it "will not fire offensively", §11.1), at §11.1.3's price.
    #[default]
    GuidedPhase,
    /// Alternative: EDF only against gun shots (the §7.2.6 switch in the Fire Determination
    /// Phase, before any guided weapon has arrived; the battle before session 30).
    Off,
}

/// Every guided-weapon reading. `Default` is the digest's proposal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Readings {
    /// Loaded order or any order.
    pub missile_order: FiringOrder,
    /// Which missiles a damaged rack loses.
    pub lost_missiles: LostMissiles,
    /// Torpedo accuracy conditional like racks, or always.
    pub torpedo_accuracy: TorpedoAccuracy,
    /// A damaged torpedo system: structure only, or the rack's roll.
    pub torpedo_damage: TorpedoDamage,
    /// AMRS salvos independent, or one per guided weapon.
    pub amrs_salvos: AmrsSalvos,
    /// Chaff in one hex: the largest or the sum.
    pub chaff_stacking: ChaffStacking,
    /// Flares a system fires a turn: one, or one at each weapon.
    pub flare_shots: FlareShots,
    /// Defensive fire against guided weapons: the launch hex in arc, or not played.
    pub guided_df: GuidedDf,
    /// Emergency defensive fire against guided weapons: in the Guided Weapons Phase, or not.
    pub guided_edf: GuidedEdf,
}

/// Every guided house-rule name.
pub const NAMES: [&str; 9] = [
    "missile_order",
    "lost_missiles",
    "torpedo_accuracy",
    "torpedo_damage",
    "amrs_salvos",
    "chaff_stacking",
    "flare_shots",
    "guided_df",
    "guided_edf",
];

/// The names of the readings that differ from the default.
pub fn in_effect(r: &Readings) -> Vec<&'static str> {
    let d = Readings::default();
    let changed = [
        r.missile_order != d.missile_order,
        r.lost_missiles != d.lost_missiles,
        r.torpedo_accuracy != d.torpedo_accuracy,
        r.torpedo_damage != d.torpedo_damage,
        r.amrs_salvos != d.amrs_salvos,
        r.chaff_stacking != d.chaff_stacking,
        r.flare_shots != d.flare_shots,
        r.guided_df != d.guided_df,
        r.guided_edf != d.guided_edf,
    ];
    NAMES
        .iter()
        .zip(changed)
        .filter(|(_, c)| *c)
        .map(|(n, _)| *n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_effect_lists_alternatives() {
        assert!(in_effect(&Readings::default()).is_empty());
        let r = Readings {
            missile_order: FiringOrder::Any,
            lost_missiles: LostMissiles::Top,
            torpedo_accuracy: TorpedoAccuracy::Always,
            torpedo_damage: TorpedoDamage::RackRoll,
            amrs_salvos: AmrsSalvos::OnePerWeapon,
            chaff_stacking: ChaffStacking::Add,
            flare_shots: FlareShots::EachWeapon,
            guided_df: GuidedDf::Off,
            guided_edf: GuidedEdf::Off,
        };
        assert_eq!(in_effect(&r), NAMES.to_vec());
    }
}
