//! `[[fighter]]`: fighter designs (ch. 6c: one weapon of a chosen Size, fighter slots, the
//! fighter-only components), checked into Size 0 [`ShipDesign`]s. Which fleet flies them from
//! which carrier is [`super::fleet_fighters`].

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::design::{
    Arcs, ComponentKind, ComponentMount, ShipDesign, Slot, Variant, WeaponMount, WeaponType,
};
use super::super::fighters::{DEFAULT_HEALTH, FighterExtra, FighterSpec, forbidden_on_fighters};
use super::super::house_rules::HouseRules;
use super::designs::{ComponentSpec, SlotName, WeaponTypeName, slot};
use super::issues::Issues;

/// `[[fighter]]`: one fighter design (ch. 6c).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FighterDesignSpec {
    /// Unique name among fighters.
    pub name: Spanned<String>,
    /// The fighter's weapon (always in its Primary slot).
    #[serde(default)]
    pub weapon: Option<Spanned<FighterWeaponSpec>>,
    /// Components from the ship list (one Primary, one Secondary; PWS is Primary).
    #[serde(default)]
    pub components: Vec<Spanned<ComponentSpec>>,
    /// Fighter-only components: `ftl-drive`, `fpws`, `interceptor-boosters`,
    /// `extended-payload` (any number; each a Secondary slot).
    #[serde(default)]
    pub extras: Vec<Spanned<String>>,
    /// Health boxes (default 6, "By default, all Fighters have six Health").
    #[serde(default)]
    pub health: Option<Spanned<i64>>,
}

/// A fighter's weapon: type and the Size "chosen at the creation of the Fighter".
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FighterWeaponSpec {
    /// Weapon type.
    #[serde(rename = "type")]
    pub kind: WeaponTypeName,
    /// Weapon Size (default 1, G14; at most the house rule `fighter_weapon_size_max`).
    #[serde(default)]
    pub size: Option<Spanned<i64>>,
    /// Only `primary`: "A Fighter may not take a Weapon as a secondary slot."
    #[serde(default)]
    pub slot: Option<Spanned<SlotName>>,
}

/// Validate a `[[fighter]]` into a Size 0 design.
pub(super) fn fighter_design(
    doc: usize,
    at: &str,
    spec: &FighterDesignSpec,
    rules: &HouseRules,
    issues: &mut Issues,
) -> Option<ShipDesign> {
    let before = issues.len();
    let mut weapons = Vec::new();
    let mut weapon_size = 1;
    if let Some(w) = &spec.weapon {
        let ws = w.get_ref();
        if let Some(s) = &ws.slot
            && matches!(s.get_ref(), SlotName::Secondary)
        {
            issues.push(
                doc,
                s.span(),
                format!("{at}.weapon.slot"),
                "a Fighter may not take a Weapon as a secondary slot (ch. 6c): leave `slot` out or use \"primary\"",
            );
        }
        if let Some(s) = &ws.size {
            weapon_size = issues
                .int(
                    doc,
                    s,
                    &format!("{at}.weapon.size"),
                    1,
                    i64::from(rules.fighter_weapon_size_max),
                )
                .unwrap_or(1) as u8;
        }
        weapons.push(WeaponMount {
            kind: match ws.kind {
                WeaponTypeName::Kinetic => WeaponType::Kinetic,
                WeaponTypeName::Beam => WeaponType::Beam,
                WeaponTypeName::Rockets => WeaponType::Rockets,
                WeaponTypeName::Missiles => WeaponType::Missiles,
            },
            slot: Slot::Primary,
            variant: Variant::None,
            // FT2: a fighter has no facing that matters; its weapon fires all round.
            arcs: Arcs::ALL,
        });
    }
    let mut components = Vec::new();
    for (k, c) in spec.components.iter().enumerate() {
        let cat = format!("{at}.components[{k}]");
        let cs = c.get_ref();
        let kind = ComponentKind::ALL[cs.kind as usize];
        if forbidden_on_fighters(kind) {
            issues.push(
                doc,
                c.span(),
                format!("{cat}.kind"),
                format!(
                    "a Fighter may not take the {} component (ch. 6c: no Area Weapons System, Fighter Launch Hangar or Fighter Hangar)",
                    kind.name()
                ),
            );
            continue;
        }
        let given = slot(cs.slot);
        // "A Fighter taking a Proximity Weapon System equips this as a Primary slot."
        let chosen = if kind == ComponentKind::Pws {
            if given == Some(Slot::Secondary) {
                issues.push(
                    doc,
                    c.span(),
                    format!("{cat}.slot"),
                    "a Fighter equips a Proximity Weapon System as a Primary slot (ch. 6c): use slot = \"primary\" or leave `slot` out",
                );
            }
            Slot::Primary
        } else {
            given.unwrap_or(kind.default_slot())
        };
        let count = match &cs.count {
            Some(n) => issues
                .int(doc, n, &format!("{cat}.count"), 1, 2)
                .unwrap_or(1),
            None => 1,
        };
        for _ in 0..count {
            components.push(ComponentMount { kind, slot: chosen });
        }
    }
    let primaries = weapons.len()
        + components
            .iter()
            .filter(|c| c.slot == Slot::Primary)
            .count();
    let secondaries = components
        .iter()
        .filter(|c| c.slot == Slot::Secondary)
        .count();
    if primaries > 1 {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!(
                "{primaries} Primary items (the weapon counts as one); a Fighter has one Primary slot and \"a second Primary may not be added\" (ch. 6c)"
            ),
        );
    }
    // One Primary and one Secondary slot; with no Primary, a second Secondary (ch. 6c costs).
    let allowed = if primaries == 0 { 2 } else { 1 };
    if secondaries > allowed {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!(
                "{secondaries} Secondary components; a Fighter has {allowed} Secondary slot{} besides its fighter-only `extras` (ch. 6c)",
                if allowed == 1 { "" } else { "s" }
            ),
        );
    }
    let mut f = FighterSpec {
        weapon_size,
        ..FighterSpec::default()
    };
    for (k, e) in spec.extras.iter().enumerate() {
        let Some(extra) = FighterExtra::from_name(e.get_ref()) else {
            let known: Vec<&str> = FighterExtra::ALL.iter().map(|x| x.name()).collect();
            issues.push(
                doc,
                e.span(),
                format!("{at}.extras[{k}]"),
                format!(
                    "unknown fighter component `{}`{}; allowed: {}",
                    e.get_ref(),
                    did_you_mean(e.get_ref(), &known),
                    known.join(", ")
                ),
            );
            continue;
        };
        f.extras = f.extras.saturating_add(1);
        match extra {
            FighterExtra::FtlDrive => f.ftl_drive = true,
            FighterExtra::Fpws => f.fpws = f.fpws.saturating_add(1),
            FighterExtra::InterceptorBoosters => f.interceptor_boosters = true,
            FighterExtra::ExtendedPayload => {
                f.extended_payload = f.extended_payload.saturating_add(1)
            }
        }
    }
    if f.extended_payload > 0 && spec.weapon.is_none() {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.extras"),
            "extended-payload lets \"a Weapon on this Fighter\" fire again, but this fighter has no `weapon`",
        );
    }
    let health = match &spec.health {
        Some(h) => issues
            .int(doc, h, &format!("{at}.health"), 1, 100)
            .unwrap_or(i64::from(DEFAULT_HEALTH)),
        None => i64::from(DEFAULT_HEALTH),
    };
    if issues.len() > before {
        return None;
    }
    Some(ShipDesign {
        name: spec.name.get_ref().clone(),
        size: 0,
        // One damage track of `health` boxes (Size 0 has one row).
        row_length: health as u8,
        chart: rules.chart,
        weapons,
        components,
        fighter: Some(f),
    })
}
