//! Experiment kinds beyond a plain list of matchups: `[experiment.ab]` (a base fleet and a
//! variant against the same opponents on the same dice) and `[experiment.matrix]` (a round
//! robin of fleets, every pairing played with sides swapped).
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
}

impl Plan {
    /// The kind's name in manifests and baselines.
    pub fn kind(&self) -> &'static str {
        match self {
            Plan::Run => "run",
            Plan::Ab(_) => "ab",
            Plan::Matrix(_) => "matrix",
        }
    }
}

/// `[experiment.ab]`, expanded: for each opponent (and orientation, with `swap_sides`), one
/// matchup of the base and one of the variant, which share their dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbPlan {
    /// One entry per generated matchup.
    pub arms: Vec<AbArm>,
    /// Number of opponents.
    pub opponents: usize,
}

/// One matchup of an A/B experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbArm {
    /// The variant (true) or the base (false) plays.
    pub variant: bool,
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

impl AbPlan {
    /// The (base, variant) matchup index pairs: the variant's matchup directly follows the
    /// base's against the same opponent in the same orientation.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.arms.len())
            .step_by(2)
            .map(|k| (k, k + 1))
            .filter(|&(b, v)| v < self.arms.len() && !self.arms[b].variant && self.arms[v].variant)
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
            Plan::Ab(ab) => (
                ab.arms.len(),
                ab.arms.iter().all(|a| a.opponent < ab.opponents),
            ),
            Plan::Matrix(mx) => (
                mx.cells.len(),
                mx.cells
                    .iter()
                    .all(|&(x, y)| x < mx.fleets && y < mx.fleets),
            ),
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbTable {
    base: Spanned<toml::Value>,
    variant: Spanned<toml::Value>,
    opponents: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    swap_sides: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatrixTable {
    fleets: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    points_tolerance: Option<Spanned<f64>>,
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

fn err(src: &Source, span: Range<usize>, field: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::one(
        &src.path,
        Some(crate::load::line_col(&src.text, span.start)),
        Some(field.into()),
        message,
    )
}

/// Read the experiment file's kind and expand it. `src` is the experiment file (the first
/// document); its `[experiment.ab]` / `[experiment.matrix]` tables are checked here.
pub fn expand(src: &Source) -> Result<Expansion, ConfigError> {
    let probe: KindProbe = crate::load::parse_with_path(src)?;
    let tables = probe.experiment.unwrap_or(KindTables {
        ab: None,
        matrix: None,
    });
    let kind_table = tables
        .ab
        .as_ref()
        .map(|t| t.span())
        .or(tables.matrix.as_ref().map(|t| t.span()));
    if let (Some(ab), Some(_)) = (&tables.ab, &tables.matrix) {
        return Err(err(
            src,
            ab.span(),
            "experiment",
            "an experiment has one kind: `[experiment.ab]` or `[experiment.matrix]`, not both; \
             split it into two files",
        ));
    }
    if let (Some(m), Some(_)) = (&probe.matchup, kind_table) {
        return Err(err(
            src,
            m.span(),
            "matchup",
            "this experiment's matchups come from its `[experiment.ab]` / `[experiment.matrix]` \
             table; remove the `[[matchup]]` entries (or put them in a plain experiment file)",
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
                for (variant, side, field) in [
                    (false, &t.base, "experiment.ab.base"),
                    (true, &t.variant, "experiment.ab.variant"),
                ] {
                    let subject_side = (side, field.to_owned());
                    let opponent_side = (opp, opp_field.clone());
                    if subject == Side::A {
                        b.matchup(subject_side, opponent_side)?;
                    } else {
                        b.matchup(opponent_side, subject_side)?;
                    }
                    arms.push(AbArm {
                        variant,
                        opponent: o,
                        subject,
                    });
                }
            }
        }
        Plan::Ab(AbPlan {
            arms,
            opponents: t.opponents.len(),
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
        Plan::Run => None,
    };
    Ok(Expansion {
        plan,
        text: b.text,
        pieces: b.pieces,
        table,
    })
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
            });
            self.text.push('\n');
        }
        Ok(())
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
        let e = expand(&source(AB)).unwrap();
        let Plan::Ab(plan) = &e.plan else {
            panic!("not ab")
        };
        assert_eq!(plan.arms.len(), 8);
        assert_eq!(
            plan.arms[..4],
            [
                AbArm {
                    variant: false,
                    opponent: 0,
                    subject: Side::A
                },
                AbArm {
                    variant: true,
                    opponent: 0,
                    subject: Side::A
                },
                AbArm {
                    variant: false,
                    opponent: 0,
                    subject: Side::B
                },
                AbArm {
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
        let e = expand(&source(AB)).unwrap();
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
        let e = expand(&source(text)).unwrap();
        let Plan::Matrix(plan) = &e.plan else {
            panic!("not a matrix")
        };
        assert_eq!(plan.cells, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        assert_eq!(plan.points_tolerance, 0.1);
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
        ];
        for (text, field, message) in cases {
            let e = expand(&source(text)).unwrap_err();
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
