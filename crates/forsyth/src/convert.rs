//! One-line conversion between castling encodings: parse, resolve, write.
//!
//! This is the whole of what `forsyth convert` does to a line, so the
//! benchmark and the command measure the same path.

use core::fmt;

use crate::{
    write_fen, CastlingError, Fen, FenField, FieldOffsets, LossyCastlingError, ParseFenError,
    PositionError, Report, Setup, Severity, Variant, WriteOptions,
};

/// What a conversion checks before writing.
///
/// ```
/// use forsyth::Check;
/// assert_eq!(Check::default(), Check::Legality);
/// assert_eq!("syntax".parse::<Check>(), Ok(Check::Syntax));
/// ```
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
pub enum Check {
    /// Refuse positions that validation finds illegal (warnings pass).
    #[default]
    Legality,
    /// Only the grammar and the castling letters: converts broken data too.
    Syntax,
}

/// How to convert a record.
///
/// ```
/// use forsyth::{CastlingNotation, ConvertOptions};
/// let opts = ConvertOptions::new(CastlingNotation::Shredder);
/// assert_eq!(opts.variant, None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConvertOptions {
    /// The variant to read castling letters under; `None` picks `Standard`
    /// when the position fits it, else `Chess960`.
    pub variant: Option<Variant>,
    /// How to write the result.
    pub write: WriteOptions,
    /// Whether illegal positions are refused.
    pub check: Check,
}

impl ConvertOptions {
    /// Auto variant, writing castling in `notation`.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, ConvertOptions};
    /// assert_eq!(ConvertOptions::new(CastlingNotation::XFen).write.castling, CastlingNotation::XFen);
    /// ```
    pub fn new(notation: crate::CastlingNotation) -> ConvertOptions {
        ConvertOptions {
            variant: None,
            write: WriteOptions::new(notation),
            check: Check::Legality,
        }
    }
}

/// Why a record could not be converted. Every variant knows where in the
/// line the fault lies ([`ConvertError::offset`]) and which field it is in.
///
/// ```
/// use forsyth::{convert_line, CastlingNotation, ConvertError, ConvertOptions};
/// let mut out = String::new();
/// let opts = ConvertOptions::new(CastlingNotation::Standard);
/// let err = convert_line(b"4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", &opts, &mut out).unwrap_err();
/// assert!(matches!(err, ConvertError::Lossy { .. }));
/// assert_eq!(err.column(), 25);
/// assert_eq!(err.kind(), "rook_not_in_corner");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConvertError {
    /// The text does not follow the FEN grammar.
    Parse(ParseFenError),
    /// Castling letters that name no rook (all of them, in order).
    Castling(Vec<CastlingError>),
    /// The target encoding cannot say the position's castling rights.
    /// `offset` is that of the castling field.
    Lossy {
        /// The reason.
        error: LossyCastlingError,
        /// Byte offset of the castling field in the line.
        offset: usize,
    },
    /// The position is illegal (with [`Check::Legality`]).
    Illegal {
        /// Every problem found.
        error: Box<PositionError>,
        /// Where the fields start in the line, to place each problem.
        offsets: FieldOffsets,
    },
}

impl ConvertError {
    /// 0-based byte offset of the (first) fault in the line.
    ///
    /// ```
    /// use forsyth::{convert_line, ConvertOptions};
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w X -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.offset(), 18);
    /// ```
    pub fn offset(&self) -> usize {
        match self {
            ConvertError::Parse(e) => e.offset,
            ConvertError::Castling(errors) => errors.first().map_or(0, |e| e.offset),
            ConvertError::Lossy { offset, .. } => *offset,
            ConvertError::Illegal { .. } => self.faults().first().map_or(0, |f| f.0),
        }
    }

    /// 1-based byte column of the (first) fault.
    ///
    /// ```
    /// use forsyth::{convert_line, ConvertOptions};
    /// let err = convert_line(b"x", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.column(), 1);
    /// ```
    pub fn column(&self) -> usize {
        self.offset() + 1
    }

    /// The field at fault.
    ///
    /// ```
    /// use forsyth::{convert_line, ConvertOptions, FenField};
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

    /// The stable kind name of the (first) fault.
    ///
    /// ```
    /// use forsyth::{convert_line, Check, ConvertOptions};
    /// let syntax = ConvertOptions { check: Check::Syntax, ..ConvertOptions::default() };
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w K -", &syntax, &mut String::new()).unwrap_err();
    /// assert_eq!(err.kind(), "no_single_king");
    /// // Validated, every problem is reported, in the order of the fields.
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w K -", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.kind(), "empty_board");
    /// assert!(err.faults().iter().any(|f| f.2.contains("castling_without_king")));
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            ConvertError::Parse(e) => e.kind.name(),
            ConvertError::Castling(errors) => errors.first().map_or("castling", |e| e.kind.name()),
            ConvertError::Lossy { error, .. } => error.reason.into(),
            ConvertError::Illegal { error, .. } => errors_of(error)
                .next()
                .map_or("illegal", |p| p.kind().name()),
        }
    }

    /// Each fault as (byte offset, field, message without the column), in
    /// order: one for most errors, one per bad letter for castling, one per
    /// problem (errors, not warnings) of an illegal position.
    ///
    /// ```
    /// use forsyth::{convert_line, Check, ConvertOptions};
    /// let syntax = ConvertOptions { check: Check::Syntax, ..ConvertOptions::default() };
    /// let err = convert_line(b"8/8/8/8/8/8/8/8 w Kq -", &syntax, &mut String::new()).unwrap_err();
    /// assert_eq!(err.faults().len(), 2);
    /// assert_eq!(err.faults()[1].0, 19);
    /// ```
    pub fn faults(&self) -> Vec<(usize, FenField, String)> {
        match self {
            ConvertError::Parse(e) => {
                let message = e.message();
                // message() starts with the field label; keep only the detail.
                let detail = message
                    .strip_prefix(e.field.label())
                    .and_then(|m| m.strip_prefix(": "))
                    .unwrap_or(&message)
                    .to_owned();
                vec![(e.offset, e.field, detail)]
            }
            ConvertError::Castling(errors) => errors
                .iter()
                .map(|e| (e.offset, FenField::Castling, e.to_string()))
                .collect(),
            ConvertError::Lossy { error, offset } => {
                vec![(*offset, FenField::Castling, error.to_string())]
            }
            ConvertError::Illegal { error, offsets } => errors_of(error)
                .map(|p| {
                    let field = p.kind().field();
                    let offset = p.offset().unwrap_or_else(|| offsets.of(field));
                    (offset, field, format!("illegal: {p}"))
                })
                .collect(),
        }
    }
}

fn errors_of(error: &PositionError) -> impl Iterator<Item = &crate::Problem> + '_ {
    error
        .problems()
        .iter()
        .filter(|p| p.severity() == Severity::Error)
}

impl fmt::Display for ConvertError {
    /// `col N: field: message`, one fault per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (offset, field, message)) in self.faults().into_iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "col {}: {}: {}", offset + 1, field, message)?;
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
/// `opts.check` is [`Check::Syntax`]) and appends it to `out` in the
/// requested encoding. On error `out` is left as it was.
///
/// ```
/// use forsyth::{convert_line, CastlingNotation, ConvertOptions};
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
    let fen = Fen::from_ascii(line)?;
    let setup = match opts.check {
        Check::Syntax => Setup::from_fen(&fen, opts.variant).map_err(ConvertError::Castling)?,
        Check::Legality => Report::of_fen(&fen, opts.variant)
            .into_position()
            .map_err(|error| ConvertError::Illegal {
                error: Box::new(error),
                offsets: fen.offsets,
            })?
            .into_setup(),
    };
    write_fen(&setup, &opts.write, out).map_err(|error| ConvertError::Lossy {
        error,
        offset: fen.offsets.castling,
    })?;
    Ok(setup)
}
