//! What every rule system's config layer shares: the located-error collector its parts report
//! to, and the small checks they all make (an integer or real range, a closed list of names, a
//! table given once, a uniquely named catalogue entry, "no X named ...", the `[[fleet]]` table).
//! Generic over the rule system's document type, so a new rule system's `config` module uses
//! these instead of a copy.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::{ConfigIssue, did_you_mean};

/// Collects issues with document, span and field path, in the order they were found.
#[derive(Debug, Default)]
pub struct Issues {
    list: Vec<ConfigIssue>,
}

impl Issues {
    /// Issues so far.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether no issue was found so far.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The issues found.
    pub fn into_list(self) -> Vec<ConfigIssue> {
        self.list
    }

    /// `Ok(value)` when no issue was found, else every issue.
    pub fn into_result<T>(self, value: T) -> Result<T, Vec<ConfigIssue>> {
        if self.list.is_empty() {
            Ok(value)
        } else {
            Err(self.list)
        }
    }

    /// A ready-made issue.
    pub fn push_issue(&mut self, issue: ConfigIssue) {
        self.list.push(issue);
    }

    /// An issue at `span` of document `doc`.
    pub fn push(
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
    pub fn push_unlocated(
        &mut self,
        doc: usize,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.list.push(ConfigIssue::new(doc, None, field, message));
    }

    /// `Some(v)` if `v` is within `lo..=hi`, else an issue and `None`.
    pub fn int(
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
            self.out_of_range(doc, v.span(), field, x, lo, hi);
            None
        }
    }

    /// `v` if within `lo..=hi`, else an issue and `lo` (checking goes on with a legal value).
    pub fn int_or_lo(
        &mut self,
        doc: usize,
        v: &Spanned<i64>,
        field: &str,
        lo: i64,
        hi: i64,
    ) -> i64 {
        self.int(doc, v, field, lo, hi).unwrap_or(lo)
    }

    /// `v` if finite and within `lo..=hi`, else an issue and `lo`.
    pub fn real_or_lo(
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
            self.out_of_range(doc, v.span(), field, x, lo, hi);
            lo
        }
    }

    fn out_of_range<T: std::fmt::Display>(
        &mut self,
        doc: usize,
        span: Range<usize>,
        field: &str,
        x: T,
        lo: T,
        hi: T,
    ) {
        self.push(
            doc,
            span,
            field,
            format!("{x} is out of range: allowed {lo}..={hi}"),
        );
    }

    /// One of a closed list of names (`None` when not given or unknown; unknown is reported).
    pub fn choice<T: Copy>(
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

/// Where a table came from: (document, span).
pub type Origin = (usize, Range<usize>);

/// A table that may be given in one document only (`[house_rules]`, `[scenario]`): the first,
/// with its document; every further one is reported.
pub fn one_of<'a, D, T>(
    docs: &'a [D],
    pick: impl Fn(&'a D) -> Option<&'a Spanned<T>>,
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
pub fn known_list(what: &str, table: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("no {what} are defined: add a {table} table or include a file that has them")
    } else {
        format!("known {what}: {}", known.join(", "))
    }
}

/// "no weapon named `x`; did you mean ...; known weapons: ..." for a name not in `index`.
pub fn unknown(kind: &str, table: &str, name: &str, index: &HashMap<String, usize>) -> String {
    let mut known: Vec<&str> = index.keys().map(String::as_str).collect();
    known.sort_unstable();
    format!(
        "no {kind} named `{name}`{}; {}",
        did_you_mean(name, &known),
        known_list(&format!("{kind}s"), table, &known)
    )
}

/// Register a uniquely named catalogue entry under index `next`; a duplicate name is reported
/// and not registered (returns false).
pub fn register(
    index: &mut HashMap<String, usize>,
    name: &Spanned<String>,
    next: usize,
    doc: usize,
    field: String,
    what: &str,
    issues: &mut Issues,
) -> bool {
    if index.contains_key(name.get_ref()) {
        issues.push(
            doc,
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

/// `[[fleet]]` as every rule system but Cosmic Conflict (which adds a faction and formations)
/// writes it: a unique name and one design name per ship.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Design names, one per ship.
    pub ships: Vec<Spanned<String>>,
}

/// Every document's `[[fleet]]` entries: fleet name → indices (in `designs`) of its ships'
/// designs. A fleet of 0 or more than `max_ships` ships, a duplicate fleet name and an unknown
/// design are reported; a design that `is_invalid` (it has a problem of its own, already
/// reported) is left out silently.
pub fn fleets<'a, D: 'a>(
    docs: &'a [D],
    fleet_of: impl Fn(&'a D) -> &'a [Spanned<FleetSpec>],
    max_ships: usize,
    designs: &HashMap<String, usize>,
    is_invalid: impl Fn(&str) -> bool,
    is: &mut Issues,
) -> HashMap<String, Vec<usize>> {
    let mut fleets: HashMap<String, Vec<usize>> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in fleet_of(doc).iter().enumerate() {
            let f = spec.get_ref();
            let name = f.name.get_ref();
            if fleets.contains_key(name) {
                is.push(
                    d,
                    f.name.span(),
                    format!("fleet[{k}].name"),
                    format!("fleet `{name}` is defined twice; fleet names must be unique"),
                );
                continue;
            }
            let at = format!("fleet[{k}] ({name}).ships");
            if f.ships.is_empty() || f.ships.len() > max_ships {
                is.push(
                    d,
                    spec.span(),
                    at.clone(),
                    format!("{} ships; a fleet has 1..={max_ships}", f.ships.len()),
                );
            }
            let mut ships = Vec::new();
            for (n, s) in f.ships.iter().enumerate() {
                match designs.get(s.get_ref()) {
                    Some(&i) => ships.push(i),
                    None if is_invalid(s.get_ref()) => {}
                    None => is.push(
                        d,
                        s.span(),
                        format!("{at}[{n}]"),
                        unknown("design", "[[design]]", s.get_ref(), designs),
                    ),
                }
            }
            fleets.insert(name.clone(), ships);
        }
    }
    fleets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spanned<T>(v: T) -> Spanned<T> {
        Spanned::new(3..7, v)
    }

    #[test]
    fn ranges_report_the_allowed_interval_and_go_on_with_lo() {
        let mut is = Issues::default();
        assert_eq!(is.int(0, &spanned(5), "a", 1, 9), Some(5));
        assert_eq!(is.int_or_lo(1, &spanned(12), "b", 1, 9), 1);
        assert_eq!(is.real_or_lo(2, &spanned(f64::NAN), "c", 0.5, 2.0), 0.5);
        let list = is.into_list();
        assert_eq!(list.len(), 2);
        assert!(
            list[0]
                .message
                .contains("12 is out of range: allowed 1..=9")
        );
        assert_eq!(list[1].doc, 2);
        assert_eq!(list[1].field, "c");
    }

    #[test]
    fn a_table_given_twice_is_reported_at_the_second() {
        let docs = [None, Some(spanned(1)), Some(spanned(2))];
        let mut is = Issues::default();
        let (d, t) = one_of(&docs, |d| d.as_ref(), "scenario", &mut is).unwrap();
        assert_eq!((d, *t.get_ref()), (1, 1));
        let list = is.into_list();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].doc, 2);
        assert!(list[0].message.contains("already given in file #1"));
    }

    #[test]
    fn catalogue_names_are_unique_and_unknown_names_list_the_known() {
        let mut index = HashMap::new();
        let mut is = Issues::default();
        assert!(register(
            &mut index,
            &spanned("laser".into()),
            0,
            0,
            "weapon".into(),
            "weapon",
            &mut is
        ));
        assert!(!register(
            &mut index,
            &spanned("laser".into()),
            1,
            1,
            "weapon".into(),
            "weapon",
            &mut is
        ));
        assert_eq!(is.len(), 1);
        let m = unknown("weapon", "[[weapon]]", "lazer", &index);
        assert!(m.starts_with("no weapon named `lazer`"), "{m}");
        assert!(m.contains("known weapons: laser"), "{m}");
        assert!(known_list("designs", "[[design]]", &[]).contains("add a [[design]] table"));
        assert_eq!(
            is.choice(0, &Some(spanned("b".into())), "f", &[("a", 1), ("b", 2)]),
            Some(2)
        );
        assert_eq!(
            is.choice(0, &Some(spanned("z".into())), "f", &[("a", 1)]),
            None
        );
        assert_eq!(is.len(), 2);
    }
    #[test]
    fn fleets_are_unique_sized_and_name_known_designs() {
        let fleet = |name: &str, ships: &[&str]| {
            spanned(FleetSpec {
                name: spanned(name.to_string()),
                ships: ships.iter().map(|s| spanned(s.to_string())).collect(),
            })
        };
        let docs = [
            vec![
                fleet("pair", &["frigate", "broken"]),
                fleet("big", &["frigate"; 3]),
            ],
            vec![fleet("pair", &["frigate"]), fleet("typo", &["frigat"])],
        ];
        let designs = HashMap::from([("frigate".to_string(), 4)]);
        let mut is = Issues::default();
        let out = fleets(&docs, |d| d, 2, &designs, |n| n == "broken", &mut is);
        assert_eq!(out["pair"], [4], "an invalid design is left out silently");
        assert_eq!(out["big"], [4, 4, 4]);
        let list = is.into_list();
        let fields: Vec<_> = list.iter().map(|i| (i.doc, i.field.as_str())).collect();
        assert_eq!(
            fields,
            [
                (0, "fleet[1] (big).ships"),
                (1, "fleet[0].name"),
                (1, "fleet[1] (typo).ships[0]")
            ]
        );
        assert!(list[0].message.contains("3 ships; a fleet has 1..=2"));
        assert!(list[1].message.contains("defined twice"));
        assert!(
            list[2].message.contains("did you mean"),
            "{}",
            list[2].message
        );
    }
}

/// One side of a `[[matchup]]` as written: a fleet and a policy preset.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSideSpec {
    /// Fleet name (a `[[fleet]]`).
    pub fleet: Spanned<String>,
    /// Policy preset (default: the rule system's first).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
}

/// `[[matchup]]` as written: side A and side B, each a fleet and a policy preset.
pub type MatchupSpec = TwoSides<MatchupSideSpec>;

/// `[[matchup]]` as written, generic over how a rule system writes a side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoSides<S> {
    /// Side A.
    pub a: Spanned<S>,
    /// Side B.
    pub b: Spanned<S>,
}

/// A side of a matchup with its fleet and policy found: the fleet's name, its ships (indices
/// into the rule system's design list, from [`fleets`]) and the policy.
pub type ResolvedSide<P> = (String, Vec<usize>, P);

/// Every document's `[[matchup]]` tables (`specs` of each document), each side's fleet looked
/// up in `fleets` and its policy by `preset` among `presets` (the first when none is named);
/// `assemble` builds each matchup whose two sides are found while no issue has been reported.
/// An unknown fleet or preset (with the names allowed), or no `[[matchup]]` at all, is an
/// issue.
pub fn matchups<'a, D: 'a, P, M>(
    docs: &'a [D],
    specs: impl Fn(&'a D) -> &'a [Spanned<MatchupSpec>],
    fleets: &HashMap<String, Vec<usize>>,
    presets: &[&str],
    preset: impl Fn(&str) -> Option<P>,
    is: &mut Issues,
    mut assemble: impl FnMut(&[ResolvedSide<P>]) -> M,
) -> Vec<M> {
    let policy = |d: usize, at: &str, s: &MatchupSideSpec, is: &mut Issues| match &s.policy {
        None => presets.first().and_then(|p| preset(p)),
        Some(p) => {
            let found = preset(p.get_ref());
            if found.is_none() {
                is.push(
                    d,
                    p.span(),
                    format!("{at}.policy"),
                    format!(
                        "unknown preset `{}`{}; allowed: {}",
                        p.get_ref(),
                        did_you_mean(p.get_ref(), presets),
                        presets.join(", ")
                    ),
                );
            }
            found
        }
    };
    matchups_with(
        docs,
        specs,
        |s| &s.fleet,
        fleets,
        policy,
        is,
        |s, _| assemble(s),
    )
}

/// [`matchups`] for a rule system whose `[[matchup]]` sides say more than a fleet and a
/// preset (policy overrides): `fleet_of` names a side's fleet and `policy` builds its policy
/// (reporting its own issues at `at`, e.g. `matchup[0].a`); `assemble` may report issues too.
pub fn matchups_with<'a, D: 'a, S: 'a, P, M>(
    docs: &'a [D],
    specs: impl Fn(&'a D) -> &'a [Spanned<TwoSides<S>>],
    fleet_of: impl Fn(&S) -> &Spanned<String>,
    fleets: &HashMap<String, Vec<usize>>,
    policy: impl Fn(usize, &str, &S, &mut Issues) -> Option<P>,
    is: &mut Issues,
    mut assemble: impl FnMut(&[ResolvedSide<P>], &mut Issues) -> M,
) -> Vec<M> {
    let mut out = Vec::new();
    let mut any = false;
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in specs(doc).iter().enumerate() {
            any = true;
            let ms = spec.get_ref();
            let mut sides = Vec::with_capacity(2);
            for (label, side) in [("a", &ms.a), ("b", &ms.b)] {
                let at = format!("matchup[{k}].{label}");
                let s = side.get_ref();
                let name = fleet_of(s);
                let fleet = fleets.get(name.get_ref());
                if fleet.is_none() {
                    let idx: HashMap<String, usize> =
                        fleets.keys().map(|k| (k.clone(), 0)).collect();
                    is.push(
                        d,
                        name.span(),
                        format!("{at}.fleet"),
                        unknown("fleet", "[[fleet]]", name.get_ref(), &idx),
                    );
                }
                let p = policy(d, &at, s, is);
                if let (Some(ships), Some(p)) = (fleet, p) {
                    sides.push((name.get_ref().clone(), ships.clone(), p));
                }
            }
            if sides.len() == 2 && is.is_empty() {
                out.push(assemble(&sides, is));
            }
        }
    }
    if !any {
        is.push_issue(ConfigIssue::new(
            0,
            None,
            "matchup",
            "the experiment defines no [[matchup]]: add at least one with `a = { fleet = ... }` and `b = { fleet = ... }`",
        ));
    }
    out
}
