//! The located-error collector every part of the config reports to, and the small checks the
//! parts share (a table given once, a closed list of names, an integer range).

use std::ops::Range;

use serde_spanned::Spanned;

use crate::rule_system::ConfigIssue;

use super::Doc;

/// Collects issues with document and span.
#[derive(Default)]
pub(super) struct Issues {
    list: Vec<ConfigIssue>,
}

impl Issues {
    /// Issues so far.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether no issue was found so far.
    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The issues found.
    pub(super) fn into_list(self) -> Vec<ConfigIssue> {
        self.list
    }

    /// An issue at `span` of document `doc`.
    pub(super) fn push(
        &mut self,
        doc: usize,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.list
            .push(ConfigIssue::new(doc, Some(span), field, message));
    }

    /// An issue of the experiment as a whole (no span).
    pub(super) fn push_unlocated(
        &mut self,
        doc: usize,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.list.push(ConfigIssue::new(doc, None, field, message));
    }

    /// Check an integer range; returns the value if valid.
    pub(super) fn int(
        &mut self,
        doc: usize,
        v: &Spanned<i64>,
        field: &str,
        lo: i64,
        hi: i64,
    ) -> Option<i64> {
        let x = *v.get_ref();
        if (lo..=hi).contains(&x) {
            Some(x)
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            None
        }
    }

    /// One of a closed list of names (`None` when not given or unknown; unknown is reported).
    pub(super) fn choice<T: Copy>(
        &mut self,
        doc: usize,
        v: &Option<Spanned<String>>,
        field: &str,
        options: &[(&str, T)],
    ) -> Option<T> {
        let v = v.as_ref()?;
        match options.iter().find(|(n, _)| *n == v.get_ref()) {
            Some((_, t)) => Some(*t),
            None => {
                let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
                self.push(
                    doc,
                    v.span(),
                    field,
                    format!(
                        "unknown value `{}`; allowed: {}",
                        v.get_ref(),
                        names.join(", ")
                    ),
                );
                None
            }
        }
    }
}

/// Where a table came from: (doc, span).
pub(super) type Origin = (usize, Range<usize>);

/// A table that may be given in one document only (`[house_rules]`, `[scenario]`): the first,
/// with its document; every further one is reported.
pub(super) fn one_of<'a, T>(
    docs: &'a [Doc],
    pick: impl Fn(&'a Doc) -> Option<&'a Spanned<T>>,
    name: &str,
    issues: &mut Issues,
) -> Option<(usize, &'a Spanned<T>)> {
    let mut found: Option<(usize, &Spanned<T>)> = None;
    for (d, doc) in docs.iter().enumerate() {
        if let Some(t) = pick(doc) {
            if let Some((first, _)) = found {
                issues.push(
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

/// "known designs: a, b" or, when there are none, how to define one.
pub(super) fn known_list(what: &str, table: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("no {what} are defined: add a {table} table or include a file that has them")
    } else {
        format!("known {what}: {}", known.join(", "))
    }
}
