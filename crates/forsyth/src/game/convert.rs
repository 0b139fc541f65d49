//! One-line conversion between castling encodings: parse, resolve, write.
//!
//! This is the whole of what `forsyth convert` does to a line, so the
//! benchmark and the command measure the same path.

use core::fmt;

use crate::rules::writing::write_fen_ascii;
use crate::rules::{Position, PositionError};
use crate::setup::{Problem, ProblemKind, Setup, SetupError, Severity, Variant};
use crate::text::fen::{
    Fen, FenField, FieldOffsets, LossyCastlingError, LossyCastlingReason, ParseFenError,
    ParseFenErrorKind, RecordBuf, WriteFenError, WriteOptions,
};

/// How much a conversion validates before writing: the position's
/// legality, or only its syntax.
///
/// ```
/// use forsyth::convert::Validation;
/// assert_eq!(Validation::default(), Validation::Legality);
/// assert_eq!("syntax".parse::<Validation>(), Ok(Validation::Syntax));
/// ```
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Validation {
    /// Refuse positions that validation finds illegal (warnings pass).
    #[default]
    Legality,
    /// Only the grammar and the castling letters: converts broken data too.
    Syntax,
}

/// How to convert a record.
///
/// ```
/// use forsyth::convert::ConvertOptions;
/// use forsyth::fen::CastlingNotation;
/// let opts = ConvertOptions::new(CastlingNotation::Shredder);
/// assert_eq!(opts.variant, None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvertOptions {
    /// The variant to read castling letters under; `None` picks `Standard`
    /// when the position fits it, else `Chess960`.
    pub variant: Option<Variant>,
    /// How to write the result.
    pub write: WriteOptions,
    /// Whether illegal positions are refused (read as `check` too, its
    /// name before 0.2).
    #[cfg_attr(feature = "serde", serde(alias = "check"))]
    pub validation: Validation,
}

impl ConvertOptions {
    /// Auto variant, writing castling in `notation`.
    ///
    /// ```
    /// use forsyth::convert::ConvertOptions;
    /// use forsyth::fen::CastlingNotation;
    /// assert_eq!(ConvertOptions::new(CastlingNotation::XFen).write.castling, CastlingNotation::XFen);
    /// ```
    pub fn new(notation: crate::text::fen::CastlingNotation) -> ConvertOptions {
        ConvertOptions {
            variant: None,
            write: WriteOptions::new(notation),
            validation: Validation::Legality,
        }
    }
}

/// Why a record could not be converted. Every variant knows where in the
/// line the fault lies ([`ConvertError::offset`]) and which field it is in;
/// [`ConvertError::faults`] gives each fault as data.
///
/// ```
/// use forsyth::convert::{convert_line, ConvertError, ConvertOptions};
/// use forsyth::fen::CastlingNotation;
/// let mut out = String::new();
/// let opts = ConvertOptions::new(CastlingNotation::Standard);
/// let err = convert_line(b"4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", &opts, &mut out).unwrap_err();
/// assert!(matches!(err, ConvertError::Lossy { .. }));
/// assert_eq!(err.column(), 25);
/// assert_eq!(err.kind().name(), "rook_not_in_corner");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertError {
    /// The text does not follow the FEN grammar.
    Parse(ParseFenError),
    /// Castling letters that name no rook (all of them, in order).
    Castling(SetupError),
    /// The target encoding cannot say the position's castling rights.
    /// `offset` is that of the castling field.
    Lossy {
        /// The reason.
        error: LossyCastlingError,
        /// Byte offset of the castling field in the line.
        offset: usize,
    },
    /// The position is illegal (with [`Validation::Legality`]).
    Illegal {
        /// Every problem found.
        error: Box<PositionError>,
        /// Where the fields start in the line, to place each problem.
        offsets: FieldOffsets,
    },
}

/// The classification of a [`Fault`]: the kind of the syntax error, of the
/// problem, or of what standard FEN cannot say.
///
/// ```
/// use forsyth::convert::FaultKind;
/// use forsyth::fen::ParseFenErrorKind;
/// use forsyth::validate::ProblemKind;
/// assert_eq!(FaultKind::Problem(ProblemKind::MissingKing).name(), "missing_king");
/// assert_eq!(FaultKind::Syntax(ParseFenErrorKind::TooManyRanks).name(), "too_many_ranks");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FaultKind {
    /// The text breaks the grammar.
    Syntax(ParseFenErrorKind),
    /// A castling letter names no right, or the position is illegal.
    Problem(ProblemKind),
    /// The target encoding cannot say a castling right.
    Lossy(LossyCastlingReason),
}

impl FaultKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::convert::FaultKind;
    /// use forsyth::fen::LossyCastlingReason;
    /// assert_eq!(FaultKind::Lossy(LossyCastlingReason::KingNotOnEFile).name(), "king_not_on_e_file");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Syntax(k) => k.name(),
            FaultKind::Problem(k) => k.name(),
            FaultKind::Lossy(k) => k.name(),
        }
    }
}

/// What a fault says, for rendering.
#[derive(Clone, Debug, PartialEq, Eq)]
enum What {
    Syntax(ParseFenErrorKind),
    Letter(Problem),
    Illegal(Problem),
    Lossy(LossyCastlingError),
}

/// One fault of a [`ConvertError`], as data: where (byte offset, field),
/// what kind, and for a problem the [`Problem`] itself. Its
/// [`Display`](fmt::Display) is the message without the column, rendered
/// from those.
///
/// ```
/// use forsyth::convert::{convert_line, ConvertOptions};
/// use forsyth::fen::FenField;
/// let err = convert_line(b"8/8/8/8/8/8/8/8 w X -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
/// let fault = &err.faults()[0];
/// assert_eq!((fault.offset(), fault.field(), fault.kind().name()), (18, FenField::Castling, "bad_castling_byte"));
/// assert_eq!(fault.to_string(), "'X' is not K, Q, k, q or a file letter A-H/a-h");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    offset: usize,
    field: FenField,
    what: What,
}

impl Fault {
    /// 0-based byte offset of the fault in the line.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions, Validation};
    /// let syntax = ConvertOptions { validation: Validation::Syntax, ..ConvertOptions::default() };
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w Kq -", &syntax, &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults()[1].offset(), 19);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// 1-based byte column of the fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// let err = convert_line(b"x", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults()[0].column(), 1);
    /// ```
    pub fn column(&self) -> usize {
        self.offset + 1
    }

    /// The field at fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// use forsyth::fen::FenField;
    /// let err = convert_line(b"4k3/8/8/8/8/8/8/4K3 w - e6", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults()[0].field(), FenField::EnPassant);
    /// ```
    pub fn field(&self) -> FenField {
        self.field
    }

    /// What kind of fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions, FaultKind};
    /// use forsyth::validate::ProblemKind;
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w - -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults()[0].kind(), FaultKind::Problem(ProblemKind::EmptyBoard));
    /// ```
    pub fn kind(&self) -> FaultKind {
        match &self.what {
            What::Syntax(k) => FaultKind::Syntax(*k),
            What::Letter(p) | What::Illegal(p) => FaultKind::Problem(p.kind()),
            What::Lossy(e) => FaultKind::Lossy(e.reason),
        }
    }

    /// The problem, for a castling letter or an illegal position.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// let err = convert_line(b"4k3/8/8/8/8/8/8/P3K3 w - -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert!(err.faults()[0].problem().is_some_and(|p| p.squares().contains(Square::A1)));
    /// ```
    pub fn problem(&self) -> Option<&Problem> {
        match &self.what {
            What::Letter(p) | What::Illegal(p) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for Fault {
    /// The message without the column or the field: for an illegal
    /// position `illegal: kind: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.what {
            What::Syntax(k) => write!(f, "{k}"),
            What::Letter(p) => write!(f, "{}", p.display_message()),
            What::Illegal(p) => write!(f, "illegal: {p}"),
            What::Lossy(e) => write!(f, "{e}"),
        }
    }
}

impl ConvertError {
    /// 0-based byte offset of the (first) fault in the line.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w X -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.offset(), 18);
    /// ```
    pub fn offset(&self) -> usize {
        match self {
            ConvertError::Parse(e) => e.offset,
            ConvertError::Lossy { offset, .. } => *offset,
            _ => self.faults().first().map_or(0, Fault::offset),
        }
    }

    /// 1-based byte column of the (first) fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// let err = convert_line(b"x", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.column(), 1);
    /// ```
    pub fn column(&self) -> usize {
        self.offset() + 1
    }

    /// The field at fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions};
    /// use forsyth::fen::FenField;
    /// let err = convert_line(b"4k3/8/8/8/8/8/8/4K3 w K -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.field(), FenField::Castling);
    /// let err = convert_line(b"4k3/8/8/8/8/8/8/4K3 w - e6", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.field(), FenField::EnPassant);
    /// ```
    pub fn field(&self) -> FenField {
        match self {
            ConvertError::Parse(e) => e.field,
            ConvertError::Castling(_) | ConvertError::Lossy { .. } => FenField::Castling,
            ConvertError::Illegal { error, .. } => errors_of(error)
                .next()
                .map_or(FenField::Record, |p| p.kind().field()),
        }
    }

    /// The kind of the (first) fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions, Validation};
    /// let syntax = ConvertOptions { validation: Validation::Syntax, ..ConvertOptions::default() };
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w K -", &syntax, &mut String::new()).unwrap_err();
    /// assert_eq!(err.kind().name(), "castling_without_king");
    /// // Validated, every problem is reported, in the order of the fields.
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w K -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.kind().name(), "empty_board");
    /// assert!(err.faults().iter().any(|f| f.kind().name() == "castling_without_king"));
    /// ```
    pub fn kind(&self) -> FaultKind {
        match self {
            ConvertError::Parse(e) => FaultKind::Syntax(e.kind),
            ConvertError::Castling(e) => FaultKind::Problem(e.kind()),
            ConvertError::Lossy { error, .. } => FaultKind::Lossy(error.reason),
            ConvertError::Illegal { error, .. } => FaultKind::Problem(error.kind()),
        }
    }

    /// Each fault as data (byte offset, field, kind, problem), in order: one
    /// for most errors, one per bad letter for castling, one per problem
    /// (errors, not warnings) of an illegal position.
    ///
    /// ```
    /// use forsyth::convert::{convert_line, ConvertOptions, Validation};
    /// let syntax = ConvertOptions { validation: Validation::Syntax, ..ConvertOptions::default() };
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w Kq -", &syntax, &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults().len(), 2);
    /// assert_eq!(err.faults()[1].offset(), 19);
    /// ```
    pub fn faults(&self) -> Vec<Fault> {
        match self {
            ConvertError::Parse(e) => vec![Fault {
                offset: e.offset,
                field: e.field,
                what: What::Syntax(e.kind),
            }],
            ConvertError::Castling(errors) => errors
                .problems()
                .iter()
                .map(|p| Fault {
                    offset: p.offset().unwrap_or(0),
                    field: FenField::Castling,
                    what: What::Letter(p.clone()),
                })
                .collect(),
            ConvertError::Lossy { error, offset } => vec![Fault {
                offset: *offset,
                field: FenField::Castling,
                what: What::Lossy(*error),
            }],
            ConvertError::Illegal { error, offsets } => errors_of(error)
                .map(|p| {
                    let field = p.kind().field();
                    Fault {
                        offset: p.offset().unwrap_or_else(|| offsets.of(field)),
                        field,
                        what: What::Illegal(p.clone()),
                    }
                })
                .collect(),
        }
    }
}

fn errors_of(error: &PositionError) -> impl Iterator<Item = &Problem> + '_ {
    error
        .problems()
        .iter()
        .filter(|p| p.severity() == Severity::Error)
}

impl fmt::Display for ConvertError {
    /// `col N: field: message`, one fault per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, fault) in self.faults().into_iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "col {}: {}: {}", fault.column(), fault.field, fault)?;
        }
        Ok(())
    }
}

impl std::error::Error for ConvertError {}

impl From<ParseFenError> for ConvertError {
    fn from(e: ParseFenError) -> ConvertError {
        ConvertError::Parse(e)
    }
}

/// Parses one record, resolves its castling letters, validates it (unless
/// `opts.validation` is [`Validation::Syntax`]) and appends it to `out` in the
/// requested encoding. On error `out` is left as it was.
///
/// ```
/// use forsyth::convert::{convert_line, ConvertOptions};
/// use forsyth::fen::CastlingNotation;
/// let mut out = String::new();
/// let opts = ConvertOptions::new(CastlingNotation::Shredder);
/// convert_line(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", &opts, &mut out).unwrap();
/// assert_eq!(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1");
/// ```
pub fn convert_line(
    line: &[u8],
    opts: &ConvertOptions,
    out: &mut String,
) -> Result<Setup, ConvertError> {
    let mut record = RecordBuf::new();
    let setup = convert_record(line, opts, &mut record)?;
    out.push_str(record.as_str());
    Ok(setup)
}

/// [`convert_line`] appending to bytes: the record is ASCII, so it goes to
/// `out` as it is written, with no UTF-8 check, as a bulk converter writes
/// its output. On error `out` is left as it was.
///
/// ```
/// use forsyth::convert::{convert_line_bytes, ConvertOptions};
/// use forsyth::fen::CastlingNotation;
/// let mut out = b"> ".to_vec();
/// let opts = ConvertOptions::new(CastlingNotation::Shredder);
/// convert_line_bytes(b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &opts, &mut out).unwrap();
/// assert_eq!(out, b"> 4k3/8/8/8/8/8/8/R3K2R w AH - 0 1");
/// assert!(convert_line_bytes(b"4k3/8/8/8/8/8/8/4K3 w Q -", &opts, &mut out).is_err());
/// assert_eq!(out, b"> 4k3/8/8/8/8/8/8/R3K2R w AH - 0 1");
/// ```
pub fn convert_line_bytes(
    line: &[u8],
    opts: &ConvertOptions,
    out: &mut Vec<u8>,
) -> Result<Setup, ConvertError> {
    let mut record = RecordBuf::new();
    let setup = convert_record(line, opts, &mut record)?;
    out.extend_from_slice(record.as_bytes());
    Ok(setup)
}

/// What [`convert_line`] does, the record written to `record`.
fn convert_record(
    line: &[u8],
    opts: &ConvertOptions,
    record: &mut RecordBuf,
) -> Result<Setup, ConvertError> {
    // Read through a reference: the record is not moved out of the result.
    let parsed = Fen::from_ascii(line);
    let fen = match &parsed {
        Ok(fen) => fen,
        Err(e) => return Err(ConvertError::Parse(*e)),
    };
    let setup = match opts.validation {
        Validation::Syntax => Setup::from_fen(fen, opts.variant).map_err(ConvertError::Castling)?,
        Validation::Legality => Position::from_fen(fen, opts.variant)
            .map_err(|error| ConvertError::Illegal {
                error: Box::new(error),
                offsets: fen.offsets,
            })?
            .into_setup(),
    };
    // The input's placement, when canonical (no two digits in a row: then
    // it is exactly what the writer would write for the board it read), is
    // copied rather than written again. Every byte of a placement read in
    // English is one piece, one slash or one digit, so it is canonical
    // exactly when it is as short as the writer's.
    let mut end = fen.offsets.turn;
    while end > fen.offsets.placement && matches!(line[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    let placement = &line[fen.offsets.placement..end];
    let canonical = (placement.len() == fen.board.placement_len()).then_some(placement);
    match write_fen_ascii(&setup, canonical, &opts.write, record) {
        Err(WriteFenError::Lossy(error)) => Err(ConvertError::Lossy {
            error,
            offset: fen.offsets.castling,
        }),
        // Writing to the record's buffer cannot fail otherwise.
        _ => Ok(setup),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fen::CastlingNotation;

    /// The input's placement is copied only when canonical: split runs of
    /// empty squares (`44`, `116`) are written as one digit, as the writer
    /// writes any board (`specs/fen.md`: the canonical form).
    #[test]
    fn converted_placement_is_canonical() {
        let opts = ConvertOptions::new(CastlingNotation::Shredder);
        for (input, expected) in [
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
            ),
            (
                "r21k2r/44/8/116/8/2222/8/R3K2R w KQkq - 0 1",
                "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
            ),
            (
                "  4k3/8/8/8/8/8/8/4K3\tb - - 3 9  ",
                "4k3/8/8/8/8/8/8/4K3 b - - 3 9",
            ),
        ] {
            let mut out = String::new();
            convert_line(input.as_bytes(), &opts, &mut out).unwrap();
            assert_eq!(out, expected, "{input}");
        }
    }
}
