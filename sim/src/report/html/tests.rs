//! Tests of the whole page on hand-made report directories: the core sections of every
//! report, the optional sections from hand-written CSV fixtures, escaping, partial runs and
//! located errors for malformed files.

use std::fs;
use std::path::Path;

use super::*;
use crate::report::test_support::{TestDir, sample_manifest, sample_results};
use crate::report::{ReportOptions, write_report};
use crate::results::{MatchupResult, RunStatus};

/// A report of `n` copies of the sample matchup, labelled `m0`, `m1`, ...
fn report_dir(tag: &str, n: usize) -> TestDir {
    let dir = TestDir::new(tag);
    let mut manifest = sample_manifest();
    let results: Vec<MatchupResult> = (0..n)
        .map(|i| {
            let mut r = sample_results().remove(0);
            r.label = format!("m{i}");
            r
        })
        .collect();
    manifest.matchups = (0..n)
        .map(|i| {
            let mut m = manifest.matchups[0].clone();
            m.label = format!("m{i}");
            m
        })
        .collect();
    write_report(dir.path(), &manifest, &results, &ReportOptions::default()).unwrap();
    dir
}

/// The HTML of the section with anchor `id` (panics if absent).
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

fn has_section(html: &str, id: &str) -> bool {
    html.contains(&format!("<section id=\"{id}\">"))
}

const AB_CSV: &str = "\
opponent_fleet,opponent_policy,battles,base_win_rate,base_ci_low,base_ci_high,variant_win_rate,variant_ci_low,variant_ci_high,delta,delta_ci_low,delta_ci_high,extra
,,2000,0.5,0.47,0.53,0.56,0.53,0.59,0.06,0.04,0.08,x
line-beam,brawler,1000,0.4,0.37,0.43,0.48,0.45,0.51,0.08,0.05,0.11,x
capital,standoff,1000,0.6,0.57,0.63,0.64,0.61,0.67,0.04,0.01,0.07,x
";

const MATRIX_CSV: &str = "\
row_fleet,row_policy,col_fleet,col_policy,battles,wins,draws,losses,score,score_ci_low,score_ci_high
alpha,brawler,beta,brawler,100,60,10,30,0.65,0.55,0.74
alpha,brawler,gamma,brawler,100,50,0,50,0.5,0.4,0.6
beta,brawler,alpha,brawler,100,30,10,60,0.35,0.26,0.45
beta,brawler,gamma,brawler,100,20,0,80,0.2,0.13,0.29
gamma,brawler,alpha,brawler,100,50,0,50,0.5,0.4,0.6
gamma,brawler,beta,brawler,100,80,0,20,0.8,0.71,0.87
";

const RANKING_CSV: &str = "\
rank,fleet,policy,points,elo,elo_ci_low,elo_ci_high,score
1,gamma,brawler,500,60,20,100,0.65
2,alpha,brawler,510,40,0,80,0.575
3,beta,brawler,495,-100,-140,-60,0.275
";

const FAIR_COST_CSV: &str = "\
variant_fleet,estimate,ci_low,ci_high,method
Oversized railgun,23.4,21.0,25.9,\"CRN bisection over 3 budgets, 4,000 battles per candidate\"
";

const EVENTS_CSV: &str = "\
matchup,side,fleet,policy,event,total,per_battle
m0,A,alpha,brawler,orders_given,12,3
m0,B,beta,standoff,orders_given,8,2
m0,A,alpha,brawler,retreats,1,0.25
";

#[test]
fn core_sections_only_when_no_optional_files() {
    let dir = report_dir("html-core", 1);
    let html = render_html(dir.path()).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    // `events.csv` is written by every run (the fixture's rule system names two events).
    for id in [
        "run",
        "win-rates",
        "distributions",
        "why",
        "ships",
        "events",
    ] {
        assert!(has_section(&html, id), "missing {id}");
    }
    for id in ["ab", "fair-cost", "matrix", "ranking"] {
        assert!(!has_section(&html, id), "unexpected {id}");
    }
    // Self-contained: no scripts, no external resources.
    assert!(!html.contains("<script"));
    assert!(!html.contains("src="));
    assert!(!html.contains("href=\"http"));
    assert!(!html.contains("<link"));
    let run = section(&html, "run");
    for fact in ["sample", "test", "7", "complete", "brawler", "standoff"] {
        assert!(run.contains(fact), "run section lacks {fact}");
    }
    assert!(html.contains("class=\"status complete\""));
    assert!(!html.contains("PARTIAL RESULTS"));
}

#[test]
fn win_rate_plot_has_one_whisker_per_side_per_matchup() {
    let dir = report_dir("html-whiskers", 3);
    let html = render_html(dir.path()).unwrap();
    let s = section(&html, "win-rates");
    assert_eq!(s.matches("<svg").count(), 1);
    // Each whisker is a circle (the estimate) and three lines (bar and two caps).
    assert_eq!(s.matches("<circle").count(), 3 * 2);
    for label in ["m0", "m1", "m2"] {
        assert!(
            s.contains(&format!("<td>{label}</td>")),
            "table row {label}"
        );
    }
    // The sample's A wins 2 of 4.
    assert!(s.contains("50.0% ["));
}

#[test]
fn histograms_per_matchup() {
    let dir = report_dir("html-histograms", 2);
    let html = render_html(dir.path()).unwrap();
    let s = section(&html, "distributions");
    // Turns and damage for each of the two matchups.
    assert_eq!(s.matches("<svg").count(), 4);
    // The sample's turns: 3, 4, 6 and one in the overflow bin (64): 4 bars + background.
    let first_svg = &s[s.find("<svg").unwrap()..s.find("</svg>").unwrap()];
    assert_eq!(first_svg.matches("<rect").count(), 5);
    assert!(s.contains("≥64"), "the overflow bin is named");
}

#[test]
fn text_from_configs_is_escaped() {
    let dir = TestDir::new("html-escape");
    let mut manifest = sample_manifest();
    manifest.run.experiment = "<script>alert(1)</script>".into();
    let label = "a<b>&\"quoted\" vs 'c'";
    manifest.matchups[0].label = label.into();
    let mut results = sample_results();
    results[0].label = label.into();
    results[0].fleets[0] = "<img src=x>".into();
    write_report(dir.path(), &manifest, &results, &ReportOptions::default()).unwrap();
    let html = render_html(dir.path()).unwrap();
    assert!(!html.contains("<script"));
    assert!(!html.contains("<img"));
    assert!(!html.contains("<b>&"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("a&lt;b&gt;&amp;&quot;quoted&quot; vs &#39;c&#39;"));
    // And inside the SVG (escaped by the SVG backend).
    assert!(html.contains("a&lt;b&gt;&amp;&quot;quoted&quot; vs &apos;c&apos;"));
}

#[test]
fn partial_run_is_marked() {
    let dir = TestDir::new("html-partial");
    let mut manifest = sample_manifest();
    manifest.status = RunStatus::Partial;
    manifest.run.battles_per_matchup = 10;
    write_report(
        dir.path(),
        &manifest,
        &sample_results(),
        &ReportOptions::default(),
    )
    .unwrap();
    let html = render_html(dir.path()).unwrap();
    assert!(html.contains("class=\"status partial\">partial</span>"));
    assert!(html.contains("PARTIAL RESULTS"));
}

#[test]
fn optional_sections_from_their_files() {
    let dir = report_dir("html-optional", 1);
    for (name, text) in [
        ("ab.csv", AB_CSV),
        ("matrix.csv", MATRIX_CSV),
        ("ranking.csv", RANKING_CSV),
        ("fair_cost.csv", FAIR_COST_CSV),
        ("events.csv", EVENTS_CSV),
    ] {
        fs::write(dir.path().join(name), text).unwrap();
    }
    let html = render_html(dir.path()).unwrap();
    let nav = &html[html.find("<nav>").unwrap()..html.find("</nav>").unwrap()];
    // The answer first, the provenance (the run) last.
    let order: Vec<usize> = [
        "#verdict",
        "#ab",
        "#fair-cost",
        "#matrix",
        "#ranking",
        "#win-rates",
        "#distributions",
        "#events",
        "#ships",
        "#run",
    ]
    .iter()
    .map(|id| nav.find(id).unwrap_or_else(|| panic!("nav lacks {id}")))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{nav}");

    let ab = section(&html, "ab");
    let forest = &ab[ab.find("<svg").unwrap()..ab.find("</svg>").unwrap()];
    assert_eq!(
        forest.matches("<circle").count(),
        3,
        "two opponents + overall"
    );
    // The overall row is drawn last (bottom) and bold, whatever its place in the file.
    assert_eq!(forest.matches("font-weight=\"bold\"").count(), 1);
    assert!(forest.rfind("line-beam").unwrap() < forest.rfind("overall").unwrap());
    assert_eq!(ab.matches("<svg").count(), 2, "forest plot and win rates");
    assert!(ab.contains("+6.0 pp [+4.0 pp, +8.0 pp]"));

    let matrix = section(&html, "matrix");
    // Background + 6 off-diagonal cells.
    assert_eq!(matrix.matches("<rect").count(), 7);
    assert!(matrix.contains("0.65"));
    // Fleets in ranking order: gamma first.
    let heat = &matrix[matrix.find("<svg").unwrap()..];
    assert!(heat.find("gamma").unwrap() < heat.find("alpha").unwrap());

    let ranking = section(&html, "ranking");
    assert_eq!(ranking.matches("<circle").count(), 3);
    assert!(ranking.contains("-100 [-140, -60]"));

    let fair = section(&html, "fair-cost");
    assert!(fair.contains("<b>23.4 points</b>"));
    assert!(fair.contains("CRN bisection over 3 budgets"));

    let events = section(&html, "events");
    assert!(events.contains("<td>orders_given</td>"));
    assert!(events.contains("<td class=\"n\">0.250</td>"));
}

#[test]
fn malformed_core_file_names_file_line_and_column() {
    let dir = report_dir("html-bad-summary", 2);
    let path = dir.path().join("summary.csv");
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = header.iter().position(|h| *h == "a_win_rate").unwrap();
    let mut cells: Vec<String> = lines[2].split(',').map(str::to_owned).collect();
    cells[col] = "lots".into();
    lines[2] = cells.join(",");
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    let err = render_html(dir.path()).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("summary.csv:3: column `a_win_rate`: expected a number, got \"lots\""),
        "{msg}"
    );
    assert!(matches!(err, HtmlError::Malformed { line: Some(3), .. }));
}

#[test]
fn malformed_optional_file_is_an_error_not_a_skipped_section() {
    let dir = report_dir("html-bad-matrix", 1);
    fs::write(
        dir.path().join("matrix.csv"),
        "row_fleet,row_policy,col_fleet,col_policy,battles\nalpha,brawler,beta,brawler,10\n",
    )
    .unwrap();
    let msg = render_html(dir.path()).unwrap_err().to_string();
    assert!(msg.contains("matrix.csv:1: missing column `wins`"), "{msg}");
    // A missing column says how to write the report again (an older fleetlab's names).
    assert!(
        msg.contains("written by an older fleetlab")
            && msg.contains("write it again with `fleetlab run"),
        "{msg}"
    );

    fs::write(
        dir.path().join("matrix.csv"),
        MATRIX_CSV.replace("0.2,", "0.2,extra,"),
    )
    .unwrap();
    let msg = render_html(dir.path()).unwrap_err().to_string();
    assert!(
        msg.contains("matrix.csv:5: row has 12 fields, the header has 11"),
        "{msg}"
    );
}

#[test]
fn not_a_report_without_manifest() {
    let dir = report_dir("html-no-manifest", 1);
    fs::remove_file(dir.path().join(MANIFEST_FILE)).unwrap();
    let err = render_html(dir.path()).unwrap_err();
    assert!(matches!(err, HtmlError::NotAReport { .. }));
    assert!(err.to_string().contains("has no manifest.json"), "{err}");
    assert!(
        render_html(Path::new("/nonexistent/fleetlab")).is_err(),
        "a missing directory is not a report"
    );
}

#[test]
fn write_html_replaces_atomically() {
    let dir = report_dir("html-write", 1);
    let path = write_html(dir.path()).unwrap();
    assert_eq!(path, dir.path().join(HTML_FILE));
    let first = fs::read_to_string(&path).unwrap();
    assert_eq!(first, render_html(dir.path()).unwrap());
    write_html(dir.path()).unwrap();
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn every_distribution_is_reachable() {
    // The page used to draw the first 12 matchups' histograms only.
    let n = 13;
    let dir = report_dir("html-many", n);
    let html = render_html(dir.path()).unwrap();
    let s = section(&html, "distributions");
    assert_eq!(s.matches("<svg").count(), 2 * n);
    assert_eq!(s.matches("<details class=\"matchup\"").count(), n);
    assert_eq!(s.matches("<details class=\"matchup\" open>").count(), 1);
    assert!(s.contains("<summary>m12</summary>"), "{s}");
    // The histograms' y axis names what it shows: a share, in percent.
    assert!(s.contains("share of battles"), "{s}");
    // The win-rate plot still has every matchup.
    assert_eq!(
        section(&html, "win-rates").matches("<circle").count(),
        2 * n
    );
}

#[test]
fn the_answer_comes_first_and_the_provenance_last() {
    let dir = report_dir("html-order", 1);
    fs::write(dir.path().join("ab.csv"), AB_CSV).unwrap();
    let html = render_html(dir.path()).unwrap();
    let at = |id: &str| {
        html.find(&format!("<section id=\"{id}\">"))
            .unwrap_or_else(|| panic!("no section {id}"))
    };
    let order = [
        "verdict",
        "ab",
        "win-rates",
        "distributions",
        "why",
        "ships",
        "run",
    ];
    for pair in order.windows(2) {
        assert!(
            at(pair[0]) < at(pair[1]),
            "{} must come before {}",
            pair[0],
            pair[1]
        );
    }
    let card = section(&html, "verdict");
    assert!(card.contains("<b>Question:</b>"), "{card}");
    // The overall row of ab.csv: +6.0 pp [+4.0, +8.0].
    assert!(
        card.contains("better: the variant scores +6.0 pp [+4.0, +8.0]"),
        "{card}"
    );
    // Trust flags: the fixture's house-rule share (25%) is over the 10% line.
    assert!(
        card.contains("<li class=\"flag-warn\"><span class=\"tag\">WARN</span> house rules"),
        "{card}"
    );
    assert!(card.contains("seats not checked by this run"), "{card}");
}

#[test]
fn the_card_answers_a_plain_run_and_reads_an_audit() {
    let dir = report_dir("html-card", 1);
    let html = render_html(dir.path()).unwrap();
    let card = section(&html, "verdict");
    assert!(card.contains("who wins m0?"), "{card}");
    assert!(
        card.contains("neither side clearly wins more often"),
        "{card}"
    );
    fs::write(
        dir.path().join("audit.csv"),
        "matchup,mirror_a_gap,mirror_a_se,mirror_b_gap,mirror_b_se,seats_fair,game_end_share,house_rule_share,draw_share,house_rules\n\
         m0,0.1,0.01,0,0.01,false,0.2,0.1,0.1,x\n",
    )
    .unwrap();
    let html = render_html(dir.path()).unwrap();
    let card = section(&html, "verdict");
    assert!(card.contains("seats unfair in the audit"), "{card}");
}

#[test]
fn legends_name_the_fleets() {
    let dir = TestDir::new("html-legend");
    let results = sample_results();
    write_report(
        dir.path(),
        &sample_manifest(),
        &results,
        &ReportOptions::default(),
    )
    .unwrap();
    let html = render_html(dir.path()).unwrap();
    for id in ["win-rates", "distributions"] {
        let s = section(&html, id);
        assert!(s.contains("</span>alpha (brawler)"), "{id}: {s}");
        assert!(s.contains("</span>beta (standoff)"), "{id}: {s}");
        assert!(!s.contains("</span>side A"), "{id}: {s}");
    }
    assert!(section(&html, "distributions").contains("damage dealt by alpha (brawler)"));
}

#[test]
fn events_that_never_happened_are_hidden() {
    let dir = report_dir("html-zero-events", 1);
    fs::write(
        dir.path().join("events.csv"),
        "matchup,side,event,total,per_battle\n\
         m0,A,orders_given,12,3\nm0,B,orders_given,8,2\n\
         m0,A,retreats,0,0\nm0,B,retreats,0,0\n\
         m0,A,launches,0,0\nm0,B,launches,0,0\n",
    )
    .unwrap();
    let html = render_html(dir.path()).unwrap();
    let s = section(&html, "events");
    assert!(s.contains("<td>orders_given</td>"), "{s}");
    assert!(!s.contains("<td>retreats</td>"), "{s}");
    assert!(!s.contains("<td>launches</td>"), "{s}");
    assert!(
        s.contains("2 event(s) never happened (hidden): retreats, launches"),
        "{s}"
    );
}

/// The sample (see `sample_results`): the cruiser (A) is lost in turns 4 and 70, the frigate
/// (B) in 3 and 70, each its side's first loss both times; A fields 40 points and trades
/// 15 points destroyed for 20 lost per battle.
#[test]
fn why_section_plots_survival_and_says_who_is_lost_first() {
    let dir = report_dir("html-why", 2);
    let html = render_html(dir.path()).unwrap();
    let s = section(&html, "why");
    assert_eq!(s.matches("<svg").count(), 2, "a survival plot per matchup");
    assert_eq!(s.matches("<details").count(), 2);
    assert_eq!(
        s.matches(" open>").count(),
        1,
        "only the first matchup opens"
    );
    for text in [
        "alpha: cruiser",
        "beta: frigate",
        "lost first",
        "exchange ratio",
    ] {
        assert!(s.contains(text), "why section lacks {text}");
    }
    // destroyed 50.0%, lost first 50.0%, mean turn lost (4 + 70) / 2 = 37.0.
    assert!(s.contains("<td>cruiser</td><td class=\"n\">50.0%</td><td class=\"n\">50.0%</td><td class=\"n\">37.0</td>"), "{s}");
    assert!(
        s.contains("<td class=\"n\">36.5</td>"),
        "the frigate's mean turn lost"
    );
    // A: 40 points, score 62.5%, 1.563 per 100 points, 15 / 40 = 0.38, 15 / 20 = 0.75.
    assert!(s.contains("<td class=\"n\">40</td><td class=\"n\">62.5%</td><td class=\"n\">1.562</td><td class=\"n\">0.38</td><td class=\"n\">0.75</td>"), "{s}");
}
