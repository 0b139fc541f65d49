//! The problemist's statement of a position: `(PLACEMENT) (w+b)`.

use core::fmt;

use crate::board::{Board, CastlingRights, Color};
use crate::setup::{Setup, Variant};
use crate::text::fen::{Fen, ParseFenError};
use crate::text::letters::Letters;

/// The error of [`Setup::from_statement`]: the byte offset of the fault and
/// what is wrong.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::notation::{Letters, ParseStatementErrorKind};
/// let err = Setup::from_statement("(R7/4k3/8/K7/8/8/8/8) (3+1)", &Letters::ENGLISH).unwrap_err();
/// assert_eq!(err.kind, ParseStatementErrorKind::CountMismatch { stated: (3, 1), actual: (2, 1) });
/// assert_eq!(err.to_string(), "col 23: piece count: (3+1) stated, but the placement has 2 white and 1 black (2+1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseStatementError {
    /// 0-based byte offset of the fault.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseStatementErrorKind,
}

/// What is wrong with a problem statement. The kind names (`name()`) are
/// stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseStatementErrorKind {
    /// `expected`: the text does not follow the form; the expected token.
    Expected(&'static str),
    /// `placement`: the placement does not read (the FEN error, its
    /// offset relative to the placement).
    Placement(ParseFenError),
    /// `count_mismatch`: the stated piece count (White, Black) is not the
    /// placement's.
    CountMismatch {
        /// The count written.
        stated: (usize, usize),
        /// The count of the placement.
        actual: (usize, usize),
    },
}

impl ParseStatementErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::notation::ParseStatementErrorKind;
    /// assert_eq!(ParseStatementErrorKind::Expected(")").name(), "expected");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseStatementErrorKind::Expected(_) => "expected",
            ParseStatementErrorKind::Placement(_) => "placement",
            ParseStatementErrorKind::CountMismatch { .. } => "count_mismatch",
        }
    }
}

impl ParseStatementError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::notation::Letters;
    /// assert_eq!(Setup::from_statement("8/8", &Letters::ENGLISH).unwrap_err().kind().name(), "expected");
    /// ```
    pub fn kind(&self) -> ParseStatementErrorKind {
        self.kind
    }
}

impl ParseStatementError {
    /// The message without the column: `piece count: ...`.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::notation::Letters;
    /// let err = Setup::from_statement("(8/8/8/8/8/8/8/8", &Letters::ENGLISH).unwrap_err();
    /// assert_eq!(err.message(), "problem statement: expected ')' after the placement");
    /// ```
    pub fn message(&self) -> String {
        Message(self.kind).to_string()
    }
}

/// The message of a kind.
struct Message(ParseStatementErrorKind);

impl fmt::Display for ParseStatementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.offset + 1, Message(self.kind))
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ParseStatementErrorKind::Expected(what) => write!(f, "problem statement: expected {what}"),
            ParseStatementErrorKind::Placement(e) => f.write_str(&e.message()),
            ParseStatementErrorKind::CountMismatch {
                stated: (sw, sb),
                actual: (aw, ab),
            } => write!(
                f,
                "piece count: ({sw}+{sb}) stated, but the placement has {aw} white and {ab} black ({aw}+{ab})"
            ),
        }
    }
}

impl std::error::Error for ParseStatementError {}

/// The decimal number at the start of `text` and its length.
fn number(text: &str) -> Option<(usize, usize)> {
    let len = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    Some((text[..len].parse().ok()?, len))
}

/// Reads the piece count `(W+B)` that starts at byte `at` of `text`: the
/// counts stated (White's, Black's) and the offset after its `)`.
pub(crate) fn piece_count(
    text: &str,
    mut at: usize,
) -> Result<((usize, usize), usize), ParseStatementError> {
    let expected = |offset, what| ParseStatementError {
        offset,
        kind: ParseStatementErrorKind::Expected(what),
    };
    if !text[at..].starts_with('(') {
        return Err(expected(at, "'(' before the piece count"));
    }
    at += 1;
    let Some((white, n)) = number(&text[at..]) else {
        return Err(expected(at, "White's piece count"));
    };
    at += n;
    if !text[at..].starts_with('+') {
        return Err(expected(at, "'+' between the piece counts"));
    }
    at += 1;
    let Some((black, n)) = number(&text[at..]) else {
        return Err(expected(at, "Black's piece count"));
    };
    at += n;
    if !text[at..].starts_with(')') {
        return Err(expected(at, "')' after the piece count"));
    }
    Ok(((white, black), at + 1))
}

/// The count `stated` (White's pieces, Black's), written at byte `at`,
/// checked against `board`'s.
pub(crate) fn check_count(
    board: &Board,
    stated: (usize, usize),
    at: usize,
) -> Result<(), ParseStatementError> {
    let count = board.material_count();
    let actual = (*count.get(Color::White), *count.get(Color::Black));
    if actual == stated {
        Ok(())
    } else {
        Err(ParseStatementError {
            offset: at,
            kind: ParseStatementErrorKind::CountMismatch { stated, actual },
        })
    }
}

impl Setup {
    /// Reads a problem statement, `(PLACEMENT) (w+b)` (the count optional),
    /// the placement in the letters of `letters` (their aliases too): White
    /// to move, no castling, no en passant, clocks `0 1`. The count, when
    /// given, must be the placement's (White's pieces, Black's).
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::notation::Language;
    /// let greek = Setup::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1)", Language::Greek.letters())?;
    /// assert_eq!(greek.to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1");
    /// # Ok::<_, forsyth::notation::ParseStatementError>(())
    /// ```
    pub fn from_statement(text: &str, letters: &Letters) -> Result<Setup, ParseStatementError> {
        let err = |offset, kind| ParseStatementError { offset, kind };
        let expected = |offset, what| err(offset, ParseStatementErrorKind::Expected(what));
        let lead = text.len() - text.trim_start().len();
        let mut at = lead;
        if !text[at..].starts_with('(') {
            return Err(expected(at, "'(' before the placement"));
        }
        at += 1;
        let Some(close) = text[at..].find(')') else {
            return Err(expected(text.len(), "')' after the placement"));
        };
        let placement = &text[at..at + close];
        let record = format!("{placement} w - - 0 1");
        let fen = Fen::from_ascii_with(record.as_bytes(), letters).map_err(|e| {
            let offset = at + e.offset.min(placement.len());
            err(offset, ParseStatementErrorKind::Placement(e))
        })?;
        at += close + 1;
        let setup = Setup {
            board: fen.board,
            turn: Color::White,
            castling: CastlingRights::default(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant: Variant::Standard,
        };
        let rest = &text[at..];
        at += rest.len() - rest.trim_start().len();
        if text[at..].is_empty() {
            return Ok(setup);
        }
        let (stated, end) = piece_count(text, at)?;
        if !text[end..].trim().is_empty() {
            return Err(expected(end, "the end of the statement"));
        }
        check_count(&setup.board, stated, at)?;
        Ok(setup)
    }
}
