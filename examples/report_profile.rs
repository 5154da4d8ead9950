//! Times every job of the report's parallel phase one at a time (claims and variants), the
//! slowest first, in CPU seconds of the job's thread: `cargo run --release --example report_profile -- [TOP] [FILTER]`.
use hanoilab::facts::{FactsOptions, SearchBudget, VariantFacts};
use hanoilab::variants::{builtin_ids, Variant};

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`, nanoseconds on
/// the CPU): the machine is shared, so wall time per job would measure the neighbours.
struct Instant(u64);

impl Instant {
    fn now() -> Instant {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        Instant(
            s.split_whitespace()
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0),
        )
    }
    fn elapsed(&self) -> std::time::Duration {
        std::time::Duration::from_nanos(Instant::now().0.saturating_sub(self.0))
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let top: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let filter = args.get(2).cloned().unwrap_or_default();
    let mut rows: Vec<(f64, String)> = vec![];
    let opts = FactsOptions {
        n_max: 20,
        simulation_moves: 300_000,
        analysis_digits: 30,
        search: Some(SearchBudget::REPORT),
    };
    if filter == "analysis" {
        // The algebra of every variant's transfer system alone (as the report asks for it).
        for id in builtin_ids() {
            let v = Variant::builtin(id).expect("builtin");
            let t = Instant::now();
            let _ = v.analysis(&hanoilab::variants::Params::new(), 30);
            rows.push((t.elapsed().as_secs_f64(), format!("analysis {id}")));
        }
    }
    if filter.is_empty() || filter == "variants" || filter.starts_with("variant:") {
        for id in builtin_ids() {
            if filter.starts_with("variant:") && filter != format!("variant:{id}") {
                continue;
            }
            let t = Instant::now();
            let v = Variant::builtin(id).expect("builtin");
            let _ = VariantFacts::gather(v, &opts);
            rows.push((t.elapsed().as_secs_f64(), format!("variant {id}")));
        }
    }
    if filter != "variants" && filter != "analysis" && !filter.starts_with("variant:") {
        for c in hanoilab::literature::builtin_claims().expect("claims load") {
            let name = format!("claim {}/{}", c.file, c.id);
            if !filter.is_empty() && !name.contains(&filter) {
                continue;
            }
            let t = Instant::now();
            let _ = hanoilab::literature::check_claim(&c);
            rows.push((t.elapsed().as_secs_f64(), name));
        }
    }
    let total: f64 = rows.iter().map(|r| r.0).sum();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (s, name) in rows.iter().take(top) {
        println!("{s:8.3} s  {name}");
    }
    println!("{total:8.3} s  total of {} jobs", rows.len());
}
