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
    /// Print Chess960 starts by their standard number (518 is the classical start)
    #[command(
        long_about = "Print Chess960 starting positions by their standard number, 0 to 959 \
            (518 is the classical start, 0 is BBQNNRKR, 959 is RKRNNQBB). One FEN line per \
            start; with --format json, one JSON object per line with the number, the back rank \
            and the FEN in all three encodings (standard: null where it cannot say the start).\n\n\
            With --random, starts are drawn uniformly; the same --seed always gives the same \
            starts (the generator is SplitMix64, see specs/chess960.md).",
        after_help = "Examples:\n  \
            forsyth gen 518\n  \
            forsyth gen --all --castling shredder > chess960.fen\n  \
            forsyth gen --random --seed 7 --count 10\n  \
            forsyth gen 0 --format json"
    )]
    Gen(GenArgs),
    /// Print the Chess960 number of a position whose pieces stand as a start
    #[command(
        long_about = "Print the Chess960 start number (0 to 959) of a position whose pieces \
            stand exactly as a Chess960 start; only the pieces count (side to move, castling, \
            en passant and clocks are ignored). Otherwise say why it is not a start, and exit 1.",
        after_help = "Examples:\n  \
            forsyth index 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'   # 518\n  \
            forsyth index bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1     # 0"
    )]
    Index(IndexArgs),
}

/// Output format of `gen`.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// One FEN line per start
    Fen,
    /// One JSON object per line: number, back rank, FEN in every encoding
    Json,
}

#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["number", "all", "random"]))]
pub struct GenArgs {
    /// The start number, 0 to 959
    pub number: Option<forsyth::Chess960Start>,
    /// All 960 starts, in number order
    #[arg(long)]
    pub all: bool,
    /// Random starts (uniform)
    #[arg(long)]
    pub random: bool,
    /// Seed for --random (the same seed gives the same starts)
    #[arg(long, requires = "random")]
    pub seed: Option<u64>,
    /// How many random starts
    #[arg(long, requires = "random", default_value_t = 1)]
    pub count: u64,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Output format
    #[arg(long, value_enum, default_value = "fen")]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct IndexArgs {
    /// The FEN record (one quoted argument, or its fields as separate words)
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    pub fen: Vec<String>,
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
