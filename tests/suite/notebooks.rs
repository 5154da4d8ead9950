//! The notebooks' code cells, compiled and run: each notebook mirrors an example under
//! `examples/`, included here so that a notebook whose code no longer compiles or runs fails
//! the test suite (the notebooks themselves are rebuilt by `notebooks/build_notebooks.py`).

#[path = "../../examples/nb3_frame_stewart_star.rs"]
mod nb3;

#[test]
fn notebook_3_frame_stewart_and_star_runs() {
    nb3::main();
}

#[path = "../../examples/nb1_rainbow.rs"]
mod nb1;

#[test]
fn notebook_1_rainbow_runs() {
    nb1::main();
}

#[path = "../../examples/nb2_checking_claims.rs"]
mod nb2;

#[test]
fn notebook_2_checking_claims_runs() {
    nb2::main();
}
