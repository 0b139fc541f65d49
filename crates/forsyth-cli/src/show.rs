//! `forsyth show`: a board diagram and every field spelled out.

use std::io::{self, Write};

use forsyth::{
    CastlingNotation, CastlingSide, Color, ConvertError, Fen, File, Rank, Setup, ShredderOrder,
    Square, WriteOptions,
};

use crate::cli::ShowArgs;
use crate::diag::caret;
use crate::Outcome;

/// Parses a FEN given on the command line, printing errors with a caret.
pub fn parse_arg(words: &[String], variant: Option<forsyth::Variant>) -> Result<Setup, String> {
    let record = words.join(" ");
    let fen =
        Fen::from_ascii(record.as_bytes()).map_err(|e| render(&record, &ConvertError::Parse(e)))?;
    Setup::from_fen(&fen, variant).map_err(|e| render(&record, &ConvertError::Castling(e)))
}

fn render(record: &str, error: &ConvertError) -> String {
    let mut out = String::from("invalid FEN\n");
    for (i, (offset, field, message)) in error.faults().into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&caret(
            record,
            offset,
            &format!("col {}: {field}: {message}", offset + 1),
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
    let setup = match parse_arg(&args.fen, args.variant.variant()) {
        Ok(s) => s,
        Err(message) => {
            eprintln!("forsyth: {message}");
            return Ok(Outcome::Rejected);
        }
    };
    let mut out = io::stdout().lock();
    write!(out, "{}", diagram(&setup))?;
    writeln!(out)?;
    writeln!(out, "side to move     {}", setup.turn.name())?;
    for (i, line) in castling_lines(&setup).into_iter().enumerate() {
        writeln!(out, "{:<17}{line}", if i == 0 { "castling" } else { "" })?;
    }
    writeln!(
        out,
        "en passant       {}",
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
    let encodings = [
        ("X-FEN", WriteOptions::new(CastlingNotation::XFen)),
        (
            "Shredder-FEN",
            WriteOptions::new(CastlingNotation::Shredder),
        ),
        (
            "  (wing order)",
            WriteOptions {
                castling: CastlingNotation::Shredder,
                shredder_order: ShredderOrder::Wings,
            },
        ),
        (
            "standard FEN",
            WriteOptions::new(CastlingNotation::Standard),
        ),
    ];
    for (name, opts) in encodings {
        match setup.to_fen(&opts) {
            Ok(fen) => writeln!(out, "{name:<17}{fen}")?,
            Err(e) => writeln!(out, "{name:<17}(cannot: {e})")?,
        }
    }
    Ok(Outcome::Ok)
}
