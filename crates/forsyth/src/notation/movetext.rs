//! Carrying a movetext from one notation to another.

use core::fmt;

use super::{CheckMarkers, Notation, ReadMoveError, ReadMoveErrorKind, ReadMoveWarning};
use crate::board::Color;
use crate::rules::explain::BoardSquare;
use crate::rules::Position;
use crate::text::fen::Fen;

/// Keeps the boards a [`Translator`] plays on to the two the crate
/// defines.
pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Position {}
}

/// What [`MovetextPosition::read_in`] gives: the move and what its text
/// says falsely of it, or the error on the board's squares.
pub(crate) type ReadIn<P> = Result<
    (<P as MovetextPosition>::Move, Option<ReadMoveWarning>),
    ReadMoveError<<P as MovetextPosition>::Square>,
>;

/// A position a [`Translator`] plays movetext on: the 8x8 [`Position`] or
/// the 10x8 [`capablanca::Position`](crate::capablanca::Position). Sealed:
/// the two boards are the only ones.
pub trait MovetextPosition: Clone + fmt::Debug + sealed::Sealed {
    /// A move of this board.
    type Move: Copy;
    /// A square of this board, as the reasons for refusing a move name it.
    type Square: BoardSquare + fmt::Debug + Eq;

    /// The fullmove number.
    fn fullmoves(&self) -> u32;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The legal move `text` names in `from`, and what its text says
    /// falsely of it.
    fn read_in(&self, from: Notation, text: &str, markers: CheckMarkers) -> ReadIn<Self>;
    /// Plays the legal move `m`.
    fn play_legal(&mut self, m: Self::Move);
    /// The legal move `m` of `self` (`after` the position it leads to)
    /// written in `to`, appended to `out`.
    fn write_in(&self, m: Self::Move, after: &Self, to: Notation, out: &mut String);
    /// The position a `[FEN "…"]` tag of a game of this board sets up.
    fn tag_start(&self, fen: &str) -> Option<Self>;
}

impl MovetextPosition for Position {
    type Move = crate::board::Move;
    type Square = crate::board::Square;

    #[inline]
    fn fullmoves(&self) -> u32 {
        self.setup().fullmoves
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn()
    }

    #[inline]
    fn read_in(
        &self,
        from: Notation,
        text: &str,
        markers: CheckMarkers,
    ) -> Result<(Self::Move, Option<ReadMoveWarning>), ReadMoveError> {
        from.read_noting(self, text, markers)
    }

    #[inline]
    fn play_legal(&mut self, m: Self::Move) {
        self.play_unchecked(m);
    }

    #[inline]
    fn write_in(&self, m: Self::Move, after: &Self, to: Notation, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = to.write_legal(self, m, after, out);
    }

    #[inline]
    fn tag_start(&self, fen: &str) -> Option<Self> {
        let fen = Fen::from_ascii(fen.as_bytes()).ok()?;
        Position::from_fen(&fen, None).ok()
    }
}

/// Translates movetext from one [`Notation`] to another, a piece of text
/// at a time (a line, a file), keeping everything that is not a move as it
/// is: white space (a byte order mark too), commas between moves (`1.P-K4,
/// P-K4`), move numbers (`12.`, `12...`, `12…`, `12`, attached or not),
/// `...`, comments (`{…}`, which may span pieces, and `;` to the end of the
/// line), NAGs (`$1`), annotation glyphs (`!`, `?!`, attached or not),
/// `e.p.`, variations in parentheses (a variation replaces the move before
/// it), PGN tag pairs (`[Event "…"]`; a `[FEN "…"]` tag sets the position
/// its game starts from) and the result (`1-0`, `0-1`, `1/2-1/2`, `*`),
/// after which the next game starts again from the start position. A move
/// number says whose move follows (`12.` or `12` White's, `12...` or `12.
/// ...` Black's): a move of the other side is an error
/// ([`ReadMoveErrorKind::OutOfTurn`]). A descriptive move may span words
/// (`N-B6 ch`, `P x P`, `castles KR`) and hold parentheses (`R(QR3)-Q3`,
/// `P-R8(Q)`); in descriptive movetext a `;` followed by a move number or
/// the end of the line separates moves (`1.P-K4, P-K4; 2.N-KB3, N-QB3;`),
/// as printed scores use it.
///
/// It plays on either board: [`Translator::new`] makes one for an 8x8
/// [`Position`], [`Translator::ten`] one for a 10x8
/// [`capablanca::Position`](crate::capablanca::Position) (SAN in the
/// languages that can name its pieces and files, figurine SAN, LAN, UCI).
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::notation::{Language, Notation, Translator};
/// let start = Position::standard();
/// let mut t = Translator::new(start, Notation::San(Language::English), Notation::San(Language::German));
/// let mut out = String::new();
/// t.translate("1.e4 e5 2.Nf3 {best} Nc6 (2...Qf6?! 3.Bc4) 3.Bb5 $1 *", &mut out)?;
/// assert_eq!(out, "1.e4 e5 2.Sf3 {best} Sc6 (2...Df6?! 3.Lc4) 3.Lb5 $1 *");
/// # Ok::<_, forsyth::notation::TranslateError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Translator<P: MovetextPosition = Position> {
    start: P,
    from: Notation,
    to: Notation,
    /// The position after the last move.
    current: P,
    /// The position before the last move (where a variation starts).
    before: P,
    /// The positions to return to at each `)`.
    stack: Vec<(P, P)>,
    in_comment: bool,
    plies: u64,
    markers: CheckMarkers,
    /// The position a `[FEN "…"]` tag set for the current game, and
    /// whether a move was read since.
    game_start: Option<(P, bool)>,
    /// The side the last move number named, until a move is read.
    numbered: Option<Color>,
    /// What the moves read since the last [`Translator::take_warnings`]
    /// say falsely.
    warnings: Vec<TranslateWarning>,
}

/// The error of [`Translator::translate`]: a move that the source notation
/// does not read as one legal move.
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::notation::{Language, Notation, Translator};
/// let start = Position::standard();
/// let mut t = Translator::new(start, Notation::San(Language::English), Notation::Uci);
/// let err = t.translate("1.e4 e5 2.Ke3", &mut String::new()).unwrap_err();
/// assert_eq!((err.move_number, err.offset, err.error.text.as_str()), (2, 10, "Ke3"));
/// assert_eq!(err.to_string(), "col 11: move 2.: illegal move 'Ke3' for white (san): no king can move to e3");
/// # Ok::<_, forsyth::notation::TranslateError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TranslateError<S = crate::board::Square> {
    /// The byte offset of the move in the text given.
    pub offset: usize,
    /// The move number (the fullmove number of the position).
    pub move_number: u32,
    /// `true` if it was Black's move (written `12...`).
    pub black: bool,
    /// Why the move was not read, with its text and candidates.
    pub error: ReadMoveError<S>,
}

impl<S: BoardSquare> fmt::Display for TranslateError<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.black { "..." } else { "." };
        write!(
            f,
            "col {}: move {}{dots}: {}",
            self.offset + 1,
            self.move_number,
            self.error
        )
    }
}

impl<S: BoardSquare + fmt::Debug> std::error::Error for TranslateError<S> {}

/// A move that [`Translator::translate`] read and translated, whose text
/// says something false of it (see [`Notation::read_noting`]), placed as
/// [`TranslateError`] places a move.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Descriptive, Language, Notation, Translator};
/// let start = Position::standard();
/// let en = Notation::Descriptive(Descriptive::English);
/// let mut t = Translator::new(start, en, Notation::San(Language::English));
/// let mut out = String::new();
/// t.translate("1.P-K4 P-K4 2.N-KB3 ch", &mut out)?;
/// assert_eq!(out, "1.e4 e5 2.Nf3");
/// let warnings = t.take_warnings();
/// assert_eq!(warnings[0].to_string(), "col 15: move 2.: 'N-KB3 ch' is marked check, but the move gives no check");
/// assert!(t.take_warnings().is_empty());
/// # Ok::<_, forsyth::notation::TranslateError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslateWarning {
    /// The byte offset of the move in the text given.
    pub offset: usize,
    /// The move number (the fullmove number of the position).
    pub move_number: u32,
    /// `true` if it was Black's move.
    pub black: bool,
    /// What the text says falsely.
    pub warning: ReadMoveWarning,
}

impl fmt::Display for TranslateWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.black { "..." } else { "." };
        write!(
            f,
            "col {}: move {}{dots}: {}",
            self.offset + 1,
            self.move_number,
            self.warning
        )
    }
}

/// The length of a leading move number (`12.`, `12...`, `12…`, or a word
/// of digits alone) and the side it names (Black's after `...` or `…`).
fn move_number(word: &str) -> (usize, Color) {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return (0, Color::White);
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return (digits, Color::White);
    }
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    let side = if rest[..dots].contains('…') || rest[..dots].starts_with("..") {
        Color::Black
    } else {
        Color::White
    };
    if dots == 0 {
        (0, Color::White)
    } else {
        (digits + dots, side)
    }
}

/// The value of a PGN tag pair `[Name "value"]` named `name` (ASCII case
/// ignored) at the start of `text`, up to its `]`.
fn tag_value<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let inner = tag.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    key.eq_ignore_ascii_case(name).then_some(value)
}

impl Translator {
    /// A translator from `from` to `to`, starting at `start`.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{Notation, Translator};
    /// let start = Position::standard();
    /// let t = Translator::new(start.clone(), Notation::Uci, Notation::Lan);
    /// assert_eq!(t.position(), &start);
    /// ```
    pub fn new(start: Position, from: Notation, to: Notation) -> Translator {
        Translator::on(start, from, to)
    }
}

impl<P: MovetextPosition> Translator<P> {
    pub(crate) fn on(start: P, from: Notation, to: Notation) -> Translator<P> {
        Translator {
            current: start.clone(),
            before: start.clone(),
            start,
            from,
            to,
            stack: Vec::new(),
            in_comment: false,
            plies: 0,
            markers: CheckMarkers::Optional,
            game_start: None,
            numbered: None,
            warnings: Vec::new(),
        }
    }

    /// This translator, reading a missing check marker as `markers` says
    /// (by default [`CheckMarkers::Optional`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{CheckMarkers, Descriptive, Language, Notation, Translator};
    /// let start = Position::standard();
    /// let es = Notation::Descriptive(Descriptive::Spanish);
    /// let san = Notation::San(Language::English);
    /// let text = "1.P4R P4R 2.C3AR C3AD 3.A4A A4A 4.P4CD AxP";
    /// assert!(Translator::new(start.clone(), es, san).translate(text, &mut String::new()).is_err());
    /// let mut out = String::new();
    /// Translator::new(start, es, san)
    ///     .with_check_markers(CheckMarkers::Always)
    ///     .translate(text, &mut out)?;
    /// assert_eq!(out, "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4");
    /// # Ok::<_, forsyth::notation::TranslateError>(())
    /// ```
    pub fn with_check_markers(mut self, markers: CheckMarkers) -> Translator<P> {
        self.markers = markers;
        self
    }

    /// The position after the last move read (in the current variation).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{Notation, Translator};
    /// let start = Position::standard();
    /// let mut t = Translator::new(start.clone(), Notation::Uci, Notation::Lan);
    /// t.translate("e2e4", &mut String::new())?;
    /// assert_eq!(t.position(), &start.play(start.parse_move("e4").unwrap()).unwrap());
    /// # Ok::<_, forsyth::notation::TranslateError>(())
    /// ```
    pub fn position(&self) -> &P {
        &self.current
    }

    /// How many moves were translated so far (in every game and variation).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{Notation, Translator};
    /// let start = Position::standard();
    /// let mut t = Translator::new(start, Notation::Uci, Notation::Lan);
    /// t.translate("e2e4 e7e5 1-0 d2d4", &mut String::new())?;
    /// assert_eq!(t.plies(), 3);
    /// # Ok::<_, forsyth::notation::TranslateError>(())
    /// ```
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// The warnings of the moves translated since the last call, in the
    /// order of the text.
    pub fn take_warnings(&mut self) -> Vec<TranslateWarning> {
        core::mem::take(&mut self.warnings)
    }

    /// Back to the start position, outside any variation or comment (a
    /// new game).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{Notation, Translator};
    /// let start = Position::standard();
    /// let mut t = Translator::new(start.clone(), Notation::Uci, Notation::Lan);
    /// t.translate("e2e4 {open", &mut String::new())?;
    /// t.reset();
    /// assert_eq!(t.position(), &start);
    /// # Ok::<_, forsyth::notation::TranslateError>(())
    /// ```
    pub fn reset(&mut self) {
        // A `[FEN]` tag holds until its game has had a move.
        if self.game_start.as_ref().is_some_and(|(_, moved)| *moved) {
            self.game_start = None;
        }
        let start = self.game_start.as_ref().map_or(&self.start, |(p, _)| p);
        self.current = start.clone();
        self.before = start.clone();
        self.stack.clear();
        self.in_comment = false;
        self.numbered = None;
    }

    /// Translates `text`, appending to `out`. On an error, what was
    /// appended so far stays in `out` and the translator stays at the
    /// position before the move that failed.
    pub fn translate(
        &mut self,
        text: &str,
        out: &mut String,
    ) -> Result<(), TranslateError<P::Square>> {
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            if self.in_comment {
                let end = rest.find('}').map_or(rest.len(), |e| e + 1);
                self.in_comment = !rest[..end].ends_with('}');
                out.push_str(&rest[..end]);
                i += end;
                continue;
            }
            let Some(c) = rest.chars().next() else { break };
            match c {
                _ if c.is_whitespace() || c == ',' || c == '\u{feff}' => {
                    out.push(c);
                    i += c.len_utf8();
                }
                // A `;` between descriptive moves, as printed.
                ';' if matches!(self.from, Notation::Descriptive(_))
                    && rest[1..]
                        .trim_start_matches([' ', '\t', '\r'])
                        .chars()
                        .next()
                        .is_none_or(|c| c.is_ascii_digit() || c == '\n') =>
                {
                    out.push(';');
                    i += 1;
                }
                '[' if self.stack.is_empty()
                    && rest.find(']').is_some_and(|e| !rest[..e].contains('\n')) =>
                {
                    let end = rest.find(']').map_or(rest.len(), |e| e + 1);
                    let tag = &rest[..end];
                    if let Some(fen) = tag_value(tag, "FEN") {
                        if let Some(pos) = self.start.tag_start(fen) {
                            self.game_start = Some((pos.clone(), false));
                            self.current = pos.clone();
                            self.before = pos;
                        }
                    }
                    out.push_str(tag);
                    i += end;
                }
                '{' => {
                    self.in_comment = true;
                    out.push('{');
                    i += 1;
                }
                ';' => {
                    let end = rest.find('\n').unwrap_or(rest.len());
                    out.push_str(&rest[..end]);
                    i += end;
                }
                '(' => {
                    self.stack.push((self.current.clone(), self.before.clone()));
                    self.current = self.before.clone();
                    out.push('(');
                    i += 1;
                }
                ')' => {
                    if let Some((current, before)) = self.stack.pop() {
                        self.current = current;
                        self.before = before;
                    }
                    out.push(')');
                    i += 1;
                }
                _ => {
                    // A descriptive move may span words (`N-B6 ch`, `P x
                    // P`) and hold parentheses (`R(6)`, `P-R8(Q)`).
                    let (mut len, mut ends) = self.from.phrase(rest);
                    if len < c.len_utf8() {
                        len = c.len_utf8();
                        ends = self.from.is_game_end(&rest[..len]);
                    }
                    self.word(&rest[..len], ends, i, out)?;
                    i += len;
                }
            }
        }
        Ok(())
    }

    /// One word: a result, a NAG, glyphs, dots, a move number, a move.
    /// `ends`: the word is a game's end ([`Notation::is_game_end`]).
    fn word(
        &mut self,
        word: &str,
        ends: bool,
        offset: usize,
        out: &mut String,
    ) -> Result<(), TranslateError<P::Square>> {
        if ends {
            out.push_str(word);
            if let Some((_, moved)) = &mut self.game_start {
                *moved = true;
            }
            self.reset();
            return Ok(());
        }
        let (number, side) = move_number(word);
        if number > 0 {
            self.numbered = Some(side);
        }
        out.push_str(&word[..number]);
        let word = &word[number..];
        let offset = offset + number;
        if matches!(word, "..." | "…") {
            self.numbered = Some(Color::Black);
        }
        let passive = word.is_empty()
            || word.starts_with('$')
            || word.bytes().all(|b| matches!(b, b'!' | b'?' | b'.'))
            || word == "…"
            || word.eq_ignore_ascii_case("e.p.");
        if passive {
            out.push_str(word);
            return Ok(());
        }
        let glyphs = word.len() - word.trim_end_matches(['!', '?']).len();
        let (body, glyphs) = word.split_at(word.len() - glyphs);
        // The game has begun: a `[FEN]` tag no longer holds after it.
        if let Some((_, moved)) = &mut self.game_start {
            *moved = true;
        }
        let pos = &self.current;
        let fail = |error| TranslateError {
            offset,
            move_number: pos.fullmoves(),
            black: pos.side_to_move() == Color::Black,
            error,
        };
        if self.numbered.is_some_and(|side| side != pos.side_to_move()) {
            return Err(fail(ReadMoveError {
                text: body.to_owned(),
                notation: self.from,
                turn: pos.side_to_move(),
                kind: ReadMoveErrorKind::OutOfTurn,
                candidates: Vec::new(),
                reason: None,
                if_checks_marked: None,
            }));
        }
        let (m, warning) = pos.read_in(self.from, body, self.markers).map_err(fail)?;
        if let Some(warning) = warning {
            self.warnings.push(TranslateWarning {
                offset,
                move_number: pos.fullmoves(),
                black: pos.side_to_move() == Color::Black,
                warning,
            });
        }
        self.before.clone_from(&self.current);
        self.current.play_legal(m);
        self.before.write_in(m, &self.current, self.to, out);
        if let Notation::Descriptive(_) = self.from {
            // Glyphs before a descriptive move's markers (`N-B6! ch`) go
            // after the move written.
            out.extend(body.chars().filter(|c| matches!(c, '!' | '?')));
        }
        out.push_str(glyphs);
        self.plies += 1;
        self.numbered = None;
        Ok(())
    }
}
