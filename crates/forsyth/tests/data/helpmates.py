"""Every helpmate line of a position, by python-chess: Black (the side to
move) and White alternate, and a line ends at the first White move that
mates (a shorter line), or fails after the stipulated number of moves.

Usage: python helpmates.py FEN MOVES > lines.txt  (one line of UCI moves each)
"""
import sys

import chess


def lines(board, left, path, out):
    # left: half-moves left; White (the mating side) moves when left is odd.
    for m in list(board.legal_moves):
        board.push(m)
        path.append(m.uci())
        if left % 2 == 1 and board.is_checkmate():
            out.append(" ".join(path))
        elif left > 1 and not board.is_game_over():
            lines(board, left - 1, path, out)
        path.pop()
        board.pop()


def main():
    board = chess.Board(sys.argv[1])
    out = []
    lines(board, 2 * int(sys.argv[2]), [], out)
    for line in sorted(out):
        print(line)


main()
