//! The 10x8 board of Capablanca chess, Gothic chess and Capablanca Random
//! Chess: piece placement ([`Board`], in this file), the attack tables
//! ([`attacks`]), castling rights as the castling rooks' files
//! ([`castling`]) and moves ([`moves`]). The files, squares, bitboards and
//! geometry below it are `forsyth_types::capablanca`; ranks, colours,
//! roles and pieces are shared with the 8x8 board.
//!
//! Layer 0, like the 8x8 board beside it. May use: `forsyth-types` only.

use core::fmt;

pub mod attacks;
pub(crate) mod castling;
pub(crate) mod moves;

pub use castling::CastlingRights;
pub use forsyth_types::capablanca::{Bitboard, BitboardIter, File, Square};
pub use moves::{king_to_file, rook_to_file, Move};

use crate::board::{ByColor, Color, Piece, Rank, Role};

/// The role of each three-bit code (the role's index), as the planes of
/// [`Board::role_at`] spell it.
const ROLES: [Role; 8] = Role::CAPABLANCA;

/// Piece placement on the 10x8 board, as 128-bit sets by role and by
/// colour.
///
/// A `Board` holds any placement of the eight pieces, legal or not; legality
/// is the business of validation.
///
/// ```
/// use forsyth::capablanca::{Board, Square};
/// use forsyth::{Color, Role};
/// let board = Board::capablanca();
/// assert_eq!(board.piece_at(Square::C1), Some(Role::Archbishop.of(Color::White)));
/// assert_eq!(board.piece_at(Square::H8), Some(Role::Chancellor.of(Color::Black)));
/// assert_eq!(board.occupied().count(), 40);
/// assert_eq!(board.to_string(), "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 8],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    /// The board with no piece on it.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert!(Board::empty().occupied().is_empty());
    /// ```
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 8],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// Capablanca chess's starting placement: `RNABQKBCNR`.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::capablanca().to_string(), "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR");
    /// ```
    pub fn capablanca() -> Board {
        use Role::*;
        Board::from_back_rank(&[
            Rook, Knight, Archbishop, Bishop, Queen, King, Bishop, Chancellor, Knight, Rook,
        ])
    }

    /// Gothic chess's starting placement: `RNBQCKABNR`.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::gothic().to_string(), "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR");
    /// ```
    pub fn gothic() -> Board {
        use Role::*;
        Board::from_back_rank(&[
            Rook, Knight, Bishop, Queen, Chancellor, King, Archbishop, Bishop, Knight, Rook,
        ])
    }

    /// The starting placement with `back_rank` (files `a` to `j`) for both
    /// colours, pawns on the second and seventh ranks.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// use forsyth::Role::*;
    /// let b = Board::from_back_rank(&[Rook, King, Rook, Queen, Archbishop, Chancellor, Bishop, Bishop, Knight, Knight]);
    /// assert_eq!(b.to_string(), "rkrqacbbnn/pppppppppp/10/10/10/10/PPPPPPPPPP/RKRQACBBNN");
    /// ```
    pub fn from_back_rank(back_rank: &[Role; 10]) -> Board {
        let mut board = Board::empty();
        for (file, &role) in File::ALL.iter().zip(back_rank) {
            for color in Color::ALL {
                let back = Rank::back_rank(color);
                let pawns = Rank::Second.relative_to(color);
                board.set_piece_at(Square::from_coords(*file, back), role.of(color));
                board.set_piece_at(Square::from_coords(*file, pawns), Role::Pawn.of(color));
            }
        }
        board
    }

    /// Every occupied square.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::gothic().occupied().count(), 40);
    /// ```
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of one colour's pieces.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// use forsyth::Color;
    /// assert_eq!(Board::capablanca().by_color(Color::Black).count(), 20);
    /// ```
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of one role's pieces, both colours.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// use forsyth::Role;
    /// assert_eq!(Board::capablanca().by_role(Role::Pawn).count(), 20);
    /// assert_eq!(Board::capablanca().by_role(Role::Archbishop).count(), 2);
    /// ```
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of one piece.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// use forsyth::{Color, Role};
    /// assert_eq!(Board::capablanca().by_piece(Role::Knight.of(Color::White)).count(), 2);
    /// ```
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard::from_bits(self.by_role(piece.role).bits() & self.by_color(piece.color).bits())
    }

    /// The pieces that move along ranks and files: rooks, queens and
    /// chancellors.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::capablanca().rook_movers().count(), 8);
    /// ```
    #[inline]
    pub fn rook_movers(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen) | self.by_role(Role::Chancellor)
    }

    /// The pieces that move along diagonals: bishops, queens and
    /// archbishops.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::capablanca().bishop_movers().count(), 8);
    /// ```
    #[inline]
    pub fn bishop_movers(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen) | self.by_role(Role::Archbishop)
    }

    /// The pieces that jump as knights: knights, archbishops and
    /// chancellors.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::capablanca().knight_movers().count(), 8);
    /// ```
    #[inline]
    pub fn knight_movers(&self) -> Bitboard {
        self.by_role(Role::Knight) | self.by_role(Role::Archbishop) | self.by_role(Role::Chancellor)
    }

    /// The king of `color`, when it has exactly one.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::Color;
    /// assert_eq!(Board::capablanca().king_of(Color::Black), Some(Square::F8));
    /// assert_eq!(Board::empty().king_of(Color::Black), None);
    /// ```
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Role::King.of(color)).single_square()
    }

    /// The colour of the piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::Color;
    /// assert_eq!(Board::capablanca().color_at(Square::J8), Some(Color::Black));
    /// ```
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::Role;
    /// assert_eq!(Board::capablanca().role_at(Square::H1), Some(Role::Chancellor));
    /// assert_eq!(Board::capablanca().role_at(Square::H4), None);
    /// ```
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        // The role's index, a bit from each of three planes.
        let at = sq.index();
        let bit = |role: Role| ((self.by_role[role as usize].bits() >> at) & 1) as usize;
        let one = bit(Role::Knight) | bit(Role::Rook) | bit(Role::King) | bit(Role::Chancellor);
        let two =
            bit(Role::Bishop) | bit(Role::Rook) | bit(Role::Archbishop) | bit(Role::Chancellor);
        let four =
            bit(Role::Queen) | bit(Role::King) | bit(Role::Archbishop) | bit(Role::Chancellor);
        Some(ROLES[one | (two << 1) | (four << 2)])
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// assert_eq!(Board::capablanca().piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = self.color_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::{Color, Role};
    /// let mut b = Board::empty();
    /// b.set_piece_at(Square::I4, Role::Queen.of(Color::White));
    /// b.set_piece_at(Square::I4, Role::Archbishop.of(Color::Black));
    /// assert_eq!(b.piece_at(Square::I4), Some(Role::Archbishop.of(Color::Black)));
    /// assert_eq!(b.occupied().count(), 1);
    /// ```
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        self.toggle(sq, piece);
    }

    /// Removes and returns the piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::Role;
    /// let mut b = Board::capablanca();
    /// assert_eq!(b.remove_piece_at(Square::H1).map(|p| p.role), Some(Role::Chancellor));
    /// assert_eq!(b.piece_at(Square::H1), None);
    /// ```
    #[inline]
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq);
        self.discard_piece_at(sq);
        piece
    }

    /// Removes whatever stands on `sq`.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// let mut b = Board::capablanca();
    /// b.discard_piece_at(Square::A1);
    /// assert_eq!(b.occupied().count(), 39);
    /// ```
    #[inline]
    pub fn discard_piece_at(&mut self, sq: Square) {
        if self.occupied.contains(sq) {
            let keep = !Bitboard::from_square(sq);
            for bb in &mut self.by_role {
                *bb &= keep;
            }
            for bb in &mut self.by_color {
                *bb &= keep;
            }
            self.occupied &= keep;
        }
    }

    /// Toggles `piece` on `sq` (puts it on an empty square, or takes it off
    /// the square it stands on): the move maker's primitive.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] ^= bb;
        self.by_color[piece.color as usize] ^= bb;
        self.occupied ^= bb;
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the
    /// blockers for sliding pieces.
    ///
    /// ```
    /// use forsyth::capablanca::{Board, Square};
    /// use forsyth::Color;
    /// let b = Board::capablanca();
    /// // The b1 knight and the b2 and d2 pawns.
    /// assert_eq!(b.attackers_to(Square::C3, Color::White, b.occupied()).count(), 3);
    /// // The queen, the king, the d1 bishop and the c1 archbishop (a jump).
    /// assert_eq!(b.attackers_to(Square::E2, Color::White, b.occupied()).count(), 4);
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook(sq, occupied) & self.rook_movers())
            | (attacks::bishop(sq, occupied) & self.bishop_movers())
            | (attacks::knight(sq) & self.knight_movers())
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(attacker.other(), sq) & self.by_role(Role::Pawn)))
            & them
    }

    /// How many pieces of each colour stand on the board.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// use forsyth::ByColor;
    /// assert_eq!(Board::capablanca().material_count(), ByColor::new(20, 20));
    /// ```
    pub fn material_count(&self) -> ByColor<usize> {
        ByColor::new_with(|c| self.by_color(c).count())
    }

    /// Every piece with its square, `a1` first.
    ///
    /// ```
    /// use forsyth::capablanca::Board;
    /// assert_eq!(Board::capablanca().pieces().count(), 40);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl fmt::Display for Board {
    /// The FEN piece placement field, rank 8 first, English letters; an
    /// empty rank is `10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_str(piece.as_str())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank != Rank::First {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}
