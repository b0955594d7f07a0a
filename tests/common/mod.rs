//! Helpers shared by the CLI integration tests: reading a report's CSV tables by column name.

use std::collections::HashMap;
use std::path::Path;

/// A CSV file as rows of column → value.
pub fn table(path: &Path) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_owned).collect();
    r.records()
        .map(|rec| {
            header
                .iter()
                .cloned()
                .zip(rec.unwrap().iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

/// A cell as a number.
pub fn num(row: &HashMap<String, String>, col: &str) -> f64 {
    row[col].parse().unwrap()
}
