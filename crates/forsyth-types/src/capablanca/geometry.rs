//! The 10x8 board's geometry as `const fn`s: the squares a step or a ray
//! reaches from a square, and the squares between two squares. The steps
//! and directions are the 8x8 board's ([`crate::geometry`]); only the
//! board's edges differ.
//!
//! The 10x8 attack tables of `forsyth` are computed from these at compile
//! time, and its slider lookups are tested against [`slider_attacks`].
//!
//! ```
//! use forsyth_types::capablanca::{geometry, Bitboard, Square};
//! use forsyth_types::geometry::{KNIGHT_STEPS, ROOK_DIRECTIONS};
//! assert_eq!(geometry::steps(Square::J1, &KNIGHT_STEPS).count(), 2);
//! let rook = geometry::slider_attacks(Square::A1, Bitboard::from_square(Square::A4), &ROOK_DIRECTIONS);
//! assert_eq!(rook.count(), 3 + 9);
//! assert_eq!(geometry::between(Square::A1, Square::J1).count(), 8);
//! ```

use super::{Bitboard, Square};
use crate::geometry::Delta;

/// The squares one step of `deltas` away from `sq`.
///
/// ```
/// use forsyth_types::capablanca::{geometry, Square};
/// use forsyth_types::geometry::KING_STEPS;
/// assert_eq!(geometry::steps(Square::E4, &KING_STEPS).count(), 8);
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
/// use forsyth_types::capablanca::{geometry, Square};
/// assert_eq!(geometry::ray(Square::A1, (1, 0)).count(), 9);
/// assert_eq!(geometry::ray(Square::A1, (1, 1)).count(), 7);
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
/// use forsyth_types::capablanca::{geometry, Bitboard, Square};
/// use forsyth_types::geometry::BISHOP_DIRECTIONS;
/// let occupied = Bitboard::from_square(Square::C3);
/// assert_eq!(geometry::slider_attacks(Square::A1, occupied, &BISHOP_DIRECTIONS).count(), 2);
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
/// use forsyth_types::capablanca::{geometry, Square};
/// assert_eq!(geometry::between(Square::B1, Square::I8).count(), 6);
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
/// use forsyth_types::capablanca::{geometry, Square};
/// assert_eq!(geometry::line(Square::B1, Square::C1).count(), 10);
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
