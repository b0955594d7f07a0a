//! `[[fleet]]`: a named list of ship designs with an optional faction (ch. 9b); its
//! Formations and Escorts are checked in [`super::formations`], its fighters in
//! [`super::fleet_fighters`].

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::design::{ShipDesign, WeaponType};
use super::super::faction::Faction;
use super::super::ship::MAX_SHIPS;
use super::Doc;
use super::designs::Catalogue;
use super::fleet_fighters::{self, FleetFighter, FleetFighterSpec};
use super::formations::{self, EscortSpec, FleetGroups, FormationSpec};
use super::issues::{Issues, known_list};

/// `[[fleet]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Design names, one per ship.
    pub ships: Vec<Spanned<String>>,
    /// Optional faction rule (ch. 9b): `mercenary` or `beam-specialists`.
    #[serde(default)]
    pub faction: Option<Spanned<String>>,
    /// `[[fleet.formation]]`: Formations (ch. 9g).
    #[serde(default)]
    pub formation: Vec<Spanned<FormationSpec>>,
    /// `[[fleet.escort]]`: Escort relationships (ch. 9g).
    #[serde(default)]
    pub escort: Vec<Spanned<EscortSpec>>,
    /// Fighters and their carriers (ch. 6c).
    #[serde(default)]
    pub fighters: Vec<Spanned<FleetFighterSpec>>,
}

/// A validated fleet.
pub(super) struct Fleet {
    /// The document that defined it.
    pub(super) doc: usize,
    /// Its ships' design indices (shorter than `ships` when a design was invalid).
    pub(super) ships: Vec<usize>,
    /// Its faction.
    pub(super) faction: Faction,
    /// Its fighters, after all its ships.
    pub(super) fighters: Vec<FleetFighter>,
    /// Its Formations and Escorts (fleet-relative ship indices).
    pub(super) groups: FleetGroups,
}

/// Validate every `[[fleet]]` (names unique) against the catalogue of designs.
pub(super) fn fleets(
    docs: &[Doc],
    catalogue: &Catalogue,
    issues: &mut Issues,
) -> HashMap<String, Fleet> {
    let designs = &catalogue.designs;
    let mut fleets: HashMap<String, Fleet> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fleet.iter().enumerate() {
            let f = spec.get_ref();
            let name = f.name.get_ref();
            if let Some(od) = fleets.get(name).map(|f| f.doc) {
                issues.push(
                    d,
                    f.name.span(),
                    format!("fleet[{k}].name"),
                    format!(
                        "fleet `{name}` is defined twice (first in file #{od}); fleet names must be unique"
                    ),
                );
                continue;
            }
            if f.ships.is_empty() {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).ships"),
                    "a fleet needs at least one ship",
                );
            }
            if f.ships.len() > MAX_SHIPS / 2 {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).ships"),
                    format!(
                        "{} ships; at most {} per fleet",
                        f.ships.len(),
                        MAX_SHIPS / 2
                    ),
                );
            }
            let mut ships = Vec::new();
            for (n, s) in f.ships.iter().enumerate() {
                match catalogue.ships.get(s.get_ref()) {
                    Some((i, _)) => ships.push(*i),
                    // Its own error says what is wrong with it.
                    None if catalogue.invalid.contains_key(s.get_ref()) => {}
                    None => {
                        let mut known: Vec<&str> =
                            catalogue.ships.keys().map(String::as_str).collect();
                        known.sort_unstable();
                        issues.push(
                            d,
                            s.span(),
                            format!("fleet[{k}] ({name}).ships[{n}]"),
                            format!(
                                "no design named `{}`{}; {}",
                                s.get_ref(),
                                did_you_mean(s.get_ref(), &known),
                                known_list("designs", "[[design]]", &known)
                            ),
                        );
                    }
                }
            }
            let faction = fleet_faction(d, k, f, &ships, designs, issues);
            let groups = formations::fleet_groups(d, k, f, &ships, designs, issues);
            let fighters = if f.fighters.is_empty() || ships.len() != f.ships.len() {
                Vec::new()
            } else {
                fleet_fighters::fleet_fighters(
                    d,
                    &format!("fleet[{k}] ({name})"),
                    &f.fighters,
                    &ships,
                    designs,
                    &catalogue.fighters,
                    MAX_SHIPS / 2 - ships.len().min(MAX_SHIPS / 2),
                    issues,
                )
            };
            if ships.len() + fighters.len() > MAX_SHIPS / 2 {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).fighters"),
                    format!(
                        "{} ships and {} fighters; at most {} units per fleet",
                        ships.len(),
                        fighters.len(),
                        MAX_SHIPS / 2
                    ),
                );
            }
            fleets.insert(
                name.clone(),
                Fleet {
                    doc: d,
                    ships,
                    faction,
                    fighters,
                    groups,
                },
            );
        }
    }
    fleets
}

/// A fleet's `faction`, checked: the beam faction is "restricted to Beam Weapons only".
fn fleet_faction(
    d: usize,
    k: usize,
    f: &FleetSpec,
    ships: &[usize],
    designs: &[ShipDesign],
    issues: &mut Issues,
) -> Faction {
    let Some(name) = &f.faction else {
        return Faction::None;
    };
    let Some(faction) = Faction::from_name(name.get_ref()) else {
        issues.push(
            d,
            name.span(),
            format!("fleet[{k}] ({}).faction", f.name.get_ref()),
            format!(
                "unknown faction `{}`; allowed: {}",
                name.get_ref(),
                Faction::NAMES.join(", ")
            ),
        );
        return Faction::None;
    };
    if faction == Faction::BeamSpecialists {
        for &g in ships {
            if designs[g]
                .weapons
                .iter()
                .any(|w| w.kind != WeaponType::Beam)
            {
                issues.push(
                    d,
                    name.span(),
                    format!("fleet[{k}] ({}).faction", f.name.get_ref()),
                    format!(
                        "the beam-specialists faction is restricted to Beam weapons, but design `{}` carries other weapons",
                        designs[g].name
                    ),
                );
                break;
            }
        }
    }
    faction
}
