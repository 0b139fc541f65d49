//! Moves of the 10x8 board as text: SAN in English and in the languages
//! that can name the two compound pieces, figurine SAN, LAN and UCI in
//! both castling conventions (`specs/notation.md`, section 7).
//!
//! Layer 4, beside the 8x8 notations. May use: layers 0 to 3.
//!
//! The archbishop is `A` and the chancellor `C` in every notation: no
//! language row of the table has a word of its own for them, and Unicode's
//! compound figurines are missing from the fonts printed scores use. A
//! language whose letters already use `A` or `C` (or whose files are not
//! the Latin `a`-`h`) cannot write a 10x8 move: [`letters_for`] says so.

mod movetext;

use core::fmt;

use crate::board::capablanca::{attacks, File, Move, Square};
use crate::board::{CastlingSide, Color, Piece, Rank, Role};
use crate::notation::language::FIGURINE;
use crate::notation::parse_move::{strip_ep_mark, strip_move_number};
use crate::notation::san::{
    castling_side, read_move, read_san, strip_suffixes, Normal, SanBoard, OTHER_CAPTURE_MARKS,
};
use crate::notation::{Language, Notation};
use crate::rules::capablanca::explain::{self, Described};
use crate::rules::capablanca::Position;
use crate::rules::explain::IllegalMoveReason;
use crate::setup::capablanca::LossyCastlingError;
use crate::text::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use crate::text::letters::{Alphabet, Letters};
use crate::uci::CastlingMode;

/// Why a notation cannot write or read 10x8 moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unsupported {
    /// Descriptive notation names files by the pieces of the 8x8 start.
    Descriptive,
    /// The language already uses the letter `A` or `C` for a piece of
    /// chess, so the compound pieces would read as that piece.
    LetterTaken {
        /// The language.
        language: Language,
        /// The letter taken.
        letter: char,
    },
    /// The language writes the files with letters other than the Latin
    /// `a`-`h`, and has none for the files `i` and `j`.
    Files {
        /// The language.
        language: Language,
    },
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsupported::Descriptive => {
                f.write_str("descriptive notation has no names for the files of the 10x8 board")
            }
            Unsupported::LetterTaken { language, letter } => write!(
                f,
                "{} already writes a piece of chess as '{letter}', the letter of a compound piece on 10x8",
                language.name()
            ),
            Unsupported::Files { language } => write!(
                f,
                "{} has no letters for the files i and j of the 10x8 board",
                language.name()
            ),
        }
    }
}

impl std::error::Error for Unsupported {}

/// The letters of `language` for 10x8 moves: its own for the six pieces
/// of chess, `A` and `C` for the compound pieces; or why it has none.
///
/// ```
/// use forsyth::capablanca::letters_for;
/// use forsyth::notation::Language;
/// use forsyth::Role;
/// assert_eq!(letters_for(Language::German).unwrap().role(Role::Knight), "S");
/// assert!(letters_for(Language::Spanish).is_err()); // A is the bishop (alfil)
/// ```
pub fn letters_for(language: Language) -> Result<&'static Letters, Unsupported> {
    let letters = language.letters();
    let latin = letters
        .files
        .iter()
        .zip('a'..='h')
        .all(|(l, c)| l.len() == 1 && l.starts_with(c));
    if !latin {
        return Err(Unsupported::Files { language });
    }
    for letter in ['A', 'C'] {
        let taken = letters
            .white
            .iter()
            .chain(letters.black.iter())
            .chain(letters.piece_aliases.iter().map(|(l, _)| l))
            .any(|l| l.eq_ignore_ascii_case(letter.encode_utf8(&mut [0; 4])));
        if taken {
            return Err(Unsupported::LetterTaken { language, letter });
        }
    }
    Ok(letters)
}

/// The letters a SAN-like notation writes its pieces with, or `None` for
/// figurines.
pub(crate) fn san_letters(notation: Notation) -> Result<Option<&'static Letters>, Unsupported> {
    match notation {
        Notation::San(language) => letters_for(language).map(Some),
        Notation::Figurine | Notation::Lan | Notation::Uci => Ok(None),
        _ => Err(Unsupported::Descriptive),
    }
}

/// A role's letter in SAN with `letters` (figurines without).
fn role_text(letters: Option<&Letters>, role: Role) -> String {
    match (letters, role) {
        (_, Role::Archbishop | Role::Chancellor) => role.upper_char().to_string(),
        (Some(l), r) => l.role(r).to_owned(),
        (None, r) => FIGURINE.role(r).to_owned(),
    }
}

/// What a 10x8 move text got wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadMoveErrorKind {
    /// The text is no move of the notation.
    Syntax,
    /// A move of the notation, but no legal move of the position: why,
    /// in the 8x8 board's words.
    Illegal(IllegalMoveReason<Square>),
    /// More than one legal move fits: the candidates, in SAN.
    Ambiguous(Vec<String>),
    /// The notation cannot read 10x8 moves.
    Unsupported(Unsupported),
    /// `e.p.` written after a move that is not an en-passant capture.
    NotEnPassant,
}

impl ReadMoveErrorKind {
    /// The stable kind name: `syntax`, `illegal`, `ambiguous`,
    /// `unsupported`, `not_en_passant`.
    pub fn name(&self) -> &'static str {
        match self {
            ReadMoveErrorKind::Syntax => "syntax",
            ReadMoveErrorKind::Illegal(_) => "illegal",
            ReadMoveErrorKind::Ambiguous(_) => "ambiguous",
            ReadMoveErrorKind::Unsupported(_) => "unsupported",
            ReadMoveErrorKind::NotEnPassant => "not_en_passant",
        }
    }
}

/// A move text that names no legal move of a 10x8 position.
///
/// ```
/// use forsyth::capablanca::Position;
/// let err = Position::capablanca().read_move("Ad4", None).unwrap_err();
/// assert_eq!(err.kind.name(), "illegal");
/// assert_eq!(err.to_string(), "illegal move 'Ad4' for white: no archbishop can move to d4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReadMoveError {
    /// The text as given.
    pub text: String,
    /// The side to move.
    pub turn: Color,
    /// What was wrong.
    pub kind: ReadMoveErrorKind,
}

impl ReadMoveError {
    /// The name a refusal is reported under: an illegal move's reason's
    /// kind when it has one (`unreachable`, `pinned`), as on 8x8; else
    /// the kind's name ([`ReadMoveErrorKind::name`]).
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// let pos = Position::capablanca();
    /// assert_eq!(pos.read_move("Ad4", None).unwrap_err().kind_name(), "unreachable");
    /// assert_eq!(pos.read_move("Zd4", None).unwrap_err().kind_name(), "syntax");
    /// ```
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            ReadMoveErrorKind::Illegal(reason) => reason.kind().name(),
            other => other.name(),
        }
    }
}

impl fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ReadMoveErrorKind::Syntax => write!(f, "'{}' is not a move", self.text),
            ReadMoveErrorKind::Illegal(reason) => write!(
                f,
                "illegal move '{}' for {}: {reason}",
                self.text,
                self.turn.name()
            ),
            ReadMoveErrorKind::Ambiguous(c) => write!(
                f,
                "ambiguous move '{}' for {}: {}",
                self.text,
                self.turn.name(),
                c.join(" or ")
            ),
            ReadMoveErrorKind::Unsupported(u) => write!(f, "'{}': {u}", self.text),
            ReadMoveErrorKind::NotEnPassant => write!(
                f,
                "'{}' is marked e.p., but it is not an en-passant capture",
                self.text
            ),
        }
    }
}

impl std::error::Error for ReadMoveError {}

/// A move read apart from the position: what a SAN or LAN text says.
#[derive(Copy, Clone, Debug)]
enum Pattern {
    Castle(CastlingSide),
    Normal {
        /// `None` in LAN without a piece letter: the piece on the origin.
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        /// Written with a capture mark: the move must capture.
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Pattern {
    /// `true` if the legal move `m` is one the text describes.
    fn matches(self, m: Move) -> bool {
        match self {
            Pattern::Castle(side) => m.castling_side() == Some(side),
            Pattern::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => {
                !m.is_castle()
                    && role.is_none_or(|r| r == m.role())
                    && m.to() == to
                    && m.promotion() == promotion
                    && (m.is_capture() || !capture)
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
            }
        }
    }
}

/// The 10x8 board for the SAN reader: files `a` to `j`.
struct Ten;

impl SanBoard for Ten {
    type File = File;
    type San = Pattern;

    fn file_prefix(letters: &impl Alphabet, text: &[u8]) -> Option<(File, usize)> {
        match letters.file_prefix(text) {
            Some((f, n)) => Some((File::new(f.index() as u32)?, n)),
            None => Some((ten_file(*text.first()?)?, 1)),
        }
    }

    fn file_suffix(letters: &impl Alphabet, text: &[u8]) -> Option<(File, usize)> {
        match letters.file_suffix(text) {
            Some((f, n)) => Some((File::new(f.index() as u32)?, n)),
            None => Some((ten_file(*text.last()?)?, 1)),
        }
    }

    fn castle(side: CastlingSide) -> Pattern {
        Pattern::Castle(side)
    }

    fn normal(read: Normal<File>) -> Pattern {
        Pattern::Normal {
            role: Some(read.role),
            from_file: read.file,
            from_rank: read.rank,
            capture: read.capture,
            to: Square::from_coords(read.to.0, read.to.1),
            promotion: read.promotion,
        }
    }
}

/// The files beyond the 8x8 board's, `i` and `j` in every language that
/// can write 10x8 moves ([`letters_for`]).
fn ten_file(b: u8) -> Option<File> {
    match b {
        b'i' => Some(File::I),
        b'j' => Some(File::J),
        _ => None,
    }
}

/// The letters a 10x8 text is read with: a table's letters for the six
/// pieces of chess, `A`/`a` and `C`/`c` for the compound pieces, and the
/// figurines of either colour.
struct TenLetters(&'static Letters);

/// The compound piece of a letter, `A` or `C` (lowercase: Black's).
fn compound(b: u8) -> Option<(Piece, usize)> {
    let role = match b.to_ascii_uppercase() {
        b'A' => Role::Archbishop,
        b'C' => Role::Chancellor,
        _ => return None,
    };
    let color = if b.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((role.of(color), 1))
}

impl Alphabet for TenLetters {
    fn table(&self) -> &Letters {
        self.0
    }

    fn piece_prefix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        self.0
            .piece_prefix_bytes(text)
            .or_else(|| compound(*text.first()?))
            .or_else(|| FIGURINE.piece_prefix_bytes(text))
    }

    fn piece_suffix(&self, text: &[u8]) -> Option<(Piece, usize)> {
        Alphabet::piece_suffix(self.0, text)
            .or_else(|| compound(*text.last()?))
            .or_else(|| Alphabet::piece_suffix(&FIGURINE, text))
    }

    fn file_prefix(&self, text: &[u8]) -> Option<(crate::board::File, usize)> {
        self.0.file_prefix_bytes(text)
    }

    fn file_suffix(&self, text: &[u8]) -> Option<(crate::board::File, usize)> {
        self.0.file_suffix_bytes(text)
    }
}

fn rank_of(b: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&b)
        .then(|| Rank::ALL[usize::from(b - b'1')])
}

/// Reads LAN (`Ni1-h3`, `Ac8xd6`, `a7-a8=C`, `O-O`; the piece letter
/// optional, `-` before a capture too) into a pattern, with SAN's check,
/// annotation and capture marks and promotion forms.
fn lan_pattern(text: &[u8], letters: &TenLetters) -> Option<Pattern> {
    let (body, _) = strip_suffixes(text, letters);
    if let Some(side) = castling_side(body, letters) {
        return Some(Pattern::Castle(side));
    }
    let (role, rest) = match letters.piece_prefix(body) {
        Some((p, n)) if p.color == Color::White => (Some(p.role), &body[n..]),
        _ => (None, body),
    };
    let (from_file, n) = Ten::file_prefix(letters, rest)?;
    let from_rank = rank_of(*rest.get(n)?)?;
    let rest = &rest[n + 1..];
    let (capture, dest) = match rest.strip_prefix(b"-") {
        Some(dest) => (false, dest),
        None => {
            let mark = [letters.capture().as_bytes(), b"X"]
                .into_iter()
                .chain(OTHER_CAPTURE_MARKS)
                .find(|m| rest.starts_with(m))?;
            (true, &rest[mark.len()..])
        }
    };
    // The destination and promotion, read as a pawn's (which may promote)
    // or as the piece's move with nothing before the square.
    match read_move::<Ten>(dest, role.unwrap_or(Role::Pawn), false, letters)? {
        Pattern::Normal {
            from_file: None,
            from_rank: None,
            capture: false,
            to,
            promotion,
            ..
        } => Some(Pattern::Normal {
            role,
            from_file: Some(from_file),
            from_rank: Some(from_rank),
            capture,
            to,
            promotion,
        }),
        _ => None,
    }
}

/// A UCI text: origin, destination, promotion letter (either case), with
/// any trailing check and annotation marks.
fn uci_parts(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let b = text.trim_end_matches(['+', '#', '!', '?']).as_bytes();
    if !(4..=5).contains(&b.len()) {
        return None;
    }
    let from = Square::from_ascii(&b[..2])?;
    let to = Square::from_ascii(&b[2..4])?;
    let promotion = match b.get(4) {
        None => None,
        Some(&c) => {
            Some(Role::from_char(char::from(c)).filter(|r| !matches!(r, Role::Pawn | Role::King))?)
        }
    };
    Some((from, to, promotion))
}

impl Position {
    /// The record in the castling encoding `notation` (Shredder letters in
    /// `order`), the en-passant square only when a capture there is legal.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// use forsyth::fen::{CastlingNotation, ShredderOrder};
    /// let pos = Position::capablanca();
    /// let m = pos.read_move("e4", None)?;
    /// let after = pos.play(m).unwrap();
    /// assert_eq!(after.to_fen(CastlingNotation::XFen, ShredderOrder::Files).unwrap(),
    ///     "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn to_fen(
        &self,
        notation: CastlingNotation,
        order: ShredderOrder,
    ) -> Result<String, LossyCastlingError> {
        let mut setup = self.setup().clone();
        setup.ep_square = self.legal_ep_square();
        setup.to_fen(notation, order)
    }

    /// The record written as `options` say: castling in its encoding and
    /// letter order, the en-passant square by its mode (as the 8x8
    /// [`Setup::ep_square_for`](crate::Setup::ep_square_for) reads them).
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// use forsyth::fen::{CastlingNotation, EnPassantMode, WriteOptions};
    /// let pos = Position::capablanca();
    /// let after = pos.play(pos.read_move("e4", None)?).unwrap();
    /// let options = WriteOptions {
    ///     en_passant: EnPassantMode::Always,
    ///     ..WriteOptions::new(CastlingNotation::XFen)
    /// };
    /// assert_eq!(after.to_fen_with(&options).unwrap(),
    ///     "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1");
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn to_fen_with(&self, options: &WriteOptions) -> Result<String, LossyCastlingError> {
        let mut setup = self.setup().clone();
        setup.ep_square = self.ep_square_for(options.en_passant);
        setup.to_fen(options.castling, options.shredder_order)
    }

    /// The en-passant square to write under `mode`: only when a capture
    /// there is legal, when a pawn of the side to move stands beside the
    /// pawn that passed it, or whenever the last move was a double step.
    pub fn ep_square_for(&self, mode: EnPassantMode) -> Option<Square> {
        let setup = self.setup();
        match mode {
            EnPassantMode::Legal => self.legal_ep_square(),
            EnPassantMode::Pseudo => setup.ep_square.filter(|&ep| {
                let turn = setup.turn;
                !(attacks::pawn(!turn, ep) & setup.board.by_piece(Role::Pawn.of(turn))).is_empty()
            }),
            EnPassantMode::Always => setup.ep_square,
        }
    }

    /// The move in UCI: origin and destination, a promotion's lower-case
    /// letter (`a` and `c` included); castling as the king's move to its
    /// destination (`f1i1`, [`CastlingMode::Standard`]) or as the king
    /// taking its rook (`f1j1`, [`CastlingMode::Chess960`]). A castling
    /// whose king would not move, or move one square only onto no rook,
    /// is always written king-takes-rook, so that it reads back as itself.
    ///
    /// ```
    /// use forsyth::capablanca::{Move, Position, Square};
    /// use forsyth::uci::CastlingMode;
    /// let pos = Position::capablanca();
    /// let castle = Move::Castle { king: Square::F1, rook: Square::J1 };
    /// assert_eq!(pos.uci(castle, CastlingMode::Standard), "f1i1");
    /// assert_eq!(pos.uci(castle, CastlingMode::Chess960), "f1j1");
    /// ```
    pub fn uci(&self, m: Move, mode: CastlingMode) -> String {
        match m {
            Move::Castle { king, rook } => {
                let to = m.to();
                let plain = mode == CastlingMode::Standard
                    && king != to
                    && king.file().index().abs_diff(to.file().index()) != 1;
                let dest = if plain { to } else { rook };
                format!("{king}{dest}")
            }
            _ => {
                let mut s = format!("{}{}", m.from(), m.to());
                if let Some(p) = m.promotion() {
                    s.push(p.char());
                }
                s
            }
        }
    }

    /// The move in SAN with English letters: `Ad4`, `Cxe5+`, `e8=A`,
    /// `O-O`; `#` for mate.
    ///
    /// ```
    /// use forsyth::capablanca::{Position, Square};
    /// let pos = Position::capablanca();
    /// let m = pos.read_move("c1d3", None)?;
    /// assert_eq!(pos.san(m), "Ad3");
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn san(&self, m: Move) -> String {
        self.san_with(m, Some(&Letters::ENGLISH), false)
    }

    /// SAN with `letters` (figurines with `None`); `long` writes LAN: the
    /// origin square always, `-` for a move to an empty square.
    fn san_with(&self, m: Move, letters: Option<&Letters>, long: bool) -> String {
        let mut s = String::new();
        match m {
            Move::Castle { .. } => {
                s.push_str(match m.castling_side() {
                    Some(CastlingSide::QueenSide) => "O-O-O",
                    _ => "O-O",
                });
            }
            _ => {
                let role = m.role();
                let (from, to) = (m.from(), m.to());
                if role != Role::Pawn {
                    s.push_str(&role_text(letters, role));
                }
                if long {
                    s.push_str(&from.to_string());
                    s.push(if m.is_capture() { 'x' } else { '-' });
                } else {
                    if role == Role::Pawn {
                        if m.is_capture() {
                            s.push(from.file().char());
                        }
                    } else {
                        let rivals: Vec<Square> = self
                            .legal_moves()
                            .iter()
                            .filter(|o| {
                                !o.is_castle()
                                    && o.role() == role
                                    && o.to() == to
                                    && o.from() != from
                            })
                            .map(|o| o.from())
                            .collect();
                        if !rivals.is_empty() {
                            if rivals.iter().all(|r| r.file() != from.file()) {
                                s.push(from.file().char());
                            } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                                s.push(from.rank().char());
                            } else {
                                s.push_str(&from.to_string());
                            }
                        }
                    }
                    if m.is_capture() {
                        s.push('x');
                    }
                }
                s.push_str(&to.to_string());
                if let Some(p) = m.promotion() {
                    s.push('=');
                    s.push_str(&role_text(letters, p));
                }
            }
        }
        let after = self.clone().played(m);
        if after.is_checkmate() {
            s.push('#');
        } else if after.is_check() {
            s.push('+');
        }
        s
    }

    /// The position after the legal move `m`.
    fn played(mut self, m: Move) -> Position {
        self.play_unchecked(m);
        self
    }

    /// The legal move `m` written in `notation`: SAN in a language that
    /// can name the compound pieces ([`letters_for`]), figurine SAN (the
    /// compound pieces as `A` and `C`), LAN or UCI (castling in `mode`).
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// use forsyth::notation::{Language, Notation};
    /// use forsyth::uci::CastlingMode;
    /// let pos = Position::gothic();
    /// let m = pos.read_move("Nh3", None)?;
    /// let text = |n| pos.write_move(m, n, CastlingMode::Standard).unwrap();
    /// assert_eq!(text(Notation::San(Language::German)), "Sh3");
    /// assert_eq!(text(Notation::Figurine), "♘h3");
    /// assert_eq!(text(Notation::Lan), "Ni1-h3");
    /// assert_eq!(text(Notation::Uci), "i1h3");
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn write_move(
        &self,
        m: Move,
        notation: Notation,
        mode: CastlingMode,
    ) -> Result<String, Unsupported> {
        Ok(match notation {
            Notation::Uci => self.uci(m, mode),
            Notation::Lan => self.san_with(m, Some(&Letters::ENGLISH), true),
            other => self.san_with(m, san_letters(other)?, false),
        })
    }

    /// Reads a move in `notation`, or with `None` in whichever of UCI
    /// (either castling convention), LAN, SAN and figurine SAN it is
    /// written (English letters), after a move number (`12.`, `12...`).
    /// SAN is read as on 8x8 ([`San`](crate::san::San)), in every
    /// language, with `A` and `C` for the compound pieces: a promotion
    /// with or without `=` in either case (`e8=A`, `e8a`), `0-0`, check,
    /// mate and annotation marks, which are not checked, the capture marks
    /// `:`, `×` and Cyrillic `х`, a capture without its mark and more of
    /// the origin than needed (`C1c5`), `P` for a pawn, a lowercase piece
    /// letter (`a`, `b` and `c` are files first: `cxd5` is a pawn's
    /// capture, else the chancellor's), and `e.p.` after an en-passant
    /// capture, attached or after a space. A capture mark on a move that
    /// captures nothing, or `e.p.` on a move that is no en-passant
    /// capture, is refused.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// let pos = Position::capablanca();
    /// assert_eq!(pos.read_move("Nh3", None)?, pos.read_move("i1h3", None)?);
    /// assert_eq!(pos.read_move("Ni1-h3", None)?, pos.read_move("♘h3", None)?);
    /// assert_eq!(pos.read_move("1. Ad3!?", None)?, pos.read_move("c1d3", None)?);
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn read_move(&self, text: &str, notation: Option<Notation>) -> Result<Move, ReadMoveError> {
        let error = |kind| ReadMoveError {
            text: text.to_owned(),
            turn: self.turn(),
            kind,
        };
        let letters = TenLetters(match notation {
            Some(Notation::San(language)) => {
                letters_for(language).map_err(|u| error(ReadMoveErrorKind::Unsupported(u)))?
            }
            Some(Notation::Figurine) => &FIGURINE,
            Some(Notation::Lan | Notation::Uci) | None => &Letters::ENGLISH,
            Some(Notation::Descriptive(_)) => {
                return Err(error(ReadMoveErrorKind::Unsupported(
                    Unsupported::Descriptive,
                )))
            }
        });
        let trimmed = match notation {
            None => strip_move_number(text.trim()),
            Some(_) => text.trim(),
        };
        let moves = self.legal_moves();
        if matches!(notation, None | Some(Notation::Uci)) {
            if let Some((from, to, promotion)) = uci_parts(trimmed) {
                let found = moves.iter().copied().find(|&m| match m {
                    Move::Castle { king, rook } => {
                        king == from && promotion.is_none() && (to == rook || to == m.to())
                    }
                    _ => m.from() == from && m.to() == to && m.promotion() == promotion,
                });
                return found.ok_or_else(|| {
                    let reason = explain::from_to(self, from, to, promotion);
                    error(ReadMoveErrorKind::Illegal(reason))
                });
            }
            if notation == Some(Notation::Uci) {
                return Err(error(ReadMoveErrorKind::Syntax));
            }
        }
        let (body, en_passant) = strip_ep_mark(trimmed);
        let fits =
            |p: Pattern| -> Vec<Move> { moves.iter().copied().filter(|&m| p.matches(m)).collect() };
        let lan = match notation {
            None | Some(Notation::Lan) => lan_pattern(body.as_bytes(), &letters),
            _ => None,
        };
        let (pattern, found) = match lan {
            Some(p) => (
                p,
                match (fits(p), p) {
                    // Castling written as the king's move, as UCI writes it.
                    (
                        found,
                        Pattern::Normal {
                            role: None | Some(Role::King),
                            from_file: Some(f),
                            from_rank: Some(r),
                            capture: false,
                            to,
                            promotion: None,
                        },
                    ) if found.is_empty() => {
                        let from = Square::from_coords(f, r);
                        moves
                            .iter()
                            .copied()
                            .filter(|&m| match m {
                                Move::Castle { king, rook } => {
                                    king == from && (to == rook || to == m.to())
                                }
                                _ => false,
                            })
                            .collect()
                    }
                    (found, _) => found,
                },
            ),
            None => {
                let read = read_san::<Ten>(body.as_bytes(), &letters, true)
                    .ok_or_else(|| error(ReadMoveErrorKind::Syntax))?;
                // `bxc3`, `axb3`, `cxd5`: the pawn's move, else the piece's.
                let first = fits(read.first);
                let found = match read.alternative.map(fits) {
                    Some(alternative) if first.is_empty() && !alternative.is_empty() => alternative,
                    _ => first,
                };
                (read.first, found)
            }
        };
        match found.as_slice() {
            [m] if en_passant && !m.is_en_passant() => Err(error(ReadMoveErrorKind::NotEnPassant)),
            [m] => Ok(*m),
            [] => Err(error(ReadMoveErrorKind::Illegal(
                self.refusal(pattern, lan.is_some()),
            ))),
            many => Err(error(ReadMoveErrorKind::Ambiguous(
                many.iter().map(|&m| self.san(m)).collect(),
            ))),
        }
    }
}

impl Position {
    /// Why no legal move fits `pattern`, which a SAN text names, or a LAN
    /// text (`lan`), which names the origin and is judged as UCI's move
    /// from it, then by what it says beyond the squares.
    fn refusal(&self, pattern: Pattern, lan: bool) -> IllegalMoveReason<Square> {
        let (role, from_file, from_rank, capture, to, promotion) = match pattern {
            Pattern::Castle(side) => return explain::castle(self, side),
            Pattern::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => (role, from_file, from_rank, capture, to, promotion),
        };
        if let (true, Some(file), Some(rank)) = (lan, from_file, from_rank) {
            let from = Square::from_coords(file, rank);
            let legal = self.legal_moves().iter().copied().find(|m| {
                !m.is_castle() && m.from() == from && m.to() == to && m.promotion() == promotion
            });
            return match legal {
                Some(m) if role.is_some_and(|r| r != m.role()) => {
                    IllegalMoveReason::NoPiece { square: from, role }
                }
                Some(_) if capture => IllegalMoveReason::NothingToCapture { to },
                _ => explain::from_to(self, from, to, promotion),
            };
        }
        explain::of_described(
            self,
            Described {
                role: role.unwrap_or(Role::Pawn),
                file: from_file,
                rank: from_rank,
                capture,
                to,
                promotion,
            },
        )
    }
}
