//! Any bytes: replaying never panics and always ends; every game the
//! reader finds gets one verdict from `Replay` (numbered from 1, in order),
//! a game the reader found a syntax error in (but a missing result) is
//! never judged legal, and every error between games is reported (the same
//! as the reader's), so every byte is part of a game or reported. Every
//! game is exported: read again, a game whose start was read replays
//! without fault to the same final position (a game with a fault is
//! written up to it) and with the same result; one whose start is at fault
//! has a fault again.
#![no_main]

use forsyth::fen::CastlingNotation;
use forsyth::pgn::{Collect, GameResult, PgnErrorKind, Reader};
use forsyth::pgn::{Export, Replay};
use forsyth::Position;
use libfuzzer_sys::fuzz_target;

fn fen(pos: &Position) -> String {
    let xfen = CastlingNotation::XFen.into();
    pos.setup()
        .to_fen(&xfen)
        .expect("X-FEN says every position")
}

fuzz_target!(|data: &[u8]| {
    let mut collect = Collect::default();
    let mut games = Vec::new();
    Reader::new(data)
        .read_all(&mut collect, |g| games.push(g))
        .expect("a slice never fails");

    let mut replay = Replay::default();
    let mut verdicts = Vec::new();
    Reader::new(data)
        .read_all(&mut replay, |g| verdicts.push(g))
        .expect("a slice never fails");
    assert_eq!(verdicts.len(), games.len(), "one verdict per game");
    let stray = replay.take_stray();
    assert_eq!(stray, collect.outside, "every error between games reported");

    let mut export = Export::default();
    let mut exported = Vec::new();
    Reader::new(data)
        .read_all(&mut export, |g| exported.push(g))
        .expect("a slice never fails");
    assert_eq!(exported.len(), games.len());

    for ((game, verdict), out) in games.iter().zip(&verdicts).zip(&exported) {
        assert_eq!(game.start, verdict.start);
        if game
            .errors
            .iter()
            .any(|e| e.kind != PgnErrorKind::MissingResult)
        {
            assert!(!verdict.is_ok(), "a syntax error is the game's fault");
        }
        if !verdict.is_ok() {
            assert_eq!(verdict.result, GameResult::Unknown);
        }
        if let Some(e) = &verdict.error {
            let _ = e.to_string();
            assert!(e.span().end() <= data.len() as u64);
        }
        assert_eq!(verdict.error, out.game.error);
        // X-FEN says every start: every game is written.
        let pgn = out.pgn.as_ref().expect("every game is exported");
        let again = Reader::new(pgn.as_bytes())
            .read_game(&mut Replay::final_only())
            .expect("a slice never fails")
            .expect("an export holds its game");
        if verdict.positions.is_empty() {
            assert!(!again.is_ok(), "a start at fault stays so\n{pgn}");
            continue;
        }
        assert!(
            again.is_ok(),
            "the export replays: {:?}\n{pgn}",
            again.error
        );
        assert_eq!(again.result, verdict.result, "{pgn}");
        let before = verdict.positions.last().map(fen);
        let after = again.positions.last().map(fen);
        assert_eq!(before, after, "the export ends where the game did\n{pgn}");
    }
});
