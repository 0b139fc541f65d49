//! UCI move notation: origin and destination squares, and a promotion
//! letter; see [`UciMove`].

use core::{fmt, str::FromStr};

use crate::board::{Color, Move, Role, Square};
use crate::rules::explain;
use crate::rules::explain::{IllegalMoveKind, IllegalMoveReason};
use crate::rules::movegen::{resolve, MovePattern};
use crate::rules::Position;
use crate::setup::Variant;

/// How castling is written in UCI.
///
/// ```
/// use forsyth::Variant;
/// use forsyth::uci::CastlingMode;
/// assert_eq!(CastlingMode::from_variant(Variant::Chess960), CastlingMode::Chess960);
/// assert_eq!("standard".parse::<CastlingMode>(), Ok(CastlingMode::Standard));
/// ```
// The derives every name enum carries (strum names): the same list on
// each, so every name reads and writes alike.
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum CastlingMode {
    /// The king's origin and destination: `e1g1`. A Chess960 castling
    /// whose king would move one square (not onto its rook) or none is
    /// written as in [`CastlingMode::Chess960`], so that it reads back as
    /// itself (see [`UciMove::from_move`]).
    #[default]
    Standard,
    /// The king's origin and its rook's square: `e1h1`.
    Chess960,
}

impl CastlingMode {
    /// The usual convention of a variant.
    ///
    /// ```
    /// use forsyth::Variant;
    /// use forsyth::uci::CastlingMode;
    /// assert_eq!(CastlingMode::from_variant(Variant::Standard), CastlingMode::Standard);
    /// ```
    pub const fn from_variant(variant: Variant) -> CastlingMode {
        match variant {
            Variant::Standard => CastlingMode::Standard,
            Variant::Chess960 => CastlingMode::Chess960,
        }
    }
}

/// A move in UCI notation, not yet related to a position.
///
/// Castling has two conventions. Standard chess's UCI writes the king's
/// move (`e1g1`); UCI_Chess960 writes the king taking its own rook (`e1h1`),
/// which stays unambiguous when the king moves one square or not at all
/// (where the standard convention writes it too). [`UciMove::from_move`]
/// writes either; [`UciMove::to_move`] reads both:
///
/// - a move of the piece on the origin square to the destination is always
///   read as that move (`f1g1` with the king on `f1` is a king step when that
///   step is legal);
/// - otherwise the king "taking" its castling rook is castling with that rook;
/// - otherwise the king going to its castling destination is castling.
///
/// Leniency: the promotion letter may be uppercase.
///
/// ```
/// use forsyth::{Move, Position, Role, Setup, Square};
/// use forsyth::uci::{CastlingMode, UciMove};
/// let uci: UciMove = "g1f3".parse()?;
/// assert_eq!(uci, UciMove::Normal { from: Square::G1, to: Square::F3, promotion: None });
/// let pos = Position::standard();
/// let m = uci.to_move(&pos)?;
/// assert_eq!(m.role(), Role::Knight);
/// assert_eq!(UciMove::from_move(m, CastlingMode::Standard).to_string(), "g1f3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with an optional promotion.
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square (or, for Chess960 castling, the rook's square).
        to: Square,
        /// The role a pawn becomes.
        promotion: Option<Role>,
    },
    /// The null move, `0000`: it passes the turn, and is never legal here.
    Null,
}

/// The error of reading text that is not UCI move syntax.
///
/// ```
/// use forsyth::uci::UciMove;
/// let err = UciMove::from_ascii(b"e2e9").unwrap_err();
/// assert_eq!(err.to_string(), "'e2e9' is not a uci move (expected two squares and an optional promotion letter, as e2e4 or e7e8q)");
/// assert_eq!(err.kind().name(), "invalid_uci");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseUciError {
    /// The text, lossily decoded.
    pub text: String,
}

/// The classification of a [`ParseUciError`].
///
/// ```
/// use forsyth::uci::ParseUciErrorKind;
/// assert_eq!(ParseUciErrorKind::InvalidUci.name(), "invalid_uci");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ParseUciErrorKind {
    /// Not two squares and an optional promotion letter, nor `0000`.
    InvalidUci,
}

impl ParseUciErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::uci::ParseUciErrorKind;
    /// assert_eq!(ParseUciErrorKind::InvalidUci.name(), "invalid_uci");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl ParseUciError {
    /// The classification.
    ///
    /// ```
    /// use forsyth::uci::{ParseUciErrorKind, UciMove};
    /// assert_eq!(UciMove::from_ascii(b"").unwrap_err().kind(), ParseUciErrorKind::InvalidUci);
    /// ```
    pub fn kind(&self) -> ParseUciErrorKind {
        ParseUciErrorKind::InvalidUci
    }
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a uci move (expected two squares and an optional promotion letter, as e2e4 or e7e8q)",
            self.text
        )
    }
}

impl std::error::Error for ParseUciError {}

/// The error of [`UciMove::to_move`]: no legal move is written so, and
/// why.
///
/// ```
/// use forsyth::{IllegalMoveKind, Position, Setup};
/// use forsyth::uci::UciMove;
/// let pos = Position::standard();
/// let err = "e3e4".parse::<UciMove>()?.to_move(&pos).unwrap_err();
/// assert_eq!(err.kind(), IllegalMoveKind::NoPiece);
/// assert_eq!(err.to_string(), "illegal move e3e4 for white: there is no piece of the side to move on e3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalUciError {
    /// The move.
    pub uci: UciMove,
    /// The side to move.
    pub turn: Color,
    /// Why it is not legal.
    pub reason: IllegalMoveReason,
}

impl IllegalUciError {
    /// The classification of the reason.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, Position, Setup};
    /// use forsyth::uci::UciMove;
    /// let pos = Position::standard();
    /// let err = UciMove::Null.to_move(&pos).unwrap_err();
    /// assert_eq!(err.kind(), IllegalMoveKind::NullMove);
    /// ```
    pub fn kind(&self) -> IllegalMoveKind {
        self.reason.kind()
    }
}

impl fmt::Display for IllegalUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move {} for {}: {}",
            self.uci,
            self.turn.name(),
            self.reason
        )
    }
}

impl std::error::Error for IllegalUciError {}

impl UciMove {
    /// Reads `e2e4`, `e7e8q` (or `e7e8Q`) or `0000`.
    ///
    /// ```
    /// use forsyth::{Role, Square};
    /// use forsyth::uci::UciMove;
    /// assert_eq!(
    ///     UciMove::from_ascii(b"a7a8n")?,
    ///     UciMove::Normal { from: Square::A7, to: Square::A8, promotion: Some(Role::Knight) }
    /// );
    /// assert_eq!(UciMove::from_ascii(b"0000")?, UciMove::Null);
    /// assert!(UciMove::from_ascii(b"e7e8k").is_err());
    /// # Ok::<_, forsyth::uci::ParseUciError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<UciMove, ParseUciError> {
        UciMove::read(text).ok_or_else(|| ParseUciError {
            text: String::from_utf8_lossy(text).into_owned(),
        })
    }

    /// The UCI reader: the move `text` says, or `None` if it is not UCI
    /// (nothing allocated either way).
    #[inline]
    pub(crate) fn read(text: &[u8]) -> Option<UciMove> {
        if text == b"0000" {
            return Some(UciMove::Null);
        }
        if text.len() != 4 && text.len() != 5 {
            return None;
        }
        let from = Square::from_ascii(&text[0..2])?;
        let to = Square::from_ascii(&text[2..4])?;
        let promotion = match text.get(4) {
            None => None,
            Some(&b) => match Role::from_char(b as char) {
                Some(role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(role),
                _ => return None,
            },
        };
        Some(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }

    /// Writes a move, castling in the convention `mode`.
    ///
    /// In the standard convention a Chess960 castling whose king moves one
    /// square, not onto its rook, or not at all, is written as the king
    /// taking its rook, as in the Chess960 convention: the king's move
    /// would read as the king's one-square step (`f1g1` with the king on
    /// `f1`, where the step is legal whenever this castling is) or name no
    /// move (`g1g1`). Every other castling is written as the king's move.
    /// So each legal move has its own text, and [`UciMove::to_move`] reads
    /// it back as that move.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// use forsyth::uci::{CastlingMode, UciMove};
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(UciMove::from_move(castle, CastlingMode::Standard).to_string(), "e1g1");
    /// assert_eq!(UciMove::from_move(castle, CastlingMode::Chess960).to_string(), "e1h1");
    /// // The king on b1 castles queen side to c1, where it could also step.
    /// let long = Move::Castle { king: Square::B1, rook: Square::A1 };
    /// assert_eq!(UciMove::from_move(long, CastlingMode::Standard).to_string(), "b1a1");
    /// // The king already on g1: only the rook moves.
    /// let short = Move::Castle { king: Square::G1, rook: Square::H1 };
    /// assert_eq!(UciMove::from_move(short, CastlingMode::Standard).to_string(), "g1h1");
    /// ```
    pub fn from_move(m: Move, mode: CastlingMode) -> UciMove {
        let to = match (m, mode) {
            (Move::Castle { rook, .. }, CastlingMode::Chess960) => rook,
            (Move::Castle { king, rook }, CastlingMode::Standard) => {
                let target = m.to();
                let steps = king.file().index().abs_diff(target.file().index());
                if steps == 0 || (steps == 1 && target != rook) {
                    rook
                } else {
                    target
                }
            }
            _ => m.to(),
        };
        UciMove::Normal {
            from: m.from(),
            to,
            promotion: m.promotion(),
        }
    }

    /// The legal move of `pos` written so, in either castling convention
    /// (see [`UciMove`]).
    ///
    /// ```
    /// use forsyth::{Move, Position, Setup, Square};
    /// use forsyth::fen::Fen;
    /// use forsyth::uci::UciMove;
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// let castle = Move::Castle { king: Square::F1, rook: Square::B1 };
    /// assert_eq!("f1b1".parse::<UciMove>()?.to_move(&pos)?, castle);
    /// assert_eq!("f1c1".parse::<UciMove>()?.to_move(&pos)?, castle);
    /// // The king's one-square step stays a step.
    /// assert!(!"f1g1".parse::<UciMove>()?.to_move(&pos)?.is_castle());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUciError> {
        // A piece's own move from `from` to `to`, found among the pieces
        // that reach `to` (its square given in full, it is the only one);
        // castling, the null move and faults are looked for among all the
        // legal moves.
        if let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        {
            let ours = pos.board().piece_at(from).filter(|p| p.color == pos.turn());
            if let Some(piece) = ours {
                let pattern = MovePattern {
                    role: piece.role,
                    file: Some(from.file()),
                    rank: Some(from.rank()),
                    capture: false,
                    to,
                    promotion,
                };
                if let Some(m) = resolve(pos, pattern) {
                    return Ok(m);
                }
            }
        }
        self.resolve_by_listing(pos)
    }

    /// [`UciMove::to_move`] by listing every legal move.
    fn resolve_by_listing(&self, pos: &Position) -> Result<Move, IllegalUciError> {
        let error = |reason| IllegalUciError {
            uci: *self,
            turn: pos.turn(),
            reason,
        };
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(error(IllegalMoveReason::NullMove));
        };
        let moves = pos.legal_moves();
        let direct = moves.iter().find(|m| match **m {
            Move::Normal {
                from: f,
                to: t,
                promotion: p,
                ..
            } => f == from && t == to && p == promotion,
            Move::EnPassant { from: f, to: t } => f == from && t == to && promotion.is_none(),
            Move::Castle { .. } => false,
        });
        let castle = |pick: fn(Move) -> Square| {
            moves.iter().find(|m| {
                matches!(m, Move::Castle { king, .. } if *king == from)
                    && pick(**m) == to
                    && promotion.is_none()
            })
        };
        let rook = |m: Move| match m {
            Move::Castle { rook, .. } => rook,
            other => other.to(),
        };
        match direct.or_else(|| castle(rook)).or_else(|| castle(Move::to)) {
            Some(&m) => Ok(m),
            None => Err(error(explain::from_to(pos, from, to, promotion))),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    Some(role) => write!(f, "{}", role.char()),
                    None => Ok(()),
                }
            }
        }
    }
}

// A UCI move is stored as its text (`"e2e4"`, `"e7e8q"`, `"0000"`), read
// back by the parser.
#[cfg(feature = "serde")]
crate::text::serde_via_text!(UciMove, "a uci move", |t| UciMove::from_ascii(t.as_bytes())
    .ok());

impl FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(s: &str) -> Result<UciMove, ParseUciError> {
        UciMove::from_ascii(s.as_bytes())
    }
}

impl Position {
    /// A legal move written in UCI, castling in the convention `mode`.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::uci::CastlingMode;
    /// let pos = Position::standard();
    /// let mut ucis: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m, CastlingMode::Standard)).collect();
    /// ucis.sort();
    /// assert_eq!(ucis[..3], ["a2a3", "a2a4", "b1a3"]);
    /// ```
    pub fn uci(&self, m: Move, mode: CastlingMode) -> String {
        UciMove::from_move(m, mode).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movegen::{random_square, random_walk};

    /// The fast path of `to_move` agrees with listing every legal move,
    /// along random games from random Chess960 starts (the standard one
    /// among them): every legal move's UCI in both castling modes, and
    /// random square pairs with and without a promotion (illegal moves and
    /// their reasons included).
    #[test]
    fn fast_path_agrees_with_listing() {
        let mut checked = 0;
        random_walk(0x9e37_79b9_7f4a_7c15, 30, 100, |pos, legal, rng| {
            let mut ucis: Vec<UciMove> = Vec::new();
            for &m in legal {
                ucis.push(UciMove::from_move(m, CastlingMode::Standard));
                ucis.push(UciMove::from_move(m, CastlingMode::Chess960));
            }
            for _ in 0..16 {
                let n = rng.next_u64();
                let promotion = [None, Some(Role::Queen), Some(Role::King)][(n % 3) as usize];
                ucis.push(UciMove::Normal {
                    from: random_square(n >> 8),
                    to: random_square(n >> 16),
                    promotion,
                });
            }
            for uci in ucis {
                assert_eq!(uci.to_move(pos), uci.resolve_by_listing(pos), "{uci}");
                checked += 1;
            }
        });
        assert!(checked > 100_000, "{checked}");
    }
}
