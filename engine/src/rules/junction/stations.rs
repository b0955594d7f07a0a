//! "Stuff To Do: Combat Stations": the five stations, their four levels (crew counts, crew
//! kinds and morale each level needs) and their effects: Repair Points (Damage Control),
//! acceleration / energy / delta-v (Engineering), ECM and Sensors (Nerve Center), WIA healed
//! (Medbay) and the WIA:KIA ratio (Medevac Route). Also the casualty arithmetic of Table 3
//! (Personnel crits) and the policy's greedy assignment.

/// Crew by kind: biological, construct, infomorph (the text's "Bio", "Const", "Info").
pub type CrewMix = [u32; 3];
/// Index of biological crew in a [`CrewMix`].
pub const BIO: usize = 0;
/// Index of construct crew.
pub const CONST: usize = 1;
/// Index of infomorph crew.
pub const INFO: usize = 2;

/// Total of a crew mix.
pub fn total(c: CrewMix) -> u32 {
    c[0] + c[1] + c[2]
}

/// The five combat stations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Station {
    /// Repair Points.
    DamageControl,
    /// +1 acceleration, or +10% energy, or +10% delta-v.
    Engineering,
    /// +ECM or Sensors.
    NerveCenter,
    /// Heals WIA.
    Medbay,
    /// Improves the WIA:KIA ratio.
    Medevac,
}

impl Station {
    /// Stations in array order (index = `station as usize`).
    pub const ALL: [Station; 5] = [
        Station::DamageControl,
        Station::Engineering,
        Station::NerveCenter,
        Station::Medbay,
        Station::Medevac,
    ];

    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Station::DamageControl => "damage control",
            Station::Engineering => "engineering",
            Station::NerveCenter => "nerve center",
            Station::Medbay => "medbay",
            Station::Medevac => "medevac",
        }
    }
}

/// The crew one level of a station needs (minimum counts; crew beyond them may be assigned).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Need {
    bio: u32,
    construct: u32,
    info: u32,
    bio_or_const: u32,
    info_or_const: u32,
    any: u32,
    /// The `any` crew must be equal numbers of Const and Info (Medevac Lv. 3–4).
    equal_const_info: bool,
    morale: i32,
}

/// The table's requirement for `station` at `level` (1..=4). `complement` is the ship's crew
/// at full strength (the Medevac route's "% of crew", J10).
fn need(station: Station, level: u8, complement: u32) -> Need {
    // "Combat Stations": Lv. 1 names no morale ("10 Crew"); Lv. 2–4 need 2+, 4+, 6+. A crew
    // at negative morale still mans Lv. 1 (before issue 15 it needed morale 0).
    let m = match level {
        1 => i32::MIN,
        2 => 2,
        3 => 4,
        _ => 6,
    };
    let base = Need {
        morale: m,
        ..Need::default()
    };
    let any = |n| Need { any: n, ..base };
    match (station, level) {
        (_, 1) if station != Station::Medevac => any(10),
        (_, 2) if station != Station::Medevac => any(25),
        (Station::DamageControl, 3) => Need {
            bio_or_const: 50,
            ..base
        },
        (Station::DamageControl, _) => Need {
            bio: 50,
            construct: 50,
            ..base
        },
        (Station::Engineering, 3) => Need {
            bio_or_const: 25,
            info: 25,
            ..base
        },
        (Station::Engineering, _) => Need {
            bio_or_const: 50,
            info: 50,
            ..base
        },
        (Station::NerveCenter, 3) => Need {
            info_or_const: 50,
            ..base
        },
        (Station::NerveCenter, _) => Need { info: 100, ..base },
        (Station::Medbay, 3) => Need {
            bio: 25,
            info: 25,
            ..base
        },
        (Station::Medbay, _) => Need {
            bio: 50,
            info: 50,
            ..base
        },
        (Station::Medevac, _) => {
            let percent = 1u32 << level; // 2, 4, 8, 16
            let n = (complement * percent).div_ceil(100).max(1);
            Need {
                any: n,
                equal_const_info: level >= 3,
                ..base
            }
        }
    }
}

/// Highest station level `morale` allows: level 1 at any morale, levels 2–4 need morale 2, 4,
/// 6 at every station (the table's `morale` in [`need`]; test `morale_cap_matches_the_table`).
fn morale_cap(morale: i32) -> u8 {
    match morale {
        i32::MIN..=1 => 1,
        2..=3 => 2,
        4..=5 => 3,
        _ => 4,
    }
}

/// Take `n` crew from `pool` into `into`, drawing from the kinds in `order`.
fn draw(pool: &mut CrewMix, into: &mut CrewMix, mut n: u32, order: &[usize]) -> bool {
    for &k in order {
        let t = n.min(pool[k]);
        pool[k] -= t;
        into[k] += t;
        n -= t;
    }
    n == 0
}

/// Take the crew `n` needs out of `pool`; `None` (pool untouched) when it can't.
fn take(pool: &mut CrewMix, n: &Need) -> Option<CrewMix> {
    let mut p = *pool;
    let mut got = [0; 3];
    let ok = draw(&mut p, &mut got, n.bio, &[BIO])
        && draw(&mut p, &mut got, n.construct, &[CONST])
        && draw(&mut p, &mut got, n.info, &[INFO])
        && draw(&mut p, &mut got, n.bio_or_const, &[BIO, CONST])
        && draw(&mut p, &mut got, n.info_or_const, &[INFO, CONST])
        && if n.equal_const_info {
            let half = n.any.div_ceil(2);
            draw(&mut p, &mut got, half, &[CONST]) && draw(&mut p, &mut got, half, &[INFO])
        } else {
            draw(&mut p, &mut got, n.any, &[BIO, CONST, INFO])
        };
    if ok {
        *pool = p;
        Some(got)
    } else {
        None
    }
}

/// Level (0..=4) of `station` manned by `crew` at `morale`: the highest level whose crew and
/// morale needs are met.
pub fn level(station: Station, crew: CrewMix, morale: i32, complement: u32) -> u8 {
    (1..=4u8)
        .rev()
        .find(|&l| {
            let n = need(station, l, complement);
            morale >= n.morale && take(&mut crew.clone(), &n).is_some()
        })
        .unwrap_or(0)
}

/// Damage Control Repair Points per turn: +1 per 10 crew (Lv. 1), +3 per 25 (Lv. 2), +7 per
/// 50 (Lv. 3), +15 per 100 (Lv. 4), counting every crew member at the station.
pub fn repair_points(level: u8, crew: u32) -> u32 {
    match level {
        0 => 0,
        1 => crew / 10,
        2 => crew / 25 * 3,
        3 => crew / 50 * 7,
        _ => crew / 100 * 15,
    }
}

/// WIA the Medbay heals per turn: 5 per 10 crew, 14 per 25, 32 per 50, 75 per 100.
pub fn heal_capacity(level: u8, crew: u32) -> u32 {
    match level {
        0 => 0,
        1 => crew / 10 * 5,
        2 => crew / 25 * 14,
        3 => crew / 50 * 32,
        _ => crew / 100 * 75,
    }
}

/// Percent of casualties that are wounded (WIA) with the Medevac route at `level`: 60, 70,
/// 80, 90; without one, `base` (G9).
pub fn wia_percent(level: u8, base: u32) -> u32 {
    match level {
        0 => base,
        l => 50 + 10 * u32::from(l.min(4)),
    }
}

/// Split `n` casualties into (WIA, KIA) at `wia_percent`, WIA rounded to the nearest (J11).
pub fn split_casualties(n: u32, wia_percent: u32) -> (u32, u32) {
    let wia = (n * wia_percent + 50) / 100;
    (wia, n - wia)
}

/// Casualties of a Hull Breach at a station manned by `crew`: its percentage (Table 3) plus 20
/// points per hazardous-leak area the station is in (rounded down).
pub fn breach_casualties(crew: u32, percent: u32, hazard_areas: u32) -> u32 {
    crew * (percent + 20 * hazard_areas).min(100) / 100
}

/// Remove `n` crew from `from` in proportion to its kinds (rounded down, the remainder from
/// the first kinds that still have crew); returns who was removed.
pub fn remove_proportionally(from: &mut CrewMix, n: u32) -> CrewMix {
    let all = total(*from);
    let n = n.min(all);
    if n == 0 {
        return [0; 3];
    }
    let mut out = [0; 3];
    for k in 0..3 {
        out[k] = (u64::from(from[k]) * u64::from(n) / u64::from(all)) as u32;
    }
    let mut rest = n - total(out);
    for k in 0..3 {
        let t = rest.min(from[k] - out[k]);
        out[k] += t;
        rest -= t;
    }
    for k in 0..3 {
        from[k] -= out[k];
    }
    out
}

/// The policy's station assignment: in `order`, give each station the smallest crew for the
/// highest level the remaining `pool` and `morale` allow; the crew left over all go to
/// `spare` (whose effect grows with its crew). Returns the crews and the stations' levels.
pub fn assign(
    mut pool: CrewMix,
    morale: i32,
    complement: u32,
    order: &[Station; 5],
    spare: Station,
) -> ([CrewMix; 5], [u8; 5]) {
    let mut out = [[0; 3]; 5];
    let mut levels = [0; 5];
    for &st in order {
        for l in (1..=morale_cap(morale)).rev() {
            let n = need(st, l, complement);
            if let Some(got) = take(&mut pool, &n) {
                out[st as usize] = got;
                levels[st as usize] = l;
                break;
            }
        }
    }
    let s = &mut out[spare as usize];
    for k in 0..3 {
        s[k] += pool[k];
    }
    // Only the spare station's level can rise with the crew added.
    if total(pool) > 0 {
        levels[spare as usize] = level(spare, *s, morale, complement);
    }
    (out, levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 17: Lv. 1 with 30 crew → 3 RP; Lv. 2 with 50 crew (M ≥ 2) → 6; Lv. 3
    /// with 100 Bio/Const (M ≥ 4) → 14; Lv. 4 with 50 Bio + 50 Const (M ≥ 6) → 15.
    #[test]
    fn vector_17_damage_control_repair_points() {
        let dc = Station::DamageControl;
        let l = level(dc, [30, 0, 0], 0, 100);
        assert_eq!((l, repair_points(l, 30)), (1, 3));
        let l = level(dc, [50, 0, 0], 2, 100);
        assert_eq!((l, repair_points(l, 50)), (2, 6));
        let l = level(dc, [100, 0, 0], 4, 100);
        assert_eq!((l, repair_points(l, 100)), (3, 14));
        let l = level(dc, [50, 50, 0], 6, 100);
        assert_eq!((l, repair_points(l, 100)), (4, 15));
        // Morale caps the level: 100 crew at morale 1 are Lv. 1 (10 RP).
        let l = level(dc, [100, 0, 0], 1, 100);
        assert_eq!((l, repair_points(l, 100)), (1, 10));
        // Lv. 3 needs Bio or Const crew: 100 Info crew at morale 6 are only Lv. 2.
        assert_eq!(level(dc, [0, 0, 100], 6, 100), 2);
    }

    /// Seed line 269 ("Damage Control Lv. 1: 10 Crew Lv. 2: 25 Crew, 2+ Morale ..."): Lv. 1
    /// names no morale, so a crew at negative morale still mans it (issue 15 §4: stations do
    /// not shut off at negative morale). Before, 30 crew at morale −3 made 0 RP.
    #[test]
    fn level_one_stations_work_at_negative_morale() {
        let dc = Station::DamageControl;
        for morale in [-1, -3, -12] {
            let l = level(dc, [30, 0, 0], morale, 100);
            assert_eq!((l, repair_points(l, 30)), (1, 3), "morale {morale}");
        }
        let order = [
            Station::NerveCenter,
            Station::Engineering,
            Station::Medevac,
            Station::Medbay,
            Station::DamageControl,
        ];
        let (crews, levels) = assign([100, 0, 0], -5, 100, &order, Station::DamageControl);
        assert_eq!(levels, [1, 1, 1, 1, 1]);
        assert_eq!(crews[Station::DamageControl as usize], [68, 0, 0]);
    }

    /// Digest §3 vector 18: 100 casualties at Medevac Lv. 2 → 70 WIA, 30 KIA; with no Medevac
    /// → 50:50 (G9). A Personnel crit at the Medbay (50 crew) → 25 casualties; in a
    /// hazardous-leak area, 70% → 35.
    #[test]
    fn vector_18_casualties() {
        assert_eq!(split_casualties(100, wia_percent(2, 50)), (70, 30));
        assert_eq!(split_casualties(100, wia_percent(0, 50)), (50, 50));
        assert_eq!(split_casualties(100, wia_percent(4, 50)), (90, 10));
        assert_eq!(breach_casualties(50, 50, 0), 25);
        assert_eq!(breach_casualties(50, 50, 1), 35);
        // Damcon breaches are 30%.
        assert_eq!(breach_casualties(50, 30, 0), 15);
    }

    /// The morale shortcut of `assign` skips exactly the levels whose morale need is unmet.
    #[test]
    fn morale_cap_matches_the_table() {
        for morale in -12..=12 {
            for st in Station::ALL {
                for l in 1..=4u8 {
                    let allowed = morale >= need(st, l, 100).morale;
                    assert_eq!(
                        allowed,
                        l <= morale_cap(morale),
                        "{st:?} Lv {l} morale {morale}"
                    );
                }
            }
        }
    }

    /// Medevac needs a share of the whole crew, and equal Const and Info at Lv. 3–4.
    #[test]
    fn medevac_levels_follow_the_crew_share() {
        let mv = Station::Medevac;
        // 100 crew: Lv. 1 needs 2, Lv. 2 needs 4 (M ≥ 2), Lv. 3 needs 8 as 4 Const + 4 Info.
        assert_eq!(level(mv, [2, 0, 0], 0, 100), 1);
        assert_eq!(level(mv, [4, 0, 0], 0, 100), 1);
        assert_eq!(level(mv, [4, 0, 0], 2, 100), 2);
        assert_eq!(level(mv, [8, 0, 0], 4, 100), 2);
        assert_eq!(level(mv, [0, 4, 4], 4, 100), 3);
        assert_eq!(level(mv, [0, 8, 8], 6, 100), 4);
        assert_eq!(level(mv, [1, 0, 0], 0, 100), 0);
    }

    #[test]
    fn medbay_heals_per_crew_block() {
        assert_eq!(heal_capacity(1, 20), 10);
        assert_eq!(heal_capacity(2, 25), 14);
        assert_eq!(level(Station::Medbay, [25, 0, 25], 4, 100), 3);
        assert_eq!(heal_capacity(3, 50), 32);
        assert_eq!(heal_capacity(4, 100), 75);
    }

    /// The greedy assignment: highest affordable level in priority order, spare crew to the
    /// spare station; Nerve Center Lv. 4 needs 100 Info crew.
    #[test]
    fn assignment_fills_the_priority_order_then_the_spare_station() {
        let order = [
            Station::NerveCenter,
            Station::Engineering,
            Station::Medevac,
            Station::Medbay,
            Station::DamageControl,
        ];
        let (a, l) = assign([60, 0, 0], 0, 80, &order, Station::DamageControl);
        assert_eq!(l, [1, 1, 1, 1, 1]);
        assert_eq!(a[Station::NerveCenter as usize], [10, 0, 0]);
        assert_eq!(a[Station::Engineering as usize], [10, 0, 0]);
        assert_eq!(a[Station::Medevac as usize], [2, 0, 0]);
        assert_eq!(a[Station::Medbay as usize], [10, 0, 0]);
        assert_eq!(a[Station::DamageControl as usize], [28, 0, 0]);
        let (a, l) = assign([100, 0, 150], 6, 250, &order, Station::DamageControl);
        assert_eq!(l, [1, 4, 4, 2, 2]);
        assert_eq!(a[Station::NerveCenter as usize], [0, 0, 100]);
        assert_eq!(level(Station::NerveCenter, [0, 0, 100], 6, 250), 4);
        // Engineering Lv. 4 needs 50 Bio/Const + 50 Info: exactly what is left.
        assert_eq!(a[Station::Engineering as usize], [50, 0, 50]);
        let sum: u32 = a.iter().map(|c| total(*c)).sum();
        assert_eq!(sum, 250);
    }

    #[test]
    fn proportional_removal_keeps_the_total() {
        let mut c = [10, 5, 5];
        assert_eq!(remove_proportionally(&mut c, 10), [6, 2, 2]);
        assert_eq!(c, [4, 3, 3]);
        let mut c = [1, 0, 0];
        assert_eq!(remove_proportionally(&mut c, 5), [1, 0, 0]);
    }
}
