//! Reading experiment files: TOML text → the rule system's documents → validated matchups,
//! with every error located by file, line, column and field path.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use fleetlab_engine::rule_system::{ExperimentSpec, NamedMatchup};
use fleetlab_engine::{ConfigIssue, RuleSystem};
use sha2::{Digest, Sha256};

/// Battles per matchup when neither the config nor the command line says.
pub const DEFAULT_BATTLES: u64 = 10_000;
/// Master seed when neither the config nor the command line says.
pub const DEFAULT_SEED: u64 = 1;
/// Deepest include chain accepted (guards against include cycles).
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
    fn one(
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
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
        ConfigError::one(
            path,
            Some(line_col(&text, at)),
            None,
            "config is not valid UTF-8 text",
        )
    })?;
    Ok(Source {
        path: path.to_path_buf(),
        text,
    })
}

/// The `rule_system` named by an experiment file.
pub fn rule_system_of(src: &Source) -> Result<String, ConfigError> {
    let table: toml::Table = toml::from_str(&src.text).map_err(|e| toml_error(src, &e, None))?;
    match table.get("rule_system") {
        Some(toml::Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(ConfigError::one(
            &src.path,
            None,
            Some("rule_system".into()),
            format!("expected a string, found {}", other.type_str()),
        )),
        None => Err(ConfigError::one(
            &src.path,
            Some((1, 1)),
            Some("rule_system".into()),
            "missing `rule_system = \"...\"` at the top of the experiment file",
        )),
    }
}

fn toml_error(src: &Source, e: &toml::de::Error, path: Option<String>) -> ConfigError {
    let lc = e.span().map(|s| line_col(&src.text, s.start));
    let mut message = e.message().trim().to_string();
    if let Some(hint) = unknown_name_hint(&message) {
        message.push_str(&hint);
    }
    let field = path.filter(|p| !p.is_empty() && p != ".");
    ConfigError::one(&src.path, lc, field, message)
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
    allowed
        .iter()
        .map(|a| (strsim::levenshtein(given, a), *a))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, a)| format!(" (did you mean `{a}`?)"))
}

/// Parse one document, with the field path of any error.
fn parse_doc<R: RuleSystem>(src: &Source) -> Result<R::Doc, ConfigError> {
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
}

/// Load an experiment file and everything it includes, and validate it.
pub fn load<R: RuleSystem>(path: &Path) -> Result<Experiment<R>, ConfigError> {
    let first = read_source(path)?;
    let mut sources: Vec<Source> = Vec::new();
    let mut docs: Vec<R::Doc> = Vec::new();
    let mut queue: Vec<(Source, usize)> = vec![(first, 0)];
    while let Some((src, depth)) = queue.pop() {
        let doc = parse_doc::<R>(&src)?;
        let base = src.path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut includes = Vec::new();
        for (rel, span) in R::includes(&doc) {
            let p = base.join(&rel);
            if depth + 1 > MAX_INCLUDE_DEPTH {
                return Err(located(
                    &src,
                    Some(span),
                    Some("include".into()),
                    format!(
                        "includes nest deeper than {MAX_INCLUDE_DEPTH}: is there an include cycle?"
                    ),
                ));
            }
            let inc = read_source(&p).map_err(|e| {
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
            includes.push((inc, depth + 1));
        }
        sources.push(src);
        docs.push(doc);
        // Depth-first, in the order written.
        queue.extend(includes.into_iter().rev());
    }
    for (i, src) in sources.iter().enumerate().skip(1) {
        if sources[..i].iter().any(|s| same_file(&s.path, &src.path)) {
            return Err(ConfigError::one(
                &src.path,
                None,
                Some("include".into()),
                "this file is included more than once (or includes itself)",
            ));
        }
    }
    let matchups = R::build(&docs).map_err(|issues| ConfigError {
        problems: issues.iter().map(|i| locate_issue(&sources, i)).collect(),
    })?;
    let spec = R::experiment(&docs[0]).cloned().unwrap_or_default();
    if spec.battles == Some(0) {
        return Err(ConfigError::one(
            path,
            None,
            Some("experiment.battles".into()),
            "battles must be at least 1",
        ));
    }
    let name = spec.name.clone().unwrap_or_else(|| {
        path.file_stem()
            .map_or("experiment".into(), |s| s.to_string_lossy().into_owned())
    });
    let mut hash = Sha256::new();
    for s in &sources {
        hash.update(s.text.as_bytes());
    }
    Ok(Experiment {
        name,
        spec,
        files: sources.iter().map(|s| s.path.clone()).collect(),
        config_hash: format!("{:x}", hash.finalize()),
        matchups,
    })
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
        message: issue.message.clone(),
    }
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
