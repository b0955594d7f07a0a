//! The located-error collector every part of the config reports to, and the small checks the
//! parts share (a real or integer range, "no X named ...", a table given once, a unique
//! catalogue name).

use std::collections::HashMap;
use std::ops::Range;

use serde_spanned::Spanned;

use crate::rule_system::{ConfigIssue, did_you_mean};

use super::Doc;

/// Collects issues with document, span and field path.
pub(super) struct Issues {
    /// The issues found so far, in the order they were found.
    pub(super) list: Vec<ConfigIssue>,
}

impl Issues {
    /// An issue at `span` of document `doc`.
    pub(super) fn push(
        &mut self,
        doc: usize,
        span: Range<usize>,
        field: impl Into<String>,
        msg: impl Into<String>,
    ) {
        self.list
            .push(ConfigIssue::new(doc, Some(span), field, msg));
    }

    /// `v` if finite and within `lo..=hi`, else an issue and `lo`.
    pub(super) fn real(
        &mut self,
        doc: usize,
        v: &Spanned<f64>,
        field: &str,
        lo: f64,
        hi: f64,
    ) -> f64 {
        let x = *v.get_ref();
        if x.is_finite() && (lo..=hi).contains(&x) {
            x
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            lo
        }
    }

    /// `v` if within `lo..=hi`, else an issue and `lo`.
    pub(super) fn int(
        &mut self,
        doc: usize,
        v: &Spanned<i64>,
        field: &str,
        lo: i64,
        hi: i64,
    ) -> i64 {
        let x = *v.get_ref();
        if (lo..=hi).contains(&x) {
            x
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            lo
        }
    }
}

/// "known designs: a, b" or, when there are none, how to define one.
pub(super) fn known_list(what: &str, table: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("no {what} are defined: add a {table} table or include a file that has them")
    } else {
        format!("known {what}: {}", known.join(", "))
    }
}

/// "no weapon named `x`; did you mean ...; known weapons: ..." for a name not in `index`.
pub(super) fn unknown(
    kind: &str,
    table: &str,
    name: &str,
    index: &HashMap<String, usize>,
) -> String {
    let mut known: Vec<&str> = index.keys().map(String::as_str).collect();
    known.sort_unstable();
    format!(
        "no {kind} named `{name}`{}; {}",
        did_you_mean(name, &known),
        known_list(&format!("{kind}s"), table, &known)
    )
}

/// Find a table that may be given once across all documents.
pub(super) fn one_of<'a, T>(
    docs: &'a [Doc],
    pick: impl Fn(&'a Doc) -> Option<&'a Spanned<T>>,
    name: &str,
    is: &mut Issues,
) -> Option<(usize, &'a Spanned<T>)> {
    let mut found: Option<(usize, &Spanned<T>)> = None;
    for (d, doc) in docs.iter().enumerate() {
        if let Some(t) = pick(doc) {
            if let Some((first, _)) = found {
                is.push(
                    d,
                    t.span(),
                    name,
                    format!("[{name}] is already given in file #{first}; give it once"),
                );
            } else {
                found = Some((d, t));
            }
        }
    }
    found
}

/// Register a uniquely named catalogue entry; report duplicates.
pub(super) fn register(
    index: &mut HashMap<String, usize>,
    name: &Spanned<String>,
    next: usize,
    d: usize,
    field: String,
    what: &str,
    is: &mut Issues,
) -> bool {
    if index.contains_key(name.get_ref()) {
        is.push(
            d,
            name.span(),
            field,
            format!(
                "{what} `{}` is defined twice; {what} names must be unique",
                name.get_ref()
            ),
        );
        return false;
    }
    index.insert(name.get_ref().clone(), next);
    true
}
