//! Castling: rights of a setup that do not fit its board or its variant.
//! (A record's letters that name no right are judged when they are
//! resolved, by the same [`judge_right`].)

use crate::board::{Bitboard, CastlingRights, CastlingSide, Color, File, Rank, Square};
use crate::setup::problem::Remedy;
use crate::setup::{judge_right, RightFault};
use crate::setup::{Problem, ProblemKind, Setup, Variant};

/// A problem of one colour's rights as a whole, dropping them all.
fn colour_problem(kind: ProblemKind, color: Color, squares: Bitboard) -> Problem {
    Problem::new(kind, squares)
        .of_color(color)
        .with_remedy(Remedy::DropRights(color, None))
}

/// Reports rights of the setup that do not fit the board or the variant,
/// then (Chess960) rights of both colours that cannot share a back rank.
/// Each finding is reported once, whatever the number of rights it drops.
pub(super) fn rights(setup: &Setup, out: &mut Vec<Problem>) {
    let board = &setup.board;
    let rights = &setup.castling;
    if rights.is_empty() {
        return;
    }
    // The rights that hold so far, for the symmetry test.
    let mut sound = *rights;
    // A colour whose rights go whole for its king on the edge.
    let mut on_edge = None;
    for color in Color::ALL {
        let Some(king_file) = rights.king_file(color) else {
            continue;
        };
        let mut colour_fault: Option<RightFault> = None;
        let mut side_faults = Vec::new();
        for side in CastlingSide::ALL {
            let Some(rook_file) = rights.rook(color, side) else {
                continue;
            };
            match judge_right(board, setup.variant, color, Some(king_file), rook_file) {
                Ok(_) => {}
                Err(fault) => match fault.kind {
                    ProblemKind::CastlingWithoutKing
                    | ProblemKind::CastlingKingNotOnBackRank
                    | ProblemKind::CastlingKingNotOnEFile => {
                        colour_fault = Some(fault);
                        break;
                    }
                    _ => side_faults.push((side, fault)),
                },
            }
        }
        if let Some(fault) = colour_fault {
            let squares = match fault.king {
                Some(king) => Bitboard::from_square(king),
                None => fault.kings,
            };
            out.push(
                colour_problem(fault.kind, color, squares)
                    .with_king(fault.king)
                    .with_square(fault.square)
                    .with_pieces(fault.kings),
            );
            sound.discard_color(color);
            continue;
        }
        if setup.variant == Variant::Chess960 && (king_file == File::A || king_file == File::H) {
            let king = Square::from_coords(king_file, Rank::back_rank(color));
            out.push(
                colour_problem(
                    ProblemKind::CastlingKingOnEdge,
                    color,
                    Bitboard::from_square(king),
                )
                .with_king(Some(king)),
            );
            // Kept for the symmetry test: the rights can be asymmetric too.
            on_edge = Some(color);
            continue;
        }
        for (side, fault) in side_faults {
            let squares = fault.king.map_or(Bitboard::EMPTY, Bitboard::from_square)
                | fault.square.map_or(Bitboard::EMPTY, Bitboard::from_square);
            out.push(
                Problem::new(fault.kind, squares)
                    .of_color(color)
                    .on_side(side)
                    .with_king(fault.king)
                    .with_square(fault.square)
                    .with_remedy(Remedy::DropRights(color, Some(side))),
            );
            sound.discard(color, side);
        }
    }
    if setup.variant == Variant::Chess960 {
        symmetry(&sound, on_edge, out);
    }
}

/// Chess960: both colours start from the same back rank, so when both keep
/// rights their kings share a file, and so do their rooks on a wing where
/// both keep a right. `doomed` is a colour whose rights go anyway: kings on
/// two files then cost that colour its rights, so the other keeps its own.
fn symmetry(rights: &CastlingRights, doomed: Option<Color>, out: &mut Vec<Problem>) {
    let (Some(white_king), Some(black_king)) = (
        rights.king_file(Color::White),
        rights.king_file(Color::Black),
    ) else {
        return;
    };
    let square = |color: Color, file: File| Square::from_coords(file, Rank::back_rank(color));
    if white_king != black_king {
        // Keep the colour with more rights (White on a tie), unless the
        // other loses its rights anyway.
        let count = |color: Color| {
            CastlingSide::ALL
                .into_iter()
                .filter(|&s| rights.has(color, s))
                .count()
        };
        let dropped = doomed.unwrap_or(if count(Color::White) < count(Color::Black) {
            Color::White
        } else {
            Color::Black
        });
        let squares = Bitboard::from_square(square(Color::White, white_king))
            .with(square(Color::Black, black_king));
        out.push(colour_problem(
            ProblemKind::CastlingAsymmetric,
            dropped,
            squares,
        ));
        return;
    }
    for side in CastlingSide::ALL {
        if let (Some(white_rook), Some(black_rook)) = (
            rights.rook(Color::White, side),
            rights.rook(Color::Black, side),
        ) {
            if white_rook != black_rook {
                let squares = Bitboard::from_square(square(Color::White, white_rook))
                    .with(square(Color::Black, black_rook));
                out.push(
                    Problem::new(ProblemKind::CastlingAsymmetric, squares)
                        .of_color(Color::Black)
                        .on_side(side)
                        .with_remedy(Remedy::DropRights(Color::Black, Some(side))),
                );
            }
        }
    }
}
