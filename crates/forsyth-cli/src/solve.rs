//! `forsyth solve`: problems read (a statement, a FEN, a Popeye input),
//! solved, and written in the problemist's form, Popeye's tree or JSON.

use std::io::{self, Read, Write};
use std::path::Path;

use forsyth::notation::{Language, Notation};
use forsyth::solve::{
    duplex_position, is_popeye_input, read_popeye_each, write_popeye_with, write_solution,
    ChessProblem, Key, ParsePopeyeErrorKind, PopeyeStyle, Solution, Solver, Stipulation,
    StopReason, Variation,
};
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::{Move, Position};
use serde_json::{json, Map, Value};

use crate::diag::{caret, problem_line};
use crate::exit::ResolveError;
use crate::lines::skip_bom;
use crate::progress::Progress;
use crate::Outcome;
use std::sync::atomic::{AtomicBool, Ordering};

/// What `solve` runs on.
pub struct Solve {
    /// The problems read, each with where it came from.
    pub problems: Vec<Given>,
    /// `--mate` or `--stipulation`: overrides each problem's own.
    pub stipulation: Option<Stipulation>,
    /// `--notation`; without it, SAN in the `--letters` language, else in
    /// the problem's own (its placement's letters, its Popeye keywords),
    /// else in English.
    pub notation: Option<Notation>,
    /// `--letters`.
    pub letters: Option<Language>,
    pub json: bool,
    /// `--style popeye`.
    pub popeye: bool,
    /// `--tries`, `--set-play` (a Popeye input's options ask for them too).
    pub tries: bool,
    pub set_play: bool,
    pub limits: Limits,
    pub progress: bool,
}

/// `--max-nodes`, `--max-time`, `--max-memory`: each problem's search stops
/// at the first reached.
pub struct Limits {
    pub nodes: Option<u64>,
    pub time: Option<std::time::Duration>,
    /// Bytes.
    pub memory: usize,
}

impl Limits {
    pub fn resolve(
        nodes: Option<u64>,
        seconds: Option<f64>,
        megabytes: u64,
    ) -> Result<Limits, ResolveError> {
        let time = seconds
            .map(|s| {
                std::time::Duration::try_from_secs_f64(s).map_err(|_| {
                    ResolveError::Usage(format!(
                        "--max-time: '{s}' is not a number of seconds, 0 or more"
                    ))
                })
            })
            .transpose()?;
        let memory = usize::try_from(megabytes.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        Ok(Limits {
            nodes,
            time,
            memory,
        })
    }
}

/// A problem read, or why it does not read, and where from.
pub struct Given {
    /// `FILE:LINE` (a statement file), `FILE: problem N` (a Popeye
    /// input), or empty for the command line.
    pub source: String,
    /// The problem's 1-based place in its input.
    pub index: usize,
    /// The line of its input it starts on (none on the command line).
    pub line: Option<usize>,
    pub problem: Result<ChessProblem, String>,
    /// Read from a Popeye input: its options say what Popeye's tree shows.
    pub popeye: bool,
}

/// Reads the problems of `solve`'s words: one Popeye input or statement
/// file (or `-`), else the words as one statement.
pub fn read_problems(
    words: &[String],
    letters: Option<Language>,
) -> Result<Vec<Given>, ResolveError> {
    let letters = letters.map(|l| l.letters());
    let (source, text) = match words {
        [word] if word == "-" => {
            let mut text = String::new();
            io::stdin()
                .lock()
                .read_to_string(&mut text)
                .map_err(|e| ResolveError::Usage(format!("standard input: {e}")))?;
            ("<stdin>".to_owned(), text)
        }
        [word] if Path::new(word).is_file() => {
            let text = std::fs::read_to_string(word)
                .map_err(|e| ResolveError::Usage(format!("{word}: {e}")))?;
            (word.clone(), text)
        }
        _ => {
            let statement = words.join(" ");
            let problem = ChessProblem::from_statement(&statement, letters).map_err(|e| {
                // A path that names no file is that, not a bad placement.
                if let [word] = words {
                    if let Some(message) = no_file(word) {
                        return ResolveError::Usage(message);
                    }
                }
                ResolveError::Rejected(format!(
                    "invalid problem\n{}",
                    caret(
                        &statement,
                        e.offset,
                        &format!("col {}: {}", e.offset + 1, e.message())
                    )
                ))
            })?;
            return Ok(vec![Given {
                source: String::new(),
                index: 1,
                line: None,
                problem: Ok(problem),
                popeye: false,
            }]);
        }
    };
    let text = skip_bom(text.as_str());
    let read = read_popeye_each(text);
    // Not Popeye's (no word of it is a Popeye command): one statement per
    // non-blank line.
    if let [Err(e)] = &read[..] {
        if e.kind == ParsePopeyeErrorKind::Begin && !is_popeye_input(text) {
            let out: Vec<Given> = text
                .lines()
                .enumerate()
                .filter(|(_, line)| !line.trim().is_empty())
                .enumerate()
                .map(|(index, (i, line))| Given {
                    source: format!("{source}:{}", i + 1),
                    index: index + 1,
                    line: Some(i + 1),
                    problem: ChessProblem::from_statement(line, letters).map_err(|e| {
                        format!("{source}:{}:{}: {}", i + 1, e.offset + 1, e.message())
                    }),
                    popeye: false,
                })
                .collect();
            if out.is_empty() {
                return Err(ResolveError::Rejected(format!("{source}: no problem")));
            }
            return Ok(out);
        }
    }
    // A fault costs only its own problem: the others are still solved.
    Ok(read
        .into_iter()
        .enumerate()
        .map(|(i, problem)| Given {
            source: format!("{source}: problem {}", i + 1),
            index: i + 1,
            line: Some(match &problem {
                Ok(p) => p.line,
                Err(e) => e.line,
            }),
            problem: problem
                .map_err(|e| format!("{source}:{}:{}: {}", e.line, e.column, e.message())),
            popeye: true,
        })
        .collect())
}

/// Why `word`, which does not read as a problem, names no file to read,
/// when it looks like a path (it exists, as a directory does; it has an
/// extension, as `problems.inp`; it starts like one, as `./x` or `~/x`):
/// the system's reason (`No such file or directory`). No placement or
/// stipulation has a `.` before a final word of letters and digits.
fn no_file(word: &str) -> Option<String> {
    let path = Path::new(word);
    let extension = word.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=10).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    let starts_like_one = ["/", "./", "../", "~/"].iter().any(|p| word.starts_with(p));
    if !(path.exists() || extension || starts_like_one) {
        return None;
    }
    std::fs::read_to_string(path)
        .err()
        .map(|e| format!("{word}: {e}"))
}

/// Set by Ctrl-C while `solve` runs: the search stops at its next check.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub fn run(args: &Solve) -> io::Result<Outcome> {
    // Without a handler (it could not be installed) Ctrl-C ends the
    // process as before; what is solved is already written either way.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    let mut out = io::stdout().lock();
    let mut outcome = Outcome::Ok;
    let several = args.problems.len() > 1;
    for (i, given) in args.problems.iter().enumerate() {
        let problem = match &given.problem {
            Ok(problem) => problem,
            Err(message) => {
                crate::note(message);
                outcome = Outcome::Rejected;
                continue;
            }
        };
        let place = if given.source.is_empty() {
            String::new()
        } else {
            format!("{}: ", given.source)
        };
        let Some(stipulation) = args.stipulation.or(problem.stipulation) else {
            crate::note(&format!(
                "{place}no stipulation: give one (#3, mate in 3) or --mate N"
            ));
            outcome = Outcome::Rejected;
            continue;
        };
        // Solved as given, as Popeye solves it; said, not hidden.
        for set_aside in &problem.set_aside {
            crate::note(&format!(
                "{place}warning: {} (set aside: move generation stays sound)",
                problem_line(set_aside)
            ));
        }
        // The problem, then each twin, labelled a), b), ... when it has any.
        let twins = if problem.twins.is_empty() {
            vec![Ok((String::new(), problem.clone()))]
        } else {
            problem.twin_problems()
        };
        let labelled = twins.len() > 1;
        if !args.json && i > 0 {
            writeln!(out)?;
        }
        if !args.json && (several || problem.title.is_some()) {
            write!(out, "{}", given.source)?;
            if let Some(title) = &problem.title {
                write!(out, " ({title})")?;
            }
            writeln!(out, " {stipulation}")?;
        }
        for (t, twin) in twins.iter().enumerate() {
            let letter = twin_letter(t);
            let continued = problem
                .twins
                .get(t.wrapping_sub(1))
                .is_some_and(|x| x.continued);
            let (label, twin) = match twin {
                Ok(made) => made,
                Err(e) => {
                    crate::note(&format!("{place}{letter}) {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            let stipulation = args.stipulation.or(twin.stipulation).unwrap_or(stipulation);
            let start = match twin.start(&stipulation) {
                Ok(start) => start,
                Err(e) => {
                    crate::note(&format!("{place}{stipulation}: {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            let pos = &start;
            let solution = {
                let mut progress = Progress::new(args.progress, "nodes");
                let mut seen = 0;
                let mut report = |nodes: u64| {
                    progress.add(nodes - seen);
                    seen = nodes;
                };
                let mut solver = Solver::new(stipulation)
                    .tries(args.tries || problem.asks_tries())
                    .set_play(args.set_play || problem.asks_set_play())
                    .max_memory(args.limits.memory)
                    .cancel(&INTERRUPTED)
                    .progress(&mut report);
                if let Some(nodes) = args.limits.nodes {
                    solver = solver.max_nodes(nodes);
                }
                if let Some(time) = args.limits.time {
                    solver = solver.max_time(time);
                }
                solver.solve(pos)
            };
            let solution = match solution {
                Ok(s) => s,
                Err(e) if e.reason == StopReason::Cancelled => {
                    crate::note(&format!("{place}interrupted: {e}"));
                    return Ok(Outcome::Interrupted);
                }
                Err(e) => {
                    // A limit costs only this problem: the next are solved.
                    crate::note(&format!("{place}stopped: {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            if args.json {
                let mut value = solution_json(pos, &solution);
                value["problem"] = problem_json(given, problem, stipulation);
                if labelled {
                    value["twin"] = json!({
                        "label": letter.to_string(),
                        "changes": label.trim_end(),
                        "continued": continued,
                        "fen": pos.setup().to_string(),
                    });
                }
                writeln!(out, "{value}")?;
                out.flush()?;
                continue;
            }
            let language = args
                .letters
                .or(problem.language)
                .unwrap_or(Language::English);
            let mut text = String::new();
            let written = if args.popeye {
                if labelled {
                    // Popeye's label: `+c)` for a continued twin, the
                    // changes, then a blank line.
                    let plus = if continued { "+" } else { "" };
                    text.push_str(&format!("{plus}{letter}) {label}\n\n"));
                }
                let mut style = PopeyeStyle::default();
                style.language = language;
                // Popeye writes threats and variations when asked.
                style.variations = !given.popeye || problem.asks_variations();
                write_popeye_with(&mut text, pos, &solution, &style)
            } else {
                if labelled {
                    let plus = if continued { "+" } else { "" };
                    text.push_str(
                        &format!("{plus}{letter}) {}\n", label.trim_end()).replace(") \n", ")\n"),
                    );
                }
                let notation = args.notation.unwrap_or(Notation::San(language));
                write_solution(&mut text, pos, &solution, notation)
            };
            written.map_err(io::Error::other)?;
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        // What is solved is written, whatever happens to the next problem.
        out.flush()?;
    }
    Ok(outcome)
}

/// The label of twin `t` (0 for the problem itself): `a` to `z`, then
/// `z1`, `z2`...
fn twin_letter(t: usize) -> String {
    match u8::try_from(t).ok().filter(|&t| t < 26) {
        Some(t) => char::from(b'a' + t).to_string(),
        None => format!("z{}", t - 25),
    }
}

/// `{"keys": [...], "cook": bool, "nodes": N}`, with `tries`, `set_play`,
/// `lines` and `duplex` when there are any.
fn solution_json(pos: &Position, solution: &Solution) -> Value {
    let mut value = half_json(pos, solution);
    if let Some(second) = &solution.duplex {
        let start = duplex_position(pos).unwrap_or_else(|| pos.clone());
        value["duplex"] = half_json(&start, second);
    }
    value["nodes"] = json!(solution.nodes);
    value
}

/// One half of a solution (the whole when it is not duplex).
fn half_json(pos: &Position, solution: &Solution) -> Value {
    let keys: Vec<Value> = solution.keys.iter().map(|k| key_json(pos, k)).collect();
    let mut value = json!({
        "keys": keys,
        "cook": solution.is_cooked(),
    });
    if !solution.tries.is_empty() {
        let tries: Vec<Value> = solution.tries.iter().map(|k| key_json(pos, k)).collect();
        value["tries"] = Value::Array(tries);
    }
    if let Some(set) = &solution.set_play {
        let black = duplex_position(pos).unwrap_or_else(|| pos.clone());
        value["set_play"] = Value::Array(set.iter().map(|v| black_json(&black, v)).collect());
    }
    if solution.stipulation.is_lines() {
        value["lines"] = lines_json(pos, &solution.stipulation, &solution.lines);
        if let Some(set) = solution.stipulation.set_play() {
            if !solution.set_lines.is_empty() {
                let start = duplex_position(pos).unwrap_or_else(|| pos.clone());
                value["set_lines"] = lines_json(&start, &set, &solution.set_lines);
            }
        }
    }
    value
}

/// Help or series lines of `stipulation` from `pos`: each its moves and
/// `short` when true.
fn lines_json(pos: &Position, stipulation: &Stipulation, lines: &[forsyth::solve::Line]) -> Value {
    {
        let lines: Vec<Value> = lines
            .iter()
            .map(|line| {
                let positions = line.positions(pos, stipulation);
                let moves: Vec<Value> = line
                    .moves
                    .iter()
                    .zip(&positions)
                    .map(|(&m, at)| {
                        let mut object = move_json(at, m, Vec::new());
                        object.remove("replies");
                        Value::Object(object)
                    })
                    .collect();
                let mut object = json!({ "moves": moves });
                if line.short {
                    object["short"] = Value::Bool(true);
                }
                object
            })
            .collect();
        Value::Array(lines)
    }
}

/// Which problem a solution answers: its place in the input (`index`,
/// `line`, `null` on the command line), `title` (`null` without one), the
/// `stipulation` solved, and `set_aside` (the kinds of what validation
/// refused but move generation handles) when there is any.
fn problem_json(given: &Given, problem: &ChessProblem, stipulation: Stipulation) -> Value {
    let mut object = Map::new();
    object.insert("index".to_owned(), json!(given.index));
    object.insert("line".to_owned(), json!(given.line));
    object.insert("title".to_owned(), json!(problem.title));
    object.insert("stipulation".to_owned(), json!(stipulation.to_string()));
    if !problem.set_aside.is_empty() {
        let kinds: Vec<&str> = problem.set_aside.iter().map(|p| p.kind().name()).collect();
        object.insert("set_aside".to_owned(), json!(kinds));
    }
    Value::Object(object)
}

/// A move object: `uci`, `san` (English SAN), `replies`.
fn move_json(pos: &Position, m: Move, replies: Vec<Value>) -> Map<String, Value> {
    let mut object = Map::new();
    let uci = UciMove::from_move(m, CastlingMode::from_variant(pos.variant()));
    object.insert("uci".to_owned(), Value::String(uci.to_string()));
    object.insert("san".to_owned(), Value::String(pos.san(m)));
    object.insert("replies".to_owned(), Value::Array(replies));
    object
}

fn after(pos: &Position, m: Move) -> Position {
    // The tree's moves are legal in their positions.
    pos.play(m).unwrap_or_else(|_| pos.clone())
}

/// A key: its defences, its threat (`null` when there is none), `short`
/// when it mates before the stipulation's last move.
fn key_json(pos: &Position, key: &Key) -> Value {
    let next = after(pos, key.mv);
    let defences = key.defences.iter().map(|d| black_json(&next, d)).collect();
    let mut object = move_json(pos, key.mv, defences);
    let threat = match (&key.threat, key.threat_position(pos)) {
        (Some(list), Some(passed)) => {
            Value::Array(list.iter().map(|t| white_json(&passed, t)).collect())
        }
        _ => Value::Null,
    };
    object.insert("threat".to_owned(), threat);
    if key.short {
        object.insert("short".to_owned(), Value::Bool(true));
    }
    if !key.refutations.is_empty() {
        let refutations = key
            .refutations
            .iter()
            .map(|&r| Value::Object(move_json(&next, r, Vec::new())))
            .collect();
        object.insert("refutations".to_owned(), Value::Array(refutations));
    }
    Value::Object(object)
}

/// A White continuation, `dual` and `short` where true.
fn white_json(pos: &Position, v: &Variation) -> Value {
    let next = after(pos, v.mv);
    let replies = v.replies.iter().map(|r| black_json(&next, r)).collect();
    let mut object = move_json(pos, v.mv, replies);
    if let Some(threat) = &v.threat {
        let passed = duplex_position(&next).unwrap_or_else(|| next.clone());
        let threat = threat.iter().map(|t| white_json(&passed, t)).collect();
        object.insert("threat".to_owned(), Value::Array(threat));
    }
    if v.dual {
        object.insert("dual".to_owned(), Value::Bool(true));
    }
    if v.short {
        object.insert("short".to_owned(), Value::Bool(true));
    }
    Value::Object(object)
}

/// A Black defence and White's continuations.
fn black_json(pos: &Position, v: &Variation) -> Value {
    let next = after(pos, v.mv);
    let replies = v.replies.iter().map(|r| white_json(&next, r)).collect();
    Value::Object(move_json(pos, v.mv, replies))
}
