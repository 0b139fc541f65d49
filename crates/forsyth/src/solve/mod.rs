//! Chess problems solved in full, as problemists read them
//! (`specs/solve.md`): direct mates and stalemates (`#n`, `=n`), selfmates
//! and selfstalemates (`s#n`, `s=n`) and reflexmates (`r#n`) with every
//! key (two or more: the problem is cooked), each key's threat, and the
//! tree of every defence with each continuation that still reaches the
//! goal in time, threats after every quiet move, duals and short mates
//! marked, tries with their refutations and set play on request;
//! helpmates (`h#n`, `h#n.5`, `h=n`), helpselfmates (`hs#n`, `hs#n.5`)
//! and series movers (`ser-#n`, `ser-h#n`, `ser-s#n`, `ser-=n`) with every
//! solution; duplex.
//!
//! ```
//! use forsyth::notation::Notation;
//! use forsyth::solve::{ChessProblem, Solver, Stipulation, write_solution};
//! let problem = ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) #3", None)?;
//! let solution = Solver::new(Stipulation::mate(3)).solve(&problem.position)?;
//! assert!(!solution.is_cooked());
//! let mut text = String::new();
//! write_solution(&mut text, &problem.position, &solution, "san-el".parse()?)?;
//! assert!(text.starts_with("1.Ιδ4! (2.Ιβ5)\n"));
//! // After 1...Kd7 2.Nb5, the threat is 3.Rf7#.
//! assert!(text.contains("  1...Ρδ7 2.Ιβ5 (3.Πζ7#) Ρε7 3.Πζ7#\n"));
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
//! Layer 6, problems: the solver (battle play in `search.rs`, help and
//! series play in `help.rs`, their lines in `line.rs`, why a search
//! stopped in `stop.rs`, the transposition keys in `hash.rs`), the
//! problems it reads (a statement or a FEN record, `input.rs`; a Popeye
//! input, `popeye.rs`; the stipulation, `stipulation.rs`; twins,
//! `twin.rs`) and the solutions it writes (`render.rs`); Popeye's order of
//! a side's moves (`order.rs`), which the renderer and help play share.
//!
//! May use: every layer below (`board` to `game`).

mod hash;
mod help;
mod input;
mod letters;
mod line;
mod order;
mod popeye;
mod render;
mod search;
mod stipulation;
mod stop;
mod twin;

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use input::{ChessProblem, ReadProblemError, ReadProblemErrorKind, TwinProblemError};
pub use line::Line;
pub use popeye::{
    is_popeye_input, read_popeye, read_popeye_each, ParsePopeyeError, ParsePopeyeErrorKind,
};
pub use render::{
    popeye_closes_with_blank, popeye_white_first_ignored, write_popeye, write_popeye_with,
    write_solution, PopeyeStyle,
};
pub use stipulation::{Goal, ParseStipulationError, ParseStipulationErrorKind, Play, Stipulation};
pub use stop::StopReason;
pub use twin::{Mirror, Twin, TwinChange, TwinError};

pub(crate) use line::passed;

use crate::board::Move;
use crate::rules::Position;
use search::{after, may_check, reaches, Battle, Meter, Search};
use stipulation::MAX_MOVES;

/// One move of a solution's tree and what follows it: after a White move,
/// every Black defence; after a Black defence, every White continuation
/// that still reaches the goal in time; nothing after the move that
/// reaches it.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::mate(1)).solve(&pos)?;
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
    /// A White continuation with another beside it that also reaches the
    /// goal in the same fewest moves (`false` for Black's moves).
    pub dual: bool,
    /// A White continuation that reaches the goal in fewer moves than the
    /// stipulation leaves (`false` for Black's moves).
    pub short: bool,
    /// After a White continuation that neither checks nor ends the play:
    /// what White threatens, were Black to pass (the White moves that
    /// reach the goal in the fewest moves, fewer than are left, each with
    /// its tree); `None` otherwise, and when there is no such move.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub threat: Option<Vec<Variation>>,
    /// What follows: Black's defences after a White move, White's
    /// continuations of the fewest moves after a Black move.
    pub replies: Vec<Variation>,
}

/// A key: a first White move that reaches the goal in time against every
/// defence; or, among a solution's tries, a first move that fails to its
/// refutations alone.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// // 1.Rb7! threatens 2.Rh8#; Black has only king moves.
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/1R6/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::mate(2)).solve(&pos)?;
/// assert!(solution.keys.iter().any(|k| pos.san(k.mv) == "Rh8#" && k.short));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Key {
    /// The key move.
    pub mv: Move,
    /// It reaches the goal in fewer moves than stipulated.
    pub short: bool,
    /// It gives check (Black cannot pass: there is no threat to find).
    pub check: bool,
    /// What White would do if Black could pass: the White moves that
    /// reach the goal in the fewest moves (fewer than the stipulation),
    /// each with its tree. `None` when Black cannot pass (the key gives
    /// check), when the key ends the play, or when no such move exists (a
    /// waiting key, zugzwang).
    pub threat: Option<Vec<Variation>>,
    /// Every legal Black defence, each with White's continuations (a try:
    /// every defence but its refutations).
    pub defences: Vec<Variation>,
    /// A try's refutations: the Black moves after which White no longer
    /// reaches the goal in time. Empty for a key.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub refutations: Vec<Move>,
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
    /// let key = &Solver::new(Stipulation::mate(3)).solve(&p.position)?.keys[0];
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
    /// let mate = Key { mv, short: false, check: true, threat: None, defences: Vec::new(), refutations: Vec::new() };
    /// assert!(!mate.is_waiting()); // no defence: the key mates
    /// let defence = Variation { mv, dual: false, short: false, threat: None, replies: Vec::new() };
    /// let waiting = Key { check: false, defences: vec![defence], ..mate };
    /// assert!(waiting.is_waiting());
    /// ```
    pub fn is_waiting(&self) -> bool {
        self.threat.is_none()
            && !self.check
            && (!self.defences.is_empty() || !self.refutations.is_empty())
    }

    /// The position the threat is played from: after the key in `pos`,
    /// Black passing (White to move, no en passant); `None` when the key
    /// gives check (Black cannot pass).
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let key = &Solver::new(Stipulation::mate(3)).solve(&p.position)?.keys[0];
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

/// The play after a key not shown ([`Solver::postkey`]), the defender to
/// move: what a [`Key`] holds below its move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AfterKey {
    /// The threat, as after a key; `None` when the defender is in check
    /// or White has none (a waiting position).
    pub threat: Option<Vec<Variation>>,
    /// Every defence, with White's answers (none after a refutation).
    pub defences: Vec<Variation>,
    /// The defences after which White cannot reach the goal in time.
    pub refutations: Vec<Move>,
}

/// The solution of a problem: every key (battle play) or every line (help
/// and series play), what was asked beside them, and the work it took.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::mate(2)).solve(&pos)?;
/// assert!(solution.keys.is_empty() && !solution.is_cooked());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// The stipulation solved.
    pub stipulation: Stipulation,
    /// Every key, in the move generator's order (battle play).
    pub keys: Vec<Key>,
    /// The tries, when asked for ([`Solver::tries`],
    /// [`Solver::max_refutations`]): the first moves that fail to one
    /// defence only (or to at most the maximum asked for), each with its
    /// refutations.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub tries: Vec<Key>,
    /// The set play, when asked for ([`Solver::set_play`]) and Black can
    /// move in the diagram: every Black move, were Black to move first,
    /// that White answers in time, with White's answers, or (self and
    /// reflex play) that mates at once, with none.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub set_play: Option<Vec<Variation>>,
    /// Reflex play: the attacker's first moves that reach the goal at
    /// once, which the reflex rule obliges it to play (so the problem has
    /// no key); Popeye marks them `?!?`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub forced: Vec<Move>,
    /// Every line that solves help or series play, the shorter first.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub lines: Vec<Line>,
    /// Help play's set play, when asked for ([`Solver::set_play`]): the
    /// lines with the other side starting and half a move fewer (`h#2`'s
    /// set play is `h#1.5` with White first), from the diagram with that
    /// side to move ([`Stipulation::set_play`]).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub set_lines: Vec<Line>,
    /// A duplex's second half: the same stipulation with the other side
    /// starting in the other's role, from [`duplex_position`].
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub duplex: Option<Box<Solution>>,
    /// The side not to move is in check (only a problem's position can
    /// be: [`ChessProblem::set_aside`]): the side to move could take the
    /// king, so the play is not solved, as Popeye solves nothing there
    /// ("the side to play can capture the king"). The set play, when
    /// asked for, is still solved ([`Solution::set_play`],
    /// [`Solution::set_lines`]): the other side, in check, moves first.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "core::ops::Not::not")
    )]
    pub opposite_check: bool,
    /// Set play was asked for, but the side to move is in check, so the
    /// other side cannot move first (nothing of the set play is solved).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "core::ops::Not::not")
    )]
    pub set_play_opposite_check: bool,
    /// Battle play solved after the key ([`Solver::postkey`]): the
    /// threat and the defences; `None` otherwise (the keys are solved).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub after_key: Option<AfterKey>,
    /// Tries were asked for in play after the key ([`Solver::postkey`]),
    /// which has no first move to try: none are looked for (Popeye says
    /// "try play not applicable" and solves the play after the key).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "core::ops::Not::not")
    )]
    pub tries_not_applicable: bool,
    /// Set play was asked for where there is none to solve: in battle
    /// play after the key ([`Solver::postkey`]), in a series of one side
    /// alone (`ser-#n`, `ser-=n`) and in `h#0.5`. Nothing of it is solved
    /// (Popeye says "SetPlay not applicable - ignored" and solves the
    /// rest).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "core::ops::Not::not")
    )]
    pub set_play_not_applicable: bool,
    /// A threat length was asked for ([`Solver::max_threat`]) where it
    /// holds no move: in help and series play, and when it is not below
    /// the stipulation's moves. The play is solved as without it (Popeye
    /// says "Option "Threat" not applicable or indicated maximum threat
    /// length too big" and solves the rest).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "core::ops::Not::not")
    )]
    pub threat_not_applicable: bool,
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
    /// # let solution = Solver::new(Stipulation::mate(1)).solve(&pos).unwrap();
    /// assert!(!solution.is_cooked());
    /// ```
    pub fn is_cooked(&self) -> bool {
        self.keys.len() > 1
    }

    /// `true` when nothing solves the problem (no key, no line; a duplex
    /// second half with none either).
    ///
    /// ```
    /// # use forsyth::Position;
    /// # use forsyth::solve::{Solver, Stipulation};
    /// # let pos = Position::from_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap(), None).unwrap();
    /// let solution = Solver::new(Stipulation::mate(1)).solve(&pos).unwrap();
    /// assert!(solution.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
            && self.lines.is_empty()
            && self.duplex.as_ref().is_none_or(|d| d.is_empty())
    }
}

/// The position a duplex's second half starts from: `pos` with the other
/// side to move (no en passant). When `pos`'s side to move is in check,
/// the side then not on move is: that half's play is not solved, its set
/// play is ([`Solution::opposite_check`]), as Popeye does.
///
/// ```
/// use forsyth::{Color, Position};
/// use forsyth::solve::duplex_position;
/// let start = Position::standard();
/// assert_eq!(duplex_position(&start).turn(), Color::Black);
/// ```
pub fn duplex_position(pos: &Position) -> Position {
    passed(pos)
}

/// The search was stopped before it ended: cancelled, or a limit reached.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use forsyth::{Position, Setup};
/// use forsyth::solve::{Solver, Stipulation, StopReason};
/// let stop = AtomicBool::new(true);
/// let pos = Position::standard();
/// let err = Solver::new(Stipulation::mate(3)).cancel(&stop).solve(&pos).unwrap_err();
/// assert_eq!(err.reason, StopReason::Cancelled);
/// assert_eq!(err.to_string(), format!("cancelled after {} nodes", err.nodes));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cancelled {
    /// Positions visited before the search stopped.
    pub nodes: u64,
    /// Why it stopped.
    pub reason: StopReason,
}

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nodes = self.nodes;
        match self.reason {
            StopReason::Cancelled => write!(f, "cancelled after {nodes} nodes"),
            StopReason::Nodes => write!(f, "node limit reached after {nodes} nodes"),
            StopReason::Time => write!(f, "time limit reached after {nodes} nodes"),
            StopReason::Memory => {
                write!(f, "the solution outgrew its memory cap after {nodes} nodes")
            }
        }
    }
}

impl std::error::Error for Cancelled {}

/// The memory cap on a solution by default: 1 GiB.
const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// Solves problems: a stipulation, and optionally tries, set play, a
/// cancel flag, limits and a progress callback.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let mut reports = 0;
/// let mut count = |_nodes: u64| reports += 1;
/// let solution = Solver::new(Stipulation::mate(2)).progress(&mut count).solve(&pos)?;
/// assert!(solution.nodes > 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<'a> {
    stipulation: Stipulation,
    max_refutations: Option<u32>,
    avoid_trivial_tries: bool,
    set_play: bool,
    variations: bool,
    postkey: bool,
    max_threat: Option<u8>,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut dyn FnMut(u64)>,
    max_nodes: Option<u64>,
    max_time: Option<Duration>,
    max_memory: usize,
    popeye_table: bool,
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
            max_refutations: None,
            avoid_trivial_tries: false,
            set_play: false,
            variations: true,
            postkey: false,
            max_threat: None,
            cancel: None,
            progress: None,
            max_nodes: None,
            max_time: None,
            max_memory: DEFAULT_MAX_MEMORY,
            popeye_table: false,
        }
    }

    /// Finds the tries of battle play too: the first moves that fail to
    /// exactly one defence (the refutation).
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let solution = Solver::new(Stipulation::mate(3)).tries(true).solve(&p.position)?;
    /// let try_ = &solution.tries[0];
    /// assert_eq!(p.position.san(try_.mv), "Nc5");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn tries(mut self, on: bool) -> Solver<'a> {
        self.max_refutations = on.then_some(1);
        self
    }

    /// Finds the tries of battle play with up to `most` refutations each
    /// (Popeye's `option defence N`): the first moves that are no keys
    /// and that at least one and at most `most` defences refute, each
    /// with its tree and its refutations. `1` is [`Solver::tries`];
    /// `0` asks for tries that none can be (a try has a refutation).
    /// The later of this and [`Solver::tries`] holds.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let solution = Solver::new(Stipulation::mate(3)).max_refutations(2).solve(&p.position)?;
    /// // 1.Rf7+? Kd6! Kxf7!
    /// let try_ = solution.tries.iter().find(|t| p.position.san(t.mv) == "Rf7+").expect("a try");
    /// assert_eq!(try_.refutations.len(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_refutations(mut self, most: u32) -> Solver<'a> {
        self.max_refutations = Some(most);
        self
    }

    /// Leaves out the trivial tries (Popeye's `option trivialtriesavoid`):
    /// a try that checks and fails to one defence only. A checking try
    /// with more refutations ([`Solver::max_refutations`]) stays, as
    /// Popeye keeps it.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(k7/2R5/1K6/8/8/8/8/7R) #2", None)?;
    /// let all = Solver::new(Stipulation::mate(2)).tries(true).solve(&p.position)?;
    /// assert!(all.tries.iter().any(|t| t.check)); // 1.Ra1+? Kb8!
    /// let quiet = Solver::new(Stipulation::mate(2)).tries(true).avoid_trivial_tries(true).solve(&p.position)?;
    /// assert!(quiet.tries.iter().all(|t| !t.check));
    /// assert_eq!(quiet.tries.len(), all.tries.len() - 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn avoid_trivial_tries(mut self, on: bool) -> Solver<'a> {
        self.avoid_trivial_tries = on;
        self
    }

    /// Finds the set play of battle play too: Black's moves were Black to
    /// move in the diagram, and White's answers in one move fewer; in self
    /// and reflex play also Black's moves that mate at once (the only set
    /// play of `s#1` and `r#1`).
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(k7/2R5/1K6/8/8/8/8/7R) #2", None)?;
    /// let solution = Solver::new(Stipulation::mate(2)).set_play(true).solve(&p.position)?;
    /// let set = solution.set_play.expect("Black can move");
    /// assert_eq!(set.len(), 1); // 1...Kb8 2.Rh8#
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_play(mut self, on: bool) -> Solver<'a> {
        self.set_play = on;
        self
    }

    /// Builds each key's and try's threat and variations (the default), or,
    /// when `off`, proves the keys (and finds the tries' refutations) alone:
    /// each [`Key`] then has no threat and no defences, and the search
    /// does only the work the first moves need. Set play is built either
    /// way when asked for.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let solution = Solver::new(Stipulation::mate(3)).variations(false).solve(&p.position)?;
    /// assert_eq!(p.position.san(solution.keys[0].mv), "Nd4");
    /// assert!(solution.keys[0].defences.is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn variations(mut self, on: bool) -> Solver<'a> {
        self.variations = on;
        self
    }

    /// Battle play after the key (Popeye's `option postkey`): the position
    /// is the one after a key not shown, the defender to move, and the
    /// solution is [`Solution::after_key`]: the threat, and every defence
    /// with White's answers in the moves left (the stipulation's moves,
    /// the key counted), those no answer meets among
    /// [`AfterKey::refutations`]. Help and series play ignore it, as
    /// Popeye does.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::solve::{Solver, Stipulation};
    /// // After 1.Ka6-b6 (zugzwang): every Black knight move allows 2.Sc7#.
    /// let pos = Position::from_fen(&"k3n3/P7/1K6/3N4/8/8/8/8 b - - 0 1".parse()?, None)?;
    /// let solution = Solver::new(Stipulation::mate(2)).postkey(true).solve(&pos)?;
    /// let after = solution.after_key.expect("battle play");
    /// assert!(after.threat.is_none() && after.refutations.is_empty());
    /// assert_eq!(after.defences.len(), 4);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn postkey(mut self, on: bool) -> Solver<'a> {
        self.postkey = on;
        self
    }

    /// Battle play in which every quiet move of the attacker must threaten
    /// (Popeye's `option threat N`): an attacker's move, the key or a
    /// continuation, that leaves more than `moves` moves and does not
    /// check fails unless the attacker, were the defender to pass, would
    /// reach the goal in at most `moves` moves. The play after a key not
    /// shown ([`Solver::postkey`]) is not held to it. Done in battle play
    /// (`#n`, `s#n`, `r#n`, `=n`, `s=n`...) for a stipulation of more
    /// than `moves` moves; elsewhere (help and series play, `moves` not
    /// below the stipulation's) it is ignored and
    /// [`Solution::threat_not_applicable`] says so, as Popeye does. In
    /// self play the threat's moves count the defender's forced goal as
    /// Popeye counts it: a threat of `moves` moves is a self play in
    /// `moves - 1` were the defender to pass (none in one move).
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, Stipulation};
    /// // The Greek three-mover: 1.Nd4! threatens 2.Nb5, a mate in two.
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// let two = Solver::new(Stipulation::mate(3)).max_threat(2).solve(&p.position)?;
    /// assert_eq!(p.position.san(two.keys[0].mv), "Nd4");
    /// let one = Solver::new(Stipulation::mate(3)).max_threat(1).solve(&p.position)?;
    /// assert!(one.keys.is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_threat(mut self, moves: u8) -> Solver<'a> {
        self.max_threat = Some(moves);
        self
    }

    /// Stops the search, with [`Cancelled`], once `flag` is set (it is
    /// looked at every thousand nodes or so).
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use forsyth::solve::{Solver, Stipulation};
    /// let flag = AtomicBool::new(false);
    /// let _solver = Solver::new(Stipulation::mate(2)).cancel(&flag);
    /// ```
    pub fn cancel(mut self, flag: &'a AtomicBool) -> Solver<'a> {
        self.cancel = Some(flag);
        self
    }

    /// Stops the search, with [`Cancelled`] ([`StopReason::Nodes`]), once
    /// it has visited about `nodes` positions (looked at every thousand).
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::solve::{Solver, Stipulation, StopReason};
    /// let err = Solver::new(Stipulation::mate(4)).max_nodes(5_000).solve(&Position::standard()).unwrap_err();
    /// assert_eq!(err.reason, StopReason::Nodes);
    /// ```
    pub fn max_nodes(mut self, nodes: u64) -> Solver<'a> {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops the search, with [`Cancelled`] ([`StopReason::Time`]), once
    /// it has run for `time` (the clock is read every thousand nodes). A
    /// time that ends past the last instant the clock can show is no limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// use forsyth::Position;
    /// use forsyth::solve::{Solver, Stipulation, StopReason};
    /// let err = Solver::new(Stipulation::mate(5)).max_time(Duration::ZERO).solve(&Position::standard()).unwrap_err();
    /// assert_eq!(err.reason, StopReason::Time);
    /// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
    /// let solution = Solver::new(Stipulation::mate(1)).max_time(Duration::MAX).solve(&pos)?;
    /// assert_eq!(solution.keys.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_time(mut self, time: Duration) -> Solver<'a> {
        self.max_time = Some(time);
        self
    }

    /// Stops the search, with [`Cancelled`] ([`StopReason::Memory`]), once
    /// the solution it builds (its tree of moves, or its lines) would take
    /// more than about `bytes` (1 GiB by default): a cooked problem's tree
    /// can outgrow any memory.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver, StopReason};
    /// let p = ChessProblem::from_statement("(k7/p7/2K5/8/8/8/8/7R) h#2", None)?;
    /// let err = Solver::new(p.stipulation.unwrap()).max_memory(16).solve(&p.position).unwrap_err();
    /// assert_eq!(err.reason, StopReason::Memory);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_memory(mut self, bytes: usize) -> Solver<'a> {
        self.max_memory = bytes;
        self
    }

    /// Help play lists the lines Popeye 4.104 lists (off by default: every
    /// line). Popeye solves each length in turn and keeps one table of
    /// positions across them, whose rule passes over some positions that
    /// have lines (`specs/solve.md` §2), so it leaves out some solutions.
    /// For a text that must equal Popeye's (`forsyth solve --style
    /// popeye`); it costs a search per length. Battle and series play
    /// ignore it.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver};
    /// let p = ChessProblem::from_statement("(k2r4/pp6/4N3/8/8/8/6PP/7K) h#3", None)?;
    /// let stipulation = p.stipulation.unwrap();
    /// let all = Solver::new(stipulation).solve(&p.position)?;
    /// let popeye = Solver::new(stipulation).popeye_table(true).solve(&p.position)?;
    /// assert_eq!((all.lines.len(), popeye.lines.len()), (1387, 1219));
    /// // Every line Popeye lists is one of them all.
    /// assert!(popeye.lines.iter().all(|line| all.lines.contains(line)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn popeye_table(mut self, on: bool) -> Solver<'a> {
        self.popeye_table = on;
        self
    }

    /// Calls `report` with the nodes visited so far, every 65,536 nodes.
    ///
    /// ```
    /// use forsyth::solve::{Solver, Stipulation};
    /// let mut last = 0;
    /// let mut report = |nodes: u64| last = nodes;
    /// let _solver = Solver::new(Stipulation::mate(2)).progress(&mut report);
    /// ```
    pub fn progress(mut self, report: &'a mut dyn FnMut(u64)) -> Solver<'a> {
        self.progress = Some(report);
        self
    }

    /// Solves the problem `pos`, whose side to move makes the first move
    /// (White in an orthodox problem; Black in a helpmate in whole moves,
    /// [`Stipulation::defender_starts`]). A duplex is solved a second time
    /// from [`duplex_position`].
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::fen::Fen;
    /// use forsyth::solve::{Solver, Stipulation};
    /// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
    /// let solution = Solver::new(Stipulation::mate(1)).solve(&pos)?;
    /// assert_eq!(solution.keys.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(self, pos: &Position) -> Result<Solution, Cancelled> {
        let deadline = self.max_time.and_then(|t| Instant::now().checked_add(t));
        let stipulation = Stipulation {
            duplex: false,
            ..self.stipulation
        };
        // A threat length holds in battle play, and only a play longer
        // than it has a quiet move it could fail.
        let battle = matches!(
            stipulation.play,
            Play::Direct | Play::SelfPlay | Play::Reflex
        );
        // Help and series play hold only to a threat length of 0 (the
        // last move must check, or reach its goal by itself); battle play
        // of one move holds to any, with nothing to fail.
        let max_threat = self.max_threat.filter(|&t| {
            if battle {
                t < stipulation.moves
            } else {
                t == 0
            }
        });
        let options = Options {
            popeye_table: self.popeye_table,
            max_refutations: self.max_refutations,
            avoid_trivial_tries: self.avoid_trivial_tries,
            set_play: self.set_play,
            variations: self.variations,
            postkey: self.postkey,
            max_threat,
            max_variations: self.max_memory / VARIATION_BYTES,
            max_moves: self.max_memory / core::mem::size_of::<Move>(),
        };
        let mut meter = Meter::new(self.cancel, self.progress, self.max_nodes, deadline);
        let mut solution = solve_one(pos, stipulation, &options, &mut meter);
        solution.threat_not_applicable = self.max_threat.is_some()
            && max_threat.is_none()
            && !(battle && stipulation.moves == 1);
        if self.stipulation.duplex && meter.stopped.is_none() {
            let mut second = solve_one(&duplex_position(pos), stipulation, &options, &mut meter);
            second.threat_not_applicable = solution.threat_not_applicable;
            solution.duplex = Some(Box::new(second));
            solution.stipulation = self.stipulation;
        }
        solution.nodes = meter.nodes;
        match meter.stopped {
            Some(reason) => Err(Cancelled {
                nodes: meter.nodes,
                reason,
            }),
            None => Ok(solution),
        }
    }
}

/// About what one move of a tree takes (the node and its place in its
/// parent's list), for the memory cap.
const VARIATION_BYTES: usize = core::mem::size_of::<Variation>() + 16;

/// What a solve is asked for beside the keys or lines.
struct Options {
    /// Help play keeps Popeye's table and lists the lines it lets through.
    popeye_table: bool,
    /// Tries asked for, with at most this many refutations each.
    max_refutations: Option<u32>,
    /// Checking tries with one refutation left out.
    avoid_trivial_tries: bool,
    set_play: bool,
    /// Threats and variations below the keys and tries.
    variations: bool,
    /// The play after the key (battle play).
    postkey: bool,
    /// Every quiet attacker's move threatens in at most this many moves.
    max_threat: Option<u8>,
    /// The most tree nodes (battle play) the memory cap allows.
    max_variations: usize,
    /// The most moves of lines (help and series play) it allows.
    max_moves: usize,
}

fn empty(stipulation: Stipulation) -> Solution {
    Solution {
        stipulation,
        keys: Vec::new(),
        tries: Vec::new(),
        set_play: None,
        forced: Vec::new(),
        lines: Vec::new(),
        set_lines: Vec::new(),
        duplex: None,
        opposite_check: false,
        set_play_opposite_check: false,
        after_key: None,
        tries_not_applicable: false,
        set_play_not_applicable: false,
        threat_not_applicable: false,
        nodes: 0,
    }
}

/// `true` when the side not to move in `pos` is in check.
fn opposite_check(pos: &Position) -> bool {
    let board = pos.board();
    board.king_of(!pos.turn()).is_some_and(|king| {
        !board
            .attackers_to(king, pos.turn(), board.occupied())
            .is_empty()
    })
}

/// Solves one half of a problem (not duplex) on `meter`.
fn solve_one(
    pos: &Position,
    stipulation: Stipulation,
    options: &Options,
    meter: &mut Meter<'_>,
) -> Solution {
    let mut solution = empty(stipulation);
    let n = stipulation.moves.clamp(0, MAX_MOVES);
    solution.opposite_check = opposite_check(pos);
    solution.set_play_not_applicable = options.set_play
        && match stipulation.play {
            Play::Direct | Play::SelfPlay | Play::Reflex => options.postkey,
            Play::Series => true,
            Play::Help | Play::HelpSelf => stipulation.half_moves() < 2,
            Play::SeriesHelp | Play::SeriesSelf => false,
        };
    solution.set_play_opposite_check =
        options.set_play && !solution.set_play_not_applicable && pos.is_check();
    let battle = match stipulation.play {
        Play::Direct => Battle::Direct,
        Play::SelfPlay => Battle::SelfPlay,
        Play::Reflex => Battle::Reflex,
        Play::Help | Play::HelpSelf | Play::Series | Play::SeriesHelp | Play::SeriesSelf => {
            // Every line of `stipulation` from `start`, as the options ask.
            let lines_of = |meter: &mut Meter, start: &Position, stipulation: &Stipulation| {
                let mut lines = help::Lines::new(meter, stipulation.goal, options.max_moves);
                lines.quiet_fails = options.max_threat == Some(0);
                lines.popeye_table = options.popeye_table;
                lines.solve(start, stipulation);
                core::mem::take(&mut lines.found)
            };
            if !solution.opposite_check {
                solution.lines = lines_of(meter, pos, &stipulation);
            }
            let set = stipulation
                .set_play()
                .filter(|_| options.set_play && !pos.is_check());
            if let Some(set) = set {
                solution.set_lines = lines_of(meter, &passed(pos), &set);
            }
            return solution;
        }
    };
    // Popeye says so even where the side to play can capture the king.
    solution.tries_not_applicable = options.postkey && options.max_refutations.is_some();
    // The side not to move may move first: set play is solved, the main
    // play is not (as Popeye does).
    let set_only = solution.opposite_check;
    if set_only && (!options.set_play || solution.set_play_not_applicable) {
        return solution;
    }
    let n = n.max(1);
    // The search takes the meter for its run and gives it back.
    let taken = core::mem::replace(meter, Meter::new(None, None, None, None));
    let mut search = Search::new(battle, stipulation.goal, taken);
    search.max_threat = options.max_threat;
    let mut tree = Tree {
        search: &mut search,
        variations: 0,
        max_variations: options.max_variations,
        build: options.variations,
    };
    if set_only {
        solution.set_play = tree.set_play(pos, n);
        *meter = search.meter;
        return solution;
    }
    if options.postkey {
        solution.after_key = Some(tree.after_key(pos, n));
        *meter = search.meter;
        return solution;
    }
    let moves = pos.legal_moves();
    if battle == Battle::Reflex && tree.search.has_goal_move(pos, &moves) {
        // The attacker must reach the goal itself: no key.
        let goal = stipulation.goal;
        solution.forced = moves
            .iter()
            .copied()
            .filter(|&m| reaches(m, &after(pos, m), goal))
            .collect();
    } else {
        let (keys, tries) = tree.first_moves(pos, n, options);
        solution.keys = keys;
        solution.tries = tries;
    }
    if options.set_play {
        solution.set_play = tree.set_play(pos, n);
    }
    *meter = search.meter;
    solution
}

/// Builds the tree of a solution on a search.
struct Tree<'s, 'a> {
    search: &'s mut Search<'a>,
    /// Tree nodes built so far, and the most the memory cap allows.
    variations: usize,
    max_variations: usize,
    /// Threats and variations below the first moves; `false`: the first
    /// moves alone.
    build: bool,
}

impl Tree<'_, '_> {
    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    /// Counts a node of the tree; `false` (and the search stopped) past
    /// the memory cap.
    fn grow(&mut self) -> bool {
        self.variations += 1;
        if self.variations > self.max_variations {
            self.search.meter.stopped.get_or_insert(StopReason::Memory);
            return false;
        }
        true
    }

    /// `true` when an attacker's move that reaches the goal in `len` moves
    /// ends the play itself: direct play's goal in one (a check, capture
    /// or target square leaves the defender moves, which do not count).
    fn ends_play(&self, len: u8) -> bool {
        len == 1 && self.search.battle == Battle::Direct
    }

    /// The keys of `pos` for the goal in `n`, and its tries when asked.
    fn first_moves(&mut self, pos: &Position, n: u8, options: &Options) -> (Vec<Key>, Vec<Key>) {
        let mut keys = Vec::new();
        let mut found_tries = Vec::new();
        for &m in pos.legal_moves().iter() {
            if self.stopped() {
                break;
            }
            let next = after(pos, m);
            match self.search.goal_length(m, &next, n) {
                Some(len) => {
                    let check = next.is_check();
                    // A short key's threat is no longer than its own play.
                    let threat = if len == 1 || check || !self.build {
                        None
                    } else {
                        self.threat(&next, len - 1)
                    };
                    let defences = if self.build && !self.ends_play(len) {
                        self.defences(&next, n)
                    } else {
                        Vec::new()
                    };
                    keys.push(Key {
                        mv: m,
                        short: len < n,
                        check,
                        threat,
                        defences,
                        refutations: Vec::new(),
                    });
                }
                None => {
                    let Some(most) = options.max_refutations else {
                        continue;
                    };
                    // A move the threat length fails is no try: no
                    // defence refutes it (Popeye writes none).
                    if self.search.lacks_threat(&next, n) {
                        continue;
                    }
                    if let Some(t) = self.try_of(m, &next, n, most as usize) {
                        // A checking try that one defence refutes is
                        // trivial; one refuted by more is kept.
                        if !(options.avoid_trivial_tries && t.check && t.refutations.len() == 1) {
                            found_tries.push(t);
                        }
                    }
                }
            }
        }
        (keys, found_tries)
    }

    /// The play after a key not shown (`pos`: the defender to move), the
    /// key counted among the `n` moves.
    fn after_key(&mut self, pos: &Position, n: u8) -> AfterKey {
        let battle = self.search.battle;
        let goal = self.search.goal;
        let moves = pos.legal_moves();
        // Reflex play: a defender that can mate must; its mates end the
        // play, as a selfmate's defence that mates does.
        let forced = battle == Battle::Reflex && self.search.has_goal_move(pos, &moves);
        let mut refutations = Vec::new();
        for &r in moves.iter() {
            if self.stopped() || forced {
                break;
            }
            let next = after(pos, r);
            let ends = battle != Battle::Direct && reaches(r, &next, goal);
            if !ends && self.search.refutes(r, &next, n) {
                refutations.push(r);
            }
        }
        let threat = if pos.is_check() || forced {
            None
        } else {
            self.threat(pos, n - 1)
        };
        let defences = self.defences(pos, n);
        AfterKey {
            threat,
            defences,
            refutations,
        }
    }

    /// The first move `m` (to `next`) that is no key, as a try: when at
    /// least one and at most `most` defences refute it, its tree without
    /// the refutations.
    fn try_of(&mut self, m: Move, next: &Position, n: u8, most: usize) -> Option<Key> {
        let replies = next.legal_moves();
        let mut refutations = Vec::new();
        for &r in replies.iter() {
            if self.search.refutes(r, &after(next, r), n) {
                refutations.push(r);
                if refutations.len() > most {
                    return None;
                }
            }
            if self.stopped() {
                return None;
            }
        }
        if refutations.is_empty() {
            return None;
        }
        let check = next.is_check();
        if !self.build {
            return Some(Key {
                mv: m,
                short: false,
                check,
                threat: None,
                defences: Vec::new(),
                refutations,
            });
        }
        let threat = if check {
            None
        } else {
            self.threat(next, n - 1)
        };
        let mut defences = self.defences(next, n);
        defences.retain(|d| !refutations.contains(&d.mv));
        Some(Key {
            mv: m,
            short: false,
            check,
            threat,
            defences,
            refutations,
        })
    }

    /// The set play: were Black to move in `pos` (White to move, not in
    /// check), each Black move with White's answers in `n - 1` moves; only
    /// the Black moves that have one, and in self and reflex play those
    /// that end the play themselves (Black mates: in one move, the only
    /// set play there is). `None` when Black cannot move first (White in
    /// check), for a direct problem in one move, and when Black has no
    /// move.
    fn set_play(&mut self, pos: &Position, n: u8) -> Option<Vec<Variation>> {
        let battle = self.search.battle;
        if pos.is_check() || (n < 2 && battle == Battle::Direct) {
            return None;
        }
        let black = passed(pos);
        let moves = black.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let goal = self.search.goal;
        // Reflex play: a Black that can mate must.
        let forced = battle == Battle::Reflex && self.search.has_goal_move(&black, &moves);
        // The threat length holds Black's first move as it holds a
        // defence after a key of `n` moves: were Black to pass, White must
        // threaten in time, or no set play stands (as Popeye's guard at
        // the set play's first move has it).
        if !forced && self.search.lacks_threat(&black, n) {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        for &m in moves.iter() {
            if self.stopped() {
                break;
            }
            let next = after(&black, m);
            // Self and reflex play: Black's mate ends the play, White's
            // aim reached (a short set play).
            let ends = battle != Battle::Direct && reaches(m, &next, goal);
            if (forced || n < 2) && !ends {
                continue;
            }
            let replies = if ends {
                Vec::new()
            } else {
                self.continuations(&next, n - 1)
            };
            if (ends || !replies.is_empty()) && self.grow() {
                out.push(Variation {
                    mv: m,
                    dual: false,
                    short: false,
                    threat: None,
                    replies,
                });
            }
        }
        Some(out)
    }

    /// The threat after a White move (Black to move, not in check): White's
    /// shortest ways to the goal, in at most `max` moves, were Black to
    /// pass.
    fn threat(&mut self, pos: &Position, max: u8) -> Option<Vec<Variation>> {
        if max == 0 {
            return None;
        }
        let passed = passed(pos);
        let len = (1..=max).find(|&j| self.search.mates(&passed, j))?;
        Some(self.continuations(&passed, len))
    }

    /// White to move with `k` moves left: every move that reaches the goal
    /// in the fewest moves (at most `k`), each with its threat and tree;
    /// all marked dual when there are several.
    fn continuations(&mut self, pos: &Position, k: u8) -> Vec<Variation> {
        let mut found = Vec::new();
        let them = !pos.turn();
        let king = pos.board().king_of(them);
        let moves = pos.legal_moves();
        // Reflex play: an attacker that can mate must, and fails.
        if self.search.battle == Battle::Reflex && self.search.has_goal_move(pos, &moves) {
            return Vec::new();
        }
        for &m in moves.iter() {
            if self.stopped() {
                break;
            }
            // The last move mates only if it checks.
            if k == 1
                && self.search.last_move_checks()
                && king.is_some_and(|king| !may_check(m, king, them))
            {
                continue;
            }
            let next = after(pos, m);
            if let Some(len) = self.search.continuation_length(m, &next, k) {
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
            if self.stopped() || !self.grow() {
                break;
            }
            let threat = if len == 1 || next.is_check() {
                None
            } else {
                self.threat(&next, len - 1)
            };
            let replies = if self.ends_play(len) {
                Vec::new()
            } else {
                self.defences(&next, k)
            };
            out.push(Variation {
                mv: m,
                dual,
                short: len < k,
                threat,
                replies,
            });
        }
        out
    }

    /// Black to move after White's move that had `k` moves: every defence
    /// with White's continuations (none after the goal is reached: a
    /// direct mate's last move, the defender's move that ends self play).
    fn defences(&mut self, pos: &Position, k: u8) -> Vec<Variation> {
        let mut out = Vec::new();
        let battle = self.search.battle;
        if k <= 1 && battle == Battle::Direct {
            return out;
        }
        let moves = pos.legal_moves();
        // Reflex play: a defender that can mate must; its mates are its
        // only moves.
        let forced = battle == Battle::Reflex && self.search.has_goal_move(pos, &moves);
        let goal = self.search.goal;
        for &m in moves.iter() {
            if self.stopped() || !self.grow() {
                break;
            }
            let next = after(pos, m);
            let ends = battle != Battle::Direct && reaches(m, &next, goal);
            if forced && !ends {
                continue;
            }
            let replies = if k <= 1 || ends {
                Vec::new()
            } else {
                self.continuations(&next, k - 1)
            };
            out.push(Variation {
                mv: m,
                dual: false,
                short: false,
                threat: None,
                replies,
            });
        }
        out
    }
}
