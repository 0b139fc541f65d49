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
            get the clocks 0 1. Illegal positions are refused (see `forsyth validate`) unless \
            --no-validate is given. The en-passant square is written only when a legal \
            en-passant capture exists, unless --ep says otherwise.\n\n\
            Exit status: 0 when every line was accepted, 1 when any was rejected (the rest are \
            still converted), 2 for usage or I/O errors.",
        after_help = "Examples:\n  \
            forsyth convert --castling shredder < games.fen > games.shredder.fen\n  \
            forsyth convert --castling shredder --shredder-order wings a.fen b.fen\n  \
            forsyth convert --no-validate --ep always < broken.fen\n  \
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
    /// Check that positions are legal, naming every problem
    #[command(
        long_about = "Check that positions are legal under the rules of chess and Chess960, \
            and name every problem of each line at once: board (kings, pawns, piece counts), \
            checks, castling rights, en passant and clocks, each with a stable kind name. \
            Warnings (material or pawn structures no legal game reaches) do not make a line \
            invalid. The kinds are documented in specs/validation.md.\n\n\
            Text output: FILE:LINE: ok, or one FILE:LINE: kind: message line per problem \
            (warnings as FILE:LINE: warning: kind: message). JSON: one object per input line.\n\n\
            With --repair, standard output gets one FEN per line: the nearest legal position \
            (castling rights, en-passant square and clocks that cannot hold are dropped; no \
            piece is ever moved or removed), and standard error says what changed \
            (FILE:LINE: repaired: kind: message) and what could not be repaired.\n\n\
            Exit status: 0 when every line is valid (with --repair: could be repaired), \
            1 otherwise, 2 for usage or I/O errors.",
        after_help = "Examples:\n  \
            forsyth validate setups.fen\n  \
            forsyth validate --format json < setups.fen\n  \
            forsyth validate --repair setups.fen > repaired.fen 2> changes.txt\n  \
            echo '4k3/8/8/8/8/8/8/4K2R w KQ - 0 1' | forsyth validate"
    )]
    Validate(ValidateArgs),
    /// Count the leaf nodes of the legal move tree (perft), optionally per move
    #[command(
        long_about = "Count the leaf nodes of the legal move tree to DEPTH (perft), the standard \
            test of a move generator. With --divide, list each legal move with its count first \
            (moves in UCI, sorted). Chess960 castling is generated in full.",
        after_help = "Examples:\n  \
            forsyth perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 5   # 4865609\n  \
            forsyth perft --divide 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' 3"
    )]
    Perft(PerftArgs),
    /// List the legal moves of a position
    #[command(
        long_about = "List the legal moves of a position, one per line, sorted, in UCI (default) \
            or SAN. In UCI, castling is written king-to-destination (e1g1) in standard chess and \
            king-takes-rook (e1h1) in Chess960 unless --uci-castling says otherwise.",
        after_help = "Examples:\n  \
            forsyth moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  \
            forsyth moves --format san 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'"
    )]
    Moves(MovesArgs),
    /// Play moves (SAN or UCI) from a position and print the resulting FEN
    #[command(
        long_about = "Play moves from a position and print the resulting FEN in the chosen \
            encoding. Each move may be SAN (e4, Nxf3+, O-O, e8=Q, also 0-0, e8Q and trailing \
            annotations) or UCI in either castling convention (e1g1 or e1h1). The first move \
            that is not legal is named, with the reason, and nothing is printed (exit 1).",
        after_help = "Examples:\n  \
            forsyth play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 e5 Nf3 Nc6 Bb5\n  \
            forsyth play --castling shredder \"$(forsyth gen 0)\" b3 b6 Bxg7 Bxg2"
    )]
    Play(PlayArgs),
}

/// How `moves` writes moves.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveFormatArg {
    /// Long algebraic, as engines speak it (e2e4)
    Uci,
    /// Standard algebraic notation (e4, Nf3, O-O)
    San,
}

/// UCI castling convention.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum UciCastlingArg {
    /// By variant: e1g1 in standard chess, e1h1 (king takes rook) in Chess960
    Auto,
    /// King to its destination: e1g1
    Standard,
    /// King takes its rook: e1h1
    Chess960,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The FEN record (one quoted argument)
    pub fen: String,
    /// Depth in plies
    pub depth: u32,
    /// List each move with its count
    #[arg(long)]
    pub divide: bool,
    /// Print time and nodes per second to standard error
    #[arg(long)]
    pub stats: bool,
    /// UCI castling convention for --divide
    #[arg(long, value_enum, default_value = "auto")]
    pub uci_castling: UciCastlingArg,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The FEN record (one quoted argument, or its fields as separate words)
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    pub fen: Vec<String>,
    /// Move notation
    #[arg(long, value_enum, default_value = "uci")]
    pub format: MoveFormatArg,
    /// UCI castling convention
    #[arg(long, value_enum, default_value = "auto")]
    pub uci_castling: UciCastlingArg,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The FEN record (one quoted argument)
    pub fen: String,
    /// Moves, SAN or UCI
    #[arg(allow_hyphen_values = true)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
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
    /// When to write the en-passant square
    #[arg(long = "ep", value_enum, default_value = "legal")]
    pub en_passant: EnPassantArg,
}

/// When the en-passant square is written.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum EnPassantArg {
    /// Only when a legal en-passant capture exists (PGN standard, 2020 revision)
    Legal,
    /// When an enemy pawn stands beside the pushed pawn (X-FEN)
    Pseudo,
    /// Whenever a pawn just made a double step (PGN standard, 1994)
    Always,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub output: OutputArgs,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Convert illegal positions too (check only the grammar and castling letters)
    #[arg(long)]
    pub no_validate: bool,
    /// Input files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

/// Output format of `validate`.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReportFormatArg {
    /// FILE:LINE: ok, or FILE:LINE: kind: message per problem
    Text,
    /// One JSON object per input line
    Json,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Variant to judge under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Report format
    #[arg(long, value_enum, default_value = "text")]
    pub format: ReportFormatArg,
    /// Write the nearest legal position of each line (dropping impossible castling
    /// rights, en-passant square, clocks) and say what changed
    #[arg(long)]
    pub repair: bool,
    #[command(flatten)]
    pub output: OutputArgs,
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
            en_passant: match self.en_passant {
                EnPassantArg::Legal => forsyth::EnPassantMode::Legal,
                EnPassantArg::Pseudo => forsyth::EnPassantMode::Pseudo,
                EnPassantArg::Always => forsyth::EnPassantMode::Always,
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
