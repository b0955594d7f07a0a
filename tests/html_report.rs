//! `fleetlab run --html` and `fleetlab report DIR` write a self-contained report.html from a
//! report directory; `report` on a directory that is not a complete report exits 2.

use std::path::Path;
use std::process::{Command, Output};

const CONFIG: &str = "configs/cosmic-conflict/showcase.toml";

fn fleetlab(args: &[&str], paths: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .args(paths)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run fleetlab")
}

fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The HTML of the section with anchor `id`.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

#[test]
fn run_html_writes_a_self_contained_page() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("showcase");
    let run = ok(fleetlab(
        &[
            "run",
            CONFIG,
            "--battles",
            "300",
            "--quiet",
            "--html",
            "--out",
        ],
        &[&out],
    ));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let page = out.join("report.html");
    assert!(
        stdout.contains(&format!("html report: {}", page.display())),
        "{stdout}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("fleetlab report: showcase"));
    assert!(html.contains("cosmic-conflict"));
    assert!(html.contains("class=\"status complete\""));
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"));
    // Four matchups: a whisker (one circle) for each side of each.
    let win_rates = section(&html, "win-rates");
    assert_eq!(win_rates.matches("<circle").count(), 8);
    for label in [
        "line-kinetic (brawler) vs line-beam (standoff)",
        "dreadnought (brawler) vs missile-screen (standoff)",
    ] {
        assert!(win_rates.contains(&format!("<td>{label}</td>")), "{label}");
    }
    // Turns and damage histograms for each matchup.
    assert_eq!(section(&html, "distributions").matches("<svg").count(), 8);
    assert!(section(&html, "ships").contains("cruiser"));
    // How battles were decided: every decider that decided a battle as a column, the others
    // named under the table; the text's victory conditions decide the showcase games, so the
    // house rule's measure decides none and no matchup is flagged as a tie-break (the flag and
    // the house-rule columns: `report::html` unit tests).
    let decided = section(&html, "decided-by");
    assert!(
        decided.contains(
            "Decided no battle here: mutual_destruction, points_destroyed, draw_at_game_end."
        ),
        "{decided}"
    );
    assert!(decided.contains("annihilation"), "{decided}");
    assert!(
        decided.contains("<th>victory_<wbr>conditions</th>"),
        "{decided}"
    );
    assert!(!decided.contains("TIE-BREAK"), "{decided}");

    // `fleetlab report` on the same directory writes the same page.
    let again = tmp.path().join("again.html");
    ok(fleetlab(&["report"], &[&out, Path::new("--out"), &again]));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), html);
}

#[test]
fn report_of_a_directory_without_manifest_exits_2() {
    let tmp = tempfile::tempdir().unwrap();
    let out = fleetlab(&["report"], &[tmp.path()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("is not a complete report directory: it has no manifest.json"),
        "{stderr}"
    );
    assert!(!tmp.path().join("report.html").exists());
}

#[test]
fn html_with_shard_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = fleetlab(
        &[
            "run",
            CONFIG,
            "--battles",
            "10",
            "--shard",
            "0/2",
            "--html",
            "--out",
        ],
        &[tmp.path()],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--html"));
}
