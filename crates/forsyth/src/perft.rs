//! Perft: counting the leaves of the move tree, the standard test of a move
//! generator against published counts.

use crate::{Move, MoveList, Position};

impl Position {
    /// The number of move sequences of exactly `depth` plies (leaf nodes of
    /// the legal move tree); 1 at depth 0.
    ///
    /// The last ply is counted without being played or listed.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.perft(0), 1);
    /// assert_eq!(pos.perft(3), 8_902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        let mut lists = move_lists(depth);
        perft(self, depth, &mut lists, false)
    }

    /// Perft split by first move: each legal move with the perft of the
    /// position after it at `depth - 1`, in move generation order. Empty at
    /// depth 0.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let divide = pos.divide(2);
    /// assert_eq!(divide.len(), 20);
    /// assert!(divide.iter().all(|&(_, n)| n == 20));
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
                (m, perft(&child, depth - 1, &mut lists, false))
            })
            .collect()
    }

    /// Perft that lists the moves of the last ply instead of only counting
    /// them, as most libraries' perft does. For benchmarks comparing move
    /// generation alone; not part of the stable API.
    #[doc(hidden)]
    pub fn perft_listing_leaves(&self, depth: u32) -> u64 {
        let mut lists = move_lists(depth);
        perft(self, depth, &mut lists, true)
    }
}

/// One move list per ply below the root, reused across the walk.
fn move_lists(depth: u32) -> Vec<MoveList> {
    (0..depth.min(64)).map(|_| MoveList::new()).collect()
}

/// `lists[0]` is this ply's list, the rest are for the plies below. With
/// `list_leaves`, the last ply is listed instead of counted.
fn perft(pos: &Position, depth: u32, lists: &mut [MoveList], list_leaves: bool) -> u64 {
    match (depth, lists.split_first_mut()) {
        (0, _) => 1,
        (1, _) if !list_leaves => pos.count_legal_moves() as u64,
        (_, Some((list, rest))) => {
            pos.legal_moves_into(list);
            if depth == 1 {
                return list.len() as u64;
            }
            let mut nodes = 0;
            if depth == 2 && !list_leaves {
                // The children's moves are counted here, without a call
                // of this function per child.
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
                nodes += perft(&child, depth - 1, rest, list_leaves);
            }
            nodes
        }
        // Deeper than 64 plies: lists made on the way.
        (_, None) => {
            let mut nodes = 0;
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1, &mut [], list_leaves);
            }
            nodes
        }
    }
}
