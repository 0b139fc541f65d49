//! Any text read as a Popeye input (whole, and problem by problem), and as
//! a problem statement, never panics; an error points inside the input (a
//! line that exists, a column within it or just past its end); every
//! problem read has a position with the stipulation's first mover to move
//! (White; Black in a helpmate in whole moves and after the key), legal or
//! with what validation refused set aside, a pawn on a back rank never
//! moves, a short search of its stipulation never panics (the side not to
//! move in check, pawns on back ranks, every goal read), and a problem
//! written back as a Popeye
//! input (its pieces listed by square) reads to the same board. Each
//! problem's twins are made without a panic. Read problem by problem, the
//! input gives at least one result, and its first fault is the whole
//! input's. Any text read as a stipulation, and as a statement with
//! twins, never panics.
#![no_main]

use forsyth::solve::{
    read_popeye, read_popeye_each, ChessProblem, ParsePopeyeError, Solver, Stipulation,
};
use forsyth::{Bitboard, Color, Role};
use libfuzzer_sys::fuzz_target;

fn letter(role: Role) -> char {
    match role {
        Role::Pawn => 'P',
        Role::Knight => 'S',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        // The king (Role is non-exhaustive).
        _ => 'K',
    }
}

fn check_written_back(p: &ChessProblem) {
    let postkey = p.asks_postkey() && p.stipulation.is_none_or(|s| !s.is_lines());
    let first = if postkey || p.stipulation.is_some_and(|s| s.defender_starts()) {
        Color::Black
    } else {
        Color::White
    };
    assert_eq!(p.position.turn(), first);
    for m in p.position.legal_moves().iter() {
        assert!(!(m.role() == Role::Pawn && Bitboard::BACKRANKS.contains(m.from())));
    }
    if let Some(s) = p.stipulation {
        let mut solver = Solver::new(s);
        if let Some(moves) = p.max_threat() {
            solver = solver.max_threat(moves);
        }
        if let Some(most) = p.max_refutations() {
            solver = solver.max_refutations(most);
        }
        let _ = solver
            .avoid_trivial_tries(p.asks_trivial_tries_avoided())
            .set_play(p.asks_set_play())
            .postkey(p.asks_postkey())
            .max_nodes(2_000)
            .solve(&p.position);
    }
    for twin in p.twin_problems() {
        if let Err(e) = twin {
            assert!(!e.to_string().is_empty());
        }
    }
    let mut input = String::from("beginproblem\npieces\n");
    for color in Color::ALL {
        input.push_str(if color == Color::White {
            "white"
        } else {
            "black"
        });
        for (sq, piece) in p.position.board().pieces() {
            if piece.color == color {
                input.push_str(&format!(" {}{sq}", letter(piece.role)));
            }
        }
        input.push('\n');
    }
    input.push_str("endproblem\n");
    let again = read_popeye(&input).expect("a written problem reads");
    assert_eq!(again[0].position.board(), p.position.board(), "{input}");
}

fn check_error(text: &str, e: &ParsePopeyeError) {
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(e.line >= 1 && e.line <= lines.len(), "line {}", e.line);
    assert!(
        e.column >= 1 && e.column <= lines[e.line - 1].len() + 1,
        "col {}",
        e.column
    );
    assert!(!e.to_string().is_empty());
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let whole = read_popeye(&text);
    let each = read_popeye_each(&text);
    assert!(!each.is_empty());
    for read in &each {
        match read {
            Ok(p) => check_written_back(p),
            Err(e) => check_error(&text, e),
        }
    }
    match whole {
        Ok(problems) => assert_eq!(problems.len(), each.len()),
        Err(e) => assert_eq!(
            Some(&e),
            each.iter().find_map(|r| r.as_ref().err()),
            "the first fault"
        ),
    }
    match ChessProblem::from_statement(&text, None) {
        Ok(p) => {
            let _ = p.twin_problems();
        }
        Err(e) => {
            assert!(e.offset <= text.len());
            assert!(!e.to_string().is_empty());
        }
    }
    if let Ok(s) = text.parse::<Stipulation>() {
        assert_eq!(s.to_string().parse::<Stipulation>(), Ok(s));
    }
});
