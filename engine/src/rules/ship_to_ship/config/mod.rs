//! Ship-to-ship config: the layer at the edge that turns TOML documents into the rules' own
//! types, reporting every problem with its document, span and field path. One file per part
//! of the vocabulary:
//! * [`designs`] — `[[design]]`: Size, Guns, Shields, speed, Stabilizer, Luck, Cannon mode and
//!   the module grid as a text picture (a malformed cell is reported at its row and column);
//! * `[[fleet]]` (a design per ship) is [`crate::config_support::fleets`], shared;
//! * [`matchups`] — `[scenario]`, `[[matchup]]` sides and policies, deployment;
//! * [`issues`] — the located-error collector.

pub mod designs;
pub mod issues;
pub mod matchups;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::house_rules::HouseRules;
use super::matchup::Matchup;
use crate::config_support::FleetSpec;
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup};
use designs::DesignSpec;
use issues::{Issues, one_of};
use matchups::{MatchupSpec, ScenarioSpec};

/// One ship-to-ship config file; tables may live in any file of an experiment.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"ship-to-ship"` (checked by the simulator).
    #[serde(default)]
    pub rule_system: Option<String>,
    /// Other files to read, relative to this one.
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    /// Name, seed, battles.
    #[serde(default)]
    pub experiment: Option<ExperimentSpec>,
    /// House-rule overrides (G1–G20).
    #[serde(default)]
    pub house_rules: Option<Spanned<HouseRules>>,
    /// The scenario: deployment distance, asteroids.
    #[serde(default)]
    pub scenario: Option<Spanned<ScenarioSpec>>,
    /// Ship designs.
    #[serde(default)]
    pub design: Vec<Spanned<DesignSpec>>,
    /// Fleets.
    #[serde(default)]
    pub fleet: Vec<Spanned<FleetSpec>>,
    /// Matchups to play.
    #[serde(default)]
    pub matchup: Vec<Spanned<MatchupSpec>>,
}

/// Validate documents (experiment first) into matchups.
pub fn build(docs: &[Doc]) -> Result<Vec<NamedMatchup<Matchup>>, Vec<ConfigIssue>> {
    let mut is = Issues::default();
    let rules = match one_of(docs, |d| d.house_rules.as_ref(), "house_rules", &mut is) {
        Some((d, r)) => {
            for (field, msg) in r.get_ref().problems() {
                is.push(d, r.span(), format!("house_rules.{field}"), msg);
            }
            r.get_ref().clone()
        }
        None => HouseRules::default(),
    };
    let scen = one_of(docs, |d| d.scenario.as_ref(), "scenario", &mut is);
    let designs = designs::designs(docs, &mut is);
    let fleets = crate::config_support::fleets(
        docs,
        |doc: &Doc| &doc.fleet,
        super::ship::MAX_SHIPS / 2,
        &designs.index,
        |n| designs.invalid.contains(n),
        &mut is,
    );
    let out = matchups::matchups(docs, &fleets, &designs.list, &rules, scen, &mut is);
    is.into_result(out)
}
