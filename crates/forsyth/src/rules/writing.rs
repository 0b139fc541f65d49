//! Writing a [`Setup`] as FEN: the rules decide which en-passant square to
//! write ([`Setup::ep_square_for`]), and the FEN writer of the text layer
//! writes what it is handed.

use core::fmt;

use crate::board::PlacementMemo;
use crate::setup::Setup;
use crate::text::fen::{
    castling_field, record, record_ascii, record_ascii_memo, Fields, RecordBuf,
};
use crate::text::fen::{
    CastlingNotation, EnPassantMode, LossyCastlingError, WriteFenError, WriteOptions,
};

/// The fields of `setup` as the writer takes them, the en-passant square
/// decided for `mode`.
fn fields(setup: &Setup, mode: EnPassantMode) -> Fields<'_> {
    Fields {
        board: &setup.board,
        turn: setup.turn,
        castling: &setup.castling,
        ep_square: setup.ep_square_for(mode),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
        placement: None,
    }
}

/// Writes the castling field of `setup` in `opts.castling` to any
/// [`fmt::Write`].
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{CastlingNotation, write_castling, WriteOptions};
/// let mut s = String::new();
/// write_castling(&Setup::standard(), &WriteOptions::new(CastlingNotation::Shredder), &mut s)?;
/// assert_eq!(s, "AHah");
/// # Ok::<_, forsyth::fen::WriteFenError>(())
/// ```
pub fn write_castling<W: fmt::Write + ?Sized>(
    setup: &Setup,
    opts: &WriteOptions,
    out: &mut W,
) -> Result<(), WriteFenError> {
    castling_field(&setup.board, &setup.castling, opts, out)
}

/// Writes the whole record of `setup` to any [`fmt::Write`]: six fields,
/// castling in `opts.castling`, the en-passant square when
/// `opts.en_passant` says so (see [`Setup::ep_square_for`]). When the
/// castling encoding cannot say the rights, nothing is written.
///
/// ```
/// use forsyth::Setup;
/// use forsyth::fen::{EnPassantMode, Fen, write_fen, WriteOptions};
/// let mut s = String::new();
/// write_fen(&Setup::standard(), &WriteOptions::default(), &mut s)?;
/// assert_eq!(s, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
///
/// // The d-pawn may take en passant: written in every mode.
/// let fen: Fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse()?;
/// let setup = Setup::from_fen(&fen, None)?;
/// s.clear();
/// write_fen(&setup, &WriteOptions::default(), &mut s)?;
/// assert_eq!(s, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_fen<W: fmt::Write + ?Sized>(
    setup: &Setup,
    opts: &WriteOptions,
    out: &mut W,
) -> Result<(), WriteFenError> {
    record(fields(setup, opts.en_passant), opts, out)
}

/// [`write_fen`] as ASCII bytes in `line`, for a converter; with
/// `placement`, the placement field given as text: it must be the canonical
/// placement of `setup.board` in English letters (as
/// [`Board::write_placement`](crate::Board::write_placement) writes it), as
/// a converter has it from its input; it is copied, not written again.
pub(crate) fn write_fen_ascii(
    setup: &Setup,
    placement: Option<&[u8]>,
    opts: &WriteOptions,
    line: &mut RecordBuf,
) -> Result<(), WriteFenError> {
    let fields = Fields {
        placement,
        ..fields(setup, opts.en_passant)
    };
    record_ascii(fields, opts, line)
}

/// Writes the FEN records of many setups as bytes, one after another, as
/// [`write_fen`] writes each: for a stream of positions, such as every
/// position of a game. Nothing is allocated and no UTF-8 is checked (the
/// records are ASCII), and each rank of the placement is written again
/// only when it changed since the record before: consecutive positions of
/// a game differ in one to three ranks.
///
/// ```
/// use forsyth::fen::{CastlingNotation, WriteOptions, Writer};
/// use forsyth::pgn::{Reader, Replay};
/// let game = Reader::new(&b"1. e4 e5 *"[..]).read_game(&mut Replay::default())?.unwrap();
/// let mut writer = Writer::new(WriteOptions::new(CastlingNotation::Shredder));
/// let mut out = Vec::new();
/// for pos in &game.positions {
///     writer.write(pos.setup(), &mut out)?;
///     out.push(b'\n');
/// }
/// assert_eq!(
///     String::from_utf8(out)?,
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1\n\
///      rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - 0 1\n\
///      rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w AHah - 0 2\n"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Writer {
    opts: WriteOptions,
    memo: PlacementMemo,
    line: RecordBuf,
}

impl Writer {
    /// A writer of records in `opts`.
    pub fn new(opts: WriteOptions) -> Writer {
        Writer {
            opts,
            memo: PlacementMemo::new(),
            line: RecordBuf::new(),
        }
    }

    /// The options it writes in.
    pub fn options(&self) -> &WriteOptions {
        &self.opts
    }

    /// Appends the record of `setup` to `out`, with no line end. When the
    /// castling encoding cannot say the rights, nothing is appended.
    #[inline]
    pub fn write(&mut self, setup: &Setup, out: &mut Vec<u8>) -> Result<(), LossyCastlingError> {
        let fields = fields(setup, self.opts.en_passant);
        match record_ascii_memo(fields, &self.opts, &mut self.line, &mut self.memo) {
            Ok(()) => {
                out.extend_from_slice(self.line.as_bytes());
                Ok(())
            }
            Err(WriteFenError::Lossy(e)) => Err(e),
            // The line has room for the longest record.
            Err(_) => Ok(()),
        }
    }
}

impl Setup {
    /// The FEN record in the given encoding.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::fen::CastlingNotation;
    /// let fen = Setup::standard().to_fen(&CastlingNotation::Shredder.into())?;
    /// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1");
    /// # Ok::<_, forsyth::fen::LossyCastlingError>(())
    /// ```
    pub fn to_fen(&self, opts: &WriteOptions) -> Result<String, LossyCastlingError> {
        let mut s = String::with_capacity(90);
        match write_fen(self, opts, &mut s) {
            Err(WriteFenError::Lossy(e)) => Err(e),
            // Writing to a String cannot fail.
            _ => Ok(s),
        }
    }
}

impl fmt::Display for Setup {
    /// X-FEN, which can say every setup, with the en-passant square as the
    /// setup holds it ([`EnPassantMode::Always`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opts = WriteOptions {
            en_passant: EnPassantMode::Always,
            ..WriteOptions::new(CastlingNotation::XFen)
        };
        // X-FEN says every right, so only the output can fail.
        record(fields(self, EnPassantMode::Always), &opts, f).map_err(|_| fmt::Error)
    }
}

/// A position is stored as its record and its variant,
/// `{"fen": "...", "variant": "standard"}`: the record as [`Setup`]'s
/// `Display` writes it (X-FEN, the en-passant square as the position holds
/// it), read back by the parser and validated, so data read never holds an
/// illegal position.
#[cfg(feature = "serde")]
mod position_serde {
    use serde::de::Error as _;
    use serde::ser::SerializeStruct as _;

    use crate::rules::Position;
    use crate::setup::Variant;
    use crate::text::fen::Fen;

    impl serde::Serialize for Position {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut record = s.serialize_struct("Position", 2)?;
            record.serialize_field("fen", &self.setup().to_string())?;
            record.serialize_field("variant", &self.variant())?;
            record.end()
        }
    }

    /// What a position is read from.
    #[derive(serde::Deserialize)]
    #[serde(rename = "Position")]
    struct Record {
        fen: String,
        variant: Variant,
    }

    impl<'de> serde::Deserialize<'de> for Position {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
            let record = Record::deserialize(d)?;
            let fen = Fen::from_ascii(record.fen.as_bytes()).map_err(D::Error::custom)?;
            Position::from_fen(&fen, Some(record.variant)).map_err(D::Error::custom)
        }
    }
}
