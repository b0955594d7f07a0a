//! CSV encoding of report tables: a header row of column names, then one record per row.

use super::tables::Column;

/// Encode `columns` (all of the same length) as CSV bytes.
pub(crate) fn to_csv(columns: &[Column]) -> Result<Vec<u8>, csv::Error> {
    let rows = columns.first().map_or(0, |c| c.values.len());
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(columns.iter().map(|c| c.name))?;
    let mut record = Vec::with_capacity(columns.len());
    for row in 0..rows {
        record.clear();
        record.extend(columns.iter().map(|c| c.values.text(row)));
        w.write_record(&record)?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tables::Values;

    #[test]
    fn header_nulls_and_quoting() {
        let cols = vec![
            Column {
                name: "name",
                values: Values::Str(vec!["a, b".into(), "c".into()]),
            },
            Column {
                name: "points",
                values: Values::OptU32(vec![Some(3), None]),
            },
            Column {
                name: "rate",
                values: Values::F64(vec![0.5, 0.1]),
            },
            Column {
                name: "flag",
                values: Values::Bool(vec![true, false]),
            },
        ];
        let text = String::from_utf8(to_csv(&cols).unwrap()).unwrap();
        assert_eq!(
            text,
            "name,points,rate,flag\n\"a, b\",3,0.5,true\nc,,0.1,false\n"
        );
    }
}
