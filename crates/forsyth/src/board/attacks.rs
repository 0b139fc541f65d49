//! Attack sets of every piece, from tables computed at compile time.
//!
//! Sliding pieces use "fancy" magic bitboards: the occupancy of the squares
//! that matter is multiplied by a per-square factor and shifted into an index
//! of a table of precomputed attack sets. `build.rs` searches the factors
//! (with a fixed seed, so every build is the same) and writes the tables.

use crate::{Bitboard, Color, Piece, Role, Square};

// `tests/common/mod.rs` lists the same deltas on purpose: its attack oracle
// is written apart from this module.
const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// Directions, the first four towards higher square indices.
const DIRS: [(i32, i32); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];

const fn sq_offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = sq_offset(sq, deltas[i].0, deltas[i].1) {
                table[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(color_dr: i32) -> [u64; 64] {
    step_table(&[(-1, color_dr), (1, color_dr)])
}

const fn ray_table() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut cur = sq;
            while let Some(next) = sq_offset(cur, DIRS[d].0, DIRS[d].1) {
                table[d][sq] |= 1 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let rays = ray_table();
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let full = rays[d][a] | rays[opposite][a] | (1 << a);
            let mut ray = rays[d][a];
            while ray != 0 {
                let b = ray.trailing_zeros() as usize;
                ray &= ray - 1;
                line[a][b] = full;
                between[a][b] = rays[d][a] & rays[opposite][b];
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// The squares a slider moving in the directions `dirs` (indices into
/// `DIRS`) sees from each square on an empty board.
const fn rays_table(dirs: [usize; 4]) -> [u64; 64] {
    let rays = ray_table();
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < dirs.len() {
            table[sq] |= rays[dirs[i]][sq];
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_DELTAS);
static ROOK_RAYS: [u64; 64] = rays_table([0, 1, 4, 5]);
static BISHOP_RAYS: [u64; 64] = rays_table([2, 3, 6, 7]);
static KING: [u64; 64] = step_table(&KING_DELTAS);
static PAWN: [[u64; 64]; 2] = [pawn_table(1), pawn_table(-1)];
static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

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
                    slow_slider(
                        sq,
                        occ,
                        &DIRS[..2]
                            .iter()
                            .chain(&DIRS[4..6])
                            .copied()
                            .collect::<Vec<_>>()
                    )
                );
                assert_eq!(
                    bishop(sq, occ),
                    slow_slider(sq, occ, &[DIRS[2], DIRS[3], DIRS[6], DIRS[7]])
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
                slow_slider(sq, empty, &[DIRS[0], DIRS[1], DIRS[4], DIRS[5]])
            );
            assert_eq!(
                bishop_rays(sq),
                slow_slider(sq, empty, &[DIRS[2], DIRS[3], DIRS[6], DIRS[7]])
            );
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
