//! Survival by turn: for each ship of a matchup, the share of battles in which it was still
//! in play at the end of each turn (a step line from 100% at turn 0), side A's ships solid,
//! side B's dashed.

use plotters::prelude::*;

use super::{FONT, plot_error};
use crate::report::html::HtmlError;

/// One ship's line.
pub(crate) struct SurvivalLine {
    /// Its colour.
    pub color: RGBColor,
    /// Drawn dashed (side B).
    pub dashed: bool,
    /// (turn, share in play at its end), turns 1, 2, … in order.
    pub points: Vec<(u32, f64)>,
}

const WIDTH: u32 = 1100;
const HEIGHT: u32 = 380;

/// Side A's ships' colours (blues and greens), in setup order, repeating.
pub(crate) const SIDE_A: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(23, 160, 190),
    RGBColor(44, 140, 44),
    RGBColor(100, 80, 170),
];
/// Side B's ships' colours (oranges and reds).
pub(crate) const SIDE_B: [RGBColor; 4] = [
    RGBColor(230, 120, 20),
    RGBColor(200, 40, 40),
    RGBColor(150, 90, 60),
    RGBColor(210, 90, 170),
];

/// Draw the lines: one `<polyline>` per ship.
pub(crate) fn survival_plot(lines: &[SurvivalLine]) -> Result<String, HtmlError> {
    let err = plot_error("survival by turn");
    let last = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(1)
        .max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(0.0..f64::from(last), 0.0..1.02)
            .map_err(|e| err(e.to_string()))?;
        chart
            .configure_mesh()
            .x_desc("end of turn")
            .y_desc("still in play (share of battles)")
            .x_labels((last as usize + 1).min(16))
            .y_labels(11)
            .x_label_formatter(&|x: &f64| format!("{x:.0}"))
            .y_label_formatter(&|y: &f64| format!("{:.0}%", y * 100.0))
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        for l in lines {
            // Steps: in play all through a turn, the losses counted at its end.
            let mut steps = vec![(0.0, 1.0)];
            let mut y = 1.0;
            for &(turn, share) in l.points.iter().filter(|p| p.1.is_finite()) {
                let x = f64::from(turn);
                steps.push((x, y));
                steps.push((x, share));
                y = share;
            }
            let style = l.color.stroke_width(2);
            if l.dashed {
                chart
                    .draw_series(DashedLineSeries::new(steps, 8, 5, style))
                    .map_err(|e| err(e.to_string()))?;
            } else {
                chart
                    .draw_series(LineSeries::new(steps, style))
                    .map_err(|e| err(e.to_string()))?;
            }
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_ship_from_full_strength() {
        let lines = [
            SurvivalLine {
                color: SIDE_A[0],
                dashed: false,
                points: vec![(1, 1.0), (2, 0.5), (3, 0.25)],
            },
            SurvivalLine {
                color: SIDE_B[0],
                dashed: true,
                points: vec![(1, 0.9), (2, f64::NAN)],
            },
        ];
        let svg = survival_plot(&lines).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.matches("<polyline").count() >= 2, "a line per ship");
        assert!(svg.contains("50%") && svg.contains("100%"), "percent ticks");
    }
}
