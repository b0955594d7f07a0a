//! Experiment kinds beyond a plain list of matchups: `[experiment.ab]` (a base fleet and a
//! variant against the same opponents on the same dice), `[experiment.matrix]` (a round
//! robin of fleets, every pairing played with sides swapped) and `[experiment.game]` (a
//! policy game: every policy of side A's set against every policy of side B's, on common
//! dice, solved as a zero-sum game; see [`crate::stats::game_value`]).
//!
//! Every rule system's experiment documents list matchups as `[[matchup]]` tables with a
//! side table under `a` and `b` (see [`fleetlab_engine::RuleSystem`]). A kind is expanded
//! into such entries, appended to the experiment's text, so the rule system validates each
//! side exactly as in a plain experiment; a problem inside a generated entry is reported at
//! the side the user wrote (file, line, `experiment.ab.opponents[1].fleet`, ...). The kind's
//! [`Plan`] says what each generated matchup is, for the runner and the report.

use std::ops::Range;

use fleetlab_engine::Side;
use fleetlab_engine::dice::name_key;
use fleetlab_engine::rule_system::NamedMatchup;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::load::{ConfigError, Source};
use crate::stats::fair_cost::Fit;

/// What an experiment's matchups are (recorded in manifests and shard partials, so a merge
/// can write the kind's tables).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Plan {
    /// The `[[matchup]]` entries as written.
    #[default]
    Run,
    /// An A/B comparison; matchup `k` is `arms[k]`.
    Ab(AbPlan),
    /// A round robin; matchup `k` is `cells[k]`.
    Matrix(MatrixPlan),
    /// A policy game; matchup `k` is `cells[k]`.
    Game(GamePlan),
}

impl Plan {
    /// Matchups that are played (and stop) together, in play order: an A/B group (base,
    /// variant and ladder rungs, on the same dice), else each of the `matchups` alone.
    pub fn units(&self, matchups: usize) -> Vec<Vec<usize>> {
        match self {
            Plan::Ab(ab) => ab.groups().map(|g| g.collect()).collect(),
            _ => (0..matchups).map(|k| vec![k]).collect(),
        }
    }

    /// The kind's name in manifests and baselines.
    pub fn kind(&self) -> &'static str {
        match self {
            Plan::Run => "run",
            Plan::Ab(_) => "ab",
            Plan::Matrix(_) => "matrix",
            Plan::Game(_) => "game",
        }
    }
}

/// `[experiment.ab]`, expanded: for each opponent (and orientation, with `swap_sides`), a
/// *group* of matchups on the same dice: the base's, the variant's, then one per ladder rung
/// (the base fleet at other points, for the fair-cost search; see
/// [`crate::stats::fair_cost`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbPlan {
    /// One entry per generated matchup.
    pub arms: Vec<AbArm>,
    /// Number of opponents.
    pub opponents: usize,
    /// Number of ladder rungs (0: a plain A/B, no fair-cost search).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rungs: usize,
    /// The scale the ladder's line is fitted on (`fit = "line"` or `"logit"`).
    #[serde(default, skip_serializing_if = "Fit::is_line")]
    pub fit: Fit,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One matchup of an A/B experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbArm {
    /// The variant (true) or the base or a rung (false) plays.
    pub variant: bool,
    /// The ladder rung that plays (index into `ladder`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rung: Option<usize>,
    /// Which opponent (index into `opponents`).
    pub opponent: usize,
    /// The side the base/variant fleet plays on.
    #[serde(with = "side_name")]
    pub subject: Side,
}

/// `[experiment.matrix]`, expanded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatrixPlan {
    /// Number of fleets.
    pub fleets: usize,
    /// Per generated matchup: (fleet on side A, fleet on side B), indices into `fleets`.
    pub cells: Vec<(usize, usize)>,
    /// Fleets whose points differ by more than this fraction of the larger are flagged.
    pub points_tolerance: f64,
}

/// `[experiment.game]`, expanded: every (A policy, B policy) pair is played in two halves on
/// independent dice — `select` then `evaluate` — each half on one dice key shared by all its
/// cells (common random numbers). The select half chooses the mixes, the evaluate half bounds
/// what they guarantee ([`crate::stats::game_value`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamePlan {
    /// Side A's policies, as labelled in reports (the preset's name, or the policy table).
    pub a_policies: Vec<String>,
    /// Side B's policies.
    pub b_policies: Vec<String>,
    /// Per generated matchup: which cell of which half it is.
    pub cells: Vec<GameCell>,
    /// The search player's settings, when the game has one (`search = { ... }`): then each
    /// side also plays it against every policy of the other side, after the two halves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<GameSearch>,
    /// With `race`: the racing rule and, after a run, the policies it dropped
    /// ([`crate::racing`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<RacePlan>,
}

/// `race` of a policy game: play the select half in stages of `stage` battles and drop a
/// policy once another of its side beats it against every remaining opponent policy beyond
/// doubt ([`crate::stats::race`]); the evaluate half plays only what is left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RacePlan {
    /// Battles per pair of policies per stage of the select half.
    pub stage: u64,
    /// Probability of ever dropping a policy that is not dominated.
    pub alpha: f64,
    /// What the run dropped, in order (empty before a run).
    #[serde(default)]
    pub dropped: Vec<DroppedPolicy>,
}

/// Default `race.stage`: one batch of battles.
pub const DEFAULT_RACE_STAGE: u64 = 1024;
/// Default `race.alpha`.
pub const DEFAULT_RACE_ALPHA: f64 = 1e-3;
/// Fewest battles per stage (each test rests on a normal approximation of a stage's mean).
pub const MIN_RACE_STAGE: u64 = 100;

/// A policy the race dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DroppedPolicy {
    /// Its side.
    #[serde(with = "side_name")]
    pub side: Side,
    /// The policy (index into the side's policies).
    pub policy: usize,
    /// The policy of the same side that beat it against every opponent policy in play.
    pub beaten_by: usize,
    /// After which stage (1 = the first).
    pub stage: u64,
    /// Select-half battles per pair played when it was dropped.
    pub after_battles: u64,
}

/// `[experiment.game] search = { rollouts = 32, exploration = 1.41 }`: the search player
/// (`fleetlab_engine::search`) chooses among its side's policies before every turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSearch {
    /// Rollouts per decision.
    pub rollouts: u32,
    /// UCB1's exploration constant.
    pub exploration: f64,
}

impl GameSearch {
    /// The engine's settings.
    pub fn settings(&self) -> fleetlab_engine::search::SearchSettings {
        fleetlab_engine::search::SearchSettings {
            rollouts: self.rollouts,
            exploration: self.exploration,
        }
    }
}

/// The side a search cell's search player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchSide {
    /// Side A searches; the cell's `col` is B's policy, `row` A's home policy.
    A,
    /// Side B searches; the cell's `row` is A's policy, `col` B's home policy.
    B,
}

/// One matchup of a policy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCell {
    /// A's policy (index into `a_policies`).
    pub row: usize,
    /// B's policy (index into `b_policies`).
    pub col: usize,
    /// Which half of the battles (a search cell: the evaluate half's dice).
    pub half: GameHalf,
    /// A search cell: which side is the search player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchSide>,
}

/// The two halves of a policy game's battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameHalf {
    /// Chooses the mixes.
    Select,
    /// Bounds what the chosen mixes guarantee.
    Evaluate,
}

impl GameHalf {
    /// `"select"` / `"evaluate"`.
    pub fn name(self) -> &'static str {
        match self {
            GameHalf::Select => "select",
            GameHalf::Evaluate => "evaluate",
        }
    }
}

impl GamePlan {
    /// The matchup index of each cell of `half`, row-major (A's policy, then B's); search
    /// cells are not part of a half.
    pub fn half(&self, half: GameHalf) -> Vec<usize> {
        let mut ks: Vec<usize> = (0..self.cells.len())
            .filter(|&k| self.cells[k].half == half && self.cells[k].search.is_none())
            .collect();
        ks.sort_by_key(|&k| (self.cells[k].row, self.cells[k].col));
        ks
    }

    /// The search cells: (matchup index, searching side, the opponent's policy).
    pub fn search_cells(&self) -> Vec<(usize, SearchSide, usize)> {
        (0..self.cells.len())
            .filter_map(|k| {
                let c = self.cells[k];
                c.search.map(|side| match side {
                    SearchSide::A => (k, side, c.col),
                    SearchSide::B => (k, side, c.row),
                })
            })
            .collect()
    }

    /// For search cell `k`: the matchups its search player chooses among (its side's policy
    /// `i` against the cell's opponent policy, from the evaluate half) and its home policy.
    pub fn candidates(&self, k: usize) -> Option<(Vec<usize>, usize)> {
        let c = self.cells[k];
        let side = c.search?;
        let evaluate = self.half(GameHalf::Evaluate);
        let m = self.b_policies.len();
        Some(match side {
            SearchSide::A => (
                (0..self.a_policies.len())
                    .map(|i| evaluate[i * m + c.col])
                    .collect(),
                c.row,
            ),
            SearchSide::B => ((0..m).map(|j| evaluate[c.row * m + j]).collect(), c.col),
        })
    }

    /// Which of A's and B's policies are still in play (not dropped by the race).
    pub fn in_play(&self) -> (Vec<bool>, Vec<bool>) {
        let mut a = vec![true; self.a_policies.len()];
        let mut b = vec![true; self.b_policies.len()];
        for d in self.race.iter().flat_map(|r| &r.dropped) {
            let alive = if d.side == Side::A { &mut a } else { &mut b };
            if let Some(x) = alive.get_mut(d.policy) {
                *x = false;
            }
        }
        (a, b)
    }

    /// The race's record of policy `policy` of `side`, if it was dropped.
    pub fn dropped(&self, side: Side, policy: usize) -> Option<&DroppedPolicy> {
        self.race
            .as_ref()?
            .dropped
            .iter()
            .find(|d| d.side == side && d.policy == policy)
    }

    /// Whether the cells are every (row, col) pair exactly once per half, then (with a
    /// search player) one search cell per side and opponent policy; and the race's drops name
    /// policies the game has, each once, beaten by another of its side.
    fn well_formed(&self) -> bool {
        let (n, m) = (self.a_policies.len(), self.b_policies.len());
        let searched = if self.search.is_some() { n + m } else { 0 };
        let search = self.search_cells();
        let search_ok = search.len() == searched
            && search
                .iter()
                .all(|&(k, _, _)| self.cells[k].row < n && self.cells[k].col < m);
        let drops_ok = self.race.as_ref().is_none_or(|r| {
            r.dropped.iter().enumerate().all(|(k, d)| {
                let len = if d.side == Side::A { n } else { m };
                d.policy < len
                    && d.beaten_by < len
                    && d.beaten_by != d.policy
                    && r.dropped[..k]
                        .iter()
                        .all(|e| (e.side, e.policy) != (d.side, d.policy))
            })
        });
        drops_ok
            && n > 0
            && m > 0
            && search_ok
            && self.cells.len() == 2 * n * m + searched
            && [GameHalf::Select, GameHalf::Evaluate].iter().all(|&h| {
                let ks = self.half(h);
                ks.len() == n * m
                    && ks.iter().enumerate().all(|(p, &k)| {
                        let c = self.cells[k];
                        c.row == p / m && c.col == p % m
                    })
            })
    }
}

impl AbArm {
    /// Whether this is the base fleet's matchup.
    pub fn is_base(&self) -> bool {
        !self.variant && self.rung.is_none()
    }
}

impl AbPlan {
    /// Matchups played together on the same dice: for each opponent and orientation, the
    /// base's matchup, the variant's, then the rungs' (consecutive indices).
    pub fn groups(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        let size = 2 + self.rungs;
        (0..self.arms.len() / size).map(move |g| g * size..(g + 1) * size)
    }

    /// The (base, variant) matchup index pairs: the first two matchups of each group.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.groups().map(|g| (g.start, g.start + 1))
    }

    /// Whether the arms form whole groups of base, variant, rung 0, rung 1, … each against
    /// one opponent in one orientation.
    fn well_formed(&self) -> bool {
        let size = 2 + self.rungs;
        self.arms.len().is_multiple_of(size)
            && self.groups().all(|g| {
                let arms = &self.arms[g];
                let (o, s) = (arms[0].opponent, arms[0].subject);
                arms.iter().enumerate().all(|(i, a)| {
                    a.opponent == o
                        && a.opponent < self.opponents
                        && a.subject == s
                        && a.variant == (i == 1)
                        && a.rung == i.checked_sub(2)
                })
            })
    }
}

/// `Side` as `"A"` / `"B"`.
mod side_name {
    use fleetlab_engine::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *side == Side::A { "A" } else { "B" })
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        match String::deserialize(d)?.as_str() {
            "A" => Ok(Side::A),
            "B" => Ok(Side::B),
            other => Err(serde::de::Error::custom(format!(
                "side must be \"A\" or \"B\", got {other:?}"
            ))),
        }
    }
}

impl Plan {
    /// Check a plan read from a file against its `results` matchups: it describes exactly that
    /// many matchups and names only fleets/opponents it has (so report code may index with it).
    pub fn check(&self, results: usize) -> Result<(), String> {
        let (len, ok) = match self {
            Plan::Run => (results, true),
            Plan::Ab(ab) => (ab.arms.len(), ab.well_formed()),
            Plan::Matrix(mx) => (
                mx.cells.len(),
                mx.cells
                    .iter()
                    .all(|&(x, y)| x < mx.fleets && y < mx.fleets),
            ),
            Plan::Game(g) => (g.cells.len(), g.well_formed()),
        };
        if !ok {
            return Err("the plan names fleets or opponents it does not have".into());
        }
        if len != results {
            return Err(format!(
                "the {} plan describes {len} matchups but there are {results} results",
                self.kind()
            ));
        }
        Ok(())
    }
}

/// Default `swap_sides` of an A/B experiment.
pub const DEFAULT_SWAP_SIDES: bool = true;
/// Default `points_tolerance` of a matrix (5 %).
pub const DEFAULT_POINTS_TOLERANCE: f64 = 0.05;

#[derive(Deserialize)]
struct KindProbe {
    #[serde(default)]
    experiment: Option<KindTables>,
    #[serde(default)]
    matchup: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
struct KindTables {
    #[serde(default)]
    ab: Option<Spanned<AbTable>>,
    #[serde(default)]
    matrix: Option<Spanned<MatrixTable>>,
    #[serde(default)]
    game: Option<Spanned<GameTable>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbTable {
    base: Spanned<toml::Value>,
    variant: Spanned<toml::Value>,
    opponents: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    swap_sides: Option<bool>,
    #[serde(default)]
    ladder: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    fit: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatrixTable {
    fleets: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    points_tolerance: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameTable {
    a: Spanned<toml::Value>,
    b: Spanned<toml::Value>,
    #[serde(default)]
    policies: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    #[serde(default)]
    race: Option<Spanned<toml::Value>>,
    #[serde(default)]
    search: Option<Spanned<SearchTable>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchTable {
    #[serde(default)]
    rollouts: Option<Spanned<i64>>,
    #[serde(default)]
    exploration: Option<Spanned<f64>>,
}

/// A copied side: where it sits in the generated text and where the user wrote it.
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    generated: Range<usize>,
    original: Range<usize>,
    /// `matchup[k].a` / `matchup[k].b` as the rule system names it.
    generated_field: String,
    /// e.g. `experiment.ab.opponents[1]`.
    original_field: String,
    /// Whether the generated text is the user's text, byte for byte (so spans inside it map
    /// by offset); a policy game's sides are composed, and map to `original` as a whole —
    /// except the fleet, which maps to `fleet` (span and field).
    verbatim: bool,
    fleet: Option<(Range<usize>, String)>,
}

/// An experiment file's kind, expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion {
    /// What the matchups are.
    pub plan: Plan,
    /// `[[matchup]]` entries to append to the experiment's text ("" for a plain run).
    pub text: String,
    pieces: Vec<Piece>,
    /// Where the kind's table is (for problems with a whole generated matchup).
    table: Option<(Range<usize>, String)>,
    /// Where each ladder rung is written (for problems with its points).
    ladder: Vec<Range<usize>>,
}

impl Expansion {
    /// Map a problem the rule system found at `span` / `field` of the extended text back to
    /// what the user wrote. Returns the span and field to report.
    pub fn locate(
        &self,
        span: Option<Range<usize>>,
        field: &str,
    ) -> (Option<Range<usize>>, String) {
        for p in &self.pieces {
            if let Some(rest) = field.strip_prefix(&p.generated_field)
                && (rest.is_empty() || rest.starts_with('.'))
            {
                if !p.verbatim {
                    if let Some((at, name)) = &p.fleet
                        && rest.starts_with(".fleet")
                    {
                        return (Some(at.clone()), format!("{name}{rest}"));
                    }
                    return (
                        Some(p.original.clone()),
                        format!("{}{rest}", p.original_field),
                    );
                }
                let span = span.map(|s| {
                    if s.start >= p.generated.start && s.end <= p.generated.end {
                        s.start - p.generated.start + p.original.start
                            ..s.end - p.generated.start + p.original.start
                    } else {
                        p.original.clone()
                    }
                });
                return (span, format!("{}{rest}", p.original_field));
            }
        }
        match &self.table {
            Some((at, name)) if field.starts_with("matchup[") => (
                Some(at.clone()),
                format!("{name} ({field} of the expansion)"),
            ),
            _ => (span, field.to_owned()),
        }
    }
}

impl Expansion {
    /// Check what the fair-cost search needs of an A/B ladder, once the rule system has built
    /// the matchups: the base, the variant and every rung have points, and the base and rungs
    /// are not all at the same points (a line needs two). `src` is the experiment file.
    pub fn check_ladder<M>(
        &self,
        src: &Source,
        matchups: &[NamedMatchup<M>],
    ) -> Result<(), ConfigError> {
        let Plan::Ab(ab) = &self.plan else {
            return Ok(());
        };
        let Some(group) = ab.groups().next().filter(|_| ab.rungs > 0) else {
            return Ok(());
        };
        let mut ladder_points = Vec::new();
        for k in group {
            let arm = ab.arms[k];
            let m = &matchups[k];
            let s = arm.subject.index();
            let Some(points) = m.points[s] else {
                let (span, field) = match arm.rung {
                    Some(r) => (self.ladder[r].clone(), format!("experiment.ab.ladder[{r}]")),
                    None => (
                        self.table.as_ref().map_or(0..0, |t| t.0.clone()),
                        "experiment.ab".to_owned(),
                    ),
                };
                return Err(err(
                    src,
                    span,
                    &field,
                    format!(
                        "the fair-cost search prices fleets in points, and these rules give \
                         fleet `{}` none; remove `ladder` for a plain A/B comparison",
                        m.fleets[s]
                    ),
                ));
            };
            if !arm.variant {
                ladder_points.push(points);
            }
        }
        if ladder_points.iter().all(|&p| p == ladder_points[0]) {
            return Err(err(
                src,
                self.ladder[0].clone(),
                "experiment.ab.ladder",
                format!(
                    "every rung has the base fleet's points ({}): a ladder needs the base fleet \
                     bought up or down to other points (a ship more or less, an upgrade), so a \
                     score-per-points line can be fitted",
                    ladder_points[0]
                ),
            ));
        }
        Ok(())
    }
}

fn err(src: &Source, span: Range<usize>, field: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::one(
        &src.path,
        Some(crate::load::line_col(&src.text, span.start)),
        Some(field.into()),
        message,
    )
}

/// Read the experiment file's kind and expand it. `src` is the experiment file (the first
/// document); its `[experiment.ab]` / `[experiment.matrix]` / `[experiment.game]` tables are
/// checked here. `presets` are the rule system's policy presets (a policy game's default set).
pub fn expand(src: &Source, presets: &[&str]) -> Result<Expansion, ConfigError> {
    let probe: KindProbe = crate::load::parse_with_path(src)?;
    let tables = probe.experiment.unwrap_or(KindTables {
        ab: None,
        matrix: None,
        game: None,
    });
    let kinds: Vec<(Range<usize>, &str)> = [
        tables.ab.as_ref().map(|t| (t.span(), "ab")),
        tables.matrix.as_ref().map(|t| (t.span(), "matrix")),
        tables.game.as_ref().map(|t| (t.span(), "game")),
    ]
    .into_iter()
    .flatten()
    .collect();
    if let [_, (second, _), ..] = kinds.as_slice() {
        let names: Vec<String> = kinds
            .iter()
            .map(|(_, k)| format!("`[experiment.{k}]`"))
            .collect();
        return Err(err(
            src,
            second.clone(),
            "experiment",
            format!(
                "an experiment has one kind, this one has {}; split it into one file per kind",
                names.join(" and ")
            ),
        ));
    }
    if let (Some(m), Some((_, kind))) = (&probe.matchup, kinds.first()) {
        return Err(err(
            src,
            m.span(),
            "matchup",
            format!(
                "this experiment's matchups come from its `[experiment.{kind}]` table; remove \
                 the `[[matchup]]` entries (or put them in a plain experiment file)"
            ),
        ));
    }
    let mut b = Builder {
        src,
        text: String::new(),
        pieces: Vec::new(),
        base: src.text.len() + 1,
        count: 0,
    };
    let plan = if let Some(ab) = &tables.ab {
        let t = ab.get_ref();
        if t.opponents.is_empty() {
            return Err(err(
                src,
                ab.span(),
                "experiment.ab.opponents",
                "at least one opponent is needed: `opponents = [{ fleet = \"...\" }, ...]`",
            ));
        }
        let swap = t.swap_sides.unwrap_or(DEFAULT_SWAP_SIDES);
        let mut arms = Vec::new();
        for (o, opp) in t.opponents.iter().enumerate() {
            let opp_field = format!("experiment.ab.opponents[{o}]");
            let orientations: &[Side] = if swap {
                &[Side::A, Side::B]
            } else {
                &[Side::A]
            };
            for &subject in orientations {
                let fixed = [
                    (false, None, &t.base, "experiment.ab.base".to_owned()),
                    (true, None, &t.variant, "experiment.ab.variant".to_owned()),
                ];
                let rungs =
                    t.ladder.iter().enumerate().map(|(r, side)| {
                        (false, Some(r), side, format!("experiment.ab.ladder[{r}]"))
                    });
                for (variant, rung, side, field) in fixed.into_iter().chain(rungs) {
                    let subject_side = (side, field);
                    let opponent_side = (opp, opp_field.clone());
                    if subject == Side::A {
                        b.matchup(subject_side, opponent_side)?;
                    } else {
                        b.matchup(opponent_side, subject_side)?;
                    }
                    arms.push(AbArm {
                        variant,
                        rung,
                        opponent: o,
                        subject,
                    });
                }
            }
        }
        let fit = match &t.fit {
            None => Fit::Line,
            Some(f) if t.ladder.is_empty() => {
                return Err(err(
                    src,
                    f.span(),
                    "experiment.ab.fit",
                    "`fit` shapes the fair-cost ladder's line, and this A/B has no `ladder`; \
                     add one or remove `fit`",
                ));
            }
            Some(f) => Fit::from_name(f.get_ref()).ok_or_else(|| {
                err(
                    src,
                    f.span(),
                    "experiment.ab.fit",
                    format!(
                        "`{}` is not a fit; allowed: {} (`logit` for a ladder whose score \
                         bends towards 0 or 1)",
                        f.get_ref(),
                        Fit::NAMES.join(", ")
                    ),
                )
            })?,
        };
        Plan::Ab(AbPlan {
            arms,
            opponents: t.opponents.len(),
            rungs: t.ladder.len(),
            fit,
        })
    } else if let Some(m) = &tables.matrix {
        let t = m.get_ref();
        if t.fleets.len() < 2 {
            return Err(err(
                src,
                m.span(),
                "experiment.matrix.fleets",
                "a matrix needs at least two fleets: `fleets = [{ fleet = \"...\" }, ...]`",
            ));
        }
        let tolerance = match &t.points_tolerance {
            None => DEFAULT_POINTS_TOLERANCE,
            Some(v) if (0.0..=1.0).contains(v.get_ref()) => *v.get_ref(),
            Some(v) => {
                return Err(err(
                    src,
                    v.span(),
                    "experiment.matrix.points_tolerance",
                    format!(
                        "{} is out of range: a fraction of the larger fleet's points, 0 to 1 \
                         (0.05 = 5%)",
                        v.get_ref()
                    ),
                ));
            }
        };
        let mut cells = Vec::new();
        let n = t.fleets.len();
        for i in 0..n {
            for j in i + 1..n {
                for (x, y) in [(i, j), (j, i)] {
                    b.matchup(
                        (&t.fleets[x], format!("experiment.matrix.fleets[{x}]")),
                        (&t.fleets[y], format!("experiment.matrix.fleets[{y}]")),
                    )?;
                    cells.push((x, y));
                }
            }
        }
        Plan::Matrix(MatrixPlan {
            fleets: n,
            cells,
            points_tolerance: tolerance,
        })
    } else if let Some(g) = &tables.game {
        Plan::Game(expand_game(&mut b, g, presets)?)
    } else {
        Plan::Run
    };
    let table = match &plan {
        Plan::Ab(_) => tables
            .ab
            .as_ref()
            .map(|t| (t.span(), "experiment.ab".into())),
        Plan::Matrix(_) => tables
            .matrix
            .as_ref()
            .map(|t| (t.span(), "experiment.matrix".into())),
        Plan::Game(_) => tables
            .game
            .as_ref()
            .map(|t| (t.span(), "experiment.game".into())),
        Plan::Run => None,
    };
    let ladder = tables
        .ab
        .as_ref()
        .map(|t| t.get_ref().ladder.iter().map(Spanned::span).collect())
        .unwrap_or_default();
    Ok(Expansion {
        plan,
        text: b.text,
        pieces: b.pieces,
        table,
        ladder,
    })
}

/// One side of a policy game: its table without `policies`, and its policy entries (each with
/// where it was written), labelled.
struct GameSide {
    base: toml::Table,
    span: Range<usize>,
    field: String,
    policies: Vec<GamePolicy>,
}

/// One policy of a policy game's side.
struct GamePolicy {
    /// How reports name it (the preset, or `preset (key = value, ...)`).
    label: String,
    /// The side-table keys it sets (`policy = ...` and any overrides).
    keys: toml::Table,
    /// Where the user wrote it, and its field path there.
    span: Range<usize>,
    field: String,
}

fn game_side(
    src: &Source,
    side: &Spanned<toml::Value>,
    name: &str,
    shared: Option<&Spanned<Vec<Spanned<toml::Value>>>>,
    presets: &[&str],
) -> Result<GameSide, ConfigError> {
    let field = format!("experiment.game.{name}");
    let Some(table) = side.get_ref().as_table() else {
        return Err(err(
            src,
            side.span(),
            &field,
            "write each side as an inline table, e.g. `{ fleet = \"line-beam\", policies = \
             [\"brawler\", \"standoff\"] }`",
        ));
    };
    let mut base = table.clone();
    let own = base.remove("policies");
    // The side's own list, else the game's, else every preset of the rule system.
    let entries: Vec<(toml::Value, Range<usize>, String)> = match own {
        Some(toml::Value::Array(list)) => list
            .into_iter()
            .enumerate()
            .map(|(i, v)| (v, side.span(), format!("{field}.policies[{i}]")))
            .collect(),
        Some(_) => {
            return Err(err(
                src,
                side.span(),
                &format!("{field}.policies"),
                "expected an array of presets (`[\"brawler\", \"standoff\"]`) or policy tables \
                 (`[{ policy = \"standoff\", range = 18 }]`)",
            ));
        }
        None => match shared {
            Some(list) => list
                .get_ref()
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    (
                        v.get_ref().clone(),
                        v.span(),
                        format!("experiment.game.policies[{i}]"),
                    )
                })
                .collect(),
            None => presets
                .iter()
                .map(|p| (toml::Value::String((*p).into()), side.span(), field.clone()))
                .collect(),
        },
    };
    if entries.is_empty() {
        return Err(err(
            src,
            side.span(),
            &format!("{field}.policies"),
            "a side of a policy game needs at least one policy",
        ));
    }
    let mut policies: Vec<GamePolicy> = Vec::new();
    for (value, span, at) in entries {
        let points: Vec<toml::Table> = match value {
            toml::Value::String(preset) => {
                let mut t = toml::Table::new();
                t.insert("policy".into(), toml::Value::String(preset));
                vec![t]
            }
            toml::Value::Table(t) => {
                if let Some(k) = ["fleet", "policies"].iter().find(|k| t.contains_key(**k)) {
                    return Err(err(
                        src,
                        span,
                        &at,
                        format!(
                            "`{k}` belongs to the side (`experiment.game.{name}`), not to one \
                             of its policies"
                        ),
                    ));
                }
                // A grid over one of the preset's parameters is one policy per point.
                crate::policy_grid::expand(&t).map_err(|(field, message)| {
                    err(src, span.clone(), &format!("{at}.{field}"), message)
                })?
            }
            other => {
                return Err(err(
                    src,
                    span,
                    &at,
                    format!(
                        "expected a preset name or a policy table, found {}",
                        other.type_str()
                    ),
                ));
            }
        };
        for keys in points {
            let label = policy_label(&keys);
            if policies.iter().any(|p| p.label == label) {
                return Err(err(
                    src,
                    span,
                    &at,
                    format!("policy `{label}` is listed twice for side {name}: list each once"),
                ));
            }
            policies.push(GamePolicy {
                label,
                keys,
                span: span.clone(),
                field: at.clone(),
            });
        }
    }
    Ok(GameSide {
        base,
        span: side.span(),
        field,
        policies,
    })
}

/// How reports name a policy table: the preset, or `preset (key = value, ...)`.
fn policy_label(t: &toml::Table) -> String {
    let mut rest = t.clone();
    match rest.remove("policy") {
        Some(toml::Value::String(p)) if rest.is_empty() => p,
        Some(toml::Value::String(p)) => {
            let inner = crate::mirror::inline(&toml::Value::Table(rest));
            format!(
                "{p} ({})",
                inner.trim_start_matches("{ ").trim_end_matches(" }")
            )
        }
        _ => crate::mirror::inline(&toml::Value::Table(t.clone())),
    }
}

fn expand_game(
    b: &mut Builder<'_>,
    g: &Spanned<GameTable>,
    presets: &[&str],
) -> Result<GamePlan, ConfigError> {
    let t = g.get_ref();
    let a = game_side(b.src, &t.a, "a", t.policies.as_ref(), presets)?;
    let bs = game_side(b.src, &t.b, "b", t.policies.as_ref(), presets)?;
    let mut cells = Vec::new();
    for half in [GameHalf::Select, GameHalf::Evaluate] {
        for (row, pa) in a.policies.iter().enumerate() {
            for (col, pb) in bs.policies.iter().enumerate() {
                b.composed_matchup(&a, pa, &bs, pb);
                cells.push(GameCell {
                    row,
                    col,
                    half,
                    search: None,
                });
            }
        }
    }
    let search = t
        .search
        .as_ref()
        .map(|s| game_search(b.src, s))
        .transpose()?;
    let race = t
        .race
        .as_ref()
        .map(|r| race_plan(b.src, r))
        .transpose()?
        .flatten();
    if search.is_some() {
        // Each side's search player (setting up with its first policy) against every policy
        // of the other side, on the evaluate half's dice.
        for (col, pb) in bs.policies.iter().enumerate() {
            b.composed_matchup(&a, &a.policies[0], &bs, pb);
            cells.push(GameCell {
                row: 0,
                col,
                half: GameHalf::Evaluate,
                search: Some(SearchSide::A),
            });
        }
        for (row, pa) in a.policies.iter().enumerate() {
            b.composed_matchup(&a, pa, &bs, &bs.policies[0]);
            cells.push(GameCell {
                row,
                col: 0,
                half: GameHalf::Evaluate,
                search: Some(SearchSide::B),
            });
        }
    }
    Ok(GamePlan {
        a_policies: a.policies.iter().map(|p| p.label.clone()).collect(),
        b_policies: bs.policies.iter().map(|p| p.label.clone()).collect(),
        cells,
        race,
        search,
    })
}

/// Most rollouts per decision a search player may be given.
pub const MAX_ROLLOUTS: i64 = 4096;

/// `search = { rollouts = 32, exploration = 1.41 }`, checked.
fn game_search(src: &Source, t: &Spanned<SearchTable>) -> Result<GameSearch, ConfigError> {
    let defaults = fleetlab_engine::search::SearchSettings::default();
    let rollouts = match &t.get_ref().rollouts {
        None => defaults.rollouts,
        Some(r) if (1..=MAX_ROLLOUTS).contains(r.get_ref()) => *r.get_ref() as u32,
        Some(r) => {
            return Err(err(
                src,
                r.span(),
                "experiment.game.search.rollouts",
                format!(
                    "{} is out of range: rollouts per decision must be 1..={MAX_ROLLOUTS}",
                    r.get_ref()
                ),
            ));
        }
    };
    let exploration = match &t.get_ref().exploration {
        None => defaults.exploration,
        Some(c) if (0.0..=10.0).contains(c.get_ref()) => *c.get_ref(),
        Some(c) => {
            return Err(err(
                src,
                c.span(),
                "experiment.game.search.exploration",
                format!(
                    "{} is out of range: UCB1's exploration constant must be 0..=10",
                    c.get_ref()
                ),
            ));
        }
    };
    Ok(GameSearch {
        rollouts,
        exploration,
    })
}

/// `race = true | false | { stage = N, alpha = A }` of a policy game.
fn race_plan(src: &Source, v: &Spanned<toml::Value>) -> Result<Option<RacePlan>, ConfigError> {
    let field = "experiment.game.race";
    let mut plan = RacePlan {
        stage: DEFAULT_RACE_STAGE,
        alpha: DEFAULT_RACE_ALPHA,
        dropped: Vec::new(),
    };
    let table = match v.get_ref() {
        toml::Value::Boolean(false) => return Ok(None),
        toml::Value::Boolean(true) => return Ok(Some(plan)),
        toml::Value::Table(t) => t,
        other => {
            return Err(err(
                src,
                v.span(),
                field,
                format!(
                    "expected `true`, `false` or a table `{{ stage = {DEFAULT_RACE_STAGE}, alpha \
                     = {DEFAULT_RACE_ALPHA} }}`, found {}",
                    other.type_str()
                ),
            ));
        }
    };
    for (key, value) in table {
        let at = format!("{field}.{key}");
        match (key.as_str(), value) {
            ("stage", toml::Value::Integer(n)) if *n >= MIN_RACE_STAGE as i64 => {
                plan.stage = *n as u64;
            }
            ("stage", other) => {
                return Err(err(
                    src,
                    v.span(),
                    &at,
                    format!(
                        "{} is not allowed: battles per pair of policies in each stage, an \
                         integer of at least {MIN_RACE_STAGE} (default {DEFAULT_RACE_STAGE})",
                        crate::mirror::inline(other)
                    ),
                ));
            }
            ("alpha", toml::Value::Float(a)) if *a > 0.0 && *a < 0.5 => plan.alpha = *a,
            ("alpha", other) => {
                return Err(err(
                    src,
                    v.span(),
                    &at,
                    format!(
                        "{} is not allowed: the probability of ever dropping a policy that is \
                         not dominated, a number strictly between 0 and 0.5 (default \
                         {DEFAULT_RACE_ALPHA})",
                        crate::mirror::inline(other)
                    ),
                ));
            }
            _ => {
                return Err(err(
                    src,
                    v.span(),
                    &at,
                    format!("unknown key `{key}`: `race` takes `stage` and `alpha`"),
                ));
            }
        }
    }
    Ok(Some(plan))
}

/// The dice key of each matchup. A plain matchup's key is the hash of its label (so
/// reordering matchups keeps their dice). In an A/B experiment the base's and the variant's
/// matchup against the same opponent in the same orientation share one key — common random
/// numbers: battle `i` of both starts from the same dice — derived from the opponent's side
/// label and the orientation.
pub fn dice_keys<M>(plan: &Plan, matchups: &[NamedMatchup<M>]) -> Vec<u64> {
    matchups
        .iter()
        .enumerate()
        .map(|(k, m)| match plan {
            Plan::Ab(ab) => {
                let arm = ab.arms[k];
                let opp = arm.subject.other().index();
                name_key(&format!(
                    "ab|{} ({})|subject {}",
                    m.fleets[opp], m.policies[opp], arm.subject
                ))
            }
            Plan::Game(g) => name_key(&format!(
                "game|{}|{}|{}",
                g.cells[k].half.name(),
                m.fleets[0],
                m.fleets[1]
            )),
            Plan::Run | Plan::Matrix(_) => name_key(&m.label),
        })
        .collect()
}

struct Builder<'a> {
    src: &'a Source,
    text: String,
    pieces: Vec<Piece>,
    /// Offset of the generated text in the extended document (after a separating newline).
    base: usize,
    count: usize,
}

impl Builder<'_> {
    fn matchup(
        &mut self,
        a: (&Spanned<toml::Value>, String),
        b: (&Spanned<toml::Value>, String),
    ) -> Result<(), ConfigError> {
        let k = self.count;
        self.count += 1;
        self.text.push_str("\n[[matchup]]\n");
        for (key, (value, field)) in [("a", a), ("b", b)] {
            let span = value.span();
            let written = &self.src.text[span.clone()];
            if !(value.get_ref().is_table() && written.starts_with('{')) {
                return Err(err(
                    self.src,
                    span,
                    &field,
                    "write each side as an inline table, e.g. `{ fleet = \"line-beam\", policy \
                     = \"brawler\" }` (the same keys as a `[[matchup]]` side)",
                ));
            }
            self.text.push_str(key);
            self.text.push_str(" = ");
            let start = self.base + self.text.len();
            self.text.push_str(written);
            self.pieces.push(Piece {
                generated: start..start + written.len(),
                original: span,
                generated_field: format!("matchup[{k}].{key}"),
                original_field: field,
                verbatim: true,
                fleet: None,
            });
            self.text.push('\n');
        }
        Ok(())
    }

    /// A matchup of a policy game: each side's table with one of its policies' keys.
    fn composed_matchup(&mut self, a: &GameSide, pa: &GamePolicy, b: &GameSide, pb: &GamePolicy) {
        let k = self.count;
        self.count += 1;
        self.text.push_str("\n[[matchup]]\n");
        for (key, side, policy) in [("a", a, pa), ("b", b, pb)] {
            let mut table = side.base.clone();
            table.extend(policy.keys.clone());
            let written = crate::mirror::inline(&toml::Value::Table(table));
            self.text.push_str(key);
            self.text.push_str(" = ");
            let start = self.base + self.text.len();
            self.text.push_str(&written);
            self.pieces.push(Piece {
                generated: start..start + written.len(),
                original: policy.span.clone(),
                generated_field: format!("matchup[{k}].{key}"),
                original_field: policy.field.clone(),
                verbatim: false,
                fleet: Some((side.span.clone(), side.field.clone())),
            });
            self.text.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn source(text: &str) -> Source {
        Source {
            path: PathBuf::from("exp.toml"),
            text: text.into(),
        }
    }

    const AB: &str = r#"rule_system = "x"
[experiment.ab]
base = { fleet = "b" }
variant = { fleet = "v", policy = "p" }
opponents = [{ fleet = "o1" }, { fleet = "o2" }]
"#;

    #[test]
    fn ab_expands_to_base_and_variant_per_opponent_and_orientation() {
        let e = expand(&source(AB), &[]).unwrap();
        let Plan::Ab(plan) = &e.plan else {
            panic!("not ab")
        };
        assert_eq!(plan.arms.len(), 8);
        assert_eq!(
            plan.arms[..4],
            [
                AbArm {
                    rung: None,
                    variant: false,
                    opponent: 0,
                    subject: Side::A
                },
                AbArm {
                    rung: None,
                    variant: true,
                    opponent: 0,
                    subject: Side::A
                },
                AbArm {
                    rung: None,
                    variant: false,
                    opponent: 0,
                    subject: Side::B
                },
                AbArm {
                    rung: None,
                    variant: true,
                    opponent: 0,
                    subject: Side::B
                },
            ]
        );
        assert!(e.text.starts_with(
            "\n[[matchup]]\na = { fleet = \"b\" }\nb = { fleet = \"o1\" }\n\n[[matchup]]\na = \
             { fleet = \"v\", policy = \"p\" }\nb = { fleet = \"o1\" }\n\n[[matchup]]\na = { \
             fleet = \"o1\" }\nb = { fleet = \"b\" }\n"
        ));
        // The extended document parses and has the eight matchups.
        let full = format!("{AB}\n{}", e.text);
        let v: toml::Value = toml::from_str(&full).unwrap();
        assert_eq!(v["matchup"].as_array().unwrap().len(), 8);
    }

    #[test]
    fn problems_in_generated_sides_point_at_what_the_user_wrote() {
        let e = expand(&source(AB), &[]).unwrap();
        let full = format!("{AB}\n{}", e.text);
        // Matchup 1 is variant (A) vs o1 (B); say the rule system rejects its A fleet name.
        let m1 = full.match_indices("[[matchup]]").nth(1).unwrap().0;
        let at = m1 + full[m1..].find("\"v\"").unwrap();
        let (span, field) = e.locate(Some(at..at + 3), "matchup[1].a.fleet");
        assert_eq!(field, "experiment.ab.variant.fleet");
        let span = span.unwrap();
        assert_eq!(&AB[span], "\"v\"");
        // Matchup 2 is o1 (A) vs base (B).
        let (_, field) = e.locate(None, "matchup[2].a.policy");
        assert_eq!(field, "experiment.ab.opponents[0].policy");
        let (_, field) = e.locate(None, "fleet[0].ship");
        assert_eq!(field, "fleet[0].ship");
    }

    #[test]
    fn matrix_plays_every_pairing_both_ways() {
        let text = "[experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" }, { fleet \
                    = \"c\" }]\npoints_tolerance = 0.1\n";
        let e = expand(&source(text), &[]).unwrap();
        let Plan::Matrix(plan) = &e.plan else {
            panic!("not a matrix")
        };
        assert_eq!(plan.cells, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        assert_eq!(plan.points_tolerance, 0.1);
    }

    #[test]
    fn game_plays_every_pair_in_two_halves() {
        let text = "[experiment.game]\na = { fleet = \"x\", policies = [\"p\", { policy = \
                    \"q\", range = 18 }] }\nb = { fleet = \"y\", orders = \"none\" }\n";
        let e = expand(&source(text), &["p", "q", "r"]).unwrap();
        let Plan::Game(plan) = &e.plan else {
            panic!("not a game")
        };
        assert_eq!(plan.a_policies, ["p", "q (range = 18)"]);
        assert_eq!(
            plan.b_policies,
            ["p", "q", "r"],
            "B defaults to every preset"
        );
        assert_eq!(plan.cells.len(), 12);
        assert!(plan.well_formed());
        assert_eq!(plan.half(GameHalf::Evaluate), (6..12).collect::<Vec<_>>());
        assert_eq!(
            plan.cells[4],
            GameCell {
                row: 1,
                col: 1,
                half: GameHalf::Select,
                search: None,
            }
        );
        let full = format!("{text}\n{}", e.text);
        let v: toml::Value = toml::from_str(&full).unwrap();
        let m = v["matchup"].as_array().unwrap();
        assert_eq!(m.len(), 12);
        assert_eq!(
            crate::mirror::inline(&m[4]["a"]),
            "{ fleet = \"x\", policy = \"q\", range = 18 }"
        );
        assert_eq!(
            crate::mirror::inline(&m[4]["b"]),
            "{ fleet = \"y\", orders = \"none\", policy = \"q\" }"
        );
        // A problem with a generated side points at the policy entry, a fleet problem at
        // the side.
        let (_, field) = e.locate(None, "matchup[4].a.range");
        assert_eq!(field, "experiment.game.a.policies[1].range");
        let (span, field) = e.locate(None, "matchup[4].b.fleet");
        assert_eq!(field, "experiment.game.b.fleet");
        assert_eq!(&text[span.unwrap()], "{ fleet = \"y\", orders = \"none\" }");
        assert!(Plan::Game(plan.clone()).check(12).is_ok());
        assert!(Plan::Game(plan.clone()).check(6).is_err());
    }

    #[test]
    fn a_search_player_adds_a_cell_per_side_and_opponent_policy() {
        let text = "[experiment.game]\na = { fleet = \"x\", policies = [\"p\", \"q\"] }\n\
                    b = { fleet = \"y\", policies = [\"p\", \"q\", \"r\"] }\n\
                    search = { rollouts = 9 }\n";
        let e = expand(&source(text), &[]).unwrap();
        let Plan::Game(plan) = &e.plan else {
            panic!("not a game")
        };
        // 2 × 3 pairs in two halves, then A's search player against each of B's 3 policies
        // and B's against each of A's 2.
        assert_eq!(plan.cells.len(), 12 + 3 + 2);
        assert!(plan.well_formed());
        assert_eq!(plan.half(GameHalf::Evaluate), (6..12).collect::<Vec<_>>());
        assert_eq!(
            plan.search_cells(),
            vec![
                (12, SearchSide::A, 0),
                (13, SearchSide::A, 1),
                (14, SearchSide::A, 2),
                (15, SearchSide::B, 0),
                (16, SearchSide::B, 1),
            ]
        );
        // A's player against B's `q` chooses among (p, q) and (q, q) of the evaluate half,
        // setting up with `p`; B's against A's `q` among (q, p), (q, q), (q, r).
        assert_eq!(plan.candidates(13), Some((vec![7, 10], 0)));
        assert_eq!(plan.candidates(16), Some((vec![9, 10, 11], 0)));
        assert_eq!(plan.candidates(3), None);
        assert_eq!(plan.search.map(|s| s.rollouts), Some(9));
        assert!(Plan::Game(plan.clone()).check(17).is_ok());
        let mut short = plan.clone();
        short.cells.pop();
        assert!(!short.well_formed(), "a missing search cell");
    }

    #[test]
    fn game_grid_is_one_labelled_policy_per_point() {
        let text = "[experiment.game]\na = { fleet = \"x\", policies = [\"p\", { policy = \"q\", \
                    grid = { key = \"range\", from = 10, to = 18, step = 4 } }] }\nb = { fleet = \
                    \"y\" }\n";
        let e = expand(&source(text), &["p", "q"]).unwrap();
        let Plan::Game(plan) = &e.plan else {
            panic!("not a game")
        };
        assert_eq!(
            plan.a_policies,
            ["p", "q (range = 10)", "q (range = 14)", "q (range = 18)"]
        );
        assert_eq!(plan.cells.len(), 2 * 4 * 2);
        // A problem with a grid point points at the entry.
        let (_, field) = e.locate(None, "matchup[5].a.range");
        assert_eq!(field, "experiment.game.a.policies[1].range");
    }

    #[test]
    fn race_drops_must_name_policies_of_the_game() {
        let text = "[experiment.game]\na = { fleet = \"x\" }\nb = { fleet = \"y\" }\nrace = true\n";
        let Plan::Game(mut plan) = expand(&source(text), &["p", "q"]).unwrap().plan else {
            panic!("not a game")
        };
        let drop = |policy, beaten_by| DroppedPolicy {
            side: Side::B,
            policy,
            beaten_by,
            stage: 1,
            after_battles: 1024,
        };
        plan.race.as_mut().unwrap().dropped = vec![drop(1, 0)];
        assert!(Plan::Game(plan.clone()).check(8).is_ok());
        assert_eq!(plan.in_play(), (vec![true, true], vec![true, false]));
        for bad in [
            vec![drop(2, 0)],
            vec![drop(1, 1)],
            vec![drop(1, 0), drop(1, 0)],
        ] {
            plan.race.as_mut().unwrap().dropped = bad;
            assert!(Plan::Game(plan.clone()).check(8).is_err());
        }
    }

    #[test]
    fn game_race_reads_true_or_a_table() {
        let game = |race: &str| {
            let text = format!(
                "[experiment.game]\na = {{ fleet = \"x\" }}\nb = {{ fleet = \"y\" }}\n{race}\n"
            );
            match expand(&source(&text), &["p", "q"]).unwrap().plan {
                Plan::Game(g) => g.race,
                _ => panic!("not a game"),
            }
        };
        assert_eq!(game(""), None);
        assert_eq!(game("race = false"), None);
        let default = game("race = true").unwrap();
        assert_eq!(
            (default.stage, default.alpha),
            (DEFAULT_RACE_STAGE, DEFAULT_RACE_ALPHA)
        );
        let set = game("race = { stage = 500, alpha = 0.01 }").unwrap();
        assert_eq!((set.stage, set.alpha), (500, 0.01));
        assert!(set.dropped.is_empty());
    }

    #[test]
    fn game_dice_are_shared_within_a_half_and_differ_between_halves() {
        let plan = GamePlan {
            a_policies: vec!["p".into(), "q".into()],
            b_policies: vec!["p".into()],
            cells: [GameHalf::Select, GameHalf::Evaluate]
                .into_iter()
                .flat_map(|half| {
                    (0..2).map(move |row| GameCell {
                        row,
                        col: 0,
                        half,
                        search: None,
                    })
                })
                .collect(),
            search: None,
            race: None,
        };
        let named = |label: &str| NamedMatchup {
            label: label.into(),
            fleets: ["x".into(), "y".into()],
            policies: ["p".into(), "p".into()],
            points: [None, None],
            ship_names: vec![],
            ship_points: vec![],
            ship_sides: vec![],
            matchup: (),
        };
        let ms: Vec<_> = ["a", "b", "c", "d"].iter().map(|l| named(l)).collect();
        let keys = dice_keys(&Plan::Game(plan), &ms);
        assert_eq!(keys[0], keys[1]);
        assert_eq!(keys[2], keys[3]);
        assert_ne!(keys[0], keys[2]);
    }

    #[test]
    fn bad_kind_tables_are_located() {
        let cases = [
            (
                "[experiment.ab]\nbase = \"b\"\nvariant = { fleet = \"v\" }\nopponents = [{ \
                 fleet = \"o\" }]\n",
                "experiment.ab.base",
                "inline table",
            ),
            (
                "[experiment.ab]\nbase = { fleet = \"b\" }\nvariant = { fleet = \"v\" }\nopponents = []\n",
                "experiment.ab.opponents",
                "at least one opponent",
            ),
            (
                "[experiment.matrix]\nfleets = [{ fleet = \"a\" }]\n",
                "experiment.matrix.fleets",
                "at least two",
            ),
            (
                "[experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" }]\npoints_tolerance = 3.0\n",
                "experiment.matrix.points_tolerance",
                "out of range",
            ),
            (
                "[experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" }]\n[[matchup]]\na = {}\nb = {}\n",
                "matchup",
                "remove the `[[matchup]]`",
            ),
            (
                "[experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" }]\nfleet = 3\n",
                "experiment.matrix",
                "unknown field `fleet`",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\" }\nb = { fleet = \"b\" }\n\
                 [experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" }]\n",
                "experiment",
                "one kind",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\", policies = [\"p\", \"p\"] }\nb = { fleet = \"b\" }\n",
                "experiment.game.a.policies[1]",
                "listed twice",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\", policies = [] }\nb = { fleet = \"b\" }\n",
                "experiment.game.a.policies",
                "at least one policy",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\", policies = [{ fleet = \"c\" }] }\nb = { fleet = \"b\" }\n",
                "experiment.game.a.policies[0]",
                "belongs to the side",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\" }\nb = \"b\"\n",
                "experiment.game.b",
                "inline table",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\" }\nb = { fleet = \"b\" }\npolicies = [3]\n",
                "experiment.game.policies[0]",
                "preset name or a policy table",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\" }\nb = { fleet = \"b\" }\nrace = 3\n",
                "experiment.game.race",
                "expected `true`, `false` or a table",
            ),
            (
                "[experiment.game]\na = { fleet = \"a\" }\nb = { fleet = \"b\" }\nrace = { alpha = 0.9 }\n",
                "experiment.game.race.alpha",
                "strictly between 0 and 0.5",
            ),
        ];
        for (text, field, message) in cases {
            let e = expand(&source(text), &["p"]).unwrap_err();
            let p = &e.problems[0];
            assert!(
                p.field.as_deref().is_some_and(|f| f.starts_with(field)),
                "{text}: {e}"
            );
            assert!(p.message.contains(message), "{text}: {e}");
            assert!(p.line_col.is_some(), "{text}: {e}");
        }
    }
}
