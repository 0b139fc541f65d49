//! Popeye's order of a side's moves: the order it solves them in, which
//! its text keeps and on which its help-play table depends.

use crate::board::{CastlingSide, Color, Move, Role};
use crate::rules::Position;

/// Where Popeye puts a move among its side's moves: by its piece's square
/// (from a1 to h8 in its move generator; from h8 to a1 in the generator of
/// a direct mate's last move), then the reverse of the order its walk is
/// generated in (Popeye solves the moves it generated last first), then
/// the promotion (queen, knight, rook, bishop).
pub(crate) type OrderKey = (i32, i32, i32);

pub(crate) fn order_key(pos: &Position, m: Move, last: bool) -> OrderKey {
    let from = match m {
        Move::Castle { king, .. } => king,
        _ => m.from(),
    };
    let square = from.index() as i32;
    let white = pos.turn() == Color::White;
    let (df, dr) = (
        m.to().file() as i32 - from.file() as i32,
        m.to().rank() as i32 - from.rank() as i32,
    );
    // Popeye's vectors (files right, ranks up): rook E N W S, bishop NW
    // NE SE SW, knight from WNW round by the north, then the south.
    const QUEEN: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (-1, 0),
        (0, -1),
        (-1, 1),
        (1, 1),
        (1, -1),
        (-1, -1),
    ];
    const KNIGHT: [(i32, i32); 8] = [
        (-2, 1),
        (-1, 2),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
    ];
    let slide = |dirs: &[(i32, i32)], base: i32| -> i32 {
        let distance = df.abs().max(dr.abs());
        let unit = (df.signum(), dr.signum());
        let d = dirs.iter().position(|&u| u == unit).unwrap_or(0) as i32 + base;
        d * 8 + distance
    };
    let generated = match m {
        Move::Castle { .. } => {
            let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
            100 + i32::from(!side.is_king_side())
        }
        _ => match m.role() {
            Role::King => slide(&QUEEN, 0),
            Role::Queen => slide(&QUEEN, 0),
            Role::Rook => slide(&QUEEN[..4], 0),
            Role::Bishop => slide(&QUEEN[4..], 0),
            Role::Knight => KNIGHT.iter().position(|&u| u == (df, dr)).unwrap_or(0) as i32,
            _ => {
                let forward = if white { 1 } else { -1 };
                let capture = df != 0;
                if last {
                    // En passant right, left; the steps; captures left, right.
                    match (m.is_en_passant(), capture, df) {
                        (true, _, 1) => 0,
                        (true, _, _) => 1,
                        (false, false, _) if dr == forward => 2,
                        (false, false, _) => 3,
                        (false, true, -1) => 4,
                        _ => 5,
                    }
                } else {
                    // Captures left, right (en passant among them); steps.
                    match (capture, df) {
                        (true, -1) => 0,
                        (true, _) => 1,
                        (false, _) if dr == forward => 2,
                        _ => 3,
                    }
                }
            }
        },
    };
    let promotion = match m.promotion() {
        Some(Role::Queen) | None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        _ => 3,
    };
    let square = if last { -square } else { square };
    (square, -generated, promotion)
}
