//! forsyth: chess positions in every notation, Chess960 first.
//!
//! Parse FEN, Shredder-FEN and X-FEN into one model that records each
//! castling rook by its origin file; write any of them; convert between them
//! without losing information (or say why an encoding cannot express a
//! position); number the 960 Chess960 starts. Validation
//! ([`Report`](validate::Report),
//! [`Position::from_fen`], [`Position::from_setup`]) reports every problem
//! of a record at once, with stable kind names, and repairs what can be
//! dropped; `specs/validation.md` lists the problems.
//!
//! ```
//! use forsyth::Setup;
//! use forsyth::fen::{CastlingNotation, Fen};
//! let fen = Fen::from_ascii(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
//! let setup = Setup::from_fen(&fen, None)?;
//! assert_eq!(
//!     setup.to_fen(&CastlingNotation::XFen.into())?,
//!     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! A legal [`Position`] generates its moves (Chess960 castling included),
//! plays them, counts them with [`Position::perft`], writes and reads them
//! in UCI ([`UciMove`](uci::UciMove), either castling convention) and SAN
//! ([`San`](san::San)), and
//! tells how the game has ended ([`Outcome`]):
//!
//! ```
//! use forsyth::{Position, Setup};
//! use forsyth::fen::Fen;
//! use forsyth::uci::CastlingMode;
//! let fen = Fen::from_ascii(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
//! let pos = Position::from_setup(Setup::from_fen(&fen, None)?)?;
//! assert_eq!(pos.perft(3), 12_189);
//! let start = Position::standard();
//! let after = start.play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])?;
//! let castle = after.parse_move("e1h1")?;
//! assert_eq!(after.san(castle), "O-O");
//! assert_eq!(after.uci(castle, CastlingMode::Standard), "e1g1");
//! assert_eq!(after.outcome(), None);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The root holds the central types (squares, pieces, bitboards, the
//! board, castling rights, [`Move`], [`Setup`], [`Position`], the 960
//! starts), [`Error`], into which every error of the crate converts, and
//! [`skip_bom`], the one rule for a byte order mark at the start of input.
//! Everything else lives in the module of its format or concern, with its
//! errors: [`fen`], [`epd`], [`pgn`], [`san`], [`uci`], [`notation`]
//! (every notation and language, the letters), [`chess960`], [`validate`]
//! (problems, reports, repairs), [`game`] (history and draw claims),
//! [`convert`] (one line from text to text), [`solve`] (chess problems)
//! and [`attacks`]. The 10x8 board of Capablanca chess, Gothic chess and
//! Capablanca Random Chess is [`capablanca`], beside the 8x8 one.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The layers, bottom first: board, text and diagram, setup, rules,
// notation, game, solve (`specs/architecture.md`); each folder's `mod.rs` says what it owns
// and what it may use. The squares, colours, roles, pieces and bitboards
// are the `forsyth-types` crate, below them all.
mod board;
pub mod diagram;
pub mod game;
pub mod notation;
mod rules;
mod setup;
pub mod solve;
mod text;

// The root: the central types, one path each.
pub use board::{
    AddCastlingError, Bitboard, BitboardIter, Board, ByColor, CastlingRights, CastlingSide, Color,
    File, Move, ParseSquareError, ParseSquareErrorKind, Piece, Rank, Role, Square,
};
pub use rules::{
    IllegalMoveError, IllegalMoveKind, IllegalMoveReason, MoveList, MoveListIntoIter, Outcome,
    Position,
};
pub use setup::{Chess960Start, Setup, SetupError, Variant};
pub use text::{skip_bom, BOM};

pub mod capablanca {
    //! The 10x8 board of Capablanca chess, Gothic chess and Capablanca
    //! Random Chess (CRC): files `a` to `j`, the archbishop (`A`, bishop or
    //! knight) and the chancellor (`C`, rook or knight) beside the six
    //! pieces of chess.
    //!
    //! A board of its own beside the 8x8 one ([`Board`], on 128-bit
    //! [`Bitboard`]s), with the 8x8 types' shapes and names: [`Setup`] and
    //! its [`Variant`], the legal [`Position`] (moves, perft, play, the
    //! outcome), validation ([`Report`]: every problem at once, in the one
    //! [`ProblemKind`](crate::validate::ProblemKind) taxonomy, and repair),
    //! and the 12,118 CRC starts with their numbers ([`CrcStart`],
    //! `specs/crc.md`). Ranks, colours, roles, pieces, castling sides and
    //! [`Outcome`](crate::Outcome) are shared with the 8x8 board.
    //!
    //! ```
    //! use forsyth::capablanca::{CrcStart, Position, Square};
    //! use forsyth::Role;
    //! let pos = Position::capablanca();
    //! assert_eq!(pos.board().role_at(Square::H1), Some(Role::Chancellor));
    //! assert_eq!(pos.perft(3), 25_228);
    //! let start = CrcStart::from_back_rank(&CrcStart::new(7_000).unwrap().back_rank())?;
    //! assert_eq!(start.number(), 7_000);
    //! let crc = Position::from_setup(start.to_setup())?;
    //! assert_eq!(crc.legal_moves().len(), crc.count_legal_moves());
    //! # Ok::<_, Box<dyn std::error::Error>>(())
    //! ```
    pub use crate::board::capablanca::{
        king_to_file, rook_to_file, Bitboard, BitboardIter, Board, CastlingRights, File, Move,
        Square,
    };
    pub use crate::notation::capablanca::{
        letters_for, ReadMoveError, ReadMoveErrorKind, Unsupported,
    };
    pub use crate::rules::capablanca::{
        IllegalMoveError, MoveList, Position, PositionError, Repair, Report,
    };
    pub use crate::setup::capablanca::{
        is_ten_files, line_is_ten_files, CrcRule, CrcStart, FenError, FenErrorKind,
        LossyCastlingError, LossyCastlingReason, Problem, Setup, Variant,
    };

    pub mod attacks {
        //! Attack sets of every piece on the 10x8 board, and the squares
        //! between and along lines.
        pub use crate::board::capablanca::attacks::{
            aligned, archbishop, attacks, between, bishop, chancellor, king, knight, line, pawn,
            queen, rook,
        };
    }
}

pub mod attacks {
    //! Attack sets of every piece, from tables computed at compile time (magic
    //! bitboards for the sliders), and the squares between and along lines.
    pub use crate::board::attacks::{
        aligned, attacks, between, bishop, king, knight, line, pawn, queen, rook,
    };
}

pub mod fen {
    //! FEN records: the grammar, the syntax types and the writers, for
    //! standard FEN, Shredder-FEN and X-FEN alike.
    //!
    //! # What the parser accepts
    //!
    //! The grammar is written down in `specs/fen.md`. Beyond the letter of the
    //! standard it accepts, on purpose:
    //! - four fields (EPD style); the clocks are then `0 1`;
    //! - runs of spaces and tabs between fields, white space around the record;
    //! - castling letters of all three encodings in any order, each at most once;
    //! - fullmove number `0` (real files contain it; validation judges it);
    //! - adjacent digits in a rank (`44`), as long as the rank has 8 squares;
    //! - any of ` \t\r\n\x0c\x0b` around the record (`blank`), while only a
    //!   space or a tab separates fields.
    //!
    //! It works on bytes: input that is not UTF-8 is a syntax error at the first
    //! offending byte, never a panic. The placement's piece letters may come
    //! from another language's [`Letters`](crate::notation::Letters)
    //! ([`Fen::from_ascii_with`]).
    //!
    //! A [`Setup`](crate::Setup) is written with [`write_fen`] (the rules
    //! decide which en-passant square to write) or
    //! [`Setup::to_fen`](crate::Setup::to_fen); many in a row, as bytes,
    //! with a [`Writer`].
    pub use crate::rules::{write_castling, write_fen, Writer};
    pub use crate::text::fen::{
        is_blank, CastlingField, CastlingNotation, CastlingToken, EnPassantMode, Fen, FenField,
        FieldOffsets, LossyCastlingError, LossyCastlingReason, ParseFenError, ParseFenErrorKind,
        ShredderOrder, WriteFenError, WriteOptions,
    };
}

pub mod epd {
    //! EPD records: the four position fields of FEN, then operations
    //! `opcode operand* ;`.
    //!
    //! The position fields are read by the FEN grammar ([`Fen::from_ascii`](crate::fen::Fen::from_ascii) on
    //! the four fields); the operations are read here. Operands are strings in
    //! quotes (`\"` and `\\` escaped) or tokens (runs of bytes other than
    //! spaces, tabs, `;` and `"`). The common opcodes are typed: `id` and
    //! `c0`-`c9` hold one string, `bm`, `am` and `pv` one or more moves kept as
    //! written (judging them against the position is the rules' layer's work),
    //! `acd`, `acn`, `dm`, `hmvc` and `fmvn` an unsigned number, `ce` a signed
    //! one; any other opcode keeps its operands as written. An opcode appears at
    //! most once.
    //!
    //! # What the parser accepts beyond the standard
    //! - Spaces and tabs around fields and operands, and none before `;`.
    //! - `id` and `c0`-`c9` given a token instead of a string.
    //! - A trailing line feed (with or without carriage return).
    //!
    //! ```
    //! use forsyth::epd::{Epd, Op};
    //! let line = r#"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 "Fischer v Spassky"; c1 "*";"#;
    //! let epd = Epd::from_ascii(line.as_bytes())?;
    //! assert_eq!(epd.operations[1].op, Op::Comment { index: 1, text: "*".into() });
    //! assert_eq!(epd.to_string(), line);
    //! # Ok::<_, forsyth::epd::ParseEpdError>(())
    //! ```
    pub use crate::text::epd::{
        Epd, EpdField, Op, Operand, Operation, ParseEpdError, ParseEpdErrorKind,
    };
}

pub mod pgn {
    //! PGN: a streaming reader of game collections (syntax only: [`Reader`],
    //! a [`Visitor`] of events), games replayed and judged by the rules
    //! ([`Replay`]), and games written back in the export format ([`Export`],
    //! [`write_tags`], [`MovetextWriter`]). `specs/pgn.md` has the grammar and
    //! the rules.
    //!
    //! # Reading
    //!
    //! The [`Reader`] streams game collections, bytes in, events out to a
    //! [`Visitor`], in bounded memory whatever the size of the input.
    //!
    //! It reads the *syntax* of PGN (export and import format): tag
    //! pairs, move numbers, move tokens, NAGs and suffixes, comments,
    //! variations, results and `%` escape lines. It does not judge moves: a
    //! move token is any maximal run of bytes that are not delimiters, so `Nf3`,
    //! a German `Sf3`, a Greek `Ιδ4`, a descriptive `P-K4` or `Kt-B3`, `0-0` and
    //! the null moves `--` and `Z0` all arrive as they were written, with their
    //! line and byte column, for the layer that knows the rules. The grammar is
    //! written down in `specs/pgn.md`, one rule per lexer function.
    //!
    //! Nothing is skipped silently: every byte of the input is white space, part
    //! of an event, or part of a [`PgnError`] handed to [`Visitor::error`] with
    //! its span. Reading goes on after an error; a broken game does not lose the
    //! next one (a `[` after movetext always starts a new game).
    //!
    //! # What the reader accepts beyond the export format
    //! - A UTF-8 byte order mark at the start (not counted in columns); CRLF
    //!   and CR anywhere (lines are counted at line feeds); vertical tab and
    //!   form feed as white space.
    //! - Games without tag pairs, several tag pairs on one line, spaces inside
    //!   `[ Name "value" ]`, any backslash escape in a tag value (only `\"` and
    //!   `\\` are decoded, others are kept as written).
    //! - Move numbers glued to their move (`1.e4`), without periods (`12 e4`),
    //!   or with any number of them (`12...`).
    //! - A comment before the tags starts the game's movetext (the next `[`
    //!   then reports a missing result).
    //!
    //! ```
    //! use forsyth::pgn::{Collect, Event, Reader};
    //! let pgn = "[Event \"?\"]\n\n1. e4 e5 {a comment} 2. Nf3 $1 (2. f4!? exf4) 2... Nc6 *\n";
    //! let mut reader = Reader::new(pgn.as_bytes());
    //! let game = reader.read_game(&mut Collect::default())?.unwrap();
    //! let moves: Vec<_> = game.events.iter().filter_map(|e| match e {
    //!     Event::Move { text, .. } => Some(text.as_str()),
    //!     _ => None,
    //! }).collect();
    //! assert_eq!(moves, ["e4", "e5", "Nf3", "f4", "exf4", "Nc6"]);
    //! assert!(game.errors.is_empty());
    //! # Ok::<_, std::io::Error>(())
    //! ```
    //!
    //! # Replaying and exporting
    //!
    //! [`Replay`] is a [`Visitor`] that knows the rules: every move token of a
    //! game, main line and variations, is read against its position
    //! ([`Position::parse_move`](crate::Position::parse_move): SAN, the lenient
    //! forms, UCI; then every other notation when their legal readings agree)
    //! and required legal; the start comes from the `SetUp`, `FEN` and
    //! `Variant` tags. The first fault of a game is a [`ReplayError`], what
    //! does not stop it a [`ReplayWarning`]. [`Export`] drives a replay and
    //! writes the game back: moves as SAN from the replayed positions, tags,
    //! comments, NAGs and variations kept.
    pub use crate::game::export::{
        Export, ExportMovetext, ExportOptions, ExportTags, ExportedGame,
    };
    pub use crate::game::replay::{
        variant_from_tag, MoveAt, Replay, ReplayError, ReplayErrorKind, ReplayMovetext, ReplayTags,
        ReplayWarning, ReplayWarningKind, ReplayedGame, ResultClaims, ResultSource,
    };
    pub use crate::text::pgn::{
        write_tags, Collect, CollectedGame, Comment, CommentStyle, EscapeLine, Event, GameResult,
        GameStart, MoveNumber, MoveToken, MovetextWriter, Nag, PgnError, PgnErrorKind, Reader,
        ReaderPosition, Skip, Span, Tag, TagList, TagValue, Unreplayed, Visitor, SEVEN_TAG_ROSTER,
    };
}

pub mod san {
    //! Standard Algebraic Notation (SAN), as the PGN standard defines it: see
    //! [`San`] for what is written and what is read, [`SanPlus`] for the check
    //! and mate suffixes.
    pub use crate::notation::san::{
        ParseSanError, ParseSanErrorKind, San, SanError, SanErrorKind, SanPlus, SanReadings, Suffix,
    };
}

pub mod uci {
    //! UCI move notation: origin and destination squares and a promotion
    //! letter ([`UciMove`]), castling written in either convention
    //! ([`CastlingMode`]).
    pub use crate::notation::uci::{
        CastlingMode, IllegalUciError, ParseUciError, ParseUciErrorKind, UciMove,
    };
}

pub mod chess960 {
    //! The 960 Chess960 starting positions and their standard numbers 0..=959.
    //!
    //! The numbering is the one of `specs/chess960.md` (Scharnagl's scheme):
    //! 518 is the classical start, 0 is `BBQNNRKR`, 959 is `RKRNNQBB`.
    //!
    //! - number to back rank:
    //!   [`Chess960Start::back_rank`](crate::Chess960Start::back_rank) (a
    //!   `const fn`, no allocation);
    //! - back rank to number:
    //!   [`Chess960Start::from_back_rank`](crate::Chess960Start::from_back_rank),
    //!   which says why eight roles are not a start ([`BackRankError`]);
    //! - number to position:
    //!   [`Chess960Start::to_setup`](crate::Chess960Start::to_setup);
    //! - position to number:
    //!   [`Chess960Start::from_board`](crate::Chess960Start::from_board),
    //!   which looks at the pieces only and says why they do not stand as a
    //!   start ([`StartPositionError`]);
    //! - all 960 in order: [`Chess960Start::all`](crate::Chess960Start::all);
    //! - random starts, reproducible from a seed:
    //!   [`Chess960Start::random_sequence`](crate::Chess960Start::random_sequence)
    //!   (the generator of `specs/chess960.md` is an implementation detail).
    //!
    //! ```
    //! use forsyth::Chess960Start;
    //! use forsyth::Role::*;
    //! let start = Chess960Start::new(518).unwrap();
    //! assert_eq!(start.back_rank(), [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]);
    //! assert_eq!(Chess960Start::from_back_rank(&start.back_rank()), Ok(start));
    //! assert_eq!(Chess960Start::from_board(&start.to_setup().board), Ok(start));
    //! ```
    pub use crate::setup::{
        BackRankError, ParseStartNumberError, ParseStartNumberErrorKind, StartPositionError,
    };
}

pub mod validate {
    //! Validation: from a parsed record (or a [`Setup`](crate::Setup)) to a
    //! legal [`Position`](crate::Position), or every problem found at once.
    //!
    //! Each [`Problem`] has a stable kind name ([`ProblemKind`], snake case)
    //! and the facts that say it (squares, colour, castling letter,
    //! numbers), from which a sentence a person understands is rendered.
    //! Problems of [`Severity::Error`] break the rules of chess (or of
    //! Chess960) and block the position; problems of [`Severity::Warning`]
    //! do not stop play but no legal game reaches them (found by counting material, or a halfmove clock
    //! no game reaches).
    //!
    //! The kinds, with a failing and a passing record for each, are written down
    //! in `specs/validation.md`. In short:
    //! - board: an empty board, a side without a king or with several, pawns on
    //!   the first or eighth rank, more than 8 pawns or 16 pieces of a colour;
    //! - check: the side not to move in check, more than two checkers, checks no
    //!   single move could have given;
    //! - castling: letters or rights that name no king or rook, two rights on one
    //!   wing, non-classical rights in standard chess, Chess960 rights whose
    //!   colours do not start from the same back rank or whose king stands on
    //!   the `a` or `h` file;
    //! - en passant: a square on the wrong rank, occupied, with no pawn that
    //!   could just have made the double step, with a halfmove clock not 0, or
    //!   with a check the double step cannot explain;
    //! - clocks: fullmove number 0;
    //! - warnings: more promoted pieces than missing pawns, pawns off their files
    //!   needing more captures than the opponent has pieces missing, a halfmove
    //!   clock larger than the plies the fullmove number allows.
    //!
    //! [`Report::repair`] is the escape hatch: it drops what cannot hold
    //! (castling rights, the en-passant square) and fixes the clocks, never
    //! moving or removing a piece, and says what it changed.
    //!
    //! ```
    //! use forsyth::fen::Fen;
    //! use forsyth::validate::{ProblemKind, Report};
    //! let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0")?;
    //! let report = Report::of_fen(&fen, None);
    //! let kinds: Vec<&str> = report.problems().iter().map(|p| p.kind().name()).collect();
    //! assert_eq!(
    //!     kinds,
    //!     ["castling_rook_missing", "en_passant_wrong_rank", "en_passant_halfmove_clock", "fullmove_zero", "halfmove_clock_too_large"]
    //! );
    //! let (repaired, repairs) = report.repair();
    //! assert!(repaired.is_legal());
    //! assert_eq!(repairs.len(), 4);
    //! assert_eq!(repaired.setup().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    //! # Ok::<_, Box<dyn std::error::Error>>(())
    //! ```
    pub use crate::rules::{PositionError, Repair, RepairKind, Report};
    pub use crate::setup::{BoardSquare, Problem, ProblemKind, Severity};
}

pub mod convert {
    //! One line converted from text to text: a FEN record between castling
    //! encodings ([`convert_line`]: parse, resolve, validate, write), an EPD
    //! record with its moves written as SAN ([`convert_epd_line`]). This is the
    //! whole of what `forsyth convert` does to a line, so the benchmark and the
    //! command measure the same path.
    pub use crate::game::convert::{
        convert_line, convert_line_bytes, ConvertError, ConvertOptions, Fault, FaultKind,
        Validation,
    };
    pub use crate::game::epd_convert::{convert_epd_line, ConvertEpdError, ConvertEpdErrorKind};
}

/// Any error of the crate, so that `?` works in code that uses several
/// parts of it. Each variant holds the error of one module as it is (its
/// `Display` and `source` are the inner error's), and every error of the
/// crate converts into it with `From`.
///
/// ```
/// use forsyth::{Error, Position, Setup};
/// use forsyth::fen::Fen;
/// fn moves_of(record: &str) -> Result<usize, Error> {
///     let fen: Fen = record.parse()?;
///     let pos = Position::from_setup(Setup::from_fen(&fen, None)?)?;
///     Ok(pos.legal_moves().len())
/// }
/// assert_eq!(moves_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?, 20);
/// let err = moves_of("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
/// assert!(matches!(err, Error::Position(_)));
/// assert!(err.to_string().starts_with("illegal position: "));
/// # Ok::<_, Error>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A square name that does not read ([`ParseSquareError`]).
    Square(ParseSquareError),
    /// A castling right that cannot be added ([`AddCastlingError`]).
    AddCastling(AddCastlingError),
    /// Castling letters that name no right ([`SetupError`]).
    Setup(SetupError),
    /// A setup that is not a legal position
    /// ([`validate::PositionError`], boxed: it holds the setup).
    Position(Box<validate::PositionError>),
    /// A move that is not legal ([`IllegalMoveError`]).
    IllegalMove(IllegalMoveError),
    /// A FEN record that does not read ([`fen::ParseFenError`]).
    Fen(fen::ParseFenError),
    /// A FEN record that cannot be written ([`fen::WriteFenError`]).
    WriteFen(fen::WriteFenError),
    /// Castling rights an encoding cannot say
    /// ([`fen::LossyCastlingError`]).
    LossyCastling(fen::LossyCastlingError),
    /// An EPD record that does not read ([`epd::ParseEpdError`]).
    Epd(epd::ParseEpdError),
    /// A PGN syntax error ([`pgn::PgnError`]).
    Pgn(pgn::PgnError),
    /// A PGN game that does not replay ([`pgn::ReplayError`], boxed: it
    /// holds the position).
    Replay(Box<pgn::ReplayError>),
    /// SAN that does not read ([`san::ParseSanError`]).
    San(san::ParseSanError),
    /// SAN that names no legal move, or several ([`san::SanError`]).
    SanMove(san::SanError),
    /// UCI that does not read ([`uci::ParseUciError`]).
    Uci(uci::ParseUciError),
    /// UCI that names no legal move ([`uci::IllegalUciError`]).
    UciMove(uci::IllegalUciError),
    /// A notation name that does not read
    /// ([`notation::ParseNotationError`]).
    Notation(notation::ParseNotationError),
    /// A move that does not read in its notation
    /// ([`notation::ReadMoveError`]).
    ReadMove(notation::ReadMoveError),
    /// A movetext that cannot be translated
    /// ([`notation::TranslateError`]).
    Translate(notation::TranslateError),
    /// A problem statement that does not read
    /// ([`notation::ParseStatementError`]).
    Statement(notation::ParseStatementError),
    /// A move in text that is not a legal move
    /// ([`notation::ParseMoveError`]).
    ParseMove(notation::ParseMoveError),
    /// A sequence of moves that cannot be played
    /// ([`game::PlayMovesError`]).
    PlayMoves(game::PlayMovesError),
    /// Eight roles that are no Chess960 start
    /// ([`chess960::BackRankError`]).
    BackRank(chess960::BackRankError),
    /// A start number that does not read
    /// ([`chess960::ParseStartNumberError`]).
    StartNumber(chess960::ParseStartNumberError),
    /// A board that is no Chess960 start
    /// ([`chess960::StartPositionError`]).
    StartPosition(chess960::StartPositionError),
    /// A line that does not convert ([`convert::ConvertError`], boxed).
    Convert(Box<convert::ConvertError>),
    /// An EPD line that does not convert
    /// ([`convert::ConvertEpdError`], boxed).
    ConvertEpd(Box<convert::ConvertEpdError>),
    /// A problem's line that does not read
    /// ([`solve::ReadProblemError`]).
    Problem(solve::ReadProblemError),
    /// A Popeye input that does not read ([`solve::ParsePopeyeError`]).
    Popeye(solve::ParsePopeyeError),
    /// A stipulation that does not read
    /// ([`solve::ParseStipulationError`]).
    Stipulation(solve::ParseStipulationError),
    /// A search that was cancelled ([`solve::Cancelled`]).
    Cancelled(solve::Cancelled),
    /// Reading or writing failed ([`std::io::Error`]).
    Io(std::io::Error),
}

/// `Display`, `source` and `From` of [`Error`], each variant the same.
macro_rules! error_conversions {
    ($($variant:ident($ty:ty)),* ; $($boxed:ident($boxed_ty:ty)),* $(,)?) => {
        impl core::fmt::Display for Error {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    $(Error::$variant(e) => core::fmt::Display::fmt(e, f),)*
                    $(Error::$boxed(e) => core::fmt::Display::fmt(e, f),)*
                }
            }
        }

        impl std::error::Error for Error {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                match self {
                    $(Error::$variant(e) => std::error::Error::source(e),)*
                    $(Error::$boxed(e) => std::error::Error::source(&**e),)*
                }
            }
        }

        $(impl From<$ty> for Error {
            fn from(e: $ty) -> Error {
                Error::$variant(e)
            }
        })*

        $(impl From<$boxed_ty> for Error {
            fn from(e: $boxed_ty) -> Error {
                Error::$boxed(Box::new(e))
            }
        })*
    };
}

error_conversions! {
    Square(ParseSquareError),
    AddCastling(AddCastlingError),
    Setup(SetupError),
    IllegalMove(IllegalMoveError),
    Fen(fen::ParseFenError),
    WriteFen(fen::WriteFenError),
    LossyCastling(fen::LossyCastlingError),
    Epd(epd::ParseEpdError),
    Pgn(pgn::PgnError),
    San(san::ParseSanError),
    SanMove(san::SanError),
    Uci(uci::ParseUciError),
    UciMove(uci::IllegalUciError),
    Notation(notation::ParseNotationError),
    ReadMove(notation::ReadMoveError),
    Translate(notation::TranslateError),
    Statement(notation::ParseStatementError),
    ParseMove(notation::ParseMoveError),
    PlayMoves(game::PlayMovesError),
    BackRank(chess960::BackRankError),
    StartNumber(chess960::ParseStartNumberError),
    StartPosition(chess960::StartPositionError),
    Problem(solve::ReadProblemError),
    Popeye(solve::ParsePopeyeError),
    Stipulation(solve::ParseStipulationError),
    Cancelled(solve::Cancelled),
    Io(std::io::Error);
    Position(validate::PositionError),
    Replay(pgn::ReplayError),
    Convert(convert::ConvertError),
    ConvertEpd(convert::ConvertEpdError),
}

/// The README's examples, run as doctests so they never rot.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
