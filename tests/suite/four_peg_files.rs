//! The four-pin variant files: counts, simulation, and agreement with the native generators.

use crate::common::variant_file;
use hanoilab::sequences::moves::*;
use hanoilab::variants::Params;
use num_bigint::BigInt;

#[test]
fn cyclic4_file_matches_native_generator() {
    let v = variant_file("cyclic4");
    let params = Params::new();
    for n in 0..=7i64 {
        // Stockmeyer section 2: N(n) = 3^n - 1.
        let expect = BigInt::from(3u64.pow(n as u32) - 1);
        assert_eq!(v.count("N", n, &params).unwrap(), expect);
        let r = v.simulate("N", n, &params).unwrap();
        assert_eq!(BigInt::from(r.moves), expect);
        let file: Vec<_> = v.moves("N", n, &params).unwrap().collect();
        let native: Vec<_> = cyclic4_sgs_moves(n as u32).unwrap().collect();
        assert_eq!(file, native, "n={n}");
    }
}

#[test]
fn four_in_a_row_file_matches_native_generator() {
    let v = variant_file("four-in-a-row");
    let params = Params::new();
    for n in 0..=7i64 {
        // Stockmeyer section 3: R(n) = 3^n + n - 1.
        let expect = BigInt::from(3u64.pow(n as u32) + n as u64 - 1);
        assert_eq!(v.count("R", n, &params).unwrap(), expect);
        assert_eq!(
            BigInt::from(v.simulate("R", n, &params).unwrap().moves),
            expect
        );
        let file: Vec<_> = v.moves("R", n, &params).unwrap().collect();
        let native: Vec<_> = four_in_a_row_moves(n as u32).unwrap().collect();
        assert_eq!(file, native, "n={n}");
        let adj = BigInt::from(3u64.pow(n as u32) - 1);
        assert_eq!(
            BigInt::from(v.simulate("adjacent", n, &params).unwrap().moves),
            adj
        );
    }
}

#[test]
fn reves_file_counts_frame_stewart() {
    use hanoilab::sequences::frame_stewart::frame_stewart;
    let v = variant_file("reves");
    let params = Params::new();
    for n in 0..=40i64 {
        assert_eq!(
            v.count("FS", n, &params).unwrap(),
            frame_stewart(n as u64, 4).unwrap(),
            "n={n}"
        );
    }
    for n in 0..=14i64 {
        let r = v.simulate("FS", n, &params).unwrap();
        assert_eq!(BigInt::from(r.moves), frame_stewart(n as u64, 4).unwrap());
    }
}
