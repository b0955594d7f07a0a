//! Damage by weapon (issue 18, the report's `weapons` table): a ship's weapon lines are its
//! weapon modules (seed, "Cannons"; the Missile Bay is named by the chapter but its rules are
//! on a page the seed lacks, so it never fires and its line stays at 0), in the design
//! grid's order (fore to aft, port to starboard). A strike's hull damage ("Hull Damage and
//! Ship Explosion") is credited to the Cannon that fired it, and the explosion its hull check
//! sets off to that Cannon as a kill. Blasts deal no damage to anyone's credit (as in the
//! ships table), so a ship has no `other` damage.

use crate::outcome::WeaponTally;

use super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::matchup::Matchup;

/// A ship's totals per grid cell (row × [`MAX_COLS`] + column): only weapon modules' cells
/// are ever credited.
pub type CellTallies = [WeaponTally; MAX_ROWS * MAX_COLS];

/// The cell index of module (row, col).
#[inline]
pub const fn cell(at: (u8, u8)) -> usize {
    at.0 as usize * MAX_COLS + at.1 as usize
}

/// Whether a module of `kind` is a weapon line.
const fn is_weapon(kind: ModuleKind) -> bool {
    matches!(kind, ModuleKind::Cannon | ModuleKind::MissileBay)
}

/// Each ship's weapon modules, in grid order: (ship, cell index).
fn cells(m: &Matchup) -> impl Iterator<Item = (usize, (u8, u8), ModuleKind)> + '_ {
    m.start.iter().enumerate().flat_map(move |(i, s)| {
        m.modules[usize::from(s.design)]
            .iter()
            .filter(|&&(_, _, kind)| is_weapon(kind))
            .map(move |&(r, c, kind)| (i, (r, c), kind))
    })
}

/// Every ship's lines, named by module and grid cell (1-based): `Cannon (row 2, col 3)`.
pub fn names(m: &Matchup) -> Vec<(usize, String)> {
    cells(m)
        .map(|(i, (r, c), kind)| (i, format!("{} (row {}, col {})", kind.name(), r + 1, c + 1)))
        .collect()
}

/// One battle's lines, into `out` (as long as [`names`]' list).
pub fn copy(m: &Matchup, lines: &[CellTallies], out: &mut [WeaponTally]) {
    for ((i, at, _), slot) in cells(m).zip(out) {
        *slot = lines[i][cell(at)];
    }
}
