//! `forsyth pgn check`, `forsyth pgn fens` and `forsyth pgn export`: every game of every file
//! replayed by the library's `Replay`, one game in memory at a time; the
//! verdicts, positions and games are rendered here.

use std::io::{self, Write};

use forsyth::pgn::{PgnError, Reader, Visitor};
use forsyth::{
    Color, Export, ExportedGame, Position, Replay, ReplayError, ReplayedGame, WriteOptions,
};
use serde::Serialize;

use crate::lines::Source;
use crate::options::{GameSelect, Pgn, PgnMode};
use crate::progress::Progress;
use crate::Outcome;

/// A warning in the JSON output.
#[derive(Serialize)]
struct WarningJson {
    kind: &'static str,
    message: String,
    line: u64,
    column: u64,
}

/// The first fault of a game in the JSON output.
#[derive(Serialize)]
struct ProblemJson {
    kind: &'static str,
    message: String,
    line: u64,
    column: u64,
    #[serde(rename = "move")]
    mv: Option<String>,
    move_number: Option<u32>,
    side: Option<&'static str>,
    fen: Option<String>,
    candidates: Vec<String>,
}

/// One game in the JSON output of `pgn check`.
#[derive(Serialize)]
struct GameJson<'a> {
    file: &'a str,
    game: u64,
    line: u64,
    ok: bool,
    warnings: Vec<WarningJson>,
    problem: Option<ProblemJson>,
}

/// A visitor that judges games: the replay, or the export built on it.
trait Judge: Visitor {
    /// The syntax errors met between games.
    fn stray(&mut self) -> Vec<PgnError>;
    /// The verdict of a game.
    fn verdict(game: &Self::Output) -> &ReplayedGame;
}

impl Judge for Replay {
    fn stray(&mut self) -> Vec<PgnError> {
        self.take_stray()
    }
    fn verdict(game: &ReplayedGame) -> &ReplayedGame {
        game
    }
}

impl Judge for Export {
    fn stray(&mut self) -> Vec<PgnError> {
        self.take_stray()
    }
    fn verdict(game: &ExportedGame) -> &ReplayedGame {
        &game.game
    }
}

/// What a game gives: text for standard output and for standard error,
/// and how many faults it counts.
#[derive(Default)]
struct Rendered {
    out: Vec<u8>,
    err: Vec<u8>,
    rejected: u64,
}

pub fn run(args: &Pgn) -> io::Result<Outcome> {
    match &args.mode {
        PgnMode::Check { json } => {
            let json = *json;
            each_game(args, &mut Replay::default(), |name, game, r| {
                if json {
                    serde_json::to_writer(&mut r.out, &game_json(name, game))?;
                    r.out.write_all(b"\n")
                } else {
                    check_text(&mut r.out, name, game)
                }
            })
        }
        PgnMode::Fens {
            write,
            epd,
            final_only,
        } => each_game(args, &mut Replay::default(), |name, game, r| {
            let lossy = fens(&mut r.out, game, write, *epd, *final_only)?;
            if let Some((ply, e)) = lossy {
                r.rejected += 1;
                writeln!(r.err, "{}: ply {ply}: {e}", head(name, game))?;
            }
            if let Some(problem) = &game.error {
                writeln!(r.err, "{}: {}", head(name, game), fault(problem))?;
            }
            Ok(())
        }),
        PgnMode::Export { options } => {
            each_game(args, &mut Export::new(*options), |name, exported, r| {
                let game = &exported.game;
                if let Some(pgn) = &exported.pgn {
                    r.out.write_all(pgn.as_bytes())?;
                }
                if let Some(e) = &exported.lossy {
                    r.rejected += 1;
                    writeln!(r.err, "{}: FEN tag: {e}", head(name, game))?;
                }
                if let Some(problem) = &game.error {
                    writeln!(r.err, "{}: {}", head(name, game), fault(problem))?;
                }
                Ok(())
            })
        }
    }
}

/// Every game of every file through `judge`, the selected ones rendered
/// by `render`, in input order.
fn each_game<J: Judge>(
    args: &Pgn,
    judge: &mut J,
    mut render: impl FnMut(&str, &J::Output, &mut Rendered) -> io::Result<()>,
) -> io::Result<Outcome> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = io::BufWriter::new(crate::progress::Stderr);
    let mut progress = Progress::new(args.progress, "games");
    let mut rejected = 0u64;
    let mut io_errors = 0u64;
    let mut rendered = Rendered::default();
    for source in Source::from_args(&args.files) {
        let name = source.name();
        let input = match source.open() {
            Ok(input) => input,
            Err(e) => {
                io_errors += 1;
                let _ = writeln!(err, "forsyth: {name}: {e}");
                continue;
            }
        };
        let mut reader = Reader::new(input);
        loop {
            let game = match reader.read_game(judge) {
                Ok(Some(game)) => game,
                Ok(None) => break,
                Err(e) => {
                    io_errors += 1;
                    let _ = writeln!(err, "forsyth: {name}: {e}");
                    break;
                }
            };
            progress.add(1);
            // Faults between games belong to none, but are never dropped.
            for stray in judge.stray() {
                rejected += 1;
                stray_line(&mut err, &name, &stray);
            }
            let verdict = J::verdict(&game);
            if !selected(verdict, args.select) {
                continue;
            }
            if !verdict.is_ok() {
                rejected += 1;
            }
            render(&name, &game, &mut rendered)?;
            out.write_all(&rendered.out)?;
            let _ = err.write_all(&rendered.err);
            rejected += rendered.rejected;
            rendered.out.clear();
            rendered.err.clear();
            rendered.rejected = 0;
        }
        for stray in judge.stray() {
            rejected += 1;
            stray_line(&mut err, &name, &stray);
        }
    }
    out.flush()?;
    let _ = err.flush();
    Ok(Outcome::of_counts(io_errors, rejected))
}

fn selected(game: &ReplayedGame, select: GameSelect) -> bool {
    select.variant.is_none_or(|v| v == game.variant) && (!select.setup_only || game.setup_tags)
}

/// A syntax error between games: `FILE:LINE:COL: kind: message`.
fn stray_line(err: &mut impl Write, name: &str, e: &PgnError) {
    let _ = writeln!(
        err,
        "{name}:{}:{}: {}: {}",
        e.span.line,
        e.span.column,
        e.kind.name(),
        e.kind
    );
}

/// `FILE:GAME N (line L)`.
fn head(name: &str, game: &ReplayedGame) -> String {
    format!(
        "{name}:GAME {} (line {})",
        game.start.number, game.start.line
    )
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

/// A position in X-FEN for reports (every position can be said in X-FEN).
fn xfen(pos: &Position) -> Option<String> {
    pos.setup()
        .to_fen(&forsyth::CastlingNotation::XFen.into())
        .ok()
}

fn game_json<'a>(name: &'a str, game: &ReplayedGame) -> GameJson<'a> {
    GameJson {
        file: name,
        game: game.start.number,
        line: game.start.line,
        ok: game.is_ok(),
        warnings: game
            .warnings
            .iter()
            .map(|w| WarningJson {
                kind: w.kind().name(),
                message: w.to_string(),
                line: w.span().line,
                column: w.span().column,
            })
            .collect(),
        problem: game.error.as_ref().map(|e| {
            let at = e.at();
            ProblemJson {
                kind: e.kind().name(),
                message: e.to_string(),
                line: e.span().line,
                column: e.span().column,
                mv: at.map(|a| a.text.clone()),
                move_number: at.map(|a| a.move_number),
                side: at.map(|a| a.side.name()),
                fen: at.and_then(|a| xfen(&a.position)),
                candidates: e.candidates().iter().map(|s| s.to_string()).collect(),
            }
        }),
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
) -> io::Result<Option<(usize, forsyth::LossyCastlingError)>> {
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
