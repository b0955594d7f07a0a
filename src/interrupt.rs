//! Ctrl-C during a run. The first SIGINT sets a flag the runner checks before each batch: the
//! batches in flight finish, the results so far are written and marked partial, and the
//! process exits with code 130. A second SIGINT exits at once with code 130, writing nothing
//! more (a report directory without `manifest.json` is incomplete by definition).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use signal_hook::consts::SIGINT;
use signal_hook::flag;

use crate::error::CliError;

/// Exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_CODE: i32 = 130;

/// Install the SIGINT handlers and return the stop flag they set.
pub fn stop_on_ctrl_c() -> Result<Arc<AtomicBool>, CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    let failed = |e: std::io::Error| CliError::Runtime(format!("cannot handle Ctrl-C: {e}"));
    // Registered first, so on the first signal it still sees the flag false and does nothing;
    // once `register` below has set the flag, the next signal exits immediately.
    flag::register_conditional_shutdown(SIGINT, EXIT_CODE, Arc::clone(&stop)).map_err(failed)?;
    flag::register(SIGINT, Arc::clone(&stop)).map_err(failed)?;
    Ok(stop)
}
