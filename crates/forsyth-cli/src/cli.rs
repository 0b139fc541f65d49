//! The raw command line, as the user typed it (clap derive): only its
//! syntax is checked here. `options::resolve` turns it into the options
//! each command runs on.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::printer::{Format, Formats};

/// The command line's definition, as every part of the binary uses it:
/// the derive's, with every list of values read in any case, since the
/// docs write them as prose does (X-FEN, Shredder-FEN, Chess960, JSON).
pub fn command() -> clap::Command {
    any_case(Cli::command())
}

fn any_case(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| {
            // Flags have the values true and false, but take none.
            if arg.get_action().takes_values() && !arg.get_possible_values().is_empty() {
                arg.ignore_case(true)
            } else {
                arg
            }
        })
        .mut_subcommands(any_case)
}

/// How a position is given on the command line, for the long help of every
/// command that takes one (the README says the same): `dash` says what `-`
/// reads, `more` adds forms, `rest` says what follows the position.
macro_rules! position_help {
    (dash: $dash:literal, more: $more:literal, rest: $rest:literal) => {
        concat!(
            "The position, given in one of these ways:\n\
            \n  \
            'FEN'      one quoted record: 6 fields, 4 fields (the clocks\n             \
            are then 0 1) or the placement alone (White to move)\n  \
            FEN words  the same fields as separate words\n  \
            -          ",
            $dash,
            "\n  \
            startpos   the standard start\n  \
            960:N      Chess960 start N (0 to 959)\n  \
            capablanca, gothic, crc:N\n             \
            the starts of the 10x8 variants (CRC: 0 to 12117)",
            $more,
            "\n\
            \n\
            With separate words, the placement (the word with '/') is followed by as many \
            of the next words as fit the next fields in order: side to move (w or b), castling \
            (- or letters), en passant (- or a square on rank 3 or 6), then at most two numbers \
            as the clocks. A placement whose ranks hold ten squares is a 10x8 position \
            (Capablanca, Gothic or CRC chess; --variant capablanca, gothic or crc says how to \
            read its castling letters). ",
            $rest,
            " Options may come before or after."
        )
    };
}

/// The position of `show` and `moves`.
pub const POSITION_HELP: &str = position_help!(
    dash: "the first record on standard input",
    more: "",
    rest: "Nothing follows the position."
);

/// The position of `play`, then its moves.
const PLAY_POSITION_HELP: &str = position_help!(
    dash: "the first record on standard input",
    more: "",
    rest: "The moves follow, from the first word that is not the next field."
);

/// The position of `perft`, then DEPTH; `-` is every record.
const PERFT_POSITION_HELP: &str = position_help!(
    dash: "every record on standard input (one per\n             \
        line), a result per line",
    more: "",
    rest: "The last word is always DEPTH."
);

/// The position of `index`: `-` is every record, and a back rank will do.
const INDEX_POSITION_HELP: &str = position_help!(
    dash: "every record on standard input (one per\n             \
        line, a back rank will do), a number per line",
    more: "\n  \
        RNBQKBNR   a back rank alone, in either case (as gen\n             \
        --format json writes it)",
    rest: "Nothing follows the position."
);

#[derive(Parser, Debug)]
#[command(
    name = "forsyth",
    version,
    about = "Read, check, convert and generate chess positions, Chess960 first",
    long_about = "Read, check, convert and generate chess positions, Chess960 first.\n\n\
        forsyth reads FEN, Shredder-FEN and X-FEN alike, records each castling rook by its \
        file, and writes any of the three.",
    after_long_help = "Examples:\n  \
        forsyth convert --castling shredder < games.fen\n  \
        forsyth show startpos\n  \
        forsyth moves 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --format san",
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Show no progress on standard error
    // Also taken before the command, as it once was everywhere; only the
    // commands that show progress offer it (`ProgressArgs`).
    #[arg(long, short = 'q', hide = true)]
    pub quiet: bool,
}

impl Command {
    /// Whether `-q` was given to a command that shows progress.
    pub fn quiet(&self) -> bool {
        let progress = match self {
            Command::Convert(a) => a.progress,
            Command::Validate(a) => a.progress,
            Command::Index(a) => a.progress,
            Command::Perft(a) => a.progress,
            Command::Solve(a) => a.progress,
            Command::Pgn(a) => match &a.command {
                PgnCommand::Check(c) => c.progress,
                PgnCommand::Fens(c) => c.progress,
                PgnCommand::Export(c) => c.progress,
                PgnCommand::Help(_) => return false,
            },
            _ => return false,
        };
        progress.quiet
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Convert FEN lines between castling encodings
    #[command(
        long_about = "Convert FEN lines between castling encodings.\n\n\
            Reads FEN, Shredder-FEN or X-FEN records, one per line, from the files named (standard \
            input when none, or for '-') and writes each accepted line, in order, in the chosen \
            encoding. Every rejected line is reported on standard error as \
            FILE:LINE:COL: field: message. Blank lines are skipped. Four-field records get the \
            clocks 0 1. EPD records (four fields and operations such as bm, id, c0) stay EPD: \
            the operations are kept, hmvc and fmvn are read as the clocks, and bm, am and pv \
            must be legal moves in the position (written back as SAN); a bad one rejects the \
            line. Placements in other letters (--letters) and problem statements \
            '(PLACEMENT) (W+B)' are read too. Illegal positions are refused (see `forsyth validate`) unless \
            --no-validate is given. The en-passant square is written only when a legal \
            en-passant capture exists, unless --ep says otherwise. A byte order mark at the \
            start of an input is skipped.\n\n\
            A line whose ranks hold ten squares is a 10x8 record (Capablanca, Gothic or CRC \
            chess, specs/fen.md section 6), converted as such; --variant capablanca, gothic or \
            crc reads every line as one.\n\n\
            Exit status: 0 when every line was accepted, 1 when any was rejected (the rest are \
            still converted), 2 for usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth convert --castling shredder < games.fen > games.shredder.fen\n  \
            forsyth convert --castling shredder --shredder-order wings a.fen b.fen\n  \
            forsyth convert --no-validate --ep always < broken.fen\n  \
            forsyth convert --castling shredder < suite.epd\n  \
            echo '1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1' \\\n    \
            | forsyth convert --castling shredder"
    )]
    Convert(ConvertArgs),
    /// Show a position: diagram, fields, castling rooks, Chess960 number
    #[command(
        long_about = "Show a position: a board diagram, whether the side to move is in check, \
            checkmated or stalemated (or how many legal moves it has), each field spelled out, \
            the castling rooks by square, the record in all three encodings and the Chess960 \
            start number when it is a start.\n\n\
            On a terminal whose locale is UTF-8 (LC_ALL, LC_CTYPE or LANG), the board is drawn \
            with Unicode figurines and, unless NO_COLOR is set, in colour; --unicode, --ascii \
            and --color say otherwise.\n\n\
            With --format svg, only the board, as an SVG picture: the one `forsyth diagram` \
            draws of the same position (and --flip).\n\n\
            Exit status: 0 when the position is legal, 1 when it is not (it is still shown) \
            or cannot be read, - included when standard input cannot be read or holds no \
            record, 2 for usage errors.",
        after_long_help = "Examples:\n  \
            forsyth show startpos\n  \
            forsyth show 960:0\n  \
            forsyth show bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n  \
            forsyth show --format svg startpos > start.svg"
    )]
    Show(ShowArgs),
    /// Draw a position as a picture: SVG or PNG
    #[command(
        long_about = "Draw a position as a picture, as printed diagrams show it: SVG by \
            default, or PNG. The pieces and letters are forsyth's own shapes, so the picture \
            needs no font and looks the same everywhere. Any position that reads is drawn, \
            legal or not; a 10x8 one (capablanca, gothic, crc:N, ranks of ten squares) on ten \
            files, with --highlight and --arrow on a1 to j8.\n\n\
            A problem statement (PLACEMENT) (w+b) STIPULATION, or a position followed by a \
            stipulation, is captioned as problem columns print it: the stipulation, then the \
            count of white and black pieces, as '#3 (5+1)' (a statement without a stipulation: \
            the count alone). A mate or selfmate is written short (#3 for 'mate in three'); \
            other kinds (h#2, ser-h#7, =3) are kept as given. --caption replaces the caption.\n\n\
            The PNG is drawn from the same SVG at --size pixels a square; it is not written to \
            a terminal (give -o FILE or redirect). Without --format, -o FILE.png writes PNG. \
            The geometry and colours are in specs/diagram.md.\n\n\
            Exit status: 0 when the picture is written, 1 when the position cannot be read, - \
            included when standard input cannot be read or holds no record, 2 for usage \
            errors or a picture that cannot be written.",
        after_long_help = "Examples:\n  \
            forsyth diagram startpos > start.svg\n  \
            forsyth diagram '(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3' -o problem.png\n  \
            forsyth diagram 960:0 --coordinates --flip --size 60 --format png > 960.png\n  \
            forsyth diagram startpos --arrow e2e4 --arrow Nf3 --highlight e4,d5\n  \
            forsyth diagram 8/8/8/4k3/8/8/8/4K3 --caption 'Opposition' --light '#eeeeee'"
    )]
    Diagram(DiagramArgs),
    /// Print Chess960 starts by their standard number (518 is the classical start)
    #[command(
        override_usage = "forsyth gen [OPTIONS] <NUMBER...|--all|--random>",
        long_about = "Print Chess960 starting positions by their standard number, 0 to 959 \
            (518 is the classical start, 0 is BBQNNRKR, 959 is RKRNNQBB), in the order \
            given: numbers, and ranges such as 0-9 (both ends included). One FEN line per \
            start; with --format json, one JSON object per line with the number, the back rank \
            and the FEN in all three encodings (standard: null where it cannot say the start).\n\n\
            With --random, starts are drawn uniformly; the same --seed always gives the same \
            starts (the generator is SplitMix64, see specs/chess960.md). Without --seed, the \
            seed drawn is written on standard error, so the run can be repeated. --count and \
            --seed need --random.\n\n\
            --variant capablanca or gothic prints the start of Capablanca chess \
            (RNABQKBCNR) or Gothic chess (RNBQCKABNR) on the 10x8 board; --variant crc the \
            12,118 starts of Capablanca Random Chess by their number, 0 to 12117 \
            (specs/crc.md), with NUMBER, --all and --random as for Chess960.",
        after_long_help = "Examples:\n  \
            forsyth gen 518\n  \
            forsyth gen 0-9 518\n  \
            forsyth gen --all --castling shredder > chess960.fen\n  \
            forsyth gen --random --seed 7 --count 10\n  \
            forsyth gen 0 --format json\n  \
            forsyth gen --variant gothic\n  \
            forsyth gen --variant crc --random --seed 7 --count 3 --castling shredder"
    )]
    Gen(GenArgs),
    /// Print the Chess960 number of a position whose pieces stand as a start
    #[command(
        long_about = "Print the Chess960 start number (0 to 959) of a position whose pieces \
            stand exactly as a Chess960 start, or of a back rank alone (RNBQKBNR); only the \
            pieces count (side to move, castling, en passant and clocks are ignored, and the \
            placement alone will do). Otherwise say why it is not a start, and exit 1.\n\n\
            With -, every record of standard input (a position or a back rank per line), one \
            number per line, in order; a line that is not a start is reported on standard \
            error as FILE:LINE:COL: field: message (the rest are still numbered), and the \
            exit status is 1.\n\n\
            A 10x8 record (ranks of ten squares), a back rank of ten letters, or --variant \
            crc gives the Capablanca Random Chess number instead (0 to 12117, specs/crc.md).",
        after_long_help = "Examples:\n  \
            forsyth index RNBQKBNR   # 518\n  \
            forsyth index rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   # 518\n  \
            forsyth index bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n  \
            forsyth gen --random --count 5 | forsyth index -\n  \
            forsyth index --variant crc BQACNBNRKR   # 0"
    )]
    Index(IndexArgs),
    /// Check that positions are legal, naming every problem
    #[command(
        long_about = "Check that positions are legal under the rules of chess and Chess960, \
            and name every problem of each line at once: board (kings, pawns, piece counts), \
            checks, castling rights, en passant and clocks, each with a stable kind name. \
            Warnings (material, pawn structures or clocks no legal game reaches) do not make \
            a line invalid, unless --strict is given. The kinds are documented in \
            specs/validation.md. An EPD record (four fields and operations) has its position \
            judged the same way, then its operations as convert reads them: bm, am and pv must \
            be legal moves there.\n\n\
            Text output: FILE:LINE: ok (ok (chess960) when --variant auto read the line as \
            Chess960), or one line per problem in the order of their columns, placed like \
            convert's: FILE:LINE:COL: field: kind: message, syntax errors included (warnings as \
            FILE:LINE:COL: field: warning: kind: message). JSON: one object per input line, \
            blank lines included, each with the same keys: file, line, valid (null for a blank \
            line), variant (null for a blank line or one the grammar refused) and problems, \
            each problem (syntax errors too) with kind, severity, field, column, squares and \
            message. A byte order mark at the start of an input is skipped.\n\n\
            With --repair, standard output gets exactly one line per input line, and nothing \
            changes that is not listed. A valid line is written as it was read, byte for byte \
            (a CRLF line end and a byte order mark included). A line that can be repaired is \
            written as read with each repair made in place: castling letters that cannot hold \
            dropped, an en-passant square that cannot hold replaced by '-', a clock set within \
            its bounds; no piece is ever moved or removed, and spacing and letter order stay. \
            A line that cannot be repaired is written unchanged (an EPD record with a fault \
            too: it is checked, not repaired; a line longer than the limit is written empty). \
            --castling (and --shredder-order, for Shredder-FEN lines) re-encode the castling \
            field of every line. Standard error says what changed (FILE:LINE: repaired: kind: \
            message) and what could not be repaired. With --format json, each object also has \
            repairs, fen (the line written; null when it was not repaired) and remaining (what \
            is left: valid, variant, problems).\n\n\
            A line whose ranks hold ten squares is judged under the 10x8 rules (Capablanca, \
            Gothic or CRC chess; --variant capablanca, gothic or crc reads every line so), its \
            text verdict naming the variant (ok (crc)); repaired, such a line is written afresh \
            in its own castling encoding (unchanged when nothing is repaired).\n\n\
            Exit status: 0 when every line is valid (with --repair: could be repaired), \
            1 otherwise, 2 for usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth validate setups.fen\n  \
            forsyth validate --strict --format json < setups.fen\n  \
            forsyth validate --repair setups.fen > repaired.fen 2> changes.txt\n  \
            echo '4k3/8/8/8/8/8/8/4K2R w KQ - 0 1' | forsyth validate"
    )]
    Validate(ValidateArgs),
    /// Count the leaf nodes of the legal move tree (perft), or check a suite
    #[command(
        override_usage = "forsyth perft [OPTIONS] <POSITION>... <DEPTH>\n       \
            forsyth perft [OPTIONS] --suite <FILE>",
        long_about = "Count the leaf nodes of the legal move tree to DEPTH (perft), the standard \
            test of a move generator. With --divide, list each legal move with its count first \
            (moves in UCI, sorted). Chess960 castling is generated in full. The last word is \
            always DEPTH, 0 to 255 plies. With the position -, every record of standard input is counted, one \
            result per line (with --divide, each record's list, a blank line and its total), \
            a 10x8 record told by its ranks of ten squares; a record that cannot be read or is not legal is reported on standard error as \
            FILE:LINE:COL: field: message and the rest are still counted.\n\n\
            With --suite FILE (- for standard input), every position of a perft suite is \
            counted to every depth the suite gives, and each count that differs is written as FILE:LINE: depth D: \
            expected N, got M, then a summary line. A suite line is a record (six or four \
            fields; Chess960 in Shredder-FEN or X-FEN) followed by its counts: \
            FEN ;D1 20 ;D2 400 ;D3 8902 (the EPD form of many engines' perftsuite.epd and \
            fischer.epd). Lines of the form id NAME, epd FEN, perft DEPTH COUNT are read too, \
            each perft line counting the last epd line's position, and variant NAME lines \
            (capablanca, gothic, crc; chess) saying how the next epd lines are read, until \
            the next id line. 10x8 lines are counted as 8x8 ones. Blank lines and lines \
            starting with # are skipped; a line that cannot be read, or that gives a depth \
            over 255 (not skipped by --max-depth), is reported as above.\n\n\
            Exit status: 0 when every record was counted (and, with --suite, every count \
            matches), 1 otherwise, 2 for usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth perft startpos 5   # 4865609\n  \
            forsyth perft r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3   # depth 3, four fields\n  \
            forsyth perft 960:0 3 --divide\n  \
            forsyth gen 0-9 | forsyth perft - 4\n  \
            forsyth perft --suite perftsuite.epd --max-depth 5"
    )]
    Perft(PerftArgs),
    /// List the legal moves of a position
    #[command(
        long_about = "List the legal moves of a position, one per line, sorted, in UCI (default) \
            or SAN. In UCI, castling is written king-to-destination (e1g1) in standard chess and \
            king-takes-rook (e1h1) in Chess960 unless --uci-castling says otherwise.\n\n\
            Exit status: 0 when the moves are listed, 1 when the position cannot be read or \
            is not legal, - included when standard input cannot be read or holds no record, \
            2 for usage errors.",
        after_long_help = "Examples:\n  \
            forsyth moves startpos\n  \
            forsyth moves 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --format san\n  \
            forsyth moves r3k2r/8/8/8/8/8/8/R3K2R w KQkq - --format san"
    )]
    Moves(MovesArgs),
    /// Play moves (SAN or UCI) from a position and print the resulting FEN
    #[command(
        override_usage = "forsyth play [OPTIONS] <POSITION>... [MOVES]...",
        long_about = "Play moves from a position and print the resulting FEN in the chosen \
            encoding. Each move may be SAN (e4, Nxf3+, O-O, e8=Q, also 0-0, e8Q and trailing \
            annotations) or UCI in either castling convention (e1g1 or e1h1). The first move \
            that is not legal is named, with the reason, and nothing is printed (exit 1). \
            The moves start at the first word that is not the position's next field. Move \
            numbers are skipped, and one quoted argument may hold a whole movetext \
            ('1. e4 e5 2. Nf3'); a result (1-0, 0-1, 1/2-1/2, *) ends the moves.\n\n\
            Exit status: 0 when every move was played (the end of the game, or a draw that \
            may be claimed, is said on standard error), 1 when a move is not legal or the \
            position cannot be read or is not legal, - included when standard input cannot \
            be read or holds no record, 2 for usage errors.",
        after_long_help = "Examples:\n  \
            forsyth play startpos e4 e5 Nf3 Nc6 Bb5\n  \
            forsyth play 960:0 b3 b6 Bxg7 Bxg2 --castling shredder\n  \
            forsyth play 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 O-O-O"
    )]
    Play(PlayArgs),
    /// Replay PGN games: check every move, print their positions, export them
    #[command(
        long_about = "Replay the games of PGN files move by move (main lines and variations; \
            SAN, its lenient forms and UCI; null moves -- and Z0 pass the turn), starting from \
            the standard position or from the SetUp/FEN tags, under the rules the Variant tag \
            names (Chess960 and its aliases, standard). Files are read as streams, in bounded \
            memory; standard input when none, or for '-'.\n\n\
            A game is replayed on the 10x8 board when its Variant tag names a 10x8 variant \
            (Capablanca; Gothic; Capablanca Random, CRC or caparandom; compared ignoring case, \
            spaces and hyphens), or when it has no such tag and a FEN tag whose ranks hold ten \
            squares; a file may mix 8x8 and 10x8 games. A CRC game needs its FEN tag. \
            --variant capablanca, gothic or crc takes only the 10x8 games of that variant (a \
            10x8 FEN tag without a Variant tag is read under it); the games left out are \
            counted in the --summary line.",
        after_long_help = "Examples:\n  \
            forsyth pgn check games.pgn\n  \
            forsyth pgn check --variant crc crc-games.pgn\n  \
            forsyth pgn check --format json --variant chess960 < lichess.pgn\n  \
            forsyth pgn fens --final games.pgn\n  \
            forsyth pgn fens --epd --castling shredder games.pgn\n  \
            forsyth pgn export --castling shredder games.pgn"
    )]
    Pgn(PgnArgs),
    /// Translate movetext between notations (SAN in any language, LAN, UCI...)
    #[command(
        long_about = "Translate movetext from one notation to another: SAN in English (san) or \
            another language (san-de, san-es, san-fr, san-it, san-nl, san-ru, san-el, san-cs, \
            san-da, san-et, san-fi, san-hu, san-is, san-no, san-pl, san-pt, san-ro, san-sv), \
            descriptive notation (descriptive-en: N-KB3, descriptive-es: C3AR, descriptive-fr: \
            C3FR), figurine, lan (Ng1-f3) or uci. Move numbers, '...', comments {...}, NAGs, \
            annotation glyphs, variations in parentheses and results are kept as they are; \
            after a result or a blank line the next game starts again from the start \
            position. A move that cannot be read, or that is not one legal move, is reported \
            on standard error as FILE:LINE:COL: move N.: message (with the reason or the \
            candidates, and --checks-marked where it would settle an ambiguous move), its \
            line and the rest of its game are copied unchanged, and the exit status is 1. A \
            descriptive move whose printed check or mate marker is false is translated and \
            reported as FILE:LINE:COL: move N.: warning: check_marker_contradicted: message. \
            See specs/notation.md.",
        after_long_help = "Examples:\n  \
            echo '1.e4 e5 2.Nf3 Nc6' | forsyth notation --from san --to san-de\n  \
            forsyth notation --from san-ru --to figurine game.txt\n  \
            forsyth notation --from descriptive-en --to san old-book.txt\n  \
            forsyth notation --from uci --to san \\\n    \
            --fen '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1' moves.txt"
    )]
    Notation(NotationArgs),
    /// Solve chess problems (#n, s#n, h#n, ser-#n...): keys, variations, solutions
    #[command(
        override_usage = "forsyth solve [OPTIONS] <PROBLEM>...",
        long_about = "Solve a chess problem in full. Battle play: a direct mate (#n: White to \
            play and mate in at most n moves against any defence), a selfmate (s#n: White \
            forces Black to mate it), a reflexmate (r#n: a selfmate where each side must mate \
            when it can), their stalemate forms (=n, s=n): every key (more than one: the \
            problem is cooked), each key's threat (zugzwang for a waiting key), and every \
            Black defence with each White continuation that reaches the goal in the fewest \
            moves, a quiet continuation's threat in parentheses. Continuations with a rival \
            are duals; mates before the last move are short. --tries adds the first moves \
            refuted by one defence only (--tries=N: by up to N); --set-play what White answers were Black to move \
            first. Help play (h#n: Black starts, both sides help White mate; h#n.5: White \
            starts; h=n), helpselfmates (hs#n: White starts, both sides help until Black \
            must mate White; hs#n.5: Black starts) and series movers (ser-#n, ser-h#n, \
            ser-s#n, ser-=n): every solution, listed whole. duplex solves it again with the roles exchanged. \
            Popeye's goals #= (mate or stalemate), == (double stalemate), + (check), x \
            (capture) and z with a square (zc6) stand for # (#=2, hx2, ser-+3). A \
            statement may end in twins (twin move h1 g1 twin rotate 90), each solved under \
            a), b)... See specs/solve.md.\n\n\
            Text output is the problemist's form, moves in --notation (by default SAN in \
            the problem's own letters: those of --letters, of the placement, or of a German \
            or French Popeye input; else English): the key line \
            (1.Sd4! (2.Sb5)), then one line per variation (1...Kd7 2.Sb5 (3.Tf7#) Ke7 3.Tf7#), \
            ending in (dual) or (short) where it has one; a helpmate's solutions one per \
            line (1.Rd4 Nh1 2.Ke4 Kf2 3.Rd5 Ng3#). --style popeye writes Popeye's text \
            instead, in the input's language (a helpmate's lines as Popeye lists them: \
            its table of positions leaves some out), with what a Popeye input's options ask for \
            (Variation, Try, Defence N, TrivialTriesAvoid, SetPlay, Duplex, WhiteToPlay, \
            PostKeyPlay: the play after the key, Black first). --format json writes one \
            object per problem (or twin): \
            {\"problem\": {\"index\", \"line\", \"title\", \"stipulation\"}, \"keys\": [...], \
            \"cook\": bool, \"nodes\": N}, each move {\"uci\", \"san\", \"replies\"}, keys \
            with \"threat\", continuations with \"dual\" and \"short\" where true; \
            \"tries\", \"set_play\", \"lines\", \"set_lines\", \"duplex\", \"twin\" when there \
            are any.\n\n\
            A position no game reaches but move generation handles (a check from a pawn \
            that never moved; a pawn on a back rank, which neither moves nor attacks) is \
            solved as given, as Popeye solves it, with a warning on standard error; with the \
            side not to move in check nothing is solved (the side to play can capture the \
            king); one with no king is refused.\n\n\
            --max-nodes, --max-time and --max-memory stop a problem's search (stopped: on \
            standard error, the next problems solved, exit 1). A search over a second shows \
            its node count on standard error. Ctrl-C stops at once (nothing of the \
            unfinished problem is written). No solution: empty keys (text: no solution), \
            exit 0.",
        after_long_help = "Examples:\n  \
            forsyth solve '(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3'\n  \
            forsyth solve --letters el \\\n    \
            '(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις' --notation san-el\n  \
            forsyth solve R7/4k3/4N3/K2B4/8/8/8/5R2 --mate 3 --format json\n  \
            forsyth solve problem.inp --style popeye\n  \
            forsyth solve '(8/8/8/3kp3/4r3/4P1K1/2P2N2/8) h#3'\n  \
            forsyth solve '(k7/p7/2K5/8/8/8/8/7R) h#1.5 twin move h1 g1'"
    )]
    Solve(SolveArgs),
    /// Print the help of forsyth or of one of its commands
    #[command(
        long_about = "Print the help of forsyth, or the long help of the command named \
            (the same as `forsyth COMMAND --help`), at any depth: `forsyth help pgn check` \
            is `forsyth pgn check --help`, as is `forsyth pgn help check`.",
        after_long_help = "Examples:\n  \
            forsyth help\n  \
            forsyth help perft\n  \
            forsyth help pgn check"
    )]
    Help(HelpArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish)
    #[command(
        long_about = "Print the completion script of a shell to standard output. Load it in \
            the current shell or install it where the shell looks for completions.",
        after_long_help = "Examples:\n  \
            source <(forsyth completions bash)\n  \
            forsyth completions zsh > ~/.zfunc/_forsyth\n  \
            forsyth completions fish > ~/.config/fish/completions/forsyth.fish"
    )]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of forsyth or of one of its commands
    #[command(
        long_about = "Print the manual page of forsyth, or of one of its commands (pgn check: \
            forsyth-pgn-check), in roff for man(1). With --all DIR, write every page into \
            DIR instead (forsyth.1, forsyth-show.1, forsyth-pgn-check.1 ...; DIR is made if \
            need be), so that the pages each one names exist.",
        after_long_help = "Examples:\n  \
            forsyth man | man -l -\n  \
            forsyth man pgn check | man -l -\n  \
            forsyth man --all /usr/local/share/man/man1"
    )]
    Man(ManArgs),
    /// Serve a page for every notation, and its JSON API, over HTTP
    #[command(
        long_about = "Serve one page, and the JSON API behind it, over HTTP on loopback: paste \
            a position in any form forsyth reads (FEN, X-FEN, Shredder-FEN, EPD, 960:N, a \
            problem statement in any language's letters, a Popeye input) and see its diagram, \
            its validation report with each problem's squares marked on the board, the three \
            castling encodings and the legal moves; replay and translate a game; solve a \
            problem within a time limit. The page's state is in its address, so a link shows \
            the same result. The page, its script and style are built into the binary and need \
            no network.\n\n\
            Safe to leave running: loopback only unless --addr says otherwise; requests and \
            bodies are bounded in size and time, at most --solves solves run at once, and no \
            request reads or writes a file. The API and its limits are in specs/http.md. \
            Ctrl-C stops the server.",
        after_long_help = "Examples:\n  \
            forsyth serve                       # then open http://127.0.0.1:8960/\n  \
            forsyth serve --addr 127.0.0.1:0    # any free port (printed)\n  \
            forsyth serve --solves 4 --max-time 300"
    )]
    Serve(ServeArgs),
}

#[derive(Args, Debug)]
pub struct NotationArgs {
    /// Notation of the input (san, san-de, ..., descriptive-en, figurine, uci)
    #[arg(long, value_name = "N")]
    pub from: String,
    /// Notation to write (the same names)
    #[arg(long, value_name = "N")]
    pub to: String,
    /// The start position, a FEN record [default: the standard start]
    #[arg(long)]
    pub fen: Option<String>,
    /// The input marks every check: a move without a marker gives none
    #[arg(
        long,
        long_help = "The input marks every check, so a move printed without a check marker \
            gives no check. Only a descriptive move that names more than one legal move needs \
            it: by default a missing check marker rules out nothing (books often omit it), \
            with this flag it rules out the moves that check. See specs/notation.md §6."
    )]
    pub checks_marked: bool,
    /// Input file (standard input when none, or '-')
    pub file: Option<PathBuf>,
}

/// The long help of `--letters`.
const LETTERS_HELP: &str = "Write the placement in the piece letters of LANG, an ISO 639-1 \
    code: de (K D T L S P), es, fr, it, nl, ru (Кр Ф Л С К П), el (Ρ Β Π Α Ι Σ), cs, da, et, \
    fi, hu, is, no, pl, pt, ro, sv, or en. Reading accepts English letters and LANG's. \
    gen writes a 10x8 start with A and C for the archbishop and the chancellor; es, it, fr, \
    pt, ro (A or C is one of their pieces) and el (no letters for files i and j) refuse it.";

/// The long help of `show --letters`.
const SHOW_LETTERS_HELP: &str = "Also write the record in the piece letters of LANG, an ISO \
    639-1 code: de (K D T L S P), es, fr, it, nl, ru (Кр Ф Л С К П), el (Ρ Β Π Α Ι Σ), cs, da, \
    et, fi, hu, is, no, pl, pt, ro, sv, or en. Reading accepts English letters and LANG's. \
    A 10x8 record is written with A and C for the archbishop and the chancellor; es, it, fr, \
    pt, ro (A or C is one of their pieces) and el (no letters for files i and j) refuse it. \
    auto: the position is read in the first letters that read it (English first, then the \
    languages in that order), and the record is also written in those letters.";

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print, such as show or pgn check
    #[arg(value_name = "COMMAND", conflicts_with = "all")]
    pub command: Vec<String>,
    /// Write every page into DIR (forsyth.1, forsyth-show.1...)
    #[arg(long, value_name = "DIR")]
    pub all: Option<PathBuf>,
}

/// When to colour output.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorArg {
    /// On a terminal, unless NO_COLOR is set
    Auto,
    /// Always
    Always,
    /// Never
    Never,
}

/// How `moves` writes moves: the notation `--format` names, as
/// `--notation` would (`san` is `--notation san`).
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveNotationArg {
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
    /// King to its destination: e1g1; in Chess960 king takes rook where the king moves one
    /// square or none (b1a1 for O-O-O from b1, since b1c1 is the king's step)
    Standard,
    /// King takes its rook: e1h1
    Chess960,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position (see --help), then the depth in plies
    #[arg(
        value_name = "POSITION",
        required_unless_present = "suite",
        num_args = 1..,
        long_help = PERFT_POSITION_HELP
    )]
    pub words: Vec<String>,
    /// Check every count of a perft suite (FEN ;D1 20 ;D2 400 ...)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["words", "divide"])]
    pub suite: Option<PathBuf>,
    /// With --suite: skip the counts deeper than N plies
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,
    /// List each move with its count
    #[arg(long)]
    pub divide: bool,
    /// Print time and nodes per second to standard error
    #[arg(long)]
    pub stats: bool,
    /// UCI castling convention for --divide
    #[arg(long, value_enum, default_value = "auto")]
    pub uci_castling: UciCastlingArg,
    #[command(flatten)]
    pub legality: LegalityArgs,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// How many threads a bulk command uses.
#[derive(Args, Debug)]
pub struct ThreadsArgs {
    /// Worker threads (default and 0: every core)
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(0..=1024),
        long_help = "Worker threads, 1 to 1024; 0 (the default) uses every core. The output \
            is the same, byte for byte, whatever N is: lines are written in input order."
    )]
    pub threads: Option<u32>,
}

/// How the move commands (`perft`, `moves`, `play`) read a position.
#[derive(Args, Debug)]
pub struct LegalityArgs {
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Accept positions illegal only in ways move generation survives
    #[arg(long, long_help = LENIENT_HELP)]
    pub lenient: bool,
}

/// The long help of `--lenient`.
const LENIENT_HELP: &str = "Accept a position that validation rejects only for problems on \
    which legal move generation stays sound (an impossible checker alignment, too much \
    material), as perft suites contain them. Standard error names the problems set aside.";

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position (see --help)
    #[arg(value_name = "POSITION", required = true, num_args = 1.., long_help = POSITION_HELP)]
    pub words: Vec<String>,
    /// Move notation
    #[arg(long, value_enum, default_value = "uci", conflicts_with = "notation")]
    pub format: MoveNotationArg,
    /// Write moves in notation N (san, san-de, descriptive-en, uci...)
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
    /// UCI castling convention
    #[arg(long, value_enum, default_value = "auto")]
    pub uci_castling: UciCastlingArg,
    #[command(flatten)]
    pub legality: LegalityArgs,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The position (see --help), then the moves, SAN or UCI
    #[arg(value_name = "POSITION", required = true, num_args = 1.., long_help = PLAY_POSITION_HELP)]
    pub words: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Read the moves in notation N only (san-de, descriptive-en, lan, uci...)
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
    #[command(flatten)]
    pub legality: LegalityArgs,
}

/// A start number or an inclusive range of them, as `gen` reads them:
/// `518`, `0-9` (a range may run downwards: `9-0`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StartRange {
    pub first: forsyth::Chess960Start,
    pub last: forsyth::Chess960Start,
}

impl std::str::FromStr for StartRange {
    type Err = String;

    fn from_str(s: &str) -> Result<StartRange, String> {
        let number = |n: &str| {
            n.parse::<forsyth::Chess960Start>()
                .map_err(|e| e.to_string())
        };
        let (first, last) = range_ends(s)?;
        Ok(StartRange {
            first: number(first)?,
            last: number(last)?,
        })
    }
}

/// The two ends of a start number or range as `gen` reads them (`518`,
/// `0-9`), for Chess960 and CRC alike; a number alone is both ends.
pub fn range_ends(word: &str) -> Result<(&str, &str), String> {
    match word.split_once('-') {
        None => Ok((word, word)),
        Some(("", _)) => Err(format!("'{word}' is a range without its first number")),
        Some((_, "")) => Err(format!("'{word}' is a range without its last number")),
        Some(ends) => Ok(ends),
    }
}

// Which starts: clap only keeps the three apart; `options::resolve` says
// what is missing, with --seed or --count given alone named first.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("which").args(["numbers", "all", "random"]))]
pub struct GenArgs {
    /// Start numbers, 0 to 959 (CRC: 0 to 12117), or ranges such as 0-9
    #[arg(value_name = "NUMBER")]
    pub numbers: Vec<String>,
    /// Whose starts: Chess960's, or a 10x8 variant's
    #[arg(long, value_enum, default_value = "chess960")]
    pub variant: StartVariantArg,
    /// All 960 starts, in number order
    #[arg(long)]
    pub all: bool,
    /// Random starts (uniform)
    #[arg(long)]
    pub random: bool,
    /// Seed for --random (the same seed gives the same starts)
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many random starts [default: 1]
    #[arg(long)]
    pub count: Option<u64>,
    /// Castling encoding to write [default: xfen]
    #[arg(long, value_enum)]
    pub castling: Option<CastlingArg>,
    /// Shredder-FEN letter order within a colour [default: files]
    #[arg(long, value_enum)]
    pub shredder_order: Option<ShredderOrderArg>,
    /// Output format
    #[arg(long, default_value = "fen", value_parser = Formats::new([
        ("fen", Format::Text, "One FEN line per start"),
        ("json", Format::Json, "One JSON object per line: number, back rank, FEN in every encoding"),
    ]))]
    pub format: Format,
    /// Write the placement in the letters of LANG (de, ru, el...)
    #[arg(long, value_name = "LANG", long_help = LETTERS_HELP)]
    pub letters: Option<String>,
}

/// The starts `gen` prints and `index` numbers.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum StartVariantArg {
    /// Chess960's 960 starts
    Chess960,
    /// Capablanca chess's start (10x8)
    Capablanca,
    /// Gothic chess's start (10x8)
    Gothic,
    /// Capablanca Random Chess's 12,118 starts (10x8)
    #[value(alias = "caparandom", alias = "capablanca-random")]
    Crc,
}

#[derive(Args, Debug)]
pub struct IndexArgs {
    /// The position or back rank (see --help); only the pieces count
    #[arg(value_name = "POSITION", required = true, num_args = 1.., long_help = INDEX_POSITION_HELP)]
    pub words: Vec<String>,
    /// Whose numbering: Chess960's, or CRC's (by default, the board's width says)
    #[arg(long, value_enum)]
    pub variant: Option<StartVariantArg>,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// `-q`, for the commands that show progress on long work.
#[derive(Args, Debug, Clone, Copy)]
pub struct ProgressArgs {
    /// Show no progress on standard error
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The castling encodings, as the command line spells them.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingArg {
    /// X-FEN: K/Q for the outermost rook, the file letter for an inner rook
    #[value(alias = "x-fen")]
    Xfen,
    /// Shredder-FEN: the castling rook's file letter
    #[value(alias = "shredder-fen")]
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
    /// Capablanca chess on 10x8: king on f, rooks on a/j
    Capablanca,
    /// Gothic chess on 10x8: castles as Capablanca chess
    Gothic,
    /// Capablanca Random Chess on 10x8: castling as in Chess960
    #[value(alias = "caparandom", alias = "capablanca-random")]
    Crc,
}

#[derive(Args, Debug, Clone, Copy)]
pub struct OutputArgs {
    /// Castling encoding to write [default: xfen]
    #[arg(long, value_enum)]
    pub castling: Option<CastlingArg>,
    /// Shredder-FEN letter order within a colour [default: files]
    #[arg(
        long,
        value_enum,
        long_help = "Shredder-FEN letter order within a colour: files ascending (AHah) or king \
            side first (HAha) [default: files]"
    )]
    pub shredder_order: Option<ShredderOrderArg>,
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
    /// Placement letters: LANG (de, ru, el...) or auto (recognise, write English)
    #[arg(
        long,
        value_name = "LANG",
        long_help = "Placement letters. LANG (an ISO 639-1 code: de, es, fr, it, nl, ru, el, \
            cs, da, et, fi, hu, is, no, pl, pt, ro, sv, en): the placement is written in \
            LANG's letters, and read in English's or LANG's. auto: each line's letters are \
            recognised (English first, then the languages in that order) and the placement \
            is written in English. A line may also be a problem statement, (PLACEMENT) \
            (w+b): White to move, no castling, clocks 0 1, the piece count checked."
    )]
    pub letters: Option<String>,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// Input files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Variant to judge under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Report format
    #[arg(long, default_value = "text", value_parser = Formats::new([
        ("text", Format::Text, "FILE:LINE: ok, or FILE:LINE:COL: field: kind: message per problem"),
        ("json", Format::Json, "One JSON object per input line"),
    ]))]
    pub format: Format,
    /// Count every warning as an error (a line with a warning is invalid)
    #[arg(long, conflicts_with = "repair")]
    pub strict: bool,
    /// Write each line's nearest legal position, one output line per input line
    #[arg(long)]
    pub repair: bool,
    /// With --repair: write every castling field in this encoding
    #[arg(
        long,
        value_enum,
        requires = "repair",
        long_help = "With --repair: write the castling field of every line in this encoding \
            (a line that cannot say its rights in it is written unchanged and reported). \
            Without it, each line keeps its castling field as written, less the letters \
            repair drops."
    )]
    pub castling: Option<CastlingArg>,
    /// With --repair: Shredder-FEN letter order within a colour
    #[arg(
        long,
        value_enum,
        requires = "repair",
        long_help = "With --repair: the Shredder-FEN letter order within a colour, files \
            ascending (AHah) or king side first (HAha), for the castling fields written in \
            Shredder-FEN [default: the order each line has]"
    )]
    pub shredder_order: Option<ShredderOrderArg>,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// Input files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

#[derive(Args, Clone, Debug)]
pub struct DiagramArgs {
    /// Picture format [default: svg, or png for -o FILE.png]
    #[arg(long, value_parser = Formats::new([
        ("svg", Format::Svg, "SVG, vector (text)"),
        ("png", Format::Png, "PNG, pixels"),
    ]))]
    pub format: Option<Format>,
    /// Write the picture to FILE instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Black at the bottom
    #[arg(long)]
    pub flip: bool,
    /// File letters and rank numbers in the margin
    #[arg(long)]
    pub coordinates: bool,
    /// The caption under the board (default: a problem's stipulation and count)
    #[arg(
        long,
        value_name = "TEXT",
        long_help = "The caption under the board, printable ASCII characters (they are \
            drawn, not typeset). Default: for a problem statement, or a position followed by \
            a stipulation, the stipulation and the count (w+b); else none. --caption '' draws \
            none."
    )]
    pub caption: Option<String>,
    /// Highlight these squares (e4,d5); may be repeated
    #[arg(long, value_name = "SQUARES")]
    pub highlight: Vec<String>,
    /// Draw an arrow for MOVE (e2e4, Nf3, O-O); may be repeated
    #[arg(
        long,
        value_name = "MOVE",
        long_help = "Draw an arrow for MOVE, straight from the centre of its square to the \
            centre of the other (knight moves and castling too); may be repeated. Two squares \
            (e2e4, a promotion letter allowed after them) are drawn as given, on any position; \
            any other MOVE is read as a legal move of the position, as play reads one (Nf3, exd5, O-O), \
            and castling runs from the king to the square it ends on (to its rook when the \
            king stays)."
    )]
    pub arrow: Vec<String>,
    /// Pixels a square
    #[arg(long, value_name = "PX", default_value_t = 45,
        value_parser = clap::value_parser!(u32).range(8..=400))]
    pub size: u32,
    /// The colour of the light squares (#rrggbb) [default: #f0e6d2]
    #[arg(long, value_name = "COLOR")]
    pub light: Option<String>,
    /// The colour of the dark squares (#rrggbb) [default: #b58f63]
    #[arg(long, value_name = "COLOR")]
    pub dark: Option<String>,
    /// Read the placement in the letters of LANG (de, ru, el...) too
    #[arg(long, value_name = "LANG")]
    pub letters: Option<String>,
    /// The position (see --help)
    #[arg(value_name = "POSITION", required = true, num_args = 1.., long_help = DIAGRAM_POSITION_HELP)]
    pub words: Vec<String>,
}

/// The position of `diagram`: any position, or a problem statement.
const DIAGRAM_POSITION_HELP: &str = position_help!(
    dash: "the first record on standard input",
    more: "\n  \
        (P) (w+b)  a problem statement, the placement in parentheses,\n             \
        then optionally its count and stipulation: White to\n             \
        move, as problem columns print it",
    rest: "A stipulation may follow (#3, mate in 3, h#2...): it makes the caption."
);

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Output format
    #[arg(long, default_value = "text", value_parser = Formats::new([
        ("text", Format::Text, "The diagram in text and every field spelled out"),
        ("svg", Format::Svg, "The board as an SVG picture, as `forsyth diagram` draws it"),
    ]))]
    pub format: Format,
    /// Draw the board with Unicode figurines (default on a UTF-8 terminal)
    #[arg(long, overrides_with = "ascii")]
    pub unicode: bool,
    /// Draw the board with FEN letters
    #[arg(long, overrides_with = "unicode")]
    pub ascii: bool,
    /// Black at the bottom
    #[arg(long)]
    pub flip: bool,
    /// When to colour the board
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Variant to read castling letters under
    #[arg(long, value_enum, default_value = "auto")]
    pub variant: VariantArg,
    /// Also write the record in the letters of LANG (de, ru, el...) or auto
    #[arg(long, value_name = "LANG", long_help = SHOW_LETTERS_HELP)]
    pub letters: Option<String>,
    /// The position (see --help)
    #[arg(value_name = "POSITION", required = true, num_args = 1.., long_help = POSITION_HELP)]
    pub words: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PgnArgs {
    #[command(subcommand)]
    pub command: PgnCommand,
}

#[derive(Subcommand, Debug)]
pub enum PgnCommand {
    /// Replay every game and say whether it is legal
    #[command(
        long_about = "Replay every game and say whether it is legal: one line per game, games \
            numbered from 1 in each file, LINE the game's first line:\n\n  \
            FILE:GAME N (line L): ok\n  \
            FILE:GAME N (line L): ok (warning: KIND: message)\n  \
            FILE:GAME N (line L): LINE:COL: 12... Nf9: KIND: message\n\n\
            The last form names the first fault: an unreadable, ambiguous or illegal move, a \
            bad SetUp/FEN/Variant tag, or a syntax error (COL is a 1-based byte column). \
            Warnings: a FEN tag without SetUp; a Chess960 start without a Variant tag (castling \
            only Chess960 can mean, or a Chess960 start array: read as Chess960); a movetext \
            without its result; a Result tag the movetext's result contradicts; a result the \
            main line's end contradicts (checkmate, stalemate, fivefold repetition of its last \
            position, insufficient material, the 75-move rule). With \
            --format json, one object per game: file, game, line, ok, warnings, and problem \
            (kind, message, line, column, move, move_number, side, fen, candidates).\n\n\
            With --summary (or when standard error is a terminal and --quiet is not given), \
            a last line on standard error counts the games: read, ok, with warnings, with \
            faults.\n\n\
            Exit status: 0 when every game is legal (warnings allowed), 1 otherwise, 2 for \
            usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth pgn check games.pgn\n  \
            forsyth pgn check --setup-only --format json a.pgn b.pgn"
    )]
    Check(PgnCheckArgs),
    /// Print every position of each game's main line, the start included
    #[command(
        long_about = "Print every position of each game's main line, the start included, one \
            record per line and nothing else (X-FEN unless --castling says otherwise). With \
            --epd, EPD records with id \"GAME.PLY\"; with --final, only the last position of \
            each game. A game with a fault gives its positions up to the faulty move (with \
            --final, none: the last good position is not where the game ended), and the fault \
            on standard error, as pgn check writes it; its warnings go there too, as \
            FILE:GAME N (line L): LINE:COL: warning: KIND: message. --summary as for pgn \
            check.\n\n\
            Exit status: 0 when every game is legal (warnings allowed), 1 otherwise, 2 for \
            usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth pgn fens games.pgn\n  \
            forsyth pgn fens --epd --final --variant chess960 < games.pgn"
    )]
    Fens(PgnFensArgs),
    /// Write every game again in the canonical PGN export format
    #[command(
        long_about = "Write every game again in the PGN export format: the Seven Tag Roster \
            first and in order ('?' for a missing tag, ????.??.?? for a missing Date), the \
            other tags after it; the moves in SAN (or --notation N) written from the replayed \
            positions, whatever notation the input used; comments, NAGs ($n) and variations \
            kept, ';' comments written in braces, '%' lines dropped; lines of at most 80 \
            columns, comments broken at spaces. The FEN tag is written from the start \
            position in the castling encoding of --castling (X-FEN by default), with a SetUp \
            tag. The result (Result tag and termination marker) is * when the game claims only *; \
            else the one the main line's end decides (checkmate, stalemate, fivefold \
            repetition of its last position in the main line, insufficient material, the \
            75-move rule); else the one the Result tag and the movetext claim; \
            else * (no claim, or claims that disagree).\n\n\
            A game with a fault is written up to it: the moves before it, then one comment \
            {not replayed (KIND): ...} holding the rest of the movetext as it was read, and the \
            result *; with --rejects FILE, it goes to FILE instead, byte for byte as it was \
            read. Either way its fault goes to standard error as pgn check writes it, and \
            every warning (a repaired result, an added SetUp tag...) as FILE:GAME N (line L): \
            LINE:COL: warning: KIND: message. --summary as for pgn check.\n\n\
            Exit status: 0 when every game is written whole (warnings allowed), 1 when a game \
            has a fault or cannot be written, 2 for usage or I/O errors.",
        after_long_help = "Examples:\n  \
            forsyth pgn export games.pgn > clean.pgn\n  \
            forsyth pgn export --rejects broken.pgn --summary games.pgn > clean.pgn\n  \
            forsyth pgn export --castling shredder --variant chess960 < lichess.pgn\n  \
            forsyth pgn export --notation san-de games.pgn"
    )]
    Export(PgnExportArgs),
    /// Print the help of pgn or of one of its commands
    #[command(
        long_about = "Print the help of pgn, or the long help of the pgn command named (the \
            same as `forsyth pgn COMMAND --help`).",
        after_long_help = "Examples:\n  \
            forsyth pgn help\n  \
            forsyth pgn help check"
    )]
    Help(HelpArgs),
}

/// The rules a game is played under, to select games.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameVariantArg {
    /// Standard chess
    Standard,
    /// Chess960 (Variant tag Chess960 or an alias)
    Chess960,
    /// Capablanca chess on 10x8 (Variant tag Capablanca)
    Capablanca,
    /// Gothic chess on 10x8 (Variant tag Gothic)
    Gothic,
    /// Capablanca Random Chess on 10x8 (Variant tag Capablanca Random, CRC or caparandom)
    #[value(alias = "caparandom", alias = "capablanca-random")]
    Crc,
}

/// Which games of the input a `pgn` command takes.
#[derive(Args, Debug, Clone, Copy)]
pub struct GameSelectArgs {
    /// Only the games of this variant
    #[arg(long, value_enum)]
    pub variant: Option<GameVariantArg>,
    /// Only the games with a SetUp or FEN tag
    #[arg(long)]
    pub setup_only: bool,
}

/// Whether a `pgn` command ends with its counts.
#[derive(Args, Debug, Clone, Copy)]
pub struct SummaryArgs {
    /// End with the counts of games on standard error
    #[arg(
        long,
        long_help = "End with one line on standard error counting the games: read, ok, with \
            warnings, with faults (and the errors between games). Written without this flag \
            too when standard error is a terminal and --quiet is not given."
    )]
    pub summary: bool,
}

#[derive(Args, Debug)]
pub struct PgnCheckArgs {
    /// Report format
    #[arg(long, default_value = "text", value_parser = Formats::new([
        ("text", Format::Text, "One line per game: FILE:GAME N (line L): ok, or its first fault"),
        ("json", Format::Json, "One JSON object per game"),
    ]))]
    pub format: Format,
    #[command(flatten)]
    pub select: GameSelectArgs,
    #[command(flatten)]
    pub summary: SummaryArgs,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// PGN files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct PgnFensArgs {
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write EPD records with id "GAME.PLY"
    #[arg(long)]
    pub epd: bool,
    /// Only the last position of each game
    #[arg(long = "final")]
    pub final_only: bool,
    #[command(flatten)]
    pub select: GameSelectArgs,
    #[command(flatten)]
    pub summary: SummaryArgs,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// PGN files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct PgnExportArgs {
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write the moves in notation N (san, san-de, figurine, lan, uci...)
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
    /// Write the games with a fault to FILE whole, as read
    #[arg(
        long,
        value_name = "FILE",
        long_help = "Write each game with a fault (or whose FEN tag --castling cannot say) to \
            FILE, byte for byte as it was read, a blank line after it, instead of writing it \
            up to its fault on standard output. FILE is created or emptied first."
    )]
    pub rejects: Option<PathBuf>,
    #[command(flatten)]
    pub select: GameSelectArgs,
    #[command(flatten)]
    pub summary: SummaryArgs,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// PGN files (standard input when none, or '-')
    pub files: Vec<PathBuf>,
}

/// How a problem is given, for `solve`'s long help.
const PROBLEM_HELP: &str = "The problem, given in one of these ways:\n\
    \n  \
    STATEMENT  the problemist's (PLACEMENT) (w+b) STIPULATION, the\n             \
    placement in parentheses or not, as one argument or as\n             \
    words: White to move (Black in h#n and ser-h#n), castling\n             \
    for a king and rook on their original squares, no en\n             \
    passant; twins may follow (twin move h1 g1)\n  \
    FEN        a record (it keeps its own fields), then optionally\n             \
    the stipulation: #3, 'mate in 3', 'mate in three',\n             \
    'Matt in drei Zügen', ...\n  \
    FILE       a Popeye input file (beginproblem ... endproblem;\n             \
    English, German or French keywords; several problems),\n             \
    or statements and FENs, one problem per line; a UTF-8\n             \
    byte order mark is skipped\n  \
    -          standard input, read as a FILE";

/// Text style of `solve`.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum SolveStyleArg {
    /// Key, threat, one line per variation (1...Kd7 2.Sb5 Ke7 3.Tf7#)
    Problemist,
    /// Popeye's long-algebraic tree (1.Se6-d4 ! threat:)
    Popeye,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The problem: a statement, a FEN, a Popeye file or - (see --help)
    #[arg(value_name = "PROBLEM", required = true, num_args = 1.., long_help = PROBLEM_HELP)]
    pub words: Vec<String>,
    /// Mate in N moves (overrides the problem's stipulation)
    #[arg(long, value_name = "N", conflicts_with = "stipulation")]
    pub mate: Option<u64>,
    /// The stipulation, such as '#3' (overrides the problem's)
    #[arg(long, value_name = "S")]
    pub stipulation: Option<String>,
    /// Write moves in notation N (san, san-de, san-el, figurine, lan...)
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
    /// Read the placement in the letters of LANG (de, el, ru...) too
    #[arg(long, value_name = "LANG")]
    pub letters: Option<String>,
    /// Output format
    #[arg(long, default_value = "text", value_parser = Formats::new([
        ("text", Format::Text, "The problemist's form, or Popeye's tree with --style popeye"),
        ("json", Format::Json, "One JSON object per problem"),
    ]))]
    pub format: Format,
    /// Text style
    #[arg(long, value_enum, default_value = "problemist")]
    pub style: SolveStyleArg,
    /// Show the tries too: first moves refuted by one defence only (or by up to N)
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "1",
        long_help = "Show the tries of direct, self and reflex play too: the first moves \
            that fail to one defence only, each with its tree and its refutation \
            (1.Sc5? (2.Se4) 1...Kd6!); --tries=N, those that fail to at most N defences, \
            each with its refutations. A Popeye input asks for them with option Try \
            (Defence N for N); the command line's N holds over the input's."
    )]
    pub tries: Option<u32>,
    /// Leave out the tries that check and fail to one defence only
    #[arg(
        long,
        long_help = "Leave out the trivial tries: those that check and fail to one defence \
            only (a checking try refuted by more, with --tries=N, stays). A Popeye input \
            asks for it with option TrivialTriesAvoid. It shows no tries by itself."
    )]
    pub avoid_trivial_tries: bool,
    /// Show the set play too: Black's moves first and White's answers
    #[arg(
        long,
        long_help = "Show the set play too: in direct, self and reflex play, were Black to \
            move first in the diagram, each Black move that White answers in one move \
            fewer, with the answers (in self and reflex play also Black's moves that mate \
            at once: s#1 and r#1 have only those); in a helpmate, the play with the other side first and \
            half a move fewer (h#3: h#2.5). A Popeye input asks for it with option SetPlay."
    )]
    pub set_play: bool,
    /// Stop a problem's search after about N positions
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop a problem's search after SECONDS (decimals allowed)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub max_time: Option<std::time::Duration>,
    /// Stop a problem whose solution would take more than MB megabytes
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    pub max_memory: u64,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// The options of `forsyth serve`, as typed.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (loopback unless you say otherwise)
    #[arg(
        long,
        value_name = "ADDR",
        default_value = "127.0.0.1:8960",
        long_help = "The address and port to listen on. The default is loopback only: no \
            other machine can reach the page. Port 0 picks a free port (the address is printed \
            either way). An address other than loopback lets anyone who can reach it use the \
            server; its limits hold for them too."
    )]
    pub addr: SocketAddr,
    /// Solves that may run at once (more are answered 429)
    #[arg(long, value_name = "N", default_value_t = 2,
        value_parser = clap::value_parser!(u16).range(1..=64))]
    pub solves: u16,
    /// The longest time limit a solve may ask for, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub max_time: u64,
    /// The time a client has to send its whole request, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=600))]
    pub timeout: u64,
}

#[derive(Args, Debug)]
pub struct HelpArgs {
    /// The command whose help to print, such as perft or pgn check
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// SECONDS of `--max-time`: a decimal number from 0 to the longest time
/// the solver can wait for (`Duration::MAX`, about 5.8e11 years), or why
/// the word is not one.
pub fn seconds(word: &str) -> Result<std::time::Duration, String> {
    let value: f64 = word
        .trim()
        .parse()
        .map_err(|_| "not a number of seconds".to_owned())?;
    if value.is_nan() || value < 0.0 {
        return Err("not a number of seconds, 0 or more".to_owned());
    }
    let longest = std::time::Duration::MAX;
    match std::time::Duration::try_from_secs_f64(value) {
        Ok(time) => Ok(time),
        // The longest whole number of seconds rounds up to 2^64 as a float.
        Err(_) if value <= longest.as_secs() as f64 => Ok(longest),
        Err(_) => Err(format!(
            "more seconds than the solver can wait for (at most {})",
            longest.as_secs()
        )),
    }
}
