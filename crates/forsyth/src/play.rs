//! Playing a move: the position after it.

use core::fmt;

use crate::{
    movegen::{castling_targets, en_passant_capturers},
    moves::{double_push_ep_square, en_passant_victim},
    Color, IllegalUciError, Move, Position, Role, San, SanError, UciMove,
};

/// The error of [`Position::play`]: the move is not legal in the position.
///
/// ```
/// use forsyth::{Move, Position, Role, Setup, Square};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// let err = pos.play(m).unwrap_err();
/// assert_eq!(err.to_string(), "illegal move for white: pawn from e2 to e5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub turn: Color,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move for {}: ", self.turn.name())?;
        match self.mv {
            Move::Castle { king, rook } => {
                write!(f, "castling with the king on {king} and the rook on {rook}")
            }
            Move::EnPassant { from, to } => write!(f, "pawn from {from} takes en passant on {to}"),
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                write!(f, "{} from {from} to {to}", role.name())?;
                match promotion {
                    Some(p) => write!(f, " promoting to a {}", p.name()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The position after the legal move `m`. What `m` says about the board
    /// (the moving and captured roles) is trusted: only call with moves of
    /// this position's legal move list.
    ///
    /// Castling rights go with a king that moves and with a castling rook that
    /// moves or is captured; the halfmove clock restarts after a pawn move or a
    /// capture; the fullmove number grows after Black's move. The en-passant
    /// square is recorded after a two-square pawn move only when an en-passant
    /// capture is then legal (as X-FEN asks, and as most programs write FEN),
    /// so that equal positions compare equal.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
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
                board.toggle(from, role.of(us));
                board.toggle(to, promotion.unwrap_or(role).of(us));
                match role {
                    Role::Pawn => {
                        setup.halfmoves = 0;
                        if let Some(ep) = double_push_ep_square(from, to) {
                            if !en_passant_capturers(board, them, ep).is_empty() {
                                setup.ep_square = Some(ep);
                            }
                        }
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
                let side = m.castling_side().unwrap_or(crate::CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(king, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook_to, Role::Rook.of(us));
                setup.castling.discard_color(us);
            }
        }
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = them;
    }

    /// The position after `m`, if `m` is legal.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Move, Position, Role, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// let after = pos.play(m)?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into())?,
    ///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError {
                mv: m,
                turn: self.turn(),
            })
        }
    }
}

/// The error of [`Position::parse_move`]: the text is not a legal move,
/// in UCI or in SAN.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let err = pos.parse_move("e5").unwrap_err();
/// assert_eq!(err.kind(), "illegal_san");
/// assert_eq!(err.to_string(), "illegal move e5 for white");
/// assert_eq!(pos.parse_move("e2e5").unwrap_err().kind(), "illegal_uci");
/// assert_eq!(pos.parse_move("hello").unwrap_err().to_string(), "'hello' is neither a uci nor a san move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// The text is neither UCI nor SAN.
    InvalidMove {
        /// The text.
        text: String,
    },
    /// UCI, but no legal move.
    Uci(IllegalUciError),
    /// SAN, but not exactly one legal move.
    San(SanError),
}

impl ParseMoveError {
    /// The stable kind name, snake case: `invalid_move`, or the kind of the
    /// UCI or SAN error (`null_move`, `no_piece`, `missing_promotion`,
    /// `illegal_uci`, `illegal_san`, `ambiguous_san`).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.parse_move("0000").unwrap_err().kind(), "null_move");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            ParseMoveError::InvalidMove { .. } => "invalid_move",
            ParseMoveError::Uci(e) => e.kind.name(),
            ParseMoveError::San(e) => e.kind.name(),
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::InvalidMove { text } => {
                write!(f, "'{text}' is neither a uci nor a san move")
            }
            ParseMoveError::Uci(e) => write!(f, "{e}"),
            ParseMoveError::San(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// The error of [`Position::play_moves`]: which move could not be played,
/// and why.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let err = pos.play_moves(["e4", "e7e5", "Ke3"]).unwrap_err();
/// assert_eq!(err.index, 2);
/// assert_eq!(err.to_string(), "move 3 (Ke3): illegal move Ke3 for white");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayMovesError {
    /// The index of the move in the sequence, from 0.
    pub index: usize,
    /// The move as given.
    pub text: String,
    /// Why it is not legal.
    pub error: ParseMoveError,
}

impl PlayMovesError {
    /// The stable kind name of the underlying error (see
    /// [`ParseMoveError::kind`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.play_moves(["Nf3", "Nf3"]).unwrap_err().kind(), "illegal_san");
    /// ```
    pub fn kind(&self) -> &'static str {
        self.error.kind()
    }
}

impl fmt::Display for PlayMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.index + 1, self.text, self.error)
    }
}

impl std::error::Error for PlayMovesError {}

impl Position {
    /// Reads a legal move written in UCI (either castling convention, see
    /// [`UciMove::to_move`]) or in SAN (see [`San`] for what is accepted).
    /// Text of UCI syntax (`e2e4`, `e7e8q`, `0000`) is read as UCI,
    /// anything else as SAN.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.parse_move("Nf3")?, pos.parse_move("g1f3")?);
    /// # Ok::<_, forsyth::ParseMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
            return uci.to_move(self).map_err(ParseMoveError::Uci);
        }
        match San::from_ascii(text.as_bytes()) {
            Ok(san) => san.to_move(self).map_err(ParseMoveError::San),
            Err(_) => Err(ParseMoveError::InvalidMove {
                text: text.to_owned(),
            }),
        }
    }

    /// Plays a sequence of moves, each in UCI or SAN (see
    /// [`parse_move`](Position::parse_move)), and returns the final position,
    /// or the first move that is not legal.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let after = pos.play_moves(["e4", "e7e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"])?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into()).unwrap(),
    ///     "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    /// );
    /// # Ok::<_, forsyth::PlayMovesError>(())
    /// ```
    pub fn play_moves<I, S>(&self, moves: I) -> Result<Position, PlayMovesError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut pos = self.clone();
        for (index, text) in moves.into_iter().enumerate() {
            let text = text.as_ref();
            let m = pos.parse_move(text).map_err(|error| PlayMovesError {
                index,
                text: text.to_owned(),
                error,
            })?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}
