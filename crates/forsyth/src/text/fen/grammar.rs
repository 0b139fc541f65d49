//! The FEN grammar, one function per rule of `specs/fen.md` (same names,
//! `-` read as `_`), each with its rule in its doc comment.
//!
//! Every parser works on bytes, so a line that is not UTF-8 is an ordinary
//! syntax error at the first byte that does not fit. A field parser reports
//! its faults as recoverable errors (`nom::Err::Error`) carrying its field;
//! [`record`] commits to each field with `cut` once the separator before it
//! has been read (nothing else can follow there), so the innermost field's
//! error is the one reported, with the remaining input marking the position.
//! At the public boundary that remainder becomes a byte offset: no nom type
//! leaks out.
//!
//! The grammar is the definition. Beside it stands one fast path,
//! [`fast_record`], for the plain form that nearly every real record has:
//! it reads a record the grammar reads, to the same result, or declines
//! (`None`), and the grammar then reads the record, its errors included.
//! [`record_english`] puts the two together; tests check on any input
//! that it gives exactly what the grammar gives.

use nom::{
    bytes::complete::{take_while, take_while1},
    combinator::cut,
    error::{ErrorKind, ParseError},
    IResult, Parser,
};

use super::error::{FenField, ParseFenError, ParseFenErrorKind};
use super::syntax::{CastlingField, CastlingToken, Fen, FieldOffsets};
use crate::board::{Board, Color, File, Rank, Square};
use crate::text::letters::{ascii_byte, Alphabet, English, Letters, ENGLISH_BLACK, ENGLISH_WHITE};

/// The grammar's internal error: the input left at the fault, the field and
/// what was expected. Turned into a [`ParseFenError`] (a byte offset) at the
/// public boundary, so no nom type leaks out.
#[derive(Debug, PartialEq)]
pub(crate) struct GrammarError<'a> {
    pub(crate) rest: &'a [u8],
    pub(crate) field: FenField,
    pub(crate) kind: ParseFenErrorKind,
}

impl<'a> ParseError<&'a [u8]> for GrammarError<'a> {
    fn from_error_kind(rest: &'a [u8], _kind: ErrorKind) -> Self {
        GrammarError {
            rest,
            field: FenField::Record,
            kind: ParseFenErrorKind::MissingField,
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        // The innermost context (the field) wins.
        other
    }
}

type PResult<'a, T> = IResult<&'a [u8], T, GrammarError<'a>>;

/// A field's fault at `rest`, recoverable until a caller `cut`s.
fn fault<T>(rest: &[u8], field: FenField, kind: ParseFenErrorKind) -> PResult<'_, T> {
    Err(nom::Err::Error(GrammarError { rest, field, kind }))
}

/// `blank = " " | "\t" | "\r" | "\n" | "\f" | "\v" ;` (trimmed around the
/// record; `\v` counts, unlike in `u8::is_ascii_whitespace`): the bytes a
/// FEN reader, of either board, skips around a record.
///
/// ```
/// use forsyth::fen::is_blank;
/// assert!(is_blank(b'\x0b') && is_blank(b'\t'));
/// assert!(!is_blank(0xa0) && !is_blank(b'/'));
/// ```
#[inline]
pub fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\x0b')
}

/// A byte of `separator`: a space or a tab.
#[inline]
fn is_separator_byte(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// `separator = ( " " | "\t" ) , { " " | "\t" } ;`
pub(crate) fn separator(input: &[u8]) -> PResult<'_, ()> {
    take_while1(is_separator_byte).map(|_| ()).parse(input)
}

/// What follows a field must be a separator or the end: a field that goes
/// on (`white`, `e3x`) is `ExpectedSeparator` where it should have ended.
fn field_end(rest: &[u8], field: FenField) -> PResult<'_, ()> {
    match rest.first() {
        Some(&b) if !is_separator_byte(b) => {
            fault(rest, field, ParseFenErrorKind::ExpectedSeparator)
        }
        _ => Ok((rest, ())),
    }
}

/// The squares of a rank and the ranks of a placement: the rules below
/// count with these, never with a literal.
const FILES: u8 = File::ALL.len() as u8;
const RANKS: u8 = Rank::ALL.len() as u8;

/// ```text
/// placement = rank , "/" , rank , "/" , rank , "/" , rank , "/" ,
///             rank , "/" , rank , "/" , rank , "/" , rank ;   (* rank 8 first *)
/// ```
///
/// The piece letters are those of `letters` (the `piece` rule is
/// English's).
pub(crate) fn placement<'a>(input: &'a [u8], letters: &impl Alphabet) -> PResult<'a, Board> {
    const F: FenField = FenField::Placement;
    let mut board = Board::empty();
    let mut rest = input;
    for index in (0..RANKS).rev() {
        let (after, squares) = rank(rest, index, &mut board, letters)?;
        let at_end = after.first().is_none_or(|&b| is_separator_byte(b));
        if squares < FILES {
            // An empty last rank after a slash (`8/8/8/8/8/8/8/ w`) is a
            // missing rank, not a short one.
            let kind = if squares == 0 && index < RANKS - 1 && at_end {
                ParseFenErrorKind::TooFewRanks {
                    ranks: RANKS - 1 - index,
                }
            } else {
                ParseFenErrorKind::RankTooShort {
                    rank: index + 1,
                    squares,
                }
            };
            return fault(after, F, kind);
        }
        match after {
            [b'/', next @ ..] if index > 0 => rest = next,
            [b'/', ..] => return fault(after, F, ParseFenErrorKind::TooManyRanks),
            _ if index > 0 => {
                return fault(
                    after,
                    F,
                    ParseFenErrorKind::TooFewRanks {
                        ranks: RANKS - index,
                    },
                )
            }
            _ => return Ok((after, board)),
        }
    }
    unreachable!("the loop returns at rank index 0")
}

/// ```text
/// rank  = { piece | empty } ;                             (* exactly 8 squares *)
/// piece = "P" | "N" | "B" | "R" | "Q" | "K"               (* White *)
///       | "p" | "n" | "b" | "r" | "q" | "k" ;             (* Black *)
/// empty = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" ;
/// ```
///
/// Puts the pieces of rank `index` (0 for the first) on `board`; stops
/// before `/`, a separator or the end, and returns how many squares the
/// rank described (a rank with more than [`FILES`] is an error at the
/// square that overflows).
pub(crate) fn rank<'a>(
    input: &'a [u8],
    index: u8,
    board: &mut Board,
    letters: &impl Alphabet,
) -> PResult<'a, u8> {
    const F: FenField = FenField::Placement;
    let too_long = |rest| fault(rest, F, ParseFenErrorKind::RankTooLong { rank: index + 1 });
    let mut file: u8 = 0;
    let mut i = 0;
    while let Some(&b) = input.get(i) {
        match PLACEMENT_CLASS[usize::from(b)] {
            Class::Empty(n) => {
                file += n;
                if file > FILES {
                    return too_long(&input[i..]);
                }
                i += 1;
            }
            Class::Slash | Class::Separator => break,
            Class::Other => {
                let Some((piece, len)) = letters.piece_prefix(&input[i..]) else {
                    return fault(&input[i..], F, ParseFenErrorKind::BadPlacementByte(b));
                };
                if file >= FILES {
                    return too_long(&input[i..]);
                }
                let sq = Square::new_wrapping(u32::from(index * FILES + file));
                board.put_on_empty(sq, piece);
                file += 1;
                i += len;
            }
        }
    }
    Ok((&input[i..], file))
}

/// What a byte means in the placement field.
#[derive(Copy, Clone)]
enum Class {
    Empty(u8),
    Slash,
    Separator,
    /// The start of a piece letter, or a fault: the alphabet decides.
    Other,
}

/// The class of every byte, so the placement loop does one lookup per byte
/// (piece letters are then looked up in the alphabet: English's is a byte
/// table too).
static PLACEMENT_CLASS: [Class; 256] = {
    let mut table = [Class::Other; 256];
    table[b'/' as usize] = Class::Slash;
    table[b' ' as usize] = Class::Separator;
    table[b'\t' as usize] = Class::Separator;
    let mut d = 1;
    while d <= FILES {
        table[(b'0' + d) as usize] = Class::Empty(d);
        d += 1;
    }
    table
};

/// The placement part of [`fast_record`]: [`placement`] in English
/// letters for a field without fault, or `None`.
///
/// Two table lookups per byte and one loop over the whole field: the only
/// branch that depends on the text is the loop's end, at the first byte
/// that is neither a piece letter, a digit nor `/`. Each byte sets the bit
/// of the square it reaches in one of fourteen sets (the twelve pieces, the
/// digits, the slashes) and moves on by what it says. Squares are counted
/// in reading order, so that bit `n` is the `n`-th square read (a8 first)
/// and each set is the board flipped top to bottom, turned the right way
/// up once at the end by reversing its bytes. A slash adds one to the
/// count's high half instead of a square. The ranks are judged after the
/// loop, not at each slash: with 64 squares read in all, the field is
/// right exactly when its 7 slashes stood after squares 8, 16, ... 56 (the
/// count only grows, so their bits are then 7 distinct ones). Judging each
/// slash in the loop cost a third of the loop's instructions; leaving the
/// loop at each rank's end cost a mispredicted branch per rank. The set and
/// the step of a byte are two tables rather than fields of one word: each
/// is then used as loaded, with no instruction to take it apart. The loop
/// reads four bytes a turn, so that its own count is paid once for four.
/// The squares are bits of one `u64`, so this is the 8x8 board's alone; a
/// placement of another shape is declined, for the grammar to read.
fn fast_placement(input: &[u8]) -> Option<(&[u8], Board)> {
    // The longest field without fault: 64 letters and 7 slashes. Reading at
    // most one byte more keeps the count's halves apart on any input.
    const LONGEST: usize = 64 + 7;
    let field = &input[..input.len().min(LONGEST + 1)];
    let mut bits = [0u64; Mark::End as usize];
    // Squares read (low half) and slashes read (high half).
    let mut at = 0u64;
    let mut len = field.len();
    let mut read = |i: usize, b: u8| {
        let set = ENGLISH_SET[usize::from(b)];
        if set == Mark::End {
            return Some(i);
        }
        // Wrapping: an over-long field runs on before it is rejected.
        bits[set as usize] |= 1u64.wrapping_shl(at as u32);
        at += ENGLISH_ADVANCE[usize::from(b)];
        None
    };
    'read: {
        let mut quads = field.chunks_exact(4);
        for (q, quad) in (&mut quads).enumerate() {
            for (k, &b) in quad.iter().enumerate() {
                if let Some(end) = read(4 * q + k, b) {
                    len = end;
                    break 'read;
                }
            }
        }
        let done = field.len() - quads.remainder().len();
        for (k, &b) in quads.remainder().iter().enumerate() {
            if let Some(end) = read(done + k, b) {
                len = end;
                break 'read;
            }
        }
    }
    let squares = u64::from(RANKS) * u64::from(FILES);
    let slashes = u64::from(RANKS) - 1;
    // A slash after each rank but the last, in reading order.
    let rank_ends = (1..u64::from(RANKS)).fold(0u64, |m, r| m | 1 << (r * u64::from(FILES)));
    if at != squares | slashes << STEP_SLASH_COUNT || bits[SLASH_SET] != rank_ends {
        return None;
    }
    let rest = &input[len..];
    match rest.first() {
        Some(b' ' | b'\t') | None => {
            let (pieces, _) = bits.split_first_chunk::<12>()?;
            Some((rest, Board::from_piece_bits(&pieces.map(u64::swap_bytes))))
        }
        _ => None,
    }
}

/// Where the count of slashes starts in [`fast_placement`]'s count.
const STEP_SLASH_COUNT: u32 = 32;
/// The set of the squares after which a slash stood.
const SLASH_SET: usize = Mark::Slash as usize;

/// The set a byte of the field marks in [`fast_placement`]: the squares of
/// a piece (`color * 6 + role`, White's pawn first), of the digits
/// (scratch), or after which a slash stood; or none, for a byte that ends
/// the field. An enum rather than a number, so that indexing the fourteen
/// sets by it needs no bounds check.
#[derive(Copy, Clone, PartialEq, Eq)]
#[repr(u8)]
enum Mark {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    Digit,
    Slash,
    End,
}

/// The mark of each byte: `PNBRQK` / `pnbrqk` (the `piece` rule) their
/// piece's, the digits 1 to 8 (`empty`) [`Mark::Digit`], `/`
/// [`Mark::Slash`], any other byte [`Mark::End`].
static ENGLISH_SET: [Mark; 256] = {
    use Mark::*;
    const PIECES: [Mark; 12] = [
        WhitePawn,
        WhiteKnight,
        WhiteBishop,
        WhiteRook,
        WhiteQueen,
        WhiteKing,
        BlackPawn,
        BlackKnight,
        BlackBishop,
        BlackRook,
        BlackQueen,
        BlackKing,
    ];
    let mut table = [End; 256];
    let mut k = 0;
    while k < 12 {
        let letter = match k {
            0..6 => ENGLISH_WHITE[k],
            _ => ENGLISH_BLACK[k - 6],
        };
        table[ascii_byte(letter) as usize] = PIECES[k];
        k += 1;
    }
    let mut d = 1;
    while d <= 8 {
        table[(b'0' + d) as usize] = Digit;
        d += 1;
    }
    table[b'/' as usize] = Slash;
    table
};

/// What each byte of the field adds to [`fast_placement`]'s count: a piece
/// one square, a digit its squares, `/` one slash (in the count's high
/// half, [`STEP_SLASH_COUNT`]).
static ENGLISH_ADVANCE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match ENGLISH_SET[b] {
            Mark::End => 0,
            Mark::Digit => (b - b'0' as usize) as u64,
            Mark::Slash => 1 << STEP_SLASH_COUNT,
            _ => 1,
        };
        b += 1;
    }
    table
};

/// `turn = "w" | "b" ;`
pub(crate) fn turn(input: &[u8]) -> PResult<'_, Color> {
    const F: FenField = FenField::Turn;
    let Some(&b) = input.first() else {
        return fault(input, F, ParseFenErrorKind::MissingField);
    };
    let Some(color) = Color::from_char(b as char) else {
        return fault(input, F, ParseFenErrorKind::BadTurn(b));
    };
    let (rest, ()) = field_end(&input[1..], F)?;
    Ok((rest, color))
}

/// `castling = "-" | castling-letter , { castling-letter } ;` (each letter
/// at most once)
pub(crate) fn castling(input: &[u8]) -> PResult<'_, CastlingField> {
    const F: FenField = FenField::Castling;
    let (rest, text) = take_while(|b| !is_separator_byte(b)).parse(input)?;
    match text {
        [] => return fault(input, F, ParseFenErrorKind::MissingField),
        [b'-'] => return Ok((rest, CastlingField::new())),
        [b'-', ..] => return fault(&input[1..], F, ParseFenErrorKind::CastlingDashWithLetters),
        _ => {}
    }
    let mut field = CastlingField::new();
    for (i, &b) in text.iter().enumerate() {
        let (_, token) = castling_letter(&input[i..])?;
        if !field.push(token) {
            return fault(&input[i..], F, ParseFenErrorKind::DuplicateCastling(b));
        }
    }
    Ok((rest, field))
}

/// ```text
/// castling-letter = "K" | "Q" | "k" | "q"
///                 | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H"
///                 | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" ;
/// ```
pub(crate) fn castling_letter(input: &[u8]) -> PResult<'_, CastlingToken> {
    const F: FenField = FenField::Castling;
    let Some(&b) = input.first() else {
        return fault(input, F, ParseFenErrorKind::MissingField);
    };
    match CastlingToken::from_ascii(b) {
        Some(token) => Ok((&input[1..], token)),
        None if b == b'-' => fault(input, F, ParseFenErrorKind::CastlingDashWithLetters),
        None => fault(input, F, ParseFenErrorKind::BadCastlingByte(b)),
    }
}

/// ```text
/// en-passant = "-" | ep-file , ( "3" | "6" ) ;
/// ep-file    = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" ;
/// ```
pub(crate) fn en_passant(input: &[u8]) -> PResult<'_, Option<Square>> {
    const F: FenField = FenField::EnPassant;
    match input {
        [] => fault(input, F, ParseFenErrorKind::MissingField),
        [b'-', rest @ ..] => {
            let (rest, ()) = field_end(rest, F)?;
            Ok((rest, None))
        }
        [f @ b'a'..=b'h', r @ b'1'..=b'8', rest @ ..] => {
            let (rest, ()) = field_end(rest, F)?;
            if *r != b'3' && *r != b'6' {
                return fault(input, F, ParseFenErrorKind::EnPassantRank);
            }
            Ok((rest, Square::from_ascii(&[*f, *r])))
        }
        _ => fault(input, F, ParseFenErrorKind::BadEnPassant),
    }
}

/// ```text
/// number = digit , { digit } ;        (* value at most 4294967295 *)
/// digit  = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;
/// ```
fn number(input: &[u8], field: FenField) -> PResult<'_, u32> {
    if input.is_empty() {
        return fault(input, field, ParseFenErrorKind::MissingField);
    }
    let (rest, digits) = take_while(|b: u8| b.is_ascii_digit()).parse(input)?;
    if digits.is_empty() || rest.first().is_some_and(|&b| !is_separator_byte(b)) {
        let at = if digits.is_empty() { input } else { rest };
        return fault(at, field, ParseFenErrorKind::BadNumber);
    }
    let mut value: u32 = 0;
    for &d in digits {
        value = match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(d - b'0')))
        {
            Some(v) => v,
            None => return fault(input, field, ParseFenErrorKind::NumberTooLarge),
        };
    }
    Ok((rest, value))
}

/// `halfmove-clock = number ;`
pub(crate) fn halfmove_clock(input: &[u8]) -> PResult<'_, u32> {
    number(input, FenField::Halfmoves)
}

/// `fullmove-number = number ;` (`0` is accepted here; validation judges it)
pub(crate) fn fullmove_number(input: &[u8]) -> PResult<'_, u32> {
    number(input, FenField::Fullmoves)
}

/// `separator , field`, committed: once the separator is read the field
/// must follow (`cut`), and a missing separator or an end of line is
/// `MissingField` of `field`. Returns the input at the field's start too,
/// for its offset.
fn then<'a, T>(
    input: &'a [u8],
    field: FenField,
    parser: impl Parser<&'a [u8], Output = T, Error = GrammarError<'a>>,
) -> PResult<'a, (&'a [u8], T)> {
    let start = match separator(input) {
        Ok((rest, ())) if !rest.is_empty() => rest,
        Ok((rest, ())) => return fault(rest, field, ParseFenErrorKind::MissingField),
        Err(_) => return fault(input, field, ParseFenErrorKind::MissingField),
    };
    let (rest, value) = cut(parser).parse(start)?;
    Ok((rest, (start, value)))
}

/// ```text
/// record = { blank } , placement , separator , turn , separator , castling ,
///          separator , en-passant , [ separator , halfmove-clock , separator ,
///          fullmove-number ] , { blank } ;
/// ```
/// Offsets are relative to `input`; the placement's piece letters are
/// those of `letters`.
pub(crate) fn record(input: &[u8], letters: &impl Alphabet) -> Result<Fen, ParseFenError> {
    // Trim the end first so that trailing white space is not a "field".
    let end = input
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    let body = &input[..end];
    let start = body.iter().position(|&b| !is_blank(b)).unwrap_or(end);
    if start == end {
        return Err(ParseFenError {
            offset: start,
            field: FenField::Record,
            kind: ParseFenErrorKind::EmptyRecord,
        });
    }
    // Every slice the grammar returns is a suffix of `body`, so its offset
    // is `body.len() - rest.len()`.
    match fields(body, start, letters) {
        Ok((_, fen)) => Ok(fen),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(ParseFenError {
            offset: body.len() - e.rest.len(),
            field: e.field,
            kind: e.kind,
        }),
        Err(nom::Err::Incomplete(_)) => Err(ParseFenError {
            offset: body.len(),
            field: FenField::Record,
            kind: ParseFenErrorKind::MissingField,
        }),
    }
}

/// [`record`] in English letters: [`fast_record`] first, then, for a
/// record it declines, the grammar. The same result as [`record`] for
/// every input.
pub(crate) fn record_english(input: &[u8]) -> Result<Fen, ParseFenError> {
    match fast_record(input) {
        Some(fen) => Ok(fen),
        None => record(input, &English),
    }
}

/// The fast path beside the grammar: [`record`] in English letters for the
/// plain form of a record that real files hold nearly always, or `None`.
/// The plain form: no blank before it, one space between fields, a
/// placement of eight ranks read by [`fast_placement`], the turn, castling
/// letters (or `-`), `-` or an en-passant square, then nothing or two
/// clocks of at most 9 digits, then blanks at most. Straight-line code,
/// each field read where the one before it ended, without nom's
/// combinators. It never reports an error: whatever it declines (any
/// fault, any other form) the grammar reads.
fn fast_record(input: &[u8]) -> Option<Fen> {
    let end = match input.last() {
        Some(&b) if is_blank(b) => input.iter().rposition(|&b| !is_blank(b))? + 1,
        _ => input.len(),
    };
    let body = &input[..end];
    let (rest, board) = fast_placement(body)?;
    let at = |rest: &[u8]| end - rest.len();
    // ` w ` / ` b `.
    let (turn, rest) = match rest {
        [b' ', b'w', b' ', rest @ ..] => (Color::White, rest),
        [b' ', b'b', b' ', rest @ ..] => (Color::Black, rest),
        _ => return None,
    };
    let turn_at = at(rest) - 2;
    let castling_at = at(rest);
    let mut castling = CastlingField::new();
    let rest = match rest {
        [b'-', rest @ ..] => rest,
        _ => {
            let mut rest = rest;
            while let [b, more @ ..] = rest {
                if *b == b' ' {
                    break;
                }
                if !castling.push_ascii(*b)? {
                    return None;
                }
                rest = more;
            }
            if castling.is_empty() {
                return None;
            }
            rest
        }
    };
    let ep_at = at(rest) + 1;
    let (ep_square, rest) = match rest {
        [b' ', b'-', rest @ ..] => (None, rest),
        [b' ', f @ b'a'..=b'h', r @ (b'3' | b'6'), rest @ ..] => {
            (Square::from_ascii(&[*f, *r]), rest)
        }
        _ => return None,
    };
    // The clocks, then the record built once, in the place it is returned
    // to.
    let (halfmoves, fullmoves, offsets) = match rest {
        [] => (0, 1, None),
        [b' ', rest @ ..] => {
            let halfmoves_at = at(rest);
            let (halfmoves, rest) = plain_number(rest)?;
            let [b' ', rest @ ..] = rest else {
                return None;
            };
            let fullmoves_at = at(rest);
            let (fullmoves, rest) = plain_number(rest)?;
            if !rest.is_empty() {
                return None;
            }
            (halfmoves, fullmoves, Some((halfmoves_at, fullmoves_at)))
        }
        _ => return None,
    };
    let (halfmoves_at, fullmoves_at) = offsets.unwrap_or((end, end));
    Some(Fen {
        board,
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
        has_clocks: offsets.is_some(),
        offsets: FieldOffsets {
            placement: 0,
            turn: turn_at,
            castling: castling_at,
            en_passant: ep_at,
            halfmoves: halfmoves_at,
            fullmoves: fullmoves_at,
        },
    })
}

/// A clock of 1 to 9 digits (no overflow possible) and what follows it, for
/// [`fast_record`]; `None` for anything else.
#[inline(always)]
fn plain_number(input: &[u8]) -> Option<(u32, &[u8])> {
    // One pass: each byte is either a digit folded in or the end.
    let mut value = 0u32;
    let mut digits = 0;
    while let Some(&b) = input.get(digits) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if digits == 9 {
            return None;
        }
        value = value * 10 + u32::from(d);
        digits += 1;
    }
    if digits == 0 {
        return None;
    }
    Some((value, &input[digits..]))
}

/// The fields of a trimmed record `body` whose placement starts at `start`,
/// in `letters`.
fn fields<'a>(body: &'a [u8], start: usize, letters: &impl Alphabet) -> PResult<'a, Fen> {
    let at = |rest: &[u8]| body.len() - rest.len();
    let (rest, board) = cut(|i| placement(i, letters)).parse(&body[start..])?;
    let (rest, (t, turn)) = then(rest, FenField::Turn, turn)?;
    let (rest, (c, castling)) = then(rest, FenField::Castling, castling)?;
    let (rest, (e, ep_square)) = then(rest, FenField::EnPassant, en_passant)?;
    let mut offsets = FieldOffsets {
        placement: start,
        turn: at(t),
        castling: at(c),
        en_passant: at(e),
        halfmoves: at(rest),
        fullmoves: at(rest),
    };
    let fen = Fen {
        board,
        turn,
        castling,
        ep_square,
        halfmoves: 0,
        fullmoves: 1,
        has_clocks: false,
        offsets,
    };
    if rest.is_empty() {
        return Ok((rest, fen));
    }
    let (rest, (h, halfmoves)) = then(rest, FenField::Halfmoves, halfmove_clock)?;
    if rest.is_empty() {
        return Err(nom::Err::Failure(GrammarError {
            rest,
            field: FenField::Fullmoves,
            kind: ParseFenErrorKind::MissingFullmoves,
        }));
    }
    let (rest, (f, fullmoves)) = then(rest, FenField::Fullmoves, fullmove_number)?;
    if !rest.is_empty() {
        let (rest, ()) = separator(rest)?;
        return Err(nom::Err::Failure(GrammarError {
            rest,
            field: FenField::Record,
            kind: ParseFenErrorKind::TrailingText,
        }));
    }
    offsets.halfmoves = at(h);
    offsets.fullmoves = at(f);
    Ok((
        rest,
        Fen {
            halfmoves,
            fullmoves,
            has_clocks: true,
            offsets,
            ..fen
        },
    ))
}

impl Fen {
    /// Parses one FEN record from bytes.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
    /// assert_eq!(fen.halfmoves, 1);
    /// assert!(Fen::from_ascii(b"not a fen").is_err());
    /// ```
    pub fn from_ascii(input: &[u8]) -> Result<Fen, ParseFenError> {
        record_english(input)
    }

    /// Parses one FEN record whose placement is written with the piece
    /// letters of `letters` (the other fields are the same in every
    /// language).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::fen::Fen;
    /// use forsyth::notation::Letters;
    /// let german = Letters::ENGLISH.with_pieces(
    ///     ["B", "S", "L", "T", "D", "K"].map(Cow::Borrowed),
    ///     ["b", "s", "l", "t", "d", "k"].map(Cow::Borrowed),
    /// );
    /// let fen = Fen::from_ascii_with("T7/4k3/4S3/K2L4/8/8/8/5T2 w - - 0 1".as_bytes(), &german)?;
    /// assert_eq!(fen.board.to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2");
    /// # Ok::<_, forsyth::fen::ParseFenError>(())
    /// ```
    pub fn from_ascii_with(input: &[u8], letters: &Letters) -> Result<Fen, ParseFenError> {
        record(input, letters)
    }
}

/// A placement field alone (English letters), for serde.
#[cfg(feature = "serde")]
pub(crate) fn placement_from_ascii(input: &[u8]) -> Option<crate::board::Board> {
    match placement(input, &English) {
        Ok((b"", board)) => Some(board),
        _ => None,
    }
}

impl core::str::FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        Fen::from_ascii(s.as_bytes())
    }
}

#[cfg(feature = "serde")]
crate::text::serde_via_text!(CastlingField, "a castling field", |t| {
    castling(t.as_bytes())
        .ok()
        .filter(|(rest, _)| rest.is_empty())
        .map(|(_, field)| field)
});

// A board is read back through the placement grammar, so its serde lives
// here, in the text layer, not beside `Board` (layer 0); a castling field
// through the castling rule.
#[cfg(feature = "serde")]
crate::text::serde_via_text!(crate::board::Board, "a piece placement", |t| {
    placement_from_ascii(t.as_bytes())
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Role;
    use proptest::prelude::*;

    fn record_en(input: &[u8]) -> Result<Fen, ParseFenError> {
        record(input, &English)
    }

    fn err(input: &str) -> (usize, FenField, ParseFenErrorKind) {
        let e = record(input.as_bytes(), &English).unwrap_err();
        (e.offset, e.field, e.kind)
    }

    /// The English reader (the fast path, then the grammar) and the
    /// grammar alone agree on records with mutated placements, result and
    /// error alike.
    #[test]
    fn fast_placement_agrees_with_the_grammar() {
        let alphabet = b"PNBRQKpnbrqk012345678999// \t\rxK";
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let valid = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "8/8/8/8/8/8/8/8 w - -",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R\tw KQkq - 0 1",
        ];
        for i in 0..40_000 {
            let mut line: Vec<u8> = valid[i % valid.len()].as_bytes().to_vec();
            // Mutate a few bytes of the placement, or cut the line short.
            for _ in 0..(next() % 3) {
                let at = (next() % 50) as usize % line.len();
                line[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            if next() % 8 == 0 {
                line.truncate((next() % 60) as usize);
            }
            assert_eq!(
                record_english(&line),
                record(&line, &English),
                "{}",
                String::from_utf8_lossy(&line)
            );
        }
    }

    /// Each line is declined by the fast placement path, and the record
    /// reader (fast path first) refuses it as the grammar does.
    fn rejected_like_the_grammar(lines: &[&str]) {
        for line in lines {
            assert_eq!(
                fast_placement(line.as_bytes()).map(|(_, b)| b),
                None,
                "{line}"
            );
            let fast = record_english(line.as_bytes());
            assert!(fast.is_err(), "{line}");
            assert_eq!(fast, record(line.as_bytes(), &English), "{line}");
        }
    }

    /// The fast path lets an over-long rank run to its end before it
    /// rejects it: it still rejects it exactly where the grammar does,
    /// whether the surplus comes from letters, digits or both.
    #[test]
    fn fast_placement_rejects_over_long_ranks_like_the_grammar() {
        let lines = [
            "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "88/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/K7k w - - 0 1",
            "8/8/8/8/8/8/8/8p w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R1 w K - 0 1",
            "pppppppppppppppppppppppppppppppp/8/8/8/8/8/8/8 w - -",
            "8/8/8/8/8/8/8/8888888888888888888888888888888888",
        ];
        rejected_like_the_grammar(&lines);
    }

    /// The fast path counts the ranks with arithmetic, not by leaving its
    /// loop at each `/`: a field with too few or too many ranks, an empty
    /// rank, or a short rank made up by a long one is still rejected where
    /// the grammar rejects it.
    #[test]
    fn fast_placement_counts_ranks_like_the_grammar() {
        let lines = [
            "8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8/ w - - 0 1",
            "/8/8/8/8/8/8/8/8 w - - 0 1",
            "8//8/8/8/8/8/8/8 w - - 0 1",
            "7/9/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R/ w - - 0 1",
            "pppppppp7/1/8/8/8/8/8/8 w - - 0 1",
            "7/p8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8/ w - - 0 1",
            "8/8/8/8/8/8/8//8 w - - 0 1",
            "8/7//1p7/8/8/8/8/8 w - - 0 1",
            "/8/8/8/8/8/8/8 w - - 0 1",
            "11111111/11111111/11111111/11111111/11111111/11111111/11111111/111111111 w - -",
            "8/8/8/8/8/8/8/7",
            "",
            "/",
            "////////",
        ];
        rejected_like_the_grammar(&lines);
        // Every piece lands on its square: the fast path's board is the
        // grammar's on a field with pieces on every rank and file.
        let full = b"rnbqkbnr/pppppppp/PPPPPPPP/nnnnnnnn/BBBBBBBB/kkkkkkkk/QQQQQQQQ/RNBQKBNR";
        let (_, board) = fast_placement(full).expect("a field without fault");
        assert_eq!(Ok((&b""[..], board)), placement(full, &English));
        // The longest field without fault (71 bytes, every square a digit)
        // is the fast path's too.
        let longest = ["11111111"; 8].join("/").into_bytes();
        assert_eq!(longest.len(), 71);
        let (_, board) = fast_placement(&longest).expect("a field without fault");
        assert_eq!(Ok((&b""[..], board)), placement(&longest, &English));
    }

    /// The fast path is a shortcut of the grammar: whatever it accepts, the
    /// grammar reads to the same record (offsets included), and it takes
    /// the plain lines it was made for.
    #[test]
    fn plain_record_path_agrees_with_the_grammar() {
        let alphabet = b"PNBRQKpnbrqk0123456789/ \t\r\nxKwb-AHhe36";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let plain = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 12 ",
            "4k3/8/8/8/8/8/8/4K2R w Kq - 999999999 100000000",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\r\n",
            "8/8/8/8/8/8/8/K6k b - c6",
        ];
        for line in plain {
            let fen = fast_record(line.as_bytes()).expect("a plain line");
            assert_eq!(Ok(fen), record(line.as_bytes(), &English), "{line}");
        }
        let mut taken = 0;
        for i in 0..60_000 {
            let mut line: Vec<u8> = plain[i % plain.len()].as_bytes().to_vec();
            for _ in 0..(next() % 3) {
                let at = (next() % 80) as usize % line.len();
                line[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            if next() % 8 == 0 {
                line.truncate((next() % 80) as usize);
            }
            if let Some(fen) = fast_record(&line) {
                taken += 1;
                assert_eq!(
                    Ok(fen),
                    record(&line, &English),
                    "{}",
                    String::from_utf8_lossy(&line)
                );
            }
            assert_eq!(record_english(&line), record(&line, &English));
        }
        assert!(taken > 10_000, "the plain path took only {taken} lines");
    }

    /// A FEN-like line: eight ranks (sometimes seven or nine) of piece
    /// letters and digits of any count, a turn, castling letters, an
    /// en-passant field and clocks, each field well formed most of the
    /// time, joined by separators that are usually one space, with blanks
    /// around the line now and then.
    fn arb_line() -> impl Strategy<Value = Vec<u8>> {
        // Eight squares, empty or not, written with digits for the runs of
        // empty ones; or any run of placement bytes.
        let square = prop_oneof![3 => Just(None), 1 => "[pnbrqkPNBRQK]".prop_map(Some)];
        let squares = proptest::collection::vec(square, 8).prop_map(|squares| {
            let mut rank = String::new();
            let mut empty = 0;
            for square in squares {
                match square {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push_str(&letter);
                    }
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            rank
        });
        let rank = prop_oneof![40 => squares, 1 => "[pnbrqkPNBRQK1-9xX0]{0,10}"];
        let ranks = prop_oneof![
            20 => proptest::collection::vec(rank.clone(), 8),
            1 => proptest::collection::vec(rank, 6..=9),
        ];
        // Each field well formed, nearly (a letter or digit that does not
        // belong, a letter twice, a number that is too long), or anything.
        let turn = prop_oneof![20 => "[wb]", 2 => "[wbWBx-]", 1 => "[wbWBx-]{0,3}"];
        let castling = prop_oneof![
            20 => prop::sample::select(&["-", "KQkq", "KQ", "kq", "K", "q", "HAha", "AHah", "Gc", "KQkd"][..])
                .prop_map(String::from),
            2 => "[KQkqA-Ha-h-]{1,4}",
            1 => "[KQkqA-Ha-hxX-]{0,5}",
        ];
        let en_passant =
            prop_oneof![20 => "-|[a-h][36]", 2 => "[a-h][0-9]", 1 => "[a-h1-9x-]{0,3}"];
        let clocks = prop_oneof![
            10 => Just(String::new()),
            20 => "[0-9]{1,3} [1-9][0-9]{0,2}",
            2 => "[0-9]{1,11} [0-9]{1,11}",
            1 => "[0-9 x-]{0,12}",
        ];
        let separator = prop_oneof![30 => Just(" "), 1 => Just("\t"), 1 => Just("  ")];
        let blanks = prop_oneof![20 => Just(""), 1 => Just(" "), 1 => Just("\r\n")];
        (
            ranks,
            (turn, castling, en_passant, clocks),
            proptest::collection::vec(separator, 5),
            (blanks.clone(), blanks),
        )
            .prop_map(
                |(ranks, (turn, castling, ep, clocks), sep, (lead, trail))| {
                    let mut line = format!("{lead}{}", ranks.join("/"));
                    for (field, sep) in [turn, castling, ep].iter().zip(&sep) {
                        line.push_str(sep);
                        line.push_str(field);
                    }
                    if !clocks.is_empty() {
                        line.push_str(sep[3]);
                        line.push_str(&clocks.replacen(' ', sep[4], 1));
                    }
                    line.push_str(trail);
                    line.into_bytes()
                },
            )
    }

    /// `line` with a few bytes replaced, inserted or removed.
    fn arb_mutated_line() -> impl Strategy<Value = Vec<u8>> {
        let edit = (any::<prop::sample::Index>(), 0..3u8, any::<u8>());
        let edits = prop_oneof![
            1 => Just(Vec::new()),
            1 => proptest::collection::vec(edit, 1..3),
        ];
        (arb_line(), edits).prop_map(|(mut line, edits)| {
            const BYTES: &[u8] = b"pnbrqkPNBRQK012345689/ \t-wbKQkqAHah36x";
            for (at, how, b) in edits {
                let b = BYTES[usize::from(b) % BYTES.len()];
                let at = at.index(line.len() + 1);
                match how {
                    0 if at < line.len() => line[at] = b,
                    1 => line.insert(at, b),
                    _ if at < line.len() => {
                        line.remove(at);
                    }
                    _ => {}
                }
            }
            line
        })
    }

    /// The fast path and the grammar agree on `line`: the English reader
    /// gives what the grammar gives (the record, or the error with its
    /// offset, field and kind), and whatever the fast path accepts the
    /// grammar reads to the same record. Returns whether the fast path
    /// took the line.
    fn agree(line: &[u8]) -> bool {
        let shown = String::from_utf8_lossy(line);
        let grammar = record(line, &English);
        assert_eq!(record_english(line), grammar, "{shown}");
        let fast = fast_record(line);
        if let Some(fen) = &fast {
            assert_eq!(Ok(fen), grammar.as_ref(), "{shown}");
        }
        fast.is_some()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4_000))]

        /// Well-formed and nearly well-formed lines.
        #[test]
        fn fast_path_agrees_with_the_grammar_on_lines(line in arb_line()) {
            agree(&line);
        }

        /// The same lines with bytes replaced, inserted or removed.
        #[test]
        fn fast_path_agrees_with_the_grammar_on_mutated_lines(line in arb_mutated_line()) {
            agree(&line);
        }

        /// Any bytes at all.
        #[test]
        fn fast_path_agrees_with_the_grammar_on_any_bytes(line in proptest::collection::vec(any::<u8>(), 0..80)) {
            agree(&line);
        }
    }

    /// The property's lines exercise both readers: the fast path takes
    /// many, declines many, and the grammar rejects many.
    #[test]
    fn the_lines_reach_both_readers() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let (mut fast, mut declined, mut rejected) = (0, 0, 0);
        for _ in 0..4_000 {
            let line = arb_mutated_line()
                .new_tree(&mut runner)
                .expect("a line")
                .current();
            if agree(&line) {
                fast += 1;
            } else if record(&line, &English).is_ok() {
                declined += 1;
            } else {
                rejected += 1;
            }
        }
        assert!(
            fast > 800 && declined > 200 && rejected > 1_000,
            "fast {fast}, declined but read {declined}, rejected {rejected}"
        );
    }

    #[test]
    fn placement_reads_eight_ranks() {
        let (rest, board) = placement(b"8/8/8/8/8/8/8/K6k w", &English).unwrap();
        assert_eq!(rest, b" w");
        assert_eq!(board.occupied().count(), 2);
    }

    #[test]
    fn placement_errors() {
        use ParseFenErrorKind::*;
        assert_eq!(
            err("9/8/8/8/8/8/8/8 w - -"),
            (0, FenField::Placement, BadPlacementByte(b'9'))
        );
        assert_eq!(
            err("ppppppppp/8/8/8/8/8/8/8 w - -").2,
            RankTooLong { rank: 8 }
        );
        assert_eq!(
            err("7/8/8/8/8/8/8/8 w - -"),
            (
                1,
                FenField::Placement,
                RankTooShort {
                    rank: 8,
                    squares: 7
                }
            )
        );
        assert_eq!(err("8/8/8/8/8/8/8 w - -").2, TooFewRanks { ranks: 7 });
        assert_eq!(err("8/8/8/8/8/8/8/ w - -").2, TooFewRanks { ranks: 7 });
        assert_eq!(err("8/8/8/8/8/8/8/8/8 w - -").2, TooManyRanks);
        assert_eq!(
            err("8/8/8/8/8/8/8/7 w - -").2,
            RankTooShort {
                rank: 1,
                squares: 7
            }
        );
    }

    #[test]
    fn turn_castling_ep_clock_errors() {
        use ParseFenErrorKind::*;
        let base = "8/8/8/8/8/8/8/8";
        assert_eq!(
            err(&format!("{base} x - -")),
            (16, FenField::Turn, BadTurn(b'x'))
        );
        assert_eq!(
            err(&format!("{base} white - -")),
            (17, FenField::Turn, ExpectedSeparator)
        );
        assert_eq!(
            err(&format!("{base} w KK -")),
            (19, FenField::Castling, DuplicateCastling(b'K'))
        );
        assert_eq!(
            err(&format!("{base} w -K -")),
            (19, FenField::Castling, CastlingDashWithLetters)
        );
        assert_eq!(
            err(&format!("{base} w K- -")),
            (19, FenField::Castling, CastlingDashWithLetters)
        );
        assert_eq!(
            err(&format!("{base} w - e4")),
            (20, FenField::EnPassant, EnPassantRank)
        );
        assert_eq!(
            err(&format!("{base} w - e3x")),
            (22, FenField::EnPassant, ExpectedSeparator)
        );
        assert_eq!(
            err(&format!("{base} w - z")),
            (20, FenField::EnPassant, BadEnPassant)
        );
        assert_eq!(
            err(&format!("{base} w - - 1")),
            (23, FenField::Fullmoves, MissingFullmoves)
        );
        assert_eq!(
            err(&format!("{base} w - - -1 1")),
            (22, FenField::Halfmoves, BadNumber)
        );
        assert_eq!(
            err(&format!("{base} w - - 1x 1")),
            (23, FenField::Halfmoves, BadNumber)
        );
        assert_eq!(
            err(&format!("{base} w - - 0 4294967296")),
            (24, FenField::Fullmoves, NumberTooLarge)
        );
        assert_eq!(
            err(&format!("{base} w - - 0 1 x")),
            (26, FenField::Record, TrailingText)
        );
        assert_eq!(
            err(&format!("{base} w -")),
            (19, FenField::EnPassant, MissingField)
        );
        assert_eq!(
            err(&format!("{base} w - ")),
            (19, FenField::EnPassant, MissingField)
        );
        assert_eq!(err(base), (15, FenField::Turn, MissingField));
        assert_eq!(err("  \t "), (0, FenField::Record, EmptyRecord));
    }

    #[test]
    fn accepts_runs_of_blanks_and_four_fields() {
        let fen = record_en(b"  8/8/8/8/8/8/8/K6k \t b\t\tAh  -   7  0 \r\n").unwrap();
        assert_eq!(fen.turn, Color::Black);
        assert_eq!(fen.castling.to_string(), "Ah");
        assert_eq!((fen.halfmoves, fen.fullmoves, fen.has_clocks), (7, 0, true));
        assert_eq!(fen.offsets.placement, 2);
        let fen = record_en(b"8/8/8/8/8/8/8/K6k w - e6").unwrap();
        assert_eq!(
            (fen.halfmoves, fen.fullmoves, fen.has_clocks),
            (0, 1, false)
        );
        assert_eq!(fen.ep_square, Some(Square::E6));
        assert_eq!(
            record_en(b"8/8/8/8/8/8/8/K6k w - - 4294967295 4294967295").map(|f| f.halfmoves),
            Ok(u32::MAX)
        );
    }

    /// The rule's parser on its own: the value and what it leaves.
    fn ok<'a, T>(r: PResult<'a, T>) -> (&'a [u8], T) {
        r.unwrap_or_else(|_| panic!("the rule should match"))
    }

    /// The rule's fault: its kind and the offset into `input`.
    fn fault_of<T>(input: &[u8], r: PResult<'_, T>) -> (usize, ParseFenErrorKind) {
        match r {
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => (input.len() - e.rest.len(), e.kind),
            _ => panic!("the rule should fail"),
        }
    }

    #[test]
    fn blank_is_the_six_white_space_bytes_of_the_spec() {
        let blanks: Vec<u8> = (0..=255u8).filter(|&b| is_blank(b)).collect();
        assert_eq!(blanks, b"\t\n\x0b\x0c\r ");
        // `\v` around a record is trimmed like any other blank.
        let fen = record_en(b"\x0b8/8/8/8/8/8/8/K6k w - -\x0b\n").unwrap();
        assert_eq!(fen.offsets.placement, 1);
    }

    #[test]
    fn separator_rule() {
        assert_eq!(ok(separator(b" \t w")), (&b"w"[..], ()));
        assert!(separator(b"w").is_err());
        assert!(separator(b"\n").is_err());
    }

    #[test]
    fn rank_rule() {
        let mut board = Board::empty();
        let (rest, squares) = ok(rank(b"r2k4/", 7, &mut board, &English));
        assert_eq!((rest, squares), (&b"/"[..], 8));
        assert_eq!(
            board.piece_at(Square::D8),
            Some(Role::King.of(Color::Black))
        );
        assert_eq!(ok(rank(b"3 w", 0, &mut Board::empty(), &English)).1, 3);
        // 4 + 1 squares, then the digit 4 overflows (offset 2).
        let input = b"4P4";
        assert_eq!(
            fault_of(input, rank(input, 0, &mut Board::empty(), &English)),
            (2, ParseFenErrorKind::RankTooLong { rank: 1 })
        );
    }

    #[test]
    fn turn_rule() {
        assert_eq!(ok(turn(b"b KQ")), (&b" KQ"[..], Color::Black));
        assert_eq!(
            fault_of(b"W", turn(b"W")),
            (0, ParseFenErrorKind::BadTurn(b'W'))
        );
    }

    #[test]
    fn castling_and_castling_letter_rules() {
        assert_eq!(ok(castling(b"HAha -")).1.to_string(), "HAha");
        assert_eq!(ok(castling(b"-")).1.to_string(), "-");
        assert_eq!(
            ok(castling_letter(b"q")).1,
            CastlingToken::Queen(Color::Black)
        );
        assert_eq!(
            fault_of(b"x", castling_letter(b"x")),
            (0, ParseFenErrorKind::BadCastlingByte(b'x'))
        );
    }

    #[test]
    fn en_passant_rule() {
        assert_eq!(ok(en_passant(b"c6 0")), (&b" 0"[..], Some(Square::C6)));
        assert_eq!(ok(en_passant(b"-")), (&b""[..], None));
        assert_eq!(
            fault_of(b"c4", en_passant(b"c4")),
            (0, ParseFenErrorKind::EnPassantRank)
        );
    }

    #[test]
    fn clock_rules() {
        assert_eq!(ok(halfmove_clock(b"17 3")), (&b" 3"[..], 17));
        assert_eq!(ok(fullmove_number(b"0")), (&b""[..], 0));
        assert_eq!(
            fault_of(b"1a", fullmove_number(b"1a")),
            (1, ParseFenErrorKind::BadNumber)
        );
    }

    #[test]
    fn record_commits_to_a_field_after_its_separator() {
        // The castling field's own fault is reported (cut), not a missing
        // field of the record; `Z` is byte 21 (placement 0-16, `w` 18, `K` 20).
        let e = record_en(b"8/8/8/8/8/8/8/K6k w KZ -").unwrap_err();
        assert_eq!(
            (e.offset, e.field, e.kind),
            (
                21,
                FenField::Castling,
                ParseFenErrorKind::BadCastlingByte(b'Z')
            )
        );
    }
}
