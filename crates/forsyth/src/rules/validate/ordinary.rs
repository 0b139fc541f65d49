//! The ordinary record, judged at once: the shortcut of validation for
//! what nearly every record of a real file is.
//!
//! [`ordinary`] accepts a record only when the full validation (`run`,
//! after the castling letters are resolved) finds no error in it, and then
//! gives the setup that validation gives; anything else it declines, and
//! the full validation judges it, its report included. Ordinary means: one
//! king each, no pawn on a back rank, at most 8 pawns and 16 pieces a side,
//! no en-passant square, a fullmove number other than 0, every castling
//! letter naming a rook under the variant asked for (or the one the
//! automatic choice would make), Chess960 rights symmetric and not with a
//! king on the edge, the side not to move not in check, and the side to
//! move in check by at most one piece that is not a pawn on its starting
//! rank. Each test is a few operations on the board's sets, cheapest first;
//! the warnings (which do not make a position illegal) are not looked for.

use crate::board::{
    attacks, Bitboard, Board, CastlingRights, CastlingSide, Color, File, Rank, Role, Square,
};
use crate::setup::{Setup, Variant};
use crate::text::fen::{CastlingField, CastlingToken, Fen};

/// The setup validation makes of `fen` under `variant`, when it finds no
/// error in it and the record is ordinary (see the module); `None` to let
/// the full validation judge.
pub(super) fn ordinary(fen: &Fen, variant: Option<Variant>) -> Option<Setup> {
    let board = &fen.board;
    if fen.ep_square.is_some() || fen.fullmoves == 0 {
        return None;
    }
    let white_king = single(board.by_piece(Role::King.of(Color::White)))?;
    let black_king = single(board.by_piece(Role::King.of(Color::Black)))?;
    if board.by_role(Role::Pawn).intersects(Bitboard::BACKRANKS) {
        return None;
    }
    for color in Color::ALL {
        let ours = board.by_color(color);
        if ours.count() > 16 || board.by_piece(Role::Pawn.of(color)).count() > 8 {
            return None;
        }
    }
    let (variant, castling) = rights(board, &fen.castling, variant)?;
    let (us, our_king, their_king) = match fen.turn {
        Color::White => (Color::White, white_king, black_king),
        Color::Black => (Color::Black, black_king, white_king),
    };
    let occupied = board.occupied();
    if !attackers(board, their_king, us, occupied).is_empty() {
        return None;
    }
    // One checker explains itself (it moved there, or uncovered the line),
    // unless it is a pawn that never moved; two need the full judgement.
    let checkers = attackers(board, our_king, !us, occupied);
    if let Some(checker) = checkers.first() {
        if checkers.more_than_one()
            || board.by_role(Role::King).contains(checker)
            || (board.by_role(Role::Pawn).contains(checker)
                && checker.rank() == Rank::Second.relative_to(!us))
        {
            return None;
        }
    }
    Some(Setup {
        board: board.clone(),
        turn: fen.turn,
        castling,
        ep_square: None,
        halfmoves: fen.halfmoves,
        fullmoves: fen.fullmoves,
        variant,
    })
}

/// The one square of `set`, if it has exactly one.
#[inline]
fn single(set: Bitboard) -> Option<Square> {
    if set.more_than_one() {
        None
    } else {
        set.first()
    }
}

/// The pieces of `color` that attack `sq`.
#[inline]
fn attackers(board: &Board, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
    let straight = attacks::rook(sq, occupied) & board.rooks_and_queens();
    let diagonal = attacks::bishop(sq, occupied) & board.bishops_and_queens();
    let leapers = (attacks::knight(sq) & board.by_role(Role::Knight))
        | (attacks::king(sq) & board.by_role(Role::King))
        | (attacks::pawn(!color, sq) & board.by_role(Role::Pawn));
    (straight | diagonal | leapers) & board.by_color(color)
}

/// The variant and rights the letters resolve to, when every letter names
/// a right and the rights stand (Chess960: no king on the edge, the same
/// files for both colours); `None` otherwise. Without a variant asked for,
/// `Standard` when every letter resolves under it, else `Chess960`, as the
/// automatic choice makes it when one of them has no bad letter.
fn rights(
    board: &Board,
    field: &CastlingField,
    variant: Option<Variant>,
) -> Option<(Variant, CastlingRights)> {
    if field.is_empty() {
        return Some((variant.unwrap_or(Variant::Standard), CastlingRights::none()));
    }
    match variant {
        Some(Variant::Standard) => Some((Variant::Standard, standard(board, field)?)),
        Some(Variant::Chess960) => Some((Variant::Chess960, chess960(board, field)?)),
        None => match standard(board, field) {
            Some(rights) => Some((Variant::Standard, rights)),
            None => Some((Variant::Chess960, chess960(board, field)?)),
        },
    }
}

/// The rights of the letters under `Standard`: the king on `e` of its back
/// rank, a rook of its colour in the corner each letter names.
fn standard(board: &Board, field: &CastlingField) -> Option<CastlingRights> {
    let mut rights = CastlingRights::none();
    for (_, token) in field.iter() {
        let color = token.color();
        let rook_file = match token {
            CastlingToken::King(_) => File::H,
            CastlingToken::Queen(_) => File::A,
            CastlingToken::File(_, f @ (File::A | File::H)) => f,
            CastlingToken::File(..) => return None,
        };
        let back = Rank::back_rank(color);
        let king = Square::from_coords(File::E, back);
        if !board.by_piece(Role::King.of(color)).contains(king) {
            return None;
        }
        add(board, &mut rights, color, king, rook_file)?;
    }
    Some(rights)
}

/// The rights of the letters under `Chess960`: `K` and `Q` the outermost
/// rook of their wing, a file letter the rook on its file; then the rights
/// must stand together (see [`rights`]).
fn chess960(board: &Board, field: &CastlingField) -> Option<CastlingRights> {
    let mut rights = CastlingRights::none();
    for (_, token) in field.iter() {
        let color = token.color();
        let back = Rank::back_rank(color);
        let king = board.by_piece(Role::King.of(color)).first()?;
        if king.rank() != back {
            return None;
        }
        let rooks = board.by_piece(Role::Rook.of(color)) & Bitboard::from_rank(back);
        let rook = match token {
            CastlingToken::King(_) => {
                Bitboard::from_bits(rooks.bits() & !(2u64 << king.index()).wrapping_sub(1))
                    .last()?
            }
            CastlingToken::Queen(_) => {
                Bitboard::from_bits(rooks.bits() & ((1u64 << king.index()) - 1)).first()?
            }
            CastlingToken::File(_, f) => Square::from_coords(f, back),
        };
        add(board, &mut rights, color, king, rook.file())?;
        if matches!(king.file(), File::A | File::H) {
            return None;
        }
    }
    let (Some(white), Some(black)) = (
        rights.king_file(Color::White),
        rights.king_file(Color::Black),
    ) else {
        return Some(rights);
    };
    let same_rooks = CastlingSide::ALL.into_iter().all(|side| {
        match (
            rights.rook(Color::White, side),
            rights.rook(Color::Black, side),
        ) {
            (Some(w), Some(b)) => w == b,
            _ => true,
        }
    });
    (white == black && same_rooks).then_some(rights)
}

/// Adds the right of `color`'s king on `king` with the rook on `rook_file`
/// of the same rank: `None` unless a rook of the colour stands there, off
/// the king's file, on a wing without a right yet.
#[inline]
fn add(
    board: &Board,
    rights: &mut CastlingRights,
    color: Color,
    king: Square,
    rook_file: File,
) -> Option<()> {
    let rook = Square::from_coords(rook_file, king.rank());
    if !board.by_piece(Role::Rook.of(color)).contains(rook) {
        return None;
    }
    let side = CastlingSide::of_rook(king.file(), rook_file)?;
    if rights.has(color, side) {
        return None;
    }
    rights.add(color, king.file(), rook_file).ok()?;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::validate::error::judged_fen;
    use crate::rules::{Position, Report};
    use crate::setup::chess960::SplitMix64;

    /// The shortcut judges as the full validation does, for `fen` under
    /// every variant: whatever it accepts, the full validation accepts with
    /// the same setup, and the public entry points (shortcut first) give
    /// exactly what the full validation gives, reports included. Returns
    /// whether the shortcut took the record under the automatic choice.
    fn agree(fen: &Fen) -> bool {
        let mut taken = false;
        for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
            let full = judged_fen(fen, variant);
            if let Some(setup) = ordinary(fen, variant) {
                taken |= variant.is_none();
                match &full {
                    Ok(pos) => assert_eq!(pos.setup(), &setup, "{fen} {variant:?}"),
                    Err(e) => panic!("{fen} {variant:?}: taken, but {e}"),
                }
            }
            match (Position::from_fen(fen, variant), full) {
                (Ok(a), Ok(b)) => assert_eq!(a.setup(), b.setup(), "{fen} {variant:?}"),
                (Err(a), Err(b)) => assert_eq!(a.report(), b.report(), "{fen} {variant:?}"),
                (a, b) => panic!("{fen} {variant:?}: {a:?} against {b:?}"),
            }
            assert_eq!(
                Report::of_fen(fen, variant),
                Report::judged_fen(fen, variant),
                "{fen} {variant:?}"
            );
        }
        taken
    }

    fn fen(record: &str) -> Fen {
        Fen::from_ascii(record.as_bytes()).unwrap_or_else(|e| panic!("{record}: {e}"))
    }

    /// Records at each edge of the shortcut: some it takes, most it must
    /// leave to the full validation.
    #[test]
    fn edges_agree_with_the_full_validation() {
        for record in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFh - 2 9",
            "1r2k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 300 1",
            "4k3/8/8/8/8/8/8/RR2K1RR w GQ - 0 1",
            "4k3/8/8/8/8/8/8/RR2K1RR w BG - 0 1",
            "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
            "kr6/8/8/8/8/8/8/KR6 w Kk - 0 1",
            "1kr5/8/8/8/8/8/8/2KR4 w Kk - 0 1",
            "7k/8/8/8/8/8/8/K7 w k - 0 1",
            "r6k/8/8/8/8/8/8/K7 w q - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 200 1",
            "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "4k3/ppppppp1/p7/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            "4kk2/8/8/8/8/8/8/4K3 w - - 0 1",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k2R/8/8/8/8/8/8/4K3 b - - 0 1",
            "4k3/3P4/8/8/8/8/8/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/5p2/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
            "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",
            "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",
            "4k3/8/8/8/8/8/8/3Kk3 w - - 0 1",
            "8/8/8/8/8/8/8/K1k5 b - - 0 1",
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
        ] {
            agree(&fen(record));
        }
    }

    /// A random record: kings often on their back ranks among rooks, other
    /// pieces and pawns anywhere now and then, castling letters of every
    /// kind, either side to move, sometimes an en-passant square or a
    /// fullmove number of 0.
    fn random_record(rng: &mut SplitMix64) -> String {
        let mut squares = [b'.'; 64];
        let mut put = |rng: &mut SplitMix64, piece: u8, back: Option<usize>| {
            let r = rng.next_u64();
            let sq = match back {
                Some(rank) if !r.is_multiple_of(4) => rank * 8 + (r >> 8) as usize % 8,
                _ => (r >> 8) as usize % 64,
            };
            squares[sq] = piece;
        };
        for (piece, back) in [(b'K', 0), (b'k', 7)] {
            if !rng.next_u64().is_multiple_of(50) {
                put(rng, piece, Some(back));
            }
            for _ in 0..rng.next_u64() % 4 {
                let rook = if piece == b'K' { b'R' } else { b'r' };
                put(rng, rook, Some(back));
            }
        }
        for _ in 0..rng.next_u64() % 24 {
            let piece = b"PNBRQKpnbrqk"[(rng.next_u64() % 12) as usize];
            // A third king now and then; a pawn of its colour otherwise.
            let piece = match piece {
                b'K' | b'k' if !rng.next_u64().is_multiple_of(8) => piece - b'K' + b'P',
                _ => piece,
            };
            put(rng, piece, None);
        }
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match squares[rank * 8 + file] {
                    b'.' => empty += 1,
                    piece => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        placement.push(char::from(piece));
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let turn = if rng.next_u64().is_multiple_of(2) {
            "w"
        } else {
            "b"
        };
        let castling = match rng.next_u64() % 8 {
            0 | 1 => "-".to_owned(),
            2 => "KQkq".to_owned(),
            3 => "Kk".to_owned(),
            _ => {
                let mut letters = String::new();
                for _ in 0..1 + rng.next_u64() % 4 {
                    let c = char::from(b"KQkqABCDEFGHabcdefgh"[(rng.next_u64() % 20) as usize]);
                    if !letters.contains(c) {
                        letters.push(c);
                    }
                }
                letters
            }
        };
        let ep = match rng.next_u64() % 20 {
            0 => "e3",
            1 => "d6",
            _ => "-",
        };
        let fullmoves = if rng.next_u64().is_multiple_of(30) {
            0
        } else {
            12
        };
        format!("{placement} {turn} {castling} {ep} 3 {fullmoves}")
    }

    /// Random records, legal and not: the shortcut agrees with the full
    /// validation on each, and takes some of them (one in thirty).
    #[test]
    fn random_records_agree_with_the_full_validation() {
        let mut rng = SplitMix64::new(0x6f72_6469_6e61_7279);
        let mut taken = 0;
        for _ in 0..40_000 {
            let record = random_record(&mut rng);
            taken += usize::from(agree(&fen(&record)));
        }
        assert!(taken > 1_000, "the shortcut took only {taken} records");
    }
}
