//! Histograms of per-battle values (turns played, damage dealt by each side): one bar per
//! value, series overlaid translucently so two sides can be compared on one axis.

use plotters::prelude::*;

use super::{FONT, plot_error};
use crate::report::html::HtmlError;

/// One series of bars.
pub(crate) struct Bars {
    /// Bar colour.
    pub color: RGBColor,
    /// (value, share of battles) for each non-empty bin. The overflow bin (values ≥ its
    /// value) is drawn like any other bar at its value; the table beside the plot says so.
    pub bins: Vec<(u32, f64)>,
}

/// Two histograms fill a row of the page side by side.
const WIDTH: u32 = 680;
const HEIGHT: u32 = 300;

/// Draw `series` as an SVG document: one `<rect>` per bin (after the white background).
pub(crate) fn histogram(what: &str, series: &[Bars], x_desc: &str) -> Result<String, HtmlError> {
    let err = plot_error(what);
    let max_value = series
        .iter()
        .flat_map(|s| s.bins.iter().map(|&(v, _)| v))
        .max()
        .unwrap_or(0);
    let max_p = series
        .iter()
        .flat_map(|s| s.bins.iter().map(|&(_, p)| p))
        .filter(|p| p.is_finite())
        .fold(0.0f64, f64::max);
    let y_top = if max_p > 0.0 { max_p * 1.08 } else { 1.0 };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(20)
            .x_label_area_size(38)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5..max_value as f64 + 0.5, 0f64..y_top)
            .map_err(|e| err(e.to_string()))?;
        let y_fmt = |p: &f64| format!("{:.0}%", p * 100.0);
        let x_fmt = |x: &f64| format!("{x}");
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(10)
            .y_labels(6)
            .x_label_formatter(&x_fmt)
            .y_label_formatter(&y_fmt)
            .x_desc(x_desc)
            .y_desc("share of battles")
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 15))
            .max_light_lines(1)
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        for s in series {
            let style = s.color.mix(if series.len() > 1 { 0.55 } else { 0.85 });
            chart
                .draw_series(s.bins.iter().filter(|(_, p)| p.is_finite()).map(|&(v, p)| {
                    // Centred on its value, so the axis tick names the bar.
                    let x = v as f64;
                    Rectangle::new([(x - 0.5, 0.0), (x + 0.5, p)], style.filled())
                }))
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

    #[test]
    fn one_rect_per_bin() {
        let svg = histogram(
            "test",
            &[
                Bars {
                    color: BLUE,
                    bins: vec![(1, 0.5), (2, 0.5)],
                },
                Bars {
                    color: ORANGE,
                    bins: vec![(3, 1.0)],
                },
            ],
            "turns",
        )
        .unwrap();
        assert_eq!(svg.matches("<rect").count(), 4, "{svg}");
    }

    #[test]
    fn empty_series_draws_axes_only() {
        let svg = histogram("test", &[], "turns").unwrap();
        assert_eq!(svg.matches("<rect").count(), 1);
    }
}
