//! Cosmic Conflict config: the layer at the edge that turns TOML documents into the rules' own
//! types. Parsing text is the simulator's job; this module only checks meaning, and reports
//! every problem with its document, span and field path. Nothing in the rules imports it.
//!
//! One file per part of the vocabulary:
//! * [`house_rules`] — `[house_rules]`, checked first (later checks depend on it);
//! * [`scenario`] — `[scenario]`: table, game length, scoring, deployment, fixed starts;
//!   [`terrain`] its terrain map, [`victory`] its victory conditions and objective;
//! * [`designs`] — `[[design]]` (SICs), [`fighters`] — `[[fighter]]` (Size 0 designs);
//! * [`fleets`] — `[[fleet]]`: ships and faction; [`formations`] its Formations and Escorts,
//!   [`fleet_fighters`] its fighters and their carriers;
//! * [`policies`] — a matchup side's policy preset and overrides;
//! * [`matchups`] — `[[matchup]]`: assembling the validated parts into a [`Matchup`];
//! * [`issues`] — the located-error collector every part reports to.

pub mod designs;
pub mod fighters;
pub mod fleet_fighters;
pub mod fleets;
pub mod formations;
pub mod house_rules;
pub mod issues;
pub mod matchups;
pub mod policies;
pub mod scenario;
pub mod terrain;
pub mod victory;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup};

use super::house_rules::HouseRules;
use super::matchup::Matchup;
use designs::DesignSpec;
use fighters::FighterDesignSpec;
use fleets::FleetSpec;
use issues::Issues;
use matchups::MatchupSpec;
use scenario::ScenarioSpec;

/// One Cosmic Conflict config file. Every file of an experiment has this shape; tables may
/// live in any of them (designs in one file, fleets in another, ...).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"cosmic-conflict"` (checked by the simulator).
    #[serde(default)]
    pub rule_system: Option<String>,
    /// Other files to read, relative to this one.
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    /// Name, seed, battles.
    #[serde(default)]
    pub experiment: Option<ExperimentSpec>,
    /// House-rule overrides.
    #[serde(default)]
    pub house_rules: Option<Spanned<HouseRules>>,
    /// The scenario.
    #[serde(default)]
    pub scenario: Option<Spanned<ScenarioSpec>>,
    /// Ship designs (SICs).
    #[serde(default)]
    pub design: Vec<Spanned<DesignSpec>>,
    /// Fighter designs (ch. 6c).
    #[serde(default)]
    pub fighter: Vec<Spanned<FighterDesignSpec>>,
    /// Fleets.
    #[serde(default)]
    pub fleet: Vec<Spanned<FleetSpec>>,
    /// Matchups to play.
    #[serde(default)]
    pub matchup: Vec<Spanned<MatchupSpec>>,
}

/// Validate documents (experiment first) into matchups.
pub fn build(docs: &[Doc]) -> Result<Vec<NamedMatchup<Matchup>>, Vec<ConfigIssue>> {
    let mut issues = Issues::default();
    let rules = house_rules::house_rules(docs, &mut issues);
    if !issues.is_empty() {
        // Later checks depend on the house rules (e.g. `linked_max`): report only these.
        return Err(issues.into_list());
    }
    let scenario = scenario::scenario(docs, &mut issues);
    let catalogue = designs::catalogue(docs, &rules, &mut issues);
    let fleets = fleets::fleets(docs, &catalogue, &mut issues);
    let out = matchups::matchups(
        docs,
        &fleets,
        &catalogue.designs,
        &rules,
        &scenario,
        &mut issues,
    );
    if issues.is_empty() {
        Ok(out)
    } else {
        Err(issues.into_list())
    }
}
