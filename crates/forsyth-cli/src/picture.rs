//! `forsyth diagram` (and `show --format svg`): the board as a picture,
//! the SVG of `forsyth::diagram`, or that SVG rasterised to PNG by resvg.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use forsyth::diagram::{Cell, Diagram, Rgb, Style};
use forsyth::solve::{ParseStipulationErrorKind, Stipulation};
use forsyth::{Move, Position, Square};

use crate::cli::{DiagramArgs, PictureFormatArg};
use crate::exit::ResolveError;
use crate::position::Legality;
use crate::position::{self, Rest};
use crate::Outcome;

/// A picture ready to write.
pub struct Picture {
    pub diagram: Diagram,
    pub style: Style,
    pub png: bool,
    /// `-o FILE`; standard output when none.
    pub output: Option<PathBuf>,
}

/// The words of `show --format svg` as `diagram` takes them, with only
/// `--flip` of its options: the same picture.
pub fn show_args(words: Vec<String>, flip: bool) -> DiagramArgs {
    DiagramArgs {
        format: Some(PictureFormatArg::Svg),
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
                ParseStipulationErrorKind::Helpmate | ParseStipulationErrorKind::Unsupported
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

/// The picture `args` ask for, the position read as every command reads
/// one (its words already in English letters), and a stipulation after it.
pub fn resolve(args: DiagramArgs, words: &[String]) -> Result<Picture, ResolveError> {
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
    // A statement or a record with a stipulation may come as one quoted
    // argument: its words are split, as the shell would have.
    let words: Vec<String> = match words {
        [dash] if dash == "-" => position::first_stdin_record()
            .map_err(|e| ResolveError::Rejected(format!("standard input: {e}")))?
            .split_whitespace()
            .map(str::to_owned)
            .collect(),
        _ => words
            .iter()
            .flat_map(|w| w.split_whitespace())
            .map(str::to_owned)
            .collect(),
    };
    if words.is_empty() {
        return Err(ResolveError::Usage("diagram needs a position".to_owned()));
    }
    let statement = words[0].starts_with('(');
    let (given, mut rest) = position::resolve("diagram", &words, Rest::Moves)?;
    let mut diagram = Diagram::from_board(&given.fen.board);
    diagram.set_title(&given.fen.to_string());
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
    let caption = match (&args.caption, &stipulation) {
        (Some(text), _) => text.clone(),
        (None, Some(s)) => diagram.problem_caption(s),
        (None, None) if statement || counted => diagram.problem_caption(""),
        (None, None) => String::new(),
    };
    diagram
        .set_caption(&caption)
        .map_err(|e| ResolveError::Usage(e.to_string()))?;
    for list in &args.highlight {
        for name in list.split([',', ' ']).filter(|n| !n.is_empty()) {
            let sq = square(name).ok_or_else(|| {
                ResolveError::Usage(format!(
                    "--highlight: '{name}' is not a square (a1 to h8; separate squares with \
                     commas)"
                ))
            })?;
            diagram
                .highlight(sq.into())
                .map_err(|e| usage("--highlight", &e))?;
        }
    }
    let mut legal = None;
    let mut position = || {
        legal
            .get_or_insert_with(|| {
                position::legal(
                    &given,
                    Legality {
                        variant: None,
                        lenient: false,
                    },
                )
            })
            .clone()
    };
    for text in &args.arrow {
        let (from, to) = arrow(text, &mut position)?;
        diagram
            .arrow(from, to)
            .map_err(|e| ResolveError::Rejected(format!("--arrow: {text}: {e}")))?;
    }
    let png = match args.format {
        Some(format) => format == PictureFormatArg::Png,
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
        diagram,
        style,
        png,
        output: args.output,
    })
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
    let svg = picture.diagram.to_svg(&picture.style);
    let bytes = if picture.png {
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
    match &picture.output {
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
