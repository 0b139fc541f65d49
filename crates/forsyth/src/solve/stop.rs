//! Why a search stopped before it ended.

/// Why a search stopped before it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The cancel flag was set ([`Solver::cancel`](crate::solve::Solver::cancel)).
    Cancelled,
    /// The node limit was reached ([`Solver::max_nodes`](crate::solve::Solver::max_nodes)).
    Nodes,
    /// The time limit was reached ([`Solver::max_time`](crate::solve::Solver::max_time)).
    Time,
    /// The solution outgrew its memory cap ([`Solver::max_memory`](crate::solve::Solver::max_memory)).
    Memory,
}

impl StopReason {
    /// The stable name, snake case.
    ///
    /// ```
    /// use forsyth::solve::StopReason;
    /// assert_eq!(StopReason::Nodes.name(), "nodes");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Cancelled => "cancelled",
            StopReason::Nodes => "nodes",
            StopReason::Time => "time",
            StopReason::Memory => "memory",
        }
    }
}
