//! Breadth-first search past memory: the layers live in files, and duplicates are removed
//! late, by sorting (Korf's delayed duplicate detection).
//!
//! Layer `d + 1` is built from layer `d` (a sorted file of dense indices) in three steps:
//! the successors of layer `d` are collected in a buffer of the memory limit's size, and
//! whenever it fills it is sorted, made unique and written out as a sorted run; the runs
//! are merged (a heap over one reader per run); and what the merge yields is dropped when it
//! was met before. When every move can be undone (`DenseSpace::is_symmetric`: Classic,
//! Reve's, four-in-a-row, stars) a successor of layer `d` lies in layer `d - 1`, `d` or
//! `d + 1`, so only those two files are read alongside; otherwise (cyclic moves, colours)
//! a sorted file of every state met so far is read alongside and rewritten with the new
//! layer merged in. Memory: the buffer (the limit) and one read buffer per open file (at
//! most 64 runs are open: more are merged into one as they come); disk: the layers (8
//! bytes per state). The answer is the minimum and the layer sizes; counts
//! and solutions need the in-memory routes.

use super::dense::DenseSpace;
use super::{check_config, Encoding, Progress, SearchError, SearchResult};
use crate::puzzle::Puzzle;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a [`disk_search`] runs.
pub struct DiskOptions<'a> {
    /// A directory for the layer files: the search makes a subdirectory `layers` in it
    /// (refused when one exists) and removes it at the end, whatever the outcome.
    pub dir: &'a Path,
    /// Bytes for the buffer of successors (at least 64 KiB are used).
    pub memory: u64,
    /// Keep going after the goal until the whole reachable graph is seen.
    pub explore_all: bool,
    /// Called after every layer.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

/// The breadth-first search of `puzzle` with its layers on disk: the minimum and the layer
/// sizes (no counts, no solution). Needs the dense index (distinct sizes).
///
/// ```
/// use hanoilab::search::{disk_search, search, DiskOptions, SearchOptions};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// let p = frame_stewart_puzzle(4, 6);
/// let dir = std::env::temp_dir().join(format!("hanoilab-doc-disk-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let opts = DiskOptions { dir: &dir, memory: 1 << 16, explore_all: false, progress: None };
/// let on_disk = disk_search(&p, &opts).unwrap();
/// let in_memory = search(&p, &SearchOptions::default()).unwrap();
/// assert_eq!(on_disk.minimum, Some(17));
/// assert_eq!(on_disk.layers, in_memory.layers);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn disk_search(puzzle: &Puzzle, opts: &DiskOptions) -> Result<SearchResult, SearchError> {
    search_with_fan_in(puzzle, opts, FAN_IN)
}

/// Most runs open at once: when a layer fills this many, they are merged into one first, so
/// the open files and their read buffers stay bounded whatever the layer's size.
const FAN_IN: usize = 64;

fn search_with_fan_in(
    puzzle: &Puzzle,
    opts: &DiskOptions,
    fan_in: usize,
) -> Result<SearchResult, SearchError> {
    let t0 = Instant::now();
    check_config(puzzle, &puzzle.start, "start")?;
    check_config(puzzle, &puzzle.goal, "goal")?;
    let space = DenseSpace::new(puzzle).ok_or_else(|| {
        SearchError::Disk("needs the dense index (distinct disc sizes, 64-bit indices)".into())
    })?;
    let start = space
        .encode(&puzzle.start)
        .ok_or_else(|| SearchError::Malformed("the start has no dense index".into()))?;
    let goal = space.encode(&puzzle.goal);
    let dir = Layers::create(opts.dir)?;
    let symmetric = space.is_symmetric();
    let cap = (opts.memory / 8).max(8192) as usize;
    let branching = space.max_branching() as usize;
    dir.write(&dir.layer(0), &[start])?;
    if !symmetric {
        dir.write(&dir.visited(), &[start])?;
    }
    let mut sizes = vec![1u64];
    let mut found = (goal == Some(start)).then_some(0u64);
    let mut states = 1u64;
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let d = sizes.len() - 1;
        // Successors of layer d: sorted unique runs.
        let mut buf: Vec<u64> = Vec::with_capacity(cap);
        let mut runs: Vec<PathBuf> = Vec::new();
        let mut reader = Words::open(&dir.layer(d))?;
        while let Some(u) = reader.next_word()? {
            space.for_each_successor(u, |v, _| buf.push(v));
            if buf.len() + branching > cap {
                let run = dir.run(runs.len());
                sort_unique(&mut buf);
                dir.write(&run, &buf)?;
                runs.push(run);
                if runs.len() >= fan_in.max(2) {
                    let one = dir.run(runs.len());
                    merge_runs(&dir, &runs, &one)?;
                    runs = vec![dir.run(0)];
                    std::fs::rename(&one, &runs[0]).map_err(|e| io(&one, e))?;
                }
                buf.clear();
            }
        }
        sort_unique(&mut buf);
        // Merged, the states met before dropped, written as layer d + 1.
        let mut merged = Merge::new(&runs, buf)?;
        let old: Vec<PathBuf> = if symmetric {
            (d.saturating_sub(1)..=d).map(|e| dir.layer(e)).collect()
        } else {
            vec![dir.visited()]
        };
        let mut seen: Vec<Words> = old
            .iter()
            .map(|p| Words::open(p))
            .collect::<Result<_, _>>()?;
        let mut out = dir.writer(&dir.layer(d + 1))?;
        let mut count = 0u64;
        while let Some(v) = merged.next_word()? {
            let mut met = false;
            for s in &mut seen {
                if s.skip_below(v)? == Some(v) {
                    met = true;
                }
            }
            if !met {
                write_word(&mut out, v, &dir.layer(d + 1))?;
                count += 1;
                if found.is_none() && goal == Some(v) {
                    found = Some(d as u64 + 1);
                }
            }
        }
        out.flush().map_err(|e| io(&dir.layer(d + 1), e))?;
        drop(out);
        for r in &runs {
            let _ = std::fs::remove_file(r);
        }
        if symmetric && d >= 1 {
            // Layer d - 1 is no longer needed: d + 1's successors lie in d .. d + 2.
            let _ = std::fs::remove_file(dir.layer(d - 1));
        }
        if count == 0 {
            break true;
        }
        if !symmetric {
            merge_into_visited(&dir, d + 1)?;
            let _ = std::fs::remove_file(dir.layer(d));
        }
        sizes.push(count);
        states += count;
        if let Some(f) = opts.progress {
            f(Progress {
                depth: d as u64 + 1,
                layer: count,
                visited: states,
                space: space.space,
            });
        }
    };
    Ok(SearchResult {
        minimum: found,
        states,
        layers: sizes,
        complete,
        optimal_solutions: None,
        solution: None,
        encoding: Encoding::Disk { space: space.space },
        elapsed: t0.elapsed(),
    })
}

fn sort_unique(buf: &mut Vec<u64>) {
    buf.sort_unstable();
    buf.dedup();
}

fn io(path: &Path, e: std::io::Error) -> SearchError {
    SearchError::Disk(format!("{}: {e}", path.display()))
}

fn write_word(w: &mut BufWriter<File>, v: u64, path: &Path) -> Result<(), SearchError> {
    w.write_all(&v.to_le_bytes()).map_err(|e| io(path, e))
}

/// The search's own subdirectory, removed when the search ends.
struct Layers {
    root: PathBuf,
}

impl Layers {
    fn create(dir: &Path) -> Result<Layers, SearchError> {
        let root = dir.join("layers");
        std::fs::create_dir(&root).map_err(|e| {
            SearchError::Disk(format!(
                "{}: {e} (the disk search needs a fresh subdirectory there)",
                root.display()
            ))
        })?;
        Ok(Layers { root })
    }
    fn layer(&self, d: usize) -> PathBuf {
        self.root.join(format!("layer-{d}"))
    }
    fn run(&self, k: usize) -> PathBuf {
        self.root.join(format!("run-{k}"))
    }
    fn visited(&self) -> PathBuf {
        self.root.join("visited")
    }
    fn writer(&self, path: &Path) -> Result<BufWriter<File>, SearchError> {
        let f = File::create(path).map_err(|e| io(path, e))?;
        Ok(BufWriter::with_capacity(1 << 16, f))
    }
    fn write(&self, path: &Path, words: &[u64]) -> Result<(), SearchError> {
        let mut w = self.writer(path)?;
        for &v in words {
            write_word(&mut w, v, path)?;
        }
        w.flush().map_err(|e| io(path, e))
    }
}

impl Drop for Layers {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A sorted file of words, read one at a time.
struct Words {
    r: BufReader<File>,
    path: PathBuf,
    head: Option<u64>,
    started: bool,
}

impl Words {
    fn open(path: &Path) -> Result<Words, SearchError> {
        let f = File::open(path).map_err(|e| io(path, e))?;
        Ok(Words {
            r: BufReader::with_capacity(1 << 16, f),
            path: path.to_path_buf(),
            head: None,
            started: false,
        })
    }
    fn next_word(&mut self) -> Result<Option<u64>, SearchError> {
        let mut b = [0u8; 8];
        match self.r.read_exact(&mut b) {
            Ok(()) => Ok(Some(u64::from_le_bytes(b))),
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(io(&self.path, e)),
        }
    }
    /// Advances past every word below `v`; the first word at or above it (kept).
    fn skip_below(&mut self, v: u64) -> Result<Option<u64>, SearchError> {
        if !self.started {
            self.head = self.next_word()?;
            self.started = true;
        }
        while let Some(h) = self.head {
            if h >= v {
                break;
            }
            self.head = self.next_word()?;
        }
        Ok(self.head)
    }
}

/// The sorted union of sorted runs on disk and one sorted buffer in memory.
struct Merge {
    runs: Vec<Words>,
    buf: std::vec::IntoIter<u64>,
    heap: BinaryHeap<Reverse<(u64, usize)>>,
    last: Option<u64>,
}

impl Merge {
    fn new(paths: &[PathBuf], buf: Vec<u64>) -> Result<Merge, SearchError> {
        let mut m = Merge {
            runs: paths
                .iter()
                .map(|p| Words::open(p))
                .collect::<Result<_, _>>()?,
            buf: buf.into_iter(),
            heap: BinaryHeap::new(),
            last: None,
        };
        for k in 0..=m.runs.len() {
            m.refill(k)?;
        }
        Ok(m)
    }
    /// Source `k` (the buffer is the last) puts its next word on the heap.
    fn refill(&mut self, k: usize) -> Result<(), SearchError> {
        let next = match self.runs.get_mut(k) {
            Some(r) => r.next_word()?,
            None => self.buf.next(),
        };
        if let Some(v) = next {
            self.heap.push(Reverse((v, k)));
        }
        Ok(())
    }
    fn next_word(&mut self) -> Result<Option<u64>, SearchError> {
        while let Some(Reverse((v, k))) = self.heap.pop() {
            self.refill(k)?;
            if self.last != Some(v) {
                self.last = Some(v);
                return Ok(Some(v));
            }
        }
        Ok(None)
    }
}

/// The sorted union of the `runs` written to `out`; the runs are removed.
fn merge_runs(dir: &Layers, runs: &[PathBuf], out: &Path) -> Result<(), SearchError> {
    let mut merged = Merge::new(runs, Vec::new())?;
    let mut w = dir.writer(out)?;
    while let Some(v) = merged.next_word()? {
        write_word(&mut w, v, out)?;
    }
    w.flush().map_err(|e| io(out, e))?;
    drop(merged);
    for r in runs {
        let _ = std::fs::remove_file(r);
    }
    Ok(())
}

/// `visited` becomes the sorted union of itself and layer `d`.
fn merge_into_visited(dir: &Layers, d: usize) -> Result<(), SearchError> {
    let next = dir.root.join("visited.new");
    {
        let mut a = Words::open(&dir.visited())?;
        let mut b = Words::open(&dir.layer(d))?;
        let mut out = dir.writer(&next)?;
        let (mut x, mut y) = (a.next_word()?, b.next_word()?);
        loop {
            let v = match (x, y) {
                (None, None) => break,
                (Some(p), Some(q)) if p <= q => {
                    x = a.next_word()?;
                    p
                }
                (Some(p), None) => {
                    x = a.next_word()?;
                    p
                }
                (_, Some(q)) => {
                    y = b.next_word()?;
                    q
                }
            };
            write_word(&mut out, v, &next)?;
        }
        out.flush().map_err(|e| io(&next, e))?;
    }
    std::fs::rename(&next, dir.visited()).map_err(|e| io(&next, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{search, SearchOptions};

    fn family() -> Vec<Puzzle> {
        let v = crate::search::tests::variant_puzzle;
        vec![
            crate::sequences::moves::frame_stewart_puzzle(4, 8),
            crate::sequences::moves::frame_stewart_puzzle(3, 6),
            v("cyclic4", "N", 6),
            v("four-in-a-row", "R", 6),
            v("domino", "DDE", 5),
            v("reversi", "BABB", 4),
            v("checkers", "P", 6),
            v("lundon", "Lundon", 4),
            v("star", "S", 5),
        ]
    }

    /// Minimum, layer sizes, states and completeness equal the in-memory search, stopping at
    /// the goal and exploring everything, with a buffer of 8192 states (several runs per
    /// layer on Reve's n = 8), and with runs merged two at a time as they are written.
    #[test]
    fn the_disk_search_equals_the_search_in_memory() {
        let root = std::env::temp_dir().join(format!("hanoilab-disk-test-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        for (i, p) in family().iter().enumerate() {
            for explore_all in [false, true] {
                let dir = root.join(format!("{i}-{explore_all}"));
                std::fs::create_dir_all(&dir).unwrap();
                let o = DiskOptions {
                    dir: &dir,
                    memory: 0,
                    explore_all,
                    progress: None,
                };
                let d = disk_search(p, &o).unwrap();
                // Runs merged two at a time as they are written: the same answer.
                let pairs = search_with_fan_in(p, &o, 2).unwrap();
                assert_eq!(
                    (pairs.minimum, pairs.states, &pairs.layers),
                    (d.minimum, d.states, &d.layers)
                );
                let m = search(
                    p,
                    &SearchOptions {
                        explore_all,
                        ..Default::default()
                    },
                )
                .unwrap();
                assert_eq!(
                    (d.minimum, d.states, &d.layers, d.complete),
                    (m.minimum, m.states, &m.layers, m.complete),
                    "puzzle {i}, explore_all {explore_all}"
                );
                // Nothing left behind.
                assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
            }
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A directory that already holds the search's subdirectory is refused.
    #[test]
    fn an_occupied_directory_is_refused() {
        let root = std::env::temp_dir().join(format!("hanoilab-disk-busy-{}", std::process::id()));
        std::fs::create_dir_all(root.join("layers")).unwrap();
        let p = crate::sequences::moves::frame_stewart_puzzle(4, 3);
        let r = disk_search(
            &p,
            &DiskOptions {
                dir: &root,
                memory: 0,
                explore_all: false,
                progress: None,
            },
        );
        assert!(matches!(r, Err(SearchError::Disk(_))));
        assert!(root.join("layers").exists(), "the user's directory stays");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
