//! The end of a 10x8 game, as far as one position can tell: the shared
//! [`Outcome`](crate::Outcome) (repetitions need the game's history, which
//! [`Position`]'s equality is made for).

use super::position::Position;
use crate::board::capablanca::Bitboard;
use crate::board::{Color, Role};
use crate::Outcome;

impl Position {
    /// How the game has ended, if it has: checkmate, stalemate,
    /// insufficient material or the seventy-five-move rule, in that order
    /// of precedence, as on the 8x8 board
    /// ([`crate::Position::outcome`]).
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// assert_eq!(Position::capablanca().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            Some(if self.is_check() {
                Outcome::Checkmate {
                    winner: !self.turn(),
                }
            } else {
                Outcome::Stalemate
            })
        } else if self.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else if self.is_seventy_five_moves() {
            Some(Outcome::SeventyFiveMoves)
        } else {
            None
        }
    }

    /// `true` if the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if the side to move has no legal move and is not in check.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if `color` cannot checkmate by any series of legal moves, by
    /// the 8x8 board's rule ([`crate::Position::has_insufficient_material`]):
    /// a bare king; a king and one knight against a bare king; a king and
    /// bishops all on one colour while the board holds nothing but kings
    /// and bishops of that colour. An archbishop or a chancellor mates
    /// alone, so either one is enough material.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// use forsyth::Color;
    /// assert!(!Position::gothic().has_insufficient_material(Color::White));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self.board();
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        let kings = board.by_role(Role::King);
        let knights = board.by_role(Role::Knight);
        let bishops = board.by_role(Role::Bishop);
        let ours_extra = ours - kings;
        if ours_extra.is_empty() {
            return true;
        }
        if ours_extra == ours_extra & knights {
            return ours_extra.count() == 1 && (theirs - kings).is_empty();
        }
        if ours_extra == ours_extra & bishops {
            let all_extra = board.occupied() - kings;
            let one_colour =
                (bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty();
            return all_extra == all_extra & bishops && one_colour;
        }
        false
    }

    /// `true` if neither side can checkmate (see
    /// [`has_insufficient_material`](Position::has_insufficient_material)).
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// `true` if the halfmove clock is at least 100: a draw may be claimed
    /// (the fifty-move rule).
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.setup.halfmoves >= 100
    }

    /// `true` if the halfmove clock is at least 150, which ends the game as
    /// a draw unless the last move mated (the seventy-five-move rule).
    pub fn is_seventy_five_moves(&self) -> bool {
        self.setup.halfmoves >= 150
    }
}
