//! `[[weapon]]`: direct-fire weapon types (Macron, Laser, Particle Beam) and their
//! type-specific fields; and the weapon half of the catalogue, `[[weapon]]` and `[[guided]]`
//! entries registered by name in document order.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::{Catalogue, DirectWeapon, WeaponKind};
use super::Doc;
use super::guided;
use super::issues::{Issues, register};

/// Direct-fire weapon type names.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum WeaponTypeName {
    Macron,
    Laser,
    ParticleBeam,
}

/// `[[weapon]]`: a direct-fire weapon type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// `macron`, `laser` or `particle-beam`.
    #[serde(rename = "type")]
    pub kind: WeaponTypeName,
    /// Attack Power.
    pub ap: Spanned<f64>,
    /// `[precision, guaranteed, probable]` ranges in hexes.
    pub ranges: Spanned<[i64; 3]>,
    /// Macron Area Denial (default 1).
    #[serde(default)]
    pub area_denial: Option<Spanned<i64>>,
    /// Laser Redundant Emitters (default 0).
    #[serde(default)]
    pub redundant_emitters: Option<Spanned<i64>>,
    /// Particle Beam Target Armor Effectiveness, 0..=1.
    #[serde(default)]
    pub tae: Option<Spanned<f64>>,
    /// Volume (default 1).
    #[serde(default)]
    pub volume: Option<Spanned<f64>>,
    /// Energy per shot (default 0, G3).
    #[serde(default)]
    pub energy: Option<Spanned<f64>>,
}

/// The catalogue's weapons and guided weapons, with their names' indices.
pub(super) struct Armory {
    /// Direct-fire weapons and guided-weapon designs (incl. racks' mini-missiles).
    pub(super) cat: Catalogue,
    /// `[[weapon]]` name → index in `cat.weapons`.
    pub(super) weapons: HashMap<String, usize>,
    /// `[[guided]]` name → index in `cat.guided`.
    pub(super) guided: HashMap<String, usize>,
}

/// Every document's `[[weapon]]` and `[[guided]]` entries (per document: weapons, then guided
/// weapons), then the Missile Racks' loads.
pub(super) fn armory(docs: &[Doc], is: &mut Issues) -> Armory {
    let mut cat = Catalogue::default();
    let mut weapon_index = HashMap::new();
    let mut guided_index = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, w) in doc.weapon.iter().enumerate() {
            let ws = w.get_ref();
            let at = format!("weapon[{k}] ({})", ws.name.get_ref());
            let wd = weapon(d, &at, ws, is);
            if register(
                &mut weapon_index,
                &ws.name,
                cat.weapons.len(),
                d,
                format!("weapon[{k}].name"),
                "weapon",
                is,
            ) {
                cat.weapons.push(wd);
            }
        }
        for (k, g) in doc.guided.iter().enumerate() {
            guided::guided(d, k, g.get_ref(), &mut guided_index, &mut cat, is);
        }
    }
    guided::missile_racks(docs, &guided_index, &mut cat, is);
    Armory {
        cat,
        weapons: weapon_index,
        guided: guided_index,
    }
}

/// One `[[weapon]]` entry; fields of another weapon type are reported.
fn weapon(d: usize, at: &str, w: &WeaponSpec, is: &mut Issues) -> DirectWeapon {
    let ap = is.real_or_lo(d, &w.ap, &format!("{at}.ap"), 0.0, 1e9);
    let r = *w.ranges.get_ref();
    if !(r[0] >= 0 && r[0] <= r[1] && r[1] <= r[2] && r[2] <= 1000) {
        is.push(d, w.ranges.span(), format!("{at}.ranges"), format!("{r:?}: give [precision, guaranteed, probable] with 0 <= precision <= guaranteed <= probable <= 1000"));
    }
    let only =
        |is: &mut Issues, present: bool, span: Option<Range<usize>>, field: &str, kind: &str| {
            if present {
                is.push(
                    d,
                    span.unwrap_or(w.name.span()),
                    format!("{at}.{field}"),
                    format!("`{field}` only applies to {kind} weapons"),
                );
            }
        };
    let kind = match w.kind {
        WeaponTypeName::Macron => WeaponKind::Macron {
            area_denial: w.area_denial.as_ref().map_or(1, |a| {
                is.int_or_lo(d, a, &format!("{at}.area_denial"), 1, 32)
            }) as u8,
        },
        WeaponTypeName::Laser => WeaponKind::Laser {
            redundant_emitters: w.redundant_emitters.as_ref().map_or(0, |a| {
                is.int_or_lo(d, a, &format!("{at}.redundant_emitters"), 0, 32)
            }) as u8,
        },
        WeaponTypeName::ParticleBeam => WeaponKind::ParticleBeam {
            tae: w
                .tae
                .as_ref()
                .map_or(1.0, |t| is.real_or_lo(d, t, &format!("{at}.tae"), 0.0, 1.0)),
        },
    };
    if w.kind != WeaponTypeName::Macron {
        only(
            is,
            w.area_denial.is_some(),
            w.area_denial.as_ref().map(|s| s.span()),
            "area_denial",
            "macron",
        );
    }
    if w.kind != WeaponTypeName::Laser {
        only(
            is,
            w.redundant_emitters.is_some(),
            w.redundant_emitters.as_ref().map(|s| s.span()),
            "redundant_emitters",
            "laser",
        );
    }
    if w.kind != WeaponTypeName::ParticleBeam {
        only(
            is,
            w.tae.is_some(),
            w.tae.as_ref().map(|s| s.span()),
            "tae",
            "particle-beam",
        );
    }
    DirectWeapon {
        name: w.name.get_ref().clone(),
        kind,
        ap,
        ranges: [r[0] as i32, r[1] as i32, r[2] as i32],
        volume: w.volume.as_ref().map_or(1.0, |v| {
            is.real_or_lo(d, v, &format!("{at}.volume"), 0.0, 1e9)
        }),
        energy: w.energy.as_ref().map_or(0.0, |v| {
            is.real_or_lo(d, v, &format!("{at}.energy"), 0.0, 1e9)
        }),
    }
}
