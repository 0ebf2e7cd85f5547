"""The rules page's auction: its rounds in turn, the calls each offers, how a round ends, the
doublings, a passed-out deal and what follows; then the cards players give each other."""
from __future__ import annotations

import re
from typing import Any


def auction_sentences(writer: Any, auction: dict) -> list[tuple[str, list[str] | None]]:
    out: list[tuple[str, list[str] | None]] = []
    rounds = auction["rounds"]
    items = [_round(writer, spec) for spec in rounds]
    first = writer.text(auction["first"])
    if len(items) == 1:
        out.append((f"The auction starts with {first}: {items[0]}", None))
    else:
        out.append((f"The auction starts with {first}, in rounds:", items))
    if any(spec.get("rising", True) is not False and ("number" in _calls_text(spec)
                                                       or any("value" in (c or {}) for c in spec["calls"].values()))
           for spec in rounds):
        out.append(("Each call must be higher than the last one made.", None))
    doubles = [str(d) for d in auction.get("doubles", [])]
    if doubles:
        steps = [f"the other side may say '{doubles[0]}'"] + [
            f"then {'the other' if k % 2 == 0 else 'the calling'} side may say '{d}'"
            for k, d in enumerate(doubles[1:], start=1)]
        out.append((f"After a call, {', '.join(steps)}, in place of a call; a new call clears them.", None))
    if auction.get("taker") == "first of side to name it":
        out.append(("The contract goes to the player of the winning side who first named its suit.", None))
    passed = auction.get("if all pass")
    if isinstance(passed, dict):
        out.append((f"If everyone passes, {writer.text(passed['taker'])} takes the contract with "
                    f"'{passed['call']}'.", None))
    elif any(spec.get("pass", True) is not False for spec in rounds):
        out.append(("If everyone passes, the deal is scored as it stands." if passed == "score" else
                    "If everyone passes, the deal is void and the next dealer deals again.", None))
    if "then deal" in auction:
        out.append((f"Then: {writer.text(auction['then deal'], 'deal')}.", None))
    return out


def _calls_text(spec: dict) -> str:
    return " ".join(str(k) + str(v) for k, v in spec["calls"].items())


def _round(writer: Any, spec: dict) -> str:
    calls = [_call(writer, str(name), call or {}) for name, call in spec["calls"].items()]
    said = " or ".join(calls)
    ends = str(spec.get("ends", "at the first call"))
    allowed = spec.get("pass", True)
    passing = ", or passes" if allowed is True else " (he may not pass)" if allowed is False \
        else f", or passes when {writer.text(allowed)}"
    if ends == "in duels":
        return (f"in duels: the second player says {said}{passing} against the first, who says 'hold' (as much) or "
                "passes, until one of them passes; the survivor meets the next player in the same way, and the last "
                "survivor wins at the last value said.")
    if re.fullmatch(r"after \d+ pass(es)?", ends):
        count = ends.split()[1]
        if spec.get("who passes") == "drops out":
            return (f"in turn, each player still in says {said}{passing}; a player who passes is out. When {count} "
                    "players are out, the last call wins.")
        return (f"in turn, each player says {said}{passing}, until {count} players in a row pass after a call; "
                "the last call wins.")
    who = f"each player for whom {writer.text(spec['who'])}" if "who" in spec else "each player in turn"
    ending = {"at the first call": "the first call wins", "after one turn each": "everyone speaks once"}.get(ends, ends)
    after = "; then the next round follows, whatever was said" if spec.get("leads to") == "next round" else ""
    rising = "; any value may be said, not only a higher one" if spec.get("rising", True) is False else ""
    return f"{who} says {said}{passing}; {ending}{rising}{after}."


def _call(writer: Any, name: str, call: dict) -> str:
    text = _call_name(writer, name, call)
    numbers = call.get("for each number")
    if isinstance(numbers, list):
        text += f" with a number ({', '.join(map(str, numbers))})"
    elif numbers is not None:
        step = f" in steps of {numbers['step']}" if numbers.get("step", 1) != 1 else ""
        text += f" with a number from {numbers['from']} to {numbers['to']}{step}"
    if "for each suit" in call:
        text += " naming a suit" if str(call["for each suit"]).strip() == "true" else \
            f" naming a suit, when {writer.text(call['for each suit'])}"
    chosen = []
    if "value" in call:
        chosen.append(f"worth {writer.inner(call['value'])}")
    if "trump" in call:
        chosen.append(f"trumps: {writer.inner(call['trump'])}")
    if "then deal" in call:
        chosen.append(f"then {writer.text(call['then deal'], 'deal')}")
    if "ranking" in call:
        chosen.append(f"the ranking '{call['ranking']}'")
    if "when" in call:
        chosen.append(f"only when {writer.inner(call['when'])}")
    return text + (f" ({'; '.join(chosen)})" if chosen else "")


def _call_name(writer: Any, name: str, call: dict) -> str:
    if "{" not in name:
        return f"'{name}'"
    numbers = call.get("for each number")
    low, high = (numbers[0], numbers[-1]) if isinstance(numbers, list) else \
        (numbers["from"], numbers["to"]) if numbers else ("", "")
    suits = list(writer.w.suits)
    return f"'{name.replace('{number}', str(low)).replace('{suit}', suits[0])}' … " \
           f"'{name.replace('{number}', str(high)).replace('{suit}', suits[-1])}'"


def transfer_sentences(writer: Any, transfers: dict) -> list[str]:
    out = []
    for name, spec in transfers.items():
        who = "every player in turn" if str(spec.get("who")) == "each" else writer.text(spec.get("who", "me"))
        count = spec["count"]
        cards = f"{count} card{'' if count == 1 else 's'}"
        word = spec.get("action", name)
        to = str(spec["to"])
        text = f"Then {who} puts {cards} face down ('{word}') into {writer.w.pile(to)}" \
            if to in (writer.doc.get("piles") or {}) else f"Then {who} gives {cards} ('{word}') to {writer.text(to)}"
        if "when" in spec:
            text += f", when {writer.text(spec['when'])}"
        if "cards" in spec:
            text += f"; only {writer.text(spec['cards'])} may go"
        if "first" in spec:
            text += f"; {writer.text(spec['first'])} go first while there are enough"
        if "shown" in spec:
            text += f"; {writer.text(spec['shown'])} given are shown to everyone"
        out.append(text + ".")
    return out
