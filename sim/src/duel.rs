//! `fleetlab duel`: the quick battle calculator. Two fleets named on the command line — a
//! shipped fleet by name, or a list of shipped designs such as `cruiser,2*frigate` — become
//! a one-matchup experiment built on an existing experiment's documents (its designs,
//! fleets, scenario and house rules), played and reported like any `run`.
//!
//! A list of designs becomes a generated `[[fleet]]` whose name is the list as written
//! (`cruiser+2*frigate`); every rule system's fleet documents use that table
//! (`[[fleet]] name = ..., ships = [...]`), so the rule system checks the designs itself and
//! its errors name them.

use std::path::Path;

use crate::load::{ConfigError, Source};
use crate::mirror::inline;

/// One side of a duel as the command line gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelSide {
    /// The fleet: a shipped fleet's name or designs.
    pub fleet: FleetArg,
    /// The side's policy preset (`None`: the rule system's default).
    pub policy: Option<String>,
}

/// A fleet named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FleetArg {
    /// A fleet the experiment's documents define.
    Named(String),
    /// Designs, each with its count, in the order written.
    Ships(Vec<(u32, String)>),
}

impl FleetArg {
    /// `arg` read against the fleets the documents define (`known`): a known fleet's name is
    /// that fleet; anything else is a list of designs separated by `,` or `+`, each `N*design`
    /// (or `N×design`) or a bare design (count 1). Counts are 1..=99.
    pub fn parse(arg: &str, known: &[String]) -> Result<FleetArg, String> {
        let arg = arg.trim();
        if known.iter().any(|k| k == arg) {
            return Ok(FleetArg::Named(arg.to_owned()));
        }
        let mut ships = Vec::new();
        for item in arg.split([',', '+']) {
            let item = item.trim();
            if item.is_empty() {
                return Err(format!(
                    "`{arg}`: an empty entry; write a shipped fleet ({}) or designs such as \
                     `cruiser,2*frigate`",
                    known.join(", ")
                ));
            }
            let (count, design) = match item.split_once(['*', '×']) {
                Some((n, d)) => {
                    let n: u32 = n.trim().parse().map_err(|_| {
                        format!("`{item}`: the count before `*` must be a whole number 1..=99")
                    })?;
                    if !(1..=99).contains(&n) {
                        return Err(format!("`{item}`: the count must be 1..=99"));
                    }
                    (n, d.trim())
                }
                None => (1, item),
            };
            if design.is_empty() || design.contains(char::is_whitespace) {
                return Err(format!(
                    "`{item}`: not a design name; write a shipped fleet ({}) or designs such \
                     as `cruiser,2*frigate`",
                    known.join(", ")
                ));
            }
            ships.push((count, design.to_owned()));
        }
        Ok(FleetArg::Ships(ships))
    }

    /// The fleet's name in the generated experiment: the shipped name, or the designs as
    /// `cruiser+2*frigate`.
    pub fn name(&self) -> String {
        match self {
            FleetArg::Named(n) => n.clone(),
            FleetArg::Ships(ships) => ships
                .iter()
                .map(|(n, d)| {
                    if *n == 1 {
                        d.clone()
                    } else {
                        format!("{n}*{d}")
                    }
                })
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    /// The generated `[[fleet]]` table of a list of designs (`None` for a shipped fleet).
    fn fleet_table(&self) -> Option<String> {
        let FleetArg::Ships(ships) = self else {
            return None;
        };
        let list: Vec<toml::Value> = ships
            .iter()
            .flat_map(|(n, d)| std::iter::repeat_n(toml::Value::String(d.clone()), *n as usize))
            .collect();
        Some(format!(
            "\n[[fleet]]\nname = {}\nships = {}\n",
            toml::Value::String(self.name()),
            inline(&toml::Value::Array(list))
        ))
    }

    fn side_table(&self, policy: Option<&str>) -> toml::Value {
        let mut t = toml::Table::new();
        t.insert("fleet".into(), toml::Value::String(self.name()));
        if let Some(p) = policy {
            t.insert("policy".into(), toml::Value::String(p.to_owned()));
        }
        toml::Value::Table(t)
    }
}

/// The duel experiment: `base`'s text (its includes, scenario and house rules) with its
/// matchups and kind (`[experiment.ab]`/`matrix`/`game`) replaced by one `[[matchup]]` of
/// `a` against `b`, and a `[[fleet]]` for each side given as designs. The experiment is named
/// `duel`, with `battles` and (when given) `seed`. Its includes are made absolute (`base_dir`, the base file's directory, joined
/// with each), so the text can be saved anywhere and run as it is.
pub fn duel_text(
    base: &Source,
    base_dir: &Path,
    a: &DuelSide,
    b: &DuelSide,
    battles: u64,
    seed: Option<u64>,
) -> Result<String, ConfigError> {
    let mut doc: toml::Table = toml::from_str(&base.text)
        .map_err(|e| ConfigError::one(&base.path, None, None, e.message().to_owned()))?;
    doc.remove("matchup");
    if let Some(toml::Value::Array(includes)) = doc.get_mut("include") {
        for inc in includes.iter_mut() {
            if let toml::Value::String(rel) = inc {
                *rel = base_dir.join(&*rel).to_string_lossy().into_owned();
            }
        }
    }
    let exp = doc
        .entry("experiment")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    if let toml::Value::Table(exp) = exp {
        for kind in ["ab", "matrix", "game"] {
            exp.remove(kind);
        }
        exp.insert("name".into(), toml::Value::String("duel".into()));
        exp.insert("battles".into(), toml::Value::Integer(battles as i64));
        if let Some(seed) = seed {
            exp.insert("seed".into(), toml::Value::Integer(seed as i64));
        }
        exp.insert(
            "description".into(),
            toml::Value::String(format!("{} vs {}", a.fleet.name(), b.fleet.name())),
        );
    }
    let mut text = toml::to_string(&doc)
        .map_err(|e| ConfigError::one(&base.path, None, None, e.to_string()))?;
    let fa = a.fleet.fleet_table();
    let fb = b.fleet.fleet_table();
    if let Some(t) = &fa {
        text.push_str(t);
    }
    // The same designs on both sides are one fleet.
    if let Some(t) = fb.as_ref().filter(|t| fa.as_ref() != Some(*t)) {
        text.push_str(t);
    }
    text.push_str(&format!(
        "\n[[matchup]]\na = {}\nb = {}\n",
        inline(&a.fleet.side_table(a.policy.as_deref())),
        inline(&b.fleet.side_table(b.policy.as_deref()))
    ));
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Vec<String> {
        vec!["line-kinetic".into(), "wolfpack".into()]
    }

    #[test]
    fn a_shipped_fleet_is_named_and_designs_are_listed() {
        assert_eq!(
            FleetArg::parse("wolfpack", &known()),
            Ok(FleetArg::Named("wolfpack".into()))
        );
        let ships = FleetArg::parse("cruiser, 2*frigate+corvette", &known()).unwrap();
        assert_eq!(
            ships,
            FleetArg::Ships(vec![
                (1, "cruiser".into()),
                (2, "frigate".into()),
                (1, "corvette".into())
            ])
        );
        assert_eq!(ships.name(), "cruiser+2*frigate+corvette");
    }

    #[test]
    fn bad_lists_are_refused_with_what_is_allowed() {
        for bad in [
            "cruiser,,frigate",
            "x*frigate",
            "0*frigate",
            "100*frigate",
            "big ship",
        ] {
            let e = FleetArg::parse(bad, &known()).unwrap_err();
            assert!(e.contains('`'), "{bad}: {e}");
        }
        assert!(
            FleetArg::parse("", &known())
                .unwrap_err()
                .contains("line-kinetic")
        );
    }

    #[test]
    fn the_duel_replaces_matchups_and_kind_and_adds_fleets() {
        let base = Source {
            path: "configs/x/e.toml".into(),
            text: "rule_system = \"x\"\ninclude = [\"f.toml\"]\n[experiment]\nname = \"e\"\nseed = 3\n\
                   [experiment.ab]\nopponents = []\n[[matchup]]\na = { fleet = \"p\" }\nb = { fleet = \"q\" }\n"
                .into(),
        };
        let side = |arg: &str, policy: Option<&str>| DuelSide {
            fleet: FleetArg::parse(arg, &known()).unwrap(),
            policy: policy.map(str::to_owned),
        };
        let text = duel_text(
            &base,
            Path::new("/abs/configs/x"),
            &side("2*frigate", Some("standoff")),
            &side("wolfpack", None),
            500,
            None,
        )
        .unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(doc["experiment"]["battles"].as_integer(), Some(500));
        assert_eq!(doc["include"][0].as_str(), Some("/abs/configs/x/f.toml"));
        assert_eq!(doc["experiment"]["name"].as_str(), Some("duel"));
        assert_eq!(doc["experiment"]["seed"].as_integer(), Some(3));
        assert!(doc["experiment"].get("ab").is_none());
        let m = doc["matchup"].as_array().unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(m[0]["a"]["fleet"].as_str(), Some("2*frigate"));
        assert_eq!(m[0]["a"]["policy"].as_str(), Some("standoff"));
        assert_eq!(m[0]["b"]["fleet"].as_str(), Some("wolfpack"));
        assert!(m[0]["b"].get("policy").is_none());
        let fleets = doc["fleet"].as_array().unwrap();
        assert_eq!(fleets.len(), 1);
        assert_eq!(fleets[0]["ships"].as_array().unwrap().len(), 2);
        // The same designs on both sides are one fleet, not two with one name.
        let same = duel_text(
            &base,
            Path::new("/abs"),
            &side("frigate", None),
            &side("frigate", None),
            10,
            Some(9),
        )
        .unwrap();
        let doc: toml::Table = toml::from_str(&same).unwrap();
        assert_eq!(doc["experiment"]["seed"].as_integer(), Some(9));
        assert_eq!(doc["fleet"].as_array().unwrap().len(), 1);
    }
}
