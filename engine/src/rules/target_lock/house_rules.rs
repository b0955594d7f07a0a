//! Named house rules: every gap of the quick-reference sheet (digest §5, G1–G20) and the
//! labelled defaults of its second and third readings (T1–T4), each with a default and at
//! least one alternative, set in a config's `[house_rules]` table. Listed for users in
//! `docs/house-rules/target-lock.md`. (G1, the missing weapon table, is data: each weapon line
//! says whether it is a placeholder.)

use serde::Deserialize;

pub use super::lock::LockDice;
pub use super::swarmer::SwarmerDie;
pub use super::tables::SurfaceDie;

/// How a hit's boxes are taken from the track (G2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DamageOrder {
    /// In track order, first box first (default).
    TrackOrder,
    /// A random intact box per box of damage.
    RandomBox,
}

/// What Command Points do (G3; seed, "Sequence of Play" 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CommandPoints {
    /// A side gets one CP per ship with an intact Flag Bridge and adds them to its initiative
    /// roll (default).
    Initiative,
    /// No command points.
    Off,
}

/// How an initiative tie is broken (G4; seed, "Sequence of Play" 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeTies {
    /// Both sides roll again (default).
    Reroll,
    /// The side that lost initiative last turn wins the tie (the first turn rerolls).
    LastLoser,
}

/// Which attacks need a Target Lock first (G7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LockRequired {
    /// Direct fire and seekers (default); plain projectiles fly unlocked.
    DirectAndSeekers,
    /// Every attack.
    All,
    /// No attack: a lock only matters through Aim.
    None,
}

/// How long a Target Lock lasts (G7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LockLasts {
    /// Until the end of the turn (default).
    Turn,
    /// Until the target or the locking ship is destroyed.
    Battle,
}

/// Point-defense shots (G13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PdShots {
    /// One shot per point-defense weapon per turn (default).
    PerWeapon,
    /// Every point-defense weapon shoots at every counter aimed at its ship.
    PerCounter,
}

/// Repair difficulties (G14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepairDifficulty {
    /// Jam Easy, scanner Average, weapon Hard, core system Very Hard (default).
    ByKind,
    /// Every repair Average.
    AllAverage,
}

/// How long a Magazine "Jam" lasts (G16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Jam {
    /// One weapon bank is jammed until repaired (Easy) (default).
    UntilRepaired,
    /// One weapon bank is jammed until the end of the turn.
    OneTurn,
}

/// Sub-table results that are absent or already destroyed (G17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SubTableRerolls {
    /// Reroll on every sub-table, up to 10 tries; UDST's "roll again" rerolls Internal
    /// Damage (default).
    Reroll,
    /// As `reroll`, but UDST's "roll again" restarts from Surface Features.
    RestartSurface,
    /// No rerolls: an absent result does nothing (UDST still falls through to Internal
    /// Damage once, as printed).
    None,
}

/// Whose hex the lock-interference modifiers look at (G19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InterferenceFrom {
    /// The target's hex (default).
    TargetHex,
    /// The locking ship's hex.
    LockerHex,
}

/// Which scanner a System (S) box disables (G20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScannerPick {
    /// One of the two at random (default).
    Random,
    /// The long-range scanner first.
    LongRangeFirst,
}

/// The sign of "Target size" among the to-hit modifiers (T1, third reading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetSizeSign {
    /// + Target Size Modifier, as in the lock list (default).
    Plus,
    /// − Target Size Modifier.
    Minus,
}

/// How a surviving projectile counter resolves (T3, digest correction 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CounterRoll {
    /// A d10 per weapon against TN(recorded range) + modifiers (default).
    D10,
    /// Every weapon of a surviving counter hits.
    Hits,
}

/// Every house rule.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// G2.
    pub damage_order: DamageOrder,
    /// G3.
    pub command_points: CommandPoints,
    /// G4.
    pub initiative_ties: InitiativeTies,
    /// G5: actions per ship per turn; 0 = its intact (A) boxes (min 1, default), n = n less
    /// the (A) boxes lost (min 1).
    pub actions_per_ship: u32,
    /// G6: hexes between the two fleets' ship counters at the start.
    pub start_range: u32,
    /// G6 (T4): attacks from behind the target's facing roll Surface Features at +2.
    pub aft_arc: bool,
    /// G7.
    pub lock_required: LockRequired,
    /// G7.
    pub lock_lasts: LockLasts,
    /// G7: to-hit bonus of an Aim action for the ship's next attack.
    pub aim_bonus: i32,
    /// G8.
    pub lock_dice: LockDice,
    /// G9.
    pub swarmer_die: SwarmerDie,
    /// G10.
    pub surface_die: SurfaceDie,
    /// G11: to-hit penalty of a destroyed Fire Control.
    pub fire_control_loss: i32,
    /// G11: lock penalty of destroyed Sensors.
    pub sensors_loss: i32,
    /// G12: to-hit penalty against a ship with a working Shield Generator (0: shields
    /// ignored, default).
    pub shield_to_hit: i32,
    /// G13.
    pub pd_shots: PdShots,
    /// G14.
    pub repair_difficulty: RepairDifficulty,
    /// G15: a ship whose track is down to this many intact boxes scuttles (0: never, the
    /// default: Scuttle and the other G15 actions are not offered).
    pub scuttle_at: u32,
    /// G16.
    pub jam: Jam,
    /// G17.
    pub sub_table_rerolls: SubTableRerolls,
    /// G18: the turn cap (the sheet has no end; last side standing wins before it).
    pub turn_cap: u32,
    /// G19.
    pub interference_from: InterferenceFrom,
    /// G20.
    pub scanner_pick: ScannerPick,
    /// G20: lock penalty per disabled or destroyed scanner.
    pub scanner_lock_penalty: i32,
    /// T1.
    pub target_size_sign: TargetSizeSign,
    /// T2: a Remass box's 1d6−3 below 0 counts as 0 (default); `false`: it refunds burns.
    pub remass_floor: bool,
    /// T3.
    pub counter_roll: CounterRoll,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            damage_order: DamageOrder::TrackOrder,
            command_points: CommandPoints::Initiative,
            initiative_ties: InitiativeTies::Reroll,
            actions_per_ship: 0,
            start_range: 16,
            aft_arc: true,
            lock_required: LockRequired::DirectAndSeekers,
            lock_lasts: LockLasts::Turn,
            aim_bonus: 1,
            lock_dice: LockDice::D6,
            swarmer_die: SwarmerDie::TwoD6,
            surface_die: SurfaceDie::D6,
            fire_control_loss: 2,
            sensors_loss: 2,
            shield_to_hit: 0,
            pd_shots: PdShots::PerWeapon,
            repair_difficulty: RepairDifficulty::ByKind,
            scuttle_at: 0,
            jam: Jam::UntilRepaired,
            sub_table_rerolls: SubTableRerolls::Reroll,
            turn_cap: 30,
            interference_from: InterferenceFrom::TargetHex,
            scanner_pick: ScannerPick::Random,
            scanner_lock_penalty: 1,
            target_size_sign: TargetSizeSign::Plus,
            remass_floor: true,
            counter_roll: CounterRoll::D10,
        }
    }
}

impl HouseRules {
    /// Out-of-range values: (field, message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut int = |name: &'static str, v: i64, lo: i64, hi: i64| {
            if !(lo..=hi).contains(&v) {
                out.push((name, format!("{v} is out of range: allowed {lo}..={hi}")));
            }
        };
        int("actions_per_ship", self.actions_per_ship.into(), 0, 20);
        int("start_range", self.start_range.into(), 1, 200);
        int("aim_bonus", self.aim_bonus.into(), 0, 9);
        int("fire_control_loss", self.fire_control_loss.into(), 0, 9);
        int("sensors_loss", self.sensors_loss.into(), 0, 9);
        int("shield_to_hit", self.shield_to_hit.into(), 0, 9);
        int("scuttle_at", self.scuttle_at.into(), 0, 64);
        int("turn_cap", self.turn_cap.into(), 1, 1000);
        int(
            "scanner_lock_penalty",
            self.scanner_lock_penalty.into(),
            0,
            9,
        );
        out
    }

    /// +1 or −1 for the to-hit target size modifier (T1).
    pub const fn size_sign(&self) -> i32 {
        match self.target_size_sign {
            TargetSizeSign::Plus => 1,
            TargetSizeSign::Minus => -1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_in_range() {
        assert!(HouseRules::default().problems().is_empty());
        let bad = HouseRules {
            turn_cap: 0,
            ..HouseRules::default()
        };
        assert_eq!(bad.problems()[0].0, "turn_cap");
    }
}
