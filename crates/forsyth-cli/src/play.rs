//! `forsyth moves` and `forsyth play`: legal moves of a position.

use std::io;

use forsyth::notation::{CheckMarkers, Notation};
use forsyth::uci::CastlingMode;
use forsyth::Setup;

use crate::options::{Moves, Play};
use crate::position::legal;
use crate::printer::Printer;
use crate::Outcome;

/// The UCI castling convention: as asked, else by the position's variant.
pub fn castling_mode(asked: Option<CastlingMode>, setup: &Setup) -> CastlingMode {
    asked.unwrap_or_else(|| CastlingMode::from_variant(setup.variant))
}

fn fail(message: &str) -> io::Result<Outcome> {
    crate::note(message);
    Ok(Outcome::Rejected)
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
        .map(|&m| match args.notation {
            Some(n) => n.write(&pos, m),
            None => pos.uci(m, mode),
        })
        .collect();
    list.sort();
    let mut out = Printer::stdout();
    for m in &list {
        out.line(m)?;
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

/// Refuses move `i` (0-based), `text`, which comes after the game's
/// `result`, on either board.
pub fn after_result(i: usize, text: &str, result: &str) -> io::Result<Outcome> {
    refuse(
        i,
        text,
        &forsyth::notation::ParseMoveError::AfterResult {
            text: text.to_owned(),
            result: result.to_owned(),
        },
    )
}

/// Refuses move `i` (0-based), `text`, for `e`, naming the error's kind,
/// on either board.
pub fn refuse(i: usize, text: &str, e: &forsyth::notation::ParseMoveError) -> io::Result<Outcome> {
    fail(&format!(
        "move {} ({text}): {e} ({})",
        i + 1,
        e.kind().name()
    ))
}

pub fn play(args: &Play) -> io::Result<Outcome> {
    let pos = match legal(&args.position, args.legality) {
        Ok(p) => p,
        Err(m) => return fail(&m),
    };
    let mut game = forsyth::game::Game::new(pos);
    if let Some(notation) = args.notation {
        // A result (`1-0`, or in descriptive notation `Resigns`) ends the
        // moves.
        let mut result: Option<&str> = None;
        for (i, text) in phrases(notation, &args.moves).iter().enumerate() {
            if let Some(result) = result {
                return after_result(i, text, result);
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
    let mut out = Printer::stdout();
    out.line(&fen)?;
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
