//! Fixed-bin integer histograms that merge by addition, so per-worker accumulators combine
//! into exactly the same totals in any order.
//!
//! A histogram serializes (for shard partials) as
//! `{"bins": 256, "counts": [..], "overflow": 0, "n": 12, "sum": "40", "sum_sq": "160"}`:
//! `counts` without its trailing zeros, and the exact `u128` sums as decimal strings (JSON
//! readers commonly lose integers beyond 2^53). Reading one checks that it is consistent.

use serde::{Deserialize, Serialize};

/// Counts of the values `0..bins-1`, plus an overflow bin for larger values, with exact sums
/// for the mean and variance.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "HistogramRepr")]
pub struct Histogram {
    counts: Vec<u64>,
    overflow: u64,
    n: u64,
    sum: u128,
    sum_sq: u128,
}

impl Histogram {
    /// A histogram with bins `0..bins` (values ≥ `bins` land in the overflow bin, but still
    /// count exactly toward the mean and variance).
    pub fn new(bins: usize) -> Self {
        Histogram {
            counts: vec![0; bins],
            overflow: 0,
            n: 0,
            sum: 0,
            sum_sq: 0,
        }
    }

    /// Record one value. Never allocates.
    #[inline]
    pub fn record(&mut self, value: u32) {
        match self.counts.get_mut(value as usize) {
            Some(c) => *c += 1,
            None => self.overflow += 1,
        }
        self.n += 1;
        self.sum += u128::from(value);
        self.sum_sq += u128::from(value) * u128::from(value);
    }

    /// Add another histogram's counts (same bin count) into this one.
    pub fn merge(&mut self, other: &Histogram) {
        assert_eq!(
            self.counts.len(),
            other.counts.len(),
            "histogram shapes differ"
        );
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.overflow += other.overflow;
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    /// Number of bins (values `0..bins` have their own count).
    pub fn bins(&self) -> usize {
        self.counts.len()
    }

    /// Count per value, `0..bins`.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Values beyond the last bin.
    pub fn overflow(&self) -> u64 {
        self.overflow
    }

    /// Number of recorded values.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Exact sum of recorded values.
    pub fn sum(&self) -> u128 {
        self.sum
    }

    /// Mean (0 when empty).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// Sample standard deviation (0 with fewer than two values).
    pub fn sd(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        let var = (self.sum_sq as f64 - n * mean * mean) / (n - 1.0);
        var.max(0.0).sqrt()
    }

    /// The smallest value `v` with P(X ≤ v) ≥ `q` (None when empty or when it falls in the
    /// overflow bin).
    pub fn quantile(&self, q: f64) -> Option<u32> {
        if self.n == 0 {
            return None;
        }
        let target = (q * self.n as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (v, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= target {
                return Some(v as u32);
            }
        }
        None
    }
}

/// The serialized form of a [`Histogram`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HistogramRepr {
    bins: usize,
    counts: Vec<u64>,
    overflow: u64,
    n: u64,
    sum: String,
    sum_sq: String,
}

impl Serialize for Histogram {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let used = self
            .counts
            .iter()
            .rposition(|&c| c > 0)
            .map_or(0, |i| i + 1);
        HistogramRepr {
            bins: self.counts.len(),
            counts: self.counts[..used].to_vec(),
            overflow: self.overflow,
            n: self.n,
            sum: self.sum.to_string(),
            sum_sq: self.sum_sq.to_string(),
        }
        .serialize(serializer)
    }
}

/// Largest bin count accepted when reading (guards against absurd allocations).
const MAX_BINS: usize = 1 << 20;

impl TryFrom<HistogramRepr> for Histogram {
    type Error = String;

    fn try_from(r: HistogramRepr) -> Result<Self, String> {
        let parse = |name: &str, s: &str| {
            s.parse::<u128>().map_err(|_| {
                format!("histogram {name} must be a non-negative decimal integer string, got {s:?}")
            })
        };
        let sum = parse("sum", &r.sum)?;
        let sum_sq = parse("sum_sq", &r.sum_sq)?;
        if r.bins > MAX_BINS || r.counts.len() > r.bins {
            return Err(format!(
                "histogram has {} counts for {} bins (at most {MAX_BINS} bins)",
                r.counts.len(),
                r.bins
            ));
        }
        let mut counts = r.counts;
        counts.resize(r.bins, 0);
        let h = Histogram {
            counts,
            overflow: r.overflow,
            n: r.n,
            sum,
            sum_sq,
        };
        h.check().map(|()| h)
    }
}

impl Histogram {
    /// Check that the counts, `n` and the sums agree: `n` is the total count, and the sums are
    /// exactly those of the binned values plus, for the overflow bin, at least `bins` per value.
    fn check(&self) -> Result<(), String> {
        let mut n: u128 = u128::from(self.overflow);
        let mut sum: u128 = 0;
        let mut sum_sq: u128 = 0;
        for (v, &c) in self.counts.iter().enumerate() {
            let (v, c) = (v as u128, u128::from(c));
            n += c;
            sum += v * c;
            sum_sq += v * v * c;
        }
        if n != u128::from(self.n) {
            return Err(format!(
                "histogram n is {} but its counts add up to {n}",
                self.n
            ));
        }
        let bins = self.counts.len() as u128;
        let over = u128::from(self.overflow);
        let sums_ok = if self.overflow == 0 {
            self.sum == sum && self.sum_sq == sum_sq
        } else {
            self.sum >= sum + over * bins && self.sum_sq >= sum_sq + over * bins * bins
        };
        if !sums_ok {
            return Err(format!(
                "histogram sums ({}, {}) do not match its counts",
                self.sum, self.sum_sq
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_sd_quantiles_exact() {
        let mut h = Histogram::new(4);
        for v in [0, 1, 1, 2, 9] {
            h.record(v);
        }
        assert_eq!(h.counts(), &[1, 2, 1, 0]);
        assert_eq!(h.overflow(), 1);
        assert_eq!(h.mean(), 13.0 / 5.0);
        // sample variance of {0,1,1,2,9}: mean 2.6, squares sum 87 -> (87 - 5*6.76)/4 = 13.3
        assert!((h.sd() - 13.3f64.sqrt()).abs() < 1e-12);
        assert_eq!(h.quantile(0.5), Some(1));
        assert_eq!(h.quantile(0.8), Some(2));
        assert_eq!(h.quantile(0.99), None);
    }

    #[test]
    fn merge_is_order_independent() {
        let mut a = Histogram::new(3);
        let mut b = Histogram::new(3);
        a.record(1);
        b.record(2);
        b.record(7);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
    }

    #[test]
    fn json_round_trip_is_exact() {
        let mut h = Histogram::new(8);
        for v in [0, 3, 3, 5, 4_000_000_000, u32::MAX] {
            h.record(v);
        }
        // Sums beyond 2^64 (and far beyond f64's exact integers) survive.
        for _ in 0..3 {
            let big = h.clone();
            h.merge(&big);
        }
        assert!(h.sum_sq > u128::from(u64::MAX));
        let json = serde_json::to_string(&h).unwrap();
        assert!(
            json.contains(&format!("\"sum_sq\":\"{}\"", h.sum_sq)),
            "{json}"
        );
        assert!(
            json.contains("\"counts\":[8,0,0,16,0,8]"),
            "trailing zeros trimmed: {json}"
        );
        let back: Histogram = serde_json::from_str(&json).unwrap();
        assert_eq!(back, h);
        let empty: Histogram =
            serde_json::from_str(&serde_json::to_string(&Histogram::new(3)).unwrap()).unwrap();
        assert_eq!(empty, Histogram::new(3));
    }

    #[test]
    fn inconsistent_json_is_refused() {
        let ok = r#"{"bins":3,"counts":[1,2],"overflow":0,"n":3,"sum":"2","sum_sq":"2"}"#;
        assert!(serde_json::from_str::<Histogram>(ok).is_ok());
        for (bad, why) in [
            (ok.replace("\"n\":3", "\"n\":4"), "counts add up"),
            (ok.replace("\"sum\":\"2\"", "\"sum\":\"3\""), "do not match"),
            (
                ok.replace("\"sum\":\"2\"", "\"sum\":\"-2\""),
                "decimal integer",
            ),
            (ok.replace("\"sum\":\"2\"", "\"sum\":2"), "string"),
            (
                ok.replace("\"bins\":3", "\"bins\":1"),
                "2 counts for 1 bins",
            ),
            (
                ok.replace("\"overflow\"", "\"extra\":1,\"overflow\""),
                "unknown field",
            ),
        ] {
            let err = serde_json::from_str::<Histogram>(&bad)
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }
}
