//! Perft: counting the leaves of the move tree, the standard test of a move
//! generator against published counts.

use crate::{Move, Position};

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
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = self.clone();
                    child.play_unchecked(m);
                    child.perft(depth - 1)
                })
                .sum(),
        }
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
        self.legal_moves()
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play_unchecked(m);
                (m, child.perft(depth - 1))
            })
            .collect()
    }
}
