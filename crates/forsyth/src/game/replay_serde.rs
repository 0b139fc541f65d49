//! A replayed game's warnings and fault as JSON, the form reports send:
//! the kind's stable name, the sentence, and where (line, 1-based byte
//! column); a fault of a move adds the move as written, its number, the
//! side to move and the position before it (X-FEN), and the candidates of
//! an ambiguous move. Serialize only: a sentence is rendered from facts,
//! never read back.
//!
//! ```
//! use forsyth::pgn::{Reader, Replay};
//! let game = Reader::new(&b"1. e4 e5 2. Ke3 *"[..]).read_game(&mut Replay::default())?.unwrap();
//! let json = serde_json::to_string(&game.error)?;
//! assert_eq!(
//!     json,
//!     r#"{"kind":"unreachable","message":"illegal move Ke3 for white: no king can move to e3","#.to_owned()
//!         + r#""line":1,"column":13,"move":"Ke3","move_number":2,"side":"white","#
//!         + r#""fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","candidates":[]}"#
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use super::replay::{ReplayError, ReplayWarning};
use crate::text::fen::{CastlingNotation, WriteOptions};

impl Serialize for ReplayWarning {
    /// `{"kind", "message", "line", "column"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let span = self.span();
        let mut out = s.serialize_struct("ReplayWarning", 4)?;
        out.serialize_field("kind", self.kind().name())?;
        out.serialize_field("message", &format_args!("{self}"))?;
        out.serialize_field("line", &span.line)?;
        out.serialize_field("column", &span.column)?;
        out.end()
    }
}

impl Serialize for ReplayError {
    /// `{"kind", "message", "line", "column", "move", "move_number",
    /// "side", "fen", "candidates"}`, the move's keys `null` for a fault
    /// that is not a move's.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let span = self.span();
        let at = self.at();
        // Every position can be said in X-FEN.
        let fen = at.and_then(|a| {
            a.position
                .setup()
                .to_fen(&WriteOptions::new(CastlingNotation::XFen))
                .ok()
        });
        let mut out = s.serialize_struct("ReplayError", 9)?;
        out.serialize_field("kind", self.kind().name())?;
        out.serialize_field("message", &format_args!("{self}"))?;
        out.serialize_field("line", &span.line)?;
        out.serialize_field("column", &span.column)?;
        out.serialize_field("move", &at.map(|a| &a.text))?;
        out.serialize_field("move_number", &at.map(|a| a.move_number))?;
        out.serialize_field("side", &at.map(|a| a.side.name()))?;
        out.serialize_field("fen", &fen)?;
        out.serialize_field("candidates", &Candidates(self))?;
        out.end()
    }
}

/// The candidates of an ambiguous move, as SAN text.
struct Candidates<'a>(&'a ReplayError);

impl Serialize for Candidates<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let candidates = self.0.candidates();
        let mut seq = s.serialize_seq(Some(candidates.len()))?;
        for san in candidates {
            seq.serialize_element(&format_args!("{san}"))?;
        }
        seq.end()
    }
}
