//! Facing and the side struck (seed 001, "Line of Sight (Ships)"; digest §2.3–2.4).
//!
//! "A ship laid out in modules has four sides but the hex map has six hex facings ... the front
//! and rear of a square module as one facing each and each side (port and starboard) as two
//! hex facings. Thus, if the 1 position is the front of your ship and the 4 position the aft,
//! 2 and 3 would be starboard making 5 and 6 port."

use super::grid::ModuleGrid;
use super::hex::{Exit, Hex, exit};

/// One of a ship's four sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShipSide {
    /// The front.
    Fore,
    /// The right side.
    Starboard,
    /// The rear.
    Aft,
    /// The left side.
    Port,
}

impl ShipSide {
    /// All four, clockwise from the fore.
    pub const ALL: [ShipSide; 4] = [
        ShipSide::Fore,
        ShipSide::Starboard,
        ShipSide::Aft,
        ShipSide::Port,
    ];

    /// Index 0..4 (clockwise from the fore).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            ShipSide::Fore => "fore",
            ShipSide::Starboard => "starboard",
            ShipSide::Aft => "aft",
            ShipSide::Port => "port",
        }
    }
}

/// The ship side a hexside belongs to, for a ship whose fore points along hex direction
/// `facing`: hex position 1 (relative 0) is the fore, 2–3 starboard, 4 aft, 5–6 port.
pub const fn side_of_hexside(facing: u8, dir: u8) -> ShipSide {
    match (dir + 6 - facing % 6) % 6 {
        0 => ShipSide::Fore,
        1 | 2 => ShipSide::Starboard,
        3 => ShipSide::Aft,
        _ => ShipSide::Port,
    }
}

/// The sides a line crossing `exit` of a ship's hex can belong to: one side through a hexside
/// (or a corner between two hexsides of the same side), two through a corner between sides,
/// `None` when both counters share a hex (then every side is open, seed: "all weapons on all
/// sides are considered to have facing ... the firing ship chooses which facing it will strike").
pub fn sides_at(facing: u8, exit: Exit) -> Option<[ShipSide; 2]> {
    match exit {
        Exit::Side(k) => {
            let s = side_of_hexside(facing, k);
            Some([s, s])
        }
        Exit::Corner(k) => Some([
            side_of_hexside(facing, k),
            side_of_hexside(facing, (k + 1) % 6),
        ]),
        Exit::Same => None,
    }
}

/// How many [`relative_exit`] codes there are: six hexsides, six corners, the same hex.
pub const RELATIVE_EXITS: usize = 13;

/// A line's exit counted from a ship's fore (`facing`): `0..6` the hexside that many
/// directions clockwise from the fore, `6..12` the corner after it, `12` the same hex.
/// [`sides_at`] depends on the facing and the exit only through this code.
pub const fn relative_exit(facing: u8, exit: Exit) -> usize {
    match exit {
        Exit::Side(k) => ((k + 6 - facing % 6) % 6) as usize,
        Exit::Corner(k) => 6 + ((k + 6 - facing % 6) % 6) as usize,
        Exit::Same => 12,
    }
}

/// The exit a [`relative_exit`] code stands for, for a ship facing direction 0.
pub const fn exit_of_code(code: usize) -> Exit {
    match code {
        0..6 => Exit::Side(code as u8),
        6..12 => Exit::Corner((code - 6) as u8),
        _ => Exit::Same,
    }
}

/// The side(s) of a target at `target` (fore along `facing`) that a shot from `firer` strikes:
/// seed, "If the line passes through the forward or aft hex side of the target's hex, the shot
/// strikes the forward or aft side ... When a line of sight hits a corner of a ship, the firing
/// character chooses which side to hit." Two different entries = the firer chooses.
pub fn sides_struck(target: Hex, facing: u8, firer: Hex) -> Option<[ShipSide; 2]> {
    sides_at(facing, exit(target, firer))
}

/// Hexsides (out of 6) covered by a set of ship sides: fore and aft one each, port and
/// starboard two each. The text's scout Cannon open fore, port and starboard covers 5 = 300°.
pub fn hexsides_covered(open: [bool; 4]) -> u32 {
    ShipSide::ALL
        .iter()
        .filter(|s| open[s.index()])
        .map(|s| match s {
            ShipSide::Fore | ShipSide::Aft => 1,
            _ => 2,
        })
        .sum()
}

/// G19, how a module's orientation adds to its facing. The seed gives the unblocked-side rule
/// as sufficient ("regardless of its orientation"); the orientation rule itself is missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrientationRule {
    /// Default: facing = the unblocked sides only.
    #[default]
    UnblockedOnly,
    /// Alternative: the unblocked sides plus the side the module points to, blocked or not
    /// (a module can always fire where it points).
    AlsoPointing,
}

impl OrientationRule {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["unblocked-only", "also-pointing"];
}

/// The sides the module at (`row`, `col`) has facing toward: seed, "If a ship module is the
/// first thing that would be hit along a row or column from a given direction, it has line of
/// sight in that direction regardless of its orientation." Indexed by [`ShipSide::index`].
pub fn module_facing(
    grid: &ModuleGrid,
    row: usize,
    col: usize,
    rule: OrientationRule,
) -> [bool; 4] {
    let (r, c) = (row as i32, col as i32);
    let clear = |dr: i32, dc: i32| {
        let (mut rr, mut cc) = (r + dr, c + dc);
        while rr >= 0 && cc >= 0 && rr < i32::from(grid.rows) && cc < i32::from(grid.cols) {
            if grid.at(rr, cc).is_some() {
                return false;
            }
            rr += dr;
            cc += dc;
        }
        true
    };
    let mut open = [clear(-1, 0), clear(0, 1), clear(1, 0), clear(0, -1)];
    if let (OrientationRule::AlsoPointing, Some(m)) = (rule, grid.at(r, c)) {
        open[m.points.index()] = true;
    }
    open
}

/// G20, a line of sight leaving the *firer's* hex exactly through a corner (the text's corner
/// rule covers only the target).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirerCorner {
    /// Default: either adjacent hexside qualifies (by analogy with the target's corner rule).
    #[default]
    EitherSide,
    /// Alternative: the module must face both adjacent sides.
    BothSides,
}

impl FirerCorner {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["either-side", "both-sides"];
}

/// Whether a weapon with facing `open` (per [`module_facing`]) on a ship at `from` with fore
/// along `facing` bears on `to`: the line of sight must leave the firer's hex through a
/// hexside of a side the module faces (seed: "The edge of the hex where the line of sight
/// passes through your ship counter ... determines facing"). Same hex: always ("all weapons on
/// all sides are considered to have facing"). Through a corner of the firer's own hex: G20.
pub fn bears(open: [bool; 4], from: Hex, facing: u8, to: Hex, corner: FirerCorner) -> bool {
    bears_through(open, sides_at(facing, exit(from, to)), corner)
}

/// [`bears`] for a line already resolved into the firer's sides ([`sides_at`]): the same
/// answer for every module of the ship, so a caller checking many modules resolves it once.
pub fn bears_through(open: [bool; 4], sides: Option<[ShipSide; 2]>, corner: FirerCorner) -> bool {
    match sides {
        None => true,
        Some([a, b]) => match corner {
            FirerCorner::EitherSide => open[a.index()] || open[b.index()],
            FirerCorner::BothSides => open[a.index()] && open[b.index()],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_depend_on_facing_and_exit_only_through_the_relative_code() {
        let mut exits = vec![Exit::Same];
        for k in 0..6u8 {
            exits.push(Exit::Side(k));
            exits.push(Exit::Corner(k));
        }
        for facing in 0..6u8 {
            for &e in &exits {
                let code = relative_exit(facing, e);
                assert_eq!(sides_at(facing, e), sides_at(0, exit_of_code(code)));
            }
        }
    }

    #[test]
    fn hexsides_one_to_six_map_to_four_sides() {
        // Seed: "if the 1 position is the front ... 4 the aft, 2 and 3 would be starboard
        // making 5 and 6 port". Hex position p is relative direction p - 1.
        let want = [
            ShipSide::Fore,
            ShipSide::Starboard,
            ShipSide::Starboard,
            ShipSide::Aft,
            ShipSide::Port,
            ShipSide::Port,
        ];
        for facing in 0..6u8 {
            for (rel, w) in want.iter().enumerate() {
                assert_eq!(side_of_hexside(facing, (facing + rel as u8) % 6), *w);
            }
        }
    }

    #[test]
    fn scout_nose_cannon_covers_300_degrees() {
        // Seed: the Cannon at the forward-most point of a scout "isn't blocked to port,
        // starboard or forward ... giving it 300 degrees of facing".
        let scout = ModuleGrid::picture(&[". C^ .", "S< H^* G>", ". E^ ."]);
        let open = module_facing(&scout, 0, 1, OrientationRule::UnblockedOnly);
        assert_eq!(open, [true, true, false, true]);
        assert_eq!(hexsides_covered(open) * 60, 300);
        // G19 alternative: pointing aft would add the aft side.
        let back = ModuleGrid::picture(&[". Cv .", "S< H^* G>", ". E^ ."]);
        let open = module_facing(&back, 0, 1, OrientationRule::AlsoPointing);
        assert_eq!(hexsides_covered(open), 6);
    }

    #[test]
    fn a_buried_module_has_no_facing() {
        let g = ModuleGrid::picture(&["X^ X^ X^", "X^ C^ X^", "X^ X^ X^"]);
        assert_eq!(
            module_facing(&g, 1, 1, OrientationRule::UnblockedOnly),
            [false; 4]
        );
    }

    #[test]
    fn side_struck_follows_the_hexside_the_line_enters() {
        // Target at the origin, fore pointing east (0).
        let t = Hex::new(0, 0);
        let one = |s| Some([s, s]);
        assert_eq!(sides_struck(t, 0, Hex::new(4, 0)), one(ShipSide::Fore));
        assert_eq!(sides_struck(t, 0, Hex::new(-4, 0)), one(ShipSide::Aft));
        assert_eq!(sides_struck(t, 0, Hex::new(0, 3)), one(ShipSide::Starboard));
        assert_eq!(
            sides_struck(t, 0, Hex::new(-3, 3)),
            one(ShipSide::Starboard)
        );
        assert_eq!(sides_struck(t, 0, Hex::new(0, -3)), one(ShipSide::Port));
        // A corner between the fore hexside and starboard hexside 2: the firer chooses.
        assert_eq!(
            sides_struck(t, 0, Hex::new(1, 1)),
            Some([ShipSide::Fore, ShipSide::Starboard])
        );
        // Corner between hexsides 2 and 3, both starboard: no choice.
        assert_eq!(
            sides_struck(t, 0, Hex::new(-1, 2)),
            one(ShipSide::Starboard)
        );
        assert_eq!(sides_struck(t, 0, t), None);
    }

    #[test]
    fn a_weapon_bears_through_a_faced_hexside() {
        let fore_only = [true, false, false, false];
        let e = FirerCorner::EitherSide;
        assert!(bears(fore_only, Hex::new(0, 0), 0, Hex::new(5, 0), e));
        assert!(!bears(fore_only, Hex::new(0, 0), 0, Hex::new(-5, 0), e));
        // Through the corner between fore and starboard: G20 default lets it bear, the
        // alternative does not.
        assert!(bears(fore_only, Hex::new(0, 0), 0, Hex::new(2, 2), e));
        assert!(!bears(
            fore_only,
            Hex::new(0, 0),
            0,
            Hex::new(2, 2),
            FirerCorner::BothSides
        ));
        // Same hex: always.
        assert!(bears([false; 4], Hex::new(0, 0), 0, Hex::new(0, 0), e));
    }
}
