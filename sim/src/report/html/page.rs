//! Page assembly: the HTML document, its inline style sheet, the table of contents, and the
//! building blocks every section uses (tables, plots with their tables, legends).

use std::fmt::Write;

use super::Section;
use super::escape::esc;
use super::manifest::ManifestView;

/// The style sheet, inline so the page needs nothing else.
const STYLE: &str = "\
body{font-family:sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 40px;color:#222}
h1{margin:18px 0 4px}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:32px}
h3{margin:20px 0 6px;font-size:1.02em}
.status{display:inline-block;padding:2px 10px;border-radius:4px;font-weight:bold;color:#fff}
.complete{background:#2a7d2a}.partial{background:#c0392b}
.banner{background:#fdecea;border:2px solid #c0392b;padding:10px 14px;margin:12px 0;font-weight:bold}
.sub{color:#555;margin:0 0 8px}
nav{margin:10px 0;font-size:.92em}nav a{margin-right:14px}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 14px;margin:8px 0}
dl.facts dt{font-weight:bold}dl.facts dd{margin:0;word-break:break-all}
table{border-collapse:collapse;font-size:.85em;margin:6px 0}
th,td{border:1px solid #ccc;padding:3px 7px;vertical-align:top}
th{background:#f3f3f3;text-align:left}td.n{text-align:right;white-space:nowrap}
.pair>div{min-width:0;overflow-x:auto}
.wide{max-width:100%;overflow-x:auto}
.duo{display:grid;grid-template-columns:1fr 1fr;gap:18px;align-items:start}
.duo>div{min-width:0;overflow-x:auto}
@media (max-width:900px){.duo{grid-template-columns:1fr}}
figure{margin:0}
figcaption{font-size:.85em;color:#444;margin:2px 0 6px}
details.matchup{border:1px solid #ddd;border-radius:4px;margin:6px 0;padding:4px 10px}
details.matchup>summary{cursor:pointer;font-weight:bold;padding:4px 0}
.card{border:2px solid #2166ac;border-radius:6px;padding:10px 16px;background:#f4f8fb}
.card p{margin:6px 0}.card .a{font-size:1.15em}.card .a2{margin-left:4.6em}
ul.flags{list-style:none;padding:0;margin:8px 0 2px}ul.flags li{margin:3px 0}
.tag{display:inline-block;min-width:3.2em;text-align:center;border-radius:3px;font-size:.8em;font-weight:bold;color:#fff;padding:1px 4px;margin-right:6px}
li.flag-ok .tag{background:#2a7d2a}li.flag-note .tag{background:#8a6d00}li.flag-warn .tag{background:#c0392b}
.legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 10px;vertical-align:middle}
.note{font-size:.85em;color:#555}
.verdict{font-size:1.1em;border-left:4px solid #2166ac;padding:.4em .8em;background:#f4f8fb}
svg{max-width:100%;height:auto;display:block}
";

/// The whole page: head, title block (experiment, status), a partial-run banner when the run
/// was interrupted, the table of contents and the sections.
pub(crate) fn assemble(m: &ManifestView, sections: &[Section]) -> String {
    let mut html = String::with_capacity(1 << 16);
    let title = if m.experiment.is_empty() {
        "fleetlab report".to_owned()
    } else {
        format!("fleetlab report: {}", m.experiment)
    };
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<header>\n\
         <h1>{} <span class=\"status {}\">{}</span></h1>\n",
        esc(&title),
        esc(&title),
        if m.is_complete() {
            "complete"
        } else {
            "partial"
        },
        esc(if m.status.is_empty() {
            "unknown status"
        } else {
            &m.status
        }),
    );
    let seed = m.seed.map_or("—".to_owned(), |s| s.to_string());
    let battles = m
        .battles_per_matchup
        .map_or("—".to_owned(), super::escape::int);
    let _ = writeln!(
        html,
        "<p class=\"sub\">{} experiment · rule system <b>{}</b> · seed <b>{}</b> · \
         <b>{}</b> battles per matchup · {} matchup(s)</p>",
        esc(&m.kind),
        esc(&m.rule_system),
        esc(&seed),
        esc(&battles),
        m.matchups.len()
    );
    if !m.is_complete() {
        let _ = writeln!(
            html,
            "<div class=\"banner\">PARTIAL RESULTS: this run did not finish (status \
             “{}”). Some matchups played fewer battles than asked; every number below is \
             from the battles actually played (see the battles columns).</div>",
            esc(&m.status)
        );
    }
    html.push_str("<nav>");
    for s in sections {
        let _ = write!(html, "<a href=\"#{}\">{}</a>", s.id, esc(&s.title));
    }
    html.push_str("</nav>\n</header>\n<main>\n");
    for s in sections {
        let _ = write!(
            html,
            "<section id=\"{}\">\n<h2>{}</h2>\n{}\n</section>\n",
            s.id,
            esc(&s.title),
            s.body
        );
    }
    let _ = write!(
        html,
        "</main>\n<footer class=\"note\"><p>Written by fleetlab {} from the files of this \
         report directory; intervals are those recorded in its CSV files. The page needs \
         no network and no scripts.</p></footer>\n</body>\n</html>\n",
        esc(&m.fleetlab_version),
    );
    html
}

/// A cell of a [`table`]: escaped HTML, and whether it is a number (right-aligned).
#[derive(Clone)]
pub(crate) enum Cell {
    /// Text (escaped by [`table`]).
    Text(String),
    /// A formatted number (escaped by [`table`], right-aligned).
    Num(String),
}

/// An HTML table with header `head` and `rows`; every cell is escaped here. A header may break
/// after an underscore (decider and column names are snake_case), and a table wider than the
/// page scrolls inside its own box instead of widening the page.
pub(crate) fn table(head: &[&str], rows: &[Vec<Cell>]) -> String {
    let mut html = String::from("<div class=\"wide\"><table>\n<tr>");
    for h in head {
        let _ = write!(html, "<th>{}</th>", esc(h).replace('_', "_<wbr>"));
    }
    html.push_str("</tr>\n");
    for row in rows {
        html.push_str("<tr>");
        for cell in row {
            match cell {
                Cell::Text(t) => {
                    let _ = write!(html, "<td>{}</td>", esc(t));
                }
                Cell::Num(t) => {
                    let _ = write!(html, "<td class=\"n\">{}</td>", esc(t));
                }
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table></div>\n");
    html
}

/// A legend: coloured squares with names (escaped here).
pub(crate) fn legend(entries: &[(plotters::style::RGBColor, &str)]) -> String {
    let mut html = String::from("<div class=\"legend note\">");
    for (color, name) in entries {
        let _ = write!(
            html,
            "<span style=\"background:{}\"></span>{}",
            super::plot::css(*color),
            esc(name)
        );
    }
    html.push_str("</div>");
    html
}

/// A plot (inline SVG, with its legend and caption) at the full width of the page, and below
/// it the table of its numbers.
pub(crate) fn plot_beside_table(svg: &str, caption: &str, legend: &str, table: &str) -> String {
    format!(
        "<div class=\"pair\">\n<div><figure>\n{legend}{svg}<figcaption>{}</figcaption>\n\
         </figure></div>\n<div>{table}</div>\n</div>\n",
        esc(caption)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_escapes_cells() {
        let html = table(
            &["a<b"],
            &[vec![Cell::Text("<i>x</i>".into()), Cell::Num("1".into())]],
        );
        assert!(html.contains("<th>a&lt;b</th>"));
        assert!(html.contains("<td>&lt;i&gt;x&lt;/i&gt;</td>"));
        assert!(html.contains("<td class=\"n\">1</td>"));
    }
}
