//! `[experiment.sweep]` (issue 18 §5): the experiment played once per value of one setting.
//! A value equal to the shipped one gives exactly the plain run's results (the setting is
//! the only change); results do not depend on threads; every value is checked before any
//! battle; the page answers first.

use std::path::{Path, PathBuf};
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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The shipped reference matchup as an experiment in `dir` (includes made absolute), with
/// `extra` appended.
fn experiment(dir: &Path, name: &str, extra: &str) -> PathBuf {
    let cc = repo().join("configs/cosmic-conflict");
    let text = format!(
        "rule_system = \"cosmic-conflict\"\ninclude = [{:?}, {:?}]\n\n[experiment]\nname = \"s\"\n\
         seed = 5\nbattles = 1500\n{extra}\n\n[scenario.victory]\nobjective = \"objective-line\"\n\
         pick = 2\n\n[[matchup]]\na = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         b = {{ fleet = \"line-beam\", policy = \"brawler\" }}\n",
        cc.join("designs.toml").display().to_string(),
        cc.join("fleets.toml").display().to_string(),
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run(config: &Path, out: &Path, more: &[&str]) -> Output {
    let mut args = vec![
        "run",
        config.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(more);
    fleetlab(&args, repo())
}

const SWEEP: &str = "\n[experiment.sweep]\nset = \"design[name=lancer].size\"\nvalues = [1, 2, 3]";

/// The lancer's shipped Size is 2: the sweep's value 2 is the plain experiment, bit for bit;
/// the other values differ; one and two threads give the same sweep.
#[test]
fn the_shipped_value_reproduces_the_plain_run_and_threads_do_not_matter() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = experiment(tmp.path(), "plain.toml", "");
    let sweep = experiment(tmp.path(), "sweep.toml", SWEEP);
    let o = run(&plain, &tmp.path().join("plain"), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(
        &sweep,
        &tmp.path().join("sw1"),
        &["--threads", "1", "--html"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("sweep of design[name=lancer].size over 1, 2, 3"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("question: how does side A's score"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("answer:   line-kinetic (brawler) vs line-beam (brawler): A's score"),
        "{text}"
    );
    let o = run(&sweep, &tmp.path().join("sw2"), &["--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));

    let read = |p: PathBuf| std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let summary = |d: &str| read(tmp.path().join(d).join("summary.csv"));
    assert_eq!(summary("plain"), summary("sw1/1-2"));
    assert_ne!(summary("plain"), summary("sw1/0-1"));
    assert_ne!(summary("plain"), summary("sw1/2-3"));
    assert_eq!(
        read(tmp.path().join("sw1/sweep.csv")),
        read(tmp.path().join("sw2/sweep.csv"))
    );
    let csv = String::from_utf8(read(tmp.path().join("sw1/sweep.csv"))).unwrap();
    assert_eq!(
        csv.lines().count(),
        4,
        "a header and one row per value: {csv}"
    );
    let html = String::from_utf8(read(tmp.path().join("sw1/report.html"))).unwrap();
    let answer = html.find("<b>Answer:</b>").expect("an answer card");
    let curve = html.find("id=\"curve\"").expect("the curve");
    assert!(answer < curve, "the answer comes first");
    assert!(
        html.contains("1-2/report.html"),
        "links to each value's page"
    );
}

/// A path that leads nowhere, a value the rules refuse, one value and a path found in
/// every file are
/// config errors (exit 2) before any battle: nothing is written.
#[test]
fn bad_sweeps_fail_before_any_battle() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, sweep, says) in [
        (
            "nowhere.toml",
            "\n[experiment.sweep]\nset = \"design[name=zeppelin].size\"\nvalues = [1, 2]",
            "leads to no setting",
        ),
        (
            "refused.toml",
            "\n[experiment.sweep]\nset = \"design[name=lancer].size\"\nvalues = [2, 99]",
            "design[name=lancer].size = 99)",
        ),
        (
            "one-value.toml",
            "\n[experiment.sweep]\nset = \"design[name=lancer].size\"\nvalues = [2]",
            "2 to 64 values",
        ),
    ] {
        let config = experiment(tmp.path(), name, sweep);
        let out = tmp.path().join(name.replace(".toml", ""));
        let o = run(&config, &out, &[]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{name}: {}", stderr(&o));
        assert!(!out.join("sweep.json").exists(), "{name}: nothing played");
        // `validate` checks every value too.
        let v = fleetlab(&["validate", config.to_str().unwrap()], tmp.path());
        assert_eq!(v.status.code(), Some(2), "validate {name}: {}", stderr(&v));
        assert!(stderr(&v).contains(says), "validate {name}: {}", stderr(&v));
    }
    // `rule_system` is in every file: the path leads to more than one.
    let config = experiment(
        tmp.path(),
        "system.toml",
        "\n[experiment.sweep]\nset = \"rule_system\"\nvalues = [\"cosmic-conflict\", \"b\"]",
    );
    let o = run(&config, &tmp.path().join("system"), &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than one file"), "{}", stderr(&o));
}

/// A house rule the experiment does not set is added to it (a path of plain keys found
/// nowhere): string values name the points on the page's axis.
#[test]
fn a_house_rule_is_swept_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let config = experiment(
        tmp.path(),
        "hr.toml",
        "\n[experiment.sweep]\nset = \"house_rules.beam_bypasses_shields\"\nvalues = [true, false]",
    );
    let out = tmp.path().join("hr");
    let o = run(&config, &out, &["--battles", "500", "--html"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert!(csv.contains(",true,") && csv.contains(",false,"), "{csv}");
    assert!(out.join("0-true/manifest.json").is_file());
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        html.contains(">false<") || html.contains("false</text>"),
        "value names on the axis"
    );
    // The same --out again, the values in the other order: the older directories go.
    let shorter = experiment(
        tmp.path(),
        "hr1.toml",
        "\n[experiment.sweep]\nset = \"house_rules.beam_bypasses_shields\"\nvalues = [false, true]",
    );
    let o = run(&shorter, &out, &["--battles", "200"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("0-false/manifest.json").is_file());
    assert!(out.join("1-true/manifest.json").is_file());
    assert!(
        !out.join("0-true").exists(),
        "the older sweep's value directory is removed"
    );
    assert!(
        !out.join("1-false").exists(),
        "the older sweep's value directory is removed"
    );
    assert!(
        !out.join("report.html").exists(),
        "the older sweep's page is removed"
    );
}
