//! The 960 Chess960 starting positions and their standard numbers 0..=959.
//!
//! The numbering is the one of `specs/chess960.md` (Scharnagl's scheme):
//! 518 is the classical start, 0 is `BBQNNRKR`, 959 is `RKRNNQBB`.
//!
//! - number to back rank: [`Chess960Start::back_rank`] (a `const fn`, no
//!   allocation);
//! - back rank to number: [`Chess960Start::from_back_rank`], which says why
//!   eight roles are not a start ([`BackRankError`]);
//! - number to position: [`Chess960Start::to_setup`];
//! - position to number: [`Chess960Start::from_board`], which looks at the
//!   pieces only and says why they do not stand as a start
//!   ([`StartPositionError`]);
//! - all 960 in order: [`Chess960Start::all`];
//! - random starts, reproducible from a seed: [`Chess960Start::random_with`]
//!   and the generator [`SplitMix64`].
//!
//! ```
//! use forsyth::{Chess960Start, Role::*};
//! let start = Chess960Start::new(518).unwrap();
//! assert_eq!(start.back_rank(), [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]);
//! assert_eq!(Chess960Start::from_back_rank(&start.back_rank()), Ok(start));
//! assert_eq!(Chess960Start::from_board(&start.to_setup().board), Ok(start));
//! ```

use core::fmt;
use core::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::{Board, CastlingRights, Color, File, Piece, Rank, Role, Setup, Square, Variant};

/// The ten ways to put the two knights on five free squares, in the order of
/// the numbering: the pairs `(first, second)` of indices into the five free
/// squares, first ascending, then second ascending.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// One of the 960 Chess960 starting positions, by its standard number
/// 0..=959.
///
/// The number fixes White's back rank; Black's mirrors it, pawns stand on the
/// second and seventh ranks. Ordering and equality follow the number.
///
/// ```
/// use forsyth::Chess960Start;
/// let start = Chess960Start::new(0).unwrap();
/// assert_eq!(start.number(), 0);
/// assert_eq!(start.back_rank_letters(), "BBQNNRKR");
/// assert_eq!(start.to_string(), "0");
/// assert_eq!(Chess960Start::new(960), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chess960Start(u16);

impl Chess960Start {
    /// How many starts there are: 960.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::all().count(), usize::from(Chess960Start::COUNT));
    /// ```
    pub const COUNT: u16 = 960;

    /// The classical start, number 518 (`RNBQKBNR`).
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::STANDARD.number(), 518);
    /// assert_eq!(Chess960Start::STANDARD.back_rank_letters(), "RNBQKBNR");
    /// ```
    pub const STANDARD: Chess960Start = Chess960Start(518);

    /// The start with the given number, `None` above 959.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::new(959).map(|s| s.number()), Some(959));
    /// assert_eq!(Chess960Start::new(1000), None);
    /// ```
    pub const fn new(number: u16) -> Option<Chess960Start> {
        if number < Chess960Start::COUNT {
            Some(Chess960Start(number))
        } else {
            None
        }
    }

    /// The standard number, 0..=959.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::STANDARD.number(), 518);
    /// ```
    pub const fn number(self) -> u16 {
        self.0
    }

    /// All 960 starts in number order.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// let mut all = Chess960Start::all();
    /// assert_eq!(all.len(), 960);
    /// assert_eq!(all.next().map(|s| s.number()), Some(0));
    /// assert_eq!(all.next_back().map(|s| s.number()), Some(959));
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Chess960Start> + ExactSizeIterator {
        (0..Chess960Start::COUNT).map(Chess960Start)
    }

    /// White's back rank, files `a` to `h` (Black's is the same).
    ///
    /// A `const fn` on a fixed-size array: it allocates nothing and can run at
    /// compile time.
    ///
    /// ```
    /// use forsyth::{Chess960Start, Role::*};
    /// const RANK: [forsyth::Role; 8] = Chess960Start::STANDARD.back_rank();
    /// assert_eq!(RANK, [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]);
    /// ```
    pub const fn back_rank(self) -> [Role; 8] {
        // `Role::Pawn` marks a square not yet given a piece: no start has a
        // pawn on its back rank.
        let mut rank = [Role::Pawn; 8];
        let mut n = self.0 as usize;
        // Light-squared bishop on b, d, f or h (b1 is a light square).
        rank[(n % 4) * 2 + 1] = Role::Bishop;
        n /= 4;
        // Dark-squared bishop on a, c, e or g.
        rank[(n % 4) * 2] = Role::Bishop;
        n /= 4;
        // Queen on the (n % 6)-th of the six free squares.
        let queen = n % 6;
        n /= 6;
        rank[nth_free(&rank, queen)] = Role::Queen;
        // Knights on a pair of the five free squares; n is now 0..=9.
        let (first, second) = KNIGHT_PAIRS[n];
        // Find both squares before placing either, so the indices refer to the
        // same five free squares.
        let first_sq = nth_free(&rank, first);
        let second_sq = nth_free(&rank, second);
        rank[first_sq] = Role::Knight;
        rank[second_sq] = Role::Knight;
        // Rook, king, rook on the three squares left, from a to h.
        rank[nth_free(&rank, 0)] = Role::Rook;
        rank[nth_free(&rank, 0)] = Role::King;
        rank[nth_free(&rank, 0)] = Role::Rook;
        rank
    }

    /// White's back rank as eight uppercase letters, files `a` to `h`.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::new(959).unwrap().back_rank_letters(), "RKRNNQBB");
    /// ```
    pub fn back_rank_letters(self) -> String {
        self.back_rank().iter().map(|r| r.upper_char()).collect()
    }

    /// The number of a back rank (files `a` to `h`), or why it is not one of
    /// the 960: a pawn, a wrong count of a role, both bishops on one colour of
    /// squares, or the king not between the rooks.
    ///
    /// ```
    /// use forsyth::{BackRankError, Chess960Start, File, Role::*};
    /// let rank = [Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook];
    /// assert_eq!(Chess960Start::from_back_rank(&rank).map(|s| s.number()), Ok(0));
    ///
    /// let rank = [Rook, Bishop, Knight, Bishop, King, Queen, Knight, Rook];
    /// let err = Chess960Start::from_back_rank(&rank).unwrap_err();
    /// assert_eq!(err, BackRankError::BishopsOnOneColor { files: [File::B, File::D] });
    /// assert_eq!(err.name(), "bishops_on_one_color");
    /// ```
    pub fn from_back_rank(rank: &[Role; 8]) -> Result<Chess960Start, BackRankError> {
        if let Some(i) = rank.iter().position(|&r| r == Role::Pawn) {
            return Err(BackRankError::PawnOnBackRank { file: File::ALL[i] });
        }
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ] {
            let count = rank.iter().filter(|&&r| r == role).count();
            if count != expected_count(role) {
                return Err(BackRankError::WrongCount {
                    role,
                    count: count as u8,
                });
            }
        }
        let files_of = |role: Role| {
            let mut found = [File::A; 2];
            let mut k = 0;
            for (i, &r) in rank.iter().enumerate() {
                if r == role && k < 2 {
                    found[k] = File::ALL[i];
                    k += 1;
                }
            }
            found
        };
        let bishops = files_of(Role::Bishop);
        if bishops[0].index() % 2 == bishops[1].index() % 2 {
            return Err(BackRankError::BishopsOnOneColor { files: bishops });
        }
        let rooks = files_of(Role::Rook);
        let king = File::ALL[rank.iter().position(|&r| r == Role::King).unwrap_or(0)];
        if !(rooks[0] < king && king < rooks[1]) {
            return Err(BackRankError::KingNotBetweenRooks { king, rooks });
        }
        // Invert the construction of `back_rank`.
        let (light, dark) = if bishops[0].index() % 2 == 1 {
            (bishops[0], bishops[1])
        } else {
            (bishops[1], bishops[0])
        };
        let light_digit = (light.index() - 1) / 2;
        let dark_digit = dark.index() / 2;
        // The queen's index among the six squares the bishops leave.
        let mut queen_digit = 0;
        for (idx, &r) in rank.iter().filter(|&&r| r != Role::Bishop).enumerate() {
            if r == Role::Queen {
                queen_digit = idx;
            }
        }
        // The knights' indices among the five squares bishops and queen leave.
        let mut knights = [0usize; 2];
        let mut k = 0;
        for (idx, &r) in rank
            .iter()
            .filter(|&&r| r != Role::Bishop && r != Role::Queen)
            .enumerate()
        {
            if r == Role::Knight && k < 2 {
                knights[k] = idx;
                k += 1;
            }
        }
        let knight_digit = KNIGHT_PAIRS
            .iter()
            .position(|&(a, b)| a == knights[0] && b == knights[1])
            .unwrap_or(0);
        let number = light_digit + 4 * (dark_digit + 4 * (queen_digit + 6 * knight_digit));
        Ok(Chess960Start(number as u16))
    }

    /// The starting position: this back rank for White and, mirrored, for
    /// Black; pawns on the second and seventh ranks; White to move; both
    /// rooks of both colours may castle; no en-passant square; clocks `0 1`.
    ///
    /// The variant is [`Variant::Standard`] for 518, the classical start,
    /// and [`Variant::Chess960`] for every other number, even for the 17
    /// starts whose king and rooks stand on e, a and h (castling there looks
    /// classical, but the game is Chess960). A caller playing 518 under
    /// Chess960 rules sets `setup.variant` afterwards.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Chess960Start, Variant};
    /// let setup = Chess960Start::new(0).unwrap().to_setup();
    /// assert_eq!(setup.variant, Variant::Chess960);
    /// assert_eq!(
    ///     setup.to_fen(&CastlingNotation::Shredder.into()).unwrap(),
    ///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1"
    /// );
    /// assert_eq!(Chess960Start::STANDARD.to_setup().variant, Variant::Standard);
    /// ```
    pub fn to_setup(self) -> Setup {
        let rank = self.back_rank();
        let board = Board::from_back_rank(&rank);
        let mut castling = CastlingRights::none();
        let king = rank.iter().position(|&r| r == Role::King).unwrap_or(0);
        for color in Color::ALL {
            for (i, &r) in rank.iter().enumerate() {
                if r == Role::Rook {
                    // Cannot fail: one king, one rook on each side of it.
                    let _ = castling.add(color, File::ALL[king], File::ALL[i]);
                }
            }
        }
        Setup {
            board,
            turn: Color::White,
            castling,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant: if self == Chess960Start::STANDARD {
                Variant::Standard
            } else {
                Variant::Chess960
            },
        }
    }

    /// The number of the start whose pieces stand exactly as on `board`, or
    /// why they do not.
    ///
    /// Only the pieces count: the side to move, castling rights, en-passant
    /// square and clocks of a position are not looked at, so pass
    /// `&setup.board` or `&fen.board`. The checks run in the order of
    /// [`StartPositionError`]'s variants; the first failure is reported.
    ///
    /// ```
    /// use forsyth::{Chess960Start, Fen, StartPositionError};
    /// let fen = Fen::from_ascii(b"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB b - - 5 20").unwrap();
    /// assert_eq!(Chess960Start::from_board(&fen.board).map(|s| s.number()), Ok(959));
    ///
    /// let fen = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    /// let err = Chess960Start::from_board(&fen.board).unwrap_err();
    /// assert_eq!(err.name(), "piece_off_start_ranks");
    /// assert_eq!(err.to_string(), "ranks 3 to 6 are empty in a start, but e4 holds a white pawn");
    /// ```
    pub fn from_board(board: &Board) -> Result<Chess960Start, StartPositionError> {
        for rank in [Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth] {
            for file in File::ALL {
                let square = Square::from_coords(file, rank);
                if let Some(piece) = board.piece_at(square) {
                    return Err(StartPositionError::PieceOffStartRanks { square, piece });
                }
            }
        }
        for color in Color::ALL {
            let pawn = Role::Pawn.of(color);
            for file in File::ALL {
                let square = Square::from_coords(file, Rank::Second.relative_to(color));
                let found = board.piece_at(square);
                if found != Some(pawn) {
                    return Err(StartPositionError::PawnMissing {
                        color,
                        square,
                        found,
                    });
                }
            }
            for file in File::ALL {
                let square = Square::from_coords(file, Rank::back_rank(color));
                let found = board.piece_at(square);
                match found {
                    Some(p) if p.color == color && p.role != Role::Pawn => {}
                    _ => {
                        return Err(StartPositionError::BackRankSquare {
                            color,
                            square,
                            found,
                        })
                    }
                }
            }
        }
        let role_at = |file: File, rank: Rank| {
            board
                .role_at(Square::from_coords(file, rank))
                .unwrap_or(Role::Pawn)
        };
        let white = File::ALL.map(|f| role_at(f, Rank::First));
        let start = Chess960Start::from_back_rank(&white)
            .map_err(|reason| StartPositionError::InvalidBackRank { reason })?;
        for file in File::ALL {
            let black = role_at(file, Rank::Eighth);
            if black != white[file.index()] {
                return Err(StartPositionError::NotMirrored {
                    file,
                    white: white[file.index()],
                    black,
                });
            }
        }
        Ok(start)
    }

    /// The start drawn from `rng` by the contract of `specs/chess960.md`:
    /// `rng.below(960)`. The same seed gives the same starts, in every version
    /// and on every machine.
    ///
    /// ```
    /// use forsyth::{Chess960Start, SplitMix64};
    /// let mut a = SplitMix64::new(2024);
    /// let mut b = SplitMix64::new(2024);
    /// let first: Vec<_> = (0..5).map(|_| Chess960Start::random_with(&mut a)).collect();
    /// let again: Vec<_> = (0..5).map(|_| Chess960Start::random_with(&mut b)).collect();
    /// assert_eq!(first, again);
    /// ```
    pub fn random_with(rng: &mut SplitMix64) -> Chess960Start {
        // `below` returns less than its bound, so the number is in range.
        Chess960Start(rng.below(u64::from(Chess960Start::COUNT)) as u16)
    }

    /// A start drawn from a generator seeded by the system clock: a
    /// different start on each run, not reproducible.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert!(Chess960Start::random().number() < 960);
    /// ```
    pub fn random() -> Chess960Start {
        Chess960Start::random_with(&mut SplitMix64::from_clock())
    }
}

impl fmt::Display for Chess960Start {
    /// The number, in decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Chess960Start {
    type Err = ParseStartNumberError;

    /// Parses a decimal number 0..=959 (ASCII digits only, leading zeros
    /// allowed).
    ///
    /// ```
    /// use forsyth::{Chess960Start, ParseStartNumberErrorKind};
    /// assert_eq!("518".parse::<Chess960Start>(), Ok(Chess960Start::STANDARD));
    /// let err = "960".parse::<Chess960Start>().unwrap_err();
    /// assert_eq!(err.kind, ParseStartNumberErrorKind::OutOfRange);
    /// assert_eq!(err.to_string(), "'960' is not a chess960 start number: they run from 0 to 959");
    /// ```
    fn from_str(s: &str) -> Result<Chess960Start, ParseStartNumberError> {
        let error = |kind| ParseStartNumberError {
            input: s.to_owned(),
            kind,
        };
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error(ParseStartNumberErrorKind::NotANumber));
        }
        let value = s.bytes().fold(0u32, |acc, b| {
            acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
        });
        u16::try_from(value)
            .ok()
            .and_then(Chess960Start::new)
            .ok_or_else(|| error(ParseStartNumberErrorKind::OutOfRange))
    }
}

/// Finds the index of the `n`-th square (0-based, from `a`) not yet given a
/// piece; `Role::Pawn` marks a free square.
const fn nth_free(rank: &[Role; 8], n: usize) -> usize {
    let mut seen = 0;
    let mut i = 0;
    while i < 8 {
        if matches!(rank[i], Role::Pawn) {
            if seen == n {
                return i;
            }
            seen += 1;
        }
        i += 1;
    }
    // Unreachable for the arguments `back_rank` passes; any index is safe.
    0
}

/// How many pieces of a role a start's back rank holds.
const fn expected_count(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
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
/// use forsyth::{BackRankError, Chess960Start, File, Role::*};
/// let err = Chess960Start::from_back_rank(&[Bishop, King, Rook, Rook, Queen, Bishop, Knight, Knight]).unwrap_err();
/// assert_eq!(err, BackRankError::KingNotBetweenRooks { king: File::B, rooks: [File::C, File::D] });
/// assert_eq!(err.to_string(), "the king on file b is not between the rooks on files c and d");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
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
    /// use forsyth::{BackRankError, Role};
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
/// use forsyth::{Chess960Start, Fen};
/// let fen = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1").unwrap();
/// let err = Chess960Start::from_board(&fen.board).unwrap_err();
/// assert_eq!(err.name(), "not_mirrored");
/// assert_eq!(err.to_string(), "black's back rank does not mirror white's: d8 holds a black queen, d1 a white king");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
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
    /// use forsyth::{Color, Square, StartPositionError};
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
/// use forsyth::{Chess960Start, ParseStartNumberErrorKind};
/// let err = "five".parse::<Chess960Start>().unwrap_err();
/// assert_eq!(err.kind, ParseStartNumberErrorKind::NotANumber);
/// assert_eq!(err.kind.name(), "not_a_number");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
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
    /// use forsyth::ParseStartNumberErrorKind;
    /// assert_eq!(ParseStartNumberErrorKind::OutOfRange.name(), "out_of_range");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Text that is not a Chess960 start number 0..=959.
///
/// ```
/// use forsyth::{Chess960Start, ParseStartNumberErrorKind};
/// let err = "-1".parse::<Chess960Start>().unwrap_err();
/// assert_eq!(err.kind, ParseStartNumberErrorKind::NotANumber);
/// assert_eq!(err.to_string(), "'-1' is not a chess960 start number: expected decimal digits 0 to 959");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// SplitMix64, a small pseudo-random generator with 64 bits of state: fast,
/// well mixed, reproducible from a seed. Not for cryptography.
///
/// Each step adds `0x9E3779B97F4A7C15` to the state and returns the state
/// mixed by xor-shifts (30, 27, 31) and multiplications by
/// `0xBF58476D1CE4E5B9` and `0x94D049BB133111EB`; `specs/chess960.md` gives
/// the steps and published outputs.
///
/// ```
/// use forsyth::SplitMix64;
/// let mut rng = SplitMix64::new(1234567);
/// assert_eq!(rng.next_u64(), 6457827717110365317);
/// assert!(rng.below(960) < 960);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output follows from `seed`.
    ///
    /// ```
    /// use forsyth::SplitMix64;
    /// assert_eq!(SplitMix64::new(7).next_u64(), SplitMix64::new(7).next_u64());
    /// ```
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// A generator seeded from the system clock (nanoseconds), the process id
    /// and a per-process counter, so two calls differ even within one clock
    /// tick.
    ///
    /// ```
    /// use forsyth::SplitMix64;
    /// let mut rng = SplitMix64::from_clock();
    /// let _ = rng.next_u64();
    /// ```
    pub fn from_clock() -> SplitMix64 {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let calls = CALLS.fetch_add(1, Ordering::Relaxed);
        let pid = u64::from(std::process::id());
        let mut mixer = SplitMix64::new(nanos ^ pid.rotate_left(32));
        let seed = mixer.next_u64() ^ calls.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        SplitMix64::new(seed)
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use forsyth::SplitMix64;
    /// let mut rng = SplitMix64::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound`, `bound` above zero (a zero bound is
    /// treated as one and gives 0).
    ///
    /// Draws `x = next_u64()` until `x` is below the largest multiple of
    /// `bound` that fits in 64 bits, and returns `x % bound`: no bias, and
    /// for small bounds almost never a second draw.
    ///
    /// ```
    /// use forsyth::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// assert!((0..100).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, bound: u64) -> u64 {
        let bound = bound.max(1);
        // 2^64 mod bound, computed without 128-bit arithmetic.
        let rest = (u64::MAX % bound + 1) % bound;
        loop {
            let x = self.next_u64();
            // Accept x < 2^64 - rest, that is x <= u64::MAX - rest.
            if x <= u64::MAX - rest {
                return x % bound;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // `back_rank` runs at compile time, so it cannot allocate.
    const FIRST: [Role; 8] = Chess960Start(0).back_rank();
    const LAST: [Role; 8] = Chess960Start(959).back_rank();

    #[test]
    fn const_back_ranks() {
        use Role::*;
        assert_eq!(
            FIRST,
            [Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]
        );
        assert_eq!(
            LAST,
            [Rook, King, Rook, Knight, Knight, Queen, Bishop, Bishop]
        );
    }

    #[test]
    fn knight_pairs_are_the_ten_pairs_in_order() {
        let mut expected = Vec::new();
        for a in 0..5 {
            for b in a + 1..5 {
                expected.push((a, b));
            }
        }
        assert_eq!(KNIGHT_PAIRS.to_vec(), expected);
    }

    #[test]
    fn nth_free_counts_only_free_squares() {
        use Role::*;
        let rank = [Bishop, Pawn, Queen, Pawn, Pawn, Knight, Pawn, Bishop];
        assert_eq!(nth_free(&rank, 0), 1);
        assert_eq!(nth_free(&rank, 1), 3);
        assert_eq!(nth_free(&rank, 3), 6);
    }

    #[test]
    fn digits_of_the_worked_example() {
        // specs/chess960.md: 518 has L = 2, D = 1, Q = 2, K = 5.
        assert_eq!(2 + 4 * (1 + 4 * (2 + 6 * 5)), 518);
        let rank = Chess960Start(518).back_rank();
        assert_eq!(rank[File::F.index()], Role::Bishop);
        assert_eq!(rank[File::C.index()], Role::Bishop);
        assert_eq!(rank[File::D.index()], Role::Queen);
    }

    #[test]
    fn wrong_count_message_uses_singular_and_plural() {
        let one = BackRankError::WrongCount {
            role: Role::Rook,
            count: 1,
        };
        assert_eq!(
            one.to_string(),
            "the back rank has 1 rook; a chess960 start has 2"
        );
        let three = BackRankError::WrongCount {
            role: Role::Knight,
            count: 3,
        };
        assert_eq!(
            three.to_string(),
            "the back rank has 3 knights; a chess960 start has 2"
        );
    }
}
