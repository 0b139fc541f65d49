//! What the integration tests share: the position helpers, the one
//! generator of random cases, property-test strategies and slow references.
#![allow(dead_code)]

pub mod capablanca;
pub mod rng;
pub use rng::Rng;

use forsyth::fen::Fen;
use forsyth::{
    Board, CastlingRights, Chess960Start, Color, File, Piece, Position, Rank, Role, Setup, Square,
    Variant,
};
use proptest::prelude::*;

/// The position of a FEN, X-FEN or Shredder-FEN line that the test knows to
/// be legal (the variant read from the castling field).
pub fn pos(fen: &str) -> Position {
    let fen = Fen::from_ascii(fen.as_bytes()).expect("valid fen");
    Position::from_fen(&fen, None).expect("legal")
}

/// The Chess960 start numbered `n` (0–959) as a position.
pub fn chess960(n: u16) -> Position {
    let start = Chess960Start::new(n).expect("a start number below 960");
    Position::from_setup(start.to_setup()).expect("a start is legal")
}

/// The back rank of any of the 960 starts.
pub fn arb_back_rank() -> impl Strategy<Value = [Role; 8]> {
    (0u16..960).prop_map(|n| Chess960Start::new(n).unwrap().back_rank())
}

/// A legal-looking setup: a 960 start with random pieces (never kings)
/// removed, pawns advanced at random, random side to move and clocks, and
/// a random subset of the castling rights that the board still allows.
pub fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        arb_back_rank(),
        any::<u32>(),
        any::<u64>(),
        any::<bool>(),
        0u32..200,
        1u32..300,
        0u8..16,
    )
        .prop_map(|(back, drop, pawn_moves, black, half, full, keep)| {
            let mut board = Board::from_back_rank(&back);
            // Drop pieces: bit i of `drop` removes the i-th non-king piece.
            let removable: Vec<Square> = board
                .occupied()
                .into_iter()
                .filter(|&sq| board.role_at(sq) != Some(Role::King))
                .collect();
            for (i, sq) in removable.iter().enumerate() {
                if drop >> (i % 32) & 1 == 1 && (i < 32 || drop >> ((i + 7) % 32) & 1 == 1) {
                    board.discard_piece_at(*sq);
                }
            }
            // Advance some pawns one or two squares where empty.
            for (i, file) in File::ALL.into_iter().enumerate() {
                for color in Color::ALL {
                    let steps = (pawn_moves >> (i * 4 + color.index() * 2)) & 3;
                    let from = Square::from_coords(file, Rank::Second.relative_to(color));
                    if steps == 0 || board.piece_at(from) != Some(Role::Pawn.of(color)) {
                        continue;
                    }
                    let dr = if color.is_white() {
                        steps as i32
                    } else {
                        -(steps as i32)
                    };
                    if let Some(to) = from.offset(0, dr) {
                        if board.piece_at(to).is_none() {
                            board.discard_piece_at(from);
                            board.set_piece_at(
                                to,
                                Piece {
                                    color,
                                    role: Role::Pawn,
                                },
                            );
                        }
                    }
                }
            }
            let mut castling = CastlingRights::none();
            let mut bit = 0;
            for color in Color::ALL {
                let king = board.king_of(color).unwrap();
                let back = Rank::back_rank(color);
                for file in File::ALL {
                    let sq = Square::from_coords(file, back);
                    if board.piece_at(sq) == Some(Role::Rook.of(color)) {
                        if keep >> (bit % 8) & 1 == 1 {
                            let _ = castling.add(color, king.file(), file);
                        }
                        bit += 1;
                    }
                }
            }
            let mut setup = Setup {
                board,
                turn: if black { Color::Black } else { Color::White },
                castling,
                ep_square: None,
                halfmoves: half,
                fullmoves: full,
                variant: Variant::Chess960,
            };
            setup.variant = setup.natural_variant();
            setup
        })
}

/// Slow reference: is `sq` attacked by a piece of `by`? Walks the board
/// square by square.
pub fn slow_attacked(board: &Board, sq: Square, by: Color) -> bool {
    let at = |df: i32, dr: i32| sq.offset(df, dr).and_then(|s| board.piece_at(s));
    let is = |p: Option<Piece>, roles: &[Role]| {
        p.is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    if knight.iter().any(|&(f, r)| is(at(f, r), &[Role::Knight])) {
        return true;
    }
    for f in -1..=1 {
        for r in -1..=1 {
            if (f, r) != (0, 0) && is(at(f, r), &[Role::King]) {
                return true;
            }
        }
    }
    // A pawn of `by` attacks diagonally forward, so it stands diagonally
    // behind `sq` as `by` sees it; one on a back rank (which only a problem
    // holds) attacks nothing.
    let behind = if by == Color::White { -1 } else { 1 };
    let pawn = |df: i32| {
        let from = sq
            .offset(df, behind)
            .filter(|s| !matches!(s.rank(), Rank::First | Rank::Eighth));
        is(from.and_then(|s| board.piece_at(s)), &[Role::Pawn])
    };
    if pawn(-1) || pawn(1) {
        return true;
    }
    for (df, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let line = if df == 0 || dr == 0 {
            Role::Rook
        } else {
            Role::Bishop
        };
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if let Some(p) = board.piece_at(next) {
                if p.color == by && (p.role == line || p.role == Role::Queen) {
                    return true;
                }
                break;
            }
            cur = next;
        }
    }
    false
}

/// The small positions of the solver's properties: White's king on `wk`,
/// Black's on `bk`, then each of `others` (a square and an index into
/// `pieces`) where its square is still empty, `turn` to move; `None` when a
/// square is off the board, the kings share one, or the position is not
/// legal.
pub fn sparse_position(
    wk: u32,
    bk: u32,
    others: &[(u32, usize)],
    pieces: &[(Role, Color)],
    turn: Color,
) -> Option<Position> {
    let mut board = Board::empty();
    board.set_piece_at(Square::new(wk)?, Role::King.of(Color::White));
    let bk = Square::new(bk)?;
    if board.piece_at(bk).is_some() {
        return None;
    }
    board.set_piece_at(bk, Role::King.of(Color::Black));
    for &(sq, pick) in others {
        let sq = Square::new(sq)?;
        if board.piece_at(sq).is_none() {
            let (role, color) = pieces[pick];
            board.set_piece_at(sq, Piece { color, role });
        }
    }
    let setup = Setup {
        board,
        turn,
        castling: Default::default(),
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        variant: Variant::Standard,
    };
    Position::from_setup(setup).ok()
}

/// The solver's properties' small positions: White's king anywhere,
/// Black's on a square of `black_king` (its back rank, `56..64`, makes
/// stalemates and mates come often), one to three of `pieces` where their
/// squares are empty, either side to move.
pub fn arb_sparse_position(
    pieces: &'static [(Role, Color)],
    black_king: std::ops::Range<u32>,
) -> impl Strategy<Value = Option<Position>> {
    (
        0u32..64,
        black_king,
        any::<bool>(),
        prop::collection::vec((0u32..64, 0..pieces.len()), 1..4),
    )
        .prop_map(move |(wk, bk, black, others)| {
            sparse_position(
                wk,
                bk,
                &others,
                pieces,
                if black { Color::Black } else { Color::White },
            )
        })
}

/// The other side to move, no en passant: a side passes (a series' other
/// side, or Black first in set play).
pub fn pass(pos: &Position) -> Position {
    let mut setup = pos.setup().clone();
    setup.turn = !setup.turn;
    setup.ep_square = None;
    Position::from_setup(setup).expect("a side not in check may pass")
}

/// A solving goal as specs/solve.md §1 defines it, reached by the move `m`
/// that led to `next`.
pub fn reached(goal: forsyth::solve::Goal, m: forsyth::Move, next: &Position) -> bool {
    use forsyth::solve::Goal;
    let none = next.legal_moves().is_empty();
    match goal {
        Goal::Mate => none && next.is_check(),
        Goal::Stalemate => none && !next.is_check(),
        Goal::MateOrStalemate => none,
        Goal::DoubleStalemate => none && !next.is_check() && pass(next).legal_moves().is_empty(),
        Goal::Check => next.is_check(),
        Goal::Capture => m.capture().is_some(),
        Goal::Target(square) => m.to() == square,
        _ => unimplemented!("the goals of the tests"),
    }
}
