//! The construction house rules (§16–17, D15, D19): where the text is silent or says two
//! things, a named reading with the digest's proposal as `Default` and one alternative each.
//! Documented in `docs/house-rules/cold-infinity.md` under "Construction points".

use serde::Deserialize;

/// The Wide firing-arc surcharge (§16.4.1, D19 13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WideArc {
    /// +25%, the table of §16.4.1.
    #[default]
    Table,
    /// +10%, the §16.4.1 worked example (10cm cannon: 56 CP → 61.6 → 62 CP).
    Example,
}

/// How the mobile-base surcharge combines with the other ship-wide adjustments (§16.7.6, D15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MobileBase {
    /// +5% added to the other ship-wide percentages (§16.4.13: "the percentage increases in CP
    /// are additive").
    #[default]
    Additive,
    /// ×1.05 on the cost after the other adjustments ("after any Mass adjustment", §16.7.6).
    Compounding,
}

/// What a Mass *increase* costs (§16.4.13.1, D19 14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MassIncrease {
    /// +1% per 0.1 either way (the text: "for an increase or decrease of 0.1, increase the
    /// total cost … by 1%").
    #[default]
    Costs,
    /// −1% per 0.1 added (a heavier ship is the worse ship; only decreases cost more).
    Refunds,
}

/// Rounding of the ramming value 2 × Mass (§16.4.15, D19 19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ramming {
    /// Rounded up, the rule (Mass 12.7 → 26).
    #[default]
    RoundUp,
    /// Rounded down, as the Reaper SDS prints it (Mass 12.7 → 25).
    RoundDown,
}

/// The cost of several hangar launch tubes on one hangar (§16.4.5.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LaunchTubes {
    /// Each additional tube costs 1 CP more than the one before: 1, 2, 3, … (the text's
    /// example: three tubes cost 6 CP).
    #[default]
    Rising,
    /// 1 CP each (the statistics block "Cost: 1 CP"); three tubes cost 3 CP.
    OneEach,
}

/// Where a direct-fire weapon's structure (±1 per CP) and power (±3 CP per point) adjustments
/// enter its cost (§17.1.2): the text does not place them relative to the configuration and
/// enhancement percentages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Adjustments {
    /// Added after the percentages, as §17.2.2 says for torpedoes ("applied after the current
    /// construction point cost is determined").
    #[default]
    AfterPercentages,
    /// Added to the base before the percentages (they are scaled like the damage).
    BeforePercentages,
}

/// What "every +100% in enhancements" counts (§17.1.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnhancementPower {
    /// The enhancements alone (the text names enhancements, not the net modifier).
    #[default]
    Gross,
    /// The net modifier after limitations (and the −80% floor).
    Net,
}

/// Power and structure of the Fixed damage schedule's +5 rows (§17.1; the SSB13 rows are lost).
/// The text gives two points: +10 → 1 power, 2 structure; +12 (row +15) → 2 power, 4 structure.
/// **Reconstructed data.**
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FixedRows {
    /// Row k = ⌈fixed/5⌉ needs k − 1 power and 2(k − 1) structure (the one straight line through
    /// both stated points; +5 needs nothing).
    #[default]
    Linear,
    /// As `Linear`, but +1..+5 already needs 1 power and 2 structure (the +10 row).
    FloorOne,
}

/// Every construction reading (§16–17). `Default` is the digest's proposal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Readings {
    /// Wide arc +25% or +10%.
    pub wide_arc: WideArc,
    /// Mobile base +5% additive or compounding.
    pub mobile_base: MobileBase,
    /// A Mass increase costs or refunds.
    pub mass_increase: MassIncrease,
    /// Ramming value rounded up or down.
    pub ramming: Ramming,
    /// Launch tubes rising or 1 CP each.
    pub launch_tubes: LaunchTubes,
    /// Weapon structure/power adjustments after or before the percentages.
    pub weapon_adjustments: Adjustments,
    /// Enhancement power counts gross or net.
    pub enhancement_power: EnhancementPower,
    /// The Fixed damage rows' power and structure.
    pub fixed_rows: FixedRows,
}

/// The house-rule names of the construction readings that differ from the default (for
/// `readings.rs` of the rule system once it is registered).
pub fn in_effect(r: &Readings) -> Vec<&'static str> {
    let d = Readings::default();
    let mut out = Vec::new();
    let pairs: [(&'static str, bool); 8] = [
        ("wide_arc", r.wide_arc != d.wide_arc),
        ("mobile_base", r.mobile_base != d.mobile_base),
        ("mass_increase", r.mass_increase != d.mass_increase),
        ("ramming", r.ramming != d.ramming),
        ("launch_tubes", r.launch_tubes != d.launch_tubes),
        (
            "weapon_adjustments",
            r.weapon_adjustments != d.weapon_adjustments,
        ),
        (
            "enhancement_power",
            r.enhancement_power != d.enhancement_power,
        ),
        ("fixed_rows", r.fixed_rows != d.fixed_rows),
    ];
    for (name, changed) in pairs {
        if changed {
            out.push(name);
        }
    }
    out
}

/// Every construction house-rule name.
pub const NAMES: [&str; 8] = [
    "wide_arc",
    "mobile_base",
    "mass_increase",
    "ramming",
    "launch_tubes",
    "weapon_adjustments",
    "enhancement_power",
    "fixed_rows",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_not_in_effect_and_alternatives_are() {
        assert!(in_effect(&Readings::default()).is_empty());
        let r = Readings {
            wide_arc: WideArc::Example,
            mobile_base: MobileBase::Compounding,
            mass_increase: MassIncrease::Refunds,
            ramming: Ramming::RoundDown,
            launch_tubes: LaunchTubes::OneEach,
            weapon_adjustments: Adjustments::BeforePercentages,
            enhancement_power: EnhancementPower::Net,
            fixed_rows: FixedRows::FloorOne,
        };
        assert_eq!(in_effect(&r), NAMES.to_vec());
    }
}
