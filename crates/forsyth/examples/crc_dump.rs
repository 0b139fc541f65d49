use forsyth::capablanca::CrcStart;
use forsyth::Role;
fn roles(s: &str) -> [Role; 10] {
    let v: Vec<Role> = s.chars().map(|c| Role::from_char(c).unwrap()).collect();
    v.try_into().unwrap()
}
fn main() {
    for s in [
        "RNABQKBCNR",
        "RNBQCKABNR",
        "RNBQKCABNR",
        "KRNABQBCNR",
        "RNAQKBBCNR",
        "RNABKQBCNR",
        "RNBQCKBANR",
        "RNBQCKABNP",
        "RNBQCKABNN",
        "RRKBBQNNAC",
        "BQACNBNRKR",
    ] {
        match CrcStart::from_back_rank(&roles(s)) {
            Ok(x) => println!("{s} => {}", x.number()),
            Err(e) => println!("{s} => {}: {e}", e.name()),
        }
    }
}
