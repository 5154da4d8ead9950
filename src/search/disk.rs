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
//!
//! Resumable runs ([`DiskOptions::resumable`]): the layer files are the checkpoint. After
//! every layer a small manifest (the puzzle's fingerprint, the crate version, the layer
//! sizes) is written beside them through a temporary file renamed over the old one, and only
//! then are the files the next layer no longer needs removed; the file of all visited
//! states carries its depth in its name, so the manifest always names files that exist and
//! agree with it. A kill at any instant leaves the manifest of the last completed layer and
//! its files; [`DiskOptions::resume`] continues from them (the files of the unfinished layer
//! are written again) and gives the answer of an uninterrupted run.

use super::dense::DenseSpace;
use super::{check_config, Encoding, Progress, SearchError, SearchResult};
use crate::puzzle::Puzzle;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
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
    /// Keep the layer files, with a manifest written after every layer, so that a killed or
    /// stopped run can be resumed; they are removed when the search ends with an answer.
    pub resumable: bool,
    /// Continue the resumable run whose files are in `dir` (the same puzzle and question).
    pub resume: bool,
    /// Checked after every layer (after its manifest): when set, the search stops with
    /// [`SearchError::Interrupted`], its files kept when resumable.
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> DiskOptions<'a> {
    /// Options for a run in `dir` with a buffer of `memory` bytes, stopping at the goal, not
    /// resumable.
    pub fn new(dir: &'a Path, memory: u64) -> DiskOptions<'a> {
        DiskOptions {
            dir,
            memory,
            explore_all: false,
            progress: None,
            resumable: false,
            resume: false,
            stop: None,
        }
    }
}

/// What a resumable run's manifest records after a completed layer.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct Manifest {
    format: u32,
    version: String,
    puzzle: String,
    explore_all: bool,
    sizes: Vec<u64>,
    found: Option<u64>,
}

/// Bumped whenever the layout of the files or the manifest changes.
const MANIFEST_FORMAT: u32 = 1;

/// The breadth-first search of `puzzle` with its layers on disk: the minimum and the layer
/// sizes (no counts, no solution). Needs the dense index (distinct sizes).
///
/// ```
/// use hanoilab::search::{disk_search, search, DiskOptions, SearchOptions};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// let p = frame_stewart_puzzle(4, 6);
/// let dir = std::env::temp_dir().join(format!("hanoilab-doc-disk-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let opts = DiskOptions::new(&dir, 1 << 16);
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
    let mut dir = Layers::create(opts.dir, opts.resume)?;
    // Kept on the way out unless the search ends with an answer (a resumable run's files
    // are its checkpoint; a resumed run's files were the user's).
    dir.keep = opts.resumable || opts.resume;
    let symmetric = space.is_symmetric();
    let cap = (opts.memory / 8).max(8192) as usize;
    let branching = space.max_branching() as usize;
    let stamp = |sizes: &[u64], found: Option<u64>| Manifest {
        format: MANIFEST_FORMAT,
        version: env!("CARGO_PKG_VERSION").to_string(),
        puzzle: super::checkpoint::fingerprint(puzzle),
        explore_all: opts.explore_all,
        sizes: sizes.to_vec(),
        found,
    };
    let (mut sizes, mut found) = if opts.resume {
        let m = dir.read_manifest()?;
        let mine = stamp(&m.sizes, m.found);
        if (m.format, &m.version, &m.puzzle, m.explore_all)
            != (mine.format, &mine.version, &mine.puzzle, mine.explore_all)
            || m.sizes.is_empty()
        {
            return Err(SearchError::Checkpoint(format!(
                "{}: the layers of another search (puzzle, --explore-all, hanoilab version or \
                 format differ)",
                dir.root.display()
            )));
        }
        (m.sizes, m.found)
    } else {
        dir.write(&dir.layer(0), &[start])?;
        if !symmetric {
            dir.write(&dir.visited(0), &[start])?;
        }
        let found = (goal == Some(start)).then_some(0u64);
        if opts.resumable {
            dir.write_manifest(&stamp(&[1], found))?;
        }
        (vec![1u64], found)
    };
    let mut states: u64 = sizes.iter().sum();
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
            vec![dir.visited(d)]
        };
        let mut seen: Vec<Words> = old
            .iter()
            .map(|p| Words::open(p))
            .collect::<Result<_, _>>()?;
        let mut out = dir.writer(&dir.layer(d + 1))?;
        let mut count = 0u64;
        let mut found_here = None;
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
                if goal == Some(v) {
                    found_here = Some(d as u64 + 1);
                }
            }
        }
        out.flush().map_err(|e| io(&dir.layer(d + 1), e))?;
        drop(out);
        for r in &runs {
            let _ = std::fs::remove_file(r);
        }
        if count == 0 {
            break true;
        }
        found = found.or(found_here);
        if !symmetric {
            merge_into_visited(&dir, d + 1)?;
        }
        sizes.push(count);
        states += count;
        // The manifest first, then the files only the previous layer needed: a kill in
        // between leaves extra files, never missing ones.
        if opts.resumable || opts.resume {
            dir.write_manifest(&stamp(&sizes, found))?;
        }
        if symmetric {
            // Layer d - 1 is no longer needed: d + 1's successors lie in d .. d + 2.
            if d >= 1 {
                let _ = std::fs::remove_file(dir.layer(d - 1));
            }
        } else {
            let _ = std::fs::remove_file(dir.visited(d));
            let _ = std::fs::remove_file(dir.layer(d));
        }
        if let Some(f) = opts.progress {
            f(Progress {
                depth: d as u64 + 1,
                layer: count,
                visited: states,
                space: space.space,
            });
        }
        if opts.stop.is_some_and(|s| s.load(Relaxed)) {
            return Err(SearchError::Interrupted {
                depth: d as u64 + 1,
                checkpoint: dir.keep.then(|| opts.dir.to_path_buf()),
            });
        }
    };
    dir.keep = false;
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

/// The search's own subdirectory, removed when the search ends (unless `keep`).
struct Layers {
    root: PathBuf,
    keep: bool,
}

impl Layers {
    /// A fresh `dir/layers`, or with `resume` the existing one of a resumable run.
    fn create(dir: &Path, resume: bool) -> Result<Layers, SearchError> {
        let root = dir.join("layers");
        if resume {
            if !root.join(MANIFEST).is_file() {
                return Err(SearchError::Checkpoint(format!(
                    "{}: no layers of a resumable disk search here",
                    root.display()
                )));
            }
            return Ok(Layers { root, keep: true });
        }
        std::fs::create_dir(&root).map_err(|e| match e.kind() {
            // Occupied: the user's mistake, as for an in-memory checkpoint directory that
            // already holds a checkpoint (exit 2 from the command line), not a disk failure.
            std::io::ErrorKind::AlreadyExists => SearchError::Checkpoint(format!(
                "{}: already exists (the layers of a resumable disk search continue with \
                 --resume; otherwise choose another directory)",
                root.display()
            )),
            _ => SearchError::Disk(format!(
                "{}: {e} (the disk search needs a fresh subdirectory there)",
                root.display()
            )),
        })?;
        Ok(Layers { root, keep: false })
    }
    fn layer(&self, d: usize) -> PathBuf {
        self.root.join(format!("layer-{d}"))
    }
    fn run(&self, k: usize) -> PathBuf {
        self.root.join(format!("run-{k}"))
    }
    /// The sorted file of the states of layers `0..=d`.
    fn visited(&self, d: usize) -> PathBuf {
        self.root.join(format!("visited-{d}"))
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
    /// The manifest through a synced temporary file renamed over the old one (the layer
    /// files it names are synced first).
    fn write_manifest(&self, m: &Manifest) -> Result<(), SearchError> {
        for e in std::fs::read_dir(&self.root).map_err(|e| io(&self.root, e))? {
            let path = e.map_err(|e| io(&self.root, e))?.path();
            if let Ok(f) = File::open(&path) {
                f.sync_all().map_err(|e| io(&path, e))?;
            }
        }
        let tmp = self.root.join(format!("{MANIFEST}.tmp"));
        let text = serde_json::to_string(m).expect("a manifest serialises");
        let mut f = File::create(&tmp).map_err(|e| io(&tmp, e))?;
        f.write_all(text.as_bytes()).map_err(|e| io(&tmp, e))?;
        f.sync_all().map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, self.root.join(MANIFEST)).map_err(|e| io(&tmp, e))
    }
    fn read_manifest(&self) -> Result<Manifest, SearchError> {
        let path = self.root.join(MANIFEST);
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        serde_json::from_str(&text).map_err(|e| {
            SearchError::Checkpoint(format!("{}: unreadable manifest ({e})", path.display()))
        })
    }
}

/// The manifest's file name in the layers directory.
const MANIFEST: &str = "manifest.json";

impl Drop for Layers {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.root);
        }
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

/// `visited-d`: the sorted union of `visited-(d-1)` and layer `d`.
fn merge_into_visited(dir: &Layers, d: usize) -> Result<(), SearchError> {
    let next = dir.root.join("visited.new");
    {
        let mut a = Words::open(&dir.visited(d - 1))?;
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
    std::fs::rename(&next, dir.visited(d)).map_err(|e| io(&next, e))
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
                    explore_all,
                    ..DiskOptions::new(&dir, 0)
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

    /// A run stopped after layer k (once, or twice with a resume in between; the second time
    /// with the files a kill in the middle of the next layer would leave: a partial layer
    /// and a stale run) and resumed gives the uninterrupted answer, and leaves nothing.
    #[test]
    fn interrupted_and_resumed_disk_searches_equal_uninterrupted_ones() {
        let root =
            std::env::temp_dir().join(format!("hanoilab-disk-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (i, p) in family().iter().enumerate() {
            for explore_all in [false, true] {
                let dir = root.join(format!("{i}-{explore_all}"));
                std::fs::create_dir_all(&dir).unwrap();
                let plain = DiskOptions {
                    explore_all,
                    ..DiskOptions::new(&dir, 0)
                };
                let whole = disk_search(p, &plain).unwrap();
                let last = whole.layers.len() as u64 - 1;
                for stops in [vec![1], vec![last / 2], vec![1, last.saturating_sub(1)]] {
                    let stops: Vec<u64> = stops.into_iter().filter(|&k| k >= 1).collect();
                    let mut resume = false;
                    for &k in &stops {
                        let stop = AtomicBool::new(false);
                        let hook = |pr: Progress| {
                            if pr.depth == k {
                                stop.store(true, Relaxed);
                            }
                        };
                        let o = DiskOptions {
                            progress: Some(&hook),
                            stop: Some(&stop),
                            resumable: true,
                            resume,
                            ..plain
                        };
                        match disk_search(p, &o) {
                            Err(SearchError::Interrupted { depth, checkpoint }) => {
                                assert_eq!((depth, checkpoint.as_deref()), (k, Some(&*dir)));
                            }
                            // Stopping at the goal's layer or past it: the answer comes first.
                            Ok(r) => {
                                panic!("puzzle {i}: answered {:?} before layer {k}", r.minimum)
                            }
                            Err(e) => panic!("puzzle {i}: {e}"),
                        }
                        // What a kill in the middle of layer k + 1 would leave behind.
                        let layers = dir.join("layers");
                        std::fs::write(layers.join(format!("layer-{}", k + 1)), [7u8; 24]).unwrap();
                        std::fs::write(layers.join("run-0"), [9u8; 16]).unwrap();
                        resume = true;
                    }
                    let o = DiskOptions {
                        resume: true,
                        resumable: true,
                        ..plain
                    };
                    let r = disk_search(p, &o).unwrap();
                    assert_eq!(
                        (r.minimum, r.states, &r.layers, r.complete),
                        (whole.minimum, whole.states, &whole.layers, whole.complete),
                        "puzzle {i}, explore_all {explore_all}, stops {stops:?}"
                    );
                    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
                }
            }
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The layers of another puzzle, or of another question, are not resumed (and stay);
    /// nor is a directory without them.
    #[test]
    fn a_disk_checkpoint_resumes_only_its_own_search() {
        let root = std::env::temp_dir().join(format!("hanoilab-disk-own-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let p = crate::sequences::moves::frame_stewart_puzzle(4, 6);
        let stop = AtomicBool::new(true);
        let o = DiskOptions {
            stop: Some(&stop),
            resumable: true,
            ..DiskOptions::new(&root, 0)
        };
        assert!(matches!(
            disk_search(&p, &o),
            Err(SearchError::Interrupted { depth: 1, .. })
        ));
        let resume = DiskOptions {
            resume: true,
            ..DiskOptions::new(&root, 0)
        };
        let other = crate::sequences::moves::frame_stewart_puzzle(4, 7);
        assert!(matches!(
            disk_search(&other, &resume),
            Err(SearchError::Checkpoint(_))
        ));
        let all = DiskOptions {
            explore_all: true,
            ..resume
        };
        assert!(matches!(
            disk_search(&p, &all),
            Err(SearchError::Checkpoint(_))
        ));
        assert!(
            root.join("layers").join(MANIFEST).is_file(),
            "the layers stay"
        );
        assert_eq!(disk_search(&p, &resume).unwrap().minimum, Some(17));
        let empty = DiskOptions {
            resume: true,
            ..DiskOptions::new(&root, 0)
        };
        assert!(matches!(
            disk_search(&p, &empty),
            Err(SearchError::Checkpoint(_))
        ));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A directory that already holds the search's subdirectory is refused.
    #[test]
    fn an_occupied_directory_is_refused() {
        let root = std::env::temp_dir().join(format!("hanoilab-disk-busy-{}", std::process::id()));
        std::fs::create_dir_all(root.join("layers")).unwrap();
        let p = crate::sequences::moves::frame_stewart_puzzle(4, 3);
        let r = disk_search(&p, &DiskOptions::new(&root, 0));
        assert!(matches!(r, Err(SearchError::Checkpoint(_))), "{r:?}");
        assert!(root.join("layers").exists(), "the user's directory stays");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
