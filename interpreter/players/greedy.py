"""The greedy player: wins a trick as cheaply as it can, else sheds its weakest card; bids,
calls, gives and declares on its hand's strength. The searching players play their rollouts
with it.

Like every player here it knows only what the rule file says, never a game by name, and uses
only what ``observation(seat)`` would show its seat.
"""
from __future__ import annotations

import random

from ..engine.cards import bits
from ..engine.parts import Action
from ..engine.state import AUCTION, DECIDE, TRANSFER, State
from .outcome import points_are_good


class GreedyPlayer:
    """Wins a trick as cheaply as it can, else sheds its weakest card.

    Leading, it plays a card nobody can still beat if it holds one, else its weakest.
    Following, it lets a winning partner keep the trick. Strength and points come
    only from the rule file's order and points tables.
    """

    name = "greedy"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)
        self._built: dict[tuple, tuple] = {}      # per ranking and trumps: see _tables
        self._last: tuple = (None, None, None, None, None)    # the tables of the last call, and what they are for

    def choose(self, state: State) -> Action:
        if state.phase == AUCTION:
            return self._call(state)
        if state.phase in (DECIDE, TRANSFER) or state.pending is not None:
            return self._choice(state)
        if state.plays_only():
            return self._card(state)
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions():
            if action.kind != "play":
                by_kind.setdefault(action.kind, []).append(action)
        if not by_kind:
            return self._card(state)
        shows = by_kind.get("show")
        if shows and (state.taker is None or state.team_of[state.current] == state.team_of[state.taker]):
            return max(shows, key=lambda a: (state.game.shows[a.arg].count, -a.arg))
        if "meld" in by_kind:  # melds are worth points: always announce them
            return by_kind["meld"][0]
        swaps = [a for a in by_kind.get("act", ()) if _gains(state, a)]
        if swaps:
            return swaps[0]
        card = self._card(state)
        melds = by_kind.get("declare")
        if melds:
            same = [a for a in melds if a.card == card.card]
            return same[0] if same else max(melds, key=lambda a: _meld_points(state, a))
        return card

    def play_out(self, state: State) -> None:
        """Play the deal to its end, every seat choosing as this player would: a searching
        player's rollouts, thousands a decision. A plain card play skips choose()'s tests."""
        card, choose = self._card, self.choose
        while state.current is not None:
            state.apply_unchecked(card(state) if state.plays_only() else choose(state))

    def _choice(self, state: State) -> Action:
        """Decisions: pass unless a call is required. Cards to give: the most points, then the
        weakest. Cards to show: the weakest (they tell the others least)."""
        legal = state.legal_actions()
        strength = state.rule.strength
        if state.phase == DECIDE:
            return self._decision(state, legal)
        if legal[0].kind == "reveal":
            return min(legal, key=lambda a: (strength[a.card], a.card))
        points = state.points.scaled[0]       # game.points as ints: the same order, without Fractions
        return max(legal, key=lambda a: (points[a.card], -strength[a.card], -a.card))

    @staticmethod
    def _decision(state: State, legal: list[Action]) -> Action:
        """A game to announce: the trump under which the hand is strongest. Else take up the
        cards an action deals (more cards to choose from), else pass unless one is required."""
        game = state.game
        hand = state.hands[state.current]
        acts = [a for a in legal if a.kind == "act"]
        trumps = [a for a in acts if game.side_actions[a.arg].trump is not None]
        if trumps:
            return max(trumps, key=lambda a: (_hand_value(game, hand, _action_trump(state, a)), -a.arg))
        takes = [a for a in acts if game.side_actions[a.arg].deal]
        if takes:
            return takes[0]
        return legal[-1] if legal[-1].kind == "pass" else legal[0]

    def _call(self, state: State) -> Action:
        """Call when the hand is clearly stronger than an average hand under the call's trump;
        of calls with values, the stronger the hand the higher the call."""
        game = state.game
        legal = state.legal_actions()
        calls = [a for a in legal if a.kind == "call"]
        hand = state.hands[state.current]
        numbered = [a for a in calls if a.number >= 0]
        if game.auction.rounds[state.round].passes:
            return self._open_call(state, legal, calls)
        levels = next((spec.numbers for spec in game.auction.calls if spec.numbers), ())
        if levels and levels[-1] > game.hand_size:
            return self._level(state, legal, levels)
        if numbered:  # a number of tricks: what this hand should take, an average hand taking its share
            trump = _trump_of(state, numbered[0])
            gain = _hand_value(game, hand, trump) / max(_average_value(game, hand.bit_count(), trump), 1e-9)
            expected = round(gain * hand.bit_count() / game.players)
            return min(numbered, key=lambda a: (abs(a.number - expected), a.number))
        valued = sorted({spec.value for spec in game.auction.calls if spec.value is not None and not callable(spec.value)})
        if calls and len(valued) > 1:
            gain = _hand_value(game, hand, _trump_of(state, calls[0])) / \
                max(_average_value(game, hand.bit_count(), _trump_of(state, calls[0])), 1e-9)
            level = sum(gain >= t for t in (1.3, 1.7, 2.2, 2.8)[:len(valued)])
            wanted = [a for a in calls if game.auction.calls[a.arg].value == valued[level - 1]] if level else []
            return wanted[0] if wanted else state.legal_actions()[-1]
        best, best_gain = _strongest_call(state, calls)
        if best is not None and best_gain >= 1.3:
            return best
        return state.legal_actions()[-1]

    @staticmethod
    def _open_call(state: State, legal: list[Action], calls: list[Action]) -> Action:
        """In an open round (calls go round until passes end it): the lowest call under the
        trump this hand is strongest in, while the hand is strong enough for its step up the
        numbers (a stronger hand goes higher); never a double. Else pass."""
        game = state.game
        best, best_gain = _strongest_call(state, calls)
        passing = next((a for a in legal if a.kind == "pass"), legal[-1])
        if best is None:
            return passing
        numbers = game.auction.calls[best.arg].numbers
        step = numbers.index(best.number) if numbers else 0
        return best if best_gain >= 1.2 + 0.2 * step else passing

    @staticmethod
    def _level(state: State, legal: list[Action], levels: tuple[int, ...]) -> Action:
        """Numbers that are not tricks (game values): the stronger the hand, under the
        best trump it could name, the higher it goes; it holds a value it would call itself."""
        game = state.game
        hand = state.hands[state.current]
        choices = _announced_trumps(state) or [_trump_of(state, a) for a in legal if a.kind == "call"][:1] or [-1]
        gain = max(_hand_value(game, hand, t) / max(_average_value(game, hand.bit_count(), t), 1e-9)
                   for t in choices)
        reach = int((gain - 1.1) / 0.1)
        limit = levels[min(reach, len(levels)) - 1] if reach > 0 else None
        held = max((v for _, a, v in state.bids if a.kind == "call"), default=0)
        if limit is not None:
            for action in legal:
                if (action.kind == "hold" and held <= limit) or (action.kind == "call" and action.number <= limit):
                    return action
        return legal[-1]

    def _tables(self, state: State) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool]:
        """For the ranking and trumps in force, built once: the cards weakest first (strength,
        then points, then card number), each card's place in that order, the cards that
        could stop each card winning a trick it leads (those that beat it; where equal cards
        spoil a trick, those of equal strength too), and whether taking points is good."""
        game, rule = state.game, state.rule
        key = (id(rule), state.trump, state.trumps)
        found = self._built.get(key)
        if found is None or found[0] is not rule or found[1] is not game:
            order = tuple(sorted(range(game.deck.size), key=lambda c: (rule.strength[c], game.points[c], c)))
            place = [0] * game.deck.size
            for i, c in enumerate(order):
                place[c] = i
            everything = game.deck.all
            threat = [rule.beating([c], state.trump, state.trumps, everything, 0) for c in range(game.deck.size)]
            if rule.spoil_ties:
                for c in range(game.deck.size):
                    threat[c] |= sum(1 << d for d in range(game.deck.size) if d != c and rule.strength[d] == rule.strength[c])
            found = self._built[key] = (rule, game, (order, tuple(place), tuple(threat), points_are_good(game)))
        self._last = (rule, state.trump, state.trumps, game, found[2])
        return found[2]

    def _card(self, state: State) -> Action:
        game = state.game
        legal = game.deck.distinct(state.legal_mask())   # of two copies, the one legal_actions() offers
        if legal and not legal & (legal - 1):         # one card: nothing to weigh
            return game.play_actions[legal.bit_length() - 1]
        last = self._last
        if last[0] is state.rule and last[1] == state.trump and last[2] == state.trumps and last[3] is game:
            order, place, threat, good = last[4]
        else:
            order, place, threat, good = self._tables(state)
        if not good:
            return game.play_actions[self._dodge(state, sorted(bits(legal), key=place.__getitem__))]
        if not state.trick:       # lead the strongest card nobody can still beat, else the weakest
            unseen = game.deck.all & ~state.hands[state.current] & ~state.played
            safe = [card for card in bits(legal) if not threat[card] & unseen]
            return game.play_actions[max(safe, key=place.__getitem__) if safe else _first(order, legal)]
        at = state.trick_winner_at()
        if at >= 0 and state.team_of[state.trick_seats[at]] == state.team_of[state.current] and len(state.teams) < game.players:
            return game.play_actions[_first(order, legal)]
        beats = state.tables.beats[state.trick[at]] if at >= 0 else \
            state.rule.beating(state.trick, state.trump, state.trumps, game.deck.all, at)   # the cards that would take the trick
        taking = legal & beats            # the cheapest card that takes the trick, else the weakest
        return game.play_actions[_first(order, taking or legal)]

    @staticmethod
    def _dodge(state: State, cards: list[int]) -> int:
        """Where taking points is bad: lead the weakest card; following, shed the strongest card
        that loses the trick (points first), or, if every card wins, the strongest."""
        if not state.trick:
            return cards[0]
        rule, game = state.rule, state.game
        beats = rule.beating(state.trick, state.trump, state.trumps, game.deck.all)
        losing = [c for c in cards if not beats >> c & 1]
        pool = losing or cards
        return max(pool, key=lambda c: (game.points[c], rule.strength[c], c))


def _first(order: tuple[int, ...], mask: int) -> int:
    """The first card of ``order`` in ``mask`` (not empty): with the cards weakest first, the
    weakest. A hand's weakest card comes early, so this stops sooner than a sort or a min."""
    for card in order:
        if mask >> card & 1:
            return card
    raise ValueError("no card of the order is in the mask")


def _strongest_call(state: State, calls: list[Action]) -> tuple[Action | None, float]:
    """The first call whose trump makes the hand to act strongest against an average hand,
    and that strength (0 when there is no call)."""
    game = state.game
    hand = state.hands[state.current]
    best, best_gain = None, 0.0
    for action in calls:
        trump = _trump_of(state, action)
        gain = _hand_value(game, hand, trump) / max(_average_value(game, hand.bit_count(), trump), 1e-9)
        if gain > best_gain:
            best, best_gain = action, gain
    return best, best_gain


def _trump_of(state: State, action: Action) -> int:
    spec = state.game.auction.calls[action.arg]
    if spec.trump is None:
        return state.trump if state.game.trump is None else _play_trump(state)
    state.bound = {"suit": action.suit}
    try:
        trump = spec.trump(state)
    finally:
        state.bound = {}
    return -1 if trump is None else trump


def _action_trump(state: State, action: Action) -> int:
    trump = state.game.side_actions[action.arg].trump(state)
    return -1 if trump is None else trump


def _announced_trumps(state: State) -> list[int]:
    """The trumps the actions after the auction could choose (a game announced later)."""
    return [_action_trump(state, a) for a in state.game.by_kind["act"]
            if state.game.side_actions[a.arg].trump is not None]


def _play_trump(state: State) -> int:
    """The trump that play will have, when the rule file fixes it."""
    trump = state.game.trump(state)
    return -1 if trump is None else trump


_VALUES: dict[tuple[int, int], tuple] = {}     # (id of the game, trump) -> (game, card values, their mean);
                                               # holding the game keeps its id from being reused


def _card_values(game, trump: int) -> tuple[tuple[float, ...], float]:
    """What each card adds to a hand's value under that trump (see _hand_value) and the mean
    over the deck, built once per game and trump: the exact points are Fractions, slow to sum
    in a bidder that rollouts call thousands of times a decision."""
    found = _VALUES.get((id(game), trump))
    if found is None:
        points = game.points_by_trump[trump + 1]
        trumps = game.deck.suit_masks[trump] if trump >= 0 else 0
        values = tuple(float(points[c]) + (2 * (1 + game.trick_rule.trump_strength[c]) if trumps >> c & 1 else 0)
                       for c in range(game.deck.size))
        if len(_VALUES) > 256:
            _VALUES.clear()
        found = _VALUES[(id(game), trump)] = (game, values, sum(values) / game.deck.size)
    return found[1], found[2]


def _hand_value(game, hand: int, trump: int) -> float:
    """Card points under that trump, plus the strength of the trumps held."""
    values = _card_values(game, trump)[0]
    return sum(values[c] for c in bits(hand))


def _average_value(game, size: int, trump: int) -> float:
    return _card_values(game, trump)[1] * size


def _gains(state: State, action: Action) -> bool:
    """A swap with a pile is worth it when it brings stronger cards than it gives."""
    spec = state.game.side_actions[action.arg]
    if spec.swap is None:
        return False
    select, pile = spec.swap
    given = state.hands[state.current] & select(state)
    taken = state.piles[pile]
    strength = state.rule.trump_strength if state.trump >= 0 else state.rule.strength
    return sum(strength[c] for c in taken) > sum(strength[c] for c in bits(given))


def _meld_points(state: State, action: Action):
    state.bound = {"suit": action.suit}
    try:
        return state.game.declarations[action.arg].points(state)
    finally:
        state.bound = {}
