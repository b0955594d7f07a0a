//! Cold Infinity config: TOML documents checked into the rules' own types, every problem
//! reported with its document, span and field path. One file per part of the vocabulary:
//! * [`weapons`] — `[[weapon]]`: direct-fire weapon lines as an SDS prints them (technology,
//!   configurations, damage dice, range, RoF, accuracy, DF, power, speed);
//! * [`designs`] — `[[design]]`: SDS-like ships, sections with armor and hull, systems with
//!   their structure (the hit class follows from the kind), weapon mounts with their arcs;
//! * [`construction`] — a design's construction points (§16–17) from its systems, weapons,
//!   armor and hull, with the lost sheets' costs as design data;
//! * [`house_rules`] — `[house_rules]`: every field of both halves' readings;
//! * [`scenario`] — `[scenario]`: start range, spacing, speed, turn cap;
//! * `[[fleet]]` is [`crate::config_support::fleets`], shared; [`matchups`] — `[[matchup]]`
//!   into a [`Matchup`] with mirror-image deployment; [`policies`] — a side's preset and its
//!   overrides;
//! * [`issues`] — the located-error collector.

pub mod construction;
pub mod defences;
pub mod designs;
pub mod guided;
pub mod house_rules;
pub mod issues;
pub mod matchups;
pub mod notation;
pub mod policies;
pub mod reloads;
pub mod scenario;
pub mod shields;
pub mod systems;
pub mod torpedoes;
pub mod weapons;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::config_support::FleetSpec;
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup};

use super::matchup::{MAX_SHIPS, Matchup};
use designs::DesignSpec;
use house_rules::HouseRulesSpec;
use issues::Issues;
use matchups::MatchupSpec;
use scenario::ScenarioSpec;
use weapons::WeaponSpec;

/// One Cold Infinity config file; tables may live in any file of an experiment.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"cold-infinity"` (checked by the simulator).
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
    pub house_rules: Option<Spanned<HouseRulesSpec>>,
    /// The scenario.
    #[serde(default)]
    pub scenario: Option<Spanned<ScenarioSpec>>,
    /// Weapon lines.
    #[serde(default)]
    pub weapon: Vec<Spanned<WeaponSpec>>,
    /// Missile types (§9.2.1, §17.2.1).
    #[serde(default)]
    pub missile: Vec<Spanned<guided::MissileSpec>>,
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
    let rules = house_rules::house_rules(docs, &mut is);
    let scenario = scenario::scenario(docs, &mut is);
    let mut table = weapons::weapon_table(docs, &mut is);
    table.missiles = guided::missile_table(docs, &mut is);
    let designs = designs::designs(docs, &table, &rules.construction, &mut is);
    let fleets = crate::config_support::fleets(
        docs,
        |doc: &Doc| &doc.fleet,
        MAX_SHIPS / 2,
        &designs.index,
        |n| designs.invalid.contains(n),
        &mut is,
    );
    let out = matchups::matchups(docs, &fleets, &designs, &rules, &scenario, &mut is);
    is.into_result(out)
}
