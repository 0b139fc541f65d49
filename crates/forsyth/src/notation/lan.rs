//! Long algebraic notation (LAN): the piece, both squares, `-` or `x`
//! (`Ng1-f3`, `e7-e8=Q`, `Bf1xb5+`, `O-O`). The one LAN reader
//! ([`read_lan`]: [`Notation::Lan`](super::Notation::Lan) and
//! `Position::parse_move`'s `e2-e4` both read through it) and the writer.

use core::fmt;

use super::language::Language;
use crate::board::{CastlingSide, Color, Move, Piece, Role, Square};
use crate::notation::{SanPlus, Suffix, UciMove};
use crate::rules::explain::{self, IllegalMoveReason};
use crate::rules::Position;

/// A LAN move as read: `O-O`, `O-O-O` (or with zeros), or an optional
/// English piece letter, the origin, `-` or `x`, the destination and an
/// optional promotion. The one LAN reader: `Position::parse_move` reads
/// `e2-e4` through it too.
pub(crate) struct Lan {
    pub(crate) castle: Option<CastlingSide>,
    pub(crate) role: Option<Role>,
    pub(crate) from: Square,
    pub(crate) capture: bool,
    pub(crate) to: Option<Square>,
    pub(crate) promotion: Option<Role>,
}

impl Lan {
    /// Castling written as the king's move, as UCI writes it (`Ke1-g1`,
    /// `Ke1-c1`; in Chess960 the king onto its rook too, `Kf1-h1`): the
    /// legal castling UCI reads from the same squares, when no other legal
    /// move fits.
    pub(crate) fn king_castling(&self, pos: &Position) -> Option<Move> {
        let king = pos.board().piece_at(self.from) == Some(Role::King.of(pos.turn()));
        if !king || self.capture || self.promotion.is_some() {
            return None;
        }
        let uci = UciMove::Normal {
            from: self.from,
            to: self.to?,
            promotion: None,
        };
        uci.to_move(pos).ok().filter(|m| m.is_castle())
    }

    /// Why this move, which no legal move fits, is illegal.
    pub(crate) fn reason(&self, pos: &Position) -> Option<IllegalMoveReason> {
        if let Some(side) = self.castle {
            return Some(explain::castle(pos, side));
        }
        let uci = UciMove::Normal {
            from: self.from,
            to: self.to?,
            promotion: self.promotion,
        };
        match uci.to_move(pos) {
            Err(e) => Some(e.reason),
            Ok(m) if self.role.is_some_and(|r| r != m.role()) => Some(IllegalMoveReason::NoPiece {
                square: self.from,
                role: self.role,
            }),
            Ok(m) if self.capture && !m.is_capture() => {
                Some(IllegalMoveReason::NothingToCapture { to: m.to() })
            }
            Ok(_) => None,
        }
    }

    /// `true` if the legal move `m` is this one.
    pub(crate) fn matches(&self, m: Move) -> bool {
        if let Some(side) = self.castle {
            return m.castling_side() == Some(side);
        }
        !m.is_castle()
            && m.from() == self.from
            && Some(m.to()) == self.to
            && m.promotion() == self.promotion
            && self.role.is_none_or(|r| r == m.role())
            && (m.is_capture() || !self.capture)
    }
}

/// Reads LAN: `[piece] square ("-" | "x" | "X") square [["="] piece]`, or
/// castling, followed by any `+`, `#`, `!`, `?` (the promotion letter in
/// either case).
pub(crate) fn read_lan(text: &[u8]) -> Option<Lan> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let b = &text[..end];
    let castle = match b {
        b"O-O" | b"0-0" => Some(CastlingSide::KingSide),
        b"O-O-O" | b"0-0-0" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if castle.is_some() {
        return Some(Lan {
            castle,
            role: None,
            from: Square::A1,
            capture: false,
            to: None,
            promotion: None,
        });
    }
    let (role, b) = match b.first().and_then(|&c| Piece::from_char(char::from(c))) {
        Some(p) if p.color == Color::White && p.role.is_chess() => (Some(p.role), &b[1..]),
        _ => (None, b),
    };
    if b.len() < 5 {
        return None;
    }
    let from = Square::from_ascii(&b[0..2])?;
    let capture = match b[2] {
        b'-' => false,
        b'x' | b'X' => true,
        _ => return None,
    };
    let to = Square::from_ascii(&b[3..5])?;
    let promotion = match &b[5..] {
        [] => None,
        [b'=', c] | [c] => match Piece::from_char(char::from(*c))?.role {
            r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight) => Some(r),
            _ => return None,
        },
        _ => return None,
    };
    Some(Lan {
        castle: None,
        role,
        from,
        capture,
        to: Some(to),
        promotion,
    })
}

/// Writes the legal move `m` of `pos` in LAN, with its check or mate
/// marker.
pub(crate) fn write_lan<W: fmt::Write>(pos: &Position, m: Move, out: &mut W) -> fmt::Result {
    let english = Language::English.letters();
    let suffix = SanPlus::from_move(pos, m).suffix;
    match m.castling_side() {
        Some(CastlingSide::KingSide) => out.write_str(&english.castle_king_side)?,
        Some(CastlingSide::QueenSide) => out.write_str(&english.castle_queen_side)?,
        None => {
            if m.role() != Role::Pawn {
                out.write_str(english.role(m.role()))?;
            }
            let mark = if m.is_capture() { "x" } else { "-" };
            write!(out, "{}{mark}{}", m.from(), m.to())?;
            if let Some(p) = m.promotion() {
                write!(out, "={}", english.role(p))?;
            }
        }
    }
    match suffix {
        Some(Suffix::Check) => out.write_str(&english.check),
        Some(Suffix::Checkmate) => out.write_str(&english.checkmate),
        None => Ok(()),
    }
}
