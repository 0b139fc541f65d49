//! The sentence of each problem kind, rendered from the problem's facts.

use core::fmt;

use super::{BoardSquare, Note, Problem, ProblemKind};
use crate::board::{CastlingSide, Color, Rank};
use crate::text::fen::CastlingToken;

/// A problem's sentence, written on demand.
struct Message<'a, S: BoardSquare>(&'a Problem<S>);

/// `a1, b2 and c3`: the squares of a set in words.
struct Squares<S: BoardSquare>(S::Set);

impl<S: BoardSquare> fmt::Display for Squares<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.into_iter().count();
        for (i, sq) in self.0.into_iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// `a, b, b and c`: the files of a colour's pawns, sorted, a file once per
/// pawn.
struct PawnFiles<S: BoardSquare>(S::Set);

impl<S: BoardSquare> fmt::Display for PawnFiles<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut files: Vec<char> = self.0.into_iter().map(S::file_char).collect();
        files.sort_unstable();
        let n = files.len();
        for (i, c) in files.into_iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            write!(f, "{c}")?;
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
/// `turn` is to move: (origin, pushed). The one place this geometry lives:
/// validation's en-passant tests, on both boards, use it too.
#[inline]
pub(crate) fn double_step<S: BoardSquare>(ep: S, turn: Color) -> Option<(S, S)> {
    let forward = match turn {
        Color::White => -1,
        Color::Black => 1,
    };
    Some((ep.shifted(0, -forward)?, ep.shifted(0, forward)?))
}

/// `allowed in chess960`: what a standard-game castling problem is not in
/// the random game of the board.
struct Hint<S>(core::marker::PhantomData<S>);

impl<S: BoardSquare> Hint<S> {
    const HINT: Hint<S> = Hint(core::marker::PhantomData);
}

impl<S: BoardSquare> fmt::Display for Hint<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "allowed in {}", S::RANDOM_GAME)
    }
}

impl<S: BoardSquare> fmt::Display for Message<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        // Facts a kind's constructor always sets; the fallbacks only keep
        // rendering total.
        let color = p.color.unwrap_or(Color::White);
        let name = color.name();
        let king = p.king.unwrap_or(S::standard_king(Color::White));
        let count = p.count.unwrap_or(0);
        let limit = p.limit.unwrap_or(0);
        let ep = p.square.unwrap_or(king);
        let hint = Hint::<S>::HINT;
        let (standard, random) = (S::STANDARD_GAME, S::RANDOM_GAME);
        if let Some(letter) = p.letter {
            write!(f, "'{}': ", letter.char())?;
            return letter_sentence(f, p, letter, name);
        }
        use ProblemKind::*;
        match p.kind {
            EmptyBoard => f.write_str("the board is empty"),
            MissingKing => write!(f, "{name} has no king"),
            TooManyKings => write!(
                f,
                "{name} has {count} kings, on {}; a side has exactly one",
                Squares::<S>(p.pieces)
            ),
            PawnOnBackRank => {
                let (noun, verb) = if p.pieces.into_iter().nth(1).is_some() {
                    ("pawns", "stand")
                } else {
                    ("pawn", "stands")
                };
                write!(
                    f,
                    "{noun} on {} {verb} on the first or eighth rank, where no pawn can be",
                    Squares::<S>(p.pieces)
                )
            }
            TooManyPawns => write!(f, "{name} has {count} pawns, at most {limit}"),
            TooManyPieces => write!(f, "{name} has {count} pieces, at most {limit}"),
            OppositeCheck => write!(
                f,
                "{} is to move but the {name} king on {king} is in check from {}",
                (!color).name(),
                Squares::<S>(p.pieces)
            ),
            TooManyCheckers => write!(
                f,
                "the {name} king on {king} is in check from {}; no move gives more than two checks",
                Squares::<S>(p.pieces)
            ),
            ImpossibleCheck => {
                write!(
                    f,
                    "the {name} king on {king} is in check from {}",
                    Squares::<S>(p.pieces)
                )?;
                f.write_str(match p.note {
                    Note::CheckersAligned => {
                        ", which stand on one line with it; no single move gives both checks"
                    }
                    Note::NoLinePiece => {
                        return write!(
                            f,
                            ", {}; no single move gives both checks",
                            S::NO_LINE_PIECE
                        )
                    }
                    Note::NoDiscovery => ", but neither could have moved out of the other's line; no single move gives both checks",
                    Note::UnmovedPawn | Note::None => ", a pawn that has not left its starting square; no move could have given that check",
                })
            }
            EnPassantImpossibleCheck => {
                let (origin, pushed) = double_step(ep, color).unwrap_or((ep, ep));
                write!(
                    f,
                    "the en-passant square {ep} says the last move was {origin}-{pushed}, which cannot have given the check from {} on the {name} king on {king}",
                    Squares::<S>(p.pieces)
                )
            }
            CastlingWithoutKing => write!(
                f,
                "{name} keeps castling rights but has no single king to castle with"
            ),
            CastlingKingNotOnBackRank => {
                let expected = p.square.unwrap_or(king);
                if king.rank_of() != Rank::back_rank(color) {
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
                "in {standard} the {name} king must stand on {} to castle, not on {king} ({hint})",
                S::standard_king(color)
            ),
            CastlingRookNotInCorner => {
                let side = p.side.unwrap_or(CastlingSide::KingSide);
                let corner = S::corner(color, side);
                write!(
                    f,
                    "in {standard} only the rook on {corner} castles on the {}, not the one on {} ({hint})",
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
                let (w, b) = (p.square_of(Color::White), p.square_of(Color::Black));
                match p.side {
                    None => write!(
                        f,
                        "both colours keep castling rights but the white king is on {w} and the black king on {b}; in {random} both start on the same file"
                    ),
                    Some(side) => write!(
                        f,
                        "the {} castling rooks stand on {w} and {b}; in {random} both colours start with their rooks on the same files",
                        side.name()
                    ),
                }
            }
            CastlingKingOnEdge => write!(
                f,
                "{name} keeps castling rights but its king stands on {king}; a {random} king starts between its rooks, on files {}",
                S::RANDOM_KING_FILES
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
                // The limit is 2 * (move - 1), plus 1 with Black to move.
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
                write!(
                    f,
                    "{name}'s pawns need at least {count} {} to reach their files ({}), but {} has ",
                    plural(count, "capture", "captures"),
                    PawnFiles::<S>(p.pieces),
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

/// The sentence of a castling letter that names no right (after the
/// `'K': ` prefix).
fn letter_sentence<S: BoardSquare>(
    f: &mut fmt::Formatter<'_>,
    p: &Problem<S>,
    letter: CastlingToken,
    name: &str,
) -> fmt::Result {
    use ProblemKind::*;
    match (p.kind, p.king) {
        (CastlingWithoutKing, _) => write!(f, "{name} has no single king to castle with"),
        (CastlingKingNotOnBackRank, Some(k)) => {
            write!(f, "the {name} king on {k} is not on its back rank")
        }
        (CastlingKingNotOnBackRank, None) => {
            write!(f, "the {name} king is not on its back rank")
        }
        (CastlingKingNotOnEFile, Some(k)) => write!(
            f,
            "in {} the {name} king must stand on the {} file to castle, not on {k} ({})",
            S::STANDARD_GAME,
            S::standard_king(Color::White).file_char(),
            Hint::<S>::HINT
        ),
        (CastlingKingNotOnEFile, None) => {
            write!(
                f,
                "in {} the {name} king must stand on the {} file",
                S::STANDARD_GAME,
                S::standard_king(Color::White).file_char()
            )
        }
        (CastlingRookNotInCorner, _) => write!(
            f,
            "in {} only the a and {} rooks castle ({})",
            S::STANDARD_GAME,
            S::corner(Color::White, CastlingSide::KingSide).file_char(),
            Hint::<S>::HINT
        ),
        (CastlingTwoRightsOnOneWing, _) => {
            write!(f, "{name} already has a castling right on this wing")
        }
        // Rook missing (the only other kind a letter has).
        _ => match (p.square, letter) {
            (Some(sq), _) => write!(f, "{name} has no rook on {sq} to castle with"),
            (None, CastlingToken::King(_)) => {
                write!(f, "{name} has no rook on the king side of its king")
            }
            (None, _) => write!(f, "{name} has no rook on the queen side of its king"),
        },
    }
}

impl<S: BoardSquare> Problem<S> {
    /// For a two-colour castling problem: the square of `color`'s piece
    /// among [`Problem::squares`].
    fn square_of(&self, color: Color) -> S {
        let rank = Rank::back_rank(color);
        self.squares
            .into_iter()
            .find(|sq| sq.rank_of() == rank)
            .unwrap_or(S::standard_king(color))
    }

    /// The sentence, rendered from the facts: lowercase, no trailing period,
    /// naming the squares.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].message(), "white has no king");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> String {
        self.display_message().to_string()
    }

    /// The sentence as a value that writes itself, without allocating.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(format!("{}", report.problems()[0].display_message()), "white has no king");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn display_message(&self) -> impl fmt::Display + '_ {
        Message(self)
    }
}

impl<S: BoardSquare> fmt::Display for Problem<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.display_message())
    }
}
