//! Point estimates with interval whiskers, one row per item (matchup, opponent, fleet): the
//! win-rate plot, the A/B forest plot and the Elo plot.

use std::ops::Range;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{BLACK, FONT, GRAY, plot_error};
use crate::report::html::HtmlError;
use crate::report::html::escape::shorten;

/// One row: a label and, per series, an estimate with its interval (`None` or non-finite
/// values: nothing drawn).
pub(crate) struct WhiskerRow {
    /// Row label (shortened in the plot; the table beside it has the whole text).
    pub label: String,
    /// Per series: (estimate, interval low, interval high).
    pub points: Vec<Option<(f64, f64, f64)>>,
    /// Drawn in black and bold (an overall estimate).
    pub emphasis: bool,
}

/// A whisker plot to draw.
pub(crate) struct WhiskerPlot<'a> {
    /// Name used in errors.
    pub what: &'a str,
    /// Rows, drawn top to bottom.
    pub rows: &'a [WhiskerRow],
    /// Colour of each series.
    pub colors: &'a [RGBColor],
    /// Horizontal range.
    pub x_range: Range<f64>,
    /// Horizontal axis title.
    pub x_desc: &'a str,
    /// A vertical reference line (0.5 for win rates, 0 for deltas).
    pub reference: Option<f64>,
    /// How the horizontal axis is labelled.
    pub unit: Unit,
}

/// The unit of a whisker plot's horizontal axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// Plain numbers (Elo).
    Number,
    /// Shares shown in percent (`54%`): win rates.
    Percent,
    /// Differences of shares in percentage points (`−1.5 pp`): A/B deltas.
    Points,
}

/// Decimals that tell apart ticks about `width / labels` apart (in the unit shown: a share
/// difference of 0.005 is 0.5 pp, so one decimal).
pub(crate) fn tick_decimals(width: f64, labels: usize, unit: Unit) -> usize {
    let scale = if unit == Unit::Number { 1.0 } else { 100.0 };
    let step = width * scale / labels.max(1) as f64;
    if !(step.is_finite() && step > 0.0) {
        return 0;
    }
    (-step.log10()).ceil().clamp(0.0, 4.0) as usize
}

/// One tick label: `x` in `unit` with `decimals` decimals, a true minus sign, never `-0`.
pub(crate) fn tick_label(x: f64, unit: Unit, decimals: usize) -> String {
    let shown = if unit == Unit::Number { x } else { x * 100.0 };
    let mut text = format!("{shown:.decimals$}");
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        text = text.trim_start_matches('-').to_owned();
    }
    let text = text.replace('-', "−");
    match unit {
        Unit::Number => text,
        Unit::Percent => format!("{text}%"),
        Unit::Points => format!("{text} pp"),
    }
}

/// Width of the whole plot: the page shows it at the full width of its column (scaled down on
/// narrower screens), labels on the left, the plotting area the rest.
const WIDTH: u32 = 1360;
/// The plotting area is never narrower than this.
const MIN_PLOT_WIDTH: u32 = 560;
/// Labels longer than this are shortened in the plot (the table below has the whole text).
const LABEL_CHARS: usize = 96;
/// Horizontal tick labels.
const X_LABELS: usize = 8;

/// Pixel height of one row with `series` series.
fn row_height(series: usize) -> u32 {
    18 + 12 * series as u32
}

/// Draw `p` as an SVG document. Each drawn estimate is one `<circle>` (with its whisker:
/// three `<line>`s), so the number of circles is the number of estimates drawn.
pub(crate) fn whiskers(p: &WhiskerPlot) -> Result<String, HtmlError> {
    let err = plot_error(p.what);
    let n = p.rows.len().max(1);
    let series = p.colors.len().max(1);
    let height = 70 + row_height(series) * n as u32;
    let labels: Vec<String> = p
        .rows
        .iter()
        .map(|r| shorten(&r.label, LABEL_CHARS))
        .collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let label_width = (longest as u32 * 9 + 16).clamp(60, WIDTH - MIN_PLOT_WIDTH);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(20)
            .x_label_area_size(40)
            .y_label_area_size(label_width)
            .build_cartesian_2d(p.x_range.clone(), 0f64..n as f64)
            .map_err(|e| err(e.to_string()))?;
        let unit = p.unit;
        let decimals = tick_decimals(p.x_range.end - p.x_range.start, X_LABELS, unit);
        let x_fmt = move |x: &f64| tick_label(*x, unit, decimals);
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_labels(X_LABELS)
            .x_label_formatter(&x_fmt)
            .x_desc(p.x_desc)
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 16))
            .max_light_lines(1)
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        if let Some(r) = p.reference {
            chart
                .draw_series(LineSeries::new(
                    [(r, 0.0), (r, n as f64)],
                    GRAY.stroke_width(2),
                ))
                .map_err(|e| err(e.to_string()))?;
        }
        let offset = |s: usize| {
            // Series spread over the middle 40% of the row (first on top), so the rows stand
            // apart.
            if series == 1 {
                0.5
            } else {
                0.7 - 0.4 * s as f64 / (series - 1) as f64
            }
        };
        for (i, row) in p.rows.iter().enumerate() {
            let base = (n - 1 - i) as f64;
            for (s, point) in row.points.iter().enumerate() {
                let Some((est, lo, hi)) = *point else {
                    continue;
                };
                if !(est.is_finite() && lo.is_finite() && hi.is_finite()) {
                    continue;
                }
                let color = if row.emphasis {
                    BLACK
                } else {
                    p.colors.get(s).copied().unwrap_or(BLACK)
                };
                let style = color
                    .filled()
                    .stroke_width(if row.emphasis { 3 } else { 2 });
                let y = base + offset(s);
                chart
                    .draw_series(std::iter::once(ErrorBar::new_horizontal(
                        y,
                        lo,
                        est,
                        hi,
                        style,
                        if row.emphasis { 12 } else { 8 },
                    )))
                    .map_err(|e| err(e.to_string()))?;
            }
            let (x, y) = chart.backend_coord(&(p.x_range.start, base + 0.5));
            let style = TextStyle::from((FONT, 16).into_font())
                .pos(Pos::new(HPos::Right, VPos::Center))
                .color(&BLACK);
            let style = if row.emphasis {
                TextStyle::from((FONT, 16, FontStyle::Bold).into_font())
                    .pos(Pos::new(HPos::Right, VPos::Center))
                    .color(&BLACK)
            } else {
                style
            };
            root.draw(&Text::new(labels[i].clone(), (x - 8, y), style))
                .map_err(|e| err(e.to_string()))?;
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::html::plot::{BLUE, ORANGE};

    fn rows() -> Vec<WhiskerRow> {
        vec![
            WhiskerRow {
                label: "a <vs> b".into(),
                points: vec![Some((0.5, 0.4, 0.6)), Some((0.3, 0.2, 0.4))],
                emphasis: false,
            },
            WhiskerRow {
                label: "c vs d".into(),
                points: vec![Some((0.7, 0.6, 0.8)), Some((f64::NAN, 0.1, 0.2))],
                emphasis: false,
            },
        ]
    }

    #[test]
    fn one_circle_and_three_lines_per_estimate_and_escaped_labels() {
        let rows = rows();
        let svg = whiskers(&WhiskerPlot {
            what: "test",
            rows: &rows,
            colors: &[BLUE, ORANGE],
            x_range: 0.0..1.0,
            x_desc: "win rate",
            reference: None,
            unit: Unit::Percent,
        })
        .unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        // Three finite estimates (the NaN one is skipped).
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("a &lt;vs&gt; b"));
        assert!(!svg.contains("<vs>"));
        assert!(svg.contains(">\n100%\n<"), "percent axis labels: {svg}");
    }

    /// The A/B forest plot's ticks at 0.5 pp steps read −2%, −2%, −1%, −1%, −0% with the old
    /// formatter (`{:.0}%`): every tick must have its own label, in percentage points, and
    /// no `-0`.
    #[test]
    fn forest_ticks_are_distinct_points() {
        let (lo, hi) = (-0.036, 0.002);
        let d = tick_decimals(hi - lo, X_LABELS, Unit::Points);
        let labels: Vec<String> = (-7..=0)
            .map(|k| tick_label(k as f64 * 0.005, Unit::Points, d))
            .collect();
        assert_eq!(
            labels,
            [
                "−3.5 pp",
                "−3.0 pp",
                "−2.5 pp",
                "−2.0 pp",
                "−1.5 pp",
                "−1.0 pp",
                "−0.5 pp",
                "0.0 pp"
            ]
        );
        assert_eq!(tick_label(-0.0001, Unit::Points, 1), "0.0 pp");
        assert_eq!(
            tick_label(0.25, Unit::Percent, tick_decimals(1.0, 8, Unit::Percent)),
            "25%"
        );
        assert_eq!(tick_label(-150.0, Unit::Number, 0), "−150");
        // The svg carries them.
        let rows = vec![WhiskerRow {
            label: "overall".into(),
            points: vec![Some((-0.02, -0.036, -0.004))],
            emphasis: true,
        }];
        let svg = whiskers(&WhiskerPlot {
            what: "test",
            rows: &rows,
            colors: &[BLUE],
            x_range: lo..hi,
            x_desc: "delta",
            reference: Some(0.0),
            unit: Unit::Points,
        })
        .unwrap();
        assert!(svg.contains("−2.0 pp"), "{svg}");
        assert!(!svg.contains("−0%") && !svg.contains("-0%"), "{svg}");
    }
}
