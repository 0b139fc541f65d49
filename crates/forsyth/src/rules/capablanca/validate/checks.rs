//! The checks of a 10x8 setup, each the 8x8 check of the same name
//! (`crate::rules::validate`) on the 10x8 board: the board alone, checks,
//! castling rights, en passant, clocks, and the warnings found by
//! counting.

use crate::board::capablanca::{attacks, Bitboard, Board, File, Square};
use crate::board::{CastlingSide, Color, Rank, Role};
use crate::setup::capablanca::{Problem, Setup};
use crate::setup::problem::double_step as step_squares;
use crate::setup::problem::{Note, Remedy};
use crate::setup::ProblemKind;

/// Pawns a colour starts with, and pieces.
const PAWNS: usize = 10;
const PIECES: usize = 20;

/// Reports board problems; `true` when each colour has exactly one king.
pub(super) fn board(setup: &Setup, out: &mut Vec<Problem>) -> bool {
    let board = &setup.board;
    if board.occupied().is_empty() {
        out.push(Problem::new(ProblemKind::EmptyBoard, Bitboard::EMPTY));
        return false;
    }
    let mut kings_ok = true;
    for color in Color::ALL {
        let kings = board.by_piece(Role::King.of(color));
        match kings.count() {
            1 => {}
            0 => {
                kings_ok = false;
                out.push(Problem::new(ProblemKind::MissingKing, Bitboard::EMPTY).of_color(color));
            }
            n => {
                kings_ok = false;
                out.push(
                    Problem::new(ProblemKind::TooManyKings, kings)
                        .of_color(color)
                        .with_pieces(kings)
                        .with_count(n as u32),
                );
            }
        }
    }
    let stuck = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
    if !stuck.is_empty() {
        out.push(Problem::new(ProblemKind::PawnOnBackRank, stuck).with_pieces(stuck));
    }
    for color in Color::ALL {
        for (kind, pieces, limit) in [
            (
                ProblemKind::TooManyPawns,
                board.by_piece(Role::Pawn.of(color)),
                PAWNS,
            ),
            (ProblemKind::TooManyPieces, board.by_color(color), PIECES),
        ] {
            if pieces.count() > limit {
                out.push(Problem::counted(
                    kind,
                    color,
                    pieces,
                    pieces,
                    pieces.count(),
                    limit,
                ));
            }
        }
    }
    kings_ok
}

/// The double step an en-passant square claims: the pawn went from
/// `origin` over `ep` to `pushed`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct DoubleStep {
    ep: Square,
    pushed: Square,
    origin: Square,
}

/// The squares of the claimed double step, when the square is on the
/// right rank.
fn claimed(setup: &Setup) -> Option<DoubleStep> {
    let ep = setup.ep_square?;
    if ep.rank() != Rank::Sixth.relative_to(setup.turn) {
        return None;
    }
    let (origin, pushed) = step_squares(ep, setup.turn)?;
    Some(DoubleStep { ep, pushed, origin })
}

/// The double step the en-passant square names, when the board allows it:
/// the check analysis takes it as the last move.
pub(super) fn double_step(setup: &Setup) -> Option<DoubleStep> {
    let step = claimed(setup)?;
    let board = &setup.board;
    let free = !board.occupied().contains(step.ep) && !board.occupied().contains(step.origin);
    let pawn = board.piece_at(step.pushed) == Some(Role::Pawn.of(!setup.turn));
    (free && pawn).then_some(step)
}

/// Whether the piece on `sq` can check along a line.
fn is_slider(board: &Board, sq: Square) -> bool {
    matches!(
        board.role_at(sq),
        Some(Role::Bishop | Role::Rook | Role::Queen | Role::Archbishop | Role::Chancellor)
    )
}

/// Where a pawn of `color` now on `sq` can have come from.
fn pawn_origins(color: Color, sq: Square) -> Bitboard {
    let back = match color {
        Color::White => -1,
        Color::Black => 1,
    };
    let mut origins = attacks::pawn(!color, sq);
    if let Some(one) = sq.offset(0, back) {
        origins = origins.with(one);
    }
    if sq.rank() == Rank::Fourth.relative_to(color) {
        if let Some(two) = sq.offset(0, 2 * back) {
            origins = origins.with(two);
        }
    }
    origins
}

/// Squares the piece now on `sq` can have come from in one move (as a pawn
/// promoting, too, on its last rank).
fn origins(board: &Board, sq: Square) -> Bitboard {
    let Some(piece) = board.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    let mut from = match piece.role {
        Role::Pawn => return pawn_origins(piece.color, sq),
        Role::King => attacks::king(sq),
        _ => attacks::attacks(sq, piece, board.occupied()),
    };
    if piece.role != Role::King && sq.rank() == Rank::back_rank(!piece.color) {
        from |= pawn_origins(piece.color, sq);
    }
    from
}

/// An en-passant capture by `them` that uncovered both `a` and `b`.
fn double_discovery(board: &Board, them: Color, king: Square, a: Square, b: Square) -> bool {
    let (line_a, line_b) = (attacks::between(a, king), attacks::between(b, king));
    let landed =
        board.by_piece(Role::Pawn.of(them)) & Bitboard::from_rank(Rank::Sixth.relative_to(them));
    let back = match them {
        Color::White => -1,
        Color::Black => 1,
    };
    landed.into_iter().any(|to| {
        let Some(captured) = to.offset(0, back) else {
            return false;
        };
        attacks::pawn(!them, to).into_iter().any(|from| {
            (line_a.contains(from) && line_b.contains(captured))
                || (line_b.contains(from) && line_a.contains(captured))
        })
    })
}

/// The side not to move must not be in check; the checks on the side to
/// move must be what one legal move can give.
pub(super) fn checks(setup: &Setup, step: Option<DoubleStep>, out: &mut Vec<Problem>) {
    let board = &setup.board;
    let us = setup.turn;
    let them = !us;
    let (Some(king), Some(their_king)) = (board.king_of(us), board.king_of(them)) else {
        return;
    };
    let occupied = board.occupied();
    let attackers = board.attackers_to(their_king, us, occupied);
    if !attackers.is_empty() {
        out.push(
            Problem::new(ProblemKind::OppositeCheck, attackers.with(their_king))
                .of_color(them)
                .with_king(Some(their_king))
                .with_pieces(attackers),
        );
    }
    let checkers = board.attackers_to(king, them, occupied) & !board.by_role(Role::King);
    if checkers.is_empty() {
        return;
    }
    let in_check = |kind, squares| {
        Problem::new(kind, squares)
            .of_color(us)
            .with_king(Some(king))
            .with_pieces(checkers)
    };
    if checkers.count() > 2 {
        out.push(in_check(ProblemKind::TooManyCheckers, checkers.with(king)));
        return;
    }
    if let Some(step) = step {
        let explained = checkers.single_square().is_some_and(|c| {
            c == step.pushed
                || (is_slider(board, c) && attacks::between(c, king).contains(step.origin))
        });
        if explained {
            return;
        }
        out.push(
            in_check(
                ProblemKind::EnPassantImpossibleCheck,
                checkers.with(king).with(step.ep),
            )
            .with_square(Some(step.ep))
            .with_remedy(Remedy::DropEnPassant),
        );
    }
    let reason = match (checkers.first(), checkers.last()) {
        (Some(a), Some(b)) if a != b => {
            // A check along a line: the checker moves along it, and
            // nothing is between.
            let on_line = |c: Square| is_slider(board, c) && !attacks::line(c, king).is_empty();
            if attacks::aligned(a, b, king) {
                Some(Note::CheckersAligned)
            } else if !on_line(a) && !on_line(b) {
                Some(Note::NoLinePiece)
            } else {
                let uncovered = |line: Square, moved: Square| {
                    on_line(line) && origins(board, moved).intersects(attacks::between(line, king))
                };
                if uncovered(a, b) || uncovered(b, a) || double_discovery(board, them, king, a, b) {
                    None
                } else {
                    Some(Note::NoDiscovery)
                }
            }
        }
        (Some(c), _) => {
            let unmoved_pawn = board.piece_at(c) == Some(Role::Pawn.of(them))
                && c.rank() == Rank::Second.relative_to(them);
            unmoved_pawn.then_some(Note::UnmovedPawn)
        }
        _ => None,
    };
    if let Some(reason) = reason {
        out.push(in_check(ProblemKind::ImpossibleCheck, checkers.with(king)).with_note(reason));
    }
}

/// Castling rights that do not fit the board or the variant, then (CRC)
/// rights of both colours that cannot share a back rank.
pub(super) fn castling(setup: &Setup, out: &mut Vec<Problem>) {
    let board = &setup.board;
    let rights = &setup.castling;
    if rights.is_empty() {
        return;
    }
    let random = setup.variant.is_random();
    let mut sound = *rights;
    // A colour whose rights go whole for its king on the edge.
    let mut on_edge = None;
    for color in Color::ALL {
        let Some(king_file) = rights.king_file(color) else {
            continue;
        };
        let back = Rank::back_rank(color);
        let kings = board.by_piece(Role::King.of(color));
        let expected = Square::from_coords(king_file, back);
        let colour_problem = |kind, squares| {
            Problem::new(kind, squares)
                .of_color(color)
                .with_remedy(Remedy::DropRights(color, None))
        };
        // Faults of the colour's rights as a whole, in the 8x8 order.
        let fault = match kings.single_square() {
            None => {
                Some(colour_problem(ProblemKind::CastlingWithoutKing, kings).with_pieces(kings))
            }
            Some(king) if king != expected => Some(
                colour_problem(
                    ProblemKind::CastlingKingNotOnBackRank,
                    Bitboard::from_square(king),
                )
                .with_king(Some(king))
                .with_square(Some(expected))
                .with_pieces(kings),
            ),
            Some(king) if !random && king.file() != File::F => Some(
                colour_problem(
                    ProblemKind::CastlingKingNotOnEFile,
                    Bitboard::from_square(king),
                )
                .with_king(Some(king))
                .with_pieces(kings),
            ),
            _ => None,
        };
        if let Some(problem) = fault {
            out.push(problem);
            sound.discard_color(color);
            continue;
        }
        if random && (king_file == File::A || king_file == File::J) {
            out.push(
                colour_problem(
                    ProblemKind::CastlingKingOnEdge,
                    Bitboard::from_square(expected),
                )
                .with_king(Some(expected)),
            );
            on_edge = Some(color);
            continue;
        }
        for side in CastlingSide::ALL {
            let Some(rook_file) = rights.rook(color, side) else {
                continue;
            };
            let rook = Square::from_coords(rook_file, back);
            let kind = if !random && rook_file != side.fold(File::J, File::A) {
                ProblemKind::CastlingRookNotInCorner
            } else if board.piece_at(rook) != Some(Role::Rook.of(color)) {
                ProblemKind::CastlingRookMissing
            } else {
                continue;
            };
            out.push(
                Problem::new(kind, Bitboard::from_square(expected).with(rook))
                    .of_color(color)
                    .on_side(side)
                    .with_king(Some(expected))
                    .with_square(Some(rook))
                    .with_remedy(Remedy::DropRights(color, Some(side))),
            );
            sound.discard(color, side);
        }
    }
    if random {
        symmetry(&sound, on_edge, out);
    }
}

/// CRC: both colours start from the same back rank, so when both keep
/// rights their kings share a file, and so do their rooks on a wing where
/// both keep a right. `doomed` is a colour whose rights go anyway: kings on
/// two files then cost that colour its rights, so the other keeps its own.
fn symmetry(
    rights: &crate::board::capablanca::CastlingRights,
    doomed: Option<Color>,
    out: &mut Vec<Problem>,
) {
    let (Some(white_king), Some(black_king)) = (
        rights.king_file(Color::White),
        rights.king_file(Color::Black),
    ) else {
        return;
    };
    let square = |color: Color, file: File| Square::from_coords(file, Rank::back_rank(color));
    if white_king != black_king {
        let count = |color: Color| {
            CastlingSide::ALL
                .into_iter()
                .filter(|&s| rights.has(color, s))
                .count()
        };
        let dropped = doomed.unwrap_or(if count(Color::White) < count(Color::Black) {
            Color::White
        } else {
            Color::Black
        });
        let squares = Bitboard::from_square(square(Color::White, white_king))
            .with(square(Color::Black, black_king));
        out.push(
            Problem::new(ProblemKind::CastlingAsymmetric, squares)
                .of_color(dropped)
                .with_remedy(Remedy::DropRights(dropped, None)),
        );
        return;
    }
    for side in CastlingSide::ALL {
        if let (Some(white_rook), Some(black_rook)) = (
            rights.rook(Color::White, side),
            rights.rook(Color::Black, side),
        ) {
            if white_rook != black_rook {
                let squares = Bitboard::from_square(square(Color::White, white_rook))
                    .with(square(Color::Black, black_rook));
                out.push(
                    Problem::new(ProblemKind::CastlingAsymmetric, squares)
                        .of_color(Color::Black)
                        .on_side(side)
                        .with_remedy(Remedy::DropRights(Color::Black, Some(side))),
                );
            }
        }
    }
}

/// What is wrong with the en-passant square.
pub(super) fn en_passant(setup: &Setup, out: &mut Vec<Problem>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    let us = setup.turn;
    let problem = |kind, square: Square| {
        Problem::new(kind, Bitboard::from_square(square))
            .of_color(us)
            .with_square(Some(ep))
            .with_remedy(Remedy::DropEnPassant)
    };
    match claimed(setup) {
        None => out.push(problem(ProblemKind::EnPassantWrongRank, ep)),
        Some(step) => {
            let board = &setup.board;
            if board.occupied().contains(ep) {
                out.push(problem(ProblemKind::EnPassantSquareOccupied, ep));
            }
            if board.occupied().contains(step.origin) {
                out.push(problem(ProblemKind::EnPassantOriginOccupied, step.origin));
            }
            if board.piece_at(step.pushed) != Some(Role::Pawn.of(!us)) {
                out.push(problem(ProblemKind::EnPassantNoPushedPawn, step.pushed));
            }
        }
    }
    if setup.halfmoves != 0 {
        out.push(problem(ProblemKind::EnPassantHalfmoveClock, ep).with_count(setup.halfmoves));
    }
}

/// The clocks: fullmove number 0, a halfmove clock no game reaches.
pub(super) fn clocks(setup: &Setup, out: &mut Vec<Problem>) {
    if setup.fullmoves == 0 {
        out.push(
            Problem::new(ProblemKind::FullmoveZero, Bitboard::EMPTY)
                .with_count(0)
                .with_remedy(Remedy::SetFullmoves(1)),
        );
    }
    // The most plies a game can have played: two per completed move, one
    // more with Black to move (fullmove 0 counts as 1).
    let limit = 2 * (u64::from(setup.fullmoves.max(1)) - 1) + u64::from(setup.turn == Color::Black);
    if u64::from(setup.halfmoves) > limit {
        let clamped = u32::try_from(limit).unwrap_or(u32::MAX);
        out.push(
            Problem::new(ProblemKind::HalfmoveClockTooLarge, Bitboard::EMPTY)
                .of_color(setup.turn)
                .with_count(setup.halfmoves)
                .with_limit(clamped)
                .with_remedy(Remedy::SetHalfmoves(clamped)),
        );
    }
}

/// How many pieces of `color` must be promoted pawns: queens, archbishops
/// and chancellors beyond one, rooks and knights beyond two, bishops
/// beyond one per square colour.
fn promoted(board: &Board, color: Color) -> usize {
    let ours = board.by_color(color);
    let count = |role: Role| (board.by_role(role) & ours).count();
    let bishops = board.by_role(Role::Bishop) & ours;
    count(Role::Queen).saturating_sub(1)
        + count(Role::Archbishop).saturating_sub(1)
        + count(Role::Chancellor).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + (bishops & Bitboard::LIGHT).count().saturating_sub(1)
        + (bishops & Bitboard::DARK).count().saturating_sub(1)
}

/// The fewest captures that put pawns, each starting on its own file of
/// ten, on the files they stand on (`files` ascending, at most ten): a pawn
/// changes file only by capturing, one file per capture. Sorted pawns are
/// matched to an increasing choice of starting files.
fn min_pawn_captures(files: &[usize]) -> usize {
    const INF: usize = usize::MAX / 2;
    let mut best = [0usize; 11];
    for (i, &file) in files.iter().enumerate() {
        let mut next = [INF; 11];
        for j in (i + 1)..=10 {
            let here = best[j - 1].saturating_add(file.abs_diff(j - 1));
            next[j] = next[j - 1].min(here);
        }
        best = next;
    }
    best[10]
}

/// The warnings found by counting: more promoted pieces than missing pawns,
/// pawns on files that need more captures than the opponent has lost.
pub(super) fn material(setup: &Setup, out: &mut Vec<Problem>) {
    let board = &setup.board;
    if board.occupied().is_empty() {
        return;
    }
    for color in Color::ALL {
        let pawns = board.by_piece(Role::Pawn.of(color));
        let missing_pawns = PAWNS.saturating_sub(pawns.count());
        let promoted = promoted(board, color);
        if promoted > missing_pawns {
            let pieces =
                board.by_color(color) & !board.by_role(Role::Pawn) & !board.by_role(Role::King);
            out.push(Problem::counted(
                ProblemKind::TooManyPromoted,
                color,
                pieces,
                pieces,
                promoted,
                missing_pawns,
            ));
        }
        if pawns.count() > PAWNS {
            continue;
        }
        let mut files: Vec<usize> = pawns.into_iter().map(|sq| sq.file().index()).collect();
        files.sort_unstable();
        let missing = PIECES.saturating_sub(board.by_color(!color).count());
        let needed = min_pawn_captures(&files);
        if needed > missing {
            let doubled: Bitboard = pawns
                .into_iter()
                .filter(|sq| (pawns & Bitboard::from_file(sq.file())).more_than_one())
                .collect();
            out.push(Problem::counted(
                ProblemKind::ImpossiblePawnStructure,
                color,
                doubled,
                pawns,
                needed,
                missing,
            ));
        }
    }
}
