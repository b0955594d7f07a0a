//! Regression tests for problems found by fuzzing and review of the config path and the
//! battle engine (`fuzz/`, docs/fuzzing.md). Each test names what went wrong and keeps the
//! input inline.

use std::path::Path;
use std::time::{Duration, Instant};

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::load::{self, ConfigError, Experiment, Source};
use fleetlab_sim::results::MatchupTally;
use fleetlab_sim::runner;

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

/// Fuzzing (`config`): a file naming another rule system loaded as Cosmic Conflict all the
/// same. The CLI checks the experiment file's `rule_system` first, but an included file's was
/// never checked; now every file that names a rule system must name the experiment's.
#[test]
fn included_file_of_another_rule_system_is_refused() {
    let experiment = "rule_system = \"cosmic-conflict\"\ninclude = [\"designs.toml\"]\n\
                      [[fleet]]\nname = \"f\"\nships = [\"d\"]\n\
                      [[matchup]]\na = { fleet = \"f\" }\nb = { fleet = \"f\" }\n";
    let designs =
        |system: &str| format!("rule_system = \"{system}\"\n[[design]]\nname = \"d\"\nsize = 2\n");
    assert!(load_mem(experiment, &designs("cosmic-conflict")).is_ok());
    let e = load_mem(experiment, &designs("cosmiC-conflict"))
        .err()
        .expect("an include of another rule system is an error");
    let p = &e.problems[0];
    assert!(p.file.ends_with("designs.toml"), "{p:?}");
    assert_eq!(p.line_col, Some((1, 15)));
    assert_eq!(p.field.as_deref(), Some("rule_system"));
    assert!(p.message.contains("`cosmiC-conflict`"), "{}", p.message);
    // The experiment file itself, loaded without the CLI's first check.
    let e = load_mem(
        &experiment.replace("\"cosmic-conflict\"", "\"junction\""),
        &designs("cosmic-conflict"),
    )
    .err()
    .expect("an experiment of another rule system is an error");
    assert!(e.problems[0].file.ends_with("experiment.toml"), "{e}");
}

/// Play `battles` battles of every matchup of `text` on another thread; fail if that takes
/// longer than `limit` (a hang fails the test instead of stalling the suite).
fn plays_within(text: &str, battles: u64, limit: Duration) -> Vec<MatchupTally> {
    let exp = load_mem(text, "").unwrap_or_else(|e| panic!("{e}"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let tallies: Vec<MatchupTally> = exp
            .matchups
            .iter()
            .map(|m| {
                runner::run_matchup::<CosmicConflict>(
                    m,
                    runner::matchup_key(m),
                    7,
                    0..battles,
                    &|_| {},
                    None,
                )
            })
            .collect();
        let _ = tx.send(tallies);
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("{battles} battles did not finish within {limit:?}"))
}

/// Fuzzing (`battle`, a timeout): with an edited `condition_table` in which no result can
/// have an effect any more (here: only `communications`, which a ship can suffer once), the
/// Condition roll rerolled forever and `fleetlab run` hung (even SIGTERM could not stop it).
/// Now such a roll is No Condition.
#[test]
fn condition_table_without_effective_results_ends() {
    let text = r#"rule_system = "cosmic-conflict"
[[design]]
name = "d0"
size = 5
row_length = 2
weapons = [{ type = "missiles", arcs = ["fore", "starboard"] }, { type = "beam", arcs = ["all"] }]
[[fleet]]
name = "f"
ships = ["d0"]
[[matchup]]
a = { fleet = "f", policy = "brawler" }
b = { fleet = "f", policy = "brawler" }
[scenario]
turn_cap = 120
[house_rules]
condition_table = ["communications", "communications", "communications", "communications", "communications", "communications", "communications", "communications", "communications", "communications", "communications"]
"#;
    let tallies = plays_within(text, 2_000, Duration::from_secs(60));
    assert_eq!(tallies[0].battles, 2_000);
}

/// Review of the same loop: a table of Critical Damage only (every result rolls twice more)
/// never stopped; neither did one whose Critical results outweigh the rest once the others
/// stop having an effect (`weapons` after the last weapon is lost). Now one damage event
/// rolls at most `MAX_CONDITION_ROLLS` Conditions, and the condition and Structural Damage
/// counters saturate instead of overflowing.
#[test]
fn condition_table_of_critical_results_ends() {
    let fleet = r#"rule_system = "cosmic-conflict"
[[design]]
name = "big"
size = 6
row_length = 1
weapons = [{ type = "kinetic", arcs = ["all"], count = 4 }]
[[fleet]]
name = "f"
ships = ["big", "big"]
[[matchup]]
a = { fleet = "f", policy = "brawler" }
b = { fleet = "f", policy = "brawler" }
"#;
    for table in [
        r#"["critical", "critical", "critical", "critical", "critical", "critical", "critical", "critical", "critical", "critical", "critical"]"#,
        r#"["weapons", "weapons", "weapons", "weapons", "weapons", "critical", "weapons", "weapons", "weapons", "weapons", "structural"]"#,
    ] {
        let text = format!("{fleet}[house_rules]\ncondition_table = {table}\n");
        let tallies = plays_within(&text, 2_000, Duration::from_secs(60));
        assert_eq!(tallies[0].battles, 2_000, "{table}");
    }
}
