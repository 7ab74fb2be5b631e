#!/usr/bin/env python3
"""Drives `g2048 session`: plays one seeded game with the engine, showing each move's values.

    python3 examples/session_client.py [SEED] [MOVES]     (from the repository's root)
"""
import json
import subprocess
import sys


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    engine = subprocess.Popen(["./g2048", "session", "--depth", "2"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(**request):
        engine.stdin.write(json.dumps(request) + "\n")
        reply = json.loads(engine.stdout.readline())
        if reply["reply"] == "error":
            raise RuntimeError(reply["error"])
        return reply.get("result")

    print("ready:", json.loads(engine.stdout.readline())["result"])
    game = ask(cmd="new-game", seed=seed)
    while not game["over"] and game["moves"] < moves:
        game = ask(cmd="step")
        values = {m["move"]: m["value"] for m in game["choice"]["moves"] if m["legal"]}
        print(f'{game["played"]}  score {game["score"]:>7}  values', {k: round(v) for k, v in values.items()})
    print("board", game["board"], "score", game["score"])
    ask(cmd="quit")
    engine.wait()


if __name__ == "__main__":
    main()
