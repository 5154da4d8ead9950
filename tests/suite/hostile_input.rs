//! Issue 17, hostile input: no panic, no abort, no hang, no silent wrap, no lost report.
//!
//! A table of bad inputs, each run on the real binary under a 4 GB address-space limit
//! (`ulimit -v`) and a 60 s timeout, checking the exit status and a fragment of the message;
//! closed and full output streams; and bounded fuzz-style tests (a deterministic random
//! generator, no extra dependencies) of the formula parser and evaluator, the program
//! parser, the variant loader, the matrix reader and claim files: no panic on random or
//! mutated input.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// A scratch folder with the hostile files the table refers to as `{D}` (one per test,
/// named by `tag`: tests run at the same time).
fn fixtures(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hanoilab-hostile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let classic = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/classic.toml"),
    )
    .unwrap();
    let prog = "hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, Z), hanoi(n-1; Y, X, Z)";
    assert!(classic.contains(prog));
    let variant = |name: &str, program: &str, call: Option<&str>| {
        let mut t = classic.replace(prog, program);
        if let Some(c) = call {
            t = t.replace("call = \"hanoi(n; 0, 1, 2)\"", &format!("call = \"{c}\""));
        }
        std::fs::write(d.join(format!("{name}.toml")), t).unwrap();
    };
    let n = 10_000;
    variant("mega", prog, Some("hanoi(n*1000000; 0, 1, 2)"));
    variant(
        "paren",
        &format!(
            "hanoi(n; X, Y, Z) = hanoi({}n-1{}; X, Z, Y), move(X, Z)",
            "(".repeat(n),
            ")".repeat(n)
        ),
        None,
    );
    variant(
        "neg",
        &format!("hanoi(n; X, Y, Z) = hanoi({}n-1; X, Z, Y)", "-".repeat(n)),
        None,
    );
    variant(
        "minn",
        &format!(
            "hanoi(n; X, Y, Z) = hanoi({}n-1{}; X, Z, Y)",
            "min(".repeat(n),
            ", n)".repeat(n)
        ),
        None,
    );
    variant(
        "forn",
        &format!(
            "hanoi(n; X, Y, Z) = {}move(X, Z){}",
            "for i = 1..1 { ".repeat(n),
            " }".repeat(n)
        ),
        None,
    );
    variant(
        "chain",
        &format!(
            "hanoi(n; X, Y, Z) = hanoi(n-1{}; X, Z, Y)",
            "+0".repeat(100_000)
        ),
        None,
    );
    variant(
        "notn",
        &format!(
            "hanoi(n; X, Y, Z) when {}n > 0 = move(X, Z)",
            "not ".repeat(n)
        ),
        None,
    );
    variant(
        "loop",
        "hanoi(n; X, Y, Z) = for i = 1..n*1000000000000 { move(X, Z) * i }",
        None,
    );
    // Issue 37: fields that must be refused at their line and column.
    let edit = |name: &str, edits: &[(&str, &str)]| {
        let mut t = classic.clone();
        for (from, to) in edits {
            assert!(t.contains(from), "{name}: {from}");
            t = t.replacen(from, to, 1);
        }
        std::fs::write(d.join(format!("{name}.toml")), t).unwrap();
    };
    let halves = "hanoi(n; X, Y, Z) = hanoi(n/0; X, Z, Y), move(X, Z)";
    edit("divz", &[(prog, halves)]);
    let times = "hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, Z) * (n % 0)";
    edit("modz", &[(prog, times)]);
    let same = "hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, X), hanoi(n-1; Y, X, Z)";
    edit("movexx", &[(prog, same)]);
    let call = "call = \"hanoi(n; 0, 1, 2)\"";
    edit("calldiv", &[(call, "call = \"hanoi(n/(n-n); 0, 1, 2)\"")]);
    edit("pinsdiv", &[("pins = 3", "pins = \"3/0 + 3\"")]);
    edit("start5", &[("start = [0]", "start = [5]")]);
    edit("startm1", &[("start = [0]", "start = [-1]")]);
    edit("pins1", &[("pins = 3", "pins = 1")]);
    edit("pins2", &[("pins = 3", "pins = 2")]);
    edit("goal21", &[("goal = [2]", "goal = [2, 1]")]);
    edit(
        "bases10",
        &[("goal = [2]", "goal = [2]\nbases = \"DDDDDDDDDD\"")],
    );
    edit("star7", &[("moves = \"complete\"", "moves = \"star:7\"")]);
    edit("arc3", &[("moves = \"complete\"", "moves = [[0,1,2]]")]);
    edit("arcneg", &[("moves = \"complete\"", "moves = [[-1,1]]")]);
    edit(
        "arcneg2",
        &[("moves = \"complete\"", "moves = [[0,1], [0,-1]]")],
    );
    edit(
        "arcout",
        &[("moves = \"complete\"", "moves = [[0,1], [1,3]]")],
    );
    // Issue 38: every other malformed `moves` of an own variant file.
    for (name, moves) in [
        ("arcself", "moves = [[0,1], [1,1]]"),
        ("arcdup", "moves = [[0,1], [0,1]]"),
        ("arcnone", "moves = []"),
        ("arcpins", "moves = [[0,1], [3,0]]"),
        ("moveform", "moves = \"ring\""),
        ("moveint", "moves = 3"),
        ("starempty", "moves = \"star:\""),
        ("starname", "moves = \"star:x\""),
    ] {
        edit(name, &[("moves = \"complete\"", moves)]);
    }
    std::fs::write(
        d.join("m_two.toml"),
        "matrix = [[2,1],[0,1]]\ninitial = [1,1]\n",
    )
    .unwrap();
    edit("pinstrue", &[("pins = 3", "pins = true")]);
    edit("pins35", &[("pins = 3", "pins = 3.5")]);
    edit(
        "dupfn",
        &[(
            "[program]",
            "[functions.T]\nsource = \"x\"\nstart = [0]\ngoal = [2]\ncall = \"hanoi(n; 0, 1, 2)\"\n\n[program]",
        )],
    );
    let claim = |name: &str, fields: &str| {
        let text = format!(
            "document = \"x\"\ntitle = \"X\"\n\n[[claim]]\nid = \"c1\"\nsection = \"s\"\nstatement = \"st\"\n{fields}"
        );
        std::fs::write(d.join(format!("{name}.toml")), text).unwrap();
    };
    let asymptotic =
        "kind = \"asymptotic\"\ntarget = \"classic.T\"\nformula = \"2^n\"\nsamples = [10, 20]\n";
    claim("cl_tol", &format!("{asymptotic}tolerance = \"abc\"\n"));
    claim("cl_tol0", &format!("{asymptotic}tolerance = \"-0.5\"\n"));
    claim("cl_rel", "kind = \"bound\"\ntarget = \"classic.T\"\nrelation = \"=<\"\nformula = \"2^n\"\nn = \"1..10\"\n");
    claim(
        "cl_range",
        "kind = \"formula\"\ntarget = \"classic.T\"\nformula = \"2^n - 1\"\nn = \"10..1\"\n",
    );
    claim(
        "cl_at",
        "kind = \"value\"\ntarget = \"classic.T\"\nat = -3\nprinted = \"7\"\n",
    );
    claim("cl_corr", "kind = \"formula\"\ntarget = \"classic.T\"\nformula = \"2^n\"\nn = \"1..10\"\ncorrected = \"2^^n\"\n");
    // Issue 37: loops around calls, nested loops, guards below zero, sizes that grow.
    variant(
        "loopcall",
        "hanoi(n; X, Y, Z) = for i = 1..100000000 { hanoi(n-1; X, Y, Z) }, move(X, Z)",
        None,
    );
    variant(
        "nested",
        "hanoi(n; X, Y, Z) = for i = 1..100000 { for j = 1..100000 { move(X, Z) * (i + j) } }",
        None,
    );
    variant(
        "below",
        "hanoi(n; X, Y, Z) when n > -20000000 = hanoi(n-1; X, Z, Y), move(X, Z)",
        None,
    );
    variant(
        "grows",
        "hanoi(n; X, Y, Z) = hanoi(n+1; X, Z, Y), move(X, Z)",
        None,
    );
    // 10,000 functions (1 MB): loaded in time linear in the file.
    let mut many = classic.clone();
    for i in 0..10_000 {
        many.push_str(&format!(
            "\n[functions.F{i}]\nsummary = \"f\"\nsource = \"s\"\nstart = [0]\ngoal = [2]\ncall = \"hanoi(n; 0, 1, 2)\"\n"
        ));
    }
    std::fs::write(d.join("many_functions.toml"), many).unwrap();
    let claim = |name: &str, body: &str| {
        let text = format!(
            "document = \"t\"\ntitle = \"T\"\n\n[[claim]]\nid = \"x\"\nsection = \"s\"\nstatement = \"s\"\n{body}\n"
        );
        std::fs::write(d.join(format!("{name}.toml")), text).unwrap();
    };
    claim(
        "c_value",
        "kind = \"value\"\ntarget = \"classic.T\"\nat = 1000000000000\nprinted = \"1\"",
    );
    claim(
        "c_value8",
        "kind = \"value\"\ntarget = \"classic.T\"\nat = 100000000\nprinted = \"1\"",
    );
    claim(
        "c_table",
        "kind = \"table\"\ntarget = \"classic.T\"\nrows = [[9223372036854775807, \"1\"]]",
    );
    claim(
        "c_bound",
        "kind = \"bound\"\ntarget = \"classic.T\"\nrelation = \">=\"\nformula = \"0\"\nn = \"0..100000000\"",
    );
    claim(
        "c_fs",
        "kind = \"formula\"\ntarget = \"FS(n, 4)\"\nformula = \"FS(n, 4)\"\nn = \"0..1000000\"",
    );
    claim(
        "c_star",
        "kind = \"formula\"\ntarget = \"S(n)\"\nformula = \"S(n)\"\nn = \"0..100000000\"",
    );
    let square = |k: usize| {
        let row = format!("[{}]", vec!["1"; k].join(","));
        format!(
            "matrix = [{}]\ninitial = {row}\n",
            vec![row.as_str(); k].join(",")
        )
    };
    std::fs::write(d.join("m_dim.toml"), square(1000)).unwrap();
    std::fs::write(d.join("m_200.toml"), square(200)).unwrap();
    std::fs::write(
        d.join("m_digits.toml"),
        format!(
            "matrix = [[\"{}\", 1], [1, 1]]\ninitial = [1, 1]\n",
            "1".repeat(1_000_000)
        ),
    )
    .unwrap();
    let deep = format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let files: &[(&str, &[u8])] = &[
        ("deeptoml.toml", deep.as_bytes()),
        ("big.b", b"1000000000000 1\n"),
        ("b_bad.b", b"1 1\n2 x\n"),
        ("m_ok.toml", b"matrix = [[2,0],[1,1]]\ninitial = [1,1]\n"),
        ("m_ragged.toml", b"matrix = [[1,2],[3]]\ninitial = [1,1]\n"),
        ("m_noinit.toml", b"matrix = [[1]]\n"),
        ("m_syntax.toml", b"matrix = \n"),
        (
            "m_str.toml",
            b"matrix = [[1,1],[0,1]]\ninitial = [1,\"x\"]\n",
        ),
        ("m_empty.toml", b"matrix = []\ninitial = []\n"),
        ("m_json_syntax.json", b"{\"transfer_system\": [\n"),
        (
            "m_json_ragged.json",
            b"{\"transfer_system\": {\"matrix\": [[\"1\",\"2\"],[\"3\"]], \"initial\": [\"1\",\"1\"]}}",
        ),
        ("m_json_none.json", b"{\"id\": \"reves\", \"transfer_system\": null}"),
        (
            "m_json_first.json",
            b"{\"transfer_system\": {\"matrix\": [[1]], \"initial\": [1], \"first_n\": -1}}",
        ),
        (
            "m_big.toml",
            b"matrix = [[2,0],[1,99999999999999999999]]\ninitial = [1,1]\n",
        ),
        (
            "m_names.toml",
            b"matrix = [[2,0],[1,1]]\ninitial = [1,1]\nnames = [\"a\", \"a\"]\n",
        ),
        ("b_empty.b", b""),
        ("b_comments.b", b"# A000225\n\n# nothing else\n"),
        ("b_gap.b", b"0 0\n1 1\n3 7\n"),
        ("b_dup.b", b"0 0\n1 1\n1 1\n"),
        ("b_frac.b", b"0 0\n1 1.0\n"),
        ("v_min.toml", b"id = \"x\"\n"),
        ("v_syntax.toml", b"garbage [[["),
        ("v_bin.toml", &[0xff, 0xfe, 0x00, 0x80, 0x41, 0xc3]),
    ];
    for (name, bytes) in files {
        std::fs::write(d.join(name), bytes).unwrap();
    }
    d
}

/// Runs the binary under the limits; `None` when it had to be killed at the timeout.
fn run(args: &[String], stdout: Stdio) -> Option<(Option<i32>, String, Vec<u8>)> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000 2>/dev/null; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    // One reader per stream: reading them one after the other deadlocks on a full pipe.
    let mut err = child.stderr.take().unwrap();
    let mut out = child.stdout.take();
    let err_reader = std::thread::spawn(move || {
        let mut e = String::new();
        let _ = err.read_to_string(&mut e);
        e
    });
    let reader = std::thread::spawn(move || {
        let mut o = Vec::new();
        if let Some(out) = out.as_mut() {
            let _ = out.read_to_end(&mut o);
        }
        (err_reader.join().unwrap(), o)
    });
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let (e, o) = reader.join().unwrap();
            return Some((status.code(), e, o));
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// (arguments with `{D}` for the fixture folder, exit status, fragment of stderr)
const CASES: &[(&str, i32, &str)] = &[
    // Answers too large to print: refused at once from the growth rate.
    ("nth classic 1000000000000", 2, "--max-digits"),
    ("nth classic 9223372036854775807", 2, "--max-digits"),
    ("nth rainbow.DDD 100000000000", 2, "--max-digits"),
    ("nth {D}/mega.toml 1000000", 2, "--max-digits"),
    ("simulate classic -n 1000000000000", 2, "--max-digits"),
    (
        "table classic --n 9223372036854775807..9223372036854775807",
        2,
        "--max-digits",
    ),
    (
        "check classic.T 2^n-1 --n 1000000000000..1000000000000",
        2,
        "--max-digits",
    ),
    ("check classic.T 2^n-1 --n 1..1000000", 2, "--max-digits"),
    ("check classic.T --bfile {D}/big.b", 2, "--max-digits"),
    (
        "matrix {D}/m_ok.toml --nth 1000000000000",
        2,
        "--max-digits",
    ),
    // Runs with no end: refused from their size.
    ("simulate classic -n 200", 2, "--max-moves"),
    (
        "simulate classic -n 30 --trace --format json",
        2,
        "JSON trace",
    ),
    ("search reves -n 40", 2, "memory limit"),
    ("search antwerp -n 5 --count", 2, "state space has up to"),
    ("search classic -n 40 --memory-limit 1K", 2, "memory limit"),
    ("nth reves 6000000", 2, "memoised recursion"),
    ("nth {D}/loop.toml 5", 2, "loops would run"),
    // No silent wrap.
    (
        "nth classic 18446744073709551615",
        2,
        "at most 9223372036854775807",
    ),
    ("table classic --n 0..18446744073709551615", 2, "too large"),
    ("nth star 1300", 2, "overflows 64 bits"),
    // Issue 37: sizes checked before the work on every path.
    ("nth {D}/nested.toml 5", 2, "nested loops multiply"),
    ("nth {D}/below.toml 5", 2, "about 20000005 table entries"),
    ("nth {D}/grows.toml 5", 2, "table entries without end"),
    (
        "table {D}/grows.toml --n 1..5",
        2,
        "table entries without end",
    ),
    ("nth reves 5000000", 2, "(at most 1000000)"),
    // A split search that counts its parameter up one by one on 4 pins: refused after a
    // bounded walk of forwarding links, not after minutes or on memory.
    (
        "nth many-pin 1000000 --param p=4",
        2,
        "only pass a count on",
    ),
    ("matrix {D}/m_dim.toml", 2, "more than 128"),
    (
        "matrix {D}/m_200.toml --nth 100 --no-analysis",
        2,
        "more than 128",
    ),
    ("matrix {D}/m_digits.toml", 2, "the limit of an entry"),
    (
        "check FS(n,4) FS(n,4) --n 0..999999",
        2,
        "the limit of a claim check",
    ),
    (
        "check S(n) S(n) --n 0..999999",
        2,
        "the limit of a claim check",
    ),
    (
        "check classic.T 2^n-1 --n 100000000..100000000",
        2,
        "--max-digits",
    ),
    // No stack overflow.
    ("nth {D}/paren.toml 5", 2, "nested too deeply"),
    ("nth {D}/neg.toml 5", 2, "nested too deeply"),
    ("nth {D}/minn.toml 5", 2, "nested too deeply"),
    ("nth {D}/forn.toml 5", 2, "nested too deeply"),
    ("nth {D}/notn.toml 5", 2, "nested too deeply"),
    ("nth {D}/chain.toml 5", 2, "expression too deep"),
    ("nth {D}/deeptoml.toml 5", 2, "recursion limit"),
    // Ordinary bad input.
    ("nth nosuch 5", 2, "unknown variant"),
    ("nth {D}/nosuch.toml 5", 2, "no variant file `"),
    (
        "report --only /no/such/v.toml",
        2,
        "no variant file `/no/such/v.toml`",
    ),
    ("table clasic --n 1..3", 2, "nearest: classic"),
    ("check FS 2^n-1", 2, "FS(n, 4)"),
    ("nth many-pin.M[p 3", 2, "has no function `M[p`"),
    ("nth many-pin.M[p=] 3", 2, "value must be an integer"),
    ("nth classic. 3", 2, "no function after the dot"),
    ("nth classic.NOPE 5", 2, "has no function"),
    ("nth classic abc", 2, "expected a non-negative integer"),
    ("nth classic -5", 2, "unexpected argument"),
    ("nth classic 5 --format nope", 2, "invalid value"),
    ("table classic --n 5..2", 2, "A <= B"),
    ("table classic --n 0..100000000", 2, "range too large"),
    ("table classic --n a..b", 2, "expected a range"),
    (
        "simulate classic -n 5 --algorithm nosuch",
        2,
        "not an alternative",
    ),
    (
        "search classic -n 5 --memory-limit lots",
        2,
        "expected a size",
    ),
    ("nth classic 5 --param l", 2, "expected NAME=INTEGER"),
    (
        "nth classic 5 --param l=99999999999999999999",
        2,
        "must be an integer",
    ),
    ("nth turtle 5 --param l=1000000", 2, "pins"),
    ("matrix {D}/m_ragged.toml", 2, "dimension mismatch"),
    ("matrix {D}/m_noinit.toml", 2, "missing `initial"),
    ("matrix {D}/m_syntax.toml", 2, "malformed TOML"),
    ("matrix {D}/m_str.toml", 2, "expected an integer"),
    ("matrix {D}/m_empty.toml", 2, "empty matrix"),
    ("matrix {D}/m_json_syntax.json", 2, "malformed JSON"),
    ("matrix {D}/m_json_ragged.json", 2, "dimension mismatch"),
    ("matrix {D}/m_json_none.json", 2, "no transfer system"),
    ("matrix {D}/m_json_first.json", 2, "first_n"),
    ("growth nosuch", 2, "unknown variant"),
    ("growth classic.NOPE", 2, "has no function"),
    (
        "growth classic --format csv",
        2,
        "use human, json, md or tex",
    ),
    ("growth classic --param l", 2, "expected NAME=INTEGER"),
    ("growth classic --digits 0", 2, "invalid value"),
    ("matrix {D}/nosuch.toml", 2, "cannot read"),
    ("matrix {D}/m_ok.toml --digits 1000000000", 2, "--digits"),
    ("check classic.T --bfile {D}/b_bad.b", 2, "line 2"),
    ("check classic.T --bfile {D}/nosuch.b", 2, "nosuch.b"),
    (
        "check classic.T",
        2,
        "formula (or --bfile FILE) is required",
    ),
    ("check classic.T 2^^n", 2, "formula"),
    ("check classic.T 2^(2^40) --n 1..1", 2, "too large"),
    ("nth {D}/v_min.toml 3", 2, "missing field"),
    ("nth {D}/v_syntax.toml 3", 2, "v_syntax.toml"),
    ("nth {D}/v_bin.toml 3", 2, "UTF-8"),
    (
        "frame-stewart --pegs 4 --discs 1000000000000",
        2,
        "too large",
    ),
    ("frame-stewart --pegs 1000000 --discs 10", 2, "pegs"),
    ("star --discs 100000000000", 2, "too large"),
    ("bench nosuch", 2, "expected one of"),
    ("report --out /dev/null", 2, "not a folder"),
    ("claims nosuch", 2, "neither a variant"),
    ("show nosuch", 2, "unknown variant"),
    ("charpoly nosuch", 2, "unknown variant"),
    // Issue 37: every malformed field, division by zero and pin out of range refused with
    // its file, line and column (the classic file's lines: 8 pins, 9 moves, 18 start,
    // 19 goal, 20 call, 26 the program's clause).
    ("nth {D}/divz.toml 5", 2, "divz.toml:26:28: "),
    ("simulate {D}/divz.toml -n 3", 2, "division by zero"),
    ("nth {D}/modz.toml 5", 2, "modz.toml:26:58: "),
    ("nth {D}/calldiv.toml 5", 2, "calldiv.toml:20:16: "),
    (
        "nth {D}/pinsdiv.toml 5",
        2,
        "pinsdiv.toml:8:8: rules.pins: division by zero",
    ),
    ("nth {D}/movexx.toml 5", 2, "from a pin to itself"),
    (
        "nth {D}/start5.toml 5",
        2,
        "start5.toml:18:10: functions.T.start: pin 5",
    ),
    ("nth {D}/startm1.toml 5", 2, "startm1.toml:18:10: "),
    (
        "nth {D}/pins1.toml 5",
        2,
        "pins1.toml:19:9: functions.T.goal: pin 2",
    ),
    ("nth {D}/pins2.toml 5", 2, "pins2.toml:19:9: "),
    ("nth {D}/goal21.toml 5", 2, "goal21.toml:19:12: "),
    ("nth {D}/bases10.toml 5", 2, "bases10.toml:20:9: "),
    (
        "nth {D}/star7.toml 5",
        2,
        "star7.toml:9:9: rules.moves: the star's centre 7",
    ),
    (
        "nth {D}/arc3.toml 5",
        2,
        "arc3.toml:9:10: rules.moves: expected an arc [from, to]",
    ),
    ("nth {D}/arcneg.toml 5", 2, "arcneg.toml:9:10: "),
    ("nth {D}/arcneg2.toml 5", 2, "arcneg2.toml:9:17: "),
    (
        "nth {D}/arcout.toml 5",
        2,
        "arcout.toml:9:17: rules.moves: arc [1, 3]",
    ),
    (
        "nth {D}/pinstrue.toml 5",
        2,
        "pinstrue.toml:8:8: invalid type: boolean",
    ),
    (
        "nth {D}/pins35.toml 5",
        2,
        "expected an integer or an expression in quotes",
    ),
    ("nth {D}/dupfn.toml 5", 2, "dupfn.toml:23:1: "),
    ("claims --file {D}/cl_tol.toml", 2, "cl_tol.toml:12:14: "),
    (
        "claims --file {D}/cl_tol0.toml",
        2,
        "expected a positive number",
    ),
    ("claims --file {D}/cl_rel.toml", 2, "cl_rel.toml:10:13: "),
    ("claims --file {D}/cl_range.toml", 2, "cl_range.toml:11:6: "),
    ("claims --file {D}/cl_at.toml", 2, "cl_at.toml:10:6: "),
    ("claims --file {D}/cl_corr.toml", 2, "cl_corr.toml:12:"),
    ("check classic.T --bfile {D}/b_empty.b", 2, "no row"),
    ("check classic.T --bfile /dev/null", 2, "no row"),
    ("check classic.T --bfile {D}/b_comments.b", 2, "no row"),
    ("check classic.T --bfile {D}/b_gap.b", 2, "line 3"),
    ("check classic.T --bfile {D}/b_dup.b", 2, "line 3"),
    ("check classic.T --bfile {D}/b_frac.b", 2, "line 2"),
    ("matrix {D}/m_big.toml", 2, "m_big.toml:1:20: "),
    ("matrix {D}/m_names.toml", 2, "m_names.toml:3:15: "),
    (
        "check classic.T root(E^2-2,2,1) --n 1..3",
        2,
        "lower bound exceeds",
    ),
    ("nth turtle 5 --param l=3 --param l=4", 2, "--param l"),
    // Issue 38: the disc count given twice, or not at all.
    ("nth classic 5 -n 6", 2, "cannot be used with"),
    ("nth classic --n 5 -n 6", 2, "cannot be used multiple times"),
    ("nth classic", 2, "required arguments were not provided"),
    ("nth classic -n", 2, "a value is required"),
    ("nth classic -n x", 2, "expected a non-negative integer"),
    (
        "simulate classic -n 3 --discs 4",
        2,
        "cannot be used multiple times",
    ),
    (
        "search classic --discs 3 --n 3",
        2,
        "cannot be used multiple times",
    ),
    (
        "graph classic -n 3 --n 3",
        2,
        "cannot be used multiple times",
    ),
    ("star -n 3 --discs 4", 2, "cannot be used multiple times"),
    (
        "frame-stewart --pegs 4 -n 3 --n 4",
        2,
        "cannot be used multiple times",
    ),
    (
        "table classic -n 1..3 --n 2..4",
        2,
        "cannot be used multiple times",
    ),
    ("star -n 5..2", 2, "A <= B"),
    ("check classic.T 2^n-1 -n 5..2", 2, "A <= B"),
    // --quiet silences progress, not errors; it takes no value.
    ("--quiet nth nosuch 5", 2, "unknown variant"),
    ("claims nosuch -q", 2, "neither a variant"),
    ("search classic -n 3 --quiet=yes", 2, "unexpected value"),
];

/// Issue 38: an own variant's malformed `moves`, `search` tables and `matrix` formats it
/// cannot write: exit status 2, one line on stderr naming the problem (at the file's line
/// and column for a variant file), nothing on stdout, no record file written.
const OWN_VARIANT_CASES: &[(&str, &str)] = &[
    (
        "show {D}/arcself.toml",
        "arcself.toml:9:17: rules.moves: arc [1, 1]: an arc from a pin to itself",
    ),
    (
        "show {D}/arcdup.toml",
        "arcdup.toml:9:17: rules.moves: arc [0, 1]: listed twice",
    ),
    (
        "show {D}/arcnone.toml",
        "arcnone.toml:9:9: rules.moves: an empty list of arcs allows no move",
    ),
    (
        "show {D}/arcpins.toml",
        "arcpins.toml:9:17: rules.moves: arc [3, 0]: the pins are 0..2",
    ),
    (
        "show {D}/arc3.toml",
        "arc3.toml:9:10: rules.moves: expected an arc [from, to] of two pin numbers, e.g. [0, 1], found a list of 3 values",
    ),
    (
        "show {D}/arcneg.toml",
        "arcneg.toml:9:10: rules.moves: expected an arc [from, to] of two pin numbers, e.g. [0, 1]; a pin number is an integer from 0, found -1",
    ),
    (
        "show {D}/star7.toml",
        "star7.toml:9:9: rules.moves: the star's centre 7 is not a pin (the pins are 0..2)",
    ),
    (
        "show {D}/moveform.toml",
        "moveform.toml:9:9: rules.moves: expected complete, cycle, path, \"star:C\"",
    ),
    ("show {D}/moveint.toml", "moveint.toml:9:9: invalid type: integer `3`, expected complete, cycle, path"),
    (
        "show {D}/starempty.toml",
        "starempty.toml:9:9: rules.moves: \"star:\" needs its centre pin",
    ),
    (
        "show {D}/starname.toml",
        "starname.toml:9:9: rules.moves: the star's centre: unknown name `x`",
    ),
    (
        "search classic -n 1..3 --solution --record {D}/never.csv",
        "search -n 1..3: --solution is for one n",
    ),
    (
        "search classic -n 2 --format csv --halfway --record {D}/never.csv",
        "search --format csv: --halfway is for one n",
    ),
    (
        "search classic -n 1..3 --from 000 --record {D}/never.csv",
        "--from is for one n",
    ),
    (
        "search classic -n 3 --from 012 --record {D}/never.csv",
        "--record: a record row is the optimum of the function's own start and goal",
    ),
    (
        "search cyclic -n 3 --to tower:1 --record {D}/never.csv",
        "it cannot be kept for a search with --from or --to",
    ),
    (
        "search classic -n 3 --format bfile --layers --record {D}/never.csv",
        "--layers needs --format human, json, csv or md",
    ),
    ("search classic -n 5..2", "-n `5..2`: expected a range"),
    (
        "search classic -n 1..40 --record {D}/never.csv",
        ": the state space has up to",
    ),
    ("matrix {D}/m_two.toml --format csv", "--format csv is not available for `matrix`: use human, json or md"),
    ("matrix {D}/m_two.toml --format bfile", "--format bfile is not available for `matrix`"),
];

#[test]
fn own_variant_files_and_search_tables_are_refused_in_one_line() {
    let d = fixtures("own");
    let mut failures = Vec::new();
    for (line, fragment) in OWN_VARIANT_CASES {
        let args: Vec<String> = line
            .split(' ')
            .map(|a| a.replace("{D}", &d.display().to_string()))
            .collect();
        match run(&args, Stdio::piped()) {
            None => failures.push(format!("{line}: no answer within {TIMEOUT:?}")),
            Some((status, err, out)) => {
                let one_line = err.trim_end().lines().count() == 1 && err.starts_with("hanoilab: ");
                if status != Some(2) || !err.contains(fragment) || !one_line || !out.is_empty() {
                    failures.push(format!(
                        "{line}: exit {status:?}, stderr {err:?} (expected {fragment:?}), {} \
                         bytes on stdout",
                        out.len()
                    ));
                }
            }
        }
    }
    assert!(
        !d.join("never.csv").exists(),
        "a refused search writes no record"
    );
    let _ = std::fs::remove_dir_all(&d);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hostile_inputs_are_refused_cleanly() {
    let d = fixtures("cases");
    let mut failures = Vec::new();
    for (line, code, fragment) in CASES {
        let args: Vec<String> = line
            .split(' ')
            .map(|a| a.replace("{D}", &d.display().to_string()))
            .collect();
        match run(&args, Stdio::piped()) {
            None => failures.push(format!("{line}: no answer within {TIMEOUT:?}")),
            Some((status, err, out)) => {
                if status != Some(*code) || !err.contains(fragment) || err.contains("panicked") {
                    failures.push(format!(
                        "{line}: exit {status:?} (expected {code}), stderr {err:?} (expected \
                         {fragment:?}), {} bytes on stdout",
                        out.len()
                    ));
                }
            }
        }
    }
    assert!(CASES.len() >= 70);
    let _ = std::fs::remove_dir_all(&d);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Reads `keep` bytes of the command's output, then closes the pipe (`| head -c KEEP`):
/// the command must end quietly with exit status 0.
fn closed_pipe(args: &[&str], keep: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut buf = vec![0u8; keep];
    out.read_exact(&mut buf).unwrap();
    drop(out);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < TIMEOUT,
            "{args:?} did not end after its pipe closed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?} is quiet on a closed pipe: {err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    closed_pipe(&["nth", "classic", "1000000"], 10);
    closed_pipe(&["simulate", "classic", "-n", "16", "--trace"], 12);
    closed_pipe(
        &["frame-stewart", "--pegs", "3..30", "--discs", "1..300"],
        20,
    );
    closed_pipe(&["table", "classic", "--n", "1..3000", "--no-simulate"], 20);
    closed_pipe(&["star", "--discs", "1..20000"], 20);
    closed_pipe(&["list"], 5);
}

#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["nth", "classic", "10"][..],
        &["simulate", "classic", "-n", "10", "--trace"],
        &["list"],
        &["--help"],
        &["--version"],
        &["help", "nth"],
        &["show", "classic"],
        &["list", "--hanoivar"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (status, err, _) = run(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            Stdio::from(full),
        )
        .expect("ends");
        assert_eq!(status, Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A file the system cannot read (a device error, no permission) is a failure, exit status
/// 1; a file that is not there, a folder, or malformed content is the input, exit status 2.
/// Either way one line on stderr and nothing on stdout.
#[test]
fn an_unreadable_file_exits_1_where_a_malformed_one_exits_2() {
    let d = fixtures("unreadable");
    let expect = |line: &str, code: i32, fragment: &str| {
        let args: Vec<String> = line
            .split(' ')
            .map(|a| a.replace("{D}", &d.display().to_string()))
            .collect();
        let (status, err, out) = run(&args, Stdio::piped()).expect("ends");
        assert_eq!(status, Some(code), "{line}: {err}");
        assert!(err.contains(fragment), "{line}: {err} lacks {fragment}");
        assert_eq!(err.trim().lines().count(), 1, "{line}: one line: {err}");
        assert!(out.is_empty() && !err.contains("panicked"), "{line}: {err}");
    };
    let unreadable = |path: &str| {
        for (line, fragment) in [
            ("matrix {F}", "cannot read the matrix file"),
            ("nth {F} 3", "{F}"),
            ("check classic.T --bfile {F}", "--bfile {F}"),
            ("claims --file {F}", "cannot read the claim file"),
            ("guess {F}", "b-file {F}"),
        ] {
            expect(
                &line.replace("{F}", path),
                1,
                &fragment.replace("{F}", path),
            );
        }
    };
    // Reading a process's memory from offset 0 fails with EIO (the page is not mapped).
    if Path::new("/proc/self/mem").exists() {
        unreadable("/proc/self/mem");
    }
    // No permission (the superuser reads the file anyway: then nothing to test).
    let locked = d.join("locked.toml");
    std::fs::write(&locked, "x").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        if std::fs::read(&locked).is_err() {
            unreadable(&locked.display().to_string());
        }
    }
    for (line, fragment) in [
        ("matrix {D}/m_syntax.toml", "malformed TOML"),
        ("matrix {D}/nosuch.toml", "cannot read"),
        ("matrix {D}", "cannot read the matrix file"),
        ("nth {D}/v_syntax.toml 3", "v_syntax.toml"),
        ("check classic.T --bfile {D}/b_bad.b", "line 2"),
        ("check classic.T --bfile {D}/nosuch.b", "nosuch.b"),
        ("claims --file {D}/cl_tol.toml", "cl_tol.toml:12:14: "),
        (
            "claims --file {D}/nosuch.toml",
            "cannot read the claim file",
        ),
    ] {
        expect(line, 2, fragment);
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Claims past the limits of a claim check (issue 37) are answered at once: `unverifiable`,
/// naming the limit, nothing computed.
#[test]
fn claims_past_their_limits_are_unverifiable_at_once() {
    let d = fixtures("claims");
    for (file, limit) in [
        ("c_value", "the digit limit of a claim check"),
        ("c_value8", "the digit limit of a claim check"),
        ("c_table", "the digit limit of a claim check"),
        ("c_bound", "the limit of a claim check"),
        ("c_fs", "the limit of a claim check"),
        ("c_star", "the limit of a claim check"),
    ] {
        let path = d.join(format!("{file}.toml")).display().to_string();
        let (status, err, out) = run(&["claims".into(), "--file".into(), path], Stdio::piped())
            .unwrap_or_else(|| panic!("{file}: no answer within {TIMEOUT:?}"));
        let out = String::from_utf8_lossy(&out);
        assert_eq!(status, Some(0), "{file}: {err}");
        assert!(out.contains("[unverifiable]"), "{file}: {out}");
        assert!(out.contains(limit), "{file}: {out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// A loop whose body does not read its variable is counted once with its length as a
/// factor: `h(n) = 10^8 h(n-1) + 1` with `h(0) = 0`, so `h(3) = 10^16 + 10^8 + 1` (the
/// geometric sum), where walking the loop would hold 10^8 calls per invocation.
#[test]
fn a_loop_around_a_call_is_counted_without_walking_it() {
    let d = fixtures("loops");
    let path = d.join("loopcall.toml").display().to_string();
    let (status, err, out) = run(&["nth".into(), path, "3".into()], Stdio::piped()).expect("ends");
    assert_eq!(status, Some(0), "{err}");
    let expected = 10u128.pow(16) + 10u128.pow(8) + 1;
    assert_eq!(String::from_utf8(out).unwrap().trim(), expected.to_string());
    // 10,000 functions load in time linear in the file.
    let path = d.join("many_functions.toml").display().to_string();
    let (status, err, out) = run(&["nth".into(), path, "3".into()], Stdio::piped()).expect("ends");
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(String::from_utf8(out).unwrap().trim(), "7");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_cell_of_more_than_65536_characters_is_printed() {
    let (status, err, out) = run(
        &["table", "classic", "--n", "217703..217703", "--no-simulate"].map(String::from),
        Stdio::piped(),
    )
    .expect("ends");
    assert_eq!(status, Some(0), "{err}");
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("217703  "), "{}", &last[..40]);
    assert!(last.len() > 65_536);
}

/// xorshift64*: a small deterministic generator (fixed seeds: failures reproduce).
/// Rounds of a fuzz test: `default` in the ordinary suite; `HOSTILE_FUZZ_ROUNDS=N` for a
/// long run (README, "Limits and bad input": 10^5 rounds per target).
fn rounds(default: u64) -> u64 {
    std::env::var("HOSTILE_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
    /// Random tokens joined by spaces (or not).
    fn tokens(&mut self, alphabet: &[&str], max: usize) -> String {
        let len = self.below(max) + 1;
        let glue = if self.below(2) == 0 { " " } else { "" };
        (0..len)
            .map(|_| self.pick(alphabet))
            .collect::<Vec<_>>()
            .join(glue)
    }
    /// A mutation of `text`: deletions, duplications, insertions of tokens, replaced chars.
    fn mutate(&mut self, text: &str, alphabet: &[&str]) -> String {
        let mut s: Vec<char> = text.chars().collect();
        for _ in 0..self.below(4) + 1 {
            let at = self.below(s.len() + 1);
            match self.below(4) {
                0 if !s.is_empty() => {
                    let end = (at + self.below(8) + 1).min(s.len());
                    s.drain(at.min(end)..end);
                }
                1 if at < s.len() => {
                    let end = (at + self.below(30) + 1).min(s.len());
                    let piece: Vec<char> = s[at..end].to_vec();
                    s.splice(at..at, piece);
                }
                2 => {
                    let t: Vec<char> = self.pick(alphabet).chars().collect();
                    s.splice(at..at, t);
                }
                _ if at < s.len() => {
                    let t = self.pick(alphabet).chars().next().unwrap_or('x');
                    s[at] = t;
                }
                _ => {}
            }
        }
        s.into_iter().collect()
    }
}

const PROGRAM_TOKENS: &[&str] = &[
    "hanoi",
    "f",
    "(",
    ")",
    "n",
    "k",
    "-",
    "+",
    "*",
    "/",
    "%",
    "1",
    "2",
    "0",
    ";",
    ",",
    "X",
    "Y",
    "Z",
    "=",
    "move",
    "for",
    "i",
    "..",
    "downto",
    "{",
    "}",
    "when",
    "<",
    ">=",
    "==",
    "and",
    "or",
    "not",
    "min",
    "max",
    "pin",
    "[",
    "]",
    "reverse",
    "skip",
    "#",
    "\n",
    "pins",
    "9223372036854775807",
    "-9223372036854775808",
    "4611686018427387904",
];

#[test]
fn fuzz_program_parser_and_counter() {
    let seeds = [
        "hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, Z), hanoi(n-1; Y, X, Z)",
        "f(n, k; X, Y) when k < n = f(n, k + 1; X, Y)\nf(n, k; X, Y) = for i = 1..k { move(X, Y) }, f(n - k, 1; Y, X)",
        "f(n; X, Y, Z) = reverse f(n-1; X, Z, Y), move(X, pin[n % pins]) * 2, f(n - 1; Y, X, Z)",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut parsed = 0;
    let start = Instant::now();
    let total = rounds(3000);
    for round in 0..total {
        let text = if round % 3 == 0 {
            rng.tokens(PROGRAM_TOKENS, 40)
        } else {
            let seed = rng.pick(&seeds);
            rng.mutate(seed, PROGRAM_TOKENS)
        };
        if std::env::var_os("HOSTILE_TRACE").is_some() {
            eprintln!("program: {text:?}");
        }
        let t0 = Instant::now();
        program_round(&text, &mut parsed);
        if t0.elapsed() > Duration::from_millis(200) {
            eprintln!("slow program ({:?}): {text:?}", t0.elapsed());
        }
    }
    eprintln!(
        "programs: {total} inputs, {parsed} parsed, {:.1?}",
        start.elapsed()
    );
    assert!(parsed >= 40, "only {parsed} programs parsed");
}

/// One input of [`fuzz_program_parser_and_counter`]: parse, count, stream, transfer system.
fn program_round(text: &str, parsed: &mut u64) {
    use hanoilab::program::Program;
    {
        let Ok(p) = Program::parse(text) else {
            return;
        };
        *parsed += 1;
        let Some(first) = p.procedures.first() else {
            return;
        };
        let call = format!(
            "{}(n{}{})",
            first.name,
            ", 1".repeat(first.int_arity),
            if first.pin_arity > 0 {
                format!("; {}", vec!["0"; first.pin_arity].join(", "))
            } else {
                String::new()
            }
        );
        // Bounded work per input: recursions that make new keys (or frames) without end
        // are refused after 10^5 invocations (10^4 nested calls) instead of the library's
        // defaults of 2·10^6 (4·10^6), which took seconds each and made 10^5 rounds a
        // matter of hours. The same refusal paths run, only sooner.
        for n in [0i64, 1, 3, 6, i64::MAX] {
            let _ = p.count_bounded(&call, n, &[("pins", 3)], 100_000);
            if let Ok(moves) = p.moves(&call, n.min(6), &[("pins", 3)], 3) {
                let mut moves = moves.with_max_depth(10_000);
                let _ = moves.by_ref().take(10_000).count();
                if let Some(e) = moves.error() {
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        let _ = p.transfer_system(&[("pins", 3)], &Default::default());
    }
}

#[test]
fn fuzz_variant_loader() {
    use hanoilab::variants::{Params, Variant};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants");
    let seeds: Vec<String> = ["classic", "antwerp", "turtle", "rainbow", "star", "reves"]
        .iter()
        .map(|id| std::fs::read_to_string(dir.join(format!("{id}.toml"))).unwrap())
        .collect();
    let seeds: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let alphabet: Vec<&str> = PROGRAM_TOKENS
        .iter()
        .copied()
        .chain([
            "\"",
            "'",
            "[",
            "]",
            "=",
            "\n[rules]\n",
            "pins = ",
            "l",
            "-1",
            "999999",
        ])
        .collect();
    let mut rng = Rng(0x0dd_c0ff_ee15_600d);
    let mut loaded = 0;
    for _ in 0..rounds(600) {
        let seed = rng.pick(&seeds);
        let text = rng.mutate(seed, &alphabet);
        if std::env::var_os("HOSTILE_TRACE").is_some() {
            eprintln!("variant: {text:?}");
        }
        let Ok(v) = Variant::from_toml(&text, "fuzz.toml") else {
            continue;
        };
        loaded += 1;
        let params = Params::new();
        let f = v.default_function().name.clone();
        let _ = v.transfer_system(&params);
        for n in [0i64, 1, 2, 5, 300, 1 << 40] {
            // Sizes first, as the command line does.
            let cheap = matches!(
                v.count_cost(&f, n, &params),
                Ok(hanoilab::variants::CountCost::Matrix { log10 }) if log10 < 5000.0
            ) || n <= 5;
            if !cheap {
                continue;
            }
            if let Ok(c) = v.count(&f, n, &params) {
                if n <= 5 && c <= 100_000.into() {
                    let _ = v.simulate(&f, n, &params);
                }
            }
        }
    }
    assert!(loaded >= 30, "only {loaded} mutated variants loaded");
}

#[test]
fn fuzz_formula_parser_and_evaluator() {
    use hanoilab::literature::eval::{evaluate, NoSequences, Value};
    use hanoilab::literature::formula::parse;
    let tokens = [
        "n",
        "k",
        "2",
        "3",
        "10",
        "0",
        "^",
        "(",
        ")",
        "+",
        "-",
        "*",
        "/",
        "sqrt",
        "sum",
        "prod",
        "min",
        "max",
        "=",
        "..",
        ",",
        "floor",
        "ceil",
        "[",
        "]",
        "{",
        "}",
        "if",
        "<",
        "1.5",
        " ",
        "log",
        "99999999999999999999",
    ];
    let seeds = [
        "12*2^n - 8*n - 10",
        "((1 + sqrt 3)^(n+2) - (1 - sqrt 3)^(n+2)) / (4 sqrt 3) - 1",
        "sum(k = 1..n, 2^k)",
        "2^n - 1",
    ];
    let mut rng = Rng(0xfeed_face_cafe_beef);
    let mut parsed = 0;
    for round in 0..rounds(3000) {
        let text = if round % 2 == 0 {
            rng.tokens(&tokens, 25)
        } else {
            let seed = rng.pick(&seeds);
            rng.mutate(seed, &tokens)
        };
        if std::env::var_os("HOSTILE_TRACE").is_some() {
            eprintln!("formula: {text}");
        }
        if let Ok(e) = parse(&text) {
            parsed += 1;
            for n in [0i64, 1, 7] {
                let t0 = Instant::now();
                let _ = evaluate(&e, &[("n", Value::int(n))], &NoSequences);
                if t0.elapsed() > Duration::from_millis(500) {
                    eprintln!("slow formula ({:?}) at n = {n}: {text}", t0.elapsed());
                }
            }
        }
    }
    assert!(parsed >= 100, "only {parsed} formulas parsed");
}

#[test]
fn fuzz_matrix_reader() {
    use hanoilab::algebra::MatrixAnalysis;
    use hanoilab::algebra::MatrixFile;
    let tokens = [
        "[",
        "]",
        ",",
        "1",
        "0",
        "-1",
        "2",
        "\"7\"",
        "\"x\"",
        "matrix",
        "initial",
        "names",
        "=",
        "\n",
        "[[",
        "]]",
        "99999999999999999999",
        "1.5",
        "true",
        "\"a\"",
    ];
    let seeds = [
        "matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]\ninitial = [6, 2, 2, 3, 1]\nnames = [\"T33\", \"T31\", \"T13\", \"T11\", \"1\"]\n",
        "matrix = [[2,0],[1,1]]\ninitial = [1,1]\n",
        "matrix = [[1,1],[1,0]]\ninitial = [\"1\", \"0\"]\n",
    ];
    let mut rng = Rng(0xabad_1dea_5eed_0001);
    let mut parsed = 0;
    for round in 0..rounds(1500) {
        let text = if round % 3 == 0 {
            rng.tokens(&tokens, 30)
        } else {
            let seed = rng.pick(&seeds);
            rng.mutate(seed, &tokens)
        };
        if let Ok(m) = MatrixFile::parse(&text) {
            parsed += 1;
            if m.matrix.rows() <= 5 {
                let _ = MatrixAnalysis::with_nth(m.matrix, m.initial, m.names, 10, Some(5));
            }
        }
    }
    assert!(parsed >= 20, "only {parsed} matrix files parsed");
}

/// Claim files (`claims --file`): mutations of one claim of every kind, taken from the
/// built-in claim files. Loading and validating must never panic; a claim that loads is
/// checked (its checker refuses what is too expensive by size), except for `search` claims
/// whose mutated n could ask for a record-size search (the CLI's search budget covers them,
/// and the table of bad inputs runs them through the binary).
#[test]
fn fuzz_claim_files() {
    use hanoilab::literature::check::{check_claim, validate_claims};
    use hanoilab::literature::claims::load_claim_file;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/literature");
    let picks = [
        ("lunnon", "classic.closed-form"),
        ("lunnon", "cyclic.initial-values"),
        ("lunnon", "cyclic.x"),
        ("lunnon", "rainbow.matrix"),
        ("lunnon", "rainbow.charpoly"),
        ("lunnon", "antwerp.n1"),
        ("lunnon", "rainbow.three-never-shorter.DDD"),
        ("lunnon", "classic.period-3-table"),
        ("lunnon", "rainbow.two-subproblems-optimal"),
        ("sniedovich", "theorem5"),
        ("stockmeyer", "theorem1.triangular-approximation"),
        ("wikipedia", "binary.example-216"),
        ("chapla", "classic.least-moves"),
    ];
    let mut seeds = vec![];
    for (file, id) in picks {
        let text = std::fs::read_to_string(dir.join(format!("{file}.toml"))).unwrap();
        let block = text
            .split("[[claim]]")
            .find(|b| b.contains(&format!("id = \"{id}\"")))
            .unwrap_or_else(|| panic!("{file}.toml has no claim {id}"));
        seeds.push(format!(
            "document = \"fuzz\"\ntitle = \"Fuzz\"\n\n[[claim]]{}",
            block.split("\n# ").next().unwrap_or(block)
        ));
    }
    let seeds: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let alphabet = [
        "\"",
        "=",
        "\n",
        "[",
        "]",
        ",",
        "..",
        "n",
        "1",
        "0",
        "-1",
        "99",
        "1000000",
        "2^n",
        "kind",
        "formula",
        "search",
        "trace",
        "table",
        "value",
        "bound",
        "asymptotic",
        "classic.T",
        "rainbow.DDD",
        "reves.FS",
        "x",
        "(",
        ")",
        "sqrt",
        "^",
        "/",
        "<=",
        "18446744073709551616",
        "9223372036854775807",
    ];
    let mut rng = Rng(0xc1a1_35f1_1e5e_ed01);
    let (mut loaded, mut checked) = (0, 0);
    let t0 = Instant::now();
    for _ in 0..rounds(400) {
        let seed = rng.pick(&seeds);
        let text = rng.mutate(seed, &alphabet);
        if std::env::var_os("HOSTILE_TRACE").is_some() {
            eprintln!("claims: {text:?}");
        }
        let Ok(claims) = load_claim_file("fuzz.toml", &text) else {
            continue;
        };
        loaded += 1;
        if validate_claims(&claims).is_err() {
            continue;
        }
        for c in &claims {
            if c.kind_name() != "search" {
                let _ = check_claim(c);
                checked += 1;
            }
        }
    }
    assert!(loaded >= 40, "only {loaded} mutated claim files loaded");
    assert!(checked >= 20, "only {checked} claims checked");
    eprintln!(
        "fuzz_claim_files: {loaded} loaded, {checked} checked in {:?}",
        t0.elapsed()
    );
}

/// `nth --log10 --digits K` past `--max-digits` (the certified route: modular powering and a
/// float interval) against the exact value printed by plain `nth`.
#[test]
fn nth_log10_and_digits_agree_with_the_exact_value() {
    let bin = env!("CARGO_BIN_EXE_hanoilab");
    let out = |args: &[&str]| {
        let o = std::process::Command::new(bin).args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    for (variant, n) in [
        ("classic", "777"),
        ("classic", "3000"),
        ("antwerp", "400"),
        ("cyclic", "500"),
    ] {
        let exact = out(&["nth", variant, n]);
        let exact = exact.trim();
        let text = out(&[
            "nth",
            variant,
            n,
            "--log10",
            "--digits",
            "12",
            "--max-digits",
            "10",
        ]);
        let field = |key: &str| {
            text.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.rsplit(": ").next())
                .unwrap_or_else(|| panic!("no {key} in {text}"))
                .to_string()
        };
        assert!(exact.ends_with(&field("last 12")), "{text}");
        let lead = field("leading");
        assert!(lead.len() >= 6 && exact.starts_with(&lead), "{text}");
        assert_eq!(field("digits"), exact.len().to_string());
        // log10 of the exact value from its first 15 digits (error < 1e-13).
        let m: f64 = format!("0.{}", &exact[..15]).parse().unwrap();
        let want = m.log10() + exact.len() as f64;
        let line = text.lines().find(|l| l.starts_with("log10")).unwrap();
        let got: f64 = line[7..].split(' ').next().unwrap().parse().unwrap();
        let bound: f64 = line
            .split("at most ")
            .nth(1)
            .unwrap()
            .trim_end_matches(')')
            .parse()
            .unwrap();
        assert!((got - want).abs() <= bound + 1e-12, "{line} vs {want}");
    }
}

/// Issue 37: checkpoints and the disk search's layer files, damaged or forged.
mod damaged_checkpoints {
    use super::{rounds, run, Rng};
    use hanoilab::search::{
        bidirectional_search, disk_search, search, Checkpointing, DiskOptions, Progress,
        SearchError, SearchOptions,
    };
    use hanoilab::variants::{Params, Variant};
    use std::path::{Path, PathBuf};
    use std::process::Stdio;
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    fn puzzle(variant: &str, function: &str, n: i64) -> hanoilab::puzzle::Puzzle {
        Variant::load(variant)
            .unwrap()
            .puzzle(function, n, &Params::new())
            .unwrap()
    }

    fn fresh(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hanoilab-damaged-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The checkpoint's checksum, as the file format defines it (a word-wise hash of
    /// everything before it): written again after an edit, as a forger would.
    fn reseal(bytes: &mut [u8]) {
        let body = bytes.len() - 8;
        let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
        let words = body / 8;
        for c in bytes[..8 * words].chunks_exact(8) {
            let w = u64::from_le_bytes(c.try_into().unwrap());
            h = (h.rotate_left(23) ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
        for &b in &bytes[8 * words..body] {
            h = (h.rotate_left(7) ^ b as u64).wrapping_mul(0x94D0_49BB_1331_11EB);
        }
        h ^= (body % 8) as u64;
        bytes[body..].copy_from_slice(&h.to_le_bytes());
    }

    /// Where the header line ends (the first table's length word follows).
    fn header_end(bytes: &[u8]) -> usize {
        let mut lines = bytes.iter().enumerate().filter(|(_, &b)| b == b'\n');
        lines.nth(1).unwrap().0 + 1
    }

    /// A checkpoint with its header's JSON changed by `edit` (the checksum not yet
    /// recomputed).
    fn with_header(bytes: &[u8], edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
        let magic = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        let end = header_end(bytes);
        let mut h: serde_json::Value = serde_json::from_slice(&bytes[magic..end - 1]).unwrap();
        edit(&mut h);
        let mut out = bytes[..magic].to_vec();
        out.extend(serde_json::to_vec(&h).unwrap());
        out.push(b'\n');
        out.extend(&bytes[end..]);
        out
    }

    /// The library's checkpoint of `search {variant}.{function} -n n {flags}` after the
    /// layer at depth 3, in `dir`.
    fn checkpoint(dir: &Path, p: &hanoilab::puzzle::Puzzle, o: &SearchOptions, meet: bool) {
        let ck = Checkpointing::new(dir, "test");
        let stop = AtomicBool::new(false);
        let hook = |pr: Progress| {
            if pr.depth >= 3 {
                stop.store(true, Relaxed);
            }
        };
        let run = SearchOptions {
            checkpoint: Some(&ck),
            stop: Some(&stop),
            progress: Some(&hook),
            ..*o
        };
        let e = match meet {
            true => bidirectional_search(p, &run).map(|_| ()).unwrap_err(),
            false => search(p, &run).map(|_| ()).unwrap_err(),
        };
        assert!(matches!(e, SearchError::Interrupted { .. }), "{e}");
    }

    /// The library's layer files of a disk search stopped after the layer at depth 4, in
    /// `dir/layers`.
    fn layers(dir: &Path, p: &hanoilab::puzzle::Puzzle, count: bool) {
        let stop = AtomicBool::new(false);
        let hook = |pr: Progress| {
            if pr.depth == 4 {
                stop.store(true, Relaxed);
            }
        };
        let o = DiskOptions {
            progress: Some(&hook),
            stop: Some(&stop),
            resumable: true,
            count,
            ..DiskOptions::new(dir, 0)
        };
        let e = disk_search(p, &o).map(|_| ()).unwrap_err();
        assert!(matches!(e, SearchError::Interrupted { .. }), "{e}");
    }

    fn copy_dir(from: &Path, to: &Path) {
        let _ = std::fs::remove_dir_all(to);
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            if e.path().is_dir() {
                copy_dir(&e.path(), &to.join(e.file_name()));
            } else {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }

    /// The binary with `args`: exit status, stderr, stdout.
    fn cli(args: &[&str]) -> (Option<i32>, String, String) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (status, err, out) = run(&args, Stdio::piped()).expect("ends in time");
        (status, err, String::from_utf8_lossy(&out).into_owned())
    }

    /// Refused: exit 2, one line naming the damage, no panic.
    fn assert_refused(what: &str, (status, err, out): &(Option<i32>, String, String)) {
        assert_eq!(*status, Some(2), "{what}: {err}{out}");
        assert!(err.contains("damaged checkpoint"), "{what}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{what}: {err}");
        assert!(!err.contains("panicked"), "{what}: {err}");
    }

    /// The reproducers on the command line: the disk search's last layer
    /// truncated, a byte flipped, another layer copied over it, the manifest's size edited;
    /// a bitset checkpoint with a flipped byte and with edited layer sizes, its checksum
    /// recomputed; each refused with exit 2 and a one-line message.
    #[test]
    fn damaged_checkpoints_and_layer_files_are_refused_by_the_command_line() {
        let dir = fresh("cli");
        let p = puzzle("reves", "FS", 9);
        let disk = dir.join("disk");
        std::fs::create_dir_all(&disk).unwrap();
        layers(&disk, &p, false);
        let saved = dir.join("disk-saved");
        copy_dir(&disk, &saved);
        let d = disk.to_str().unwrap();
        let resume = [
            "search",
            "reves.FS",
            "-n",
            "9",
            "--memory-limit",
            "1K",
            "--resume",
            d,
        ];
        let l = disk.join("layers");
        type Edit<'a> = (&'a str, Box<dyn Fn() + 'a>);
        let edits: [Edit; 4] = [
            (
                "truncated last layer",
                Box::new(|| {
                    let b = std::fs::read(l.join("layer-4")).unwrap();
                    std::fs::write(l.join("layer-4"), &b[..b.len() - 8]).unwrap();
                }),
            ),
            (
                "flipped byte",
                Box::new(|| {
                    let mut b = std::fs::read(l.join("layer-4")).unwrap();
                    b[9] ^= 0x10;
                    std::fs::write(l.join("layer-4"), &b).unwrap();
                }),
            ),
            (
                "copied layer",
                Box::new(|| {
                    std::fs::copy(l.join("layer-3"), l.join("layer-4")).unwrap();
                }),
            ),
            (
                "edited manifest size",
                Box::new(|| {
                    let m = std::fs::read_to_string(l.join("manifest.json")).unwrap();
                    let at = m.find("\"sizes\":[1,").unwrap() + "\"sizes\":[".len();
                    let edited = format!("{}2{}", &m[..at], &m[at + 1..]);
                    std::fs::write(l.join("manifest.json"), edited).unwrap();
                }),
            ),
        ];
        for (what, edit) in &edits {
            copy_dir(&saved, &disk);
            edit();
            assert_refused(what, &cli(&resume));
        }
        copy_dir(&saved, &disk);
        let (status, err, out) = cli(&resume);
        assert_eq!(status, Some(0), "{err}");
        let (_, _, plain) = cli(&["search", "reves.FS", "-n", "9"]);
        assert_eq!(out, plain);

        for count in [false, true] {
            let ck = dir.join(format!("ck-{count}"));
            let o = SearchOptions {
                count,
                ..Default::default()
            };
            checkpoint(&ck, &p, &o, false);
            let file = ck.join("checkpoint");
            let good = std::fs::read(&file).unwrap();
            let c = ck.to_str().unwrap();
            let mut args = vec!["search", "reves.FS", "-n", "9", "--resume", c];
            if count {
                args.push("--count");
            }
            let mut flipped = good.clone();
            flipped[header_end(&good) + 8 + 5] ^= 0x04;
            reseal(&mut flipped);
            std::fs::write(&file, &flipped).unwrap();
            assert_refused("flipped byte, checksum recomputed", &cli(&args));
            // A layer size and the states edited to agree, the checksum recomputed.
            let mut edited = with_header(&good, |h| {
                h["sizes"][1] = (h["sizes"][1].as_u64().unwrap() + 1).into();
                h["states"] = (h["states"].as_u64().unwrap() + 1).into();
            });
            reseal(&mut edited);
            std::fs::write(&file, &edited).unwrap();
            assert_refused("edited layer sizes, checksum recomputed", &cli(&args));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Refused cleanly (exit 2, a one-line message about the checkpoint, no panic), or the
    /// answer of the undamaged run.
    fn refused_or_same(what: &str, got: &(Option<i32>, String, String), answer: &str) {
        let (status, err, out) = got;
        match status {
            Some(2) => {
                assert!(err.contains("checkpoint"), "{what}: {err}");
                assert_eq!(err.trim().lines().count(), 1, "{what}: {err}");
            }
            Some(0) => assert_eq!(out, answer, "{what}"),
            _ => panic!("{what}: {status:?} {err}"),
        }
        assert!(!err.contains("panicked"), "{what}: {err}");
    }

    /// Fuzz target "checkpoints": real bitset and counting checkpoints, damaged at random —
    /// truncated, a byte flipped, a run of bytes copied over another, a bit of the visited
    /// bitset flipped with the checksum recomputed, a layer size (with the states) or the
    /// goal's depth edited with the checksum recomputed — and resumed by the binary.
    #[test]
    fn fuzz_checkpoints() {
        let dir = fresh("fuzz-ck");
        let p = puzzle("reves", "FS", 7);
        let mut cases = Vec::new();
        for count in [false, true] {
            let ck = dir.join(format!("ck-{count}"));
            let o = SearchOptions {
                count,
                ..Default::default()
            };
            checkpoint(&ck, &p, &o, false);
            let mut args = vec!["search", "reves.FS", "-n", "7"];
            if count {
                args.push("--count");
            }
            let answer = cli(&args).2;
            let good = std::fs::read(ck.join("checkpoint")).unwrap();
            cases.push((ck, args, answer, good));
        }
        let mut rng = Rng(0x37_c4ec_5eed);
        for round in 0..rounds(24) {
            let (ck, args, answer, good) = &cases[rng.below(cases.len())];
            let mut bad = good.clone();
            let body = header_end(good);
            let kind = rng.below(5);
            match kind {
                0 => bad.truncate(rng.below(good.len())),
                1 => {
                    let at = rng.below(good.len());
                    bad[at] ^= 1 << rng.below(8);
                }
                2 => {
                    let len = 8 + rng.below(56);
                    let from = rng.below(good.len() - len);
                    let to = rng.below(good.len() - len);
                    bad.copy_within(from..from + len, to);
                }
                3 => {
                    // The visited bitset: the first table (its length word first).
                    let words = u64::from_le_bytes(good[body..body + 8].try_into().unwrap());
                    let at = body + 8 + rng.below(8 * words as usize);
                    bad[at] ^= 1 << rng.below(8);
                    reseal(&mut bad);
                }
                _ => {
                    let i = 1 + rng.below(3);
                    let field = rng.below(2);
                    bad = with_header(good, |h| match field {
                        0 => {
                            h["sizes"][i] = (h["sizes"][i].as_u64().unwrap() + 1).into();
                            h["states"] = (h["states"].as_u64().unwrap() + 1).into();
                        }
                        _ => h["found"] = (i as u64).into(),
                    });
                    reseal(&mut bad);
                }
            }
            std::fs::create_dir_all(ck).unwrap();
            std::fs::write(ck.join("checkpoint"), &bad).unwrap();
            let c = ck.to_str().unwrap();
            let resume = [&args[..], &["--resume", c]].concat();
            let what = format!("round {round}, damage {kind}");
            refused_or_same(&what, &cli(&resume), answer);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Fuzz target "layer files": a disk search's layers (with and without counts), a file
    /// truncated, a byte of it flipped, another file copied over it, or a digit of the
    /// manifest changed, at random, and resumed by the binary.
    #[test]
    fn fuzz_layer_files() {
        let dir = fresh("fuzz-layers");
        let p = puzzle("reves", "FS", 7);
        let mut cases = Vec::new();
        for count in [false, true] {
            let disk = dir.join(format!("disk-{count}"));
            std::fs::create_dir_all(&disk).unwrap();
            layers(&disk, &p, count);
            let saved = dir.join(format!("saved-{count}"));
            copy_dir(&disk, &saved);
            let mut args = vec!["search", "reves.FS", "-n", "7"];
            if count {
                args.push("--count");
            }
            let answer = cli(&args).2;
            cases.push((disk, saved, args, answer));
        }
        let mut rng = Rng(0x1a7e_f11e5);
        for round in 0..rounds(24) {
            let (disk, saved, args, answer) = &cases[rng.below(cases.len())];
            copy_dir(saved, disk);
            let l = disk.join("layers");
            let mut files: Vec<PathBuf> = std::fs::read_dir(&l)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            let f = &files[rng.below(files.len())];
            let mut b = std::fs::read(f).unwrap();
            let kind = rng.below(4);
            match kind {
                0 => b.truncate(rng.below(b.len())),
                1 => {
                    let at = rng.below(b.len());
                    b[at] ^= 1 << rng.below(8);
                }
                2 => b = std::fs::read(&files[rng.below(files.len())]).unwrap(),
                _ => {
                    let m = l.join("manifest.json");
                    b = std::fs::read(&m).unwrap();
                    let digits: Vec<usize> =
                        (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
                    let at = digits[rng.below(digits.len())];
                    b[at] = b'0' + (b[at] - b'0' + 1 + rng.below(9) as u8) % 10;
                    std::fs::write(&m, &b).unwrap();
                }
            }
            if kind != 3 {
                std::fs::write(f, &b).unwrap();
            }
            let d = disk.to_str().unwrap();
            let resume = [&args[..], &["--memory-limit", "1K", "--resume", d]].concat();
            let what = format!("round {round}, damage {kind} of {}", f.display());
            refused_or_same(&what, &cli(&resume), answer);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Many_Pin on 62 pins: every row of a table is counted (its memo no longer fills with the
/// split search's links, which left rows from n = 260 on empty), the counts are the
/// Frame–Stewart numbers by the independent route of `sequences::frame_stewart`, and the
/// simulations stop at the table's budget of interpreted steps with empty cells, never an
/// error.
#[test]
fn many_pin_on_62_pins_counts_every_row_of_a_table() {
    use hanoilab::facts::{count_rows, SearchBudget};
    use hanoilab::variants::{Params, Variant};
    let v = Variant::builtin("many-pin").unwrap();
    let mut params = Params::new();
    params.insert("p".into(), 62);
    let budget = SearchBudget {
        max_states: 0,
        count_states: 0,
        memory: None,
        generic_memory: None,
        threads: 1,
    };
    let rows = count_rows(
        &v,
        &["M".to_string()],
        "M",
        &params,
        250..=300,
        Some(50_000_000),
        &budget,
    );
    let mut simulated = 0;
    for r in &rows {
        let fs = hanoilab::sequences::frame_stewart::frame_stewart(r.n, 62).unwrap();
        assert_eq!(r.counts[0].as_ref(), Some(&fs), "n = {}", r.n);
        match &r.simulated {
            Some(Ok(moves)) => {
                assert_eq!(num_bigint::BigInt::from(*moves), fs);
                simulated += 1;
            }
            Some(Err(e)) => panic!("n = {}: {e}", r.n),
            None => {}
        }
    }
    assert!(simulated > 0);
}

/// The plots drawn from a search refuse bad input with one line and exit status 2, and
/// write nothing: an unknown kind, an n beyond the plot's search budget, a range where one
/// n is searched, a bad extension, a path that cannot be written.
#[cfg(feature = "plots")]
#[test]
fn search_plots_refuse_bad_input_and_write_nothing() {
    let d = std::env::temp_dir().join(format!("hanoilab-hostile-plots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let at = |name: &str| d.join(name).display().to_string();
    let (svg, txt) = (at("p.svg"), at("p.txt"));
    // A file where a folder is expected: nothing can be written under it.
    std::fs::write(d.join("file"), "").unwrap();
    let under_file = at("file/p.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["classic.T", "--kind", "bogus"],
            "invalid value 'bogus'",
        ),
        (
            vec!["classic.T", "--kind", "layers", "--n", "30"],
            "beyond the search budget",
        ),
        (
            vec!["classic.T", "--kind", "optimum", "--n", "30..31"],
            "beyond the search budget",
        ),
        (
            vec!["classic.T", "--kind", "layers", "--n", "1..4"],
            "draws one n",
        ),
        (
            vec!["classic.T,star.S", "--kind", "optimum", "--n", "1..4"],
            "one target",
        ),
    ];
    for (args, fragment) in cases {
        let mut full: Vec<String> = vec!["plot".into()];
        full.extend(args.iter().map(|s| s.to_string()));
        full.extend(["-o".into(), svg.clone()]);
        let (status, err, out) = run(&full, Stdio::piped()).expect("answers");
        assert_eq!(status, Some(2), "{full:?}: {err}");
        assert!(err.contains(fragment), "{full:?}: {err}");
        assert!(!err.contains("panicked") && out.is_empty(), "{full:?}");
        if !fragment.starts_with("invalid value") {
            // (clap's own message for an unknown value has its list of values below)
            assert_eq!(
                err.trim_end().lines().count(),
                1,
                "{full:?}: one line: {err}"
            );
        }
    }
    for (path, fragment) in [(&txt, ".svg or .png"), (&under_file, "no folder")] {
        let full: Vec<String> = [
            "plot",
            "classic.T",
            "--kind",
            "layers",
            "--n",
            "3",
            "-o",
            path,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (status, err, _) = run(&full, Stdio::piped()).expect("answers");
        assert_eq!(status, Some(2), "{full:?}: {err}");
        assert!(err.contains(fragment), "{full:?}: {err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{full:?}: one line: {err}"
        );
    }
    let mut left: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, vec!["file"], "nothing written");
    std::fs::remove_dir_all(&d).unwrap();
}
