//! The data other tools read (issue 18 §4): every table of a report of every kind, read
//! back from its Parquet file with polars' own reader, has signed 64-bit integers, plain
//! (`large_string`) strings, 64-bit floats and booleans only — no unsigned integers (a SQL
//! subtraction of two unsigned counts overflows) and no `string_view` (older Arrow readers
//! reject it) — the same columns as its CSV file, and exactly the columns and types
//! `docs/schema.md` documents for it, in order (so the documentation cannot go stale); the
//! CSV-only per-battle table has exactly its documented columns.
//!
//! Python's pyarrow and DuckDB are not required: polars' reader reads the Arrow schema stored
//! in the file's footer, which is what they read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;
use common::fleetlab;

/// The shipped config `system/name.toml`.
fn shipped(system: &str, name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs")
        .join(system)
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

/// `docs/schema.md`: table → [(column, type)], in the documented order.
fn documented() -> BTreeMap<String, Vec<(String, String)>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schema.md");
    let text = std::fs::read_to_string(path).unwrap();
    let mut tables = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(name) = line
            .strip_prefix("### `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            current = Some(name.to_owned());
            tables.insert(name.to_owned(), Vec::new());
        } else if line.starts_with("## ") || line.starts_with("### ") {
            current = None;
        } else if let (Some(table), Some(row)) = (&current, line.strip_prefix("| `")) {
            let cells: Vec<&str> = row.split(" | ").collect();
            let column = cells[0].trim_end_matches('`').to_owned();
            tables
                .get_mut(table)
                .unwrap()
                .push((column, cells[1].trim().to_owned()));
        }
    }
    tables
}

/// The type a documented type is written as in Parquet.
fn parquet_type(documented: &str) -> &'static str {
    match documented.split(',').next().unwrap().trim() {
        "int64" => "int64",
        "float64" => "float64",
        "bool" => "bool",
        "string" => "large_string",
        other => panic!("docs/schema.md: unknown type {other:?}"),
    }
}

fn csv_header(path: &Path) -> Vec<String> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.headers().unwrap().iter().map(str::to_owned).collect()
}

/// Check every table of the report in `dir`; returns the table names seen.
fn check_report(dir: &Path, docs: &BTreeMap<String, Vec<(String, String)>>) -> Vec<String> {
    let mut seen = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "parquet"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no Parquet tables", dir.display());
    for path in files {
        let table = path.file_stem().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (columns, rows) = fleetlab_sim::report::parquet_columns(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (name, ty) in &columns {
            assert!(
                ["int64", "float64", "bool", "large_string"].contains(&ty.as_str()),
                "{}: column `{name}` is {ty}: other tools expect int64, float64, bool or \
                 large_string",
                path.display()
            );
        }
        let names: Vec<String> = columns.iter().map(|c| c.0.clone()).collect();
        let csv = path.with_extension("csv");
        assert_eq!(
            names,
            csv_header(&csv),
            "{}: CSV and Parquet columns differ",
            table
        );
        let csv_rows = common::table(&csv).len();
        assert_eq!(rows, csv_rows, "{table}: CSV and Parquet rows differ");
        let doc = docs
            .get(&table)
            .unwrap_or_else(|| panic!("docs/schema.md has no section ### `{table}`"));
        let doc_columns: Vec<(String, String)> = doc
            .iter()
            .map(|(c, t)| (c.clone(), parquet_type(t).to_owned()))
            .collect();
        assert_eq!(
            columns, doc_columns,
            "docs/schema.md `{table}` does not list the columns written, in order"
        );
        seen.push(table);
    }
    // CSV-only tables (the streamed per-battle table): the documented columns, in order.
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "csv") && !path.with_extension("parquet").exists()
        {
            let table = path.file_stem().unwrap().to_string_lossy().into_owned();
            let doc = docs
                .get(&table)
                .unwrap_or_else(|| panic!("docs/schema.md has no section ### `{table}`"));
            let names: Vec<String> = doc.iter().map(|(c, _)| c.clone()).collect();
            assert_eq!(csv_header(&path), names, "docs/schema.md `{table}`");
            seen.push(table);
        }
    }
    seen
}

#[test]
fn every_table_has_portable_types_and_its_documented_columns() {
    let docs = documented();
    let tmp = tempfile::tempdir().unwrap();
    let out = |name: &str| tmp.path().join(name).display().to_string();
    let runs: [(&str, Vec<String>); 5] = [
        (
            "run",
            vec![
                "run".into(),
                shipped("cosmic-conflict", "reference-3v3"),
                "--battles".into(),
                "64".into(),
                "--per-battle".into(),
            ],
        ),
        (
            "ab",
            vec![
                "run".into(),
                shipped("cosmic-conflict", "enhancement-ab"),
                "--battles".into(),
                "16".into(),
            ],
        ),
        (
            "matrix",
            vec![
                "run".into(),
                shipped("cosmic-conflict", "fleet-matrix"),
                "--battles".into(),
                "16".into(),
            ],
        ),
        (
            "sweep",
            vec![
                "run".into(),
                shipped("cosmic-conflict", "sweep-lancer-size"),
                "--battles".into(),
                "16".into(),
            ],
        ),
        (
            "audit",
            vec![
                "audit".into(),
                shipped("junction", "reference-2v2"),
                "--battles".into(),
                "32".into(),
                "--no-game".into(),
            ],
        ),
    ];
    let mut seen = Vec::new();
    for (name, mut args) in runs {
        args.extend(["--out".into(), out(name)]);
        if name != "audit" {
            args.push("--quiet".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fleetlab(&args, tmp.path());
        seen.extend(check_report(&tmp.path().join(name), &docs));
    }
    // A policy game with a search player: the game tables and `search`.
    let game = tmp.path().join("game.toml");
    std::fs::write(
        &game,
        format!(
            "rule_system = \"junction\"\ninclude = [\"{0}/catalogue.toml\", \
             \"{0}/designs.toml\", \"{0}/fleets.toml\"]\n[experiment]\nseed = 5\nbattles = 8\n\
             [experiment.game]\na = {{ fleet = \"strike-group\" }}\nb = {{ fleet = \
             \"battle-line\" }}\npolicies = [\"brawler\", \"turret\"]\nsearch = {{ rollouts = 2 \
             }}\n",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("configs/junction")
                .display()
        ),
    )
    .unwrap();
    fleetlab(
        &["run", "game.toml", "--quiet", "--out", &out("game")],
        tmp.path(),
    );
    seen.extend(check_report(&tmp.path().join("game"), &docs));
    // Answers under the policy game: an A/B and a matrix with `[experiment.under_game]`.
    let cc = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/cosmic-conflict");
    let head = format!(
        "rule_system = \"cosmic-conflict\"\ninclude = [\"{0}/designs.toml\", \
         \"{0}/fleets.toml\"]\n[experiment]\nseed = 5\nbattles = 8\n\
         [experiment.under_game]\nbattles = 8\npresets = [\"standoff\"]\n",
        cc.display()
    );
    let kinds = [
        (
            "ab-under-game",
            "[experiment.ab]\nbase = { fleet = \"line-kinetic\" }\nvariant = { fleet = \
             \"wolfpack\" }\nopponents = [{ fleet = \"line-beam\" }]\nladder = [{ fleet = \
             \"capital\" }, { fleet = \"missile-screen\" }]\n",
        ),
        (
            "matrix-under-game",
            "[experiment.matrix]\nfleets = [{ fleet = \"line-kinetic\" }, { fleet = \
             \"line-beam\" }]\n",
        ),
    ];
    for (name, kind) in kinds {
        let file = tmp.path().join(format!("{name}.toml"));
        std::fs::write(&file, format!("{head}{kind}")).unwrap();
        fleetlab(
            &[
                "run",
                &file.display().to_string(),
                "--quiet",
                "--out",
                &out(name),
            ],
            tmp.path(),
        );
        seen.extend(check_report(&tmp.path().join(name), &docs));
    }
    seen.sort();
    seen.dedup();
    let documented: Vec<String> = docs.keys().cloned().collect();
    assert_eq!(
        seen, documented,
        "docs/schema.md documents exactly the tables fleetlab writes"
    );
}
