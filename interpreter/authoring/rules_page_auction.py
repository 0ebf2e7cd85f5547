"""The rules page's auction: its rounds in turn, the calls each offers, how a round ends, the
doublings, a passed-out deal and what follows; then the cards players give each other."""
from __future__ import annotations

import re
from typing import Any


def auction_sentences(writer: Any, auction: dict) -> list[tuple[str, list[str] | None]]:
    t = writer.t
    out: list[tuple[str, list[str] | None]] = []
    rounds = auction["rounds"]
    items = [_round(writer, spec) for spec in rounds]
    first = writer.text(auction["first"])
    if len(items) == 1:
        out.append((t("The auction starts with {first}: {round}", first=first, round=items[0]), None))
    else:
        out.append((t("The auction starts with {first}, in rounds:", first=first), items))
    if any(spec.get("rising", True) is not False and ("number" in _calls_text(spec)
                                                       or any("value" in (c or {}) for c in spec["calls"].values()))
           for spec in rounds):
        out.append((t("Each call must be higher than the last one made."), None))
    doubles = [str(d) for d in auction.get("doubles", [])]
    if doubles:
        steps = [t("the other side may say '{word}'", word=doubles[0])] + [
            t("then the other side may say '{word}'", word=d) if k % 2 == 0 else
            t("then the calling side may say '{word}'", word=d)
            for k, d in enumerate(doubles[1:], start=1)]
        out.append((t("After a call, {steps}, in place of a call; a new call clears them.", steps=", ".join(steps)),
                    None))
    if auction.get("taker") == "first of side to name it":
        out.append((t("The contract goes to the player of the winning side who first named its suit."), None))
    passed = auction.get("if all pass")
    if isinstance(passed, dict):
        out.append((t("If everyone passes, {who} takes the contract with '{call}'.",
                      who=writer.text(passed["taker"]), call=passed["call"]), None))
    elif any(spec.get("pass", True) is not False for spec in rounds):
        out.append((t("If everyone passes, the deal is scored as it stands.") if passed == "score" else
                    t("If everyone passes, the deal is void and the next dealer deals again."), None))
    if "then deal" in auction:
        out.append((t("Then: {deal}.", deal=writer.text(auction["then deal"], "deal")), None))
    return out


def _calls_text(spec: dict) -> str:
    return " ".join(str(k) + str(v) for k, v in spec["calls"].items())


def _round(writer: Any, spec: dict) -> str:
    t = writer.t
    calls = [_call(writer, str(name), call or {}) for name, call in spec["calls"].items()]
    said = t(" or ").join(calls)
    ends = str(spec.get("ends", "at the first call"))
    allowed = spec.get("pass", True)
    passing = t(", or passes") if allowed is True else t(" (he may not pass)") if allowed is False \
        else t(", or passes when {condition}", condition=writer.text(allowed))
    if ends == "in duels":
        return t("in duels: the second player says {calls}{passing} against the first, who says 'hold' (as much) or "
                 "passes, until one of them passes; the survivor meets the next player in the same way, and the last "
                 "survivor wins at the last value said.", calls=said, passing=passing)
    if re.fullmatch(r"after \d+ pass(es)?", ends):
        count = int(ends.split()[1])
        if spec.get("who passes") == "drops out":
            return t.plural("in turn, each player still in says {calls}{passing}; a player who passes is out. When "
                            "{n} player is out, the last call wins.",
                            "in turn, each player still in says {calls}{passing}; a player who passes is out. When "
                            "{n} players are out, the last call wins.", count, calls=said, passing=passing)
        return t.plural("in turn, each player says {calls}{passing}, until {n} player passes after a call; the last "
                        "call wins.",
                        "in turn, each player says {calls}{passing}, until {n} players in a row pass after a call; "
                        "the last call wins.", count, calls=said, passing=passing)
    who = t("each player for whom {condition}", condition=writer.text(spec["who"])) if "who" in spec else \
        t("each player in turn")
    ending = {"at the first call": t("the first call wins"), "after one turn each": t("everyone speaks once")}.get(ends, ends)
    after = t("; then the next round follows, whatever was said") if spec.get("leads to") == "next round" else ""
    rising = t("; any value may be said, not only a higher one") if spec.get("rising", True) is False else ""
    return t("{who} says {calls}{passing}; {ending}{rising}{after}.", who=who, calls=said, passing=passing,
             ending=ending, rising=rising, after=after)


def _call(writer: Any, name: str, call: dict) -> str:
    t = writer.t
    text = _call_name(writer, name, call)
    numbers = call.get("for each number")
    if isinstance(numbers, list):
        text = t("{call} with a number ({numbers})", call=text, numbers=", ".join(map(str, numbers)))
    elif numbers is not None:
        text = t("{call} with a number from {low} to {high}", call=text, low=numbers["from"], high=numbers["to"]) \
            if numbers.get("step", 1) == 1 else \
            t("{call} with a number from {low} to {high} in steps of {step}", call=text, low=numbers["from"],
              high=numbers["to"], step=numbers["step"])
    if "for each suit" in call:
        text = t("{call} naming a suit", call=text) if str(call["for each suit"]).strip() == "true" else \
            t("{call} naming a suit, when {condition}", call=text, condition=writer.text(call["for each suit"]))
    chosen = []
    if "value" in call:
        chosen.append(t("worth {value}", value=writer.inner(call["value"])))
    if "trump" in call:
        chosen.append(t("trumps: {suit}", suit=writer.inner(call["trump"])))
    if "then deal" in call:
        chosen.append(t("then {deal}", deal=writer.text(call["then deal"], "deal")))
    if "ranking" in call:
        chosen.append(t("the ranking '{ranking}'", ranking=call["ranking"]))
    if "when" in call:
        chosen.append(t("only when {condition}", condition=writer.inner(call["when"])))
    return t("{call} ({details})", call=text, details="; ".join(chosen)) if chosen else text


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
    t = writer.t
    out = []
    for name, spec in transfers.items():
        who = t("every player in turn") if str(spec.get("who")) == "each" else writer.text(spec.get("who", "me"))
        cards = t.plural("{n} card", "{n} cards", int(spec["count"]))
        word = spec.get("action", name)
        to = str(spec["to"])
        text = t("Then {who} puts {cards} face down ('{word}') into {pile}", who=who, cards=cards, word=word,
                 pile=writer.w.pile(to)) if to in (writer.doc.get("piles") or {}) else \
            t("Then {who} gives {cards} ('{word}') to {whom}", who=who, cards=cards, word=word, whom=writer.text(to))
        if "when" in spec:
            text = t("{sentence}, when {condition}", sentence=text, condition=writer.text(spec["when"]))
        if "cards" in spec:
            text = t("{sentence}; only {cards} may go", sentence=text, cards=writer.text(spec["cards"]))
        if "first" in spec:
            text = t("{sentence}; {cards} go first while there are enough", sentence=text,
                     cards=writer.text(spec["first"]))
        if "shown" in spec:
            text = t("{sentence}; {cards} given are shown to everyone", sentence=text, cards=writer.text(spec["shown"]))
        out.append(text + ".")
    return out
