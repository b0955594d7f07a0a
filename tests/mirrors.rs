//! Seat fairness in CI: a few mirror matchups (a fleet with a policy against itself) per
//! registered rule system, at a fixed seed. Side A and side B must win equally often; the
//! bound comes from the multinomial standard error of the gap (`fleetlab_sim::mirror`):
//! |pA − pB| ≤ 5 SE, a false failure about once in 1.7 million fair mirrors.
//!
//! Edit the lists below to change the sample. `fleetlab mirror` plays all of them.

use fleetlab_engine::RuleSystem;
use fleetlab_sim::load;
use fleetlab_sim::mirror::{self, SeatGap};
use fleetlab_sim::registry::{self, NAMES, SystemTask};

/// Mirrors that must be seat-fair: (experiment whose documents define the fleet, fleet,
/// policy preset).
const SAMPLE: &[(&str, &str, &str)] = &[
    (
        "configs/cosmic-conflict/reference-3v3.toml",
        "line-kinetic",
        "brawler",
    ),
    (
        "configs/cosmic-conflict/reference-3v3.toml",
        "line-beam",
        "standoff",
    ),
    ("configs/junction/reference-2v2.toml", "monitor", "turret"),
    (
        "configs/junction/reference-2v2.toml",
        "relay-pair",
        "missile-boat",
    ),
    // Seat-biased until simultaneous launches (+9.0 pp) and Area Denial marks at rest facing
    // the shooter (−7.6 pp).
    (
        "configs/junction/reference-2v2.toml",
        "excalibur-group",
        "brawler",
    ),
    (
        "configs/junction/reference-2v2.toml",
        "monitor",
        "missile-boat",
    ),
    // The worst Junction mirrors before issue 15's fixes (100, 90 and 7 pp apart).
    (
        "configs/junction/reference-2v2.toml",
        "strike-group",
        "missile-boat",
    ),
    (
        "configs/junction/reference-2v2.toml",
        "battle-line",
        "brawler",
    ),
    (
        "configs/junction/reference-2v2.toml",
        "picket-screen",
        "brawler",
    ),
    (
        "configs/ship-to-ship/reference-duel.toml",
        "frigate",
        "gunner",
    ),
    (
        "configs/ship-to-ship/reference-duel.toml",
        "destroyer",
        "standoff",
    ),
    (
        "configs/ship-to-ship/reference-duel.toml",
        "destroyer",
        "standoff-v2",
    ),
    (
        "configs/ship-to-ship/fleet-battle.toml",
        "escort-group",
        "rusher",
    ),
    // Target-lock (seed 002): a gun line and a missile group on the placeholder weapon table.
    (
        "configs/target-lock/reference-2v2.toml",
        "gun-line",
        "lock-then-fire",
    ),
    (
        "configs/target-lock/reference-2v2.toml",
        "missile-group",
        "massed-seekers",
    ),
    (
        "configs/target-lock/reference-2v2.toml",
        "missile-group",
        "massed-seekers-v2",
    ),
    (
        "configs/target-lock/reference-2v2.toml",
        "gun-line",
        "closing-seekers-v2",
    ),
    // Cold Infinity (seed 000): railgun frigates and particle/laser frigates.
    (
        "configs/cold-infinity/reference-2v2.toml",
        "reapers",
        "closing-gunline",
    ),
    (
        "configs/cold-infinity/reference-2v2.toml",
        "wardens",
        "closing-gunline",
    ),
    (
        "configs/cold-infinity/reference-2v2.toml",
        "wardens",
        "standoff-gunline",
    ),
    // The EW-support and brawler presets (session 27).
    (
        "configs/cold-infinity/reference-2v2.toml",
        "reapers",
        "ew-support",
    ),
    (
        "configs/cold-infinity/reference-2v2.toml",
        "wardens",
        "close-brawler",
    ),
    // Guided weapons (§9): the Reapers with their missile racks.
    (
        "configs/cold-infinity/missile-carrier.toml",
        "reapers-racked",
        "missile-carrier",
    ),
];

/// Mirrors known to favour a seat, played and printed, not asserted: move them into
/// [`SAMPLE`] once fixed. None since issue 15 (resolved in session 15): the last two
/// Junction ones (excalibur-group brawler, monitor missile-boat) were fixed by simultaneous
/// launches and Area Denial marks at rest facing the shooter, and are in [`SAMPLE`].
const KNOWN_SEAT_BIASED: &[(&str, &str, &str)] = &[];

/// Battles per mirror: 4 batches (SE ≤ 1.6 pp).
const BATTLES: u64 = 4096;
const SEED: u64 = 15;
/// The bound, in standard errors.
const LIMIT_SE: f64 = 5.0;

struct Play<'a> {
    config: &'a str,
    fleet: &'a str,
    policy: &'a str,
}

impl SystemTask for Play<'_> {
    type Output = SeatGap;

    fn run<R: RuleSystem>(self) -> SeatGap {
        let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(self.config);
        let src = load::read_source(&config).unwrap();
        let side = mirror::preset_side(self.fleet, self.policy);
        let mirrors = mirror::play_mirrors::<R>(&src, &[side], SEED, BATTLES, &|_| {}).unwrap();
        let result = mirrors[0].result.as_ref().unwrap();
        SeatGap::of(result)
    }
}

fn play(&(config, fleet, policy): &(&str, &str, &str)) -> SeatGap {
    let src =
        load::read_source(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(config)).unwrap();
    let system = load::rule_system_of(&src).unwrap();
    registry::with_system(
        &system,
        Play {
            config,
            fleet,
            policy,
        },
    )
    .unwrap()
}

fn describe(m: &(&str, &str, &str), g: &SeatGap) -> String {
    format!(
        "{} ({}) mirror in {}: A {} B {} draws {} of {}: gap {:+.1} pp, {:+.1} SE",
        m.1,
        m.2,
        m.0,
        g.a_wins,
        g.b_wins,
        g.draws,
        g.battles,
        100.0 * g.gap(),
        g.z()
    )
}

#[test]
fn sampled_mirrors_are_seat_fair() {
    let mut failures = Vec::new();
    for m in SAMPLE {
        let g = play(m);
        assert_eq!(g.battles, BATTLES);
        println!("{}", describe(m, &g));
        if !g.passes(LIMIT_SE) {
            failures.push(describe(m, &g));
        }
    }
    for m in KNOWN_SEAT_BIASED {
        println!("known seat bias: {}", describe(m, &play(m)));
    }
    assert!(
        failures.is_empty(),
        "seat-biased mirrors:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_sample_covers_every_rule_system() {
    for name in NAMES {
        let covered = SAMPLE.iter().any(|(config, _, _)| {
            let src =
                load::read_source(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(config))
                    .unwrap();
            load::rule_system_of(&src).unwrap() == *name
        });
        assert!(covered, "no mirror of {name} in the sample");
    }
}

/// `fleetlab audit` writes its three files and exits 0 (fair seats) or 1 (a gap beyond
/// 4 SE); a config that does not exist is bad input (exit 2).
#[test]
fn audit_writes_its_files_and_says_by_its_exit_code() {
    let out = tempfile::tempdir().unwrap();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([
            "audit",
            "configs/cosmic-conflict/reference-3v3.toml",
            "--battles",
            "1024",
            "--out",
        ])
        .arg(out.path())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(matches!(run.status.code(), Some(0 | 1)), "{stdout}");
    assert!(
        stdout.contains("line-kinetic (brawler) vs line-beam"),
        "{stdout}"
    );
    // reference-3v3 is scored by the text's victory conditions: no house rule decides it.
    assert!(!stdout.contains("game_end_points_destroyed"), "{stdout}");
    for f in ["audit.json", "audit.csv", "audit.parquet"] {
        assert!(out.path().join(f).is_file(), "{f}");
    }
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.path().join("audit.json")).unwrap()).unwrap();
    assert_eq!(json["battles"], 1024);
    assert_eq!(json["passes"], run.status.code() == Some(0));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["audit", "configs/no-such-experiment.toml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
