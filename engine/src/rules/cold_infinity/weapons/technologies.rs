//! §8.2 weapon technologies and §11.1.4 Speed Ratings (digest D9): the special rules as small
//! functions. How each technology meets armor is in `armor.rs`, its shield interaction in
//! `shields.rs`, its structure rules in [`ShotRules`](super::super::fire::damage::ShotRules).

use super::super::design::{Config, DamageDice, Tech, WeaponDesign};

/// Default Speed Ratings by technology (digest D19 item 3; SSB30 is lost). Only Matter = 1 (the
/// SDS) and Plasma = 2 (§11.1.7) are in the seed; guided weapons are slowest and lasers fastest
/// (§11.1.4). A design's printed speed ([`WeaponDesign::speed`]) wins over this table.
pub const DEFAULT_SPEED: [u8; 7] = [1, 5, 3, 3, 4, 2, 3];

/// Speed of guided weapons (slowest, §11.1.4; D19 item 3).
pub const GUIDED_SPEED: u8 = 0;

/// The default Speed of a technology.
pub const fn default_speed(tech: Tech) -> u8 {
    DEFAULT_SPEED[tech.index()]
}

/// Whether an attack can be met by defensive fire at all (§11.1, §8.1.7, §8.1.8): not laser
/// (§8.2.2), not enveloping, not wave.
pub const fn can_be_defended(tech: Tech, config: Config) -> bool {
    !matches!(tech, Tech::Laser) && !matches!(config, Config::Enveloping | Config::Wave)
}

/// Whether a weapon may perform defensive fire by technology (§8.2.1–2): never laser; matter
/// only with an enhancement (`matter_df_enhanced`).
pub const fn may_defend(tech: Tech, matter_df_enhanced: bool) -> bool {
    match tech {
        Tech::Laser => false,
        Tech::Matter => matter_df_enhanced,
        _ => true,
    }
}

/// Plasma falloff (§8.2.6): the damage lost over `range` hexes at `falloff` per hex, never
/// below 0. Applied to the rolled damage before 11–12 halving (fixed reading).
pub const fn plasma_falloff(rolled: u16, falloff: u8, range: u16) -> u16 {
    rolled.saturating_sub(falloff as u16 * range)
}

/// §8.2.7: a gravitic weapon in EDF may switch to shield mode (if it can) for 1 point of damage
/// to itself; a gravitic weapon working as a shield may not fire that turn. Returns the damage
/// the switch costs, or `None` if the weapon may not switch.
pub const fn gravitic_shield_switch(tech: Tech, shield_capable: bool, in_edf: bool) -> Option<u16> {
    if matches!(tech, Tech::Gravitic) && shield_capable && in_edf {
        Some(1)
    } else {
        None
    }
}

/// §8.2.5: electromagnetic weapons may only use d4 damage dice.
pub fn em_dice_valid(damage: DamageDice) -> bool {
    damage.groups.iter().all(|g| g.count == 0 || g.sides == 4)
}

/// A design error in a weapon's technology rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TechError {
    /// An EM weapon with dice other than d4 (§8.2.5).
    EmDice,
    /// A weapon with DF Ratings it may not use (laser; matter without enhancement, §8.2.1–2).
    DfNotAllowed,
}

/// Checks a weapon's technology rules once at design time.
pub fn check_weapon(w: &WeaponDesign, matter_df_enhanced: bool) -> Result<(), TechError> {
    if w.tech == Tech::Electromagnetic && !em_dice_valid(w.damage) {
        return Err(TechError::EmDice);
    }
    let has_df = w.df.sdf + w.df.ahdf + w.df.edf > 0;
    if has_df && !may_defend(w.tech, matter_df_enhanced) {
        return Err(TechError::DfNotAllowed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::railgun;
    use super::*;

    /// §11.1.4: guided slowest, laser fastest; the seed's two values (Matter 1, Plasma 2).
    #[test]
    fn speed_table_order() {
        assert_eq!(default_speed(Tech::Matter), 1);
        assert_eq!(default_speed(Tech::Plasma), 2);
        for t in Tech::ALL {
            assert!(default_speed(t) > GUIDED_SPEED);
            assert!(default_speed(t) <= default_speed(Tech::Laser));
        }
        assert_eq!(railgun().speed, default_speed(Tech::Matter));
    }

    /// §8.2.2, §8.1.7, §8.1.8, §8.2.1: who can be defended against and who can defend.
    #[test]
    fn defensive_fire_by_technology() {
        assert!(!can_be_defended(Tech::Laser, Config::Burst));
        assert!(!can_be_defended(Tech::Particle, Config::Enveloping));
        assert!(!can_be_defended(Tech::Particle, Config::Wave));
        assert!(can_be_defended(Tech::Matter, Config::Pulse));
        assert!(!may_defend(Tech::Laser, true));
        assert!(!may_defend(Tech::Matter, false));
        assert!(may_defend(Tech::Matter, true));
        assert!(may_defend(Tech::Particle, false));
        let mut w = railgun();
        w.df.sdf = 2;
        assert_eq!(check_weapon(&w, false), Err(TechError::DfNotAllowed));
        assert_eq!(check_weapon(&w, true), Ok(()));
        w.tech = Tech::Electromagnetic;
        assert_eq!(check_weapon(&w, true), Err(TechError::EmDice));
        w.damage = DamageDice::new(3, 4, 2);
        assert_eq!(check_weapon(&w, true), Ok(()));
    }

    /// §8.2.7: only a shield-capable gravitic weapon in EDF may switch, for 1 damage.
    #[test]
    fn gravitic_switch() {
        assert_eq!(gravitic_shield_switch(Tech::Gravitic, true, true), Some(1));
        assert_eq!(gravitic_shield_switch(Tech::Gravitic, true, false), None);
        assert_eq!(gravitic_shield_switch(Tech::Particle, true, true), None);
    }

    /// §8.2.6: plasma loses its Rating per hex (base −3/hex), never below zero.
    #[test]
    fn plasma_falls_off() {
        assert_eq!(plasma_falloff(20, 3, 4), 8);
        assert_eq!(plasma_falloff(20, 3, 7), 0);
        assert_eq!(plasma_falloff(20, 3, 0), 20);
    }
}
