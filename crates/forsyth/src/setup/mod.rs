//! Layer 2, setup: a position with meaning, not yet judged
//! ([`Setup`], in this file, and [`Variant`]); the castling letters of a
//! record resolved to rights, with the one castling judgement
//! ([`resolve`]); what can be wrong with a setup, as data ([`problem`]:
//! `Problem`, `ProblemKind`, `Severity`); the 960 starts and their
//! numbering ([`chess960`]); the 10x8 setup beside them ([`capablanca`]:
//! its variants, the CRC starts, its problems).
//!
//! May use: layers 0 and 1 (`board`, `text`).
//!
//! A position as meaning, not yet judged legal: castling letters resolved to
//! rooks, the variant decided.
//!
//! The castling judgement ([`judge_right`]) lives here, once: resolution
//! uses it for each letter of a record, validation for each right of a
//! setup, and both report in the one [`ProblemKind`] taxonomy.

pub(crate) mod capablanca;
pub(crate) mod chess960;
mod error;
pub(crate) mod problem;
mod resolve;

use crate::board::{Board, CastlingRights, Color, File, Square};

pub use chess960::{
    BackRankError, Chess960Start, ParseStartNumberError, ParseStartNumberErrorKind,
    StartPositionError,
};
pub use error::SetupError;
pub use problem::{BoardSquare, Problem, ProblemKind, Severity};
pub(crate) use resolve::{judge_right, resolve_fen, RightFault};

/// The rules a position is played under.
///
/// ```
/// use forsyth::Variant;
/// assert_eq!("chess960".parse::<Variant>(), Ok(Variant::Chess960));
/// assert_eq!(Variant::Standard.to_string(), "standard");
/// let kind: &'static str = Variant::Chess960.into();
/// assert_eq!(kind, "chess960");
/// ```
// The derives every name enum carries (strum names, serde): the same
// list on each, so every name reads and writes alike.
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Variant {
    /// Classical chess: castling with the king on `e` and rooks on `a`/`h`.
    #[default]
    Standard,
    /// Fischer random chess: the king between its rooks on any of 960 back ranks.
    Chess960,
}

/// A position with meaning but not (necessarily) legal: the board, the side
/// to move, castling rights as rook files, the en-passant square, clocks and
/// variant.
///
/// Every right in a `Setup` names a rook of its colour on its back rank with
/// the king between the rook and the other wing, at most one per wing; that is
/// what [`Setup::from_fen`] checks. Everything else (kings in check, pawns on
/// the back rank, ...) is for validation.
///
/// Its [`Display`](core::fmt::Display) writes X-FEN, which can say every setup.
///
/// ```
/// use forsyth::{Setup, Variant};
/// use forsyth::fen::Fen;
/// let fen = Fen::from_ascii(b"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1").unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// assert_eq!(setup.variant, Variant::Chess960);
/// assert_eq!(setup.to_string(), "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Halfmove clock: plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// Fullmove number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
    /// The rules.
    pub variant: Variant,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}

impl Setup {
    /// The classical starting position.
    ///
    /// ```
    /// use forsyth::Setup;
    /// assert_eq!(Setup::standard().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::standard(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant: Variant::Standard,
        }
    }

    /// The variant this setup's castling rights fit best: `Standard` when
    /// every right has its king on `e` and its rook on `a`/`h`, else
    /// `Chess960`.
    ///
    /// ```
    /// use forsyth::{Setup, Variant};
    /// assert_eq!(Setup::standard().natural_variant(), Variant::Standard);
    /// ```
    pub fn natural_variant(&self) -> Variant {
        let standard = self.castling.iter().all(|(color, side, file)| {
            self.castling.king_file(color) == Some(File::E) && file == side.fold(File::H, File::A)
        });
        if standard {
            Variant::Standard
        } else {
            Variant::Chess960
        }
    }

    /// The setup seen from the other side: board mirrored top to bottom,
    /// colours swapped. Useful for symmetry tests.
    ///
    /// ```
    /// use forsyth::Setup;
    /// let s = Setup::standard();
    /// let mut m = s.mirror();
    /// m.turn = s.turn;
    /// assert_eq!(m, s);
    /// ```
    pub fn mirror(&self) -> Setup {
        let mut board = Board::empty();
        for (sq, piece) in self.board.pieces() {
            board.set_piece_at(sq.flip_vertical(), piece.role.of(!piece.color));
        }
        let mut castling = CastlingRights::none();
        for (color, _, file) in self.castling.iter() {
            if let Some(king) = self.castling.king_file(color) {
                let _ = castling.add(!color, king, file);
            }
        }
        Setup {
            board,
            turn: !self.turn,
            castling,
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            variant: self.variant,
        }
    }
}
