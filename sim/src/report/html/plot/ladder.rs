//! The fair-cost ladder: points (x) against mean score (y) of the base, the rungs and the
//! variant, each with its interval as a vertical whisker, and the straight line fitted over
//! the base and the rungs (the slope the fair cost divides by).

use plotters::prelude::*;

use super::{BLACK, BLUE, FONT, GRAY, ORANGE, plot_error, span};
use crate::report::html::HtmlError;

/// One arm of the ladder.
pub(crate) struct LadderPoint {
    /// Points of the arm's fleet.
    pub points: f64,
    /// Mean score and its interval.
    pub score: (f64, f64, f64),
    /// The fitted line at `points`.
    pub fitted: f64,
    /// `base`, `variant` or `rung`.
    pub role: String,
}

const WIDTH: u32 = 900;
const HEIGHT: u32 = 420;

/// Draw the ladder. Each drawn arm is one `<circle>` with its whisker; the fitted line is one
/// polyline over the base and the rungs.
pub(crate) fn ladder(what: &str, arms: &[LadderPoint]) -> Result<String, HtmlError> {
    let err = plot_error(what);
    let finite = |a: &&LadderPoint| {
        a.points.is_finite()
            && a.score.0.is_finite()
            && a.score.1.is_finite()
            && a.score.2.is_finite()
    };
    let drawn: Vec<&LadderPoint> = arms.iter().filter(finite).collect();
    let x_range = span(drawn.iter().map(|a| a.points), &[]);
    let y_range = span(
        drawn.iter().flat_map(|a| [a.score.1, a.score.2, a.fitted]),
        &[],
    );
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(x_range, y_range)
            .map_err(|e| err(e.to_string()))?;
        chart
            .configure_mesh()
            .x_desc("points")
            .y_desc("mean score (win 1, draw ½)")
            .x_labels(10)
            .y_labels(8)
            .y_label_formatter(&|y: &f64| format!("{y:.2}"))
            .x_label_formatter(&|x: &f64| format!("{x:.0}"))
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        let mut line: Vec<(f64, f64)> = drawn
            .iter()
            .filter(|a| a.role != "variant" && a.fitted.is_finite())
            .map(|a| (a.points, a.fitted))
            .collect();
        line.sort_by(|a, b| a.0.total_cmp(&b.0));
        chart
            .draw_series(LineSeries::new(line, GRAY.stroke_width(2)))
            .map_err(|e| err(e.to_string()))?;
        for a in &drawn {
            let color = match a.role.as_str() {
                "variant" => ORANGE,
                "base" => BLACK,
                _ => BLUE,
            };
            let (est, lo, hi) = a.score;
            chart
                .draw_series(std::iter::once(ErrorBar::new_vertical(
                    a.points,
                    lo,
                    est,
                    hi,
                    color.filled().stroke_width(2),
                    10,
                )))
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
    fn one_circle_per_arm_and_the_fitted_line() {
        let arm = |points: f64, s: f64, role: &str| LadderPoint {
            points,
            score: (s, s - 0.01, s + 0.01),
            fitted: 0.5 + (points - 100.0) / 100.0,
            role: role.into(),
        };
        let arms = [
            arm(100.0, 0.5, "base"),
            arm(110.0, 0.55, "variant"),
            arm(80.0, 0.3, "rung"),
            arm(120.0, f64::NAN, "rung"),
        ];
        let svg = ladder("test", &arms).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("<polyline"), "the fitted line");
    }
}
