//! Guided weapons in flight: jamming by guidance package (Appendix 1 "Guidance") and what a
//! hit does (kinetic and nuclear payloads). Launch, maneuver and point defense are in
//! `battle/`.

use crate::dice::Roller;

use super::crits::CritTable;
use super::parts::Guidance;

/// How a guided-weapon attack resolves before damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuidedHit {
    /// Crit table forced or chosen (`None`: random d3).
    pub table: Option<CritTable>,
    /// Crit chance multiplier.
    pub multiplier: u32,
    /// Guaranteed "ECM Damaged" (Home On Jam).
    pub ecm_damaged: bool,
}

/// Resolve guidance: `None` is a miss. `jammed` compares the weapon's Sensors (4 light, 20
/// heavy) with the target's ECM; `target_ecm_on` is whether the target has any ECM running;
/// `chosen` is the attacker's table for Remote Guidance; `triple` the ×3 multiplier.
pub fn guidance<R: Roller>(
    g: Guidance,
    jammed: bool,
    target_ecm_on: bool,
    chosen: CritTable,
    triple: u32,
    dice: &mut R,
) -> Option<GuidedHit> {
    guidance_against(g, jammed, target_ecm_on, chosen, triple, |miss| miss, dice)
}

/// [`guidance`] against a defender whose `defence` turns a miss chance into its own: "In
/// circumstances where the ship is under attack and a hit isn't guaranteed, a Shipmind
/// improves the odds of a miss" ("Command Modules"; `ewar::with_shipmind`). Only the jammed
/// packages' miss chances (50%, 25%, 75%) are affected; it is asked only when one applies.
pub fn guidance_against<R: Roller>(
    g: Guidance,
    jammed: bool,
    target_ecm_on: bool,
    chosen: CritTable,
    triple: u32,
    defence: impl FnOnce(u32) -> u32,
    dice: &mut R,
) -> Option<GuidedHit> {
    let random = GuidedHit {
        table: None,
        multiplier: 1,
        ecm_damaged: false,
    };
    // Hit when a d100 (0..100) is below the hit chance left after the defender's miss chance.
    let chance = |p: u32, dice: &mut R| dice.below(100) < 100 - defence(100 - p);
    match g {
        Guidance::HomeOnJam => target_ecm_on.then_some(GuidedHit {
            ecm_damaged: true,
            ..random
        }),
        Guidance::HeatSeeking | Guidance::ImagingRadar => {
            if jammed {
                chance(50, dice).then_some(random)
            } else {
                Some(GuidedHit {
                    table: Some(if g == Guidance::HeatSeeking {
                        CritTable::Power
                    } else {
                        CritTable::Systems
                    }),
                    multiplier: triple,
                    ecm_damaged: false,
                })
            }
        }
        Guidance::CenterOfMass => {
            if jammed {
                chance(75, dice).then_some(random)
            } else {
                Some(random)
            }
        }
        Guidance::RemoteGuidance => {
            if jammed {
                chance(25, dice).then_some(random)
            } else {
                Some(GuidedHit {
                    table: Some(chosen),
                    ..random
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    fn hit_rate(g: Guidance, jammed: bool) -> f64 {
        let mut d = Dice::for_battle(9, 9, 9);
        let n = 40_000;
        let hits = (0..n)
            .filter(|_| guidance(g, jammed, true, CritTable::Power, 3, &mut d).is_some())
            .count();
        hits as f64 / f64::from(n)
    }

    #[test]
    fn jammed_guidance_hit_rates() {
        // sd of a proportion at n = 40,000 is ≤ 0.0025; 6 sd ≈ 0.015.
        assert!((hit_rate(Guidance::HeatSeeking, true) - 0.5).abs() < 0.015);
        assert!((hit_rate(Guidance::CenterOfMass, true) - 0.75).abs() < 0.015);
        assert!((hit_rate(Guidance::RemoteGuidance, true) - 0.25).abs() < 0.015);
        assert_eq!(hit_rate(Guidance::ImagingRadar, false), 1.0);
    }

    /// "Command Modules": a Shipmind defender at morale 0 adds 10 points to a jammed Center
    /// of Mass weapon's 25% miss chance: it hits 65% of the time (G13 additive).
    #[test]
    fn shipmind_defender_adds_to_a_jammed_guided_miss_chance() {
        use crate::rules::junction::ewar::with_shipmind;
        let mut d = Dice::for_battle(9, 9, 9);
        let n = 40_000;
        let hits = (0..n)
            .filter(|_| {
                guidance_against(
                    Guidance::CenterOfMass,
                    true,
                    true,
                    CritTable::Power,
                    3,
                    |m| with_shipmind(m, 0, 10, 5),
                    &mut d,
                )
                .is_some()
            })
            .count();
        // sd of a proportion at n = 40,000 is ≤ 0.0025; 6 sd ≈ 0.015.
        assert!((hits as f64 / f64::from(n) - 0.65).abs() < 0.015);
        // Unjammed, the hit is guaranteed: no bonus.
        let sure = guidance_against(
            Guidance::CenterOfMass,
            false,
            true,
            CritTable::Power,
            3,
            |_| 100,
            &mut d,
        );
        assert!(sure.is_some());
    }

    #[test]
    fn home_on_jam_needs_ecm() {
        let mut d = Dice::for_battle(1, 1, 1);
        let on = guidance(Guidance::HomeOnJam, true, true, CritTable::Power, 3, &mut d);
        assert!(on.is_some_and(|h| h.ecm_damaged));
        let off = guidance(
            Guidance::HomeOnJam,
            false,
            false,
            CritTable::Power,
            3,
            &mut d,
        );
        assert!(off.is_none());
    }

    #[test]
    fn heat_seeking_forces_power_table_at_triple_odds() {
        let mut d = Dice::for_battle(1, 1, 1);
        let h = guidance(
            Guidance::HeatSeeking,
            false,
            true,
            CritTable::Systems,
            3,
            &mut d,
        );
        assert_eq!(
            h,
            Some(GuidedHit {
                table: Some(CritTable::Power),
                multiplier: 3,
                ecm_damaged: false
            })
        );
    }
}
