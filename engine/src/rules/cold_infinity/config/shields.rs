//! A `[[design]]` system `kind = "shield"` (§11.2, §16.4.2): coverage, technology, Ratings,
//! enhancements, and the two figures of the lost sheet SSB5 as design data (`power`, `cp`).

use serde_spanned::Spanned;

use super::super::construction::placement::shield_power;
use super::super::design::{
    SectionDesign, SectionPos, ShieldCoverage, ShieldDesign, SystemDesign, SystemKind, Tech,
};
use super::super::fire::attack::MAX_POINT;
use super::designs::{DesignSpec, SystemSpec, int};
use super::issues::Issues;

/// Shield coverages the battle plays.
const COVERAGES: [(&str, ShieldCoverage); 2] = [
    ("arc", ShieldCoverage::Arc),
    ("encapsulating", ShieldCoverage::Encapsulating),
];

/// Shield technologies (§16.4.2: "two default options").
const SHIELD_TECHS: [(&str, Tech); 2] = [
    ("electromagnetic", Tech::Electromagnetic),
    ("gravitic", Tech::Gravitic),
];

/// A shield generator (§11.2, §16.4.2): coverage, technology, Ratings, enhancements and its
/// power (design data: SSB5 is lost; an encapsulating shield adds half the section count,
/// rounded up, §16.4.2.2; point-defense shields, §11.2.5, their CP and power too). Refused: a
/// shield in a core section (§16.4.2, point defense too: "as with arc shields"), no Rating, a
/// point-defense shield with deflection or buffering, a layered buffering shield (how layered
/// buffers would share a loss is unstated).
pub(super) fn shield(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
    (pos, sections): (SectionPos, u8),
) -> Option<ShieldDesign> {
    let y = sys.get_ref();
    let before = is.len();
    if pos == SectionPos::Core {
        is.push(
            d,
            y.kind.span(),
            format!("{at}.kind"),
            "shields may not be placed in the core section (§16.4.2): put it in an outer section",
        );
    }
    let coverage = match y.coverage.as_ref().map(|c| c.get_ref().as_str()) {
        Some("point-stationary") => point_stationary(d, sys, at, is),
        Some("point-roaming") => point_roaming(d, sys, at, is),
        Some(_) => is.choice(d, &y.coverage, &format!("{at}.coverage"), &COVERAGES),
        None => {
            is.push(
                d,
                sys.span(),
                format!("{at}.coverage"),
                "a shield gives its coverage: arc, encapsulating (§11.2.4, §11.2.6), \
                 point-stationary or point-roaming (§11.2.5)",
            );
            None
        }
    };
    let point = matches!(
        coverage,
        Some(ShieldCoverage::PointStationary(_) | ShieldCoverage::PointRoaming(_))
    );
    if !point && (y.guards.is_some() || y.speed.is_some()) {
        let (field, span) = match (&y.guards, &y.speed) {
            (Some(g), _) => ("guards", g.span()),
            (None, Some(v)) => ("speed", v.span()),
            _ => unreachable!(),
        };
        is.push(
            d,
            span,
            format!("{at}.{field}"),
            "`guards` and `speed` belong to point-defense shields (coverage = \
             \"point-stationary\" or \"point-roaming\", §11.2.5)",
        );
    }
    let tech = if y.tech.is_some() {
        is.choice(d, &y.tech, &format!("{at}.tech"), &SHIELD_TECHS)
    } else {
        is.push(
            d,
            sys.span(),
            format!("{at}.tech"),
            "a shield gives its technology: electromagnetic or gravitic (§16.4.2)",
        );
        None
    };
    let rating = |is: &mut Issues, v: &Option<Spanned<i64>>, f: &str, hi: i64| {
        v.as_ref()
            .map_or(0, |v| int(is, d, v, format!("{at}.{f}"), 0, hi)) as u8
    };
    let deflection = rating(is, &y.deflection, "deflection", 20);
    let absorption = rating(is, &y.absorption, "absorption", 50);
    let flag = |v: &Option<Spanned<bool>>| v.as_ref().is_some_and(|b| *b.get_ref());
    let buffering = flag(&y.buffering);
    if point && deflection > 0 {
        is.push(
            d,
            y.deflection.as_ref().map_or(sys.span(), |v| v.span()),
            format!("{at}.deflection"),
            "point-defense shields are always absorption shields, never capable of deflection \
             (§11.2.5): give absorption = N only",
        );
    }
    if point && buffering {
        is.push(
            d,
            y.buffering.as_ref().map_or(sys.span(), |v| v.span()),
            format!("{at}.buffering"),
            "a buffering point-defense shield is not played: §11.2.5 describes point defense \
             with a plain absorption Rating",
        );
    }
    if deflection == 0 && absorption == 0 && is.len() == before {
        is.push(
            d,
            sys.span(),
            format!("{at}.absorption"),
            "a shield with neither a deflection nor an absorption Rating does nothing: give \
             deflection = N (§11.2.1) and/or absorption = N (§11.2.2)",
        );
    }
    if buffering && flag(&y.layering) {
        is.push(
            d,
            y.layering.as_ref().map_or(sys.span(), |v| v.span()),
            format!("{at}.layering"),
            "a buffering shield with the layering enhancement is not played: how layered \
             buffering shields share what they absorb is unstated (§11.2.2.1, §11.2.7)",
        );
    }
    let Some(power) = &y.power else {
        is.push(
            d,
            sys.span(),
            format!("{at}.power"),
            "a shield's power requirement is on the lost sheet SSB5: give it as design data, \
             power = N (1..=50; an encapsulating shield adds half the section count itself, \
             §16.4.2.2)",
        );
        return None;
    };
    let power = int(is, d, power, format!("{at}.power"), 1, 50) as u8;
    let coverage = coverage?;
    if is.len() != before {
        return None;
    }
    Some(ShieldDesign {
        coverage,
        tech: tech?,
        deflection,
        absorption,
        buffering,
        partial_power: flag(&y.partial_power),
        layering: flag(&y.layering),
        overload: flag(&y.overload),
        power: shield_power(power, coverage, sections),
    })
}

/// A stationary point-defense shield (§11.2.5): its `guards` is checked and resolved once the
/// whole design is read ([`assign_guards`]); until then it guards nothing.
fn point_stationary(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
) -> Option<ShieldCoverage> {
    if sys.get_ref().guards.is_none() {
        is.push(
            d,
            sys.span(),
            format!("{at}.guards"),
            "a stationary point-defense shield is assigned to one system (§11.2.5): guards = \
             [section, system], the indices of design[k].section[s].system[y]",
        );
        return None;
    }
    Some(ShieldCoverage::PointStationary(u16::MAX))
}

/// A roaming point-defense shield (§11.2.5) and its speed Rating.
fn point_roaming(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
) -> Option<ShieldCoverage> {
    let Some(v) = &sys.get_ref().speed else {
        is.push(
            d,
            sys.span(),
            format!("{at}.speed"),
            "a roaming point-defense shield gives its speed Rating (§11.2.5: it reaches the hit \
             system when the defender's 3d6 is at most it): speed = 3..=18",
        );
        return None;
    };
    Some(ShieldCoverage::PointRoaming(
        int(is, d, v, format!("{at}.speed"), 3, 18) as u8,
    ))
}

/// §11.2.5: each stationary point-defense shield of a design is assigned to the system its
/// `guards = [section, system]` names (in any section, the core too; not itself).
pub(super) fn assign_guards(
    d: usize,
    ds: &DesignSpec,
    at: &str,
    sections: &[SectionDesign],
    systems: &mut [SystemDesign],
    is: &mut Issues,
) {
    let mut index = 0usize;
    for (s, sec) in ds.section.iter().enumerate() {
        for (y, spec) in sec.get_ref().system.iter().enumerate() {
            let me = index;
            index += 1;
            let Some(g) = &spec.get_ref().guards else {
                continue;
            };
            let Some(SystemKind::Shield(shield)) = systems.get_mut(me).map(|x| &mut x.kind) else {
                continue;
            };
            if !matches!(shield.coverage, ShieldCoverage::PointStationary(_)) {
                continue;
            }
            let [gs, gy] = *g.get_ref();
            let target = usize::try_from(gs)
                .ok()
                .and_then(|gs| sections.get(gs))
                .and_then(|sec| {
                    let y = u16::try_from(gy).ok()?;
                    (y < sec.systems.end - sec.systems.start).then_some(sec.systems.start + y)
                });
            match target {
                Some(t) if usize::from(t) != me => {
                    shield.coverage = ShieldCoverage::PointStationary(t)
                }
                Some(_) => is.push(
                    d,
                    g.span(),
                    format!("{at}.section[{s}].system[{y}].guards"),
                    "a stationary point-defense shield guards another system, not itself \
                     (§11.2.5)",
                ),
                None => is.push(
                    d,
                    g.span(),
                    format!("{at}.section[{s}].system[{y}].guards"),
                    format!(
                        "[{gs}, {gy}] names no system of this design: give [section, system] \
                         indices (the design has {} sections)",
                        sections.len()
                    ),
                ),
            }
        }
    }
    let points = systems
        .iter()
        .filter(|x| {
            matches!(x.kind, SystemKind::Shield(sh) if matches!(
                sh.coverage,
                ShieldCoverage::PointStationary(_) | ShieldCoverage::PointRoaming(_)
            ))
        })
        .count();
    if points > MAX_POINT {
        is.push(
            d,
            ds.name.span(),
            format!("{at}.section"),
            format!("{points} point-defense shields; a design has at most {MAX_POINT}"),
        );
    }
}
