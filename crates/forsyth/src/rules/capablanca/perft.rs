//! Perft on the 10x8 board: the leaves of the legal move tree, the last
//! ply counted without being listed or played.

use super::movegen::MoveList;
use super::position::Position;
use crate::board::capablanca::Move;

impl Position {
    /// The number of move sequences of exactly `depth` plies; 1 at depth 0.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// let pos = Position::capablanca();
    /// assert_eq!(pos.perft(0), 1);
    /// assert_eq!(pos.perft(3), 25_228);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        let mut lists = move_lists(depth);
        perft(self, depth, &mut lists)
    }

    /// Perft split by first move: each legal move with the perft of the
    /// position after it at `depth - 1`. Empty at depth 0.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// let divide = Position::gothic().divide(2);
    /// assert_eq!(divide.len(), 28);
    /// assert!(divide.iter().all(|&(_, n)| n == 28));
    /// ```
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut lists = move_lists(depth);
        self.legal_moves()
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play_unchecked(m);
                (m, perft(&child, depth - 1, &mut lists))
            })
            .collect()
    }
}

/// One move list per ply below the root, reused across the walk.
fn move_lists(depth: u32) -> Vec<MoveList> {
    (0..depth.min(64)).map(|_| MoveList::new()).collect()
}

/// `lists[0]` is this ply's list, the rest are for the plies below.
fn perft(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    match (depth, lists.split_first_mut()) {
        (0, _) => 1,
        (1, _) => pos.count_legal_moves() as u64,
        (_, Some((list, rest))) => {
            pos.legal_moves_into(list);
            let mut nodes = 0;
            if depth == 2 {
                // The children's moves counted here, without a call each.
                for &m in list.iter() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    nodes += child.count_legal_moves() as u64;
                }
                return nodes;
            }
            for &m in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1, rest);
            }
            nodes
        }
        // Deeper than 64 plies: lists made on the way.
        (_, None) => {
            let mut nodes = 0;
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1, &mut []);
            }
            nodes
        }
    }
}
