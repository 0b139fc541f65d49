//! The shortcut of validation (`ordinary`) against the full validation.

use super::error::judged_fen;
use super::ordinary::{attackers, ordinary};
use crate::board::{Board, Color, Role, Square};
use crate::rules::{Position, Report};
use crate::setup::chess960::SplitMix64;
use crate::setup::Variant;
use crate::text::fen::Fen;

/// The shortcut judges as the full validation does, for `fen` under
/// every variant: whatever it accepts, the full validation accepts with
/// the same setup, and the public entry points (shortcut first) give
/// exactly what the full validation gives, reports included. Returns
/// whether the shortcut took the record under the automatic choice.
fn agree(fen: &Fen) -> bool {
    let mut taken = false;
    for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
        let full = judged_fen(fen, variant);
        if let Some(setup) = ordinary(fen, variant) {
            taken |= variant.is_none();
            match &full {
                Ok(pos) => assert_eq!(pos.setup(), &setup, "{fen} {variant:?}"),
                Err(e) => panic!("{fen} {variant:?}: taken, but {e}"),
            }
        }
        match (Position::from_fen(fen, variant), full) {
            (Ok(a), Ok(b)) => assert_eq!(a.setup(), b.setup(), "{fen} {variant:?}"),
            (Err(a), Err(b)) => assert_eq!(a.report(), b.report(), "{fen} {variant:?}"),
            (a, b) => panic!("{fen} {variant:?}: {a:?} against {b:?}"),
        }
        assert_eq!(
            Report::of_fen(fen, variant),
            Report::judged_fen(fen, variant),
            "{fen} {variant:?}"
        );
    }
    taken
}

fn fen(record: &str) -> Fen {
    Fen::from_ascii(record.as_bytes()).unwrap_or_else(|e| panic!("{record}: {e}"))
}

/// Records at each edge of the shortcut: some it takes, most it must
/// leave to the full validation.
#[test]
fn edges_agree_with_the_full_validation() {
    for record in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFh - 2 9",
        "1r2k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 300 1",
        "4k3/8/8/8/8/8/8/RR2K1RR w GQ - 0 1",
        "4k3/8/8/8/8/8/8/RR2K1RR w BG - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        "kr6/8/8/8/8/8/8/KR6 w Kk - 0 1",
        "1kr5/8/8/8/8/8/8/2KR4 w Kk - 0 1",
        "7k/8/8/8/8/8/8/K7 w k - 0 1",
        "r6k/8/8/8/8/8/8/K7 w q - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 200 1",
        "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "4k3/ppppppp1/p7/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4kk2/8/8/8/8/8/8/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k2R/8/8/8/8/8/8/4K3 b - - 0 1",
        "4k3/3P4/8/8/8/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/5p2/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
        "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",
        "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",
        "4k3/8/8/8/8/8/8/3Kk3 w - - 0 1",
        "8/8/8/8/8/8/8/K1k5 b - - 0 1",
        "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
    ] {
        agree(&fen(record));
    }
}

/// A random record: kings often on their back ranks among rooks, other
/// pieces and pawns anywhere now and then, castling letters of every
/// kind, either side to move, sometimes an en-passant square or a
/// fullmove number of 0.
fn random_record(rng: &mut SplitMix64) -> String {
    let mut squares = [b'.'; 64];
    let mut put = |rng: &mut SplitMix64, piece: u8, back: Option<usize>| {
        let r = rng.next_u64();
        let sq = match back {
            Some(rank) if !r.is_multiple_of(4) => rank * 8 + (r >> 8) as usize % 8,
            _ => (r >> 8) as usize % 64,
        };
        squares[sq] = piece;
    };
    for (piece, back) in [(b'K', 0), (b'k', 7)] {
        if !rng.next_u64().is_multiple_of(50) {
            put(rng, piece, Some(back));
        }
        for _ in 0..rng.next_u64() % 4 {
            let rook = if piece == b'K' { b'R' } else { b'r' };
            put(rng, rook, Some(back));
        }
    }
    for _ in 0..rng.next_u64() % 24 {
        let piece = b"PNBRQKpnbrqk"[(rng.next_u64() % 12) as usize];
        // A third king now and then; a pawn of its colour otherwise.
        let piece = match piece {
            b'K' | b'k' if !rng.next_u64().is_multiple_of(8) => piece - b'K' + b'P',
            _ => piece,
        };
        put(rng, piece, None);
    }
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                b'.' => empty += 1,
                piece => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(char::from(piece));
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let turn = if rng.next_u64().is_multiple_of(2) {
        "w"
    } else {
        "b"
    };
    let castling = match rng.next_u64() % 8 {
        0 | 1 => "-".to_owned(),
        2 => "KQkq".to_owned(),
        3 => "Kk".to_owned(),
        _ => {
            let mut letters = String::new();
            for _ in 0..1 + rng.next_u64() % 4 {
                let c = char::from(b"KQkqABCDEFGHabcdefgh"[(rng.next_u64() % 20) as usize]);
                if !letters.contains(c) {
                    letters.push(c);
                }
            }
            letters
        }
    };
    let ep = match rng.next_u64() % 20 {
        0 => "e3",
        1 => "d6",
        _ => "-",
    };
    let fullmoves = if rng.next_u64().is_multiple_of(30) {
        0
    } else {
        12
    };
    format!("{placement} {turn} {castling} {ep} 3 {fullmoves}")
}

/// Random records, legal and not: the shortcut agrees with the full
/// validation on each, and takes some of them (one in thirty).
#[test]
fn random_records_agree_with_the_full_validation() {
    let mut rng = SplitMix64::new(0x6f72_6469_6e61_7279);
    let mut taken = 0;
    for _ in 0..40_000 {
        let record = random_record(&mut rng);
        taken += usize::from(agree(&fen(&record)));
    }
    assert!(taken > 1_000, "the shortcut took only {taken} records");
}

/// Whether the piece of `color` and `role` on `from` attacks `to` on
/// `board`, found by stepping along the board square by square: the
/// definition, apart from any table.
fn attacks_by_steps(board: &Board, from: Square, color: Color, role: Role, to: Square) -> bool {
    let (ff, fr) = (from.file().index() as i32, from.rank().index() as i32);
    let (tf, tr) = (to.file().index() as i32, to.rank().index() as i32);
    let (df, dr) = (tf - ff, tr - fr);
    let forward = if color == Color::White { 1 } else { -1 };
    let slides = |straight: bool, diagonal: bool| {
        let line = (straight && (df == 0) != (dr == 0)) || (diagonal && df.abs() == dr.abs());
        if !line || (df == 0 && dr == 0) {
            return false;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let (mut f, mut r) = (ff + sf, fr + sr);
        while (f, r) != (tf, tr) {
            let sq = Square::new((r * 8 + f) as u32).expect("on the board");
            if board.piece_at(sq).is_some() {
                return false;
            }
            f += sf;
            r += sr;
        }
        true
    };
    match role {
        Role::Pawn => dr == forward && df.abs() == 1,
        Role::Knight => df.abs() * dr.abs() == 2,
        Role::King => df.abs().max(dr.abs()) == 1,
        Role::Bishop => slides(false, true),
        Role::Rook => slides(true, false),
        Role::Queen => slides(true, true),
        // The 10x8 pieces never stand on an 8x8 board.
        _ => false,
    }
}

/// The shortcut's attack test finds, on random boards, for every square
/// and both colours, exactly the pieces that attack the square by the
/// definition.
#[test]
fn attackers_are_the_pieces_that_attack() {
    let mut rng = SplitMix64::new(0x6174_7461_636b_6572);
    for _ in 0..400 {
        let record = random_record(&mut rng);
        let board = &fen(&record).board;
        for to in (0..64).filter_map(Square::new) {
            for color in [Color::White, Color::Black] {
                let expected: Vec<Square> = (0..64)
                    .filter_map(Square::new)
                    .filter(|&from| {
                        board.piece_at(from).is_some_and(|p| {
                            p.color == color && attacks_by_steps(board, from, color, p.role, to)
                        })
                    })
                    .collect();
                let found: Vec<Square> = attackers(board, to, color, board.occupied())
                    .into_iter()
                    .collect();
                assert_eq!(found, expected, "{record}: {color:?} on {to:?}");
            }
        }
    }
}
