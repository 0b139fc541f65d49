//! Property tests of validation.
//!
//! - For every problem kind, records built to have that defect report it.
//! - No record is reported legal while the side not to move is in check
//!   (checked with a slow attack test written here, square by square).
//! - Repair never touches the board, leaves only board and check errors,
//!   is idempotent, and its output validates as it says.
//! - Validation, repair and writing never panic on any record.

use forsyth::fen::{CastlingField, CastlingToken, EnPassantMode, Fen, FieldOffsets, WriteOptions};
use forsyth::validate::{ProblemKind, Report, Severity};
use forsyth::{
    Bitboard, Board, CastlingSide, Color, File, Piece, Rank, Role, Setup, Square, Variant,
};
use proptest::prelude::*;
use strum::IntoEnumIterator;

use crate::common::{slow_attacked, Rng};

// ---------------------------------------------------------------------------
// A small deterministic generator for building records with a given defect.

/// Draws of the things a defective record is made of.
trait Draw {
    fn color(&mut self) -> Color;
    fn square_in(&mut self, bb: Bitboard) -> Option<Square>;
    fn role(&mut self) -> Role;
}

impl Draw for Rng {
    fn color(&mut self) -> Color {
        if self.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        }
    }

    fn square_in(&mut self, bb: Bitboard) -> Option<Square> {
        let squares: Vec<Square> = bb.into_iter().collect();
        if squares.is_empty() {
            None
        } else {
            Some(self.pick(&squares))
        }
    }

    fn role(&mut self) -> Role {
        self.pick(&[
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ])
    }
}

const MIDDLE: Bitboard = Bitboard::from_bits(0x00ff_ffff_ffff_ff00);

fn sq(file: usize, rank: usize) -> Square {
    Square::from_coords(File::ALL[file], Rank::ALL[rank])
}

fn empty(board: &Board) -> Bitboard {
    !board.occupied()
}

/// Puts up to `n` random pieces (no kings; pawns off the back ranks) on
/// empty squares outside `avoid`.
fn clutter(rng: &mut Rng, board: &mut Board, n: u64, avoid: Bitboard) {
    for _ in 0..n {
        let role = rng.role();
        let allowed = empty(board)
            & !avoid
            & if role == Role::Pawn {
                MIDDLE
            } else {
                Bitboard::FULL
            };
        if let Some(s) = rng.square_in(allowed) {
            board.set_piece_at(s, role.of(rng.color()));
        }
    }
}

/// Puts a king of `color` on an empty square of `allowed`, not next to the
/// other king.
fn place_king(rng: &mut Rng, board: &mut Board, color: Color, allowed: Bitboard) -> Square {
    let mut allowed = allowed & empty(board);
    if let Some(other) = board.king_of(!color) {
        allowed &= !forsyth::attacks::king(other);
    }
    let s = rng.square_in(allowed).expect("room for a king");
    board.set_piece_at(s, Role::King.of(color));
    s
}

fn token_for(color: Color, kind: u8, file: File) -> CastlingToken {
    match kind {
        0 => CastlingToken::King(color),
        1 => CastlingToken::Queen(color),
        _ => CastlingToken::File(color, file),
    }
}

struct Case {
    board: Board,
    turn: Color,
    tokens: Vec<CastlingToken>,
    ep: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    variant: Option<Variant>,
}

impl Case {
    fn new(board: Board, turn: Color) -> Case {
        Case {
            board,
            turn,
            tokens: Vec::new(),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            variant: None,
        }
    }

    fn fen(&self) -> Fen {
        let mut castling = CastlingField::new();
        for &t in &self.tokens {
            castling.push(t);
        }
        Fen {
            board: self.board.clone(),
            turn: self.turn,
            castling,
            ep_square: self.ep,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            has_clocks: true,
            offsets: FieldOffsets::default(),
        }
    }
}

/// Kings of both colours anywhere (not adjacent) and some clutter.
fn cluttered(rng: &mut Rng) -> Case {
    let mut board = Board::empty();
    place_king(rng, &mut board, Color::White, Bitboard::FULL);
    place_king(rng, &mut board, Color::Black, Bitboard::FULL);
    let n = rng.below(12);
    clutter(rng, &mut board, n, Bitboard::EMPTY);
    let turn = rng.color();
    Case::new(board, turn)
}

/// A double step by the side not to move that the board allows: returns
/// the case (kings placed, nothing else) with ep, pushed and origin.
fn double_step(rng: &mut Rng) -> (Case, Square, Square, Square) {
    let turn = rng.color();
    let them = !turn;
    let file = rng.below(8) as usize;
    let (origin, ep, pushed) = match them {
        Color::White => (sq(file, 1), sq(file, 2), sq(file, 3)),
        Color::Black => (sq(file, 6), sq(file, 5), sq(file, 4)),
    };
    let mut board = Board::empty();
    board.set_piece_at(pushed, Role::Pawn.of(them));
    let keep_free = Bitboard::from_square(origin).with(ep);
    place_king(rng, &mut board, turn, !keep_free);
    place_king(rng, &mut board, them, !keep_free);
    let mut case = Case::new(board, turn);
    case.ep = Some(ep);
    (case, ep, pushed, origin)
}

/// Builds a record that has the defect `kind`.
fn defect(kind: ProblemKind, seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let rng = &mut rng;
    let c = rng.color();
    match kind {
        ProblemKind::EmptyBoard => {
            let mut case = Case::new(Board::empty(), c);
            case.fullmoves = rng.range(1, 500) as u32;
            case
        }
        ProblemKind::MissingKing => {
            let mut case = cluttered(rng);
            let kings = case.board.by_piece(Role::King.of(c));
            for s in kings {
                case.board.discard_piece_at(s);
            }
            case
        }
        ProblemKind::TooManyKings => {
            let mut case = cluttered(rng);
            for _ in 0..rng.range(1, 3) {
                if let Some(s) = rng.square_in(empty(&case.board)) {
                    case.board.set_piece_at(s, Role::King.of(c));
                }
            }
            case
        }
        ProblemKind::PawnOnBackRank => {
            let mut case = cluttered(rng);
            let s = rng
                .square_in(empty(&case.board) & Bitboard::BACKRANKS)
                .unwrap();
            case.board.set_piece_at(s, Role::Pawn.of(rng.color()));
            case
        }
        ProblemKind::TooManyPawns => {
            let mut case = cluttered(rng);
            while case.board.by_piece(Role::Pawn.of(c)).count() < rng.range(9, 14) as usize {
                let s = rng.square_in(empty(&case.board) & MIDDLE).unwrap();
                case.board.set_piece_at(s, Role::Pawn.of(c));
            }
            case
        }
        ProblemKind::TooManyPieces => {
            let mut case = cluttered(rng);
            let target = rng.range(17, 30) as usize;
            while case.board.by_color(c).count() < target {
                let role = rng.role();
                let allowed = empty(&case.board)
                    & if role == Role::Pawn {
                        MIDDLE
                    } else {
                        Bitboard::FULL
                    };
                if let Some(s) = rng.square_in(allowed) {
                    case.board.set_piece_at(s, role.of(c));
                }
            }
            case
        }
        ProblemKind::OppositeCheck => loop {
            // Only the two kings and one attacker of the side to move.
            let mut board = Board::empty();
            let them = !c;
            let k = place_king(rng, &mut board, them, Bitboard::FULL);
            place_king(rng, &mut board, c, Bitboard::FULL);
            let role = rng.role();
            let from = match role {
                Role::Pawn => forsyth::attacks::pawn(them, k) & MIDDLE,
                r => forsyth::attacks::attacks(k, r.of(c), board.occupied()),
            } & empty(&board);
            if let Some(s) = rng.square_in(from) {
                board.set_piece_at(s, role.of(c));
                break Case::new(board, c);
            }
        },
        ProblemKind::TooManyCheckers => loop {
            let mut board = Board::empty();
            let k = place_king(rng, &mut board, c, Bitboard::FULL);
            let knights = forsyth::attacks::knight(k);
            if knights.count() < 3 {
                continue;
            }
            let n = rng.range(3, knights.count() as u64);
            for s in knights.into_iter().take(n as usize) {
                board.set_piece_at(s, Role::Knight.of(!c));
            }
            if let Some(s) = rng.square_in(empty(&board) & !forsyth::attacks::king(k)) {
                board.set_piece_at(s, Role::King.of(!c));
                break Case::new(board, c);
            }
        },
        ProblemKind::ImpossibleCheck => loop {
            let mut board = Board::empty();
            let them = !c;
            let k = place_king(rng, &mut board, c, Bitboard::FULL);
            let knights = forsyth::attacks::knight(k) & empty(&board);
            let pawns = forsyth::attacks::pawn(c, k) & MIDDLE;
            let mut lines = Bitboard::EMPTY;
            let placed = match rng.below(5) {
                // Two knights.
                0 if knights.count() >= 2 => {
                    for s in knights.into_iter().take(2) {
                        board.set_piece_at(s, Role::Knight.of(them));
                    }
                    true
                }
                // Two pawns.
                1 if pawns.count() == 2 => {
                    for s in pawns {
                        board.set_piece_at(s, Role::Pawn.of(them));
                    }
                    true
                }
                // A pawn and a knight.
                2 if !pawns.is_empty() && !knights.is_empty() => {
                    board.set_piece_at(rng.square_in(pawns).unwrap(), Role::Pawn.of(them));
                    board.set_piece_at(rng.square_in(knights).unwrap(), Role::Knight.of(them));
                    true
                }
                // Two line pieces on one line, on both sides of the king.
                3 => {
                    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
                    let (df, dr) = rng.pick(&dirs);
                    let mut ends = Vec::new();
                    for sign in [1, -1] {
                        let mut ray = Vec::new();
                        let mut cur = k;
                        while let Some(n) = cur.offset(sign * df, sign * dr) {
                            ray.push(n);
                            cur = n;
                        }
                        if !ray.is_empty() {
                            ends.push(ray[rng.below(ray.len() as u64) as usize]);
                        }
                    }
                    if ends.len() == 2 {
                        let straight = df == 0 || dr == 0;
                        for &s in &ends {
                            let role = if rng.chance(1, 2) {
                                Role::Queen
                            } else if straight {
                                Role::Rook
                            } else {
                                Role::Bishop
                            };
                            board.set_piece_at(s, role.of(them));
                            lines |= forsyth::attacks::between(s, k);
                        }
                        true
                    } else {
                        false
                    }
                }
                // An unmoved pawn.
                _ => {
                    let start = forsyth::attacks::pawn(c, k)
                        & Bitboard::from_rank(Rank::Second.relative_to(them));
                    match rng.square_in(start) {
                        Some(s) => {
                            board.set_piece_at(s, Role::Pawn.of(them));
                            true
                        }
                        None => false,
                    }
                }
            };
            if !placed {
                continue;
            }
            let allowed = empty(&board) & !lines & !forsyth::attacks::king(k);
            if let Some(s) = rng.square_in(allowed) {
                board.set_piece_at(s, Role::King.of(them));
                break Case::new(board, c);
            }
        },
        ProblemKind::CastlingWithoutKing => {
            let mut case = cluttered(rng);
            for s in case.board.by_piece(Role::King.of(c)) {
                case.board.discard_piece_at(s);
            }
            let file = File::ALL[rng.below(8) as usize];
            let rook = Square::from_coords(file, Rank::back_rank(c));
            case.board.set_piece_at(rook, Role::Rook.of(c));
            if rng.chance(1, 2) {
                // Two kings instead of none.
                for _ in 0..2 {
                    let s = rng.square_in(empty(&case.board)).unwrap();
                    case.board.set_piece_at(s, Role::King.of(c));
                }
            }
            case.tokens.push(token_for(c, rng.below(3) as u8, file));
            case.variant = rng.pick(&[None, Some(Variant::Standard), Some(Variant::Chess960)]);
            case
        }
        ProblemKind::CastlingKingNotOnBackRank => {
            let mut board = Board::empty();
            let back = Bitboard::from_rank(Rank::back_rank(c));
            place_king(rng, &mut board, c, !back);
            place_king(rng, &mut board, !c, Bitboard::FULL);
            let rook = rng.square_in(back & empty(&board)).unwrap();
            board.set_piece_at(rook, Role::Rook.of(c));
            let mut case = Case::new(board, rng.color());
            case.tokens
                .push(token_for(c, rng.below(3) as u8, rook.file()));
            case.variant = rng.pick(&[None, Some(Variant::Standard), Some(Variant::Chess960)]);
            case
        }
        ProblemKind::CastlingRookMissing => {
            let mut board = Board::empty();
            let back = Rank::back_rank(c);
            let variant = rng.pick(&[None, Some(Variant::Standard), Some(Variant::Chess960)]);
            let king = if variant == Some(Variant::Chess960) {
                sq(rng.below(8) as usize, back.index())
            } else {
                Square::from_coords(File::E, back)
            };
            board.set_piece_at(king, Role::King.of(c));
            place_king(rng, &mut board, !c, Bitboard::FULL);
            // Clutter without rooks of `c` on the back rank.
            let n = rng.below(10);
            clutter(rng, &mut board, n, Bitboard::from_rank(back));
            let mut case = Case::new(board, rng.color());
            let file = if variant == Some(Variant::Chess960) {
                File::ALL[rng.below(8) as usize]
            } else {
                rng.pick(&[File::A, File::H])
            };
            case.tokens.push(token_for(c, rng.below(3) as u8, file));
            case.variant = variant;
            case
        }
        ProblemKind::CastlingTwoRightsOnOneWing => {
            let mut board = Board::empty();
            let back = Rank::back_rank(c).index();
            let king_file = rng.range(1, 5) as usize;
            board.set_piece_at(sq(king_file, back), Role::King.of(c));
            place_king(
                rng,
                &mut board,
                !c,
                !Bitboard::from_rank(Rank::back_rank(c)),
            );
            let king_side = rng.chance(1, 2);
            let files: Vec<usize> = if king_side {
                (king_file + 1..8).collect()
            } else {
                (0..king_file).collect()
            };
            let mut case_files = Vec::new();
            if files.len() >= 2 {
                let a = rng.below(files.len() as u64) as usize;
                let mut b = rng.below(files.len() as u64 - 1) as usize;
                if b >= a {
                    b += 1;
                }
                case_files = vec![files[a], files[b]];
            } else {
                // One file on that wing: take the other wing, which has at
                // least two (king on b..f).
                let other: Vec<usize> = if king_side {
                    (0..king_file).collect()
                } else {
                    (king_file + 1..8).collect()
                };
                case_files.extend(other.iter().take(2));
            }
            for &f in &case_files {
                board.set_piece_at(sq(f, back), Role::Rook.of(c));
            }
            let mut case = Case::new(board, rng.color());
            for &f in &case_files {
                case.tokens.push(CastlingToken::File(c, File::ALL[f]));
            }
            case.variant = Some(Variant::Chess960);
            case
        }
        ProblemKind::CastlingKingNotOnEFile => {
            let mut board = Board::empty();
            let back = Rank::back_rank(c).index();
            let king_file = rng.pick(&[1, 2, 3, 5, 6]);
            board.set_piece_at(sq(king_file, back), Role::King.of(c));
            board.set_piece_at(sq(0, back), Role::Rook.of(c));
            board.set_piece_at(sq(7, back), Role::Rook.of(c));
            place_king(rng, &mut board, !c, MIDDLE);
            let mut case = Case::new(board, rng.color());
            case.tokens.push(token_for(c, rng.below(2) as u8, File::A));
            case.variant = Some(Variant::Standard);
            case
        }
        ProblemKind::CastlingRookNotInCorner => {
            let mut board = Board::empty();
            let back = Rank::back_rank(c).index();
            board.set_piece_at(sq(4, back), Role::King.of(c));
            let file = rng.pick(&[1, 2, 3, 5, 6]);
            board.set_piece_at(sq(file, back), Role::Rook.of(c));
            place_king(rng, &mut board, !c, MIDDLE);
            let mut case = Case::new(board, rng.color());
            case.tokens.push(CastlingToken::File(c, File::ALL[file]));
            case.variant = Some(Variant::Standard);
            case
        }
        ProblemKind::CastlingAsymmetric => {
            let mut board = Board::empty();
            let same_king = rng.chance(1, 2);
            let wk = rng.range(1, 6) as usize;
            let bk = if same_king {
                wk
            } else {
                let mut f = rng.range(1, 5) as usize;
                if f >= wk {
                    f += 1;
                }
                f
            };
            board.set_piece_at(sq(wk, 0), Role::King.of(Color::White));
            board.set_piece_at(sq(bk, 7), Role::King.of(Color::Black));
            let (wr, br) = if same_king {
                // Same wing, different rook files; the king on b..g leaves
                // at least one file on each wing, pick a wing with two.
                let wing: Vec<usize> = if wk >= 2 {
                    (0..wk).collect()
                } else {
                    (wk + 1..8).collect()
                };
                let a = rng.below(wing.len() as u64) as usize;
                let b = (a + 1 + rng.below(wing.len() as u64 - 1) as usize) % wing.len();
                (wing[a], wing[b])
            } else {
                let pick = |rng: &mut Rng, k: usize| {
                    let mut f = rng.below(7) as usize;
                    if f >= k {
                        f += 1;
                    }
                    f
                };
                (pick(rng, wk), pick(rng, bk))
            };
            board.set_piece_at(sq(wr, 0), Role::Rook.of(Color::White));
            board.set_piece_at(sq(br, 7), Role::Rook.of(Color::Black));
            let mut case = Case::new(board, rng.color());
            case.tokens
                .push(CastlingToken::File(Color::White, File::ALL[wr]));
            case.tokens
                .push(CastlingToken::File(Color::Black, File::ALL[br]));
            case.variant = rng.pick(&[None, Some(Variant::Chess960)]);
            case
        }
        ProblemKind::CastlingKingOnEdge => {
            // Chess960: the king on a or h with a rook on its back rank.
            let mut board = Board::empty();
            let back = Rank::back_rank(c).index();
            let king_file = rng.pick(&[0, 7]);
            let rook_file = if king_file == 0 {
                rng.range(1, 7) as usize
            } else {
                rng.range(0, 6) as usize
            };
            board.set_piece_at(sq(king_file, back), Role::King.of(c));
            board.set_piece_at(sq(rook_file, back), Role::Rook.of(c));
            place_king(rng, &mut board, !c, MIDDLE);
            let mut case = Case::new(board, rng.color());
            case.tokens
                .push(CastlingToken::File(c, File::ALL[rook_file]));
            case.variant = rng.pick(&[None, Some(Variant::Chess960)]);
            case
        }
        ProblemKind::EnPassantWrongRank => {
            let mut case = cluttered(rng);
            // Rank 3 with White to move, rank 6 with Black to move.
            let rank = Rank::Third.relative_to(case.turn);
            case.ep = Some(Square::from_coords(File::ALL[rng.below(8) as usize], rank));
            case
        }
        ProblemKind::EnPassantSquareOccupied => {
            let (mut case, ep, _, _) = double_step(rng);
            case.board.set_piece_at(ep, rng.role().of(rng.color()));
            case
        }
        ProblemKind::EnPassantOriginOccupied => {
            let (mut case, _, _, origin) = double_step(rng);
            let role = rng.pick(&[Role::Knight, Role::Bishop, Role::Rook, Role::Queen]);
            case.board.set_piece_at(origin, role.of(rng.color()));
            case
        }
        ProblemKind::EnPassantNoPushedPawn => {
            let (mut case, _, pushed, _) = double_step(rng);
            case.board.discard_piece_at(pushed);
            if rng.chance(1, 2) {
                let piece = match rng.below(2) {
                    0 => Role::Pawn.of(case.turn),
                    _ => rng
                        .pick(&[Role::Knight, Role::Bishop, Role::Rook, Role::Queen])
                        .of(rng.color()),
                };
                case.board.set_piece_at(pushed, piece);
            }
            case
        }
        ProblemKind::EnPassantHalfmoveClock => {
            let (mut case, _, _, _) = double_step(rng);
            case.fullmoves = rng.range(50, 100) as u32;
            case.halfmoves = rng.range(1, 90) as u32;
            case
        }
        ProblemKind::EnPassantImpossibleCheck => loop {
            let (mut case, ep, pushed, origin) = double_step(rng);
            let k = case.board.king_of(case.turn).unwrap();
            let step = Bitboard::from_square(ep).with(pushed).with(origin);
            let from = forsyth::attacks::knight(k) & empty(&case.board) & !step;
            if let Some(s) = rng.square_in(from) {
                case.board.set_piece_at(s, Role::Knight.of(!case.turn));
                break case;
            }
        },
        ProblemKind::FullmoveZero => {
            let mut case = cluttered(rng);
            case.fullmoves = 0;
            case
        }
        ProblemKind::HalfmoveClockTooLarge => {
            let mut case = cluttered(rng);
            case.fullmoves = rng.range(0, 10_000) as u32;
            let limit =
                2 * (u64::from(case.fullmoves.max(1)) - 1) + u64::from(case.turn == Color::Black);
            case.halfmoves = rng.range(limit + 1, u64::from(u32::MAX)) as u32;
            case
        }
        ProblemKind::TooManyPromoted => {
            let mut board = Board::empty();
            place_king(rng, &mut board, Color::White, Bitboard::FULL);
            place_king(rng, &mut board, Color::Black, Bitboard::FULL);
            let pawns = rng.range(0, 8);
            for _ in 0..pawns {
                let s = rng.square_in(empty(&board) & MIDDLE).unwrap();
                board.set_piece_at(s, Role::Pawn.of(c));
            }
            let missing = 8 - board.by_piece(Role::Pawn.of(c)).count() as u64;
            let extra = missing + rng.range(1, 2);
            // Extra pieces beyond the start: queens beyond one, or bishops
            // beyond one on light squares, or knights beyond two.
            let (role, base, squares) = match rng.below(3) {
                0 => (Role::Queen, 1, Bitboard::FULL),
                1 => (Role::Bishop, 1, Bitboard::LIGHT),
                _ => (Role::Knight, 2, Bitboard::FULL),
            };
            for _ in 0..(base + extra) {
                let s = rng.square_in(empty(&board) & squares).unwrap();
                board.set_piece_at(s, role.of(c));
            }
            Case::new(board, rng.color())
        }
        ProblemKind::ImpossiblePawnStructure => {
            let mut board = Board::empty();
            place_king(rng, &mut board, Color::White, Bitboard::FULL);
            place_king(rng, &mut board, Color::Black, Bitboard::FULL);
            // Two or more pawns of `c` on one file.
            let file = File::ALL[rng.below(8) as usize];
            let n = rng.range(2, 4);
            for _ in 0..n {
                let s = rng
                    .square_in(empty(&board) & MIDDLE & Bitboard::from_file(file))
                    .unwrap();
                board.set_piece_at(s, Role::Pawn.of(c));
            }
            // The opponent has all 16 pieces.
            while board.by_color(!c).count() < 16 {
                let role = rng.role();
                let allowed = empty(&board)
                    & if role == Role::Pawn {
                        MIDDLE
                    } else {
                        Bitboard::FULL
                    };
                if let Some(s) = rng.square_in(allowed) {
                    board.set_piece_at(s, role.of(!c));
                }
            }
            Case::new(board, rng.color())
        }
        _ => unreachable!("{kind} has no generator: add one"),
    }
}

/// Kings on different files with castling rights: one
/// `castling_asymmetric`, not one per dropped right.
#[test]
fn asymmetric_kings_reported_once() {
    let fen: Fen = "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1".parse().unwrap();
    let report = Report::of_fen(&fen, None);
    let asymmetric: Vec<_> = report
        .problems()
        .iter()
        .filter(|p| p.kind() == ProblemKind::CastlingAsymmetric)
        .collect();
    assert_eq!(asymmetric.len(), 1, "{:?}", report.problems());
    // Repair still drops both of Black's rights.
    let (repaired, repairs) = report.repair();
    assert!(repaired.is_legal());
    assert_eq!(repairs.len(), 2);
    assert_eq!(repaired.setup().castling.count(), 2);
}

/// Impossible clocks are a warning; such positions are legal.
#[test]
fn impossible_clocks_are_warnings() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 120 1",
    ] {
        let report = Report::of_fen(&text.parse().unwrap(), None);
        assert!(report.is_legal(), "{text}");
        assert!(report.has(ProblemKind::HalfmoveClockTooLarge), "{text}");
        assert_eq!(
            report.warnings().map(|p| p.kind()).collect::<Vec<_>>(),
            [ProblemKind::HalfmoveClockTooLarge]
        );
        let pos = forsyth::Position::from_fen(&text.parse().unwrap(), None).expect(text);
        assert_eq!(pos.legal_moves().len(), 20);
        // Repair lowers the clock on request.
        let (repaired, repairs) = report.repair();
        assert_eq!(repaired.setup().halfmoves, 0);
        assert_eq!(repairs.len(), 1);
    }
}

/// The automatic variant choice is part of the verdict.
#[test]
fn report_says_which_variant_auto_chose() {
    for (text, variant) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::Standard),
        (
            "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
            Variant::Chess960,
        ),
        ("6rk/8/8/8/8/8/8/6RK w Gg - 0 1", Variant::Chess960),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Standard),
    ] {
        let report = Report::of_fen(&text.parse().unwrap(), None);
        assert_eq!(report.variant(), variant, "{text}");
        assert_eq!(report.setup().variant, variant, "{text}");
    }
}

fn kinds() -> impl Strategy<Value = ProblemKind> {
    prop::sample::select(ProblemKind::iter().collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_defect_is_reported(kind in kinds(), seed in any::<u64>()) {
        let case = defect(kind, seed);
        let fen = case.fen();
        let report = Report::of_fen(&fen, case.variant);
        prop_assert!(
            report.has(kind),
            "{fen} ({:?}) should report {kind}: {:?}",
            case.variant,
            report.problems().iter().map(|p| p.to_string()).collect::<Vec<_>>()
        );
        if kind.severity() == Severity::Error {
            prop_assert!(!report.is_legal());
        }
    }
}

#[test]
fn every_kind_has_a_generator() {
    // `defect` is a total match; this makes sure each generator terminates
    // and yields its kind at least once for a fixed seed range.
    for kind in ProblemKind::iter() {
        let hits = (0..20)
            .filter(|&seed| {
                let case = defect(kind, seed);
                Report::of_fen(&case.fen(), case.variant).has(kind)
            })
            .count();
        assert_eq!(hits, 20, "{kind}");
    }
}

// ---------------------------------------------------------------------------
// Arbitrary records.

/// Every castling letter.
fn all_tokens() -> Vec<CastlingToken> {
    let mut out = Vec::new();
    for color in Color::ALL {
        out.push(CastlingToken::King(color));
        out.push(CastlingToken::Queen(color));
        for f in File::ALL {
            out.push(CastlingToken::File(color, f));
        }
    }
    out
}

fn arb_piece() -> impl Strategy<Value = Piece> {
    (0..6usize, any::<bool>())
        .prop_map(|(r, white)| Role::ALL[r].of(if white { Color::White } else { Color::Black }))
}

fn arb_square() -> impl Strategy<Value = Square> {
    (0..64u32).prop_map(|i| Square::new(i).unwrap())
}

/// Boards with some structure: kings usually present, pieces anywhere.
fn arb_board() -> impl Strategy<Value = Board> {
    (
        prop::collection::vec((arb_square(), arb_piece()), 0..24),
        prop::option::weighted(0.9, arb_square()),
        prop::option::weighted(0.9, arb_square()),
    )
        .prop_map(|(pieces, wk, bk)| {
            let mut board = Board::empty();
            for (s, p) in pieces {
                if p.role != Role::King || s.index() % 7 == 0 {
                    board.set_piece_at(s, p);
                }
            }
            if let Some(s) = wk {
                board.set_piece_at(s, Role::King.of(Color::White));
            }
            if let Some(s) = bk {
                board.set_piece_at(s, Role::King.of(Color::Black));
            }
            board
        })
}

/// Start-like boards: castling letters and double steps often mean
/// something there.
fn arb_start_like() -> impl Strategy<Value = Board> {
    (
        prop::collection::vec(arb_square(), 0..20),
        prop::collection::vec((arb_square(), arb_piece()), 0..6),
    )
        .prop_map(|(removed, added)| {
            let mut board = Board::standard();
            for s in removed {
                if board.role_at(s) != Some(Role::King) {
                    board.discard_piece_at(s);
                }
            }
            for (s, p) in added {
                if p.role != Role::King && board.role_at(s) != Some(Role::King) {
                    board.set_piece_at(s, p);
                }
            }
            board
        })
}

prop_compose! {
    fn arb_fen()(
        board in prop_oneof![arb_board(), arb_start_like()],
        white in any::<bool>(),
        tokens in prop::collection::vec(prop::sample::select(all_tokens()), 0..5),
        ep in prop::option::weighted(0.4, arb_square()),
        halfmoves in prop_oneof![0..3u32, any::<u32>()],
        fullmoves in prop_oneof![0..3u32, 1..200u32, any::<u32>()],
    ) -> Fen {
        let mut castling = CastlingField::new();
        for t in tokens {
            castling.push(t);
        }
        Fen {
            board,
            turn: if white { Color::White } else { Color::Black },
            castling,
            ep_square: ep,
            halfmoves,
            fullmoves,
            has_clocks: true,
            offsets: FieldOffsets::default(),
        }
    }
}

fn arb_variant() -> impl Strategy<Value = Option<Variant>> {
    prop::sample::select(vec![None, Some(Variant::Standard), Some(Variant::Chess960)])
}

/// White's king on h1 costs White its rights (`castling_king_on_edge`);
/// Black's one right then meets no White right, so it holds and repair
/// keeps it, though the two kings stand on different files. The record
/// kept is legal for python-chess 1.11.2 too (`Board(fen,
/// chess960=True).is_valid()`), the record with both rights not.
#[test]
fn repair_keeps_the_right_of_the_king_off_the_edge() {
    let fen = Fen::from_ascii(b"2k4r/8/8/8/8/8/8/4R2K w Eh - 0 1").unwrap();
    let report = Report::of_fen(&fen, Some(Variant::Chess960));
    assert!(report.has(ProblemKind::CastlingKingOnEdge));
    let (repaired, _) = report.repair();
    assert!(repaired.is_legal(), "{:?}", repaired.problems());
    let kept: Vec<_> = repaired.setup().castling.iter().collect();
    assert_eq!(kept, [(Color::Black, CastlingSide::KingSide, File::H)]);
}

/// The kinds repair removes, from the Repair section of
/// specs/validation.md: an oracle written independently of the library on
/// purpose (alike in shape to `ProblemKind::field`).
fn repairable(kind: ProblemKind) -> bool {
    use ProblemKind::*;
    matches!(
        kind,
        CastlingWithoutKing
            | CastlingKingNotOnBackRank
            | CastlingRookMissing
            | CastlingTwoRightsOnOneWing
            | CastlingKingNotOnEFile
            | CastlingRookNotInCorner
            | CastlingAsymmetric
            | CastlingKingOnEdge
            | EnPassantWrongRank
            | EnPassantSquareOccupied
            | EnPassantOriginOccupied
            | EnPassantNoPushedPawn
            | EnPassantHalfmoveClock
            | EnPassantImpossibleCheck
            | FullmoveZero
            | HalfmoveClockTooLarge
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_legal_position_has_the_side_not_to_move_in_check(fen in arb_fen(), variant in arb_variant()) {
        let report = Report::of_fen(&fen, variant);
        if report.is_legal() {
            let them = !fen.turn;
            let king = fen.board.king_of(them).expect("a legal position has both kings");
            prop_assert!(!slow_attacked(&fen.board, king, fen.turn), "{fen}");
            prop_assert!(fen.board.king_of(fen.turn).is_some());
        } else {
            prop_assert!(report.into_position().is_err());
        }
    }

    /// Validation and `Setup::from_fen` read the castling letters the same
    /// way: same variant and rights when they resolve, the same bad letters
    /// when they do not (specs/fen.md, section 3).
    #[test]
    fn auto_variant_agrees_with_setup_from_fen(fen in arb_fen()) {
        let report = Report::of_fen(&fen, None);
        match Setup::from_fen(&fen, None) {
            Ok(setup) => {
                prop_assert_eq!(setup.variant, report.setup().variant, "{}", fen);
                prop_assert_eq!(&setup.castling, &report.setup().castling, "{}", fen);
            }
            Err(errors) => {
                let reported: Vec<(usize, String)> = report
                    .problems()
                    .iter()
                    .filter_map(|p| Some((p.offset()?, p.message().to_owned())))
                    .collect();
                let letters: Vec<(usize, String)> = errors
                    .problems()
                    .iter()
                    .filter_map(|e| Some((e.offset()?, e.message())))
                    .collect();
                prop_assert_eq!(reported, letters, "{}", fen);
            }
        }
    }

    #[test]
    fn repair_output_validates(fen in arb_fen(), variant in arb_variant()) {
        let report = Report::of_fen(&fen, variant);
        let (repaired, repairs) = report.repair();
        // Pieces never move.
        prop_assert_eq!(&repaired.setup().board, &fen.board);
        prop_assert_eq!(repaired.setup().turn, fen.turn);
        prop_assert_eq!(repaired.setup().variant, report.setup().variant);
        // The report is the verdict on the repaired setup.
        prop_assert_eq!(&Report::of_setup(repaired.setup().clone()), &repaired);
        // Only what repair may not touch is left.
        for p in repaired.errors() {
            prop_assert!(!repairable(p.kind()), "{fen}: {p} survives repair");
        }
        // When only repairable errors were found, the result is legal.
        if report.errors().all(|p| repairable(p.kind())) {
            prop_assert!(repaired.is_legal(), "{fen}: {:?}", repaired.problems());
            prop_assert!(repaired.clone().into_position().is_ok());
        }
        // Nothing to repair, nothing repaired; repairing twice changes nothing.
        // (A too large halfmove clock is a warning, and repair still lowers
        // it: a legal report with it has something to repair.)
        if report.is_legal() && !report.has(ProblemKind::HalfmoveClockTooLarge) {
            prop_assert!(repairs.is_empty());
            prop_assert_eq!(repaired.setup(), report.setup());
        }
        let (again, more) = repaired.repair();
        prop_assert!(more.is_empty(), "{fen}: {:?}", more);
        prop_assert_eq!(again, repaired);
    }

    /// Repair drops only what cannot hold (specs/validation.md, Repair):
    /// when the repaired record is legal, giving back any one right it
    /// dropped makes it illegal again.
    #[test]
    fn repair_keeps_every_right_that_holds(fen in arb_fen(), variant in arb_variant()) {
        let report = Report::of_fen(&fen, variant);
        let (repaired, _) = report.repair();
        if repaired.is_legal() {
            let before = &report.setup().castling;
            for (color, side, rook) in before.iter() {
                if repaired.setup().castling.rook(color, side) == Some(rook) {
                    continue;
                }
                let king = before.king_file(color).expect("a right has its king file");
                let mut setup = repaired.setup().clone();
                if setup.castling.add(color, king, rook).is_ok() {
                    prop_assert!(
                        !Report::of_setup(setup).is_legal(),
                        "{fen}: repair dropped {color:?}'s {side:?} right, which holds"
                    );
                }
            }
        }
    }

    /// No problem is reported twice (neither in a report nor after
    /// repair), whatever the record.
    #[test]
    fn no_problem_twice(fen in arb_fen(), variant in arb_variant()) {
        let report = Report::of_fen(&fen, variant);
        let (repaired, _) = report.repair();
        for r in [&report, &repaired] {
            let mut seen = std::collections::HashSet::new();
            for p in r.problems() {
                prop_assert!(seen.insert(p.to_string()), "{fen}: {p} twice");
            }
        }
    }

    #[test]
    fn validation_never_panics(fen in arb_fen(), variant in arb_variant()) {
        let report = Report::of_fen(&fen, variant);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&report).expect("a report serializes");
            prop_assert!(json.starts_with('{') && json.ends_with('}'), "{}", json);
        }
        for p in report.problems() {
            prop_assert!(!p.message().is_empty());
            prop_assert!(!p.message().ends_with('.'));
            prop_assert!(p.message().chars().next().is_some_and(|c| !c.is_uppercase()));
        }
        let (repaired, _) = report.repair();
        for mode in EnPassantMode::iter() {
            let opts = WriteOptions { en_passant: mode, ..WriteOptions::default() };
            let _ = repaired.setup().to_fen(&opts);
            let _ = report.setup().to_fen(&opts);
        }
    }

    #[test]
    fn parsed_text_never_panics(
        board in prop_oneof![arb_board(), arb_start_like()],
        turn in "[wb]",
        castling in "-|[KQkqA-Ha-h]{1,6}",
        ep in "-|[a-h][36]",
        clocks in "( [0-9]{1,10} [0-9]{1,10})?",
    ) {
        let text = format!("{board} {turn} {castling} {ep}{clocks}");
        if let Ok(fen) = Fen::from_ascii(text.as_bytes()) {
            for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
                let report = Report::of_fen(&fen, variant);
                let (repaired, _) = report.repair();
                let _ = repaired.into_position();
            }
        }
    }
}

proptest! {
    /// The slow reference agrees with the board's attack sets, so a fault
    /// in either shows up here.
    #[test]
    fn slow_reference_agrees_with_attack_tables(board in arb_board(), s in arb_square(), white in any::<bool>()) {
        let by = if white { Color::White } else { Color::Black };
        prop_assert_eq!(
            slow_attacked(&board, s, by),
            !board.attackers_to(s, by, board.occupied()).is_empty()
        );
    }
}
