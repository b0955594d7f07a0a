//! The SIC Points Calculation Matrix. Cosmic Conflict ch. 10.
//!
//! Ship Cost = [(Size × 30) + Σ Primary (20 + m) + Σ Secondary (10 + m)] × (Ship Cost Modifiers).
//! More Primary items than Size adds 10%, more Secondary items than Size adds 5% (per excess
//! item by default, G10); modifiers add up and the cost is rounded up at the end.

use super::design::{ComponentKind, ShipDesign, Slot, Variant, WeaponMount};
use super::house_rules::{ExcessEquipment, HouseRules};

/// Cost of a weapon, before ship modifiers: 20 (Primary) or 10 (Secondary) plus its arc
/// modifiers (G5) and Linked cost (G12); Oversized adds 30% rounded up; Structurally Mounted
/// costs two Primary Components (40).
pub fn weapon_cost(w: &WeaponMount, rules: &HouseRules) -> u32 {
    let base = match w.slot {
        Slot::Primary => 20,
        Slot::Secondary => 10,
    };
    let arcs = w.arcs.count();
    let arc_mod = if arcs == 0 {
        0
    } else {
        rules.arc_cost_first + (arcs - 1) * rules.arc_cost_additional
    };
    match w.variant {
        Variant::StructurallyMounted => 40 + arc_mod,
        Variant::Oversized => {
            (base + arc_mod) * 13 / 10 + u32::from((base + arc_mod) * 13 % 10 != 0)
        }
        Variant::Linked(x) => base + arc_mod + u32::from(x) * rules.linked_cost_per_x,
        Variant::None => base + arc_mod,
    }
}

/// Cost of a component: 20 / 10 by slot; Fighter Launch Hangar 5, Fighter Hangar 0 (ch. 6).
pub fn component_cost(kind: ComponentKind, slot: Slot) -> u32 {
    match kind {
        ComponentKind::FighterLaunchHangar => 5,
        ComponentKind::FighterHangar => 0,
        _ => match slot {
            Slot::Primary => 20,
            Slot::Secondary => 10,
        },
    }
}

/// Primary and Secondary items counted for the "exceeds Size" test. A Structurally Mounted
/// weapon "will always occupy two Primary slots" and counts twice.
pub fn slot_counts(design: &ShipDesign) -> (u32, u32) {
    let mut primary = 0;
    let mut secondary = 0;
    for w in &design.weapons {
        match (w.slot, w.variant) {
            (_, Variant::StructurallyMounted) => primary += 2,
            (Slot::Primary, _) => primary += 1,
            (Slot::Secondary, _) => secondary += 1,
        }
    }
    for c in &design.components {
        match c.slot {
            Slot::Primary => primary += 1,
            Slot::Secondary => secondary += 1,
        }
    }
    (primary, secondary)
}

/// The points value of a ship design.
pub fn ship_cost(design: &ShipDesign, rules: &HouseRules) -> u32 {
    ship_cost_with(design, rules, 0)
}

/// [`ship_cost`] with `extra_percent` added to the Ship Cost Modifiers (a faction's "cost 15%
/// less" is −15, ch. 9b; added to the other percentages like them, G10).
pub fn ship_cost_with(design: &ShipDesign, rules: &HouseRules, extra_percent: i32) -> u32 {
    let size = u32::from(design.size);
    let equipment: u32 = design
        .weapons
        .iter()
        .map(|w| weapon_cost(w, rules))
        .sum::<u32>()
        + design
            .components
            .iter()
            .map(|c| component_cost(c.kind, c.slot))
            .sum::<u32>();
    let base = size * 30 + equipment;
    let (primary, secondary) = slot_counts(design);
    let excess = |count: u32| match rules.excess_equipment {
        ExcessEquipment::PerItem => count.saturating_sub(size),
        ExcessEquipment::Flat => u32::from(count > size),
    };
    // Percent points, kept integral: 10 per excess Primary, 5 per excess Secondary.
    let percent = (100 + 10 * excess(primary) + 5 * excess(secondary)) as i32 + extra_percent;
    (base * percent.max(0) as u32).div_ceil(100)
}

#[cfg(test)]
mod tests {
    use super::super::design::{Arcs, WeaponType};
    use super::*;

    fn weapon(slot: Slot, variant: Variant) -> WeaponMount {
        WeaponMount {
            kind: WeaponType::Kinetic,
            slot,
            variant,
            arcs: Arcs::FORE,
        }
    }

    fn design(
        size: u8,
        primary_weapons: usize,
        primary_armor: usize,
        secondary_armor: usize,
    ) -> ShipDesign {
        use super::super::design::ComponentMount;
        let mut components = vec![];
        for _ in 0..primary_armor {
            components.push(ComponentMount {
                kind: ComponentKind::Armor,
                slot: Slot::Primary,
            });
        }
        for _ in 0..secondary_armor {
            components.push(ComponentMount {
                kind: ComponentKind::Armor,
                slot: Slot::Secondary,
            });
        }
        ShipDesign {
            name: "t".into(),
            size,
            row_length: 10,
            chart: Default::default(),
            weapons: vec![weapon(Slot::Primary, Variant::None); primary_weapons],
            components,
            fighter: None,
        }
    }

    /// Digest §3 test vector 16: Size 3 with 3 Primary (2 weapons + 1 armor) and 3 Secondary,
    /// arc modifiers 0: 90 + 60 + 30 = 180.
    #[test]
    fn worked_example_points_size_3() {
        let rules = HouseRules::default();
        assert_eq!(ship_cost(&design(3, 2, 1, 3), &rules), 180);
    }

    /// Test vector 16: Size 2 with 3 Primary and 4 Secondary: base 160; per-excess reading
    /// ×(1 + 0.10 + 2×0.05) = 192; flat reading ×1.15 = 184.
    #[test]
    fn worked_example_points_excess_equipment() {
        let mut rules = HouseRules::default();
        let d = design(2, 2, 1, 4);
        assert_eq!(ship_cost(&d, &rules), 192);
        rules.excess_equipment = ExcessEquipment::Flat;
        assert_eq!(ship_cost(&d, &rules), 184);
    }

    /// Test vector 16: Oversized Primary weapon ceil(20 × 1.3) = 26; Structurally Mounted 40.
    #[test]
    fn worked_example_points_variants() {
        let rules = HouseRules::default();
        assert_eq!(
            weapon_cost(&weapon(Slot::Primary, Variant::Oversized), &rules),
            26
        );
        assert_eq!(
            weapon_cost(&weapon(Slot::Primary, Variant::StructurallyMounted), &rules),
            40
        );
    }

    #[test]
    fn arc_modifiers_are_configurable() {
        let rules = HouseRules::default();
        let mut w = weapon(Slot::Secondary, Variant::None);
        w.arcs = Arcs::ALL;
        assert_eq!(weapon_cost(&w, &rules), 10 + 3 * 3);
    }
}
