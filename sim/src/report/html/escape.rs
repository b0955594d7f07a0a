//! HTML escaping and number formatting for the page's text.

/// `text` with `& < > " '` replaced by entities: safe in element content and in quoted
/// attribute values.
pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A share as a percentage with one decimal (`0.2846` → `28.5%`), `—` when not finite.
pub(crate) fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1}%", x * 100.0)
    } else {
        "—".to_owned()
    }
}

/// A share with its interval: `28.5% [27.2, 29.7]`.
pub(crate) fn pct_ci(x: f64, low: f64, high: f64) -> String {
    if low.is_finite() && high.is_finite() {
        format!("{} [{:.1}, {:.1}]", pct(x), low * 100.0, high * 100.0)
    } else {
        pct(x)
    }
}

/// A signed difference of shares in percentage points: `+3.1 pp`.
pub(crate) fn pp(x: f64) -> String {
    if x.is_finite() {
        format!("{:+.1} pp", x * 100.0)
    } else {
        "—".to_owned()
    }
}

/// A number with `digits` decimals, `—` when not finite.
pub(crate) fn num(x: f64, digits: usize) -> String {
    if x.is_finite() {
        format!("{x:.digits$}")
    } else {
        "—".to_owned()
    }
}

/// An integer with thousands separators (`12,288`).
pub(crate) fn int(n: u64) -> String {
    crate::report::thousands(n)
}

/// `text` cut to at most `max` characters, with `…` when cut (for plot labels; tables show
/// the whole text).
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            esc(r#"<script>alert("x&y's")</script>"#),
            "&lt;script&gt;alert(&quot;x&amp;y&#39;s&quot;)&lt;/script&gt;"
        );
    }

    #[test]
    fn formats() {
        assert_eq!(pct(0.2846), "28.5%");
        assert_eq!(pct_ci(0.5, 0.25, 0.75), "50.0% [25.0, 75.0]");
        assert_eq!(pp(-0.031), "-3.1 pp");
        assert_eq!(pct(f64::NAN), "—");
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("abc", 4), "abc");
    }
}
