//! What the commands print (issue 18 §3): `run` and `merge` answer first (question, answer
//! with its interval, trust flags) with full names and policies by preset name only; `merge`
//! can write the HTML; `validate` numbers the matchups; `trace` tells the result in words and
//! survives a closed pipe, and every trace speaks the game's words; `bench` works from any
//! directory.

use std::path::Path;
use std::process::{Command, Output, Stdio};

const CONFIG: &str = "configs/cosmic-conflict/reference-3v3.toml";

fn fleetlab(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(cwd)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run fleetlab")
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The verdict comes right after the headline; names are never cut and policy parameters
/// stay in the report files.
fn assert_answers_first(stdout: &str) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[1].starts_with("question: who wins line-kinetic (brawler) vs line-beam (brawler)?"),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with("answer:   line-kinetic (brawler) wins"),
        "{stdout}"
    );
    assert!(lines[2].contains("% ["), "{stdout}");
    assert!(lines[3].starts_with("trust:    "), "{stdout}");
    assert!(stdout.contains("`fleetlab audit"), "{stdout}");
    assert!(!stdout.contains('…'), "a name was cut:\n{stdout}");
    assert!(
        !stdout.contains("move=close"),
        "policy parameters printed:\n{stdout}"
    );
    assert!(
        stdout.contains("  line-kinetic (brawler) vs line-beam (brawler)\n"),
        "the table's full label:\n{stdout}"
    );
}

#[test]
fn run_and_merge_answer_first_and_merge_writes_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().to_str().expect("utf-8 path");
    let out = format!("{dir}/whole");
    let stdout = ok(fleetlab(
        &[
            "run",
            CONFIG,
            "--battles",
            "400",
            "--threads",
            "1",
            "--quiet",
            "--out",
            &out,
        ],
        repo(),
    ));
    assert_answers_first(&stdout);
    let mut parts = Vec::new();
    for shard in ["0/2", "1/2"] {
        let part = format!("{dir}/part{}", &shard[..1]);
        ok(fleetlab(
            &[
                "run",
                CONFIG,
                "--battles",
                "400",
                "--threads",
                "1",
                "--quiet",
                "--shard",
                shard,
                "--out",
                &part,
            ],
            repo(),
        ));
        parts.push(part);
    }
    let merged = format!("{dir}/merged");
    let stdout = ok(fleetlab(
        &["merge", &parts[0], &parts[1], "--out", &merged, "--html"],
        repo(),
    ));
    assert_answers_first(&stdout);
    assert!(stdout.contains("html report:"), "{stdout}");
    let html = std::fs::read_to_string(format!("{merged}/report.html")).expect("report.html");
    assert!(html.contains("<section id=\"verdict\">"));
}

#[test]
fn validate_numbers_the_matchups() {
    let stdout = ok(fleetlab(
        &["validate", "configs/cosmic-conflict/enhancement-ab.toml"],
        repo(),
    ));
    assert!(
        stdout.contains("\n   0. line-kinetic (brawler) vs line-beam (brawler)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\n  35. "), "{stdout}");
}

#[test]
fn trace_tells_the_result_and_survives_a_closed_pipe() {
    let stdout = ok(fleetlab(&["trace", CONFIG, "--battle", "3"], repo()));
    assert!(
        stdout.contains("result: line-kinetic (side A) wins; the game ended by turn limit"),
        "{stdout}"
    );
    assert!(stdout.contains("  A1 cruiser: dealt "), "{stdout}");
    assert!(stdout.contains(" damage, took "), "{stdout}");
    // `fleetlab trace … | head`: the reader goes away before the trace is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["trace", CONFIG])
        .current_dir(repo())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "exit {:?}: {stderr}",
        out.status.code()
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The hex-map traces speak the game's words: positions as `(q, r)`, never a Rust struct;
/// Cold Infinity's shots name the mount, its configuration, the range and the hit roll's sum
/// and band; Cosmic Conflict's end line says which measure favoured whom before the victory
/// conditions decide.
#[test]
fn traces_read_like_the_game() {
    let ci = ok(fleetlab(
        &["trace", "configs/cold-infinity/reference-2v2.toml"],
        repo(),
    ));
    assert!(!ci.contains("Hex {"), "{ci}");
    assert!(ci.contains(" pivots +0, thrusts +2 (thrust "), "{ci}");
    assert!(ci.contains(" fires 50cm railgun (Burst) at B"), "{ci}");
    assert!(ci.contains(" DRM = "), "{ci}");
    assert!(ci.contains(", a miss: 0 points"), "{ci}");
    // A ship that fires nothing says why (§7.1's first failed condition).
    assert!(ci.contains(" holds fire: "), "{ci}");
    assert!(ci.contains("end after turn "), "{ci}");
    assert!(ci.contains("(decided by "), "{ci}");
    let tl = ok(fleetlab(
        &["trace", "configs/target-lock/reference-2v2.toml"],
        repo(),
    ));
    assert!(!tl.contains("Hex {"), "{tl}");
    assert!(tl.contains("moves its destination 2 hexes to ("), "{tl}");
    let cc = ok(fleetlab(&["trace", CONFIG, "--battle", "3"], repo()));
    assert!(
        cc.contains("(turn_limit): on points destroyed side "),
        "{cc}"
    );
    assert!(cc.contains("; the victory conditions decide"), "{cc}");
}

#[test]
fn bench_works_from_any_directory() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let stdout = ok(fleetlab(&["bench", "--battles", "64"], tmp.path()));
    assert!(stdout.contains("reference-3v3"), "{stdout}");
}

/// An A/B whose arms field the same fleet and differ in policy names each arm with its policy:
/// never "does line-kinetic do better than line-kinetic".
#[test]
fn an_ab_of_policies_names_each_arm_by_its_policy() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let shipped = repo().join("configs/cosmic-conflict");
    let config = format!(
        "rule_system = \"cosmic-conflict\"\n\
         include = [\"{dir}/designs.toml\", \"{dir}/fleets.toml\"]\n\
         [experiment]\nname = \"policy-ab\"\nseed = 5\nbattles = 40\n\
         [experiment.ab]\n\
         base = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         variant = {{ fleet = \"line-kinetic\", policy = \"brawler-v2\" }}\n\
         opponents = [{{ fleet = \"line-beam\", policy = \"brawler\" }}]\n",
        dir = shipped.display()
    );
    std::fs::write(tmp.path().join("policy-ab.toml"), config).unwrap();
    let stdout = ok(fleetlab(
        &["run", "policy-ab.toml", "--threads", "1", "--out", "out"],
        tmp.path(),
    ));
    assert!(
        stdout.contains(
            "question: does line-kinetic (brawler-v2) do better than line-kinetic (brawler) \
             against the same opponents?"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("A/B: line-kinetic (brawler) → line-kinetic (brawler-v2) (paired"),
        "{stdout}"
    );
}
