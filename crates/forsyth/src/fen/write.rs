//! Writing a [`Setup`] in each castling encoding.

use core::fmt::{self, Write as _};

use crate::{Bitboard, CastlingSide, Color, File, Rank, Role, Setup, Square};

/// How the castling field is written.
///
/// ```
/// use forsyth::CastlingNotation;
/// assert_eq!("shredder".parse::<CastlingNotation>(), Ok(CastlingNotation::Shredder));
/// assert_eq!(CastlingNotation::XFen.to_string(), "xfen");
/// ```
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum CastlingNotation {
    /// `KQkq`: only for kings on `e` with rooks on `a`/`h`.
    Standard,
    /// Shredder-FEN: the rook's file letter, `A`-`H` White, `a`-`h` Black.
    Shredder,
    /// X-FEN: `K`/`Q` for the outermost rook of a wing, the file letter for
    /// an inner rook.
    #[default]
    #[strum(to_string = "xfen", serialize = "x-fen")]
    XFen,
}

/// The order of Shredder-FEN letters within a colour.
///
/// ```
/// use forsyth::ShredderOrder;
/// assert_eq!("wings".parse::<ShredderOrder>(), Ok(ShredderOrder::Wings));
/// ```
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum ShredderOrder {
    /// Files ascending: `AHah`, as the Shredder-FEN description gives it.
    #[default]
    Files,
    /// King side first: `HAha`, as Stockfish and python-chess print it.
    Wings,
}

/// Options for writing a FEN record.
///
/// ```
/// use forsyth::{CastlingNotation, Setup, ShredderOrder, WriteOptions};
/// let opts = WriteOptions { castling: CastlingNotation::Shredder, shredder_order: ShredderOrder::Wings };
/// assert_eq!(Setup::standard().to_fen(&opts).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// The castling encoding.
    pub castling: CastlingNotation,
    /// Letter order for Shredder-FEN.
    pub shredder_order: ShredderOrder,
}

impl WriteOptions {
    /// Options writing castling in `notation`, other options default.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, WriteOptions};
    /// assert_eq!(WriteOptions::new(CastlingNotation::Standard).castling, CastlingNotation::Standard);
    /// ```
    pub const fn new(notation: CastlingNotation) -> WriteOptions {
        WriteOptions {
            castling: notation,
            shredder_order: ShredderOrder::Files,
        }
    }
}

/// Why standard FEN (`KQkq`) cannot say a castling right: the information
/// would be lost. X-FEN and Shredder-FEN can say every right.
///
/// ```
/// use forsyth::{CastlingNotation, Fen, LossyCastlingReason, Setup};
/// let fen = Fen::from_ascii(b"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// let err = setup.to_fen(&CastlingNotation::Standard.into()).unwrap_err();
/// assert_eq!(err.reason, LossyCastlingReason::KingNotOnEFile);
/// assert_eq!(
///     err.to_string(),
///     "standard FEN cannot express white's castling with the rook on h1: the king stands on g1, not e1; use X-FEN or Shredder-FEN"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LossyCastlingError {
    /// Whose right.
    pub color: Color,
    /// Which wing.
    pub side: CastlingSide,
    /// The castling rook's square.
    pub rook: Square,
    /// The king's square.
    pub king: Square,
    /// What standard FEN cannot say.
    pub reason: LossyCastlingReason,
}

/// What standard FEN cannot say about a right. See [`LossyCastlingError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum LossyCastlingReason {
    /// The king is not on the `e` file.
    KingNotOnEFile,
    /// The rook is not on the `a` (queen side) or `h` (king side) file.
    RookNotInCorner,
}

impl fmt::Display for LossyCastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "standard FEN cannot express {}'s castling with the rook on {}: ",
            self.color.name(),
            self.rook
        )?;
        match self.reason {
            LossyCastlingReason::KingNotOnEFile => write!(
                f,
                "the king stands on {}, not {}",
                self.king,
                Square::from_coords(File::E, Rank::back_rank(self.color))
            )?,
            LossyCastlingReason::RookNotInCorner => write!(
                f,
                "only a rook on the {} file can be written {}",
                self.side.fold('h', 'a'),
                match (self.color, self.side) {
                    (Color::White, s) => s.fold('K', 'Q'),
                    (Color::Black, s) => s.fold('k', 'q'),
                }
            )?,
        }
        f.write_str("; use X-FEN or Shredder-FEN")
    }
}

impl std::error::Error for LossyCastlingError {}

impl From<CastlingNotation> for WriteOptions {
    fn from(notation: CastlingNotation) -> WriteOptions {
        WriteOptions::new(notation)
    }
}

/// `true` if `rook` is the outermost rook of `color` on its wing of the back
/// rank, seen from the king's file.
fn is_outermost(setup: &Setup, color: Color, side: CastlingSide, rook: File) -> bool {
    let back = Bitboard::from_rank(Rank::back_rank(color));
    let rooks = setup.board.by_piece(Role::Rook.of(color)) & back;
    let rook_sq = Square::from_coords(rook, Rank::back_rank(color));
    let outer = match side {
        CastlingSide::KingSide => rooks.last(),
        CastlingSide::QueenSide => rooks.first(),
    };
    outer == Some(rook_sq)
}

fn push_letter(out: &mut String, color: Color, letter: char) {
    out.push(match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    });
}

/// Writes the castling field of `setup` in `opts.castling`.
///
/// ```
/// use forsyth::{write_castling, CastlingNotation, Setup, WriteOptions};
/// let mut s = String::new();
/// write_castling(&Setup::standard(), &WriteOptions::new(CastlingNotation::Shredder), &mut s).unwrap();
/// assert_eq!(s, "AHah");
/// ```
pub fn write_castling(
    setup: &Setup,
    opts: &WriteOptions,
    out: &mut String,
) -> Result<(), LossyCastlingError> {
    let rights = &setup.castling;
    if rights.is_empty() {
        out.push('-');
        return Ok(());
    }
    for color in Color::ALL {
        let sides = match (opts.castling, opts.shredder_order) {
            (CastlingNotation::Shredder, ShredderOrder::Files) => {
                [CastlingSide::QueenSide, CastlingSide::KingSide]
            }
            _ => CastlingSide::ALL,
        };
        for side in sides {
            let Some(file) = rights.rook(color, side) else {
                continue;
            };
            match opts.castling {
                CastlingNotation::Shredder => push_letter(out, color, file.char()),
                CastlingNotation::XFen => {
                    if is_outermost(setup, color, side, file) {
                        push_letter(out, color, side.fold('k', 'q'));
                    } else {
                        push_letter(out, color, file.char());
                    }
                }
                CastlingNotation::Standard => {
                    let back = Rank::back_rank(color);
                    let king_file = rights.king_file(color).unwrap_or(File::E);
                    let reason = if king_file != File::E {
                        Some(LossyCastlingReason::KingNotOnEFile)
                    } else if file != side.fold(File::H, File::A) {
                        Some(LossyCastlingReason::RookNotInCorner)
                    } else {
                        None
                    };
                    if let Some(reason) = reason {
                        return Err(LossyCastlingError {
                            color,
                            side,
                            rook: Square::from_coords(file, back),
                            king: Square::from_coords(king_file, back),
                            reason,
                        });
                    }
                    push_letter(out, color, side.fold('k', 'q'));
                }
            }
        }
    }
    Ok(())
}

/// Writes the whole record of `setup`: six fields, castling in
/// `opts.castling`, the en-passant square as the setup holds it.
///
/// ```
/// use forsyth::{write_fen, Setup, WriteOptions};
/// let mut s = String::new();
/// write_fen(&Setup::standard(), &WriteOptions::default(), &mut s).unwrap();
/// assert_eq!(s, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn write_fen(
    setup: &Setup,
    opts: &WriteOptions,
    out: &mut String,
) -> Result<(), LossyCastlingError> {
    let start = out.len();
    setup.board.write_placement(out);
    out.push(' ');
    out.push(setup.turn.char());
    out.push(' ');
    if let Err(e) = write_castling(setup, opts, out) {
        out.truncate(start);
        return Err(e);
    }
    out.push(' ');
    match setup.ep_square {
        Some(sq) => {
            out.push(sq.file().char());
            out.push(sq.rank().char());
        }
        None => out.push('-'),
    }
    // Writing to a String cannot fail.
    let _ = write!(out, " {} {}", setup.halfmoves, setup.fullmoves);
    Ok(())
}

impl Setup {
    /// The FEN record in the given encoding.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Setup};
    /// let fen = Setup::standard().to_fen(&CastlingNotation::Shredder.into()).unwrap();
    /// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1");
    /// ```
    pub fn to_fen(&self, opts: &WriteOptions) -> Result<String, LossyCastlingError> {
        let mut s = String::with_capacity(90);
        write_fen(self, opts, &mut s)?;
        Ok(s)
    }
}

impl fmt::Display for Setup {
    /// X-FEN, which can say every setup.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(90);
        // X-FEN never fails.
        let _ = write_fen(self, &WriteOptions::new(CastlingNotation::XFen), &mut s);
        f.write_str(&s)
    }
}
