//! `forsyth show`: a board diagram and every field spelled out.

use std::io::{self, Write};

use forsyth::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use forsyth::validate::{Report, Severity};
use forsyth::{CastlingSide, Color, Rank, Setup, Square};

use crate::diagram::diagram;
use crate::options::Show;
use crate::printer::Printer;
use crate::Outcome;

fn castling_lines(setup: &Setup) -> Vec<String> {
    let mut lines = Vec::new();
    for color in Color::ALL {
        let mut parts = Vec::new();
        for side in CastlingSide::ALL {
            if let Some(rook) = setup.castling.rook_square(color, side) {
                parts.push(format!(
                    "{} with the rook on {rook}",
                    side.fold("O-O", "O-O-O")
                ));
            }
        }
        if parts.is_empty() {
            lines.push(format!("{} may not castle", color.name()));
        } else {
            let king = setup
                .castling
                .king_file(color)
                .map_or_else(String::new, |f| {
                    format!(
                        " (king on {})",
                        Square::from_coords(f, Rank::back_rank(color))
                    )
                });
            lines.push(format!("{}{king}: {}", color.name(), parts.join(", ")));
        }
    }
    lines
}

/// What the side to move faces: checkmate, stalemate, or its number of
/// legal moves (and check); for an illegal position, that no moves are
/// generated.
fn status(report: &Report) -> String {
    let Ok(pos) = report.clone().into_position() else {
        return "no moves: the position is not legal".to_owned();
    };
    let n = pos.count_legal_moves();
    let moves = if n == 1 { "move" } else { "moves" };
    match (pos.is_check(), n) {
        (true, 0) => format!("checkmate: {} wins", (!pos.turn()).name()),
        (false, 0) => "stalemate".to_owned(),
        (true, _) => format!("check, {n} legal {moves}"),
        (false, _) => format!("{n} legal {moves}"),
    }
}

/// The width of the value column: labels are padded to it.
const LABEL: usize = 17;

/// The lines of `text` in at most `width` columns: its words (runs
/// without spaces) placed greedily after `first` on the first line and
/// after `indent` spaces on the others; a word longer than a line is cut.
fn wrap(first: &str, indent: usize, text: &str, width: usize) -> Vec<String> {
    let columns = |s: &str| s.chars().count();
    let width = width.max(indent + 1).max(columns(first.trim_end()) + 1);
    let mut lines = Vec::new();
    let mut line = first.to_owned();
    // Whether `line` holds a word yet (else it is only its start).
    let mut has_word = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word = word.to_owned();
        loop {
            let space = usize::from(has_word);
            if columns(&line) + space + columns(&word) <= width {
                if has_word {
                    line.push(' ');
                }
                line.push_str(&word);
                has_word = true;
                break;
            }
            if has_word {
                lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
                has_word = false;
                continue;
            }
            // Longer than a whole line: its head here, the rest on.
            let room = width - columns(&line);
            let head: String = word.chars().take(room).collect();
            word = word.chars().skip(room).collect();
            line.push_str(&head);
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
        }
    }
    if has_word || lines.is_empty() {
        lines.push(line.trim_end().to_owned());
    }
    lines
}

/// A field: its label, then its value in prose, wrapped under itself.
fn field(label: &str, value: &str, width: usize) -> Vec<String> {
    let indent = if width >= LABEL + 20 { LABEL } else { 2 };
    wrap(&format!("{label:<LABEL$}"), indent, value, width)
}

/// A record beside its label when it fits, else on the lines below (so
/// that it can still be copied whole where the width allows).
fn record(label: &str, record: &str, width: usize) -> Vec<String> {
    let line = format!("{label:<LABEL$}{record}");
    if line.chars().count() <= width {
        return vec![line];
    }
    let mut lines = vec![label.to_owned()];
    lines.extend(wrap("  ", 4, record, width));
    lines
}

pub fn run(args: &Show) -> io::Result<Outcome> {
    let given = match args.position.read() {
        Ok(given) => given,
        Err(message) => {
            crate::note(&message);
            return Ok(Outcome::Rejected);
        }
    };
    // The report keeps the castling rights that resolve; the others are
    // among its problems.
    let report = given.report(args.variant);
    let setup = report.setup();
    let width = args.width;
    let mut lines: Vec<String> = Vec::new();
    lines.push(String::new());
    lines.extend(field("side to move", setup.turn.name(), width));
    lines.extend(field("status", &status(&report), width));
    for (i, line) in castling_lines(setup).into_iter().enumerate() {
        lines.extend(field(if i == 0 { "castling" } else { "" }, &line, width));
    }
    let ep_note = match (setup.ep_square, setup.ep_square_for(EnPassantMode::Legal)) {
        (Some(_), None) => {
            " (no legal en-passant capture: writers drop it unless --ep says otherwise)"
        }
        _ => "",
    };
    let ep = setup.ep_square.map_or("-".to_owned(), |s| s.to_string());
    lines.extend(field("en passant", &format!("{ep}{ep_note}"), width));
    lines.extend(field("halfmove clock", &setup.halfmoves.to_string(), width));
    lines.extend(field(
        "fullmove number",
        &setup.fullmoves.to_string(),
        width,
    ));
    lines.extend(field("variant", &setup.variant.to_string(), width));
    let start = match forsyth::Chess960Start::from_board(&setup.board) {
        Ok(start) => format!("{} ({})", start.number(), start.back_rank_letters()),
        Err(_) => "no".to_owned(),
    };
    lines.extend(field("Chess960 start", &start, width));
    lines.push(String::new());
    // Written with the en-passant square as given, so every field shows.
    let as_given = |castling, shredder_order| WriteOptions {
        castling,
        shredder_order,
        en_passant: EnPassantMode::Always,
    };
    let encodings = [
        (
            "X-FEN",
            as_given(CastlingNotation::XFen, ShredderOrder::Files),
        ),
        (
            "Shredder-FEN",
            as_given(CastlingNotation::Shredder, ShredderOrder::Files),
        ),
        (
            "  (wing order)",
            as_given(CastlingNotation::Shredder, ShredderOrder::Wings),
        ),
        (
            "standard FEN",
            as_given(CastlingNotation::Standard, ShredderOrder::Files),
        ),
    ];
    for (name, opts) in encodings {
        match setup.to_fen(&opts) {
            Ok(fen) => lines.extend(record(name, &fen, width)),
            Err(e) => lines.extend(field(name, &format!("(cannot: {e})"), width)),
        }
    }
    if let Some(language) = args.letters {
        let opts = as_given(CastlingNotation::XFen, ShredderOrder::Files);
        if let Ok(fen) = setup.to_fen(&opts) {
            let name = format!("{} letters", language.name());
            let fen = crate::notation::in_letters(&setup.board, &fen, language);
            lines.extend(record(&name, &fen, width));
        }
    }
    lines.push(String::new());
    if report.problems().is_empty() {
        lines.extend(field("legal", "yes", width));
    } else {
        let verdict = if report.is_legal() {
            "yes, with warnings"
        } else {
            "no"
        };
        lines.extend(field("legal", verdict, width));
        for p in report.problems() {
            let severity = match p.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let text = format!("{}: {}", p.kind().name(), p.message());
            lines.extend(wrap(&format!("  {severity}: "), 4, &text, width));
        }
    }
    let mut out = Printer::stdout();
    write!(out, "{}", diagram(&setup.board, args.style))?;
    for line in &lines {
        out.line(line)?;
    }
    out.flush()?;
    Ok(if report.is_legal() {
        Outcome::Ok
    } else {
        Outcome::Rejected
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_places_words_under_the_value_column() {
        let lines = wrap(
            "castling         ",
            17,
            "white: O-O with the rook on h1",
            30,
        );
        assert_eq!(
            lines,
            [
                "castling         white: O-O",
                "                 with the rook",
                "                 on h1"
            ]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 30));
    }

    #[test]
    fn wrap_cuts_a_word_longer_than_a_line_and_loses_nothing() {
        let word = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let lines = wrap("  ", 4, &format!("{word} w"), 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        let joined: String = lines.concat().split_whitespace().collect();
        assert_eq!(joined, format!("{word}w"));
        // A line that fits is left alone; no words, no line lost.
        assert_eq!(
            wrap("legal            ", 17, "yes", 100),
            ["legal            yes"]
        );
        assert_eq!(wrap("x", 2, "", 100), ["x"]);
    }

    #[test]
    fn a_record_that_does_not_fit_goes_below_its_label() {
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
        assert_eq!(record("X-FEN", fen, 100).len(), 1);
        assert_eq!(
            record("X-FEN", fen, 80),
            ["X-FEN".to_owned(), format!("  {fen}")]
        );
    }
}
