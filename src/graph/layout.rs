//! A point for every configuration of a three-pin puzzle: the Sierpiński-triangle drawing
//! of the classic graph H_3^n, and a drawing of a state graph with one shortest path
//! between two configurations.
//!
//! The layout is recursive (Hinz, Klavžar, Petr, *The Tower of Hanoi — Myths and Maths*,
//! 2nd ed. 2018, section 2.2, H_3^n as a Sierpiński graph): the largest disc's pin picks
//! one of three sub-triangles, each half as wide, and inside it the next disc's pin picks
//! a sub-sub-triangle, with the two other pins' corners exchanged, so that the one move of
//! the largest disc (the smaller discs all on the third pin) joins neighbouring corners of
//! two sub-triangles. With the triangle's side 1, every move of H_3^n is a segment of length
//! `1 / (2^n - 1)`, and the perfect tower on pin `p` sits at corner `p` (pin 0 at the top,
//! pin 1 at the lower left, pin 2 at the lower right; the centre of the triangle at the
//! origin).
//!
//! Other three-pin rules (Cyclic, three in a row, Rainbow's colours) have the same
//! configurations, one pin per disc, so the same points: their drawings show their own
//! moves between them ([`GraphDrawing`]).
//!
//! ```
//! use hanoilab::graph::layout::{sierpinski_point, SIERPINSKI_CORNERS};
//! // A perfect tower sits at its pin's corner.
//! let (x, y) = sierpinski_point(&[2, 2, 2, 2]).unwrap();
//! assert!((x - SIERPINSKI_CORNERS[2].0).abs() < 1e-12 && (y - SIERPINSKI_CORNERS[2].1).abs() < 1e-12);
//! ```

use crate::puzzle::config_text::{format_positions, positions_of};
use crate::puzzle::{Config, Puzzle};
use crate::search::{state_graph, StateGraph};

/// The most discs [`GraphDrawing::new`] draws: 3^6 = 729 configurations (at seven discs a
/// segment of the picture is shorter than the marks drawn on it).
pub const MAX_DRAWN_DISCS: usize = 6;

/// The corners of the triangle, the points of the perfect towers on pins 0, 1 and 2: side 1,
/// its centre at the origin.
pub const SIERPINSKI_CORNERS: [(f64, f64); 3] = [
    (0.0, SQRT3_2 - SQRT3_2 / 3.0),
    (-0.5, -SQRT3_2 / 3.0),
    (0.5, -SQRT3_2 / 3.0),
];

/// √3 / 2, the height of the triangle of side 1.
const SQRT3_2: f64 = 0.866_025_403_784_438_6;

/// The point of the configuration with the disc of rank `i` (0: the largest) on pin
/// `positions[i]` (0, 1 or 2) in the Sierpiński layout of H_3^n, `n = positions.len()`.
///
/// Disc `i` moves the point by `2^(n-1-i) / (2^n - 1)` towards the corner of its pin's
/// sub-triangle; below it the two pins other than its own exchange corners.
///
/// No discs: the centre. Refuses a pin other than 0, 1 or 2, and more than
/// [`MAX_LAYOUT_DISCS`] discs (past them neighbouring points are no longer distinct floats).
/// Cost: O(n).
///
/// ```
/// use hanoilab::graph::layout::{sierpinski_point, LayoutError};
/// assert_eq!(sierpinski_point(&[]), Ok((0.0, 0.0)));
/// assert_eq!(sierpinski_point(&[0, 3]), Err(LayoutError::NotAPin { disc: 1, pin: 3 }));
/// assert!(sierpinski_point(&[0; 60]).is_err());
/// ```
pub fn sierpinski_point(positions: &[u32]) -> Result<(f64, f64), LayoutError> {
    let n = positions.len();
    if n == 0 {
        return Ok((0.0, 0.0));
    }
    if n > MAX_LAYOUT_DISCS {
        return Err(LayoutError::TooManyToPlace {
            n,
            max: MAX_LAYOUT_DISCS,
        });
    }
    if let Some((disc, &pin)) = positions.iter().enumerate().find(|(_, &p)| p >= 3) {
        return Err(LayoutError::NotAPin { disc, pin });
    }
    // Summed from the corners of a triangle with its lower left corner at the origin and
    // then moved, in the order the report's picture always added them (its SVG stays the
    // same to the byte).
    let corner = [(0.5, SQRT3_2), (0.0, 0.0), (1.0, 0.0)];
    let scale = 1.0 / ((1u64 << n) - 1) as f64;
    let mut perm = [0usize, 1, 2];
    let (mut x, mut y) = (0.0, 0.0);
    for (i, &pin) in positions.iter().enumerate() {
        let pin = pin as usize;
        let w = (1u64 << (n - 1 - i)) as f64 * scale;
        let dir = perm[pin];
        x += corner[dir].0 * w;
        y += corner[dir].1 * w;
        let (a, b) = match pin {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        perm.swap(a, b);
    }
    Ok((x - 0.5, y - SQRT3_2 / 3.0))
}

/// The most discs [`sierpinski_point`] places: the points of H_3^n lie `1 / (2^n - 1)`
/// apart, which a double still tells from 0 relative to the triangle's side up to n = 52.
pub const MAX_LAYOUT_DISCS: usize = 52;

/// Why a puzzle's state graph is not drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The layout places configurations of three pins.
    #[error("the state graph is drawn for three-pin puzzles only (this one has {pins} pins)")]
    NotThreePins {
        /// The puzzle's pins.
        pins: usize,
    },
    /// More discs than [`MAX_DRAWN_DISCS`].
    #[error(
        "the state graph is drawn for at most {max} discs (3^{max} = {} configurations), not {n}",
        3u64.pow(*max as u32)
    )]
    TooManyDiscs {
        /// Discs asked for.
        n: usize,
        /// [`MAX_DRAWN_DISCS`].
        max: usize,
    },
    /// More discs than [`MAX_LAYOUT_DISCS`]: the points would not be distinct floats.
    #[error(
        "a configuration is placed for at most {max} discs (its points would coincide), not {n}"
    )]
    TooManyToPlace {
        /// Discs of the configuration.
        n: usize,
        /// [`MAX_LAYOUT_DISCS`].
        max: usize,
    },
    /// A disc on a pin other than 0, 1 or 2.
    #[error(
        "disc {disc} (0: the largest) is on pin {pin}; a three-pin layout has pins 0, 1 and 2"
    )]
    NotAPin {
        /// The disc's rank, 0 for the largest.
        disc: usize,
        /// Its pin.
        pin: u32,
    },
    /// A configuration is not given by one pin per disc (equal discs, recolouring moves,
    /// or a pin whose discs are not stacked largest at the bottom).
    #[error("{0}")]
    NotAPinPerDisc(String),
    /// The configuration cannot be reached from the puzzle's start.
    #[error("{which} {config}: not reachable from the start {start} under the puzzle's rules")]
    Unreachable {
        /// `from` or `to`.
        which: &'static str,
        /// The configuration as text.
        config: String,
        /// The start as text.
        start: String,
    },
    /// No sequence of moves leads from `from` to `to` (a one-way graph).
    #[error("no moves lead from {from} to {to} under the puzzle's rules")]
    NoPath {
        /// `from` as text.
        from: String,
        /// `to` as text.
        to: String,
    },
}

/// The pin of each disc of a configuration of a three-pin puzzle, largest first.
fn three_pin_positions(puzzle: &Puzzle, c: &Config) -> Result<Vec<u32>, LayoutError> {
    if puzzle.pins != 3 {
        return Err(LayoutError::NotThreePins { pins: puzzle.pins });
    }
    crate::puzzle::config_text::discs_largest_first(puzzle)
        .map_err(|e| LayoutError::NotAPinPerDisc(e.to_string()))?;
    positions_of(puzzle, c).ok_or_else(|| {
        LayoutError::NotAPinPerDisc(format!(
            "the configuration {:?} does not stack each pin largest at the bottom",
            c.pins
        ))
    })
}

/// The Sierpiński point ([`sierpinski_point`]) of every state of `g`, a state graph of
/// `puzzle` (three pins, a pin per disc), in the order of the states.
pub fn three_pin_layout(puzzle: &Puzzle, g: &StateGraph) -> Result<Vec<(f64, f64)>, LayoutError> {
    (0..g.len())
        .map(|i| sierpinski_point(&three_pin_positions(puzzle, g.config(i))?))
        .collect()
}

/// A three-pin puzzle's state graph placed in the plane, with one shortest path between two
/// of its configurations: what a picture of it needs, computed once.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphDrawing {
    /// Discs.
    pub discs: usize,
    /// The point of every state reachable from the puzzle's start ([`three_pin_layout`]).
    pub points: Vec<(f64, f64)>,
    /// The pairs of states `(u, v)`, `u < v`, joined by a move in at least one direction,
    /// in increasing order.
    pub edges: Vec<(usize, usize)>,
    /// Whether some move cannot be undone by one move (Cyclic): an edge is then a one-way
    /// move.
    pub one_way: bool,
    /// One shortest path ([`StateGraph::shortest_path`]), its states from `from` to `to`.
    pub path: Vec<usize>,
    /// The first configuration, as text (`0120`).
    pub from: String,
    /// The last configuration, as text.
    pub to: String,
}

impl GraphDrawing {
    /// The state graph of `puzzle` (the states reachable from its start), placed by
    /// [`three_pin_layout`], and one shortest path from `from` to `to`.
    ///
    /// Refuses puzzles without three pins, with more than [`MAX_DRAWN_DISCS`] discs, or
    /// whose configurations are not one pin per disc, and configurations the start does not
    /// reach. Cost: the states times the moves per state (at most 3^6 states).
    ///
    /// ```
    /// use hanoilab::graph::layout::GraphDrawing;
    /// use hanoilab::puzzle::bench::classic_puzzle;
    /// let p = classic_puzzle(3);
    /// let d = GraphDrawing::new(&p, &p.start, &p.goal).unwrap();
    /// assert_eq!((d.points.len(), d.edges.len(), d.path.len()), (27, 39, 8));
    /// assert_eq!((d.from.as_str(), d.to.as_str()), ("000", "222"));
    /// ```
    pub fn new(puzzle: &Puzzle, from: &Config, to: &Config) -> Result<GraphDrawing, LayoutError> {
        if puzzle.pins != 3 {
            return Err(LayoutError::NotThreePins { pins: puzzle.pins });
        }
        let discs = puzzle.discs.len();
        if discs > MAX_DRAWN_DISCS {
            return Err(LayoutError::TooManyDiscs {
                n: discs,
                max: MAX_DRAWN_DISCS,
            });
        }
        let text = |c: &Config| -> Result<String, LayoutError> {
            Ok(format_positions(&three_pin_positions(puzzle, c)?, 3))
        };
        let (from_text, to_text) = (text(from)?, text(to)?);
        let g = state_graph(puzzle, 3usize.pow(discs as u32))
            .map_err(|e| LayoutError::NotAPinPerDisc(e.to_string()))?;
        let points = three_pin_layout(puzzle, &g)?;
        let index = |which: &'static str, c: &Config, t: &str| {
            g.index_of(c).ok_or_else(|| LayoutError::Unreachable {
                which,
                config: t.to_string(),
                start: text(&puzzle.start).unwrap_or_default(),
            })
        };
        let (a, b) = (index("from", from, &from_text)?, index("to", to, &to_text)?);
        let path = g.shortest_path(a, b).ok_or_else(|| LayoutError::NoPath {
            from: from_text.clone(),
            to: to_text.clone(),
        })?;
        let mut edges: Vec<(usize, usize)> = (0..g.len())
            .flat_map(|u| g.edges(u).iter().map(move |&(v, _)| (u.min(v), u.max(v))))
            .filter(|(u, v)| u != v)
            .collect();
        edges.sort_unstable();
        edges.dedup();
        Ok(GraphDrawing {
            discs,
            points,
            edges,
            one_way: !g.is_symmetric(),
            path,
            from: from_text,
            to: to_text,
        })
    }

    /// The number of moves of [`GraphDrawing::path`].
    pub fn distance(&self) -> usize {
        self.path.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::classic::classic_distance;
    use crate::puzzle::bench::classic_puzzle;
    use crate::variants::{Params, Variant};

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12
    }

    /// Every configuration of `n` discs as a pin per disc, largest first.
    fn all_positions(n: usize) -> Vec<Vec<u32>> {
        (0..3u32.pow(n as u32))
            .map(|mut k| {
                let mut p = vec![0; n];
                for slot in p.iter_mut().rev() {
                    *slot = k % 3;
                    k /= 3;
                }
                p
            })
            .collect()
    }

    #[test]
    fn the_3_to_the_n_configurations_get_distinct_points() {
        for n in 1..=7 {
            let mut pts: Vec<(f64, f64)> = all_positions(n)
                .iter()
                .map(|p| sierpinski_point(p).unwrap())
                .collect();
            assert_eq!(pts.len(), 3usize.pow(n as u32));
            pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            // Points of the layout lie on a triangular grid of step 1 / (2^n - 1).
            let step = 1.0 / ((1u64 << n) - 1) as f64;
            for w in pts.windows(2) {
                let d = ((w[0].0 - w[1].0).powi(2) + (w[0].1 - w[1].1).powi(2)).sqrt();
                assert!(d > step / 2.0, "n = {n}: {:?} and {:?}", w[0], w[1]);
            }
        }
    }

    #[test]
    fn the_height_constant_is_the_float_of_the_square_root() {
        assert_eq!(SQRT3_2.to_bits(), (3f64.sqrt() / 2.0).to_bits());
    }

    #[test]
    fn perfect_towers_sit_at_the_corners_of_the_triangle() {
        // The corners of an equilateral triangle of side 1 centred on the origin, pin 0 on
        // top (computed here from the geometry, not from the layout).
        let h = 3f64.sqrt() / 2.0;
        let want = [(0.0, 2.0 * h / 3.0), (-0.5, -h / 3.0), (0.5, -h / 3.0)];
        for (p, &w) in want.iter().enumerate() {
            assert!(close(SIERPINSKI_CORNERS[p], w), "corner {p}");
            for n in 1..=10 {
                let got = sierpinski_point(&vec![p as u32; n]).unwrap();
                assert!(close(got, w), "tower:{p}, n = {n}: {got:?}");
            }
        }
    }

    #[test]
    fn every_move_of_h3n_is_a_segment_of_one_grid_step() {
        // The Sierpiński drawing of H_3^n has all its edges of length 1 / (2^n - 1), and a
        // segment between two points is an edge only if it is one (the layout is a drawing
        // of the graph, not just a placement).
        for n in 1..=5u32 {
            let p = classic_puzzle(n);
            let d = GraphDrawing::new(&p, &p.start, &p.goal).unwrap();
            let step = 1.0 / ((1u64 << n) - 1) as f64;
            let len = |(u, v): (usize, usize)| {
                let (a, b) = (d.points[u], d.points[v]);
                ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
            };
            // 3(3^n - 1)/2 edges (Hinz et al., section 2.2).
            assert_eq!(d.edges.len() as u64, 3 * (3u64.pow(n) - 1) / 2, "n = {n}");
            for &e in &d.edges {
                assert!((len(e) - step).abs() < 1e-12, "n = {n}: edge {e:?}");
            }
            let mut at_one_step = 0;
            for u in 0..d.points.len() {
                for v in u + 1..d.points.len() {
                    if (len((u, v)) - step).abs() < 1e-9 {
                        at_one_step += 1;
                    }
                }
            }
            assert_eq!(at_one_step, d.edges.len(), "n = {n}");
        }
    }

    #[test]
    fn the_drawn_path_is_as_long_as_hinzs_distance() {
        let p = classic_puzzle(4);
        let g = state_graph(&p, 81).unwrap();
        for a in (0..g.len()).step_by(5) {
            for b in (0..g.len()).step_by(7) {
                let (ca, cb) = (g.config(a), g.config(b));
                let d = GraphDrawing::new(&p, ca, cb).unwrap();
                let pa: Vec<u8> = positions_of(&p, ca)
                    .unwrap()
                    .iter()
                    .map(|&x| x as u8)
                    .collect();
                let pb: Vec<u8> = positions_of(&p, cb)
                    .unwrap()
                    .iter()
                    .map(|&x| x as u8)
                    .collect();
                let hinz = classic_distance(&pa, &pb).unwrap().distance;
                assert_eq!(num_bigint::BigUint::from(d.distance()), hinz, "{a} to {b}");
                // Consecutive states of the path are joined by a move.
                for w in d.path.windows(2) {
                    assert!(g.edges(w[0]).iter().any(|&(v, _)| v == w[1]));
                }
                assert_eq!((d.path[0], *d.path.last().unwrap()), (a, b));
            }
        }
    }

    #[test]
    fn cyclic_has_the_classic_points_and_its_own_one_way_moves() {
        let v = Variant::builtin("cyclic").unwrap();
        let f = v.default_function().name.clone();
        let p = v.puzzle(&f, 3, &Params::new()).unwrap();
        let d = GraphDrawing::new(&p, &p.start, &p.goal).unwrap();
        assert!(d.one_way);
        assert_eq!(d.points.len(), 27);
        let c = classic_puzzle(3);
        let gc = state_graph(&c, 27).unwrap();
        let gp = state_graph(&p, 27).unwrap();
        let mut mine: Vec<(u64, u64)> = d
            .points
            .iter()
            .map(|q| (q.0.to_bits(), q.1.to_bits()))
            .collect();
        let mut classic: Vec<(u64, u64)> = three_pin_layout(&c, &gc)
            .unwrap()
            .iter()
            .map(|q| (q.0.to_bits(), q.1.to_bits()))
            .collect();
        mine.sort_unstable();
        classic.sort_unstable();
        assert_eq!(mine, classic, "the same vertex set, the same points");
        // Cyclic's moves are one way: as many pairs joined as arcs.
        assert_eq!(d.edges.len(), gp.arcs());
    }

    #[test]
    fn other_puzzles_are_refused_with_the_reason() {
        let reves = Variant::builtin("reves").unwrap();
        let f = reves.default_function().name.clone();
        let p = reves.puzzle(&f, 3, &Params::new()).unwrap();
        let e = GraphDrawing::new(&p, &p.start, &p.goal).unwrap_err();
        assert_eq!(e, LayoutError::NotThreePins { pins: 4 });
        let p = classic_puzzle(7);
        let e = GraphDrawing::new(&p, &p.start, &p.goal).unwrap_err();
        assert!(e.to_string().contains("at most 6 discs"), "{e}");
        let antwerp = Variant::builtin("antwerp").unwrap();
        let f = antwerp.default_function().name.clone();
        let p = antwerp.puzzle(&f, 2, &Params::new()).unwrap();
        let e = GraphDrawing::new(&p, &p.start, &p.goal).unwrap_err();
        assert!(matches!(e, LayoutError::NotAPinPerDisc(_)), "{e}");
        // Rainbow: its colour rule keeps the discs apart, and its graph is drawn on the
        // states its start reaches.
        let rainbow = Variant::builtin("rainbow").unwrap();
        let f = rainbow.default_function().name.clone();
        let p = rainbow.puzzle(&f, 3, &Params::new()).unwrap();
        let g = state_graph(&p, 27).unwrap();
        assert!(g.len() <= 27);
        let d = GraphDrawing::new(&p, &p.start, &p.goal).unwrap();
        assert_eq!(d.points.len(), g.len());
    }
}
