//! "Important Rule: Armor, Damage, and Critical Hits": Armor Value, Protection Rating and
//! Integrity, the compromised-armor roll, Particle Beam Target Armor Effectiveness and the
//! nuclear bombs' armor damage (G8).

use crate::dice::Roller;

/// Resolution of fractional percentages: chances are rolled in hundredths of a percent.
pub const CHANCE_SCALE: u32 = 10_000;

/// How a hit meets armor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HitKind {
    /// Particle Beam Target Armor Effectiveness (1 for everything else).
    pub tae: f64,
    /// Nuclear bombs take this multiple of their Attack Power off the Armor Value, whatever
    /// the Protection Rating (Appendix 1 Nuclear Bomb; G8).
    pub nuclear_armor_multiplier: Option<f64>,
}

impl HitKind {
    /// An ordinary hit (Macron, Laser, kinetic).
    pub const PLAIN: HitKind = HitKind {
        tae: 1.0,
        nuclear_armor_multiplier: None,
    };
}

/// What one hit did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HitResult {
    /// It struck a compromised section (full Attack Power to Integrity, no Armor Value lost).
    pub compromised: bool,
    /// Armor Value lost.
    pub armor_lost: f64,
    /// Post-armor Attack Power (taken off Integrity; drives the crit chance).
    pub post: f64,
}

/// Chance (in 1/[`CHANCE_SCALE`]) that a hit finds compromised armor: the percentage of
/// Armor Value missing (G8: at Armor Value 0 it is certain).
pub fn compromise_chance(value: f64, max: f64) -> u32 {
    if max <= 0.0 || value <= 0.0 {
        return CHANCE_SCALE;
    }
    let missing = ((max - value) / max).clamp(0.0, 1.0);
    (missing * f64::from(CHANCE_SCALE)).round() as u32
}

/// Resolve one hit of Attack Power `ap` against armor (`value` is the current Armor Value,
/// changed in place). Integrity is the caller's: subtract `post`.
///
/// "If the ship's Armor Value isn't at its designed maximum, there's a percent chance – equal
/// to the percentage of Armor Value missing – that the attack hits a compromised section of
/// armor", treated as unarmored. Otherwise the Protection Rating (× TAE for particle beams) is
/// absorbed and taken off the Armor Value; "the excess attack power that bypasses the armor is
/// not counted for the purpose of compromising armor coverage".
pub fn resolve_hit<R: Roller>(
    ap: f64,
    kind: HitKind,
    value: &mut f64,
    max: f64,
    protection: f64,
    dice: &mut R,
) -> HitResult {
    if *value < max {
        let chance = compromise_chance(*value, max);
        if chance >= CHANCE_SCALE || dice.below(CHANCE_SCALE) < chance {
            return HitResult {
                compromised: true,
                armor_lost: 0.0,
                post: ap,
            };
        }
    }
    let absorbed = ap.min(protection * kind.tae).max(0.0);
    let lost = match kind.nuclear_armor_multiplier {
        Some(m) => m * ap,
        None => absorbed,
    }
    .min(*value);
    *value -= lost;
    HitResult {
        compromised: false,
        armor_lost: lost,
        post: ap - absorbed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::junction::crits::crit_chance;
    use crate::rules::junction::house_rules::CritRounding::PercentagePoints as A;

    /// Digest §3 vector 1: PR 10, AV 100/100, Integrity 200/200, AP 30 → AV 90, Integrity 180,
    /// post 20; crit 100% (exactly one crit); the next hit has a 10% compromise chance.
    #[test]
    fn vector_1_armor_pipeline() {
        let mut av = 100.0;
        let mut d = ScriptedDice::new(&[]);
        let h = resolve_hit(30.0, HitKind::PLAIN, &mut av, 100.0, 10.0, &mut d);
        assert_eq!(av, 90.0);
        assert_eq!(h.post, 20.0);
        assert!(!h.compromised);
        assert_eq!(200.0 - h.post, 180.0);
        assert_eq!(crit_chance(h.post, 200.0, A, 1), 100);
        assert_eq!(compromise_chance(av, 100.0), 1000);
    }

    /// Digest §3 vector 2: a compromised hit of AP 30: Integrity −30, AV stays 90; crit 150%.
    #[test]
    fn vector_2_compromised_hit() {
        let mut av = 90.0;
        // d6 digits for below(10000): 6^6 = 46656 ≥ 10000; all ones → 0 < 1000: compromised.
        let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 1]);
        let h = resolve_hit(30.0, HitKind::PLAIN, &mut av, 100.0, 10.0, &mut d);
        assert!(h.compromised);
        assert_eq!(av, 90.0);
        assert_eq!(h.post, 30.0);
        assert_eq!(crit_chance(h.post, 200.0, A, 1), 150);
    }

    /// Digest §3 vector 3: AP 8 vs PR 10: AV −8, Integrity unchanged, no crit roll.
    #[test]
    fn vector_3_absorbed_hit() {
        let mut av = 100.0;
        let mut d = ScriptedDice::new(&[]);
        let h = resolve_hit(8.0, HitKind::PLAIN, &mut av, 100.0, 10.0, &mut d);
        assert_eq!(av, 92.0);
        assert_eq!(h.post, 0.0);
        assert_eq!(crit_chance(h.post, 200.0, A, 1), 0);
    }

    /// Digest §3 vector 6: particle beam TAE 0.5, AP 30 vs PR 10 → AV −5, Integrity −25,
    /// crit 130% (reading A).
    #[test]
    fn vector_6_particle_beam() {
        let mut av = 100.0;
        let mut d = ScriptedDice::new(&[]);
        let kind = HitKind {
            tae: 0.5,
            nuclear_armor_multiplier: None,
        };
        let h = resolve_hit(30.0, kind, &mut av, 100.0, 10.0, &mut d);
        assert_eq!(av, 95.0);
        assert_eq!(h.post, 25.0);
        assert_eq!(crit_chance(h.post, 200.0, A, 1), 130);
    }

    /// Digest §3 vector 11 (second half): a light nuke, 200 AP, takes 2000 off the Armor
    /// Value (clamped at 0).
    #[test]
    fn vector_11_light_nuke_armor() {
        let mut av = 100.0;
        let mut d = ScriptedDice::new(&[]);
        let kind = HitKind {
            tae: 1.0,
            nuclear_armor_multiplier: Some(10.0),
        };
        let h = resolve_hit(200.0, kind, &mut av, 100.0, 10.0, &mut d);
        assert_eq!(av, 0.0);
        assert_eq!(h.armor_lost, 100.0);
        assert_eq!(h.post, 190.0);
    }

    #[test]
    fn stripped_armor_is_always_compromised() {
        assert_eq!(compromise_chance(0.0, 100.0), CHANCE_SCALE);
        assert_eq!(compromise_chance(100.0, 100.0), 0);
    }
}
