//! Cosmic Conflict mirror matches: the same fleet with the same policy on both sides must win
//! as often as side A as side B. These are the mirrors that were furthest apart before the
//! fair-seat fixes (issue 15): `line-beam (tactician)` (A ahead by 6.8 points at 20,000
//! battles: activation and target ties went to the lower array index), `capital
//! (focus-threat)` and `dreadnought (brawler)` (B ahead once deployed as a point mirror: the
//! attacks after all activations went side A's ships first). Fixed seed, so the numbers are
//! exact; the bound is 4 standard errors of the win-rate difference from the multinomial,
//! sqrt((pA + pB − (pA − pB)²) / N).

use std::io::Write;

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::load;
use fleetlab_sim::runner;

const BATTLES: u64 = 10_000;

fn mirrors() -> load::Experiment<CosmicConflict> {
    let configs =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/cosmic-conflict");
    let mut file = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    let mut text = format!(
        "rule_system = \"cosmic-conflict\"\ninclude = [{:?}, {:?}]\n",
        configs.join("designs.toml"),
        configs.join("fleets.toml")
    );
    for (fleet, policy) in [
        ("line-beam", "tactician"),
        ("capital", "focus-threat"),
        ("dreadnought", "brawler"),
    ] {
        text += &format!(
            "[[matchup]]\na = {{ fleet = \"{fleet}\", policy = \"{policy}\" }}\n\
             b = {{ fleet = \"{fleet}\", policy = \"{policy}\" }}\n"
        );
    }
    file.write_all(text.as_bytes()).expect("write");
    load::load::<CosmicConflict>(file.path()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn worst_mirrors_win_as_often_on_either_side() {
    let exp = mirrors();
    for (k, m) in exp.matchups.iter().enumerate() {
        let t = runner::with_threads(Some(1), || {
            runner::run_matchup::<CosmicConflict>(m, exp.keys[k], 1515, 0..BATTLES, &|_| {}, None)
        })
        .expect("thread pool");
        let n = t.battles as f64;
        let (a, b) = (t.wins[0] as f64 / n, t.wins[1] as f64 / n);
        let se = ((a + b - (a - b) * (a - b)) / n).sqrt();
        assert!(
            (a - b).abs() <= 4.0 * se,
            "{}: A {a:.4} vs B {b:.4}, difference {:.1} SE",
            m.label,
            (a - b) / se
        );
    }
}
