"""Why an action is refused, named by the rule that refuses it, in the words of ``atout explain``.

A refused card in trick play is refused by one follow (or lead) clause: the first whose
condition holds and that leaves the player a card. A card refused for a transfer or a shown
declaration is refused by its ``cards`` or its ``first``; a side action, a declaration shown or
a call by its ``when`` (or its timing). Each refusal quotes that rule as the compiler worded it
(``Rules.words``) and says where it stands in the file.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import bits
from .parts import Action
from .phases import AUCTION, DECIDE, PLAY, TRANSFER


@dataclass(frozen=True)
class Refusal:
    """An action refused: the rule that refused it (its place in the rule file, None where no
    one rule does, such as a card not held) and why, in the rule file's words."""

    action: str
    reason: str
    rule: tuple | None = None
    legal: tuple[str, ...] = ()

    def __str__(self) -> str:
        listing = f"; legal: {', '.join(self.legal)}" if self.legal else ""
        return f"{self.action}: {self.reason}{listing}"


class Refusals:
    """Why an action is refused, mixed into State."""

    __slots__ = ()

    def why_refused(self, action: Action | str) -> Refusal:
        """Why an action that is not legal here is refused: the rule that refuses it, in the
        words of ``atout explain``, and the legal actions."""
        if not isinstance(action, Action):
            action = self.resolve(str(action))
        reason, rule = _why(self, action)
        return Refusal(action.text, reason, rule, tuple(a.text for a in self.legal_actions()))


def _why(state: Refusals, action: Action) -> tuple[str, tuple | None]:
    game = state.game
    deck = game.deck
    kind, card, seat = action.kind, action.card, state.current
    if state.phase == AUCTION and kind not in ("call", "hold", "double", "pass"):
        return "the auction is not over", None
    if state.phase == AUCTION:
        return _call_refused(state, action)
    if kind in ("call", "hold", "double") or kind == "pass" and game.auction is not None and state.phase == PLAY:
        return "the auction is over", None
    if state.pending is not None:
        return _choice_refused(state, action)
    if card >= 0 and kind != "act" and not (state.hands[seat] >> card) & 1:
        return f"seat {seat} does not hold {deck.codes[card]} ({deck.names[card]})", None
    if kind == "act":
        return _act_refused(state, action)
    if kind == "show":
        return _show_refused(state, action)
    if state.phase in (DECIDE, TRANSFER):
        return "not now: a decision before trick play comes first", None
    if kind == "play" and state.phase == PLAY:
        return _card_refused(state, card)
    if kind == "declare":
        path = ("play", "declare", game.declarations[action.arg].name)
        return (f"a leader may declare '{path[2]}': {_words(state, path + ('cards',))} of one suit, all held, "
                "leading one of them", path)
    if kind == "give":
        return f"'{game.transfers[action.arg].name}' is not under way now", ("transfers", game.transfers[action.arg].name)
    if kind == "reveal":
        return "no cards are being shown now", None
    if kind == "pass":
        return "there is nothing to pass now", None
    return "not allowed now", None


def _words(state: Refusals, path: tuple) -> str:
    return state.game.words(path)


def _card_refused(state: Refusals, card: int) -> tuple[str, tuple | None]:
    """A card of the hand that the lead or follow clauses leave out."""
    game = state.game
    hand = state.hands[state.current]
    key = "follow" if state.trick else "may lead"
    clauses = game.follow if state.trick else game.leads
    for i, (when, select) in enumerate(clauses):
        if when is not None and not when(state):
            continue
        chosen = hand & select(state)
        if not chosen:
            continue
        path = ("play", key) if ("play", key, "cards") in game.trees else ("play", key, i)
        words = _words(state, path + ("cards",))
        condition = _words(state, path + ("when",))
        allowed = chosen | (hand & game.always(state) if game.always is not None else 0)
        rule = f"{'the follow rules' if state.trick else 'the lead rules'} (clause {i + 1}: play from: {words}" \
               + (f", when {condition}" if condition else "") + ")"
        return f"{rule} leave {_cards(state, allowed)}", path
    return "not allowed by the follow rules here", ("play", key)


def _cards(state: Refusals, mask: int) -> str:
    """The cards as codes, with their suit's name when they share one: 'only 7X, QX (the suit)'."""
    deck = state.game.deck
    cards = bits(deck.distinct(mask))
    suits = {deck.suit_of[c] for c in cards}
    codes = ", ".join(deck.codes[c] for c in cards)
    if len(suits) == 1 and (suit := suits.pop()) >= 0:
        return f"only {codes} ({deck.suit_names[suit]})"
    return f"only {codes}"


def _choice_refused(state: Refusals, action: Action) -> tuple[str, tuple | None]:
    """A card refused while cards are chosen one at a time for a transfer or a shown declaration."""
    game = state.game
    what, k, remaining, chosen = state.pending
    spec = game.transfers[k] if what == "give" else game.shows[k]
    path = ("transfers", spec.name) if what == "give" else ("play", "show", spec.name)
    more = f"{remaining} more card{'' if remaining == 1 else 's'} to choose for '{spec.name}'"
    card = action.card
    if action.kind != what or (what == "give" and action.arg != k) or card < 0:
        return f"not now: {more}", path
    hand = state.hands[state.current]
    deck = game.deck
    if chosen >> card & 1:
        return f"{deck.codes[card]} is chosen already; {more}", path
    if not hand >> card & 1:
        return f"seat {state.current} does not hold {deck.codes[card]} ({deck.names[card]})", None
    allowed = spec.cards(state) & hand & ~chosen
    if what == "give" and allowed.bit_count() < remaining:
        allowed = hand & ~chosen
    if not allowed >> card & 1:
        return f"'{spec.name}' takes cards only from {_words(state, path + ('cards',))} ({more})", path + ("cards",)
    return (f"'{spec.name}' takes cards from {_words(state, path + ('first',))} before any other while there are "
            f"enough ({more})", path + ("first",))


def _act_refused(state: Refusals, action: Action) -> tuple[str, tuple | None]:
    """A side action (one offered at a lead, at a turn, or once at a stage) that is not offered now."""
    spec = state.game.side_actions[action.arg]
    path = ("play", "actions", spec.name)
    when = _words(state, path + ("when",))
    if spec.at == "lead" and (state.phase != PLAY or state.trick):
        return f"'{spec.name}' is taken by a player about to lead", path
    if spec.at == "turn" and state.phase != PLAY:
        return f"'{spec.name}' is taken at a player's turn in trick play", path
    if spec.at not in ("lead", "turn"):
        if state.phase != DECIDE or state.decision is None or state.decision[0] != spec.at:
            return f"'{spec.name}' is taken at the {spec.at}", path
        if state._decider(spec) != state.current:
            return f"'{spec.name}' is taken by {_words(state, path + ('by',)) or 'the taker'}", path
    if when:
        return f"'{spec.name}' is allowed only when {when}", path + ("when",)
    return f"'{spec.name}' is taken once a deal", path


def _show_refused(state: Refusals, action: Action) -> tuple[str, tuple | None]:
    spec = state.game.shows[action.arg]
    path = ("play", "show", spec.name)
    if state.phase != PLAY or state.winners or state.current in state.trick_seats:
        return f"'{spec.name}' is declared before the player's first card", path
    if any(who == state.current and text == action.text for who, text in state.history):
        return f"'{spec.name}' is declared once a deal", path
    return f"'{spec.name}' is allowed only when {_words(state, path + ('when',))}", path + ("when",)


def _call_refused(state: Refusals, action: Action) -> tuple[str, tuple | None]:
    """A call the auction refuses: not of this round, not higher than the last, or its condition."""
    game = state.game
    auction = game.auction
    r = state.round
    spec = auction.rounds[r]
    if action.kind == "pass":
        return "passing is not allowed here", ("auction", "rounds", r, "may pass")
    if action.kind != "call":
        return "not allowed now", None
    call = auction.calls[action.arg]
    path = ("auction", "rounds", r, "calls", call.name)
    if action.arg not in spec.calls:
        return f"'{call.name}' is not a call of this round", ("auction", "rounds", r)
    best = state._best()[0] if spec.rising else None
    if best is not None and (call.value is not None or call.numbers is not None) and state._value_of(action) <= best:
        return f"each call must be higher than the last ({best})", path
    state.bound = {"suit": action.suit, "number": action.number}
    try:
        suit_ok = call.for_suit is None or call.for_suit(state)
    finally:
        state.bound = {}
    if not suit_ok:
        return f"'{call.name}' names only a suit such that {_words(state, path + ('for each suit',))}", \
            path + ("for each suit",)
    return f"'{call.name}' is allowed only when {_words(state, path + ('when',))}", path + ("when",)
