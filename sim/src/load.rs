//! Reading experiment files: TOML text → the rule system's documents → validated matchups,
//! with every error located by file, line, column and field path.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use fleetlab_engine::rule_system::{ExperimentSpec, NamedMatchup};
use fleetlab_engine::{ConfigIssue, RuleSystem};
use sha2::{Digest, Sha256};

use crate::results::{MatchupResult, MatchupTally, RunInfo};

/// Battles per matchup when neither the config nor the command line says.
pub const DEFAULT_BATTLES: u64 = 10_000;
/// Master seed when neither the config nor the command line says.
pub const DEFAULT_SEED: u64 = 1;
/// Deepest include chain accepted.
const MAX_INCLUDE_DEPTH: usize = 16;

/// A config problem, ready to print: `file:line:col: field: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// Each located problem, one per line when printed.
    pub problems: Vec<Located>,
}

/// One problem with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// File.
    pub file: PathBuf,
    /// 1-based line and column, when known.
    pub line_col: Option<(usize, usize)>,
    /// Field path, when known.
    pub field: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some((l, c)) = self.line_col {
            write!(f, ":{l}:{c}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    pub(crate) fn one(
        file: &Path,
        line_col: Option<(usize, usize)>,
        field: Option<String>,
        message: impl Into<String>,
    ) -> Self {
        ConfigError {
            problems: vec![Located {
                file: file.to_path_buf(),
                line_col,
                field,
                message: message.into(),
            }],
        }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map_or(offset, |nl| offset - nl - 1) + 1;
    (line, col)
}

/// A source file of an experiment.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path as opened.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// Read a file as UTF-8, with errors naming it.
pub fn read_source(path: &Path) -> Result<Source, ConfigError> {
    let bytes = std::fs::read(path)
        .map_err(|e| ConfigError::one(path, None, None, format!("cannot read config: {e}")))?;
    Source::from_bytes(path, bytes)
}

impl Source {
    /// The text of `bytes` as read from `path`, which must be UTF-8 (the error names `path`
    /// and the line and column of the first invalid byte).
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, ConfigError> {
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
            ConfigError::one(
                path,
                Some(line_col(&text, at)),
                None,
                "config is not valid UTF-8 text (invalid bytes here): save the file as UTF-8",
            )
        })?;
        Ok(Source {
            path: path.to_path_buf(),
            text,
        })
    }
}

/// The fields the loader reads itself, before the rule system parses the document; other
/// fields are ignored here (and checked by the rule system's own parse).
#[derive(serde::Deserialize)]
struct Probe {
    #[serde(default)]
    rule_system: Option<toml::Spanned<toml::Value>>,
    #[serde(default)]
    experiment: Option<ProbeExperiment>,
}

#[derive(serde::Deserialize)]
struct ProbeExperiment {
    #[serde(default)]
    battles: Option<toml::Spanned<toml::Value>>,
}

fn probe(src: &Source) -> Result<Probe, ConfigError> {
    toml::from_str(&src.text).map_err(|e| toml_error(src, &e, None))
}

/// The `rule_system` named by an experiment file, checked against the known rule systems.
pub fn rule_system_of(src: &Source) -> Result<String, ConfigError> {
    let Some(value) = probe(src)?.rule_system else {
        return Err(ConfigError::one(
            &src.path,
            Some((1, 1)),
            Some("rule_system".into()),
            format!(
                "missing `rule_system = \"...\"` at the top of the experiment file; known: {}",
                crate::registry::NAMES.join(", ")
            ),
        ));
    };
    let at = Some(line_col(&src.text, value.span().start));
    match value.get_ref() {
        toml::Value::String(s) if crate::registry::NAMES.contains(&s.as_str()) => Ok(s.clone()),
        toml::Value::String(s) => {
            let hint = fleetlab_engine::rule_system::did_you_mean(s, crate::registry::NAMES);
            Err(ConfigError::one(
                &src.path,
                at,
                Some("rule_system".into()),
                format!(
                    "unknown rule system `{s}`{hint}; known: {}",
                    crate::registry::NAMES.join(", ")
                ),
            ))
        }
        other => Err(ConfigError::one(
            &src.path,
            at,
            Some("rule_system".into()),
            format!(
                "expected a string, found {}; known rule systems: {}",
                other.type_str(),
                crate::registry::NAMES.join(", ")
            ),
        )),
    }
}

fn toml_error(src: &Source, e: &toml::de::Error, path: Option<String>) -> ConfigError {
    let span = e.span();
    let lc = span.clone().map(|s| line_col(&src.text, s.start));
    let mut message = friendly_types(e.message().trim());
    if message == "duplicate key"
        && let Some(key) = span
            .and_then(|s| src.text.get(s))
            .map(|k| k.trim().trim_matches(['[', ']']).trim())
            .filter(|k| !k.is_empty())
    {
        message = format!("duplicate key `{key}`: each key and table may be given only once");
    }
    if let Some(hint) = unknown_name_hint(&message) {
        message.push_str(&hint);
    }
    // Serde calls an enum value a "variant", which in Cosmic Conflict is a weapon option.
    if message.starts_with("unknown variant") {
        message = message.replacen("unknown variant", "unknown value", 1);
    }
    let field = path
        .map(|p| {
            p.replace(".$__serde_spanned_private_value", "")
                .replace("$__serde_spanned_private_value", "")
        })
        .filter(|p| !p.is_empty() && p != ".");
    ConfigError::one(&src.path, lc, field, message)
}

/// Serde names Rust types ("expected i64"); say what a config author writes instead.
fn friendly_types(message: &str) -> String {
    let mut m = message.to_string();
    if m.contains(" as i128, expected ")
        && let Some(number) = m.split('`').nth(1)
    {
        return format!(
            "integer {number} is too large: TOML integers must be within {}..={}",
            i64::MIN,
            i64::MAX
        );
    }
    for (rust, said) in [
        ("expected u64", "expected a non-negative integer"),
        ("expected u32", "expected a non-negative integer"),
        ("expected u8", "expected an integer 0..=255"),
        ("expected i8", "expected an integer -128..=127"),
        ("expected i64", "expected an integer"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected an array"),
        ("expected a boolean", "expected `true` or `false`"),
    ] {
        if m.ends_with(rust) {
            m.truncate(m.len() - rust.len());
            m.push_str(said);
        }
    }
    if let Some(i) = m.find("expected struct ") {
        m.truncate(i);
        m.push_str("expected a table (`{ key = value, ... }` or `[name]`)");
    }
    m
}

/// For serde's "unknown field `x`, expected one of `a`, `b`" (and "unknown variant"), suggest
/// the closest allowed name.
fn unknown_name_hint(message: &str) -> Option<String> {
    if !(message.starts_with("unknown field") || message.starts_with("unknown variant")) {
        return None;
    }
    let mut names = message.split('`').skip(1).step_by(2);
    let given = names.next()?;
    let allowed: Vec<&str> = names.collect();
    Some(fleetlab_engine::rule_system::did_you_mean(given, &allowed)).filter(|h| !h.is_empty())
}

/// Parse one document, with the field path of any error.
fn parse_doc<R: RuleSystem>(src: &Source) -> Result<R::Doc, ConfigError> {
    parse_with_path(src)
}

/// Parse a document as any serde type, with the field path of any error.
pub(crate) fn parse_with_path<T: serde::de::DeserializeOwned>(
    src: &Source,
) -> Result<T, ConfigError> {
    let de = toml::Deserializer::parse(&src.text).map_err(|e| toml_error(src, &e, None))?;
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        toml_error(src, e.inner(), Some(path))
    })
}

/// A loaded, validated experiment.
pub struct Experiment<R: RuleSystem> {
    /// Experiment name.
    pub name: String,
    /// The experiment's `[experiment]` table.
    pub spec: ExperimentSpec,
    /// Every file read, experiment first.
    pub files: Vec<PathBuf>,
    /// SHA-256 over the files' bytes (in order), hex.
    pub config_hash: String,
    /// Validated matchups.
    pub matchups: Vec<NamedMatchup<R::Matchup>>,
    /// What the matchups are (a plain list, an A/B comparison, a round robin).
    pub plan: crate::kinds::Plan,
    /// Each matchup's dice key ([`crate::kinds::dice_keys`]).
    pub keys: Vec<u64>,
}

impl<R: RuleSystem> Experiment<R> {
    /// What a run of this experiment from `config_path` with `seed` and `battles` per matchup
    /// is (for its manifest or a shard's partial result).
    pub fn run_info(&self, config_path: &Path, seed: u64, battles: u64) -> RunInfo {
        RunInfo {
            fleetlab_version: crate::VERSION.into(),
            rule_system: R::NAME.into(),
            experiment: self.name.clone(),
            config_path: config_path.display().to_string(),
            config_hash: self.config_hash.clone(),
            config_files: self.files.iter().map(|f| f.display().to_string()).collect(),
            seed,
            battles_per_matchup: battles,
            plan: self.plan.clone(),
            target_error: None,
        }
    }

    /// The matchups' labels with their tallies (one tally per matchup, in order).
    pub fn results(&self, tallies: Vec<MatchupTally>) -> Vec<MatchupResult> {
        assert_eq!(tallies.len(), self.matchups.len(), "one tally per matchup");
        self.matchups
            .iter()
            .zip(tallies)
            .zip(&self.keys)
            .map(|((m, t), &key)| {
                let mut r = MatchupResult::new(m, key, R::EVENTS, R::DECIDERS, t);
                r.house_rules = R::house_rules(&m.matchup)
                    .into_iter()
                    .map(str::to_owned)
                    .collect();
                r.weapons = R::weapons(&m.matchup);
                r
            })
            .collect()
    }
}

/// Load an experiment file and everything it includes, and validate it.
pub fn load<R: RuleSystem>(path: &Path) -> Result<Experiment<R>, ConfigError> {
    load_from(read_source(path)?, read_source)
}

/// Load an experiment whose file is already in memory (`first`: its path and text) and
/// validate it. `read` reads every file it includes, given the included file's path (the
/// including file's directory joined with the `include` entry): [`read_source`] reads from
/// disk, tests and fuzzers may serve files from memory. [`load`] is
/// `load_from(read_source(path)?, read_source)`.
pub fn load_from<R: RuleSystem>(
    first: Source,
    mut read: impl FnMut(&Path) -> Result<Source, ConfigError>,
) -> Result<Experiment<R>, ConfigError> {
    let path = first.path.clone();
    // The hash covers the files as written, not the expansion of the experiment's kind.
    let mut hash = Sha256::new();
    let expansion = crate::kinds::expand(&first, R::POLICY_PRESETS)?;
    let first_text_len = first.text.len();
    let mut first = first;
    if !expansion.text.is_empty() {
        first.text.push('\n');
        first.text.push_str(&expansion.text);
    }
    let original = first.text[..first_text_len].to_owned();
    // A generated side the document parser rejects (an unknown key in a policy table, a grid's
    // parameter the preset does not take) is reported where the user wrote it.
    let (sources, docs) = read_all::<R>(first, &mut read).map_err(|mut e| {
        for p in &mut e.problems {
            if p.file != path {
                continue;
            }
            if let Some(f) = p.field.clone().filter(|f| f.starts_with("matchup[")) {
                let (span, field) = expansion.locate(None, &f);
                if field != f {
                    p.field = Some(field);
                    p.line_col = span.map(|s| line_col(&original, s.start));
                }
            }
        }
        e
    })?;
    let mut matchups = R::build(&docs).map_err(|issues| {
        let mut problems: Vec<Located> = Vec::new();
        for i in issues {
            let mut i = i.clone();
            if i.doc == 0 {
                (i.span, i.field) = expansion.locate(i.span.take(), &i.field);
            }
            // A side of an A/B or matrix experiment appears in several generated matchups:
            // say each problem once.
            let p = locate_issue(&sources, &i);
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        ConfigError { problems }
    })?;
    expansion.check_ladder(&sources[0], &matchups)?;
    if let crate::kinds::Plan::Game(g) = &expansion.plan {
        // The two halves of a cell are the same matchup on other dice: name them apart.
        // A search cell is its side's search player, set up with its first policy.
        for (m, c) in matchups.iter_mut().zip(&g.cells) {
            match (c.search, &g.search) {
                (Some(side), Some(search)) => {
                    let k = match side {
                        crate::kinds::SearchSide::A => 0,
                        crate::kinds::SearchSide::B => 1,
                    };
                    m.policies[k] = format!(
                        "search (rollouts = {}, exploration = {})",
                        search.rollouts, search.exploration
                    );
                    m.label = if k == 0 {
                        format!(
                            "{} (search) vs {} ({}) [search]",
                            m.fleets[0], m.fleets[1], g.b_policies[c.col]
                        )
                    } else {
                        format!(
                            "{} ({}) vs {} (search) [search]",
                            m.fleets[0], g.a_policies[c.row], m.fleets[1]
                        )
                    };
                }
                _ => m.label = format!("{} [{}]", m.label, c.half.name()),
            }
        }
    }
    let spec = R::experiment(&docs[0]).cloned().unwrap_or_default();
    if spec.battles == Some(0) {
        let at = probe(&sources[0])
            .ok()
            .and_then(|p| p.experiment?.battles)
            .map(|b| line_col(&sources[0].text, b.span().start));
        return Err(ConfigError::one(
            &path,
            at,
            Some("experiment.battles".into()),
            "0 is out of range: battles per matchup must be at least 1",
        ));
    }
    let name = spec.name.clone().unwrap_or_else(|| {
        path.file_stem()
            .map_or("experiment".into(), |s| s.to_string_lossy().into_owned())
    });
    for (i, s) in sources.iter().enumerate() {
        let text = if i == 0 {
            &s.text[..first_text_len]
        } else {
            &s.text
        };
        hash.update(text.as_bytes());
    }
    Ok(Experiment {
        name,
        spec,
        files: sources.iter().map(|s| s.path.clone()).collect(),
        config_hash: format!("{:x}", hash.finalize()),
        keys: crate::kinds::dice_keys(&expansion.plan, &matchups),
        matchups,
        plan: expansion.plan,
    })
}

/// Parse `first` and every file it includes (depth-first, in the order written), checking
/// rule system, include depth and cycles: the sources and their documents, `first`'s first.
fn read_all<R: RuleSystem>(
    first: Source,
    read: &mut impl FnMut(&Path) -> Result<Source, ConfigError>,
) -> Result<(Vec<Source>, Vec<R::Doc>), ConfigError> {
    let mut sources: Vec<Source> = Vec::new();
    let mut docs: Vec<R::Doc> = Vec::new();
    // Every file read or queued so far: each file is read once, so includes cannot multiply.
    let mut seen: Vec<PathBuf> = vec![first.path.clone()];
    let mut queue: Vec<(Source, usize)> = vec![(first, 0)];
    while let Some((src, depth)) = queue.pop() {
        let doc = parse_doc::<R>(&src)?;
        check_rule_system::<R>(&src)?;
        let base = src.path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut includes = Vec::new();
        for (rel, span) in R::includes(&doc) {
            let p = base.join(&rel);
            if depth + 1 > MAX_INCLUDE_DEPTH {
                return Err(located(
                    &src,
                    Some(span),
                    Some("include".into()),
                    format!("includes nest deeper than {MAX_INCLUDE_DEPTH}"),
                ));
            }
            if seen.iter().any(|s| same_file(s, &p)) {
                return Err(located(
                    &src,
                    Some(span),
                    Some("include".into()),
                    format!(
                        "`{rel}` ({}) is already part of this experiment: an include cycle, or \
                         a file included twice; include every file once",
                        p.display()
                    ),
                ));
            }
            let inc = read(&p).map_err(|e| {
                let why = e
                    .problems
                    .first()
                    .map(|p| p.message.clone())
                    .unwrap_or_default();
                located(
                    &src,
                    Some(span.clone()),
                    Some("include".into()),
                    format!("`{rel}` ({}): {why}", p.display()),
                )
            })?;
            seen.push(p);
            includes.push((inc, depth + 1));
        }
        sources.push(src);
        docs.push(doc);
        // Depth-first, in the order written.
        queue.extend(includes.into_iter().rev());
    }
    Ok((sources, docs))
}

/// The documents of the experiment at `path` and everything it includes, parsed but not
/// validated into matchups (e.g. to list the fleets they define, see
/// [`fleetlab_engine::RuleSystem::fleets`]).
pub fn documents<R: RuleSystem>(path: &Path) -> Result<Vec<R::Doc>, ConfigError> {
    let mut read = read_source;
    Ok(read_all::<R>(read_source(path)?, &mut read)?.1)
}

/// A file that names a rule system must name this one (an included file of another rule
/// system would otherwise be read as this one's). Files that name none are fine.
fn check_rule_system<R: RuleSystem>(src: &Source) -> Result<(), ConfigError> {
    let Some(value) = probe(src)?.rule_system else {
        return Ok(());
    };
    let found = match value.get_ref() {
        toml::Value::String(s) if s == R::NAME => return Ok(()),
        toml::Value::String(s) => format!("`{s}`"),
        other => format!("a {}", other.type_str()),
    };
    Err(located(
        src,
        Some(value.span()),
        Some("rule_system".into()),
        format!(
            "this file names rule system {found}, but the experiment is `{}`: every file of an \
             experiment must be written for its rule system",
            R::NAME
        ),
    ))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

fn located(
    src: &Source,
    span: Option<Range<usize>>,
    field: Option<String>,
    message: String,
) -> ConfigError {
    ConfigError::one(
        &src.path,
        span.map(|s| line_col(&src.text, s.start)),
        field,
        message,
    )
}

fn locate_issue(sources: &[Source], issue: &ConfigIssue) -> Located {
    let src = &sources[issue.doc.min(sources.len() - 1)];
    Located {
        file: src.path.clone(),
        line_col: issue
            .span
            .as_ref()
            .filter(|s| s.end > 0)
            .map(|s| line_col(&src.text, s.start)),
        field: Some(issue.field.clone()),
        message: name_files(sources, &issue.message),
    }
}

/// Rule systems refer to other documents as "file #N" (their index); print the path instead.
fn name_files(sources: &[Source], message: &str) -> String {
    let mut m = message.to_string();
    // Highest index first, so "file #1" does not match inside "file #12".
    for (i, s) in sources.iter().enumerate().rev() {
        m = m.replace(&format!("file #{i}"), &s.path.display().to_string());
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let t = "ab\ncd\nef";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 4), (2, 2));
        assert_eq!(line_col(t, 6), (3, 1));
    }

    #[test]
    fn names_types_as_config_authors_write_them() {
        assert_eq!(
            friendly_types("invalid type: string \"big\", expected i64"),
            "invalid type: string \"big\", expected an integer"
        );
        assert_eq!(
            friendly_types("invalid type: string \"x\", expected struct SideSpec"),
            "invalid type: string \"x\", expected a table (`{ key = value, ... }` or `[name]`)"
        );
        assert!(
            friendly_types(
                "invalid type: integer `99999999999999999999` as i128, expected any valid TOML value"
            )
            .starts_with("integer 99999999999999999999 is too large")
        );
    }

    #[test]
    fn suggests_close_names() {
        let m = "unknown field `rnage`, expected one of `range`, `policy`";
        assert_eq!(
            unknown_name_hint(m).as_deref(),
            Some(" (did you mean `range`?)")
        );
        assert_eq!(
            unknown_name_hint("unknown field `zzzzzz`, expected `a`"),
            None
        );
    }
}
