"""A game's own code for the start of a deal: every deal its rule file states, written out
for its plan, the State's first fields with its numbers of seats and marks written in, and
the start of trick play with its trump and first leader written in (generate.py assembles
the engine). The generic State.start, State._deal and TrickPlay._start_play stay the
reference they are tested against (tests/engine/test_generated_engine.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import TRICKS
from .state import fields_source

if TYPE_CHECKING:
    from .code_writer import Writer


def start_source(writer: Writer) -> str:
    """State.start for this game: the fields from state.FIELDS with its lists written out,
    the deal (_deal), then what the game does first: an annulment, an auction, or the stages
    before play; straight into play (_start_play, which notes the hands dealt) where there are
    none of those."""
    game = writer.game
    straight = game.annul_when is None and game.auction is None and not game.transfers \
        and not game.offered.get("start of play")
    instead = {"stage": f"{TRICKS + 1}          # the stages before play are over (State._advance)"} if straight else {}
    out = ["def start(cls, game, dealer, hands, piles, deal=False, standing=None):",
           '    """A new deal: State.start with this game\'s seats, marks and first stage written in."""',
           "    self = cls.__new__(cls)",
           *indent(fields_source(game.players, len(game.mark_names), instead), 4),
           "    if deal:",
           f"        _deal(self, {writer.constant('DEAL_PLAN', game.deal_plan)})"]
    if game.mark_starts:
        out += ["    self.dealt = list(self.hands)",
                "    for index, start in game.mark_starts:      # a mark's 'start', which may read the deal",
                "        self.marks[index] = start(self)"]
    if straight:
        return "\n".join(out + ["    _start_play(self)", "    return self"])
    out.append("    self.dealt = list(self.hands)")
    if game.annul_when is not None:
        out += ["    if game.annul_when(self):", "        self._annul()", "        return self"]
    if game.auction is not None:
        out += ["    self.phase = AUCTION", "    self.current = game.auction.first(self)", "    self._start_round()"]
    else:
        out.append("    self._advance()")
    return "\n".join(out + ["    return self"])


def start_play_source(writer: Writer) -> str:
    """TrickPlay._start_play with the game's rules for the trump, its cards, who sits out and
    who leads written in, and the tests for the rules it does not have left out."""
    game = writer.game
    out = ["def _start_play(s):",
           '    """Trick play begins: the trump and its tables, the first leader."""',
           "    s.phase = PLAY",
           "    s.dealt = list(s.hands)"]
    if game.team_rules is not None:
        out.append("    s._form_teams()")
    if game.trump is not None:
        out.append(f"    trump = {writer.rule(('play', 'trump'), game.trump)}")
        out.append("    trump = s.trump = -1 if trump is None else trump")
    else:
        out.append("    trump = s.trump")
    masks = writer.constant("SUIT_MASKS", game.deck.suit_masks)
    out.append(f"    trumps = s.trumps = {masks}[trump] if trump >= 0 else 0")
    if game.trump_cards is not None:
        out.append(f"    trumps = s.trumps = {writer.rule(('play', 'trump cards'), game.trump_cards)}")
    out.append("    s.tables = s.rule.tables(trump, trumps, ANY)")
    lead = writer.rule(("play", "lead"), game.lead)
    if game.sits_out is not None:
        out += [f"    s.out = {writer.rule(('play', 'sits out'), game.sits_out)}",
                f"    lead = {lead}",
                f"    s.current = s.leader = lead if lead != s.out else (lead + 1) % {game.players}"]
    else:
        out.append(f"    s.current = s.leader = {lead}")
    if game.dummy is not None:
        out.append("    s._seat_dummy()")
    return "\n".join(out + ["    s._legal = None"])


def deal_source(writer: Writer) -> str:
    """Every deal the rule file states (the first, the auction's and each call's 'then deal'),
    each written out for its plan (_plan_lines); a plan of the generic engine's own making
    (a test's copy) goes through State._deal."""
    game = writer.game
    plans = [game.deal_plan]
    if game.auction is not None:
        plans += [plan for plan in (game.auction.then_deal, *(c.then_deal for c in game.auction.calls))
                  if plan is not None and all(plan is not p for p in plans)]
    out = ["def _deal(s, plan):",
           '    """Deal ``plan`` from the pack (pile 0), the first packet to the player after the dealer."""',
           "    pack = s.piles[0]"]
    for k, plan in enumerate(plans):
        name = writer.constant("DEAL_PLAN" if k == 0 else f"DEAL_PLAN_{k}", plan)
        out += indent(_plan_lines(writer, plan, name), 4)
    return "\n".join(out + ["    State._deal(s, plan)"])


def _plan_lines(writer: Writer, plan: tuple, name: str) -> list[str]:
    """The steps of ``plan`` as State._deal takes them. The packets it opens with (to seats
    and piles, before any step whose count depends on the deal) come from their places in
    the pack: each seat's joined as bits in one line, each pile's as a slice. The rest go
    step by step, the seats a step names (who receives a pile, who is dealt another count)
    the plan's own functions."""
    game = writer.game
    players = game.players
    bits = writer.constant("BITS", tuple(1 << card for card in range(game.deck.size)))
    seats: dict[int, list[int]] = {}
    piles: dict[int, list[int]] = {}
    at, rest, opening = 0, None, 0
    for step in plan:
        if step.seat is not None and step.but is None:
            seats.setdefault(step.seat, []).extend(range(at, at + step.count))
        elif step.pile is not None and step.count is not None:
            piles.setdefault(step.pile, []).extend(range(at, at + step.count))
        elif step.pile is not None:
            rest = step.pile
            opening += 1
            break
        else:
            break
        at += step.count
        opening += 1
    out = [f"if plan is {name} and len(pack) >= {at}:" if at else f"if plan is {name}:",
           "    hands, piles = s.hands, s.piles", "    first = s.dealer + 1"]
    for seat, places in sorted(seats.items()):
        cards = " | ".join(f"{bits}[pack[{i}]]" for i in places)
        out.append(f"    hands[{_seat(seat, players)}] |= {cards}")
    for pile, places in piles.items():
        contiguous = places == list(range(places[0], places[-1] + 1))
        cards = f"pack[{places[0]}:{places[-1] + 1}]" if contiguous else f"[{', '.join(f'pack[{i}]' for i in places)}]"
        out.append(f"    piles[{pile}].extend({cards})")
    if rest is not None:
        out += [f"    piles[{rest}].extend(pack[{at}:])" if at else f"    piles[{rest}].extend(pack)", "    pack.clear()"]
    elif at:
        out.append(f"    del pack[:{at}]")
    codes = writer.constant("CODES", game.deck.codes)
    shown: set[int] = set()
    for k, step in enumerate(plan[opening:], opening):
        if step.show is not None:
            label = f"{game.pile_names[step.show]}: "
            out.append(f"    s.history.append((None, {label!r} + ' '.join({codes}[c] for c in piles[{step.show}])))")
            shown.add(step.show)
        elif step.move is not None:
            pile = step.move[0]
            out.append(f"    who = {name}[{k}].move[1](s)")
            if game.pile_public[pile] or pile in shown:
                out += [f"    if piles[{pile}]:",
                        f"        s.history.append((None, Taken({game.pile_names[pile]!r}, who, "
                        f"tuple({codes}[c] for c in piles[{pile}]))))"]
            out += [f"    hands[who] |= _mask(piles[{pile}])", f"    piles[{pile}] = []"]
        elif step.pile is not None:
            count = "" if step.count is None else step.count
            out += [f"    piles[{step.pile}].extend(pack[:{count}])", f"    del pack[:{count}]"]
        elif step.but is None:
            out += [f"    hands[{_seat(step.seat, players)}] |= _mask(pack[:{step.count}])", f"    del pack[:{step.count}]"]
        else:
            out += [f"    seat = {_seat(step.seat, players)}",
                    f"    count = {step.but[1]} if {name}[{k}].but[0](s) == seat else {step.count}",
                    "    hands[seat] |= _mask(pack[:count])", "    del pack[:count]"]
    return out + ["    return"]


def _seat(k: int, players: int) -> str:
    """The seat ``k`` places after the first receiver of a deal."""
    return f"(first + {k}) % {players}" if k else f"first % {players}"


def indent(lines: list[str], spaces: int) -> list[str]:
    """``lines`` moved right by ``spaces``: the body of a block."""
    return [" " * spaces + line for line in lines]
