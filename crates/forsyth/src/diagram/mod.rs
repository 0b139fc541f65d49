//! Layer 1, board diagrams: the board drawn as an SVG picture, as printed
//! chess columns draw them. Handed the pieces, it knows nothing of
//! legality.
//!
//! May use: layer 0 (`board` and the types crate).
//!
//! A [`Diagram`] is a grid of `files x ranks` cells (8 x 8 from a [`Board`](crate::Board),
//! any size from 1 x 1 to 16 x 16 built by hand, such as a 10 x 8 board),
//! each empty or holding a [`Figure`] of a [`Color`](crate::Color), with a title, an
//! optional caption, highlighted cells and arrows. [`Diagram::to_svg`]
//! writes it in a [`Style`] (flipped, with coordinates, square colours,
//! size).
//!
//! The picture needs no font and looks the same everywhere: the pieces are
//! this crate's own vector shapes, defined once each in `<defs>` and placed
//! with `<use>`, and the coordinates and caption are drawn as strokes of
//! this crate's own monoline letters (every printable ASCII character; a
//! caption with another character is refused). The output is deterministic
//! (the same diagram and style give the same bytes) and is well-formed XML
//! with a `viewBox`, a `<title>` (the position's FEN placement by default)
//! and a `<desc>` (the caption). Geometry, colours and the order of the
//! elements are specified in `specs/diagram.md`.
//!
//! ```
//! use forsyth::diagram::{Diagram, Style};
//! use forsyth::fen::Fen;
//! use forsyth::Square;
//! let fen = Fen::from_ascii(b"R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1")?;
//! let mut diagram = Diagram::from_board(&fen.board);
//! let caption = diagram.problem_caption("#3");
//! assert_eq!(caption, "#3 (5+1)");
//! diagram.set_caption(&caption)?;
//! diagram.arrow(Square::F1.into(), Square::F7.into())?;
//! let svg = diagram.to_svg(&Style { coordinates: true, ..Style::default() });
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(svg.contains("<title>R7/4k3/4N3/K2B4/8/8/8/5R2</title>"));
//! assert_eq!(svg.matches("<use href=\"#forsyth-wR\"").count(), 2);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod font;
mod model;
mod shapes;
mod svg;

pub use model::{Cell, Diagram, DiagramError, Figure, ParseRgbError, Rgb, Style, MAX_SIDE};

#[cfg(test)]
mod tests;
