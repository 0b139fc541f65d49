//! FEN, X-FEN and Shredder-FEN on ten files: the record read into a
//! [`Setup`] with its castling letters resolved, and written back in any of
//! the three encodings (`specs/fen.md`, section 6).
//!
//! The grammar is the 8x8 one with ranks of ten squares (the digit run
//! `10`), the pieces `A`/`a` and `C`/`c`, the castling file letters `A`-`J`
//! and the en-passant files `a`-`j`. Errors carry the byte offset, the
//! [`FenField`] and a kind whose names are the 8x8 ones where the fault is
//! the same.

use core::fmt;

use super::{Setup, Variant};
use crate::board::capablanca::{Board, CastlingRights, File, Square};
use crate::board::{CastlingSide, Color, Piece, Rank, Role};
use crate::text::fen::{is_blank, CastlingNotation, FenField, ShredderOrder};

/// What a 10x8 record got wrong. The kind names (`name()`) are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The line holds nothing but white space.
    EmptyRecord,
    /// A field is missing: the line ended before it.
    MissingField,
    /// Five fields: a halfmove clock without a fullmove number.
    MissingFullmoves,
    /// Text after the sixth field.
    TrailingText,
    /// A byte that is not a piece letter, a digit or `/`.
    BadPlacementByte(u8),
    /// A rank describes more than ten squares.
    RankTooLong {
        /// The rank, 1-8.
        rank: u8,
    },
    /// A rank describes fewer than ten squares.
    RankTooShort {
        /// The rank, 1-8.
        rank: u8,
        /// How many squares it describes.
        squares: u8,
    },
    /// More than eight ranks.
    TooManyRanks,
    /// Fewer than eight ranks.
    TooFewRanks {
        /// How many ranks were given.
        ranks: u8,
    },
    /// The side to move is not `w` or `b`.
    BadTurn(u8),
    /// A field goes on where it should have ended.
    ExpectedSeparator,
    /// A castling byte that is not `K`, `Q`, `k`, `q`, `A`-`J` or `a`-`j`.
    BadCastlingByte(u8),
    /// A castling letter given twice.
    DuplicateCastling(u8),
    /// `-` together with letters.
    CastlingDashWithLetters,
    /// A castling letter for a colour without a king on its back rank.
    CastlingWithoutKing(u8),
    /// Capablanca or Gothic chess: a castling letter while the king is not
    /// on the `f` file.
    CastlingKingNotOnFFile(u8),
    /// Capablanca or Gothic chess: a castling rook letter other than the
    /// corner files `a` and `j`.
    CastlingRookNotInCorner(u8),
    /// No rook of that colour where the letter points.
    CastlingRookMissing(u8),
    /// Two letters for one wing of one colour.
    CastlingTwoRightsOnOneWing(u8),
    /// The en-passant field is not `-` or a square.
    BadEnPassant,
    /// The en-passant square is not on rank 3 or 6.
    EnPassantRank,
    /// A clock that is not a decimal number without sign.
    BadNumber,
    /// A clock above 4294967295.
    NumberTooLarge,
}

impl FenErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::capablanca::FenErrorKind;
    /// assert_eq!(FenErrorKind::RankTooLong { rank: 8 }.name(), "rank_too_long");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// A 10x8 record that does not follow the grammar, or whose castling
/// letters name no king and rook.
///
/// ```
/// use forsyth::capablanca::Setup;
/// use forsyth::fen::FenField;
/// let err = Setup::from_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQXq - 0 1", None).unwrap_err();
/// assert_eq!((err.column(), err.field), (61, FenField::Castling));
/// assert_eq!(err.to_string(), "col 61: castling: 'X' is not K, Q, k, q or a file letter A-J/a-j");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct FenError {
    /// 0-based byte offset of the fault.
    pub offset: usize,
    /// The field being read.
    pub field: FenField,
    /// What was wrong.
    pub kind: FenErrorKind,
}

impl FenError {
    /// The 1-based byte column of the fault.
    pub const fn column(&self) -> usize {
        self.offset + 1
    }

    /// What was wrong (the `kind` field).
    pub const fn kind(&self) -> FenErrorKind {
        self.kind
    }

    /// The message without the column: `castling: 'X' is not ...`.
    ///
    /// ```
    /// use forsyth::capablanca::Setup;
    /// let err = Setup::from_fen("10/10/10/10/10/10/10/9 w - -", None).unwrap_err();
    /// assert_eq!(err.message(), "placement: rank 1 has 9 squares, not 10");
    /// ```
    pub fn message(&self) -> String {
        format!("{}: {}", self.field, Detail(self.kind))
    }
}

struct Byte(u8);

impl fmt::Display for Byte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "'{}'", self.0 as char)
        } else {
            write!(f, "byte 0x{:02x}", self.0)
        }
    }
}

struct Detail(FenErrorKind);

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenErrorKind as K;
        match self.0 {
            K::EmptyRecord => f.write_str("empty record"),
            K::MissingField => f.write_str("missing (the record ended)"),
            K::MissingFullmoves => {
                f.write_str("missing: a halfmove clock needs a fullmove number after it")
            }
            K::TrailingText => f.write_str("text after the sixth field"),
            K::BadPlacementByte(b) => write!(
                f,
                "{} is not a piece letter (PNBRQKAC, pnbrqkac), a digit or '/'",
                Byte(b)
            ),
            K::RankTooLong { rank } => write!(f, "rank {rank} has more than 10 squares"),
            K::RankTooShort { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, not 10")
            }
            K::TooManyRanks => f.write_str("more than 8 ranks"),
            K::TooFewRanks { ranks } => write!(f, "{ranks} ranks, not 8"),
            K::BadTurn(b) => write!(f, "{} is not w or b", Byte(b)),
            K::ExpectedSeparator => f.write_str("expected a space after the field"),
            K::BadCastlingByte(b) => {
                write!(f, "{} is not K, Q, k, q or a file letter A-J/a-j", Byte(b))
            }
            K::DuplicateCastling(b) => write!(f, "{} given twice", Byte(b)),
            K::CastlingDashWithLetters => f.write_str("'-' together with letters"),
            K::CastlingWithoutKing(b) => {
                write!(f, "{}: no king of that colour on its back rank", Byte(b))
            }
            K::CastlingKingNotOnFFile(b) => write!(
                f,
                "{}: the king is not on the f file, where Capablanca and Gothic chess castle from",
                Byte(b)
            ),
            K::CastlingRookNotInCorner(b) => write!(
                f,
                "{}: Capablanca and Gothic chess castle only with the rooks on the a and j files",
                Byte(b)
            ),
            K::CastlingRookMissing(b) => {
                write!(
                    f,
                    "{}: no rook of that colour where the letter points",
                    Byte(b)
                )
            }
            K::CastlingTwoRightsOnOneWing(b) => write!(
                f,
                "{}: a second castling right on one wing of one colour",
                Byte(b)
            ),
            K::BadEnPassant => f.write_str("expected '-' or a square a3-j6"),
            K::EnPassantRank => f.write_str("the square is not on rank 3 or 6"),
            K::BadNumber => f.write_str("expected a number (digits only)"),
            K::NumberTooLarge => f.write_str("number above 4294967295"),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.column(), self.message())
    }
}

impl std::error::Error for FenError {}

/// Whether a record's placement describes ranks of ten squares: its
/// first rank is English piece letters and digits only, and their width
/// (pieces one each, a digit run its value) is 10. How the command line
/// tells a 10x8 record from an 8x8 one.
///
/// ```
/// use forsyth::capablanca::is_ten_files;
/// assert!(is_ten_files("r8k/10/10/10/10/10/10/K9 w - -"));
/// assert!(!is_ten_files("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
/// assert!(!is_ten_files("(R7/4k3/4N3/K2B4/8/8/8/5R2)"));
/// ```
pub fn is_ten_files(record: &str) -> bool {
    let placement = record.trim_start_matches(|c: char| c.is_ascii_whitespace());
    first_rank_width(placement.as_bytes()) == Some(10)
}

/// Whether a line of a file holds a 10x8 record: a `/` in it, and a
/// placement (after leading blanks) whose first rank [`is_ten_files`] finds
/// ten squares wide. Only the placement counts: the rest of the line need
/// not be UTF-8 (the 10x8 reader refuses such a byte at its column). How
/// the command line and the Python batch functions tell a 10x8 line.
///
/// ```
/// use forsyth::capablanca::line_is_ten_files;
/// assert!(line_is_ten_files(b"r8k/10/10/10/10/10/10/K9 w - - \xff"));
/// assert!(!line_is_ten_files(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));
/// assert!(!line_is_ten_files(b"r8k"));
/// ```
pub fn line_is_ten_files(line: &[u8]) -> bool {
    // Nearly every line starts with its placement: a first rank whose
    // width is not 10 answers at once, without decoding the whole line
    // (that cost an 8x8 conversion a tenth of its time).
    if line.first().is_some_and(u8::is_ascii_alphanumeric)
        && first_rank_width(line).is_some_and(|width| width != 10)
    {
        return false;
    }
    let text = String::from_utf8_lossy(line);
    text.contains('/') && is_ten_files(text.trim_start())
}

/// The width of the first rank of a line that starts with its placement
/// (a piece one square, a run of digits its value, up to a `/` or a
/// blank); `None` when the rank holds anything else.
fn first_rank_width(line: &[u8]) -> Option<u32> {
    let (mut squares, mut run) = (0u32, 0u32);
    for &b in line {
        if b == b'/' || b.is_ascii_whitespace() {
            break;
        }
        if b.is_ascii_digit() {
            run = run.saturating_mul(10).saturating_add(u32::from(b - b'0'));
        } else if Piece::from_char(char::from(b)).is_some() {
            squares = squares.saturating_add(run).saturating_add(1);
            run = 0;
        } else {
            return None;
        }
    }
    Some(squares.saturating_add(run))
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn err(&self, offset: usize, field: FenField, kind: FenErrorKind) -> FenError {
        FenError {
            offset,
            field,
            kind,
        }
    }

    /// The next field's start after a run of spaces and tabs, or `None`
    /// at the end of the record.
    fn separator(&mut self) -> Option<usize> {
        let start = self.at;
        while self.at < self.text.len() && matches!(self.text[self.at], b' ' | b'\t') {
            self.at += 1;
        }
        (self.at < self.text.len() && self.at > start).then_some(self.at)
    }

    /// The field starting here, to the next blank.
    fn word(&mut self) -> (usize, &[u8]) {
        let start = self.at;
        while self.at < self.text.len() && !is_blank(self.text[self.at]) {
            self.at += 1;
        }
        (start, &self.text[start..self.at])
    }

    fn number(&mut self, field: FenField) -> Result<u32, FenError> {
        let (start, word) = self.word();
        if word.is_empty() {
            return Err(self.err(start, field, FenErrorKind::BadNumber));
        }
        let mut value: u64 = 0;
        for (i, &b) in word.iter().enumerate() {
            if !b.is_ascii_digit() {
                return Err(self.err(start + i, field, FenErrorKind::BadNumber));
            }
            value = value * 10 + u64::from(b - b'0');
            if value > u64::from(u32::MAX) {
                return Err(self.err(start, field, FenErrorKind::NumberTooLarge));
            }
        }
        // The value fits: it was checked against u32::MAX at every digit.
        Ok(u32::try_from(value).unwrap_or(u32::MAX))
    }
}

fn placement(r: &mut Reader<'_>) -> Result<Board, FenError> {
    let field = FenField::Placement;
    let mut board = Board::empty();
    let mut rank_index = 0u8; // 0 for rank 8
    let mut squares = 0u32;
    let mut run_start: Option<usize> = None;
    let mut run = 0u32;
    let text = r.text;
    loop {
        let at = r.at;
        let b = text.get(at).copied().filter(|&b| !is_blank(b));
        let flush_run = |squares: &mut u32, run: &mut u32, run_start: &mut Option<usize>| {
            *squares += *run;
            *run = 0;
            run_start.take()
        };
        match b {
            Some(d @ b'0'..=b'9') => {
                if run_start.is_none() {
                    run_start = Some(at);
                    if d == b'0' {
                        return Err(r.err(at, field, FenErrorKind::BadPlacementByte(d)));
                    }
                }
                run = run * 10 + u32::from(d - b'0');
                if squares + run > 10 {
                    return Err(r.err(
                        at,
                        field,
                        FenErrorKind::RankTooLong {
                            rank: 8 - rank_index,
                        },
                    ));
                }
                r.at += 1;
            }
            Some(b'/') | None => {
                flush_run(&mut squares, &mut run, &mut run_start);
                if squares < 10 {
                    return Err(r.err(
                        at,
                        field,
                        FenErrorKind::RankTooShort {
                            rank: 8 - rank_index,
                            squares: squares as u8,
                        },
                    ));
                }
                if b.is_none() {
                    if rank_index < 7 {
                        return Err(r.err(
                            at,
                            field,
                            FenErrorKind::TooFewRanks {
                                ranks: rank_index + 1,
                            },
                        ));
                    }
                    return Ok(board);
                }
                if rank_index == 7 {
                    return Err(r.err(at, field, FenErrorKind::TooManyRanks));
                }
                rank_index += 1;
                squares = 0;
                r.at += 1;
            }
            Some(letter) => {
                flush_run(&mut squares, &mut run, &mut run_start);
                let piece = Piece::from_char(char::from(letter))
                    .ok_or_else(|| r.err(at, field, FenErrorKind::BadPlacementByte(letter)))?;
                let file = File::new(squares).ok_or_else(|| {
                    r.err(
                        at,
                        field,
                        FenErrorKind::RankTooLong {
                            rank: 8 - rank_index,
                        },
                    )
                })?;
                let rank = Rank::ALL[usize::from(7 - rank_index)];
                board.set_piece_at(Square::from_coords(file, rank), piece);
                squares += 1;
                r.at += 1;
            }
        }
    }
}

/// The castling letters as read: the byte, its offset.
fn castling_letters(r: &mut Reader<'_>) -> Result<Vec<(u8, usize)>, FenError> {
    let field = FenField::Castling;
    let (start, word) = r.word();
    if word == b"-" {
        return Ok(Vec::new());
    }
    if word.is_empty() {
        let b = r.text.get(start).copied().unwrap_or(b' ');
        return Err(r.err(start, field, FenErrorKind::BadCastlingByte(b)));
    }
    let mut letters: Vec<(u8, usize)> = Vec::new();
    for (i, &b) in word.iter().enumerate() {
        let at = start + i;
        let ok = matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'J' | b'a'..=b'j');
        if b == b'-' {
            return Err(r.err(at, field, FenErrorKind::CastlingDashWithLetters));
        }
        if !ok {
            return Err(r.err(at, field, FenErrorKind::BadCastlingByte(b)));
        }
        if letters.iter().any(|&(l, _)| l == b) {
            return Err(r.err(at, field, FenErrorKind::DuplicateCastling(b)));
        }
        letters.push((b, at));
    }
    Ok(letters)
}

/// Why one castling letter names no right under a variant.
fn resolve_letter(
    board: &Board,
    castling: &mut CastlingRights,
    letter: u8,
    random: bool,
) -> Result<(), FenErrorKind> {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let back = Rank::back_rank(color);
    let king = board
        .king_of(color)
        .filter(|k| k.rank() == back)
        .ok_or(FenErrorKind::CastlingWithoutKing(letter))?;
    if !random && king.file() != File::F {
        return Err(FenErrorKind::CastlingKingNotOnFFile(letter));
    }
    let rook = Role::Rook.of(color);
    let is_rook = |f: File| board.piece_at(Square::from_coords(f, back)) == Some(rook);
    let file = match letter.to_ascii_uppercase() {
        b'K' if random => File::ALL
            .into_iter()
            .rev()
            .find(|&f| f > king.file() && is_rook(f)),
        b'Q' if random => File::ALL
            .into_iter()
            .find(|&f| f < king.file() && is_rook(f)),
        b'K' => Some(File::J).filter(|&f| is_rook(f)),
        b'Q' => Some(File::A).filter(|&f| is_rook(f)),
        other => {
            let file = File::from_char(char::from(other.to_ascii_lowercase()))
                .ok_or(FenErrorKind::BadCastlingByte(letter))?;
            if !random && file != File::A && file != File::J {
                return Err(FenErrorKind::CastlingRookNotInCorner(letter));
            }
            Some(file).filter(|&f| is_rook(f))
        }
    }
    .ok_or(FenErrorKind::CastlingRookMissing(letter))?;
    castling
        .add(color, king.file(), file)
        .map(|_| ())
        .map_err(|_| FenErrorKind::CastlingTwoRightsOnOneWing(letter))
}

/// The rights the letters give under Capablanca's rule (`random` false) or
/// CRC's, or the first letter that fails with its offset.
fn resolve(
    board: &Board,
    letters: &[(u8, usize)],
    random: bool,
) -> Result<CastlingRights, (FenErrorKind, usize)> {
    let mut castling = CastlingRights::none();
    for &(letter, at) in letters {
        resolve_letter(board, &mut castling, letter, random).map_err(|kind| (kind, at))?;
    }
    Ok(castling)
}

impl Setup {
    /// Reads a 10x8 FEN, X-FEN or Shredder-FEN record (six fields, or four
    /// with the clocks `0 1`), castling letters in any order.
    ///
    /// `variant` says how to read the castling letters: Capablanca and
    /// Gothic chess castle from the king on `f` with the rooks on `a` and
    /// `j` (`K`/`Q` or the letters `J`/`A`); CRC reads `K`/`Q` as the
    /// outermost rook of a wing and a file letter as the rook on that file.
    /// `None` reads under Capablanca's rule when the letters fit it, else
    /// under CRC's.
    ///
    /// ```
    /// use forsyth::capablanca::{File, Setup, Variant};
    /// use forsyth::{CastlingSide, Color};
    /// let s = Setup::from_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", None)?;
    /// assert_eq!(s, Setup::capablanca());
    /// // The king on e1: the letters are read under CRC's rule.
    /// let crc = Setup::from_fen("rbqnkcnbar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKCNBAR w JAja - 0 1", None)?;
    /// assert_eq!(crc.variant, Variant::Crc);
    /// assert_eq!(crc.castling.rook(Color::White, CastlingSide::KingSide), Some(File::J));
    /// # Ok::<_, forsyth::capablanca::FenError>(())
    /// ```
    pub fn from_fen(record: &str, variant: Option<Variant>) -> Result<Setup, FenError> {
        let bytes = record.as_bytes();
        let lead = bytes.iter().take_while(|&&b| is_blank(b)).count();
        let end = bytes.len()
            - bytes[lead..]
                .iter()
                .rev()
                .take_while(|&&b| is_blank(b))
                .count();
        let text = &record[lead..end];
        let mut r = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let shift = |mut e: FenError| {
            e.offset += lead;
            e
        };
        if text.is_empty() {
            return Err(r.err(0, FenField::Record, FenErrorKind::EmptyRecord));
        }
        let board = placement(&mut r).map_err(shift)?;
        let next = |r: &mut Reader<'_>, field: FenField| -> Result<(), FenError> {
            if r.separator().is_some() {
                Ok(())
            } else if r.at < r.text.len() {
                Err(r.err(r.at, field_before(field), FenErrorKind::ExpectedSeparator))
            } else {
                Err(r.err(r.at, field, FenErrorKind::MissingField))
            }
        };
        next(&mut r, FenField::Turn).map_err(shift)?;
        let (at, word) = r.word();
        let turn = match word {
            b"w" => Color::White,
            b"b" => Color::Black,
            [b'w' | b'b', ..] => {
                return Err(shift(r.err(
                    at + 1,
                    FenField::Turn,
                    FenErrorKind::ExpectedSeparator,
                )))
            }
            _ => {
                let b = r.text.get(at).copied().unwrap_or(b' ');
                return Err(shift(r.err(at, FenField::Turn, FenErrorKind::BadTurn(b))));
            }
        };
        next(&mut r, FenField::Castling).map_err(shift)?;
        let letters = castling_letters(&mut r).map_err(shift)?;
        next(&mut r, FenField::EnPassant).map_err(shift)?;
        let (at, word) = r.word();
        let ep_square = match word {
            b"-" => None,
            _ => {
                let sq = Square::from_ascii(word).ok_or_else(|| {
                    shift(r.err(at, FenField::EnPassant, FenErrorKind::BadEnPassant))
                })?;
                if !matches!(sq.rank(), Rank::Third | Rank::Sixth) {
                    return Err(shift(r.err(
                        at,
                        FenField::EnPassant,
                        FenErrorKind::EnPassantRank,
                    )));
                }
                Some(sq)
            }
        };
        let (halfmoves, fullmoves) = if r.separator().is_some() {
            let halfmoves = r.number(FenField::Halfmoves).map_err(shift)?;
            if r.separator().is_none() {
                let kind = if r.at < r.text.len() {
                    FenErrorKind::BadNumber
                } else {
                    FenErrorKind::MissingFullmoves
                };
                return Err(shift(r.err(r.at, FenField::Fullmoves, kind)));
            }
            let fullmoves = r.number(FenField::Fullmoves).map_err(shift)?;
            if r.separator().is_some() || r.at < r.text.len() {
                return Err(shift(r.err(
                    r.at,
                    FenField::Record,
                    FenErrorKind::TrailingText,
                )));
            }
            (halfmoves, fullmoves)
        } else if r.at < r.text.len() {
            return Err(shift(r.err(
                r.at,
                FenField::EnPassant,
                FenErrorKind::BadEnPassant,
            )));
        } else {
            (0, 1)
        };
        let (castling, variant) = match variant {
            Some(v) => (resolve(&board, &letters, v.is_random()), v),
            None => match resolve(&board, &letters, false) {
                Ok(c) => (Ok(c), Variant::Capablanca),
                Err(classical) => match resolve(&board, &letters, true) {
                    Ok(c) => (Ok(c), Variant::Crc),
                    // The reading that went further; on a tie, CRC's when
                    // the field holds a file letter (as 8x8 auto does).
                    Err(random)
                        if random.1 > classical.1
                            || (random.1 == classical.1
                                && letters
                                    .iter()
                                    .any(|(l, _)| !matches!(l, b'K' | b'Q' | b'k' | b'q'))) =>
                    {
                        (Err(random), Variant::Crc)
                    }
                    Err(_) => (Err(classical), Variant::Capablanca),
                },
            },
        };
        let castling = castling.map_err(|(kind, at)| shift(r.err(at, FenField::Castling, kind)))?;
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
            variant,
        })
    }

    /// The record in the castling encoding `notation` (Shredder letters in
    /// `order`), the en-passant square as the setup holds it.
    ///
    /// X-FEN writes `K`/`Q` for the outermost rook of a wing and the file
    /// letter for an inner one; standard FEN writes `KQkq` only for a king
    /// on `f` castling with rooks on `a` and `j`, and fails otherwise.
    ///
    /// ```
    /// use forsyth::capablanca::{CrcStart, Setup};
    /// use forsyth::fen::{CastlingNotation, ShredderOrder};
    /// let s = Setup::gothic();
    /// assert_eq!(s.to_fen(CastlingNotation::Shredder, ShredderOrder::Files)?,
    ///     "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w AJaj - 0 1");
    /// assert_eq!(s.to_fen(CastlingNotation::XFen, ShredderOrder::Files)?,
    ///     "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1");
    /// let crc = CrcStart::new(0).unwrap().to_setup();
    /// assert!(crc.to_fen(CastlingNotation::Standard, ShredderOrder::Files).is_err());
    /// # Ok::<_, forsyth::capablanca::LossyCastlingError>(())
    /// ```
    pub fn to_fen(
        &self,
        notation: CastlingNotation,
        order: ShredderOrder,
    ) -> Result<String, LossyCastlingError> {
        let castling = self.castling_field(notation, order)?;
        Ok(format!(
            "{} {} {} {} {} {}",
            self.board,
            self.turn.char(),
            castling,
            self.ep_square.map_or("-".to_owned(), |sq| sq.to_string()),
            self.halfmoves,
            self.fullmoves
        ))
    }

    /// The castling field alone in `notation`: `-` without rights.
    pub fn castling_field(
        &self,
        notation: CastlingNotation,
        order: ShredderOrder,
    ) -> Result<String, LossyCastlingError> {
        let mut out = String::new();
        for color in Color::ALL {
            let back = Rank::back_rank(color);
            let mut sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
            if notation == CastlingNotation::Shredder && order == ShredderOrder::Files {
                sides.reverse();
            }
            for side in sides {
                let Some(file) = self.castling.rook(color, side) else {
                    continue;
                };
                let king = self.castling.king_file(color).unwrap_or(File::F);
                let letter = match notation {
                    CastlingNotation::Shredder => file.upper_char(),
                    CastlingNotation::Standard => {
                        let reason = if king != File::F {
                            Some(LossyCastlingReason::KingNotOnFFile)
                        } else if file != side.fold(File::J, File::A) {
                            Some(LossyCastlingReason::RookNotInCorner)
                        } else {
                            None
                        };
                        if let Some(reason) = reason {
                            return Err(LossyCastlingError {
                                color,
                                side,
                                rook: Square::from_coords(file, back),
                                king: Square::from_coords(king, back),
                                reason,
                            });
                        }
                        side.fold('K', 'Q')
                    }
                    _ => {
                        let rook = Role::Rook.of(color);
                        let beyond = File::ALL.into_iter().any(|f| {
                            side.fold(f > file, f < file)
                                && self.board.piece_at(Square::from_coords(f, back)) == Some(rook)
                        });
                        if beyond {
                            file.upper_char()
                        } else {
                            side.fold('K', 'Q')
                        }
                    }
                };
                out.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        Ok(out)
    }
}

/// The field whose end was expected when the next one did not start.
fn field_before(field: FenField) -> FenField {
    match field {
        FenField::Turn => FenField::Placement,
        FenField::Castling => FenField::Turn,
        FenField::EnPassant => FenField::Castling,
        FenField::Halfmoves => FenField::EnPassant,
        FenField::Fullmoves => FenField::Halfmoves,
        other => other,
    }
}

/// Why standard FEN (`KQkq`) cannot say a 10x8 castling right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum LossyCastlingReason {
    /// The king is not on the `f` file.
    KingNotOnFFile,
    /// The rook is not on the `a` (queen side) or `j` (king side) file.
    RookNotInCorner,
}

impl LossyCastlingReason {
    /// The stable kind name, snake case.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// A 10x8 castling right standard FEN cannot say; X-FEN and Shredder-FEN
/// say every right.
///
/// ```
/// use forsyth::capablanca::{CrcStart, LossyCastlingReason};
/// use forsyth::fen::{CastlingNotation, ShredderOrder};
/// let crc = CrcStart::new(0).unwrap().to_setup();
/// let err = crc.to_fen(CastlingNotation::Standard, ShredderOrder::Files).unwrap_err();
/// assert_eq!(err.reason, LossyCastlingReason::KingNotOnFFile);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct LossyCastlingError {
    /// Whose right.
    pub color: Color,
    /// Which wing.
    pub side: CastlingSide,
    /// The castling rook's square.
    pub rook: Square,
    /// The king's square.
    pub king: Square,
    /// What standard FEN cannot say.
    pub reason: LossyCastlingReason,
}

impl fmt::Display for LossyCastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "standard FEN cannot express {}'s castling with the rook on {}: ",
            self.color.name(),
            self.rook
        )?;
        match self.reason {
            LossyCastlingReason::KingNotOnFFile => write!(
                f,
                "the king stands on {}, not {}",
                self.king,
                Square::from_coords(File::F, Rank::back_rank(self.color))
            )?,
            LossyCastlingReason::RookNotInCorner => write!(
                f,
                "only a rook on the {} file can be written {}",
                self.side.fold('j', 'a'),
                match (self.color, self.side) {
                    (Color::White, s) => s.fold('K', 'Q'),
                    (Color::Black, s) => s.fold('k', 'q'),
                }
            )?,
        }
        f.write_str("; use X-FEN or Shredder-FEN")
    }
}

impl std::error::Error for LossyCastlingError {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What a 10x8 line is, by its definition: a line with a `/` whose
    /// placement (after leading blanks) has a first rank ten squares wide,
    /// whatever bytes the rest of the line holds.
    fn by_definition(bytes: &[u8]) -> bool {
        let text = String::from_utf8_lossy(bytes);
        text.contains('/') && is_ten_files(text.trim_start())
    }

    #[test]
    fn tells_10x8_lines_from_8x8_ones() {
        for (line, ten) in [
            ("r8k/10/10/10/10/10/10/K9 w - -", true),
            (
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                true,
            ),
            (" \tr8k/10/10/10/10/10/10/K9 w - -", true),
            ("\u{a0}r8k/10/10/10/10/10/10/K9 w - -", true),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                false,
            ),
            ("r8k", false),
            ("10 w - -", false),
            ("r8k\u{e9}/10", false),
        ] {
            assert_eq!(line_is_ten_files(line.as_bytes()), ten, "{line:?}");
            assert_eq!(by_definition(line.as_bytes()), ten, "{line:?}");
        }
        assert!(line_is_ten_files(b"r8k/10/10/10/10/10/10/K9 w - - \xff"));
        assert!(!line_is_ten_files(b"r8k\xff/10/10/10/10/10/10/K9 w - -"));
    }

    /// Lines of placement bytes, blanks, other letters and bytes that are
    /// not UTF-8, so that both the shortcut and the decoding path are met.
    fn arb_line() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop::sample::select(b"pnbrqkacPNBRQKACx".to_vec());
        let byte = prop_oneof![
            6 => piece,
            4 => b'0'..=b'9',
            3 => Just(b'/'),
            1 => prop::sample::select(b" \t\x0b\r\n".to_vec()),
            1 => prop::sample::select(vec![0xc3, 0xa9, 0xc2, 0xa0, 0xff]),
        ];
        prop::collection::vec(byte, 0..40)
    }

    proptest! {
        #[test]
        fn shortcut_agrees_with_the_definition(line in arb_line()) {
            prop_assert_eq!(line_is_ten_files(&line), by_definition(&line));
        }
    }
}
