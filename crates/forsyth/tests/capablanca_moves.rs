//! The 10x8 move generator against a reference written here, move by move:
//! pseudo-legal moves from the board's geometry (`forsyth_types`' square
//! walks, not the library's attack tables), each kept when the mover's king
//! is not attacked after it (found by looking at every enemy piece), and
//! castling by the rule of `specs/architecture.md` (the Chess960 rule on
//! ten files). Positions: random games from the Capablanca, Gothic and
//! random CRC starts, and random placements the validator accepts.

use crate::common::capablanca as record;

use std::collections::BTreeSet;

use forsyth::capablanca::{
    Bitboard, Board, CastlingRights, CrcStart, File, Move, Position, Setup, Square, Variant,
};
use forsyth::{CastlingSide, Color, Piece, Rank, Role};
use forsyth_types::capablanca::geometry;
use forsyth_types::geometry::{
    BISHOP_DIRECTIONS, BLACK_PAWN_CAPTURES, KING_STEPS, KNIGHT_STEPS, ROOK_DIRECTIONS,
    WHITE_PAWN_CAPTURES,
};

/// xorshift64*, the tests' own random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What `piece` on `from` attacks, by the geometry's square walks.
fn reach(from: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
    let rook = || geometry::slider_attacks(from, occupied, &ROOK_DIRECTIONS);
    let bishop = || geometry::slider_attacks(from, occupied, &BISHOP_DIRECTIONS);
    let knight = || geometry::steps(from, &KNIGHT_STEPS);
    match piece.role {
        Role::Pawn => match piece.color {
            Color::White => geometry::steps(from, &WHITE_PAWN_CAPTURES),
            Color::Black => geometry::steps(from, &BLACK_PAWN_CAPTURES),
        },
        Role::Knight => knight(),
        Role::Bishop => bishop(),
        Role::Rook => rook(),
        Role::Queen => rook() | bishop(),
        Role::King => geometry::steps(from, &KING_STEPS),
        Role::Archbishop => bishop() | knight(),
        Role::Chancellor => rook() | knight(),
    }
}

/// Whether a piece of `by` attacks `sq`, looking at every piece of `by`,
/// with `occupied` as the blockers.
fn attacked(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    board
        .pieces()
        .filter(|(from, p)| p.color == by && occupied.contains(*from))
        .any(|(from, p)| reach(from, p, occupied).contains(sq))
}

/// The board after a normal or en-passant move (no castling).
fn after(board: &Board, m: Move, us: Color) -> Board {
    let mut b = board.clone();
    match m {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            b.discard_piece_at(from);
            b.set_piece_at(to, promotion.unwrap_or(role).of(us));
        }
        Move::EnPassant { from, to } => {
            b.discard_piece_at(from);
            b.discard_piece_at(Square::from_coords(to.file(), from.rank()));
            b.set_piece_at(to, Role::Pawn.of(us));
        }
        Move::Castle { .. } => unreachable!("castling is judged apart"),
    }
    b
}

/// Every legal move by the reference rules.
fn reference(setup: &Setup) -> BTreeSet<String> {
    let board = &setup.board;
    let us = setup.turn;
    let them = !us;
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let mut pseudo = Vec::new();
    for (from, piece) in board.pieces().filter(|(_, p)| p.color == us) {
        if piece.role == Role::Pawn {
            let forward = if us == Color::White { 1 } else { -1 };
            let last = Rank::back_rank(them);
            let mut targets = Vec::new();
            if let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) {
                targets.push(one);
                if from.rank() == Rank::Second.relative_to(us) {
                    if let Some(two) = one.offset(0, forward).filter(|s| !occupied.contains(*s)) {
                        targets.push(two);
                    }
                }
            }
            for to in reach(from, piece, occupied) & board.by_color(them) {
                targets.push(to);
            }
            for to in targets {
                let capture = board.role_at(to);
                if to.rank() == last {
                    for p in [
                        Role::Queen,
                        Role::Rook,
                        Role::Bishop,
                        Role::Knight,
                        Role::Archbishop,
                        Role::Chancellor,
                    ] {
                        pseudo.push(Move::Normal {
                            role: Role::Pawn,
                            from,
                            capture,
                            to,
                            promotion: Some(p),
                        });
                    }
                } else {
                    pseudo.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: None,
                    });
                }
            }
            if let Some(ep) = setup.ep_square {
                let victim = Square::from_coords(ep.file(), from.rank());
                if reach(from, piece, occupied).contains(ep)
                    && !occupied.contains(ep)
                    && board.piece_at(victim) == Some(Role::Pawn.of(them))
                    && ep.rank() == Rank::Sixth.relative_to(us)
                {
                    pseudo.push(Move::EnPassant { from, to: ep });
                }
            }
        } else {
            for to in reach(from, piece, occupied) - ours {
                pseudo.push(Move::Normal {
                    role: piece.role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                });
            }
        }
    }
    let mut legal: BTreeSet<String> = pseudo
        .into_iter()
        .filter(|&m| {
            let b = after(board, m, us);
            let king = b.king_of(us).expect("one king");
            !attacked(&b, king, them, b.occupied())
        })
        .map(|m| format!("{m:?}"))
        .collect();
    // Castling: the right, the king and rook in place, the king not in
    // check, the squares both cross and land on empty but for the two, and
    // no square the king crosses or lands on attacked without the two.
    let king = board.king_of(us).expect("one king");
    let back = Rank::back_rank(us);
    for side in CastlingSide::ALL {
        let Some(rook_file) = setup.castling.rook(us, side) else {
            continue;
        };
        let rook = Square::from_coords(rook_file, back);
        if setup.castling.king_file(us) != Some(king.file())
            || king.rank() != back
            || board.piece_at(rook) != Some(Role::Rook.of(us))
            || attacked(board, king, them, occupied)
        {
            continue;
        }
        let king_to = Square::from_coords(side.fold(File::I, File::C), back);
        let rook_to = Square::from_coords(side.fold(File::H, File::D), back);
        let span = |a: Square, b: Square| {
            let (lo, hi) = (
                a.file().index().min(b.file().index()),
                a.file().index().max(b.file().index()),
            );
            (lo..=hi).map(move |f| Square::from_coords(File::ALL[f], back))
        };
        let others = occupied.without(king).without(rook);
        if span(king, king_to)
            .chain(span(rook, rook_to))
            .any(|s| others.contains(s))
        {
            continue;
        }
        if span(king, king_to).any(|s| attacked(board, s, them, others)) {
            continue;
        }
        legal.insert(format!("{:?}", Move::Castle { king, rook }));
    }
    legal
}

/// Random games from the Capablanca and Gothic starts and from random CRC
/// starts; each position with its setup.
fn game_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = match game % 4 {
            0 => Position::capablanca(),
            1 => Position::gothic(),
            _ => {
                let start = CrcStart::new(rng.below(12_118) as u16).unwrap();
                Position::from_setup(start.to_setup()).expect("a start is legal")
            }
        };
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Pawn moves twice as likely, so that games reach promotions.
            let pawns: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.role() == Role::Pawn)
                .collect();
            let m = if !pawns.is_empty() && rng.below(3) > 0 {
                pawns[rng.below(pawns.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(m).expect("a listed move is legal");
        }
    }
    out
}

/// Random placements the validator accepts: both kings, up to 14 more
/// pieces of any role, pawns off the back ranks, a random side to move,
/// castling rights where a king and rooks stand on their back rank (CRC),
/// an en-passant square where a double step can have been the last move.
fn placed_positions(seed: u64, tries: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..tries {
        let mut board = Board::empty();
        let square = |rng: &mut Rng| Square::new(rng.below(80) as u32).unwrap();
        let white_king = if rng.below(2) == 0 {
            Square::from_coords(File::ALL[1 + rng.below(8)], Rank::First)
        } else {
            square(&mut rng)
        };
        board.set_piece_at(white_king, Role::King.of(Color::White));
        let black_king = if rng.below(2) == 0 {
            Square::from_coords(File::ALL[1 + rng.below(8)], Rank::Eighth)
        } else {
            square(&mut rng)
        };
        if black_king == white_king {
            continue;
        }
        board.set_piece_at(black_king, Role::King.of(Color::Black));
        // Rooks beside kings on their back rank, to castle with.
        for (color, king) in [(Color::White, white_king), (Color::Black, black_king)] {
            let inner = (1..=8).contains(&king.file().index());
            if king.rank() == Rank::back_rank(color) && inner && rng.below(3) > 0 {
                let left = rng.below(king.file().index());
                let right = king.file().index() + 1 + rng.below(9 - king.file().index());
                for f in [left, right] {
                    let sq = Square::from_coords(File::ALL[f], king.rank());
                    board.set_piece_at(sq, Role::Rook.of(color));
                }
            }
        }
        for _ in 0..rng.below(15) {
            let sq = square(&mut rng);
            if board.occupied().contains(sq) {
                continue;
            }
            let role = Role::CAPABLANCA[rng.below(5) % 5];
            let role = if role == Role::King {
                Role::Archbishop
            } else {
                role
            };
            let role = if rng.below(6) == 0 {
                Role::Chancellor
            } else {
                role
            };
            if role == Role::Pawn && Bitboard::BACKRANKS.contains(sq) {
                continue;
            }
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            board.set_piece_at(sq, role.of(color));
        }
        let mut castling = CastlingRights::none();
        for color in Color::ALL {
            let back = Rank::back_rank(color);
            if let Some(king) = board.king_of(color).filter(|k| k.rank() == back) {
                for file in File::ALL {
                    let sq = Square::from_coords(file, back);
                    if board.piece_at(sq) == Some(Role::Rook.of(color)) && rng.below(3) > 0 {
                        let _ = castling.add(color, king.file(), file);
                    }
                }
            }
        }
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut setup = Setup {
            board,
            turn,
            castling,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 40,
            variant: Variant::Crc,
        };
        // A double step just made, with a pawn beside it that may take.
        if rng.below(2) == 0 {
            let file = rng.below(10);
            let rank = Rank::Fourth.relative_to(!turn);
            let pushed = Square::from_coords(File::ALL[file], rank);
            let beside = Square::from_coords(File::ALL[if file == 0 { 1 } else { file - 1 }], rank);
            let behind =
                |sq: Square, n: i32| sq.offset(0, if turn == Color::White { n } else { -n });
            let free = [behind(pushed, 1), behind(pushed, 2)]
                .into_iter()
                .all(|s| s.is_some_and(|s| !setup.board.occupied().contains(s)));
            if free
                && !setup.board.occupied().contains(pushed)
                && !setup.board.occupied().contains(beside)
            {
                setup.board.set_piece_at(pushed, Role::Pawn.of(!turn));
                setup.board.set_piece_at(beside, Role::Pawn.of(turn));
                setup.ep_square = behind(pushed, 1);
            }
        }
        let report = forsyth::capablanca::Report::of_setup(setup);
        let (repaired, _) = report.repair();
        if let Ok(pos) = repaired.into_position() {
            out.push(pos);
        }
    }
    out
}

fn check(positions: &[Position]) -> (usize, usize, usize, usize, usize) {
    let (mut castles, mut promotions, mut en_passant, mut checks, mut pinned_moves) =
        (0, 0, 0, 0, 0);
    for pos in positions {
        let setup = pos.setup();
        let listed = pos.legal_moves();
        let got: BTreeSet<String> = listed.iter().map(|m| format!("{m:?}")).collect();
        let want = reference(setup);
        assert_eq!(got, want, "{}", record::record(setup, false));
        assert_eq!(
            listed.len(),
            want.len(),
            "duplicates in {}",
            record::record(setup, false)
        );
        assert_eq!(pos.count_legal_moves(), listed.len());
        castles += listed.iter().filter(|m| m.is_castle()).count();
        promotions += listed.iter().filter(|m| m.promotion().is_some()).count();
        en_passant += listed.iter().filter(|m| m.is_en_passant()).count();
        checks += usize::from(pos.is_check());
        pinned_moves += usize::from(listed.len() < 3);
    }
    (castles, promotions, en_passant, checks, pinned_moves)
}

#[test]
fn moves_of_games_match_the_reference() {
    let positions = game_positions(0x5eed_0001, 48, 160);
    assert!(positions.len() > 5_000, "{}", positions.len());
    let (castles, promotions, en_passant, checks, _) = check(&positions);
    // The sample holds what the generator treats apart.
    assert!(
        castles > 200 && promotions > 100 && en_passant > 20 && checks > 100,
        "{castles} {promotions} {en_passant} {checks}"
    );
}

#[test]
fn moves_of_placements_match_the_reference() {
    let positions = placed_positions(0x5eed_0002, 40_000);
    assert!(positions.len() > 5_000, "{}", positions.len());
    let (castles, promotions, en_passant, checks, few) = check(&positions);
    assert!(
        castles > 100 && promotions > 100 && en_passant > 10 && checks > 500 && few > 50,
        "{castles} {promotions} {en_passant} {checks} {few}"
    );
}

/// `is_legal` and `play` judge a move as the list does: every listed move,
/// castling with every rook of the back rank, and random moves.
#[test]
fn is_legal_judges_as_the_list_does() {
    let mut rng = Rng(0x5eed_0003);
    let mut judged = 0;
    for pos in game_positions(0x5eed_0004, 12, 120) {
        let legal = pos.legal_moves();
        let mut moves: Vec<Move> = legal.iter().copied().collect();
        let board = pos.board();
        let us = pos.turn();
        if let Some(king) = board.king_of(us) {
            for rook in board.by_piece(Role::Rook.of(us)) & Bitboard::from_rank(Rank::back_rank(us))
            {
                moves.push(Move::Castle { king, rook });
            }
        }
        for _ in 0..8 {
            let from = Square::new(rng.below(80) as u32).unwrap();
            let to = Square::new(rng.below(80) as u32).unwrap();
            let role = Role::CAPABLANCA[rng.below(8)];
            moves.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
        for m in moves {
            let listed = legal.contains(&m);
            assert_eq!(
                pos.is_legal(m),
                listed,
                "{m:?} in {}",
                record::record(pos.setup(), false)
            );
            assert_eq!(pos.play(m).is_ok(), listed);
            judged += 1;
        }
    }
    assert!(judged > 10_000, "{judged}");
}

/// A position and its mirror image (colours swapped) have the same perft.
#[test]
fn mirrored_positions_count_alike() {
    for pos in game_positions(0x5eed_0005, 8, 60).into_iter().step_by(7) {
        let mirror = Position::from_setup(pos.setup().mirror()).expect("the mirror is legal");
        assert_eq!(
            pos.perft(3),
            mirror.perft(3),
            "{}",
            record::record(pos.setup(), false)
        );
    }
}
