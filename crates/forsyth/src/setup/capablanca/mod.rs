//! The 10x8 setup: a position of Capablanca chess, Gothic chess or CRC with
//! meaning, not yet judged ([`Setup`], in this file, and [`Variant`]); the
//! CRC starts and their numbering ([`crc`]); what can be wrong with a 10x8
//! setup, in the one [`ProblemKind`](crate::setup::ProblemKind) taxonomy
//! ([`problem`]).
//!
//! Layer 2, like the 8x8 setup beside it. May use: layers 0 and 1.

pub(crate) mod crc;
pub(crate) mod fen;
pub(crate) mod problem;

use crate::board::capablanca::{Board, CastlingRights, File, Square};
use crate::board::Color;

pub use crc::{CrcRule, CrcStart};
pub use fen::{
    is_ten_files, line_is_ten_files, FenError, FenErrorKind, LossyCastlingError,
    LossyCastlingReason,
};
pub use problem::Problem;

/// The rules of a 10x8 game.
///
/// The three are one game on one board with two starts: Capablanca chess
/// (`RNABQKBCNR`) and Gothic chess (`RNBQCKABNR`) castle as in chess from
/// the king on `f` and the rooks on `a` and `j`; Capablanca Random Chess
/// starts from any of the 12,118 arrays of [`CrcStart`] and castles as
/// Chess960 does. The 8x8 variants are [`crate::Variant`]; the names of the
/// two enums differ, so a name says the board too.
///
/// ```
/// use forsyth::capablanca::Variant;
/// assert_eq!("gothic".parse::<Variant>(), Ok(Variant::Gothic));
/// assert_eq!("caparandom".parse::<Variant>(), Ok(Variant::Crc));
/// assert_eq!("capablanca-random".parse::<Variant>(), Ok(Variant::Crc));
/// assert_eq!(Variant::Crc.to_string(), "crc");
/// let name: &'static str = Variant::Capablanca.into();
/// assert_eq!(name, "capablanca");
/// ```
// The derives every name enum carries (strum names, serde): the same list
// on each, so every name reads, writes and serializes alike.
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Variant {
    /// Capablanca chess: the start `RNABQKBCNR`.
    #[default]
    Capablanca,
    /// Gothic chess: the start `RNBQCKABNR`.
    Gothic,
    /// Capablanca Random Chess: any of the 12,118 starts, Chess960
    /// castling.
    #[strum(
        to_string = "crc",
        serialize = "caparandom",
        serialize = "capablanca-random"
    )]
    #[cfg_attr(
        feature = "serde",
        serde(alias = "caparandom", alias = "capablanca-random")
    )]
    Crc,
}

impl Variant {
    /// `true` for CRC, whose castling follows the Chess960 rule from any
    /// king file between the rooks; `false` for Capablanca and Gothic
    /// chess, which castle from the start squares only.
    ///
    /// ```
    /// use forsyth::capablanca::Variant;
    /// assert!(Variant::Crc.is_random());
    /// assert!(!Variant::Gothic.is_random());
    /// ```
    pub const fn is_random(self) -> bool {
        matches!(self, Variant::Crc)
    }

    /// Reads a PGN `Variant` tag value naming a 10x8 variant, compared
    /// ignoring case, spaces, hyphens and underscores (as the Chess960
    /// names are): `Capablanca`, `Gothic`, and for CRC `Capablanca
    /// Random`, `CRC`, `caparandom`. `None` for any other value.
    ///
    /// ```
    /// use forsyth::capablanca::Variant;
    /// assert_eq!(Variant::from_tag("Capablanca Random"), Some(Variant::Crc));
    /// assert_eq!(Variant::from_tag("capablanca_random"), Some(Variant::Crc));
    /// assert_eq!(Variant::from_tag("Janus"), None);
    /// assert_eq!(Variant::from_tag("GOTHIC"), Some(Variant::Gothic));
    /// assert_eq!(Variant::from_tag("Chess960"), None);
    /// ```
    pub fn from_tag(value: &str) -> Option<Variant> {
        let key: String = value
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "capablanca" => Some(Variant::Capablanca),
            "gothic" => Some(Variant::Gothic),
            "capablancarandom" | "crc" | "caparandom" => Some(Variant::Crc),
            _ => None,
        }
    }
}

/// A 10x8 position with meaning but not (necessarily) legal: the board, the
/// side to move, castling rights as rook files, the en-passant square,
/// clocks and variant. Validation ([`Report`](crate::capablanca::Report))
/// judges it.
///
/// ```
/// use forsyth::capablanca::{Setup, Variant};
/// let setup = Setup::gothic();
/// assert_eq!(setup.variant, Variant::Gothic);
/// assert_eq!(setup.board.to_string(), "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR");
/// assert_eq!(setup.castling.count(), 4);
/// ```
// No serde: a setup is stored as its record (`Setup::to_fen`), as the 8x8
// one is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Halfmove clock: plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// Fullmove number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
    /// The rules.
    pub variant: Variant,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::capablanca()
    }
}

impl Setup {
    /// The start of Capablanca chess, White to move.
    ///
    /// ```
    /// use forsyth::capablanca::Setup;
    /// assert_eq!(Setup::capablanca().board, forsyth::capablanca::Board::capablanca());
    /// ```
    pub fn capablanca() -> Setup {
        Setup::start(Board::capablanca(), Variant::Capablanca)
    }

    /// The start of Gothic chess, White to move.
    ///
    /// ```
    /// use forsyth::capablanca::Setup;
    /// assert_eq!(Setup::gothic().board, forsyth::capablanca::Board::gothic());
    /// ```
    pub fn gothic() -> Setup {
        Setup::start(Board::gothic(), Variant::Gothic)
    }

    /// A start: `board`, White to move, a castling right for each rook on a
    /// colour's back rank (a start has one on each side of its king).
    pub(crate) fn start(board: Board, variant: Variant) -> Setup {
        let mut castling = CastlingRights::none();
        for color in Color::ALL {
            if let Some(king) = board.king_of(color) {
                let back = crate::board::Rank::back_rank(color);
                let rooks = board.by_piece(crate::board::Role::Rook.of(color));
                for file in File::ALL {
                    if rooks.contains(Square::from_coords(file, back)) {
                        // Each start has one rook on each side of the king.
                        let _ = castling.add(color, king.file(), file);
                    }
                }
            }
        }
        Setup {
            board,
            turn: Color::White,
            castling,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant,
        }
    }

    /// The setup seen from the other side: board mirrored top to bottom,
    /// colours swapped. Useful for symmetry tests.
    ///
    /// ```
    /// use forsyth::capablanca::Setup;
    /// let s = Setup::capablanca();
    /// let mut m = s.mirror();
    /// m.turn = s.turn;
    /// assert_eq!(m, s);
    /// ```
    pub fn mirror(&self) -> Setup {
        let mut board = Board::empty();
        for (sq, piece) in self.board.pieces() {
            board.set_piece_at(sq.flip_vertical(), piece.role.of(!piece.color));
        }
        let mut castling = CastlingRights::none();
        for (color, _, file) in self.castling.iter() {
            if let Some(king) = self.castling.king_file(color) {
                let _ = castling.add(!color, king, file);
            }
        }
        Setup {
            board,
            turn: !self.turn,
            castling,
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            variant: self.variant,
        }
    }
}
