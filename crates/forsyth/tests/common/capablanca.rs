//! A small reader and writer of 10x8 FEN records for the tests and the
//! benches, written apart from the library's (an independent check of it):
//! `placement turn castling ep halfmoves fullmoves`, ranks of ten squares
//! (`10` for an empty one), pieces `PNBRQKAC`, castling `-` or letters:
//! `K`/`Q` for the outermost rook on that side of the king, a file letter
//! `A`-`J` for the rook on that file (Shredder-FEN and X-FEN's inner rooks).
#![allow(dead_code)]

use forsyth::capablanca::{Board, CastlingRights, File, Setup, Square, Variant};
use forsyth::{CastlingSide, Color, Piece, Rank, Role};

/// The setup of a 10x8 record under `variant`.
pub fn setup(record: &str, variant: Variant) -> Result<Setup, String> {
    let fields: Vec<&str> = record.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(format!("{} fields in {record:?}", fields.len()));
    }
    let mut board = Board::empty();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("{} ranks", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0u32;
        let mut digits = 0u32;
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let b = bytes[at];
            if b.is_ascii_digit() {
                digits = digits * 10 + u32::from(b - b'0');
                at += 1;
                if at == bytes.len() || !bytes[at].is_ascii_digit() {
                    file += digits;
                    digits = 0;
                }
                continue;
            }
            let piece = Piece::from_char(char::from(b)).ok_or(format!("bad letter {b}"))?;
            let f = File::new(file).ok_or("rank too long")?;
            board.set_piece_at(Square::from_coords(f, rank), piece);
            file += 1;
            at += 1;
        }
        if file != 10 {
            return Err(format!("rank {} has {file} squares", 8 - i));
        }
    }
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("turn {other}")),
    };
    let mut castling = CastlingRights::none();
    if fields[2] != "-" {
        for ch in fields[2].chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = Rank::back_rank(color);
            let king = board
                .king_of(color)
                .filter(|k| k.rank() == back)
                .ok_or(format!("no king for {ch}"))?;
            let rooks: Vec<File> = File::ALL
                .into_iter()
                .filter(|&f| {
                    board.piece_at(Square::from_coords(f, back)) == Some(Role::Rook.of(color))
                })
                .collect();
            let rook = match ch.to_ascii_uppercase() {
                'K' => rooks.iter().rev().copied().find(|&f| f > king.file()),
                'Q' => rooks.iter().copied().find(|&f| f < king.file()),
                c => File::from_char(c.to_ascii_lowercase()),
            }
            .ok_or(format!("no rook for {ch}"))?;
            castling
                .add(color, king.file(), rook)
                .map_err(|e| format!("{ch}: {e}"))?;
        }
    }
    let ep_square = match fields[3] {
        "-" => None,
        s => Some(Square::from_ascii(s.as_bytes()).ok_or(format!("ep {s}"))?),
    };
    let (halfmoves, fullmoves) = if fields.len() == 6 {
        (
            fields[4].parse().map_err(|_| "halfmoves")?,
            fields[5].parse().map_err(|_| "fullmoves")?,
        )
    } else {
        (0, 1)
    };
    Ok(Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
        variant,
    })
}

/// The record of `setup`: castling as Shredder-FEN file letters (White's
/// first, king side first), or as `KQkq` with `standard`.
pub fn record(setup: &Setup, standard: bool) -> String {
    let mut castling = String::new();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(file) = setup.castling.rook(color, side) {
                let letter = if standard {
                    side.fold('K', 'Q')
                } else {
                    file.upper_char()
                };
                castling.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!(
        "{} {} {} {} {} {}",
        setup.board,
        setup.turn.char(),
        castling,
        setup.ep_square.map_or("-".to_owned(), |sq| sq.to_string()),
        setup.halfmoves,
        setup.fullmoves
    )
}
