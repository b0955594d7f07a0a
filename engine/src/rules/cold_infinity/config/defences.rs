//! §11.5 specialized defences in a design (§16.4.7.2–4), one system each:
//! * `kind = "amrs"`: an anti-missile rocket system, `rof = "1+0" | "2+0" | "4+0"` (default
//!   1+0) and an `arc` (§11.5.1: the launch hex and the target both in it);
//! * `kind = "chaff"`: `rating = 1..=4`, the DRM penalty (§11.5.2; default 1);
//! * `kind = "flares"`: `rating = 2 | 4 | 6` (§11.5.3; default 2).
//!
//! Each has 1 point of structure and 20 salvos or loads; its CP is stated (§16.4.7:
//! `construction::systems::{amrs, chaff, flares}`), so no `cp` is given.

use serde_spanned::Spanned;

use super::super::arcs::FiringArc;
use super::super::construction::sheet::Item;
use super::super::guided::defences::{DefenceKind, DefenceMount};
use super::designs::SystemSpec;
use super::issues::Issues;
use super::notation;

/// The system kinds this file reads.
pub(super) const KINDS: [&str; 3] = ["amrs", "chaff", "flares"];

/// A defence system of `kind` (one of [`KINDS`]) at SDS index `index`, checked and pushed onto
/// `defences`; `None` (reported) when it is wrong. `arc` is the AMRS's (checked by the caller).
#[allow(clippy::too_many_arguments)]
pub(super) fn defence(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    kind: &str,
    arc: Option<FiringArc>,
    is: &mut Issues,
    index: usize,
    defences: &mut Vec<DefenceMount>,
) -> Option<()> {
    let y = sys.get_ref();
    let before = is.len();
    if *y.structure.get_ref() != 1 {
        is.push(
            d,
            y.structure.span(),
            format!("{at}.structure"),
            format!("`{kind}` has 1 point of structure (§16.4.7.2–4)"),
        );
    }
    if let Some(v) = &y.cp {
        is.push(
            d,
            v.span(),
            format!("{at}.cp"),
            format!("`{kind}`'s CP is stated (§16.4.7.2–4) and computed: remove `cp`"),
        );
    }
    let kind = match kind {
        "amrs" => {
            if y.rating.is_some() {
                is.push(
                    d,
                    sys.span(),
                    format!("{at}.rating"),
                    "an AMRS has a rate of fire, not a rating: rof = \"1+0\", \"2+0\" or \"4+0\"",
                );
            }
            let rof = amrs_rof(y);
            if rof.is_none() {
                let span = y.rof.as_ref().map_or(sys.span(), |v| v.span());
                is.push(
                    d,
                    span,
                    format!("{at}.rof"),
                    "an AMRS fires 1+0, 2+0 or 4+0 salvos a turn (§16.4.7.2)",
                );
            }
            DefenceKind::Amrs {
                rof: rof?,
                arc: arc?,
            }
        }
        "chaff" => DefenceKind::Chaff(rating(
            d,
            sys,
            at,
            is,
            1,
            &[1, 2, 3, 4],
            "1..=4 (§16.4.7.3)",
        )?),
        _ => DefenceKind::Flares(rating(
            d,
            sys,
            at,
            is,
            2,
            &[2, 4, 6],
            "2, 4 or 6 (§16.4.7.4)",
        )?),
    };
    if is.len() != before {
        return None;
    }
    defences.push(DefenceMount {
        sys: index as u16,
        kind,
    });
    Some(())
}

/// An AMRS's salvos a turn from `rof` (default 1+0): 1, 2 or 4, no arming turns.
fn amrs_rof(y: &SystemSpec) -> Option<u8> {
    let Some(v) = &y.rof else {
        return Some(1);
    };
    match notation::rate_of_fire(v.get_ref()) {
        Ok(r) if r.arming == 0 && r.cooldown == 0 && matches!(r.shots, 1 | 2 | 4) => Some(r.shots),
        _ => None,
    }
}

/// A chaff or flare system's Rating (default `dflt`), one of `allowed`.
fn rating(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
    dflt: u8,
    allowed: &[u8],
    words: &str,
) -> Option<u8> {
    let y = sys.get_ref();
    if y.rof.is_some() {
        is.push(
            d,
            sys.span(),
            format!("{at}.rof"),
            "chaff and flares have a rating (the DRM penalty), not a rate of fire",
        );
    }
    let Some(v) = &y.rating else {
        return Some(dflt);
    };
    let r = *v.get_ref();
    match u8::try_from(r) {
        Ok(r) if allowed.contains(&r) => Some(r),
        _ => {
            is.push(
                d,
                v.span(),
                format!("{at}.rating"),
                format!("the rating is {words}, not {r}"),
            );
            None
        }
    }
}

/// The costed item of a defence system (its stated CP, §16.4.7.2–4), `None` for any other kind
/// or a bad Rating (reported by [`defence`]).
pub(super) fn defence_item(kind: &str, y: &SystemSpec) -> Option<Item> {
    let rating = |dflt: u8| {
        y.rating
            .as_ref()
            .map_or(Some(dflt), |v| u8::try_from(*v.get_ref()).ok())
    };
    match kind {
        "amrs" => Some(Item::Amrs(amrs_rof(y)?)),
        "chaff" => Some(Item::Chaff(rating(1)?)),
        "flares" => Some(Item::Flares(rating(2)?)),
        _ => None,
    }
}
