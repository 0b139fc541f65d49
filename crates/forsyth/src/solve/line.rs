//! A line of help or series play, and the position with the side to move
//! passing, which series play and threats go on from.

use crate::board::{Color, Move};
use crate::rules::Position;

use super::search::after;
use super::stipulation::{Play, Stipulation};

/// A solution of help or series play: the moves from the diagram to the
/// goal, both sides' in help play (the first mover's first), one side's
/// in a series (and the other side's one move that ends `ser-h#n` and
/// `ser-s#n`).
///
/// ```
/// use forsyth::solve::{ChessProblem, Solver};
/// let p = ChessProblem::from_statement("(k7/p7/2K5/8/8/8/8/7R) h#1", None)?;
/// let solution = Solver::new(p.stipulation.unwrap()).solve(&p.position)?;
/// let line = &solution.lines[0];
/// assert_eq!(line.moves.len(), 2);
/// assert!(!line.short);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// It reaches the goal before the stipulation's last move.
    pub short: bool,
}

impl Line {
    /// The position before each move of the line, from `start` (the
    /// position solved) under `stipulation`: in a series the other side
    /// passes between the series' moves.
    ///
    /// ```
    /// use forsyth::solve::{ChessProblem, Solver};
    /// let p = ChessProblem::from_statement("(k7/7R/2K5/8/8/8/8/8) ser-#2", None)?;
    /// let solution = Solver::new(p.stipulation.unwrap()).solve(&p.position)?;
    /// let line = &solution.lines[0];
    /// let positions = line.positions(&p.position, &solution.stipulation);
    /// assert_eq!(positions[1].san(line.moves[1]), "Rh8#");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self, start: &Position, stipulation: &Stipulation) -> Vec<Position> {
        let series = matches!(
            stipulation.play,
            Play::Series | Play::SeriesHelp | Play::SeriesSelf
        );
        // The series' own moves: all of a `ser-#n`, all but the other
        // side's last move of `ser-h#n` and `ser-s#n`.
        let series_moves = match stipulation.play {
            Play::Series => self.moves.len(),
            _ => self.moves.len().saturating_sub(1),
        };
        let mut out = Vec::with_capacity(self.moves.len());
        let mut pos = start.clone();
        for (i, &m) in self.moves.iter().enumerate() {
            out.push(pos.clone());
            pos = after(&pos, m);
            if series && i + 1 < series_moves {
                pos = passed(&pos);
            }
        }
        out
    }
}

/// `pos` (not in check) with its side to move passing: the other side to
/// move, no en passant.
pub(crate) fn passed(pos: &Position) -> Position {
    let mut setup = pos.setup.clone();
    setup.turn = !setup.turn;
    setup.ep_square = None;
    if setup.turn == Color::White {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    Position::from_setup_unchecked(setup)
}
