"""Text views of a deal for a person at the table: only what that seat may see."""
from __future__ import annotations

from fractions import Fraction

from ..engine.cards import bits
from ..engine.phases import Private
from ..engine.state import AUCTION, DECIDE, TRANSFER, State
from ..language.translation import N_, Translation, translation
from ..language.working import fact_working

ENGLISH = translation("en")


def seat_label(seat: int, you: int | None, t: Translation = ENGLISH) -> str:
    return t("you") if seat == you else t("seat {n}", n=seat)


def match_verdict(final, you: int | None = None) -> str:
    """Who won a finished match (a MatchResult), in words: 'you win', 'the red team wins' (a
    team's name), 'seat 2 wins', or a draw. A side formed for the deal wins together."""
    return verdict(final.winners, final.side, you)


def verdict(winners, side: str | None, you: int | None = None, what: str = "", t: Translation = ENGLISH) -> str:
    """'you win the deal, with seat 2 (the team's name)', 'the red team wins the match', 'seat 1
    wins': the seats that won together and their side's name, from the seat ``you``'s chair.
    ``what`` is "deal", "match" or "" (a match, unnamed)."""
    if not winners:
        return t(DRAW[what or "match"])
    if you in winners:
        text = t(YOU_WIN[what])
        together = [seat_label(s, you, t) for s in winners if s != you]
        if together:
            text = t("{verdict}, with {partners}", verdict=text, partners=t(" and ").join(together))
        if side and not side.startswith("seat "):
            text = t("{verdict} ({team})", verdict=text, team=_the(side, t))
        return text
    return t(WINS[what], winner=_the(side, t) if side else t(" and ").join(seat_label(s, you, t) for s in winners))


DRAW = {"deal": N_("the deal is a draw"), "match": N_("the match is a draw")}
YOU_WIN = {"deal": N_("you win the deal"), "match": N_("you win the match"), "": N_("you win")}
WINS = {"deal": N_("{winner} wins the deal"), "match": N_("{winner} wins the match"), "": N_("{winner} wins")}
"""The verdict of a deal or a match, by what was won (``verdict``'s ``what``)."""


def _the(side: str, t: Translation = ENGLISH) -> str:
    """A side's name in a sentence: 'the' before a common noun (a lower-case name), a proper
    name as it is."""
    return t("the {side}", side=side) if side[:1].islower() and not side.startswith("seat ") else side


def describe_card(state: State, card: int) -> str:
    deck = state.game.deck
    return f"{deck.codes[card]} ({deck.names[card]})"


def describe_action(state: State, seat: int, you: int, action) -> str:
    who = seat_label(seat, you)
    said = "".join(f" and say{'' if seat == you else 's'} “{word}”" for word, _ in state.sayings(action.card)) \
        if action.kind in ("play", "declare") and state.game.sayings else ""
    if action.kind == "play":
        return f"{who} play{'' if seat == you else 's'} {describe_card(state, action.card)}{said}"
    if action.kind == "declare":
        name, points = state.game.declarations[action.arg].name, state.declaration_points(action)
        suit = state.game.deck.suit_names[action.suit]
        return f"{who} declare{'' if seat == you else 's'} {name}, {_fmt(points)} in {suit}, and " \
               f"lead{'' if seat == you else 's'} {describe_card(state, action.card)}{said}"
    if action.kind == "give":
        spec = state.game.transfers[action.arg]
        to = f" to {seat_label(spec.to_seat(state), you)}" if spec.to_seat is not None else \
            f" to the {state.game.pile_names[spec.to_pile]}"
        if seat != you and (spec.shown is None or not spec.shown(state) >> action.card & 1):
            return f"{who}: a card face down for '{spec.name}'{to}"
        return f"{who}: {action.text}{to}"
    return f"{who}: {action.text}"


def _fmt(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def hand_order(state: State, seat: int) -> list[int]:
    """The seat's cards as a person holds them: trumps first, then suit by suit, strongest
    first (strongest first overall where suits play no role)."""
    game = state.game
    rule = state.rule
    if rule.by_suit:
        def key(c: int) -> tuple:
            suit = game.deck.suit_of[c]
            strength = rule.trump_strength[c] if suit == state.trump else rule.strength[c]
            return (suit != state.trump, suit, -strength)
    else:
        def key(c: int) -> tuple:
            return (-rule.strength[c], c)
    return sorted(bits(state.hands[seat]), key=key)


def hand_line(state: State, seat: int) -> str:
    """The seat's hand, strongest first, legal cards marked with '*' when it is its turn."""
    legal = state.legal_mask() if state.current == seat else 0
    codes = state.game.deck.codes
    return "  ".join(f"{'*' if (legal >> c) & 1 else ' '}{codes[c]}" for c in hand_order(state, seat))


def table_view(state: State, you: int) -> str:
    """What the person sees before acting: trump, piles, the trick, scores so far, the hand."""
    game = state.game
    deck = game.deck
    lines = []
    facts = []
    if state.trump >= 0:
        facts.append(f"trump: {deck.suit_names[state.trump]} ({deck.suit_codes[state.trump]})")
    if state.taker is not None and game.names_taker:
        facts.append(f"taker: {seat_label(state.taker, you)}" + (f" ({state.call.text})" if state.call else ""))
    for name, pile, public in zip(game.pile_names, state.piles, game.pile_public):
        if public and pile:
            facts.append(f"{name}: {' '.join(describe_card(state, c) for c in pile)}")
        elif pile and game.pile_names.index(name) in game.draw:
            facts.append(f"{name}: {len(pile)} card(s)")
    for name, kind, value in zip(game.mark_names, game.mark_types, state.marks):
        if value is not None and kind == "seat":
            facts.append(f"{name.replace('_', ' ')}: {seat_label(value, you)}")
        elif value is not None and kind in ("set", "bool"):
            shown = deck.text(value) if kind == "set" else "yes" if value else "no"
            facts.append(f"{name.replace('_', ' ')}: {shown}")
    if facts:
        lines.append("; ".join(facts))
    events = [f"{'table' if s is None else seat_label(s, you)}: {x.seen_by(you) if isinstance(x, Private) else x}"
              for s, x in state.history if not isinstance(x, int) and s != you and not state.winners
              and (s is None or state.phase != AUCTION)]
    if state.phase != AUCTION and events:
        since = "since the auction" if game.auction is not None else "before play"
        lines.append(f"{since}: " + "; ".join(events[-8:]))
    for s, cards in enumerate(state.shown_cards):
        if cards:
            lines.append(f"{seat_label(s, you)} showed: {deck.text(cards)}")
    if state.phase == AUCTION:
        calls = [f"{seat_label(s, you)}: {a}" for s, a in state.history if s is not None]
        lines.append("auction: " + (", ".join(calls) if calls else "nobody has spoken yet"))
    elif state.phase not in (DECIDE, TRANSFER):
        if state.trick:
            played = ", ".join(f"{seat_label(s, you)}: {describe_card(state, c)}"
                               for s, c in zip(state.trick_seats, state.trick))
            lines.append(f"trick {len(state.winners) + 1}: {played}")
        else:
            lines.append(f"trick {len(state.winners) + 1}: {seat_label(state.leader, you)} to lead")
        tricks = ", ".join(f"{seat_label(s, you)} {n}" for s, n in enumerate(state.tricks))
        spoiled = f", spoiled {state.winners.count(-1)}" if -1 in state.winners else ""
        scores = ""
        if any(any(row) for row in state.points.scaled):
            scores = f"; your card points {_fmt(state.points.of(state.won[you], state.trump))}"
        if state.melds[you]:
            scores += f", declared by you {_fmt(state.melds[you])}"
        lines.append(f"tricks won: {tricks}{spoiled}{scores}")
    if state.dummy_shown() and state.dummy != you:
        lines.append(f"dummy, {seat_label(state.dummy, you)}: {hand_line(state, state.dummy)}"
                     + (" (you play it)" if state.dummy_by == you else ""))
    lines.append(f"your hand: {hand_line(state, you)}")
    if state.current_player == you:
        extra = [a.text for a in state.legal_actions() if a.kind != "play"]
        if state.phase in (DECIDE, TRANSFER) or state.pending is not None:
            more = f" ({state.pending[2]} more card(s))" if state.pending is not None else ""
            lines.append(f"choose{more}: {', '.join(a.text for a in state.legal_actions())}")
        elif state.phase != AUCTION:
            lines.append("(* = you may play it" + (f"; or: {', '.join(extra)})" if extra else ")"))
        else:
            lines.append(f"your calls: {', '.join(extra)}")
    return "\n".join(lines)


def trick_summary(state: State, you: int) -> str:
    """One line on the trick just completed."""
    winner = state.winners[-1]
    if winner < 0:
        return "  → the trick is spoiled: nobody wins it"
    return f"  → {seat_label(winner, you)} win{'' if winner == you else 's'} the trick"


def shown_facts(game, result, you: int | None = None, t: Translation = ENGLISH) -> list[tuple[str, str]]:
    """The values of a finished deal the rule file shows, as (label, text): a worked-out number
    with its working, none and card sets left out."""
    return [(fact["label"].replace("_", " "), fact_working(game, fact["label"], result) or shown)
            for fact in result.shown_facts if (shown := fact_text(fact, you, t)) is not None]


def _tricks(n: int) -> str:
    return "no tricks" if n == 0 else f"{n} trick{'' if n == 1 else 's'}"


def fact_text(fact: dict, you: int | None = None, t: Translation = ENGLISH) -> str | None:
    """A shown value of a finished deal as a person reads it ('you', 'yes', 4.5, a team's name);
    None for a value that is not there (none) or that is a set of cards."""
    value, kind = fact["value"], fact["kind"]
    if value is None or kind in ("set", "none"):
        return None
    if kind == "seat":
        return seat_label(value, you, t)
    if kind == "bool":
        return t("yes") if value else t("no")
    if kind == "num":
        return _fmt(value)
    return str(value)


def deal_summary(state: State, result, you: int) -> list[str]:
    """How a finished deal was decided, for every side (not only yours): tricks, card points,
    melds and each award with its points; then the rule file's named facts (not card sets)."""
    game = state.game
    parts = result.breakdown
    rows = parts["teams"] if game.fixed_teams and len(game.teams) < game.players else parts["seats"]
    lines = []
    for row in rows:
        name = row["team"] if "seat" not in row else seat_label(row["seat"], you)
        pieces = [_tricks(row["tricks"])]
        if "seats" in row and len(row["seats"]) > 1:
            pieces[0] += " (" + ", ".join(f"{seat_label(s, you)} {state.tricks[s]}" for s in row["seats"]) + ")"
        if any(any(r) for r in state.points.scaled):
            pieces.append(f"{_fmt(row['card_points'])} card points")
        if row["melds"]:
            pieces.append(f"melds {_fmt(row['melds'])}")
        if row["shown"]:
            pieces.append(f"cards shown {_fmt(row['shown'])}")
        awards = ", ".join(f"{rule} {_fmt(points)}" for rule, points in row["awards"].items())
        lines.append(f"  {name}: {', '.join(pieces)}; scores {_fmt(row['score'])}" + (f" ({awards})" if awards else ""))
    facts = [f"{label}: {text}" for label, text in shown_facts(game, result, you)]
    if facts:
        lines.append("  " + "; ".join(facts))
    return lines
