//! Writing a FEN record's fields in each castling encoding.
//!
//! The writer knows nothing of the rules: it writes the fields it is handed,
//! the en-passant square included. Which en-passant square to write
//! ([`EnPassantMode`]) is decided above, where the rules are
//! (`Setup::ep_square_for`); `write_fen` and `Setup::to_fen` hand the
//! result down as a plain square.

use core::fmt;

use crate::board::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, PlacementMemo, Rank, Role, Square,
};

/// How the castling field is written.
///
/// ```
/// use forsyth::fen::CastlingNotation;
/// assert_eq!("shredder".parse::<CastlingNotation>(), Ok(CastlingNotation::Shredder));
/// assert_eq!(CastlingNotation::XFen.to_string(), "xfen");
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
pub enum CastlingNotation {
    /// `KQkq`: only for kings on `e` with rooks on `a`/`h`.
    Standard,
    /// Shredder-FEN: the rook's file letter, `A`-`H` White, `a`-`h` Black.
    Shredder,
    /// X-FEN: `K`/`Q` for the outermost rook of a wing, the file letter for
    /// an inner rook.
    #[default]
    #[strum(to_string = "xfen", serialize = "x-fen")]
    XFen,
}

/// The order of Shredder-FEN letters within a colour.
///
/// ```
/// use forsyth::fen::ShredderOrder;
/// assert_eq!("wings".parse::<ShredderOrder>(), Ok(ShredderOrder::Wings));
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
pub enum ShredderOrder {
    /// Files ascending: `AHah`, as the Shredder-FEN description gives it.
    #[default]
    Files,
    /// King side first: `HAha`, as Stockfish and python-chess print it.
    Wings,
}

/// When the en-passant square is written.
///
/// A setup holds the square whenever the last move was a double step; the
/// standards differ on when to write it.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{EnPassantMode, Fen};
/// assert_eq!("pseudo".parse::<EnPassantMode>(), Ok(EnPassantMode::Pseudo));
/// assert_eq!(EnPassantMode::default(), EnPassantMode::Legal);
/// // 1. e4: no black pawn can take en passant.
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// assert_eq!(setup.ep_square_for(EnPassantMode::Always), Some(forsyth::Square::E3));
/// assert_eq!(setup.ep_square_for(EnPassantMode::Pseudo), None);
/// assert_eq!(setup.ep_square_for(EnPassantMode::Legal), None);
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
pub enum EnPassantMode {
    /// Only when a legal en-passant capture exists (pins and checks taken
    /// into account), as the 2020 revision of the PGN standard asks.
    #[default]
    Legal,
    /// When a pawn of the side to move stands beside the pawn that just made
    /// a double step, as X-FEN asks.
    Pseudo,
    /// Whenever a pawn just made a double step (the square as the setup
    /// holds it), as the 1994 PGN standard asks.
    Always,
}

/// Options for writing a FEN record.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
/// let opts = WriteOptions {
///     castling: CastlingNotation::Shredder,
///     shredder_order: ShredderOrder::Wings,
///     en_passant: EnPassantMode::Legal,
/// };
/// assert_eq!(Setup::standard().to_fen(&opts).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WriteOptions {
    /// The castling encoding.
    pub castling: CastlingNotation,
    /// Letter order for Shredder-FEN.
    pub shredder_order: ShredderOrder,
    /// When to write the en-passant square.
    pub en_passant: EnPassantMode,
}

impl WriteOptions {
    /// Options writing castling in `notation`, other options default.
    ///
    /// ```
    /// use forsyth::fen::{CastlingNotation, WriteOptions};
    /// assert_eq!(WriteOptions::new(CastlingNotation::Standard).castling, CastlingNotation::Standard);
    /// ```
    pub const fn new(notation: CastlingNotation) -> WriteOptions {
        WriteOptions {
            castling: notation,
            shredder_order: ShredderOrder::Files,
            en_passant: EnPassantMode::Legal,
        }
    }
}

/// Why standard FEN (`KQkq`) cannot say a castling right: the information
/// would be lost. X-FEN and Shredder-FEN can say every right.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{CastlingNotation, Fen, LossyCastlingReason};
/// let fen = Fen::from_ascii(b"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// let err = setup.to_fen(&CastlingNotation::Standard.into()).unwrap_err();
/// assert_eq!(err.reason, LossyCastlingReason::KingNotOnEFile);
/// assert_eq!(
///     err.to_string(),
///     "standard FEN cannot express white's castling with the rook on h1: the king stands on g1, not e1; use X-FEN or Shredder-FEN"
/// );
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

/// What standard FEN cannot say about a right. See [`LossyCastlingError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum LossyCastlingReason {
    /// The king is not on the `e` file.
    KingNotOnEFile,
    /// The rook is not on the `a` (queen side) or `h` (king side) file.
    RookNotInCorner,
}

impl LossyCastlingReason {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::fen::LossyCastlingReason;
    /// assert_eq!(LossyCastlingReason::RookNotInCorner.name(), "rook_not_in_corner");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl LossyCastlingError {
    /// What standard FEN cannot say (the same as the `reason` field).
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::fen::{CastlingNotation, Fen, LossyCastlingReason};
    /// let setup = Setup::from_fen(&"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1".parse::<Fen>()?, None)?;
    /// let err = setup.to_fen(&CastlingNotation::Standard.into()).unwrap_err();
    /// assert_eq!(err.kind(), LossyCastlingReason::KingNotOnEFile);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> LossyCastlingReason {
        self.reason
    }
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
            LossyCastlingReason::KingNotOnEFile => write!(
                f,
                "the king stands on {}, not {}",
                self.king,
                Square::from_coords(File::E, Rank::back_rank(self.color))
            )?,
            LossyCastlingReason::RookNotInCorner => write!(
                f,
                "only a rook on the {} file can be written {}",
                self.side.fold('h', 'a'),
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

impl From<CastlingNotation> for WriteOptions {
    fn from(notation: CastlingNotation) -> WriteOptions {
        WriteOptions::new(notation)
    }
}

/// Why a FEN record could not be written: the encoding cannot say the
/// castling rights, or the output refused the text.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{CastlingNotation, Fen, write_fen, WriteFenError};
/// let setup = Setup::from_fen(&"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1".parse::<Fen>()?, None)?;
/// let mut out = String::new();
/// let err = write_fen(&setup, &CastlingNotation::Standard.into(), &mut out).unwrap_err();
/// assert!(matches!(err, WriteFenError::Lossy(_)));
/// assert_eq!(err.name(), "lossy_castling");
/// assert!(out.is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WriteFenError {
    /// The castling encoding cannot say a right; nothing was written.
    Lossy(LossyCastlingError),
    /// The output failed ([`fmt::Error`]).
    Write,
}

impl WriteFenError {
    /// The stable kind name: `lossy_castling` or `write`.
    ///
    /// ```
    /// use forsyth::fen::WriteFenError;
    /// assert_eq!(WriteFenError::Write.name(), "write");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            WriteFenError::Lossy(_) => "lossy_castling",
            WriteFenError::Write => "write",
        }
    }
}

impl fmt::Display for WriteFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteFenError::Lossy(e) => write!(f, "{e}"),
            WriteFenError::Write => f.write_str("the output refused the text"),
        }
    }
}

impl std::error::Error for WriteFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteFenError::Lossy(e) => Some(e),
            WriteFenError::Write => None,
        }
    }
}

impl From<LossyCastlingError> for WriteFenError {
    fn from(e: LossyCastlingError) -> WriteFenError {
        WriteFenError::Lossy(e)
    }
}

impl From<fmt::Error> for WriteFenError {
    fn from(_: fmt::Error) -> WriteFenError {
        WriteFenError::Write
    }
}

/// The fields of a record as the writer takes them: what to write, decided
/// by the caller (the en-passant square included).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Fields<'a> {
    pub(crate) board: &'a Board,
    pub(crate) turn: Color,
    pub(crate) castling: &'a CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// The placement field as text, when the caller has it in canonical
    /// form (what [`Board::write_placement`] writes for `board`): copied
    /// instead of written again.
    pub(crate) placement: Option<&'a [u8]>,
}

/// `true` if `rook` is the outermost rook of `color` on its wing of the back
/// rank, seen from the king's file.
fn is_outermost(board: &Board, color: Color, side: CastlingSide, rook: File) -> bool {
    let back = Bitboard::from_rank(Rank::back_rank(color));
    let rooks = board.by_piece(Role::Rook.of(color)) & back;
    let rook_sq = Square::from_coords(rook, Rank::back_rank(color));
    let outer = match side {
        CastlingSide::KingSide => rooks.last(),
        CastlingSide::QueenSide => rooks.first(),
    };
    outer == Some(rook_sq)
}

fn letter(color: Color, letter: char) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

/// Whether standard FEN can say every right of `rights` (X-FEN and
/// Shredder-FEN always can).
pub(crate) fn check_lossless(
    rights: &CastlingRights,
    notation: CastlingNotation,
) -> Result<(), LossyCastlingError> {
    if notation != CastlingNotation::Standard {
        return Ok(());
    }
    for (color, side, file) in rights.iter() {
        let back = Rank::back_rank(color);
        let king_file = rights.king_file(color).unwrap_or(File::E);
        let reason = if king_file != File::E {
            LossyCastlingReason::KingNotOnEFile
        } else if file != side.fold(File::H, File::A) {
            LossyCastlingReason::RookNotInCorner
        } else {
            continue;
        };
        return Err(LossyCastlingError {
            color,
            side,
            rook: Square::from_coords(file, back),
            king: Square::from_coords(king_file, back),
            reason,
        });
    }
    Ok(())
}

/// Writes the castling field of `rights` on `board` in `opts.castling`;
/// first checks that the encoding can say them, writing nothing if not.
pub(crate) fn castling_field<W: fmt::Write + ?Sized>(
    board: &Board,
    rights: &CastlingRights,
    opts: &WriteOptions,
    out: &mut W,
) -> Result<(), WriteFenError> {
    check_lossless(rights, opts.castling)?;
    castling_letters(board, rights, opts, out)?;
    Ok(())
}

/// The letters of [`castling_field`], once the encoding is known to say
/// every right.
fn castling_letters<W: fmt::Write + ?Sized>(
    board: &Board,
    rights: &CastlingRights,
    opts: &WriteOptions,
    out: &mut W,
) -> fmt::Result {
    if rights.is_empty() {
        return out.write_char('-');
    }
    for color in Color::ALL {
        let sides = match (opts.castling, opts.shredder_order) {
            (CastlingNotation::Shredder, ShredderOrder::Files) => {
                [CastlingSide::QueenSide, CastlingSide::KingSide]
            }
            _ => CastlingSide::ALL,
        };
        for side in sides {
            let Some(file) = rights.rook(color, side) else {
                continue;
            };
            let c = match opts.castling {
                CastlingNotation::Shredder => file.char(),
                CastlingNotation::XFen if !is_outermost(board, color, side, file) => file.char(),
                // X-FEN's outermost rook, and standard FEN (checked above).
                _ => side.fold('k', 'q'),
            };
            out.write_char(letter(color, c))?;
        }
    }
    Ok(())
}

/// Writes a whole record: six fields, castling in `opts.castling`, the
/// en-passant square as given. Nothing is written when the castling
/// encoding cannot say the rights.
pub(crate) fn record<W: fmt::Write + ?Sized>(
    fields: Fields<'_>,
    opts: &WriteOptions,
    out: &mut W,
) -> Result<(), WriteFenError> {
    // The record is built in ASCII on the stack and handed to `out` once:
    // no formatting machinery per field, one UTF-8 check for the whole line.
    let mut line = RecordBuf::new();
    record_ascii(fields, opts, &mut line)?;
    out.write_str(line.as_str())?;
    Ok(())
}

/// [`record`] into `line` (emptied first), as ASCII bytes: for a writer of
/// bytes, which takes them as they are. On error `line` holds nothing.
pub(crate) fn record_ascii(
    fields: Fields<'_>,
    opts: &WriteOptions,
    line: &mut RecordBuf,
) -> Result<(), WriteFenError> {
    line.len = 0;
    check_lossless(fields.castling, opts.castling)?;
    let n = match fields.placement {
        Some(text) if text.len() <= 71 => {
            line.buf[..text.len()].copy_from_slice(text);
            text.len()
        }
        _ => fields.board.placement_bytes(&mut line.buf, 0),
    };
    after_placement(fields, opts, line, n)
}

/// [`record_ascii`], the placement written by `memo` (`fields.placement`
/// is not read): for records of positions one after another.
pub(crate) fn record_ascii_memo(
    fields: Fields<'_>,
    opts: &WriteOptions,
    line: &mut RecordBuf,
    memo: &mut PlacementMemo,
) -> Result<(), WriteFenError> {
    line.len = 0;
    check_lossless(fields.castling, opts.castling)?;
    let n = memo.write(fields.board, &mut line.buf, 0);
    after_placement(fields, opts, line, n)
}

/// The fields after the placement, which ends at `n` in `line`; the
/// castling encoding was checked. The length is kept in a local while the
/// bytes are stored: a store into the buffer would otherwise make the
/// compiler read the length in memory again after each byte.
#[inline]
fn after_placement(
    fields: Fields<'_>,
    opts: &WriteOptions,
    line: &mut RecordBuf,
    mut n: usize,
) -> Result<(), WriteFenError> {
    n = put(&mut line.buf, n, &[b' ', fields.turn.char() as u8, b' ']);
    if fields.castling.is_empty() {
        n = put(&mut line.buf, n, b"-");
    } else {
        line.len = n;
        // The encoding was checked above.
        if castling_letters(fields.board, fields.castling, opts, line).is_err() {
            line.len = 0;
            return Err(WriteFenError::Write);
        }
        n = line.len;
    }
    n = match fields.ep_square {
        Some(sq) => {
            let file = b'a' + sq.file().index() as u8;
            let rank = b'1' + sq.rank().index() as u8;
            put(&mut line.buf, n, &[b' ', file, rank, b' '])
        }
        None => put(&mut line.buf, n, b" - "),
    };
    n = put_u32(&mut line.buf, n, fields.halfmoves);
    n = put(&mut line.buf, n, b" ");
    line.len = put_u32(&mut line.buf, n, fields.fullmoves);
    Ok(())
}

/// Stores `bytes` at `at` in `buf`; returns where they end.
#[inline]
fn put(buf: &mut [u8], at: usize, bytes: &[u8]) -> usize {
    let end = at + bytes.len();
    buf[at..end].copy_from_slice(bytes);
    end
}

/// Stores the decimal digits of `n` at `at` in `buf`, written in place
/// from the last; returns where they end.
#[inline]
fn put_u32(buf: &mut [u8], at: usize, n: u32) -> usize {
    // Clocks are short: their lengths are told apart without a logarithm.
    let digits = match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        _ => n.ilog10() as usize + 1,
    };
    let end = at + digits;
    let mut n = n;
    for slot in buf[at..end].iter_mut().rev() {
        *slot = b'0' + (n % 10) as u8;
        n /= 10;
    }
    end
}

/// A record under construction: ASCII bytes on the stack, with room for the
/// longest record (71 + 1 + 1 + 1 + 4 + 1 + 2 + 1 + 10 + 1 + 10 bytes).
#[derive(Clone, Debug)]
pub(crate) struct RecordBuf {
    buf: [u8; 128],
    len: usize,
}

impl RecordBuf {
    pub(crate) fn new() -> RecordBuf {
        RecordBuf {
            buf: [0; 128],
            len: 0,
        }
    }

    /// The record's bytes, all ASCII.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only ASCII was written; the check is one pass over the line.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

impl fmt::Write for RecordBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let bytes = s.as_bytes();
        let end = self.len + bytes.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }

    /// A letter of the castling field: one byte stored, not a string of one
    /// copied.
    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        match (u8::try_from(c), self.buf.get_mut(self.len)) {
            (Ok(b), Some(slot)) if b.is_ascii() => {
                *slot = b;
                self.len += 1;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }
}
