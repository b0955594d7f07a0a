//! Appendix 1 "Guided Weapon Parts" as data: guidance packages, payloads and propulsion
//! segments with the text's exact numbers (prices light/heavy, durability, sensors, attack
//! power, acceleration and delta-v).

use serde::Deserialize;

/// Light or Heavy guided weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GwSize {
    /// A Light Guided Weapon.
    Light,
    /// A Heavy Guided Weapon.
    Heavy,
}

impl GwSize {
    /// Sensors rating ("Important Rule: ECM and Jamming": Light 4, Heavy 20).
    pub const fn sensors(self) -> f64 {
        match self {
            GwSize::Light => 4.0,
            GwSize::Heavy => 20.0,
        }
    }

    /// Farthest range at which point defense can hit it ("Point Defense": 15 / 20 hexes).
    pub const fn pd_max_range(self) -> i32 {
        match self {
            GwSize::Light => 15,
            GwSize::Heavy => 20,
        }
    }

    /// Pick the light or heavy value of a pair.
    pub const fn pick<T: Copy>(self, pair: [T; 2]) -> T {
        match self {
            GwSize::Light => pair[0],
            GwSize::Heavy => pair[1],
        }
    }
}

/// Guidance packages (Appendix 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Guidance {
    /// Power table, ×3 crit chance; jammed: 50% miss, random tables, normal odds.
    HeatSeeking,
    /// Target ECM on: always "ECM Damaged"; otherwise always misses.
    HomeOnJam,
    /// Systems table, ×3 crit chance; jammed: 50% miss, random tables, normal odds.
    ImagingRadar,
    /// Random tables; jammed: 75% hit normally, 25% miss.
    CenterOfMass,
    /// Any table the attacker wants; jammed: 25% hit (random table), 75% miss.
    RemoteGuidance,
}

impl Guidance {
    /// Price, light/heavy (all 0.1/1).
    pub const PRICE: [f64; 2] = [0.1, 1.0];
}

/// Payloads (warheads and modules) (Appendix 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum Payload {
    Kinetic,
    InertialMine,
    NuclearBomb,
    NeutronBomb,
    CasabaHowitzer,
    Nefp,
    Excalibur,
    Decoy,
    EmDeflector,
    LightGasGun,
    ChemicalLaser,
    LaserRelay,
    MissileRack,
    /// A light Missile Rack's mini-missile (not a catalogue payload: the loader adds one
    /// mini-missile entry per light rack).
    #[serde(skip)]
    MiniMissile,
}

impl Payload {
    /// Price light/heavy (Appendix 1 "Price").
    pub const fn price(self) -> [f64; 2] {
        match self {
            Payload::Kinetic => [0.0, 0.0],
            Payload::InertialMine => [0.1, 1.0],
            Payload::NuclearBomb => [0.6, 5.0],
            Payload::NeutronBomb => [0.8, 6.0],
            Payload::CasabaHowitzer => [0.8, 6.0],
            Payload::Nefp => [1.0, 7.0],
            Payload::Excalibur => [1.2, 8.0],
            Payload::Decoy => [0.3, 4.0],
            Payload::EmDeflector => [0.5, 4.0],
            Payload::LightGasGun => [0.3, 3.0],
            Payload::ChemicalLaser => [0.3, 3.0],
            Payload::LaserRelay => [0.5, 4.0],
            Payload::MissileRack => [1.0, 3.0],
            Payload::MiniMissile => [0.0, 0.0],
        }
    }

    /// Durability against point defense: 1/8 by default, Kinetic 3/24 ("Point Defense";
    /// Kinetic payload; the Inertial Mine "lacks the increased durability"). A decoy has the
    /// default outside a salvo; inside one see [`DECOY_SALVO_DURABILITY`].
    pub const fn durability(self) -> [f64; 2] {
        match self {
            Payload::Kinetic => [3.0, 24.0],
            // "They have one Durability" (Missile Rack).
            Payload::MiniMissile => [1.0, 1.0],
            _ => [1.0, 8.0],
        }
    }

    /// Whether this implementation plays the payload yet (the others are accepted by the
    /// catalogue's vocabulary but rejected by validation with a clear message): every payload
    /// that attacks and the modules (EM deflector, decoy, missile rack, laser relay); only
    /// the internal mini-missile is not a catalogue payload.
    pub const fn modelled(self) -> bool {
        super::payloads::attack(self).is_some()
            || matches!(
                self,
                Payload::EmDeflector | Payload::Decoy | Payload::MissileRack | Payload::LaserRelay
            )
    }

    /// The modelled payloads' config names, for validation messages.
    pub const MODELLED: &'static str = "kinetic, inertial-mine, nuclear-bomb, neutron-bomb, casaba-howitzer, nefp, excalibur, light-gas-gun, chemical-laser, em-deflector, decoy, missile-rack, laser-relay";

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            Payload::Kinetic => "kinetic",
            Payload::InertialMine => "inertial-mine",
            Payload::NuclearBomb => "nuclear-bomb",
            Payload::NeutronBomb => "neutron-bomb",
            Payload::CasabaHowitzer => "casaba-howitzer",
            Payload::Nefp => "nefp",
            Payload::Excalibur => "excalibur",
            Payload::Decoy => "decoy",
            Payload::EmDeflector => "em-deflector",
            Payload::LightGasGun => "light-gas-gun",
            Payload::ChemicalLaser => "chemical-laser",
            Payload::LaserRelay => "laser-relay",
            Payload::MissileRack => "missile-rack",
            Payload::MiniMissile => "mini-missile",
        }
    }
}

/// Largest signature a decoy protects, light/heavy (Appendix 1 "Decoy": "Light Decoys only
/// work for ships of 300 signature or less, while Heavy Decoys only work for ships of 800
/// signature or less"; signature itself is undefined, G23 → J30).
pub const DECOY_SIGNATURE: [f64; 2] = [300.0, 800.0];

/// A decoy's durability when fired as part of a guided-weapon salvo, light/heavy (Appendix 1
/// "Decoy": "Light Decoys have DUR 4 and Heavy Decoys have DUR 32").
pub const DECOY_SALVO_DURABILITY: [f64; 2] = [4.0, 32.0];

/// Nuclear Bomb attack power, light/heavy (200 / 2000).
pub const NUCLEAR_AP: [f64; 2] = [200.0, 2000.0];

/// Kinetic attack power multiplier on the relative velocity squared, light/heavy (1 / 8).
pub const KINETIC_FACTOR: [f64; 2] = [1.0, 8.0];

/// Mini-missile (light Missile Rack) kinetic multiplier (×0.1).
pub const MINI_MISSILE_FACTOR: f64 = 0.1;

/// Kinetic attack power: `factor × v_rel²` (Appendix 1 Kinetic: "Attack Power equal to the
/// relative velocity squared", heavy ×8).
pub fn kinetic_ap(size: GwSize, relative_speed: i32) -> f64 {
    let v = f64::from(relative_speed);
    size.pick(KINETIC_FACTOR) * v * v
}

/// Attack Power of a kinetic-formula contact hit by `payload`: the kinetic formula, ×0.1 for
/// a mini-missile ("use the Kinetic Missile damage formula with a multiplier of x0.1").
pub fn contact_kinetic_ap(payload: Payload, size: GwSize, relative_speed: i32) -> f64 {
    let ap = kinetic_ap(size, relative_speed);
    if payload == Payload::MiniMissile {
        MINI_MISSILE_FACTOR * ap
    } else {
        ap
    }
}

/// Guided weapons one Missile Rack holds, light/heavy ("Can hold six mini-missiles" / "Can
/// hold four Light Guided Weapons").
pub const RACK_CAPACITY: [u32; 2] = [6, 4];

/// The mini-missile of light Missile Racks: "maneuver like they have a Solid Rocket Motor ...
/// treated as having Center-of-Mass Guidance".
pub fn mini_missile(rack: &str) -> GuidedDesign {
    GuidedDesign {
        name: format!("{rack} mini-missile"),
        size: GwSize::Light,
        guidance: Guidance::CenterOfMass,
        payload: Payload::MiniMissile,
        propulsion: Propulsion::SolidRocketMotor,
        load: None,
    }
}

/// Propulsion segments (Appendix 1 table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Propulsion {
    /// Acceleration 20, delta-v 20; burns during one turn only.
    SolidRocketMotor,
    /// Acceleration 18, delta-v 30.
    LiquidFueledRocket,
    /// Acceleration 14, delta-v 56.
    NuclearThermal,
    /// Acceleration 12, delta-v 84.
    NuclearThermoElectricHybrid,
}

impl Propulsion {
    /// Acceleration (hexes per turn of vector change).
    pub const fn acceleration(self) -> i32 {
        match self {
            Propulsion::SolidRocketMotor => 20,
            Propulsion::LiquidFueledRocket => 18,
            Propulsion::NuclearThermal => 14,
            Propulsion::NuclearThermoElectricHybrid => 12,
        }
    }

    /// Delta-v.
    pub const fn delta_v(self) -> i32 {
        match self {
            Propulsion::SolidRocketMotor => 20,
            Propulsion::LiquidFueledRocket => 30,
            Propulsion::NuclearThermal => 56,
            Propulsion::NuclearThermoElectricHybrid => 84,
        }
    }

    /// Price light/heavy.
    pub const fn price(self) -> [f64; 2] {
        match self {
            Propulsion::SolidRocketMotor => [0.1, 1.0],
            Propulsion::LiquidFueledRocket => [0.2, 2.0],
            Propulsion::NuclearThermal => [0.6, 6.0],
            Propulsion::NuclearThermoElectricHybrid => [1.0, 10.0],
        }
    }

    /// Solid motors may only accelerate during one turn.
    pub const fn one_turn(self) -> bool {
        matches!(self, Propulsion::SolidRocketMotor)
    }
}

/// A guided-weapon design from the catalogue: size, guidance, payload, propulsion.
#[derive(Clone, Debug, PartialEq)]
pub struct GuidedDesign {
    /// Catalogue name.
    pub name: String,
    /// Light or heavy.
    pub size: GwSize,
    /// Guidance package.
    pub guidance: Guidance,
    /// Payload.
    pub payload: Payload,
    /// Propulsion segment.
    pub propulsion: Propulsion,
    /// A heavy Missile Rack's load: the light guided weapon it carries (index into the
    /// catalogue's guided list); `None` otherwise.
    pub load: Option<usize>,
}

impl GuidedDesign {
    /// Appendix 1 price: guidance + payload + propulsion.
    pub fn price(&self) -> f64 {
        let s = self.size;
        s.pick(Guidance::PRICE) + s.pick(self.payload.price()) + s.pick(self.propulsion.price())
    }

    /// Durability against point defense.
    pub fn durability(&self) -> f64 {
        self.size.pick(self.payload.durability())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 11: light kinetic at relative velocity 5 → 25 AP; heavy → 200 AP;
    /// a mini-missile → 2.5.
    #[test]
    fn vector_11_kinetic_attack_power() {
        assert_eq!(kinetic_ap(GwSize::Light, 5), 25.0);
        assert_eq!(kinetic_ap(GwSize::Heavy, 5), 200.0);
        assert_eq!(MINI_MISSILE_FACTOR * kinetic_ap(GwSize::Light, 5), 2.5);
        assert_eq!(NUCLEAR_AP[0], 200.0);
    }

    #[test]
    fn appendix_1_prices_add_up() {
        let g = GuidedDesign {
            name: "x".into(),
            size: GwSize::Heavy,
            guidance: Guidance::CenterOfMass,
            payload: Payload::NuclearBomb,
            propulsion: Propulsion::NuclearThermal,
            load: None,
        };
        assert_eq!(g.price(), 1.0 + 5.0 + 6.0);
        assert_eq!(g.durability(), 8.0);
    }
}
