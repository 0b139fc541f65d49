//! Any text read as a Popeye input, and as a problem statement, never
//! panics; an error points inside the input (a line that exists, a column
//! within it or just past its end); every problem read has a legal
//! position with White to move, and a problem written back as a Popeye
//! input (its pieces listed by square) reads to the same position.
#![no_main]

use forsyth::{read_popeye, ChessProblem, Color, Role};
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

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match read_popeye(&text) {
        Ok(problems) => {
            for p in problems {
                assert_eq!(p.position.turn(), Color::White);
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
                assert_eq!(again[0].position, p.position, "{input}");
            }
        }
        Err(e) => {
            let lines: Vec<&str> = text.split('\n').collect();
            assert!(e.line >= 1 && e.line <= lines.len(), "line {}", e.line);
            assert!(
                e.column >= 1 && e.column <= lines[e.line - 1].len() + 1,
                "col {}",
                e.column
            );
            assert!(!e.to_string().is_empty());
        }
    }
    if let Err(e) = ChessProblem::from_statement(&text, None) {
        assert!(e.offset <= text.len());
        assert!(!e.to_string().is_empty());
    }
});
