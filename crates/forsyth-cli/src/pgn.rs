//! `forsyth pgn check`, `forsyth pgn fens` and `forsyth pgn export`: every game of every file
//! replayed by the library's `Replay` (on 10x8, when its tags say so, by
//! the 10x8 rules), one game in memory at a time; the verdicts, positions
//! and games are rendered here. Every game read is
//! accounted for: in the output, in the rejects file, or on standard error,
//! and in the summary's counts.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::rc::Rc;

use forsyth::capablanca::Variant as TenVariant;
use forsyth::fen::WriteOptions;
use forsyth::notation::{Language, Notation};
use forsyth::pgn::{
    Comment, EscapeLine, Event, GameResult, GameStart, MoveNumber, MoveToken, Nag, Skip, Span, Tag,
};
use forsyth::pgn::{Export, ExportedGame, Replay, ReplayError, ReplayedGame};
use forsyth::pgn::{PgnError, Reader, Visitor};
use forsyth::Color;

use crate::capa::{self, TenGame, TenOptions, TenRead};

use crate::lines::Source;
use crate::options::{GameSelect, Pgn, PgnMode};
use crate::printer::{json, Diagnostics, Format, Place, Printer};
use crate::progress::Progress;
use crate::Outcome;

/// A visitor that judges games: the replay, or the export built on it.
trait Judge: Visitor + Clone + Send {
    /// The syntax errors met between games.
    fn stray(&mut self) -> Vec<PgnError>;
    /// What the counts and the selection need of a game.
    fn facts(game: &Self::Output) -> Facts;
}

/// What the counts and the selection need of a game.
struct Facts {
    start: GameStart,
    ok: bool,
    warned: bool,
    board: BoardOf,
    setup_tags: bool,
}

/// A game's board and variant (a 10x8 game whose start cannot be read may
/// have none).
#[derive(Clone, Copy, PartialEq, Eq)]
enum BoardOf {
    Chess(forsyth::Variant),
    Ten(Option<TenVariant>),
}

impl Facts {
    fn of(game: &ReplayedGame) -> Facts {
        Facts {
            start: game.start,
            ok: game.is_ok(),
            warned: !game.warnings.is_empty(),
            board: BoardOf::Chess(game.variant),
            setup_tags: game.setup_tags,
        }
    }
}

impl Judge for Replay {
    fn stray(&mut self) -> Vec<PgnError> {
        self.take_stray()
    }
    fn facts(game: &ReplayedGame) -> Facts {
        Facts::of(game)
    }
}

impl Judge for Export {
    fn stray(&mut self) -> Vec<PgnError> {
        self.take_stray()
    }
    fn facts(game: &ExportedGame) -> Facts {
        Facts::of(&game.game)
    }
}

/// A game judged on its board: the 8x8 judge's output, or a 10x8 replay.
enum Judged<O> {
    Chess(O),
    Ten(TenGame),
}

/// The 8x8 judge, and the 10x8 replay for the games whose tags say 10x8
/// (a `Variant` tag naming a 10x8 variant, or a `FEN` tag whose ranks hold
/// ten squares): the reader, the threads and the output stay one for both.
#[derive(Clone)]
struct Boards<J> {
    chess: J,
    ten: TenOptions,
    /// Whether every tag is kept for a 10x8 game (`pgn export`), not only
    /// those that decide its board.
    all_tags: bool,
    /// The syntax errors of the game being read.
    errors: Vec<PgnError>,
}

/// The tags of a game being read.
struct BoardsTags<T> {
    chess: T,
    start: GameStart,
    tags: Vec<(String, String)>,
}

/// The movetext of a game being read, on its board.
enum BoardsMovetext<M> {
    Chess(M),
    Ten(TenRead),
}

impl<J: Judge> Boards<J> {
    fn new(chess: J, ten: TenOptions, all_tags: bool) -> Boards<J> {
        Boards {
            chess,
            ten,
            all_tags,
            errors: Vec::new(),
        }
    }
}

/// Runs an 8x8 callback on the 8x8 movetext; a 10x8 one keeps `event`.
macro_rules! forward {
    ($self:ident, $m:ident, $call:expr, $event:expr) => {
        match $m {
            BoardsMovetext::Chess($m) => match $call {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
            },
            BoardsMovetext::Ten(t) => {
                t.events.push($event);
                ControlFlow::Continue(())
            }
        }
    };
}

impl<J: Judge> Visitor for Boards<J> {
    type Tags = BoardsTags<J::Tags>;
    type Movetext = BoardsMovetext<J::Movetext>;
    type Output = Judged<J::Output>;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<Self::Output, Self::Tags> {
        self.errors.clear();
        match self.chess.begin_game(start) {
            ControlFlow::Continue(chess) => ControlFlow::Continue(BoardsTags {
                chess,
                start,
                tags: Vec::new(),
            }),
            ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
        }
    }

    fn tag(&mut self, tags: &mut Self::Tags, tag: Tag<'_>) -> ControlFlow<Self::Output> {
        if self.all_tags || matches!(tag.name, "Variant" | "FEN" | "SetUp") {
            tags.tags
                .push((tag.name.to_owned(), tag.value.decode().into_owned()));
        }
        match self.chess.tag(&mut tags.chess, tag) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
        }
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let tag = |n: &str| {
            tags.tags
                .iter()
                .find(|(t, _)| t == n)
                .map(|(_, v)| v.as_str())
        };
        if capa::game_board(tag("Variant"), tag("FEN"), self.ten.variant).is_some() {
            return ControlFlow::Continue(BoardsMovetext::Ten(TenRead {
                start: Some(tags.start),
                tags: tags.tags,
                events: Vec::new(),
                errors: Vec::new(),
            }));
        }
        match self.chess.begin_movetext(tags.chess) {
            ControlFlow::Continue(m) => ControlFlow::Continue(BoardsMovetext::Chess(m)),
            ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
        }
    }

    fn move_number(
        &mut self,
        m: &mut Self::Movetext,
        number: MoveNumber,
    ) -> ControlFlow<Self::Output> {
        forward!(
            self,
            m,
            self.chess.move_number(m, number),
            Event::MoveNumber(number)
        )
    }

    fn move_token(
        &mut self,
        m: &mut Self::Movetext,
        token: MoveToken<'_>,
    ) -> ControlFlow<Self::Output> {
        forward!(
            self,
            m,
            self.chess.move_token(m, token),
            Event::Move {
                text: token.text.to_owned(),
                span: token.span,
            }
        )
    }

    fn nag(&mut self, m: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        forward!(self, m, self.chess.nag(m, nag), Event::Nag(nag))
    }

    fn comment(
        &mut self,
        m: &mut Self::Movetext,
        comment: Comment<'_>,
    ) -> ControlFlow<Self::Output> {
        forward!(
            self,
            m,
            self.chess.comment(m, comment),
            Event::Comment {
                text: comment.text.to_owned(),
                style: comment.style,
                span: comment.span,
            }
        )
    }

    fn begin_variation(
        &mut self,
        m: &mut Self::Movetext,
        span: Span,
    ) -> ControlFlow<Self::Output, Skip> {
        match m {
            BoardsMovetext::Chess(m) => match self.chess.begin_variation(m, span) {
                ControlFlow::Continue(skip) => ControlFlow::Continue(skip),
                ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
            },
            BoardsMovetext::Ten(t) => {
                t.events.push(Event::BeginVariation(span));
                ControlFlow::Continue(Skip(false))
            }
        }
    }

    fn end_variation(&mut self, m: &mut Self::Movetext, span: Span) -> ControlFlow<Self::Output> {
        forward!(
            self,
            m,
            self.chess.end_variation(m, span),
            Event::EndVariation(span)
        )
    }

    fn result(
        &mut self,
        m: &mut Self::Movetext,
        result: GameResult,
        span: Span,
    ) -> ControlFlow<Self::Output> {
        forward!(
            self,
            m,
            self.chess.result(m, result, span),
            Event::Result { result, span }
        )
    }

    fn escape(&mut self, line: EscapeLine<'_>) {
        self.chess.escape(line);
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        // The 8x8 judge sees every error (it keeps those between games);
        // a game's own are kept too, for when it turns out a 10x8 one.
        if error.game.is_some() {
            self.errors.push(error);
        }
        self.chess.error(error)
    }

    fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
        match m {
            BoardsMovetext::Chess(m) => Judged::Chess(self.chess.end_game(m)),
            BoardsMovetext::Ten(mut read) => {
                read.errors = std::mem::take(&mut self.errors);
                Judged::Ten(capa::judge_game(read, &self.ten))
            }
        }
    }
}

impl<J: Judge> Judge for Boards<J> {
    fn stray(&mut self) -> Vec<PgnError> {
        self.chess.stray()
    }
    fn facts(game: &Judged<J::Output>) -> Facts {
        match game {
            Judged::Chess(o) => J::facts(o),
            Judged::Ten(t) => Facts {
                start: t.start,
                ok: t.fault.is_none(),
                warned: false,
                board: BoardOf::Ten(t.variant),
                setup_tags: t.setup_tags,
            },
        }
    }
}

/// What the games of a run were: the summary's counts and the exit
/// status's.
#[derive(Default, Clone, Copy)]
struct Counts {
    /// Games read.
    games: u64,
    /// Games `--variant` or `--setup-only` left out.
    unselected: u64,
    ok: u64,
    warned: u64,
    faulty: u64,
    /// Errors between games.
    strays: u64,
    /// Games (or positions) the chosen castling encoding cannot write.
    unwritten: u64,
    /// Games written to the rejects file.
    rejected: u64,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.games += other.games;
        self.unselected += other.unselected;
        self.ok += other.ok;
        self.warned += other.warned;
        self.faulty += other.faulty;
        self.strays += other.strays;
        self.unwritten += other.unwritten;
        self.rejected += other.rejected;
    }

    /// What makes the exit status 1.
    fn failures(&self) -> u64 {
        self.faulty + self.strays + self.unwritten
    }
}

/// What a game gives: text for standard output, standard error and the
/// rejects file, and its counts.
struct Rendered {
    out: Printer<Vec<u8>>,
    err: Diagnostics,
    rejects: Vec<u8>,
    counts: Counts,
}

impl Default for Rendered {
    fn default() -> Rendered {
        Rendered {
            out: Printer::buffer(),
            err: Diagnostics::buffer(),
            rejects: Vec::new(),
            counts: Counts::default(),
        }
    }
}

/// Where a game comes from: its file's name, and its text as read (kept
/// for `--rejects` only).
struct Origin<'a> {
    name: &'a str,
    text: Option<&'a [u8]>,
}

pub fn run(args: &Pgn) -> io::Result<Outcome> {
    let mut ten = TenOptions {
        notation: Notation::San(Language::English),
        fen: WriteOptions::new(forsyth::fen::CastlingNotation::XFen),
        variant: args.select.ten,
    };
    match &args.mode {
        PgnMode::Check { format } => {
            let format = *format;
            // The verdicts need no positions but the last.
            each_game(args, None, Replay::final_only(), ten, |g, game, r| {
                match (game, format) {
                    (Judged::Chess(game), Format::Json) => {
                        r.out.json(&json::Game::new(g.name, game))
                    }
                    (Judged::Chess(game), _) => check_text(&mut r.out, g.name, game),
                    (Judged::Ten(game), Format::Json) => {
                        r.out.json(&capa::check_json(g.name, game))
                    }
                    (Judged::Ten(game), _) => {
                        let head = Place::game(g.name, game.start.number, game.start.line);
                        match &game.fault {
                            Some(e) => writeln!(r.out, "{head}: {e}"),
                            None => writeln!(r.out, "{head}: ok"),
                        }
                    }
                }
            })
        }
        PgnMode::Fens {
            write,
            epd,
            final_only,
        } => {
            let replay = match final_only {
                true => Replay::final_only(),
                false => Replay::default(),
            };
            ten.fen = *write;
            each_game(args, None, replay, ten, |g, game, r| {
                let game = match game {
                    Judged::Chess(game) => game,
                    Judged::Ten(game) => {
                        return ten_fens(g.name, game, write, *epd, *final_only, r)
                    }
                };
                // A game stopped by a fault has no last position: the last
                // good one is not where it ended.
                if !(*final_only && game.error.is_some()) {
                    let lossy = fens(&mut r.out, game, write, *epd, *final_only)?;
                    if let Some((ply, e)) = lossy {
                        r.counts.unwritten += 1;
                        r.err.at(head(g.name, game), format_args!("ply {ply}: {e}"));
                    }
                }
                report(&mut r.err, g.name, game)
            })
        }
        PgnMode::Export { options, rejects } => {
            let file = match rejects {
                Some(path) => match File::create(path) {
                    Ok(file) => Some(io::BufWriter::new(file)),
                    Err(e) => {
                        crate::note(&format!("--rejects {}: {e}", path.display()));
                        return Ok(Outcome::Failed);
                    }
                },
                None => None,
            };
            ten.notation = options.notation;
            ten.fen = options.fen;
            let export = Export::new(*options);
            each_game(args, file, export, ten, |g, exported, r| {
                let exported = match exported {
                    Judged::Chess(exported) => exported,
                    Judged::Ten(game) => return ten_export(g, game, &options.fen, r),
                };
                let game = &exported.game;
                let whole = exported.pgn.is_some() && game.error.is_none();
                match (&exported.pgn, g.text) {
                    (_, Some(text)) if !whole => {
                        // The game as read, from its first byte to its end.
                        r.rejects.extend_from_slice(text.trim_ascii_end());
                        r.rejects.extend_from_slice(b"\n\n");
                        r.counts.rejected += 1;
                    }
                    (Some(pgn), _) => r.out.write_all(pgn.as_bytes())?,
                    (None, _) => {}
                }
                if let Some(e) = &exported.lossy {
                    r.counts.unwritten += 1;
                    r.err.at(head(g.name, game), format_args!("FEN tag: {e}"));
                }
                report(&mut r.err, g.name, game)
            })
        }
    }
}

/// The positions of a 10x8 game's main line (its last with `--final`,
/// when it replays), then its fault on standard error.
fn ten_fens(
    name: &str,
    game: &TenGame,
    write: &WriteOptions,
    epd: bool,
    final_only: bool,
    r: &mut Rendered,
) -> io::Result<()> {
    let head = Place::game(name, game.start.number, game.start.line);
    if !(final_only && game.fault.is_some()) {
        let skip = if final_only {
            game.positions.len().saturating_sub(1)
        } else {
            0
        };
        for (ply, pos) in game.positions.iter().enumerate().skip(skip) {
            let fen = match capa::fen_of(pos, write) {
                Ok(fen) => fen,
                Err(e) => {
                    r.counts.unwritten += 1;
                    r.err.at(head, format_args!("ply {ply}: {e}"));
                    break;
                }
            };
            if epd {
                let fields: Vec<&str> = fen.split(' ').take(4).collect();
                writeln!(
                    r.out,
                    "{} id \"{}.{ply}\";",
                    fields.join(" "),
                    game.start.number
                )?;
            } else {
                writeln!(r.out, "{fen}")?;
            }
        }
    }
    if let Some(e) = &game.fault {
        r.err.at(head, e);
    }
    Ok(())
}

/// A 10x8 game in the export format; with a fault, its text as read goes
/// to the rejects file (when there is one) and the fault to standard
/// error.
fn ten_export(
    g: &Origin<'_>,
    game: &TenGame,
    write: &WriteOptions,
    r: &mut Rendered,
) -> io::Result<()> {
    let head = Place::game(g.name, game.start.number, game.start.line);
    match (&game.fault, g.text) {
        (Some(_), Some(text)) => {
            r.rejects.extend_from_slice(text.trim_ascii_end());
            r.rejects.extend_from_slice(b"\n\n");
            r.counts.rejected += 1;
        }
        (Some(_), None) => {}
        (None, _) => match capa::export(game, write) {
            Ok(pgn) => r.out.write_all(pgn.as_bytes())?,
            Err(e) => {
                r.counts.unwritten += 1;
                r.err.at(head, format_args!("FEN tag: {e}"));
            }
        },
    }
    if let Some(e) = &game.fault {
        r.err.at(head, e);
    }
    Ok(())
}

/// A game's warnings and fault on standard error.
fn report(err: &mut Diagnostics, name: &str, game: &ReplayedGame) -> io::Result<()> {
    let head = head(name, game);
    for w in &game.warnings {
        let span = w.span();
        let kind = w.kind().name();
        let message = format_args!("{}:{}: warning: {kind}: {w}", span.line, span.column);
        err.at(head, message);
    }
    if let Some(problem) = &game.error {
        err.at(head, fault(problem));
    }
    Ok(())
}

/// How a selected game is rendered.
type Render<'a, O> = dyn Fn(&Origin<'_>, &O, &mut Rendered) -> io::Result<()> + Sync + 'a;

/// Every game of every file through `judge`, the selected ones rendered
/// by `render`, in input order: on this thread, or with `--threads` on
/// worker threads, the output the same bytes. With a rejects file, each
/// game's text is kept for it.
fn each_game<J: Judge>(
    args: &Pgn,
    rejects: Option<io::BufWriter<File>>,
    judge: J,
    ten: TenOptions,
    render: impl Fn(&Origin<'_>, &Judged<J::Output>, &mut Rendered) -> io::Result<()> + Sync,
) -> io::Result<Outcome>
where
    J::Output: Send,
{
    let all_tags = matches!(args.mode, PgnMode::Export { .. });
    let judge = Boards::new(judge, ten, all_tags);
    let rejects_path = match &args.mode {
        PgnMode::Export { rejects, .. } => rejects.as_deref(),
        _ => None,
    };
    let mut sink = Sink {
        out: Printer::stdout(),
        err: Diagnostics::stderr_buffered(),
        rejects,
        rejects_path,
        counts: Counts::default(),
    };
    if args.threads > 1 {
        parallel::run(args, judge, &render, &mut sink)?;
    } else {
        sequential(args, judge, &render, &mut sink)?;
    }
    sink.out.flush()?;
    if let Some(file) = &mut sink.rejects {
        file.flush()?;
    }
    let io_errors = sink.err.io_errors;
    if args.summary {
        let line = summary(&sink.counts, io_errors, rejects_path);
        sink.err.write_all(format!("{line}\n").as_bytes());
    }
    sink.err.flush();
    Ok(Outcome::of_counts(io_errors, sink.counts.failures()))
}

/// `N things`, or `1 thing`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The last line of `--summary`: `forsyth: 12 games read: 9 ok, 2 with
/// warnings, 1 with faults`, with what else happened after a `;`.
fn summary(c: &Counts, io_errors: u64, rejects: Option<&Path>) -> String {
    let mut line = format!("forsyth: {} read", count(c.games, "game", "games"));
    if c.unselected > 0 {
        line.push_str(&format!(", {} not selected", c.unselected));
    }
    line.push_str(&format!(
        ": {} ok, {} with warnings, {} with faults",
        c.ok, c.warned, c.faulty
    ));
    if c.unwritten > 0 {
        line.push_str(&format!("; {} not written", c.unwritten));
    }
    if let Some(path) = rejects {
        let games = count(c.rejected, "game", "games");
        line.push_str(&format!("; {games} written to {}", path.display()));
    }
    if c.strays > 0 {
        let errors = count(c.strays, "error", "errors");
        line.push_str(&format!("; {errors} between games"));
    }
    if io_errors > 0 {
        line.push_str(&format!(
            "; {}",
            count(io_errors, "input error", "input errors")
        ));
    }
    line
}

/// Where rendered games go, and the counts.
struct Sink<'a, O: Write, E: Write> {
    out: Printer<O>,
    err: Diagnostics<E>,
    rejects: Option<io::BufWriter<File>>,
    rejects_path: Option<&'a Path>,
    counts: Counts,
}

impl<O: Write, E: Write> Sink<'_, O, E> {
    fn write(&mut self, r: &mut Rendered) -> io::Result<()> {
        self.out.write_all(&r.out.take())?;
        self.err.write_all(&r.err.take().0);
        if let Some(file) = &mut self.rejects {
            file.write_all(&r.rejects)
                .map_err(|e| rejects_error(self.rejects_path, e))?;
        }
        self.counts.add(&r.counts);
        Ok(())
    }

    /// Whether games' texts are wanted.
    fn keeps_text(&self) -> bool {
        self.rejects.is_some()
    }

    fn io_error(&mut self, name: &str, e: &io::Error) {
        self.err.io_error(name, e);
    }
}

/// An error writing the rejects file, which names it.
fn rejects_error(path: Option<&Path>, e: io::Error) -> io::Error {
    let name = path.map(|p| p.display().to_string()).unwrap_or_default();
    io::Error::new(e.kind(), format!("--rejects {name}: {e}"))
}

/// The input, every byte read also kept (when asked) until it is cut off:
/// the text of the games.
struct Tee<R> {
    inner: R,
    kept: Option<Rc<RefCell<Vec<u8>>>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(kept) = &self.kept {
            kept.borrow_mut().extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }
}

/// One game's share of the output: the errors met between games before it
/// (never dropped), then, when it is selected, its rendering. `game` is
/// `None` for the errors after a file's last game.
fn finish_game<J: Judge>(
    g: &Origin<'_>,
    strays: &[PgnError],
    game: Option<&J::Output>,
    select: GameSelect,
    render: &Render<'_, J::Output>,
    r: &mut Rendered,
) -> io::Result<()> {
    for stray in strays {
        r.counts.strays += 1;
        stray_line(&mut r.err, g.name, stray);
    }
    let Some(game) = game else {
        return Ok(());
    };
    r.counts.games += 1;
    let facts = J::facts(game);
    if !selected(&facts, select) {
        r.counts.unselected += 1;
        return Ok(());
    }
    if !facts.ok {
        r.counts.faulty += 1;
    } else if !facts.warned {
        r.counts.ok += 1;
    } else {
        r.counts.warned += 1;
    }
    render(g, game, r)
}

/// The games replayed on this thread, as the reader gives them.
fn sequential<J: Judge, O: Write, E: Write>(
    args: &Pgn,
    mut judge: J,
    render: &Render<'_, J::Output>,
    sink: &mut Sink<'_, O, E>,
) -> io::Result<()> {
    let mut progress = Progress::new(args.progress, "games");
    let mut rendered = Rendered::default();
    for source in Source::from_args(&args.files) {
        let name = source.name();
        let input = match source.open() {
            Ok(input) => input,
            Err(e) => {
                sink.io_error(&name, &e);
                continue;
            }
        };
        // The bytes read and not yet cut off, and the offset of the first.
        let kept = Rc::new(RefCell::new(Vec::new()));
        let mut base = 0;
        let tee = Tee {
            inner: input,
            kept: sink.keeps_text().then(|| Rc::clone(&kept)),
        };
        let mut reader = Reader::new(tee);
        loop {
            let game = match reader.read_game(&mut judge) {
                Ok(Some(game)) => game,
                Ok(None) => break,
                Err(e) => {
                    sink.io_error(&name, &e);
                    break;
                }
            };
            progress.add(1);
            let end = reader.position().offset;
            let text = sink.keeps_text().then(|| {
                let start = J::facts(&game).start.offset;
                let mut kept = kept.borrow_mut();
                // What came before the game: white space, `%` lines,
                // errors between games.
                kept.drain(..(start - base) as usize);
                base = end;
                kept.drain(..(end - start) as usize).collect::<Vec<u8>>()
            });
            let strays = judge.stray();
            let origin = Origin {
                name: &name,
                text: text.as_deref(),
            };
            finish_game::<J>(
                &origin,
                &strays,
                Some(&game),
                args.select,
                render,
                &mut rendered,
            )?;
            sink.write(&mut rendered)?;
            rendered = Rendered::default();
        }
        let strays = judge.stray();
        let origin = Origin {
            name: &name,
            text: None,
        };
        finish_game::<J>(&origin, &strays, None, args.select, render, &mut rendered)?;
        sink.write(&mut rendered)?;
        rendered = Rendered::default();
    }
    Ok(())
}

/// Whether `--variant` and `--setup-only` take a game. A 10x8 game whose
/// variant cannot be told is taken by any 10x8 `--variant`: its fault is
/// reported, never dropped.
fn selected(game: &Facts, select: GameSelect) -> bool {
    let variant = match game.board {
        BoardOf::Chess(v) => select.ten.is_none() && select.variant.is_none_or(|s| s == v),
        BoardOf::Ten(v) => {
            select.variant.is_none() && select.ten.is_none_or(|s| v.is_none_or(|v| v == s))
        }
    };
    variant && (!select.setup_only || game.setup_tags)
}

/// A syntax error between games: `FILE:LINE:COL: kind: message`.
fn stray_line(err: &mut Diagnostics, name: &str, e: &PgnError) {
    let place = Place::column(name, e.span.line, e.span.column as usize);
    err.at(place, format_args!("{}: {}", e.kind.name(), e.kind));
}

/// `FILE:GAME N (line L)`.
fn head<'a>(name: &'a str, game: &ReplayedGame) -> Place<'a> {
    Place::game(name, game.start.number, game.start.line)
}

/// A move as the text writes it: `12. Nf3` or `12... Nf6`.
fn numbered(number: u32, side: Color, text: &str) -> String {
    let dots = if side == Color::White { "." } else { "..." };
    format!("{number}{dots} {text}")
}

/// `LINE:COL: 12... Nf9: KIND: message` (no move for a tag or a syntax
/// error).
fn fault(e: &ReplayError) -> String {
    let span = e.span();
    let mv = e
        .at()
        .map(|at| format!("{}: ", numbered(at.move_number, at.side, &at.text)))
        .unwrap_or_default();
    format!(
        "{}:{}: {mv}{}: {e}",
        span.line,
        span.column,
        e.kind().name()
    )
}

fn check_text(out: &mut impl Write, name: &str, game: &ReplayedGame) -> io::Result<()> {
    let head = head(name, game);
    match &game.error {
        Some(e) => writeln!(out, "{head}: {}", fault(e)),
        None if game.warnings.is_empty() => writeln!(out, "{head}: ok"),
        None => {
            let warnings: Vec<String> = game
                .warnings
                .iter()
                .map(|w| format!("warning: {}: {w}", w.kind().name()))
                .collect();
            writeln!(out, "{head}: ok ({})", warnings.join("; "))
        }
    }
}

/// Writes the positions of a game's main line; the first position the
/// encoding cannot say stops it, and is returned with its ply.
fn fens(
    out: &mut impl Write,
    game: &ReplayedGame,
    write: &WriteOptions,
    epd: bool,
    final_only: bool,
) -> io::Result<Option<(usize, forsyth::fen::LossyCastlingError)>> {
    let skip = if final_only {
        game.positions.len().saturating_sub(1)
    } else {
        0
    };
    for (ply, pos) in game.positions.iter().enumerate().skip(skip) {
        let fen = match pos.setup().to_fen(write) {
            Ok(fen) => fen,
            Err(e) => return Ok(Some((ply, e))),
        };
        if epd {
            // The four position fields, then the id operation.
            let fields: Vec<&str> = fen.split(' ').take(4).collect();
            writeln!(
                out,
                "{} id \"{}.{ply}\";",
                fields.join(" "),
                game.start.number
            )?;
        } else {
            writeln!(out, "{fen}")?;
        }
    }
    Ok(None)
}

/// `--threads`: this thread reads the input once for its game boundaries
/// (the reader with a visitor that keeps nothing) and cuts it there into
/// batches of games; worker threads read each batch again from its
/// position (`Reader::resume`: the same numbers, lines and columns),
/// replay and render it; this thread writes the batches back in input
/// order. Memory stays bounded: a few batches per worker in flight.
mod parallel {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::io::{self, Write};
    use std::ops::ControlFlow;
    use std::rc::Rc;
    use std::sync::{mpsc, Arc, Mutex};

    use forsyth::pgn::{GameStart, Reader, ReaderPosition, Visitor};

    use super::{finish_game, Judge, Origin, Render, Rendered, Sink, Tee};
    use crate::lines::Source;
    use crate::options::Pgn;
    use crate::progress::Progress;

    /// Games per batch.
    const BATCH: u64 = 64;

    /// The bytes of a run of whole games of one file, and where they start.
    struct Batch {
        seq: u64,
        name: Arc<str>,
        at: ReaderPosition,
        bytes: Vec<u8>,
    }

    /// Finds game boundaries: keeps nothing, never skips (so the reader
    /// reads every token as a judge's reader does).
    struct Boundaries;

    impl Visitor for Boundaries {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) {}
    }

    pub(super) fn run<J: Judge, O: Write, E: Write>(
        args: &Pgn,
        judge: J,
        render: &Render<'_, J::Output>,
        sink: &mut Sink<'_, O, E>,
    ) -> io::Result<()> {
        let threads = args.threads;
        let keep = sink.keeps_text();
        let (work_tx, work_rx) = mpsc::sync_channel::<Batch>(threads * 2);
        let work_rx = Arc::new(Mutex::new(work_rx));
        let (done_tx, done_rx) = mpsc::channel::<(u64, io::Result<Vec<Rendered>>)>();
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let (rx, tx, mut judge) = (Arc::clone(&work_rx), done_tx.clone(), judge.clone());
                scope.spawn(move || loop {
                    let next = rx.lock().map(|rx| rx.recv());
                    let Ok(Ok(batch)) = next else {
                        return;
                    };
                    let rendered = judge_batch(args, &mut judge, render, &batch, keep);
                    if tx.send((batch.seq, rendered)).is_err() {
                        return;
                    }
                });
            }
            drop(done_tx);
            let mut order = Order {
                done: done_rx,
                pending: BTreeMap::new(),
                sent: 0,
                written: 0,
            };
            let limit = threads as u64 * 4;
            let read = read_all(args, &work_tx, &mut order, sink, limit);
            drop(work_tx);
            let wrote = order.drain(sink, 0);
            read.and(wrote)
        })
    }

    /// A batch replayed and rendered as the sequential loop does it (each
    /// game's text given when `keep`).
    fn judge_batch<J: Judge>(
        args: &Pgn,
        judge: &mut J,
        render: &Render<'_, J::Output>,
        batch: &Batch,
        keep: bool,
    ) -> io::Result<Vec<Rendered>> {
        let mut out = Vec::new();
        let mut reader = Reader::resume(&batch.bytes[..], batch.at);
        // Offsets in the input, to indices in the batch.
        let index = |offset: u64| (offset - batch.at.offset) as usize;
        while let Some(game) = reader.read_game(judge)? {
            let mut r = Rendered::default();
            let strays = judge.stray();
            let start = index(J::facts(&game).start.offset);
            let end = index(reader.position().offset);
            let origin = Origin {
                name: &batch.name,
                text: keep.then(|| &batch.bytes[start..end]),
            };
            finish_game::<J>(&origin, &strays, Some(&game), args.select, render, &mut r)?;
            out.push(r);
        }
        let mut r = Rendered::default();
        let strays = judge.stray();
        let origin = Origin {
            name: &batch.name,
            text: None,
        };
        finish_game::<J>(&origin, &strays, None, args.select, render, &mut r)?;
        out.push(r);
        Ok(out)
    }

    /// The batches sent, and the renderings to write back in order.
    struct Order {
        done: mpsc::Receiver<(u64, io::Result<Vec<Rendered>>)>,
        pending: BTreeMap<u64, io::Result<Vec<Rendered>>>,
        sent: u64,
        written: u64,
    }

    impl Order {
        /// Writes what is ready, waiting until at most `ahead` batches are
        /// still out.
        fn drain<O: Write, E: Write>(
            &mut self,
            sink: &mut Sink<'_, O, E>,
            ahead: u64,
        ) -> io::Result<()> {
            loop {
                while let Ok((seq, batch)) = self.done.try_recv() {
                    self.pending.insert(seq, batch);
                }
                while let Some(batch) = self.pending.remove(&self.written) {
                    for mut r in batch? {
                        sink.write(&mut r)?;
                    }
                    self.written += 1;
                }
                if self.sent - self.written <= ahead {
                    return Ok(());
                }
                match self.done.recv() {
                    Ok((seq, batch)) => {
                        self.pending.insert(seq, batch);
                    }
                    Err(_) => return Err(io::Error::other("a worker thread stopped")),
                }
            }
        }

        fn send(&mut self, work: &mpsc::SyncSender<Batch>, batch: Batch) -> io::Result<()> {
            work.send(batch)
                .map_err(|_| io::Error::other("the worker threads stopped"))?;
            self.sent += 1;
            Ok(())
        }
    }

    /// Reads every file, cutting it into batches at game boundaries.
    fn read_all<O: Write, E: Write>(
        args: &Pgn,
        work: &mpsc::SyncSender<Batch>,
        order: &mut Order,
        sink: &mut Sink<'_, O, E>,
        limit: u64,
    ) -> io::Result<()> {
        let mut progress = Progress::new(args.progress, "games");
        for source in Source::from_args(&args.files) {
            let name: Arc<str> = Arc::from(source.name());
            let input = match source.open() {
                Ok(input) => input,
                Err(e) => {
                    // Everything before it is written first, in order.
                    order.drain(sink, 0)?;
                    sink.io_error(&name, &e);
                    continue;
                }
            };
            let kept = Rc::new(RefCell::new(Vec::new()));
            let tee = Tee {
                inner: input,
                kept: Some(Rc::clone(&kept)),
            };
            let mut reader = Reader::new(tee);
            // The batch being cut: where it starts, its games so far.
            let mut at = reader.position();
            let mut boundary = at;
            let mut games = 0;
            let cut = |kept: &Rc<RefCell<Vec<u8>>>, from: ReaderPosition, to: Option<u64>| {
                let mut kept = kept.borrow_mut();
                let len = to.map_or(kept.len(), |to| (to - from.offset) as usize);
                let bytes: Vec<u8> = kept.drain(..len).collect();
                Batch {
                    seq: 0,
                    name: Arc::clone(&name),
                    at: from,
                    bytes,
                }
            };
            let failed = loop {
                match reader.read_game(&mut Boundaries) {
                    Ok(Some(())) => {
                        progress.add(1);
                        games += 1;
                        boundary = reader.position();
                        if games == BATCH {
                            let batch = Batch {
                                seq: order.sent,
                                ..cut(&kept, at, Some(boundary.offset))
                            };
                            order.send(work, batch)?;
                            order.drain(sink, limit)?;
                            at = boundary;
                            games = 0;
                        }
                    }
                    Ok(None) => break None,
                    Err(e) => break Some(e),
                }
            };
            // The rest of the file; after a read error, its whole games
            // only (as the sequential loop writes them).
            let end = failed.as_ref().map(|_| boundary.offset);
            let batch = Batch {
                seq: order.sent,
                ..cut(&kept, at, end)
            };
            if failed.is_none() || games > 0 {
                order.send(work, batch)?;
            }
            if let Some(e) = failed {
                order.drain(sink, 0)?;
                sink.io_error(&name, &e);
            }
        }
        Ok(())
    }
}
