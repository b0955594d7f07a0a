//! Reading report CSV files by column name, with errors that name the file and line.
//!
//! The HTML report reads files that other versions (or other experiment kinds) may have
//! written, so columns are looked up by name and extra columns are ignored; a missing column,
//! a ragged row or a cell that is not a number is a [`HtmlError::Malformed`] naming the file
//! and line, never a panic.

use std::io;
use std::path::{Path, PathBuf};

use super::HtmlError;

/// A CSV file read whole: its header and its rows with their line numbers.
pub(crate) struct CsvFile {
    path: PathBuf,
    header: Vec<String>,
    rows: Vec<(u64, Vec<String>)>,
}

/// One row of a [`CsvFile`], with typed access by column name.
pub(crate) struct Row<'a> {
    file: &'a CsvFile,
    line: u64,
    cells: &'a [String],
}

impl CsvFile {
    /// Read `path`, which must exist.
    pub(crate) fn read(path: &Path) -> Result<CsvFile, HtmlError> {
        let bytes = std::fs::read(path).map_err(|source| HtmlError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::parse(path, &bytes)
    }

    /// Read `path` if it exists; `None` if it does not.
    pub(crate) fn read_optional(path: &Path) -> Result<Option<CsvFile>, HtmlError> {
        match std::fs::read(path) {
            Ok(bytes) => Self::parse(path, &bytes).map(Some),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(HtmlError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Parse `bytes` as the CSV file `path` (named in errors).
    pub(crate) fn parse(path: &Path, bytes: &[u8]) -> Result<CsvFile, HtmlError> {
        let malformed = |line: Option<u64>, message: String| HtmlError::Malformed {
            path: path.to_path_buf(),
            line,
            message,
        };
        let csv_error = |e: csv::Error| {
            let line = e.position().map(|p| p.line());
            let message = match e.kind() {
                csv::ErrorKind::UnequalLengths {
                    expected_len, len, ..
                } => format!("row has {len} fields, the header has {expected_len}"),
                csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".to_owned(),
                _ => e.to_string(),
            };
            malformed(line, message)
        };
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
        let header: Vec<String> = reader
            .headers()
            .map_err(csv_error)?
            .iter()
            .map(str::to_owned)
            .collect();
        if header.iter().all(String::is_empty) {
            return Err(malformed(Some(1), "empty file: no header row".to_owned()));
        }
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(csv_error)?;
            let line = record.position().map_or(0, |p| p.line());
            rows.push((line, record.iter().map(str::to_owned).collect()));
        }
        Ok(CsvFile {
            path: path.to_path_buf(),
            header,
            rows,
        })
    }

    /// Check that every column in `names` is present (so a file with no rows is checked too).
    pub(crate) fn require(&self, names: &[&str]) -> Result<(), HtmlError> {
        for name in names {
            self.index(name)?;
        }
        Ok(())
    }

    /// Whether the file has column `name` (for optional columns).
    pub(crate) fn has(&self, name: &str) -> bool {
        self.header.iter().any(|h| h == name)
    }

    fn index(&self, name: &str) -> Result<usize, HtmlError> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| HtmlError::Malformed {
                path: self.path.clone(),
                line: Some(1),
                message: format!(
                    "missing column `{name}` (the header has: {})",
                    self.header.join(", ")
                ),
            })
    }

    /// The rows, in file order.
    pub(crate) fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(move |(line, cells)| Row {
            file: self,
            line: *line,
            cells,
        })
    }

    /// Number of rows.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.rows.len()
    }
}

impl Row<'_> {
    /// A [`HtmlError::Malformed`] naming this row's file and line and `column`.
    pub(crate) fn error(&self, column: &str, message: String) -> HtmlError {
        HtmlError::Malformed {
            path: self.file.path.clone(),
            line: Some(self.line),
            message: format!("column `{column}`: {message}"),
        }
    }

    /// The cell in column `name` as text.
    pub(crate) fn str(&self, name: &str) -> Result<&str, HtmlError> {
        let i = self.file.index(name)?;
        Ok(self.cells.get(i).map_or("", String::as_str))
    }

    /// The cell as a number (`NaN` and infinities are accepted: plots skip them).
    pub(crate) fn f64(&self, name: &str) -> Result<f64, HtmlError> {
        let text = self.str(name)?;
        text.trim()
            .parse()
            .map_err(|_| self.error(name, format!("expected a number, got {text:?}")))
    }

    /// The cell as a non-negative integer.
    pub(crate) fn u64(&self, name: &str) -> Result<u64, HtmlError> {
        let text = self.str(name)?;
        text.trim().parse().map_err(|_| {
            self.error(
                name,
                format!("expected a non-negative integer, got {text:?}"),
            )
        })
    }

    /// The cell as a non-negative integer, `None` when empty.
    pub(crate) fn opt_u64(&self, name: &str) -> Result<Option<u64>, HtmlError> {
        if self.str(name)?.trim().is_empty() {
            Ok(None)
        } else {
            self.u64(name).map(Some)
        }
    }

    /// The opponent of an `ab`, `fair_cost` or `ladder` row: `fleet (policy)` from the
    /// `opponent_fleet` and `opponent_policy` columns, `overall` when they are empty (the
    /// row pools every opponent).
    pub(crate) fn opponent(&self) -> Result<String, HtmlError> {
        let key = |name| -> Result<Option<&str>, HtmlError> {
            let text = self.str(name)?;
            Ok((!text.is_empty()).then_some(text))
        };
        Ok(crate::report::kinds::opponent_label(
            key("opponent_fleet")?,
            key("opponent_policy")?,
        ))
    }

    /// `fleet (policy)` from the columns `fleet` and `policy` (`prefix` `row_` / `col_` or
    /// empty).
    pub(crate) fn fleet_label(&self, prefix: &str) -> Result<String, HtmlError> {
        Ok(crate::report::kinds::key_label(
            self.str(&format!("{prefix}fleet"))?,
            self.str(&format!("{prefix}policy"))?,
        ))
    }

    /// The cell as `true`/`false`.
    pub(crate) fn bool(&self, name: &str) -> Result<bool, HtmlError> {
        let text = self.str(name)?;
        match text.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(self.error(name, format!("expected true or false, got {text:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CsvFile, HtmlError> {
        CsvFile::parse(Path::new("dir/x.csv"), text.as_bytes())
    }

    #[test]
    fn reads_by_name_and_ignores_extra_columns() {
        let f = parse("b,extra,a\n2,zzz,1.5\n").unwrap();
        f.require(&["a", "b"]).unwrap();
        let row = f.rows().next().unwrap();
        assert_eq!(row.f64("a").unwrap(), 1.5);
        assert_eq!(row.u64("b").unwrap(), 2);
        assert_eq!(f.len(), 1);
    }

    #[test]
    fn bad_number_names_file_line_and_column() {
        let f = parse("a,b\n1,2\n3,oops\n").unwrap();
        let err = f.rows().nth(1).unwrap().u64("b").unwrap_err();
        assert_eq!(
            err.to_string(),
            "dir/x.csv:3: column `b`: expected a non-negative integer, got \"oops\""
        );
    }

    #[test]
    fn ragged_row_names_file_and_line() {
        let err = parse("a,b\n1,2\n3\n").err().unwrap();
        assert_eq!(
            err.to_string(),
            "dir/x.csv:3: row has 1 fields, the header has 2"
        );
    }

    #[test]
    fn missing_column_names_the_header_line() {
        let f = parse("a,b\n").unwrap();
        let err = f.require(&["a", "score"]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("dir/x.csv:1: missing column `score`"),
            "{err}"
        );
    }

    #[test]
    fn empty_file_is_malformed() {
        let err = parse("").err().unwrap();
        assert_eq!(err.to_string(), "dir/x.csv:1: empty file: no header row");
    }

    #[test]
    fn optional_empty_cell() {
        let f = parse("a\n\n7\n").unwrap();
        // The csv crate skips blank lines; only the `7` row remains.
        let rows: Vec<_> = f.rows().map(|r| r.opt_u64("a").unwrap()).collect();
        assert_eq!(rows, [Some(7)]);
        let f = parse("a,b\n,1\n").unwrap();
        assert_eq!(f.rows().next().unwrap().opt_u64("a").unwrap(), None);
    }
}
