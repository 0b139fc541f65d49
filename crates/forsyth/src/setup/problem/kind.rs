//! The problem kinds and their severity: the one taxonomy of what can be
//! wrong with a setup, shared by castling resolution ([`Setup::from_fen`])
//! and validation ([`Report`]).
//!
//! [`Setup::from_fen`]: crate::Setup::from_fen
//! [`Report`]: crate::validate::Report

use crate::text::fen::FenField;

/// How grave a problem is.
///
/// ```
/// use forsyth::validate::{ProblemKind, Severity};
/// assert_eq!(ProblemKind::OppositeCheck.severity(), Severity::Error);
/// assert_eq!(ProblemKind::TooManyPromoted.severity(), Severity::Warning);
/// assert_eq!(Severity::Warning.to_string(), "warning");
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
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Breaks the rules: no [`Position`](crate::Position) is built.
    Error,
    /// Playable, but no legal game reaches it (or a clock no game reaches).
    Warning,
}

/// What is wrong with a setup. The snake-case names ([`ProblemKind::name`])
/// are stable; `specs/validation.md` gives a failing and a passing record
/// for each.
///
/// ```
/// use forsyth::validate::ProblemKind;
/// assert_eq!(ProblemKind::CastlingKingNotOnEFile.name(), "castling_king_not_on_e_file");
/// assert_eq!("too_many_checkers".parse::<ProblemKind>(), Ok(ProblemKind::TooManyCheckers));
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
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
    strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ProblemKind {
    /// No piece at all.
    EmptyBoard,
    /// A colour has no king.
    MissingKing,
    /// A colour has more than one king.
    TooManyKings,
    /// A pawn on the first or eighth rank.
    PawnOnBackRank,
    /// More than 8 pawns of a colour.
    TooManyPawns,
    /// More than 16 pieces of a colour.
    TooManyPieces,
    /// The side not to move is in check.
    OppositeCheck,
    /// The side to move is in check from more than two pieces.
    TooManyCheckers,
    /// The side to move is in a check no single move could have given.
    ImpossibleCheck,
    /// A castling right (or letter) of a colour without exactly one king.
    CastlingWithoutKing,
    /// A castling right whose king is not on its back rank (for a setup
    /// built in code: not on the back-rank square its rights record).
    CastlingKingNotOnBackRank,
    /// A castling right whose rook is missing.
    CastlingRookMissing,
    /// Two castling letters for one wing of a colour.
    CastlingTwoRightsOnOneWing,
    /// Standard chess: a castling right with the king off `e1`/`e8`.
    CastlingKingNotOnEFile,
    /// Standard chess: a castling right with a rook off the `a`/`h` files.
    CastlingRookNotInCorner,
    /// Chess960: both colours keep rights, but their kings or castling rooks
    /// stand on different files, so they did not start from the same back
    /// rank.
    CastlingAsymmetric,
    /// Chess960: a castling right with the king on the `a` or `h` file; a
    /// Chess960 king starts between its rooks, on files `b` to `g`.
    CastlingKingOnEdge,
    /// The en-passant square is not on rank 6 (White to move) or 3 (Black).
    EnPassantWrongRank,
    /// The en-passant square is occupied.
    EnPassantSquareOccupied,
    /// The square the double-stepping pawn came from is occupied.
    EnPassantOriginOccupied,
    /// No enemy pawn stands in front of the en-passant square.
    EnPassantNoPushedPawn,
    /// An en-passant square with a halfmove clock other than 0.
    EnPassantHalfmoveClock,
    /// A check the double step named by the en-passant square cannot have
    /// given.
    EnPassantImpossibleCheck,
    /// Fullmove number 0 (it starts at 1).
    FullmoveZero,
    /// Warning: a halfmove clock larger than the plies the fullmove number
    /// allows. Play is not affected, so the position stays legal.
    HalfmoveClockTooLarge,
    /// Warning: more promoted pieces than missing pawns of a colour.
    TooManyPromoted,
    /// Warning: pawns off their files need more captures than the opponent
    /// has pieces missing.
    ImpossiblePawnStructure,
}

impl ProblemKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::validate::ProblemKind;
    /// assert_eq!(ProblemKind::EnPassantNoPushedPawn.name(), "en_passant_no_pushed_pawn");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether the kind blocks play or is a warning.
    ///
    /// ```
    /// use forsyth::validate::{ProblemKind, Severity};
    /// assert_eq!(ProblemKind::ImpossiblePawnStructure.severity(), Severity::Warning);
    /// ```
    pub fn severity(self) -> Severity {
        match self {
            ProblemKind::TooManyPromoted
            | ProblemKind::ImpossiblePawnStructure
            | ProblemKind::HalfmoveClockTooLarge => Severity::Warning,
            _ => Severity::Error,
        }
    }

    /// `true` for the kinds [`PositionError::ignore`](crate::validate::PositionError::ignore) may set aside: the
    /// position cannot arise in a game, but each side still has one king,
    /// the side not to move is not in check and no pawn stands on a back
    /// rank, so legal move generation stays sound. These are
    /// `impossible_check`, `too_many_checkers`, `en_passant_impossible_check`,
    /// `castling_asymmetric`, `castling_king_on_edge` (Chess960 castling
    /// works from any king file), `too_many_pawns` and `too_many_pieces`.
    ///
    /// ```
    /// use forsyth::validate::ProblemKind;
    /// assert!(ProblemKind::ImpossibleCheck.is_ignorable());
    /// assert!(!ProblemKind::MissingKing.is_ignorable());
    /// ```
    pub fn is_ignorable(self) -> bool {
        use ProblemKind::*;
        matches!(
            self,
            ImpossibleCheck
                | TooManyCheckers
                | EnPassantImpossibleCheck
                | CastlingAsymmetric
                | CastlingKingOnEdge
                | TooManyPawns
                | TooManyPieces
        )
    }

    /// The FEN field a problem of this kind is about (board and check
    /// problems, and the warnings, are about the placement).
    ///
    /// ```
    /// use forsyth::fen::FenField;
    /// use forsyth::validate::ProblemKind;
    /// assert_eq!(ProblemKind::CastlingRookMissing.field(), FenField::Castling);
    /// assert_eq!(ProblemKind::OppositeCheck.field(), FenField::Placement);
    /// ```
    pub fn field(self) -> FenField {
        use ProblemKind::*;
        match self {
            CastlingWithoutKing
            | CastlingKingNotOnBackRank
            | CastlingRookMissing
            | CastlingTwoRightsOnOneWing
            | CastlingKingNotOnEFile
            | CastlingRookNotInCorner
            | CastlingAsymmetric
            | CastlingKingOnEdge => FenField::Castling,
            EnPassantWrongRank
            | EnPassantSquareOccupied
            | EnPassantOriginOccupied
            | EnPassantNoPushedPawn
            | EnPassantHalfmoveClock
            | EnPassantImpossibleCheck => FenField::EnPassant,
            FullmoveZero => FenField::Fullmoves,
            HalfmoveClockTooLarge => FenField::Halfmoves,
            EmptyBoard
            | MissingKing
            | TooManyKings
            | PawnOnBackRank
            | TooManyPawns
            | TooManyPieces
            | OppositeCheck
            | TooManyCheckers
            | ImpossibleCheck
            | TooManyPromoted
            | ImpossiblePawnStructure => FenField::Placement,
        }
    }
}
