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
use forsyth::pgn::{Export, ExportedGame, Replay, ReplayError, ReplayWarning, ReplayedGame};
use forsyth::pgn::{PgnError, Reader, TagList, Visitor};
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
    /// The game, numbered from 1 in a piece of its file, as numbered in
    /// the whole file: `before` games come first.
    fn renumber(game: &mut Self::Output, before: u64);
}

/// A game numbered from 1 in a piece of its file, numbered in the whole
/// file.
fn renumber(game: &mut ReplayedGame, before: u64) {
    game.start.number += before;
    if let Some(ReplayError::Syntax(e)) = &mut game.error {
        if let Some(number) = &mut e.game {
            *number += before;
        }
    }
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
    fn renumber(game: &mut ReplayedGame, before: u64) {
        renumber(game, before);
    }
}

impl Judge for Export {
    fn stray(&mut self) -> Vec<PgnError> {
        self.take_stray()
    }
    fn facts(game: &ExportedGame) -> Facts {
        Facts::of(&game.game)
    }
    fn renumber(game: &mut ExportedGame, before: u64) {
        renumber(&mut game.game, before);
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
    /// The tags of the game being read that a 10x8 game keeps, and its
    /// `Result` tag: here, not in the game's tags, so that their room
    /// serves every game.
    tags: TagList,
}

/// The tags of a game being read (their text is in [`Boards`]).
struct BoardsTags<T> {
    chess: T,
    start: GameStart,
    /// The place of the `Result` tag, judged on a 10x8 board.
    result_at: Option<Span>,
    /// Where the `FEN` and `SetUp` tags are, for a 10x8 game's warnings.
    fen_at: Option<Span>,
    setup_at: Option<Span>,
}

/// The movetext of a game being read, on its board.
enum BoardsMovetext<M> {
    Chess(M),
    Ten(Box<TenRead>),
}

impl<J: Judge> Boards<J> {
    fn new(chess: J, ten: TenOptions, all_tags: bool) -> Boards<J> {
        Boards {
            chess,
            ten,
            all_tags,
            errors: Vec::new(),
            tags: TagList::default(),
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
        self.tags.clear();
        match self.chess.begin_game(start) {
            ControlFlow::Continue(chess) => ControlFlow::Continue(BoardsTags {
                chess,
                start,
                result_at: None,
                fen_at: None,
                setup_at: None,
            }),
            ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
        }
    }

    fn tag(&mut self, tags: &mut Self::Tags, tag: Tag<'_>) -> ControlFlow<Self::Output> {
        match tag.name {
            "Result" => tags.result_at = Some(tag.span),
            "FEN" => tags.fen_at = Some(tag.span),
            "SetUp" => tags.setup_at = Some(tag.span),
            _ => {}
        }
        if self.all_tags || matches!(tag.name, "Variant" | "FEN" | "SetUp" | "Result") {
            self.tags.push(tag.name, &tag.value.decode());
        }
        match self.chess.tag(&mut tags.chess, tag) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => ControlFlow::Break(Judged::Chess(o)),
        }
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let (variant, fen) = (self.tags.first("Variant"), self.tags.first("FEN"));
        if capa::game_board(variant, fen, self.ten.variant).is_some() {
            let kept = self
                .tags
                .iter()
                .filter(|(n, _)| self.all_tags || matches!(*n, "Variant" | "FEN" | "SetUp"));
            // The last `Result` tag is the one judged.
            let result = self.tags.iter().filter(|(n, _)| *n == "Result").last();
            return ControlFlow::Continue(BoardsMovetext::Ten(Box::new(TenRead {
                start: Some(tags.start),
                tags: kept.map(|(n, v)| (n.to_owned(), v.to_owned())).collect(),
                result: result
                    .zip(tags.result_at)
                    .map(|((_, v), at)| (v.to_owned(), at)),
                fen_at: tags.fen_at,
                setup_at: tags.setup_at,
                events: Vec::new(),
                errors: Vec::new(),
            })));
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
                Judged::Ten(capa::judge_game(*read, &self.ten))
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
                warned: !t.warnings.is_empty(),
                board: BoardOf::Ten(t.variant),
                setup_tags: t.setup_tags,
            },
        }
    }
    fn renumber(game: &mut Judged<J::Output>, before: u64) {
        match game {
            Judged::Chess(o) => J::renumber(o, before),
            Judged::Ten(t) => t.start.number += before,
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

/// Where a game comes from: its file's name.
struct Origin<'a> {
    name: &'a str,
    /// What [`Early`] returned for the game.
    unwritten: Option<&'a str>,
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
            each_game(
                args,
                None,
                Replay::final_only(),
                ten,
                None,
                |g, game, r| match (game, format) {
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
                            None => ok_text(&mut r.out, head, &game.warnings),
                        }
                    }
                },
            )
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
            let (epd, final_only) = (*epd, *final_only);
            // Without `--epd` the lines of a game do not depend on its
            // number: they are written as soon as it is replayed.
            let early = move |game: &mut Judged<ReplayedGame>,
                              _: Option<&[u8]>,
                              r: &mut Rendered|
                  -> io::Result<Option<String>> {
                let unwritten = fen_lines(r.out.bytes(), game, write, false, final_only)?;
                match game {
                    Judged::Chess(game) => game.positions = Vec::new(),
                    Judged::Ten(game) => game.positions = Vec::new(),
                }
                Ok(unwritten)
            };
            let early: Option<&Early<'_, _>> = if epd { None } else { Some(&early) };
            each_game(args, None, replay, ten, early, |g, game, r| {
                let made;
                let unwritten = match early {
                    Some(_) => g.unwritten,
                    None => {
                        made = fen_lines(r.out.bytes(), game, write, epd, final_only)?;
                        made.as_deref()
                    }
                };
                let start = match game {
                    Judged::Chess(game) => game.start,
                    Judged::Ten(game) => game.start,
                };
                let head = Place::game(g.name, start.number, start.line);
                if let Some(message) = unwritten {
                    r.counts.unwritten += 1;
                    r.err.at(head, message);
                }
                match game {
                    Judged::Chess(game) => report(&mut r.err, g.name, game),
                    Judged::Ten(game) => {
                        report_warnings(&mut r.err, head, &game.warnings);
                        if let Some(e) = &game.fault {
                            r.err.at(head, e);
                        }
                        Ok(())
                    }
                }
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
            // A game's text does not depend on its number: it is written
            // as soon as it is replayed, and freed.
            let early = |exported: &mut Judged<ExportedGame>,
                         text: Option<&[u8]>,
                         r: &mut Rendered|
             -> io::Result<Option<String>> {
                match exported {
                    Judged::Chess(exported) => export_early(exported, text, r),
                    Judged::Ten(game) => ten_export(game, text, &options.fen, r),
                }
            };
            each_game(args, file, export, ten, Some(&early), |g, exported, r| {
                let head = match exported {
                    Judged::Chess(exported) => head(g.name, &exported.game),
                    Judged::Ten(game) => Place::game(g.name, game.start.number, game.start.line),
                };
                if let Some(message) = g.unwritten {
                    r.counts.unwritten += 1;
                    r.err.at(head, message);
                }
                match exported {
                    Judged::Chess(exported) => report(&mut r.err, g.name, &exported.game),
                    Judged::Ten(game) => {
                        report_warnings(&mut r.err, head, &game.warnings);
                        if let Some(e) = &game.fault {
                            r.err.at(head, e);
                        }
                        Ok(())
                    }
                }
            })
        }
    }
}

/// A game's text as read into the rejects file, a blank line after it.
fn reject(text: &[u8], r: &mut Rendered) {
    r.rejects.extend_from_slice(text.trim_ascii_end());
    r.rejects.extend_from_slice(b"\n\n");
    r.counts.rejected += 1;
}

/// An 8x8 game in the export format (a faulty one up to its fault); with a
/// fault and `text` (a rejects file), its text as read goes there instead.
/// What only this needs is freed; a `FEN` tag the encoding cannot write is
/// returned as a message.
fn export_early(
    exported: &mut ExportedGame,
    text: Option<&[u8]>,
    r: &mut Rendered,
) -> io::Result<Option<String>> {
    let whole = exported.pgn.is_some() && exported.game.error.is_none();
    match (exported.pgn.take(), text) {
        (_, Some(text)) if !whole => reject(text, r),
        (Some(pgn), _) => r.out.write_all(pgn.as_bytes())?,
        (None, _) => {}
    }
    exported.game.positions = Vec::new();
    Ok(exported.lossy.as_ref().map(|e| format!("FEN tag: {e}")))
}

/// A 10x8 game in the export format, as [`export_early`] writes an 8x8
/// one.
fn ten_export(
    game: &mut TenGame,
    text: Option<&[u8]>,
    write: &WriteOptions,
    r: &mut Rendered,
) -> io::Result<Option<String>> {
    let mut unwritten = None;
    match (&game.fault, text) {
        (Some(_), Some(text)) => reject(text, r),
        // Without a rejects file a faulty game is written up to its
        // fault, the rest in a comment, as on 8x8.
        _ => match capa::export(game, write) {
            Ok(pgn) => r.out.write_all(pgn.as_bytes())?,
            Err(e) => unwritten = Some(format!("FEN tag: {e}")),
        },
    }
    game.tags = Vec::new();
    game.movetext = String::new();
    game.positions = Vec::new();
    Ok(unwritten)
}

/// Writes the positions of a game's main line, on either board (its last
/// with `--final`, when it replays); the first position the encoding
/// cannot say stops it, and is returned as a message with its ply.
fn fen_lines(
    out: &mut Vec<u8>,
    game: &Judged<ReplayedGame>,
    write: &WriteOptions,
    epd: bool,
    final_only: bool,
) -> io::Result<Option<String>> {
    let game = match game {
        Judged::Chess(game) => game,
        Judged::Ten(game) => return ten_fens(out, game, write, epd, final_only),
    };
    // A game stopped by a fault has no last position: the last good one
    // is not where it ended.
    if final_only && game.error.is_some() {
        return Ok(None);
    }
    let lossy = fens(out, game, write, epd, final_only)?;
    Ok(lossy.map(|(ply, e)| format!("ply {ply}: {e}")))
}

/// The positions of a 10x8 game's main line (its last with `--final`,
/// when it replays), as [`fen_lines`] writes them.
fn ten_fens(
    out: &mut Vec<u8>,
    game: &TenGame,
    write: &WriteOptions,
    epd: bool,
    final_only: bool,
) -> io::Result<Option<String>> {
    if final_only && game.fault.is_some() {
        return Ok(None);
    }
    let skip = if final_only {
        game.positions.len().saturating_sub(1)
    } else {
        0
    };
    for (ply, pos) in game.positions.iter().enumerate().skip(skip) {
        let fen = match capa::fen_of(pos, write) {
            Ok(fen) => fen,
            Err(e) => return Ok(Some(format!("ply {ply}: {e}"))),
        };
        if epd {
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

/// A game's warnings and fault on standard error.
fn report(err: &mut Diagnostics, name: &str, game: &ReplayedGame) -> io::Result<()> {
    let head = head(name, game);
    report_warnings(err, head, &game.warnings);
    if let Some(problem) = &game.error {
        err.at(head, fault(problem));
    }
    Ok(())
}

/// A game's warnings on standard error, on either board.
fn report_warnings(err: &mut Diagnostics, head: Place<'_>, warnings: &[ReplayWarning]) {
    for w in warnings {
        let span = w.span();
        let kind = w.kind().name();
        let message = format_args!("{}:{}: warning: {kind}: {w}", span.line, span.column);
        err.at(head, message);
    }
}

/// The part of a selected game's rendering that does not depend on its
/// number, made as soon as it is replayed, on the thread that replayed
/// it, into the output or the rejects (given the game's text as read when
/// a rejects file keeps it): it may free what only it needs (the
/// positions, the text written: most of a game's memory), instead of
/// keeping it while the games before are counted. It returns a message
/// for the rendering, which gets it as [`Origin::unwritten`].
type Early<'a, O> =
    dyn Fn(&mut O, Option<&[u8]>, &mut Rendered) -> io::Result<Option<String>> + Sync + 'a;

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
    early: Option<&Early<'_, Judged<J::Output>>>,
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
        parallel::run(args, judge, early, &render, &mut sink)?;
    } else {
        sequential(args, judge, early, &render, &mut sink)?;
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
    /// Writes a rendering, leaving it empty (its buffers kept, for the
    /// next).
    fn write(&mut self, r: &mut Rendered) -> io::Result<()> {
        let out = r.out.bytes();
        self.out.write_all(out)?;
        out.clear();
        self.err.write_all(&r.err.take().0);
        if let Some(file) = &mut self.rejects {
            file.write_all(&r.rejects)
                .map_err(|e| rejects_error(self.rejects_path, e))?;
        }
        r.rejects.clear();
        self.counts.add(&std::mem::take(&mut r.counts));
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
    early: Option<&Early<'_, J::Output>>,
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
            let mut game = match reader.read_game(&mut judge) {
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
            let unwritten = match early {
                Some(early) if selected(&J::facts(&game), args.select) => {
                    early(&mut game, text.as_deref(), &mut rendered)?
                }
                _ => None,
            };
            let origin = Origin {
                name: &name,
                unwritten: unwritten.as_deref(),
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
        }
        let strays = judge.stray();
        let origin = Origin {
            name: &name,
            unwritten: None,
        };
        finish_game::<J>(&origin, &strays, None, args.select, render, &mut rendered)?;
        sink.write(&mut rendered)?;
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
        None => ok_text(out, head, &game.warnings),
    }
}

/// The line of `pgn check` for a game without fault, on either board.
fn ok_text(out: &mut impl Write, head: Place<'_>, warnings: &[ReplayWarning]) -> io::Result<()> {
    if warnings.is_empty() {
        return writeln!(out, "{head}: ok");
    }
    let warnings: Vec<String> = warnings
        .iter()
        .map(|w| format!("warning: {}: {w}", w.kind().name()))
        .collect();
    writeln!(out, "{head}: ok ({})", warnings.join("; "))
}

/// Writes the positions of a game's main line; the first position the
/// encoding cannot say stops it, and is returned with its ply.
fn fens(
    out: &mut Vec<u8>,
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
    let mut writer = forsyth::fen::Writer::new(*write);
    for (ply, pos) in game.positions.iter().enumerate().skip(skip) {
        let start = out.len();
        if let Err(e) = writer.write(pos.setup(), out) {
            return Ok(Some((ply, e)));
        }
        if epd {
            // The four position fields, then the id operation.
            if let Some(clocks) = memchr::memchr_iter(b' ', &out[start..]).nth(3) {
                out.truncate(start + clocks);
            }
            write!(out, " id \"{}.{ply}\";", game.start.number)?;
        }
        out.push(b'\n');
    }
    Ok(None)
}

/// `--threads`: this thread reads each file in pieces of about `PIECE`
/// bytes, each cut before a line that starts with `[`
/// after a blank line (where a game nearly always starts), and counts
/// their lines; worker threads replay each piece on its own
/// (`Reader::resume`: the same offsets, lines and columns), numbering its
/// games from 1. A piece whose end cut something short
/// (`Reader::cut_short`: a comment across the cut, a game's tag pairs on
/// both sides of it) was not cut between games: it is replayed again joined
/// to the next one. In input order, this thread then gives each piece the
/// number of games before it, a worker renders it, and this thread writes
/// the renderings in input order. Memory stays bounded: a few pieces per
/// worker in flight (a file with no such line is one piece).
mod parallel {
    use std::collections::VecDeque;
    use std::io::{self, Read, Write};
    use std::sync::{mpsc, Arc};

    use forsyth::pgn::{PgnError, Reader, ReaderPosition};

    use super::{finish_game, selected, Early, Judge, Origin, Render, Rendered, Sink};
    use crate::lines::Source;
    use crate::options::Pgn;
    use crate::progress::Progress;

    /// The bytes read, at least, before a piece is cut (at the last place
    /// to cut in them), and read at a time.
    const PIECE: usize = 1 << 18;

    /// Bytes of a file from a position on.
    struct Piece {
        name: Arc<str>,
        /// Where they start; `games` is 0.
        at: ReaderPosition,
        /// The bytes are `buf[..len]`: the rest is room, kept filled so
        /// that the buffer is not zeroed again when it serves another
        /// piece.
        buf: Vec<u8>,
        len: usize,
        /// The file ends with them, at its end or at a read error.
        last: bool,
        /// Reading the file failed after them.
        failed: bool,
    }

    impl Piece {
        fn bytes(&self) -> &[u8] {
            &self.buf[..self.len]
        }
    }

    /// A game of a piece, numbered from 1 in it.
    struct Played<O> {
        game: O,
        /// The errors between games before it.
        strays: Vec<PgnError>,
        /// What [`Early`] returned for it.
        unwritten: Option<String>,
    }

    /// A piece's games, and the rendering their early part went into.
    struct Replayed<O> {
        games: Vec<Played<O>>,
        /// The errors between games after the last one.
        tail: Vec<PgnError>,
        /// The end of the piece cut something short.
        cut: bool,
        into: Rendered,
        /// Making the early part failed: the piece fails with it.
        failed: Option<io::Error>,
    }

    // A few in flight per worker: boxing would save no memory worth it.
    #[allow(clippy::large_enum_variant)]
    enum Job<O> {
        Replay {
            id: u64,
            piece: Arc<Piece>,
            /// Where to render it: buffers written out before, for their
            /// room.
            into: Rendered,
        },
        Render {
            id: u64,
            piece: Arc<Piece>,
            replayed: Replayed<O>,
            /// The games of the file before the piece.
            before: u64,
        },
    }

    /// A job done: by which worker, for which piece, what it gives.
    struct Done<O> {
        worker: usize,
        id: u64,
        state: State<O>,
    }

    /// A piece's games rendered, the errors after them, how many games.
    type RenderResult = io::Result<(Rendered, Rendered, u64)>;

    #[allow(clippy::large_enum_variant)]
    enum State<O> {
        Replaying,
        Replayed(Replayed<O>),
        Rendering,
        Rendered(RenderResult),
    }

    struct Slot<O> {
        id: u64,
        /// The worker that replays it.
        worker: usize,
        piece: Arc<Piece>,
        state: State<O>,
        /// The read error the piece ends with.
        error: Option<io::Error>,
    }

    pub(super) fn run<J: Judge, O: Write, E: Write>(
        args: &Pgn,
        judge: J,
        early: Option<&Early<'_, J::Output>>,
        render: &Render<'_, J::Output>,
        sink: &mut Sink<'_, O, E>,
    ) -> io::Result<()>
    where
        J::Output: Send,
    {
        let threads = args.threads;
        let keep = sink.keeps_text();
        let (done_tx, done_rx) = mpsc::channel::<Done<J::Output>>();
        std::thread::scope(|scope| {
            // A queue per worker: a piece is rendered where it was replayed,
            // so that its games are freed where they were made.
            let mut work = Vec::with_capacity(threads);
            for worker in 0..threads {
                let (work_tx, rx) = mpsc::channel::<Job<J::Output>>();
                work.push(work_tx);
                let (tx, mut judge) = (done_tx.clone(), judge.clone());
                scope.spawn(move || {
                    let mut queue = Queue::default();
                    // The games of the last piece replayed: the room for the
                    // next one's, so that they are not moved as they grow.
                    let mut room = 0;
                    while let Some(job) = queue.next(&rx) {
                        let (id, state) = match job {
                            Job::Replay { id, piece, into } => {
                                let games = Vec::with_capacity(room);
                                let replayed =
                                    replay(args, &mut judge, early, &piece, keep, games, into);
                                room = replayed.games.len();
                                (id, State::Replayed(replayed))
                            }
                            Job::Render {
                                id,
                                piece,
                                replayed,
                                before,
                            } => {
                                let rendered =
                                    render_piece::<J>(args, render, &piece, replayed, before);
                                (id, State::Rendered(rendered))
                            }
                        };
                        if tx.send(Done { worker, id, state }).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done_tx);
            let mut line = Pipeline {
                load: vec![0; threads],
                spare: Vec::new(),
                spare_bytes: Vec::new(),
                work,
                done: done_rx,
                slots: VecDeque::new(),
                numbered: 0,
                ids: 0,
                games: 0,
                limit: threads * 4,
                progress: Progress::new(args.progress, "games"),
            };
            let read = read_all(args, &mut line, sink);
            let wrote = line.drain(sink);
            // The workers stop when the work channel closes.
            drop(line);
            read.and(wrote)
        })
    }

    /// A worker's jobs received and not yet done. A piece's games wait in
    /// memory from their replay to their rendering: rendering first keeps
    /// few of them there, so that they are still in the cache and their
    /// room is soon reused.
    struct Queue<O> {
        render: VecDeque<Job<O>>,
        replay: VecDeque<Job<O>>,
    }

    impl<O> Default for Queue<O> {
        fn default() -> Queue<O> {
            Queue {
                render: VecDeque::new(),
                replay: VecDeque::new(),
            }
        }
    }

    impl<O> Queue<O> {
        /// The next job: a rendering if one was sent, else the oldest
        /// replay; `None` once the channel is closed and every job done.
        fn next(&mut self, rx: &mpsc::Receiver<Job<O>>) -> Option<Job<O>> {
            loop {
                let job = match rx.try_recv() {
                    Ok(job) => job,
                    Err(_) => break,
                };
                self.add(job);
            }
            if let Some(job) = self.render.pop_front().or_else(|| self.replay.pop_front()) {
                return Some(job);
            }
            rx.recv().ok()
        }

        fn add(&mut self, job: Job<O>) {
            match job {
                Job::Render { .. } => self.render.push_back(job),
                Job::Replay { .. } => self.replay.push_back(job),
            }
        }
    }

    /// A piece's games replayed as the sequential loop replays them, into
    /// `games`, the early part of their rendering made (given their text
    /// when `keep`); a read error stops them where it stops that loop.
    fn replay<J: Judge>(
        args: &Pgn,
        judge: &mut J,
        early: Option<&Early<'_, J::Output>>,
        piece: &Piece,
        keep: bool,
        mut games: Vec<Played<J::Output>>,
        mut into: Rendered,
    ) -> Replayed<J::Output> {
        let input = Ending {
            bytes: piece.bytes(),
            failed: piece.failed,
        };
        let mut reader = Reader::resume(input, piece.at);
        let index = |offset: u64| (offset - piece.at.offset) as usize;
        let mut failed = None;
        while let Ok(Some(mut game)) = reader.read_game(judge) {
            let strays = judge.stray();
            let facts = J::facts(&game);
            let (start, end) = (index(facts.start.offset), index(reader.position().offset));
            let unwritten = match early {
                Some(early) if selected(&facts, args.select) => {
                    let text = keep.then(|| &piece.bytes()[start..end]);
                    match early(&mut game, text, &mut into) {
                        Ok(unwritten) => unwritten,
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                _ => None,
            };
            games.push(Played {
                game,
                strays,
                unwritten,
            });
        }
        Replayed {
            games,
            tail: judge.stray(),
            cut: reader.cut_short(),
            into,
            failed,
        }
    }

    /// A piece's games numbered on from `before` and rendered as the
    /// sequential loop renders them, all in one rendering; then the errors
    /// after the last one, in another.
    fn render_piece<J: Judge>(
        args: &Pgn,
        render: &Render<'_, J::Output>,
        piece: &Piece,
        replayed: Replayed<J::Output>,
        before: u64,
    ) -> RenderResult {
        if let Some(e) = replayed.failed {
            return Err(e);
        }
        let n = replayed.games.len() as u64;
        let mut games = replayed.into;
        for mut played in replayed.games {
            J::renumber(&mut played.game, before);
            let origin = Origin {
                name: &piece.name,
                unwritten: played.unwritten.as_deref(),
            };
            finish_game::<J>(
                &origin,
                &played.strays,
                Some(&played.game),
                args.select,
                render,
                &mut games,
            )?;
        }
        let mut tail = Rendered::default();
        let origin = Origin {
            name: &piece.name,
            unwritten: None,
        };
        finish_game::<J>(
            &origin,
            &replayed.tail,
            None,
            args.select,
            render,
            &mut tail,
        )?;
        Ok((games, tail, n))
    }

    /// Bytes, then a read error when `failed`.
    struct Ending<'a> {
        bytes: &'a [u8],
        failed: bool,
    }

    impl Read for Ending<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.bytes.is_empty() && self.failed {
                // The file's own error is reported in its place.
                return Err(io::Error::other("read error"));
            }
            self.bytes.read(buf)
        }
    }

    /// The pieces in flight, in input order, and the channels to the
    /// workers.
    struct Pipeline<O> {
        /// Each worker's queue, and how many jobs it has.
        work: Vec<mpsc::Sender<Job<O>>>,
        load: Vec<usize>,
        /// Renderings written out, empty, for their room.
        spare: Vec<Rendered>,
        /// The bytes of pieces written out, empty, for their room: a fresh
        /// buffer per piece would cost a page fault per page read.
        spare_bytes: Vec<Vec<u8>>,
        done: mpsc::Receiver<Done<O>>,
        slots: VecDeque<Slot<O>>,
        /// The slots before this one are numbered: rendering or rendered.
        numbered: usize,
        ids: u64,
        /// The games of the current file in the pieces numbered.
        games: u64,
        /// Pieces in flight at most.
        limit: usize,
        progress: Progress,
    }

    impl<O> Pipeline<O> {
        /// Gives a job to a worker.
        fn send(&mut self, worker: usize, job: Job<O>) -> io::Result<()> {
            self.load[worker] += 1;
            self.work[worker]
                .send(job)
                .map_err(|_| io::Error::other("the worker threads stopped"))
        }

        /// A piece to replay to the least busy worker: which.
        fn replay(&mut self, id: u64, piece: &Arc<Piece>) -> io::Result<usize> {
            let worker = (0..self.load.len())
                .min_by_key(|&w| self.load[w])
                .unwrap_or_default();
            let piece = Arc::clone(piece);
            let into = self.spare.pop().unwrap_or_default();
            self.send(worker, Job::Replay { id, piece, into })?;
            Ok(worker)
        }

        /// Hands a piece to the workers, then writes what is ready, waiting
        /// while too many pieces are in flight.
        fn push<W: Write, E: Write>(
            &mut self,
            piece: Piece,
            error: Option<io::Error>,
            sink: &mut Sink<'_, W, E>,
        ) -> io::Result<()> {
            let (id, piece) = (self.ids, Arc::new(piece));
            self.ids += 1;
            let worker = self.replay(id, &piece)?;
            self.slots.push_back(Slot {
                id,
                worker,
                piece,
                state: State::Replaying,
                error,
            });
            self.advance(sink)?;
            while self.slots.len() >= self.limit {
                self.wait(sink)?;
            }
            Ok(())
        }

        /// Writes every piece in flight.
        fn drain<W: Write, E: Write>(&mut self, sink: &mut Sink<'_, W, E>) -> io::Result<()> {
            self.advance(sink)?;
            while !self.slots.is_empty() {
                self.wait(sink)?;
            }
            Ok(())
        }

        /// Takes what a worker did, and goes on.
        fn wait<W: Write, E: Write>(&mut self, sink: &mut Sink<'_, W, E>) -> io::Result<()> {
            let done = self
                .done
                .recv()
                .map_err(|_| io::Error::other("a worker thread stopped"))?;
            self.load[done.worker] -= 1;
            // A piece since joined to the one before it is no longer here.
            match self.slots.iter_mut().find(|s| s.id == done.id) {
                Some(slot) => slot.state = done.state,
                None => self.recycle(done.state),
            }
            self.advance(sink)
        }

        /// Numbers the replayed pieces in input order (joining a piece cut
        /// short to the next), and writes the rendered ones.
        fn advance<W: Write, E: Write>(&mut self, sink: &mut Sink<'_, W, E>) -> io::Result<()> {
            while let Some(slot) = self.slots.get(self.numbered) {
                let State::Replayed(replayed) = &slot.state else {
                    break;
                };
                if replayed.cut && !slot.piece.last {
                    if self.numbered + 1 >= self.slots.len() {
                        break;
                    }
                    self.join()?;
                    break;
                }
                let slot = &mut self.slots[self.numbered];
                let State::Replayed(replayed) =
                    std::mem::replace(&mut slot.state, State::Rendering)
                else {
                    unreachable!("the state was just matched");
                };
                if slot.piece.at.offset == 0 {
                    self.games = 0;
                }
                let before = self.games;
                self.games += replayed.games.len() as u64;
                let job = Job::Render {
                    id: slot.id,
                    piece: Arc::clone(&slot.piece),
                    replayed,
                    before,
                };
                let worker = slot.worker;
                self.send(worker, job)?;
                self.numbered += 1;
            }
            while let Some(Slot {
                state: State::Rendered(_),
                ..
            }) = self.slots.front()
            {
                let Some(slot) = self.slots.pop_front() else {
                    break;
                };
                self.numbered -= 1;
                let State::Rendered(rendered) = slot.state else {
                    unreachable!("the state was just matched");
                };
                let (mut games, mut tail, n) = rendered?;
                self.progress.add(n);
                sink.write(&mut games)?;
                self.spare.push(games);
                // The errors after the last game come after the read error,
                // as the sequential loop writes them.
                if let Some(e) = &slot.error {
                    sink.io_error(&slot.piece.name, e);
                }
                sink.write(&mut tail)?;
                // The workers are done with the piece: its bytes are free.
                if let Ok(piece) = Arc::try_unwrap(slot.piece) {
                    self.spare_bytes.push(piece.buf);
                }
            }
            Ok(())
        }

        /// Replaces the piece to number, cut short, and the next one with
        /// the two joined, replayed again.
        fn join(&mut self) -> io::Result<()> {
            let i = self.numbered;
            let Some(next) = self.slots.remove(i + 1) else {
                return Ok(());
            };
            let first = &self.slots[i].piece;
            let mut buf = Vec::with_capacity(first.len + next.piece.len);
            buf.extend_from_slice(first.bytes());
            buf.extend_from_slice(next.piece.bytes());
            let piece = Arc::new(Piece {
                name: Arc::clone(&first.name),
                at: first.at,
                len: buf.len(),
                buf,
                last: next.piece.last,
                failed: next.piece.failed,
            });
            let id = self.ids;
            self.ids += 1;
            let worker = self.replay(id, &piece)?;
            let cut = std::mem::replace(
                &mut self.slots[i],
                Slot {
                    id,
                    worker,
                    piece,
                    state: State::Replaying,
                    error: next.error,
                },
            );
            self.recycle(cut.state);
            self.recycle(next.state);
            Ok(())
        }

        /// Keeps the rendering of a piece replayed for nothing (since
        /// joined to another), for its room.
        fn recycle(&mut self, state: State<O>) {
            if let State::Replayed(replayed) = state {
                let mut into = replayed.into;
                into.out.bytes().clear();
                into.err.take();
                into.rejects.clear();
                into.counts = Default::default();
                self.spare.push(into);
            }
        }
    }

    /// The last place in `bytes[from..]` where a piece may end, not at
    /// its start: before a `[` that starts a line after a blank line. The
    /// last, so that little of what was read goes on to the next piece.
    fn cut_point(bytes: &[u8], from: usize) -> Option<usize> {
        let from = from.max(1);
        memchr::memrchr_iter(b'[', bytes.get(from..)?)
            .map(|i| from + i)
            .find(|&i| bytes[..i].ends_with(b"\n\n") || bytes[..i].ends_with(b"\n\r\n"))
    }

    /// Reads every file and cuts it into pieces.
    fn read_all<O, W: Write, E: Write>(
        args: &Pgn,
        line: &mut Pipeline<O>,
        sink: &mut Sink<'_, W, E>,
    ) -> io::Result<()> {
        for source in Source::from_args(&args.files) {
            let name: Arc<str> = Arc::from(source.name());
            let mut input = match source.open() {
                Ok(input) => input,
                Err(e) => {
                    // Everything before it is written first, in order.
                    line.drain(sink)?;
                    sink.io_error(&name, &e);
                    continue;
                }
            };
            let mut at = ReaderPosition::default();
            // The bytes read are `pending[..filled]`; `pending[..searched]`
            // holds no place to cut at.
            let mut pending = line.spare_bytes.pop().unwrap_or_default();
            let (mut filled, mut searched) = (0, 0);
            let error = loop {
                if pending.len() < filled + PIECE {
                    pending.resize(filled + PIECE, 0);
                }
                let read = loop {
                    match input.read(&mut pending[filled..]) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        read => break read,
                    }
                };
                match read {
                    Ok(0) => break None,
                    Err(e) => break Some(e),
                    Ok(n) => filled += n,
                }
                if filled < PIECE {
                    continue;
                }
                let Some(cut) = cut_point(&pending[..filled], searched) else {
                    searched = filled;
                    continue;
                };
                let mut rest = line.spare_bytes.pop().unwrap_or_default();
                let kept = filled - cut;
                if rest.len() < kept + PIECE {
                    rest.resize(kept + PIECE, 0);
                }
                rest[..kept].copy_from_slice(&pending[cut..filled]);
                let piece = Piece {
                    name: Arc::clone(&name),
                    at,
                    buf: std::mem::replace(&mut pending, rest),
                    len: cut,
                    last: false,
                    failed: false,
                };
                at = after(at, piece.bytes());
                line.push(piece, None, sink)?;
                (filled, searched) = (kept, 0);
            };
            let piece = Piece {
                name: Arc::clone(&name),
                at,
                buf: pending,
                len: filled,
                last: true,
                failed: error.is_some(),
            };
            line.push(piece, error, sink)?;
        }
        Ok(())
    }

    /// The position after `bytes`, read from `at`.
    fn after(at: ReaderPosition, bytes: &[u8]) -> ReaderPosition {
        let offset = at.offset + bytes.len() as u64;
        match memchr::memrchr(b'\n', bytes) {
            Some(last) => ReaderPosition {
                offset,
                line: at.line + memchr::memchr_iter(b'\n', bytes).count() as u64,
                line_start: at.offset + last as u64 + 1,
                games: 0,
            },
            None => ReaderPosition { offset, ..at },
        }
    }

    #[cfg(test)]
    mod tests {
        use super::cut_point;

        /// `cut_point` gives the last index, at or after `from` and not 0,
        /// of a `[` right after `\n\n` or `\n\r\n`, or none: against a
        /// scan of every index, on every short text of the bytes that
        /// matter.
        #[test]
        fn cut_point_is_the_last_bracket_after_a_blank_line() {
            let alphabet = [b'\n', b'\r', b'[', b'x'];
            for len in 0..=7u32 {
                for code in 0..4usize.pow(len) {
                    let text: Vec<u8> = (0..len)
                        .map(|i| alphabet[code / 4usize.pow(i) % 4])
                        .collect();
                    for from in 0..=text.len() + 1 {
                        let expected = (1..text.len()).rev().find(|&i| {
                            let blank = (i >= 2 && &text[i - 2..i] == b"\n\n")
                                || (i >= 3 && &text[i - 3..i] == b"\n\r\n");
                            i >= from && text[i] == b'[' && blank
                        });
                        assert_eq!(cut_point(&text, from), expected, "{text:?} from {from}");
                    }
                }
            }
        }
    }
}
