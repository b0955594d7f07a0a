//! `[[weapon]]`: the weapon table the sheet refers to but does not print (digest G1). One line
//! per weapon: its delivery, the last range of each band with the band's to-hit number, the
//! boxes per hit, and for a swarmer or rocket pack its column of the pack table. A line marked
//! `placeholder = true` is not the game's; every report using it flags it.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::WeaponProfile;
use super::super::direct_fire::Delivery;
use super::super::swarmer;
use super::Doc;
use super::issues::{Issues, register};

/// `[[weapon]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// `direct`, `projectile` or `seeker`.
    pub delivery: Option<Spanned<String>>,
    /// The last range of each band, increasing (e.g. `[3, 6, 9]`).
    pub range: Vec<Spanned<i64>>,
    /// The to-hit number of each band.
    pub to_hit: Vec<Spanned<i64>>,
    /// Structure boxes per hit (default 1).
    #[serde(default)]
    pub damage: Option<Spanned<i64>>,
    /// Swarmer/rocket pack size: one of the table's columns.
    #[serde(default)]
    pub pack: Option<Spanned<i64>>,
    /// May shoot at warheads when its ship activates point defense.
    #[serde(default)]
    pub point_defense: bool,
    /// A dedicated anti-missile weapon (ignores the −3 against warheads).
    #[serde(default)]
    pub antimissile: bool,
    /// This line is a placeholder, not the game's table.
    #[serde(default)]
    pub placeholder: bool,
}

/// The checked weapon table.
#[derive(Debug, Default)]
pub struct WeaponTable {
    /// Lines in the order given.
    pub list: Vec<WeaponProfile>,
    /// Name → index.
    pub index: HashMap<String, usize>,
}

const DELIVERIES: [(&str, Delivery); 3] = [
    ("direct", Delivery::Direct),
    ("projectile", Delivery::Projectile),
    ("seeker", Delivery::Seeker),
];

/// Every document's `[[weapon]]` lines.
pub(super) fn weapon_table(docs: &[Doc], is: &mut Issues) -> WeaponTable {
    let mut t = WeaponTable::default();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.weapon.iter().enumerate() {
            let w = spec.get_ref();
            let at = format!("weapon[{k}] ({})", w.name.get_ref());
            let before = is.len();
            let delivery = match &w.delivery {
                None => {
                    is.push(
                        d,
                        spec.span(),
                        format!("{at}.delivery"),
                        "missing; allowed: direct, projectile, seeker",
                    );
                    Delivery::Direct
                }
                Some(_) => is
                    .choice(d, &w.delivery, &format!("{at}.delivery"), &DELIVERIES)
                    .unwrap_or(Delivery::Direct),
            };
            if w.range.is_empty() || w.range.len() != w.to_hit.len() {
                is.push(
                    d,
                    spec.span(),
                    format!("{at}.to_hit"),
                    format!(
                        "{} range bands but {} to-hit numbers; give one to-hit number per band (at least one)",
                        w.range.len(),
                        w.to_hit.len()
                    ),
                );
            }
            let mut bands = Vec::new();
            let mut last = -1;
            for (n, r) in w.range.iter().enumerate() {
                let v = is.int_or_lo(d, r, &format!("{at}.range[{n}]"), 0, 1000) as i32;
                if v <= last && is.len() == before {
                    is.push(
                        d,
                        r.span(),
                        format!("{at}.range[{n}]"),
                        format!("{v} is not above the band before ({last}): bands must increase"),
                    );
                }
                last = v;
                bands.push(v);
            }
            let to_hit: Vec<i32> = w
                .to_hit
                .iter()
                .enumerate()
                .map(|(n, v)| is.int_or_lo(d, v, &format!("{at}.to_hit[{n}]"), -10, 20) as i32)
                .collect();
            let damage = w.damage.as_ref().map_or(1, |v| {
                is.int_or_lo(d, v, &format!("{at}.damage"), 1, 64) as u32
            });
            let pack = w.pack.as_ref().and_then(|p| {
                let c = swarmer::column(u8::try_from(*p.get_ref()).unwrap_or(0));
                if c.is_none() {
                    is.push(
                        d,
                        p.span(),
                        format!("{at}.pack"),
                        format!(
                            "{} is not a column of the Swarmer/Rocket Pack table; allowed: {:?}",
                            p.get_ref(),
                            swarmer::PACKS
                        ),
                    );
                }
                c
            });
            if pack.is_some() && delivery == Delivery::Direct {
                is.push(
                    d,
                    spec.span(),
                    format!("{at}.pack"),
                    "a pack is a projectile or seeker salvo: set delivery = \"projectile\" or \"seeker\"",
                );
            }
            if w.point_defense && delivery != Delivery::Direct {
                is.push(
                    d,
                    spec.span(),
                    format!("{at}.point_defense"),
                    "point defense fires directly: set delivery = \"direct\"",
                );
            }
            if !register(
                &mut t.index,
                &w.name,
                t.list.len(),
                d,
                format!("{at}.name"),
                "weapon",
                is,
            ) {
                continue;
            }
            t.list.push(WeaponProfile {
                name: w.name.get_ref().clone(),
                delivery,
                bands,
                to_hit,
                damage,
                pack,
                point_defense: w.point_defense,
                dedicated_antimissile: w.antimissile,
                placeholder: w.placeholder,
            });
        }
    }
    t
}
