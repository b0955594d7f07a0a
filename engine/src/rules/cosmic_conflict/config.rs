//! Cosmic Conflict config documents (TOML shapes) and their validation into matchups.
//! Parsing text is the simulator's job; this module only checks meaning, and reports every
//! problem with its document, span and field path.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::{Board, Vec2};
use crate::outcome::Side;
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, did_you_mean};

use super::deployment::{self, Deployment};
use super::design::{
    Arcs, ComponentKind, ComponentMount, MAX_COMPONENTS, MAX_SIZE, MAX_WEAPONS, ShipDesign, Slot,
    Variant, WeaponMount, WeaponType,
};
use super::faction::Faction;
use super::fighter_config::{self, FighterDesignSpec, FleetFighter, FleetFighterSpec};
use super::fighters::{self, FighterTable, NO_CARRIER};
use super::formation_config::{self, EscortSpec, FleetGroups, FormationSpec};
use super::house_rules::{HouseRules, MghChart};
use super::matchup::{GameLength, Matchup, Scenario};
use super::orders::Order;
use super::points;
use super::policy::{Approach, Contribute, FighterTactics, OrderStyle, Passing, Policy, Targeting};
use super::scenario_config::{self, TerrainSpec, VictorySpec};
use super::ship::{MAX_TRACKS, ShipState};

/// Ships per matchup (activation bookkeeping uses 64-bit masks).
pub const MAX_SHIPS: usize = 64;

/// One Cosmic Conflict config file. Every file of an experiment has this shape; tables may
/// live in any of them (designs in one file, fleets in another, ...).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"cosmic-conflict"` (checked by the simulator).
    #[serde(default)]
    pub rule_system: Option<String>,
    /// Other files to read, relative to this one.
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    /// Name, seed, battles.
    #[serde(default)]
    pub experiment: Option<ExperimentSpec>,
    /// House-rule overrides.
    #[serde(default)]
    pub house_rules: Option<Spanned<HouseRules>>,
    /// The scenario.
    #[serde(default)]
    pub scenario: Option<Spanned<ScenarioSpec>>,
    /// Ship designs (SICs).
    #[serde(default)]
    pub design: Vec<Spanned<DesignSpec>>,
    /// Fighter designs (ch. 6c).
    #[serde(default)]
    pub fighter: Vec<Spanned<FighterDesignSpec>>,
    /// Fleets.
    #[serde(default)]
    pub fleet: Vec<Spanned<FleetSpec>>,
    /// Matchups to play.
    #[serde(default)]
    pub matchup: Vec<Spanned<MatchupSpec>>,
}

/// `[[design]]`: one SIC.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Size 1–6.
    pub size: Spanned<i64>,
    /// Boxes per health row (default 10, G9).
    #[serde(default)]
    pub row_length: Option<Spanned<i64>>,
    /// This design's Miss/Glance/Hit chart (default: the house rule `chart`).
    #[serde(default)]
    pub chart: Option<Spanned<MghChart>>,
    /// Weapons.
    #[serde(default)]
    pub weapons: Vec<Spanned<WeaponSpec>>,
    /// Components.
    #[serde(default)]
    pub components: Vec<Spanned<ComponentSpec>>,
}

/// Weapon type names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum WeaponTypeName {
    Kinetic,
    Beam,
    Rockets,
    Missiles,
}

/// Slot names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum SlotName {
    Primary,
    Secondary,
}

/// Arc names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum ArcName {
    Fore,
    Aft,
    Port,
    Starboard,
    All,
}

/// Component names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum ComponentName {
    Armor,
    Shield,
    DefenseSuite,
    NavSuite,
    Aws,
    Pws,
    ManeuverEnhance,
    HeadingEnhance,
    AdvancedSensors,
    FighterLaunchHangar,
    FighterHangar,
}

/// A weapon entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Weapon type.
    #[serde(rename = "type")]
    pub kind: WeaponTypeName,
    /// Slot (default primary).
    #[serde(default)]
    pub slot: Option<SlotName>,
    /// `none`, `oversized`, `structurally-mounted`, `linked-1` .. `linked-3`.
    #[serde(default)]
    pub variant: Option<Spanned<String>>,
    /// Firing arcs.
    pub arcs: Spanned<Vec<ArcName>>,
    /// How many identical mounts (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

/// A component entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentSpec {
    /// Kind.
    pub kind: ComponentName,
    /// Slot (default: the kind's usual slot).
    #[serde(default)]
    pub slot: Option<SlotName>,
    /// How many identical components (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

/// `[[fleet]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Design names, one per ship.
    pub ships: Vec<Spanned<String>>,
    /// Optional faction rule (ch. 9b): `mercenary` or `beam-specialists`.
    #[serde(default)]
    pub faction: Option<Spanned<String>>,
    /// `[[fleet.formation]]`: Formations (ch. 9g).
    #[serde(default)]
    pub formation: Vec<Spanned<FormationSpec>>,
    /// `[[fleet.escort]]`: Escort relationships (ch. 9g).
    #[serde(default)]
    pub escort: Vec<Spanned<EscortSpec>>,
    /// Fighters and their carriers (ch. 6c).
    #[serde(default)]
    pub fighters: Vec<Spanned<FleetFighterSpec>>,
}

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset name (default `brawler`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: preferred distance for the policy's approach.
    #[serde(default)]
    pub range: Option<Spanned<f64>>,
    /// Override: `best-odds`, `weakest`, `most-dangerous`, `nearest`.
    #[serde(default)]
    pub targeting: Option<Spanned<String>>,
    /// Override: pass in the Size steps while the enemy has ships of that Size waiting.
    #[serde(default)]
    pub pass_when_enemy_waiting: Option<bool>,
    /// Override: steer around Dangerous and Hazardous terrain (default true).
    #[serde(default)]
    pub avoid_terrain: Option<bool>,
    /// Override: Order style (`none`, `aggressive`, `cautious`, `tokens`, `tactician`) or one
    /// Order's name to give whenever allowed.
    #[serde(default)]
    pub orders: Option<Spanned<String>>,
    /// Override: whether unrevealed Orders may be discarded for Commands.
    #[serde(default)]
    pub discard_orders: Option<bool>,
    /// Override: least expected gain (boxes) to spend a Command on a reroll.
    #[serde(default)]
    pub reroll_gain: Option<Spanned<f64>>,
    /// Override: least boxes a Dodge must save.
    #[serde(default)]
    pub dodge_saves: Option<Spanned<i64>>,
    /// Override: move Hits inside a Defensive Formation / onto Escorts (default true).
    #[serde(default)]
    pub redirect_hits: Option<bool>,
    /// Override: Offensive Formation contributions, `spare` (default), `all` or `none`.
    #[serde(default)]
    pub contribute: Option<Spanned<String>>,
    /// Override: where fighters fly, `cautious` (default) or `direct`.
    #[serde(default)]
    pub fighter_tactics: Option<Spanned<String>>,
    /// Override: cautious fighters' weight on damage taken (default 1).
    #[serde(default)]
    pub fighter_caution: Option<Spanned<f64>>,
}

/// `[[matchup]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSpec {
    /// Side A.
    pub a: Spanned<SideSpec>,
    /// Side B.
    pub b: Spanned<SideSpec>,
}

/// `[scenario]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Table size (default 54 × 30).
    #[serde(default)]
    pub board: Option<Spanned<Board>>,
    /// Fixed number of turns; overrides the recommended game length.
    #[serde(default)]
    pub turns: Option<Spanned<i64>>,
    /// Turns always played before the game-end roll (default 5).
    #[serde(default)]
    pub min_turns: Option<Spanned<i64>>,
    /// Lowest d6 that ends the game after `min_turns` (default 4).
    #[serde(default)]
    pub ends_on: Option<Spanned<i64>>,
    /// Hard cap on turns (default 30).
    #[serde(default)]
    pub turn_cap: Option<Spanned<i64>>,
    /// Points-destroyed difference counted as a draw at the turn limit (default 0).
    #[serde(default)]
    pub draw_margin: Option<Spanned<i64>>,
    /// Deployment zone depth from each side's edge (default 8).
    #[serde(default)]
    pub deployment_depth: Option<Spanned<f64>>,
    /// `alternating` (the text's deployment, default) or `edge-line` (the old fixed starts).
    #[serde(default)]
    pub deployment: Option<Spanned<String>>,
    /// Where alternating deployment places ships: `centre-out` (default) or `spread`.
    #[serde(default)]
    pub placement: Option<Spanned<String>>,
    /// How a game left standing is decided: `victory-conditions` (the text's, default) or
    /// `points-destroyed` (the house measure).
    #[serde(default)]
    pub scoring: Option<Spanned<String>>,
    /// Fixed starting positions.
    #[serde(default)]
    pub start: Vec<Spanned<StartSpec>>,
    /// The terrain map (ch. 8).
    #[serde(default)]
    pub terrain: Vec<Spanned<TerrainSpec>>,
    /// Victory conditions and objective (ch. 9).
    #[serde(default)]
    pub victory: Option<Spanned<VictorySpec>>,
}

/// A fixed start for one ship.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartSpec {
    /// `"A"` or `"B"`.
    pub side: Spanned<String>,
    /// Index of the ship in its fleet (0-based).
    pub ship: Spanned<i64>,
    /// Position x.
    pub x: f64,
    /// Position y.
    pub y: f64,
    /// Heading in degrees (default: facing the other side).
    #[serde(default)]
    pub heading: Option<f64>,
    /// Starting Velocity (default floor(vmax / 2)).
    #[serde(default)]
    pub velocity: Option<Spanned<i64>>,
}

/// Collects issues with document and span.
pub(super) struct Issues {
    list: Vec<ConfigIssue>,
}

impl Issues {
    /// Issues so far.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    pub(super) fn push(
        &mut self,
        doc: usize,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.list
            .push(ConfigIssue::new(doc, Some(span), field, message));
    }

    /// Check an integer range; returns the value if valid.
    pub(super) fn int(
        &mut self,
        doc: usize,
        v: &Spanned<i64>,
        field: &str,
        lo: i64,
        hi: i64,
    ) -> Option<i64> {
        let x = *v.get_ref();
        if (lo..=hi).contains(&x) {
            Some(x)
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            None
        }
    }
}

pub(super) fn slot(s: Option<SlotName>) -> Option<Slot> {
    s.map(|s| match s {
        SlotName::Primary => Slot::Primary,
        SlotName::Secondary => Slot::Secondary,
    })
}

fn parse_variant(text: &str, linked_max: u8) -> Result<Variant, String> {
    let allowed =
        format!("allowed: none, oversized, structurally-mounted, linked-1 .. linked-{linked_max}");
    match text {
        "none" => Ok(Variant::None),
        "oversized" => Ok(Variant::Oversized),
        "structurally-mounted" => Ok(Variant::StructurallyMounted),
        _ => match text.strip_prefix("linked-").map(str::parse::<u8>) {
            Some(Ok(x)) if (1..=linked_max).contains(&x) => Ok(Variant::Linked(x)),
            _ => Err(format!("unknown variant `{text}`; {allowed}")),
        },
    }
}

fn design(
    doc: usize,
    at: &str,
    spec: &DesignSpec,
    rules: &HouseRules,
    issues: &mut Issues,
) -> Option<ShipDesign> {
    let before = issues.list.len();
    let size = issues.int(
        doc,
        &spec.size,
        &format!("{at}.size"),
        1,
        i64::from(MAX_SIZE),
    );
    let row_length = match &spec.row_length {
        Some(r) => issues.int(doc, r, &format!("{at}.row_length"), 1, 100),
        None => Some(10),
    };
    if let Some(c) = &spec.chart
        && c.get_ref().glance_max < c.get_ref().miss_max
    {
        issues.push(
            doc,
            c.span(),
            format!("{at}.chart"),
            format!(
                "glance_max ({}) must be at least miss_max ({})",
                c.get_ref().glance_max,
                c.get_ref().miss_max
            ),
        );
    }
    let mut weapons = Vec::new();
    for (k, w) in spec.weapons.iter().enumerate() {
        let wat = format!("{at}.weapons[{k}]");
        let ws = w.get_ref();
        let kind = match ws.kind {
            WeaponTypeName::Kinetic => WeaponType::Kinetic,
            WeaponTypeName::Beam => WeaponType::Beam,
            WeaponTypeName::Rockets => WeaponType::Rockets,
            WeaponTypeName::Missiles => WeaponType::Missiles,
        };
        let slot = slot(ws.slot).unwrap_or(Slot::Primary);
        let variant = match &ws.variant {
            None => Variant::None,
            Some(v) => match parse_variant(v.get_ref(), rules.linked_max) {
                Ok(v) => v,
                Err(e) => {
                    issues.push(doc, v.span(), format!("{wat}.variant"), e);
                    Variant::None
                }
            },
        };
        let vspan = ws.variant.as_ref().map_or(w.span(), |v| v.span());
        if variant != Variant::None && !kind.takes_variant() {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                format!("{} may not be a Variant (ch. 6)", kind.name()),
            );
        }
        if variant == Variant::Oversized && slot != Slot::Primary {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                "Oversized may only be applied to Primary weapons",
            );
        }
        if variant == Variant::StructurallyMounted && slot != Slot::Primary {
            issues.push(
                doc,
                vspan.clone(),
                format!("{wat}.variant"),
                "Structurally Mounted occupies two Primary slots: use slot = \"primary\"",
            );
        }
        let mut arcs = Arcs::default();
        for a in ws.arcs.get_ref() {
            arcs.0 |= match a {
                ArcName::Fore => Arcs::FORE.0,
                ArcName::Aft => Arcs::AFT.0,
                ArcName::Port => Arcs::PORT.0,
                ArcName::Starboard => Arcs::STARBOARD.0,
                ArcName::All => Arcs::ALL.0,
            };
        }
        if arcs.count() == 0 {
            issues.push(
                doc,
                ws.arcs.span(),
                format!("{wat}.arcs"),
                "a weapon needs at least one arc: fore, aft, port, starboard or all",
            );
        }
        if variant == Variant::StructurallyMounted && arcs.count() != 1 {
            issues.push(
                doc,
                ws.arcs.span(),
                format!("{wat}.arcs"),
                "Structurally Mounted allows exactly one firing arc",
            );
        }
        let count = match &ws.count {
            Some(c) => issues
                .int(doc, c, &format!("{wat}.count"), 1, MAX_WEAPONS as i64)
                .unwrap_or(1),
            None => 1,
        };
        for _ in 0..count {
            weapons.push(WeaponMount {
                kind,
                slot,
                variant,
                arcs,
            });
        }
    }
    if weapons.len() > MAX_WEAPONS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.weapons"),
            format!(
                "{} weapons; at most {MAX_WEAPONS} per design",
                weapons.len()
            ),
        );
    }
    let mut components = Vec::new();
    for (k, c) in spec.components.iter().enumerate() {
        let cat = format!("{at}.components[{k}]");
        let cs = c.get_ref();
        let kind = ComponentKind::ALL[cs.kind as usize];
        let chosen = slot(cs.slot);
        if let (Some(fixed), Some(given)) = (kind.fixed_slot(), chosen)
            && fixed != given
        {
            issues.push(
                doc,
                c.span(),
                format!("{cat}.slot"),
                format!(
                    "{} only exists as a {fixed:?} component: use slot = \"{}\" or leave `slot` out",
                    kind.name(),
                    match fixed {
                        Slot::Primary => "primary",
                        Slot::Secondary => "secondary",
                    }
                ),
            );
        }
        let count = match &cs.count {
            Some(n) => issues
                .int(doc, n, &format!("{cat}.count"), 1, MAX_COMPONENTS as i64)
                .unwrap_or(1),
            None => 1,
        };
        for _ in 0..count {
            components.push(ComponentMount {
                kind,
                slot: chosen.unwrap_or(kind.default_slot()),
            });
        }
    }
    if components.len() > MAX_COMPONENTS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!(
                "{} components; at most {MAX_COMPONENTS} per design",
                components.len()
            ),
        );
    }
    let tracks = components
        .iter()
        .filter(|c| matches!(c.kind, ComponentKind::Armor | ComponentKind::Shield))
        .count();
    if tracks > MAX_TRACKS {
        issues.push(
            doc,
            spec.name.span(),
            format!("{at}.components"),
            format!("{tracks} armor/shield tracks; at most {MAX_TRACKS}"),
        );
    }
    if issues.list.len() > before {
        return None;
    }
    Some(ShipDesign {
        name: spec.name.get_ref().clone(),
        size: size? as u8,
        row_length: row_length? as u8,
        chart: spec.chart.as_ref().map_or(rules.chart, |c| *c.get_ref()),
        weapons,
        components,
        fighter: None,
    })
}

fn policy(doc: usize, at: &str, side: &SideSpec, issues: &mut Issues) -> Option<Policy> {
    let name = side
        .policy
        .as_ref()
        .map_or("brawler", |p| p.get_ref().as_str());
    let Some(mut p) = Policy::preset(name) else {
        let span = side.policy.as_ref().map(|p| p.span()).unwrap_or(0..0);
        issues.push(
            doc,
            span,
            format!("{at}.policy"),
            format!(
                "unknown policy `{name}`; allowed: {}",
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(r) = &side.range {
        let v = *r.get_ref();
        if !(0.0..=1000.0).contains(&v) {
            issues.push(
                doc,
                r.span(),
                format!("{at}.range"),
                format!("{v} is out of range: allowed 0..=1000"),
            );
        }
        p.approach = match p.approach {
            Approach::Hold => Approach::Hold,
            Approach::Close { .. } => Approach::Close { range: Some(v) },
            Approach::Standoff { .. } => Approach::Standoff { range: Some(v) },
        };
    }
    if let Some(t) = &side.targeting {
        p.targeting = match t.get_ref().as_str() {
            "best-odds" => Targeting::BestOdds,
            "weakest" => Targeting::Weakest,
            "most-dangerous" => Targeting::MostDangerous,
            "nearest" => Targeting::Nearest,
            other => {
                issues.push(doc, t.span(), format!("{at}.targeting"), format!("unknown targeting `{other}`; allowed: best-odds, weakest, most-dangerous, nearest"));
                return None;
            }
        };
    }
    if let Some(avoid) = side.avoid_terrain {
        p.avoid_terrain = avoid;
    }
    if let Some(r) = side.redirect_hits {
        p.formation.redirect_hits = r;
    }
    if let Some(c) = &side.contribute {
        let Some(c) = Contribute::from_name(c.get_ref()) else {
            issues.push(
                doc,
                c.span(),
                format!("{at}.contribute"),
                format!(
                    "unknown contribute `{}`{}; allowed: {}",
                    c.get_ref(),
                    did_you_mean(c.get_ref(), &Contribute::NAMES),
                    Contribute::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.formation.contribute = c;
    }
    if let Some(t) = &side.fighter_tactics {
        let Some(t) = FighterTactics::from_name(t.get_ref()) else {
            issues.push(
                doc,
                t.span(),
                format!("{at}.fighter_tactics"),
                format!(
                    "unknown fighter_tactics `{}`{}; allowed: {}",
                    t.get_ref(),
                    did_you_mean(t.get_ref(), &FighterTactics::NAMES),
                    FighterTactics::NAMES.join(", ")
                ),
            );
            return None;
        };
        p.fighter_tactics = t;
    }
    if let Some(c) = &side.fighter_caution {
        let v = *c.get_ref();
        if !(0.0..=10.0).contains(&v) {
            issues.push(
                doc,
                c.span(),
                format!("{at}.fighter_caution"),
                format!("{v} is out of range: allowed 0..=10"),
            );
        }
        p.fighter_caution = v.clamp(0.0, 10.0) as f32;
    }
    if let Some(pass) = side.pass_when_enemy_waiting {
        p.passing = if pass {
            Passing::WhenEnemyWaiting
        } else {
            Passing::Never
        };
    }
    command_overrides(doc, at, side, &mut p, issues)?;
    Some(p)
}

/// The Command-layer overrides of a side's policy (`orders`, `discard_orders`, `reroll_gain`,
/// `dodge_saves`).
fn command_overrides(
    doc: usize,
    at: &str,
    side: &SideSpec,
    p: &mut Policy,
    issues: &mut Issues,
) -> Option<()> {
    let c = &mut p.command;
    if let Some(o) = &side.orders {
        let Some(style) = OrderStyle::from_name(o.get_ref()) else {
            let mut known: Vec<&str> = OrderStyle::NAMES.to_vec();
            known.extend(Order::ALL.iter().map(|o| o.name()));
            issues.push(
                doc,
                o.span(),
                format!("{at}.orders"),
                format!(
                    "unknown orders `{}`{}; allowed: {}",
                    o.get_ref(),
                    did_you_mean(o.get_ref(), &known),
                    known.join(", ")
                ),
            );
            return None;
        };
        c.orders = style;
    }
    if let Some(d) = side.discard_orders {
        c.discard_orders = d;
    }
    if let Some(g) = &side.reroll_gain {
        let v = *g.get_ref();
        if !(0.0..=100.0).contains(&v) {
            issues.push(
                doc,
                g.span(),
                format!("{at}.reroll_gain"),
                format!("{v} is out of range: allowed 0..=100"),
            );
        }
        c.reroll_gain = v as f32;
    }
    if let Some(d) = &side.dodge_saves {
        let v = *d.get_ref();
        if !(0..=100).contains(&v) {
            issues.push(
                doc,
                d.span(),
                format!("{at}.dodge_saves"),
                format!("{v} is out of range: allowed 0..=100"),
            );
        }
        c.dodge_saves = v.clamp(0, 100) as u32;
    }
    Some(())
}

/// Where a table came from: (doc, span).
type Origin = (usize, Range<usize>);

fn one_of<'a, T>(
    docs: &'a [Doc],
    pick: impl Fn(&'a Doc) -> Option<&'a Spanned<T>>,
    name: &str,
    issues: &mut Issues,
) -> Option<(usize, &'a Spanned<T>)> {
    let mut found: Option<(usize, &Spanned<T>)> = None;
    for (d, doc) in docs.iter().enumerate() {
        if let Some(t) = pick(doc) {
            if let Some((first, _)) = found {
                issues.push(
                    d,
                    t.span(),
                    name,
                    format!("[{name}] is already given in file #{first}; give it once"),
                );
            } else {
                found = Some((d, t));
            }
        }
    }
    found
}

fn scenario(doc: usize, spec: &ScenarioSpec, issues: &mut Issues) -> Scenario {
    let mut sc = Scenario {
        board: Board {
            length: 54.0,
            width: 30.0,
        },
        game_length: GameLength::Recommended {
            min_turns: 5,
            ends_on: 4,
        },
        turn_cap: 30,
        draw_margin: 0,
        terrain: Vec::new(),
        terrain_names: Vec::new(),
        victory: None,
    };
    (sc.terrain, sc.terrain_names) = scenario_config::terrain(doc, &spec.terrain, issues);
    sc.victory = scenario_config::scoring(doc, spec, issues);
    if let Some(b) = &spec.board {
        let v = *b.get_ref();
        if !(v.length > 0.0 && v.width > 0.0 && v.length <= 10_000.0 && v.width <= 10_000.0) {
            issues.push(
                doc,
                b.span(),
                "scenario.board",
                "length and width must be in (0, 10000]",
            );
        } else {
            sc.board = v;
        }
    }
    if let Some(c) = &spec.turn_cap {
        sc.turn_cap = issues
            .int(doc, c, "scenario.turn_cap", 1, 1000)
            .unwrap_or(30) as u32;
    }
    if let Some(m) = &spec.draw_margin {
        sc.draw_margin = issues
            .int(doc, m, "scenario.draw_margin", 0, 1_000_000)
            .unwrap_or(0) as u32;
    }
    if let Some(t) = &spec.turns {
        if spec.min_turns.is_some() || spec.ends_on.is_some() {
            issues.push(doc, t.span(), "scenario.turns", "give either `turns` (fixed length) or `min_turns`/`ends_on` (recommended length), not both");
        }
        sc.game_length =
            GameLength::Fixed(issues.int(doc, t, "scenario.turns", 1, 1000).unwrap_or(1) as u32);
    } else {
        let min_turns = spec.min_turns.as_ref().map_or(Some(5), |m| {
            issues.int(doc, m, "scenario.min_turns", 1, 1000)
        });
        let ends_on = spec
            .ends_on
            .as_ref()
            .map_or(Some(4), |e| issues.int(doc, e, "scenario.ends_on", 1, 6));
        if let (Some(min_turns), Some(ends_on)) = (min_turns, ends_on) {
            sc.game_length = GameLength::Recommended {
                min_turns: min_turns as u32,
                ends_on: ends_on as u8,
            };
        }
    }
    sc
}

/// Validate documents (experiment first) into matchups.
pub fn build(docs: &[Doc]) -> Result<Vec<NamedMatchup<Matchup>>, Vec<ConfigIssue>> {
    let mut issues = Issues { list: Vec::new() };
    let rules = one_of(docs, |d| d.house_rules.as_ref(), "house_rules", &mut issues)
        .map(|(d, r)| {
            let r = r.get_ref().clone();
            check_rules(
                d,
                &r,
                docs[d]
                    .house_rules
                    .as_ref()
                    .map(|s| s.span())
                    .unwrap_or(0..0),
                &mut issues,
            );
            r
        })
        .unwrap_or_default();
    if !issues.list.is_empty() {
        // Later checks depend on the house rules (e.g. `linked_max`): report only these.
        return Err(issues.list);
    }
    let scen = one_of(docs, |d| d.scenario.as_ref(), "scenario", &mut issues);
    let scenario_value = match scen {
        Some((d, s)) => scenario(d, s.get_ref(), &mut issues),
        None => scenario(0, &ScenarioSpec::default(), &mut issues),
    };
    let deployment = match scen {
        Some((d, s)) => scenario_config::deployment(d, s.get_ref(), &mut issues),
        None => Deployment::DEFAULT,
    };
    let mut depth = 8.0;
    if let Some((d, Some(dd))) = scen.map(|(d, s)| (d, s.get_ref().deployment_depth.as_ref())) {
        let v = *dd.get_ref();
        let half = scenario_value.board.length / 2.0;
        if v > 0.0 && v <= half {
            depth = v;
        } else {
            issues.push(
                d,
                dd.span(),
                "scenario.deployment_depth",
                format!("{v} is out of range: allowed more than 0 and at most {half} (half the table length)"),
            );
        }
    }

    // Designs.
    let mut designs: Vec<ShipDesign> = Vec::new();
    let mut design_index: HashMap<String, (usize, Origin)> = HashMap::new();
    // Designs that are defined but invalid (already reported): fleets using them say nothing more.
    let mut invalid_designs: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let s = spec.get_ref();
            let name = s.name.get_ref();
            let at = format!("design[{k}] ({name})");
            if let Some(od) = design_index
                .get(name)
                .map(|(_, (od, _))| *od)
                .or_else(|| invalid_designs.get(name).copied())
            {
                issues.push(
                    d,
                    s.name.span(),
                    format!("design[{k}].name"),
                    format!(
                        "design `{name}` is defined twice (first in file #{od}); design names must be unique"
                    ),
                );
                continue;
            }
            if let Some(ds) = design(d, &at, s, &rules, &mut issues) {
                design_index.insert(name.clone(), (designs.len(), (d, spec.span())));
                designs.push(ds);
            } else {
                invalid_designs.insert(name.clone(), d);
            }
        }
    }
    // Fighter designs (ch. 6c): Size 0 designs in the same list, named apart.
    let mut fighter_index: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fighter.iter().enumerate() {
            let s = spec.get_ref();
            let name = s.name.get_ref();
            let at = format!("fighter[{k}] ({name})");
            if fighter_index.contains_key(name) {
                issues.push(
                    d,
                    s.name.span(),
                    format!("fighter[{k}].name"),
                    format!("fighter `{name}` is defined twice; fighter names must be unique"),
                );
                continue;
            }
            if let Some(ds) = fighter_config::fighter_design(d, &at, s, &rules, &mut issues) {
                fighter_index.insert(name.clone(), designs.len());
                designs.push(ds);
            }
        }
    }
    // Fleets.
    let mut fleets: HashMap<String, (usize, Vec<usize>, Faction, Vec<FleetFighter>)> =
        HashMap::new();
    let mut fleet_groups: HashMap<String, FleetGroups> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fleet.iter().enumerate() {
            let f = spec.get_ref();
            let name = f.name.get_ref();
            if let Some((od, _, _, _)) = fleets.get(name) {
                issues.push(
                    d,
                    f.name.span(),
                    format!("fleet[{k}].name"),
                    format!(
                        "fleet `{name}` is defined twice (first in file #{od}); fleet names must be unique"
                    ),
                );
                continue;
            }
            if f.ships.is_empty() {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).ships"),
                    "a fleet needs at least one ship",
                );
            }
            if f.ships.len() > MAX_SHIPS / 2 {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).ships"),
                    format!(
                        "{} ships; at most {} per fleet",
                        f.ships.len(),
                        MAX_SHIPS / 2
                    ),
                );
            }
            let mut ships = Vec::new();
            for (n, s) in f.ships.iter().enumerate() {
                match design_index.get(s.get_ref()) {
                    Some((i, _)) => ships.push(*i),
                    // Its own error says what is wrong with it.
                    None if invalid_designs.contains_key(s.get_ref()) => {}
                    None => {
                        let mut known: Vec<&str> =
                            design_index.keys().map(String::as_str).collect();
                        known.sort_unstable();
                        issues.push(
                            d,
                            s.span(),
                            format!("fleet[{k}] ({name}).ships[{n}]"),
                            format!(
                                "no design named `{}`{}; {}",
                                s.get_ref(),
                                did_you_mean(s.get_ref(), &known),
                                known_list("designs", "[[design]]", &known)
                            ),
                        );
                    }
                }
            }
            let faction = fleet_faction(d, k, f, &ships, &designs, &mut issues);
            let groups = formation_config::fleet_groups(d, k, f, &ships, &designs, &mut issues);
            fleet_groups.insert(name.clone(), groups);
            let fighters = if f.fighters.is_empty() || ships.len() != f.ships.len() {
                Vec::new()
            } else {
                fighter_config::fleet_fighters(
                    d,
                    &format!("fleet[{k}] ({name})"),
                    &f.fighters,
                    &ships,
                    &designs,
                    &fighter_index,
                    MAX_SHIPS / 2 - ships.len().min(MAX_SHIPS / 2),
                    &mut issues,
                )
            };
            if ships.len() + fighters.len() > MAX_SHIPS / 2 {
                issues.push(
                    d,
                    spec.span(),
                    format!("fleet[{k}] ({name}).fighters"),
                    format!(
                        "{} ships and {} fighters; at most {} units per fleet",
                        ships.len(),
                        fighters.len(),
                        MAX_SHIPS / 2
                    ),
                );
            }
            fleets.insert(name.clone(), (d, ships, faction, fighters));
        }
    }
    // Matchups.
    let mut out = Vec::new();
    let mut any = false;
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.matchup.iter().enumerate() {
            any = true;
            let ms = spec.get_ref();
            let mut sides: Vec<SideSetup> = Vec::new();
            for (label, side) in [("a", &ms.a), ("b", &ms.b)] {
                let at = format!("matchup[{k}].{label}");
                let s = side.get_ref();
                let fname = s.fleet.get_ref();
                let fleet = fleets.get(fname);
                if fleet.is_none() {
                    let mut known: Vec<&str> = fleets.keys().map(String::as_str).collect();
                    known.sort_unstable();
                    issues.push(
                        d,
                        s.fleet.span(),
                        format!("{at}.fleet"),
                        format!(
                            "no fleet named `{fname}`{}; {}",
                            did_you_mean(fname, &known),
                            known_list("fleets", "[[fleet]]", &known)
                        ),
                    );
                }
                let p = policy(d, &at, s, &mut issues);
                if let (Some((_, ships, faction, fighters)), Some(p)) = (fleet, p) {
                    sides.push((fname.clone(), ships.clone(), p, *faction, fighters.clone()));
                }
            }
            if sides.len() == 2 && issues.list.is_empty() {
                let mut built = assemble(
                    d,
                    k,
                    &sides,
                    &designs,
                    &rules,
                    &scenario_value,
                    (deployment, depth),
                    scen,
                    &mut issues,
                );
                if let Some(nm) = &mut built {
                    let none = FleetGroups::default();
                    let groups = [0, 1].map(|s| fleet_groups.get(&sides[s].0).unwrap_or(&none));
                    let a_ships = sides[0].1.len();
                    formation_config::apply(
                        &mut nm.matchup,
                        groups,
                        a_ships,
                        &rules,
                        scen,
                        &mut issues,
                    );
                }
                out.push(built);
            }
        }
    }
    if !any {
        issues.list.push(ConfigIssue::new(0, None, "matchup", "the experiment defines no [[matchup]]: add at least one with `a = { fleet = ... }` and `b = { fleet = ... }`"));
    }
    if issues.list.is_empty() {
        Ok(out.into_iter().flatten().collect())
    } else {
        Err(issues.list)
    }
}

fn check_rules(d: usize, r: &HouseRules, span: Range<usize>, issues: &mut Issues) {
    if r.chart.glance_max < r.chart.miss_max {
        issues.push(
            d,
            span.clone(),
            "house_rules.chart",
            format!(
                "glance_max ({}) must be at least miss_max ({})",
                r.chart.glance_max, r.chart.miss_max
            ),
        );
    }
    for (k, row) in r.movement_table.iter().enumerate() {
        if row.vmax > 50 || row.maneuver > 50 || row.heading_slow > 6 || row.heading_fast > 6 {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.movement_table[{k}]"),
                "vmax and maneuver must be 0..=50, headings 0..=6",
            );
        }
    }
    let w = &r.weapon_ranges;
    for (name, bands) in [
        ("kinetic", &w.kinetic[..]),
        ("beam", &w.beam[..]),
        ("rockets", &w.rockets[..]),
        ("missiles", &w.missiles[..]),
    ] {
        let ok = bands
            .iter()
            .all(|b| b.is_finite() && *b > 0.0 && *b <= 1000.0)
            && bands.windows(2).all(|p| p[0] < p[1]);
        if !ok {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.weapon_ranges.{name}"),
                format!("{bands:?}: ranges must be positive, at most 1000, and increasing"),
            );
        }
    }
    if !(r.pws_exchange_distance >= 0.0 && r.pws_exchange_distance <= 100.0) {
        issues.push(
            d,
            span.clone(),
            "house_rules.pws_exchange_distance",
            format!(
                "{} is out of range: allowed 0..=100",
                r.pws_exchange_distance
            ),
        );
    }
    for (name, v) in [
        ("arc_cost_first", r.arc_cost_first),
        ("arc_cost_additional", r.arc_cost_additional),
        ("linked_cost_per_x", r.linked_cost_per_x),
    ] {
        if v > 1000 {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.{name}"),
                format!("{v} is out of range: allowed 0..=1000"),
            );
        }
    }
    if r.fighter_weapon_size_max == 0 || r.fighter_weapon_size_max > MAX_SIZE {
        issues.push(
            d,
            span.clone(),
            "house_rules.fighter_weapon_size_max",
            format!(
                "{} is out of range: allowed 1..={MAX_SIZE}",
                r.fighter_weapon_size_max
            ),
        );
    }
    if r.linked_max == 0 || r.linked_max > 6 {
        issues.push(
            d,
            span,
            "house_rules.linked_max",
            format!("{} is out of range: allowed 1..=6", r.linked_max),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn assemble(
    d: usize,
    k: usize,
    sides: &[SideSetup],
    designs: &[ShipDesign],
    rules: &HouseRules,
    scenario: &Scenario,
    (deployment, depth): (Deployment, f64),
    scen: Option<(usize, &Spanned<ScenarioSpec>)>,
    issues: &mut Issues,
) -> Option<NamedMatchup<Matchup>> {
    // Only the designs this matchup uses, re-indexed.
    let mut used: Vec<(usize, Faction)> = sides
        .iter()
        .flat_map(|(_, s, _, f, fl)| {
            s.iter()
                .map(|&g| (g, *f))
                .chain(fl.iter().map(|u| (u.design, Faction::None)))
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    // A design keeps one entry per faction using it (the beam faction changes its ranges).
    let local = |g: usize, f: Faction| used.iter().position(|&u| u == (g, f)).unwrap_or(0);
    let mdesigns: Vec<ShipDesign> = used.iter().map(|&(g, _)| designs[g].clone()).collect();
    let beam_range_bonus: Vec<f64> = used.iter().map(|(_, f)| f.beam_range_bonus()).collect();
    let board = scenario.board;
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    let mut points = [0u32; 2];
    for (si, (_, ships, _, faction, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        let sizes: Vec<u8> = ships.iter().map(|&g| designs[g].size).collect();
        let spots = deployment::deploy(deployment, side, &sizes, board, depth);
        for (idx, &g) in ships.iter().enumerate() {
            let ds = &designs[g];
            let cost = points::ship_cost_with(ds, rules, faction.cost_percent());
            points[si] += cost;
            let mut ship = ShipState::new(local(g, *faction) as u16, ds, side, cost);
            ship.structural = faction.starting_structural();
            (ship.pos, ship.facing) = spots[idx];
            ship.velocity = rules.movement_row(ds.size, 0).start_velocity();
            start.push(ship);
            names.push(format!("{side}{} {}", idx + 1, ds.name));
            ship_sides.push(side);
        }
    }
    if start.len() > MAX_SHIPS {
        issues.push(
            d,
            0..0,
            format!("matchup[{k}]"),
            format!("{} ships in one matchup; at most {MAX_SHIPS}", start.len()),
        );
        return None;
    }
    if let Some((sd, spec)) = scen {
        for (n, st) in spec.get_ref().start.iter().enumerate() {
            let s = st.get_ref();
            let at = format!("scenario.start[{n}]");
            let side = match s.side.get_ref().as_str() {
                "A" | "a" => 0,
                "B" | "b" => 1,
                other => {
                    issues.push(
                        sd,
                        s.side.span(),
                        format!("{at}.side"),
                        format!("unknown side `{other}`; allowed: A, B"),
                    );
                    continue;
                }
            };
            let count = sides[side].1.len() as i64;
            let Some(idx) = issues.int(sd, &s.ship, &format!("{at}.ship"), 0, count - 1) else {
                continue;
            };
            let i = if side == 0 {
                idx as usize
            } else {
                sides[0].1.len() + idx as usize
            };
            let p = Vec2::new(s.x, s.y);
            if !board.contains(p) {
                issues.push(
                    sd,
                    st.span(),
                    at.clone(),
                    format!(
                        "({}, {}) is off the {} × {} table: allowed x 0..={} and y 0..={}",
                        s.x, s.y, board.length, board.width, board.length, board.width
                    ),
                );
                continue;
            }
            start[i].pos = p;
            if let Some(h) = s.heading {
                if !h.is_finite() {
                    issues.push(
                        sd,
                        st.span(),
                        format!("{at}.heading"),
                        format!("{h} is not a heading: give degrees as a finite number"),
                    );
                    continue;
                }
                start[i].facing = Vec2::from_bearing(h);
            }
            if let Some(v) = &s.velocity {
                let vmax = rules.movement_row(start[i].size, 0).vmax;
                if let Some(v) = issues.int(sd, v, &format!("{at}.velocity"), 0, i64::from(vmax)) {
                    start[i].velocity = v as u8;
                }
            }
        }
    }
    // After the scenario's fixed starts: fighters deploy from where their carriers stand.
    let fighter_table = add_fighters(
        sides,
        designs,
        &local,
        rules,
        board,
        depth,
        &mut start,
        &mut names,
        &mut ship_sides,
        &mut points,
    );
    if start.len() > MAX_SHIPS {
        issues.push(
            d,
            0..0,
            format!("matchup[{k}]"),
            format!("{} units in one matchup; at most {MAX_SHIPS}", start.len()),
        );
        return None;
    }
    let policies = [sides[0].2.clone(), sides[1].2.clone()];
    let label = format!(
        "{} ({}) vs {} ({})",
        sides[0].0, policies[0].preset, sides[1].0, policies[1].preset
    );
    let policy_names = [policies[0].to_string(), policies[1].to_string()];
    let ship_points = start.iter().map(|s| Some(s.points)).collect();
    let mut matchup = Matchup::new(
        mdesigns,
        start,
        names.clone(),
        policies,
        scenario_for(scenario, points),
        rules.clone(),
        &beam_range_bonus,
    );
    matchup.fighters = fighter_table;
    Some(NamedMatchup {
        label,
        fleets: [sides[0].0.clone(), sides[1].0.clone()],
        policies: policy_names,
        points: [Some(points[0]), Some(points[1])],
        ship_names: names,
        ship_points,
        ship_sides,
        matchup,
    })
}

/// One side of a matchup: fleet name, ship designs, policy, faction, fighters.
type SideSetup = (String, Vec<usize>, Policy, Faction, Vec<FleetFighter>);

/// Append every side's fighters after all the ships (so `scenario.start` indices stay those
/// of the ships): named on after their side's ships, priced by the fighter cost rule (ch. 6c),
/// Launch Hangar units deployed 8 ahead of the carrier or aboard (house rule
/// `fighters_deploy`), Fighter Hangar units aboard, FTL fighters without a carrier on their
/// side's edge. Returns the carrier table.
#[allow(clippy::too_many_arguments)]
fn add_fighters(
    sides: &[SideSetup],
    designs: &[ShipDesign],
    local: &dyn Fn(usize, Faction) -> usize,
    rules: &HouseRules,
    board: Board,
    depth: f64,
    start: &mut Vec<ShipState>,
    names: &mut Vec<String>,
    ship_sides: &mut Vec<Side>,
    points: &mut [u32; 2],
) -> FighterTable {
    let mut table = FighterTable {
        any: false,
        carrier: vec![NO_CARRIER; start.len()],
        full_load: vec![0; start.len()],
    };
    let mut first_ship = 0;
    for (si, (_, ships, _, _, fighters)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        let mut launched_from = vec![0usize; ships.len()];
        let free: Vec<&FleetFighter> = fighters.iter().filter(|f| f.carrier.is_none()).collect();
        let mut free_k = 0;
        for (n, f) in fighters.iter().enumerate() {
            let ds = &designs[f.design];
            let spec = ds.fighter.unwrap_or_default();
            let cost = fighters::fighter_cost(ds);
            points[si] += cost;
            let mut unit = ShipState::new(local(f.design, Faction::None) as u16, ds, side, cost);
            unit.velocity = 0;
            match f.carrier {
                Some(c) => {
                    let carrier = start[first_ship + c];
                    let (launch, _) = fighter_config::hangars(&designs[ships[c]]);
                    let deploy = launched_from[c] < launch
                        && rules.fighters_deploy == super::house_rules::FighterDeploy::Launched;
                    launched_from[c] += 1;
                    unit.facing = carrier.facing;
                    if deploy {
                        let p = carrier.pos + carrier.facing * fighters::DEPLOY_DISTANCE;
                        unit.pos =
                            Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width));
                    } else {
                        unit.pos = carrier.pos;
                        unit.status = super::ship::Status::Aboard;
                    }
                    table.carrier.push((first_ship + c) as u8);
                }
                None => {
                    free_k += 1;
                    let x = if side == Side::A {
                        depth / 2.0
                    } else {
                        board.length - depth / 2.0
                    };
                    unit.pos =
                        Vec2::new(x, board.width * free_k as f64 / (free.len() as f64 + 1.0));
                    unit.facing = Vec2::new(if side == Side::A { 1.0 } else { -1.0 }, 0.0);
                    table.carrier.push(NO_CARRIER);
                }
            }
            // A fighter without a weapon has nothing to resupply.
            table.full_load.push(if ds.weapons.is_empty() {
                0
            } else {
                spec.shots()
            });
            table.any = true;
            start.push(unit);
            names.push(format!("{side}{} {}", ships.len() + n + 1, ds.name));
            ship_sides.push(side);
        }
        first_ship += ships.len();
    }
    table
}

/// The scenario for fleets of these points (the objective line counts its objectives from
/// them unless the config fixed the number).
fn scenario_for(scenario: &Scenario, points: [u32; 2]) -> Scenario {
    let mut sc = scenario.clone();
    if let Some(v) = &mut sc.victory
        && v.objectives == 0
    {
        v.objectives = scenario_config::objectives_for(points);
    }
    sc
}

/// A fleet's `faction`, checked: the beam faction is "restricted to Beam Weapons only".
fn fleet_faction(
    d: usize,
    k: usize,
    f: &FleetSpec,
    ships: &[usize],
    designs: &[ShipDesign],
    issues: &mut Issues,
) -> Faction {
    let Some(name) = &f.faction else {
        return Faction::None;
    };
    let Some(faction) = Faction::from_name(name.get_ref()) else {
        issues.push(
            d,
            name.span(),
            format!("fleet[{k}] ({}).faction", f.name.get_ref()),
            format!(
                "unknown faction `{}`; allowed: {}",
                name.get_ref(),
                Faction::NAMES.join(", ")
            ),
        );
        return Faction::None;
    };
    if faction == Faction::BeamSpecialists {
        for &g in ships {
            if designs[g]
                .weapons
                .iter()
                .any(|w| w.kind != WeaponType::Beam)
            {
                issues.push(
                    d,
                    name.span(),
                    format!("fleet[{k}] ({}).faction", f.name.get_ref()),
                    format!(
                        "the beam-specialists faction is restricted to Beam weapons, but design `{}` carries other weapons",
                        designs[g].name
                    ),
                );
                break;
            }
        }
    }
    faction
}

/// "known designs: a, b" or, when there are none, how to define one.
fn known_list(what: &str, table: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("no {what} are defined: add a {table} table or include a file that has them")
    } else {
        format!("known {what}: {}", known.join(", "))
    }
}
