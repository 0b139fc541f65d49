//! Progress on standard error for long work: lines read by `convert` and
//! `validate`, nodes counted by `perft`.
//!
//! Shown only when standard error is a terminal, `--quiet` was not given,
//! and the work has lasted more than a second; cleared when the work ends,
//! so that nothing of it stays in what the user reads afterwards. While a
//! bar is on the screen, diagnostics written through [`Stderr`] lift it
//! out of the way, so the two never share a line.
//!
//! There is one standard error per process, hence one bar on screen at a
//! time: which one is process-wide state.

use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How long work runs before its progress appears.
const DELAY: Duration = Duration::from_secs(1);

/// The bar on the screen, if any.
static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Whether progress may be drawn: the command wants it (no `--quiet`) and
/// standard error is a terminal.
fn allowed(wanted: bool) -> bool {
    wanted && io::stderr().is_terminal()
}

/// Standard error, written around the progress bar when one is shown.
/// Wrap it in a `BufWriter`: the bar is lifted once per write.
pub struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf).map(|()| buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let active = ACTIVE.lock().unwrap_or_else(|e| e.into_inner());
        match active.as_ref() {
            Some(bar) => bar.suspend(|| io::stderr().write_all(buf)),
            None => io::stderr().write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// Runs `f` (a write to a terminal, say) with the bar, if one is on the
/// screen, lifted out of the way.
pub fn suspended<R>(f: impl FnOnce() -> R) -> R {
    let active = ACTIVE.lock().unwrap_or_else(|e| e.into_inner());
    match active.as_ref() {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}

/// A counter that appears on standard error once the work has lasted a
/// second. Counting is cheap: callers may add once per item.
pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    shown: bool,
    count: u64,
    /// Counts since the bar was last told, so that the bar (which takes a
    /// lock) hears of them in batches.
    pending: u64,
}

impl Progress {
    /// Progress counting `unit`s ("lines", "nodes"), drawn only if
    /// `wanted` and standard error is a terminal.
    pub fn new(wanted: bool, unit: &'static str) -> Progress {
        Progress::with(allowed(wanted), unit)
    }

    fn with(allowed: bool, unit: &'static str) -> Progress {
        let bar = allowed.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            let template = format!("{{spinner}} {{human_pos}} {unit}  {{rate}}  {{elapsed}}");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                // indicatif's own {per_sec} prints fractions: whole units
                // with thousands separators read better.
                bar.set_style(style.with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
                    },
                ));
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
            count: 0,
            pending: 0,
        }
    }

    /// Progress that is never drawn.
    #[cfg(test)]
    fn hidden() -> Progress {
        Progress::with(false, "")
    }

    /// Counts `n` more units.
    pub fn add(&mut self, n: u64) {
        self.count += n;
        let Some(bar) = &self.bar else { return };
        self.pending += n;
        // Tell the bar (and look at the clock) once per batch, not per item.
        if self.pending < 256 {
            return;
        }
        if !self.shown && self.start.elapsed() >= DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(200));
            *ACTIVE.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar.clone());
            self.shown = true;
        }
        bar.inc(std::mem::take(&mut self.pending));
    }
}

impl Drop for Progress {
    /// Takes the bar off the screen, leaving nothing of it.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            if self.shown {
                *ACTIVE.lock().unwrap_or_else(|e| e.into_inner()) = None;
            }
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_progress_still_counts() {
        let mut p = Progress::hidden();
        for _ in 0..10_000 {
            p.add(1);
        }
        p.add(5);
        assert_eq!(p.count, 10_005);
    }

    #[test]
    fn an_allowed_bar_stays_hidden_for_the_first_second() {
        let mut p = Progress::with(true, "lines");
        p.add(100_000);
        assert!(!p.shown);
        assert_eq!(p.bar.as_ref().map(|b| b.position()), Some(100_000));
        assert_eq!(p.count, 100_000);
    }
}
