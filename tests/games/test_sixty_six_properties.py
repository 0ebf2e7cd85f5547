"""66 on seeded random deals, checked against the rules as written, not against the engine.

Every legal set (cards and side actions), every draw, the end of the deal and its game
points are recomputed here from the hands, the trick, the piles and the actions taken.
"""
from __future__ import annotations

from collections import Counter
import random

import interpreter

GAME = interpreter.load("sixty-six")
CODES = GAME.deck.codes
STOCK, INDICATOR = GAME.pile_names.index("stock"), GAME.pile_names.index("indicator")
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
ORDER = ["J", "Q", "K", "10", "A"]
DEALS = 2000
MATCHES = 150


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def codes(mask: int) -> set[str]:
    return {CODES[c] for c in range(20) if (mask >> c) & 1}


def value(cards) -> int:
    return sum(POINTS[rank(c)] for c in cards)


def allowed_cards(hand: set[str], trick: list[str], trump: str, strict: bool) -> set[str]:
    """The cards the rules let a player play: anything while the stock is open or on lead;
    else follow suit and beat the led card if possible, else a lower card of the suit,
    else a trump, else anything."""
    if not trick or not strict:
        return set(hand)
    led = trick[0]
    same = {c for c in hand if suit(c) == suit(led)}
    if same:
        higher = {c for c in same if ORDER.index(rank(c)) > ORDER.index(rank(led))}
        return higher or same
    return {c for c in hand if suit(c) == trump} or set(hand)


def follower_wins(lead: str, follow: str, trump: str) -> bool:
    if suit(follow) == suit(lead):
        return ORDER.index(rank(follow)) > ORDER.index(rank(lead))
    return suit(follow) == trump


class Referee:
    """The deal as the rules tell it, kept beside the engine's state."""

    def __init__(self, state):
        self.trump = suit(CODES[state.piles[INDICATOR][0]])
        self.closer = None
        self.closed = None                 # (points, tricks) of the closer's opponent at closing
        self.won = [set(), set()]
        self.tricks = [0, 0]
        self.melds = [0, 0]
        self.last = None

    def total(self, seat: int) -> int:
        return value(self.won[seat]) + (self.melds[seat] if self.tricks[seat] else 0)

    def reached(self):
        return next((s for s in (0, 1) if self.total(s) >= 66), None)

    def expected_actions(self, state) -> set[str]:
        seat = state.current_player
        hand = codes(state.hands[seat])
        trick = [CODES[c] for c in state.trick]
        exhausted = not state.piles[STOCK]
        strict = self.closer is not None or exhausted
        found = {"play " + c for c in allowed_cards(hand, trick, self.trump, strict)}
        if not trick:
            is_open = self.closer is None and not exhausted
            if is_open and len(hand) == 5:
                found.add("close")
            if is_open and "J" + self.trump in hand:
                found.add("exchange")
            for s in "SHDC":
                if {"K" + s, "Q" + s} <= hand:
                    found |= {"play K" + s + " marriage", "play Q" + s + " marriage"}
        return found

    def game_points(self):
        reached = self.reached()
        if self.closer is None:
            if reached is None:
                return self.last, 1, "last trick with the stock played out"
            loser = 1 - reached
            pts = 3 if not self.tricks[loser] else (2 if self.total(loser) < 33 else 1)
            return reached, pts, "reached 66"
        points, tricks = self.closed
        if reached == self.closer:
            return reached, 3 if not tricks else (2 if points < 33 else 1), "closed and reached 66"
        return 1 - self.closer, 3 if not tricks else 2, "closing failed"


def play_deal(state, rng, seen: Counter):
    ref = Referee(state)
    assert GAME.deck.suit_codes[state.trump] == ref.trump
    while not state.is_over:
        seat = state.current_player
        everywhere = [codes(h) for h in state.hands] + [codes(w) for w in state.won] \
            + [{CODES[c] for c in p} for p in state.piles] + [{CODES[c] for c in state.trick}]
        assert sum(value(p) for p in everywhere) == 120
        assert sum(len(p) for p in everywhere) == 20

        legal = state.legal_actions()
        assert {a.text for a in legal} == ref.expected_actions(state)
        choices = [a for a in legal if a.text != "close"] if rng.random() < 0.85 else legal
        action = rng.choice(choices or legal)
        text = action.text
        if text == "close":
            ref.closer = seat
            ref.closed = (ref.total(1 - seat), ref.tricks[1 - seat])
            state.apply(action)
            seen["close"] += 1
            continue
        if text == "exchange":
            old = CODES[state.piles[INDICATOR][0]]
            state.apply(action)
            assert codes(state.hands[seat]) >= {old} and "J" + ref.trump not in codes(state.hands[seat])
            assert [CODES[c] for c in state.piles[INDICATOR]] == ["J" + ref.trump]
            seen["exchange"] += 1
            continue
        card = text.split()[1]
        if text.endswith("marriage"):
            ref.melds[seat] += 40 if suit(card) == ref.trump else 20
            seen["marriage"] += 1
            if ref.reached() is not None:
                state.apply(action)
                assert state.is_over and card in codes(state.hands[seat])
                seen["66 by marriage"] += 1
                break
        trick = [CODES[c] for c in state.trick]
        if not trick:
            state.apply(action)
            assert not state.is_over
            continue
        stock = [CODES[c] for c in state.piles[STOCK]]
        indicator = [CODES[c] for c in state.piles[INDICATOR]]
        hands = [codes(h) for h in state.hands]
        hands[seat].discard(card)
        lead = trick[0]
        winner = seat if follower_wins(lead, card, ref.trump) else 1 - seat
        state.apply(action)
        ref.won[winner] |= {lead, card}
        ref.tricks[winner] += 1
        ref.last = winner
        assert state.winners[-1] == winner
        if ref.reached() is not None:
            assert state.is_over
            seen["66 by trick"] += 1
            break
        if ref.closer is None and stock:
            drawn = stock[:2] if len(stock) > 1 else stock + indicator
            hands[winner].add(drawn[0])
            hands[1 - winner].add(drawn[1])
            seen["exhausted" if len(stock) == 1 else "draw"] += 1
        assert [codes(h) for h in state.hands] == hands
        assert state.is_over == (not hands[winner])
    result = state.result()
    winner, points, rule = ref.game_points()
    assert result.facts["winner"] == winner and result.facts["closer"] == ref.closer
    if ref.closer is not None:
        assert (result.facts["closed_points"], result.facts["closed_tricks"]) == ref.closed
    assert [(r.rule, r.to, int(r.points)) for r in result.reasons] == [(rule, f"seat {winner}", points)]
    assert result.seat_scores[winner] == points and result.seat_scores[1 - winner] == 0
    seen[rule] += 1


def test_random_deals_follow_the_rules():
    rng = random.Random(20240066)
    seen = Counter()
    for i in range(DEALS):
        play_deal(GAME.new_deal(seed=rng.getrandbits(64), dealer=i % 2), rng, seen)
    # Every clause was exercised many times.
    for key in ("close", "exchange", "marriage", "66 by marriage", "66 by trick", "exhausted", "reached 66",
                "last trick with the stock played out", "closed and reached 66", "closing failed"):
        assert seen[key] >= 20, (key, seen)


def test_match_scores_only_decrease_from_seven_to_zero():
    rng = random.Random(7)
    for m in range(MATCHES):
        match = GAME.new_match(seed=rng.getrandbits(32), dealer=m % 2)
        before = list(match.seat_scores)
        assert before == [7, 7]
        while not match.is_over:
            state = match.next_deal()
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            match.finish_deal(state)
            after = list(match.seat_scores)
            drops = sorted(b - a for a, b in zip(after, before))
            assert drops[0] == 0 and drops[1] in (1, 2, 3)
            before = after
        assert min(before) <= 0 and max(before) > 0
        assert match.result().winner == before.index(min(before))
