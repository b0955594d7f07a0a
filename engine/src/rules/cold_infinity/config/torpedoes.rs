//! Torpedo systems in the config (§9.2.2, §17.2.2): the `[[design]]` system `kind = "torpedo"`
//! with its Ratings — `damage` (one schedule, SDS notation), `tech` (radiation, or shifted to
//! electromagnetic, plasma or gravitic: +30%), `launch_range` (its maximum range too, §17.2.2),
//! `rof` (`X+Y`, the missile rack schedule: base 1+4), `accuracy` (signed allowed, SSB13),
//! `power`, `structure` and `arc`. A torpedo system has no magazine and no load ("torpedoes do
//! not have racks", §9.2.2). Construction points from `construction::guided::torpedo`: the
//! damage schedule's CP (its average roll, §17.1) and the +30% shift are computed; the RoF,
//! launch-range and accuracy schedules' CP (`cp`) and the damage row's power and structure are
//! **design data** (SSB13 and SSB24 are lost). Swarm torpedoes (Pulse) are not offered.

use serde_spanned::Spanned;

use super::super::arcs::{ArcShape, FiringArc};
use super::super::construction::Readings;
use super::super::construction::guided::TorpedoBuild;
use super::super::construction::sheet::Item;
use super::super::construction::weapons::fixed_row;
use super::super::design::{Accuracy, Tech};
use super::super::guided::magazine::Magazine;
use super::super::guided::mount::{MAX_RACKS, MAX_TYPES, RackMount, TorpedoMount};
use super::super::guided::types::{Munition, RackDesign};
use super::designs::{SystemSpec, int};
use super::issues::Issues;
use super::notation;
use super::systems::SHAPES;

/// Technologies a torpedo's damage may have (§17.2.2: Radiation, or shifted to EM, Plasma or
/// Gravitic).
const TORPEDO_TECHS: [(&str, Tech); 4] = [
    ("radiation", Tech::Radiation),
    ("electromagnetic", Tech::Electromagnetic),
    ("plasma", Tech::Plasma),
    ("gravitic", Tech::Gravitic),
];

/// A `kind = "torpedo"` system (§9.2.2, §17.2.2): pushes its launcher slot (the torpedo as the
/// slot's one type, an empty magazine, with its name for the trace) and returns its power.
#[allow(clippy::too_many_arguments)]
pub(super) fn torpedo(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
    index: usize,
    arc: Option<FiringArc>,
    racks: &mut Vec<(RackMount, Vec<String>)>,
) -> Option<u8> {
    let y = sys.get_ref();
    let before = is.len();
    for (field, given) in [
        ("magazine", y.magazine.is_some()),
        ("load", !y.load.is_empty()),
        ("range_boost", y.range_boost.is_some()),
    ] {
        if given {
            is.push(
                d,
                sys.span(),
                format!("{at}.{field}"),
                format!(
                    "torpedoes do not have racks (§9.2.2: the system makes each shot when it \
                     fires): remove `{field}`"
                ),
            );
        }
    }
    let munition = munition(d, sys, at, is)?;
    let rof = match &y.rof {
        None => notation::rate_of_fire("1+4").ok(),
        Some(v) => match notation::rate_of_fire(v.get_ref()) {
            Ok(r) if r.cooldown == 0 && r.shots >= 1 => Some(r),
            Ok(_) => {
                is.push(
                    d,
                    v.span(),
                    format!("{at}.rof"),
                    "a torpedo's rate of fire is X+Y with X ≥ 1 (§17.2.2: the missile rack \
                     schedule; base 1+4)",
                );
                None
            }
            Err(msg) => {
                is.push(d, v.span(), format!("{at}.rof"), msg);
                None
            }
        },
    };
    let accuracy = match &y.accuracy {
        None => Accuracy { value: 0, signs: 0 },
        Some(v) => match notation::accuracy(v.get_ref()) {
            Ok(a) => a,
            Err(msg) => {
                is.push(d, v.span(), format!("{at}.accuracy"), msg);
                Accuracy { value: 0, signs: 0 }
            }
        },
    };
    let Some(p) = &y.power else {
        is.push(
            d,
            sys.span(),
            format!("{at}.power"),
            "a torpedo gives its power requirement (§17.2.2: the SSB13 row of its damage \
             schedule, a lost sheet — design data): power = N",
        );
        return None;
    };
    let power = int(is, d, p, format!("{at}.power"), 0, 50) as u8;
    if racks.len() >= MAX_RACKS {
        is.push(
            d,
            sys.span(),
            format!("{at}.kind"),
            format!("a design has at most {MAX_RACKS} missile racks and torpedo systems"),
        );
    }
    let (Some(rof), Some(arc)) = (rof, arc) else {
        return None;
    };
    if is.len() != before {
        return None;
    }
    racks.push((
        RackMount {
            sys: index as u16,
            rack: RackDesign {
                magazine: 0,
                shots: rof.shots,
                arming: rof.arming,
                accuracy: 0,
                range_boost: 0,
            },
            arc,
            types: [munition; MAX_TYPES],
            type_count: 1,
            load: Magazine::default(),
            torpedo: Some(TorpedoMount { accuracy, power }),
        },
        vec![format!("{} torpedo", y.damage.as_ref()?.get_ref())],
    ));
    Some(power)
}

/// The torpedo a system makes (§17.2.2): Radiation (or shifted), Burst, max range = launch
/// range.
fn munition(d: usize, sys: &Spanned<SystemSpec>, at: &str, is: &mut Issues) -> Option<Munition> {
    let y = sys.get_ref();
    let tech = match &y.tech {
        None => Tech::Radiation,
        Some(_) => is.choice(d, &y.tech, &format!("{at}.tech"), &TORPEDO_TECHS)?,
    };
    let Some(dmg) = &y.damage else {
        is.push(
            d,
            sys.span(),
            format!("{at}.damage"),
            "a torpedo gives its one damage schedule (§17.2.2): damage = \"3d6\"",
        );
        return None;
    };
    let damage = match notation::dice(dmg.get_ref()) {
        Ok(x) => x,
        Err(msg) => {
            is.push(d, dmg.span(), format!("{at}.damage"), msg);
            return None;
        }
    };
    let schedules =
        damage.groups.iter().filter(|g| g.count > 0).count() + usize::from(damage.fixed > 0);
    if schedules > 1 {
        is.push(
            d,
            dmg.span(),
            format!("{at}.damage"),
            "a torpedo uses one damage schedule (§17.2.2: \"only one is permitted\")",
        );
        return None;
    }
    let Some(lr) = &y.launch_range else {
        is.push(
            d,
            sys.span(),
            format!("{at}.launch_range"),
            "a torpedo gives its launch range, also its maximum range (§17.2.2): launch_range = N",
        );
        return None;
    };
    let launch = int(is, d, lr, format!("{at}.launch_range"), 1, 60) as u8;
    let mut m = Munition::torpedo(damage, launch);
    m.tech = tech;
    Some(m)
}

/// A torpedo system's construction item (§17.2.2) with the design-data CP it rests on: the
/// schedules' CP (`cp`) and the damage row's power and structure (the system's own, less the
/// Fixed schedule's computed row).
pub(super) fn torpedo_item(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    r: &Readings,
    is: &mut Issues,
) -> Option<(Item, u32)> {
    let y = sys.get_ref();
    let Some(v) = &y.cp else {
        is.push(
            d,
            sys.span(),
            format!("{at}.cp"),
            "a torpedo's RoF, launch-range and accuracy schedules are on lost sheets (§17.2.2: \
             SSB24, SSB13): give their CP as design data, cp = N (0..=100000)",
        );
        return None;
    };
    let cp = is.int_or_lo(d, v, &format!("{at}.cp"), 0, 100_000) as u32;
    let munition = munition(d, sys, at, &mut Issues::default())?;
    let shape = y.arc.as_ref()?.get_ref().shape.get_ref();
    let arc: ArcShape = SHAPES.iter().find(|(n, _)| n == shape)?.1;
    let power = u16::try_from(*y.power.as_ref()?.get_ref()).ok()?;
    let structure = u16::try_from(*y.structure.get_ref()).ok()?;
    let (fp, fs) = fixed_row(munition.damage.fixed, r.fixed_rows);
    let build = TorpedoBuild {
        tech: munition.tech,
        damage: munition.damage,
        dice_power: power.saturating_sub(fp),
        dice_structure: structure.saturating_sub(fs),
        schedules_cp: cp,
        enhancement_pct: 0,
        limitation_pct: 0,
        structure_adjust: 0,
        power_adjust: 0,
    };
    Some((Item::Torpedo { build, arc }, cp))
}
