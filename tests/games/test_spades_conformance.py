"""Spades ('openspiel' variant of games/spades.yaml) in lockstep with OpenSpiel's ``spades``.

Each deal is dealt to both engines from the same cards: OpenSpiel's chance nodes deal card
k of its history to player k % 4, so the test applies the four hands' cards in that order;
atout gets the same hands as a stacked layout. Card codes map through OpenSpiel's
``action_to_string`` (``SA`` is atout's ``AS``, ``HT`` is ``10H``); bid action 52 + n is
atout's ``bid n``. Seats map one to one: OpenSpiel's player p (North 0, East 1, South 2,
West 3) is atout's seat p; partnerships 0-2 and 1-3 on both sides. OpenSpiel has no dealer
(North bids and leads first), and so has the variant whatever atout's dealer is: the test
draws the atout dealer at random and checks that the player to act is the same at every step.

At every decision both legal sets are compared: the bids and the cards (leading, following,
spades never broken in OpenSpiel). Bids are drawn from a mix of policies (uniform, a rough
hand count, nil, low) and a fifth of the deals are lopsided (North-South hold the 26
strongest cards) so that made and failed contracts, bags, nils made and failed and the
ten-bag penalty all occur; the cards are played at random.

What OpenSpiel's ``returns()`` mean: its state is one deal (56 moves after the 52 dealing
chance moves); at the end every player's return is his partnership's score for that deal
(contract, bags, nils, ten-bag penalty), the same for both partners. Its parameters
``win_threshold`` (500), ``mercy_threshold`` (-350) and ``win_or_loss_bonus`` (200) add or
take 200 only when that one deal's score passes a threshold, which no deal can: a side
scores between -290 (both nils fail, ten tricks, ten bags) and +230 (a nil and a 13 made).
So a return is exactly the deal's score. The test checks atout's team and seat scores of
the deal against it, and the bound. (Its bags come from the last digit of a starting score
that this version always starts at 0: only ten bags within the deal cost 100, as in the
variant, whose bag counter starts at 0 in its one-deal match.)

No difference remains. OpenSpiel refuses a bid that would take the partners' two bids past
13 (a player may bid 0 .. 13 - partner's bid); the variant says the same with a call's
``when`` (``number + bid(next(next(me))) <= 13``); Pagat's Spades has no such limit, and the
base game has none.

Copied on purpose (no difference left): OpenSpiel declares ``is_spades_broken_`` but never
sets it, so its leaders may lead a spade only when they hold nothing else, for the whole
deal. That is a bug against its own comment and against the rules it cites (dkmgames.com),
and against Pagat; the variant copies it (``may lead: any except S``) to match OpenSpiel,
and the base game breaks spades as Pagat says (``test_openspiel_never_breaks_spades``).
"""
from __future__ import annotations

import random

import pytest

import interpreter

pyspiel = pytest.importorskip("pyspiel")

DEALS = 4000
GAME = interpreter.load("spades", variant="openspiel")
OS_GAME = pyspiel.load_game("spades")
BID_BASE = 52                       # OpenSpiel's bid actions: 52 + n for a bid of n (52 is Nil)


def _card_maps() -> tuple[dict[int, str], dict[str, int]]:
    state = OS_GAME.new_initial_state()
    to_atout = {}
    for action in range(52):
        text = state.action_to_string(0, action)            # suit then rank: 'SA', 'HT', 'C2'
        suit, rank = text[0], text[1:]
        to_atout[action] = ("10" if rank == "T" else rank) + suit
    assert sorted(to_atout.values()) == sorted(GAME.deck.codes)
    return to_atout, {code: action for action, code in to_atout.items()}


OS_TO_CODE, CODE_TO_OS = _card_maps()


def _strongest_first() -> list[str]:
    """The 52 cards, spades (trumps) first, then by rank from the Ace down."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    spades = [r + "S" for r in ranks]
    others = [r + s for r in ranks for s in "HDC"]
    return spades + others


STRONG = _strongest_first()


def _hands(rng: random.Random) -> list[list[str]]:
    if rng.random() < 0.2:          # lopsided: North-South hold the 26 strongest cards
        top, rest = STRONG[:26], STRONG[26:]
        rng.shuffle(top)
        rng.shuffle(rest)
        return [top[:13], rest[:13], top[13:], rest[13:]]
    cards = list(GAME.deck.codes)
    rng.shuffle(cards)
    return [cards[i * 13:(i + 1) * 13] for i in range(4)]


def _wanted_bid(rng: random.Random, hand: list[str]) -> int:
    style = rng.random()
    if style < 0.3:
        return rng.randrange(14)
    if style < 0.45:
        return 0                                             # nil
    if style < 0.6:
        return 1
    # a rough count: Aces and Kings, and spades beyond three
    count = sum(c[:-1] in ("A", "K") for c in hand) + max(0, sum(c.endswith("S") for c in hand) - 3)
    return max(0, min(13, count + rng.choice((-1, 0, 0, 1))))


def _os_state(hands: list[list[str]]):
    state = OS_GAME.new_initial_state()
    for k in range(13):
        for player in range(4):
            assert state.is_chance_node()
            state.apply_action(CODE_TO_OS[hands[player][k]])
    assert not state.is_chance_node()
    return state


def _atout_legal(state: interpreter.State) -> set[str]:
    return {a.text for a in state.legal_actions()}


def _os_legal(state) -> set[str]:
    return {f"bid {a - BID_BASE}" if a >= BID_BASE else f"play {OS_TO_CODE[a]}" for a in state.legal_actions()}


def play_one(rng: random.Random, stats: dict[str, int]) -> None:
    hands = _hands(rng)
    ours = GAME.new_deal(layout={"hands": hands}, dealer=rng.randrange(4))
    theirs = _os_state(hands)
    bids: dict[int, int] = {}
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert ours.current_player == seat
        legal_ours, legal_theirs = _atout_legal(ours), _os_legal(theirs)
        if len(bids) < 4:                                    # the auction
            stats["bids"] += 1
            partner = bids.get((seat + 2) % 4, 0)
            assert legal_theirs == {f"bid {n}" for n in range(14 - partner)}
            assert legal_ours == legal_theirs
            stats["bids capped by the partner's"] += partner > 0
            wanted = min(_wanted_bid(rng, hands[seat]), 13 - partner)
            bids[seat] = wanted
            text = f"bid {wanted}"
        else:
            stats["plays"] += 1
            assert legal_ours == legal_theirs, (ours.history, legal_ours, legal_theirs)
            text = rng.choice(sorted(legal_theirs))
        theirs.apply_action(BID_BASE + int(text[4:]) if text.startswith("bid ") else CODE_TO_OS[text[5:]])
        ours.apply(text)
    assert ours.is_over
    returns = theirs.returns()
    result = ours.result()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert [float(x) for x in result.team_scores] == [returns[0], returns[1]], (bids, result.reasons, returns)
    assert [float(x) for x in result.seat_scores] == list(returns)
    assert all(-290 <= r <= 230 for r in returns), (returns, bids, result.reasons)  # the bonus never applies
    for reason in result.reasons:
        stats[reason.rule] += 1


def test_lockstep_with_openspiel():
    rng = random.Random(20240601)
    stats: dict[str, int] = {key: 0 for key in (
        "bids", "plays", "bids capped by the partner's", "contract made (10 a trick bid)",
        "contract failed (10 a trick bid lost)", "bags (1 an overtrick)", "nil made", "nil failed",
        "ten bags (100 off)")}
    for _ in range(DEALS):
        play_one(rng, stats)
    assert stats["bids"] == 4 * DEALS and stats["plays"] == 52 * DEALS
    # every scoring rule was exercised, and the cap made a difference often enough to matter
    for rule in ("contract made (10 a trick bid)", "contract failed (10 a trick bid lost)", "bags (1 an overtrick)",
                 "nil made", "nil failed", "ten bags (100 off)"):
        assert stats[rule] >= 10, (rule, stats)
    assert stats["bids capped by the partner's"] > 0


def test_openspiel_is_one_deal_with_the_documented_parameters():
    params = OS_GAME.get_type().parameter_specification
    assert params["win_threshold"] == 500 and params["mercy_threshold"] == -350
    assert params["win_or_loss_bonus"] == 200 and params["use_mercy_rule"] is True
    assert OS_GAME.max_game_length() == 56                   # 4 bids and 52 cards: one deal
    assert OS_GAME.max_utility() == 430                      # 230, the best deal, plus the unused bonus
    assert GAME.match.deals == 1


def test_openspiel_never_breaks_spades():
    """After spades were played, a leader with spades and other cards still may not lead a spade
    (in OpenSpiel and in the variant); in the base game he may."""
    base = interpreter.load("spades")
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    hands = [[r + "H" for r in ranks],                      # North: every heart
             [r + "D" for r in ranks[:12]] + ["AS"],       # East: diamonds and the Ace of spades
             [r + "C" for r in ranks],                      # South: every club
             [r + "S" for r in ranks[:12]] + ["AD"]]       # West: twelve spades and the Ace of diamonds
    theirs = _os_state(hands)
    ours = GAME.new_deal(layout={"hands": hands}, dealer=3)
    on_base = base.new_deal(layout={"hands": hands}, dealer=3)
    for _ in range(4):
        theirs.apply_action(BID_BASE + 1)
        ours.apply("bid 1")
        on_base.apply("bid 1")
    # North leads 2H, East discards, South discards, West trumps with 2S: spades are played
    for text in ("play 2H", "play 2D", "play 2C", "play 2S"):
        theirs.apply_action(CODE_TO_OS[text[5:]])
        ours.apply(text)
        on_base.apply(text)
    assert theirs.current_player() == ours.current_player == on_base.current_player == 3
    west = set(hands[3]) - {"2S"}
    assert _os_legal(theirs) == _atout_legal(ours) == {"play AD"}
    assert _atout_legal(on_base) == {f"play {c}" for c in west}
