//! Castling letters to rights, and the one castling judgement.

use super::SetupError;
use crate::board::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Rank, Role, Square,
};
use crate::setup::problem::Remedy;
use crate::setup::{Problem, ProblemKind, Setup, Variant};
use crate::text::fen::{CastlingField, CastlingToken, Fen};

/// Why `color` cannot hold a castling right, as [`judge_right`] finds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RightFault {
    /// What is wrong.
    pub(crate) kind: ProblemKind,
    /// The colour's king, when it has exactly one.
    pub(crate) king: Option<Square>,
    /// The rook square the right names (for a king off its square: the
    /// square the right puts it on).
    pub(crate) square: Option<Square>,
    /// The colour's kings (for a colour without exactly one).
    pub(crate) kings: Bitboard,
}

/// The one castling judgement: may `color` hold a right with its rook on
/// `rook_file` under `variant`? `king_file` is where the right puts the
/// king (a setup's rights record it); `None` takes the colour's single
/// king wherever it stands on its back rank (a record's letter).
///
/// In order: exactly one king; the king on its back rank (on the right's
/// square); standard chess: the king on `e`, the rook on `a`/`h`; a rook of
/// the colour on the right's square, off the king's file. On success, the
/// king's square and the wing.
pub(crate) fn judge_right(
    board: &Board,
    variant: Variant,
    color: Color,
    king_file: Option<File>,
    rook_file: File,
) -> Result<(Square, CastlingSide), RightFault> {
    let back = Rank::back_rank(color);
    let kings = board.by_piece(Role::King.of(color));
    let rook = Square::from_coords(rook_file, back);
    let fault = |kind, king, square| RightFault {
        kind,
        king,
        square,
        kings,
    };
    let Some(king) = kings.single_square() else {
        return Err(fault(ProblemKind::CastlingWithoutKing, None, None));
    };
    let expected = Square::from_coords(king_file.unwrap_or(king.file()), back);
    if king != expected {
        // A letter has no square of its own for the king.
        return Err(fault(
            ProblemKind::CastlingKingNotOnBackRank,
            Some(king),
            king_file.map(|_| expected),
        ));
    }
    if variant == Variant::Standard {
        if king.file() != File::E {
            return Err(fault(ProblemKind::CastlingKingNotOnEFile, Some(king), None));
        }
        if rook_file != File::A && rook_file != File::H {
            return Err(fault(
                ProblemKind::CastlingRookNotInCorner,
                Some(king),
                Some(rook),
            ));
        }
    }
    let side = CastlingSide::of_rook(king.file(), rook_file)
        .ok_or_else(|| fault(ProblemKind::CastlingRookMissing, Some(king), Some(rook)))?;
    if board.piece_at(rook) != Some(Role::Rook.of(color)) {
        return Err(fault(
            ProblemKind::CastlingRookMissing,
            Some(king),
            Some(rook),
        ));
    }
    Ok((king, side))
}

/// Gives a record meaning under `variant` (`None`: the automatic choice),
/// keeping the rights that resolve and reporting every letter that does not
/// ([`Setup::from_fen`] fails on those; validation reports them together
/// with the board's problems).
///
/// The automatic choice is `Standard` when every letter resolves under it,
/// else `Chess960`; when neither fits, the variant with fewer bad letters,
/// and on a tie `Chess960` if a file letter was written (as Shredder-FEN and
/// X-FEN inner rooks write), else `Standard`.
pub(crate) fn resolve_fen(fen: &Fen, variant: Option<Variant>) -> (Setup, Vec<Problem>) {
    let resolve = |v| {
        let mut errors = Vec::new();
        let rights = resolve_with(
            &fen.board,
            &fen.castling,
            fen.offsets.castling,
            v,
            &mut |e| errors.push(e),
        );
        (v, rights, errors)
    };
    let (variant, castling, errors) = match variant {
        Some(v) => resolve(v),
        None => {
            // Counting the standard reading's bad letters first keeps the
            // common Chess960 record free of allocation.
            let mut standard_bad = 0;
            let rights = resolve_with(
                &fen.board,
                &fen.castling,
                fen.offsets.castling,
                Variant::Standard,
                &mut |_| standard_bad += 1,
            );
            if standard_bad == 0 {
                (Variant::Standard, rights, Vec::new())
            } else {
                let chess960 = resolve(Variant::Chess960);
                let file_letter = fen
                    .castling
                    .iter()
                    .any(|(_, token)| matches!(token, CastlingToken::File(..)));
                let chess960_likelier = match chess960.2.len().cmp(&standard_bad) {
                    core::cmp::Ordering::Less => true,
                    core::cmp::Ordering::Equal => file_letter,
                    core::cmp::Ordering::Greater => false,
                };
                if chess960_likelier {
                    chess960
                } else {
                    resolve(Variant::Standard)
                }
            }
        }
    };
    let setup = Setup {
        board: fen.board.clone(),
        turn: fen.turn,
        castling,
        ep_square: fen.ep_square,
        halfmoves: fen.halfmoves,
        fullmoves: fen.fullmoves,
        variant,
    };
    (setup, errors)
}

/// The problem of a letter that names no right.
fn letter_problem(token: CastlingToken, offset: usize, fault: RightFault) -> Problem {
    let squares = fault.king.map_or(Bitboard::EMPTY, Bitboard::from_square)
        | fault.square.map_or(Bitboard::EMPTY, Bitboard::from_square);
    Problem::new(fault.kind, squares)
        .with_letter(token)
        .with_king(fault.king)
        .with_square(fault.square)
        .with_remedy(Remedy::DropLetter)
        .at(offset)
}

/// Resolves the letters it can, handing each problem to `error`.
fn resolve_with(
    board: &Board,
    field: &CastlingField,
    field_offset: usize,
    variant: Variant,
    error: &mut impl FnMut(Problem),
) -> CastlingRights {
    let mut rights = CastlingRights::none();
    if field.is_empty() {
        return rights;
    }
    for (index, token) in field.iter() {
        let color = token.color();
        let back = Rank::back_rank(color);
        let offset = field_offset + index;
        let rook_file = match (variant, token) {
            (Variant::Chess960, CastlingToken::King(_) | CastlingToken::Queen(_)) => {
                // The outermost rook of the wing, seen from the king: the
                // king must be judged before it can be looked from.
                let king = board.by_piece(Role::King.of(color)).single_square();
                let found = king.filter(|k| k.rank() == back).and_then(|king| {
                    let rooks = board.by_piece(Role::Rook.of(color)) & Bitboard::from_rank(back);
                    let beyond = match token {
                        CastlingToken::King(_) => rooks.into_iter().rev().find(|r| r > &king),
                        _ => rooks.into_iter().find(|r| r < &king),
                    };
                    beyond.map(Square::file)
                });
                match (king, found) {
                    (Some(king), None) if king.rank() == back => {
                        let fault = RightFault {
                            kind: ProblemKind::CastlingRookMissing,
                            king: Some(king),
                            square: None,
                            kings: Bitboard::from_square(king),
                        };
                        error(letter_problem(token, offset, fault));
                        continue;
                    }
                    // No single king, or off its rank: judged below with
                    // any file (the king's faults come first).
                    (_, found) => found.unwrap_or(File::A),
                }
            }
            (_, CastlingToken::King(_)) => File::H,
            (_, CastlingToken::Queen(_)) => File::A,
            (_, CastlingToken::File(_, f)) => f,
        };
        let (king, side) = match judge_right(board, variant, color, None, rook_file) {
            Ok(right) => right,
            Err(fault) => {
                error(letter_problem(token, offset, fault));
                continue;
            }
        };
        if rights.has(color, side) {
            let rook = Square::from_coords(rook_file, back);
            let fault = RightFault {
                kind: ProblemKind::CastlingTwoRightsOnOneWing,
                king: Some(king),
                square: Some(rook),
                kings: Bitboard::from_square(king),
            };
            error(letter_problem(token, offset, fault).on_side(side));
            continue;
        }
        // Cannot fail: one king per colour, one rook per wing, rook off the king's file.
        let _ = rights.add(color, king.file(), rook_file);
    }
    rights
}

impl Setup {
    /// Gives a parsed record meaning: resolves the castling letters to rooks
    /// under `variant`, or, with `None`, under `Standard` when the position
    /// fits it and `Chess960` otherwise.
    ///
    /// On failure, every letter that cannot be resolved is reported, as a
    /// castling [`Problem`](crate::validate::Problem) with the letter's byte offset.
    /// With `None`, when the letters fit neither variant, the errors are
    /// those of the variant with fewer bad letters; on a tie, `Chess960`
    /// when the field holds a file letter (`A`-`H`, `a`-`h`), else
    /// `Standard`. [`Report::of_fen`](crate::validate::Report::of_fen) picks the same
    /// way, and its [`setup`](crate::validate::Report::setup) tells the variant chosen.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Color, File, Setup, Variant};
    /// use forsyth::fen::Fen;
    /// // X-FEN: `Q` is the outermost queen-side rook, `G` an inner king-side rook.
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/RR2K1RR w GQ - 0 1").unwrap();
    /// let setup = Setup::from_fen(&fen, None).unwrap();
    /// assert_eq!(setup.variant, Variant::Chess960);
    /// assert_eq!(setup.castling.rook(Color::White, CastlingSide::KingSide), Some(File::G));
    /// assert_eq!(setup.castling.rook(Color::White, CastlingSide::QueenSide), Some(File::A));
    /// ```
    pub fn from_fen(fen: &Fen, variant: Option<Variant>) -> Result<Setup, SetupError> {
        let (setup, problems) = resolve_fen(fen, variant);
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(SetupError::new(problems))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `k` with the black king on h8: there is no king-side rook to find,
    /// and looking for one must not shift a mask by 64 bits.
    #[test]
    fn king_side_letter_with_king_on_h8() {
        let fen = Fen::from_ascii(b"7k/8/8/8/8/8/8/K7 w k - 0 1").unwrap();
        let errors = Setup::from_fen(&fen, Some(Variant::Chess960)).unwrap_err();
        assert_eq!(
            errors.problems()[0].kind(),
            ProblemKind::CastlingRookMissing
        );
        let fen = Fen::from_ascii(b"r6k/8/8/8/8/8/8/K7 w q - 0 1").unwrap();
        let setup = Setup::from_fen(&fen, Some(Variant::Chess960)).unwrap();
        assert_eq!(
            setup.castling.rook(Color::Black, CastlingSide::QueenSide),
            Some(File::A)
        );
    }
}
