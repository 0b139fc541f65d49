//! The tokens of PGN, read from a fixed buffer refilled from any
//! [`Read`]: a token borrows from the buffer, so memory stays bounded
//! whatever the size of the input. Each function below is one rule of the
//! grammar in `specs/pgn.md`.

use std::io::{self, Read};
use std::ops::{ControlFlow, Deref};

use super::{GameResult, PgnErrorKind, Span};
use crate::text::BOM;

/// One token and nothing more: the reader gives it meaning.
#[derive(Debug)]
pub(crate) enum Tok<'a> {
    Tag { name: &'a str, value: &'a str },
    Comment(&'a str),
    LineComment(&'a str),
    Escape(&'a str),
    Open,
    Close,
    Nag(u8),
    Suffix(u8),
    Number { number: u32, dots: usize },
    Result(GameResult),
    Move(&'a str),
    Error(PgnErrorKind),
}

/// The common tokens of movetext that [`Lexer::movetext_token`] reads on
/// its fast path: the [`Tok`] variants of the same names, and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunTok<'a> {
    Comment(&'a str),
    Open,
    Close,
    Nag(u8),
    Suffix(u8),
    Number { number: u32, dots: usize },
    Move(&'a str),
    Error(PgnErrorKind),
}

impl<'a> From<RunTok<'a>> for Tok<'a> {
    fn from(tok: RunTok<'a>) -> Tok<'a> {
        match tok {
            RunTok::Comment(text) => Tok::Comment(text),
            RunTok::Open => Tok::Open,
            RunTok::Close => Tok::Close,
            RunTok::Nag(value) => Tok::Nag(value),
            RunTok::Suffix(value) => Tok::Suffix(value),
            RunTok::Number { number, dots } => Tok::Number { number, dots },
            RunTok::Move(text) => Tok::Move(text),
            RunTok::Error(kind) => Tok::Error(kind),
        }
    }
}

/// Where a search for a byte stopped.
enum Stop {
    /// At this index (relative to the token start).
    At(usize),
    /// End of input after this many bytes.
    Eof(usize),
    /// The buffer is full and holds no such byte.
    Full,
}

/// Space, tab, line feed, carriage return, vertical tab, form feed.
pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A control byte that is not white space.
pub(crate) const fn is_control(b: u8) -> bool {
    (b < 0x20 && !is_space(b)) || b == 0x7f
}

/// A byte that ends a move token.
const fn delimits(b: u8) -> bool {
    is_space(b)
        || is_control(b)
        || matches!(
            b,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'!' | b'?' | b'"' | b'*'
        )
}

/// [`delimits`] as a table: the hot loop of the reader.
const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = delimits(b as u8);
        b += 1;
    }
    table
};

/// The classes of a byte that the movetext loop ([`Lexer::movetext_run`])
/// tells apart by a table.
/// White space first: one comparison tells it from the rest.
const SPACE: u8 = 0;
const NEWLINE: u8 = 1;
const LETTER: u8 = 2;
const DIGIT: u8 = 3;
const BRACE: u8 = 4;
const OTHER: u8 = 5;

/// Each byte's class: white space as [`Lexer::peek`] skips it, the first
/// bytes of the tokens [`Lexer::movetext_token`] reads.
const CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = match c {
            b'\n' => NEWLINE,
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => SPACE,
            b'a'..=b'z' | b'A'..=b'Z' => LETTER,
            b'0'..=b'9' => DIGIT,
            b'{' => BRACE,
            _ => OTHER,
        };
        b += 1;
    }
    table
};

/// The bytes of a tag name: letters, digits and `_`.
const TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// The bytes that end a tag value of the common shape: its closing quote,
/// or a backslash or a line feed, which the full reading takes.
const VALUE_END: [bool; 256] = {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'\n' as usize] = true;
    table
};

/// A byte that ends a move token.
pub(crate) fn is_delimiter(b: u8) -> bool {
    DELIMITERS[usize::from(b)]
}

/// The lexer's bytes. Valid UTF-8 (nearly every input) is kept as a
/// `String`, checked once when read: a token's text is then a slice of
/// it, not checked again. Other input is kept as bytes, each token's text
/// checked on its own.
struct Buffer {
    text: String,
    bytes: Vec<u8>,
    /// Whether the bytes are in `text`.
    utf8: bool,
    capacity: usize,
}

impl Deref for Buffer {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        if self.utf8 {
            self.text.as_bytes()
        } else {
            &self.bytes
        }
    }
}

impl Buffer {
    fn new(capacity: usize) -> Buffer {
        Buffer {
            text: String::new(),
            bytes: Vec::new(),
            utf8: true,
            capacity,
        }
    }

    /// The bytes `start..end` as text, or the index (from `start`) of the
    /// first byte that is not UTF-8, as [`core::str::from_utf8`] says.
    fn str(&self, start: usize, end: usize) -> Result<&str, usize> {
        if self.utf8 {
            if let Some(text) = self.text.get(start..end) {
                return Ok(text);
            }
        }
        core::str::from_utf8(&self[start..end]).map_err(|e| e.valid_up_to())
    }

    /// Moves the bytes `start..end` to the front and reads more after
    /// them: how many (0 at the end of input). The buffer then holds the
    /// bytes kept and read, whatever the outcome.
    fn refill(&mut self, inner: &mut impl Read, start: usize, end: usize) -> io::Result<usize> {
        let mut bytes = if self.utf8 {
            std::mem::take(&mut self.text).into_bytes()
        } else {
            std::mem::take(&mut self.bytes)
        };
        bytes.copy_within(start..end, 0);
        let kept = end - start;
        bytes.resize(self.capacity, 0);
        let read = loop {
            match inner.read(&mut bytes[kept..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => break read,
            }
        };
        bytes.truncate(kept + read.as_ref().map_or(0, |n| *n));
        match String::from_utf8(bytes) {
            Ok(text) => {
                self.text = text;
                self.utf8 = true;
            }
            Err(e) => {
                self.bytes = e.into_bytes();
                self.utf8 = false;
            }
        }
        read
    }
}

/// The search for a brace comment's end and the line feeds before it:
/// the first `}` or line feed. Set up once per lexer where the processor
/// has AVX2, where `memchr2` would set its search up again at each call
/// (most comments are short: the setup is a good part of the search).
#[derive(Clone, Copy)]
struct CommentEnd {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::Two>,
}

impl CommentEnd {
    fn new() -> CommentEnd {
        CommentEnd {
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::Two::new(b'}', b'\n'),
        }
    }

    /// The index of the first `}` or line feed in `bytes`.
    #[inline(always)]
    fn find(&self, bytes: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(two) = &self.avx2 {
            return two.find(bytes);
        }
        memchr::memchr2(b'}', b'\n', bytes)
    }
}

pub(crate) struct Lexer<R> {
    inner: R,
    buf: Buffer,
    comment_end: CommentEnd,
    start: usize,
    end: usize,
    eof: bool,
    /// Absolute offset of `buf[start]`.
    offset: u64,
    line: u64,
    /// Absolute offset of the current line's first byte.
    line_start: u64,
    /// A token ran into the end of input (a comment not closed).
    cut: bool,
}

impl<R: Read> Lexer<R> {
    pub(crate) fn new(inner: R, capacity: usize) -> Lexer<R> {
        Lexer {
            inner,
            buf: Buffer::new(capacity.max(1)),
            comment_end: CommentEnd::new(),
            start: 0,
            end: 0,
            eof: false,
            offset: 0,
            line: 1,
            line_start: 0,
            cut: false,
        }
    }

    /// Whether a token ran into the end of input: more input would have
    /// made it longer.
    pub(crate) fn cut(&self) -> bool {
        self.cut
    }

    /// The offset of the next unread byte, its line and its line's start.
    pub(crate) fn position(&self) -> (u64, u64, u64) {
        (self.offset, self.line, self.line_start)
    }

    /// Counts on from a position of an input this one is the rest of.
    pub(crate) fn resume(&mut self, offset: u64, line: u64, line_start: u64) {
        self.offset = offset;
        self.line = line;
        self.line_start = line_start;
    }

    pub(crate) fn into_inner(self) -> R {
        self.inner
    }

    /// A span starting here, `len` bytes long.
    fn span(&self, len: usize) -> Span {
        Span {
            offset: self.offset,
            line: self.line,
            column: self.offset - self.line_start + 1,
            len,
        }
    }

    /// An empty span here.
    pub(crate) fn here(&self) -> Span {
        self.span(0)
    }

    /// Reads more bytes after moving the unread ones to the front. `false`
    /// at the end of input or when the buffer is full.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start == 0 && self.end == self.buf.capacity {
            return Ok(false);
        }
        let read = self.buf.refill(&mut self.inner, self.start, self.end);
        self.end -= self.start;
        self.start = 0;
        match read? {
            0 => {
                self.eof = true;
                Ok(false)
            }
            n => {
                self.end += n;
                Ok(true)
            }
        }
    }

    /// Consumes `n` bytes, counting lines.
    fn advance(&mut self, n: usize) {
        let bytes = &self.buf[self.start..self.start + n];
        // A short token (most comments) is looked through directly; a long
        // one with memchr.
        let last = if n < 64 {
            bytes.iter().rposition(|&b| b == b'\n')
        } else {
            memchr::memrchr(b'\n', bytes)
        };
        if let Some(last) = last {
            self.line += memchr::memchr_iter(b'\n', bytes).count() as u64;
            self.line_start = self.offset + last as u64 + 1;
        }
        self.advance_in_line(n);
    }

    /// Consumes `n` bytes that hold no line feed.
    fn advance_in_line(&mut self, n: usize) {
        self.start += n;
        self.offset += n as u64;
    }

    /// The first index at or after `from` (relative to the unread bytes)
    /// whose byte satisfies `pred`, reading as needed.
    fn find(&mut self, from: usize, pred: impl Fn(u8) -> bool) -> io::Result<Stop> {
        self.search(from, |s| s.iter().position(|&b| pred(b)))
    }

    /// The first index at or after `from` (relative to the unread bytes)
    /// holding `byte`, reading as needed: [`Lexer::find`] for one byte.
    fn find_byte(&mut self, from: usize, byte: u8) -> io::Result<Stop> {
        self.search(from, |s| memchr::memchr(byte, s))
    }

    /// Where `first` (the index of a match in the bytes it is given, if
    /// any) finds a match at or after `from` in the unread bytes, reading
    /// more as needed.
    #[inline(always)]
    fn search(
        &mut self,
        mut from: usize,
        first: impl Fn(&[u8]) -> Option<usize>,
    ) -> io::Result<Stop> {
        loop {
            let unread = &self.buf[self.start..self.end];
            if let Some(i) = unread.get(from..).and_then(&first) {
                return Ok(Stop::At(from + i));
            }
            from = unread.len();
            if !self.fill()? {
                if self.eof {
                    self.cut = true;
                    return Ok(Stop::Eof(from));
                }
                return Ok(Stop::Full);
            }
        }
    }

    /// Consumes bytes up to (excluding) the first one satisfying `pred`, or
    /// to the end of input. Returns how many.
    fn skip_until(&mut self, pred: impl Fn(u8) -> bool) -> io::Result<usize> {
        let mut skipped = 0;
        loop {
            match self.find(0, &pred)? {
                Stop::At(i) => {
                    self.advance(i);
                    return Ok(skipped + i);
                }
                Stop::Eof(n) => {
                    self.advance(n);
                    return Ok(skipped + n);
                }
                Stop::Full => {
                    let n = self.end - self.start;
                    self.advance(n);
                    skipped += n;
                }
            }
        }
    }

    /// Skips white space (and a byte order mark at the very start), and
    /// returns the next byte without consuming it; `None` at the end.
    pub(crate) fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.offset == 0 && self.start == 0 {
            while self.end < BOM.len() && self.fill()? {}
            if self.buf[..self.end].starts_with(BOM) {
                // The mark is not part of any line's columns.
                self.advance_in_line(BOM.len());
                self.line_start = self.offset;
            }
        }
        loop {
            // One pass: skip white space, counting lines.
            let unread = &self.buf[self.start..self.end];
            let mut skip = unread.len();
            let mut next = None;
            for (i, &b) in unread.iter().enumerate() {
                match b {
                    b'\n' => {
                        self.line += 1;
                        self.line_start = self.offset + i as u64 + 1;
                    }
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                    b => {
                        skip = i;
                        next = Some(b);
                        break;
                    }
                }
            }
            if next.is_some() {
                self.advance_in_line(skip);
                return Ok(next);
            }
            self.advance_in_line(self.end - self.start);
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// The next token; call after [`Lexer::peek`] returned a byte. Text is
    /// checked for UTF-8 only when `check` (when skipping, texts are empty).
    pub(crate) fn token(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        let b = self.buf[self.start];
        // Moves and move numbers first: most tokens. A letter starts no
        // result and no move number: the whole run is a move token.
        if b.is_ascii_alphabetic() {
            let unread = &self.buf[self.start..self.end];
            if let Some(len) = unread.iter().position(|&b| is_delimiter(b)) {
                let (tok, span) = self.move_word(len, check);
                return Ok((tok.into(), span));
            }
            return self.word(check);
        }
        if b.is_ascii_digit() {
            if let Some((tok, span)) = self.quick_number() {
                return Ok((tok.into(), span));
            }
            return self.word(check);
        }
        match b {
            b'[' => self.tag_pair(check),
            b'{' => self.comment(check),
            b';' => self.line_comment(check),
            b'%' if self.offset == self.line_start => self.escape_line(check),
            b'(' => Ok(self.single(Tok::Open)),
            b')' => Ok(self.single(Tok::Close)),
            b']' => Ok(self.single(Tok::Error(PgnErrorKind::StrayBracket))),
            b'}' => Ok(self.single(Tok::Error(PgnErrorKind::StrayBrace))),
            b'"' => Ok(self.single(Tok::Error(PgnErrorKind::StrayQuote))),
            b'*' => Ok(self.single(Tok::Result(GameResult::Unknown))),
            b'$' => self.nag(),
            b'!' | b'?' => self.suffix(),
            b if is_control(b) => {
                let n = self.skip_run(is_control)?;
                Ok((Tok::Error(PgnErrorKind::ControlByte), n))
            }
            _ => self.word(check),
        }
    }

    /// The next token when it is one of the common tokens of movetext (a
    /// move, a move number before white space or a move, a brace comment, a
    /// parenthesis, a NAG, a move suffix) and lies whole in the buffer, read as [`Lexer::token`] reads it with
    /// text checked; `None`, consuming nothing, otherwise (any other token,
    /// one that needs more input, the end of input): [`Lexer::token`] then
    /// reads it. Call after [`Lexer::peek`] returned a byte.
    pub(crate) fn movetext_token(&mut self) -> Option<(RunTok<'_>, Span)> {
        let unread = &self.buf[self.start..self.end];
        match *unread.first()? {
            b'a'..=b'z' | b'A'..=b'Z' => {
                let len = unread.iter().position(|&b| is_delimiter(b))?;
                Some(self.move_word(len, true))
            }
            b'0'..=b'9' => self.quick_number(),
            b'{' => {
                let len = memchr::memchr(b'}', &unread[1..])? + 2;
                Some(self.braced(len, true))
            }
            _ => {
                let (tok, len) = rare_at(unread)?;
                let span = self.span(len);
                self.advance_in_line(len);
                Some((tok, span))
            }
        }
    }

    /// Reads the common tokens of movetext that lie whole in the buffer,
    /// white space between them skipped, as [`Lexer::peek`] then
    /// [`Lexer::movetext_token`] read them one at a time, handing each to
    /// `each`: every token `movetext_token` reads. Stops before any other
    /// token or where the buffered bytes end (consuming the white space
    /// before it), or with `each`'s
    /// `Break`. One loop over the buffer, its place kept in locals and
    /// stored once: the reader's hot path. Valid UTF-8 only: every token
    /// it reads starts and ends at an ASCII byte, so is a slice of the
    /// text as it is; other input gets `None` at once, consuming nothing.
    pub(crate) fn movetext_run<B>(
        &mut self,
        mut each: impl FnMut(RunTok<'_>, Span) -> ControlFlow<B>,
    ) -> Option<B> {
        if !self.buf.utf8 {
            return None;
        }
        let text = self.buf.text.as_str();
        let bytes = &text.as_bytes()[..self.end];
        let comment_end = &self.comment_end;
        // The absolute offset of `bytes[0]`.
        let base = self.offset - self.start as u64;
        let mut i = self.start;
        // Kept in the lexer, not in locals: fewer values held across the
        // loop (they change only at line feeds).
        let line = &mut self.line;
        let line_start = &mut self.line_start;
        let stopped = loop {
            // White space, counting lines.
            while let Some(&b) = bytes.get(i) {
                let class = CLASS[usize::from(b)];
                if class > NEWLINE {
                    break;
                }
                i += 1;
                if class == NEWLINE {
                    *line += 1;
                    *line_start = base + i as u64;
                }
            }
            let Some(&first) = bytes.get(i) else {
                break None;
            };
            let at = base + i as u64;
            let span = |len| Span {
                offset: at,
                line: *line,
                column: at - *line_start + 1,
                len,
            };
            let (tok, len) = match CLASS[usize::from(first)] {
                LETTER => {
                    let Some(len) = bytes[i + 1..].iter().position(|&b| is_delimiter(b)) else {
                        break None;
                    };
                    let end = i + len + 1;
                    // Never true (a letter, a delimiter): it tells the
                    // compiler that the slice below ends at characters.
                    if !first.is_ascii() || !bytes[end].is_ascii() {
                        break None;
                    }
                    (RunTok::Move(&text[i..end]), len + 1)
                }
                DIGIT => match number_at(&bytes[i..]) {
                    Some((tok, len)) => (tok, len),
                    None => break None,
                },
                BRACE => {
                    let rest = &bytes[i + 1..];
                    // The closing brace and the lines before it in one
                    // search (most comments hold no line feed): the span
                    // keeps the line the comment starts on, the next token
                    // counts from the last line in it.
                    let (mut next_line, mut next_line_start) = (*line, *line_start);
                    let mut from = 0;
                    let close = loop {
                        let Some(k) = comment_end.find(&rest[from..]) else {
                            break None;
                        };
                        let k = from + k;
                        if rest[k] == b'}' {
                            break Some(k);
                        }
                        next_line += 1;
                        next_line_start = at + 2 + k as u64;
                        from = k + 1;
                    };
                    let Some(close) = close else {
                        break None;
                    };
                    let tok = RunTok::Comment(&text[i + 1..i + 1 + close]);
                    let tok_span = span(close + 2);
                    i += close + 2;
                    (*line, *line_start) = (next_line, next_line_start);
                    if let ControlFlow::Break(out) = each(tok, tok_span) {
                        break Some(out);
                    }
                    continue;
                }
                _ => {
                    // Delivered here, not after the match: the common
                    // tokens' kinds stay known where they are delivered.
                    let Some((tok, len)) = rare_at(&bytes[i..]) else {
                        break None;
                    };
                    let tok_span = span(len);
                    i += len;
                    if let ControlFlow::Break(out) = each(tok, tok_span) {
                        break Some(out);
                    }
                    continue;
                }
            };
            let tok_span = span(len);
            i += len;
            if let ControlFlow::Break(out) = each(tok, tok_span) {
                break Some(out);
            }
        };
        self.offset = base + i as u64;
        self.start = i;
        stopped
    }

    /// Reads the tag pairs of the common shape ([`quick_tag`]) that lie
    /// whole in the buffer, white space between them skipped, as
    /// [`Lexer::peek`] then [`Lexer::token`] read them one at a time,
    /// handing each (name, value as written, span) to `each`; stops as
    /// [`Lexer::movetext_run`] does, before any other token.
    pub(crate) fn tag_run<B>(
        &mut self,
        mut each: impl FnMut(&str, &str, Span) -> ControlFlow<B>,
    ) -> Option<B> {
        if !self.buf.utf8 {
            return None;
        }
        let text = self.buf.text.as_str();
        let bytes = &text.as_bytes()[..self.end];
        let base = self.offset - self.start as u64;
        let mut i = self.start;
        let mut line = self.line;
        let mut line_start = self.line_start;
        let stopped = loop {
            skip_space(bytes, &mut i, base, &mut line, &mut line_start);
            if bytes.get(i) != Some(&b'[') {
                break None;
            }
            let Some((len, name, value)) = quick_tag(&bytes[i..]) else {
                break None;
            };
            let at = base + i as u64;
            let span = Span {
                offset: at,
                line,
                column: at - line_start + 1,
                len,
            };
            let name = &text[i + name.0..i + name.1];
            let value = &text[i + value.0..i + value.1];
            i += len;
            if let ControlFlow::Break(out) = each(name, value, span) {
                break Some(out);
            }
        };
        self.offset = base + i as u64;
        self.start = i;
        self.line = line;
        self.line_start = line_start;
        stopped
    }

    fn single(&mut self, tok: Tok<'static>) -> (Tok<'static>, Span) {
        let span = self.span(1);
        self.advance_in_line(1);
        (tok, span)
    }

    /// Consumes a run of bytes satisfying `pred` (none of them a line feed).
    fn skip_run(&mut self, pred: impl Fn(u8) -> bool) -> io::Result<Span> {
        let mut span = self.here();
        span.len = self.skip_until(|b| !pred(b))?;
        Ok(span)
    }

    /// A token longer than the buffer: consumed up to the byte `end`
    /// satisfies (included when `inclusive`), reported.
    fn too_long(
        &mut self,
        end: impl Fn(u8) -> bool,
        inclusive: bool,
    ) -> io::Result<(Tok<'static>, Span)> {
        let mut span = self.here();
        // The token's first byte (never a line feed) is part of it whatever
        // `end` says of it.
        self.advance_in_line(1);
        span.len = 1 + self.skip_until(&end)?;
        if inclusive && self.start < self.end && end(self.buf[self.start]) {
            self.advance(1);
            span.len += 1;
        }
        let limit = self.buf.capacity as u64;
        Ok((Tok::Error(PgnErrorKind::TokenTooLong { limit }), span))
    }

    /// `tag_pair = "[" , blanks , tag_name , blanks , tag_value , blanks , "]"`, on
    /// one line.
    fn tag_pair(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        // The common shape first, in valid UTF-8 where its text needs no
        // check: read as `parse_tag` reads it, without looking for the end
        // of the line first.
        let quick = match self.buf.utf8 {
            true => quick_tag(&self.buf[self.start..self.end]),
            false => None,
        };
        if let Some((len, name, value)) = quick {
            let s = self.start;
            let span = self.span(len);
            self.advance_in_line(len);
            let text = |r: (usize, usize)| self.buf.str(s + r.0, s + r.1).unwrap_or_default();
            let value = if check { text(value) } else { "" };
            return Ok((
                Tok::Tag {
                    name: text(name),
                    value,
                },
                span,
            ));
        }
        let line_len = match self.find_byte(0, b'\n')? {
            Stop::At(i) | Stop::Eof(i) => i,
            Stop::Full => return self.too_long(|b| b == b'\n', false),
        };
        let line = &self.buf[self.start..self.start + line_len];
        let parsed = match parse_tag(line) {
            Ok((len, name, value)) => {
                let s = self.start;
                match self.buf.str(s + value.0, s + value.1) {
                    Ok(_) => Ok((len, name, value)),
                    Err(valid) => Err((
                        len,
                        PgnErrorKind::InvalidUtf8 {
                            index: value.0 + valid,
                        },
                    )),
                }
            }
            // A broken tag pair takes the rest of its line, without the
            // carriage return of a CRLF.
            Err(kind) => Err((line.strip_suffix(b"\r").unwrap_or(line).len(), kind)),
        };
        let s = self.start;
        match parsed {
            Ok((len, name, value)) => {
                let span = self.span(len);
                self.advance_in_line(len);
                let text = |r: (usize, usize)| self.buf.str(s + r.0, s + r.1).unwrap_or_default();
                let value = if check { text(value) } else { "" };
                Ok((
                    Tok::Tag {
                        name: text(name),
                        value,
                    },
                    span,
                ))
            }
            Err((len, kind)) => {
                let span = self.span(len);
                self.advance_in_line(len);
                Ok((Tok::Error(kind), span))
            }
        }
    }

    /// `comment = "{" , { any byte but "}" } , "}"`.
    fn comment(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        let len = match self.find_byte(1, b'}')? {
            Stop::At(i) => i + 1,
            Stop::Eof(n) => {
                let span = self.span(n);
                self.advance(n);
                return Ok((Tok::Error(PgnErrorKind::UnterminatedComment), span));
            }
            Stop::Full => return self.too_long(|b| b == b'}', true),
        };
        let (tok, span) = self.braced(len, check);
        Ok((tok.into(), span))
    }

    /// A comment of `len` bytes, braces included, all in the buffer.
    fn braced(&mut self, len: usize, check: bool) -> (RunTok<'_>, Span) {
        let span = self.span(len);
        let s = self.start;
        self.advance(len);
        if !check {
            return (RunTok::Comment(""), span);
        }
        match self.buf.str(s + 1, s + len - 1) {
            Ok(text) => (RunTok::Comment(text), span),
            Err(valid) => (
                RunTok::Error(PgnErrorKind::InvalidUtf8 { index: 1 + valid }),
                span,
            ),
        }
    }

    /// `line_comment = ";" , { any byte but line feed }`: the text after
    /// the `;`, without a carriage return before the line feed.
    fn line_comment(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        self.rest_of_line(check, false)
    }

    /// `escape_line = "%" , { any byte but line feed }`, the `%` in column 1.
    fn escape_line(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        self.rest_of_line(check, true)
    }

    /// A line comment or escape line: its first byte and the rest of the
    /// line.
    fn rest_of_line(&mut self, check: bool, escape: bool) -> io::Result<(Tok<'_>, Span)> {
        let line_len = match self.find_byte(1, b'\n')? {
            Stop::At(i) | Stop::Eof(i) => i,
            Stop::Full => return self.too_long(|b| b == b'\n', false),
        };
        let line = &self.buf[self.start..self.start + line_len];
        let len = line.strip_suffix(b"\r").unwrap_or(line).len();
        let span = self.span(len);
        let s = self.start;
        self.advance_in_line(len);
        let text = if check {
            match self.buf.str(s + 1, s + len) {
                Ok(text) => text,
                Err(valid) => {
                    let index = 1 + valid;
                    return Ok((Tok::Error(PgnErrorKind::InvalidUtf8 { index }), span));
                }
            }
        } else {
            ""
        };
        Ok((
            if escape {
                Tok::Escape(text)
            } else {
                Tok::LineComment(text)
            },
            span,
        ))
    }

    /// `nag = "$" , digit , { digit }`, the number at most 255.
    fn nag(&mut self) -> io::Result<(Tok<'static>, Span)> {
        let len = match self.find(1, |b| !b.is_ascii_digit())? {
            Stop::At(i) | Stop::Eof(i) => i,
            Stop::Full => return self.too_long(|b| !b.is_ascii_digit(), false),
        };
        let tok = nag_of(&self.buf[self.start + 1..self.start + len]);
        let span = self.span(len);
        self.advance_in_line(len);
        Ok((tok.into(), span))
    }

    /// `suffix = "!" | "?" | "!!" | "??" | "!?" | "?!"`, as NAGs 1-6; any
    /// other run of `!` and `?` is one error.
    fn suffix(&mut self) -> io::Result<(Tok<'static>, Span)> {
        let not_suffix = |b: u8| b != b'!' && b != b'?';
        let len = match self.find(0, not_suffix)? {
            Stop::At(i) | Stop::Eof(i) => i,
            Stop::Full => return self.too_long(not_suffix, false),
        };
        let tok = suffix_of(&self.buf[self.start..self.start + len]);
        let span = self.span(len);
        self.advance_in_line(len);
        Ok((tok.into(), span))
    }

    /// A move token of `len` bytes, all in the buffer.
    fn move_word(&mut self, len: usize, check: bool) -> (RunTok<'_>, Span) {
        let span = self.span(len);
        let s = self.start;
        self.advance_in_line(len);
        if !check {
            return (RunTok::Move(""), span);
        }
        match self.buf.str(s, s + len) {
            Ok(text) => (RunTok::Move(text), span),
            Err(index) => (RunTok::Error(PgnErrorKind::InvalidUtf8 { index }), span),
        }
    }

    /// The common move numbers (`12.`, `12...`, `12` before a delimiter)
    /// read as [`Lexer::word`] reads them, when the buffer holds them and
    /// the byte after them; `None` for anything else (a result, a number
    /// glued to a move, the end of the buffer), which `word` then reads.
    fn quick_number(&mut self) -> Option<(RunTok<'static>, Span)> {
        let (tok, len) = number_at(&self.buf[self.start..self.end])?;
        let span = self.span(len);
        self.advance_in_line(len);
        Some((tok, span))
    }

    /// A maximal run of non-delimiter bytes, read as a `result`, a
    /// `move_number` (digits and the periods after them; the rest of the
    /// run is the next token), periods alone (an error) or a `move_token`.
    fn word(&mut self, check: bool) -> io::Result<(Tok<'_>, Span)> {
        let len = match self.find(0, is_delimiter)? {
            Stop::At(i) | Stop::Eof(i) => i,
            Stop::Full => return self.too_long(is_delimiter, false),
        };
        let word = &self.buf[self.start..self.start + len];
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        let (len, tok) = match word {
            b"1-0" => (len, Tok::Result(GameResult::WhiteWins)),
            b"0-1" => (len, Tok::Result(GameResult::BlackWins)),
            b"1/2-1/2" => (len, Tok::Result(GameResult::Draw)),
            _ if digits > 0 && (digits == len || word[digits] == b'.') => {
                let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
                let tok = match parse_decimal(&word[..digits]) {
                    Some(number) => Tok::Number { number, dots },
                    None => Tok::Error(PgnErrorKind::BadMoveNumber),
                };
                (digits + dots, tok)
            }
            _ if word.iter().all(|&b| b == b'.') => (len, Tok::Error(PgnErrorKind::StrayDots)),
            _ => {
                let (tok, span) = self.move_word(len, check);
                return Ok((tok.into(), span));
            }
        };
        let span = self.span(len);
        self.advance_in_line(len);
        Ok((tok, span))
    }
}

/// Skips the white space at `bytes[*i]` on, counting lines: `line` and
/// `line_start` (an absolute offset; `base` is that of `bytes[0]`) follow.
#[inline(always)]
fn skip_space(bytes: &[u8], i: &mut usize, base: u64, line: &mut u64, line_start: &mut u64) {
    while let Some(&b) = bytes.get(*i) {
        match CLASS[usize::from(b)] {
            SPACE => *i += 1,
            NEWLINE => {
                *i += 1;
                *line += 1;
                *line_start = base + *i as u64;
            }
            _ => break,
        }
    }
}

/// The parenthesis, NAG or move suffix at the start of `unread` and its
/// length, when `unread` holds it and the byte after it; `None` for
/// anything else. Rare next to moves: kept out of the movetext loop's code.
#[inline(never)]
fn rare_at(unread: &[u8]) -> Option<(RunTok<'static>, usize)> {
    match *unread.first()? {
        b'(' => Some((RunTok::Open, 1)),
        b')' => Some((RunTok::Close, 1)),
        b'$' => {
            let digits = unread[1..].iter().position(|b| !b.is_ascii_digit())?;
            Some((nag_of(&unread[1..1 + digits]), 1 + digits))
        }
        b'!' | b'?' => {
            let len = unread.iter().position(|&b| b != b'!' && b != b'?')?;
            Some((suffix_of(&unread[..len]), len))
        }
        _ => None,
    }
}

/// The NAG whose digits (after the `$`) are `digits`: at most 255.
fn nag_of(digits: &[u8]) -> RunTok<'static> {
    match parse_decimal(digits).filter(|&n| n <= 255) {
        Some(n) => RunTok::Nag(n as u8),
        None => RunTok::Error(PgnErrorKind::BadNag),
    }
}

/// The NAG a run of `!` and `?` stands for (1 to 6), or the error.
fn suffix_of(marks: &[u8]) -> RunTok<'static> {
    let nag = match marks {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return RunTok::Error(PgnErrorKind::BadSuffix),
    };
    RunTok::Suffix(nag)
}

/// The common move number at the start of `unread` (`12.`, `12...`, `12`
/// before a delimiter) and its length, when `unread` holds it and the byte
/// after it; `None` for anything else (see [`Lexer::quick_number`]).
#[inline(always)]
fn number_at(unread: &[u8]) -> Option<(RunTok<'static>, usize)> {
    // The value is read with the digits, in one pass: it stops growing one
    // past `u32::MAX`, a number too large (what `parse_decimal` refuses).
    const TOO_LARGE: u64 = u32::MAX as u64 + 1;
    let mut value = 0u64;
    let mut digits = 0;
    let after = loop {
        let b = *unread.get(digits)?;
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break b;
        }
        value = (value * 10 + u64::from(d)).min(TOO_LARGE);
        digits += 1;
    };
    let dots = match after {
        b'.' => 1 + unread[digits + 1..].iter().position(|&b| b != b'.')?,
        b if is_delimiter(b) => 0,
        _ => return None,
    };
    let tok = match u32::try_from(value) {
        Ok(number) if digits > 0 => RunTok::Number { number, dots },
        _ => RunTok::Error(PgnErrorKind::BadMoveNumber),
    };
    Some((tok, digits + dots))
}

/// A decimal number without sign that fits in a `u32`.
fn parse_decimal(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })
}

/// The tag pair at the start of `unread` when it has the common shape,
/// `[Name "value"]` with one space and a value without `\\`, then the end
/// of its line, all in `unread`: what [`parse_tag`] gives for the line;
/// `None` for anything else, which `parse_tag` then reads.
#[allow(clippy::type_complexity)]
fn quick_tag(unread: &[u8]) -> Option<(usize, (usize, usize), (usize, usize))> {
    // Short runs (most names and values): a table, byte by byte.
    let mut end = 1;
    while TAG_NAME[usize::from(*unread.get(end)?)] {
        end += 1;
    }
    let name = (1, end);
    if end == 1 || unread.get(end..end + 2)? != b" \"" {
        return None;
    }
    let value_start = end + 2;
    let mut end = value_start;
    while !VALUE_END[usize::from(*unread.get(end)?)] {
        end += 1;
    }
    let value = (value_start, end);
    match unread[value.1..] {
        [b'"', b']', b'\n', ..] | [b'"', b']', b'\r', b'\n', ..] => {
            Some((value.1 + 2, name, value))
        }
        _ => None,
    }
}

/// `[`, spaces, a name, spaces, a quoted string (`\` escapes the next
/// byte), spaces, `]`, within one line. Returns the length up to the `]`
/// and the ranges of the name and the raw value.
#[allow(clippy::type_complexity)]
fn parse_tag(line: &[u8]) -> Result<(usize, (usize, usize), (usize, usize)), PgnErrorKind> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let mut i = 1;
    i += line[i..].iter().take_while(|b| blank(b)).count();
    let name_start = i;
    i += line[i..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let name = (name_start, i);
    if name.0 == name.1 {
        return Err(PgnErrorKind::BadTag);
    }
    i += line[i..].iter().take_while(|b| blank(b)).count();
    match line.get(i) {
        Some(b'"') => i += 1,
        None | Some(b'\r') => return Err(PgnErrorKind::UnterminatedTag),
        Some(_) => return Err(PgnErrorKind::BadTag),
    }
    let value_start = i;
    loop {
        match line.get(i) {
            Some(b'"') => break,
            Some(b'\\') if i + 1 < line.len() => i += 2,
            Some(_) => i += 1,
            None => return Err(PgnErrorKind::UnterminatedTag),
        }
    }
    let value = (value_start, i);
    i += 1;
    i += line[i..].iter().take_while(|b| blank(b)).count();
    match line.get(i) {
        Some(b']') => Ok((i + 1, name, value)),
        None | Some(b'\r') => Err(PgnErrorKind::UnterminatedTag),
        Some(_) => Err(PgnErrorKind::BadTag),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator of its own (xorshift64*): the layers above that
    /// have one are not this one's to use.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound
        }
    }

    /// Hands out its bytes a few at a time, so that tokens straddle the
    /// buffer's refills.
    struct Chunks<'a> {
        bytes: &'a [u8],
        at: usize,
        size: usize,
    }

    impl Read for Chunks<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.size.min(buf.len()).min(self.bytes.len() - self.at);
            buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// Every token of `input` with its span, written out, by `next`: the
    /// lexer's first token read one at a time, then the rest by `next`.
    fn tokens(
        input: &[u8],
        capacity: usize,
        chunk: usize,
        mut next: impl FnMut(&mut Lexer<Chunks<'_>>, &mut Vec<String>) -> bool,
    ) -> Vec<String> {
        let chunks = Chunks {
            bytes: input,
            at: 0,
            size: chunk,
        };
        let mut lexer = Lexer::new(chunks, capacity);
        let mut out = Vec::new();
        if lexer.peek().unwrap().is_some() {
            let (tok, span) = lexer.token(true).unwrap();
            out.push(format!("{tok:?} {span:?}"));
            while next(&mut lexer, &mut out) {}
        }
        out.push(format!("{:?}", lexer.position()));
        out
    }

    /// A move number read in the quick loop is what the general reading of
    /// a word makes of it: up to `u32::MAX`, and one past it an error;
    /// periods after the digits, or a delimiter; anything else left alone.
    #[test]
    fn quick_numbers_read_as_words_do() {
        let cases: &[&[u8]] = &[
            b"1. ",
            b"12... ",
            b"7 ",
            b"7)",
            b"0. ",
            b"007. ",
            b"4294967295. ",
            b"4294967296. ",
            b"99999999999999999999999. ",
            b"4294967295 ",
            b"42949672950 ",
            b"12.e4 ",
            b"1-0 ",
            b"12a ",
            b"12",
            b"12.",
        ];
        for &case in cases {
            let quick = number_at(case);
            let mut lexer = Lexer::new(case, 64);
            let word = match lexer.word(true).unwrap() {
                (Tok::Number { number, dots }, span) => {
                    Some((RunTok::Number { number, dots }, span.len))
                }
                (Tok::Error(PgnErrorKind::BadMoveNumber), span) => {
                    Some((RunTok::Error(PgnErrorKind::BadMoveNumber), span.len))
                }
                _ => None,
            };
            let text = String::from_utf8_lossy(case);
            match quick {
                // `None`: the general reading decides (a result, a move, a
                // number whose end the bytes do not hold).
                None => assert!(
                    !case.ends_with(b" ") && !case.ends_with(b")") || word.is_none(),
                    "{text:?}: {word:?}"
                ),
                Some(quick) => assert_eq!(Some(quick), word, "{text:?}"),
            }
        }
        assert_eq!(
            number_at(b"4294967295. "),
            Some((
                RunTok::Number {
                    number: u32::MAX,
                    dots: 1
                },
                11
            ))
        );
        assert_eq!(
            number_at(b"4294967296. "),
            Some((RunTok::Error(PgnErrorKind::BadMoveNumber), 11))
        );
    }

    /// The movetext loop reads what `peek` then `token` read, token by
    /// token, spans and lines included: on random movetext-like bytes
    /// (moves, numbers, comments over several lines, the other tokens it
    /// leaves alone, text that is not ASCII, bytes that are not UTF-8),
    /// through buffers of several sizes filled a few bytes at a time.
    #[test]
    fn the_movetext_loop_reads_as_the_tokens_do() {
        const PIECES: &[&[u8]] = &[
            b"e4",
            b"Nf3",
            b"exd5",
            b"O-O",
            b"Qxe7+",
            b"e8=Q#",
            b"12.",
            b"3...",
            b"7",
            b"1-0",
            b"1/2-1/2",
            b"*",
            b"{ [%clk 0:03:00] }",
            b"{a\ncomment\r\n}",
            b"{}",
            b"(",
            b")",
            b"$12",
            b"!?",
            b";line\n",
            b"%esc\n",
            b"[Tag \"v\"]",
            b"\xc3\xa9",
            b"}",
            b"\"",
            b"..",
            b"--",
            b"e.p.",
            b"99999999999.",
            b"4x",
            b"\x01",
            b" ",
            b"  ",
            b"\n",
            b"\r\n",
            b"\t",
        ];
        let mut rng = Rng(0x5eed_0f70);
        let mut fast_tokens = 0;
        for _ in 0..400 {
            let mut input = Vec::new();
            for _ in 0..rng.below(60) {
                input.extend_from_slice(PIECES[rng.below(PIECES.len() as u64) as usize]);
                if rng.below(3) > 0 {
                    input.push(b' ');
                }
            }
            // Input that is not UTF-8, now and then.
            if rng.below(8) == 0 {
                let at = rng.below(input.len() as u64 + 1) as usize;
                input.insert(at, 0xff);
            }
            for (capacity, chunk) in [(1 << 16, 1 << 16), (16, 5), (7, 3), (64, 1)] {
                let slow = tokens(&input, capacity, chunk, |lexer, out| {
                    if lexer.peek().unwrap().is_none() {
                        return false;
                    }
                    let (tok, span) = lexer.token(true).unwrap();
                    out.push(format!("{tok:?} {span:?}"));
                    true
                });
                let fast = tokens(&input, capacity, chunk, |lexer, out| {
                    let none = lexer.movetext_run(|tok, span| {
                        out.push(format!("{:?} {span:?}", Tok::from(tok)));
                        fast_tokens += 1;
                        ControlFlow::<()>::Continue(())
                    });
                    assert!(none.is_none());
                    if lexer.peek().unwrap().is_none() {
                        return false;
                    }
                    if let Some((tok, span)) = lexer.movetext_token() {
                        out.push(format!("{:?} {span:?}", Tok::from(tok)));
                        return true;
                    }
                    let (tok, span) = lexer.token(true).unwrap();
                    out.push(format!("{tok:?} {span:?}"));
                    true
                });
                assert_eq!(fast, slow, "{:?}", String::from_utf8_lossy(&input));
            }
        }
        // The loop did read many of the tokens.
        assert!(fast_tokens > 2_000, "{fast_tokens}");
    }

    /// The quick reading of a tag pair is the full one wherever it answers,
    /// and answers for the common shapes.
    #[test]
    fn quick_tags_read_as_parse_tag_does() {
        // A tag pair's parts, each in the common form or another.
        const PARTS: [&[&[u8]]; 6] = [
            &[b"Event", b"", b"_x9", b"\xc3\xa9", b"A]"],
            &[b" ", b"  ", b"\t", b""],
            &[b"\"", b"", b"'"],
            &[
                b"va lue",
                b"\\\"",
                b"\\\\",
                b"\xc3\xa9",
                b"",
                b"\r",
                b"\"",
                b"]",
                b"\n",
            ],
            &[b"\"]", b"\" ]", b"\"", b"]"],
            &[b"\n", b"\r\n", b" \n", b"", b"x\n", b"\r"],
        ];
        let mut rng = Rng(0x7a65);
        let mut answered = 0;
        for _ in 0..100_000 {
            let mut line = b"[".to_vec();
            for (i, part) in PARTS.iter().enumerate() {
                let times = if i == 3 { rng.below(3) } else { 1 };
                for _ in 0..times {
                    line.extend_from_slice(part[rng.below(part.len() as u64) as usize]);
                }
            }
            let Some(quick) = quick_tag(&line) else {
                continue;
            };
            answered += 1;
            let end = memchr::memchr(b'\n', &line).unwrap();
            assert_eq!(
                parse_tag(&line[..end]),
                Ok(quick),
                "{}",
                String::from_utf8_lossy(&line)
            );
        }
        assert!(answered > 100, "{answered}");
        assert_eq!(
            quick_tag(b"[Event \"Rated\"]\n"),
            Some((15, (1, 6), (8, 13)))
        );
        assert_eq!(
            quick_tag(b"[Event \"Rated\"]\r\n"),
            Some((15, (1, 6), (8, 13)))
        );
        // Other shapes, and a line that goes on, are the full reader's.
        for line in [
            &b"[Event  \"Rated\"]\n"[..],
            b"[Event \"a\\\"b\"]\n",
            b"[Event \"Rated\"] \n",
            b"[Event \"Rated\"]",
            b"[ Event \"Rated\"]\n",
        ] {
            assert_eq!(quick_tag(line), None, "{}", String::from_utf8_lossy(line));
        }
    }

    /// The loop stops at a `Break` right after the token that asked for it.
    #[test]
    fn the_movetext_loop_stops_when_asked() {
        let mut lexer = Lexer::new(&b"1. e4 e5 2. Nf3 *"[..], 64);
        assert_eq!(lexer.peek().unwrap(), Some(b'1'));
        let mut seen = Vec::new();
        let out = lexer.movetext_run(|tok, _| {
            seen.push(format!("{tok:?}"));
            match tok {
                RunTok::Move("e5") => ControlFlow::Break("stop"),
                _ => ControlFlow::Continue(()),
            }
        });
        assert_eq!(out, Some("stop"));
        assert_eq!(seen.len(), 3);
        assert_eq!(lexer.position().0, 8);
    }

    /// The comment search finds the first `}` or line feed, as a look at
    /// each byte in turn does: in texts of every length up to three AVX2
    /// words and a half, where either byte may come anywhere or nowhere.
    #[test]
    fn the_comment_search_finds_the_first_brace_or_line_feed() {
        const OTHERS: &[u8] = b" [%clk0:1{\r\x80\xff";
        let search = CommentEnd::new();
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        for len in 0..120 {
            for _ in 0..40 {
                // Bytes of the comment, with the two it looks for rare.
                let bytes: Vec<u8> = (0..len)
                    .map(|_| match rng.below(len as u64 + 4) {
                        0 => b'}',
                        1 => b'\n',
                        _ => OTHERS[rng.below(OTHERS.len() as u64) as usize],
                    })
                    .collect();
                let first = bytes.iter().position(|&b| b == b'}' || b == b'\n');
                assert_eq!(search.find(&bytes), first, "{bytes:?}");
            }
        }
    }
}
