//! Moves in every notation and language, given the position.
//!
//! A [`Notation`] reads one move text to a legal
//! [`Move`] and writes a legal move as text; [`Translator`]
//! carries a movetext (move numbers, comments, NAGs, variations, the
//! result) from one notation to another. `specs/notation.md` gives each
//! notation's grammar and writing rule, and the language table. SAN and
//! UCI, the notations of PGN and of engines, have their own modules
//! ([`san`](crate::san), [`uci`](crate::uci)).
//!
//! The algebraic notations name squares by file and rank; descriptive
//! notation (English, Spanish, French: [`Descriptive`]) is a kind of its
//! own, since it names files by the pieces that start on them and counts
//! ranks from the mover's side.
//!
//! A move in text whose notation is not known is read by
//! [`Position::parse_move`](crate::Position::parse_move) (UCI, long
//! algebraic or SAN; [`ParseMoveError`]). The problemist's statement of a
//! position, `(PLACEMENT) (w+b)`, is read by
//! [`Setup::from_statement`](crate::Setup::from_statement)
//! ([`ParseStatementError`]).
//!
//! # Letters
//!
//! The letters of a notation are one table that the placement field of FEN
//! and SAN read and write through. A language is one value of [`Letters`]:
//! the piece letters of each colour, the file letters, the castling words
//! and the capture, check and mate markers. Letters are strings, not bytes,
//! since a letter may be more than one byte (Greek `Ρ`, files `α`-`θ`) or
//! more than one character (Russian `Кр` for the king). English is
//! [`Letters::ENGLISH`], and the functions without a `_with` suffix
//! ([`Fen::from_ascii`](crate::fen::Fen::from_ascii),
//! [`Board::write_placement`](crate::Board::write_placement),
//! [`San::from_ascii`](crate::san::San::from_ascii), `Display`) use it
//! through byte-level fast paths built from this same table. Ranks are
//! always the digits `1`-`8`; empty squares in a placement are always
//! digits, ranks always separated by `/`.
//!
//! # In the library
//!
//! Layer 4, notations: a move read from text and written as text, given the
//! position: SAN (`san.rs`), UCI (`uci.rs`), LAN (`lan.rs`), descriptive
//! notation (`descriptive.rs`) and the letters of each language, with
//! which language a text is in ([`detect`], `language.rs`); any of them by
//! name ([`Notation`], in this file); a movetext translated from one
//! notation to another (`movetext.rs`); a move read from text in whatever
//! notation it is written (`parse_move.rs`); the problemist's statement of
//! a position (`statement.rs`).
//!
//! May use: layers 0 to 3 (`board`, `text`, `setup`, `rules`).

pub(crate) mod capablanca;
mod descriptive;
mod lan;
mod language;
mod movetext;
pub(crate) mod parse_move;
pub(crate) mod san;
mod statement;
pub(crate) mod uci;

use core::fmt;
use core::str::FromStr;

pub use crate::text::letters::{Letter, Letters};
use descriptive::Failure;
pub use descriptive::{CheckMarkers, Descriptive};
pub(crate) use lan::read_lan;
use lan::write_lan;
use language::FIGURINE;
pub use language::{detect, Language, Settle};
pub use movetext::{MovetextPosition, TranslateError, TranslateWarning, Translator};
use parse_move::explain_san;
pub use parse_move::{ParseMoveError, ParseMoveErrorKind};
pub(crate) use san::{San, SanError, SanErrorKind, SanPlus, Suffix};
pub(crate) use statement::{check_count, piece_count};
pub use statement::{ParseStatementError, ParseStatementErrorKind};
pub(crate) use uci::{CastlingMode, UciMove};

use crate::board::{Color, Move, Square};
use crate::rules::explain::{BoardSquare, IllegalMoveKind, IllegalMoveReason};
use crate::rules::Position;

/// A notation a move is read and written in, with its language where it
/// has one. Names (`Display`, `FromStr`): `san` (English), `san-de`,
/// `san-ru`, ... (`san-` and the language's ISO 639-1 code),
/// `descriptive-en`, `descriptive-es`, `descriptive-fr`, `figurine`, `lan`,
/// `uci`.
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::notation::{Language, Notation};
/// let pos = Position::standard();
/// let de: Notation = "san-de".parse()?;
/// assert_eq!(de, Notation::San(Language::German));
/// let m = de.read(&pos, "Sf3")?;
/// assert_eq!(Notation::Lan.write(&pos, m), "Ng1-f3");
/// assert_eq!(Notation::Figurine.write(&pos, m), "♘f3");
/// assert_eq!(Notation::Uci.write(&pos, m), "g1f3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Notation {
    /// Standard algebraic notation with a language's letters (English is
    /// the PGN standard's SAN).
    San(Language),
    /// Descriptive notation in a language: English `P-K4`, `N-KB3`,
    /// `QxP ch`; Spanish and French `P4R`, `C3AR`, `DxP+`.
    Descriptive(Descriptive),
    /// SAN with the Unicode figurines: the white figurines for both sides
    /// (`♘f3`, `e8=♕`); black figurines read too.
    Figurine,
    /// Long algebraic notation: `Ng1-f3`, `e7-e8=Q`, `Bf1xb5+`, `O-O`.
    Lan,
    /// UCI (`g1f3`, `e7e8q`; castling as king to its target in standard
    /// chess, king takes rook in Chess960).
    Uci,
}

impl Notation {
    /// Every notation: `san` and each language's, the descriptive ones,
    /// `figurine`, `lan`, `uci`.
    ///
    /// ```
    /// use forsyth::notation::Notation;
    /// let names: Vec<String> = Notation::all().map(|n| n.to_string()).collect();
    /// assert_eq!(names[..3], ["san", "san-de", "san-es"]);
    /// assert_eq!(names[names.len() - 3..], ["figurine", "lan", "uci"]);
    /// ```
    pub fn all() -> impl Iterator<Item = Notation> {
        Language::ALL
            .into_iter()
            .map(Notation::San)
            .chain(Descriptive::ALL.into_iter().map(Notation::Descriptive))
            .chain([Notation::Figurine, Notation::Lan, Notation::Uci])
    }

    /// The letters this notation writes pieces and files with (English for
    /// LAN and UCI; a descriptive notation's language's letters, which are
    /// its piece letters).
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::notation::Notation;
    /// assert_eq!(Notation::Figurine.letters().role(Role::Knight), "♘");
    /// ```
    pub fn letters(self) -> &'static Letters {
        match self {
            Notation::San(language) => language.letters(),
            Notation::Descriptive(d) => d.language().letters(),
            Notation::Figurine => &FIGURINE,
            Notation::Lan | Notation::Uci => Language::English.letters(),
        }
    }

    /// Reads one move (without move number) to the legal move of `pos`
    /// it names. Check and mate markers and trailing `!`/`?` are read and
    /// not checked, except that descriptive notation settles a text that
    /// names more than one legal move by them (`specs/notation.md` §6; a
    /// missing check marker rules out nothing here, see
    /// [`Notation::read_with`]; a false one is a warning of
    /// [`Notation::read_noting`]); SAN's leniencies ([`San`]) hold in
    /// every language. An illegal move says why where its text names one
    /// move ([`ReadMoveError::reason`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::Notation;
    /// let pos = Position::standard();
    /// let ru: forsyth::notation::Notation = "san-ru".parse()?;
    /// assert_eq!(ru.read(&pos, "Кf3")?, Notation::San(forsyth::notation::Language::English).read(&pos, "Nf3")?);
    /// let err = ru.read(&pos, "Кd4").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move 'Кd4' for white (san-ru): no knight can move to d4; legal moves to that square: d4");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, ReadMoveError> {
        self.read_with(pos, text, CheckMarkers::Optional)
    }

    /// [`Notation::read`], taking a missing check marker as `markers`
    /// says. Only a descriptive text can need it: one that names more than
    /// one legal move, settled by its markers (`specs/notation.md` §6).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{CheckMarkers, Notation};
    /// // After 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4, Black's bishop can take
    /// // the b4 pawn, or the f2 pawn with check.
    /// let pos = Position::standard()
    ///     .play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4"])?;
    /// let es: Notation = "descriptive-es".parse()?;
    /// assert!(es.read(&pos, "AxP").is_err());
    /// assert_eq!(es.read(&pos, "AxP+")?, pos.parse_move("Bxf2+")?);
    /// assert_eq!(es.read_with(&pos, "AxP", CheckMarkers::Always)?, pos.parse_move("Bxb4")?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_with(
        self,
        pos: &Position,
        text: &str,
        markers: CheckMarkers,
    ) -> Result<Move, ReadMoveError> {
        self.read_noting(pos, text, markers).map(|(m, _)| m)
    }

    /// [`Notation::read_with`], with what the text says falsely of the move
    /// it names without making it another move: in descriptive notation, a
    /// printed check marker that the move does not earn (`ch` on a move
    /// that gives no check, `mate` on one that does not mate).
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::notation::{CheckMarkers, Descriptive, Notation};
    /// use forsyth::san::Suffix;
    /// let pos = Position::standard();
    /// let en = Notation::Descriptive(Descriptive::English);
    /// let (m, warning) = en.read_noting(&pos, "N-KB3 ch", CheckMarkers::Optional)?;
    /// assert_eq!(m, pos.parse_move("Nf3")?);
    /// let warning = warning.expect("N-KB3 gives no check");
    /// assert_eq!((warning.marked, warning.earned), (Suffix::Check, None));
    /// assert_eq!(warning.kind().name(), "check_marker_contradicted");
    /// assert_eq!(warning.to_string(), "'N-KB3 ch' is marked check, but the move gives no check");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_noting(
        self,
        pos: &Position,
        text: &str,
        markers: CheckMarkers,
    ) -> Result<(Move, Option<ReadMoveWarning>), ReadMoveError> {
        let error = |kind, candidates: Vec<Move>, reason: Option<IllegalMoveReason>| {
            // An illegal castling's candidates are the legal castlings,
            // whatever squares the text named.
            let candidates = match reason {
                Some(r) if is_castling(&r) => fitting(pos, Move::is_castle),
                _ => candidates,
            };
            ReadMoveError {
                text: text.to_owned(),
                notation: self,
                turn: pos.turn(),
                kind,
                candidates: candidates.into_iter().map(|m| self.write(pos, m)).collect(),
                reason,
                if_checks_marked: None,
            }
        };
        let unreadable = || error(ReadMoveErrorKind::Unreadable, Vec::new(), None);
        let m = match self {
            Notation::San(_) | Notation::Figurine => {
                let readings = match self {
                    Notation::San(Language::English) => SanPlus::readings(text.as_bytes()),
                    _ => SanPlus::readings_with(text, self.letters()),
                }
                .map_err(|_| unreadable())?;
                readings.to_move(pos).map_err(|e| match e.kind {
                    SanErrorKind::AmbiguousSan => error(
                        ReadMoveErrorKind::Ambiguous,
                        e.candidates
                            .iter()
                            .filter_map(|c| c.to_move(pos).ok())
                            .collect(),
                        None,
                    ),
                    _ => error(
                        ReadMoveErrorKind::Illegal,
                        to_same_square(pos, &readings.first.san),
                        Some(explain_san(pos, &readings.first.san)),
                    ),
                })?
            }
            Notation::Descriptive(d) => match d.read(pos, text, markers) {
                Ok(read) => {
                    let warning = read.false_mark.map(|(marked, earned)| ReadMoveWarning {
                        text: text.to_owned(),
                        notation: self,
                        marked,
                        earned,
                    });
                    return Ok((read.m, warning));
                }
                Err(refusal) => {
                    let kind = match refusal.failure {
                        Failure::Unreadable => ReadMoveErrorKind::Unreadable,
                        Failure::Illegal => ReadMoveErrorKind::Illegal,
                        Failure::Ambiguous => ReadMoveErrorKind::Ambiguous,
                    };
                    let mut e = error(kind, refusal.moves, refusal.reason);
                    // Would the text name one move if it marked every check?
                    if kind == ReadMoveErrorKind::Ambiguous && markers == CheckMarkers::Optional {
                        if let Ok(read) = d.read(pos, text, CheckMarkers::Always) {
                            e.if_checks_marked = Some(self.write(pos, read.m));
                        }
                    }
                    return Err(e);
                }
            },
            Notation::Uci => {
                let body = text.trim_end_matches(['+', '#', '!', '?']);
                let uci = UciMove::from_ascii(body.as_bytes()).map_err(|_| unreadable())?;
                uci.to_move(pos).map_err(|e| {
                    let to = match uci {
                        UciMove::Normal { to, .. } => Some(to),
                        _ => None,
                    };
                    error(
                        ReadMoveErrorKind::Illegal,
                        fitting(pos, |m| Some(m.to()) == to),
                        Some(e.reason),
                    )
                })?
            }
            Notation::Lan => {
                let lan = read_lan(text.as_bytes()).ok_or_else(unreadable)?;
                fitting(pos, |m| lan.matches(m))
                    .first()
                    .copied()
                    .or_else(|| lan.king_castling(pos))
                    .ok_or_else(|| {
                        let to = lan.to;
                        error(
                            ReadMoveErrorKind::Illegal,
                            fitting(pos, |m| Some(m.to()) == to && !m.is_castle()),
                            lan.reason(pos),
                        )
                    })?
            }
        };
        Ok((m, None))
    }

    /// Writes the legal move `m` of `pos` in this notation, with `+` or
    /// `#` where the notation has them (all but UCI).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::{Language, Notation};
    /// let pos = Position::standard();
    /// let m = pos.parse_move("e4")?;
    /// let mut out = String::new();
    /// Notation::San(Language::Greek).write_to(&pos, m, &mut out).unwrap();
    /// assert_eq!(out, "ε4");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to<W: fmt::Write>(self, pos: &Position, m: Move, out: &mut W) -> fmt::Result {
        match self {
            Notation::San(_) | Notation::Figurine => {
                SanPlus::from_move(pos, m).write_with(self.letters(), out)
            }
            Notation::Uci => write!(
                out,
                "{}",
                UciMove::from_move(m, CastlingMode::from_variant(pos.variant()))
            ),
            Notation::Lan => write_lan(pos, m, out),
            Notation::Descriptive(d) => d.write_to(pos, m, out),
        }
    }

    /// [`Notation::write_to`] of a legal move, given the position `after`
    /// it (SAN's check and mate suffix is read from it).
    pub(crate) fn write_legal<W: fmt::Write>(
        self,
        pos: &Position,
        m: Move,
        after: &Position,
        out: &mut W,
    ) -> fmt::Result {
        match self {
            Notation::San(_) | Notation::Figurine => {
                SanPlus::from_legal_move(pos, m, after).write_with(self.letters(), out)
            }
            _ => self.write_to(pos, m, out),
        }
    }

    /// The length in bytes of the move text at the start of `text`: the
    /// first word (up to white space, `,`, `{`, `;`, `(` or `)`), or for
    /// descriptive notation the phrase, which may span words (`N-B6 ch`,
    /// `P x P`, `Castles KR`) and hold a qualifier or promotion in
    /// parentheses (`R(QR3)-Q3`, `P-R8(Q)`). What [`Translator`] and
    /// `forsyth play` read as one move.
    ///
    /// ```
    /// use forsyth::notation::{Descriptive, Language, Notation};
    /// let en = Notation::Descriptive(Descriptive::English);
    /// assert_eq!(en.move_len("N-B6 ch K-R1"), "N-B6 ch".len());
    /// assert_eq!(en.move_len("R(QR3)-Q3, P-K4"), "R(QR3)-Q3".len());
    /// assert_eq!(Notation::San(Language::English).move_len("Nf6+ Kh8"), 4);
    /// ```
    pub fn move_len(self, text: &str) -> usize {
        match self {
            Notation::Descriptive(d) => d.phrase_len(text),
            _ => text
                .find(|c: char| {
                    c.is_whitespace() || matches!(c, ',' | '(' | ')' | '{' | ';' | '\u{feff}')
                })
                .unwrap_or(text.len()),
        }
    }

    /// `true` if `text`, one phrase as [`Notation::move_len`] cuts it,
    /// ends a game: a result (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`), or in
    /// descriptive notation a game's end as printed (`Resigns`,
    /// `Black resigns.`, `Drawn`, `Las negras abandonan`, `Partie nulle`).
    ///
    /// ```
    /// use forsyth::notation::{Descriptive, Language, Notation};
    /// let en = Notation::Descriptive(Descriptive::English);
    /// let text = "Black resigns.";
    /// assert_eq!(en.move_len(text), text.len());
    /// assert!(en.is_game_end(text));
    /// assert!(en.is_game_end("1-0"));
    /// assert!(!en.is_game_end("P-K4"));
    /// assert!(!Notation::San(Language::English).is_game_end("Resigns"));
    /// ```
    pub fn is_game_end(self, text: &str) -> bool {
        is_result(text) || matches!(self, Notation::Descriptive(d) if d.is_ending(text))
    }

    /// [`Notation::move_len`] of `text`, and [`Notation::is_game_end`] of
    /// the phrase it measures, found together.
    pub(crate) fn phrase(self, text: &str) -> (usize, bool) {
        let (len, ending) = match self {
            Notation::Descriptive(d) => d.phrase(text),
            _ => (self.move_len(text), false),
        };
        (len, ending || is_result(&text[..len]))
    }

    /// [`Notation::write_to`] into a new string.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::Notation;
    /// let pos = Position::standard();
    /// let m = pos.parse_move("e4")?;
    /// assert_eq!(Notation::Lan.write(&pos, m), "e2-e4");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write(self, pos: &Position, m: Move) -> String {
        let mut out = String::new();
        // Writing to a `String` cannot fail.
        let _ = self.write_to(pos, m, &mut out);
        out
    }
}

/// `true` for the reasons a castling is refused for.
fn is_castling<S>(reason: &IllegalMoveReason<S>) -> bool {
    matches!(
        reason.kind(),
        IllegalMoveKind::CastlingWithoutRight
            | IllegalMoveKind::CastlingBlocked
            | IllegalMoveKind::CastlingOutOfCheck
            | IllegalMoveKind::CastlingThroughCheck
    )
}

/// The legal moves of `pos` that `fits`.
fn fitting(pos: &Position, fits: impl Fn(Move) -> bool) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| fits(m))
        .collect()
}

/// The legal moves to the square a SAN names (the candidates of an
/// illegal move).
fn to_same_square(pos: &Position, san: &San) -> Vec<Move> {
    match *san {
        San::Normal { to, .. } => fitting(pos, |m| m.to() == to && !m.is_castle()),
        San::Castle(_) => fitting(pos, Move::is_castle),
    }
}

/// The error of [`Notation::read`]: the text, the notation, what is wrong,
/// and the candidates (written in the notation): for an ambiguous move the
/// moves that fit, for an illegal one the legal moves to the same square.
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::fen::Fen;
/// use forsyth::notation::{Notation, ReadMoveErrorKind};
/// let pos = Position::from_fen(&Fen::from_ascii(b"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")?, None)?;
/// let err = Notation::Figurine.read(&pos, "♘d2").unwrap_err();
/// assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous);
/// assert_eq!(err.candidates, ["♘bd2", "♘fd2"]);
/// assert_eq!(err.to_string(), "ambiguous move '♘d2' for white (figurine): ♘bd2 or ♘fd2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// A 10x8 movetext's error names the 10x8 board's squares
/// (`ReadMoveError<forsyth::capablanca::Square>`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadMoveError<S = Square> {
    /// The text read.
    pub text: String,
    /// The notation it was read in.
    pub notation: Notation,
    /// The side to move.
    pub turn: Color,
    /// What is wrong.
    pub kind: ReadMoveErrorKind,
    /// The candidates, written in `notation`.
    pub candidates: Vec<String>,
    /// For an illegal move whose text names one castling or one piece's
    /// move (every algebraic text, a descriptive one naming one square),
    /// why that move is not legal, as [`Position::parse_move`] gives it.
    pub reason: Option<IllegalMoveReason<S>>,
    /// For an ambiguous descriptive move read with
    /// [`CheckMarkers::Optional`]: the one move it names when a missing
    /// check marker rules out the moves that check
    /// ([`CheckMarkers::Always`]), written in `notation`.
    pub if_checks_marked: Option<String>,
}

/// Why a move text was not read. The kind names (`name()`) are stable.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ReadMoveErrorKind {
    /// The text is no move of the notation's grammar.
    Unreadable,
    /// A move of the grammar, but no legal move fits.
    Illegal,
    /// More than one legal move fits.
    Ambiguous,
    /// In movetext ([`Translator`]): the move number says the other side
    /// moves (`12...` for Black, `12.` for White) than the position does.
    OutOfTurn,
}

impl ReadMoveErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::notation::ReadMoveErrorKind;
    /// assert_eq!(ReadMoveErrorKind::Unreadable.name(), "unreadable");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl<S> ReadMoveError<S> {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::notation::Notation;
    /// let pos = Position::standard();
    /// assert_eq!(Notation::Uci.read(&pos, "e4").unwrap_err().kind().name(), "unreadable");
    /// ```
    pub fn kind(&self) -> ReadMoveErrorKind {
        self.kind
    }
}

impl<S: BoardSquare> fmt::Display for ReadMoveError<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.turn.name();
        let (what, n) = (self.kind, self.candidates.len());
        let castling = self.reason.as_ref().is_some_and(is_castling);
        match what {
            ReadMoveErrorKind::Unreadable => {
                write!(f, "'{}' is not a {} move", self.text, self.notation)?
            }
            ReadMoveErrorKind::Illegal => {
                write!(
                    f,
                    "illegal move '{}' for {side} ({})",
                    self.text, self.notation
                )?;
                if let Some(reason) = &self.reason {
                    write!(f, ": {reason}")?;
                }
            }
            ReadMoveErrorKind::Ambiguous => write!(
                f,
                "ambiguous move '{}' for {side} ({})",
                self.text, self.notation
            )?,
            ReadMoveErrorKind::OutOfTurn => write!(
                f,
                "'{}' is numbered as {}'s move, but {side} is to move",
                self.text,
                (!self.turn).name()
            )?,
        }
        for (i, c) in self.candidates.iter().enumerate() {
            let sep = match (i, what) {
                (0, ReadMoveErrorKind::Ambiguous) => ": ",
                (0, _) if castling => "; legal castling: ",
                (0, _) => "; legal moves to that square: ",
                _ if i + 1 == n => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{c}")?;
        }
        if let Some(m) = &self.if_checks_marked {
            write!(f, "; {m} if the text marks every check")?;
        }
        Ok(())
    }
}

/// What a move text says falsely of the move it names, found by
/// [`Notation::read_noting`]: the move is read, and the text should be
/// looked at.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{CheckMarkers, Descriptive, Notation};
/// // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6: Qxf7 mates.
/// let pos = Position::standard()
///     .play_moves(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"])?;
/// let en = Notation::Descriptive(Descriptive::English);
/// let (_, warning) = en.read_noting(&pos, "QxBP ch", CheckMarkers::Optional)?;
/// assert_eq!(warning, None);
/// let (_, warning) = en.read_noting(&pos, "Q-K2 mate", CheckMarkers::Optional)?;
/// assert_eq!(warning.unwrap().to_string(), "'Q-K2 mate' is marked mate, but the move gives no check");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMoveWarning {
    /// The text read.
    pub text: String,
    /// The notation it was read in.
    pub notation: Notation,
    /// What the text's marker claims: check (plain, double or
    /// discovered) or mate.
    pub marked: Suffix,
    /// What the move gives: `None` for no check.
    pub earned: Option<Suffix>,
}

/// The classification of a [`ReadMoveWarning`]; names are stable.
///
/// ```
/// use forsyth::notation::ReadMoveWarningKind;
/// assert_eq!(ReadMoveWarningKind::CheckMarkerContradicted.name(), "check_marker_contradicted");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ReadMoveWarningKind {
    /// A printed check or mate marker that the move does not earn.
    CheckMarkerContradicted,
}

impl ReadMoveWarningKind {
    /// The stable kind name, snake case.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl ReadMoveWarning {
    /// The classification.
    pub fn kind(&self) -> ReadMoveWarningKind {
        ReadMoveWarningKind::CheckMarkerContradicted
    }
}

impl fmt::Display for ReadMoveWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marked = match self.marked {
            Suffix::Check => "check",
            Suffix::Checkmate => "mate",
        };
        let earned = match self.earned {
            None => "gives no check",
            Some(Suffix::Check) => "only gives check",
            Some(Suffix::Checkmate) => "mates",
        };
        write!(
            f,
            "'{}' is marked {marked}, but the move {earned}",
            self.text
        )
    }
}

impl<S: BoardSquare + fmt::Debug> std::error::Error for ReadMoveError<S> {}

/// The error of reading a notation's name.
///
/// ```
/// use forsyth::notation::Notation;
/// let err = "san-xx".parse::<Notation>().unwrap_err();
/// assert!(err.to_string().starts_with("'san-xx' is not a notation"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseNotationError {
    /// The name given.
    pub name: String,
}

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a notation (", self.name)?;
        for (i, n) in Notation::all().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{n}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for ParseNotationError {}

impl FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(name: &str) -> Result<Notation, ParseNotationError> {
        let lower = name.to_ascii_lowercase();
        let found = match lower.as_str() {
            "san" => Some(Notation::San(Language::English)),
            "figurine" => Some(Notation::Figurine),
            "lan" => Some(Notation::Lan),
            "uci" => Some(Notation::Uci),
            "descriptive" => Some(Notation::Descriptive(Descriptive::English)),
            _ => match lower.strip_prefix("descriptive-") {
                Some(code) => Descriptive::from_code(code).map(Notation::Descriptive),
                None => lower
                    .strip_prefix("san-")
                    .and_then(Language::from_code)
                    .map(Notation::San),
            },
        };
        found.ok_or_else(|| ParseNotationError {
            name: name.to_owned(),
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::San(Language::English) => f.write_str("san"),
            Notation::San(language) => write!(f, "san-{}", language.code()),
            Notation::Descriptive(d) => write!(f, "descriptive-{}", d.code()),
            Notation::Figurine => f.write_str("figurine"),
            Notation::Lan => f.write_str("lan"),
            Notation::Uci => f.write_str("uci"),
        }
    }
}

/// `true` for a game result.
pub(crate) fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}
