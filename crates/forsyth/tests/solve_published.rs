//! The solver against published two-movers: the key, the threat (or its
//! absence: a waiting key) and every mate the source prints after each
//! defence it prints, from `data/published_twomovers.txt` (sources there).

use forsyth::solve::{ChessProblem, Solver, Stipulation, Variation};
use forsyth::Position;

fn play(pos: &Position, m: forsyth::Move) -> Position {
    pos.play(m).expect("a legal move")
}

fn sans(pos: &Position, list: &[Variation]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|v| pos.san(v.mv)).collect();
    out.sort();
    out
}

fn sorted(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split(',').map(str::to_owned).collect();
    out.sort();
    out
}

#[test]
fn published_two_movers_have_the_printed_key_threat_and_mates() {
    let text = include_str!("data/published_twomovers.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [placement, stipulation, key, threat, variations, source] = fields[..] else {
            panic!("bad line {line}");
        };
        let problem = ChessProblem::from_statement(&format!("({placement}) {stipulation}"), None)
            .unwrap_or_else(|e| panic!("{source}: {e}"));
        assert_eq!(problem.stipulation, Some(Stipulation::mate(2)), "{source}");
        let pos = &problem.position;
        let solution = Solver::new(Stipulation::mate(2))
            .solve(pos)
            .expect("not cancelled");
        let keys: Vec<String> = solution.keys.iter().map(|k| pos.san(k.mv)).collect();
        assert_eq!(keys, [key], "{source}: the one key");
        let k = &solution.keys[0];
        let next = play(pos, k.mv);
        match (threat, &k.threat) {
            ("-", None) => assert!(k.is_waiting(), "{source}: a waiting key"),
            ("-", Some(t)) => panic!("{source}: a threat {:?}", t.len()),
            (_, None) => panic!("{source}: no threat found"),
            (want, Some(list)) => {
                let passed = k.threat_position(pos).expect("a quiet key");
                assert_eq!(sans(&passed, list), sorted(want), "{source}: threat");
            }
        }
        for variation in variations.split(';') {
            let (defence, mates) = variation.split_once('=').expect("DEFENCE=MATES");
            let d = k
                .defences
                .iter()
                .find(|d| next.san(d.mv) == defence)
                .unwrap_or_else(|| panic!("{source}: no defence {defence}"));
            let after = play(&next, d.mv);
            assert_eq!(
                sans(&after, &d.replies),
                sorted(mates),
                "{source}: 1...{defence}"
            );
            // Two or more mates after one defence: dual mates, marked.
            for m in &d.replies {
                assert_eq!(m.dual, d.replies.len() > 1, "{source}: 1...{defence}");
            }
        }
        count += 1;
    }
    assert_eq!(count, 4);
}
