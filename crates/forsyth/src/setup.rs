//! A position as meaning, not yet judged legal: castling letters resolved to
//! rooks, the variant decided.

use core::fmt;

use crate::{
    Bitboard, Board, ByColor, CastlingField, CastlingRights, CastlingSide, CastlingToken, Color,
    Fen, File, Rank, Role, Square,
};

/// The rules a position is played under.
///
/// ```
/// use forsyth::Variant;
/// assert_eq!("chess960".parse::<Variant>(), Ok(Variant::Chess960));
/// assert_eq!(Variant::Standard.to_string(), "standard");
/// let kind: &'static str = Variant::Chess960.into();
/// assert_eq!(kind, "chess960");
/// ```
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum Variant {
    /// Classical chess: castling with the king on `e` and rooks on `a`/`h`.
    #[default]
    Standard,
    /// Fischer random chess: the king between its rooks on any of 960 back ranks.
    Chess960,
}

/// Why a castling letter cannot be given a meaning on a board.
///
/// The kind names (`kind()`) are stable and used in error reports.
///
/// ```
/// use forsyth::{CastlingErrorKind, Fen, Setup, Variant};
/// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap();
/// let errors = Setup::from_fen(&fen, Some(Variant::Standard)).unwrap_err();
/// assert_eq!(errors[0].kind, CastlingErrorKind::NoCastlingRook);
/// assert_eq!(errors[0].offset, 22);
/// assert_eq!(errors[0].to_string(), "'K': white has no rook on h1 to castle with");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CastlingError {
    /// The letter that cannot be resolved.
    pub token: CastlingToken,
    /// Byte offset of the letter in the input line.
    pub offset: usize,
    /// What is wrong.
    pub kind: CastlingErrorKind,
    /// The square of the colour's king, when it has exactly one.
    pub king: Option<Square>,
    /// The square the letter points at (the expected rook square), when known.
    pub square: Option<Square>,
}

/// What is wrong with a castling letter. See [`CastlingError`].
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
pub enum CastlingErrorKind {
    /// The colour has no king, or more than one.
    NoSingleKing,
    /// The colour's king is not on its back rank.
    KingNotOnBackRank,
    /// Standard chess: the king is not on the `e` file.
    KingNotOnEFile,
    /// Standard chess: a file letter other than `a`/`h` (`A`/`H`).
    NotAStandardRookFile,
    /// No rook of the colour stands where the letter points.
    NoCastlingRook,
    /// Two letters give the colour rights on the same wing.
    TwoRightsOnOneWing,
}

impl CastlingErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::CastlingErrorKind;
    /// assert_eq!(CastlingErrorKind::TwoRightsOnOneWing.name(), "two_rights_on_one_wing");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.token.color().name();
        write!(f, "'{}': ", self.token.char())?;
        match self.kind {
            CastlingErrorKind::NoSingleKing => {
                write!(f, "{color} has no single king to castle with")
            }
            CastlingErrorKind::KingNotOnBackRank => match self.king {
                Some(k) => write!(f, "the {color} king on {k} is not on its back rank"),
                None => write!(f, "the {color} king is not on its back rank"),
            },
            CastlingErrorKind::KingNotOnEFile => match self.king {
                Some(k) => write!(
                    f,
                    "in standard chess the {color} king must stand on the e file to castle, not on {k} (use --variant chess960)"
                ),
                None => write!(f, "in standard chess the {color} king must stand on the e file"),
            },
            CastlingErrorKind::NotAStandardRookFile => write!(
                f,
                "in standard chess only the a and h rooks castle (use --variant chess960)"
            ),
            CastlingErrorKind::NoCastlingRook => match (self.square, self.token) {
                (Some(sq), _) => write!(f, "{color} has no rook on {sq} to castle with"),
                (None, CastlingToken::King(_)) => {
                    write!(f, "{color} has no rook on the king side of its king")
                }
                (None, _) => write!(f, "{color} has no rook on the queen side of its king"),
            },
            CastlingErrorKind::TwoRightsOnOneWing => {
                write!(f, "{color} already has a castling right on this wing")
            }
        }
    }
}

impl std::error::Error for CastlingError {}

/// A position with meaning but not (necessarily) legal: the board, the side
/// to move, castling rights as rook files, the en-passant square, clocks and
/// variant.
///
/// Every right in a `Setup` names a rook of its colour on its back rank with
/// the king between the rook and the other wing, at most one per wing; that is
/// what [`Setup::from_fen`] checks. Everything else (kings in check, pawns on
/// the back rank, ...) is for validation.
///
/// Its [`Display`](fmt::Display) writes X-FEN, which can say every setup.
///
/// ```
/// use forsyth::{Fen, Setup, Variant};
/// let fen = Fen::from_ascii(b"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1").unwrap();
/// let setup = Setup::from_fen(&fen, None).unwrap();
/// assert_eq!(setup.variant, Variant::Chess960);
/// assert_eq!(setup.to_string(), "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Halfmove clock: plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// Fullmove number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
    /// The rules.
    pub variant: Variant,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}

impl Setup {
    /// The classical starting position.
    ///
    /// ```
    /// use forsyth::Setup;
    /// assert_eq!(Setup::standard().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::standard(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant: Variant::Standard,
        }
    }

    /// Gives a parsed record meaning: resolves the castling letters to rooks
    /// under `variant`, or, with `None`, under `Standard` when the position
    /// fits it and `Chess960` otherwise.
    ///
    /// On failure, every letter that cannot be resolved is reported. With
    /// `None`, when the letters fit neither variant, the errors are those of
    /// the variant with fewer bad letters; on a tie, `Chess960` when the
    /// field holds a file letter (`A`-`H`, `a`-`h`), else `Standard`.
    /// [`Report::of_fen`](crate::Report::of_fen) picks the same way.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Color, Fen, File, Setup, Variant};
    /// // X-FEN: `Q` is the outermost queen-side rook, `G` an inner king-side rook.
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/RR2K1RR w GQ - 0 1").unwrap();
    /// let setup = Setup::from_fen(&fen, None).unwrap();
    /// assert_eq!(setup.variant, Variant::Chess960);
    /// assert_eq!(setup.castling.rook(Color::White, CastlingSide::KingSide), Some(File::G));
    /// assert_eq!(setup.castling.rook(Color::White, CastlingSide::QueenSide), Some(File::A));
    /// ```
    pub fn from_fen(fen: &Fen, variant: Option<Variant>) -> Result<Setup, Vec<CastlingError>> {
        let (setup, errors) = resolve_fen(fen, variant);
        if errors.is_empty() {
            Ok(setup)
        } else {
            Err(errors)
        }
    }

    /// The variant this setup's castling rights fit best: `Standard` when
    /// every right has its king on `e` and its rook on `a`/`h`, else
    /// `Chess960`.
    ///
    /// ```
    /// use forsyth::{Setup, Variant};
    /// assert_eq!(Setup::standard().natural_variant(), Variant::Standard);
    /// ```
    pub fn natural_variant(&self) -> Variant {
        let standard = self.castling.iter().all(|(color, side, file)| {
            self.castling.king_file(color) == Some(File::E) && file == side.fold(File::H, File::A)
        });
        if standard {
            Variant::Standard
        } else {
            Variant::Chess960
        }
    }

    /// The setup seen from the other side: board mirrored top to bottom,
    /// colours swapped. Useful for symmetry tests.
    ///
    /// ```
    /// use forsyth::Setup;
    /// let s = Setup::standard();
    /// let mut m = s.mirror();
    /// m.turn = s.turn;
    /// assert_eq!(m, s);
    /// ```
    pub fn mirror(&self) -> Setup {
        let mut board = Board::empty();
        for (sq, piece) in self.board.pieces() {
            board.set_piece_at(sq.flip_vertical(), piece.role.of(!piece.color));
        }
        let mut castling = CastlingRights::none();
        for (color, _, file) in self.castling.iter() {
            if let Some(king) = self.castling.king_file(color) {
                let _ = castling.add(!color, king, file);
            }
        }
        Setup {
            board,
            turn: !self.turn,
            castling,
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            variant: self.variant,
        }
    }
}

impl CastlingSide {
    /// Picks `king_side` for the king side and `queen_side` for the queen side.
    ///
    /// ```
    /// use forsyth::CastlingSide;
    /// assert_eq!(CastlingSide::QueenSide.fold('K', 'Q'), 'Q');
    /// ```
    pub fn fold<T>(self, king_side: T, queen_side: T) -> T {
        match self {
            CastlingSide::KingSide => king_side,
            CastlingSide::QueenSide => queen_side,
        }
    }
}

/// Gives a record meaning under `variant` (`None`: the automatic choice),
/// keeping the rights that resolve and reporting every letter that does not
/// ([`Setup::from_fen`] fails on those; validation reports them together
/// with the board's problems).
///
/// The automatic choice is `Standard` when every letter resolves under it,
/// else `Chess960`; when neither fits, the variant with fewer bad letters,
/// and on a tie `Chess960` if a file letter was written (as Shredder-FEN and
/// X-FEN inner rooks write), else `Standard`.
pub(crate) fn resolve_fen(fen: &Fen, variant: Option<Variant>) -> (Setup, Vec<CastlingError>) {
    let resolve = |v| {
        let mut errors = Vec::new();
        let rights = resolve_with(
            &fen.board,
            &fen.castling,
            fen.offsets.castling,
            v,
            &mut |e| errors.push(e),
        );
        (v, rights, errors)
    };
    let (variant, castling, errors) = match variant {
        Some(v) => resolve(v),
        None => {
            // Counting the standard reading's bad letters first keeps the
            // common Chess960 record free of allocation.
            let mut standard_bad = 0;
            let rights = resolve_with(
                &fen.board,
                &fen.castling,
                fen.offsets.castling,
                Variant::Standard,
                &mut |_| standard_bad += 1,
            );
            if standard_bad == 0 {
                (Variant::Standard, rights, Vec::new())
            } else {
                let chess960 = resolve(Variant::Chess960);
                let file_letter = fen
                    .castling
                    .iter()
                    .any(|(_, token)| matches!(token, CastlingToken::File(..)));
                let chess960_likelier = match chess960.2.len().cmp(&standard_bad) {
                    core::cmp::Ordering::Less => true,
                    core::cmp::Ordering::Equal => file_letter,
                    core::cmp::Ordering::Greater => false,
                };
                if chess960_likelier {
                    chess960
                } else {
                    resolve(Variant::Standard)
                }
            }
        }
    };
    let setup = Setup {
        board: fen.board.clone(),
        turn: fen.turn,
        castling,
        ep_square: fen.ep_square,
        halfmoves: fen.halfmoves,
        fullmoves: fen.fullmoves,
        variant,
    };
    (setup, errors)
}

/// Resolves the letters it can, handing each error to `error`.
fn resolve_with(
    board: &Board,
    field: &CastlingField,
    field_offset: usize,
    variant: Variant,
    error: &mut dyn FnMut(CastlingError),
) -> CastlingRights {
    let mut rights = CastlingRights::none();
    if field.is_empty() {
        return rights;
    }
    let kings = ByColor::new_with(|c| board.by_piece(Role::King.of(c)).single_square());
    let rooks = ByColor::new_with(|c| {
        board.by_piece(Role::Rook.of(c)) & Bitboard::from_rank(Rank::back_rank(c))
    });
    // Which wings a letter has already claimed, per colour.
    let mut claimed = [[false; 2]; 2];
    for (index, token) in field.iter() {
        let color = token.color();
        let back = Rank::back_rank(color);
        let king = *kings.get(color);
        let mut report = |kind, square| {
            error(CastlingError {
                token,
                offset: field_offset + index,
                kind,
                king,
                square,
            })
        };
        let Some(king) = king else {
            report(CastlingErrorKind::NoSingleKing, None);
            continue;
        };
        if king.rank() != back {
            report(CastlingErrorKind::KingNotOnBackRank, None);
            continue;
        }
        if variant == Variant::Standard && king.file() != File::E {
            report(CastlingErrorKind::KingNotOnEFile, None);
            continue;
        }
        let rooks = *rooks.get(color);
        let rook_file = match (variant, token) {
            (Variant::Standard, CastlingToken::King(_)) => Some(File::H),
            (Variant::Standard, CastlingToken::Queen(_)) => Some(File::A),
            (Variant::Standard, CastlingToken::File(_, f)) => {
                if f != File::A && f != File::H {
                    report(
                        CastlingErrorKind::NotAStandardRookFile,
                        Some(Square::from_coords(f, back)),
                    );
                    continue;
                }
                Some(f)
            }
            // Shifting twice keeps the shift below 64 for a king on h8.
            (Variant::Chess960, CastlingToken::King(_)) => (rooks
                & Bitboard::from_bits((!0u64 << king.index()) << 1))
            .last()
            .map(Square::file),
            (Variant::Chess960, CastlingToken::Queen(_)) => (rooks
                & Bitboard::from_bits((1u64 << king.index()) - 1))
            .first()
            .map(Square::file),
            (Variant::Chess960, CastlingToken::File(_, f)) => Some(f),
        };
        let Some(rook_file) = rook_file else {
            report(CastlingErrorKind::NoCastlingRook, None);
            continue;
        };
        let rook_sq = Square::from_coords(rook_file, back);
        let Some(side) = CastlingSide::of_rook(king.file(), rook_file) else {
            report(CastlingErrorKind::NoCastlingRook, Some(rook_sq));
            continue;
        };
        if !rooks.contains(rook_sq) {
            report(CastlingErrorKind::NoCastlingRook, Some(rook_sq));
            continue;
        }
        let wing = &mut claimed[color.index()][side.index()];
        if *wing {
            report(CastlingErrorKind::TwoRightsOnOneWing, Some(rook_sq));
            continue;
        }
        *wing = true;
        // Cannot fail: one king per colour, one rook per wing, rook off the king's file.
        let _ = rights.add(color, king.file(), rook_file);
    }
    rights
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `k` with the black king on h8 shifted a mask by 64 bits
    /// (found by the validation property tests).
    #[test]
    fn king_side_letter_with_king_on_h8() {
        let fen = Fen::from_ascii(b"7k/8/8/8/8/8/8/K7 w k - 0 1").unwrap();
        let errors = Setup::from_fen(&fen, Some(Variant::Chess960)).unwrap_err();
        assert_eq!(errors[0].kind, CastlingErrorKind::NoCastlingRook);
        let fen = Fen::from_ascii(b"r6k/8/8/8/8/8/8/K7 w q - 0 1").unwrap();
        let setup = Setup::from_fen(&fen, Some(Variant::Chess960)).unwrap();
        assert_eq!(
            setup.castling.rook(Color::Black, CastlingSide::QueenSide),
            Some(File::A)
        );
    }
}
