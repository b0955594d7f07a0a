//! Hit allocation (seed 001, "Hit Allocation"; digest §2.5, §3.2–3.5): "roll 2 dice and total
//! them. If it is a 7, you hit the center line (or the place you declared as your target). If
//! the hit allocation roll is higher the shot goes further starboard, if hit from the forward
//! or aft angles, or aftward if hit from either side. A lower hit allocation is the opposite."
//! Dice then travel "starting in the module of impact and stretching directly away".

use super::facing::ShipSide;
use super::grid::{MAX_COLS, MAX_ROWS, ModuleGrid};

/// The line offset of an allocation roll: one row or column per pip away from 7 (G12 default).
pub const fn offset(roll: u8) -> i32 {
    roll as i32 - 7
}

/// The struck line: a column for a fore/aft hit, a row for a port/starboard hit, with its index
/// (which may lie off the grid: the shot misses the silhouette).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StruckLine {
    /// The side struck.
    pub side: ShipSide,
    /// Column (fore/aft) or row (port/starboard) index.
    pub index: i32,
}

impl StruckLine {
    /// The line `roll` picks on `side`, around the aim line `aim` = (row, col) (the centre mark
    /// for missiles, rams, explosions; any cell a Cannon declares as its "7").
    pub const fn from_roll(side: ShipSide, aim: (u8, u8), roll: u8) -> StruckLine {
        let base = match side {
            ShipSide::Fore | ShipSide::Aft => aim.1 as i32,
            ShipSide::Port | ShipSide::Starboard => aim.0 as i32,
        };
        StruckLine {
            side,
            index: base + offset(roll),
        }
    }

    /// The cells of the line from the outermost on the struck side inward (row, col); empty
    /// when the line is off the grid. At most `max(MAX_ROWS, MAX_COLS)` cells.
    pub fn cells(self, grid: &ModuleGrid) -> impl Iterator<Item = (usize, usize)> {
        let (rows, cols) = (grid.rows as i32, grid.cols as i32);
        let i = self.index;
        let (len, on) = match self.side {
            ShipSide::Fore | ShipSide::Aft => (rows, i >= 0 && i < cols),
            ShipSide::Port | ShipSide::Starboard => (cols, i >= 0 && i < rows),
        };
        let n = if on { len as usize } else { 0 };
        let side = self.side;
        (0..n).map(move |k| {
            let k = k as i32;
            let (r, c) = match side {
                ShipSide::Fore => (k, i),
                ShipSide::Aft => (rows - 1 - k, i),
                ShipSide::Port => (i, k),
                ShipSide::Starboard => (i, cols - 1 - k),
            };
            (r as usize, c as usize)
        })
    }
}

/// Which hit allocation die to reroll, if any (seed, "Hit Allocation": "Each scan you have on a
/// ship may be expended to reroll one of the hit allocation dice"; Luck under G14
/// `reroll-die`). `dice` are the two allocation dice, `values[total]` the firer's value of the
/// line each total 2..=12 picks. Rerolling die `i` keeps the other die, so its expected value
/// is the mean over the six faces (exact enumeration); the die with the higher expectation is
/// rerolled when that beats the line in hand. Equal expectations reroll the lower die.
pub fn reroll_pick(dice: [u8; 2], values: &[u32; 13]) -> Option<usize> {
    let now = 6 * values[usize::from(dice[0] + dice[1])];
    let after = |keep: u8| -> u32 { (1..=6u8).map(|x| values[usize::from(x + keep)]).sum() };
    // Rerolling die 0 keeps die 1 and vice versa.
    let (e0, e1) = (after(dice[1]), after(dice[0]));
    let pick = if e0 > e1 || (e0 == e1 && dice[0] <= dice[1]) {
        0
    } else {
        1
    };
    let best = if pick == 0 { e0 } else { e1 };
    (best > now).then_some(pick)
}

/// Longest possible line.
pub const MAX_LINE: usize = if MAX_ROWS > MAX_COLS {
    MAX_ROWS
} else {
    MAX_COLS
};

/// G12, what an empty cell behind the module of impact does to the die that reaches it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GapRule {
    /// Default: dice skip empty cells and land only on modules.
    #[default]
    Skip,
    /// Alternative: an empty cell after the module of impact takes a die as a miss. (The first
    /// die always lands in the module of impact: "starting in the module of impact".)
    TakesDie,
}

impl GapRule {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["skip", "takes-die"];
}

/// Where each kept die goes along a line: `Some((row, col))` for a module, `None` for a miss.
/// Fills `out` (length [`MAX_LINE`] + number of dice is not needed: dice beyond the slots miss)
/// and returns the number of landing slots (modules, plus gaps after impact under
/// [`GapRule::TakesDie`]).
pub fn landing_slots(
    grid: &ModuleGrid,
    line: StruckLine,
    gaps: GapRule,
    out: &mut [Option<(usize, usize)>; MAX_LINE],
) -> usize {
    let mut n = 0;
    let mut impact = false;
    for (r, c) in line.cells(grid) {
        let here = grid.cells[r][c].is_some();
        if here {
            impact = true;
            out[n] = Some((r, c));
            n += 1;
        } else if impact && gaps == GapRule::TakesDie {
            out[n] = None;
            n += 1;
        }
    }
    // A trailing run of gaps takes dice as misses either way; trim it so "beyond the last
    // module" is one rule.
    while n > 0 && out[n - 1].is_none() {
        n -= 1;
    }
    n
}

/// Where the dice go along one on-grid line, as [`landing_slots`] fills them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSlots {
    /// The landing slots: `Some((row, col))` a module, `None` a gap that takes a die.
    pub slots: [Option<(u8, u8)>; MAX_LINE],
    /// How many slots there are.
    pub n: u8,
}

/// [`landing_slots`] of every on-grid line of one grid under one gap rule, computed once per
/// design: the preset aiming a Cannon scores every line of a side per shot.
#[derive(Clone, Debug)]
pub struct LineTable {
    /// By side index, then line index.
    lines: [[LineSlots; MAX_LINE]; 4],
}

impl LineTable {
    /// The table of `grid` under `gaps`.
    pub fn of(grid: &ModuleGrid, gaps: GapRule) -> LineTable {
        let empty = LineSlots {
            slots: [None; MAX_LINE],
            n: 0,
        };
        let mut lines = [[empty; MAX_LINE]; 4];
        for side in ShipSide::ALL {
            for (index, slot) in lines[side.index()].iter_mut().enumerate() {
                let line = StruckLine {
                    side,
                    index: index as i32,
                };
                let mut out = [None; MAX_LINE];
                let n = landing_slots(grid, line, gaps, &mut out);
                for (to, from) in slot.slots.iter_mut().zip(out) {
                    *to = from.map(|(r, c)| (r as u8, c as u8));
                }
                slot.n = n as u8;
            }
        }
        LineTable { lines }
    }

    /// The slots of `line` (`line.index` must be on the grid).
    pub fn get(&self, line: StruckLine) -> &LineSlots {
        &self.lines[line.side.index()][line.index as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ship_to_ship::grid::ModuleKind;

    pub(crate) fn tv_ship() -> ModuleGrid {
        // Digest §3, TV-SHIP.
        ModuleGrid::picture(&[". C^ .", "S< H^* G>", "L< X^ M>", ". E^ ."])
    }

    fn kinds(grid: &ModuleGrid, line: StruckLine, gaps: GapRule) -> Vec<Option<ModuleKind>> {
        let mut out = [None; MAX_LINE];
        let n = landing_slots(grid, line, gaps, &mut out);
        out[..n]
            .iter()
            .map(|s| s.map(|(r, c)| grid.cells[r][c].unwrap().kind))
            .collect()
    }

    #[test]
    fn the_line_table_is_landing_slots_of_every_line() {
        let g = ModuleGrid::picture(&[". C^ . X^", "S< H^* G> .", "L< X^ M> X^", ". E^ . ."]);
        for gaps in [GapRule::Skip, GapRule::TakesDie] {
            let table = LineTable::of(&g, gaps);
            for side in ShipSide::ALL {
                let len = match side {
                    ShipSide::Fore | ShipSide::Aft => g.cols,
                    _ => g.rows,
                };
                for index in 0..i32::from(len) {
                    let line = StruckLine { side, index };
                    let mut out = [None; MAX_LINE];
                    let n = landing_slots(&g, line, gaps, &mut out);
                    let got = table.get(line);
                    assert_eq!(usize::from(got.n), n);
                    for (slot, want) in got.slots.iter().zip(&out).take(n) {
                        assert_eq!(slot.map(|(r, c)| (r.into(), c.into())), *want);
                    }
                }
            }
        }
    }

    #[test]
    fn tv2_fore_hit_on_7_walks_column_1() {
        let g = tv_ship();
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 7);
        use ModuleKind::*;
        assert_eq!(
            kinds(&g, line, GapRule::Skip),
            [Some(Cannon), Some(Helm), Some(Hull), Some(Engine)]
        );
    }

    #[test]
    fn tv3_fore_hit_on_8_walks_column_2() {
        let g = tv_ship();
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 8);
        use ModuleKind::*;
        assert_eq!(
            kinds(&g, line, GapRule::Skip),
            [Some(CargoBay), Some(MissileBay)]
        );
    }

    #[test]
    fn tv4_allocation_10_is_off_the_ship() {
        let g = tv_ship();
        let line = StruckLine::from_roll(ShipSide::Fore, g.centre, 10);
        assert_eq!(line.index, 4);
        assert!(kinds(&g, line, GapRule::Skip).is_empty());
    }

    #[test]
    fn tv5_starboard_hits_walk_rows_starboard_to_port() {
        let g = tv_ship();
        use ModuleKind::*;
        let row = |roll| {
            kinds(
                &g,
                StruckLine::from_roll(ShipSide::Starboard, g.centre, roll),
                GapRule::Skip,
            )
        };
        assert_eq!(row(7), [Some(CargoBay), Some(Helm), Some(Science)]);
        assert_eq!(row(8), [Some(MissileBay), Some(Hull), Some(LifeSupport)]);
        assert_eq!(row(9), [Some(Engine)]);
    }

    #[test]
    fn low_rolls_go_port_and_aft_hits_walk_aft_to_fore() {
        let g = tv_ship();
        use ModuleKind::*;
        let l = StruckLine::from_roll(ShipSide::Aft, g.centre, 6);
        assert_eq!(
            kinds(&g, l, GapRule::Skip),
            [Some(LifeSupport), Some(Science)]
        );
        let l = StruckLine::from_roll(ShipSide::Port, g.centre, 6);
        assert_eq!(kinds(&g, l, GapRule::Skip), [Some(Cannon)]);
    }

    #[test]
    fn g12_alternative_gaps_after_impact_take_a_die() {
        let g = ModuleGrid::picture(&["X^ . X^ X^"]);
        let l = StruckLine::from_roll(ShipSide::Port, g.centre, 7);
        assert_eq!(kinds(&g, l, GapRule::Skip).len(), 3);
        let k = kinds(&g, l, GapRule::TakesDie);
        assert_eq!(k.len(), 4);
        assert_eq!(k[1], None);
    }

    #[test]
    fn a_scan_rerolls_the_die_whose_reroll_is_worth_most() {
        // Seed, "Each scan ... may be expended to reroll one of the hit allocation dice".
        // Only a 7 is worth anything: (6, 6) → reroll either (die 0, the lower or equal):
        // keeping a 6 gives 7 with a 1, expectation 1/6 > 0.
        let mut seven = [0u32; 13];
        seven[7] = 6;
        assert_eq!(reroll_pick([6, 6], &seven), Some(0));
        // (3, 4) is a 7 already: no reroll can beat it.
        assert_eq!(reroll_pick([3, 4], &seven), None);
        // Totals 10..=12 are worth 6, the rest nothing: (6, 1) → reroll the 1 (keep the 6:
        // 4, 5, 6 reach 10..=12, expectation 3) rather than the 6 (keep the 1: nothing).
        let mut high = [0u32; 13];
        high[10..=12].copy_from_slice(&[6, 6, 6]);
        assert_eq!(reroll_pick([6, 1], &high), Some(1));
        assert_eq!(reroll_pick([1, 6], &high), Some(0));
        // Exact enumeration over every pair: the pick is never worse than keeping, and a
        // reroll is taken exactly when some die's six-face mean beats the total in hand.
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let mean = |keep: u8| (1..=6u8).map(|x| high[usize::from(x + keep)]).sum::<u32>();
                let now = 6 * high[usize::from(a + b)];
                let better = mean(a) > now || mean(b) > now;
                assert_eq!(reroll_pick([a, b], &high).is_some(), better, "({a}, {b})");
            }
        }
    }

    #[test]
    fn allocation_offsets_are_the_2d6_distribution() {
        // Digest §2.5: P(0) = 6/36, P(±1) = 5/36, ... P(±5) = 1/36 (exact enumeration).
        let mut counts = [0u32; 11];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                counts[(offset(a + b) + 5) as usize] += 1;
            }
        }
        assert_eq!(counts, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    }
}
