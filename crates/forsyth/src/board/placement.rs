//! The FEN piece placement field of a board, rank 8 first, in English
//! letters: written for one board, or for boards one after another
//! ([`PlacementMemo`], which writes again only the ranks that changed).

use core::fmt;

use super::{Bitboard, Board, Color, Role};

/// Letter of `role + 1 + 8 * black` (the pieces' own letters).
const LETTERS: [u8; 16] = {
    let mut letters = *b"????????????????";
    let mut i = 0;
    while i < Role::ALL.len() {
        let role = Role::ALL[i];
        letters[i + 1] = role.of(Color::White).as_str().as_bytes()[0];
        letters[i + 9] = role.of(Color::Black).as_str().as_bytes()[0];
        i += 1;
    }
    letters
};

/// The words a placement is written from: the occupied squares, then three
/// planes whose bits at a square spell `role + 1`, then Black's pieces.
#[inline]
fn words(board: &Board) -> [u64; 5] {
    let [pawns, knights, bishops, rooks, queens, kings] = board.by_role.map(Bitboard::bits);
    [
        board.occupied.bits(),
        pawns | bishops | queens,
        knights | bishops | kings,
        rooks | queens | kings,
        board.by_color[1].bits(),
    ]
}

/// Writes one rank of the placement (`rank` 0 to 7, no slash) into `buf`
/// from `at`, returning the new end; `buf` must have room for 8 more bytes
/// and one to spare.
///
/// It walks the occupied squares of the rank rather than all eight, without
/// a branch per piece: the rank's letters are found at once (each square's
/// `role + 1` and colour spread from the words into one byte per square),
/// and the digit of the empty squares before a piece is always stored and
/// kept only when there are some.
#[inline(always)]
fn write_rank(words: &[u64; 5], rank: u32, buf: &mut [u8], at: usize) -> usize {
    /// Bit `f` of a byte to byte `f` of a word (0 or 1).
    #[inline(always)]
    fn spread(byte: u64) -> u64 {
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let m = (byte * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        (((m & !HIGH) + !HIGH) | m) & HIGH
    }
    let shift = rank * 8;
    // Byte f: the letter index of file f (bits 7, 8, 9, 10 of the spread
    // words hold the planes).
    let codes = words[1..].iter().enumerate().fold(0, |acc, (i, p)| {
        acc | (spread((p >> shift) & 0xff) >> (7 - i))
    });
    let mut row = (words[0] >> shift) & 0xff;
    let mut n = at;
    let mut file = 0u32;
    while row != 0 {
        let f = row.trailing_zeros();
        buf[n] = b'0' + (f - file) as u8;
        n += usize::from(f > file);
        buf[n] = LETTERS[((codes >> (8 * f)) & 0xf) as usize];
        n += 1;
        file = f + 1;
        row &= row - 1;
    }
    buf[n] = b'0' + (8 - file) as u8;
    n + usize::from(file < 8)
}

impl Board {
    /// The length of the placement field [`Board::placement_bytes`] writes:
    /// a letter per piece, a slash between ranks and one digit per run of
    /// empty squares in a rank. A field of the same board written with more
    /// bytes splits some run over two digits.
    #[inline]
    pub(crate) fn placement_len(&self) -> usize {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        let occupied = self.occupied.bits();
        let empty = !occupied;
        // An empty square whose west neighbour on its rank is not empty.
        let run_starts = empty & !((empty << 1) & !FILE_A);
        // The two sets are apart: one count for both.
        7 + (occupied | run_starts).count_ones() as usize
    }

    /// Appends the FEN piece placement field (rank 8 first, English letters)
    /// to `buf` from `at`, returning the new end; `buf` must have room for 71
    /// more bytes (the longest field) and one to spare.
    #[inline]
    pub(crate) fn placement_bytes(&self, buf: &mut [u8], at: usize) -> usize {
        let words = words(self);
        let mut n = at;
        for rank in (0..8u32).rev() {
            n = write_rank(&words, rank, buf, n);
            buf[n] = b'/';
            n += usize::from(rank > 0);
        }
        n
    }

    /// Writes the FEN piece placement field (rank 8 first) into `out`, in
    /// English letters.
    ///
    /// ```
    /// use forsyth::Board;
    /// let mut s = String::new();
    /// Board::empty().write_placement(&mut s)?;
    /// assert_eq!(s, "8/8/8/8/8/8/8/8");
    /// # Ok::<_, std::fmt::Error>(())
    /// ```
    pub fn write_placement<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        // The fast path: one ASCII byte per letter, the whole field built in
        // a buffer and written at once. `write_placement_with` (in the text
        // layer, with the letters) is the same walk for any letters, kept
        // apart on purpose (measured).
        let mut buf = [0u8; 72];
        let n = self.placement_bytes(&mut buf, 0);
        // Only ASCII letters, digits and '/' were written.
        out.write_str(core::str::from_utf8(&buf[..n]).unwrap_or_default())
    }
}

/// The placement fields of boards written one after another, as
/// [`Board::placement_bytes`] writes them, each rank's text kept from the
/// board before and made again only when the rank changed: the positions
/// of a game, one move apart, differ in one to three ranks.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlacementMemo {
    /// The words of the board before; `None` before the first.
    last: Option<[u64; 5]>,
    /// Each rank's text (rank 1 first), room to spare after it.
    texts: [[u8; 9]; 8],
    lens: [u8; 8],
}

impl PlacementMemo {
    /// A memo of no board yet.
    pub(crate) fn new() -> PlacementMemo {
        PlacementMemo::default()
    }

    /// [`Board::placement_bytes`] for `board`: the same bytes, the same
    /// room needed in `buf` (71 bytes and 8 to spare).
    #[inline]
    pub(crate) fn write(&mut self, board: &Board, buf: &mut [u8], at: usize) -> usize {
        let words = words(board);
        // Byte r is not 0 where rank r changed.
        let changed = match self.last {
            Some(last) => (0..5).fold(0, |acc, i| acc | (last[i] ^ words[i])),
            None => u64::MAX,
        };
        self.last = Some(words);
        let mut n = at;
        for rank in (0..8u32).rev() {
            let r = rank as usize;
            if (changed >> (rank * 8)) & 0xff != 0 {
                self.lens[r] = write_rank(&words, rank, &mut self.texts[r], 0) as u8;
            }
            // The whole room is copied (one store); the length tells where
            // the field goes on.
            buf[n..n + 8].copy_from_slice(&self.texts[r][..8]);
            n += usize::from(self.lens[r]);
            buf[n] = b'/';
            n += usize::from(rank > 0);
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use proptest::prelude::*;

    /// The placement field by its definition: per rank, from a8, each
    /// piece's letter, each run of empty squares as its length.
    fn by_definition(board: &Board) -> String {
        let mut field = String::new();
        for rank in (0..8u32).rev() {
            let mut empty = 0;
            for file in 0..8u32 {
                match board.piece_at(Square::new_wrapping(rank * 8 + file)) {
                    Some(piece) => {
                        if empty > 0 {
                            field.push_str(&empty.to_string());
                            empty = 0;
                        }
                        field.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                field.push_str(&empty.to_string());
            }
            if rank > 0 {
                field.push('/');
            }
        }
        field
    }

    fn arb_board() -> impl Strategy<Value = Board> {
        let square = prop::option::weighted(0.5, (0..6usize, any::<bool>()));
        prop::collection::vec(square, 64).prop_map(|squares| {
            let mut board = Board::empty();
            for (i, sq) in squares.into_iter().enumerate() {
                if let Some((role, black)) = sq {
                    let color = if black { Color::Black } else { Color::White };
                    board.set_piece_at(Square::new_wrapping(i as u32), Role::ALL[role].of(color));
                }
            }
            board
        })
    }

    /// A board one change from another: a piece put on, taken off or
    /// replaced on a few squares, as moves do.
    fn changed(board: &Board, changes: &[(u32, Option<(usize, bool)>)]) -> Board {
        let mut next = board.clone();
        for &(sq, piece) in changes {
            let sq = Square::new_wrapping(sq);
            next.remove_piece_at(sq);
            if let Some((role, black)) = piece {
                let color = if black { Color::Black } else { Color::White };
                next.set_piece_at(sq, Role::ALL[role].of(color));
            }
        }
        next
    }

    proptest! {
        #[test]
        fn placement_bytes_writes_the_field_as_defined(board in arb_board()) {
            let mut buf = [0u8; 80];
            let n = board.placement_bytes(&mut buf, 0);
            prop_assert_eq!(core::str::from_utf8(&buf[..n]).unwrap(), by_definition(&board));
            prop_assert_eq!(n, board.placement_len());
        }

        /// Boards one after another, each a few squares from the one
        /// before (or any board), through one memo: every field as
        /// defined.
        #[test]
        fn the_memo_writes_each_field_as_defined(
            first in arb_board(),
            steps in prop::collection::vec(
                prop_oneof![
                    4 => prop::collection::vec(
                        (0..64u32, prop::option::of((0..6usize, any::<bool>()))), 0..4
                    ).prop_map(Ok),
                    1 => arb_board().prop_map(Err),
                ],
                1..40,
            ),
        ) {
            let mut memo = PlacementMemo::new();
            let mut board = first;
            let mut buf = [0u8; 96];
            for step in steps {
                let n = memo.write(&board, &mut buf, 3);
                prop_assert_eq!(core::str::from_utf8(&buf[3..n]).unwrap(), by_definition(&board));
                board = match step {
                    Ok(changes) => changed(&board, &changes),
                    Err(other) => other,
                };
            }
        }
    }
}
