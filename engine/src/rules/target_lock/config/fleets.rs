//! `[[fleet]]`: a named list of ship sheets, one per ship.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::battle::MAX_SHIPS;
use super::Doc;
use super::designs::Designs;
use super::issues::{Issues, unknown};

/// `[[fleet]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Design names, one per ship.
    pub ships: Vec<Spanned<String>>,
}

/// Fleet name → its ships' design indices.
pub(super) fn fleets(
    docs: &[Doc],
    designs: &Designs,
    is: &mut Issues,
) -> HashMap<String, Vec<usize>> {
    let mut fleets: HashMap<String, Vec<usize>> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fleet.iter().enumerate() {
            let f = spec.get_ref();
            let name = f.name.get_ref();
            if fleets.contains_key(name) {
                is.push(
                    d,
                    f.name.span(),
                    format!("fleet[{k}].name"),
                    format!("fleet `{name}` is defined twice; fleet names must be unique"),
                );
                continue;
            }
            let at = format!("fleet[{k}] ({name}).ships");
            if f.ships.is_empty() || f.ships.len() > MAX_SHIPS / 2 {
                is.push(
                    d,
                    spec.span(),
                    at.clone(),
                    format!("{} ships; a fleet has 1..={}", f.ships.len(), MAX_SHIPS / 2),
                );
            }
            let mut ships = Vec::new();
            for (n, s) in f.ships.iter().enumerate() {
                match designs.index.get(s.get_ref()) {
                    Some(&i) => ships.push(i),
                    None if designs.invalid.contains_key(s.get_ref()) => {}
                    None => is.push(
                        d,
                        s.span(),
                        format!("{at}[{n}]"),
                        unknown("design", "[[design]]", s.get_ref(), &designs.index),
                    ),
                }
            }
            fleets.insert(name.clone(), ships);
        }
    }
    fleets
}
