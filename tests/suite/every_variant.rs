//! Every built-in variant of the engine: simulated count = recurrence count = transfer
//! system, every move legal, goal reached.

use hanoilab::variants::{builtin_ids, Params, Variant};
use num_bigint::BigInt;

fn params_for(v: &Variant) -> Vec<Params> {
    match v.id.as_str() {
        "multi-stack" => (2..=5)
            .map(|l| Params::from([("l".to_string(), l)]))
            .collect(),
        _ => vec![Params::new()],
    }
}

#[test]
fn every_function_simulates_to_its_count() {
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        for p in params_for(&v) {
            let sys = v.transfer_system(&p).unwrap();
            for f in v.functions() {
                let max_n = if id == "multi-stack" || id == "turtle" {
                    9
                } else {
                    12
                };
                for n in f.n_min.max(1)..=max_n {
                    let count = v.count(&f.name, n, &p).unwrap();
                    let sim = v
                        .simulate(&f.name, n, &p)
                        .unwrap_or_else(|e| panic!("{id}.{} n={n} {p:?}: {e}", f.name));
                    assert_eq!(BigInt::from(sim.moves), count, "{id}.{} n={n}", f.name);
                    if let Some(sys) = &sys {
                        let proc = f.call.split('(').next().unwrap().trim();
                        if let (Some(i), Some(s)) = (sys.index(proc), sys.state(n as u64)) {
                            if f.call.contains("(n") {
                                assert_eq!(s[i], count, "{id}.{} n={n} matrix", f.name);
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_variant_renders() {
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        let md = v.to_markdown(&Params::new()).unwrap();
        assert!(md.contains(&format!("`{id}`")));
        assert_eq!(md, v.to_markdown(&Params::new()).unwrap());
    }
}
