//! No heap allocation per battle in steady state: a counting global allocator watches a
//! worker play 10,000 battles of the reference scenario after a short warm-up.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::rules::cold_infinity::ColdInfinity;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::cosmic_conflict::policy::OrderStyle;
use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::rules::ship_to_ship::ShipToShip;
use fleetlab_engine::rules::target_lock::TargetLock;
use fleetlab_engine::search::Searcher;
use fleetlab_engine::{Dice, RuleSystem, ShipTally, Side};
use fleetlab_sim::kinds::{Plan, SearchSide};
use fleetlab_sim::load::{self, Experiment};
use fleetlab_sim::runner::{self, Worker};

struct Counting;

thread_local! {
    // Per thread: the test harness's own threads may allocate at any time; only the thread
    // playing the battles is measured.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Experiment `file` under `configs/`.
fn config<R: RuleSystem>(file: &str) -> Experiment<R> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../configs")
        .join(file);
    load::load::<R>(&path).unwrap_or_else(|e| panic!("{file} loads: {e:?}"))
}

/// Allocations while a worker plays `battles` steady-state battles of `m`, after 100 battles
/// of warm-up.
fn steady_state_allocations<R: RuleSystem>(m: &NamedMatchup<R::Matchup>, battles: u64) -> u64 {
    let key = runner::matchup_key(m);
    let mut worker = Worker::<R>::new(&m.matchup);
    worker.play(&m.matchup, 1, key, 0..100);
    let before = allocations();
    worker.play(&m.matchup, 1, key, 100..100 + battles);
    let allocations = allocations() - before;
    assert_eq!(worker.tally.battles, 100 + battles);
    allocations
}

/// No allocation in 5,000 steady-state battles of any of `matchups`.
fn assert_junction_matchups_do_not_allocate<'a>(
    matchups: impl IntoIterator<Item = &'a NamedMatchup<<Junction as RuleSystem>::Matchup>>,
) {
    for m in matchups {
        let n = steady_state_allocations::<Junction>(m, 5_000);
        assert_eq!(n, 0, "{}: {n} heap allocations in 5,000 battles", m.label);
    }
}

/// Issue 17's `-v2` presets (massed salvos sized by the enemy's point defense, kinetic launches
/// timed by their impact speed): every pair of policy-game-v2.toml's select half.
#[test]
fn steady_state_junction_v2_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/policy-game-v2.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups[..9]);
}

/// Issue 17's `brawler-v3` (stands off while enemy salvos fly at a ship): every pair of
/// search-player-v3.toml's select half.
#[test]
fn steady_state_junction_v3_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v3.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups[..16]);
}

/// Issue 17's `brawler-v4` (also stands off while the enemy's magazines are loaded, up to its
/// turn limit): every pair of search-player-v4.toml's select half.
#[test]
fn steady_state_junction_v4_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v4.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups[..25]);
}

/// Issue 17's `brawler-v5` (also holds a stand-off against loaded launchers): every pair of
/// search-player-v5.toml's select half.
#[test]
fn steady_state_junction_v5_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v5.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups[..36]);
}

/// Issue 17's `brawler-v6` (also reads the enemy's kinetic launch timing): the pairs of
/// search-player-v6.toml's select half that it plays in (on either side).
#[test]
fn steady_state_junction_v6_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v6.toml");
    let v6: Vec<_> = exp.matchups[..49]
        .iter()
        .filter(|m| m.label.contains("brawler-v6"))
        .collect();
    assert_eq!(v6.len(), 13);
    assert_junction_matchups_do_not_allocate(v6);
}

/// Issue 17's `brawler-v7` (guards only against enemy ships that hold their range): the
/// pairs of search-player-v7.toml's select half that it plays in (on either side).
#[test]
fn steady_state_junction_v7_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v7.toml");
    let v7: Vec<_> = exp.matchups[..64]
        .iter()
        .filter(|m| m.label.contains("brawler-v7"))
        .collect();
    assert_eq!(v7.len(), 15);
    assert_junction_matchups_do_not_allocate(v7);
}

/// Issue 17's `brawler-v8` (runs from blasts only when their launcher holds its range): the
/// pairs of search-player-v8.toml's select half that it plays in (on either side).
#[test]
fn steady_state_junction_v8_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v8.toml");
    let v8: Vec<_> = exp.matchups[..81]
        .iter()
        .filter(|m| m.label.contains("brawler-v8"))
        .collect();
    assert_eq!(v8.len(), 17);
    assert_junction_matchups_do_not_allocate(v8);
}

/// Issue 17's `brawler-v9` (a late stand-off once its launchers are spent, one ship a side):
/// the pairs of search-player-v9.toml's select half that it plays in (on either side).
#[test]
fn steady_state_junction_v9_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v9.toml");
    let v9: Vec<_> = exp.matchups[..100]
        .iter()
        .filter(|m| m.label.contains("brawler-v9"))
        .collect();
    assert_eq!(v9.len(), 19);
    assert_junction_matchups_do_not_allocate(v9);
}

/// Issue 17's `brawler-v10` (its Guaranteed Hit range, the screen's point defense, a speed
/// limit that reads the enemy's moves): the pairs of search-player-v10.toml's select half that
/// it plays in (on either side).
#[test]
fn steady_state_junction_v10_preset_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/search-player-v10.toml");
    let v10: Vec<_> = exp.matchups[..121]
        .iter()
        .filter(|m| m.label.contains("brawler-v10"))
        .collect();
    assert_eq!(v10.len(), 21);
    assert_junction_matchups_do_not_allocate(v10);
}

/// Ship to Ship Combat (seed 001): the duel and the fleet battle (blasts, chained hull checks,
/// asteroids), every preset.
#[test]
fn steady_state_ship_to_ship_battles_do_not_allocate() {
    for file in [
        "ship-to-ship/reference-duel.toml",
        "ship-to-ship/fleet-battle.toml",
        // Each shot's Cannon mode chosen (G21 per-shot).
        "ship-to-ship/mode-choice/duel.toml",
    ] {
        let exp = config::<ShipToShip>(file);
        let n = steady_state_allocations::<ShipToShip>(&exp.matchups[0], 5_000);
        assert_eq!(
            n, 0,
            "{file}: {n} heap allocations in 5,000 steady-state battles"
        );
    }
    // Scans and Luck rerolling hit allocation dice (A/B arms: the variant carries them).
    for file in [
        "ship-to-ship/scans-ab.toml",
        "ship-to-ship/sensitivity/luck-on-allocation.toml",
    ] {
        let exp = config::<ShipToShip>(file);
        for m in &exp.matchups {
            let n = steady_state_allocations::<ShipToShip>(m, 2_000);
            assert_eq!(
                n, 0,
                "{file}: {n} heap allocations in 2,000 battles of {}",
                m.label
            );
        }
    }
}

#[test]
fn steady_state_junction_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/reference-2v2.toml");
    let n = steady_state_allocations::<Junction>(&exp.matchups[0], 10_000);
    assert_eq!(n, 0, "{n} heap allocations in 10,000 steady-state battles");
}

/// The other Appendix 1 payloads and the EM catapult (guided-mix: Mass Driver launches,
/// neutron bombs, stand-off payloads) allocate nothing either.
#[test]
fn steady_state_guided_mix_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/guided-mix.toml");
    let n = steady_state_allocations::<Junction>(&exp.matchups[0], 10_000);
    assert_eq!(n, 0, "{n} heap allocations in 10,000 steady-state battles");
}

/// Decoys (screens drawing jammed attacks, decoys inside salvos), missile racks and laser
/// relays allocate nothing either.
#[test]
fn steady_state_decoy_rack_and_relay_battles_do_not_allocate() {
    let decoys = config::<Junction>("junction/decoys.toml");
    let racks = config::<Junction>("junction/missile-racks.toml");
    let relays = config::<Junction>("junction/laser-relays.toml");
    assert_junction_matchups_do_not_allocate(
        [&decoys, &racks, &relays]
            .into_iter()
            .flat_map(|exp| &exp.matchups[1..]),
    );
}

/// Electric rockets (the fire-or-burn decision and the burn's energy, J70), Fuel Cells (J71)
/// and Photovoltaic Panels (J72) allocate nothing either.
#[test]
fn steady_state_energy_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/energy.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups);
}

/// Excalibur bursts divided over ships and guided weapons (J60, the `pierce` matchups of
/// excalibur-split.toml), splitting relays and relay chains (J61, J62; laser-relays.toml's
/// matchups 2–4) and the payload choice per target (J63; payload-choice.toml's `by-target`
/// matchups) allocate nothing.
#[test]
fn steady_state_split_battles_do_not_allocate() {
    let split = config::<Junction>("junction/excalibur-split.toml");
    let relays = config::<Junction>("junction/laser-relays.toml");
    let choice = config::<Junction>("junction/payload-choice.toml");
    let excalibur = [1, 3, 5].map(|k| &split.matchups[k]);
    let relay = [2, 3, 4].map(|k| &relays.matchups[k]);
    let payloads = [1, 3].map(|k| &choice.matchups[k]);
    assert_junction_matchups_do_not_allocate(excalibur.into_iter().chain(relay).chain(payloads));
}

#[test]
fn steady_state_battles_do_not_allocate() {
    assert_no_allocations("reference-3v3.toml");
}

/// The command layer (reference-3v3 plays without Orders): the tactician against the brawler.
#[test]
fn steady_state_command_layer_battles_do_not_allocate() {
    assert_no_allocations_in("command-layer.toml", 2);
}

/// The new-generation presets (issue 17: the `kill-value` fire plan, which reads the missile
/// tokens in flight) allocate nothing: every matchup of `presets-v2.toml`.
#[test]
fn steady_state_v2_preset_battles_do_not_allocate() {
    for matchup in 0..4 {
        assert_no_allocations_in("presets-v2.toml", matchup);
    }
}

/// Brace for Impact used up by its first braced hit (`brace_for_impact = "first-row"`): every
/// ship of side B braces every turn.
#[test]
fn steady_state_braced_first_row_battles_do_not_allocate() {
    assert_no_allocations_in("sensitivity/braced-first-row.toml", 0);
}

/// Terrain (moving pieces, Dangerous/Hazardous damage, Blocking rerolls) and a scenario's
/// victory conditions and objective allocate nothing either.
#[test]
fn steady_state_terrain_scenario_battles_do_not_allocate() {
    assert_no_allocations("scenario-objectives.toml");
}

/// Formations and Escorts (shared command, group activation, redirection, contributions)
/// allocate nothing: the offensive formation (matchup 1), the defensive one (3), the escort (4).
#[test]
fn steady_state_formation_battles_do_not_allocate() {
    for matchup in [1, 3, 4] {
        assert_no_allocations_in("formations.toml", matchup);
    }
}

/// Fighters on both sides (launches, landings, resupply, PWS exchanges with fPWS, AWS fire on
/// fighters) live in the worker's fixed arrays: no allocation either.
#[test]
fn steady_state_fighter_battles_do_not_allocate() {
    assert_no_allocations_in("carrier-strike.toml", 2);
}

/// The second benchmark, everything at once: Orders, terrain, fighters and Formations. The
/// test also pins what the benchmark contains, so it keeps its meaning.
#[test]
fn steady_state_reference_full_battles_do_not_allocate() {
    let config = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../configs/cosmic-conflict/reference-full.toml");
    let exp = load::load::<CosmicConflict>(&config).expect("config loads");
    let m = &exp.matchups[0].matchup;
    assert!(m.fighters.any, "reference-full has fighters");
    assert_eq!(m.groups.len(), 2, "one Formation a side");
    assert!(!m.scenario.terrain.is_empty(), "reference-full has terrain");
    assert!(
        m.policies
            .iter()
            .all(|p| p.command.orders != OrderStyle::None),
        "both sides give Orders"
    );
    assert_no_allocations("reference-full.toml");
}

/// Issue 17's Cosmic Conflict `brawler-v4` (passes in a Size step by value, spends Command
/// Tokens by value): the pairs of policy-game-v4.toml's select half that it plays in.
#[test]
fn steady_state_cosmic_conflict_v4_preset_battles_do_not_allocate() {
    let exp = config::<CosmicConflict>("cosmic-conflict/policy-game-v4.toml");
    let v4: Vec<_> = exp.matchups[..25]
        .iter()
        .filter(|m| m.label.contains("brawler-v4"))
        .collect();
    assert_eq!(v4.len(), 9);
    for m in v4 {
        let n = steady_state_allocations::<CosmicConflict>(m, 2_000);
        assert_eq!(n, 0, "{}: {n} heap allocations in 2,000 battles", m.label);
    }
}

fn assert_no_allocations(file: &str) {
    assert_no_allocations_in(file, 0);
}

fn assert_no_allocations_in(file: &str, matchup: usize) {
    let exp = config::<CosmicConflict>(&format!("cosmic-conflict/{file}"));
    let n = steady_state_allocations::<CosmicConflict>(&exp.matchups[matchup], 10_000);
    assert_eq!(
        n, 0,
        "{n} heap allocations in 10,000 steady-state battles of {file}"
    );
}

/// Inertial Mine area blasts and point-defense blasts (mines, heavy bombs) allocate nothing.
#[test]
fn steady_state_pd_launch_battles_do_not_allocate() {
    let exp = config::<Junction>("junction/pd-launches.toml");
    assert_junction_matchups_do_not_allocate(&exp.matchups[1..]);
}

/// Allocations while one worker plays `battles` steady-state battles of every search cell of
/// `file`'s policy game (the search player's rollouts copy positions into a kept state), after
/// 20 battles of warm-up per cell.
fn search_allocations<R: RuleSystem>(file: &str, battles: u64) -> u64 {
    let exp = config::<R>(file);
    let Plan::Game(g) = &exp.plan else {
        panic!("{file} is a policy game")
    };
    let settings = g.search.expect("with a search player").settings();
    let mut total = 0;
    for (k, side, _) in g.search_cells() {
        let (candidates, home) = g.candidates(k).expect("a search cell");
        let candidates: Vec<&R::Matchup> = candidates
            .iter()
            .map(|&c| &exp.matchups[c].matchup)
            .collect();
        let side = match side {
            SearchSide::A => Side::A,
            SearchSide::B => Side::B,
        };
        let mut state = R::new_state(candidates[home]);
        let n = R::ship_count(candidates[home]);
        let mut searcher = Searcher::new::<R>(candidates[home], candidates.len());
        let mut ships = vec![ShipTally::default(); n];
        let mut choices = vec![0; candidates.len()];
        let mut play = |i: u64| {
            let mut dice = Dice::for_battle(1, exp.keys[k], i);
            searcher.play::<R>(
                &candidates,
                home,
                side,
                &settings,
                &mut state,
                &mut dice,
                &mut ships,
                &mut choices,
            );
        };
        (0..20).for_each(&mut play);
        let before = allocations();
        (20..20 + battles).for_each(&mut play);
        total += allocations() - before;
    }
    total
}

#[test]
fn steady_state_search_player_battles_do_not_allocate() {
    for (file, n) in [
        (
            "cosmic-conflict/search-player.toml",
            search_allocations::<CosmicConflict>("cosmic-conflict/search-player.toml", 100),
        ),
        (
            "junction/search-player.toml",
            search_allocations::<Junction>("junction/search-player.toml", 30),
        ),
        (
            "ship-to-ship/search-player.toml",
            search_allocations::<ShipToShip>("ship-to-ship/search-player.toml", 30),
        ),
    ] {
        assert_eq!(
            n, 0,
            "{file}: {n} heap allocations in steady-state search battles"
        );
    }
}

/// A raced policy game's select half (every pair of policies in play on the same battle
/// index, paired differences recorded, one policy of each side already dropped) allocates
/// nothing: the shipped 5 × 5 game of each rule system.
#[test]
fn steady_state_raced_game_battles_do_not_allocate() {
    fn check<R: RuleSystem>(file: &str) {
        let exp = config::<R>(file);
        let fleetlab_sim::kinds::Plan::Game(plan) = &exp.plan else {
            panic!("{file} is a policy game");
        };
        let select = plan.half(fleetlab_sim::kinds::GameHalf::Select);
        let cells: Vec<_> = select.iter().map(|&k| &exp.matchups[k]).collect();
        let keys: Vec<u64> = select.iter().map(|&k| exp.keys[k]).collect();
        let (rows, cols) = (plan.a_policies.len(), plan.b_policies.len());
        let mut alive_a = vec![true; rows];
        let mut alive_b = vec![true; cols];
        alive_a[rows - 1] = false;
        alive_b[0] = false;
        let mut race = fleetlab_sim::stats::race::RaceTally::new(rows, cols);
        let mut worker = fleetlab_sim::racing::GameWorker::<R>::new(&cells);
        worker.play_slice(&cells, &keys, &alive_a, &alive_b, 1, 0..20, &mut race);
        let before = allocations();
        worker.play_slice(&cells, &keys, &alive_a, &alive_b, 1, 20..420, &mut race);
        let n = allocations() - before;
        assert_eq!(n, 0, "{file}: {n} heap allocations in 400 battle indices");
    }
    check::<CosmicConflict>("cosmic-conflict/policy-game.toml");
    check::<CosmicConflict>("cosmic-conflict/policy-game-v2.toml");
    check::<Junction>("junction/policy-game.toml");
    check::<ShipToShip>("ship-to-ship/policy-game.toml");
}

/// Target-lock (seed 002): the reference and every preset and fleet (presets.toml) allocate
/// nothing per battle, nor does its search player.
#[test]
fn steady_state_target_lock_battles_do_not_allocate() {
    let reference = config::<TargetLock>("target-lock/reference-2v2.toml");
    let presets = config::<TargetLock>("target-lock/presets.toml");
    for m in reference.matchups.iter().chain(&presets.matchups) {
        let n = steady_state_allocations::<TargetLock>(m, 5_000);
        assert_eq!(n, 0, "{}: {n} heap allocations in 5,000 battles", m.label);
    }
    let n = search_allocations::<TargetLock>("target-lock/search-player.toml", 20);
    assert_eq!(n, 0, "target-lock search player: {n} heap allocations");
}

/// Cold Infinity (seed 000): the reference, the gunship duel, the shielded Wardens of the
/// shield-vs-armor A/B (§11.2: shield power, the defender's pick, buffers), the tracking
/// Wardens of the tracking-vs-burst A/B (§8.1.9: attacks over turns) and the racked Reapers of
/// `missile-carrier` (§9: magazines, flights, intercepts; §11.5 AMRS and chaff) and the
/// capacitor Wardens of the capacitor-vs-reactor A/B (§3.1.2: charge carried over), the
/// torpedo Reapers of the torpedoes-vs-guns A/B (§9.2.2) and the reload-rack Reapers of the
/// reload-vs-racks A/B (§9.2.4) and the system-battery Wardens of the system-battery
/// A/B (§3.1.4) allocate nothing per
/// battle, and the forward model's `clone_from` into a kept copy allocates nothing (a search
/// player copies the position before every rollout).
#[test]
fn steady_state_cold_infinity_battles_do_not_allocate() {
    let reference = config::<ColdInfinity>("cold-infinity/reference-2v2.toml");
    let duel = config::<ColdInfinity>("cold-infinity/gunship-duel.toml");
    let shielded = config::<ColdInfinity>("cold-infinity/shield-vs-armor-ab.toml");
    let shielded: Vec<_> = shielded
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-shielded"))
        .collect();
    assert!(!shielded.is_empty(), "the A/B plays the shielded Wardens");
    let tracking = config::<ColdInfinity>("cold-infinity/tracking-vs-burst-ab.toml");
    let tracking: Vec<_> = tracking
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-tracking"))
        .collect();
    assert!(!tracking.is_empty(), "the A/B plays the tracking Wardens");
    let wave = config::<ColdInfinity>("cold-infinity/wave-vs-burst-ab.toml");
    let wave: Vec<_> = wave
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-wave"))
        .collect();
    assert!(!wave.is_empty(), "the A/B plays the wave Wardens");
    let racked = config::<ColdInfinity>("cold-infinity/missile-carrier.toml");
    let capacitor = config::<ColdInfinity>("cold-infinity/capacitor-vs-reactor-ab.toml");
    let capacitor: Vec<_> = capacitor
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-capacitor"))
        .collect();
    assert!(!capacitor.is_empty(), "the A/B plays the capacitor Wardens");
    // §11.2.5: point-defense shields (the roaming 3d6 inside the attack) and the arc shield.
    let point = config::<ColdInfinity>("cold-infinity/pd-shield-vs-arc-shield-ab.toml");
    let point: Vec<_> = point
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-pd") || m.label.contains("wardens-arc"))
        .collect();
    assert!(!point.is_empty(), "the A/B plays the point-defense Wardens");
    let torpedo = config::<ColdInfinity>("cold-infinity/torpedoes-vs-guns-ab.toml");
    let torpedo: Vec<_> = torpedo
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("reapers-torpedo"))
        .collect();
    assert!(!torpedo.is_empty(), "the A/B plays the torpedo Reapers");
    let reload = config::<ColdInfinity>("cold-infinity/reload-vs-racks-ab.toml");
    let reload: Vec<_> = reload
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("reapers-reload"))
        .collect();
    assert!(!reload.is_empty(), "the A/B plays the reload-rack Reapers");
    let battery = config::<ColdInfinity>("cold-infinity/system-battery-vs-reactor-ab.toml");
    let battery: Vec<_> = battery
        .matchups
        .into_iter()
        .filter(|m| m.label.contains("wardens-system-battery"))
        .collect();
    assert!(
        !battery.is_empty(),
        "the A/B plays the system-battery Wardens"
    );
    for m in reference
        .matchups
        .iter()
        .chain(&duel.matchups)
        .chain(&shielded)
        .chain(&tracking)
        .chain(&wave)
        .chain(&racked.matchups)
        .chain(&capacitor)
        .chain(&point)
        .chain(&torpedo)
        .chain(&reload)
        .chain(&battery)
    {
        let n = steady_state_allocations::<ColdInfinity>(m, 2_000);
        assert_eq!(n, 0, "{}: {n} heap allocations in 2,000 battles", m.label);
    }
    // The forward model's copy: `clone` keeps every buffer's room, so `clone_from` + turn
    // allocates nothing — for the reference and for the racked matchups (flights, intercepts,
    // the specialized defences of `wardens-defended`).
    for m in std::iter::once(&reference.matchups[0])
        .chain(&racked.matchups)
        .chain(&torpedo)
        .chain(&reload)
        .chain(&battery)
        .map(|m| &m.matchup)
    {
        let mut state = ColdInfinity::new_state(m);
        let mut dice = Dice::for_battle(1, 2, 3);
        let mut obs = fleetlab_engine::observer::NoTrace;
        ColdInfinity::begin(m, &mut state, &mut dice, &mut obs);
        for _ in 0..3 {
            ColdInfinity::turn(m, &mut state, &mut dice, &mut obs);
        }
        let mut copy = state.clone();
        ColdInfinity::turn(m, &mut copy, &mut dice, &mut obs);
        let before = allocations();
        for _ in 0..100 {
            copy.clone_from(&state);
            ColdInfinity::turn(m, &mut copy, &mut dice, &mut obs);
        }
        let n = allocations() - before;
        assert_eq!(
            n, 0,
            "cold-infinity clone_from + turn: {n} heap allocations"
        );
    }
    let n = search_allocations::<ColdInfinity>("cold-infinity/search-player.toml", 10);
    assert_eq!(n, 0, "cold-infinity search player: {n} heap allocations");
}
