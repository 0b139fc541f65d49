//! Perft on the 10x8 board against the published counts.

#[path = "common/capablanca.rs"]
mod record;

use forsyth::capablanca::{Position, Variant};

#[test]
fn published_starts() {
    let cap = Position::capablanca();
    for (d, n) in [
        (1, 28),
        (2, 784),
        (3, 25_228),
        (4, 805_128),
        (5, 28_741_319),
    ] {
        assert_eq!(cap.perft(d), n, "capablanca {d}");
    }
    let goth = Position::gothic();
    for (d, n) in [
        (1, 28),
        (2, 784),
        (3, 25_283),
        (4, 808_984),
        (5, 28_946_187),
    ] {
        assert_eq!(goth.perft(d), n, "gothic {d}");
    }
    let setup = record::setup(
        "r1b1c2rk1/p4a1ppp/1ppq2pn2/3p1p4/3A1Pn3/1PN3PN2/P1PQP1BPPP/3RC2RK1 w - - 0 1",
        Variant::Gothic,
    )
    .unwrap();
    let pos = Position::from_setup(setup).unwrap();
    assert_eq!(pos.perft(4), 7_917_813);
}
