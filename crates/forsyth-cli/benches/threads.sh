#!/usr/bin/env bash
# Two threads against one, for the commands that use every core, and against
# the ceiling the machine gives that work: the two halves of the same file run
# as two one-thread processes at once. Beside them, perft once and twice at
# once, a job that stays in the cache, shows what two busy cores get from the
# host at that moment. Each round runs all of them in turn, so that a slow
# spell of the host touches a whole round; the table gives the median round
# and the range.
#
# Usage, from anywhere in the repository: crates/forsyth-cli/benches/threads.sh
# [ROUNDS] (default 7). The data (209 MB of PGN, 1 GB of FEN, about 2.5 GB
# with the halves and outputs) goes to target/threads-bench, or to
# $FORSYTH_THREADS_DIR. Needs python3. Takes about half an hour with 7 rounds.
set -euo pipefail
cd "$(dirname "$0")/../../.."
rounds=${1:-7}
dir=${FORSYTH_THREADS_DIR:-target/threads-bench}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cargo build --release --quiet -p forsyth-cli
bin=target/release/forsyth

# The ten published games, 50,000 times over; and the FEN corpus of the
# `fen` bench, 83 times over. Each cut in two halves between games or lines.
if [ ! -s "$dir/games.pgn" ]; then
  python3 - crates/forsyth/tests/data/pgn/published.pgn "$dir/games.pgn" <<'PY'
import os, sys
text = open(sys.argv[1], 'rb').read().rstrip() + b'\n\n'
with open(sys.argv[2] + '.part', 'wb') as out:
    for _ in range(50_000):
        out.write(text)
os.replace(sys.argv[2] + '.part', sys.argv[2])
PY
fi
if [ ! -s "$dir/corpus.fen" ]; then
  FORSYTH_CORPUS_OUT="$dir/corpus-once.fen" cargo bench --quiet -p forsyth --bench fen >/dev/null
  python3 - "$dir/corpus-once.fen" "$dir/corpus.fen" <<'PY'
import os, sys
text = open(sys.argv[1], 'rb').read()
# Written aside and renamed, so that an interrupted run leaves no short file.
with open(sys.argv[2] + '.part', 'wb') as out:
    for _ in range(83):
        out.write(text)
os.replace(sys.argv[2] + '.part', sys.argv[2])
PY
  rm -f "$dir/corpus-once.fen"
fi
# halve FILE HALF1 HALF2 KIND: cut at the first game start (a `[` line after a
# blank line) or line start at or after the middle.
halve() {
  if [ -s "$2" ] && [ -s "$3" ]; then return; fi
  python3 - "$@" <<'PY'
import os, sys
data = open(sys.argv[1], 'rb').read()
mid = len(data) // 2
cut = data.find(b'\n\n[', mid) + 2 if sys.argv[4] == 'games' else data.find(b'\n', mid) + 1
for path, part in ((sys.argv[2], data[:cut]), (sys.argv[3], data[cut:])):
    open(path + '.part', 'wb').write(part)
    os.replace(path + '.part', path)
PY
}
halve "$dir/games.pgn" "$dir/games1.pgn" "$dir/games2.pgn" games
halve "$dir/corpus.fen" "$dir/corpus1.fen" "$dir/corpus2.fen" lines

ms() { echo $(( $(date +%s%N) / 1000000 )); }
out() { if [ "$sink" = file ]; then rm -f "$dir/out-$1"; echo "$dir/out-$1"; else echo /dev/null; fi; }
# round COMMAND WHOLE HALF1 HALF2: prints five wall times in milliseconds.
round() {
  local cmd=$1 whole=$2 h1=$3 h2=$4 s p1 p2 w1 wp w2
  s=$(ms); $bin perft --threads 1 startpos 7 >/dev/null; p1=$(( $(ms) - s ))
  s=$(ms); $bin perft --threads 1 startpos 7 >/dev/null & $bin perft --threads 1 startpos 7 >/dev/null; wait; p2=$(( $(ms) - s ))
  s=$(ms); $bin $cmd --threads 1 "$whole" >"$(out a)"; w1=$(( $(ms) - s ))
  s=$(ms); $bin $cmd --threads 1 "$h1" >"$(out b)" & $bin $cmd --threads 1 "$h2" >"$(out c)"; wait; wp=$(( $(ms) - s ))
  s=$(ms); $bin $cmd --threads 2 "$whole" >"$(out a)"; w2=$(( $(ms) - s ))
  echo "$p1 $p2 $w1 $wp $w2"
}

echo "| command, output to | perft, two at once | halves, two processes | two threads | threads against halves |"
echo "| --- | --- | --- | --- | --- |"
for sink in null file; do
  for job in "pgn check" "pgn fens" "pgn export" "convert --castling shredder" validate; do
    case $job in
      pgn*) files=("$dir/games.pgn" "$dir/games1.pgn" "$dir/games2.pgn") ;;
      *) files=("$dir/corpus.fen" "$dir/corpus1.fen" "$dir/corpus2.fen") ;;
    esac
    rows=()
    for _ in $(seq "$rounds"); do rows+=("$(round "$job" "${files[@]}")"); done
    python3 - "\`$job\`, $([ $sink = file ] && echo 'a file' || echo '`/dev/null`')" "${rows[@]}" <<'PY'
import statistics, sys
rows = [list(map(int, r.split())) for r in sys.argv[2:]]
def cell(xs, x=True):
    u = 'x' if x else ''
    return f"{statistics.median(xs):.2f}{u} ({min(xs):.2f}{u} to {max(xs):.2f}{u})"
perft = [2 * p1 / p2 for p1, p2, *_ in rows]
halves = [w1 / wp for _, _, w1, wp, _ in rows]
threads = [w1 / w2 for _, _, w1, _, w2 in rows]
beat = [wp / w2 for _, _, _, wp, w2 in rows]
print(f"| {sys.argv[1]} | {cell(perft)} | {cell(halves)} | {cell(threads)} | {cell(beat, False)} |")
PY
  done
done
rm -f "$dir"/out-*
