//! The diagram as data: its grid of cells, pieces, caption, highlights
//! and arrows, and the style it is drawn in.

use core::fmt;
use core::str::FromStr;

use super::font;
use crate::{Board, Color, File, Rank, Role, Square};

/// The largest number of files or ranks a diagram has.
pub const MAX_SIDE: u8 = 16;

/// A piece's shape: the six roles, and the two compound pieces of the
/// 10 x 8 boards (Capablanca chess).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// King.
    King,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Pawn.
    Pawn,
    /// Archbishop (bishop and knight), drawn as a knight's head before a
    /// bishop's mitre.
    Archbishop,
    /// Chancellor (rook and knight), drawn as a knight's head before a
    /// rook's tower.
    Chancellor,
}

impl Figure {
    /// Every figure, in the order of the definitions of an SVG.
    pub const ALL: [Figure; 8] = [
        Figure::King,
        Figure::Queen,
        Figure::Rook,
        Figure::Bishop,
        Figure::Knight,
        Figure::Pawn,
        Figure::Archbishop,
        Figure::Chancellor,
    ];

    /// The uppercase letter of the figure (`A` archbishop, `C` chancellor),
    /// used in the SVG's element ids.
    ///
    /// ```
    /// use forsyth::diagram::Figure;
    /// assert_eq!(Figure::Chancellor.letter(), 'C');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Figure::King => 'K',
            Figure::Queen => 'Q',
            Figure::Rook => 'R',
            Figure::Bishop => 'B',
            Figure::Knight => 'N',
            Figure::Pawn => 'P',
            Figure::Archbishop => 'A',
            Figure::Chancellor => 'C',
        }
    }
}

impl From<Role> for Figure {
    fn from(role: Role) -> Figure {
        match role {
            Role::King => Figure::King,
            Role::Queen => Figure::Queen,
            Role::Rook => Figure::Rook,
            Role::Bishop => Figure::Bishop,
            Role::Knight => Figure::Knight,
            Role::Pawn => Figure::Pawn,
            Role::Archbishop => Figure::Archbishop,
            Role::Chancellor => Figure::Chancellor,
        }
    }
}

/// A cell of a diagram's grid: its file and rank, both counted from 0
/// (`a1` is file 0, rank 0), so that boards wider than eight files have
/// cells too.
///
/// ```
/// use forsyth::diagram::Cell;
/// use forsyth::Square;
/// assert_eq!(Cell::from(Square::E4), Cell { file: 4, rank: 3 });
/// assert_eq!(Cell { file: 9, rank: 7 }.to_string(), "j8");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The file, 0 for the a-file.
    pub file: u8,
    /// The rank, 0 for the first rank.
    pub rank: u8,
}

impl From<Square> for Cell {
    fn from(square: Square) -> Cell {
        // Both indexes are below 8.
        Cell {
            file: square.file().index() as u8,
            rank: square.rank().index() as u8,
        }
    }
}

/// The file letter (a, b, ...) and the rank number from 1, as a square is
/// named; a file past z is written by its number in brackets.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.file {
            0..=25 => write!(f, "{}", char::from(b'a' + self.file))?,
            n => write!(f, "[{n}]")?,
        }
        write!(f, "{}", u32::from(self.rank) + 1)
    }
}

/// A colour of the picture, written `#rrggbb`.
///
/// ```
/// use forsyth::diagram::Rgb;
/// let c: Rgb = "#B58863".parse()?;
/// assert_eq!(c, Rgb { r: 0xb5, g: 0x88, b: 0x63 });
/// assert_eq!("#fff".parse::<Rgb>()?.to_string(), "#ffffff");
/// # Ok::<_, forsyth::diagram::ParseRgbError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// Why a colour does not read: it is not `#rrggbb` or `#rgb` in
/// hexadecimal digits (the text is kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRgbError {
    /// The text that does not read.
    pub text: String,
}

impl fmt::Display for ParseRgbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a colour: expected #rrggbb or #rgb in hexadecimal digits",
            self.text
        )
    }
}

impl std::error::Error for ParseRgbError {}

impl FromStr for Rgb {
    type Err = ParseRgbError;

    fn from_str(text: &str) -> Result<Rgb, ParseRgbError> {
        let err = || ParseRgbError {
            text: text.to_owned(),
        };
        let digits = text.strip_prefix('#').ok_or_else(err)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(err());
        }
        let value = |s: &str| u8::from_str_radix(s, 16).map_err(|_| err());
        match digits.len() {
            6 => Ok(Rgb {
                r: value(&digits[0..2])?,
                g: value(&digits[2..4])?,
                b: value(&digits[4..6])?,
            }),
            // #abc is #aabbcc.
            3 => Ok(Rgb {
                r: value(&digits[0..1])? * 17,
                g: value(&digits[1..2])? * 17,
                b: value(&digits[2..3])? * 17,
            }),
            _ => Err(err()),
        }
    }
}

/// How a diagram is drawn.
///
/// ```
/// use forsyth::diagram::Style;
/// let style = Style { flip: true, ..Style::default() };
/// assert_eq!(style.square_px, 45);
/// assert_eq!(style.light.to_string(), "#f0e6d2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Black at the bottom: the last rank at the foot and the last file on
    /// the left.
    pub flip: bool,
    /// File letters under the board and rank numbers on its left.
    pub coordinates: bool,
    /// The size of a square in pixels, as the SVG's `width` and `height`
    /// say (the `viewBox` stays 45 units a square); 0 counts as 1.
    pub square_px: u32,
    /// The light squares.
    pub light: Rgb,
    /// The dark squares.
    pub dark: Rgb,
    /// The highlighted squares, laid over the square's own colour at half
    /// opacity.
    pub highlight: Rgb,
    /// The arrows, drawn at 80% opacity.
    pub arrow: Rgb,
}

impl Default for Style {
    /// White at the bottom, no coordinates, 45 pixels a square, cream and
    /// tan squares, yellow highlights and green arrows.
    fn default() -> Style {
        Style {
            flip: false,
            coordinates: false,
            square_px: 45,
            light: Rgb {
                r: 0xf0,
                g: 0xe6,
                b: 0xd2,
            },
            dark: Rgb {
                r: 0xb5,
                g: 0x8f,
                b: 0x63,
            },
            highlight: Rgb {
                r: 0xf4,
                g: 0xd0,
                b: 0x3f,
            },
            arrow: Rgb {
                r: 0x1f,
                g: 0x8a,
                b: 0x4c,
            },
        }
    }
}

/// Why a diagram refuses a size, a cell, an arrow or a caption. The kind
/// names ([`DiagramError::name`]) are stable.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramError {
    /// `size`: a side of 0 cells or more than [`MAX_SIDE`].
    Size {
        /// The files asked for.
        files: u8,
        /// The ranks asked for.
        ranks: u8,
    },
    /// `outside`: a cell beyond the grid.
    Outside {
        /// The cell.
        cell: Cell,
        /// The grid's files.
        files: u8,
        /// The grid's ranks.
        ranks: u8,
    },
    /// `arrow`: an arrow from a cell to itself.
    Arrow {
        /// The cell.
        cell: Cell,
    },
    /// `character`: a caption character the letters of the picture do not
    /// have (they have the printable ASCII characters).
    Character {
        /// Its byte offset in the caption.
        offset: usize,
        /// The character.
        ch: char,
    },
}

impl DiagramError {
    /// The stable kind name.
    ///
    /// ```
    /// use forsyth::diagram::Diagram;
    /// assert_eq!(Diagram::new(0, 8).unwrap_err().name(), "size");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            DiagramError::Size { .. } => "size",
            DiagramError::Outside { .. } => "outside",
            DiagramError::Arrow { .. } => "arrow",
            DiagramError::Character { .. } => "character",
        }
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Size { files, ranks } => write!(
                f,
                "a diagram of {files} x {ranks} cells: each side must be 1 to {MAX_SIDE}"
            ),
            DiagramError::Outside { cell, files, ranks } => {
                write!(f, "{cell} is outside the {files} x {ranks} board")
            }
            DiagramError::Arrow { cell } => {
                write!(f, "an arrow from {cell} to itself has no direction")
            }
            DiagramError::Character { offset, ch } => write!(
                f,
                "caption: col {}: '{}' (U+{:04X}) cannot be drawn: captions are printable ASCII",
                offset + 1,
                ch.escape_debug(),
                u32::from(*ch)
            ),
        }
    }
}

impl std::error::Error for DiagramError {}

/// A board to draw: a grid of cells, each empty or holding a figure of a
/// colour, with a title, an optional caption, highlighted cells and
/// arrows. Written as SVG by [`Diagram::to_svg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub(super) files: u8,
    pub(super) ranks: u8,
    /// Rank by rank from the first, file by file from the first.
    pub(super) cells: Vec<Option<(Figure, Color)>>,
    pub(super) title: String,
    pub(super) caption: Option<String>,
    pub(super) highlights: Vec<Cell>,
    pub(super) arrows: Vec<(Cell, Cell)>,
}

impl Diagram {
    /// An empty grid of `files x ranks` cells, each side 1 to
    /// [`MAX_SIDE`]; its title is empty.
    ///
    /// ```
    /// use forsyth::diagram::{Cell, Diagram, Figure};
    /// use forsyth::Color;
    /// let mut capablanca = Diagram::new(10, 8)?;
    /// capablanca.set(Cell { file: 2, rank: 0 }, Some((Figure::Archbishop, Color::White)))?;
    /// assert_eq!(capablanca.count(Color::White), 1);
    /// # Ok::<_, forsyth::diagram::DiagramError>(())
    /// ```
    pub fn new(files: u8, ranks: u8) -> Result<Diagram, DiagramError> {
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return Err(DiagramError::Size { files, ranks });
        }
        Ok(Diagram {
            files,
            ranks,
            cells: vec![None; usize::from(files) * usize::from(ranks)],
            title: String::new(),
            caption: None,
            highlights: Vec::new(),
            arrows: Vec::new(),
        })
    }

    /// The 8 x 8 grid of `board`, titled with its FEN placement.
    ///
    /// ```
    /// use forsyth::diagram::{Diagram, Figure};
    /// use forsyth::{Board, Color, Square};
    /// let d = Diagram::from_board(&Board::standard());
    /// assert_eq!(d.piece_at(Square::D8.into()), Some((Figure::Queen, Color::Black)));
    /// assert_eq!(d.title(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    /// ```
    pub fn from_board(board: &Board) -> Diagram {
        let mut cells = vec![None; 64];
        for rank in Rank::ALL {
            for file in File::ALL {
                let square = Square::from_coords(file, rank);
                cells[square.index()] = board
                    .piece_at(square)
                    .map(|p| (Figure::from(p.role), p.color));
            }
        }
        Diagram {
            files: 8,
            ranks: 8,
            cells,
            title: board.to_string(),
            caption: None,
            highlights: Vec::new(),
            arrows: Vec::new(),
        }
    }

    /// The number of files (columns).
    pub fn files(&self) -> u8 {
        self.files
    }

    /// The number of ranks (rows).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    fn index(&self, cell: Cell) -> Result<usize, DiagramError> {
        if cell.file < self.files && cell.rank < self.ranks {
            Ok(usize::from(cell.rank) * usize::from(self.files) + usize::from(cell.file))
        } else {
            Err(DiagramError::Outside {
                cell,
                files: self.files,
                ranks: self.ranks,
            })
        }
    }

    /// What stands on `cell` (nothing for a cell outside the grid).
    pub fn piece_at(&self, cell: Cell) -> Option<(Figure, Color)> {
        self.index(cell).ok().and_then(|i| self.cells[i])
    }

    /// Puts a piece on `cell`, or empties it.
    pub fn set(&mut self, cell: Cell, piece: Option<(Figure, Color)>) -> Result<(), DiagramError> {
        let i = self.index(cell)?;
        self.cells[i] = piece;
        Ok(())
    }

    /// The number of pieces of `color`.
    pub fn count(&self, color: Color) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Some((_, c)) if *c == color))
            .count()
    }

    /// The caption problem columns print under a diagram: the stipulation
    /// (as given, trimmed), then the count of white and black pieces
    /// `(w+b)`; the count alone when the stipulation is empty.
    ///
    /// ```
    /// use forsyth::diagram::Diagram;
    /// use forsyth::Board;
    /// let d = Diagram::from_board(&Board::standard());
    /// assert_eq!(d.problem_caption("h#2"), "h#2 (16+16)");
    /// assert_eq!(d.problem_caption(""), "(16+16)");
    /// ```
    pub fn problem_caption(&self, stipulation: &str) -> String {
        let count = format!(
            "({}+{})",
            self.count(Color::White),
            self.count(Color::Black)
        );
        match stipulation.trim() {
            "" => count,
            s => format!("{s} {count}"),
        }
    }

    /// The title: the SVG's `<title>`, what a screen reader says of it.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Sets the title (a FEN record, say).
    pub fn set_title(&mut self, title: &str) {
        title.clone_into(&mut self.title);
    }

    /// The caption, when there is one.
    pub fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }

    /// Sets the caption drawn under the board (and written in the SVG's
    /// `<desc>`); an empty or blank text removes it. Refused when a
    /// character is not printable ASCII: the letters are drawn, and no
    /// others are.
    ///
    /// ```
    /// use forsyth::diagram::Diagram;
    /// use forsyth::Board;
    /// let mut d = Diagram::from_board(&Board::default());
    /// d.set_caption("#2 (3+1)")?;
    /// assert_eq!(d.caption(), Some("#2 (3+1)"));
    /// let err = d.set_caption("Matt in 2 Zügen").unwrap_err();
    /// assert_eq!(err.to_string(), "caption: col 12: 'ü' (U+00FC) cannot be drawn: captions are printable ASCII");
    /// # Ok::<_, forsyth::diagram::DiagramError>(())
    /// ```
    pub fn set_caption(&mut self, text: &str) -> Result<(), DiagramError> {
        if let Some((offset, ch)) = font::missing(text) {
            return Err(DiagramError::Character { offset, ch });
        }
        let text = text.trim();
        self.caption = (!text.is_empty()).then(|| text.to_owned());
        Ok(())
    }

    /// Highlights `cell` (once, however often it is asked).
    pub fn highlight(&mut self, cell: Cell) -> Result<(), DiagramError> {
        self.index(cell)?;
        if !self.highlights.contains(&cell) {
            self.highlights.push(cell);
        }
        Ok(())
    }

    /// The highlighted cells, in the order given.
    pub fn highlights(&self) -> &[Cell] {
        &self.highlights
    }

    /// Draws an arrow from the centre of `from` to the centre of `to`, a
    /// straight line whatever the move (a knight's, castling's).
    pub fn arrow(&mut self, from: Cell, to: Cell) -> Result<(), DiagramError> {
        self.index(from)?;
        self.index(to)?;
        if from == to {
            return Err(DiagramError::Arrow { cell: from });
        }
        self.arrows.push((from, to));
        Ok(())
    }

    /// The arrows, in the order given (later ones drawn over earlier ones).
    pub fn arrows(&self) -> &[(Cell, Cell)] {
        &self.arrows
    }
}
