//! `[[design]]`: a ship sheet — its structure track written as on the sheet (a string of box
//! codes, `structure = "AoMo RSoU HooA"`), its ratings, drive, tanks, magazine, scanners, the
//! sub-table systems it carries and its weapon banks. A wrong box is reported at its
//! character.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::battle::MAX_BOXES;
use super::super::design::{Drive, MAX_BANKS, Mount, Mounted, ShipDesign};
use super::super::direct_fire::Delivery;
use super::super::structure::{Code, TRACK_ALPHABET, parse_track};
use super::super::tables::{SYSTEM_NAMES, SYSTEMS, System};
use super::Doc;
use super::issues::{Issues, register, unknown};
use super::weapons::WeaponTable;

/// A weapon bank on a sheet.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BankSpec {
    /// Weapon table line.
    pub weapon: Spanned<String>,
    /// Weapons in the bank (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
    /// `turret` (default), `fixed` or `spinal`.
    #[serde(default)]
    pub mount: Option<Spanned<String>>,
}

/// `[[design]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// The structure track: box codes C R M S H U A, `o` for a plain box.
    pub structure: Spanned<String>,
    /// FCS rating (default 0).
    #[serde(default)]
    pub fcs: Option<Spanned<i64>>,
    /// Target Size Modifier (default 0).
    #[serde(default)]
    pub size: Option<Spanned<i64>>,
    /// Stealth rating (default 0).
    #[serde(default)]
    pub stealth: Option<Spanned<i64>>,
    /// `reaction` (default) or `reactionless`.
    #[serde(default)]
    pub drive: Option<Spanned<String>>,
    /// Hexes per Move action.
    pub thrust: Spanned<i64>,
    /// Burns in the tanks.
    pub burns: Spanned<i64>,
    /// Warheads (default 0).
    #[serde(default)]
    pub warheads: Option<Spanned<i64>>,
    /// Cargo points (default 0).
    #[serde(default)]
    pub cargo: Option<Spanned<i64>>,
    /// Scanners carried: `long-range`, `short-range` (default both).
    #[serde(default)]
    pub scanners: Option<Vec<Spanned<String>>>,
    /// Sub-table systems carried (repeat a name for several); weapons come from `weapons`.
    #[serde(default)]
    pub systems: Vec<Spanned<String>>,
    /// Weapon banks.
    #[serde(default)]
    pub weapons: Vec<BankSpec>,
    /// Points value (default 0).
    #[serde(default)]
    pub points: Option<Spanned<i64>>,
}

/// The checked designs.
#[derive(Debug, Default)]
pub struct Designs {
    /// In order.
    pub list: Vec<ShipDesign>,
    /// Name → index.
    pub index: HashMap<String, usize>,
    /// Names of designs with problems (already reported).
    pub invalid: HashMap<String, ()>,
}

const MOUNTS: [(&str, Mount); 3] = [
    ("turret", Mount::Turret),
    ("fixed", Mount::Fixed),
    ("spinal", Mount::Spinal),
];

/// Every document's `[[design]]` entries.
pub(super) fn designs(docs: &[Doc], table: &WeaponTable, is: &mut Issues) -> Designs {
    let mut out = Designs::default();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let s = spec.get_ref();
            let at = format!("design[{k}] ({})", s.name.get_ref());
            let before = is.len();
            let track = track(d, &s.structure, &at, is);
            let int = |is: &mut Issues, v: &Option<Spanned<i64>>, f: &str, lo, hi| {
                v.as_ref().map_or(0, |v| {
                    is.int_or_lo(d, v, &format!("{at}.{f}"), lo, hi) as i32
                })
            };
            let fcs = int(is, &s.fcs, "fcs", 0, 10);
            let size = int(is, &s.size, "size", -5, 5);
            let stealth = int(is, &s.stealth, "stealth", 0, 10);
            let warheads = int(is, &s.warheads, "warheads", 0, 10_000);
            let cargo = int(is, &s.cargo, "cargo", 0, 100_000);
            let points = int(is, &s.points, "points", 0, 1_000_000) as u32;
            let thrust = is.int_or_lo(d, &s.thrust, &format!("{at}.thrust"), 0, 20) as i32;
            let burns = is.int_or_lo(d, &s.burns, &format!("{at}.burns"), 0, 10_000) as i32;
            let drive = is
                .choice(
                    d,
                    &s.drive,
                    &format!("{at}.drive"),
                    &[
                        ("reaction", Drive::Reaction),
                        ("reactionless", Drive::Reactionless),
                    ],
                )
                .unwrap_or(Drive::Reaction);
            let mut scanners = [true, true];
            if let Some(list) = &s.scanners {
                scanners = [false, false];
                for (n, sc) in list.iter().enumerate() {
                    match sc.get_ref().as_str() {
                        "long-range" => scanners[0] = true,
                        "short-range" => scanners[1] = true,
                        other => is.push(
                            d,
                            sc.span(),
                            format!("{at}.scanners[{n}]"),
                            format!("unknown scanner `{other}`; allowed: long-range, short-range"),
                        ),
                    }
                }
            }
            let mut systems = [0u8; SYSTEMS];
            for (n, sy) in s.systems.iter().enumerate() {
                let found = SYSTEM_NAMES.iter().find(|(name, _)| name == sy.get_ref());
                match found {
                    Some((_, sys))
                        if !matches!(
                            sys,
                            System::TurretWeapon | System::FixedWeapon | System::SpinalMount
                        ) =>
                    {
                        systems[*sys as usize] = systems[*sys as usize].saturating_add(1);
                    }
                    Some(_) => is.push(
                        d,
                        sy.span(),
                        format!("{at}.systems[{n}]"),
                        "weapon mounts come from `weapons` (their `mount`), not from `systems`",
                    ),
                    None => {
                        let names: Vec<&str> = SYSTEM_NAMES
                            .iter()
                            .map(|(n, _)| *n)
                            .filter(|n| !n.ends_with("weapon") && *n != "spinal-mount")
                            .collect();
                        is.push(
                            d,
                            sy.span(),
                            format!("{at}.systems[{n}]"),
                            format!(
                                "unknown system `{}`; allowed: {}",
                                sy.get_ref(),
                                names.join(", ")
                            ),
                        );
                    }
                }
            }
            let mut weapons = Vec::new();
            if s.weapons.len() > MAX_BANKS {
                is.push(
                    d,
                    spec.span(),
                    format!("{at}.weapons"),
                    format!("{} banks; at most {MAX_BANKS}", s.weapons.len()),
                );
            }
            for (n, b) in s.weapons.iter().enumerate() {
                let f = format!("{at}.weapons[{n}]");
                let Some(&w) = table.index.get(b.weapon.get_ref()) else {
                    is.push(
                        d,
                        b.weapon.span(),
                        format!("{f}.weapon"),
                        unknown("weapon", "[[weapon]]", b.weapon.get_ref(), &table.index),
                    );
                    continue;
                };
                let count = b.count.as_ref().map_or(1, |c| {
                    is.int_or_lo(d, c, &format!("{f}.count"), 1, 40) as u8
                });
                let mount = is
                    .choice(d, &b.mount, &format!("{f}.mount"), &MOUNTS)
                    .unwrap_or(Mount::Turret);
                let sys = match mount {
                    Mount::Turret => System::TurretWeapon,
                    Mount::Fixed => System::FixedWeapon,
                    Mount::Spinal => System::SpinalMount,
                };
                systems[sys as usize] += 1;
                if table.list[w].delivery != Delivery::Direct && s.warheads.is_none() {
                    is.push(
                        d,
                        b.weapon.span(),
                        format!("{f}.weapon"),
                        "a projectile or seeker weapon uses warheads: give the design `warheads`",
                    );
                }
                weapons.push(Mounted {
                    weapon: w as u16,
                    count,
                    mount,
                });
            }
            if is.len() > before {
                out.invalid.insert(s.name.get_ref().clone(), ());
                continue;
            }
            if !register(
                &mut out.index,
                &s.name,
                out.list.len(),
                d,
                format!("{at}.name"),
                "design",
                is,
            ) {
                continue;
            }
            out.list.push(ShipDesign {
                name: s.name.get_ref().clone(),
                box_counts: ShipDesign::count_boxes(&track),
                track,
                fcs,
                size,
                stealth,
                drive,
                thrust,
                burns,
                warheads,
                cargo,
                scanners,
                systems,
                weapons,
                points,
            });
        }
    }
    out
}

/// The structure track; each wrong character reported at its own line and column.
fn track(d: usize, v: &Spanned<String>, at: &str, is: &mut Issues) -> Vec<Code> {
    match parse_track(v.get_ref()) {
        Ok(t) if t.is_empty() || t.len() > MAX_BOXES => {
            is.push(
                d,
                v.span(),
                format!("{at}.structure"),
                format!("{} boxes; a track has 1..={MAX_BOXES}", t.len()),
            );
            Vec::new()
        }
        Ok(t) => t,
        Err(bad) => {
            for b in bad {
                // The span starts at the opening quote.
                let pos = v.span().start + 1 + b.offset;
                is.push(
                    d,
                    pos..pos + b.found.len_utf8(),
                    format!("{at}.structure[box {}]", b.box_number),
                    format!("`{}` is not a box code; allowed: {TRACK_ALPHABET}", b.found),
                );
            }
            Vec::new()
        }
    }
}
