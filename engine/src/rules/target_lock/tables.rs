//! The structure-damage sub-tables (seed, "Hangar Table", "Internal Damage", "Surface
//! Features", "Core Hit"; digest §2.4, §3.8, G10, G17) and the ship systems they name.

/// A ship system named by one of the sub-tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum System {
    /// Surface Features 1, 3, 8: a turret-mounted weapon.
    TurretWeapon,
    /// Surface Features 2.
    Sensors,
    /// Surface Features 4.
    ManeuveringJets,
    /// Surface Features 5.
    SolarPanel,
    /// Surface Features 6.
    ShieldEmitter,
    /// Surface Features 7.
    HyperdriveImpeller,
    /// Internal Damage 1, 6: a fixed-mount weapon.
    FixedWeapon,
    /// Internal Damage 2.
    Transporter,
    /// Internal Damage 3.
    Thruster,
    /// Internal Damage 4.
    CrewDeck,
    /// Internal Damage 5.
    Troops,
    /// Core Hit 1.
    FireControl,
    /// Core Hit 2.
    FlagBridge,
    /// Core Hit 3.
    PowerPlant,
    /// Core Hit 4: a spinal-mount weapon.
    SpinalMount,
    /// Core Hit 5.
    Hyperdrive,
    /// Core Hit 6.
    ShieldGenerator,
    /// Hangar 1.
    HangarDoor,
    /// Hangar 2–4 (and 5: 1d6 of them).
    SmallCraftBay,
    /// Hangar 6.
    Catapult,
}

/// How many kinds of [`System`] there are.
pub const SYSTEMS: usize = 20;

/// Every system with its config name, in [`System`] order.
pub const SYSTEM_NAMES: [(&str, System); SYSTEMS] = [
    ("turret-weapon", System::TurretWeapon),
    ("sensors", System::Sensors),
    ("maneuvering-jets", System::ManeuveringJets),
    ("solar-panel", System::SolarPanel),
    ("shield-emitter", System::ShieldEmitter),
    ("hyperdrive-impeller", System::HyperdriveImpeller),
    ("fixed-weapon", System::FixedWeapon),
    ("transporter", System::Transporter),
    ("thruster", System::Thruster),
    ("crew-deck", System::CrewDeck),
    ("troops", System::Troops),
    ("fire-control", System::FireControl),
    ("flag-bridge", System::FlagBridge),
    ("power-plant", System::PowerPlant),
    ("spinal-mount", System::SpinalMount),
    ("hyperdrive", System::Hyperdrive),
    ("shield-generator", System::ShieldGenerator),
    ("hangar-door", System::HangarDoor),
    ("small-craft-bay", System::SmallCraftBay),
    ("catapult", System::Catapult),
];

impl System {
    /// The config name.
    pub const fn name(self) -> &'static str {
        SYSTEM_NAMES[self as usize].0
    }
}

/// Surface Features, entries 1–8 (seed).
pub const SURFACE_FEATURES: [System; 8] = [
    System::TurretWeapon,
    System::Sensors,
    System::TurretWeapon,
    System::ManeuveringJets,
    System::SolarPanel,
    System::ShieldEmitter,
    System::HyperdriveImpeller,
    System::TurretWeapon,
];

/// Internal Damage, entries 1–6 (seed; the d6 is inferred from six entries).
pub const INTERNAL_DAMAGE: [System; 6] = [
    System::FixedWeapon,
    System::Transporter,
    System::Thruster,
    System::CrewDeck,
    System::Troops,
    System::FixedWeapon,
];

/// Core Hit, entries 1–6 (seed; d6 inferred).
pub const CORE_HIT: [System; 6] = [
    System::FireControl,
    System::FlagBridge,
    System::PowerPlant,
    System::SpinalMount,
    System::Hyperdrive,
    System::ShieldGenerator,
];

/// A Hangar table result (seed: "Roll 1d6 on the Hangar table").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HangarResult {
    /// One system lost.
    One(System),
    /// 5: "1d6 Small Craft Bays".
    D6Bays,
}

/// The Hangar table, entries 1–6.
pub const HANGAR: [HangarResult; 6] = [
    HangarResult::One(System::HangarDoor),
    HangarResult::One(System::SmallCraftBay),
    HangarResult::One(System::SmallCraftBay),
    HangarResult::One(System::SmallCraftBay),
    HangarResult::D6Bays,
    HangarResult::One(System::Catapult),
];

/// The die of the Surface Features table (house rule G10 `surface_die`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SurfaceDie {
    /// 1d6, +2 from the aft arc (default: "adding +2" reaches entries 7 and 8 only from aft).
    D6,
    /// 1d8, +2 from the aft arc capped at 8.
    D8,
}

/// The Surface Features entry (1-based) for a die roll `roll`, +2 from the aft arc (seed:
/// "adding +2 if attack came from the aft arc"), capped at the last entry.
pub const fn surface_entry(roll: u8, aft: bool) -> usize {
    let e = roll as usize + if aft { 2 } else { 0 };
    if e > 8 { 8 } else { e }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3.8: from the front (1d6) Turret 2/6, Sensors, Jets, Solar, Shield Emitter 1/6
    /// each; from aft (1d6+2) Turret 2/6, Jets, Solar, Emitter, Impeller 1/6 each, no Sensors.
    #[test]
    fn vector_3_8_udst_surface_odds() {
        let count = |aft: bool, s: System| {
            (1..=6u8)
                .filter(|&r| SURFACE_FEATURES[surface_entry(r, aft) - 1] == s)
                .count()
        };
        assert_eq!(count(false, System::TurretWeapon), 2);
        for s in [
            System::Sensors,
            System::ManeuveringJets,
            System::SolarPanel,
            System::ShieldEmitter,
        ] {
            assert_eq!(count(false, s), 1, "{s:?}");
        }
        assert_eq!(count(false, System::HyperdriveImpeller), 0);
        assert_eq!(count(true, System::TurretWeapon), 2);
        assert_eq!(count(true, System::Sensors), 0);
        for s in [
            System::ManeuveringJets,
            System::SolarPanel,
            System::ShieldEmitter,
            System::HyperdriveImpeller,
        ] {
            assert_eq!(count(true, s), 1, "{s:?}");
        }
    }

    #[test]
    fn names_follow_the_enum_order() {
        for (i, (_, s)) in SYSTEM_NAMES.iter().enumerate() {
            assert_eq!(*s as usize, i);
        }
        assert_eq!(System::FlagBridge.name(), "flag-bridge");
    }

    /// Seed "Hangar Table": 1 door, 2–4 bay, 5 1d6 bays, 6 catapult.
    #[test]
    fn hangar_table_as_printed() {
        assert_eq!(HANGAR[0], HangarResult::One(System::HangarDoor));
        assert_eq!(HANGAR[4], HangarResult::D6Bays);
        assert_eq!(HANGAR[5], HangarResult::One(System::Catapult));
    }
}
