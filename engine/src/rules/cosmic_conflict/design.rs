//! The Ship Information Card (SIC) vocabulary: sizes, weapons, variants, components, charts.
//! Cosmic Conflict ch. 2 (SIC) and ch. 6 (Equipment Readout).

use super::fighters::FighterSpec;
use super::house_rules::MghChart;

/// Largest ship Size (Cosmic Conflict ch. 2: Sizes 1–6; fighters are Size 0, issue 3).
pub const MAX_SIZE: u8 = 6;
/// Weapons per design (engine limit, checked by validation).
pub const MAX_WEAPONS: usize = 16;
/// Components per design (engine limit, checked by validation).
pub const MAX_COMPONENTS: usize = 16;

/// Weapon types, ch. 6 "Weapon Types". Rockets and Missiles lost their headers in the text
/// (G6); the names come from the flavour text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeaponType {
    /// 10 range, 18 Extended Range 1; Accuracy above an undamaged Armor/Shield value ignores it.
    Kinetic,
    /// 12 range, 20 Extended Range 1; always damages Shield tracks first.
    Beam,
    /// 6 / 12 (ER1) / 18 (ER2); 2d6, best of 2d6, 1d6 by band; affected by PWS; no Variant.
    Rockets,
    /// 24 range; beyond 10 leaves a missile token resolved in the Resolution phase; affected
    /// by PWS; no Variant.
    Missiles,
}

impl WeaponType {
    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            WeaponType::Kinetic => "kinetic",
            WeaponType::Beam => "beam",
            WeaponType::Rockets => "rockets",
            WeaponType::Missiles => "missiles",
        }
    }

    /// "Affected by PWS": −1 damage per Proximity Weapon System on the target.
    pub const fn affected_by_pws(self) -> bool {
        matches!(self, WeaponType::Rockets | WeaponType::Missiles)
    }

    /// "May not be a Variant".
    pub const fn takes_variant(self) -> bool {
        !self.affected_by_pws()
    }
}

/// Weapon Variants, ch. 6 "Weapon Variants" (at most one per weapon).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// No variant.
    None,
    /// Linked (X): +(X+1) accuracy, −X damage.
    Linked(u8),
    /// −1 accuracy; damage is the higher of two d6; +2 to the highest range value; +30% cost
    /// (rounded up); Primary only.
    Oversized,
    /// −1 accuracy; damage is the sum of two d6; +4 to the highest range value; one firing
    /// arc; costs two Primary Components and uses two Primary slots.
    StructurallyMounted,
}

impl Variant {
    /// Config name.
    pub fn name(self) -> String {
        match self {
            Variant::None => "none".into(),
            Variant::Linked(x) => format!("linked-{x}"),
            Variant::Oversized => "oversized".into(),
            Variant::StructurallyMounted => "structurally-mounted".into(),
        }
    }
}

/// Primary or Secondary slot (ch. 6): a Primary weapon is the ship's Size, a Secondary one
/// Size smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Primary slot.
    Primary,
    /// Secondary slot.
    Secondary,
}

/// Firing arcs as four 90° quadrants (house rule `arcs`, G5: the arc chart is missing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Arcs(pub u8);

impl Arcs {
    /// Fore: relative bearing within ±45°.
    pub const FORE: Arcs = Arcs(1);
    /// Starboard: relative bearing −135°..−45° (clockwise of the heading).
    pub const STARBOARD: Arcs = Arcs(2);
    /// Aft: relative bearing beyond ±135°.
    pub const AFT: Arcs = Arcs(4);
    /// Port: relative bearing 45°..135°.
    pub const PORT: Arcs = Arcs(8);
    /// All four quadrants.
    pub const ALL: Arcs = Arcs(15);

    /// Number of quadrants covered (the arc cost counts them).
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether this set contains every quadrant of `other`.
    pub const fn contains(self, other: Arcs) -> bool {
        self.0 & other.0 == other.0
    }

    /// The quadrants a target at local coordinates (`ahead` along the facing, `port` to its
    /// left) lies in: one, or two on a boundary (which belongs to both neighbours, as
    /// [`Arcs::covers`] says).
    #[inline]
    pub fn at_local(ahead: f64, port: f64) -> Arcs {
        Arcs(
            u8::from(ahead >= port.abs())
                | (u8::from(-port >= ahead.abs()) << 1)
                | (u8::from(-ahead >= port.abs()) << 2)
                | (u8::from(port >= ahead.abs()) << 3),
        )
    }

    /// Whether a target at local coordinates (`ahead` along the facing, `port` to its left)
    /// lies in one of these quadrants — the same test as [`Arcs::covers`] without angles.
    #[inline]
    pub fn covers_local(self, ahead: f64, port: f64) -> bool {
        self.0 & Arcs::at_local(ahead, port).0 != 0
    }

    /// The quadrant a relative bearing (degrees, target bearing minus heading, normalised)
    /// falls in. Boundaries belong to both neighbours; see [`Arcs::covers`].
    pub fn covers(self, relative_bearing: f64) -> bool {
        let b = relative_bearing;
        let a = b.abs();
        (self.contains(Arcs::FORE) && a <= 45.0)
            || (self.contains(Arcs::AFT) && a >= 135.0)
            || (self.contains(Arcs::PORT) && (45.0..=135.0).contains(&b))
            || (self.contains(Arcs::STARBOARD) && (-135.0..=-45.0).contains(&b))
    }
}

/// Components, ch. 6 "Components". Four names were lost in extraction (G6): the defensive
/// suite (−1 accuracy / +1 glance band) and the navigation suite (+1 Navigate order) carry
/// placeholder names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentKind {
    /// Armor track: Primary = one health row, Secondary = half (rounded up) (G8).
    Armor,
    /// Shield track, same sizes; Accuracy above its undamaged value bypasses it.
    Shield,
    /// [name lost] Primary: −1 accuracy against this ship. Secondary: glance band +1.
    DefenseSuite,
    /// [name lost] Primary: +1 [Navigate] order per turn (orders: issue 3).
    NavSuite,
    /// Area Weapons System: passive extra PWS for nearby ships vs missiles; active token removal.
    Aws,
    /// Proximity Weapon System: −1 damage from PWS-affected weapons; PWS exchanges.
    Pws,
    /// Secondary: Maneuver of a ship one Size smaller (stackable).
    ManeuverEnhance,
    /// Secondary: Heading of a ship one Size smaller (stackable).
    HeadingEnhance,
    /// Secondary: +1 [Scanning] order (orders: issue 3).
    AdvancedSensors,
    /// Primary, 5 pts: one fighter unit, launch/collect (fighters: issue 3).
    FighterLaunchHangar,
    /// Primary, 0 pts: one fighter unit aboard (fighters: issue 3).
    FighterHangar,
}

impl ComponentKind {
    /// Every kind, for error messages.
    pub const ALL: [ComponentKind; 11] = [
        ComponentKind::Armor,
        ComponentKind::Shield,
        ComponentKind::DefenseSuite,
        ComponentKind::NavSuite,
        ComponentKind::Aws,
        ComponentKind::Pws,
        ComponentKind::ManeuverEnhance,
        ComponentKind::HeadingEnhance,
        ComponentKind::AdvancedSensors,
        ComponentKind::FighterLaunchHangar,
        ComponentKind::FighterHangar,
    ];

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            ComponentKind::Armor => "armor",
            ComponentKind::Shield => "shield",
            ComponentKind::DefenseSuite => "defense-suite",
            ComponentKind::NavSuite => "nav-suite",
            ComponentKind::Aws => "aws",
            ComponentKind::Pws => "pws",
            ComponentKind::ManeuverEnhance => "maneuver-enhance",
            ComponentKind::HeadingEnhance => "heading-enhance",
            ComponentKind::AdvancedSensors => "advanced-sensors",
            ComponentKind::FighterLaunchHangar => "fighter-launch-hangar",
            ComponentKind::FighterHangar => "fighter-hangar",
        }
    }

    /// The only slot the text allows, if it fixes one (G7: PWS defaults to Secondary, AWS to
    /// Primary, but both may be placed in either slot).
    pub const fn fixed_slot(self) -> Option<Slot> {
        match self {
            ComponentKind::ManeuverEnhance
            | ComponentKind::HeadingEnhance
            | ComponentKind::AdvancedSensors => Some(Slot::Secondary),
            ComponentKind::NavSuite
            | ComponentKind::FighterLaunchHangar
            | ComponentKind::FighterHangar => Some(Slot::Primary),
            _ => None,
        }
    }

    /// The slot used when the config names none.
    pub const fn default_slot(self) -> Slot {
        match self {
            ComponentKind::Pws => Slot::Secondary,
            k => match k.fixed_slot() {
                Some(s) => s,
                None => Slot::Primary,
            },
        }
    }
}

/// A weapon on a SIC.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeaponMount {
    /// Type.
    pub kind: WeaponType,
    /// Slot (sets the Weapon Size).
    pub slot: Slot,
    /// Variant.
    pub variant: Variant,
    /// Firing arcs.
    pub arcs: Arcs,
}

/// A component on a SIC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComponentMount {
    /// Kind.
    pub kind: ComponentKind,
    /// Slot.
    pub slot: Slot,
}

/// A validated ship design (one SIC).
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDesign {
    /// Design name.
    pub name: String,
    /// Ship Size, 1..=6.
    pub size: u8,
    /// Boxes per health row ("usually 10", G9).
    pub row_length: u8,
    /// The design's Miss/Glance/Hit chart (G1).
    pub chart: MghChart,
    /// Weapons in SIC order.
    pub weapons: Vec<WeaponMount>,
    /// Components in SIC order.
    pub components: Vec<ComponentMount>,
    /// A fighter (Size 0, ch. 6c): its fixed weapon Size and fighter-only components.
    pub fighter: Option<FighterSpec>,
}

impl ShipDesign {
    /// Weapon Size of a mount: the ship's Size in a Primary slot, one smaller in a Secondary.
    /// A fighter's weapon has the Size "chosen at the creation of the Fighter" (ch. 6c).
    pub fn weapon_size(&self, w: &WeaponMount) -> u8 {
        if let Some(f) = &self.fighter {
            return f.weapon_size;
        }
        match w.slot {
            Slot::Primary => self.size,
            Slot::Secondary => self.size - 1,
        }
    }

    /// Health boxes: one row per Size (a Size 0 fighter has one track of `row_length`).
    pub fn health(&self) -> u32 {
        u32::from(self.size.max(1)) * u32::from(self.row_length)
    }

    /// Boxes of an Armor or Shield track in `slot`: a full row (Primary) or half, rounded
    /// up (Secondary). G8 reads "the Ship's Damage Track" as one health row.
    pub fn track_length(&self, slot: Slot) -> u8 {
        match slot {
            Slot::Primary => self.row_length,
            Slot::Secondary => self.row_length.div_ceil(2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrant_arcs() {
        assert!(Arcs::FORE.covers(0.0));
        assert!(Arcs::FORE.covers(45.0));
        assert!(!Arcs::FORE.covers(46.0));
        assert!(Arcs::PORT.covers(90.0));
        assert!(Arcs::STARBOARD.covers(-90.0));
        assert!(Arcs::AFT.covers(180.0));
        assert!(Arcs::AFT.covers(-170.0));
        assert!(!Arcs::AFT.covers(100.0));
        assert_eq!(Arcs::ALL.count(), 4);
    }

    #[test]
    fn local_test_agrees_with_bearings() {
        // Exact quadrant boundaries (±45°, ±135°) are a measure-zero tie left to rounding.
        for deg in (-179..=180).step_by(7).filter(|d| d % 45 != 0) {
            let r = f64::from(deg).to_radians();
            let (ahead, port) = (r.cos(), r.sin());
            for arcs in [Arcs::FORE, Arcs::AFT, Arcs::PORT, Arcs::STARBOARD] {
                assert_eq!(
                    arcs.covers(f64::from(deg)),
                    arcs.covers_local(ahead, port),
                    "{arcs:?} at {deg}"
                );
            }
        }
    }

    #[test]
    fn secondary_track_is_half_rounded_up() {
        let d = ShipDesign {
            name: "t".into(),
            size: 3,
            row_length: 9,
            chart: MghChart::default(),
            weapons: vec![],
            components: vec![],
            fighter: None,
        };
        assert_eq!(d.track_length(Slot::Primary), 9);
        assert_eq!(d.track_length(Slot::Secondary), 5);
        assert_eq!(d.health(), 27);
    }
}
