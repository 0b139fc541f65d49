//! The output format, and how the command line names it (`--format`).
//!
//! Apart from the rest of the printer, this file uses only clap, so the
//! tests' copy of the command line's definition can include it.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// How a command writes its results. Records: its text form (each
/// command's own: FEN records, `FILE:LINE: ok`, a problem's solution), or
/// one JSON object per line (JSON Lines), written by the
/// [`Printer`](super::Printer). Pictures: a board drawn as SVG or PNG, one
/// document written whole (by `picture`). Each command admits the formats
/// it writes, named as its help says (`text`, or `fen` for `gen`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Svg,
    Png,
}

/// `--format` of a command: the formats it writes, each with its name and
/// help; a name reads in any case.
#[derive(Clone)]
pub struct Formats {
    parser: PossibleValuesParser,
    formats: Vec<(&'static str, Format)>,
}

impl Formats {
    /// The formats `(name, format, help)`, in the order the help lists them.
    pub fn new<const N: usize>(formats: [(&'static str, Format, &'static str); N]) -> Formats {
        Formats {
            parser: PossibleValuesParser::new(
                formats.map(|(name, _, help)| PossibleValue::new(name).help(help)),
            ),
            formats: formats.map(|(name, format, _)| (name, format)).to_vec(),
        }
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
        let name = self.parser.parse_ref(cmd, arg, OsStr::new(&*value))?;
        self.formats
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            .map(|&(_, format)| format)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.parser.possible_values()
    }
}
