//! `forsyth diagram` (and `show --format svg`): the board as a picture,
//! the SVG of `forsyth::diagram`, or that SVG rasterised to PNG by resvg.
//!
//! A picture is its own kind of output: one document written whole (to
//! standard output or `-o FILE`), binary for PNG, not the records the
//! printer writes.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use forsyth::diagram::{Cell, Diagram, Rgb, Style};
use forsyth::notation::Language;
use forsyth::solve::{ParseStipulationErrorKind, Stipulation};
use forsyth::{Move, Position, Square};

use crate::cli::DiagramArgs;
use crate::exit::ResolveError;
use crate::position::{self, Given, Legality, Record, Rest};
use crate::printer::Format;
use crate::Outcome;

/// A picture ready to draw and write.
pub struct Picture {
    /// The position, with the words after it.
    pub source: Source,
    /// What is drawn on the board besides the position.
    pub marks: Marks,
    pub style: Style,
    pub png: bool,
    /// `-o FILE`; standard output when none.
    pub output: Option<PathBuf>,
}

/// Where the position comes from.
pub enum Source {
    /// The words of the command line: the position (`-`: the first record
    /// of standard input) and the words after it.
    Words { given: Given, rest: Vec<String> },
    /// `-` alone: the first record of standard input, and the words after
    /// it on its line (a stipulation).
    StdinLine,
}

/// What the options draw on the board besides the position.
pub struct Marks {
    /// `--caption`, checked when drawn.
    pub caption: Option<String>,
    /// `--highlight`'s squares.
    pub highlight: Vec<Square>,
    /// `--arrow`'s moves, read in the position when drawn.
    pub arrow: Vec<String>,
}

/// The words of `show --format svg` as `diagram` takes them, with only
/// `--flip` of its options: the same picture.
pub fn show_args(words: Vec<String>, flip: bool) -> DiagramArgs {
    DiagramArgs {
        format: Some(Format::Svg),
        output: None,
        flip,
        coordinates: false,
        caption: None,
        highlight: Vec::new(),
        arrow: Vec::new(),
        size: 45,
        light: None,
        dark: None,
        letters: None,
        words,
    }
}

/// Whether `word` is a problem's piece count, `(5+1)`.
fn is_count(word: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    word.strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .and_then(|w| w.split_once('+'))
        .is_some_and(|(w, b)| digits(w) && digits(b))
}

/// The stipulation of a caption: a mate or selfmate written short, other
/// kinds (helpmates, series movers, studies) as given; text that is no
/// stipulation at all is refused.
fn stipulation(text: &str) -> Result<String, ResolveError> {
    match text.parse::<Stipulation>() {
        Ok(s) => Ok(s.to_string()),
        Err(e)
            if matches!(
                e.kind(),
                ParseStipulationErrorKind::HalfMove | ParseStipulationErrorKind::Unsupported
            ) =>
        {
            Ok(text.to_owned())
        }
        Err(e) => Err(ResolveError::Rejected(format!(
            "diagram: '{text}' follows the position but is no stipulation: {}",
            e.message()
        ))),
    }
}

/// The cell of a square's name.
fn square(name: &str) -> Option<Square> {
    Square::from_ascii(name.as_bytes())
}

/// The arrow of `--arrow MOVE`: two squares as given, else a legal move
/// of the position (`position` is asked for only then).
fn arrow(
    text: &str,
    position: &mut dyn FnMut() -> Result<Position, String>,
) -> Result<(Cell, Cell), ResolveError> {
    let bytes = text.as_bytes();
    let promotion = |b: &[u8]| {
        matches!(
            b,
            [] | [b'q' | b'r' | b'b' | b'n' | b'Q' | b'R' | b'B' | b'N']
        )
    };
    if bytes.len() >= 4 && promotion(&bytes[4..]) {
        if let (Some(from), Some(to)) = (square(&text[..2]), square(&text[2..4])) {
            return Ok((from.into(), to.into()));
        }
    }
    let pos = position().map_err(|e| {
        ResolveError::Rejected(format!(
            "--arrow: '{text}' is not two squares (such as e2e4), and a move needs a legal \
             position: {e}"
        ))
    })?;
    let m = pos
        .parse_move(text)
        .map_err(|e| ResolveError::Rejected(format!("--arrow: {e}")))?;
    let to = match m {
        // A king that does not move: the arrow runs to its rook.
        Move::Castle { king, rook } if m.to() == king => rook,
        _ => m.to(),
    };
    Ok((m.from().into(), to.into()))
}

/// The picture `args` ask for: the options checked, the position's words
/// split and read (in `letters` too, when given), standard input left for
/// the command to read.
pub fn resolve(args: DiagramArgs, letters: Option<Language>) -> Result<Picture, ResolveError> {
    let usage = |flag: &str, e: &dyn std::fmt::Display| ResolveError::Usage(format!("{flag}: {e}"));
    let mut style = Style {
        flip: args.flip,
        coordinates: args.coordinates,
        square_px: args.size,
        ..Style::default()
    };
    if let Some(light) = &args.light {
        style.light = light.parse::<Rgb>().map_err(|e| usage("--light", &e))?;
    }
    if let Some(dark) = &args.dark {
        style.dark = dark.parse::<Rgb>().map_err(|e| usage("--dark", &e))?;
    }
    let mut highlight = Vec::new();
    for list in &args.highlight {
        for name in list.split([',', ' ']).filter(|n| !n.is_empty()) {
            highlight.push(square(name).ok_or_else(|| {
                ResolveError::Usage(format!(
                    "--highlight: '{name}' is not a square (a1 to h8; separate squares with \
                     commas)"
                ))
            })?);
        }
    }
    let source = match args.words.as_slice() {
        [dash] if dash == "-" => Source::StdinLine,
        words => {
            let words = split(words.iter().map(String::as_str));
            let (given, rest) = read(&words, letters)?;
            Source::Words { given, rest }
        }
    };
    let png = match args.format {
        Some(format) => format == Format::Png,
        None => args
            .output
            .as_ref()
            .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))),
    };
    if png && args.output.is_none() && io::stdout().is_terminal() {
        return Err(ResolveError::Usage(
            "diagram: a PNG is binary and standard output is a terminal: give -o FILE, or \
             redirect standard output to a file"
                .to_owned(),
        ));
    }
    Ok(Picture {
        source,
        marks: Marks {
            caption: args.caption,
            highlight,
            arrow: args.arrow,
        },
        style,
        png,
        output: args.output,
    })
}

/// The words of a position and what follows it. A statement or a record
/// with a stipulation may come as one quoted argument: its words are
/// split, as the shell would have.
fn split<'a>(words: impl Iterator<Item = &'a str>) -> Vec<String> {
    words
        .flat_map(str::split_whitespace)
        .map(str::to_owned)
        .collect()
}

/// The position of `words` and the words after it.
fn read(words: &[String], letters: Option<Language>) -> Result<(Given, Vec<String>), ResolveError> {
    if words.is_empty() {
        return Err(ResolveError::Usage("diagram needs a position".to_owned()));
    }
    position::resolve("diagram", words, Rest::Moves, letters)
}

/// The position of `source` (standard input read now, once) and the
/// words after it.
fn position(source: &Source) -> Result<(Record, Vec<String>), ResolveError> {
    let rejected = ResolveError::Rejected;
    match source {
        Source::Words { given, rest } => Ok((given.read().map_err(rejected)?, rest.clone())),
        Source::StdinLine => {
            let line = position::first_stdin_record()
                .map_err(|e| rejected(format!("standard input: {e}")))?;
            let words = split(std::iter::once(line.as_str()));
            // Standard input's words are read in English letters, as every
            // record of standard input is.
            match read(&words, None)? {
                (Given::Read(record), rest) => Ok((record, rest)),
                (Given::Stdin { .. }, _) => Err(rejected(
                    "standard input: '-' is not a position (it stands for standard input \
                     on the command line only)"
                        .to_owned(),
                )),
            }
        }
    }
}

/// The diagram of `record` with `marks`, captioned by the words after
/// it (a count, a stipulation).
fn draw(record: &Record, mut rest: Vec<String>, marks: &Marks) -> Result<Diagram, ResolveError> {
    let usage = |flag: &str, e: &dyn std::fmt::Display| ResolveError::Usage(format!("{flag}: {e}"));
    let mut diagram = Diagram::from_board(record.board());
    diagram.set_title(&record.to_string());
    // A bare placement's count, `R7/... (5+1) #3`, checked as a
    // statement's is.
    let counted = rest.first().is_some_and(|w| is_count(w));
    if counted {
        let count = diagram.problem_caption("");
        if rest[0] != count {
            return Err(ResolveError::Rejected(format!(
                "diagram: the count {} is not the placement's {count}",
                rest[0]
            )));
        }
        rest.remove(0);
    }
    let stipulation = match rest.join(" ") {
        text if text.is_empty() => None,
        text => Some(stipulation(&text)?),
    };
    let caption = match (&marks.caption, &stipulation) {
        (Some(text), _) => text.clone(),
        (None, Some(s)) => diagram.problem_caption(s),
        (None, None) if counted || matches!(record, Record::Statement(_)) => {
            diagram.problem_caption("")
        }
        (None, None) => String::new(),
    };
    diagram
        .set_caption(&caption)
        .map_err(|e| ResolveError::Usage(e.to_string()))?;
    for &sq in &marks.highlight {
        diagram
            .highlight(sq.into())
            .map_err(|e| usage("--highlight", &e))?;
    }
    let mut legal = None;
    let mut position = || {
        legal
            .get_or_insert_with(|| {
                position::judge_legal(
                    record,
                    Legality {
                        variant: None,
                        lenient: false,
                    },
                )
            })
            .clone()
    };
    for text in &marks.arrow {
        let (from, to) = arrow(text, &mut position)?;
        diagram
            .arrow(from, to)
            .map_err(|e| ResolveError::Rejected(format!("--arrow: {text}: {e}")))?;
    }
    Ok(diagram)
}

/// The SVG rasterised at its own width and height.
fn rasterise(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("no picture of {} x {} pixels", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

pub fn run(picture: &Picture) -> io::Result<Outcome> {
    let drawn =
        position(&picture.source).and_then(|(record, rest)| draw(&record, rest, &picture.marks));
    let diagram = match drawn {
        Ok(diagram) => diagram,
        Err(e) => return Ok(e.note()),
    };
    emit(
        diagram.to_svg(&picture.style),
        picture.png,
        picture.output.as_ref(),
    )
}

/// Writes a picture's SVG, or its PNG, to `output` or standard output.
pub fn emit(svg: String, png: bool, output: Option<&PathBuf>) -> io::Result<Outcome> {
    let bytes = if png {
        match rasterise(&svg) {
            Ok(png) => png,
            Err(e) => {
                crate::note(&format!("diagram: cannot draw the PNG: {e}"));
                return Ok(Outcome::Failed);
            }
        }
    } else {
        svg.into_bytes()
    };
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &bytes) {
                crate::note(&format!("{}: {e}", path.display()));
                return Ok(Outcome::Failed);
            }
        }
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(Outcome::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_stipulations() {
        assert!(is_count("(5+1)") && is_count("(16+16)"));
        assert!(!is_count("(5+)") && !is_count("5+1") && !is_count("(a+1)"));
        assert_eq!(stipulation("mate in three").ok(), Some("#3".to_owned()));
        assert_eq!(stipulation("s#4").ok(), Some("s#4".to_owned()));
        assert_eq!(stipulation("h#2.5").ok(), Some("h#2.5".to_owned()));
        assert_eq!(stipulation("ser-h#7").ok(), Some("ser-h#7".to_owned()));
        assert!(stipulation("x").is_err());
        assert!(stipulation("#0").is_err());
    }
}
