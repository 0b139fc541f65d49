//! What can be wrong with a 10x8 setup: the 8x8 taxonomy's kinds
//! ([`ProblemKind`], [`Severity`]) with the facts of the 10x8 board, and
//! their sentences, which name the 10x8 rules.

use core::fmt;

use crate::board::capablanca::{Bitboard, File, Square};
use crate::board::{CastlingSide, Color, Rank};
use crate::setup::problem::{Note, Remedy};
use crate::setup::{ProblemKind, Severity};
use crate::text::fen::FenField;

/// One thing wrong with a 10x8 setup: its kind and the facts that say it,
/// as [`validate::Problem`](crate::validate::Problem) says them for the 8x8
/// board. The sentence is rendered from the facts
/// ([`Display`](fmt::Display) is `kind: message`).
///
/// ```
/// use forsyth::capablanca::{Report, Setup, Square};
/// use forsyth::validate::ProblemKind;
/// let mut setup = Setup::capablanca();
/// setup.board.discard_piece_at(Square::J1);
/// let report = Report::of_setup(setup);
/// let problem = &report.problems()[0];
/// assert_eq!(problem.kind(), ProblemKind::CastlingRookMissing);
/// assert_eq!(problem.square(), Some(Square::J1));
/// assert_eq!(
///     problem.to_string(),
///     "castling_rook_missing: white keeps the king side castling right but has no rook on j1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Problem {
    kind: ProblemKind,
    squares: Bitboard,
    color: Option<Color>,
    side: Option<CastlingSide>,
    king: Option<Square>,
    square: Option<Square>,
    pieces: Bitboard,
    count: Option<u32>,
    limit: Option<u32>,
    note: Note,
    remedy: Option<Remedy>,
}

impl Problem {
    /// A problem of `kind` about `squares`, no other fact yet.
    pub(crate) fn new(kind: ProblemKind, squares: Bitboard) -> Problem {
        Problem {
            kind,
            squares,
            color: None,
            side: None,
            king: None,
            square: None,
            pieces: Bitboard::EMPTY,
            count: None,
            limit: None,
            note: Note::None,
            remedy: None,
        }
    }

    /// A problem of a colour having `count` of something where `limit` is
    /// the bound.
    pub(crate) fn counted(
        kind: ProblemKind,
        color: Color,
        squares: Bitboard,
        pieces: Bitboard,
        count: usize,
        limit: usize,
    ) -> Problem {
        Problem::new(kind, squares)
            .of_color(color)
            .with_pieces(pieces)
            .with_count(u32::try_from(count).unwrap_or(u32::MAX))
            .with_limit(u32::try_from(limit).unwrap_or(u32::MAX))
    }

    pub(crate) fn of_color(mut self, color: Color) -> Problem {
        self.color = Some(color);
        self
    }

    pub(crate) fn on_side(mut self, side: CastlingSide) -> Problem {
        self.side = Some(side);
        self
    }

    pub(crate) fn with_king(mut self, king: Option<Square>) -> Problem {
        self.king = king;
        self
    }

    pub(crate) fn with_square(mut self, square: Option<Square>) -> Problem {
        self.square = square;
        self
    }

    pub(crate) fn with_pieces(mut self, pieces: Bitboard) -> Problem {
        self.pieces = pieces;
        self
    }

    pub(crate) fn with_count(mut self, count: u32) -> Problem {
        self.count = Some(count);
        self
    }

    pub(crate) fn with_limit(mut self, limit: u32) -> Problem {
        self.limit = Some(limit);
        self
    }

    pub(crate) fn with_note(mut self, note: Note) -> Problem {
        self.note = note;
        self
    }

    pub(crate) fn with_remedy(mut self, remedy: Remedy) -> Problem {
        self.remedy = Some(remedy);
        self
    }

    pub(crate) fn remedy(&self) -> Option<Remedy> {
        self.remedy
    }

    /// What is wrong.
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }

    /// The FEN field at fault (follows from the kind).
    pub fn field(&self) -> FenField {
        self.kind.field()
    }

    /// Error or warning (follows from the kind).
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The squares involved (may be empty, e.g. for a missing king).
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The colour concerned: whose king, pieces, pawns or castling right;
    /// for en-passant and clock problems, the side to move.
    pub fn color(&self) -> Option<Color> {
        self.color
    }

    /// The castling wing concerned, when the problem is about one right.
    pub fn side(&self) -> Option<CastlingSide> {
        self.side
    }

    /// The king concerned: the king in check, or the king of a castling
    /// right.
    pub fn king(&self) -> Option<Square> {
        self.king
    }

    /// The square at fault: a castling rook's square (or, for a king off
    /// its square, where the rights put it), the en-passant square.
    pub fn square(&self) -> Option<Square> {
        self.square
    }

    /// The pieces at fault: the checkers, the kings of a side with several,
    /// the pawns on a back rank, a colour's pawns or pieces when there are
    /// too many, the promoted pieces.
    pub fn pieces(&self) -> Bitboard {
        self.pieces
    }

    /// The number at fault: how many kings, pawns, pieces or promoted
    /// pieces, the captures a pawn structure needs, a clock's value.
    pub fn count(&self) -> Option<u32> {
        self.count
    }

    /// The bound the [count](Problem::count) breaks: 10 pawns, 20 pieces,
    /// the missing pawns or pieces available, the plies played.
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// `true` when [`Report::repair`](crate::capablanca::Report::repair)
    /// removes this problem (by dropping a castling right or the
    /// en-passant square, or fixing a clock).
    pub fn is_repairable(&self) -> bool {
        self.remedy.is_some()
    }

    /// The sentence, rendered from the facts: lowercase, no trailing
    /// period, naming the squares.
    ///
    /// ```
    /// use forsyth::capablanca::{Report, Setup, Square};
    /// let mut setup = Setup::capablanca();
    /// setup.board.discard_piece_at(Square::F8);
    /// assert_eq!(Report::of_setup(setup).problems()[0].message(), "black has no king");
    /// ```
    pub fn message(&self) -> String {
        Message(self).to_string()
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), Message(self))
    }
}

/// A problem's sentence, written on demand.
struct Message<'a>(&'a Problem);

/// `a1, b2 and c3`: the squares of a set in words.
struct Squares(Bitboard);

impl fmt::Display for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.count();
        for (i, sq) in self.0.into_iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// `1 piece` / `2 pieces`.
fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The squares of the double step an en-passant square `ep` claims when
/// `turn` is to move: (origin, pushed).
pub(crate) fn double_step(ep: Square, turn: Color) -> Option<(Square, Square)> {
    let forward = match turn {
        Color::White => -1,
        Color::Black => 1,
    };
    Some((ep.offset(0, -forward)?, ep.offset(0, forward)?))
}

const CRC_HINT: &str = "allowed in crc";

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        // Facts a kind's constructor always sets; the fallbacks only keep
        // rendering total.
        let color = p.color.unwrap_or(Color::White);
        let name = color.name();
        let king = p.king.unwrap_or(Square::F1);
        let count = p.count.unwrap_or(0);
        let limit = p.limit.unwrap_or(0);
        let ep = p.square.unwrap_or(Square::E3);
        use ProblemKind::*;
        match p.kind {
            EmptyBoard => f.write_str("the board is empty"),
            MissingKing => write!(f, "{name} has no king"),
            TooManyKings => write!(
                f,
                "{name} has {count} kings, on {}; a side has exactly one",
                Squares(p.pieces)
            ),
            PawnOnBackRank => {
                let (noun, verb) = if p.pieces.more_than_one() {
                    ("pawns", "stand")
                } else {
                    ("pawn", "stands")
                };
                write!(
                    f,
                    "{noun} on {} {verb} on the first or eighth rank, where no pawn can be",
                    Squares(p.pieces)
                )
            }
            TooManyPawns => write!(f, "{name} has {count} pawns, at most {limit}"),
            TooManyPieces => write!(f, "{name} has {count} pieces, at most {limit}"),
            OppositeCheck => write!(
                f,
                "{} is to move but the {name} king on {king} is in check from {}",
                (!color).name(),
                Squares(p.pieces)
            ),
            TooManyCheckers => write!(
                f,
                "the {name} king on {king} is in check from {}; no move gives more than two checks",
                Squares(p.pieces)
            ),
            ImpossibleCheck => {
                write!(
                    f,
                    "the {name} king on {king} is in check from {}",
                    Squares(p.pieces)
                )?;
                f.write_str(match p.note {
                    Note::CheckersAligned => {
                        ", which stand on one line with it; no single move gives both checks"
                    }
                    Note::NoLinePiece => ", neither checking along a line; no single move gives both checks",
                    Note::NoDiscovery => ", but neither could have moved out of the other's line; no single move gives both checks",
                    Note::UnmovedPawn | Note::None => ", a pawn that has not left its starting square; no move could have given that check",
                })
            }
            EnPassantImpossibleCheck => {
                let (origin, pushed) = double_step(ep, color).unwrap_or((ep, ep));
                write!(
                    f,
                    "the en-passant square {ep} says the last move was {origin}-{pushed}, which cannot have given the check from {} on the {name} king on {king}",
                    Squares(p.pieces)
                )
            }
            CastlingWithoutKing => write!(
                f,
                "{name} keeps castling rights but has no single king to castle with"
            ),
            CastlingKingNotOnBackRank => {
                let expected = p.square.unwrap_or(king);
                if king.rank() != Rank::back_rank(color) {
                    write!(
                        f,
                        "{name} keeps castling rights but its king on {king} is not on its back rank"
                    )
                } else {
                    write!(
                        f,
                        "{name}'s castling rights have the king on {expected}, but it stands on {king}"
                    )
                }
            }
            CastlingKingNotOnEFile => write!(
                f,
                "in capablanca and gothic chess the {name} king must stand on {} to castle, not on {king} ({CRC_HINT})",
                Square::from_coords(File::F, Rank::back_rank(color))
            ),
            CastlingRookNotInCorner => {
                let side = p.side.unwrap_or(CastlingSide::KingSide);
                let corner =
                    Square::from_coords(side.fold(File::J, File::A), Rank::back_rank(color));
                write!(
                    f,
                    "in capablanca and gothic chess only the rook on {corner} castles on the {}, not the one on {} ({CRC_HINT})",
                    side.name(),
                    p.square.unwrap_or(corner)
                )
            }
            CastlingRookMissing => write!(
                f,
                "{name} keeps the {} castling right but has no rook on {}",
                p.side.unwrap_or(CastlingSide::KingSide).name(),
                p.square.unwrap_or(king)
            ),
            CastlingTwoRightsOnOneWing => write!(
                f,
                "{name} has two castling rights on the {}",
                p.side.unwrap_or(CastlingSide::KingSide).name()
            ),
            CastlingAsymmetric => {
                let on_rank = |c: Color| {
                    (p.squares & Bitboard::from_rank(Rank::back_rank(c)))
                        .first()
                        .unwrap_or(Square::F1)
                };
                let (w, b) = (on_rank(Color::White), on_rank(Color::Black));
                match p.side {
                    None => write!(
                        f,
                        "both colours keep castling rights but the white king is on {w} and the black king on {b}; in crc both start on the same file"
                    ),
                    Some(side) => write!(
                        f,
                        "the {} castling rooks stand on {w} and {b}; in crc both colours start with their rooks on the same files",
                        side.name()
                    ),
                }
            }
            CastlingKingOnEdge => write!(
                f,
                "{name} keeps castling rights but its king stands on {king}; a crc king starts between its rooks, on files b to i"
            ),
            EnPassantWrongRank => write!(
                f,
                "the en-passant square {ep} is not on rank {}, as {name} is to move",
                Rank::Sixth.relative_to(color)
            ),
            EnPassantSquareOccupied => write!(
                f,
                "the en-passant square {ep} is occupied, but a pawn just passed over it"
            ),
            EnPassantOriginOccupied | EnPassantNoPushedPawn => {
                let (origin, pushed) = double_step(ep, color).unwrap_or((ep, ep));
                let them = (!color).name();
                if p.kind == EnPassantOriginOccupied {
                    write!(f, "the en-passant square {ep} says a {them} pawn just left {origin}, but {origin} is occupied")
                } else {
                    write!(f, "the en-passant square {ep} needs a {them} pawn on {pushed} that just made a double step, and there is none")
                }
            }
            EnPassantHalfmoveClock => write!(
                f,
                "the en-passant square {ep} says a pawn just moved, so the halfmove clock must be 0, not {count}"
            ),
            FullmoveZero => f.write_str("the fullmove number is 0; it starts at 1"),
            HalfmoveClockTooLarge => {
                let black = u32::from(color == Color::Black);
                let by_move = (limit - black.min(limit)) / 2 + 1;
                write!(
                    f,
                    "the halfmove clock is {count}, but by move {by_move} with {name} to move at most {limit} {} can have been played",
                    plural(limit, "ply", "plies")
                )
            }
            TooManyPromoted => {
                write!(
                    f,
                    "{name} has at least {count} promoted {} but ",
                    plural(count, "piece", "pieces")
                )?;
                match limit {
                    0 => f.write_str("no pawn missing"),
                    1 => f.write_str("only 1 pawn missing"),
                    n => write!(f, "only {n} pawns missing"),
                }
            }
            ImpossiblePawnStructure => {
                let mut files: Vec<char> =
                    p.pieces.into_iter().map(|sq| sq.file().char()).collect();
                files.sort_unstable();
                let files: Vec<String> = files.into_iter().map(String::from).collect();
                let files = match files.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => files.concat(),
                };
                write!(
                    f,
                    "{name}'s pawns need at least {count} {} to reach their files ({files}), but {} has ",
                    plural(count, "capture", "captures"),
                    (!color).name()
                )?;
                match limit {
                    0 => f.write_str("lost no piece"),
                    1 => f.write_str("lost only 1 piece"),
                    n => write!(f, "lost only {n} pieces"),
                }
            }
        }
    }
}
