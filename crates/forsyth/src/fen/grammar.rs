//! The FEN grammar, one nom combinator per field (see `specs/fen.md`, whose
//! rule names these functions carry).
//!
//! Every parser works on bytes, so a line that is not UTF-8 is an ordinary
//! syntax error at the first byte that does not fit. Once a field has begun,
//! nothing else can match, so errors are failures (`cut`): the innermost
//! field reports, with the remaining input marking the position.

use nom::{
    bytes::complete::{take_while, take_while1},
    error::{ErrorKind, ParseError},
    IResult, Parser,
};

use super::error::{FenField, ParseFenError, ParseFenErrorKind};
use super::syntax::{CastlingField, CastlingToken, Fen, FieldOffsets};
use crate::{Board, Color, Piece, Square};

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
        // The innermost context wins.
        other
    }
}

type PResult<'a, T> = IResult<&'a [u8], T, GrammarError<'a>>;

fn fail<T>(rest: &[u8], field: FenField, kind: ParseFenErrorKind) -> PResult<'_, T> {
    Err(nom::Err::Failure(GrammarError { rest, field, kind }))
}

#[inline]
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

#[inline]
fn is_field_byte(b: u8) -> bool {
    !is_blank(b)
}

/// `separator = ( " " | "\t" ) , { " " | "\t" } ;`
pub(crate) fn separator(input: &[u8]) -> PResult<'_, ()> {
    take_while1(is_blank).map(|_| ()).parse(input)
}

/// Takes one field's bytes and reports what follows must be a separator or
/// the end: a field parser that stops early leaves `ExpectedSeparator`.
fn field_end(rest: &[u8], field: FenField) -> PResult<'_, ()> {
    match rest.first() {
        None => Ok((rest, ())),
        Some(&b) if is_blank(b) => Ok((rest, ())),
        Some(_) => fail(rest, field, ParseFenErrorKind::ExpectedSeparator),
    }
}

/// ```text
/// placement = rank , 7 * ( "/" , rank ) ;
/// rank      = { piece | empty } ;            (* describing exactly 8 squares *)
/// piece     = "P" | "N" | "B" | "R" | "Q" | "K" | "p" | "n" | "b" | "r" | "q" | "k" ;
/// empty     = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" ;
/// ```
pub(crate) fn placement(input: &[u8]) -> PResult<'_, Board> {
    const F: FenField = FenField::Placement;
    let mut board = Board::empty();
    let mut rank: u8 = 7; // index of the rank being read, from the eighth
    let mut file: u8 = 0;
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        match PLACEMENT_CLASS[b as usize] {
            Class::Piece(piece) => {
                if file >= 8 {
                    return fail(
                        &input[i..],
                        F,
                        ParseFenErrorKind::RankTooLong { rank: rank + 1 },
                    );
                }
                board.put_on_empty(Square::new_wrapping(u32::from(rank * 8 + file)), piece);
                file += 1;
            }
            Class::Empty(n) => {
                file += n;
                if file > 8 {
                    return fail(
                        &input[i..],
                        F,
                        ParseFenErrorKind::RankTooLong { rank: rank + 1 },
                    );
                }
            }
            Class::Slash => {
                if file < 8 {
                    return fail(
                        &input[i..],
                        F,
                        ParseFenErrorKind::RankTooShort {
                            rank: rank + 1,
                            squares: file,
                        },
                    );
                }
                if rank == 0 {
                    return fail(&input[i..], F, ParseFenErrorKind::TooManyRanks);
                }
                rank -= 1;
                file = 0;
            }
            Class::Blank => break,
            Class::Other => return fail(&input[i..], F, ParseFenErrorKind::BadPlacementByte(b)),
        }
        i += 1;
    }
    let rest = &input[i..];
    let ended_with_slash = i > 0 && input[i - 1] == b'/';
    if file == 8 && rank > 0 {
        return fail(rest, F, ParseFenErrorKind::TooFewRanks { ranks: 8 - rank });
    }
    if file == 0 && ended_with_slash {
        return fail(rest, F, ParseFenErrorKind::TooFewRanks { ranks: 7 - rank });
    }
    if file < 8 {
        return fail(
            rest,
            F,
            ParseFenErrorKind::RankTooShort {
                rank: rank + 1,
                squares: file,
            },
        );
    }
    Ok((rest, board))
}

/// What a byte means in the placement field.
#[derive(Copy, Clone)]
enum Class {
    Piece(Piece),
    Empty(u8),
    Slash,
    Blank,
    Other,
}

/// The class of every byte, so the placement loop does one lookup per byte.
static PLACEMENT_CLASS: [Class; 256] = {
    let mut table = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'/' => Class::Slash,
            b' ' | b'\t' => Class::Blank,
            d @ b'1'..=b'8' => Class::Empty(d - b'0'),
            c => match Piece::from_char(c as char) {
                Some(p) => Class::Piece(p),
                None => Class::Other,
            },
        };
        b += 1;
    }
    table
};

/// `turn = "w" | "b" ;`
pub(crate) fn turn(input: &[u8]) -> PResult<'_, Color> {
    const F: FenField = FenField::Turn;
    let Some(&b) = input.first() else {
        return fail(input, F, ParseFenErrorKind::MissingField);
    };
    let Some(color) = Color::from_char(b as char) else {
        return fail(input, F, ParseFenErrorKind::BadTurn(b));
    };
    let (rest, ()) = field_end(&input[1..], F)?;
    Ok((rest, color))
}

/// ```text
/// castling = "-" | castling-letter , { castling-letter } ;   (* each letter at most once *)
/// castling-letter = "K" | "Q" | "k" | "q"
///                 | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H"
///                 | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" ;
/// ```
pub(crate) fn castling(input: &[u8]) -> PResult<'_, CastlingField> {
    const F: FenField = FenField::Castling;
    let (rest, text) = take_while(is_field_byte).parse(input)?;
    if text.is_empty() {
        return fail(input, F, ParseFenErrorKind::MissingField);
    }
    let mut field = CastlingField::new();
    if text[0] == b'-' {
        if text.len() > 1 {
            return fail(&input[1..], F, ParseFenErrorKind::CastlingDashWithLetters);
        }
        return Ok((rest, field));
    }
    for (i, &b) in text.iter().enumerate() {
        let Some(token) = CastlingToken::from_ascii(b) else {
            let kind = if b == b'-' {
                ParseFenErrorKind::CastlingDashWithLetters
            } else {
                ParseFenErrorKind::BadCastlingByte(b)
            };
            return fail(&input[i..], F, kind);
        };
        if !field.push(token) {
            return fail(&input[i..], F, ParseFenErrorKind::DuplicateCastling(b));
        }
    }
    Ok((rest, field))
}

/// ```text
/// en-passant = "-" | ep-file , ( "3" | "6" ) ;
/// ep-file    = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" ;
/// ```
pub(crate) fn en_passant(input: &[u8]) -> PResult<'_, Option<Square>> {
    const F: FenField = FenField::EnPassant;
    match input {
        [] => fail(input, F, ParseFenErrorKind::MissingField),
        [b'-', rest @ ..] => {
            let (rest, ()) = field_end(rest, F)?;
            Ok((rest, None))
        }
        [f @ b'a'..=b'h', r @ b'1'..=b'8', rest @ ..] => {
            let (rest, ()) = field_end(rest, F)?;
            if *r != b'3' && *r != b'6' {
                return fail(input, F, ParseFenErrorKind::EnPassantRank);
            }
            Ok((rest, Square::from_ascii(&[*f, *r])))
        }
        _ => fail(input, F, ParseFenErrorKind::BadEnPassant),
    }
}

/// `number = digit , { digit } ;` with a value of at most 2^32 - 1.
fn number(input: &[u8], field: FenField) -> PResult<'_, u32> {
    if input.is_empty() {
        return fail(input, field, ParseFenErrorKind::MissingField);
    }
    let (rest, digits) = take_while(|b: u8| b.is_ascii_digit()).parse(input)?;
    if digits.is_empty() {
        return fail(input, field, ParseFenErrorKind::BadNumber);
    }
    if let Some(&b) = rest.first() {
        if !is_blank(b) {
            return fail(rest, field, ParseFenErrorKind::BadNumber);
        }
    }
    let mut value: u32 = 0;
    for &d in digits {
        value = match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(d - b'0')))
        {
            Some(v) => v,
            None => return fail(input, field, ParseFenErrorKind::NumberTooLarge),
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

/// Skips a separator before `field`, or fails with `MissingField` there.
fn before(input: &[u8], field: FenField) -> PResult<'_, ()> {
    match separator(input) {
        Ok((rest, ())) if !rest.is_empty() => Ok((rest, ())),
        Ok((rest, ())) => fail(rest, field, ParseFenErrorKind::MissingField),
        Err(_) => fail(input, field, ParseFenErrorKind::MissingField),
    }
}

/// ```text
/// record = { blank } , placement , separator , turn , separator , castling ,
///          separator , en-passant , [ separator , halfmove-clock , separator ,
///          fullmove-number ] , { blank } ;
/// ```
/// where `blank` is any ASCII white space. Offsets are relative to `input`.
pub(crate) fn record(input: &[u8]) -> Result<Fen, ParseFenError> {
    // Trim the end first so that trailing white space is not a "field".
    let end = input
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let start = input[..end]
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(end);
    if start == end {
        return Err(ParseFenError {
            offset: start,
            field: FenField::Record,
            kind: ParseFenErrorKind::EmptyRecord,
        });
    }
    // Every slice below is a suffix of `body`, a prefix of `input`, so its
    // offset is `body.len() - rest.len()`.
    let body = &input[..end];
    let at = |rest: &[u8]| body.len() - rest.len();
    let to_public = |e: nom::Err<GrammarError<'_>>| match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => ParseFenError {
            offset: body.len() - e.rest.len(),
            field: e.field,
            kind: e.kind,
        },
        nom::Err::Incomplete(_) => ParseFenError {
            offset: body.len(),
            field: FenField::Record,
            kind: ParseFenErrorKind::MissingField,
        },
    };
    let rest = &body[start..];

    let mut offsets = FieldOffsets {
        placement: start,
        ..FieldOffsets::default()
    };
    (|| {
        let (rest, board) = placement(rest)?;
        let (rest, ()) = before(rest, FenField::Turn)?;
        offsets.turn = at(rest);
        let (rest, turn) = turn(rest)?;
        let (rest, ()) = before(rest, FenField::Castling)?;
        offsets.castling = at(rest);
        let (rest, castling) = castling(rest)?;
        let (rest, ()) = before(rest, FenField::EnPassant)?;
        offsets.en_passant = at(rest);
        let (rest, ep_square) = en_passant(rest)?;
        if rest.is_empty() {
            offsets.halfmoves = at(rest);
            offsets.fullmoves = at(rest);
            return Ok(Fen {
                board,
                turn,
                castling,
                ep_square,
                halfmoves: 0,
                fullmoves: 1,
                has_clocks: false,
                offsets,
            });
        }
        let (rest, ()) = before(rest, FenField::Halfmoves)?;
        offsets.halfmoves = at(rest);
        let (rest, halfmoves) = halfmove_clock(rest)?;
        if rest.is_empty() {
            return fail(
                rest,
                FenField::Fullmoves,
                ParseFenErrorKind::MissingFullmoves,
            )
            .map(|(_, f)| f);
        }
        let (rest, ()) = before(rest, FenField::Fullmoves)?;
        offsets.fullmoves = at(rest);
        let (rest, fullmoves) = fullmove_number(rest)?;
        if !rest.is_empty() {
            let (rest, ()) = separator(rest)?;
            return fail(rest, FenField::Record, ParseFenErrorKind::TrailingText).map(|(_, f)| f);
        }
        Ok(Fen {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
            has_clocks: true,
            offsets,
        })
    })()
    .map_err(to_public)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> (usize, FenField, ParseFenErrorKind) {
        let e = record(input.as_bytes()).unwrap_err();
        (e.offset, e.field, e.kind)
    }

    #[test]
    fn placement_reads_eight_ranks() {
        let (rest, board) = placement(b"8/8/8/8/8/8/8/K6k w").unwrap();
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
        let fen = record(b"  8/8/8/8/8/8/8/K6k \t b\t\tAh  -   7  0 \r\n").unwrap();
        assert_eq!(fen.turn, Color::Black);
        assert_eq!(fen.castling.to_string(), "Ah");
        assert_eq!((fen.halfmoves, fen.fullmoves, fen.has_clocks), (7, 0, true));
        assert_eq!(fen.offsets.placement, 2);
        let fen = record(b"8/8/8/8/8/8/8/K6k w - e6").unwrap();
        assert_eq!(
            (fen.halfmoves, fen.fullmoves, fen.has_clocks),
            (0, 1, false)
        );
        assert_eq!(fen.ep_square, Some(Square::E6));
        assert_eq!(
            record(b"8/8/8/8/8/8/8/K6k w - - 4294967295 4294967295").map(|f| f.halfmoves),
            Ok(u32::MAX)
        );
    }
}
