//! Shared code of the fuzz targets: loading config text from memory through the real config
//! path, a structured battle input (`arbitrary`) rendered as config text, and the invariants
//! every battle must keep. See docs/fuzzing.md.

use fleetlab_engine::rules::cosmic_conflict::design::ComponentKind;
use fleetlab_engine::rules::cosmic_conflict::policy::Policy;
use std::fmt::Write as _;
use std::path::Path;

use arbitrary::Arbitrary;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::cosmic_conflict::ship::Status;
use fleetlab_engine::{
    Dice, Ending, NoTrace, Outcome, RuleSystem, ShipTally, Side, Trace, Verdict,
};
use fleetlab_sim::load::{self, ConfigError, Experiment, Located, Source};
use fleetlab_sim::runner;

/// The shipped designs and fleets, served to `include = ["designs.toml", "fleets.toml"]`.
const DESIGNS: &str = include_str!("../../configs/cosmic-conflict/designs.toml");
const FLEETS: &str = include_str!("../../configs/cosmic-conflict/fleets.toml");

/// The directory the fuzzed experiment "lives" in (nothing is read from disk).
const DIR: &str = "fuzz-memory";

/// Load an experiment from bytes, as `fleetlab validate` would load a file with this content:
/// UTF-8 check, TOML parse, validation. Includes are served from memory: `designs.toml` and
/// `fleets.toml` (the shipped ones) and `again.toml` (the input itself); anything else is
/// "not found". Every error must be a located `ConfigError`, never a panic.
pub fn load_bytes(bytes: &[u8]) -> Result<Experiment<CosmicConflict>, ConfigError> {
    let path = Path::new(DIR).join("experiment.toml");
    let first = Source::from_bytes(&path, bytes.to_vec())?;
    // The CLI reads `rule_system` first to pick the rule system.
    let probe = load::rule_system_of(&first);
    let again = bytes.to_vec();
    let result = load::load_from::<CosmicConflict>(first, |p: &Path| {
        let served = |name: &str| p == Path::new(DIR).join(name);
        if served("designs.toml") {
            Source::from_bytes(p, DESIGNS.as_bytes().to_vec())
        } else if served("fleets.toml") {
            Source::from_bytes(p, FLEETS.as_bytes().to_vec())
        } else if served("again.toml") {
            Source::from_bytes(p, again.clone())
        } else {
            Err(ConfigError {
                problems: vec![Located {
                    file: p.to_path_buf(),
                    line_col: None,
                    field: None,
                    message: "cannot read config: not found (fuzzing serves no other files)".into(),
                }],
            })
        }
    });
    if result.is_ok() {
        // A valid experiment names the rule system it was loaded as, or none (the CLI then
        // refuses it in `rule_system_of`, before loading).
        if let Err(e) = &probe {
            assert!(
                e.problems[0].message.starts_with("missing `rule_system"),
                "loaded, but rule_system_of failed: {e:?}"
            );
        }
    }
    result
}

/// Every problem of a config error names a file and says something; printing it works.
pub fn check_error(e: &ConfigError) {
    assert!(!e.problems.is_empty(), "a ConfigError without problems");
    for p in &e.problems {
        assert!(!p.message.is_empty(), "a problem without a message: {p:?}");
        assert!(
            p.file.starts_with(DIR),
            "a problem in an unknown file: {p:?}"
        );
        if let Some((line, col)) = p.line_col {
            assert!(line >= 1 && col >= 1, "line/column from 1: {p:?}");
        }
    }
    let _ = e.to_string();
}

/// Play `battles` battles of every matchup (at most `max_matchups`) and check them.
pub fn play_all(exp: &Experiment<CosmicConflict>, seed: u64, battles: u64, trace: bool) {
    for m in exp.matchups.iter().take(4) {
        let key = runner::matchup_key(m);
        let mut state = CosmicConflict::new_state(&m.matchup);
        let mut ships = vec![ShipTally::default(); CosmicConflict::ship_count(&m.matchup)];
        let max_turns = max_turns(&m.matchup);
        for i in 0..battles {
            let mut dice = Dice::for_battle(seed, key, i);
            let outcome = if trace && i == 0 {
                let mut t = Trace::default();
                let o = CosmicConflict::play(&m.matchup, &mut state, &mut dice, &mut t, &mut ships);
                assert!(!t.log.is_empty());
                o
            } else {
                CosmicConflict::play(&m.matchup, &mut state, &mut dice, &mut NoTrace, &mut ships)
            };
            check_battle(&state.ships, &outcome, &ships, max_turns);
        }
    }
}

/// The most turns a battle of the matchup may last.
fn max_turns(m: &fleetlab_engine::rules::cosmic_conflict::Matchup) -> u32 {
    use fleetlab_engine::rules::cosmic_conflict::matchup::GameLength;
    match m.scenario.game_length {
        GameLength::Fixed(n) => n.min(m.scenario.turn_cap),
        GameLength::Recommended { .. } => m.scenario.turn_cap,
    }
}

/// What must hold after every battle (the same invariants as `sim/tests/properties.rs`).
pub fn check_battle(
    state: &[fleetlab_engine::rules::cosmic_conflict::ship::ShipState],
    outcome: &Outcome,
    ships: &[ShipTally],
    max_turns: u32,
) {
    assert!(
        (1..=max_turns).contains(&outcome.turns),
        "{} turns, at most {max_turns} allowed",
        outcome.turns
    );
    assert_eq!(state.len(), ships.len());
    let mut taken = [0u32; 2];
    let mut dealt = [0u32; 2];
    let mut survivors = [0u32; 2];
    let mut points_lost = [0u32; 2];
    for (k, (ship, tally)) in state.iter().zip(ships).enumerate() {
        assert!(ship.health_dmg <= ship.health_cap, "ship {k}: {ship:?}");
        let mut boxes = u32::from(ship.health_dmg);
        for t in &ship.tracks[..usize::from(ship.n_tracks)] {
            assert!(t.dmg <= t.cap, "ship {k}: track {t:?}");
            boxes += u32::from(t.dmg);
        }
        assert_eq!(
            ship.damage_taken,
            boxes + ship.repaired,
            "ship {k}: damage taken vs boxes filled (plus shields repaired)"
        );
        if ship.health_dmg == ship.health_cap {
            assert_eq!(ship.status, Status::Destroyed, "ship {k}: health full");
        }
        assert_eq!(tally.damage_taken, ship.damage_taken);
        assert_eq!(tally.damage_dealt, ship.damage_dealt);
        assert_eq!(tally.destroyed, ship.status == Status::Destroyed);
        let s = ship.side.index();
        taken[s] += ship.damage_taken;
        dealt[s] += ship.damage_dealt;
        survivors[s] += u32::from(ship.active());
        if ship.status == Status::Destroyed {
            points_lost[s] += ship.points;
        }
    }
    for s in 0..2 {
        let side = &outcome.sides[s];
        assert_eq!(side.damage_taken, taken[s]);
        assert_eq!(side.damage_dealt, dealt[s]);
        assert_eq!(side.survivors, survivors[s]);
        assert_eq!(side.points_lost, points_lost[s]);
        assert!(
            dealt[s] <= taken[1 - s],
            "side {s} dealt more than the enemy took"
        );
    }
    match outcome.ending {
        Ending::MutualDestruction => {
            assert_eq!(survivors, [0, 0]);
            assert_eq!(outcome.verdict, Verdict::Draw);
        }
        Ending::Annihilation => {
            assert!((survivors[0] == 0) != (survivors[1] == 0), "{survivors:?}");
            let winner = if survivors[0] > 0 { Side::A } else { Side::B };
            assert_eq!(outcome.verdict, Verdict::Win(winner));
        }
        Ending::TurnLimit => assert!(survivors[0] > 0 && survivors[1] > 0, "{survivors:?}"),
    }
}

// ---- The battle target's structured input ---------------------------------------------------

const WEAPON_TYPES: [&str; 4] = ["kinetic", "beam", "rockets", "missiles"];
const VARIANTS: [&str; 8] = [
    "none",
    "oversized",
    "structurally-mounted",
    "linked-1",
    "linked-2",
    "linked-3",
    "linked-4",
    "linked-6",
];
const ARCS: [&str; 5] = ["fore", "aft", "port", "starboard", "all"];
const TARGETING: [&str; 4] = ["best-odds", "weakest", "most-dangerous", "nearest"];
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

/// A weapon entry: raw numbers mapped onto names; some combinations are invalid on purpose
/// (validation must reject them with a message).
#[derive(Arbitrary, Debug)]
pub struct WeaponIn {
    kind: u8,
    slot: u8,
    variant: Option<u8>,
    arcs: u8,
    count: Option<u8>,
}

/// A component entry.
#[derive(Arbitrary, Debug)]
pub struct ComponentIn {
    kind: u8,
    slot: u8,
    count: Option<u8>,
}

/// A design.
#[derive(Arbitrary, Debug)]
pub struct DesignIn {
    size: u8,
    row_length: Option<u8>,
    chart: Option<(i8, i8)>,
    weapons: Vec<WeaponIn>,
    components: Vec<ComponentIn>,
}

/// One side: ships (indices into the designs), policy and overrides.
#[derive(Arbitrary, Debug)]
pub struct SideIn {
    ships: Vec<u8>,
    policy: u8,
    range: Option<u16>,
    targeting: Option<u8>,
    pass: Option<bool>,
}

/// A fixed start.
#[derive(Arbitrary, Debug)]
pub struct StartIn {
    side_b: bool,
    ship: u8,
    x: u16,
    y: u16,
    heading: Option<i16>,
    velocity: Option<u8>,
}

/// The scenario.
#[derive(Arbitrary, Debug)]
pub struct ScenarioIn {
    turns: Option<u8>,
    min_turns: Option<u8>,
    ends_on: Option<u8>,
    turn_cap: Option<u8>,
    board: Option<(u16, u16)>,
    depth: Option<u8>,
    draw_margin: Option<u16>,
    start: Vec<StartIn>,
}

/// House rules, including the tables (condition, movement, ranges).
#[derive(Arbitrary, Debug)]
pub struct RulesIn {
    flags: [bool; 6],
    first_player: u8,
    bypass_raw: bool,
    excess_flat: bool,
    costs: (u8, u8, u8),
    linked_max: Option<u8>,
    pws_distance: u8,
    chart: Option<(i8, i8)>,
    condition_table: Option<[u8; 11]>,
    movement_table: Option<[[u8; 4]; 6]>,
    ranges: Option<[u8; 8]>,
}

/// The battle target's input: 1–3 designs, two fleets of 1–6 ships, policies, scenario, house
/// rules, seed, how many battles to play and whether to trace the first.
#[derive(Arbitrary, Debug)]
pub struct BattleInput {
    designs: Vec<DesignIn>,
    a: SideIn,
    b: SideIn,
    scenario: ScenarioIn,
    rules: Option<RulesIn>,
    /// Master seed.
    pub seed: u64,
    battles: u8,
    /// Trace the first battle (exercises every trace line's formatting).
    pub trace: bool,
}

impl BattleInput {
    /// Battles to play: 1–4.
    pub fn battles(&self) -> u64 {
        1 + u64::from(self.battles % 4)
    }

    /// The experiment as config text (one matchup).
    pub fn toml(&self) -> String {
        let mut s = String::from("rule_system = \"cosmic-conflict\"\n\n");
        let designs = self.designs.len().clamp(1, 3);
        for d in 0..designs {
            match self.designs.get(d) {
                Some(spec) => spec.write(&mut s, d),
                None => s.push_str("[[design]]\nname = \"d0\"\nsize = 1\n\n"),
            }
        }
        for (name, side) in [("fa", &self.a), ("fb", &self.b)] {
            let ships: Vec<String> = if side.ships.is_empty() {
                vec!["\"d0\"".into()]
            } else {
                side.ships
                    .iter()
                    .take(6)
                    .map(|i| format!("\"d{}\"", usize::from(*i) % designs))
                    .collect()
            };
            let _ = writeln!(
                s,
                "[[fleet]]\nname = \"{name}\"\nships = [{}]\n",
                ships.join(", ")
            );
        }
        let _ = writeln!(
            s,
            "[[matchup]]\na = {}\nb = {}\n",
            self.a.toml("fa"),
            self.b.toml("fb")
        );
        self.scenario.write(&mut s);
        if let Some(r) = &self.rules {
            r.write(&mut s);
        }
        s
    }
}

impl DesignIn {
    fn write(&self, s: &mut String, index: usize) {
        let _ = writeln!(
            s,
            "[[design]]\nname = \"d{index}\"\nsize = {}",
            self.size % 7
        );
        if let Some(r) = self.row_length {
            let _ = writeln!(s, "row_length = {}", r % 24);
        }
        if let Some((miss, glance)) = self.chart {
            let _ = writeln!(
                s,
                "chart = {{ miss_max = {}, glance_max = {} }}",
                miss % 8,
                glance % 8
            );
        }
        let weapons: Vec<String> = self.weapons.iter().take(8).map(WeaponIn::toml).collect();
        let _ = writeln!(s, "weapons = [{}]", weapons.join(", "));
        let components: Vec<String> = self
            .components
            .iter()
            .take(8)
            .map(ComponentIn::toml)
            .collect();
        let _ = writeln!(s, "components = [{}]\n", components.join(", "));
    }
}

impl WeaponIn {
    fn toml(&self) -> String {
        let arcs: Vec<String> = (0..5)
            .filter(|b| self.arcs & (1 << b) != 0)
            .map(|b| format!("\"{}\"", ARCS[b]))
            .collect();
        let mut s = format!(
            "{{ type = \"{}\", arcs = [{}]",
            WEAPON_TYPES[usize::from(self.kind % 4)],
            arcs.join(", ")
        );
        match self.slot % 3 {
            1 => s.push_str(", slot = \"primary\""),
            2 => s.push_str(", slot = \"secondary\""),
            _ => {}
        }
        if let Some(v) = self.variant {
            let _ = write!(s, ", variant = \"{}\"", VARIANTS[usize::from(v % 8)]);
        }
        if let Some(c) = self.count {
            let _ = write!(s, ", count = {}", c % 5);
        }
        s.push_str(" }");
        s
    }
}

impl ComponentIn {
    fn toml(&self) -> String {
        let mut s = format!("{{ kind = \"{}\"", ComponentKind::ALL[usize::from(self.kind % 11)].name());
        match self.slot % 3 {
            1 => s.push_str(", slot = \"primary\""),
            2 => s.push_str(", slot = \"secondary\""),
            _ => {}
        }
        if let Some(c) = self.count {
            let _ = write!(s, ", count = {}", c % 5);
        }
        s.push_str(" }");
        s
    }
}

impl SideIn {
    fn toml(&self, fleet: &str) -> String {
        let mut s = format!(
            "{{ fleet = \"{fleet}\", policy = \"{}\"",
            Policy::PRESETS[usize::from(self.policy) % Policy::PRESETS.len()]
        );
        if let Some(r) = self.range {
            let _ = write!(s, ", range = {:.1}", f64::from(r) / 10.0);
        }
        if let Some(t) = self.targeting {
            let _ = write!(s, ", targeting = \"{}\"", TARGETING[usize::from(t % 4)]);
        }
        if let Some(p) = self.pass {
            let _ = write!(s, ", pass_when_enemy_waiting = {p}");
        }
        s.push_str(" }");
        s
    }
}

impl ScenarioIn {
    fn write(&self, s: &mut String) {
        s.push_str("[scenario]\n");
        let mut line = |key: &str, v: Option<String>| {
            if let Some(v) = v {
                let _ = writeln!(s, "{key} = {v}");
            }
        };
        line("turns", self.turns.map(|t| (t % 40).to_string()));
        line("min_turns", self.min_turns.map(|t| (t % 20).to_string()));
        line("ends_on", self.ends_on.map(|t| (t % 8).to_string()));
        line("turn_cap", self.turn_cap.map(|t| t.to_string()));
        line(
            "board",
            self.board.map(|(l, w)| {
                format!(
                    "{{ length = {:.1}, width = {:.1} }}",
                    f64::from(l % 2000) / 10.0,
                    f64::from(w % 1000) / 10.0
                )
            }),
        );
        line(
            "deployment_depth",
            self.depth.map(|d| format!("{:.1}", f64::from(d) / 4.0)),
        );
        line("draw_margin", self.draw_margin.map(|m| m.to_string()));
        let mut starts = String::new();
        for st in self.start.iter().take(4) {
            let mut e = format!(
                "[[scenario.start]]\nside = \"{}\"\nship = {}\nx = {:.1}\ny = {:.1}\n",
                if st.side_b { "B" } else { "A" },
                st.ship % 8,
                f64::from(st.x % 700) / 10.0,
                f64::from(st.y % 400) / 10.0
            );
            if let Some(h) = st.heading {
                let _ = writeln!(e, "heading = {h}.0");
            }
            if let Some(v) = st.velocity {
                let _ = writeln!(e, "velocity = {}", v % 10);
            }
            starts.push_str(&e);
        }
        s.push_str(&starts);
    }
}

impl RulesIn {
    fn write(&self, s: &mut String) {
        let f = self.flags;
        let order = |shield| {
            if shield {
                "shield-first"
            } else {
                "armor-first"
            }
        };
        let _ = write!(
            s,
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
            ["random", "a", "b"][usize::from(self.first_player % 3)],
            if self.bypass_raw { "raw" } else { "modified" },
            if self.excess_flat { "flat" } else { "per-item" },
            self.costs.0,
            self.costs.1,
            self.costs.2,
            f64::from(self.pws_distance) / 2.0,
        );
        if let Some(l) = self.linked_max {
            let _ = writeln!(s, "linked_max = {}", l % 8);
        }
        if let Some((miss, glance)) = self.chart {
            let _ = writeln!(
                s,
                "chart = {{ miss_max = {}, glance_max = {} }}",
                miss % 8,
                glance % 8
            );
        }
        if let Some(t) = self.condition_table {
            let names: Vec<String> = t
                .iter()
                .map(|k| format!("\"{}\"", CONDITIONS[usize::from(k % 9)]))
                .collect();
            let _ = writeln!(s, "condition_table = [{}]", names.join(", "));
        }
        if let Some(rows) = self.movement_table {
            let rows: Vec<String> = rows
                .iter()
                .map(|r| {
                    format!(
                        "{{ vmax = {}, maneuver = {}, heading_slow = {}, heading_fast = {} }}",
                        r[0] % 16,
                        r[1] % 8,
                        r[2] % 8,
                        r[3] % 8
                    )
                })
                .collect();
            let _ = writeln!(s, "movement_table = [{}]", rows.join(", "));
        }
        if let Some(r) = self.ranges {
            // Each band edge past the previous one (a step of 0 is invalid on purpose).
            let mut edges = [0.0f64; 8];
            let mut at = 0.0;
            for (e, step) in edges.iter_mut().zip(r) {
                at += f64::from(step % 16);
                *e = at;
            }
            let _ = writeln!(
                s,
                "[house_rules.weapon_ranges]\nkinetic = [{:.1}, {:.1}]\nbeam = [{:.1}, {:.1}]\n\
                 rockets = [{:.1}, {:.1}, {:.1}]\nmissiles = [{:.1}]",
                edges[0],
                edges[1],
                edges[0] + 1.0,
                edges[2],
                edges[3],
                edges[4],
                edges[5],
                edges[6],
            );
        }
    }
}
