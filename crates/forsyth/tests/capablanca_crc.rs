//! The CRC starts and their numbers against `specs/crc.md`: an enumeration
//! of every arrangement of the ten pieces written here, judged by the
//! spec's seven rules, gives the count, each rule's verdict and the
//! numbering (placement digits read off each array, as the spec defines
//! them); the spec's vectors are checked line by line.

use forsyth::capablanca::{CrcRule, CrcStart, Position, Variant};
use forsyth::{Color, Role};

const SPEC: &str = include_str!("../../../specs/crc.md");

fn spec_block(tag: &str) -> Vec<&'static str> {
    let fence = format!("```{tag}\n");
    let start = SPEC
        .find(&fence)
        .unwrap_or_else(|| panic!("specs/crc.md has no block {tag}"))
        + fence.len();
    let len = SPEC[start..].find("```").expect("block is closed");
    let lines: Vec<_> = SPEC[start..start + len]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert!(!lines.is_empty(), "block {tag} is empty");
    lines
}

fn roles(letters: &str) -> [Role; 10] {
    let v: Vec<Role> = letters
        .chars()
        .map(|c| Role::from_char(c).expect("a piece letter"))
        .collect();
    v.try_into().expect("ten letters")
}

fn letters(rank: &[Role; 10]) -> String {
    rank.iter().map(|r| r.upper_char()).collect()
}

/// Every distinct arrangement of the ten pieces of a back rank (453,600).
fn arrangements() -> Vec<[Role; 10]> {
    fn go(left: &mut Vec<(Role, usize)>, rank: &mut Vec<Role>, out: &mut Vec<[Role; 10]>) {
        if rank.len() == 10 {
            out.push(rank.clone().try_into().unwrap());
            return;
        }
        for i in 0..left.len() {
            if left[i].1 == 0 {
                continue;
            }
            left[i].1 -= 1;
            rank.push(left[i].0);
            go(left, rank, out);
            rank.pop();
            left[i].1 += 1;
        }
    }
    use Role::*;
    let mut left = vec![
        (Rook, 2),
        (Knight, 2),
        (Bishop, 2),
        (Queen, 1),
        (King, 1),
        (Archbishop, 1),
        (Chancellor, 1),
    ];
    let mut out = Vec::new();
    go(&mut left, &mut Vec::new(), &mut out);
    out
}

/// The spec's rules 2 to 7 in order; the name of the first one `rank`
/// breaks (its counts are right).
fn first_broken(rank: &[Role; 10]) -> Option<&'static str> {
    let at = |role: Role| -> Vec<usize> { (0..10).filter(|&f| rank[f] == role).collect() };
    let dark = |f: usize| f.is_multiple_of(2);
    let (b, r) = (at(Role::Bishop), at(Role::Rook));
    let (q, a, k) = (
        at(Role::Queen)[0],
        at(Role::Archbishop)[0],
        at(Role::King)[0],
    );
    if dark(b[0]) == dark(b[1]) {
        return Some("bishops_on_one_colour");
    }
    if dark(q) == dark(a) {
        return Some("queen_and_archbishop_on_one_colour");
    }
    if !(r[0] < k && k < r[1]) {
        return Some("king_not_between_rooks");
    }
    if b[1] - b[0] == 1 {
        return Some("bishops_side_by_side");
    }
    for pawn in 0..10usize {
        let protected = (0..10usize).any(|f| {
            let d = f.abs_diff(pawn);
            match rank[f] {
                Role::Rook => d == 0,
                Role::Chancellor => d == 0 || d == 2,
                Role::Bishop => d == 1,
                Role::Archbishop => d == 1 || d == 2,
                Role::Queen | Role::King => d <= 1,
                Role::Knight => d == 2,
                Role::Pawn => false,
            }
        });
        if !protected {
            return Some("unprotected_pawn");
        }
    }
    let gothic = roles("RNBQCKABNR");
    if (0..10).filter(|&f| rank[f] != gothic[f]).count() < 3 {
        return Some("close_to_gothic");
    }
    None
}

/// The spec's placement number, read off an array that keeps rules 1 to 4:
/// the digits L, D, Q, A, C, K.
fn placement(rank: &[Role; 10]) -> u32 {
    let b: Vec<usize> = (0..10).filter(|&f| rank[f] == Role::Bishop).collect();
    let light = *b.iter().find(|&&f| f % 2 == 1).unwrap();
    let dark = *b.iter().find(|&&f| f.is_multiple_of(2)).unwrap();
    let l = (light / 2) as u32;
    let d = (dark / 2) as u32;
    let mut empty: Vec<usize> = (0..10).filter(|&f| f != light && f != dark).collect();
    let take = |empty: &mut Vec<usize>, f: usize| {
        let i = empty.iter().position(|&e| e == f).unwrap();
        empty.remove(i);
        i as u32
    };
    let queen = (0..10).find(|&f| rank[f] == Role::Queen).unwrap();
    let q = take(&mut empty, queen);
    let archbishop = (0..10).find(|&f| rank[f] == Role::Archbishop).unwrap();
    let other_colour: Vec<usize> = empty
        .iter()
        .copied()
        .filter(|f| f % 2 != queen % 2)
        .collect();
    let a = other_colour.iter().position(|&f| f == archbishop).unwrap() as u32;
    take(&mut empty, archbishop);
    let c = take(
        &mut empty,
        (0..10).find(|&f| rank[f] == Role::Chancellor).unwrap(),
    );
    let knights: Vec<usize> = (0..5).filter(|&i| rank[empty[i]] == Role::Knight).collect();
    let pairs = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let k = pairs.iter().position(|&(x, y)| knights == [x, y]).unwrap() as u32;
    l + 5 * (d + 5 * (q + 8 * (a + 4 * (c + 6 * k))))
}

/// The count, every rule's verdict (the first rule broken, as the spec
/// orders them) and the numbering, for all 453,600 arrangements.
#[test]
fn every_arrangement_is_judged_and_numbered_as_the_spec_says() {
    let all = arrangements();
    assert_eq!(all.len(), 453_600);
    let mut starts: Vec<(u32, [Role; 10])> = Vec::new();
    let mut broken = std::collections::BTreeMap::new();
    for rank in &all {
        let want = first_broken(rank);
        match CrcStart::from_back_rank(rank) {
            Ok(_) => {
                assert_eq!(want, None, "{} accepted", letters(rank));
                starts.push((placement(rank), *rank));
            }
            Err(rule) => {
                assert_eq!(Some(rule.name()), want, "{}: {rule}", letters(rank));
                *broken.entry(rule.name()).or_insert(0) += 1;
            }
        }
    }
    assert_eq!(starts.len(), 12_118);
    // The rules 1 to 4 leave 48,000 arrays (the placement digits); of
    // these the spec counts the ones each later rule removes.
    let placed = 453_600
        - broken["bishops_on_one_colour"]
        - broken["queen_and_archbishop_on_one_colour"]
        - broken["king_not_between_rooks"];
    assert_eq!(placed, 48_000);
    assert_eq!(broken["bishops_side_by_side"], 17_280);
    assert_eq!(broken["unprotected_pawn"], 18_590);
    assert_eq!(broken["close_to_gothic"], 12);
    // Numbered in the order of their placement numbers, both ways.
    starts.sort_by_key(|&(p, _)| p);
    assert!(
        starts.windows(2).all(|w| w[0].0 < w[1].0),
        "one array per placement number"
    );
    for (n, (_, rank)) in starts.iter().enumerate() {
        let start = CrcStart::new(n as u16).unwrap();
        assert_eq!(start.back_rank(), *rank, "start {n}");
        assert_eq!(CrcStart::from_back_rank(rank), Ok(start));
    }
    assert_eq!(CrcStart::new(12_118), None);
}

#[test]
fn spec_numbers() {
    for line in spec_block("crc-numbers") {
        let (n, rank) = line.split_once(' ').unwrap();
        let start = CrcStart::new(n.parse().unwrap()).unwrap();
        assert_eq!(start.back_rank_letters(), rank, "{n}");
        assert_eq!(CrcStart::from_back_rank(&roles(rank)), Ok(start));
    }
}

#[test]
fn spec_back_rank_errors() {
    for line in spec_block("crc-back-rank-errors") {
        let (rank, message) = line.split_once(" => ").unwrap();
        let err: CrcRule = CrcStart::from_back_rank(&roles(rank)).expect_err(rank);
        assert_eq!(format!("{}: {err}", err.name()), message);
    }
}

/// SplitMix64 and its draw rule, written from `specs/chess960.md`.
fn splitmix_below(seed: u64, bound: u64, count: usize) -> Vec<u64> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let rest = (u64::MAX % bound + 1) % bound;
    (0..count)
        .map(|_| loop {
            let x = next();
            if x <= u64::MAX - rest {
                break x % bound;
            }
        })
        .collect()
}

#[test]
fn spec_random_starts() {
    for line in spec_block("crc-random") {
        let (seed, numbers) = line.split_once(" => ").unwrap();
        let seed: u64 = seed.parse().unwrap();
        let expected: Vec<u64> = numbers
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let got: Vec<u64> = CrcStart::random_sequence(seed)
            .take(expected.len())
            .map(|s| u64::from(s.number()))
            .collect();
        assert_eq!(got, expected, "seed {seed}");
        assert_eq!(
            splitmix_below(seed, 12_118, expected.len()),
            expected,
            "seed {seed}"
        );
    }
    let draws: Vec<u16> = CrcStart::random_sequence(99)
        .take(500)
        .map(|s| s.number())
        .collect();
    let longer: Vec<u16> = CrcStart::random_sequence(99)
        .take(1000)
        .map(|s| s.number())
        .collect();
    assert_eq!(
        draws[..],
        longer[..500],
        "a longer run extends a shorter one"
    );
}

/// Every start is a legal position of CRC with both colours' castling
/// rights, Black's pieces mirroring White's.
#[test]
fn every_start_is_a_legal_crc_position() {
    for start in CrcStart::all() {
        let setup = start.to_setup();
        assert_eq!(setup.variant, Variant::Crc);
        assert_eq!(setup.castling.count(), 4);
        for (sq, piece) in setup.board.pieces() {
            if piece.color == Color::White {
                assert_eq!(
                    setup.board.piece_at(sq.flip_vertical()),
                    Some(piece.role.of(Color::Black))
                );
            }
        }
        let pos = Position::from_setup(setup).expect("a start is legal");
        assert!(pos.count_legal_moves() >= 20, "start {start}");
    }
}
