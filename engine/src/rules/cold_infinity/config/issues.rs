//! The located-error collector and the shared checks, from [`crate::config_support`];
//! re-exported so the config parts name them locally.

pub(super) use crate::config_support::{Issues, one_of, register, unknown};
