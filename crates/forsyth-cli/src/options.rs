//! The second layer of the command line: what each command runs on,
//! resolved once from the raw clap structs of `cli` (library options,
//! position arguments parsed, defaults applied, the checks clap cannot
//! make). Resolving reads no input: it says what to read (files, standard
//! input, a problem source), and the command reads it when it runs.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use forsyth::convert::{ConvertOptions, Validation};
use forsyth::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use forsyth::notation::{detect, Language, Notation, Settle};
use forsyth::pgn::ExportOptions;
use forsyth::uci::CastlingMode;
use forsyth::{Chess960Start, Variant};

use crate::cli::{
    CastlingArg, Cli, ColorArg, Command, EnPassantArg, GameSelectArgs, GameVariantArg,
    LegalityArgs, MoveNotationArg, OutputArgs, PgnCommand, ShowArgs, ShredderOrderArg,
    SolveStyleArg, StartRange, StartVariantArg, SummaryArgs, ThreadsArgs, UciCastlingArg,
    VariantArg,
};
use crate::diagram::{default_color, default_figurines, Style};
use crate::exit::ResolveError;
use crate::notation::{LettersMode, Translate};
use crate::picture::{self, Picture};
use crate::position::{self, Given, Legality, Rest};
use crate::printer::Format;
use crate::solve::{Limits, ProblemSource, Solve};

/// A command with everything it needs, ready to run.
pub enum Job {
    Convert(Convert),
    Show(Show),
    Gen(Gen),
    Index(Index),
    Validate(Validate),
    Perft(Perft),
    Moves(Moves),
    Play(Play),
    Pgn(Pgn),
    Notation(Translate),
    Solve(Solve),
    /// `diagram`, and `show --format svg`.
    Diagram(Picture),
    /// `help` with the words of the command named (`pgn check`).
    Help(Vec<String>),
    Completions(clap_complete::Shell),
    Man(Man),
    Serve(crate::cli::ServeArgs),
}

/// What `man` writes.
pub enum Man {
    /// The page of the command named by these words (none: forsyth's).
    Page(Vec<String>),
    /// Every page, into this directory.
    All(PathBuf),
}

pub struct Convert {
    pub opts: ConvertOptions,
    /// `--variant` naming a 10x8 variant: every line is read as 10x8.
    pub capa: Option<forsyth::capablanca::Variant>,
    pub letters: LettersMode,
    pub files: Vec<PathBuf>,
    /// Progress on standard error where it is a terminal (no `--quiet`).
    pub progress: bool,
    /// Worker threads (`--threads`, else every core).
    pub threads: usize,
}

pub struct Show {
    pub position: Given,
    pub letters: Option<Language>,
    pub variant: Option<Variant>,
    pub style: Style,
    /// The widest line to write: the terminal's width, else 100 columns.
    pub width: usize,
}

/// What `index` numbers.
pub enum IndexInput {
    /// One position.
    Position(Given),
    /// A back rank alone (`RNBQKBNR`), as written.
    BackRank(String),
    /// Every record of standard input (`-`); with `crc` (`--variant
    /// crc`), each read as a CRC start.
    Stdin { crc: bool },
}

pub struct Index {
    pub input: IndexInput,
    /// Progress on standard error (reading standard input).
    pub progress: bool,
}

/// Which starts `gen` prints.
pub enum Starts {
    /// The numbers and ranges given, in order.
    Numbers(Vec<StartRange>),
    All,
    Random {
        seed: u64,
        /// `true` when the seed was drawn (not given): it is then reported.
        drawn: bool,
        count: u64,
    },
}

pub struct Gen {
    pub starts: Starts,
    pub letters: Option<Language>,
    pub format: Format,
    pub write: WriteOptions,
}

/// What `validate` does with each line.
pub enum ValidateMode {
    /// Report; with `strict`, warnings count as errors.
    Judge { strict: bool },
    /// Write the nearest legal position; `castling: None` keeps each line's
    /// encoding, `shredder_order: None` its Shredder-FEN letter order.
    Repair {
        castling: Option<CastlingNotation>,
        shredder_order: Option<ShredderOrder>,
    },
}

pub struct Validate {
    pub variant: Option<Variant>,
    /// `--variant` naming a 10x8 variant: every line is read as 10x8.
    pub capa: Option<forsyth::capablanca::Variant>,
    /// `--variant auto`: the text says when a line was read as Chess960.
    pub auto: bool,
    pub format: Format,
    pub mode: ValidateMode,
    pub files: Vec<PathBuf>,
    pub progress: bool,
    /// Worker threads (`--threads`, else every core).
    pub threads: usize,
}

/// What `perft` counts.
pub enum PerftInput {
    /// One position, to `depth`.
    One { position: Given, depth: u32 },
    /// Every record of standard input (`-`), to `depth`.
    Stdin { depth: u32 },
    /// Every position and count of a suite file (`-`: standard input).
    Suite {
        file: PathBuf,
        max_depth: Option<u32>,
    },
}

pub struct Perft {
    pub input: PerftInput,
    pub legality: Legality,
    pub divide: bool,
    pub stats: bool,
    pub progress: bool,
    /// `None`: by the position's variant.
    pub uci_castling: Option<CastlingMode>,
    /// Threads for the root moves (`--threads`, else every core).
    pub threads: usize,
    /// The 10x8 variant `--variant` names, for the lines of a suite.
    pub capa: Option<forsyth::capablanca::Variant>,
}

pub struct Moves {
    pub position: Given,
    pub legality: Legality,
    pub uci_castling: Option<CastlingMode>,
    /// The notation to write the moves in (`--notation`, or `--format
    /// san`); `None`: UCI, castling as `uci_castling` says.
    pub notation: Option<Notation>,
}

pub struct Play {
    pub position: Given,
    pub legality: Legality,
    pub moves: Vec<String>,
    pub write: WriteOptions,
    /// `--notation`: read the moves in it only.
    pub notation: Option<Notation>,
}

/// Which games a `pgn` command takes.
#[derive(Copy, Clone)]
pub struct GameSelect {
    /// Only the 8x8 games of this variant.
    pub variant: Option<Variant>,
    /// Only the 10x8 games of this variant.
    pub ten: Option<forsyth::capablanca::Variant>,
    /// Only the games with a `SetUp` or `FEN` tag.
    pub setup_only: bool,
}

/// What `pgn` writes for each game.
pub enum PgnMode {
    /// `pgn check`: a verdict per game.
    Check { format: Format },
    /// `pgn fens`: the positions of each main line.
    Fens {
        write: WriteOptions,
        epd: bool,
        final_only: bool,
    },
    /// `pgn export`: each game in the export format.
    Export {
        options: ExportOptions,
        /// `--rejects`: where the games with a fault go, as read.
        rejects: Option<PathBuf>,
    },
}

pub struct Pgn {
    pub mode: PgnMode,
    /// End with the counts of games on standard error.
    pub summary: bool,
    pub select: GameSelect,
    pub files: Vec<PathBuf>,
    pub progress: bool,
    /// Worker threads (1: replay on the reading thread).
    pub threads: usize,
}

/// `--threads N`; without it, or with 0, every core the system gives this
/// process.
fn threads(args: &ThreadsArgs) -> usize {
    match args.threads {
        None | Some(0) => std::thread::available_parallelism().map_or(1, usize::from),
        Some(n) => n as usize,
    }
}

/// The one resolution step from the raw command line.
pub fn resolve(cli: Cli) -> Result<Job, ResolveError> {
    let progress = !cli.quiet && !cli.command.quiet();
    Ok(match cli.command {
        Command::Convert(a) => Job::Convert(Convert {
            capa: capa_variant(a.variant),
            letters: match a.letters.as_deref() {
                Some(c) if c.eq_ignore_ascii_case("auto") => LettersMode::Auto,
                other => language(other)?.map_or(LettersMode::English, LettersMode::Given),
            },
            opts: ConvertOptions {
                variant: variant(a.variant),
                write: write_options(&a.output, CastlingNotation::XFen),
                validation: if a.no_validate {
                    Validation::Syntax
                } else {
                    Validation::Legality
                },
            },
            files: a.files,
            progress,
            threads: threads(&a.threads),
        }),
        Command::Show(a) => {
            let letters = match a.letters.as_deref() {
                Some(c) if c.eq_ignore_ascii_case("auto") => letters_of(&a.words),
                code => language(code)?,
            };
            if a.format == Format::Svg {
                let picture = picture::resolve(picture::show_args(a.words, a.flip), letters)?;
                return Ok(Job::Diagram(picture));
            }
            Job::Show(Show {
                letters,
                position: position::resolve("show", &a.words, Rest::Nothing, letters)?.0,
                variant: variant(a.variant),
                style: style(&a),
                width: show_width(),
            })
        }
        Command::Diagram(a) => {
            let letters = language(a.letters.as_deref())?;
            Job::Diagram(picture::resolve(a, letters)?)
        }
        Command::Index(a) => Job::Index(Index {
            input: match a.words.as_slice() {
                [dash] if dash == "-" => IndexInput::Stdin {
                    crc: a.variant == Some(StartVariantArg::Crc),
                },
                [word] if position::is_back_rank(word.as_bytes()) => {
                    IndexInput::BackRank(word.clone())
                }
                words => {
                    IndexInput::Position(position::resolve("index", words, Rest::Nothing, None)?.0)
                }
            },
            progress,
        }),
        Command::Gen(a) => {
            if !a.random {
                // Named first, with the reason: `gen --seed 7` alone most
                // likely forgot --random.
                for (given, flag, why) in [
                    (
                        a.seed.is_some(),
                        "--seed",
                        "it says how to draw random starts",
                    ),
                    (
                        a.count.is_some(),
                        "--count",
                        "it says how many random starts to draw",
                    ),
                ] {
                    if given {
                        return Err(ResolveError::Usage(format!(
                            "{flag} needs --random: {why}, and NUMBER or --all draws none"
                        )));
                    }
                }
            }
            let starts = if a.all {
                Starts::All
            } else if a.random {
                Starts::Random {
                    seed: a.seed.unwrap_or_else(Chess960Start::random_seed),
                    drawn: a.seed.is_none(),
                    count: a.count.unwrap_or(1),
                }
            } else if a.numbers.is_empty() {
                return Err(ResolveError::Usage(
                    "gen needs start numbers (0 to 959, or ranges such as 0-9), --all or \
                     --random"
                        .to_owned(),
                ));
            } else {
                let ranges = a
                    .numbers
                    .iter()
                    .map(|n| {
                        n.parse::<StartRange>()
                            .map_err(|e| ResolveError::Usage(format!("gen: NUMBER '{n}': {e}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Starts::Numbers(ranges)
            };
            Job::Gen(Gen {
                letters: language(a.letters.as_deref())?,
                starts,
                format: a.format,
                write: WriteOptions {
                    castling: a.castling.map_or(CastlingNotation::XFen, notation),
                    shredder_order: a
                        .shredder_order
                        .map_or(ShredderOrder::Files, shredder_order),
                    // A start has no en-passant square to write.
                    en_passant: EnPassantMode::Legal,
                },
            })
        }
        Command::Validate(a) => Job::Validate(Validate {
            capa: capa_variant(a.variant),
            variant: variant(a.variant),
            auto: a.variant == VariantArg::Auto,
            format: a.format,
            mode: if a.repair {
                ValidateMode::Repair {
                    castling: a.castling.map(notation),
                    shredder_order: a.shredder_order.map(shredder_order),
                }
            } else {
                ValidateMode::Judge { strict: a.strict }
            },
            files: a.files,
            progress,
            threads: threads(&a.threads),
        }),
        Command::Perft(a) => {
            let depth = |word: &str| perft_depth(word).map_err(ResolveError::Usage);
            // clap's `requires` gives way to --suite's conflicts: checked here.
            if a.suite.is_none() && a.max_depth.is_some() {
                return Err(ResolveError::Usage(
                    "--max-depth needs --suite: it limits the depths a suite gives".to_owned(),
                ));
            }
            let input = match (&a.suite, a.words.as_slice()) {
                (Some(file), _) => PerftInput::Suite {
                    file: file.clone(),
                    max_depth: a.max_depth,
                },
                (None, [dash, last]) if dash == "-" => PerftInput::Stdin {
                    depth: depth(last)?,
                },
                (None, words) => {
                    let (position, rest) = position::resolve("perft", words, Rest::Depth, None)?;
                    PerftInput::One {
                        position,
                        depth: depth(&rest[0])?,
                    }
                }
            };
            Job::Perft(Perft {
                input,
                legality: legality(&a.legality),
                divide: a.divide,
                stats: a.stats,
                progress,
                uci_castling: uci_castling(a.uci_castling),
                threads: threads(&a.threads),
                capa: capa_variant(a.legality.variant),
            })
        }
        Command::Moves(a) => Job::Moves(Moves {
            position: position::resolve("moves", &a.words, Rest::Nothing, None)?.0,
            legality: legality(&a.legality),
            uci_castling: uci_castling(a.uci_castling),
            notation: match (a.notation.as_deref(), a.format) {
                (Some(name), _) => Some(notation_named(name)?),
                (None, MoveNotationArg::San) => Some(Notation::San(Language::English)),
                (None, MoveNotationArg::Uci) => None,
            },
        }),
        Command::Play(a) => {
            let (position, moves) = position::resolve("play", &a.words, Rest::Moves, None)?;
            Job::Play(Play {
                position,
                legality: legality(&a.legality),
                moves,
                write: write_options(&a.output, CastlingNotation::XFen),
                notation: a.notation.as_deref().map(notation_named).transpose()?,
            })
        }
        Command::Pgn(a) => Job::Pgn(match a.command {
            PgnCommand::Help(h) => {
                return Ok(Job::Help([vec!["pgn".to_owned()], h.command].concat()));
            }
            PgnCommand::Check(c) => Pgn {
                mode: PgnMode::Check { format: c.format },
                select: select(c.select),
                summary: summary(c.summary, progress),
                files: c.files,
                progress,
                threads: threads(&c.threads),
            },
            PgnCommand::Fens(f) => Pgn {
                mode: PgnMode::Fens {
                    write: write_options(&f.output, CastlingNotation::XFen),
                    epd: f.epd,
                    final_only: f.final_only,
                },
                select: select(f.select),
                summary: summary(f.summary, progress),
                files: f.files,
                progress,
                threads: threads(&f.threads),
            },
            PgnCommand::Export(e) => Pgn {
                mode: PgnMode::Export {
                    options: ExportOptions {
                        notation: match e.notation.as_deref() {
                            Some(name) => notation_named(name)?,
                            None => ExportOptions::default().notation,
                        },
                        fen: write_options(&e.output, CastlingNotation::XFen),
                    },
                    rejects: e.rejects,
                },
                select: select(e.select),
                summary: summary(e.summary, progress),
                files: e.files,
                progress,
                threads: threads(&e.threads),
            },
        }),
        Command::Notation(a) => Job::Notation(Translate {
            from: notation_named(&a.from)?,
            to: notation_named(&a.to)?,
            markers: if a.checks_marked {
                forsyth::notation::CheckMarkers::Always
            } else {
                forsyth::notation::CheckMarkers::Optional
            },
            start: match &a.fen {
                None => None,
                // The one way to give a position: a record (six, four or
                // one field), `startpos` or `960:N`.
                Some(text) => {
                    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
                    Some(position::resolve("notation --fen", &words, Rest::Nothing, None)?.0)
                }
            },
            file: a.file,
        }),
        Command::Solve(a) => Job::Solve(Solve {
            source: match a.words.as_slice() {
                [word] if word == "-" => ProblemSource::Stdin,
                [word] if Path::new(word).is_file() => ProblemSource::File(PathBuf::from(word)),
                words => ProblemSource::Statement(words.to_vec()),
            },
            letters: language(a.letters.as_deref())?,
            stipulation: match (a.mate, &a.stipulation) {
                (Some(n), _) => Some(format!("#{n}").parse().map_err(
                    |e: forsyth::solve::ParseStipulationError| {
                        ResolveError::Usage(format!("--mate: {}", e.message()))
                    },
                )?),
                (None, Some(text)) => Some(text.parse().map_err(
                    |e: forsyth::solve::ParseStipulationError| {
                        ResolveError::Usage(format!("--stipulation: {e}"))
                    },
                )?),
                (None, None) => None,
            },
            notation: a.notation.as_deref().map(notation_named).transpose()?,
            format: a.format,
            popeye: a.style == SolveStyleArg::Popeye,
            tries: a.tries,
            avoid_trivial_tries: a.avoid_trivial_tries,
            set_play: a.set_play,
            limits: Limits::resolve(a.max_nodes, a.max_time, a.max_memory),
            progress,
        }),
        Command::Help(a) => Job::Help(a.command),
        Command::Completions(a) => Job::Completions(a.shell),
        Command::Man(a) => Job::Man(match a.all {
            Some(dir) => Man::All(dir),
            None => Man::Page(a.command),
        }),
        Command::Serve(a) => Job::Serve(a),
    })
}

/// The notation of a `--from`, `--to` or `--notation` name.
fn notation_named(name: &str) -> Result<Notation, ResolveError> {
    name.parse()
        .map_err(|e: forsyth::notation::ParseNotationError| ResolveError::Usage(e.to_string()))
}

/// The language of a `--letters` code.
fn language(code: Option<&str>) -> Result<Option<Language>, ResolveError> {
    code.map(|c| {
        Language::from_code(c).ok_or_else(|| {
            let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
            ResolveError::Usage(format!(
                "--letters: '{c}' is not a language code ({})",
                codes.join(", ")
            ))
        })
    })
    .transpose()
}

/// `--letters auto` for one position: the language whose letters read
/// it, English first (`None`: English, or no language at all, and then
/// English's error is the one reported).
fn letters_of(words: &[String]) -> Option<Language> {
    let read = |l: Language| {
        position::resolve("show", words, Rest::Nothing, Some(l))
            .ok()
            .map(|_| ())
    };
    detect(Language::ALL, Settle::First, read)
        .map(|(l, _)| l)
        .filter(|&l| l != Language::English)
}

/// How wide `show` may write: the terminal's width when standard output
/// is one, else 100 columns.
fn show_width() -> usize {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return 100;
    }
    terminal_size::terminal_size_of(&stdout).map_or(100, |(w, _)| usize::from(w.0))
}

/// How `show` draws the board: figurines and colour by default only on a
/// terminal that can show them (see `diagram`).
fn style(a: &ShowArgs) -> Style {
    let env = |name: &str| std::env::var(name).ok();
    let is_terminal = std::io::stdout().is_terminal();
    Style {
        figurines: if a.unicode {
            true
        } else if a.ascii {
            false
        } else {
            default_figurines(is_terminal, env)
        },
        flip: a.flip,
        color: match a.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => default_color(is_terminal, env),
        },
    }
}

fn variant(arg: VariantArg) -> Option<Variant> {
    match arg {
        VariantArg::Auto => None,
        VariantArg::Standard => Some(Variant::Standard),
        VariantArg::Chess960 => Some(Variant::Chess960),
        // The 10x8 variants never reach the 8x8 commands (`capa`).
        VariantArg::Capablanca | VariantArg::Gothic | VariantArg::Crc => None,
    }
}

fn select(args: GameSelectArgs) -> GameSelect {
    GameSelect {
        variant: args.variant.and_then(|v| match v {
            GameVariantArg::Standard => Some(Variant::Standard),
            GameVariantArg::Chess960 => Some(Variant::Chess960),
            _ => None,
        }),
        ten: args.variant.and_then(|v| match v {
            GameVariantArg::Capablanca => Some(forsyth::capablanca::Variant::Capablanca),
            GameVariantArg::Gothic => Some(forsyth::capablanca::Variant::Gothic),
            GameVariantArg::Crc => Some(forsyth::capablanca::Variant::Crc),
            _ => None,
        }),
        setup_only: args.setup_only,
    }
}

/// Whether a `pgn` command ends with its counts: asked for, or standard
/// error is a terminal someone reads (no `--quiet`).
fn summary(args: SummaryArgs, progress: bool) -> bool {
    args.summary || (progress && std::io::stderr().is_terminal())
}

fn legality(args: &LegalityArgs) -> Legality {
    Legality {
        variant: variant(args.variant),
        lenient: args.lenient,
    }
}

fn uci_castling(arg: UciCastlingArg) -> Option<CastlingMode> {
    match arg {
        UciCastlingArg::Auto => None,
        UciCastlingArg::Standard => Some(CastlingMode::Standard),
        UciCastlingArg::Chess960 => Some(CastlingMode::Chess960),
    }
}

/// The castling encoding `--castling` names.
pub(crate) fn notation(arg: CastlingArg) -> CastlingNotation {
    match arg {
        CastlingArg::Xfen => CastlingNotation::XFen,
        CastlingArg::Shredder => CastlingNotation::Shredder,
        CastlingArg::Standard => CastlingNotation::Standard,
    }
}

/// The Shredder-FEN letter order `--shredder-order` names.
pub(crate) fn shredder_order(arg: ShredderOrderArg) -> ShredderOrder {
    match arg {
        ShredderOrderArg::Files => ShredderOrder::Files,
        ShredderOrderArg::Wings => ShredderOrder::Wings,
    }
}

/// The 10x8 variant a `--variant` names, if any.
pub fn capa_variant(arg: VariantArg) -> Option<forsyth::capablanca::Variant> {
    use forsyth::capablanca::Variant as Ten;
    match arg {
        VariantArg::Capablanca => Some(Ten::Capablanca),
        VariantArg::Gothic => Some(Ten::Gothic),
        VariantArg::Crc => Some(Ten::Crc),
        _ => None,
    }
}

/// The library's write options; `castling` when `--castling` is not given.
pub(crate) fn write_options(args: &OutputArgs, castling: CastlingNotation) -> WriteOptions {
    WriteOptions {
        castling: args.castling.map_or(castling, notation),
        shredder_order: args
            .shredder_order
            .map_or(ShredderOrder::Files, shredder_order),
        en_passant: match args.en_passant {
            EnPassantArg::Legal => EnPassantMode::Legal,
            EnPassantArg::Pseudo => EnPassantMode::Pseudo,
            EnPassantArg::Always => EnPassantMode::Always,
        },
    }
}

/// The deepest count perft makes, the library's bound.
pub const MAX_PERFT_DEPTH: u32 = forsyth::Position::MAX_PERFT_DEPTH;

/// Why perft does not count to `depth`, when it does not.
pub fn perft_too_deep(depth: u32) -> Option<String> {
    (depth > MAX_PERFT_DEPTH)
        .then(|| format!("DEPTH is at most {MAX_PERFT_DEPTH} plies; {depth} is more"))
}

/// DEPTH, the last word of `perft`: a number of plies up to
/// [`MAX_PERFT_DEPTH`], or the usage error that says why not.
pub fn perft_depth(word: &str) -> Result<u32, String> {
    match word.parse::<u32>() {
        Ok(depth) => perft_too_deep(depth).map_or(Ok(depth), |why| Err(format!("perft: {why}"))),
        Err(_) => Err(format!(
            "perft: the last word is DEPTH, a number of plies; '{word}' is not one"
        )),
    }
}
