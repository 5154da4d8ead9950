//! The breadth-first search as a timely dataflow: one input epoch per layer.
//!
//! Per layer `d` every worker (1) sends each successor of the frontier states it owns, with
//! their exact counts, into the `edges` input at time `d`; the exchange routes a record to
//! the worker owning its state; (2) waits until the probe after the owner's operator passes
//! `d`, so every record of the layer has been received and summed; (3) removes the states it
//! has seen and keeps the rest as its part of layer `d + 1`; (4) sends its layer size,
//! visited count, traffic and (at the goal's owner) the goal's count to every worker through
//! the `stats` input, and waits for everybody's. All workers then hold the same totals and
//! stop at the same layer, so the answer is the same on every process.

use super::net::{self, Closed};
use super::{Cluster, DistributedError};
use crate::puzzle::{Config, Puzzle};
use crate::search::dense::DenseSpace;
use crate::search::{check_config, legal_moves, Encoding, SearchOptions, SearchResult};
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::rc::Rc;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::Hooks;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::ProbeHandle;
use timely::worker::Worker;
use timely::{CommunicationConfig, WorkerConfig};

/// The outcome of [`search_distributed`]: the answer, as [`crate::search::search`] gives it
/// (no solution sequence), and what the run cost in traffic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistributedResult {
    /// Minimum, states, layers, completeness and (with `count`) the optimal solutions.
    pub result: SearchResult,
    /// Workers in the whole run.
    pub workers: usize,
    /// Processes in the run.
    pub processes: usize,
    /// Successor records sent through the exchange (all workers, all layers).
    pub records: u64,
    /// Payload bytes of the records that crossed to another process (the serialised state
    /// and count; timely's message headers come on top).
    pub remote_bytes: u64,
}

impl DistributedResult {
    /// Payload bytes sent to other processes per state visited.
    pub fn remote_bytes_per_state(&self) -> f64 {
        self.remote_bytes as f64 / self.result.states.max(1) as f64
    }
}

/// A fixed, seedless hash (FxHash's multiply, finished with splitmix64): the same on every
/// machine, so the partition of the states is too; std's `RandomState` would not be.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        splitmix(self.0)
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

type FxBuild = BuildHasherDefault<Fx>;

/// An exact count of minimal sequences, kept in a machine word while it fits and spilling
/// into a big integer past that: most counts (and all of the smaller searches') fit, and a
/// big-integer allocation per record was most of the cost of `--count`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Count {
    // A word, not a u128: the count sits beside every frontier and incoming state, and
    // u128's 16-byte alignment would take (state, count) from 40 to 64 bytes.
    small: u64,
    big: BigUint,
}

impl Count {
    fn one() -> Count {
        Count {
            small: 1,
            big: BigUint::default(),
        }
    }

    fn add_small(&mut self, x: u64) {
        match self.small.checked_add(x) {
            Some(s) => self.small = s,
            None => {
                self.big += BigUint::from(self.small);
                self.small = x;
            }
        }
    }

    /// Adds `lo + hi · 2^64` (the form a count travels in).
    fn add_parts(&mut self, lo: u64, hi: &[u64]) {
        if hi.is_empty() {
            self.add_small(lo);
        } else {
            let mut x = BigUint::from(lo);
            for (i, &h) in hi.iter().enumerate() {
                x += BigUint::from(h) << (64 * (i + 1));
            }
            self.big += x;
        }
    }

    fn value(&self) -> BigUint {
        &self.big + self.small
    }

    /// `(lo, hi)` with the value `lo + hi · 2^64`; `hi` empty (no allocation) below 2^64.
    fn parts(&self) -> (u64, Vec<u64>) {
        if self.big.is_zero() {
            return (self.small, Vec::new());
        }
        let d = self.value().to_u64_digits();
        (d[0], d[1..].to_vec())
    }
}

/// The routing hash of a state: independent of the hash the owner's tables use (an owner's
/// states all share `route % workers`; were the table hash the same, its low bits would be
/// constant there).
fn route<S: Hash>(s: &S) -> u64 {
    let mut h = Fx::default();
    s.hash(&mut h);
    splitmix(h.finish() ^ 0x5bd1_e995_2f3c_8a71)
}

/// How states are represented and expanded.
trait Codec: Send + Sync + 'static {
    type S: timely::ExchangeData + Clone + Eq + Hash;
    fn successors(&self, s: &Self::S, f: &mut dyn FnMut(Self::S));
    /// Serialised size of a state (bincode), for the traffic figures.
    fn bytes(s: &Self::S) -> u64;
}

/// The dense index (see [`crate::search`]): a state is one `u64`.
struct DenseCodec(DenseSpace);

impl Codec for DenseCodec {
    type S = u64;
    fn successors(&self, s: &u64, f: &mut dyn FnMut(u64)) {
        self.0.for_each_successor(*s, |v, _| f(v));
    }
    fn bytes(_: &u64) -> u64 {
        8
    }
}

/// Any puzzle: a state is its configuration as bytes (per pin its height and its discs,
/// then the colours), exact like the interned configurations of the in-memory search.
struct GenericCodec(Puzzle);

fn encode_config(c: &Config) -> Vec<u8> {
    let mut out = Vec::with_capacity(c.pins.len() + c.colours.len() * 2);
    for pin in &c.pins {
        out.push(pin.len() as u8);
        out.extend(pin.iter().map(|&d| d as u8));
    }
    out.extend_from_slice(&c.colours);
    out
}

fn decode_config(pins: usize, bytes: &[u8]) -> Config {
    let mut at = 0;
    let mut config = Config {
        pins: Vec::with_capacity(pins),
        colours: Vec::new(),
    };
    for _ in 0..pins {
        let h = bytes[at] as usize;
        config.pins.push(
            bytes[at + 1..at + 1 + h]
                .iter()
                .map(|&d| u32::from(d))
                .collect(),
        );
        at += 1 + h;
    }
    config.colours = bytes[at..].to_vec();
    config
}

impl Codec for GenericCodec {
    type S = Vec<u8>;
    fn successors(&self, s: &Vec<u8>, f: &mut dyn FnMut(Vec<u8>)) {
        let c = decode_config(self.0.pins, s);
        for (_, next) in legal_moves(&self.0, &c) {
            f(encode_config(&next));
        }
    }
    fn bytes(s: &Vec<u8>) -> u64 {
        8 + s.len() as u64
    }
}

/// The first failure of the run, shared by the workers, the panic hook and the caller.
#[derive(Default)]
struct Failure(Mutex<Option<String>>);

impl Failure {
    fn set(&self, msg: String) {
        if let Ok(mut f) = self.0.lock() {
            f.get_or_insert(msg);
        }
    }
    fn get(&self) -> Option<String> {
        self.0.lock().ok().and_then(|f| f.clone())
    }
}

/// Marks the run failed if its worker thread unwinds (a bug, or timely giving up on a
/// channel), so the other workers and the caller stop instead of waiting for it.
struct PanicFlag(Arc<Failure>, usize);

impl Drop for PanicFlag {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0
                .set(format!("worker {} failed (see the message above)", self.1));
        }
    }
}

/// What one worker knows at the end: the global totals (the same at every worker).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Totals {
    found: Option<u64>,
    states: u64,
    sizes: Vec<u64>,
    complete: bool,
    goal_count: Option<BigUint>,
    records: u64,
    remote_bytes: u64,
    /// The largest estimated bytes of one worker, when it passed its share of the memory
    /// limit (the run then stopped, at the same layer everywhere).
    over_memory: Option<u64>,
}

/// Bytes per visited state assumed by the memory guard: the peak resident memory per state
/// measured in `docs/distributed.md` was 40-55 bytes (hash set, frontier with counts,
/// incoming layer, records in flight).
pub(super) const BYTES_PER_STATE: u64 = 56;

/// One worker's record of a layer, sent to every worker: (destination worker, new states
/// owned, states visited, records sent, payload bytes to other processes, goal in the new
/// states, the goal's count as base-2^32 digits, this worker's estimated bytes when over its
/// share of the memory limit, else 0).
type Stat = (u64, u64, u64, u64, u64, bool, Vec<u32>, u64);

struct Run<S> {
    start: S,
    goal: Option<S>,
    count: bool,
    explore_all: bool,
    threads: usize,
    timeout: Duration,
    /// This worker's share of the process's memory limit, in bytes.
    worker_memory: u64,
}

/// Steps the worker until `probe` passes `time`, or fails on a reported failure or after
/// `timeout` without the layer completing.
fn wait(
    worker: &mut Worker,
    probe: &ProbeHandle<u64>,
    time: u64,
    failure: &Failure,
    timeout: Duration,
) -> Result<(), String> {
    let began = Instant::now();
    while probe.less_than(&time) {
        worker.step_or_park(Some(Duration::from_millis(20)));
        if let Some(f) = failure.get() {
            return Err(f);
        }
        if began.elapsed() > timeout {
            return Err(format!(
                "layer {time} did not complete within {} s: a peer is stalled or unreachable \
                 (raise --timeout if its machine is much slower)",
                timeout.as_secs_f64()
            ));
        }
    }
    Ok(())
}

fn worker_body<C: Codec>(
    worker: &mut Worker,
    codec: &C,
    run: &Run<C::S>,
    failure: &Failure,
) -> Result<Totals, String> {
    // A successor and its count as `lo + hi · 2^64` (`hi` empty while it fits a word).
    type Rec<S> = (S, u64, Vec<u64>);
    let me = worker.index();
    let peers = worker.peers();
    let owner = |s: &C::S| (route(s) % peers as u64) as usize;
    let inbox: Rc<RefCell<HashMap<C::S, Count, FxBuild>>> = Rc::default();
    let stat_box: Rc<RefCell<Vec<Stat>>> = Rc::default();
    let probe_e = ProbeHandle::new();
    let probe_s = ProbeHandle::new();
    let (mut edges, mut stats) = worker.dataflow::<u64, _, _>(|scope| {
        let (edges, stream) = scope.new_input::<Vec<Rec<C::S>>>();
        let boxed = Rc::clone(&inbox);
        stream
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(|r: &Rec<C::S>| route(&r.0)),
                "Owner",
                move |_, _| {
                    move |input, _output| {
                        let mut inbox = boxed.borrow_mut();
                        input.for_each(|_, data| {
                            for (s, lo, hi) in data.drain(..) {
                                inbox.entry(s).or_default().add_parts(lo, &hi);
                            }
                        });
                    }
                },
            )
            .probe_with(&probe_e);
        let (stats, stream) = scope.new_input::<Vec<Stat>>();
        let boxed = Rc::clone(&stat_box);
        stream
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(|r: &Stat| r.0),
                "Totals",
                move |_, _| {
                    move |input, _output| {
                        let mut b = boxed.borrow_mut();
                        input.for_each(|_, data| b.append(data));
                    }
                },
            )
            .probe_with(&probe_s);
        (edges, stats)
    });

    let mut visited: HashSet<C::S, FxBuild> = HashSet::default();
    let mut frontier: Vec<(C::S, Count)> = Vec::new();
    if owner(&run.start) == me {
        visited.insert(run.start.clone());
        frontier.push((run.start.clone(), Count::one()));
    }
    let mut t = Totals {
        found: (run.goal.as_ref() == Some(&run.start)).then_some(0),
        states: 1,
        sizes: vec![1],
        complete: false,
        goal_count: (run.goal.as_ref() == Some(&run.start)).then(|| BigUint::from(1u8)),
        records: 0,
        remote_bytes: 0,
        over_memory: None,
    };
    let my_process = me / run.threads;
    let mut depth = 0u64;
    t.complete = loop {
        if t.found.is_some() && !run.explore_all {
            break false;
        }
        // (1) Expand the owned frontier. The worker is stepped now and then so the records
        // flow to their owners while they are produced instead of piling up here.
        let (mut sent, mut remote) = (0u64, 0u64);
        let mut since_step = 0usize;
        for (u, c) in std::mem::take(&mut frontier) {
            let (lo, hi) = if run.count {
                c.parts()
            } else {
                (0, Vec::new())
            };
            codec.successors(&u, &mut |v| {
                if owner(&v) / run.threads != my_process {
                    remote += C::bytes(&v) + 16 + 8 * hi.len() as u64;
                }
                edges.send((v, lo, hi.clone()));
                sent += 1;
            });
            since_step += 1;
            if since_step >= 4096 {
                since_step = 0;
                worker.step();
                if let Some(f) = failure.get() {
                    return Err(f);
                }
            }
        }
        edges.advance_to(depth + 1);
        wait(worker, &probe_e, depth + 1, failure, run.timeout)?;
        // (3) Remove the seen states; the rest is this worker's part of the next layer.
        let received = std::mem::take(&mut *inbox.borrow_mut());
        let mut goal_here: Option<BigUint> = None;
        for (s, c) in received {
            if visited.insert(s.clone()) {
                if run.goal.as_ref() == Some(&s) {
                    goal_here = Some(c.value());
                }
                frontier.push((s, c));
            }
        }
        // (4) Everybody's figures to everybody.
        let goal_digits = goal_here.as_ref().map_or(Vec::new(), |c| c.to_u32_digits());
        let bytes = (visited.len() as u64).saturating_mul(BYTES_PER_STATE);
        let over = if bytes > run.worker_memory { bytes } else { 0 };
        for w in 0..peers as u64 {
            stats.send((
                w,
                frontier.len() as u64,
                visited.len() as u64,
                sent,
                remote,
                goal_here.is_some(),
                goal_digits.clone(),
                over,
            ));
        }
        stats.advance_to(depth + 1);
        wait(worker, &probe_s, depth + 1, failure, run.timeout)?;
        let got = std::mem::take(&mut *stat_box.borrow_mut());
        if got.len() != peers {
            return Err(format!(
                "layer {}: {} of {peers} workers reported",
                depth + 1,
                got.len()
            ));
        }
        let layer: u64 = got.iter().map(|r| r.1).sum();
        let states: u64 = got.iter().map(|r| r.2).sum();
        t.records += got.iter().map(|r| r.3).sum::<u64>();
        t.remote_bytes += got.iter().map(|r| r.4).sum::<u64>();
        let goal = got.iter().find(|r| r.5).map(|r| BigUint::new(r.6.clone()));
        // Every worker sees every worker's flag, so all stop here together.
        if let Some(max) = got.iter().map(|r| r.7).max().filter(|&m| m > 0) {
            t.over_memory = Some(max);
            break false;
        }
        if layer == 0 {
            break true;
        }
        depth += 1;
        t.sizes.push(layer);
        t.states = states;
        if t.found.is_none() {
            if let Some(g) = goal {
                t.found = Some(depth);
                t.goal_count = Some(g);
            }
        }
    };
    Ok(t)
}

/// A hash of everything the processes must agree on (the puzzle, the options, the cluster
/// shape), checked when they connect.
fn fingerprint(puzzle: &Puzzle, opts: &SearchOptions, cluster: &Cluster) -> u64 {
    let text = format!(
        "{puzzle:?}|{}|{}|{}|{:?}",
        opts.count, opts.explore_all, cluster.threads, cluster.addresses
    );
    let mut h = Fx::default();
    h.write(text.as_bytes());
    h.write_u64(text.len() as u64);
    h.finish()
}

/// Breadth-first search of `puzzle` on `cluster.workers()` timely workers: the same
/// minimum, states, layer sizes, completeness and (with `opts.count`) exact number of
/// optimal solutions as [`crate::search::search`]. `opts.solution` and `opts.sparse` are not
/// supported (an [`DistributedError::Input`] error); `opts.threads` and `progress` are
/// ignored (the threads are `cluster.threads`). `opts.memory_limit` (default: half the
/// physical memory) is per process: after each layer every worker estimates its memory at
/// 56 bytes per state it owns, and when one is over its share of the limit all stop at that
/// layer with an [`DistributedError::Input`] error.
///
/// With one address the workers are threads of this process. With several, every process
/// calls this with the same puzzle, options, threads and addresses and its own
/// `cluster.process`; the processes connect within `cluster.timeout` (else an
/// [`DistributedError::Input`] naming the unreachable peer), and a peer that dies or
/// stalls makes the call return [`DistributedError::Failed`] on every other process (no
/// answer). After a failure the engine's threads are left behind (they may be blocked on
/// the dead peer): the caller should exit. A multi-process run installs a panic hook that
/// turns timely's "communication error" panics into that error (other panics go on to the
/// previous hook).
///
/// ```
/// use hanoilab::puzzle::MoveGraph;
/// use hanoilab::search::{search, search_distributed, Cluster, SearchOptions};
/// use hanoilab::sequences::moves::tower_puzzle;
/// // Four pegs, eight discs: several optimal solutions.
/// let puzzle = tower_puzzle(4, 8, MoveGraph::Complete, 0, 3);
/// let opts = SearchOptions { count: true, ..Default::default() };
/// let d = search_distributed(&puzzle, &opts, &Cluster::local(3)).unwrap();
/// let m = search(&puzzle, &opts).unwrap();
/// assert_eq!(d.result.minimum, m.minimum);
/// assert_eq!(d.result.layers, m.layers);
/// assert_eq!(d.result.optimal_solutions, m.optimal_solutions);
/// ```
pub fn search_distributed(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    cluster: &Cluster,
) -> Result<DistributedResult, DistributedError> {
    let t0 = Instant::now();
    cluster.validate().map_err(DistributedError::Input)?;
    if opts.solution {
        return Err(DistributedError::Input(
            "the distributed search counts but does not return a solution sequence (run \
             without --solution, or without --workers/--processes)"
                .into(),
        ));
    }
    if opts.sparse {
        return Err(DistributedError::Input(
            "the distributed search keeps visited states in hash sets already; --sparse \
             does not apply"
                .into(),
        ));
    }
    check_config(puzzle, &puzzle.start, "start")?;
    check_config(puzzle, &puzzle.goal, "goal")?;
    let limit = opts
        .memory_limit
        .unwrap_or_else(crate::search::default_memory_limit);
    let worker_memory = limit / cluster.threads as u64;
    let (totals, encoding, workers) = match DenseSpace::new(puzzle) {
        Some(space) => {
            let start = space.encode(&puzzle.start).ok_or_else(|| {
                DistributedError::Search(crate::search::SearchError::Malformed(
                    "start has no dense index".into(),
                ))
            })?;
            let goal = space.encode(&puzzle.goal);
            let encoding = Encoding::Dense { space: space.space };
            let run = Run {
                start,
                goal,
                count: opts.count,
                explore_all: opts.explore_all,
                threads: cluster.threads,
                timeout: cluster.timeout,
                worker_memory,
            };
            let (t, w) = execute(DenseCodec(space), run, puzzle, opts, cluster)?;
            (t, encoding, w)
        }
        None => {
            if puzzle.discs.len() > 255 || puzzle.pins > 255 {
                return Err(DistributedError::Input(
                    "the distributed search handles at most 255 discs and pins".into(),
                ));
            }
            let run = Run {
                start: encode_config(&puzzle.start),
                goal: Some(encode_config(&puzzle.goal)),
                count: opts.count,
                explore_all: opts.explore_all,
                threads: cluster.threads,
                timeout: cluster.timeout,
                worker_memory,
            };
            let (t, w) = execute(GenericCodec(puzzle.clone()), run, puzzle, opts, cluster)?;
            (t, Encoding::Generic, w)
        }
    };
    if let Some(bytes) = totals.over_memory {
        return Err(DistributedError::Input(format!(
            "a worker's share of the states needs an estimated {} ({BYTES_PER_STATE} bytes \
             per state) but its share of the memory limit ({} per process, {} workers) is {}: \
             add machines, or raise --memory-limit",
            crate::search::human_bytes(bytes),
            crate::search::human_bytes(limit),
            cluster.threads,
            crate::search::human_bytes(worker_memory)
        )));
    }
    let result = SearchResult {
        minimum: totals.found,
        states: totals.states,
        layers: totals.sizes,
        complete: totals.complete,
        optimal_solutions: if opts.count {
            totals.goal_count.map(BigInt::from)
        } else {
            None
        },
        solution: None,
        encoding,
        elapsed: t0.elapsed(),
    };
    Ok(DistributedResult {
        result,
        workers,
        processes: cluster.processes(),
        records: totals.records,
        remote_bytes: totals.remote_bytes,
    })
}

/// Starts the workers (threads, or threads plus the network), collects their totals, and
/// watches for failures.
fn execute<C: Codec>(
    codec: C,
    run: Run<C::S>,
    puzzle: &Puzzle,
    opts: &SearchOptions,
    cluster: &Cluster,
) -> Result<(Totals, usize), DistributedError>
where
    C::S: Send + Sync,
{
    let failure = Arc::new(Failure::default());
    let closed: Closed = Arc::default();
    let threads = cluster.threads;
    let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) =
        if cluster.processes() == 1 {
            CommunicationConfig::Process(threads)
                .try_build()
                .map_err(DistributedError::Failed)?
        } else {
            let sockets = net::connect(cluster, fingerprint(puzzle, opts, cluster), &closed)?;
            let hooks = Hooks::default();
            let local = ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), None);
            let (b, guard) =
                initialize_networking_from_sockets(local, sockets, cluster.process, threads, hooks)
                    .map_err(|e| {
                        DistributedError::Failed(format!("starting the network failed: {e}"))
                    })?;
            (
                b.into_iter().map(AllocatorBuilder::Tcp).collect(),
                Box::new(guard),
            )
        };
    if cluster.processes() > 1 {
        install_hook(&failure, &closed, cluster);
    }
    let (tx, rx) = mpsc::channel::<Result<Totals, String>>();
    let tx = Mutex::new(tx);
    let codec = Arc::new(codec);
    let run = Arc::new(run);
    let fail = Arc::clone(&failure);
    let guards =
        timely::execute::execute_from(builders, others, WorkerConfig::default(), move |worker| {
            let _flag = PanicFlag(Arc::clone(&fail), worker.index());
            let out = worker_body(worker, &*codec, &run, &fail);
            if let Err(e) = &out {
                fail.set(e.clone());
            }
            if let Ok(tx) = tx.lock() {
                let _ = tx.send(out);
            }
        })
        .map_err(DistributedError::Failed)?;
    // The watchdog: every local worker's totals, or the first failure.
    let mut outs = Vec::new();
    let outcome = loop {
        if outs.len() == threads {
            break Ok(());
        }
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(t)) => outs.push(t),
            Ok(Err(e)) => break Err(e),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(f) = failure.get() {
                    break Err(f);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(failure
                    .get()
                    .unwrap_or_else(|| "a worker stopped without an answer".into()))
            }
        }
    };
    let outcome = outcome.map_err(|e| describe(e, &closed, cluster));
    if let Err(e) = outcome {
        // The workers may be blocked on a dead peer: leave them (the caller exits).
        std::mem::forget(guards);
        return Err(DistributedError::Failed(e));
    }
    // Shutting down waits for the peers to close their side; the answer is already known,
    // so a peer dying now only delays it by the timeout.
    let (done_tx, done_rx) = mpsc::channel();
    std::thread::spawn(move || {
        drop(guards);
        let _ = done_tx.send(());
    });
    let _ = done_rx.recv_timeout(cluster.timeout);
    let first = outs[0].clone();
    if outs.iter().any(|o| *o != first) {
        return Err(DistributedError::Failed(
            "the workers disagree on the totals (a bug): no answer".into(),
        ));
    }
    Ok((first, cluster.workers()))
}

/// The failure message, naming the peers whose connections closed.
fn describe(e: String, closed: &Closed, cluster: &Cluster) -> String {
    let lost: Vec<String> = closed
        .lock()
        .map(|c| c.iter().map(|&j| net::name(cluster, j)).collect())
        .unwrap_or_default();
    if lost.is_empty() || e.contains("lost the connection") {
        e
    } else {
        format!(
            "lost the connection to {} (the process died or the network failed): no answer \
             ({e})",
            lost.join(", ")
        )
    }
}

/// Turns timely's communication panics (a peer's connection closed or failed) into the
/// run's failure, naming the peer, and parks the panicking engine thread for good instead of
/// letting it unwind: unwinding would poison timely's queues, the workers would panic in
/// turn, and a panic during that unwinding aborts the whole process before the error is
/// reported. Engine threads that panic after a failure are parked the same way; every other
/// panic goes to the previous hook. The hook stays installed (restoring it could wait for
/// ever on a parked thread): it only acts on timely's threads once a run has failed.
fn install_hook(failure: &Arc<Failure>, closed: &Closed, cluster: &Cluster) {
    let prev = std::panic::take_hook();
    let (f, c, cl) = (Arc::clone(failure), Arc::clone(closed), cluster.clone());
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        let in_timely = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("timely"));
        if msg.contains("timely communication error") {
            f.set(describe(format!("lost a peer connection: {msg}"), &c, &cl));
            park_forever();
        } else if in_timely && f.get().is_some() {
            // A consequence of the failure already recorded, not news.
            park_forever();
        } else {
            prev(info);
        }
    }));
}

fn park_forever() -> ! {
    loop {
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::Count;
    use num_bigint::BigUint;

    /// The word and big-integer paths of [`Count`] against plain big-integer sums, across
    /// the 2^64 and 2^128 boundaries.
    #[test]
    fn counts_add_exactly_across_the_word_boundaries() {
        let big = |s: &str| s.parse::<BigUint>().unwrap();
        let samples = [
            big("0"),
            big("1"),
            big("18446744073709551615"),
            big("18446744073709551616"),
            big("340282366920938463463374607431768211455"),
            big("340282366920938463463374607431768211456"),
            big("104915856919223074816"),
            big("1888417221404999384214726265512041847737234009096192"),
        ];
        for a in &samples {
            for b in &samples {
                let mut c = Count::default();
                for x in [a, b, a] {
                    let d = x.to_u64_digits();
                    let (lo, hi) = match d.split_first() {
                        Some((lo, hi)) => (*lo, hi.to_vec()),
                        None => (0, Vec::new()),
                    };
                    c.add_parts(lo, &hi);
                }
                let want = a + b + a;
                assert_eq!(c.value(), want);
                let (lo, hi) = c.parts();
                let mut back = Count::default();
                back.add_parts(lo, &hi);
                assert_eq!(back.value(), want);
            }
        }
        let mut c = Count::default();
        for _ in 0..5 {
            c.add_small(u64::MAX);
        }
        assert_eq!(c.value(), BigUint::from(u64::MAX) * 5u8);
    }
}
