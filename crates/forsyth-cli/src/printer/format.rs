//! The output format, and how the command line names it (`--format`).
//!
//! Apart from the rest of the printer, this file uses only clap, so the
//! tests' copy of the command line's definition can include it.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// How a command writes its results: its text form (each command's own:
/// FEN records, `FILE:LINE: ok`, a problem's solution), or one JSON object
/// per line (JSON Lines). The command line names the text form as each
/// command's help says (`text`, or `fen` for `gen`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// `--format` of a command: its text form, named and described as the
/// command writes it (`text`, or `fen` for `gen`), or `json`; both read in
/// any case.
#[derive(Clone)]
pub struct Formats(PossibleValuesParser);

impl Formats {
    /// The text form named `text.0`, described by `text.1`; `json`,
    /// described by `json_help`.
    pub fn new(text: (&'static str, &'static str), json_help: &'static str) -> Formats {
        Formats(PossibleValuesParser::new([
            PossibleValue::new(text.0).help(text.1),
            PossibleValue::new("json").help(json_help),
        ]))
    }
}

impl TypedValueParser for Formats {
    type Value = Format;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Format, clap::Error> {
        // A value that is not UTF-8 is refused as any unknown value is.
        let value = value.to_string_lossy();
        let name = self.0.parse_ref(cmd, arg, OsStr::new(&*value))?;
        Ok(if name.eq_ignore_ascii_case("json") {
            Format::Json
        } else {
            Format::Text
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}
