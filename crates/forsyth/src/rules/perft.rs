//! Perft: counting the leaves of the move tree, the standard test of a move
//! generator against published counts.

use crate::board::Move;
use crate::rules::{MoveList, Position};

impl Position {
    /// The deepest count to ask [`perft`](Position::perft) or
    /// [`divide`](Position::divide) for, on either board: the walk takes a
    /// frame of the thread's stack per ply, so a much deeper one overflows
    /// it before the first leaf. No count this deep finishes unless every
    /// line of the tree ends sooner. The command line and the Python module
    /// refuse deeper ones.
    pub const MAX_PERFT_DEPTH: u32 = 255;

    /// The number of move sequences of exactly `depth` plies (leaf nodes of
    /// the legal move tree); 1 at depth 0.
    ///
    /// The last ply is counted without being played or listed.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::standard();
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
    /// let pos = Position::standard();
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
            // At depth 2 the children's moves are counted (or listed) here,
            // without a call of this function per child.
            match (depth, list_leaves, rest.first_mut()) {
                (2, false, _) => {
                    for &m in list.iter() {
                        let mut child = pos.clone();
                        child.play_inline(m);
                        nodes += child.count_legal_moves() as u64;
                    }
                    return nodes;
                }
                (2, true, Some(leaves)) => {
                    for &m in list.iter() {
                        let mut child = pos.clone();
                        child.play_inline(m);
                        child.legal_moves_into(leaves);
                        nodes += leaves.len() as u64;
                    }
                    return nodes;
                }
                _ => {}
            }
            for &m in list.iter() {
                let mut child = pos.clone();
                child.play_inline(m);
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

#[cfg(test)]
mod tests {
    use crate::rules::Position;
    use crate::text::fen::Fen;

    /// Both walks, the one counting the last ply and the one listing it,
    /// give the published counts (chess programming wiki, perft results:
    /// the start position, Kiwipete and position 3) at every depth from 0.
    #[test]
    fn both_walks_give_the_published_counts() {
        for (fen, counts) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &[1, 20, 400, 8_902, 197_281][..],
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                &[1, 48, 2_039, 97_862][..],
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                &[1, 14, 191, 2_812, 43_238][..],
            ),
        ] {
            let fen = Fen::from_ascii(fen.as_bytes()).unwrap();
            let pos = Position::from_fen(&fen, None).unwrap();
            for (depth, &expected) in counts.iter().enumerate() {
                let depth = depth as u32;
                assert_eq!(pos.perft(depth), expected, "{fen} depth {depth}");
                assert_eq!(
                    pos.perft_listing_leaves(depth),
                    expected,
                    "{fen} depth {depth}"
                );
            }
        }
    }
}
