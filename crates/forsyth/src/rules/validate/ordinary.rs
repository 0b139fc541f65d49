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

/// The pieces of `color` that attack `sq`. A slider on one of `sq`'s lines
/// (two 512-byte tables) attacks it when nothing stands between (a 32 KB
/// table): the magic tables, a megabyte, miss the cache on nearly every
/// record of a bulk run, and waiting for them took a fifth of `convert`'s
/// time.
#[inline]
pub(super) fn attackers(board: &Board, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
    let ours = board.by_color(color);
    let sliders = ((attacks::rook_rays(sq) & board.rooks_and_queens())
        | (attacks::bishop_rays(sq) & board.bishops_and_queens()))
        & ours;
    let mut found = ((attacks::knight(sq) & board.by_role(Role::Knight))
        | (attacks::king(sq) & board.by_role(Role::King))
        | (attacks::pawn(!color, sq) & board.by_role(Role::Pawn)))
        & ours;
    for slider in sliders {
        if (attacks::between(slider, sq) & occupied).is_empty() {
            found = found.with(slider);
        }
    }
    found
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
