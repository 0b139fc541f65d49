//! The 10x8 board in the API: a position of Capablanca chess, Gothic chess
//! or Capablanca Random Chess (a record whose ranks hold ten squares,
//! `capablanca`, `gothic`, `crc:N`) read, judged, encoded and drawn, as
//! `/api/position` does for the 8x8 board.

use forsyth::capablanca::{is_ten_files, CrcStart, Report, Setup, Square, Variant};
use forsyth::diagram::{Cell, Diagram, Figure, Style};
use forsyth::fen::{CastlingNotation, ShredderOrder};
use forsyth::notation::Notation;
use forsyth::uci::CastlingMode;
use forsyth::{Rank, Role};
use serde::Serialize;

use super::answer::{Cannot, Encodings, ProblemJson, Status};
use super::error::ApiError;
use super::read::line_column;

/// The 10x8 variant a request's `variant` names, if it names one.
pub fn variant_named(name: Option<&str>) -> Option<Variant> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        Some("capablanca") => Some(Variant::Capablanca),
        Some("gothic") => Some(Variant::Gothic),
        Some("crc") => Some(Variant::Crc),
        _ => None,
    }
}

/// Whether `text` is a 10x8 position: a named 10x8 start, or a record
/// (or placement) whose ranks hold ten squares.
pub fn is_10x8(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    matches!(first, "capablanca" | "gothic")
        || first.starts_with("crc:")
        || (first.contains('/') && is_ten_files(first))
}

/// The setup `text` gives, and the form it was read in (`start` for a
/// named one, `fen` for a record).
pub fn read(text: &str, variant: Option<Variant>) -> Result<(Setup, &'static str), ApiError> {
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let named = match trimmed {
        "capablanca" => Some(Setup::capablanca()),
        "gothic" => Some(Setup::gothic()),
        _ => match trimmed.strip_prefix("crc:") {
            Some(n) => Some(
                n.parse::<u16>()
                    .ok()
                    .and_then(CrcStart::new)
                    .map(CrcStart::to_setup)
                    .ok_or_else(|| {
                        ApiError::content(
                            "position",
                            "crc_number",
                            format!("crc:{n}: not a CRC start number (0 to 12117)"),
                        )
                        .at(1, lead + 5)
                    })?,
            ),
            None => None,
        },
    };
    if let Some(mut setup) = named {
        if let Some(v) = variant {
            setup.variant = v;
        }
        return Ok((setup, "start"));
    }
    // A placement alone is White to move, without castling.
    let bare = !trimmed.contains(char::is_whitespace);
    let record = if bare {
        format!("{trimmed} w - -")
    } else {
        trimmed.to_owned()
    };
    let setup = Setup::from_fen(&record, variant).map_err(|e| {
        let (line, column) = line_column(text, lead + e.offset);
        let field: &'static str = e.field.into();
        ApiError::content("position", e.kind().name(), e.message())
            .at(line, column)
            .in_field(field)
    })?;
    Ok((setup, "fen"))
}

#[derive(Serialize)]
struct MoveJson {
    uci: String,
    san: String,
    text: String,
}

#[derive(Serialize)]
pub struct Answer {
    input: &'static str,
    variant: Variant,
    /// 10: the board's width, files a to j.
    files: u8,
    valid: bool,
    problems: Vec<ProblemJson<Square>>,
    encodings: Encodings,
    cannot: std::collections::BTreeMap<&'static str, Cannot>,
    chess960: Option<u16>,
    /// The CRC start number when the pieces stand as one.
    crc: Option<u16>,
    stipulation: Option<()>,
    status: Option<Status>,
    notation: String,
    moves: Vec<MoveJson>,
    diagram: String,
    notes: Vec<String>,
}

/// The diagram's cell of a 10x8 square.
pub fn cell(sq: Square) -> Cell {
    Cell {
        // Both below 10.
        file: sq.file().index() as u8,
        rank: sq.rank().index() as u8,
    }
}

/// The 10 x 8 grid of a setup's board.
pub fn board_diagram(setup: &Setup) -> Diagram {
    let mut diagram =
        Diagram::new(10, 8).unwrap_or_else(|_| Diagram::from_board(&forsyth::Board::empty()));
    for (sq, piece) in setup.board.pieces() {
        let _ = diagram.set(cell(sq), Some((Figure::from(piece.role), piece.color)));
    }
    diagram
}

/// The picture of a 10x8 setup, `marked` squares highlighted.
fn picture(setup: &Setup, marked: &[Square], style: &Style) -> String {
    let mut diagram = board_diagram(setup);
    for &sq in marked {
        let _ = diagram.highlight(cell(sq));
    }
    diagram.to_svg(style)
}

/// The answer of `/api/position` for a 10x8 position.
pub fn position(
    text: &str,
    variant: Option<Variant>,
    notation: Notation,
    style: &Style,
) -> Result<Answer, ApiError> {
    let (setup, input) = read(text, variant)?;
    let report = Report::of_setup(setup.clone());
    let mut marked: Vec<Square> = Vec::new();
    let problems = report
        .problems()
        .iter()
        .map(|p| {
            let squares: Vec<Square> = p.squares().into_iter().collect();
            for &sq in &squares {
                if !marked.contains(&sq) {
                    marked.push(sq);
                }
            }
            ProblemJson {
                kind: p.kind(),
                severity: p.severity(),
                field: p.kind().field().into(),
                line: None,
                column: None,
                squares,
                message: p.message(),
            }
        })
        .collect();
    let mut cannot = std::collections::BTreeMap::new();
    let mut write =
        |name: &'static str, n: CastlingNotation| match setup.to_fen(n, ShredderOrder::Files) {
            Ok(fen) => Some(fen),
            Err(e) => {
                cannot.insert(
                    name,
                    Cannot {
                        kind: e.reason.name(),
                        message: e.to_string(),
                    },
                );
                None
            }
        };
    let encodings = Encodings {
        xfen: write("xfen", CastlingNotation::XFen),
        shredder: write("shredder", CastlingNotation::Shredder),
        standard: write("standard", CastlingNotation::Standard),
    };
    let (status, moves) = match report.clone().into_position() {
        Ok(pos) => {
            let mode = if pos.variant().is_random() {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let mut moves = Vec::new();
            for &m in pos.legal_moves().iter() {
                let text = pos.write_move(m, notation, mode).map_err(|e| {
                    ApiError::content("notation", "unsupported_notation", e.to_string())
                })?;
                moves.push(MoveJson {
                    uci: pos.uci(m, mode),
                    san: pos.san(m),
                    text,
                });
            }
            moves.sort_by(|a, b| a.text.cmp(&b.text));
            let status = Status {
                check: pos.is_check(),
                legal_moves: moves.len(),
                outcome: pos.outcome(),
            };
            (Some(status), moves)
        }
        Err(_) => (None, Vec::new()),
    };
    let mut back = [Role::Pawn; 10];
    for (i, f) in forsyth::capablanca::File::ALL.into_iter().enumerate() {
        back[i] = setup
            .board
            .role_at(Square::from_coords(f, Rank::First))
            .unwrap_or(Role::Pawn);
    }
    let crc = CrcStart::from_back_rank(&back)
        .ok()
        .filter(|s| s.to_setup().board == setup.board)
        .map(CrcStart::number);
    Ok(Answer {
        input,
        variant: setup.variant,
        files: 10,
        valid: report.is_legal(),
        problems,
        encodings,
        cannot,
        chess960: None,
        crc,
        stipulation: None,
        status,
        notation: notation.to_string(),
        moves,
        diagram: picture(&setup, &marked, style),
        notes: Vec::new(),
    })
}
