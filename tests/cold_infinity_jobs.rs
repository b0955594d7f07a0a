//! Cold Infinity (seed 000): points are construction points (§16–17) computed from the designs,
//! and `fleetlab points` prints them; a construction reading moves them.

use std::path::Path;
use std::process::{Command, Output};

use fleetlab_engine::RuleSystem;
use fleetlab_engine::rules::cold_infinity::ColdInfinity;

fn fleetlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fleetlab")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `fleetlab points` prints every fleet and ship in CP, as computed from the designs
/// (`docs/house-rules/cold-infinity.md`, "The battle's points are these CP").
#[test]
fn points_prints_every_fleet_and_ship_in_construction_points() {
    let o = fleetlab(&["points", "configs/cold-infinity/reference-2v2.toml"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().map(str::trim_end).collect();
    assert_eq!(
        lines,
        [
            "reapers: 1384 CP",
            "  A1 Reaper                        692 CP",
            "  A2 Reaper                        692 CP",
            "wardens: 1332 CP",
            "  B1 Warden                        666 CP",
            "  B2 Warden                        666 CP",
        ],
        "{out}"
    );
    let o = fleetlab(&["points", "configs/cold-infinity/gunship-duel.toml"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("gunship: 372 CP"), "{out}");
    assert!(out.contains("frigate: 666 CP"), "{out}");
}

/// Each shipped design's CP and the design data they rest on (the table in the docs), and
/// `cp_design_data` among the house rules every shipped matchup lists.
#[test]
fn shipped_designs_cost_what_the_docs_say() {
    let exp = fleetlab_sim::load::load::<ColdInfinity>(
        &root().join("configs/cold-infinity/gunship-duel.toml"),
    )
    .unwrap();
    let mut seen = Vec::new();
    for m in &exp.matchups {
        for d in &m.matchup.designs {
            seen.push((
                d.design.name.clone(),
                d.cost.cp,
                d.cost.design_data_cp,
                d.design.cp,
            ));
        }
        assert!(ColdInfinity::house_rules(&m.matchup).contains(&"cp_design_data"));
    }
    let exp = fleetlab_sim::load::load::<ColdInfinity>(
        &root().join("configs/cold-infinity/reference-2v2.toml"),
    )
    .unwrap();
    for d in &exp.matchups[0].matchup.designs {
        seen.push((
            d.design.name.clone(),
            d.cost.cp,
            d.cost.design_data_cp,
            d.design.cp,
        ));
    }
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen,
        [
            ("Lancer".to_string(), 372, 242, 372),
            ("Reaper".to_string(), 692, 440, 692),
            ("Warden".to_string(), 666, 420, 666),
        ]
    );
}

/// §16.4.1: the table's Wide +25% against the worked example's +10% (`wide_arc`): the
/// Reaper's four Wide railguns cost 38 → 47.5 → 48 each, or 41.8 → 42 — 24 CP less a ship.
#[test]
fn the_wide_arc_reading_moves_the_points() {
    let dir = tempfile::tempdir().unwrap();
    let src = root().join("configs/cold-infinity");
    let mut t = std::fs::read_to_string(src.join("reference-2v2.toml")).unwrap();
    t = t.replace(
        "include = [\"scenario.toml\"]",
        &format!("include = [\"{}/scenario.toml\"]", src.display()),
    );
    t.push_str("\n[house_rules]\nwide_arc = \"example\"\n");
    let path = dir.path().join("wide.toml");
    std::fs::write(&path, t).unwrap();
    let o = fleetlab(&["points", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("reapers: 1336 CP"), "{out}");
    assert!(out.contains("wardens: 1332 CP"), "{out}");
}

const BASELINE: &str = "reports/baselines/cold-infinity-reference-2v2.json";

/// The committed `check` baseline of `reference-2v2` (5,000 battles, recorded with
/// `fleetlab baseline configs/cold-infinity/reference-2v2.toml --out
/// reports/baselines/cold-infinity-reference-2v2.json --battles 5000`) passes unchanged.
#[test]
fn the_committed_baseline_passes() {
    let o = fleetlab(&[
        "check",
        "configs/cold-infinity/reference-2v2.toml",
        "--baseline",
        BASELINE,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("no shift"), "{}", text(&o));
}

/// A rule change that moves the balance fails the gate (exit 1): `thrust_order =
/// "accelerate-then-rotate"` (D19 11: the burn along the nose held at the start of the move, so
/// a course change takes a turn more) moves the Reapers' win rate by +21.9 pp [+20.4, +23.4]
/// (session 26, a disarmed side out of the fight; +23.9 in session 25, −4.5 in session 24).
/// `simultaneity = "marked-at-once"` moves it by −12.4 pp, `los_blockers = "firer-half-only"`
/// by +1.6 pp, `disarmed = "fights-on"` by −7.7 pp; `hit_chart = "example-c"` (+0.5 pp) is
/// not flagged at 5,000 battles.
#[test]
fn a_house_rule_change_fails_the_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let src = root().join("configs/cold-infinity");
    let mut t = std::fs::read_to_string(src.join("reference-2v2.toml")).unwrap();
    t = t.replace(
        "include = [\"scenario.toml\"]",
        &format!("include = [\"{}/scenario.toml\"]", src.display()),
    );
    t.push_str(&format!("\n[house_rules]\n{GATE_CHANGE}\n"));
    let path = dir.path().join("reference-2v2.toml");
    std::fs::write(&path, t).unwrap();
    let o = fleetlab(&["check", path.to_str().unwrap(), "--baseline", BASELINE]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
}

/// The house-rule change the gate must catch.
const GATE_CHANGE: &str = "thrust_order = \"accelerate-then-rotate\"";

/// The three jobs' configs run end to end (few battles: the answers are in the docs).
#[test]
fn the_ab_its_chart_copy_and_the_matrix_run() {
    for config in [
        "configs/cold-infinity/piercing-vs-burst-ab.toml",
        "configs/cold-infinity/piercing-vs-burst-ab-example-c.toml",
        "configs/cold-infinity/tracking-vs-burst-ab.toml",
        "configs/cold-infinity/fleet-matrix.toml",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let o = fleetlab(&[
            "run",
            config,
            "--battles",
            "20",
            "--quiet",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{config}: {}", text(&o));
        assert!(out.join("manifest.json").exists(), "{config}");
    }
}
