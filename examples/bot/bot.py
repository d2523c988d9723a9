#!/usr/bin/env python3
"""A cardroom bot in Python, standard library only (docs/BOT-PROTOCOL.md).

It reads the server's JSON lines and answers every "move" with one of the
legal moves: bids what its aces, Singularities and jokers promise, and
otherwise plays a random legal move.

  cardroom sim --bots exec:examples/bot/bot.py,baseline     (stdin/stdout)
  python3 examples/bot/bot.py ssh -p 2222 HOST bot           (over SSH)
"""
import json, random, subprocess, sys

def choose(req):
    legal, view = req["legal"], req["view"]
    bids = [m for m in legal if m.startswith("bid ")]
    if bids:  # count the high cards; Dou Dizhu bids 1..3 or passes
        hand = view.get("hand") or []
        want = sum(c[0] == "A" or c in ("SG", "BJ", "RJ") for c in hand)
        if view["ruleset"] == "doudizhu":
            want = min(want, 3) if want >= 2 else 0
        best = min(bids, key=lambda m: abs(int(m[4:]) - want))
        if view["ruleset"] != "doudizhu" or want > 0:
            return best
    return random.choice(legal)

def play(inp, out):
    for line in inp:
        msg = json.loads(line)
        if msg["type"] == "move":
            out.write(json.dumps({"id": msg["id"], "move": choose(msg)}) + "\n")
            out.flush()
        elif msg["type"] == "error":
            print("refused:", msg["error"], file=sys.stderr)
        elif msg["type"] == "end":  # the game is over
            return

def main():
    random.seed(1)
    if sys.argv[1:2] in (["-h"], ["--help"]):
        return print(__doc__)
    if len(sys.argv) > 1:  # run the given command (ssh … bot) and talk over its pipes
        p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        play(p.stdout, p.stdin)
        p.stdin.close()
        p.wait()
    else:
        play(sys.stdin, sys.stdout)

if __name__ == "__main__":
    main()
