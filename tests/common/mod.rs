//! Helpers shared by the CLI integration tests: writing an experiment next to the shipped
//! configs, running `fleetlab`, reading a report's CSV tables by column name.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// Run `fleetlab ARGS` in `dir`; assert it succeeded and return its stdout.
pub fn fleetlab(args: &[&str], dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run fleetlab");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Write `text` as `<name>.toml` in `dir`, `SHIPPED` replaced by the shipped Cosmic Conflict
/// configs' directory; returns the file name.
#[allow(dead_code)] // each test crate uses a subset of these helpers
pub fn write_config(dir: &Path, name: &str, text: &str) -> String {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/cosmic-conflict");
    let text = text.replace("SHIPPED", &shipped.display().to_string());
    let file = format!("{name}.toml");
    std::fs::write(dir.join(&file), text).unwrap();
    file
}

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
#[allow(dead_code)] // each test crate uses a subset of these helpers
pub fn num(row: &HashMap<String, String>, col: &str) -> f64 {
    row[col].parse().unwrap()
}
