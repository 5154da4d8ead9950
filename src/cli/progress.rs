//! Progress of the long commands (`search`, `claims`, `report`) on standard error, never on
//! standard output (the answer stays byte for byte the same whatever the progress shows).
//!
//! On a terminal: a bar (a spinner when there is no total) with the count, a rate of at most
//! three significant digits and, once a few seconds of data are in, a rounded ETA. Off a
//! terminal: nothing for the first two seconds, then one plain line every ten seconds, such
//! as `search: layer 12, 3.1 M states, 8 s` or `claims: 41/120 checked, 12 s`, so a log of
//! a long run shows it is alive without filling up. `--quiet` silences both.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The environment variable that sets the interval of the plain lines in milliseconds (for
/// testing; default 10,000). The first line comes after the interval or two seconds,
/// whichever is less.
pub const INTERVAL_ENV: &str = "HANOILAB_PROGRESS_INTERVAL_MS";

/// The interval of the plain lines off a terminal.
const DEFAULT_INTERVAL: Duration = Duration::from_secs(10);

/// Nothing is shown before this much time has passed.
const QUIET_START: Duration = Duration::from_secs(2);

/// No ETA before this much time has passed: the first layers or claims say little about
/// the rate of the rest.
pub const ETA_AFTER: Duration = Duration::from_secs(3);

static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences every progress report and note on standard error (`--quiet`); errors are
/// still printed.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Whether notes for a person watching (what a search is about to do, where its
/// checkpoints go) are printed: on a terminal, without `--quiet`.
pub fn notes() -> bool {
    !quiet() && std::io::stderr().is_terminal()
}

/// A count with at most three significant digits and an SI prefix: `950`, `1.23 k`,
/// `10.8 M` (exact below 1000).
///
/// ```
/// use hanoilab::cli::progress::short_count;
/// assert_eq!(short_count(10_820_824.39), "10.8 M");
/// assert_eq!(short_count(3_100_000.0), "3.1 M");
/// assert_eq!(short_count(999.0), "999");
/// ```
pub fn short_count(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        return "?".into();
    }
    if x < 999.5 {
        return format!("{x:.0}");
    }
    let mut scaled = x;
    let mut prefix = 0;
    const PREFIXES: [&str; 7] = ["", "k", "M", "G", "T", "P", "E"];
    // Rounded to three significant digits first, so 999,999 reads 1 M, not 1000 k.
    while prefix + 1 < PREFIXES.len() && round3(scaled) >= 1000.0 {
        scaled /= 1000.0;
        prefix += 1;
    }
    let scaled = round3(scaled);
    let decimals = match scaled {
        s if s >= 100.0 => 0,
        s if s >= 10.0 => 1,
        _ => 2,
    };
    let text = format!("{scaled:.decimals$}");
    let text = match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    };
    format!("{text} {}", PREFIXES[prefix])
        .trim_end()
        .to_string()
}

/// `x` rounded to three significant digits.
fn round3(x: f64) -> f64 {
    if x <= 0.0 {
        return x;
    }
    let magnitude = 10f64.powi(x.log10().floor() as i32 - 2);
    (x / magnitude).round() * magnitude
}

/// A duration rounded for people: `8 s`, `3 min`, `5 h`, `2 d`.
///
/// ```
/// use hanoilab::cli::progress::rounded_duration;
/// use std::time::Duration;
/// assert_eq!(rounded_duration(Duration::from_secs(12)), "12 s");
/// assert_eq!(rounded_duration(Duration::from_secs(170)), "3 min");
/// ```
pub fn rounded_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    match s {
        s if s < 59.5 => format!("{:.0} s", s),
        s if s < 3570.0 => format!("{:.0} min", s / 60.0),
        s if s < 47.5 * 3600.0 => format!("{:.0} h", s / 3600.0),
        s => format!("{:.0} d", s / 86400.0),
    }
}

/// The ETA of `done` out of `total` after `elapsed` at the average rate so far; `None`
/// before [`ETA_AFTER`] or with nothing done. `bound`: the total is an upper bound (the
/// search's index space), so the ETA is one too (`ETA <= 3 min`).
pub fn eta_text(elapsed: Duration, done: u64, total: u64, bound: bool) -> Option<String> {
    if elapsed < ETA_AFTER || done == 0 || done > total {
        return None;
    }
    let rate = done as f64 / elapsed.as_secs_f64();
    let left = Duration::from_secs_f64((total - done) as f64 / rate);
    Some(format!(
        "ETA {}{}",
        if bound { "<= " } else { "" },
        rounded_duration(left)
    ))
}

/// The plain line off a terminal: `COMMAND: DETAIL, COUNT UNIT, ELAPSED`, the count as
/// `DONE/TOTAL` when the total is exact.
///
/// ```
/// use hanoilab::cli::progress::plain_line;
/// use std::time::Duration;
/// let line = plain_line("search", "layer 12", 3_100_000, None, "states", Duration::from_secs(8));
/// assert_eq!(line, "search: layer 12, 3.1 M states, 8 s");
/// let line = plain_line("claims", "", 41, Some(120), "checked", Duration::from_secs(12));
/// assert_eq!(line, "claims: 41/120 checked, 12 s");
/// ```
pub fn plain_line(
    command: &str,
    detail: &str,
    done: u64,
    total: Option<u64>,
    unit: &str,
    elapsed: Duration,
) -> String {
    let count = match total {
        Some(t) => format!("{done}/{t}"),
        None => short_count(done as f64),
    };
    let detail = match detail {
        "" => String::new(),
        d => format!("{d}, "),
    };
    format!(
        "{command}: {detail}{count} {unit}, {}",
        rounded_duration(elapsed)
    )
}

/// What the meter shows: the count so far and a word on the current step.
struct State {
    done: u64,
    /// The total when it is exact (a count `DONE/TOTAL` off a terminal).
    total: Option<u64>,
    detail: String,
    stopped: bool,
}

/// The state shared with the thread that prints the plain lines.
struct Shared {
    command: String,
    unit: String,
    start: Instant,
    state: Mutex<State>,
    wake: Condvar,
}

/// The progress of one long command on standard error: a bar on a terminal, a plain line
/// every ten seconds otherwise, nothing with `--quiet`. Ends (and clears the bar) when
/// dropped or [`Meter::finish`]ed.
pub struct Meter {
    shared: Arc<Shared>,
    bar: Option<indicatif::ProgressBar>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Meter {
    /// A meter of `unit`s (`states`, `checked`) for `command`. `total`: how many there will
    /// be; `bound`: the total is only an upper bound (no `DONE/TOTAL` then, and the ETA is
    /// one too); `detail`: the word on the first step (`layer 0`), shown until
    /// [`Meter::set`] changes it.
    pub fn new(command: &str, unit: &str, total: Option<u64>, bound: bool, detail: &str) -> Meter {
        let shared = Arc::new(Shared {
            command: command.to_string(),
            unit: unit.to_string(),
            start: Instant::now(),
            state: Mutex::new(State {
                done: 0,
                total: total.filter(|_| !bound),
                detail: detail.to_string(),
                stopped: false,
            }),
            wake: Condvar::new(),
        });
        let mut meter = Meter {
            shared,
            bar: None,
            ticker: None,
        };
        if quiet() {
            return meter;
        }
        if std::io::stderr().is_terminal() {
            let bar = terminal_bar(unit, total, bound);
            bar.set_message(detail.to_string());
            meter.bar = Some(bar);
        } else {
            let shared = Arc::clone(&meter.shared);
            let interval = interval();
            meter.ticker = Some(std::thread::spawn(move || plain_lines(&shared, interval)));
        }
        meter
    }

    /// Sets the count so far and the word on the current step (`layer 12`).
    pub fn set(&self, done: u64, detail: &str) {
        if let Ok(mut s) = self.shared.state.lock() {
            s.done = done;
            if s.detail != detail {
                s.detail = detail.to_string();
            }
        }
        if let Some(pb) = &self.bar {
            pb.set_position(done);
            pb.set_message(detail.to_string());
        }
    }

    /// Sets the count so far and the total (known only once the work is laid out), the
    /// step unchanged; may be called from any thread.
    pub fn set_count(&self, done: u64, total: u64) {
        if let Ok(mut s) = self.shared.state.lock() {
            s.done = done;
            s.total = Some(total);
        }
        if let Some(pb) = &self.bar {
            pb.set_length(total);
            pb.set_position(done);
        }
    }

    /// Sets the word on the current step, the count unchanged.
    pub fn set_detail(&self, detail: &str) {
        if let Ok(mut s) = self.shared.state.lock() {
            s.detail = detail.to_string();
        }
        if let Some(pb) = &self.bar {
            pb.set_message(detail.to_string());
        }
    }

    /// One more done, the step unchanged.
    pub fn inc(&self) {
        let (done, detail) = match self.shared.state.lock() {
            Ok(s) => (s.done + 1, s.detail.clone()),
            Err(_) => return,
        };
        self.set(done, &detail);
    }

    /// Prints a finished step's line above the bar (on a terminal only).
    pub fn note(&self, line: &str) {
        if let Some(pb) = &self.bar {
            pb.println(line);
        }
    }

    /// Ends the meter: the bar is cleared, the plain lines stop.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        if let Ok(mut s) = self.shared.state.lock() {
            s.stopped = true;
        }
        self.shared.wake.notify_all();
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
        if let Some(pb) = self.bar.take() {
            pb.finish_and_clear();
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The interval of the plain lines: [`INTERVAL_ENV`] when set to a positive number of
/// milliseconds, else ten seconds.
fn interval() -> Duration {
    std::env::var(INTERVAL_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .map_or(DEFAULT_INTERVAL, Duration::from_millis)
}

/// The thread of the plain lines: the first after two seconds (or the interval, if less),
/// then one per interval, until the meter stops.
fn plain_lines(shared: &Shared, interval: Duration) {
    let mut next = shared.start + QUIET_START.min(interval);
    let Ok(mut state) = shared.state.lock() else {
        return;
    };
    loop {
        let now = Instant::now();
        if state.stopped {
            return;
        }
        if now < next {
            match shared.wake.wait_timeout(state, next - now) {
                Ok((s, _)) => state = s,
                Err(_) => return,
            }
            continue;
        }
        let line = plain_line(
            &shared.command,
            &state.detail,
            state.done,
            state.total,
            &shared.unit,
            shared.start.elapsed(),
        );
        // A closed or full stderr is no reason to stop the work.
        let _ = writeln!(std::io::stderr(), "{line}");
        next += interval;
    }
}

/// The bar on a terminal: `[bar] COUNT UNIT, RATE UNIT/s, DETAIL, ETA [ELAPSED]`, a spinner
/// without a total.
fn terminal_bar(unit: &str, total: Option<u64>, bound: bool) -> indicatif::ProgressBar {
    let (pb, template) = match total {
        Some(t) => (
            indicatif::ProgressBar::new(t),
            format!("{{bar:30}} {{count}} {unit}, {{rate}} {unit}/s, {{msg}}{{eta}} [{{elapsed}}]"),
        ),
        None => (
            indicatif::ProgressBar::new_spinner(),
            format!("{{spinner}} {{count}} {unit}, {{rate}} {unit}/s, {{msg}} [{{elapsed}}]"),
        ),
    };
    let exact = !bound;
    let style = indicatif::ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner())
        .with_key(
            "count",
            move |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = match (s.len(), exact) {
                    (Some(t), true) => write!(w, "{}/{t}", s.pos()),
                    (Some(t), false) => write!(
                        w,
                        "{} (<= {})",
                        short_count(s.pos() as f64),
                        short_count(t as f64)
                    ),
                    (None, _) => write!(w, "{}", short_count(s.pos() as f64)),
                };
            },
        )
        .with_key(
            "rate",
            |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let secs = s.elapsed().as_secs_f64();
                let rate = if secs > 0.0 {
                    s.pos() as f64 / secs
                } else {
                    0.0
                };
                let _ = write!(w, "{}", short_count(rate));
            },
        )
        .with_key(
            "eta",
            move |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                if let Some(e) = s
                    .len()
                    .and_then(|t| eta_text(s.elapsed(), s.pos(), t, !exact))
                {
                    let _ = write!(w, ", {e}");
                }
            },
        );
    pb.set_style(style);
    pb.enable_steady_tick(Duration::from_millis(200));
    pb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_rates_have_at_most_three_significant_digits() {
        assert_eq!(short_count(0.0), "0");
        assert_eq!(short_count(12.4), "12");
        assert_eq!(short_count(1234.0), "1.23 k");
        assert_eq!(short_count(999_999.0), "1 M");
        assert_eq!(short_count(10_820_824.390_1), "10.8 M");
        assert_eq!(short_count(123_456_789.0), "123 M");
        assert_eq!(short_count(2.5e9), "2.5 G");
        assert_eq!(short_count(f64::NAN), "?");
    }

    #[test]
    fn durations_are_rounded_to_one_unit() {
        let d = |s: u64| rounded_duration(Duration::from_secs(s));
        assert_eq!(d(0), "0 s");
        assert_eq!(d(59), "59 s");
        assert_eq!(d(60), "1 min");
        assert_eq!(d(3000), "50 min");
        assert_eq!(d(7200), "2 h");
        assert_eq!(d(3 * 86400), "3 d");
    }

    #[test]
    fn no_eta_before_a_few_seconds_then_the_average_rate() {
        let s = Duration::from_secs;
        assert_eq!(eta_text(s(1), 500, 1000, false), None);
        assert_eq!(eta_text(s(10), 0, 1000, false), None);
        // Half done in 10 s: 10 s to go.
        assert_eq!(eta_text(s(10), 500, 1000, false).unwrap(), "ETA 10 s");
        // A tenth in 20 s: 180 s to go, at most (the total is a bound).
        assert_eq!(eta_text(s(20), 100, 1000, true).unwrap(), "ETA <= 3 min");
    }

    #[test]
    fn plain_lines_name_the_command_the_step_and_the_count() {
        let s = Duration::from_secs(8);
        assert_eq!(
            plain_line("report", "variants", 3, Some(9), "jobs", s),
            "report: variants, 3/9 jobs, 8 s"
        );
        assert_eq!(
            plain_line("search", "", 12, None, "states", s),
            "search: 12 states, 8 s"
        );
    }
}
