//! Connecting the processes before timely's networking takes the sockets over.
//!
//! Why not timely's own `Config::Cluster`: its connection loop retries an unreachable peer
//! for ever, prints to standard output (which must carry only the answer) and panics on a
//! stray connection. Here every process listens on its own address, connects to the
//! processes before it and accepts the ones after it (the same order timely uses), all
//! within a deadline, with a handshake that checks the peer runs the same search; the
//! connected sockets then go to `initialize_networking_from_sockets`, so the data and
//! progress traffic is timely's.

use super::{split_host_port, Cluster, DistributedError};
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// First word of the handshake ("hanoidst").
const MAGIC: u64 = 0x6861_6e6f_6964_7374;

/// Which peers' connections have closed or failed (process indices), filled by the reader
/// side of [`PeerStream`], read when a failure is reported to name the peer.
pub(super) type Closed = Arc<Mutex<Vec<usize>>>;

/// A connection to one peer process; records its peer in [`Closed`] when reading ends or
/// fails, so a lost connection can be reported by the peer's name.
pub(super) struct PeerStream {
    inner: TcpStream,
    peer: usize,
    closed: Closed,
}

impl PeerStream {
    fn note(&self) {
        if let Ok(mut c) = self.closed.lock() {
            if !c.contains(&self.peer) {
                c.push(self.peer);
            }
        }
    }
}

impl Read for PeerStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let r = self.inner.read(buf);
        if matches!(r, Ok(0) | Err(_)) && !buf.is_empty() {
            self.note();
        }
        r
    }
}

impl Write for PeerStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        if r.is_err() {
            self.note();
        }
        r
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl timely::communication::allocator::zero_copy::stream::Stream for PeerStream {
    fn try_clone(&self) -> io::Result<Self> {
        Ok(PeerStream {
            inner: self.inner.try_clone()?,
            peer: self.peer,
            closed: Arc::clone(&self.closed),
        })
    }
    fn set_nonblocking(&self, nonblocking: bool) -> io::Result<()> {
        self.inner.set_nonblocking(nonblocking)
    }
    fn shutdown(&self, how: Shutdown) -> io::Result<()> {
        self.inner.shutdown(how)
    }
}

fn input(msg: String) -> DistributedError {
    DistributedError::Input(msg)
}

/// `process i (host:port)`, the way errors name a peer.
pub(super) fn name(cluster: &Cluster, i: usize) -> String {
    format!("process {i} ({})", cluster.addresses[i])
}

fn resolve(cluster: &Cluster, i: usize) -> Result<Vec<SocketAddr>, DistributedError> {
    let a = &cluster.addresses[i];
    let (host, port) = split_host_port(a).map_err(input)?;
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| {
            input(format!(
                "{}: cannot resolve host '{host}': {e}",
                name(cluster, i)
            ))
        })?
        .collect();
    if addrs.is_empty() {
        return Err(input(format!(
            "{}: host '{host}' has no address",
            name(cluster, i)
        )));
    }
    Ok(addrs)
}

/// Connects this process to every other one within `cluster.timeout`: sockets in process
/// order, `None` at this process's own position. `fingerprint` identifies the search (the
/// puzzle, options and cluster shape); a peer with another one is refused, by name.
pub(super) fn connect(
    cluster: &Cluster,
    fingerprint: u64,
    closed: &Closed,
) -> Result<Vec<Option<PeerStream>>, DistributedError> {
    let me = cluster.process;
    let p = cluster.processes();
    let deadline = Instant::now() + cluster.timeout;
    let own = resolve(cluster, me)?;
    let listener = TcpListener::bind(&own[..]).map_err(|e| {
        input(format!(
            "{}: this process cannot listen on {}: {e}",
            name(cluster, me),
            cluster.addresses[me]
        ))
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| input(format!("cannot configure the listener: {e}")))?;
    // Accept the later processes on a thread while connecting to the earlier ones here:
    // every process does both, so neither side may wait for the other first.
    let acceptor = {
        let cluster = cluster.clone();
        std::thread::spawn(move || accept_all(&listener, &cluster, fingerprint, deadline))
    };
    let mut sockets: Vec<Option<TcpStream>> = (0..p).map(|_| None).collect();
    let mut first_err = None;
    for (j, slot) in sockets.iter_mut().enumerate().take(me) {
        match connect_one(cluster, j, fingerprint, deadline) {
            Ok(s) => *slot = Some(s),
            Err(e) => {
                first_err = Some(e);
                break;
            }
        }
    }
    let accepted = acceptor
        .join()
        .map_err(|_| DistributedError::Failed("the connection thread failed".into()))?;
    if let Some(e) = first_err {
        return Err(e);
    }
    for (j, s) in accepted? {
        sockets[j] = Some(s);
    }
    Ok(sockets
        .into_iter()
        .enumerate()
        .map(|(j, s)| {
            s.map(|inner| PeerStream {
                inner,
                peer: j,
                closed: Arc::clone(closed),
            })
        })
        .collect())
}

fn connect_one(
    cluster: &Cluster,
    j: usize,
    fingerprint: u64,
    deadline: Instant,
) -> Result<TcpStream, DistributedError> {
    let addrs = resolve(cluster, j)?;
    let mut last = String::from("no attempt");
    loop {
        let now = Instant::now();
        if now >= deadline {
            return Err(input(format!(
                "cannot reach {} within {} s (last error: {last})",
                name(cluster, j),
                cluster.timeout.as_secs_f64()
            )));
        }
        let left = (deadline - now).min(Duration::from_secs(2));
        for a in &addrs {
            match TcpStream::connect_timeout(a, left) {
                Ok(mut s) => {
                    // The peer is up: the handshake gets the rest of the deadline.
                    return handshake_out(&mut s, cluster, j, fingerprint, deadline).map(|()| s);
                }
                Err(e) => last = e.to_string(),
            }
        }
        // Not listening yet (it may start later): retry shortly.
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn remaining(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(10))
}

fn handshake_out(
    s: &mut TcpStream,
    cluster: &Cluster,
    j: usize,
    fingerprint: u64,
    deadline: Instant,
) -> Result<(), DistributedError> {
    let fail = |e: io::Error| {
        input(format!(
            "cannot reach {}: handshake failed: {e}",
            name(cluster, j)
        ))
    };
    s.set_nodelay(true).map_err(fail)?;
    s.set_read_timeout(Some(remaining(deadline)))
        .map_err(fail)?;
    let mut hello = Vec::with_capacity(24);
    for w in [MAGIC, cluster.process as u64, fingerprint] {
        hello.extend_from_slice(&w.to_le_bytes());
    }
    s.write_all(&hello).map_err(fail)?;
    let mut ack = [0u8; 1];
    s.read_exact(&mut ack).map_err(fail)?;
    if ack[0] != 1 {
        return Err(input(format!(
            "{} refused this process: the two run different searches or cluster shapes \
             (same variant, -n, options, --workers and hostfile needed on every process)",
            name(cluster, j)
        )));
    }
    s.set_read_timeout(None).map_err(fail)?;
    Ok(())
}

fn accept_all(
    listener: &TcpListener,
    cluster: &Cluster,
    fingerprint: u64,
    deadline: Instant,
) -> Result<Vec<(usize, TcpStream)>, DistributedError> {
    let me = cluster.process;
    let p = cluster.processes();
    let mut got: Vec<(usize, TcpStream)> = Vec::new();
    while got.len() < p - me - 1 {
        if Instant::now() >= deadline {
            let missing: Vec<String> = (me + 1..p)
                .filter(|j| got.iter().all(|(g, _)| g != j))
                .map(|j| name(cluster, j))
                .collect();
            return Err(input(format!(
                "{} did not connect within {} s",
                missing.join(", "),
                cluster.timeout.as_secs_f64()
            )));
        }
        match listener.accept() {
            Ok((mut s, _)) => {
                // A connection that is not a peer's handshake (a port scanner, a stale
                // process) is dropped, not fatal.
                if let Some(j) = handshake_in(&mut s, cluster, fingerprint, deadline)? {
                    if j > me && j < p && got.iter().all(|(g, _)| *g != j) {
                        got.push((j, s));
                    }
                }
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(input(format!("accepting peer connections failed: {e}"))),
        }
    }
    Ok(got)
}

fn handshake_in(
    s: &mut TcpStream,
    cluster: &Cluster,
    fingerprint: u64,
    deadline: Instant,
) -> Result<Option<usize>, DistributedError> {
    let ok = s.set_nonblocking(false).is_ok()
        && s.set_nodelay(true).is_ok()
        && s.set_read_timeout(Some(remaining(deadline).min(Duration::from_secs(5))))
            .is_ok();
    let mut hello = [0u8; 24];
    if !ok || s.read_exact(&mut hello).is_err() {
        return Ok(None);
    }
    let word = |i: usize| u64::from_le_bytes(hello[8 * i..8 * i + 8].try_into().expect("8 bytes"));
    if word(0) != MAGIC {
        return Ok(None);
    }
    let j = word(1) as usize;
    if word(2) != fingerprint {
        let _ = s.write_all(&[0]);
        let who = if j < cluster.processes() {
            name(cluster, j)
        } else {
            format!("a process claiming index {j}")
        };
        return Err(input(format!(
            "{who} runs a different search or cluster shape than this process (same \
             variant, -n, options, --workers and hostfile needed on every process)"
        )));
    }
    if s.write_all(&[1]).is_err() || s.set_read_timeout(None).is_err() {
        return Ok(None);
    }
    Ok(Some(j))
}
