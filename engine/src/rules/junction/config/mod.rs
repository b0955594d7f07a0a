//! Junction config: the layer at the edge that turns TOML documents into the rules' own types.
//! Parsing text is the simulator's job; this module only checks meaning, and reports every
//! problem with its document, span and field path. Nothing in the rules imports it.
//!
//! One file per part of the vocabulary:
//! * [`house_rules`] — `[house_rules]`, checked first (designs' jump energy depends on it);
//! * [`scenario`] — `[scenario]`: distance, cost measure, circumstances, deployment, fixed
//!   starts, the objective;
//! * [`weapons`] — `[[weapon]]` (direct-fire weapon types) and the catalogue's weapons;
//!   [`guided`] — `[[guided]]` (guided-weapon designs) and the Missile Racks' loads;
//! * [`designs`] — `[[design]]` (ship designs); [`parts`] their parts (power, drives, tanks,
//!   jump engine, command, crew kind, catapult, crit weights);
//! * `[[fleet]]` (a design per ship) is [`crate::config_support::fleets`], shared;
//! * [`policies`] — a matchup side's policy preset and overrides;
//! * [`matchups`] — `[[matchup]]`: assembling the validated parts into a [`Matchup`];
//! * [`issues`] — the located-error collector every part reports to.

pub mod designs;
pub mod guided;
pub mod house_rules;
pub mod issues;
pub mod matchups;
pub mod parts;
pub mod policies;
pub mod scenario;
pub mod weapons;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup};

use super::house_rules::HouseRules;
use super::matchup::Matchup;
use crate::config_support::FleetSpec;
use designs::DesignSpec;
use guided::GuidedSpec;
use issues::Issues;
use matchups::MatchupSpec;
use scenario::ScenarioSpec;
use weapons::WeaponSpec;

/// One Junction config file; tables may live in any file of an experiment.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"junction"` (checked by the simulator).
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
    /// Direct-fire weapon types (catalogue).
    #[serde(default)]
    pub weapon: Vec<Spanned<WeaponSpec>>,
    /// Guided-weapon designs (catalogue).
    #[serde(default)]
    pub guided: Vec<Spanned<GuidedSpec>>,
    /// Ship designs (catalogue).
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
    let rules = house_rules::house_rules(docs, &mut is);
    let scen = scenario::scenario(docs, &mut is);
    let armory = weapons::armory(docs, &mut is);
    let light_level = scenario::light_level(scen, &mut is);
    let designs = designs::designs(docs, &armory, &rules, light_level, &mut is);
    designs::check_prices(docs, scenario::cost_measure(scen), &mut is);
    let fleets = crate::config_support::fleets(
        docs,
        |doc: &Doc| &doc.fleet,
        super::ship::MAX_SHIPS / 2,
        &designs.index,
        |n| designs.invalid.contains_key(n),
        &mut is,
    );
    let out = matchups::matchups(docs, &fleets, &designs, &armory, &rules, scen, &mut is);
    is.into_result(out)
}
