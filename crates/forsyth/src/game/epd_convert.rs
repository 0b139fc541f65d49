//! One EPD record converted, as [`convert_line`](crate::convert::convert_line)
//! converts a FEN record: parsed ([`Epd`]), the clocks taken from `hmvc`
//! and `fmvn`, the position resolved and validated, the moves of `bm`, `am`
//! and `pv` read as legal moves of it (`pv` one after the other), then
//! written: the four position fields in the requested castling encoding,
//! the operations in their order, moves as SAN (castling `O-O`/`O-O-O` in
//! every variant), other opcodes as they were. `specs/pgn.md` section 3.1.
//!
//! This module sits at the games' layer: the record's grammar is
//! [`epd`](crate::epd::Epd)'s (the text layer), the moves need
//! [`Position`](crate::Position).

use core::fmt;

use crate::game::{ConvertError, ConvertOptions, FaultKind, Validation};
use crate::notation::{ParseMoveError, ParseMoveErrorKind};
use crate::rules::{write_fen, Report};
use crate::setup::Setup;
use crate::text::epd::{Epd, EpdField, Op, ParseEpdError, ParseEpdErrorKind};
use crate::text::fen::WriteFenError;

/// Why an EPD record could not be converted; every error knows its byte
/// offset in the line and its field.
///
/// ```
/// use forsyth::convert::{convert_epd_line, ConvertEpdError, ConvertOptions};
/// let line = b"4k3/8/8/8/8/8/8/4K2R w K - bm O-O Kd9;";
/// let err = convert_epd_line(line, &ConvertOptions::default(), &mut String::new()).unwrap_err();
/// assert!(matches!(err, ConvertEpdError::Move { .. }));
/// assert_eq!((err.column(), err.kind().name()), (35, "invalid_move"));
/// assert_eq!(err.field().to_string(), "operation bm");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertEpdError {
    /// The record breaks the EPD grammar.
    Parse(ParseEpdError),
    /// The position fields: bad castling letters, an illegal position, or
    /// castling the target encoding cannot say (offsets in the line).
    Position(ConvertError),
    /// A move of `bm`, `am` or `pv` that is not legal in its position.
    Move {
        /// The opcode.
        opcode: &'static str,
        /// The move as written.
        text: String,
        /// 0-based byte offset of the move in the line.
        offset: usize,
        /// Why.
        error: ParseMoveError,
    },
    /// `hmvc` or `fmvn` out of range for a clock (`fmvn` 0, or above
    /// 4294967295).
    Clock {
        /// The opcode.
        opcode: &'static str,
        /// 0-based byte offset of the number in the line.
        offset: usize,
        /// The number.
        value: u64,
    },
}

/// The classification of a [`ConvertEpdError`].
///
/// ```
/// use forsyth::convert::ConvertEpdErrorKind;
/// use forsyth::epd::ParseEpdErrorKind;
/// assert_eq!(ConvertEpdErrorKind::Syntax(ParseEpdErrorKind::MissingSemicolon).name(), "missing_semicolon");
/// assert_eq!(ConvertEpdErrorKind::BadClock.name(), "bad_clock");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConvertEpdErrorKind {
    /// A syntax error of the record (named by its kind).
    Syntax(ParseEpdErrorKind),
    /// A fault of the position fields (named by its kind).
    Position(FaultKind),
    /// A move that cannot be played (named by its kind).
    Move(ParseMoveErrorKind),
    /// `bad_clock`: a clock out of range.
    BadClock,
}

impl ConvertEpdErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::convert::ConvertEpdErrorKind;
    /// use forsyth::notation::ParseMoveErrorKind;
    /// assert_eq!(ConvertEpdErrorKind::Move(ParseMoveErrorKind::InvalidMove).name(), "invalid_move");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ConvertEpdErrorKind::Syntax(k) => k.name(),
            ConvertEpdErrorKind::Position(k) => k.name(),
            ConvertEpdErrorKind::Move(k) => k.name(),
            ConvertEpdErrorKind::BadClock => "bad_clock",
        }
    }
}

impl ConvertEpdError {
    /// The classification.
    ///
    /// ```
    /// use forsyth::convert::{convert_epd_line, ConvertOptions};
    /// let err = convert_epd_line(b"4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.kind().name(), "bad_clock");
    /// ```
    pub fn kind(&self) -> ConvertEpdErrorKind {
        match self {
            ConvertEpdError::Parse(e) => ConvertEpdErrorKind::Syntax(e.kind),
            ConvertEpdError::Position(e) => ConvertEpdErrorKind::Position(e.kind()),
            ConvertEpdError::Move { error, .. } => ConvertEpdErrorKind::Move(error.kind()),
            ConvertEpdError::Clock { .. } => ConvertEpdErrorKind::BadClock,
        }
    }

    /// 0-based byte offset of the (first) fault in the line.
    ///
    /// ```
    /// use forsyth::convert::{convert_epd_line, ConvertOptions};
    /// let err = convert_epd_line(b"4k3/8/8/8/8/8/8/4K3 w - - id", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.offset(), 28);
    /// ```
    pub fn offset(&self) -> usize {
        match self {
            ConvertEpdError::Parse(e) => e.offset,
            ConvertEpdError::Position(e) => e.offset(),
            ConvertEpdError::Move { offset, .. } | ConvertEpdError::Clock { offset, .. } => *offset,
        }
    }

    /// 1-based byte column of the (first) fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_epd_line, ConvertOptions};
    /// let err = convert_epd_line(b"4k3/8/8/8/8/8/8/4K3 w K - id \"x\";", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.column(), 23);
    /// ```
    pub fn column(&self) -> usize {
        self.offset() + 1
    }

    /// The part of the record at fault.
    ///
    /// ```
    /// use forsyth::convert::{convert_epd_line, ConvertOptions};
    /// use forsyth::epd::EpdField;
    /// use forsyth::fen::FenField;
    /// let err = convert_epd_line(b"4k3/8/8/8/8/8/8/4K3 w K - id \"x\";", &ConvertOptions::default(), &mut String::new()).unwrap_err();
    /// assert_eq!(err.field(), EpdField::Position(FenField::Castling));
    /// ```
    pub fn field(&self) -> EpdField {
        match self {
            ConvertEpdError::Parse(e) => e.field.clone(),
            ConvertEpdError::Position(e) => EpdField::Position(e.field()),
            ConvertEpdError::Move { opcode, .. } | ConvertEpdError::Clock { opcode, .. } => {
                EpdField::Operation((*opcode).to_string())
            }
        }
    }
}

impl fmt::Display for ConvertEpdError {
    /// The message without the column or the field (a position error: its
    /// faults as [`ConvertError`] renders them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertEpdError::Parse(e) => write!(f, "{}", e.kind),
            ConvertEpdError::Position(e) => write!(f, "{e}"),
            ConvertEpdError::Move { error, .. } => write!(f, "{error}"),
            ConvertEpdError::Clock { opcode, value, .. } => {
                write!(f, "{opcode} {value} is not a clock of a position")
            }
        }
    }
}

impl std::error::Error for ConvertEpdError {}

/// The byte offsets of the operands of the operation whose opcode starts at
/// `at` (tokens and strings, up to its `;`).
fn operand_offsets(line: &[u8], at: usize) -> Vec<usize> {
    let blank = |b: u8| b == b' ' || b == b'\t';
    let mut i = at
        + line[at..]
            .iter()
            .take_while(|&&b| !blank(b) && b != b';')
            .count();
    let mut offsets = Vec::new();
    loop {
        i += line[i..].iter().take_while(|&&b| blank(b)).count();
        match line.get(i) {
            None | Some(b';') => return offsets,
            Some(b'"') => {
                offsets.push(i);
                i += 1;
                while let Some(&b) = line.get(i) {
                    i += if b == b'\\' { 2 } else { 1 };
                    if b == b'"' {
                        break;
                    }
                }
            }
            Some(_) => {
                offsets.push(i);
                i += line[i..]
                    .iter()
                    .take_while(|&&b| !blank(b) && b != b';' && b != b'"')
                    .count();
            }
        }
    }
}

/// A clock from an operation's number.
fn clock(
    opcode: &'static str,
    value: u64,
    least: u64,
    offset: usize,
) -> Result<u32, ConvertEpdError> {
    match u32::try_from(value) {
        Ok(v) if value >= least => Ok(v),
        _ => Err(ConvertEpdError::Clock {
            opcode,
            offset,
            value,
        }),
    }
}

/// Parses one EPD record, takes its clocks from `hmvc` and `fmvn`, resolves
/// and validates its position (unless `opts.validation` is [`Validation::Syntax`]; a
/// record with `bm`, `am` or `pv` needs a legal position all the same),
/// reads each move of `bm`, `am` and `pv` as a legal move, and appends the
/// record to `out`: the four position fields in the requested encoding,
/// then the operations in their order (moves as SAN, others as parsed).
/// The first bad move rejects the whole record. On error `out` is left as
/// it was.
///
/// ```
/// use forsyth::convert::{convert_epd_line, ConvertOptions};
/// use forsyth::fen::CastlingNotation;
/// let mut out = String::new();
/// let opts = ConvertOptions::new(CastlingNotation::Shredder);
/// let line = br#"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - bm e1g1; c0 "castles"; hmvc 3;"#;
/// let setup = convert_epd_line(line, &opts, &mut out)?;
/// assert_eq!(out, r#"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - bm O-O; c0 "castles"; hmvc 3;"#);
/// assert_eq!(setup.halfmoves, 3);
/// # Ok::<_, forsyth::convert::ConvertEpdError>(())
/// ```
pub fn convert_epd_line(
    line: &[u8],
    opts: &ConvertOptions,
    out: &mut String,
) -> Result<Setup, ConvertEpdError> {
    let epd = Epd::from_ascii(line).map_err(ConvertEpdError::Parse)?;
    let mut fen = epd.fen.clone();
    for o in &epd.operations {
        let at = || {
            operand_offsets(line, o.offset)
                .first()
                .copied()
                .unwrap_or(o.offset)
        };
        match o.op {
            Op::Hmvc(n) => {
                fen.halfmoves = clock("hmvc", n, 0, at())?;
                fen.has_clocks = true;
            }
            Op::Fmvn(n) => {
                fen.fullmoves = clock("fmvn", n, 1, at())?;
                fen.has_clocks = true;
            }
            _ => {}
        }
    }
    let illegal = |error| {
        ConvertEpdError::Position(ConvertError::Illegal {
            error: Box::new(error),
            offsets: fen.offsets,
        })
    };
    let has_moves = epd
        .operations
        .iter()
        .any(|o| matches!(o.op, Op::BestMoves(_) | Op::AvoidMoves(_) | Op::Pv(_)));
    let (setup, pos) = match opts.validation {
        Validation::Syntax if !has_moves => {
            let setup = Setup::from_fen(&fen, opts.variant)
                .map_err(|e| ConvertEpdError::Position(ConvertError::Castling(e)))?;
            (setup, None)
        }
        _ => {
            let pos = Report::of_fen(&fen, opts.variant)
                .into_position()
                .map_err(illegal)?;
            (pos.setup().clone(), Some(pos))
        }
    };
    let mut text = String::with_capacity(line.len() + 16);
    if let Err(WriteFenError::Lossy(error)) = write_fen(&setup, &opts.write, &mut text) {
        return Err(ConvertEpdError::Position(ConvertError::Lossy {
            error,
            offset: fen.offsets.castling,
        }));
    }
    // The four position fields only.
    let fields = text
        .match_indices(' ')
        .nth(3)
        .map_or(text.len(), |(i, _)| i);
    text.truncate(fields);
    for o in &epd.operations {
        text.push(' ');
        let (opcode, moves) = match &o.op {
            Op::BestMoves(m) => ("bm", m),
            Op::AvoidMoves(m) => ("am", m),
            Op::Pv(m) => ("pv", m),
            other => {
                text.push_str(&other.to_string());
                continue;
            }
        };
        let Some(start) = &pos else {
            unreachable!("a record with moves has a position")
        };
        let offsets = operand_offsets(line, o.offset);
        let mut now = start.clone();
        let mut sans = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let mv = now.parse_move(m).map_err(|error| ConvertEpdError::Move {
                opcode,
                text: m.clone(),
                offset: offsets.get(i).copied().unwrap_or(o.offset),
                error,
            })?;
            sans.push(now.san(mv));
            if opcode == "pv" {
                now.play_unchecked(mv);
            }
        }
        let op = match opcode {
            "bm" => Op::BestMoves(sans),
            "am" => Op::AvoidMoves(sans),
            _ => Op::Pv(sans),
        };
        text.push_str(&op.to_string());
    }
    out.push_str(&text);
    Ok(setup)
}
