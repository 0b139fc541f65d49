//! Moves, as the position sees them (not as any notation writes them).

use crate::board::{CastlingSide, Color, Rank, Role, Square};

/// A move of a [`Position`](crate::Position).
///
/// A castling move is stored as the squares the king and the castling rook
/// start on, which says every Chess960 castling exactly (including a king or
/// rook that does not move). Notations are separate: see
/// [`UciMove`](crate::uci::UciMove) and [`San`](crate::san::San).
///
/// ```
/// use forsyth::{CastlingSide, Move, Role, Square};
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!((m.from(), m.to(), m.role()), (Square::G1, Square::F3, Role::Knight));
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(castle.to(), Square::G1);
/// assert_eq!(castle.castling_side(), Some(CastlingSide::KingSide));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// Any move but en passant and castling: the piece on `from` goes to
    /// `to`, capturing what stands there, and a pawn reaching the last rank
    /// becomes `promotion`.
    Normal {
        /// The moving piece's role (a pawn for a promotion).
        role: Role,
        /// Origin square.
        from: Square,
        /// The role of the captured piece, if any.
        capture: Option<Role>,
        /// Destination square.
        to: Square,
        /// The role a pawn becomes on the last rank.
        promotion: Option<Role>,
    },
    /// A pawn captures en passant: it moves from `from` to the empty square
    /// `to`, and the pawn beside `from` on `to`'s file is removed.
    EnPassant {
        /// Origin square of the capturing pawn.
        from: Square,
        /// The en-passant target square.
        to: Square,
    },
    /// Castling with the king on `king` and the rook on `rook`. The king ends
    /// on the `g` or `c` file, the rook on the `f` or `d` file.
    Castle {
        /// The king's origin square.
        king: Square,
        /// The castling rook's origin square.
        rook: Square,
    },
}

impl Move {
    /// The role of the moving piece (the king for castling).
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// assert_eq!(Move::EnPassant { from: Square::E5, to: Square::D6 }.role(), Role::Pawn);
    /// ```
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The origin square (the king's for castling).
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert_eq!(Move::Castle { king: Square::B1, rook: Square::A1 }.from(), Square::B1);
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The destination square; for castling, the square the king ends on.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert_eq!(Move::Castle { king: Square::B1, rook: Square::A1 }.to(), Square::C1);
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if rook.index() > king.index() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                Square::from_coords(side.king_to_file(), king.rank())
            }
        }
    }

    /// The role of the captured piece, if any (a pawn for en passant).
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// assert_eq!(Move::EnPassant { from: Square::E5, to: Square::D6 }.capture(), Some(Role::Pawn));
    /// ```
    #[inline]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// `true` if the move captures.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(!Move::Castle { king: Square::E1, rook: Square::H1 }.is_capture());
    /// ```
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if any.
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// let m = Move::Normal { role: Role::Pawn, from: Square::A7, capture: None, to: Square::A8, promotion: Some(Role::Knight) };
    /// assert_eq!(m.promotion(), Some(Role::Knight));
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// `true` for en passant.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(Move::EnPassant { from: Square::E5, to: Square::D6 }.is_en_passant());
    /// ```
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// `true` for castling.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(Move::Castle { king: Square::E8, rook: Square::A8 }.is_castle());
    /// ```
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self, Move::Castle { .. })
    }

    /// The wing of a castling move; `None` for other moves.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Move, Square};
    /// let m = Move::Castle { king: Square::G1, rook: Square::H1 };
    /// assert_eq!(m.castling_side(), Some(CastlingSide::KingSide));
    /// ```
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => Some(if rook.index() > king.index() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            }),
            _ => None,
        }
    }

    /// For castling, the square the rook ends on; `None` for other moves.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert_eq!(Move::Castle { king: Square::E1, rook: Square::A1 }.rook_to(), Some(Square::D1));
    /// ```
    pub const fn rook_to(self) -> Option<Square> {
        match (self, self.castling_side()) {
            (Move::Castle { king, .. }, Some(side)) => {
                Some(Square::from_coords(side.rook_to_file(), king.rank()))
            }
            _ => None,
        }
    }

    /// `true` for a pawn move or a capture: the moves that reset the
    /// halfmove clock.
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// assert!(m.is_zeroing());
    /// ```
    #[inline]
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }
}

/// The en-passant square behind a pawn that moved two squares from `from` to
/// `to`, if it did.
#[inline]
pub(crate) fn double_push_ep_square(from: Square, to: Square) -> Option<Square> {
    // Squares sixteen apart are two ranks apart on one file.
    if from.index().abs_diff(to.index()) == 16 {
        Square::new(((from.index() + to.index()) / 2) as u32)
    } else {
        None
    }
}

/// The square of the pawn that an en-passant capture from `from` to `to`
/// removes: on `to`'s file and `from`'s rank.
pub(crate) const fn en_passant_victim(from: Square, to: Square) -> Square {
    Square::from_coords(to.file(), from.rank())
}

/// The king's and the rook's destinations for castling on `side`.
#[inline]
pub(crate) fn castling_targets(color: Color, side: CastlingSide) -> (Square, Square) {
    let back = Rank::back_rank(color);
    (
        Square::from_coords(side.king_to_file(), back),
        Square::from_coords(side.rook_to_file(), back),
    )
}
