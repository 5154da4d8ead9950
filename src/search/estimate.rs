//! Memory estimates of the dense routes from a pilot: the same search on the same puzzle
//! with its smallest discs removed.
//!
//! The bitsets of a dense search are sized by the index space and known exactly; what they
//! do not tell is the width of the layers, which decides whether frontiers are lists or
//! bitsets and how many counts (and how many limbs per count) are live at once. Those differ
//! by orders of magnitude between puzzles of the same index space (the 4-peg puzzle's widest
//! layers hold 6–9% of its space, the 4-post cyclic puzzle's well under 1%), so no formula
//! of the space alone comes within 25% of both. The pilot measures the layer profile on
//! `m - 1` and `m` discs (`m < n`, each pilot at most a sixteenth of the space and `2^20`
//! indices: a few percent of the run at most, a fraction of a second), and the estimate
//! replays the route's memory, layer by layer, on that profile carried to `n` discs: the
//! states grow by `g` per disc and the depth by `h` (both measured from `m - 1` to `m`), the
//! widest layer by its own growth measured over up to three discs (smaller pilots, on
//! `m - 3 .. m`; the last disc's growth when larger, for a pilot wide enough), and the
//! pilot's layers are reshaped (`l -> c l^a`) to that widest layer and that sum. A uniform widening by `g/h` kept the shape, which sharpens with n on
//! Classic (widest layer 2x a disc, mean 1.5x) and Reve's puzzle near a jump of its depth;
//! the bits of a count grow with the depth, from the pilot's to the run's and along the
//! run. The run still checks what it holds against the limit as it goes.

use super::checkpoint::Route;
use super::counting::{pushes, ranked_bytes};
use super::dense::DenseSpace;
use super::frontier::{table_bytes, LIST_CHUNK};
use super::retrace::Marks;
use super::{SearchOptions, SearchResult, SearchStats};
use crate::puzzle::{Config, Puzzle};

/// Largest pilot index space.
const PILOT_SPACE: u64 = 1 << 20;
/// Largest pilot space as a fraction of the searched one (`space / PILOT_SHARE`).
const PILOT_SHARE: u64 = 16;
/// Spaces below this are estimated without a pilot (a pilot would cost more than the run's
/// memory matters).
pub(super) const MIN_PILOT: u64 = 1 << 12;

/// `puzzle` without its `k` smallest discs (by size; ids renumbered in order), or `None`
/// when nothing would be left.
pub(super) fn fewer_discs(puzzle: &Puzzle, k: usize) -> Option<Puzzle> {
    let mut sizes: Vec<u32> = puzzle.discs.iter().map(|d| d.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let cut = *sizes.get(k)?;
    let keep: Vec<bool> = puzzle.discs.iter().map(|d| d.size >= cut).collect();
    let mut id = vec![u32::MAX; puzzle.discs.len()];
    let mut next = 0u32;
    for (i, &kept) in keep.iter().enumerate() {
        if kept {
            id[i] = next;
            next += 1;
        }
    }
    let map = |c: &Config| Config {
        pins: c
            .pins
            .iter()
            .map(|st| {
                st.iter()
                    .filter(|&&d| keep[d as usize])
                    .map(|&d| id[d as usize])
                    .collect()
            })
            .collect(),
        colours: c
            .colours
            .iter()
            .zip(&keep)
            .filter(|(_, &k)| k)
            .map(|(&c, _)| c)
            .collect(),
    };
    Some(Puzzle {
        pins: puzzle.pins,
        discs: puzzle
            .discs
            .iter()
            .zip(&keep)
            .filter(|(_, &k)| k)
            .map(|(d, _)| d.clone())
            .collect(),
        rules: puzzle.rules.clone(),
        bases: puzzle.bases.clone(),
        start: map(&puzzle.start),
        goal: map(&puzzle.goal),
    })
}

/// What a pilot search saw.
struct Pilot {
    layers: Vec<u64>,
    states: u64,
    count_bits: u64,
    /// Keys per state of the counting route's push pass.
    keys_per_state: f64,
    /// Whether it stopped at the goal (the goal's layer is then never expanded).
    stopped: bool,
}

/// The layer profile predicted for the full run, and the bits of its largest count.
pub(super) struct Profile {
    /// Predicted layer sizes (the pilot's layers, widened).
    pub layers: Vec<f64>,
    /// How many layers of the full run each stands for (the runs deepen with n as well).
    pub repeat: f64,
    /// Predicted bits of the largest count of a state.
    pub count_bits: f64,
    /// Keys the counting route's push pass sorts per state of the layer it finds (moves
    /// into it from the layer before), as the pilot measured.
    pub keys_per_state: f64,
    /// Whether the run stops at the goal's layer without expanding it.
    pub stops_at_goal: bool,
}

/// One pilot search by a route: its result and figures (the most bits of a state's count,
/// the keys pushed).
pub(super) type PilotRun =
    dyn Fn(&Puzzle, &SearchOptions, Route) -> Option<(SearchResult, SearchStats)>;

/// A pilot whose widest layer has this many states or more is wide enough for its last
/// step's growth to count (see `profile`).
const WIDE_PILOT: f64 = 1024.0;

/// Pilots below the largest one: the widest layer's growth per disc is measured over up to
/// this many discs.
const MAX_PILOT_STEPS: usize = 3;

/// The predicted profile of a search of `puzzle` (index space `space`) by `route`, from
/// pilots on fewer discs; `None` when the puzzle is too small for a pilot or none runs.
/// `pilot` runs one search by `route` and returns its result and the most bits of a
/// state's count (the driver's `search_pilot`, passed in so this file stays below it).
pub(super) fn profile(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    route: Route,
    space: u64,
    pilot: &PilotRun,
) -> Option<Profile> {
    if space < MIN_PILOT {
        return None;
    }
    let n = puzzle.discs.len();
    // The largest m with a pilot space of at most space / PILOT_SHARE and PILOT_SPACE.
    let mut k = 1;
    let m_puzzle = loop {
        let p = fewer_discs(puzzle, k)?;
        let s = DenseSpace::new(&p)?.space;
        if s <= space / PILOT_SHARE && s <= PILOT_SPACE {
            break p;
        }
        k += 1;
    };
    let run = |p: &Puzzle| -> Option<Pilot> {
        let o = SearchOptions {
            count: opts.count,
            solution: opts.solution,
            explore_all: opts.explore_all,
            sparse: opts.sparse,
            threads: 1,
            memory_limit: Some(u64::MAX),
            ..Default::default()
        };
        let (r, stats) = pilot(p, &o, route)?;
        let (keys, pushed) = stats.pushed;
        Some(Pilot {
            stopped: !r.complete,
            layers: r.layers,
            states: r.states,
            count_bits: stats.count_bits,
            keys_per_state: keys as f64 / pushed.max(1) as f64,
        })
    };
    let big = run(&m_puzzle)?;
    let small = run(&fewer_discs(puzzle, k + 1)?)?;
    let steps = (n - m_puzzle.discs.len()) as f64;
    // Per disc the states grow by `growth`, the depth by `deeper`.
    let growth = (big.states as f64 / small.states.max(1) as f64).max(1.0);
    let deeper = (big.layers.len() as f64 / small.layers.len().max(1) as f64).max(1.0);
    let repeat = deeper.powf(steps);
    // The widest layer grows faster than the mean where the profile sharpens with n
    // (Classic: the mean by 3/2 per disc, the widest layer by 2), and its growth from one
    // disc to the next swings where the depth jumps (Reve's puzzle: 2.8 from 6 to 7 discs,
    // 3.5 after), so it is measured over up to `MAX_PILOT_STEPS` discs (the smaller pilots
    // cost a quarter of the next or less).
    let widest = |p: &Pilot| p.layers.iter().copied().max().unwrap_or(0) as f64;
    let mut base = (widest(&small), 1.0);
    for j in 2..=MAX_PILOT_STEPS {
        match fewer_discs(puzzle, k + j).and_then(|p| run(&p)) {
            Some(p) if widest(&p) >= 1.0 => base = (widest(&p), j as f64),
            _ => break,
        }
    }
    // The larger of that mean and the last step's growth, once the pilot's layers are wide
    // enough for one step to mean something: four-in-a-row's widest layer grows faster as n
    // grows (2.87, 3.01, 3.13 a disc from 7 to 10 discs, 3.07-3.23 after), and the mean of
    // 3.0 put n = 15's widest layer at 2.7 M states against 3.4 M, just under the size whose
    // successors outgrow a list: the estimate had no bitset layer where the run had 123,
    // and was 0.42 of the bytes held (now 1.15). The 5-peg star's pilots are a few dozen
    // states wide, and their last step (35 -> 144) overshoots the run's growth (1.25).
    let mean_growth = (widest(&big) / base.0.max(1.0)).powf(1.0 / base.1);
    let last_growth = widest(&big) / widest(&small).max(1.0);
    let widest_growth = if widest(&big) >= WIDE_PILOT {
        mean_growth.max(last_growth)
    } else {
        mean_growth
    }
    .max(1.0);
    let layers = reshape(
        &big.layers,
        widest(&big) * widest_growth.powf(steps),
        big.states as f64 * growth.powf(steps) / repeat,
    );
    // The number of shortest paths to a state multiplies layer by layer, so its bits grow
    // with the depth, as along the run (below): by `repeat` to n discs. (A fixed step per
    // disc, measured from `m - 1` to `m`, fell short where the depth grows fast: cyclic4
    // n = 15's count has 683 digits, and the estimate was 0.63 of the bytes held.) Never
    // below the pilot's own bits plus that step.
    let bits_step = (big.count_bits as f64 - small.count_bits as f64).max(0.0);
    let count_bits =
        (big.count_bits as f64 * repeat).max(big.count_bits as f64 + bits_step * steps);
    Some(Profile {
        layers,
        repeat,
        count_bits,
        keys_per_state: big.keys_per_state,
        stops_at_goal: big.stopped,
    })
}

/// The pilot's `layers` reshaped to a widest layer of `widest` and a sum of `sum`: every
/// layer `widest · (l / max)^a`, with `a` found by bisection (`a > 1` sharpens the profile,
/// `a < 1` flattens it), then scaled to the sum exactly (when the two cannot both be met,
/// the sum wins).
fn reshape(layers: &[u64], widest: f64, sum: f64) -> Vec<f64> {
    let max = layers.iter().copied().max().unwrap_or(0) as f64;
    if max == 0.0 {
        return layers.iter().map(|_| 0.0).collect();
    }
    let shape = |a: f64| -> Vec<f64> {
        layers
            .iter()
            .map(|&l| {
                if l == 0 {
                    0.0
                } else {
                    (l as f64 / max).powf(a)
                }
            })
            .collect()
    };
    // The sum of `shape(a)` falls as `a` grows: find it equal to `sum / widest`.
    let target = sum / widest.max(1.0);
    let (mut lo, mut hi) = (0.0f64, 16.0f64);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if shape(mid).iter().sum::<f64>() > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let s = shape((lo + hi) / 2.0);
    let total: f64 = s.iter().sum();
    s.iter().map(|x| x * sum / total).collect()
}

/// Limbs of 64 bits per count for counts of `bits` bits, widened as the counting route
/// widens them ([`super::counting::wider`]).
fn limbs(bits: f64) -> f64 {
    let mut w = 1;
    while 64.0 * (w as f64) < bits {
        w = super::counting::wider(w);
    }
    w as f64
}

/// Bytes a bitset over `space` indices takes.
fn bitset(space: u64) -> f64 {
    8.0 * space.div_ceil(64) as f64
}

/// The most bytes the route holds over the predicted `profile`: the same accounting the
/// drivers do as they run, replayed on predicted layer sizes.
pub(super) fn replay(
    route: Route,
    opts: &SearchOptions,
    space: &DenseSpace,
    profile: &Profile,
) -> u64 {
    let l = &profile.layers;
    let at = |d: usize| l.get(d).copied().unwrap_or(0.0);
    let bits = bitset(space.space);
    let words = space.space.div_ceil(64) as f64;
    let cap = words.max(LIST_CHUNK as f64);
    let branching = space.max_branching() as f64;
    let keep = opts.count || opts.solution;
    // The layers expanded: all, or all but the goal's when the run stops there.
    let expanded = l.len() - usize::from(profile.stops_at_goal && !l.is_empty());
    let mut peak: f64 = 0.0;
    match (route, keep) {
        // (The retracing route stores no layers, whatever it is asked.)
        (Route::Bitset, false) | (Route::Retrace, _) => {
            // Visited (for the retracing route, its marks), both frontiers (lists, or bitsets
            // once a list would outgrow one), the spare bitset once one was retired, the
            // threads' lists.
            let visited = if route == Route::Retrace {
                Marks::bytes(space) as f64
            } else {
                bits
            };
            let mut spare = 0.0;
            let mut cur_bits = false;
            for d in 0..expanded {
                let next_bits = at(d) * branching > cap && at(d + 1) > cap;
                let cur = if cur_bits { bits } else { 8.0 * at(d) };
                // The threads' lists grow by doubling: half as much again as they hold.
                let (next, parts) = if next_bits {
                    (bits, 8.0 * cap)
                } else {
                    (8.0 * at(d + 1), 12.0 * at(d + 1))
                };
                peak = peak.max(visited + cur + next + spare + parts);
                if cur_bits {
                    spare = bits;
                }
                cur_bits = next_bits;
            }
        }
        (Route::Bitset, true) => {
            // Stored layers, the frontier being built and, after the run, the counts of two
            // layers (heap integers) on top of the stored layers.
            let mut stored = 0.0;
            for d in 0..l.len() {
                let next = 8.0 * at(d + 1);
                peak = peak.max(bits + stored + 8.0 * at(d) + 2.0 * next);
                stored += 8.0 * at(d) * profile.repeat;
            }
            if opts.count {
                let per = 24.0 + 8.0 * (profile.count_bits / 64.0).ceil();
                for d in 1..l.len() {
                    peak = peak.max(stored + per * (at(d - 1) + at(d)));
                }
            }
        }
        (Route::Counting, _) => {
            // Visited, three layers (lists, or bitsets with rank blocks), the spare bitset,
            // the counts of two layers at the number of limbs of their depth: the counts
            // widen only when one carries out of the top limb, and their bits grow about
            // linearly with the depth (the paths multiply layer by layer), so the run's
            // widest counts are its last (cyclic4 n = 8: one limb until depth ~250 of 361).
            let last = l.len().saturating_sub(1).max(1) as f64;
            let w = |d: usize| limbs(profile.count_bits * d as f64 / last);
            let ranked = ranked_bytes(words as u64) as f64;
            let mut spare = 0.0;
            let layer = |d: usize, big: bool| if big { ranked } else { 8.0 * at(d) };
            // A list layer whose moves fit a few lists is pushed (`counting::pushes`, every
            // puzzle), and its next layer is a list. Another layer is a bitset when the one
            // before was not pushed and could outgrow a list; the fused pass of a symmetric
            // puzzle writes it there at once, the plain expansion only once its list passes
            // `cap` (as the Bitset route).
            let symmetric = space.is_symmetric();
            let (mut is_bits, mut is_pushed) = (vec![false], Vec::new());
            for d in 0..=expanded + 1 {
                let push =
                    !is_bits[d] && pushes(at(d) as u64, branching as u64, cap as u64, words as u64);
                is_pushed.push(push);
                let bits_next = !push && at(d) * branching > cap && (symmetric || at(d + 1) > cap);
                is_bits.push(bits_next);
            }
            let as_bits = |d: usize| is_bits[d];
            let pushed = |d: usize| is_pushed[d];
            for d in 0..expanded {
                let (prev, cur, next) = (
                    if d > 0 {
                        layer(d - 1, as_bits(d - 1))
                    } else {
                        0.0
                    },
                    layer(d, as_bits(d)),
                    layer(d + 1, as_bits(d + 1)),
                );
                let transient = if as_bits(d + 1) {
                    0.0
                } else {
                    12.0 * at(d + 1)
                };
                // A pushed list layer (every puzzle): the push pass holds the counts of this
                // layer and the next, the retired layer's list (kept for reuse), the
                // threads' keys (lists grown by doubling: up to twice the keys) and the
                // keys grouped by bucket, all kept from layer to layer at the
                // largest capacity they had; 4 x 8 bytes a key is what the accounting
                // showed (cyclic4 `--count` n = 10..14: estimate / held 0.90 to 1.15).
                let push = pushed(d);
                let held = if push {
                    let retired = if d > 1 { 8.0 * at(d - 2) } else { 0.0 };
                    let keys = 8.0 * 4.0 * profile.keys_per_state * at(d + 1);
                    let counts = 8.0 * w(d + 1) * (at(d) + at(d + 1));
                    prev + cur + next + retired + keys + counts
                } else {
                    let counts = 8.0 * w(d) * (if d > 0 { at(d - 1) } else { 0.0 } + at(d));
                    prev + cur + next + transient + counts
                };
                peak = peak.max(bits + spare + held);
                if d > 0 && as_bits(d - 1) {
                    spare = bits;
                }
            }
        }
        (Route::Sparse, _) => {
            let mut states = 0.0;
            let mut stored = 0.0;
            for d in 0..l.len() {
                states += at(d) * profile.repeat;
                let table = table_bytes((states + at(d + 1)) as usize, 8) as f64;
                peak = peak.max(table * 1.5 + 8.0 * (at(d) + at(d + 1)) + stored);
                if keep {
                    stored += 8.0 * at(d) * profile.repeat;
                }
            }
        }
        (Route::TwoBit | Route::Generic | Route::Bidirectional, _) => {}
    }
    peak as u64
}
