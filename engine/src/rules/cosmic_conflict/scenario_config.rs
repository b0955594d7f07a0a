//! Config shapes and validation for a scenario's terrain map (`[[scenario.terrain]]`) and
//! victory rules (`[scenario.victory]`), how a game is scored (`scenario.scoring`) and how
//! fleets deploy (`scenario.deployment`, `scenario.placement`). See `docs/configs.md`.

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::Vec2;
use crate::rule_system::did_you_mean;

use super::config::{Issues, ScenarioSpec};
use super::deployment::{Deployment, Placement};
use super::terrain::{Attributes, MAX_ZONES, TerrainPiece, Zone};
use super::terrain_library::{self, AttributeWord};
use super::victory::{Axis, Measure, Objective, VictoryCondition, VictoryRules};

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

/// `[scenario.victory]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySpec {
    /// Victory conditions to pick from (default: all four).
    #[serde(default)]
    pub conditions: Option<Spanned<Vec<String>>>,
    /// How many count, drawn at random after each game when fewer than listed (default 2, the
    /// text's; at most the number listed).
    #[serde(default)]
    pub pick: Option<Spanned<i64>>,
    /// `scanning-raid` or `objective-line`.
    #[serde(default)]
    pub objective: Option<Spanned<String>>,
    /// Area control strips 1..=6 (default: a d6 per game).
    #[serde(default)]
    pub strips: Option<Spanned<i64>>,
    /// Area control axis `x` or `y` (default: a d6 per game).
    #[serde(default)]
    pub axis: Option<Spanned<String>>,
    /// `size` or `points` for ships-remaining and destroyed-fled (default: a d6 each).
    #[serde(default)]
    pub measure: Option<Spanned<String>>,
    /// Objective-line objectives (default: one per 500 points of the larger fleet, at least 1).
    #[serde(default)]
    pub objectives: Option<Spanned<i64>>,
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

fn choice<T: Copy>(
    doc: usize,
    v: &Option<Spanned<String>>,
    field: &str,
    options: &[(&str, T)],
    issues: &mut Issues,
) -> Option<T> {
    let v = v.as_ref()?;
    match options.iter().find(|(n, _)| *n == v.get_ref()) {
        Some((_, t)) => Some(*t),
        None => {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            issues.push(
                doc,
                v.span(),
                field,
                format!(
                    "unknown value `{}`; allowed: {}",
                    v.get_ref(),
                    names.join(", ")
                ),
            );
            None
        }
    }
}

/// Validate `[scenario.victory]`. `objectives` stays 0 ("one per 500 points") unless given;
/// each matchup fills it in from its fleets' points.
pub(super) fn victory(doc: usize, spec: &VictorySpec, issues: &mut Issues) -> VictoryRules {
    let mut pool = Vec::new();
    match &spec.conditions {
        None => pool.extend(VictoryCondition::ALL),
        Some(list) => {
            for name in list.get_ref() {
                match VictoryCondition::ALL.iter().find(|c| c.name() == name) {
                    Some(c) if pool.contains(c) => issues.push(
                        doc,
                        list.span(),
                        "scenario.victory.conditions",
                        format!("`{name}` is listed twice"),
                    ),
                    Some(c) => pool.push(*c),
                    None => {
                        let names: Vec<&str> =
                            VictoryCondition::ALL.iter().map(|c| c.name()).collect();
                        issues.push(
                            doc,
                            list.span(),
                            "scenario.victory.conditions",
                            format!(
                                "unknown victory condition `{name}`{}; allowed: {}",
                                did_you_mean(name, &names),
                                names.join(", ")
                            ),
                        );
                    }
                }
            }
        }
    }
    let pick = match &spec.pick {
        Some(p) => issues
            .int(doc, p, "scenario.victory.pick", 0, pool.len() as i64)
            .map_or(pool.len().min(2) as u8, |n| n as u8),
        None => pool.len().min(2) as u8,
    };
    let objective = choice(
        doc,
        &spec.objective,
        "scenario.victory.objective",
        &[
            ("scanning-raid", Objective::ScanningRaid),
            ("objective-line", Objective::ObjectiveLine),
        ],
        issues,
    );
    let strips = spec
        .strips
        .as_ref()
        .and_then(|s| issues.int(doc, s, "scenario.victory.strips", 1, 6))
        .map(|s| s as u8);
    let axis = choice(
        doc,
        &spec.axis,
        "scenario.victory.axis",
        &[("x", Axis::X), ("y", Axis::Y)],
        issues,
    );
    let measure = choice(
        doc,
        &spec.measure,
        "scenario.victory.measure",
        &[("size", Measure::Size), ("points", Measure::Points)],
        issues,
    );
    let objectives = spec
        .objectives
        .as_ref()
        .and_then(|s| issues.int(doc, s, "scenario.victory.objectives", 1, 20))
        .unwrap_or(0) as u8;
    if pick == 0 && objective.is_none() {
        let span = spec
            .pick
            .as_ref()
            .map(|p| p.span())
            .or(spec.conditions.as_ref().map(|c| c.span()))
            .unwrap_or(0..0);
        issues.push(
            doc,
            span,
            "scenario.victory",
            "nothing decides the game: pick at least one condition or give an `objective`",
        );
    }
    VictoryRules {
        pool,
        pick,
        objective,
        strips,
        axis,
        measure,
        objectives,
    }
}

/// Objective-line objectives for fleets of these points: one per 500 points of the larger
/// force, at least one (the text counts "each 500 points of a player's force size").
pub fn objectives_for(points: [u32; 2]) -> u8 {
    (points[0].max(points[1]) / 500).clamp(1, 20) as u8
}

/// How a game is decided (`scenario.scoring`): `victory-conditions` (default) — the text's
/// "standard" game (ch. 9): the scenario objective, if any, plus two of the four victory
/// conditions drawn after the game, a tie a draw; `[scenario.victory]` tunes it (defaults:
/// all four conditions, pick 2, no objective). `points-destroyed` — the house measure (more
/// enemy points destroyed wins, `draw_margin`); it takes no `[scenario.victory]`.
pub(super) fn scoring(
    doc: usize,
    spec: &ScenarioSpec,
    issues: &mut Issues,
) -> Option<VictoryRules> {
    let points = choice(
        doc,
        &spec.scoring,
        "scenario.scoring",
        &[("victory-conditions", false), ("points-destroyed", true)],
        issues,
    )
    .unwrap_or(false);
    match (&spec.victory, points) {
        (Some(v), true) => {
            issues.push(
                doc,
                v.span(),
                "scenario.victory",
                "`scoring = \"points-destroyed\"` takes no victory conditions: remove \
                 `[scenario.victory]` or use `scoring = \"victory-conditions\"`",
            );
            None
        }
        (None, true) => None,
        (Some(v), false) => Some(victory(doc, v.get_ref(), issues)),
        (None, false) => Some(victory(doc, &VictorySpec::default(), issues)),
    }
}

/// How fleets deploy (`scenario.deployment`, `scenario.placement`; see [`Deployment`]).
pub(super) fn deployment(doc: usize, spec: &ScenarioSpec, issues: &mut Issues) -> Deployment {
    let placement = choice(
        doc,
        &spec.placement,
        "scenario.placement",
        &[
            (Placement::NAMES[0], Placement::CentreOut),
            (Placement::NAMES[1], Placement::Spread),
        ],
        issues,
    );
    let alternating = choice(
        doc,
        &spec.deployment,
        "scenario.deployment",
        &[(Deployment::NAMES[0], true), (Deployment::NAMES[1], false)],
        issues,
    )
    .unwrap_or(true);
    if alternating {
        Deployment::Alternating(placement.unwrap_or(Placement::CentreOut))
    } else {
        if let Some(p) = &spec.placement {
            issues.push(
                doc,
                p.span(),
                "scenario.placement",
                "`deployment = \"edge-line\"` has fixed starts: remove `placement` or use \
                 `deployment = \"alternating\"`",
            );
        }
        Deployment::EdgeLine
    }
}
