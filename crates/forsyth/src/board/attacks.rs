//! Attack sets of every piece, from tables computed at compile time.
//!
//! Sliding pieces use "fancy" magic bitboards: the occupancy of the squares
//! that matter is multiplied by a per-square factor and shifted into an index
//! of a table of precomputed attack sets. `build.rs` searches the factors
//! (with a fixed seed, so every build is the same) and writes the tables.

use forsyth_types::geometry::{
    self, BISHOP_DIRECTIONS, BLACK_PAWN_CAPTURES, KING_STEPS, KNIGHT_STEPS, ROOK_DIRECTIONS,
    WHITE_PAWN_CAPTURES,
};
use forsyth_types::{Bitboard, CastlingSide, Color, File, Piece, Role, Square};

/// The squares a step of `deltas` reaches from each square.
const fn step_table(deltas: &[geometry::Delta]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = geometry::steps(Square::new_wrapping(i as u32), deltas).bits();
        i += 1;
    }
    table
}

/// The squares a slider moving in `dirs` sees from each square on an
/// empty board.
const fn rays_table(dirs: &[geometry::Delta]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::new_wrapping(i as u32);
        table[i] = geometry::slider_attacks(sq, Bitboard::EMPTY, dirs).bits();
        i += 1;
    }
    table
}

/// [`geometry::between`] and [`geometry::line`] of every pair of squares.
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (
                Square::new_wrapping(a as u32),
                Square::new_wrapping(b as u32),
            );
            between[a][b] = geometry::between(sa, sb).bits();
            line[a][b] = geometry::line(sa, sb).bits();
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

/// For each square, the union of `table`'s sets over the squares a king
/// steps to from it: where a piece must stand to reach one of them.
const fn near_table(table: &[u64; 64]) -> [u64; 64] {
    let king = step_table(&KING_STEPS);
    let mut near = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let mut steps = king[i];
        while steps != 0 {
            near[i] |= table[steps.trailing_zeros() as usize];
            steps &= steps - 1;
        }
        i += 1;
    }
    near
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static ROOK_RAYS: [u64; 64] = rays_table(&ROOK_DIRECTIONS);
static BISHOP_RAYS: [u64; 64] = rays_table(&BISHOP_DIRECTIONS);
static KING: [u64; 64] = step_table(&KING_STEPS);
/// The squares around each square reached by a knight, a rook and a bishop
/// (on the empty board), for the king's steps: one table row each.
static NEAR: [[u64; 3]; 64] = {
    let knight = near_table(&step_table(&KNIGHT_STEPS));
    let rook = near_table(&rays_table(&ROOK_DIRECTIONS));
    let bishop = near_table(&rays_table(&BISHOP_DIRECTIONS));
    let mut near = [[0u64; 3]; 64];
    let mut i = 0;
    while i < 64 {
        near[i] = [knight[i], rook[i], bishop[i]];
        i += 1;
    }
    near
};
static PAWN: [[u64; 64]; 2] = [
    step_table(&WHITE_PAWN_CAPTURES),
    step_table(&BLACK_PAWN_CAPTURES),
];
static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

/// The squares a castling king passes and lands on, and the squares from
/// which an enemy knight, pawn, king, rook and bishop (on the empty board)
/// reach one of them: by colour, wing and the king's file.
static CASTLING_PATHS: [[[[u64; 6]; 8]; 2]; 2] = {
    let knight = step_table(&KNIGHT_STEPS);
    let king = step_table(&KING_STEPS);
    let rook = rays_table(&ROOK_DIRECTIONS);
    let bishop = rays_table(&BISHOP_DIRECTIONS);
    // An enemy pawn attacks a square from where our pawn there would
    // capture.
    let pawns = [
        step_table(&WHITE_PAWN_CAPTURES),
        step_table(&BLACK_PAWN_CAPTURES),
    ];
    let mut table = [[[[0u64; 6]; 8]; 2]; 2];
    let mut color = 0;
    while color < 2 {
        let back = if color == 0 { 0 } else { 56 };
        let mut side = 0;
        while side < 2 {
            // The king lands on g (king side) or c.
            let to = back + if side == 0 { 6 } else { 2 };
            let mut file = 0;
            while file < 8 {
                let from = Square::new_wrapping((back + file) as u32);
                let path =
                    geometry::between(from, Square::new_wrapping(to as u32)).bits() | 1 << to;
                let mut zones = [path, 0, 0, 0, 0, 0];
                let mut squares = path;
                while squares != 0 {
                    let sq = squares.trailing_zeros() as usize;
                    zones[1] |= knight[sq];
                    zones[2] |= pawns[color][sq];
                    zones[3] |= king[sq];
                    zones[4] |= rook[sq];
                    zones[5] |= bishop[sq];
                    squares &= squares - 1;
                }
                table[color][side][file] = zones;
                file += 1;
            }
            side += 1;
        }
        color += 1;
    }
    table
};

/// One square's entry of a magic table (see the module doc).
struct Magic {
    /// The squares whose occupancy matters (rays without their edge square).
    mask: u64,
    /// The multiplier mapping each subset of `mask` to a table slot.
    factor: u64,
    /// 64 minus the number of bits of `mask`.
    shift: u32,
    /// Where the square's window starts in `SLIDER_ATTACKS`.
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

#[inline(always)]
fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.bits() & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize;
    // The mask keeps the index in bounds (the table length is a power of two),
    // which lets the compiler drop the bounds check.
    Bitboard::from_bits(SLIDER_ATTACKS[(magic.offset + index) & SLIDER_TABLE_MASK])
}

/// The squares a knight on `sq` attacks.
///
/// ```
/// use forsyth::{attacks, Square};
/// assert_eq!(attacks::knight(Square::A1).count(), 2);
/// ```
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard::from_bits(KNIGHT[sq.index()])
}

/// The squares a king on `sq` attacks.
///
/// ```
/// use forsyth::{attacks, Square};
/// assert_eq!(attacks::king(Square::E4).count(), 8);
/// ```
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard::from_bits(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
///
/// ```
/// use forsyth::{attacks, Color, Square};
/// assert!(attacks::pawn(Color::White, Square::E4).contains(Square::D5));
/// assert!(attacks::pawn(Color::Black, Square::E4).contains(Square::F3));
/// ```
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(PAWN[color.index()][sq.index()])
}

/// The squares a rook on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::{attacks, Bitboard, Square};
/// let occupied = Bitboard::from_square(Square::A4);
/// let att = attacks::rook(Square::A1, occupied);
/// assert!(att.contains(Square::A4));
/// assert!(!att.contains(Square::A5));
/// assert_eq!(att.count(), 3 + 7);
/// ```
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq.index() & 63], occupied)
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::{attacks, Bitboard, Square};
/// assert_eq!(attacks::bishop(Square::A1, Bitboard::EMPTY).count(), 7);
/// ```
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq.index() & 63], occupied)
}

/// The squares a queen on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::{attacks, Bitboard, Square};
/// assert_eq!(attacks::queen(Square::D4, Bitboard::EMPTY).count(), 27);
/// ```
#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares a rook on `sq` attacks on an empty board: a table lookup,
/// cheaper than [`rook`], to rule out rook attacks before looking.
#[inline]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard::from_bits(ROOK_RAYS[sq.index()])
}

/// The squares a bishop on `sq` attacks on an empty board (see
/// [`rook_rays`]).
#[inline]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard::from_bits(BISHOP_RAYS[sq.index()])
}

/// The squares from which a knight, a rook and a bishop (on the empty
/// board) reach a square a king on `sq` steps to: the only pieces that can
/// stop the king stepping there, apart from pawns and the other king.
#[inline]
pub(crate) fn near_king(sq: Square) -> [Bitboard; 3] {
    NEAR[sq.index()].map(Bitboard::from_bits)
}

/// The squares that must be empty for castling, by colour, wing, king
/// file and rook file: those the king and the rook pass and land on,
/// except where the two of them stand.
static CASTLING_WAYS: [[[[u64; 8]; 8]; 2]; 2] = {
    let mut table = [[[[0u64; 8]; 8]; 2]; 2];
    let mut color = 0;
    while color < 2 {
        let back = if color == 0 { 0 } else { 56 };
        let mut side = 0;
        while side < 2 {
            let (king_to, rook_to) = if side == 0 {
                (back + 6, back + 5)
            } else {
                (back + 2, back + 3)
            };
            let mut king = 0;
            while king < 8 {
                let mut rook = 0;
                while rook < 8 {
                    let (k, r) = (back + king, back + rook);
                    let way = geometry::between(
                        Square::new_wrapping(k as u32),
                        Square::new_wrapping(king_to as u32),
                    )
                    .bits()
                        | 1 << king_to
                        | geometry::between(
                            Square::new_wrapping(r as u32),
                            Square::new_wrapping(rook_to as u32),
                        )
                        .bits()
                        | 1 << rook_to;
                    table[color][side][king][rook] = way & !(1 << k) & !(1 << r);
                    rook += 1;
                }
                king += 1;
            }
            side += 1;
        }
        color += 1;
    }
    table
};

/// The squares that must be empty for a king of `color` on `king` and a
/// rook on `rook` (files of its back rank) to castle on `side`: those the
/// two pass and land on, but their own.
#[inline]
pub(crate) fn castling_way(color: Color, side: CastlingSide, king: File, rook: File) -> Bitboard {
    Bitboard::from_bits(CASTLING_WAYS[color.index()][side.index()][king.index()][rook.index()])
}

/// What castling asks of the squares the king passes and lands on (see
/// [`castling_path`]).
#[derive(Copy, Clone)]
pub(crate) struct CastlingPath {
    /// The squares the king passes and lands on, its own excluded (the
    /// landing square is its own when it does not move).
    pub(crate) king: Bitboard,
    /// Where an enemy knight, pawn or king attacks one of them.
    pub(crate) knights: Bitboard,
    pub(crate) pawns: Bitboard,
    pub(crate) kings: Bitboard,
    /// Where an enemy rook (or queen) or bishop (or queen) would attack one
    /// of them on the empty board: the only places a slider can, through
    /// the pieces, stop the castling.
    pub(crate) rooks: Bitboard,
    pub(crate) bishops: Bitboard,
}

/// The path of a king of `color` on `file` of its back rank castling on
/// `side`, with the places an enemy piece attacks it from: one lookup.
#[inline]
pub(crate) fn castling_path(color: Color, side: CastlingSide, file: File) -> CastlingPath {
    let [king, knights, pawns, kings, rooks, bishops] =
        CASTLING_PATHS[color.index()][side.index()][file.index()].map(Bitboard::from_bits);
    CastlingPath {
        king,
        knights,
        pawns,
        kings,
        rooks,
        bishops,
    }
}

/// The squares `piece` on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::{attacks, Bitboard, Color, Role, Square};
/// let att = attacks::attacks(Square::G1, Role::Knight.of(Color::White), Bitboard::EMPTY);
/// assert_eq!(att, attacks::knight(Square::G1));
/// ```
#[inline]
pub fn attacks(sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn(piece.color, sq),
        Role::Knight => knight(sq),
        Role::Bishop => bishop(sq, occupied),
        Role::Rook => rook(sq, occupied),
        Role::Queen => queen(sq, occupied),
        Role::King => king(sq),
        Role::Archbishop => bishop(sq, occupied) | knight(sq),
        Role::Chancellor => rook(sq, occupied) | knight(sq),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
///
/// ```
/// use forsyth::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4).count(), 2);
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard::from_bits(LINES.0[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank,
/// file or diagonal; empty otherwise (and for `a == b`).
///
/// ```
/// use forsyth::{attacks, Square};
/// assert_eq!(attacks::line(Square::B2, Square::C3).count(), 8);
/// assert!(attacks::line(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard::from_bits(LINES.1[a.index()][b.index()])
}

/// `true` if `a`, `b` and `c` stand on one rank, file or diagonal.
///
/// ```
/// use forsyth::{attacks, Square};
/// assert!(attacks::aligned(Square::A1, Square::C3, Square::H8));
/// assert!(!attacks::aligned(Square::A1, Square::C3, Square::H7));
/// ```
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each direction square by square.
    fn slow_slider(sq: Square, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                out = out.with(next);
                if occ.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        out
    }

    #[test]
    fn sliders_match_square_walk() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = Bitboard::from_bits(seed & seed.rotate_left(17));
            for sq in Square::all() {
                assert_eq!(
                    rook(sq, occ),
                    slow_slider(sq, occ, &[(0, 1), (1, 0), (0, -1), (-1, 0)])
                );
                assert_eq!(
                    bishop(sq, occ),
                    slow_slider(sq, occ, &[(1, 1), (-1, 1), (-1, -1), (1, -1)])
                );
            }
        }
    }

    #[test]
    fn rays_are_the_attacks_on_an_empty_board() {
        for sq in Square::all() {
            let empty = Bitboard::EMPTY;
            assert_eq!(
                rook_rays(sq),
                slow_slider(sq, empty, &[(0, 1), (1, 0), (0, -1), (-1, 0)])
            );
            assert_eq!(
                bishop_rays(sq),
                slow_slider(sq, empty, &[(1, 1), (-1, 1), (-1, -1), (1, -1)])
            );
        }
    }

    /// A knight, rook or bishop attacks a king's step from a square of
    /// `near_king` and from no other, on the empty board: both sides of the
    /// definition, from the step and attack tables.
    #[test]
    fn near_king_holds_the_pieces_that_reach_a_kings_step() {
        for king_sq in Square::all() {
            let [knights, rooks, bishops] = near_king(king_sq);
            for from in Square::all() {
                let reaches = |att: Bitboard| att.intersects(king(king_sq));
                assert_eq!(
                    knights.contains(from),
                    reaches(knight(from)),
                    "{king_sq} {from}"
                );
                assert_eq!(
                    rooks.contains(from),
                    reaches(rook_rays(from)),
                    "{king_sq} {from}"
                );
                assert_eq!(
                    bishops.contains(from),
                    reaches(bishop_rays(from)),
                    "{king_sq} {from}"
                );
            }
        }
    }

    /// A castling path is the squares from the king's file (excluded) to
    /// the `g` or `c` file (included) on the back rank, and an enemy piece
    /// reaches one of them (on the empty board) exactly from the squares of
    /// its kind's zone.
    #[test]
    fn castling_paths_hold_the_squares_that_reach_the_kings_way() {
        for color in [Color::White, Color::Black] {
            let back: usize = if color == Color::White { 0 } else { 7 };
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let to = side.king_to_file().index() as i32;
                for file in File::ALL {
                    let path = castling_path(color, side, file);
                    let from = file.index() as i32;
                    // The landing square is on the way even when the king
                    // stands on it already.
                    let way: Bitboard = Square::all()
                        .filter(|sq| {
                            let f = sq.file().index() as i32;
                            sq.rank().index() == back
                                && (f == to
                                    || (f != from && f >= from.min(to) && f <= from.max(to)))
                        })
                        .collect();
                    assert_eq!(path.king, way, "{color:?} {side:?} {file:?}");
                    // With a rook on the wing's side of the king, the
                    // squares to be empty are the king's way and the rook's
                    // (from its file to the `f` or `d` file), but theirs.
                    let rook_to = side.rook_to_file().index() as i32;
                    for rook in File::ALL {
                        let r = rook.index() as i32;
                        if (r - from).signum() != (to - 4).signum() {
                            continue;
                        }
                        let rook_way: Bitboard = Square::all()
                            .filter(|sq| {
                                let f = sq.file().index() as i32;
                                sq.rank().index() == back
                                    && f >= r.min(rook_to)
                                    && f <= r.max(rook_to)
                            })
                            .collect();
                        let pair = Bitboard::from_square(Square::from_coords(
                            file,
                            forsyth_types::Rank::ALL[back],
                        ))
                        .with(Square::from_coords(rook, forsyth_types::Rank::ALL[back]));
                        assert_eq!(
                            castling_way(color, side, file, rook),
                            (way | rook_way) - pair,
                            "{color:?} {side:?} {file:?} {rook:?}"
                        );
                    }
                    for sq in Square::all() {
                        let reaches = |att: Bitboard| att.intersects(way);
                        // An enemy pawn on `sq` attacks as the other colour.
                        let their_pawn = pawn(!color, sq);
                        assert_eq!(path.knights.contains(sq), reaches(knight(sq)));
                        assert_eq!(path.pawns.contains(sq), reaches(their_pawn), "{sq}");
                        assert_eq!(path.kings.contains(sq), reaches(king(sq)));
                        assert_eq!(path.rooks.contains(sq), reaches(rook_rays(sq)));
                        assert_eq!(path.bishops.contains(sq), reaches(bishop_rays(sq)));
                    }
                }
            }
        }
    }

    #[test]
    fn between_is_symmetric_and_excludes_ends() {
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(between(a, b), between(b, a));
                assert!(!between(a, b).contains(a) && !between(a, b).contains(b));
                if !line(a, b).is_empty() {
                    assert!(line(a, b).contains(a) && line(a, b).contains(b));
                }
            }
        }
    }
}
