"""Renders a rule file as plain English, section by section (as Ludii renders its rules).

Each language construct renders itself (``english()`` on the nodes of ``nodes.py``); this
module only strings the sections together.
"""
from __future__ import annotations

from html import escape
import re
from pathlib import Path

from ..engine.melds import TIES
from ..language.card_names import names_in
from ..language.source import read_source
from ..language.syntax import SyntaxProblem, parse
from ..language.variants import apply_variant


def _text(value, start: str) -> str:
    try:
        return parse(str(value), start).english()
    except SyntaxProblem:
        return str(value)


def explain(path: str | Path, variant: str | None = None) -> str:
    """The rules of a (valid) rule file, or of one of its variants, in English."""
    source = read_source(path)
    doc = (apply_variant(source, variant) if variant else source).data
    lines = [f"{doc['game']}" + (f" (variant '{variant}')" if variant else ""), ""]
    if doc.get("about"):
        lines += [str(doc["about"]).strip(), ""]
    cards = doc["cards"]
    suits = ", ".join(f"{name} ({code})" for code, name in names_in(cards["suits"]).items())
    ranks = ", ".join(f"{name} ({code})" for code, name in names_in(cards["ranks"]).items())
    lines.append(f"Players: {doc['players']}, playing {doc.get('direction', 'clockwise')}.")
    for name, seats in doc.get("teams", {}).items():
        if isinstance(seats, str):
            lines.append(f"Team {name}, formed when play begins: every seat such that {_text(seats, 'expr')}.")
        else:
            lines.append(f"Team {name}: seats {', '.join(map(str, seats))}.")
    copies = int(cards.get("copies", 1))
    lines.append(f"Cards: suits {suits}; ranks {ranks}" + (
        f"; {copies} copies of each card, equal in every rule (of equal cards in a trick the first played "
        "wins unless ties spoil it)." if copies > 1 else "."))
    for code, name in names_in(cards.get("extra")).items():
        lines.append(f"Also the {name} ({code}), of no suit.")
    lines.append(f"Ranking, highest first: {_text(doc['order'], 'order')}.")
    if "trump order" in doc:
        lines.append(f"In the trump suit: {_text(doc['trump order'], 'order')}.")
    for name, spec in doc.get("rankings", {}).items():
        parts = [f"{key} {_text(spec[key], 'order')}" for key in ("order", "trump order") if key in spec]
        parts += [f"{key} " + (", ".join(f"{c} {v}" for c, v in spec[key].items()) or "none")
                  for key in ("points", "trump points") if key in spec]
        lines.append(f"Ranking '{name}', when a call or an action chooses it: {'; '.join(parts)}.")
    if "points" in doc:
        worth = ", ".join(f"{code} {value}" for code, value in doc["points"].items())
        lines.append(f"Card points: {worth}; other cards 0.")
    lines.append(f"The deal, from the player after the dealer: {_text(doc['deal'], 'deal')}.")
    starts = [f"{name.replace('_', ' ')} to {_text(spec['start'], 'expr')}"
              for name, spec in (doc.get("marks") or {}).items() if isinstance(spec, dict) and "start" in spec]
    if starts:
        lines.append(f"Once dealt, each deal sets {'; '.join(starts)} (until an action sets them).")
    if "annul when" in doc:
        lines.append(f"The deal is annulled at once when {_text(doc['annul when'], 'expr')}.")
    auction = doc.get("auction")
    if auction:
        lines.append(f"Auction, starting with {_text(auction['first'], 'expr')}:")
        for number, spec in enumerate(auction["rounds"], start=1):
            calls = []
            for name, call in spec["calls"].items():
                call = call or {}
                text = _call_name(str(name), call, cards)
                numbers = call.get("for each number")
                if isinstance(numbers, list):
                    text += f" with a number, one of {', '.join(map(str, numbers))}"
                elif numbers is not None:
                    step = f" in steps of {numbers['step']}" if numbers.get("step", 1) != 1 else ""
                    text += f" with a number from {numbers['from']} to {numbers['to']}{step}"
                if "for each suit" in call:
                    text += " naming any suit" if str(call["for each suit"]).strip() == "true" else \
                        f" naming a suit such that {_text(call['for each suit'], 'expr')}"
                if "value" in call:
                    text += f" (value {_text(call['value'], 'expr')})"
                text += "".join(f" ({part})" for part in _game_chosen(call, "then deal"))
                if "when" in call:
                    text += f" (when {_text(call['when'], 'expr')})"
                calls.append(text)
            ends = spec.get("ends", "at the first call")
            allowed = spec.get("pass", True)
            passing = ", or passes" if allowed is True else " (he may not pass)" if allowed is False \
                else f", or passes when {_text(allowed, 'expr')}"
            rising = "" if spec.get("rising", True) is not False else "; any value may be called, not only a higher one"
            if ends == "in duels":
                lines.append(f"  round {number}, in duels: the second player calls {' or '.join(calls)}{passing} "
                             "against the first, who says 'hold' (the same value) or passes, until one of them "
                             "passes; the survivor faces the next player in the same way. The last survivor wins "
                             "at the last value called; if nobody called, he may call or pass.")
                continue
            if re.fullmatch(r"after \d+ pass(es)?", str(ends)):
                count = str(ends).split()[1]
                if spec.get("who passes") == "drops out":
                    lines.append(f"  round {number}: in turn, each player still in calls {' or '.join(calls)}{passing}, "
                                 f"higher than the last call; a player who passes is out. The round ends when {count} "
                                 "players are out and a call stands, and the last call wins; if nobody calls, it ends "
                                 "when every player has passed.")
                    continue
                lines.append(f"  round {number}: in turn, each player calls {' or '.join(calls)}{passing}, higher "
                             f"than the last call; the round goes on until {count} players in a row pass after a "
                             "call, and the last call wins; if nobody calls, it ends when every player has passed.")
                continue
            who = f"each player for whom {_text(spec['who'], 'expr')}" if "who" in spec else "each player"
            after = "; then the next round follows, whatever was called" if spec.get("leads to") == "next round" else ""
            lines.append(f"  round {number}: {who} calls {' or '.join(calls)}{passing}; the round ends {ends}{rising}"
                         f"{after}.")
        doubles = [str(d) for d in auction.get("doubles", [])]
        if doubles:
            steps = [f"the other side may '{doubles[0]}' it"] + [
                f"then {'the other' if k % 2 == 0 else 'that call' + chr(39) + 's'} side may '{d}'"
                for k, d in enumerate(doubles[1:], start=1)]
            lines.append(f"  After a call, {', '.join(steps)}, in place of a call; a new call clears them.")
        if auction.get("taker") == "first of side to name it":
            lines.append("  The contract goes to the player of the winning side who first made the winning call "
                         "at any number (the first of the side to name it).")
        passed = auction.get("if all pass")
        if isinstance(passed, dict):
            lines.append(f"  If every round passes, {_text(passed['taker'], 'expr')} takes the contract with "
                         f"'{passed['call']}', as if he had called it.")
        elif any(spec.get("pass", True) is not False for spec in auction["rounds"]):
            lines.append("  If every round passes, the deal ends there and is scored (it counts as a deal)."
                         if passed == "score" else "  If every round passes, the deal is annulled.")
        if "then deal" in auction:
            lines.append(f"  Then: {_text(auction['then deal'], 'deal')}.")
    for name, spec in doc.get("transfers", {}).items():
        who = "every player in turn" if str(spec.get("who")) == "each" else _text(spec.get("who", "me"), "expr")
        text = f"Then {who} gives {spec['count']} card{'' if spec['count'] == 1 else 's'} one at a time ('{spec.get('action', name)}') to {_text(spec['to'], 'expr')}"
        if "when" in spec:
            text += f", when {_text(spec['when'], 'expr')}"
        if "cards" in spec:
            text += f"; only from {_text(spec['cards'], 'expr')}"
        if "first" in spec:
            text += f", and from {_text(spec['first'], 'expr')} before any other while there are enough"
        if "shown" in spec:
            text += f"; given cards of {_text(spec['shown'], 'expr')} are shown to everyone"
        lines.append(text + ".")
    for name, value in doc.get("let", {}).items():
        if "(" in str(name):  # a function of the rule file: total(team)
            base, _, arg = str(name).partition("(")
            args = [a.strip().replace("_", " ") for a in arg.rstrip(")").split(",")]
            name = f"the {base.strip().replace('_', ' ')} of " + " and ".join(
                f"{'an' if a[0] in 'aeiou' else 'a'} {a}" for a in args)
        else:
            name = str(name).replace("_", " ")
        lines.append(f"Let {name} be {_text(value, 'expr')}.")
    play = doc["play"]
    lines.append(f"Play: {_text(play['lead'], 'expr')} leads the first trick.")
    if "trump cards" in play:
        lines.append(f"The trump cards: {_text(play['trump cards'], 'expr')}, all of the trump suit in play.")
    if "sits out" in play:
        lines.append(f"Sitting out this deal: {_text(play['sits out'], 'expr')}.")
    if "trump" in play:
        lines.append(f"Trump: {_text(play['trump'], 'expr')}.")
    if "dummy" in play:
        dummy = play["dummy"]
        lines.append(f"Once the first card is led, the hand of {_text(dummy['seat'], 'expr')} (the dummy) lies face "
                     f"up for everyone, and {_text(dummy['played by'], 'expr')} chooses its cards.")
    follow = play.get("follow", [])
    for clause in [follow] if isinstance(follow, str) else follow:
        lines.append(f"  Following: {_text(clause, 'clause')}.")
    leads = play.get("may lead", [])
    for clause in [leads] if isinstance(leads, str) else leads:
        lines.append(f"  Leading: {_text(clause, 'clause')}.")
    if "always" in play:
        lines.append(f"  Whatever the above, {_text(play['always'], 'expr')} may always be played.")
    lines.append(f"A trick is won by the {play['winner']}" +
                 ("; equal highest cards spoil it and its leader leads again." if play.get("ties") == "spoil" else "."))
    if "draw" in play:
        lines.append(f"After each trick every player draws from {' then '.join(play['draw'])}, the winner first"
                     + (f", while {_text(play['draw when'], 'expr')}." if "draw when" in play else "."))
    if "ends when" in play:
        lines.append(f"The deal ends at once when {_text(play['ends when'], 'expr')}.")
    for name, spec in play.get("declare", {}).items():
        lines.append(f"A leader may declare {name}: {_text(spec['cards'], 'expr')} of one suit, "
                     f"worth {_text(spec['points'], 'expr')}.")
    if "melds" in play:
        lines.extend(_melds(play["melds"]))
    for name, spec in play.get("actions", {}).items():
        at = spec.get("at", "lead")
        who = "a player about to lead" if at == "lead" else \
            "at his turn in trick play, before his card, each player (once a deal)" if at == "turn" else \
            f"at the {at}, {_text(spec.get('by', 'taker'), 'expr')} (once)"
        cards = f" naming a card of {_text(spec['for each card'], 'expr')}" if "for each card" in spec else ""
        when = f" when {_text(spec['when'], 'expr')}" if "when" in spec else ""
        must = "must" if spec.get("required") else "may"
        sets = "".join(f"; {mark} becomes {_text(value, 'expr')}" for mark, value in spec.get("set", {}).items())
        sets += "".join(f"; {part}" for part in _game_chosen(spec, "deal"))
        lines.append(f"{who[0].upper()}{who[1:]} {must} {name}{cards}{when}{sets}.")
    for name, spec in play.get("show", {}).items():
        first = f", those of {_text(spec['first'], 'expr')} first" if "first" in spec else ""
        lines.append(f"Before his first card a player may declare {name} when {_text(spec['when'], 'expr')}: "
                     f"he shows {spec['count']} cards of {_text(spec['cards'], 'expr')}{first}; "
                     f"worth {_text(spec['points'], 'expr')}.")
    if "keep" in play:
        lines.append(f"Played before the last trick, {_text(play['keep']['cards'], 'expr')} stays with its player's team "
                     f"when another team wins the trick, which pays {play['keep'].get('pays', 0)} card point(s) for it"
                     + ("; played in the last trick it goes to the other team." if play["keep"].get("last trick") == "opponents"
                        else "."))
    for spec in play.get("say", []):
        said = [f"“{word}” as he plays the {_ordinal(n)}" for n, word in enumerate(spec["words"], 1) if word is not None]
        lines.append(f"A player dealt all of {_text(spec['cards'], 'expr')} says {' and '.join(said)} of them, "
                     "aloud: everyone then knows he holds the rest.")
    if "leader wins when" in play:
        lines.append(f"The leader wins the trick when {_text(play['leader wins when'], 'expr')}.")
    lines.append("Scoring:")
    for award in doc["scoring"]["award"]:
        when = f", when {_text(award['when'], 'expr')}" if "when" in award else ""
        lines.append(f"  {award['rule']}: {_text(award['points'], 'expr')} to {_text(award['to'], 'expr')}{when}.")
    if "facts" in doc:
        shown = "; ".join(f"{label}, {_text(value, 'expr')}" for label, value in doc["facts"].items())
        lines.append(f"At the end of a deal players are shown: {shown}." if shown else
                     "At the end of a deal players are shown the tricks and the scores only.")
    for name, spec in doc.get("counters", {}).items():
        lines.append(f"Counter {name}, per {spec.get('of', 'team')}, from {spec.get('start', 0)}: after each deal "
                     f"it becomes {_text(spec['then'], 'expr')}.")
    match = doc.get("match", {})
    length = _deals(match["deals"]) if match.get("deals") else f"deals until {_text(match['until'], 'expr')}" \
        if match.get("until") else "one deal"
    if match.get("schedule"):
        runs = [f"{item['from']} to {item['to']}" if isinstance(item, dict) else str(item) for item in match["schedule"]]
        numbers = sum(abs(int(i["to"]) - int(i["from"])) + 1 if isinstance(i, dict) else 1 for i in match["schedule"])
        length = f"{_deals(numbers)}, one for each number of the schedule ({', then '.join(runs)}), " \
                 "read by the rules as 'scheduled'" + (f", or until {_text(match['until'], 'expr')}"
                                                      if match.get("until") else "")
    formed = any(isinstance(seats, str) for seats in doc.get("teams", {}).values())
    together = "; a match of one deal is won by the side formed in it, its seats together" \
        if formed and match.get("deals") == 1 else ""
    lines.append(f"Match: {length}; the {match.get('winner', 'highest')} total wins, equal totals are a draw"
                 f"{together}.")
    for name, spec in doc.get("variants", {}).items():
        lines.append(f"Variant '{name}': {spec.get('about', '')}")
    return "\n".join(lines)


def _ordinal(n: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    return words[n - 1] if n <= len(words) else f"{n}th"


def _call_name(name: str, call: dict, cards: dict) -> str:
    """A call's name in quotes; a name with '{number}' or '{suit}' as its first and last
    calls ('1C' … '7S')."""
    if "{" not in name:
        return f"'{name}'"
    numbers = call.get("for each number")
    low, high = (numbers[0], numbers[-1]) if isinstance(numbers, list) else \
        (numbers["from"], numbers["to"]) if numbers else ("", "")
    suits = list(cards["suits"])

    def filled(number, suit) -> str:
        return name.replace("{number}", str(number)).replace("{suit}", str(suit))

    return f"'{filled(low, suits[0])}' … '{filled(high, suits[-1])}'"


def _deals(count: int) -> str:
    return "one deal" if count == 1 else f"{count} deals"


def _game_chosen(spec: dict, deal_key: str) -> list[str]:
    """What a call or an action puts in force: the trump, the cards dealt, the ranking."""
    parts = []
    if "trump" in spec:
        parts.append(f"trump: {_text(spec['trump'], 'expr')}")
    if deal_key in spec:
        parts.append(f"then: {_text(spec[deal_key], 'deal')}")
    if "ranking" in spec:
        parts.append(f"ranking: {spec['ranking']}")
    return parts


def _melds(spec: dict) -> list[str]:
    """The melds section: when they count, then each combination and its points."""
    at = spec.get("at")
    lines = ["At his turn in the first trick, before his card, a player may announce the melds he holds; "
             "they are shown to everyone and count for him:" if at == "first turn" else
             "The melds among a trick's cards, whoever played them, count for the trick's winner:"]
    for name, meld in spec.get("combinations", {}).items():
        if "sequence" in meld:
            what = f"{meld['sequence']} cards in a row of one suit"
        elif "of a kind" in meld:
            ranks = meld["of a kind"] if isinstance(meld["of a kind"], list) else [meld["of a kind"]]
            what = f"one rank of {', '.join(map(str, ranks))} in every suit" if len(ranks) > 1 else \
                f"every suit's {ranks[0]}"
        else:
            what = f"all of {_text(meld['cards'], 'expr')} (ranks named: in one suit)"
        lines.append(f"  {name}: {what}, worth {_text(meld['points'], 'expr')}.")
    if "sequence order" in spec:
        lines.append(f"  Cards follow each other in the order {_text(spec['sequence order'], 'order')}; a longer run "
                     "counts once, as the longest sequence named.")
    if "ties" in spec:
        lines.append("  The best meld is the one with " + ", then ".join(TIES[str(t)] for t in spec["ties"]) + ".")
    return lines


def explain_html(path: str | Path) -> str:
    """The same rules as ``explain``, as an HTML fragment: the title, the summary, then one
    paragraph per rule, the indented lines under a rule as its list."""
    lines = explain(path).split("\n")
    out = [f"<h1>{escape(lines[0])}</h1>"]
    items: list[str] = []

    def close() -> None:
        if items:
            out.append("<ul>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>")
            items.clear()

    for line in lines[1:]:
        if not line.strip():
            continue
        if line.startswith("  "):
            items.append(line.strip())
            continue
        close()
        out.append(f"<p>{escape(line)}</p>")
    close()
    return "\n".join(out)
