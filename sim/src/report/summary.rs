//! The plain-text summary table printed to the terminal.

use super::ReportOptions;
use super::tables::{SummaryRow, summary_rows};

/// Lines are kept within this many columns (the matchup label is shortened to fit).
const MAX_WIDTH: usize = 100;
/// The matchup column is never shortened below this.
const MIN_LABEL_WIDTH: usize = 12;
/// Below this many characters per side, `a vs b` labels are simply cut at the end.
const MIN_SIDE_WIDTH: usize = 4;
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

/// A matchup label shortened to `width` characters. Labels of the form `<a> vs <b>` keep both
/// sides visible, each shortened with `…` as needed; others are cut at the end.
fn shorten_label(label: &str, width: usize) -> String {
    const VS: &str = " vs ";
    let len = label.chars().count();
    if len <= width {
        return label.to_owned();
    }
    match label.split_once(VS) {
        Some((a, b)) if width >= 2 * MIN_SIDE_WIDTH + VS.len() => {
            let room = width - VS.len();
            let (la, lb) = (a.chars().count(), b.chars().count());
            // Give each side half the room; a side needing less gives the rest to the other.
            let wa = if la <= room / 2 {
                la
            } else {
                room.saturating_sub(lb).max(room / 2)
            };
            let wb = room - wa;
            format!("{}{VS}{}", truncate(a, wa), truncate(b, wb))
        }
        _ => truncate(label, width),
    }
}

/// `s` cut to `width` characters, ending in `…` when shortened.
fn truncate(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

fn cells(r: &SummaryRow) -> Vec<String> {
    vec![
        r.matchup.clone(),
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
    ]
}

/// A readable, aligned plain-text summary table with one row per matchup: battles, A's win
/// rate with its Wilson interval at `opts.confidence`, B's win and draw rates, annihilation
/// wins of A/B and mean turns. Lines fit in 100 columns; long matchup labels are shortened
/// with an ellipsis. Ends with a newline.
///
/// # Panics
///
/// If `opts.confidence` is not strictly between 0 and 1.
pub fn summary_table(results: &[crate::results::MatchupResult], opts: &ReportOptions) -> String {
    let header: Vec<String> = [
        "matchup".to_owned(),
        "battles".to_owned(),
        format!("A win % [{} CI]", confidence_label(opts.confidence)),
        "B win %".to_owned(),
        "draw %".to_owned(),
        "annih. A/B".to_owned(),
        "mean turns".to_owned(),
    ]
    .into();
    let mut rows: Vec<Vec<String>> = summary_rows(results, opts).iter().map(cells).collect();

    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let rest: usize = widths[1..].iter().sum::<usize>() + SEP.len() * (widths.len() - 1);
    widths[0] = widths[0].min(MAX_WIDTH.saturating_sub(rest).max(MIN_LABEL_WIDTH));
    for row in &mut rows {
        row[0] = shorten_label(&row[0], widths[0]);
    }

    let line = |row: &[String]| {
        let mut out = String::new();
        for (i, (cell, w)) in row.iter().zip(&widths).enumerate() {
            if i == 0 {
                out.push_str(&format!("{cell:<w$}"));
            } else {
                out.push_str(SEP);
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
    fn labels_keep_both_sides() {
        assert_eq!(shorten_label("short", 10), "short");
        assert_eq!(
            shorten_label("line-a (brawler) vs line-b (standoff)", 30),
            "line-a (braw… vs line-b (stan…"
        );
        assert_eq!(
            shorten_label("ab vs line-b (standoff)", 15),
            "ab vs line-b (…"
        );
        assert_eq!(shorten_label("no-versus-here-at-all", 10), "no-versus…");
        for w in 12..40 {
            let s = shorten_label("line-a (brawler) vs line-b (standoff)", w);
            assert!(s.chars().count() <= w, "{s}");
        }
    }

    #[test]
    fn table_is_aligned_and_narrow() {
        let mut results = sample_results();
        let mut long = results[0].clone();
        long.label = "a-very-long-fleet-name-indeed (aggressive-brawler) vs another-very-long \
                      fleet name (cautious standoff at long range)"
            .into();
        results.push(long);
        let text = summary_table(&results, &ReportOptions::default());
        print!("{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("matchup"));
        assert!(lines[0].contains("A win % [95% CI]"));
        assert!(
            lines[2].starts_with("alpha (brawl… vs beta (standof…  "),
            "{}",
            lines[2]
        );
        assert!(lines[2].contains("50.0 ["), "{}", lines[2]);
        assert!(lines[2].contains("1/1"), "{}", lines[2]);
        assert!(lines[3].contains('…'));
        let widths: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
        assert!(
            widths.iter().all(|&w| w == widths[0] && w <= MAX_WIDTH),
            "{widths:?}"
        );
    }

    #[test]
    fn empty_results_give_header_only() {
        let text = summary_table(&[], &ReportOptions::default());
        assert_eq!(text.lines().count(), 2);
    }
}
