//! Generates the sliding-piece attack tables ("fancy" magic bitboards).
//!
//! For every square and slider (rook, bishop) the relevant occupancy mask is
//! the set of squares on its rays, edges excluded. A magic factor maps each
//! subset of the mask, by `(occupied & mask) * factor >> shift`, to a slot of
//! the square's own window in one shared table without two subsets with
//! different attack sets colliding. Factors are searched for here, with a
//! fixed-seed pseudo-random generator so that every build writes the same
//! tables, and written out with the tables to `$OUT_DIR/magics.rs`, which
//! `src/attacks.rs` includes.

use std::{env, fmt::Write as _, fs, path::PathBuf};

const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// Table length, a power of two so that a masked index needs no bounds check.
const TABLE_LEN: usize = 1 << 17;

fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// Attacks from `sq` along `dirs`, each ray stopping at the first occupied square.
fn walk(sq: usize, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            out |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

/// Squares whose occupancy can change the attacks: the rays without their
/// last square.
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            out |= 1 << next;
            cur = next;
        }
    }
    out
}

/// xorshift64*: small, fast, and reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A candidate with few bits set, which makes good magics likelier.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for `sq` and writes its window of attack sets into `table`
/// at `offset`.
fn find_magic(
    sq: usize,
    dirs: &[(i32, i32)],
    offset: usize,
    table: &mut [u64],
    rng: &mut Rng,
) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    // Every subset of the mask (carry-rippler enumeration) and its attacks.
    let mut subsets = Vec::with_capacity(size);
    let mut sub = 0u64;
    loop {
        subsets.push((sub, walk(sq, sub, dirs)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    // `epoch[i] == attempt` marks slot i as written during this attempt.
    let mut epoch = vec![0u32; size];
    let mut slots = vec![0u64; size];
    let mut attempt = 0u32;
    loop {
        let factor = rng.sparse();
        // Quick reject: the high bits of mask * factor must be dense enough.
        if (mask.wrapping_mul(factor) & 0xff00_0000_0000_0000).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = subsets.iter().all(|&(occ, att)| {
            let i = (occ.wrapping_mul(factor) >> shift) as usize;
            if epoch[i] != attempt {
                epoch[i] = attempt;
                slots[i] = att;
                true
            } else {
                slots[i] == att
            }
        });
        if ok {
            for (i, &att) in slots.iter().enumerate() {
                table[offset + i] = if epoch[i] == attempt { att } else { 0 };
            }
            return Magic {
                mask,
                factor,
                shift,
                offset,
            };
        }
    }
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, factor: {:#018x}, shift: {}, offset: {} }},",
            m.mask, m.factor, m.shift, m.offset
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut rng = Rng(0x5eed_f0e5_7e1a_2026);
    let mut table = vec![0u64; TABLE_LEN];
    let mut offset = 0;
    let mut rook = Vec::with_capacity(64);
    let mut bishop = Vec::with_capacity(64);
    for sq in 0..64 {
        let m = find_magic(sq, &ROOK_DIRS, offset, &mut table, &mut rng);
        offset += 1 << (64 - m.shift);
        rook.push(m);
    }
    for sq in 0..64 {
        let m = find_magic(sq, &BISHOP_DIRS, offset, &mut table, &mut rng);
        offset += 1 << (64 - m.shift);
        bishop.push(m);
    }
    assert!(offset <= TABLE_LEN);

    let mut out = String::with_capacity(3 << 20);
    writeln!(
        out,
        "// Generated by build.rs: magic factors and slider attack sets.\n"
    )
    .unwrap();
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    writeln!(
        out,
        "/// {offset} attack sets in use, zero padding after them."
    )
    .unwrap();
    writeln!(out, "static SLIDER_ATTACKS: [u64; {TABLE_LEN}] = [").unwrap();
    for chunk in table.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {v:#x},").unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "const SLIDER_TABLE_MASK: usize = {};", TABLE_LEN - 1).unwrap();

    let path = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("magics.rs");
    fs::write(path, out).expect("OUT_DIR is writable");
}
