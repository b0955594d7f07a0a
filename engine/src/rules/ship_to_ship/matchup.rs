//! A validated matchup: the designs it uses, both fleets deployed (mirror images), the
//! policies, the asteroids, the house rules; and each design's module facing, computed once.

use super::design::ShipDesign;
use super::facing::{RELATIVE_EXITS, bears_through, exit_of_code, module_facing, sides_at};
use super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::hex::Hex;
use super::hit_allocation::LineTable;
use super::house_rules::HouseRules;
use super::policy::Policy;
use super::ship::ShipState;

/// Per design and cell, the sides the module there has facing toward (`facing::module_facing`
/// under the matchup's G19 rule).
pub type FacingTable = [[[bool; 4]; MAX_COLS]; MAX_ROWS];

/// Everything a battle needs, shared read-only by all workers.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// The designs its ships use.
    pub designs: Vec<ShipDesign>,
    /// Each design's module facing.
    pub open: Vec<FacingTable>,
    /// Each design's Cannon cells (row, col), in grid order.
    pub cannons: Vec<Vec<(u8, u8)>>,
    /// Per design and Cannon (as in `cannons`), the [`relative_exit`] codes it bears through
    /// (bit per code, under the matchup's G20 rule): scoring a position costs one lookup.
    ///
    /// [`relative_exit`]: super::facing::relative_exit
    pub cannon_arcs: Vec<Vec<u16>>,
    /// Each design's landing slots of every line under the matchup's G12 gap rule.
    pub lines: Vec<LineTable>,
    /// Each design's modules (row, col, kind), in grid order.
    pub modules: Vec<Vec<(u8, u8, ModuleKind)>>,
    /// Every ship at the start, side A's first.
    pub start: Vec<ShipState>,
    /// Side A's and side B's policies.
    pub policies: [Policy; 2],
    /// Hexes holding an asteroid or larger object (they block line of sight and blasts).
    pub asteroids: Vec<Hex>,
    /// The house rules.
    pub rules: HouseRules,
}

impl Matchup {
    /// A matchup, computing the facing tables.
    pub fn new(
        designs: Vec<ShipDesign>,
        start: Vec<ShipState>,
        policies: [Policy; 2],
        asteroids: Vec<Hex>,
        rules: HouseRules,
    ) -> Matchup {
        let open: Vec<FacingTable> = designs
            .iter()
            .map(|d| {
                let mut t = [[[false; 4]; MAX_COLS]; MAX_ROWS];
                for (r, c, _) in d.grid.iter() {
                    t[r][c] = module_facing(&d.grid, r, c, rules.g19_orientation);
                }
                t
            })
            .collect();
        let cannons: Vec<Vec<(u8, u8)>> = designs
            .iter()
            .map(|d| {
                d.grid
                    .iter()
                    .filter(|(_, _, m)| m.kind == ModuleKind::Cannon)
                    .map(|(r, c, _)| (r as u8, c as u8))
                    .collect()
            })
            .collect();
        let cannon_arcs = cannons
            .iter()
            .zip(&open)
            .map(|(cells, open)| {
                cells
                    .iter()
                    .map(|&(r, c)| {
                        (0..RELATIVE_EXITS)
                            .filter(|&e| {
                                let sides = sides_at(0, exit_of_code(e));
                                bears_through(
                                    open[usize::from(r)][usize::from(c)],
                                    sides,
                                    rules.g20_firer_corner,
                                )
                            })
                            .fold(0u16, |mask, e| mask | 1 << e)
                    })
                    .collect()
            })
            .collect();
        let lines = designs
            .iter()
            .map(|d| LineTable::of(&d.grid, rules.g12_gaps))
            .collect();
        let modules = designs
            .iter()
            .map(|d| {
                d.grid
                    .iter()
                    .map(|(r, c, m)| (r as u8, c as u8, m.kind))
                    .collect()
            })
            .collect();
        Matchup {
            designs,
            open,
            cannons,
            cannon_arcs,
            lines,
            modules,
            start,
            policies,
            asteroids,
            rules,
        }
    }
}
