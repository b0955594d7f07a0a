//! §7.4.1.3 hit location: the hit-location chart **as data** and the walk over it.
//!
//! The chart did not survive the seed's extraction (digest D19 item 1, "Trust: low"). The
//! named default is the digest's reconstruction, built from the two text-anchored examples
//! (A) and (B); the alternative [`ChartName::ExampleC`] instead honours example (C), which
//! contradicts (A). Both are tables here, picked by `Readings::hit_chart`.
//!
//! Walk rules (§7.4.1.3): a type absent from the section → move right; nothing to the right →
//! the core with the same roll (core hull if the core was hit first); the type present but all
//! destroyed → the nearest core with the same roll (core hull if the core's are destroyed too,
//! or if the core was hit first); several of the type → the defender chooses; 25+ → the core
//! first, then the chart as normal.

use serde::Deserialize;

use super::super::damage_state::ShipDamage;
use super::super::design::{HitClass, ShipDesign};
use super::hit_roll::{HitBand, HitRoll};

use HitClass::{
    Bridge as Br, CargoHangar as Ca, Engine as En, Other as Ot, Reactor as Re, SensorsEss as Se,
    Shield as Sh, Thruster as Th, TransLight as Tl, Weapon as We,
};

/// Which hit-location chart a battle uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChartName {
    /// Default: the digest's reconstruction (D19 item 1), fitting examples (A) and (B).
    #[default]
    Reconstruction,
    /// Alternative: the same chart with the 19–20 row rebuilt so example (C) holds as worded
    /// (Thruster, Cargo/Hangar, Trans-light, Weapon, Sensors/ESS, … — no Bridge before
    /// Sensors), which breaks example (A)'s Thruster → Bridge → Sensors → Weapon order.
    ExampleC,
}

/// A hit-location chart: six rows (15–16, 17–18, 19–20, 21–22, 23–24, 25+), each a left-to-
/// right order of every [`HitClass`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitChart {
    /// Rows by band of the modified roll.
    pub rows: [[HitClass; HitClass::COUNT]; 6],
}

/// The digest's reconstruction (D19 item 1). Invented apart from the fragments of rows 16
/// and 20 recovered from examples (A) and (B).
pub const RECONSTRUCTION: HitChart = HitChart {
    rows: [
        [Tl, Ca, We, Th, Sh, Se, En, Re, Br, Ot],
        [We, Th, Sh, Ca, Se, En, Re, Br, Tl, Ot],
        [Th, Br, Se, We, Sh, Ca, En, Re, Tl, Ot],
        [We, Sh, En, Th, Se, Ca, Re, Br, Tl, Ot],
        [Se, En, Re, Br, We, Sh, Th, Ca, Tl, Ot],
        [Re, Br, En, Se, We, Ca, Sh, Tl, Ot, Th],
    ],
};

/// The alternative honouring example (C) on its row (19–20); other rows as the reconstruction.
pub const EXAMPLE_C: HitChart = HitChart {
    rows: [
        RECONSTRUCTION.rows[0],
        RECONSTRUCTION.rows[1],
        [Th, Ca, Tl, We, Se, Br, Sh, En, Re, Ot],
        RECONSTRUCTION.rows[3],
        RECONSTRUCTION.rows[4],
        RECONSTRUCTION.rows[5],
    ],
};

impl ChartName {
    /// The chart's data.
    pub const fn chart(self) -> &'static HitChart {
        match self {
            ChartName::Reconstruction => &RECONSTRUCTION,
            ChartName::ExampleC => &EXAMPLE_C,
        }
    }
}

impl HitChart {
    /// The row of a modified roll of 15 or more (below 15 there is no chart row).
    pub const fn row_of(modified: i16) -> usize {
        match modified {
            i16::MIN..=16 => 0,
            17..=18 => 1,
            19..=20 => 2,
            21..=22 => 3,
            23..=24 => 4,
            _ => 5,
        }
    }
}

/// How the defender picks among several intact systems of the struck type (§7.4.1.3: "the
/// defender chooses"). A player decision; these are the two simple policies offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DefenderPick {
    /// The one with the most structure left (spreads damage; first listed on ties).
    #[default]
    MostLeft,
    /// The first one listed on the SDS.
    FirstListed,
    /// The one with the most structure left; among tied ones the `(roll mod ties)`-th in SDS
    /// order (the roll is the battle's dice, 0..60: uniform for up to six tied systems).
    MostLeftRolled(u16),
}

/// What a hit (or one volley of it) strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Struck {
    /// Hull structure of a section.
    Hull {
        /// Section index.
        section: usize,
    },
    /// A system, found at a chart column.
    System {
        /// System index.
        sys: u16,
        /// Column of the chart row where it was found (later volleys move right from it).
        column: u8,
    },
}

/// The outcome of walking one section's row from a column (the raw step the configurations
/// build on; [`locate`] adds the pass-through rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// An intact system of the first existing type.
    Intact {
        /// System index.
        sys: u16,
        /// Column.
        column: u8,
    },
    /// The first existing type is present but every one is destroyed.
    AllDestroyed {
        /// Column.
        column: u8,
    },
    /// No system type to the right of the start column exists in the section.
    NothingRight,
}

/// Walks `row` of `chart` in section `sec` from column `start` (§7.4.1.3, "move to the right on
/// the chart until an existing system is reached").
pub fn walk_section(
    chart: &HitChart,
    row: usize,
    start: u8,
    design: &ShipDesign,
    damage: &ShipDamage,
    sec: usize,
    pick: DefenderPick,
) -> Walk {
    let systems = design.sections[sec].systems.clone();
    for column in start..HitClass::COUNT as u8 {
        let class = chart.rows[row][usize::from(column)];
        let mut exists = false;
        let mut best: Option<(u16, u16)> = None;
        let mut ties = 0u16;
        for s in systems.clone() {
            if design.systems[usize::from(s)].kind.hit_class() != class {
                continue;
            }
            exists = true;
            let left = damage.system_left(design, s);
            if left == 0 {
                continue;
            }
            let better = match (best, pick) {
                (None, _) => true,
                (Some((_, b)), DefenderPick::MostLeft | DefenderPick::MostLeftRolled(_)) => {
                    left > b
                }
                (Some(_), DefenderPick::FirstListed) => false,
            };
            if better {
                best = Some((s, left));
                ties = 1;
            } else if best.is_some_and(|(_, b)| b == left) {
                ties += 1;
            }
        }
        if let (Some((_, most)), DefenderPick::MostLeftRolled(roll)) = (best, pick)
            && ties > 1
        {
            let k = usize::from(roll % ties);
            let mut tied = systems.clone().filter(|&s| {
                design.systems[usize::from(s)].kind.hit_class() == class
                    && damage.system_left(design, s) == most
            });
            if let Some(sys) = tied.nth(k) {
                return Walk::Intact { sys, column };
            }
        }
        if let Some((sys, _)) = best {
            return Walk::Intact { sys, column };
        }
        if exists {
            return Walk::AllDestroyed { column };
        }
    }
    Walk::NothingRight
}

/// The first intact system at or right of column `start` in section `sec`, skipping types
/// that are absent or all destroyed (flare's shift, §8.1.6).
pub fn next_intact(
    chart: &HitChart,
    row: usize,
    start: u8,
    design: &ShipDesign,
    damage: &ShipDamage,
    sec: usize,
    pick: DefenderPick,
) -> Option<(u16, u8)> {
    let mut col = start;
    while usize::from(col) < HitClass::COUNT {
        match walk_section(chart, row, col, design, damage, sec, pick) {
            Walk::Intact { sys, column } => return Some((sys, column)),
            Walk::AllDestroyed { column } => col = column + 1,
            Walk::NothingRight => return None,
        }
    }
    None
}

/// The section actually struck when the attacker's fire meets section `facing` (chosen from the
/// geometry by the movement half): once an outer section is destroyed, fire from that side
/// hits the core (§7.4.1.1, §7.4.4).
pub fn struck_section(design: &ShipDesign, damage: &ShipDamage, facing: usize) -> usize {
    if design.sections[facing].pos.is_outer() && damage.section_destroyed(design, facing) {
        design.core()
    } else {
        facing
    }
}

/// Locates a system-band or core-band hit from column `start` of `hit`'s row, in section `sec`
/// (already through [`struck_section`]), with the standard pass-through rules of §7.4.1.3
/// (Burst, Pulse, Tracking; the other configurations' exceptions live with them).
pub fn locate_from(
    chart: &HitChart,
    hit: HitRoll,
    start: u8,
    design: &ShipDesign,
    damage: &ShipDamage,
    sec: usize,
    pick: DefenderPick,
) -> Struck {
    let row = HitChart::row_of(hit.modified);
    let core = design.core();
    let first = if hit.band == HitBand::Core { core } else { sec };
    let core_first = design.sections[first].pos.is_core();
    match walk_section(chart, row, start, design, damage, first, pick) {
        Walk::Intact { sys, column } => Struck::System { sys, column },
        _ if core_first => Struck::Hull { section: core },
        // Type destroyed or no type to the right in an outer section: same roll on the core.
        _ => match walk_section(chart, row, start, design, damage, core, pick) {
            Walk::Intact { sys, column } => Struck::System { sys, column },
            _ => Struck::Hull { section: core },
        },
    }
}

/// Where a hit lands (§7.4.1.3): hull of `sec` on 11–14, the chart on 15+, the core first on
/// 25+. `sec` is the section facing the attacker, before [`struck_section`]. `None` on a miss.
pub fn locate(
    chart: &HitChart,
    hit: HitRoll,
    design: &ShipDesign,
    damage: &ShipDamage,
    facing: usize,
    pick: DefenderPick,
) -> Option<Struck> {
    let sec = struck_section(design, damage, facing);
    match hit.band {
        HitBand::Miss => None,
        HitBand::HullHalf | HitBand::Hull => Some(Struck::Hull { section: sec }),
        HitBand::System | HitBand::Core => {
            Some(locate_from(chart, hit, 0, design, damage, sec, pick))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::super::super::design::{
        ArmorKind, SectionDesign, SectionPos, SystemDesign, SystemKind, TechSet, ThrusterRole,
    };
    use super::super::hit_roll::THREE_D6_WAYS;
    use super::*;

    fn hit(modified: i16) -> HitRoll {
        HitRoll::new(10, modified - 10)
    }

    /// Every row of both charts lists each class exactly once.
    #[test]
    fn rows_are_permutations() {
        for chart in [&RECONSTRUCTION, &EXAMPLE_C] {
            for row in chart.rows {
                for class in RECONSTRUCTION.rows[0] {
                    assert_eq!(row.iter().filter(|&&c| c == class).count(), 1);
                }
            }
        }
    }

    /// §7.4.1.3 example (A) (the default chart's anchor): on 20 the order is Thruster → Bridge
    /// → Sensors/ESS → Weapon. Example (C)'s chart breaks it (the documented trade-off).
    #[test]
    fn example_7_4_1_3_a_row_20_order() {
        let pos = |chart: &HitChart, c| {
            chart.rows[HitChart::row_of(20)]
                .iter()
                .position(|&x| x == c)
        };
        let r = &RECONSTRUCTION;
        assert!(pos(r, Th) < pos(r, Br) && pos(r, Br) < pos(r, Se) && pos(r, Se) < pos(r, We));
        let c = &EXAMPLE_C;
        assert!(pos(c, We) < pos(c, Br));
    }

    /// §7.4.1.3 example (B): a burst rolls 16; no trans-light, no cargo or hangar in the
    /// section, but a weapon: the weapon takes it. (Reaper forward section.)
    #[test]
    fn example_7_4_1_3_b_roll_16_hits_weapon() {
        let d = reaper();
        let s = ShipDamage::new(&d);
        for chart in [&RECONSTRUCTION, &EXAMPLE_C] {
            let got = locate(chart, hit(16), &d, &s, 0, DefenderPick::FirstListed);
            assert_eq!(got, Some(Struck::System { sys: 3, column: 2 }));
        }
    }

    /// A small station-like design for example (C): an outer section of three thrusters and a
    /// core with sensors and (optionally) a bridge.
    fn example_c_ship(with_bridge: bool) -> ShipDesign {
        let th = SystemDesign {
            kind: SystemKind::Thruster(ThrusterRole::Port),
            structure: 4,
        };
        let mut systems = vec![th, th, th];
        systems.push(SystemDesign {
            kind: SystemKind::Sensors {
                boost_cost: 4,
                power: 4,
            },
            structure: 6,
        });
        if with_bridge {
            systems.push(SystemDesign {
                kind: SystemKind::Bridge { tl: 1, flag: false },
                structure: 6,
            });
        }
        let n = systems.len() as u16;
        let sec = |pos, systems| SectionDesign {
            pos,
            armor: 2,
            armor_kind: ArmorKind::Standard,
            hull: 10,
            systems,
        };
        ShipDesign {
            name: "C".into(),
            cp: 0,
            mass_tenths: 150,
            sil_fa: 2,
            sil_ps: 2,
            cost_accel: 2,
            cost_pivot: 1,
            cost_roll: 1,
            cost_slide: 3,
            ramming: 30,
            armor_specializations: TechSet::NONE,
            sections: vec![
                sec(SectionPos::Port, 0..3),
                sec(SectionPos::Starboard, 3..3),
                sec(SectionPos::Core, 3..n),
            ],
            systems,
        }
    }

    /// §7.4.1.3 example (C): a burst rolls 20; the struck section's three thrusters are all
    /// destroyed → the nearest core; no cargo/hangar, trans-light or weapons there; the sensors
    /// are destroyed → core hull. Both charts give that when the core has no bridge; with a
    /// bridge only the [`ChartName::ExampleC`] chart does (the digest's noted contradiction).
    #[test]
    fn example_7_4_1_3_c_destroyed_thrusters_pass_to_core_hull() {
        for with_bridge in [false, true] {
            let d = example_c_ship(with_bridge);
            let mut s = ShipDamage::new(&d);
            for t in 0..4 {
                s.system_damage[t] = d.systems[t].structure;
            }
            let core_hull = Some(Struck::Hull { section: 2 });
            let c = locate(&EXAMPLE_C, hit(20), &d, &s, 0, DefenderPick::MostLeft);
            assert_eq!(c, core_hull);
            let r = locate(&RECONSTRUCTION, hit(20), &d, &s, 0, DefenderPick::MostLeft);
            if with_bridge {
                assert_eq!(r, Some(Struck::System { sys: 4, column: 1 }));
            } else {
                assert_eq!(r, core_hull);
            }
        }
    }

    /// §7.4.1.3: a section with no systems sends a chart hit to the core with the same roll; an
    /// outer section destroyed sends fire from that side to the core (§7.4.4); 25+ goes to the
    /// core first.
    #[test]
    fn empty_section_destroyed_section_and_25_plus_go_to_core() {
        let d = example_c_ship(true);
        let s = ShipDamage::new(&d);
        // Starboard (index 1) has no systems: 19–20 row → core: Thruster absent, Bridge.
        let got = locate(&RECONSTRUCTION, hit(19), &d, &s, 1, DefenderPick::MostLeft);
        assert_eq!(got, Some(Struck::System { sys: 4, column: 1 }));
        let mut s2 = ShipDamage::new(&d);
        s2.hull_damage[0] = 10;
        assert_eq!(
            locate(&RECONSTRUCTION, hit(13), &d, &s2, 0, DefenderPick::MostLeft),
            Some(Struck::Hull { section: 2 })
        );
        // 25+ row: Reactor absent, Bridge in the core.
        assert_eq!(
            locate(&RECONSTRUCTION, hit(27), &d, &s, 0, DefenderPick::MostLeft),
            Some(Struck::System { sys: 4, column: 1 })
        );
        assert_eq!(
            locate(&RECONSTRUCTION, hit(10), &d, &s, 0, DefenderPick::MostLeft),
            None
        );
    }

    /// §7.4.1.3 "the defender chooses": the two pick policies.
    #[test]
    fn defender_picks_among_same_type() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        s.system_damage[3] = 1;
        let most = locate(&RECONSTRUCTION, hit(16), &d, &s, 0, DefenderPick::MostLeft);
        assert_eq!(
            most,
            Some(Struck::System { sys: 5, column: 2 }),
            "rack, 5 left"
        );
        let first = locate(
            &RECONSTRUCTION,
            hit(16),
            &d,
            &s,
            0,
            DefenderPick::FirstListed,
        );
        assert_eq!(first, Some(Struck::System { sys: 3, column: 2 }));
    }

    /// §7.4.1.3 "the defender chooses" with ties by the battle's dice: the two racks (5 left
    /// each) tie for most left; the roll picks among them (the old `MostLeft` always took the
    /// first listed, sys 5).
    #[test]
    fn defender_ties_go_to_the_roll() {
        let d = reaper();
        let s = ShipDamage::new(&d);
        let at = |roll| {
            locate(
                &RECONSTRUCTION,
                hit(16),
                &d,
                &s,
                0,
                DefenderPick::MostLeftRolled(roll),
            )
        };
        assert_eq!(at(0), Some(Struck::System { sys: 5, column: 2 }));
        assert_eq!(at(1), Some(Struck::System { sys: 6, column: 2 }));
        assert_eq!(at(59), Some(Struck::System { sys: 6, column: 2 }));
    }

    /// Exact distribution of what a hit on the Reaper's forward section strikes at DRM +4
    /// under the default chart, by enumeration of 3d6 against hand-derived row results.
    #[test]
    fn reaper_forward_distribution_at_drm_4_is_exact() {
        let d = reaper();
        let s = ShipDamage::new(&d);
        // By hand from the rows, forward section holds Thruster, Weapon (railguns, racks):
        // 15–16 → Weapon; 17–18 → Weapon; 19–20 → Thruster; 21–22 → Weapon;
        // 23–24 → (Sensors, Engine, Reactor, Bridge absent) Weapon; 25+ → core Reactor.
        let mut hull = 0;
        let mut weapon = 0;
        let mut thruster = 0;
        let mut core = 0;
        for n in 3..=18u8 {
            let w = THREE_D6_WAYS[usize::from(n)];
            match locate(
                &RECONSTRUCTION,
                HitRoll::new(n, 4),
                &d,
                &s,
                0,
                DefenderPick::MostLeft,
            ) {
                None => {}
                Some(Struck::Hull { .. }) => hull += w,
                Some(Struck::System { sys, .. }) if sys >= 14 => core += w,
                Some(Struck::System { sys, .. }) => {
                    match d.systems[usize::from(sys)].kind.hit_class() {
                        HitClass::Weapon => weapon += w,
                        HitClass::Thruster => thruster += w,
                        other => panic!("{other:?}"),
                    }
                }
            }
        }
        // Modified 11–14 ← natural 7–10: 15+21+25+27 = 88.
        assert_eq!(hull, 88);
        // 19–20 ← natural 15–16: 10+6 = 16.
        assert_eq!(thruster, 16);
        // 15–18, 21–24 ← natural 11–14, 17–18: 27+25+21+15 + 3+1 = 92.
        assert_eq!(weapon, 92);
        assert_eq!(core, 0, "natural 18 + 4 = 22 never reaches 25");
    }
}
