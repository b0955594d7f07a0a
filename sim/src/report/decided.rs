//! How battles were decided: per matchup, the battles each of the rule system's deciders
//! (`RuleSystem::DECIDERS`: the text's own ways to win, house-rule tie-breaks, draws) decided,
//! as the tidy `decided_by` table and as lines of the terminal summary. A designer reads here
//! whether "who won" came from play or from a tie-break the text does not have.

use fleetlab_engine::{DeciderKind, Ending};

use super::tables::{CellType, Column, Table, mean_of, table_row};
use crate::results::MatchupResult;

/// A matchup whose house-rule deciders decided more than this share of its battles is flagged
/// (terminal summary, HTML report, `audit`): its "who won" is mostly a tie-break's, not the
/// text's.
pub const HOUSE_RULE_FLAG: f64 = 0.10;

table_row! {
    /// Battles of one matchup decided by one decider (`decided_by.csv` /
    /// `decided_by.parquet`; every decider of the rule system, zero counts included).
    pub struct DecidedByRow in "decided_by" {
        /// Matchup label.
        pub matchup: String,
        /// The decider's name (the rule system's `DECIDERS`).
        pub decider: String,
        /// `text`, `house_rule`, `house_ending` or `draw`.
        pub kind: String,
        /// Battles it decided.
        pub battles: i64,
        /// `battles` / the matchup's battles.
        pub share: f64,
    }
}

/// The `decided_by` table: for each matchup, one row per decider of the rule system, in the
/// rule system's order.
pub fn decided_by_rows(results: &[MatchupResult]) -> Vec<DecidedByRow> {
    let mut rows = Vec::new();
    for r in results {
        for (d, &n) in r.deciders.iter().zip(&r.tally.decided_by) {
            rows.push(DecidedByRow {
                matchup: r.label.clone(),
                decider: d.name.clone(),
                kind: d.kind.clone(),
                battles: i64::try_from(n).unwrap_or(i64::MAX),
                share: mean_of(n, r.tally.battles),
            });
        }
    }
    rows
}

/// What decided one matchup's battles, as shares of its battles.
#[derive(Clone, Debug, PartialEq)]
pub struct DecidedShares {
    /// Per decider with battles: (name, kind, share), in the rule system's order.
    pub deciders: Vec<(String, String, f64)>,
    /// Share decided by a house-rule decider.
    pub house_rule: f64,
    /// Share drawn.
    pub draws: f64,
    /// Share that reached the game's end (the game-length rule ended it with both sides
    /// standing).
    pub game_end: f64,
}

impl DecidedShares {
    /// The shares of one matchup's result.
    pub fn of(r: &MatchupResult) -> DecidedShares {
        let n = r.tally.battles;
        let mut house = 0;
        let deciders = r
            .deciders
            .iter()
            .zip(&r.tally.decided_by)
            .filter(|(_, count)| **count > 0)
            .map(|(d, &count)| {
                if d.is_house_rule() {
                    house += count;
                }
                (d.name.clone(), d.kind.clone(), mean_of(count, n))
            })
            .collect();
        DecidedShares {
            deciders,
            house_rule: mean_of(house, n),
            draws: mean_of(r.tally.draws, n),
            game_end: mean_of(r.tally.endings(Ending::TurnLimit), n),
        }
    }

    /// Whether house rules decided more than [`HOUSE_RULE_FLAG`] of the battles.
    pub fn flagged(&self) -> bool {
        self.house_rule > HOUSE_RULE_FLAG
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The terminal lines "how battles were decided": per matchup every decider with battles and
/// its share (house-rule measures marked `*`, house-rule endings `+`, draws `(draw)`), the draw share and the share
/// that reached the game's end; a `!` line when house rules decided more than
/// [`HOUSE_RULE_FLAG`] of a matchup's battles. Ends with a newline; empty without results.
pub fn decided_by_text(results: &[MatchupResult]) -> String {
    if results.is_empty() {
        return String::new();
    }
    // The `+` legend only where a house-rule ending decided a battle (rule systems whose text
    // has no victory conditions).
    let endings = results.iter().any(|r| {
        r.deciders
            .iter()
            .zip(&r.tally.decided_by)
            .any(|(d, &n)| n > 0 && d.kind == DeciderKind::HouseEnding.name())
    });
    let mut out = String::from(
        "how battles were decided (share of battles; * = a house rule decided, not the text",
    );
    if endings {
        out.push_str("; + = play decided, under a house-rule ending: the text has none");
    }
    out.push_str("):\n");
    for r in results {
        let s = DecidedShares::of(r);
        let parts: Vec<String> = s
            .deciders
            .iter()
            .map(|(name, kind, share)| {
                let mark = match kind.as_str() {
                    "house_rule" => "*",
                    "house_ending" => "+",
                    "draw" => " (draw)",
                    _ => "",
                };
                format!("{name}{mark} {}", pct(*share))
            })
            .collect();
        out.push_str(&format!(
            "  {}: {}; draws {}; reached the game's end {}\n",
            r.label,
            if parts.is_empty() {
                "no battles".to_owned()
            } else {
                parts.join(", ")
            },
            pct(s.draws),
            pct(s.game_end)
        ));
        if s.flagged() {
            out.push_str(&format!(
                "  ! {}: {} of battles decided by a house rule, not by the text's own way to \
                 win\n",
                r.label,
                pct(s.house_rule)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::sample_results;

    /// The fixture: A annihilates B, A wins at the turn limit (the house measure), B
    /// annihilates A, both die (a draw).
    #[test]
    fn rows_count_every_decider() {
        let rows = decided_by_rows(&sample_results());
        let got: Vec<(&str, &str, i64)> = rows
            .iter()
            .map(|r| (r.decider.as_str(), r.kind.as_str(), r.battles))
            .collect();
        assert_eq!(
            got,
            [
                ("annihilation", "text", 2),
                ("mutual_destruction", "draw", 1),
                ("game_end_measure", "house_rule", 1)
            ]
        );
        assert_eq!(rows[0].share, 0.5);
        assert_eq!(DecidedByRow::COLUMNS.len(), 5);
    }

    #[test]
    fn text_marks_house_rules_and_flags_them() {
        let text = decided_by_text(&sample_results());
        assert!(
            text.contains(
                "alpha (brawler) vs beta (standoff): annihilation 50.0%, mutual_destruction \
                 (draw) 25.0%, game_end_measure* 25.0%; draws 25.0%; reached the game's end 25.0%"
            ),
            "{text}"
        );
        assert!(text.contains("! alpha (brawler) vs beta (standoff): 25.0% of battles"));
        assert_eq!(decided_by_text(&[]), "");
    }
}
