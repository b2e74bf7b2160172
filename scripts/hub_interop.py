"""Drive `dam hub` with pydraughts' HubEngine: initialisation, a game of at
least 40 plies in international, English and Brazilian with every
returned move checked legal, `ping` answered and `stop` answered with `done` during an
infinite search, and games that open from the shipped book (`book=true`).

Usage: python hub_interop.py PATH_TO_DAM
"""

import sys
import time

import draughts
from draughts.engine import HubEngine, Limit

MIN_PLIES = 40


def fail(message):
    print(f"hub_interop: FAIL: {message}")
    sys.exit(1)


def canonical(hub_move):
    """A Hub move with its captured squares sorted: Hub lists them in any
    order, so moves are compared by their captured set."""
    if "x" not in hub_move:
        return hub_move
    squares = hub_move.split("x")
    return "x".join(squares[:2] + sorted(squares[2:], key=int))


def start_engine(dam, variant, book=False):
    engine = HubEngine([dam, "hub"])
    if "variant" not in engine.options or variant not in engine.variants:
        fail(f"variant {variant} not offered: {engine.variants}")
    engine.setoption("variant", variant)
    engine.setoption("threads", 1)
    if book:
        engine.setoption("book", True)
    engine.init()
    return engine


def book_game(dam, variant, hub_variant, book_plies):
    """With book=true the first `book_plies` plies come from the book
    (the engine plays both sides), the next ones from the search."""
    engine = start_engine(dam, hub_variant, book=True)
    board = draughts.Board(variant=variant)
    for ply in range(book_plies + 2):
        legal = {canonical(m.hub_move) for m in board.legal_moves()}
        result = engine.play(board, Limit(movetime=0.05), ponder=False)
        if result.move is None or canonical(result.move.hub_move) not in legal:
            fail(f"{variant} book ply {ply + 1}: illegal move")
        from_book = result.info.get("book") == "true"
        if from_book != (ply < book_plies):
            fail(f"{variant} ply {ply + 1}: book={from_book} ({result.info})")
        board.push(result.move)
    quit_engine(engine)
    print(f"hub_interop: {variant}: {book_plies} plies from the book, then searched")


def play_game(dam, variant, hub_variant, movetime):
    engine = start_engine(dam, hub_variant)
    board = draughts.Board(variant=variant)
    plies = 0
    while plies < 80 and not board.is_over():
        legal = {canonical(m.hub_move) for m in board.legal_moves()}
        result = engine.play(board, Limit(movetime=movetime), ponder=False)
        move = result.move
        if move is None or canonical(move.hub_move) not in legal:
            fail(f"{variant} ply {plies + 1}: illegal move {move and move.hub_move} (legal: {sorted(legal)})")
        board.push(move)
        plies += 1
    quit_engine(engine)
    if plies < MIN_PLIES:
        fail(f"{variant}: the game ended after {plies} plies, fewer than {MIN_PLIES}")
    print(f"hub_interop: {variant}: {plies} legal plies, over: {board.is_over()}")


def quit_engine(engine):
    """Send quit and check the engine exits cleanly."""
    engine.quit()
    engine.p.communicate(timeout=10)
    if engine.p.returncode != 0:
        fail(f"dam exited with {engine.p.returncode} after quit")


def wait_for(engine, command):
    """Lines until `command`; returns the argument text of that line."""
    deadline = time.time() + 20
    while time.time() < deadline:
        got, arg = engine.recv_hub()
        if got == command:
            return arg
    fail(f"no {command} within 20 s")


def ping_and_stop(dam):
    engine = start_engine(dam, "normal")
    board = draughts.Board(variant="standard")
    engine.send(f"pos pos={board._game.initial_hub_fen}")
    engine.send("level infinite")
    engine.send("go analyze")
    time.sleep(0.5)
    engine.send("ping")
    wait_for(engine, "pong")
    engine.send("stop")
    arg = wait_for(engine, "done")
    move = dict(item.split("=", 1) for item in arg.split())["move"]
    legal = {canonical(m.hub_move) for m in board.legal_moves()}
    if canonical(move) not in legal:
        fail(f"stop: illegal move {move}")
    quit_engine(engine)
    print(f"hub_interop: ping answered and stop answered with done move={move}")


def main():
    if len(sys.argv) != 2:
        fail("usage: hub_interop.py PATH_TO_DAM")
    dam = sys.argv[1]
    play_game(dam, "standard", "normal", 0.05)
    play_game(dam, "english", "english", 0.05)
    play_game(dam, "brazilian", "brazilian", 0.05)
    ping_and_stop(dam)
    book_game(dam, "standard", "normal", 8)
    book_game(dam, "english", "english", 7)
    print("hub_interop: ok")


if __name__ == "__main__":
    main()
