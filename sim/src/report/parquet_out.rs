//! Parquet encoding of report tables. The only place that knows about polars.
//!
//! What other tools read (`docs/schema.md`): every integer column is a signed 64-bit
//! integer (`Int64`: counts can be subtracted in SQL without an unsigned overflow), every text
//! column a plain string. Polars 0.55's eager writer stores its in-memory string type
//! (`string_view`) in the Arrow schema it writes into the file's footer (`ARROW:schema`),
//! which older Arrow readers reject; the footer here carries the same schema with
//! `large_string` instead (the data pages are the same Parquet `BYTE_ARRAY` strings either
//! way, as the polars fix pola-rs/polars#26436 does for its own writer).

use polars::prelude::{
    Column as PlColumn, CompatLevel, DataFrame, KeyValueMetadata, ParquetCompression, ParquetWriter,
};

use super::tables::{Column, Values};

fn to_i64(name: &str, values: impl Iterator<Item = u64>) -> Result<Vec<i64>, String> {
    values
        .map(|v| i64::try_from(v).map_err(|_| format!("column `{name}`: {v} exceeds Int64")))
        .collect()
}

fn to_polars(column: &Column) -> Result<PlColumn, String> {
    let name = column.name.into();
    Ok(match &column.values {
        Values::Str(v) => PlColumn::new(name, v),
        Values::OptStr(v) => PlColumn::new(name, v),
        Values::U32(v) => PlColumn::new(name, v.iter().map(|&x| i64::from(x)).collect::<Vec<_>>()),
        Values::OptU32(v) => {
            PlColumn::new(name, v.iter().map(|x| x.map(i64::from)).collect::<Vec<_>>())
        }
        Values::U64(v) => PlColumn::new(name, to_i64(column.name, v.iter().copied())?),
        Values::I64(v) => PlColumn::new(name, v),
        Values::F64(v) => PlColumn::new(name, v),
        Values::Bool(v) => PlColumn::new(name, v),
    })
}

/// The footer's `ARROW:schema` of `df`, with polars' oldest compatibility level: strings as
/// `large_string`, not `string_view`.
fn compatible_arrow_schema(df: &DataFrame) -> KeyValueMetadata {
    let schema: polars::prelude::ArrowSchema = df
        .schema()
        .iter()
        .map(|(name, dtype)| {
            let field = dtype.to_arrow_field(name.clone(), CompatLevel::oldest());
            (field.name.clone(), field)
        })
        .collect();
    let kv = polars_parquet::write::schema_to_metadata_key(&schema);
    KeyValueMetadata::from_static(vec![(kv.key, kv.value.unwrap_or_default())])
}

/// Encode `columns` (all `rows` long) as a Parquet file (zstd-compressed, serialized on the
/// calling thread), returning its bytes or polars' error message.
pub(crate) fn to_parquet(columns: &[Column], rows: usize) -> Result<Vec<u8>, String> {
    let mut df = frame(columns, rows)?;
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes)
        .with_compression(ParquetCompression::Zstd(None))
        .with_key_value_metadata(Some(compatible_arrow_schema(&df)))
        .set_parallel(false) // small tables: not worth waking polars' thread pool
        .finish(&mut df)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// A Parquet file written in row groups as its rows arrive (the per-battle table, whose rows
/// do not fit in memory at once), with the same types and footer schema as [`to_parquet`].
pub(crate) struct ParquetStream {
    writer: polars::prelude::BatchedWriter<std::fs::File>,
    file: std::fs::File,
}

impl ParquetStream {
    /// Start a Parquet file on `file` with the columns of `empty` (the table's columns with
    /// no rows: they give the schema).
    pub(crate) fn create(file: std::fs::File, empty: &[Column]) -> Result<ParquetStream, String> {
        let df = frame(empty, 0)?;
        let clone = file.try_clone().map_err(|e| e.to_string())?;
        let writer = ParquetWriter::new(clone)
            .with_compression(ParquetCompression::Zstd(None))
            .with_key_value_metadata(Some(compatible_arrow_schema(&df)))
            .set_parallel(false)
            .batched(df.schema())
            .map_err(|e| e.to_string())?;
        Ok(ParquetStream { writer, file })
    }

    /// Append `columns` (all `rows` long) as one row group.
    pub(crate) fn write(&mut self, columns: &[Column], rows: usize) -> Result<(), String> {
        let df = frame(columns, rows)?;
        self.writer.write_batch(&df).map_err(|e| e.to_string())
    }

    /// Write the footer and fsync the file.
    pub(crate) fn finish(self) -> Result<(), String> {
        self.writer.finish().map_err(|e| e.to_string())?;
        self.file.sync_all().map_err(|e| e.to_string())
    }
}

fn frame(columns: &[Column], rows: usize) -> Result<DataFrame, String> {
    let columns = columns
        .iter()
        .map(to_polars)
        .collect::<Result<Vec<_>, _>>()?;
    DataFrame::new(rows, columns).map_err(|e| e.to_string())
}

/// The columns of a Parquet file as other tools see them: each column's name and the Arrow
/// type the footer's `ARROW:schema` declares (`int64`, `float64`, `bool`, `large_string`;
/// anything else by its Arrow name, e.g. `string_view`, `uint32`), and the number of rows
/// polars' own reader reads back. For the schema test (`tests/schema.rs`): polars' reader
/// itself reports every string column as its in-memory `string_view`, so the declared types
/// are decoded from the footer directly.
pub fn parquet_columns(bytes: &[u8]) -> Result<(Vec<(String, String)>, usize), String> {
    use polars::prelude::{ArrowDataType as A, ParquetReader, SerReader};
    let mut cursor = std::io::Cursor::new(bytes);
    let metadata = polars_parquet::read::read_metadata(&mut cursor).map_err(|e| e.to_string())?;
    let encoded = metadata
        .key_value_metadata()
        .iter()
        .flatten()
        .find(|kv| kv.key == "ARROW:schema")
        .and_then(|kv| kv.value.clone())
        .ok_or("no ARROW:schema in the footer")?;
    let ipc = base64_decode(&encoded)?;
    // The legacy IPC framing: 0xFFFFFFFF, then the length.
    let ipc = if ipc.starts_with(&[255; 4]) {
        &ipc[8..]
    } else {
        &ipc[..]
    };
    let (schema, _, _) =
        polars_arrow::io::ipc::read::deserialize_schema(ipc).map_err(|e| e.to_string())?;
    let columns = schema
        .iter_values()
        .map(|f| {
            let ty = match &f.dtype {
                A::Int64 => "int64".to_owned(),
                A::Float64 => "float64".to_owned(),
                A::Boolean => "bool".to_owned(),
                A::LargeUtf8 => "large_string".to_owned(),
                A::Utf8 => "string".to_owned(),
                A::Utf8View => "string_view".to_owned(),
                other => format!("{other:?}").to_lowercase(),
            };
            (f.name.to_string(), ty)
        })
        .collect();
    let rows = ParquetReader::new(std::io::Cursor::new(bytes))
        .finish()
        .map_err(|e| e.to_string())?
        .height();
    Ok((columns, rows))
}

/// Standard base64 (with padding), as the footer's `ARROW:schema` is encoded.
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = value(c).ok_or_else(|| format!("not base64: {:?}", c as char))?;
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use polars::prelude::{DataType, ParquetReader, SerReader};

    use super::*;
    use crate::report::tables::{SummaryRow, Table, summary_rows};
    use crate::report::test_support::{TestDir, sample_results};
    use crate::report::{ReportOptions, write_report};

    fn read(bytes: Vec<u8>) -> DataFrame {
        ParquetReader::new(Cursor::new(bytes)).finish().unwrap()
    }

    #[test]
    fn base64_of_the_footer() {
        assert_eq!(base64_decode("TWFu").unwrap(), b"Man");
        assert_eq!(base64_decode("TWE=").unwrap(), b"Ma");
        assert_eq!(base64_decode("TQ==").unwrap(), b"M");
        assert!(base64_decode("T*==").is_err());
    }

    /// Counts are signed and strings plain `large_string` in the footer's Arrow schema
    /// (polars 0.55 would write `uint32`/`uint64` and `string_view`).
    #[test]
    fn footer_declares_int64_and_large_string() {
        let rows = summary_rows(&sample_results(), &ReportOptions::default());
        let bytes = to_parquet(&SummaryRow::columns(&rows), rows.len()).unwrap();
        let (columns, n) = parquet_columns(&bytes).unwrap();
        assert_eq!(n, 1);
        let ty = |name: &str| columns.iter().find(|c| c.0 == name).unwrap().1.as_str();
        assert_eq!(ty("matchup"), "large_string");
        assert_eq!(ty("points_a"), "int64");
        assert_eq!(ty("battles"), "int64");
        assert_eq!(ty("a_win_rate"), "float64");
    }

    #[test]
    fn round_trips_types_and_nulls() {
        let rows = summary_rows(&sample_results(), &ReportOptions::default());
        let bytes = to_parquet(&SummaryRow::columns(&rows), rows.len()).unwrap();
        let df = read(bytes);
        assert_eq!(df.height(), 1);
        let names: Vec<&str> = df.get_column_names().iter().map(|s| s.as_str()).collect();
        assert_eq!(names, SummaryRow::COLUMNS);
        let points_a = df.column("points_a").unwrap();
        assert_eq!(points_a.dtype(), &DataType::Int64);
        assert_eq!(points_a.i64().unwrap().get(0), Some(40));
        assert_eq!(df.column("points_b").unwrap().null_count(), 1);
        let battles = df.column("battles").unwrap().i64().unwrap().get(0);
        assert_eq!(battles, Some(4));
        let rate = df.column("a_win_rate").unwrap().f64().unwrap().get(0);
        assert_eq!(rate, Some(0.5));
        let label = df
            .column("matchup")
            .unwrap()
            .str()
            .unwrap()
            .get(0)
            .map(str::to_owned);
        assert_eq!(label.as_deref(), Some("alpha (brawler) vs beta (standoff)"));
    }

    #[test]
    fn report_parquet_files_read_back() {
        let dir = TestDir::new("parquet-read-back");
        write_report(
            dir.path(),
            &crate::report::test_support::sample_manifest(),
            &sample_results(),
            &ReportOptions::default(),
        )
        .unwrap();
        let summary = read(std::fs::read(dir.path().join("summary.parquet")).unwrap());
        assert_eq!(summary.height(), 1);
        let ships = read(std::fs::read(dir.path().join("ships.parquet")).unwrap());
        assert_eq!(ships.height(), 2);
        let destroyed = ships.column("destroyed").unwrap().i64().unwrap();
        assert_eq!(destroyed.get(0), Some(2));
        assert_eq!(destroyed.get(1), Some(2));
        let dist = read(std::fs::read(dir.path().join("distributions.parquet")).unwrap());
        let csv = std::fs::read_to_string(dir.path().join("distributions.csv")).unwrap();
        assert_eq!(dist.height(), csv.lines().count() - 1);
        let overflow = dist.column("overflow").unwrap().bool().unwrap();
        assert!((0..overflow.len()).any(|i| overflow.get(i) == Some(true)));
    }
}
