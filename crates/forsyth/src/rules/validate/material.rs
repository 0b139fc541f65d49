//! Warnings found by counting: material and pawn files no legal game
//! reaches.

use crate::board::{Bitboard, Color, File, Role};
use crate::setup::{Problem, ProblemKind, Setup};

/// How many pieces of `color` must be promoted pawns: queens beyond one,
/// rooks and knights beyond two, bishops beyond one per square colour.
pub(crate) fn promoted(setup: &Setup, color: Color) -> usize {
    let board = &setup.board;
    let ours = board.by_color(color);
    let count = |role: Role| (board.by_role(role) & ours).count();
    let bishops = board.by_role(Role::Bishop) & ours;
    count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + (bishops & Bitboard::LIGHT).count().saturating_sub(1)
        + (bishops & Bitboard::DARK).count().saturating_sub(1)
}

/// Whether `color` has more of some piece than it starts with (a second
/// queen, a third rook or knight, two bishops on one colour): found without
/// counting, so the common position skips [`promoted`].
fn beyond_start(setup: &Setup, color: Color) -> bool {
    let board = &setup.board;
    let ours = board.by_color(color);
    let more_than_two = |bb: Bitboard| {
        let bits = bb.bits() & (bb.bits().wrapping_sub(1));
        bits & bits.wrapping_sub(1) != 0
    };
    let bishops = board.by_role(Role::Bishop) & ours;
    (board.by_role(Role::Queen) & ours).more_than_one()
        || more_than_two(board.by_role(Role::Rook) & ours)
        || more_than_two(board.by_role(Role::Knight) & ours)
        || (bishops & Bitboard::LIGHT).more_than_one()
        || (bishops & Bitboard::DARK).more_than_one()
}

/// The fewest captures that put pawns, each starting on its own file, on the
/// files they stand on: a pawn changes file only by capturing, one file per
/// capture. `files` holds the file of each pawn.
#[cfg(test)]
pub(crate) fn min_pawn_captures(files: &[usize]) -> usize {
    if files.len() > 8 {
        // More pawns than files: counted as an error elsewhere.
        return 0;
    }
    let mut sorted = [0usize; 8];
    let sorted = &mut sorted[..files.len()];
    sorted.copy_from_slice(files);
    sorted.sort_unstable();
    min_sorted_pawn_captures(sorted)
}

/// The files of `pawns`, in ascending order (a file's pawns once each), in
/// a buffer on the stack: no allocation, no sort. `None` for more than 8
/// pawns.
fn sorted_files(pawns: Bitboard) -> Option<([usize; 8], usize)> {
    let mut files = [0usize; 8];
    let mut n = 0;
    for file in File::ALL {
        // One step per pawn (no population count: a call without the
        // instruction on the baseline x86-64 target).
        let mut on_file = (pawns & Bitboard::from_file(file)).bits();
        while on_file != 0 {
            *files.get_mut(n)? = file.index();
            n += 1;
            on_file &= on_file - 1;
        }
    }
    Some((files, n))
}

/// The captures of one way of giving the pawns (files ascending, at most
/// 8) distinct starting files: each pawn, in order, starts on its own file
/// or the first free one after the previous pawn's, but never so far right
/// that the pawns after it run out of files. At least
/// [`min_pawn_captures`], found in one pass.
fn capture_bound(files: &[usize]) -> usize {
    let n = files.len();
    let mut cost = 0;
    let mut next = 0;
    for (i, &file) in files.iter().enumerate() {
        let start = file.max(next).min(8 - n + i);
        cost += file.abs_diff(start);
        next = start + 1;
    }
    cost
}

/// [`min_pawn_captures`] of files already in ascending order.
fn min_sorted_pawn_captures(files: &[usize]) -> usize {
    // Matching sorted pawns to an increasing choice of starting files is
    // optimal for costs |from - to|. best[j] = least cost for the pawns so
    // far using starting files 0..j.
    const INF: usize = usize::MAX / 2;
    let mut best = [0usize; 9];
    for (i, &file) in files.iter().enumerate() {
        let mut next = [INF; 9];
        for j in (i + 1)..=8 {
            // Pawn i starts on file j - 1, or pawn i starts further left.
            let here = best[j - 1].saturating_add(file.abs_diff(j - 1));
            next[j] = next[j - 1].min(here);
        }
        best = next;
    }
    best[8]
}

pub(super) fn warnings(setup: &Setup, out: &mut Vec<Problem>) {
    let board = &setup.board;
    if board.occupied().is_empty() {
        return;
    }
    for color in Color::ALL {
        let pawns = board.by_piece(Role::Pawn.of(color));
        let missing_pawns = 8usize.saturating_sub(pawns.count());
        // No piece beyond its starting number means none promoted.
        let promoted = if beyond_start(setup, color) {
            promoted(setup, color)
        } else {
            0
        };
        if promoted > missing_pawns {
            let pieces =
                board.by_color(color) & !board.by_role(Role::Pawn) & !board.by_role(Role::King);
            out.push(Problem::counted(
                ProblemKind::TooManyPromoted,
                color,
                pieces,
                pieces,
                promoted,
                missing_pawns,
            ));
        }
        // Cheap test first: pawns on distinct files need no capture. A pawn
        // shares its file when another stands below it: fill each pawn's
        // file upwards from the square above it and look for a pawn there.
        let mut above = pawns.bits() << 8;
        above |= above << 8;
        above |= above << 16;
        above |= above << 32;
        if pawns.bits() & above == 0 {
            continue;
        }
        // More than 8 pawns is an error counted elsewhere.
        let Some((files, n)) = sorted_files(pawns) else {
            continue;
        };
        let missing = 16usize.saturating_sub(board.by_color(!color).count());
        // The cost of one way of placing the pawns bounds the least from
        // above: when it is within what the opponent lost, so is the least
        // (and the exact count is only needed for the warning).
        if capture_bound(&files[..n]) <= missing {
            continue;
        }
        let needed = min_sorted_pawn_captures(&files[..n]);
        if needed > missing {
            let doubled = pawns
                .into_iter()
                .filter(|sq| (pawns & Bitboard::from_file(sq.file())).more_than_one())
                .collect::<Bitboard>();
            out.push(Problem::counted(
                ProblemKind::ImpossiblePawnStructure,
                color,
                doubled,
                pawns,
                needed,
                missing,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: try every injective assignment of pawns to files.
    fn brute(files: &[usize]) -> usize {
        fn go(files: &[usize], used: u8) -> usize {
            match files.split_first() {
                None => 0,
                Some((&f, rest)) => (0..8)
                    .filter(|j| used & (1 << j) == 0)
                    .map(|j| f.abs_diff(j) + go(rest, used | (1 << j)))
                    .min()
                    .unwrap_or(usize::MAX / 4),
            }
        }
        go(files, 0)
    }

    #[test]
    fn min_captures_matches_brute_force() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x1234_5678_9abc_def1_u64);
        for _ in 0..3000 {
            let seed = rng.next_u64();
            let n = (seed % 7) as usize + 1;
            let files: Vec<usize> = (0..n)
                .map(|i| ((seed >> (8 + 3 * i)) & 7) as usize)
                .collect();
            assert_eq!(min_pawn_captures(&files), brute(&files), "{files:?}");
        }
    }

    /// The one-pass bound is a real placement: never below the least cost,
    /// and equal to it where the pawns can keep their order greedily.
    #[test]
    fn capture_bound_is_at_least_the_least() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x0bad_5eed_1234_5678_u64);
        for _ in 0..3000 {
            let seed = rng.next_u64();
            let n = (seed % 8) as usize + 1;
            let mut files: Vec<usize> = (0..n)
                .map(|i| ((seed >> (8 + 3 * i)) & 7) as usize)
                .collect();
            files.sort_unstable();
            assert!(capture_bound(&files) >= brute(&files), "{files:?}");
        }
        assert_eq!(capture_bound(&[0, 0]), 1);
        assert_eq!(capture_bound(&[7, 7]), 1);
        assert_eq!(capture_bound(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
    }

    #[test]
    fn doubled_pawn_needs_one_capture() {
        assert_eq!(min_pawn_captures(&[0, 0]), 1);
        assert_eq!(min_pawn_captures(&[0, 0, 0]), 3);
        assert_eq!(min_pawn_captures(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
    }
}
