//! The raw command line, as the user typed it (clap derive). Commands turn
//! these into library options before doing anything.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "forsyth",
    version,
    about = "Read, check, convert and generate chess positions, Chess960 first",
    long_about = "Read, check, convert and generate chess positions, Chess960 first.\n\n\
        forsyth reads FEN, Shredder-FEN and X-FEN alike, records each castling rook by its \
        file, and writes any of the three.",
    after_help = "Examples:\n  forsyth convert --castling shredder < games.fen\n  forsyth show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Convert FEN lines between castling encodings
    #[command(
        long_about = "Convert FEN lines between castling encodings.\n\n\
            Reads FEN, Shredder-FEN or X-FEN records, one per line, from the files named (standard \
            input when none, or for '-') and writes each accepted line, in order, in the chosen \
            encoding. Every rejected line is reported on standard error as \
            FILE:LINE:COL: field: message. Blank lines are skipped. Four-field (EPD-style) records \
            get the clocks 0 1.\n\n\
            Exit status: 0 when every line was accepted, 1 when any was rejected (the rest are \
            still converted), 2 for usage or I/O errors.",
        after_help = "Examples:\n  \
            forsyth convert --castling shredder < games.fen > games.shredder.fen\n  \
            forsyth convert --castling shredder --shredder-order wings a.fen b.fen\n  \
            echo '1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1' | forsyth convert --castling shredder"
    )]
    Convert(ConvertArgs),
    /// Show a position: diagram, fields, castling rooks, Chess960 number
    #[command(
        long_about = "Show a position: a board diagram, each field spelled out, the castling \
            rooks by square, the record in all three encodings and the Chess960 start number \
            when it is a start. The FEN may be given as one quoted argument or as several words.",
        after_help = "Examples:\n  \
            forsyth show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  \
            forsyth show bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    )]
    Show(ShowArgs),
}

/// The castling encodings, as the command line spells them.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingArg {
    /// X-FEN: K/Q for the outermost rook, the file letter for an inner rook
    Xfen,
    /// Shredder-FEN: the castling rook's file letter
    Shredder,
    /// Standard FEN: KQkq (fails for positions it cannot express)
    Standard,
}

/// Letter order within a colour for Shredder-FEN.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShredderOrderArg {
    /// Files ascending: AHah
    Files,
    /// King side first: HAha
    Wings,
}

/// The variant to read castling letters under.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum VariantArg {
    /// Standard when the position fits it, else Chess960
    Auto,
    /// Classical chess: king on e, rooks on a/h
    Standard,
    /// Chess960 (Fischer random)
    Chess960,
}

#[derive(Args, Debug, Clone, Copy)]
pub struct OutputArgs {
    /// Castling encoding to write
    #[arg(long, value_enum, default_value = "xfen")]
    pub castling: CastlingArg,
    /// Shredder-FEN letter order within a colour
    #[arg(long, value_enum, default_value = "files")]
    pub shredder_order: ShredderOrderArg,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub output: OutputArgs,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Input files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// The FEN record (one quoted argument, or its fields as separate words)
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    pub fen: Vec<String>,
}

impl OutputArgs {
    /// The library's write options.
    pub fn write_options(&self) -> forsyth::WriteOptions {
        forsyth::WriteOptions {
            castling: match self.castling {
                CastlingArg::Xfen => forsyth::CastlingNotation::XFen,
                CastlingArg::Shredder => forsyth::CastlingNotation::Shredder,
                CastlingArg::Standard => forsyth::CastlingNotation::Standard,
            },
            shredder_order: match self.shredder_order {
                ShredderOrderArg::Files => forsyth::ShredderOrder::Files,
                ShredderOrderArg::Wings => forsyth::ShredderOrder::Wings,
            },
        }
    }
}

impl VariantArg {
    /// `None` for auto.
    pub fn variant(self) -> Option<forsyth::Variant> {
        match self {
            VariantArg::Auto => None,
            VariantArg::Standard => Some(forsyth::Variant::Standard),
            VariantArg::Chess960 => Some(forsyth::Variant::Chess960),
        }
    }
}
