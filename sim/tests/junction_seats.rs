//! Junction seat fairness (issue 15 §1): a fleet deployed against itself starts as the exact
//! mirror image of itself (Stage 1), and the two mirrors that were most lopsided before
//! simultaneous maneuver, mirrored deployment and dice-broken ties now give each seat the
//! same share of the wins. The bound is 5 standard errors of win(A) − win(B) from the
//! multinomial, sqrt((pA + pB − (pA − pB)²) / N) (false-failure probability ≈ 6e-7 per
//! matchup); the seed is fixed, so the test is deterministic.

use std::io::Write;
use std::path::PathBuf;

use fleetlab_engine::outcome::{Side, Verdict};
use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::{Dice, NoTrace, RuleSystem, ShipTally};
use fleetlab_sim::load::{self, Experiment};
use fleetlab_sim::runner;

/// The shipped fleets of `configs/junction/fleets.toml`.
const FLEETS: [&str; 10] = [
    "strike-group",
    "battle-line",
    "picket-screen",
    "monitor",
    "guided-mix",
    "decoy-group",
    "rack-group",
    "relay-group",
    "excalibur-group",
    "relay-pair",
];

/// An experiment of fleet × policy mirrors on the shipped catalogue, designs and fleets.
fn mirrors(pairs: &[(&str, &str)]) -> Experiment<Junction> {
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../configs/junction");
    let inc = |f: &str| shipped.join(f).display().to_string().replace('\\', "/");
    let mut toml = format!(
        "rule_system = \"junction\"\ninclude = [{:?}, {:?}, {:?}]\n[experiment]\nseed = 15\n",
        inc("catalogue.toml"),
        inc("designs.toml"),
        inc("fleets.toml")
    );
    for (fleet, policy) in pairs {
        toml.push_str(&format!(
            "[[matchup]]\na = {{ fleet = \"{fleet}\", policy = \"{policy}\" }}\n\
             b = {{ fleet = \"{fleet}\", policy = \"{policy}\" }}\n"
        ));
    }
    let mut file = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    file.write_all(toml.as_bytes()).expect("write config");
    load::load::<Junction>(file.path()).unwrap_or_else(|e| panic!("{e}"))
}

/// Stage 1: every shipped fleet against itself deploys as a point mirror image — each A
/// ship's B counterpart stands at the reflection of its hex through one common centre, with
/// the opposite vector, and is otherwise the same ship.
#[test]
fn a_fleet_against_itself_deploys_as_its_mirror_image() {
    let pairs: Vec<_> = FLEETS.iter().map(|f| (*f, "brawler")).collect();
    let exp = mirrors(&pairs);
    for m in &exp.matchups {
        let start = &m.matchup.start;
        let n = start.len() / 2;
        assert_eq!(start.len(), 2 * n, "{}", m.label);
        let centre2 = start[0].pos.add(start[n].pos);
        for i in 0..n {
            let (a, b) = (&start[i], &start[n + i]);
            assert_eq!((a.side, b.side), (Side::A, Side::B), "{}", m.label);
            assert_eq!(a.pos.add(b.pos), centre2, "{} ship {i}: position", m.label);
            assert_eq!(a.prev_pos.add(b.prev_pos), centre2, "{} ship {i}", m.label);
            assert_eq!(
                a.vel.add(b.vel),
                Hex::default(),
                "{} ship {i}: vector",
                m.label
            );
            let mirrored = fleetlab_engine::rules::junction::ship::ShipState {
                side: Side::B,
                pos: b.pos,
                prev_pos: b.prev_pos,
                vel: b.vel,
                ..*a
            };
            assert_eq!(&mirrored, b, "{} ship {i}: the rest of its state", m.label);
            assert_eq!(m.matchup.keep[i], m.matchup.keep[n + i], "{}", m.label);
        }
        // The centre is on the line between the fleets, so no ship starts in another's hex.
        assert!(start[0].pos != start[n].pos, "{}", m.label);
    }
}

/// The two worst mirrors before the fix (seat A won 99.95% of `strike-group`'s
/// `missile-boat` mirror, seat B 100% of `strike-group`'s `turret` mirror) within 5 SE.
#[test]
fn the_worst_mirrors_of_issue_15_are_even() {
    const BATTLES: u64 = 4000;
    let exp = mirrors(&[
        ("strike-group", "missile-boat"),
        ("strike-group", "turret"),
        ("relay-pair", "brawler"),
        ("relay-pair", "jumper"),
    ]);
    for m in &exp.matchups {
        let key = runner::matchup_key(m);
        let mut state = Junction::new_state(&m.matchup);
        let mut ships = vec![ShipTally::default(); Junction::ship_count(&m.matchup)];
        let mut wins = [0u64; 2];
        for i in 0..BATTLES {
            let mut dice = Dice::for_battle(15, key, i);
            let out = Junction::play(&m.matchup, &mut state, &mut dice, &mut NoTrace, &mut ships);
            if let Verdict::Win(s) = out.verdict {
                wins[s.index()] += 1;
            }
        }
        let n = BATTLES as f64;
        let (pa, pb) = (wins[0] as f64 / n, wins[1] as f64 / n);
        let se = ((pa + pb - (pa - pb).powi(2)) / n).sqrt().max(1.0 / n);
        assert!(
            (pa - pb).abs() <= 5.0 * se,
            "{}: A {wins0} B {wins1} of {BATTLES}: gap {:.2} pp > 5 SE ({:.2} pp)",
            m.label,
            100.0 * (pa - pb),
            500.0 * se,
            wins0 = wins[0],
            wins1 = wins[1],
        );
    }
}

/// The distance each ship keeps (issue 17, `brawler-v10`'s `keep_at = "guaranteed"`): the
/// battle line's destroyer (lasers 4/8/14, Macrons 3/6/10) and gunship (particle beams 3/6/9,
/// Macrons) close to their shortest Precision Targeting range, 3 hexes, under `brawler-v9`, and
/// hold at their shortest Guaranteed Hit range, 6, under `brawler-v10` — the `pd-screen`'s
/// distance; a `range` override still wins.
#[test]
fn brawler_v10_keeps_its_guaranteed_hit_range() {
    let exp = mirrors(&[
        ("battle-line", "brawler-v9"),
        ("battle-line", "brawler-v10"),
    ]);
    let keep = |k: usize| exp.matchups[k].matchup.keep.clone();
    assert_eq!(keep(0), vec![Some(3); 4]);
    assert_eq!(keep(1), vec![Some(6); 4]);
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../configs/junction");
    let inc = |f: &str| shipped.join(f).display().to_string().replace('\\', "/");
    let toml = format!(
        "rule_system = \"junction\"\ninclude = [{:?}, {:?}, {:?}]\n[[matchup]]\n\
         a = {{ fleet = \"battle-line\", policy = \"brawler-v10\", range = 4 }}\n\
         b = {{ fleet = \"battle-line\", policy = \"brawler-v9\", keep_at = \"guaranteed\" }}\n",
        inc("catalogue.toml"),
        inc("designs.toml"),
        inc("fleets.toml")
    );
    let mut file = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    file.write_all(toml.as_bytes()).expect("write config");
    let exp = load::load::<Junction>(file.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        exp.matchups[0].matchup.keep,
        vec![Some(4), Some(4), Some(6), Some(6)]
    );
}
