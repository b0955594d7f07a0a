//! A ship laid out in modules (seed 001, "Line of Sight (Ships)": "A ship laid out in modules
//! has four sides"; digest §4): a grid of square modules, row 0 at the fore and column 0 at
//! port, one module per cell (G12), with the centre mark used by untargeted hit allocation
//! (seed, "Hit Allocation": "the center mark as indicated on the ship layout").
//!
//! Designs are written as a text picture, one string per row, one token per cell separated by
//! spaces: `.` is an empty cell; otherwise a module code, the side the module points to
//! (`^` fore, `>` starboard, `v` aft, `<` port) and an optional `*` for the centre mark, e.g.
//! `C^` (a Cannon pointing fore) or `H^*` (the Helm, carrying the centre mark).
//! [`parse_row`] reports the exact token (its byte range inside the row) of a malformed cell.

use super::facing::ShipSide;

/// Most rows a design may have.
pub const MAX_ROWS: usize = 8;
/// Most columns a design may have.
pub const MAX_COLS: usize = 8;

/// What a module is (seed: Cannon, Missile Bay, Teleporter; the rest are named in the chapter's
/// vocabulary, their descriptions are in chapters the seed does not include, G9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ModuleKind {
    /// A Cannon: direct fire, Standard / Long / Multi modes ("Cannons").
    Cannon,
    /// A Missile Bay (indirect; its rules are on a page the seed lacks, later).
    MissileBay,
    /// A Teleporter (its rules are on a page the seed lacks, later).
    Teleporter,
    /// The Helm.
    Helm,
    /// An Engine.
    Engine,
    /// A Science module.
    Science,
    /// Life Support.
    LifeSupport,
    /// A Hyperdrive.
    Hyperdrive,
    /// Plain hull.
    Hull,
    /// A Cargo Bay (where Hull Stabilizer and Fusion Node items go).
    CargoBay,
}

impl ModuleKind {
    /// Every kind with its one-letter picture code, in the order errors list them.
    pub const CODES: [(char, ModuleKind, &'static str); 10] = [
        ('C', ModuleKind::Cannon, "Cannon"),
        ('M', ModuleKind::MissileBay, "Missile Bay"),
        ('T', ModuleKind::Teleporter, "Teleporter"),
        ('H', ModuleKind::Helm, "Helm"),
        ('E', ModuleKind::Engine, "Engine"),
        ('S', ModuleKind::Science, "Science"),
        ('L', ModuleKind::LifeSupport, "Life Support"),
        ('D', ModuleKind::Hyperdrive, "Hyperdrive"),
        ('X', ModuleKind::Hull, "Hull"),
        ('G', ModuleKind::CargoBay, "Cargo Bay"),
    ];

    /// The kind for a picture code.
    pub fn from_code(c: char) -> Option<ModuleKind> {
        Self::CODES
            .iter()
            .find(|(k, _, _)| *k == c)
            .map(|(_, m, _)| *m)
    }

    /// The module's name in the text's vocabulary.
    pub fn name(self) -> &'static str {
        Self::CODES
            .iter()
            .find(|(_, m, _)| *m == self)
            .map(|(_, _, n)| *n)
            .unwrap_or("module")
    }
}

/// One module on the grid: what it is and the side it points to (its orientation; what the
/// orientation does beyond the unblocked-side rule is G19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Module {
    /// What it is.
    pub kind: ModuleKind,
    /// The side it points to.
    pub points: ShipSide,
}

/// One cell of a parsed picture row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The module, or `None` for an empty cell.
    pub module: Option<Module>,
    /// Whether the cell carries the centre mark.
    pub centre: bool,
}

/// A malformed cell: the token's byte range within its row string and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError {
    /// 0-based column of the bad token.
    pub col: usize,
    /// Byte range of the token in the row string.
    pub span: std::ops::Range<usize>,
    /// What is wrong and what is allowed.
    pub message: String,
}

/// Parse one picture row into cells (at most [`MAX_COLS`]), or say which token is wrong.
pub fn parse_row(row: &str) -> Result<Vec<Cell>, CellError> {
    let mut cells = Vec::new();
    let mut col = 0;
    let bytes = row.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b' ' || bytes[i] == b'\t' {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i] != b' ' && bytes[i] != b'\t' {
            i += 1;
        }
        let token = &row[start..i];
        let err = |message: String| CellError {
            col,
            span: start..i,
            message,
        };
        if col >= MAX_COLS {
            return Err(err(format!(
                "too many cells: a row has at most {MAX_COLS} columns"
            )));
        }
        cells.push(parse_cell(token).map_err(err)?);
        col += 1;
    }
    Ok(cells)
}

fn parse_cell(token: &str) -> Result<Cell, String> {
    if token == "." {
        return Ok(Cell {
            module: None,
            centre: false,
        });
    }
    if token == ".*" {
        return Ok(Cell {
            module: None,
            centre: true,
        });
    }
    let mut chars = token.chars();
    let code = chars.next().unwrap_or(' ');
    let Some(kind) = ModuleKind::from_code(code) else {
        let allowed: Vec<String> = ModuleKind::CODES
            .iter()
            .map(|(c, _, n)| format!("{c} ({n})"))
            .collect();
        return Err(format!(
            "`{token}`: unknown module code `{code}`; allowed: . (empty), {}",
            allowed.join(", ")
        ));
    };
    let points = match chars.next() {
        Some('^') => ShipSide::Fore,
        Some('>') => ShipSide::Starboard,
        Some('v') => ShipSide::Aft,
        Some('<') => ShipSide::Port,
        other => {
            return Err(format!(
                "`{token}`: after the module code comes the side it points to: ^ (fore), > (starboard), v (aft) or < (port){}",
                match other {
                    Some(c) => format!(", not `{c}`"),
                    None => String::new(),
                }
            ));
        }
    };
    let centre = match chars.next() {
        None => false,
        Some('*') if chars.next().is_none() => true,
        Some(_) => {
            return Err(format!(
                "`{token}`: a cell is a module code, its side and an optional `*` (centre mark), e.g. `C^` or `H^*`"
            ));
        }
    };
    Ok(Cell {
        module: Some(Module { kind, points }),
        centre,
    })
}

/// A validated module grid: fixed-size, `Copy`, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleGrid {
    /// Rows in use (fore to aft).
    pub rows: u8,
    /// Columns in use (port to starboard).
    pub cols: u8,
    /// Cells `[row][col]`.
    pub cells: [[Option<Module>; MAX_COLS]; MAX_ROWS],
    /// The centre mark (row, col).
    pub centre: (u8, u8),
}

impl ModuleGrid {
    /// A grid from parsed rows (the config layer checks shape and the single centre mark
    /// first; `rows` must be 1..=MAX_ROWS rows of equal length 1..=MAX_COLS).
    pub fn from_cells(rows: &[Vec<Cell>]) -> ModuleGrid {
        let mut g = ModuleGrid {
            rows: rows.len() as u8,
            cols: rows.first().map_or(0, |r| r.len()) as u8,
            cells: [[None; MAX_COLS]; MAX_ROWS],
            centre: (0, 0),
        };
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                g.cells[r][c] = cell.module;
                if cell.centre {
                    g.centre = (r as u8, c as u8);
                }
            }
        }
        g
    }

    /// Parse a whole picture (test helper and for designs built in code).
    ///
    /// # Panics
    /// On a malformed picture (config input goes through the config layer instead).
    pub fn picture(rows: &[&str]) -> ModuleGrid {
        let parsed: Vec<Vec<Cell>> = rows
            .iter()
            .map(|r| parse_row(r).unwrap_or_else(|e| panic!("bad picture row {r:?}: {e:?}")))
            .collect();
        Self::from_cells(&parsed)
    }

    /// The module at (row, col), if any (out of range is empty).
    pub fn at(&self, row: i32, col: i32) -> Option<Module> {
        if row < 0 || col < 0 || row >= i32::from(self.rows) || col >= i32::from(self.cols) {
            return None;
        }
        self.cells[row as usize][col as usize]
    }

    /// Number of modules.
    pub fn module_count(&self) -> usize {
        self.iter().count()
    }

    /// Every module with its (row, col).
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize, Module)> + '_ {
        (0..self.rows as usize).flat_map(move |r| {
            (0..self.cols as usize).filter_map(move |c| self.cells[r][c].map(|m| (r, c, m)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_parses_into_cells() {
        let cells = parse_row(" .  C^   G>* ").unwrap();
        assert_eq!(cells.len(), 3);
        assert_eq!(cells[0].module, None);
        assert_eq!(
            cells[1].module,
            Some(Module {
                kind: ModuleKind::Cannon,
                points: ShipSide::Fore
            })
        );
        assert!(cells[2].centre);
        assert_eq!(cells[2].module.unwrap().points, ShipSide::Starboard);
    }

    #[test]
    fn a_bad_token_names_its_column_and_bytes() {
        let e = parse_row(".  C^  Q<").unwrap_err();
        assert_eq!(e.col, 2);
        assert_eq!(e.span, 7..9);
        assert!(
            e.message.contains("unknown module code `Q`"),
            "{}",
            e.message
        );
        let e = parse_row("C").unwrap_err();
        assert_eq!((e.col, e.span.clone()), (0, 0..1));
        assert!(e.message.contains("side it points to"));
        let e = parse_row("C^ H^x").unwrap_err();
        assert_eq!((e.col, e.span.clone()), (1, 3..6));
    }

    #[test]
    fn the_reference_layout_reads_as_drawn() {
        let g = ModuleGrid::picture(&[". C^ .", "S< H^* G>", "L< X^ M>", ". E^ ."]);
        assert_eq!((g.rows, g.cols, g.centre), (4, 3, (1, 1)));
        assert_eq!(g.module_count(), 8);
        assert_eq!(g.at(3, 1).unwrap().kind, ModuleKind::Engine);
        assert_eq!(g.at(0, 0), None);
        assert_eq!(g.at(-1, 0), None);
    }
}
