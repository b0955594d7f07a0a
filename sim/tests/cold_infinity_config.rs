//! Property tests of Cold Infinity's config shape with construction points (§16–17): random,
//! valid one-section designs — weapon lines of every technology and configuration the battle
//! plays (Tracking with its subtype, Wave on its own), dice and Fixed damage, design-data costs,
//! arcs of every shape, thrusters, engine, bridge, reactor, sensors, a shield of either coverage
//! and technology with its enhancements, missile racks with their missiles and loads — written
//! as TOML text and loaded through the real config path.
//!
//! * a generated design loads, and its points are its construction points (at least 1);
//! * raising one system's design-data `cp` (at least 1) by `k` raises the ship's CP by exactly
//!   `k` (§16.1: stated costs are whole, no ship-wide percentage applies; a system at 0 still
//!   costs 1, §16.4 — which this test found);
//! * adding another mount of a weapon the design already carries never lowers the points (a
//!   weapon of a *higher* technology level can: the bridge levels bought above the ship's
//!   highest become free, §16.4.6 — found by this test, and the rule as written);
//! * leaving out a required design-data figure is one located error at that field, never a
//!   panic;
//! * a battle of the design against itself ends within the turn cap.

use std::fmt::Write as _;
use std::path::Path;

use fleetlab_engine::rules::cold_infinity::ColdInfinity;
use fleetlab_engine::{Dice, NoTrace, RuleSystem, ShipTally};
use fleetlab_sim::load::{self, ConfigError, Experiment, Source};
use proptest::prelude::*;

const TECHS: [&str; 7] = [
    "matter",
    "laser",
    "particle",
    "radiation",
    "electromagnetic",
    "plasma",
    "gravitic",
];
const CONFIGS: [&str; 7] = [
    "burst",
    "pulse",
    "slicing",
    "slashing",
    "piercing",
    "flare",
    "enveloping",
];
const SHAPES: [&str; 5] = ["fixed", "narrow", "standard", "wide", "turret"];
const ROLES: [&str; 4] = ["fore", "aft", "port", "starboard"];
const COVERAGES: [&str; 2] = ["arc", "encapsulating"];
const SHIELD_TECHS: [&str; 2] = ["electromagnetic", "gravitic"];

/// A shield (§11.2, §16.4.2): coverage, technology, deflection and absorption (at least one
/// above 0), enhancement bits (buffering, partial power, layering — never with buffering, which
/// the config refuses —, overload), power, cp, structure.
#[derive(Clone, Debug)]
struct ShieldGen {
    coverage: usize,
    tech: usize,
    deflection: u8,
    absorption: u8,
    flags: u8,
    power: u8,
    cp: u32,
    structure: u16,
}

fn shield() -> impl Strategy<Value = ShieldGen> {
    (
        0..2usize,
        0..2usize,
        (0u8..=4, 0u8..=6),
        0u8..16,
        1u8..=4,
        0u32..=60,
        1u16..=8,
    )
        .prop_map(
            |(coverage, tech, (deflection, absorption), flags, power, cp, structure)| ShieldGen {
                coverage,
                tech,
                deflection,
                absorption: if deflection == 0 {
                    absorption.max(1)
                } else {
                    absorption
                },
                flags: if flags & 1 != 0 { flags & !4 } else { flags },
                power,
                cp,
                structure,
            },
        )
}

impl ShieldGen {
    fn system(&self) -> String {
        let flag = |bit: u8| self.flags & bit != 0;
        format!(
            "  {{ kind = \"shield\", coverage = \"{}\", tech = \"{}\", deflection = {}, \
             absorption = {}, buffering = {}, partial_power = {}, layering = {}, overload = {}, \
             power = {}, cp = {}, structure = {} }},",
            COVERAGES[self.coverage],
            SHIELD_TECHS[self.tech],
            self.deflection,
            self.absorption,
            flag(1),
            flag(2),
            flag(4),
            flag(8),
            self.power,
            self.cp,
            self.structure
        )
    }
}

/// A missile rack (§9.2.1, §17.2.1): magazine (its structure ⌈magazine/4⌉), shots of its RoF,
/// accuracy, cp, arc shape, and how many of the design's missile it is loaded with.
#[derive(Clone, Debug)]
struct RackGen {
    magazine: u16,
    shots: u8,
    accuracy: u8,
    cp: u32,
    shape: usize,
    loaded: u16,
}

fn rack() -> impl Strategy<Value = RackGen> {
    (4u16..=40, 1u8..=2, 0u8..=3, 0u32..=30, 0..5usize, 1u16..=40).prop_map(
        |(magazine, shots, accuracy, cp, shape, loaded)| RackGen {
            magazine,
            shots,
            accuracy,
            cp,
            shape,
            loaded: loaded.min(magazine),
        },
    )
}

/// The design's one missile type (`m0`, §9.2.1): damage dice, launch range, maximum-range
/// multiplier and its design-data schedules CP.
fn missile() -> impl Strategy<Value = String> {
    (
        1u8..=2,
        prop::sample::select(vec![6u8, 10]),
        0u8..=3,
        1u8..=12,
        1u8..=3,
        0u32..=30,
    )
        .prop_map(|(n, sides, plus, launch, mult, cp)| {
            let plus = if plus > 0 {
                format!("+{plus}")
            } else {
                String::new()
            };
            format!(
                "[[missile]]\nname = \"m0\"\ndamage = \"{n}d{sides}{plus}\"\n\
                 launch_range = {launch}\nmax_multiplier = {mult}\nschedules_cp = {cp}\n"
            )
        })
}

/// A `[[weapon]]` line named `w{k}`.
fn weapon_line(k: usize) -> impl Strategy<Value = String> {
    (
        0..7usize,
        1u8..128,
        1u8..=3,
        prop::sample::select(vec![4u8, 6, 8, 10]),
        0u8..=10,
        1u8..=6,
        1u8..=3,
        0u8..=3,
        0u8..=5,
        prop::option::of(0u32..=100),
        0u32..=200,
        (0u8..=5, 1u8..=4),
    )
        .prop_map(
            move |(tech, mask, n, sides, fixed, per, shots, acc, power, schedules, cp, special)| {
                let mut configs: Vec<String> = (0..7)
                    .filter(|b| mask & (1 << b) != 0)
                    .map(|b| format!("\"{}\"", CONFIGS[b]))
                    .collect();
                // One line in six tracks (§8.1.9: with its first configuration as the
                // subtype, one shot a turn), one in six is a wave (§8.1.8: Wave alone).
                let (shots, extra) = match special {
                    (0, rating) => {
                        configs.truncate(1);
                        configs.insert(0, "\"tracking\"".into());
                        (1, format!("tracking = {rating}\n"))
                    }
                    (1, rating) => {
                        configs = vec!["\"wave\"".into()];
                        (shots, format!("wave = {rating}\n"))
                    }
                    _ => (shots, String::new()),
                };
                let fixed = if fixed > 0 {
                    format!("+{fixed}")
                } else {
                    String::new()
                };
                let cost = match schedules {
                    Some(s) => format!("schedules_cp = {s}"),
                    None => format!("cp = {cp}"),
                };
                format!(
                    "[[weapon]]\nname = \"w{k}\"\ntech = \"{}\"\nconfigs = [{}]\n\
                     damage = \"{n}d{sides}{fixed}\"\nrange = \"-1/{per}\"\nrof = \"{shots}+0\"\n\
                     accuracy = \"+{acc}\"\npower = {power}\n{extra}{cost}\n",
                    TECHS[tech],
                    configs.join(", ")
                )
            },
        )
}

/// One generated design: its text and the figures the properties need.
#[derive(Clone, Debug)]
struct DesignGen {
    /// `[[weapon]]` lines.
    lines: Vec<String>,
    /// Weapon mounts: line index and arc shape.
    mounts: Vec<(usize, usize)>,
    /// Mass in tenths (50..=99: one section).
    mass: u16,
    armor: u8,
    armor_cp: u32,
    hull: u16,
    /// Thrusters: role, structure, cp.
    thrusters: Vec<(usize, u16, u32)>,
    engine: (u16, u32),
    bridge: (u8, u32),
    reactor: u32,
    sensors: u32,
    shield: Option<ShieldGen>,
    /// Missile racks (none, one or two) and the missile they load.
    racks: Vec<RackGen>,
    missile: String,
}

fn design() -> impl Strategy<Value = DesignGen> {
    (
        prop::collection::vec(weapon_line(0), 1..=2),
        prop::collection::vec((0..2usize, 0..5usize), 0..=4),
        50u16..=99,
        (0u8..=10, 0u32..=80, 1u16..=60),
        prop::collection::vec((0..4usize, 1u16..=10, 0u32..=20), 0..=4),
        ((1u16..=30, 0u32..=100), (0u8..=3, 0u32..=100)),
        (1u32..=150, 0u32..=150),
        prop::option::of(shield()),
        (prop::collection::vec(rack(), 0..=2), missile()),
    )
        .prop_map(
            |(
                lines,
                mounts,
                mass,
                (armor, armor_cp, hull),
                thrusters,
                (engine, bridge),
                (r, s),
                shield,
                (racks, missile),
            )| {
                let lines: Vec<String> = lines
                    .iter()
                    .enumerate()
                    .map(|(k, l)| l.replacen("name = \"w0\"", &format!("name = \"w{k}\""), 1))
                    .collect();
                let n = lines.len();
                DesignGen {
                    mounts: mounts.into_iter().map(|(l, a)| (l % n, a)).collect(),
                    lines,
                    mass,
                    armor,
                    armor_cp,
                    hull,
                    thrusters,
                    engine,
                    bridge,
                    reactor: r,
                    sensors: s,
                    shield,
                    racks,
                    missile,
                }
            },
        )
}

impl DesignGen {
    /// The experiment: the design, a fleet of one, a mirror matchup. `skip_reactor_cp` leaves
    /// out the reactor's design data; `extra` is added to the reactor's CP.
    fn text(&self, extra: u32, skip_reactor_cp: bool) -> String {
        let mut t = String::from("rule_system = \"cold-infinity\"\n\n");
        for l in &self.lines {
            t.push_str(l);
            t.push('\n');
        }
        if !self.racks.is_empty() {
            t.push_str(&self.missile);
            t.push('\n');
        }
        let _ = write!(
            t,
            "[[design]]\nname = \"Probe\"\nmass = {}.{}\nsilhouette = [1, 2]\n\
             thrust_costs = {{ accel = 1, pivot = 1, roll = 1, slide = 2 }}\n\n\
             [[design.section]]\npos = \"single\"\narmor = {}\n",
            self.mass / 10,
            self.mass % 10,
            self.armor
        );
        if self.armor > 0 {
            let _ = writeln!(t, "armor_cp = {}", self.armor_cp);
        }
        let _ = writeln!(t, "hull = {}\nsystem = [", self.hull);
        for &(l, a) in &self.mounts {
            let _ = writeln!(
                t,
                "  {{ kind = \"weapon\", weapon = \"w{l}\", structure = 3, arc = {{ shape = \"{}\", facing = 1 }} }},",
                SHAPES[a]
            );
        }
        for r in &self.racks {
            let _ = writeln!(
                t,
                "  {{ kind = \"missile-rack\", magazine = {}, rof = \"{}+0\", accuracy = \"+{}\", \
                 structure = {}, cp = {}, arc = {{ shape = \"{}\", facing = 1 }}, \
                 load = [{{ missile = \"m0\", count = {} }}] }},",
                r.magazine,
                r.shots,
                r.accuracy,
                r.magazine.div_ceil(4),
                r.cp,
                SHAPES[r.shape],
                r.loaded
            );
        }
        if let Some(shield) = &self.shield {
            t.push_str(&shield.system());
            t.push('\n');
        }
        for &(role, structure, cp) in &self.thrusters {
            let _ = writeln!(
                t,
                "  {{ kind = \"thruster\", role = \"{}\", cp = {cp}, structure = {structure} }},",
                ROLES[role]
            );
        }
        let _ = writeln!(
            t,
            "  {{ kind = \"engine\", cp = {}, structure = {} }},",
            self.engine.1, self.engine.0
        );
        let _ = writeln!(
            t,
            "  {{ kind = \"bridge\", tl = {}, cp = {}, structure = 6 }},",
            self.bridge.0, self.bridge.1
        );
        if skip_reactor_cp {
            t.push_str("  { kind = \"reactor\", structure = 8 },\n");
        } else {
            let _ = writeln!(
                t,
                "  {{ kind = \"reactor\", cp = {}, structure = 8 }},",
                self.reactor + extra
            );
        }
        let _ = writeln!(
            t,
            "  {{ kind = \"sensors\", power = 2, cp = {}, structure = 8 }},\n]\n",
            self.sensors
        );
        t.push_str(
            "[[fleet]]\nname = \"probes\"\nships = [\"Probe\"]\n\n\
             [scenario]\nstart_range = 12\nturn_cap = 8\n\n\
             [[matchup]]\na = { fleet = \"probes\" }\nb = { fleet = \"probes\" }\n",
        );
        t
    }

    /// The same design with one more mount of its first mount's line on a Standard arc (none
    /// without a mount).
    fn with_one_more_weapon(&self) -> Option<DesignGen> {
        let &(line, _) = self.mounts.first()?;
        let mut d = self.clone();
        d.mounts.push((line, 2));
        Some(d)
    }
}

fn load_text(text: &str) -> Result<Experiment<ColdInfinity>, ConfigError> {
    let source = Source {
        path: Path::new("property.toml").to_path_buf(),
        text: text.to_string(),
    };
    load::load_from::<ColdInfinity>(source, |p| {
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

fn points(text: &str) -> u32 {
    let exp = load_text(text)
        .unwrap_or_else(|e| panic!("generated config is invalid:\n{e}\n---\n{text}"));
    let m = &exp.matchups[0];
    assert_eq!(m.points[0], m.points[1]);
    assert_eq!(m.matchup.designs[0].design.cp, m.points[0].unwrap());
    m.points[0].unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn construction_points_add_up(d in design(), k in 0u32..=500) {
        let base = points(&d.text(0, false));
        prop_assert!(base >= 1);
        prop_assert_eq!(points(&d.text(k, false)), base + k);
        if let Some(more) = d.with_one_more_weapon() {
            prop_assert!(points(&more.text(0, false)) >= base);
        }
    }

    #[test]
    fn a_missing_design_figure_is_one_located_error(d in design()) {
        let text = d.text(0, true);
        let e = load_text(&text).err().expect("a reactor without cp must be refused");
        prop_assert_eq!(e.problems.len(), 1, "{}", e);
        let p = &e.problems[0];
        prop_assert!(p.line_col.is_some());
        let field = p.field.clone().unwrap_or_default();
        prop_assert!(field.starts_with("design[0] (Probe).section[0].system["), "{}", field);
        prop_assert!(field.ends_with("].cp"), "{}", field);
        prop_assert!(p.message.contains("SSB9"), "{}", p.message);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn a_mirror_battle_of_a_generated_design_ends(d in design(), seed in any::<u64>()) {
        let text = d.text(0, false);
        let exp = load_text(&text).unwrap();
        let m = &exp.matchups[0].matchup;
        let mut state = ColdInfinity::new_state(m);
        let mut ships = vec![ShipTally::default(); ColdInfinity::ship_count(m)];
        let mut dice = Dice::for_battle(seed, 1, 0);
        let mut turns = 0;
        ColdInfinity::begin(m, &mut state, &mut dice, &mut NoTrace);
        while !ColdInfinity::turn(m, &mut state, &mut dice, &mut NoTrace) {
            turns += 1;
            prop_assert!(turns <= 8, "the battle ran past the turn cap");
        }
        let _ = ColdInfinity::finish(m, &mut state, &mut dice, &mut NoTrace, &mut ships);
    }
}
