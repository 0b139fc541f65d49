//! Problems as data: what is wrong with a setup, with the facts that say
//! it (kind, colour, wing, castling letter, squares, pieces, numbers and,
//! for a record, the byte offset). The sentence is rendered from those facts
//! at the edge ([`Display`](fmt::Display), [`Problem::message`]); nothing
//! ever reads a sentence back.
//!
//! This module sits in the setup layer (see `specs/architecture.md`): both
//! castling resolution ([`Setup::from_fen`](crate::Setup::from_fen)) and
//! validation ([`Report`](crate::validate::Report)) report with it, in one taxonomy.

mod board;
mod kind;
mod message;

pub(crate) use board::sealed;
pub use board::BoardSquare;
pub use kind::{ProblemKind, Severity};
pub(crate) use message::double_step;

use crate::board::{CastlingSide, Color, Square};
use crate::text::fen::{CastlingToken, FenField};

/// What [`Report::repair`](crate::validate::Report::repair) would do about a problem.
/// Crate-private.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Remedy {
    /// A castling letter that resolved to no right: already left out.
    DropLetter,
    /// Drop the rights of a colour: on one wing, or (`None`) on both.
    DropRights(Color, Option<CastlingSide>),
    /// Drop the en-passant square.
    DropEnPassant,
    /// Set the halfmove clock.
    SetHalfmoves(u32),
    /// Set the fullmove number.
    SetFullmoves(u32),
}

/// Which of a kind's sentences applies, when the facts alone do not say.
/// Crate-private.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Note {
    /// The kind's only sentence.
    #[default]
    None,
    /// Two checkers on one line with the king.
    CheckersAligned,
    /// Two checkers, neither a line piece.
    NoLinePiece,
    /// Two checkers, neither could have uncovered the other.
    NoDiscovery,
    /// A checking pawn still on its starting square.
    UnmovedPawn,
}

/// One thing wrong with a setup: its kind and the facts that say it. One
/// type for both boards: `S` is the square type, the 8x8 [`Square`] by
/// default, or the 10x8 one
/// ([`capablanca::Problem`](crate::capablanca::Problem)).
///
/// Every fact the sentence uses is a field with an accessor: the colour
/// concerned ([`color`](Problem::color)), the castling wing
/// ([`side`](Problem::side)) and letter ([`letter`](Problem::letter)), the
/// king ([`king`](Problem::king)), the square at fault
/// ([`square`](Problem::square)), the pieces at fault
/// ([`pieces`](Problem::pieces)), a number and its bound
/// ([`count`](Problem::count), [`limit`](Problem::limit)), every square
/// involved ([`squares`](Problem::squares)) and, for a castling letter of a
/// record, its byte [`offset`](Problem::offset). Its
/// [`Display`](core::fmt::Display) is `kind: message`, rendered from them.
///
/// ```
/// use forsyth::{Color, Square};
/// use forsyth::fen::Fen;
/// use forsyth::validate::{ProblemKind, Report};
/// let fen = Fen::from_ascii(b"4k2R/8/8/8/8/8/8/4K3 w - - 0 1")?;
/// let report = Report::of_fen(&fen, None);
/// let problem = &report.problems()[0];
/// assert_eq!(problem.kind(), ProblemKind::OppositeCheck);
/// assert_eq!(problem.squares().into_iter().collect::<Vec<_>>(), [Square::E8, Square::H8]);
/// assert_eq!(problem.king(), Some(Square::E8));
/// assert_eq!(problem.color(), Some(Color::Black));
/// assert_eq!(
///     problem.to_string(),
///     "opposite_check: white is to move but the black king on e8 is in check from h8"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Problem<S: BoardSquare = Square> {
    kind: ProblemKind,
    squares: S::Set,
    offset: Option<usize>,
    color: Option<Color>,
    side: Option<CastlingSide>,
    letter: Option<CastlingToken>,
    king: Option<S>,
    square: Option<S>,
    pieces: S::Set,
    count: Option<u32>,
    limit: Option<u32>,
    note: Note,
    remedy: Option<Remedy>,
}

impl<S: BoardSquare> Problem<S> {
    /// A problem of `kind` about `squares`, no other fact yet.
    pub(crate) fn new(kind: ProblemKind, squares: S::Set) -> Problem<S> {
        Problem {
            kind,
            squares,
            offset: None,
            color: None,
            side: None,
            letter: None,
            king: None,
            square: None,
            pieces: S::EMPTY,
            count: None,
            limit: None,
            note: Note::None,
            remedy: None,
        }
    }

    /// A problem of a colour having `count` of something where `limit` is
    /// the bound (too many pawns, pieces, promoted pieces, captures).
    pub(crate) fn counted(
        kind: ProblemKind,
        color: Color,
        squares: S::Set,
        pieces: S::Set,
        count: usize,
        limit: usize,
    ) -> Problem<S> {
        Problem::new(kind, squares)
            .of_color(color)
            .with_pieces(pieces)
            .with_count(u32::try_from(count).unwrap_or(u32::MAX))
            .with_limit(u32::try_from(limit).unwrap_or(u32::MAX))
    }

    pub(crate) fn at(mut self, offset: usize) -> Problem<S> {
        self.offset = Some(offset);
        self
    }

    // One setter per fact, alike on purpose: the checks name only the facts
    // their kind has.

    pub(crate) fn of_color(mut self, color: Color) -> Problem<S> {
        self.color = Some(color);
        self
    }

    pub(crate) fn on_side(mut self, side: CastlingSide) -> Problem<S> {
        self.side = Some(side);
        self
    }

    pub(crate) fn with_letter(mut self, letter: CastlingToken) -> Problem<S> {
        self.letter = Some(letter);
        self.color = Some(letter.color());
        self
    }

    pub(crate) fn with_king(mut self, king: Option<S>) -> Problem<S> {
        self.king = king;
        self
    }

    pub(crate) fn with_square(mut self, square: Option<S>) -> Problem<S> {
        self.square = square;
        self
    }

    pub(crate) fn with_pieces(mut self, pieces: S::Set) -> Problem<S> {
        self.pieces = pieces;
        self
    }

    pub(crate) fn with_count(mut self, count: u32) -> Problem<S> {
        self.count = Some(count);
        self
    }

    pub(crate) fn with_limit(mut self, limit: u32) -> Problem<S> {
        self.limit = Some(limit);
        self
    }

    pub(crate) fn with_note(mut self, note: Note) -> Problem<S> {
        self.note = note;
        self
    }

    pub(crate) fn with_remedy(mut self, remedy: Remedy) -> Problem<S> {
        self.remedy = Some(remedy);
        self
    }

    pub(crate) fn remedy(&self) -> Option<Remedy> {
        self.remedy
    }

    /// What is wrong.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{ProblemKind, Report};
    /// let report = Report::of_fen(&"8/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].kind(), ProblemKind::EmptyBoard);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }

    /// The FEN field at fault (follows from the kind).
    ///
    /// ```
    /// use forsyth::fen::{Fen, FenField};
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 0".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].field(), FenField::Fullmoves);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn field(&self) -> FenField {
        self.kind.field()
    }

    /// Where in the record the text at fault starts (0-based byte offset),
    /// when a single piece of text is to blame: for now the castling letter
    /// that named no right. Problems of the position as a whole have none;
    /// point at their [field](ProblemKind::field) instead.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1".parse()?;
    /// let report = Report::of_fen(&fen, None);
    /// assert_eq!(report.problems()[0].offset(), Some(26)); // the `k`
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// Error or warning (follows from the kind).
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{Report, Severity};
    /// let report = Report::of_fen(&"8/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].severity(), Severity::Error);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The squares involved (may be empty, e.g. for a missing king).
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/P3K3 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(report.problems()[0].squares().contains(Square::A1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn squares(&self) -> S::Set {
        self.squares
    }

    /// The colour concerned: whose king, pieces, pawns or castling right;
    /// for en-passant and clock problems, the side to move.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].color(), Some(Color::White));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn color(&self) -> Option<Color> {
        self.color
    }

    /// The castling wing concerned, when the problem is about one right.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::H1);
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.problems()[0].side(), Some(CastlingSide::KingSide));
    /// ```
    pub fn side(&self) -> Option<CastlingSide> {
        self.side
    }

    /// The castling letter of the record that named no right.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::{CastlingToken, Fen};
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].letter(), Some(CastlingToken::King(Color::White)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn letter(&self) -> Option<CastlingToken> {
        self.letter
    }

    /// The king concerned: the king in check, or the king of a castling
    /// right or letter.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].king(), Some(Square::E2));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn king(&self) -> Option<S> {
        self.king
    }

    /// The square at fault: a castling rook's square (or, for a king off its
    /// square, where the rights put it), the en-passant square.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].square(), Some(Square::H1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn square(&self) -> Option<S> {
        self.square
    }

    /// The pieces at fault: the checkers, the kings of a side with several,
    /// the pawns on a back rank, a colour's pawns or pieces when there are
    /// too many, the promoted pieces.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k2R/8/8/8/8/8/8/4K3 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].pieces().into_iter().collect::<Vec<_>>(), [Square::H8]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn pieces(&self) -> S::Set {
        self.pieces
    }

    /// The number at fault: how many kings, pawns, pieces or promoted pieces,
    /// the captures a pawn structure needs, a clock's value.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 7 2".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].count(), Some(7));
    /// assert_eq!(report.problems()[0].limit(), Some(2));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Option<u32> {
        self.count
    }

    /// The bound the [count](Problem::count) breaks: 8 pawns or 16 pieces
    /// (10 or 20 on the 10x8 board), the missing pawns or pieces available,
    /// the plies played.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!((report.problems()[0].count(), report.problems()[0].limit()), (Some(9), Some(8)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// `true` when [`Report::repair`](crate::validate::Report::repair) removes this
    /// problem (by dropping a castling right or letter, the en-passant square
    /// or fixing a clock); `false` for what only moving or removing a piece
    /// could fix.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 0".parse::<Fen>()?, None);
    /// assert!(report.problems().iter().all(|p| p.is_repairable()));
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(!report.problems()[0].is_repairable()); // no white king
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repairable(&self) -> bool {
        self.remedy.is_some()
    }
}
