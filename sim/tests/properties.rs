//! Property tests of engine and runner invariants over random, valid Cosmic Conflict
//! experiments: random designs (Sizes 1–6, weapons of every type, slot, variant and arc set
//! that validation allows, components), fleets, policies, scenarios (game lengths, turn caps,
//! tables) and house rules. Every experiment is written as TOML text and goes through the real
//! config path (`load::load_from`, parse and validation), so the generators cannot build
//! anything a user could not.
//!
//! * battles end within the scenario's turn cap (and its fixed length, when it has one);
//! * after every battle no track is over capacity, every ship's damage taken is exactly the
//!   boxes it has filled, side tallies are the sums of their ships', the verdict matches the
//!   ending and the survivors;
//! * adding a weapon or a component to a design never lowers its points;
//! * `runner::run_matchup` gives the same tally on 1 and 2 threads;
//! * the tallies of any split of the battle indices merge into the tally of the whole, and
//!   shard slices cover `0..B` exactly.
//!
//! Case counts keep the whole file well under a few seconds in release on 2 cores;
//! proptest draws new cases every run and saves failing ones under `proptest-regressions/`.

use fleetlab_engine::rules::cosmic_conflict::design::ComponentKind;
use fleetlab_engine::rules::cosmic_conflict::policy::Policy;
use std::fmt::Write as _;
use std::path::Path;

use fleetlab_engine::rules::cosmic_conflict::ship::Status;
use fleetlab_engine::rules::cosmic_conflict::{BattleState, CosmicConflict};
use fleetlab_engine::{Dice, Ending, NoTrace, RuleSystem, ShipTally, Side, Verdict};
use fleetlab_sim::load::{self, ConfigError, Experiment, Source};
use fleetlab_sim::partial::Shard;
use fleetlab_sim::results::MatchupTally;
use fleetlab_sim::runner;
use proptest::prelude::*;

// ---- Generators: TOML text of valid experiments ---------------------------------------------

const WEAPON_TYPES: [&str; 4] = ["kinetic", "beam", "rockets", "missiles"];
const ARCS: [&str; 4] = ["fore", "aft", "port", "starboard"];
const TARGETING: [&str; 4] = ["best-odds", "weakest", "most-dangerous", "nearest"];

/// One `{ type = ..., ... }` weapon entry that validation accepts.
fn weapon() -> impl Strategy<Value = String> {
    (
        0..4usize,                 // type
        0..3usize,                 // slot: default, primary, secondary
        0..7usize,                 // variant: omitted, none, oversized, structural, linked-1..3
        1u8..16,                   // arc quadrants (non-empty bit set)
        any::<bool>(),             // write all four quadrants as "all"
        prop::option::of(1u8..=2), // count
    )
        .prop_map(|(kind, slot, variant, mask, all, count)| {
            let takes_variant = kind < 2;
            let variant = if takes_variant {
                variant
            } else {
                variant.min(1)
            };
            let mut slot = ["", "primary", "secondary"][slot];
            // Oversized and Structurally Mounted are Primary only.
            if (variant == 2 || variant == 3) && slot == "secondary" {
                slot = "primary";
            }
            // Structurally Mounted allows exactly one arc.
            let mask = if variant == 3 {
                mask & mask.wrapping_neg()
            } else {
                mask
            };
            let arcs: Vec<String> = if mask == 15 && all && variant != 3 {
                vec!["\"all\"".into()]
            } else {
                (0..4)
                    .filter(|b| mask & (1 << b) != 0)
                    .map(|b| format!("\"{}\"", ARCS[b]))
                    .collect()
            };
            let mut s = format!(
                "{{ type = \"{}\", arcs = [{}]",
                WEAPON_TYPES[kind],
                arcs.join(", ")
            );
            if !slot.is_empty() {
                write!(s, ", slot = \"{slot}\"").unwrap();
            }
            match variant {
                0 => {}
                1 => s.push_str(", variant = \"none\""),
                2 => s.push_str(", variant = \"oversized\""),
                3 => s.push_str(", variant = \"structurally-mounted\""),
                x => write!(s, ", variant = \"linked-{}\"", x - 3).unwrap(),
            }
            if let Some(c) = count {
                write!(s, ", count = {c}").unwrap();
            }
            s.push_str(" }");
            s
        })
}

/// One `{ kind = ..., ... }` component entry that validation accepts.
fn component() -> impl Strategy<Value = String> {
    (0..11usize, 0..3usize, prop::option::of(1u8..=2)).prop_map(|(kind, slot, count)| {
        let name = ComponentKind::ALL[kind].name();
        // Kinds with a fixed slot: leave it out or name the right one.
        let fixed = match name {
            "maneuver-enhance" | "heading-enhance" | "advanced-sensors" => Some("secondary"),
            "nav-suite" | "fighter-launch-hangar" | "fighter-hangar" => Some("primary"),
            _ => None,
        };
        let slot = match (fixed, slot) {
            (_, 0) => None,
            (Some(f), _) => Some(f),
            (None, 1) => Some("primary"),
            (None, _) => Some("secondary"),
        };
        let mut s = format!("{{ kind = \"{name}\"");
        if let Some(slot) = slot {
            write!(s, ", slot = \"{slot}\"").unwrap();
        }
        if let Some(c) = count {
            write!(s, ", count = {c}").unwrap();
        }
        s.push_str(" }");
        s
    })
}

/// A design body (everything after `name`): at most 4 weapon entries and 4 component entries
/// of count ≤ 2, so at most 8 weapons and 8 armor/shield tracks (the engine's limits are 16
/// and 8).
#[derive(Clone, Debug)]
struct DesignGen {
    size: u8,
    row_length: Option<u8>,
    chart: Option<(i8, i8)>,
    weapons: Vec<String>,
    components: Vec<String>,
}

fn design() -> impl Strategy<Value = DesignGen> {
    (
        1u8..=6,
        prop::option::of(1u8..=12),
        prop::option::of((-1i8..=2, 0i8..=3)),
        prop::collection::vec(weapon(), 0..=4),
        prop::collection::vec(component(), 0..=4),
    )
        .prop_map(|(size, row_length, chart, weapons, components)| DesignGen {
            size,
            row_length,
            chart: chart.map(|(miss, extra)| (miss, miss + extra)),
            weapons,
            components,
        })
}

impl DesignGen {
    fn toml(&self, name: &str) -> String {
        let mut s = format!("[[design]]\nname = \"{name}\"\nsize = {}\n", self.size);
        if let Some(r) = self.row_length {
            writeln!(s, "row_length = {r}").unwrap();
        }
        if let Some((miss, glance)) = self.chart {
            writeln!(s, "chart = {{ miss_max = {miss}, glance_max = {glance} }}").unwrap();
        }
        writeln!(s, "weapons = [{}]", self.weapons.join(", ")).unwrap();
        writeln!(s, "components = [{}]", self.components.join(", ")).unwrap();
        s
    }
}

/// One side of a matchup: fleet (design indices) and policy with optional overrides.
#[derive(Clone, Debug)]
struct SideGen {
    ships: Vec<usize>,
    policy: usize,
    range: Option<u16>,
    targeting: Option<usize>,
    pass: Option<bool>,
}

fn side(designs: usize) -> impl Strategy<Value = SideGen> {
    (
        prop::collection::vec(0..designs, 1..=3),
        0..Policy::PRESETS.len(),
        prop::option::of(0u16..=400),
        prop::option::of(0..4usize),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(ships, policy, range, targeting, pass)| SideGen {
            ships,
            policy,
            range,
            targeting,
            pass,
        })
}

impl SideGen {
    fn toml(&self, fleet: &str) -> String {
        let mut s = format!(
            "{{ fleet = \"{fleet}\", policy = \"{}\"",
            Policy::PRESETS[self.policy]
        );
        if let Some(r) = self.range {
            write!(s, ", range = {:.1}", f64::from(r) / 10.0).unwrap();
        }
        if let Some(t) = self.targeting {
            write!(s, ", targeting = \"{}\"", TARGETING[t]).unwrap();
        }
        if let Some(p) = self.pass {
            write!(s, ", pass_when_enemy_waiting = {p}").unwrap();
        }
        s.push_str(" }");
        s
    }
}

/// Game length: the default, a fixed number of turns, or the recommended rule's parameters.
#[derive(Clone, Debug)]
enum Length {
    Default,
    Fixed(u32),
    Recommended(Option<u32>, Option<u8>),
}

#[derive(Clone, Debug)]
struct ScenarioGen {
    length: Length,
    turn_cap: Option<u32>,
    /// Table length and width in tenths; deployment depth as a fraction of half the length.
    board: Option<(u16, u16)>,
    depth: Option<u8>,
    draw_margin: Option<u32>,
}

fn scenario() -> impl Strategy<Value = ScenarioGen> {
    let length = prop_oneof![
        Just(Length::Default),
        (1u32..=12).prop_map(Length::Fixed),
        (prop::option::of(1u32..=8), prop::option::of(1u8..=6))
            .prop_map(|(m, e)| Length::Recommended(m, e)),
    ];
    (
        length,
        prop::option::of(1u32..=40),
        prop::option::of((50u16..=800, 50u16..=500)),
        prop::option::of(1u8..=10),
        prop::option::of(0u32..=300),
    )
        .prop_map(
            |(length, turn_cap, board, depth, draw_margin)| ScenarioGen {
                length,
                turn_cap,
                board,
                depth,
                draw_margin,
            },
        )
}

impl ScenarioGen {
    /// The most turns a battle of this scenario may last.
    fn max_turns(&self) -> u32 {
        let cap = self.turn_cap.unwrap_or(30);
        match self.length {
            Length::Fixed(n) => n.min(cap),
            _ => cap,
        }
    }

    fn toml(&self) -> String {
        let mut s = String::from("[scenario]\n");
        match self.length {
            Length::Default => {}
            Length::Fixed(n) => writeln!(s, "turns = {n}").unwrap(),
            Length::Recommended(m, e) => {
                if let Some(m) = m {
                    writeln!(s, "min_turns = {m}").unwrap();
                }
                if let Some(e) = e {
                    writeln!(s, "ends_on = {e}").unwrap();
                }
            }
        }
        if let Some(c) = self.turn_cap {
            writeln!(s, "turn_cap = {c}").unwrap();
        }
        let length = self.board.map_or(54.0, |(l, _)| f64::from(l) / 10.0);
        if let Some((l, w)) = self.board {
            writeln!(
                s,
                "board = {{ length = {:.1}, width = {:.1} }}",
                f64::from(l) / 10.0,
                f64::from(w) / 10.0
            )
            .unwrap();
        }
        if let Some(d) = self.depth {
            // A tenth .. all of half the table's length (validation allows (0, length / 2]).
            writeln!(
                s,
                "deployment_depth = {:?}",
                length / 2.0 * f64::from(d) / 10.0
            )
            .unwrap();
        }
        if let Some(m) = self.draw_margin {
            writeln!(s, "draw_margin = {m}").unwrap();
        }
        s
    }
}

const CONDITIONS: [&str; 9] = [
    "catastrophic",
    "critical",
    "structural",
    "serious",
    "weapons",
    "component",
    "communications",
    "propulsion",
    "no-condition",
];

/// House rules that change play or points, and an edited condition table (the movement and
/// range tables keep their defaults).
#[derive(Clone, Debug)]
struct RulesGen {
    condition_table: Option<[usize; 11]>,
    flags: [bool; 6],
    first_player: usize,
    bypass_raw: bool,
    excess_flat: bool,
    costs: (u8, u8, u8),
    pws_distance: u8,
}

fn house_rules() -> impl Strategy<Value = Option<RulesGen>> {
    prop::option::of(
        (
            prop::option::of(prop::array::uniform11(0..9usize)),
            any::<[bool; 6]>(),
            0..3usize,
            any::<bool>(),
            any::<bool>(),
            (0u8..=10, 0u8..=10, 0u8..=10),
            0u8..=8,
        )
            .prop_map(
                |(
                    condition_table,
                    flags,
                    first_player,
                    bypass_raw,
                    excess_flat,
                    costs,
                    pws_distance,
                )| RulesGen {
                    condition_table,
                    flags,
                    first_player,
                    bypass_raw,
                    excess_flat,
                    costs,
                    pws_distance,
                },
            ),
    )
}

impl RulesGen {
    fn toml(&self) -> String {
        let f = self.flags;
        let order = |shield| {
            if shield {
                "shield-first"
            } else {
                "armor-first"
            }
        };
        let table = self.condition_table.map_or(String::new(), |t| {
            let names: Vec<String> = t
                .iter()
                .map(|&k| format!("\"{}\"", CONDITIONS[k]))
                .collect();
            format!("condition_table = [{}]\n", names.join(", "))
        });
        let rules = format!(
            "[house_rules]\n\
             beam_damage_order = \"{}\"\n\
             damage_order = \"{}\"\n\
             structural_applies_to_serious = {}\n\
             pws_exchange = {}\n\
             aws_vs_rockets = {}\n\
             leaving_board_flees = {}\n\
             first_player = \"{}\"\n\
             bypass_accuracy = \"{}\"\n\
             excess_equipment = \"{}\"\n\
             arc_cost_first = {}\n\
             arc_cost_additional = {}\n\
             linked_cost_per_x = {}\n\
             pws_exchange_distance = {:.1}\n",
            order(f[0]),
            order(f[1]),
            f[2],
            f[3],
            f[4],
            f[5],
            ["random", "a", "b"][self.first_player],
            if self.bypass_raw { "raw" } else { "modified" },
            if self.excess_flat { "flat" } else { "per-item" },
            self.costs.0,
            self.costs.1,
            self.costs.2,
            f64::from(self.pws_distance) / 2.0,
        );
        rules + &table
    }
}

/// A whole experiment: 1–3 designs, one matchup of two fleets of 1–3 ships.
#[derive(Clone, Debug)]
struct ExperimentGen {
    designs: Vec<DesignGen>,
    sides: [SideGen; 2],
    scenario: ScenarioGen,
    rules: Option<RulesGen>,
    seed: u64,
}

fn experiment() -> impl Strategy<Value = ExperimentGen> {
    prop::collection::vec(design(), 1..=3).prop_flat_map(|designs| {
        let n = designs.len();
        (
            Just(designs),
            side(n),
            side(n),
            scenario(),
            house_rules(),
            any::<u64>(),
        )
            .prop_map(|(designs, a, b, scenario, rules, seed)| ExperimentGen {
                designs,
                sides: [a, b],
                scenario,
                rules,
                seed,
            })
    })
}

impl ExperimentGen {
    fn toml(&self) -> String {
        let mut s = String::from("rule_system = \"cosmic-conflict\"\n\n");
        for (i, d) in self.designs.iter().enumerate() {
            s.push_str(&d.toml(&format!("d{i}")));
            s.push('\n');
        }
        for (fleet, side) in ["fa", "fb"].iter().zip(&self.sides) {
            let ships: Vec<String> = side.ships.iter().map(|d| format!("\"d{d}\"")).collect();
            writeln!(
                s,
                "[[fleet]]\nname = \"{fleet}\"\nships = [{}]\n",
                ships.join(", ")
            )
            .unwrap();
        }
        writeln!(
            s,
            "[[matchup]]\na = {}\nb = {}\n",
            self.sides[0].toml("fa"),
            self.sides[1].toml("fb")
        )
        .unwrap();
        s.push_str(&self.scenario.toml());
        if let Some(r) = &self.rules {
            s.push('\n');
            s.push_str(&r.toml());
        }
        s
    }
}

/// Load experiment text through the real config path (no includes).
fn load_text(text: &str) -> Result<Experiment<CosmicConflict>, ConfigError> {
    let source = Source {
        path: Path::new("property.toml").to_path_buf(),
        text: text.to_string(),
    };
    load::load_from::<CosmicConflict>(source, |p| {
        Err(ConfigError {
            problems: vec![load::Located {
                file: p.to_path_buf(),
                line_col: None,
                field: None,
                message: "no includes in property tests".into(),
            }],
        })
    })
}

fn load_valid(text: &str) -> Experiment<CosmicConflict> {
    load_text(text).unwrap_or_else(|e| panic!("generated config is invalid:\n{e}\n---\n{text}"))
}

// ---- Invariants of one battle ---------------------------------------------------------------

/// Check everything that must hold after a battle of `exp`'s only matchup.
fn check_battle(
    state: &BattleState,
    outcome: &fleetlab_engine::Outcome,
    ships: &[ShipTally],
    max_turns: u32,
) -> Result<(), TestCaseError> {
    prop_assert!(
        (1..=max_turns).contains(&outcome.turns),
        "{} turns; the scenario allows at most {max_turns}",
        outcome.turns
    );
    let mut taken = [0u32; 2];
    let mut dealt = [0u32; 2];
    let mut survivors = [0u32; 2];
    let mut points_lost = [0u32; 2];
    prop_assert_eq!(state.ships.len(), ships.len());
    for (k, (ship, tally)) in state.ships.iter().zip(ships).enumerate() {
        prop_assert!(
            ship.health_dmg <= ship.health_cap,
            "ship {k}: health {}/{}",
            ship.health_dmg,
            ship.health_cap
        );
        let mut boxes = u32::from(ship.health_dmg);
        for t in &ship.tracks[..usize::from(ship.n_tracks)] {
            prop_assert!(t.dmg <= t.cap, "ship {k}: track {}/{}", t.dmg, t.cap);
            boxes += u32::from(t.dmg);
        }
        prop_assert_eq!(
            ship.damage_taken,
            boxes + ship.repaired,
            "ship {}: damage taken is not the boxes filled (plus shields repaired)",
            k
        );
        if ship.health_dmg == ship.health_cap {
            prop_assert_eq!(ship.status, Status::Destroyed, "ship {}: health full", k);
        }
        prop_assert_eq!(tally.damage_taken, ship.damage_taken);
        prop_assert_eq!(tally.damage_dealt, ship.damage_dealt);
        prop_assert_eq!(tally.destroyed, ship.status == Status::Destroyed);
        let s = ship.side.index();
        taken[s] += ship.damage_taken;
        dealt[s] += ship.damage_dealt;
        if ship.active() {
            survivors[s] += 1;
        }
        if ship.status == Status::Destroyed {
            points_lost[s] += ship.points;
        }
    }
    for s in 0..2 {
        let side = &outcome.sides[s];
        prop_assert_eq!(side.damage_taken, taken[s], "side {} damage taken", s);
        prop_assert_eq!(side.damage_dealt, dealt[s], "side {} damage dealt", s);
        prop_assert_eq!(side.survivors, survivors[s], "side {} survivors", s);
        prop_assert_eq!(side.points_lost, points_lost[s], "side {} points lost", s);
        // Everything a side deals lands on the other side; the other side may also take
        // damage nobody dealt (Serious Damage).
        prop_assert!(
            dealt[s] <= taken[1 - s],
            "side {s} dealt {} but side {} took {}",
            dealt[s],
            1 - s,
            taken[1 - s]
        );
    }
    match outcome.ending {
        Ending::MutualDestruction => {
            prop_assert_eq!(survivors, [0, 0]);
            prop_assert_eq!(outcome.verdict, Verdict::Draw);
        }
        Ending::Annihilation => {
            prop_assert!((survivors[0] == 0) != (survivors[1] == 0), "{survivors:?}");
            let winner = if survivors[0] > 0 { Side::A } else { Side::B };
            prop_assert_eq!(outcome.verdict, Verdict::Win(winner));
        }
        Ending::TurnLimit => prop_assert!(survivors[0] > 0 && survivors[1] > 0),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random valid experiments: every battle ends within the turn cap with consistent state
    /// and tallies.
    #[test]
    fn battles_end_in_time_with_consistent_damage(exp in experiment()) {
        let text = exp.toml();
        let loaded = load_valid(&text);
        prop_assert_eq!(loaded.matchups.len(), 1);
        let m = &loaded.matchups[0];
        let key = runner::matchup_key(m);
        let mut state = CosmicConflict::new_state(&m.matchup);
        let mut ships = vec![ShipTally::default(); CosmicConflict::ship_count(&m.matchup)];
        for i in 0..24 {
            let mut dice = Dice::for_battle(exp.seed, key, i);
            let outcome =
                CosmicConflict::play(&m.matchup, &mut state, &mut dice, &mut NoTrace, &mut ships);
            check_battle(&state, &outcome, &ships, exp.scenario.max_turns())
                .map_err(|e| TestCaseError::fail(format!("battle {i}: {e}\n---\n{text}")))?;
        }
    }

    /// Adding a weapon or a component to a design never lowers its points (under random
    /// house-rule costs and both excess-equipment rules).
    #[test]
    fn more_equipment_never_costs_less(
        base in design(),
        extra_weapon in weapon(),
        extra_component in component(),
        rules in house_rules(),
    ) {
        let mut with_weapon = base.clone();
        with_weapon.weapons.push(extra_weapon);
        let mut with_component = base.clone();
        with_component.components.push(extra_component);
        let mut text = String::from("rule_system = \"cosmic-conflict\"\n");
        for (name, d) in [("base", &base), ("w", &with_weapon), ("c", &with_component)] {
            text.push_str(&d.toml(name));
        }
        text.push_str(
            "[[fleet]]\nname = \"f\"\nships = [\"base\", \"w\", \"c\"]\n\
             [[matchup]]\na = { fleet = \"f\" }\nb = { fleet = \"f\" }\n",
        );
        if let Some(r) = &rules {
            text.push_str(&r.toml());
        }
        let loaded = load_valid(&text);
        let points = &loaded.matchups[0].ship_points;
        let (base, w, c) = (points[0].unwrap(), points[1].unwrap(), points[2].unwrap());
        prop_assert!(w >= base, "a weapon lowered the cost {} -> {}\n{}", base, w, text);
        prop_assert!(c >= base, "a component lowered the cost {} -> {}\n{}", base, c, text);
    }

    /// Shard slices of `0..B` are contiguous, disjoint and cover it exactly, and differ in
    /// size by at most one.
    #[test]
    fn shard_slices_cover_every_battle_once(battles in 0u64..=u64::MAX / 2, n in 1u32..=10_000) {
        let mut next = 0;
        let (mut small, mut large) = (u64::MAX, 0);
        // Every shard would be slow for large N: check the first and last few and a stride.
        let picks: Vec<u32> = (0..n).filter(|&i| i < 20 || i + 20 >= n || i % 97 == 0).collect();
        for &i in &picks {
            let r = Shard::new(i, n).unwrap().range(battles);
            prop_assert!(r.start <= r.end);
            if i == 0 {
                prop_assert_eq!(r.start, 0);
            }
            if i + 1 == n {
                prop_assert_eq!(r.end, battles);
            }
            if picks.contains(&(i.wrapping_sub(1))) && i > 0 {
                prop_assert_eq!(r.start, next, "shard {} does not start where {} ends", i, i - 1);
            }
            next = r.end;
            small = small.min(r.end - r.start);
            large = large.max(r.end - r.start);
        }
        prop_assert!(large - small <= 1, "slice sizes {small}..={large}");
    }
}

proptest! {
    // Each case plays up to 5,000 battles (a few µs each).
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The same tally on 1 and 2 threads (across batch boundaries).
    #[test]
    fn one_and_two_threads_agree(exp in experiment(), battles in 1u64..=2_500) {
        let loaded = load_valid(&exp.toml());
        let m = &loaded.matchups[0];
        let run = |threads| {
            runner::with_threads(Some(threads), || {
                runner::run_matchup::<CosmicConflict>(m, runner::matchup_key(m), exp.seed, 0..battles, &|_| {}, None)
            })
            .expect("thread pool")
        };
        let one = run(1);
        prop_assert_eq!(one.battles, battles);
        prop_assert!(one.check(m.ship_names.len()).is_ok(), "{:?}", one.check(m.ship_names.len()));
        prop_assert_eq!(run(2), one);
    }

    /// Any split of `0..B` into pieces, played separately and merged, is the tally of `0..B`.
    #[test]
    fn any_split_merges_to_the_whole(
        exp in experiment(),
        battles in 1u64..=2_500,
        cuts in prop::collection::vec(0.0f64..=1.0, 0..5),
    ) {
        let loaded = load_valid(&exp.toml());
        let m = &loaded.matchups[0];
        let whole = runner::run_matchup::<CosmicConflict>(m, runner::matchup_key(m), exp.seed, 0..battles, &|_| {}, None);
        let mut points: Vec<u64> = cuts.iter().map(|c| (c * battles as f64) as u64).collect();
        points.push(0);
        points.push(battles);
        points.sort_unstable();
        let mut merged = MatchupTally::new(m.ship_names.len());
        for w in points.windows(2) {
            let piece = runner::run_matchup::<CosmicConflict>(m, runner::matchup_key(m), exp.seed, w[0]..w[1], &|_| {}, None);
            prop_assert_eq!(piece.battles, w[1] - w[0]);
            merged.merge(&piece);
        }
        prop_assert_eq!(merged, whole, "cuts {:?}", points);
    }
}
