//! A sweep's curve: the value varied (x; its position when the values are not numbers)
//! against side A's mean score (y) with its interval as a vertical whisker, one line per
//! matchup, and the even line at ½.

use plotters::prelude::*;

use super::{FONT, GRAY, plot_error};
use crate::report::html::HtmlError;

/// One matchup's curve: (x, score, low, high) per value.
pub(crate) struct Curve {
    /// Its colour.
    pub color: RGBColor,
    /// (x, estimate, low, high) per value played.
    pub points: Vec<(f64, f64, f64, f64)>,
}

const WIDTH: u32 = 1100;
const HEIGHT: u32 = 440;

/// Draw the curves; `x_labels` names the x positions when the values are not numbers.
pub(crate) fn sweep_plot(
    x_desc: &str,
    curves: &[Curve],
    x_labels: Option<&[String]>,
) -> Result<String, HtmlError> {
    let err = plot_error("sweep curve");
    let xs = curves.iter().flat_map(|c| c.points.iter().map(|p| p.0));
    let x_range = super::span(xs, &[]);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(x_range, 0.0..1.0)
            .map_err(|e| err(e.to_string()))?;
        let label_of = |x: &f64| match x_labels {
            Some(names) => {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            }
            None => format!("{}", (x * 1000.0).round() / 1000.0),
        };
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc("side A's mean score (win 1, draw ½)")
            .x_labels(x_labels.map_or(10, |n| n.len().max(2)))
            .y_labels(11)
            .y_label_formatter(&|y: &f64| format!("{:.0}%", y * 100.0))
            .x_label_formatter(&label_of)
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        let (x0, x1) = (chart.x_range().start, chart.x_range().end);
        chart
            .draw_series(DashedLineSeries::new(
                [(x0, 0.5), (x1, 0.5)],
                6,
                4,
                GRAY.stroke_width(1),
            ))
            .map_err(|e| err(e.to_string()))?;
        for c in curves {
            let finite: Vec<_> = c
                .points
                .iter()
                .filter(|p| p.1.is_finite() && p.2.is_finite() && p.3.is_finite())
                .collect();
            chart
                .draw_series(LineSeries::new(
                    finite.iter().map(|p| (p.0, p.1)),
                    c.color.stroke_width(2),
                ))
                .map_err(|e| err(e.to_string()))?;
            chart
                .draw_series(finite.iter().map(|p| {
                    ErrorBar::new_vertical(p.0, p.2, p.1, p.3, c.color.filled().stroke_width(2), 10)
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

    #[test]
    fn one_whisker_per_value_and_the_even_line() {
        let c = Curve {
            color: super::super::BLUE,
            points: vec![
                (1.0, 0.3, 0.25, 0.35),
                (2.0, 0.5, 0.45, 0.55),
                (3.0, f64::NAN, f64::NAN, f64::NAN),
            ],
        };
        let svg = sweep_plot("size", &[c], None).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 2);
        let named = sweep_plot(
            "variant",
            &[Curve {
                color: super::super::ORANGE,
                points: vec![(0.0, 0.4, 0.3, 0.5), (1.0, 0.6, 0.5, 0.7)],
            }],
            Some(&["standard".into(), "oversized".into()]),
        )
        .unwrap();
        assert!(named.contains("oversized"), "value names on the axis");
    }
}
