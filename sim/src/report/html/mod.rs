//! The self-contained HTML report (`report.html`): one page with inline SVG plots made with
//! `plotters` and a table of the numbers beside each plot, built only from the files of a
//! report directory, so it works for any report (plain runs, A/B, matrices, checks) and for
//! reports written by older or newer versions that add columns.
//!
//! Always present in a complete report: `manifest.json`, `summary.csv`, `distributions.csv`,
//! `ships.csv`. Optional, each giving its own section when present: `under_game.csv` (with `ab_under_game.csv` and `fair_cost_under_game.csv` / `ranking_under_game.csv` and the card flags of `under_game.json`), `audit.csv`, `decided_by.csv`, `events.csv`, `ab.csv`,
//! `matrix.csv`, `ranking.csv`, `fair_cost.csv` (with `ladder.csv`), and for a policy game `game_value.csv`,
//! `equilibrium.csv`, `game.csv` together. Columns are read by name; extra columns are
//! ignored. No scripts, fonts, styles or images are loaded from anywhere: the page reads the
//! same offline. Every text that comes from a config (labels, fleet and policy names) is
//! escaped.

mod ab;
mod audit;
mod decided_by;
mod distributions;
mod escape;
mod events;
mod fair_cost;
mod game;
mod header;
mod input;
mod manifest;
mod matrix;
mod page;
mod plot;
mod ranking;
mod ships;
mod sweep;
mod under_game;
mod verdict;
mod why;
mod win_rates;

use std::io;
use std::path::{Path, PathBuf};

use super::{MANIFEST_FILE, ReportError, write_atomic};
use input::CsvFile;

/// Name of the HTML report file inside a report directory.
pub const HTML_FILE: &str = "report.html";

/// Why the HTML report could not be made. Every variant about a file names it.
#[derive(Debug, thiserror::Error)]
pub enum HtmlError {
    /// The directory has no `manifest.json`: it is not a report, or an incomplete one.
    #[error(
        "{} is not a complete report directory: it has no {MANIFEST_FILE} (write one with \
         `fleetlab run`, or wait for the run to finish)",
        dir.display()
    )]
    NotAReport {
        /// The directory given.
        dir: PathBuf,
    },
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A file is not what a report file must be (bad CSV, missing column, a cell that is not
    /// a number, bad JSON). `line` is 1-based, counted in the file (the CSV header is line 1).
    #[error("{}{}: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// The line, where known.
        line: Option<u64>,
        /// What is wrong.
        message: String,
    },
    /// Drawing a plot failed.
    #[error("cannot draw the {what} plot: {message}")]
    Plot {
        /// Which plot.
        what: String,
        /// The plotting library's message.
        message: String,
    },
    /// Writing `report.html` failed.
    #[error(transparent)]
    Write(#[from] ReportError),
}

/// Render the HTML report of the report directory `dir` as a string.
pub fn render_html(dir: &Path) -> Result<String, HtmlError> {
    let manifest_path = dir.join(MANIFEST_FILE);
    let sweep_path = dir.join(crate::report::sweep_out::SWEEP_JSON);
    if !manifest_path.is_file() && sweep_path.is_file() {
        let s = sweep::read(dir)?;
        let view: manifest::ManifestView = serde_json::from_value(serde_json::json!({
            "fleetlab_version": crate::VERSION,
            "rule_system": s.rule_system,
            "experiment": s.experiment,
            "kind": "sweep",
            "seed": s.seed,
            "battles_per_matchup": s.battles,
            "status": s.status,
            "matchups": s.matchups().iter().map(|m| serde_json::json!({ "label": m })).collect::<Vec<_>>(),
        }))
        .map_err(|e| HtmlError::Malformed {
            path: sweep_path.clone(),
            line: None,
            message: e.to_string(),
        })?;
        return Ok(page::assemble(&view, &sweep::sections(dir, &s)?));
    }
    if !manifest_path.is_file() {
        return Err(HtmlError::NotAReport {
            dir: dir.to_path_buf(),
        });
    }
    let manifest = manifest::ManifestView::read(&manifest_path)?;
    render_report(dir, &manifest).map_err(|e| older_columns_hint(e, &manifest))
}

/// A missing column most often means a report written before a column was renamed
/// (`docs/schema.md` lists today's): say how to write it again.
fn older_columns_hint(e: HtmlError, manifest: &manifest::ManifestView) -> HtmlError {
    match e {
        HtmlError::Malformed {
            path,
            line,
            message,
        } if message.starts_with("missing column") => {
            let again = if manifest.config_path.is_empty() {
                "`fleetlab run` on its config".to_owned()
            } else {
                format!("`fleetlab run {}`", manifest.config_path)
            };
            HtmlError::Malformed {
                path,
                line,
                message: format!(
                    "{message}; if the report was written by an older fleetlab (column names \
                     changed, see docs/schema.md), write it again with {again}"
                ),
            }
        }
        other => other,
    }
}

/// [`render_html`] of a report directory with a manifest.
fn render_report(dir: &Path, manifest: &manifest::ManifestView) -> Result<String, HtmlError> {
    let summary = CsvFile::read(&dir.join("summary.csv"))?;
    let distributions = CsvFile::read(&dir.join("distributions.csv"))?;
    let ships = CsvFile::read(&dir.join("ships.csv"))?;
    let optional = |name: &str| CsvFile::read_optional(&dir.join(name));

    let game_value = optional("game_value.csv")?;
    let equilibrium = optional("equilibrium.csv")?;
    let game = optional("game.csv")?;
    let audit = optional("audit.csv")?;
    let decided = optional("decided_by.csv")?;
    let ab = optional("ab.csv")?;
    let fair = optional("fair_cost.csv")?;
    let ranking = optional("ranking.csv")?;
    let matrix = optional("matrix.csv")?;
    let files = verdict::KindFiles {
        decided_by: decided.as_ref(),
        audit: audit.as_ref(),
        ab: ab.as_ref(),
        fair_cost: fair.as_ref(),
        ranking: ranking.as_ref(),
        matrix: matrix.as_ref(),
        game_value: game_value.as_ref(),
        equilibrium: equilibrium.as_ref(),
    };

    // The answer first (the verdict card), then the evidence, the provenance last.
    let mut card = verdict::verdict(manifest, &summary, &files)?;
    card.add_flags(under_game::card_flags(dir)?);
    let mut sections = vec![verdict::section(&card)];
    if let Some(per_matchup) = optional("under_game.csv")? {
        sections.push(under_game::section(
            &per_matchup,
            optional("ab_under_game.csv")?.as_ref(),
            optional("fair_cost_under_game.csv")?.as_ref(),
            optional("ranking_under_game.csv")?.as_ref(),
        )?);
    }
    if let (Some(value), Some(eq), Some(game)) = (&game_value, &equilibrium, &game) {
        let search = optional("search.csv")?;
        sections.push(game::section(value, eq, game, search.as_ref())?);
    }
    if let Some(ab) = &ab {
        sections.push(ab::section(ab)?);
    }
    if let Some(fair) = &fair {
        sections.push(fair_cost::section(fair, optional("ladder.csv")?.as_ref())?);
    }
    if let Some(matrix) = &matrix {
        sections.push(matrix::section(matrix, ranking.as_ref())?);
    }
    if let Some(ranking) = &ranking {
        sections.push(ranking::section(ranking)?);
    }
    if let Some(audit) = &audit {
        sections.push(audit::section(audit)?);
    }
    if let Some(decided) = &decided {
        sections.push(decided_by::section(decided, &summary)?);
    }
    let order = win_rates::matchup_order(&summary)?;
    sections.push(win_rates::section(&summary)?);
    sections.push(distributions::section(&distributions, &order)?);
    if let Some(why) = why::section(
        optional("survival.csv")?.as_ref(),
        &ships,
        optional("efficiency.csv")?.as_ref(),
        optional("weapons.csv")?.as_ref(),
        &order,
    )? {
        sections.push(why);
    }
    if let Some(events) = optional("events.csv")? {
        sections.push(events::section(&events)?);
    }
    sections.push(ships::section(&ships)?);
    sections.push(header::section(manifest));
    Ok(page::assemble(manifest, &sections))
}

/// Write `<dir>/report.html` (atomically: a temp file renamed into place) from the report
/// files in `dir` and return its path.
pub fn write_html(dir: &Path) -> Result<PathBuf, HtmlError> {
    write_html_to(dir, &dir.join(HTML_FILE))
}

/// Like [`write_html`], but write to `out` (its directory must exist).
pub fn write_html_to(dir: &Path, out: &Path) -> Result<PathBuf, HtmlError> {
    let html = render_html(dir)?;
    write_atomic(out, html.as_bytes())?;
    Ok(out.to_path_buf())
}

/// One section of the page: an anchor id, a title for the table of contents, and its HTML.
pub(crate) struct Section {
    /// Anchor id (ASCII, no spaces).
    pub id: &'static str,
    /// Heading (plain text, escaped by the page).
    pub title: String,
    /// The section's body (already escaped HTML).
    pub body: String,
}

#[cfg(test)]
mod tests;
