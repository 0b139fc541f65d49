//! EPD records: the four position fields of FEN (read by the FEN
//! grammar), then the operations, read and written here. The public face,
//! with what the parser accepts beyond the standard, is [`crate::epd`].

use core::fmt;

use crate::text::fen::{Fen, FenField, ParseFenErrorKind};

/// An EPD record: the position (a four-field [`Fen`], clocks `0 1`) and its
/// operations in order.
///
/// ```
/// use forsyth::epd::{Epd, Op};
/// let epd: Epd = "8/8/8/8/8/8/8/K6k w - - bm Kb2 Kb1; ce -15;".parse()?;
/// assert_eq!(epd.operations[0].op, Op::BestMoves(vec!["Kb2".into(), "Kb1".into()]));
/// assert_eq!(epd.operations[1].op, Op::Ce(-15));
/// assert_eq!(epd.operations[1].offset, 36);
/// # Ok::<_, forsyth::epd::ParseEpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The four position fields; their offsets are those of the line,
    /// blanks before the record counted.
    ///
    /// ```
    /// use forsyth::epd::Epd;
    /// let epd = Epd::from_ascii(b"  8/8/8/8/8/8/8/K6k w - - id \"x\";")?;
    /// assert_eq!(epd.fen.offsets.castling, 22);
    /// # Ok::<_, forsyth::epd::ParseEpdError>(())
    /// ```
    pub fen: Fen,
    /// The operations in the order written.
    pub operations: Vec<Operation>,
}

/// One operation and where its opcode starts (0-based byte offset).
///
/// ```
/// use forsyth::epd::{Epd, Op, Operation};
/// let epd = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - id \"x\";")?;
/// assert_eq!(epd.operations, [Operation { offset: 24, op: Op::Id("x".into()) }]);
/// # Ok::<_, forsyth::epd::ParseEpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// 0-based byte offset of the opcode in the line.
    pub offset: usize,
    /// The opcode and its operands.
    pub op: Op,
}

/// An operation's opcode and operands, typed for the common opcodes.
///
/// ```
/// use forsyth::epd::Op;
/// assert_eq!(Op::Acd(12).opcode(), "acd");
/// assert_eq!(Op::Comment { index: 7, text: String::new() }.opcode(), "c7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Op {
    /// `id`: the record's identifier.
    Id(String),
    /// `bm`: best moves, as written.
    BestMoves(Vec<String>),
    /// `am`: moves to avoid, as written.
    AvoidMoves(Vec<String>),
    /// `pv`: the predicted variation, as written.
    Pv(Vec<String>),
    /// `c0`-`c9`: comments.
    Comment {
        /// The digit of the opcode.
        index: u8,
        /// The text, escapes decoded.
        text: String,
    },
    /// `acd`: analysis depth in plies.
    Acd(u64),
    /// `acn`: analysis count of nodes.
    Acn(u64),
    /// `ce`: evaluation in centipawns, from the side to move's view.
    Ce(i64),
    /// `dm`: direct mate in this many moves.
    Dm(u64),
    /// `hmvc`: halfmove clock.
    Hmvc(u64),
    /// `fmvn`: fullmove number.
    Fmvn(u64),
    /// Any other opcode, operands as written.
    Other {
        /// The opcode.
        opcode: String,
        /// The operands.
        operands: Vec<Operand>,
    },
}

/// The opcodes typed beside the comments: each has its own [`Op`].
const TYPED_OPCODES: [&str; 10] = [
    "id", "bm", "am", "pv", "acd", "acn", "ce", "dm", "hmvc", "fmvn",
];

const COMMENT_OPCODES: [&str; 10] = ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"];

impl Op {
    /// The opcode as written.
    ///
    /// ```
    /// use forsyth::epd::{Op, Operand};
    /// assert_eq!(Op::Pv(vec![]).opcode(), "pv");
    /// assert_eq!(Op::Other { opcode: "noop".into(), operands: vec![] }.opcode(), "noop");
    /// ```
    pub fn opcode(&self) -> &str {
        match self {
            Op::Id(_) => "id",
            Op::BestMoves(_) => "bm",
            Op::AvoidMoves(_) => "am",
            Op::Pv(_) => "pv",
            Op::Comment { index, .. } => COMMENT_OPCODES[usize::from(*index).min(9)],
            Op::Acd(_) => "acd",
            Op::Acn(_) => "acn",
            Op::Ce(_) => "ce",
            Op::Dm(_) => "dm",
            Op::Hmvc(_) => "hmvc",
            Op::Fmvn(_) => "fmvn",
            Op::Other { opcode, .. } => opcode,
        }
    }
}

/// An operand of an opcode forsyth does not type.
///
/// ```
/// use forsyth::epd::{Epd, Op, Operand};
/// let epd = Epd::from_ascii(br#"8/8/8/8/8/8/8/K6k w - - tcgs "a b" 3;"#)?;
/// let Op::Other { operands, .. } = &epd.operations[0].op else { panic!() };
/// assert_eq!(operands, &[Operand::String("a b".into()), Operand::Token("3".into())]);
/// # Ok::<_, forsyth::epd::ParseEpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A quoted string, escapes decoded.
    String(String),
    /// Anything else, as written.
    Token(String),
}

/// The part of an EPD record an error is in.
///
/// ```
/// use forsyth::epd::EpdField;
/// use forsyth::fen::FenField;
/// assert_eq!(EpdField::Position(FenField::Castling).to_string(), "castling");
/// assert_eq!(EpdField::Operation("bm".into()).to_string(), "operation bm");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EpdField {
    /// One of the four position fields.
    Position(FenField),
    /// The operation with this opcode.
    Operation(String),
    /// The operations part, before an opcode could be read.
    Operations,
}

impl fmt::Display for EpdField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdField::Position(field) => write!(f, "{field}"),
            EpdField::Operation(opcode) => write!(f, "operation {opcode}"),
            EpdField::Operations => f.write_str("operations"),
        }
    }
}

/// What was wrong in an EPD record. Names (`name()`) are stable.
///
/// ```
/// use forsyth::epd::ParseEpdErrorKind;
/// assert_eq!(ParseEpdErrorKind::MissingSemicolon.name(), "missing_semicolon");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ParseEpdErrorKind {
    /// A position field broke the FEN grammar.
    Fen(ParseFenErrorKind),
    /// The position has clocks (six fields) or other text where an opcode
    /// should start: an opcode starts with a letter.
    BadOpcode,
    /// The operation is not ended by `;`.
    MissingSemicolon,
    /// A string operand has no closing `"`.
    UnterminatedString,
    /// The opcode needs an operand.
    MissingOperand,
    /// The opcode takes one operand.
    TooManyOperands,
    /// A number operand that is not a decimal number in range.
    BadNumber,
    /// A string operand where a move was expected.
    MoveExpected,
    /// The opcode was already given in this record.
    DuplicateOpcode,
    /// Bytes that are not UTF-8.
    InvalidUtf8,
}

impl ParseEpdErrorKind {
    /// The stable kind name; a position field's error has its FEN name.
    ///
    /// ```
    /// use forsyth::epd::ParseEpdErrorKind;
    /// use forsyth::fen::ParseFenErrorKind;
    /// assert_eq!(ParseEpdErrorKind::BadNumber.name(), "bad_number");
    /// assert_eq!(ParseEpdErrorKind::Fen(ParseFenErrorKind::MissingField).name(), "missing_field");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseEpdErrorKind::Fen(kind) => kind.name(),
            other => other.into(),
        }
    }
}

/// An EPD record that does not follow the grammar of `specs/pgn.md`.
///
/// ```
/// use forsyth::epd::{Epd, EpdField};
/// let err = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - acd x;").unwrap_err();
/// assert_eq!(err.field, EpdField::Operation("acd".into()));
/// assert_eq!(err.column(), 29);
/// assert_eq!(err.to_string(), "col 29: operation acd: bad_number: expected a decimal number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseEpdError {
    /// 0-based byte offset of the fault.
    pub offset: usize,
    /// Where it is.
    pub field: EpdField,
    /// What was wrong.
    pub kind: ParseEpdErrorKind,
}

impl ParseEpdError {
    /// The 1-based byte column.
    ///
    /// ```
    /// use forsyth::epd::Epd;
    /// assert_eq!(Epd::from_ascii(b"").unwrap_err().column(), 1);
    /// ```
    pub fn column(&self) -> usize {
        self.offset + 1
    }

    /// The kind.
    ///
    /// ```
    /// use forsyth::epd::{Epd, ParseEpdErrorKind};
    /// let err = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - bm e4").unwrap_err();
    /// assert_eq!(err.kind(), ParseEpdErrorKind::MissingSemicolon);
    /// ```
    pub fn kind(&self) -> ParseEpdErrorKind {
        self.kind
    }
}

impl fmt::Display for ParseEpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseEpdErrorKind::*;
        write!(
            f,
            "col {}: {}: {}: ",
            self.column(),
            self.field,
            self.kind.name()
        )?;
        match self.kind {
            Fen(_) => f.write_str("not a FEN position field"),
            kind => write!(f, "{kind}"),
        }
    }
}

impl fmt::Display for ParseEpdErrorKind {
    /// What was expected (for a position field, the FEN kind's message).
    ///
    /// ```
    /// use forsyth::epd::ParseEpdErrorKind;
    /// assert_eq!(ParseEpdErrorKind::MissingSemicolon.to_string(), "expected ';' after the operands");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseEpdErrorKind::*;
        match self {
            Fen(kind) => write!(f, "{kind}"),
            BadOpcode => f.write_str("expected an opcode (a letter, then letters, digits or _)"),
            MissingSemicolon => f.write_str("expected ';' after the operands"),
            UnterminatedString => f.write_str("string without its closing '\"'"),
            MissingOperand => f.write_str("expected an operand"),
            TooManyOperands => f.write_str("expected one operand"),
            BadNumber => f.write_str("expected a decimal number"),
            MoveExpected => f.write_str("expected a move, not a string"),
            DuplicateOpcode => f.write_str("opcode given twice"),
            InvalidUtf8 => f.write_str("not UTF-8"),
        }
    }
}

impl std::error::Error for ParseEpdError {}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// `epd = position_fields { blank+ operation } blank*`.
fn epd(input: &[u8]) -> Result<Epd, ParseEpdError> {
    let input = input.strip_suffix(b"\n").unwrap_or(input);
    let input = input.strip_suffix(b"\r").unwrap_or(input);
    let (fen, mut at) = position_fields(input)?;
    let mut operations: Vec<Operation> = Vec::new();
    loop {
        at += input[at..].iter().take_while(|&&b| is_blank(b)).count();
        if at == input.len() {
            return Ok(Epd { fen, operations });
        }
        let (op, next) = operation(input, at)?;
        if operations.iter().any(|o| o.op.opcode() == op.opcode()) {
            return Err(ParseEpdError {
                offset: at,
                field: EpdField::Operation(op.opcode().to_string()),
                kind: ParseEpdErrorKind::DuplicateOpcode,
            });
        }
        operations.push(Operation { offset: at, op });
        at = next;
    }
}

/// `position_fields = placement blank+ turn blank+ castling blank+
/// en_passant`, read by the FEN grammar. Returns the record and the offset
/// just past the fourth field.
fn position_fields(input: &[u8]) -> Result<(Fen, usize), ParseEpdError> {
    let start = input.iter().take_while(|&&b| is_blank(b)).count();
    let mut end = start;
    for field in 0..4 {
        if field > 0 {
            end += input[end..].iter().take_while(|&&b| is_blank(b)).count();
        }
        end += input[end..].iter().take_while(|&&b| !is_blank(b)).count();
    }
    match Fen::from_ascii(&input[start..end]) {
        Ok(mut fen) => {
            // The offsets of the line, not of the fields cut out of it.
            let o = &mut fen.offsets;
            for field in [
                &mut o.placement,
                &mut o.turn,
                &mut o.castling,
                &mut o.en_passant,
                &mut o.halfmoves,
                &mut o.fullmoves,
            ] {
                *field += start;
            }
            Ok((fen, end))
        }
        Err(e) => Err(ParseEpdError {
            offset: start + e.offset,
            field: EpdField::Position(e.field),
            kind: ParseEpdErrorKind::Fen(e.kind),
        }),
    }
}

/// `operation = opcode { blank+ operand } blank* ";"`. Returns the typed
/// operation and the offset past its `;`.
fn operation(input: &[u8], start: usize) -> Result<(Op, usize), ParseEpdError> {
    let (opcode, mut at) = opcode(input, start)?;
    let field = || EpdField::Operation(opcode.to_string());
    let err = |offset, kind| ParseEpdError {
        offset,
        field: field(),
        kind,
    };
    let mut operands: Vec<(usize, Operand)> = Vec::new();
    loop {
        at += input[at..].iter().take_while(|&&b| is_blank(b)).count();
        match input.get(at) {
            None => return Err(err(at, ParseEpdErrorKind::MissingSemicolon)),
            Some(b';') => break,
            Some(_) => {
                let (operand, next) = operand(input, at).map_err(|(o, k)| err(o, k))?;
                operands.push((at, operand));
                at = next;
            }
        }
    }
    let semicolon = at;
    let op = typed(opcode, operands, semicolon).map_err(|(o, k)| err(o, k))?;
    Ok((op, semicolon + 1))
}

/// `opcode = letter { letter | digit | "_" }`.
fn opcode(input: &[u8], start: usize) -> Result<(&str, usize), ParseEpdError> {
    let bad = ParseEpdError {
        offset: start,
        field: EpdField::Operations,
        kind: ParseEpdErrorKind::BadOpcode,
    };
    if !input[start].is_ascii_alphabetic() {
        return Err(bad);
    }
    let len = input[start..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let end = start + len;
    if input.get(end).is_some_and(|&b| !is_blank(b) && b != b';') {
        return Err(ParseEpdError { offset: end, ..bad });
    }
    // ASCII by construction.
    let text = core::str::from_utf8(&input[start..end]).map_err(|_| bad)?;
    Ok((text, end))
}

/// `operand = string | token`; `string = '"' { char | '\"' | '\\' } '"'`,
/// `token = { any byte but blank, ";" and '"' }+`.
fn operand(input: &[u8], start: usize) -> Result<(Operand, usize), (usize, ParseEpdErrorKind)> {
    let utf8 = |bytes: &[u8], base: usize| {
        core::str::from_utf8(bytes)
            .map(str::to_string)
            .map_err(|e| (base + e.valid_up_to(), ParseEpdErrorKind::InvalidUtf8))
    };
    if input[start] == b'"' {
        let mut at = start + 1;
        loop {
            match input.get(at) {
                None => return Err((start, ParseEpdErrorKind::UnterminatedString)),
                Some(b'"') => break,
                Some(b'\\') if matches!(input.get(at + 1), Some(b'"' | b'\\')) => at += 2,
                Some(_) => at += 1,
            }
        }
        // Escapes as in a PGN tag value.
        let raw = utf8(&input[start + 1..at], start + 1)?;
        let text = crate::text::pgn::TagValue::from_raw(&raw)
            .decode()
            .into_owned();
        return Ok((Operand::String(text), at + 1));
    }
    let len = input[start..]
        .iter()
        .take_while(|&&b| !is_blank(b) && b != b';' && b != b'"')
        .count();
    let text = utf8(&input[start..start + len], start)?;
    Ok((Operand::Token(text), start + len))
}

/// The typed operation for the opcodes forsyth knows.
fn typed(
    opcode: &str,
    operands: Vec<(usize, Operand)>,
    semicolon: usize,
) -> Result<Op, (usize, ParseEpdErrorKind)> {
    let one = |operands: Vec<(usize, Operand)>| -> Result<(usize, String), _> {
        let mut it = operands.into_iter();
        match (it.next(), it.next()) {
            (None, _) => Err((semicolon, ParseEpdErrorKind::MissingOperand)),
            (Some(_), Some((at, _))) => Err((at, ParseEpdErrorKind::TooManyOperands)),
            (Some((at, Operand::String(s) | Operand::Token(s))), None) => Ok((at, s)),
        }
    };
    let moves = |operands: Vec<(usize, Operand)>| {
        if operands.is_empty() {
            return Err((semicolon, ParseEpdErrorKind::MissingOperand));
        }
        operands
            .into_iter()
            .map(|(at, o)| match o {
                Operand::Token(t) => Ok(t),
                Operand::String(_) => Err((at, ParseEpdErrorKind::MoveExpected)),
            })
            .collect()
    };
    let unsigned = |operands| {
        let (at, text) = one(operands)?;
        match text.bytes().all(|b| b.is_ascii_digit()) {
            true => text
                .parse::<u64>()
                .map_err(|_| (at, ParseEpdErrorKind::BadNumber)),
            false => Err((at, ParseEpdErrorKind::BadNumber)),
        }
    };
    Ok(match opcode {
        "id" => Op::Id(one(operands)?.1),
        "bm" => Op::BestMoves(moves(operands)?),
        "am" => Op::AvoidMoves(moves(operands)?),
        "pv" => Op::Pv(moves(operands)?),
        "acd" => Op::Acd(unsigned(operands)?),
        "acn" => Op::Acn(unsigned(operands)?),
        "dm" => Op::Dm(unsigned(operands)?),
        "hmvc" => Op::Hmvc(unsigned(operands)?),
        "fmvn" => Op::Fmvn(unsigned(operands)?),
        "ce" => {
            let (at, text) = one(operands)?;
            let digits = text.strip_prefix(['-', '+']).unwrap_or(&text);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err((at, ParseEpdErrorKind::BadNumber));
            }
            Op::Ce(
                text.parse()
                    .map_err(|_| (at, ParseEpdErrorKind::BadNumber))?,
            )
        }
        _ => match COMMENT_OPCODES.iter().position(|c| *c == opcode) {
            Some(index) => Op::Comment {
                index: index as u8,
                text: one(operands)?.1,
            },
            None => Op::Other {
                opcode: opcode.to_string(),
                operands: operands.into_iter().map(|(_, o)| o).collect(),
            },
        },
    })
}

impl Epd {
    /// Parses one EPD record (a trailing line feed is allowed).
    ///
    /// ```
    /// use forsyth::epd::{Epd, EpdField};
    /// use forsyth::fen::FenField;
    /// let err = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - 0 1").unwrap_err();
    /// assert_eq!((err.kind.name(), err.column()), ("bad_opcode", 25));
    /// let err = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w KX - id \"x\";").unwrap_err();
    /// assert_eq!((&err.field, err.column()), (&EpdField::Position(FenField::Castling), 22));
    /// ```
    pub fn from_ascii(input: &[u8]) -> Result<Epd, ParseEpdError> {
        epd(input)
    }

    /// Whether a line is EPD with operations rather than FEN: a fifth
    /// field that starts with a letter (an opcode), where FEN has its
    /// halfmove clock, and either a `;` (every operation ends with one) or
    /// a fifth field that is an opcode this module types (`bm`, `id`,
    /// `c0`...: a record that only forgot its `;`). So a clock mistyped as
    /// a letter (`- x 1`) stays a FEN record, with FEN's error. Only looks
    /// at the bytes; parsing decides the rest.
    ///
    /// ```
    /// use forsyth::epd::Epd;
    /// assert!(Epd::has_operations(b"8/8/8/8/8/8/8/K6k w KQkq - c0 \"x\"; c1 \"*\";"));
    /// assert!(Epd::has_operations(b"8/8/8/8/8/8/8/K6k w - - noop;"));
    /// assert!(Epd::has_operations(b"8/8/8/8/8/8/8/K6k w - - bm Kb2"));
    /// assert!(!Epd::has_operations(b"8/8/8/8/8/8/8/K6k w - - x 1"));
    /// assert!(!Epd::has_operations(b"8/8/8/8/8/8/8/K6k w - - 0 1"));
    /// assert!(!Epd::has_operations(b"8/8/8/8/8/8/8/K6k w - -"));
    /// ```
    pub fn has_operations(line: &[u8]) -> bool {
        let Some(fifth) = line
            .split(|&b| is_blank(b))
            .filter(|field| !field.is_empty())
            .nth(4)
        else {
            return false;
        };
        fifth[0].is_ascii_alphabetic()
            && (line.contains(&b';')
                || TYPED_OPCODES.iter().any(|op| op.as_bytes() == fifth)
                || COMMENT_OPCODES.iter().any(|op| op.as_bytes() == fifth))
    }

    /// The first operation with this opcode.
    ///
    /// ```
    /// use forsyth::epd::{Epd, Op};
    /// let epd = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - dm 3;")?;
    /// assert_eq!(epd.get("dm"), Some(&Op::Dm(3)));
    /// assert_eq!(epd.get("bm"), None);
    /// # Ok::<_, forsyth::epd::ParseEpdError>(())
    /// ```
    pub fn get(&self, opcode: &str) -> Option<&Op> {
        self.operations
            .iter()
            .map(|o| &o.op)
            .find(|op| op.opcode() == opcode)
    }
}

impl core::str::FromStr for Epd {
    type Err = ParseEpdError;

    fn from_str(s: &str) -> Result<Epd, ParseEpdError> {
        Epd::from_ascii(s.as_bytes())
    }
}

/// A string operand, quoted, with `"` and `\` escaped as in a PGN tag
/// value.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", crate::text::pgn::TagValue::encode(self.0))
    }
}

impl fmt::Display for Op {
    /// `opcode operand…;`, strings quoted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.opcode())?;
        match self {
            Op::Id(s) | Op::Comment { text: s, .. } => write!(f, " {}", Quoted(s))?,
            Op::BestMoves(moves) | Op::AvoidMoves(moves) | Op::Pv(moves) => {
                for m in moves {
                    write!(f, " {m}")?;
                }
            }
            Op::Acd(n) | Op::Acn(n) | Op::Dm(n) | Op::Hmvc(n) | Op::Fmvn(n) => write!(f, " {n}")?,
            Op::Ce(n) => write!(f, " {n}")?,
            Op::Other { operands, .. } => {
                for o in operands {
                    match o {
                        Operand::String(s) => write!(f, " {}", Quoted(s))?,
                        Operand::Token(t) => write!(f, " {t}")?,
                    }
                }
            }
        }
        f.write_str(";")
    }
}

impl fmt::Display for Epd {
    /// The four fields as parsed (castling letters in their order), then
    /// each operation, one space apart.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = &self.fen;
        write!(f, "{} {} {} ", fen.board, fen.turn.char(), fen.castling)?;
        match fen.ep_square {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        for o in &self.operations {
            write!(f, " {}", o.op)?;
        }
        Ok(())
    }
}
