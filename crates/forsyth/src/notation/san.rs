//! Standard Algebraic Notation (SAN), as the PGN standard defines it; see
//! [`San`] for what is written and what is read.

use core::{fmt, str::FromStr};

use crate::board::{Bitboard, CastlingSide, Color, File, Move, Rank, Role, Square};
use crate::rules::movegen::{legal_origins, resolve, resolve_castle, MovePattern};
use crate::rules::Position;
use crate::text::letters::{Alphabet, Buf, English, Letters, Out};

/// A move in SAN, without check or checkmate suffix, not yet related to a
/// position.
///
/// Writing follows the standard: the piece letter (none for pawns), the
/// origin file, rank or square only when another piece of the same kind
/// could go to the same square (file first, then rank, then both), `x` for a
/// capture (a pawn capture always names its origin file), the destination,
/// `=Q` for a promotion, `O-O` / `O-O-O` for castling (in Chess960 too, by the
/// wing of the rook), and `+` / `#` for check / checkmate.
///
/// Reading is lenient where the meaning stays clear:
///
/// - `0-0` and `0-0-0` for castling;
/// - a promotion without `=` (`e8Q`, `e8q`), and a lowercase promotion
///   letter after `=` (`e8=q`);
/// - a missing, wrong or extra `+` / `#` (and `++`);
/// - trailing annotation glyphs `!`, `?`, `!!`, `??`, `!?`, `?!`;
/// - a capture without `x` (`Nf3` for `Nxf3`; a pawn's `ef4` for `exf4`,
///   since a pawn names its file only when capturing), and more
///   disambiguation than needed (`Ngf3`; a pawn's own file, `bb7` for `b7`);
/// - a lowercase piece letter where it cannot be a file (`nf3`, `qd1`);
///   `bxc3` and `bb7` stay pawn moves, with the bishop's move as the
///   alternative reading (see [`SanReadings`]);
/// - a pawn letter `P` (`Pe4`, `Pexd5`), and `e.p.` after an en-passant
///   capture (`exd6e.p.`; only on a pawn capture to the third or sixth rank).
///
/// Every reader has a `_with` twin taking a [`Letters`] table (German,
/// Russian, Greek...; `specs/notation.md`), and so has the writer
/// ([`San::write_with`]).
///
/// It is strict where the text would say something false: `x` on a move that
/// captures nothing, a missing promotion piece, or a move that more than one
/// piece could make (the error names the candidates).
///
/// ```
/// use forsyth::{File, Role, Square};
/// use forsyth::san::San;
/// let san: San = "Nbd2".parse()?;
/// assert_eq!(
///     san,
///     San::Normal { role: Role::Knight, file: Some(File::B), rank: None, capture: false, to: Square::D2, promotion: None }
/// );
/// assert_eq!(san.to_string(), "Nbd2");
/// # Ok::<_, forsyth::san::ParseSanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece's role.
        role: Role,
        /// The origin file, when written.
        file: Option<File>,
        /// The origin rank, when written.
        rank: Option<Rank>,
        /// `true` if written with `x`.
        capture: bool,
        /// Destination square.
        to: Square,
        /// The promotion role, when written.
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
}

/// A check or checkmate suffix.
///
/// ```
/// use forsyth::san::Suffix;
/// assert_eq!(Suffix::Checkmate.char(), '#');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// `+` or `#`.
    ///
    /// ```
    /// use forsyth::san::Suffix;
    /// assert_eq!(Suffix::Check.char(), '+');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// A move in SAN with its check or checkmate suffix.
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::san::SanPlus;
/// let pos = Position::standard();
/// let m = "e4".parse::<SanPlus>()?.san.to_move(&pos)?;
/// assert_eq!(SanPlus::from_move(&pos, m).to_string(), "e4");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if any.
    pub suffix: Option<Suffix>,
}

/// The error of reading text that is not SAN.
///
/// ```
/// use forsyth::san::{ParseSanErrorKind, San};
/// let err = "Nz4".parse::<San>().unwrap_err();
/// assert_eq!(err.to_string(), "'Nz4' is not a san move");
/// assert_eq!(err.kind(), ParseSanErrorKind::InvalidSan);
/// assert_eq!(err.kind().name(), "invalid_san");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseSanError {
    /// The text, lossily decoded.
    pub text: String,
}

/// Why a text is not SAN. The kind names (`name()`) are stable.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ParseSanErrorKind {
    /// The text does not follow the SAN grammar.
    InvalidSan,
}

impl ParseSanErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::san::ParseSanErrorKind;
    /// assert_eq!(ParseSanErrorKind::InvalidSan.name(), "invalid_san");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl ParseSanError {
    /// The error of `text`.
    fn of(text: &[u8]) -> ParseSanError {
        ParseSanError {
            text: String::from_utf8_lossy(text).into_owned(),
        }
    }

    /// What is wrong.
    ///
    /// ```
    /// use forsyth::san::San;
    /// assert_eq!("".parse::<San>().unwrap_err().kind().name(), "invalid_san");
    /// ```
    pub fn kind(&self) -> ParseSanErrorKind {
        ParseSanErrorKind::InvalidSan
    }
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a san move", self.text)
    }
}

impl std::error::Error for ParseSanError {}

/// Why a SAN move is not one legal move of a position.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum SanErrorKind {
    /// No legal move fits.
    IllegalSan,
    /// More than one legal move fits.
    AmbiguousSan,
}

impl SanErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::san::SanErrorKind;
    /// assert_eq!(SanErrorKind::AmbiguousSan.name(), "ambiguous_san");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The error of [`San::to_move`].
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::fen::Fen;
/// use forsyth::san::{San, SanErrorKind};
/// let fen = Fen::from_ascii(b"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")?;
/// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
/// let err = "Nd2".parse::<San>()?.to_move(&pos).unwrap_err();
/// assert_eq!(err.kind, SanErrorKind::AmbiguousSan);
/// assert_eq!(err.to_string(), "ambiguous move Nd2 for white: Nbd2 or Nfd2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SanError {
    /// The move as read.
    pub san: San,
    /// The side to move.
    pub turn: Color,
    /// What is wrong.
    pub kind: SanErrorKind,
    /// For an ambiguous move, each legal move that fits, written
    /// unambiguously.
    pub candidates: Vec<San>,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.turn.name();
        match self.kind {
            SanErrorKind::IllegalSan => {
                write!(f, "illegal move {} for {color}", self.san)?;
                if let San::Normal {
                    role: Role::Pawn,
                    to,
                    promotion: None,
                    ..
                } = self.san
                {
                    if to.rank() == Rank::Eighth.relative_to(self.turn) {
                        write!(f, " (a pawn reaching {to} must promote, as {to}=Q)")?;
                    }
                }
                Ok(())
            }
            SanErrorKind::AmbiguousSan => {
                write!(f, "ambiguous move {} for {color}: ", self.san)?;
                for (i, c) in self.candidates.iter().enumerate() {
                    if i > 0 {
                        let last = i + 1 == self.candidates.len();
                        f.write_str(if last { " or " } else { ", " })?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
        }
    }
}

impl SanError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::san::San;
    /// let pos = Position::standard();
    /// assert_eq!("Ke2".parse::<San>()?.to_move(&pos).unwrap_err().kind().name(), "illegal_san");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> SanErrorKind {
        self.kind
    }
}

impl std::error::Error for SanError {}

/// Splits off trailing check and mate markers (`+`, `#` in English) and
/// annotations (`!`, `?`) in any order; returns the move text and the
/// suffix (mate wins over check).
#[inline(always)]
pub(crate) fn strip_suffixes<'t>(
    mut text: &'t [u8],
    letters: &impl Alphabet,
) -> (&'t [u8], Option<Suffix>) {
    let (check, mate) = letters.check_and_mate();
    let (check, mate) = (check.as_bytes(), mate.as_bytes());
    let mut suffix = None;
    loop {
        if let Some(rest) = strip_suffix(text, mate) {
            suffix = Some(Suffix::Checkmate);
            text = rest;
        } else if let Some(rest) = strip_suffix(text, check) {
            suffix = suffix.or(Some(Suffix::Check));
            text = rest;
        } else if let [rest @ .., b'!' | b'?'] = text {
            text = rest;
        } else {
            return (text, suffix);
        }
    }
}

/// `true` for the byte of a rank, `1` to `8`.
#[inline(always)]
fn is_rank_digit(b: u8) -> bool {
    b.wrapping_sub(b'1') < 8
}

/// `true` if a check or mate marker or a castling word of `letters` ends
/// with `b` (never a rank digit in a real table; for English the compiler
/// sees the words).
#[inline(always)]
fn ends_a_word(b: u8, letters: &impl Alphabet) -> bool {
    let (check, mate) = letters.check_and_mate();
    let (king, queen) = letters.castles();
    [check, mate, king, queen]
        .iter()
        .any(|w| w.as_bytes().last() == Some(&b))
}

/// `text` without the non-empty `end`, if it ends so.
#[inline]
fn strip_suffix<'t>(text: &'t [u8], end: &[u8]) -> Option<&'t [u8]> {
    match (end, text) {
        ([], _) => None,
        // A one-byte marker (every English one) by a byte comparison, not
        // a call to `memcmp` (measured).
        (&[e], [rest @ .., last]) => (*last == e).then_some(rest),
        _ => text.strip_suffix(end),
    }
}

/// The castling side `body` names: the table's words, or `0-0` / `0-0-0`.
#[inline]
pub(crate) fn castling_side(body: &[u8], letters: &impl Alphabet) -> Option<CastlingSide> {
    let (king, queen) = letters.castles();
    let (king, queen) = (king.as_bytes(), queen.as_bytes());
    // Most moves start with neither word's first byte nor `0`: skip them
    // without comparing whole words (measured).
    let first = *body.first()?;
    if first != b'0' && king.first() != Some(&first) && queen.first() != Some(&first) {
        return None;
    }
    if body == king || body == b"0-0" {
        Some(CastlingSide::KingSide)
    } else if body == queen || body == b"0-0-0" {
        Some(CastlingSide::QueenSide)
    } else {
        None
    }
}

/// The promotion piece at the end of `text` (`=Q`, `=q`, `Q` or `q` in
/// English), and the text before it.
#[inline(always)]
fn strip_promotion<'t>(text: &'t [u8], letters: &impl Alphabet) -> Option<(&'t [u8], Role)> {
    if text.last().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let (head, piece) = match text.iter().rposition(|&b| b == b'=') {
        Some(i) => match letters.piece_prefix(&text[i + 1..])? {
            (p, n) if i + 1 + n == text.len() => (&text[..i], p),
            _ => return None,
        },
        // Without `=`: the piece letter that ends the text.
        None => {
            let (p, n) = letters.piece_suffix(text)?;
            (&text[..text.len() - n], p)
        }
    };
    // Every role but the pawn and the king is a promotion piece.
    (!matches!(piece.role, Role::Pawn | Role::King)).then_some((head, piece.role))
}

/// Capture marks read in every language besides its own (never written):
/// `:` (Russian and older German scores), `×`, and the Cyrillic `х` that
/// Russian keyboards type for `x`.
pub(crate) const OTHER_CAPTURE_MARKS: [&[u8]; 3] = [b":", "×".as_bytes(), "х".as_bytes()];

/// The board a SAN text names squares of, and what a move read on it
/// is: the 8x8 board's [`San`], or the 10x8 board's move pattern. One
/// grammar ([`read_move`], [`read_san`]) reads both boards' SAN, so that
/// they read the same forms.
pub(crate) trait SanBoard {
    /// A file of the board.
    type File: Copy + PartialEq;
    /// A move as read, apart from any position.
    type San;
    /// The file whose letter starts `text`, and the letter's length.
    fn file_prefix(letters: &impl Alphabet, text: &[u8]) -> Option<(Self::File, usize)>;
    /// The file whose letter ends `text`, and the letter's length.
    fn file_suffix(letters: &impl Alphabet, text: &[u8]) -> Option<(Self::File, usize)>;
    /// A castling.
    fn castle(side: CastlingSide) -> Self::San;
    /// A piece's or pawn's move.
    fn normal(read: Normal<Self::File>) -> Self::San;
}

/// A piece's or pawn's move as SAN writes it, on a board of files `F`.
pub(crate) struct Normal<F> {
    pub(crate) role: Role,
    pub(crate) file: Option<F>,
    pub(crate) rank: Option<Rank>,
    pub(crate) capture: bool,
    pub(crate) to: (F, Rank),
    pub(crate) promotion: Option<Role>,
}

/// The 8x8 board.
pub(crate) struct Chess;

impl SanBoard for Chess {
    type File = File;
    type San = San;

    #[inline(always)]
    fn file_prefix(letters: &impl Alphabet, text: &[u8]) -> Option<(File, usize)> {
        letters.file_prefix(text)
    }

    #[inline(always)]
    fn file_suffix(letters: &impl Alphabet, text: &[u8]) -> Option<(File, usize)> {
        letters.file_suffix(text)
    }

    #[inline(always)]
    fn castle(side: CastlingSide) -> San {
        San::Castle(side)
    }

    #[inline(always)]
    fn normal(read: Normal<File>) -> San {
        San::Normal {
            role: read.role,
            file: read.file,
            rank: read.rank,
            capture: read.capture,
            to: Square::from_coords(read.to.0, read.to.1),
            promotion: read.promotion,
        }
    }
}

/// The text without a capture mark at its end (the table's, or one of
/// [`OTHER_CAPTURE_MARKS`]), and whether it had one.
#[inline(always)]
pub(crate) fn strip_capture<'t>(text: &'t [u8], letters: &impl Alphabet) -> (&'t [u8], bool) {
    let capture_mark = match strip_suffix(text, letters.capture().as_bytes()) {
        Some(head) => Some(head),
        // Each of the other marks ends in `:` or a byte beyond ASCII: a
        // text that ends otherwise (nearly every move) is not compared.
        None => match text.last() {
            Some(b':' | 0x80..) => OTHER_CAPTURE_MARKS
                .iter()
                .find_map(|m| strip_suffix(text, m)),
            _ => None,
        },
    };
    match capture_mark {
        Some(head) => (head, true),
        None => (text, false),
    }
}

/// Reads the text after the piece letter (`role`, the pawn when none):
/// `[file] [rank] [capture] square [promotion]`, with `e.p.` already
/// stripped (`en_passant`).
#[inline(always)]
pub(crate) fn read_move<B: SanBoard>(
    text: &[u8],
    role: Role,
    en_passant: bool,
    letters: &impl Alphabet,
) -> Option<B::San> {
    let (text, promotion) = match strip_promotion(text, letters) {
        Some((head, p)) if role == Role::Pawn => (head, Some(p)),
        Some(_) => return None,
        None => (text, None),
    };
    // The destination: a file letter and a rank digit, at the end.
    let (&r, text) = text.split_last()?;
    let to_rank = Rank::from_char(char::from(r))?;
    let (to_file, n) = B::file_suffix(letters, text)?;
    let text = &text[..text.len() - n];
    let (text, capture) = strip_capture(text, letters);
    // Disambiguation: a file, a rank, or both.
    let (file, text) = match B::file_prefix(letters, text) {
        Some((f, n)) => (Some(f), &text[n..]),
        None => (None, text),
    };
    let rank = match *text {
        [] => None,
        [b] => Some(Rank::from_char(char::from(b))?),
        _ => return None,
    };
    // A pawn names at most its file, and only when capturing: a file
    // without `x` (`ef4`) is a capture written without it, unless it is the
    // destination's own file (`bb7`), which no capture can be: then the
    // file is only said twice, and the move is a push.
    let (file, capture) = match file {
        Some(f) if role == Role::Pawn && !capture && f == to_file => (None, false),
        _ => (file, capture || (role == Role::Pawn && file.is_some())),
    };
    if role == Role::Pawn && (rank.is_some() || (capture && file.is_none())) {
        return None;
    }
    // `e.p.` only where an en-passant capture can land.
    if en_passant
        && (role != Role::Pawn
            || !capture
            || promotion.is_some()
            || !matches!(to_rank, Rank::Third | Rank::Sixth))
    {
        return None;
    }
    Some(B::normal(Normal {
        role,
        file,
        rank,
        capture,
        to: (to_file, to_rank),
        promotion,
    }))
}

/// The readings of a SAN text on board `B` (see [`SanReadings`]) and its
/// suffix.
pub(crate) struct Read<S> {
    pub(crate) first: S,
    pub(crate) alternative: Option<S>,
    pub(crate) suffix: Option<Suffix>,
}

/// The text without a trailing `e.p.`, and whether it had one.
#[inline(always)]
pub(crate) fn strip_en_passant(body: &[u8]) -> (&[u8], bool) {
    match body {
        [.., b'.'] => match body.strip_suffix(b"e.p.") {
            Some(head) => (head, true),
            None => (body, false),
        },
        _ => (body, false),
    }
}

/// The SAN reader of every board and table, behind [`SanPlus`]'s readers
/// and the 10x8 board's. Without `alternative` the second reading is not
/// looked for (left `None`); `None` for a text that is not SAN.
#[inline(always)]
pub(crate) fn read_san<B: SanBoard>(
    text: &[u8],
    letters: &impl Alphabet,
    alternative: bool,
) -> Option<Read<B::San>> {
    // Most moves end with their destination's rank (`Nf3`, `exd5`):
    // then there is nothing to strip after it and no castling to look
    // for, unless the table's markers or castling words end so too.
    let (body, suffix, en_passant) = match text.last() {
        Some(&last) if is_rank_digit(last) && !ends_a_word(last, letters) => (text, None, false),
        _ => {
            let (body, suffix) = strip_suffixes(text, letters);
            let (body, en_passant) = strip_en_passant(body);
            if let Some(side) = castling_side(body, letters) {
                if en_passant {
                    return None;
                }
                return Some(Read {
                    first: B::castle(side),
                    alternative: None,
                    suffix,
                });
            }
            (body, suffix, en_passant)
        }
    };
    let pawn = |text| read_move::<B>(text, Role::Pawn, en_passant, letters);
    let Some((piece, n)) = letters.piece_prefix(body) else {
        return Some(Read {
            first: pawn(body)?,
            alternative: None,
            suffix,
        });
    };
    // A lowercase letter that is also a file (`bxc3`) reads first as a
    // pawn's file; the piece is the alternative.
    let as_pawn = match piece.color {
        Color::Black if B::file_prefix(letters, body).is_some() => pawn(body),
        _ => None,
    };
    let as_piece = match as_pawn {
        Some(_) if !alternative => None,
        _ => read_move::<B>(&body[n..], piece.role, en_passant, letters),
    };
    let (first, alternative) = match (as_pawn, as_piece) {
        (Some(p), alt) => (p, alt),
        (None, Some(p)) => (p, None),
        (None, None) => return None,
    };
    Some(Read {
        first,
        alternative,
        suffix,
    })
}

/// The file of an English file byte, `a` to `h`.
#[inline(always)]
fn file_byte(b: u8) -> Option<File> {
    File::new(u32::from(b.wrapping_sub(b'a')))
}

/// The rank of a rank byte, `1` to `8`.
#[inline(always)]
fn rank_byte(b: u8) -> Option<Rank> {
    Rank::new(u32::from(b.wrapping_sub(b'1')))
}

/// Each byte's part of a square's index: a file letter's file (`a` 0 to
/// `h` 7), a rank digit's rank times 8 (`1` 0 to `8` 56); 64, which no
/// index reaches, for any other byte.
static SQUARE_PARTS: ([u8; 256], [u8; 256]) = {
    let (mut files, mut ranks) = ([64; 256], [64; 256]);
    let mut i = 0;
    while i < 8 {
        files[b'a' as usize + i] = i as u8;
        ranks[b'1' as usize + i] = 8 * i as u8;
        i += 1;
    }
    (files, ranks)
};

/// The square of a file byte and a rank byte (`e4`): two loads and one
/// test, where checking each byte's range takes a branch apiece.
#[inline(always)]
fn square_bytes(f: u8, r: u8) -> Option<Square> {
    let index = SQUARE_PARTS.0[usize::from(f)] | SQUARE_PARTS.1[usize::from(r)];
    Square::new(u32::from(index))
}

/// The role of each uppercase English piece letter other than `P` (the
/// letters that start a piece's move), by byte; `None` for the others.
static PIECE_BYTES: [Option<Role>; 256] = {
    let mut table = [None; 256];
    table[b'N' as usize] = Some(Role::Knight);
    table[b'B' as usize] = Some(Role::Bishop);
    table[b'R' as usize] = Some(Role::Rook);
    table[b'Q' as usize] = Some(Role::Queen);
    table[b'K' as usize] = Some(Role::King);
    table
};

/// The role of a two- or three-byte move (`e4`, `Nf3`) by its first byte:
/// a pawn for two bytes (the byte is the square's file), the piece letter's
/// for three.
static LEAD_BYTES: [[Option<Role>; 256]; 2] = [[Some(Role::Pawn); 256], PIECE_BYTES];

/// The role of an uppercase English piece letter other than `P`: one load,
/// where a `match` becomes a jump on the letter, which the processor
/// cannot foresee.
#[inline(always)]
fn piece_byte(b: u8) -> Option<Role> {
    PIECE_BYTES[usize::from(b)]
}

/// The two shapes of most moves, a pawn's push (`e4`) and a piece's move
/// (`Nf3`) without capture, check or origin (`body` is the text without
/// its suffix): the role and the destination. Both are read by one path:
/// which of the two a move is cannot be foreseen, and a branch between
/// them is often mispredicted. The role comes from the first byte, by the
/// table of the text's length.
#[inline(always)]
pub(crate) fn read_plain(body: &[u8]) -> Option<(Role, Square)> {
    let n = body.len();
    if let 2 | 3 = n {
        if let (Some(role), Some(to)) = (
            LEAD_BYTES[n - 2][usize::from(body[0])],
            square_bytes(body[n - 2], body[n - 1]),
        ) {
            return Some((role, to));
        }
    }
    None
}

/// The English SAN of the shapes nearly every move is written in (`e4`,
/// `Nf3`, `exd5`, `Qxe7+`, `Rad1`, `N1xf3`, `e8=Q`, `exd8=Q#`, `O-O`),
/// read in one look at the bytes; `None` for any other text, which the
/// full reader then reads (or refuses). Wherever this gives an answer,
/// it is the full reader's.
#[inline(always)]
fn read_common(text: &[u8]) -> Option<SanPlus> {
    let (body, suffix) = match text {
        [body @ .., b'+'] => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Checkmate)),
        _ => (text, None),
    };
    let normal = |role, file, rank, capture, to, promotion| San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    };
    let promotion = |b| match piece_byte(b)? {
        Role::King => None,
        role => Some(role),
    };
    if let Some((role, to)) = read_plain(body) {
        let san = normal(role, None, None, false, to, None);
        return Some(SanPlus { san, suffix });
    }
    let san = match *body {
        [f, r] => normal(Role::Pawn, None, None, false, square_bytes(f, r)?, None),
        [b'O', b'-', b'O'] => San::Castle(CastlingSide::KingSide),
        [b'O', b'-', b'O', b'-', b'O'] => San::Castle(CastlingSide::QueenSide),
        [p, f, r] => normal(piece_byte(p)?, None, None, false, square_bytes(f, r)?, None),
        [f, r, b'=', q] => {
            let to = square_bytes(f, r)?;
            normal(Role::Pawn, None, None, false, to, Some(promotion(q)?))
        }
        [p, b'x', f, r] => {
            let to = square_bytes(f, r)?;
            match file_byte(p) {
                Some(from) => normal(Role::Pawn, Some(from), None, true, to, None),
                None => normal(piece_byte(p)?, None, None, true, to, None),
            }
        }
        [p, d, f, r] => {
            let (role, to) = (piece_byte(p)?, square_bytes(f, r)?);
            match file_byte(d) {
                Some(file) => normal(role, Some(file), None, false, to, None),
                None => normal(role, None, Some(rank_byte(d)?), false, to, None),
            }
        }
        [p, d, b'x', f, r] => {
            let (role, to) = (piece_byte(p)?, square_bytes(f, r)?);
            match file_byte(d) {
                Some(file) => normal(role, Some(file), None, true, to, None),
                None => normal(role, None, Some(rank_byte(d)?), true, to, None),
            }
        }
        [p, d, e, f, r] => {
            let (role, to) = (piece_byte(p)?, square_bytes(f, r)?);
            normal(
                role,
                Some(file_byte(d)?),
                Some(rank_byte(e)?),
                false,
                to,
                None,
            )
        }
        [p, b'x', f, r, b'=', q] => {
            let to = square_bytes(f, r)?;
            let promotion = Some(promotion(q)?);
            normal(Role::Pawn, Some(file_byte(p)?), None, true, to, promotion)
        }
        _ => return None,
    };
    Some(SanPlus { san, suffix })
}

/// Both readings of a SAN text whose lowercase piece letter is also a file
/// letter (English `bxc3`: a pawn capture, or a bishop written in lower
/// case).
///
/// The standard reading comes `first`; `alternative` is the other one, if
/// the text has one. The position layer takes `first` unless only the
/// alternative is legal ([`SanReadings::to_move`] does exactly that).
///
/// ```
/// use forsyth::Role;
/// use forsyth::san::{San, SanPlus};
/// let r = SanPlus::readings(b"bxc3")?;
/// assert!(matches!(r.first.san, San::Normal { role: Role::Pawn, .. }));
/// assert!(matches!(r.alternative.map(|a| a.san), Some(San::Normal { role: Role::Bishop, .. })));
/// assert_eq!(SanPlus::readings(b"nf3")?.alternative, None);
/// # Ok::<_, forsyth::san::ParseSanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SanReadings {
    /// The standard reading.
    pub first: SanPlus,
    /// The other reading, if the text has one.
    pub alternative: Option<SanPlus>,
}

impl SanReadings {
    /// The legal move of `pos` the text describes: the first reading's,
    /// or, when that is illegal, the alternative's (`bxc3` is a pawn
    /// capture unless only a bishop can make it). The error is the first
    /// reading's, unless the alternative is ambiguous.
    ///
    /// ```
    /// use forsyth::{Position, Role, Setup};
    /// use forsyth::fen::Fen;
    /// use forsyth::san::SanPlus;
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/2p5/1P6/4KB2 w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert_eq!(SanPlus::readings(b"bxc3")?.to_move(&pos)?.role(), Role::Pawn);
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert_eq!(SanPlus::readings(b"bxc3")?.to_move(&pos)?.role(), Role::Bishop);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let first = self.first.san.to_move(pos);
        match (&first, self.alternative) {
            (Err(e), Some(alt)) if e.kind == SanErrorKind::IllegalSan => {
                match alt.san.to_move(pos) {
                    Ok(m) => Ok(m),
                    Err(e) if e.kind == SanErrorKind::AmbiguousSan => Err(e),
                    Err(_) => first,
                }
            }
            _ => first,
        }
    }
}

impl San {
    /// Reads SAN, ignoring a check or checkmate suffix and annotations (see [`San`]
    /// for what is accepted).
    ///
    /// ```
    /// use forsyth::{CastlingSide, Role, Square};
    /// use forsyth::san::San;
    /// assert_eq!(San::from_ascii(b"0-0-0")?, San::Castle(CastlingSide::QueenSide));
    /// assert_eq!(San::from_ascii(b"e8Q+!?")?, San::from_ascii(b"e8=Q")?);
    /// assert!(San::from_ascii(b"Ke9").is_err());
    /// assert_eq!(San::from_ascii(b"Pe4")?, San::from_ascii(b"e4")?);
    /// assert_eq!(San::from_ascii(b"exd6e.p.+")?, San::from_ascii(b"exd6+")?);
    /// assert!(San::from_ascii(b"exd5e.p.").is_err());
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<San, ParseSanError> {
        SanPlus::from_ascii(text).map(|s| s.san)
    }

    /// The SAN of a legal move of `pos`, without suffix.
    ///
    /// ```
    /// use forsyth::{Move, Position, Role, Setup, Square};
    /// use forsyth::fen::Fen;
    /// use forsyth::san::San;
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/6K1/R6R w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// let m = Move::Normal { role: Role::Rook, from: Square::A1, capture: None, to: Square::D1, promotion: None };
    /// assert_eq!(San::from_move(&pos, m).to_string(), "Rad1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        // Only a piece's move has rivals to tell apart: the other pieces
        // of its role with a legal move to its square, found without
        // listing every legal move.
        let rivals = match m {
            Move::Normal { role, from, to, .. } if role != Role::Pawn => {
                legal_origins(pos, role, to).without(from)
            }
            _ => Bitboard::EMPTY,
        };
        San::with_rivals(m, rivals)
    }

    /// [`San::from_move`] with the legal moves of `pos` already at hand.
    fn from_move_in(m: Move, legal: &[Move]) -> San {
        let rivals = legal
            .iter()
            .filter(|o| {
                matches!(o, Move::Normal { role, from, to, .. }
                    if *role == m.role() && *to == m.to() && *from != m.from())
            })
            .map(|o| o.from())
            .collect();
        San::with_rivals(m, rivals)
    }

    /// The SAN of `m` when `rivals` are the squares of the other pieces of
    /// its role with a legal move to its square (not looked at for
    /// castling and pawn moves, which have no rivals to tell apart).
    fn with_rivals(m: Move, rivals: Bitboard) -> San {
        match m {
            Move::Castle { .. } => San::Castle(m.castling_side().unwrap_or(CastlingSide::KingSide)),
            Move::EnPassant { from, to } => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role: Role::Pawn,
                file: capture.map(|_| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            },
            Move::Normal {
                role,
                from,
                capture,
                to,
                ..
            } => {
                let any = !rivals.is_empty();
                let same_file = rivals.intersects(Bitboard::from_file(from.file()));
                let same_rank = rivals.intersects(Bitboard::from_rank(from.rank()));
                let (file, rank) = match (any, same_file, same_rank) {
                    (false, _, _) => (None, None),
                    (true, false, _) => (Some(from.file()), None),
                    (true, true, false) => (None, Some(from.rank())),
                    (true, true, true) => (Some(from.file()), Some(from.rank())),
                };
                San::Normal {
                    role,
                    file,
                    rank,
                    capture: capture.is_some(),
                    to,
                    promotion: None,
                }
            }
        }
    }

    /// `true` if this SAN describes the legal move `m` (ignoring whether the
    /// description is unambiguous).
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// use forsyth::san::San;
    /// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
    /// assert!("Nf3".parse::<San>()?.matches(m));
    /// assert!("Ngf3".parse::<San>()?.matches(m));
    /// assert!(!"Nxf3".parse::<San>()?.matches(m));
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn matches(&self, m: Move) -> bool {
        match self.pattern() {
            Ok(pattern) => pattern.matches(m),
            Err(side) => m.castling_side() == Some(side),
        }
    }

    /// What the move generator's quick lookups take: the pattern of a
    /// piece's or pawn's move, or the wing of a castling.
    #[inline]
    pub(crate) fn pattern(&self) -> Result<MovePattern, CastlingSide> {
        match *self {
            San::Castle(side) => Err(side),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => Ok(MovePattern {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            }),
        }
    }

    /// The legal move of `pos` this SAN describes.
    ///
    /// ```
    /// use forsyth::{Move, Position, Setup, Square};
    /// use forsyth::san::San;
    /// let pos = Position::standard();
    /// let m = "Nc3".parse::<San>()?.to_move(&pos)?;
    /// assert_eq!((m.from(), m.to()), (Square::B1, Square::C3));
    /// let err = "Nd4".parse::<San>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move Nd4 for white");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    // Inline, like `from_ascii`: the quick lookup is then compiled into
    // the caller and its move stays in registers; the listing fallback
    // stays out of line (measured).
    #[inline]
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        // One legal move found among the pieces that reach the square, or
        // the one castling of the wing; anything else (no move, several) is
        // looked for among all the legal moves, which name the fault.
        let found = match self.pattern() {
            Ok(pattern) => resolve(pos, pattern),
            Err(side) => resolve_castle(pos, side),
        };
        match found {
            Some(m) => Ok(m),
            None => self.resolve_by_listing(pos),
        }
    }

    /// [`San::to_move`] by listing every legal move, kept out of line (its
    /// list is 4 KiB of stack) so that the quick lookup's path stays short.
    #[cold]
    #[inline(never)]
    fn resolve_by_listing(&self, pos: &Position) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        let mut fits = legal.iter().copied().filter(|&m| self.matches(m));
        let error = |kind, candidates| SanError {
            san: *self,
            turn: pos.turn(),
            kind,
            candidates,
        };
        match (fits.next(), fits.next()) {
            (Some(m), None) => Ok(m),
            (None, _) => Err(error(SanErrorKind::IllegalSan, Vec::new())),
            (Some(_), Some(_)) => {
                let candidates = legal
                    .iter()
                    .filter(|&&m| self.matches(m))
                    .map(|&m| San::from_move_in(m, &legal))
                    .collect();
                Err(error(SanErrorKind::AmbiguousSan, candidates))
            }
        }
    }
}

impl San {
    /// Writes this SAN with the letters of `letters`.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::notation::Letters;
    /// use forsyth::san::San;
    /// let russian = Letters::ENGLISH.with_pieces(
    ///     ["П", "К", "С", "Л", "Ф", "Кр"].map(Cow::Borrowed),
    ///     ["п", "к", "с", "л", "ф", "кр"].map(Cow::Borrowed),
    /// );
    /// let mut s = String::new();
    /// "Kxd7".parse::<San>()?.write_with(&russian, &mut s).unwrap();
    /// assert_eq!(s, "Крxd7");
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn write_with<W: fmt::Write>(&self, letters: &Letters, out: &mut W) -> fmt::Result {
        self.write_in(letters, out)
    }

    /// The SAN writer: every letter and marker comes from `letters`, so
    /// English (a byte at a time, into a [`Buf`] for `Display`) and every
    /// other table are written by the same code.
    #[inline(always)]
    pub(crate) fn write_in(&self, letters: &impl Alphabet, out: &mut impl Out) -> fmt::Result {
        match *self {
            San::Castle(side) => {
                let (king, queen) = letters.castles();
                out.put(match side {
                    CastlingSide::KingSide => king,
                    CastlingSide::QueenSide => queen,
                })
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    letters.write_role(role, out)?;
                }
                if let Some(file) = file {
                    letters.write_file(file, out)?;
                }
                if let Some(rank) = rank {
                    out.put_byte(rank.char() as u8)?;
                }
                if capture {
                    out.put(letters.capture())?;
                }
                letters.write_file(to.file(), out)?;
                out.put_byte(to.rank().char() as u8)?;
                if let Some(p) = promotion {
                    out.put_byte(b'=')?;
                    letters.write_role(p, out)?;
                }
                Ok(())
            }
        }
    }
}

/// `Display` in English letters and `FromStr` (`from_ascii`), the same
/// for [`San`] and [`SanPlus`]. `Display` puts the writer's text together
/// on the stack and hands it to the formatter at once: the longest, 9
/// bytes for a value that says everything (`Qa1xb2=Q+`), fits.
macro_rules! english_text {
    ($ty:ident) => {
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut buf = Buf::<16>::new();
                self.write_in(&English, &mut buf)?;
                f.write_str(buf.as_str()?)
            }
        }

        impl FromStr for $ty {
            type Err = ParseSanError;

            #[inline]
            fn from_str(s: &str) -> Result<$ty, ParseSanError> {
                $ty::from_ascii(s.as_bytes())
            }
        }
    };
}

english_text!(San);
english_text!(SanPlus);

impl SanPlus {
    /// Reads SAN with its suffix (see [`San`] for what is accepted).
    ///
    /// ```
    /// use forsyth::san::{SanPlus, Suffix};
    /// assert_eq!(SanPlus::from_ascii(b"Qxf7#")?.suffix, Some(Suffix::Checkmate));
    /// assert_eq!(SanPlus::from_ascii(b"O-O+?!")?.suffix, Some(Suffix::Check));
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    // Inline: the common shapes are then read in the caller and their
    // value stays in registers, where a call returns the whole `Result`
    // (24 bytes, for the error's text) through memory; the rest of the
    // grammar stays out of line (measured).
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        match read_common(text) {
            Some(plus) => Ok(plus),
            None => SanPlus::read_rare(text),
        }
    }

    /// The full English reader's first reading, kept out of line (and
    /// out of the hot code's way) so that the common shapes' path stays
    /// short.
    #[cold]
    #[inline(never)]
    fn read_rare(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        SanPlus::read(text, &English, false).map(|r| r.first)
    }

    /// The first reading of an English SAN text, without its suffix (the
    /// quick move lookup's reading).
    #[inline]
    pub(crate) fn first_reading(text: &[u8]) -> Option<San> {
        if let Some(plus) = read_common(text) {
            return Some(plus.san);
        }
        SanPlus::read_rare(text).ok().map(|r| r.san)
    }

    /// Reads SAN written with the letters of `letters` (see [`San`] for
    /// what is accepted; `0-0` and `0-0-0` read in every language).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::notation::Letters;
    /// use forsyth::san::SanPlus;
    /// let german = Letters::ENGLISH.with_pieces(
    ///     ["B", "S", "L", "T", "D", "K"].map(Cow::Borrowed),
    ///     ["b", "s", "l", "t", "d", "k"].map(Cow::Borrowed),
    /// );
    /// assert_eq!(SanPlus::from_str_with("Sf3+", &german)?, "Nf3+".parse()?);
    /// assert_eq!(SanPlus::from_str_with("e8D", &german)?, "e8=Q".parse()?);
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn from_str_with(text: &str, letters: &Letters) -> Result<SanPlus, ParseSanError> {
        SanPlus::read(text.as_bytes(), letters, false).map(|r| r.first)
    }

    /// Every reading of an English SAN text (see [`SanReadings`]).
    ///
    /// ```
    /// use forsyth::san::SanPlus;
    /// let r = SanPlus::readings(b"bc3")?;
    /// assert_eq!(r.first.to_string(), "bxc3");
    /// assert_eq!(r.alternative.map(|a| a.to_string()).as_deref(), Some("Bc3"));
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn readings(text: &[u8]) -> Result<SanReadings, ParseSanError> {
        SanPlus::read(text, &English, true)
    }

    /// Every reading of a SAN text written with the letters of `letters`.
    ///
    /// ```
    /// use forsyth::notation::Letters;
    /// use forsyth::san::SanPlus;
    /// let r = SanPlus::readings_with("qd1", &Letters::ENGLISH)?;
    /// assert_eq!((r.first.to_string(), r.alternative), ("Qd1".to_string(), None));
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn readings_with(text: &str, letters: &Letters) -> Result<SanReadings, ParseSanError> {
        SanPlus::read(text.as_bytes(), letters, true)
    }

    /// The SAN reader, behind every `from_*` and `readings*` function, for
    /// English (through its byte tables) and every other table alike.
    /// Without `alternative` the second reading is not looked for (left
    /// `None`).
    #[inline(always)]
    fn read(
        text: &[u8],
        letters: &impl Alphabet,
        alternative: bool,
    ) -> Result<SanReadings, ParseSanError> {
        match read_san::<Chess>(text, letters, alternative) {
            Some(read) => {
                let with = |san| SanPlus {
                    san,
                    suffix: read.suffix,
                };
                Ok(SanReadings {
                    first: with(read.first),
                    alternative: read.alternative.map(with),
                })
            }
            None => Err(ParseSanError::of(text)),
        }
    }

    /// The SAN of a legal move of `pos`, with `+` or `#` when the move
    /// checks or mates. (For a move that is not legal the text is written
    /// the same way, without suffix, and means nothing.)
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::fen::Fen;
    /// use forsyth::san::SanPlus;
    /// use forsyth::uci::UciMove;
    /// let fen = Fen::from_ascii(b"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// let m = "d8h4".parse::<UciMove>()?.to_move(&pos)?;
    /// assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Qh4#");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        if !pos.is_legal(m) {
            let san = San::from_move(pos, m);
            return SanPlus { san, suffix: None };
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        SanPlus::from_legal_move(pos, m, &after)
    }

    /// [`SanPlus::from_move`] of a legal move, given the position `after`
    /// it.
    pub(crate) fn from_legal_move(pos: &Position, m: Move, after: &Position) -> SanPlus {
        let san = San::from_move(pos, m);
        let suffix = if !after.is_check() {
            None
        } else if after.count_legal_moves() == 0 {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        };
        SanPlus { san, suffix }
    }
}

impl SanPlus {
    /// Writes this SAN and its suffix with the letters of `letters`.
    ///
    /// ```
    /// use forsyth::notation::Letters;
    /// use forsyth::san::SanPlus;
    /// let mut s = String::new();
    /// "Qxf7#".parse::<SanPlus>()?.write_with(&Letters::ENGLISH, &mut s).unwrap();
    /// assert_eq!(s, "Qxf7#");
    /// # Ok::<_, forsyth::san::ParseSanError>(())
    /// ```
    pub fn write_with<W: fmt::Write>(&self, letters: &Letters, out: &mut W) -> fmt::Result {
        self.write_in(letters, out)
    }

    /// [`San::write_in`] with the suffix.
    #[inline(always)]
    pub(crate) fn write_in(&self, letters: &impl Alphabet, out: &mut impl Out) -> fmt::Result {
        self.san.write_in(letters, out)?;
        let (check, mate) = letters.check_and_mate();
        match self.suffix {
            Some(Suffix::Check) => out.put(check),
            Some(Suffix::Checkmate) => out.put(mate),
            None => Ok(()),
        }
    }
}

impl Position {
    /// A legal move in SAN, with its check or checkmate suffix.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::standard();
    /// let mut sans: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    /// sans.sort();
    /// assert_eq!(sans[..4], ["Na3", "Nc3", "Nf3", "Nh3"]);
    /// ```
    pub fn san(&self, m: Move) -> String {
        SanPlus::from_move(self, m).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Suffix;
    use crate::rules::movegen::{random_square, random_walk};
    use proptest::prelude::*;

    /// What `SanPlus::from_move` was before its fast path, written from
    /// the full list of legal moves: the reference the fast path must
    /// match.
    fn san_plus_by_listing(pos: &Position, m: Move) -> SanPlus {
        let legal = pos.legal_moves();
        let san = San::from_move_in(m, &legal);
        if !legal.contains(&m) {
            return SanPlus { san, suffix: None };
        }
        let after = pos.play(m).expect("legal");
        let suffix = match (after.is_check(), after.legal_moves().is_empty()) {
            (false, _) => None,
            (true, true) => Some(Suffix::Checkmate),
            (true, false) => Some(Suffix::Check),
        };
        SanPlus { san, suffix }
    }

    /// The fast paths (a move's rivals and a SAN's move found among the
    /// pieces that reach the square) agree with the listing paths, along
    /// random games from random Chess960 starts (the standard one among
    /// them): every legal move written, random moves that are not legal
    /// written, and the texts read back, each also without its
    /// disambiguation, with its origin spelled out in full, with its
    /// capture mark flipped, and for another piece of another role (so
    /// illegal, ambiguous and unknown moves are read too), the errors
    /// included.
    #[test]
    fn fast_paths_agree_with_the_listing_paths() {
        let (mut written, mut read) = (0, 0);
        random_walk(0x2545_f491_4f6c_dd1d, 40, 100, |pos, legal, rng| {
            let mut moves: Vec<Move> = legal.iter().copied().collect();
            // Moves that are not legal: random pieces to random squares.
            for _ in 0..8 {
                let n = rng.next_u64();
                let to = random_square(n >> 16);
                moves.push(Move::Normal {
                    role: Role::ALL[(n % 6) as usize],
                    from: random_square(n >> 8),
                    capture: pos.board().role_at(to),
                    to,
                    promotion: None,
                });
            }
            for &m in &moves {
                assert_eq!(San::from_move(pos, m), San::from_move_in(m, legal), "{m:?}");
                let plus = SanPlus::from_move(pos, m);
                assert_eq!(plus, san_plus_by_listing(pos, m), "{m:?}");
                written += 1;
                let mut texts = vec![plus.san];
                if let San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                } = plus.san
                {
                    let other = Role::ALL[(rng.next_u64() % 6) as usize];
                    let normal = |role, file, rank, capture| San::Normal {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    };
                    let from = m.from();
                    texts.extend([
                        normal(role, None, None, capture),
                        normal(role, Some(from.file()), Some(from.rank()), capture),
                        normal(role, file, rank, !capture),
                        normal(other, file, rank, capture),
                    ]);
                }
                let mut general = String::new();
                plus.write_with(&Letters::ENGLISH, &mut general).unwrap();
                assert_eq!(plus.to_string(), general);
                for san in texts {
                    assert_eq!(san.to_move(pos), san.resolve_by_listing(pos), "{san}");
                    read += 1;
                }
            }
        });
        assert!(written > 100_000 && read > 300_000, "{written} {read}");
    }

    /// The plain form that PGN exports write, read by a reference written
    /// here from the standard's grammar, independently of the reader:
    /// `[NBRQK]? [a-h]? [1-8]? x? [a-h][1-8] (=?[NBRQ])? [+#]?`, where a
    /// pawn names its file exactly when it captures, and never its rank;
    /// or castling, `O-O` or `O-O-O` (zeros read too), with its suffix.
    /// `None` for any other text.
    fn plain_reference(text: &[u8]) -> Option<SanPlus> {
        let piece = |b: u8| match b {
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        };
        let file = |b: u8| {
            (b'a'..=b'h')
                .contains(&b)
                .then(|| File::ALL[usize::from(b - b'a')])
        };
        let rank = |b: u8| {
            (b'1'..=b'8')
                .contains(&b)
                .then(|| Rank::ALL[usize::from(b - b'1')])
        };
        let (role, mut body) = match text.split_first()? {
            (&b, rest) if piece(b).is_some() => (piece(b)?, rest),
            _ => (Role::Pawn, text),
        };
        let mut suffix = None;
        if let Some((&last, head)) = body.split_last() {
            suffix = match last {
                b'+' => Some(Suffix::Check),
                b'#' => Some(Suffix::Checkmate),
                _ => None,
            };
            if suffix.is_some() {
                body = head;
            }
        }
        let castle = match body {
            b"O-O" | b"0-0" => Some(CastlingSide::KingSide),
            b"O-O-O" | b"0-0-0" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let (Role::Pawn, Some(side)) = (role, castle) {
            let san = San::Castle(side);
            return Some(SanPlus { san, suffix });
        }
        let mut promotion = None;
        if let Some((&last, head)) = body.split_last() {
            if let (Role::Pawn, Some(p)) = (role, piece(last).filter(|p| *p != Role::King)) {
                promotion = Some(p);
                body = match head.split_last() {
                    Some((b'=', h)) => h,
                    _ => head,
                };
            }
        }
        let [head @ .., f, r] = body else {
            return None;
        };
        let to = Square::from_coords(file(*f)?, rank(*r)?);
        let (capture, head) = match head.split_last() {
            Some((b'x', h)) => (true, h),
            _ => (false, head),
        };
        let (from_file, from_rank) = match *head {
            [] => (None, None),
            [a, b] => (Some(file(a)?), Some(rank(b)?)),
            [a] => match (file(a), rank(a)) {
                (Some(f), _) => (Some(f), None),
                (None, Some(r)) => (None, Some(r)),
                _ => return None,
            },
            _ => return None,
        };
        if role == Role::Pawn && (from_rank.is_some() || capture != from_file.is_some()) {
            return None;
        }
        let san = San::Normal {
            role,
            file: from_file,
            rank: from_rank,
            capture,
            to,
            promotion,
        };
        Some(SanPlus { san, suffix })
    }

    /// What the one reader must give for `text`: English read through its
    /// byte tables and through `Letters::ENGLISH`'s strings alike (every
    /// reading and every error), the plain form as the reference reads it,
    /// and `from_ascii` the first reading.
    fn check_reading(text: &[u8]) {
        let shown = String::from_utf8_lossy(text);
        let by_bytes = SanPlus::read(text, &English, true);
        assert_eq!(
            by_bytes,
            SanPlus::read(text, &Letters::ENGLISH, true),
            "{shown}"
        );
        let first = by_bytes.as_ref().map(|r| r.first).map_err(Clone::clone);
        assert_eq!(SanPlus::from_ascii(text), first, "{shown}");
        if let Some(plain) = plain_reference(text) {
            assert_eq!(first, Ok(plain), "{shown}");
        }
    }

    /// What the one writer must give for `plus`: the same text through
    /// `Display` (English's bytes into a buffer) as with `Letters::ENGLISH`
    /// into a `String`, and a text the reader reads back to `plus` in every
    /// language when it says something (a pawn's move names no rank and
    /// its file only when it captures; only a pawn promotes, and not to a
    /// pawn or a king).
    fn check_writing(plus: SanPlus) {
        let mut by_table = String::new();
        plus.write_with(&Letters::ENGLISH, &mut by_table).unwrap();
        assert_eq!(plus.to_string(), by_table);
        assert_eq!(plus.san.to_string(), by_table.trim_end_matches(['+', '#']));
        let sensible = match plus.san {
            San::Castle(_) => true,
            San::Normal {
                role,
                file,
                rank,
                capture,
                promotion,
                ..
            } => match role {
                Role::Pawn => {
                    rank.is_none()
                        && capture == file.is_some()
                        && !matches!(promotion, Some(Role::Pawn | Role::King))
                }
                _ => promotion.is_none(),
            },
        };
        if sensible {
            for language in crate::notation::Language::ALL {
                let mut text = String::new();
                plus.write_with(language.letters(), &mut text).unwrap();
                assert_eq!(
                    SanPlus::from_str_with(&text, language.letters()),
                    Ok(plus),
                    "{language}: {text}"
                );
            }
        }
    }

    /// The reader and the writer on mutated SAN texts: seeds of every
    /// shape, bytes replaced, inserted or removed.
    #[test]
    fn english_by_bytes_agrees_with_english_by_table() {
        let alphabet = b"NBRQKPnbrqkpabcdefgh012345678x=+#-O!?/ e.:";
        let seeds = [
            "e4", "exd5", "Nbd7", "R1e2", "Qh4xe1", "exd8=Q+", "b1N#", "O-O", "O-O-O+", "Kxe2",
            "axb8Q", "Pe4", "exd6e.p.", "0-0", "Nf3!?", "bxc3", "bb7", "Nf3:", "ef4",
        ];
        let mut rng = crate::setup::chess960::SplitMix64::new(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = move || rng.next_u64();
        let mut plain = 0;
        for i in 0..60_000 {
            let mut text = seeds[i % seeds.len()].as_bytes().to_vec();
            for _ in 0..(next() % 3) {
                let at = (next() % 8) as usize;
                let b = alphabet[(next() % alphabet.len() as u64) as usize];
                match next() % 3 {
                    0 if at < text.len() => text[at] = b,
                    1 => text.insert(at.min(text.len()), b),
                    _ if at < text.len() => {
                        text.remove(at);
                    }
                    _ => {}
                }
            }
            check_reading(&text);
            plain += usize::from(plain_reference(&text).is_some());
            if let Ok(plus) = SanPlus::from_ascii(&text) {
                check_writing(plus);
            }
        }
        assert!(plain > 10_000, "only {plain} plain texts");
    }

    /// The reader of the common shapes answers only as the full reader
    /// does: every text of up to four bytes from the bytes SAN is made of
    /// (and the byte 0, which no SAN holds), and every common shape with
    /// each byte replaced by each of them.
    #[test]
    fn common_shapes_read_as_the_full_reader_reads_them() {
        let alphabet = b"NBKPbnx=+#O-0aeh148!.\0";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last = texts.clone();
        for _ in 0..4 {
            last = last
                .iter()
                .flat_map(|t| alphabet.iter().map(move |&b| [t.as_slice(), &[b]].concat()))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for seed in ["Qh4e1+", "N1xf3#", "exd8=Q", "exd8=N+", "O-O-O#", "Rbxd2"] {
            for at in 0..seed.len() {
                for &b in alphabet.iter().chain(b"QR23") {
                    let mut text = seed.as_bytes().to_vec();
                    text[at] = b;
                    texts.push(text);
                }
            }
        }
        let mut answered = 0;
        for text in &texts {
            if let Some(common) = read_common(text) {
                let full = SanPlus::read(text, &English, false).map(|r| r.first);
                assert_eq!(Ok(common), full, "{}", String::from_utf8_lossy(text));
                answered += 1;
            }
        }
        assert!(answered > 500, "only {answered} texts answered");
    }

    /// Every legal move's SAN+ text along random games from random
    /// Chess960 starts (the standard one among them) reads back to the
    /// value it was written from, by `from_ascii` and by the full reader
    /// alike; so does the text with an annotation glyph after it, which
    /// the common shapes' reader leaves to the full one. The common
    /// shapes' reader answers for nearly every move (not for a piece's
    /// capture named by its whole square, `Qh4xe1`).
    #[test]
    fn every_legal_san_reads_back_by_every_path() {
        let (mut moves, mut common) = (0, 0);
        random_walk(0x6a09_e667_f3bc_c908, 40, 120, |pos, legal, _| {
            for &m in legal.iter() {
                let plus = SanPlus::from_move(pos, m);
                let text = plus.to_string();
                let full = SanPlus::read(text.as_bytes(), &English, false).map(|r| r.first);
                assert_eq!(full, Ok(plus), "{text}");
                assert_eq!(SanPlus::from_ascii(text.as_bytes()), Ok(plus), "{text}");
                assert_eq!(text.parse::<San>(), Ok(plus.san), "{text}");
                if let Some(read) = read_common(text.as_bytes()) {
                    assert_eq!(read, plus, "{text}");
                    common += 1;
                }
                let glyph = format!("{text}!?");
                assert_eq!(read_common(glyph.as_bytes()), None, "{glyph}");
                assert_eq!(SanPlus::from_ascii(glyph.as_bytes()), Ok(plus), "{glyph}");
                moves += 1;
            }
        });
        assert!(
            moves > 50_000 && common * 1000 > moves * 999,
            "{common} of {moves}"
        );
    }

    /// Any role, file, rank, square and promotion, in any combination.
    fn arb_san_plus() -> impl Strategy<Value = SanPlus> {
        let normal = (
            0..6usize,
            proptest::option::of(0..8usize),
            proptest::option::of(0..8usize),
            any::<bool>(),
            0..64u32,
            proptest::option::of(0..6usize),
        )
            .prop_map(|(role, file, rank, capture, to, promotion)| San::Normal {
                role: Role::ALL[role],
                file: file.map(|f| File::ALL[f]),
                rank: rank.map(|r| Rank::ALL[r]),
                capture,
                to: Square::new_wrapping(to),
                promotion: promotion.map(|p| Role::ALL[p]),
            });
        let castle = prop_oneof![
            Just(San::Castle(CastlingSide::KingSide)),
            Just(San::Castle(CastlingSide::QueenSide)),
        ];
        let suffix = prop_oneof![
            Just(None),
            Just(Some(Suffix::Check)),
            Just(Some(Suffix::Checkmate)),
        ];
        (prop_oneof![normal, castle], suffix).prop_map(|(san, suffix)| SanPlus { san, suffix })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Any short text of SAN's bytes (and the other capture marks).
        #[test]
        fn reader_agrees_on_any_text(text in "[NBRQKPnbrqkpa-h0-9x=+#O!?. :×х-]{0,10}") {
            check_reading(text.as_bytes());
        }

        /// Any bytes, each either any byte at all or one of SAN's (so that
        /// many texts are near a move): the common shapes' reader answers
        /// only as the full reader does, and `from_ascii` gives the full
        /// reader's first reading or its error.
        #[test]
        fn common_shapes_agree_on_any_bytes(
            text in proptest::collection::vec(
                prop_oneof![any::<u8>(), prop::sample::select(b"NBRQKabcdefgh12345678x=+#O-".to_vec())],
                0..9,
            ),
        ) {
            let full = SanPlus::read(&text, &English, false).map(|r| r.first);
            if let Some(common) = read_common(&text) {
                prop_assert_eq!(Ok(common), full.clone());
            }
            prop_assert_eq!(SanPlus::from_ascii(&text), full);
        }

        /// Any SAN value written in English, with a few bytes replaced,
        /// inserted or removed.
        #[test]
        fn reader_agrees_on_written_san(
            plus in arb_san_plus(),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), 0..3u8, any::<prop::sample::Index>()), 0..3),
        ) {
            const BYTES: &[u8] = b"NBRQKPnbrqkpabcdefgh012345678x=+#-O!?. :";
            let mut text = plus.to_string().into_bytes();
            for (at, how, b) in edits {
                let at = at.index(text.len() + 1);
                let b = BYTES[b.index(BYTES.len())];
                match how {
                    0 if at < text.len() => text[at] = b,
                    1 => text.insert(at, b),
                    _ if at < text.len() => {
                        text.remove(at);
                    }
                    _ => {}
                }
            }
            check_reading(&text);
        }

        /// Any SAN value, sensible or not.
        #[test]
        fn writer_agrees_on_any_san(plus in arb_san_plus()) {
            check_writing(plus);
        }
    }
}
