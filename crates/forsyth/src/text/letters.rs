//! The letters of a notation's language ([`Letters`]), the one table the
//! placement field of FEN and SAN read and write through, and the English
//! fast path ([`English`], a byte table built from the same letters). The
//! rows of the other languages are the notations' layer's; the public
//! face is [`crate::notation`].

use std::borrow::Cow;

use core::fmt;

use crate::board::{Board, Color, File, Piece, Rank, Role, Square};

/// One letter (or word) of a table: borrowed for the built-in tables, owned
/// when read from data (serde).
pub type Letter = Cow<'static, str>;

/// The English letters as plain strings, as the types write them
/// ([`Piece::as_str`], [`File::as_str`]): the English row and the readers'
/// byte table are derived from these.
pub(crate) const ENGLISH_WHITE: [&str; 6] = english_pieces(Color::White);
pub(crate) const ENGLISH_BLACK: [&str; 6] = english_pieces(Color::Black);
pub(crate) const ENGLISH_FILES: [&str; 8] = {
    let mut files = [""; 8];
    let mut i = 0;
    while i < 8 {
        files[i] = File::ALL[i].as_str();
        i += 1;
    }
    files
};

/// The English letters of `color`'s pieces, pawn first.
const fn english_pieces(color: Color) -> [&'static str; 6] {
    let mut letters = [""; 6];
    let mut i = 0;
    while i < 6 {
        letters[i] = Role::ALL[i].of(color).as_str();
        i += 1;
    }
    letters
}
const ENGLISH_CASTLE_KING_SIDE: &str = "O-O";
const ENGLISH_CASTLE_QUEEN_SIDE: &str = "O-O-O";
const ENGLISH_CAPTURE: &str = "x";
const ENGLISH_CHECK: &str = "+";
const ENGLISH_CHECKMATE: &str = "#";

/// The letters of a notation's language.
///
/// - `white[role]` is the letter of a White piece in a placement and of a
///   piece of either colour in SAN (English `N`);
/// - `black[role]` is the letter of a Black piece in a placement (English
///   `n`); a SAN reader also accepts it for a piece where it cannot be read
///   as a file (`nf3`);
/// - `files[file]` are the file letters (English `a`-`h`);
/// - the castling words, the capture marker and the check and mate markers
///   of SAN.
///
/// Within each colour the piece letters must differ from each other; a
/// letter may be a prefix of another (Russian `К` knight, `Кр` king): the
/// readers always try the longest letter first.
///
/// ```
/// use std::borrow::Cow;
/// use forsyth::{Board, Role};
/// use forsyth::notation::Letters;
/// // German: König, Dame, Turm, Läufer, Springer, Bauer.
/// let german = Letters::ENGLISH
///     .with_pieces(["B", "S", "L", "T", "D", "K"].map(Cow::Borrowed), ["b", "s", "l", "t", "d", "k"].map(Cow::Borrowed));
/// assert_eq!(german.piece(Role::Queen.of(forsyth::Color::White)), "D");
/// let mut out = String::new();
/// Board::standard().write_placement_with(&german, &mut out)?;
/// assert_eq!(out, "tsldklst/bbbbbbbb/8/8/8/8/BBBBBBBB/TSLDKLST");
/// # Ok::<_, std::fmt::Error>(())
/// ```
///
/// The table may grow (letters read as aliases, such as German `B` for the
/// pawn or Cyrillic `а с е` typed for the files `a c e`): it is
/// `#[non_exhaustive]`, so build one from [`Letters::ENGLISH`] with
/// [`Letters::with_pieces`] and by setting its fields.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Letters {
    /// White's piece letters, pawn first (in [`Role`] order); SAN's piece
    /// letters.
    pub white: [Letter; 6],
    /// Black's piece letters, pawn first.
    pub black: [Letter; 6],
    /// The file letters, `a` first.
    pub files: [Letter; 8],
    /// King-side castling in SAN (`O-O`).
    pub castle_king_side: Letter,
    /// Queen-side castling in SAN (`O-O-O`).
    pub castle_queen_side: Letter,
    /// The capture marker of SAN (`x`).
    pub capture: Letter,
    /// The check marker of SAN (`+`).
    pub check: Letter,
    /// The checkmate marker of SAN (`#`).
    pub checkmate: Letter,
    /// Letters read as a piece besides `white` and `black`, never written
    /// (German `B` for Bauer, the pawn; Greek final `ς` for `σ`). Empty in
    /// English.
    #[cfg_attr(feature = "serde", serde(default))]
    pub piece_aliases: Cow<'static, [(Letter, Piece)]>,
    /// Letters read as a file besides `files`, never written (Cyrillic
    /// `а с е` typed for the files `a c e`). Empty in English.
    #[cfg_attr(feature = "serde", serde(default))]
    pub file_aliases: Cow<'static, [(Letter, File)]>,
}

/// `[Cow::Borrowed(A[0]), ...]` for the given indices (a `const` context
/// cannot overwrite a `Cow` in a loop).
macro_rules! borrowed {
    ($strs:expr; $($i:literal)*) => {
        [$(Cow::Borrowed($strs[$i])),*]
    };
}

/// The one byte of a single-byte ASCII letter, in a `const` context.
pub(crate) const fn ascii_byte(letter: &str) -> u8 {
    letter.as_bytes()[0]
}

/// The English table as a `static`, so the default functions borrow it
/// without building a temporary.
pub(crate) static ENGLISH: Letters = Letters::ENGLISH;

impl Letters {
    /// English: `P N B R Q K` (lower case for Black), files `a`-`h`, `O-O`,
    /// `O-O-O`, `x`, `+`, `#`.
    ///
    /// ```
    /// use forsyth::{Color, File, Role};
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.piece(Role::Knight.of(Color::Black)), "n");
    /// assert_eq!(Letters::ENGLISH.file(File::H), "h");
    /// ```
    pub const ENGLISH: Letters = Letters {
        white: borrowed!(ENGLISH_WHITE; 0 1 2 3 4 5),
        black: borrowed!(ENGLISH_BLACK; 0 1 2 3 4 5),
        files: borrowed!(ENGLISH_FILES; 0 1 2 3 4 5 6 7),
        castle_king_side: Cow::Borrowed(ENGLISH_CASTLE_KING_SIDE),
        castle_queen_side: Cow::Borrowed(ENGLISH_CASTLE_QUEEN_SIDE),
        capture: Cow::Borrowed(ENGLISH_CAPTURE),
        check: Cow::Borrowed(ENGLISH_CHECK),
        checkmate: Cow::Borrowed(ENGLISH_CHECKMATE),
        piece_aliases: Cow::Borrowed(&[]),
        file_aliases: Cow::Borrowed(&[]),
    };

    /// A table with these pieces (pawn first), files (`a` first) and
    /// aliases; castling `O-O`, `O-O-O`, capture `x`, `+`, `#` as in
    /// English (the rows of the language table).
    pub(crate) const fn row(
        white: [&'static str; 6],
        black: [&'static str; 6],
        files: [&'static str; 8],
        piece_aliases: &'static [(Letter, Piece)],
        file_aliases: &'static [(Letter, File)],
    ) -> Letters {
        Letters {
            white: borrowed!(white; 0 1 2 3 4 5),
            black: borrowed!(black; 0 1 2 3 4 5),
            files: borrowed!(files; 0 1 2 3 4 5 6 7),
            castle_king_side: Cow::Borrowed(ENGLISH_CASTLE_KING_SIDE),
            castle_queen_side: Cow::Borrowed(ENGLISH_CASTLE_QUEEN_SIDE),
            capture: Cow::Borrowed(ENGLISH_CAPTURE),
            check: Cow::Borrowed(ENGLISH_CHECK),
            checkmate: Cow::Borrowed(ENGLISH_CHECKMATE),
            piece_aliases: Cow::Borrowed(piece_aliases),
            file_aliases: Cow::Borrowed(file_aliases),
        }
    }

    /// This table with other piece letters (`white` and `black`, pawn
    /// first), everything else kept.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::{Color, Role};
    /// use forsyth::notation::Letters;
    /// let russian = Letters::ENGLISH.with_pieces(
    ///     ["П", "К", "С", "Л", "Ф", "Кр"].map(Cow::Borrowed),
    ///     ["п", "к", "с", "л", "ф", "кр"].map(Cow::Borrowed),
    /// );
    /// assert_eq!(russian.piece(Role::King.of(Color::White)), "Кр");
    /// ```
    pub fn with_pieces(&self, white: [Letter; 6], black: [Letter; 6]) -> Letters {
        Letters {
            white,
            black,
            ..self.clone()
        }
    }

    /// The letter of a piece in a placement (White's or Black's letter).
    ///
    /// ```
    /// use forsyth::{Color, Role};
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.piece(Role::Queen.of(Color::White)), "Q");
    /// ```
    pub fn piece(&self, piece: Piece) -> &str {
        let letters = match piece.color {
            Color::White => &self.white,
            Color::Black => &self.black,
        };
        &letters[piece.role.index()]
    }

    /// The letter of a role in SAN (White's letter).
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.role(Role::Bishop), "B");
    /// ```
    pub fn role(&self, role: Role) -> &str {
        &self.white[role.index()]
    }

    /// The letter of a file.
    ///
    /// ```
    /// use forsyth::File;
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.file(File::A), "a");
    /// ```
    pub fn file(&self, file: File) -> &str {
        &self.files[file.index()]
    }

    /// The piece whose letter starts `text`, and its length in bytes; the
    /// longest letter wins (Russian `Кр` before `К`).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::{Color, Role};
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.piece_prefix("nf3"), Some((Role::Knight.of(Color::Black), 1)));
    /// assert_eq!(Letters::ENGLISH.piece_prefix("3"), None);
    /// ```
    pub fn piece_prefix(&self, text: &str) -> Option<(Piece, usize)> {
        self.piece_prefix_bytes(text.as_bytes())
    }

    /// [`Letters::piece_prefix`] on bytes (the placement grammar's input).
    pub(crate) fn piece_prefix_bytes(&self, text: &[u8]) -> Option<(Piece, usize)> {
        longest(self.pieces(), |l| text.starts_with(l))
    }

    /// Every piece letter with its piece, White's first, then the aliases.
    fn pieces(&self) -> impl Iterator<Item = (&Letter, Piece)> {
        let white = Role::ALL.iter().zip(&self.white);
        let black = Role::ALL.iter().zip(&self.black);
        white
            .map(|(&r, l)| (l, r.of(Color::White)))
            .chain(black.map(|(&r, l)| (l, r.of(Color::Black))))
            .chain(self.piece_aliases.iter().map(|(l, p)| (l, *p)))
    }

    /// Every file letter with its file, then the aliases.
    fn file_letters(&self) -> impl Iterator<Item = (&Letter, File)> {
        self.files
            .iter()
            .zip(File::ALL)
            .chain(self.file_aliases.iter().map(|(l, f)| (l, *f)))
    }

    /// The file whose letter starts `text`, and its length in bytes (longest
    /// letter first).
    ///
    /// ```
    /// use forsyth::File;
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.file_prefix("bxc3"), Some((File::B, 1)));
    /// ```
    pub fn file_prefix(&self, text: &str) -> Option<(File, usize)> {
        self.file_prefix_bytes(text.as_bytes())
    }

    /// [`Letters::file_prefix`] on bytes.
    pub(crate) fn file_prefix_bytes(&self, text: &[u8]) -> Option<(File, usize)> {
        longest(self.file_letters(), |l| text.starts_with(l))
    }

    /// The file whose letter ends `text`, and its length in bytes (longest
    /// letter first).
    ///
    /// ```
    /// use forsyth::File;
    /// use forsyth::notation::Letters;
    /// assert_eq!(Letters::ENGLISH.file_suffix("Nbd"), Some((File::D, 1)));
    /// ```
    pub fn file_suffix(&self, text: &str) -> Option<(File, usize)> {
        self.file_suffix_bytes(text.as_bytes())
    }

    /// [`Letters::file_suffix`] on bytes.
    pub(crate) fn file_suffix_bytes(&self, text: &[u8]) -> Option<(File, usize)> {
        longest(self.file_letters(), |l| text.ends_with(l))
    }
}

/// The letters a reader finds and a writer writes: through any
/// [`Letters`] by longest match, or through [`English`]'s byte tables (the
/// fast path). Both give the same answers for English text; the markers
/// and castling words come from the table (for English, as constants the
/// compiler sees). SAN's one reader and one writer and FEN's placement
/// rule take an `Alphabet`, so a language is data to them.
pub(crate) trait Alphabet {
    /// The table.
    fn table(&self) -> &Letters;
    /// [`Letters::castle_king_side`] and [`Letters::castle_queen_side`].
    fn castles(&self) -> (&str, &str) {
        let t = self.table();
        (&t.castle_king_side, &t.castle_queen_side)
    }
    /// [`Letters::capture`].
    fn capture(&self) -> &str {
        &self.table().capture
    }
    /// [`Letters::check`] and [`Letters::checkmate`].
    fn check_and_mate(&self) -> (&str, &str) {
        let t = self.table();
        (&t.check, &t.checkmate)
    }
    /// The piece whose letter starts `text`, and the letter's length.
    fn piece_prefix(&self, text: &[u8]) -> Option<(Piece, usize)>;
    /// The piece whose letter ends `text`, and the letter's length.
    fn piece_suffix(&self, text: &[u8]) -> Option<(Piece, usize)>;
    /// The file whose letter starts `text`, and the letter's length.
    fn file_prefix(&self, text: &[u8]) -> Option<(File, usize)>;
    /// The file whose letter ends `text`, and the letter's length.
    fn file_suffix(&self, text: &[u8]) -> Option<(File, usize)>;
    /// Writes the letter of `role` in SAN ([`Letters::role`]).
    fn write_role(&self, role: Role, out: &mut impl Out) -> fmt::Result {
        out.put(self.table().role(role))
    }
    /// Writes the letter of `file` ([`Letters::file`]).
    fn write_file(&self, file: File, out: &mut impl Out) -> fmt::Result {
        out.put(self.table().file(file))
    }
}

/// Where a writer that takes an [`Alphabet`] puts its text: any
/// `fmt::Write`, or a [`Buf`] that the English fast path fills a byte at a
/// time and writes out at once.
pub(crate) trait Out {
    /// Appends `text`.
    fn put(&mut self, text: &str) -> fmt::Result;
    /// Appends one ASCII byte.
    fn put_byte(&mut self, byte: u8) -> fmt::Result;
}

impl<W: fmt::Write + ?Sized> Out for W {
    #[inline]
    fn put(&mut self, text: &str) -> fmt::Result {
        self.write_str(text)
    }

    #[inline]
    fn put_byte(&mut self, byte: u8) -> fmt::Result {
        self.write_char(char::from(byte))
    }
}

/// A short text put together on the stack (a SAN move and its suffix in
/// English letters), so that it reaches a formatter in one call. Text
/// longer than `N` bytes (a power of two) is an error, never cut short.
pub(crate) struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Buf<N> {
    pub(crate) const fn new() -> Buf<N> {
        assert!(N.is_power_of_two());
        Buf {
            bytes: [0; N],
            len: 0,
        }
    }

    /// The text put so far, or an error if it did not fit.
    pub(crate) fn as_str(&self) -> Result<&str, fmt::Error> {
        let bytes = self.bytes.get(..self.len).ok_or(fmt::Error)?;
        // Whole `str`s and ASCII bytes only are put, so this is UTF-8.
        core::str::from_utf8(bytes).map_err(|_| fmt::Error)
    }
}

impl<const N: usize> Out for Buf<N> {
    #[inline]
    fn put(&mut self, text: &str) -> fmt::Result {
        for &b in text.as_bytes() {
            self.put_byte(b)?;
        }
        Ok(())
    }

    #[inline]
    fn put_byte(&mut self, byte: u8) -> fmt::Result {
        // Writing at `len % N` needs no bounds check; a text that wraps
        // around is refused by `as_str`.
        self.bytes[self.len % N] = byte;
        self.len += 1;
        Ok(())
    }
}

impl Alphabet for Letters {
    fn table(&self) -> &Letters {
        self
    }

    fn piece_prefix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        self.piece_prefix_bytes(text)
    }

    fn piece_suffix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        longest(self.pieces(), |l| text.ends_with(l))
    }

    fn file_prefix(&self, text: &[u8]) -> Option<(File, usize)> {
        self.file_prefix_bytes(text)
    }

    fn file_suffix(&self, text: &[u8]) -> Option<(File, usize)> {
        self.file_suffix_bytes(text)
    }
}

/// [`Letters::ENGLISH`] read and written a byte at a time.
pub(crate) struct English;

/// The English piece of every byte, built from the English letters.
pub(crate) static ENGLISH_PIECE: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < Role::ALL.len() {
        let role = Role::ALL[i];
        table[ascii_byte(ENGLISH_WHITE[i]) as usize] = Some(role.of(Color::White));
        table[ascii_byte(ENGLISH_BLACK[i]) as usize] = Some(role.of(Color::Black));
        i += 1;
    }
    table
};

/// The English letter of each role in SAN (White's), as a byte.
static ENGLISH_ROLE_BYTE: [u8; Role::ALL.len()] = {
    let mut bytes = [0; Role::ALL.len()];
    let mut i = 0;
    while i < Role::ALL.len() {
        bytes[i] = ascii_byte(ENGLISH_WHITE[i]);
        i += 1;
    }
    bytes
};

/// The English letter of each file, as a byte.
static ENGLISH_FILE_BYTE: [u8; File::ALL.len()] = {
    let mut bytes = [0; File::ALL.len()];
    let mut i = 0;
    while i < File::ALL.len() {
        bytes[i] = ascii_byte(ENGLISH_FILES[i]);
        i += 1;
    }
    bytes
};

impl Alphabet for English {
    fn table(&self) -> &Letters {
        &ENGLISH
    }

    #[inline]
    fn castles(&self) -> (&str, &str) {
        (ENGLISH_CASTLE_KING_SIDE, ENGLISH_CASTLE_QUEEN_SIDE)
    }

    #[inline]
    fn capture(&self) -> &str {
        ENGLISH_CAPTURE
    }

    #[inline]
    fn check_and_mate(&self) -> (&str, &str) {
        (ENGLISH_CHECK, ENGLISH_CHECKMATE)
    }

    #[inline]
    fn piece_prefix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        ENGLISH_PIECE[usize::from(*text.first()?)].map(|p| (p, 1))
    }

    #[inline]
    fn piece_suffix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        ENGLISH_PIECE[usize::from(*text.last()?)].map(|p| (p, 1))
    }

    #[inline]
    fn file_prefix(&self, text: &[u8]) -> Option<(File, usize)> {
        File::from_char(char::from(*text.first()?)).map(|f| (f, 1))
    }

    #[inline]
    fn file_suffix(&self, text: &[u8]) -> Option<(File, usize)> {
        File::from_char(char::from(*text.last()?)).map(|f| (f, 1))
    }

    #[inline]
    fn write_role(&self, role: Role, out: &mut impl Out) -> fmt::Result {
        out.put_byte(ENGLISH_ROLE_BYTE[role.index()])
    }

    #[inline]
    fn write_file(&self, file: File, out: &mut impl Out) -> fmt::Result {
        out.put_byte(ENGLISH_FILE_BYTE[file.index()])
    }
}

/// The value of the longest non-empty letter that `fits`, with the letter's
/// length in bytes.
fn longest<'a, T>(
    candidates: impl Iterator<Item = (&'a Letter, T)>,
    fits: impl Fn(&[u8]) -> bool,
) -> Option<(T, usize)> {
    let mut best: Option<(T, usize)> = None;
    for (letter, value) in candidates {
        let n = letter.len();
        if n > 0 && fits(letter.as_bytes()) && best.as_ref().is_none_or(|&(_, m)| n > m) {
            best = Some((value, n));
        }
    }
    best
}

impl Default for Letters {
    fn default() -> Letters {
        Letters::ENGLISH
    }
}

impl Board {
    /// Writes the piece placement field with the piece letters of
    /// `letters` (rank 8 first, digits for empty squares, `/` between
    /// ranks).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::Board;
    /// use forsyth::notation::Letters;
    /// let russian = Letters::ENGLISH.with_pieces(
    ///     ["П", "К", "С", "Л", "Ф", "Кр"].map(Cow::Borrowed),
    ///     ["п", "к", "с", "л", "ф", "кр"].map(Cow::Borrowed),
    /// );
    /// let board: forsyth::fen::Fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let mut s = String::new();
    /// board.board.write_placement_with(&russian, &mut s)?;
    /// assert_eq!(s, "4кр3/8/8/8/8/8/8/4Кр2Л");
    /// # Ok::<_, std::fmt::Error>(())
    /// ```
    pub fn write_placement_with<W: fmt::Write>(
        &self,
        letters: &Letters,
        out: &mut W,
    ) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.write_char(char::from(b'0' + empty))?;
                            empty = 0;
                        }
                        out.write_str(letters.piece(piece))?;
                    }
                }
            }
            if empty > 0 {
                out.write_char(char::from(b'0' + empty))?;
            }
            if rank != Rank::First {
                out.write_char('/')?;
            }
        }
        Ok(())
    }
}
