//! Standard Algebraic Notation (SAN), as the PGN standard defines it; see
//! [`San`] for what is written and what is read.

use core::{fmt, str::FromStr};

use crate::{CastlingSide, Color, File, Move, Position, Rank, Role, Square};

/// A move in SAN, without check or checkmate suffix, not yet related to a
/// position.
///
/// Writing follows the standard: the piece letter (none for pawns), the
/// origin file, rank or square only when another piece of the same kind
/// could go to the same square (file first, then rank, then both), `x` for a
/// capture (a pawn capture always names its origin file), the destination,
/// `=Q` for a promotion, `O-O` / `O-O-O` for castling (in Chess960 too, by the
/// wing of the rook), and `+` / `#` for check / checkmate.
///
/// Reading is lenient where the meaning stays clear:
///
/// - `0-0` and `0-0-0` for castling;
/// - a promotion without `=` (`e8Q`), and a lowercase promotion letter after
///   `=` (`e8=q`);
/// - a missing, wrong or extra `+` / `#` (and `++`);
/// - trailing annotation glyphs `!`, `?`, `!!`, `??`, `!?`, `?!`;
/// - a capture without `x`, and more disambiguation than needed (`Ngf3`);
/// - a pawn letter `P` (`Pe4`, `Pexd5`), and `e.p.` after an en-passant
///   capture (`exd6e.p.`; only on a pawn capture to the third or sixth rank).
///
/// It is strict where the text would say something false: `x` on a move that
/// captures nothing, a missing promotion piece, or a move that more than one
/// piece could make (the error names the candidates).
///
/// ```
/// use forsyth::{File, Role, San, Square};
/// let san: San = "Nbd2".parse()?;
/// assert_eq!(
///     san,
///     San::Normal { role: Role::Knight, file: Some(File::B), rank: None, capture: false, to: Square::D2, promotion: None }
/// );
/// assert_eq!(san.to_string(), "Nbd2");
/// # Ok::<_, forsyth::ParseSanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece's role.
        role: Role,
        /// The origin file, when written.
        file: Option<File>,
        /// The origin rank, when written.
        rank: Option<Rank>,
        /// `true` if written with `x`.
        capture: bool,
        /// Destination square.
        to: Square,
        /// The promotion role, when written.
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
}

/// A check or checkmate suffix.
///
/// ```
/// use forsyth::Suffix;
/// assert_eq!(Suffix::Checkmate.char(), '#');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// `+` or `#`.
    ///
    /// ```
    /// use forsyth::Suffix;
    /// assert_eq!(Suffix::Check.char(), '+');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// A move in SAN with its check or checkmate suffix.
///
/// ```
/// use forsyth::{Position, SanPlus, Setup};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let m = "e4".parse::<SanPlus>()?.san.to_move(&pos)?;
/// assert_eq!(SanPlus::from_move(&pos, m).to_string(), "e4");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if any.
    pub suffix: Option<Suffix>,
}

/// The error of reading text that is not SAN.
///
/// ```
/// use forsyth::San;
/// let err = "Nz4".parse::<San>().unwrap_err();
/// assert_eq!(err.to_string(), "'Nz4' is not a san move");
/// assert_eq!(err.kind(), "invalid_san");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSanError {
    /// The text, lossily decoded.
    pub text: String,
}

impl ParseSanError {
    /// The stable kind name.
    ///
    /// ```
    /// use forsyth::San;
    /// assert_eq!("".parse::<San>().unwrap_err().kind(), "invalid_san");
    /// ```
    pub fn kind(&self) -> &'static str {
        "invalid_san"
    }
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a san move", self.text)
    }
}

impl std::error::Error for ParseSanError {}

/// Why a SAN move is not one legal move of a position.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
pub enum SanErrorKind {
    /// No legal move fits.
    IllegalSan,
    /// More than one legal move fits.
    AmbiguousSan,
}

impl SanErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::SanErrorKind;
    /// assert_eq!(SanErrorKind::AmbiguousSan.name(), "ambiguous_san");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The error of [`San::to_move`].
///
/// ```
/// use forsyth::{Fen, Position, San, SanErrorKind, Setup};
/// let fen = Fen::from_ascii(b"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")?;
/// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
/// let err = "Nd2".parse::<San>()?.to_move(&pos).unwrap_err();
/// assert_eq!(err.kind, SanErrorKind::AmbiguousSan);
/// assert_eq!(err.to_string(), "ambiguous move Nd2 for white: Nbd2 or Nfd2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    /// The move as read.
    pub san: San,
    /// The side to move.
    pub turn: Color,
    /// What is wrong.
    pub kind: SanErrorKind,
    /// For an ambiguous move, each legal move that fits, written
    /// unambiguously.
    pub candidates: Vec<San>,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.turn.name();
        match self.kind {
            SanErrorKind::IllegalSan => {
                write!(f, "illegal move {} for {color}", self.san)?;
                if let San::Normal {
                    role: Role::Pawn,
                    to,
                    promotion: None,
                    ..
                } = self.san
                {
                    if to.rank() == Rank::Eighth.relative_to(self.turn) {
                        write!(f, " (a pawn reaching {to} must promote, as {to}=Q)")?;
                    }
                }
                Ok(())
            }
            SanErrorKind::AmbiguousSan => {
                write!(f, "ambiguous move {} for {color}: ", self.san)?;
                for (i, c) in self.candidates.iter().enumerate() {
                    if i > 0 {
                        let last = i + 1 == self.candidates.len();
                        f.write_str(if last { " or " } else { ", " })?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

/// Splits off trailing check marks (`+`, `#`) and annotations (`!`, `?`) in
/// any order; returns the move text and the suffix (`#` wins over `+`).
fn strip_suffixes(mut text: &[u8]) -> (&[u8], Option<Suffix>) {
    let mut suffix = None;
    while let [rest @ .., last @ (b'+' | b'#' | b'!' | b'?')] = text {
        match last {
            b'#' => suffix = Some(Suffix::Checkmate),
            b'+' if suffix.is_none() => suffix = Some(Suffix::Check),
            _ => {}
        }
        text = rest;
    }
    (text, suffix)
}

fn promotion_role(b: u8) -> Option<Role> {
    match Role::from_char(b as char)? {
        role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight) => Some(role),
        _ => None,
    }
}

impl San {
    /// Reads SAN, ignoring a check or checkmate suffix and annotations (see [`San`]
    /// for what is accepted).
    ///
    /// ```
    /// use forsyth::{CastlingSide, Role, San, Square};
    /// assert_eq!(San::from_ascii(b"0-0-0")?, San::Castle(CastlingSide::QueenSide));
    /// assert_eq!(San::from_ascii(b"e8Q+!?")?, San::from_ascii(b"e8=Q")?);
    /// assert!(San::from_ascii(b"Ke9").is_err());
    /// assert_eq!(San::from_ascii(b"Pe4")?, San::from_ascii(b"e4")?);
    /// assert_eq!(San::from_ascii(b"exd6e.p.+")?, San::from_ascii(b"exd6+")?);
    /// assert!(San::from_ascii(b"exd5e.p.").is_err());
    /// # Ok::<_, forsyth::ParseSanError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<San, ParseSanError> {
        SanPlus::from_ascii(text).map(|s| s.san)
    }

    /// The SAN of a legal move of `pos`, without suffix.
    ///
    /// ```
    /// use forsyth::{Fen, Position, San, Setup, Move, Role, Square};
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/6K1/R6R w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// let m = Move::Normal { role: Role::Rook, from: Square::A1, capture: None, to: Square::D1, promotion: None };
    /// assert_eq!(San::from_move(&pos, m).to_string(), "Rad1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        San::from_move_in(m, &pos.legal_moves())
    }

    /// [`San::from_move`] with the legal moves of `pos` already at hand.
    fn from_move_in(m: Move, legal: &[Move]) -> San {
        match m {
            Move::Castle { .. } => San::Castle(m.castling_side().unwrap_or(CastlingSide::KingSide)),
            Move::EnPassant { from, to } => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role: Role::Pawn,
                file: capture.map(|_| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            },
            Move::Normal {
                role,
                from,
                capture,
                to,
                ..
            } => {
                let mut rivals = legal.iter().filter(|o| {
                    matches!(o, Move::Normal { role: r, from: f, to: t, .. }
                        if *r == role && *t == to && *f != from)
                });
                let (mut any, mut same_file, mut same_rank) = (false, false, false);
                for o in rivals.by_ref() {
                    any = true;
                    same_file |= o.from().file() == from.file();
                    same_rank |= o.from().rank() == from.rank();
                }
                let (file, rank) = match (any, same_file, same_rank) {
                    (false, _, _) => (None, None),
                    (true, false, _) => (Some(from.file()), None),
                    (true, true, false) => (None, Some(from.rank())),
                    (true, true, true) => (Some(from.file()), Some(from.rank())),
                };
                San::Normal {
                    role,
                    file,
                    rank,
                    capture: capture.is_some(),
                    to,
                    promotion: None,
                }
            }
        }
    }

    /// `true` if this SAN describes the legal move `m` (ignoring whether the
    /// description is unambiguous).
    ///
    /// ```
    /// use forsyth::{Move, Role, San, Square};
    /// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
    /// assert!("Nf3".parse::<San>()?.matches(m));
    /// assert!("Ngf3".parse::<San>()?.matches(m));
    /// assert!(!"Nxf3".parse::<San>()?.matches(m));
    /// # Ok::<_, forsyth::ParseSanError>(())
    /// ```
    pub fn matches(&self, m: Move) -> bool {
        match *self {
            San::Castle(side) => m.castling_side() == Some(side),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                !m.is_castle()
                    && m.role() == role
                    && m.to() == to
                    && m.promotion() == promotion
                    && (m.is_capture() || !capture)
                    && file.is_none_or(|f| m.from().file() == f)
                    && rank.is_none_or(|r| m.from().rank() == r)
            }
        }
    }

    /// The legal move of `pos` this SAN describes.
    ///
    /// ```
    /// use forsyth::{Move, Position, San, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let m = "Nc3".parse::<San>()?.to_move(&pos)?;
    /// assert_eq!((m.from(), m.to()), (Square::B1, Square::C3));
    /// let err = "Nd4".parse::<San>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move Nd4 for white");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        let mut fits = legal.iter().copied().filter(|&m| self.matches(m));
        let error = |kind, candidates| SanError {
            san: *self,
            turn: pos.turn(),
            kind,
            candidates,
        };
        match (fits.next(), fits.next()) {
            (Some(m), None) => Ok(m),
            (None, _) => Err(error(SanErrorKind::IllegalSan, Vec::new())),
            (Some(_), Some(_)) => {
                let candidates = legal
                    .iter()
                    .filter(|&&m| self.matches(m))
                    .map(|&m| San::from_move_in(m, &legal))
                    .collect();
                Err(error(SanErrorKind::AmbiguousSan, candidates))
            }
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl SanPlus {
    /// Reads SAN with its suffix (see [`San`] for what is accepted).
    ///
    /// ```
    /// use forsyth::{SanPlus, Suffix};
    /// assert_eq!(SanPlus::from_ascii(b"Qxf7#")?.suffix, Some(Suffix::Checkmate));
    /// assert_eq!(SanPlus::from_ascii(b"O-O+?!")?.suffix, Some(Suffix::Check));
    /// # Ok::<_, forsyth::ParseSanError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        let err = || ParseSanError {
            text: String::from_utf8_lossy(text).into_owned(),
        };
        let (body, suffix) = strip_suffixes(text);
        let (body, en_passant) = match body {
            [head @ .., b'e', b'.', b'p', b'.'] => (head, true),
            _ => (body, false),
        };
        let castle = match body {
            b"O-O" | b"0-0" => Some(CastlingSide::KingSide),
            b"O-O-O" | b"0-0-0" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = castle {
            if en_passant {
                return Err(err());
            }
            return Ok(SanPlus {
                san: San::Castle(side),
                suffix,
            });
        }
        // Piece letter.
        let (role, mut rest) = match body {
            [b @ (b'N' | b'B' | b'R' | b'Q' | b'K'), rest @ ..] => {
                (Role::from_char(*b as char).ok_or_else(err)?, rest)
            }
            [b'P', rest @ ..] => (Role::Pawn, rest),
            _ => (Role::Pawn, body),
        };
        // Promotion at the end: `=Q`, `=q` or `Q`.
        let mut promotion = None;
        if role == Role::Pawn {
            match rest {
                [head @ .., b'=', p] => {
                    promotion = Some(promotion_role(*p).ok_or_else(err)?);
                    rest = head;
                }
                [head @ .., p @ (b'Q' | b'R' | b'B' | b'N')] => {
                    promotion = promotion_role(*p);
                    rest = head;
                }
                _ => {}
            }
        }
        // Destination: the last two bytes.
        let [head @ .., tf, tr] = rest else {
            return Err(err());
        };
        let to = Square::from_ascii(&[*tf, *tr]).ok_or_else(err)?;
        let (head, capture) = match head {
            [head @ .., b'x'] => (head, true),
            _ => (head, false),
        };
        let (file, rank) = match *head {
            [] => (None, None),
            [b] => match (File::from_char(b as char), Rank::from_char(b as char)) {
                (Some(f), _) => (Some(f), None),
                (_, Some(r)) => (None, Some(r)),
                _ => return Err(err()),
            },
            [f, r] => (
                Some(File::from_char(f as char).ok_or_else(err)?),
                Some(Rank::from_char(r as char).ok_or_else(err)?),
            ),
            _ => return Err(err()),
        };
        // A pawn names at most its file, and only when capturing.
        if role == Role::Pawn && (rank.is_some() || file.is_some() != capture) {
            return Err(err());
        }
        // `e.p.` only where an en-passant capture can land.
        if en_passant
            && (role != Role::Pawn
                || !capture
                || promotion.is_some()
                || !matches!(to.rank(), Rank::Third | Rank::Sixth))
        {
            return Err(err());
        }
        Ok(SanPlus {
            san: San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            },
            suffix,
        })
    }

    /// The SAN of a legal move of `pos`, with `+` or `#` when the move
    /// checks or mates. (For a move that is not legal the text is written
    /// the same way, without suffix, and means nothing.)
    ///
    /// ```
    /// use forsyth::{Fen, Position, SanPlus, Setup, UciMove};
    /// let fen = Fen::from_ascii(b"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// let m = "d8h4".parse::<UciMove>()?.to_move(&pos)?;
    /// assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Qh4#");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        let legal = pos.legal_moves();
        let san = San::from_move_in(m, &legal);
        if !legal.contains(&m) {
            return SanPlus { san, suffix: None };
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        let suffix = if !after.is_check() {
            None
        } else if after.count_legal_moves() == 0 {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        };
        SanPlus { san, suffix }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(s) => write!(f, "{}", s.char()),
            None => Ok(()),
        }
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

impl Position {
    /// A legal move in SAN, with its check or checkmate suffix.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let mut sans: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    /// sans.sort();
    /// assert_eq!(sans[..4], ["Na3", "Nc3", "Nf3", "Nh3"]);
    /// ```
    pub fn san(&self, m: Move) -> String {
        SanPlus::from_move(self, m).to_string()
    }
}
