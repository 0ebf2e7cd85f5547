"""Contract Bridge (games/bridge.yaml) in lockstep with OpenSpiel's ``bridge``.

OpenSpiel is played with ``use_double_dummy_result=false``: the cards are played out, not
read off a double-dummy table. Its deal is 52 chance moves, card k of them to player k % 4
(North, East, South, West: atout's seats 0 to 3); the test draws the cards itself and gives
atout the same hands as a stacked layout. OpenSpiel's ``dealer``, ``dealer_vul`` and
``non_dealer_vul`` come from the board: atout reads both off the board number (Law 2), and
the 16 boards hold every dealer with every vulnerability once, so each deal picks a board and
gives OpenSpiel that board's parameters.

Actions map one to one: a card c is OpenSpiel's action ``rank * 4 + suit`` (clubs, diamonds,
hearts, spades; ranks 2 to A), a call is 52 + 0 pass, 1 double, 2 redouble, 3 + 5 × (level −
1) + denomination (C D H S NT). At every decision both name the same deciding seat (in play
the declarer decides for the dummy) and the same legal set; at the end every seat's return
is its side's duplicate score.
"""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.parts import Standing

pyspiel = pytest.importorskip("pyspiel")

DEALS = 3000
GAME = interpreter.load("bridge")
CARDS = 52
SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
STRAINS = ("C", "D", "H", "S", "NT")
NS_VUL = {2, 4, 5, 7, 10, 12, 13, 15}
EW_VUL = {3, 4, 6, 7, 9, 10, 13, 16}


def _os_text(action: int) -> str:
    """OpenSpiel's action as atout's text."""
    if action < CARDS:
        return f"play {RANKS[action // 4]}{SUITS[action % 4]}"
    call = action - CARDS
    if call < 3:
        return ("pass", "double", "redouble")[call]
    level, strain = divmod(call - 3, 5)
    return f"{level + 1}{STRAINS[strain]}"


TO_OS = {_os_text(a): a for a in range(CARDS + 38)}


def _os_game(board: int):
    dealer = (board - 1) % 4
    vulnerable = (board in NS_VUL, board in EW_VUL)
    return pyspiel.load_game("bridge", {"use_double_dummy_result": False, "dealer": dealer,
                                        "dealer_vul": vulnerable[dealer % 2],
                                        "non_dealer_vul": vulnerable[1 - dealer % 2]})


OS_GAMES = {board: _os_game(board) for board in range(1, 17)}


def _call(rng: random.Random, legal: list[str], calls_made: int) -> str:
    """Calls from a mix of styles: mostly passes once the bidding is up, a double now and
    then, bids a step or a few above the last, so that every ending occurs."""
    bids = [t for t in legal if t not in ("pass", "double", "redouble")]
    roll = rng.random()
    if "redouble" in legal and roll < 0.3:
        return "redouble"
    if "double" in legal and roll < 0.15:
        return "double"
    if not bids or rng.random() < (0.6 if calls_made == 0 else 0.25 + 0.15 * calls_made):
        return "pass"
    return bids[min(len(bids) - 1, int(rng.expovariate(0.5)))]


def play_one(rng: random.Random, stats: dict[str, int]) -> None:
    board = rng.randint(1, 16)
    cards = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = [cards[p::4] for p in range(4)]          # card k to player k % 4
    theirs = OS_GAMES[board].new_initial_state()
    for code in cards:
        theirs.apply_action(TO_OS[f"play {code}"])
    ours = GAME.new_deal(layout={"hands": hands}, dealer=(board - 1) % 4, standing=Standing(deal_number=board))
    calls = 0
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert ours.current_player == seat, (board, ours.history)
        legal = sorted(_os_text(a) for a in theirs.legal_actions())
        assert sorted(a.text for a in ours.legal_actions()) == legal, (board, ours.history)
        if ours.phase == 0:
            text = _call(rng, legal, calls)
            calls += text != "pass"
            stats[text if text in ("double", "redouble") else "calls"] += 1
        else:
            if ours.current != seat:
                stats["dummy plays"] += 1
                assert ours.dummy == ours.current and ours.dummy_by == seat == ours.taker
            text = rng.choice(legal)
        theirs.apply_action(TO_OS[text])
        ours.apply(text)
    assert ours.is_over
    result = ours.result()
    assert [float(x) for x in result.seat_scores] == list(theirs.returns()), (board, ours.history, result.reasons)
    if ours.taker is None:
        stats["passed out"] += 1
        return
    declarer = ours.taker
    last_bidder = next(s for s, a, _ in reversed(ours.bids) if a.kind == "call")
    stats["declarer is not the last bidder"] += declarer != last_bidder
    stats["made"] += result.seat_scores[declarer] > 0


def test_lockstep_with_openspiel():
    rng = random.Random(20261203)
    stats = {k: 0 for k in ("calls", "double", "redouble", "dummy plays", "passed out", "made",
                            "declarer is not the last bidder")}
    for _ in range(DEALS):
        play_one(rng, stats)
    assert stats["dummy plays"] > 10 * DEALS               # 13 of a deal's 52 cards
    assert stats["double"] > DEALS // 10 and stats["redouble"] > DEALS // 50
    assert DEALS // 50 < stats["passed out"] < DEALS // 2
    assert stats["declarer is not the last bidder"] > DEALS // 20
    assert stats["made"] > DEALS // 20


def test_the_sixteen_boards_hold_every_dealer_with_every_vulnerability():
    seen = {((b - 1) % 4, b in NS_VUL, b in EW_VUL) for b in range(1, 17)}
    assert len(seen) == 16
