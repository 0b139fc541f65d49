//! Reading a move from text: UCI, long algebraic or SAN, with the
//! leniencies of [`Position::parse_move`] (see `specs/moves.md`), the
//! nearest legal moves when nothing reads, and the fast path for plain
//! SAN that the PGN replay takes.

use core::fmt;

use crate::board::{Color, Move, Square};
use crate::notation::read_lan;
use crate::notation::san::read_plain;
use crate::notation::{San, SanError, SanErrorKind, SanPlus, UciMove};
use crate::rules::explain;
use crate::rules::explain::{IllegalMoveKind, IllegalMoveReason};
use crate::rules::movegen::{resolve_inline, MovePattern};
use crate::rules::Position;

/// The error of reading a move ([`Position::parse_move`],
/// [`Game::play_text`](crate::game::Game::play_text)): the text is not a move, or
/// not a legal one, or not only one.
///
/// ```
/// use forsyth::{IllegalMoveKind, Position, Setup};
/// use forsyth::notation::ParseMoveErrorKind;
/// let pos = Position::standard();
/// let err = pos.parse_move("Ke2").unwrap_err();
/// assert_eq!(err.kind(), ParseMoveErrorKind::Illegal(IllegalMoveKind::Unreachable));
/// assert_eq!(err.kind().name(), "unreachable");
/// assert_eq!(err.to_string(), "illegal move Ke2 for white: no king can move to e2");
/// assert_eq!(pos.parse_move("e2e5").unwrap_err().kind().name(), "unreachable");
/// assert_eq!(pos.parse_move("hello").unwrap_err().to_string(), "'hello' is neither a uci nor a san move");
/// assert_eq!(
///     pos.parse_move("Nf33").unwrap_err().to_string(),
///     "'Nf33' is neither a uci nor a san move; did you mean Nf3?"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is no move in any notation read.
    InvalidMove {
        /// The text.
        text: String,
        /// The nearest legal moves (see [`Position::parse_move`]); may be
        /// empty.
        suggestions: Vec<San>,
    },
    /// A move, but not a legal one.
    Illegal {
        /// The move as written.
        text: String,
        /// The side to move.
        turn: Color,
        /// Why it is not legal.
        reason: IllegalMoveReason,
    },
    /// SAN that more than one legal move fits (the error lists them).
    Ambiguous(SanError),
    /// `e.p.` written after a move that is not an en-passant capture.
    NotEnPassant {
        /// The move as written.
        text: String,
    },
    /// In a list of moves ([`Game::play_moves`](crate::game::Game::play_moves)), a word after the result
    /// (`1-0`), which ends the moves.
    AfterResult {
        /// The word.
        text: String,
        /// The result before it.
        result: String,
    },
}

/// The classification of a [`ParseMoveError`].
///
/// ```
/// use forsyth::IllegalMoveKind;
/// use forsyth::notation::ParseMoveErrorKind;
/// assert_eq!(ParseMoveErrorKind::InvalidMove.name(), "invalid_move");
/// assert_eq!(ParseMoveErrorKind::Illegal(IllegalMoveKind::Pinned).name(), "pinned");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseMoveErrorKind {
    /// `invalid_move`: no notation reads the text.
    InvalidMove,
    /// `ambiguous_san`: more than one legal move fits.
    AmbiguousSan,
    /// `not_en_passant`: `e.p.` after a move that is not en passant.
    NotEnPassant,
    /// `after_result`: a word after the result that ends a list of moves.
    AfterResult,
    /// Not legal, for the reason of this kind (named by it).
    Illegal(IllegalMoveKind),
}

impl ParseMoveErrorKind {
    /// The stable kind name, snake case (an illegal move's is its reason's).
    ///
    /// ```
    /// use forsyth::notation::ParseMoveErrorKind;
    /// assert_eq!(ParseMoveErrorKind::AmbiguousSan.name(), "ambiguous_san");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseMoveErrorKind::InvalidMove => "invalid_move",
            ParseMoveErrorKind::AmbiguousSan => "ambiguous_san",
            ParseMoveErrorKind::NotEnPassant => "not_en_passant",
            ParseMoveErrorKind::AfterResult => "after_result",
            ParseMoveErrorKind::Illegal(kind) => kind.name(),
        }
    }
}

impl ParseMoveError {
    /// The classification.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, Position, Setup};
    /// use forsyth::notation::ParseMoveErrorKind;
    /// let pos = Position::standard();
    /// assert_eq!(pos.parse_move("0000").unwrap_err().kind(), ParseMoveErrorKind::Illegal(IllegalMoveKind::NullMove));
    /// ```
    pub fn kind(&self) -> ParseMoveErrorKind {
        match self {
            ParseMoveError::InvalidMove { .. } => ParseMoveErrorKind::InvalidMove,
            ParseMoveError::Illegal { reason, .. } => ParseMoveErrorKind::Illegal(reason.kind()),
            ParseMoveError::Ambiguous(_) => ParseMoveErrorKind::AmbiguousSan,
            ParseMoveError::NotEnPassant { .. } => ParseMoveErrorKind::NotEnPassant,
            ParseMoveError::AfterResult { .. } => ParseMoveErrorKind::AfterResult,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::InvalidMove { text, suggestions } => {
                write!(f, "'{text}' is neither a uci nor a san move")?;
                for (i, s) in suggestions.iter().enumerate() {
                    let sep = match i {
                        0 => "; did you mean ",
                        _ if i + 1 == suggestions.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{s}")?;
                }
                if !suggestions.is_empty() {
                    f.write_str("?")?;
                }
                Ok(())
            }
            ParseMoveError::Illegal { text, turn, reason } => {
                write!(f, "illegal move {text} for {}: {reason}", turn.name())
            }
            ParseMoveError::Ambiguous(e) => write!(f, "{e}"),
            ParseMoveError::NotEnPassant { text } => {
                write!(
                    f,
                    "'{text}' is marked e.p., but it is not an en-passant capture"
                )
            }
            ParseMoveError::AfterResult { text, result } => {
                write!(
                    f,
                    "'{text}' follows the result {result}, which ends the moves"
                )
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// `true` for a word that is only a move number: digits, then dots
/// (`1.`, `12...`).
pub(crate) fn is_move_number(word: &str) -> bool {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < word.len() && !rest.is_empty() && rest.bytes().all(|b| b == b'.')
}

/// `true` for the word `e.p.` (any case).
pub(crate) fn is_ep_mark(word: &str) -> bool {
    word.eq_ignore_ascii_case("e.p.")
}

/// The text without a leading move number (`1.e4`, `1. e4`, `1...e5`).
pub(crate) fn strip_move_number(text: &str) -> &str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return text;
    }
    let after = &text[digits..];
    let dots = after.len() - after.trim_start_matches('.').len();
    if dots == 0 {
        return text;
    }
    after[dots..].trim_start()
}

/// The text without a trailing `e.p.` (attached or after a space, before
/// any check or annotation marks), and whether there was one.
pub(crate) fn strip_ep_mark(text: &str) -> (&str, bool) {
    let marks = text.trim_end_matches(['+', '#', '!', '?']);
    let lower = marks.len().checked_sub(4).and_then(|i| marks.get(i..));
    match lower {
        Some(tail) if tail.eq_ignore_ascii_case("e.p.") => {
            (marks[..marks.len() - 4].trim_end(), true)
        }
        _ => (text, false),
    }
}

/// Edit distance (insertions, deletions, substitutions) between two short
/// strings, ignoring ASCII case.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<u8> = a.bytes().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<u8> = b.bytes().map(|c| c.to_ascii_lowercase()).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The last square named in `text` (a file letter then a rank digit).
fn last_square(text: &str) -> Option<Square> {
    text.as_bytes()
        .windows(2)
        .rev()
        .find_map(|w| Square::from_ascii(&[w[0].to_ascii_lowercase(), w[1]]))
}

/// At most this many suggestions.
const SUGGESTIONS: usize = 3;

impl Position {
    /// The legal moves nearest to text that no notation reads (see
    /// [`parse_move`](Position::parse_move)'s rules).
    fn suggestions(&self, text: &str) -> Vec<San> {
        let legal = self.legal_moves();
        let mut near: Vec<(usize, String, San)> = legal
            .iter()
            .map(|&m| {
                let san = San::from_move(self, m);
                let written = san.to_string();
                let uci = UciMove::from_move(
                    m,
                    crate::notation::CastlingMode::from_variant(self.variant()),
                );
                let d = edit_distance(text, &written).min(edit_distance(text, &uci.to_string()));
                (d, written, san)
            })
            .filter(|(d, ..)| *d <= 2)
            .collect();
        if let Some(best) = near.iter().map(|n| n.0).min() {
            near.retain(|n| n.0 == best);
        }
        if near.is_empty() {
            if let Some(to) = last_square(text) {
                near = legal
                    .iter()
                    .filter(|m| m.to() == to)
                    .map(|&m| {
                        let san = San::from_move(self, m);
                        (0, san.to_string(), san)
                    })
                    .collect();
            }
        }
        near.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        near.into_iter()
            .take(SUGGESTIONS)
            .map(|(.., s)| s)
            .collect()
    }

    /// Reads `text` as UCI, long algebraic or SAN (no move number, no
    /// `e.p.`).
    fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let illegal = |reason| ParseMoveError::Illegal {
            text: text.to_owned(),
            turn: self.turn(),
            reason,
        };
        if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
            return uci.to_move(self).map_err(|e| illegal(e.reason));
        }
        // Long algebraic (`e2-e4`, `Ng1xf3`); castling is read as SAN below.
        if let Some((lan, to)) = read_lan(text.as_bytes())
            .and_then(|lan| lan.to.filter(|_| lan.castle.is_none()).map(|to| (lan, to)))
        {
            let uci = UciMove::Normal {
                from: lan.from,
                to,
                promotion: lan.promotion,
            };
            let m = uci.to_move(self).map_err(|e| illegal(e.reason))?;
            if lan.role.is_some_and(|r| r != m.role()) {
                return Err(illegal(IllegalMoveReason::NoPiece {
                    square: lan.from,
                    role: lan.role,
                }));
            }
            if lan.capture && !m.is_capture() {
                return Err(illegal(IllegalMoveReason::NothingToCapture { to }));
            }
            return Ok(m);
        }
        let Ok(readings) = SanPlus::readings(text.as_bytes()) else {
            return Err(ParseMoveError::InvalidMove {
                text: text.to_owned(),
                suggestions: self.suggestions(text),
            });
        };
        // `bxc3`, `bb7`: the pawn's move, else the bishop's.
        readings.to_move(self).map_err(|e| match e.kind {
            SanErrorKind::AmbiguousSan => ParseMoveError::Ambiguous(e),
            _ => illegal(explain_san(self, &readings.first.san)),
        })
    }

    /// Reads a legal move written in UCI (either castling convention, see
    /// [`UciMove::to_move`]), in long algebraic notation or in SAN (see
    /// [`San`] for SAN's own leniencies). Text of UCI syntax (`e2e4`,
    /// `e7e8q`, `0000`) is read as UCI. Beyond the notations, where the
    /// meaning stays clear:
    ///
    /// - long algebraic with a hyphen or `x` between the squares, an
    ///   optional piece letter and an optional promotion (`e2-e4`,
    ///   `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `e7-e8q`); a written piece letter must
    ///   be the piece on the origin, and `x` must capture;
    /// - a move number before the move, attached or not (`1.e4`, `1. e4`,
    ///   `1...e5`, `12...Nf6`): skipped, not checked against the position;
    /// - `e.p.` after an en-passant capture, attached or after a space
    ///   (`exf6 e.p.`); the move must then be an en-passant capture;
    /// - a lowercase `b` is a pawn's file first: `bxc3` is a pawn capture
    ///   and `bb7` a pawn's move to b7, unless no pawn move fits and the
    ///   bishop's (`Bxc3`, `Bb7`) does.
    ///
    /// What is not read says why: [`ParseMoveError::InvalidMove`] with the
    /// nearest legal moves, the ones whose SAN or UCI is fewest edits
    /// (insertions, deletions, substitutions of one character, ignoring case)
    /// from the text, if at most two, or failing those the legal moves to the
    /// last square the text names (a file letter then a rank digit); at most
    /// three, in SAN order. A move that reads but is not legal gives the
    /// reason with its squares ([`ParseMoveError::Illegal`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::standard();
    /// let nf3 = pos.parse_move("g1f3")?;
    /// for text in ["Nf3", "Ng1-f3", "1.Nf3", "1. Nf3"] {
    ///     assert_eq!(pos.parse_move(text)?, nf3);
    /// }
    /// assert_eq!(pos.parse_move("e2-e4")?, pos.parse_move("e4")?);
    /// # Ok::<_, forsyth::notation::ParseMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        // Plain SAN naming one legal move, found without listing them all.
        if let Some(m) = quick_san(self, text) {
            return Ok(m);
        }
        let text = text.trim();
        let (body, ep_marked) = strip_ep_mark(strip_move_number(text));
        let m = self.read_move(body)?;
        if ep_marked && !m.is_en_passant() {
            return Err(ParseMoveError::NotEnPassant {
                text: text.to_owned(),
            });
        }
        Ok(m)
    }
}

/// The move a SAN token names, found without generating every legal move
/// (the fast path of `parse_move` and of the PGN replay): the pieces of its
/// role that reach its square, each kept when its move leaves the king safe
/// and fits the SAN's first reading. `None` unless exactly one is kept, or
/// for a token that `parse_move` reads otherwise: UCI, which it reads
/// first (`b1e4` is also a bishop's move in lenient SAN, `B1e4`), long
/// algebraic from the b file (`b5xc4`, likewise), `e.p.` (whose move must
/// be an en-passant capture), castling. Then
/// [`Position::parse_move`] decides, its errors included. LAN is never
/// SAN but with its piece (`Ng1xf3`), and then reads as the same move.
/// Every legal move to a square comes from a square that attacks it (a
/// pawn's push from behind it), so the candidates hold every move the SAN
/// can fit, and one kept move is the move `parse_move` reads.
// Out of line, the lookup inside: compiled into the replay's move
// function, its values would not all stay in registers.
#[inline(never)]
pub(crate) fn quick_san(pos: &Position, text: &str) -> Option<Move> {
    quick_san_inline(pos, text)
}

/// [`quick_san`], compiled into its caller: the replay's quick move, which
/// plays the move where it is found.
#[inline(always)]
pub(crate) fn quick_san_inline(pos: &Position, text: &str) -> Option<Move> {
    let text = text.as_bytes();
    // The plainest shapes (`e4`, `Nf3`, with or without a check mark)
    // first, their lookup compiled apart: a pawn's push or a piece's move
    // to where it names, with no origin, capture mark nor promotion. No
    // `.`, and a digit second only in a pawn's push of at most three
    // bytes: never `e.p.` nor UCI (four or five bytes).
    let body = match text {
        [body @ .., b'+' | b'#'] => body,
        _ => text,
    };
    if let Some((role, to)) = read_plain(body) {
        let pattern = MovePattern {
            role,
            file: None,
            rank: None,
            capture: false,
            to,
            promotion: None,
        };
        return resolve_inline(pos, pattern);
    }
    // UCI has a digit second and 4 or 5 bytes (`e2e4`, `e7e8q`, `0000`);
    // `.` is read in SAN only in `e.p.`, which ends a move but for its
    // suffix. Most other moves (`exd5`, `Nbd2`) need neither look.
    let uci_shaped = matches!(text, [_, b'0'..=b'9', _, _] | [_, b'0'..=b'9', _, _, _]);
    if uci_shaped && UciMove::read(text).is_some() {
        return None;
    }
    if !matches!(text.last(), Some(b'1'..=b'8')) && text.contains(&b'.') {
        return None;
    }
    // `b5xc4` is long algebraic, a pawn's capture from b5, which
    // `parse_move` reads before SAN; the SAN reader would take its `b` for
    // a bishop leaving rank 5.
    if let [b'b', b'1'..=b'8', b'x' | b'-', ..] = text {
        return None;
    }
    let pattern = SanPlus::first_reading(text)?.pattern().ok()?;
    if let MovePattern {
        file: None,
        rank: None,
        promotion: None,
        ..
    } = pattern
    {
        // Most moves name neither their origin nor a promotion: their
        // lookup compiled apart, without those tests.
        return resolve_inline(
            pos,
            MovePattern {
                file: None,
                rank: None,
                promotion: None,
                ..pattern
            },
        );
    }
    resolve_inline(pos, pattern)
}

/// Why no legal move fits the SAN `san`.
pub(crate) fn explain_san(pos: &Position, san: &San) -> IllegalMoveReason {
    match san.pattern() {
        Ok(pattern) => explain::of_pattern(pos, pattern),
        Err(side) => explain::castle(pos, side),
    }
}
