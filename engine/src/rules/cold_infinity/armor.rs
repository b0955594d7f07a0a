//! §11.4 armor (digest D12.3) and §7.4.1.4: the armor value a volley meets, by technology
//! (§8.2.1 matter ignores it, §8.2.6 plasma halves it), specialization (§11.4.3), ablative wear
//! (§11.4.1) and adaptive points (§11.4.2).

use super::damage_state::ShipDamage;
use super::design::{ArmorKind, ShipDesign, Tech, TechSet};
use super::fire::readings::Halving;

/// The armor value `armor` as it counts against a weapon of `tech` (§8.2.1, §8.2.6, §11.4.3):
/// * matter ignores armor, unless the ship is specialized against matter: then half (rounding
///   per the reading, third reading);
/// * plasma meets half (rounded up), unless specialized against plasma: then the true value;
/// * any other specialized technology meets +50% rounded up (3 → 5).
pub const fn armor_against(armor: u16, tech: Tech, specs: TechSet, halving: Halving) -> u16 {
    let special = specs.contains(tech);
    match tech {
        Tech::Matter if special => halving.half(armor),
        Tech::Matter => 0,
        Tech::Plasma if special => armor,
        Tech::Plasma => armor.div_ceil(2),
        _ if special => armor + armor.div_ceil(2),
        _ => armor,
    }
}

/// The armor a volley of `tech` meets on section `sec` now: the section's armor (less
/// permanent losses) plus, for adaptive armor, the points learned against `tech`, all adjusted
/// by technology and specialization (§11.4.2: a technology that ignores armor ignores adaptive
/// points too unless specialized).
#[inline]
pub fn section_armor(
    design: &ShipDesign,
    damage: &ShipDamage,
    sec: usize,
    tech: Tech,
    halving: Halving,
) -> u16 {
    let base = u16::from(damage.armor_now(design, sec));
    let adaptive = match design.sections[sec].armor_kind {
        ArmorKind::Adaptive { .. } => u16::from(damage.adaptive_points(sec, tech)),
        _ => 0,
    };
    armor_against(base + adaptive, tech, design.armor_specializations, halving)
}

/// Damage left after armor (§7.4.1.4), per volley.
pub const fn through_armor(volley: u16, armor: u16) -> u16 {
    volley.saturating_sub(armor)
}

/// After a hit on section `sec` (§11.4.1–2): ablative armor loses 1 point per hit (the text's
/// "each time it is hit": one per weapon hit on the section, fixed reading), whatever the
/// weapon; adaptive armor gains 1 point against `tech` if any damage got past the shields
/// (`reached_armor`; armor soaking it all still counts), within its caps. Call after the hit's
/// damage is resolved, so a hit is never mitigated by the point it earns.
#[inline]
pub fn after_hit(
    design: &ShipDesign,
    damage: &mut ShipDamage,
    sec: usize,
    tech: Tech,
    reached_armor: bool,
) {
    match design.sections[sec].armor_kind {
        ArmorKind::Standard => {}
        ArmorKind::Ablative => {
            if damage.armor_now(design, sec) > 0 {
                damage.armor_lost[sec] += 1;
            }
        }
        ArmorKind::Adaptive {
            per_tech_cap,
            total_cap,
        } => {
            let points = &mut damage.adaptive[sec];
            let total: u16 = points.iter().map(|&p| u16::from(p)).sum();
            let t = tech.index();
            if reached_armor && points[t] < per_tech_cap && total < u16::from(total_cap) {
                points[t] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::design::fixtures::reaper;
    use super::*;

    /// §11.4.3 example: armor 3 specialized against radiation counts as 5 against it.
    #[test]
    fn example_11_4_3_specialized_3_is_5() {
        let specs = TechSet::NONE.with(Tech::Radiation);
        assert_eq!(armor_against(3, Tech::Radiation, specs, Halving::Down), 5);
        assert_eq!(armor_against(3, Tech::Particle, specs, Halving::Down), 3);
    }

    /// §8.2.1, §8.2.6, §11.4.3: matter and plasma against every armor value 0..=20, exact.
    #[test]
    fn matter_and_plasma_rules() {
        let none = TechSet::NONE;
        let vs_matter = none.with(Tech::Matter);
        let vs_plasma = none.with(Tech::Plasma);
        for a in 0..=20u16 {
            assert_eq!(armor_against(a, Tech::Matter, none, Halving::Down), 0);
            assert_eq!(
                armor_against(a, Tech::Matter, vs_matter, Halving::Down),
                a / 2
            );
            assert_eq!(
                armor_against(a, Tech::Matter, vs_matter, Halving::Up),
                a.div_ceil(2)
            );
            assert_eq!(
                armor_against(a, Tech::Plasma, none, Halving::Down),
                a.div_ceil(2)
            );
            assert_eq!(armor_against(a, Tech::Plasma, vs_plasma, Halving::Down), a);
        }
    }

    /// §11.4.1: ablative armor loses a point per hit down to 0; §11.4.2 adaptive armor gains a
    /// point per damaging hit of a technology (not when a shield soaked it all), within caps,
    /// and the point counts only from the next hit.
    #[test]
    fn ablative_and_adaptive() {
        let mut d = reaper();
        d.sections[0].armor_kind = ArmorKind::Ablative;
        d.sections[1].armor_kind = ArmorKind::Adaptive {
            per_tech_cap: 2,
            total_cap: 3,
        };
        let mut s = ShipDamage::new(&d);
        for _ in 0..6 {
            after_hit(&d, &mut s, 0, Tech::Particle, true);
        }
        assert_eq!(s.armor_now(&d, 0), 0);
        assert_eq!(section_armor(&d, &s, 1, Tech::Particle, Halving::Down), 4);
        after_hit(&d, &mut s, 1, Tech::Particle, false);
        assert_eq!(section_armor(&d, &s, 1, Tech::Particle, Halving::Down), 4);
        for _ in 0..3 {
            after_hit(&d, &mut s, 1, Tech::Particle, true);
        }
        assert_eq!(section_armor(&d, &s, 1, Tech::Particle, Halving::Down), 6);
        after_hit(&d, &mut s, 1, Tech::Laser, true);
        after_hit(&d, &mut s, 1, Tech::Laser, true);
        assert_eq!(s.adaptive_points(1, Tech::Laser), 1, "total cap 3");
        // Matter ignores adaptive points too, unless specialized.
        assert_eq!(section_armor(&d, &s, 1, Tech::Matter, Halving::Down), 0);
        assert_eq!(through_armor(3, 5), 0);
    }
}
