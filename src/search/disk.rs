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
//! bytes per state). The answer is the minimum and the layer sizes, and with
//! [`DiskOptions::count`] the number of optimal solutions; a solution needs the in-memory
//! routes.
//!
//! Counting ([`DiskOptions::count`]): every record of a layer file carries its state's
//! number of shortest paths from the start (a limb count, then 64-bit limbs, least
//! significant first). The successors of a block of layer `d` are paired with their
//! parent's slot in the block, sorted, and each successor's parents' counts are summed into
//! one record of the run; the merge adds the counts of a state met in several runs. A
//! state's count is then the sum over its parents in layer `d`, which are all its
//! predecessors at that distance: the recurrence of the in-memory count.
//!
//! Resumable runs ([`DiskOptions::resumable`]): the layer files are the checkpoint. After
//! every layer a small manifest (the puzzle's fingerprint, the crate version, the layer
//! sizes) is written beside them through a temporary file renamed over the old one, and only
//! then are the files the next layer no longer needs removed; the file of all visited
//! states carries its depth in its name, so the manifest always names files that exist and
//! agree with it. A kill at any instant leaves the manifest of the last completed layer and
//! its files; [`DiskOptions::resume`] continues from them (the files of the unfinished layer
//! are written again) and gives the answer of an uninterrupted run.

use super::checkpoint::Sum;
use super::counting::to_biguint;
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
    /// Also count the optimal solutions: each state's number of shortest paths goes beside
    /// it in the layer files (the buffer then holds a parent's count once and 16 bytes per
    /// successor).
    pub count: bool,
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
            count: false,
        }
    }
}

/// What a resumable run's manifest records after a completed layer.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug, Clone)]
struct Manifest {
    format: u32,
    version: String,
    puzzle: String,
    explore_all: bool,
    sizes: Vec<u64>,
    found: Option<u64>,
    /// Counting: the layer files carry counts.
    #[serde(default)]
    count: bool,
    /// Counting: the goal's count (decimal), once found.
    #[serde(default)]
    goal_count: Option<String>,
    /// The files the next layer reads, each with its length, records and checksum: a
    /// truncated file, a flipped byte or a layer copied over another is refused on resume.
    #[serde(default)]
    files: Vec<Stamp>,
    /// The checksum of the manifest itself (written with this field empty), in hex.
    #[serde(default)]
    check: String,
}

/// What a manifest records of one file.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug, Clone)]
struct Stamp {
    name: String,
    bytes: u64,
    records: u64,
    /// The file's checksum (of its 8-byte words), in hex.
    sum: String,
}

/// Bumped whenever the layout of the files or the manifest changes.
const MANIFEST_FORMAT: u32 = 2;

/// The breadth-first search of `puzzle` with its layers on disk: the minimum, the layer
/// sizes and, with `opts.count`, the number of optimal solutions (no solution). Needs the
/// dense index (distinct sizes).
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
/// // With the number of optimal solutions:
/// let counted = disk_search(&p, &DiskOptions { count: true, ..DiskOptions::new(&dir, 1 << 16) }).unwrap();
/// let counts = SearchOptions { count: true, ..Default::default() };
/// assert_eq!(counted.optimal_solutions, search(&p, &counts).unwrap().optimal_solutions);
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
    let mut dir = Layers::create(opts.dir, opts.resume, space.space)?;
    // Kept on the way out unless the search ends with an answer (a resumable run's files
    // are its checkpoint; a resumed run's files were the user's).
    dir.keep = opts.resumable || opts.resume;
    let symmetric = space.is_symmetric();
    let count = opts.count;
    let cap = (opts.memory / 8).max(8192) as usize;
    let branching = space.max_branching() as usize;
    let stamp =
        |sizes: &[u64], found: Option<u64>, goal_count: Option<String>, files: &[Stamp]| Manifest {
            format: MANIFEST_FORMAT,
            version: env!("CARGO_PKG_VERSION").to_string(),
            puzzle: super::checkpoint::fingerprint(puzzle),
            explore_all: opts.explore_all,
            sizes: sizes.to_vec(),
            found,
            count,
            goal_count,
            files: files.to_vec(),
            check: String::new(),
        };
    // The files the next layer reads, as the manifest records them.
    let mut files: Vec<Stamp>;
    // The goal's count, once found (limbs).
    let mut goal_count: Option<Vec<u64>> = None;
    let (mut sizes, mut found) = if opts.resume {
        let m = dir.read_manifest()?;
        let mine = stamp(&m.sizes, m.found, None, &[]);
        if (m.format, &m.version, &m.puzzle, m.explore_all, m.count)
            != (
                mine.format,
                &mine.version,
                &mine.puzzle,
                mine.explore_all,
                count,
            )
            || m.sizes.is_empty()
        {
            return Err(SearchError::Checkpoint(format!(
                "{}: the layers of another search (puzzle, --explore-all, --count, hanoilab \
                 version or format differ)",
                dir.root.display()
            )));
        }
        if let Some(c) = &m.goal_count {
            let c: num_bigint::BigUint = c.parse().map_err(|_| {
                SearchError::Damaged(format!("{}: unreadable goal count", dir.root.display()))
            })?;
            goal_count = Some(c.to_u64_digits());
        }
        let ends = Ends { start, goal };
        verify(&dir, &m, symmetric, &ends, goal_count.as_deref())?;
        files = m.files;
        (m.sizes, m.found)
    } else {
        let root = [Record::new(start, &[1])];
        files = vec![dir.write_records(&dir.layer(0), &root, count)?];
        if !symmetric {
            files.push(dir.write(&dir.visited(0), &[start])?);
        }
        let found = (goal == Some(start)).then_some(0u64);
        if found.is_some() && count {
            goal_count = Some(vec![1]);
        }
        if opts.resumable {
            dir.write_manifest(&stamp(&[1], found, decimal(&goal_count), &files))?;
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
        let mut runs: Vec<PathBuf> = Vec::new();
        let mut reader = dir.open(&dir.layer(d), count)?;
        // A new run's path; once `fan_in` are written, they are merged into one.
        let new_run = |runs: &mut Vec<PathBuf>| {
            runs.push(dir.run(runs.len()));
            runs[runs.len() - 1].clone()
        };
        let settle = |runs: &mut Vec<PathBuf>| -> Result<(), SearchError> {
            if runs.len() >= fan_in.max(2) {
                let one = dir.run(runs.len());
                merge_runs(&dir, runs, &one, count)?;
                *runs = vec![dir.run(0)];
                std::fs::rename(&one, &runs[0]).map_err(|e| io(&one, e))?;
            }
            Ok(())
        };
        let mut buf: Vec<u64> = Vec::new();
        if count {
            let mut block = CountedBlock::default();
            let budget = opts.memory.max(1 << 16);
            while let Some(u) = reader.next_word()? {
                block.parent(u, &reader.count, &space);
                // (Slots are 32-bit: a block of 2^32 parents is written out whatever the
                // budget.)
                if block.bytes() + 16 * branching as u64 > budget
                    || block.starts.len() >= u32::MAX as usize
                {
                    block.write_run(&dir, &new_run(&mut runs))?;
                    settle(&mut runs)?;
                }
            }
            // (The block's last successors go to a run too: the merge adds counts of runs.)
            if !block.pairs.is_empty() {
                block.write_run(&dir, &new_run(&mut runs))?;
            }
        } else {
            buf.reserve(cap);
            while let Some(u) = reader.next_word()? {
                space.for_each_successor(u, |v, _| buf.push(v));
                if buf.len() + branching > cap {
                    sort_unique(&mut buf);
                    dir.write(&new_run(&mut runs), &buf)?;
                    settle(&mut runs)?;
                    buf.clear();
                }
            }
            sort_unique(&mut buf);
        }
        drop(reader);
        // Merged (counts added), the states met before dropped, written as layer d + 1.
        let mut merged = Merge::new(&dir, &runs, buf, count)?;
        let old: Vec<(PathBuf, bool)> = if symmetric {
            (d.saturating_sub(1)..=d)
                .map(|e| (dir.layer(e), count))
                .collect()
        } else {
            vec![(dir.visited(d), false)]
        };
        let mut seen: Vec<Words> = old
            .iter()
            .map(|(p, counted)| dir.open(p, *counted))
            .collect::<Result<_, _>>()?;
        let next = dir.layer(d + 1);
        let mut out = dir.writer(&next)?;
        let mut layer_len = 0u64;
        let mut found_here = None;
        let mut sum = Vec::new();
        while let Some(v) = merged.next_record(&mut sum)? {
            let mut met = false;
            for s in &mut seen {
                if s.skip_below(v)? == Some(v) {
                    met = true;
                }
            }
            if !met {
                out.record(&Record::new(v, &sum), count)?;
                layer_len += 1;
                if goal == Some(v) {
                    found_here = Some(d as u64 + 1);
                    if count {
                        goal_count = Some(sum.clone());
                    }
                }
            }
        }
        let new_layer = out.finish()?;
        for r in &runs {
            let _ = std::fs::remove_file(r);
        }
        if layer_len == 0 {
            break true;
        }
        found = found.or(found_here);
        files = if symmetric {
            let older = files.iter().find(|f| f.name == file_name(&dir.layer(d)));
            older.into_iter().cloned().chain([new_layer]).collect()
        } else {
            vec![new_layer, merge_into_visited(&dir, d + 1, count)?]
        };
        sizes.push(layer_len);
        states += layer_len;
        // The manifest first, then the files only the previous layer needed: a kill in
        // between leaves extra files, never missing ones.
        if opts.resumable || opts.resume {
            dir.write_manifest(&stamp(&sizes, found, decimal(&goal_count), &files))?;
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
                layer: layer_len,
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
        // As in memory: a count only for a goal that was reached.
        optimal_solutions: found
            .and(goal_count)
            .map(|c| num_bigint::BigInt::from(to_biguint(&c))),
        solution: None,
        encoding: Encoding::Disk { space: space.space },
        elapsed: t0.elapsed(),
    })
}

/// The goal's count in decimal, for the manifest.
fn decimal(limbs: &Option<Vec<u64>>) -> Option<String> {
    limbs.as_ref().map(|c| to_biguint(c).to_string())
}

/// `acc += x` on counts as 64-bit limbs, least significant first.
fn add_limbs(acc: &mut Vec<u64>, x: &[u64]) {
    if acc.len() < x.len() {
        acc.resize(x.len(), 0);
    }
    let mut carry = false;
    for (i, a) in acc.iter_mut().enumerate() {
        let xi = x.get(i).copied().unwrap_or(0);
        if i >= x.len() && !carry {
            break;
        }
        let (s, c1) = a.overflowing_add(xi);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        *a = s;
        carry = c1 || c2;
    }
    if carry {
        acc.push(1);
    }
}

/// A state and, when counting, its count (limbs).
struct Record<'a> {
    state: u64,
    count: &'a [u64],
}

impl<'a> Record<'a> {
    fn new(state: u64, count: &'a [u64]) -> Record<'a> {
        Record { state, count }
    }
}

/// The successors of a block of a counted layer, each paired with its parent's slot; the
/// parents' counts side by side.
#[derive(Default)]
struct CountedBlock {
    pairs: Vec<(u64, u32)>,
    /// The parents' counts, one after the other; `starts[s]` is where slot `s`'s begins.
    limbs: Vec<u64>,
    starts: Vec<usize>,
}

impl CountedBlock {
    /// Adds parent `u` with its count: its successors, paired with its slot.
    fn parent(&mut self, u: u64, count: &[u64], space: &DenseSpace) {
        let slot = self.starts.len() as u32;
        self.starts.push(self.limbs.len());
        self.limbs.extend_from_slice(count);
        space.for_each_successor(u, |v, _| self.pairs.push((v, slot)));
    }

    fn bytes(&self) -> u64 {
        16 * self.pairs.len() as u64 + 8 * (self.limbs.len() + self.starts.len()) as u64
    }

    fn count(&self, slot: u32) -> &[u64] {
        let s = slot as usize;
        let end = self.starts.get(s + 1).copied().unwrap_or(self.limbs.len());
        &self.limbs[self.starts[s]..end]
    }

    /// Sorts the successors, sums each one's parents' counts, writes the sorted run to
    /// `path`, and empties the block.
    fn write_run(&mut self, dir: &Layers, path: &Path) -> Result<(), SearchError> {
        self.pairs.sort_unstable_by_key(|p| p.0);
        let mut w = dir.writer(path)?;
        let mut sum = Vec::new();
        let mut i = 0;
        while i < self.pairs.len() {
            let v = self.pairs[i].0;
            sum.clear();
            while i < self.pairs.len() && self.pairs[i].0 == v {
                add_limbs(&mut sum, self.count(self.pairs[i].1));
                i += 1;
            }
            w.record(&Record::new(v, &sum), true)?;
        }
        w.finish()?;
        self.pairs.clear();
        self.limbs.clear();
        self.starts.clear();
        Ok(())
    }
}

fn sort_unique(buf: &mut Vec<u64>) {
    buf.sort_unstable();
    buf.dedup();
}

fn io(path: &Path, e: std::io::Error) -> SearchError {
    SearchError::Disk(format!("{}: {e}", path.display()))
}

/// A file's name (for the manifest, which names files within the layers directory).
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// A file being written, with the length, records and checksum its [`Stamp`] records.
struct Out {
    w: BufWriter<File>,
    path: PathBuf,
    sum: Sum,
    bytes: u64,
    records: u64,
}

impl Out {
    fn word(&mut self, v: u64) -> Result<(), SearchError> {
        self.sum.word(v);
        self.bytes += 8;
        self.w
            .write_all(&v.to_le_bytes())
            .map_err(|e| io(&self.path, e))
    }

    /// A record: the state, then with `counted` its count's number of limbs and the limbs.
    fn record(&mut self, r: &Record, counted: bool) -> Result<(), SearchError> {
        self.records += 1;
        self.word(r.state)?;
        if counted {
            self.word(r.count.len() as u64)?;
            for &l in r.count {
                self.word(l)?;
            }
        }
        Ok(())
    }

    /// Flushes the file; what the manifest records of it.
    fn finish(mut self) -> Result<Stamp, SearchError> {
        self.w.flush().map_err(|e| io(&self.path, e))?;
        Ok(Stamp {
            name: file_name(&self.path),
            bytes: self.bytes,
            records: self.records,
            sum: format!("{:016x}", self.sum.finish()),
        })
    }
}

/// The search's own subdirectory, removed when the search ends (unless `keep`), over an
/// index space of `space` indices.
struct Layers {
    root: PathBuf,
    keep: bool,
    space: u64,
}

impl Layers {
    /// A fresh `dir/layers`, or with `resume` the existing one of a resumable run.
    fn create(dir: &Path, resume: bool, space: u64) -> Result<Layers, SearchError> {
        let root = dir.join("layers");
        if resume {
            if !root.join(MANIFEST).is_file() {
                return Err(SearchError::Checkpoint(format!(
                    "{}: no layers of a resumable disk search here",
                    root.display()
                )));
            }
            return Ok(Layers {
                root,
                keep: true,
                space,
            });
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
        Ok(Layers {
            root,
            keep: false,
            space,
        })
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
    fn writer(&self, path: &Path) -> Result<Out, SearchError> {
        let f = File::create(path).map_err(|e| io(path, e))?;
        Ok(Out {
            w: BufWriter::with_capacity(1 << 16, f),
            path: path.to_path_buf(),
            sum: Sum::new(),
            bytes: 0,
            records: 0,
        })
    }
    /// A sorted file of states (records when `counted`) of this index space.
    fn open(&self, path: &Path, counted: bool) -> Result<Words, SearchError> {
        Words::open(path, counted, self.space)
    }
    fn write(&self, path: &Path, words: &[u64]) -> Result<Stamp, SearchError> {
        let mut w = self.writer(path)?;
        for &v in words {
            w.record(&Record::new(v, &[]), false)?;
        }
        w.finish()
    }
    fn write_records(
        &self,
        path: &Path,
        records: &[Record],
        counted: bool,
    ) -> Result<Stamp, SearchError> {
        let mut w = self.writer(path)?;
        for r in records {
            w.record(r, counted)?;
        }
        w.finish()
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
        let mut sealed = m.clone();
        sealed.check = manifest_sum(m);
        let text = serde_json::to_string(&sealed).expect("a manifest serialises");
        let mut f = File::create(&tmp).map_err(|e| io(&tmp, e))?;
        f.write_all(text.as_bytes()).map_err(|e| io(&tmp, e))?;
        f.sync_all().map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, self.root.join(MANIFEST)).map_err(|e| io(&tmp, e))
    }
    fn read_manifest(&self) -> Result<Manifest, SearchError> {
        let path = self.root.join(MANIFEST);
        let text = std::fs::read(&path).map_err(|e| io(&path, e))?;
        let m: Manifest = serde_json::from_slice(&text).map_err(|e| {
            SearchError::Damaged(format!("{}: unreadable manifest ({e})", path.display()))
        })?;
        // (A manifest of another format is refused as another search's, by the caller.)
        if m.format == MANIFEST_FORMAT && m.check != manifest_sum(&m) {
            return Err(SearchError::Damaged(format!(
                "{}: checksum mismatch (the manifest is damaged or edited)",
                path.display()
            )));
        }
        Ok(m)
    }
}

/// The checksum of a manifest with its `check` field empty, in hex.
fn manifest_sum(m: &Manifest) -> String {
    let mut bare = m.clone();
    bare.check.clear();
    let text = serde_json::to_vec(&bare).expect("a manifest serialises");
    let mut sum = Sum::new();
    sum.update(&text);
    format!("{:016x}", sum.finish())
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

/// A sorted file of states (with `counted`, records: each state followed by its count),
/// read one at a time, each checked as it comes: strictly increasing, inside the index
/// space, a count of 1 to [`MAX_LIMBS`] limbs not all zero, no partial record at the end.
/// The words read are summed as the writer's [`Out`] summed them.
struct Words {
    r: BufReader<File>,
    path: PathBuf,
    head: Option<u64>,
    started: bool,
    counted: bool,
    /// The count of the state last read (with `counted`).
    count: Vec<u64>,
    space: u64,
    last: Option<u64>,
    sum: Sum,
    bytes: u64,
    records: u64,
    /// A state looked for, and its count (empty when not counted) once it is read.
    watch: Option<u64>,
    watched: Option<Vec<u64>>,
}

/// Limbs of a count past which a record is taken as damaged (2^(64 * 2^20)).
const MAX_LIMBS: u64 = 1 << 20;

impl Words {
    fn open(path: &Path, counted: bool, space: u64) -> Result<Words, SearchError> {
        let f = File::open(path).map_err(|e| match e.kind() {
            // A file the manifest names is missing: the layers were tampered with.
            std::io::ErrorKind::NotFound => {
                SearchError::Damaged(format!("{}: missing", path.display()))
            }
            _ => io(path, e),
        })?;
        Ok(Words {
            r: BufReader::with_capacity(1 << 16, f),
            path: path.to_path_buf(),
            head: None,
            started: false,
            counted,
            count: Vec::new(),
            space,
            last: None,
            sum: Sum::new(),
            bytes: 0,
            records: 0,
            watch: None,
            watched: None,
        })
    }
    fn word(&mut self) -> Result<Option<u64>, SearchError> {
        let mut b = [0u8; 8];
        let mut got = 0;
        while got < 8 {
            match self.r.read(&mut b[got..]) {
                Ok(0) => break,
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io(&self.path, e)),
            }
        }
        match got {
            0 => Ok(None),
            8 => {
                let w = u64::from_le_bytes(b);
                self.sum.word(w);
                self.bytes += 8;
                Ok(Some(w))
            }
            _ => Err(self.damaged("a partial word at the end (truncated)")),
        }
    }
    fn damaged(&self, what: &str) -> SearchError {
        SearchError::Damaged(format!("{}: {what}", self.path.display()))
    }
    /// The next state (and, with `counted`, its count in `self.count`).
    fn next_word(&mut self) -> Result<Option<u64>, SearchError> {
        let v = self.word()?;
        let Some(state) = v else {
            return Ok(None);
        };
        if state >= self.space {
            return Err(self.damaged("an index past the index space"));
        }
        if self.last.is_some_and(|l| state <= l) {
            return Err(self.damaged("states not strictly increasing"));
        }
        self.last = Some(state);
        self.records += 1;
        if self.counted {
            let k = match self.word()? {
                Some(k) if (1..=MAX_LIMBS).contains(&k) => k,
                _ => return Err(self.damaged("a damaged count record")),
            };
            self.count.clear();
            for _ in 0..k {
                match self.word()? {
                    Some(l) => self.count.push(l),
                    None => return Err(self.damaged("a damaged count record")),
                }
            }
            if self.count.iter().all(|&l| l == 0) {
                return Err(self.damaged("a state with no path from the start"));
            }
        }
        if self.watch == v {
            self.watched = Some(self.count.clone());
        }
        Ok(v)
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
    /// Reads to the end; the file as its [`Stamp`] would record it.
    fn stamp(&mut self) -> Result<Stamp, SearchError> {
        while self.next_word()?.is_some() {}
        Ok(Stamp {
            name: file_name(&self.path),
            bytes: self.bytes,
            records: self.records,
            sum: format!("{:016x}", self.sum.finish()),
        })
    }
}

/// The start and the goal's indices.
struct Ends {
    start: u64,
    goal: Option<u64>,
}

/// Before a resume: the files the manifest names against it and against each other. Each
/// is there, of the length, records and checksum recorded; states strictly increasing in
/// the space; the layer files of their sizes, the visited file (one-way moves) of their
/// sum holding the last layer, two consecutive layers (moves that can be undone) apart;
/// layer 0 the start alone; a goal found in a layer still on disk in that layer, with the
/// manifest's count, and a goal not found in none of them. One pass over each file.
fn verify(
    dir: &Layers,
    m: &Manifest,
    symmetric: bool,
    ends: &Ends,
    goal_count: Option<&[u64]>,
) -> Result<(), SearchError> {
    let bad = |what: String| SearchError::Damaged(format!("{}: {what}", dir.root.display()));
    let sizes = &m.sizes;
    let d = sizes.len() - 1;
    if sizes[0] != 1 || sizes.contains(&0) {
        return Err(bad(
            "the manifest's layer sizes are not those of a search".into()
        ));
    }
    if let Some(f) = m.found {
        if f as usize > d || (!m.explore_all && f as usize != d) {
            return Err(bad(format!(
                "the goal found at depth {f} of a search at depth {d}"
            )));
        }
    }
    if m.found.is_some() != goal_count.is_some() && m.count {
        return Err(bad("the goal's count does not match its depth".into()));
    }
    let states = sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
    // (path, counted, records) of the files the next layer reads: the older one first.
    let mut wanted = Vec::new();
    if symmetric {
        if d >= 1 {
            wanted.push((dir.layer(d - 1), m.count, Some(sizes[d - 1])));
        }
    } else {
        wanted.push((dir.visited(d), false, states));
    }
    wanted.push((dir.layer(d), m.count, Some(sizes[d])));
    let names: Vec<String> = wanted.iter().map(|w| file_name(&w.0)).collect();
    let mut recorded: Vec<&Stamp> = m.files.iter().collect();
    recorded.sort_by(|a, b| a.name.cmp(&b.name));
    let mut sorted_names = names.clone();
    sorted_names.sort();
    if recorded.iter().map(|f| &f.name).ne(sorted_names.iter()) {
        return Err(bad(format!(
            "the manifest does not name the files a search at depth {d} reads ({})",
            names.join(", ")
        )));
    }
    let stamp_of = |name: &str| m.files.iter().find(|f| f.name == name).expect("named");
    for (path, counted, records) in &wanted {
        let s = stamp_of(&file_name(path));
        let len = std::fs::metadata(path)
            .map_err(|_| SearchError::Damaged(format!("{}: missing", path.display())))?
            .len();
        let whole = *counted || s.bytes == 8 * s.records;
        if len != s.bytes || Some(s.records) != *records || !whole {
            return Err(SearchError::Damaged(format!(
                "{}: {len} bytes, the manifest records {} bytes of {} states and the layers                  {} (truncated, replaced or edited)",
                path.display(),
                s.bytes,
                s.records,
                records.map_or("more than 2^64".into(), |r| r.to_string())
            )));
        }
    }
    // One pass over both files: `older` (the layer before, or every state met) and the
    // last layer, each watched for the goal.
    let open = |(path, counted, _): &(PathBuf, bool, Option<u64>)| {
        let mut w = dir.open(path, *counted)?;
        w.watch = ends.goal;
        Ok::<Words, SearchError>(w)
    };
    let last_path = &wanted[wanted.len() - 1].0;
    let mut last = open(&wanted[wanted.len() - 1])?;
    let mut older = (wanted.len() == 2).then(|| open(&wanted[0])).transpose()?;
    while let Some(v) = last.next_word()? {
        let met = match older.as_mut() {
            Some(o) => o.skip_below(v)? == Some(v),
            None => false,
        };
        if met == symmetric {
            let what = match symmetric {
                true => "shares a state with the layer before it",
                false => "holds a state the file of every state met does not",
            };
            return Err(SearchError::Damaged(format!(
                "{}: {what}",
                last_path.display()
            )));
        }
    }
    let mut stamps = vec![last.stamp()?];
    if let Some(o) = older.as_mut() {
        stamps.push(o.stamp()?);
    }
    let first = match d {
        0 => last.last,
        1 if symmetric => older.as_ref().and_then(|o| o.last),
        _ => Some(ends.start),
    };
    for s in &stamps {
        if stamp_of(&s.name) != s {
            return Err(SearchError::Damaged(format!(
                "{}: checksum mismatch (the file is damaged or another layer's)",
                dir.root.join(&s.name).display()
            )));
        }
    }
    if first != Some(ends.start) {
        return Err(bad("the first layer is not the start alone".into()));
    }
    let in_last = last.watched.take();
    let in_older = older.and_then(|mut o| o.watched.take());
    // Where the goal must be (depth, count) for the depth it was found at, as far as the
    // files on disk tell.
    let fail = |what: &str| Err(bad(format!("the goal {what}")));
    match (m.found, symmetric) {
        (Some(f), _) if f as usize == d => match &in_last {
            None => return fail(&format!("found at depth {f} is not in that layer")),
            Some(c) if m.count && goal_count != Some(&c[..]) => {
                return fail("has another count than its record's")
            }
            _ => {}
        },
        (Some(f), true) => {
            if in_last.is_some() || (f as usize + 1 == d) != in_older.is_some() {
                return fail(&format!("found at depth {f} is not in that layer"));
            }
        }
        (Some(f), false) => {
            if in_last.is_some() || in_older.is_none() {
                return fail(&format!("found at depth {f} is not in that layer"));
            }
        }
        (None, _) => {
            if in_last.is_some() || in_older.is_some() {
                return fail("is met but was not found");
            }
        }
    }
    Ok(())
}

/// The sorted union of sorted runs on disk and one sorted buffer in memory (the counts of
/// a state met in several counted runs added).
struct Merge {
    runs: Vec<Words>,
    buf: std::vec::IntoIter<u64>,
    heap: BinaryHeap<Reverse<(u64, usize)>>,
}

impl Merge {
    fn new(
        dir: &Layers,
        paths: &[PathBuf],
        buf: Vec<u64>,
        counted: bool,
    ) -> Result<Merge, SearchError> {
        let mut m = Merge {
            runs: paths
                .iter()
                .map(|p| dir.open(p, counted))
                .collect::<Result<_, _>>()?,
            buf: buf.into_iter(),
            heap: BinaryHeap::new(),
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
    /// The next state, once however many sources hold it; with counted runs, the sum of
    /// its counts in `sum`.
    fn next_record(&mut self, sum: &mut Vec<u64>) -> Result<Option<u64>, SearchError> {
        let Some(Reverse((v, k))) = self.heap.pop() else {
            return Ok(None);
        };
        sum.clear();
        let mut take = |m: &mut Merge, k: usize| -> Result<(), SearchError> {
            // A source's count is its head's until it reads the next record.
            if let Some(r) = m.runs.get(k).filter(|r| r.counted) {
                add_limbs(sum, &r.count);
            }
            m.refill(k)
        };
        take(self, k)?;
        while let Some(&Reverse((w, j))) = self.heap.peek() {
            if w != v {
                break;
            }
            self.heap.pop();
            take(self, j)?;
        }
        Ok(Some(v))
    }
}

/// The sorted union of the `runs` written to `out` (counts added when `counted`); the runs
/// are removed.
fn merge_runs(
    dir: &Layers,
    runs: &[PathBuf],
    out: &Path,
    counted: bool,
) -> Result<(), SearchError> {
    let mut merged = Merge::new(dir, runs, Vec::new(), counted)?;
    let mut w = dir.writer(out)?;
    let mut sum = Vec::new();
    while let Some(v) = merged.next_record(&mut sum)? {
        w.record(&Record::new(v, &sum), counted)?;
    }
    w.finish()?;
    drop(merged);
    for r in runs {
        let _ = std::fs::remove_file(r);
    }
    Ok(())
}

/// `visited-d`: the sorted union of `visited-(d-1)` and (the states of) layer `d`; what
/// the manifest records of it.
fn merge_into_visited(dir: &Layers, d: usize, counted: bool) -> Result<Stamp, SearchError> {
    let next = dir.root.join("visited.new");
    let mut stamp = {
        let mut a = dir.open(&dir.visited(d - 1), false)?;
        let mut b = dir.open(&dir.layer(d), counted)?;
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
            out.record(&Record::new(v, &[]), false)?;
        }
        out.finish()?
    };
    std::fs::rename(&next, dir.visited(d)).map_err(|e| io(&next, e))?;
    stamp.name = file_name(&dir.visited(d));
    Ok(stamp)
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
            for (explore_all, count) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let dir = root.join(format!("{i}-{explore_all}-{count}"));
                std::fs::create_dir_all(&dir).unwrap();
                let o = DiskOptions {
                    explore_all,
                    count,
                    ..DiskOptions::new(&dir, 0)
                };
                let d = disk_search(p, &o).unwrap();
                // Runs merged two at a time as they are written: the same answer.
                let pairs = search_with_fan_in(p, &o, 2).unwrap();
                assert_eq!(
                    (
                        pairs.minimum,
                        pairs.states,
                        &pairs.layers,
                        &pairs.optimal_solutions
                    ),
                    (d.minimum, d.states, &d.layers, &d.optimal_solutions)
                );
                let m = search(
                    p,
                    &SearchOptions {
                        explore_all,
                        count,
                        ..Default::default()
                    },
                )
                .unwrap();
                let what = format!("puzzle {i}, explore_all {explore_all}, count {count}");
                assert_eq!(
                    (d.minimum, d.states, &d.layers, d.complete),
                    (m.minimum, m.states, &m.layers, m.complete),
                    "{what}"
                );
                assert_eq!(d.optimal_solutions, m.optimal_solutions, "{what}");
                assert_eq!(d.optimal_solutions.is_some(), count, "{what}");
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
            for (explore_all, count) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let dir = root.join(format!("{i}-{explore_all}-{count}"));
                std::fs::create_dir_all(&dir).unwrap();
                let plain = DiskOptions {
                    explore_all,
                    count,
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
                        "puzzle {i}, explore_all {explore_all}, count {count}, stops {stops:?}"
                    );
                    assert_eq!(r.optimal_solutions, whole.optimal_solutions);
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
        let counted = DiskOptions {
            count: true,
            ..resume
        };
        assert!(matches!(
            disk_search(&p, &counted),
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

    /// Damaged or forged layer files and manifests are refused with
    /// [`SearchError::Damaged`] (never another answer): the last layer truncated (by a
    /// record, by 3 bytes), a byte flipped in it, an older layer (or the file of every state
    /// met) copied over it, the manifest's last size edited (plainly, and with its checksum
    /// recomputed), the goal's depth forged; the undamaged files still resume to the answer.
    #[test]
    fn damaged_or_forged_layer_files_are_refused() {
        let root =
            std::env::temp_dir().join(format!("hanoilab-disk-forged-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let reves = crate::sequences::moves::frame_stewart_puzzle(4, 7);
        let cyclic = crate::search::tests::variant_puzzle("cyclic4", "N", 5);
        for (i, (p, count)) in [
            (&reves, false),
            (&reves, true),
            (&cyclic, false),
            (&cyclic, true),
        ]
        .into_iter()
        .enumerate()
        {
            let dir = root.join(i.to_string());
            std::fs::create_dir_all(&dir).unwrap();
            let plain = DiskOptions {
                count,
                ..DiskOptions::new(&dir, 0)
            };
            let whole = disk_search(p, &plain).unwrap();
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
                ..plain
            };
            assert!(matches!(
                disk_search(p, &o),
                Err(SearchError::Interrupted { depth: 4, .. })
            ));
            let layers = dir.join("layers");
            let saved = root.join(format!("{i}-saved"));
            let copy = |from: &Path, to: &Path| {
                let _ = std::fs::remove_dir_all(to);
                std::fs::create_dir_all(to).unwrap();
                for e in std::fs::read_dir(from).unwrap() {
                    let e = e.unwrap();
                    std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
                }
            };
            copy(&layers, &saved);
            let resume = DiskOptions {
                resume: true,
                resumable: true,
                ..plain
            };
            let last = layers.join("layer-4");
            let manifest = layers.join(MANIFEST);
            let older = if space_is_symmetric(p) {
                layers.join("layer-3")
            } else {
                layers.join("visited-4")
            };
            type Damage<'a> = (&'a str, Box<dyn Fn() + 'a>);
            let damages: Vec<Damage> = vec![
                ("the last layer truncated by a record", {
                    let last = last.clone();
                    Box::new(move || {
                        let b = std::fs::read(&last).unwrap();
                        std::fs::write(&last, &b[..b.len() - 8]).unwrap();
                    })
                }),
                ("the last layer truncated by 3 bytes", {
                    let last = last.clone();
                    Box::new(move || {
                        let b = std::fs::read(&last).unwrap();
                        std::fs::write(&last, &b[..b.len() - 3]).unwrap();
                    })
                }),
                ("a byte of the last layer flipped", {
                    let last = last.clone();
                    Box::new(move || {
                        let mut b = std::fs::read(&last).unwrap();
                        b[1] ^= 0x40;
                        std::fs::write(&last, &b).unwrap();
                    })
                }),
                ("an older file copied over the last layer", {
                    let (last, older) = (last.clone(), older.clone());
                    Box::new(move || {
                        std::fs::copy(&older, &last).unwrap();
                    })
                }),
                ("the manifest's last size edited", {
                    let manifest = manifest.clone();
                    Box::new(move || {
                        let mut m: Manifest =
                            serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
                        *m.sizes.last_mut().unwrap() += 1;
                        std::fs::write(&manifest, serde_json::to_vec(&m).unwrap()).unwrap();
                    })
                }),
                (
                    "the manifest's last size edited, its checksum recomputed",
                    {
                        let manifest = manifest.clone();
                        Box::new(move || {
                            let mut m: Manifest =
                                serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
                            *m.sizes.last_mut().unwrap() += 1;
                            m.check = manifest_sum(&m);
                            std::fs::write(&manifest, serde_json::to_vec(&m).unwrap()).unwrap();
                        })
                    },
                ),
                ("the goal's depth forged, the checksum recomputed", {
                    let manifest = manifest.clone();
                    Box::new(move || {
                        let mut m: Manifest =
                            serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
                        m.found = Some(4);
                        m.goal_count = count.then(|| "1".to_string());
                        m.check = manifest_sum(&m);
                        std::fs::write(&manifest, serde_json::to_vec(&m).unwrap()).unwrap();
                    })
                }),
            ];
            for (what, damage) in &damages {
                copy(&saved, &layers);
                damage();
                match disk_search(p, &resume) {
                    Err(SearchError::Damaged(m)) => assert!(!m.is_empty()),
                    other => panic!("puzzle {i}, {what}: {other:?}"),
                }
            }
            copy(&saved, &layers);
            let r = disk_search(p, &resume).unwrap();
            assert_eq!(
                (r.minimum, &r.layers, &r.optimal_solutions),
                (whole.minimum, &whole.layers, &whole.optimal_solutions)
            );
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    fn space_is_symmetric(p: &Puzzle) -> bool {
        DenseSpace::new(p).unwrap().is_symmetric()
    }

    /// Limb addition equals big-integer addition, carries through every limb included.
    #[test]
    fn limb_sums_equal_big_integer_sums() {
        let big = |l: &[u64]| to_biguint(l);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Many all-ones limbs, so that carries run far.
            if x % 3 == 0 {
                u64::MAX
            } else {
                x
            }
        };
        for _ in 0..2000 {
            let a: Vec<u64> = (0..1 + next() % 4).map(|_| next()).collect();
            let b: Vec<u64> = (0..1 + next() % 4).map(|_| next()).collect();
            let mut sum = a.clone();
            add_limbs(&mut sum, &b);
            assert_eq!(big(&sum), big(&a) + big(&b), "{a:?} + {b:?}");
        }
        let mut ones = vec![u64::MAX; 3];
        add_limbs(&mut ones, &[1]);
        assert_eq!(ones, [0, 0, 0, 1]);
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
