//! The trust flag of the house rules a run's answer rests on: where the text is silent the
//! rule system plays a named house rule (`RuleSystem::house_rules`, listed per system in
//! `docs/house-rules/`), and where it lacks a whole table the config supplies placeholder
//! numbers. A designer reads here what of the answer is invented.

use fleetlab_engine::rule_system::PLACEHOLDER_SUFFIX;

use super::verdict::{Flag, Level, MatchupFacts};

/// At most this many house-rule names are spelled out in the flag; the rest are counted.
const NAMED: usize = 8;

/// The flags naming what the played matchups rest on: a warning for each placeholder table
/// (with the matchups that use it), a note naming the other house rules; none when no matchup
/// rests on any.
pub fn invented_rules_flags(played: &[&MatchupFacts]) -> Vec<Flag> {
    let mut rules: Vec<&str> = Vec::new();
    for key in played.iter().flat_map(|f| &f.house_rules) {
        if !rules.contains(&key.as_str()) {
            rules.push(key);
        }
    }
    let (placeholders, others): (Vec<&str>, Vec<&str>) =
        rules.iter().partition(|k| k.ends_with(PLACEHOLDER_SUFFIX));
    let mut flags: Vec<Flag> = placeholders
        .iter()
        .map(|&table| {
            let on = played
                .iter()
                .filter(|f| f.house_rules.iter().any(|k| k == table))
                .count();
            Flag::new(
                Level::Warn,
                format!(
                    "placeholder table `{table}` in {on} of {} matchup(s): the numbers are the \
                     placeholder's, not the game's; put the game's own table in the config",
                    played.len()
                ),
            )
        })
        .collect();
    if !others.is_empty() {
        flags.push(Flag::new(Level::Note, named(&others)));
    }
    flags
}

/// "rests on N house rule(s) where the text is silent: a, b, … and k more".
fn named(rules: &[&str]) -> String {
    let shown = rules[..rules.len().min(NAMED)].join(", ");
    let more = rules.len().saturating_sub(NAMED);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!(
        "rests on {} house rule(s) where the text is silent or changed: {shown}{tail} \
         (`fleetlab audit` lists them per matchup)",
        rules.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(rules: &[&str]) -> MatchupFacts {
        MatchupFacts {
            label: "a vs b".into(),
            battles: 10,
            house_rule: 0.0,
            draws: 0.0,
            mirror: None,
            house_rules: rules.iter().map(|r| (*r).to_owned()).collect(),
        }
    }

    #[test]
    fn no_house_rules_no_flag() {
        assert_eq!(invented_rules_flags(&[&facts(&[])]), vec![]);
    }

    #[test]
    fn house_rules_are_a_note_naming_each_once() {
        let (a, b) = (facts(&["turn_cap", "g2_to_hit"]), facts(&["turn_cap"]));
        let flags = invented_rules_flags(&[&a, &b]);
        let [flag] = flags.as_slice() else {
            panic!("{flags:?}")
        };
        assert_eq!(flag.level, Level::Note);
        assert!(
            flag.text.starts_with("rests on 2 house rule(s)"),
            "{}",
            flag.text
        );
        assert!(flag.text.contains("turn_cap, g2_to_hit"), "{}", flag.text);
    }

    #[test]
    fn a_placeholder_table_is_a_warning_counting_its_matchups() {
        let (a, b) = (
            facts(&["weapon_table_placeholder", "turn_cap"]),
            facts(&["turn_cap"]),
        );
        let flags = invented_rules_flags(&[&a, &b]);
        let [warn, note] = flags.as_slice() else {
            panic!("{flags:?}")
        };
        assert_eq!(warn.level, Level::Warn);
        assert!(
            warn.text
                .starts_with("placeholder table `weapon_table_placeholder` in 1 of 2"),
            "{}",
            warn.text
        );
        assert_eq!(note.level, Level::Note);
        assert!(
            note.text.starts_with("rests on 1 house rule(s)"),
            "{}",
            note.text
        );
    }

    #[test]
    fn long_lists_are_counted() {
        let keys: Vec<String> = (0..11).map(|i| format!("k{i}")).collect();
        let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
        let flag = &invented_rules_flags(&[&facts(&refs)])[0];
        assert!(flag.text.contains("k7 and 3 more"), "{}", flag.text);
        assert!(!flag.text.contains("k8"), "{}", flag.text);
    }
}
