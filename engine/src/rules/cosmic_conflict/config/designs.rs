//! `[[design]]`: Ship Information Cards (ch. 2, ch. 6) — Size, weapons with their slots,
//! variants and arcs, components — checked into the rules' [`ShipDesign`]s, and the
//! experiment's catalogue of ship and fighter designs.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::{
    Arcs, ComponentKind, ComponentMount, MAX_COMPONENTS, MAX_SIZE, MAX_WEAPONS, ShipDesign, Slot,
    Variant, WeaponMount, WeaponType,
};
use super::super::house_rules::{HouseRules, MghChart};
use super::super::ship::MAX_TRACKS;
use super::Doc;
use super::fighters;
use super::issues::{Issues, Origin};

/// Every valid design of the experiment: ships first, then fighters (Size 0), one list.
pub(super) struct Catalogue {
    /// The designs.
    pub(super) designs: Vec<ShipDesign>,
    /// Ship design name → (index into `designs`, where it was defined).
    pub(super) ships: HashMap<String, (usize, Origin)>,
    /// Ship designs that are defined but invalid (already reported), with their document:
    /// fleets using them say nothing more.
    pub(super) invalid: HashMap<String, usize>,
    /// Fighter design name → index into `designs`.
    pub(super) fighters: HashMap<String, usize>,
}

/// Validate every `[[design]]`, then every `[[fighter]]` (names unique within each).
pub(super) fn catalogue(docs: &[Doc], rules: &HouseRules, issues: &mut Issues) -> Catalogue {
    let mut designs: Vec<ShipDesign> = Vec::new();
    let mut design_index: HashMap<String, (usize, Origin)> = HashMap::new();
    let mut invalid_designs: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let s = spec.get_ref();
            let name = s.name.get_ref();
            let at = format!("design[{k}] ({name})");
            if let Some(od) = design_index
                .get(name)
                .map(|(_, (od, _))| *od)
                .or_else(|| invalid_designs.get(name).copied())
            {
                issues.push(
                    d,
                    s.name.span(),
                    format!("design[{k}].name"),
                    format!(
                        "design `{name}` is defined twice (first in file #{od}); design names must be unique"
                    ),
                );
                continue;
            }
            if let Some(ds) = design(d, &at, s, rules, issues) {
                design_index.insert(name.clone(), (designs.len(), (d, spec.span())));
                designs.push(ds);
            } else {
                invalid_designs.insert(name.clone(), d);
            }
        }
    }
    // Fighter designs (ch. 6c): Size 0 designs in the same list, named apart.
    let mut fighter_index: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fighter.iter().enumerate() {
            let s = spec.get_ref();
            let name = s.name.get_ref();
            let at = format!("fighter[{k}] ({name})");
            if fighter_index.contains_key(name) {
                issues.push(
                    d,
                    s.name.span(),
                    format!("fighter[{k}].name"),
                    format!("fighter `{name}` is defined twice; fighter names must be unique"),
                );
                continue;
            }
            if let Some(ds) = fighters::fighter_design(d, &at, s, rules, issues) {
                fighter_index.insert(name.clone(), designs.len());
                designs.push(ds);
            }
        }
    }
    Catalogue {
        designs,
        ships: design_index,
        invalid: invalid_designs,
        fighters: fighter_index,
    }
}

/// `[[design]]`: one SIC.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Size 1–6.
    pub size: Spanned<i64>,
    /// Boxes per health row (default 10, G9).
    #[serde(default)]
    pub row_length: Option<Spanned<i64>>,
    /// This design's Miss/Glance/Hit chart (default: the house rule `chart`).
    #[serde(default)]
    pub chart: Option<Spanned<MghChart>>,
    /// Weapons.
    #[serde(default)]
    pub weapons: Vec<Spanned<WeaponSpec>>,
    /// Components.
    #[serde(default)]
    pub components: Vec<Spanned<ComponentSpec>>,
}

/// Weapon type names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum WeaponTypeName {
    Kinetic,
    Beam,
    Rockets,
    Missiles,
}

/// Slot names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum SlotName {
    Primary,
    Secondary,
}

/// Arc names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum ArcName {
    Fore,
    Aft,
    Port,
    Starboard,
    All,
}

/// Component names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum ComponentName {
    Armor,
    Shield,
    DefenseSuite,
    NavSuite,
    Aws,
    Pws,
    ManeuverEnhance,
    HeadingEnhance,
    AdvancedSensors,
    FighterLaunchHangar,
    FighterHangar,
}

/// A weapon entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Weapon type.
    #[serde(rename = "type")]
    pub kind: WeaponTypeName,
    /// Slot (default primary).
    #[serde(default)]
    pub slot: Option<SlotName>,
    /// `none`, `oversized`, `structurally-mounted`, `linked-1` .. `linked-3`.
    #[serde(default)]
    pub variant: Option<Spanned<String>>,
    /// Firing arcs.
    pub arcs: Spanned<Vec<ArcName>>,
    /// How many identical mounts (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

/// A component entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentSpec {
    /// Kind.
    pub kind: ComponentName,
    /// Slot (default: the kind's usual slot).
    #[serde(default)]
    pub slot: Option<SlotName>,
    /// How many identical components (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

pub(super) fn slot(s: Option<SlotName>) -> Option<Slot> {
    s.map(|s| match s {
        SlotName::Primary => Slot::Primary,
        SlotName::Secondary => Slot::Secondary,
    })
}

fn parse_variant(text: &str, linked_max: u8) -> Result<Variant, String> {
    let allowed =
        format!("allowed: none, oversized, structurally-mounted, linked-1 .. linked-{linked_max}");
    match text {
        "none" => Ok(Variant::None),
        "oversized" => Ok(Variant::Oversized),
        "structurally-mounted" => Ok(Variant::StructurallyMounted),
        _ => match text.strip_prefix("linked-").map(str::parse::<u8>) {
            Some(Ok(x)) if (1..=linked_max).contains(&x) => Ok(Variant::Linked(x)),
            _ => Err(format!("unknown variant `{text}`; {allowed}")),
        },
    }
}

fn design(
    doc: usize,
    at: &str,
    spec: &DesignSpec,
    rules: &HouseRules,
    issues: &mut Issues,
) -> Option<ShipDesign> {
    let before = issues.len();
    let size = issues.int(
        doc,
        &spec.size,
        &format!("{at}.size"),
        1,
        i64::from(MAX_SIZE),
    );
    let row_length = match &spec.row_length {
        Some(r) => issues.int(doc, r, &format!("{at}.row_length"), 1, 100),
        None => Some(10),
    };
    if let Some(c) = &spec.chart
        && c.get_ref().glance_max < c.get_ref().miss_max
    {
        issues.push(
            doc,
            c.span(),
            format!("{at}.chart"),
            format!(
                "glance_max ({}) must be at least miss_max ({})",
                c.get_ref().glance_max,
                c.get_ref().miss_max
            ),
        );
    }
    let mut weapons = Vec::new();
    for (k, w) in spec.weapons.iter().enumerate() {
        let wat = format!("{at}.weapons[{k}]");
        let ws = w.get_ref();
        let kind = match ws.kind {
            WeaponTypeName::Kinetic => WeaponType::Kinetic,
            WeaponTypeName::Beam => WeaponType::Beam,
            WeaponTypeName::Rockets => WeaponType::Rockets,
            WeaponTypeName::Missiles => WeaponType::Missiles,
        };
        let slot = slot(ws.slot).unwrap_or(Slot::Primary);
        let variant = match &ws.variant {
            None => Variant::None,
            Some(v) => match parse_variant(v.get_ref(), rules.linked_max) {
                Ok(v) => v,
                Err(e) => {
                    issues.push(doc, v.span(), format!("{wat}.variant"), e);
                    Variant::None
                }
            },
        };
        let vspan = ws.variant.as_ref().map_or(w.span(), |v| v.span());
        if variant != Variant::None && !kind.takes_variant() {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                format!("{} may not be a Variant (ch. 6)", kind.name()),
            );
        }
        if variant == Variant::Oversized && slot != Slot::Primary {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                "Oversized may only be applied to Primary weapons",
            );
        }
        if variant == Variant::StructurallyMounted && slot != Slot::Primary {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                "Structurally Mounted occupies two Primary slots: use slot = \"primary\"",
            );
        }
        let mut arcs = Arcs::default();
        for a in ws.arcs.get_ref() {
            arcs.0 |= match a {
                ArcName::Fore => Arcs::FORE.0,
                ArcName::Aft => Arcs::AFT.0,
                ArcName::Port => Arcs::PORT.0,
                ArcName::Starboard => Arcs::STARBOARD.0,
                ArcName::All => Arcs::ALL.0,
            };
        }
        if arcs.count() == 0 {
            issues.push(
                doc,
                ws.arcs.span(),
                format!("{wat}.arcs"),
                "a weapon needs at least one arc: fore, aft, port, starboard or all",
            );
        }
        if variant == Variant::StructurallyMounted && arcs.count() != 1 {
            issues.push(
                doc,
                ws.arcs.span(),
                format!("{wat}.arcs"),
                "Structurally Mounted allows exactly one firing arc",
            );
        }
        let count = match &ws.count {
            Some(c) => issues
                .int(doc, c, &format!("{wat}.count"), 1, MAX_WEAPONS as i64)
                .unwrap_or(1),
            None => 1,
        };
        for _ in 0..count {
            weapons.push(WeaponMount {
                kind,
                slot,
                variant,
                arcs,
            });
        }
    }
    if weapons.len() > MAX_WEAPONS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.weapons"),
            format!(
                "{} weapons; at most {MAX_WEAPONS} per design",
                weapons.len()
            ),
        );
    }
    let mut components = Vec::new();
    for (k, c) in spec.components.iter().enumerate() {
        let cat = format!("{at}.components[{k}]");
        let cs = c.get_ref();
        let kind = ComponentKind::ALL[cs.kind as usize];
        let chosen = slot(cs.slot);
        if let (Some(fixed), Some(given)) = (kind.fixed_slot(), chosen)
            && fixed != given
        {
            issues.push(
                doc,
                c.span(),
                format!("{cat}.slot"),
                format!(
                    "{} only exists as a {fixed:?} component: use slot = \"{}\" or leave `slot` out",
                    kind.name(),
                    match fixed {
                        Slot::Primary => "primary",
                        Slot::Secondary => "secondary",
                    }
                ),
            );
        }
        let count = match &cs.count {
            Some(n) => issues
                .int(doc, n, &format!("{cat}.count"), 1, MAX_COMPONENTS as i64)
                .unwrap_or(1),
            None => 1,
        };
        for _ in 0..count {
            components.push(ComponentMount {
                kind,
                slot: chosen.unwrap_or(kind.default_slot()),
            });
        }
    }
    if components.len() > MAX_COMPONENTS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!(
                "{} components; at most {MAX_COMPONENTS} per design",
                components.len()
            ),
        );
    }
    let tracks = components
        .iter()
        .filter(|c| matches!(c.kind, ComponentKind::Armor | ComponentKind::Shield))
        .count();
    if tracks > MAX_TRACKS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!("{tracks} armor/shield tracks; at most {MAX_TRACKS}"),
        );
    }
    if issues.len() > before {
        return None;
    }
    Some(ShipDesign {
        name: spec.name.get_ref().clone(),
        size: size? as u8,
        row_length: row_length? as u8,
        chart: spec.chart.as_ref().map_or(rules.chart, |c| *c.get_ref()),
        weapons,
        components,
        fighter: None,
    })
}
