//! Named house rules: every gap the chapter leaves open (digest §5, G1–G20; G21 is this
//! project's addition), each with a
//! default and at least one alternative, set in a config's `[house_rules]` table. Listed for
//! users, with what the text says and what each alternative changes, in
//! `docs/house-rules/ship-to-ship.md`. The G-number is the start of every key.

use serde::Deserialize;

use super::facing::{FirerCorner, OrientationRule};
use super::hit_allocation::GapRule;
use super::hull_check::HullCompare;

/// G1: who fires first within a phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Initiative {
    /// Default: every ship chooses its shot from the same snapshot and all shots happen (a ship
    /// destroyed in the volley still gets its shot off).
    #[default]
    Simultaneous,
    /// Alternative: the battle's dice pick the side that fires first each phase; the other
    /// side then chooses and fires with the ships it has left.
    AlternateByDice,
}

/// G2: the to-hit roll the text lacks ("After a shot hits" is where it starts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToHit {
    /// Default (invented; its range + target-speed shape follows fan references): 2d6 ≥
    /// effective range + target speed + firer OOC (G7) − gunnery skill; a natural 2 fails.
    #[default]
    RangeSpeed,
    /// Alternative: every shot with facing and line of sight hits (the text's damage model
    /// alone).
    Always,
}

/// G5: when Used markers come off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UsedClear {
    /// Default: at the end of the round.
    #[default]
    EndOfRound,
    /// Alternative: at the end of every phase (with one phase per round, the same).
    EndOfPhase,
}

/// G6: how far a ship turns per phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turning {
    /// Default: at most one hexside per phase, before moving.
    #[default]
    OneHexside,
    /// Alternative: any facing each phase.
    Free,
}

/// G9: what Broken modules other than weapons do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BrokenModules {
    /// Default (the digest's invented effects): once every Engine is Broken, Guns and Shields
    /// are 0 from the next round and the ship cannot move; a Broken Helm stops turning; a
    /// Broken Science module stops shield regeneration (G4). A Broken Cannon never fires (seed).
    #[default]
    Digest,
    /// Alternative: only the seed's rule — a Broken Cannon does not fire; other modules are
    /// cosmetic.
    CannonsOnly,
}

/// G13: a shot whose power rounds to 0 (Long mode with Guns 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZeroPower {
    /// Default: it cannot be fired.
    #[default]
    CannotFire,
    /// Alternative: it fires at power 1.
    PowerOne,
}

/// G16: how much a strike lowers Shields when dice miss the silhouette ("These dice ...
/// reduce the shields").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissedShields {
    /// Default: −1 per strike however many dice miss.
    #[default]
    PerStrike,
    /// Alternative: −1 per strike and −1 more per die that missed.
    PerMissingDie,
}

/// G14: what Luck buys on the hit allocation roll (seed, "Hit Allocation": "The firing
/// character may spend Luck on the hit allocation roll" — what it buys is not said).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllocationLuck {
    /// Default: Luck is kept for hull checks (the ship's one pool, G14); nothing is spent on
    /// allocation.
    #[default]
    HullChecksOnly,
    /// Alternative (the digest's reading, by analogy with the hull check): one Luck point
    /// rerolls one allocation die; the firer spends it, after its Scans, when the reroll's
    /// expected line value beats the line it has.
    RerollDie,
}

/// G21 (not in the digest's list): whether a Cannon's mode may change during a battle. The
/// seed gives the three modes ("Cannons can be in on of three modes: Standard, Long, or
/// Multi") and calls them a configuration, but not when or whether it can be changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CannonModeChoice {
    /// Default: the mode is fixed by the design for the whole battle.
    #[default]
    Design,
    /// Alternative: the firer picks Standard, Long or Multi for each shot (a policy that
    /// chooses does so; the others keep the design's mode). A Used marker stops only modes
    /// that put one (a Used Cannon can still fire in Multi mode).
    PerShot,
}

/// Every house rule with its value (defaults: `HouseRules::default()`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// G1: phases per round (default 1; the [EXT] alternative 6).
    pub g1_phases_per_round: u8,
    /// G1: fire actions per ship per phase (default 1 = one gunner).
    pub g1_actions_per_phase: u8,
    /// G1: simultaneous fire or alternating by dice.
    pub g1_initiative: Initiative,
    /// G2: the to-hit rule.
    pub g2_to_hit: ToHit,
    /// G2: gunnery skill subtracted from the to-hit number (default 2).
    pub g2_gunnery_skill: i8,
    /// G3: maximum Cannon range in hexes (default 0 = unlimited).
    pub g3_max_range: u32,
    /// G4: Shields regained per round, up to the design's (default 0: Shields only fall).
    pub g4_shield_regen_per_round: u8,
    /// G5: when Used markers clear.
    pub g5_used_markers_clear: UsedClear,
    /// G6: turning per phase.
    pub g6_turning: Turning,
    /// G7: OOC adds to the firer's to-hit number (default true).
    pub g7_ooc_to_hit: bool,
    /// G7 [EXT]: OOC falls by 1 at the end of each phase (default false).
    pub g7_ooc_decay: bool,
    /// G9: Broken module effects.
    pub g9_broken_modules: BrokenModules,
    /// G11: hull-check comparison (≥ or >).
    pub g11_hull_compare: HullCompare,
    /// G12: empty cells behind the module of impact.
    pub g12_gaps: GapRule,
    /// G13: zero-power shots.
    pub g13_zero_power: ZeroPower,
    /// G14: what Luck buys on the hit allocation roll.
    pub g14_luck_on_allocation: AllocationLuck,
    /// G15: a blast strike is a hit, so it calls for a hull check (default true; chains).
    pub g15_blast_hull_checks: bool,
    /// G16: Shields lost to dice that miss.
    pub g16_missed_dice_shields: MissedShields,
    /// G18: repair actions per ship per round (default 0; repairs are "later" in the digest's
    /// core; alternative 1: 2d6 + gunnery skill ≥ 11, +3 if slagged, + OOC).
    pub g18_repairs_per_round: u8,
    /// G19: module orientation and facing.
    pub g19_orientation: OrientationRule,
    /// G20: line of sight through a corner of the firer's hex.
    pub g20_firer_corner: FirerCorner,
    /// G21: whether a Cannon's mode may change during the battle.
    pub g21_cannon_mode_choice: CannonModeChoice,
    /// The battle's length in rounds (the text has none; at the cap the measure decides).
    pub round_cap: u32,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            g1_phases_per_round: 1,
            g1_actions_per_phase: 1,
            g1_initiative: Initiative::Simultaneous,
            g2_to_hit: ToHit::RangeSpeed,
            g2_gunnery_skill: 2,
            g3_max_range: 0,
            g4_shield_regen_per_round: 0,
            g5_used_markers_clear: UsedClear::EndOfRound,
            g6_turning: Turning::OneHexside,
            g7_ooc_to_hit: true,
            g7_ooc_decay: false,
            g9_broken_modules: BrokenModules::Digest,
            g11_hull_compare: HullCompare::AtLeast,
            g12_gaps: GapRule::Skip,
            g13_zero_power: ZeroPower::CannotFire,
            g14_luck_on_allocation: AllocationLuck::HullChecksOnly,
            g15_blast_hull_checks: true,
            g16_missed_dice_shields: MissedShields::PerStrike,
            g18_repairs_per_round: 0,
            g19_orientation: OrientationRule::UnblockedOnly,
            g20_firer_corner: FirerCorner::EitherSide,
            g21_cannon_mode_choice: CannonModeChoice::Design,
            round_cap: 20,
        }
    }
}

impl HouseRules {
    /// Out-of-range values, as (field, message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut int = |name: &'static str, v: i64, lo: i64, hi: i64| {
            if !(lo..=hi).contains(&v) {
                out.push((name, format!("{v} is out of range: allowed {lo}..={hi}")));
            }
        };
        int("g1_phases_per_round", self.g1_phases_per_round.into(), 1, 6);
        int(
            "g1_actions_per_phase",
            self.g1_actions_per_phase.into(),
            1,
            8,
        );
        int("g2_gunnery_skill", self.g2_gunnery_skill.into(), -6, 12);
        int("g3_max_range", self.g3_max_range.into(), 0, 1000);
        int(
            "g4_shield_regen_per_round",
            self.g4_shield_regen_per_round.into(),
            0,
            20,
        );
        int(
            "g18_repairs_per_round",
            self.g18_repairs_per_round.into(),
            0,
            8,
        );
        int("round_cap", self.round_cap.into(), 1, 1000);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_in_range() {
        assert!(HouseRules::default().problems().is_empty());
        let bad = HouseRules {
            g1_phases_per_round: 7,
            ..HouseRules::default()
        };
        assert_eq!(bad.problems()[0].0, "g1_phases_per_round");
    }
}
