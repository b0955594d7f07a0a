//! `[house_rules]`: the named house rules' overrides (given at most once across the
//! documents), checked by `HouseRules::problems`; the defaults when absent.

use super::super::house_rules::HouseRules;
use super::Doc;
use super::issues::{Issues, one_of};

/// The experiment's house rules; every problem is reported at the table.
pub(super) fn house_rules(docs: &[Doc], is: &mut Issues) -> HouseRules {
    match one_of(docs, |d| d.house_rules.as_ref(), "house_rules", is) {
        Some((d, r)) => {
            for (field, msg) in r.get_ref().problems() {
                is.push(d, r.span(), format!("house_rules.{field}"), msg);
            }
            r.get_ref().clone()
        }
        None => HouseRules::default(),
    }
}
