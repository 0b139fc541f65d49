//! Writing a [`Setup`] in each castling encoding.

use core::fmt::{self, Write as _};

use crate::{validate::en_passant, Bitboard, CastlingSide, Color, File, Rank, Role, Setup, Square};

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

/// When the en-passant square is written.
///
/// A setup holds the square whenever the last move was a double step; the
/// standards differ on when to write it.
///
/// ```
/// use forsyth::{EnPassantMode, Fen, Setup};
/// assert_eq!("pseudo".parse::<EnPassantMode>(), Ok(EnPassantMode::Pseudo));
/// assert_eq!(EnPassantMode::default(), EnPassantMode::Legal);
/// // 1. e4: no black pawn can take en passant.
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// assert_eq!(setup.ep_square_for(EnPassantMode::Always), Some(forsyth::Square::E3));
/// assert_eq!(setup.ep_square_for(EnPassantMode::Pseudo), None);
/// assert_eq!(setup.ep_square_for(EnPassantMode::Legal), None);
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
pub enum EnPassantMode {
    /// Only when a legal en-passant capture exists (pins and checks taken
    /// into account), as the 2020 revision of the PGN standard asks.
    #[default]
    Legal,
    /// When a pawn of the side to move stands beside the pawn that just made
    /// a double step, as X-FEN asks.
    Pseudo,
    /// Whenever a pawn just made a double step (the square as the setup
    /// holds it), as the 1994 PGN standard asks.
    Always,
}

/// Options for writing a FEN record.
///
/// ```
/// use forsyth::{CastlingNotation, EnPassantMode, Setup, ShredderOrder, WriteOptions};
/// let opts = WriteOptions {
///     castling: CastlingNotation::Shredder,
///     shredder_order: ShredderOrder::Wings,
///     en_passant: EnPassantMode::Legal,
/// };
/// assert_eq!(Setup::standard().to_fen(&opts).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// The castling encoding.
    pub castling: CastlingNotation,
    /// Letter order for Shredder-FEN.
    pub shredder_order: ShredderOrder,
    /// When to write the en-passant square.
    pub en_passant: EnPassantMode,
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
            en_passant: EnPassantMode::Legal,
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
/// `opts.castling`, the en-passant square when `opts.en_passant` says so
/// (see [`Setup::ep_square_for`]).
///
/// ```
/// use forsyth::{write_fen, EnPassantMode, Fen, Setup, WriteOptions};
/// let mut s = String::new();
/// write_fen(&Setup::standard(), &WriteOptions::default(), &mut s).unwrap();
/// assert_eq!(s, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
///
/// // The d-pawn may take en passant: written in every mode.
/// let fen: Fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse().unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// s.clear();
/// write_fen(&setup, &WriteOptions::default(), &mut s).unwrap();
/// assert_eq!(s, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
/// ```
pub fn write_fen(
    setup: &Setup,
    opts: &WriteOptions,
    out: &mut String,
) -> Result<(), LossyCastlingError> {
    let start = out.len();
    let _ = setup.board.write_placement(out); // a String takes every write
    out.push(' ');
    out.push(setup.turn.char());
    out.push(' ');
    if let Err(e) = write_castling(setup, opts, out) {
        out.truncate(start);
        return Err(e);
    }
    out.push(' ');
    match setup.ep_square_for(opts.en_passant) {
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
    /// The en-passant square as a writer in `mode` writes it: the setup's
    /// square for [`EnPassantMode::Always`]; for
    /// [`EnPassantMode::Pseudo`] only when a pawn of the side to move could
    /// capture by the pawn rules; for [`EnPassantMode::Legal`] only when such
    /// a capture is legal.
    ///
    /// ```
    /// use forsyth::{EnPassantMode, Fen, Setup, Square};
    /// // The e4 pawn is pinned along the fourth rank once both pawns leave it.
    /// let fen: Fen = "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1".parse().unwrap();
    /// let setup = Setup::from_fen(&fen, None).unwrap();
    /// assert_eq!(setup.ep_square_for(EnPassantMode::Pseudo), Some(Square::D3));
    /// assert_eq!(setup.ep_square_for(EnPassantMode::Legal), None);
    /// ```
    pub fn ep_square_for(&self, mode: EnPassantMode) -> Option<Square> {
        let ep = self.ep_square?;
        let keep = match mode {
            EnPassantMode::Always => true,
            EnPassantMode::Pseudo => !en_passant::pseudo_ep_captures(self).is_empty(),
            EnPassantMode::Legal => !en_passant::legal_ep_captures(self).is_empty(),
        };
        keep.then_some(ep)
    }

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
    /// X-FEN, which can say every setup, with the en-passant square as the
    /// setup holds it ([`EnPassantMode::Always`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(90);
        let opts = WriteOptions {
            en_passant: EnPassantMode::Always,
            ..WriteOptions::new(CastlingNotation::XFen)
        };
        // X-FEN never fails.
        let _ = write_fen(self, &opts, &mut s);
        f.write_str(&s)
    }
}
