//! Electronic warfare (§4, D5): a unit's sensors give EW points each turn, secretly split in
//! the EW Phase between its shroud (1 point per 10 hexes: locks every enemy inside),
//! amplification (+1 to hit per point against every enemy inside the shroud), ECM (−1 to hit
//! per point against most weapons aimed at it) and points held back (piercing weapons). The
//! attack's EW die-roll modifier and its lock are this module's output; the hit roll
//! (`cifire`) takes them as plain numbers (without a lock every range penalty doubles, §4.1).

use super::ess::EssFacts;
use super::movement::readings::FlagShroud;
use crate::hex::Hex;

/// EW points from a sensor (§4.0, §13.1.1): the first number of its Rating = floor(undamaged
/// structure / 2) (the Reaper's sensors, structure 16 → 8), plus `rating_mod` (flag bridge +1,
/// §15.1.1; a half-destroyed active bridge −1, §13.1.8.1). A destroyed sensor gives none (§4.5).
pub const fn sensor_ew(structure: i32, damage: i32, rating_mod: i32) -> i32 {
    if damage >= structure {
        return 0;
    }
    let ew = (structure - damage) / 2 + rating_mod;
    if ew < 0 { 0 } else { ew }
}

/// Extra EW points bought with boost power (§4.4): one per `cost` power (the second number of
/// the Rating), whole points; none for a destroyed sensor (§4.5; damaged ones may be boosted).
pub const fn boost_points(power: i32, cost: i32, destroyed: bool) -> i32 {
    if destroyed || cost <= 0 {
        0
    } else {
        power / cost
    }
}

/// A unit's EW split for the turn (§2.1.3, §4): chosen secretly in the EW Phase, revealed at
/// the end of Fire Determination (§7.2.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EwAllocation {
    /// Shroud points (10 hexes each).
    pub shroud: u8,
    /// Target amplification points.
    pub amplification: u8,
    /// ECM points.
    pub ecm: u8,
    /// Points left unallocated for piercing weapons (§8.1.5) or EW detectors (§4.8.1).
    pub reserved: u8,
}

impl EwAllocation {
    /// Points the split uses (§4.1–4.2).
    pub const fn total(&self) -> i32 {
        self.shroud as i32 + self.amplification as i32 + self.ecm as i32 + self.reserved as i32
    }

    /// Whether the split fits the available points (§4.1: "as many as the unit has").
    pub const fn fits(&self, available: i32) -> bool {
        self.total() <= available
    }
}

/// The shroud radius in hexes (§4.1: 1 point per 10 hexes, the unit's own hex included; 0 = no
/// shroud). A flag bridge adds a free 4-hex shroud (§15.1.1), combined as the house rule
/// `flag_shroud` says.
pub const fn shroud_radius(points: u8, flag_bridge: bool, rule: FlagShroud) -> i32 {
    let bought = 10 * points as i32;
    if !flag_bridge {
        return bought;
    }
    match rule {
        FlagShroud::Additive => 4 + bought,
        FlagShroud::Larger => {
            if bought > 4 {
                bought
            } else {
                4
            }
        }
    }
}

/// Whether a unit at `from` with a shroud of `radius` hexes is locked on a unit at `to`
/// (§4.1). No shroud, no lock — even in the same hex.
#[inline]
pub const fn locked_on(from: Hex, radius: i32, to: Hex) -> bool {
    radius > 0 && from.distance(to) <= radius
}

/// The attacker's side of one attack, for [`attack_ew`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EwAttacker {
    /// Position in the Weapons Fire Step.
    pub pos: Hex,
    /// Shroud radius (0 = none).
    pub shroud_radius: i32,
    /// Amplification points.
    pub amplification: i32,
    /// A fighter or shuttle without high-density sensors (§4.3): needs no lock, has no EW and
    /// ignores ECM.
    pub small_vessel: bool,
}

/// The EW facts of one attack (§4.1–§4.3): whether the range penalty is normal (`locked`) or
/// doubled, and the EW DRM (amplification − ECM).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EwFacts {
    /// Locked on (or needing no lock): range penalties are not doubled.
    pub locked: bool,
    /// The EW die-roll modifier.
    pub drm: i32,
}

/// The EW part of an attack on a target at `target` running `target_ecm` ECM (§4.1–§4.3,
/// §7.3.1). `weapon_ignores_ecm` covers the weapons §4.2's "most weapons" leaves out (for the
/// weapon rules to say). ECM cannot break a lock.
pub const fn attack_ew(
    a: &EwAttacker,
    target: Hex,
    target_ecm: i32,
    weapon_ignores_ecm: bool,
) -> EwFacts {
    if a.small_vessel {
        return EwFacts {
            locked: true,
            drm: 0,
        };
    }
    let locked = locked_on(a.pos, a.shroud_radius, target);
    let amp = if locked { a.amplification } else { 0 };
    let ecm = if weapon_ignores_ecm { 0 } else { target_ecm };
    EwFacts {
        locked,
        drm: amp - ecm,
    }
}

/// [`attack_ew`] with electronic support (§4.7): a friendly ESS can give the lock; an enemy
/// ESS jamming the attacker takes every lock away but not its amplification (§4.7.4); ESS
/// amplification adds to the attacker's own; ESS ECM adds to the target's own.
pub const fn attack_ew_with_ess(
    a: &EwAttacker,
    target: Hex,
    target_ecm: i32,
    weapon_ignores_ecm: bool,
    ess: &EssFacts,
) -> EwFacts {
    if a.small_vessel {
        return EwFacts {
            locked: true,
            drm: 0,
        };
    }
    let own_lock = locked_on(a.pos, a.shroud_radius, target);
    let amp = if own_lock { a.amplification } else { 0 } + ess.amplification;
    let ecm = if weapon_ignores_ecm {
        0
    } else {
        target_ecm + ess.target_ecm
    };
    EwFacts {
        locked: (own_lock || ess.lock) && !ess.jammed,
        drm: amp - ecm,
    }
}

/// EW points a unit must hold back for its piercing weapons (§8.1.5, §4.8.2): 2 each, 3 each
/// against a target running a masking sensor.
pub const fn piercing_reserve(piercing_weapons: i32, target_masking: bool) -> i32 {
    piercing_weapons * if target_masking { 3 } else { 2 }
}

/// The most EW points a unit with an EW detector may hold back in the EW Phase and allocate
/// after EW is announced (§4.8.1): half its sensor's points (rounded down — our reading; the
/// text says "up to half").
pub const fn detector_holdback(sensor_points: i32) -> i32 {
    sensor_points / 2
}

/// EW points a masking sensor takes from the basic sensors while it runs (§4.8.2); enemies'
/// piercing attacks then need one more reserved point ([`piercing_reserve`]).
pub const MASKING_SENSOR_POINTS: i32 = 2;

/// Optional ship signatures (§4.6): the to-hit bonus against a unit equals the power it used
/// for all systems, weapons and extra power included, on the previous turn.
#[inline]
pub const fn signature_bonus(power_used_last_turn: i32) -> i32 {
    power_used_last_turn
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::geometry::Facing;

    fn at(n: i32) -> Hex {
        Facing::new(1).unit().scale(n)
    }

    /// §4.1 example: 3 shroud points make a 30-hex shroud locking every enemy within 30
    /// hexes; 2 more points give +2 against each of them.
    #[test]
    fn example_4_1_shroud_30_hexes_plus_2() {
        let split = EwAllocation {
            shroud: 3,
            amplification: 2,
            ..EwAllocation::default()
        };
        assert_eq!(split.total(), 5);
        let radius = shroud_radius(split.shroud, false, FlagShroud::default());
        assert_eq!(radius, 30);
        let a = EwAttacker {
            pos: Hex::default(),
            shroud_radius: radius,
            amplification: 2,
            small_vessel: false,
        };
        assert_eq!(
            attack_ew(&a, at(30), 0, false),
            EwFacts {
                locked: true,
                drm: 2
            }
        );
        assert_eq!(
            attack_ew(&a, at(31), 0, false),
            EwFacts {
                locked: false,
                drm: 0
            }
        );
        assert!(
            locked_on(Hex::default(), radius, Hex::default()),
            "own hex included"
        );
        assert!(
            !locked_on(Hex::default(), 0, Hex::default()),
            "no shroud, no lock"
        );
    }

    /// §4.2: each ECM point is −1 to hit; it cannot break a lock. §4.3: small vessels need no
    /// lock and ignore ECM.
    #[test]
    fn ecm_and_small_vessels() {
        let a = EwAttacker {
            pos: Hex::default(),
            shroud_radius: 10,
            amplification: 1,
            small_vessel: false,
        };
        assert_eq!(
            attack_ew(&a, at(5), 3, false),
            EwFacts {
                locked: true,
                drm: -2
            }
        );
        assert_eq!(
            attack_ew(&a, at(5), 3, true),
            EwFacts {
                locked: true,
                drm: 1
            }
        );
        let f = EwAttacker {
            small_vessel: true,
            ..EwAttacker::default()
        };
        assert_eq!(
            attack_ew(&f, at(50), 4, false),
            EwFacts {
                locked: true,
                drm: 0
            }
        );
    }

    /// §4.4 example: a 6/4 sensor has 6 EW points; each extra point costs 4 power. §4.5:
    /// destroyed sensors give nothing and cannot be boosted; damaged ones can.
    #[test]
    fn example_4_4_sensor_6_4() {
        assert_eq!(sensor_ew(12, 0, 0), 6);
        assert_eq!(boost_points(4, 4, false), 1);
        assert_eq!(boost_points(7, 4, false), 1);
        assert_eq!(boost_points(8, 4, false), 2);
        assert_eq!(sensor_ew(12, 12, 0), 0);
        assert_eq!(boost_points(8, 4, true), 0);
        assert_eq!(sensor_ew(12, 3, 0), 4);
        // The Reaper: sensors 16 → 8 EW; with a flag bridge +1; half-destroyed bridge −1.
        assert_eq!(sensor_ew(16, 0, 0), 8);
        assert_eq!(sensor_ew(16, 0, 1), 9);
        assert_eq!(sensor_ew(16, 0, -1), 7);
    }

    /// §4.7: an ESS lock lets a unit with no shroud of its own fire unpenalised; jamming
    /// removes every lock but leaves amplification; ESS ECM adds to the target's.
    #[test]
    fn ew_with_ess() {
        let a = EwAttacker {
            pos: Hex::default(),
            shroud_radius: 10,
            amplification: 2,
            small_vessel: false,
        };
        let none = EssFacts::default();
        assert_eq!(
            attack_ew_with_ess(&a, at(5), 1, false, &none),
            attack_ew(&a, at(5), 1, false)
        );
        let support = EssFacts {
            lock: true,
            amplification: 1,
            ..EssFacts::default()
        };
        assert_eq!(
            attack_ew_with_ess(&a, at(15), 0, false, &support),
            EwFacts {
                locked: true,
                drm: 1
            }
        );
        let jammed = EssFacts {
            jammed: true,
            target_ecm: 1,
            ..EssFacts::default()
        };
        assert_eq!(
            attack_ew_with_ess(&a, at(5), 1, false, &jammed),
            EwFacts {
                locked: false,
                drm: 0
            }
        );
    }

    /// §4.6 (optional): the Reaper drawing its full 8 power gives +8 to hit it next turn.
    #[test]
    fn signatures() {
        assert_eq!(signature_bonus(8), 8);
        assert_eq!(signature_bonus(0), 0);
    }

    /// §4.8: a detector holds back up to half the sensor's points; masking costs 2 and makes
    /// piercing attacks on the unit reserve 3 instead of 2.
    #[test]
    fn detectors_and_masking() {
        assert_eq!(detector_holdback(8), 4);
        assert_eq!(detector_holdback(7), 3);
        assert_eq!(MASKING_SENSOR_POINTS, 2);
        assert_eq!(piercing_reserve(1, true) - piercing_reserve(1, false), 1);
    }

    #[test]
    fn allocation_must_fit() {
        let split = EwAllocation {
            shroud: 2,
            amplification: 3,
            ecm: 2,
            reserved: 2,
        };
        assert!(split.fits(9));
        assert!(!split.fits(8));
        assert_eq!(piercing_reserve(1, false), 2);
        assert_eq!(piercing_reserve(2, true), 6);
    }

    /// §15.1.1: a flag bridge's free 4-hex shroud; points extend it (house rule).
    #[test]
    fn flag_bridge_shroud() {
        assert_eq!(shroud_radius(0, true, FlagShroud::Additive), 4);
        assert_eq!(shroud_radius(1, true, FlagShroud::Additive), 14);
        assert_eq!(shroud_radius(1, true, FlagShroud::Larger), 10);
        assert_eq!(shroud_radius(0, true, FlagShroud::Larger), 4);
    }
}
