"""Rule files made at random from the sections of the schema and the constructs of the rule
language, for the property that a file which validates plays: ``rule_file(seed)`` is the text
of one game, the same for the same seed.

The files are structurally valid by construction (every key the schema allows, with values of
its kinds) and most of them validate; they draw, in any mix, on a deck of 2 to 4 suits (or a
double deck), 2 to 5 players with or without teams, packets (growing deal by deal) and piles,
an auction (calls with and without values, numbers, suits, a condition to pass, a ranking; a
two-step auction, where a first round says who speaks in the next; an open round with doubles,
a pass that may be final and the declarer first of his side to name it, a dummy, a default
game when all pass), transfers, lead, turn and stage side actions with marks (for each card, by
a seat), shows, melds, draws from a stock, the Excuse kept, counters, lets, awards of every
receiver, a match of several deals and variants. Some choices are deliberately risky (a
division, a mark read before it is set, a swap with a pile of another
size): the file must then either fail to validate or stop with an atout error.
"""
from __future__ import annotations

import json
import random

SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine", "8": "Eight",
         "7": "Seven"}
FOLLOWS = [
    ["led", "any"],
    ["led", "trumps", "any"],
    ["led and beating", "led", "trumps and beating", "trumps", "any"],
    ["any"],
    "led",
    ["led", "trumps when count(trick) = 1", "any"],
]


def _q(text: str) -> str:
    """A YAML scalar written as JSON: safe for any rule string."""
    return json.dumps(text)


class _File:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lines: list[str] = []
        self.marks: dict[str, str] = {}
        self.piles: dict[str, str] = {}

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)


def rule_file(seed: int | str) -> str:
    """The text of a random game (see the module's docstring)."""
    rng = random.Random(f"rule-file:{seed}")
    out = _File(rng)
    players = rng.choice([2, 2, 3, 4, 4, 5])
    suits = dict(list(SUITS.items())[:rng.choice([2, 3, 4, 4])])
    ranks = dict(list(RANKS.items())[:rng.randint(3, 8)])
    extra = rng.random() < 0.15
    copies = 2 if random.Random(f"copies:{seed}").random() < 0.15 else 1   # a double deck; its own draw
    size = (len(suits) * len(ranks) + extra) * copies
    hand = rng.randint(1, max(1, min(8, (size - 1) // players if size > players else 1)))
    if hand * players > size:
        hand = max(1, size // players)
    rest = size - hand * players
    auction = rng.random() < 0.45
    teams = players == 4 and rng.random() < 0.6
    out.add(f"game: {_q(f'Generated {seed}')}", f"players: {players}")
    if teams:
        out.add("teams:", "  North-South: [0, 2]", "  East-West: [1, 3]")
    out.add("cards:", "  suits: {" + ", ".join(f"{k}: {v}" for k, v in suits.items()) + "}",
            "  ranks: {" + ", ".join(f"{_q(k)}: {v}" for k, v in ranks.items()) + "}")
    if extra:
        out.add("  extra: {EX: Excuse}")
    if copies > 1:
        out.add(f"  copies: {copies}")
    codes = list(ranks)
    joins = [" > " if rng.random() < 0.85 else " = " for _ in codes[1:]]
    order = codes[0] + "".join(j + c for j, c in zip(joins, codes[1:])) + (" > EX" if extra else "")
    out.add(f"order: {_q(order)}")
    if rng.random() < 0.4:
        out.add("points: {" + ", ".join(f"{_q(c)}: {rng.choice([1, 2, 3, 4, 10, 11, 0.5])}"
                                        for c in codes[:rng.randint(1, len(codes))]) + "}")
    stock = rest > 0
    if stock:
        out.piles["stock"] = "nobody"
    turnup = auction and rest >= 1 and rng.random() < 0.5
    if turnup:
        out.piles["turnup"] = "everyone"
    if out.piles:
        out.add("piles:", *[f"  {name}: {{seen by: {who}}}" for name, who in out.piles.items()])
    # the deal: hands in one or two packets, the rest to the stock (one to the turn-up)
    packets = [hand] if hand < 2 or rng.random() < 0.5 else [hand // 2, hand - hand // 2]
    parts = [f"{p} each" for p in packets]
    deal_after = None
    if turnup:
        parts.append("1 to turnup")
        if rest > 1:
            parts.append("rest to stock")
    elif stock:
        parts.append("rest to stock")
    if auction and stock and rng.random() < 0.3 and len(packets) == 2:     # the second packet after the auction
        deal_after = f"{packets[1]} each" + (", rest to stock" if rest - (1 if turnup else 0) > 0 else "")
        parts = [f"{packets[0]} each"] + (["1 to turnup"] if turnup else [])
    if deal_after is None and parts[-1] == "rest to stock" and random.Random(f"sizes:{seed}").random() < 0.2:
        parts[0] = f"(min(deal_number, {packets[0]})) each"      # hands that grow deal by deal, up to the packet
    out.add(f"deal: {_q(', '.join(parts))}")
    marks = {}
    if rng.random() < 0.6:
        marks["doubled"] = "condition"
    if rng.random() < 0.4:
        marks["caller"] = "seat"
    if rng.random() < 0.3:
        marks["named"] = "cards"
    if rng.random() < 0.2:
        marks["bonus"] = "number"
    if marks:
        out.add("marks:", *[f"  {name}: {kind}" for name, kind in marks.items()])
    out.marks = marks
    if auction:
        _auction(out, players, suits, turnup, deal_after)
    if rng.random() < 0.25 and hand >= 2:
        who = rng.choice(["each", "next(dealer)"] + (["taker"] if auction else []))
        to = rng.choice(["next(me)"] + (["stock"] if stock else []))
        out.add("transfers:", "  give:", f"    who: {who}", f"    count: {rng.randint(1, min(2, hand - 1 or 1))}",
                f"    to: {to}")
        if rng.random() < 0.5:
            out.add(f"    cards: {_q('hand except ' + codes[0])}")          # codes[0] is 'A': a letter
    _play(out, players, suits, codes, extra, stock, auction, hand)
    if rng.random() < 0.2:
        out.add("counters:", "  runs:", "    of: seat", "    start: 0",
                f"    then: {_q('runs(it) + 1 if tricks(it) > 0 else 0')}")
    _lets_and_scoring(out, players, teams, auction)
    _match(out)
    if rng.random() < 0.25:
        out.add("variants:", "  other:", "    about: The other winner.", "    changes:", "      play:",
                f"        winner: {rng.choice(['highest card', 'highest of led suit'])}")
    return "\n".join(out.lines) + "\n"


def _auction(out: _File, players: int, suits: dict, turnup: bool, deal_after: str | None) -> None:
    rng = out.rng
    out.add("auction:", f"  first: {rng.choice(['next(dealer)', 'dealer', 'seat(0)'])}", "  rounds:")
    kind = rng.randrange(5)
    two_step = kind != 4 and random.Random(f"two-step:{out.lines[0]}").random() < 0.3   # its own draw
    if two_step:                # a first step: who would play; those who would speak in the next round
        out.add("    - calls:", "        want: {value: 1}", "      ends: after one turn each", "      rising: false",
                "      leads to: next round")
    if kind == 4:               # an open round: a ladder of levels and strains, doubles, the declarer
        out.add("    - calls:",
                f"        \"{{number}}{{suit}}\": {{for each number: {{from: 1, to: 3}}, for each suit: {_q('true')}, "
                f"trump: suit, value: {_q('5 * number + suit_number(suit)')}}}",
                f"        \"{{number}}NT\": {{for each number: {{from: 1, to: 3}}, trump: none, "
                f"value: {_q('5 * number + 4')}}}",
                f"      ends: after {rng.randint(1, players - 1)} passes")
        if random.Random(f"drop-out:{out.lines[0]}").random() < 0.4:            # its own draw
            out.add("      who passes: drops out")
        if rng.random() < 0.6:
            out.add(f"  doubles: {rng.choice(['[double]', '[double, redouble]'])}")
        if rng.random() < 0.5:
            out.add("  taker: first of side to name it")
    elif kind == 0:
        trump = "suit_of(turnup)" if turnup else rng.choice(list(suits))
        out.add("    - calls:", f"        take: {{trump: {_q(trump)}}}", "      ends: at the first call")
    elif kind == 1:
        out.add("    - calls:", "        bid: {for each number: {from: 1, to: 4}}", "      ends: after one turn each")
        if rng.random() < 0.5:
            out.add(f"      pass: {_q('me != dealer')}")
    elif kind == 2:
        out.add("    - calls:", "        low: {value: 1}", f"        high: {{value: {rng.choice([2, 2.5])}}}",
                "        plain: {}", "      ends: after one turn each")
    else:
        out.add("    - calls:", f"        name: {{for each suit: {_q('true')}, trump: suit, value: 1}}",
                "      ends: at the first call")
    if two_step:
        out.add(f"      who: {_q('bid(me) = 1')}")
    if rng.random() < 0.5:
        out.add("    - calls:", "        last chance: {trump: none}", "      ends: at the first call")
    if kind in (1, 4) and random.Random(f"default:{out.lines[0]}").random() < 0.3:   # a default game; its own draw
        out.add(f"  if all pass: {{taker: dealer, call: {'bid 1' if kind == 1 else '1NT'}}}")
        rng.choice(['annul', 'score'])        # the draw it replaces, so that the rest of the file stays the same
    else:
        out.add(f"  if all pass: {rng.choice(['annul', 'score'])}")
    if deal_after is not None:
        out.add(f"  then deal: {_q(deal_after)}")


def _play(out: _File, players: int, suits: dict, codes: list, extra: bool, stock: bool, auction: bool,
          hand: int) -> None:
    rng = out.rng
    marks = out.marks
    out.add("play:", f"  lead: {rng.choice(['next(dealer)', 'seat(0)', 'dealer'] + (['taker'] if auction else []))}")
    if not auction or rng.random() < 0.3:
        trump = rng.choice(["none", list(suits)[0], list(suits)[-1], "none if dealer = seat(0) else " + list(suits)[0]]
                           + (["suit_of(stock)"] if stock else []))
        out.add(f"  trump: {_q(trump)}")
    if auction and rng.random() < 0.2:
        out.add(f"  dummy: {{seat: {_q(rng.choice(['next(taker)', 'next(next(taker))']))}, played by: taker}}")
    out.add(f"  winner: {rng.choice(['highest of led suit', 'highest of led suit', 'highest card'])}")
    if rng.random() < 0.15:
        out.add("  ties: spoil")
    follow = rng.choice(FOLLOWS)
    out.add(f"  follow: {json.dumps(follow)}")
    if extra and rng.random() < 0.7:
        out.add("  always: EX", "  keep: {cards: EX, pays: 0.5}")
    if stock and rng.random() < 0.4:
        out.add("  draw: [stock]", f"  draw when: {_q('count(stock) >= ' + str(players))}")
    actions = []
    if "doubled" in marks and rng.random() < 0.7:
        actions.append(("double", "    double:", f"      when: {_q('doubled = none')}", "      set: {doubled: \"true\"}"))
    if "named" in marks and rng.random() < 0.7:
        actions.append(("name", "    name:", f"      for each card: {_q(codes[1] if len(codes) > 1 else codes[0])}",
                        f"      when: {_q('count(hand and card) = 1 and named = none')}", "      set: {named: card}"))
    if "caller" in marks and rng.random() < 0.7:
        by = rng.choice(["seat(1)", "next(dealer)", "dealer"])
        actions.append(("call", "    call:", "      at: start of play", f"      by: {_q(by)}",
                        "      set: {caller: me}"))
        if rng.random() < 0.5:
            actions.append(("answer", "    answer:", "      at: start of play", f"      by: {_q('seat(0)')}",
                            f"      when: {_q('caller = none')}", "      set: {caller: me}"))
    if "bonus" in marks and rng.random() < 0.7:                 # a number mark read before it is set: risky
        actions.append(("bonus", "    bonus:", f"      when: {_q('count(trick) = 0 and bonus = none')}",
                        f"      set: {{bonus: {_q(rng.choice(['3', 'tricks(me) + 1', 'bonus + 1']))}}}"))
    lettered = [c for c in codes if not c.isdigit()]
    if stock and rng.random() < 0.2:                             # a swap with the stock: may make hands uneven
        actions.append(("swap", "    swap:", f"      when: {_q('count(stock) > 0 and count(trick) = 0')}",
                        f"      swap: {{cards: {_q(rng.choice(['hand and ' + lettered[-1], 'hand']))}, with: stock}}"))
    turn = random.Random(f"turn:{out.lines[0]}").random()        # its own draw: the rest of the file stays
    if turn < 0.2:                                               # offered at every turn, once a player
        actions.append(("greet", "    greet:", "      at: turn")
                       + ((f"      when: {_q('tricks(me) = 0')}",) if turn < 0.1 else ())
                       + ((f"      trump: {_q(list(suits)[-1] if turn < 0.15 else 'none')}",)   # a trump shown in play
                          if 0.05 < turn < 0.18 else ()))
    if actions:
        out.add("  actions:", *[line for action in actions for line in action[1:]])
    if rng.random() < 0.25 and len(codes) >= 3:
        suit = list(suits)[0]
        out.add("  show:", "    pair:", f"      when: {_q(f'count(hand and {suit}) >= 2')}",
                f"      cards: {_q('hand and ' + suit)}", "      count: 2", f"      points: {rng.choice([1, 10])}")
    if rng.random() < 0.2 and len(codes) >= 3:
        at = rng.choice(["trick", "first turn"])
        sequence = " > ".join(codes) + (" > EX" if extra else "")
        out.add("  melds:", f"    at: {at}", f"    sequence order: {_q(sequence)}", "    combinations:",
                "      run: {sequence: 3, points: 20}", f"      pair of kings: {{cards: {_q(codes[1])}, points: 5}}")


def _lets_and_scoring(out: _File, players: int, teams: bool, auction: bool) -> None:
    rng = out.rng
    lets = []
    if auction:
        lets.append(("made", _q("tricks(taker) * " + str(players) + " > " + str(rng.randint(0, 6)))))
    if rng.random() < 0.3:
        lets.append(("share", _q(rng.choice(["12 / (tricks(seat(0)) + 1)", "12 / tricks(seat(0))",
                                             "points(seat(0)) / 2"]))))
    if rng.random() < 0.3:
        lets.append(("total(seat)", _q("tricks(seat) + points(seat)")))
    if rng.random() < 0.3:      # the aggregates: over seats, teams, suits and the tricks played
        lets.append(("spread", _q(rng.choice([
            "max(tricks(s) for s in seats) - min(tricks(s) for s in seats)",
            "count(t for t in tricks if trick_winner(t) = seat(0)) + count(x for x in suits)",
            "sum(points(t) for t in teams if tricks(t) > 0) + max(1, players)",
            "1 if any(tricks(s) = 0 for s in seats) and not all(tricks(s) > 3 for s in seats) else seat_number(dealer)"]))))
    if lets:
        out.add("let:", *[f"  {_q(name) if '(' in name else name}: {value}" for name, value in lets])
    out.add("scoring:", "  award:")
    receiver = rng.choice(["each_seat"] + (["each_team"] if teams else []))
    out.add("    - rule: tricks", f"      to: {receiver}", f"      points: {_q('tricks(it)')}")
    if rng.random() < 0.5:
        out.add("    - rule: card points", f"      to: {receiver}", f"      points: {_q('points(it)')}")
    if auction:
        out.add("    - rule: contract", f"      when: {_q('made')}", "      to: team(taker)",
                f"      points: {_q(rng.choice(['10', '10 * contract', 'contract + 1']))}")
    if any(name == "spread" for name, _ in lets):
        out.add("    - rule: spread", "      to: seat(0)", f"      points: {_q('spread')}")
    if any(name == "share" for name, _ in lets) and rng.random() < 0.7:
        out.add("    - rule: share", "      to: seat(0)", f"      points: {_q('share')}")
    if "doubled" in out.marks and rng.random() < 0.5:
        out.add("    - rule: doubled", f"      when: {_q('doubled')}", "      to: seat(0)", "      points: 2")
    if "bonus" in out.marks and rng.random() < 0.5:
        out.add("    - rule: bonus", f"      when: {_q('bonus != none')}", "      to: seat(1)", f"      points: {_q('bonus')}")
    if "  runs:" in out.lines and rng.random() < 0.5:
        out.add("    - rule: runs", "      to: each_seat", f"      points: {_q('runs(it)')}")


def _match(out: _File) -> None:
    rng = out.rng
    kind = rng.randrange(4)
    if kind == 0:
        return
    out.add("match:")
    if kind == 1:
        out.add(f"  deals: {rng.randint(2, 4)}")
    elif kind == 2:
        out.add(f"  until: {_q('max_score() >= ' + str(rng.choice([5, 10, 20])))}")
    else:
        out.add(f"  until: {_q('deal_number >= 3')}")
    out.add("  dealer: next(dealer)")
