//! Parquet encoding of report tables. The only place that knows about polars.

use polars::prelude::{Column as PlColumn, DataFrame, ParquetCompression, ParquetWriter};

use super::tables::{Column, Values};

fn to_polars(column: &Column) -> PlColumn {
    let name = column.name.into();
    match &column.values {
        Values::Str(v) => PlColumn::new(name, v),
        Values::U32(v) => PlColumn::new(name, v),
        Values::OptU32(v) => PlColumn::new(name, v),
        Values::U64(v) => PlColumn::new(name, v),
        Values::I64(v) => PlColumn::new(name, v),
        Values::F64(v) => PlColumn::new(name, v),
        Values::Bool(v) => PlColumn::new(name, v),
    }
}

/// Encode `columns` (all `rows` long) as a Parquet file (zstd-compressed, serialized on the
/// calling thread), returning its bytes or polars' error message.
pub(crate) fn to_parquet(columns: &[Column], rows: usize) -> Result<Vec<u8>, String> {
    let mut df =
        DataFrame::new(rows, columns.iter().map(to_polars).collect()).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes)
        .with_compression(ParquetCompression::Zstd(None))
        .set_parallel(false) // small tables: not worth waking polars' thread pool
        .finish(&mut df)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
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
    fn round_trips_types_and_nulls() {
        let rows = summary_rows(&sample_results(), &ReportOptions::default());
        let bytes = to_parquet(&SummaryRow::columns(&rows), rows.len()).unwrap();
        let df = read(bytes);
        assert_eq!(df.height(), 1);
        let names: Vec<&str> = df.get_column_names().iter().map(|s| s.as_str()).collect();
        assert_eq!(names, SummaryRow::COLUMNS);
        let points_a = df.column("points_a").unwrap();
        assert_eq!(points_a.dtype(), &DataType::UInt32);
        assert_eq!(points_a.u32().unwrap().get(0), Some(40));
        assert_eq!(df.column("points_b").unwrap().null_count(), 1);
        let battles = df.column("battles").unwrap().u64().unwrap().get(0);
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
        let destroyed = ships.column("destroyed").unwrap().u64().unwrap();
        assert_eq!(destroyed.get(0), Some(2));
        assert_eq!(destroyed.get(1), Some(2));
        let dist = read(std::fs::read(dir.path().join("distributions.parquet")).unwrap());
        let csv = std::fs::read_to_string(dir.path().join("distributions.csv")).unwrap();
        assert_eq!(dist.height(), csv.lines().count() - 1);
        let overflow = dist.column("overflow").unwrap().bool().unwrap();
        assert!((0..overflow.len()).any(|i| overflow.get(i) == Some(true)));
    }
}
