//! The SVG plots, drawn with `plotters`' SVG backend into strings that the page inlines.
//!
//! Plot text (labels from configs) is escaped by the SVG backend; the font is the reader's
//! default sans-serif (no font files are embedded or fetched).

mod heatmap;
mod histogram;
mod ladder;
mod survival;
mod sweep;
mod whiskers;

pub(crate) use heatmap::{HeatCell, heatmap, heatmap_of};
pub(crate) use histogram::{Bars, histogram};
pub(crate) use ladder::{LadderPoint, ladder};
pub(crate) use survival::{SIDE_A, SIDE_B, SurvivalLine, survival_plot};
pub(crate) use sweep::{Curve, sweep_plot};
pub(crate) use whiskers::{Unit, WhiskerPlot, WhiskerRow, whiskers};

use plotters::style::RGBColor;

use super::HtmlError;

/// Side A / base / the first series.
pub(crate) const BLUE: RGBColor = RGBColor(31, 119, 180);
/// Side B / variant / the second series.
pub(crate) const ORANGE: RGBColor = RGBColor(230, 120, 20);
/// Reference lines and grid.
pub(crate) const GRAY: RGBColor = RGBColor(110, 110, 110);
/// Emphasized marks (the overall estimate of a forest plot).
pub(crate) const BLACK: RGBColor = RGBColor(20, 20, 20);

/// Font family of plot text.
pub(crate) const FONT: &str = "sans-serif";

/// A plotting error as an [`HtmlError`] naming the plot.
pub(crate) fn plot_error(what: &str) -> impl Fn(String) -> HtmlError + '_ {
    move |message| HtmlError::Plot {
        what: what.to_owned(),
        message,
    }
}

/// The CSS colour of `c` (for legends drawn in HTML).
pub(crate) fn css(c: RGBColor) -> String {
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// A horizontal range covering every finite value in `values` and each of `include`, padded
/// by 6% on both sides (never empty: plotters needs `start < end`).
pub(crate) fn span(values: impl IntoIterator<Item = f64>, include: &[f64]) -> std::ops::Range<f64> {
    let (lo, hi) = values
        .into_iter()
        .chain(include.iter().copied())
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if !(lo.is_finite() && hi.is_finite()) {
        return -1.0..1.0;
    }
    let pad = ((hi - lo) * 0.06).max(1e-3);
    (lo - pad)..(hi + pad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_pads_and_includes() {
        let r = span([0.1, 0.3, f64::NAN], &[0.0]);
        assert!(r.start < 0.0 && r.end > 0.3);
        assert_eq!(span([], &[]), -1.0..1.0);
        let r = span([2.0], &[]);
        assert!(r.start < 2.0 && r.end > 2.0);
    }
}
