//! `forsyth perft`, `forsyth moves` and `forsyth play`: legal moves of a
//! position.

use std::io::{self, Write};
use std::time::Instant;

use forsyth::{CastlingMode, Fen, Position, Report, Setup};

use crate::cli::{MoveFormatArg, MovesArgs, PerftArgs, PlayArgs, UciCastlingArg, VariantArg};
use crate::show::parse_fen_arg;
use crate::Outcome;

/// A legal position from a FEN argument, or the message saying why not.
fn position(words: &[String], variant: VariantArg) -> Result<Position, String> {
    let fen: Fen = parse_fen_arg(words)?;
    Report::of_fen(&fen, variant.variant())
        .into_position()
        .map_err(|e| {
            let mut s = String::from("illegal position");
            for p in e.problems() {
                s.push_str(&format!("\n  {p}"));
            }
            s
        })
}

fn castling_mode(arg: UciCastlingArg, setup: &Setup) -> CastlingMode {
    match arg {
        UciCastlingArg::Auto => CastlingMode::from_variant(setup.variant),
        UciCastlingArg::Standard => CastlingMode::Standard,
        UciCastlingArg::Chess960 => CastlingMode::Chess960,
    }
}

fn fail(message: &str) -> io::Result<Outcome> {
    eprintln!("forsyth: {message}");
    Ok(Outcome::Rejected)
}

pub fn perft(args: &PerftArgs) -> io::Result<Outcome> {
    let pos = match position(std::slice::from_ref(&args.fen), args.variant) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mode = castling_mode(args.uci_castling, pos.setup());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let start = Instant::now();
    let nodes = if args.divide {
        let mut rows: Vec<(String, u64)> = pos
            .divide(args.depth)
            .into_iter()
            .map(|(m, n)| (pos.uci(m, mode), n))
            .collect();
        rows.sort();
        for (uci, n) in &rows {
            writeln!(out, "{uci}: {n}")?;
        }
        writeln!(out)?;
        rows.iter().map(|r| r.1).sum()
    } else {
        pos.perft(args.depth)
    };
    let elapsed = start.elapsed();
    writeln!(out, "{nodes}")?;
    out.flush()?;
    if args.stats {
        eprintln!(
            "depth {} nodes {nodes} in {:.3} s ({:.0} nodes/s)",
            args.depth,
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64().max(1e-9)
        );
    }
    Ok(Outcome::Ok)
}

pub fn moves(args: &MovesArgs) -> io::Result<Outcome> {
    let pos = match position(&args.fen, args.variant) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mode = castling_mode(args.uci_castling, pos.setup());
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| match args.format {
            MoveFormatArg::Uci => pos.uci(m, mode),
            MoveFormatArg::San => pos.san(m),
        })
        .collect();
    list.sort();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for m in &list {
        writeln!(out, "{m}")?;
    }
    out.flush()?;
    Ok(Outcome::Ok)
}

pub fn play(args: &PlayArgs) -> io::Result<Outcome> {
    let words = std::slice::from_ref(&args.fen);
    let pos = match position(words, args.variant) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mut game = forsyth::Game::new(pos);
    if let Err(e) = game.play_moves(&args.moves) {
        return fail(&format!("{} ({})", e, e.kind().name()));
    }
    let fen = match game.position().setup().to_fen(&args.output.write_options()) {
        Ok(fen) => fen,
        Err(e) => return fail(&e.to_string()),
    };
    println!("{fen}");
    match game.outcome() {
        Some(forsyth::Outcome::FivefoldRepetition) => {
            eprintln!("forsyth: fivefold repetition: the game is drawn");
        }
        Some(outcome) => eprintln!("forsyth: game over: {outcome}"),
        None => {
            for claim in game.draw_claims() {
                eprintln!("forsyth: {claim}");
            }
        }
    }
    Ok(Outcome::Ok)
}
