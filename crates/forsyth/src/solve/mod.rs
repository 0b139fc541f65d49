//! Chess problems: direct mates (`#n`, White to play and mate in at most
//! `n` moves against any defence) and selfmates (`s#n`, White to play and
//! force Black to mate it in at most `n`) solved in full, as problemists
//! read them (`specs/solve.md`): every key (two or more: the problem is
//! cooked), each key's threat, and the tree of every Black defence with
//! each White continuation that still mates in time, duals and short
//! mates marked.
//!
//! ```
//! use forsyth::notation::Notation;
//! use forsyth::solve::{ChessProblem, Solver, Stipulation, write_solution};
//! let problem = ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) #3", None)?;
//! let solution = Solver::new(Stipulation::Mate(3)).solve(&problem.position)?;
//! assert!(!solution.is_cooked());
//! let mut text = String::new();
//! write_solution(&mut text, &problem.position, &solution, "san-el".parse()?)?;
//! assert!(text.starts_with("1.Ιδ4! (2.Ιβ5)\n"));
//! assert!(text.contains("  1...Ρδ7 2.Ιβ5 Ρε7 3.Πζ7#\n"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The solution is data (moves, not text); [`write_solution`] and
//! [`write_popeye`] render it. Problems are read from a statement
//! ([`ChessProblem::from_statement`]) or a Popeye input file
//! ([`read_popeye`]).
//!
//! # In the library
//!
//! Layer 6, problems: the solver (`search.rs`, its transposition table in
//! `hash.rs`), the problems it reads (a statement or a FEN record,
//! `input.rs`; a Popeye input, `popeye.rs`; the stipulation,
//! `stipulation.rs`) and the solutions it writes (`render.rs`).
//!
//! May use: every layer below (`board` to `game`).

mod hash;
mod input;
mod popeye;
mod render;
mod search;
mod stipulation;

use core::fmt;
use std::sync::atomic::AtomicBool;

pub use input::{ChessProblem, ReadProblemError, ReadProblemErrorKind};
pub use popeye::{
    is_popeye_input, read_popeye, read_popeye_each, ParsePopeyeError, ParsePopeyeErrorKind,
};
pub use render::{write_popeye, write_solution};
pub use stipulation::{ParseStipulationError, ParseStipulationErrorKind, Stipulation};

use crate::board::{Color, Move};
use crate::rules::Position;
use search::{after, may_check, Search, MAX_MOVES};

/// One move of a solution's tree and what follows it: after a White move,
/// every Black defence; after a Black defence, every White continuation
/// that still mates in time; nothing after a mating move.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::Mate(1)).solve(&pos)?;
/// let key = &solution.keys[0];
/// assert_eq!(pos.san(key.mv), "Rh8#");
/// assert!(key.defences.is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Variation {
    /// The move.
    pub mv: Move,
    /// A White continuation with another beside it that also mates in
    /// the same fewest moves (`false` for Black's moves).
    pub dual: bool,
    /// A White continuation that mates in fewer moves than the
    /// stipulation leaves (`false` for Black's moves).
    pub short: bool,
    /// What follows: Black's defences after a White move, White's
    /// continuations of the fewest moves after a Black move.
    pub replies: Vec<Variation>,
}

/// A key: a first White move that mates in time against every defence.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// // 1.Rb7! threatens 2.Rh8#; Black has only king moves.
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/1R6/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::Mate(2)).solve(&pos)?;
/// assert!(solution.keys.iter().any(|k| pos.san(k.mv) == "Rh8#" && k.short));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Key {
    /// The key move.
    pub mv: Move,
    /// It mates in fewer moves than stipulated.
    pub short: bool,
    /// It gives check (Black cannot pass: there is no threat to find).
    pub check: bool,
    /// What White would mate with if Black could pass: the White moves
    /// that mate in the fewest moves (fewer than the stipulation), each
    /// with its tree. `None` when Black cannot pass (the key gives check),
    /// when the key mates, or when no such mate exists (a waiting key,
    /// zugzwang).
    pub threat: Option<Vec<Variation>>,
    /// Every legal Black defence, each with White's continuations.
    pub defences: Vec<Variation>,
}

impl Variation {
    /// The attacker's moves, this one counted, in which this White move
    /// reaches the goal by the tree: 1 for a mate (a selfmate's move after
    /// which every defence mates), else one more than the fewest of its
    /// worst defence's continuations.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let key = &Solver::new(Stipulation::Mate(3)).solve(&p.position)?.keys[0];
    /// // 1.Nd4 Kd6 2.Rd8+: two moves, the mate included.
    /// let rd8 = &key.defences.iter().find(|d| d.replies.len() == 1).expect("Kd6").replies[0];
    /// assert_eq!(rd8.moves(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> u8 {
        1 + moves_after(&self.replies)
    }
}

/// The attacker's moves still needed after its move whose defences are
/// `defences` (0: none, the goal is reached).
pub(crate) fn moves_after(defences: &[Variation]) -> u8 {
    defences
        .iter()
        .map(|d| fewest(&d.replies))
        .max()
        .unwrap_or(0)
}

/// The fewest moves among White's `continuations` (0 when there is none:
/// the defence itself ended the play).
pub(crate) fn fewest(continuations: &[Variation]) -> u8 {
    continuations
        .iter()
        .map(Variation::moves)
        .min()
        .unwrap_or(0)
}

impl Key {
    /// `true` for a waiting key: Black can pass and White has no threat.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// use forsyth::solve::{Key, Variation};
    /// let mv = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// let mate = Key { mv, short: false, check: true, threat: None, defences: Vec::new() };
    /// assert!(!mate.is_waiting()); // no defence: the key mates
    /// let defence = Variation { mv, dual: false, short: false, replies: Vec::new() };
    /// let waiting = Key { check: false, defences: vec![defence], ..mate };
    /// assert!(waiting.is_waiting());
    /// ```
    pub fn is_waiting(&self) -> bool {
        self.threat.is_none() && !self.defences.is_empty() && !self.check
    }

    /// The position the threat is played from: after the key in `pos`,
    /// Black passing (White to move, no en passant); `None` when the key
    /// gives check (Black cannot pass).
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let key = &Solver::new(Stipulation::Mate(3)).solve(&p.position)?.keys[0];
    /// let passed = key.threat_position(&p.position).expect("a quiet key");
    /// let threat = &key.threat.as_ref().expect("a threat")[0];
    /// assert_eq!(passed.san(threat.mv), "Nb5");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn threat_position(&self, pos: &Position) -> Option<Position> {
        let next = pos.play(self.mv).ok()?;
        (!next.is_check()).then(|| passed(&next))
    }
}

/// The solution of a problem: every key, and the work it took.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::Mate(2)).solve(&pos)?;
/// assert!(solution.keys.is_empty() && !solution.is_cooked());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// The stipulation solved.
    pub stipulation: Stipulation,
    /// Every key, in the move generator's order.
    pub keys: Vec<Key>,
    /// Positions the search visited.
    pub nodes: u64,
}

impl Solution {
    /// `true` when more than one key works (the problem is cooked).
    ///
    /// ```
    /// # use forsyth::Position;
    /// # use forsyth::solve::{Solver, Stipulation};
    /// # let pos = Position::from_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap(), None).unwrap();
    /// # let solution = Solver::new(Stipulation::Mate(1)).solve(&pos).unwrap();
    /// assert!(!solution.is_cooked());
    /// ```
    pub fn is_cooked(&self) -> bool {
        self.keys.len() > 1
    }
}

/// The search was cancelled before it ended.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use forsyth::{Position, Setup};
/// use forsyth::solve::{Solver, Stipulation};
/// let stop = AtomicBool::new(true);
/// let pos = Position::standard();
/// let err = Solver::new(Stipulation::Mate(3)).cancel(&stop).solve(&pos).unwrap_err();
/// assert_eq!(err.to_string(), format!("cancelled after {} nodes", err.nodes));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cancelled {
    /// Positions visited before the cancel was seen.
    pub nodes: u64,
}

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cancelled after {} nodes", self.nodes)
    }
}

impl std::error::Error for Cancelled {}

/// Solves problems: a stipulation, and optionally a cancel flag and a
/// progress callback.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let mut reports = 0;
/// let mut count = |_nodes: u64| reports += 1;
/// let solution = Solver::new(Stipulation::Mate(2)).progress(&mut count).solve(&pos)?;
/// assert!(solution.nodes > 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<'a> {
    stipulation: Stipulation,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut dyn FnMut(u64)>,
}

impl<'a> Solver<'a> {
    /// A solver for `stipulation`.
    ///
    /// ```
    /// use forsyth::solve::{Solver, Stipulation};
    /// let _solver = Solver::new("#3".parse::<Stipulation>()?);
    /// # Ok::<_, forsyth::solve::ParseStipulationError>(())
    /// ```
    pub fn new(stipulation: Stipulation) -> Solver<'a> {
        Solver {
            stipulation,
            cancel: None,
            progress: None,
        }
    }

    /// Stops the search, with [`Cancelled`], once `flag` is set (it is
    /// looked at every thousand nodes or so).
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use forsyth::solve::{Solver, Stipulation};
    /// let flag = AtomicBool::new(false);
    /// let _solver = Solver::new(Stipulation::Mate(2)).cancel(&flag);
    /// ```
    pub fn cancel(mut self, flag: &'a AtomicBool) -> Solver<'a> {
        self.cancel = Some(flag);
        self
    }

    /// Calls `report` with the nodes visited so far, every 65,536 nodes.
    ///
    /// ```
    /// use forsyth::solve::{Solver, Stipulation};
    /// let mut last = 0;
    /// let mut report = |nodes: u64| last = nodes;
    /// let _solver = Solver::new(Stipulation::Mate(2)).progress(&mut report);
    /// ```
    pub fn progress(mut self, report: &'a mut dyn FnMut(u64)) -> Solver<'a> {
        self.progress = Some(report);
        self
    }

    /// Solves the problem `pos` (the side to move is the attacker, White
    /// in every orthodox problem).
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::fen::Fen;
    /// use forsyth::solve::{Solver, Stipulation};
    /// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
    /// let solution = Solver::new(Stipulation::Mate(1)).solve(&pos)?;
    /// assert_eq!(solution.keys.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(self, pos: &Position) -> Result<Solution, Cancelled> {
        let (n, selfmate) = match self.stipulation {
            Stipulation::Mate(n) => (n, false),
            Stipulation::Selfmate(n) => (n, true),
        };
        let n = n.clamp(1, MAX_MOVES);
        let mut search = Search::new(selfmate, self.cancel, self.progress);
        let mut tree = Tree {
            search: &mut search,
        };
        let keys = tree.keys(pos, n);
        let nodes = search.nodes;
        if search.stopped {
            return Err(Cancelled { nodes });
        }
        Ok(Solution {
            stipulation: self.stipulation,
            keys,
            nodes,
        })
    }
}

/// `pos` (Black to move, not in check) with Black passing: White to move,
/// no en passant.
pub(crate) fn passed(pos: &Position) -> Position {
    let mut setup = pos.setup.clone();
    setup.turn = !setup.turn;
    setup.ep_square = None;
    if setup.turn == Color::White {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    Position::from_setup_unchecked(setup)
}

/// Builds the tree of a solution on a search.
struct Tree<'s, 'a> {
    search: &'s mut Search<'a>,
}

impl Tree<'_, '_> {
    /// The keys of `pos` for mate in `n`.
    fn keys(&mut self, pos: &Position, n: u8) -> Vec<Key> {
        let mut keys = Vec::new();
        for &m in pos.legal_moves().iter() {
            if self.search.stopped {
                break;
            }
            let next = after(pos, m);
            let Some(len) = self.search.mate_length(&next, n) else {
                continue;
            };
            let check = next.is_check();
            let threat = if len == 1 || check {
                None
            } else {
                self.threat(&next, n - 1)
            };
            keys.push(Key {
                mv: m,
                short: len < n,
                check,
                threat,
                defences: self.defences(&next, n),
            });
        }
        keys
    }

    /// The threat after the key (Black to move, not in check): White's
    /// shortest mates, in at most `max` moves, were Black to pass.
    fn threat(&mut self, pos: &Position, max: u8) -> Option<Vec<Variation>> {
        let passed = passed(pos);
        let len = (1..=max).find(|&j| self.search.mates(&passed, j))?;
        Some(self.continuations(&passed, len))
    }

    /// White to move with `k` moves left: every move that mates in the
    /// fewest moves (at most `k`), each with its tree; all marked dual when
    /// there are several.
    fn continuations(&mut self, pos: &Position, k: u8) -> Vec<Variation> {
        let mut found = Vec::new();
        let them = !pos.turn();
        let king = pos.board().king_of(them);
        for &m in pos.legal_moves().iter() {
            if self.search.stopped {
                break;
            }
            // The last move mates only if it checks.
            if k == 1 && !self.search.selfmate && king.is_some_and(|king| !may_check(m, king, them))
            {
                continue;
            }
            let next = after(pos, m);
            if let Some(len) = self.search.mate_length(&next, k) {
                found.push((m, next, len));
            }
        }
        // Only the fewest-move ways make the tree: a slower way beside a
        // shorter mate is no variation (and no dual), as problemists and
        // Popeye count them; keeping them would also grow a cooked
        // problem's tree without bound.
        let Some(fewest) = found.iter().map(|&(_, _, len)| len).min() else {
            return Vec::new();
        };
        found.retain(|&(_, _, len)| len == fewest);
        let dual = found.len() > 1;
        let mut out = Vec::with_capacity(found.len());
        for (m, next, len) in found {
            if self.search.stopped {
                break;
            }
            out.push(Variation {
                mv: m,
                dual,
                short: len < k,
                replies: self.defences(&next, k),
            });
        }
        out
    }

    /// Black to move after White's move that had `k` moves to mate: every
    /// defence with White's continuations (none after a mate: White's in
    /// a direct mate, Black's in a selfmate).
    fn defences(&mut self, pos: &Position, k: u8) -> Vec<Variation> {
        let mut out = Vec::new();
        if k <= 1 && !self.search.selfmate {
            return out;
        }
        for &m in pos.legal_moves().iter() {
            if self.search.stopped {
                break;
            }
            let next = after(pos, m);
            let replies = if k <= 1 || next.is_checkmate() {
                Vec::new()
            } else {
                self.continuations(&next, k - 1)
            };
            out.push(Variation {
                mv: m,
                dual: false,
                short: false,
                replies,
            });
        }
        out
    }
}
