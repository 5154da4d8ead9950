//! Checkpoints of a breadth-first search after a completed layer, and resuming from them.
//!
//! A checkpoint is one file, `DIR/checkpoint`: a magic line, a JSON header line (what was
//! searched, by which route, the layer sizes so far), then the route's tables as
//! length-prefixed little-endian sections, then a 64-bit checksum of everything before it.
//! It is written to `DIR/checkpoint.tmp`, synced, and renamed over the previous one, so at
//! every instant `DIR/checkpoint` is either the previous complete checkpoint or the new
//! complete one: killing the process at any moment (Ctrl-C, `kill -9`, a power cut after the
//! sync) needs no signal handler and never leaves a corrupt checkpoint. A finished search
//! removes its checkpoint.
//!
//! A checkpoint is only resumed by the same search: the same puzzle (a fingerprint of its
//! full description: pins, discs, rules, start, goal), the same question (`count`,
//! `solution`, `explore_all`, `sparse`), the same crate version and file format. The
//! route (bitsets, two bits per index, counting, sparse, generic) is the checkpoint's: the
//! resumed run continues with the tables it finds.

use super::validate::Origin;
use super::{Checkpointing, SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

const MAGIC: &[u8] = b"HANOILAB-SEARCH-CHECKPOINT\n";
/// Bumped whenever the layout of a route's sections changes.
const FORMAT: u32 = 1;
const FILE: &str = "checkpoint";
/// Temporary files are `checkpoint.tmp.PID`: two runs started on one directory by mistake
/// never write the same file, so the renamed checkpoint is always one run's complete one.
const TMP: &str = "checkpoint.tmp";

/// The tables a search keeps between layers (what a checkpoint holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Route {
    /// Visited bitset and frontier (and, when kept, the stored layers).
    Bitset,
    /// Two bits per index.
    TwoBit,
    /// The counting fast path: visited bitset, two layers with counts, one without.
    Counting,
    /// A count or one solution retraced from the goal over distance marks (never
    /// checkpointed: a search that checkpoints counts on the way, or stores its layers).
    Retrace,
    /// Visited hash set (and, when kept, the stored layers).
    Sparse,
    /// Interned configurations.
    Generic,
    /// The bidirectional search: each side's two layers, the counts of its newer layer and
    /// its layer sizes.
    Bidirectional,
}

impl Route {
    fn describe(self) -> &'static str {
        match self {
            Route::Bitset => "bitsets over the index space",
            Route::TwoBit => "two bits per index",
            Route::Counting => "counting on the way",
            Route::Retrace => "retracing from the goal over distance marks",
            Route::Sparse => "sparse (hash set)",
            Route::Generic => "generic (interned configurations)",
            Route::Bidirectional => "the bidirectional search",
        }
    }
}

/// The header line of a checkpoint.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(super) struct Header {
    format: u32,
    version: String,
    /// The caller's name for the search (e.g. `reves.FS n = 12`), for messages.
    label: String,
    /// Hash of the puzzle's full description.
    fingerprint: String,
    count: bool,
    solution: bool,
    explore_all: bool,
    sparse: bool,
    pub(super) route: Route,
    /// Layer sizes so far (`sizes[d]` states at depth `d`; empty for the bidirectional
    /// search, whose two sides' sizes are in its tables).
    pub(super) sizes: Vec<u64>,
    /// States visited so far.
    pub(super) states: u64,
    /// Depth of the goal, once found.
    pub(super) found: Option<u64>,
    /// Counting route: limbs per count.
    #[serde(default)]
    pub(super) limbs: usize,
    /// Counting route: the goal's count (decimal), once found.
    #[serde(default)]
    pub(super) goal_count: Option<String>,
}

/// A layer's progress as a driver reports it to [`Checkpointer::layer_done`].
pub(super) struct Snapshot<'a> {
    /// The depth ruled out so far (the last layer's; both sides' radii together for the
    /// bidirectional search).
    pub depth: u64,
    pub sizes: &'a [u64],
    pub states: u64,
    pub found: Option<u64>,
    pub limbs: usize,
    pub goal_count: Option<String>,
}

impl Snapshot<'_> {
    /// The progress of a route without counts.
    pub fn plain(sizes: &[u64], states: u64, found: Option<u64>) -> Snapshot<'_> {
        Snapshot {
            depth: sizes.len() as u64 - 1,
            sizes,
            states,
            found,
            limbs: 0,
            goal_count: None,
        }
    }
}

/// FNV-1a style hash of a string (the puzzle fingerprint).
pub(super) fn fingerprint(puzzle: &Puzzle) -> String {
    let text = format!("{puzzle:?}");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A running checksum over 8-byte words (bytes buffered up to a word); the disk search's
/// layer files carry one too.
pub(super) struct Sum {
    h: u64,
    pending: [u8; 8],
    used: usize,
}

impl Sum {
    pub(super) fn new() -> Sum {
        Sum {
            h: 0x9E37_79B9_7F4A_7C15,
            pending: [0; 8],
            used: 0,
        }
    }

    #[inline]
    pub(super) fn word(&mut self, w: u64) {
        self.h = (self.h.rotate_left(23) ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        while self.used > 0 && !bytes.is_empty() {
            self.pending[self.used] = bytes[0];
            self.used += 1;
            bytes = &bytes[1..];
            if self.used == 8 {
                self.word(u64::from_le_bytes(self.pending));
                self.used = 0;
            }
        }
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.pending[self.used] = b;
            self.used += 1;
        }
    }

    pub(super) fn finish(&self) -> u64 {
        let mut h = self.h;
        for &b in &self.pending[..self.used] {
            h = (h.rotate_left(7) ^ b as u64).wrapping_mul(0x94D0_49BB_1331_11EB);
        }
        h ^ self.used as u64
    }
}

/// Writes the sections of a checkpoint (and their checksum).
pub(super) struct Writer {
    out: BufWriter<File>,
    sum: Sum,
    buf: Vec<u8>,
}

impl Writer {
    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.out.write_all(bytes)
    }

    /// A number.
    pub fn u64(&mut self, x: u64) -> io::Result<()> {
        self.raw(&x.to_le_bytes())
    }

    /// A section of `len` words.
    pub fn word_section(&mut self, len: usize, words: impl Iterator<Item = u64>) -> io::Result<()> {
        self.u64(len as u64)?;
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let mut r = Ok(());
        for w in words {
            buf.extend_from_slice(&w.to_le_bytes());
            if buf.len() >= 8 * 4096 {
                r = r.and_then(|_| self.raw(&buf));
                buf.clear();
            }
        }
        r = r.and_then(|_| self.raw(&buf));
        self.buf = buf;
        r
    }

    /// A section of words.
    pub fn words(&mut self, words: &[u64]) -> io::Result<()> {
        self.word_section(words.len(), words.iter().copied())
    }

    /// A section of atomic words (read with relaxed loads: the caller is between layers,
    /// no thread writes).
    pub fn atomic_words(&mut self, words: &[AtomicU64]) -> io::Result<()> {
        self.word_section(words.len(), words.iter().map(|w| w.load(Relaxed)))
    }

    /// A section of bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.u64(bytes.len() as u64)?;
        self.raw(bytes)
    }
}

/// Reads the sections of a checkpoint in the order they were written.
pub(super) struct Reader {
    input: BufReader<File>,
    sum: Sum,
    path: PathBuf,
    /// Bytes of the file not read yet: no section is longer (a damaged length asks for no
    /// more memory than the file holds).
    left: u64,
    /// The header.
    pub header: Header,
}

impl Reader {
    fn raw(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(bytes)?;
        self.sum.update(bytes);
        self.left = self.left.saturating_sub(bytes.len() as u64);
        Ok(())
    }

    fn bad(&self, what: &str) -> SearchError {
        SearchError::Damaged(format!("{}: {what}", self.path.display()))
    }

    /// A section's number of entries of `size` bytes, checked against the bytes left in
    /// the file.
    fn len(&mut self, size: u64) -> Result<usize, SearchError> {
        let n = self.u64()?;
        if n.checked_mul(size).is_none_or(|b| b > self.left) {
            return Err(self.bad(&format!(
                "a section of {n} entries is longer than the rest of the file (truncated or \
                 damaged)"
            )));
        }
        Ok(n as usize)
    }

    /// A number.
    pub fn u64(&mut self) -> Result<u64, SearchError> {
        let mut b = [0u8; 8];
        self.raw(&mut b)
            .map_err(|e| self.bad(&format!("truncated ({e})")))?;
        Ok(u64::from_le_bytes(b))
    }

    /// A section of words.
    pub fn words(&mut self) -> Result<Vec<u64>, SearchError> {
        let n = self.len(8)?;
        let mut out = Vec::with_capacity(n);
        let mut buf = vec![0u8; 8 * 4096];
        while out.len() < n {
            let k = (n - out.len()).min(4096);
            let mut b = std::mem::take(&mut buf);
            let r = self.raw(&mut b[..8 * k]);
            r.map_err(|e| self.bad(&format!("truncated ({e})")))?;
            out.extend(
                b[..8 * k]
                    .chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))),
            );
            buf = b;
        }
        Ok(out)
    }

    /// A section of words as atomics, checked to hold `expected` words.
    pub fn atomic_words(&mut self, expected: usize) -> Result<Vec<AtomicU64>, SearchError> {
        let w = self.words()?;
        if w.len() != expected {
            return Err(self.bad(&format!(
                "a table of {} words where {expected} were expected",
                w.len()
            )));
        }
        Ok(w.into_iter().map(AtomicU64::new).collect())
    }

    /// A section of bytes.
    pub fn bytes(&mut self) -> Result<Vec<u8>, SearchError> {
        let n = self.len(1)?;
        let mut out = vec![0u8; n];
        self.raw(&mut out)
            .map_err(|e| self.bad(&format!("truncated ({e})")))?;
        Ok(out)
    }

    /// Checks the checksum after the last section; the origin of the tables, for the
    /// checks of their content ([`super::validate`]).
    pub fn finish(mut self) -> Result<Origin, SearchError> {
        let want = self.sum.finish();
        let mut b = [0u8; 8];
        self.input
            .read_exact(&mut b)
            .map_err(|e| self.bad(&format!("truncated ({e})")))?;
        if u64::from_le_bytes(b) != want {
            return Err(self.bad("checksum mismatch (the file is damaged)"));
        }
        let mut rest = [0u8; 1];
        if self
            .input
            .read(&mut rest)
            .map_err(|e| self.bad(&e.to_string()))?
            != 0
        {
            return Err(self.bad("trailing bytes after the checksum"));
        }
        Ok(Origin::new(self.path))
    }

    /// A consistency failure found while restoring (a table of the wrong size, a layer
    /// size the tables do not hold ...): [`SearchError::Damaged`].
    pub fn invalid(&self, what: &str) -> SearchError {
        self.bad(what)
    }

    /// The header's own invariants, before any table is read: every layer holds a state
    /// (an empty layer ends a search, it is never checkpointed), the first one the start
    /// alone, the states are the layers' sum, the goal's depth is a layer's, and the route
    /// is one this question writes.
    fn check_header(&self) -> Result<(), SearchError> {
        let h = &self.header;
        if h.route == Route::Bidirectional {
            return match h.sizes.is_empty() && h.found.is_none() {
                true => Ok(()),
                false => Err(self.bad("layer sizes in the header of a bidirectional search")),
            };
        }
        if h.sizes.first() != Some(&1) {
            return Err(self.bad("the first layer is not the start alone"));
        }
        if h.sizes.contains(&0) {
            return Err(self.bad("an empty layer in the header"));
        }
        let sum = h.sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        if sum != Some(h.states) {
            return Err(self.bad(&format!(
                "the header's {} states are not the sum of its layer sizes",
                h.states
            )));
        }
        let last = h.sizes.len() as u64 - 1;
        if let Some(f) = h.found {
            // A search that stops at the goal checkpoints the goal's layer last.
            if f > last || (!h.explore_all && f != last) {
                return Err(self.bad(&format!(
                    "the goal at depth {f} of a search checkpointed at depth {last}"
                )));
            }
        }
        if h.goal_count.is_some() && h.found.is_none() {
            return Err(self.bad("a goal count without a goal"));
        }
        let keep = h.count || h.solution;
        let fits = match h.route {
            Route::Bitset => !h.sparse,
            Route::TwoBit => !keep && !h.sparse,
            Route::Counting => h.count && !h.solution && !h.sparse,
            Route::Sparse => h.sparse,
            Route::Generic => !h.sparse,
            Route::Retrace | Route::Bidirectional => false,
        };
        if !fits {
            return Err(self.bad(&format!(
                "a checkpoint by {}, a route that question never checkpoints",
                h.route.describe()
            )));
        }
        if h.route != Route::Counting && (h.limbs != 0 || h.goal_count.is_some()) {
            return Err(self.bad("counts in the header of a route without counts"));
        }
        Ok(())
    }
}

/// Writes checkpoints after completed layers (when due) and stops the search when asked.
pub(super) struct Checkpointer<'a> {
    cfg: Option<&'a Checkpointing>,
    stop: Option<&'a std::sync::atomic::AtomicBool>,
    base: Header,
    /// End of the last write, and how long it took.
    last: Option<(Instant, Duration)>,
}

fn io_error(path: &Path, e: io::Error) -> SearchError {
    SearchError::CheckpointIo(format!("{}: {e}", path.display()))
}

impl<'a> Checkpointer<'a> {
    /// The checkpointer of a search of `puzzle` with `opts` by `route`.
    pub fn new(puzzle: &Puzzle, opts: &SearchOptions<'a>, route: Route) -> Checkpointer<'a> {
        Checkpointer {
            cfg: opts.checkpoint,
            stop: opts.stop,
            base: Header {
                format: FORMAT,
                version: env!("CARGO_PKG_VERSION").to_string(),
                label: opts
                    .checkpoint
                    .map_or_else(String::new, |c| c.label.clone()),
                fingerprint: fingerprint(puzzle),
                count: opts.count,
                solution: opts.solution,
                explore_all: opts.explore_all,
                sparse: opts.sparse,
                route,
                sizes: Vec::new(),
                states: 0,
                found: None,
                limbs: 0,
                goal_count: None,
            },
            last: None,
        }
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.cfg.map(|c| c.dir.join(name))
    }

    fn tmp_path(&self) -> Option<PathBuf> {
        self.path(&format!("{TMP}.{}", std::process::id()))
    }

    /// Removes temporary files left by killed runs (those of processes no longer alive).
    fn remove_stale_tmp(&self) {
        let Some(cfg) = self.cfg else { return };
        let Ok(entries) = std::fs::read_dir(&cfg.dir) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let Some(pid) = name
                .to_str()
                .and_then(|n| n.strip_prefix(TMP))
                .and_then(|n| n.strip_prefix('.'))
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            if !Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }

    /// Before the run: with `resume`, the checkpoint to continue from (checked to be this
    /// search's); without, a refusal when the directory already holds one (it would be
    /// overwritten).
    pub fn open(&mut self) -> Result<Option<Reader>, SearchError> {
        let Some(cfg) = self.cfg else {
            return Ok(None);
        };
        let path = cfg.dir.join(FILE);
        self.remove_stale_tmp();
        if !cfg.resume {
            if path.exists() {
                return Err(SearchError::Checkpoint(format!(
                    "{} already holds a checkpoint; resume it with --resume {} or remove it",
                    cfg.dir.display(),
                    cfg.dir.display()
                )));
            }
            std::fs::create_dir_all(&cfg.dir).map_err(|e| io_error(&cfg.dir, e))?;
            return Ok(None);
        }
        self.check(&path).map(Some)
    }

    /// During the run: the checkpoint written so far (this run's or the resumed one), if
    /// any. The bidirectional search continues from it with big-integer counts when a count
    /// outgrows 128 bits, instead of starting again.
    pub fn reopen(&mut self) -> Result<Option<Reader>, SearchError> {
        let Some(path) = self.path(FILE).filter(|p| p.exists()) else {
            return Ok(None);
        };
        self.check(&path).map(Some)
    }

    /// Reads the header of the checkpoint at `path` and checks that it is this search's.
    fn check(&mut self, path: &Path) -> Result<Reader, SearchError> {
        let reader = read_header(path)?;
        let h = &reader.header;
        let b = &self.base;
        let fail = |what: String| {
            Err(SearchError::Checkpoint(format!(
                "{}: the checkpoint is of another search ({what}); not resumed",
                path.display()
            )))
        };
        if h.format != FORMAT || h.version != b.version {
            return fail(format!(
                "written by hanoilab {} (format {}), this is {} (format {FORMAT})",
                h.version, h.format, b.version
            ));
        }
        if h.fingerprint != b.fingerprint {
            return fail(format!("it is `{}`, this is `{}`", h.label, b.label));
        }
        let question = |x: &Header| {
            let mut q: Vec<&str> = Vec::new();
            for (on, flag) in [
                (x.route == Route::Bidirectional, "--bidirectional"),
                (x.count, "--count"),
                (x.solution, "--solution"),
                (x.explore_all, "--explore-all"),
                (x.sparse, "sparse"),
            ] {
                if on {
                    q.push(flag);
                }
            }
            if q.is_empty() {
                "the minimum only".to_string()
            } else {
                q.join(" ")
            }
        };
        let bidirectional = |x: &Header| x.route == Route::Bidirectional;
        if (
            h.count,
            h.solution,
            h.explore_all,
            h.sparse,
            bidirectional(h),
        ) != (
            b.count,
            b.solution,
            b.explore_all,
            b.sparse,
            bidirectional(b),
        ) {
            return fail(format!(
                "it asked for {}, this run for {}",
                question(h),
                question(b)
            ));
        }
        reader.check_header()?;
        self.base.route = h.route;
        Ok(reader)
    }

    /// The route of the search (the checkpoint's, after [`Self::open`] resumed one).
    pub fn route(&self) -> Route {
        self.base.route
    }

    fn due(&self, stopping: bool) -> bool {
        let Some(cfg) = self.cfg else {
            return false;
        };
        match (self.last, cfg.every) {
            _ if stopping => true,
            (None, _) => true,
            (Some((at, _)), Some(every)) => at.elapsed() >= every,
            // Adaptive: at most a tenth of the time goes into writing checkpoints.
            (Some((at, cost)), None) => at.elapsed() >= cost * 10,
        }
    }

    /// After a completed layer: writes a checkpoint when one is due (`body` writes the
    /// route's tables), then returns [`SearchError::Interrupted`] when the stop flag is set.
    pub fn layer_done(
        &mut self,
        snap: Snapshot,
        body: impl FnOnce(&mut Writer) -> io::Result<()>,
    ) -> Result<(), SearchError> {
        let stopping = self.stop.is_some_and(|s| s.load(Relaxed));
        if self.due(stopping) {
            let t0 = Instant::now();
            self.write(
                snap.sizes,
                snap.states,
                snap.found,
                snap.limbs,
                snap.goal_count,
                body,
            )?;
            self.last = Some((Instant::now(), t0.elapsed()));
        }
        if stopping {
            return Err(SearchError::Interrupted {
                depth: snap.depth,
                checkpoint: self.cfg.map(|c| c.dir.clone()),
            });
        }
        Ok(())
    }

    fn write(
        &self,
        sizes: &[u64],
        states: u64,
        found: Option<u64>,
        limbs: usize,
        goal_count: Option<String>,
        body: impl FnOnce(&mut Writer) -> io::Result<()>,
    ) -> Result<(), SearchError> {
        let (Some(tmp), Some(path)) = (self.tmp_path(), self.path(FILE)) else {
            return Ok(());
        };
        let header = Header {
            sizes: sizes.to_vec(),
            states,
            found,
            limbs,
            goal_count,
            ..self.base.clone()
        };
        let run = || -> io::Result<()> {
            let file = File::create(&tmp)?;
            let mut w = Writer {
                out: BufWriter::with_capacity(1 << 20, file),
                sum: Sum::new(),
                buf: Vec::with_capacity(8 * 4096),
            };
            w.raw(MAGIC)?;
            let mut line = serde_json::to_vec(&header).map_err(io::Error::other)?;
            line.push(b'\n');
            w.raw(&line)?;
            body(&mut w)?;
            let sum = w.sum.finish();
            w.out.write_all(&sum.to_le_bytes())?;
            let file = w.out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, &path)?;
            // The rename itself is durable once the directory is synced.
            if let Some(dir) = path.parent() {
                File::open(dir)?.sync_all()?;
            }
            Ok(())
        };
        run().map_err(|e| {
            // A failed write (a full disk) leaves no temporary file to keep the disk full.
            let _ = std::fs::remove_file(&tmp);
            io_error(&path, e)
        })
    }

    /// After a finished search: removes the checkpoint (and a stale temporary file).
    pub fn finish(&self) {
        if let (Some(tmp), Some(path)) = (self.tmp_path(), self.path(FILE)) {
            let _ = std::fs::remove_file(tmp);
            let _ = std::fs::remove_file(path);
            if let Some(cfg) = self.cfg {
                // Only an empty directory goes (a user's scratch folder stays).
                let _ = std::fs::remove_dir(&cfg.dir);
            }
        }
    }
}

/// Opens a checkpoint file and reads its header.
fn read_header(path: &Path) -> Result<Reader, SearchError> {
    let file = File::open(path).map_err(|e| {
        if e.kind() == io::ErrorKind::NotFound {
            SearchError::Checkpoint(format!("{}: no checkpoint to resume", path.display()))
        } else {
            io_error(path, e)
        }
    })?;
    let bad = |what: &str| SearchError::Damaged(format!("{}: {what}", path.display()));
    let size = file.metadata().map_err(|e| io_error(path, e))?.len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut sum = Sum::new();
    let mut magic = vec![0u8; MAGIC.len()];
    if input.read_exact(&mut magic).is_err() || magic != MAGIC {
        return Err(bad("not a hanoilab search checkpoint"));
    }
    sum.update(&magic);
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        if input.read_exact(&mut byte).is_err() || line.len() > 1 << 26 {
            return Err(bad("truncated header"));
        }
        if byte[0] == b'\n' {
            break;
        }
        line.push(byte[0]);
    }
    sum.update(&line);
    sum.update(b"\n");
    let header: Header =
        serde_json::from_slice(&line).map_err(|e| bad(&format!("unreadable header ({e})")))?;
    if header.sizes.is_empty() && header.route != Route::Bidirectional {
        return Err(bad("no layers in the header"));
    }
    let read = (MAGIC.len() + line.len() + 1) as u64;
    let reader = Reader {
        input,
        sum,
        path: path.to_path_buf(),
        left: size.saturating_sub(read),
        header,
    };
    Ok(reader)
}

/// Whether `dir` holds a readable checkpoint of a bidirectional search: a command line can
/// then say "resume it with --bidirectional" before it sets up a plain search (whose memory
/// estimate would otherwise speak first).
pub fn holds_bidirectional_checkpoint(dir: &Path) -> bool {
    read_header(&dir.join(FILE)).is_ok_and(|r| r.header.route == Route::Bidirectional)
}

/// Describes a route for messages.
pub(super) fn describe(route: Route) -> &'static str {
    route.describe()
}
