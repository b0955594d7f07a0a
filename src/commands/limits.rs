//! Guard rails on the sizes a command is asked for (issue 18 §2): worker threads bounded to
//! something sane, battle counts that finish in this lifetime, and a warning when a run will
//! take hours.

use crate::error::CliError;

/// Most worker threads any command starts: far above any core count a run profits from, far
/// below what exhausts a machine (`--threads 100000` once started thousands of threads).
pub const MAX_THREADS: usize = 1024;

/// Most battles per matchup (`--battles`): 10^10 is days of battles per matchup already;
/// beyond it a typo (`--battles 1000000000000`) is likelier than a plan. Split large runs
/// with `--shard` across machines.
pub const MAX_BATTLES: u64 = 10_000_000_000;

/// A run estimated to take longer than this many seconds gets a warning up front.
pub const LONG_RUN_SECONDS: f64 = 3600.0;

/// The machine's cores (1 when unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Check `--threads`: at least 1, at most [`MAX_THREADS`] (usage error, exit 2); a warning
/// on stderr above the core count (results do not depend on it, speed does).
pub fn threads(threads: Option<usize>) -> Result<(), CliError> {
    let Some(t) = threads else { return Ok(()) };
    if let Some(message) = threads_problem(t, cores())? {
        eprintln!("{message}");
    }
    Ok(())
}

/// The error or the warning for `--threads t` on a machine with `cores` cores.
pub fn threads_problem(t: usize, cores: usize) -> Result<Option<String>, CliError> {
    if t == 0 {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    if t > MAX_THREADS {
        return Err(CliError::Usage(format!(
            "--threads {t} is more than fleetlab starts (at most {MAX_THREADS}; this machine has \
             {cores} core(s), and more threads than cores only add overhead)"
        )));
    }
    Ok((t > cores).then(|| {
        format!(
            "warning: --threads {t} is more than this machine's {cores} core(s): the results are \
             the same, the run is not faster"
        )
    }))
}

/// Check `--battles`: at least 1 and at most [`MAX_BATTLES`] (usage error, exit 2).
pub fn battles(battles: Option<u64>) -> Result<(), CliError> {
    match battles {
        Some(0) => Err(CliError::Usage("--battles must be at least 1".into())),
        Some(b) if b > MAX_BATTLES => Err(CliError::Usage(format!(
            "--battles {b} is more than fleetlab plays per matchup (at most {MAX_BATTLES}, \
             already days per matchup): use --target-error to stop when the answer is precise \
             enough, or --shard to split a large run across machines"
        ))),
        _ => Ok(()),
    }
}

/// The up-front warning for a run of `total` battles at `per_second` battles per second
/// (measured on the first batch), when it will take more than [`LONG_RUN_SECONDS`].
pub fn run_time_warning(total: u64, per_second: f64) -> Option<String> {
    if per_second.is_nan() || per_second <= 0.0 {
        return None;
    }
    let seconds = total as f64 / per_second;
    (seconds > LONG_RUN_SECONDS).then(|| {
        format!(
            "warning: at {per_second:.0} battles/s this run of {total} battles will take about \
             {:.1} hours; Ctrl-C keeps the results so far (lower --battles, or use \
             --target-error to stop when the answer is precise enough)",
            seconds / 3600.0
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_bounds() {
        assert!(threads_problem(0, 4).is_err());
        assert!(threads_problem(100_000, 4).is_err());
        assert_eq!(threads_problem(4, 4).unwrap(), None);
        let w = threads_problem(8, 4).unwrap().unwrap();
        assert!(w.contains("more than this machine's 4 core(s)"), "{w}");
        assert!(threads_problem(MAX_THREADS, 4).is_ok());
    }

    #[test]
    fn battle_bounds() {
        assert!(battles(Some(0)).is_err());
        assert!(battles(Some(1_000_000_000_000)).is_err());
        assert!(battles(Some(MAX_BATTLES)).is_ok());
        assert!(battles(None).is_ok());
    }

    #[test]
    fn long_runs_are_announced() {
        // 10^9 battles at 100,000/s: 10,000 s, 2.8 hours.
        let w = run_time_warning(1_000_000_000, 100_000.0).unwrap();
        assert!(w.contains("about 2.8 hours"), "{w}");
        assert_eq!(run_time_warning(1_000_000, 100_000.0), None);
        assert_eq!(run_time_warning(1_000_000, 0.0), None);
    }
}
