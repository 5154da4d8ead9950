//! A fixed pool of workers sharing one job queue.

/// Runs `f` on every job with `threads` workers sharing one queue; the results come back in
/// job order (deterministic whatever the timing). Each worker takes the next job when it is
/// done, so a few heavy jobs do not hold up the rest.
///
/// ```
/// use hanoilab::study::run_in_parallel;
/// let squares = run_in_parallel(&[1u64, 2, 3, 4], 2, |x| x * x);
/// assert_eq!(squares, [1, 4, 9, 16]);
/// ```
pub fn run_in_parallel<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    f: impl Fn(&J) -> T + Sync,
) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let mut out: Vec<(usize, T)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = vec![];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        mine.push((i, f(job)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a study worker does not panic"))
            .collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, t)| t).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_job_order_for_any_pool_size() {
        let jobs: Vec<u64> = (0..50).collect();
        let one = run_in_parallel(&jobs, 1, |x| x * 3 + 1);
        for threads in [0, 2, 7, 64] {
            assert_eq!(run_in_parallel(&jobs, threads, |x| x * 3 + 1), one);
        }
        assert_eq!(one[49], 148);
    }
}
