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

use core::fmt;

use crate::board::capablanca::{attacks, File, Move, Square};
use crate::board::{CastlingSide, Color, Rank, Role};
use crate::notation::{Language, Notation};
use crate::rules::capablanca::Position;
use crate::setup::capablanca::LossyCastlingError;
use crate::text::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use crate::text::letters::Letters;
use crate::uci::CastlingMode;

/// The figurines SAN writes (White's) and reads (both colours), `K` to `P`
/// order as in [`figurine_role`].
const FIGURINES: [(char, Role); 10] = [
    ('♔', Role::King),
    ('♕', Role::Queen),
    ('♖', Role::Rook),
    ('♗', Role::Bishop),
    ('♘', Role::Knight),
    ('♚', Role::King),
    ('♛', Role::Queen),
    ('♜', Role::Rook),
    ('♝', Role::Bishop),
    ('♞', Role::Knight),
];

/// The role of a figurine, White's or Black's.
fn figurine_role(ch: char) -> Option<Role> {
    FIGURINES.iter().find(|(c, _)| *c == ch).map(|&(_, r)| r)
}

/// The figurine SAN writes for a role (White's); `A` and `C` for the
/// compound pieces.
fn figurine(role: Role) -> String {
    match FIGURINES.iter().find(|(_, r)| *r == role) {
        Some((c, _)) => c.to_string(),
        None => role.upper_char().to_string(),
    }
}

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
        (None, r) => figurine(r),
    }
}

/// What a 10x8 move text got wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadMoveErrorKind {
    /// The text is no move of the notation.
    Syntax,
    /// A move of the notation, but no legal move of the position.
    Illegal,
    /// More than one legal move fits: the candidates, in SAN.
    Ambiguous(Vec<String>),
    /// The notation cannot read 10x8 moves.
    Unsupported(Unsupported),
}

impl ReadMoveErrorKind {
    /// The stable kind name: `syntax`, `illegal`, `ambiguous`,
    /// `unsupported`.
    pub fn name(&self) -> &'static str {
        match self {
            ReadMoveErrorKind::Syntax => "syntax",
            ReadMoveErrorKind::Illegal => "illegal",
            ReadMoveErrorKind::Ambiguous(_) => "ambiguous",
            ReadMoveErrorKind::Unsupported(_) => "unsupported",
        }
    }
}

/// A move text that names no legal move of a 10x8 position.
///
/// ```
/// use forsyth::capablanca::Position;
/// let err = Position::capablanca().read_move("Ad4", None).unwrap_err();
/// assert_eq!(err.kind.name(), "illegal");
/// assert_eq!(err.to_string(), "illegal move 'Ad4' for white");
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

impl fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ReadMoveErrorKind::Syntax => write!(f, "'{}' is not a move", self.text),
            ReadMoveErrorKind::Illegal => {
                write!(f, "illegal move '{}' for {}", self.text, self.turn.name())
            }
            ReadMoveErrorKind::Ambiguous(c) => write!(
                f,
                "ambiguous move '{}' for {}: {}",
                self.text,
                self.turn.name(),
                c.join(" or ")
            ),
            ReadMoveErrorKind::Unsupported(u) => write!(f, "'{}': {u}", self.text),
        }
    }
}

impl std::error::Error for ReadMoveError {}

/// A move read apart from the position: what SAN, LAN and UCI texts say.
#[derive(Debug, Default)]
struct Pattern {
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Option<Square>,
    promotion: Option<Role>,
    castle: Option<CastlingSide>,
}

fn rank_of(b: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&b)
        .then(|| Rank::ALL[usize::from(b - b'1')])
}

/// The text with figurines and a language's letters turned into English
/// ones (`A` and `C` are the same in every language that has them).
fn to_english(text: &str, letters: Option<&Letters>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        if let Some(role) = figurine_role(ch) {
            out.push(role.upper_char());
            rest = &rest[ch.len_utf8()..];
            continue;
        }
        if let Some(l) = letters {
            if let Some((piece, len)) = l.piece_prefix(rest) {
                if piece.color == Color::White && piece.role != Role::Pawn {
                    out.push(piece.role.upper_char());
                    rest = &rest[len..];
                    continue;
                }
            }
        }
        out.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    out
}

/// Reads SAN, LAN or figurine SAN (English letters by now) into a pattern.
fn san_pattern(text: &str) -> Option<Pattern> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    match t {
        "O-O" | "0-0" => {
            return Some(Pattern {
                castle: Some(CastlingSide::KingSide),
                ..Pattern::default()
            })
        }
        "O-O-O" | "0-0-0" => {
            return Some(Pattern {
                castle: Some(CastlingSide::QueenSide),
                ..Pattern::default()
            })
        }
        _ => {}
    }
    let mut b = t.as_bytes();
    if !b.is_ascii() {
        return None;
    }
    let mut p = Pattern::default();
    if let Some(&first) = b.first() {
        if first.is_ascii_uppercase() {
            let role = Role::from_char(char::from(first)).filter(|r| *r != Role::Pawn)?;
            p.role = Some(role);
            b = &b[1..];
        } else {
            p.role = Some(Role::Pawn);
        }
    }
    // Promotion: `=Q` or a bare `Q` at the end.
    if let Some(&last) = b.last() {
        if last.is_ascii_uppercase() {
            let role = Role::from_char(char::from(last))
                .filter(|r| !matches!(r, Role::Pawn | Role::King))?;
            p.promotion = Some(role);
            b = &b[..b.len() - 1];
            if b.last() == Some(&b'=') {
                b = &b[..b.len() - 1];
            }
        }
    }
    if b.len() < 2 {
        return None;
    }
    p.to = Some(Square::from_ascii(&b[b.len() - 2..])?);
    b = &b[..b.len() - 2];
    if matches!(b.last(), Some(b'x' | b'-' | b':')) {
        b = &b[..b.len() - 1];
    }
    match b {
        [] => {}
        [f] if File::from_char(char::from(*f)).is_some() => {
            p.from_file = File::from_char(char::from(*f));
        }
        [r] => p.from_rank = Some(rank_of(*r)?),
        [f, r] => {
            p.from_file = Some(File::from_char(char::from(*f))?);
            p.from_rank = Some(rank_of(*r)?);
        }
        _ => return None,
    }
    Some(p)
}

/// A UCI text: origin, destination, promotion letter.
fn uci_parts(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let b = text.as_bytes();
    if !(4..=5).contains(&b.len()) {
        return None;
    }
    let from = Square::from_ascii(&b[..2])?;
    let to = Square::from_ascii(&b[2..4])?;
    let promotion = match b.get(4) {
        None => None,
        Some(&c) => Some(
            Role::from_char(char::from(c))
                .filter(|r| c.is_ascii_lowercase() && !matches!(r, Role::Pawn | Role::King))?,
        ),
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
    /// (either castling convention), SAN, LAN and figurine SAN it is
    /// written (English letters). A SAN text may say more of the origin
    /// than it needs; check marks and `!`/`?` are ignored.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// let pos = Position::capablanca();
    /// assert_eq!(pos.read_move("Nh3", None)?, pos.read_move("i1h3", None)?);
    /// assert_eq!(pos.read_move("Ni1-h3", None)?, pos.read_move("♘h3", None)?);
    /// # Ok::<_, forsyth::capablanca::ReadMoveError>(())
    /// ```
    pub fn read_move(&self, text: &str, notation: Option<Notation>) -> Result<Move, ReadMoveError> {
        let error = |kind| ReadMoveError {
            text: text.to_owned(),
            turn: self.turn(),
            kind,
        };
        let trimmed = text.trim();
        let letters = match notation {
            Some(n) => san_letters(n).map_err(|u| error(ReadMoveErrorKind::Unsupported(u)))?,
            None => Some(&Letters::ENGLISH),
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
                return found.ok_or_else(|| error(ReadMoveErrorKind::Illegal));
            }
            if notation == Some(Notation::Uci) {
                return Err(error(ReadMoveErrorKind::Syntax));
            }
        }
        let english = to_english(trimmed, letters);
        let pattern = san_pattern(&english).ok_or_else(|| error(ReadMoveErrorKind::Syntax))?;
        let fits: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| match pattern.castle {
                Some(side) => m.castling_side() == Some(side),
                None => {
                    !m.is_castle()
                        && Some(m.role()) == pattern.role
                        && Some(m.to()) == pattern.to
                        && pattern.from_file.is_none_or(|f| m.from().file() == f)
                        && pattern.from_rank.is_none_or(|r| m.from().rank() == r)
                        && m.promotion() == pattern.promotion
                }
            })
            .collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(error(ReadMoveErrorKind::Illegal)),
            many => Err(error(ReadMoveErrorKind::Ambiguous(
                many.iter().map(|&m| self.san(m)).collect(),
            ))),
        }
    }
}
