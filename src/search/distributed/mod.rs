//! The exhaustive search across threads, processes and machines, on timely dataflow.
//!
//! The same breadth-first search as [`crate::search::search`], layer by layer, with the states
//! partitioned among `W` workers per process and `P` processes by a hash of the state (its
//! dense index, or for the generic encoding its byte encoding): each worker expands the
//! frontier it owns, every successor travels (with its exact count of minimal sequences) to
//! the worker owning it, and the owner removes the states it has already seen and sums the
//! counts. After each layer the workers exchange their layer sizes, visited counts and, at
//! the goal's owner, the goal's count, so every process knows the same answer: the minimum,
//! the layer sizes and the exact number of optimal solutions.
//!
//! Why timely dataflow and the design choices (one input epoch per layer, the connection
//! set-up with timeouts before timely's own networking, the watchdog) are in
//! `docs/distributed.md`. The engine (`search_distributed`) needs the cargo feature
//! `distributed`; the cluster description ([`Cluster`], [`parse_hostfile`]) is always there,
//! so a command line can be checked without it.

#[cfg(feature = "distributed")]
mod engine;
#[cfg(feature = "distributed")]
mod net;

#[cfg(feature = "distributed")]
pub use engine::{search_distributed, DistributedResult};

use std::time::Duration;

/// Where the processes of a run are and which one this is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in every process (the same in all: timely numbers workers
    /// `process * threads + thread`).
    pub threads: usize,
    /// This process's index, `0..addresses.len()`.
    pub process: usize,
    /// `host:port` of every process, in process order (one entry: a single process, no
    /// networking).
    pub addresses: Vec<String>,
    /// How long to wait for the peers: to connect at the start, and at the end of a layer
    /// for a peer that neither answers nor closes its connection. A peer whose process dies
    /// is noticed at once (its connection closes), whatever this is.
    pub timeout: Duration,
}

impl Cluster {
    /// One process with `threads` workers (no networking).
    ///
    /// ```
    /// use hanoilab::search::Cluster;
    /// let c = Cluster::local(4);
    /// assert_eq!((c.threads, c.processes(), c.workers()), (4, 1, 4));
    /// ```
    pub fn local(threads: usize) -> Cluster {
        Cluster {
            threads: threads.max(1),
            process: 0,
            addresses: vec!["127.0.0.1:0".into()],
            timeout: Duration::from_secs(60),
        }
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// The number of workers in the whole run.
    pub fn workers(&self) -> usize {
        self.threads * self.processes()
    }

    /// Checks the description: at least one thread and at most
    /// [`MAX_WORKER_THREADS`](super::MAX_WORKER_THREADS), `process` in range, and (with more than
    /// one process) every address `host:port`. The error names the offending entry.
    ///
    /// ```
    /// use hanoilab::search::Cluster;
    /// let mut c = Cluster::local(2);
    /// c.addresses = vec!["a:1".into(), "b:2".into()];
    /// c.process = 2;
    /// assert!(c.validate().unwrap_err().contains("out of range"));
    /// ```
    pub fn validate(&self) -> Result<(), String> {
        if self.threads == 0 {
            return Err("--workers must be at least 1".into());
        }
        // As `--threads` of the single-machine search: a mistyped count would otherwise
        // start that many threads before failing.
        if self.threads > super::MAX_WORKER_THREADS {
            return Err(format!(
                "--workers {}: at most {}",
                self.threads,
                super::MAX_WORKER_THREADS
            ));
        }
        if self.addresses.is_empty() {
            return Err("no processes".into());
        }
        if self.process >= self.addresses.len() {
            return Err(format!(
                "process index {} out of range: the run has {} processes (0..={})",
                self.process,
                self.addresses.len(),
                self.addresses.len() - 1
            ));
        }
        if self.addresses.len() > 1 {
            for (i, a) in self.addresses.iter().enumerate() {
                split_host_port(a).map_err(|e| format!("process {i}: {e}"))?;
            }
        }
        Ok(())
    }
}

/// `host:port` split into its parts (`[::1]:7000` for IPv6), or why it is not one.
fn split_host_port(a: &str) -> Result<(&str, u16), String> {
    let (host, port) = a
        .rsplit_once(':')
        .ok_or_else(|| format!("'{a}' is not host:port"))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(format!("'{a}' has no host"));
    }
    let port: u16 = port
        .parse()
        .map_err(|_| format!("'{a}': port '{port}' is not a number 0..=65535"))?;
    if port == 0 {
        return Err(format!("'{a}': port 0 cannot be connected to"));
    }
    Ok((host, port))
}

/// Parses a hostfile: one `host:port` per line, in process order; blank lines and lines
/// starting with `#` are ignored. With `processes`, exactly that many entries are required.
/// Errors name the line.
///
/// ```
/// use hanoilab::search::parse_hostfile;
/// let hosts = parse_hostfile("# the cluster\nnode0:7000\n\nnode1:7000\n", Some(2)).unwrap();
/// assert_eq!(hosts, ["node0:7000", "node1:7000"]);
/// assert!(parse_hostfile("node0\n", None).unwrap_err().contains("line 1"));
/// assert!(parse_hostfile("a:1\n", Some(2)).unwrap_err().contains("2 processes"));
/// ```
pub fn parse_hostfile(text: &str, processes: Option<usize>) -> Result<Vec<String>, String> {
    let mut hosts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        split_host_port(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        hosts.push(line.to_string());
    }
    if hosts.is_empty() {
        return Err("no host:port entries".into());
    }
    if let Some(p) = processes {
        if hosts.len() != p {
            return Err(format!(
                "{} host:port entries for {p} processes (one line per process)",
                hosts.len()
            ));
        }
    }
    Ok(hosts)
}

/// Why a distributed search did not give an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DistributedError {
    /// The user's input: the cluster description, an unreachable peer (named), a peer
    /// running a different search, or a search the engine does not do.
    #[error("{0}")]
    Input(String),
    /// A peer (named when known) or a worker failed during the run; no answer is given.
    #[error("{0}")]
    Failed(String),
    /// The search itself refused (a malformed puzzle).
    #[error(transparent)]
    Search(#[from] super::SearchError),
}
