//! `forsyth show`: a board diagram and every field spelled out.

use std::io::{self, Write};

use forsyth::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use forsyth::validate::{Report, Severity};
use forsyth::{CastlingSide, Color, Rank, Setup, Square};

use crate::diagram::diagram;
use crate::options::Show;
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

pub fn run(args: &Show) -> io::Result<Outcome> {
    // The report keeps the castling rights that resolve; the others are
    // among its problems.
    let report = Report::of_fen(&args.position.fen, args.variant);
    let setup = report.setup();
    let mut out = io::stdout().lock();
    write!(out, "{}", diagram(&setup.board, args.style))?;
    writeln!(out)?;
    writeln!(out, "side to move     {}", setup.turn.name())?;
    writeln!(out, "status           {}", status(&report))?;
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
    if let Some(language) = args.letters {
        let opts = as_given(CastlingNotation::XFen, ShredderOrder::Files);
        if let Ok(fen) = setup.to_fen(&opts) {
            let name = format!("{} letters", language.name());
            writeln!(
                out,
                "{name:<17}{}",
                crate::notation::placement_in(&fen, language)
            )?;
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
            writeln!(out, "  {severity}: {}: {}", p.kind().name(), p.message())?;
        }
    }
    out.flush()?;
    Ok(if report.is_legal() {
        Outcome::Ok
    } else {
        Outcome::Rejected
    })
}
