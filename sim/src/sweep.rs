//! `[experiment.sweep]`: the experiment played once per value of one setting — a weapon's
//! damage, a design's size, a cost, a house rule — and each matchup's score drawn against the
//! value: the curve a designer balances by.
//!
//! ```toml
//! [experiment.sweep]
//! set = "design[name=destroyer].size"   # a path into the experiment's documents
//! values = [2, 3, 4]
//! ```
//!
//! The path's segments are separated by `.`; each is a key (`house_rules`), a key with an
//! index into an array (`weapons[0]`), or a key with a selector that picks the one table of an
//! array of tables whose field has a value (`design[name=destroyer]`). It must lead to a
//! setting in exactly one of the experiment's documents (the experiment file or a file it
//! includes). Where a selector or an index picked the table, its last key may be absent (an
//! optional field: it is added). A path of plain keys must find its key; found in no
//! document, it is added to the experiment file (`house_rules.turn_cap`).
//!
//! Every point plays the same matchups with the same seed, so battle `i` of a matchup rolls
//! the same dice at every value (common random numbers: the curve's steps are smoother than
//! its pointwise intervals suggest). Each point is a complete experiment with its own report.

use std::cell::RefCell;
use std::path::Path;

use serde::Deserialize;

use crate::load::{ConfigError, Source};

/// The `[experiment.sweep]` table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    /// The path of the setting (see the module docs).
    pub set: String,
    /// Its values, in the order played (numbers, strings or booleans; 2 to 64 of them).
    pub values: Vec<toml::Value>,
}

/// Most values a sweep takes.
pub const MAX_VALUES: usize = 64;

/// One segment of a sweep path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// `key`.
    Key(String),
    /// `key[N]`: element `N` of the array `key`.
    Index(String, usize),
    /// `key[field=value]`: the table of the array `key` whose `field` is `value`.
    Select(String, String, String),
}

/// Parse a sweep path (`design[name=destroyer].weapons[0].type`).
pub fn parse_path(path: &str) -> Result<Vec<Segment>, String> {
    let bad = |why: &str| {
        format!(
            "`{path}`: {why}; a path is keys separated by `.`, each `key`, `key[N]` or \
             `key[field=value]` (e.g. `design[name=destroyer].size`, `house_rules.turn_cap`)"
        )
    };
    let mut segments = Vec::new();
    for part in path.split('.') {
        let part = part.trim();
        let (key, sel) = match part.split_once('[') {
            Some((k, rest)) => {
                let inner = rest
                    .strip_suffix(']')
                    .ok_or_else(|| bad("a `[` without `]`"))?;
                (k.trim(), Some(inner.trim()))
            }
            None => (part, None),
        };
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(bad(&format!("`{part}` is not a key")));
        }
        segments.push(match sel {
            None => Segment::Key(key.to_owned()),
            Some(sel) => match sel.split_once('=') {
                Some((field, value)) if !field.trim().is_empty() => Segment::Select(
                    key.to_owned(),
                    field.trim().to_owned(),
                    value.trim().trim_matches('"').to_owned(),
                ),
                Some(_) => return Err(bad(&format!("`[{sel}]` has no field name"))),
                None => Segment::Index(
                    key.to_owned(),
                    sel.parse().map_err(|_| {
                        bad(&format!("`[{sel}]` is neither an index nor `field=value`"))
                    })?,
                ),
            },
        });
    }
    Ok(segments)
}

/// The table the path's segments before the last lead to in `doc` (`None`: the path does not
/// resolve there). With `create`, missing plain keys become tables.
fn parent<'a>(
    doc: &'a mut toml::Table,
    path: &[Segment],
    create: bool,
) -> Option<&'a mut toml::Table> {
    let mut table = doc;
    for seg in &path[..path.len() - 1] {
        let next = match seg {
            Segment::Key(k) => {
                if create && !table.contains_key(k) {
                    table.insert(k.clone(), toml::Value::Table(toml::Table::new()));
                }
                table.get_mut(k)?
            }
            Segment::Index(k, i) => table.get_mut(k)?.as_array_mut()?.get_mut(*i)?,
            Segment::Select(k, field, value) => {
                let mut hits = table
                    .get_mut(k)?
                    .as_array_mut()?
                    .iter_mut()
                    .filter(|t| t.get(field).is_some_and(|v| matches_text(v, value)));
                let hit = hits.next()?;
                if hits.next().is_some() {
                    return None;
                }
                hit
            }
        };
        table = next.as_table_mut()?;
    }
    Some(table)
}

fn matches_text(v: &toml::Value, text: &str) -> bool {
    match v {
        toml::Value::String(s) => s == text,
        other => other.to_string() == text,
    }
}

/// Set the path's last segment to `value` in `doc`. Returns whether the path resolved there.
pub fn apply(doc: &mut toml::Table, path: &[Segment], value: &toml::Value, create: bool) -> bool {
    let Some(table) = parent(doc, path, create) else {
        return false;
    };
    // An absent last key is added where a selector or an index picked the table (an optional
    // field of one design), or when asked to; a path of plain keys must find it.
    let picked = path.iter().any(|s| !matches!(s, Segment::Key(_)));
    match path.last() {
        Some(Segment::Key(k)) if table.contains_key(k) || picked || create => {
            table.insert(k.clone(), value.clone());
            true
        }
        Some(Segment::Key(_)) => false,
        Some(Segment::Index(k, i)) => match table.get_mut(k).and_then(|a| a.as_array_mut()) {
            Some(a) if *i < a.len() => {
                a[*i] = value.clone();
                true
            }
            _ => false,
        },
        // A selector picks a table; a value cannot replace it.
        Some(Segment::Select(..)) | None => false,
    }
}

/// The `[experiment.sweep]` of an experiment file, if it has one; errors name the file and
/// the field.
pub fn spec_of(src: &Source) -> Result<Option<(SweepSpec, Vec<Segment>)>, ConfigError> {
    #[derive(Deserialize)]
    struct Probe {
        experiment: Option<ProbeExperiment>,
    }
    #[derive(Deserialize)]
    struct ProbeExperiment {
        sweep: Option<toml::Spanned<toml::Value>>,
    }
    let err = |span: Option<std::ops::Range<usize>>, field: &str, msg: String| {
        let at = span.map(|s| crate::load::line_col(&src.text, s.start));
        ConfigError::one(&src.path, at, Some(field.into()), msg)
    };
    let probe: Probe = toml::from_str(&src.text)
        .map_err(|e| err(e.span(), "experiment.sweep", e.message().to_owned()))?;
    let Some(raw) = probe.experiment.and_then(|e| e.sweep) else {
        return Ok(None);
    };
    let span = raw.span();
    let spec: SweepSpec = raw.into_inner().try_into().map_err(|e: toml::de::Error| {
        err(
            Some(span.clone()),
            "experiment.sweep",
            format!(
                "{}; a sweep is `set = \"<path>\"` and `values = [...]`",
                e.message()
            ),
        )
    })?;
    if !(2..=MAX_VALUES).contains(&spec.values.len()) {
        return Err(err(
            Some(span),
            "experiment.sweep.values",
            format!(
                "a sweep takes 2 to {MAX_VALUES} values, {} given",
                spec.values.len()
            ),
        ));
    }
    for v in &spec.values {
        if !matches!(
            v,
            toml::Value::Integer(_)
                | toml::Value::Float(_)
                | toml::Value::String(_)
                | toml::Value::Boolean(_)
        ) {
            return Err(err(
                Some(span),
                "experiment.sweep.values",
                format!("`{v}`: a value is a number, a string or a boolean"),
            ));
        }
    }
    let path =
        parse_path(&spec.set).map_err(|m| err(Some(span.clone()), "experiment.sweep.set", m))?;
    if let Some(Segment::Select(..)) = path.last() {
        return Err(err(
            Some(span),
            "experiment.sweep.set",
            format!(
                "`{}` ends in a selector, which picks a table; end the path at the setting \
                 (e.g. `{}.size`)",
                spec.set, spec.set
            ),
        ));
    }
    Ok(Some((spec, path)))
}

/// A value as it is written in labels and directory names (`3`, `oversized`, `0.5`).
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The value as a number, when it is one (the x axis of a numeric sweep).
pub fn value_number(v: &toml::Value) -> Option<f64> {
    match v {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// Reads an experiment's files with the sweep's setting applied: the one document in which
/// the path resolves is re-written with `value`; every other file is read as it is. After
/// loading, [`Patcher::check`] says whether the path resolved in exactly one document.
pub struct Patcher<'a> {
    path: &'a [Segment],
    set: &'a str,
    value: &'a toml::Value,
    /// The files the path resolved in (and that were re-written).
    files: RefCell<Vec<String>>,
}

impl<'a> Patcher<'a> {
    /// A patcher setting `path` (written `set`) to `value`.
    pub fn new(path: &'a [Segment], set: &'a str, value: &'a toml::Value) -> Patcher<'a> {
        Patcher {
            path,
            set,
            value,
            files: Default::default(),
        }
    }

    /// `src` with the setting applied when the path resolves in it (`create`: add missing
    /// plain keys — for the experiment file, when no document has the path).
    pub fn patch(&self, src: Source, create: bool) -> Result<Source, ConfigError> {
        let mut doc: toml::Table = match toml::from_str(&src.text) {
            Ok(d) => d,
            // Left for the loader, which reports it with its location.
            Err(_) => return Ok(src),
        };
        if !apply(&mut doc, self.path, self.value, create) {
            return Ok(src);
        }
        self.files.borrow_mut().push(src.path.display().to_string());
        let text = toml::to_string(&doc)
            .map_err(|e| ConfigError::one(&src.path, None, None, e.to_string()))?;
        Ok(Source {
            path: src.path,
            text,
        })
    }

    /// How many documents the path resolved in.
    pub fn hits(&self) -> usize {
        self.files.borrow().len()
    }

    /// An error unless the path resolved in exactly one document.
    pub fn check(&self, experiment: &Path) -> Result<(), ConfigError> {
        let files = self.files.borrow();
        match files.len() {
            1 => Ok(()),
            0 => Err(ConfigError::one(
                experiment,
                None,
                Some("experiment.sweep.set".into()),
                format!(
                    "`{}` leads to no setting in this experiment or the files it includes \
                     (check the key names and the selector's value)",
                    self.set
                ),
            )),
            _ => Err(ConfigError::one(
                experiment,
                None,
                Some("experiment.sweep.set".into()),
                format!(
                    "`{}` leads to a setting in more than one file ({}): make the path \
                     pick one",
                    self.set,
                    files.join(", ")
                ),
            )),
        }
    }
}

/// Load the experiment at one value of the sweep: the setting applied in the one document
/// where the path leads (or, for a path of plain keys found nowhere, added to the experiment
/// file), every error naming the value.
pub fn load_point<R: fleetlab_engine::RuleSystem>(
    src: &Source,
    spec: &SweepSpec,
    path: &[Segment],
    value: &toml::Value,
) -> Result<crate::load::Experiment<R>, ConfigError> {
    let at = |mut e: ConfigError| {
        for p in &mut e.problems {
            p.message
                .push_str(&format!(" (sweep: {} = {})", spec.set, value_text(value)));
        }
        e
    };
    let load = |create: bool| {
        let patcher = Patcher::new(path, &spec.set, value);
        let first = patcher.patch(src.clone(), create)?;
        let exp = crate::load::load_from::<R>(first, |p| {
            patcher.patch(crate::load::read_source(p)?, false)
        });
        Ok::<_, ConfigError>((exp, patcher))
    };
    let (mut exp, mut patcher) = load(false).map_err(at)?;
    if patcher.hits() == 0 && path.iter().all(|s| matches!(s, Segment::Key(_))) {
        (exp, patcher) = load(true).map_err(at)?;
    }
    patcher.check(&src.path).map_err(at)?;
    exp.map_err(|mut e| {
        // Lines in the file the sweep re-wrote are lines of its re-written text.
        let rewritten = patcher.files.borrow();
        for p in &mut e.problems {
            if rewritten.contains(&p.file.display().to_string()) && p.line_col.is_some() {
                p.message.push_str(&format!(
                    " (line and column of the file as the sweep re-wrote it with {} = {})",
                    spec.set,
                    value_text(value)
                ));
            } else {
                p.message
                    .push_str(&format!(" (sweep: {} = {})", spec.set, value_text(value)));
            }
        }
        e
    })
}

/// A value as a directory name: `3-oversized` (characters other than letters, digits, `.`,
/// `-` and `_` become `_`).
pub fn point_dir(k: usize, value: &toml::Value) -> String {
    let v: String = value_text(value)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{k}-{v}")
}

/// The value at which a matchup's score (side A's, a draw counting half) crosses ½, by linear
/// interpolation between the first two neighbouring numeric values whose scores straddle it;
/// `None` when the values are not numbers or the scores do not cross ½.
pub fn balance_point(points: &[(f64, f64)]) -> Option<f64> {
    points.windows(2).find_map(|w| {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if (y0 - 0.5) * (y1 - 0.5) > 0.0 || y0 == y1 {
            return (y0 == 0.5).then_some(x0);
        }
        Some(x0 + (0.5 - y0) * (x1 - x0) / (y1 - y0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_parse_keys_indices_and_selectors() {
        assert_eq!(
            parse_path("design[name=destroyer].weapons[0].type").unwrap(),
            vec![
                Segment::Select("design".into(), "name".into(), "destroyer".into()),
                Segment::Index("weapons".into(), 0),
                Segment::Key("type".into()),
            ]
        );
        for bad in ["", "a..b", "a[", "a[x]", "a[=3]", "a b"] {
            assert!(parse_path(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn apply_sets_the_one_selected_setting() {
        let mut doc: toml::Table = toml::from_str(
            "[[design]]\nname = \"a\"\nsize = 2\n[[design]]\nname = \"b\"\nsize = 3\n\
             weapons = [{ type = \"kinetic\" }]\n",
        )
        .unwrap();
        let v = toml::Value::Integer(5);
        assert!(apply(
            &mut doc,
            &parse_path("design[name=b].size").unwrap(),
            &v,
            false
        ));
        assert_eq!(doc["design"][1]["size"].as_integer(), Some(5));
        assert_eq!(doc["design"][0]["size"].as_integer(), Some(2));
        let beam = toml::Value::String("beam".into());
        assert!(apply(
            &mut doc,
            &parse_path("design[name=b].weapons[0].type").unwrap(),
            &beam,
            false
        ));
        assert_eq!(
            doc["design"][1]["weapons"][0]["type"].as_str(),
            Some("beam")
        );
        // Not there: no change, and it says so.
        assert!(!apply(
            &mut doc,
            &parse_path("design[name=c].size").unwrap(),
            &v,
            false
        ));
        assert!(!apply(
            &mut doc,
            &parse_path("design[name=b].weapons[3].type").unwrap(),
            &v,
            false
        ));
        assert!(!apply(
            &mut doc,
            &parse_path("house_rules.turn_cap").unwrap(),
            &v,
            false
        ));
        // Plain keys are added when asked to.
        assert!(apply(
            &mut doc,
            &parse_path("house_rules.turn_cap").unwrap(),
            &v,
            true
        ));
        assert_eq!(doc["house_rules"]["turn_cap"].as_integer(), Some(5));
    }

    #[test]
    fn a_setting_found_in_two_files_is_refused() {
        let path = parse_path("house_rules.x").unwrap();
        let v = toml::Value::Integer(2);
        let p = Patcher::new(&path, "house_rules.x", &v);
        for name in ["a.toml", "b.toml"] {
            let src = Source {
                path: name.into(),
                text: "[house_rules]\nx = 1\n".into(),
            };
            assert!(p.patch(src, false).unwrap().text.contains("x = 2"));
        }
        assert_eq!(p.hits(), 2);
        let e = p.check(Path::new("a.toml")).unwrap_err().to_string();
        assert!(e.contains("more than one file (a.toml, b.toml)"), "{e}");
        let none = Patcher::new(&path, "house_rules.x", &v);
        let untouched = none
            .patch(
                Source {
                    path: "c.toml".into(),
                    text: "[scenario]\nturns = 3\n".into(),
                },
                false,
            )
            .unwrap();
        assert_eq!(untouched.text, "[scenario]\nturns = 3\n", "left as written");
        assert!(none.check(Path::new("c.toml")).is_err());
    }

    #[test]
    fn the_balance_point_interpolates_the_crossing() {
        assert_eq!(
            balance_point(&[(1.0, 0.2), (2.0, 0.4), (3.0, 0.6)]),
            Some(2.5)
        );
        assert_eq!(balance_point(&[(1.0, 0.6), (2.0, 0.7)]), None);
        assert_eq!(balance_point(&[(1.0, 0.5), (2.0, 0.5)]), Some(1.0));
        assert_eq!(balance_point(&[(1.0, 0.7), (3.0, 0.3)]), Some(2.0));
    }

    #[test]
    fn the_spec_is_checked_where_it_is_written() {
        let src = |t: &str| Source {
            path: "e.toml".into(),
            text: t.into(),
        };
        assert_eq!(spec_of(&src("[experiment]\nname = \"x\"\n")).unwrap(), None);
        let (spec, path) = spec_of(&src(
            "[experiment.sweep]\nset = \"house_rules.turn_cap\"\nvalues = [4, 6, 8]\n",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(spec.values.len(), 3);
        assert_eq!(path.len(), 2);
        for (bad, says) in [
            ("set = \"a\"\nvalues = [1]\n", "2 to 64 values"),
            (
                "set = \"a\"\nvalues = [[1], [2]]\n",
                "a number, a string or a boolean",
            ),
            (
                "set = \"design[name=x]\"\nvalues = [1, 2]\n",
                "ends in a selector",
            ),
            ("set = \"a[\"\nvalues = [1, 2]\n", "without `]`"),
            ("sett = \"a\"\nvalues = [1, 2]\n", "unknown field"),
        ] {
            let e = spec_of(&src(&format!("[experiment.sweep]\n{bad}")))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says) && e.contains("e.toml:1:"), "{bad}: {e}");
        }
    }
}

/// One matchup at one value of a sweep.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PointMatchup {
    /// The matchup's label (the same at every value).
    pub matchup: String,
    /// Battles played.
    pub battles: u64,
    /// Side A's wins.
    pub a_wins: u64,
    /// Side B's wins.
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Side A's mean score (win 1, draw ½); NaN without battles.
    pub score: f64,
    /// Its normal interval, low end (clipped to [0, 1]).
    pub score_low: f64,
    /// Its normal interval, high end.
    pub score_high: f64,
}

impl PointMatchup {
    /// A matchup's counts and side A's score with its interval at `z` standard errors: the
    /// variance is the per-battle score's (values 1, ½, 0) over the battles.
    pub fn of(r: &crate::results::MatchupResult, z: f64) -> PointMatchup {
        let t = &r.tally;
        let n = t.battles as f64;
        let (w, d) = (t.wins[0] as f64, t.draws as f64);
        let (score, low, high) = if t.battles == 0 {
            (f64::NAN, f64::NAN, f64::NAN)
        } else {
            let mean = (w + d / 2.0) / n;
            let var = ((w + d / 4.0) / n - mean * mean).max(0.0);
            let half = z * (var / n).sqrt();
            (mean, (mean - half).max(0.0), (mean + half).min(1.0))
        };
        PointMatchup {
            matchup: r.label.clone(),
            battles: t.battles,
            a_wins: t.wins[0],
            b_wins: t.wins[1],
            draws: t.draws,
            score,
            score_low: low,
            score_high: high,
        }
    }
}

/// One value of a sweep and what its matchups did.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepPoint {
    /// The value as written (`3`, `oversized`).
    pub value: String,
    /// The value as a number, when it is one.
    pub number: Option<f64>,
    /// The point's own report directory, relative to the sweep's.
    pub dir: String,
    /// Its matchups, in experiment order.
    pub matchups: Vec<PointMatchup>,
}

/// A whole sweep: what was varied, how it was played, every point (`sweep.json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepReport {
    /// The experiment's name.
    pub experiment: String,
    /// The rule system.
    pub rule_system: String,
    /// The experiment file.
    pub config_path: String,
    /// The path of the setting varied.
    pub set: String,
    /// Master seed (the same at every value).
    pub seed: u64,
    /// Battles per matchup per value.
    pub battles: u64,
    /// Confidence level of the intervals.
    pub confidence: f64,
    /// `complete`, or `partial` when a signal stopped it (the points after it are missing).
    pub status: crate::results::RunStatus,
    /// The points played, in the order of `values`.
    pub points: Vec<SweepPoint>,
    /// The warnings (WARN trust flags) of the values' runs, each naming its value.
    pub warnings: Vec<String>,
}

impl SweepReport {
    /// The matchup labels, in experiment order.
    pub fn matchups(&self) -> Vec<String> {
        self.points.first().map_or_else(Vec::new, |p| {
            p.matchups.iter().map(|m| m.matchup.clone()).collect()
        })
    }

    /// Matchup `i`'s (number, score) at every numeric value with battles.
    pub fn curve(&self, i: usize) -> Vec<(f64, f64)> {
        self.points
            .iter()
            .filter_map(|p| Some((p.number?, p.matchups.get(i)?.score)))
            .filter(|(_, s)| s.is_finite())
            .collect()
    }

    /// The answer first: the question, side A's score at each end of the range and where it
    /// is even, the warnings of the values' runs (the terminal and the HTML page both show it).
    pub fn verdict(&self) -> crate::report::verdict::Verdict {
        use crate::report::verdict::{Flag, Level, Verdict};
        let s = self;
        let mut flags: Vec<Flag> = s
            .warnings
            .iter()
            .map(|w| Flag::new(Level::Warn, w.clone()))
            .collect();
        if flags.is_empty() {
            flags.push(Flag::new(
                Level::Ok,
                "no value's run raised a warning (each value's flags: its report)",
            ));
        }
        if s.status != crate::results::RunStatus::Complete {
            flags.insert(
                0,
                Flag::new(
                    Level::Warn,
                    "partial: a signal stopped the sweep; the values after the last shown were not played",
                ),
            );
        }
        flags.push(Flag::new(
            Level::Note,
            "the same dice at every value (common random numbers): steps between values are surer \
             than the pointwise intervals say",
        ));
        Verdict {
            question: format!(
                "how does side A's score (win 1, draw ½) change with {}?",
                s.set
            ),
            answer: s.answer(),
            flags,
        }
    }

    /// The answer, one line per matchup: side A's score at the first and the last value with
    /// their intervals, and where it is even (½) when the values are numbers and it crosses.
    pub fn answer(&self) -> Vec<String> {
        let (Some(first), Some(last)) = (self.points.first(), self.points.last()) else {
            return vec!["no value was played".into()];
        };
        let pct = |m: &PointMatchup| {
            format!(
                "{:.1}% [{:.1}, {:.1}]",
                m.score * 100.0,
                m.score_low * 100.0,
                m.score_high * 100.0
            )
        };
        self.matchups()
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let (Some(a), Some(b)) = (first.matchups.get(i), last.matchups.get(i)) else {
                    return format!("{label}: not played");
                };
                let even = if first.number.is_none() {
                    String::new()
                } else {
                    match balance_point(&self.curve(i)) {
                        Some(x) => format!("; even (50%) at {} ≈ {x:.3}", self.set),
                        None => "; not even (50%) anywhere in the range".into(),
                    }
                };
                format!(
                    "{label}: A's score {} at {} → {} at {}{even}",
                    pct(a),
                    first.value,
                    pct(b),
                    last.value
                )
            })
            .collect()
    }
}
