//! A validated matchup: the designs it uses, both fleets deployed (mirror images), the
//! policies, the asteroids, the house rules; and each design's module facing, computed once.

use super::design::ShipDesign;
use super::facing::module_facing;
use super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::hex::Hex;
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
        let open = designs
            .iter()
            .map(|d| {
                let mut t = [[[false; 4]; MAX_COLS]; MAX_ROWS];
                for (r, c, _) in d.grid.iter() {
                    t[r][c] = module_facing(&d.grid, r, c, rules.g19_orientation);
                }
                t
            })
            .collect();
        let cannons = designs
            .iter()
            .map(|d| {
                d.grid
                    .iter()
                    .filter(|(_, _, m)| m.kind == ModuleKind::Cannon)
                    .map(|(r, c, _)| (r as u8, c as u8))
                    .collect()
            })
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
            modules,
            start,
            policies,
            asteroids,
            rules,
        }
    }
}
