//! The runner's determinism: the same tally for any thread count and any split of the battle
//! indices (shards), and the game-length rule's exact distribution (digest vector 17).

use std::path::Path;

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::load;
use fleetlab_sim::results::MatchupTally;
use fleetlab_sim::runner;

fn reference() -> load::Experiment<CosmicConflict> {
    let config =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/cosmic-conflict/reference-3v3.toml");
    load::load::<CosmicConflict>(&config).unwrap_or_else(|e| panic!("{e}"))
}

fn run(
    exp: &load::Experiment<CosmicConflict>,
    threads: usize,
    indices: std::ops::Range<u64>,
) -> MatchupTally {
    runner::with_threads(Some(threads), || {
        runner::run_matchup::<CosmicConflict>(
            &exp.matchups[0],
            exp.keys[0],
            42,
            indices,
            &|_| {},
            None,
        )
    })
    .expect("thread pool")
}

#[test]
fn same_tally_for_one_two_and_three_threads() {
    let exp = reference();
    let one = run(&exp, 1, 0..20_000);
    assert_eq!(one.battles, 20_000);
    assert_eq!(run(&exp, 2, 0..20_000), one);
    assert_eq!(run(&exp, 3, 0..20_000), one);
}

#[test]
fn shards_merge_into_the_whole() {
    let exp = reference();
    let whole = run(&exp, 2, 0..10_000);
    // Uneven cut points, off the batch boundaries.
    let mut merged = run(&exp, 1, 0..3_333);
    merged.merge(&run(&exp, 2, 3_333..7_001));
    merged.merge(&run(&exp, 1, 7_001..10_000));
    assert_eq!(merged, whole);
}

/// Digest vector 17: with the recommended length (5 turns, then a d6 of 4+ ends the game)
/// P(5) = 1/2, P(6) = 1/4, P(7) = 1/8, P(≥ 8) = 1/8, E[T] = 6. Two passive fleets never
/// fight, so the game always runs to the length rule. n = 200,000; each probability is
/// checked to 6 standard errors (false-failure probability ≈ 2e-9 each).
#[test]
fn vector_17_game_length_distribution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("length.toml");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/cosmic-conflict");
    std::fs::write(
        &config,
        format!(
            r#"rule_system = "cosmic-conflict"
include = ["{0}/designs.toml", "{0}/fleets.toml"]
[[matchup]]
a = {{ fleet = "line-kinetic", policy = "passive" }}
b = {{ fleet = "line-beam", policy = "passive" }}
# Points destroyed decide (none are): every game a draw, whatever the victory conditions.
[scenario]
scoring = "points-destroyed"
"#,
            shipped.display()
        ),
    )
    .expect("write config");
    let exp = load::load::<CosmicConflict>(&config).unwrap_or_else(|e| panic!("{e}"));
    let n = 200_000u64;
    let tally = runner::run_matchup::<CosmicConflict>(
        &exp.matchups[0],
        exp.keys[0],
        5,
        0..n,
        &|_| {},
        None,
    );
    let turns = tally.turns.counts();
    assert_eq!(
        turns[..5].iter().sum::<u64>(),
        0,
        "no game ends before turn 5"
    );
    let longer: u64 = turns[8..].iter().sum::<u64>() + tally.turns.overflow();
    for (label, count, p) in [
        ("5", turns[5], 0.5),
        ("6", turns[6], 0.25),
        ("7", turns[7], 0.125),
        ("8+", longer, 0.125),
    ] {
        let observed = count as f64 / n as f64;
        let bound = 6.0 * (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (observed - p).abs() < bound,
            "P(T = {label}) = {observed}, exact {p} ± {bound}"
        );
    }
    // T − 4 is geometric(1/2): variance 2, so the mean's sd is sqrt(2/n).
    let bound = 6.0 * (2.0 / n as f64).sqrt();
    assert!(
        (tally.turns.mean() - 6.0).abs() < bound,
        "E[T] = {}",
        tally.turns.mean()
    );
    assert_eq!(
        tally.draws, n,
        "nobody fires, nothing is destroyed: every game is a draw"
    );
}
