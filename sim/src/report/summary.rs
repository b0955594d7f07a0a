//! The plain-text summary table printed to the terminal.

use super::ReportOptions;
use super::tables::{SummaryRow, summary_rows};

const SEP: &str = "  ";

/// `12288` → `12,288`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let (head, rest) = digits.split_at(match digits.len() % 3 {
        0 => 3.min(digits.len()),
        r => r,
    });
    let mut out = head.to_owned();
    for i in (0..rest.len()).step_by(3) {
        out.push(',');
        out.push_str(&rest[i..i + 3]);
    }
    out
}

fn pct(x: f64) -> String {
    if x.is_nan() {
        // No battle played (a partial run): NA, not 0.0.
        return "NA".to_owned();
    }
    format!("{:.1}", x * 100.0)
}

/// `0.95` → `95%`, `0.999` → `99.9%`.
fn confidence_label(confidence: f64) -> String {
    let s = format!("{:.4}", confidence * 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s}%")
}

fn cells(r: &SummaryRow) -> Vec<String> {
    vec![
        r.battles.to_string(),
        format!(
            "{} [{}, {}]",
            pct(r.a_win_rate),
            pct(r.a_win_ci_low),
            pct(r.a_win_ci_high)
        ),
        pct(r.b_win_rate),
        pct(r.draw_rate),
        format!("{}/{}", r.a_annihilation_wins, r.b_annihilation_wins),
        if r.mean_turns.is_nan() {
            "NA".to_owned()
        } else {
            format!("{:.2}", r.mean_turns)
        },
        r.matchup.clone(),
    ]
}

/// A readable, aligned plain-text summary table with one row per matchup: battles, A's win
/// rate with its Wilson interval at `opts.confidence`, B's win and draw rates, annihilation
/// wins of A/B, mean turns and, last, the matchup's full label (never shortened: the numbers
/// stay aligned however long the names are). Ends with a newline.
///
/// # Panics
///
/// If `opts.confidence` is not strictly between 0 and 1.
pub fn summary_table(results: &[crate::results::MatchupResult], opts: &ReportOptions) -> String {
    let header: Vec<String> = [
        "battles".to_owned(),
        format!("A win % [{} CI]", confidence_label(opts.confidence)),
        "B win %".to_owned(),
        "draw %".to_owned(),
        "annih. A/B".to_owned(),
        "mean turns".to_owned(),
        "matchup".to_owned(),
    ]
    .into();
    let rows: Vec<Vec<String>> = summary_rows(results, opts).iter().map(cells).collect();

    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let last = widths.len() - 1;
    let line = |row: &[String]| {
        let mut out = String::new();
        for (i, (cell, w)) in row.iter().zip(&widths).enumerate() {
            if i > 0 {
                out.push_str(SEP);
            }
            if i == last {
                // The label column is last and left-aligned: no trailing padding.
                out.push_str(cell);
            } else {
                out.push_str(&format!("{cell:>w$}"));
            }
        }
        out.push('\n');
        out
    };

    let mut out = line(&header);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&rule.join(SEP));
    out.push('\n');
    for row in &rows {
        out.push_str(&line(row));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::sample_results;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_288), "12,288");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(50_000_000), "50,000,000");
    }

    #[test]
    fn confidence_labels() {
        assert_eq!(confidence_label(0.95), "95%");
        assert_eq!(confidence_label(0.999), "99.9%");
    }

    #[test]
    fn table_keeps_full_names_and_aligns_numbers() {
        let mut results = sample_results();
        let mut long = results[0].clone();
        let name = "a-very-long-fleet-name-indeed (aggressive-brawler) vs another-very-long \
                    fleet name (cautious standoff at long range)";
        long.label = name.into();
        results.push(long);
        let text = summary_table(&results, &ReportOptions::default());
        print!("{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("battles"));
        assert!(lines[0].contains("A win % [95% CI]"));
        assert!(lines[0].ends_with("matchup"));
        // Full names, nothing cut (the old table cut them to `alpha (brawl… vs beta (standof…`).
        assert!(!text.contains('…'), "{text}");
        assert!(
            lines[2].ends_with("  alpha (brawler) vs beta (standoff)"),
            "{}",
            lines[2]
        );
        assert!(lines[3].ends_with(name), "{}", lines[3]);
        assert!(lines[2].contains("50.0 ["), "{}", lines[2]);
        assert!(lines[2].contains("1/1"), "{}", lines[2]);
        // The numbers line up: the label column starts at the same place on every line.
        assert_eq!(lines[0].find("matchup"), lines[2].find("alpha"));
        assert_eq!(lines[2].find("alpha"), lines[3].find("a-very"));
    }

    #[test]
    fn empty_results_give_header_only() {
        let text = summary_table(&[], &ReportOptions::default());
        assert_eq!(text.lines().count(), 2);
    }
}
