//! What one request may cost: sizes, times and the number of solves that
//! run at once. `specs/http.md` lists the same numbers.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The request line and headers, together.
pub const MAX_HEAD: usize = 16 * 1024;
/// A request's body: room for a long PGN game or a Popeye file.
pub const MAX_BODY: usize = 256 * 1024;
/// The time a response may take to be written to the client.
pub const WRITE_TIME: Duration = Duration::from_secs(10);
/// Threads answering requests: a fixed pool, whatever the load.
pub const WORKERS: usize = 8;
/// Connections accepted and waiting for a worker; past that, 503.
pub const QUEUE: usize = 64;
/// The plies of one game replayed.
pub const MAX_PLIES: usize = 5000;
/// A solve's time limit when the request gives none.
pub const DEFAULT_SOLVE_TIME: Duration = Duration::from_secs(10);

/// What the server shares among its workers.
pub struct State {
    pub slots: SolveSlots,
    /// The longest time limit a solve may have.
    pub max_time: Duration,
    /// The time a client has to send its whole request.
    pub read_time: Duration,
}

/// The solves that may run at once; a solve asks for a slot and gives it
/// back when its guard is dropped.
pub struct SolveSlots {
    running: AtomicUsize,
    max: usize,
}

/// A slot held: dropping it frees the slot.
pub struct Slot<'a>(&'a SolveSlots);

impl SolveSlots {
    pub fn new(max: usize) -> SolveSlots {
        SolveSlots {
            running: AtomicUsize::new(0),
            max,
        }
    }

    pub fn max(&self) -> usize {
        self.max
    }

    /// A slot, or `None` when `max` solves are running.
    pub fn try_take(&self) -> Option<Slot<'_>> {
        self.running
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(self))
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_and_given_back() {
        let slots = SolveSlots::new(2);
        let a = slots.try_take();
        let b = slots.try_take();
        assert!(a.is_some() && b.is_some());
        assert!(slots.try_take().is_none());
        drop(a);
        assert!(slots.try_take().is_some());
        drop(b);
        let _c = slots.try_take().unwrap();
        let _d = slots.try_take().unwrap();
        assert!(slots.try_take().is_none());
    }
}
