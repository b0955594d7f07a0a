//! `[[guided]]`: guided-weapon designs from Appendix 1 parts (size, guidance, payload,
//! propulsion) and the Missile Racks' loads.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::Catalogue;
use super::super::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use super::Doc;
use super::issues::{Issues, register, unknown};

/// `[[guided]]`: a guided-weapon design from Appendix 1 parts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuidedSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// `light` or `heavy`.
    pub size: GwSize,
    /// Guidance package.
    pub guidance: Guidance,
    /// Payload.
    pub payload: Spanned<Payload>,
    /// Propulsion segment.
    pub propulsion: Propulsion,
    /// A heavy Missile Rack's load: the light guided weapon it carries (four of them).
    #[serde(default)]
    pub load: Option<Spanned<String>>,
}

/// One `[[guided]]` entry (`k`-th of document `d`): its payload must be modelled; registered
/// under its name.
pub(super) fn guided(
    d: usize,
    k: usize,
    gs: &GuidedSpec,
    index: &mut HashMap<String, usize>,
    cat: &mut Catalogue,
    is: &mut Issues,
) {
    let payload = *gs.payload.get_ref();
    if !payload.modelled() {
        is.push(
            d,
            gs.payload.span(),
            format!("guided[{k}] ({}).payload", gs.name.get_ref()),
            format!(
                "payload `{}` is not modelled yet; modelled: {} (see docs/status.md)",
                payload.name(),
                Payload::MODELLED
            ),
        );
    }
    if register(
        index,
        &gs.name,
        cat.guided.len(),
        d,
        format!("guided[{k}].name"),
        "guided weapon",
        is,
    ) {
        cat.guided.push(GuidedDesign {
            name: gs.name.get_ref().clone(),
            size: gs.size,
            guidance: gs.guidance,
            payload,
            propulsion: gs.propulsion,
            load: None,
        });
    }
}

/// Missile Racks' loads (Appendix 1 "Missile Rack"): a heavy rack names the light guided
/// weapon it carries (`load`, four of them; one that attacks, not itself a rack); a light rack
/// carries six mini-missiles, added to the catalogue as one entry per rack.
pub(super) fn missile_racks(
    docs: &[Doc],
    index: &HashMap<String, usize>,
    cat: &mut Catalogue,
    is: &mut Issues,
) {
    for (d, doc) in docs.iter().enumerate() {
        for (k, g) in doc.guided.iter().enumerate() {
            let gs = g.get_ref();
            let Some(&gi) = index.get(gs.name.get_ref()) else {
                continue;
            };
            if cat.guided[gi].name != *gs.name.get_ref() || cat.guided[gi].load.is_some() {
                continue;
            }
            let at = format!("guided[{k}] ({}).load", gs.name.get_ref());
            let rack = *gs.payload.get_ref() == Payload::MissileRack;
            match (&gs.load, rack, gs.size) {
                (None, true, GwSize::Light) => {
                    cat.guided[gi].load = Some(cat.guided.len());
                    let mini = super::super::parts::mini_missile(gs.name.get_ref());
                    cat.guided.push(mini);
                }
                (None, true, GwSize::Heavy) => is.push(
                    d,
                    g.span(),
                    at,
                    "a heavy missile rack holds four light guided weapons: name them with `load = \"<light guided weapon>\"`",
                ),
                (Some(l), true, GwSize::Heavy) => match index.get(l.get_ref()) {
                    Some(&li)
                        if cat.guided[li].size == GwSize::Light
                            && super::super::payloads::attack(cat.guided[li].payload).is_some() =>
                    {
                        cat.guided[gi].load = Some(li);
                    }
                    Some(_) => is.push(
                        d,
                        l.span(),
                        at,
                        format!(
                            "`{}` cannot be a heavy rack's load: it must be a light guided weapon whose payload attacks (not a rack, decoy, deflector or relay)",
                            l.get_ref()
                        ),
                    ),
                    None => is.push(
                        d,
                        l.span(),
                        at,
                        unknown("guided weapon", "[[guided]]", l.get_ref(), index),
                    ),
                },
                (Some(l), _, _) => is.push(
                    d,
                    l.span(),
                    at,
                    if rack {
                        "a light missile rack holds six mini-missiles; `load` is for heavy racks"
                            .to_string()
                    } else {
                        "`load` is only for heavy missile racks".to_string()
                    },
                ),
                (None, false, _) => {}
            }
        }
    }
}
