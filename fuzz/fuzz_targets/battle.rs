//! Arbitrary bytes → a small random experiment (1–3 designs, two fleets of 1–6 ships,
//! policies, scenario, house rules including the condition, movement and range tables) →
//! config text → the real config path → a few battles. Must never panic, every battle must
//! end within the turn cap and keep the battle invariants (`fleetlab_fuzz::check_battle`).
#![no_main]

use fleetlab_fuzz::{BattleInput, check_error, load_bytes, play_all};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// `FLEETLAB_FUZZ_SHOW=1` prints each input's config text (to see what a crash or timeout
/// artifact plays: `cargo fuzz run battle ARTIFACT` with it set).
fn show() -> bool {
    static SHOW: OnceLock<bool> = OnceLock::new();
    *SHOW.get_or_init(|| std::env::var_os("FLEETLAB_FUZZ_SHOW").is_some())
}

fuzz_target!(|input: BattleInput| {
    let text = input.toml();
    if show() {
        eprintln!("{text}");
    }
    match load_bytes(text.as_bytes()) {
        Ok(exp) => {
            if show() {
                eprintln!("=> valid: {} ships", exp.matchups[0].ship_names.len());
            }
            play_all(&exp, input.seed, input.battles(), input.trace)
        }
        Err(e) => {
            if show() {
                eprintln!("=> invalid: {}", e.problems[0].message);
            }
            check_error(&e)
        }
    }
});
