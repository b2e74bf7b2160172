#!/usr/bin/env python3
"""DXP interop test: pydraughts' DXPEngine drives `dam dxp --listen` over
loopback. Two games: one from the initial position and one from a set-up
position (GAMEREQ flag B). pydraughts picks its own moves; every move dam
sends must be legal for pydraughts, and the GAMEEND pydraughts sends at the
end must be answered. Usage: dxp_interop.py PATH_TO_DAM [DAM_ARGS...]"""

import logging
import os
import subprocess
import sys
import threading
import time

import draughts
from draughts.engine import DXPEngine

SETUP_FEN = "B:W28,32,33,38,39,43,K50:B8,12,13,17,19,K4"
MAX_PLIES = 400
GAME_SECONDS = 300


class Capture(logging.Handler):
    """Keeps pydraughts' debug lines, to see which messages arrived."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def start_dam(dam, extra):
    """Start the server on an ephemeral port; returns it and its port."""
    env = dict(os.environ, RUST_LOG=os.environ.get("RUST_LOG", "info"))
    proc = subprocess.Popen(
        [dam, "dxp", "--listen", "127.0.0.1:0"] + extra,
        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env)
    for line in proc.stderr:
        if line.startswith("dam dxp: listening on "):
            port = line.rsplit(":", 1)[1].strip()
            break
    else:
        sys.exit("dam did not start listening")

    def drain():
        for line in proc.stderr:
            if "WARN" in line or "ERROR" in line or "game over" in line:
                print("  dam:", line.rstrip())
    threading.Thread(target=drain, daemon=True).start()
    return proc, port


def watchdog(seconds, what):
    def fire():
        print(f"FAIL: {what} took more than {seconds} s")
        os._exit(1)
    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    return timer


def wait_for(capture, before, prefix):
    """The lines starting with `prefix` logged after `before`, waiting up
    to ten seconds for the first."""
    for _ in range(200):
        found = [l for l in capture.lines[before:] if l.startswith(prefix)]
        if found:
            return found
        time.sleep(0.05)
    return []


def play(port, fen, capture):
    """One game; returns the number of plies."""
    board = draughts.Board(variant="standard", fen=fen) if fen else draughts.Board()
    engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port},
                       initial_time=120)
    engine_side = draughts.BLACK if board.turn == draughts.WHITE else draughts.WHITE
    plies = 0
    while not board.is_over() and plies < MAX_PLIES:
        legal = board.legal_moves()
        if board.turn == engine_side:
            move = engine.play(board).move
            if move is None or move.board_move not in [m.board_move for m in legal]:
                sys.exit(f"FAIL: dam's move at ply {plies} is not legal for pydraughts")
        else:
            move = legal[(plies * 7) % len(legal)]
        board.push(move)
        plies += 1
    if board.is_over() and board.turn == engine_side:
        # pydraughts' own move ended the game; DXPEngine only sends a move
        # when asked for the reply. Send it: dam, on move, must see the end
        # and send GAMEEND itself (pydraughts answers it).
        before = len(capture.lines)
        engine.sender.send_move(board.move_stack[-1])
        answers = wait_for(capture, before, "rcv GAMEEND")
        if answers:
            engine.sender.disconnect()
            print(f"  {plies} plies, over: True, winner: {board.winner()}, "
                  f"dam ended it with {answers[0].split(': ')[1]}")
            return plies
    # DXPEngine.quit() shuts the socket right after its GAMEEND, racing the
    # answer: send the GAMEEND, wait for the answer, then disconnect.
    before = len(capture.lines)
    engine.sender.gameend()  # reason 0, stop code 1
    answers = wait_for(capture, before, "rcv GAMEEND")
    engine.sender.disconnect()
    if not answers:
        sys.exit("FAIL: dam did not answer GAMEEND")
    print(f"  {plies} plies, over: {board.is_over()}, winner: {board.winner()}, "
          f"dam answered {answers[0].split(': ')[1]}")
    return plies


def main():
    capture = Capture()
    logger = logging.getLogger("pydraughts")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(capture)
    proc, port = start_dam(sys.argv[1], sys.argv[2:])
    try:
        for name, fen in [("initial position", None), ("set-up position", SETUP_FEN)]:
            print(f"game from the {name}")
            timer = watchdog(GAME_SECONDS, f"the game from the {name}")
            play(port, fen, capture)
            timer.cancel()
            if proc.poll() is not None:
                sys.exit("FAIL: dam exited")
    finally:
        proc.kill()
        proc.wait()
        proc.stderr.close()
    print("dxp interop: ok")


if __name__ == "__main__":
    main()
