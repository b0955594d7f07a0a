//! Stopping a run from outside: Ctrl-C (SIGINT) or a job system's SIGTERM (Slurm at its time
//! limit, Kubernetes on eviction). The first signal sets a flag the runner checks before each
//! batch: the batches in flight finish, the results so far are written and marked partial, and
//! the process exits with 128 + the signal number (130 for SIGINT, 143 for SIGTERM). A second
//! signal exits at once, writing nothing more (a report directory without `manifest.json` is
//! incomplete by definition).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;

use crate::error::CliError;

/// The stop flag for the runner and the signal that raised it.
pub struct Stop {
    /// Set by the first SIGINT or SIGTERM.
    pub flag: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

impl Stop {
    /// Exit code for the signal received: 128 + its number (130 if none was recorded).
    pub fn exit_code(&self) -> u8 {
        match self.signal.load(Ordering::Relaxed) {
            0 => 130,
            s => (128 + s).min(255) as u8,
        }
    }
}

/// Install the handlers for SIGINT and SIGTERM and return the stop flag they set.
pub fn stop_on_signal() -> Result<Stop, CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(AtomicUsize::new(0));
    let failed = |e: std::io::Error| CliError::Runtime(format!("cannot handle signals: {e}"));
    for sig in [SIGINT, SIGTERM] {
        // Registered first, so on the first signal it still sees the flag false and does
        // nothing; once the handlers below have set the flag, the next signal exits at once.
        flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&stop)).map_err(failed)?;
        flag::register_usize(sig, Arc::clone(&signal), sig as usize).map_err(failed)?;
        flag::register(sig, Arc::clone(&stop)).map_err(failed)?;
    }
    Ok(Stop { flag: stop, signal })
}
