"""Speed of the Victorian deck odds (run by hand: ``python bench/bench_deck_odds.py``).

What a reader of the odds page does with the deck widget
(:class:`explorer.ui.victorian.odds.DeckOdds`), from a fresh process: open it, then
for each side every card type, the "at least" slider over all its values at each,
and a few cards' turn-by-turn curves.  Target: the slider answers well under 100 ms
(the deal of a side and type is worked out once, then each "at least" reads it).
Prints each kind of answer's slowest and total, and with ``--json`` one line,
the answers per second over the whole sequence (``bench/compare.py --bench
victorian-deck`` reads it, old code against new side by side).
"""

from __future__ import annotations

import argparse
import json
import time

import explorer
from explorer.ui.victorian.odds import DeckOdds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line: answers per second")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"open": [], "side": [], "type": [], "at least": [], "card": []}

    def timed(kind, change):
        t = time.perf_counter()
        change()
        times[kind].append(time.perf_counter() - t)

    deck: list[DeckOdds] = []
    timed("open", lambda: deck.append(DeckOdds(side="heroes", card_type="C", at_least=1, turns=12)))
    d = deck[0]
    for side in ("heroes", "villains"):
        if d.side.value != side:
            timed("side", lambda: setattr(d.side, "value", side))
        for kind in ("L", "E", "W", "V", "C", "M", "P"):
            if d.type.value != kind:
                timed("type", lambda: setattr(d.type, "value", kind))
            for n in [*range(d.at_least.min, d.at_least.max + 1), 1]:
                if d.at_least.value != n:
                    timed("at least", lambda: setattr(d.at_least, "value", n))
        for card in list(d.card.options)[1:6]:
            timed("card", lambda: setattr(d.card, "value", card))
    answers = sum(len(v) for v in times.values())
    total = sum(sum(v) for v in times.values())
    if args.json:
        print(json.dumps({"bench": "victorian deck answers/s", "value": answers / total,
                          "explorer": explorer.__file__}))
        return
    for kind, ts in times.items():
        print(f"{kind:<9} {len(ts):3d} answers  slowest {max(ts) * 1e3:7.1f} ms  total {sum(ts) * 1e3:8.1f} ms"
              + ("  (target: well under 100 ms)" if kind == "at least" else ""))
    print(f"all       {answers:3d} answers in {total:.2f} s: {answers / total:.1f} answers/s")


if __name__ == "__main__":
    main()
