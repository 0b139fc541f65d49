//! The end of a game, as far as one position can tell (repetitions need the
//! game's history: see [`Game`](crate::game::Game)).

use core::fmt;

use crate::board::{Bitboard, Color, Role};
use crate::rules::Position;

/// How a game ends by itself in a position (FIDE Laws of Chess, articles 5
/// and 9.6).
///
/// ```
/// use forsyth::{Color, Outcome};
/// assert_eq!(Outcome::Checkmate { winner: Color::Black }.winner(), Some(Color::Black));
/// assert_eq!(Outcome::Stalemate.name(), "stalemate");
/// assert_eq!(Outcome::SeventyFiveMoves.to_string(), "draw by the seventy-five-move rule");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can checkmate by any series of legal moves (see
    /// [`Position::is_insufficient_material`]).
    InsufficientMaterial,
    /// 75 moves by each side without a capture or a pawn move (and the last
    /// move did not mate).
    SeventyFiveMoves,
    /// The same position for the fifth time (FIDE 9.6.1). Only a game's
    /// history tells it: see [`Game::outcome`](crate::game::Game::outcome); a
    /// position alone never reports it.
    FivefoldRepetition,
}

impl Outcome {
    /// The winner; `None` for a draw.
    ///
    /// ```
    /// use forsyth::Outcome;
    /// assert_eq!(Outcome::InsufficientMaterial.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The stable name, snake case (an outcome is its own kind, as
    /// [`ProblemKind::name`](crate::validate::ProblemKind::name) names a problem's).
    ///
    /// ```
    /// use forsyth::Outcome;
    /// assert_eq!(Outcome::SeventyFiveMoves.name(), "seventy_five_moves");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::Stalemate => f.write_str("draw by stalemate"),
            Outcome::InsufficientMaterial => f.write_str("draw by insufficient material"),
            Outcome::SeventyFiveMoves => f.write_str("draw by the seventy-five-move rule"),
            Outcome::FivefoldRepetition => f.write_str("draw by fivefold repetition"),
        }
    }
}

impl Position {
    /// How the game has ended, if it has: checkmate, stalemate, insufficient
    /// material or the seventy-five-move rule, in that order of precedence
    /// (a mate on the 75th move stands). Claimable draws (the fifty-move
    /// rule, see [`can_claim_fifty_moves`](Position::can_claim_fifty_moves))
    /// do not end the game by themselves.
    ///
    /// ```
    /// use forsyth::{Color, Outcome, Position, Setup};
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
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
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// assert!(!Position::standard().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if the side to move has no legal move and is not in check.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert!(pos.is_stalemate());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if `color` cannot checkmate by any series of legal moves,
    /// whatever the other side plays: it has a bare king; or a king and one
    /// knight against a bare king; or a king and bishops all on squares of
    /// one colour while the other side has nothing but a king and bishops on
    /// squares of that same colour. (Any other material can mate with the
    /// other side's help, so this is exact for the positions it names and
    /// says `false` otherwise.)
    ///
    /// ```
    /// use forsyth::{Color, Position, Setup};
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"8/8/4k3/8/8/2N5/8/4K3 w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(pos.has_insufficient_material(Color::Black));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
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
            // Knights only: one knight cannot mate a bare king, but can mate
            // a king whose own pieces block its flight.
            return ours_extra.count() == 1 && (theirs - kings).is_empty();
        }
        if ours_extra == ours_extra & bishops {
            // Bishops only, all on one colour of squares, and nothing on the
            // board but kings and bishops of that colour.
            let all_extra = board.occupied() - kings;
            let one_colour =
                (bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty();
            return all_extra == all_extra & bishops && one_colour;
        }
        false
    }

    /// `true` if neither side can checkmate (a dead position of the kinds
    /// [`has_insufficient_material`](Position::has_insufficient_material)
    /// recognises): king against king, king and minor piece against king,
    /// and kings with bishops all on squares of one colour.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"8/8/4k3/2b5/8/2B5/8/4K3 w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert!(pos.is_insufficient_material());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// `true` if the halfmove clock is at least 100: fifty moves by each side
    /// without a capture or a pawn move, and a player may claim a draw
    /// (FIDE 9.3).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// // By move 80 enough plies have passed for the clock to be legal.
    /// let setup = Setup { halfmoves: 100, fullmoves: 80, ..Setup::standard() };
    /// assert!(Position::from_setup(setup).expect("legal").can_claim_fifty_moves());
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.setup.halfmoves >= 100
    }

    /// `true` if the halfmove clock is at least 150: seventy-five moves by
    /// each side without a capture or a pawn move, which ends the game as a
    /// draw unless the last move mated (FIDE 9.6.2).
    ///
    /// ```
    /// use forsyth::{Outcome, Position, Setup};
    /// let setup = Setup { halfmoves: 150, fullmoves: 80, ..Setup::standard() };
    /// let pos = Position::from_setup(setup).expect("legal");
    /// assert!(pos.is_seventy_five_moves());
    /// assert_eq!(pos.outcome(), Some(Outcome::SeventyFiveMoves));
    /// ```
    pub fn is_seventy_five_moves(&self) -> bool {
        self.setup.halfmoves >= 150
    }
}
