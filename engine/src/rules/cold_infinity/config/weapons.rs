//! `[[weapon]]`: direct-fire weapon lines as an SDS prints them (§8, §17.1), by name, for
//! designs to mount. Tracking (§8.1.9) is played (`battle/tracking.rs`), Wave (§8.1.8) too
//! (`battle/wave.rs`: a wave weapon fires only as Wave, so it lists no other configuration);
//! guided weapons (§9) are not weapon lines (missile racks: `guided`).

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::{Config, ConfigSet, PulseRating, Tech, WeaponDesign};
use super::super::weapons::technologies::default_speed;
use super::Doc;
use super::issues::{Issues, register};
use super::notation;

/// `[[weapon]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Technology: matter, laser, particle, radiation, electromagnetic, plasma, gravitic.
    pub tech: Spanned<String>,
    /// Configurations it may fire in (default `["burst"]`).
    #[serde(default)]
    pub configs: Option<Spanned<Vec<String>>>,
    /// Damage Rating, e.g. `"2d6"`.
    pub damage: Spanned<String>,
    /// Range Rating, e.g. `"-1/2"`.
    pub range: Spanned<String>,
    /// Rate of fire, e.g. `"3+0"` or `"1+1 C-2"`.
    pub rof: Spanned<String>,
    /// Accuracy Rating, e.g. `"+3"` or `"-4++"`.
    pub accuracy: Spanned<String>,
    /// DF Rating `SDF/AHDF/EDF` (default `"0/0/0"`).
    #[serde(default)]
    pub df: Option<Spanned<String>>,
    /// Ablative DF (§11.1.5).
    #[serde(default)]
    pub ablative_df: bool,
    /// Power requirement (0..=50).
    pub power: Spanned<i64>,
    /// Speed Rating (default: the technology's, D19 item 3).
    #[serde(default)]
    pub speed: Option<Spanned<i64>>,
    /// Pulse Rating `[max, interval]` or `[max, interval, bonus die]` (default `[1, 10]`).
    #[serde(default)]
    pub pulse: Option<Spanned<Vec<i64>>>,
    /// Slashing Rating (default 4).
    #[serde(default)]
    pub slashing: Option<Spanned<i64>>,
    /// Tracking Rating in turns (§8.1.9, §17.1: base 2; 1..=4, the chart's most).
    #[serde(default)]
    pub tracking: Option<Spanned<i64>>,
    /// Wave Rating: the wave's maximum range in hexes (§8.1.8, §17.1: base 0, the firer's own
    /// hex; 0..=30). Its schedule's CP is in `schedules_cp` (SSB12 is lost); a Rating of 5 or
    /// more multiplies the power (§17.1.2.1), which `power` gives already.
    #[serde(default)]
    pub wave: Option<Spanned<i64>>,
    /// Plasma falloff per hex (default 3 for plasma, else 0).
    #[serde(default)]
    pub plasma_falloff: Option<Spanned<i64>>,
    /// The Anti-Shield enhancement (§11.2.2.1).
    #[serde(default)]
    pub anti_shield: bool,
    /// **Design data** for a weapon designed by §17.1: the CP of every schedule the seed lost
    /// (SSB12–24: range, RoF, accuracy, DF, pulse, slashing, plasma) and of any bought structure
    /// or power, in one figure; the base 10 CP, the damage dice and the +50% per extra
    /// configuration are computed. Give this or `cp`.
    #[serde(default)]
    pub schedules_cp: Option<Spanned<i64>>,
    /// **Design data** for a pre-generated weapon (Weapon Systems Book, not in the seed): its
    /// CP as printed, without the arc (§16.4.1). Give this or `schedules_cp`.
    #[serde(default)]
    pub cp: Option<Spanned<i64>>,
}

/// How a weapon line's construction points are found (§16.4.1, §17.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponCost {
    /// Designed by §17.1; the lost schedules' CP as design data.
    Designed {
        /// The lost schedules' CP.
        schedules_cp: u32,
    },
    /// Pre-generated: its printed CP (design data).
    Pregenerated {
        /// CP without the arc.
        cp: u32,
    },
}

/// The technology names.
pub const TECHS: [(&str, Tech); 7] = [
    ("matter", Tech::Matter),
    ("laser", Tech::Laser),
    ("particle", Tech::Particle),
    ("radiation", Tech::Radiation),
    ("electromagnetic", Tech::Electromagnetic),
    ("plasma", Tech::Plasma),
    ("gravitic", Tech::Gravitic),
];

/// The configuration names the battle plays.
pub const CONFIGS: [(&str, Config); 9] = [
    ("burst", Config::Burst),
    ("pulse", Config::Pulse),
    ("slicing", Config::Slicing),
    ("slashing", Config::Slashing),
    ("piercing", Config::Piercing),
    ("flare", Config::Flare),
    ("enveloping", Config::Enveloping),
    ("tracking", Config::Tracking),
    ("wave", Config::Wave),
];

/// The weapon table.
#[derive(Debug, Default)]
pub struct WeaponTable {
    /// Weapons, in definition order.
    pub list: Vec<WeaponDesign>,
    /// Name → index.
    pub index: HashMap<String, usize>,
    /// Names of weapons with problems (already reported).
    pub invalid: HashSet<String>,
    /// Each weapon's cost data, in `list` order.
    pub costs: Vec<WeaponCost>,
    /// The `[[missile]]` types (`config::guided`), filled by `config::build`.
    pub missiles: super::guided::MissileTable,
}

/// Every document's weapon lines.
pub(super) fn weapon_table(docs: &[Doc], is: &mut Issues) -> WeaponTable {
    let mut t = WeaponTable::default();
    let mut names = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.weapon.iter().enumerate() {
            let w = spec.get_ref();
            let at = format!("weapon[{k}] ({})", w.name.get_ref());
            if !register(
                &mut names,
                &w.name,
                k,
                d,
                format!("weapon[{k}].name"),
                "weapon",
                is,
            ) {
                continue;
            }
            let before = is.len();
            let weapon = weapon(d, w, &at, is);
            let cost = cost(d, spec, &at, is);
            if is.len() == before {
                t.index.insert(w.name.get_ref().clone(), t.list.len());
                t.list.push(weapon);
                t.costs.push(cost);
            } else {
                t.invalid.insert(w.name.get_ref().clone());
            }
        }
    }
    t
}

/// The line's cost data: exactly one of `schedules_cp` and `cp`, 0..=100,000.
fn cost(d: usize, spec: &Spanned<WeaponSpec>, at: &str, is: &mut Issues) -> WeaponCost {
    let w = spec.get_ref();
    let hi = 100_000;
    match (&w.schedules_cp, &w.cp) {
        (Some(v), None) => WeaponCost::Designed {
            schedules_cp: is.int_or_lo(d, v, &format!("{at}.schedules_cp"), 0, hi) as u32,
        },
        (None, Some(v)) => WeaponCost::Pregenerated {
            cp: is.int_or_lo(d, v, &format!("{at}.cp"), 0, hi) as u32,
        },
        (Some(_), Some(v)) => {
            is.push(
                d,
                v.span(),
                format!("{at}.cp"),
                "give `schedules_cp` (a weapon designed by §17.1) or `cp` (a pre-generated \
                 weapon's printed CP), not both",
            );
            WeaponCost::Pregenerated { cp: 0 }
        }
        (None, None) => {
            is.push(
                d,
                w.name.span(),
                format!("{at}.schedules_cp"),
                "a weapon line needs its construction cost (§16.4.1, §17.1): `schedules_cp = N` \
                 (design data: the CP of its range, RoF, accuracy, DF and pulse schedules, whose \
                 sheets SSB12-24 are lost; the base 10 CP, the damage dice and extra \
                 configurations are computed) or `cp = N` (a pre-generated weapon's printed CP)",
            );
            WeaponCost::Pregenerated { cp: 0 }
        }
    }
}

fn parsed<T>(
    is: &mut Issues,
    d: usize,
    v: &Spanned<String>,
    field: String,
    f: impl Fn(&str) -> Result<T, String>,
) -> Option<T> {
    match f(v.get_ref()) {
        Ok(x) => Some(x),
        Err(msg) => {
            is.push(d, v.span(), field, msg);
            None
        }
    }
}

fn weapon(d: usize, w: &WeaponSpec, at: &str, is: &mut Issues) -> WeaponDesign {
    let tech = is
        .choice(d, &Some(w.tech.clone()), &format!("{at}.tech"), &TECHS)
        .unwrap_or(Tech::Particle);
    let mut configs = ConfigSet::default();
    match &w.configs {
        None => configs = ConfigSet::only(Config::Burst),
        Some(list) => {
            if list.get_ref().is_empty() {
                is.push(
                    d,
                    list.span(),
                    format!("{at}.configs"),
                    "give at least one configuration",
                );
            }
            for name in list.get_ref() {
                match CONFIGS.iter().find(|(n, _)| n == name) {
                    Some(&(_, c)) => configs = configs.with(c),
                    None => {
                        let names: Vec<&str> = CONFIGS.iter().map(|(n, _)| *n).collect();
                        is.push(
                            d,
                            list.span(),
                            format!("{at}.configs"),
                            format!(
                                "unknown configuration `{name}`; allowed: {}",
                                names.join(", ")
                            ),
                        );
                    }
                }
            }
            // §17.1: "If the system's base configuration is Tracking, it must also take the
            // add configuration enhancement in order to acquire a Tracking subtype (without
            // which the weapon will not fire)."
            // §8.1.8 as the battle plays it: a wave sweeps its arc with no target to aim, so a
            // choice between Wave and an aimed configuration is not played.
            if configs.contains(Config::Wave) && configs != ConfigSet::only(Config::Wave) {
                is.push(
                    d,
                    list.span(),
                    format!("{at}.configs"),
                    "a wave weapon fires only as Wave in this battle (§8.1.8 is played for a \
                     weapon whose one configuration is `[\"wave\"]`; the choice between a wave \
                     and an aimed shot is not played)",
                );
            }
            if configs == ConfigSet::only(Config::Tracking) {
                is.push(
                    d,
                    list.span(),
                    format!("{at}.configs"),
                    "a tracking weapon needs a subtype configuration too, e.g. \
                     `[\"tracking\", \"burst\"]` (§17.1: without one it will not fire)",
                );
            }
        }
    }
    let damage = parsed(is, d, &w.damage, format!("{at}.damage"), notation::dice);
    let range = parsed(is, d, &w.range, format!("{at}.range"), notation::range);
    let rof = parsed(is, d, &w.rof, format!("{at}.rof"), notation::rate_of_fire);
    if let Some(r) = rof
        && configs.contains(Config::Tracking)
        && r.shots > 1
    {
        is.push(
            d,
            w.rof.span(),
            format!("{at}.rof"),
            "a tracking weapon fires one shot a turn in this battle (§8.1.9 is played with one \
             attack in progress per weapon); give a rate of fire `1+Y`",
        );
    }
    let accuracy = parsed(
        is,
        d,
        &w.accuracy,
        format!("{at}.accuracy"),
        notation::accuracy,
    );
    let df = match &w.df {
        None => Some(Default::default()),
        Some(v) => parsed(is, d, v, format!("{at}.df"), |s| {
            notation::defensive_fire(s, w.ablative_df)
        }),
    };
    let power = is.int_or_lo(d, &w.power, &format!("{at}.power"), 0, 50) as u8;
    let speed = w.speed.as_ref().map_or(default_speed(tech), |v| {
        is.int_or_lo(d, v, &format!("{at}.speed"), 0, 9) as u8
    });
    let mut pulse = PulseRating {
        max: 1,
        interval: 10,
        bonus_die: 0,
    };
    if let Some(p) = &w.pulse {
        match p.get_ref().as_slice() {
            [m, i] | [m, i, _] if (1..=12).contains(m) && (1..=18).contains(i) => {
                pulse.max = *m as u8;
                pulse.interval = *i as u8;
                if let [_, _, b] = p.get_ref().as_slice() {
                    if [0, 4, 6, 8, 10].contains(b) {
                        pulse.bonus_die = *b as u8;
                    } else {
                        is.push(d, p.span(), format!("{at}.pulse"), "the bonus die is one of 0, 4, 6, 8, 10");
                    }
                }
            }
            _ => is.push(
                d,
                p.span(),
                format!("{at}.pulse"),
                "a pulse Rating is `[max, interval]` or `[max, interval, bonus die]` with max 1..=12, interval 1..=18",
            ),
        }
    }
    let slashing = w.slashing.as_ref().map_or(4, |v| {
        is.int_or_lo(d, v, &format!("{at}.slashing"), 1, 12) as u8
    });
    let tracking = w.tracking.as_ref().map_or(2, |v| {
        is.int_or_lo(d, v, &format!("{at}.tracking"), 1, 4) as u8
    });
    let wave_range = w.wave.as_ref().map_or(0, |v| {
        is.int_or_lo(d, v, &format!("{at}.wave"), 0, 30) as u8
    });
    if wave_range > 0
        && !configs.contains(Config::Wave)
        && let Some(v) = &w.wave
    {
        is.push(
            d,
            v.span(),
            format!("{at}.wave"),
            "a wave Rating is for a weapon that fires as Wave (§8.1.8): add `configs = [\"wave\"]`",
        );
    }
    let plasma_falloff = w
        .plasma_falloff
        .as_ref()
        .map_or(if tech == Tech::Plasma { 3 } else { 0 }, |v| {
            is.int_or_lo(d, v, &format!("{at}.plasma_falloff"), 0, 20) as u8
        });
    WeaponDesign {
        tech,
        speed,
        configs,
        damage: damage.unwrap_or_default(),
        range: range.unwrap_or(super::super::design::RangeRating { per: 1, hexes: 1 }),
        rof: rof.unwrap_or_default(),
        accuracy: accuracy.unwrap_or_default(),
        df: df.unwrap_or_default(),
        power,
        pulse,
        slashing,
        tracking,
        wave_range,
        plasma_falloff,
        anti_shield: w.anti_shield,
    }
}
