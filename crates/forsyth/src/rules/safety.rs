//! King safety on a board, the facts both the move generator and
//! validation ask for: whether a square is attacked, the pieces that give
//! check and the pieces pinned to the king (from one look), the squares the
//! king may step to, and the pawns that may legally capture en passant.

use crate::board::{attacks, Bitboard, Board, Color, File, Rank, Role, Square};

/// `true` if a piece of `by` attacks `sq`, with `occupied` as blockers: the
/// definition the faster tests are checked against.
#[cfg(test)]
pub(crate) fn is_attacked(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    !board.attackers_to(sq, by, occupied).is_empty()
}

/// The enemy pieces giving check to our king on `king`, and our pieces
/// pinned to it, from one look along the lines through the king.
///
/// The enemy sliders seen from the king with only the enemy pieces as
/// blockers (the snipers) have nothing but our pieces between them and the
/// king: none, and the sniper gives check; one, and that piece is pinned.
/// Knights and pawns give check from their step tables (not a pawn on a
/// back rank, which only a problem puts there: it attacks nothing). The
/// enemy king never does: a position with the kings side by side is not
/// legal.
#[inline]
pub(crate) fn checkers_and_pinned(board: &Board, king: Square, us: Color) -> (Bitboard, Bitboard) {
    let theirs = board.by_color(!us);
    let snipers = ((attacks::rook(king, theirs) & board.rooks_and_queens())
        | (attacks::bishop(king, theirs) & board.bishops_and_queens()))
        & theirs;
    let mut checkers = ((attacks::knight(king) & board.by_role(Role::Knight))
        | (attacks::pawn(us, king) & (board.by_role(Role::Pawn) - Bitboard::BACKRANKS)))
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
/// with the king taken off the board (so that it cannot hide behind
/// itself).
///
/// The attacks are gathered as sets, not tested square by square: the
/// enemy pawns' by two shifts, and one lookup for the king and for each
/// knight and slider that stands where it could reach a square around our
/// king (mostly a few), so that there is one short loop per kind instead of
/// a chain of tests per square.
#[inline(always)]
pub(crate) fn king_destinations(board: &Board, king: Square, us: Color) -> Bitboard {
    let steps = attacks::king(king) - board.by_color(us);
    if steps.is_empty() {
        return steps;
    }
    let theirs = board.by_color(!us);
    // A pawn on a back rank (only a problem puts one there) attacks
    // nothing.
    let pawns = (board.by_role(Role::Pawn) & theirs) - Bitboard::BACKRANKS;
    let mut attacked = pawn_attacks(!us, pawns);
    // A legal position has one enemy king: one lookup, no loop.
    if let Some(sq) = (board.by_role(Role::King) & theirs).first() {
        attacked |= attacks::king(sq);
    }
    let [knights, rooks, bishops] = attacks::near_king(king);
    for sq in board.by_role(Role::Knight) & theirs & knights {
        attacked |= attacks::knight(sq);
    }
    let without_king = board.occupied().without(king);
    for sq in board.rooks_and_queens() & theirs & rooks {
        attacked |= attacks::rook(sq, without_king);
    }
    for sq in board.bishops_and_queens() & theirs & bishops {
        attacked |= attacks::bishop(sq, without_king);
    }
    steps - attacked
}

/// The squares the pawns `pawns` of `color` attack.
#[inline(always)]
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let left = (pawns - Bitboard::from_file(File::A)).bits();
    let right = (pawns - Bitboard::from_file(File::H)).bits();
    Bitboard::from_bits(match color {
        Color::White => (left << 7) | (right << 9),
        Color::Black => (left >> 9) | (right >> 7),
    })
}

/// The pawns of `turn` that may legally capture en passant on `ep`: the
/// square must be empty on the right rank with an enemy pawn in front of it,
/// and the king of `turn` must not stand in check after the capture.
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
