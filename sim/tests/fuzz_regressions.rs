//! Regression tests for problems found by fuzzing and review of the config path and the
//! battle engine (`fuzz/`, docs/fuzzing.md). Each test names what went wrong and keeps the
//! input inline.

use std::path::Path;
use std::time::{Duration, Instant};

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::load::{self, ConfigError, Experiment, Source};

/// Load `text` as `mem/experiment.toml`; every include is served `include_text`.
fn load_mem(text: &str, include_text: &str) -> Result<Experiment<CosmicConflict>, ConfigError> {
    let first = Source {
        path: Path::new("mem").join("experiment.toml"),
        text: text.into(),
    };
    load::load_from::<CosmicConflict>(first, |p: &Path| {
        Source::from_bytes(p, include_text.as_bytes().to_vec())
    })
}

/// Review of the include loader: a file that includes itself several times was read again
/// for every path through the include tree, 3^16 times for three self-includes (a hang);
/// now each file is read once and the second mention is an error at its `include` entry.
#[test]
fn include_of_an_included_file_is_refused_at_once() {
    let cyclic =
        "rule_system = \"cosmic-conflict\"\ninclude = [\"x.toml\", \"x.toml\", \"x.toml\"]\n";
    let started = Instant::now();
    let e = load_mem(cyclic, "include = [\"x.toml\", \"x.toml\", \"x.toml\"]\n")
        .err()
        .expect("an include cycle is an error");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let p = &e.problems[0];
    assert_eq!(p.field.as_deref(), Some("include"));
    assert!(
        p.message.contains("is already part of this experiment"),
        "{}",
        p.message
    );
    assert!(
        p.line_col.is_some(),
        "the error points at the include entry"
    );
}
