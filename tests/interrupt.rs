//! Ctrl-C (SIGINT) or a job system's SIGTERM during `fleetlab run` stops after the batches in
//! flight, writes the results so far marked `"status": "partial"`, says so, and exits with
//! 128 + the signal (130, 143).
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Longest the test waits for the run to start, or to stop after SIGINT.
const LIMIT: Duration = Duration::from_secs(10);
/// Far more battles than can be played before the signal arrives.
const BATTLES: u64 = 50_000_000;

fn start(out: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([
            "run",
            "configs/cosmic-conflict/reference-3v3.toml",
            "--battles",
            &BATTLES.to_string(),
            "--threads",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fleetlab")
}

/// Wait at most `LIMIT` for the child to exit (killing it and failing otherwise).
fn wait(child: &mut Child) -> ExitStatus {
    let deadline = Instant::now() + LIMIT;
    loop {
        if let Some(status) = child.try_wait().expect("wait for fleetlab") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("fleetlab did not stop within {LIMIT:?} of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_writes_partial_results_and_exits_130() {
    interrupted_by(libc::SIGINT, 130);
}

#[test]
fn sigterm_writes_partial_results_and_exits_143() {
    interrupted_by(libc::SIGTERM, 143);
}

fn interrupted_by(signal: libc::c_int, code: i32) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("report");
    let mut child = start(&out);

    // The run announces itself on stderr once its first batch is done: from then on Ctrl-C
    // leaves results to keep. Read stderr on a thread so the wait for that line is bounded.
    let stderr = child.stderr.take().expect("stderr");
    let (lines, first_lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut rest = String::new();
        let mut stderr = BufReader::new(stderr);
        let mut first = String::new();
        let _ = stderr.read_line(&mut first);
        let _ = lines.send(first);
        let _ = stderr.read_to_string(&mut rest);
        rest
    });
    let started = match first_lines.recv_timeout(LIMIT) {
        Ok(line) => line,
        Err(e) => {
            let _ = child.kill();
            panic!("fleetlab did not announce its run within {LIMIT:?}: {e}");
        }
    };
    assert!(started.contains("Ctrl-C (or SIGTERM) stops"), "{started}");

    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: sending a signal to our own child process.
    let sent = unsafe { libc::kill(pid, signal) };
    assert_eq!(sent, 0, "kill({signal}) failed");
    let status = wait(&mut child);
    let stderr_rest = reader.join().expect("stderr reader");
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut stdout)
        .expect("read stdout");

    assert_eq!(
        status.code(),
        Some(code),
        "{status}\nstdout: {stdout}\nstderr: {stderr_rest}"
    );
    assert!(stdout.contains("INTERRUPTED: "), "{stdout}");
    assert!(stdout.contains("partial results"), "{stdout}");
    assert!(stderr_rest.contains("interrupted: "), "{stderr_rest}");

    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("manifest.json")).expect("manifest.json is written"),
    )
    .expect("manifest is JSON");
    assert_eq!(manifest["status"], "partial");
    assert_eq!(manifest["battles_per_matchup"], BATTLES);

    let summary = std::fs::read_to_string(out.join("summary.csv")).expect("summary.csv");
    let mut rows = csv::Reader::from_reader(summary.as_bytes());
    let col = rows
        .headers()
        .expect("header")
        .iter()
        .position(|h| h == "battles")
        .expect("battles column");
    let row = rows.records().next().expect("one row").expect("row");
    let battles: u64 = row[col].parse().expect("battles is a number");
    assert!(battles > 0 && battles < BATTLES, "{battles} battles");
    assert_eq!(manifest["matchups"][0]["battles"], battles);
    assert!(stdout.contains(&format!("{battles}")), "{stdout}");
}

/// An interrupted `baseline` stops promptly, says it wrote no baseline, and leaves none
/// (issue 18 §2): a baseline needs every battle.
#[test]
fn an_interrupted_baseline_writes_none_and_says_so() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("b.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([
            "baseline",
            "configs/cosmic-conflict/reference-3v3.toml",
            "--battles",
            &BATTLES.to_string(),
            "--threads",
            "1",
            "--out",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fleetlab");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, first_lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut stderr = BufReader::new(stderr);
        let mut first = String::new();
        let _ = stderr.read_line(&mut first);
        let _ = lines.send(first);
        let mut rest = String::new();
        let _ = stderr.read_to_string(&mut rest);
        rest
    });
    let started = first_lines.recv_timeout(LIMIT).unwrap_or_else(|e| {
        let _ = child.kill();
        panic!("fleetlab did not announce the baseline within {LIMIT:?}: {e}")
    });
    assert!(
        started.contains("Ctrl-C (or SIGTERM) stops and writes no baseline"),
        "{started}"
    );
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let status = wait(&mut child);
    let rest = reader.join().expect("stderr reader");
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("interrupted: no baseline written"), "{rest}");
    assert!(!out.exists(), "no baseline file");
}
