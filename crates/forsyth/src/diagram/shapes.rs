//! The pieces' shapes: path data in a 45 x 45 cell, y downward, drawn
//! for this crate from circles, arcs, straight lines and a few curves.
//! Each figure stands on the same plinth (y 35 to 39.5) and is centred on
//! x = 22.5, so that a row of pieces lines up as on a printed diagram.

use super::model::Figure;

/// One figure's shape: the parts filled with the side's colour and
/// outlined (later parts over earlier ones), the inner lines drawn in the
/// contrasting colour (dark on a white piece, light on a black one), and
/// the dots (an eye) filled in that contrasting colour.
pub(super) struct Shape {
    pub body: &'static [&'static str],
    pub detail: &'static str,
    pub dots: &'static str,
}

/// The shape of `figure`.
pub(super) const fn shape(figure: Figure) -> &'static Shape {
    match figure {
        Figure::King => &KING,
        Figure::Queen => &QUEEN,
        Figure::Rook => &ROOK,
        Figure::Bishop => &BISHOP,
        Figure::Knight => &KNIGHT,
        Figure::Pawn => &PAWN,
        Figure::Archbishop => &ARCHBISHOP,
        Figure::Chancellor => &CHANCELLOR,
    }
}

/// A Staunton king: a flared crown on a collar and a waisted stem, a
/// cross on top.
const KING: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M12.5 35 C15.5 31 17.5 27 18 22.5 H27 C27.5 27 29.5 31 32.5 35 Z",
        "M16.5 23 H28.5 A1.7 1.7 0 0 0 28.5 19.6 H16.5 A1.7 1.7 0 0 0 16.5 23 Z",
        "M17.5 19.6 L10 12 C15 10.2 30 10.2 35 12 L27.5 19.6 Z",
        "M21.1 10.7 V8.1 H18.3 V5.3 H21.1 V2.5 H23.9 V5.3 H26.7 V8.1 H23.9 V10.7 Z",
    ],
    detail: "M14.5 14.8 H30.5",
    dots: "",
};
/// A coronet of five points, each with a ball, the middle one highest.
const QUEEN: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M12.5 35 C12.5 33 13 32 13.5 30.5 H31.5 C32 32 32.5 33 32.5 35 Z",
        "M13.5 30.5 L9.5 15 L16 22.5 L16 11.5 L20.5 21 L22.5 9 L24.5 21 L29 11.5 L29 22.5 L35.5 15 L31.5 30.5 Z",
        "M7.2 13.2 A2.3 2.3 0 1 0 11.8 13.2 A2.3 2.3 0 1 0 7.2 13.2 Z",
        "M13.7 9.7 A2.3 2.3 0 1 0 18.3 9.7 A2.3 2.3 0 1 0 13.7 9.7 Z",
        "M20.2 7 A2.3 2.3 0 1 0 24.8 7 A2.3 2.3 0 1 0 20.2 7 Z",
        "M26.7 9.7 A2.3 2.3 0 1 0 31.3 9.7 A2.3 2.3 0 1 0 26.7 9.7 Z",
        "M33.2 13.2 A2.3 2.3 0 1 0 37.8 13.2 A2.3 2.3 0 1 0 33.2 13.2 Z",
    ],
    detail: "M15 30.5 H30",
    dots: "",
};
/// A tower: three merlons on a crenellated head, a tapered body.
const ROOK: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M12.5 35 V31.5 H32.5 V35 Z",
        "M14.5 31.5 L15.5 17.5 H29.5 L30.5 31.5 Z",
        "M12.5 17.5 V14 H32.5 V17.5 Z",
        "M12.5 14 V7 H16.7 V10 H20.4 V7 H24.6 V10 H28.3 V7 H32.5 V14 Z",
    ],
    detail: "M14 31.5 H31 M14 17.5 H31 M14 14 H31",
    dots: "",
};
/// A mitre with its slit and a ball on top, on a collar and a foot.
const BISHOP: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M13 35 C15 31.5 18 30.5 22.5 30.5 C27 30.5 30 31.5 32 35 Z",
        "M16.5 30.5 V27.5 H28.5 V30.5 Z",
        "M17.5 27.5 C13 21 15.5 14.5 22.5 9.5 C29.5 14.5 32 21 27.5 27.5 Z",
        "M20.2 7.2 A2.3 2.3 0 1 0 24.8 7.2 A2.3 2.3 0 1 0 20.2 7.2 Z",
    ],
    detail: "M20 21.5 L26.5 15 M18 27.5 H27 M17.5 30.5 H27.5",
    dots: "",
};
/// A horse's head looking left: ears, mane line, eye and nostril.
const KNIGHT: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M14 35 C14 30 18 27.5 19.5 24.5 C16 25.5 13 26.5 11 27.5 C8.5 28.5 6.5 26.5 7.5 24 C9 20.5 12 17 15 13.5 C16.5 11.5 17 9 18.5 6.5 L20.5 10 L23 6 L24.5 10 C31 11.5 34 18 33.5 27 C33.3 30 33 32.5 33 35 Z",
    ],
    detail: "M24.7 11.5 C29.5 14.5 31.5 20 31 27",
    dots: "M15.7 16.5 A1.3 1.3 0 1 0 18.3 16.5 A1.3 1.3 0 1 0 15.7 16.5 Z M9.1 24.6 A0.9 0.9 0 1 0 10.9 24.6 A0.9 0.9 0 1 0 9.1 24.6 Z",
};
/// A ball on a collar and a bell-shaped body.
const PAWN: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M15.5 35 C15.5 29 18 25 20 22 H25 C27 25 29.5 29 29.5 35 Z",
        "M17 22.5 H28 A1.6 1.6 0 0 0 28 19.3 H17 A1.6 1.6 0 0 0 17 22.5 Z",
        "M17 13.5 A5.5 5.5 0 1 0 28 13.5 A5.5 5.5 0 1 0 17 13.5 Z",
    ],
    detail: "",
    dots: "",
};
/// Bishop and knight: the knight's head (at 0.76 of its size) in front of
/// a bishop's mitre (at 0.88), on the common plinth.
const ARCHBISHOP: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M19.64 35 C21.4 31.92 24.04 31.04 28 31.04 C31.96 31.04 34.6 31.92 36.36 35 Z",
        "M22.72 31.04 V28.4 H33.28 V31.04 Z",
        "M23.6 28.4 C19.64 22.68 21.84 16.96 28 12.56 C34.16 16.96 36.36 22.68 32.4 28.4 Z",
        "M25.98 10.54 A2.02 2.02 0 1 0 30.02 10.54 A2.02 2.02 0 1 0 25.98 10.54 Z",
        "M11.04 35 C11.04 31.2 14.08 29.3 15.22 27.02 C12.56 27.78 10.28 28.54 8.76 29.3 C6.86 30.06 5.34 28.54 6.1 26.64 C7.24 23.98 9.52 21.32 11.8 18.66 C12.94 17.14 13.32 15.24 14.46 13.34 L15.98 16 L17.88 12.96 L19.02 16 C23.96 17.14 26.24 22.08 25.86 28.92 C25.71 31.2 25.48 33.1 25.48 35 Z",
    ],
    detail: "M25.8 23.12 L31.52 17.4 M19.17 17.14 C22.82 19.42 24.34 23.6 23.96 28.92",
    dots: "M12.12 20.94 A1.2 1.2 0 1 0 14.52 20.94 A1.2 1.2 0 1 0 12.12 20.94 Z",
};
/// Rook and knight: the knight's head (at 0.76 of its size) in front of a
/// rook's tower (at 0.88), on the common plinth.
const CHANCELLOR: Shape = Shape {
    body: &[
        "M10.5 39.5 H34.5 A1.5 1.5 0 0 0 36 38 V36.5 A1.5 1.5 0 0 0 34.5 35 H10.5 A1.5 1.5 0 0 0 9 36.5 V38 A1.5 1.5 0 0 0 10.5 39.5 Z",
        "M19.2 35 V31.92 H36.8 V35 Z",
        "M20.96 31.92 L21.84 19.6 H34.16 L35.04 31.92 Z",
        "M19.2 19.6 V16.52 H36.8 V19.6 Z",
        "M19.2 16.52 V10.36 H22.9 V13 H26.15 V10.36 H29.85 V13 H33.1 V10.36 H36.8 V16.52 Z",
        "M11.04 35 C11.04 31.2 14.08 29.3 15.22 27.02 C12.56 27.78 10.28 28.54 8.76 29.3 C6.86 30.06 5.34 28.54 6.1 26.64 C7.24 23.98 9.52 21.32 11.8 18.66 C12.94 17.14 13.32 15.24 14.46 13.34 L15.98 16 L17.88 12.96 L19.02 16 C23.96 17.14 26.24 22.08 25.86 28.92 C25.71 31.2 25.48 33.1 25.48 35 Z",
    ],
    detail: "M19.17 17.14 C22.82 19.42 24.34 23.6 23.96 28.92",
    dots: "M12.12 20.94 A1.2 1.2 0 1 0 14.52 20.94 A1.2 1.2 0 1 0 12.12 20.94 Z",
};
