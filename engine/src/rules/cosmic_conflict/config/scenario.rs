//! `[scenario]`: the table, the game length, how a game is scored (`scoring`), how fleets
//! deploy (`deployment`, `placement`, `deployment_depth`) and fixed starts (`[[scenario.start]]`).
//! Its terrain map is [`super::terrain`], its victory rules [`super::victory`]. See
//! `docs/configs.md`.

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::Board;

use super::super::deployment::{Deployment, Placement};
use super::super::matchup::{GameLength, Scenario};
use super::super::victory::VictoryRules;
use super::Doc;
use super::issues::{Issues, one_of};
use super::terrain::{self, TerrainSpec};
use super::victory::{self, VictorySpec};

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

/// The validated `[scenario]` table: what every matchup of the experiment shares.
pub(super) struct ScenarioSetup<'a> {
    /// The scenario (table, length, terrain, victory rules).
    pub(super) value: Scenario,
    /// How fleets deploy.
    pub(super) deployment: Deployment,
    /// Deployment zone depth from each side's edge.
    pub(super) depth: f64,
    /// The table as written, with its document (fixed starts are checked per matchup).
    pub(super) spec: Option<(usize, &'a Spanned<ScenarioSpec>)>,
}

/// Validate the experiment's `[scenario]` (given in one document at most; defaults without).
pub(super) fn scenario<'a>(docs: &'a [Doc], issues: &mut Issues) -> ScenarioSetup<'a> {
    let scen = one_of(docs, |d| d.scenario.as_ref(), "scenario", issues);
    let value = match scen {
        Some((d, s)) => game(d, s.get_ref(), issues),
        None => game(0, &ScenarioSpec::default(), issues),
    };
    let deployment = match scen {
        Some((d, s)) => deployment(d, s.get_ref(), issues),
        None => Deployment::DEFAULT,
    };
    let mut depth = 8.0;
    if let Some((d, Some(dd))) = scen.map(|(d, s)| (d, s.get_ref().deployment_depth.as_ref())) {
        let v = *dd.get_ref();
        let half = value.board.length / 2.0;
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
    ScenarioSetup {
        value,
        deployment,
        depth,
        spec: scen,
    }
}

/// The table, game length, terrain and scoring of one `[scenario]`.
fn game(doc: usize, spec: &ScenarioSpec, issues: &mut Issues) -> Scenario {
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
    (sc.terrain, sc.terrain_names) = terrain::terrain(doc, &spec.terrain, issues);
    sc.victory = scoring(doc, spec, issues);
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

/// How a game is decided (`scenario.scoring`): `victory-conditions` (default) — the text's
/// "standard" game (ch. 9): the scenario objective, if any, plus two of the four victory
/// conditions drawn after the game, a tie a draw; `[scenario.victory]` tunes it (defaults:
/// all four conditions, pick 2, no objective). `points-destroyed` — the house measure (more
/// enemy points destroyed wins, `draw_margin`); it takes no `[scenario.victory]`.
fn scoring(doc: usize, spec: &ScenarioSpec, issues: &mut Issues) -> Option<VictoryRules> {
    let points = issues
        .choice(
            doc,
            &spec.scoring,
            "scenario.scoring",
            &[("victory-conditions", false), ("points-destroyed", true)],
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
        (Some(v), false) => Some(victory::victory(doc, v.get_ref(), issues)),
        (None, false) => Some(victory::victory(doc, &VictorySpec::default(), issues)),
    }
}

/// How fleets deploy (`scenario.deployment`, `scenario.placement`; see [`Deployment`]).
fn deployment(doc: usize, spec: &ScenarioSpec, issues: &mut Issues) -> Deployment {
    let placement = issues.choice(
        doc,
        &spec.placement,
        "scenario.placement",
        &[
            (Placement::NAMES[0], Placement::CentreOut),
            (Placement::NAMES[1], Placement::Spread),
        ],
    );
    let alternating = issues
        .choice(
            doc,
            &spec.deployment,
            "scenario.deployment",
            &[(Deployment::NAMES[0], true), (Deployment::NAMES[1], false)],
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
