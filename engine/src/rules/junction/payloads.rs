//! Appendix 1 payloads beyond kinetic and nuclear, as rules without battle state: how each
//! attacks (contact, stand-off direct fire, split laser), its ranges and Attack Power, the
//! Neutron Bomb's crew effect, and the EM catapult's Mass Driver attack ("Launch Guided
//! Weapons"; G19). The battle side is `battle/payloads.rs` and `battle/catapult.rs`.

use super::ewar::Bracket;
use super::hex::Hex;
use super::parts::{GwSize, Payload};

/// How a payload attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// Needs the target's hex (kinetic, inertial mine, nuclear and neutron bombs).
    Contact,
    /// A direct-fire attack with range brackets; `one_shot` payloads are spent by it
    /// (Casaba Howitzer, NEFP), the others fire every turn (Light Gas Gun, Chemical Laser).
    DirectFire {
        /// Spent by its attack.
        one_shot: bool,
    },
    /// Excalibur: a one-shot laser burst within a range, its Attack Power split over targets.
    Burst,
}

/// How payload `p` attacks; `None` for the passive modules (decoy, EM deflector, laser relay,
/// missile rack).
pub const fn attack(p: Payload) -> Option<Attack> {
    match p {
        Payload::Kinetic
        | Payload::InertialMine
        | Payload::NuclearBomb
        | Payload::NeutronBomb
        | Payload::MiniMissile => Some(Attack::Contact),
        Payload::CasabaHowitzer | Payload::Nefp => Some(Attack::DirectFire { one_shot: true }),
        Payload::LightGasGun | Payload::ChemicalLaser => {
            Some(Attack::DirectFire { one_shot: false })
        }
        Payload::Excalibur => Some(Attack::Burst),
        Payload::Decoy | Payload::EmDeflector | Payload::LaserRelay | Payload::MissileRack => None,
    }
}

/// Whether decoys can draw the payload's attack: every payload but the indiscriminate ones
/// (Appendix 1 "Decoy": "Indiscriminate attacks (such as Nuclear Bombs, Area Denial, or
/// Inertial Mines) are not distracted by Decoys"; the Neutron Bomb counts as one, J31).
pub const fn distractible(p: Payload) -> bool {
    !matches!(
        p,
        Payload::NuclearBomb | Payload::NeutronBomb | Payload::InertialMine
    )
}

/// Whether the payload's damage is the kinetic formula (`factor × v_rel²`; the Inertial Mine
/// "is a variant of kinetic payload").
pub const fn kinetic(p: Payload) -> bool {
    matches!(
        p,
        Payload::Kinetic | Payload::InertialMine | Payload::MiniMissile
    )
}

/// Attack Power of a stand-off or burst payload hit, light/heavy: Casaba Howitzer 850 /
/// 8,000, NEFP 4,000 / 36,000, Light Gas Gun 2 / 16, Chemical Laser 1 / 8, Excalibur 20 / 180
/// (its total, split over its targets).
pub const fn attack_power(p: Payload, size: GwSize) -> f64 {
    size.pick(match p {
        Payload::CasabaHowitzer => [850.0, 8000.0],
        Payload::Nefp => [4000.0, 36000.0],
        Payload::LightGasGun => [2.0, 16.0],
        Payload::ChemicalLaser => [1.0, 8.0],
        Payload::Excalibur => [20.0, 180.0],
        _ => [0.0, 0.0],
    })
}

/// Precision / Guaranteed / Probable ranges of a direct-fire payload against a target of
/// `target_volume` (Casaba 5/8/10 light, 8/12/16 heavy; NEFP 1/3/5 plus +0.5/+0.75/+1 light,
/// +1/+1.5/+2 heavy "each 150 volume the target ship has" — counted in whole 150s; Light Gas
/// Gun 1/2/3 and 1/2/4; Chemical Laser 3/5/7 and 4/7/10); Excalibur's single range (10 / 16)
/// in all three. Zero for the others.
pub fn ranges(p: Payload, size: GwSize, target_volume: f64) -> [f64; 3] {
    let heavy = size == GwSize::Heavy;
    match (p, heavy) {
        (Payload::CasabaHowitzer, false) => [5.0, 8.0, 10.0],
        (Payload::CasabaHowitzer, true) => [8.0, 12.0, 16.0],
        (Payload::Nefp, _) => {
            let per = if heavy {
                [1.0, 1.5, 2.0]
            } else {
                [0.5, 0.75, 1.0]
            };
            let n = (target_volume / 150.0).floor().max(0.0);
            [1.0 + n * per[0], 3.0 + n * per[1], 5.0 + n * per[2]]
        }
        (Payload::LightGasGun, false) => [1.0, 2.0, 3.0],
        (Payload::LightGasGun, true) => [1.0, 2.0, 4.0],
        (Payload::ChemicalLaser, false) => [3.0, 5.0, 7.0],
        (Payload::ChemicalLaser, true) => [4.0, 7.0, 10.0],
        (Payload::Excalibur, false) => [10.0; 3],
        (Payload::Excalibur, true) => [16.0; 3],
        _ => [0.0; 3],
    }
}

/// The bracket a target at `distance` falls in for fractional ranges (NEFP), if any.
pub fn bracket(distance: f64, r: [f64; 3]) -> Option<Bracket> {
    if distance <= r[0] {
        Some(Bracket::Precision)
    } else if distance <= r[1] {
        Some(Bracket::Guaranteed)
    } else if distance <= r[2] {
        Some(Bracket::Probable)
    } else {
        None
    }
}

/// A Laser Relay's Precision / Guaranteed / Probable ranges (light 10/15/25, heavy 15/25/35).
pub const fn relay_ranges(size: GwSize) -> [f64; 3] {
    size.pick([[10.0, 15.0, 25.0], [15.0, 25.0, 35.0]])
}

/// The Laser Attack Power a relay can handle in total (light 100, heavy 650).
pub const fn relay_cap(size: GwSize) -> f64 {
    size.pick([100.0, 650.0])
}

/// What a Neutron Bomb does to a ship's crew, in percent of the crew aboard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NeutronEffect {
    /// Automatic kills (KIA).
    pub killed: f64,
    /// Regular Casualties (split into WIA and KIA in the crew phase).
    pub casualties: f64,
    /// Casualties negated by protection beyond full conversion.
    pub negated: f64,
}

/// How a Shipmind fares under a Neutron Bomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShipmindFate {
    /// Destroyed with the command modules.
    Destroyed,
    /// "At 50% regular Casualties, Shipminds are only disabled."
    Disabled,
    /// "At 50% Casualty Negation, Shipminds are unharmed."
    Unharmed,
}

impl NeutronEffect {
    /// The Shipmind's fate for this effect.
    pub fn shipmind(&self) -> ShipmindFate {
        if self.negated >= 50.0 {
            ShipmindFate::Unharmed
        } else if self.casualties + self.negated >= 50.0 {
            ShipmindFate::Disabled
        } else {
            ShipmindFate::Destroyed
        }
    }
}

/// Neutron Bomb ("Neutron Bomb", Appendix 1): an unarmored ship loses all its crew; each point
/// of effective Protection Rating converts 1% (light) or 1% per 3 PR (heavy) of the automatic
/// kills into regular Casualties, and past 100% negates Casualties at the same rate. The
/// effective PR is cut by the share of the Armor Value compromised (`armor / armor_max` left).
pub fn neutron(size: GwSize, protection: f64, armor: f64, armor_max: f64) -> NeutronEffect {
    let intact = if armor_max > 0.0 {
        (armor / armor_max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let per_pr = size.pick([1.0, 1.0 / 3.0]);
    let converted = (protection * intact * per_pr).max(0.0);
    let casualties_then_negated = converted.min(200.0);
    if casualties_then_negated <= 100.0 {
        NeutronEffect {
            killed: 100.0 - casualties_then_negated,
            casualties: casualties_then_negated,
            negated: 0.0,
        }
    } else {
        let negated = casualties_then_negated - 100.0;
        NeutronEffect {
            killed: 0.0,
            casualties: 100.0 - negated,
            negated,
        }
    }
}

/// An EM catapult launch aimed at a target: the velocity change it gives the guided weapon
/// and, when it is a Mass Driver attack, the unused velocity cap added to the kinetic damage
/// velocity (G19: `v_rel += unused`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatapultShot {
    /// Velocity change given (length ≤ the catapult's rating).
    pub boost: Hex,
    /// `Some(unused)`: a Mass Driver attack, committed to its target.
    pub mass_driver: Option<i32>,
}

/// "If an Electromagnetic Catapult can make the future position marker for the guided weapon
/// it's launching and the ship it's targeting match, and the guided weapon has a higher
/// acceleration than the target, the EM Catapult can perform a Mass Driver attack." A launcher
/// at `pos` moving `vel` with a catapult of `rating` aims at a target at `target_pos` moving
/// `target_vel`; otherwise the boost is the intercept change clamped to the rating.
pub fn catapult(
    pos: Hex,
    vel: Hex,
    rating: i32,
    gw_acceleration: i32,
    target_pos: Hex,
    target_vel: Hex,
    target_acceleration: i32,
) -> CatapultShot {
    let need = target_pos.add(target_vel).sub(pos).sub(vel);
    let used = need.length();
    if used <= rating && gw_acceleration > target_acceleration {
        CatapultShot {
            boost: need,
            mass_driver: Some(rating - used),
        }
    } else {
        CatapultShot {
            boost: need.clamp_len(rating),
            mass_driver: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Appendix 1 "Decoy": "Indiscriminate attacks (such as Nuclear Bombs, Area Denial, or
    /// Inertial Mines) are not distracted by Decoys"; the rest are (J31). Light decoys cover
    /// signature ≤ 300, heavy ≤ 800; in a salvo they have DUR 4 / 32, otherwise the default.
    #[test]
    fn decoys_distract_all_but_indiscriminate_payloads() {
        use crate::rules::junction::parts::{DECOY_SALVO_DURABILITY, DECOY_SIGNATURE};
        for p in [
            Payload::NuclearBomb,
            Payload::NeutronBomb,
            Payload::InertialMine,
        ] {
            assert!(!distractible(p), "{p:?}");
        }
        for p in [
            Payload::Kinetic,
            Payload::CasabaHowitzer,
            Payload::Excalibur,
        ] {
            assert!(distractible(p), "{p:?}");
        }
        assert_eq!(DECOY_SIGNATURE, [300.0, 800.0]);
        assert_eq!(DECOY_SALVO_DURABILITY, [4.0, 32.0]);
        assert_eq!(Payload::Decoy.durability(), [1.0, 8.0]);
    }

    /// Appendix 1, Casaba Howitzer: light 5/8/10 with 850 AP, heavy 8/12/16 with 8,000 AP;
    /// one shot.
    #[test]
    fn casaba_howitzer_ranges_and_attack_power() {
        let p = Payload::CasabaHowitzer;
        assert_eq!(ranges(p, GwSize::Light, 0.0), [5.0, 8.0, 10.0]);
        assert_eq!(ranges(p, GwSize::Heavy, 900.0), [8.0, 12.0, 16.0]);
        assert_eq!(attack_power(p, GwSize::Light), 850.0);
        assert_eq!(attack_power(p, GwSize::Heavy), 8000.0);
        assert_eq!(attack(p), Some(Attack::DirectFire { one_shot: true }));
        assert_eq!(
            bracket(8.0, ranges(p, GwSize::Light, 0.0)),
            Some(Bracket::Guaranteed)
        );
        assert_eq!(bracket(10.5, ranges(p, GwSize::Light, 0.0)), None);
    }

    /// Appendix 1, NEFP: 1/3/5, each 150 volume of target adds +0.5/+0.75/+1 (light) or
    /// +1/+1.5/+2 (heavy); 4,000 / 36,000 AP.
    #[test]
    fn nefp_range_grows_with_target_volume() {
        let p = Payload::Nefp;
        assert_eq!(ranges(p, GwSize::Light, 100.0), [1.0, 3.0, 5.0]);
        assert_eq!(ranges(p, GwSize::Light, 300.0), [2.0, 4.5, 7.0]);
        assert_eq!(ranges(p, GwSize::Heavy, 450.0), [4.0, 7.5, 11.0]);
        assert_eq!(attack_power(p, GwSize::Light), 4000.0);
        assert_eq!(attack_power(p, GwSize::Heavy), 36000.0);
        assert_eq!(
            bracket(4.5, ranges(p, GwSize::Light, 300.0)),
            Some(Bracket::Guaranteed)
        );
    }

    /// Appendix 1, Light Gas Gun (1/2/3 with 2 AP, heavy 1/2/4 with 16 AP) and Chemical Laser
    /// (3/5/7 with 1 AP, heavy 4/7/10 with 8 AP): reusable direct fire.
    #[test]
    fn light_gas_gun_and_chemical_laser_are_reusable_direct_fire() {
        let reusable = Some(Attack::DirectFire { one_shot: false });
        assert_eq!(attack(Payload::LightGasGun), reusable);
        assert_eq!(attack(Payload::ChemicalLaser), reusable);
        assert_eq!(
            ranges(Payload::LightGasGun, GwSize::Light, 0.0),
            [1.0, 2.0, 3.0]
        );
        assert_eq!(
            ranges(Payload::LightGasGun, GwSize::Heavy, 0.0),
            [1.0, 2.0, 4.0]
        );
        assert_eq!(attack_power(Payload::LightGasGun, GwSize::Light), 2.0);
        assert_eq!(attack_power(Payload::LightGasGun, GwSize::Heavy), 16.0);
        assert_eq!(
            ranges(Payload::ChemicalLaser, GwSize::Light, 0.0),
            [3.0, 5.0, 7.0]
        );
        assert_eq!(
            ranges(Payload::ChemicalLaser, GwSize::Heavy, 0.0),
            [4.0, 7.0, 10.0]
        );
        assert_eq!(attack_power(Payload::ChemicalLaser, GwSize::Light), 1.0);
        assert_eq!(attack_power(Payload::ChemicalLaser, GwSize::Heavy), 8.0);
    }

    /// Appendix 1, Excalibur: 20 total AP within 10 hexes (heavy 180 within 16).
    #[test]
    fn excalibur_burst_within_its_range() {
        let p = Payload::Excalibur;
        assert_eq!(attack(p), Some(Attack::Burst));
        assert_eq!(attack_power(p, GwSize::Light), 20.0);
        assert_eq!(attack_power(p, GwSize::Heavy), 180.0);
        assert!(bracket(10.0, ranges(p, GwSize::Light, 0.0)).is_some());
        assert!(bracket(10.5, ranges(p, GwSize::Light, 0.0)).is_none());
        assert!(bracket(16.0, ranges(p, GwSize::Heavy, 0.0)).is_some());
    }

    /// Appendix 1, Neutron Bomb: unarmored → all crew killed; 1% per PR (light) or per 3 PR
    /// (heavy) converted to Casualties; past 100% negated; effective PR cut by the compromised
    /// share of the Armor Value; Shipmind disabled at 50% Casualties, unharmed at 50% negation.
    #[test]
    fn neutron_bomb_converts_kills_by_protection() {
        let unarmored = neutron(GwSize::Light, 0.0, 0.0, 0.0);
        assert_eq!(unarmored.killed, 100.0);
        assert_eq!(unarmored.shipmind(), ShipmindFate::Destroyed);
        let light40 = neutron(GwSize::Light, 40.0, 100.0, 100.0);
        assert_eq!((light40.killed, light40.casualties), (60.0, 40.0));
        assert_eq!(light40.shipmind(), ShipmindFate::Destroyed);
        // Heavy: 1% per 3 PR, so PR 150 → 50% Casualties: the Shipmind is only disabled.
        let heavy150 = neutron(GwSize::Heavy, 150.0, 10.0, 10.0);
        assert!((heavy150.casualties - 50.0).abs() < 1e-9);
        assert_eq!(heavy150.shipmind(), ShipmindFate::Disabled);
        // Light PR 150: 100% converted, 50% negated → 50% Casualties, Shipmind unharmed.
        let light150 = neutron(GwSize::Light, 150.0, 10.0, 10.0);
        assert_eq!(
            (light150.killed, light150.casualties, light150.negated),
            (0.0, 50.0, 50.0)
        );
        assert_eq!(light150.shipmind(), ShipmindFate::Unharmed);
        // Half the Armor Value compromised halves the effective PR: 40 → 20.
        let half = neutron(GwSize::Light, 40.0, 50.0, 100.0);
        assert_eq!((half.killed, half.casualties), (80.0, 20.0));
        // Enough protection negates everything.
        assert_eq!(neutron(GwSize::Light, 500.0, 1.0, 1.0).casualties, 0.0);
    }

    /// "Launch Guided Weapons": a catapult of rating 6 that needs a change of 4 to put the
    /// weapon's future marker on the target's makes a Mass Driver attack with 2 unused (G19:
    /// added to the kinetic velocity); it can't if the target out-accelerates the weapon or the
    /// change is beyond its rating (then it boosts toward the intercept).
    #[test]
    fn catapult_mass_driver_attack() {
        let o = Hex::default();
        let t = Hex { q: 3, r: 0 };
        let tv = Hex { q: 1, r: 0 };
        let shot = catapult(o, o, 6, 14, t, tv, 2);
        assert_eq!(shot.boost, Hex { q: 4, r: 0 });
        assert_eq!(shot.mass_driver, Some(2));
        assert_eq!(catapult(o, o, 6, 2, t, tv, 2).mass_driver, None);
        let far = catapult(o, o, 3, 14, t, tv, 2);
        assert_eq!(far.mass_driver, None);
        assert_eq!(far.boost.length(), 3);
    }
}
