//! PGN syntax: a streaming reader of game collections, bytes in, events
//! out to a [`Visitor`], in bounded memory whatever the size of the input.
//!
//! This layer reads the *syntax* of PGN (export and import format): tag
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

mod collect;
mod error;
mod event;
mod lexer;
mod reader;
mod writer;

pub use collect::{Collect, CollectedGame, Event};
pub use error::{PgnError, PgnErrorKind};
pub use event::{
    Comment, CommentStyle, EscapeLine, GameResult, GameStart, MoveNumber, MoveToken, Nag, Span,
    Tag, TagValue,
};
pub use reader::{Reader, ReaderPosition, Skip, Visitor};
pub use writer::{write_tags, MovetextWriter, SEVEN_TAG_ROSTER};
