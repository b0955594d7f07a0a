//! `[[scenario.terrain]]`: the terrain map (ch. 8), pieces from the library or built from
//! attribute words, checked into the rules' terrain pieces. See `docs/configs.md`.

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::Vec2;
use crate::rule_system::did_you_mean;

use super::super::terrain::{Attributes, MAX_ZONES, TerrainPiece, Zone};
use super::super::terrain_library::{self, AttributeWord};
use super::issues::Issues;

/// `[[scenario.terrain]]`: one piece, from the library (`piece`) or built from attribute
/// words (`attributes` for one disc, or `zones` for a core and a band).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainSpec {
    /// A library piece (`planet`, `asteroid-field`, ...).
    #[serde(default)]
    pub piece: Option<Spanned<String>>,
    /// Label in traces (default: the library name or `terrain N`).
    #[serde(default)]
    pub name: Option<String>,
    /// Centre x.
    pub x: Spanned<f64>,
    /// Centre y.
    pub y: Spanned<f64>,
    /// Radius (library pieces: scales every zone; default the library's).
    #[serde(default)]
    pub radius: Option<Spanned<f64>>,
    /// Attribute words of a single-disc piece.
    #[serde(default)]
    pub attributes: Option<Spanned<Vec<String>>>,
    /// Zones of a custom piece.
    #[serde(default)]
    pub zones: Option<Spanned<Vec<ZoneSpec>>>,
    /// Direction of a Mobile piece's track, degrees (default 90: across the table).
    #[serde(default)]
    pub heading: Option<Spanned<f64>>,
    /// Override Mobile (X) (0 keeps a library piece still).
    #[serde(default)]
    pub mobile: Option<Spanned<f64>>,
}

/// One zone of a custom piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneSpec {
    /// Inner radius (default 0: a disc).
    #[serde(default)]
    pub inner: f64,
    /// Outer radius.
    pub radius: f64,
    /// Attribute words.
    pub attributes: Vec<String>,
}

fn words(
    doc: usize,
    at: &str,
    list: &[String],
    span: std::ops::Range<usize>,
    issues: &mut Issues,
) -> (Attributes, u8) {
    let mut attrs = Attributes::default();
    let mut mobile = 0;
    for w in list {
        match terrain_library::parse_attribute(w) {
            Ok(AttributeWord::Zone(a)) => attrs = terrain_library::merge(attrs, a),
            Ok(AttributeWord::Mobile(x)) => mobile = x,
            Err(e) => issues.push(doc, span.clone(), at, e),
        }
    }
    (attrs, mobile)
}

fn radius_ok(r: f64) -> bool {
    r.is_finite() && r > 0.0 && r <= 1000.0
}

/// Validate the terrain map. Returns the pieces and their trace names.
pub(super) fn terrain(
    doc: usize,
    specs: &[Spanned<TerrainSpec>],
    issues: &mut Issues,
) -> (Vec<TerrainPiece>, Vec<String>) {
    let mut pieces = Vec::new();
    let mut names = Vec::new();
    for (k, spec) in specs.iter().enumerate() {
        let at = format!("scenario.terrain[{k}]");
        let t = spec.get_ref();
        let given = [t.piece.is_some(), t.attributes.is_some(), t.zones.is_some()];
        if given.iter().filter(|g| **g).count() != 1 {
            issues.push(
                doc,
                spec.span(),
                at.clone(),
                "give exactly one of `piece` (a library name), `attributes` (one disc) or `zones` (a core and bands)",
            );
            continue;
        }
        let (x, y) = (*t.x.get_ref(), *t.y.get_ref());
        if !(x.is_finite() && y.is_finite() && x.abs() <= 10_000.0 && y.abs() <= 10_000.0) {
            issues.push(
                doc,
                t.x.span(),
                format!("{at}.x"),
                "x and y must be finite numbers within ±10000",
            );
            continue;
        }
        let radius = match &t.radius {
            Some(r) if !radius_ok(*r.get_ref()) => {
                issues.push(
                    doc,
                    r.span(),
                    format!("{at}.radius"),
                    format!(
                        "{} is out of range: allowed more than 0 and at most 1000",
                        r.get_ref()
                    ),
                );
                continue;
            }
            Some(r) => Some(*r.get_ref()),
            None => None,
        };
        let mut piece = TerrainPiece {
            centre: Vec2::new(x, y),
            ..TerrainPiece::default()
        };
        let label;
        if let Some(name) = &t.piece {
            let Some(p) = terrain_library::preset(name.get_ref()) else {
                let known = terrain_library::names();
                issues.push(
                    doc,
                    name.span(),
                    format!("{at}.piece"),
                    format!(
                        "no terrain piece named `{}`{}; the library has: {}",
                        name.get_ref(),
                        did_you_mean(name.get_ref(), &known),
                        known.join(", ")
                    ),
                );
                continue;
            };
            (piece.zones, piece.n_zones) = p.zones_at(radius.unwrap_or(p.radius));
            piece.mobile = f64::from(p.mobile);
            label = p.name.to_string();
        } else if let Some(a) = &t.attributes {
            let (attrs, mobile) = words(
                doc,
                &format!("{at}.attributes"),
                a.get_ref(),
                a.span(),
                issues,
            );
            let Some(r) = radius else {
                issues.push(
                    doc,
                    spec.span(),
                    format!("{at}.radius"),
                    "a piece built from `attributes` needs a `radius`",
                );
                continue;
            };
            piece.zones[0] = Zone {
                inner: 0.0,
                outer: r,
                attrs,
            };
            piece.n_zones = 1;
            piece.mobile = f64::from(mobile);
            label = format!("terrain {}", k + 1);
        } else if let Some(zs) = &t.zones {
            let list = zs.get_ref();
            if list.is_empty() || list.len() > MAX_ZONES || radius.is_some() {
                issues.push(
                    doc,
                    zs.span(),
                    format!("{at}.zones"),
                    format!("give 1..={MAX_ZONES} zones, each with its own `radius` (and no piece `radius`)"),
                );
                continue;
            }
            for (n, z) in list.iter().enumerate() {
                let zat = format!("{at}.zones[{n}]");
                if !(radius_ok(z.radius) && z.inner >= 0.0 && z.inner < z.radius) {
                    issues.push(
                        doc,
                        zs.span(),
                        zat.clone(),
                        format!(
                            "inner {} and radius {}: need 0 <= inner < radius <= 1000",
                            z.inner, z.radius
                        ),
                    );
                }
                let (attrs, mobile) = words(
                    doc,
                    &format!("{zat}.attributes"),
                    &z.attributes,
                    zs.span(),
                    issues,
                );
                piece.zones[n] = Zone {
                    inner: z.inner,
                    outer: z.radius,
                    attrs,
                };
                piece.mobile = piece.mobile.max(f64::from(mobile));
            }
            piece.n_zones = list.len() as u8;
            label = format!("terrain {}", k + 1);
        } else {
            unreachable!("exactly one way of giving the piece was checked above");
        }
        if let Some(m) = &t.mobile {
            let v = *m.get_ref();
            if !(v.is_finite() && (0.0..=100.0).contains(&v)) {
                issues.push(
                    doc,
                    m.span(),
                    format!("{at}.mobile"),
                    format!("{v} is out of range: allowed 0..=100"),
                );
            } else {
                piece.mobile = v;
            }
        }
        let heading = match &t.heading {
            Some(h) if !h.get_ref().is_finite() => {
                issues.push(
                    doc,
                    h.span(),
                    format!("{at}.heading"),
                    "give the track's direction in degrees as a finite number",
                );
                90.0
            }
            Some(h) => *h.get_ref(),
            None => 90.0,
        };
        piece.track = Vec2::from_bearing(heading);
        names.push(t.name.clone().unwrap_or(label));
        pieces.push(piece);
    }
    (pieces, names)
}
