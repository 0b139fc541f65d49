//! The board's geometry as `const fn`s: the squares a step or a ray
//! reaches from a square, and the squares between two squares.
//!
//! The attack tables of `forsyth` are computed from these, at compile time
//! (its `attacks` module: the step tables, the rays, `between` and `line`)
//! and in its build script (the magic factors of the sliders, found for
//! the attack sets [`slider_attacks`] walks), so the geometry is written
//! once.
//!
//! ```
//! use forsyth_types::{geometry, Bitboard, Square};
//! assert_eq!(geometry::steps(Square::A1, &geometry::KNIGHT_STEPS).count(), 2);
//! let rook = geometry::slider_attacks(Square::A1, Bitboard::from_square(Square::A4), &geometry::ROOK_DIRECTIONS);
//! assert_eq!(rook.count(), 3 + 7);
//! assert_eq!(geometry::between(Square::A1, Square::D4).count(), 2);
//! ```

use crate::{Bitboard, Square};

/// A step or a direction: files to the right (towards `h`), ranks up
/// (towards the eighth).
pub type Delta = (i32, i32);

/// The eight steps of a knight.
pub const KNIGHT_STEPS: [Delta; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight steps of a king.
pub const KING_STEPS: [Delta; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The two captures of a White pawn (a Black pawn's go down a rank).
pub const WHITE_PAWN_CAPTURES: [Delta; 2] = [(-1, 1), (1, 1)];

/// The two captures of a Black pawn.
pub const BLACK_PAWN_CAPTURES: [Delta; 2] = [(-1, -1), (1, -1)];

/// The four directions of a rook: north, east, south, west.
pub const ROOK_DIRECTIONS: [Delta; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The four directions of a bishop: north-east, north-west, south-west,
/// south-east.
pub const BISHOP_DIRECTIONS: [Delta; 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The squares one step of `deltas` away from `sq`.
///
/// ```
/// use forsyth_types::{geometry, Square};
/// assert_eq!(geometry::steps(Square::E4, &geometry::KING_STEPS).count(), 8);
/// ```
pub const fn steps(sq: Square, deltas: &[Delta]) -> Bitboard {
    let mut out = 0;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = sq.offset(deltas[i].0, deltas[i].1) {
            out |= 1 << to.index();
        }
        i += 1;
    }
    Bitboard::from_bits(out)
}

/// The squares from `sq` (not included) to the edge in the direction `dir`.
///
/// ```
/// use forsyth_types::{geometry, Square};
/// assert_eq!(geometry::ray(Square::A1, (1, 1)).count(), 7);
/// assert!(geometry::ray(Square::H1, (1, 0)).is_empty());
/// ```
pub const fn ray(sq: Square, dir: Delta) -> Bitboard {
    let mut out = 0;
    let mut cur = sq;
    while let Some(next) = cur.offset(dir.0, dir.1) {
        out |= 1 << next.index();
        cur = next;
    }
    Bitboard::from_bits(out)
}

/// The squares a slider on `sq` moving in `dirs` attacks: each ray up to
/// and including the first occupied square.
///
/// ```
/// use forsyth_types::{geometry, Bitboard, Square};
/// let occupied = Bitboard::from_square(Square::C3);
/// let bishop = geometry::slider_attacks(Square::A1, occupied, &geometry::BISHOP_DIRECTIONS);
/// assert_eq!(bishop.count(), 2);
/// ```
pub const fn slider_attacks(sq: Square, occupied: Bitboard, dirs: &[Delta]) -> Bitboard {
    let mut out = 0;
    let mut i = 0;
    while i < dirs.len() {
        let mut cur = sq;
        while let Some(next) = cur.offset(dirs[i].0, dirs[i].1) {
            out |= 1 << next.index();
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
        i += 1;
    }
    Bitboard::from_bits(out)
}

/// The squares whose occupancy can change what a slider on `sq` moving in
/// `dirs` attacks: its rays without their last square.
///
/// ```
/// use forsyth_types::{geometry, Square};
/// assert_eq!(geometry::relevant_occupancy(Square::A1, &geometry::ROOK_DIRECTIONS).count(), 12);
/// ```
pub const fn relevant_occupancy(sq: Square, dirs: &[Delta]) -> Bitboard {
    let mut out = 0;
    let mut i = 0;
    while i < dirs.len() {
        let (df, dr) = dirs[i];
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1 << next.index();
            cur = next;
        }
        i += 1;
    }
    Bitboard::from_bits(out)
}

/// The direction from `a` to `b` when they share a rank, file or
/// diagonal (and differ).
const fn direction(a: Square, b: Square) -> Option<Delta> {
    let df = b.file() as i32 - a.file() as i32;
    let dr = b.rank() as i32 - a.rank() as i32;
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        None
    } else {
        Some((df.signum(), dr.signum()))
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file
/// or diagonal; empty otherwise.
///
/// ```
/// use forsyth_types::{geometry, Square};
/// assert_eq!(geometry::between(Square::A1, Square::D4).count(), 2);
/// assert!(geometry::between(Square::A1, Square::B3).is_empty());
/// ```
pub const fn between(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some((df, dr)) => Bitboard::from_bits(ray(a, (df, dr)).bits() & ray(b, (-df, -dr)).bits()),
        None => Bitboard::EMPTY,
    }
}

/// The whole line (edge to edge) through `a` and `b` when they share a
/// rank, file or diagonal; empty otherwise (and for `a == b`).
///
/// ```
/// use forsyth_types::{geometry, Square};
/// assert_eq!(geometry::line(Square::B2, Square::C3).count(), 8);
/// assert!(geometry::line(Square::A1, Square::B3).is_empty());
/// ```
pub const fn line(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some((df, dr)) => Bitboard::from_bits(
            ray(a, (df, dr)).bits() | ray(a, (-df, -dr)).bits() | (1 << a.index()),
        ),
        None => Bitboard::EMPTY,
    }
}
