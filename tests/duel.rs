//! `fleetlab duel` (issue 18 §5): two fleets named on the command line — shipped fleets or
//! lists of designs — played on a shipped experiment's documents; the answer first, the
//! report and the experiment file written, and the same bits as `run` on that file.

use std::path::Path;
use std::process::{Command, Output};

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

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A duel of designs against a shipped fleet answers first, saves its experiment beside the
/// report, and `run` on that file reproduces the report's summary exactly.
#[test]
fn a_duel_answers_first_and_run_on_its_file_gives_the_same_bits() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("d");
    let out_s = out.to_str().unwrap();
    let duel = fleetlab(
        &[
            "duel",
            "cruiser,2*frigate",
            "wolfpack",
            "--policy-b",
            "standoff",
            "--battles",
            "3000",
            "--seed",
            "11",
            "--quiet",
            "--out",
            out_s,
        ],
        repo(),
    );
    assert!(duel.status.success(), "{}", stderr(&duel));
    let text = stdout(&duel);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("duel (cosmic-conflict), seed 11, 3000 battles"),
        "{text}"
    );
    assert!(
        lines[1]
            .starts_with("question: who wins cruiser+2*frigate (brawler) vs wolfpack (standoff)?"),
        "{text}"
    );
    assert!(lines[2].starts_with("answer:"), "{text}");
    let experiment = tmp.path().join("d.toml");
    let saved = std::fs::read_to_string(&experiment).unwrap();
    assert!(
        saved.contains("battles = 3000") && saved.contains("seed = 11"),
        "{saved}"
    );

    let again = tmp.path().join("again");
    let run = fleetlab(
        &[
            "run",
            experiment.to_str().unwrap(),
            "--quiet",
            "--out",
            again.to_str().unwrap(),
        ],
        tmp.path(),
    );
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        std::fs::read(out.join("summary.csv")).unwrap(),
        std::fs::read(again.join("summary.csv")).unwrap()
    );
}

/// A misspelt design is a config error (exit 2) at the line of the saved experiment, with
/// the known designs; a bad list, an unknown rule system and an unknown policy are clear
/// errors too.
#[test]
fn bad_duels_say_what_is_allowed() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("d");
    let out_s = out.to_str().unwrap();
    let typo = fleetlab(
        &["duel", "cruser", "wolfpack", "--quiet", "--out", out_s],
        repo(),
    );
    assert_eq!(typo.status.code(), Some(2));
    let err = stderr(&typo);
    assert!(
        err.contains("d.toml:") && err.contains("did you mean `cruiser`"),
        "{err}"
    );
    for (args, says) in [
        (
            vec!["duel", "cruiser,,frigate", "wolfpack"],
            "an empty entry",
        ),
        (vec!["duel", "0*cruiser", "wolfpack"], "1..=99"),
        (
            vec!["duel", "a", "b", "--system", "chess"],
            "known: cosmic-conflict",
        ),
        (
            vec!["duel", "wolfpack", "wolfpack", "--policy", "turtle"],
            "turtle",
        ),
    ] {
        let mut args = args;
        args.extend(["--quiet", "--out", out_s]);
        let o = fleetlab(&args, repo());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// `--system junction` plays on Junction's reference experiment, from any directory.
#[test]
fn a_junction_duel_from_another_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("j");
    let o = fleetlab(
        &[
            "duel",
            "strike-group",
            "battle-line",
            "--system",
            "junction",
            "--battles",
            "500",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
        tmp.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("duel (junction), seed 4527, 500 battles"),
        "{}",
        stdout(&o)
    );
    assert!(out.join("manifest.json").is_file());
}
