//! Arbitrary bytes as an experiment file: UTF-8 check, TOML parse, validation. Must return a
//! located error or a valid experiment, never panic; a valid experiment plays one battle per
//! matchup (at most 4), which must keep the battle invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match fleetlab_fuzz::load_bytes(data) {
        Ok(exp) => fleetlab_fuzz::play_all(&exp, 1, 1, false),
        Err(e) => fleetlab_fuzz::check_error(&e),
    }
});
