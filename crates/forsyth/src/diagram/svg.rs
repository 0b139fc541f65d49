//! The SVG writer: the geometry and layering of `specs/diagram.md`.

use core::fmt::Write;

use super::model::{Cell, Diagram, Figure, Style};
use super::{font, shapes};
use crate::Color;

/// The side of a square, in user units (the `viewBox`'s).
pub(super) const SQUARE: f64 = 45.0;
/// The white border around everything.
pub(super) const PAD: f64 = 4.0;
/// The width of the frame around the squares.
pub(super) const FRAME: f64 = 2.0;
/// The band of the coordinates, left of the board and under it.
pub(super) const COORDINATES: f64 = 18.0;
/// The band of the caption, under everything else.
pub(super) const CAPTION: f64 = 30.0;
/// The size of the coordinates' letters (capitals 10 units high).
const COORDINATE_SCALE: f64 = 1.0;
/// The size of the caption's letters (capitals 14 units high).
const CAPTION_SCALE: f64 = 1.4;
/// The arrow's shaft half-width, head length and head half-width.
const SHAFT: f64 = 4.0;
const HEAD: f64 = 17.0;
const HEAD_WIDTH: f64 = 9.5;

/// The paper, the frame and the letters.
const PAPER: &str = "#ffffff";
const INK: &str = "#222222";
/// The pieces: white and black fills, their outline, and the inner lines
/// of a black piece.
const WHITE_FILL: &str = "#ffffff";
const BLACK_FILL: &str = "#222222";
const OUTLINE: &str = "#000000";
const BLACK_DETAIL: &str = "#f2f2f2";
/// The stroke of the pieces' outlines, in user units.
const PIECE_STROKE: f64 = 1.5;

/// The prefix of every element id, so that the ids of a diagram inlined
/// in a page meet no others. The definitions behind an id never change,
/// so several diagrams in one page may share them.
const ID: &str = "forsyth-";

/// A number as SVG writes it: at most two decimals, no trailing zeros.
struct Num(f64);

impl core::fmt::Display for Num {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        // -0 is written 0.
        let s = format!("{:.2}", rounded + 0.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if s == "-0" { "0" } else { s })
    }
}

/// `text` with the five XML special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // A control character is not allowed in XML 1.0 (tab, line
            // feed and carriage return are).
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Where everything goes, in user units.
pub(super) struct Layout {
    /// The picture's width and height.
    pub width: f64,
    pub height: f64,
    /// The top left corner of the squares.
    pub board_x: f64,
    pub board_y: f64,
    /// The top of the caption's band.
    pub caption_y: f64,
}

impl Layout {
    pub(super) fn of(diagram: &Diagram, style: &Style) -> Layout {
        let coordinates = if style.coordinates { COORDINATES } else { 0.0 };
        let board_w = f64::from(diagram.files) * SQUARE;
        let board_h = f64::from(diagram.ranks) * SQUARE;
        let block_w = coordinates + FRAME + board_w + FRAME;
        let caption_w = diagram
            .caption
            .as_deref()
            .map_or(0.0, |c| font::width(c) * CAPTION_SCALE);
        let content_w = block_w.max(caption_w);
        let block_x = PAD + (content_w - block_w) / 2.0;
        let board_y = PAD + FRAME;
        let caption_y = board_y + board_h + FRAME + coordinates;
        let caption_h = if diagram.caption.is_some() {
            CAPTION
        } else {
            0.0
        };
        Layout {
            width: PAD + content_w + PAD,
            height: caption_y + caption_h + PAD,
            board_x: block_x + coordinates + FRAME,
            board_y,
            caption_y,
        }
    }

    /// The top left corner of `cell`'s square.
    pub(super) fn corner(&self, diagram: &Diagram, style: &Style, cell: Cell) -> (f64, f64) {
        let (column, row) = if style.flip {
            (diagram.files - 1 - cell.file, cell.rank)
        } else {
            (cell.file, diagram.ranks - 1 - cell.rank)
        };
        (
            self.board_x + f64::from(column) * SQUARE,
            self.board_y + f64::from(row) * SQUARE,
        )
    }

    /// The centre of `cell`'s square.
    pub(super) fn centre(&self, diagram: &Diagram, style: &Style, cell: Cell) -> (f64, f64) {
        let (x, y) = self.corner(diagram, style, cell);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    }
}

/// The id of a figure of a colour: `forsyth-wK`, `forsyth-bC`.
fn piece_id(figure: Figure, color: Color) -> String {
    let side = match color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{ID}{side}{}", figure.letter())
}

/// The id of a letter: `forsyth-g61` for `a` (its code in hexadecimal).
fn glyph_id(ch: char) -> String {
    format!("{ID}g{:x}", u32::from(ch))
}

/// Every cell, rank by rank from the first, file by file.
fn cells(diagram: &Diagram) -> impl Iterator<Item = Cell> + '_ {
    (0..diagram.ranks).flat_map(move |rank| (0..diagram.files).map(move |file| Cell { file, rank }))
}

/// A square is light when its file and rank add up to an odd number: the
/// first cell (a1) is dark, as on every board.
fn is_light(cell: Cell) -> bool {
    (cell.file + cell.rank) % 2 == 1
}

/// The file letter and rank number of the margins: `a`, `b`, ... and `1`,
/// `2`, ...
fn file_label(file: u8) -> String {
    match file {
        0..=25 => char::from(b'a' + file).to_string(),
        n => (u32::from(n) + 1).to_string(),
    }
}

pub(super) fn write(diagram: &Diagram, style: &Style) -> String {
    let mut out = String::with_capacity(8 * 1024);
    // Writing to a String cannot fail.
    let _ = write_to(&mut out, diagram, style);
    out
}

fn write_to(out: &mut String, diagram: &Diagram, style: &Style) -> core::fmt::Result {
    let layout = Layout::of(diagram, style);
    let px = f64::from(style.square_px.max(1)) / SQUARE;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\">",
        Num(layout.width),
        Num(layout.height),
        Num(layout.width * px),
        Num(layout.height * px)
    )?;
    writeln!(out, "<title>{}</title>", escape(&diagram.title))?;
    if let Some(caption) = &diagram.caption {
        writeln!(out, "<desc>{}</desc>", escape(caption))?;
    }

    // The letters drawn: the coordinates' and the caption's.
    let mut labels: Vec<(String, f64, f64, f64)> = Vec::new();
    if style.coordinates {
        let letter_y = layout.board_y + f64::from(diagram.ranks) * SQUARE + FRAME + 2.0;
        for file in 0..diagram.files {
            let text = file_label(file);
            let (x, _) = layout.centre(diagram, style, Cell { file, rank: 0 });
            let w = font::width(&text) * COORDINATE_SCALE;
            labels.push((text, x - w / 2.0, letter_y, COORDINATE_SCALE));
        }
        let band_x = layout.board_x - FRAME - COORDINATES;
        for rank in 0..diagram.ranks {
            let text = (u32::from(rank) + 1).to_string();
            let (_, y) = layout.centre(diagram, style, Cell { file: 0, rank });
            let w = font::width(&text) * COORDINATE_SCALE;
            labels.push((
                text,
                band_x + (COORDINATES - w) / 2.0,
                y - 5.0 * COORDINATE_SCALE,
                COORDINATE_SCALE,
            ));
        }
    }
    let caption = diagram.caption.as_deref().map(|text| {
        let w = font::width(text) * CAPTION_SCALE;
        (
            text.to_owned(),
            (layout.width - w) / 2.0,
            layout.caption_y + 6.0,
            CAPTION_SCALE,
        )
    });

    // Definitions: each piece and letter used, once, in a fixed order.
    out.push_str("<defs>\n");
    for color in [Color::White, Color::Black] {
        for figure in Figure::ALL {
            if diagram.cells.contains(&Some((figure, color))) {
                define_piece(out, figure, color)?;
            }
        }
    }
    let mut chars: Vec<char> = labels
        .iter()
        .chain(caption.iter())
        .flat_map(|(text, ..)| text.chars())
        .filter(|&c| font::glyph(c).is_some_and(|(_, d)| !d.is_empty()))
        .collect();
    chars.sort_unstable();
    chars.dedup();
    for ch in chars {
        if let Some((_, d)) = font::glyph(ch) {
            writeln!(out, "<path id=\"{}\" d=\"{d}\"/>", glyph_id(ch))?;
        }
    }
    out.push_str("</defs>\n");

    // The paper, the light squares, the dark squares.
    writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"{PAPER}\"/>",
        Num(layout.width),
        Num(layout.height)
    )?;
    let board_w = f64::from(diagram.files) * SQUARE;
    let board_h = f64::from(diagram.ranks) * SQUARE;
    writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
        Num(layout.board_x),
        Num(layout.board_y),
        Num(board_w),
        Num(board_h),
        style.light
    )?;
    out.push_str("<path d=\"");
    for cell in cells(diagram).filter(|&c| !is_light(c)) {
        let (x, y) = layout.corner(diagram, style, cell);
        write!(out, "M{} {}h45v45h-45z", Num(x), Num(y))?;
    }
    writeln!(out, "\" fill=\"{}\"/>", style.dark)?;

    // The highlights, over the squares and under the pieces.
    if !diagram.highlights.is_empty() {
        writeln!(out, "<g fill=\"{}\" fill-opacity=\"0.5\">", style.highlight)?;
        for &cell in &diagram.highlights {
            let (x, y) = layout.corner(diagram, style, cell);
            writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"45\" height=\"45\"/>",
                Num(x),
                Num(y)
            )?;
        }
        out.push_str("</g>\n");
    }

    // The frame, around the squares.
    writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{INK}\" \
         stroke-width=\"{}\"/>",
        Num(layout.board_x - FRAME / 2.0),
        Num(layout.board_y - FRAME / 2.0),
        Num(board_w + FRAME),
        Num(board_h + FRAME),
        Num(FRAME)
    )?;

    // The coordinates.
    if !labels.is_empty() {
        write_letters(out, &labels)?;
    }

    // The pieces, row by row from the top, left to right.
    let mut placed: Vec<((f64, f64), Figure, Color)> = cells(diagram)
        .filter_map(|cell| {
            diagram
                .piece_at(cell)
                .map(|(figure, color)| (layout.corner(diagram, style, cell), figure, color))
        })
        .collect();
    placed.sort_by(|a, b| {
        let ((ax, ay), (bx, by)) = (a.0, b.0);
        ay.total_cmp(&by).then(ax.total_cmp(&bx))
    });
    for ((x, y), figure, color) in placed {
        writeln!(
            out,
            "<use href=\"#{}\" x=\"{}\" y=\"{}\"/>",
            piece_id(figure, color),
            Num(x),
            Num(y)
        )?;
    }

    // The arrows, over the pieces.
    if !diagram.arrows.is_empty() {
        writeln!(out, "<g fill=\"{}\" fill-opacity=\"0.8\">", style.arrow)?;
        for &(from, to) in &diagram.arrows {
            let a = layout.centre(diagram, style, from);
            let b = layout.centre(diagram, style, to);
            write_arrow(out, a, b)?;
        }
        out.push_str("</g>\n");
    }

    // The caption, under everything.
    if let Some(caption) = caption {
        write_letters(out, &[caption])?;
    }
    out.push_str("</svg>\n");
    Ok(())
}

/// A piece's definition: its body filled and outlined, its inner lines
/// and dots in the contrasting colour.
fn define_piece(out: &mut String, figure: Figure, color: Color) -> core::fmt::Result {
    let shape = shapes::shape(figure);
    let (fill, detail) = match color {
        Color::White => (WHITE_FILL, OUTLINE),
        Color::Black => (BLACK_FILL, BLACK_DETAIL),
    };
    write!(
        out,
        "<g id=\"{}\" fill=\"{fill}\" stroke=\"{OUTLINE}\" stroke-width=\"{}\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\">",
        piece_id(figure, color),
        Num(PIECE_STROKE)
    )?;
    for d in shape.body {
        write!(out, "<path d=\"{d}\"/>")?;
    }
    if !shape.detail.is_empty() {
        write!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{detail}\"/>",
            shape.detail
        )?;
    }
    if !shape.dots.is_empty() {
        write!(
            out,
            "<path d=\"{}\" fill=\"{detail}\" stroke=\"none\"/>",
            shape.dots
        )?;
    }
    out.push_str("</g>\n");
    Ok(())
}

/// Runs of letters, each `(text, x, y, scale)` with (x, y) the top left
/// of its capitals, drawn as strokes of the defined letters.
fn write_letters(out: &mut String, runs: &[(String, f64, f64, f64)]) -> core::fmt::Result {
    writeln!(
        out,
        "<g fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\">",
        Num(font::STROKE)
    )?;
    for (text, x, y, scale) in runs {
        write!(
            out,
            "<g transform=\"translate({} {}) scale({})\">",
            Num(*x),
            Num(*y),
            Num(*scale)
        )?;
        let mut at = 0.0;
        for ch in text.chars() {
            let Some((advance, d)) = font::glyph(ch) else {
                continue;
            };
            if !d.is_empty() {
                if at == 0.0 {
                    write!(out, "<use href=\"#{}\"/>", glyph_id(ch))?;
                } else {
                    write!(out, "<use href=\"#{}\" x=\"{}\"/>", glyph_id(ch), Num(at))?;
                }
            }
            at += advance + font::SPACING;
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
    Ok(())
}

/// An arrow from `a` to `b`: a shaft from `a` and a head whose tip is
/// `b`, one closed outline (the head shorter on a short arrow).
fn write_arrow(out: &mut String, a: (f64, f64), b: (f64, f64)) -> core::fmt::Result {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    // The normal, to the left of the direction.
    let (nx, ny) = (-uy, ux);
    let head = HEAD.min(length * 0.6);
    let (hx, hy) = (b.0 - ux * head, b.1 - uy * head);
    let points = [
        (a.0 + nx * SHAFT, a.1 + ny * SHAFT),
        (hx + nx * SHAFT, hy + ny * SHAFT),
        (hx + nx * HEAD_WIDTH, hy + ny * HEAD_WIDTH),
        b,
        (hx - nx * HEAD_WIDTH, hy - ny * HEAD_WIDTH),
        (hx - nx * SHAFT, hy - ny * SHAFT),
        (a.0 - nx * SHAFT, a.1 - ny * SHAFT),
    ];
    out.push_str("<path d=\"");
    for (i, (x, y)) in points.iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        write!(out, "{command}{} {}", Num(*x), Num(*y))?;
    }
    out.push_str("Z\"/>\n");
    Ok(())
}

impl Diagram {
    /// The SVG picture, in `style`.
    pub fn to_svg(&self, style: &Style) -> String {
        write(self, style)
    }
}
