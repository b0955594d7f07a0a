//! Guided weapon types as data (§9.2, §17.2): a [`Munition`] (a missile type or the shot of a
//! torpedo system), a missile rack and a torpedo system. All `Copy`.

use super::super::design::RateOfFire;
use super::super::design::{
    Accuracy, Config, ConfigSet, DamageDice, DfRating, PulseRating, RangeRating, Tech, WeaponDesign,
};
use super::super::weapons::technologies::GUIDED_SPEED;

/// Missile or torpedo (§9.2.1–2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuidedKind {
    /// A missile: fired from a rack's magazine; its own +2 amplification; no lock needed.
    Missile,
    /// A torpedo: made by the system when fired; the launcher's amplification; needs a lock.
    Torpedo,
}

/// What flies: a missile type or a torpedo system's shot (§9.2, §17.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Munition {
    /// Missile or torpedo.
    pub kind: GuidedKind,
    /// Damage technology (missiles Matter, torpedoes Radiation unless shifted, §17.2).
    pub tech: Tech,
    /// Burst, or Pulse for swarm torpedoes (§17.2.2).
    pub config: Config,
    /// Damage Rating.
    pub damage: DamageDice,
    /// Pulse Rating (swarm torpedoes).
    pub pulse: PulseRating,
    /// Launch range in hexes (§9.0).
    pub launch_range: u8,
    /// Max range multiplier (missiles ×1 and up; torpedoes always 1, §17.2.2).
    pub max_multiplier: u8,
    /// The missile's own EW amplification (+2, §9.0; more with an enhancement). Unused for
    /// torpedoes, which use the launcher's.
    pub amplification: i8,
    /// A drone's speed Rating in hexes per turn (§9.2.3); 0 = not a drone.
    pub drone_speed: u8,
    /// Plasma falloff per hex (plasma torpedoes with Weak Casing; plasma missiles never fall
    /// off, §17.2.1–2); 0 = none.
    pub plasma_falloff: u8,
}

impl Munition {
    /// A basic missile type: Matter, Burst, `damage`, the given launch range and multiplier,
    /// +2 amplification (§9.0, §17.2.1).
    pub const fn missile(damage: DamageDice, launch_range: u8, max_multiplier: u8) -> Munition {
        Munition {
            kind: GuidedKind::Missile,
            tech: Tech::Matter,
            config: Config::Burst,
            damage,
            pulse: PulseRating {
                max: 1,
                interval: 10,
                bonus_die: 0,
            },
            launch_range,
            max_multiplier,
            amplification: 2,
            drone_speed: 0,
            plasma_falloff: 0,
        }
    }

    /// A basic torpedo shot: Radiation, Burst, max range = launch range (§17.2.2).
    pub const fn torpedo(damage: DamageDice, launch_range: u8) -> Munition {
        Munition {
            kind: GuidedKind::Torpedo,
            tech: Tech::Radiation,
            max_multiplier: 1,
            amplification: 0,
            ..Munition::missile(damage, launch_range, 1)
        }
    }

    /// Launch range with a rack's range boost (§17.2.1: boosting raises the launch range "and
    /// its maximum range, by extension"); torpedoes take no boost.
    pub const fn launch_range_with(self, boost: u8) -> u16 {
        match self.kind {
            GuidedKind::Missile => self.launch_range as u16 + boost as u16,
            GuidedKind::Torpedo => self.launch_range as u16,
        }
    }

    /// Maximum range (§9.0): launch range × the multiplier; a torpedo's equals its launch range
    /// (§17.2.2).
    pub const fn max_range_with(self, boost: u8) -> u16 {
        match self.kind {
            GuidedKind::Missile => {
                let m = if self.max_multiplier < 1 {
                    1
                } else {
                    self.max_multiplier
                };
                self.launch_range_with(boost) * m as u16
            }
            GuidedKind::Torpedo => self.launch_range as u16,
        }
    }

    /// Whether it is a drone (§9.2.3).
    pub const fn is_drone(self) -> bool {
        self.drone_speed > 0
    }

    /// The weapon a hit is resolved as (`fire::attack::resolve_attack`): its technology,
    /// configuration and damage; Speed 0 (§11.1.4: guided weapons are the slowest); no DF.
    pub const fn as_weapon(self) -> WeaponDesign {
        WeaponDesign {
            tech: self.tech,
            speed: GUIDED_SPEED,
            configs: ConfigSet::only(self.config),
            damage: self.damage,
            range: RangeRating { per: 1, hexes: 1 },
            rof: super::super::design::RateOfFire {
                shots: 1,
                arming: 0,
                cooldown: 0,
            },
            accuracy: Accuracy { value: 0, signs: 0 },
            df: DfRating {
                sdf: 0,
                ahdf: 0,
                edf: 0,
                ablative: false,
            },
            power: 0,
            pulse: self.pulse,
            slashing: 4,
            tracking: 2,
            wave_range: 0,
            plasma_falloff: self.plasma_falloff,
            anti_shield: false,
        }
    }
}

/// A missile rack (§9.2.1, §17.2.1): magazine, rate of fire (base 1+4), an unsigned accuracy
/// bonus and a range boost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RackDesign {
    /// Most missiles it holds.
    pub magazine: u16,
    /// Missiles per firing turn (X of X+Y).
    pub shots: u8,
    /// Arming turns after firing (Y).
    pub arming: u8,
    /// Accuracy bonus (racks may not have signed accuracy, §17.2.1).
    pub accuracy: i8,
    /// Range boost in hexes added to its missiles' launch range.
    pub range_boost: u8,
}

impl RackDesign {
    /// Its rate of fire for `arming::Arming`.
    pub const fn rof(self) -> RateOfFire {
        RateOfFire {
            shots: self.shots,
            arming: self.arming,
            cooldown: 0,
        }
    }
}

/// A torpedo system (§9.2.2, §17.2.2): a fixed munition, its rate of fire and (signed)
/// accuracy; never runs out; cannot DF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorpedoDesign {
    /// The torpedo it makes.
    pub munition: Munition,
    /// Torpedoes per firing turn.
    pub shots: u8,
    /// Arming turns after firing.
    pub arming: u8,
    /// Accuracy (value/sign customizations, SSB13).
    pub accuracy: Accuracy,
}

impl TorpedoDesign {
    /// Its rate of fire for `arming::Arming`.
    pub const fn rof(self) -> RateOfFire {
        RateOfFire {
            shots: self.shots,
            arming: self.arming,
            cooldown: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §9.0, §17.2.1–2: missile max range = launch range (boosted) × multiplier; a torpedo's
    /// max range is its launch range; the rack's boost does not apply to torpedoes.
    #[test]
    fn ranges() {
        let m = Munition::missile(DamageDice::new(2, 6, 0), 10, 3);
        assert_eq!(m.launch_range_with(0), 10);
        assert_eq!(m.max_range_with(0), 30);
        assert_eq!(m.launch_range_with(2), 12);
        assert_eq!(m.max_range_with(2), 36);
        let t = Munition::torpedo(DamageDice::new(3, 6, 0), 12);
        assert_eq!((t.launch_range_with(4), t.max_range_with(4)), (12, 12));
        assert_eq!(t.tech, Tech::Radiation);
        assert_eq!(m.as_weapon().speed, 0);
        assert!(m.as_weapon().configs.contains(Config::Burst));
    }
}
