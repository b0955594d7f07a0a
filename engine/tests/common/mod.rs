//! Shared set-up of the Junction whole-turn tests: a one-on-one duel of an attacker (side A,
//! `turret` preset) against a passive target on the q axis, played with fixed dice.

#![allow(dead_code)] // each test crate uses a subset

use fleetlab_engine::dice::{Dice, ScriptedDice};
use fleetlab_engine::outcome::{Outcome, ShipTally, Side};
use fleetlab_engine::rules::junction::battle::BattleState;
use fleetlab_engine::rules::junction::design::{Catalogue, PowerPlant, ShipDesign};
use fleetlab_engine::rules::junction::hex::Hex;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::parts::{
    Guidance, GuidedDesign, GwSize, Payload, Propulsion,
};
use fleetlab_engine::rules::junction::policy::Policy;
use fleetlab_engine::rules::junction::ship::ShipState;
use fleetlab_engine::rules::junction::{Junction, Matchup};
use fleetlab_engine::{NoTrace, RuleSystem};

/// Integrity of a [`hulk`]: no test's damage comes near it.
pub const HULK_INTEGRITY: f64 = 100_000.0;

/// A hull that soaks every hit into Integrity and never breaks: no armor, no protection,
/// Integrity [`HULK_INTEGRITY`], and a little power (so no "No Power !" morale event).
pub fn hulk(name: &str) -> ShipDesign {
    ShipDesign {
        armor: 0.0,
        protection: 0.0,
        integrity: HULK_INTEGRITY,
        plants: vec![PowerPlant {
            volume: 1.0,
            output: 1.0,
            fuel: 0.0,
        }],
        ..ShipDesign::bare(name)
    }
}

/// A guided weapon of `size` with `payload`, Center of Mass guidance and a liquid-fueled
/// rocket, named after its size and payload.
pub fn gw(size: GwSize, payload: Payload) -> GuidedDesign {
    GuidedDesign {
        name: format!("{size:?} {payload:?}"),
        size,
        guidance: Guidance::CenterOfMass,
        payload,
        propulsion: Propulsion::LiquidFueledRocket,
        load: None,
    }
}

/// A [`hulk`] with a VLS and `magazine` (catalogue index of a guided weapon, count).
pub fn launcher(name: &str, magazine: Vec<(usize, u32)>) -> ShipDesign {
    ShipDesign {
        vls_volume: 1.0,
        magazine,
        ..hulk(name)
    }
}

/// `attacker` (A1, `turret`) at the origin and `target` (B1, `passive`) `distance` hexes
/// away, at rest, under `rules`.
pub fn duel(
    catalogue: Catalogue,
    attacker: ShipDesign,
    target: ShipDesign,
    distance: i32,
    rules: HouseRules,
) -> Matchup {
    duel_with(
        catalogue,
        [attacker, target],
        distance,
        ["turret", "passive"],
        rules,
    )
}

/// As [`duel`], with the two ships' policy presets named (the distance each keeps is worked
/// out from its policy when the matchup is built).
pub fn duel_with(
    catalogue: Catalogue,
    [attacker, target]: [ShipDesign; 2],
    distance: i32,
    [a_policy, b_policy]: [&str; 2],
    rules: HouseRules,
) -> Matchup {
    let designs = vec![attacker, target];
    let a = ShipState::new(0, &designs[0], Side::A, 100, 0);
    let mut b = ShipState::new(1, &designs[1], Side::B, 100, 0);
    b.pos = Hex::new(distance, 0);
    b.prev_pos = b.pos;
    Matchup::new(
        catalogue,
        designs,
        vec![a, b],
        vec!["A1 attacker".into(), "B1 target".into()],
        [
            Policy::preset(a_policy).unwrap(),
            Policy::preset(b_policy).unwrap(),
        ],
        rules,
    )
}

/// Play `m` once on the dice of battle 1 of matchup `matchup` (master seed 5); returns the end
/// state and both sides' event counters.
pub fn play(m: &Matchup, matchup: u64) -> (BattleState, [u32; 32], [u32; 32]) {
    let mut state = Junction::new_state(m);
    let mut ships = [ShipTally::default(); 2];
    let mut dice = Dice::for_battle(5, matchup, 1);
    let out = Junction::play(m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    (state, out.sides[0].events, out.sides[1].events)
}

/// Play `m` on from `state` (up to `m.rules.turn_cap`) with scripted dice `faces`; returns
/// the outcome, the per-ship tallies and how many faces were used.
pub fn play_scripted(
    m: &Matchup,
    state: &mut BattleState,
    faces: &[u8],
) -> (Outcome, [ShipTally; 2], usize) {
    let mut ships = [ShipTally::default(); 2];
    let mut dice = ScriptedDice::new(faces);
    let out = Junction::play(m, state, &mut dice, &mut NoTrace, &mut ships);
    (out, ships, dice.used())
}
