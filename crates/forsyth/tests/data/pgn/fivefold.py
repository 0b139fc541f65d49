"""Random games rich in repetitions, written as PGN with python-chess's
verdict on their last position (python-chess's `Board.outcome()` over the
main line: checkmate, stalemate, insufficient material, the
seventy-five-move rule, fivefold repetition).

Usage: python fivefold.py SEED COUNT > games.pgn

Each game is played from the standard start or a Chess960 one, mostly by
moves that take back the side's own last move (so positions repeat),
sometimes a random legal move, a null move, or a double pawn step; some
games get a variation that repeats positions too. The claimed result is
random; the tag `PythonChess` holds python-chess's termination and result
for the last position of the main line (`none` and the claim when the game
has not ended there).
"""
import io
import random
import sys

import chess
import chess.pgn


def pick(board, rng, history):
    moves = list(board.legal_moves)
    if not moves:
        return None
    r = rng.random()
    # Take back the side's own last move: the position two plies before
    # stands again two plies later.
    if len(history) >= 2 and r < 0.9:
        m = history[-2]
        back = chess.Move(m.to_square, m.from_square)
        if m and back in moves and not board.is_capture(back):
            return back
    if r < 0.93 and not board.is_check():
        return chess.Move.null()
    quiet = [m for m in moves
             if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN]
    if quiet and r < 0.98:
        return rng.choice(quiet)
    return rng.choice(moves)


def play(board, rng, plies, node):
    history = []
    for _ in range(plies):
        m = pick(board, rng, history)
        if m is None:
            break
        node = node.add_variation(m)
        board.push(m)
        history.append(m)
    return node


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    out = sys.stdout
    for g in range(count):
        chess960 = rng.random() < 0.15
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        game = chess.pgn.Game()
        if chess960:
            game.setup(board)
        game.headers["Event"] = f"fivefold {seed} {g}"
        # A few plies of opening, pawns included, then the shuffling.
        node = game
        for _ in range(rng.randrange(0, 12)):
            moves = list(board.legal_moves)
            if not moves:
                break
            m = rng.choice(moves)
            node = node.add_variation(m)
            board.push(m)
        branch = node if rng.random() < 0.3 else None
        branch_board = board.copy() if branch is not None else None
        node = play(board, rng, rng.randrange(4, 60), node)
        if branch is not None and branch.variations and not branch_board.is_game_over():
            # A variation beside the main line's next move, shuffling too.
            moves = [m for m in branch_board.legal_moves if m != branch.variations[0].move]
            if moves:
                m = rng.choice(moves)
                var = branch.add_variation(m)
                branch_board.push(m)
                play(branch_board, rng, rng.randrange(4, 40), var)
        claim = rng.choice(["1-0", "0-1", "1/2-1/2"])
        end = game.end().board()
        outcome = end.outcome()
        game.headers["Result"] = claim
        if outcome is None:
            game.headers["PythonChess"] = f"none {claim}"
        else:
            game.headers["PythonChess"] = f"{outcome.termination.name.lower()} {outcome.result()}"
        print(game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=False)), file=out)
        print(file=out)


main()
