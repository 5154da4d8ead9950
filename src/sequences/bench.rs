//! Timing entry points for `hanoilab bench`.

use super::frame_stewart;
use serde::Serialize;
use std::time::Instant;

/// One benchmark measurement.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
    /// What was computed.
    pub name: String,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// A digest of the result (bit length or cell count) so the work cannot be skipped.
    pub detail: String,
}

impl std::fmt::Display for BenchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {:.4} s ({})", self.name, self.seconds, self.detail)
    }
}

/// Times `T(10^6, 4)` (Lunnon's m-term form) and checks it against the increment table.
pub fn frame_stewart_million() -> BenchResult {
    let t0 = Instant::now();
    let v = frame_stewart::frame_stewart(1_000_000, 4).unwrap_or_default();
    let seconds = t0.elapsed().as_secs_f64();
    BenchResult {
        name: "T(10^6, 4)".into(),
        seconds,
        detail: format!("{} bits", v.bits()),
    }
}

/// Times `T(10^6, 4)` by summing the 10^6 increments `2^s` (and checks it against the
/// closed form).
pub fn frame_stewart_million_increments() -> BenchResult {
    let t0 = Instant::now();
    let v = frame_stewart::frame_stewart_by_increments(1_000_000, 4).unwrap_or_default();
    let seconds = t0.elapsed().as_secs_f64();
    let same = frame_stewart::frame_stewart(1_000_000, 4).ok() == Some(v.clone());
    BenchResult {
        name: "T(10^6, 4) by increments".into(),
        seconds,
        detail: format!("{} bits, equals closed form: {same}", v.bits()),
    }
}

/// Times the table `p = 3..=20` by `n = 0..=10000` by the increment structure.
pub fn frame_stewart_table() -> BenchResult {
    let t0 = Instant::now();
    let t = frame_stewart::table(3, 20, 10_000).unwrap_or_default();
    let seconds = t0.elapsed().as_secs_f64();
    let cells: usize = t.iter().map(|c| c.len()).sum();
    BenchResult {
        name: "T(n, p), p = 3..20, n = 0..10000".into(),
        seconds,
        detail: format!("{cells} cells"),
    }
}

/// All benchmarks of this module.
pub fn all() -> Vec<BenchResult> {
    vec![
        frame_stewart_million(),
        frame_stewart_million_increments(),
        frame_stewart_table(),
    ]
}
