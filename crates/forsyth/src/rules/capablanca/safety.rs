//! King safety on the 10x8 board: whether a square is attacked, the
//! checkers and the pinned pieces from one look, the squares the king may
//! step to, and the pawns that may legally capture en passant.

use crate::board::capablanca::{attacks, Bitboard, Board, Square};
use crate::board::{Color, Rank, Role};

/// `true` if a piece of `by` attacks `sq`, with `occupied` as blockers.
#[inline]
pub(crate) fn is_attacked(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    !board.attackers_to(sq, by, occupied).is_empty()
}

/// The enemy pieces giving check to our king on `king`, and our pieces
/// pinned to it, from one look along the lines through the king (as on the
/// 8x8 board): an enemy piece that moves along a line, seen from the king
/// through our pieces only, gives check with nothing between, and pins the
/// one piece between. The knight-like pieces (knights, archbishops,
/// chancellors) and pawns check from their step tables.
#[inline]
pub(crate) fn checkers_and_pinned(board: &Board, king: Square, us: Color) -> (Bitboard, Bitboard) {
    let theirs = board.by_color(!us);
    let snipers = ((attacks::rook(king, theirs) & board.rook_movers())
        | (attacks::bishop(king, theirs) & board.bishop_movers()))
        & theirs;
    let mut checkers = ((attacks::knight(king) & board.knight_movers())
        | (attacks::pawn(us, king) & board.by_role(Role::Pawn)))
        & theirs;
    let occupied = board.occupied();
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(king, sniper) & occupied;
        if blockers.is_empty() {
            checkers = checkers.with(sniper);
        } else if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    (checkers, pinned)
}

/// The squares our king on `king` may step to: not ours, and not attacked
/// with the king taken off the board. The step attacks are tested first; a
/// slider lookup is made only when an enemy piece of that line stands on
/// one of the square's lines.
#[inline]
pub(crate) fn king_destinations(board: &Board, king: Square, us: Color) -> Bitboard {
    let theirs = board.by_color(!us);
    let without_king = board.occupied().without(king);
    let jumpers = board.knight_movers() & theirs;
    let pawns = board.by_role(Role::Pawn) & theirs;
    let kings = board.by_role(Role::King) & theirs;
    let rooks = board.rook_movers() & theirs;
    let bishops = board.bishop_movers() & theirs;
    let mut safe = Bitboard::EMPTY;
    for to in attacks::king(king) - board.by_color(us) {
        let attacked = attacks::knight(to).intersects(jumpers)
            || attacks::pawn(us, to).intersects(pawns)
            || attacks::king(to).intersects(kings)
            || (attacks::rook_rays(to).intersects(rooks)
                && attacks::rook(to, without_king).intersects(rooks))
            || (attacks::bishop_rays(to).intersects(bishops)
                && attacks::bishop(to, without_king).intersects(bishops));
        if !attacked {
            safe = safe.with(to);
        }
    }
    safe
}

/// The pawns of `turn` that may legally capture en passant on `ep`: the
/// square empty on the right rank with an enemy pawn in front of it, and
/// the king of `turn` not in check after the capture.
pub(crate) fn en_passant_capturers(board: &Board, turn: Color, ep: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let victim = Square::from_coords(ep.file(), Rank::Fifth.relative_to(turn));
    if ep.rank() != Rank::Sixth.relative_to(turn)
        || board.occupied().contains(ep)
        || !board.by_piece(Role::Pawn.of(!turn)).contains(victim)
    {
        return out;
    }
    let Some(king) = board.by_piece(Role::King.of(turn)).first() else {
        return out;
    };
    for from in attacks::pawn(!turn, ep) & board.by_piece(Role::Pawn.of(turn)) {
        let occupied = board.occupied().without(from).without(victim).with(ep);
        if (board.attackers_to(king, !turn, occupied) - Bitboard::from_square(victim)).is_empty() {
            out = out.with(from);
        }
    }
    out
}
