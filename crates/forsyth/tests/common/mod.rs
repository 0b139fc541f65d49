//! Helpers shared by the integration tests.

use forsyth::{Board, Color, Piece, Role, Square};

/// Slow reference: is `sq` attacked by a piece of `by`? Walks the board
/// square by square.
pub fn slow_attacked(board: &Board, sq: Square, by: Color) -> bool {
    let at = |df: i32, dr: i32| sq.offset(df, dr).and_then(|s| board.piece_at(s));
    let is = |p: Option<Piece>, roles: &[Role]| {
        p.is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    if knight.iter().any(|&(f, r)| is(at(f, r), &[Role::Knight])) {
        return true;
    }
    for f in -1..=1 {
        for r in -1..=1 {
            if (f, r) != (0, 0) && is(at(f, r), &[Role::King]) {
                return true;
            }
        }
    }
    // A pawn of `by` attacks diagonally forward, so it stands diagonally
    // behind `sq` as `by` sees it.
    let behind = if by == Color::White { -1 } else { 1 };
    if is(at(-1, behind), &[Role::Pawn]) || is(at(1, behind), &[Role::Pawn]) {
        return true;
    }
    for (df, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let line = if df == 0 || dr == 0 {
            Role::Rook
        } else {
            Role::Bishop
        };
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if let Some(p) = board.piece_at(next) {
                if p.color == by && (p.role == line || p.role == Role::Queen) {
                    return true;
                }
                break;
            }
            cur = next;
        }
    }
    false
}
