//! `solve --style popeye` on the Popeye inputs that were refused or
//! answered otherwise than Popeye answers them: the side not to move in
//! check, `option postkey`, pawns on a back rank, the goals beside mate and
//! stalemate. Each expected text is Popeye 4.104's own output on the same
//! input (its test file `TESTS/battle_play.inp`, or the input in the test,
//! run through Popeye), its board and statistics left out.

use crate::util::{assert_contains, forsyth};

fn popeye(input: &str) -> crate::util::Run {
    forsyth(&["solve", "-", "--style", "popeye"], input.as_bytes())
}

/// The side not to move in check: Popeye writes "the side to play can
/// capture the king" on standard error and solves nothing, then goes on
/// with the next problem (battle_play.inp's first problem: the knight on
/// c7 checks Black's king with White to move).
#[test]
fn the_side_not_to_move_in_check_is_reported_and_the_next_problem_solved() {
    let input = "begin\ntitle #1 - Black in check\npieces white ka6 sc7\n       black ka8\n\
        stipulation #1\noption vari\nnext\ntitle #1\npieces white ka6 se8 pa7\n       \
        black ka8\nstipulation #1\noption vari\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stderr,
        "problem 1: the side to play can capture the king",
    );
    assert_eq!(
        r.stderr.matches("capture the king").count(),
        1,
        "{}",
        r.stderr
    );
    // Nothing at all for the first problem, Popeye's key for the second.
    let first = r.stdout.split("problem 2").next().unwrap();
    assert!(!first.contains("1."), "{}", r.stdout);
    assert_contains(&r.stdout, "problem 2 (#1) #1\n   1.Se8-c7 # !\n");
    // The default style says it where the solution would stand.
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "#1\nthe side to play can capture the king\n");
    // JSON: no keys, and why.
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    let first = r.stdout.lines().next().unwrap();
    assert_contains(first, "\"opposite_check\":true");
    assert_contains(first, "\"keys\":[]");
}

/// Set play asked with White in check: Black cannot move first. Popeye
/// says so on standard error and solves the rest (battle_play.inp, "#2
/// with setplay, White in check").
#[test]
fn set_play_with_white_in_check_is_reported_and_the_play_solved() {
    let input = "begin\npieces white ka6 rc6\n       black kb8 sc5\nstipulation #2\n\
        option set vari\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "the side to play can capture the king");
    assert_eq!(
        r.stdout,
        "   1.Rc6*c5 ! zugzwang.\n      1...Kb8-a8\n          2.Rc5-c8 #\n\n"
    );
}

/// The side not to move in check with `option setplay`: Black is to move
/// in the set play, which Popeye solves and writes, then says on standard
/// error that the side to play can capture the king, and solves no more.
/// Each expected text is Popeye 4.104's output.
#[test]
fn set_play_of_a_diagram_with_the_side_not_to_move_in_check() {
    let pieces = "pieces white qa8 sf7 bf6 ka4 sh1 rb1\n       black kc8\n";
    let set_2 = "      1...Kc8-c7\n          2.Qa8-b7 #\n\n";
    for options in ["setplay", "setplay threat 1", "setplay vari", "setplay try"] {
        let input = format!("begin\n{pieces}stipulation #2\noption {options}\nend\n");
        let r = popeye(&input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, set_2, "{options}");
        assert_eq!(
            r.stderr
                .matches("problem 1: the side to play can capture the king")
                .count(),
            1,
            "{}",
            r.stderr
        );
    }
    // #3 with variations: the set play's tree as after a key.
    let input = format!("begin\n{pieces}stipulation #3\noption setplay vari\nend\n");
    let r = popeye(&input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "      1...Kc8-d7\n          2.Rb1-b6 threat:\n                  3.Qa8-c6 #\n\
         \x20                 3.Qa8-d8 #\n          2.Qa8-e4 zugzwang.\n              2...Kd7-c8\n\
         \x20                 3.Qe4-b7 #\n                  3.Qe4-c6 #\n              2...Kd7-c7\n\
         \x20                 3.Qe4-b7 #\n          2.Qa8-d5 +\n              2...Kd7-e8\n\
         \x20                 3.Rb1-b8 #\n              2...Kd7-c8\n                  3.Qd5-b7 #\n\
         \x20                 3.Qd5-c6 #\n                  3.Qd5-d8 #\n              2...Kd7-c7\n\
         \x20                 3.Qd5-b7 #\n      1...Kc8-c7\n          2.Qa8-b7 #\n\n"
    );
    // r#2: White's answers force Black's mate.
    let input = "begin\npieces white kh8 sd8 pf4\n       black rf7 kg5\nstipulation r#2\n\
        option setplay\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "      1...Kg5-h6\n          2.f4-f5\n              2...Rf7-f8 #\n          2.Sd8-b7\n\
         \x20             2...Rf7-f8 #\n          2.Sd8-c6\n              2...Rf7-f8 #\n\
         \x20     1...Kg5-g6\n          2.Sd8-b7\n              2...Rf7-f8 #\n          2.Sd8-c6\n\
         \x20             2...Rf7-f8 #\n\n"
    );
    assert_contains(&r.stderr, "the side to play can capture the king");
    // Twins: the set play's blank line, also when none was found (s#2),
    // then the next twin.
    let input = format!("begin\n{pieces}stipulation #2\noption setplay\ntwin move a8 a5\nend\n");
    let r = popeye(&input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "a) \n\n{set_2}b) wQa8-->a5  \n\n\n   1.Qa5-d8 # !\n\n   1.Qa5-d5 !\n\n\
             \x20  1.Qa5-b5 !\n\n"
        )
    );
    let input = format!("begin\n{pieces}stipulation s#2\noption setplay\ntwin move a8 a5\nend\n");
    let r = popeye(&input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "a) \n\n\nb) wQa8-->a5  \n\n\n\n");
    // Duplex: White in check to move, so the second half (Black first)
    // has White's set play alone.
    let input = "begin\npieces white qd6 ba6 sh4 rh1 ke1 ra1\n       black se8 kg4 rg1\n\
        stipulation r#2\noption setplay duplex\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "\n      1...Rh1*g1 +\n          2.Kg4-h3\n              2...Qd6-g3 #\n\
         \x20         2.Kg4*h4\n              2...Qd6-h2 #\n              2...Qd6-h6 #\n\n"
    );
    assert_eq!(
        r.stderr.matches("capture the king").count(),
        2,
        "{}",
        r.stderr
    );
    // The default style and JSON show the set play too, and why the play
    // is not solved.
    let input = format!("begin\n{pieces}stipulation #2\noption setplay\nend\n");
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "1...Kc7 2.Qb7#\nthe side to play can capture the king\n",
    );
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "\"opposite_check\":true");
    assert_contains(&r.stdout, "\"keys\":[]");
    assert_contains(&r.stdout, "\"san\":\"Kc7\",\"uci\":\"c8c7\"");
    assert_contains(&r.stdout, "\"san\":\"Qb7#\",\"uci\":\"a8b7\"");
}

/// `option postkey`: the diagram is the position after the key, Black to
/// move; Popeye writes the threat or ` zugzwang.`, then every defence, a
/// refutation followed by `refutes.` (battle_play.inp, "#1.5
/// incomplete"), and no blank line after.
#[test]
fn postkey_play_as_popeye_writes_it() {
    let input = "begin\npieces white kb6 sd5 pa7\n       black ka8 se8 ph5\nstipulation #2\n\
        option postkey\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        " zugzwang.\n      1...h5-h4\n        refutes.\n      1...Se8-c7\n          2.Sd5*c7 #\n\
         \x20     1...Se8-d6\n          2.Sd5-c7 #\n      1...Se8-f6\n          2.Sd5-c7 #\n\
         \x20     1...Se8-g7\n          2.Sd5-c7 #\n"
    );
    // s#0.5: Black's mate is forced at once; no zugzwang line.
    let input = "begin\npieces white ka1 rh4\n       black ka3 pa2b3\nstipulation s#1\n\
        option postkey vari\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "      1...b3-b2 #\n");
    // #2.5 (#3 after the key): the tree two levels down.
    let input = "begin\npieces white ka6 se6 pa7c3\n       black ka8 se8 pc6\nstip #3\n\
        option postkey vari\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        " zugzwang.\n      1...c6-c5\n          2.c3-c4 zugzwang.\n              2...Se8-c7 +\n\
         \x20                 3.Se6*c7 #\n              2...Se8-d6\n                  3.Se6-c7 #\n\
         \x20             2...Se8-f6\n                  3.Se6-c7 #\n              2...Se8-g7\n\
         \x20                 3.Se6-c7 #\n      1...Se8-c7 +\n          2.Se6*c7 #\n\
         \x20     1...Se8-d6\n          2.Se6-c7 #\n      1...Se8-f6\n          2.Se6-c7 #\n\
         \x20     1...Se8-g7\n          2.Se6-c7 #\n"
    );
    // The default style: zugzwang, the variations in the move generator's
    // order, the refutation marked.
    let input = "begin\npieces white kb6 sd5 pa7\n       black ka8 se8 ph5\nstipulation #2\n\
        option postkey\nend\n";
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "zugzwang\n  1...Nd6 2.Nc7#\n  1...Nf6 2.Nc7#\n  1...Nc7 2.Nxc7#\n  1...Ng7 2.Nc7#\n  1...h4!\n"
    );
}

/// Twins that put a pawn on a back rank are solved, the pawn standing
/// there without moving or attacking, as Popeye solves them: b) White's
/// pawn on e8 cuts the rook's line (no mate), c) the rotation carries the
/// pawn on a4 to d8, d) Black's pawn goes to e1, e) the mirror carries it
/// to d1. The lines are Popeye 4.104's, blank lines aside.
#[test]
fn twins_with_pawns_on_back_ranks_as_popeye_solves_them() {
    let input = "begin\npieces white kb6 rh1 pa4 black ka8 pe5\nstipulation #1\noption vari\n\
        twin add white pe8\ntwin rotate 90\ntwin move e5 e1\n\
        twin continued mirror a1<-->h1\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines,
        [
            "a) ",
            "   1.Rh1-h8 # !",
            "b) +wPe8  ",
            "c) rotate 90  ",
            "   1.Rh8-a8 # !",
            "d) bPe5-->e1  ",
            "   1.Rh1-h8 # !",
            "+e) mirror a1<-->h1  ",
            "   1.Ra1-a8 # !",
        ]
    );
}

/// The goals beside mate and stalemate, in Popeye's input and written as
/// Popeye writes them: `#=2` (battle_play.inp: two short keys, each
/// marked `#=`), `x2` with threats (a capture that checks is marked
/// `+ x`); a goal Popeye has and forsyth does not solve is an error
/// naming it.
#[test]
fn goals_as_popeye_writes_them() {
    let r = popeye("begin\npieces white ka3 rc3\n       black ka1\nstip #=2\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "   1.Rc3-c1 #= !\n\n   1.Rc3-b3 #= !\n\n");
    let r = popeye(
        "begin\npieces white kc6 rh1 bf1 black ka8 sd3 sh8 pb7\nstipulation x2\noption vari\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let first_key: Vec<&str> = r.stdout.split("\n\n").next().unwrap().lines().collect();
    assert_eq!(
        first_key,
        [
            "   1.Kc6-b5 ! threat:",
            "          2.Bf1*d3 x",
            "          2.Rh1*h8 + x",
            "      1...Sd3-b2",
            "          2.Rh1*h8 + x",
            "      1...Sd3-c1",
            "          2.Rh1*h8 + x",
            "      1...Sd3-e1",
            "          2.Rh1*h8 + x",
            "      1...Sd3-f2",
            "          2.Rh1*h8 + x",
            "      1...Sd3-f4",
            "          2.Rh1*h8 + x",
            "      1...Sd3-e5",
            "          2.Rh1*h8 + x",
            "      1...Sd3-c5",
            "          2.Rh1*h8 + x",
            "          2.Kb5*c5 x",
            "      1...Sd3-b4",
            "          2.Rh1*h8 + x",
            "          2.Kb5*b4 x",
            "      1...Sh8-f7",
            "          2.Bf1*d3 x",
            "      1...Sh8-g6",
            "          2.Bf1*d3 x",
        ]
    );
    assert_eq!(r.stdout.matches(" ! threat:").count(), 3, "{}", r.stdout);
    let r = popeye("begin\npieces white kc8 rb8\n       black ka7 qc5 rd5\nstip ##!2\nend\n");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "the goal ##!, counter-mate");
}

/// Set play of selfmates and reflexmates: were Black to move, its moves
/// that mate at once (in one move, the only set play there is; the short
/// set play of a longer selfmate), as Popeye writes them. The first three
/// inputs are battle_play.inp's "s#1 with complete set play", "s#2 with
/// complete short set play" (without `nothreat`) and "r#1 with set play";
/// the fourth is the first with a black knight added, whose moves mate
/// nothing: Popeye still writes Black's one mate, and no key.
#[test]
fn set_play_of_selfmates_and_reflexmates_as_popeye_writes_it() {
    let cases = [
        (
            "pieces white ka1 rc4 ph3\n       black ka3 pa2b3c5\nstipulation s#1",
            "      1...b3-b2 #\n\n   1.h3-h4 !\n      1...b3-b2 #\n\n",
        ),
        (
            "pieces white ka1 rc4 pg4\n       black ka3 pa2b3c5g5\nstip s#2",
            "      1...b3-b2 #\n\n   1.Rc4-e4 ! threat:\n          2.Re4-c4\n",
        ),
        (
            "pieces white ka1 ph3\n       black ka3 se1 pa2\nstipulation r#1",
            "      1...Se1-c2 #\n\n   1.h3-h4 !\n      1...Se1-c2 #\n\n",
        ),
        (
            "pieces white ka1 rc4 ph3\n       black ka3 pa2b3c5 sh8\nstipulation s#1",
            "      1...b3-b2 #\n\n",
        ),
    ];
    for (problem, want) in cases {
        let input = format!("begin\n{problem}\noption set vari\nend\n");
        let r = popeye(&input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.starts_with(want), "{problem}\n{}", r.stdout);
    }
    // The default style and JSON carry it too.
    let input = "begin\npieces white ka1 ph3\n       black ka3 se1 pa2\nstipulation r#1\n\
        option set\nend\n";
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("set play:\n  1...Nc2#\n1.h4!"),
        "{}",
        r.stdout
    );
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    assert_contains(
        &r.stdout,
        "\"set_play\":[{\"replies\":[],\"san\":\"Nc2#\",\"uci\":\"e1c2\"}]",
    );
}

/// A selfmate's short set play (Black mates at once) is written only when
/// it is the whole set play: a Black move White cannot answer counts as
/// the full play, as a refutation does (Popeye's continuation solver
/// writes at the length its test found), so beside one the mate at once
/// is left out; the same holds after the key (`option postkey`), which is
/// then a waiting move. Each expected text is Popeye 4.104's on the input.
#[test]
fn short_set_play_beside_an_unanswered_move_is_left_out_as_popeye_leaves_it() {
    // White stalemated in the diagram: Popeye writes nothing at all.
    let r = popeye(
        "begin\npieces white kc5 black rg8 qf7 qf6 ka3\nstipulation s#2\noption setplay\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.trim(), "", "{}", r.stdout);
    // battle_play.inp's "s#2 with complete short set play", a black pawn
    // on h7 added (its moves are not answered): nothing; a white pawn on
    // h6 blocking it: Black's one move mates, and is written.
    let r = popeye(
        "begin\npieces white ka1 rc4 pg4 black ka3 pa2b3c5g5h7\nstipulation s#2\n\
         option setplay\nend\n",
    );
    assert_eq!(r.stdout.trim(), "", "{}", r.stdout);
    let r = popeye(
        "begin\npieces white ka1 rc4 pg4h6 black ka3 pa2b3c5g5h7\nstipulation s#2\n\
         option setplay\nend\n",
    );
    assert!(
        r.stdout.starts_with("      1...b3-b2 #\n\n   1.Rc4-e4 !\n"),
        "{}",
        r.stdout
    );
    // After the key: a waiting move, the mate at once not written.
    let r = popeye(
        "begin\npieces white kc5 black rg8 qf7 qf6 ka3\nstipulation s#2\noption postkey\nend\n",
    );
    assert!(
        r.stdout
            .starts_with(" zugzwang.\n      1...Ka3-b2\n        refutes.\n      1...Ka3-a2\n"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("Rg8-g5"), "{}", r.stdout);
    // A reflexmate's forced set play: Black's mates in the order of
    // Popeye's mating move generator.
    let r = popeye(
        "begin\npieces white kc4 black rd5 bd2 qh1 qg1 ke1 sc1\nstipulation r#2\n\
         option setplay\nend\n",
    );
    assert!(
        r.stdout.starts_with(
            "      1...Rd5-c5 #\n      1...Qh1-e4 #\n      1...Qg1-c5 #\n\
             \x20     1...Qg1-d4 #\n      1...Qg1-f1 #\n      1...Qg1-g4 #\n"
        ),
        "{}",
        r.stdout
    );
}

/// Set play asked where there is none (after the key, a series of one
/// side): Popeye's line in the input's language, then the rest solved
/// (the blank line after it left out, as the one after the diagram is);
/// the default style says it on standard error, JSON as a field. Each
/// expected text is Popeye 4.104's on the input.
#[test]
fn set_play_not_applicable_is_said_as_popeye_says_it() {
    let cases = [
        (
            "begin\npieces white kc5 qh2 black rg8 ka3 pb4\nstipulation #2\n\
             option setplay try postkey\nend\n",
            "SetPlay not applicable - ignored\ntry play not applicable\n zugzwang.\n\
             \x20     1...Ka3-a4\n          2.Qh2-a2 #\n",
        ),
        (
            "anfangproblem\nsteine weiss kc5 dh2 schwarz tg8 ka3 bb4\nforderung #2\n\
             option satzspiel nachschluessel\nendeproblem\n",
            "Satzspiel nicht anwendbar - ignoriert\n Zugzwang.\n",
        ),
        (
            "debutprobleme\npieces blanc rc5 dh2 noir tg8 ra3 pb4\nenonce #2\n\
             option apparent aprescle\nfinprobleme\n",
            "Apparent pas applicable - ignore\n blocus.\n      1...Ra3-a4\n",
        ),
        (
            "begin\npieces white kc5 qh1 black rg8 ka3 pb4\nstipulation ser-#2\n\
             option setplay\nend\n",
            "SetPlay not applicable - ignored\n  1.Kc5-c4   2.Qh1-a1 #\n",
        ),
    ];
    for (input, want) in cases {
        let r = popeye(input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.starts_with(want), "{input}\n{}", r.stdout);
    }
    // Set play that applies says nothing (h#1's is h#0.5).
    let r = popeye(
        "begin\npieces white kc5 qh1 black rg8 ka3 pb4\nstipulation h#1\noption setplay\nend\n",
    );
    assert!(!r.stdout.contains("applicable"), "{}", r.stdout);
    let input = "begin\npieces white kc5 qh2 black rg8 ka3 pb4\nstipulation #2\n\
                 option setplay postkey\nend\n";
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "set play: not applicable");
    assert!(!r.stdout.contains("applicable"), "{}", r.stdout);
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    assert_contains(&r.stdout, "\"set_play_not_applicable\":true");
}

/// Battle play's twins: Popeye ends each twin's battle play with a blank
/// line of its own after the keys' (or after the play after the key), so a
/// blank line more stands before the next label; a twin without a key has
/// the one blank line. The expected texts are Popeye 4.104's on the same
/// inputs, less that closing blank line after the last twin (the one
/// before Popeye's "solution finished", which is not written).
#[test]
fn battle_play_twins_are_spaced_as_popeye_spaces_them() {
    let cases = [
        (
            "pieces white kb6 rc7 black ka8\nstipulation #1\ntwin move c7 d6\n\
             twin move b6 c6\ntwin continued move c6 b6",
            "a) \n\n   1.Rc7-c8 # !\n\n\nb) wRc7-->d6  \n\n   1.Rd6-d8 # !\n\n\n\
             c) wKb6-->c6  \n\n\n+d) wKc6-->b6  \n\n   1.Rc7-c8 # !\n\n",
        ),
        (
            "pieces white kb6 sd5 pa7 black ka8 se8 ph5\nstipulation #2\noption postkey\n\
             twin move h5 h6",
            "a) \n\n zugzwang.\n      1...h5-h4\n        refutes.\n      1...Se8-c7\n\
             \x20         2.Sd5*c7 #\n      1...Se8-d6\n          2.Sd5-c7 #\n      1...Se8-f6\n\
             \x20         2.Sd5-c7 #\n      1...Se8-g7\n          2.Sd5-c7 #\n\n\
             b) bPh5-->h6  \n\n zugzwang.\n      1...h6-h5\n        refutes.\n\
             \x20     1...Se8-c7\n          2.Sd5*c7 #\n      1...Se8-d6\n          2.Sd5-c7 #\n\
             \x20     1...Se8-f6\n          2.Sd5-c7 #\n      1...Se8-g7\n          2.Sd5-c7 #\n",
        ),
    ];
    for (problem, want) in cases {
        let r = popeye(&format!("begin\n{problem}\nend\n"));
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, want, "{problem}");
    }
}

/// `option nothreat`: no threat and no `zugzwang.` after the key, every
/// defence written (the Greek three-mover of the solver's tests, and
/// battle_play.inp's "s#2 with set play"), as Popeye 4.104 writes them;
/// `option movenumbers` is read and changes nothing written (Popeye's
/// progress lines are not written); an option forsyth does not do is an
/// error at its word, the problem not solved.
#[test]
fn popeye_options_nothreat_movenumbers_and_the_refused() {
    let input = "begin\npieces white ka5 ra8 rf1 bd5 se6 black ke7\nstip #3\n\
        option vari nothreat\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Se6-d4 !\n\
         \x20     1...Ke7-d6\n\
         \x20         2.Ra8-d8 +\n\
         \x20             2...Kd6-c5\n\
         \x20                 3.Sd4-b3 #\n\
         \x20                 3.Sd4-e6 #\n\
         \x20             2...Kd6-e5\n\
         \x20                 3.Sd4-c6 #\n\
         \x20             2...Kd6-e7\n\
         \x20                 3.Sd4-c6 #\n\
         \x20             2...Kd6-c7\n\
         \x20                 3.Sd4-e6 #\n\
         \x20     1...Ke7-d7\n\
         \x20         2.Sd4-b5\n\
         \x20             2...Kd7-e7\n\
         \x20                 3.Rf1-f7 #\n\
         \n"
    );
    let input = "begin\npieces white ka1 qc2 black ka3 pa2b4\nstip s#2\n\
        option vari nothreat movenum\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Qc2-d1 !\n      1...b4-b3\n          2.Qd1-g4\n              2...b3-b2 #\n\n"
    );
    let input = "begin\npieces white kb6 rc7 black ka8\nstip #2\noption vari maxsol 1\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert_contains(&r.stderr, "<stdin>:4:13: option: 'maxsol' is not done");
}

/// `option threat N`: each quiet White move must threaten mate in N moves
/// at most. Each expected text is Popeye 4.104's output on the same input.
#[test]
fn popeye_threat_option_keeps_the_keys_that_threaten_in_n() {
    // #2: the key Rc7-b7 is a waiting move; with threat 1 only the keys
    // that threaten remain.
    let r = popeye("begin\npieces white kb6 rc7 black ka8\nstip #2\noption vari threat 1\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut expected = String::from("   1.Rc7-c8 # !\n\n");
    for file in ['h', 'g', 'f', 'e', 'd'] {
        expected.push_str(&format!(
            "   1.Rc7-{file}7 ! threat:\n          2.R{file}7-{file}8 #\n\n"
        ));
    }
    assert_eq!(r.stdout, expected);
    // The Greek three-mover: 1.Se6-d4 threatens 2.Sd4-b5, a mate in two.
    let greek = |n: u8| {
        popeye(&format!(
            "begin\npieces white ka5 ra8 rf1 bd5 se6 black ke7\nstip #3\noption vari threat {n}\nend\n"
        ))
    };
    let r = greek(1);
    assert_eq!((r.code, r.stdout.as_str()), (0, "\n"), "{}", r.stderr);
    let r = greek(2);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Se6-d4 ! threat:\n\
         \x20         2.Sd4-b5 threat:\n\
         \x20                 3.Rf1-f7 #\n\
         \x20     1...Ke7-d6\n\
         \x20         2.Ra8-d8 +\n\
         \x20             2...Kd6-c5\n\
         \x20                 3.Sd4-b3 #\n\
         \x20                 3.Sd4-e6 #\n\
         \x20             2...Kd6-e5\n\
         \x20                 3.Sd4-c6 #\n\
         \x20             2...Kd6-e7\n\
         \x20                 3.Sd4-c6 #\n\
         \x20             2...Kd6-c7\n\
         \x20                 3.Sd4-e6 #\n\
         \n"
    );
    // Threat 3 in a #3 does not apply: Popeye says so on its output, then
    // solves without.
    let r = greek(3);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "Option \"Threat\" not applicable or indicated maximum threat length too big\n\
             \x20  1.Se6-d4 ! threat:\n          2.Sd4-b5 threat:\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(r.stderr, "");
    // The default style says it on standard error.
    let input =
        "begin\npieces white ka5 ra8 rf1 bd5 se6 black ke7\nstip #3\noption threat 3\nend\n";
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "option threat 3: not applicable");
    // After the key (battle_play.inp, "#3.5 with restricted threat
    // length"): the position after the key is not held to it, the
    // zugzwang stays.
    let r = popeye(
        "begin\npieces white kb6 sd5 pa7 black ka8 se8\nstip #2\n\
         option postkey variation threat 1\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        " zugzwang.\n      1...Se8-c7\n          2.Sd5*c7 #\n",
    );
}

/// `option threat N` in help and series play: Popeye says on its output,
/// in the input's language, that it does not apply, and solves as without
/// it. Each expected text is Popeye 4.104's output on the same input.
#[test]
fn popeye_threat_in_help_and_series_play_is_said_not_to_apply() {
    let r = popeye(
        "begin\npieces white ka1 qc2 black ka3 pa2b4\nstip h#2\noption vari threat 1\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Option \"Threat\" not applicable or indicated maximum threat length too big\n\n"
    );
    let r = popeye(
        "anfangproblem\nsteine weiss kc5 dh2 schwarz tg8 ka3 bb4\nforderung ser-h#2\n\
         option drohung 1\nendeproblem\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross\n\
             \x20 1.Ka3-a4 Dh2-a2 #\n  1.Ka3-a4   2.Ka4-a5 Dh2-a2 #\n"
        ),
        "{}",
        r.stdout
    );
    assert_contains(&r.stdout, "  1.Tg8-h8   2.Ka3-a4 Dh2-a2 #\n\n");
    let r = popeye(
        "debutprobleme\npieces blanc rc5 dh2 noir tg8 ra3 pb4\nenonce h#1.5\n\
         option menace 1\nfinprobleme\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande\n\
             \x20 1...Dh2-g1   2.b4-b3 Dg1-a1 #\n  1...Dh2-b8   2.Ra3-a4 Db8*b4 #\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.lines().count(), 19, "{}", r.stdout);
}

/// `option threat N` in selfmates and reflexmates, on positions made for
/// it, against Popeye 4.104's output. In a selfmate the threat's moves
/// count the defender's forced mate: 1.Qg4-c4 threatens 2.Qc4-f4 b3-b2#,
/// which stands with threat 2 and falls with threat 1 (in s#2 and s#3
/// alike: Popeye finds no solution). In a reflexmate the defender's
/// obligation to mate comes before the threat: 1.Rg3-g1 threatens nothing
/// and stands, Black being bound to 1...b3-b2#; the waiting keys
/// 1.Qc6-b5 and 1.Qc6-e4 fall.
#[test]
fn popeye_threat_in_selfmates_and_reflexmates() {
    let selfmate = |n: u8, t: u8| {
        popeye(&format!(
            "begin\npieces white qg4 ka1 black pf5 pb3 ka3 pa2\nstip s#{n}\n\
             option vari threat {t}\nend\n"
        ))
    };
    let r = selfmate(3, 2);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Qg4-c4 ! threat:\n\
         \x20         2.Qc4-f4\n\
         \x20             2...b3-b2 #\n\
         \n\
         \x20  1.Qg4-h4 ! threat:\n\
         \x20         2.Qh4-f4\n\
         \x20             2...b3-b2 #\n\
         \n"
    );
    for n in [2, 3] {
        let r = selfmate(n, 1);
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, "\n"),
            "s#{n}: {}",
            r.stderr
        );
    }
    // Without the option the same s#2 has keys (the short 1.Qg4-f4 too).
    let r =
        popeye("begin\npieces white qg4 ka1 black pf5 pb3 ka3 pa2\nstip s#2\noption vari\nend\n");
    assert_contains(&r.stdout, "   1.Qg4-c4 ! threat:\n");
    assert_contains(&r.stdout, "   1.Qg4-f4 !\n");
    let r = popeye(
        "begin\npieces white rg6 qc6 rg3 ka1 black bh8 sg7 pb3 ka3 pa2\nstip r#3\n\
         option vari threat 1\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Rg3-g1 !\n\
         \x20     1...b3-b2 #\n\
         \n\
         \x20  1.Rg3-g5 !\n\
         \x20     1...b3-b2 #\n\
         \n\
         \x20  1.Rg3-g4 !\n\
         \x20     1...b3-b2 #\n\
         \n"
    );
}

/// Popeye reads an option block to the next command, over lines (its
/// example `BEISPIEL/threat.inp` writes `option varianten` and, indented
/// on the next line, `drohung 1`). Popeye 4.104's answer: the waiting key
/// Ka6-b6 is no solution with threat 1.
#[test]
fn popeye_options_continue_on_the_next_line() {
    let r = popeye(
        "anfangproblem\nforderung #2\noption varianten\n                drohung 1\n\
         steine weiss ka6 sd5 ba7\n  schwarz ka8 se8\nendeproblem\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "   1.Sd5-b6 # !\n\n");
    // A word that is neither an option nor a command, on the next line.
    let r = popeye("begin\npieces white kb6 rc7 black ka8\nstip #2\noption vari\n  tryy\nend\n");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "<stdin>:5:3: option: 'tryy' is not an option");
    let r = popeye("begin\npieces white kb6 rc7 black ka8\nstip #2\noption\nend\n");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "<stdin>:5:1: option: 'end': expected an option before it",
    );
}

/// A short key's threat is no longer than its play: Popeye 4.104 writes
/// 1.Rc8-g8 as a waiting move (its play is a #2 in this #3), not the
/// White moves that would mate in two after a pass.
#[test]
fn popeye_a_short_keys_threat_is_shorter_than_its_play() {
    let r = popeye("begin\npieces white rc8 kd7 re4 bh2 black kh5\nstip #3\noption vari\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Rc8-g8 ! zugzwang.\n      1...Kh5-h6\n          2.Re4-h4 #\n\n"
    );
}

/// Selfmate: a defence that mates at once while another defence makes
/// White play on is a trivial one, left out of Popeye's tree (its
/// `option matesin1` writes it). battle_play.inp, "s#2 with complete
/// short set play", Popeye 4.104's output.
#[test]
fn popeye_selfmate_leaves_out_the_defender_mating_early() {
    let input = |options: &str| {
        format!(
            "begin\npieces white ka1 rc4 pg4\n       black ka3 pa2b3c5g5\nstip s#2\n\
             option set vari nothreat {options}\nend\n"
        )
    };
    let r = popeye(&input(""));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "      1...b3-b2 #\n\n   1.Rc4-e4 !\n      1...c5-c4\n          2.Re4*c4\n\
         \x20             2...b3-b2 #\n\n"
    );
    let r = popeye(&input("matesin1"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "   1.Rc4-e4 !\n      1...b3-b2 #\n      1...c5-c4\n",
    );
    // The key whose play is that mate alone (battle_play.inp, "s#2 with
    // short solution") keeps it.
    let r = popeye("begin\npieces white ka1 rc3 black ka3 pa2b3c5\nstip s#2\noption vari\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "   1.Rc3-c4 !\n      1...b3-b2 #\n\n");
}

/// A selfmate's or reflexmate's attacker move that threatens nothing and
/// after which every Black move refutes is a waiting move: Popeye writes
/// ` zugzwang.` after it, and lists the refutations in its move
/// generator's order (not the order of the defender's forced mates, which
/// none of them is). The expected texts are Popeye 4.104's output on these
/// inputs: an s#2 try whose one defence refutes, and r#2 after the key
/// (`option postkey`) where Black's seven moves all refute.
#[test]
fn a_waiting_move_refuted_by_every_defence_as_popeye_writes_it() {
    let input = "begin\npieces white pb6 kd5 black ka8\nstipulation s#2\n\
        option try variation\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Kd5-c6 ? zugzwang.\n    but\n      1...Ka8-b8 !\n\n"
    );
    let input = "begin\npieces white kc4 bf2 black kh2 pa2\nstipulation r#2\n\
        option postkey variation\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut want = String::from(" zugzwang.\n");
    for m in [
        "a2-a1=Q", "a2-a1=S", "a2-a1=R", "a2-a1=B", "Kh2-h1", "Kh2-g2", "Kh2-h3",
    ] {
        want.push_str(&format!("      1...{m}\n        refutes.\n"));
    }
    assert_eq!(r.stdout, want);
}

/// The set play of a helpmate with a half move (h#2.5) is an h#2 after
/// White's first move passed: Popeye writes it `1...  ...  2.`, the moves
/// numbered from 2, before the solutions. The expected lines are Popeye
/// 4.104's output on this input.
#[test]
fn half_move_helpmate_set_play_as_popeye_writes_it() {
    let r = popeye("begin\npieces white ke8 rg5 black kh8\nstip h#2.5\noption setplay\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().take(5).collect();
    assert_eq!(
        lines,
        [
            "  1...  ...  2.Kh8-h7 Ke8-f7   3.Kh7-h8 Rg5-h5 #",
            "  1...  ...  2.Kh8-h7 Ke8-f8   3.Kh7-h8 Rg5-h5 #",
            "",
            "  1...Ke8-f7   2.Kh8-h7 Rg5-h5 #",
            "  1...Rg5-g1   2.Kh8-h7 Ke8-f7   3.Kh7-h8 Rg1-h1 #",
        ]
    );
}

/// `option whitetoplay` turns a helpmate in whole moves into one with
/// White's half move first, as Popeye does (an h#2 is solved as an
/// h#1.5: the lines are Popeye 4.104's on this input); in series play,
/// where Popeye reads it otherwise (a series one move shorter), it is
/// refused at its word rather than ignored.
#[test]
fn whitetoplay_in_help_play_and_refused_in_series_play() {
    let input = |stip: &str| {
        format!("begin\npieces white kg6 qe3 bd1 black kg8\nstip {stip}\noption whitetoplay\nend\n")
    };
    let r = popeye(&input("h#2"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "  1...Qe3-e8 #\n  1...Bd1-h5   2.Kg8-h8 Qe3-e8 #\n",
    );
    for stip in ["ser-h#3", "ser-#2", "ser-=3", "ser-s#2"] {
        let r = popeye(&input(stip));
        assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{stip}");
        assert_contains(
            &r.stderr,
            "<stdin>:4:8: option: 'whitetoplay' is done in help play (h#n) only",
        );
    }
}

/// `option defence N` (German `Widerlegung N`): the tries are the first
/// moves refuted by one to N defences, each refutation on its own line in
/// Popeye's order of the defences. Peter Orlik, STERN 44/80, 23.10.1980,
/// #3 (Popeye's `BEISPIEL/castling.inp`, asked there with `verf`): the
/// expected text is Popeye 4.104's output with `widerlegung 2`, its board
/// and closing lines left out.
#[test]
fn popeye_defence_option_lists_tries_with_up_to_n_refutations() {
    let input = "anfangproblem\nautor Peter Orlik\nquelle STERN 44/80, 23.10.1980\n\
        forderung #3\noption widerlegung 2\nsteine\nweiss ke1 db6 ta1 ba4c5f2\n\
        schwarz kc2 ba5a6c4f3\nendeproblem\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut want = String::new();
    for (try_, refutations) in [
        ("Ta1-a3", &["c4-c3"][..]),
        ("Ta1-a2 +", &["Kc2-d3"]),
        ("Ta1-d1", &["Kc2-c3"]),
        ("Ta1-c1 +", &["Kc2-d3", "Kc2*c1"]),
        ("Ta1-b1", &["Kc2-d3", "Kc2-c3"]),
        ("c5-c6", &["Kc2-d3"]),
        ("Db6-b1 +", &["Kc2-c3"]),
        ("Db6-b2 +", &["Kc2-d3", "Kc2*b2"]),
        ("Db6-b3 +", &["Kc2*b3", "c4*b3"]),
        ("Db6-b4", &["Kc2-d3", "a5*b4"]),
        ("Db6-b8", &["Kc2-d3", "Kc2-c3"]),
        ("Db6-b7", &["Kc2-c3"]),
    ] {
        want.push_str(&format!("   1.{try_} ?\n    Aber\n"));
        for r in refutations {
            want.push_str(&format!("      1...{r} !\n"));
        }
        want.push('\n');
    }
    want.push_str("   1.Db6-f6 !\n\n");
    assert_eq!(r.stdout, want);
    // `try` after it asks for one refutation again: the later holds, as
    // in Popeye.
    let r = popeye(&input.replace("widerlegung 2", "widerlegung 2 verf"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("Kc2*c1"), "{}", r.stdout);
    assert!(r.stdout.contains("   1.Ta1-a2 + ?\n"), "{}", r.stdout);
    // `Widerlegung 0`: no first move is a try; the key alone.
    let r = popeye(&input.replace("widerlegung 2", "widerlegung 0"));
    assert_eq!((r.code, r.stdout.as_str()), (0, "   1.Db6-f6 !\n\n"));
}

/// `option trivialtriesavoid` leaves out a try that checks and fails to
/// one defence only; a checking try refuted by two stays. Alberto Armeni,
/// 3530, Freie Presse, 29.7.1994, #2 (Popeye's `BEISPIEL/ep.inp`): the
/// expected text is Popeye 4.104's output with `widerlegung 2
/// trivialefehlversucheunterdruecken` (1.c8=S+? Txc8! is left out).
#[test]
fn popeye_trivial_tries_avoided_keep_checks_refuted_twice() {
    let input = "anfangproblem\nautor Alberto Armeni\nquelle 3530, Freie Presse, 29.7.1994\n\
        forderung #2\noption widerlegung 2 trivialefehlversucheunterdruecken\n\
        steine  weiss   kb6 th1 lh3h4 sc5g6 bc4c7e4f2g3\n\
        \x20       schwarz kd6 tf1f8 lb5 be5e7g4g5\nendeproblem\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.f2-f4 !\n\n   1.Lh4*g5 ?\n    Aber\n      1...Tf8-e8 !\n\n   1.Sc5-b7 + ?\n    Aber\n\
         \x20     1...Kd6-d7 !\n      1...Kd6-e6 !\n\n   1.Sg6*f8 ?\n    Aber\n      1...Lb5-a6 !\n\n\
         \x20  1.c7-c8=D ?\n    Aber\n      1...Tf8*c8 !\n\n"
    );
    // Without it, the checking try refuted once is there.
    let r = popeye(&input.replace(" trivialefehlversucheunterdruecken", ""));
    assert!(
        r.stdout
            .contains("   1.c7-c8=S + ?\n    Aber\n      1...Tf8*c8 !\n"),
        "{}",
        r.stdout
    );
    // It asks for no tries itself, as in Popeye.
    let r = popeye(&input.replace("widerlegung 2 ", ""));
    assert_eq!((r.code, r.stdout.as_str()), (0, "   1.f2-f4 !\n\n"));
}

/// Tries asked for after the key (`option postkey try`): Popeye writes
/// "try play not applicable" on standard output, in the input's language
/// (French without the blank line after it), and solves the play after
/// the key. The expected texts are Popeye 4.104's on these inputs, its
/// board and blank lines around the diagram left out.
#[test]
fn tries_after_the_key_are_not_applicable_as_popeye_says() {
    let tree = " zugzwang.\n      1...Se8-c7\n          2.Sd5*c7 #\n      1...Se8-d6\n\
                \x20         2.Sd5-c7 #\n      1...Se8-f6\n          2.Sd5-c7 #\n      1...Se8-g7\n\
                \x20         2.Sd5-c7 #\n";
    let r = popeye(
        "begin\npieces white kb6 sd5 pa7 black ka8 se8\nstipulation #2\noption postkey try\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("try play not applicable\n{tree}"));
    let r = popeye(
        "anfangproblem\nsteine weiss Kb6 Sd5 Ba7 schwarz Ka8 Se8\nforderung #2\n\
         option nachschluessel widerlegung 3\nendeproblem\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("Verfuehrung nicht anwendbar\n Zugzwang.\n"),
        "{}",
        r.stdout
    );
    let r = popeye(
        "debutprobleme\npieces blanc Rb6 Cd5 Pa7 noir Ra8 Ce8\nenonce #2\n\
         option aprescle essais\nfinprobleme\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("jeu d'essai pas applicable\n blocus.\n"),
        "{}",
        r.stdout
    );
    // The default style says it on standard error; JSON marks it.
    let input =
        "begin\npieces white kb6 sd5 pa7 black ka8 se8\nstipulation #2\noption postkey try\nend\n";
    let r = forsyth(&["solve", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "tries: not applicable to the play after the key");
    assert!(r.stdout.starts_with("zugzwang\n"), "{}", r.stdout);
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    assert_contains(&r.stdout, "\"tries_not_applicable\":true");
    // Help play has no tries, and nothing is said, as in Popeye.
    let help = "begin\npieces white kb6 sd5 pa7 black ka8 se8\nstipulation h#1\nend\n";
    let r = popeye(&help.replace("end\n", "option try\nend\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, popeye(help).stdout);
    assert!(
        r.stdout.starts_with("  1.Se8-c7 Sd5*c7 #\n"),
        "{}",
        r.stdout
    );
}

/// `defence` needs its number of refutations: the error names the word
/// where the number should be.
#[test]
fn popeye_defence_without_a_number_is_refused_at_its_place() {
    let r = popeye("begin\npieces white kb6 rc7 black ka8\nstip #2\noption defence try\nend\n");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_contains(
        &r.stderr,
        "<stdin>:4:16: option: 'try': expected a number of refutations",
    );
    let r =
        popeye("begin\npieces white kb6 rc7 black ka8\nstip #2\noption defence 99999999999\nend\n");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_contains(&r.stderr, "'99999999999': expected a number of refutations");
}

/// A reflexmate whose attacker can mate at once has no key: every such
/// mate is written `?!?`, in the order Popeye's mate generator finds them
/// (the piece's square from h8 down, each walk from its last vector), not
/// in forsyth's move order. The expected text is Popeye 4.104's output on
/// this input (the blank line first ends the set play, which has none).
#[test]
fn reflex_forced_mates_in_popeye_order() {
    let input = "begin\npieces white qf7 re7 kg6 black ka8\nstipulation r#2\n\
        option variation try setplay\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "\n   1.Qf7-g8 # ?!?\n   1.Qf7-e8 # ?!?\n   1.Qf7-f8 # ?!?\n   1.Re7-e8 # ?!?\n\n"
    );
}

/// `mirror a1<-->h8` exchanges a1 and h8 (the board mirrored on the
/// diagonal a8-h1) and `mirror a8<-->h1` exchanges a8 and h1: Popeye names
/// the corners that change places, not the line. The expected text is
/// Popeye 4.104's output on this input.
#[test]
fn mirror_twins_on_the_diagonals_as_popeye_reads_them() {
    let input = "begin\npieces white kf7 qd6 bc5 pa5 black kb1\nstipulation h#2\n\
        twin mirror a1<-->h8\ntwin mirror a8<-->h1\nend\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want = "a) \n\n\
        \x20 1.Kb1-c2 Qd6-d3 +   2.Kc2-c1 Bc5-a3 #\n\
        \x20 1.Kb1-b2 Qd6-d3   2.Kb2-c1 Bc5-a3 #\n\n\
        b) mirror a1<-->h8  \n\n\
        \x20 1.Kh7-g6 Qc5-f5 +   2.Kg6-h6 Bd6-f8 #\n\
        \x20 1.Kh7-g7 Qc5-f5   2.Kg7-h6 Bd6-f8 #\n\n\
        c) mirror a8<-->h1  \n\n\
        \x20 1.Ka2-b3 Qf4-c4 +   2.Kb3-a3 Be3-c1 #\n\
        \x20 1.Ka2-b2 Qf4-c4   2.Kb2-a3 Be3-c1 #\n\n";
    assert_eq!(r.stdout, want);
}

/// In self play the defender's move that reaches a goal of two symbols is
/// marked with the goal's symbol, as Popeye marks it: `c4-c3 ==` in an
/// s==1 (both sides left without a move), `c4-c3 #=` in an s#=1. The
/// position was made for the double stalemate (both kings walled in by
/// locked pawns and their own bishops; `1.h5-h6` and `1...c4-c3` the only
/// moves); the expected texts are Popeye 4.104's output on these inputs.
#[test]
fn selfplay_defender_reaching_a_two_symbol_goal_as_popeye_marks_it() {
    for (goal, mark) in [("s==1", "=="), ("s#=1", "#="), ("s=1", "=")] {
        let input = format!(
            "begin\npieces white ka1 bb1 pa2 pc2 pf6 ph5 black kh8 bg8 pa3 pc4 pf7 ph7\n\
             stipulation {goal}\noption variation\nend\n"
        );
        let r = popeye(&input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(
            r.stdout,
            format!("   1.h5-h6 !\n      1...c4-c3 {mark}\n\n"),
            "{goal}"
        );
    }
}

/// A double stalemate (`==`: after the move neither side has a legal
/// move, and neither is in check) reached in direct, help and series play,
/// on the position made for it above; the expected lines are Popeye
/// 4.104's output on these inputs.
#[test]
fn double_stalemate_in_direct_help_and_series_play_as_popeye_writes_it() {
    let diagram = "white ka1 bb1 pa2 pc2 pf6 ph5 black kh8 bg8 pa3 pc3 pf7 ph7";
    let black_first = "white ka1 bb1 pa2 pc2 pf6 ph5 black kh8 bg8 pa3 pc4 pf7 ph7";
    for (pieces, goal, want) in [
        (diagram, "==1", "   1.h5-h6 == !"),
        (diagram, "==2", "   1.h5-h6 == !"),
        (diagram, "ser-==2", "  1.h5-h6 =="),
        (black_first, "h==1", "  1.c4-c3 h5-h6 =="),
        (black_first, "h==2", "  1.c4-c3 h5-h6 =="),
    ] {
        let r = popeye(&format!(
            "begin\npieces {pieces}\nstipulation {goal}\noption variation\nend\n"
        ));
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(lines, [want], "{goal}");
    }
}

/// A defence that stalemates the attacker, where the goal is mate: Popeye
/// marks a move with ` +` for a check and with the goal's symbol where the
/// goal is reached, so a stalemating refutation or defence carries no
/// ` =`. The expected texts are Popeye 4.104's output on these inputs.
#[test]
fn stalemating_defences_are_not_marked_where_the_goal_is_mate() {
    let r = popeye(
        "begin\npieces white kf6 pe7 black kd7 bb4 sb5 sc6 qg4 bc1\nstipulation s#2\n\
         option try defence 3\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.e7-e8=Q + ?\n    but\n      1...Kd7*e8 !\n      1...Kd7-d6 !\n      1...Kd7-c7 !\n\n"
    );
    let r = popeye(
        "begin\npieces white kh7 pd7 black kb2 rd3 ra3 rc4 rf6 rd8\nstipulation s#2\n\
         option postkey vari\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "      1...Rd3-h3 +\n        refutes.\n      1...Rd3-g3\n        refutes.\n",
    );
    assert_contains(&r.stdout, "      1...Rc4-g4\n        refutes.\n");
    assert!(!r.stdout.contains(" ="), "{}", r.stdout);
}

/// Twins: Popeye writes the lines it says before solving (set play, try
/// play, threat not applicable) straight after the twin's label, then its
/// blank line; play after a checking key starts with the key's ` +` and
/// no blank line. The expected text is Popeye 4.104's output on this
/// input, its closing line left out.
#[test]
fn twin_labels_are_followed_by_popeyes_lines_then_the_blank_line() {
    let r = popeye(
        "begin\npieces white kc5 qh2 black rg8 ka3 pb4\nstipulation #2\n\
         option setplay try postkey threat 2\ntwin move h2 h3\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let said = "SetPlay not applicable - ignored\ntry play not applicable\n\
                Option \"Threat\" not applicable or indicated maximum threat length too big\n";
    let mut want = format!("a) \n{said}\n zugzwang.\n      1...Ka3-a4\n          2.Qh2-a2 #\n");
    for m in [
        "Ka3-b3", "b4-b3", "Rg8-g1", "Rg8-g2", "Rg8-g3", "Rg8-g4", "Rg8-g5 +", "Rg8-g6", "Rg8-g7",
        "Rg8-a8", "Rg8-b8", "Rg8-c8 +", "Rg8-d8", "Rg8-e8", "Rg8-f8", "Rg8-h8",
    ] {
        want.push_str(&format!("      1...{m}\n        refutes.\n"));
    }
    want.push_str(&format!("\nb) wQh2-->h3  \n{said} +\n"));
    for m in ["Ka3-b2", "Ka3-a2", "Ka3-a4", "b4-b3", "Rg8-g3"] {
        want.push_str(&format!("      1...{m}\n        refutes.\n"));
    }
    assert_eq!(r.stdout, want);
    // Without twins: the same lines, the blank line after them left out as
    // the one after the diagram is; French ends its try play line with no
    // line break.
    let r = popeye(
        "debutprobleme\npieces blanc rc5 dh2 noir tg8 ra3 pb4\nenonce #2\n\
         option essais aprescle menace 2\nfinprobleme\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "jeu d'essai pas applicableOption \"menace\" pas applicable ou longueur maximale \
             de la menace trop grande\n blocus.\n      1...Ra3-a4\n          2.Dh2-a2 #\n"
        ),
        "{}",
        r.stdout
    );
    let r = popeye(
        "debutprobleme\npieces blanc rc5 dh3 noir tg8 ra3 pb4\nenonce #2\n\
         option essais aprescle\nfinprobleme\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("jeu d'essai pas applicable +\n      1...Ra3-b2\n        Refute.\n"),
        "{}",
        r.stdout
    );
}

/// `option threat N` in battle play of other goals than mate, and tries:
/// a quiet first move that threatens nothing in N moves is no try (Popeye
/// lists none). The expected texts are Popeye 4.104's output.
#[test]
fn popeye_threat_holds_in_every_battle_goal_and_removes_tries() {
    // =2: the waiting keys 1.Qg7-d7 and 1.Se8-d6 fall with threat 1.
    let r = popeye(
        "begin\npieces white kd4 qg7 se8 black kb8\nstipulation =2\noption vari threat 1\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut want = String::from("   1.Qg7-c7 + !\n      1...Kb8-a8\n");
    for m in [
        "Kd4-c3", "Kd4-e3", "Kd4-e5", "Kd4-c5", "Kd4-d3", "Kd4-c4", "Kd4-d5", "Kd4-e4", "Qc7-b6",
        "Se8-d6", "Se8-f6", "Se8-g7",
    ] {
        want.push_str(&format!("          2.{m} =\n"));
    }
    want.push('\n');
    assert_eq!(r.stdout, want);
    // #2 with tries: 1.Qg6-g3 and 1.Rd8-e8 threaten no mate in one and
    // are no tries.
    let r = popeye(
        "begin\npieces white kc5 qg6 rd8 black kf1\nstipulation #2\noption try threat 1\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Qg6-c2 !\n\n   1.Rd8-d2 ?\n    but\n      1...Kf1-e1 !\n\n"
    );
}

/// Set play asked for and none found: Popeye ends the set play it looked
/// for with a blank line all the same, before the solution. The expected
/// texts are Popeye 4.104's output on these inputs, its closing line left
/// out.
#[test]
fn set_play_found_empty_leaves_popeyes_blank_line() {
    let input = |stip: &str| {
        format!("begin\npieces white kb6 rc7 rh1 black ka8\nstip {stip}\noption setplay\nend\n")
    };
    let r = popeye(&input("#1"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "\n   1.Rc7-c8 # !\n\n   1.Rh1-h8 # !\n\n");
    let r = popeye(&input("r#2"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "\n   1.Rc7-c8 # ?!?\n   1.Rh1-h8 # ?!?\n\n");
    let r = popeye(
        "begin\npieces white kd4 qe5 black kb3 sd5 sd7\nstipulation h#2\noption setplay\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "\n  1.Kb3-a2 Kd4-c4   2.Ka2-a3 Qe5-a1 #\n  1.Kb3-a4 Kd4-c4   2.Ka4-a3 Qe5-a1 #\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.lines().count(), 23, "{}", r.stdout);
}

/// `option threat 0`: no quiet move at all. Popeye reads it as a threat
/// length like any other: every attacker's move that does not check
/// fails, the key and the tries, a last move leaving the defender
/// stalemated too, in help play as in battle play, and it says nothing of
/// it being not applicable there; a capture (a goal the move reaches by
/// itself) is not held to it. In a play of one move Popeye says nothing of
/// a longer threat either. The expected texts are Popeye 4.104's output on
/// these inputs, its closing line left out.
#[test]
fn popeye_threat_0_leaves_only_checks() {
    let r = popeye(
        "begin\npieces white kb5 bd2 ba7 rg1 qf6 black kb3\nstipulation #2\n\
         option vari try threat 0\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Rg1-b1 + ?\n      1...Kb3-a2\n          2.Qf6-a1 #\n          2.Qf6-b2 #\n\
         \x20     1...Kb3-a3\n          2.Qf6-a1 #\n          2.Qf6-b2 #\n          2.Qf6-a6 #\n\
         \x20   but\n      1...Kb3-c2 !\n\n   1.Qf6-b2 + ?\n    but\n      1...Kb3*b2 !\n\n\
         \x20  1.Qf6-c3 + !\n      1...Kb3-a2\n          2.Rg1-a1 #\n\n"
    );
    let input = |stip: &str, threat: u8| {
        format!(
            "begin\npieces white kb6 rc7 rh1 black ka8 pb7\nstipulation {stip}\n\
             option threat {threat}\nend\n"
        )
    };
    for stip in ["h=2", "=1", "ser-=3"] {
        let r = popeye(&input(stip, 0));
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, "\n", "{stip}");
    }
    let r = popeye(&input("h#2", 0));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("  1.Ka8-b8 Rh1-h8 #\n  1.Ka8-b8 Rh1-b1   2.Kb8-a8 Rc7-c8 #\n"),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.lines().count(), 52, "{}", r.stdout);
    let r = popeye(&input("=1", 1));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "   1.Rc7*b7 = !\n\n");
    let r = popeye(
        "begin\npieces white ka1 rb1 black kh8 pb5 ph7\nstipulation x2\noption threat 0\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "   1.Rb1*b5 x !\n\n");
}

/// Reflex play of the other goals: `r=2`, `r==2`, `r#=2`, each side bound
/// to reach the goal when it can. The attacker's forced moves are written
/// with the goal's mark and `?!?`, in the order Popeye's move generator
/// gives them (not its mating generator's, which serves mate alone); a
/// defence that reaches the goal ends the play. The expected texts are
/// Popeye 4.104's output on these inputs (the blank line first ends the
/// set play, which has none), its closing line left out.
#[test]
fn reflex_stalemate_goals_as_popeye_writes_them() {
    let input = |pieces: &str, stip: &str| {
        format!("begin\npieces {pieces}\nstipulation {stip}\noption vari try setplay\nend\n")
    };
    for (pieces, stip, want) in [
        (
            "white kf6 ra6 qf2 black kh3",
            "r=2",
            "\n   1.Ra6-a4 = ?!?\n   1.Kf6-g5 = ?!?\n   1.Kf6-f5 = ?!?\n\n",
        ),
        (
            "white kc7 rd5 bh7 black ke8",
            "r=2",
            "\n   1.Rd5-d7 ? zugzwang.\n    but\n      1...Ke8-f8 !\n          2.Kc7-d8 = ?!?\n\n\
             \x20  1.Rd5-f5 ? zugzwang.\n    but\n      1...Ke8-e7 !\n\n",
        ),
        (
            "white kc8 sb1 black ka1",
            "r==2",
            "\n   1.Sb1-c3 ? zugzwang.\n    but\n      1...Ka1-b2 !\n\n",
        ),
        (
            "white kg6 pf6 black ke1 qf3 qg8 re4",
            "r#=2",
            "   1.Kg6-h6 !\n      1...Qf3-h1 #=\n      1...Qf3-h3 #=\n      1...Re4-e6 #=\n\
             \x20     1...Re4-h4 #=\n\n",
        ),
        (
            "white kg1 sb5 black kb1 rf6 ra3",
            "r#=2",
            "      1...Ra3-a2\n          2.Kg1-h1\n              2...Rf6-f1 #=\n\
             \x20     1...Ra3-g3 +\n          2.Kg1-h1\n              2...Rf6-h6 #=\n\
             \x20     1...Rf6-g6 +\n          2.Kg1-h1\n              2...Ra3-h3 #=\n\n\n",
        ),
    ] {
        let r = popeye(&input(pieces, stip));
        assert_eq!(r.code, 0, "{stip}: {}", r.stderr);
        assert_eq!(r.stdout, want, "{stip} {pieces}");
    }
    // A defence that mates, where the goal is stalemate, is a check to
    // Popeye: ` +`, not ` #`.
    let r = popeye(
        "begin\npieces white ka2 pd6 rc3 black ke4 rf8 rb3 be6 bd3\nstipulation r=2\n\
         option postkey vari\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "      1...Rf8-a8 +\n        refutes.\n");
    assert!(!r.stdout.contains(" #"), "{}", r.stdout);
}

/// Set play without `option variation`: Popeye looks for no threat and
/// writes the set play whole, every defence after White's answer with its
/// continuation. The expected text is Popeye 4.104's output on this
/// input, its closing line left out.
#[test]
fn set_play_without_variations_is_written_whole() {
    let r = popeye(
        "begin\npieces white kd4 rd8 ra2 black kf1 rc7\nstipulation #3\noption setplay\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "      1...Rc7-c8\n          2.Rd8*c8\n              2...Kf1-e1\n                  3.Rc8-c1 #\n\
         \x20             2...Kf1-g1\n                  3.Rc8-c1 #\n\n\n"
    );
}

/// A check goal's last move comes from Popeye's checking move generator:
/// the pieces from h8 down, as a mate's last move, in direct and help
/// play. The expected lines are Popeye 4.104's output on these inputs.
#[test]
fn check_goal_last_moves_in_popeye_order() {
    let r = popeye("begin\npieces white kg7 ph7 sc2 black kg5\nstipulation +2\noption vari\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "   1.Sc2-e3 ! zugzwang.\n      1...Kg5-f4\n          2.Se3-g2 +\n          2.Se3-d5 +\n\
         \x20     1...Kg5-h4\n          2.h7-h8=Q +\n          2.h7-h8=R +\n          2.Se3-g2 +\n\
         \x20         2.Se3-f5 +\n      1...Kg5-h5\n          2.h7-h8=Q +\n          2.h7-h8=R +\n\n",
    );
    assert_contains(
        &r.stdout,
        "      1...Kg5-f5\n          2.Qh8-h3 +\n          2.Qh8-h5 +\n          2.Qh8-h7 +\n\
         \x20         2.Qh8-c8 +\n          2.Qh8-f8 +\n          2.Sc2-e3 +\n          2.Sc2-d4 +\n",
    );
    // Help play: the attacker's last move in the same order.
    let r = popeye("begin\npieces white kg6 rd6 sa5 black ka2 pc5\nstipulation h+2\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "  1.Ka2-b1 Rd6-d1 +\n  1.Ka2-b1 Rd6-b6 +\n  1.Ka2-a1 Rd6-d1 +\n  1.Ka2-a1 Sa5-b3 +\n\
             \x20 1.Ka2-a3 Rd6-d3 +\n  1.Ka2-a3 Sa5-c4 +\n"
        ),
        "{}",
        r.stdout
    );
}

/// A duplex says, for each half, what is not applicable, even where that
/// half cannot be solved (the side to play can take the king): Popeye
/// writes its lines there and solves nothing. A first half with no
/// solution leaves no blank line before the second half's lines. The
/// expected texts are Popeye 4.104's output on these inputs.
#[test]
fn duplex_halves_say_what_is_not_applicable_as_popeye() {
    let r = popeye(
        "begin\npieces white kd7 bb2 black kc3\nstipulation #2\n\
         option duplex try setplay postkey\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let said = "SetPlay not applicable - ignored\ntry play not applicable\n";
    let mut want = format!("{said} +\n");
    for m in [
        "Kc3*b2", "Kc3-d2", "Kc3-b4", "Kc3-c2", "Kc3-b3", "Kc3-c4", "Kc3-d3",
    ] {
        want.push_str(&format!("      1...{m}\n        refutes.\n"));
    }
    want.push_str(&format!("{said}\n"));
    assert_eq!(r.stdout, want);
    let r = popeye(
        "begin\npieces white kf6 sf1 sg4 sc5 black kb8 qc6 be2\nstipulation #2\n\
         option duplex vari threat 2\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let threat = "Option \"Threat\" not applicable or indicated maximum threat length too big\n";
    assert_eq!(r.stdout, format!("{threat}{threat}\n"));
}

/// The goals of the move in self and reflex play, and the order of a
/// reflexmate's forced checks: Popeye 4.104's text on the same inputs
/// (`rx2`: the defender must capture when it can; `r+1`: every checking
/// first move is forced, and fails, listed in the order of Popeye's
/// checking move generator; `sx2`: every defence after the last move
/// captures).
#[test]
fn goals_of_the_move_in_self_and_reflex_play_as_popeye_solves_them() {
    let cases = [
        (
            "white sa8 pa4 kb1 black ke8 qd6 pf2",
            "rx2",
            "   1.Sa8-b6 !\n      1...Qd6*b6 + x\n\n   1.Sa8-c7 + !\n      1...Qd6*c7 x\n\n",
        ),
        (
            "white kh8 be6 black sc8 kf4 qe4",
            "rx2",
            "   1.Be6*c8 x ?!?\n\n",
        ),
        (
            "white ka1 rh1 sd4 black kc7 pe5",
            "r+1",
            "   1.Sd4-e6 + ?!?\n   1.Sd4-b5 + ?!?\n   1.Rh1-c1 + ?!?\n   1.Rh1-h7 + ?!?\n\n",
        ),
        (
            "white rd7 bg1 ka1 black kg8 pc5",
            "sx2",
            "   1.Bg1*c5 ! threat:\n          2.Rd7-h7\n              2...Kg8*h7 x\n\
             \x20     1...Kg8-h8\n          2.Rd7-g7\n              2...Kh8*g7 x\n\n",
        ),
    ];
    for (pieces, stipulation, want) in cases {
        let r = popeye(&format!(
            "beginproblem\npieces {pieces}\nstipulation {stipulation}\noption variation\n\
             endproblem\n"
        ));
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, want, "{stipulation} {pieces}");
    }
}

/// The set play of `h#1`, White's one mating move: Popeye lists it in its
/// ordinary move generator's order, not in the checking generator's
/// order it gives the mates of the play itself (Popeye 4.104's text).
#[test]
fn helpmate_in_one_set_play_in_popeyes_order() {
    let r = popeye(
        "beginproblem\npieces white qb7 bh5 qb4 kb3 qd1 black kh3 ph2\nstipulation h#1\n\
         option setplay\nendproblem\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "  1...Qd1-g4 #\n  1...Qd1-f3 #\n  1...Qd1-d3 #\n  1...Qb4-g4 #\n  1...Qb7-f3 #\n\n\
         \x20 1.Kh3-g3 Qb7-f3 #\n  1.Kh3-g3 Qd1-f3 #\n\n"
    );
}

/// A Popeye input in ISO 8859-1 (Popeye's own example files write their
/// sources so, `Phénix`): read as Popeye reads it, the problem solved as
/// the same input in ASCII is.
#[test]
fn a_latin_1_popeye_input_is_read() {
    let ascii = "beginproblem\nsource Phenix 1993\npieces white kb6 rc7 black ka8\n\
        stipulation #1\noption variation\nendproblem\n";
    let latin: Vec<u8> = ascii
        .replace("Phenix", "Ph\u{e9}nix")
        .chars()
        .map(|c| c as u8)
        .collect();
    assert!(std::str::from_utf8(&latin).is_err());
    let want = popeye(ascii);
    let r = forsyth(&["solve", "-", "--style", "popeye"], &latin);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, want.stdout);
    assert_eq!(r.stdout, "   1.Rc7-c8 # !\n\n");
}

/// A reflexmate twin whose attacker must mate at once: Popeye writes its
/// forced mates and one blank line, no closing one of a played first move,
/// before the next twin (Popeye 4.104's text on the same input).
#[test]
fn reflex_forced_mates_in_a_twin_are_spaced_as_popeye_spaces_them() {
    let r = popeye(
        "beginproblem\npieces white kc8 rg7 rb5 black bc6 sh5 bf4 kh3\nstipulation r#2\n\
         option variation\ntwin remove b5\nendproblem\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "a) \n\n   1.Rb5*h5 # ?!?\n\nb) -wRb5  \n\n\n");
}

/// Direct and reflex play of one move end with the attacker's move: Popeye
/// looks for no defence that could refute it, so `#1` and `r#1` have no
/// tries, where `s#1` (the defender's mate still to come) has them. The
/// expected texts are Popeye 4.104's on the same inputs.
#[test]
fn one_move_direct_and_reflex_play_have_no_tries_as_in_popeye() {
    let r = popeye("begin\npieces white kc6 rh1 pb5 black ka8 pa7 pb6\nstipulation #1\noption defence 3\nend\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "   1.Rh1-h8 # !\n\n"));
    let reflex = "begin\npieces white pd5 ke1 ra1 black ke8 pe7 qe6\nstipulation r#1\noption defence 2\nend\n";
    let r = popeye(reflex);
    assert_eq!((r.code, r.stdout.as_str()), (0, "\n"));
    let r = popeye(&reflex.replace("r#1", "s#1"));
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "   1.d5*e6 ?\n    but\n      1...Ke8-d8 !\n      1...Ke8-f8 !\n\n"
        )
    );
}

/// The play after the key (`option postkey`) of a one-mover: no attacker's
/// move is left to threaten or wait with, so Popeye writes no `zugzwang.`;
/// in `#1` and `r#1` it writes no refutation either (a reflex defender's
/// forced mate still stands), in `s#1` each defence that does not mate
/// refutes. The expected texts are Popeye 4.104's on the same inputs.
#[test]
fn play_after_the_key_of_one_move_is_written_as_popeye_writes_it() {
    let r = popeye(
        "begin\npieces white kd6 pe3 ra1 black kh7 sc1\nstipulation s#1\noption postkey\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let refuting: String = [
        "Sc1-e2", "Sc1-d3", "Sc1-b3", "Sc1-a2", "Kh7-g6", "Kh7-g8", "Kh7-h6", "Kh7-g7", "Kh7-h8",
    ]
    .iter()
    .map(|m| format!("      1...{m}\n        refutes.\n"))
    .collect();
    assert_eq!(r.stdout, refuting);
    let reflex = "begin\npieces white kh1 ph2 pg2 bb1 black kh8 ra8 pb7\nstipulation r#1\noption postkey\nend\n";
    let r = popeye(reflex);
    assert_eq!((r.code, r.stdout.as_str()), (0, ""));
    let r = popeye(&reflex.replace("bb1", "sd5"));
    assert_eq!((r.code, r.stdout.as_str()), (0, "      1...Ra8-a1 #\n"));
    let r = popeye("begin\npieces white bd8 pa7 pg6 ke1 ra1 black ke6\nstipulation #1\noption postkey variation\nend\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, ""));
}

/// Direct play gives the defender no goal: Popeye writes a defence that
/// mates the attacker (here a refutation after the key) with ` +`. The
/// expected text is Popeye 4.104's on the same input.
#[test]
fn a_defender_mate_in_direct_play_is_marked_as_a_check() {
    let r = popeye(
        "begin\npieces white kh1 ph2 pg2 sd5 black kh8 ra8\nstipulation #2\noption postkey\nend\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let refuting: String = [
        "Ra8-a1 +", "Ra8-a2", "Ra8-a3", "Ra8-a4", "Ra8-a5", "Ra8-a6", "Ra8-a7", "Ra8-g8", "Ra8-f8",
        "Ra8-e8", "Ra8-d8", "Ra8-c8", "Ra8-b8", "Kh8-g7", "Kh8-h7", "Kh8-g8",
    ]
    .iter()
    .map(|m| format!("      1...{m}\n        refutes.\n"))
    .collect();
    assert_eq!(r.stdout, format!(" zugzwang.\n{refuting}"));
}

/// The threat length (`option threat N`) holds Black's first move of the
/// set play as it holds a defence after the key: were Black to pass, White
/// must mate in N, or Popeye finds no set play. With N not below the
/// stipulation's moves the option does not apply and the set play stands.
/// The expected texts are Popeye 4.104's on the same inputs.
#[test]
fn the_threat_length_holds_the_set_play_as_popeye_holds_it() {
    let input = "begin\npieces white pg7 pf5 rh1 ke1 ra1 black rh8 ke8 pe7\nstipulation #3\n\
                 option setplay threat 2\nend\n";
    let r = popeye(input);
    assert_eq!((r.code, r.stdout.as_str()), (0, "\n\n"));
    let r = popeye(&input.replace("threat 2", "threat 3"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Option \"Threat\" not applicable or indicated maximum threat length too big\n\
         \x20     1...Ke8-f7\n          2.g7*h8=Q\n              2...e7-e5\n\
         \x20                 3.Rh1-h7 #\n                  3.Ra1-a7 #\n\
         \x20             2...e7-e6\n                  3.Rh1-h7 #\n\
         \x20                 3.Ra1-a7 #\n\n\n"
    );
}

/// A duplex whose first half wrote a first move: Popeye ends that half
/// with its own blank line before the second half's play. The expected
/// text is Popeye 4.104's on the same input (less its closing blank line).
#[test]
fn a_duplex_first_half_closes_with_popeyes_blank_line() {
    let r = popeye("begin\npieces white rb7 pb5 rh1 ke1 sb1 ra1 black sc8 bc7 kc2\nstipulation r#2\noption duplex defence 3\nend\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "   1.Rb7*c7 + ?\n    but\n      1...Kc2-d3 !\n      1...Kc2-b3 !\n      1...Kc2-b2 !\n\n\n\
         \x20  1.Bc7-g3 + ?\n    but\n      1...Ke1-e2 !\n      1...Ke1-f1 !\n\n"
    );
}

/// A one-mover's try leaves no attacker's move to wait with: Popeye writes
/// no `zugzwang.` after it (`s#1`). The expected text is Popeye 4.104's on
/// the same input.
#[test]
fn a_one_move_try_is_no_waiting_move() {
    let r = popeye(
        "begin\npieces white rb8 pd7 pc6 sb4 rh1 sg1 ke1 bd1 sc1 ra1 black se8 kg7\n\
         stipulation s#1\noption defence 2 variation\nend\n",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "   1.d7*e8=Q ?\n    but\n      1...Kg7-f6 !\n\n")
    );
}

/// A duplex whose second half has the side to play able to take the king:
/// Popeye says so on standard error and writes nothing more for that half
/// (here the first half's blank line for no solution alone). The expected
/// text is Popeye 4.104's on the same input.
#[test]
fn a_duplex_second_half_with_the_king_en_prise_writes_nothing() {
    let r = popeye(
        "begin\npieces white pe7 kc4 bb3 se1 black bf7 pa6 rg5 sb4 kg1\nstipulation #2\n\
         option duplex try\nend\n",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "\n"));
}

/// `option duplex` is the problem's: a twin that changes the stipulation
/// is solved as a duplex too (b)'s second half: Black mates). The expected
/// text is Popeye 4.104's on the same input, less its closing blank line.
#[test]
fn a_stipulation_twin_keeps_option_duplex() {
    let r = popeye(
        "begin\npieces white ka1 rg7 black kb3 rh8\nstipulation #1\noption duplex\n\
         twin stipulation #2\nend\n",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "a) \n\n\n\nb) #2  \n\n\n   1.Rh8-h1 + !\n\n")
    );
}

/// A helpselfmate in Popeye's German input: every line in Popeye's order,
/// in German letters, as Popeye 4.104 writes it (the input run through
/// Popeye); the default style's count and SAN, and JSON's lines with the
/// defender's forced mate last.
#[test]
fn helpselfmates_as_popeye_writes_them() {
    let input = "anfangproblem\nsteine weiss Te6 Kh4 Be3 Tb2 Se1 schwarz Dg5 Sc1 Dg1 Kh1\n\
        forderung hs#2\nendeproblem\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "  1.Kh4-h3 Sc1-d3   2.Tb2-h2 + Dg1*h2 #\n  1.Kh4-h3 Sc1-b3   2.Tb2-h2 + Dg1*h2 #\n\
         \x20 1.Kh4-h3 Sc1-a2   2.Tb2-h2 + Dg1*h2 #\n  1.Kh4-h3 Dg5-f4   2.Tb2-h2 + Dg1*h2 #\n\
         \x20 1.Kh4-h3 Dg5-f4   2.Tb2-h2 + Df4*h2 #\n  1.Kh4-h3 Dg5-g8   2.Tb2-h2 + Dg1*h2 #\n\
         \x20 1.Kh4-h3 Dg5-g7   2.Tb2-h2 + Dg1*h2 #\n  1.Kh4-h3 Dg5-g6   2.Tb2-h2 + Dg1*h2 #\n\n"
    );
    let r = forsyth(&["solve", "-", "--notation", "san"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "8 solutions\n1.Kh3 Na2 2.Rh2+ Qxh2#\n");
    assert_contains(&r.stdout, "1.Kh3 Qf4 2.Rh2+ Qfxh2#\n");
    let r = forsyth(&["solve", "-", "--format", "json"], input.as_bytes());
    assert_contains(&r.stdout, "\"stipulation\":\"hs#2\"");
    assert_eq!(r.stdout.matches("{\"moves\":[").count(), 8, "{}", r.stdout);
    assert_contains(&r.stdout, "{\"san\":\"Qfxh2#\",\"uci\":\"f4h2\"}]}");
}

/// `option whitetoplay` changes a twin's stipulation as it changes the
/// problem's (`h#2` is solved as `h#1.5`, and the twin is labelled so), as
/// Popeye 4.104 does on this input.
#[test]
fn white_to_play_changes_a_twins_stipulation_too() {
    let input = "beginproblem\npieces white Kb1 Rh1 black Ka8 Pa7 Pb7 Sg8\nstipulation h#1\n\
        option whitetoplay\ntwin stipulation h#2\nendproblem\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "a) \n\n\nb) h#1.5  \n\n  1...Rh1-c1   2.Sg8-f6 Rc1-c8 #\n  1...Rh1-c1   2.Sg8-h6 Rc1-c8 #\n\
         \x20 1...Rh1-d1   2.Sg8-f6 Rd1-d8 #\n  1...Rh1-d1   2.Sg8-h6 Rd1-d8 #\n\
         \x20 1...Rh1-e1   2.Sg8-h6 Re1-e8 #\n  1...Rh1-f1   2.Sg8-h6 Rf1-f8 #\n\n"
    );
}

/// Where `option whitetoplay` does not apply to a twin's stipulation (help
/// play with the half move, battle play), Popeye says so before the twin's
/// label, in place of the blank line that ends the twin before; Popeye
/// 4.104's output on this input, from its first twin's label on.
#[test]
fn white_to_play_not_applicable_to_a_twin_is_said_as_popeye_says_it() {
    let input = "beginproblem\npieces white Kb1 Rh1 black Ka8 Pa7 Pb7 Sg8\nstipulation h#2\n\
        option whitetoplay\ntwin stipulation h#1.5\ntwin stipulation #1\nendproblem\n";
    let lines = "  1...Rh1-c1   2.Sg8-f6 Rc1-c8 #\n  1...Rh1-c1   2.Sg8-h6 Rc1-c8 #\n\
        \x20 1...Rh1-d1   2.Sg8-f6 Rd1-d8 #\n  1...Rh1-d1   2.Sg8-h6 Rd1-d8 #\n\
        \x20 1...Rh1-e1   2.Sg8-h6 Re1-e8 #\n  1...Rh1-f1   2.Sg8-h6 Rf1-f8 #\n";
    let said = "WhiteToPlay not applicable - ignored\n\n";
    let r = popeye(input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!("a) \n\n{lines}{said}b) h#1.5  \n\n{lines}{said}c) #1  \n\n\n")
    );
    // In German input, Popeye's German words.
    let german = "anfangproblem\nsteine weiss Kb1 Th1 schwarz Ka8 Ba7 Bb7 Sg8\n\
        forderung h#2\noption weissbeginnt\nzwilling forderung h#1.5\n\
        zwilling forderung #1\nendeproblem\n";
    let r = popeye(german);
    assert_contains(
        &r.stdout,
        "Tf1-f8 #\nWeissBeginnt nicht anwendbar - ignoriert\n\nb) h#1.5",
    );
}
