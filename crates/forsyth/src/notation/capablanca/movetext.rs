//! Movetext of the 10x8 board: the board the [`Translator`] plays on
//! beside the 8x8 one.

use super::{san_letters, Unsupported};
use crate::board::capablanca::{Move, Square};
use crate::board::Color;
use crate::notation::movetext::sealed::Sealed;
use crate::notation::{
    CheckMarkers, MovetextPosition, Notation, ReadMoveError, ReadMoveErrorKind, ReadMoveWarning,
    Translator,
};
use crate::rules::capablanca::Position;
use crate::setup::capablanca::Setup;
use crate::uci::CastlingMode;

impl Sealed for Position {}

impl MovetextPosition for Position {
    type Move = Move;
    type Square = Square;

    fn fullmoves(&self) -> u32 {
        self.setup().fullmoves
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn read_in(
        &self,
        from: Notation,
        text: &str,
        _: CheckMarkers,
    ) -> Result<(Self::Move, Option<ReadMoveWarning>), ReadMoveError<Square>> {
        use super::ReadMoveErrorKind as Ten;
        let e = match self.read_move(text, Some(from)) {
            Ok(m) => return Ok((m, None)),
            Err(e) => e,
        };
        let (kind, candidates, reason) = match e.kind {
            Ten::Illegal(reason) => (ReadMoveErrorKind::Illegal, Vec::new(), Some(reason)),
            // `e.p.` on a move that is no en-passant capture: no legal
            // move fits the text.
            Ten::NotEnPassant => (ReadMoveErrorKind::Illegal, Vec::new(), None),
            Ten::Ambiguous(c) => (ReadMoveErrorKind::Ambiguous, c, None),
            // A translator of the 10x8 board is only made for notations
            // that name its moves.
            Ten::Syntax | Ten::Unsupported(_) => (ReadMoveErrorKind::Unreadable, Vec::new(), None),
        };
        Err(ReadMoveError {
            text: e.text,
            notation: from,
            turn: e.turn,
            kind,
            candidates,
            reason,
            if_checks_marked: None,
        })
    }

    fn play_legal(&mut self, m: Self::Move) {
        self.play_unchecked(m);
    }

    fn write_in(&self, m: Self::Move, _: &Self, to: Notation, out: &mut String) {
        // UCI castling in the variant's convention: king takes rook in
        // CRC, the king's two-square step in Capablanca and Gothic chess.
        let mode = if self.variant().is_random() {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        // A translator of the 10x8 board is only made for notations that
        // name its moves.
        if let Ok(text) = self.write_move(m, to, mode) {
            out.push_str(&text);
        }
    }

    fn tag_start(&self, fen: &str) -> Option<Self> {
        let setup = Setup::from_fen(fen, Some(self.variant())).ok()?;
        Position::from_setup(setup).ok()
    }
}

impl Translator<Position> {
    /// A translator of 10x8 movetext from `from` to `to`, starting at
    /// `start`; or why one of the notations cannot name the moves of the
    /// 10x8 board (descriptive notation, a language whose letters are
    /// taken or has no files `i` and `j`).
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// use forsyth::notation::{Descriptive, Language, Notation, Translator};
    /// let san = Notation::San(Language::English);
    /// let mut t = Translator::ten(Position::capablanca(), san, Notation::Uci)?;
    /// let mut out = String::new();
    /// t.translate("1.e4 e5 2.Ad3 Nc6 (2...Ci6) 3.Ci3 *", &mut out)?;
    /// assert_eq!(out, "1.e2e4 e7e5 2.c1d3 b8c6 (2...h8i6) 3.h1i3 *");
    /// let descriptive = Notation::Descriptive(Descriptive::English);
    /// assert!(Translator::ten(Position::capablanca(), san, descriptive).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn ten(
        start: Position,
        from: Notation,
        to: Notation,
    ) -> Result<Translator<Position>, Unsupported> {
        san_letters(from)?;
        san_letters(to)?;
        Ok(Translator::on(start, from, to))
    }
}
