//! The battle loop's observer: batch runs pass [`NoTrace`], whose `ENABLED = false` lets the
//! compiler drop every trace call (and the formatting of its arguments); `fleetlab trace`
//! passes a [`Trace`] that collects a readable turn-by-turn log.

use std::fmt::{self, Write};

/// Watches a battle. Implementations receive already-formatted events.
pub trait Observer {
    /// `false` for observers that ignore everything: callers test it before formatting, so
    /// the whole event disappears from batch builds.
    const ENABLED: bool;

    /// One event of the battle log.
    fn event(&mut self, args: fmt::Arguments<'_>);
}

/// Report an event to an observer, formatting it only if the observer is enabled.
#[macro_export]
macro_rules! trace {
    ($obs:expr, $($arg:tt)*) => {
        if $crate::observer::enabled(&*$obs) {
            $crate::observer::Observer::event(&mut *$obs, format_args!($($arg)*));
        }
    };
}

/// Whether an observer wants events (a constant per type, so the test compiles away).
#[inline(always)]
pub fn enabled<O: Observer>(_: &O) -> bool {
    O::ENABLED
}

/// The batch-mode observer: sees nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Observer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _args: fmt::Arguments<'_>) {}
}

/// Collects the battle log as text, one event per line.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The log so far.
    pub log: String,
}

impl Observer for Trace {
    const ENABLED: bool = true;
    fn event(&mut self, args: fmt::Arguments<'_>) {
        // Writing to a String cannot fail.
        let _ = self.log.write_fmt(args);
        self.log.push('\n');
    }
}
