//! The turn each ship is lost in (`ShipTally::lost_on_turn`, noted by `RuleSystem::play`
//! after every turn from `RuleSystem::ship_destroyed`) agrees with what each rule system's
//! `finish` reports: a ship has a turn of loss exactly when it was destroyed, and that turn
//! was played. Every rule system, on its shipped reference configs; plus the runner's tallies
//! (survival by turn, first losses) add up.

use std::path::Path;

use fleetlab_engine::rules::cold_infinity::ColdInfinity;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::rules::ship_to_ship::ShipToShip;
use fleetlab_engine::rules::target_lock::TargetLock;
use fleetlab_engine::{Dice, NoTrace, RuleSystem, ShipTally};
use fleetlab_sim::load;
use fleetlab_sim::runner::{self, Worker};

/// Play `battles` battles of every matchup of `file` and check each ship's turn of loss;
/// returns how many ships were lost, so a config that never loses a ship cannot pass idly.
fn check<R: RuleSystem>(file: &str, battles: u64) -> u64 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../configs")
        .join(file);
    let exp = load::load::<R>(&path).unwrap_or_else(|e| panic!("{file} loads: {e:?}"));
    let mut lost = 0;
    for m in &exp.matchups {
        let key = runner::matchup_key(m);
        let mut state = R::new_state(&m.matchup);
        let n = R::ship_count(&m.matchup);
        let mut ships = vec![ShipTally::default(); n];
        for i in 0..battles {
            let mut dice = Dice::for_battle(1, key, i);
            let out = R::play(&m.matchup, &mut state, &mut dice, &mut NoTrace, &mut ships);
            for (k, t) in ships.iter().enumerate() {
                assert_eq!(
                    t.destroyed,
                    t.lost_on_turn > 0,
                    "{file} {} battle {i} ship {k}: destroyed {} but lost on turn {}",
                    m.label,
                    t.destroyed,
                    t.lost_on_turn
                );
                assert!(
                    t.lost_on_turn <= out.turns,
                    "{file} battle {i} ship {k}: lost on turn {} of {}",
                    t.lost_on_turn,
                    out.turns
                );
                lost += u64::from(t.destroyed);
            }
        }
        // The runner's tally: one turn of loss per destruction, first losses at most one
        // per side and battle unless ships fall together.
        let mut w = Worker::<R>::new(&m.matchup);
        w.play(&m.matchup, 1, key, 0..battles);
        let t = &w.tally;
        for (k, h) in t.ship_lost_on_turn.iter().enumerate() {
            assert_eq!(h.n(), t.ship_destroyed[k], "{file} ship {k}");
            assert!(t.ship_first_loss[k] <= t.ship_destroyed[k]);
        }
        let any_loss: u64 = t.ship_destroyed.iter().sum();
        let firsts: u64 = t.ship_first_loss.iter().sum();
        assert!(
            any_loss == 0 || firsts > 0,
            "{file}: losses without a first loss"
        );
    }
    lost
}

#[test]
fn cosmic_conflict_notes_the_turn_of_every_loss() {
    assert!(check::<CosmicConflict>("cosmic-conflict/reference-3v3.toml", 300) > 0);
}

#[test]
fn junction_notes_the_turn_of_every_loss() {
    assert!(check::<Junction>("junction/reference-2v2.toml", 200) > 0);
}

#[test]
fn ship_to_ship_notes_the_turn_of_every_loss() {
    assert!(check::<ShipToShip>("ship-to-ship/reference-duel.toml", 200) > 0);
}

#[test]
fn target_lock_notes_the_turn_of_every_loss() {
    assert!(check::<TargetLock>("target-lock/reference-2v2.toml", 200) > 0);
}

#[test]
fn cold_infinity_notes_the_turn_of_every_loss() {
    assert!(check::<ColdInfinity>("cold-infinity/reference-2v2.toml", 40) > 0);
}
