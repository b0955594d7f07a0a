//! A `[[design]]` system `kind = "shield"` (§11.2, §16.4.2): coverage, technology, Ratings,
//! enhancements, and the two figures of the lost sheet SSB5 as design data (`power`, `cp`).

use serde_spanned::Spanned;

use super::super::construction::placement::shield_power;
use super::super::design::{SectionPos, ShieldCoverage, ShieldDesign, Tech};
use super::designs::{SystemSpec, int};
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
/// rounded up, §16.4.2.2). Refused: a shield in a core section (§16.4.2), point defense
/// (§11.2.5, not played yet), no Rating, a layered buffering shield (how layered buffers would
/// share a loss is unstated).
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
    let coverage = match &y.coverage {
        Some(c) if c.get_ref().starts_with("point") => {
            is.push(
                d,
                c.span(),
                format!("{at}.coverage"),
                "point-defense shields (§11.2.5) are not played by the battle yet; allowed: arc, \
                 encapsulating",
            );
            None
        }
        Some(_) => is.choice(d, &y.coverage, &format!("{at}.coverage"), &COVERAGES),
        None => {
            is.push(
                d,
                sys.span(),
                format!("{at}.coverage"),
                "a shield gives its coverage: arc or encapsulating (§11.2.4, §11.2.6)",
            );
            None
        }
    };
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
