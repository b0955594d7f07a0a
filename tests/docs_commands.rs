//! Every `fleetlab` command the README and `docs/` show still works (issue 18, "all docs'
//! examples run"):
//!
//! * every command, in a code block or inline, names a real subcommand, only options that
//!   subcommand accepts (from its `--help`) and only config files that exist;
//! * every concrete command in a code block (no placeholder such as `CONFIG`, `[--battles N]`
//!   or `$RESULTS`) is run, in document order, in a scratch directory that has the shipped
//!   `configs/` and `reports/baselines/` — with fewer battles where the command plays a
//!   chosen number (`--battles`, `--game-battles` set to [`BATTLES`], `bench --runs 1`) — and
//!   must not fail as a usage or config error (exit 2) or a crash. Exit 1 (a balance shift, a
//!   seat gap) is a result, not a broken example.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Battles per matchup (and per policy-game pair and half) for the examples that are run.
const BATTLES: &str = "64";

/// Paths the docs use as examples of a user's own files, not shipped ones.
const NOT_SHIPPED: [&str; 1] = ["configs/my-game/"];

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files whose commands are checked: the README and `docs/` (not the session
/// history, which records commands as they were).
fn documents() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md")];
    let mut stack = vec![repo().join("docs")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "history") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "md")
                && path.file_name().is_some_and(|n| n != "status.md")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// One command found in a document.
struct Example {
    at: String,
    words: Vec<String>,
    in_block: bool,
}

/// Split a shell command line into words (single and double quotes; no expansion).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The command of a line, from `fleetlab` on, without a trailing comment; `cargo run
/// --release -- ARGS` counts as `fleetlab ARGS`.
fn command_of(text: &str) -> Option<Vec<String>> {
    let text = text.trim().trim_start_matches("$ ");
    let rest = if let Some(rest) = text.strip_prefix("fleetlab ") {
        rest
    } else if text.starts_with("cargo run --release") {
        text.split_once(" -- ")?.1
    } else {
        return None;
    };
    let rest = rest.split(" #").next().unwrap_or(rest);
    let mut w = words(rest);
    w.insert(0, "fleetlab".into());
    Some(w)
}

fn examples() -> Vec<Example> {
    let mut found = Vec::new();
    for file in documents() {
        let name = file.strip_prefix(repo()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut in_block = false;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
            } else if in_block {
                let start = i;
                let mut joined = line.to_owned();
                while joined.trim_end().ends_with('\\') && i + 1 < lines.len() {
                    i += 1;
                    joined = format!("{} {}", joined.trim_end().trim_end_matches('\\'), lines[i]);
                }
                if let Some(words) = command_of(&joined) {
                    found.push(Example {
                        at: format!("{name}:{}", start + 1),
                        words,
                        in_block: true,
                    });
                }
            } else {
                for (k, span) in line.split('`').enumerate() {
                    if k % 2 == 1
                        && let Some(words) = command_of(span)
                    {
                        found.push(Example {
                            at: format!("{name}:{}", i + 1),
                            words,
                            in_block: false,
                        });
                    }
                }
            }
            i += 1;
        }
    }
    found
}

/// A placeholder, not a value: `CONFIG`, `PARTS...`, `[--battles N]`, `<config_path>`,
/// `$RESULTS`, `…`.
fn is_placeholder(word: &str) -> bool {
    let bare = word.trim_matches(|c| "[]().,".contains(c));
    word.contains(['[', ']', '<', '>', '$', '…', '|'])
        || word.contains("...")
        || (bare.len() > 1 && bare.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        || bare == "A"
        || bare == "B"
}

/// The options `fleetlab SUB` accepts, from its `--help`.
fn options(sub: &str) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([sub, "--help"])
        .output()
        .unwrap();
    assert!(out.status.success(), "fleetlab {sub} --help failed");
    String::from_utf8_lossy(&out.stdout)
        .split(|c: char| c.is_whitespace() || c == ',' || c == '=')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| {
            w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_owned()
        })
        .collect()
}

#[test]
fn every_documented_command_names_real_options_and_files() {
    let examples = examples();
    assert!(
        examples.len() > 100,
        "the docs show {} commands",
        examples.len()
    );
    let mut accepted: HashMap<String, BTreeSet<String>> = HashMap::new();
    let mut problems = Vec::new();
    for e in &examples {
        let Some(sub) = e.words.get(1) else { continue };
        if is_placeholder(sub) {
            continue;
        }
        let known = accepted.entry(sub.clone()).or_insert_with(|| options(sub));
        if known.is_empty() {
            problems.push(format!(
                "{}: `fleetlab {sub}` has no options: not a command?",
                e.at
            ));
        }
        for w in &e.words[2..] {
            let flag = w.trim_start_matches('[').split('=').next().unwrap_or(w);
            let flag = flag.trim_end_matches([']', ',']);
            if flag.starts_with("--") && flag.len() > 2 && !known.contains(flag) {
                problems.push(format!("{}: `fleetlab {sub}` has no option {flag}", e.at));
            }
            if w.starts_with("configs/")
                && !is_placeholder(w)
                && !NOT_SHIPPED.iter().any(|p| w.starts_with(p))
                && !repo().join(w).exists()
            {
                problems.push(format!("{}: no file {w}", e.at));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The scratch directory the examples run in: `configs` (a link to the shipped ones) and a
/// copy of `reports/baselines`.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(repo().join("configs"), dir.path().join("configs")).unwrap();
    let baselines = dir.path().join("reports/baselines");
    std::fs::create_dir_all(&baselines).unwrap();
    for entry in std::fs::read_dir(repo().join("reports/baselines")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, baselines.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// `words` with fewer battles (and `--out` kept inside the scratch directory).
fn shortened(words: &[String]) -> Vec<String> {
    let sub = words[1].as_str();
    let plays = matches!(sub, "run" | "duel" | "mirror" | "audit" | "bench");
    let mut out: Vec<String> = Vec::new();
    let mut it = words[1..].iter();
    let mut has_battles = false;
    while let Some(w) = it.next() {
        match w.as_str() {
            "--battles" | "--game-battles" if plays => {
                it.next();
                has_battles |= w == "--battles";
                out.extend([w.clone(), BATTLES.into()]);
            }
            "--runs" if sub == "bench" => {
                it.next();
                out.extend(["--runs".into(), "1".into()]);
            }
            "--out" => {
                // An absolute path (`/tmp/r`) moves into the scratch directory.
                let to = it.next().expect("--out has a value");
                let inside = match to.strip_prefix('/') {
                    Some(abs) => abs.replace('/', "-"),
                    None => to.clone(),
                };
                out.extend(["--out".into(), inside]);
            }
            _ => out.push(w.clone()),
        }
    }
    if plays && !has_battles {
        out.extend(["--battles".into(), BATTLES.into()]);
    }
    out
}

#[test]
fn every_concrete_example_in_a_code_block_runs() {
    let dir = scratch();
    let mut ran = 0;
    let mut problems = Vec::new();
    for e in examples().iter().filter(|e| e.in_block) {
        if e.words.iter().any(|w| is_placeholder(w))
            || e.words
                .iter()
                .any(|w| NOT_SHIPPED.iter().any(|p| w.starts_with(p)))
        {
            continue;
        }
        let args = shortened(&e.words);
        let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        ran += 1;
        let err = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0 | 1) if !err.contains("panicked") => {}
            code => problems.push(format!(
                "{}: fleetlab {} → exit {code:?}\n{err}",
                e.at,
                args.join(" ")
            )),
        }
    }
    assert!(ran >= 30, "only {ran} examples ran");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
