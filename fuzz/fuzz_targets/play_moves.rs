//! A record on the first line, move text after it. Reading moves (SAN or
//! UCI) never panics on any text; every legal move's SAN and UCI (in both
//! castling conventions, Chess960 too) read back to that move; perft(1)
//! counts the legal moves; a position reached from a legal one by a legal
//! move is legal again. Positions that validation
//! rejects only for problems move generation stays sound on (the
//! `is_ignorable` kinds) are played too.
#![no_main]

use forsyth::fen::Fen;
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::validate::{ProblemKind, Report};
use forsyth::Position;
use libfuzzer_sys::fuzz_target;

const IGNORABLE: [ProblemKind; 6] = [
    ProblemKind::ImpossibleCheck,
    ProblemKind::TooManyCheckers,
    ProblemKind::EnPassantImpossibleCheck,
    ProblemKind::CastlingAsymmetric,
    ProblemKind::TooManyPawns,
    ProblemKind::TooManyPieces,
];

fuzz_target!(|data: &[u8]| {
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(fen) = Fen::from_ascii(head) else {
        return;
    };
    let mut pos = match Position::from_fen(&fen, None) {
        Ok(pos) => pos,
        Err(e) => match e.ignore(&IGNORABLE) {
            Ok(pos) => pos,
            Err(_) => return,
        },
    };
    let mut legal_so_far = Report::of_setup(pos.setup().clone()).is_legal();
    let text = String::from_utf8_lossy(tail);
    for token in text.split_ascii_whitespace().take(16) {
        let moves = pos.legal_moves();
        assert_eq!(pos.perft(1), moves.len() as u64);
        assert_eq!(pos.count_legal_moves(), moves.len());
        for &m in moves.as_slice() {
            assert!(pos.is_legal(m));
            let san = pos.san(m);
            assert_eq!(pos.parse_move(&san).ok(), Some(m), "{san}");
            for mode in [CastlingMode::Chess960, CastlingMode::Standard] {
                let uci = UciMove::from_move(m, mode);
                assert_eq!(uci.to_move(&pos).ok(), Some(m), "{uci}");
            }
        }
        let _ = pos.outcome();
        match pos.parse_move(token) {
            Ok(m) => {
                assert!(moves.as_slice().contains(&m));
                pos = pos.play(m).expect("a parsed move is legal");
                let report = Report::of_setup(pos.setup().clone());
                if legal_so_far {
                    assert!(
                        report.is_legal(),
                        "{}: {:?}",
                        pos.setup(),
                        report.problems()
                    );
                }
                legal_so_far = report.is_legal();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
