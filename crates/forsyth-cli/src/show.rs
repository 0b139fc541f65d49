//! `forsyth show`: a board diagram and every field spelled out.

use std::io::{self, Write};

use forsyth::{
    CastlingNotation, CastlingSide, Color, ConvertError, EnPassantMode, Fen, File, Rank, Report,
    Setup, Severity, ShredderOrder, Square, WriteOptions,
};

use crate::cli::ShowArgs;
use crate::diag::caret;
use crate::Outcome;

/// Parses a FEN given on the command line (its words joined by spaces);
/// the error is rendered with a caret under the fault.
pub fn parse_fen_arg(words: &[String]) -> Result<Fen, String> {
    let record = words.join(" ");
    Fen::from_ascii(record.as_bytes()).map_err(|e| render(&record, &ConvertError::Parse(e)))
}

fn render(record: &str, error: &ConvertError) -> String {
    let mut out = String::from("invalid FEN\n");
    for (i, fault) in error.faults().into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&caret(
            record,
            fault.offset(),
            &format!("col {}: {}: {fault}", fault.column(), fault.field()),
        ));
    }
    out
}

pub fn diagram(setup: &Setup) -> String {
    let mut s = String::new();
    s.push_str("  +-----------------+\n");
    for rank in Rank::ALL.into_iter().rev() {
        s.push(rank.char());
        s.push_str(" |");
        for file in File::ALL {
            s.push(' ');
            s.push(
                setup
                    .board
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', |p| p.char()),
            );
        }
        s.push_str(" |\n");
    }
    s.push_str("  +-----------------+\n    a b c d e f g h\n");
    s
}

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

pub fn run(args: &ShowArgs) -> io::Result<Outcome> {
    let fen = match parse_fen_arg(&args.fen) {
        Ok(f) => f,
        Err(message) => {
            eprintln!("forsyth: {message}");
            return Ok(Outcome::Rejected);
        }
    };
    // The report keeps the castling rights that resolve; the others are
    // among its problems.
    let report = Report::of_fen(&fen, args.variant.variant());
    let setup = report.setup();
    let mut out = io::stdout().lock();
    write!(out, "{}", diagram(setup))?;
    writeln!(out)?;
    writeln!(out, "side to move     {}", setup.turn.name())?;
    for (i, line) in castling_lines(setup).into_iter().enumerate() {
        writeln!(out, "{:<17}{line}", if i == 0 { "castling" } else { "" })?;
    }
    let ep_note = match (setup.ep_square, setup.ep_square_for(EnPassantMode::Legal)) {
        (Some(_), None) => {
            " (no legal en-passant capture: writers drop it unless --ep says otherwise)"
        }
        _ => "",
    };
    writeln!(
        out,
        "en passant       {}{ep_note}",
        setup.ep_square.map_or("-".to_owned(), |s| s.to_string())
    )?;
    writeln!(out, "halfmove clock   {}", setup.halfmoves)?;
    writeln!(out, "fullmove number  {}", setup.fullmoves)?;
    writeln!(out, "variant          {}", setup.variant)?;
    match forsyth::Chess960Start::from_board(&setup.board) {
        Ok(start) => writeln!(
            out,
            "Chess960 start   {} ({})",
            start.number(),
            start.back_rank_letters()
        )?,
        Err(_) => writeln!(out, "Chess960 start   no")?,
    }
    writeln!(out)?;
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
            Ok(fen) => writeln!(out, "{name:<17}{fen}")?,
            Err(e) => writeln!(out, "{name:<17}(cannot: {e})")?,
        }
    }
    writeln!(out)?;
    if report.problems().is_empty() {
        writeln!(out, "legal            yes")?;
    } else {
        let verdict = if report.is_legal() {
            "yes, with warnings"
        } else {
            "no"
        };
        writeln!(out, "legal            {verdict}")?;
        for p in report.problems() {
            let severity = match p.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            writeln!(out, "  {severity}: {p}")?;
        }
    }
    Ok(if report.is_legal() {
        Outcome::Ok
    } else {
        Outcome::Rejected
    })
}
