//! `fleetlab report DIR`: write the self-contained HTML report (`report.html`, inline SVG
//! plots, no network needed) from the files of a report directory.

use std::path::PathBuf;

use clap::Args;
use fleetlab_sim::report::{self, HtmlError};

use crate::error::CliError;

/// Arguments of `fleetlab report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Report directory (written by `fleetlab run` or `fleetlab merge`).
    pub dir: PathBuf,
    /// Where to write the page (default: DIR/report.html).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Run the command.
pub fn report(args: &ReportArgs) -> Result<(), CliError> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.dir.join(report::HTML_FILE));
    let path = report::write_html_to(&args.dir, &out).map_err(html_error)?;
    println!("html report: {}", path.display());
    Ok(())
}

/// A directory that is not a complete report, or a malformed report file, is the user's to
/// fix (exit 2); a failed write is a runtime failure (exit 1).
pub fn html_error(e: HtmlError) -> CliError {
    match e {
        HtmlError::NotAReport { .. } | HtmlError::Malformed { .. } | HtmlError::Read { .. } => {
            CliError::Usage(e.to_string())
        }
        HtmlError::Plot { .. } | HtmlError::Write(_) => CliError::Runtime(e.to_string()),
    }
}
