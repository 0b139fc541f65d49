//! `forsyth perft`, `forsyth moves` and `forsyth play`: legal moves of a
//! position.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

use forsyth::{CastlingMode, CheckMarkers, Move, Notation, Position, Setup};

use crate::options::{Moves, Perft, Play};
use crate::position::legal;
use crate::progress::Progress;
use crate::Outcome;

/// The UCI castling convention: as asked, else by the position's variant.
fn castling_mode(asked: Option<CastlingMode>, setup: &Setup) -> CastlingMode {
    asked.unwrap_or_else(|| CastlingMode::from_variant(setup.variant))
}

fn fail(message: &str) -> io::Result<Outcome> {
    crate::note(message);
    Ok(Outcome::Rejected)
}

pub fn perft(args: &Perft) -> io::Result<Outcome> {
    let pos = match legal(&args.position, args.legality) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mode = castling_mode(args.uci_castling, pos.setup());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let start = Instant::now();
    let rows = divide(&pos, args.depth, args.progress, args.threads);
    let nodes: u64 = rows.iter().map(|r| r.1).sum();
    if args.divide {
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .filter_map(|(m, n)| Some((pos.uci(m?, mode), n)))
            .collect();
        rows.sort();
        for (uci, n) in &rows {
            writeln!(out, "{uci}: {n}")?;
        }
        writeln!(out)?;
    }
    let elapsed = start.elapsed();
    writeln!(out, "{nodes}")?;
    out.flush()?;
    if args.stats {
        let _ = writeln!(
            io::stderr(),
            "depth {} nodes {nodes} in {:.3} s ({:.0} nodes/s)",
            args.depth,
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64().max(1e-9)
        );
    }
    Ok(Outcome::Ok)
}

/// Each legal move with the perft count below it (`depth` 0: the position
/// itself, one node under no move), in move generation order, showing
/// progress root move by root move. The root moves are shared out among
/// `threads` threads, each taking the next move not yet taken.
fn divide(pos: &Position, depth: u32, progress: bool, threads: usize) -> Vec<(Option<Move>, u64)> {
    if depth == 0 {
        return vec![(None, 1)];
    }
    let mut progress = Progress::new(progress, "nodes");
    let moves = pos.legal_moves();
    let mut counts = vec![0; moves.len()];
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel();
        for _ in 0..threads.clamp(1, moves.len().max(1)) {
            let done_tx = done_tx.clone();
            let (next, moves) = (&next, &moves);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&m) = moves.get(i) else { break };
                let n = pos.play(m).map_or(0, |after| after.perft(depth - 1));
                if done_tx.send((i, n)).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        for (i, n) in done_rx {
            counts[i] = n;
            progress.add(n);
        }
    });
    moves
        .iter()
        .zip(counts)
        .map(|(&m, n)| (Some(m), n))
        .collect()
}

pub fn moves(args: &Moves) -> io::Result<Outcome> {
    let pos = match legal(&args.position, args.legality) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mode = castling_mode(args.uci_castling, pos.setup());
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            if let Some(n) = args.notation {
                n.write(&pos, m)
            } else if args.san {
                pos.san(m)
            } else {
                pos.uci(m, mode)
            }
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

/// The move texts of `words` read in `notation`: the words joined by
/// spaces, cut where [`Notation::move_len`] says, so that a descriptive
/// move may span words (`N-B6` `ch`, `P` `x` `P`); move numbers (`12.`,
/// `12...`, `12`, `...`), commas between moves, and glyphs and NAGs on
/// their own (`!`, `$1`) are dropped.
fn phrases(notation: Notation, words: &[String]) -> Vec<String> {
    let text = words.join(" ");
    let mut rest = text.as_str();
    let mut out = Vec::new();
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let Some(c) = rest.chars().next() else {
            return out;
        };
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after = &rest[digits..];
        let dots = after.len() - after.trim_start_matches(['.', '…']).len();
        // A move number (`12.`, `12...`, `12…`, `12` alone) or dots
        // (`...`): no notation's move starts with either.
        let alone = after.is_empty() || after.starts_with(char::is_whitespace);
        if dots > 0 || (digits > 0 && alone) {
            rest = &after[dots..];
            continue;
        }
        let len = notation.move_len(rest).max(c.len_utf8());
        // Glyphs and NAGs on their own (`!`, `?!`, `$1`) go with no move.
        let word = &rest[..len];
        if !(word.starts_with('$') || word.chars().all(|c| matches!(c, '!' | '?'))) {
            out.push(word.to_owned());
        }
        rest = &rest[len..];
    }
}

pub fn play(args: &Play) -> io::Result<Outcome> {
    let pos = match legal(&args.position, args.legality) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mut game = forsyth::Game::new(pos);
    if let Some(notation) = args.notation {
        // A result (`1-0`, or in descriptive notation `Resigns`) ends the
        // moves.
        let mut result: Option<&str> = None;
        for (i, text) in phrases(notation, &args.moves).iter().enumerate() {
            if let Some(result) = result {
                let e = forsyth::ParseMoveError::AfterResult {
                    text: text.clone(),
                    result: result.to_owned(),
                };
                return fail(&format!(
                    "move {} ({text}): {e} ({})",
                    i + 1,
                    e.kind().name()
                ));
            }
            if notation.is_game_end(text) {
                result = Some(text);
                continue;
            }
            let read = notation.read_noting(game.position(), text, CheckMarkers::Optional);
            let played = read
                .map_err(|e| {
                    // The kind of the reason, as `play` names it without
                    // --notation.
                    let kind = e.reason.map_or(e.kind().name(), |r| r.kind().name());
                    format!("{e} ({kind})")
                })
                .and_then(|(m, warning)| {
                    game.play(m)
                        .map_err(|e| format!("{e} ({})", e.kind().name()))
                        .map(|_| warning)
                });
            match played {
                Err(message) => return fail(&format!("move {} ({text}): {message}", i + 1)),
                Ok(Some(w)) => crate::note(&format!(
                    "move {} ({text}): warning: {}: {w}",
                    i + 1,
                    w.kind().name()
                )),
                Ok(None) => {}
            }
        }
    } else if let Err(e) = game.play_moves(&args.moves) {
        return fail(&format!("{} ({})", e, e.kind().name()));
    }
    let fen = match game.position().setup().to_fen(&args.write) {
        Ok(fen) => fen,
        Err(e) => return fail(&e.to_string()),
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{fen}")?;
    out.flush()?;
    match game.outcome() {
        Some(forsyth::Outcome::FivefoldRepetition) => {
            crate::note("fivefold repetition: the game is drawn");
        }
        Some(outcome) => crate::note(&format!("game over: {outcome}")),
        None => {
            for claim in game.draw_claims() {
                crate::note(&claim.to_string());
            }
        }
    }
    Ok(Outcome::Ok)
}
