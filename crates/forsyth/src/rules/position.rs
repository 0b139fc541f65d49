//! A legal position: a [`Setup`] that passed validation.

use core::hash::{Hash, Hasher};

use super::safety::en_passant_capturers;
use crate::board::moves::{castling_targets, double_push_ep_square, en_passant_victim};
use crate::board::{Bitboard, Board, CastlingRights, CastlingSide, Color, Move, Role, Square};
use crate::setup::{Setup, Variant};

/// A position that is legal under its variant's rules.
///
/// Only validation constructs one ([`Position::from_setup`],
/// [`Position::from_fen`],
/// [`Report::into_position`](crate::validate::Report::into_position)), but
/// for the start ([`Position::standard`]); the setup it wraps can be read at
/// any time.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::from_setup(Setup::standard())?;
/// assert_eq!(pos.setup(), &Setup::standard());
/// # Ok::<_, forsyth::validate::PositionError>(())
/// ```
///
/// Two positions are equal, and hash equal, when they are the same position
/// in the sense of the FIDE Laws (article 9.2.3): the same side to move, the
/// same pieces on the same squares, the same castling rights, and the same
/// en-passant captures possible (the square a pawn just passed counts only
/// when an en-passant capture is legal, see
/// [`legal_ep_square`](Position::legal_ep_square)), under the same
/// [`Variant`]. The clocks do not count. The setup keeps everything, the
/// clocks and the passed square included, for the writers.
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::fen::Fen;
/// let start = Position::standard();
/// let after_e4 = start.play_moves(["e4"])?;
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 30".parse()?;
/// assert_eq!(Position::from_fen(&fen, None)?, after_e4);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) setup: Setup,
}

impl Position {
    /// Wraps a setup without checking it. Crate-private: the invariants are
    /// the validator's to establish.
    pub(crate) fn from_setup_unchecked(setup: Setup) -> Position {
        Position { setup }
    }

    /// The classical start: the standard setup, White to move (the same
    /// as [`Position::default`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let start = Position::standard();
    /// assert_eq!(start.setup(), &Setup::standard());
    /// assert_eq!(start.legal_moves().len(), 20);
    /// ```
    pub fn standard() -> Position {
        // The standard setup is legal (tested against validation).
        Position::from_setup_unchecked(Setup::standard())
    }

    /// The setup this position is.
    ///
    /// ```
    /// # use forsyth::Position;
    /// # let pos = Position::standard();
    /// assert_eq!(pos.setup().fullmoves, 1);
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup, by value.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::standard();
    /// assert_eq!(pos.into_setup(), Setup::standard());
    /// ```
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Piece placement.
    ///
    /// ```
    /// # use forsyth::Position;
    /// # let pos = Position::standard();
    /// assert_eq!(pos.board().occupied().count(), 32);
    /// ```
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Side to move.
    ///
    /// ```
    /// # use forsyth::{Color, Position};
    /// # let pos = Position::standard();
    /// assert_eq!(pos.turn(), Color::White);
    /// ```
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Castling rights.
    ///
    /// ```
    /// # use forsyth::Position;
    /// # let pos = Position::standard();
    /// assert_eq!(pos.castling().count(), 4);
    /// ```
    pub fn castling(&self) -> &CastlingRights {
        &self.setup.castling
    }

    /// The square a pawn just passed, as the setup holds it: after
    /// [`play`](Position::play), after every double step, whether a capture
    /// is possible or not (the 1994 PGN rule writes it so); after parsing,
    /// as the record wrote it.
    ///
    /// ```
    /// # use forsyth::{Position, Square};
    /// # let pos = Position::standard();
    /// assert_eq!(pos.ep_square(), None);
    /// assert_eq!(pos.play_moves(["e4"]).unwrap().ep_square(), Some(Square::E3));
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The en-passant square when an en-passant capture is legal there (a
    /// pawn of the side to move can take, and its king is not left in
    /// check); `None` otherwise. This is the square that counts for
    /// equality, and the one FEN writes in its legal mode.
    ///
    /// ```
    /// # use forsyth::{Position, Square};
    /// let start = Position::standard();
    /// assert_eq!(start.play_moves(["e4"]).unwrap().legal_ep_square(), None);
    /// let pos = start.play_moves(["e4", "Nf6", "e5", "d5"]).unwrap();
    /// assert_eq!(pos.legal_ep_square(), Some(Square::D6));
    /// ```
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.setup.ep_square?;
        let capturers = en_passant_capturers(&self.setup.board, self.setup.turn, ep);
        (!capturers.is_empty()).then_some(ep)
    }

    /// The rules.
    ///
    /// ```
    /// # use forsyth::{Position, Variant};
    /// # let pos = Position::standard();
    /// assert_eq!(pos.variant(), Variant::Standard);
    /// ```
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }
}

impl Position {
    /// The position after the legal move `m`. What `m` says about the board
    /// (the moving and captured roles) is trusted: only call with moves of
    /// this position's legal move list.
    ///
    /// Castling rights go with a king that moves and with a castling rook that
    /// moves or is captured; the halfmove clock restarts after a pawn move or a
    /// capture; the fullmove number grows after Black's move. The square a
    /// pawn passes on a two-square move is recorded always, whether an
    /// en-passant capture is then legal or not (the writers' modes decide
    /// whether to write it; equality looks at it only when a capture is
    /// legal, see [`Position::legal_ep_square`]).
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        self.play_inline(m);
    }

    /// [`Position::play_unchecked`], inlined where it is called: the
    /// replay's move, which would otherwise pay for a call and for taking
    /// the move apart again, each move of a game.
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, m: Move) {
        let setup = &mut self.setup;
        let us = setup.turn;
        let them = !us;
        let board = &mut setup.board;
        setup.ep_square = None;
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(captured) = capture {
                    board.toggle(to, captured.of(them));
                    setup.halfmoves = 0;
                    if captured == Role::Rook && !setup.castling.is_empty() {
                        setup.castling.discard_rook(to);
                    }
                }
                match promotion {
                    None => board.toggle_squares(Bitboard::from_square(from).with(to), role.of(us)),
                    Some(promoted) => {
                        board.toggle(from, role.of(us));
                        board.toggle(to, promoted.of(us));
                    }
                }
                match role {
                    Role::Pawn => {
                        setup.halfmoves = 0;
                        setup.ep_square = double_push_ep_square(from, to);
                    }
                    Role::King => setup.castling.discard_color(us),
                    Role::Rook if !setup.castling.is_empty() => setup.castling.discard_rook(from),
                    _ => {}
                }
            }
            Move::EnPassant { from, to } => {
                board.toggle(en_passant_victim(from, to), Role::Pawn.of(them));
                board.toggle(from, Role::Pawn.of(us));
                board.toggle(to, Role::Pawn.of(us));
                setup.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(king, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook_to, Role::Rook.of(us));
                setup.castling.discard_color(us);
            }
        }
        if us == Color::Black {
            // At the field's largest value the number stays: the record
            // written must read back (`specs/fen.md`, 1.1).
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = them;
    }

    /// What a move changes beside the board and the turn, kept before it is
    /// played so that [`Position::unplay_unchecked`] can take it back.
    pub(crate) fn undo_state(&self) -> Undo {
        let setup = &self.setup;
        Undo {
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        }
    }

    /// Takes back `m`, the last move played (`None` for a null move, which
    /// only passed the turn), `undo` kept before it: the position before
    /// it, exactly (clocks and the passed square included). Each square
    /// [`Position::play_unchecked`] toggled is toggled again: toggling is
    /// its own inverse whatever the order.
    pub(crate) fn unplay_unchecked(&mut self, m: Option<Move>, undo: Undo) {
        let setup = &mut self.setup;
        let us = !setup.turn;
        let them = setup.turn;
        let board = &mut setup.board;
        match m {
            None => {}
            Some(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            }) => {
                board.toggle(to, promotion.unwrap_or(role).of(us));
                board.toggle(from, role.of(us));
                if let Some(captured) = capture {
                    board.toggle(to, captured.of(them));
                }
            }
            Some(Move::EnPassant { from, to }) => {
                board.toggle(to, Role::Pawn.of(us));
                board.toggle(from, Role::Pawn.of(us));
                board.toggle(en_passant_victim(from, to), Role::Pawn.of(them));
            }
            Some(m @ Move::Castle { king, rook }) => {
                let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(rook_to, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king, Role::King.of(us));
            }
        }
        setup.castling = undo.castling;
        setup.ep_square = undo.ep_square;
        setup.halfmoves = undo.halfmoves;
        setup.fullmoves = undo.fullmoves;
        setup.turn = us;
    }
}

/// The part of a position a move may change beside the board and the turn
/// ([`Position::undo_state`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

impl Default for Position {
    /// [`Position::standard`].
    fn default() -> Position {
        Position::standard()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let (a, b) = (&self.setup, &other.setup);
        a.turn == b.turn
            && a.variant == b.variant
            && a.castling == b.castling
            && a.board == b.board
            && self.legal_ep_square() == other.legal_ep_square()
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let setup = &self.setup;
        setup.board.hash(state);
        setup.turn.hash(state);
        setup.castling.hash(state);
        setup.variant.hash(state);
        self.legal_ep_square().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start without validation is the start validation accepts.
    #[test]
    fn the_standard_position_is_the_validated_standard_setup() {
        let validated = Position::from_setup(Setup::standard()).expect("legal");
        assert_eq!(Position::standard().setup(), validated.setup());
        assert_eq!(Position::default(), validated);
    }

    /// Taking a move back gives the setup before it, field for field:
    /// every legal move (castling, en passant, promotions, captures of
    /// castling rooks among them) along random games from random Chess960
    /// starts, and a null move, compared with a copy kept before.
    #[test]
    fn unplay_restores_the_setup_before_the_move() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x0dd5_eed5_u64);
        let mut next = move || rng.next_u64();
        let (mut kinds, mut moves) = ([0usize; 3], 0);
        for game in 0..80 {
            let start = if game == 0 {
                518
            } else {
                (next() % 960) as u16
            };
            let setup = crate::setup::Chess960Start::new(start).unwrap().to_setup();
            let mut pos = Position::from_setup(setup).unwrap();
            for _ in 0..150 {
                let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
                if legal.is_empty() {
                    break;
                }
                for &m in &legal {
                    let mut after = pos.clone();
                    let undo = after.undo_state();
                    after.play_unchecked(m);
                    after.unplay_unchecked(Some(m), undo);
                    assert_eq!(after.setup(), pos.setup(), "{m:?}");
                    moves += 1;
                    kinds[match m {
                        Move::Normal { .. } => 0,
                        Move::EnPassant { .. } => 1,
                        Move::Castle { .. } => 2,
                    }] += 1;
                }
                // A null move passes the turn and clears the passed square.
                let mut passed = pos.clone();
                let undo = passed.undo_state();
                passed.setup.turn = !passed.setup.turn;
                passed.setup.ep_square = None;
                passed.setup.halfmoves += 1;
                passed.unplay_unchecked(None, undo);
                assert_eq!(passed.setup(), pos.setup());
                pos.play_unchecked(legal[(next() % legal.len() as u64) as usize]);
            }
        }
        assert!(
            moves > 100_000 && kinds.iter().all(|&n| n > 20),
            "{kinds:?}"
        );
    }
}
