//! A ship design: its module grid and the numbers the chapter refers to ("Guns power",
//! "Shields power", "Size", a Hull Stabilizer Cargo Bay item, Luck), plus the speed the
//! movement house rule (G6) needs. Where Guns and Shields come from is G4 (static here).

use super::cannon::CannonMode;
use super::grid::{ModuleGrid, ModuleKind};

/// A validated ship design.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDesign {
    /// Unique name.
    pub name: String,
    /// Ship Size (reduces the hull-check difficulty; the explosion's power).
    pub size: u8,
    /// Guns power (Standard shot power; Long is half; Multi is 1).
    pub guns: u8,
    /// Shields power at the start of the battle.
    pub shields: u8,
    /// Hexes per round (G6).
    pub speed: u8,
    /// Carries a Hull Stabilizer (reroll one hull-check die).
    pub hull_stabilizer: bool,
    /// The Luck pool aboard (G14), spent on hull-check rerolls.
    pub luck: u16,
    /// Scans it holds at the start (G14: the pool size is not in the text; seed, "Hit
    /// Allocation": "Each scan you have on a ship may be expended to reroll one of the hit
    /// allocation dice").
    pub scans: u16,
    /// The mode its Cannons are configured in.
    pub cannon_mode: CannonMode,
    /// The module grid.
    pub grid: ModuleGrid,
}

impl ShipDesign {
    /// Number of Cannon modules.
    pub fn cannons(&self) -> usize {
        self.grid
            .iter()
            .filter(|(_, _, m)| m.kind == ModuleKind::Cannon)
            .count()
    }
}
