//! `fen::Writer` writes each record as `write_fen` writes it, whatever came
//! before: along random games from all 960 starts and the published games,
//! in every castling encoding and en-passant mode, and between unrelated
//! setups. A record the encoding cannot say appends nothing and fails as
//! `write_fen` fails.

use forsyth::fen::{
    write_fen, CastlingNotation, EnPassantMode, ShredderOrder, WriteFenError, WriteOptions, Writer,
};
use forsyth::pgn::{Reader, Replay};
use forsyth::{Position, Setup};
use proptest::prelude::*;

use crate::common::{arb_setup, chess960, rng::Rng};

fn every_option() -> Vec<WriteOptions> {
    let mut all = Vec::new();
    for castling in [
        CastlingNotation::Standard,
        CastlingNotation::Shredder,
        CastlingNotation::XFen,
    ] {
        for en_passant in [
            EnPassantMode::Legal,
            EnPassantMode::Pseudo,
            EnPassantMode::Always,
        ] {
            for shredder_order in [ShredderOrder::Files, ShredderOrder::Wings] {
                all.push(WriteOptions {
                    castling,
                    shredder_order,
                    en_passant,
                });
            }
        }
    }
    all
}

/// Writes `setup` with `writer` after what `out` holds, and checks the
/// bytes appended against `write_fen`.
fn check(writer: &mut Writer, setup: &Setup, out: &mut Vec<u8>) {
    let before = out.len();
    let mut expected = String::new();
    let written = writer.write(setup, out);
    match write_fen(setup, writer.options(), &mut expected) {
        Ok(()) => {
            assert_eq!(written, Ok(()), "{expected}");
            assert_eq!(std::str::from_utf8(&out[before..]), Ok(expected.as_str()));
        }
        Err(WriteFenError::Lossy(e)) => {
            assert_eq!(written, Err(e), "{setup}");
            assert_eq!(out.len(), before, "{setup}: nothing appended");
        }
        Err(e) => panic!("{setup}: {e}"),
    }
}

#[test]
fn random_games_from_every_start_are_written_as_write_fen_writes() {
    let mut rng = Rng::new(0x6a09_e667_f3bc_c908);
    let options = every_option();
    for n in 0..960u16 {
        let mut writer = Writer::new(options[n as usize % options.len()]);
        let mut out = Vec::new();
        let mut pos: Position = chess960(n);
        for _ in 0..80 {
            check(&mut writer, pos.setup(), &mut out);
            out.push(b'\n');
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            pos = pos.play(m).expect("legal");
        }
    }
}

#[test]
fn published_games_are_written_as_write_fen_writes() {
    let text = include_str!("data/pgn/published.pgn");
    let mut games = Vec::new();
    Reader::new(text.as_bytes())
        .read_all(&mut Replay::default(), |g| games.push(g))
        .expect("read from memory");
    assert_eq!(games.len(), text.matches("\n[Event ").count() + 1);
    for options in every_option() {
        let mut writer = Writer::new(options);
        let mut out = Vec::new();
        for game in &games {
            for pos in &game.positions {
                check(&mut writer, pos.setup(), &mut out);
            }
        }
    }
}

proptest! {
    /// Unrelated setups one after another through one writer: no rank is
    /// kept from a board where it differs.
    #[test]
    fn unrelated_setups_are_written_as_write_fen_writes(
        setups in prop::collection::vec(arb_setup(), 1..12),
        option in 0..18usize,
    ) {
        let mut writer = Writer::new(every_option()[option]);
        let mut out = Vec::new();
        for setup in &setups {
            check(&mut writer, setup, &mut out);
        }
    }
}
