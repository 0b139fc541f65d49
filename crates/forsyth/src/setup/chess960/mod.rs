//! The 960 Chess960 starting positions and their standard numbers 0..=959
//! (`specs/chess960.md`): [`Chess960Start`] (here), its errors (`error`)
//! and random starts (`random`). The public face is [`Chess960Start`] at
//! the root and [`crate::chess960`] for the errors.

mod error;
mod random;

pub(crate) use error::expected_count;
pub(crate) use random::SplitMix64;

use core::fmt;
use core::str::FromStr;

pub use error::{
    BackRankError, ParseStartNumberError, ParseStartNumberErrorKind, StartPositionError,
};

use crate::board::{Board, CastlingRights, Color, File, Rank, Role, Square};
use crate::setup::{Setup, Variant};

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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u16", into = "u16")
)]
pub struct Chess960Start(u16);

impl TryFrom<u16> for Chess960Start {
    type Error = ParseStartNumberError;

    /// The start of a number 0..=959.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_eq!(Chess960Start::try_from(518).map(|s| s.number()), Ok(518));
    /// assert!(Chess960Start::try_from(960).is_err());
    /// ```
    fn try_from(number: u16) -> Result<Chess960Start, ParseStartNumberError> {
        Chess960Start::new(number).ok_or_else(|| ParseStartNumberError {
            input: number.to_string(),
            kind: ParseStartNumberErrorKind::OutOfRange,
        })
    }
}

impl From<Chess960Start> for u16 {
    /// The start's number.
    fn from(start: Chess960Start) -> u16 {
        start.0
    }
}

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
    /// use forsyth::Chess960Start;
    /// use forsyth::Role::*;
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
    /// use forsyth::{Chess960Start, File};
    /// use forsyth::Role::*;
    /// use forsyth::chess960::BackRankError;
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
    /// use forsyth::{Chess960Start, Variant};
    /// use forsyth::fen::CastlingNotation;
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
    /// use forsyth::Chess960Start;
    /// use forsyth::chess960::StartPositionError;
    /// use forsyth::fen::Fen;
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
    /// use forsyth::Chess960Start;
    /// use forsyth::chess960::ParseStartNumberErrorKind;
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
