//! PGN syntax: the streaming lexer (`lexer`, one function per rule of
//! `specs/pgn.md`), the reader that hands events to a [`Visitor`]
//! (`reader`), the events (`event`) and errors (`error`), a visitor that
//! collects a game (`collect`), a game's tag pairs (`tag_list`), and the
//! writer of tags and movetext (`writer`). Moves are text here; the
//! rules are the games' layer's. The public face, with what the reader
//! accepts beyond the export format, is [`crate::pgn`].

mod collect;
mod error;
mod event;
mod lexer;
mod reader;
mod tag_list;
mod writer;

pub use collect::{Collect, CollectedGame, Event};
pub use error::{PgnError, PgnErrorKind};
pub use event::{
    Comment, CommentStyle, EscapeLine, GameResult, GameStart, MoveNumber, MoveToken, Nag, Span,
    Tag, TagValue,
};
pub use reader::{Reader, ReaderPosition, Skip, Visitor};
pub use tag_list::TagList;
pub use writer::{write_tags, MovetextWriter, Unreplayed, SEVEN_TAG_ROSTER};
