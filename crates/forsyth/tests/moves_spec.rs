//! The refusal table of `specs/moves.md`: each row's last move is refused
//! with the row's kind, and the message names the row's squares; every
//! kind of illegal move has a row.

use std::collections::BTreeSet;

use forsyth::fen::Fen;
use forsyth::game::Game;
use forsyth::{IllegalMoveKind, Position};
use strum::IntoEnumIterator;

const SPEC: &str = include_str!("../../../specs/moves.md");

pub(crate) struct Row {
    pub(crate) kind: String,
    pub(crate) fen: String,
    pub(crate) moves: Vec<String>,
    names: Vec<String>,
    pub(crate) line: usize,
}

/// Rows `| `kind` | `fen` | `moves` | names |` of the section `## Refusals`.
pub(crate) fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    let mut inside = false;
    for (i, line) in SPEC.lines().enumerate() {
        if line.starts_with("## ") {
            inside = line == "## Refusals";
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if !inside || cells.len() != 6 || !cells[1].starts_with('`') {
            continue;
        }
        let unquote = |c: &str| c.trim_matches('`').to_owned();
        out.push(Row {
            kind: unquote(cells[1]),
            fen: unquote(cells[2]),
            moves: cells[3]
                .trim_matches('`')
                .split_whitespace()
                .map(str::to_owned)
                .collect(),
            names: cells[4]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
            line: i + 1,
        });
    }
    out
}

#[test]
fn every_row_is_refused_as_it_says() {
    let rows = rows();
    assert!(rows.len() >= 20, "the table reads");
    for row in &rows {
        let at = format!("specs/moves.md:{}", row.line);
        let fen = Fen::from_ascii(row.fen.as_bytes()).expect(&at);
        let mut game = Game::new(Position::from_fen(&fen, None).expect(&at));
        let err = game.play_moves(&row.moves).expect_err(&at);
        assert_eq!(err.index + 1, row.moves.len(), "{at}: {err}");
        assert_eq!(err.kind().name(), row.kind, "{at}: {err}");
        let message = err.to_string();
        for name in &row.names {
            assert!(message.contains(name.as_str()), "{at}: {name} in {message}");
        }
    }
}

#[test]
fn every_kind_has_a_row() {
    let documented: BTreeSet<String> = rows().into_iter().map(|r| r.kind).collect();
    for kind in IllegalMoveKind::iter() {
        assert!(
            documented.contains(kind.name()),
            "{} has no row in specs/moves.md",
            kind.name()
        );
    }
}
