//! One module per subcommand.

pub mod audit;
pub mod bench;
pub mod bench_game;
pub mod duel;
pub mod gate;
pub mod inspect;
pub mod limits;
pub mod merge;
pub mod mirror;
pub mod report;
pub mod run;
pub mod sweep;
pub mod trace;

use std::io::Write as _;
use std::path::{Path, PathBuf};

use fleetlab_sim::load::{self, ConfigError, Located};
use fleetlab_sim::registry::{self, SystemTask};

use crate::error::CliError;

/// Read an experiment file's `rule_system` and run `task` with that rule system.
pub fn dispatch<T: SystemTask<Output = Result<(), CliError>>>(
    config: &Path,
    task: T,
) -> Result<(), CliError> {
    dispatch_with(config, task)
}

/// Read an experiment file's `rule_system` and run `task` with that rule system, whatever it
/// returns.
pub fn dispatch_with<O, T: SystemTask<Output = Result<O, CliError>>>(
    config: &Path,
    task: T,
) -> Result<O, CliError> {
    let src = load::read_source(config)?;
    let name = load::rule_system_of(&src)?;
    registry::with_system(&name, task).unwrap_or_else(|| {
        Err(CliError::Config(ConfigError {
            problems: vec![Located {
                file: config.to_path_buf(),
                line_col: None,
                field: Some("rule_system".into()),
                message: format!(
                    "unknown rule system `{name}`; known: {}",
                    registry::NAMES.join(", ")
                ),
            }],
        }))
    })
}

/// Write `text` to stdout. A reader that went away (`fleetlab … | head`) is not an error: the
/// output is what it asked for (`println!` would panic on the broken pipe).
pub fn emit(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::Runtime(format!("cannot write to stdout: {e}")))
        }
        _ => Ok(()),
    }
}

/// The shipped `configs/` directory: the working directory's when it has one, else the one of
/// the source tree fleetlab was built from (so `bench` and `duel` work from any directory).
pub fn configs_dir() -> PathBuf {
    let here = PathBuf::from("configs");
    if here.is_dir() {
        here
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs")
    }
}
