//! The board diagram of `forsyth show`: letters or Unicode figurines, either
//! side at the bottom, with or without terminal colours.

use forsyth::{Board, Color, File, Piece, Rank, Role, Square};

/// How a diagram is drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Unicode figurines (♔ … ♟) instead of FEN letters.
    pub figurines: bool,
    /// Black at the bottom (rank 1 on top, the h-file on the left).
    pub flip: bool,
    /// ANSI colours: light and dark squares, white and black pieces.
    pub color: bool,
}

/// Background of light squares, dark squares (256-colour palette), the
/// foreground of white and black pieces, and the reset sequence.
const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;137m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";
const RESET: &str = "\x1b[0m";

/// The Unicode chess symbol of a piece (U+2654 to U+265F; the archbishop
/// and the chancellor are the knight-bishop and the knight-rook of the
/// Chess Symbols block, U+1FA4F to U+1FA53).
pub fn figurine(piece: Piece) -> char {
    let (white, black) = match piece.role {
        Role::King => ('♔', '♚'),
        Role::Queen => ('♕', '♛'),
        Role::Rook => ('♖', '♜'),
        Role::Bishop => ('♗', '♝'),
        Role::Knight => ('♘', '♞'),
        Role::Pawn => ('♙', '♟'),
        Role::Archbishop => ('\u{1FA50}', '\u{1FA53}'),
        Role::Chancellor => ('\u{1FA4F}', '\u{1FA52}'),
    };
    match piece.color {
        Color::White => white,
        Color::Black => black,
    }
}

fn glyph(piece: Option<Piece>, style: Style) -> char {
    match piece {
        Some(p) if style.figurines => figurine(p),
        Some(p) => p.char(),
        None if style.figurines => '·',
        None => '.',
    }
}

/// Ranks top to bottom and files left to right, as the viewer sees them.
fn axes(flip: bool) -> (Vec<Rank>, Vec<File>) {
    let mut ranks: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    let mut files: Vec<File> = File::ALL.into_iter().collect();
    if flip {
        ranks.reverse();
        files.reverse();
    }
    (ranks, files)
}

/// Draws `board`, one line per rank, ending in a newline.
///
/// Without figurines and colour it is the plain frame `show` has always
/// printed (`8 | r n b q k b n r |`); with colour each square is three
/// columns wide on its own background, and the frame gives way to the
/// coordinates alone.
pub fn diagram(board: &Board, style: Style) -> String {
    let (ranks, files) = axes(style.flip);
    let file_labels: String = files.iter().map(|f| format!(" {}", f.char())).collect();
    let mut s = String::new();
    if style.color {
        for &rank in &ranks {
            s.push(rank.char());
            s.push(' ');
            for &file in &files {
                let square = Square::from_coords(file, rank);
                // a1 is dark: a square is light when file + rank is odd.
                let light = (file as u8 + rank as u8) % 2 == 1;
                s.push_str(if light { LIGHT } else { DARK });
                let piece = board.piece_at(square);
                if let Some(p) = piece {
                    s.push_str(match p.color {
                        Color::White => WHITE_PIECE,
                        Color::Black => BLACK_PIECE,
                    });
                }
                s.push(' ');
                s.push(piece.map_or(' ', |p| glyph(Some(p), style)));
                s.push(' ');
                s.push_str(RESET);
            }
            s.push('\n');
        }
        s.push_str("  ");
        for file in &files {
            s.push(' ');
            s.push(file.char());
            s.push(' ');
        }
        s.push('\n');
        return s;
    }
    let (top, side, bottom) = if style.figurines {
        ("  ┌─────────────────┐\n", '│', "  └─────────────────┘\n")
    } else {
        ("  +-----------------+\n", '|', "  +-----------------+\n")
    };
    s.push_str(top);
    for &rank in &ranks {
        s.push(rank.char());
        s.push(' ');
        s.push(side);
        for &file in &files {
            s.push(' ');
            s.push(glyph(
                board.piece_at(Square::from_coords(file, rank)),
                style,
            ));
        }
        s.push(' ');
        s.push(side);
        s.push('\n');
    }
    s.push_str(bottom);
    s.push_str("   ");
    s.push_str(&file_labels);
    s.push('\n');
    s
}

/// Whether a locale value (`LC_ALL`, `LC_CTYPE` or `LANG`) names UTF-8, as
/// in `en_US.UTF-8` or `C.utf8`.
fn names_utf8(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    lower.contains("utf-8") || lower.contains("utf8")
}

/// Whether figurines are drawn when neither `--unicode` nor `--ascii` is
/// given: only on a terminal whose locale is UTF-8. The locale is the first
/// of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty, as POSIX
/// orders them.
pub fn default_figurines(is_terminal: bool, env: impl Fn(&str) -> Option<String>) -> bool {
    if !is_terminal {
        return false;
    }
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .into_iter()
        .filter_map(env)
        .find(|v| !v.is_empty())
        .is_some_and(|v| names_utf8(&v))
}

/// Whether `--color auto` colours: on a terminal, unless `NO_COLOR` is set
/// to a non-empty value (<https://no-color.org>).
pub fn default_color(is_terminal: bool, env: impl Fn(&str) -> Option<String>) -> bool {
    is_terminal && env("NO_COLOR").is_none_or(|v| v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use forsyth::Setup;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    /// The standard start drawn in `style`.
    fn start_in(style: Style) -> String {
        diagram(&Setup::standard().board, style)
    }

    #[test]
    fn figurines_follow_the_unicode_chart() {
        // U+2654 WHITE CHESS KING … U+265F BLACK CHESS PAWN, in the order
        // king, queen, rook, bishop, knight, pawn.
        let roles = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for (i, role) in roles.into_iter().enumerate() {
            let white = figurine(role.of(Color::White)) as u32;
            let black = figurine(role.of(Color::Black)) as u32;
            assert_eq!(white, 0x2654 + i as u32);
            assert_eq!(black, 0x265A + i as u32);
        }
    }

    #[test]
    fn plain_diagram_reads_like_the_placement() {
        let d = start_in(Style::default());
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[1], "8 | r n b q k b n r |");
        assert_eq!(lines[8], "1 | R N B Q K B N R |");
        assert_eq!(lines[10], "    a b c d e f g h");
    }

    #[test]
    fn flipped_diagram_is_the_board_turned_round() {
        let plain = start_in(Style::default());
        let flipped = start_in(Style {
            flip: true,
            ..Style::default()
        });
        let plain: Vec<&str> = plain.lines().collect();
        let flipped: Vec<&str> = flipped.lines().collect();
        // Rank r's row, read backwards, is the flipped diagram's row for r.
        for row in 1..=8 {
            let squares = |line: &str| line[4..19].chars().rev().collect::<String>();
            assert_eq!(squares(plain[row]), flipped[9 - row][4..19]);
        }
        assert_eq!(flipped[10], "    h g f e d c b a");
        assert!(flipped[1].starts_with("1 |"));
    }

    #[test]
    fn figurine_diagram_has_one_symbol_per_piece() {
        let d = start_in(Style {
            figurines: true,
            ..Style::default()
        });
        let symbols = d.chars().filter(|c| ('♔'..='♟').contains(c)).count();
        assert_eq!(symbols, 32);
        assert!(d.contains("8 │ ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ │"), "{d}");
        assert!(!d.contains('r'));
    }

    #[test]
    fn coloured_diagram_alternates_squares_from_a_dark_a1() {
        let d = start_in(Style {
            color: true,
            ..Style::default()
        });
        let rank1 = d.lines().nth(7).unwrap();
        assert!(rank1.starts_with('1'));
        let backgrounds: Vec<&str> = rank1
            .match_indices("\x1b[48;5;")
            .map(|(i, _)| &rank1[i..i + 11])
            .collect();
        assert_eq!(backgrounds.len(), 8);
        for (i, bg) in backgrounds.iter().enumerate() {
            let expected = if i % 2 == 0 { DARK } else { LIGHT };
            assert_eq!(*bg, expected, "file {i}");
        }
        assert_eq!(d.matches(RESET).count(), 64);
    }

    #[test]
    fn figurines_by_default_only_on_a_utf8_terminal() {
        assert!(default_figurines(true, env(&[("LANG", "en_US.UTF-8")])));
        assert!(default_figurines(true, env(&[("LC_CTYPE", "C.utf8")])));
        assert!(!default_figurines(false, env(&[("LANG", "en_US.UTF-8")])));
        assert!(!default_figurines(true, env(&[])));
        // LC_ALL wins over LANG, and an empty value is passed over.
        assert!(!default_figurines(
            true,
            env(&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")])
        ));
        assert!(default_figurines(
            true,
            env(&[("LC_ALL", ""), ("LANG", "de_DE.UTF-8")])
        ));
    }

    #[test]
    fn colour_by_default_on_a_terminal_without_no_color() {
        assert!(default_color(true, env(&[])));
        assert!(!default_color(false, env(&[])));
        assert!(!default_color(true, env(&[("NO_COLOR", "1")])));
        assert!(default_color(true, env(&[("NO_COLOR", "")])));
    }
}
