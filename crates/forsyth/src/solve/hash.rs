//! Zobrist keys of positions, for the solver's transposition table: one
//! random 64-bit number per (piece, square), per castling rook, per
//! en-passant file and for the side to move, XORed together.

use crate::board::{CastlingSide, Color, Role};
use crate::rules::Position;
use crate::setup::chess960::SplitMix64;

/// Pieces (2 colours x 6 roles x 64 squares), then castling rooks
/// (2 colours x 2 wings x 8 files), en-passant files, the side to move.
const PIECES: usize = 0;
const CASTLING: usize = 2 * 6 * 64;
const EN_PASSANT: usize = CASTLING + 2 * 2 * 8;
const TURN: usize = EN_PASSANT + 8;
const SIZE: usize = TURN + 1;

/// Filled at compile time by SplitMix64 (the generator of the random
/// Chess960 starts) from a fixed seed.
static KEYS: [u64; SIZE] = {
    let mut keys = [0; SIZE];
    let mut rng = SplitMix64::new(0x666f_7273_7974_6821);
    let mut i = 0;
    while i < SIZE {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
};

/// The Zobrist key of `pos`: equal positions (same pieces, side to move,
/// castling rooks and en-passant square as the setup holds it) have equal
/// keys. The clocks do not count.
pub(crate) fn key(pos: &Position) -> u64 {
    let setup = &pos.setup;
    let board = &setup.board;
    let mut h = 0;
    for color in Color::ALL {
        let ours = board.by_color(color);
        for role in Role::ALL {
            let base = PIECES + (color as usize * 6 + role as usize) * 64;
            for sq in board.by_role(role) & ours {
                h ^= KEYS[base + sq.index()];
            }
        }
    }
    if !setup.castling.is_empty() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = setup.castling.rook(color, side) {
                    h ^= KEYS[CASTLING + (color as usize * 2 + side.index()) * 8 + file.index()];
                }
            }
        }
    }
    if let Some(ep) = setup.ep_square {
        h ^= KEYS[EN_PASSANT + ep.file().index()];
    }
    if setup.turn == Color::Black {
        h ^= KEYS[TURN];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn transpositions_have_one_key_and_different_positions_differ() {
        let start = Position::standard();
        let a = start.play_moves(["Nf3", "Nf6", "Nc3"]).expect("legal");
        let b = start.play_moves(["Nc3", "Nf6", "Nf3"]).expect("legal");
        assert_eq!(key(&a), key(&b));
        let c = start.play_moves(["Nc3", "Nc6", "Nf3"]).expect("legal");
        assert_ne!(key(&a), key(&c));
        assert_ne!(key(&start), key(&start.play_moves(["e4"]).expect("legal")));
        let mut no_castle = start.setup().clone();
        no_castle.castling.discard_rook(Square::H1);
        let no_castle = Position::from_setup(no_castle).expect("legal");
        assert_ne!(key(&start), key(&no_castle));
    }
}
