//! Appendix 2 "Critical Hit Charts" as data: the crit chance formula, how many crits a hit
//! causes, the three tables (Power, Systems, Personnel) with their d20 proportions (G6) and
//! each crit's repair cost and casualty rate.

use crate::dice::Roller;

use super::house_rules::CritRounding;

/// The three crit tables ("selecting which table randomly using a three-sided die").
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CritTable {
    /// Table 1: Power.
    Power,
    /// Table 2: Systems.
    Systems,
    /// Table 3: Personnel.
    Personnel,
}

impl CritTable {
    /// Tables in d3 order.
    pub const ALL: [CritTable; 3] = [CritTable::Power, CritTable::Systems, CritTable::Personnel];

    /// The five entries of this table, in config order.
    pub const fn entries(self) -> [Crit; 5] {
        match self {
            CritTable::Power => [
                Crit::PropellantLeak,
                Crit::RadiatorsDamaged,
                Crit::ReactorOffline,
                Crit::EngineOffline,
                Crit::JumpOffline,
            ],
            CritTable::Systems => [
                Crit::SensorsDamaged,
                Crit::EcmDamaged,
                Crit::WeaponDisabled,
                Crit::MagazineHit,
                Crit::CommandHit,
            ],
            CritTable::Personnel => [
                Crit::BreachDamcon,
                Crit::BreachMedevac,
                Crit::BreachMedbay,
                Crit::BreachEngineering,
                Crit::BreachNerveCenter,
            ],
        }
    }
}

/// One critical hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crit {
    /// Lose 5% of maximum delta-v each turn until repaired (1 RP per 3 tank volume).
    PropellantLeak,
    /// −50% energy production, stacking multiplicatively (1 RP per plant volume).
    RadiatorsDamaged,
    /// One of the largest power plants stops (2 RP per plant volume).
    ReactorOffline,
    /// One of the largest drives stops (2 RP per drive volume).
    EngineOffline,
    /// The largest jump drive can't be used (2 RP per jump-drive volume).
    JumpOffline,
    /// −50% Sensors, stacking multiplicatively (1 RP per sensor volume).
    SensorsDamaged,
    /// −50% ECM, stacking multiplicatively (1 RP per ECM volume).
    EcmDamaged,
    /// One of the largest weapons can't fire (2 RP per weapon volume); a VLS also means a
    /// Magazine Hit.
    WeaponDisabled,
    /// Lose 25% of loaded guided weapons. Not repairable.
    MagazineHit,
    /// One command module destroyed, its crew casualties. Not repairable.
    CommandHit,
    /// 30% of the crew at Damage Control become casualties.
    BreachDamcon,
    /// 50% of the crew on the Medevac route become casualties.
    BreachMedevac,
    /// 50% of the crew at the Medbay become casualties.
    BreachMedbay,
    /// 50% of the crew in Engineering become casualties.
    BreachEngineering,
    /// 50% of the crew in the Nerve Center become casualties.
    BreachNerveCenter,
}

impl Crit {
    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Crit::PropellantLeak => "Propellant Leak",
            Crit::RadiatorsDamaged => "Radiators Damaged",
            Crit::ReactorOffline => "Reactor Offline",
            Crit::EngineOffline => "Engine Offline",
            Crit::JumpOffline => "Jump Offline",
            Crit::SensorsDamaged => "Sensors Damaged",
            Crit::EcmDamaged => "ECM Damaged",
            Crit::WeaponDisabled => "Weapon Disabled",
            Crit::MagazineHit => "Magazine Hit",
            Crit::CommandHit => "Command Hit",
            Crit::BreachDamcon => "Hull Breach: Damcon",
            Crit::BreachMedevac => "Hull Breach: Medevac",
            Crit::BreachMedbay => "Hull Breach: Medbay",
            Crit::BreachEngineering => "Hull Breach: Engineering",
            Crit::BreachNerveCenter => "Hull Breach: Nerve Center",
        }
    }

    /// Percent of a station's crew that become casualties (Table 3), else 0.
    pub const fn casualty_percent(self) -> u32 {
        match self {
            Crit::BreachDamcon => 30,
            Crit::BreachMedevac
            | Crit::BreachMedbay
            | Crit::BreachEngineering
            | Crit::BreachNerveCenter => 50,
            _ => 0,
        }
    }
}

/// d20 faces per entry of each table, in [`CritTable::entries`] order; each row sums to 20
/// (G6: "the exact proportions ... vary based on the design of the ship").
pub type CritWeights = [[u8; 5]; 3];

/// G6 default: equal weights, four faces per entry.
pub const EQUAL_WEIGHTS: CritWeights = [[4; 5]; 3];

/// Crit chance in percent of a hit whose post-armor Attack Power is `post` against a ship of
/// maximum Integrity `integrity_max` (Appendix 2: "For each percentage point of a ship's
/// Integrity Rating ... a 10% chance. Round up."; G5 readings A and B), times `multiplier`
/// (×3 at Precision Targeting or for Heat Seeking / Imaging Radar).
pub fn crit_chance(post: f64, integrity_max: f64, rounding: CritRounding, multiplier: u32) -> u32 {
    if post <= 0.0 || integrity_max <= 0.0 {
        return 0;
    }
    // A small tolerance keeps exact quotients (10.0000000001 from float error) from rounding up.
    const EPS: f64 = 1e-9;
    let base = match rounding {
        CritRounding::PercentagePoints => 10.0 * (100.0 * post / integrity_max - EPS).ceil(),
        CritRounding::Percent => (1000.0 * post / integrity_max - EPS).ceil(),
    };
    let base = base.min(1e6) as u32;
    base * multiplier
}

/// Crits from a crit chance in percent: one per full 100%, plus one more with the last two
/// digits as its odds (Appendix 2), rolled on a d100.
pub fn roll_crit_count<R: Roller>(chance: u32, dice: &mut R) -> u32 {
    let sure = chance / 100;
    let extra = chance % 100;
    sure + u32::from(extra > 0 && dice.below(100) < extra)
}

/// Pick a table: the attacker's (or guidance's) choice, else a d3.
pub fn roll_table<R: Roller>(chosen: Option<CritTable>, dice: &mut R) -> CritTable {
    chosen.unwrap_or_else(|| CritTable::ALL[dice.below(3) as usize])
}

/// Pick an entry of `table` with a d20 and the design's weights.
pub fn roll_entry<R: Roller>(table: CritTable, weights: &CritWeights, dice: &mut R) -> Crit {
    let row = &weights[table as usize];
    let mut face = dice.below(20) as u8;
    for (k, w) in row.iter().enumerate() {
        if face < *w {
            return table.entries()[k];
        }
        face -= w;
    }
    table.entries()[4]
}

/// Delta-v a ship loses per turn to `leaks` Propellant Leak crits: 5% of its maximum each
/// (Table 1).
pub fn leak_loss(max_delta_v: f64, leaks: u8) -> f64 {
    0.05 * max_delta_v * f64::from(leaks)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: CritRounding = CritRounding::PercentagePoints;
    const B: CritRounding = CritRounding::Percent;

    /// Digest §3 vector 4: crit rounding, readings A | B.
    #[test]
    fn vector_4_crit_rounding() {
        assert_eq!(crit_chance(25.0, 200.0, A, 1), 130);
        assert_eq!(crit_chance(25.0, 200.0, B, 1), 125);
        assert_eq!(crit_chance(25.0, 200.0, A, 3), 390);
        assert_eq!(crit_chance(25.0, 200.0, B, 3), 375);
        assert_eq!(crit_chance(12.0, 500.0, A, 1), 30);
        assert_eq!(crit_chance(12.0, 500.0, B, 1), 24);
        assert_eq!(crit_chance(12.0, 500.0, A, 3), 90);
        assert_eq!(crit_chance(12.0, 500.0, B, 3), 72);
        assert_eq!(crit_chance(1.0, 1000.0, A, 1), 10);
        assert_eq!(crit_chance(1.0, 1000.0, B, 1), 1);
        assert_eq!(crit_chance(3.0, 200.0, A, 1), 20);
        assert_eq!(crit_chance(3.0, 200.0, B, 1), 15);
    }

    /// 390% → 3 sure crits plus one at 90%.
    #[test]
    fn crit_count_splits_sure_and_extra() {
        use crate::dice::ScriptedDice;
        // d100 from d6 digits: 1,1,1 → 0 (< 90, a crit).
        let mut d = ScriptedDice::new(&[1, 1, 1]);
        assert_eq!(roll_crit_count(390, &mut d), 4);
        // 100% exactly: one crit, no roll.
        let mut d = ScriptedDice::new(&[]);
        assert_eq!(roll_crit_count(100, &mut d), 1);
    }

    /// Digest §3 vector 19 (second half): a propellant leak on 200 max delta-v → −10 per turn.
    #[test]
    fn vector_19_propellant_leak() {
        assert_eq!(leak_loss(200.0, 1), 10.0);
        assert_eq!(leak_loss(200.0, 2), 20.0);
    }

    #[test]
    fn equal_weights_give_four_faces_per_entry() {
        use crate::dice::Dice;
        let mut d = Dice::for_battle(3, 4, 5);
        let mut seen = [0u32; 5];
        for _ in 0..20_000 {
            let c = roll_entry(CritTable::Systems, &EQUAL_WEIGHTS, &mut d);
            let k = CritTable::Systems
                .entries()
                .iter()
                .position(|e| *e == c)
                .unwrap();
            seen[k] += 1;
        }
        // Each ≈ 4000, sd ≈ 57.
        assert!(seen.iter().all(|&n| (3600..4400).contains(&n)), "{seen:?}");
    }
}
