//! Errors: precise messages, no panics.

use hanoilab::puzzle::{RuleBroken, SimulationError};
use hanoilab::variants::{Params, Variant, VariantError};

const BAD_ALGORITHM: &str = r#"
id = "bad"
[rules]
pins = 3
[functions.T]
source = "test"
start = [0]
goal = [2]
call = "t(n; 0, 1, 2)"
[program]
text = """
# forgets to clear the smaller discs first
t(n; X, Y, Z) = move(X, Z), t(n-1; X, Y, Z)
"""
"#;

#[test]
fn illegal_move_of_a_program_is_caught_precisely() {
    let v = Variant::from_toml(BAD_ALGORITHM, "bad.toml").unwrap();
    let e = v.simulate("T", 3, &Params::new()).unwrap_err();
    match &e {
        VariantError::Simulation {
            source:
                SimulationError::IllegalMove {
                    move_number,
                    disc,
                    from,
                    to,
                    rule,
                    ..
                },
            ..
        } => {
            assert_eq!(
                (*move_number, *from, *to, *rule),
                (2, 0, 2, RuleBroken::Size)
            );
            assert_eq!(disc.unwrap().size, 2);
        }
        other => panic!("{other}"),
    }
    let msg = e.to_string();
    assert!(
        msg.contains("move 2 (0->2)") && msg.contains("size 2") && msg.contains("size rule"),
        "{msg}"
    );
}

#[test]
fn goal_not_reached_shows_the_configuration() {
    let text = BAD_ALGORITHM
        .replace(
            "t(n; X, Y, Z) = move(X, Z), t(n-1; X, Y, Z)",
            "t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)",
        )
        .replace("goal = [2]", "goal = [1]");
    let v = Variant::from_toml(&text, "bad.toml").unwrap();
    let e = v.simulate("T", 2, &Params::new()).unwrap_err();
    assert!(
        e.to_string()
            .contains("goal not reached after 3 moves: final configuration [ |  | 2 1]"),
        "{e}"
    );
}

#[test]
fn malformed_files_give_line_and_column() {
    let e = Variant::from_toml("id = \"x\"\n[rules]\npins = 3\nmoves = 7\n", "m.toml").unwrap_err();
    assert!(matches!(e, VariantError::Malformed { line: 4, .. }), "{e}");
    let e = Variant::from_toml("id = \"x\"\n[rules\n", "m.toml").unwrap_err();
    assert!(matches!(e, VariantError::Malformed { line: 2, .. }), "{e}");
    // A syntax error inside the program text is reported at its line in the file.
    let text = BAD_ALGORITHM.replace("move(X, Z), t(n-1; X, Y, Z)", "move(X Z)");
    let e = Variant::from_toml(&text, "bad.toml").unwrap_err();
    match e {
        VariantError::Program { line, col, .. } => assert_eq!((line, col), (13, 24)),
        other => panic!("{other}"),
    }
    let text = BAD_ALGORITHM.replace("t(n-1; X, Y, Z)", "u(n-1; X, Y, Z)");
    let e = Variant::from_toml(&text, "bad.toml").unwrap_err();
    assert!(
        e.to_string().contains("bad.toml:13:29")
            && e.to_string().contains("undefined procedure `u`"),
        "{e}"
    );
    let text = BAD_ALGORITHM.replace("t(n-1; X, Y, Z)", "t(n-1; X, Y, W)");
    let e = Variant::from_toml(&text, "bad.toml").unwrap_err();
    assert!(e.to_string().contains("pin `W`"), "{e}");
    let text = BAD_ALGORITHM.replace("t(n-1; X, Y, Z)", "t(n-1; X, Y)");
    assert!(Variant::from_toml(&text, "bad.toml").is_err());
}

#[test]
fn unknown_names_and_ranges() {
    assert!(matches!(
        Variant::builtin("nope"),
        Err(VariantError::UnknownVariant { .. })
    ));
    let v = Variant::builtin("cyclic").unwrap();
    assert!(matches!(
        v.count("Z", 3, &Params::new()),
        Err(VariantError::UnknownFunction { .. })
    ));
    let p = Params::from([("l".to_string(), 3)]);
    assert!(matches!(
        v.count("A", 3, &p),
        Err(VariantError::BadParameter { .. })
    ));
    let m = Variant::builtin("multi-stack").unwrap();
    let p = Params::from([("l".to_string(), 1)]);
    assert!(matches!(
        m.count("HAHA", 3, &p),
        Err(VariantError::BadParameter { .. })
    ));
    let t = Variant::builtin("turtle").unwrap();
    assert!(matches!(
        t.simulate("HAHA", 3, &Params::from([("l".to_string(), 3)])),
        Err(VariantError::BadParameter { .. })
    ));
}
