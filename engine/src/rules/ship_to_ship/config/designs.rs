//! `[[design]]`: a ship design with its module grid written as a text picture, one string per
//! row (fore first), one token per cell (port first):
//!
//! ```toml
//! [[design]]
//! name = "frigate"
//! size = 3
//! guns = 4
//! shields = 3
//! speed = 2
//! grid = [
//!   ".   C^   .  ",
//!   "S<  H^*  G> ",
//!   "L<  X^   M> ",
//!   ".   E^   .  ",
//! ]
//! ```
//!
//! A malformed cell is reported at its exact token (file:line:col) with its row and column.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::cannon::CannonMode;
use super::super::design::ShipDesign;
use super::super::grid::{Cell, MAX_ROWS, ModuleGrid, parse_row};
use super::Doc;
use super::issues::{Issues, register};

/// `[[design]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Ship Size (1..=20).
    pub size: Spanned<i64>,
    /// Guns power (0..=20).
    pub guns: Spanned<i64>,
    /// Shields power (0..=20).
    pub shields: Spanned<i64>,
    /// Hexes per round (0..=12; G6).
    pub speed: Spanned<i64>,
    /// Carries a Hull Stabilizer Cargo Bay item (default false).
    #[serde(default)]
    pub hull_stabilizer: bool,
    /// Luck pool for hull-check rerolls (default 0; G14).
    #[serde(default)]
    pub luck: Option<Spanned<i64>>,
    /// Scans held at the start, each spent to reroll one hit allocation die (default 0; G14).
    #[serde(default)]
    pub scans: Option<Spanned<i64>>,
    /// Cannon configuration: `standard` (default), `long` or `multi`.
    #[serde(default)]
    pub cannon_mode: Option<Spanned<String>>,
    /// The module grid, one string per row, fore first.
    pub grid: Vec<Spanned<String>>,
}

/// The validated designs.
#[derive(Debug, Default)]
pub struct Designs {
    /// Designs in order.
    pub list: Vec<ShipDesign>,
    /// Name → index into `list`.
    pub index: HashMap<String, usize>,
    /// Names of designs with problems (already reported; fleets naming them stay quiet).
    pub invalid: HashSet<String>,
}

/// The byte range of `inner` (a range within the row's value) in the document: exact when the
/// row is a one-line string without escapes (its span is the value plus its two quotes),
/// otherwise the whole row.
fn token_span(row: &Spanned<String>, inner: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let s = row.span();
    if s.len() == row.get_ref().len() + 2 {
        s.start + 1 + inner.start..s.start + 1 + inner.end
    } else {
        s
    }
}

/// Every document's `[[design]]` entries.
pub(super) fn designs(docs: &[Doc], is: &mut Issues) -> Designs {
    let mut out = Designs::default();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let ds = spec.get_ref();
            let name = ds.name.get_ref().clone();
            let at = format!("design[{k}] ({name})");
            let before = is.len();
            let size = is.int_or_lo(d, &ds.size, &format!("{at}.size"), 1, 20) as u8;
            let guns = is.int_or_lo(d, &ds.guns, &format!("{at}.guns"), 0, 20) as u8;
            let shields = is.int_or_lo(d, &ds.shields, &format!("{at}.shields"), 0, 20) as u8;
            let speed = is.int_or_lo(d, &ds.speed, &format!("{at}.speed"), 0, 12) as u8;
            let luck = ds
                .luck
                .as_ref()
                .map_or(0, |l| is.int_or_lo(d, l, &format!("{at}.luck"), 0, 100))
                as u16;
            let scans = ds
                .scans
                .as_ref()
                .map_or(0, |l| is.int_or_lo(d, l, &format!("{at}.scans"), 0, 100))
                as u16;
            let modes = [
                ("standard", CannonMode::Standard),
                ("long", CannonMode::Long),
                ("multi", CannonMode::Multi),
            ];
            let cannon_mode = is
                .choice(d, &ds.cannon_mode, &format!("{at}.cannon_mode"), &modes)
                .unwrap_or_default();
            let grid = grid(d, &at, spec.span(), &ds.grid, is);
            if is.len() > before {
                out.invalid.insert(name);
                continue;
            }
            if !register(
                &mut out.index,
                &ds.name,
                out.list.len(),
                d,
                format!("design[{k}].name"),
                "design",
                is,
            ) {
                continue;
            }
            out.list.push(ShipDesign {
                name,
                size,
                guns,
                shields,
                speed,
                hull_stabilizer: ds.hull_stabilizer,
                luck,
                scans,
                cannon_mode,
                grid,
            });
        }
    }
    out
}

/// Parse and check a grid picture: 1..=MAX_ROWS rows, each a valid row of the same number of
/// cells, exactly one centre mark, at least one module.
fn grid(
    d: usize,
    at: &str,
    whole: std::ops::Range<usize>,
    rows: &[Spanned<String>],
    is: &mut Issues,
) -> ModuleGrid {
    let field = format!("{at}.grid");
    if rows.is_empty() || rows.len() > MAX_ROWS {
        is.push(
            d,
            whole,
            field,
            format!(
                "{} rows; a grid has 1..={MAX_ROWS} rows, each a string of cells like \"C^ H^* X<\"",
                rows.len()
            ),
        );
        return ModuleGrid::from_cells(&[]);
    }
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut ok = true;
    for (r, row) in rows.iter().enumerate() {
        match parse_row(row.get_ref()) {
            Ok(c) => cells.push(c),
            Err(e) => {
                is.push(
                    d,
                    token_span(row, e.span),
                    format!("{field}[{r}]"),
                    format!("row {}, column {}: {}", r + 1, e.col + 1, e.message),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return ModuleGrid::from_cells(&[]);
    }
    let width = cells[0].len();
    for (r, row) in cells.iter().enumerate() {
        if row.len() != width || row.is_empty() {
            is.push(
                d,
                rows[r].span(),
                format!("{field}[{r}]"),
                format!(
                    "row {} has {} cells but row 1 has {width}; every row has the same number of cells (use `.` for an empty one)",
                    r + 1,
                    row.len()
                ),
            );
            return ModuleGrid::from_cells(&[]);
        }
    }
    let centres: Vec<(usize, usize)> = cells
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, c)| c.centre)
                .map(move |(c, _)| (r, c))
        })
        .collect();
    if centres.len() != 1 {
        is.push(
            d,
            whole.clone(),
            field.clone(),
            format!(
                "{} centre marks; mark exactly one cell with `*` (e.g. `H^*`): the centre line for missiles, rams and explosions",
                centres.len()
            ),
        );
    }
    let g = ModuleGrid::from_cells(&cells);
    if g.module_count() == 0 {
        is.push(d, whole, field, "the grid has no modules");
    }
    g
}
