//! Distances in the classic three-pin Hanoi graph H_3^n between any two configurations, in
//! O(n), with the number of shortest paths and the paths themselves.
//!
//! Hinz, Klavžar, Petr, *The Tower of Hanoi — Myths and Maths* (2nd ed. 2018), section 2.4
//! (regular to regular): discs larger than the largest disc `d` that sits on different pins
//! in the two configurations never move. `d` moves once or twice on a shortest path, never
//! more (Hinz 1989, *L'Enseignement Math.* 35). Once, from pin `a` to pin `b`: the smaller
//! discs go to the third pin `c`, then from the perfect tower on `c` to their places. Twice,
//! `a → c → b`: the smaller discs go to `b`, then as a perfect tower from `b` to `a` (2^m − 1
//! moves for `m` smaller discs), then to their places. A configuration to a perfect tower
//! has exactly one shortest path (decided from the largest disc down: a disc on the target
//! pin stays, any other moves once after the smaller discs went to the third pin), so each
//! of the two routes is one path and there are one or two shortest paths, two exactly when
//! the routes tie.
//!
//! Configurations are given as the pin (0, 1 or 2) of each disc, largest first, the order
//! of [`crate::puzzle::config_text`].
//!
//! ```
//! use hanoilab::graph::classic::{classic_distance, classic_path};
//! // 0120 to 2201 on four discs
//! let d = classic_distance(&[0, 1, 2, 0], &[2, 2, 0, 1]).unwrap();
//! assert_eq!(d.distance, 8u32.into());
//! assert_eq!(classic_path(&[0, 1, 2, 0], &[2, 2, 0, 1]).unwrap().count(), 8);
//! // from a perfect tower to another: 2^n - 1 moves, one path
//! let d = classic_distance(&[0; 10], &[2; 10]).unwrap();
//! assert_eq!((d.distance, d.shortest_paths), (1023u32.into(), 1));
//! ```

use crate::puzzle::{ColourRule, Move, Puzzle, Recolour, SizeRule};
use num_bigint::BigUint;

/// How many times the largest disc that must move moves on the shortest paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LargestDisc {
    /// The configurations are equal: nothing moves.
    Stays,
    /// Once, through the third pin for the smaller discs (one shortest path).
    Once,
    /// Twice, by way of the third pin (one shortest path).
    Twice,
    /// Once on one shortest path and twice on the other (two shortest paths).
    OnceOrTwice,
}

/// The distance between two configurations of H_3^n ([`classic_distance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicDistance {
    /// The least number of moves.
    pub distance: BigUint,
    /// The number of shortest paths: 1 or 2.
    pub shortest_paths: u8,
    /// The rank (0: the largest disc) of the largest disc that moves, `None` when none does.
    pub largest_moving: Option<usize>,
    /// How that disc moves on the shortest paths.
    pub largest_disc: LargestDisc,
}

/// Why two pin lists are not configurations of the same H_3^n.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassicError {
    /// The two have different numbers of discs.
    #[error("the configurations have {0} and {1} discs")]
    Lengths(usize, usize),
    /// A pin other than 0, 1, 2.
    #[error("position {position}: pin {pin}, but the classic puzzle has pins 0..2")]
    Pin {
        /// 1-based position (1: the largest disc).
        position: usize,
        /// The pin given.
        pin: u8,
    },
}

/// Whether `puzzle` is the classic puzzle on three pins: every move between pins allowed,
/// distinct disc sizes with the strict size rule, no colour condition and no recolouring,
/// no restriction of stacks to pins. Its configurations are then exactly the assignments
/// of a pin to each disc and [`classic_distance`] answers for it.
pub fn is_classic(puzzle: &Puzzle) -> bool {
    let r = &puzzle.rules;
    let mut sizes: Vec<u32> = puzzle.discs.iter().map(|d| d.size).collect();
    sizes.sort_unstable();
    puzzle.pins == 3
        && (0..3).all(|i| (0..3).all(|j| i == j || r.arcs[i][j]))
        && r.size_rule == SizeRule::Strict
        && r.colour_rule == ColourRule::Any
        && r.recolour == Recolour::Fixed
        && r.access
            .as_ref()
            .is_none_or(|a| a.iter().all(|m| m & 7 == 7))
        && sizes.windows(2).all(|w| w[0] < w[1])
}

fn check(from: &[u8], to: &[u8]) -> Result<(), ClassicError> {
    if from.len() != to.len() {
        return Err(ClassicError::Lengths(from.len(), to.len()));
    }
    for pins in [from, to] {
        if let Some((i, &pin)) = pins.iter().enumerate().find(|(_, &p)| p > 2) {
            return Err(ClassicError::Pin {
                position: i + 1,
                pin,
            });
        }
    }
    Ok(())
}

/// The moves from `pins` to the perfect tower on `target` as a binary number: the disc of
/// rank k among m moves exactly once, after the smaller discs went to the third pin, and
/// contributes 2^(m-1-k); the target of the smaller discs follows.
fn to_tower_words(pins: &[u8], target: u8) -> BigUint {
    let m = pins.len();
    let mut words = vec![0u32; m.div_ceil(32)];
    let mut p = target;
    for (k, &s) in pins.iter().enumerate() {
        if s != p {
            let bit = m - 1 - k;
            words[bit / 32] |= 1 << (bit % 32);
            p = 3 - s - p;
        }
    }
    BigUint::new(words)
}

/// [`to_tower_words`] for at most 63 discs.
fn to_tower_u64(pins: &[u8], target: u8) -> u64 {
    let m = pins.len();
    let mut p = target;
    let mut d = 0u64;
    for (k, &s) in pins.iter().enumerate() {
        if s != p {
            d |= 1 << (m - 1 - k);
            p = 3 - s - p;
        }
    }
    d
}

/// The two candidate routes' lengths after the largest disc on different pins (rank `i`,
/// from pin `a` to pin `b`), with machine words when the smaller discs number at most 62
/// (the twice route is below 3·2^m) and big integers otherwise (`force_big` for the tests).
fn routes(from: &[u8], to: &[u8], i: usize, force_big: bool) -> (BigUint, BigUint) {
    let (a, b) = (from[i], to[i]);
    let c = 3 - a - b;
    let (s, t) = (&from[i + 1..], &to[i + 1..]);
    let m = s.len();
    if m <= 62 && !force_big {
        let once = to_tower_u64(s, c) + 1 + to_tower_u64(t, c);
        let twice = to_tower_u64(s, b) + to_tower_u64(t, a) + (1u64 << m) + 1;
        (once.into(), twice.into())
    } else {
        let once = to_tower_words(s, c) + to_tower_words(t, c) + 1u32;
        let twice = to_tower_words(s, b) + to_tower_words(t, a) + (BigUint::from(1u32) << m) + 1u32;
        (once, twice)
    }
}

/// The distance in H_3^n between `from` and `to` (the pin of each disc, largest first), the
/// number of shortest paths and how the largest moving disc moves (Hinz's recursion; see
/// the module documentation). O(n) time; the distance has up to n bits.
pub fn classic_distance(from: &[u8], to: &[u8]) -> Result<ClassicDistance, ClassicError> {
    distance_with(from, to, false)
}

fn distance_with(from: &[u8], to: &[u8], force_big: bool) -> Result<ClassicDistance, ClassicError> {
    check(from, to)?;
    let Some(i) = from.iter().zip(to).position(|(x, y)| x != y) else {
        return Ok(ClassicDistance {
            distance: BigUint::ZERO,
            shortest_paths: 1,
            largest_moving: None,
            largest_disc: LargestDisc::Stays,
        });
    };
    let (once, twice) = routes(from, to, i, force_big);
    let (distance, shortest_paths, largest_disc) = match once.cmp(&twice) {
        std::cmp::Ordering::Less => (once, 1, LargestDisc::Once),
        std::cmp::Ordering::Greater => (twice, 1, LargestDisc::Twice),
        std::cmp::Ordering::Equal => (once, 2, LargestDisc::OnceOrTwice),
    };
    Ok(ClassicDistance {
        distance,
        shortest_paths,
        largest_moving: Some(i),
        largest_disc,
    })
}

/// Which configuration a step of a path refers to.
#[derive(Clone, Copy, Debug)]
enum Side {
    From,
    To,
}

/// The pending work of a path, innermost last.
#[derive(Clone, Copy, Debug)]
enum Task {
    Move(u8, u8),
    /// The discs of rank `k..` of `side` to the perfect tower on `target`.
    ToTower(Side, usize, u8),
    /// The perfect tower of ranks `k..` on `source` to their places in `side`.
    FromTower(usize, u8, Side),
    /// The perfect tower of ranks `k..` from `source` to `target`.
    Tower(usize, u8, u8),
}

/// One shortest path between two configurations of H_3^n, move by move
/// ([`classic_path`], [`classic_paths`]): the moves are made as they are asked for, with
/// O(n) memory, so the first moves of a path of 2^1000 moves come at once.
#[derive(Clone, Debug)]
pub struct ClassicPath {
    from: Vec<u8>,
    to: Vec<u8>,
    tasks: Vec<Task>,
}

impl ClassicPath {
    fn new(from: &[u8], to: &[u8], twice: bool) -> ClassicPath {
        let mut tasks = Vec::new();
        if let Some(i) = from.iter().zip(to).position(|(x, y)| x != y) {
            let (a, b) = (from[i], to[i]);
            let c = 3 - a - b;
            // pushed last-first
            if twice {
                tasks.extend([
                    Task::FromTower(i + 1, a, Side::To),
                    Task::Move(c, b),
                    Task::Tower(i + 1, b, a),
                    Task::Move(a, c),
                    Task::ToTower(Side::From, i + 1, b),
                ]);
            } else {
                tasks.extend([
                    Task::FromTower(i + 1, c, Side::To),
                    Task::Move(a, b),
                    Task::ToTower(Side::From, i + 1, c),
                ]);
            }
        }
        ClassicPath {
            from: from.to_vec(),
            to: to.to_vec(),
            tasks,
        }
    }

    fn pins(&self, side: Side) -> &[u8] {
        match side {
            Side::From => &self.from,
            Side::To => &self.to,
        }
    }
}

impl Iterator for ClassicPath {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let n = self.from.len();
        while let Some(task) = self.tasks.pop() {
            match task {
                Task::Move(x, y) => return Some(Move::new(x.into(), y.into())),
                Task::Tower(k, s, t) => {
                    if k < n && s != t {
                        let aux = 3 - s - t;
                        self.tasks.extend([
                            Task::Tower(k + 1, aux, t),
                            Task::Move(s, t),
                            Task::Tower(k + 1, s, aux),
                        ]);
                    }
                }
                Task::ToTower(side, mut k, target) => {
                    let pins = self.pins(side);
                    while k < n && pins[k] == target {
                        k += 1;
                    }
                    if k < n {
                        let s = pins[k];
                        let aux = 3 - s - target;
                        self.tasks.extend([
                            Task::Tower(k + 1, aux, target),
                            Task::Move(s, target),
                            Task::ToTower(side, k + 1, aux),
                        ]);
                    }
                }
                Task::FromTower(mut k, source, side) => {
                    let pins = self.pins(side);
                    while k < n && pins[k] == source {
                        k += 1;
                    }
                    if k < n {
                        let d = pins[k];
                        let aux = 3 - source - d;
                        self.tasks.extend([
                            Task::FromTower(k + 1, aux, side),
                            Task::Move(source, d),
                            Task::Tower(k + 1, source, aux),
                        ]);
                    }
                }
            }
        }
        None
    }
}

/// One shortest path from `from` to `to` (when there are two, the one on which the largest
/// moving disc moves once).
pub fn classic_path(from: &[u8], to: &[u8]) -> Result<ClassicPath, ClassicError> {
    let d = classic_distance(from, to)?;
    Ok(ClassicPath::new(
        from,
        to,
        d.largest_disc == LargestDisc::Twice,
    ))
}

/// Every shortest path from `from` to `to`: one, or two when the routes tie (first the one
/// on which the largest moving disc moves once).
pub fn classic_paths(from: &[u8], to: &[u8]) -> Result<Vec<ClassicPath>, ClassicError> {
    let d = classic_distance(from, to)?;
    Ok(match d.largest_disc {
        LargestDisc::Stays | LargestDisc::Once => vec![ClassicPath::new(from, to, false)],
        LargestDisc::Twice => vec![ClassicPath::new(from, to, true)],
        LargestDisc::OnceOrTwice => vec![
            ClassicPath::new(from, to, false),
            ClassicPath::new(from, to, true),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// Configurations of n discs as base-3 codes, the largest disc the leading digit.
    fn decode(code: usize, n: usize) -> Vec<u8> {
        (0..n)
            .map(|k| (code / 3usize.pow((n - 1 - k) as u32) % 3) as u8)
            .collect()
    }

    fn encode(pins: &[u8]) -> usize {
        pins.iter().fold(0, |acc, &p| acc * 3 + p as usize)
    }

    /// The legal moves of a configuration by the rules alone: the top disc of a pin is its
    /// smallest (largest rank), and lands on an empty pin or on a larger top.
    fn neighbours(pins: &[u8]) -> Vec<(Move, Vec<u8>)> {
        let top = |p: u8| pins.iter().rposition(|&q| q == p);
        let mut out = Vec::new();
        for x in 0..3u8 {
            let Some(d) = top(x) else { continue };
            for y in 0..3u8 {
                if x != y && top(y).is_none_or(|e| e < d) {
                    let mut next = pins.to_vec();
                    next[d] = y;
                    out.push((Move::new(x.into(), y.into()), next));
                }
            }
        }
        out
    }

    /// Plain breadth-first search from `source`: distance and number of shortest paths to
    /// every configuration.
    fn bfs(source: &[u8]) -> (Vec<u64>, Vec<u64>) {
        let n = source.len();
        let size = 3usize.pow(n as u32);
        let mut dist = vec![u64::MAX; size];
        let mut count = vec![0u64; size];
        let s = encode(source);
        dist[s] = 0;
        count[s] = 1;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for (_, v) in neighbours(&decode(u, n)) {
                let v = encode(&v);
                if dist[v] == u64::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
                if dist[v] == dist[u] + 1 {
                    count[v] += count[u];
                }
            }
        }
        (dist, count)
    }

    /// Plays `moves` from `from` under the rules and returns where they lead.
    fn play(from: &[u8], moves: impl Iterator<Item = Move>) -> Vec<u8> {
        let mut pins = from.to_vec();
        for m in moves {
            let next = neighbours(&pins)
                .into_iter()
                .find(|(mv, _)| *mv == m)
                .unwrap_or_else(|| panic!("illegal move {m} at {pins:?}"));
            pins = next.1;
        }
        pins
    }

    #[test]
    fn every_pair_agrees_with_breadth_first_search_up_to_six_discs() {
        for n in 0..=6 {
            let size = 3usize.pow(n as u32);
            for s in 0..size {
                let from = decode(s, n);
                let (dist, count) = bfs(&from);
                for t in 0..size {
                    let to = decode(t, n);
                    let d = classic_distance(&from, &to).unwrap();
                    assert_eq!(d.distance, dist[t].into(), "{from:?} -> {to:?}");
                    assert_eq!(u64::from(d.shortest_paths), count[t], "{from:?} -> {to:?}");
                    if n <= 4 {
                        let paths = classic_paths(&from, &to).unwrap();
                        let mut seen = Vec::new();
                        for p in paths {
                            let moves: Vec<Move> = p.collect();
                            assert_eq!(moves.len() as u64, dist[t]);
                            assert_eq!(play(&from, moves.iter().copied()), to);
                            seen.push(moves);
                        }
                        seen.dedup();
                        assert_eq!(seen.len() as u64, count[t]);
                    }
                }
            }
        }
    }

    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    fn random(n: usize, state: &mut u64) -> Vec<u8> {
        (0..n).map(|_| (lcg(state) % 3) as u8).collect()
    }

    #[test]
    fn random_pairs_of_twelve_discs_agree_with_the_search() {
        use crate::puzzle::bench::classic_puzzle;
        use crate::puzzle::config_text::config_from_positions;
        use crate::search::{search, SearchOptions};
        let mut state = 12;
        let puzzle = classic_puzzle(12);
        for _ in 0..12 {
            let (from, to) = (random(12, &mut state), random(12, &mut state));
            let wide = |v: &[u8]| v.iter().map(|&p| u32::from(p)).collect::<Vec<_>>();
            let mut p = puzzle.clone();
            p.start = config_from_positions(&puzzle, &wide(&from), "from").unwrap();
            p.goal = config_from_positions(&puzzle, &wide(&to), "to").unwrap();
            let opts = SearchOptions {
                count: true,
                threads: 1,
                ..Default::default()
            };
            let r = search(&p, &opts).unwrap();
            let d = classic_distance(&from, &to).unwrap();
            assert_eq!(Some(d.distance.clone()), r.minimum.map(BigUint::from));
            assert_eq!(r.optimal_solutions, Some(d.shortest_paths.into()));
            let moves: Vec<Move> = classic_path(&from, &to).unwrap().collect();
            assert_eq!(BigUint::from(moves.len()), d.distance);
            // the simulator checks the path under the puzzle's rules and its goal
            crate::puzzle::simulate(&p, moves).unwrap();
        }
    }

    #[test]
    fn machine_words_and_big_integers_agree() {
        let mut state = 7;
        for n in [1, 2, 10, 40, 62, 63, 64] {
            for _ in 0..50 {
                let (from, to) = (random(n, &mut state), random(n, &mut state));
                assert_eq!(
                    distance_with(&from, &to, false),
                    distance_with(&from, &to, true),
                    "{from:?} {to:?}"
                );
            }
        }
    }

    #[test]
    fn perfect_towers_and_long_paths() {
        // tower to tower: 2^n - 1 (Lucas), the largest disc moving once
        let d = classic_distance(&[0; 200], &[1; 200]).unwrap();
        assert_eq!(d.distance, (BigUint::from(1u32) << 200) - 1u32);
        assert_eq!(d.largest_disc, LargestDisc::Once);
        // the first moves of an astronomically long path come at once and are legal
        let mut state = 3;
        let (from, to) = (random(300, &mut state), random(300, &mut state));
        let p = classic_path(&from, &to).unwrap();
        let reached = play(&from, p.take(10_000));
        assert_eq!(reached.len(), 300);
    }

    #[test]
    fn errors() {
        assert_eq!(
            classic_distance(&[0, 1], &[0]),
            Err(ClassicError::Lengths(2, 1))
        );
        assert_eq!(
            classic_distance(&[0, 3], &[0, 1]),
            Err(ClassicError::Pin {
                position: 2,
                pin: 3
            })
        );
    }
}
