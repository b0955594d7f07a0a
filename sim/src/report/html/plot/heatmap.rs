//! The fleet-matrix heatmap: one cell per ordered fleet pair, coloured by the row fleet's
//! score (blue above ½, red below, white at ½), with the score written in the cell.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{BLACK, FONT, plot_error};
use crate::report::html::HtmlError;
use crate::report::html::escape::shorten;

/// One cell: row and column index into the fleet list, and the row fleet's score in 0..=1.
pub(crate) struct HeatCell {
    /// Row fleet index.
    pub row: usize,
    /// Column fleet index.
    pub col: usize,
    /// Score of the row fleet (wins + ½ draws per battle).
    pub score: f64,
}

const LABEL_CHARS: usize = 24;

/// The fill colour of a score: white at ½, saturating to blue at 1 and red at 0.
pub(crate) fn score_color(score: f64) -> RGBColor {
    if score.is_nan() {
        // NA: a pairing that played no battle (a partial run).
        return RGBColor(225, 225, 225);
    }
    let s = score.clamp(0.0, 1.0);
    let t = ((s - 0.5).abs() * 2.0).min(1.0);
    let mix = |full: u8| (255.0 + (full as f64 - 255.0) * t).round() as u8;
    if s >= 0.5 {
        RGBColor(mix(33), mix(102), mix(172))
    } else {
        RGBColor(mix(202), mix(0), mix(32))
    }
}

/// Draw the heatmap of `fleets` × `fleets` as an SVG document: one `<rect>` per cell given
/// (after the white background `<rect>`), empty cells (the diagonal) left blank.
pub(crate) fn heatmap(fleets: &[String], cells: &[HeatCell]) -> Result<String, HtmlError> {
    heatmap_of(fleets, fleets, cells)
}

/// A heatmap whose rows and columns are different lists (a policy game: side A's policies
/// down, side B's across).
pub(crate) fn heatmap_of(
    rows: &[String],
    cols: &[String],
    cells: &[HeatCell],
) -> Result<String, HtmlError> {
    let err = plot_error("heatmap");
    let (n, m) = (rows.len().max(1), cols.len().max(1));
    let row_labels: Vec<String> = rows.iter().map(|f| shorten(f, LABEL_CHARS)).collect();
    let col_labels: Vec<String> = cols.iter().map(|f| shorten(f, LABEL_CHARS)).collect();
    let longest = |l: &[String]| l.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    let row_label_width = (longest(&row_labels) * 8 + 16).clamp(50, 220);
    let col_label_width = (longest(&col_labels) * 8 + 16).clamp(50, 220);
    let cell = (560 / n.max(m) as u32).clamp(28, 80);
    let width = row_label_width + cell * m as u32 + 30;
    let height = col_label_width + cell * n as u32 + 30;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(col_label_width)
            .y_label_area_size(row_label_width)
            .build_cartesian_2d(0f64..m as f64, 0f64..n as f64)
            .map_err(|e| err(e.to_string()))?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(0)
            .y_labels(0)
            .draw()
            .map_err(|e| err(e.to_string()))?;
        // Row r is drawn at the top for r = 0.
        let y_of = |r: usize| (n - 1 - r) as f64;
        chart
            .draw_series(cells.iter().map(|c| {
                let (x, y) = (c.col as f64, y_of(c.row));
                Rectangle::new([(x, y), (x + 1.0, y + 1.0)], score_color(c.score).filled())
            }))
            .map_err(|e| err(e.to_string()))?;
        let font_size = if cell >= 48 { 16 } else { 12 };
        for c in cells {
            let (x, y) = (c.col as f64 + 0.5, y_of(c.row) + 0.5);
            let ink = if (c.score - 0.5).abs() > 0.3 {
                WHITE
            } else {
                BLACK
            };
            let style = TextStyle::from((FONT, font_size).into_font())
                .pos(Pos::new(HPos::Center, VPos::Center))
                .color(&ink);
            chart
                .draw_series(std::iter::once(Text::new(
                    if c.score.is_nan() {
                        "NA".to_owned()
                    } else {
                        format!("{:.2}", c.score)
                    },
                    (x, y),
                    style,
                )))
                .map_err(|e| err(e.to_string()))?;
        }
        // Fleet names: rows on the left, columns along the bottom (turned).
        let plain = TextStyle::from((FONT, 16).into_font()).color(&BLACK);
        for (i, label) in row_labels.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(0.0, y_of(i) + 0.5));
            root.draw(&Text::new(
                label.clone(),
                (x - 6, y),
                plain.pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(|e| err(e.to_string()))?;
        }
        for (i, label) in col_labels.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
            root.draw(&Text::new(
                label.clone(),
                (x, y + 6),
                plain
                    .pos(Pos::new(HPos::Left, VPos::Center))
                    .transform(FontTransform::Rotate90),
            ))
            .map_err(|e| err(e.to_string()))?;
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rect_per_cell_and_colours() {
        let fleets = vec!["a".to_owned(), "b&c".to_owned()];
        let cells = [
            HeatCell {
                row: 0,
                col: 1,
                score: 0.75,
            },
            HeatCell {
                row: 1,
                col: 0,
                score: 0.25,
            },
        ];
        let svg = heatmap(&fleets, &cells).unwrap();
        // Background + two cells (plotters draws the frame as lines, not rects).
        assert_eq!(svg.matches("<rect").count(), 3, "{svg}");
        assert!(svg.contains(">\n0.75\n<") || svg.contains("0.75"));
        assert!(svg.contains("b&amp;c"));
        assert_eq!(score_color(0.5), RGBColor(255, 255, 255));
        assert_eq!(score_color(1.0), RGBColor(33, 102, 172));
        assert_eq!(score_color(0.0), RGBColor(202, 0, 32));
        assert_eq!(score_color(f64::NAN), RGBColor(225, 225, 225), "NA is grey");
    }
}
