//! The guided weapon's hit (§9.0, §9.1, §7.3.1.1, §7.5.3.1, §11.1.6, §11.5) and the Guided
//! Weapons Phase for one weapon: intercept attempts, then anti-missile rocket salvos, then
//! (chaff and flares counted) the to-hit roll (§2.3.2.1 and the sequence of play).
//!
//! To-hit DRM: the target's silhouette seen from the marker (§7.3.1.1) + the amplification —
//! a missile's own +2, a torpedo's launcher's (§9.0) — − the target's ECM − DF − chaff −
//! flares − deflection + the launcher's accuracy when the target is in its arc and line of
//! sight now (§7.5.3.1). No range penalty: none is stated (D19 24; launch and maximum range are
//! hard limits). A hit is then resolved like any attack (`fire::attack::resolve_attack` with
//! [`super::types::Munition::as_weapon`], section from the marker's bearing, range from the
//! marker for plasma falloff); "all damage scored by guided weapons is applied at the end of
//! this phase" (§7.3).

use crate::dice::Roller;

use super::super::fire::hit_roll::{HitModifiers, HitRoll, accuracy_drm, hit_ways, roll_3d6};
use super::launch::{Flight, LauncherAccuracy};
use super::readings::{Readings, TorpedoAccuracy};
use super::types::GuidedKind;

/// What an intercept or anti-missile salvo must reach to destroy a guided weapon (§11.1.6,
/// §11.5.1: "on a roll of 11 or higher (including DRM)").
pub const KILL: i16 = 11;

/// The facts of one guided weapon's strike, from the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuidedAim {
    /// The target's silhouette Rating seen from the marker (§7.3.1.1).
    pub silhouette: i16,
    /// The target's ECM against it.
    pub target_ecm: i16,
    /// The launching unit's amplification on the target now (torpedoes only, §9.0).
    pub launcher_amplification: i16,
    /// The target is in the launcher's arc and line of sight now (§7.5.3.1); for a small
    /// vessel's rack, in its line of sight only (§7.5.3.2).
    pub launcher_sees: bool,
    /// The target's section count (a torpedo's signed accuracy, §7.5.3).
    pub target_sections: u8,
    /// Total DF against it (§11.1; every DF weapon is fast enough: Speed 0).
    pub defensive_fire: i16,
    /// Chaff in the target's hex (`defences::chaff_in_hex`).
    pub chaff: i16,
    /// A flare fired at it.
    pub flares: i16,
    /// The target's deflection shield.
    pub deflection: i16,
    /// Anything else, signed.
    pub other: i16,
}

/// The amplification a guided weapon carries (§9.0): a missile's own (+2 unless enhanced), a
/// torpedo's launcher's. Intercepts and AMRS subtract it (§11.1.6).
pub const fn amplification(f: &Flight, launcher_amplification: i16) -> i16 {
    match f.munition.kind {
        GuidedKind::Missile => f.munition.amplification as i16,
        GuidedKind::Torpedo => launcher_amplification,
    }
}

/// The launcher's accuracy the weapon receives (§7.5.3.1): a rack's only while the target is
/// in its arc and line of sight; a torpedo system's likewise or always (reading
/// `torpedo_accuracy`), signed against the target's sections.
pub const fn launcher_accuracy(f: &Flight, launcher_sees: bool, sections: u8, r: &Readings) -> i16 {
    match f.accuracy {
        LauncherAccuracy::Rack(a) => {
            if launcher_sees {
                a as i16
            } else {
                0
            }
        }
        LauncherAccuracy::Torpedo(acc) => {
            let counts = launcher_sees || matches!(r.torpedo_accuracy, TorpedoAccuracy::Always);
            if counts {
                accuracy_drm(acc, sections)
            } else {
                0
            }
        }
    }
}

/// The to-hit modifiers of a guided weapon's strike.
pub const fn guided_modifiers(f: &Flight, aim: &GuidedAim, r: &Readings) -> HitModifiers {
    HitModifiers {
        silhouette: aim.silhouette,
        ew: amplification(f, aim.launcher_amplification) - aim.target_ecm,
        accuracy: launcher_accuracy(f, aim.launcher_sees, aim.target_sections, r),
        range_penalty: 0,
        evasive: 0,
        defensive_fire: aim.defensive_fire,
        deflection: aim.deflection,
        other: aim.other - aim.chaff - aim.flares,
    }
}

/// How one guided weapon's Guided Weapons Phase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Destroyed by the intercept attempt with this index (§11.1.6).
    Intercepted(u8),
    /// Destroyed by the anti-missile salvo with this index (§11.5.1).
    ShotDown(u8),
    /// It rolled and missed.
    Missed(HitRoll),
    /// It hit: resolve the damage with this roll.
    Hit(HitRoll),
}

/// One guided weapon through the Guided Weapons Phase: each intercept attempt (DRMs from
/// `intercepts::intercept_drm`) and then each anti-missile salvo (`intercepts::amrs_drm`)
/// destroys it on 3d6 + DRM ≥ 11; a survivor rolls to hit with `hit_drm` (chaff and flares in
/// it). Dice are rolled only while it survives.
pub fn guided_phase(
    dice: &mut impl Roller,
    intercepts: &[i16],
    salvos: &[i16],
    hit_drm: i16,
) -> Fate {
    for (i, &drm) in intercepts.iter().enumerate() {
        if i16::from(roll_3d6(dice)) + drm >= KILL {
            return Fate::Intercepted(i as u8);
        }
    }
    for (i, &drm) in salvos.iter().enumerate() {
        if i16::from(roll_3d6(dice)) + drm >= KILL {
            return Fate::ShotDown(i as u8);
        }
    }
    let hit = HitRoll::new(roll_3d6(dice), hit_drm);
    if hit.band.is_hit() {
        Fate::Hit(hit)
    } else {
        Fate::Missed(hit)
    }
}

/// The exact chance, as ways out of 216^(n+1), that a guided weapon survives every attempt and
/// hits: Π (216 − ways(attempt ≥ 11)) × ways(hit). (Attempts and the hit roll use the same
/// "11 or more" threshold, so `hit_ways` counts both.)
pub fn strike_ways(intercepts: &[i16], salvos: &[i16], hit_drm: i16) -> u128 {
    intercepts
        .iter()
        .chain(salvos)
        .map(|&d| u128::from(216 - hit_ways(d)))
        .product::<u128>()
        * u128::from(hit_ways(hit_drm))
}

#[cfg(test)]
mod tests {
    use super::super::launch::tests::harbinger;
    use super::super::types::Munition;
    use super::*;
    use crate::dice::{Dice, ScriptedDice};
    use crate::hex::Hex;
    use crate::rules::cold_infinity::design::{Accuracy, DamageDice};
    use crate::rules::cold_infinity::fire::hit_roll::HitBand;
    use crate::rules::cold_infinity::intercepts::{amrs_drm, intercept_drm};

    fn missile_flight() -> Flight {
        let (_, types) = harbinger();
        Flight {
            munition: types[0],
            owner: 0,
            target: 1,
            launch_hex: Hex::new(0, 0),
            pos: Hex::new(0, 0),
            heading_to: Hex::new(0, 0),
            travelled: 0,
            max_range: 30,
            accuracy: LauncherAccuracy::Rack(3),
        }
    }

    /// §9.0 and §7.5.3.1: a missile (+2 own) from a +3 rack at a target with silhouette 3 and 1
    /// ECM: 3 + 2 − 1 + 3 = +7 while the rack sees the target, +4 when it no longer does; chaff
    /// −2 and a flare −4 bring it to +1. No range penalty (D19 24).
    #[test]
    fn missile_to_hit_modifiers() {
        let f = missile_flight();
        let r = Readings::default();
        let mut aim = GuidedAim {
            silhouette: 3,
            target_ecm: 1,
            launcher_sees: true,
            target_sections: 3,
            launcher_amplification: 5,
            ..GuidedAim::default()
        };
        assert_eq!(guided_modifiers(&f, &aim, &r).drm(), 7);
        aim.launcher_sees = false;
        assert_eq!(guided_modifiers(&f, &aim, &r).drm(), 4);
        aim.launcher_sees = true;
        aim.chaff = 2;
        aim.flares = 4;
        assert_eq!(guided_modifiers(&f, &aim, &r).drm(), 1);
    }

    /// §9.0: a torpedo uses the launcher's amplification; its signed accuracy counts against
    /// the target's sections, only while the launcher sees the target unless
    /// `torpedo_accuracy = Always`.
    #[test]
    fn torpedo_to_hit_modifiers() {
        let mut f = missile_flight();
        f.munition = Munition::torpedo(DamageDice::new(3, 6, 0), 8);
        f.accuracy = LauncherAccuracy::Torpedo(Accuracy {
            value: -1,
            signs: 1,
        });
        let aim = GuidedAim {
            silhouette: 1,
            launcher_amplification: 3,
            launcher_sees: false,
            target_sections: 5,
            ..GuidedAim::default()
        };
        let r = Readings::default();
        assert_eq!(guided_modifiers(&f, &aim, &r).drm(), 4);
        let always = Readings {
            torpedo_accuracy: TorpedoAccuracy::Always,
            ..r
        };
        assert_eq!(guided_modifiers(&f, &aim, &always).drm(), 8);
        assert_eq!(amplification(&f, 3), 3);
    }

    /// §2.3.2.1 order: intercepts first, then AMRS, then the hit roll; each kill on 11+.
    #[test]
    fn phase_order_scripted() {
        // Intercept at −3 rolls 14 → 11: destroyed; nothing else is rolled.
        let mut d = ScriptedDice::new(&[5, 5, 4]);
        assert_eq!(guided_phase(&mut d, &[-3], &[-5], 4), Fate::Intercepted(0));
        assert_eq!(d.used(), 3);
        // Intercept fails (10 − 3), AMRS hits (16 − 5 = 11).
        let mut d = ScriptedDice::new(&[4, 3, 3, 6, 5, 5]);
        assert_eq!(guided_phase(&mut d, &[-3], &[-5], 4), Fate::ShotDown(0));
        // Both fail; the missile rolls 9 + 4 = 13: hull hit.
        let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 1, 3, 3, 3]);
        match guided_phase(&mut d, &[-3], &[-5], 4) {
            Fate::Hit(h) => assert_eq!((h.natural, h.band), (9, HitBand::Hull)),
            other => panic!("{other:?}"),
        }
    }

    /// Exact enumeration: every one of the 6⁹ dice sequences for one intercept, one AMRS salvo
    /// and the hit roll, against the closed form (the railgun intercepting the Harbinger
    /// missile at range 9: −3; AMRS against it: −5; the hit at +4).
    #[test]
    fn phase_exact_enumeration() {
        let f = missile_flight();
        let amp = amplification(&f, 0);
        let acc = launcher_accuracy(&f, true, 3, &Readings::default());
        let icpt = intercept_drm(
            3,
            crate::rules::cold_infinity::design::RangeRating { per: 1, hexes: 2 },
            1,
            true,
            1,
            9,
            amp,
            acc,
        );
        let amrs = amrs_drm(amp, acc);
        assert_eq!((icpt, amrs), (-3, -5));
        let (mut counts, mut rolls) = ([0u64; 4], [0u8; 9]);
        for n in 0..6u32.pow(9) {
            let mut x = n;
            for r in rolls.iter_mut() {
                *r = (x % 6) as u8 + 1;
                x /= 6;
            }
            let mut d = ScriptedDice::new(&rolls);
            let k = match guided_phase(&mut d, &[icpt], &[amrs], 4) {
                Fate::Intercepted(_) => 0,
                Fate::ShotDown(_) => 1,
                Fate::Missed(_) => 2,
                Fate::Hit(_) => 3,
            };
            counts[k] += 1;
        }
        let total = 6u64.pow(9);
        let ways = |d: i16| u64::from(hit_ways(d));
        assert_eq!(counts[0], ways(icpt) * 216 * 216);
        assert_eq!(counts[1], (216 - ways(icpt)) * ways(amrs) * 216);
        assert_eq!(u128::from(counts[3]), strike_ways(&[icpt], &[amrs], 4));
        assert_eq!(counts.iter().sum::<u64>(), total);
        // ≥ 11 at −3 needs 14+: 35 of 216; at −5, 16+: 10; the hit at +4 needs 7+: 196.
        assert_eq!((ways(-3), ways(-5), ways(4)), (35, 10, 196));
        assert_eq!(counts[3], 181 * 206 * 196);
    }

    /// The same phase with battle dice: the strike rate stays within 5 standard errors of the
    /// exact chance (181·206·196 / 216³).
    #[test]
    fn phase_sampled_against_exact() {
        let mut dice = Dice::for_battle(7, 19, 0);
        let n = 200_000u32;
        let hits = (0..n)
            .filter(|_| matches!(guided_phase(&mut dice, &[-3], &[-5], 4), Fate::Hit(_)))
            .count() as f64;
        let p = strike_ways(&[-3], &[-5], 4) as f64 / 216f64.powi(3);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!(
            (hits / f64::from(n) - p).abs() < 5.0 * se,
            "{} vs {p}",
            hits / f64::from(n)
        );
    }
}
