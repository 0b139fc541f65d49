//! `forsyth convert`: stream lines, convert each, report the rejected ones.

use std::borrow::Cow;
use std::io::{self, Write};

use forsyth::convert::{convert_line, convert_line_bytes, ConvertError, ConvertOptions};

use crate::lines::{visit_lines, Batch, Line, LineVisitor, MAX_LINE};
use crate::notation::{in_letters, original_offset, problem_error, to_english, LettersMode};
use crate::printer::{Diagnostics, Place, Printer};
use crate::Outcome;

pub fn run(args: &crate::options::Convert) -> io::Result<Outcome> {
    // One converter per thread; each line goes through `Convert::line`.
    let make = || Convert {
        opts: args.opts,
        capa: args.capa,
        letters: args.letters,
        out: Printer::buffer(),
        diagnostics: Diagnostics::buffer(),
        text: String::with_capacity(128),
    };
    let totals = visit_lines(&args.files, args.progress, args.threads, make)?;
    Ok(Outcome::of_counts(totals.io_errors, totals.rejected))
}

struct Convert {
    opts: ConvertOptions,
    /// `--variant` naming a 10x8 variant.
    capa: Option<forsyth::capablanca::Variant>,
    letters: LettersMode,
    /// This thread's output since the last `take`.
    out: Printer<Vec<u8>>,
    diagnostics: Diagnostics,
    text: String,
}

impl LineVisitor for Convert {
    fn line(&mut self, source: &str, line: Line<'_>) -> io::Result<()> {
        if line.too_long {
            self.diagnostics.reject(
                Place::column(source, line.number, MAX_LINE + 1),
                format_args!("record: line longer than {MAX_LINE} bytes"),
            );
            return Ok(());
        }
        if self.capa.is_some() {
            return self.convert_10x8(source, &line);
        }
        let problem = line.bytes.trim_ascii_start().starts_with(b"(");
        let english = self.letters == LettersMode::English && !problem;
        // A line that converts as an 8x8 record is one (ten squares never
        // read as eight), so the test for 10x8 waits for a line that does
        // not: nearly every line is written without it.
        if english {
            // Written straight into the output, with no copy between.
            let out = self.out.bytes();
            if convert_line_bytes(line.bytes, &self.opts, out).is_ok() {
                out.push(b'\n');
                return Ok(());
            }
        }
        if forsyth::capablanca::line_is_ten_files(line.bytes) || self.is_10x8_in_letters(line.bytes)
        {
            return self.convert_10x8(source, &line);
        }
        self.text.clear();
        // Other letters and the problem form are read to an English record
        // first; a line nothing reads is converted as it is, for its error.
        // English records (the fast path) are not decoded here.
        if english {
            return self.convert(source, line.number, line.bytes, |col| col);
        }
        let text = String::from_utf8_lossy(line.bytes);
        let english = to_english(&text, self.letters);
        if english.is_none() {
            if let Some(e) = problem_error(&text, self.letters) {
                self.diagnostics.reject(
                    Place::column(source, line.number, e.offset + 1),
                    format_args!("problem: {}", e.message()),
                );
                return Ok(());
            }
        }
        match &english {
            // A rejected rewrite is reported at the columns of the line as
            // written, not of its English rewrite.
            Some(Cow::Owned(rewrite)) => {
                let letters = self.letters;
                let column = |col: usize| original_offset(&text, rewrite, col - 1, letters) + 1;
                self.convert(source, line.number, rewrite.as_bytes(), column)
            }
            Some(Cow::Borrowed(english)) => {
                self.convert(source, line.number, english.as_bytes(), |col| col)
            }
            None => self.convert(source, line.number, line.bytes, |col| col),
        }
    }

    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.diagnostics.io_error(source, error);
        Ok(())
    }

    fn take(&mut self, room: Vec<u8>) -> Batch {
        Batch::new(&mut self.out, &mut self.diagnostics, room)
    }
}

impl Convert {
    /// Whether the line is a 10x8 record in the letters of `--letters LANG`
    /// (a language that can write one).
    fn is_10x8_in_letters(&self, bytes: &[u8]) -> bool {
        let LettersMode::Given(language) = self.letters else {
            return false;
        };
        let (Ok(letters), Ok(text)) = (
            forsyth::capablanca::letters_for(language),
            std::str::from_utf8(bytes),
        ) else {
            return false;
        };
        crate::capa::placement_from_letters(text.trim(), letters)
            .is_some_and(|(english, _)| forsyth::capablanca::line_is_ten_files(english.as_bytes()))
    }

    /// A 10x8 line: the record written in the encoding asked for, or its
    /// faults, one line each.
    fn convert_10x8(&mut self, source: &str, line: &Line<'_>) -> io::Result<()> {
        let ten = TenText::new(line.bytes);
        let text = ten.text();
        let validate = self.opts.validation == forsyth::convert::Validation::Legality;
        let write = self.opts.write;
        let convert = |text: &str| crate::capa::convert_line(text, self.capa, &write, validate);
        // With `--letters LANG` a 10x8 record is read in English or in that
        // language's letters and written in the latter, as an 8x8 one; a
        // language whose letters cannot say the compound pieces refuses
        // the line rather than writing it in English.
        let letters = match self.letters {
            LettersMode::Given(language) => match forsyth::capablanca::letters_for(language) {
                Ok(letters) => Some(letters),
                Err(e) => {
                    self.diagnostics.reject(
                        Place::column(source, line.number, 1),
                        format_args!("placement: {e}"),
                    );
                    return Ok(());
                }
            },
            _ => None,
        };
        let mut converted = convert(text);
        if let (Err(_), Some(letters)) = (&converted, letters) {
            let indent = text.len() - text.trim_start().len();
            if let Some((english, from)) = crate::capa::placement_from_letters(text.trim(), letters)
            {
                converted = convert(&english).map_err(|mut faults| {
                    for f in &mut faults {
                        let at = from.get(f.column.saturating_sub(1)).copied();
                        f.column = indent + 1 + at.unwrap_or(text.trim().len());
                    }
                    faults
                });
            }
        }
        match converted.map_err(|mut faults| {
            ten.name_bytes(&mut faults);
            faults
        }) {
            Ok(fen) => {
                let fen = match letters {
                    Some(letters) => crate::capa::placement_to_letters(&fen, letters),
                    None => fen,
                };
                self.out.write_all(fen.as_bytes())?;
                self.out.write_all(b"\n")
            }
            Err(faults) => {
                self.diagnostics.rejected += 1;
                // As the 8x8 lines say it: a problem of the position with
                // its kind, a fault of the record's text without.
                for f in faults {
                    let kind = if f.problem {
                        format!("illegal: {}: ", f.kind)
                    } else {
                        String::new()
                    };
                    self.diagnostics.at(
                        Place::column(source, line.number, f.column),
                        format_args!("{}: {kind}{}", f.field, f.message),
                    );
                }
                Ok(())
            }
        }
    }

    /// Converts one record (English letters) and writes it, in `--letters`'
    /// language when one is given, or reports it; `column` maps a column of
    /// `bytes` to the line as written.
    fn convert(
        &mut self,
        source: &str,
        number: u64,
        bytes: &[u8],
        column: impl Fn(usize) -> usize,
    ) -> io::Result<()> {
        // EPD with operations (an opcode where FEN has its clocks) never
        // reads as FEN: only a line FEN rejects is looked at again.
        let place = Place::line(source, number);
        let converted = match convert_line(bytes, &self.opts, &mut self.text) {
            Ok(setup) => Ok(setup),
            Err(e) if !forsyth::epd::Epd::has_operations(bytes) => Err(e),
            Err(_) => {
                self.text.clear();
                match forsyth::convert::convert_epd_line(bytes, &self.opts, &mut self.text) {
                    Ok(setup) => Ok(setup),
                    Err(forsyth::convert::ConvertEpdError::Position(e)) => Err(e),
                    Err(e) => {
                        self.diagnostics.reject(
                            place.at(column(e.column())),
                            format_args!("{}: {}: {e}", e.field(), e.kind().name()),
                        );
                        return Ok(());
                    }
                }
            }
        };
        match converted {
            Ok(setup) => {
                if let LettersMode::Given(language) = self.letters {
                    self.text = in_letters(&setup.board, &self.text, language);
                }
                self.text.push('\n');
                self.out.write_all(self.text.as_bytes())
            }
            Err(e) => {
                self.reject(place, &e, column);
                Ok(())
            }
        }
    }

    /// A rejected line: one diagnostic per fault, by column; `column` maps
    /// a 1-based column of the text converted to the line as written (they
    /// differ when the line was rewritten from other letters first).
    fn reject(&mut self, place: Place<'_>, error: &ConvertError, column: impl Fn(usize) -> usize) {
        let mut faults = error.faults();
        // In the order of the line (faults of one column as found).
        faults.sort_by_key(|f| f.column());
        for fault in faults {
            let at = place.at(column(fault.column()));
            self.diagnostics
                .at(at, format_args!("{}: {fault}", fault.field()));
        }
        self.diagnostics.rejected += 1;
    }
}

/// A 10x8 line as the text the 10x8 reader reads: each byte that is not
/// UTF-8 stands as one `?`, which no field takes, so the columns stay the
/// line's and the line is refused at the first such byte (unless at a
/// fault before it); [`TenText::name_bytes`] then names the byte itself,
/// as the 8x8 reader does.
pub struct TenText<'a> {
    bytes: &'a [u8],
    text: Cow<'a, str>,
}

impl<'a> TenText<'a> {
    pub fn new(bytes: &'a [u8]) -> TenText<'a> {
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => {
                let mut text = String::with_capacity(bytes.len());
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    text.extend(chunk.invalid().iter().map(|_| '?'));
                }
                Cow::Owned(text)
            }
        };
        TenText { bytes, text }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Names, in each fault at a byte that stood as `?`, that byte.
    pub fn name_bytes(&self, faults: &mut [crate::capa::LineFault]) {
        if matches!(self.text, Cow::Borrowed(_)) {
            return;
        }
        for f in faults {
            let at = f.column.wrapping_sub(1);
            if let (Some(b'?'), Some(&byte)) = (self.text.as_bytes().get(at), self.bytes.get(at)) {
                if byte != b'?' {
                    f.message = f.message.replace("'?'", &format!("byte 0x{byte:02x}"));
                }
            }
        }
    }
}
