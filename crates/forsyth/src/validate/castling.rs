//! Castling: letters of the record that name no right, and rights of a
//! setup that do not fit its board or its variant.

use super::{push, Problem, ProblemKind, Remedy};
use crate::{
    Bitboard, CastlingError, CastlingErrorKind, CastlingRights, CastlingSide, Color, File, Rank,
    Role, Setup, Square, Variant,
};

/// The problem kind of a castling letter that cannot be resolved.
pub(crate) fn letter_kind(kind: CastlingErrorKind) -> ProblemKind {
    match kind {
        CastlingErrorKind::NoSingleKing => ProblemKind::CastlingWithoutKing,
        CastlingErrorKind::KingNotOnBackRank => ProblemKind::CastlingKingNotOnBackRank,
        CastlingErrorKind::KingNotOnEFile => ProblemKind::CastlingKingNotOnEFile,
        CastlingErrorKind::NotAStandardRookFile => ProblemKind::CastlingRookNotInCorner,
        CastlingErrorKind::NoCastlingRook => ProblemKind::CastlingRookMissing,
        CastlingErrorKind::TwoRightsOnOneWing => ProblemKind::CastlingTwoRightsOnOneWing,
    }
}

/// Reports the letters of the record that resolved to no right.
pub(super) fn letters(errors: &[CastlingError], out: &mut Vec<Problem>) {
    for error in errors {
        let mut squares = Bitboard::EMPTY;
        if let Some(k) = error.king {
            squares = squares.with(k);
        }
        if let Some(sq) = error.square {
            squares = squares.with(sq);
        }
        out.push(
            Problem::new(
                letter_kind(error.kind),
                squares,
                error.to_string(),
                Some(Remedy::DropLetter(error.token)),
            )
            .at(error.offset),
        );
    }
}

/// Reports rights of the setup that do not fit the board or the variant,
/// then (Chess960) rights of both colours that cannot share a back rank.
pub(super) fn rights(setup: &Setup, out: &mut Vec<Problem>) {
    let board = &setup.board;
    let rights = &setup.castling;
    if rights.is_empty() {
        return;
    }
    // The rights that hold so far, for the symmetry test.
    let mut sound = *rights;
    for color in Color::ALL {
        let Some(king_file) = rights.king_file(color) else {
            continue;
        };
        let back = Rank::back_rank(color);
        let expected_king = Square::from_coords(king_file, back);
        let kings = board.by_piece(Role::King.of(color));
        let mut drop_all = |kind, squares, message: String| {
            for side in CastlingSide::ALL {
                if rights.has(color, side) {
                    push(
                        out,
                        kind,
                        squares,
                        message.clone(),
                        Some(Remedy::DropRight(color, side)),
                    );
                }
            }
            sound.discard_color(color);
        };
        let Some(king) = kings.single_square() else {
            drop_all(
                ProblemKind::CastlingWithoutKing,
                kings,
                format!(
                    "{} keeps castling rights but has no single king to castle with",
                    color.name()
                ),
            );
            continue;
        };
        if king != expected_king {
            let message = if king.rank() != back {
                format!(
                    "{} keeps castling rights but its king on {king} is not on its back rank",
                    color.name()
                )
            } else {
                format!(
                    "{}'s castling rights have the king on {expected_king}, but it stands on {king}",
                    color.name()
                )
            };
            drop_all(
                ProblemKind::CastlingKingNotOnBackRank,
                Bitboard::from_square(king),
                message,
            );
            continue;
        }
        if setup.variant == Variant::Standard && king_file != File::E {
            drop_all(
                ProblemKind::CastlingKingNotOnEFile,
                Bitboard::from_square(king),
                format!(
                    "in standard chess the {} king must stand on {} to castle, not on {king} (use --variant chess960)",
                    color.name(),
                    Square::from_coords(File::E, back)
                ),
            );
            continue;
        }
        for side in CastlingSide::ALL {
            let Some(rook) = rights.rook_square(color, side) else {
                continue;
            };
            let squares = Bitboard::from_square(king).with(rook);
            let corner = side.fold(File::H, File::A);
            if setup.variant == Variant::Standard && rook.file() != corner {
                push(
                    out,
                    ProblemKind::CastlingRookNotInCorner,
                    squares,
                    format!(
                        "in standard chess only the rook on {} castles on the {}, not the one on {rook} (use --variant chess960)",
                        Square::from_coords(corner, back),
                        side.name()
                    ),
                    Some(Remedy::DropRight(color, side)),
                );
                sound.discard(color, side);
            } else if board.piece_at(rook) != Some(Role::Rook.of(color)) {
                push(
                    out,
                    ProblemKind::CastlingRookMissing,
                    squares,
                    format!(
                        "{} keeps the {} castling right but has no rook on {rook}",
                        color.name(),
                        side.name()
                    ),
                    Some(Remedy::DropRight(color, side)),
                );
                sound.discard(color, side);
            }
        }
    }
    if setup.variant == Variant::Chess960 {
        symmetry(&sound, out);
    }
}

/// Chess960: both colours start from the same back rank, so when both keep
/// rights their kings share a file, and so do their rooks on a wing where
/// both keep a right.
fn symmetry(rights: &CastlingRights, out: &mut Vec<Problem>) {
    let (Some(white_king), Some(black_king)) = (
        rights.king_file(Color::White),
        rights.king_file(Color::Black),
    ) else {
        return;
    };
    let square = |color: Color, file: File| Square::from_coords(file, Rank::back_rank(color));
    if white_king != black_king {
        // Keep the colour with more rights (White on a tie).
        let count = |color: Color| {
            CastlingSide::ALL
                .into_iter()
                .filter(|&s| rights.has(color, s))
                .count()
        };
        let dropped = if count(Color::White) < count(Color::Black) {
            Color::White
        } else {
            Color::Black
        };
        let message = format!(
            "both colours keep castling rights but the white king is on {} and the black king on {}; in chess960 both start on the same file",
            square(Color::White, white_king),
            square(Color::Black, black_king)
        );
        let squares = Bitboard::from_square(square(Color::White, white_king))
            .with(square(Color::Black, black_king));
        for side in CastlingSide::ALL {
            if rights.has(dropped, side) {
                push(
                    out,
                    ProblemKind::CastlingAsymmetric,
                    squares,
                    message.clone(),
                    Some(Remedy::DropRight(dropped, side)),
                );
            }
        }
        return;
    }
    for side in CastlingSide::ALL {
        if let (Some(white_rook), Some(black_rook)) = (
            rights.rook(Color::White, side),
            rights.rook(Color::Black, side),
        ) {
            if white_rook != black_rook {
                let (w, b) = (
                    square(Color::White, white_rook),
                    square(Color::Black, black_rook),
                );
                push(
                    out,
                    ProblemKind::CastlingAsymmetric,
                    Bitboard::from_square(w).with(b),
                    format!(
                        "the {} castling rooks stand on {w} and {b}; in chess960 both colours start with their rooks on the same files",
                        side.name()
                    ),
                    Some(Remedy::DropRight(Color::Black, side)),
                );
            }
        }
    }
}
