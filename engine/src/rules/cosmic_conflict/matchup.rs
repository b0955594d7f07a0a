//! A validated Cosmic Conflict matchup: designs, starting ships, policies, scenario and house
//! rules, plus tables precomputed once for the AI (so battles do no such work).

use crate::geometry::Board;

use super::attack::{AttackSetup, WeaponProfile};
use super::command;
use super::design::{ComponentKind, ShipDesign, Slot, WeaponType};
use super::fighters::FighterTable;
use super::fire_steps::FireSteps;
use super::formation::Group;
use super::house_rules::HouseRules;
use super::policy::Policy;
use super::ship::ShipState;
use super::terrain::TerrainPiece;
use super::victory::VictoryRules;

/// How long a game lasts (ch. 7 "Game Length").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameLength {
    /// The text's recommendation: play `min_turns`, then after each turn roll a d6; `ends_on`
    /// or more ends the game (5 and 4 in the text).
    Recommended {
        /// Turns always played.
        min_turns: u32,
        /// Lowest d6 that ends the game.
        ends_on: u8,
    },
    /// Exactly this many turns (a shooting range uses 1).
    Fixed(u32),
}

/// The scenario: table, game length and how a game left standing is decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The table (G27: 54 × 30, sides deploy on the short edges).
    pub board: Board,
    /// Game length.
    pub game_length: GameLength,
    /// Hard cap on turns, whatever the game-length dice say.
    pub turn_cap: u32,
    /// At the turn limit, a points-destroyed difference no larger than this is a draw.
    pub draw_margin: u32,
    /// Terrain pieces as placed before the game (ch. 8); empty for open space.
    pub terrain: Vec<TerrainPiece>,
    /// Names of the terrain pieces, for traces.
    pub terrain_names: Vec<String>,
    /// The scenario's victory conditions (ch. 9); `None`: last side standing decides.
    pub victory: Option<VictoryRules>,
}

/// Everything a battle of this matchup reads.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// Designs used (ships refer to them by index).
    pub designs: Vec<ShipDesign>,
    /// Ships as deployed, side A's first.
    pub start: Vec<ShipState>,
    /// Display names of the ships, e.g. `A1 cruiser`.
    pub names: Vec<String>,
    /// Policies of side A and side B.
    pub policies: [Policy; 2],
    /// Scenario.
    pub scenario: Scenario,
    /// House rules.
    pub rules: HouseRules,
    /// Per design, per weapon: its range bands.
    pub profiles: Vec<Vec<WeaponProfile>>,
    /// Per design: (cos, sin) of the turn from "facing the target" to the facing at which its
    /// weapons bear best (the target at 0°, ±90° or 180° relative bearing).
    pub facing_offset: Vec<(f64, f64)>,
    /// Per design: preferred brawling and standoff distances.
    pub ranges: Vec<(f64, f64)>,
    /// Per design: the farthest any of its weapons reaches, squared (0 with no weapons).
    pub reach_squared: Vec<f64>,
    /// Per design: firepower (sum of weapon values), for the `focus-threat` policy.
    pub firepower: Vec<Vec<f32>>,
    /// Formations and Escort relationships declared for deployment (ch. 9g); empty for most
    /// matchups, and then no formation code runs.
    pub groups: Vec<Group>,
    /// Fighters and their carriers (ch. 6c); `fighters.any` is false without fighters.
    pub fighters: FighterTable,
    expected: Vec<f32>,
    /// Same layout as `expected`: the expected damage an Evasive Actions Order on the target
    /// takes off the attack (−1 Accuracy, ch. 8), for the `weighed` Orders.
    evaded: Vec<f32>,
    /// Same layout as `expected`: the expected damage one reroll of the best die adds to the
    /// attack (Offensive Focus, ch. 8), for the `weighed` Orders.
    focus_gain: Vec<f32>,
    /// Per ship: its boxes as deployed ([`ShipState::remaining`] of `start`; for the
    /// `kill-value` fire plan). Placing a ship after [`Matchup::new`] (formations, fighters
    /// redeployed) moves it and leaves its boxes as they are.
    start_boxes: Vec<f32>,
    max_weapons: usize,
    /// Per design: its expected fire as a step function of distance (the passing estimate).
    fire_steps: FireSteps,
}

impl Matchup {
    /// Assemble a matchup and precompute the AI tables.
    pub fn new(
        designs: Vec<ShipDesign>,
        start: Vec<ShipState>,
        names: Vec<String>,
        policies: [Policy; 2],
        scenario: Scenario,
        rules: HouseRules,
        beam_range_bonus: &[f64],
    ) -> Self {
        let profiles: Vec<Vec<WeaponProfile>> = designs
            .iter()
            .enumerate()
            .map(|(a, d)| {
                d.weapons
                    .iter()
                    .map(|w| {
                        let p = WeaponProfile::with_ranges(w.kind, w.variant, &rules.weapon_ranges);
                        match beam_range_bonus.get(a) {
                            Some(&extra) if extra > 0.0 && w.kind == WeaponType::Beam => {
                                p.with_range_bonus(extra)
                            }
                            _ => p,
                        }
                    })
                    .collect()
            })
            .collect();
        let max_weapons = designs.iter().map(|d| d.weapons.len()).max().unwrap_or(0);
        let nd = designs.len();
        let mut expected = vec![0.0f32; nd * max_weapons * nd * 3];
        let mut evaded = vec![0.0f32; nd * max_weapons * nd * 3];
        let mut focus_gain = vec![0.0f32; nd * max_weapons * nd * 3];
        for (a, da) in designs.iter().enumerate() {
            for (w, mount) in da.weapons.iter().enumerate() {
                let (accuracy_mod, damage_mod) = AttackSetup::variant_mods(mount.variant);
                for (t, dt) in designs.iter().enumerate() {
                    for band in profiles[a][w].bands() {
                        // Fighters "may not be attacked at Extended Range" and "cannot attack
                        // at Extended Range" (ch. 6c): zero marks the attack as not allowed,
                        // so the target search needs no test of its own.
                        if band.index > 0 && (da.size == 0 || dt.size == 0) {
                            continue;
                        }
                        let setup = AttackSetup {
                            weapon_size: da.weapon_size(mount),
                            target_size: dt.size,
                            band: *band,
                            accuracy_mod: accuracy_mod - defense_primaries(dt),
                            damage_mod: damage_mod
                                - if mount.kind.affected_by_pws() {
                                    pws(dt)
                                } else {
                                    0
                                },
                            chart: dt.chart,
                            glance_extension: defense_secondaries(dt),
                        };
                        let e = setup.expected_damage();
                        let k = ((a * max_weapons + w) * nd + t) * 3 + usize::from(band.index);
                        expected[k] = e as f32;
                        let evasive = AttackSetup {
                            accuracy_mod: setup.accuracy_mod - 1,
                            ..setup
                        };
                        evaded[k] = (e - evasive.expected_damage()) as f32;
                        focus_gain[k] = expected_reroll_gain(&setup) as f32;
                    }
                }
            }
        }
        let firepower = designs
            .iter()
            .enumerate()
            .map(|(a, d)| {
                (0..d.weapons.len())
                    .map(|w| expected[((a * max_weapons + w) * nd + a) * 3])
                    .collect()
            })
            .collect::<Vec<Vec<f32>>>();
        let facing_offset = designs
            .iter()
            .enumerate()
            .map(|(a, d)| {
                let value_at = |rel: f64| -> f32 {
                    d.weapons
                        .iter()
                        .zip(&firepower[a])
                        .filter(|(w, _)| w.arcs.covers(rel))
                        .map(|(_, v)| *v)
                        .sum()
                };
                let mut best = (0.0, value_at(0.0));
                for rel in [90.0, -90.0, 180.0] {
                    let v = value_at(rel);
                    if v > best.1 {
                        best = (rel, v);
                    }
                }
                // Facing = (direction to target) rotated by −(relative bearing); exact for quadrants.
                match best.0 {
                    90.0 => (0.0, -1.0),
                    -90.0 => (0.0, 1.0),
                    180.0 => (-1.0, 0.0),
                    _ => (1.0, 0.0),
                }
            })
            .collect();
        let ranges = profiles
            .iter()
            .map(|ps| {
                let shortest = ps
                    .iter()
                    .map(|p| p.normal_range())
                    .fold(f64::INFINITY, f64::min);
                let longest = ps.iter().map(|p| p.normal_range()).fold(0.0, f64::max);
                if ps.is_empty() {
                    (2.0, 12.0)
                } else {
                    ((shortest * 0.75).max(2.0), (longest - 0.5).max(2.0))
                }
            })
            .collect();
        let reach_squared = profiles
            .iter()
            .map(|ps| {
                ps.iter()
                    .map(|p| p.max_range() * p.max_range())
                    .fold(0.0, f64::max)
            })
            .collect();
        let start_boxes = start.iter().map(|s| s.remaining() as f32).collect();
        let arcs: Vec<Vec<u8>> = designs
            .iter()
            .map(|d| d.weapons.iter().map(|w| w.arcs.0).collect())
            .collect();
        let fire_steps = FireSteps::new(&profiles, |a, w, t, band| {
            expected[((a * max_weapons + w) * nd + t) * 3 + usize::from(band)]
        })
        .with_arcs(&arcs, |a, w, t, band| {
            expected[((a * max_weapons + w) * nd + t) * 3 + usize::from(band)]
        });
        Matchup {
            reach_squared,
            designs,
            start,
            names,
            policies,
            scenario,
            rules,
            profiles,
            facing_offset,
            ranges,
            firepower,
            groups: Vec::new(),
            fighters: FighterTable::default(),
            expected,
            evaded,
            focus_gain,
            start_boxes,
            max_weapons,
            fire_steps,
        }
    }

    /// Expected damage of design `a`'s weapon `w` against every design and band, indexed
    /// `target_design * 3 + band`; zero where no attack is allowed (a band the weapon lacks,
    /// or Extended Range with a fighter on either end, ch. 6c).
    #[inline]
    pub fn expected_row(&self, a: usize, w: usize) -> &[f32] {
        let nd = self.designs.len();
        let start = (a * self.max_weapons + w) * nd * 3;
        &self.expected[start..start + nd * 3]
    }

    /// Ship `j`'s boxes as deployed (every track and Health; [`ShipState::remaining`] of its
    /// start), counted once per matchup.
    #[inline]
    pub fn start_boxes(&self, j: usize) -> f32 {
        self.start_boxes[j]
    }

    /// The expected damage an Evasive Actions Order on design `t` takes off design `a`'s
    /// weapon `w` in band `band` (−1 Accuracy; may be negative where a lower Accuracy deals
    /// more). The AI's estimate.
    #[inline]
    pub fn evaded(&self, a: usize, w: usize, t: usize, band: u8) -> f32 {
        let nd = self.designs.len();
        self.evaded[((a * self.max_weapons + w) * nd + t) * 3 + usize::from(band)]
    }

    /// The expected damage Offensive Focus (one reroll of the best die) adds to design `a`'s
    /// weapon `w` against design `t` in band `band`. The AI's estimate.
    #[inline]
    pub fn focus_gain(&self, a: usize, w: usize, t: usize, band: u8) -> f32 {
        let nd = self.designs.len();
        self.focus_gain[((a * self.max_weapons + w) * nd + t) * 3 + usize::from(band)]
    }

    /// Every design's expected fire by distance ([`FireSteps`]).
    #[inline]
    pub fn fire_steps(&self) -> &FireSteps {
        &self.fire_steps
    }

    /// Expected damage of design `a`'s weapon `w` against design `t` in band `band` (static
    /// defences, full health): the AI's estimate, not a rule.
    #[inline]
    pub fn expected(&self, a: usize, w: usize, t: usize, band: u8) -> f32 {
        let nd = self.designs.len();
        self.expected[((a * self.max_weapons + w) * nd + t) * 3 + usize::from(band)]
    }
}

/// The expected damage one reroll of the best die (Offensive Focus: "one A-or-D reroll per
/// attack this turn", ch. 8) adds to an attack with `setup`: every roll enumerated, the die
/// rerolled only when that gains ([`command::best_reroll`]).
pub fn expected_reroll_gain(setup: &AttackSetup) -> f64 {
    let mut total = 0.0;
    for a in 1..=6u8 {
        for &(v, w) in &setup.band.die.distribution() {
            if w > 0 {
                let roll = setup.resolve(a, v);
                if let Some((_, gain)) = command::best_reroll(setup, &roll, None) {
                    total += gain * f64::from(w);
                }
            }
        }
    }
    total / (6.0 * 36.0)
}

fn count(d: &ShipDesign, kind: ComponentKind, slot: Option<Slot>) -> usize {
    d.components
        .iter()
        .filter(|c| c.kind == kind && slot.is_none_or(|s| s == c.slot))
        .count()
}

fn defense_primaries(d: &ShipDesign) -> i32 {
    count(d, ComponentKind::DefenseSuite, Some(Slot::Primary)) as i32
}

fn defense_secondaries(d: &ShipDesign) -> u8 {
    count(d, ComponentKind::DefenseSuite, Some(Slot::Secondary)) as u8
}

fn pws(d: &ShipDesign) -> i32 {
    count(d, ComponentKind::Pws, None) as i32
}

#[cfg(test)]
mod tests {
    use super::super::design::Variant;
    use super::super::house_rules::MghChart;
    use super::*;

    fn beam() -> AttackSetup {
        AttackSetup {
            weapon_size: 3,
            target_size: 3,
            band: WeaponProfile::new(WeaponType::Beam, Variant::None).bands()[0],
            accuracy_mod: 0,
            damage_mod: 0,
            chart: MghChart::default(),
            glance_extension: 0,
        }
    }

    /// Offensive Focus's worth (ch. 8: "one A-or-D reroll per attack"): rerolling only when
    /// it gains, the expected damage with the reroll is the plain expectation plus the gain,
    /// and it gains something on an ordinary attack (a Miss or Glance can be rerolled).
    #[test]
    fn reroll_gain_is_the_expected_gain_of_the_best_reroll() {
        let s = beam();
        let gain = expected_reroll_gain(&s);
        assert!(gain > 0.1, "{gain}");
        // By enumeration: the better of keeping the roll and the best reroll, for every roll.
        let mut total = 0.0;
        for a in 1..=6u8 {
            for &(v, w) in &s.band.die.distribution() {
                let roll = s.resolve(a, v);
                let best = command::best_reroll(&s, &roll, None).map_or(0.0, |(_, g)| g);
                total += (f64::from(roll.dealt) + best) * f64::from(w);
            }
        }
        let with = total / 216.0;
        assert!((with - (s.expected_damage() + gain)).abs() < 1e-9);
    }

    /// Evasive Actions' worth (ch. 8: "−1 accuracy against this ship"): the expected damage
    /// at the Accuracy the attack has less that at one lower; an ordinary beam loses some.
    #[test]
    fn evasion_takes_one_accuracy_off() {
        let s = beam();
        let lower = AttackSetup {
            accuracy_mod: -1,
            ..s
        };
        let turned = s.expected_damage() - lower.expected_damage();
        assert!(turned > 0.0, "{turned}");
    }
}
