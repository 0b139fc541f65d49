//! Layer 0, the board: piece placement ([`Board`], in this file), the
//! attack tables ([`attacks`]), castling rights recorded as the castling
//! rooks' files ([`castling`], data only: resolving castling letters is
//! the setup's, castling's legality the rules'), and moves as the position
//! sees them ([`moves`]). Files, ranks, squares, colours, roles, pieces,
//! bitboards and the geometry below it are the `forsyth-types` crate. The
//! 10x8 board stands beside it ([`capablanca`]); no 8x8 module uses it.
//!
//! May use: `forsyth-types` only.
//!
//! Piece placement: which piece stands on which square.

use core::fmt;

pub mod attacks;
pub(crate) mod capablanca;
pub(crate) mod castling;
pub(crate) mod moves;
mod placement;

pub use castling::{AddCastlingError, CastlingRights};
pub use forsyth_types::{
    Bitboard, BitboardIter, ByColor, CastlingSide, Color, File, ParseSquareError,
    ParseSquareErrorKind, Piece, Rank, Role, Square,
};
pub use moves::Move;
pub(crate) use placement::PlacementMemo;

/// The role of each three-bit code `role + 1` (0, and 7, which no role
/// has: none): what the branch-free lookups of a square's role index.
pub(crate) const ROLE_BY_CODE: [Option<Role>; 8] = [
    None,
    Some(Role::Pawn),
    Some(Role::Knight),
    Some(Role::Bishop),
    Some(Role::Rook),
    Some(Role::Queen),
    Some(Role::King),
    None,
];

/// Piece placement, as bitboards by role and by colour.
///
/// A `Board` holds any placement of the six pieces of chess, legal or not:
/// nine queens, no kings and pawns on the first rank are all representable.
/// Legality is the business of validation. The archbishop and the
/// chancellor stand on the 10x8 board
/// ([`capablanca::Board`](crate::capablanca::Board)), never on this one.
///
/// ```
/// use forsyth::{Board, Color, Role, Square};
/// let board = Board::standard();
/// assert_eq!(board.piece_at(Square::E1), Some(Role::King.of(Color::White)));
/// assert_eq!(board.occupied().count(), 32);
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    /// The board with no piece on it.
    ///
    /// ```
    /// use forsyth::Board;
    /// assert!(Board::empty().occupied().is_empty());
    /// ```
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The classical starting placement.
    ///
    /// ```
    /// use forsyth::{Board, Square};
    /// assert!(Board::standard().piece_at(Square::D8).is_some());
    /// ```
    pub fn standard() -> Board {
        use Role::*;
        Board::from_back_rank(&[Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook])
    }

    /// The starting placement with `back_rank` (files `a` to `h`) for both
    /// colours, pawns on the second and seventh ranks.
    ///
    /// # Panics
    ///
    /// When `back_rank` names an archbishop or a chancellor (see
    /// [`Board::set_piece_at`]).
    ///
    /// ```
    /// use forsyth::Board;
    /// use forsyth::Role::*;
    /// let b = Board::from_back_rank(&[Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]);
    /// assert_eq!(b.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    /// ```
    pub fn from_back_rank(back_rank: &[Role; 8]) -> Board {
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
    /// use forsyth::Board;
    /// assert_eq!(Board::standard().occupied().count(), 32);
    /// ```
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of one colour's pieces.
    ///
    /// ```
    /// use forsyth::{Board, Color};
    /// assert_eq!(Board::standard().by_color(Color::Black).count(), 16);
    /// ```
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of one role's pieces, both colours (none for the
    /// archbishop and the chancellor, which this board never holds).
    ///
    /// ```
    /// use forsyth::{Board, Role};
    /// assert_eq!(Board::standard().by_role(Role::Pawn).count(), 16);
    /// assert!(Board::standard().by_role(Role::Archbishop).is_empty());
    /// ```
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        if role.is_chess() {
            self.by_role[role as usize]
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares of one piece.
    ///
    /// ```
    /// use forsyth::{Board, Color, Role};
    /// assert_eq!(Board::standard().by_piece(Role::Knight.of(Color::White)).count(), 2);
    /// ```
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard::from_bits(self.by_role(piece.role).bits() & self.by_color(piece.color).bits())
    }

    /// The rooks and queens.
    ///
    /// ```
    /// use forsyth::Board;
    /// assert_eq!(Board::standard().rooks_and_queens().count(), 6);
    /// ```
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// The bishops and queens.
    ///
    /// ```
    /// use forsyth::Board;
    /// assert_eq!(Board::standard().bishops_and_queens().count(), 6);
    /// ```
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// The king of `color`, when it has exactly one.
    ///
    /// ```
    /// use forsyth::{Board, Color, Square};
    /// assert_eq!(Board::standard().king_of(Color::Black), Some(Square::E8));
    /// assert_eq!(forsyth::Board::empty().king_of(Color::Black), None);
    /// ```
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Role::King.of(color)).single_square()
    }

    /// The colour of the piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::{Board, Color, Square};
    /// assert_eq!(Board::standard().color_at(Square::A8), Some(Color::Black));
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
    /// use forsyth::{Board, Role, Square};
    /// assert_eq!(Board::standard().role_at(Square::C1), Some(Role::Bishop));
    /// ```
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        // Without a branch (the move generator asks it of every target
        // square, and whether a move captures is not predictable): the
        // square's bit in each set makes an index, 0 for an empty square.
        let at = sq.index();
        let bit = |bb: Bitboard| ((bb.bits() >> at) & 1) as usize;
        let [_, knights, bishops, rooks, queens, kings] = self.by_role.map(bit);
        let role = knights + 2 * bishops + 3 * rooks + 4 * queens + 5 * kings;
        ROLE_BY_CODE[((role + 1) * bit(self.occupied)) & 7]
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::{Board, Square};
    /// assert_eq!(Board::standard().piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = self.color_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    ///
    /// # Panics
    ///
    /// For an archbishop or a chancellor: they stand on the 10x8 board
    /// ([`capablanca::Board`](crate::capablanca::Board)).
    ///
    /// ```
    /// use forsyth::{Board, Color, Role, Square};
    /// let mut b = Board::empty();
    /// b.set_piece_at(Square::D4, Role::Queen.of(Color::White));
    /// b.set_piece_at(Square::D4, Role::Knight.of(Color::Black));
    /// assert_eq!(b.piece_at(Square::D4), Some(Role::Knight.of(Color::Black)));
    /// assert_eq!(b.occupied().count(), 1);
    /// ```
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] |= bb;
        self.by_color[piece.color as usize] |= bb;
        self.occupied |= bb;
    }

    /// Removes and returns the piece on `sq`, if any.
    ///
    /// ```
    /// use forsyth::{Board, Role, Square};
    /// let mut b = Board::standard();
    /// assert_eq!(b.remove_piece_at(Square::E2).map(|p| p.role), Some(Role::Pawn));
    /// assert_eq!(b.piece_at(Square::E2), None);
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
    /// use forsyth::{Board, Square};
    /// let mut b = Board::standard();
    /// b.discard_piece_at(Square::A1);
    /// assert_eq!(b.occupied().count(), 31);
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
    /// the square it stands on). The move maker's primitive: the caller knows
    /// what stands where.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        self.toggle_squares(Bitboard::from_square(sq), piece);
    }

    /// [`Board::toggle`] on every square of `squares` at once: a piece
    /// moving from one square to another is one call.
    #[inline]
    pub(crate) fn toggle_squares(&mut self, squares: Bitboard, piece: Piece) {
        self.by_role[piece.role as usize] ^= squares;
        self.by_color[piece.color as usize] ^= squares;
        self.occupied ^= squares;
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the
    /// blockers for sliding pieces. A pawn on a back rank, which no game
    /// reaches and only a chess problem may show, attacks nothing, as
    /// problem solvers take it.
    ///
    /// ```
    /// use forsyth::{Board, Color, Square};
    /// let b = Board::standard();
    /// assert_eq!(b.attackers_to(Square::F3, Color::White, b.occupied()).count(), 3);
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook(sq, occupied) & self.rooks_and_queens())
            | (attacks::bishop(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(attacker.other(), sq)
                & (self.by_role(Role::Pawn) - Bitboard::BACKRANKS)))
            & them
    }

    /// How many pieces of each colour stand on the board.
    ///
    /// ```
    /// use forsyth::{Board, ByColor};
    /// assert_eq!(Board::standard().material_count(), ByColor::new(16, 16));
    /// ```
    pub fn material_count(&self) -> ByColor<usize> {
        ByColor::new_with(|c| self.by_color(c).count())
    }

    /// Every piece with its square, `a1` first.
    ///
    /// ```
    /// use forsyth::Board;
    /// assert_eq!(Board::standard().pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Puts `piece` on `sq`, which must be empty (parser fast path).
    #[inline]
    pub(crate) fn put_on_empty(&mut self, sq: Square, piece: Piece) {
        debug_assert!(!self.occupied.contains(sq));
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] |= bb;
        self.by_color[piece.color as usize] |= bb;
        self.occupied |= bb;
    }

    /// The board whose twelve piece sets are `bits`, indexed by
    /// `color * 6 + role` (White's pawn first); the sets must not overlap
    /// (the parser's fast path, which places each square once).
    #[inline]
    pub(crate) fn from_piece_bits(bits: &[u64; 12]) -> Board {
        let mut board = Board::empty();
        for role in 0..6 {
            let white = bits[role];
            let black = bits[6 + role];
            board.by_role[role] = Bitboard::from_bits(white | black);
            board.by_color[0] |= Bitboard::from_bits(white);
            board.by_color[1] |= Bitboard::from_bits(black);
        }
        board.occupied = board.by_color[0] | board.by_color[1];
        board
    }
}

impl fmt::Display for Board {
    /// The FEN piece placement field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_placement(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}
