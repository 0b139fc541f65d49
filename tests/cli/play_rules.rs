//! `forsyth play` and the rules of the game: repetitions
//! and the fifty-move rule reported from the game's history (FIDE Laws,
//! articles 9.2, 9.3, 9.6), moves after the end refused, every illegal move
//! refused with its reason and squares, move text close to a legal move
//! read, and the passed en-passant square kept for `--ep always`.

use crate::util::{assert_contains, forsyth};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Knights out and back: after each round the start position stands again.
const SHUFFLE: [&str; 4] = ["Nf3", "Nc6", "Ng1", "Nb8"];

fn play(fen: &str, moves: &[&str]) -> crate::util::Run {
    let mut args = vec!["play", fen];
    args.extend_from_slice(moves);
    forsyth(&args, b"")
}

fn shuffles(rounds: usize) -> Vec<&'static str> {
    SHUFFLE.repeat(rounds)
}

#[test]
fn threefold_repetition_may_be_claimed() {
    // Twice round: the start position stands for the third time, 8 plies
    // later, with the clocks moved on.
    let r = play(START, &shuffles(2));
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\n"
        )
    );
    assert_contains(&r.stderr, "threefold repetition: a draw may be claimed");
    // Once round: only twice, nothing to report.
    let r = play(START, &shuffles(1));
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
}

#[test]
fn fivefold_repetition_ends_the_game_and_refuses_more_moves() {
    let r = play(START, &shuffles(4));
    assert_eq!(r.code, 0);
    assert_contains(&r.stderr, "fivefold repetition: the game is drawn");
    assert!(!r.stderr.contains("threefold"), "{}", r.stderr);
    let mut moves = shuffles(4);
    moves.push("e4");
    refused_after_the_end(&play(START, &moves), "move 17 (e4)", "fivefold repetition");
}

/// `play` refused the move `mv` (as the message names it) because the game
/// ended, by `end`.
#[track_caller]
fn refused_after_the_end(r: &crate::util::Run, mv: &str, end: &str) {
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, mv);
    assert_contains(&r.stderr, end);
    assert_contains(&r.stderr, "(game_over)");
}

#[test]
fn fifty_move_rule_may_be_claimed() {
    // Halfmove clock 99: one more move without a capture or pawn move makes
    // fifty moves by each side.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 99 80";
    let r = play(fen, &["Rh2"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "4k3/8/8/8/8/8/7R/4K3 b - - 100 80\n")
    );
    assert_contains(&r.stderr, "fifty-move rule: a draw may be claimed");
    // A pawn move resets the clock: nothing to claim.
    let r = play("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", &["e4"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
}

#[test]
fn a_move_after_checkmate_is_refused_with_the_reason() {
    let r = play(START, &["f3", "e5", "g4", "Qh4#", "Nf3"]);
    refused_after_the_end(&r, "move 5 (Nf3)", "checkmate");
}

/// Each refusal: the position, the move, the kind and the squares the
/// reason must name (worked out on the board by hand).
#[test]
fn illegal_moves_name_the_reason_and_the_squares() {
    let cases: [(&str, &str, &str, &[&str]); 9] = [
        // The knight on d2 shields its king on e1 from the bishop on b4.
        (
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "Nf3",
            "pinned",
            &["d2", "b4"],
        ),
        // The rook on f8 attacks f1, which the king passes.
        (
            "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O",
            "castling_through_check",
            &["f1", "f8"],
        ),
        // In check from the rook on e8.
        (
            "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O",
            "castling_out_of_check",
            &["e1", "e8"],
        ),
        // The bishop on f1 stands between the king and the rook.
        (START, "O-O", "castling_blocked", &["f1"]),
        // The king would step onto e1, on the rook's file.
        (
            "4k3/8/8/8/8/8/4r3/3K4 w - - 0 1",
            "Ke1",
            "into_check",
            &["e1", "e2"],
        ),
        // The king is in check from the rook on e8; a knight move does not
        // answer it.
        (
            "4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1",
            "Nc3",
            "in_check",
            &["e8"],
        ),
        // No white bishop can reach b5 (the pawn on e2 is in the way).
        (START, "Bb5", "unreachable", &["b5"]),
        // The pawn on e7 is Black's.
        (START, "e7e5", "other_side", &["e7", "black"]),
        // Nothing on e3.
        (START, "e3e4", "no_piece", &["e3"]),
    ];
    for (fen, mv, kind, squares) in cases {
        let r = play(fen, &[mv]);
        assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{mv}");
        assert!(
            r.stderr.contains(&format!("({kind})")),
            "{mv}: {}",
            r.stderr
        );
        for sq in squares {
            assert!(r.stderr.contains(sq), "{mv}: {sq} in {}", r.stderr);
        }
    }
}

#[test]
fn ambiguity_lists_the_candidates() {
    let r = play("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", &["Nd2"]);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "Nbd2 or Nfd2");
    assert_contains(&r.stderr, "(ambiguous_san)");
}

#[test]
fn move_numbers_long_algebraic_and_ep_words_read() {
    // 1.e4 e5 2.Nf3, as PGN and as long algebraic.
    let expected = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n";
    for moves in [
        &["1.", "e4", "e5", "2.", "Nf3"][..],
        &["1.e4", "1...e5", "2.Nf3"],
        &["1.", "e2-e4", "1...", "e7-e5", "Ng1-f3"],
    ] {
        let r = play(START, moves);
        assert_eq!((r.code, r.stdout.as_str()), (0, expected), "{moves:?}");
    }
    // `x` must capture.
    let r = play(START, &["e2xe4"]);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "(nothing_to_capture)");
    // 1.e4 Nf6 2.e5 d5 3.exd6 e.p.: the white pawn lands on d6, the black
    // pawn on d5 is gone.
    let r = play(START, &["e4", "Nf6", "e5", "d5", "exd6", "e.p."]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3\n"
        )
    );
    // `e.p.` after a move that is not en passant says so.
    let r = play(START, &["e4", "e.p."]);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "(not_en_passant)");
}

#[test]
fn unreadable_text_suggests_the_nearest_legal_move() {
    // "Nf33" is one deletion from Nf3 and two edits from any other move.
    let r = play(START, &["Nf33"]);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "did you mean Nf3?");
}

#[test]
fn ep_always_keeps_the_square_the_pawn_passed() {
    let r = forsyth(&["play", "--ep", "always", START, "e4"], b"");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
        )
    );
    // The default (legal) mode writes it only when a capture is legal.
    let r = forsyth(&["play", START, "e4"], b"");
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
}

/// A lowercase `b` names a bishop when no pawn move fits: `bb7` after 1.e4
/// b6 2.d4 is the c8 bishop's move (the b pawn stands on b6 and cannot go
/// back); a pawn that can go there keeps priority. Positions after worked
/// out on the board.
#[test]
fn lowercase_b_is_the_bishop_when_no_pawn_move_fits() {
    let r = play(START, &["e4", "b6", "d4", "bb7"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rn1qkbnr/pbpppppp/1p6/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3\n"
        ),
        "{}",
        r.stderr
    );
    let r = play("4k3/8/1P6/3B4/8/8/8/4K3 w - - 0 1", &["bb7"]);
    assert_eq!(r.stdout, "4k3/1P6/8/3B4/8/8/8/4K3 b - - 0 1\n");
}

/// Movetext pasted as one argument is cut into moves, and a result at the
/// end closes the list instead of being read as a move; a move after the
/// result is refused. The position after 1.e4 e5 2.Nf3 Nc6 is
/// python-chess's.
#[test]
fn pasted_movetext_is_cut_into_moves_and_a_result_ends_it() {
    let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
    for moves in [
        &["1. e4 e5 2. Nf3 Nc6"][..],
        &["1. e4 e5 2. Nf3 Nc6 1-0"],
        &["1.e4", "e5", "2.Nf3", "Nc6", "1/2-1/2"],
        &["1. e4 e5", "2. Nf3 Nc6", "*"],
    ] {
        let r = play(START, moves);
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, after),
            "{moves:?}: {}",
            r.stderr
        );
    }
    let r = play(START, &["1. e4 e5 2. Nf3 Nc6 0-1 3. Bb5"]);
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "'3.' follows the result 0-1");
    assert_contains(&r.stderr, "(after_result)");
    // The same in a notation given by name, with a printed ending.
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-en",
            "1.P-K4 P-K4 2.N-KB3 N-QB3 Resigns",
        ],
        b"",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, after), "{}", r.stderr);
    let r = forsyth(
        &["play", "startpos", "--notation", "san", "e4 e5 1-0 Nf3"],
        b"",
    );
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "'Nf3' follows the result 1-0");
}
