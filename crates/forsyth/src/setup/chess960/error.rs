//! Why eight roles, a board or a number are not a Chess960 start.

use core::fmt;

use crate::board::{Color, File, Piece, Rank, Role, Square};

/// How many pieces of a role a start's back rank holds.
pub(crate) const fn expected_count(role: Role) -> usize {
    match role {
        Role::Pawn | Role::Archbishop | Role::Chancellor => 0,
        Role::King | Role::Queen => 1,
        Role::Rook | Role::Bishop | Role::Knight => 2,
    }
}

/// Why eight roles are not the back rank of a Chess960 start. The checks run
/// in the order of the variants.
///
/// The kind names ([`BackRankError::name`]) are stable.
///
/// ```
/// use forsyth::{Chess960Start, File};
/// use forsyth::Role::*;
/// use forsyth::chess960::BackRankError;
/// let err = Chess960Start::from_back_rank(&[Bishop, King, Rook, Rook, Queen, Bishop, Knight, Knight]).unwrap_err();
/// assert_eq!(err, BackRankError::KingNotBetweenRooks { king: File::B, rooks: [File::C, File::D] });
/// assert_eq!(err.to_string(), "the king on file b is not between the rooks on files c and d");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum BackRankError {
    /// A pawn stands on the back rank.
    PawnOnBackRank {
        /// The first file with a pawn.
        file: File,
    },
    /// A role appears the wrong number of times: a start has one king, one
    /// queen and two each of rooks, bishops and knights. The roles are
    /// checked in that order (king, queen, rook, bishop, knight).
    WrongCount {
        /// The first role whose count is wrong.
        role: Role,
        /// How many there are.
        count: u8,
    },
    /// Both bishops stand on squares of one colour (files of equal parity).
    BishopsOnOneColor {
        /// The bishops' files, `a` side first.
        files: [File; 2],
    },
    /// The king does not stand between the two rooks.
    KingNotBetweenRooks {
        /// The king's file.
        king: File,
        /// The rooks' files, `a` side first.
        rooks: [File; 2],
    },
}

impl BackRankError {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::chess960::BackRankError;
    /// let err = BackRankError::WrongCount { role: Role::Knight, count: 3 };
    /// assert_eq!(err.name(), "wrong_count");
    /// ```
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// The message, naming squares of `rank` (`c1`) when given, files
    /// (`file c`) otherwise.
    fn describe(&self, f: &mut fmt::Formatter<'_>, rank: Option<Rank>) -> fmt::Result {
        let place = |file: File| match rank {
            Some(r) => format!("{}", Square::from_coords(file, r)),
            None => format!("file {file}"),
        };
        let places = |[a, b]: [File; 2]| match rank {
            Some(r) => format!(
                "{} and {}",
                Square::from_coords(a, r),
                Square::from_coords(b, r)
            ),
            None => format!("files {a} and {b}"),
        };
        match *self {
            BackRankError::PawnOnBackRank { file } => {
                write!(f, "a pawn stands on {} of the back rank", place(file))
            }
            BackRankError::WrongCount { role, count } => {
                let expected = expected_count(role);
                write!(
                    f,
                    "the back rank has {count} {}; a chess960 start has {expected}",
                    plural(role, usize::from(count))
                )
            }
            BackRankError::BishopsOnOneColor { files } => match rank {
                Some(r) => {
                    let shade = if Square::from_coords(files[0], r).is_light() {
                        "light"
                    } else {
                        "dark"
                    };
                    write!(
                        f,
                        "the bishops on {} both stand on {shade} squares",
                        places(files)
                    )
                }
                None => write!(
                    f,
                    "the bishops on {} stand on squares of one colour",
                    places(files)
                ),
            },
            BackRankError::KingNotBetweenRooks { king, rooks } => write!(
                f,
                "the king on {} is not between the rooks on {}",
                place(king),
                places(rooks)
            ),
        }
    }
}

fn plural(role: Role, count: usize) -> String {
    if count == 1 {
        role.name().to_owned()
    } else {
        format!("{}s", role.name())
    }
}

impl fmt::Display for BackRankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, None)
    }
}

impl std::error::Error for BackRankError {}

/// Why the pieces of a board do not stand as a Chess960 start. The checks
/// run in the order of the variants; within one, squares are visited from
/// `a` to `h`, rank by rank upwards, White before Black.
///
/// The kind names ([`StartPositionError::name`]) are stable.
///
/// ```
/// use forsyth::Chess960Start;
/// use forsyth::fen::Fen;
/// let fen = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1").unwrap();
/// let err = Chess960Start::from_board(&fen.board).unwrap_err();
/// assert_eq!(err.name(), "not_mirrored");
/// assert_eq!(err.to_string(), "black's back rank does not mirror white's: d8 holds a black queen, d1 a white king");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum StartPositionError {
    /// A piece stands on ranks 3 to 6, which are empty in a start.
    PieceOffStartRanks {
        /// The first such square.
        square: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// A square of the colour's pawn rank (2 for White, 7 for Black) does not
    /// hold a pawn of that colour.
    PawnMissing {
        /// Whose pawn rank.
        color: Color,
        /// The first square without the colour's pawn.
        square: Square,
        /// What stands there instead.
        found: Option<Piece>,
    },
    /// A square of the colour's back rank (1 for White, 8 for Black) is
    /// empty, or holds a pawn or a piece of the other colour.
    BackRankSquare {
        /// Whose back rank.
        color: Color,
        /// The first such square.
        square: Square,
        /// What stands there.
        found: Option<Piece>,
    },
    /// White's back rank is not one of the 960.
    InvalidBackRank {
        /// Why not.
        reason: BackRankError,
    },
    /// Black's back rank is not White's, file by file.
    NotMirrored {
        /// The first file where they differ.
        file: File,
        /// White's piece on that file.
        white: Role,
        /// Black's piece on that file.
        black: Role,
    },
}

impl StartPositionError {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::{Color, Square};
    /// use forsyth::chess960::StartPositionError;
    /// let err = StartPositionError::PawnMissing { color: Color::White, square: Square::C2, found: None };
    /// assert_eq!(err.name(), "pawn_missing");
    /// assert_eq!(err.to_string(), "white pawns are not all on rank 2: c2 is empty");
    /// ```
    pub fn name(&self) -> &'static str {
        self.into()
    }
}

/// "a white knight"
fn piece_phrase(piece: Piece) -> String {
    format!("a {} {}", piece.color.name(), piece.role.name())
}

/// "is empty" / "holds a black pawn"
fn contents(found: Option<Piece>) -> String {
    match found {
        None => "is empty".to_owned(),
        Some(p) => format!("holds {}", piece_phrase(p)),
    }
}

impl fmt::Display for StartPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StartPositionError::PieceOffStartRanks { square, piece } => write!(
                f,
                "ranks 3 to 6 are empty in a start, but {square} holds {}",
                piece_phrase(piece)
            ),
            StartPositionError::PawnMissing {
                color,
                square,
                found,
            } => write!(
                f,
                "{} pawns are not all on rank {}: {square} {}",
                color.name(),
                Rank::Second.relative_to(color).char(),
                contents(found)
            ),
            StartPositionError::BackRankSquare {
                color,
                square,
                found,
            } => write!(
                f,
                "{}'s back rank must hold eight {} pieces other than pawns: {square} {}",
                color.name(),
                color.name(),
                contents(found)
            ),
            StartPositionError::InvalidBackRank { reason } => {
                f.write_str("white's back rank is not a chess960 start: ")?;
                reason.describe(f, Some(Rank::First))
            }
            StartPositionError::NotMirrored { file, white, black } => write!(
                f,
                "black's back rank does not mirror white's: {} holds a black {}, {} a white {}",
                Square::from_coords(file, Rank::Eighth),
                black.name(),
                Square::from_coords(file, Rank::First),
                white.name()
            ),
        }
    }
}

impl std::error::Error for StartPositionError {}

/// What is wrong with the text of a start number. See
/// [`ParseStartNumberError`].
///
/// ```
/// use forsyth::Chess960Start;
/// use forsyth::chess960::ParseStartNumberErrorKind;
/// let err = "five".parse::<Chess960Start>().unwrap_err();
/// assert_eq!(err.kind, ParseStartNumberErrorKind::NotANumber);
/// assert_eq!(err.kind.name(), "not_a_number");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ParseStartNumberErrorKind {
    /// Empty, or not only ASCII digits (signs, spaces and letters included).
    NotANumber,
    /// A number above 959.
    OutOfRange,
}

impl ParseStartNumberErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::chess960::ParseStartNumberErrorKind;
    /// assert_eq!(ParseStartNumberErrorKind::OutOfRange.name(), "out_of_range");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Text that is not a Chess960 start number 0..=959.
///
/// ```
/// use forsyth::Chess960Start;
/// use forsyth::chess960::ParseStartNumberErrorKind;
/// let err = "-1".parse::<Chess960Start>().unwrap_err();
/// assert_eq!(err.kind, ParseStartNumberErrorKind::NotANumber);
/// assert_eq!(err.to_string(), "'-1' is not a chess960 start number: expected decimal digits 0 to 959");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseStartNumberError {
    /// The text as given.
    pub input: String,
    /// What is wrong with it.
    pub kind: ParseStartNumberErrorKind,
}

impl fmt::Display for ParseStartNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseStartNumberErrorKind::NotANumber => write!(
                f,
                "'{}' is not a chess960 start number: expected decimal digits 0 to 959",
                self.input
            ),
            ParseStartNumberErrorKind::OutOfRange => write!(
                f,
                "'{}' is not a chess960 start number: they run from 0 to 959",
                self.input
            ),
        }
    }
}

impl std::error::Error for ParseStartNumberError {}
