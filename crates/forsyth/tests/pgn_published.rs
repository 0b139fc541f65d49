//! Published games (`tests/data/pgn/published.pgn`, sources in the data
//! README): each famous score replays legal to its end, with the length,
//! result and final mate the published score has; two final positions are
//! checked square by square against the position worked out by hand from
//! the score.

use forsyth::fen::CastlingNotation;
use forsyth::pgn::{Collect, Event, GameResult, Reader};
use forsyth::pgn::{Replay, ReplayedGame};
use forsyth::Color;

const PUBLISHED: &str = include_str!("data/pgn/published.pgn");

/// One published game: its players, how many plies its score has, its
/// result, and whether the last move mates.
struct Expected {
    white: &'static str,
    black: &'static str,
    plies: usize,
    result: GameResult,
    mate: bool,
}

/// Written from the published scores (not from the replay): the plies
/// count the moves of each score, White's `n.` move being ply `2n - 1`.
const EXPECTED: [Expected; 10] = [
    Expected {
        white: "Anderssen, Adolf",
        black: "Kieseritzky, Lionel",
        plies: 45,
        result: GameResult::WhiteWins,
        mate: true,
    },
    Expected {
        white: "Anderssen, Adolf",
        black: "Dufresne, Jean",
        plies: 47,
        result: GameResult::WhiteWins,
        mate: true,
    },
    Expected {
        white: "Morphy, Paul",
        black: "Duke Karl of Brunswick and Count Isouard",
        plies: 33,
        result: GameResult::WhiteWins,
        mate: true,
    },
    Expected {
        white: "Steinitz, Wilhelm",
        black: "von Bardeleben, Curt",
        plies: 49,
        result: GameResult::WhiteWins,
        mate: false,
    },
    Expected {
        white: "Rotlewi, Georg",
        black: "Rubinstein, Akiba",
        plies: 50,
        result: GameResult::BlackWins,
        mate: false,
    },
    Expected {
        white: "Reti, Richard",
        black: "Tartakower, Savielly",
        plies: 21,
        result: GameResult::WhiteWins,
        mate: true,
    },
    Expected {
        white: "Levitsky, Stepan",
        black: "Marshall, Frank James",
        plies: 46,
        result: GameResult::BlackWins,
        mate: false,
    },
    Expected {
        white: "Lasker, Edward",
        black: "Thomas, George Alan",
        plies: 35,
        result: GameResult::WhiteWins,
        mate: true,
    },
    Expected {
        white: "Byrne, Donald",
        black: "Fischer, Robert James",
        plies: 82,
        result: GameResult::BlackWins,
        mate: true,
    },
    Expected {
        white: "Deep Blue (Computer)",
        black: "Kasparov, Garry",
        plies: 37,
        result: GameResult::WhiteWins,
        mate: false,
    },
];

fn replayed() -> Vec<ReplayedGame> {
    let mut games = Vec::new();
    Reader::new(PUBLISHED.as_bytes())
        .read_all(&mut Replay::default(), |g| games.push(g))
        .unwrap();
    games
}

#[test]
fn every_published_game_replays_legal_to_its_published_end() {
    let games = replayed();
    assert_eq!(games.len(), EXPECTED.len());
    for (game, expected) in games.iter().zip(&EXPECTED) {
        let name = format!("{} - {}", expected.white, expected.black);
        assert!(game.is_ok(), "{name}: {:?}", game.error);
        assert!(game.warnings.is_empty(), "{name}: {:?}", game.warnings);
        // The start and one position after every ply.
        assert_eq!(game.positions.len(), expected.plies + 1, "{name}");
        let last = game.positions.last().unwrap();
        assert_eq!(last.is_checkmate(), expected.mate, "{name}");
        if expected.mate {
            // The side to move is mated: the other side won.
            let winner = match expected.result {
                GameResult::WhiteWins => Color::White,
                _ => Color::Black,
            };
            assert_eq!(last.turn(), !winner, "{name}");
        }
    }
}

#[test]
fn the_seven_tag_roster_and_the_result_of_every_game() {
    let mut reader = Reader::new(PUBLISHED.as_bytes());
    for expected in &EXPECTED {
        let game = reader.read_game(&mut Collect::default()).unwrap().unwrap();
        assert!(game.errors.is_empty(), "{:?}", game.errors);
        let names: Vec<&str> = game.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        let tag = |name: &str| game.tags.iter().find(|(n, _)| n == name).unwrap().1.clone();
        assert_eq!(tag("White"), expected.white);
        assert_eq!(tag("Black"), expected.black);
        assert_eq!(tag("Result"), expected.result.to_string());
        // The termination marker ends the movetext and agrees with the tag.
        let Some(Event::Result { result, .. }) = game.events.last() else {
            panic!("no result: {:?}", game.events.last());
        };
        assert_eq!(*result, expected.result);
    }
    assert!(reader.read_game(&mut Collect::default()).unwrap().is_none());
}

/// Final positions worked out by hand, piece by piece, from the scores.
#[test]
fn final_positions_of_two_mates() {
    let games = replayed();
    let xfen = |g: &ReplayedGame| {
        let last = g.positions.last().unwrap();
        last.setup().to_fen(&CastlingNotation::XFen.into()).unwrap()
    };
    // The Opera game after 17.Rd8#: Black still may castle short (king and
    // h8 rook unmoved); both b-pawns gone (10.Nxb5, 11.Bxb5+); the last
    // capture was 16...Nxb8.
    assert_eq!(
        xfen(&games[2]),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    // Lasker - Thomas after 18.Kd2#: the a1 rook mates along the first
    // rank; six plies since 15.g3+.
    assert_eq!(
        xfen(&games[7]),
        "rn3r2/pbppq1p1/1p2pN2/8/3P2NP/6P1/PPPKBP1R/R5k1 b - - 6 18"
    );
}
