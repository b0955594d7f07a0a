//! Every malformed or invalid config exits with code 2 and one clear message naming the file,
//! the line where possible, the field path and what is allowed — never a panic.
//!
//! The corpus is `tests/bad-configs/*.toml`: one bad experiment per file, whose first lines
//! are `# expect: <substring>`; every such substring must appear in stderr.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The corpus must not shrink below this.
const MIN_CORPUS: usize = 20;

fn fleetlab(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env("NO_COLOR", "1")
        .output()
        .expect("cannot start the fleetlab binary")
}

fn validate(path: &Path) -> Output {
    fleetlab(&["validate".as_ref(), path.as_os_str()])
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-configs")
}

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(corpus_dir())
        .expect("tests/bad-configs is missing")
        .map(|e| e.expect("cannot list tests/bad-configs").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// The `# expect:` substrings at the top of a corpus file (the first line must be one).
fn expectations(path: &Path) -> Result<Vec<String>, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let expects: Vec<String> = text
        .lines()
        .map_while(|l| l.strip_prefix("# expect:"))
        .map(|e| e.trim().to_string())
        .collect();
    if expects.is_empty() {
        return Err("the first line must be `# expect: <substring>`".into());
    }
    if let Some(blank) = expects.iter().find(|e| e.is_empty()) {
        return Err(format!("empty `# expect:` line {blank:?}"));
    }
    Ok(expects)
}

/// Problems with how the CLI reported a bad config `path` (empty when all is well).
fn check_rejection(path: &Path, out: &Output, expects: &[String]) -> Vec<String> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let name = path.file_name().unwrap().to_string_lossy();
    let mut problems = Vec::new();
    if out.status.code() != Some(2) {
        problems.push(format!("exit code {:?}, expected 2", out.status.code()));
    }
    for e in expects {
        if !stderr.contains(e.as_str()) {
            problems.push(format!("stderr lacks {e:?}"));
        }
    }
    if !stderr.contains(name.as_ref()) {
        problems.push(format!("stderr does not name the file `{name}`"));
    }
    for bad in ["panicked", "RUST_BACKTRACE"] {
        if stderr.contains(bad) {
            problems.push(format!("stderr contains {bad:?}"));
        }
    }
    if !stdout.is_empty() {
        problems.push(format!("stdout is not empty: {stdout:?}"));
    }
    // One clear message: the header line and exactly one located problem.
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() != 2 || lines[0] != "error: invalid config" {
        problems.push(format!(
            "expected `error: invalid config` and one problem line, got {} line(s)",
            lines.len()
        ));
    }
    if !problems.is_empty() {
        problems.push(format!("stderr was:\n{}", stderr.trim_end()));
    }
    problems
}

#[test]
fn every_bad_config_is_rejected_with_a_clear_message() {
    let files = corpus();
    assert!(
        files.len() >= MIN_CORPUS,
        "tests/bad-configs has {} files; expected at least {MIN_CORPUS}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let problems = match expectations(path) {
            Ok(expects) => check_rejection(path, &validate(path), &expects),
            Err(e) => vec![e],
        };
        if !problems.is_empty() {
            failures.push(format!("{name}:\n  {}", problems.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} bad configs were not reported as expected:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn run_rejects_a_bad_config_and_writes_nothing() {
    for name in ["size-too-big.toml", "matchup-missing-fleet.toml"] {
        let path = corpus_dir().join(name);
        let tmp = tempfile::tempdir().unwrap();
        let report = tmp.path().join("report");
        let out = fleetlab(&[
            "run".as_ref(),
            path.as_os_str(),
            "--out".as_ref(),
            report.as_os_str(),
            "--quiet".as_ref(),
            "--battles".as_ref(),
            "10".as_ref(),
        ]);
        let expects = expectations(&path).unwrap();
        let problems = check_rejection(&path, &out, &expects);
        assert!(problems.is_empty(), "run {name}:\n{}", problems.join("\n"));
        let left: Vec<PathBuf> = walk(tmp.path());
        assert!(
            left.is_empty(),
            "run {name} wrote files for a bad config: {left:?}"
        );
    }
}

#[test]
fn other_commands_reject_a_bad_config_too() {
    let path = corpus_dir().join("weapon-unknown-type.toml");
    let expects = expectations(&path).unwrap();
    for cmd in ["points", "trace"] {
        let out = fleetlab(&[cmd.as_ref(), path.as_os_str()]);
        let problems = check_rejection(&path, &out, &expects);
        assert!(problems.is_empty(), "{cmd}:\n{}", problems.join("\n"));
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            found.extend(walk(&p));
        } else {
            found.push(p);
        }
    }
    found
}

#[test]
fn missing_config_file_names_the_path() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("no-such-experiment.toml");
    for cmd in ["validate", "run"] {
        let out = fleetlab(&[cmd.as_ref(), path.as_os_str()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd}: stderr: {stderr}");
        assert!(
            stderr.contains(&path.display().to_string()),
            "{cmd}: stderr does not name {}: {stderr}",
            path.display()
        );
        assert!(stderr.contains("cannot read config"), "{cmd}: {stderr}");
        assert!(!stderr.contains("panicked"), "{cmd}: {stderr}");
        assert!(out.stdout.is_empty(), "{cmd}: stdout not empty");
    }
    assert!(walk(tmp.path()).is_empty(), "run wrote files");
}

#[test]
fn non_utf8_config_is_rejected() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("latin1.toml");
    // "café" in Latin-1 on line 3: 0xE9 is not valid UTF-8.
    fs::write(
        &path,
        b"rule_system = \"cosmic-conflict\"\n\n[experiment]\nname = \"caf\xe9\"\n",
    )
    .unwrap();
    let out = validate(&path);
    let expects = vec!["latin1.toml:4:".to_string(), "UTF-8".to_string()];
    let problems = check_rejection(&path, &out, &expects);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn non_utf8_include_is_rejected() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("experiment.toml");
    fs::write(
        &path,
        "rule_system = \"cosmic-conflict\"\ninclude = [\"designs.toml\"]\n",
    )
    .unwrap();
    fs::write(tmp.path().join("designs.toml"), b"# \xff\xfe\n").unwrap();
    let out = validate(&path);
    let expects = vec![
        "experiment.toml:2:12: include: `designs.toml`".to_string(),
        "UTF-8".to_string(),
    ];
    let problems = check_rejection(&path, &out, &expects);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
