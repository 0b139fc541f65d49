//! En passant: whether the square can be true, and which captures it
//! allows (for the writers' en-passant modes). The one en-passant
//! plausibility test of the library: the writers ask it through
//! [`Setup::ep_square_for`]; its legality part is the move generator's.

use crate::board::{attacks, Bitboard, Role, Square};
use crate::rules::safety::en_passant_capturers;
use crate::setup::problem::{double_step as step_squares, Remedy};
use crate::setup::{Problem, ProblemKind, Setup};
use crate::text::fen::EnPassantMode;

/// The double step an en-passant square claims: the pawn went from `origin`
/// over `ep` to `pushed`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DoubleStep {
    pub(crate) ep: Square,
    pub(crate) pushed: Square,
    pub(crate) origin: Square,
}

/// The squares of the claimed double step, when the square is on the right
/// rank (6 with White to move, 3 with Black; nothing else is checked).
fn claimed(setup: &Setup) -> Option<DoubleStep> {
    let ep = setup.ep_square?;
    if ep.rank() != crate::board::Rank::Sixth.relative_to(setup.turn) {
        return None;
    }
    let (origin, pushed) = step_squares(ep, setup.turn)?;
    Some(DoubleStep { ep, pushed, origin })
}

/// The double step the en-passant square names, when the board allows it: the
/// square on the right rank, it and the pawn's origin empty, an enemy pawn
/// in front of it. The check analysis uses it as the last move.
pub(crate) fn double_step(setup: &Setup) -> Option<DoubleStep> {
    let step = claimed(setup)?;
    let board = &setup.board;
    let free = !board.occupied().contains(step.ep) && !board.occupied().contains(step.origin);
    let pawn = board.piece_at(step.pushed) == Some(Role::Pawn.of(!setup.turn));
    (free && pawn).then_some(step)
}

/// Reports what is wrong with the en-passant square (checks it cannot
/// explain are reported with the other checks).
pub(super) fn en_passant(setup: &Setup, out: &mut Vec<Problem>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    let us = setup.turn;
    let them = !us;
    let problem = |kind, square: Square| {
        Problem::new(kind, Bitboard::from_square(square))
            .of_color(us)
            .with_square(Some(ep))
            .with_remedy(Remedy::DropEnPassant)
    };
    match claimed(setup) {
        None => out.push(problem(ProblemKind::EnPassantWrongRank, ep)),
        Some(step) => {
            let board = &setup.board;
            if board.occupied().contains(ep) {
                out.push(problem(ProblemKind::EnPassantSquareOccupied, ep));
            }
            if board.occupied().contains(step.origin) {
                out.push(problem(ProblemKind::EnPassantOriginOccupied, step.origin));
            }
            if board.piece_at(step.pushed) != Some(Role::Pawn.of(them)) {
                out.push(problem(ProblemKind::EnPassantNoPushedPawn, step.pushed));
            }
        }
    }
    if setup.halfmoves != 0 {
        out.push(problem(ProblemKind::EnPassantHalfmoveClock, ep).with_count(setup.halfmoves));
    }
}

/// The pawns of the side to move that may capture en passant by the pawn
/// rules alone (X-FEN's rule): the square on the right rank and empty, an
/// enemy pawn in front of it, and a pawn of the side to move beside that one.
fn pseudo_ep_captures(setup: &Setup) -> Bitboard {
    let Some(step) = claimed(setup) else {
        return Bitboard::EMPTY;
    };
    let board = &setup.board;
    let us = setup.turn;
    if board.occupied().contains(step.ep) || board.piece_at(step.pushed) != Some(Role::Pawn.of(!us))
    {
        return Bitboard::EMPTY;
    }
    // Our pawns that attack the square: the squares a pawn of theirs on the
    // square would attack.
    attacks::pawn(!us, step.ep) & board.by_piece(Role::Pawn.of(us))
}

/// The pawns of the side to move whose en-passant capture is legal: after
/// it (both pawns gone from their squares, ours on the target) our king is
/// not attacked. That covers pins on the capturing pawn, checks the capture
/// does not answer, and the rank pin where both pawns leave the king's rank.
/// Without a single king of the side to move every pseudo-legal capture
/// counts. The test itself is the move generator's, which needs only the
/// board, so it holds for setups that are not legal positions too.
fn legal_ep_captures(setup: &Setup) -> Bitboard {
    let capturers = pseudo_ep_captures(setup);
    if capturers.is_empty() || setup.board.king_of(setup.turn).is_none() {
        return capturers;
    }
    match setup.ep_square {
        Some(ep) => capturers & en_passant_capturers(&setup.board, setup.turn, ep),
        None => Bitboard::EMPTY,
    }
}

impl Setup {
    /// The en-passant square as a writer in `mode` writes it: the setup's
    /// square for [`EnPassantMode::Always`]; for
    /// [`EnPassantMode::Pseudo`] only when a pawn of the side to move could
    /// capture by the pawn rules; for [`EnPassantMode::Legal`] only when such
    /// a capture is legal. This is where the rules decide; the FEN writer
    /// writes the square it is handed.
    ///
    /// ```
    /// use forsyth::{Setup, Square};
    /// use forsyth::fen::{EnPassantMode, Fen};
    /// // The e4 pawn is pinned along the fourth rank once both pawns leave it.
    /// let fen: Fen = "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1".parse().unwrap();
    /// let setup = Setup::from_fen(&fen, None).unwrap();
    /// assert_eq!(setup.ep_square_for(EnPassantMode::Pseudo), Some(Square::D3));
    /// assert_eq!(setup.ep_square_for(EnPassantMode::Legal), None);
    /// ```
    pub fn ep_square_for(&self, mode: EnPassantMode) -> Option<Square> {
        let ep = self.ep_square?;
        let keep = match mode {
            EnPassantMode::Always => true,
            EnPassantMode::Pseudo => !pseudo_ep_captures(self).is_empty(),
            EnPassantMode::Legal => !legal_ep_captures(self).is_empty(),
        };
        keep.then_some(ep)
    }
}
