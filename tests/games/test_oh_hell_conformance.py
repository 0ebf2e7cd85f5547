"""Oh Hell ('openspiel' variant of games/oh-hell.yaml) in lockstep with OpenSpiel's ``oh_hell``.

OpenSpiel's deal is a string of chance moves: the number of tricks (1 to 17 for its default
three players), the dealer, then card k of the deal to player k % 3, then the card turned up
for trumps. The test draws all of these itself and gives atout the same: the number of tricks
as the deal's place in the variant's schedule (1 .. 17: deal n of the match deals n cards
each), the dealer, and the hands, turn-up and stock as a stacked layout. Card codes map through
OpenSpiel's ``action_to_string`` (``C2`` is atout's ``2C``, ``HT`` is ``10H``); its bid action
52 + n is atout's ``bid n``. Seats map one to one; both bid and lead from the dealer's left.

At every decision both legal sets are compared: the bids (0 to the number of tricks, and the
dealer's hook, which forbids the dealer the bid that makes the bids add up to the tricks) and
the cards. At the end every player's return is his score: 1 a trick, and 10 more when he took
exactly what he bid (OpenSpiel's default ``off_bid_penalty=false``, ``points_per_trick=1``).
"""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.parts import Standing

pyspiel = pytest.importorskip("pyspiel")

DEALS = 3000
GAME = interpreter.load("oh-hell", variant="openspiel")
OS_GAME = pyspiel.load_game("oh_hell")
PLAYERS = 3
CARDS = 52                      # OpenSpiel's bid actions: 52 + n for a bid of n


def _card_maps() -> tuple[dict[int, str], dict[str, int]]:
    state = OS_GAME.new_initial_state()
    state.apply_action(1)       # one trick
    state.apply_action(0)       # dealer 0: now the deal's chance moves name cards
    to_atout = {}
    for action in range(CARDS):
        text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)   # suit then rank: 'C2', 'HT'
        suit, rank = text[0], text[1:]
        to_atout[action] = ("10" if rank == "T" else rank) + suit
    assert sorted(to_atout.values()) == sorted(GAME.deck.codes)
    return to_atout, {code: action for action, code in to_atout.items()}


OS_TO_CODE, CODE_TO_OS = _card_maps()


def _os_legal(state) -> set[str]:
    return {f"bid {a - CARDS}" if a >= CARDS else f"play {OS_TO_CODE[a]}" for a in state.legal_actions()}


def _wanted_bid(rng: random.Random, tricks: int, hand: list[str], trump: str) -> int:
    """Bids from a mix of styles, so that bids made, missed and hooked all occur."""
    style = rng.random()
    if style < 0.4:
        return rng.randrange(tricks + 1)
    if style < 0.55:
        return 0
    count = sum(c[:-1] in ("A", "K") or c.endswith(trump) and c[:-1] in ("Q", "J") for c in hand)
    return max(0, min(tricks, count + rng.choice((-1, 0, 0, 1))))


def play_one(rng: random.Random, stats: dict[str, int]) -> None:
    tricks = rng.randint(1, 17)
    dealer = rng.randrange(PLAYERS)
    cards = list(GAME.deck.codes)
    rng.shuffle(cards)
    hands = [cards[p:PLAYERS * tricks:PLAYERS] for p in range(PLAYERS)]   # card k to player k % 3
    turnup = cards[PLAYERS * tricks]
    theirs = OS_GAME.new_initial_state()
    for action in (tricks, dealer, *(CODE_TO_OS[c] for c in cards[:PLAYERS * tricks + 1])):
        assert theirs.is_chance_node()
        theirs.apply_action(action)
    ours = GAME.new_deal(layout={"hands": hands, "turnup": [turnup], "fill": True}, dealer=dealer,
                         standing=Standing(deal_number=tricks))
    assert ours.hands[0].bit_count() == tricks and GAME.for_deal(Standing(tricks)).hand_size == tricks
    bids: dict[int, int] = {}
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert ours.current_player == seat
        legal_ours, legal_theirs = {a.text for a in ours.legal_actions()}, _os_legal(theirs)
        assert legal_ours == legal_theirs, (tricks, dealer, bids, ours.history)
        if len(bids) < PLAYERS:
            stats["bids"] += 1
            if len(bids) == PLAYERS - 1:
                hooked = tricks - sum(bids.values())
                if 0 <= hooked <= tricks:                    # the dealer may not bid it
                    stats["dealer hooked"] += 1
                    assert f"bid {hooked}" not in legal_ours and len(legal_ours) == tricks
            wanted = _wanted_bid(rng, tricks, hands[seat], turnup[-1])
            if f"bid {wanted}" not in legal_ours:
                wanted = int(rng.choice(sorted(legal_ours))[4:])
            bids[seat] = wanted
            text = f"bid {wanted}"
        else:
            stats["plays"] += 1
            text = rng.choice(sorted(legal_theirs))
        theirs.apply_action(CARDS + int(text[4:]) if text.startswith("bid ") else CODE_TO_OS[text[5:]])
        ours.apply(text)
    assert ours.is_over
    result = ours.result()
    assert [float(x) for x in result.seat_scores] == list(theirs.returns()), (bids, result.reasons)
    made = sum(1 for seat in range(PLAYERS) if ours.tricks[seat] == bids[seat])
    assert sum(reason.points for reason in result.reasons if reason.rule == "bid made exactly (10)") == 10 * made
    stats["bids made"] += made


def test_lockstep_with_openspiel():
    rng = random.Random(20261202)
    stats = {"bids": 0, "plays": 0, "dealer hooked": 0, "bids made": 0}
    for _ in range(DEALS):
        play_one(rng, stats)
    assert stats["bids"] == PLAYERS * DEALS
    assert stats["plays"] > 20 * DEALS                     # 3 × 9 cards a deal on average
    assert stats["dealer hooked"] > DEALS // 2              # the hook forbade the dealer a bid
    assert stats["bids made"] > DEALS // 3


def test_openspiel_is_one_deal_of_1_to_17_tricks_for_three():
    params = OS_GAME.get_parameters()
    assert params["players"] == 3 and params["num_tricks_fixed"] == -1
    assert params["off_bid_penalty"] is False and params["points_per_trick"] == 1
    assert GAME.players == 3 and GAME.match.schedule == tuple(range(1, 18)) and GAME.match.deals == 17
