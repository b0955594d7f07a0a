//! Choosing where a Cannon shot lands: the side at a corner or in the same hex (seed: "the
//! firing character chooses which side to hit"; "the firing ship chooses which facing it will
//! strike") and the "7" (seed: "you can choose your center line by picking a spot and calling
//! that the 7"). Preset `aim = "weakest"` scores every side and line under the 2d6 spread.

use super::super::design::ShipDesign;
use super::super::facing::ShipSide;
use super::super::grid::ModuleKind;
use super::super::hit_allocation::{LineTable, StruckLine};
use super::super::policy::Aim;
use super::super::ship::ShipState;
use crate::dice::Roller;

/// 2d6 allocation offsets −5..=5 in 36ths.
const SPREAD: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Value of a die landing on a module of the target (policy heuristic): a die on any module
/// deals its full value in hull damage (a miss deals 1); breaking a working Cannon, Engine or
/// Helm is worth more; a slagged module can break no further.
fn slot_value(kind: ModuleKind, markers: u8) -> u32 {
    let bonus = match (markers, kind) {
        (0, ModuleKind::Cannon) => 6,
        (0, ModuleKind::Engine) => 4,
        (0, ModuleKind::Helm) => 3,
        (0, _) => 1,
        (1, _) => 1,
        _ => 0,
    };
    4 + bonus
}

/// Value of a die that misses the silhouette.
const MISS_VALUE: u32 = 1;

/// Score of a struck line for `dice` kept dice. (Inlined into the aiming loop, its hot caller.)
#[inline(always)]
fn line_score(
    d: &ShipDesign,
    t: &ShipState,
    lines: &LineTable,
    line: StruckLine,
    dice: u32,
) -> u32 {
    let len = match line.side {
        ShipSide::Fore | ShipSide::Aft => i32::from(d.grid.cols),
        _ => i32::from(d.grid.rows),
    };
    if line.index < 0 || line.index >= len {
        return dice * MISS_VALUE;
    }
    let on = lines.get(line);
    let landed = (dice as usize).min(usize::from(on.n));
    let mut v = (dice - landed as u32) * MISS_VALUE;
    for slot in &on.slots[..landed] {
        v += match *slot {
            Some((r, c)) => {
                let (r, c) = (usize::from(r), usize::from(c));
                let kind = d.grid.cells[r][c].map_or(ModuleKind::Hull, |m| m.kind);
                slot_value(kind, t.markers[r][c])
            }
            None => MISS_VALUE,
        };
    }
    v
}

/// The firer's value of the line each allocation total 2..=12 picks around `aim` on `side`,
/// for `dice` kept dice (index = total; 0 and 1 unused): what a Scan or Luck reroll of an
/// allocation die is weighed by ([`super::super::hit_allocation::reroll_pick`]).
#[inline(never)]
pub fn line_values(
    d: &ShipDesign,
    t: &ShipState,
    lines: &LineTable,
    side: ShipSide,
    aim: (u8, u8),
    dice: u32,
) -> [u32; 13] {
    let mut v = [0u32; 13];
    for (total, slot) in v.iter_mut().enumerate().skip(2) {
        let line = StruckLine::from_roll(side, aim, total as u8);
        *slot = line_score(d, t, lines, line, dice);
    }
    v
}

/// The best "7" on `side` and its score: the line index maximising the expected line score
/// over the 2d6 offsets.
fn best_on_side(
    d: &ShipDesign,
    t: &ShipState,
    lines: &LineTable,
    side: ShipSide,
    dice: u32,
) -> (u32, (u8, u8)) {
    let len = match side {
        ShipSide::Fore | ShipSide::Aft => i32::from(d.grid.cols),
        _ => i32::from(d.grid.rows),
    };
    // Scores of lines -5 ..= len + 4 (beyond: every die misses).
    let mut scores = [0u32; 8 + 10];
    for (k, s) in scores.iter_mut().enumerate().take((len + 10) as usize) {
        let line = StruckLine {
            side,
            index: k as i32 - 5,
        };
        *s = line_score(d, t, lines, line, dice);
    }
    let mut best = (0u32, 0i32);
    for aim in 0..len {
        let v: u32 = SPREAD
            .iter()
            .enumerate()
            .map(|(o, w)| w * scores[(aim + o as i32) as usize])
            .sum();
        if v > best.0 {
            best = (v, aim);
        }
    }
    let centre = d.grid.centre;
    let cell = match side {
        ShipSide::Fore | ShipSide::Aft => (centre.0, best.1 as u8),
        _ => (best.1 as u8, centre.1),
    };
    (best.0, cell)
}

/// The side struck and the "7" for a shot of `power` at `t`. `sides` is what the geometry
/// allows (two entries at a corner, `None` in the same hex: any side); `lines` is the
/// target design's [`LineTable`] under the matchup's gap rule (G12).
#[inline]
pub fn choose<R: Roller>(
    d: &ShipDesign,
    t: &ShipState,
    sides: Option<[ShipSide; 2]>,
    power: u8,
    aim: Aim,
    lines: &LineTable,
    dice: &mut R,
) -> (ShipSide, (u8, u8)) {
    let options: &[ShipSide] = match &sides {
        None => &ShipSide::ALL,
        Some([a, b]) if a == b => std::slice::from_ref(a),
        Some(pair) => pair,
    };
    match aim {
        Aim::Centre => {
            let side = if options.len() == 1 {
                options[0]
            } else {
                options[dice.below(options.len() as u32) as usize]
            };
            (side, d.grid.centre)
        }
        Aim::Weakest => {
            let mut best = (0u32, options[0], d.grid.centre);
            for &side in options {
                let (v, cell) = best_on_side(d, t, lines, side, u32::from(power.max(1)));
                if v > best.0 {
                    best = (v, side, cell);
                }
            }
            (best.1, best.2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::outcome::Side;
    use crate::rules::ship_to_ship::cannon::CannonMode;
    use crate::rules::ship_to_ship::grid::ModuleGrid;
    use crate::rules::ship_to_ship::hit_allocation::GapRule;

    fn design(rows: &[&str]) -> ShipDesign {
        ShipDesign {
            name: "t".into(),
            size: 3,
            guns: 4,
            shields: 2,
            speed: 2,
            hull_stabilizer: false,
            luck: 0,
            scans: 0,
            cannon_mode: CannonMode::Standard,
            grid: ModuleGrid::picture(rows),
        }
    }

    #[test]
    fn weakest_aims_toward_the_working_cannon() {
        let one = Some([ShipSide::Fore, ShipSide::Fore]);
        let mut dice = ScriptedDice::new(&[]);
        let t = ShipState::new(0, Side::B, 4, 2, 0);
        let aim = |rows: &[&str], t: &ShipState, dice: &mut ScriptedDice| {
            let d = design(rows);
            let lines = LineTable::of(&d.grid, GapRule::Skip);
            choose(&d, t, one, 3, Aim::Weakest, &lines, dice).1
        };
        // The 2d6 spread is wide, so the pull shows on a wide ship with a Cannon at one end.
        let left = ["C^ C^ X^ X^ X^ X^ X^ X^", "X^ X^ X^ H^* X^ X^ X^ X^"];
        let right = ["X^ X^ X^ X^ X^ X^ C^ C^", "X^ X^ X^ H^* X^ X^ X^ X^"];
        let l = aim(&left, &t, &mut dice).1;
        let r = aim(&right, &t, &mut dice).1;
        assert!(l < r, "{l} vs {r}");
        // A slagged Cannon is worth no more than plain hull.
        assert!(slot_value(ModuleKind::Cannon, 0) > slot_value(ModuleKind::Cannon, 2));
        assert!(slot_value(ModuleKind::Cannon, 2) <= slot_value(ModuleKind::Hull, 0));
    }

    #[test]
    fn at_a_corner_weakest_picks_the_better_side() {
        // Fore exposes a full Cannon column; port only a thin row of hull.
        let d = design(&["C^ C^ C^", "X^ H^* X^"]);
        let t = ShipState::new(0, Side::B, 4, 2, 0);
        let mut dice = ScriptedDice::new(&[]);
        let (side, _) = choose(
            &d,
            &t,
            Some([ShipSide::Fore, ShipSide::Port]),
            2,
            Aim::Weakest,
            &LineTable::of(&d.grid, GapRule::Skip),
            &mut dice,
        );
        assert_eq!(side, ShipSide::Fore);
    }
}
