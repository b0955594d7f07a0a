//! Mirror matchups: a fleet with a policy played against itself (the same side table on both
//! seats). The rules treat the seats alike, so side A and side B must win equally often; the
//! gap between them measures seat bias (deployment, who moves first, tie-breaks by index).
//!
//! Mirrors are generated generically, as text: the experiment document keeps its includes,
//! scenario and house rules, and its `[[matchup]]` entries (or its `[experiment.ab]` /
//! `[experiment.matrix]` / `[experiment.game]` table) are replaced by one `[[matchup]]` per side, `a = <side>`,
//! `b = <side>` (see [`mirror_source`]). The rule system validates and plays them as any
//! experiment, deterministically and in parallel ([`crate::play::play`]).
//!
//! **The test.** With `N` battles, `pA` and `pB` the shares A and B won, the gap `pA − pB` has
//! the multinomial standard error `SE = sqrt((pA + pB − (pA − pB)²) / N)`. A mirror fails when
//! `|pA − pB| > 4 SE` ([`SEAT_GAP_LIMIT_SE`]; one fair mirror in about 16,000 fails by chance).
//! [`MIRROR_BATTLES`] resolves a 3-percentage-point gap: with no draws `SE ≤ 1/sqrt(N)`, so
//! `4/sqrt(N) ≤ 0.03` needs `N ≥ (4 / 0.03)² ≈ 17,778`, rounded up to 18 batches of 1,024.

use std::path::Path;

use fleetlab_engine::RuleSystem;
use serde::Serialize;

use crate::load::{ConfigError, Source};
use crate::results::MatchupResult;

/// A mirror fails when its seat gap is beyond this many standard errors.
pub const SEAT_GAP_LIMIT_SE: f64 = 4.0;
/// The smallest seat gap [`MIRROR_BATTLES`] resolves at [`SEAT_GAP_LIMIT_SE`] (a fraction).
pub const RESOLVED_GAP: f64 = 0.03;
/// Default battles per mirror: `(4 / 0.03)² ≈ 17,778`, rounded up to 18 batches of 1,024.
pub const MIRROR_BATTLES: u64 = 18 * crate::runner::BATCH;

/// The seat gap of one mirror matchup.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SeatGap {
    /// Battles played.
    pub battles: u64,
    /// Wins of side A.
    pub a_wins: u64,
    /// Wins of side B.
    pub b_wins: u64,
    /// Draws.
    pub draws: u64,
}

impl SeatGap {
    /// The gap of a mirror's result.
    pub fn of(r: &MatchupResult) -> SeatGap {
        SeatGap {
            battles: r.tally.battles,
            a_wins: r.tally.wins[0],
            b_wins: r.tally.wins[1],
            draws: r.tally.draws,
        }
    }

    fn shares(&self) -> (f64, f64) {
        let n = self.battles.max(1) as f64;
        (self.a_wins as f64 / n, self.b_wins as f64 / n)
    }

    /// `pA − pB`: A's win share minus B's.
    pub fn gap(&self) -> f64 {
        let (a, b) = self.shares();
        a - b
    }

    /// The multinomial standard error of [`SeatGap::gap`]:
    /// `sqrt((pA + pB − (pA − pB)²) / N)`.
    pub fn std_error(&self) -> f64 {
        let (a, b) = self.shares();
        ((a + b - (a - b) * (a - b)).max(0.0) / self.battles.max(1) as f64).sqrt()
    }

    /// The gap in standard errors (0 when both are 0: no decided battle, no evidence).
    pub fn z(&self) -> f64 {
        let se = self.std_error();
        if se > 0.0 {
            self.gap() / se
        } else if self.gap() == 0.0 {
            0.0
        } else {
            f64::INFINITY.copysign(self.gap())
        }
    }

    /// Whether the gap is within `limit_se` standard errors.
    pub fn passes(&self, limit_se: f64) -> bool {
        self.z().abs() <= limit_se
    }
}

/// `{ fleet = "<fleet>", policy = "<policy>" }`: a side of a shipped mirror.
pub fn preset_side(fleet: &str, policy: &str) -> toml::Value {
    let mut t = toml::Table::new();
    t.insert("fleet".into(), toml::Value::String(fleet.into()));
    t.insert("policy".into(), toml::Value::String(policy.into()));
    toml::Value::Table(t)
}

/// A side table as one line of inline TOML (keys in order), for labels and dedup.
pub fn inline(v: &toml::Value) -> String {
    match v {
        toml::Value::Table(t) => {
            let items: Vec<String> = t
                .iter()
                .map(|(k, v)| format!("{} = {}", key(k), inline(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        toml::Value::Array(a) => {
            let items: Vec<String> = a.iter().map(inline).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// A key bare when TOML allows it, else quoted.
fn key(k: &str) -> String {
    let bare = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        k.to_owned()
    } else {
        toml::Value::String(k.to_owned()).to_string()
    }
}

/// The `[a, b]` side tables of every matchup of the experiment `src`, after expanding its
/// kind (`[experiment.ab]` / `[experiment.matrix]` / `[experiment.game]`, whose default
/// policies are `presets`), in matchup order.
pub fn matchup_sides(src: &Source, presets: &[&str]) -> Result<Vec<[toml::Value; 2]>, ConfigError> {
    let expansion = crate::kinds::expand(src, presets)?;
    let text = format!("{}\n{}", src.text, expansion.text);
    let doc: toml::Table = toml::from_str(&text)
        .map_err(|e| ConfigError::one(&src.path, None, None, e.message().to_owned()))?;
    let mut sides = Vec::new();
    if let Some(toml::Value::Array(entries)) = doc.get("matchup") {
        for e in entries {
            let side = |k: &str| {
                e.get(k)
                    .cloned()
                    .unwrap_or(toml::Value::Table(toml::Table::new()))
            };
            sides.push([side("a"), side("b")]);
        }
    }
    Ok(sides)
}

/// The mirror experiment of `src`: its text with the matchups (and any `[experiment.ab]` /
/// `[experiment.matrix]` table) replaced by one `[[matchup]]` per entry of `sides`, that side
/// on both seats. Includes, scenario and house rules stay; the path stays, so includes
/// resolve as before. The experiment is named `<name>-mirrors`.
pub fn mirror_source(src: &Source, sides: &[toml::Value]) -> Result<Source, ConfigError> {
    let mut doc: toml::Table = toml::from_str(&src.text)
        .map_err(|e| ConfigError::one(&src.path, None, None, e.message().to_owned()))?;
    doc.remove("matchup");
    let stem = src
        .path
        .file_stem()
        .map_or("experiment".into(), |s| s.to_string_lossy().into_owned());
    let exp = doc
        .entry("experiment")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    if let toml::Value::Table(exp) = exp {
        exp.remove("ab");
        exp.remove("matrix");
        exp.remove("game");
        let name = exp
            .get("name")
            .and_then(toml::Value::as_str)
            .map_or(stem, str::to_owned);
        exp.insert(
            "name".into(),
            toml::Value::String(format!("{name}-mirrors")),
        );
    }
    let mut text = toml::to_string(&doc)
        .map_err(|e| ConfigError::one(&src.path, None, None, e.to_string()))?;
    for side in sides {
        let s = inline(side);
        text.push_str(&format!("\n[[matchup]]\na = {s}\nb = {s}\n"));
    }
    Ok(Source {
        path: src.path.clone(),
        text,
    })
}

/// One mirror: the side as written, and its result or why it could not be played.
#[derive(Clone, Debug)]
pub struct Mirror {
    /// The side table, inline.
    pub side: String,
    /// The result, or the config error that rules the side out.
    pub result: Result<MatchupResult, String>,
}

/// Play every side of `sides` against itself: battles `0..battles` of each mirror of `src`
/// with `seed`, on the current rayon pool. A side the rule system rejects is reported in its
/// [`Mirror`] and skipped. `on_batch` as in [`crate::runner::run_matchup`].
pub fn play_mirrors<R: RuleSystem>(
    src: &Source,
    sides: &[toml::Value],
    seed: u64,
    battles: u64,
    on_batch: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Mirror>, ConfigError> {
    let read = crate::load::read_source;
    let all = mirror_source(src, sides)?;
    let mut verdicts: Vec<Option<String>> = vec![None; sides.len()];
    let exp = match crate::load::load_from::<R>(all, read) {
        Ok(exp) => exp,
        Err(_) => {
            // Find the sides the rule system rejects, one at a time, and play the rest.
            for (side, verdict) in sides.iter().zip(&mut verdicts) {
                let one = mirror_source(src, std::slice::from_ref(side))?;
                if let Err(e) = crate::load::load_from::<R>(one, read) {
                    *verdict = Some(e.to_string());
                }
            }
            let good: Vec<toml::Value> = sides
                .iter()
                .zip(&verdicts)
                .filter(|(_, v)| v.is_none())
                .map(|(s, _)| s.clone())
                .collect();
            crate::load::load_from::<R>(mirror_source(src, &good)?, read)?
        }
    };
    let mut results =
        crate::play::play::<R>(&exp, seed, 0..battles, &|_| {}, on_batch, None).into_iter();
    Ok(sides
        .iter()
        .zip(verdicts)
        .map(|(side, verdict)| Mirror {
            side: inline(side),
            result: match verdict {
                Some(e) => Err(e),
                None => results.next().ok_or_else(|| "not played".to_owned()),
            },
        })
        .collect())
}

/// Every fleet the documents of the experiment at `path` define, with every policy preset of
/// the rule system: the sides of its shipped mirrors.
pub fn preset_sides<R: RuleSystem>(path: &Path) -> Result<Vec<toml::Value>, ConfigError> {
    let docs = crate::load::documents::<R>(path)?;
    let mut sides = Vec::new();
    for fleet in R::fleets(&docs) {
        for policy in R::POLICY_PRESETS {
            sides.push(preset_side(&fleet, policy));
        }
    }
    Ok(sides)
}

/// The sides whose `fleet` is one of `fleets` and whose `policy` is one of `policies` (an
/// empty list keeps every value).
pub fn select(sides: Vec<toml::Value>, fleets: &[String], policies: &[String]) -> Vec<toml::Value> {
    let has = |s: &toml::Value, key: &str, wanted: &[String]| {
        wanted.is_empty()
            || s.get(key)
                .and_then(toml::Value::as_str)
                .is_some_and(|v| wanted.iter().any(|w| w == v))
    };
    sides
        .into_iter()
        .filter(|s| has(s, "fleet", fleets) && has(s, "policy", policies))
        .collect()
}

/// `s` cut to `width` characters, ending in `…` when shortened.
pub(crate) fn cut(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_owned();
    }
    let mut t: String = s.chars().take(width - 1).collect();
    t.push('…');
    t
}

/// The terminal table of mirrors: per side, battles, A's and B's win and the draw shares, the
/// gap and its SE in percentage points, the gap in SEs and `ok` / `FAIL` at
/// [`SEAT_GAP_LIMIT_SE`] (or why the side could not be played). Ends with a newline.
pub fn mirror_table(mirrors: &[Mirror]) -> String {
    let mut out = format!(
        "{:<56} {:>7} {:>7} {:>7} {:>7} {:>8} {:>6} {:>7}  seats\n",
        "mirror (both seats)", "battles", "A win%", "B win%", "draw%", "gap pp", "SE pp", "gap/SE"
    );
    for m in mirrors {
        let side = cut(&m.side, 56);
        match &m.result {
            Ok(r) => {
                let g = SeatGap::of(r);
                let n = g.battles.max(1) as f64;
                out.push_str(&format!(
                    "{side:<56} {:>7} {:>7.1} {:>7.1} {:>7.1} {:>+8.1} {:>6.1} {:>+7.1}  {}\n",
                    g.battles,
                    100.0 * g.a_wins as f64 / n,
                    100.0 * g.b_wins as f64 / n,
                    100.0 * g.draws as f64 / n,
                    100.0 * g.gap(),
                    100.0 * g.std_error(),
                    g.z(),
                    if g.passes(SEAT_GAP_LIMIT_SE) {
                        "ok"
                    } else {
                        "FAIL"
                    }
                ));
            }
            Err(e) => {
                let first = e.lines().next().unwrap_or_default();
                out.push_str(&format!("{side:<56} not played: {first}\n"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gap(a: u64, b: u64, d: u64) -> SeatGap {
        SeatGap {
            battles: a + b + d,
            a_wins: a,
            b_wins: b,
            draws: d,
        }
    }

    /// SE = sqrt((pA + pB − (pA − pB)²) / N), by hand: pA = 0.55, pB = 0.40, N = 1000 →
    /// sqrt((0.95 − 0.0225) / 1000) = 0.030455.
    #[test]
    fn standard_error_is_the_multinomial_one() {
        let g = gap(550, 400, 50);
        assert!((g.gap() - 0.15).abs() < 1e-12);
        assert!(
            (g.std_error() - 0.030_455).abs() < 1e-6,
            "{}",
            g.std_error()
        );
        assert!(!g.passes(4.0));
        assert!(gap(510, 490, 0).passes(4.0));
        assert_eq!(gap(0, 0, 10).z(), 0.0);
        assert!(!gap(10, 0, 0).passes(4.0));
    }

    /// 4 / sqrt(N) ≤ 3 pp at the default count.
    #[test]
    fn default_count_resolves_three_points() {
        assert!(SEAT_GAP_LIMIT_SE / (MIRROR_BATTLES as f64).sqrt() <= RESOLVED_GAP);
        assert_eq!(MIRROR_BATTLES, 18_432);
    }

    #[test]
    fn mirror_text_replaces_the_matchups() {
        let src = Source {
            path: "dir/exp.toml".into(),
            text: "rule_system = \"x\"\ninclude = [\"f.toml\"]\n[experiment]\nname = \"e\"\n\
                   seed = 3\n[experiment.matrix]\nfleets = [{ fleet = \"a\" }, { fleet = \"b\" \
                   }]\n[[house_rules]]\n"
                .replace("[[house_rules]]\n", "[house_rules]\nturn_cap = 9\n"),
        };
        let sides = matchup_sides(&src, &[]).unwrap();
        assert_eq!(sides.len(), 2);
        assert_eq!(inline(&sides[0][0]), "{ fleet = \"a\" }");
        let m = mirror_source(&src, &[preset_side("a", "brawler")]).unwrap();
        let v: toml::Table = toml::from_str(&m.text).unwrap();
        assert_eq!(v["experiment"]["name"].as_str(), Some("e-mirrors"));
        assert!(v["experiment"].get("matrix").is_none());
        assert_eq!(v["house_rules"]["turn_cap"].as_integer(), Some(9));
        let matchups = v["matchup"].as_array().unwrap();
        assert_eq!(matchups.len(), 1);
        assert_eq!(matchups[0]["a"], matchups[0]["b"]);
        assert_eq!(matchups[0]["a"]["policy"].as_str(), Some("brawler"));
    }
}
