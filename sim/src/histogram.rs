//! Fixed-bin integer histograms that merge by addition, so per-worker accumulators combine
//! into exactly the same totals in any order.

/// Counts of the values `0..bins-1`, plus an overflow bin for larger values, with exact sums
/// for the mean and variance.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}
