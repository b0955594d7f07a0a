//! What the page needs from `manifest.json`, read leniently: fields that a report of another
//! version or experiment kind may lack have defaults, and every top-level field the page does
//! not know is kept (and shown in the header), so the page describes any report.

use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::HtmlError;

/// The manifest as the page shows it.
#[derive(Debug, Deserialize)]
pub(crate) struct ManifestView {
    #[serde(default)]
    pub fleetlab_version: String,
    #[serde(default)]
    pub rule_system: String,
    #[serde(default)]
    pub experiment: String,
    /// The experiment kind: `plan.kind` of the manifest (`run`, `ab`, `matrix`).
    #[serde(default = "default_kind")]
    pub kind: String,
    /// The kind's plan (matchup roles); its `kind` is copied to [`ManifestView::kind`].
    #[serde(default)]
    pub plan: Option<Value>,
    #[serde(default)]
    pub config_path: String,
    #[serde(default)]
    pub config_hash: String,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub battles_per_matchup: Option<u64>,
    #[serde(default)]
    pub matchups: Vec<MatchupView>,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub finished_at: String,
    #[serde(default)]
    pub elapsed_seconds: Option<f64>,
    #[serde(default)]
    pub threads: Option<u64>,
    /// Every other top-level field, in file order.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// One matchup of the manifest.
#[derive(Debug, Deserialize)]
pub(crate) struct MatchupView {
    pub label: String,
    #[serde(default)]
    pub fleets: Vec<String>,
    #[serde(default)]
    pub policies: Vec<String>,
    #[serde(default)]
    pub battles: Option<u64>,
    /// The named house rules its results rest on (absent in manifests of older versions).
    #[serde(default)]
    pub house_rules: Vec<String>,
}

fn default_kind() -> String {
    "run".to_owned()
}

impl ManifestView {
    /// Read and parse `path`; errors name the file and, for bad JSON, the line.
    pub(crate) fn read(path: &Path) -> Result<ManifestView, HtmlError> {
        let text = std::fs::read_to_string(path).map_err(|source| HtmlError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::parse(path, &text)
    }

    /// Parse `text` as the manifest `path` (named in errors).
    pub(crate) fn parse(path: &Path, text: &str) -> Result<ManifestView, HtmlError> {
        let mut m: ManifestView = serde_json::from_str(text).map_err(|e| HtmlError::Malformed {
            path: path.to_path_buf(),
            line: Some(e.line() as u64),
            message: e.to_string(),
        })?;
        if let Some(kind) = m.plan.as_ref().and_then(|p| p.get("kind")?.as_str()) {
            m.kind = kind.to_owned();
        }
        Ok(m)
    }

    /// Whether the run played every battle it was asked for (`status` is `complete`).
    pub(crate) fn is_complete(&self) -> bool {
        self.status == "complete"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_and_extra_fields() {
        let m = ManifestView::parse(
            Path::new("m.json"),
            r#"{"experiment": "e", "status": "partial", "seeds": [1, 2], "matchups": []}"#,
        )
        .unwrap();
        assert_eq!(m.kind, "run");
        assert!(!m.is_complete());
        assert_eq!(m.other["seeds"], serde_json::json!([1, 2]));
    }

    #[test]
    fn bad_json_names_file_and_line() {
        let err =
            ManifestView::parse(Path::new("r/manifest.json"), "{\n\"seed\": \"x\"\n}").unwrap_err();
        assert!(err.to_string().starts_with("r/manifest.json:2: "), "{err}");
    }
}
