//! Target-lock config: TOML documents checked into the rules' own types, every problem
//! reported with its document, span and field path. One file per part of the vocabulary:
//! * [`house_rules`] — `[house_rules]`;
//! * [`weapons`] — `[[weapon]]`: the weapon table, one line per weapon (digest G1);
//! * [`designs`] — `[[design]]`: ship sheets, the structure track as a string of box codes;
//! * `[[fleet]]` is [`crate::config_support::fleets`], shared; [`matchups`] — `[[matchup]]`
//!   into a [`Matchup`];
//! * [`issues`] — the located-error collector.

pub mod designs;
pub mod house_rules;
pub mod issues;
pub mod matchups;
pub mod weapons;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup};

use super::house_rules::HouseRules;
use super::matchup::Matchup;
use crate::config_support::FleetSpec;
use crate::config_support::MatchupSpec;
use designs::DesignSpec;
use issues::Issues;
use weapons::WeaponSpec;

/// One target-lock config file; tables may live in any file of an experiment.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"target-lock"` (checked by the simulator).
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
    /// The weapon table.
    #[serde(default)]
    pub weapon: Vec<Spanned<WeaponSpec>>,
    /// Ship sheets.
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
    let table = weapons::weapon_table(docs, &mut is);
    let designs = designs::designs(docs, &table, &mut is);
    let fleets = crate::config_support::fleets(
        docs,
        |doc: &Doc| &doc.fleet,
        super::battle::MAX_SHIPS / 2,
        &designs.index,
        |n| designs.invalid.contains_key(n),
        &mut is,
    );
    let out = matchups::matchups(docs, &fleets, &designs, &table, &rules, &mut is);
    is.into_result(out)
}
