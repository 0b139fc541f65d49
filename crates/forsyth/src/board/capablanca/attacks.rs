//! Attack sets of every piece on the 10x8 board, from tables computed at
//! compile time from the board's geometry.
//!
//! The sliders read one line at a time. A rank's occupancy is a shift
//! away; a file's is gathered into six bits by a 64-bit multiplication; a
//! diagonal's by a 128-bit one that moves each square of the diagonal onto
//! its file's bit in the top ten bits (a diagonal has one square per file).
//! The squares a slider attacks along a line of ten, given the line's eight
//! inner squares' occupancy, are one table of 10 x 256 entries; a diagonal
//! spreads that row back over its squares by a second multiplication.
//! Together the tables take 13 KB, where magic tables for 80 squares would
//! need megabytes for the rooks.

use forsyth_types::capablanca::geometry;
use forsyth_types::geometry::{
    Delta, BISHOP_DIRECTIONS, BLACK_PAWN_CAPTURES, KING_STEPS, KNIGHT_STEPS, ROOK_DIRECTIONS,
    WHITE_PAWN_CAPTURES,
};

use super::{Bitboard, Square};
use crate::board::{Color, Piece, Role};

/// The squares a step of `deltas` reaches from each square.
const fn step_table(deltas: &[Delta]) -> [u128; 80] {
    let mut table = [0u128; 80];
    let mut i = 0;
    while i < 80 {
        table[i] = geometry::steps(Square::new_wrapping(i as u32), deltas).bits();
        i += 1;
    }
    table
}

/// The squares a slider moving in `dirs` sees from each square on an
/// empty board.
const fn rays_table(dirs: &[Delta]) -> [u128; 80] {
    let mut table = [0u128; 80];
    let mut i = 0;
    while i < 80 {
        let sq = Square::new_wrapping(i as u32);
        table[i] = geometry::slider_attacks(sq, Bitboard::EMPTY, dirs).bits();
        i += 1;
    }
    table
}

/// The whole diagonal (`(1, 1)`) or anti-diagonal (`(1, -1)`) through each
/// square, the square included.
const fn diagonal_table(dir: Delta) -> [u128; 80] {
    let mut table = [0u128; 80];
    let mut i = 0;
    while i < 80 {
        let sq = Square::new_wrapping(i as u32);
        let line = geometry::ray(sq, dir).bits() | geometry::ray(sq, (-dir.0, -dir.1)).bits();
        table[i] = line | (1 << i);
        i += 1;
    }
    table
}

/// For a slider on file `f` of a line of ten squares and each occupancy of
/// the line's eight inner squares (bit `k` for file `k + 1`), the files it
/// attacks: up to and including the first occupied file each way. The
/// slider's own file is never looked at.
const fn line_table() -> [[u16; 256]; 10] {
    let mut table = [[0u16; 256]; 10];
    let mut f = 0;
    while f < 10 {
        let mut inner = 0;
        while inner < 256 {
            let occupied = (inner as u16) << 1;
            let mut out = 0u16;
            let mut g = f as i32 + 1;
            while g < 10 {
                out |= 1 << g;
                if occupied & (1 << g) != 0 {
                    break;
                }
                g += 1;
            }
            g = f as i32 - 1;
            while g >= 0 {
                out |= 1 << g;
                if occupied & (1 << g) != 0 {
                    break;
                }
                g -= 1;
            }
            table[f][inner] = out;
            inner += 1;
        }
        f += 1;
    }
    table
}

/// For a rook on rank `r` of the `a` file and each occupancy of the file's
/// six inner squares (bit `k` for rank `k + 1`), the squares of the `a`
/// file it attacks.
const fn file_table() -> [[u128; 64]; 8] {
    let mut table = [[0u128; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut inner = 0;
        while inner < 64 {
            let mut occupied = 0u128;
            let mut k = 0;
            while k < 6 {
                if inner & (1 << k) != 0 {
                    occupied |= 1 << (10 * (k + 1));
                }
                k += 1;
            }
            let sq = Square::new_wrapping(10 * r as u32);
            table[r][inner] =
                geometry::slider_attacks(sq, Bitboard::from_bits(occupied), &[(0, 1), (0, -1)])
                    .bits();
            inner += 1;
        }
        r += 1;
    }
    table
}

/// [`geometry::between`] and [`geometry::line`] of every pair of squares.
const fn line_tables() -> ([[u128; 80]; 80], [[u128; 80]; 80]) {
    let mut between = [[0u128; 80]; 80];
    let mut line = [[0u128; 80]; 80];
    let mut a = 0;
    while a < 80 {
        let mut b = 0;
        while b < 80 {
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

static KNIGHT: [u128; 80] = step_table(&KNIGHT_STEPS);
static KING: [u128; 80] = step_table(&KING_STEPS);
static PAWN: [[u128; 80]; 2] = [
    step_table(&WHITE_PAWN_CAPTURES),
    step_table(&BLACK_PAWN_CAPTURES),
];
static ROOK_RAYS: [u128; 80] = rays_table(&ROOK_DIRECTIONS);
static BISHOP_RAYS: [u128; 80] = rays_table(&BISHOP_DIRECTIONS);
static DIAGONAL: [u128; 80] = diagonal_table((1, 1));
static ANTI_DIAGONAL: [u128; 80] = diagonal_table((1, -1));
static LINE_ATTACKS: [[u16; 256]; 10] = line_table();
static FILE_ATTACKS: [[u128; 64]; 8] = file_table();
static LINES: ([[u128; 80]; 80], [[u128; 80]; 80]) = line_tables();

/// The inner squares of the `a` file (ranks 2 to 7), within the low 64
/// bits.
const FILE_INNER: u64 = 1 << 10 | 1 << 20 | 1 << 30 | 1 << 40 | 1 << 50 | 1 << 60;
/// Moves the bit of rank `k` of [`FILE_INNER`] (bit `10k`) to bit `57 + k`:
/// each term `2^(57 - 9k)` lands its own rank there, and the others on
/// distinct bits (so without carries) either below bit 54 or above 63.
const FILE_GATHER: u64 = 1 << 48 | 1 << 39 | 1 << 30 | 1 << 21 | 1 << 12 | 1 << 3;
/// Moves the square of rank `r` on file `f` to bit `118 + f` (term
/// `2^(118 - 10r)`): for a set with one square per file (a diagonal), the
/// top ten bits of the product are the files it occupies; the other terms
/// land on distinct bits below 118 or beyond the 128 bits.
const DIAGONAL_GATHER: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 8 {
        m |= 1 << (118 - 10 * r);
        r += 1;
    }
    m
};
/// A row of ten files copied onto every rank.
const REPLICATE: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 8 {
        m |= 1 << (10 * r);
        r += 1;
    }
    m
};

#[inline(always)]
fn rank_attacks(sq: Square, occupied: Bitboard) -> u128 {
    let i = sq.index();
    let (rank, file) = (i / 10, i % 10);
    let inner = ((occupied.bits() >> (10 * rank + 1)) & 0xff) as usize;
    u128::from(LINE_ATTACKS[file][inner]) << (10 * rank)
}

#[inline(always)]
fn file_attacks(sq: Square, occupied: Bitboard) -> u128 {
    let i = sq.index();
    let (rank, file) = (i / 10, i % 10);
    let column = (occupied.bits() >> file) as u64 & FILE_INNER;
    let inner = (column.wrapping_mul(FILE_GATHER) >> 58) as usize;
    FILE_ATTACKS[rank & 7][inner & 63] << file
}

#[inline(always)]
fn diagonal_attacks(sq: Square, occupied: Bitboard, line: u128) -> u128 {
    let file = sq.index() % 10;
    let inner = (((occupied.bits() & line).wrapping_mul(DIAGONAL_GATHER) >> 119) & 0xff) as usize;
    (u128::from(LINE_ATTACKS[file][inner]).wrapping_mul(REPLICATE)) & line
}

/// The squares a knight on `sq` attacks.
///
/// ```
/// use forsyth::capablanca::{attacks, Square};
/// assert_eq!(attacks::knight(Square::J1).count(), 2);
/// assert_eq!(attacks::knight(Square::E4).count(), 8);
/// ```
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard::from_bits(KNIGHT[sq.index()])
}

/// The squares a king on `sq` attacks.
///
/// ```
/// use forsyth::capablanca::{attacks, Square};
/// assert_eq!(attacks::king(Square::I4).count(), 8);
/// assert_eq!(attacks::king(Square::J1).count(), 3);
/// ```
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard::from_bits(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
///
/// ```
/// use forsyth::capablanca::{attacks, Square};
/// use forsyth::Color;
/// assert!(attacks::pawn(Color::White, Square::I4).contains(Square::J5));
/// assert_eq!(attacks::pawn(Color::Black, Square::J4).count(), 1);
/// ```
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(PAWN[color.index()][sq.index()])
}

/// The squares a rook on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// let occupied = Bitboard::from_square(Square::A4);
/// let att = attacks::rook(Square::A1, occupied);
/// assert!(att.contains(Square::A4) && !att.contains(Square::A5));
/// assert_eq!(att.count(), 3 + 9);
/// ```
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits(rank_attacks(sq, occupied) | file_attacks(sq, occupied))
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// assert_eq!(attacks::bishop(Square::A1, Bitboard::EMPTY).count(), 7);
/// assert_eq!(attacks::bishop(Square::E4, Bitboard::EMPTY).count(), 14);
/// ```
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    Bitboard::from_bits(
        diagonal_attacks(sq, occupied, DIAGONAL[i])
            | diagonal_attacks(sq, occupied, ANTI_DIAGONAL[i]),
    )
}

/// The squares a queen on `sq` attacks, given the occupied squares.
///
/// ```
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// assert_eq!(attacks::queen(Square::E4, Bitboard::EMPTY).count(), 9 + 7 + 14);
/// ```
#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares an archbishop (bishop and knight) on `sq` attacks.
///
/// ```
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// assert_eq!(attacks::archbishop(Square::A1, Bitboard::EMPTY).count(), 7 + 2);
/// ```
#[inline]
pub fn archbishop(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop(sq, occupied) | knight(sq)
}

/// The squares a chancellor (rook and knight) on `sq` attacks.
///
/// ```
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// assert_eq!(attacks::chancellor(Square::A1, Bitboard::EMPTY).count(), 16 + 2);
/// ```
#[inline]
pub fn chancellor(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | knight(sq)
}

/// The squares a rook on `sq` attacks on an empty board: a table lookup, to
/// rule out rook attacks before looking.
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
/// use forsyth::capablanca::{attacks, Bitboard, Square};
/// use forsyth::{Color, Role};
/// let att = attacks::attacks(Square::H1, Role::Chancellor.of(Color::White), Bitboard::EMPTY);
/// assert_eq!(att, attacks::chancellor(Square::H1, Bitboard::EMPTY));
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
        Role::Archbishop => archbishop(sq, occupied),
        Role::Chancellor => chancellor(sq, occupied),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
///
/// ```
/// use forsyth::capablanca::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::J1).count(), 8);
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
/// use forsyth::capablanca::{attacks, Square};
/// assert_eq!(attacks::line(Square::B1, Square::C1).count(), 10);
/// assert!(attacks::line(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard::from_bits(LINES.1[a.index()][b.index()])
}

/// `true` if `a`, `b` and `c` stand on one rank, file or diagonal.
///
/// ```
/// use forsyth::capablanca::{attacks, Square};
/// assert!(attacks::aligned(Square::A1, Square::C3, Square::H8));
/// assert!(!attacks::aligned(Square::A1, Square::C3, Square::J8));
/// ```
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: the geometry's square walk.
    fn walk(sq: Square, occupied: Bitboard, dirs: &[Delta]) -> Bitboard {
        geometry::slider_attacks(sq, occupied, dirs)
    }

    /// Random occupancies of every density, from a fixed-seed xorshift.
    fn occupancies() -> impl Iterator<Item = Bitboard> {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..3000).map(move |i| {
            let bits = u128::from(next()) | u128::from(next()) << 64;
            let thin = u128::from(next()) | u128::from(next()) << 64;
            // Dense, half and sparse sets in turn.
            Bitboard::from_bits(match i % 3 {
                0 => bits,
                1 => bits & thin,
                _ => bits & thin & (u128::from(next()) | u128::from(next()) << 64),
            })
        })
    }

    #[test]
    fn sliders_match_the_square_walk() {
        for occupied in occupancies() {
            for sq in Square::all() {
                assert_eq!(
                    rook(sq, occupied),
                    walk(sq, occupied, &ROOK_DIRECTIONS),
                    "{sq}"
                );
                assert_eq!(
                    bishop(sq, occupied),
                    walk(sq, occupied, &BISHOP_DIRECTIONS),
                    "{sq}"
                );
            }
        }
    }

    /// Every occupancy of a file's and a diagonal's squares, exhaustively:
    /// the gathering multiplications lose no square.
    #[test]
    fn every_line_occupancy_is_read() {
        for sq in Square::all() {
            let i = sq.index();
            let file = Bitboard::from_file(sq.file());
            for line in [file.bits(), DIAGONAL[i], ANTI_DIAGONAL[i]] {
                let squares: Vec<Square> = Bitboard::from_bits(line).into_iter().collect();
                for subset in 0..1u32 << squares.len() {
                    let occupied: Bitboard = squares
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| subset & (1 << k) != 0)
                        .map(|(_, &s)| s)
                        .collect();
                    let dirs = if line == file.bits() {
                        &ROOK_DIRECTIONS
                    } else {
                        &BISHOP_DIRECTIONS
                    };
                    let along = Bitboard::from_bits(line);
                    let got = if line == file.bits() {
                        rook(sq, occupied)
                    } else {
                        bishop(sq, occupied)
                    };
                    assert_eq!(got & along, walk(sq, occupied, dirs) & along, "{sq}");
                }
            }
        }
    }

    #[test]
    fn rays_are_the_attacks_on_an_empty_board() {
        for sq in Square::all() {
            assert_eq!(rook_rays(sq), walk(sq, Bitboard::EMPTY, &ROOK_DIRECTIONS));
            assert_eq!(
                bishop_rays(sq),
                walk(sq, Bitboard::EMPTY, &BISHOP_DIRECTIONS)
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
                    assert!(line(a, b).contains(a));
                }
            }
        }
    }
}
