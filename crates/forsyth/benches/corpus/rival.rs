//! The same work done with shakmaty 0.30.1, the library to beat: parse and
//! validate a line, and write Shredder-FEN (shakmaty writes X-FEN only, so
//! the castling field is written here from its castling rights, files
//! ascending as forsyth's default order).

use std::fmt::Write as _;

use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, Position};

/// The line parsed and validated (castling letters read as Chess960, as
/// forsyth reads them when the position is not the standard one).
pub fn parse_validate(line: &[u8]) -> Option<Chess> {
    Fen::from_ascii(line)
        .ok()?
        .into_position(CastlingMode::Chess960)
        .ok()
}

/// Appends `pos` as Shredder-FEN, the en-passant square written only when a
/// legal capture exists.
pub fn write_shredder(pos: &Chess, out: &mut String) {
    let board = pos.board();
    board.board_fen().append_to_string(out);
    out.push(' ');
    out.push(pos.turn().char());
    out.push(' ');
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        out.push('-');
    }
    for color in Color::ALL {
        for rook in rights & color.backrank() {
            let file = rook.file().char();
            out.push(match color {
                Color::White => file.to_ascii_uppercase(),
                Color::Black => file,
            });
        }
    }
    out.push(' ');
    match pos.ep_square(EnPassantMode::Legal) {
        Some(sq) => {
            let _ = write!(out, "{sq}");
        }
        None => out.push('-'),
    }
    out.push(' ');
    push_u32(out, pos.halfmoves());
    out.push(' ');
    push_u32(out, pos.fullmoves().get());
}

/// Appends the decimal digits of `n` without going through `core::fmt`.
fn push_u32(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// One line converted to Shredder-FEN, validated, as a streaming converter
/// built on shakmaty does it; `false` (nothing written) for a bad line.
pub fn convert_line(line: &[u8], out: &mut String) -> bool {
    match parse_validate(line) {
        Some(pos) => {
            write_shredder(&pos, out);
            true
        }
        None => false,
    }
}
