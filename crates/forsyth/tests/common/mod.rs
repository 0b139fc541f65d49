//! Property-test strategies shared by the integration tests.
#![allow(dead_code)]

use forsyth::{
    Board, CastlingRights, Chess960Start, Color, File, Piece, Rank, Role, Setup, Square, Variant,
};
use proptest::prelude::*;

/// The back rank of any of the 960 starts.
pub fn arb_back_rank() -> impl Strategy<Value = [Role; 8]> {
    (0u16..960).prop_map(|n| Chess960Start::new(n).unwrap().back_rank())
}

/// A legal-looking setup: a 960 start with random pieces (never kings)
/// removed, pawns advanced at random, random side to move and clocks, and
/// a random subset of the castling rights that the board still allows.
pub fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        arb_back_rank(),
        any::<u32>(),
        any::<u64>(),
        any::<bool>(),
        0u32..200,
        1u32..300,
        0u8..16,
    )
        .prop_map(|(back, drop, pawn_moves, black, half, full, keep)| {
            let mut board = Board::from_back_rank(&back);
            // Drop pieces: bit i of `drop` removes the i-th non-king piece.
            let removable: Vec<Square> = board
                .occupied()
                .into_iter()
                .filter(|&sq| board.role_at(sq) != Some(Role::King))
                .collect();
            for (i, sq) in removable.iter().enumerate() {
                if drop >> (i % 32) & 1 == 1 && (i < 32 || drop >> ((i + 7) % 32) & 1 == 1) {
                    board.discard_piece_at(*sq);
                }
            }
            // Advance some pawns one or two squares where empty.
            for (i, file) in File::ALL.into_iter().enumerate() {
                for color in Color::ALL {
                    let steps = (pawn_moves >> (i * 4 + color.index() * 2)) & 3;
                    let from = Square::from_coords(file, Rank::Second.relative_to(color));
                    if steps == 0 || board.piece_at(from) != Some(Role::Pawn.of(color)) {
                        continue;
                    }
                    let dr = if color.is_white() {
                        steps as i32
                    } else {
                        -(steps as i32)
                    };
                    if let Some(to) = from.offset(0, dr) {
                        if board.piece_at(to).is_none() {
                            board.discard_piece_at(from);
                            board.set_piece_at(
                                to,
                                Piece {
                                    color,
                                    role: Role::Pawn,
                                },
                            );
                        }
                    }
                }
            }
            let mut castling = CastlingRights::none();
            let mut bit = 0;
            for color in Color::ALL {
                let king = board.king_of(color).unwrap();
                let back = Rank::back_rank(color);
                for file in File::ALL {
                    let sq = Square::from_coords(file, back);
                    if board.piece_at(sq) == Some(Role::Rook.of(color)) {
                        if keep >> (bit % 8) & 1 == 1 {
                            let _ = castling.add(color, king.file(), file);
                        }
                        bit += 1;
                    }
                }
            }
            let mut setup = Setup {
                board,
                turn: if black { Color::Black } else { Color::White },
                castling,
                ep_square: None,
                halfmoves: half,
                fullmoves: full,
                variant: Variant::Chess960,
            };
            setup.variant = setup.natural_variant();
            setup
        })
}
