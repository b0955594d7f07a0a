//! CLI errors and their exit codes.

use std::fmt;
use std::process::ExitCode;

use fleetlab_sim::load::ConfigError;

/// Everything that can stop a command.
#[derive(Debug)]
pub enum CliError {
    /// A bad config (exit 2).
    Config(ConfigError),
    /// Bad arguments (exit 2).
    Usage(String),
    /// Something failed while running (exit 1).
    Runtime(String),
    /// `check` found a balance shift (exit 1).
    CheckFailed(String),
    /// SIGINT (Ctrl-C) or SIGTERM stopped a run; its partial results were written
    /// (exit 128 + signal: 130 or 143).
    Interrupted {
        /// What was kept.
        message: String,
        /// The exit code.
        code: u8,
    },
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Config(_) | CliError::Usage(_) => ExitCode::from(2),
            CliError::Runtime(_) | CliError::CheckFailed(_) => ExitCode::from(1),
            CliError::Interrupted { code, .. } => ExitCode::from(*code),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Config(e) => write!(f, "error: invalid config\n{e}"),
            CliError::Usage(m) => write!(f, "error: {m}"),
            CliError::Runtime(m) => write!(f, "error: {m}"),
            CliError::CheckFailed(m) => write!(f, "check failed: {m}"),
            CliError::Interrupted { message, .. } => write!(f, "interrupted: {message}"),
        }
    }
}

impl From<ConfigError> for CliError {
    fn from(e: ConfigError) -> Self {
        CliError::Config(e)
    }
}
