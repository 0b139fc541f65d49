//! The JSON API, one handler per job: a position read and judged
//! (`/api/position`), a game replayed and translated (`/api/game`), a
//! problem solved (`/api/solve`), a diagram drawn (`/api/diagram`), and
//! the names the others take (`/api/notations`). The answers are made of
//! the library's serde types (variants, kinds, severities, squares, UCI
//! moves, stipulations), so they read as the command line's
//! `--format json` does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use forsyth::diagram::{Diagram, Style};
use forsyth::fen::{CastlingNotation, EnPassantMode, ShredderOrder, WriteOptions};
use forsyth::notation::{Language, Notation};
use forsyth::pgn::{Reader, Replay};
use forsyth::solve::{
    is_popeye_input, read_popeye_each, write_solution, ChessProblem, Solution, Solver, Stipulation,
};
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::validate::Report;
use forsyth::{Chess960Start, Color, Move, Outcome, Position, Setup, Square, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::printer::json::{Answers as Solving, Solved};

use super::answer::{Cannot, Encodings, ProblemJson, Status};
use super::error::ApiError;
use super::http::{Request, Response};
use super::limits::{State, DEFAULT_SOLVE_TIME, MAX_PLIES};
use super::read::{self, column_of, line_column, Read};
use super::ten;

/// The body of a POST, as JSON of type `T`; unknown keys are refused, so
/// that a misspelt option is said, not ignored.
pub fn body<T: DeserializeOwned>(request: &Request) -> Result<T, ApiError> {
    match request.content_type.as_deref() {
        Some("application/json") => {}
        other => {
            return Err(ApiError::new(
                415,
                "unsupported_media_type",
                format!(
                    "the body must be JSON (Content-Type: application/json), not {}",
                    other.unwrap_or("untyped")
                ),
            ))
        }
    }
    let text = std::str::from_utf8(&request.body)
        .map_err(|e| ApiError::new(400, "bad_json", format!("the body is not UTF-8: {e}")))?;
    serde_json::from_str(text).map_err(|e| {
        let error = ApiError::new(400, "bad_json", e.to_string());
        if e.line() > 0 {
            error.at(e.line(), e.column())
        } else {
            error
        }
    })
}

/// The JSON response of `value`.
fn json(value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => Response::new(200, "application/json", body),
        Err(e) => ApiError::new(500, "internal", e.to_string()).response(),
    }
}

/// A notation by name (`san`, `san-de`, `descriptive-en`, `uci`...).
fn notation(name: Option<&str>, field: &str) -> Result<Notation, ApiError> {
    let name = name.unwrap_or("san");
    name.parse::<Notation>().map_err(|e| {
        ApiError::content(
            field,
            "unknown_notation",
            format!("{e} (see /api/notations)"),
        )
    })
}

/// A language by ISO 639-1 code (`de`, `el`).
fn language(code: Option<&str>, field: &str) -> Result<Option<Language>, ApiError> {
    code.map(|c| {
        Language::from_code(c).ok_or_else(|| {
            ApiError::content(
                field,
                "unknown_language",
                format!("'{c}' is not a language code (de, el, ru... see /api/notations)"),
            )
        })
    })
    .transpose()
}

/// `auto` (or nothing), `standard` or `chess960`.
fn variant(name: Option<&str>) -> Result<Option<Variant>, ApiError> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        None | Some("auto") => Ok(None),
        Some("standard") => Ok(Some(Variant::Standard)),
        Some("chess960") => Ok(Some(Variant::Chess960)),
        Some(other) => Err(ApiError::content(
            "variant",
            "unknown_variant",
            format!("'{other}' is not auto, standard or chess960"),
        )),
    }
}

// ---------------------------------------------------------------- position

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    position: String,
    variant: Option<String>,
    letters: Option<String>,
    notation: Option<String>,
    #[serde(default)]
    flip: bool,
    #[serde(default)]
    coordinates: bool,
}

#[derive(Serialize)]
struct MoveJson {
    uci: UciMove,
    /// English SAN.
    san: String,
    /// In the notation asked for.
    text: String,
}

#[derive(Serialize)]
struct PositionAnswer {
    /// The form the text was read in (`fen`, `epd`, `statement`...).
    input: &'static str,
    variant: Variant,
    /// 8: the board's width.
    files: u8,
    /// Whether the setup is a legal position (warnings allowed).
    valid: bool,
    problems: Vec<ProblemJson>,
    encodings: Encodings,
    /// Why an encoding is `null`, by encoding (only `standard` can be).
    cannot: std::collections::BTreeMap<&'static str, Cannot>,
    /// The Chess960 start number when the pieces stand as one.
    chess960: Option<Chess960Start>,
    /// A problem's stipulation, when the text states one.
    stipulation: Option<Stipulation>,
    /// `null` for an illegal position.
    status: Option<Status>,
    notation: String,
    /// The legal moves, sorted by their text (none when illegal).
    moves: Vec<MoveJson>,
    /// The board as SVG, each problem's squares highlighted.
    diagram: String,
    notes: Vec<String>,
}

/// Writes `setup` in `notation`, with the en-passant square as given (so
/// that every field shows, as `show` writes it).
fn encode(setup: &Setup, notation: CastlingNotation) -> Result<String, Cannot> {
    let opts = WriteOptions {
        castling: notation,
        shredder_order: ShredderOrder::Files,
        en_passant: EnPassantMode::Always,
    };
    setup.to_fen(&opts).map_err(|e| Cannot {
        kind: e.kind().name(),
        message: e.to_string(),
    })
}

/// The picture of a report's setup, its problems' squares highlighted.
fn picture(report: &Report, caption: Option<&Stipulation>, style: &Style) -> String {
    let mut diagram = Diagram::from_board(&report.setup().board);
    let mut marked: Vec<Square> = Vec::new();
    for problem in report.problems() {
        for square in problem.squares() {
            if !marked.contains(&square) {
                marked.push(square);
                let _ = diagram.highlight(square.into());
            }
        }
    }
    if let Some(stipulation) = caption {
        let text = diagram.problem_caption(&stipulation.to_string());
        let _ = diagram.set_caption(&text);
    }
    diagram.to_svg(style)
}

pub fn position(request: &Request) -> Result<Response, ApiError> {
    let req: PositionRequest = body(request)?;
    let letters = language(req.letters.as_deref(), "letters")?;
    let notation = notation(req.notation.as_deref(), "notation")?;
    let ten_variant = ten::variant_named(req.variant.as_deref());
    if ten_variant.is_some() || ten::is_10x8(&req.position) {
        let style = Style {
            flip: req.flip,
            coordinates: req.coordinates,
            ..Style::default()
        };
        return Ok(json(&ten::position(
            &req.position,
            ten_variant,
            notation,
            &style,
        )?));
    }
    let read = read::read(
        &req.position,
        "position",
        variant(req.variant.as_deref())?,
        letters,
    )?;
    let Read {
        ref report,
        ref notes,
        ..
    } = read;
    let setup = report.setup();
    let problems = report
        .problems()
        .iter()
        .map(|p| {
            let (line, column) = column_of(&read, &req.position, p).unzip();
            ProblemJson {
                kind: p.kind(),
                severity: p.severity(),
                field: p.kind().field().into(),
                line,
                column,
                squares: p.squares().into_iter().collect(),
                message: p.message(),
            }
        })
        .collect();
    let mut cannot = std::collections::BTreeMap::new();
    let mut write = |name: &'static str, n: CastlingNotation| match encode(setup, n) {
        Ok(fen) => Some(fen),
        Err(why) => {
            cannot.insert(name, why);
            None
        }
    };
    let encodings = Encodings {
        xfen: write("xfen", CastlingNotation::XFen),
        shredder: write("shredder", CastlingNotation::Shredder),
        standard: write("standard", CastlingNotation::Standard),
    };
    let legal = report.clone().into_position().ok();
    let (status, moves) = match &legal {
        Some(pos) => {
            let mut moves: Vec<MoveJson> = pos
                .legal_moves()
                .iter()
                .map(|&m| MoveJson {
                    uci: UciMove::from_move(m, CastlingMode::from_variant(pos.variant())),
                    san: pos.san(m),
                    text: notation.write(pos, m),
                })
                .collect();
            moves.sort_by(|a, b| a.text.cmp(&b.text));
            let status = Status {
                check: pos.is_check(),
                legal_moves: moves.len(),
                outcome: pos.outcome(),
            };
            (Some(status), moves)
        }
        None => (None, Vec::new()),
    };
    let style = Style {
        flip: req.flip,
        coordinates: req.coordinates,
        ..Style::default()
    };
    Ok(json(&PositionAnswer {
        input: read.form.name(),
        variant: setup.variant,
        files: 8,
        valid: report.is_legal(),
        problems,
        encodings,
        cannot,
        chess960: Chess960Start::from_board(&setup.board).ok(),
        stipulation: read.stipulation,
        status,
        notation: notation.to_string(),
        moves,
        diagram: picture(report, read.stipulation.as_ref(), &style),
        notes: notes.clone(),
    }))
}

/// The legal position of a report, or the error naming its first problem
/// and the squares of all of them.
fn legal(report: &Report, field: &str) -> Result<Position, ApiError> {
    report.clone().into_position().map_err(|e| {
        let errors: Vec<_> = e.report().errors().collect();
        let message = errors
            .iter()
            .map(|p| format!("{}: {}", p.kind().name(), p.message()))
            .collect::<Vec<_>>()
            .join("; ");
        let mut error = ApiError::content(
            field,
            e.kind().name(),
            format!("illegal position: {message}"),
        );
        for p in &errors {
            for square in p.squares() {
                if !error.squares.contains(&square) {
                    error.squares.push(square);
                }
            }
        }
        error
    })
}

// -------------------------------------------------------------------- game

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// Movetext or a PGN game.
    moves: String,
    /// The start, for movetext without tags (default: the standard start).
    position: Option<String>,
    variant: Option<String>,
    letters: Option<String>,
    /// The notation to translate into (default `san`).
    notation: Option<String>,
}

#[derive(Serialize)]
struct Ply {
    /// 1-based, in the game.
    ply: usize,
    /// The move number, as the game counts it.
    number: u32,
    color: &'static str,
    uci: UciMove,
    san: String,
    /// In the notation asked for.
    text: String,
    /// The position after the move, X-FEN.
    fen: String,
}

#[derive(Serialize)]
struct Warning {
    kind: &'static str,
    message: String,
    line: u64,
    column: u64,
}

#[derive(Serialize)]
struct GameAnswer {
    /// The start, X-FEN.
    start: String,
    variant: Variant,
    notation: String,
    moves: Vec<Ply>,
    /// The main line written in the notation asked for, numbered.
    translation: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, as the game is taken to end.
    result: String,
    /// The last position's end, if it is one.
    outcome: Option<Outcome>,
    warnings: Vec<Warning>,
}

fn xfen(setup: &Setup) -> String {
    setup
        .to_fen(&WriteOptions::new(CastlingNotation::XFen))
        .or_else(|_| setup.to_fen(&WriteOptions::new(CastlingNotation::Shredder)))
        .unwrap_or_default()
}

/// The legal move of `before` that leads to `after`.
fn move_between(before: &Position, after: &Position) -> Option<Move> {
    before
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| before.play(m).is_ok_and(|p| &p == after))
}

/// The plies between consecutive `positions` (the start first), in
/// notation `to`, and the line they make, numbered.
fn plies(positions: &[Position], to: &Notation) -> Result<(Vec<Ply>, String), ApiError> {
    let mut moves = Vec::new();
    let mut translation = String::new();
    for (i, pair) in positions.windows(2).enumerate() {
        let (before, after) = (&pair[0], &pair[1]);
        let m = move_between(before, after).ok_or_else(|| {
            ApiError::new(500, "internal", "a replayed position follows from no move")
        })?;
        let number = before.setup().fullmoves;
        let white = before.turn() == Color::White;
        let text = to.write(before, m);
        if !translation.is_empty() {
            translation.push(' ');
        }
        if white {
            translation.push_str(&format!("{number}."));
        } else if i == 0 {
            translation.push_str(&format!("{number}..."));
        }
        translation.push_str(&text);
        moves.push(Ply {
            ply: i + 1,
            number,
            color: if white { "white" } else { "black" },
            uci: UciMove::from_move(m, CastlingMode::from_variant(before.variant())),
            san: before.san(m),
            text,
            fen: xfen(after.setup()),
        });
    }
    Ok((moves, translation))
}

/// The part of a game that replays before its fault.
#[derive(Serialize)]
struct Replayed {
    /// The start, X-FEN.
    start: String,
    /// The plies played before the fault, as a game's answer lists them.
    moves: Vec<Ply>,
}

pub fn game(request: &Request) -> Result<Response, ApiError> {
    let req: GameRequest = body(request)?;
    let to = notation(req.notation.as_deref(), "notation")?;
    let letters = language(req.letters.as_deref(), "letters")?;
    let text = forsyth::skip_bom(req.moves.as_str());
    let tagged = text.trim_start().starts_with('[');
    // Movetext alone is replayed from the position given, as the tags of
    // a PGN game would set it; a game with tags has its own start.
    let (prefix, lines_added) = match (&req.position, tagged) {
        (Some(_), true) => {
            return Err(ApiError::request(
                "position",
                "a PGN game with tags gives its own start: leave out position (or the tags)",
            ))
        }
        (Some(given), false) => {
            if ten::is_10x8(given) || ten::variant_named(req.variant.as_deref()).is_some() {
                return Err(ApiError::content(
                    "position",
                    "unsupported_board",
                    "games on the 10x8 board are not replayed here: forsyth pgn check \
                     --variant capablanca (or gothic, crc) replays them",
                ));
            }
            let read = read::read(given, "position", variant(req.variant.as_deref())?, letters)?;
            let pos = legal(&read.report, "position")?;
            let variant = if pos.variant() == Variant::Chess960 {
                "[Variant \"Chess960\"]\n"
            } else {
                ""
            };
            let prefix = format!(
                "{variant}[SetUp \"1\"]\n[FEN \"{}\"]\n\n",
                xfen(pos.setup())
            );
            let lines = prefix.matches('\n').count() as u64;
            (prefix, lines)
        }
        (None, _) => (String::new(), 0),
    };
    let pgn = format!("{prefix}{text}");
    let mut replay = Replay::default();
    let mut reader = Reader::new(pgn.as_bytes());
    let place = |line: u64, column: u64| (line.saturating_sub(lines_added).max(1), column);
    let game = reader
        .read_game(&mut replay)
        .map_err(|e| ApiError::new(500, "internal", e.to_string()))?
        .ok_or_else(|| ApiError::content("moves", "empty", "no moves: the text is blank"))?;
    if let Some(e) = replay.take_stray().first() {
        let (line, column) = place(e.span.line, e.span.column);
        return Err(ApiError::content("moves", e.kind.name(), e.to_string())
            .at(line as usize, column as usize));
    }
    if let Ok(Some(_)) = reader.read_game(&mut replay) {
        return Err(ApiError::content(
            "moves",
            "several_games",
            "the text holds more than one game: send one at a time",
        ));
    }
    if let Some(e) = &game.error {
        let span = e.span();
        let (line, column) = place(span.line, span.column);
        let error = ApiError::content("moves", e.kind().name(), e.to_string())
            .at(line as usize, column as usize);
        // What did play, so that the page can show the board the fault
        // leaves (none when the start itself is at fault).
        if let Some(start) = game.positions.first() {
            if game.positions.len() <= MAX_PLIES + 1 {
                let (moves, _) = plies(&game.positions, &to)?;
                let replayed = Replayed {
                    start: xfen(start.setup()),
                    moves,
                };
                #[derive(Serialize)]
                struct Wrapped<'a> {
                    error: With<'a>,
                }
                #[derive(Serialize)]
                struct With<'a> {
                    #[serde(flatten)]
                    error: &'a ApiError,
                    replayed: Replayed,
                }
                let wrapped = Wrapped {
                    error: With {
                        error: &error,
                        replayed,
                    },
                };
                if let Ok(body) = serde_json::to_vec(&wrapped) {
                    return Ok(Response::new(error.status, "application/json", body));
                }
            }
        }
        return Err(error);
    }
    if game.positions.len() > MAX_PLIES + 1 {
        return Err(ApiError::new(
            413,
            "too_many_moves",
            format!(
                "the game has {} plies; at most {MAX_PLIES} are replayed here",
                game.positions.len() - 1
            ),
        )
        .in_field("moves"));
    }
    let Some(start) = game.positions.first() else {
        return Err(ApiError::content("moves", "empty", "the game has no start"));
    };
    let (moves, mut translation) = plies(&game.positions, &to)?;
    let last = game.positions.last().unwrap_or(start);
    let result = game.result.to_string();
    if !translation.is_empty() {
        translation.push(' ');
    }
    translation.push_str(&result);
    Ok(json(&GameAnswer {
        start: xfen(start.setup()),
        variant: game.variant,
        notation: to.to_string(),
        moves,
        translation,
        result,
        outcome: last.outcome(),
        warnings: game
            .warnings
            .iter()
            .map(|w| {
                let span = w.span();
                let (line, column) = place(span.line, span.column);
                Warning {
                    kind: w.kind().name(),
                    message: w.to_string(),
                    line,
                    column,
                }
            })
            .collect(),
    }))
}

// ------------------------------------------------------------------- solve

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// A statement, a FEN and a stipulation, or a Popeye input.
    problem: String,
    /// Overrides the problem's own (`#3`, `mate in 3`, `s#2`).
    stipulation: Option<String>,
    /// Seconds (default 10).
    time_limit: Option<f64>,
    letters: Option<String>,
    /// The tree's notation (default: SAN in the problem's language).
    notation: Option<String>,
}

#[derive(Serialize)]
struct SolveAnswer<'a> {
    answers: Vec<Answer<'a>>,
}

/// The solution of one problem, as `solve --format json` writes it, with
/// the tree as text; or why it has none.
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    solved: Option<Solved<'a>>,
    /// Which problem, for an answer without a solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<Unsolved>,
    /// The tree as the problemist writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ApiError>,
}

/// Which problem has no solution: its place, as a solution's `problem`.
#[derive(Serialize)]
struct Unsolved {
    index: usize,
    line: Option<usize>,
}

impl Answer<'_> {
    fn failed(index: usize, line: Option<usize>, error: ApiError) -> Self {
        Answer {
            solved: None,
            problem: Some(Unsolved { index, line }),
            text: None,
            error: Some(error),
        }
    }
}

pub fn solve(request: &Request, state: &State) -> Result<Response, ApiError> {
    let req: SolveRequest = body(request)?;
    let letters = language(req.letters.as_deref(), "letters")?;
    let asked = req
        .notation
        .as_deref()
        .map(|n| notation(Some(n), "notation"))
        .transpose()?;
    let stipulation = req
        .stipulation
        .as_deref()
        .map(|s| {
            s.parse::<Stipulation>()
                .map_err(|e| ApiError::content("stipulation", "stipulation", e.message()))
        })
        .transpose()?;
    let limit = match req.time_limit {
        None => DEFAULT_SOLVE_TIME,
        Some(secs) if secs.is_finite() && secs > 0.0 => {
            let limit = Duration::from_secs_f64(secs.min(1e6));
            if limit > state.max_time {
                return Err(ApiError::content(
                    "time_limit",
                    "time_limit_too_long",
                    format!(
                        "{secs} s is more than this server allows a solve ({} s)",
                        state.max_time.as_secs()
                    ),
                ));
            }
            limit
        }
        Some(secs) => {
            return Err(ApiError::content(
                "time_limit",
                "bad_time_limit",
                format!("{secs} is not a number of seconds above 0"),
            ))
        }
    };
    let text = forsyth::skip_bom(req.problem.as_str());
    let problems: Vec<Result<ChessProblem, ApiError>> = if is_popeye_input(text) {
        read_popeye_each(text)
            .into_iter()
            .map(|p| {
                p.map_err(|e| {
                    ApiError::content("problem", e.kind().name(), e.message()).at(e.line, e.column)
                })
            })
            .collect()
    } else {
        // `startpos` or `960:N`, then perhaps a stipulation.
        let trimmed = text.trim();
        let (first, rest) = trimmed
            .split_once(char::is_whitespace)
            .unwrap_or((trimmed, ""));
        let named = read::named_record(first).map(|record| format!("{record} {rest}"));
        let problem = ChessProblem::from_statement(
            named.as_deref().unwrap_or(trimmed),
            letters.map(Language::letters),
        )
        .map_err(|e| {
            let lead = text.len() - text.trim_start().len();
            let (line, column) = line_column(text, lead + e.offset);
            let mut error = ApiError::content("problem", e.kind().name(), e.message());
            if let forsyth::solve::ReadProblemErrorKind::Illegal(illegal) = e.kind() {
                error.squares = illegal
                    .report()
                    .errors()
                    .flat_map(|p| p.squares())
                    .collect();
                error.squares.dedup();
            }
            error.at(line, column)
        })?;
        vec![Ok(problem)]
    };
    let Some(_slot) = state.slots.try_take() else {
        return Err(ApiError::new(
            429,
            "busy",
            format!(
                "{} solves are running, as many as this server runs at once; try again",
                state.slots.max()
            ),
        ));
    };
    let deadline = Instant::now() + limit;
    let mut answers = Vec::new();
    for (i, problem) in problems.iter().enumerate() {
        let problem = match problem {
            Ok(p) => p,
            Err(error) => {
                let line = error.line.map(|l| l as usize);
                answers.push(Answer::failed(i + 1, line, error.clone()));
                continue;
            }
        };
        let Some(stip) = stipulation.or(problem.stipulation) else {
            answers.push(Answer::failed(
                i + 1,
                Some(problem.line),
                ApiError::content(
                    "stipulation",
                    "no_stipulation",
                    "no stipulation: give one (#3, mate in 3) in the problem or as stipulation",
                ),
            ));
            continue;
        };
        let pos = &problem.position;
        let stop = AtomicBool::new(false);
        let mut watch = |_nodes: u64| {
            if Instant::now() >= deadline {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let solution: Solution = match Solver::new(stip)
            .cancel(&stop)
            .progress(&mut watch)
            .solve(pos)
        {
            Ok(s) => s,
            Err(_) => {
                return Err(ApiError::content(
                    "time_limit",
                    "time_limit",
                    format!(
                        "problem {} ({stip}) not solved within the time limit of {} s",
                        i + 1,
                        limit.as_secs_f64()
                    ),
                ))
            }
        };
        let tree_notation = asked.unwrap_or(Notation::San(
            letters.or(problem.language).unwrap_or(Language::English),
        ));
        let mut text = String::new();
        let _ = write_solution(&mut text, pos, &solution, tree_notation);
        let of = Solving {
            index: i + 1,
            line: Some(problem.line),
            set_aside: problem.set_aside.iter().map(|p| p.kind()).collect(),
            stipulation: stip,
            title: problem.title.as_deref(),
        };
        answers.push(Answer {
            solved: Some(Solved::new(pos, &solution, of)),
            problem: None,
            text: Some(text),
            error: None,
        });
    }
    Ok(json(&SolveAnswer { answers }))
}

// ----------------------------------------------------------------- diagram

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DiagramRequest {
    position: String,
    #[serde(default)]
    flip: bool,
    #[serde(default)]
    coordinates: bool,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    arrows: Vec<String>,
    caption: Option<String>,
    letters: Option<String>,
}

impl DiagramRequest {
    /// The request of a GET's query: `highlight` and `arrows` as
    /// comma-separated lists, `flip` and `coordinates` as `1` or `true`.
    fn from_query(request: &Request) -> Result<DiagramRequest, ApiError> {
        let mut req = DiagramRequest::default();
        let mut position = None;
        let yes = |v: &str| matches!(v, "" | "1" | "true" | "yes" | "on");
        let list = |v: &str| {
            v.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        for (key, value) in &request.query {
            match key.as_str() {
                "position" => position = Some(value.clone()),
                "flip" => req.flip = yes(value),
                "coordinates" => req.coordinates = yes(value),
                "highlight" => req.highlight.extend(list(value)),
                "arrows" | "arrow" => req.arrows.extend(list(value)),
                "caption" => req.caption = Some(value.clone()),
                "letters" => req.letters = Some(value.clone()),
                other => {
                    return Err(ApiError::request(
                        other,
                        format!("unknown parameter '{other}'"),
                    ))
                }
            }
        }
        req.position = position
            .ok_or_else(|| ApiError::request("position", "missing parameter 'position'"))?;
        Ok(req)
    }
}

pub fn diagram(request: &Request) -> Result<Response, ApiError> {
    let req = if request.method == "GET" {
        DiagramRequest::from_query(request)?
    } else {
        body(request)?
    };
    let letters = language(req.letters.as_deref(), "letters")?;
    if ten::is_10x8(&req.position) {
        return diagram_10x8(&req);
    }
    let read = read::read(&req.position, "position", None, letters)?;
    let setup = read.report.setup();
    let mut diagram = Diagram::from_board(&setup.board);
    for name in &req.highlight {
        let square = name.parse::<Square>().map_err(|_| {
            ApiError::content(
                "highlight",
                "bad_square",
                format!("'{name}' is not a square"),
            )
        })?;
        let _ = diagram.highlight(square.into());
    }
    let mut judged: Option<Result<Position, ApiError>> = None;
    for text in &req.arrows {
        let squares = (text.len() >= 4)
            .then(|| {
                let from = text.get(..2)?.parse::<Square>().ok()?;
                let to = text.get(2..4)?.parse::<Square>().ok()?;
                let promotion = text.get(4..)?;
                matches!(
                    promotion,
                    "" | "q" | "r" | "b" | "n" | "Q" | "R" | "B" | "N"
                )
                .then_some((from, to))
            })
            .flatten();
        let (from, to) = match squares {
            Some(pair) => pair,
            None => {
                let pos = judged
                    .get_or_insert_with(|| legal(&read.report, "arrows"))
                    .as_ref()
                    .map_err(|e| ApiError::content("arrows", e.kind.clone(), e.message.clone()))?;
                let m = pos.parse_move(text).map_err(|e| {
                    ApiError::content("arrows", e.kind().name(), format!("'{text}': {e}"))
                })?;
                let to = match m {
                    // A king that does not move: the arrow runs to its rook.
                    Move::Castle { king, rook } if m.to() == king => rook,
                    _ => m.to(),
                };
                (m.from(), to)
            }
        };
        let _ = diagram.arrow(from.into(), to.into());
    }
    let caption = match (&req.caption, read.stipulation) {
        (Some(text), _) => Some(text.clone()),
        (None, Some(stipulation)) => Some(diagram.problem_caption(&stipulation.to_string())),
        (None, None) => None,
    };
    if let Some(text) = caption.filter(|t| !t.is_empty()) {
        diagram
            .set_caption(&text)
            .map_err(|e| ApiError::content("caption", e.name(), e.to_string()))?;
    }
    let style = Style {
        flip: req.flip,
        coordinates: req.coordinates,
        ..Style::default()
    };
    Ok(Response::new(200, "image/svg+xml", diagram.to_svg(&style)))
}

/// A 10x8 diagram: highlights and arrows are squares (`a1`-`j8`), an
/// arrow two of them (`i1h3`).
fn diagram_10x8(req: &DiagramRequest) -> Result<Response, ApiError> {
    use forsyth::capablanca::Square as Square10;
    let (setup, _) = ten::read(&req.position, None)?;
    let mut diagram = ten::board_diagram(&setup);
    let square = |field: &str, name: &str| {
        Square10::from_ascii(name.as_bytes()).ok_or_else(|| {
            ApiError::content(
                field,
                "bad_square",
                format!("'{name}' is not a square of the 10x8 board (a1 to j8)"),
            )
        })
    };
    for name in &req.highlight {
        let _ = diagram.highlight(ten::cell(square("highlight", name)?));
    }
    for text in &req.arrows {
        let (from, to) = match (text.get(..2), text.get(2..)) {
            (Some(a), Some(b)) if a.len() == 2 => (square("arrows", a)?, square("arrows", b)?),
            _ => {
                return Err(ApiError::content(
                    "arrows",
                    "bad_square",
                    format!("'{text}': an arrow on the 10x8 board is two squares (i1h3)"),
                ))
            }
        };
        let _ = diagram.arrow(ten::cell(from), ten::cell(to));
    }
    if let Some(text) = req.caption.as_deref().filter(|t| !t.is_empty()) {
        diagram
            .set_caption(text)
            .map_err(|e| ApiError::content("caption", e.name(), e.to_string()))?;
    }
    let style = Style {
        flip: req.flip,
        coordinates: req.coordinates,
        ..Style::default()
    };
    Ok(Response::new(200, "image/svg+xml", diagram.to_svg(&style)))
}

// --------------------------------------------------------------- notations

#[derive(Serialize)]
struct Names {
    notations: Vec<String>,
    languages: Vec<LanguageJson>,
    variants: [&'static str; 6],
}

#[derive(Serialize)]
struct LanguageJson {
    code: &'static str,
    name: &'static str,
}

pub fn notations() -> Response {
    json(&Names {
        notations: Notation::all().map(|n| n.to_string()).collect(),
        languages: Language::ALL
            .iter()
            .map(|l| LanguageJson {
                code: l.code(),
                name: l.name(),
            })
            .collect(),
        variants: [
            "auto",
            "standard",
            "chess960",
            "capablanca",
            "gothic",
            "crc",
        ],
    })
}
