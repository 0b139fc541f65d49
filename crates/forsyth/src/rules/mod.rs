//! Layer 3, the rules: [`Position`](crate::Position) (a legal setup),
//! legal move generation and the quick decisions of one move's legality,
//! playing a move, why a move is illegal, validation (every problem of a
//! setup, repair), the outcome, perft, and FEN written with the rules'
//! en-passant square. The 10x8 rules stand beside them ([`capablanca`]).
//!
//! May use: layers 0 to 2 (`board`, `text`, `setup`).

pub(crate) mod capablanca;
pub(crate) mod explain;
pub(crate) mod movegen;
pub(crate) mod outcome;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod position;
pub(crate) mod safety;
pub(crate) mod validate;
pub(crate) mod writing;

pub use explain::{IllegalMoveKind, IllegalMoveReason};
pub use movegen::{IntoIter as MoveListIntoIter, MoveList};
pub use outcome::Outcome;
pub use play::IllegalMoveError;
pub use position::Position;
pub use validate::{PositionError, Repair, RepairKind, Report};
pub use writing::{write_castling, write_fen, Writer};
