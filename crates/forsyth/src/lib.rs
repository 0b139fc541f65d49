//! forsyth: chess positions in every notation, Chess960 first.
//!
//! Parse FEN, Shredder-FEN and X-FEN into one model that records each
//! castling rook by its origin file; write any of them; convert between them
//! without losing information (or say why an encoding cannot express a
//! position); number the 960 Chess960 starts. Validation ([`Report`],
//! [`Position::from_fen`], [`Position::from_setup`]) reports every problem
//! of a record at once, with stable kind names, and repairs what can be
//! dropped; `specs/validation.md` lists the problems.
//!
//! ```
//! use forsyth::{CastlingNotation, Fen, Setup};
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
//! in UCI ([`UciMove`], either castling convention) and SAN ([`San`]), and
//! tells how the game has ended ([`Outcome`]):
//!
//! ```
//! use forsyth::{CastlingMode, Fen, Position, Setup};
//! let fen = Fen::from_ascii(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
//! let pos = Position::from_setup(Setup::from_fen(&fen, None)?)?;
//! assert_eq!(pos.perft(3), 12_189);
//! let start = Position::from_setup(Setup::standard()).expect("legal");
//! let after = start.play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])?;
//! let castle = after.parse_move("e1h1")?;
//! assert_eq!(after.san(castle), "O-O");
//! assert_eq!(after.uci(castle, CastlingMode::Standard), "e1g1");
//! assert_eq!(after.outcome(), None);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod chess960;
mod color;
mod convert;
pub mod diagram;
mod epd;
mod epd_convert;
mod explain;
mod export;
mod fen;
mod game;
mod letters;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
pub mod pgn;
mod play;
mod position;
mod problem;
mod replay;
mod role;
mod san;
mod setup;
mod solve;
mod square;
mod uci;
mod validate;
mod writing;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use board::Board;
pub use castling::{AddCastlingError, CastlingRights, CastlingSide};
pub use chess960::{
    BackRankError, Chess960Start, ParseStartNumberError, ParseStartNumberErrorKind,
    StartPositionError,
};
pub use color::{ByColor, Color};
pub use convert::{convert_line, Check, ConvertError, ConvertOptions, Fault, FaultKind};
pub use epd::{Epd, EpdField, Op, Operand, Operation, ParseEpdError, ParseEpdErrorKind};
pub use epd_convert::{convert_epd_line, ConvertEpdError, ConvertEpdErrorKind};
pub use explain::{IllegalMoveKind, IllegalMoveReason};
pub use export::{Export, ExportMovetext, ExportOptions, ExportTags, ExportedGame};
pub use fen::{
    CastlingField, CastlingNotation, CastlingToken, EnPassantMode, Fen, FenField, FieldOffsets,
    LossyCastlingError, LossyCastlingReason, ParseFenError, ParseFenErrorKind, ShredderOrder,
    WriteFenError, WriteOptions,
};
pub use game::{DrawClaim, Game};
pub use letters::{Letter, Letters};
pub use movegen::{IntoIter as MoveListIntoIter, MoveList};
pub use moves::Move;
pub use notation::{
    CheckMarkers, Descriptive, Language, Notation, ParseNotationError, ParseProblemError,
    ParseProblemErrorKind, ReadMoveError, ReadMoveErrorKind, ReadMoveWarning, ReadMoveWarningKind,
    TranslateError, TranslateWarning, Translator,
};
pub use outcome::Outcome;
pub use play::{IllegalMoveError, ParseMoveError, ParseMoveErrorKind, PlayMovesError};
pub use position::Position;
pub use problem::{Problem, ProblemKind, Severity};
pub use replay::{
    variant_from_tag, MoveAt, Replay, ReplayError, ReplayErrorKind, ReplayMovetext, ReplayTags,
    ReplayWarning, ReplayWarningKind, ReplayedGame, ResultSource,
};
pub use role::{Piece, Role};
pub use san::{
    ParseSanError, ParseSanErrorKind, San, SanError, SanErrorKind, SanPlus, SanReadings, Suffix,
};
pub use setup::{Setup, SetupError, Variant};
pub use solve::{
    is_popeye_input, read_popeye, read_popeye_each, write_popeye, write_solution, Cancelled,
    ChessProblem, Key, ParsePopeyeError, ParsePopeyeErrorKind, ParseStatementError,
    ParseStatementErrorKind, ParseStipulationError, ParseStipulationErrorKind, Solution, Solver,
    Stipulation, Variation,
};
pub use square::{File, ParseSquareError, ParseSquareErrorKind, Rank, Square};
pub use uci::{CastlingMode, IllegalUciError, ParseUciError, ParseUciErrorKind, UciMove};
pub use validate::{PositionError, Repair, RepairKind, Report};
pub use writing::{write_castling, write_fen};

/// The README's examples, run as doctests so they never rot.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
